//! Where an object read off a line protocol goes: counted, with progress,
//! and for text with the network's CR LF made the local line end.

use super::eol::ToLocal;
use crate::error::{AccessError, AccessErrorKind};
use crate::interaction::Interaction;
use std::io::{self, Write};

/// How often progress is reported, in octets written.
const PROGRESS_EVERY: u64 = 64 * 1024;

/// Why copying a reply stopped.
#[derive(Debug)]
pub(crate) enum Fault {
    /// Reading from the server failed.
    Read(io::Error),
    /// Writing the object failed.
    Write(io::Error),
    /// The connection closed before the reply's end.
    Eof,
}

/// An error while copying the reply, as an access error.
pub(crate) fn fault_error(scheme: &str, host: &str, f: Fault) -> AccessError {
    match f {
        Fault::Read(e) => AccessError::io(scheme, Some(host), "reading the reply", e),
        Fault::Write(e) => AccessError::new(
            AccessErrorKind::Io,
            scheme,
            Some(host),
            format!("writing the object: {e}"),
        )
        .with_source(e),
        Fault::Eof => AccessError::new(
            AccessErrorKind::Protocol,
            scheme,
            Some(host),
            "the connection closed before the line \".\" that ends the reply",
        )
        .with_exit_code(crate::error::PARTIAL),
    }
}

/// Where an object's octets go: counts them, reports progress, and for
/// text turns CR LF into the local line end.
pub(crate) struct Sink<'a> {
    out: &'a mut dyn Write,
    ui: &'a mut dyn Interaction,
    written: u64,
    reported: u64,
    eol: ToLocal,
}

impl<'a> Sink<'a> {
    pub(crate) fn new(out: &'a mut dyn Write, ui: &'a mut dyn Interaction) -> Sink<'a> {
        Sink {
            out,
            ui,
            written: 0,
            reported: 0,
            eol: ToLocal::default(),
        }
    }

    /// Tells the user the size announced by the server.
    pub(crate) fn size_known(&mut self, size: u64) {
        self.ui.size_known(size);
    }

    /// Writes octets as they are.
    pub(crate) fn raw(&mut self, b: &[u8]) -> Result<(), Fault> {
        if b.is_empty() {
            return Ok(());
        }
        self.out.write_all(b).map_err(Fault::Write)?;
        self.written += b.len() as u64;
        if self.written - self.reported >= PROGRESS_EVERY {
            self.reported = self.written;
            self.ui.progress(self.written);
        }
        Ok(())
    }

    /// Writes a piece of text, its CR LF made the local line end (see
    /// [`ToLocal`]).
    pub(crate) fn text(&mut self, piece: &[u8]) -> Result<(), Fault> {
        let mut eol = self.eol;
        let r = eol.feed(piece, |s| self.raw(s));
        self.eol = eol;
        r
    }

    /// Writes what is held, flushes, reports the final count.
    pub(crate) fn finish(&mut self) -> Result<u64, Fault> {
        let mut eol = self.eol;
        eol.finish(|s| self.raw(s))?;
        self.eol = eol;
        self.out.flush().map_err(Fault::Write)?;
        if self.written != self.reported {
            self.reported = self.written;
            self.ui.progress(self.written);
        }
        Ok(self.written)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::interaction::Unattended;

    #[test]
    fn a_lone_cr_is_data() {
        let mut out = Vec::new();
        let mut ui = Unattended;
        let mut sink = Sink::new(&mut out, &mut ui);
        sink.text(b"a\r").unwrap();
        sink.text(b"b\n").unwrap();
        sink.text(b"c\r").unwrap();
        assert_eq!(sink.finish().unwrap(), 6);
        assert_eq!(out, b"a\rb\nc\r");
    }
}
