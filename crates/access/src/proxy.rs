//! Proxies and gateways: HTTP servers that take a whole URL on their
//! request line and fetch it for the client, and SOCKS proxies (RFC 1928)
//! that open the client's TCP connections for it.
//!
//! RFC 1630 ("HTTP"): "when an HTTP server is being used as a gateway (or
//! "proxy") then the entire URI, whether HTTP or some other scheme, is
//! passed on the HTTP command line". RFC 1738 section 4 asks that clients
//! "have provision for being configured to use specific gateway locators
//! for indirect access through new naming schemes". Two sources say where
//! a URL goes:
//!
//! - gateways given explicitly ([`Proxies::gateway`], `--gateway
//!   SCHEME=URL`): every URL of that scheme goes through them;
//! - the environment, as libwww and curl read it ([`Proxies::from_env`]):
//!   `<scheme>_proxy` (`http_proxy`, `https_proxy`, `ftp_proxy`,
//!   `gopher_proxy`, `wais_proxy`, `news_proxy`, ...), then `all_proxy`,
//!   except for the hosts `no_proxy` names ([`NoProxy`]).
//!
//! Each variable is read in lower case first, then in upper case, except
//! `HTTP_PROXY`: a CGI program is handed each request header `X` as the
//! variable `HTTP_X`, so a request carrying `Proxy: http://evil/` sets
//! `HTTP_PROXY` for the program, which would then send its own requests
//! through the attacker's server ("httpoxy", CVE-2016-5385 and its
//! siblings). curl ignores `HTTP_PROXY` for that reason, and so does this
//! module.
//!
//! A URL that goes through a gateway is sent whole, without its fragment,
//! on the request line: `GET ftp://host/path HTTP/1.1`. An `https` URL is
//! the exception: it goes through a `CONNECT` tunnel, so that the TLS
//! session is end to end and the gateway never sees the request.
//!
//! A variable may name a SOCKS proxy instead, as curl reads them:
//! `socks5://host[:port]` (the client resolves the target's name and sends
//! its address), `socks5h://` (the name is sent and the proxy resolves it),
//! `socks4://` and `socks4a://`, with `user:password@` for RFC 1929's
//! login; the port is 1080 unless given ([`SocksProxy`]). A SOCKS proxy
//! is no gateway: every TCP connection of the access goes through it, the
//! protocol spoken end to end, a telnet session's too
//! ([`Proxies::socks_for`]). One given explicitly, as curl's `-x
//! socks5h://...`, `--socks5` or `--socks5-hostname` ([`Proxies::socks`],
//! [`Proxies::socks_spec`]), replaces the environment's proxies, and
//! `no_proxy` bypasses it too, as with curl.

use std::fmt;
use std::net::IpAddr;
use uniform::plan::{Proxy, Via};
use uniform::{Dialect, ParseOptions, Protocol, SCHEMES, UrlRef};

/// The schemes of SOCKS proxies, as curl names them (`socks` is curl's
/// spelling of SOCKS4).
const SOCKS_SCHEMES: [&str; 5] = ["socks5", "socks5h", "socks4", "socks4a", "socks"];

/// Where URLs go through an HTTP proxy or gateway, and which SOCKS proxy
/// opens their connections.
///
/// The default has none: every URL is fetched directly. The command line
/// starts from [`Proxies::from_env`].
///
/// # Example
///
/// ```
/// use uniform::UrlRef;
/// use uniform_access::proxy::Proxies;
/// let mut p = Proxies::default();
/// p.gateway("wais", "http://gw.example:8001/")?;
/// let url = UrlRef::parse("wais://cnidr.org/directory-of-servers?gopher")?;
/// assert_eq!(p.for_url(&url).unwrap().url, "http://gw.example:8001/");
/// assert!(p.for_url(&UrlRef::parse("http://example.org/")?).is_none());
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Proxies {
    /// Explicit gateways, by lower-case scheme: never bypassed.
    gateways: Vec<(String, Gateway)>,
    /// An explicit SOCKS proxy (`-x socks5h://...`, `--socks5`): every
    /// scheme, in place of the environment's proxies.
    socks: Option<SocksProxy>,
    /// From `<scheme>_proxy`, by lower-case scheme.
    env: Vec<(String, Route)>,
    /// From `all_proxy`.
    all: Option<Route>,
    /// From `no_proxy`: bypasses `socks`, `env` and `all`.
    no_proxy: NoProxy,
}

/// What a proxy variable names: an HTTP gateway or a SOCKS proxy.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Route {
    Gateway(Gateway),
    Socks(SocksProxy),
}

impl Route {
    /// Reads a variable's value: a SOCKS proxy by its scheme, else a
    /// gateway.
    fn parse(value: &str, source: &str) -> Result<Route, ProxyError> {
        match scheme_of(value) {
            Some(s) if SOCKS_SCHEMES.contains(&s.as_str()) => {
                SocksProxy::parse(value, source).map(Route::Socks)
            }
            Some(s) if s.starts_with("socks") => Err(ProxyError::new(format!(
                "{source}: a {s} proxy is not supported: socks4, socks4a, socks5 and socks5h are"
            ))),
            Some(s) if s != "http" && s != "https" => Err(ProxyError::new(format!(
                "{source}: a {s} proxy is not supported, only http://, https://, socks4://, socks4a://, socks5:// and socks5h://"
            ))),
            _ => Gateway::parse(value, source).map(Route::Gateway),
        }
    }
}

/// The lower-case scheme of a proxy setting written as a URL, `None` for
/// `host[:port]` alone.
fn scheme_of(value: &str) -> Option<String> {
    let (scheme, _) = value.trim().split_once("://")?;
    Some(scheme.to_ascii_lowercase())
}

/// A proxy or gateway to send a request through: an `http` URL with a host,
/// an optional port (80 by default) and optional credentials for the proxy
/// (sent as `Proxy-Authorization`).
///
/// # Example
///
/// ```
/// use uniform_access::proxy::Gateway;
/// let g = Gateway::parse("proxy.example:3128", "all_proxy")?;
/// assert_eq!(g.url, "http://proxy.example:3128");
/// assert_eq!((g.host(), g.port()), ("proxy.example", 3128));
/// assert!(Gateway::parse("socks5://proxy.example", "all_proxy").is_err());
/// # Ok::<_, uniform_access::proxy::ProxyError>(())
/// ```
#[derive(Clone, PartialEq, Eq)]
pub struct Gateway {
    /// The proxy's URL, as given (an `http://` prefix added when it had no
    /// scheme). It may hold the proxy's password: messages name the proxy
    /// by host and port, and `Debug` hides the password.
    pub url: String,
    /// Where it was configured: `--gateway ftp`, `ftp_proxy`, `all_proxy`.
    pub source: String,
    address: Address,
    /// Reached over TLS: an `https://` proxy.
    tls: bool,
}

impl fmt::Debug for Gateway {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Not the URL: it may carry the proxy's password.
        f.debug_struct("Gateway")
            .field("address", &self.address)
            .field("source", &self.source)
            .field("tls", &self.tls)
            .finish()
    }
}

/// Where a proxy is and whom it is logged in as: what an HTTP gateway and
/// a SOCKS proxy have alike.
#[derive(Clone, PartialEq, Eq)]
struct Address {
    host: String,
    port: u16,
    user: Option<Vec<u8>>,
    password: Option<Vec<u8>>,
}

