//! Reading FTP's data connection: an object streamed to the output (in
//! ASCII type with CR LF made the local line end), within the time limits.

use crate::interaction::Interaction;
use crate::line::eol::ToLocal;
use crate::net::{Deadline, Pace, Timeouts};
use std::io::{self, Read, Write};
use std::net::TcpStream;
use std::time::Duration;

/// Octets read from the data connection at a time. A large read lets the
/// client sleep through more of the server's sending, with fewer wake-ups
/// on both sides: over loopback, 1 MiB moved a GiB about an eighth faster
/// than 64 KiB did (scripts/bench-access.sh), for 1 MiB more of memory.
pub(crate) const CHUNK: usize = 1024 * 1024;

/// Why reading the data connection stopped.
pub(crate) enum Failure {
    Io(io::Error),
    Output(io::Error),
    TooLong(String),
}

/// What a transfer moved: octets received and octets written (fewer in
/// ASCII type, where CR LF became LF).
pub(crate) struct Copied {
    pub(crate) received: u64,
    pub(crate) written: u64,
}

/// Reads the data connection, each read within the idle limit shortened
/// to what is left of the total, the whole at the low-speed limit.
pub(crate) struct DataReader<'a> {
    stream: &'a mut TcpStream,
    deadline: Deadline,
    idle: Duration,
    pace: Pace,
    /// The read timeout last set on the socket.
    armed: Option<Duration>,
    pub(crate) received: u64,
}

impl<'a> DataReader<'a> {
    pub(crate) fn new(
        stream: &'a mut TcpStream,
        deadline: Deadline,
        timeouts: &Timeouts,
    ) -> DataReader<'a> {
        DataReader {
            stream,
            deadline,
            idle: timeouts.idle,
            pace: Pace::new(timeouts.speed),
            armed: None,
            received: 0,
        }
    }
}

impl Read for DataReader<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        self.deadline.check()?;
        // The wait shrinks with the total and the low-speed window, and
        // grows again when the window moves on: set when it changed (one
        // system call per 1 MiB read at most).
        let wait = self.pace.wait(self.idle, &self.deadline);
        if self.armed != Some(wait) {
            self.stream.set_read_timeout(Some(wait))?;
            self.armed = Some(wait);
        }
        let n = self
            .stream
            .read(buf)
            .map_err(|e| self.pace.explain(e, &self.deadline, self.idle))?;
        self.pace.account(n)?;
        self.received += n as u64;
        Ok(n)
    }
}

pub(crate) fn copy(
    stream: &mut TcpStream,
    ascii: bool,
    deadline: Deadline,
    timeouts: &Timeouts,
    out: &mut dyn Write,
    ui: &mut dyn Interaction,
) -> Result<Copied, Failure> {
    let mut r = DataReader::new(stream, deadline, timeouts);
    let mut buf = vec![0u8; CHUNK];
    let mut text = if ascii {
        Some((ToLocal::default(), Vec::with_capacity(CHUNK + 1)))
    } else {
        None
    };
    let mut written = 0u64;
    loop {
        let n = match r.read(&mut buf) {
            Ok(0) => break,
            Ok(n) => n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(Failure::Io(e)),
        };
        let chunk: &[u8] = match &mut text {
            Some((conv, local)) => {
                local.clear();
                conv.feed_into(&buf[..n], local);
                local
            }
            None => &buf[..n],
        };
        out.write_all(chunk).map_err(Failure::Output)?;
        written += chunk.len() as u64;
        ui.progress(written);
    }
    if let Some((conv, local)) = &mut text {
        local.clear();
        conv.finish_into(local);
        out.write_all(local).map_err(Failure::Output)?;
        written += local.len() as u64;
    }
    out.flush().map_err(Failure::Output)?;
    Ok(Copied {
        received: r.received,
        written,
    })
}
