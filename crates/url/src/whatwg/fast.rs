//! The common case, in one pass: an absolute URL of a special scheme
//! other than `file`, ASCII, whose href is its own text but for the case
//! of its scheme and host, a default port and an empty path. The basic
//! URL parser would only copy such an input; this pass copies it without
//! the record, and hands anything else (credentials, IP addresses, `xn--`
//! labels, dot segments, a character to encode, a `\`) to the machine.
//!
//! It keeps no validation error: a parse that keeps them takes the
//! machine (`super::run`).
//!
//! `can_parse` needs less: whether the parse fails, which past a special
//! URL's authority it never does. `valid` reads the scheme and authority
//! only.

use super::encode::EncodeSet;
use super::host::ends_in_number;
use super::machine::{is_double_dot, is_single_dot};
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

/// What each byte may be, one bit a place: a host name's letters,
/// digits, `.`, `_` and `-` (`NAME`; `UPPER` for the capitals, `DASH` for
/// `-`), and the bytes a path segment, a special URL's query and a
/// fragment hold as they are. One load a byte, and eight bytes a step.
const UPPER: u8 = 2;
const PATH: u8 = 4;
const QUERY: u8 = 8;
const FRAGMENT: u8 = 16;
const DASH: u8 = 32;
const NAME: u8 = 64;
/// A path's `/` (with `PATH`, what a path's run passes) ...
const SLASH: u8 = 1;
/// ... and `.` and `%`, which may start a dot segment after one.
const DOTLIKE: u8 = 128;

static CLASS: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut b = 0;
    while b < 128 {
        let c = b as u8;
        let mut bits = 0;
        if c.is_ascii_lowercase() || c.is_ascii_digit() || c == b'.' || c == b'_' {
            bits |= NAME;
        }
        if c.is_ascii_uppercase() {
            bits |= UPPER | NAME;
        }
        if c == b'-' {
            bits |= DASH | NAME;
        }
        if path_plain(c) {
            bits |= PATH;
        }
        if c == b'/' {
            bits |= SLASH;
        }
        if c == b'.' || c == b'%' {
            bits |= DOTLIKE;
        }
        if query_plain(c) {
            bits |= QUERY;
        }
        if fragment_plain(c) {
            bits |= FRAGMENT;
        }
        t[b] = bits;
        b += 1;
    }
    t
};

#[inline]
fn class(c: u8) -> u8 {
    CLASS[usize::from(c)]
}

/// A path segment's plain bytes: in no byte of the path percent-encode
/// set, and neither `/` nor `\\`.
const fn path_plain(c: u8) -> bool {
    !EncodeSet::Path.contains(c) && c != b'/' && c != b'\\'
}

/// A special URL's query's: in no byte of the special-query set, and not
/// `#`.
const fn query_plain(c: u8) -> bool {
    !EncodeSet::SpecialQuery.contains(c) && c != b'#'
}

/// A fragment's: in no byte of the fragment set.
const fn fragment_plain(c: u8) -> bool {
    !EncodeSet::Fragment.contains(c)
}

/// One lane a byte: bit 0 of each byte of a word.
const LANES: u64 = 0x0101_0101_0101_0101;

/// The class of each byte at each of the eight places of a word, so that
/// a word of classes is eight loads and seven ORs (no shifts).
static LANE_CLASS: [[u64; 256]; 8] = {
    let mut t = [[0u64; 256]; 8];
    let mut lane = 0;
    while lane < 8 {
        let mut c = 0;
        while c < 256 {
            t[lane][c] = (CLASS[c] as u64) << (8 * lane);
            c += 1;
        }
        lane += 1;
    }
    t
};

/// The classes of eight bytes, one a byte of a word (little end first).
#[inline(always)]
fn packed(c: &[u8; 8]) -> u64 {
    let at = |lane: usize| LANE_CLASS[lane][usize::from(c[lane])];
    at(0) | at(1) | at(2) | at(3) | at(4) | at(5) | at(6) | at(7)
}

