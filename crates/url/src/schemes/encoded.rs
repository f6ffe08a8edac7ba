//! [`Encoded`]: one field of a URL as written, decoded on request.

use crate::pct;
use crate::prelude::*;
use core::fmt;

/// A field of a URL as written, still percent-encoded, borrowed from the
/// URL's text.
///
/// The views give every field of a scheme as an `Encoded`: [`Encoded::as_str`]
/// is the text as written, [`Encoded::decode`] the octets it stands for
/// (which need not be UTF-8), [`Encoded::decode_lossy`] those octets read as
/// UTF-8. Decoding borrows when there is no escape.
///
/// # Example
///
/// ```
/// use uniform::UrlRef;
///
/// let url = UrlRef::parse("ftp://myname@host.dom/%2Fetc/motd")?;
/// let ftp = url.ftp().unwrap();
/// let first = ftp.cwd().next().unwrap();
/// assert_eq!(first.as_str(), "%2Fetc");
/// assert_eq!(&*first.decode(), b"/etc");
/// assert_eq!(first.decode_lossy(), "/etc");
/// # Ok::<_, uniform::ParseError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Encoded<'a>(&'a str);

impl<'a> Encoded<'a> {
    /// Wraps text that is already encoded.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::schemes::Encoded;
    /// assert_eq!(Encoded::new("a%20b").decode_lossy(), "a b");
    /// ```
    pub const fn new(raw: &'a str) -> Encoded<'a> {
        Encoded(raw)
    }

    /// The field as written.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::schemes::Encoded;
    /// assert_eq!(Encoded::new("a%2Fb").as_str(), "a%2Fb");
    /// ```
    pub const fn as_str(&self) -> &'a str {
        self.0
    }

    /// Whether the field is empty as written.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::schemes::Encoded;
    /// assert!(Encoded::new("").is_empty());
    /// ```
    pub const fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The octets the field encodes; a `%` that starts no escape stays.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::schemes::Encoded;
    /// assert_eq!(&*Encoded::new("%FF%41").decode(), b"\xffA");
    /// ```
    pub fn decode(&self) -> Cow<'a, [u8]> {
        pct::decode(self.0.as_bytes())
    }

    /// The decoded octets read as UTF-8, with U+FFFD for what is not.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::schemes::Encoded;
    /// assert_eq!(Encoded::new("caf%C3%A9").decode_lossy(), "café");
    /// assert_eq!(Encoded::new("%FF").decode_lossy(), "\u{FFFD}");
    /// ```
    pub fn decode_lossy(&self) -> Cow<'a, str> {
        pct::decode_utf8_lossy(self.0)
    }

    /// The decoded octets as UTF-8, or `None` when they are not.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::schemes::Encoded;
    /// assert_eq!(Encoded::new("a%20b").decode_utf8().as_deref(), Some("a b"));
    /// assert_eq!(Encoded::new("%FF").decode_utf8(), None);
    /// ```
    pub fn decode_utf8(&self) -> Option<Cow<'a, str>> {
        match self.decode() {
            Cow::Borrowed(b) => core::str::from_utf8(b).ok().map(Cow::Borrowed),
            Cow::Owned(v) => String::from_utf8(v).ok().map(Cow::Owned),
        }
    }
}

impl fmt::Debug for Encoded<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.0, f)
    }
}

impl fmt::Display for Encoded<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.0)
    }
}

impl PartialEq<str> for Encoded<'_> {
    fn eq(&self, other: &str) -> bool {
        self.0 == other
    }
}

impl PartialEq<&str> for Encoded<'_> {
    fn eq(&self, other: &&str) -> bool {
        self.0 == *other
    }
}