impl Address {
    /// The host, port and login of the proxy URL `parsed`, `default_port`
    /// when it names none.
    ///
    /// # Errors
    ///
    /// No host; a path, search or fragment (a proxy is named by its host
    /// and port alone); a port past 65535.
    fn of(parsed: &UrlRef<'_>, default_port: u16, source: &str) -> Result<Address, ProxyError> {
        let host = parsed.hostname().unwrap_or_default();
        if host.is_empty() {
            return Err(ProxyError::new(format!(
                "{source}: the proxy URL names no host"
            )));
        }
        if !matches!(parsed.path(), None | Some(""))
            || parsed.query().is_some()
            || parsed.fragment().is_some()
        {
            return Err(ProxyError::new(format!(
                "{source}: a proxy is named by its host and port; the URL may not have a path, search or fragment"
            )));
        }
        Ok(Address {
            host: host.to_string(),
            port: port_of(parsed, default_port, source)?,
            user: parsed
                .user_decoded()
                .map(|u| u.into_owned())
                .filter(|u| !u.is_empty()),
            password: parsed.password_decoded().map(|p| p.into_owned()),
        })
    }

    /// `host:port`, brackets around an IPv6 literal: how messages name
    /// the proxy, never with its credentials.
    fn authority(&self) -> String {
        if self.host.contains(':') {
            format!("[{}]:{}", self.host, self.port)
        } else {
            format!("{}:{}", self.host, self.port)
        }
    }

    /// The user name and password to log in with, the password empty when
    /// the URL gave none.
    fn credentials(&self) -> Option<(&[u8], &[u8])> {
        self.user
            .as_deref()
            .map(|u| (u, self.password.as_deref().unwrap_or_default()))
    }
}

impl fmt::Debug for Address {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Address")
            .field("host", &self.host)
            .field("port", &self.port)
            .field(
                "user",
                &self
                    .user
                    .as_ref()
                    .map(|u| String::from_utf8_lossy(u).into_owned()),
            )
            .field("password", &self.password.as_ref().map(|_| "****"))
            .finish()
    }
}

/// A proxy or gateway setting that cannot be used.
///
/// # Example
///
/// ```
/// use uniform_access::proxy::Proxies;
/// let e = Proxies::default().gateway("ftp", "ftps://gw.example").unwrap_err();
/// assert!(e.to_string().contains("ftps"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProxyError {
    message: String,
}

impl ProxyError {
    fn new(message: impl Into<String>) -> ProxyError {
        ProxyError {
            message: message.into(),
        }
    }
}

impl fmt::Display for ProxyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for ProxyError {}

impl Gateway {
    /// Reads a proxy URL: `http://[user[:password]@]host[:port][/]`, or
    /// `host[:port]` alone as curl and libwww accept it. `source` says
    /// where it came from, for messages.
    ///
    /// # Errors
    ///
    /// A [`ProxyError`] for another scheme (an `https` or SOCKS proxy is not
    /// spoken here), no host, or a path, search or fragment: a proxy is
    /// named by its host and port alone.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform_access::proxy::Gateway;
    /// let g = Gateway::parse("http://u:p%40ss@[::1]:8080/", "--gateway gopher")?;
    /// assert_eq!((g.host(), g.port()), ("::1", 8080));
    /// assert!(!format!("{g:?}").contains("p%40ss"));
    /// # Ok::<_, uniform_access::proxy::ProxyError>(())
    /// ```
    pub fn parse(url: &str, source: &str) -> Result<Gateway, ProxyError> {
        let url = url.trim();
        let full = if url.contains("://") {
            url.to_string()
        } else {
            format!("http://{url}")
        };
        let parsed = ParseOptions::new()
            .dialect(Dialect::Rfc3986)
            .parse(&full)
            .map_err(|e| ProxyError::new(format!("{source}: not a proxy URL: {e}")))?;
        let row = parsed.scheme_row();
        let tls = row.tls;
        if row.protocol != Some(Protocol::Http) {
            let scheme = parsed.scheme().to_ascii_lowercase();
            if SOCKS_SCHEMES.contains(&scheme.as_str()) {
                // A SOCKS proxy opens connections; it fetches no URL.
                return Err(ProxyError::new(format!(
                    "{source}: a {scheme} proxy is no HTTP gateway, only http:// is"
                )));
            }
            return Err(ProxyError::new(format!(
                "{source}: a {scheme} proxy is not supported, only http:// and https://"
            )));
        }
        Ok(Gateway {
            address: Address::of(&parsed, if tls { 443 } else { 80 }, source)?,
            url: full.clone(),
            source: source.to_string(),
            tls,
        })
    }

    /// Whether the proxy is reached over TLS (an `https://` proxy), its
    /// certificate checked as a server's is.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform_access::proxy::Gateway;
    /// assert!(Gateway::parse("https://p.example", "-x")?.tls());
    /// assert_eq!(Gateway::parse("https://p.example", "-x")?.port(), 443);
    /// assert!(!Gateway::parse("p.example:3128", "-x")?.tls());
    /// # Ok::<_, uniform_access::proxy::ProxyError>(())
    /// ```
    pub fn tls(&self) -> bool {
        self.tls
    }

    /// The proxy's host (without the brackets of an IPv6 literal).
    pub fn host(&self) -> &str {
        &self.address.host
    }

    /// The proxy's port.
    pub fn port(&self) -> u16 {
        self.address.port
    }

    /// The proxy's credentials, when its URL has a user name.
    pub(crate) fn credentials(&self) -> Option<(&[u8], &[u8])> {
        self.address.credentials()
    }

    /// `host:port`, brackets around an IPv6 literal, for messages.
    pub(crate) fn authority(&self) -> String {
        self.address.authority()
    }
    /// The gateway as a route names it: host, port, where it was
    /// configured.
    fn proxy(&self) -> Proxy {
        Proxy::new(self.host(), self.port(), &self.source)
    }
}

/// Which SOCKS a proxy speaks, and who resolves the target's name: the
/// route's own type ([`uniform::plan::SocksVersion`]), so that the proxy
/// configured and the route recorded name the version alike.
///
/// # Example
///
/// ```
/// use uniform_access::proxy::SocksVersion;
/// assert_eq!(SocksVersion::Socks5h.scheme(), "socks5h");
/// assert_eq!(SocksVersion::Socks4a.to_string(), "SOCKS4a");
/// ```
pub use uniform::plan::SocksVersion;

/// A SOCKS proxy (RFC 1928; SOCKS4 and 4a as curl speaks them) that opens
/// the TCP connections of an access: its host, port (1080 unless given)
/// and optional user name and password (RFC 1929).
///
/// The password is never shown: messages name the proxy by host and port
/// ([`SocksProxy::authority`]), and `Debug` hides it.
///
/// # Example
///
/// ```
/// use uniform_access::proxy::{SocksProxy, SocksVersion};
/// let p = SocksProxy::parse("socks5h://me:s3cret@127.0.0.1", "all_proxy")?;
/// assert_eq!((p.version(), p.host(), p.port()), (SocksVersion::Socks5h, "127.0.0.1", 1080));
/// assert_eq!(p.authority(), "127.0.0.1:1080");
/// assert!(p.has_credentials());
/// assert!(!format!("{p:?}").contains("s3cret"));
/// # Ok::<_, uniform_access::proxy::ProxyError>(())
/// ```
#[derive(Clone, PartialEq, Eq)]
pub struct SocksProxy {
    /// Where it was configured: `all_proxy`, `ftp_proxy`, `-x`, `--socks5`.
    pub source: String,
    version: SocksVersion,
    address: Address,
}

impl fmt::Debug for SocksProxy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("SocksProxy")
            .field("version", &self.version)
            .field("address", &self.address)
            .field("source", &self.source)
            .finish()
    }
}

