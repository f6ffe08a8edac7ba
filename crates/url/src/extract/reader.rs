//! Finding URLs in a stream, in bounded memory.

use super::found::Found;
use super::scan::{LOOKBACK, Raw, Scanner, Step};
use super::text::skip_stop;
use crate::prelude::*;
use std::io::{self, Read};

/// The default number of bytes read at a time: 64 KiB.
const DEFAULT_CHUNK: usize = 64 * 1024;

/// The URLs in a stream, found as [`Finder::find_iter`](super::Finder::find_iter)
/// finds them in a string (the same URLs at the same offsets), reading a
/// chunk at a time.
///
/// The buffer holds at most the chunk size plus about the longest URL
/// ([`Finder::max_len`](super::Finder::max_len)) plus a few hundred bytes,
/// however long the input. Bytes that are not valid UTF-8 end a URL (and
/// abandon a wrapper), so every URL is valid UTF-8.
///
/// With the `std` feature only (it reads a `std::io::Read`).
///
/// # Errors
///
/// An I/O error of the reader is yielded once, and ends the iteration.
///
/// # Example
///
/// ```
/// use uniform::extract::Finder;
///
/// let mut input = Vec::new();
/// for i in 0..1000 {
///     input.extend_from_slice(format!("line {i} http://example.org/{i}\n").as_bytes());
/// }
/// let found = Finder::new().reader(&input[..]).chunk_size(100);
/// let urls: Vec<_> = found.collect::<Result<_, _>>()?;
/// assert_eq!(urls.len(), 1000);
/// assert_eq!(urls[999].url, "http://example.org/999");
/// assert_eq!(&input[urls[999].start..urls[999].end], b"http://example.org/999");
/// # Ok::<_, std::io::Error>(())
/// ```
#[derive(Debug)]
pub struct Extractor<R> {
    reader: R,
    scanner: Scanner,
    buf: Vec<u8>,
    /// Stream offset of `buf[0]`.
    base: u64,
    floor: usize,
    cursor: usize,
    eof: bool,
    skipping: bool,
    failed: bool,
    /// An error met after some bytes of a fill: reported at the next fill,
    /// once the bytes before it have been searched.
    pending: Option<io::Error>,
    chunk: usize,
    max_len: usize,
}

impl<R: Read> Extractor<R> {
    pub(super) fn new(reader: R, scanner: Scanner, max_len: usize) -> Extractor<R> {
        Extractor {
            reader,
            scanner,
            buf: Vec::new(),
            base: 0,
            floor: 0,
            cursor: 0,
            eof: false,
            skipping: false,
            failed: false,
            pending: None,
            chunk: DEFAULT_CHUNK,
            max_len,
        }
    }

    /// How many bytes to read at a time (64 KiB by default, at least 1).
    /// It changes speed and memory, never what is found.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::extract::Finder;
    /// let input: &[u8] = b"x http://a.org/ y";
    /// let n = Finder::new().reader(input).chunk_size(3).count();
    /// assert_eq!(n, 1);
    /// ```
    pub fn chunk_size(mut self, bytes: usize) -> Extractor<R> {
        self.chunk = bytes.max(1);
        self
    }

    /// The buffer's current capacity in bytes, to check that memory stays
    /// bounded.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::extract::Finder;
    /// let big = vec![b'a'; 1 << 20];
    /// let mut e = Finder::new().reader(&big[..]);
    /// assert!(e.next().is_none());
    /// assert!(e.buffer_capacity() < 300 * 1024);
    /// ```
    pub fn buffer_capacity(&self) -> usize {
        self.buf.capacity()
    }

    /// Drops the bytes before `keep` from the buffer.
    fn compact(&mut self, keep: usize) {
        let keep = keep.min(self.buf.len());
        self.buf.drain(..keep);
        self.base += keep as u64;
        self.floor = self.floor.saturating_sub(keep);
        self.cursor = self.cursor.saturating_sub(keep);
    }

    /// Reads until a chunk more is buffered or the input ends, so that a
    /// reader that hands out a few bytes at a time does not make the
    /// scanner go over the same candidate again and again.
    fn fill(&mut self) -> io::Result<()> {
        if let Some(e) = self.pending.take() {
            return Err(e);
        }
        if self.buf.capacity() == 0 {
            self.buf
                .reserve_exact(LOOKBACK + self.max_len + 2 * self.chunk + 8);
        }
        let start_len = self.buf.len();
        let target = start_len + self.chunk;
        while self.buf.len() < target {
            let old = self.buf.len();
            self.buf.resize(target, 0);
            match self.reader.read(&mut self.buf[old..]) {
                Ok(0) => {
                    self.buf.truncate(old);
                    self.eof = true;
                    return Ok(());
                }
                Ok(n) => self.buf.truncate(old + n.min(target - old)),
                Err(e) if e.kind() == io::ErrorKind::Interrupted => self.buf.truncate(old),
                Err(e) => {
                    self.buf.truncate(old);
                    if self.buf.len() == start_len {
                        return Err(e);
                    }
                    self.pending = Some(e);
                    return Ok(());
                }
            }
        }
        Ok(())
    }

    fn found(&self, raw: Raw) -> io::Result<Found<'static>> {
        let offset = usize::try_from(self.base).map_err(|_| {
            io::Error::new(
                io::ErrorKind::InvalidData,
                "input longer than this platform's usize",
            )
        })?;
        Ok(raw.found(&self.buf, None, offset))
    }
}

impl<R: Read> Iterator for Extractor<R> {
    type Item = io::Result<Found<'static>>;

    fn next(&mut self) -> Option<io::Result<Found<'static>>> {
        if self.failed {
            return None;
        }
        loop {
            if self.skipping {
                match skip_stop(&self.buf, self.cursor, self.eof) {
                    Ok(p) => {
                        self.skipping = false;
                        self.floor = p;
                        self.cursor = p;
                    }
                    Err(_) if self.eof => return None,
                    Err(resume) => {
                        // Go on from `resume` (a character boundary); the
                        // scanner looks at the character before its floor
                        // (at most 4 bytes), so those stay.
                        self.cursor = resume;
                        self.compact(resume.saturating_sub(4));
                        if let Err(e) = self.fill() {
                            self.failed = true;
                            return Some(Err(e));
                        }
                    }
                }
                continue;
            }
            let keep = match self
                .scanner
                .next(&self.buf, self.floor, self.cursor, self.eof)
            {
                Step::Found(raw) => {
                    self.floor = raw.end;
                    self.cursor = raw.end;
                    return Some(self.found(raw));
                }
                Step::TooLong { resume } => {
                    self.skipping = true;
                    self.cursor = resume;
                    continue;
                }
                Step::End | Step::NeedMore { .. } if self.eof => return None,
                Step::End => {
                    self.cursor = self.buf.len();
                    self.buf.len().saturating_sub(LOOKBACK)
                }
                Step::NeedMore { resume } => {
                    self.cursor = resume;
                    resume.saturating_sub(LOOKBACK)
                }
            };
            self.compact(keep);
            if let Err(e) = self.fill() {
                self.failed = true;
                return Some(Err(e));
            }
        }
    }
}
