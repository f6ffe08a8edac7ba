//! The common case, in one pass: an absolute URL of a special scheme
//! other than `file`, ASCII, whose href is its own text but for the case
//! of its scheme and host, a default port and an empty path. The basic
//! URL parser would only copy such an input; this pass copies it without
//! the record, and hands anything else (credentials, IP addresses, `xn--`
//! labels, dot segments, a character to encode, a `\`) to the machine.
//!
//! It keeps no validation error: a parse that keeps them takes the
//! machine (`super::run`).

use super::encode::EncodeSet;
use super::host::ends_in_number;
use crate::dialect::Dialect;
use crate::offsets::{AUTHORITY, NONE, Offsets, PATH_SLASH, PORT, PORT_COLON};
use crate::prelude::*;
use crate::scheme::Scheme;

/// What the pass found: where each piece of the input is.
struct Shape {
    scheme: Scheme,
    scheme_end: usize,
    host: (usize, usize),
    /// The port's digits, when written; its value.
    port: Option<((usize, usize), u16)>,
    path: (usize, usize),
    query: Option<usize>,
    fragment: Option<usize>,
    /// The scheme or host has an upper-case letter.
    upper: bool,
}

/// The serialization and its offsets, or `None` for the machine.
pub(crate) fn parse(input: &str) -> Option<(String, Offsets)> {
    let s = shape(input.as_bytes())?;
    Some(write(input, &s))
}

/// Whether the pass takes `input` (it is then a URL).
pub(crate) fn accepts(input: &str) -> bool {
    shape(input.as_bytes()).is_some()
}

#[inline]
fn shape(b: &[u8]) -> Option<Shape> {
    // Leading or trailing C0 controls and spaces are trimmed by the
    // parser: the machine's.
    if b.first().is_none_or(|&c| c <= b' ') || b.last().is_some_and(|&c| c <= b' ') {
        return None;
    }
    let colon = b.iter().position(|&c| c == b':')?;
    let scheme = Scheme::from_bytes(&b[..colon]);
    if !matches!(
        scheme,
        Scheme::Http | Scheme::Https | Scheme::Ws | Scheme::Wss | Scheme::Ftp
    ) {
        return None;
    }
    let mut upper = b[..colon].iter().any(u8::is_ascii_uppercase);
    let rest = &b[colon + 1..];
    if !rest.starts_with(b"//") || matches!(rest.get(2), Some(b'/' | b'\\')) {
        return None;
    }
    // The authority: a host name of letters, digits, '-', '.' and '_',
    // then an optional port.
    let host_start = colon + 3;
    let mut i = host_start;
    while i < b.len() {
        match b[i] {
            b'a'..=b'z' | b'0'..=b'9' | b'-' | b'.' | b'_' => {}
            b'A'..=b'Z' => upper = true,
            _ => break,
        }
        i += 1;
    }
    let host_end = i;
    if host_end == host_start {
        return None;
    }
    let host = &b[host_start..host_end];
    // An xn-- label goes through UTS 46 (and may fail), a host that ends
    // in a number through the IPv4 parser: both the machine's.
    if has_xn_label(host) || ends_in_number(core::str::from_utf8(host).ok()?) {
        return None;
    }
    let mut port = None;
    if b.get(i) == Some(&b':') {
        let start = i + 1;
        let mut value: u32 = 0;
        i = start;
        while let Some(d) = b.get(i).filter(|d| d.is_ascii_digit()) {
            value = value * 10 + u32::from(d - b'0');
            if value > 65535 {
                return None;
            }
            i += 1;
        }
        // No digits (the parser drops the ':'), or a leading zero (it
        // writes the number): the machine's.
        if i == start || (i - start > 1 && b[start] == b'0') {
            return None;
        }
        port = Some(((start, i), value as u16));
    }
    // The path: from its '/' (or none: the serialization adds "/").
    let path_start = i;
    match b.get(i) {
        None | Some(b'?' | b'#') => {}
        Some(b'/') => {
            let mut seg = i + 1;
            i += 1;
            loop {
                match b.get(i) {
                    None | Some(b'?' | b'#' | b'/') => {
                        if is_dot_segment(&b[seg..i]) {
                            return None;
                        }
                        if b.get(i) != Some(&b'/') {
                            break;
                        }
                        seg = i + 1;
                    }
                    Some(&c) if EncodeSet::Path.contains(c) || c == b'\\' => return None,
                    Some(_) => {}
                }
                i += 1;
            }
        }
        Some(_) => return None,
    }
    let path = (path_start, i);
    let mut query = None;
    if b.get(i) == Some(&b'?') {
        query = Some(i);
        i += 1;
        while let Some(&c) = b.get(i) {
            if c == b'#' {
                break;
            }
            if EncodeSet::SpecialQuery.contains(c) {
                return None;
            }
            i += 1;
        }
    }
    let mut fragment = None;
    if b.get(i) == Some(&b'#') {
        fragment = Some(i);
        i += 1;
        if b[i..].iter().any(|&c| EncodeSet::Fragment.contains(c)) {
            return None;
        }
    }
    Some(Shape {
        scheme,
        scheme_end: colon,
        host: (host_start, host_end),
        port,
        path,
        query,
        fragment,
        upper,
    })
}

