//! A gopher text item's framing, for servers that follow RFC 1436 and for
//! those that do not.
//!
//! RFC 1436 ("Textfile entity"): the text "is terminated by a period on a
//! line by itself", and "lines beginning with periods must be prepended
//! with an extra period". Servers today mostly do neither: gophernicus
//! sends a file with CR LF line ends, no stuffing and no closing "."; and
//! pygopherd sends the file's own octets and closes. A "." line or a
//! "..x" line in their output is the file's own text.
//!
//! The rule, which delivers the file's text from all three kinds of
//! server:
//!
//! 1. A line "." CR LF that is the LAST line before the server closes is
//!    the RFC 1436 terminator, and is dropped. A "." line with more lines
//!    after it is text (no stuffing server sends one), and so is a last
//!    line "." ended by a bare LF (RFC 1436 ends every line with CR LF, so
//!    that is a raw file's own last line).
//! 2. A line starting with ".." loses its first "." only when the server
//!    stuffs, which shows in the framing: the text ended with the
//!    terminator of rule 1, and no line before it started with a single
//!    "." (a stuffing server doubles every leading "."). Until that is
//!    known, the lines from the first ".." line on are held back, up to
//!    [`HOLD_MAX`] octets; past that they are delivered as they came.
//! 3. CR LF becomes the local line end; a lone LF is kept as a line end.
//!
//! The one text this cannot tell apart: a raw file whose last line is "."
//! sent with CR LF. Its "." is dropped, as RFC 1436 says it must be.

use crate::line::dotted::{PIECE, is_terminator};
use crate::line::sink::{Fault, Sink};
use crate::net::read_piece;
use std::io::BufRead;

/// The most text held back while it is unknown whether the server stuffs.
pub(crate) const HOLD_MAX: usize = 1024 * 1024;

/// Whether the lines seen so far tell how the server frames its text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Stuffing {
    /// No line has shown it yet.
    Unknown,
    /// A line started with a single "." before the end: text is sent as
    /// it is.
    Raw,
}

/// Copies a gopher text item to `sink` by the rule of this module:
/// whether it ended with RFC 1436's terminator.
///
/// # Errors
///
/// The read and write errors.
pub(crate) fn copy_text<R: BufRead + ?Sized>(
    r: &mut R,
    sink: &mut Sink<'_>,
) -> Result<bool, Fault> {
    let mut t = Text {
        stuffing: Stuffing::Unknown,
        held: Vec::new(),
        dot: None,
    };
    let mut piece = Vec::with_capacity(256);
    let mut line_start = true;
    loop {
        if read_piece(r, &mut piece, PIECE).map_err(Fault::Read)? == 0 {
            return t.end(sink);
        }
        let starts = line_start;
        line_start = piece.ends_with(b"\n");
        t.piece(&piece, starts, sink)?;
    }
}

struct Text {
    stuffing: Stuffing,
    /// Raw octets held back from the first ".." line on, while
    /// `stuffing` is unknown; they start at a line start.
    held: Vec<u8>,
    /// A "." line, kept until it is known whether it was the last.
    dot: Option<Vec<u8>>,
}

impl Text {
    fn piece(&mut self, piece: &[u8], line_start: bool, sink: &mut Sink<'_>) -> Result<(), Fault> {
        if line_start {
            if let Some(dot) = self.dot.take() {
                // A "." line with a line after it: the server does not stuff.
                self.raw_from_now(sink)?;
                sink.text(&dot)?;
            }
            if is_terminator(piece) {
                self.dot = Some(piece.to_vec());
                return Ok(());
            }
            if piece.starts_with(b".") && !piece.starts_with(b"..") {
                self.raw_from_now(sink)?;
            }
        }
        let holding = !self.held.is_empty()
            || (line_start && piece.starts_with(b"..") && self.stuffing == Stuffing::Unknown);
        if holding {
            self.held.extend_from_slice(piece);
            if self.held.len() > HOLD_MAX {
                self.raw_from_now(sink)?;
            }
            return Ok(());
        }
        sink.text(piece)
    }

    /// The server does not stuff: what is held goes out as it came.
    fn raw_from_now(&mut self, sink: &mut Sink<'_>) -> Result<(), Fault> {
        self.stuffing = Stuffing::Raw;
        let held = std::mem::take(&mut self.held);
        for line in held.split_inclusive(|&b| b == b'\n') {
            sink.text(line)?;
        }
        Ok(())
    }

