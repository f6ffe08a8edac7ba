//! Percent-encoding (RFC 1738 section 2.2, RFC 1630 "Conventional URI
//! encoding scheme", RFC 3986 section 2.1).
//!
//! Decoding gives bytes: the octets a URL encodes need not be UTF-8.
//! Encoding takes an [`EncodeSet`], the octets that must be encoded in one
//! component of one scheme. Every set holds at least the octets that have no
//! graphic US-ASCII character (00-1F, 7F-FF), the space, and the unsafe
//! characters of RFC 1738 section 2.2.

use crate::prelude::*;
use core::fmt;

/// A set of octets to percent-encode.
///
/// # Example
///
/// ```
/// use uniform::pct::{EncodeSet, encode};
///
/// // RFC 1738 section 3.2.2: "/" and ";" inside an FTP name are encoded.
/// assert_eq!(encode(b"a/b;c d", &EncodeSet::FTP_SEGMENT), "a%2Fb%3Bc%20d");
/// assert_eq!(EncodeSet::by_name("ftp-segment"), Some(EncodeSet::FTP_SEGMENT));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct EncodeSet {
    bits: [u64; 4],
}

impl fmt::Debug for EncodeSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let printable: String = (0x21u8..0x7f)
            .filter(|&b| self.contains(b))
            .map(char::from)
            .collect();
        write!(f, "EncodeSet(controls, space, 80-FF, {printable:?})")
    }
}

impl EncodeSet {
    /// The octets with no graphic US-ASCII character, the space and the
    /// unsafe characters `<>"#%{}|\^~[]` and backquote (RFC 1738 section 2.2).
    pub const UNSAFE: EncodeSet = EncodeSet::base().add_all(b"<>\"#%{}|\\^~[]` ");

    /// Everything but the unreserved characters of RFC 1738 (alphanumerics
    /// and `$-_.+!*'(),`): for data with no structure at all.
    pub const RESERVED: EncodeSet = EncodeSet::UNSAFE.add_all(b";/?:@&=");

    /// A user name or password (RFC 1738 section 3.1: `:`, `@`, `/` must be
    /// encoded); `?` too, so that RFC 3986 readers do not end the
    /// authority there.
    pub const USERINFO: EncodeSet = EncodeSet::UNSAFE.add_all(b":@/?");

    /// A whole path whose `/` are separators; `?` and `;` are encoded.
    pub const PATH: EncodeSet = EncodeSet::UNSAFE.add_all(b"?;");

    /// One segment of a generic hierarchical path: `/`, `?`, `;` encoded.
    pub const SEGMENT: EncodeSet = EncodeSet::UNSAFE.add_all(b"/?;");

    /// One cwd segment or the name of an FTP url-path (RFC 1738 section
    /// 3.2.2: `/` and `;` are reserved; `?` for RFC 3986 readers).
    pub const FTP_SEGMENT: EncodeSet = EncodeSet::UNSAFE.add_all(b"/;?");

    /// One segment of an HTTP path (RFC 1738 section 3.3: `/`, `;`, `?`).
    pub const HTTP_SEGMENT: EncodeSet = EncodeSet::UNSAFE.add_all(b"/;?");

    /// An HTTP search part taken as one string (RFC 1738 section 3.3).
    pub const SEARCH: EncodeSet = EncodeSet::UNSAFE.add_all(b"/;?");

    /// A name or value of a form query: the search set plus `&`, `=` and
    /// `+` (RFC 1630: "real plus signs must be encoded").
    pub const FORM: EncodeSet = EncodeSet::SEARCH.add_all(b"&=+");

    /// A fragment identifier.
    pub const FRAGMENT: EncodeSet = EncodeSet::UNSAFE;

    /// A gopher selector or search (RFC 1738 section 3.4.1: "no characters
    /// are reserved"; TAB, CR and LF are controls and always encoded); `?`
    /// for RFC 3986 readers.
    pub const GOPHER: EncodeSet = EncodeSet::UNSAFE.add_all(b"?");

    /// A mailto address (RFC 1738 section 3.5: no reserved characters, `%`
    /// encoded); `?` for RFC 6068 readers.
    pub const MAILTO: EncodeSet = EncodeSet::UNSAFE.add_all(b"?");

    /// A news group or message-id (RFC 1738 section 3.6); `/` and `?`
    /// for readers that see hierarchy and queries.
    pub const NEWS: EncodeSet = EncodeSet::UNSAFE.add_all(b"/?");

    /// One segment of a file path (RFC 1738 `fsegment` has no `;`).
    pub const FILE_SEGMENT: EncodeSet = EncodeSet::UNSAFE.add_all(b"/;?");

