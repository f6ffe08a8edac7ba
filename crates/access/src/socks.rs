//! SOCKS, the client's side: RFC 1928 (SOCKS5) with RFC 1929's user name
//! and password, and SOCKS4 and 4a as curl speaks them. The proxy opens a
//! TCP connection to the target, then carries the protocol end to end.
//!
//! Hand-written rather than taken from the `socks` crate, which sets no
//! time limit: the connection to the proxy and the whole handshake are
//! within the connect limit (`--connect-timeout`), as curl's are, each
//! read and write waiting no longer than what is left of it. Every reply
//! is read to its exact length, known from its first octets and never
//! over 262 octets (an address of at most 255 octets after its length),
//! so a proxy that sends too little or too much costs no more than that;
//! what follows the reply is the target's and stays in the socket.
//!
//! A failure is an `io::Error` carrying a [`SocksError`], whose
//! [`SocksError::exit_code`] is curl 7.88's: 97 (CURLE_PROXY) for a
//! handshake that fails, a refused target included; 6 when the proxy's own
//! host has no address; 7 when the proxy cannot be reached; 28 for a
//! proxy that does not answer in time.

use crate::exclude::Exclusions;
use crate::proxy::{SocksProxy, SocksVersion};
use crate::trace::Tracer;
use std::fmt;
use std::io::{self, Read, Write};
use std::net::{IpAddr, SocketAddr, TcpStream, ToSocketAddrs};
use std::time::{Duration, Instant};

/// Why a connection through a SOCKS proxy failed: the payload of the
/// `io::Error` that a connection of a fetch returns then, so that the
/// access error can give curl's exit status however many layers the error
/// went through. Its message names the proxy by host and port and where
/// it was configured, never with its password.
///
/// # Example
///
/// ```
/// use uniform_access::{SocksError, SocksErrorKind};
/// let e = SocksError::new(SocksErrorKind::Reply(5), "the SOCKS5 proxy h:1080 (all_proxy) could not connect to t:70: connection refused (reply 5)").into_io();
/// assert_eq!(e.kind(), std::io::ErrorKind::ConnectionRefused);
/// let s = SocksError::of(&e).unwrap();
/// assert_eq!((s.kind(), s.exit_code()), (SocksErrorKind::Reply(5), 97));
/// assert!(e.to_string().ends_with("connection refused (reply 5)"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SocksError {
    kind: SocksErrorKind,
    message: String,
}

/// What went wrong through a SOCKS proxy.
///
/// # Example
///
/// ```
/// use uniform_access::SocksErrorKind;
/// assert_eq!(SocksErrorKind::Reply(4).io_kind(), std::io::ErrorKind::HostUnreachable);
/// assert_eq!(SocksErrorKind::Auth.exit_code(), 97);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum SocksErrorKind {
    /// The proxy's own host has no address (6, as curl 7.88 exits for it:
    /// CURLE_COULDNT_RESOLVE_HOST, not the _PROXY code its documentation
    /// names).
    ProxyUnresolved,
    /// No connection to the proxy (7, as a direct connection that fails).
    ProxyConnect,
    /// The proxy did not finish the handshake within the connect limit
    /// (28).
    Timeout,
    /// The proxy wants a login that was not given, or refused the one
    /// given (97).
    Auth,
    /// The proxy could not connect to the target: its reply code, SOCKS5's
    /// REP (1 to 255) or SOCKS4's CD (91 to 93) (97).
    Reply(u8),
    /// The target's name has no address here, where socks5 and socks4
    /// resolve it (97, as curl's).
    TargetUnresolved,
    /// What the proxy sent is not SOCKS: another version, a reply cut
    /// short, an address of unknown type (97).
    Protocol,
    /// The request cannot carry the target: a name over 255 octets, an
    /// IPv6 address over SOCKS4 (97).
    Unsupported,
}

/// curl's exit status for a failed SOCKS handshake (CURLE_PROXY).
const PROXY: u8 = 97;

impl SocksErrorKind {
    /// The exit status `uniform fetch` gives it: curl 7.88's.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform_access::SocksErrorKind;
    /// assert_eq!(SocksErrorKind::ProxyUnresolved.exit_code(), 6);
    /// assert_eq!(SocksErrorKind::Reply(5).exit_code(), 97);
    /// ```
    pub fn exit_code(self) -> u8 {
        match self {
            // curl's CURLE_COULDNT_RESOLVE_HOST (as error::UNRESOLVED; not
            // imported, so that `error` may read this module).
            SocksErrorKind::ProxyUnresolved => 6,
            SocksErrorKind::ProxyConnect => 7,
            SocksErrorKind::Timeout => 28,
            _ => PROXY,
        }
    }

    /// The `io::ErrorKind` it is reported as: a refused target as a
    /// refused connection, an unreachable one as unreachable, and so on,
    /// so that code that sorts connection errors by kind sorts these too.
    ///
    /// # Example
    ///
    /// ```
    /// use std::io::ErrorKind;
    /// use uniform_access::SocksErrorKind;
    /// assert_eq!(SocksErrorKind::Reply(5).io_kind(), ErrorKind::ConnectionRefused);
    /// assert_eq!(SocksErrorKind::Timeout.io_kind(), ErrorKind::TimedOut);
    /// ```
    pub fn io_kind(self) -> io::ErrorKind {
        match self {
            SocksErrorKind::ProxyUnresolved | SocksErrorKind::TargetUnresolved => {
                io::ErrorKind::NotFound
            }
            SocksErrorKind::ProxyConnect => io::ErrorKind::ConnectionRefused,
            SocksErrorKind::Timeout => io::ErrorKind::TimedOut,
            SocksErrorKind::Auth | SocksErrorKind::Reply(2) => io::ErrorKind::PermissionDenied,
            SocksErrorKind::Reply(3) => io::ErrorKind::NetworkUnreachable,
            SocksErrorKind::Reply(4) => io::ErrorKind::HostUnreachable,
            SocksErrorKind::Reply(5) | SocksErrorKind::Reply(91) => {
                io::ErrorKind::ConnectionRefused
            }
            SocksErrorKind::Reply(_) => io::ErrorKind::Other,
            SocksErrorKind::Protocol => io::ErrorKind::InvalidData,
            SocksErrorKind::Unsupported => io::ErrorKind::InvalidInput,
        }
    }
}

