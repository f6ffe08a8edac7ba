//! Text that ends with a line holding only "." and whose lines starting with
//! "." carry an extra one (RFC 3977 section 3.1.1, RFC 977 section 2.4.1,
//! RFC 1436 "Textfile entity"), and the writer that gives it local line
//! ends. Gopher's text transfer builds its framing rule on these.

use crate::{AccessError, AccessErrorKind, Interaction};
use std::io::{self, BufRead, Write};

/// The line end of this system: what "local line ends" means for a text
/// delivered to a file or terminal.
pub(crate) const LOCAL_EOL: &[u8] = if cfg!(windows) { b"\r\n" } else { b"\n" };

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
        ),
    }
}

/// Reads the next piece of a line into `buf` (cleared first): octets up to
/// and including `\n`, or `max` octets of a longer line. Returns the octets
/// read, 0 at the end of the stream. Unlike [`crate::net::read_line`], a
/// long line is not an error: text and articles may hold lines of any
/// length, and only the start of a line matters to the framing.
pub(crate) fn read_piece<R: BufRead + ?Sized>(
    r: &mut R,
    buf: &mut Vec<u8>,
    max: usize,
) -> io::Result<usize> {
    buf.clear();
    loop {
        let available = match r.fill_buf() {
            Ok(b) => b,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if available.is_empty() {
            return Ok(buf.len());
        }
        let room = max - buf.len();
        let (take, done) = match available.iter().take(room).position(|&b| b == b'\n') {
            Some(p) => (p + 1, true),
            None => (
                available.len().min(room),
                buf.len() + available.len() >= max,
            ),
        };
        buf.extend_from_slice(&available[..take]);
        r.consume(take);
        if done {
            return Ok(buf.len());
        }
    }
}

/// Where an object's octets go: counts them, reports progress, and for
/// text turns CR LF into the local line end.
pub(crate) struct Sink<'a> {
    out: &'a mut dyn Write,
    ui: &'a mut dyn Interaction,
    written: u64,
    reported: u64,
    /// A CR that ended a piece: it may be the first half of a CR LF.
    cr_pending: bool,
}

