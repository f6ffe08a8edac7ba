//! The route of an access: how its connections reach the servers of the
//! plan (directly, through an HTTP gateway or proxy, a CONNECT tunnel or a
//! SOCKS proxy), and which addresses they may go to (curl's `--resolve`,
//! `-4`, `-6`).
//!
//! Plain data, decided once by the access side's planner from its
//! configuration and carried by the [`Approved`](super::Approved) plan,
//! so that `uniform plan` shows the route `uniform fetch` takes and the
//! executors take it without deciding again. A proxy is named by its host,
//! port and where it was configured; never by its password, which stays
//! with the configuration that logs in.

use crate::prelude::*;
use core::fmt;
use core::net::IpAddr;

/// The route of one access: through what its connections go, the
/// addresses pinned for names, the address family.
///
/// # Example
///
/// ```
/// use uniform::plan::{Family, Route};
/// let r = Route::default();
/// assert!(r.is_direct() && r.pins.is_empty() && r.family == Family::Any);
/// assert_eq!(r.lines(), ["direct"]);
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Route {
    /// What the connections go through.
    pub via: Via,
    /// The addresses that names resolve to instead of the resolver's
    /// (`--resolve`), in the order given; none through a SOCKS proxy,
    /// which takes the names to its own rules.
    pub pins: Vec<Pin>,
    /// The addresses a connection may go to (`-4`, `-6`).
    pub family: Family,
}

/// What the connections of an access go through.
///
/// # Example
///
/// ```
/// use uniform::plan::{Proxy, SocksVersion, Via};
/// let v = Via::Socks { version: SocksVersion::Socks5h, proxy: Proxy::new("127.0.0.1", 1080, "--proxy") };
/// assert_eq!(v.name(), "socks5h");
/// assert_eq!(v.proxy().map(|p| p.port), Some(1080));
/// assert_eq!(v.to_string(), "socks5h 127.0.0.1:1080 (--proxy): names resolved by the proxy");
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Via {
    /// Straight to the plan's servers.
    #[default]
    Direct,
    /// An HTTP gateway configured for the URL's scheme (`--gateway`,
    /// RFC 1738 section 4's "gateway locators"): the whole URL on its
    /// request line.
    Gateway {
        /// The gateway.
        proxy: Proxy,
        /// Reached over TLS (an `https://` gateway).
        tls: bool,
    },
    /// An `http://` proxy: the whole URL on its request line (RFC 1630).
    HttpProxy(Proxy),
    /// An `https://` proxy: the whole URL on its request line, over TLS to
    /// the proxy.
    HttpsProxy(Proxy),
    /// A CONNECT tunnel through a proxy or gateway, TLS to the server
    /// inside it: an `https` URL, which the proxy never reads.
    Tunnel {
        /// The proxy that opens the tunnel.
        proxy: Proxy,
        /// The proxy itself reached over TLS (an `https://` proxy).
        tls: bool,
    },
    /// A SOCKS proxy that opens every TCP connection of the access.
    Socks {
        /// Which SOCKS, and who resolves the names.
        version: SocksVersion,
        /// The proxy.
        proxy: Proxy,
    },
}

/// A proxy as a route names it: host, port and where it was configured
/// (the flag, or the variable); its password is not here.
///
/// # Example
///
/// ```
/// use uniform::plan::Proxy;
/// assert_eq!(Proxy::new("::1", 3128, "all_proxy").to_string(), "[::1]:3128 (all_proxy)");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Proxy {
    /// The host, without the brackets of an IPv6 literal.
    pub host: String,
    /// The port.
    pub port: u16,
    /// Where it was configured: `--proxy`, `--socks5`, `--gateway ftp`,
    /// `ftp_proxy`, `all_proxy`.
    pub from: String,
}

/// Which SOCKS a proxy speaks, and who resolves the target's name.
///
/// # Example
///
/// ```
/// use uniform::plan::SocksVersion;
/// assert_eq!(SocksVersion::Socks5h.scheme(), "socks5h");
/// assert!(SocksVersion::Socks5h.remote_names() && !SocksVersion::Socks5.remote_names());
/// assert_eq!(SocksVersion::Socks4a.to_string(), "SOCKS4a");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SocksVersion {
    /// SOCKS5 (RFC 1928), the target's name resolved by the client and its
    /// address sent (`socks5://`, curl's `--socks5`).
    Socks5,
    /// SOCKS5, the target's name sent for the proxy to resolve
    /// (`socks5h://`, curl's `--socks5-hostname`).
    Socks5h,
    /// SOCKS4, an IPv4 address resolved by the client (`socks4://`,
    /// `socks://`); no password, the user name goes as the user id.
    Socks4,
    /// SOCKS4a, the target's name sent for the proxy to resolve
    /// (`socks4a://`).
    Socks4a,
}