/// The classes of the eight bytes from `i` (`i` before the end): the
/// last eight bytes of `b` shifted down when fewer are left, the lanes
/// past the end zero (no class); `None` when `b` has fewer than eight.
#[inline(always)]
fn word_at(b: &[u8], i: usize) -> Option<u64> {
    if let Some(c) = b.get(i..).and_then(<[u8]>::first_chunk) {
        return Some(packed(c));
    }
    let at = b.len().checked_sub(8)?;
    let c = b.get(at..)?.first_chunk()?;
    Some(packed(c) >> (8 * (i - at)))
}

/// The OR of the lanes of `k`, as one byte.
#[inline(always)]
fn fold(k: u64) -> u8 {
    let k = k | (k >> 32);
    let k = k | (k >> 16);
    (k | (k >> 8)) as u8
}

/// Where the run of bytes of class `bit` that starts at `i` ends, and
/// the classes of its bytes together. Eight bytes a word: the first byte
/// out of the class is found from the word without a branch a byte
/// (fewer mispredicted branches than a byte loop, by callgrind's branch
/// simulation on the corpora).
#[inline(always)]
fn run_of(b: &[u8], mut i: usize, bit: u8) -> (usize, u8) {
    let shift = bit.trailing_zeros();
    let mut seen = 0;
    while i < b.len() {
        let Some(k) = word_at(b, i) else {
            // Under eight bytes in all: a byte a step.
            while let Some(&c) = b.get(i).filter(|&&c| class(c) & bit != 0) {
                seen |= class(c);
                i += 1;
            }
            return (i, seen);
        };
        let out = !(k >> shift) & LANES;
        if out == 0 {
            seen |= fold(k);
            i += 8;
            continue;
        }
        let n = out.trailing_zeros() / 8;
        seen |= fold(k & ((1u64 << (8 * n)) - 1));
        return ((i + n as usize).min(b.len()), seen);
    }
    (b.len(), seen)
}

/// The pass, out of line (measured: inlined into `parse`, the parse
/// takes a sixth longer).
#[inline(never)]
fn shape(b: &[u8]) -> Option<Shape> {
    shape_in(b)
}

/// The scheme and authority of an input the pass takes, and where its
/// path starts.
struct Head {
    scheme: Scheme,
    scheme_end: usize,
    host: (usize, usize),
    port: Option<((usize, usize), u16)>,
    upper: bool,
    path_start: usize,
}

/// The pass itself.
#[inline(always)]
fn shape_in(b: &[u8]) -> Option<Shape> {
    let head = head(b)?;
    let mut i = head.path_start;
    // The path: from its '/' (or none: the serialization adds "/").
    match b.get(i) {
        None | Some(b'?' | b'#') => {}
        Some(b'/') => i = path_end(b, i)?,
        Some(_) => return None,
    }
    let path = (head.path_start, i);
    let mut query = None;
    if b.get(i) == Some(&b'?') {
        query = Some(i);
        i = run_of(b, i + 1, QUERY).0;
        if !matches!(b.get(i), None | Some(b'#')) {
            return None;
        }
    }
    let mut fragment = None;
    if b.get(i) == Some(&b'#') {
        fragment = Some(i);
        if run_of(b, i + 1, FRAGMENT).0 != b.len() {
            return None;
        }
    }
    Some(Shape {
        scheme: head.scheme,
        scheme_end: head.scheme_end,
        host: head.host,
        port: head.port,
        path,
        query,
        fragment,
        upper: head.upper,
    })
}

/// Whether `input` is a URL, known from its scheme and authority alone:
/// past the authority of a special URL, the path, query and fragment
/// states report validation errors but never fail (they encode what they
/// must), so an input whose head the pass takes, followed by the end, a
/// `/`, `?` or `#`, parses whatever comes after. `false` means "ask the
/// machine", not "invalid".
pub(crate) fn valid(input: &str) -> bool {
    let b = input.as_bytes();
    head(b).is_some_and(|h| matches!(b.get(h.path_start), None | Some(b'/' | b'?' | b'#')))
}

