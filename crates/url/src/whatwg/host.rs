//! The URL Standard's host parser (section 3.5) and host serializer
//! (section 3.6): domains through UTS 46 with the Standard's options,
//! IPv4 in all its number forms, IPv6, opaque hosts.

use super::encode::{self, EncodeSet};
use super::validation::ValidationError as V;
use crate::pct::hex_val;
use crate::prelude::*;
use core::fmt::Write as _;
use idna::uts46::{AsciiDenyList, DnsLength, Hyphens, Uts46};

/// What the host parser gives.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Host {
    /// A domain, ASCII and lower case.
    Domain(String),
    Ipv4(u32),
    Ipv6([u16; 8]),
    /// The host of a URL that is not special, percent-encoded.
    Opaque(String),
    /// The empty host (`file:///`, `sc://`).
    Empty,
}

impl Host {
    /// The host serializer.
    pub(crate) fn serialize(&self, out: &mut String) {
        match self {
            Host::Domain(s) | Host::Opaque(s) => out.push_str(s),
            Host::Empty => {}
            Host::Ipv4(n) => {
                let b = n.to_be_bytes();
                let _ = write!(out, "{}.{}.{}.{}", b[0], b[1], b[2], b[3]);
            }
            Host::Ipv6(pieces) => {
                out.push('[');
                ipv6_serialize(pieces, out);
                out.push(']');
            }
        }
    }
}

/// Where the parser's validation errors go: `false` for one it goes on
/// past.
pub(crate) type Report<'r> = &'r mut dyn FnMut(V);

/// The host parser: `input` is the host's text, `opaque` when the URL is
/// not special. `Err` names the failure. `listening`: whether `report`
/// keeps what it is given (the strict IDNA reading is skipped if not).
pub(crate) fn parse(
    input: &str,
    opaque: bool,
    listening: bool,
    report: Report<'_>,
) -> Result<Host, V> {
    if let Some(inner) = input.strip_prefix('[') {
        let Some(inner) = inner.strip_suffix(']') else {
            return Err(V::Ipv6Unclosed);
        };
        return ipv6_parse(inner.as_bytes(), report).map(Host::Ipv6);
    }
    if opaque {
        return opaque_host(input, report).map(Host::Opaque);
    }
    let bytes = input.as_bytes();
    let decoded = crate::pct::decode(bytes);
    if decoded.len() != bytes.len() {
        report(V::DomainPercentEncoded);
    }
    let domain = String::from_utf8_lossy(&decoded);
    let ascii = domain_to_ascii(&domain, listening, report)?;
    if ends_in_number(&ascii) {
        return ipv4_parse(&ascii, report).map(Host::Ipv4);
    }
    Ok(Host::Domain(ascii))
}

/// The domain parser with beStrict false (section 3.3).
pub(crate) fn domain_to_ascii(
    domain: &str,
    listening: bool,
    report: Report<'_>,
) -> Result<String, V> {
    let uts46 = Uts46::new();
    // The strict reading only decides a warning: the result is the
    // relaxed one. An ASCII domain is lower-cased whatever UTS 46 makes
    // of it, for web compatibility (xn-- labels that do not decode
    // included).
    let strict_fails = || {
        listening
            && uts46
                .to_ascii(
                    domain.as_bytes(),
                    AsciiDenyList::STD3,
                    Hyphens::Check,
                    DnsLength::Verify,
                )
                .is_err()
    };
    let result = if domain.is_ascii() {
        if strict_fails() {
            report(V::DomainToAscii);
        }
        domain.to_ascii_lowercase()
    } else {
        match uts46.to_ascii(
            domain.as_bytes(),
            AsciiDenyList::EMPTY,
            Hyphens::Allow,
            DnsLength::Ignore,
        ) {
            Ok(a) => {
                if strict_fails() {
                    report(V::DomainToAscii);
                }
                a.into_owned()
            }
            Err(_) => return Err(V::DomainToAscii),
        }
    };
    if result.is_empty() || result.bytes().any(forbidden_domain) {
        return Err(V::DomainToAscii);
    }
    Ok(result)
}

/// A forbidden host code point (section 3.2).
pub(crate) fn forbidden_host(b: u8) -> bool {
    matches!(
        b,
        0 | b'\t'
            | b'\n'
            | b'\r'
            | b' '
            | b'#'
            | b'/'
            | b':'
            | b'<'
            | b'>'
            | b'?'
            | b'@'
            | b'['
            | b'\\'
            | b']'
            | b'^'
            | b'|'
    )
}

/// A forbidden domain code point: a forbidden host code point, a C0
/// control, `%` or DEL.
pub(crate) fn forbidden_domain(b: u8) -> bool {
    forbidden_host(b) || b < 0x20 || b == b'%' || b == 0x7F
}

