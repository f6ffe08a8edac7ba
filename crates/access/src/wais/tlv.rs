//! BER (ITU-T X.690) as Z39.50 uses it, written here: the header of a
//! value (identifier and length), the framing of APDUs on the TCP stream,
//! the values inside a received APDU, and the encodings of requests.
//!
//! One header reader serves the framer and the decoder, so that what the
//! framer accepts the decoder reads the same way. A general BER library
//! (asn1-rs 0.7 was used for a part of this) got the parts that matter to
//! Z39.50 wrong, each small to write right: the first subidentifier of an
//! OBJECT IDENTIFIER (X.690 8.19.4: `2.999.3` is `88 37 03`), constructed
//! strings split into segments (X.690 8.7.3), and an identifier cut short
//! by the end of the input, which on a stream is "more to come", not an
//! invalid tag. What was left for it, INTEGER and BOOLEAN content and
//! writing an identifier and a length, is a few lines each.

use std::borrow::Cow;
use std::fmt;

/// How deeply indefinite-length values may nest in one APDU. Z39.50's
/// deepest (a present response's record in its EXTERNAL) is about ten.
pub const MAX_DEPTH: usize = 32;

/// The largest APDU [`decode`](crate::wais::ber::decode) accepts: 8 MiB. The Z39.50 client asks the
/// server for at most this (preferred message size and exceptional record
/// size) and refuses a larger one before reading it.
pub const MAX_APDU: usize = 8 * 1024 * 1024;

/// What is wrong with a BER encoding.
///
/// # Example
///
/// ```
/// use uniform_access::wais::ber::{BerErrorKind, frame_len};
/// // A SEQUENCE claiming 2^32 octets, with a limit of 1 MiB.
/// let e = frame_len(&[0x30, 0x84, 0xFF, 0xFF, 0xFF, 0xFF], 1 << 20).unwrap_err();
/// assert_eq!(e.kind(), BerErrorKind::TooLarge);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum BerErrorKind {
    /// Not a valid encoding (a bad length, a primitive value with an
    /// indefinite length, an end-of-contents out of place, a truncated
    /// value inside a complete one).
    Malformed,
    /// Larger than the limit.
    TooLarge,
    /// Nested more deeply than [`MAX_DEPTH`].
    TooDeep,
    /// A valid encoding that is not the Z39.50 structure expected.
    Unexpected,
}

/// A BER encoding that cannot be read: its kind, where, and why.
///
/// # Example
///
/// ```
/// use uniform_access::wais::ber::{BerErrorKind, decode};
/// let e = decode(&[0x30, 0x80, 0x02]).unwrap_err();
/// assert_eq!(e.kind(), BerErrorKind::Malformed);
/// assert!(e.to_string().contains("incomplete"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BerError {
    kind: BerErrorKind,
    offset: usize,
    message: String,
}

impl BerError {
    pub(crate) fn new(kind: BerErrorKind, offset: usize, message: impl Into<String>) -> BerError {
        BerError {
            kind,
            offset,
            message: message.into(),
        }
    }

    /// What kind of fault.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform_access::wais::ber::{BerErrorKind, frame_len};
    /// assert_eq!(frame_len(&[0x00, 0x00], 100).unwrap_err().kind(), BerErrorKind::Malformed);
    /// ```
    pub fn kind(&self) -> BerErrorKind {
        self.kind
    }

    /// The octet of the APDU where the fault was found.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform_access::wais::ber::frame_len;
    /// // An end-of-contents (octet 2) may not carry a length.
    /// assert_eq!(frame_len(&[0x30, 0x80, 0x00, 0x01, 0x00], 100).unwrap_err().offset(), 2);
    /// ```
    pub fn offset(&self) -> usize {
        self.offset
    }

    /// Why, in words.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform_access::wais::ber::frame_len;
    /// assert!(frame_len(&[0x04, 0x80], 100).unwrap_err().message().contains("primitive"));
    /// ```
    pub fn message(&self) -> &str {
        &self.message
    }
}