    /// One segment of a WAIS database, wtype or wpath (RFC 1738 section
    /// 3.9: `uchar` only).
    pub const WAIS: EncodeSet = EncodeSet::RESERVED;

    /// A Prospero hsoname (RFC 1738 section 3.11: ";" ends it, and "a
    /// slash "/" may appear in the &lt;hsoname&gt; without quoting"); `?` for
    /// RFC 3986 readers.
    pub const PROSPERO: EncodeSet = EncodeSet::UNSAFE.add_all(b";?");

    /// A Prospero field name or value (RFC 1738 section 5: `fieldname` and
    /// `fieldvalue` hold no `/`, `;` or `=`).
    pub const PROSPERO_FIELD: EncodeSet = EncodeSet::UNSAFE.add_all(b"/;=?");

    /// What an HTTP request line must not carry raw (RFC 1630, HTTP:
    /// "Spaces and control characters in URLs must be escaped for
    /// transmission"): the unsafe set without `%`, so that escapes already
    /// in the URL go as they are.
    pub const REQUEST_TARGET: EncodeSet = EncodeSet::UNSAFE.remove(b'%');

    /// The names [`EncodeSet::by_name`] knows, for `uniform encode --set`.
    pub const NAMES: &'static [(&'static str, EncodeSet)] = &[
        ("unsafe", EncodeSet::UNSAFE),
        ("reserved", EncodeSet::RESERVED),
        ("userinfo", EncodeSet::USERINFO),
        ("path", EncodeSet::PATH),
        ("segment", EncodeSet::SEGMENT),
        ("ftp-segment", EncodeSet::FTP_SEGMENT),
        ("http-segment", EncodeSet::HTTP_SEGMENT),
        ("search", EncodeSet::SEARCH),
        ("form", EncodeSet::FORM),
        ("fragment", EncodeSet::FRAGMENT),
        ("gopher", EncodeSet::GOPHER),
        ("mailto", EncodeSet::MAILTO),
        ("news", EncodeSet::NEWS),
        ("file-segment", EncodeSet::FILE_SEGMENT),
        ("wais", EncodeSet::WAIS),
        ("prospero", EncodeSet::PROSPERO),
        ("prospero-field", EncodeSet::PROSPERO_FIELD),
    ];

    const fn base() -> EncodeSet {
        // 00-1F and 7F-FF.
        EncodeSet {
            bits: [u32::MAX as u64, 1 << 63, u64::MAX, u64::MAX],
        }
    }

    /// This set plus one more octet.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::pct::EncodeSet;
    /// assert!(EncodeSet::UNSAFE.add(b'!').contains(b'!'));
    /// ```
    pub const fn add(mut self, b: u8) -> EncodeSet {
        self.bits[(b >> 6) as usize] |= 1 << (b & 63);
        self
    }

    /// This set without one octet.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::pct::EncodeSet;
    /// assert!(!EncodeSet::UNSAFE.remove(b'~').contains(b'~'));
    /// ```
    pub const fn remove(mut self, b: u8) -> EncodeSet {
        self.bits[(b >> 6) as usize] &= !(1 << (b & 63));
        self
    }

    /// This set plus every octet of `bytes`.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::pct::EncodeSet;
    /// let s = EncodeSet::UNSAFE.add_all(b"!*");
    /// assert!(s.contains(b'*'));
    /// ```
    pub const fn add_all(mut self, bytes: &[u8]) -> EncodeSet {
        let mut i = 0;
        while i < bytes.len() {
            self = self.add(bytes[i]);
            i += 1;
        }
        self
    }

    /// Whether `b` is encoded by this set.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::pct::EncodeSet;
    /// assert!(EncodeSet::UNSAFE.contains(b'~'));
    /// assert!(!EncodeSet::UNSAFE.contains(b'-'));
    /// ```
    #[inline]
    pub const fn contains(&self, b: u8) -> bool {
        self.bits[(b >> 6) as usize] & (1 << (b & 63)) != 0
    }

    /// The named set, for the command line.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::pct::EncodeSet;
    /// assert_eq!(EncodeSet::by_name("userinfo"), Some(EncodeSet::USERINFO));
    /// assert_eq!(EncodeSet::by_name("nope"), None);
    /// ```
    pub fn by_name(name: &str) -> Option<EncodeSet> {
        EncodeSet::NAMES
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, s)| *s)
    }
}

const HEX: &[u8; 16] = b"0123456789ABCDEF";

/// `%XX` for `b`, in upper-case hex.
#[inline]
pub(crate) fn escape(b: u8) -> [u8; 3] {
    [b'%', HEX[(b >> 4) as usize], HEX[(b & 15) as usize]]
}