impl SocksError {
    /// An error of `kind` saying `message`.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform_access::{SocksError, SocksErrorKind};
    /// let e = SocksError::new(SocksErrorKind::Protocol, "not SOCKS");
    /// assert_eq!(e.to_string(), "not SOCKS");
    /// ```
    pub fn new(kind: SocksErrorKind, message: impl Into<String>) -> SocksError {
        SocksError {
            kind,
            message: message.into(),
        }
    }

    /// As an `io::Error` of its kind's [`SocksErrorKind::io_kind`],
    /// carrying it.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform_access::{SocksError, SocksErrorKind};
    /// let e = SocksError::new(SocksErrorKind::Auth, "login refused").into_io();
    /// assert_eq!(e.kind(), std::io::ErrorKind::PermissionDenied);
    /// ```
    pub fn into_io(self) -> io::Error {
        io::Error::new(self.kind.io_kind(), self)
    }

    /// The SOCKS error an `io::Error` carries, if any.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform_access::SocksError;
    /// assert!(SocksError::of(&std::io::Error::other("x")).is_none());
    /// ```
    pub fn of(e: &io::Error) -> Option<&SocksError> {
        e.get_ref()
            .and_then(|inner| inner.downcast_ref::<SocksError>())
    }

    /// What went wrong.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform_access::{SocksError, SocksErrorKind};
    /// assert_eq!(SocksError::new(SocksErrorKind::Auth, "x").kind(), SocksErrorKind::Auth);
    /// ```
    pub fn kind(&self) -> SocksErrorKind {
        self.kind
    }

    /// The exit status `uniform fetch` gives it ([`SocksErrorKind::exit_code`]).
    ///
    /// # Example
    ///
    /// ```
    /// use uniform_access::{SocksError, SocksErrorKind};
    /// assert_eq!(SocksError::new(SocksErrorKind::Timeout, "x").exit_code(), 28);
    /// ```
    pub fn exit_code(&self) -> u8 {
        self.kind.exit_code()
    }
}

impl fmt::Display for SocksError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for SocksError {}

/// Where the proxy is asked to connect.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Target<'a> {
    /// An address (socks5 and socks4 resolve names here; an address
    /// literal goes as itself).
    Addr(SocketAddr),
    /// A name, for the proxy to resolve (socks5h, socks4a).
    Name(&'a str, u16),
}

impl fmt::Display for Target<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Target::Addr(a) => write!(f, "{a}"),
            Target::Name(n, p) => write!(f, "{n}:{p}"),
        }
    }
}

/// A socket whose waits can be set: the proxy's, or a script in the tests.
trait Wire: Read + Write {
    /// Sets how long the next reads and writes may wait.
    fn wait(&mut self, limit: Duration) -> io::Result<()>;
}

impl Wire for TcpStream {
    fn wait(&mut self, limit: Duration) -> io::Result<()> {
        self.set_read_timeout(Some(limit))?;
        self.set_write_timeout(Some(limit))
    }
}

/// The longest a handshake may take when the connect limit is too far off
/// to be a point in time: a limit that is never reached is no limit.
const FAR: Duration = Duration::from_secs(24 * 60 * 60);

/// One handshake's proxy, limit and words for its messages.
struct Shake<'a> {
    proxy: &'a SocksProxy,
    tracer: Option<&'a Tracer>,
    deadline: Instant,
    limit: Duration,
}

impl Shake<'_> {
    fn new<'a>(proxy: &'a SocksProxy, limit: Duration, tracer: Option<&'a Tracer>) -> Shake<'a> {
        let now = Instant::now();
        let limit = limit.min(FAR);
        Shake {
            proxy,
            tracer,
            deadline: now.checked_add(limit).unwrap_or(now),
            limit,
        }
    }

    /// "the SOCKS5 proxy h:1080 (all_proxy)": never the password.
    fn named(&self) -> String {
        let v = label(self.proxy.version());
        format!(
            "the {v} proxy {} ({})",
            self.proxy.authority(),
            self.proxy.source
        )
    }

    fn fail(&self, kind: SocksErrorKind, what: impl fmt::Display) -> io::Error {
        SocksError::new(kind, format!("{} {what}", self.named())).into_io()
    }

    fn timeout(&self) -> io::Error {
        self.fail(
            SocksErrorKind::Timeout,
            format_args!(
                "did not complete the handshake within {} s (--connect-timeout)",
                self.limit.as_secs_f64()
            ),
        )
    }

    /// What is left of the limit, `None` once it has passed.
    fn left(&self) -> Option<Duration> {
        let left = self.deadline.saturating_duration_since(Instant::now());
        (!left.is_zero()).then_some(left)
    }

    fn send<W: Wire>(&self, w: &mut W, message: &[u8]) -> io::Result<()> {
        let left = self.left().ok_or_else(|| self.timeout())?;
        w.wait(left).map_err(|e| self.broken(e))?;
        w.write_all(message).map_err(|e| self.broken(e))
    }

    /// Fills `buf` exactly, each read waiting only what is left of the
    /// limit, so that a proxy trickling octets is cut off with the rest.
    fn recv<W: Wire>(&self, w: &mut W, buf: &mut [u8], what: &str) -> io::Result<()> {
        let mut got = 0;
        while got < buf.len() {
            let left = self.left().ok_or_else(|| self.timeout())?;
            w.wait(left).map_err(|e| self.broken(e))?;
            match w.read(&mut buf[got..]) {
                Ok(0) => {
                    return Err(self.fail(
                        SocksErrorKind::Protocol,
                        format_args!("closed the connection in the middle of its {what}"),
                    ));
                }
                Ok(n) => got += n,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => return Err(self.broken(e)),
            }
        }
        Ok(())
    }

    /// An I/O error of the handshake: a timeout is the limit's, the rest
    /// keeps its kind and says where it happened.
    fn broken(&self, e: io::Error) -> io::Error {
        if matches!(
            e.kind(),
            io::ErrorKind::TimedOut | io::ErrorKind::WouldBlock
        ) {
            return self.timeout();
        }
        let kind = e.kind();
        io::Error::new(
            kind,
            SocksError::new(
                SocksErrorKind::Protocol,
                format!("{}: the handshake broke off: {e}", self.named()),
            ),
        )
    }
}