impl fmt::Display for BerError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} at octet {} of the APDU", self.message, self.offset)
    }
}

impl std::error::Error for BerError {}

/// One identifier-and-length header.
struct Head {
    class: u8,
    constructed: bool,
    tag: u32,
    /// `None`: indefinite.
    len: Option<usize>,
    head_len: usize,
}

/// The header at `at`, `None` when `buf` ends before it does.
fn head(buf: &[u8], at: usize) -> Result<Option<Head>, BerError> {
    let malformed = |m: &str| BerError::new(BerErrorKind::Malformed, at, m);
    let Some(&b0) = buf.get(at) else {
        return Ok(None);
    };
    let mut i = at + 1;
    let mut tag = u32::from(b0 & 0x1F);
    if tag == 0x1F {
        tag = 0;
        // At most four subsequent octets: 28 bits is far beyond any
        // Z39.50 tag and keeps the number in a u32.
        loop {
            let Some(&b) = buf.get(i) else {
                return Ok(None);
            };
            if i - at > 4 {
                return Err(malformed("a tag number longer than four octets"));
            }
            tag = (tag << 7) | u32::from(b & 0x7F);
            i += 1;
            if b & 0x80 == 0 {
                break;
            }
        }
    }
    let constructed = b0 & 0x20 != 0;
    let Some(&l0) = buf.get(i) else {
        return Ok(None);
    };
    i += 1;
    let len = match l0 {
        0..=0x7F => Some(usize::from(l0)),
        0x80 => {
            if !constructed {
                return Err(malformed("a primitive value with an indefinite length"));
            }
            None
        }
        0xFF => return Err(malformed("the reserved length octet 0xFF")),
        _ => {
            let n = usize::from(l0 & 0x7F);
            if n > 8 {
                return Err(BerError::new(
                    BerErrorKind::TooLarge,
                    at,
                    format!("a length of {n} octets"),
                ));
            }
            let Some(octets) = buf.get(i..i + n) else {
                return Ok(None);
            };
            i += n;
            let v = octets.iter().fold(0u64, |v, &b| (v << 8) | u64::from(b));
            Some(usize::try_from(v).unwrap_or(usize::MAX))
        }
    };
    Ok(Some(Head {
        class: b0 >> 6,
        constructed,
        tag,
        len,
        head_len: i - at,
    }))
}

/// The length of the first complete BER value in `buf`: `Ok(None)` while
/// more octets are needed, an error as soon as the value is malformed or
/// would be longer than `limit` octets.
///
/// Definite lengths are skipped over; indefinite ones are followed down to
/// their end-of-contents, at most [`MAX_DEPTH`] deep.
///
/// # Errors
///
/// [`BerErrorKind::Malformed`], [`BerErrorKind::TooLarge`] (checked on the
/// lengths as they are read, before the octets arrive) or
/// [`BerErrorKind::TooDeep`].
///
/// # Example
///
/// ```
/// use uniform_access::wais::ber::frame_len;
/// // An indefinite-length SEQUENCE holding an INTEGER, then the next APDU.
/// let buf = [0x30, 0x80, 0x02, 0x01, 0x05, 0x00, 0x00, 0x30];
/// assert_eq!(frame_len(&buf, 100)?, Some(7));
/// assert_eq!(frame_len(&buf[..6], 100)?, None);
/// # Ok::<_, uniform_access::wais::ber::BerError>(())
/// ```
pub fn frame_len(buf: &[u8], limit: usize) -> Result<Option<usize>, BerError> {
    let mut pos = 0usize;
    let mut open = 0usize;
    loop {
        if pos > limit {
            return Err(too_large(pos, limit));
        }
        let Some(h) = head(buf, pos)? else {
            return Ok(None);
        };
        if h.class == 0 && !h.constructed && h.tag == 0 {
            if h.len != Some(0) {
                return Err(BerError::new(
                    BerErrorKind::Malformed,
                    pos,
                    "an end-of-contents with a length",
                ));
            }
            if open == 0 {
                return Err(BerError::new(
                    BerErrorKind::Malformed,
                    pos,
                    "an end-of-contents outside any indefinite length",
                ));
            }
            open -= 1;
            pos += h.head_len;
            if open == 0 {
                return Ok(Some(pos));
            }
            continue;
        }
        match h.len {
            None => {
                open += 1;
                if open > MAX_DEPTH {
                    return Err(BerError::new(
                        BerErrorKind::TooDeep,
                        pos,
                        format!("indefinite lengths nested more than {MAX_DEPTH} deep"),
                    ));
                }
                pos += h.head_len;
            }
            Some(n) => {
                let end = pos.saturating_add(h.head_len).saturating_add(n);
                if end > limit {
                    return Err(too_large(end, limit));
                }
                if buf.len() < end {
                    return Ok(None);
                }
                pos = end;
                if open == 0 {
                    return Ok(Some(pos));
                }
            }
        }
    }
}

