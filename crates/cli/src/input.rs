//! The inputs of a command: its arguments in order, where each `-` stands
//! for the lines of standard input.
//!
//! Inputs are bytes, not strings: a line that is not UTF-8 is handed on
//! like any other, and the command reports it as an error for that line
//! alone, so one bad line never ends a stream.

use std::ffi::OsString;
use std::io::{self, BufRead, BufReader, StdinLock, Write};

/// Standard input is read in blocks this large: a block holds about a
/// thousand URLs of the usual size, so each `read` is worth its syscall.
const READ_BLOCK: usize = 64 * 1024;

/// The UTF-8 encoding of U+FEFF, which editors put at the start of files.
const BOM: &[u8] = b"\xEF\xBB\xBF";

/// Whether a byte order mark at the start of standard input is dropped.
///
/// A BOM is not part of a URL, but it is part of a text to encode or
/// decode, so only the URL commands strip it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bom {
    /// Drop a leading U+FEFF from the first line of standard input.
    Strip,
    /// Keep every byte.
    Keep,
}

/// The inputs, one at a time, with no more than one line in memory.
#[derive(Debug)]
pub struct Inputs {
    args: Vec<OsString>,
    next_arg: usize,
    stdin: Option<BufReader<StdinLock<'static>>>,
    /// Set once standard input has been opened: a second `-` reads what
    /// is left of it (nothing, usually) and never strips a BOM again.
    stdin_started: bool,
    bom: Bom,
    line: Vec<u8>,
    /// The line without its end-of-line bytes and BOM: `line[start..end]`.
    start: usize,
    end: usize,
}

impl Inputs {
    /// Inputs from `args`, reading standard input for each `-`.
    pub fn new(args: Vec<OsString>, bom: Bom) -> Inputs {
        Inputs {
            args,
            next_arg: 0,
            stdin: None,
            stdin_started: false,
            bom,
            line: Vec::new(),
            start: 0,
            end: 0,
        }
    }

    /// The next input, or `None` after the last.
    ///
    /// `out` is flushed before any read that could block, so that a
    /// command fed one line at a time (`tail -f log | uniform parse -`)
    /// answers each line at once, while a command fed a file still writes
    /// in large blocks.
    ///
    /// # Errors
    ///
    /// A failure to read standard input or to flush `out`.
    pub fn next(&mut self, out: &mut dyn Write) -> io::Result<Option<&[u8]>> {
        loop {
            if self.stdin.is_some() {
                if self.read_line(out)? {
                    return Ok(Some(&self.line[self.start..self.end]));
                }
                self.stdin = None;
            }
            if self.next_arg == self.args.len() {
                return Ok(None);
            }
            self.next_arg += 1;
            if self.args[self.next_arg - 1] != "-" {
                break;
            }
            self.stdin = Some(BufReader::with_capacity(READ_BLOCK, io::stdin().lock()));
        }
        Ok(Some(self.args[self.next_arg - 1].as_encoded_bytes()))
    }

    /// Reads one line of standard input into `self.line`; `false` at the
    /// end of the input.
    fn read_line(&mut self, out: &mut dyn Write) -> io::Result<bool> {
        let Some(reader) = self.stdin.as_mut() else {
            return Ok(false);
        };
        if reader.buffer().is_empty() {
            out.flush()?;
        }
        self.line.clear();
        if reader.read_until(b'\n', &mut self.line)? == 0 {
            return Ok(false);
        }
        let (start, end) = trim(&self.line, self.bom == Bom::Strip && !self.stdin_started);
        self.stdin_started = true;
        self.start = start;
        self.end = end;
        Ok(true)
    }
}

/// The bounds of a line without its "\n" or "\r\n" and, when `strip_bom`,
/// without a leading BOM. A "\r" not followed by "\n" is data.
fn trim(line: &[u8], strip_bom: bool) -> (usize, usize) {
    let mut end = line.len();
    if line.ends_with(b"\n") {
        end -= 1;
        if line[..end].ends_with(b"\r") {
            end -= 1;
        }
    }
    let start = if strip_bom && line[..end].starts_with(BOM) {
        BOM.len()
    } else {
        0
    };
    (start, end)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn trimmed(line: &[u8], bom: bool) -> &[u8] {
        let (s, e) = trim(line, bom);
        &line[s..e]
    }

    #[test]
    fn line_ends_are_removed_once() {
        assert_eq!(trimmed(b"a\n", false), b"a");
        assert_eq!(trimmed(b"a\r\n", false), b"a");
        assert_eq!(trimmed(b"a\n", false), b"a");
        assert_eq!(trimmed(b"a\r\r\n", false), b"a\r");
        assert_eq!(trimmed(b"a", false), b"a");
        assert_eq!(trimmed(b"\n", false), b"");
    }

    #[test]
    fn a_lone_carriage_return_is_data() {
        assert_eq!(trimmed(b"a\r", false), b"a\r");
    }

    #[test]
    fn the_bom_goes_only_when_asked() {
        assert_eq!(trimmed(b"\xEF\xBB\xBFhttp://h/\r\n", true), b"http://h/");
        assert_eq!(trimmed(b"\xEF\xBB\xBFx\n", false), b"\xEF\xBB\xBFx");
        // A line that is only a BOM and its end is empty, not a crash.
        assert_eq!(trimmed(b"\xEF\xBB\xBF\n", true), b"");
    }

    #[test]
    fn arguments_come_back_in_order() {
        let mut inputs = Inputs::new(vec!["a".into(), "b".into()], Bom::Strip);
        let mut sink = Vec::new();
        assert_eq!(inputs.next(&mut sink).unwrap(), Some(&b"a"[..]));
        assert_eq!(inputs.next(&mut sink).unwrap(), Some(&b"b"[..]));
        assert_eq!(inputs.next(&mut sink).unwrap(), None);
    }
}
