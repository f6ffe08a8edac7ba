//! A connection of a line protocol: lines out, lines and replies in,
//! every read within the idle limit (cut to what is left of the total),
//! every line and reply within its length limit.

use super::error::{LineError, LineErrorKind};
use super::reply::{Continues, Reply, status};
use super::write::write_line;
use crate::error::{AccessError, AccessErrorKind};
use crate::net::{self, Deadline, Dial, Timed, Timeouts};
use crate::trace::{self, Tracer};
use std::io::{self, BufReader, Write};
use std::net::TcpStream;
use std::time::Duration;

/// How long lines and replies may be.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Limits {
    /// One line, its line end counted.
    pub(crate) line: usize,
    /// A whole multi-line reply.
    pub(crate) reply: usize,
}

impl Limits {
    /// FTP, SMTP, NNTP: lines of 64 KiB (RFC 5321 allows 512 octets, RFC
    /// 959 says nothing; real servers stay far below), replies of 256 KiB
    /// (an FTP `STAT` or a long SMTP EHLO list fits many times over).
    pub(crate) const PROTOCOL: Limits = Limits {
        line: net::MAX_LINE,
        reply: 256 * 1024,
    };
}

/// The octets buffered from the server at a time.
const BUFFER: usize = 64 * 1024;

/// An open connection: a buffered, timed reader and a writer on the same
/// socket.
#[derive(Debug)]
pub(crate) struct LineConn {
    reader: BufReader<Timed<TcpStream>>,
    writer: TcpStream,
    peer: String,
    limits: Limits,
    idle: Duration,
    deadline: Deadline,
    line: Vec<u8>,
    /// Owned, not borrowed from the session: a connection kept for the
    /// next URL outlives the fetch that opened it.
    trace: Option<Tracer>,
}

impl LineConn {
    /// Connects to `host`:`port` by `dial` within the connect limit (cut
    /// to what is left of the total).
    ///
    /// # Errors
    ///
    /// [`AccessErrorKind::Connect`], or a timeout.
    pub(crate) fn open(
        scheme: &str,
        host: &str,
        port: u16,
        dial: Dial<'_>,
        timeouts: &Timeouts,
        deadline: Deadline,
        limits: Limits,
    ) -> Result<LineConn, AccessError> {
        deadline
            .check()
            .map_err(|e| AccessError::io(scheme, Some(host), "connecting", e))?;
        let t = Timeouts {
            connect: deadline.clamp(timeouts.connect),
            idle: deadline.clamp(timeouts.idle),
            total: None,
            speed: timeouts.speed,
        };
        let s = dial
            .connect(host, port, &t)
            .map_err(|e| connect_error(scheme, host, port, e))?;
        let peer = if host.contains(':') {
            format!("[{host}]:{port}")
        } else {
            format!("{host}:{port}")
        };
        LineConn::over(s, peer, timeouts, deadline, limits, dial.tracer.cloned())
            .map_err(|e| AccessError::io(scheme, Some(host), "setting up the connection", e))
    }

    /// A connection over `stream`, already open, to `peer`, its lines
    /// traced to `trace`.
    pub(crate) fn over(
        stream: TcpStream,
        peer: String,
        timeouts: &Timeouts,
        deadline: Deadline,
        limits: Limits,
        trace: Option<Tracer>,
    ) -> io::Result<LineConn> {
        let writer = stream.try_clone()?;
        let mut c = LineConn {
            reader: BufReader::with_capacity(BUFFER, Timed::socket(stream, deadline, timeouts)?),
            writer,
            peer,
            limits,
            idle: timeouts.idle,
            deadline,
            line: Vec::with_capacity(512),
            trace,
        };
        c.arm(None).map_err(|e| match e.kind {
            LineErrorKind::Io(e) => e,
            _ => io::Error::other(e.to_string()),
        })?;
        Ok(c)
    }

    /// Kept for another access (the next URL of one server): its limits
    /// and its trace are that access's.
    pub(crate) fn renew(
        &mut self,
        timeouts: &Timeouts,
        deadline: Deadline,
        trace: Option<&Tracer>,
    ) {
        self.trace = trace.cloned();
        self.idle = timeouts.idle;
        self.deadline = deadline;
        self.reader.get_mut().renew(deadline);
    }

    /// Traced no more: what it says after its last access (a goodbye)
    /// belongs to none.
    pub(crate) fn untrace(&mut self) {
        self.trace = None;
    }

    /// The socket (its addresses; shutting it down).
    pub(crate) fn socket(&self) -> &TcpStream {
        &self.writer
    }

    /// The buffered reader, for what comes after a reply: an article, a
    /// listing, a menu.
    pub(crate) fn reader(&mut self) -> &mut BufReader<Timed<TcpStream>> {
        &mut self.reader
    }

    fn error(&self, kind: LineErrorKind) -> LineError {
        LineError::new(kind, &self.peer)
    }

    /// Sets the time limit of the next reads and writes: the idle limit,
    /// cut to what is left of the total and to `limit` when given. What
    /// the server sends next is a new reply, with a low-speed window of
    /// its own: the time between two exchanges is the client's, not the
    /// server's.
    pub(crate) fn arm(&mut self, limit: Option<Duration>) -> Result<(), LineError> {
        self.deadline
            .check()
            .map_err(|e| self.error(LineErrorKind::Io(e)))?;
        let mut wait = self.idle;
        if let Some(l) = limit {
            wait = wait.min(l);
        }
        // The reader sets its own read timeout before each read.
        self.reader.get_mut().restart(wait);
        self.writer
            .set_write_timeout(Some(self.deadline.clamp(wait)))
            .map_err(|e| self.error(LineErrorKind::Io(e)))
    }

