//! Any bytes as text to find URLs in, with options from the first octet:
//! the finder never panics, and finds the same in a string and in a
//! stream read in chunks of any size.
//!
//! - Spans are inside the text, non-empty, in order and disjoint; a
//!   span's text starts like the URL (after its wrapper or prefix) unless
//!   it was joined from broken lines.
//! - `Finder::reader` over the octets, read 1, 2, 3, 7 or 64 octets at a
//!   time and through a reader that hands out odd-sized pieces, yields
//!   exactly what `Finder::find_iter` yields on the same text (when it is
//!   UTF-8), and the same for every chunk size.
//! - `Found::absolute` of a URL (not a host or an address) is its URL.
//! - `Found::check` of each find, under the dialect the last two bits of
//!   the first octet choose, returns (no panic).
#![no_main]

use libfuzzer_sys::fuzz_target;
use std::io::Read;
use uniform::extract::{Finder, Found, Kind};
use uniform::{Dialect, ParseOptions};

fuzz_target!(|data: &[u8]| {
    let Some((&flags, text)) = data.split_first() else {
        return;
    };
    let finder = Finder::new()
        .www(flags & 1 != 0)
        .fuzzy(flags & 2 != 0)
        // 16 (the least), 40, 64 KiB.
        .max_len(match (flags >> 2) & 3 {
            0 => 16,
            1 => 40,
            _ => 64 * 1024,
        });
    let whole: Vec<Found> = match finder.reader(text).collect::<Result<_, _>>() {
        Ok(v) => v,
        Err(e) => panic!("reading a slice failed: {e}"),
    };
    check_spans(&whole, text);
    if let Ok(s) = std::str::from_utf8(text) {
        let found: Vec<Found> = finder.find_iter(s).collect();
        assert_eq!(found, whole, "find_iter and the reader differ");
    }
    let chunk = [1, 2, 3, 7, 64][usize::from(flags >> 4) % 5];
    let chunked: Vec<Found> = finder
        .reader(text)
        .chunk_size(chunk)
        .collect::<Result<_, _>>()
        .unwrap();
    assert_eq!(chunked, whole, "chunks of {chunk} differ");
    let odd: Vec<Found> = finder
        .reader(Odd { rest: text, n: 0 })
        .chunk_size(5)
        .collect::<Result<_, _>>()
        .unwrap();
    assert_eq!(odd, whole, "odd-sized reads differ");
    let dialect = [Dialect::Rfc1738, Dialect::Rfc1630, Dialect::Rfc3986][usize::from(flags >> 6) % 3];
    let mut warnings = Vec::new();
    for f in &whole {
        warnings.clear();
        let _ = f.check(ParseOptions::new().dialect(dialect), &mut warnings);
    }
});

fn check_spans(found: &[Found], text: &[u8]) {
    let mut last = 0;
    for f in found {
        assert!(f.start < f.end && f.end <= text.len(), "{f:?} outside");
        assert!(f.start >= last, "{f:?} overlaps or is out of order");
        last = f.end;
        assert!(!f.url.is_empty(), "{f:?} is empty");
        if f.kind == Kind::Absolute {
            assert_eq!(f.absolute(), &*f.url);
        } else {
            assert!(f.absolute().ends_with(&*f.url));
        }
        if !f.ambiguous && !f.wrapped {
            let span = &text[f.start..f.end];
            assert!(
                span.ends_with(f.url.as_bytes()),
                "{f:?}: the span does not end with the URL"
            );
        }
    }
}

/// A reader that hands out 1, 2, 3, ... octets per read, then starts over.
struct Odd<'a> {
    rest: &'a [u8],
    n: usize,
}

impl Read for Odd<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        self.n = self.n % 13 + 1;
        let k = self.n.min(buf.len()).min(self.rest.len());
        buf[..k].copy_from_slice(&self.rest[..k]);
        self.rest = &self.rest[k..];
        Ok(k)
    }
}