/// Connects to `host`:`port` through `proxy`: the proxy's addresses tried
/// in turn, then the handshake, all within `connect`; `idle` is set on
/// the socket it returns. (Durations, not `net::Timeouts`: `net` calls
/// this, and the modules stay layered.) For socks5 and socks4 the
/// name is resolved here, and when the proxy cannot reach one address the
/// next is tried over a new connection to the proxy. `screen` is applied
/// to what the proxy is asked to connect to: every address resolved
/// here, an address literal; a name the proxy resolves cannot be.
pub(crate) fn connect(
    proxy: &SocksProxy,
    host: &str,
    port: u16,
    connect: Duration,
    idle: Duration,
    screen: Exclusions,
    tracer: Option<&Tracer>,
) -> io::Result<TcpStream> {
    let shake = Shake::new(proxy, connect, tracer);
    let host = host
        .strip_prefix('[')
        .and_then(|h| h.strip_suffix(']'))
        .unwrap_or(host);
    // With exclusions, what the proxy would be asked for is known and
    // screened before the proxy is contacted: an excluded target
    // reaches nothing. Without, the proxy first, as curl does: when it
    // cannot be reached, that is the error, whatever the target's name.
    let early = if screen.is_off() {
        None
    } else {
        let t = targets(&shake, host, port)?;
        let resolved: Vec<SocketAddr> = t
            .iter()
            .filter_map(|t| match t {
                Target::Addr(a) => Some(*a),
                Target::Name(..) => None,
            })
            .collect();
        screen.screen_all(host, &resolved)?;
        Some(t)
    };
    let mut s = open(&shake)?;
    let targets = match early {
        Some(t) => t,
        None => targets(&shake, host, port)?,
    };
    let mut tried = targets.iter().peekable();
    while let Some(target) = tried.next() {
        match handshake(&mut s, &shake, *target) {
            Ok(()) => {
                s.set_read_timeout(Some(idle))?;
                s.set_write_timeout(Some(idle))?;
                s.set_nodelay(true)?;
                return Ok(s);
            }
            Err(e) if tried.peek().is_some() && unreachable(&e) && shake.left().is_some() => {
                crate::trace::info(shake.tracer, &format!("{e}; trying the next address"));
                // A proxy closes the connection after a failed CONNECT.
                s = open(&shake)?;
            }
            Err(e) => return Err(e),
        }
    }
    Err(shake.fail(
        SocksErrorKind::TargetUnresolved,
        format_args!("was given no address of {host}"),
    ))
}

/// Whether the proxy could not reach that address of the target, so that
/// another may do.
fn unreachable(e: &io::Error) -> bool {
    SocksError::of(e).is_some_and(|s| matches!(s.kind, SocksErrorKind::Reply(3..=6 | 91)))
}

/// What the proxy is asked to connect to: the name for socks5h and
/// socks4a, else the name's addresses (IPv4 only for SOCKS4); an address
/// literal as itself.
fn targets<'h>(shake: &Shake<'_>, host: &'h str, port: u16) -> io::Result<Vec<Target<'h>>> {
    if let Ok(ip) = host.parse::<IpAddr>() {
        return Ok(vec![Target::Addr(SocketAddr::new(ip, port))]);
    }
    if shake.proxy.version().remote_names() {
        return Ok(vec![Target::Name(host, port)]);
    }
    let addrs: Vec<SocketAddr> = (host, port)
        .to_socket_addrs()
        .map_err(|e| {
            shake.fail(
                SocksErrorKind::TargetUnresolved,
                format_args!("was not asked to connect: {host} has no address here: {e}"),
            )
        })?
        .filter(|a| shake.proxy.version().is_socks5() || a.is_ipv4())
        .collect();
    if addrs.is_empty() {
        return Err(shake.fail(
            SocksErrorKind::TargetUnresolved,
            format_args!(
                "was not asked to connect: {host} has no address here that SOCKS4 carries"
            ),
        ));
    }
    Ok(addrs.into_iter().map(Target::Addr).collect())
}

/// A connection to the proxy: each of its addresses in turn, within what
/// is left of the limit.
fn open(shake: &Shake<'_>) -> io::Result<TcpStream> {
    let proxy = shake.proxy;
    let addrs = (proxy.host(), proxy.port())
        .to_socket_addrs()
        .map_err(|e| {
            shake.fail(
                SocksErrorKind::ProxyUnresolved,
                format_args!("has no address: {e}"),
            )
        })?;
    let mut last = None;
    for addr in addrs {
        let Some(left) = shake.left() else {
            break;
        };
        match TcpStream::connect_timeout(&addr, left) {
            Ok(s) => {
                crate::trace::info(
                    shake.tracer,
                    &format!(
                        "Connected to {} ({}) port {}",
                        proxy.host(),
                        addr.ip(),
                        proxy.port()
                    ),
                );
                return Ok(s);
            }
            Err(e) => last = Some(e),
        }
    }
    Err(match last {
        Some(e) if e.kind() != io::ErrorKind::TimedOut => io::Error::new(
            e.kind(),
            SocksError::new(
                SocksErrorKind::ProxyConnect,
                format!("no connection to {}: {e}", shake.named()),
            ),
        ),
        Some(_) => io::Error::new(
            io::ErrorKind::TimedOut,
            SocksError::new(
                SocksErrorKind::ProxyConnect,
                format!(
                    "no connection to {} within {} s (--connect-timeout)",
                    shake.named(),
                    shake.limit.as_secs_f64()
                ),
            ),
        ),
        None if shake.left().is_none() => shake.timeout(),
        None => shake.fail(SocksErrorKind::ProxyUnresolved, "has no address"),
    })
}