fn too_large(len: usize, limit: usize) -> BerError {
    let shown = if len == usize::MAX {
        "2^64".to_string()
    } else {
        len.to_string()
    };
    BerError::new(
        BerErrorKind::TooLarge,
        0,
        format!("an APDU of at least {shown} octets, more than the limit of {limit}"),
    )
}

/// The class of a tag (X.690 8.1.2.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Class {
    Universal,
    Application,
    ContextSpecific,
    Private,
}

impl Class {
    fn of(bits: u8) -> Class {
        match bits & 3 {
            0 => Class::Universal,
            1 => Class::Application,
            2 => Class::ContextSpecific,
            _ => Class::Private,
        }
    }
}

/// One decoded value: its class, form, tag number and content octets
/// (without the end-of-contents of an indefinite length).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Node<'a> {
    pub class: Class,
    pub constructed: bool,
    pub tag: u32,
    pub content: &'a [u8],
    /// Where the value starts in the APDU, for messages.
    pub offset: usize,
}

/// A view of a whole APDU, so that values know their offsets in it.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Apdu<'a> {
    base: &'a [u8],
}

impl<'a> Apdu<'a> {
    pub fn new(base: &'a [u8]) -> Apdu<'a> {
        Apdu { base }
    }

    fn offset_of(&self, part: &[u8]) -> usize {
        (part.as_ptr() as usize).saturating_sub(self.base.as_ptr() as usize)
    }

    /// The value at the start of `input` and what follows it: the same
    /// header reader as [`frame_len`], and for an indefinite length the
    /// framer to find its end-of-contents.
    pub fn node(&self, input: &'a [u8]) -> Result<(Node<'a>, &'a [u8]), BerError> {
        let offset = self.offset_of(input);
        let unreadable = |why: &str| {
            BerError::new(
                BerErrorKind::Malformed,
                offset,
                format!("unreadable BER value ({why})"),
            )
        };
        let at = |e: BerError| BerError::new(e.kind(), offset + e.offset(), e.message());
        let h = head(input, 0)
            .map_err(at)?
            .ok_or_else(|| unreadable("cut short in its header"))?;
        let (content, rest) = match h.len {
            Some(n) => {
                let end = h.head_len.checked_add(n).filter(|&e| e <= input.len());
                let end = end.ok_or_else(|| unreadable("cut short in its content"))?;
                (&input[h.head_len..end], &input[end..])
            }
            None => {
                let end = frame_len(input, usize::MAX)
                    .map_err(at)?
                    .ok_or_else(|| unreadable("no end-of-contents"))?;
                // The content stops before the two octets of end-of-contents.
                (&input[h.head_len..end - 2], &input[end..])
            }
        };
        Ok((
            Node {
                class: Class::of(h.class),
                constructed: h.constructed,
                tag: h.tag,
                content,
                offset,
            },
            rest,
        ))
    }

    /// The whole APDU as one value.
    pub fn root(&self) -> Result<Node<'a>, BerError> {
        Ok(self.node(self.base)?.0)
    }

