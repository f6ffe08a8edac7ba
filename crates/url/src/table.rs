//! The character classes of the three grammars, as one 256-entry table.
//!
//! Each entry holds one bit per (dialect, component) pair: the bit is set
//! when the byte may stand unencoded in that component. `%` is in no set;
//! the parser checks escapes itself. Delimiters (`/`, `?`, `#`, `@`, `:`)
//! are listed where the grammar lets them appear as data, the parser stops
//! at them before it looks them up where they delimit.

use crate::dialect::Dialect;

/// Where in a URL a byte stands, for character checks and messages.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Component {
    /// The scheme name before the first `:`.
    Scheme,
    /// The user name of the common Internet syntax.
    User,
    /// The password of the common Internet syntax.
    Password,
    /// The host.
    Host,
    /// The port.
    Port,
    /// The url-path (RFC 1738) or path (RFC 1630, RFC 3986).
    Path,
    /// The search part (RFC 1738) or query (RFC 3986).
    Query,
    /// The fragment identifier after `#`.
    Fragment,
}

impl Component {
    /// The component's name as messages print it.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::Component;
    /// assert_eq!(Component::Query.name(), "search part");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            Component::Scheme => "scheme",
            Component::User => "user name",
            Component::Password => "password",
            Component::Host => "host",
            Component::Port => "port",
            Component::Path => "path",
            Component::Query => "search part",
            Component::Fragment => "fragment",
        }
    }
}

// Bits of a table entry: 5 component sets per dialect (the user and the
// password share one: every grammar gives them the same characters).
const USERINFO: u32 = 0;
const HOST: u32 = 1;
const PATH: u32 = 2;
const QUERY: u32 = 3;
const FRAGMENT: u32 = 4;
const SCHEME: u32 = 5;
const PER_DIALECT: u32 = 6;

/// Bytes the authority scan must look at: its delimiters `/ ? # @ :` and
/// the `[` of an IP literal. Every other byte is stepped over in one test.
pub(crate) const AUTH_SPECIAL: u32 = 1 << 31;

const fn bit(d: Dialect, set: u32) -> u32 {
    1 << (d as u32 * PER_DIALECT + set)
}

/// The mask that selects the bit of `component` under `dialect`.
#[inline]
pub(crate) const fn mask(d: Dialect, c: Component) -> u32 {
    let set = match c {
        Component::Scheme => SCHEME,
        Component::User | Component::Password => USERINFO,
        Component::Host | Component::Port => HOST,
        Component::Path => PATH,
        Component::Query => QUERY,
        Component::Fragment => FRAGMENT,
    };
    bit(d, set)
}

const fn has(s: &[u8], b: u8) -> bool {
    let mut i = 0;
    while i < s.len() {
        if s[i] == b {
            return true;
        }
        i += 1;
    }
    false
}

const fn is_alnum(b: u8) -> bool {
    b.is_ascii_alphanumeric()
}

// RFC 1738 section 5.
const S1738_SAFE: &[u8] = b"$-_.+";
const S1738_EXTRA: &[u8] = b"!*'(),";
pub(crate) const S1738_RESERVED: &[u8] = b";/?:@&=";
// RFC 1630, "BNF of Generic URI Syntax".
const S1630_SAFE: &[u8] = b"$-_@.&";
const S1630_EXTRA: &[u8] = b"!*\"'(),";
// RFC 3986 section 2.
const S3986_UNRESERVED_PUNCT: &[u8] = b"-._~";
const S3986_SUB_DELIMS: &[u8] = b"!$&'()*+,;=";

