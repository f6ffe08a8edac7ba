//! Addresses a run may refuse to connect to (lychee's
//! `--exclude-private`, `--exclude-link-local`, `--exclude-loopback`,
//! `--exclude-all-private`): classified here, screened by the dial
//! (net.rs, socks.rs) once a name has been resolved and before any
//! connection is opened, so that a name pointing inward is caught as an
//! address literal is.
//!
//! Where the name is resolved elsewhere (a SOCKS5h or SOCKS4a proxy, a
//! gateway or HTTP proxy that is given the whole URL), only an address
//! literal can be screened: [`Exclusions::unscreened`] says so.
//!
//! A leaf module: it reads the route's [`Via`] and nothing of this crate,
//! so that net, socks and error may all use it.

use std::fmt;
use std::io;
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr};
use uniform::plan::Via;

/// A class of addresses a run may exclude.
///
/// # Example
///
/// ```
/// use uniform_access::exclude::AddressClass;
/// let ip = "172.31.255.255".parse().unwrap();
/// assert!(AddressClass::Private.holds(ip));
/// assert!(!AddressClass::Private.holds("172.32.0.0".parse().unwrap()));
/// assert!(AddressClass::Loopback.holds("::ffff:127.0.0.1".parse().unwrap()));
/// assert_eq!(AddressClass::LinkLocal.to_string(), "a link-local address");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum AddressClass {
    /// 127.0.0.0/8 and `::1`; also 0.0.0.0 and `::`, which reach the
    /// local host when connected to (Linux, the BSDs).
    Loopback,
    /// RFC 1918's 10.0.0.0/8, 172.16.0.0/12 and 192.168.0.0/16.
    Private,
    /// 169.254.0.0/16 and fe80::/10.
    LinkLocal,
    /// IPv6 unique local addresses, fc00::/7 (RFC 4193).
    UniqueLocal,
    /// The cloud instance metadata service: 169.254.169.254, and
    /// fd00:ec2::254 (AWS over IPv6).
    CloudMetadata,
}

/// The classes in the order a screened address is named by: the most
/// telling first, so that 169.254.169.254 is named a metadata address
/// when that is what excludes it.
const ORDER: [AddressClass; 5] = [
    AddressClass::Loopback,
    AddressClass::Private,
    AddressClass::CloudMetadata,
    AddressClass::LinkLocal,
    AddressClass::UniqueLocal,
];

impl AddressClass {
    /// Whether `ip` is of this class. An IPv4-mapped IPv6 address
    /// (`::ffff:a.b.c.d`) is taken as the IPv4 address it maps: a
    /// connection to it goes there.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform_access::exclude::AddressClass;
    /// assert!(AddressClass::CloudMetadata.holds("169.254.169.254".parse().unwrap()));
    /// assert!(AddressClass::UniqueLocal.holds("fdff::1".parse().unwrap()));
    /// assert!(!AddressClass::UniqueLocal.holds("fe00::1".parse().unwrap()));
    /// ```
    pub fn holds(self, ip: IpAddr) -> bool {
        match ip.to_canonical() {
            IpAddr::V4(v4) => self.holds_v4(v4),
            IpAddr::V6(v6) => self.holds_v6(v6),
        }
    }

    fn holds_v4(self, ip: Ipv4Addr) -> bool {
        let [a, b, _, _] = ip.octets();
        match self {
            // 0.0.0.0 is "this host": a connection to it reaches the
            // local host on Linux, so it is loopback to a screen.
            AddressClass::Loopback => a == 127 || ip.is_unspecified(),
            AddressClass::Private => {
                a == 10 || (a == 172 && (16..=31).contains(&b)) || (a == 192 && b == 168)
            }
            AddressClass::LinkLocal => a == 169 && b == 254,
            AddressClass::UniqueLocal => false,
            AddressClass::CloudMetadata => ip == Ipv4Addr::new(169, 254, 169, 254),
        }
    }

    fn holds_v6(self, ip: Ipv6Addr) -> bool {
        let first = ip.segments()[0];
        match self {
            // `::` is the IPv6 "this host", connected to as `::1` is.
            AddressClass::Loopback => ip.is_loopback() || ip.is_unspecified(),
            AddressClass::Private => false,
            // fe80::/10: the first ten bits 1111 1110 10.
            AddressClass::LinkLocal => first & 0xffc0 == 0xfe80,
            // fc00::/7: the first seven bits 1111 110.
            AddressClass::UniqueLocal => first & 0xfe00 == 0xfc00,
            AddressClass::CloudMetadata => ip == Ipv6Addr::new(0xfd00, 0xec2, 0, 0, 0, 0, 0, 0x254),
        }
    }

