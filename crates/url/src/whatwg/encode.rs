//! The URL Standard's percent-encode sets (section 1.3) and UTF-8
//! percent-encoding by them.

use crate::prelude::*;

/// One of the URL Standard's percent-encode sets. Each holds the C0
/// controls and every code point past U+007E, and the ASCII characters
/// its definition adds.
///
/// # Example
///
/// ```
/// use uniform::whatwg::EncodeSet;
/// assert_eq!(EncodeSet::Userinfo.encode("Say what‽"), "Say%20what%E2%80%BD");
/// assert_eq!(EncodeSet::Component.encode("a+b&c"), "a%2Bb%26c");
/// assert!(EncodeSet::Path.contains(b'?') && !EncodeSet::Query.contains(b'?'));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum EncodeSet {
    /// The C0 control percent-encode set: opaque paths and hosts.
    C0Control,
    /// Fragments: adds space `"` `<` `>` and `` ` ``.
    Fragment,
    /// Queries of URLs that are not special: adds space `"` `#` `<` `>`.
    Query,
    /// Queries of special URLs: the query set and `'`.
    SpecialQuery,
    /// Path segments: the query set and `?` `^` `` ` `` `{` `}`.
    Path,
    /// User names and passwords: the path set and `/` `:` `;` `=` `@`
    /// `[` `\` `]` `|`.
    Userinfo,
    /// JavaScript's `encodeURIComponent`: the userinfo set and `$` `%`
    /// `&` `+` `,`.
    Component,
    /// `application/x-www-form-urlencoded`: everything but ASCII
    /// alphanumerics and `*` `-` `.` `_` (space is written `+`).
    Form,
}

/// Bit `b` is set when ASCII byte `b` is in the set.
const fn mask(extra: &[u8], base: u128) -> u128 {
    let mut m = base;
    let mut i = 0;
    while i < extra.len() {
        m |= 1u128 << extra[i];
        i += 1;
    }
    m
}

const C0: u128 = 0xFFFF_FFFF | (1u128 << 0x7F);
const FRAGMENT: u128 = mask(b" \"<>`", C0);
const QUERY: u128 = mask(b" \"#<>", C0);
const SPECIAL_QUERY: u128 = mask(b"'", QUERY);
const PATH: u128 = mask(b"?^`{}", QUERY);
const USERINFO: u128 = mask(b"/:;=@[\\]|", PATH);
const COMPONENT: u128 = mask(b"$%&+,", USERINFO);
const FORM: u128 = mask(b"!'()~", COMPONENT);

impl EncodeSet {
    const fn bits(self) -> u128 {
        match self {
            EncodeSet::C0Control => C0,
            EncodeSet::Fragment => FRAGMENT,
            EncodeSet::Query => QUERY,
            EncodeSet::SpecialQuery => SPECIAL_QUERY,
            EncodeSet::Path => PATH,
            EncodeSet::Userinfo => USERINFO,
            EncodeSet::Component => COMPONENT,
            EncodeSet::Form => FORM,
        }
    }

    /// Whether byte `b` (a byte of a code point's UTF-8 form) is
    /// percent-encoded: every byte past 0x7E is.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::whatwg::EncodeSet;
    /// assert!(EncodeSet::C0Control.contains(0x7F));
    /// assert!(!EncodeSet::Fragment.contains(b'#'));
    /// ```
    #[inline]
    pub const fn contains(self, b: u8) -> bool {
        b >= 0x80 || self.bits() & (1u128 << b) != 0
    }

    /// `input` UTF-8 percent-encoded by this set (for
    /// [`EncodeSet::Form`], with space as `+`).
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::whatwg::EncodeSet;
    /// assert_eq!(EncodeSet::Form.encode("1+1 ≡ 2"), "1%2B1+%E2%89%A1+2");
    /// ```
    pub fn encode(self, input: &str) -> String {
        let mut out = String::with_capacity(input.len());
        self.append(input.as_bytes(), &mut out);
        out
    }

    /// Appends `bytes`, each byte in the set written `%XX`.
    pub(crate) fn append(self, bytes: &[u8], out: &mut String) {
        let mut start = 0;
        for (i, &b) in bytes.iter().enumerate() {
            if self.contains(b) {
                push_str_bytes(out, &bytes[start..i]);
                if b == b' ' && self == EncodeSet::Form {
                    out.push('+');
                } else {
                    crate::pct::push_escape(out, b);
                }
                start = i + 1;
            }
        }
        push_str_bytes(out, &bytes[start..]);
    }
}

/// Appends ASCII bytes (a run no encode set holds is ASCII).
#[inline]
fn push_str_bytes(out: &mut String, bytes: &[u8]) {
    // Every byte past 0x7E is in every set, so a run between encoded
    // bytes is ASCII.
    out.extend(bytes.iter().map(|&b| b as char));
}

/// Whether `c` is one of the URL code points (section 4.3), `%` aside.
pub(crate) fn is_url_code_point(c: char) -> bool {
    match c {
        'a'..='z' | 'A'..='Z' | '0'..='9' => true,
        '!' | '$' | '&' | '\'' | '(' | ')' | '*' | '+' | ',' | '-' | '.' | '/' | ':' | ';'
        | '=' | '?' | '@' | '_' | '~' => true,
        '\u{A0}'..='\u{10FFFD}' => {
            let n = c as u32;
            // Noncharacters: U+FDD0 to U+FDEF and the last two of each plane.
            !((0xFDD0..=0xFDEF).contains(&n) || n & 0xFFFE == 0xFFFE)
        }
        _ => false,
    }
}