/// One name's pinned addresses (`--resolve HOST:PORT:ADDR[,ADDR]...`).
///
/// # Example
///
/// ```
/// use uniform::plan::Pin;
/// let p = Pin { host: "h.test".into(), port: 443, addrs: vec!["127.0.0.1".parse().unwrap()] };
/// assert!(p.matches("H.test", 443) && !p.matches("h.test", 80));
/// assert_eq!(p.to_string(), "h.test:443 -> 127.0.0.1");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Pin {
    /// The host name (compared without regard to case); `*` for any.
    pub host: String,
    /// The port.
    pub port: u16,
    /// The addresses, tried in order.
    pub addrs: Vec<IpAddr>,
}

/// The addresses a connection may go to (curl's `-4`, `-6`).
///
/// # Example
///
/// ```
/// use uniform::plan::Family;
/// assert!(Family::V4.holds(&"127.0.0.1".parse().unwrap()));
/// assert!(!Family::V6.holds(&"127.0.0.1".parse().unwrap()));
/// assert!(Family::Any.holds(&"::1".parse().unwrap()));
/// assert_eq!(Family::V6.name(), "ipv6");
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Family {
    /// Any address.
    #[default]
    Any,
    /// IPv4 only (`-4`).
    V4,
    /// IPv6 only (`-6`).
    V6,
}

impl Route {
    /// A route through `via`, with no pins, any family.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::plan::{Proxy, Route, Via};
    /// let r = Route::new(Via::HttpProxy(Proxy::new("p", 3128, "--proxy")));
    /// assert!(!r.is_direct());
    /// ```
    pub fn new(via: Via) -> Route {
        Route {
            via,
            ..Route::default()
        }
    }

    /// Whether the connections go straight to the plan's servers.
    ///
    /// # Example
    ///
    /// ```
    /// assert!(uniform::plan::Route::default().is_direct());
    /// ```
    pub fn is_direct(&self) -> bool {
        self.via == Via::Direct
    }

    /// The pin for `host` on `port`: the host's own, else the one for
    /// `*`, as curl looks them up.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::plan::{Pin, Route};
    /// let pin = |h: &str| Pin { host: h.into(), port: 80, addrs: vec!["127.0.0.1".parse().unwrap()] };
    /// let mut r = Route::default();
    /// r.pins = vec![pin("*"), pin("a.test")];
    /// assert_eq!(r.pinned("A.TEST", 80).map(|p| p.host.as_str()), Some("a.test"));
    /// assert_eq!(r.pinned("b.test", 80).map(|p| p.host.as_str()), Some("*"));
    /// assert!(r.pinned("b.test", 81).is_none());
    /// ```
    pub fn pinned(&self, host: &str, port: u16) -> Option<&Pin> {
        self.pins
            .iter()
            .find(|p| p.matches(host, port))
            .or_else(|| self.pins.iter().find(|p| p.matches("*", port)))
    }

    /// The route as `uniform plan` shows it, one line a decision (each
    /// printed after `# route `): what the connections go through, then
    /// each pin, then the family when it is not any.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::plan::{Family, Pin, Route};
    /// let mut r = Route::default();
    /// r.pins.push(Pin { host: "h".into(), port: 443, addrs: vec!["127.0.0.1".parse().unwrap(), "::1".parse().unwrap()] });
    /// r.family = Family::V4;
    /// assert_eq!(r.lines(), ["direct", "resolve h:443 -> 127.0.0.1, ::1 (--resolve)", "family ipv4 (-4)"]);
    /// ```
    pub fn lines(&self) -> Vec<String> {
        let mut out = vec![self.via.to_string()];
        out.extend(self.pins.iter().map(|p| format!("resolve {p} (--resolve)")));
        if let Some(flag) = self.family.flag() {
            out.push(format!("family {} ({flag})", self.family.name()));
        }
        out
    }
}

impl fmt::Display for Route {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for line in self.lines() {
            writeln!(f, "# route {line}")?;
        }
        Ok(())
    }
}