    /// The class of `ip` its most telling name gives (see
    /// [`AddressClass::holds`]); `None` for an address of none.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform_access::exclude::AddressClass;
    /// assert_eq!(AddressClass::of("10.1.2.3".parse().unwrap()), Some(AddressClass::Private));
    /// assert_eq!(AddressClass::of("169.254.169.254".parse().unwrap()), Some(AddressClass::CloudMetadata));
    /// assert_eq!(AddressClass::of("93.184.215.14".parse().unwrap()), None);
    /// ```
    pub fn of(ip: IpAddr) -> Option<AddressClass> {
        ORDER.into_iter().find(|c| c.holds(ip))
    }
}

impl fmt::Display for AddressClass {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            AddressClass::Loopback => "a loopback address",
            AddressClass::Private => "a private address (RFC 1918)",
            AddressClass::LinkLocal => "a link-local address",
            AddressClass::UniqueLocal => "a unique local address (fc00::/7)",
            AddressClass::CloudMetadata => "a cloud metadata address",
        })
    }
}

/// Which classes of addresses no connection may go to (lychee's four
/// flags). Off by default: local documentation links to `localhost`.
///
/// # Example
///
/// ```
/// use uniform_access::exclude::{AddressClass, Exclusions};
/// let mut x = Exclusions::default();
/// x.loopback = true;
/// let e = x.screen("127.0.0.1", "127.0.0.1".parse().unwrap()).unwrap_err();
/// assert_eq!(e.to_string(), "127.0.0.1 is a loopback address (--exclude-loopback)");
/// assert!(x.screen("h", "10.0.0.1".parse().unwrap()).is_ok());
/// assert!(Exclusions::default().is_off());
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct Exclusions {
    /// RFC 1918's private addresses (`--exclude-private`).
    pub private: bool,
    /// Link-local addresses (`--exclude-link-local`).
    pub link_local: bool,
    /// Loopback addresses (`--exclude-loopback`).
    pub loopback: bool,
    /// All the above, unique local addresses and the cloud metadata
    /// addresses (`--exclude-all-private`).
    pub all_private: bool,
}

impl Exclusions {
    /// Every class excluded (`--exclude-all-private`).
    ///
    /// # Example
    ///
    /// ```
    /// use uniform_access::exclude::Exclusions;
    /// assert!(Exclusions::all().screen("h", "fc00::1".parse().unwrap()).is_err());
    /// ```
    pub fn all() -> Exclusions {
        Exclusions {
            all_private: true,
            ..Exclusions::default()
        }
    }

    /// Whether no class is excluded.
    pub fn is_off(&self) -> bool {
        !(self.private || self.link_local || self.loopback || self.all_private)
    }