    fn end(mut self, sink: &mut Sink<'_>) -> Result<bool, Fault> {
        let terminated = self.dot.as_deref() == Some(b".\r\n");
        let held = std::mem::take(&mut self.held);
        let mut line_start = true;
        for line in held.split_inclusive(|&b| b == b'\n') {
            // Reaching the end with lines held means no single-"." line
            // came first: with the terminator, the server stuffed them.
            let data = if terminated && line_start && line.starts_with(b"..") {
                &line[1..]
            } else {
                line
            };
            line_start = line.ends_with(b"\n");
            sink.text(data)?;
        }
        if let Some(dot) = self.dot.take().filter(|_| !terminated) {
            sink.text(&dot)?;
        }
        Ok(terminated)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::interaction::Unattended;
    use std::io::BufReader;

    fn text(wire: &[u8]) -> Vec<u8> {
        let mut out = Vec::new();
        let mut ui = Unattended;
        // A tiny buffer makes every line arrive in several reads.
        let mut r = BufReader::with_capacity(3, wire);
        let mut sink = Sink::new(&mut out, &mut ui);
        let terminated = copy_text(&mut r, &mut sink).unwrap();
        sink.finish().unwrap();
        assert_eq!(terminated, wire.ends_with(b"\r\n.\r\n") || wire == b".\r\n");
        out
    }

    const DOTS: &[u8] = b"first\n.\n.one\n..two\nlast\n";

    #[test]
    fn gophernicus_form_is_the_file() {
        // CR LF, no stuffing, no terminator.
        assert_eq!(text(b"first\r\n.\r\n.one\r\n..two\r\nlast\r\n"), DOTS);
    }

    #[test]
    fn pygopherd_form_is_the_file() {
        // The file's own octets, then the close.
        assert_eq!(text(DOTS), DOTS);
    }

    #[test]
    fn rfc_1436_form_is_unstuffed() {
        assert_eq!(
            text(b"first\r\n..\r\n..one\r\n...two\r\nlast\r\n.\r\n"),
            DOTS
        );
    }

    #[test]
    fn a_double_dot_before_any_single_dot_waits_for_the_framing() {
        // The same first line from a raw server and from a stuffing one.
        assert_eq!(text(b"..a\r\nb\r\n"), b"..a\nb\n");
        assert_eq!(text(b"..a\r\nb\r\n.\r\n"), b".a\nb\n");
        // A single-dot line later shows the server does not stuff.
        assert_eq!(text(b"..a\r\n.b\r\n.\r\n"), b"..a\n.b\n");
        assert_eq!(text(b"..a\r\n.\r\nc\r\n"), b"..a\n.\nc\n");
    }

    #[test]
    fn a_raw_last_dot_line_is_kept() {
        // A raw LF file whose last line is "." (pygopherd sends it so).
        assert_eq!(text(b"a\n.\n"), b"a\n.\n");
        // Without any line end it is text too.
        assert_eq!(text(b"a\r\n."), b"a\n.");
    }

    #[test]
    fn the_crlf_terminator_is_dropped() {
        assert_eq!(text(b"a\r\nb\r\n.\r\n"), b"a\nb\n");
        assert_eq!(text(b".\r\n"), b"");
        assert_eq!(text(b""), b"");
    }

    #[test]
    fn held_text_is_bounded() {
        let mut wire = b"..start\r\n".to_vec();
        let line = [b'x'; 1000];
        while wire.len() <= HOLD_MAX + 2000 {
            wire.extend_from_slice(&line);
            wire.extend_from_slice(b"\r\n");
        }
        wire.extend_from_slice(b".\r\n");
        let out = text(&wire);
        // Past the limit the text went out as it came: "..start" kept.
        assert!(out.starts_with(b"..start\n"));
        // Every CR LF became LF, and the terminator went.
        assert_eq!(
            out.len(),
            wire.len() - 3 - count_crlf(&wire[..wire.len() - 3])
        );
    }

    fn count_crlf(b: &[u8]) -> usize {
        b.windows(2).filter(|w| w == b"\r\n").count()
    }
}
