//! The connections HTTP speaks over: TCP, TLS on TCP, or TLS inside a TLS
//! tunnel (an `https` URL through an `https://` proxy). Every read and
//! write waits at most the idle limit, shortened to what is left of the
//! whole access, and reads keep to the low-speed limit.

use crate::net::{Deadline, Pace, Timeouts};
use std::io::{self, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::sync::Arc;
use std::time::Duration;

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
        }
    }

    /// The same connection under the limits of another access (a kept
    /// connection taken up by the next URL).
    pub(crate) fn renew(&mut self, timeouts: &Timeouts, deadline: Deadline) {
        self.idle = timeouts.idle;
        self.deadline = deadline;
        self.pace = Pace::new(timeouts.speed);
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
        tls.arm()?;
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

    fn arm(&self) -> io::Result<()> {
        self.deadline.check()?;
        // The wait grows again when the low-speed window moves on: set
        // each time (a system call per read of up to READ_BUFFER).
        let t = self.pace.wait(self.idle, &self.deadline);
        self.stream.socket().set_read_timeout(Some(t))?;
        self.stream.socket().set_write_timeout(Some(t))?;
        Ok(())
    }
}

impl Read for Limited {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        self.arm()?;
        let n = self
            .stream
            .read(buf)
            .map_err(|e| self.pace.explain(e, &self.deadline, self.idle))?;
        self.pace.account(n)?;
        Ok(n)
    }
}

impl Write for Limited {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.arm()?;
        self.stream.write(buf)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.stream.flush()
    }
}