    /// The flag that excludes `class`, when one does.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform_access::exclude::{AddressClass, Exclusions};
    /// let mut x = Exclusions::default();
    /// x.private = true;
    /// assert_eq!(x.flag(AddressClass::Private), Some("--exclude-private"));
    /// assert_eq!(x.flag(AddressClass::Loopback), None);
    /// assert_eq!(Exclusions::all().flag(AddressClass::Loopback), Some("--exclude-all-private"));
    /// ```
    pub fn flag(&self, class: AddressClass) -> Option<&'static str> {
        let own = match class {
            AddressClass::Loopback => self.loopback.then_some("--exclude-loopback"),
            AddressClass::Private => self.private.then_some("--exclude-private"),
            AddressClass::LinkLocal => self.link_local.then_some("--exclude-link-local"),
            AddressClass::UniqueLocal | AddressClass::CloudMetadata => None,
        };
        own.or(self.all_private.then_some("--exclude-all-private"))
    }

    /// `ip`, an address of `host` a connection would go to, screened: an
    /// error naming the host, the address, its class and the flag when
    /// that class is excluded.
    ///
    /// # Errors
    ///
    /// [`Excluded`] when `ip` is of an excluded class.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform_access::exclude::Exclusions;
    /// let x = Exclusions::all();
    /// let e = x.screen("metadata.test", "169.254.169.254".parse().unwrap()).unwrap_err();
    /// assert_eq!(
    ///     e.to_string(),
    ///     "metadata.test resolves to 169.254.169.254, a cloud metadata address (--exclude-all-private)"
    /// );
    /// ```
    pub fn screen(&self, host: &str, ip: IpAddr) -> Result<(), Excluded> {
        if self.is_off() {
            return Ok(());
        }
        let hit = ORDER
            .into_iter()
            .filter(|c| c.holds(ip))
            .find_map(|c| self.flag(c).map(|flag| (c, flag)));
        match hit {
            Some((class, flag)) => Err(Excluded {
                host: bare(host).to_string(),
                addr: ip,
                class,
                flag,
            }),
            None => Ok(()),
        }
    }

    /// The addresses a connection to `host` may go to, screened all:
    /// one excluded address excludes the host, since the connection may
    /// go to any of them (the first refused, a later one reached), and a
    /// name answering with one inward address among outward ones is the
    /// shape of a rebinding attack.
    ///
    /// # Errors
    ///
    /// As an `io::Error` carrying the [`Excluded`] (see
    /// [`Excluded::into_io`]), for the first excluded address.
    ///
    /// # Example
    ///
    /// ```
    /// use std::net::SocketAddr;
    /// use uniform_access::exclude::{Excluded, Exclusions};
    /// let mut x = Exclusions::default();
    /// x.loopback = true;
    /// let addrs: Vec<SocketAddr> = vec!["93.184.215.14:80".parse()?, "[::1]:80".parse()?];
    /// let e = x.screen_all("two.test", &addrs).unwrap_err();
    /// assert_eq!(Excluded::of(&e).map(|x| x.addr()), Some("::1".parse()?));
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn screen_all(&self, host: &str, addrs: &[SocketAddr]) -> io::Result<()> {
        for a in addrs {
            self.screen(host, a.ip()).map_err(Excluded::into_io)?;
        }
        Ok(())
    }

    /// `host` screened when it is an address literal (brackets allowed);
    /// a name passes, as it is not resolved here.
    ///
    /// # Errors
    ///
    /// [`Excluded`] when `host` is an excluded address.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform_access::exclude::Exclusions;
    /// let x = Exclusions::all();
    /// assert!(x.screen_literal("[::ffff:127.0.0.1]").is_err());
    /// assert!(x.screen_literal("localhost").is_ok());
    /// ```
    pub fn screen_literal(&self, host: &str) -> Result<(), Excluded> {
        match bare(host).parse::<IpAddr>() {
            Ok(ip) => self.screen(host, ip),
            Err(_) => Ok(()),
        }
    }

    /// Why `host` on a route through `via` could not be screened: the
    /// proxy resolves the name (a gateway, an HTTP proxy or tunnel,
    /// SOCKS5h, SOCKS4a), so only an address literal is. `None` when the
    /// exclusions are off, the host is a literal, or names are resolved
    /// here.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::plan::{Proxy, Via};
    /// use uniform_access::exclude::Exclusions;
    /// let via = Via::HttpProxy(Proxy::new("127.0.0.1", 3128, "--proxy"));
    /// let note = Exclusions::all().unscreened(&via, "intranet.test").unwrap();
    /// assert!(note.starts_with("intranet.test was not resolved here"));
    /// assert!(Exclusions::all().unscreened(&via, "10.0.0.1").is_none());
    /// assert!(Exclusions::all().unscreened(&Via::Direct, "intranet.test").is_none());
    /// ```
    pub fn unscreened(&self, via: &Via, host: &str) -> Option<String> {
        if self.is_off() || resolved_here(via) || bare(host).parse::<IpAddr>().is_ok() {
            return None;
        }
        Some(format!(
            "{} was not resolved here ({} resolves names): the address exclusions apply to address literals only",
            bare(host),
            via.name()
        ))
    }
}

/// Whether names are resolved by this client on a route through `via`,
/// so that the addresses a connection goes to can be screened.
///
/// # Example
///
/// ```
/// use uniform::plan::{Proxy, SocksVersion, Via};
/// use uniform_access::exclude::resolved_here;
/// let socks = |version| Via::Socks { version, proxy: Proxy::new("p", 1080, "--proxy") };
/// assert!(resolved_here(&Via::Direct) && resolved_here(&socks(SocksVersion::Socks5)));
/// assert!(!resolved_here(&socks(SocksVersion::Socks5h)));
/// ```
pub fn resolved_here(via: &Via) -> bool {
    match via {
        Via::Direct => true,
        Via::Socks { version, .. } => !version.remote_names(),
        _ => false,
    }
}

/// Whether the connections on a route through `via` go to the URL's
/// host (directly or by a SOCKS proxy's CONNECT) rather than to a proxy
/// given the whole URL: only those are screened by the dial.
pub(crate) fn dials_the_host(via: &Via) -> bool {
    matches!(via, Via::Direct | Via::Socks { .. })
}