fn handshake<W: Wire>(w: &mut W, shake: &Shake<'_>, target: Target<'_>) -> io::Result<()> {
    if shake.proxy.version().is_socks5() {
        socks5(w, shake, target)
    } else {
        socks4(w, shake, target)
    }
}

/// SOCKS5's greeting: version 5 and the login methods offered, none (0)
/// always, and user name and password (2) when there are credentials.
fn greeting(login: bool) -> &'static [u8] {
    if login { &[5, 2, 0, 2] } else { &[5, 1, 0] }
}

/// RFC 1929's request: version 1, then the user name and the password,
/// each after its length in one octet.
fn login_request(user: &[u8], password: &[u8]) -> Option<Vec<u8>> {
    let ulen = u8::try_from(user.len()).ok()?;
    let plen = u8::try_from(password.len()).ok()?;
    let mut m = Vec::with_capacity(3 + user.len() + password.len());
    m.push(1);
    m.push(ulen);
    m.extend_from_slice(user);
    m.push(plen);
    m.extend_from_slice(password);
    Some(m)
}

/// SOCKS5's CONNECT: version 5, command 1, reserved 0, then the address
/// (ATYP 1 IPv4, 4 IPv6, 3 a name after its length) and the port. `None`
/// for a name that one octet cannot count, or an empty one.
fn connect_request(target: Target<'_>) -> Option<Vec<u8>> {
    let mut m = vec![5, 1, 0];
    let port = match target {
        Target::Addr(SocketAddr::V4(a)) => {
            m.push(1);
            m.extend_from_slice(&a.ip().octets());
            a.port()
        }
        Target::Addr(SocketAddr::V6(a)) => {
            m.push(4);
            m.extend_from_slice(&a.ip().octets());
            a.port()
        }
        Target::Name(name, port) => {
            let len = u8::try_from(name.len()).ok().filter(|&l| l > 0)?;
            m.push(3);
            m.push(len);
            m.extend_from_slice(name.as_bytes());
            port
        }
    };
    m.extend_from_slice(&port.to_be_bytes());
    Some(m)
}

/// RFC 1928's words for a reply code.
fn reply_text(code: u8) -> &'static str {
    match code {
        1 => "general SOCKS server failure",
        2 => "connection not allowed by ruleset",
        3 => "network unreachable",
        4 => "host unreachable",
        5 => "connection refused",
        6 => "TTL expired",
        7 => "command not supported",
        8 => "address type not supported",
        _ => "an unassigned reply code",
    }
}

fn socks5<W: Wire>(w: &mut W, shake: &Shake<'_>, target: Target<'_>) -> io::Result<()> {
    let login = shake.proxy.credentials();
    shake.send(w, greeting(login.is_some()))?;
    let mut two = [0u8; 2];
    shake.recv(w, &mut two, "answer to the greeting")?;
    if two[0] != 5 {
        return Err(shake.fail(
            SocksErrorKind::Protocol,
            format_args!("answered the greeting with version {}, not SOCKS5", two[0]),
        ));
    }
    match (two[1], login) {
        (0, _) => {}
        (2, Some((user, password))) => {
            let request = login_request(user, password).ok_or_else(|| {
                shake.fail(
                    SocksErrorKind::Unsupported,
                    "cannot be sent a user name or password over 255 octets",
                )
            })?;
            shake.send(w, &request)?;
            shake.recv(w, &mut two, "answer to the login")?;
            // RFC 1929's version is 1; some proxies answer with SOCKS's 5.
            if !matches!(two[0], 1 | 5) {
                return Err(shake.fail(
                    SocksErrorKind::Protocol,
                    format_args!(
                        "answered the login with version {}, not RFC 1929's 1",
                        two[0]
                    ),
                ));
            }
            if two[1] != 0 {
                return Err(shake.fail(
                    SocksErrorKind::Auth,
                    format_args!("refused the user name and password (status {})", two[1]),
                ));
            }
        }
        (2, None) => {
            return Err(shake.fail(
                SocksErrorKind::Auth,
                "asks for a user name and password, and none was given (user:password@ in the proxy URL)",
            ));
        }
        (0xFF, Some(_)) => {
            return Err(shake.fail(
                SocksErrorKind::Auth,
                "accepts neither no login nor a user name and password",
            ));
        }
        (0xFF, None) => {
            return Err(shake.fail(
                SocksErrorKind::Auth,
                "accepts no connection without a login (user:password@ in the proxy URL)",
            ));
        }
        (m, _) => {
            return Err(shake.fail(
                SocksErrorKind::Protocol,
                format_args!("chose the login method {m}, which was not offered"),
            ));
        }
    }
    let request = connect_request(target).ok_or_else(|| {
        shake.fail(
            SocksErrorKind::Unsupported,
            format_args!("cannot be sent {target}: SOCKS5 carries a name of 1 to 255 octets"),
        )
    })?;
    trace_connect(shake, target);
    shake.send(w, &request)?;
    shake.recv(w, &mut two, "reply")?;
    if two[0] != 5 {
        return Err(shake.fail(
            SocksErrorKind::Protocol,
            format_args!("replied with version {}, not SOCKS5", two[0]),
        ));
    }
    if two[1] != 0 {
        return Err(shake.fail(
            SocksErrorKind::Reply(two[1]),
            format_args!(
                "could not connect to {target}: {} (reply {})",
                reply_text(two[1]),
                two[1]
            ),
        ));
    }
    // The reserved octet, then the type of the address the proxy bound:
    // not used for CONNECT, but read past.
    shake.recv(w, &mut two, "reply")?;
    let len = match two[1] {
        1 => 4,
        4 => 16,
        3 => {
            let mut n = [0u8; 1];
            shake.recv(w, &mut n, "reply")?;
            usize::from(n[0])
        }
        t => {
            return Err(shake.fail(
                SocksErrorKind::Protocol,
                format_args!("replied with an address of unknown type {t}"),
            ));
        }
    };
    let mut bound = [0u8; 255 + 2];
    shake.recv(w, &mut bound[..len + 2], "reply")?;
    crate::trace::info(shake.tracer, "SOCKS5 request granted.");
    Ok(())
}