impl<'a> Sink<'a> {
    pub(crate) fn new(out: &'a mut dyn Write, ui: &'a mut dyn Interaction) -> Sink<'a> {
        Sink {
            out,
            ui,
            written: 0,
            reported: 0,
            cr_pending: false,
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

    /// Writes a piece of text (as [`read_piece`] gives it), its CR LF made
    /// the local line end. A lone LF is a line end too, and is kept; a CR
    /// not followed by LF is data.
    pub(crate) fn text(&mut self, piece: &[u8]) -> Result<(), Fault> {
        let mut p = piece;
        if self.cr_pending {
            self.cr_pending = false;
            if let Some(rest) = p.strip_prefix(b"\n") {
                self.raw(LOCAL_EOL)?;
                p = rest;
            } else {
                self.raw(b"\r")?;
            }
        }
        if let Some(line) = p.strip_suffix(b"\n") {
            let line = line.strip_suffix(b"\r").unwrap_or(line);
            self.raw(line)?;
            self.raw(LOCAL_EOL)
        } else if let Some(part) = p.strip_suffix(b"\r") {
            self.raw(part)?;
            self.cr_pending = true;
            Ok(())
        } else {
            self.raw(p)
        }
    }

    /// Writes what is held, flushes, reports the final count.
    pub(crate) fn finish(&mut self) -> Result<u64, Fault> {
        if std::mem::take(&mut self.cr_pending) {
            self.raw(b"\r")?;
        }
        self.out.flush().map_err(Fault::Write)?;
        if self.written != self.reported {
            self.reported = self.written;
            self.ui.progress(self.written);
        }
        Ok(self.written)
    }
}

/// The longest piece read at once: lines longer than this are copied in
/// pieces, so memory stays bounded whatever the server sends.
pub(crate) const PIECE: usize = 16 * 1024;

/// Whether `piece`, read at the start of a line, is the line "." that ends
/// a multi-line block (CR LF, or a bare LF from a lax server).
pub(crate) fn is_terminator(piece: &[u8]) -> bool {
    piece == b".\r\n" || piece == b".\n"
}

/// Copies a dot-terminated, dot-stuffed block to `sink` as text with local
/// line ends: a line "." ends it, and a line starting with "." loses that
/// first "." (RFC 3977 section 3.1.1). Returns when the "." line is read.
///
/// # Errors
///
/// [`Fault::Eof`] when the connection closes first, and the read and write
/// errors.
pub(crate) fn copy_block<R: BufRead + ?Sized>(r: &mut R, sink: &mut Sink<'_>) -> Result<(), Fault> {
    let mut piece = Vec::with_capacity(256);
    let mut line_start = true;
    loop {
        if read_piece(r, &mut piece, PIECE).map_err(Fault::Read)? == 0 {
            return Err(Fault::Eof);
        }
        let mut data = piece.as_slice();
        if line_start {
            if is_terminator(data) {
                return Ok(());
            }
            if data.first() == Some(&b'.') {
                data = &data[1..];
            }
        }
        line_start = piece.ends_with(b"\n");
        sink.text(data)?;
    }
}

/// Reads the lines of a dot-terminated block (a listing), each without its
/// line end and with dot-stuffing undone, calling `each` on them. A line
/// longer than `max` is an error: listing lines are short, and a line that
/// never ends must not grow memory.
///
/// # Errors
///
/// The reader's errors, `InvalidData` for a line longer than `max`, and
/// `UnexpectedEof` when the connection closes before the "." line.
pub(crate) fn each_line<R: BufRead + ?Sized>(
    r: &mut R,
    max: usize,
    mut each: impl FnMut(&[u8]) -> io::Result<()>,
) -> io::Result<()> {
    let mut buf = Vec::with_capacity(256);
    loop {
        if crate::net::read_line(r, &mut buf, max)? == 0 {
            return Err(io::Error::new(
                io::ErrorKind::UnexpectedEof,
                "the connection closed before the line \".\" that ends the listing",
            ));
        }
        if is_terminator(&buf) {
            return Ok(());
        }
        if !buf.ends_with(b"\n") {
            return Err(io::Error::new(
                io::ErrorKind::UnexpectedEof,
                "the connection closed in the middle of a line of the listing",
            ));
        }
        let line = crate::net::trim_eol(&buf);
        each(line.strip_prefix(b".").unwrap_or(line))?;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Unattended;
    use std::io::{BufReader, Cursor};

    fn block(wire: &[u8], capacity: usize) -> (Result<(), Fault>, Vec<u8>) {
        let mut out = Vec::new();
        let mut ui = Unattended;
        let mut r = BufReader::with_capacity(capacity, wire);
        let res = {
            let mut sink = Sink::new(&mut out, &mut ui);
            let res = copy_block(&mut r, &mut sink);
            sink.finish().unwrap();
            res
        };
        (res, out)
    }

    #[test]
    fn a_block_is_unstuffed_and_ends_at_the_dot_line() {
        let wire = b"a\r\n..b\r\n..\r\n.c\r\nlast\r\n.\r\nafter\r\n";
        for cap in [1, 2, 3, 7, 4096] {
            let (res, out) = block(wire, cap);
            assert!(res.is_ok(), "capacity {cap}");
            assert_eq!(out, b"a\n.b\n.\nc\nlast\n", "capacity {cap}");
        }
    }

    #[test]
    fn a_block_cut_short_is_an_error() {
        let (res, out) = block(b"a\r\nb", 4096);
        assert!(matches!(res, Err(Fault::Eof)));
        assert_eq!(out, b"a\nb");
    }

    #[test]
    fn a_long_line_is_copied_in_pieces() {
        let mut wire = vec![b'x'; PIECE * 3 + 5];
        wire.extend_from_slice(b"\r\n.\r\n");
        let (res, out) = block(&wire, 4096);
        assert!(res.is_ok());
        assert_eq!(out.len(), PIECE * 3 + 6);
        assert!(out[..PIECE * 3 + 5].iter().all(|&b| b == b'x'));
    }

    #[test]
    fn a_cr_lf_split_across_pieces_is_one_line_end() {
        // The CR is the last octet of a full piece, the LF the first of the next.
        let mut wire = vec![b'y'; PIECE - 1];
        wire.extend_from_slice(b"\r\n.\r\n");
        let (res, out) = block(&wire, 4096);
        assert!(res.is_ok());
        assert_eq!(out.len(), PIECE);
        assert_eq!(out.last(), Some(&b'\n'));
        assert!(!out.contains(&b'\r'));
    }

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

    #[test]
    fn listing_lines_come_without_ends_and_stuffing() {
        let mut r = Cursor::new(b"one\r\n..two\r\n.\r\n".to_vec());
        let mut got = Vec::new();
        each_line(&mut r, 100, |l| {
            got.push(l.to_vec());
            Ok(())
        })
        .unwrap();
        assert_eq!(got, [b"one".to_vec(), b".two".to_vec()]);
        let mut cut = Cursor::new(b"one\r\n".to_vec());
        assert_eq!(
            each_line(&mut cut, 100, |_| Ok(())).unwrap_err().kind(),
            io::ErrorKind::UnexpectedEof
        );
        let mut long = Cursor::new(vec![b'z'; 300]);
        assert_eq!(
            each_line(&mut long, 100, |_| Ok(())).unwrap_err().kind(),
            io::ErrorKind::InvalidData
        );
    }

    #[test]
    fn pieces_stop_at_the_limit() {
        let mut r = Cursor::new(b"abcdef\ngh".to_vec());
        let mut buf = Vec::new();
        assert_eq!(read_piece(&mut r, &mut buf, 4).unwrap(), 4);
        assert_eq!(buf, b"abcd");
        assert_eq!(read_piece(&mut r, &mut buf, 4).unwrap(), 3);
        assert_eq!(buf, b"ef\n");
        assert_eq!(read_piece(&mut r, &mut buf, 4).unwrap(), 2);
        assert_eq!(read_piece(&mut r, &mut buf, 4).unwrap(), 0);
    }
}