fn bare(host: &str) -> &str {
    host.strip_prefix('[')
        .and_then(|h| h.strip_suffix(']'))
        .unwrap_or(host)
}

/// A connection refused because its address is of an excluded class:
/// the payload of the `io::Error` the dial returns, so that the access
/// error ([`crate::AccessErrorKind::Excluded`]) can say so however many
/// layers it went through.
///
/// # Example
///
/// ```
/// use uniform_access::exclude::{AddressClass, Excluded, Exclusions};
/// let mut x = Exclusions::default();
/// x.link_local = true;
/// let e = x.screen("[fe80::1]", "fe80::1".parse().unwrap()).unwrap_err();
/// assert_eq!((e.host(), e.class(), e.flag()), ("fe80::1", AddressClass::LinkLocal, "--exclude-link-local"));
/// let io = e.clone().into_io();
/// assert_eq!(Excluded::of(&io), Some(&e));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Excluded {
    host: String,
    addr: IpAddr,
    class: AddressClass,
    flag: &'static str,
}

impl Excluded {
    /// The host connected to, as the URL names it (without brackets).
    pub fn host(&self) -> &str {
        &self.host
    }

    /// The address excluded.
    pub fn addr(&self) -> IpAddr {
        self.addr
    }

    /// Its class.
    pub fn class(&self) -> AddressClass {
        self.class
    }

    /// The flag that excludes it.
    pub fn flag(&self) -> &'static str {
        self.flag
    }

    /// As an `io::Error` (kind `PermissionDenied`) carrying it.
    pub fn into_io(self) -> io::Error {
        io::Error::new(io::ErrorKind::PermissionDenied, self)
    }

    /// The exclusion an `io::Error` carries, if any.
    pub fn of(e: &io::Error) -> Option<&Excluded> {
        e.get_ref()
            .and_then(|inner| inner.downcast_ref::<Excluded>())
    }
}

impl fmt::Display for Excluded {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (addr, class, flag) = (self.addr, self.class, self.flag);
        if self.host.parse::<IpAddr>().is_ok() {
            write!(f, "{addr} is {class} ({flag})")
        } else {
            write!(f, "{} resolves to {addr}, {class} ({flag})", self.host)
        }
    }
}

