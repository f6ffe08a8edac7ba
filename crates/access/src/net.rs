//! Connections with time limits, the low-speed limit every reader of a
//! peer counts its octets against ([`Pace`]), the errors that name the
//! limit a peer broke ([`Breach`]), and the one bounded line read under
//! every line-based reader of the crate (the line layer in `line`, HTTP's
//! heads).
//!
//! Every TCP connection of an access is opened by a `Dial`, which carries
//! what the connection needs from the session (the `-v` tracer) and from
//! the plan's route ([`uniform::plan::Route`]: the `--resolve` pins, the
//! address family, the SOCKS proxy that takes connections over) and from
//! the fetch's options (the address classes excluded, screened once a
//! name is resolved and before anything is connected: `exclude`): handed
//! down explicitly, so that nothing here depends on what runs on the
//! thread, and nothing here decides the route again.

use crate::exclude::{self, Exclusions};
use crate::proxy::SocksProxy;
use crate::trace::Tracer;
use std::fmt;
use std::io::{self, BufRead, Read};
use std::net::{IpAddr, SocketAddr, TcpStream, ToSocketAddrs};
use std::time::{Duration, Instant};
use uniform::plan::{Family, Pin, Route};

/// How the connections of one access are made: the route they take (the
/// addresses pinned, the family, the SOCKS proxy that opens them, with
/// its login), where the trace goes. Borrowed from the plan and the
/// session for the length of one access; the time limits are given to
/// each connection, since each has them cut to what is left of the
/// access.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Dial<'a> {
    /// The plan's route; `None` for a connection of no plan (the
    /// system's resolver, any family).
    pub(crate) route: Option<&'a Route>,
    pub(crate) socks: Option<&'a SocksProxy>,
    pub(crate) tracer: Option<&'a Tracer>,
    /// The classes of addresses no connection to the URL's host may go
    /// to ([`Dial::screening`] says when they apply).
    pub(crate) exclusions: Exclusions,
}

impl<'a> Dial<'a> {
    /// Whether the connections go through a SOCKS proxy: then a server
    /// cannot connect back (FTP's `PORT`), since the proxy only connects
    /// out.
    pub(crate) fn through_socks(&self) -> bool {
        self.socks.is_some()
    }

    /// The exclusions the connections of this dial are screened by: its
    /// own when they go to the URL's host (directly, or by a SOCKS
    /// proxy's CONNECT), none when they go to a gateway or an HTTP proxy
    /// (the proxy is no target: its own address is the user's choice,
    /// and the URL's host is screened, as a literal, by the exchange
    /// that hands the proxy the URL).
    fn screening(&self) -> Exclusions {
        match self.route {
            Some(r) if !exclude::dials_the_host(&r.via) => Exclusions::default(),
            _ => self.exclusions,
        }
    }

    /// Connects to `to`, an address a server gave for a second
    /// connection on the host `name` (FTP's passive data connection),
    /// within `wait`. Through a SOCKS proxy the connection is to `name`
    /// on the port of `to`, as curl makes it: the proxy reaches the host
    /// as it reached it for the control connection (by name with
    /// socks5h), and the address a server announces may mean nothing
    /// where the proxy is.
    pub(crate) fn connect_to(
        &self,
        name: &str,
        to: SocketAddr,
        wait: Duration,
    ) -> io::Result<TcpStream> {
        let screen = self.screening();
        match self.socks {
            Some(p) => crate::socks::connect(p, name, to.port(), wait, wait, screen, self.tracer),
            None => {
                // The address is the server's word, not a name resolved
                // here: screened all the same, so that a server cannot
                // aim the client inward.
                screen.screen_all(name, &[to])?;
                TcpStream::connect_timeout(&to, wait)
            }
        }
    }

    /// [`connect`], through this dial's proxy, pins and tracer.
    pub(crate) fn connect(&self, host: &str, port: u16, t: &Timeouts) -> io::Result<TcpStream> {
        self.connect_noting(host, port, t).map(|(s, _)| s)
    }

    /// [`Dial::connect`], and when the host's addresses were known
    /// (curl's `time_namelookup`; through a SOCKS proxy, which resolves
    /// the name itself or is given an address, when the proxy was asked).
    pub(crate) fn connect_noting(
        &self,
        host: &str,
        port: u16,
        t: &Timeouts,
    ) -> io::Result<(TcpStream, Instant)> {
        let screen = self.screening();
        if let Some(p) = self.socks {
            let asked = Instant::now();
            return crate::socks::connect(p, host, port, t.connect, t.idle, screen, self.tracer)
                .map(|s| (s, asked));
        }
        let mut last = Unresolved::io(format!("{host} has no address"));
        let addrs = match self.route {
            Some(r) => addresses(r, host, port)?,
            None => addresses(&Route::default(), host, port)?,
        };
        let resolved = Instant::now();
        // Every address the connection may go to (the pins' or the
        // resolver's, of the family kept), before any is tried.
        screen.screen_all(host, &addrs)?;
        for addr in addrs {
            match TcpStream::connect_timeout(&addr, t.connect) {
                Ok(s) => {
                    s.set_read_timeout(Some(t.idle))?;
                    s.set_write_timeout(Some(t.idle))?;
                    s.set_nodelay(true)?;
                    crate::trace::info(
                        self.tracer,
                        &format!("Connected to {host} ({}) port {port}", addr.ip()),
                    );
                    return Ok((s, resolved));
                }
                Err(e) => last = e,
            }
        }
        Err(last)
    }
}