fn opaque_host(input: &str, report: Report<'_>) -> Result<String, V> {
    if input.bytes().any(forbidden_host) {
        return Err(V::HostInvalidCodePoint);
    }
    let bytes = input.as_bytes();
    let bad_unit = input.char_indices().any(|(i, c)| {
        if c == '%' {
            crate::pct::escape_value(bytes, i).is_none()
        } else {
            !encode::is_url_code_point(c)
        }
    });
    if bad_unit {
        report(V::InvalidUrlUnit);
    }
    Ok(EncodeSet::C0Control.encode(input))
}

/// The ends-in-a-number checker.
pub(crate) fn ends_in_number(input: &str) -> bool {
    let trimmed = input.strip_suffix('.').unwrap_or(input);
    let last = trimmed.rsplit('.').next().unwrap_or("");
    if !last.is_empty() && last.bytes().all(|b| b.is_ascii_digit()) {
        return true;
    }
    ipv4_number(last.as_bytes()).is_some()
}

/// The IPv4 number parser: the value, and whether it was not decimal.
fn ipv4_number(input: &[u8]) -> Option<(u64, bool)> {
    if input.is_empty() {
        return None;
    }
    let (digits, radix, odd) = match input {
        [b'0', b'x' | b'X', rest @ ..] => (rest, 16, true),
        [b'0', rest @ ..] if !rest.is_empty() => (rest, 8, true),
        _ => (input, 10, false),
    };
    if digits.is_empty() {
        return Some((0, true));
    }
    let mut n: u64 = 0;
    for &b in digits {
        let d = u64::from(hex_val(b)?);
        if d >= radix {
            return None;
        }
        // Past 2^32 the value is out of range whatever follows; stop
        // growing it so that a long run of digits cannot overflow.
        n = (n * radix + d).min(1 << 40);
    }
    Some((n, odd))
}

/// The IPv4 parser.
fn ipv4_parse(input: &str, report: Report<'_>) -> Result<u32, V> {
    let mut parts: Vec<&str> = input.split('.').collect();
    if parts.last() == Some(&"") {
        report(V::Ipv4EmptyPart);
        if parts.len() > 1 {
            parts.pop();
        }
    }
    if parts.len() > 4 {
        return Err(V::Ipv4TooManyParts);
    }
    if parts.len() < 4 {
        report(V::Ipv4TooFewParts);
    }
    let mut numbers = Vec::with_capacity(4);
    for part in &parts {
        let Some((n, odd)) = ipv4_number(part.as_bytes()) else {
            return Err(V::Ipv4NonNumericPart);
        };
        if odd {
            report(V::Ipv4NonDecimalPart);
        }
        numbers.push(n);
    }
    if numbers.iter().any(|&n| n > 255) {
        report(V::Ipv4OutOfRangePart);
    }
    let (last, init) = numbers.split_last().ok_or(V::Ipv4NonNumericPart)?;
    if init.iter().any(|&n| n > 255) {
        return Err(V::Ipv4OutOfRangePart);
    }
    if *last >= 1u64 << (8 * (5 - numbers.len())) {
        return Err(V::Ipv4OutOfRangePart);
    }
    let mut ipv4 = *last;
    for (i, &n) in init.iter().enumerate() {
        ipv4 += n << (8 * (3 - i));
    }
    u32::try_from(ipv4).map_err(|_| V::Ipv4OutOfRangePart)
}

