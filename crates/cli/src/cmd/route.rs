//! Where connections go, with curl's routing options: `-x`, `--noproxy`,
//! `--socks5`, `--socks5-hostname`, `-U`, `--resolve`, `-4`, `-6`, and
//! `--gateway`. `fetch`, `plan` and `links` read the same group of flags,
//! so that a plan shows the route the fetch takes (`# route` lines).

use crate::cmd::Status;
use std::fmt;
use uniform::pct::{self, EncodeSet};
use uniform_access::FetchOptions;
use uniform_access::net::{IpFamily, Resolve};
use uniform_access::proxy::{Proxies, SocksProxy, SocksVersion};

/// What a `-x` proxy is called in the plan's notes and in messages: the
/// flag it came from, as a variable's proxy is called by the variable.
const PROXY_FLAG: &str = "--proxy";

/// The routing flags, shared by `fetch`, `plan` and `links`.
#[derive(clap::Args, Clone, Debug, Default)]
pub struct RouteOptions {
    /// Use this proxy for every URL instead of the *_proxy variables: http://HOST:PORT (a gateway; https through CONNECT) or socks5://, socks5h://, socks4://, socks4a://
    #[arg(short = 'x', long = "proxy", value_name = "URL")]
    pub proxy: Option<String>,
    /// Hosts that bypass the proxy, as no_proxy lists them (host, .domain, *, 10.0.0.0/8, host:port)
    #[arg(long = "noproxy", value_name = "LIST")]
    pub noproxy: Option<String>,
    /// A SOCKS5 proxy at HOST[:PORT], the names resolved here
    #[arg(long = "socks5", value_name = "HOST[:PORT]")]
    pub socks5: Option<String>,
    /// A SOCKS5 proxy at HOST[:PORT] that resolves the names itself
    #[arg(long = "socks5-hostname", value_name = "HOST[:PORT]")]
    pub socks5_hostname: Option<String>,
    /// User name and password for the proxy, USER:PASSWORD
    #[arg(short = 'U', long = "proxy-user", value_name = "USER:PASSWORD")]
    pub proxy_user: Option<String>,
    /// Send URLs of SCHEME through the HTTP gateway at URL (repeatable)
    #[arg(long, value_name = "SCHEME=URL")]
    pub gateway: Vec<String>,
    /// Connect to IPv4 addresses only
    #[arg(short = '4', long = "ipv4", overrides_with = "ipv6")]
    pub ipv4: bool,
    /// Connect to IPv6 addresses only
    #[arg(short = '6', long = "ipv6", overrides_with = "ipv4")]
    pub ipv6: bool,
    /// Connect to ADDR (one or more, ',' between; [v6] in brackets) for HOST on PORT instead of its resolved addresses; the Host field and the TLS name stay HOST; repeatable ('*' for any host, -HOST:PORT forgets one)
    #[arg(
        long = "resolve",
        value_name = "HOST:PORT:ADDR",
        allow_hyphen_values = true
    )]
    pub resolve: Vec<String>,
}

/// A routing flag that cannot be used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RouteError {
    /// A proxy or gateway setting (a flag or a variable): a usage error.
    Proxy(String),
    /// A `--resolve` entry that cannot be read: curl's
    /// CURLE_SETOPT_OPTION_SYNTAX (49).
    Resolve(String),
}

impl RouteError {
    /// The status the command exits with.
    pub fn status(&self) -> Status {
        match self {
            RouteError::Proxy(_) => Status::Usage,
            RouteError::Resolve(_) => Status::Exit(49),
        }
    }
}

impl fmt::Display for RouteError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RouteError::Proxy(m) | RouteError::Resolve(m) => f.write_str(m),
        }
    }
}

impl From<RouteError> for String {
    fn from(e: RouteError) -> String {
        e.to_string()
    }
}

impl RouteOptions {
    /// Puts the routing settings in `o`: the proxies and gateways, the
    /// `--resolve` pins and the family, from which the planner decides
    /// each URL's route.
    pub fn apply(&self, o: &mut FetchOptions) -> Result<(), RouteError> {
        o.proxies = self.proxies().map_err(RouteError::Proxy)?;
        o.resolve = self.resolve().map_err(RouteError::Resolve)?;
        Ok(())
    }

    /// The `--resolve` entries in their order (a later one for the same
    /// host and port replaces the one before), and `-4` or `-6`.
    pub fn resolve(&self) -> Result<Resolve, String> {
        let mut r = Resolve::default();
        for entry in &self.resolve {
            r.add(entry)?;
        }
        r.family = if self.ipv4 {
            Some(IpFamily::V4)
        } else if self.ipv6 {
            Some(IpFamily::V6)
        } else {
            None
        };
        Ok(r)
    }

    /// The proxies: `-x` instead of the `*_proxy` variables (curl's
    /// precedence), `--noproxy` instead of `no_proxy`, a `--socks5` flag
    /// over both, then each `--gateway SCHEME=URL`.
    pub fn proxies(&self) -> Result<Proxies, String> {
        let env = |k: &str| std::env::var(k).ok().filter(|v| !v.is_empty());
        let no_proxy = |k: &str| {
            k.eq_ignore_ascii_case("no_proxy")
                .then(|| self.noproxy.clone().or_else(|| env(k)))
                .flatten()
        };
        let proxy = self.proxy.as_deref().map(|x| self.with_user(x));
        let mut p = match &proxy {
            Some(x) => flag_proxies(x, no_proxy)?,
            None if self.noproxy.is_some() => Proxies::from_vars(|k| {
                if k.eq_ignore_ascii_case("no_proxy") {
                    no_proxy(k)
                } else {
                    env(k)
                }
            })
            .map_err(|e| e.to_string())?,
            None => Proxies::from_env().map_err(|e| e.to_string())?,
        };
        for (flag, version, value) in [
            ("--socks5", SocksVersion::Socks5, &self.socks5),
            (
                "--socks5-hostname",
                SocksVersion::Socks5h,
                &self.socks5_hostname,
            ),
        ] {
            if let Some(v) = value {
                let mut s = SocksProxy::parse_as(version, v, flag).map_err(|e| e.to_string())?;
                if let Some((u, pw)) = self.proxy_user.as_deref().and_then(|u| u.split_once(':')) {
                    s = s
                        .with_credentials(u.as_bytes(), pw.as_bytes())
                        .map_err(|e| e.to_string())?;
                }
                p.socks(s);
            }
        }
        for g in &self.gateway {
            p.gateway_spec(g).map_err(|e| e.to_string())?;
        }
        Ok(p)
    }