/// The time limits of an access, as curl has them.
///
/// # Example
///
/// ```
/// use std::time::Duration;
/// use uniform_access::Timeouts;
/// let t = Timeouts::default();
/// assert_eq!(t.connect, Duration::from_secs(30));
/// assert_eq!(t.speed.limit, 100);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Timeouts {
    /// To open a connection.
    pub connect: Duration,
    /// Between two reads (or writes) once connected.
    pub idle: Duration,
    /// For the whole access; `None` for no limit.
    pub total: Option<Duration>,
    /// The low-speed limit, once a peer has started to send.
    pub speed: Speed,
}

impl Default for Timeouts {
    fn default() -> Timeouts {
        Timeouts {
            connect: Duration::from_secs(30),
            idle: Duration::from_secs(60),
            total: None,
            speed: Speed::default(),
        }
    }
}

/// curl's low-speed limit (`--speed-limit`, `--speed-time`): a peer that
/// brings fewer than `limit` octets a second over `time` is cut off, a
/// silent one included. Unlike curl's, it is on by default (100 octets a
/// second over 30 seconds), so that a peer trickling one octet a second
/// cannot hold an access for ever; a `limit` of 0 turns it off.
///
/// When `from_request` is set (the user gave either option, as with
/// curl), the window opens as soon as a reply is awaited, so a peer that
/// does not answer at all is cut off after `time` too. By default it opens
/// at the reply's first octet: a server may think for as long as
/// `--timeout` allows before it starts (an SMTP relay scanning a message,
/// a search), and only then must keep up the pace.
///
/// # Example
///
/// ```
/// use std::time::Duration;
/// use uniform_access::net::Speed;
/// let s = Speed::default();
/// assert_eq!((s.limit, s.time, s.from_request), (100, Duration::from_secs(30), false));
/// assert!(Speed { limit: 0, ..s }.is_off());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Speed {
    /// Octets a second; 0 for no limit.
    pub limit: u64,
    /// The window the speed is measured over.
    pub time: Duration,
    /// Whether the window opens when a reply is awaited rather than at its
    /// first octet.
    pub from_request: bool,
}

impl Default for Speed {
    fn default() -> Speed {
        Speed {
            limit: 100,
            time: Duration::from_secs(30),
            from_request: false,
        }
    }
}

impl Speed {
    /// Whether there is no limit.
    pub fn is_off(&self) -> bool {
        self.limit == 0 || self.time.is_zero()
    }

    /// The octets a window must bring.
    fn quota(&self) -> u64 {
        let q = (self.limit as f64 * self.time.as_secs_f64()).ceil();
        if q >= u64::MAX as f64 {
            u64::MAX
        } else {
            q as u64
        }
    }
}

/// A limit a peer broke: the payload of the `io::Error` a reader returns,
/// so that the access error can name the limit (and the option that sets
/// it) however many layers the error went through.
///
/// # Example
///
/// ```
/// use std::time::Duration;
/// use uniform_access::net::Breach;
/// let b = Breach::TooSlow { limit: 100, time: Duration::from_secs(30) };
/// assert_eq!(b.to_string(), "slower than 100 octets a second for 30 s (--speed-limit, --speed-time)");
/// let e = b.into_io();
/// assert_eq!(e.kind(), std::io::ErrorKind::TimedOut);
/// assert_eq!(Breach::of(&e), Some(&b));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Breach {
    /// The whole access took longer than `--max-time`.
    MaxTime(Duration),
    /// No data for the idle limit (`--timeout`).
    Idle(Duration),
    /// Slower than the low-speed limit for its whole window.
    TooSlow {
        /// Octets a second.
        limit: u64,
        /// The window.
        time: Duration,
    },
}

impl Breach {
    /// As an `io::Error` of kind `TimedOut` carrying the breach.
    pub fn into_io(self) -> io::Error {
        io::Error::new(io::ErrorKind::TimedOut, self)
    }

    /// The breach an `io::Error` carries, if any.
    pub fn of(e: &io::Error) -> Option<&Breach> {
        e.get_ref().and_then(|inner| inner.downcast_ref::<Breach>())
    }
}

impl fmt::Display for Breach {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Breach::MaxTime(d) => write!(
                f,
                "the whole access took longer than {} (--max-time)",
                seconds(*d)
            ),
            Breach::Idle(d) => write!(f, "no data for {} (--timeout)", seconds(*d)),
            Breach::TooSlow { limit, time } => write!(
                f,
                "slower than {limit} octets a second for {} (--speed-limit, --speed-time)",
                seconds(*time)
            ),
        }
    }
}

impl std::error::Error for Breach {}

/// A duration as messages show it: "30 s", "0.5 s".
///
/// # Example
///
/// ```
/// use std::time::Duration;
/// use uniform_access::net::seconds;
/// assert_eq!(seconds(Duration::from_millis(1500)), "1.5 s");
/// ```
pub fn seconds(d: Duration) -> String {
    format!("{} s", d.as_secs_f64())
}

/// Counts a peer's octets against the low-speed limit ([`Speed`]).
///
/// A window opens at the first octet after [`Pace::restart`] (or at the
/// restart itself with [`Speed::from_request`]), and moves on each time it
/// has brought its quota: a peer must bring `limit * time` octets within
/// every `time` from then on, or the next read fails with
/// [`Breach::TooSlow`]. A read that ends the stream (0 octets) is never a
/// breach: a short object that is complete is not slow. [`Pace::left`]
/// tells a reader how long it may wait, so that a silent peer is cut off
/// when the window ends.
///
/// # Example
///
/// ```
/// use std::time::Duration;
/// use uniform_access::net::{Pace, Speed};
/// // 1000 octets a second over 20 ms: 20 octets a window.
/// let mut p = Pace::new(Speed { limit: 1000, time: Duration::from_millis(20), from_request: false });
/// p.account(1)?;
/// std::thread::sleep(Duration::from_millis(30));
/// assert!(p.account(1).is_err());
/// p.restart();
/// p.account(1000)?;
/// # Ok::<_, std::io::Error>(())
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Pace {
    speed: Speed,
    /// Where the current window opened, and the octets it has brought.
    window: Option<(Instant, u64)>,
}

