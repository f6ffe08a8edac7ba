//! Connections with time limits, and the one bounded line read under every
//! line-based reader of the crate (the line layer in `line`, HTTP's heads).

use std::io::{self, BufRead, Read};
use std::net::{TcpStream, ToSocketAddrs};
use std::time::{Duration, Instant};

/// The three time limits of an access, as curl has them.
///
/// # Example
///
/// ```
/// use std::time::Duration;
/// use uniform_access::Timeouts;
/// let t = Timeouts::default();
/// assert_eq!(t.connect, Duration::from_secs(30));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Timeouts {
    /// To open a connection.
    pub connect: Duration,
    /// Between two reads (or writes) once connected.
    pub idle: Duration,
    /// For the whole access; `None` for no limit.
    pub total: Option<Duration>,
}

impl Default for Timeouts {
    fn default() -> Timeouts {
        Timeouts {
            connect: Duration::from_secs(30),
            idle: Duration::from_secs(60),
            total: None,
        }
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
pub struct Deadline(Option<Instant>);

impl Deadline {
    /// The deadline `limit` from now (`None`: never).
    pub fn after(limit: Option<Duration>) -> Deadline {
        Deadline(limit.map(|l| Instant::now() + l))
    }

    /// Whether it has passed.
    pub fn passed(&self) -> bool {
        self.0.is_some_and(|d| Instant::now() >= d)
    }

    /// The time left, `None` without a deadline.
    pub fn remaining(&self) -> Option<Duration> {
        self.0.map(|d| d.saturating_duration_since(Instant::now()))
    }

    /// An error once the deadline has passed.
    ///
    /// # Errors
    ///
    /// `TimedOut` when the deadline has passed.
    pub fn check(&self) -> io::Result<()> {
        if self.passed() {
            Err(io::Error::new(
                io::ErrorKind::TimedOut,
                "the whole access took longer than its limit",
            ))
        } else {
            Ok(())
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

/// Connects to `host`:`port`, trying each address in turn within the
/// connect limit, then sets the idle limit on reads and writes.
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
    let mut last = io::Error::new(io::ErrorKind::NotFound, format!("{host} has no address"));
    for addr in (host, port).to_socket_addrs()? {
        match TcpStream::connect_timeout(&addr, t.connect) {
            Ok(s) => {
                s.set_read_timeout(Some(t.idle))?;
                s.set_write_timeout(Some(t.idle))?;
                s.set_nodelay(true)?;
                return Ok(s);
            }
            Err(e) => last = e,
        }
    }
    Err(last)
}

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

/// A reader that fails once the deadline passes, so that a server that
/// trickles bytes cannot hold an access forever.
#[derive(Debug)]
pub struct Timed<R> {
    inner: R,
    deadline: Deadline,
}

impl<R> Timed<R> {
    /// Wraps `inner`.
    pub fn new(inner: R, deadline: Deadline) -> Timed<R> {
        Timed { inner, deadline }
    }

    /// The wrapped reader.
    pub fn into_inner(self) -> R {
        self.inner
    }
}

impl<R: Read> Read for Timed<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        self.deadline.check()?;
        self.inner.read(buf)
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
    fn a_line_of_exactly_the_limit_is_read_and_one_more_is_not() {
        let mut buf = Vec::new();
        let mut r = std::io::Cursor::new(b"abc\n".to_vec());
        assert_eq!(read_line(&mut r, &mut buf, 4).unwrap(), 4);
        let mut r = std::io::Cursor::new(b"abcd\n".to_vec());
        assert!(read_line(&mut r, &mut buf, 4).is_err());
    }
}