const fn entry(b: u8) -> u32 {
    let mut e = 0;
    let alnum = is_alnum(b);

    // RFC 1738: uchar = unreserved | escape; xchar = unreserved | reserved | escape.
    let u1738 = alnum || has(S1738_SAFE, b) || has(S1738_EXTRA, b);
    if u1738 || has(b";?&=", b) {
        // user, password = *[ uchar | ";" | "?" | "&" | "=" ]
        e |= bit(Dialect::Rfc1738, USERINFO);
    }
    if alnum || b == b'-' || b == b'.' {
        // hostname and hostnumber use only these.
        e |= bit(Dialect::Rfc1738, HOST);
    }
    if u1738 || has(S1738_RESERVED, b) {
        // urlpath = *xchar; the search parts and fragments take xchar too,
        // the schemes narrow them in their own views.
        e |= bit(Dialect::Rfc1738, QUERY) | bit(Dialect::Rfc1738, FRAGMENT);
        // "?" is xchar, but it ends the path of the schemes with a search
        // part: the parser decides it outside the table.
        if b != b'?' {
            e |= bit(Dialect::Rfc1738, PATH);
        }
    }
    if alnum || has(b"+-.", b) {
        e |= bit(Dialect::Rfc1738, SCHEME);
    }

    // RFC 1630: xalpha = alpha | digit | safe | extra | escape; xpalpha = xalpha | "+".
    let x1630 = alnum || has(S1630_SAFE, b) || has(S1630_EXTRA, b);
    if alnum || has(b"-_.+", b) {
        // user, password: alphanum2 = alpha | digit | "-" | "_" | "." | "+"
        e |= bit(Dialect::Rfc1630, USERINFO);
    }
    if x1630 && b != b'@' {
        // hostname = ialpha [ "." hostname ]: xalpha without the "@" that ends login.
        e |= bit(Dialect::Rfc1630, HOST);
    }
    if x1630 || has(b"+/;=:", b) {
        // path = void | xpalphas [ "/" path ]; the specific schemes' paths
        // also use ";", "=" and ":" (wpath, ftptype, prospero).
        e |= bit(Dialect::Rfc1630, PATH);
    }
    if x1630 || has(b"+;=:/?", b) {
        // search = xalphas [ "+" search ], with the reserved characters
        // that query strings of the time carried.
        e |= bit(Dialect::Rfc1630, QUERY);
    }
    if x1630 {
        // fragmentid = xalphas
        e |= bit(Dialect::Rfc1630, FRAGMENT);
    }
    if x1630 {
        // scheme = ialpha
        e |= bit(Dialect::Rfc1630, SCHEME);
    }

    // RFC 3986.
    let unreserved = alnum || has(S3986_UNRESERVED_PUNCT, b);
    let sub = has(S3986_SUB_DELIMS, b);
    if unreserved || sub || b == b':' {
        e |= bit(Dialect::Rfc3986, USERINFO);
    }
    if unreserved || sub {
        e |= bit(Dialect::Rfc3986, HOST);
    }
    let pchar = unreserved || sub || b == b':' || b == b'@';
    if pchar || b == b'/' {
        e |= bit(Dialect::Rfc3986, PATH);
    }
    if pchar || b == b'/' || b == b'?' {
        e |= bit(Dialect::Rfc3986, QUERY) | bit(Dialect::Rfc3986, FRAGMENT);
    }
    if alnum || has(b"+-.", b) {
        e |= bit(Dialect::Rfc3986, SCHEME);
    }
    e
}

const fn build() -> [u32; 256] {
    let mut t = [0u32; 256];
    let mut i = 0;
    while i < 128 {
        // Octets 80-FF and the controls are in no set: they must be encoded
        // in every grammar (RFC 1738 section 2.2).
        if i > 0x20 && i < 0x7f {
            t[i] = entry(i as u8);
        }
        if has(b"/?#@:[", i as u8) {
            t[i] |= AUTH_SPECIAL;
        }
        i += 1;
    }
    t
}

/// The table: `TABLE[b] & mask(d, c) != 0` when `b` may stand unencoded.
pub(crate) static TABLE: [u32; 256] = build();

/// Whether `b` may stand unencoded in component `c` under dialect `d`.
#[inline]
pub(crate) fn allowed(b: u8, d: Dialect, c: Component) -> bool {
    TABLE[b as usize] & mask(d, c) != 0
}

/// The byte class a message names when a byte is refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Class {
    Control,
    NonAscii,
    Space,
    /// RFC 1738 "national" and "punctuation", RFC 1630 "national",
    /// "punctuation", or RFC 3986's characters outside every set.
    Unsafe,
    /// A character the grammar reserves for a purpose other than this spot.
    Reserved,
}

