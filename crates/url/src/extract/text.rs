//! Characters of running text: UTF-8 steps, whitespace, and the Unicode
//! separators and punctuation that end a URL; and which ASCII bytes the
//! parser's character table puts in scheme names and host labels.

use crate::dialect::Dialect;
use crate::table::{Component, TEXT, allowed};

/// Whether an ASCII byte may stand in a host label: the parser's RFC 1738
/// host characters (`hostname`, `hostnumber`: letters, digits, `-`, `.`)
/// without the `.` that separates the labels, and `_`.
///
/// RFC 1738's `domainlabel` has no `_`, but RFC 3986's reg-name does (it is
/// unreserved) and so does RFC 1630's `hostname` (it is `safe`), and text
/// holds such hosts (`_dmarc.example.com`, intranet names). Extraction
/// finds what any of the grammars reads as a host; which grammar a find
/// breaks is for the parser to say (`Found::check`). Where `_` may stand
/// in a host found without a scheme is the shape's choice (`shape.rs`).
/// The rest of RFC 3986's reg-name (`~`, `%XX`, the sub-delims) is left
/// out: no host name in text uses it, and `(`, `)`, `,`, `;`, `'` would
/// eat the text around a URL.
#[inline]
pub(super) fn label_byte(b: u8) -> bool {
    b == b'_' || (b != b'.' && allowed(b, Dialect::Rfc1738, Component::Host))
}

/// Whether `b` may stand in a scheme name after its first letter: the
/// parser's RFC 1738 scheme characters (letters, digits, `+`, `.`, `-`).
#[inline]
pub(super) fn scheme_byte(b: u8) -> bool {
    allowed(b, Dialect::Rfc1738, Component::Scheme)
}

/// Whether `b` is ASCII whitespace for the purposes of RFC 1738's "extra
/// whitespace (spaces, linebreaks, tabs, etc.)" inside a wrapper.
#[inline]
pub(super) fn is_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | b'\r' | b'\x0b' | b'\x0c')
}

/// The outcome of reading one character that starts with a byte >= 0x80.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Wide {
    /// A character of this many bytes that may be part of a URL.
    Char(usize),
    /// A character of this many bytes that ends a URL.
    Stop(usize),
    /// Not valid UTF-8 here: ends a URL.
    Invalid,
    /// The character is cut by the end of the available input.
    Short,
}

/// Reads the multi-byte character at `hay[i]` (with `hay[i] >= 0x80`).
#[inline]
pub(super) fn wide(hay: &[u8], i: usize) -> Wide {
    let b0 = hay[i];
    let n = match b0 {
        0xc2..=0xdf => 2,
        0xe0..=0xef => 3,
        0xf0..=0xf4 => 4,
        _ => return Wide::Invalid,
    };
    let Some(bytes) = hay.get(i..i + n) else {
        // Enough bytes to show it is invalid already?
        let have = &hay[i..];
        return if core::str::from_utf8(have).is_err_and(|e| e.error_len().is_some()) {
            Wide::Invalid
        } else {
            Wide::Short
        };
    };
    if core::str::from_utf8(bytes).is_err() {
        return Wide::Invalid;
    }
    if is_unicode_stop(bytes) {
        Wide::Stop(n)
    } else {
        Wide::Char(n)
    }
}

/// The Unicode spaces and line separators (White_Space outside ASCII):
/// inside a wrapper they are whitespace to ignore, as ASCII's are.
#[inline]
pub(super) fn is_unicode_space(c: &[u8]) -> bool {
    matches!(
        c,
        [0xc2, 0x85 | 0xa0]
            | [0xe1, 0x9a, 0x80]
            | [0xe2, 0x80, 0x80..=0x8a | 0xa8 | 0xa9 | 0xaf]
            | [0xe2, 0x81, 0x9f]
            | [0xe3, 0x80, 0x80]
    )
}

/// Unicode separators, and the punctuation that sits next to URLs in
/// running text without a space (CJK punctuation, curly quotes, the
/// ellipsis, fullwidth brackets and bars).
#[inline]
fn is_unicode_stop(c: &[u8]) -> bool {
    matches!(
        c,
        // U+0085 NEL, U+00A0 NO-BREAK SPACE
        [0xc2, 0x85] | [0xc2, 0xa0]
        // U+1680 OGHAM SPACE MARK
        | [0xe1, 0x9a, 0x80]
        // U+2000..U+200A spaces, U+2018/9 and U+201C/D quotes, U+2026
        // ellipsis, U+2028/9 separators, U+202F narrow no-break space
        | [0xe2, 0x80, 0x80..=0x8a | 0x98 | 0x99 | 0x9c | 0x9d | 0xa6 | 0xa8 | 0xa9 | 0xaf]
        // U+205F medium mathematical space
        | [0xe2, 0x81, 0x9f]
        // U+3000 ideographic space, U+3001/2 comma and full stop, U+3008..
        // U+3011 angle, corner, lenticular brackets
        | [0xe3, 0x80, 0x80..=0x82 | 0x88..=0x91]
        // U+FF01 !, U+FF08/9 ( ), U+FF0C ,, U+FF1A :, U+FF1B ;, U+FF1F ?
        | [0xef, 0xbc, 0x81 | 0x88 | 0x89 | 0x8c | 0x9a | 0x9b | 0x9f]
        // U+FF5C fullwidth vertical line
        | [0xef, 0xbd, 0x9c]
        // U+FEFF byte order mark
        | [0xef, 0xbb, 0xbf]
    )
}