impl Via {
    /// Its name in `uniform plan`'s text and JSON: `direct`, `gateway`,
    /// `http-proxy`, `https-proxy`, `tunnel`, `socks4`, `socks4a`,
    /// `socks5`, `socks5h`.
    ///
    /// # Example
    ///
    /// ```
    /// assert_eq!(uniform::plan::Via::Direct.name(), "direct");
    /// ```
    pub fn name(&self) -> &'static str {
        match self {
            Via::Direct => "direct",
            Via::Gateway { .. } => "gateway",
            Via::HttpProxy(_) => "http-proxy",
            Via::HttpsProxy(_) => "https-proxy",
            Via::Tunnel { .. } => "tunnel",
            Via::Socks { version, .. } => version.scheme(),
        }
    }

    /// The proxy or gateway the connections go to, `None` when direct.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::plan::{Proxy, Via};
    /// let v = Via::Tunnel { proxy: Proxy::new("p", 3128, "--proxy"), tls: false };
    /// assert_eq!(v.proxy().map(|p| p.host.as_str()), Some("p"));
    /// assert!(Via::Direct.proxy().is_none());
    /// ```
    pub fn proxy(&self) -> Option<&Proxy> {
        match self {
            Via::Direct => None,
            Via::Gateway { proxy, .. }
            | Via::HttpProxy(proxy)
            | Via::HttpsProxy(proxy)
            | Via::Tunnel { proxy, .. }
            | Via::Socks { proxy, .. } => Some(proxy),
        }
    }

    /// Whether the proxy itself is reached over TLS.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::plan::{Proxy, Via};
    /// assert!(Via::HttpsProxy(Proxy::new("p", 443, "-x")).tls());
    /// assert!(!Via::Direct.tls());
    /// ```
    pub fn tls(&self) -> bool {
        match self {
            Via::HttpsProxy(_) => true,
            Via::Gateway { tls, .. } | Via::Tunnel { tls, .. } => *tls,
            _ => false,
        }
    }
}

impl fmt::Display for Via {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())?;
        if let Some(p) = self.proxy() {
            write!(f, " {p}")?;
        }
        match self {
            Via::Gateway { tls: true, .. } => f.write_str(": TLS to the gateway"),
            Via::Tunnel { tls: true, .. } => f.write_str(": TLS to the proxy"),
            // SOCKS4 carries no name: the client resolves it, as with
            // socks5.
            Via::Socks { version, .. } if version.remote_names() => {
                f.write_str(": names resolved by the proxy")
            }
            Via::Socks { .. } => f.write_str(": names resolved here"),
            _ => Ok(()),
        }
    }
}

impl Proxy {
    /// A proxy at `host`:`port`, configured by `from`.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::plan::Proxy;
    /// assert_eq!(Proxy::new("p", 1080, "--socks5").from, "--socks5");
    /// ```
    pub fn new(host: &str, port: u16, from: &str) -> Proxy {
        Proxy {
            host: host.to_string(),
            port,
            from: from.to_string(),
        }
    }

    /// `host:port`, brackets around an IPv6 literal.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::plan::Proxy;
    /// assert_eq!(Proxy::new("::1", 1080, "-x").authority(), "[::1]:1080");
    /// ```
    pub fn authority(&self) -> String {
        if self.host.contains(':') {
            format!("[{}]:{}", self.host, self.port)
        } else {
            format!("{}:{}", self.host, self.port)
        }
    }
}

impl fmt::Display for Proxy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({})", self.authority(), self.from)
    }
}

impl SocksVersion {
    /// The scheme of its proxy URLs.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::plan::SocksVersion;
    /// assert_eq!(SocksVersion::Socks4.scheme(), "socks4");
    /// ```
    pub fn scheme(self) -> &'static str {
        match self {
            SocksVersion::Socks5 => "socks5",
            SocksVersion::Socks5h => "socks5h",
            SocksVersion::Socks4 => "socks4",
            SocksVersion::Socks4a => "socks4a",
        }
    }

    /// The version a proxy URL's lower-case scheme names; curl reads a
    /// bare `socks` as SOCKS4.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::plan::SocksVersion;
    /// assert_eq!(SocksVersion::from_scheme("socks"), Some(SocksVersion::Socks4));
    /// assert_eq!(SocksVersion::from_scheme("http"), None);
    /// ```
    pub fn from_scheme(scheme: &str) -> Option<SocksVersion> {
        match scheme {
            "socks5" => Some(SocksVersion::Socks5),
            "socks5h" => Some(SocksVersion::Socks5h),
            "socks4" | "socks" => Some(SocksVersion::Socks4),
            "socks4a" => Some(SocksVersion::Socks4a),
            _ => None,
        }
    }

    /// Whether the proxy resolves the target's name (the name is sent).
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::plan::SocksVersion;
    /// assert!(SocksVersion::Socks4a.remote_names());
    /// ```
    pub fn remote_names(self) -> bool {
        matches!(self, SocksVersion::Socks5h | SocksVersion::Socks4a)
    }

    /// Whether it is SOCKS5 (with or without remote names).
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::plan::SocksVersion;
    /// assert!(SocksVersion::Socks5h.is_socks5() && !SocksVersion::Socks4.is_socks5());
    /// ```
    pub fn is_socks5(self) -> bool {
        matches!(self, SocksVersion::Socks5 | SocksVersion::Socks5h)
    }
}

