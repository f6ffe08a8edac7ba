//! JSON Lines output, written by hand into a byte buffer.
//!
//! The writer is hand-made because `uniform parse --json -` runs once per
//! input line and must keep up with about a million lines a second: a
//! derived `Serialize` struct would allocate its strings for each line.
//! Strings are escaped as `serde_json` escapes them (`\"`, `\\`, `\n`,
//! `\r`, `\t`, `\b`, `\f`, other controls as `\u00XX`; everything else,
//! non-ASCII included, as UTF-8), so both writers agree byte for byte,
//! but for the characters that act on a terminal and that `serde_json`
//! leaves raw (DEL, the C1 controls, the bidirectional controls:
//! `uniform::visible::acts`), which are `\uXXXX` here, as
//! `uniform::visible::json_escaped` makes them in `serde_json`'s text.

use std::borrow::Cow;
use std::fmt::Write as _;
use uniform::{ParseError, UrlRef};

/// The components of a valid URL as `uniform parse` shows them, in JSON
/// and as text.
#[derive(Debug)]
pub struct Fields<'a> {
    /// Lower-cased.
    pub scheme: Cow<'a, str>,
    /// Decoded; invalid UTF-8 replaced by U+FFFD.
    pub user: Option<Cow<'a, str>>,
    /// Decoded; invalid UTF-8 replaced by U+FFFD; `****` when masked.
    pub password: Option<Cow<'a, str>>,
    /// As written.
    pub host: Option<&'a str>,
    /// The UTS 46 ToASCII form of a host name; `None` without one (no
    /// host, an empty one, an IP literal or number) or when UTS 46
    /// refuses it (a `bad-idna` warning says why).
    pub host_ascii: Option<Cow<'a, str>>,
    /// The UTS 46 ToUnicode form of a host name, `None` as `host_ascii`
    /// is for the lack of a name.
    pub host_unicode: Option<Cow<'a, str>>,
    /// The port written in the URL.
    pub port: Option<u16>,
    /// The scheme's default port.
    pub default_port: Option<u16>,
    /// The url-path as written, without the `/` after host and port.
    pub path: Option<&'a str>,
    /// The search part as written.
    pub query: Option<&'a str>,
    /// The fragment as written.
    pub fragment: Option<&'a str>,
    /// The scheme-specific fields (see [`crate::details`]).
    pub details: serde_json::Value,
    /// Under the WHATWG dialect, the serialization (`href`, the URL's own
    /// text) and the serialized origin; `None` under the RFC dialects,
    /// whose output has neither key.
    pub whatwg: Option<(Cow<'a, str>, String)>,
}

