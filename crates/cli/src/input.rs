//! The inputs of a command: its arguments in order, where each `-` stands
//! for the lines of standard input, and (`uniform edit --url-file`) the
//! lines of a file before them.
//!
//! Inputs are bytes, not strings: a line that is not UTF-8 is handed on
//! like any other, and the command reports it as an error for that line
//! alone, so one bad line never ends a stream.

use std::ffi::OsString;
use std::fs::File;
use std::io::{self, BufRead, BufReader, Read, Stdin, Write};
use std::path::Path;

/// Standard input is read in blocks this large: a block holds about a
/// thousand URLs of the usual size, so each `read` is worth its syscall.
const READ_BLOCK: usize = 64 * 1024;

/// The longest line read by default: twice the longest URL a browser
/// accepts (Chromium's 2 MiB is the largest), far above any real URL, and
/// small enough that every command holds a few copies of it at most.
pub const DEFAULT_MAX_LINE: usize = 4 * 1024 * 1024;

/// `--max-line`: how long a line of standard input may be.
#[derive(clap::Args, Clone, Copy, Debug)]
pub struct LineLimit {
    /// The longest line of standard input, in bytes; a longer line is
    /// reported and skipped, without being held in memory
    #[arg(long = "max-line", value_name = "BYTES", default_value_t = DEFAULT_MAX_LINE)]
    pub max_line: usize,
}

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

/// Where lines are read from. Standard input is read through its
/// handle, not a lock held for the run, so that `Inputs` can move to the
/// reading thread of `--jobs` (a read of a whole block takes the lock
/// once, and bypasses the handle's own buffer).
#[derive(Debug)]
enum Source {
    Stdin(Stdin),
    File(File),
}

impl Read for Source {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        match self {
            Source::Stdin(s) => s.read(buf),
            Source::File(f) => f.read(buf),
        }
    }
}

/// The inputs, one at a time, with no more than one line in memory.
#[derive(Debug)]
pub struct Inputs {
    args: Vec<OsString>,
    next_arg: usize,
    stdin: Option<BufReader<Source>>,
    /// What `stdin` reads, for messages: "standard input" or a file.
    reading: String,
    /// Set once standard input has been opened: a second `-` reads what
    /// is left of it (nothing, usually) and never strips a BOM again.
    stdin_started: bool,
    /// Whether the next line is the first of a file (its BOM is dropped).
    file_start: bool,
    bom: Bom,
    line: Vec<u8>,
    /// The longest line kept; and how many were longer, and skipped.
    max_line: usize,
    skipped: usize,
    /// The number of the line last read from standard input.
    line_no: usize,
    /// The line without its end-of-line bytes and BOM: `line[start..end]`.
    start: usize,
    end: usize,
}

impl Inputs {
    /// Inputs from `args`, reading standard input for each `-`.
    pub fn new(args: Vec<OsString>, bom: Bom, limit: LineLimit) -> Inputs {
        Inputs {
            args,
            next_arg: 0,
            stdin: None,
            reading: "standard input".into(),
            stdin_started: false,
            file_start: false,
            bom,
            line: Vec::new(),
            max_line: limit.max_line,
            skipped: 0,
            line_no: 0,
            start: 0,
            end: 0,
        }
    }