impl SocksProxy {
    /// Reads a SOCKS proxy URL: `socks5://`, `socks5h://`, `socks4://`
    /// (or `socks://`), `socks4a://`, then `[user[:password]@]host[:port][/]`,
    /// the user name and password percent-decoded. `source` says where it
    /// came from, for messages.
    ///
    /// # Errors
    ///
    /// A [`ProxyError`] for another scheme, no host, or a path, search or
    /// fragment.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform_access::proxy::{SocksProxy, SocksVersion};
    /// let p = SocksProxy::parse("SOCKS5://[::1]:9050/", "-x")?;
    /// assert_eq!((p.version(), p.host(), p.port()), (SocksVersion::Socks5, "::1", 9050));
    /// assert_eq!(p.authority(), "[::1]:9050");
    /// assert!(SocksProxy::parse("http://h:3128", "-x").is_err());
    /// assert!(SocksProxy::parse("socks5://h/path", "-x").is_err());
    /// # Ok::<_, uniform_access::proxy::ProxyError>(())
    /// ```
    pub fn parse(url: &str, source: &str) -> Result<SocksProxy, ProxyError> {
        let url = url.trim();
        let Some(version) = scheme_of(url).and_then(|s| SocksVersion::from_scheme(&s)) else {
            return Err(ProxyError::new(format!(
                "{source}: not a SOCKS proxy URL: socks4://, socks4a://, socks5:// or socks5h:// and the proxy's host"
            )));
        };
        let parsed = ParseOptions::new()
            .dialect(Dialect::Rfc3986)
            .parse(url)
            .map_err(|e| ProxyError::new(format!("{source}: not a proxy URL: {e}")))?;
        let address = Address::of(&parsed, 1080, source)?;
        // RFC 1929 carries each in one length octet.
        if address.user.as_ref().is_some_and(|u| u.len() > 255)
            || address.password.as_ref().is_some_and(|p| p.len() > 255)
        {
            return Err(ProxyError::new(format!(
                "{source}: a SOCKS user name or password is at most 255 octets"
            )));
        }
        Ok(SocksProxy {
            source: source.to_string(),
            version,
            address,
        })
    }

    /// Reads `[user[:password]@]host[:port]` as curl's `--socks5` and
    /// `--socks5-hostname` take it, for `version`; a value with a scheme
    /// is read as [`SocksProxy::parse`] reads it.
    ///
    /// # Errors
    ///
    /// As [`SocksProxy::parse`].
    ///
    /// # Example
    ///
    /// ```
    /// use uniform_access::proxy::{SocksProxy, SocksVersion};
    /// let p = SocksProxy::parse_as(SocksVersion::Socks5h, "127.0.0.1:1081", "--socks5-hostname")?;
    /// assert_eq!((p.version(), p.port()), (SocksVersion::Socks5h, 1081));
    /// assert_eq!(p.source, "--socks5-hostname");
    /// # Ok::<_, uniform_access::proxy::ProxyError>(())
    /// ```
    pub fn parse_as(
        version: SocksVersion,
        spec: &str,
        source: &str,
    ) -> Result<SocksProxy, ProxyError> {
        let spec = spec.trim();
        if spec.contains("://") {
            SocksProxy::parse(spec, source)
        } else {
            SocksProxy::parse(&format!("{}://{spec}", version.scheme()), source)
        }
    }

    /// The same proxy, logging in as `user` with `password` (curl's
    /// `--proxy-user`), in place of the URL's.
    ///
    /// # Errors
    ///
    /// A [`ProxyError`] for an empty user name, or one or a password over
    /// 255 octets (RFC 1929 carries each in one length octet).
    ///
    /// # Example
    ///
    /// ```
    /// use uniform_access::proxy::SocksProxy;
    /// let p = SocksProxy::parse("socks5://h", "-x")?.with_credentials(b"me", b"pw")?;
    /// assert!(p.has_credentials());
    /// assert!(SocksProxy::parse("socks5://h", "-x")?.with_credentials(b"", b"pw").is_err());
    /// # Ok::<_, uniform_access::proxy::ProxyError>(())
    /// ```
    pub fn with_credentials(
        mut self,
        user: &[u8],
        password: &[u8],
    ) -> Result<SocksProxy, ProxyError> {
        if user.is_empty() || user.len() > 255 || password.len() > 255 {
            return Err(ProxyError::new(format!(
                "{}: a SOCKS user name is 1 to 255 octets, a password at most 255",
                self.source
            )));
        }
        self.address.user = Some(user.to_vec());
        self.address.password = Some(password.to_vec());
        Ok(self)
    }

    /// Which SOCKS it speaks.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform_access::proxy::{SocksProxy, SocksVersion};
    /// assert_eq!(SocksProxy::parse("socks://h", "-x")?.version(), SocksVersion::Socks4);
    /// # Ok::<_, uniform_access::proxy::ProxyError>(())
    /// ```
    pub fn version(&self) -> SocksVersion {
        self.version
    }

    /// The proxy's host (without the brackets of an IPv6 literal).
    ///
    /// # Example
    ///
    /// ```
    /// use uniform_access::proxy::SocksProxy;
    /// assert_eq!(SocksProxy::parse("socks5h://proxy.example", "-x")?.host(), "proxy.example");
    /// # Ok::<_, uniform_access::proxy::ProxyError>(())
    /// ```
    pub fn host(&self) -> &str {
        &self.address.host
    }

    /// The proxy's port.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform_access::proxy::SocksProxy;
    /// assert_eq!(SocksProxy::parse("socks5h://h:9050", "-x")?.port(), 9050);
    /// # Ok::<_, uniform_access::proxy::ProxyError>(())
    /// ```
    pub fn port(&self) -> u16 {
        self.address.port
    }

    /// Whether it logs in with a user name (and password).
    ///
    /// # Example
    ///
    /// ```
    /// use uniform_access::proxy::SocksProxy;
    /// assert!(!SocksProxy::parse("socks5h://h", "-x")?.has_credentials());
    /// # Ok::<_, uniform_access::proxy::ProxyError>(())
    /// ```
    pub fn has_credentials(&self) -> bool {
        self.address.user.is_some()
    }

    /// `host:port`, brackets around an IPv6 literal: how messages name the
    /// proxy, never with its credentials.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform_access::proxy::SocksProxy;
    /// assert_eq!(SocksProxy::parse("socks5://u:p@h", "-x")?.authority(), "h:1080");
    /// # Ok::<_, uniform_access::proxy::ProxyError>(())
    /// ```
    pub fn authority(&self) -> String {
        self.address.authority()
    }

    /// The user name and password to log in with, the password empty when
    /// the URL gave none.
    pub(crate) fn credentials(&self) -> Option<(&[u8], &[u8])> {
        self.address.credentials()
    }
}

/// The port of a proxy URL, `default` when it has none; a port past 65535
/// is an error rather than the default.
fn port_of(parsed: &UrlRef<'_>, default: u16, source: &str) -> Result<u16, ProxyError> {
    match (parsed.port(), parsed.port_str()) {
        (Some(p), _) => Ok(p),
        (None, None | Some("")) => Ok(default),
        (None, Some(p)) => Err(ProxyError::new(format!(
            "{source}: the proxy's port {p} is not a TCP port"
        ))),
    }
}

/// The schemes whose access is a retrieval an HTTP gateway can do for the
/// client; sessions (telnet), mail (mailto) and local files are not.
fn retrievable(scheme: &str) -> bool {
    !matches!(scheme, "telnet" | "rlogin" | "tn3270" | "mailto" | "file")
}

impl Proxies {
    /// No proxies: every URL is fetched directly.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform_access::proxy::Proxies;
    /// assert_eq!(Proxies::new(), Proxies::default());
    /// ```
    pub fn new() -> Proxies {
        Proxies::default()
    }

    /// The proxies the process environment names (see the module
    /// documentation for the variables and their order).
    ///
    /// # Errors
    ///
    /// A [`ProxyError`] for a variable that is set to something that is
    /// neither an `http` nor a SOCKS proxy URL: a setting is never ignored
    /// silently.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform_access::proxy::Proxies;
    /// let p = Proxies::from_env();
    /// assert!(p.is_ok() || p.is_err());
    /// ```
    pub fn from_env() -> Result<Proxies, ProxyError> {
        Proxies::from_vars(|name| std::env::var(name).ok())
    }