impl fmt::Display for SocksVersion {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            SocksVersion::Socks5 => "SOCKS5",
            SocksVersion::Socks5h => "SOCKS5h",
            SocksVersion::Socks4 => "SOCKS4",
            SocksVersion::Socks4a => "SOCKS4a",
        })
    }
}

impl Pin {
    /// Whether it pins `host` (without regard to case) on `port`.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::plan::Pin;
    /// let p = Pin { host: "*".into(), port: 80, addrs: Vec::new() };
    /// assert!(p.matches("*", 80) && !p.matches("h", 80));
    /// ```
    pub fn matches(&self, host: &str, port: u16) -> bool {
        self.port == port && self.host.eq_ignore_ascii_case(host)
    }
}

impl fmt::Display for Pin {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{} ->", self.host, self.port)?;
        for (i, a) in self.addrs.iter().enumerate() {
            let sep = if i == 0 { " " } else { ", " };
            write!(f, "{sep}{a}")?;
        }
        Ok(())
    }
}

impl Family {
    /// Whether `ip` is of this family.
    ///
    /// # Example
    ///
    /// ```
    /// assert!(uniform::plan::Family::V6.holds(&"::1".parse().unwrap()));
    /// ```
    pub fn holds(self, ip: &IpAddr) -> bool {
        match self {
            Family::Any => true,
            Family::V4 => ip.is_ipv4(),
            Family::V6 => ip.is_ipv6(),
        }
    }

    /// Its name in `uniform plan`'s text and JSON: `any`, `ipv4`, `ipv6`.
    ///
    /// # Example
    ///
    /// ```
    /// assert_eq!(uniform::plan::Family::Any.name(), "any");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            Family::Any => "any",
            Family::V4 => "ipv4",
            Family::V6 => "ipv6",
        }
    }

    /// The flag that asks for it, `None` for any.
    ///
    /// # Example
    ///
    /// ```
    /// assert_eq!(uniform::plan::Family::V4.flag(), Some("-4"));
    /// ```
    pub fn flag(self) -> Option<&'static str> {
        match self {
            Family::Any => None,
            Family::V4 => Some("-4"),
            Family::V6 => Some("-6"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn proxy() -> Proxy {
        Proxy::new("p.example", 3128, "--proxy")
    }

    #[test]
    fn every_via_has_its_line() {
        let socks = |version| Via::Socks {
            version,
            proxy: Proxy::new("127.0.0.1", 1080, "--socks5"),
        };
        for (via, line) in [
            (Via::Direct, "direct"),
            (
                Via::Gateway {
                    proxy: Proxy::new("gw", 8001, "--gateway wais"),
                    tls: false,
                },
                "gateway gw:8001 (--gateway wais)",
            ),
            (
                Via::Gateway {
                    proxy: Proxy::new("gw", 443, "--gateway ftp"),
                    tls: true,
                },
                "gateway gw:443 (--gateway ftp): TLS to the gateway",
            ),
            (
                Via::HttpProxy(proxy()),
                "http-proxy p.example:3128 (--proxy)",
            ),
            (
                Via::HttpsProxy(proxy()),
                "https-proxy p.example:3128 (--proxy)",
            ),
            (
                Via::Tunnel {
                    proxy: proxy(),
                    tls: false,
                },
                "tunnel p.example:3128 (--proxy)",
            ),
            (
                Via::Tunnel {
                    proxy: proxy(),
                    tls: true,
                },
                "tunnel p.example:3128 (--proxy): TLS to the proxy",
            ),
            (
                socks(SocksVersion::Socks4),
                "socks4 127.0.0.1:1080 (--socks5): names resolved here",
            ),
            (
                socks(SocksVersion::Socks4a),
                "socks4a 127.0.0.1:1080 (--socks5): names resolved by the proxy",
            ),
            (
                socks(SocksVersion::Socks5),
                "socks5 127.0.0.1:1080 (--socks5): names resolved here",
            ),
            (
                socks(SocksVersion::Socks5h),
                "socks5h 127.0.0.1:1080 (--socks5): names resolved by the proxy",
            ),
        ] {
            assert_eq!(via.to_string(), line);
            assert!(line.starts_with(via.name()));
        }
    }

    #[test]
    fn the_route_prints_its_decisions_in_order() {
        let r = Route {
            via: Via::Direct,
            pins: vec![Pin {
                host: "[::1]".into(),
                port: 80,
                addrs: vec!["::1".parse().unwrap()],
            }],
            family: Family::V6,
        };
        assert_eq!(
            r.to_string(),
            "# route direct\n# route resolve [::1]:80 -> ::1 (--resolve)\n# route family ipv6 (-6)\n"
        );
    }
}