/// Where `byte` stands in `raw` either literally or as a `%XX` escape:
/// the start of the match and its length (1 or 3).
///
/// Gopher's `%09` and Gopher+'s `%20` delimit by what they decode to, so a
/// literal octet and its escape are found alike.
pub(crate) fn find_decoded(raw: &str, byte: u8) -> Option<(usize, usize)> {
    let b = raw.as_bytes();
    let mut i = 0;
    while i < b.len() {
        if b[i] == byte {
            return Some((i, 1));
        }
        if b[i] == b'%' && pct::escape_value(b, i) == Some(byte) {
            return Some((i, 3));
        }
        i += 1;
    }
    None
}

/// Each byte of `b` repeated through a word.
const fn splat(b: u8) -> u64 {
    u64::from_ne_bytes([b; 8])
}

/// The high bit of each byte of `v` that is zero, and no other bit: exact,
/// as no carry crosses a byte (the usual `(v - 0x01..) & !v` marks false
/// zeros above a true one, and here the highest mark is the answer).
#[inline]
fn zero_bytes(v: u64) -> u64 {
    const LOW7: u64 = splat(0x7f);
    !(((v & LOW7) + LOW7) | v | LOW7)
}

/// Where the last `/`-separated segment of `b` starts (0 without a `/`),
/// and the last `;` in that segment.
///
/// An ftp view reads its name and typecode from the last segment, once for
/// each field asked for. Names are short and of every length, so a loop
/// over bytes spends most of its time mispredicting its own exit; eight
/// bytes at a time it runs once or twice. Whole words are read from the
/// end, the last one overlapping the first when the length is no multiple
/// of eight.
#[inline]
pub(crate) fn last_segment(b: &[u8]) -> (usize, Option<usize>) {
    let mut semi = None;
    if b.len() < 8 {
        for (i, &c) in b.iter().enumerate().rev() {
            match c {
                b'/' => return (i + 1, semi),
                b';' if semi.is_none() => semi = Some(i),
                _ => {}
            }
        }
        return (0, semi);
    }
    // The bytes from `end` on are scanned.
    let mut end = b.len();
    loop {
        let lo = end.saturating_sub(8);
        let Some(word) = b.get(lo..).and_then(|w| w.first_chunk::<8>()) else {
            return (0, semi);
        };
        let w = u64::from_le_bytes(*word);
        // Little-endian: byte `k` of the word is bits `8k..8k+8`. In an
        // overlapping last word only the bytes below `end` are new.
        let new = match (end - lo) * 8 {
            64 => u64::MAX,
            bits => (1u64 << bits) - 1,
        };
        let slashes = zero_bytes(w ^ splat(b'/')) & new;
        let semis = zero_bytes(w ^ splat(b';')) & new;
        let highest = |m: u64| lo + (63 - m.leading_zeros() as usize) / 8;
        if slashes != 0 {
            let at = highest(slashes);
            // The `;`s after that `/`, in bytes above it in the word.
            let above = semis
                & u64::MAX
                    .checked_shl(((at - lo + 1) * 8) as u32)
                    .unwrap_or(0);
            if semi.is_none() && above != 0 {
                semi = Some(highest(above));
            }
            return (at + 1, semi);
        }
        if semi.is_none() && semis != 0 {
            semi = Some(highest(semis));
        }
        if lo == 0 {
            return (0, semi);
        }
        end = lo;
    }
}

/// Offset of `sub` in `whole`, where `sub` is a slice of `whole`.
pub(crate) fn offset_in(whole: &str, sub: &str) -> usize {
    (sub.as_ptr() as usize).wrapping_sub(whole.as_ptr() as usize)
}

/// Iterator over the `/`-separated segments of a path, as written.
///
/// # Example
///
/// ```
/// use uniform::UrlRef;
/// let url = UrlRef::parse("http://h/a/b%2Fc/")?;
/// let segs: Vec<_> = url.http().unwrap().segments().map(|s| s.as_str()).collect();
/// assert_eq!(segs, ["a", "b%2Fc", ""]);
/// # Ok::<_, uniform::ParseError>(())
/// ```
#[derive(Clone, Debug)]
pub struct Segments<'a> {
    rest: Option<&'a str>,
}