    /// The proxies that `var` names, `var` standing for the environment:
    /// for tests, and for programs that keep their settings elsewhere.
    ///
    /// # Errors
    ///
    /// As [`Proxies::from_env`].
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::UrlRef;
    /// use uniform_access::proxy::Proxies;
    /// let vars = [("HTTP_PROXY", "http://evil:1/"), ("FTP_PROXY", "http://gw:3128/"), ("no_proxy", ".internal")];
    /// let p = Proxies::from_vars(|k| vars.iter().find(|(n, _)| *n == k).map(|(_, v)| v.to_string()))?;
    /// // HTTP_PROXY is never read (httpoxy).
    /// assert!(p.for_url(&UrlRef::parse("http://example.org/")?).is_none());
    /// assert_eq!(p.for_url(&UrlRef::parse("ftp://example.org/x")?).unwrap().source, "FTP_PROXY");
    /// assert!(p.for_url(&UrlRef::parse("ftp://files.internal/x")?).is_none());
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn from_vars(var: impl Fn(&str) -> Option<String>) -> Result<Proxies, ProxyError> {
        let get = |lower: &str| -> Option<(String, String)> {
            let upper = lower.to_ascii_uppercase();
            let names: &[&str] = if lower == "http_proxy" {
                &[lower]
            } else {
                &[lower, &upper]
            };
            names.iter().find_map(|n| {
                var(n)
                    .filter(|v| !v.trim().is_empty())
                    .map(|v| (n.to_string(), v))
            })
        };
        let mut p = Proxies::default();
        // Each scheme's variable, from its row of the scheme table.
        for row in &SCHEMES {
            let (scheme, Some(variable)) = (row.name, row.proxy_variable) else {
                continue;
            };
            if let Some((name, value)) = get(variable) {
                p.env
                    .push((scheme.to_string(), Route::parse(&value, &name)?));
            }
        }
        if let Some((name, value)) = get("all_proxy") {
            p.all = Some(Route::parse(&value, &name)?);
        }
        if let Some((_, value)) = get("no_proxy") {
            p.no_proxy = NoProxy::parse(&value);
        }
        Ok(p)
    }

    /// Sends every URL of `scheme` through the gateway at `url`, whatever
    /// `no_proxy` says (`--gateway SCHEME=URL`).
    ///
    /// # Errors
    ///
    /// A [`ProxyError`] when `url` is no `http` proxy URL (see
    /// [`Gateway::parse`]), or when `scheme` names no retrieval a gateway
    /// can make (telnet sessions, mail, local files).
    ///
    /// # Example
    ///
    /// ```
    /// use uniform_access::proxy::Proxies;
    /// let mut p = Proxies::default();
    /// p.gateway("gopher", "http://127.0.0.1:3128")?;
    /// assert!(p.gateway("telnet", "http://127.0.0.1:3128").is_err());
    /// # Ok::<_, uniform_access::proxy::ProxyError>(())
    /// ```
    pub fn gateway(&mut self, scheme: &str, url: &str) -> Result<(), ProxyError> {
        let scheme = scheme.trim().to_ascii_lowercase();
        let valid = scheme
            .bytes()
            .next()
            .is_some_and(|b| b.is_ascii_alphabetic())
            && scheme
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.'));
        if !valid {
            return Err(ProxyError::new(format!(
                "--gateway: {scheme:?} is not a scheme name"
            )));
        }
        if !retrievable(&scheme) {
            return Err(ProxyError::new(format!(
                "--gateway: a {scheme} access is not a retrieval an HTTP gateway can make"
            )));
        }
        let g = Gateway::parse(url, &format!("--gateway {scheme}"))?;
        self.gateways.retain(|(s, _)| *s != scheme);
        self.gateways.push((scheme, g));
        Ok(())
    }

    /// Reads `SCHEME=URL`, as `--gateway` takes it.
    ///
    /// # Errors
    ///
    /// As [`Proxies::gateway`], and for a spec without `=`.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::UrlRef;
    /// use uniform_access::proxy::Proxies;
    /// let mut p = Proxies::default();
    /// p.gateway_spec("FTP=http://127.0.0.1:3128/")?;
    /// assert!(p.for_url(&UrlRef::parse("ftp://h/x")?).is_some());
    /// assert!(p.gateway_spec("http://127.0.0.1:3128/").is_err());
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn gateway_spec(&mut self, spec: &str) -> Result<(), ProxyError> {
        match spec.split_once('=') {
            Some((scheme, url)) if !scheme.contains(':') => self.gateway(scheme, url),
            _ => Err(ProxyError::new(format!(
                "--gateway: expected SCHEME=URL, got {spec:?}"
            ))),
        }
    }

    /// The `no_proxy` list in force.
    pub fn no_proxy(&self) -> &NoProxy {
        &self.no_proxy
    }

    /// The gateway for `url`, if any: an explicit gateway for its scheme;
    /// else, unless `no_proxy` names its host or an explicit SOCKS proxy
    /// replaces the environment's ([`Proxies::socks`]), the HTTP gateway
    /// that `<scheme>_proxy` or `all_proxy` names. A SOCKS proxy is not
    /// returned here: see [`Proxies::socks_for`].
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::UrlRef;
    /// use uniform_access::proxy::Proxies;
    /// let vars = [("all_proxy", "http://gw:3128"), ("no_proxy", "localhost,10.0.0.0/8")];
    /// let p = Proxies::from_vars(|k| vars.iter().find(|(n, _)| *n == k).map(|(_, v)| v.to_string()))?;
    /// assert!(p.for_url(&UrlRef::parse("gopher://gopher.example/")?).is_some());
    /// assert!(p.for_url(&UrlRef::parse("gopher://10.1.2.3/")?).is_none());
    /// // A telnet session does not go through an HTTP gateway.
    /// assert!(p.for_url(&UrlRef::parse("telnet://gopher.example/")?).is_none());
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn for_url(&self, url: &UrlRef<'_>) -> Option<Gateway> {
        let scheme = url.scheme().to_ascii_lowercase();
        if !retrievable(&scheme) {
            return None;
        }
        if let Some((_, g)) = self.gateways.iter().find(|(s, _)| *s == scheme) {
            return Some(g.clone());
        }
        if self.bypassed(url) || self.socks.is_some() {
            return None;
        }
        match self.env_route(&scheme)? {
            Route::Gateway(g) => Some(g.clone()),
            Route::Socks(_) => None,
        }
    }

    /// The SOCKS proxy that the TCP connections of an access to `url` go
    /// through, if any: none when an explicit gateway serves its scheme or
    /// `no_proxy` names its host; else the explicit SOCKS proxy
    /// ([`Proxies::socks`]), else the SOCKS proxy that `<scheme>_proxy` or
    /// `all_proxy` names. Every scheme but `file` may go through one, a
    /// telnet session or a mail relay too, as with curl.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::UrlRef;
    /// use uniform_access::proxy::Proxies;
    /// let vars = [("all_proxy", "socks5h://127.0.0.1:1080"), ("no_proxy", "intranet")];
    /// let p = Proxies::from_vars(|k| vars.iter().find(|(n, _)| *n == k).map(|(_, v)| v.to_string()))?;
    /// let s = p.socks_for(&UrlRef::parse("ftp://ftp.example/pub/")?).unwrap();
    /// assert_eq!((s.host(), s.port(), s.source.as_str()), ("127.0.0.1", 1080, "all_proxy"));
    /// assert!(p.socks_for(&UrlRef::parse("telnet://ftp.example/")?).is_some());
    /// assert!(p.socks_for(&UrlRef::parse("gopher://intranet/")?).is_none());
    /// // A SOCKS proxy is no gateway.
    /// assert!(p.for_url(&UrlRef::parse("ftp://ftp.example/pub/")?).is_none());
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn socks_for(&self, url: &UrlRef<'_>) -> Option<SocksProxy> {
        let scheme = url.scheme().to_ascii_lowercase();
        if scheme == "file" || self.gateways.iter().any(|(s, _)| *s == scheme) {
            return None;
        }
        if self.bypassed(url) {
            return None;
        }
        if let Some(s) = &self.socks {
            return Some(s.clone());
        }
        match self.env_route(&scheme)? {
            Route::Socks(s) => Some(s.clone()),
            Route::Gateway(_) => None,
        }
    }