    /// The values inside a constructed one, in order; no allocation.
    pub fn children(&self, n: &Node<'a>) -> Children<'a> {
        Children {
            apdu: *self,
            rest: if n.constructed { n.content } else { &[] },
        }
    }

    /// The octets of a string-like value: its content, or for the
    /// constructed form BER allows, its segments joined (nested at most
    /// eight deep).
    pub fn octets(&self, n: &Node<'a>) -> Result<Cow<'a, [u8]>, BerError> {
        self.octets_at(n, 0)
    }

    fn octets_at(&self, n: &Node<'a>, depth: usize) -> Result<Cow<'a, [u8]>, BerError> {
        if !n.constructed {
            return Ok(Cow::Borrowed(n.content));
        }
        if depth >= 8 {
            return Err(BerError::new(
                BerErrorKind::TooDeep,
                n.offset,
                "a constructed string nested too deeply",
            ));
        }
        let mut out = Vec::new();
        for child in self.children(n) {
            out.extend_from_slice(&self.octets_at(&child?, depth + 1)?);
        }
        Ok(Cow::Owned(out))
    }

    /// The value of an INTEGER (universal or implicitly tagged): two's
    /// complement, big-endian (X.690 8.3).
    pub fn integer(&self, n: &Node<'a>) -> Result<i64, BerError> {
        let c = n.content;
        let bad = || {
            BerError::new(
                BerErrorKind::Unexpected,
                n.offset,
                format!("an INTEGER of {} octets", c.len()),
            )
        };
        // X.690 8.3.1: at least one octet.
        if n.constructed || c.is_empty() || c.len() > 8 {
            return Err(bad());
        }
        let sign = if c[0] & 0x80 != 0 { -1i64 } else { 0 };
        Ok(c.iter().fold(sign, |v, &b| (v << 8) | i64::from(b)))
    }

    /// The value of a BOOLEAN: any non-zero octet is true (X.690 8.2.2).
    pub fn boolean(&self, n: &Node<'a>) -> Result<bool, BerError> {
        match n.content {
            [b] if !n.constructed => Ok(*b != 0),
            _ => Err(BerError::new(
                BerErrorKind::Unexpected,
                n.offset,
                "a BOOLEAN that is not one octet",
            )),
        }
    }

    /// The arcs of an OBJECT IDENTIFIER.
    pub fn oid(&self, n: &Node<'a>) -> Result<Vec<u64>, BerError> {
        let bad = || {
            BerError::new(
                BerErrorKind::Unexpected,
                n.offset,
                "an unreadable OBJECT IDENTIFIER",
            )
        };
        if n.constructed || n.content.is_empty() || n.content.last().is_some_and(|b| b & 0x80 != 0)
        {
            return Err(bad());
        }
        let mut arcs = Vec::new();
        let mut v: u64 = 0;
        for &b in n.content {
            if v > (u64::MAX >> 7) {
                return Err(bad());
            }
            v = (v << 7) | u64::from(b & 0x7F);
            if b & 0x80 == 0 {
                if arcs.is_empty() {
                    // X.690 8.19.4: the first subidentifier holds two arcs.
                    let first = (v / 40).min(2);
                    arcs.push(first);
                    arcs.push(v - first * 40);
                } else {
                    arcs.push(v);
                }
                v = 0;
            }
        }
        Ok(arcs)
    }

    /// A string value, as text (not UTF-8: replacement characters).
    pub fn text(&self, n: &Node<'a>) -> Result<String, BerError> {
        Ok(String::from_utf8_lossy(&self.octets(n)?).into_owned())
    }

    /// The octets of the whole encoding of `n` (header included).
    pub fn encoding(&self, n: &Node<'a>, rest: &'a [u8]) -> &'a [u8] {
        let start = n.offset;
        let end = self.offset_of(rest).min(self.base.len());
        self.base.get(start..end).unwrap_or(&[])
    }
}

/// The values inside a constructed value (see [`Apdu::children`]).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Children<'a> {
    apdu: Apdu<'a>,
    rest: &'a [u8],
}

impl<'a> Children<'a> {
    /// The next value with the encoding it came from.
    pub fn next_with_encoding(&mut self) -> Option<Result<(Node<'a>, &'a [u8]), BerError>> {
        if self.rest.is_empty() {
            return None;
        }
        Some(match self.apdu.node(self.rest) {
            Ok((n, rest)) => {
                let enc = self.apdu.encoding(&n, rest);
                self.rest = rest;
                Ok((n, enc))
            }
            Err(e) => {
                self.rest = &[];
                Err(e)
            }
        })
    }
}

impl<'a> Iterator for Children<'a> {
    type Item = Result<Node<'a>, BerError>;