impl Pace {
    /// A pace for `speed`, as after [`Pace::restart`].
    pub fn new(speed: Speed) -> Pace {
        let mut p = Pace {
            speed,
            window: None,
        };
        p.restart();
        p
    }

    /// A new reply is awaited: the window opens now with
    /// [`Speed::from_request`], else at its first octet.
    pub fn restart(&mut self) {
        self.window =
            (self.speed.from_request && !self.speed.is_off()).then(|| (Instant::now(), 0));
    }

    /// Counts `n` octets just read.
    ///
    /// # Errors
    ///
    /// [`Breach::TooSlow`] (kind `TimedOut`) when the window has passed
    /// without its quota.
    pub fn account(&mut self, n: usize) -> io::Result<()> {
        if self.speed.is_off() || n == 0 {
            return Ok(());
        }
        let now = Instant::now();
        let (start, got) = self.window.get_or_insert((now, 0));
        *got = got.saturating_add(n as u64);
        if *got >= self.speed.quota() {
            self.window = Some((now, 0));
            return Ok(());
        }
        if now.duration_since(*start) >= self.speed.time {
            return Err(self.breach());
        }
        Ok(())
    }

    /// How long a read may wait before the window ends, `None` when no
    /// window is open.
    ///
    /// # Example
    ///
    /// ```
    /// use std::time::Duration;
    /// use uniform_access::net::{Pace, Speed};
    /// let s = Speed { limit: 100, time: Duration::from_secs(30), from_request: true };
    /// assert!(Pace::new(s).left().is_some_and(|l| l <= s.time));
    /// assert_eq!(Pace::new(Speed { from_request: false, ..s }).left(), None);
    /// ```
    pub fn left(&self) -> Option<Duration> {
        self.window
            .map(|(start, _)| self.speed.time.saturating_sub(start.elapsed()))
    }

    /// A timeout of a read as the breach it is: [`Breach::TooSlow`] when
    /// the window has ended, else what `deadline` makes of it
    /// ([`Deadline::explain`]).
    ///
    /// # Example
    ///
    /// ```
    /// use std::io;
    /// use std::time::Duration;
    /// use uniform_access::net::{Breach, Deadline, Pace, Speed};
    /// let idle = Duration::from_secs(60);
    /// let p = Pace::new(Speed::default());
    /// let e = p.explain(io::ErrorKind::WouldBlock.into(), &Deadline::after(None), idle);
    /// assert_eq!(Breach::of(&e), Some(&Breach::Idle(idle)));
    /// ```
    pub fn explain(&self, e: io::Error, deadline: &Deadline, idle: Duration) -> io::Error {
        let timed_out = matches!(
            e.kind(),
            io::ErrorKind::TimedOut | io::ErrorKind::WouldBlock
        );
        if timed_out
            && Breach::of(&e).is_none()
            && !deadline.passed()
            && self.left().is_some_and(|l| l.is_zero())
        {
            return self.breach();
        }
        deadline.explain(e, idle)
    }

    fn breach(&self) -> io::Error {
        Breach::TooSlow {
            limit: self.speed.limit,
            time: self.speed.time,
        }
        .into_io()
    }

    /// The wait for the next read: `idle`, cut to what is left of
    /// `deadline` and of the window (at least a millisecond, since a zero
    /// timeout means none to a socket).
    ///
    /// # Example
    ///
    /// ```
    /// use std::time::Duration;
    /// use uniform_access::net::{Deadline, Pace, Speed};
    /// let s = Speed { limit: 100, time: Duration::from_secs(2), from_request: true };
    /// let idle = Duration::from_secs(60);
    /// assert!(Pace::new(s).wait(idle, &Deadline::after(None)) <= s.time);
    /// let p = Pace::new(Speed { from_request: false, ..s });
    /// assert_eq!(p.wait(idle, &Deadline::after(None)), idle);
    /// ```
    pub fn wait(&self, idle: Duration, deadline: &Deadline) -> Duration {
        let mut w = deadline.clamp(idle);
        if let Some(l) = self.left() {
            w = w.min(l);
        }
        w.max(Duration::from_millis(1))
    }
}

/// When the whole access must be over.
///
/// # Example
///
/// ```
/// use std::time::Duration;
/// use uniform_access::net::Deadline;
/// let d = Deadline::after(Some(Duration::from_secs(5)));
/// assert!(!d.passed());
/// assert!(Deadline::after(None).remaining().is_none());
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Deadline(Option<(Instant, Duration)>);

impl Deadline {
    /// The deadline `limit` from now (`None`: never).
    pub fn after(limit: Option<Duration>) -> Deadline {
        Deadline(limit.map(|l| (Instant::now() + l, l)))
    }

    /// Whether it has passed.
    pub fn passed(&self) -> bool {
        self.0.is_some_and(|(d, _)| Instant::now() >= d)
    }

    /// The time left, `None` without a deadline.
    pub fn remaining(&self) -> Option<Duration> {
        self.0
            .map(|(d, _)| d.saturating_duration_since(Instant::now()))
    }

    /// The limit it was set with, `None` without a deadline.
    pub fn limit(&self) -> Option<Duration> {
        self.0.map(|(_, l)| l)
    }

    /// An error once the deadline has passed.
    ///
    /// # Errors
    ///
    /// [`Breach::MaxTime`] (kind `TimedOut`) when the deadline has passed.
    pub fn check(&self) -> io::Result<()> {
        match self.0 {
            Some((d, l)) if Instant::now() >= d => Err(Breach::MaxTime(l).into_io()),
            _ => Ok(()),
        }
    }