    /// What the connections of an access to `url` go through: the
    /// gateway or HTTP proxy of [`Proxies::for_url`] (a CONNECT tunnel for
    /// an `https` URL), else the SOCKS proxy of [`Proxies::socks_for`],
    /// else nothing. The planner records it in the plan's route, once.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::UrlRef;
    /// use uniform::plan::Via;
    /// use uniform_access::proxy::Proxies;
    /// let mut p = Proxies::default();
    /// p.proxy("http://127.0.0.1:3128", "--proxy")?;
    /// assert_eq!(p.via(&UrlRef::parse("ftp://h/x")?).name(), "http-proxy");
    /// assert_eq!(p.via(&UrlRef::parse("https://h/")?).name(), "tunnel");
    /// p.gateway("ftp", "http://gw:8001")?;
    /// assert_eq!(p.via(&UrlRef::parse("ftp://h/x")?).name(), "gateway");
    /// assert_eq!(p.via(&UrlRef::parse("file:///x")?), Via::Direct);
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn via(&self, url: &UrlRef<'_>) -> Via {
        if let Some(g) = self.for_url(url) {
            let proxy = g.proxy();
            let explicit = self.gateways.iter().any(|(_, e)| *e == g);
            return match (url.scheme_row().tls, explicit, g.tls()) {
                (true, _, tls) => Via::Tunnel { proxy, tls },
                (false, true, tls) => Via::Gateway { proxy, tls },
                (false, false, true) => Via::HttpsProxy(proxy),
                (false, false, false) => Via::HttpProxy(proxy),
            };
        }
        match self.socks_for(url) {
            Some(s) => Via::Socks {
                version: s.version(),
                proxy: Proxy::new(s.host(), s.port(), &s.source),
            },
            None => Via::Direct,
        }
    }

    /// The configured gateway or HTTP proxy that `via` names, with what it
    /// logs in with: the route records no password.
    pub(crate) fn gateway_of(&self, via: &Via) -> Option<&Gateway> {
        let named = match via {
            Via::Gateway { proxy, .. }
            | Via::HttpProxy(proxy)
            | Via::HttpsProxy(proxy)
            | Via::Tunnel { proxy, .. } => proxy,
            _ => return None,
        };
        let env = self.env.iter().map(|(_, r)| r).chain(self.all.as_ref());
        self.gateways
            .iter()
            .map(|(_, g)| g)
            .chain(env.filter_map(|r| match r {
                Route::Gateway(g) => Some(g),
                Route::Socks(_) => None,
            }))
            .find(|g| g.proxy() == *named)
    }

    /// The configured SOCKS proxy that `via` names, with what it logs in
    /// with.
    pub(crate) fn socks_of(&self, via: &Via) -> Option<&SocksProxy> {
        let Via::Socks { version, proxy } = via else {
            return None;
        };
        let env = self.env.iter().map(|(_, r)| r).chain(self.all.as_ref());
        self.socks
            .iter()
            .chain(env.filter_map(|r| match r {
                Route::Socks(s) => Some(s),
                Route::Gateway(_) => None,
            }))
            .find(|s| {
                s.version() == *version
                    && s.host() == proxy.host
                    && s.port() == proxy.port
                    && s.source == proxy.from
            })
    }

    /// Sends every URL through the proxy at `url`, in place of the
    /// `<scheme>_proxy` and `all_proxy` variables, as curl's `-x` does: an
    /// HTTP gateway, or a SOCKS proxy by its scheme, read as a variable's
    /// value is. `no_proxy` still bypasses it, an explicit gateway still
    /// serves its scheme and an explicit SOCKS proxy ([`Proxies::socks`])
    /// still replaces it. `source` names it in notes and messages.
    ///
    /// # Errors
    ///
    /// A [`ProxyError`] naming `source` when `url` is neither an HTTP nor a
    /// SOCKS proxy URL; the proxies are then unchanged.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::UrlRef;
    /// use uniform_access::proxy::Proxies;
    /// let vars = [("ftp_proxy", "http://gw:3128"), ("no_proxy", "intranet")];
    /// let mut p = Proxies::from_vars(|k| vars.iter().find(|(n, _)| *n == k).map(|(_, v)| v.to_string()))?;
    /// p.proxy("http://127.0.0.1:8080", "--proxy")?;
    /// let g = p.for_url(&UrlRef::parse("ftp://h/x")?).unwrap();
    /// assert_eq!((g.port(), g.source.as_str()), (8080, "--proxy"));
    /// assert!(p.for_url(&UrlRef::parse("ftp://intranet/x")?).is_none());
    /// let e = p.proxy("ftp://h", "--proxy").unwrap_err();
    /// assert!(e.to_string().starts_with("--proxy: "));
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn proxy(&mut self, url: &str, source: &str) -> Result<(), ProxyError> {
        let route = Route::parse(url, source)?;
        self.env.clear();
        self.all = Some(route);
        Ok(())
    }

    /// Sends the TCP connections of every access through `proxy`, in place
    /// of the proxies and gateways the environment names (curl's `-x
    /// socks5h://...`, `--socks5`, `--socks5-hostname`); `no_proxy` still
    /// bypasses it, and an explicit gateway still serves its scheme.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::UrlRef;
    /// use uniform_access::proxy::{Proxies, SocksProxy, SocksVersion};
    /// let vars = [("ftp_proxy", "http://gw:3128")];
    /// let mut p = Proxies::from_vars(|k| vars.iter().find(|(n, _)| *n == k).map(|(_, v)| v.to_string()))?;
    /// p.socks(SocksProxy::parse_as(SocksVersion::Socks5, "127.0.0.1:1080", "--socks5")?);
    /// let url = UrlRef::parse("ftp://h/x")?;
    /// assert!(p.for_url(&url).is_none());
    /// assert_eq!(p.socks_for(&url).unwrap().source, "--socks5");
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn socks(&mut self, proxy: SocksProxy) {
        self.socks = Some(proxy);
    }

    /// Reads a SOCKS proxy URL as curl's `-x` takes one
    /// (`socks5h://[user:password@]host[:port]`, see [`SocksProxy::parse`])
    /// and sends every access through it ([`Proxies::socks`]).
    ///
    /// # Errors
    ///
    /// A [`ProxyError`] when `spec` is no SOCKS proxy URL.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::UrlRef;
    /// use uniform_access::proxy::{Proxies, SocksVersion};
    /// let mut p = Proxies::default();
    /// p.socks_spec("socks5h://127.0.0.1:1080")?;
    /// let s = p.socks_for(&UrlRef::parse("gopher://h/")?).unwrap();
    /// assert_eq!((s.version(), s.source.as_str()), (SocksVersion::Socks5h, "-x"));
    /// assert!(p.socks_spec("http://127.0.0.1:3128").is_err());
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn socks_spec(&mut self, spec: &str) -> Result<(), ProxyError> {
        self.socks(SocksProxy::parse(spec, "-x")?);
        Ok(())
    }