/// A label that starts with `xn--`, in any case.
fn has_xn_label(host: &[u8]) -> bool {
    host.split(|&c| c == b'.')
        .any(|l| l.len() >= 4 && l[..4].eq_ignore_ascii_case(b"xn--"))
}

/// `.`, `..` and their `%2e` spellings.
fn is_dot_segment(s: &[u8]) -> bool {
    match s.len() {
        1 => s[0] == b'.',
        2 => s == b"..",
        3 => s.eq_ignore_ascii_case(b"%2e"),
        4 => s.eq_ignore_ascii_case(b".%2e") || s.eq_ignore_ascii_case(b"%2e."),
        6 => s.eq_ignore_ascii_case(b"%2e%2e"),
        _ => false,
    }
}

fn write(input: &str, s: &Shape) -> (String, Offsets) {
    let default = s.scheme.row().default_port;
    let port = s.port.filter(|&(_, p)| Some(p) != default);
    let copy = !s.upper && port.map(|(r, _)| r) == s.port.map(|(r, _)| r) && s.path.0 != s.path.1;
    let mut flags = AUTHORITY | PATH_SLASH;
    if port.is_some() {
        flags |= PORT_COLON | PORT;
    }
    if copy {
        let at = |p: Option<usize>| p.map_or(NONE, |p| p as u32);
        let off = Offsets {
            scheme_end: s.scheme_end as u32,
            user_end: NONE,
            host_start: s.host.0 as u32,
            host_end: s.host.1 as u32,
            path_start: s.path.0 as u32,
            query_start: at(s.query),
            fragment_start: at(s.fragment),
            port: port.map_or(0, |(_, p)| p),
            scheme: s.scheme,
            dialect: Dialect::Whatwg,
            flags,
        };
        return (input.to_owned(), off);
    }
    let mut out = String::with_capacity(input.len() + 1);
    out.push_str(&input[..s.scheme_end]);
    out.make_ascii_lowercase();
    let scheme_end = out.len() as u32;
    out.push_str("://");
    let host_start = out.len() as u32;
    let host_at = out.len();
    out.push_str(&input[s.host.0..s.host.1]);
    out[host_at..].make_ascii_lowercase();
    let host_end = out.len() as u32;
    if let Some(((a, b), _)) = port {
        out.push(':');
        out.push_str(&input[a..b]);
    }
    let path_start = out.len() as u32;
    if s.path.0 == s.path.1 {
        out.push('/');
    } else {
        out.push_str(&input[s.path.0..s.path.1]);
    }
    let grown = out.len() as isize - s.path.1 as isize;
    let moved = |p: Option<usize>| p.map_or(NONE, |p| (p as isize + grown) as u32);
    out.push_str(&input[s.path.1..]);
    let off = Offsets {
        scheme_end,
        user_end: NONE,
        host_start,
        host_end,
        path_start,
        query_start: moved(s.query),
        fragment_start: moved(s.fragment),
        port: port.map_or(0, |(_, p)| p),
        scheme: s.scheme,
        dialect: Dialect::Whatwg,
        flags,
    };
    (out, off)
}
