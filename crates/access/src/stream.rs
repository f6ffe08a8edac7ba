//! The connections HTTP speaks over: TCP, TLS on TCP, or TLS inside a TLS
//! tunnel (an `https` URL through an `https://` proxy). A module of its
//! own, below HTTP, so that the connection pool (pool.rs) can keep them
//! without depending on the protocol. Every read and
//! write waits at most the idle limit, shortened to what is left of the
//! whole access, and reads keep to the low-speed limit.

use crate::net::{Deadline, Pace, Timeouts};
use std::io::{self, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// A connection, TLS layered on TLS as deep as the route needs.
pub(crate) enum Conn {
    Plain(TcpStream),
    Tls(Box<rustls::StreamOwned<rustls::ClientConnection, Conn>>),
}

impl Conn {
    /// The socket under it, whose timeouts bound every read and write.
    fn socket(&self) -> &TcpStream {
        match self {
            Conn::Plain(s) => s,
            Conn::Tls(t) => t.sock.socket(),
        }
    }
}

impl Read for Conn {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        match self {
            Conn::Plain(s) => s.read(buf),
            Conn::Tls(t) => t.read(buf),
        }
    }
}

impl Write for Conn {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        match self {
            Conn::Plain(s) => s.write(buf),
            Conn::Tls(t) => t.write(buf),
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        match self {
            Conn::Plain(s) => s.flush(),
            Conn::Tls(t) => t.flush(),
        }
    }
}

/// A connection under the access's limits.
pub(crate) struct Limited {
    stream: Conn,
    idle: Duration,
    deadline: Deadline,
    pace: Pace,
    /// The timeout last set on the socket: set again only when it changes
    /// (two system calls a read otherwise).
    armed: Option<Duration>,
}

/// The octets a response is read with: a body read of this size or more
/// goes past the buffer, straight into the reader's.
pub(crate) const READ_BUFFER: usize = 128 * 1024;

/// A connection being read: the one kept between URLs.
pub(crate) type Reader = BufReader<Limited>;

impl Limited {
    /// `stream` under `timeouts` and `deadline`.
    pub(crate) fn new(stream: TcpStream, timeouts: &Timeouts, deadline: Deadline) -> Limited {
        Limited {
            stream: Conn::Plain(stream),
            idle: timeouts.idle,
            deadline,
            pace: Pace::new(timeouts.speed),
            armed: None,
        }
    }

    /// The same connection under the limits of another access (a kept
    /// connection taken up by the next URL).
    pub(crate) fn renew(&mut self, timeouts: &Timeouts, deadline: Deadline) {
        self.idle = timeouts.idle;
        self.deadline = deadline;
        self.pace = Pace::new(timeouts.speed);
        self.armed = None;
    }

    /// TLS over this connection, to `name`, the handshake done here: its
    /// failure is the handshake's, not the first request's.
    ///
    /// # Errors
    ///
    /// The handshake's: a certificate refused comes as `InvalidData`
    /// carrying rustls's error.
    pub(crate) fn tls(
        self,
        config: Arc<rustls::ClientConfig>,
        name: rustls::pki_types::ServerName<'static>,
    ) -> io::Result<Limited> {
        let client = rustls::ClientConnection::new(config, name)
            .map_err(|e| io::Error::new(io::ErrorKind::InvalidData, e))?;
        let mut tls = Limited {
            stream: Conn::Tls(Box::new(rustls::StreamOwned::new(client, self.stream))),
            ..self
        };
        // The handshake's reads and writes wait the whole of what is left,
        // exactly: rustls does not retry a read that woke early.
        let wait = tls.wait()?;
        tls.stream.socket().set_read_timeout(Some(wait))?;
        tls.stream.socket().set_write_timeout(Some(wait))?;
        tls.armed = Some(wait);
        if let Conn::Tls(t) = &mut tls.stream {
            while t.conn.is_handshaking() {
                t.conn.complete_io(&mut t.sock)?;
            }
        }
        Ok(tls)
    }

    /// The server's address (a proxy's, on a route through one) and ours.
    pub(crate) fn addresses(&self) -> Option<(SocketAddr, SocketAddr)> {
        let s = self.stream.socket();
        Some((s.peer_addr().ok()?, s.local_addr().ok()?))
    }

    /// The longest a read or write may wait from now: the idle limit,
    /// shortened to what is left of the whole access and of the
    /// low-speed window.
    fn wait(&self) -> io::Result<Duration> {
        self.deadline.check()?;
        Ok(self.pace.wait(self.idle, &self.deadline))
    }

    /// Sets the socket's timeouts to at most `wait`. A timeout already set
    /// that is no longer than `wait` and at least half of it stays: a
    /// read that ends at it early is tried again for the rest (see
    /// `Read`), and a transfer makes two system calls fewer a read.
    fn arm(&mut self, wait: Duration) -> io::Result<()> {
        let fits = self.armed.is_some_and(|a| a <= wait && a * 2 >= wait);
        if !fits {
            // Three quarters of the wait: it stays right while the wait
            // shrinks by a quarter (a window running down, a deadline
            // coming), and a short wait is set as it is.
            let t = if wait > EXACT { wait * 3 / 4 } else { wait };
            let t = t.max(Duration::from_millis(1));
            self.stream.socket().set_read_timeout(Some(t))?;
            self.stream.socket().set_write_timeout(Some(t))?;
            self.armed = Some(t);
        }
        Ok(())
    }
}

/// A wait this short is set exactly, not as three quarters of itself.
const EXACT: Duration = Duration::from_millis(50);

/// Whether an I/O error is a socket timeout.
fn timed_out(e: &io::Error) -> bool {
    matches!(
        e.kind(),
        io::ErrorKind::TimedOut | io::ErrorKind::WouldBlock
    )
}

impl Read for Limited {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        // The limit is fixed when the read starts; a timeout set shorter
        // than what is left of it only wakes the read to wait again.
        let until = Instant::now() + self.wait()?;
        loop {
            let left = until.saturating_duration_since(Instant::now());
            if !left.is_zero() {
                self.arm(left)?;
            }
            match self.stream.read(buf) {
                Err(e) if timed_out(&e) && Instant::now() < until => continue,
                Err(e) => return Err(self.pace.explain(e, &self.deadline, self.idle)),
                Ok(n) => {
                    self.pace.account(n)?;
                    return Ok(n);
                }
            }
        }
    }
}

impl Write for Limited {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let until = Instant::now() + self.wait()?;
        loop {
            let left = until.saturating_duration_since(Instant::now());
            if !left.is_zero() {
                self.arm(left)?;
            }
            match self.stream.write(buf) {
                Err(e) if timed_out(&e) && Instant::now() < until => continue,
                r => return r,
            }
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        self.stream.flush()
    }
}