    /// Reads the lines of the file at `path` first, before the
    /// arguments; `-` is standard input, as among the arguments.
    ///
    /// # Errors
    ///
    /// The file cannot be opened.
    pub fn with_file(mut self, path: &Path) -> io::Result<Inputs> {
        if path.as_os_str() == "-" {
            self.args.insert(0, "-".into());
            return Ok(self);
        }
        let file = File::open(path)
            .map_err(|e| io::Error::new(e.kind(), format!("{}: {e}", path.display())))?;
        self.stdin = Some(BufReader::with_capacity(READ_BLOCK, Source::File(file)));
        self.reading = path.display().to_string();
        self.file_start = true;
        Ok(self)
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
                self.line_no = 0;
            }
            if self.next_arg == self.args.len() {
                return Ok(None);
            }
            self.next_arg += 1;
            if self.args[self.next_arg - 1] != "-" {
                break;
            }
            self.stdin = Some(BufReader::with_capacity(
                READ_BLOCK,
                Source::Stdin(io::stdin()),
            ));
            self.reading = "standard input".into();
        }
        Ok(Some(self.args[self.next_arg - 1].as_encoded_bytes()))
    }

    /// Whether the next input can be had without waiting: an argument, or
    /// a line already in the read buffer. `false` when the next read may
    /// block on a pipe or a terminal (`tail -f log | uniform parse -`),
    /// so that a command holding results can write them first.
    pub fn buffered(&self) -> bool {
        match &self.stdin {
            Some(r) => r.buffer().contains(&b'\n'),
            None => self.args.get(self.next_arg).is_some_and(|a| a != "-"),
        }
    }

    /// Whether every line was short enough to be read: `false` once a
    /// line over `--max-line` was skipped, which makes the command fail.
    pub fn all_read(&self) -> bool {
        self.skipped == 0
    }

    /// Reads one line of standard input into `self.line`; `false` at the
    /// end of the input. A line longer than the limit is reported on
    /// standard error and skipped: only `max_line` bytes of it are ever
    /// held, the rest is read and dropped.
    fn read_line(&mut self, out: &mut dyn Write) -> io::Result<bool> {
        loop {
            let Some(reader) = self.stdin.as_mut() else {
                return Ok(false);
            };
            if reader.buffer().is_empty() {
                out.flush()?;
            }
            self.line.clear();
            // The line end may follow the limit's last byte: "+ 2" keeps a
            // line of exactly `max_line` bytes and its CR LF.
            let cap = u64::try_from(self.max_line.saturating_add(2)).unwrap_or(u64::MAX);
            if reader
                .by_ref()
                .take(cap)
                .read_until(b'\n', &mut self.line)?
                == 0
            {
                return Ok(false);
            }
            self.line_no += 1;
            let ended = self.line.ends_with(b"\n");
            if trim(&self.line, false).1 <= self.max_line {
                break;
            }
            let mut length = self.line.len();
            if !ended {
                length += drop_rest_of_line(reader)?;
            }
            self.skipped += 1;
            out.flush()?;
            // The file's name may hold what acts on a terminal.
            let _ = writeln!(
                io::stderr(),
                "uniform: line {} of {} is {length} bytes long, over the limit of {} bytes (--max-line): skipped",
                self.line_no,
                uniform::visible::escaped(&self.reading),
                self.max_line
            );
        }
        let first = self.file_start || !self.stdin_started;
        let (start, end) = trim(&self.line, self.bom == Bom::Strip && first);
        if self.file_start {
            self.file_start = false;
        } else {
            self.stdin_started = true;
        }
        self.start = start;
        self.end = end;
        Ok(true)
    }
}

/// Reads and drops what is left of a line, its "\n" included; returns
/// how many bytes that was.
fn drop_rest_of_line(reader: &mut impl BufRead) -> io::Result<usize> {
    let mut dropped = 0;
    loop {
        let buf = match reader.fill_buf() {
            Ok(b) => b,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if buf.is_empty() {
            return Ok(dropped);
        }
        match buf.iter().position(|&b| b == b'\n') {
            Some(k) => {
                reader.consume(k + 1);
                return Ok(dropped + k + 1);
            }
            None => {
                let n = buf.len();
                reader.consume(n);
                dropped += n;
            }
        }
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
        let limit = LineLimit { max_line: 8 };
        let mut inputs = Inputs::new(vec!["a".into(), "b".into()], Bom::Strip, limit);
        let mut sink = Vec::new();
        assert_eq!(inputs.next(&mut sink).unwrap(), Some(&b"a"[..]));
        assert_eq!(inputs.next(&mut sink).unwrap(), Some(&b"b"[..]));
        assert_eq!(inputs.next(&mut sink).unwrap(), None);
    }
}