impl<'a> Fields<'a> {
    /// The fields of `url`, its password shown, with the `details` read
    /// from it (or from its masked text).
    pub fn of(url: &UrlRef<'a>, details: serde_json::Value) -> Fields<'a> {
        let scheme = url.scheme();
        let whatwg = url.dialect() == uniform::Dialect::Whatwg;
        Fields {
            scheme: if scheme.bytes().any(|b| b.is_ascii_uppercase()) {
                Cow::Owned(scheme.to_ascii_lowercase())
            } else {
                Cow::Borrowed(scheme)
            },
            // The URL Standard has no absent user name: an empty one is
            // read as absent.
            user: url
                .user_decoded()
                .map(lossy)
                .filter(|u| !(whatwg && u.is_empty())),
            password: url.password_decoded().map(lossy),
            host: url.host(),
            host_ascii: url.host_ascii().ok().flatten(),
            host_unicode: url.host_unicode(),
            port: url.port(),
            default_port: url.default_port(),
            path: url.path(),
            query: url.query(),
            fragment: url.fragment(),
            details,
            whatwg: whatwg.then(|| {
                let origin = uniform::whatwg::origin(&url.to_url()).to_string();
                (Cow::Borrowed(url.as_str()), origin)
            }),
        }
    }
}

fn lossy(bytes: Cow<'_, [u8]>) -> Cow<'_, str> {
    match bytes {
        Cow::Borrowed(b) => String::from_utf8_lossy(b),
        Cow::Owned(v) => match String::from_utf8(v) {
            Ok(s) => Cow::Owned(s),
            Err(e) => Cow::Owned(String::from_utf8_lossy(e.as_bytes()).into_owned()),
        },
    }
}

/// Appends one `parse --json` object and its newline to `out`.
///
/// `input` is the URL as shown (password masked, invalid UTF-8 replaced);
/// the offsets of the warnings and the error count the bytes of the URL as
/// given. When the URL is invalid every component is null and `error`
/// holds the reason; when it is valid there is no `error` key (DESIGN.md).
pub fn parse_object(
    out: &mut Vec<u8>,
    input: &str,
    outcome: Result<&Fields<'_>, &ParseError>,
    warnings: &[ParseError],
    scratch: &mut String,
) {
    out.extend_from_slice(b"{\"input\":");
    string(out, input);
    match outcome {
        Ok(f) => {
            out.extend_from_slice(b",\"valid\":true,\"scheme\":");
            string(out, &f.scheme);
            out.extend_from_slice(b",\"user\":");
            opt_string(out, f.user.as_deref());
            out.extend_from_slice(b",\"password\":");
            opt_string(out, f.password.as_deref());
            out.extend_from_slice(b",\"host\":");
            opt_string(out, f.host);
            out.extend_from_slice(b",\"host_ascii\":");
            opt_string(out, f.host_ascii.as_deref());
            out.extend_from_slice(b",\"host_unicode\":");
            opt_string(out, f.host_unicode.as_deref());
            out.extend_from_slice(b",\"port\":");
            opt_number(out, f.port);
            out.extend_from_slice(b",\"default_port\":");
            opt_number(out, f.default_port);
            out.extend_from_slice(b",\"path\":");
            opt_string(out, f.path);
            out.extend_from_slice(b",\"query\":");
            opt_string(out, f.query);
            out.extend_from_slice(b",\"fragment\":");
            opt_string(out, f.fragment);
            out.extend_from_slice(b",\"details\":");
            details(out, &f.details);
            if let Some((href, origin)) = &f.whatwg {
                out.extend_from_slice(b",\"href\":");
                string(out, href);
                out.extend_from_slice(b",\"origin\":");
                string(out, origin);
            }
        }
        Err(_) => out.extend_from_slice(
            b",\"valid\":false,\"scheme\":null,\"user\":null,\"password\":null,\"host\":null,\
              \"host_ascii\":null,\"host_unicode\":null,\"port\":null,\"default_port\":null,\"path\":null,\"query\":null,\
              \"fragment\":null,\"details\":null",
        ),
    }
    out.extend_from_slice(b",\"warnings\":");
    errors(out, warnings, scratch);
    // DESIGN.md section 3: "error: only when valid is false".
    if let Err(e) = outcome {
        out.extend_from_slice(b",\"error\":");
        error(out, e, scratch);
    }
    out.extend_from_slice(b"}\n");
}

/// Appends the `details` object of [`crate::details::details`].
///
/// An nntp article number too large for a `u64` is held as a string of
/// digits; it is written as the JSON number it is, since JSON numbers have
/// no size limit (RFC 8259 section 6).
pub fn details(out: &mut Vec<u8>, details: &serde_json::Value) {
    use serde_json::Value;
    let big_article = match details {
        Value::Object(m) if m.get("kind").and_then(Value::as_str) == Some("nntp") => {
            match m.get("article") {
                Some(Value::String(a)) if crate::details::is_number(a) => Some((m, a)),
                _ => None,
            }
        }
        _ => None,
    };
    let Some((map, article)) = big_article else {
        value(out, details);
        return;
    };
    out.push(b'{');
    for (i, (k, v)) in map.iter().enumerate() {
        if i > 0 {
            out.push(b',');
        }
        string(out, k);
        out.push(b':');
        if k == "article" {
            out.extend_from_slice(article.as_bytes());
        } else {
            value(out, v);
        }
    }
    out.push(b'}');
}

/// Appends a `Value`, its strings (keys included) escaped by [`string`],
/// which escapes more than `serde_json` does (DEL, the C1 controls, the
/// bidirectional overrides).
pub fn value(out: &mut Vec<u8>, v: &serde_json::Value) {
    use serde_json::Value;
    match v {
        Value::String(s) => string(out, s),
        Value::Array(items) => {
            out.push(b'[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(b',');
                }
                value(out, item);
            }
            out.push(b']');
        }
        Value::Object(map) => {
            out.push(b'{');
            for (i, (k, item)) in map.iter().enumerate() {
                if i > 0 {
                    out.push(b',');
                }
                string(out, k);
                out.push(b':');
                value(out, item);
            }
            out.push(b'}');
        }
        // Null, booleans and numbers hold no string; writing to a `Vec`
        // cannot fail.
        other => {
            let _ = serde_json::to_writer(&mut *out, other);
        }
    }
}

/// Appends `{"offset":N,"kind":"...","message":"..."}`; `scratch` holds
/// the message while it is escaped.
pub fn error(out: &mut Vec<u8>, e: &ParseError, scratch: &mut String) {
    out.extend_from_slice(b"{\"offset\":");
    number(out, e.offset());
    out.extend_from_slice(b",\"kind\":");
    string(out, e.kind().as_str());
    out.extend_from_slice(b",\"message\":");
    scratch.clear();
    let _ = write!(scratch, "{e}");
    string(out, scratch);
    out.push(b'}');
}

/// Appends an array of [`error`] objects.
pub fn errors(out: &mut Vec<u8>, list: &[ParseError], scratch: &mut String) {
    out.push(b'[');
    for (i, e) in list.iter().enumerate() {
        if i > 0 {
            out.push(b',');
        }
        error(out, e, scratch);
    }
    out.push(b']');
}

/// The digits of the `\uXXXX` escapes.
const HEX: &[u8; 16] = b"0123456789abcdef";

/// Appends `s` as a JSON string: escaped as `serde_json` escapes it, and
/// every other character that acts on a terminal
/// (`uniform::visible::acts`: DEL, the C1 controls, the bidirectional
/// controls) as `\uXXXX` too.
pub fn string(out: &mut Vec<u8>, s: &str) {
    out.push(b'"');
    let bytes = s.as_bytes();
    // Nearly every string needs no escape: a test of it all, 32 bytes at
    // a time with no early exit (vector compares), then one copy.
    if !bytes
        .chunks(32)
        .any(|c| c.iter().fold(false, |e, &b| e | escaped_byte(b)))
    {
        out.extend_from_slice(bytes);
        out.push(b'"');
        return;
    }
    let mut run = 0;
    let mut i = 0;
    while i < bytes.len() {
        // Most text needs no escape: skip it eight bytes at a time.
        if let Some(word) = bytes.get(i..i + 8) {
            let word = u64::from_le_bytes(word.try_into().unwrap_or_default());
            if !needs_escape(word) {
                i += 8;
                continue;
            }
        }
        let b = bytes[i];
        let short = match b {
            b'"' => b'"',
            b'\\' => b'\\',
            b'\n' => b'n',
            b'\r' => b'r',
            b'\t' => b't',
            0x08 => b'b',
            0x0c => b'f',
            0x00..=0x1f | 0x7f => b'u',
            // The lead bytes of the other characters that act on a
            // terminal (uniform::visible::acts): U+0080 to U+009F, the C1
            // controls; U+061C, U+200E, U+200F, U+202A to U+202E and
            // U+2066 to U+2069, the bidirectional controls, which reorder
            // what a terminal shows. "\u0085" like the C0 ones, so that no
            // reader of the JSON passes one on raw to a terminal. A lead
            // byte starts a character: the eight-byte skip above never
            // stops inside one at such a byte.
            0xc2 | 0xd8 | 0xe2 => match s.get(i..).and_then(|t| t.chars().next()) {
                Some(c) if uniform::visible::acts(c) => {
                    out.extend_from_slice(&bytes[run..i]);
                    i += c.len_utf8();
                    run = i;
                    let code = c as u32;
                    out.extend_from_slice(b"\\u");
                    for shift in [12, 8, 4, 0] {
                        out.push(HEX[((code >> shift) & 15) as usize]);
                    }
                    continue;
                }
                _ => {
                    i += 1;
                    continue;
                }
            },
            _ => {
                i += 1;
                continue;
            }
        };
        out.extend_from_slice(&bytes[run..i]);
        i += 1;
        run = i;
        out.push(b'\\');
        out.push(short);
        if short == b'u' {
            out.extend_from_slice(&[b'0', b'0', HEX[(b >> 4) as usize], HEX[(b & 15) as usize]]);
        }
    }
    out.extend_from_slice(&bytes[run..]);
    out.push(b'"');
}

/// Whether `b` may need an escape: what [`needs_escape`] tests, byte by
/// byte, as compares the compiler can vectorize. Every byte
/// `uniform::visible::may_act` names is one (a test holds them to it).
#[inline(always)]
fn escaped_byte(b: u8) -> bool {
    (b < 0x20) | (b == b'"') | (b == b'\\') | (b == 0x7f) | (b == 0xc2) | (b == 0xd8) | (b == 0xe2)
}

/// Whether any of the eight bytes of `word` is a control character, `"`
/// or `\`, DEL, or 0xC2, 0xD8 or 0xE2 (the lead bytes of a C1 control
/// and of the bidirectional controls) (the bit tricks of
/// "Bit Twiddling Hacks", "Determine if a word has a byte less than n" and
/// "... equal to n").
#[inline]
fn needs_escape(word: u64) -> bool {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    let has_zero = |x: u64| x.wrapping_sub(ONES) & !x & HIGH != 0;
    let below_space = word.wrapping_sub(ONES * 0x20) & !word & HIGH != 0;
    below_space
        || has_zero(word ^ (ONES * u64::from(b'"')))
        || has_zero(word ^ (ONES * u64::from(b'\\')))
        || has_zero(word ^ (ONES * 0x7f))
        || has_zero(word ^ (ONES * 0xc2))
        || has_zero(word ^ (ONES * 0xd8))
        || has_zero(word ^ (ONES * 0xe2))
}

/// Appends a JSON string, or `null`.
pub fn opt_string(out: &mut Vec<u8>, s: Option<&str>) {
    match s {
        Some(s) => string(out, s),
        None => out.extend_from_slice(b"null"),
    }
}

/// Appends a boolean.
pub fn boolean(out: &mut Vec<u8>, b: bool) {
    out.extend_from_slice(if b { b"true" } else { b"false" });
}

fn opt_number(out: &mut Vec<u8>, n: Option<u16>) {
    match n {
        Some(n) => number(out, n.into()),
        None => out.extend_from_slice(b"null"),
    }
}

/// Appends a non-negative integer.
pub fn number(out: &mut Vec<u8>, mut n: usize) {
    let mut digits = [0u8; 20];
    let mut i = digits.len();
    loop {
        i -= 1;
        digits[i] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    out.extend_from_slice(&digits[i..]);
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::Value;

    /// The `parse --json` keys, in the order they are written (DESIGN.md
    /// section 3: add keys, never rename).
    const PARSE_KEYS: [&str; 16] = [
        "input",
        "valid",
        "scheme",
        "user",
        "password",
        "host",
        "host_ascii",
        "host_unicode",
        "port",
        "default_port",
        "path",
        "query",
        "fragment",
        "details",
        "warnings",
        "error",
    ];

    #[test]
    fn strings_escape_as_serde_json_does() {
        let all: String = (0u8..0x7f)
            .map(char::from)
            .chain("é\u{2028}😀\u{a0}".chars())
            .collect();
        let mut out = Vec::new();
        string(&mut out, &all);
        assert_eq!(
            String::from_utf8(out).unwrap(),
            serde_json::to_string(&all).unwrap()
        );
    }

    #[test]
    fn del_and_c1_controls_are_escaped_too() {
        let mut out = Vec::new();
        string(
            &mut out,
            "a\x7fb\u{85}c\u{9b}d\u{a0}é\u{202e}\u{2069}\u{2019}\u{2028}",
        );
        let text = String::from_utf8(out).unwrap();
        assert_eq!(
            text,
            "\"a\\u007fb\\u0085c\\u009bd\u{a0}é\\u202e\\u2069\u{2019}\u{2028}\""
        );
        let back: String = serde_json::from_str(&text).unwrap();
        assert_eq!(
            back,
            "a\x7fb\u{85}c\u{9b}d\u{a0}é\u{202e}\u{2069}\u{2019}\u{2028}"
        );
        // In every position of the eight-byte scan.
        for k in 0..10 {
            let s = format!("{}\u{9b}", "x".repeat(k));
            let mut out = Vec::new();
            string(&mut out, &s);
            assert!(
                String::from_utf8(out).unwrap().ends_with("\\u009b\""),
                "{k}"
            );
        }
    }

    #[test]
    fn every_character_that_acts_is_escaped_and_no_other() {
        // The byte tests let every lead byte of such a character through
        // to the slow path.
        for b in 0..=255u8 {
            if uniform::visible::may_act(b) {
                assert!(escaped_byte(b), "{b:#x}");
                assert!(
                    needs_escape(u64::from(b) << 24 | 0x6161_6161_0061_6161),
                    "{b:#x}"
                );
            }
        }
        let mut out = Vec::new();
        for c in (0..=0x10ffff).filter_map(char::from_u32) {
            for k in [0, 3, 9] {
                out.clear();
                let s = format!("{}{c}", "x".repeat(k));
                string(&mut out, &s);
                let text = std::str::from_utf8(&out).unwrap();
                let raw = text.contains(c);
                if uniform::visible::acts(c) {
                    // The C0 controls have serde_json's escapes (\n, \b);
                    // the others are \uXXXX.
                    assert!(!raw, "{c:?} at {k}: {text}");
                    assert!(
                        c < ' ' || text.ends_with(&format!("\\u{:04x}\"", c as u32)),
                        "{text}"
                    );
                } else if c != '"' && c != '\\' {
                    assert!(raw, "{c:?} at {k}: {text}");
                }
                if k == 3 {
                    let back: String = serde_json::from_str(text).unwrap();
                    assert_eq!(back, s);
                }
            }
        }
    }

    #[test]
    fn long_strings_escape_at_every_position() {
        for special in ["\"", "\\", "\n", "\u{1f}", "\u{0}", "é"] {
            for at in 0..20 {
                let s = format!("{}{special}{}", "a".repeat(at), "b".repeat(19 - at));
                let mut out = Vec::new();
                string(&mut out, &s);
                assert_eq!(
                    String::from_utf8(out).unwrap(),
                    serde_json::to_string(&s).unwrap()
                );
            }
        }
    }

    #[test]
    fn numbers_are_decimal() {
        for n in [0, 7, 10, 65535, usize::MAX] {
            let mut out = Vec::new();
            number(&mut out, n);
            assert_eq!(out, n.to_string().into_bytes());
        }
    }

    #[test]
    fn the_parse_object_has_every_key_in_order() {
        let url = UrlRef::parse("ftp://foo:@host.com/").unwrap();
        let mut out = Vec::new();
        parse_object(
            &mut out,
            url.as_str(),
            Ok(&Fields::of(&url, Value::Null)),
            &[],
            &mut String::new(),
        );
        assert_eq!(out.last(), Some(&b'\n'));
        let v: serde_json::Map<String, Value> = serde_json::from_slice(&out).unwrap();
        // A valid URL has every key but "error" (DESIGN.md section 3).
        assert_eq!(v.keys().collect::<Vec<_>>().len(), PARSE_KEYS.len() - 1);
        for k in PARSE_KEYS.iter().filter(|k| **k != "error") {
            assert!(v.contains_key(*k), "{k}");
        }
        assert!(!v.contains_key("error"));
        assert_eq!(v["user"], "foo");
        assert_eq!(v["password"], "");
        assert_eq!(v["default_port"], 21);
        let text = String::from_utf8(out).unwrap();
        let positions: Vec<usize> = PARSE_KEYS
            .iter()
            .filter(|k| **k != "error")
            .map(|k| text.find(&format!("\"{k}\":")).unwrap())
            .collect();
        assert!(positions.windows(2).all(|w| w[0] < w[1]), "{text}");
    }

    #[test]
    fn an_invalid_url_has_null_components_and_an_error() {
        let e = UrlRef::parse("http://h:x/").unwrap_err();
        let mut out = Vec::new();
        parse_object(&mut out, "http://h:x/", Err(&e), &[], &mut String::new());
        let v: Value = serde_json::from_slice(&out).unwrap();
        assert_eq!(v["valid"], false);
        assert_eq!(v["host"], Value::Null);
        assert_eq!(v["error"]["offset"], 9);
        assert_eq!(v["error"]["kind"], "bad-port");
        assert_eq!(v["error"]["message"], e.to_string());
    }

    #[test]
    fn decoded_user_names_that_are_not_utf8_are_replaced() {
        let url = UrlRef::parse("ftp://%FF%41@h/").unwrap();
        assert_eq!(
            Fields::of(&url, Value::Null).user.as_deref(),
            Some("\u{FFFD}A")
        );
    }
}