/// Why `b` is refused (it is not allowed in the component).
pub(crate) fn class_of(b: u8, d: Dialect) -> Class {
    match b {
        0x00..=0x1f | 0x7f => Class::Control,
        0x80..=0xff => Class::NonAscii,
        b' ' => Class::Space,
        _ => {
            let reserved: &[u8] = match d {
                Dialect::Rfc1738 => S1738_RESERVED,
                Dialect::Rfc1630 => b"=;/#?:",
                Dialect::Rfc3986 | Dialect::Whatwg => b":/?#[]@!$&'()*+,;=",
            };
            if has(reserved, b) {
                Class::Reserved
            } else {
                Class::Unsafe
            }
        }
    }
}

/// Whether RFC 1630 counts `b` among its safe or extra characters: graphic
/// characters it never calls unsafe, which some of its rules still leave
/// out (user and password take only alphanum2).
pub(crate) fn rfc1630_safe_or_extra(b: u8) -> bool {
    has(S1630_SAFE, b) || has(S1630_EXTRA, b)
}

// URLs in running text (crate::extract). RFC 1738 section 2.2: "<" and
// ">" are "used as the delimiters around URLs in free text", the quote mark
// "to delimit URLs in some systems"; "`" quotes words in plain text. Every
// other graphic ASCII character may stand in a URL as people write it
// (`~`, `%`, `#`, brackets, even the unsafe `{ | }` that gateways mangle).
const TEXT_DELIMITERS: &[u8] = b"<>\"`";

/// [`TEXT`]: the byte goes on in a URL written in running text.
pub(crate) const TEXT_URL: u8 = 1;
/// [`TEXT`]: `(`, `[`, `{`, kept in a URL when closed in it.
pub(crate) const TEXT_OPEN: u8 = 2;
/// [`TEXT`]: `)`, `]`, `}`, the text's when they close nothing in the URL.
pub(crate) const TEXT_CLOSE: u8 = 4;

const fn text_build() -> [u8; 256] {
    let mut t = [0u8; 256];
    // The graphic ASCII characters, as in `build`; whitespace, controls and
    // bytes >= 0x80 are no class here (the scanner reads UTF-8 itself).
    let mut i = 0x21;
    while i < 0x7f {
        let b = i as u8;
        t[i] = if has(TEXT_DELIMITERS, b) {
            0
        } else if has(b"([{", b) {
            TEXT_OPEN
        } else if has(b")]}", b) {
            TEXT_CLOSE
        } else {
            TEXT_URL
        };
        i += 1;
    }
    t
}

/// What each byte is to the scan of a URL in running text.
pub(crate) static TEXT: [u8; 256] = text_build();

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rfc1738_unsafe_are_in_no_set() {
        // RFC 1738 section 2.2: these must always be encoded.
        for &b in b"{}|\\^~[]`<>\"#% " {
            for c in [
                Component::User,
                Component::Host,
                Component::Path,
                Component::Query,
                Component::Fragment,
            ] {
                assert!(!allowed(b, Dialect::Rfc1738, c), "{:?} in {c:?}", b as char);
            }
        }
    }

    #[test]
    fn rfc1738_user_excludes_colon_at_slash() {
        for &b in b":@/" {
            assert!(!allowed(b, Dialect::Rfc1738, Component::User));
        }
        for &b in b";?&=" {
            assert!(allowed(b, Dialect::Rfc1738, Component::User));
        }
    }

    #[test]
    fn rfc3986_tilde_is_unreserved() {
        assert!(allowed(b'~', Dialect::Rfc3986, Component::Path));
        assert!(!allowed(b'~', Dialect::Rfc1738, Component::Path));
        assert!(!allowed(b'~', Dialect::Rfc1630, Component::Path));
    }

    #[test]
    fn rfc1630_paths_are_hierarchical() {
        // RFC 1630: path = void | xpalphas [ / path ].
        assert!(allowed(b'/', Dialect::Rfc1630, Component::Path));
    }

    #[test]
    fn rfc1630_has_its_own_sets() {
        // "@" and "&" are safe in RFC 1630, '"' is extra.
        assert!(allowed(b'"', Dialect::Rfc1630, Component::Path));
        assert!(!allowed(b'"', Dialect::Rfc1738, Component::Path));
        assert!(allowed(b'+', Dialect::Rfc1630, Component::Query));
    }
}