/// Appends `%XX` for `b`, in upper-case hex.
#[inline]
pub(crate) fn push_escape(out: &mut String, b: u8) {
    for c in escape(b) {
        out.push(c as char);
    }
}

/// Percent-encodes `data` with `set`; borrows when nothing needs encoding.
///
/// # Example
///
/// ```
/// use uniform::pct::{EncodeSet, encode};
/// assert_eq!(encode(b"100% ok", &EncodeSet::UNSAFE), "100%25%20ok");
/// assert_eq!(encode("é".as_bytes(), &EncodeSet::UNSAFE), "%C3%A9");
/// ```
pub fn encode<'a>(data: &'a [u8], set: &EncodeSet) -> Cow<'a, str> {
    match data.iter().position(|&b| set.contains(b)) {
        None => {
            // Nothing in the set, so every byte is graphic ASCII.
            Cow::Borrowed(core::str::from_utf8(data).unwrap_or_default())
        }
        Some(first) => {
            let mut out = String::with_capacity(data.len() + 16);
            // The prefix has no byte of the set: ASCII.
            out.push_str(core::str::from_utf8(&data[..first]).unwrap_or_default());
            for &b in &data[first..] {
                if set.contains(b) {
                    push_escape(&mut out, b);
                } else {
                    out.push(b as char);
                }
            }
            Cow::Owned(out)
        }
    }
}

/// Decodes every `%XX`; a `%` not followed by two hex digits stays as it is
/// (RFC 1630 reserves such sequences for future extension). Borrows when
/// there is no escape.
///
/// # Example
///
/// ```
/// use uniform::pct::decode;
/// assert_eq!(&*decode(b"%2Fetc/motd"), b"/etc/motd");
/// assert_eq!(&*decode(b"100%"), b"100%");
/// assert_eq!(&*decode(b"%c3%A9"), "é".as_bytes());
/// ```
pub fn decode(data: &[u8]) -> Cow<'_, [u8]> {
    let Some(first) = data.iter().position(|&b| b == b'%') else {
        return Cow::Borrowed(data);
    };
    let mut out = Vec::with_capacity(data.len());
    out.extend_from_slice(&data[..first]);
    let mut i = first;
    while i < data.len() {
        let b = data[i];
        if b == b'%'
            && let Some(v) = escape_value(data, i)
        {
            out.push(v);
            i += 3;
            continue;
        }
        out.push(b);
        i += 1;
    }
    Cow::Owned(out)
}

/// Decodes, then reads the bytes as UTF-8, replacing what is not.
///
/// # Example
///
/// ```
/// use uniform::pct::decode_utf8_lossy;
/// assert_eq!(decode_utf8_lossy("marie%2Dclaude"), "marie-claude");
/// assert_eq!(decode_utf8_lossy("%FF"), "\u{FFFD}");
/// ```
pub fn decode_utf8_lossy(data: &str) -> Cow<'_, str> {
    match decode(data.as_bytes()) {
        Cow::Borrowed(_) => Cow::Borrowed(data),
        Cow::Owned(v) => match String::from_utf8(v) {
            Ok(s) => Cow::Owned(s),
            Err(e) => Cow::Owned(String::from_utf8_lossy(e.as_bytes()).into_owned()),
        },
    }
}

/// The octet `%XX` at `s[i]` encodes, if it is a complete escape.
#[inline]
pub(crate) fn escape_value(s: &[u8], i: usize) -> Option<u8> {
    let h = hex_val(*s.get(i + 1)?)?;
    let l = hex_val(*s.get(i + 2)?)?;
    Some(h << 4 | l)
}

/// Hex digit value, or `None`.
#[inline]
pub(crate) const fn hex_val(b: u8) -> Option<u8> {
    match b {
        b'0'..=b'9' => Some(b - b'0'),
        b'a'..=b'f' => Some(b - b'a' + 10),
        b'A'..=b'F' => Some(b - b'A' + 10),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_set_encodes_the_unsafe_and_non_graphic() {
        for (name, set) in EncodeSet::NAMES {
            for b in (0u8..=0x20).chain(0x7f..=0xff).chain(*b"<>\"#%{}|\\^~[]`") {
                assert!(set.contains(b), "{name} leaves {b:#04x}");
            }
            for b in b"azAZ09$-_.+!*'()," {
                // Unreserved stays as it is, except in sets that need "+".
                if *b != b'+' || *name != "form" {
                    assert!(!set.contains(*b), "{name} encodes {}", *b as char);
                }
            }
        }
    }

    #[test]
    fn decode_then_encode_is_identity_on_bytes() {
        let all: Vec<u8> = (0..=255).collect();
        let e = encode(&all, &EncodeSet::RESERVED);
        assert_eq!(&*decode(e.as_bytes()), &all[..]);
    }
}