    /// A timeout of a read or write as the breach it is: past the
    /// deadline [`Breach::MaxTime`], else [`Breach::Idle`] of `idle`.
    /// Other errors, and errors that already name a breach, are returned
    /// as they are.
    pub fn explain(&self, e: io::Error, idle: Duration) -> io::Error {
        let timed_out = matches!(
            e.kind(),
            io::ErrorKind::TimedOut | io::ErrorKind::WouldBlock
        );
        if !timed_out || Breach::of(&e).is_some() {
            return e;
        }
        match self.0 {
            Some((_, l)) if self.passed() => Breach::MaxTime(l).into_io(),
            _ => Breach::Idle(idle).into_io(),
        }
    }

    /// `idle`, shortened to what is left of the deadline.
    pub fn clamp(&self, idle: Duration) -> Duration {
        match self.remaining() {
            Some(r) => idle.min(r.max(Duration::from_millis(1))),
            None => idle,
        }
    }
}

/// Connects to `host`:`port`, trying each address the system resolver
/// gives in turn within the connect limit, then sets the idle limit on
/// reads and writes. A direct connection: a fetch's own take its plan's
/// route (the `--resolve` pins, the family, a SOCKS proxy).
///
/// # Errors
///
/// The last connection error, or `TimedOut`.
///
/// # Example
///
/// ```no_run
/// use uniform_access::{Timeouts, net::connect};
/// let stream = connect("127.0.0.1", 7070, &Timeouts::default())?;
/// # Ok::<_, std::io::Error>(())
/// ```
pub fn connect(host: &str, port: u16, t: &Timeouts) -> io::Result<TcpStream> {
    Dial::default().connect(host, port, t)
}

/// [`connect`], no connection made to an address of the classes
/// `exclusions` names: every address `host` resolves to is screened
/// first ([`Exclusions::screen_all`]).
///
/// # Errors
///
/// As [`connect`]; an [`exclude::Excluded`] error (kind
/// `PermissionDenied`) when an address is excluded, nothing connected.
///
/// # Example
///
/// ```
/// use uniform_access::exclude::{Excluded, Exclusions};
/// use uniform_access::{Timeouts, net::connect_excluding};
/// let mut x = Exclusions::default();
/// x.loopback = true;
/// let e = connect_excluding("127.0.0.1", 7, &Timeouts::default(), x).unwrap_err();
/// assert!(Excluded::of(&e).is_some());
/// ```
pub fn connect_excluding(
    host: &str,
    port: u16,
    t: &Timeouts,
    exclusions: Exclusions,
) -> io::Result<TcpStream> {
    Dial {
        exclusions,
        ..Dial::default()
    }
    .connect(host, port, t)
}

/// Which addresses a connection to a host may go to: curl's `-4`, `-6`
/// and `--resolve`, as configured ([`crate::FetchOptions::resolve`]). The
/// planner records them in each plan's route ([`uniform::plan::Route`]),
/// which every connection of the access reads; a route through a SOCKS
/// proxy leaves the names to the proxy's rules, and records none.
///
/// # Example
///
/// ```
/// use std::net::IpAddr;
/// use uniform_access::net::{IpFamily, Resolve};
/// let mut r = Resolve::default();
/// r.add("example.org:443:[::1],127.0.0.1")?;
/// let ips = |r: &Resolve| -> Vec<IpAddr> {
///     r.addresses("EXAMPLE.org", 443).unwrap().iter().map(|a| a.ip()).collect()
/// };
/// assert_eq!(ips(&r), ["::1".parse::<IpAddr>()?, "127.0.0.1".parse()?]);
/// r.family = Some(IpFamily::V4);
/// assert_eq!(ips(&r), ["127.0.0.1".parse::<IpAddr>()?]);
/// assert!(r.add("example.org:443:nowhere").is_err());
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct Resolve {
    /// Only addresses of this family (`-4`, `-6`); `None` for any.
    pub family: Option<IpFamily>,
    /// The `--resolve` entries: a name and port's addresses, used instead
    /// of the system's.
    pub pinned: Vec<Pinned>,
}

/// An address family (curl's `-4`, `-6`).
///
/// # Example
///
/// ```
/// use uniform_access::net::IpFamily;
/// assert!(IpFamily::V6.holds(&"::1".parse().unwrap()));
/// assert!(!IpFamily::V4.holds(&"::1".parse().unwrap()));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IpFamily {
    /// IPv4 only.
    V4,
    /// IPv6 only.
    V6,
}

impl IpFamily {
    /// Whether `ip` is of this family.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform_access::net::IpFamily;
    /// assert!(IpFamily::V4.holds(&"127.0.0.1".parse().unwrap()));
    /// ```
    pub fn holds(self, ip: &IpAddr) -> bool {
        match self {
            IpFamily::V4 => ip.is_ipv4(),
            IpFamily::V6 => ip.is_ipv6(),
        }
    }
}

/// One `--resolve HOST:PORT:ADDR[,ADDR]...` entry.
///
/// # Example
///
/// ```
/// use uniform_access::net::Pinned;
/// let p = Pinned::parse("h.test:8080:127.0.0.1")?;
/// assert_eq!((p.host.as_str(), p.port, p.addrs.len()), ("h.test", 8080, 1));
/// # Ok::<_, String>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Pinned {
    /// The host name (compared without regard to case); `*` for any.
    pub host: String,
    /// The port.
    pub port: u16,
    /// The addresses, tried in order.
    pub addrs: Vec<IpAddr>,
}

