//! Proxies and gateways: HTTP servers that take a whole URL on their
//! request line and fetch it for the client.
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

use std::fmt;
use std::net::IpAddr;
use uniform::{Dialect, ParseOptions, Scheme, UrlRef};

/// Where URLs go through an HTTP proxy or gateway.
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
    /// From `<scheme>_proxy`, by lower-case scheme.
    env: Vec<(String, Gateway)>,
    /// From `all_proxy`.
    all: Option<Gateway>,
    /// From `no_proxy`: bypasses `env` and `all`.
    no_proxy: NoProxy,
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
    host: String,
    port: u16,
    user: Option<Vec<u8>>,
    password: Option<Vec<u8>>,
}

impl fmt::Debug for Gateway {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // The URL may carry the proxy's password.
        f.debug_struct("Gateway")
            .field("host", &self.host)
            .field("port", &self.port)
            .field("source", &self.source)
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
/// let e = Proxies::default().gateway("ftp", "https://gw.example/").unwrap_err();
/// assert!(e.to_string().contains("https"));
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
        if parsed.scheme_kind() != Scheme::Http {
            return Err(ProxyError::new(format!(
                "{source}: a {} proxy is not supported, only http://",
                parsed.scheme().to_ascii_lowercase()
            )));
        }
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
        Ok(Gateway {
            url: full.clone(),
            source: source.to_string(),
            host: host.to_string(),
            port: parsed.port().unwrap_or(80),
            user: parsed
                .user_decoded()
                .map(|u| u.into_owned())
                .filter(|u| !u.is_empty()),
            password: parsed.password_decoded().map(|p| p.into_owned()),
        })
    }

    /// The proxy's host (without the brackets of an IPv6 literal).
    pub fn host(&self) -> &str {
        &self.host
    }

    /// The proxy's port.
    pub fn port(&self) -> u16 {
        self.port
    }

    /// The proxy's credentials, when its URL has a user name.
    pub(crate) fn credentials(&self) -> Option<(&[u8], &[u8])> {
        self.user
            .as_deref()
            .map(|u| (u, self.password.as_deref().unwrap_or_default()))
    }

    /// `host:port`, brackets around an IPv6 literal, for messages.
    pub(crate) fn authority(&self) -> String {
        if self.host.contains(':') {
            format!("[{}]:{}", self.host, self.port)
        } else {
            format!("{}:{}", self.host, self.port)
        }
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
    /// not an `http` proxy URL: a setting is never ignored silently.
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
        for scheme in [
            "http", "https", "ftp", "gopher", "wais", "news", "nntp", "prospero",
        ] {
            if let Some((name, value)) = get(&format!("{scheme}_proxy")) {
                p.env
                    .push((scheme.to_string(), Gateway::parse(&value, &name)?));
            }
        }
        if let Some((name, value)) = get("all_proxy") {
            p.all = Some(Gateway::parse(&value, &name)?);
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

    /// The proxy or gateway for `url`, if any: an explicit gateway for its
    /// scheme; else, unless `no_proxy` names its host, `<scheme>_proxy` or
    /// `all_proxy`.
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
        let host = url.hostname().unwrap_or_default();
        if !host.is_empty() && self.no_proxy.matches(host, url.port_or_default()) {
            return None;
        }
        if self.no_proxy.all {
            return None;
        }
        // libwww read news_proxy for news: URLs; nntp: URLs name the same
        // service.
        let alias = if scheme == "nntp" { Some("news") } else { None };
        self.env
            .iter()
            .find(|(s, _)| *s == scheme)
            .or_else(|| alias.and_then(|a| self.env.iter().find(|(s, _)| s == a)))
            .map(|(_, g)| g.clone())
            .or_else(|| self.all.clone())
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
        let e = Proxies::from_vars(vars(&[("gopher_proxy", "socks5://h:1080")])).unwrap_err();
        assert!(
            e.to_string().starts_with("gopher_proxy: a socks5 proxy"),
            "{e}"
        );
        let e = Proxies::from_vars(vars(&[("all_proxy", "http://h:3128/path")])).unwrap_err();
        assert!(e.to_string().contains("may not have a path"), "{e}");
        assert!(Proxies::from_vars(vars(&[("https_proxy", "https://h/")])).is_err());
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
    }
}
