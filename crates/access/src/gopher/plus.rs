//! Gopher+ replies: the length line that starts each one, and the error
//! block of a failed request (Gopher+ specification, section 2.3).
//!
//! ```text
//! +5340 CR LF <5340 octets>           exactly that many octets
//! +-1 CR LF <data> CR LF . CR LF      ended by a line "."
//! +-2 CR LF <data>                    ended by the close
//! --1 CR LF <code> <contact> CR LF <message> CR LF . CR LF    an error
//! ```

use crate::net::{read_line, trim_eol};
use std::io::{self, BufRead, Read};

/// How a Gopher+ reply's data ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Length {
    /// Exactly this many octets.
    Exact(u64),
    /// A line "." (`-1`).
    Dotted,
    /// The close of the connection (`-2`).
    UntilClose,
}

/// A Gopher+ length line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Head {
    /// `+`: the data follows; `-`: an error block follows.
    pub(crate) ok: bool,
    /// How the data or the error block ends.
    pub(crate) length: Length,
}

/// Reads a length line: `+` or `-`, then a decimal number, `-1` or `-2`.
/// `None` for anything else: the server is not answering in Gopher+ (a
/// plain RFC 1436 server ignores the `+` and sends the item itself).
pub(crate) fn parse_head(line: &[u8]) -> Option<Head> {
    let line = trim_eol(line);
    let (&sign, number) = line.split_first()?;
    let ok = match sign {
        b'+' => true,
        b'-' => false,
        _ => return None,
    };
    let length = match number {
        b"-1" => Length::Dotted,
        b"-2" => Length::UntilClose,
        digits
            if !digits.is_empty()
                && digits.len() <= 19
                && digits.iter().all(u8::is_ascii_digit) =>
        {
            Length::Exact(std::str::from_utf8(digits).ok()?.parse().ok()?)
        }
        _ => return None,
    };
    Some(Head { ok, length })
}

/// The most of an error block that is read and quoted.
pub(crate) const MAX_ERROR: usize = 4096;

/// A Gopher+ error block, read within [`MAX_ERROR`] octets: its code (the
/// first word, "1" not available, "2" try again later, "3" moved) and its
/// text, lines joined by spaces.
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct ErrorBlock {
    pub(crate) code: Option<u32>,
    pub(crate) text: Vec<u8>,
}

impl ErrorBlock {
    /// What the code means.
    pub(crate) fn meaning(&self) -> &'static str {
        match self.code {
            Some(1) => "the item is not available",
            Some(2) => "the server is busy: try again later",
            Some(3) => "the item has moved",
            _ => "the server answered with a Gopher+ error",
        }
    }
}

/// Reads the error block that follows a `-` length line.
///
/// # Errors
///
/// The reader's errors, but not a block cut short: what came is quoted.
pub(crate) fn read_error<R: BufRead + ?Sized>(r: &mut R, length: Length) -> io::Result<ErrorBlock> {
    let limit = match length {
        Length::Exact(n) => n.min(MAX_ERROR as u64),
        _ => MAX_ERROR as u64,
    };
    let mut r = r.take(limit);
    let mut text = Vec::new();
    let mut buf = Vec::new();
    loop {
        let n = match read_line(&mut r, &mut buf, MAX_ERROR) {
            Ok(n) => n,
            Err(e) if e.kind() == io::ErrorKind::InvalidData => break,
            Err(e) => return Err(e),
        };
        if n == 0 {
            break;
        }
        let line = trim_eol(&buf);
        if length == Length::Dotted && line == b"." {
            break;
        }
        if !line.is_empty() {
            if !text.is_empty() {
                text.push(b' ');
            }
            text.extend_from_slice(line);
        }
    }
    let code = text
        .split(|&b| b == b' ')
        .next()
        .and_then(|w| std::str::from_utf8(w).ok())
        .and_then(|w| w.parse().ok());
    Ok(ErrorBlock { code, text })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Cursor;

    #[test]
    fn length_lines() {
        let h = |s: &[u8]| parse_head(s);
        assert_eq!(
            h(b"+244\r\n"),
            Some(Head {
                ok: true,
                length: Length::Exact(244)
            })
        );
        assert_eq!(
            h(b"+-1\r\n"),
            Some(Head {
                ok: true,
                length: Length::Dotted
            })
        );
        assert_eq!(
            h(b"+-2\n"),
            Some(Head {
                ok: true,
                length: Length::UntilClose
            })
        );
        assert_eq!(
            h(b"--2\r\n"),
            Some(Head {
                ok: false,
                length: Length::UntilClose
            })
        );
        assert_eq!(
            h(b"-12\r\n"),
            Some(Head {
                ok: false,
                length: Length::Exact(12)
            })
        );
        for not in [
            &b"Hello\r\n"[..],
            b"+\r\n",
            b"+-3\r\n",
            b"+1x\r\n",
            b"",
            b"+99999999999999999999\r\n",
            b"+ 5\r\n",
        ] {
            assert_eq!(h(not), None, "{not:?}");
        }
    }

    #[test]
    fn error_blocks() {
        // pygopherd's form: -2, until the close.
        let mut r = Cursor::new(
            b"1 Uniform test <urltest@example.com>\r\n'/x' does not exist\r\n".to_vec(),
        );
        let e = read_error(&mut r, Length::UntilClose).unwrap();
        assert_eq!(e.code, Some(1));
        assert_eq!(
            e.text,
            b"1 Uniform test <urltest@example.com> '/x' does not exist"
        );
        assert_eq!(e.meaning(), "the item is not available");
        let mut r = Cursor::new(b"2 <a@b>\r\nbusy\r\n.\r\nnot this\r\n".to_vec());
        let e = read_error(&mut r, Length::Dotted).unwrap();
        assert_eq!(e.text, b"2 <a@b> busy");
        let mut r = Cursor::new(b"3 moved\r\nmore".to_vec());
        assert_eq!(
            read_error(&mut r, Length::Exact(7)).unwrap().text,
            b"3 moved"
        );
        let mut r = Cursor::new(vec![b'x'; 100_000]);
        assert!(read_error(&mut r, Length::UntilClose).unwrap().text.len() <= MAX_ERROR);
    }
}