    /// `-x`'s URL with `-U`'s user and password, unless it names its own.
    fn with_user(&self, x: &str) -> String {
        let Some((user, password)) = self.proxy_user.as_deref().and_then(|u| u.split_once(':'))
        else {
            return x.to_string();
        };
        let (scheme, rest) = match x.split_once("://") {
            Some((s, r)) => (format!("{s}://"), r),
            None => (String::new(), x),
        };
        if rest.split('/').next().is_some_and(|a| a.contains('@')) {
            return x.to_string();
        }
        let enc = |s: &str| pct::encode(s.as_bytes(), &EncodeSet::USERINFO).into_owned();
        format!("{scheme}{}:{}@{rest}", enc(user), enc(password))
    }
}

/// The proxies of `-x URL`, as curl reads it: in place of every proxy
/// variable but `no_proxy` (`no_proxy`, what `--noproxy` or the variable
/// gives), a gateway or a SOCKS proxy by its scheme, named [`PROXY_FLAG`].
fn flag_proxies(x: &str, no_proxy: impl Fn(&str) -> Option<String>) -> Result<Proxies, String> {
    let mut p = Proxies::from_vars(no_proxy).map_err(|e| e.to_string())?;
    p.proxy(x, PROXY_FLAG).map_err(|e| e.to_string())?;
    Ok(p)
}

#[cfg(test)]
mod tests {
    use super::*;
    use uniform::UrlRef;

    #[test]
    fn the_proxy_flag_routes_every_url_and_noproxy_bypasses_it() {
        let o = RouteOptions {
            proxy: Some("http://127.0.0.1:3128".into()),
            noproxy: Some("inside.example".into()),
            ..RouteOptions::default()
        };
        let p = o.proxies().unwrap();
        let out = UrlRef::parse("ftp://outside.example/f").unwrap();
        let g = p.for_url(&out).unwrap();
        assert_eq!(
            (g.url.as_str(), g.source.as_str()),
            ("http://127.0.0.1:3128", "--proxy")
        );
        let inside = UrlRef::parse("ftp://inside.example/f").unwrap();
        assert!(p.for_url(&inside).is_none());
    }

    #[test]
    fn socks_flags_route_by_socks_with_the_proxy_user() {
        let o = RouteOptions {
            socks5_hostname: Some("127.0.0.1:1081".into()),
            proxy_user: Some("u:p w".into()),
            ..RouteOptions::default()
        };
        let p = o.proxies().unwrap();
        let url = UrlRef::parse("gopher://g.example/").unwrap();
        let s = p.socks_for(&url).unwrap();
        assert_eq!(s.version(), SocksVersion::Socks5h);
        assert_eq!((s.host(), s.port()), ("127.0.0.1", 1081));
        assert!(s.has_credentials());
        assert!(!format!("{s:?}").contains("p w"));
    }

    #[test]
    fn the_proxy_flag_names_itself() {
        let socks = RouteOptions {
            proxy: Some("socks5h://127.0.0.1:1080".into()),
            noproxy: Some("inside.example".into()),
            ..RouteOptions::default()
        };
        let p = socks.proxies().unwrap();
        let out = UrlRef::parse("ftp://outside.example/f").unwrap();
        let s = p.socks_for(&out).unwrap();
        assert_eq!(
            (s.version(), s.source.as_str()),
            (SocksVersion::Socks5h, "--proxy")
        );
        assert!(p.for_url(&out).is_none());
        let inside = UrlRef::parse("ftp://inside.example/f").unwrap();
        assert!(p.socks_for(&inside).is_none());
        // --socks5 after -x wins, as before, under its own name.
        let both = RouteOptions {
            socks5: Some("127.0.0.1:1081".into()),
            ..socks
        };
        let s = both.proxies().unwrap().socks_for(&out).unwrap();
        assert_eq!((s.port(), s.source.as_str()), (1081, "--socks5"));
        // A value no proxy is made of is refused under the flag's name.
        for bad in ["ftp://h:21", "socks6://h", "http://h/path"] {
            let o = RouteOptions {
                proxy: Some(bad.into()),
                ..RouteOptions::default()
            };
            let e = o.proxies().unwrap_err();
            assert!(e.starts_with("--proxy: "), "{bad}: {e}");
        }
    }

    #[test]
    fn the_proxy_user_goes_in_the_proxy_url_unless_it_names_one() {
        let o = RouteOptions {
            proxy_user: Some("me:s3:cret".into()),
            ..RouteOptions::default()
        };
        assert_eq!(o.with_user("http://h:3128"), "http://me:s3%3Acret@h:3128");
        assert_eq!(o.with_user("h:3128"), "me:s3%3Acret@h:3128");
        assert_eq!(o.with_user("http://you:x@h:3128"), "http://you:x@h:3128");
    }
}