impl std::error::Error for Excluded {}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(s: &str) -> IpAddr {
        s.parse().unwrap()
    }

    fn class(s: &str) -> Option<AddressClass> {
        AddressClass::of(ip(s))
    }

    #[test]
    fn rfc_1918_bounds() {
        use AddressClass::Private;
        assert_eq!(class("172.15.255.255"), None);
        assert_eq!(class("172.16.0.0"), Some(Private));
        assert_eq!(class("172.31.255.255"), Some(Private));
        assert_eq!(class("172.32.0.0"), None);
        assert_eq!(class("10.0.0.0"), Some(Private));
        assert_eq!(class("10.255.255.255"), Some(Private));
        assert_eq!(class("11.0.0.0"), None);
        assert_eq!(class("9.255.255.255"), None);
        assert_eq!(class("192.168.0.0"), Some(Private));
        assert_eq!(class("192.168.255.255"), Some(Private));
        assert_eq!(class("192.169.0.0"), None);
        assert_eq!(class("192.167.255.255"), None);
    }

    #[test]
    fn loopback_and_this_host() {
        use AddressClass::Loopback;
        for a in ["127.0.0.1", "127.255.255.255", "::1", "0.0.0.0", "::"] {
            assert_eq!(class(a), Some(Loopback), "{a}");
        }
        assert_eq!(class("128.0.0.0"), None);
        assert_eq!(class("126.255.255.255"), None);
        assert_eq!(class("0.0.0.1"), None);
        assert_eq!(class("::2"), None);
    }

    #[test]
    fn link_local_bounds() {
        use AddressClass::LinkLocal;
        assert_eq!(class("169.254.0.0"), Some(LinkLocal));
        assert_eq!(class("169.254.255.255"), Some(LinkLocal));
        assert_eq!(class("169.253.255.255"), None);
        assert_eq!(class("169.255.0.0"), None);
        assert_eq!(class("fe80::1"), Some(LinkLocal));
        assert_eq!(class("febf:ffff::1"), Some(LinkLocal));
        assert_eq!(class("febf::1"), Some(LinkLocal));
        assert_eq!(class("fec0::1"), None);
        assert_eq!(class("fe7f::1"), None);
    }

    #[test]
    fn unique_local_bounds() {
        use AddressClass::UniqueLocal;
        assert_eq!(class("fc00::"), Some(UniqueLocal));
        assert_eq!(
            class("fdff:ffff:ffff:ffff:ffff:ffff:ffff:ffff"),
            Some(UniqueLocal)
        );
        assert_eq!(class("fbff:ffff:ffff:ffff:ffff:ffff:ffff:ffff"), None);
        assert_eq!(class("fe00::"), None);
    }

    #[test]
    fn metadata_addresses() {
        use AddressClass::CloudMetadata;
        assert_eq!(class("169.254.169.254"), Some(CloudMetadata));
        assert_eq!(class("fd00:ec2::254"), Some(CloudMetadata));
        assert_eq!(class("::ffff:169.254.169.254"), Some(CloudMetadata));
        // Also link-local and unique local: each flag names its own.
        assert!(AddressClass::LinkLocal.holds(ip("169.254.169.254")));
        assert!(AddressClass::UniqueLocal.holds(ip("fd00:ec2::254")));
    }

    #[test]
    fn mapped_addresses_are_their_ipv4_address() {
        assert_eq!(class("::ffff:127.0.0.1"), Some(AddressClass::Loopback));
        assert_eq!(class("::ffff:10.0.0.1"), Some(AddressClass::Private));
        assert_eq!(class("::ffff:169.254.1.1"), Some(AddressClass::LinkLocal));
        assert_eq!(class("::ffff:8.8.8.8"), None);
    }

    #[test]
    fn each_flag_excludes_its_own_classes() {
        let only = |f: fn(&mut Exclusions)| {
            let mut x = Exclusions::default();
            f(&mut x);
            x
        };
        let private = only(|x| x.private = true);
        assert!(private.screen("h", ip("10.0.0.1")).is_err());
        assert!(private.screen("h", ip("127.0.0.1")).is_ok());
        assert!(private.screen("h", ip("169.254.169.254")).is_ok());
        assert!(private.screen("h", ip("fc00::1")).is_ok());
        let loopback = only(|x| x.loopback = true);
        assert!(loopback.screen("h", ip("::ffff:127.0.0.1")).is_err());
        assert!(loopback.screen("h", ip("0.0.0.0")).is_err());
        assert!(loopback.screen("h", ip("192.168.1.1")).is_ok());
        let link = only(|x| x.link_local = true);
        let e = link.screen("h", ip("169.254.169.254")).unwrap_err();
        assert_eq!(e.class(), AddressClass::LinkLocal);
        assert!(link.screen("h", ip("fd00:ec2::254")).is_ok());
        let all = Exclusions::all();
        for a in [
            "127.0.0.1",
            "10.1.1.1",
            "169.254.1.1",
            "fe80::1",
            "fc00::1",
            "fd00:ec2::254",
        ] {
            assert!(all.screen("h", ip(a)).is_err(), "{a}");
        }
        let e = all.screen("h", ip("169.254.169.254")).unwrap_err();
        assert_eq!(e.class(), AddressClass::CloudMetadata);
        assert!(all.screen("h", ip("93.184.215.14")).is_ok());
        assert!(all.screen("h", ip("2001:db8::1")).is_ok());
        assert!(Exclusions::default().screen("h", ip("127.0.0.1")).is_ok());
    }

    #[test]
    fn messages_name_host_address_class_and_flag() {
        let x = Exclusions {
            loopback: true,
            ..Exclusions::default()
        };
        let e = x.screen("[::1]", ip("::1")).unwrap_err();
        assert_eq!(
            e.to_string(),
            "::1 is a loopback address (--exclude-loopback)"
        );
        let e = x.screen("localhost", ip("127.0.0.1")).unwrap_err();
        assert_eq!(
            e.to_string(),
            "localhost resolves to 127.0.0.1, a loopback address (--exclude-loopback)"
        );
    }

    #[test]
    fn only_routes_that_resolve_here_are_screened_after_resolution() {
        use uniform::plan::{Proxy, SocksVersion};
        let p = || Proxy::new("p", 1, "--proxy");
        let socks = |version| Via::Socks {
            version,
            proxy: p(),
        };
        assert!(resolved_here(&socks(SocksVersion::Socks4)));
        assert!(!resolved_here(&socks(SocksVersion::Socks4a)));
        assert!(!resolved_here(&Via::HttpProxy(p())));
        assert!(dials_the_host(&socks(SocksVersion::Socks5h)));
        assert!(!dials_the_host(&Via::Gateway {
            proxy: p(),
            tls: false
        }));
        assert!(!dials_the_host(&Via::Tunnel {
            proxy: p(),
            tls: false
        }));
    }
}
