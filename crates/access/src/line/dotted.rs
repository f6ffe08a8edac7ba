//! Text that ends with a line holding only "." and whose lines starting
//! with "." carry an extra one (RFC 3977 section 3.1.1, RFC 5321 section
//! 4.5.2, RFC 1436 "Textfile entity"): the reader that undoes it (NNTP
//! articles and listings, gopher text and menus) and the writer that does
//! it (SMTP DATA).

use super::sink::{Fault, Sink};
use crate::net::{read_line, read_piece, trim_eol};
use std::io::{self, BufRead};

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
        if read_line(r, &mut buf, max)? == 0 {
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
        let line = trim_eol(&buf);
        each(line.strip_prefix(b".").unwrap_or(line))?;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::interaction::Unattended;
    use crate::line::eol::LOCAL_EOL;
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
    fn what_is_stuffed_reads_back_unstuffed() {
        // As SmtpPlan::wire_lines stuffs it.
        let text = b"x\n.y\n..z\n.\nend\n";
        let (res, out) = block(b"x\r\n..y\r\n...z\r\n..\r\nend\r\n.\r\n", 5);
        assert!(res.is_ok());
        let local = String::from_utf8(text.to_vec())
            .unwrap()
            .replace('\n', std::str::from_utf8(LOCAL_EOL).unwrap());
        assert_eq!(out, local.as_bytes());
    }
}
