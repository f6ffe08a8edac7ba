//! The writer a check fetches into: it keeps the first octets and stops
//! the transfer once it has seen enough to know the object is there.

use std::io::{self, Write};
use uniform_access::{Exchange, Interaction};

/// How many octets of an object show that it is there: past them the
/// transfer is stopped.
pub(super) const ENOUGH: usize = 1;

/// A writer that takes at most `limit` octets (then fails the write, so
/// the transfer stops), keeping the first few for the report.
pub(super) struct Probe {
    limit: usize,
    written: usize,
    head: Vec<u8>,
    stopped: bool,
}

/// The most octets kept for the report (an FTP `-I` head is three short
/// lines).
const KEPT: usize = 512;

impl Probe {
    /// A probe that takes `limit` octets of an object; an object's head
    /// (FTP's `-I` lines) is kept whatever `limit` says.
    pub(super) fn new(limit: usize) -> Probe {
        Probe {
            limit,
            written: 0,
            head: Vec::new(),
            stopped: false,
        }
    }

    /// Whether the probe stopped the transfer: the object is there.
    pub(super) fn enough(&self) -> bool {
        self.stopped
    }

    /// The octets written before it stopped.
    pub(super) fn written(&self) -> usize {
        self.written
    }

    /// The first octets written.
    pub(super) fn head(&self) -> &[u8] {
        &self.head
    }
}

impl Write for Probe {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let keep = buf.len().min(KEPT.saturating_sub(self.head.len()));
        self.head.extend_from_slice(&buf[..keep]);
        if self.limit > 0 && self.written + buf.len() >= self.limit && !buf.is_empty() {
            self.written += buf.len();
            self.stopped = true;
            return Err(io::Error::other("enough of the object seen"));
        }
        self.written += buf.len();
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// The user's side of a check: it asks nothing and keeps the last HTTP
/// response.
#[derive(Default)]
pub(super) struct Seen {
    pub(super) last: Option<Exchange>,
}

impl Interaction for Seen {
    fn response(&mut self, exchange: &Exchange) {
        self.last = Some(exchange.clone());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_probe_stops_at_its_limit_and_keeps_the_head() {
        let mut p = Probe::new(4);
        assert!(p.write_all(b"ab").is_ok());
        assert!(p.write_all(b"cdef").is_err());
        assert!(p.enough());
        assert_eq!(p.head(), b"abcdef");
        let mut all = Probe::new(0);
        assert!(all.write_all(&[b'x'; 2000]).is_ok());
        assert!(!all.enough());
        assert_eq!(all.head().len(), KEPT);
    }
}