    fn next(&mut self) -> Option<Self::Item> {
        self.next_with_encoding().map(|r| r.map(|(n, _)| n))
    }
}

// The writer. Definite lengths, minimal integers.

/// A value: identifier octets for `class` (0 universal, 2 context), form
/// and tag, a definite length in the fewest octets, then `content`
/// (already encoded).
pub(crate) fn tlv(class: u8, constructed: bool, tag: u32, content: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(content.len() + 8);
    let first = (class & 3) << 6 | u8::from(constructed) << 5;
    if tag < 0x1F {
        out.push(first | tag as u8);
    } else {
        // X.690 8.1.2.4: the tag number in base 128, high bit on all but
        // the last octet.
        out.push(first | 0x1F);
        out.extend(base128(u64::from(tag)));
    }
    let len = content.len();
    if len < 0x80 {
        out.push(len as u8);
    } else {
        let octets = (len as u64).to_be_bytes();
        let skip = octets.iter().take_while(|&&b| b == 0).count();
        out.push(0x80 | (8 - skip) as u8);
        out.extend_from_slice(&octets[skip..]);
    }
    out.extend_from_slice(content);
    out
}

/// `v` in base 128, most significant group first, the high bit on all
/// groups but the last (tag numbers, OID subidentifiers).
fn base128(mut v: u64) -> Vec<u8> {
    let mut groups = vec![(v & 0x7F) as u8];
    v >>= 7;
    while v > 0 {
        groups.push((v & 0x7F) as u8 | 0x80);
        v >>= 7;
    }
    groups.reverse();
    groups
}

/// A context-specific primitive value `[tag] IMPLICIT`.
pub(crate) fn ctx(tag: u32, content: &[u8]) -> Vec<u8> {
    tlv(2, false, tag, content)
}

/// A context-specific constructed value: an explicit tag, or an implicit
/// one on a SEQUENCE.
pub(crate) fn cons(tag: u32, parts: &[Vec<u8>]) -> Vec<u8> {
    tlv(2, true, tag, &parts.concat())
}

/// A universal constructed value (SEQUENCE is 16).
pub(crate) fn ucons(tag: u32, parts: &[Vec<u8>]) -> Vec<u8> {
    tlv(0, true, tag, &parts.concat())
}

/// The content octets of an INTEGER: two's complement, in the fewest
/// octets (X.690 8.3.2: no leading octet that only repeats the sign).
pub(crate) fn int(v: i64) -> Vec<u8> {
    let b = v.to_be_bytes();
    let mut i = 0;
    while i < 7 && ((b[i] == 0 && b[i + 1] & 0x80 == 0) || (b[i] == 0xFF && b[i + 1] & 0x80 != 0)) {
        i += 1;
    }
    b[i..].to_vec()
}

/// The content octets of an OBJECT IDENTIFIER (at least two arcs, the
/// first 0-2).
pub(crate) fn oid(arcs: &[u64]) -> Vec<u8> {
    let mut out = Vec::new();
    if let [a, b, rest @ ..] = arcs {
        out.extend(base128(a * 40 + b));
        for &r in rest {
            out.extend(base128(r));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::wais::ber::decode;
    use crate::wais::pdu::Pdu;

    #[test]
    fn frames_definite_and_indefinite_values() {
        assert_eq!(frame_len(&[0x02, 0x01, 0x05], 10).unwrap(), Some(3));
        assert_eq!(frame_len(&[0x02, 0x01], 10).unwrap(), None);
        assert_eq!(frame_len(&[], 10).unwrap(), None);
        // A high tag cut after its first octet is "more to come", not an error.
        assert_eq!(frame_len(&[0xBF], 10).unwrap(), None);
        assert_eq!(frame_len(&[0xBF, 0x81], 10).unwrap(), None);
        // Nested indefinite lengths inside a definite one.
        let v = [0x30, 0x06, 0x30, 0x80, 0x05, 0x00, 0x00, 0x00];
        assert_eq!(frame_len(&v, 100).unwrap(), Some(8));
        let v = [0xB9, 0x80, 0x30, 0x80, 0x05, 0x00, 0x00, 0x00, 0x00, 0x00];
        assert_eq!(frame_len(&v, 100).unwrap(), Some(10));
    }

    #[test]
    fn refuses_what_is_too_large_before_reading_it() {
        // 2^63 claimed: refused on the length alone.
        let e = frame_len(&[0x04, 0x88, 0x80, 0, 0, 0, 0, 0, 0, 0], MAX_APDU).unwrap_err();
        assert_eq!(e.kind(), BerErrorKind::TooLarge);
        // Nine length octets.
        let e = frame_len(&[0x04, 0x89, 1, 0, 0, 0, 0, 0, 0, 0, 0], MAX_APDU).unwrap_err();
        assert_eq!(e.kind(), BerErrorKind::TooLarge);
        // Indefinite content that runs past the limit in small pieces.
        let mut v = vec![0x30, 0x80];
        for _ in 0..100 {
            v.extend_from_slice(&[0x04, 0x02, b'a', b'b']);
        }
        assert_eq!(
            frame_len(&v, 64).unwrap_err().kind(),
            BerErrorKind::TooLarge
        );
    }

    #[test]
    fn refuses_malformed_and_deep_values() {
        assert_eq!(
            frame_len(&[0x02, 0x80], 10).unwrap_err().kind(),
            BerErrorKind::Malformed
        );
        assert_eq!(
            frame_len(&[0x02, 0xFF], 10).unwrap_err().kind(),
            BerErrorKind::Malformed
        );
        assert_eq!(
            frame_len(&[0x00, 0x00], 10).unwrap_err().kind(),
            BerErrorKind::Malformed
        );
        assert_eq!(
            frame_len(&[0x30, 0x80, 0x00, 0x01, 0x00], 10)
                .unwrap_err()
                .kind(),
            BerErrorKind::Malformed
        );
        let deep: Vec<u8> = std::iter::repeat_n([0x30u8, 0x80], 40).flatten().collect();
        assert_eq!(
            frame_len(&deep, 1000).unwrap_err().kind(),
            BerErrorKind::TooDeep
        );
        assert_eq!(
            frame_len(&[0x1F, 0x81, 0x81, 0x81, 0x81, 0x81, 0x01, 0x00], 10)
                .unwrap_err()
                .kind(),
            BerErrorKind::Malformed
        );
    }

    #[test]
    fn decode_needs_exactly_one_apdu() {
        assert!(decode(&[]).is_err());
        let close = [0xBF, 0x30, 0x05, 0x9F, 0x81, 0x53, 0x01, 0x06];
        assert!(decode(&close).is_ok());
        let mut two = close.to_vec();
        two.push(0);
        assert_eq!(decode(&two).unwrap_err().kind(), BerErrorKind::Malformed);
    }

    #[test]
    fn writes_what_it_reads() {
        assert_eq!(int(0), [0]);
        assert_eq!(int(127), [0x7F]);
        assert_eq!(int(128), [0x00, 0x80]);
        assert_eq!(int(-1), [0xFF]);
        assert_eq!(int(-129), [0xFF, 0x7F]);
        assert_eq!(int(1016), [0x03, 0xF8]);
        assert_eq!(
            oid(&[1, 2, 840, 10003, 3, 1]),
            [0x2A, 0x86, 0x48, 0xCE, 0x13, 0x03, 0x01]
        );
        assert_eq!(tlv(2, false, 211, &[]), [0x9F, 0x81, 0x53, 0x00]);
        assert_eq!(tlv(2, true, 30, &[]), [0xBE, 0x00]);
        assert_eq!(tlv(0, false, 2, &[1]), [0x02, 0x01, 0x01]);
        let big = tlv(0, false, 4, &[0; 300]);
        assert_eq!(&big[..4], &[0x04, 0x82, 0x01, 0x2C]);
        for n in [
            0i64,
            1,
            -1,
            127,
            128,
            255,
            256,
            -128,
            -129,
            1 << 40,
            i64::MIN,
            i64::MAX,
        ] {
            let enc = tlv(0, false, 2, &int(n));
            let a = Apdu::new(&enc);
            assert_eq!(a.integer(&a.root().unwrap()).unwrap(), n);
        }
        let enc = tlv(0, false, 6, &oid(&[1, 2, 840, 10003, 5, 101]));
        let a = Apdu::new(&enc);
        assert_eq!(
            a.oid(&a.root().unwrap()).unwrap(),
            [1, 2, 840, 10003, 5, 101]
        );
    }

    /// The cases where a general BER library (asn1-rs 0.7) went wrong,
    /// which is why this reader is written here: the first subidentifier
    /// of an OID holds two arcs and may take several octets, and a
    /// constructed string's segments are joined.
    #[test]
    fn oids_past_the_first_octet_and_constructed_strings() {
        // 2.999.3: the first subidentifier (2 * 40 + 999) takes two octets.
        let content = [0x88, 0x37, 0x03];
        let enc = tlv(0, false, 6, &content);
        let a = Apdu::new(&enc);
        assert_eq!(a.oid(&a.root().unwrap()).unwrap(), [2, 999, 3]);
        assert_eq!(oid(&[2, 999, 3]), content);
        // A constructed OCTET STRING of indefinite length (BER allows it,
        // X.690 8.7.3).
        let v = [
            0x24, 0x80, 0x04, 0x02, b'a', b'b', 0x04, 0x01, b'c', 0x00, 0x00,
        ];
        let a = Apdu::new(&v);
        let root = a.root().unwrap();
        assert_eq!(root.content, &v[2..9]);
        assert_eq!(&*a.octets(&root).unwrap(), b"abc");
    }

    #[test]
    fn values_cut_short_are_malformed_where_they_start() {
        let v = [0x30, 0x03, 0x02, 0x05, 0x01];
        let a = Apdu::new(&v);
        let root = a.root().unwrap();
        let e = a.children(&root).next().unwrap().unwrap_err();
        assert_eq!((e.kind(), e.offset()), (BerErrorKind::Malformed, 2));
        assert!(Apdu::new(&[0x30, 0x80, 0x02, 0x01, 0x05]).root().is_err());
        assert!(Apdu::new(&[0xBF]).root().is_err());
    }

    /// The APDUs yaz-ztest and Zebra sent (fuzz/seeds-ber, captured
    /// between yaz-client and each server), and each with every
    /// constructed value rewritten to an indefinite length: all decode.
    #[test]
    fn captured_replies_decode() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fuzz/seeds-ber");
        let mut n = 0;
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            let apdu = std::fs::read(&path).unwrap();
            let pdu = decode(&apdu).unwrap_or_else(|e| panic!("{name}: {e}"));
            let kind = match pdu {
                Pdu::InitResponse(_) => "initResponse",
                Pdu::SearchResponse(_) => "searchResponse",
                Pdu::PresentResponse(_) => "presentResponse",
                Pdu::Close(_) => "close",
                Pdu::Other(_) => "other",
            };
            assert!(name.contains(kind), "{name} decodes as {kind}");
            n += 1;
        }
        assert!(n >= 20, "{n} seeds");
    }

    #[test]
    fn constructed_strings_are_joined() {
        // A constructed GeneralString of two segments, indefinite length.
        let v = [
            0x3B, 0x80, 0x1B, 0x02, b'a', b'b', 0x1B, 0x01, b'c', 0x00, 0x00,
        ];
        let a = Apdu::new(&v);
        assert_eq!(&*a.octets(&a.root().unwrap()).unwrap(), b"abc");
    }
}