/// Start of the character that ends at `end` (exclusive), and whether it
/// may be part of a host label or e-mail domain: a [`label_byte`], or a
/// valid non-ASCII character that is not a stop.
#[inline]
pub(super) fn char_before(hay: &[u8], end: usize) -> Option<(usize, bool)> {
    let last = *hay.get(end.checked_sub(1)?)?;
    if last < 0x80 {
        return Some((end - 1, label_byte(last)));
    }
    let mut s = end - 1;
    while s > 0 && end - s < 4 && hay[s] & 0xc0 == 0x80 {
        s -= 1;
    }
    match wide(&hay[..end], s) {
        Wide::Char(n) if s + n == end => Some((s, true)),
        Wide::Stop(n) if s + n == end => Some((s, false)),
        _ => Some((end - 1, false)),
    }
}

/// The first byte at or after `from` that no unwrapped URL goes past
/// (whitespace, a control, `<>"``, a Unicode stop, a byte that is not valid
/// UTF-8): `Ok(index)`, or `Err(resume)` when the bytes run out first and
/// more may come.
pub(super) fn skip_stop(hay: &[u8], from: usize, eof: bool) -> Result<usize, usize> {
    let mut i = from;
    while let Some(&b) = hay.get(i) {
        if b >= 0x80 {
            match wide(hay, i) {
                Wide::Char(n) => i += n,
                Wide::Short if !eof => return Err(i),
                _ => return Ok(i),
            }
        } else if TEXT[b as usize] == 0 {
            return Ok(i);
        } else {
            i += 1;
        }
    }
    if eof { Ok(i) } else { Err(i) }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::table::TEXT;

    #[test]
    fn text_classes_hold_what_the_parser_allows() {
        // Whatever any grammar lets stand unencoded goes on in a URL in
        // text, but for the quote mark RFC 1630 allows and text uses to
        // delimit URLs.
        for b in 0..=255u8 {
            let in_grammar = [Dialect::Rfc1738, Dialect::Rfc1630, Dialect::Rfc3986]
                .into_iter()
                .any(|d| {
                    [
                        Component::Scheme,
                        Component::User,
                        Component::Host,
                        Component::Path,
                        Component::Query,
                        Component::Fragment,
                    ]
                    .into_iter()
                    .any(|c| allowed(b, d, c))
                });
            if in_grammar && b != b'"' {
                assert_ne!(TEXT[b as usize], 0, "{:?}", b as char);
            }
            if TEXT[b as usize] != 0 {
                assert!(b.is_ascii_graphic() && !b"<>\"`".contains(&b), "{b:#x}");
            }
        }
        assert!(scheme_byte(b'+') && !scheme_byte(b'_') && !label_byte(b'.'));
    }

    #[test]
    fn label_bytes_are_rfc_1738_hosts_and_the_underscore_of_the_others() {
        // Each label byte is a host character of RFC 3986 and of RFC 1738
        // or RFC 1630; only `_` is not RFC 1738's.
        for b in (0..0x80u8).filter(|&b| label_byte(b)) {
            assert!(
                allowed(b, Dialect::Rfc3986, Component::Host),
                "{:?}",
                b as char
            );
            assert!(
                allowed(b, Dialect::Rfc1738, Component::Host) || b == b'_',
                "{:?}",
                b as char
            );
        }
        for b in b"~%!$&'()*+,;=." {
            assert!(!label_byte(*b), "{:?}", *b as char);
        }
        assert!(label_byte(b'_') && label_byte(b'-') && label_byte(b'0'));
        assert!(!allowed(b'_', Dialect::Rfc1738, Component::Host));
        assert!(allowed(b'_', Dialect::Rfc1630, Component::Host));
        assert!(allowed(b'_', Dialect::Rfc3986, Component::Host));
    }

    #[test]
    fn stops() {
        assert_eq!(wide("\u{3002}".as_bytes(), 0), Wide::Stop(3));
        assert_eq!(wide("\u{ff5c}".as_bytes(), 0), Wide::Stop(3));
        assert_eq!(wide("é".as_bytes(), 0), Wide::Char(2));
        assert_eq!(wide("\u{200d}".as_bytes(), 0), Wide::Char(3));
        assert_eq!(wide(&[0xff], 0), Wide::Invalid);
        assert_eq!(wide(&[0xe3, 0x80], 0), Wide::Short);
        assert_eq!(wide(&[0xe3, 0x41], 0), Wide::Invalid);
        assert_eq!(wide(&[0x80], 0), Wide::Invalid);
        assert!(is_unicode_space("\u{a0}".as_bytes()));
        assert!(is_unicode_space("\u{2003}".as_bytes()));
        assert!(!is_unicode_space("\u{3002}".as_bytes()));
    }

    #[test]
    fn char_before_finds_starts() {
        let s = "aé｜".as_bytes();
        assert_eq!(char_before(s, 1), Some((0, true)));
        assert_eq!(char_before(s, 3), Some((1, true)));
        assert_eq!(char_before(s, 6), Some((3, false)));
        assert_eq!(char_before(s, 0), None);
    }
}