/// The IPv6 parser, over the text between the brackets.
fn ipv6_parse(input: &[u8], report: Report<'_>) -> Result<[u16; 8], V> {
    let mut address = [0u16; 8];
    let mut piece = 0usize;
    let mut compress: Option<usize> = None;
    let mut p = 0usize;
    let at = |p: usize| input.get(p).copied();
    if at(p) == Some(b':') {
        if at(p + 1) != Some(b':') {
            return Err(V::Ipv6InvalidCompression);
        }
        p += 2;
        piece += 1;
        compress = Some(piece);
    }
    while let Some(c) = at(p) {
        if piece == 8 {
            return Err(V::Ipv6TooManyPieces);
        }
        if c == b':' {
            if compress.is_some() {
                return Err(V::Ipv6MultipleCompression);
            }
            p += 1;
            piece += 1;
            compress = Some(piece);
            continue;
        }
        let (mut value, mut length) = (0u16, 0usize);
        while length < 4
            && let Some(d) = at(p).and_then(hex_val)
        {
            value = value * 0x10 + u16::from(d);
            p += 1;
            length += 1;
        }
        match at(p) {
            Some(b'.') => {
                if length == 0 {
                    return Err(V::Ipv4InIpv6InvalidCodePoint);
                }
                p -= length;
                if piece > 6 {
                    return Err(V::Ipv4InIpv6TooManyPieces);
                }
                let mut seen = 0;
                while let Some(c) = at(p) {
                    if seen > 0 {
                        if c == b'.' && seen < 4 {
                            p += 1;
                        } else {
                            return Err(V::Ipv4InIpv6InvalidCodePoint);
                        }
                    }
                    if !at(p).is_some_and(|c| c.is_ascii_digit()) {
                        return Err(V::Ipv4InIpv6InvalidCodePoint);
                    }
                    let mut part: Option<u16> = None;
                    while let Some(c) = at(p).filter(u8::is_ascii_digit) {
                        let n = u16::from(c - b'0');
                        part = match part {
                            None => Some(n),
                            Some(0) => return Err(V::Ipv4InIpv6InvalidCodePoint),
                            Some(v) => Some(v * 10 + n),
                        };
                        if part.is_some_and(|v| v > 255) {
                            return Err(V::Ipv4InIpv6OutOfRangePart);
                        }
                        p += 1;
                    }
                    address[piece] = address[piece] * 0x100 + part.unwrap_or(0);
                    seen += 1;
                    if seen == 2 || seen == 4 {
                        piece += 1;
                    }
                }
                if seen != 4 {
                    return Err(V::Ipv4InIpv6TooFewParts);
                }
                break;
            }
            Some(b':') => {
                p += 1;
                if at(p).is_none() {
                    return Err(V::Ipv6InvalidCodePoint);
                }
            }
            Some(_) => return Err(V::Ipv6InvalidCodePoint),
            None => {}
        }
        if length > 1 && u32::from(value) < 1u32 << (4 * (length - 1)) {
            report(V::Ipv6PieceLeadingZero);
        }
        address[piece] = value;
        piece += 1;
    }
    if let Some(c) = compress {
        let mut swaps = piece - c;
        piece = 7;
        while piece != 0 && swaps > 0 {
            address.swap(piece, c + swaps - 1);
            piece -= 1;
            swaps -= 1;
        }
    } else if piece != 8 {
        return Err(V::Ipv6TooFewPieces);
    }
    Ok(address)
}

/// The IPv6 serializer: the first longest run of two or more zero pieces
/// compressed (RFC 5952).
fn ipv6_serialize(pieces: &[u16; 8], out: &mut String) {
    let (mut best, mut best_len) = (None, 1);
    let mut i = 0;
    while i < 8 {
        if pieces[i] == 0 {
            let start = i;
            while i < 8 && pieces[i] == 0 {
                i += 1;
            }
            if i - start > best_len {
                best = Some(start);
                best_len = i - start;
            }
        } else {
            i += 1;
        }
    }
    let mut i = 0;
    while i < 8 {
        if Some(i) == best {
            out.push_str(if i == 0 { "::" } else { ":" });
            i += best_len;
            continue;
        }
        let _ = write!(out, "{:x}", pieces[i]);
        if i != 7 {
            out.push(':');
        }
        i += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn host(s: &str, opaque: bool) -> Result<String, V> {
        let mut out = String::new();
        parse(s, opaque, true, &mut |_| {})?.serialize(&mut out);
        Ok(out)
    }

    #[test]
    fn ipv4_number_forms() {
        assert_eq!(host("0x7f.1", false).unwrap(), "127.0.0.1");
        assert_eq!(host("0300.0250.0.1", false).unwrap(), "192.168.0.1");
        assert_eq!(host("4294967295", false).unwrap(), "255.255.255.255");
        assert_eq!(host("4294967296", false), Err(V::Ipv4OutOfRangePart));
        assert_eq!(host("1.2.3.4.5", false), Err(V::Ipv4TooManyParts));
        assert_eq!(host("1.2.3.09", false), Err(V::Ipv4NonNumericPart));
        assert_eq!(
            host("99999999999999999999999", false),
            Err(V::Ipv4OutOfRangePart)
        );
    }

    #[test]
    fn ipv6_forms() {
        assert_eq!(host("[::1]", false).unwrap(), "[::1]");
        assert_eq!(host("[1:0:0:2::3:0]", false).unwrap(), "[1::2:0:0:3:0]");
        assert_eq!(host("[::127.0.0.1]", false).unwrap(), "[::7f00:1]");
        assert_eq!(host("[0:0:0:0:0:0:0:0]", false).unwrap(), "[::]");
        assert_eq!(
            host("[1:2:3:4:5:6:7:8]", false).unwrap(),
            "[1:2:3:4:5:6:7:8]"
        );
        assert_eq!(host("[::1", false), Err(V::Ipv6Unclosed));
        assert_eq!(host("[:1]", false), Err(V::Ipv6InvalidCompression));
        assert_eq!(host("[1::2::3]", false), Err(V::Ipv6MultipleCompression));
    }

    #[test]
    fn domains_and_opaque_hosts() {
        assert_eq!(host("EXAMPLE.com", false).unwrap(), "example.com");
        assert_eq!(host("☕.example", false).unwrap(), "xn--53h.example");
        assert_eq!(host("exa%23mple", false), Err(V::DomainToAscii));
        assert_eq!(host("a b", true), Err(V::HostInvalidCodePoint));
        assert_eq!(host("EX%41mple", true).unwrap(), "EX%41mple");
    }
}