/// SOCKS4's CONNECT: version 4, command 1, the port, the IPv4 address,
/// the user id and a NUL; for SOCKS4a a name goes after the address
/// 0.0.0.1 and the user id, NUL-ended. `None` for what it cannot carry:
/// IPv6, a NUL in the user id or the name, an empty name.
fn socks4_request(target: Target<'_>, user: &[u8]) -> Option<Vec<u8>> {
    if user.contains(&0) {
        return None;
    }
    let mut m = vec![4, 1];
    match target {
        Target::Addr(SocketAddr::V4(a)) => {
            m.extend_from_slice(&a.port().to_be_bytes());
            m.extend_from_slice(&a.ip().octets());
            m.extend_from_slice(user);
            m.push(0);
        }
        Target::Addr(SocketAddr::V6(_)) => return None,
        Target::Name(name, port) => {
            if name.is_empty() || name.contains('\0') {
                return None;
            }
            m.extend_from_slice(&port.to_be_bytes());
            m.extend_from_slice(&[0, 0, 0, 1]);
            m.extend_from_slice(user);
            m.push(0);
            m.extend_from_slice(name.as_bytes());
            m.push(0);
        }
    }
    Some(m)
}

fn socks4<W: Wire>(w: &mut W, shake: &Shake<'_>, target: Target<'_>) -> io::Result<()> {
    // SOCKS4 has no password: the user name goes as the user id.
    let user = shake
        .proxy
        .credentials()
        .map(|(u, _)| u)
        .unwrap_or_default();
    let request = socks4_request(target, user).ok_or_else(|| {
        shake.fail(
            SocksErrorKind::Unsupported,
            format_args!(
                "cannot be sent {target}: SOCKS4 carries IPv4 addresses and names without NUL"
            ),
        )
    })?;
    trace_connect(shake, target);
    shake.send(w, &request)?;
    let mut reply = [0u8; 8];
    shake.recv(w, &mut reply, "reply")?;
    if reply[0] != 0 {
        return Err(shake.fail(
            SocksErrorKind::Protocol,
            format_args!("replied with version {}, not SOCKS4's 0", reply[0]),
        ));
    }
    let why = match reply[1] {
        90 => {
            crate::trace::info(shake.tracer, "SOCKS4 request granted.");
            return Ok(());
        }
        91 => "request rejected or failed",
        92 => "request rejected: the proxy could not reach the client's identd",
        93 => "request rejected: the client's identd gave another user id",
        code => {
            return Err(shake.fail(
                SocksErrorKind::Protocol,
                format_args!("replied with the unknown code {code}"),
            ));
        }
    };
    Err(shake.fail(
        SocksErrorKind::Reply(reply[1]),
        format_args!("could not connect to {target}: {why} (reply {})", reply[1]),
    ))
}

/// The protocol's name as curl's messages have it: socks5h speaks SOCKS5.
fn label(v: SocksVersion) -> &'static str {
    match v {
        SocksVersion::Socks5 | SocksVersion::Socks5h => "SOCKS5",
        SocksVersion::Socks4 => "SOCKS4",
        SocksVersion::Socks4a => "SOCKS4a",
    }
}