/// The scheme (a special one but `file`, as written from the first
/// byte), `//`, a host name the host parser gives back lower-cased, and
/// an optional port written as the serializer writes it; `None` for
/// anything else, and for leading or trailing C0 controls and spaces.
#[inline(always)]
fn head(b: &[u8]) -> Option<Head> {
    // Leading or trailing C0 controls and spaces are trimmed by the
    // parser: the machine's.
    if b.first().is_none_or(|&c| c <= b' ') || b.last().is_some_and(|&c| c <= b' ') {
        return None;
    }
    // The five special schemes but file, by where their ':' is, then
    // their letters in either case (`| 0x20` folds a letter's case, and
    // only a letter's: the names are letters).
    let c = b.first_chunk::<8>()?;
    let low = |i: usize| c[i] | 0x20;
    let (scheme, colon) = if c[4] == b':' && [low(0), low(1), low(2), low(3)] == *b"http" {
        (Scheme::Http, 4)
    } else if c[5] == b':' && [low(0), low(1), low(2), low(3), low(4)] == *b"https" {
        (Scheme::Https, 5)
    } else if c[2] == b':' && [low(0), low(1)] == *b"ws" {
        (Scheme::Ws, 2)
    } else if c[3] == b':' && [low(0), low(1), low(2)] == *b"wss" {
        (Scheme::Wss, 3)
    } else if c[3] == b':' && [low(0), low(1), low(2)] == *b"ftp" {
        (Scheme::Ftp, 3)
    } else {
        return None;
    };
    // A capital letter has bit 0x20 clear.
    let mut upper = c[..colon].iter().any(|&x| x & 0x20 == 0);
    let rest = &b[colon + 1..];
    if !rest.starts_with(b"//") || matches!(rest.get(2), Some(b'/' | b'\\')) {
        return None;
    }
    // The authority: a host name of letters, digits, '-', '.' and '_',
    // then an optional port. An xn-- label goes through UTS 46 (and may
    // fail), a host that ends in a number through the IPv4 parser: both
    // the machine's.
    let host_start = colon + 3;
    let (mut i, seen) = run_of(b, host_start, NAME);
    let host_end = i;
    if host_end == host_start {
        return None;
    }
    upper |= seen & UPPER != 0;
    let host = &b[host_start..host_end];
    if seen & DASH != 0
        && host
            .split(|&c| c == b'.')
            .any(|l| l.len() >= 4 && l[..4].eq_ignore_ascii_case(b"xn--"))
    {
        return None;
    }
    // A host ends in a number when its last label (before a final '.')
    // is digits, or "0x" and hex digits: it then ends in a hex digit or
    // an 'x' (most names end in another letter, and are done with here),
    // and starts with a digit: the exact check then.
    let trimmed = host.strip_suffix(b".").unwrap_or(host);
    if trimmed
        .last()
        .is_some_and(|&c| c.is_ascii_hexdigit() || c | 0x20 == b'x')
    {
        let last = trimmed
            .iter()
            .rposition(|&c| c == b'.')
            .map_or(0, |p| p + 1);
        if trimmed.get(last).is_some_and(u8::is_ascii_digit)
            && !is_serialized_ipv4(host)
            && ends_in_number(core::str::from_utf8(host).ok()?)
        {
            return None;
        }
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
    Some(Head {
        scheme,
        scheme_end: colon,
        host: (host_start, host_end),
        port,
        upper,
        path_start: i,
    })
}

/// Where the path that starts at `start` (its `/`) ends, at a `?`, `#`
/// or the end; `None` when a byte the machine would encode or read
/// otherwise is in it, or a dot segment. Eight bytes a step: their
/// classes packed in a word tell at once whether all are a path's and
/// where a `/` is followed by a `.` or `%` (a segment that may be a dot
/// segment, checked then), with no branch a segment.
#[inline(always)]
fn path_end(b: &[u8], start: usize) -> Option<usize> {
    let dot_check = |at: usize| -> bool {
        let seg = &b[at..];
        let len = seg
            .iter()
            .take(7)
            .position(|&c| matches!(c, b'/' | b'?' | b'#'))
            .unwrap_or(seg.len().min(7));
        is_dot_segment(&seg[..len])
    };
    let mut i = start;
    // Whether the byte before `i` is a '/'.
    let mut after_slash = false;
    while i < b.len() {
        let Some(k) = word_at(b, i) else {
            // Under eight bytes in all: a byte a step.
            while let Some(&c) = b.get(i) {
                let k = class(c);
                if k & (PATH | SLASH) == 0 {
                    break;
                }
                if after_slash && k & DOTLIKE != 0 && dot_check(i) {
                    return None;
                }
                after_slash = c == b'/';
                i += 1;
            }
            break;
        };
        let path = (k >> PATH.trailing_zeros()) & LANES;
        let slash = (k >> SLASH.trailing_zeros()) & LANES;
        let out = !(path | slash) & LANES;
        // The lanes of the path in this word.
        let n = if out == 0 {
            8
        } else {
            out.trailing_zeros() / 8
        };
        let within = if n == 8 {
            u64::MAX
        } else {
            (1u64 << (8 * n)) - 1
        };
        let dot = (k >> DOTLIKE.trailing_zeros()) & LANES & within;
        let mut starts = ((slash << 8) | u64::from(after_slash)) & dot;
        while starts != 0 {
            if dot_check(i + (starts.trailing_zeros() / 8) as usize) {
                return None;
            }
            starts &= starts - 1;
        }
        if n < 8 {
            i = (i + n as usize).min(b.len());
            break;
        }
        after_slash = slash >> 56 != 0;
        i += 8;
    }
    matches!(b.get(i), None | Some(b'?' | b'#')).then_some(i)
}

/// Whether `host` is an IPv4 address as the host serializer writes it:
/// four decimal numbers to 255, without leading zeros, between dots. The
/// host parser gives it back as it is.
fn is_serialized_ipv4(host: &[u8]) -> bool {
    let mut parts = 0;
    for part in host.split(|&c| c == b'.') {
        parts += 1;
        let ok = match part {
            [d] => d.is_ascii_digit(),
            [b'1'..=b'9', d] => d.is_ascii_digit(),
            [b'1', d, e] => d.is_ascii_digit() && e.is_ascii_digit(),
            [b'2', b'0'..=b'4', d] => d.is_ascii_digit(),
            [b'2', b'5', b'0'..=b'5'] => true,
            _ => false,
        };
        if !ok || parts > 4 {
            return false;
        }
    }
    parts == 4
}

/// `.`, `..` and their `%2e` spellings: the machine's own tests.
fn is_dot_segment(s: &[u8]) -> bool {
    is_single_dot(s) || is_double_dot(s)
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::whatwg::EncodeSet;

    #[test]
    fn serialized_ipv4_is_only_the_serializer_s_form() {
        for yes in ["127.0.0.1", "0.0.0.0", "255.255.255.255", "10.200.49.9"] {
            assert!(is_serialized_ipv4(yes.as_bytes()), "{yes}");
        }
        for no in [
            "127.0.0.01",
            "256.0.0.1",
            "1.2.3",
            "1.2.3.4.5",
            "0x7f.0.0.1",
            "1.2.3.4.",
            "1..3.4",
        ] {
            assert!(!is_serialized_ipv4(no.as_bytes()), "{no}");
        }
    }

    #[test]
    fn the_plain_bytes_are_those_no_set_encodes() {
        for c in 0..=255u8 {
            let name = c.is_ascii_alphanumeric() || matches!(c, b'.' | b'_' | b'-');
            assert_eq!(class(c) & NAME != 0, name, "{c:#x}");
            let path = !EncodeSet::Path.contains(c) && c != b'/' && c != b'\\';
            assert_eq!(path_plain(c), path, "{c:#x}");
            let query = !EncodeSet::SpecialQuery.contains(c) && c != b'#';
            assert_eq!(query_plain(c), query, "{c:#x}");
            assert_eq!(
                fragment_plain(c),
                !EncodeSet::Fragment.contains(c),
                "{c:#x}"
            );
        }
    }
}