impl Pinned {
    /// Reads `HOST:PORT:ADDR[,ADDR]...` as curl 7.88 does: an IPv6
    /// address may stand in brackets, a leading `+` (curl's entry that
    /// may time out) is accepted.
    ///
    /// # Errors
    ///
    /// curl's message for an entry it cannot parse (its exit 49).
    ///
    /// # Example
    ///
    /// ```
    /// use uniform_access::net::Pinned;
    /// assert_eq!(Pinned::parse("+h:1:[::1]")?.addrs, ["::1".parse::<std::net::IpAddr>().unwrap()]);
    /// assert!(Pinned::parse("h:1").is_err());
    /// assert!(Pinned::parse("h:1:127.0.0.1, ::1").is_err());
    /// # Ok::<_, String>(())
    /// ```
    pub fn parse(entry: &str) -> Result<Pinned, String> {
        let bad = || format!("Couldn't parse --resolve entry '{entry}'");
        let spec = entry.strip_prefix('+').unwrap_or(entry);
        let (host, rest) = spec.split_once(':').ok_or_else(bad)?;
        let (port, addrs) = rest.split_once(':').ok_or_else(bad)?;
        let port: u16 = port.parse().map_err(|_| bad())?;
        let addrs = addrs
            .split(',')
            .map(|a| {
                let a = a
                    .strip_prefix('[')
                    .and_then(|a| a.strip_suffix(']'))
                    .unwrap_or(a);
                a.parse::<IpAddr>()
            })
            .collect::<Result<Vec<IpAddr>, _>>()
            .map_err(|_| bad())?;
        if host.is_empty() {
            return Err(bad());
        }
        Ok(Pinned {
            host: host.to_string(),
            port,
            addrs,
        })
    }

    fn matches(&self, host: &str, port: u16) -> bool {
        self.port == port && self.host.eq_ignore_ascii_case(host)
    }
}

impl Resolve {
    /// Adds a `--resolve` entry; an entry for the same host and port
    /// replaces the one before, and `-HOST:PORT` removes it, as in curl.
    ///
    /// # Errors
    ///
    /// An entry that cannot be parsed (see [`Pinned::parse`]).
    ///
    /// # Example
    ///
    /// ```
    /// use uniform_access::net::Resolve;
    /// let mut r = Resolve::default();
    /// r.add("h:80:127.0.0.1")?;
    /// r.add("-h:80")?;
    /// assert!(r.pinned.is_empty());
    /// # Ok::<_, String>(())
    /// ```
    pub fn add(&mut self, entry: &str) -> Result<(), String> {
        if let Some(gone) = entry.strip_prefix('-') {
            let bad = || format!("Couldn't parse --resolve entry '{entry}'");
            let (host, port) = gone.split_once(':').ok_or_else(bad)?;
            let port: u16 = port.parse().map_err(|_| bad())?;
            self.pinned.retain(|p| !p.matches(host, port));
            return Ok(());
        }
        let p = Pinned::parse(entry)?;
        self.pinned.retain(|q| !q.matches(&p.host, p.port));
        self.pinned.push(p);
        Ok(())
    }

    /// The addresses a connection to `host` on `port` tries, in order:
    /// the entry for the host, else the one for `*`, else the system's
    /// resolver; only those of [`Resolve::family`].
    ///
    /// # Errors
    ///
    /// An [`Unresolved`] error (curl's 6) when the name has no address (of
    /// the family); an address literal of the other family is a
    /// connection that cannot be made (curl's 7).
    ///
    /// # Example
    ///
    /// ```
    /// use uniform_access::net::{IpFamily, Resolve, Unresolved};
    /// let mut r = Resolve::default();
    /// r.family = Some(IpFamily::V6);
    /// let e = r.addresses("127.0.0.1", 80).unwrap_err();
    /// assert!(!Unresolved::is(&e));
    /// r.add("v4.test:80:127.0.0.1")?;
    /// assert!(Unresolved::is(&r.addresses("v4.test", 80).unwrap_err()));
    /// # Ok::<_, String>(())
    /// ```
    pub fn addresses(&self, host: &str, port: u16) -> io::Result<Vec<SocketAddr>> {
        let route = Route {
            pins: self.route_pins(),
            family: self.route_family(),
            ..Route::default()
        };
        addresses(&route, host, port)
    }

    /// The pins as a route records them, in the order given.
    pub(crate) fn route_pins(&self) -> Vec<Pin> {
        self.pinned
            .iter()
            .map(|p| Pin {
                host: p.host.clone(),
                port: p.port,
                addrs: p.addrs.clone(),
            })
            .collect()
    }

    /// The family as a route records it.
    pub(crate) fn route_family(&self) -> Family {
        match self.family {
            None => Family::Any,
            Some(IpFamily::V4) => Family::V4,
            Some(IpFamily::V6) => Family::V6,
        }
    }
}

/// The addresses a connection to `host` on `port` tries, in order: the
/// route's pin for the host, else the one for `*`, else the system's
/// resolver; only those of the route's family (see
/// [`Resolve::addresses`]).
fn addresses(route: &Route, host: &str, port: u16) -> io::Result<Vec<SocketAddr>> {
    let family = route.family;
    let bare = host
        .strip_prefix('[')
        .and_then(|h| h.strip_suffix(']'))
        .unwrap_or(host);
    let all: Vec<SocketAddr> = match route.pinned(bare, port) {
        Some(p) => p
            .addrs
            .iter()
            .map(|&ip| SocketAddr::new(ip, port))
            .collect(),
        None => (bare, port)
            .to_socket_addrs()
            .map_err(|e| Unresolved::io(format!("{host}: {e}")))?
            .collect(),
    };
    let Some(flag) = family.flag() else {
        return Ok(all);
    };
    let kept: Vec<SocketAddr> = all.into_iter().filter(|a| family.holds(&a.ip())).collect();
    if !kept.is_empty() {
        return Ok(kept);
    }
    // An address given as such is there, only not to be reached this
    // way; a name just has none of the family (curl: 7 and 6).
    Err(match bare.parse::<IpAddr>() {
        Ok(_) => io::Error::new(
            io::ErrorKind::AddrNotAvailable,
            format!("{host} is an address of the family {flag} leaves out"),
        ),
        Err(_) => Unresolved::io(format!(
            "{host} has no address of the family {flag} asks for"
        )),
    })
}