    /// Whether `no_proxy` names the host of `url` (on its port), or is `*`.
    fn bypassed(&self, url: &UrlRef<'_>) -> bool {
        let host = url.hostname().unwrap_or_default();
        self.no_proxy.all
            || (!host.is_empty() && self.no_proxy.matches(host, url.port_or_default()))
    }

    /// What the environment names for `scheme`: `<scheme>_proxy`, then
    /// `all_proxy`.
    fn env_route(&self, scheme: &str) -> Option<&Route> {
        // libwww read news_proxy for news: URLs; nntp: URLs name the same
        // service.
        let alias = if scheme == "nntp" { Some("news") } else { None };
        self.env
            .iter()
            .find(|(s, _)| *s == scheme)
            .or_else(|| alias.and_then(|a| self.env.iter().find(|(s, _)| s == a)))
            .map(|(_, r)| r)
            .or(self.all.as_ref())
    }
}

/// The hosts that bypass the environment's proxies (`no_proxy`), as curl
/// reads the list: entries separated by commas or white space, each
///
/// - `*` alone: every host;
/// - a host name, with or without a leading dot: that host and every host
///   under it (`example.com` and `.example.com` both match `example.com`
///   and `www.example.com`, never `badexample.com`);
/// - an IPv4 or IPv6 address (brackets allowed): that address;
/// - a CIDR block, `10.0.0.0/8` or `fd00::/8`: every address in it;
/// - any of these with `:port` (`[::1]:8080` for IPv6): only on that port.
///
/// Names compare without regard to case and to a final dot.
///
/// # Example
///
/// ```
/// use uniform_access::proxy::NoProxy;
/// let n = NoProxy::parse("example.com, .internal 10.0.0.0/8,[::1]:8080,fd00::/8");
/// assert!(n.matches("www.example.com", Some(80)));
/// assert!(n.matches("EXAMPLE.COM.", Some(80)));
/// assert!(!n.matches("badexample.com", Some(80)));
/// assert!(n.matches("db.internal", Some(5432)));
/// assert!(n.matches("10.200.0.1", Some(21)));
/// assert!(n.matches("::1", Some(8080)) && !n.matches("::1", Some(80)));
/// assert!(n.matches("fd12::1", Some(70)));
/// assert!(!n.matches("11.0.0.1", Some(80)));
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct NoProxy {
    all: bool,
    entries: Vec<NoProxyEntry>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum Pattern {
    /// A lower-case domain without leading or final dots.
    Domain(String),
    /// An address block: the address and the prefix length.
    Block(IpAddr, u8),
}

#[derive(Clone, Debug, PartialEq, Eq)]
struct NoProxyEntry {
    pattern: Pattern,
    port: Option<u16>,
}

impl NoProxy {
    /// Reads a `no_proxy` value; entries that mean nothing (an empty one, a
    /// bad CIDR length) are skipped, as curl skips them.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform_access::proxy::NoProxy;
    /// assert!(NoProxy::parse("*").matches("anything", None));
    /// assert!(!NoProxy::parse("").matches("anything", None));
    /// ```
    pub fn parse(list: &str) -> NoProxy {
        let mut n = NoProxy::default();
        for item in list.split(|c: char| c == ',' || c.is_ascii_whitespace()) {
            if item.is_empty() {
                continue;
            }
            if item == "*" {
                n.all = true;
                continue;
            }
            if let Some(e) = NoProxyEntry::parse(item) {
                n.entries.push(e);
            }
        }
        n
    }

    /// Whether `host` (no brackets around an IPv6 literal) on `port`
    /// bypasses the proxies.
    pub fn matches(&self, host: &str, port: Option<u16>) -> bool {
        if self.all {
            return true;
        }
        let host = host.trim_start_matches('[').trim_end_matches(']');
        let host = host.strip_suffix('.').unwrap_or(host).to_ascii_lowercase();
        let ip: Option<IpAddr> = host.parse().ok();
        self.entries.iter().any(|e| {
            if e.port.is_some() && e.port != port {
                return false;
            }
            match (&e.pattern, ip) {
                (Pattern::Block(net, len), Some(addr)) => in_block(addr, *net, *len),
                (Pattern::Domain(d), None) => {
                    host == *d
                        || (host.len() > d.len()
                            && host.ends_with(d.as_str())
                            && host.as_bytes()[host.len() - d.len() - 1] == b'.')
                }
                _ => false,
            }
        })
    }
}

impl NoProxyEntry {
    fn parse(item: &str) -> Option<NoProxyEntry> {
        let (body, prefix, port) = split(item)?;
        if let Ok(addr) = body.parse::<IpAddr>() {
            let max = if addr.is_ipv4() { 32 } else { 128 };
            let len = match prefix {
                Some(p) => p.parse::<u8>().ok().filter(|&l| l <= max)?,
                None => max,
            };
            return Some(NoProxyEntry {
                pattern: Pattern::Block(addr, len),
                port,
            });
        }
        if prefix.is_some() {
            return None;
        }
        let name = body.trim_start_matches('.');
        let name = name.strip_suffix('.').unwrap_or(name).to_ascii_lowercase();
        (!name.is_empty()).then_some(NoProxyEntry {
            pattern: Pattern::Domain(name),
            port,
        })
    }
}

/// Splits an entry into host or address, CIDR prefix length and port:
/// `host:port`, `[v6]:port`, `[v6]/len`, `v4/len`, `v6/len`. An IPv6
/// address without brackets has no port. `None` for a port that is not a
/// number.
fn split(item: &str) -> Option<(&str, Option<&str>, Option<u16>)> {
    let (body, rest) = match item.strip_prefix('[') {
        Some(inner) => inner.split_once(']')?,
        None => match item.find('/') {
            Some(slash) => (&item[..slash], &item[slash..]),
            None => match item.split_once(':') {
                Some((host, p)) if !p.contains(':') => (host, &item[host.len()..]),
                _ => (item, ""),
            },
        },
    };
    let (prefix, after) = match rest.strip_prefix('/') {
        Some(r) => match r.split_once(':') {
            Some((len, p)) => (Some(len), Some(p)),
            None => (Some(r), None),
        },
        None => (None, rest.strip_prefix(':')),
    };
    if after.is_none() && !rest.is_empty() && prefix.is_none() {
        return None;
    }
    let port = match after {
        Some(p) => Some(p.parse().ok()?),
        None => None,
    };
    Some((body, prefix, port))
}

fn in_block(addr: IpAddr, net: IpAddr, len: u8) -> bool {
    let (a, n, bits) = match (addr, net) {
        (IpAddr::V4(a), IpAddr::V4(n)) => (u128::from(u32::from(a)), u128::from(u32::from(n)), 32),
        (IpAddr::V6(a), IpAddr::V6(n)) => (u128::from(a), u128::from(n), 128),
        // An IPv4 host against an IPv4-mapped block, and the reverse, are
        // different spellings: curl does not match them either.
        _ => return false,
    };
    if len == 0 {
        return true;
    }
    let shift = bits - u32::from(len);
    (a >> shift) == (n >> shift)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn vars<'a>(list: &'a [(&'a str, &'a str)]) -> impl Fn(&str) -> Option<String> + 'a {
        move |k| {
            list.iter()
                .find(|(n, _)| *n == k)
                .map(|(_, v)| v.to_string())
        }
    }

    fn url(s: &str) -> UrlRef<'_> {
        ParseOptions::new()
            .dialect(Dialect::Rfc3986)
            .parse(s)
            .unwrap()
    }

    #[test]
    fn lower_case_variables_come_first() {
        let p = Proxies::from_vars(vars(&[
            ("FTP_PROXY", "http://upper:1"),
            ("ftp_proxy", "http://lower:2"),
        ]))
        .unwrap();
        let g = p.for_url(&url("ftp://h/x")).unwrap();
        assert_eq!(
            (g.host(), g.port(), g.source.as_str()),
            ("lower", 2, "ftp_proxy")
        );
    }

    #[test]
    fn upper_case_variables_are_read_except_http_proxy() {
        let p = Proxies::from_vars(vars(&[
            ("HTTP_PROXY", "http://httpoxy:1"),
            ("HTTPS_PROXY", "http://tls:2"),
            ("GOPHER_PROXY", "http://gopher:3"),
            ("WAIS_PROXY", "http://wais:4"),
            ("NEWS_PROXY", "http://news:5"),
            ("ALL_PROXY", "http://all:6"),
        ]))
        .unwrap();
        // http falls through to ALL_PROXY, never HTTP_PROXY.
        assert_eq!(p.for_url(&url("http://h/")).unwrap().host(), "all");
        assert_eq!(p.for_url(&url("https://h/")).unwrap().host(), "tls");
        assert_eq!(p.for_url(&url("gopher://h/")).unwrap().host(), "gopher");
        assert_eq!(p.for_url(&url("wais://h/db")).unwrap().host(), "wais");
        assert_eq!(
            p.for_url(&url("nntp://h/comp.lang.rust")).unwrap().host(),
            "news"
        );
        assert_eq!(
            p.for_url(&url("news:comp.lang.rust")).unwrap().host(),
            "news"
        );
        assert_eq!(p.for_url(&url("ftp://h/")).unwrap().host(), "all");
    }

    #[test]
    fn lower_case_http_proxy_is_read() {
        let p = Proxies::from_vars(vars(&[("http_proxy", "proxy:3128")])).unwrap();
        let g = p.for_url(&url("http://h/")).unwrap();
        assert_eq!(
            (g.host(), g.port(), g.url.as_str()),
            ("proxy", 3128, "http://proxy:3128")
        );
        assert!(p.for_url(&url("ftp://h/")).is_none());
    }

    #[test]
    fn empty_variables_are_unset() {
        let p = Proxies::from_vars(vars(&[("ftp_proxy", " "), ("all_proxy", "")])).unwrap();
        assert_eq!(p, Proxies::default());
    }

    #[test]
    fn a_bad_proxy_setting_is_an_error_naming_the_variable() {
        let e = Proxies::from_vars(vars(&[("gopher_proxy", "socks6://h:1080")])).unwrap_err();
        assert!(
            e.to_string()
                .starts_with("gopher_proxy: a socks6 proxy is not supported"),
            "{e}"
        );
        let e = Proxies::from_vars(vars(&[("ftp_proxy", "gopher://h:3128")])).unwrap_err();
        assert!(e.to_string().contains("socks5h://"), "{e}");
        // An https:// proxy is reached over TLS.
        let p = Proxies::from_vars(vars(&[("ftp_proxy", "https://h:3128")])).unwrap();
        let url = uniform::UrlRef::parse("ftp://x.example/f").unwrap();
        assert!(p.for_url(&url).is_some_and(|g| g.tls()));
        let e = Proxies::from_vars(vars(&[("all_proxy", "socks5h://h:1080/x")])).unwrap_err();
        assert!(e.to_string().starts_with("all_proxy: "), "{e}");
        let e = Proxies::from_vars(vars(&[("all_proxy", "socks5h://:1080")])).unwrap_err();
        assert!(e.to_string().contains("no host"), "{e}");
        let e = Proxies::from_vars(vars(&[("all_proxy", "http://h:3128/path")])).unwrap_err();
        assert!(e.to_string().contains("may not have a path"), "{e}");
        assert!(Proxies::from_vars(vars(&[("https_proxy", "https://h/")])).is_ok());
    }

    #[test]
    fn no_proxy_bypasses_the_environment_not_explicit_gateways() {
        let mut p = Proxies::from_vars(vars(&[
            ("all_proxy", "http://gw:1"),
            ("NO_PROXY", "127.0.0.1"),
        ]))
        .unwrap();
        assert!(p.for_url(&url("ftp://127.0.0.1:2121/x")).is_none());
        p.gateway("ftp", "http://explicit:2").unwrap();
        assert_eq!(
            p.for_url(&url("ftp://127.0.0.1:2121/x")).unwrap().host(),
            "explicit"
        );
        assert!(p.for_url(&url("gopher://127.0.0.1/")).is_none());
    }

    #[test]
    fn no_proxy_star_bypasses_all_but_gateways() {
        let mut p =
            Proxies::from_vars(vars(&[("all_proxy", "http://gw:1"), ("no_proxy", "*")])).unwrap();
        assert!(p.for_url(&url("http://h/")).is_none());
        assert!(p.for_url(&url("news:comp.lang.rust")).is_none());
        p.gateway("http", "http://explicit:2").unwrap();
        assert!(p.for_url(&url("http://h/")).is_some());
    }

    #[test]
    fn no_proxy_domains() {
        let n = NoProxy::parse(".example.com,intranet");
        assert!(n.matches("example.com", Some(80)));
        assert!(n.matches("a.b.example.com", Some(80)));
        assert!(!n.matches("example.com.evil", Some(80)));
        assert!(!n.matches("notexample.com", Some(80)));
        assert!(n.matches("Intranet", Some(80)));
        assert!(n.matches("wiki.intranet.", Some(80)));
        assert!(!n.matches("intranet2", Some(80)));
    }

    #[test]
    fn no_proxy_ports() {
        let n = NoProxy::parse("h.example:8080 10.0.0.1:21");
        assert!(n.matches("h.example", Some(8080)));
        assert!(!n.matches("h.example", Some(80)));
        assert!(n.matches("10.0.0.1", Some(21)));
        assert!(!n.matches("10.0.0.1", Some(2121)));
        // A port that is no number makes the entry mean nothing.
        assert!(!NoProxy::parse("h:http").matches("h", Some(80)));
    }

    #[test]
    fn no_proxy_addresses_and_blocks() {
        let n = NoProxy::parse(
            "192.168.0.0/16, 127.0.0.1, ::1, [fe80::]/10, 2001:db8::/32, 10.0.0.0/99",
        );
        assert!(n.matches("192.168.44.3", Some(80)));
        assert!(!n.matches("192.169.0.1", Some(80)));
        assert!(n.matches("127.0.0.1", Some(80)));
        assert!(!n.matches("127.0.0.2", Some(80)));
        assert!(n.matches("::1", Some(80)));
        assert!(n.matches("[::1]", Some(80)));
        assert!(n.matches("fe80::1234", Some(80)));
        assert!(n.matches("2001:db8:ffff::1", Some(80)));
        assert!(!n.matches("2001:db9::1", Some(80)));
        // The bad block was skipped, not taken as "everything".
        assert!(!n.matches("10.1.1.1", Some(80)));
        // An address is not a domain: "0.1" is no suffix match.
        assert!(!NoProxy::parse("0.1").matches("10.0.0.1", Some(80)));
        assert!(NoProxy::parse("0.0.0.0/0").matches("8.8.8.8", None));
        assert!(NoProxy::parse("[fd00::]/8:8080").matches("fd12::1", Some(8080)));
        assert!(!NoProxy::parse("[fd00::]/8:8080").matches("fd12::1", Some(80)));
        assert!(!NoProxy::parse("h.example/8").matches("h.example", None));
        assert!(!NoProxy::parse("0.0.0.0/0").matches("::1", None));
    }

    #[test]
    fn gateways_replace_per_scheme_and_refuse_sessions() {
        let mut p = Proxies::default();
        p.gateway("FTP", "http://a:1").unwrap();
        p.gateway("ftp", "http://b:2").unwrap();
        assert_eq!(p.for_url(&url("ftp://h/")).unwrap().host(), "b");
        for s in ["telnet", "mailto", "file", "rlogin", "tn3270"] {
            assert!(p.gateway(s, "http://a:1").is_err(), "{s}");
        }
        assert!(p.gateway("", "http://a:1").is_err());
        assert!(p.gateway("f tp", "http://a:1").is_err());
        assert!(p.gateway_spec("ftp").is_err());
    }

    #[test]
    fn the_proxy_password_is_kept_out_of_debug() {
        let g = Gateway::parse("http://user:s3cret@gw:3128", "all_proxy").unwrap();
        assert_eq!(g.credentials(), Some((&b"user"[..], &b"s3cret"[..])));
        assert!(!format!("{g:?}").contains("s3cret"));
        assert_eq!(g.authority(), "gw:3128");
        assert!(Gateway::parse("http://gw:65536", "all_proxy").is_err());
        assert_eq!(
            Gateway::parse("http://gw:", "all_proxy").unwrap().port(),
            80
        );
    }

    #[test]
    fn socks_proxies_are_read_from_the_environment_as_curl_reads_them() {
        let p = Proxies::from_vars(vars(&[
            ("ALL_PROXY", "socks5h://u:p%40ss@127.0.0.1:1081"),
            ("ftp_proxy", "socks5://[::1]"),
            ("gopher_proxy", "socks4a://g"),
            ("wais_proxy", "socks://w:9"),
            ("news_proxy", "http://gw:3128"),
        ]))
        .unwrap();
        let s = p.socks_for(&url("http://h/")).unwrap();
        assert_eq!(
            (s.version(), s.host(), s.port(), s.source.as_str()),
            (SocksVersion::Socks5h, "127.0.0.1", 1081, "ALL_PROXY")
        );
        assert_eq!(s.credentials(), Some((&b"u"[..], &b"p@ss"[..])));
        let s = p.socks_for(&url("ftp://h/x")).unwrap();
        assert_eq!(
            (s.version(), s.host(), s.port()),
            (SocksVersion::Socks5, "::1", 1080)
        );
        assert_eq!(s.authority(), "[::1]:1080");
        assert_eq!(
            p.socks_for(&url("gopher://h/")).unwrap().version(),
            SocksVersion::Socks4a
        );
        assert_eq!(
            p.socks_for(&url("wais://h/db")).unwrap().version(),
            SocksVersion::Socks4
        );
        // Sessions and mail go through it too; local files never.
        assert!(p.socks_for(&url("telnet://h/")).is_some());
        assert!(p.socks_for(&url("mailto:x@example.com")).is_some());
        assert!(p.socks_for(&url("file:///etc/motd")).is_none());
        // news_proxy names a gateway: no SOCKS for news, and no gateway
        // where SOCKS is named.
        assert!(p.socks_for(&url("nntp://h/comp.lang.rust")).is_none());
        assert!(p.for_url(&url("nntp://h/comp.lang.rust")).is_some());
        assert!(p.for_url(&url("ftp://h/x")).is_none());
        assert!(p.for_url(&url("http://h/")).is_none());
    }

    #[test]
    fn no_proxy_and_gateways_bypass_socks() {
        let mut p = Proxies::from_vars(vars(&[
            ("all_proxy", "socks5h://127.0.0.1:1080"),
            ("no_proxy", "localhost,10.0.0.0/8"),
        ]))
        .unwrap();
        assert!(p.socks_for(&url("ftp://localhost/x")).is_none());
        assert!(p.socks_for(&url("gopher://10.1.2.3/")).is_none());
        assert!(p.socks_for(&url("gopher://11.1.2.3/")).is_some());
        p.gateway("gopher", "http://gw:3128").unwrap();
        assert!(p.socks_for(&url("gopher://11.1.2.3/")).is_none());
        assert!(p.for_url(&url("gopher://11.1.2.3/")).is_some());
        // An explicit SOCKS proxy: no_proxy still bypasses it.
        p.socks_spec("socks5://127.0.0.1:1081").unwrap();
        assert!(p.socks_for(&url("ftp://localhost/x")).is_none());
        assert_eq!(
            p.socks_for(&url("ftp://h/x")).unwrap().source.as_str(),
            "-x"
        );
        let star = Proxies::from_vars(vars(&[
            ("all_proxy", "socks5h://127.0.0.1:1080"),
            ("no_proxy", "*"),
        ]))
        .unwrap();
        assert!(star.socks_for(&url("ftp://h/x")).is_none());
    }

    #[test]
    fn an_explicit_socks_proxy_replaces_the_environments_proxies() {
        let mut p = Proxies::from_vars(vars(&[
            ("ftp_proxy", "http://gw:3128"),
            ("gopher_proxy", "socks5://env:1080"),
        ]))
        .unwrap();
        p.socks(
            SocksProxy::parse_as(SocksVersion::Socks5h, "cli:1082", "--socks5-hostname").unwrap(),
        );
        assert!(p.for_url(&url("ftp://h/x")).is_none());
        assert_eq!(p.socks_for(&url("ftp://h/x")).unwrap().host(), "cli");
        assert_eq!(p.socks_for(&url("gopher://h/")).unwrap().host(), "cli");
        // An explicit gateway still serves its scheme.
        p.gateway("ftp", "http://explicit:3128").unwrap();
        assert_eq!(p.for_url(&url("ftp://h/x")).unwrap().host(), "explicit");
        assert!(p.socks_for(&url("ftp://h/x")).is_none());
    }

    #[test]
    fn socks_specs() {
        let p = SocksProxy::parse_as(SocksVersion::Socks5, " h ", "--socks5").unwrap();
        assert_eq!((p.host(), p.port()), ("h", 1080));
        let p = SocksProxy::parse_as(SocksVersion::Socks5, "socks4a://h:2", "--socks5").unwrap();
        assert_eq!(p.version(), SocksVersion::Socks4a);
        let p = SocksProxy::parse_as(SocksVersion::Socks5h, "me@h:3", "--socks5-hostname").unwrap();
        assert_eq!(p.credentials(), Some((&b"me"[..], &b""[..])));
        assert!(SocksProxy::parse_as(SocksVersion::Socks5, "h:99999", "--socks5").is_err());
        assert!(SocksProxy::parse("socks5://h?x", "-x").is_err());
        assert!(SocksProxy::parse("socks5://h#x", "-x").is_err());
        assert!(SocksProxy::parse("h:1080", "-x").is_err());
        let long = "x".repeat(256);
        assert!(SocksProxy::parse(&format!("socks5://{long}:pw@h"), "-x").is_err());
        assert!(SocksProxy::parse(&format!("socks5://u:{long}@h"), "-x").is_err());
        let mut p = Proxies::default();
        let e = p.socks_spec("http://h:3128").unwrap_err();
        assert!(
            e.to_string().starts_with("-x: not a SOCKS proxy URL"),
            "{e}"
        );
        // --gateway takes HTTP gateways only.
        let e = p.gateway("ftp", "socks5://h").unwrap_err();
        assert!(e.to_string().contains("no HTTP gateway"), "{e}");
    }

    #[test]
    fn the_socks_password_is_kept_out_of_debug_and_messages() {
        let p = SocksProxy::parse("socks5h://user:s3cret@h:1080", "all_proxy").unwrap();
        assert!(!format!("{p:?}").contains("s3cret"));
        assert_eq!(p.authority(), "h:1080");
        let p = p.with_credentials(b"other", b"an0ther").unwrap();
        assert_eq!(p.credentials(), Some((&b"other"[..], &b"an0ther"[..])));
        assert!(!format!("{p:?}").contains("an0ther"));
        let ps =
            Proxies::from_vars(vars(&[("all_proxy", "socks5h://user:s3cret@h:1080")])).unwrap();
        assert!(!format!("{ps:?}").contains("s3cret"));
        let e = p.with_credentials(&[b'x'; 256], b"pw").unwrap_err();
        assert!(!e.to_string().contains("pw"), "{e}");
    }
}