impl<'a> Segments<'a> {
    /// The segments of `path`; `None` gives none, `Some("")` one empty one.
    pub(crate) fn new(path: Option<&'a str>) -> Segments<'a> {
        Segments { rest: path }
    }
}

impl<'a> Iterator for Segments<'a> {
    type Item = Encoded<'a>;

    fn next(&mut self) -> Option<Encoded<'a>> {
        let rest = self.rest?;
        // A plain loop: segments are short, and memchr's setup costs more
        // than it saves on them.
        match rest.bytes().position(|b| b == b'/') {
            Some(p) => {
                self.rest = Some(&rest[p + 1..]);
                Some(Encoded(&rest[..p]))
            }
            None => {
                self.rest = None;
                Some(Encoded(rest))
            }
        }
    }
}

impl<'a> DoubleEndedIterator for Segments<'a> {
    fn next_back(&mut self) -> Option<Encoded<'a>> {
        let rest = self.rest?;
        match rest.bytes().rposition(|b| b == b'/') {
            Some(p) => {
                self.rest = Some(&rest[..p]);
                Some(Encoded(&rest[p + 1..]))
            }
            None => {
                self.rest = None;
                Some(Encoded(rest))
            }
        }
    }
}

impl core::iter::FusedIterator for Segments<'_> {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn find_decoded_sees_literal_and_escape() {
        assert_eq!(find_decoded("ab%09c", b'\t'), Some((2, 3)));
        assert_eq!(find_decoded("ab\tc", b'\t'), Some((2, 1)));
        assert_eq!(find_decoded("ab%0", b'\t'), None);
        assert_eq!(find_decoded("a%2509", b'\t'), None);
    }

    #[test]
    fn last_segment_as_a_byte_loop() {
        fn naive(b: &[u8]) -> (usize, Option<usize>) {
            let name_at = b.iter().rposition(|&c| c == b'/').map_or(0, |p| p + 1);
            let semi = b[name_at..]
                .iter()
                .rposition(|&c| c == b';')
                .map(|p| name_at + p);
            (name_at, semi)
        }
        // Every string over a small alphabet up to 5 long, then longer ones
        // built from them, so that `/` and `;` fall at every place of a
        // word and across words.
        let alphabet = [b'a', b'/', b';', 0xAF, 0x2E];
        let mut short = vec![Vec::new()];
        let mut last = vec![Vec::new()];
        for _ in 0..5 {
            let mut next = Vec::new();
            for s in &last {
                for &c in &alphabet {
                    let mut t = s.clone();
                    t.push(c);
                    next.push(t);
                }
            }
            short.extend(next.iter().cloned());
            last = next;
        }
        for s in &short {
            assert_eq!(last_segment(s), naive(s), "{s:?}");
            for pad in [3usize, 7, 8, 9, 13, 16, 21] {
                for fill in [b'x', b'/', b';'] {
                    let mut t = vec![fill; pad];
                    t.extend_from_slice(s);
                    assert_eq!(last_segment(&t), naive(&t), "{t:?}");
                    let mut u = s.clone();
                    u.extend(core::iter::repeat_n(fill, pad));
                    assert_eq!(last_segment(&u), naive(&u), "{u:?}");
                }
            }
        }
    }

    #[test]
    fn segments_both_ways() {
        let f: Vec<_> = Segments::new(Some("a//b")).map(|e| e.as_str()).collect();
        assert_eq!(f, ["a", "", "b"]);
        let b: Vec<_> = Segments::new(Some("a//b"))
            .rev()
            .map(|e| e.as_str())
            .collect();
        assert_eq!(b, ["b", "", "a"]);
        assert_eq!(Segments::new(None).count(), 0);
        assert_eq!(Segments::new(Some("")).count(), 1);
    }

    #[test]
    fn decode_utf8_reports_bad_bytes() {
        assert_eq!(Encoded::new("%C3%A9").decode_utf8().as_deref(), Some("é"));
        assert!(Encoded::new("%C3").decode_utf8().is_none());
    }
}