/// The payload of a connection error whose host has no address: curl
/// exits 6 for it, 7 for a connection that failed.
///
/// # Example
///
/// ```
/// use uniform_access::net::Unresolved;
/// let e = Unresolved::io("nowhere.invalid has no address".into());
/// assert!(Unresolved::is(&e));
/// assert!(!Unresolved::is(&std::io::Error::other("x")));
/// ```
#[derive(Debug)]
pub struct Unresolved(String);

impl Unresolved {
    /// An `io::Error` (kind `NotFound`) saying `what`.
    pub fn io(what: String) -> io::Error {
        io::Error::new(io::ErrorKind::NotFound, Unresolved(what))
    }

    /// Whether `e` is one.
    pub fn is(e: &io::Error) -> bool {
        e.get_ref().is_some_and(|inner| inner.is::<Unresolved>())
    }
}

impl fmt::Display for Unresolved {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Unresolved {}

/// The longest line a reply may hold before it is an error: protocol lines
/// are short, and a line that never ends must not grow memory.
pub const MAX_LINE: usize = 64 * 1024;

/// Reads one line, its `\n` included, into `buf` (cleared first); at most
/// `max` octets. Returns the octets read, 0 at the end of the stream.
///
/// # Errors
///
/// `InvalidData` when the line is longer than `max`, and the reader's
/// errors.
///
/// # Example
///
/// ```
/// use uniform_access::net::read_line;
/// let mut r = std::io::Cursor::new(b"220 ready\r\nrest".to_vec());
/// let mut buf = Vec::new();
/// assert_eq!(read_line(&mut r, &mut buf, 100)?, 11);
/// assert_eq!(buf, b"220 ready\r\n");
/// let mut long = std::io::Cursor::new(vec![b'x'; 200]);
/// assert!(read_line(&mut long, &mut buf, 100).is_err());
/// # Ok::<_, std::io::Error>(())
/// ```
pub fn read_line<R: BufRead + ?Sized>(
    r: &mut R,
    buf: &mut Vec<u8>,
    max: usize,
) -> io::Result<usize> {
    if read_until_lf(r, buf, max)? {
        Ok(buf.len())
    } else {
        Err(io::Error::new(
            io::ErrorKind::InvalidData,
            format!("a line longer than {max} octets"),
        ))
    }
}

/// Reads the next piece of a line into `buf` (cleared first): octets up to
/// and including `\n`, or `max` octets of a longer line. Returns the octets
/// read, 0 at the end of the stream. Unlike [`read_line`], a long line is
/// not an error: text and articles may hold lines of any length, and only
/// the start of a line matters to their framing.
pub(crate) fn read_piece<R: BufRead + ?Sized>(
    r: &mut R,
    buf: &mut Vec<u8>,
    max: usize,
) -> io::Result<usize> {
    read_until_lf(r, buf, max)?;
    Ok(buf.len())
}

/// The one loop under [`read_line`] and [`read_piece`]: reads into `buf`
/// (cleared first) up to and including `\n`, the end of the stream, or
/// `max` octets, never more. `false` when it stopped at `max` with the line
/// still going on.
fn read_until_lf<R: BufRead + ?Sized>(
    r: &mut R,
    buf: &mut Vec<u8>,
    max: usize,
) -> io::Result<bool> {
    buf.clear();
    loop {
        let available = match r.fill_buf() {
            Ok(b) => b,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if available.is_empty() {
            return Ok(true);
        }
        let room = max - buf.len();
        let (take, done) = match available.iter().take(room).position(|&b| b == b'\n') {
            Some(p) => (p + 1, true),
            None => (available.len().min(room), false),
        };
        buf.extend_from_slice(&available[..take]);
        r.consume(take);
        if done {
            return Ok(true);
        }
        if buf.len() == max {
            // A line of exactly `max` octets whose `\n` is next is still
            // too long: `max` counts the line end.
            return Ok(false);
        }
    }
}

/// A line without its line end (`\r\n` or `\n`).
///
/// # Example
///
/// ```
/// use uniform_access::net::trim_eol;
/// assert_eq!(trim_eol(b"abc\r\n"), b"abc");
/// assert_eq!(trim_eol(b"abc"), b"abc");
/// ```
pub fn trim_eol(line: &[u8]) -> &[u8] {
    let line = line.strip_suffix(b"\n").unwrap_or(line);
    line.strip_suffix(b"\r").unwrap_or(line)
}

/// A reader of a peer that fails once the deadline passes or the peer is
/// slower than the low-speed limit, so that a server that trickles bytes
/// cannot hold an access for ever; its timeouts name the limit they hit
/// ([`Breach`]). Over a socket ([`Timed::socket`]) each read waits at most
/// the idle limit, cut to what is left of the deadline and of the
/// low-speed window, so that a silent peer is cut off as a slow one is.
///
/// # Example
///
/// ```
/// use std::io::Read;
/// use uniform_access::Timeouts;
/// use uniform_access::net::{Deadline, Timed};
/// let mut r = Timed::new(&b"data"[..], Deadline::after(None), &Timeouts::default());
/// let mut s = String::new();
/// r.read_to_string(&mut s)?;
/// assert_eq!(s, "data");
/// # Ok::<_, std::io::Error>(())
/// ```
#[derive(Debug)]
pub struct Timed<R> {
    inner: R,
    deadline: Deadline,
    idle: Duration,
    pace: Pace,
    /// The socket whose read timeout this reader sets, and the last
    /// timeout set on it.
    socket: Option<(TcpStream, Option<Duration>)>,
}

impl<R> Timed<R> {
    /// Wraps `inner`, within `deadline` and the idle and low-speed limits
    /// of `t`.
    pub fn new(inner: R, deadline: Deadline, t: &Timeouts) -> Timed<R> {
        Timed {
            inner,
            deadline,
            idle: t.idle,
            pace: Pace::new(t.speed),
            socket: None,
        }
    }

    /// A new reply is awaited, within `wait` (the idle limit, or a shorter
    /// one): it gets a low-speed window of its own.
    ///
    /// # Example
    ///
    /// ```
    /// use std::time::Duration;
    /// use uniform_access::Timeouts;
    /// use uniform_access::net::{Deadline, Timed};
    /// let mut r = Timed::new(&b""[..], Deadline::after(None), &Timeouts::default());
    /// r.restart(Duration::from_secs(5));
    /// ```
    pub fn restart(&mut self, wait: Duration) {
        self.idle = wait;
        self.pace.restart();
    }

    /// The wrapped reader.
    pub fn into_inner(self) -> R {
        self.inner
    }

    /// Kept for another access: its whole-access limit is the new one.
    pub(crate) fn renew(&mut self, deadline: Deadline) {
        self.deadline = deadline;
    }
}

impl Timed<TcpStream> {
    /// Wraps a socket, whose read timeout it sets before each read.
    ///
    /// # Errors
    ///
    /// When the socket cannot be cloned.
    ///
    /// # Example
    ///
    /// ```no_run
    /// use std::io::Read;
    /// use uniform_access::Timeouts;
    /// use uniform_access::net::{Deadline, Timed, connect};
    /// let t = Timeouts::default();
    /// let s = connect("127.0.0.1", 7070, &t)?;
    /// let mut r = Timed::socket(s, Deadline::after(t.total), &t)?;
    /// let mut reply = Vec::new();
    /// r.read_to_end(&mut reply)?;
    /// # Ok::<_, std::io::Error>(())
    /// ```
    pub fn socket(s: TcpStream, deadline: Deadline, t: &Timeouts) -> io::Result<Timed<TcpStream>> {
        let handle = s.try_clone()?;
        let mut timed = Timed::new(s, deadline, t);
        timed.socket = Some((handle, None));
        Ok(timed)
    }
}

impl<R: Read> Read for Timed<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        self.deadline.check()?;
        if let Some((s, set)) = &mut self.socket {
            let wait = self.pace.wait(self.idle, &self.deadline);
            if *set != Some(wait) {
                s.set_read_timeout(Some(wait))?;
                *set = Some(wait);
            }
        }
        let n = self
            .inner
            .read(buf)
            .map_err(|e| self.pace.explain(e, &self.deadline, self.idle))?;
        self.pace.account(n)?;
        Ok(n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::BufReader;

    #[test]
    fn a_line_split_across_reads_is_joined() {
        let data: &[u8] = b"first\nsecond line\n";
        // A one-octet buffer forces every line across many fills.
        let mut r = BufReader::with_capacity(1, data);
        let mut buf = Vec::new();
        read_line(&mut r, &mut buf, 100).unwrap();
        assert_eq!(buf, b"first\n");
        read_line(&mut r, &mut buf, 100).unwrap();
        assert_eq!(buf, b"second line\n");
        assert_eq!(read_line(&mut r, &mut buf, 100).unwrap(), 0);
    }

    #[test]
    fn pieces_stop_at_the_limit() {
        let mut r = std::io::Cursor::new(b"abcdef\ngh".to_vec());
        let mut buf = Vec::new();
        assert_eq!(read_piece(&mut r, &mut buf, 4).unwrap(), 4);
        assert_eq!(buf, b"abcd");
        assert_eq!(read_piece(&mut r, &mut buf, 4).unwrap(), 3);
        assert_eq!(buf, b"ef\n");
        assert_eq!(read_piece(&mut r, &mut buf, 4).unwrap(), 2);
        assert_eq!(read_piece(&mut r, &mut buf, 4).unwrap(), 0);
    }

    #[test]
    fn a_trickle_breaks_the_pace_and_a_steady_flow_does_not() {
        let speed = Speed {
            limit: 1000,
            time: Duration::from_millis(50),
            from_request: false,
        };
        let mut p = Pace::new(speed);
        for _ in 0..10 {
            p.account(100).unwrap();
            std::thread::sleep(Duration::from_millis(10));
        }
        let mut p = Pace::new(speed);
        let start = Instant::now();
        let e = loop {
            if let Err(e) = p.account(1) {
                break e;
            }
            std::thread::sleep(Duration::from_millis(5));
        };
        assert!(start.elapsed() >= speed.time);
        assert!(matches!(Breach::of(&e), Some(Breach::TooSlow { .. })));
        // Off: never a breach.
        let mut p = Pace::new(Speed { limit: 0, ..speed });
        p.account(1).unwrap();
        std::thread::sleep(Duration::from_millis(60));
        p.account(1).unwrap();
    }

    #[test]
    fn from_request_the_window_is_open_before_the_first_octet() {
        let speed = Speed {
            limit: 1000,
            time: Duration::from_millis(30),
            from_request: true,
        };
        let p = Pace::new(speed);
        assert!(p.left().is_some());
        std::thread::sleep(Duration::from_millis(40));
        assert_eq!(p.left(), Some(Duration::ZERO));
        let e = p.explain(
            io::Error::from(io::ErrorKind::WouldBlock),
            &Deadline::after(None),
            Duration::from_secs(60),
        );
        assert!(matches!(Breach::of(&e), Some(Breach::TooSlow { .. })));
        let p = Pace::new(Speed {
            from_request: false,
            ..speed
        });
        assert_eq!(p.left(), None);
    }

    #[test]
    fn a_silent_socket_is_cut_off_when_the_window_ends() {
        let l = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        let addr = l.local_addr().unwrap();
        // One octet, then silence until the client hangs up: a server
        // that closed on its own would end the read with a close.
        let server = std::thread::spawn(move || {
            let (mut s, _) = l.accept().unwrap();
            let _ = std::io::Write::write_all(&mut s, b"x");
            uniform_testkit::until_closed(&mut s);
        });
        // A window of a second, and an idle limit far beyond it: the read
        // must end when the window does, not at the idle limit.
        let window = Duration::from_secs(1);
        let t = Timeouts {
            idle: Duration::from_secs(30),
            speed: Speed {
                limit: 1000,
                time: window,
                from_request: false,
            },
            ..Timeouts::default()
        };
        let s = TcpStream::connect(addr).unwrap();
        let mut r = Timed::socket(s, Deadline::after(None), &t).unwrap();
        let start = Instant::now();
        let mut buf = [0u8; 16];
        assert_eq!(r.read(&mut buf).unwrap(), 1);
        let e = r.read(&mut buf).unwrap_err();
        let took = start.elapsed();
        assert!(
            matches!(Breach::of(&e), Some(Breach::TooSlow { .. })),
            "{e}"
        );
        // The window opened at the octet, after `start`.
        assert!(
            took >= window && took < window + Duration::from_secs(4),
            "{took:?}"
        );
        drop(r);
        server.join().unwrap();
    }

    #[test]
    fn timeouts_are_explained_as_their_limit() {
        let idle = Duration::from_secs(3);
        let e = io::Error::from(io::ErrorKind::WouldBlock);
        let e = Deadline::after(None).explain(e, idle);
        assert_eq!(Breach::of(&e), Some(&Breach::Idle(idle)));
        let d = Deadline::after(Some(Duration::ZERO));
        let e = d.explain(io::Error::from(io::ErrorKind::TimedOut), idle);
        assert_eq!(Breach::of(&e), Some(&Breach::MaxTime(Duration::ZERO)));
        let other = d.explain(io::Error::other("x"), idle);
        assert!(Breach::of(&other).is_none());
    }

    #[test]
    fn a_line_of_exactly_the_limit_is_read_and_one_more_is_not() {
        let mut buf = Vec::new();
        let mut r = std::io::Cursor::new(b"abc\n".to_vec());
        assert_eq!(read_line(&mut r, &mut buf, 4).unwrap(), 4);
        let mut r = std::io::Cursor::new(b"abcd\n".to_vec());
        assert!(read_line(&mut r, &mut buf, 4).is_err());
    }

    /// A listener on loopback that counts the connections it accepts.
    fn counting() -> (u16, std::sync::Arc<std::sync::atomic::AtomicUsize>) {
        use std::sync::atomic::{AtomicUsize, Ordering};
        let l = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        let port = l.local_addr().unwrap().port();
        let n = std::sync::Arc::new(AtomicUsize::new(0));
        let seen = n.clone();
        std::thread::spawn(move || {
            for s in l.incoming() {
                seen.fetch_add(1, Ordering::SeqCst);
                drop(s);
            }
        });
        (port, n)
    }

    #[test]
    fn excluded_addresses_are_never_connected_to() {
        use crate::exclude::{AddressClass, Excluded, Exclusions};
        use std::sync::atomic::Ordering;
        let (port, accepted) = counting();
        let loopback = Exclusions {
            loopback: true,
            ..Exclusions::default()
        };
        let t = Timeouts::default();
        let mut pinned = Route::default();
        pinned.pins.push(Pin {
            host: "inward.test".into(),
            port,
            addrs: vec!["127.0.0.1".parse().unwrap()],
        });
        let dial = |route: &Route, exclusions| {
            let d = Dial {
                route: Some(route),
                exclusions,
                ..Dial::default()
            };
            d.connect("inward.test", port, &t)
        };
        // A pinned name, a name the resolver gives, a mapped literal.
        let e = dial(&pinned, loopback).unwrap_err();
        let x = Excluded::of(&e).unwrap();
        assert_eq!(
            (x.host(), x.class()),
            ("inward.test", AddressClass::Loopback)
        );
        assert_eq!(e.kind(), io::ErrorKind::PermissionDenied);
        let e = connect_excluding("localhost", port, &t, loopback).unwrap_err();
        assert!(Excluded::of(&e).is_some(), "{e}");
        let e = connect_excluding("[::ffff:127.0.0.1]", port, &t, loopback).unwrap_err();
        assert!(Excluded::of(&e).is_some(), "{e}");
        // A server's data address is screened as a name's is.
        let d = Dial {
            exclusions: loopback,
            ..Dial::default()
        };
        let to = SocketAddr::from(([127, 0, 0, 1], port));
        assert!(Excluded::of(&d.connect_to("h", to, t.connect).unwrap_err()).is_some());
        // Another class excluded: reached.
        let private = Exclusions {
            private: true,
            ..Exclusions::default()
        };
        assert!(dial(&pinned, private).is_ok());
        // A gateway's own address is no target: the dial to it passes.
        let mut gateway = pinned.clone();
        gateway.via = uniform::plan::Via::HttpProxy(uniform::plan::Proxy::new(
            "inward.test",
            port,
            "--proxy",
        ));
        assert!(dial(&gateway, loopback).is_ok());
        // Two connections made: only those not excluded.
        let until = Instant::now() + Duration::from_secs(5);
        while accepted.load(Ordering::SeqCst) < 2 && Instant::now() < until {
            std::thread::sleep(Duration::from_millis(10));
        }
        std::thread::sleep(Duration::from_millis(50));
        assert_eq!(accepted.load(Ordering::SeqCst), 2);
    }
}