    /// Sends `line` and CR LF; refuses a line holding CR, LF or NUL.
    pub(crate) fn send(&mut self, line: &[u8]) -> Result<(), LineError> {
        self.arm(None)?;
        write_line(&mut self.writer, line).map_err(|k| self.error(k))?;
        trace::sent(self.trace.as_ref(), line);
        Ok(())
    }

    /// Sends octets as they are (a message body already framed).
    pub(crate) fn send_raw(&mut self, octets: &[u8]) -> Result<(), LineError> {
        self.arm(None)?;
        self.writer
            .write_all(octets)
            .map_err(|e| self.error(LineErrorKind::Io(e)))
    }

    /// Reads one line, its line end included.
    ///
    /// # Errors
    ///
    /// [`LineErrorKind::Closed`] at the end of the stream,
    /// [`LineErrorKind::LineTooLong`], and the read errors.
    pub(crate) fn line(&mut self) -> Result<&[u8], LineError> {
        match net::read_line(&mut self.reader, &mut self.line, self.limits.line) {
            Ok(0) => Err(LineError::new(LineErrorKind::Closed, &self.peer)),
            Ok(_) => {
                trace::received(self.trace.as_ref(), &self.line);
                Ok(&self.line)
            }
            Err(e) if e.kind() == io::ErrorKind::InvalidData => Err(LineError::new(
                LineErrorKind::LineTooLong {
                    limit: self.limits.line,
                },
                &self.peer,
            )),
            Err(e) => Err(LineError::new(LineErrorKind::Io(e), &self.peer)),
        }
    }

    /// Reads a whole reply, its continuation lines included, within the
    /// time limit `limit` (else the idle one).
    ///
    /// # Errors
    ///
    /// [`LineErrorKind::NotAReply`], [`LineErrorKind::ReplyTooLong`], and
    /// those of [`LineConn::line`].
    pub(crate) fn reply_within(&mut self, limit: Option<Duration>) -> Result<Reply, LineError> {
        self.arm(limit)?;
        let first = self.line()?;
        let Some((code, more)) = status(first) else {
            let line = first.to_vec();
            return Err(self.error(LineErrorKind::NotAReply(line)));
        };
        let mut text = first.to_vec();
        if more == Continues::Yes {
            let limit = self.limits.reply;
            loop {
                let line = self.line()?;
                if text.len() + line.len() > limit {
                    let kind = LineErrorKind::ReplyTooLong { limit };
                    return Err(LineError::new(kind, &self.peer));
                }
                text.extend_from_slice(line);
                if status(line) == Some((code, Continues::No)) {
                    break;
                }
            }
        }
        Ok(Reply { code, text })
    }

    /// [`LineConn::reply_within`] the idle limit.
    pub(crate) fn reply(&mut self) -> Result<Reply, LineError> {
        self.reply_within(None)
    }
}

/// A connection that failed: [`AccessErrorKind::Connect`], or a timeout.
pub(crate) fn connect_error(scheme: &str, host: &str, port: u16, e: io::Error) -> AccessError {
    let doing = format!("connecting to port {port}");
    match e.kind() {
        io::ErrorKind::TimedOut | io::ErrorKind::WouldBlock => {
            AccessError::io(scheme, Some(host), &doing, e)
        }
        _ => AccessError::new(
            AccessErrorKind::Connect,
            scheme,
            Some(host),
            format!("{doing}: {e}"),
        )
        .with_source(e),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::net::TcpListener;

    fn pair(server_says: &'static [u8], limits: Limits) -> LineConn {
        let l = TcpListener::bind("127.0.0.1:0").unwrap();
        let addr = l.local_addr().unwrap();
        std::thread::spawn(move || {
            let (mut s, _) = l.accept().unwrap();
            let _ = s.write_all(server_says);
        });
        let s = TcpStream::connect(addr).unwrap();
        LineConn::over(
            s,
            addr.to_string(),
            &Timeouts::default(),
            Deadline::after(None),
            limits,
            None,
        )
        .unwrap()
    }

    #[test]
    fn a_multi_line_reply_is_read_whole() {
        let mut c = pair(
            b"250-first\r\n250-second\r\n250 last\r\n221 next\r\n",
            Limits::PROTOCOL,
        );
        let r = c.reply().unwrap();
        assert_eq!(r.code, 250);
        assert_eq!(r.text, b"250-first\r\n250-second\r\n250 last\r\n");
        assert_eq!(c.reply().unwrap().code, 221);
        assert!(matches!(c.reply().unwrap_err().kind, LineErrorKind::Closed));
    }

    #[test]
    fn limits_are_errors_that_name_them() {
        let limits = Limits {
            line: 16,
            reply: 40,
        };
        let mut c = pair(b"220 a line far too long for sixteen\r\n", limits);
        let e = c.reply().unwrap_err();
        assert!(
            matches!(e.kind, LineErrorKind::LineTooLong { limit: 16 }),
            "{e}"
        );
        assert!(e.to_string().starts_with(&e.peer), "{e}");
        let mut c = pair(
            b"250-a\r\n250-b\r\n250-c\r\n250-d\r\n250-e\r\n250-f\r\n250 g\r\n",
            limits,
        );
        let e = c.reply().unwrap_err();
        assert!(
            matches!(e.kind, LineErrorKind::ReplyTooLong { limit: 40 }),
            "{e}"
        );
        let mut c = pair(b"hello\r\n", limits);
        assert!(matches!(
            c.reply().unwrap_err().kind,
            LineErrorKind::NotAReply(_)
        ));
    }
}