/// curl's `-v` line for the request.
fn trace_connect(shake: &Shake<'_>, target: Target<'_>) {
    if !crate::trace::on(shake.tracer) {
        return;
    }
    let v = label(shake.proxy.version());
    let line = match target {
        Target::Addr(a) => {
            let family = if a.is_ipv4() { "IPv4" } else { "IPv6" };
            format!("{v} connect to {family} {a} (locally resolved)")
        }
        Target::Name(..) => format!("{v} connect to {target} (remotely resolved)"),
    };
    crate::trace::info(shake.tracer, &line);
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::VecDeque;
    use std::net::{Ipv4Addr, Ipv6Addr, TcpListener};

    /// A proxy that answers with `replies`, one read each, and records what
    /// was sent.
    struct Script {
        replies: VecDeque<Vec<u8>>,
        sent: Vec<u8>,
    }

    impl Read for Script {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            let Some(front) = self.replies.front_mut() else {
                return Ok(0);
            };
            let n = front.len().min(buf.len());
            buf[..n].copy_from_slice(&front[..n]);
            front.drain(..n);
            if front.is_empty() {
                self.replies.pop_front();
            }
            Ok(n)
        }
    }

    impl Write for Script {
        fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
            self.sent.extend_from_slice(buf);
            Ok(buf.len())
        }
        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    impl Wire for Script {
        fn wait(&mut self, _: Duration) -> io::Result<()> {
            Ok(())
        }
    }

    fn proxy(url: &str) -> SocksProxy {
        SocksProxy::parse(url, "all_proxy").unwrap()
    }

    const V4: Target<'static> =
        Target::Addr(SocketAddr::new(IpAddr::V4(Ipv4Addr::new(10, 0, 0, 1)), 80));
    const V6: Target<'static> = Target::Addr(SocketAddr::new(IpAddr::V6(Ipv6Addr::LOCALHOST), 80));
    const NAME: Target<'static> = Target::Name("example.com", 443);
    const GRANTED: &[u8] = &[5, 0, 0, 1, 0, 0, 0, 0, 0, 0];

    /// Runs the handshake of `url` for `target` against `replies`: the
    /// result, what was sent, and what the proxy had left unread.
    fn run(url: &str, target: Target<'_>, replies: &[&[u8]]) -> (io::Result<()>, Vec<u8>, Vec<u8>) {
        let p = proxy(url);
        let shake = Shake::new(&p, Duration::from_secs(5), None);
        let mut s = Script {
            replies: replies.iter().map(|r| r.to_vec()).collect(),
            sent: Vec::new(),
        };
        let r = handshake(&mut s, &shake, target);
        let mut rest = Vec::new();
        s.read_to_end(&mut rest).unwrap();
        (r, s.sent, rest)
    }

    fn failure(url: &str, target: Target<'_>, replies: &[&[u8]]) -> SocksError {
        let (r, _, _) = run(url, target, replies);
        let e = r.unwrap_err();
        SocksError::of(&e)
            .unwrap_or_else(|| panic!("no SOCKS error in {e:?}"))
            .clone()
    }

    #[test]
    fn messages_are_encoded_as_the_rfcs_have_them() {
        assert_eq!(greeting(false), [5, 1, 0]);
        assert_eq!(greeting(true), [5, 2, 0, 2]);
        assert_eq!(
            login_request(b"me", b"pw").unwrap(),
            [1, 2, b'm', b'e', 2, b'p', b'w']
        );
        assert_eq!(login_request(b"me", b"").unwrap(), [1, 2, b'm', b'e', 0]);
        assert!(login_request(&[b'x'; 256], b"pw").is_none());
        assert_eq!(
            connect_request(V4).unwrap(),
            [5, 1, 0, 1, 10, 0, 0, 1, 0, 80]
        );
        assert_eq!(
            connect_request(V6).unwrap(),
            [&[5, 1, 0, 4][..], &[0; 15], &[1, 0, 80]].concat()
        );
        assert_eq!(
            connect_request(NAME).unwrap(),
            [&[5, 1, 0, 3, 11][..], b"example.com", &[1, 187]].concat()
        );
        let long = "x".repeat(255);
        assert_eq!(
            connect_request(Target::Name(&long, 1)).unwrap().len(),
            5 + 255 + 2
        );
        assert!(connect_request(Target::Name(&"x".repeat(256), 1)).is_none());
        assert!(connect_request(Target::Name("", 1)).is_none());
        assert_eq!(
            socks4_request(V4, b"me").unwrap(),
            [4, 1, 0, 80, 10, 0, 0, 1, b'm', b'e', 0]
        );
        assert_eq!(
            socks4_request(NAME, b"").unwrap(),
            [&[4, 1, 1, 187, 0, 0, 0, 1, 0][..], b"example.com", &[0]].concat()
        );
        assert!(socks4_request(V6, b"").is_none());
        assert!(socks4_request(V4, b"a\0b").is_none());
    }

    #[test]
    fn a_granted_connect_leaves_the_targets_octets_unread() {
        let (r, sent, rest) = run(
            "socks5h://proxy",
            NAME,
            &[&[5, 0], &[5, 0, 0, 3, 4], b"host", &[0, 0], b"220 ready"],
        );
        r.unwrap();
        assert_eq!(
            sent,
            [&[5, 1, 0, 5, 1, 0, 3, 11][..], b"example.com", &[1, 187]].concat()
        );
        assert_eq!(rest, b"220 ready");
        let (r, _, rest) = run(
            "socks5://proxy",
            V6,
            &[&[5, 0], &[5, 0, 0, 4], &[0; 18], b"x"],
        );
        r.unwrap();
        assert_eq!(rest, b"x");
        // The whole reply in one read, target's octets and all.
        let (r, _, rest) = run(
            "socks5://proxy",
            V4,
            &[&[5, 0], &[GRANTED, b"data"].concat()],
        );
        r.unwrap();
        assert_eq!(rest, b"data");
    }

    #[test]
    fn a_login_goes_when_the_proxy_asks_for_it() {
        let (r, sent, _) = run("socks5://me:pw@proxy", V4, &[&[5, 2], &[1, 0], GRANTED]);
        r.unwrap();
        assert_eq!(
            sent,
            [
                &[5, 2, 0, 2][..],
                &[1, 2, b'm', b'e', 2, b'p', b'w'],
                &[5, 1, 0, 1, 10, 0, 0, 1, 0, 80]
            ]
            .concat()
        );
        // The proxy may not want it.
        let (r, sent, _) = run("socks5://me:pw@proxy", V4, &[&[5, 0], GRANTED]);
        r.unwrap();
        assert_eq!(sent[..4], [5, 2, 0, 2]);
    }

    #[test]
    fn a_refused_login_is_an_auth_error_without_the_password() {
        let e = failure("socks5://me:s3cret@proxy", V4, &[&[5, 2], &[1, 1]]);
        assert_eq!((e.kind(), e.exit_code()), (SocksErrorKind::Auth, 97));
        assert!(!e.to_string().contains("s3cret"), "{e}");
        assert!(e.to_string().contains("proxy:1080 (all_proxy)"), "{e}");
        let e = failure("socks5://proxy", V4, &[&[5, 2]]);
        assert_eq!(e.kind(), SocksErrorKind::Auth);
        assert!(e.to_string().contains("asks for a user name"), "{e}");
        let e = failure("socks5://proxy", V4, &[&[5, 0xFF]]);
        assert_eq!(e.kind(), SocksErrorKind::Auth);
        let e = failure("socks5://me:pw@proxy", V4, &[&[5, 0xFF]]);
        assert_eq!(e.kind(), SocksErrorKind::Auth);
        let e = failure("socks5://proxy", V4, &[&[5, 1]]);
        assert_eq!(e.kind(), SocksErrorKind::Protocol);
        let e = failure("socks5://me:pw@proxy", V4, &[&[5, 2], &[2, 0]]);
        assert_eq!(e.kind(), SocksErrorKind::Protocol);
    }

    #[test]
    fn reply_codes_are_named_and_sorted() {
        for code in 1..=9u8 {
            let e = failure("socks5://proxy", V4, &[&[5, 0], &[5, code, 0, 1]]);
            assert_eq!(e.kind(), SocksErrorKind::Reply(code));
            assert_eq!(e.exit_code(), 97);
            assert!(e.to_string().contains(reply_text(code)), "{e}");
            assert!(e.to_string().contains("10.0.0.1:80"), "{e}");
        }
        let refused = failure("socks5://proxy", V4, &[&[5, 0], &[5, 5]]);
        let io = refused.clone().into_io();
        assert_eq!(io.kind(), io::ErrorKind::ConnectionRefused);
        assert_eq!(
            SocksErrorKind::Reply(4).io_kind(),
            io::ErrorKind::HostUnreachable
        );
        assert_eq!(SocksErrorKind::Reply(1).io_kind(), io::ErrorKind::Other);
    }

    #[test]
    fn malformed_replies_are_protocol_errors() {
        let cases: &[&[&[u8]]] = &[
            // Too short, at each step.
            &[],
            &[&[5]],
            &[&[5, 0]],
            &[&[5, 0], &[5]],
            &[&[5, 0], &[5, 0, 0]],
            &[&[5, 0], &[5, 0, 0, 1, 127, 0]],
            &[&[5, 0], &[5, 0, 0, 3]],
            &[&[5, 0], &[5, 0, 0, 3, 200], &[b'x'; 199]],
            &[&[5, 0], &[5, 0, 0, 4], &[0; 17]],
            // A bad version, to the greeting and to the CONNECT.
            &[&[4, 0]],
            &[&[5, 0], &[4, 0, 0, 1, 0, 0, 0, 0, 0, 0]],
            &[&[0x48, 0x54]],
            // An address type that does not exist.
            &[&[5, 0], &[5, 0, 0, 2, 0, 0, 0, 0, 0, 0]],
            &[&[5, 0], &[5, 0, 0, 0xFF]],
        ];
        for replies in cases {
            let e = failure("socks5://proxy", V4, replies);
            assert_eq!(e.kind(), SocksErrorKind::Protocol, "{replies:?}: {e}");
            assert_eq!(e.exit_code(), 97);
        }
    }

    #[test]
    fn a_name_reply_is_read_to_its_length_and_no_further() {
        let long = [&[5, 0, 0, 3, 255][..], &[b'n'; 255], &[0, 80]].concat();
        let (r, _, rest) = run("socks5h://proxy", NAME, &[&[5, 0], &long, b"after"]);
        r.unwrap();
        assert_eq!(rest, b"after");
        let empty = [5, 0, 0, 3, 0, 0, 80];
        let (r, _, rest) = run("socks5h://proxy", NAME, &[&[5, 0], &empty, b"z"]);
        r.unwrap();
        assert_eq!(rest, b"z");
    }

    #[test]
    fn socks4_replies() {
        let (r, sent, rest) = run("socks4://me@proxy", V4, &[&[0, 90, 0, 0, 0, 0, 0, 0, b'!']]);
        r.unwrap();
        assert_eq!(sent, [4, 1, 0, 80, 10, 0, 0, 1, b'm', b'e', 0]);
        assert_eq!(rest, b"!");
        let (r, sent, _) = run("socks4a://proxy", NAME, &[&[0, 90, 0, 0, 0, 0, 0, 0]]);
        r.unwrap();
        assert_eq!(sent[4..8], [0, 0, 0, 1]);
        let e = failure("socks4://proxy", V4, &[&[0, 91, 0, 0, 0, 0, 0, 0]]);
        assert_eq!(e.kind(), SocksErrorKind::Reply(91));
        assert_eq!(e.kind().io_kind(), io::ErrorKind::ConnectionRefused);
        for replies in [
            &[&[4u8, 90, 0, 0, 0, 0, 0, 0][..]][..],
            &[&[0, 94, 0, 0, 0, 0, 0, 0]],
            &[&[0, 90, 0]],
        ] {
            assert_eq!(
                failure("socks4://proxy", V4, replies).kind(),
                SocksErrorKind::Protocol
            );
        }
        assert_eq!(
            failure("socks4://proxy", V6, &[]).kind(),
            SocksErrorKind::Unsupported
        );
    }

    #[test]
    fn a_name_too_long_for_socks5_is_not_sent() {
        let long = "x".repeat(256);
        let (r, sent, _) = run("socks5h://proxy", Target::Name(&long, 80), &[&[5, 0]]);
        let e = r.unwrap_err();
        assert_eq!(
            SocksError::of(&e).unwrap().kind(),
            SocksErrorKind::Unsupported
        );
        assert_eq!(sent, [5, 1, 0]);
    }

    /// A proxy on loopback that reads the client's greeting, sends
    /// `reply`, and then, with `hold`, keeps the connection open until the
    /// client hangs up (else closes it at once).
    fn broken_proxy(reply: &'static [u8], hold: bool) -> (String, std::thread::JoinHandle<()>) {
        let l = TcpListener::bind("127.0.0.1:0").unwrap();
        let port = l.local_addr().unwrap().port();
        let t = std::thread::spawn(move || {
            let (mut s, _) = l.accept().unwrap();
            let mut buf = [0u8; 64];
            // Bounds a client that never greets.
            let _ = s.set_read_timeout(Some(Duration::from_secs(30)));
            let _ = s.read(&mut buf);
            let _ = s.write_all(reply);
            if hold {
                uniform_testkit::until_closed(&mut s);
            }
        });
        (format!("socks5h://127.0.0.1:{port}"), t)
    }

    fn limits(connect: Duration) -> crate::net::Timeouts {
        crate::net::Timeouts {
            connect,
            ..crate::net::Timeouts::default()
        }
    }

    #[test]
    fn a_silent_proxy_is_cut_off_at_the_connect_limit() {
        let (url, t) = broken_proxy(b"", true);
        let limit = Duration::from_secs(1);
        let start = Instant::now();
        let e = connect(
            &proxy(&url),
            "example.com",
            70,
            limits(limit).connect,
            limits(limit).idle,
            Exclusions::default(),
            None,
        )
        .unwrap_err();
        let took = start.elapsed();
        // At the limit, not before; after it by no more than a loaded
        // machine's delay (the idle limit, 60 s, is far off).
        assert!(
            took >= limit && took < limit + Duration::from_secs(4),
            "{took:?}"
        );
        assert_eq!(e.kind(), io::ErrorKind::TimedOut);
        let s = SocksError::of(&e).unwrap();
        assert_eq!((s.kind(), s.exit_code()), (SocksErrorKind::Timeout, 28));
        assert!(s.to_string().contains("--connect-timeout"), "{s}");
        t.join().unwrap();
    }

    #[test]
    fn a_trickling_proxy_is_cut_off_at_the_connect_limit() {
        let l = TcpListener::bind("127.0.0.1:0").unwrap();
        let port = l.local_addr().unwrap().port();
        let t = std::thread::spawn(move || {
            let (mut s, _) = l.accept().unwrap();
            let mut buf = [0u8; 16];
            let _ = s.read(&mut buf);
            let _ = s.write_all(&[5, 0]);
            let _ = s.read(&mut buf);
            // One octet of the reply every 100 ms (the trickle is the fault
            // under test): each read is quick, the whole is not. The reply,
            // with its 200-octet name, would take 20 s.
            for b in [5u8, 0, 0, 3, 200] {
                if s.write_all(&[b]).is_err() {
                    return;
                }
                std::thread::sleep(Duration::from_millis(100));
            }
            for _ in 0..300 {
                if s.write_all(b"x").is_err() {
                    return;
                }
                std::thread::sleep(Duration::from_millis(100));
            }
        });
        let url = format!("socks5h://127.0.0.1:{port}");
        let limit = Duration::from_secs(1);
        let start = Instant::now();
        let e = connect(
            &proxy(&url),
            "example.com",
            70,
            limits(limit).connect,
            limits(limit).idle,
            Exclusions::default(),
            None,
        )
        .unwrap_err();
        let took = start.elapsed();
        assert!(
            took >= limit && took < limit + Duration::from_secs(4),
            "{took:?}"
        );
        assert_eq!(SocksError::of(&e).unwrap().kind(), SocksErrorKind::Timeout);
        t.join().unwrap();
    }

    #[test]
    fn a_proxy_that_closes_early_is_a_short_reply() {
        let (url, t) = broken_proxy(&[5], false);
        let e = connect(
            &proxy(&url),
            "example.com",
            70,
            limits(Duration::from_secs(5)).connect,
            limits(Duration::from_secs(5)).idle,
            Exclusions::default(),
            None,
        )
        .unwrap_err();
        let s = SocksError::of(&e).unwrap();
        assert_eq!(s.kind(), SocksErrorKind::Protocol);
        assert!(s.to_string().contains("closed the connection"), "{s}");
        t.join().unwrap();
    }

    #[test]
    fn a_proxy_that_is_not_there_is_a_connection_error() {
        let closed = uniform_testkit::ClosedPort::new();
        let p = proxy(&format!("socks5://u:s3cret@127.0.0.1:{}", closed.port()));
        let e = connect(
            &p,
            "example.com",
            70,
            limits(Duration::from_secs(5)).connect,
            limits(Duration::from_secs(5)).idle,
            Exclusions::default(),
            None,
        )
        .unwrap_err();
        assert_eq!(e.kind(), io::ErrorKind::ConnectionRefused);
        let s = SocksError::of(&e).unwrap();
        assert_eq!((s.kind(), s.exit_code()), (SocksErrorKind::ProxyConnect, 7));
        assert!(!s.to_string().contains("s3cret"));
        let p = proxy("socks5://no-such-proxy.invalid");
        let e = connect(
            &p,
            "example.com",
            70,
            limits(Duration::from_secs(5)).connect,
            limits(Duration::from_secs(5)).idle,
            Exclusions::default(),
            None,
        )
        .unwrap_err();
        assert_eq!(SocksError::of(&e).unwrap().exit_code(), 6);
    }

    #[test]
    fn socks5_resolves_here_and_socks5h_does_not() {
        let p = proxy("socks5://proxy");
        let shake = Shake::new(&p, Duration::from_secs(5), None);
        assert_eq!(
            targets(&shake, "127.0.0.1", 21).unwrap(),
            [Target::Addr("127.0.0.1:21".parse().unwrap())]
        );
        assert!(
            targets(&shake, "localhost", 21)
                .unwrap()
                .iter()
                .all(|t| matches!(t, Target::Addr(a) if a.ip().is_loopback()))
        );
        let e = targets(&shake, "no-such-host.invalid", 21).unwrap_err();
        assert_eq!(
            SocksError::of(&e).unwrap().kind(),
            SocksErrorKind::TargetUnresolved
        );
        let p = proxy("socks5h://proxy");
        let shake = Shake::new(&p, Duration::from_secs(5), None);
        assert_eq!(
            targets(&shake, "no-such-host.invalid", 21).unwrap(),
            [Target::Name("no-such-host.invalid", 21)]
        );
        let p = proxy("socks4://proxy");
        let shake = Shake::new(&p, Duration::from_secs(5), None);
        assert!(
            targets(&shake, "localhost", 21)
                .unwrap()
                .iter()
                .all(|t| matches!(t, Target::Addr(a) if a.is_ipv4()))
        );
    }

    #[test]
    fn exclusions_screen_what_the_proxy_is_asked_for() {
        use crate::exclude::Excluded;
        // No proxy listens: a check that passes the screen fails on it.
        let closed = uniform_testkit::ClosedPort::new();
        let at = |scheme: &str| proxy(&format!("{scheme}://127.0.0.1:{}", closed.port()));
        let x = Exclusions {
            loopback: true,
            ..Exclusions::default()
        };
        let t = limits(Duration::from_secs(5));
        let go = |p: &SocksProxy, host: &str| {
            connect(p, host, 8080, t.connect, t.idle, x, None).unwrap_err()
        };
        // Resolved here (socks5, socks4): the name's addresses; a
        // literal through any SOCKS.
        for (scheme, host) in [
            ("socks5", "localhost"),
            ("socks4", "localhost"),
            ("socks5h", "127.0.0.1"),
            ("socks4a", "[::1]"),
        ] {
            let e = go(&at(scheme), host);
            assert!(Excluded::of(&e).is_some(), "{scheme} {host}: {e}");
        }
        // A name the proxy resolves cannot be screened: the proxy is
        // asked (and is not there).
        let e = go(&at("socks5h"), "localhost");
        assert!(
            Excluded::of(&e).is_none() && SocksError::of(&e).is_some(),
            "{e}"
        );
    }
}
