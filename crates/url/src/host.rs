//! Hosts: RFC 1738 hostname and hostnumber, RFC 1630 hostname, RFC 3986
//! IP-literal, IPv4address and reg-name.

use crate::dialect::Dialect;
use crate::error::{ParseError, ParseErrorKind};
use crate::pct::hex_val;
use crate::prelude::*;
use crate::sink::Sink;
use crate::swar::{HI, LO, ge_mask, word_at};
use crate::table::{Component, allowed};

/// Checks `host` (which starts at byte `at` of the input), reporting each
/// violation to `sink`. The host is not an IP literal. Returns whether the
/// host needs UTS 46 processing (`crate::idn::needs_idna`), found in the
/// same pass so that ASCII hosts pay for no second one.
#[inline(always)]
pub(crate) fn check(
    host: &[u8],
    at: usize,
    d: Dialect,
    sink: &mut Sink<'_>,
) -> Result<bool, ParseError> {
    match d {
        // The WHATWG dialect has its own host parser (crate::whatwg); a
        // URL of it read again as text is read as RFC 3986 reads it.
        Dialect::Rfc3986 | Dialect::Whatwg => check_reg_name(host, at, sink),
        Dialect::Rfc1738 | Dialect::Rfc1630 => check_name(host, at, d, sink),
    }
}

/// A host name of RFC 1738 or RFC 1630: most RFC 1738 hosts are plain
/// names, told apart by [`plain_1738`] before the full check's frame is
/// set up. Inlined: as a call of its own, an RFC 1738 strict parse of
/// kasztp.txt took 842 instructions a URL, inlined 752 (callgrind,
/// `scripts/bench-inproc.sh ir`), and an RFC 3986 parse, which never runs
/// it, kept its 707. (Kept out of line before, when a fat-LTO build
/// measured the RFC 3986 parse a tenth slower with it inlined: a layout
/// effect, which the aligned bench no longer shows.)
#[inline(always)]
fn check_name(host: &[u8], at: usize, d: Dialect, sink: &mut Sink<'_>) -> Result<bool, ParseError> {
    if d == Dialect::Rfc1738 && plain_1738(host) {
        return Ok(false);
    }
    check_hostname(host, at, d, sink)
}

fn bad(at: usize, byte: Option<u8>, d: Dialect) -> ParseError {
    ParseError::new(ParseErrorKind::BadHost, at, Component::Host, byte, d)
}

/// RFC 3986 section 3.2.2: reg-name = *( unreserved / pct-encoded / sub-delims ).
/// An IPv4address is a reg-name too, so nothing more is needed.
#[inline(always)]
fn check_reg_name(host: &[u8], at: usize, sink: &mut Sink<'_>) -> Result<bool, ParseError> {
    // Non-ASCII and escapes are flagged on their own (rarer) paths; the
    // loop over allowed bytes stays as tight as it was.
    let mut idna = false;
    // Whether an `xn--` label was seen. The run stops at every `-`, so
    // that the test for one is made where a `-` stands, in this pass:
    // with a second pass over every host (`idn::needs_idna`), a strict
    // RFC 3986 parse of kasztp.txt's first 5000 lines took 702
    // instructions a URL, with this 631 (`scripts/bench-inproc.sh ir`).
    let mut xn = false;
    // Most hosts are reg-name characters only: sixteen at a time.
    let mut i = crate::runs::reg_name_run(host, 0);
    while i < host.len() {
        let c = host[i];
        if c == b'-' {
            // The first '-' of a label's "xn--"; the '-' after it is
            // visited too, harmlessly. `idn::needs_idna` under RFC 1738
            // finds no more than these and the non-ASCII bytes, which
            // set `idna` below; the escapes are settled here.
            xn |= i >= 2 && xn_label_at(host, i - 2) && (i == 2 || host[i - 3] == b'.');
            i = crate::runs::reg_name_run(host, i + 1);
        } else if allowed(c, Dialect::Rfc3986, Component::Host) {
            i += 1;
        } else if c == b'%' && escape_at(host, i) {
            // An escape of an octet 80-FF: UTF-8 for UTS 46 to map.
            idna |= hex_val(host[i + 1]).is_some_and(|v| v >= 8);
            i += 3;
        } else if c == b'%' {
            sink.report(ParseError::new(
                ParseErrorKind::BadEscape,
                at + i,
                Component::Host,
                Some(c),
                Dialect::Rfc3986,
            ))?;
            i += 1;
        } else {
            sink.report(bad(at + i, Some(c), Dialect::Rfc3986))?;
            // The lead byte of every non-ASCII character comes here: the
            // bytes stepped over are ASCII (the run's, an escape's hex
            // digits) or the rest of a character.
            idna |= c >= 0x80;
            i += utf8_len(c);
        }
    }
    Ok(idna || xn)
}

/// Whether a label that starts at `i` starts `xn--`, in any case.
#[inline(always)]
pub(crate) fn xn_label_at(host: &[u8], i: usize) -> bool {
    match host.get(i..i + 4) {
        Some(&[x, n, b'-', b'-']) => x | 0x20 == b'x' && n | 0x20 == b'n',
        _ => false,
    }
}

/// Whether `s[i]` starts a complete `%XX` escape.
#[inline]
pub(crate) fn escape_at(s: &[u8], i: usize) -> bool {
    s.get(i + 1).and_then(|&b| hex_val(b)).is_some()
        && s.get(i + 2).and_then(|&b| hex_val(b)).is_some()
}

/// How many bytes to step over after a refused byte, so that one non-ASCII
/// character gives one report.
#[inline]
pub(crate) fn utf8_len(lead: u8) -> usize {
    match lead {
        0xc0..=0xdf => 2,
        0xe0..=0xef => 3,
        0xf0..=0xf7 => 4,
        _ => 1,
    }
}

/// RFC 1738: host = hostname | hostnumber, with
/// `hostname = *[ domainlabel "." ] toplabel`,
/// `domainlabel = alphadigit | alphadigit *[ alphadigit | "-" ] alphadigit`,
/// `toplabel = alpha | alpha *[ alphadigit | "-" ] alphadigit`,
/// `hostnumber = digits "." digits "." digits "." digits`.
///
/// RFC 1630: `hostname = ialpha [ "." hostname ]`, `ialpha = alpha [ xalphas ]`,
/// and the same hostnumber.
fn check_hostname(
    host: &[u8],
    at: usize,
    d: Dialect,
    sink: &mut Sink<'_>,
) -> Result<bool, ParseError> {
    // One pass: characters, label structure and the host-number form
    // together, since this runs for every URL with a host.
    let mut idna = xn_label_at(host, 0);
    let mut label_start = 0;
    let mut groups = 0u32;
    let mut all_digits = true;
    let mut group_value = 0u32;
    let mut octet_over: Option<usize> = None;
    let mut empty_group = false;
    let mut structure: Option<(usize, LabelFault)> = None;
    let mut i = 0;
    while i < host.len() {
        let c = host[i];
        if c == b'.' {
            empty_group |= i == label_start;
            if structure.is_none() {
                structure = label_fault(&host[label_start..i], false, d).map(|f| (label_start, f));
            }
            groups += 1;
            label_start = i + 1;
            idna |= xn_label_at(host, label_start);
            group_value = 0;
            i += 1;
            continue;
        }
        if c.is_ascii_digit() {
            group_value = group_value
                .saturating_mul(10)
                .saturating_add(u32::from(c - b'0'));
            if group_value > 255 && octet_over.is_none() {
                octet_over = Some(label_start);
            }
        } else if allowed(c, d, Component::Host) {
            all_digits = false;
        } else {
            sink.report(bad(at + i, Some(c), d).with_detail(match d {
                Dialect::Rfc1738 => "a host name holds letters, digits, '-' and '.'",
                _ => "a host name holds xalpha characters and '.'",
            }))?;
            // The structure of a name with a refused character says
            // nothing more; UTS 46 reads the rest for a non-ASCII one.
            return Ok(c >= 0x80 || idna || crate::idn::needs_idna(&host[i..], d));
        }
        i += 1;
    }
    groups += 1;
    empty_group |= label_start == host.len();
    if all_digits && groups == 4 && !empty_group {
        // hostnumber: RFC 1738 section 3.1, "its IP address as a set of four
        // decimal digit groups": a group over 255 names no address.
        if let Some(group) = octet_over {
            sink.report(
                bad(at + group, None, d).with_detail("a host number group is from 0 to 255"),
            )?;
        }
        return Ok(false);
    }
    if structure.is_none() {
        structure = label_fault(&host[label_start..], true, d).map(|f| (label_start, f));
    }
    if let Some((pos, (rule, section, detail))) = structure {
        sink.report(
            bad(at + pos, None, d)
                .cited(rule, section)
                .with_detail(detail),
        )?;
    }
    Ok(idna)
}

/// Whether `host` is an RFC 1738 name [`check_hostname`] passes without a
/// word and without IDNA. RFC 1738 host names hold only letters, digits,
/// `-` and `.`. What is left to see is that no label is empty (no `..`,
/// no `.` at either end), that no label starts or ends with `-` (no `.-`
/// or `-.`, no `-` at either end), that the last label starts with a
/// letter (so the name is no host number), and no `--`, which leaves any
/// `xn--` label and the other reserved hyphen labels to the full check.
/// Word-wide compares rather than a table, and no value carried from byte
/// to byte, where the full check mispredicts at every dot and every change
/// between letters and digits; anything else goes to the full check, which
/// says what is wrong and where.
#[inline(always)]
fn plain_1738(host: &[u8]) -> bool {
    let (Some(&first), Some(&last)) = (host.first(), host.last()) else {
        return false;
    };
    if host.len() >= 32 {
        return plain_1738_long(host);
    }
    let (mut bad, mut pairs) = (0u64, 0u64);
    let mut look = |w: u64| {
        let (b, p, dots) = word_faults(w);
        bad |= b;
        pairs |= p;
        dots
    };
    let n = host.len();
    // The dots of the last word read, which starts at `base`.
    let (base, dots) = if n >= 8 {
        // Windows eight bytes wide, seven apart, and the last eight: each
        // pair of neighbours lies whole in one of them.
        let mut k = 0;
        while k + 8 < n {
            look(word_at(host, k));
            k += 7;
        }
        (n - 8, look(word_at(host, n - 8)))
    } else {
        // Under eight bytes: the host's bytes in place (the first four and
        // the last four, which overlap, or each of three), the rest `0`, a
        // digit: no fault and no dot.
        let bytes = if n >= 4 {
            let half = |k: usize| {
                u64::from(u32::from_le_bytes([
                    host[k],
                    host[k + 1],
                    host[k + 2],
                    host[k + 3],
                ]))
            };
            half(0) | half(n - 4) << (8 * (n - 4))
        } else {
            host.iter().rev().fold(0, |w, &c| w << 8 | u64::from(c))
        };
        (0, look(bytes | (LO * u64::from(b'0')) << (8 * n)))
    };
    // The last label starts after the last dot; a letter somewhere (no
    // host number) follows from its first byte being one.
    let top = match dots {
        0 if base > 0 => host.iter().rposition(|&b| b == b'.').map_or(0, |k| k + 1),
        0 => 0,
        _ => base + (63 - dots.leading_zeros() as usize) / 8 + 1,
    };
    bad == 0
        && pairs == 0
        && ends_ok(first, last)
        && host.get(top).is_some_and(u8::is_ascii_alphabetic)
}

/// Neither end of a plain host name is `.` or `-`.
#[inline(always)]
fn ends_ok(first: u8, last: u8) -> bool {
    !matches!(first, b'.' | b'-') && !matches!(last, b'.' | b'-')
}

/// For eight bytes of a host name, in the top bit of each byte: the bytes
/// that are no letter, digit, `-` or `.` (non-ASCII among them), the
/// first bytes of the pairs `..`, `.-`, `-.` and `--`, and the dots. Kept
/// in registers: a host copied into a padded buffer and read back in wider
/// loads than were stored stalls the load on the store (measured: that one
/// load was 30% of `check_name`).
#[inline(always)]
fn word_faults(w: u64) -> (u64, u64, u64) {
    let x = w & !HI;
    let folded = x | (LO * 0x20);
    let letter = ge_mask(folded, b'a') & !ge_mask(folded, b'z' + 1);
    let digit = ge_mask(x, b'0') & !ge_mask(x, b'9' + 1);
    let dash = ge_mask(x, b'-') & !ge_mask(x, b'-' + 1);
    let dot = ge_mask(x, b'.') & !ge_mask(x, b'.' + 1);
    let bad = (!(letter | digit | dash | dot) & HI) | (w & HI);
    let mark = dash | dot;
    (bad, mark & (mark >> 8), dot)
}

/// [`plain_1738`] for a host of 32 bytes or more, in loops of its length.
fn plain_1738_long(host: &[u8]) -> bool {
    let (Some(&first), Some(&last)) = (host.first(), host.last()) else {
        return false;
    };
    let mark = |c: u8| (c == b'.') | (c == b'-');
    let mut chars = true;
    for &c in host {
        let letter = (c | 0x20).wrapping_sub(b'a') < 26;
        chars &= letter | (c.wrapping_sub(b'0') < 10) | mark(c);
    }
    let mut pairs = false;
    for (&a, &b) in host.iter().zip(&host[1..]) {
        pairs |= mark(a) & mark(b);
    }
    let top = host.iter().rposition(|&b| b == b'.').map_or(0, |k| k + 1);
    chars && !pairs && ends_ok(first, last) && host.get(top).is_some_and(u8::is_ascii_alphabetic)
}

/// What is wrong with one label: the BNF rule it breaks, where that rule
/// is written, and why.
type LabelFault = (&'static str, &'static str, &'static str);

fn label_fault(label: &[u8], top: bool, d: Dialect) -> Option<LabelFault> {
    const BNF_1738: &str = "RFC 1738 section 5";
    let (&first, &last) = match (label.first(), label.last()) {
        (Some(f), Some(l)) => (f, l),
        _ => {
            let rule = match d {
                Dialect::Rfc1630 => ("hostname", "RFC 1630, BNF for specific URL schemes"),
                _ => ("hostname", BNF_1738),
            };
            return Some((
                rule.0,
                rule.1,
                "empty domain label (a host name neither starts nor ends with '.', nor holds '..')",
            ));
        }
    };
    match d {
        Dialect::Rfc1630 => (!first.is_ascii_alphabetic()).then_some((
            "ialpha",
            "RFC 1630, BNF of Generic URI Syntax",
            "each part of a host name starts with a letter",
        )),
        _ => {
            if top && !first.is_ascii_alphabetic() {
                Some((
                    "toplabel",
                    BNF_1738,
                    "the rightmost domain label starts with a letter",
                ))
            } else if !first.is_ascii_alphanumeric() || !last.is_ascii_alphanumeric() {
                Some((
                    "domainlabel",
                    BNF_1738,
                    "a domain label starts and ends with a letter or digit",
                ))
            } else {
                None
            }
        }
    }
}

/// RFC 3986 section 3.2.2: `IP-literal = "[" ( IPv6address / IPvFuture ) "]"`.
/// `lit` is the text between the brackets.
pub(crate) fn valid_ip_literal(lit: &[u8]) -> bool {
    if let Some(rest) = lit.strip_prefix(b"v").or_else(|| lit.strip_prefix(b"V")) {
        // IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )
        let dot = match rest.iter().position(|&b| b == b'.') {
            Some(p) if p > 0 => p,
            _ => return false,
        };
        let (ver, tail) = (&rest[..dot], &rest[dot + 1..]);
        return ver.iter().all(u8::is_ascii_hexdigit)
            && !tail.is_empty()
            && tail
                .iter()
                .all(|&b| b == b':' || allowed(b, Dialect::Rfc3986, Component::Host));
    }
    valid_ipv6(lit)
}

/// RFC 3986 IPv6address: eight h16 groups, one `::` standing for one or
/// more zero groups, the last 32 bits optionally as an IPv4address.
pub(crate) fn valid_ipv6(s: &[u8]) -> bool {
    let (head, tail, compressed) = match find_double_colon(s) {
        Some(p) => (&s[..p], &s[p + 2..], true),
        None => (s, &s[..0], false),
    };
    let Some(h) = count_groups(head, !compressed || tail.is_empty()) else {
        return false;
    };
    let Some(t) = count_groups(tail, true) else {
        return false;
    };
    let total = h + t;
    if compressed { total <= 7 } else { total == 8 }
}

fn find_double_colon(s: &[u8]) -> Option<usize> {
    let p = s.windows(2).position(|w| w == b"::")?;
    // A second "::" is not allowed.
    if s[p + 2..].windows(2).any(|w| w == b"::") {
        None
    } else {
        Some(p)
    }
}

/// Counts the 16-bit groups of one side of `::`; an IPv4address counts as
/// two and may only end the address (`may_end_v4`).
fn count_groups(s: &[u8], may_end_v4: bool) -> Option<usize> {
    if s.is_empty() {
        return Some(0);
    }
    let parts: Vec<&[u8]> = s.split(|&b| b == b':').collect();
    let mut n = 0;
    for (i, p) in parts.iter().enumerate() {
        let last = i + 1 == parts.len();
        if last && may_end_v4 && p.contains(&b'.') {
            if !valid_ipv4(p) {
                return None;
            }
            n += 2;
        } else if (1..=4).contains(&p.len()) && p.iter().all(u8::is_ascii_hexdigit) {
            n += 1;
        } else {
            return None;
        }
    }
    Some(n)
}

/// RFC 3986 IPv4address: four dec-octets, without leading zeros.
pub(crate) fn valid_ipv4(s: &[u8]) -> bool {
    let mut groups = 0;
    for g in s.split(|&b| b == b'.') {
        groups += 1;
        if g.is_empty() || g.len() > 3 || !g.iter().all(u8::is_ascii_digit) {
            return false;
        }
        if g.len() > 1 && g[0] == b'0' {
            return false;
        }
        let v: u32 = g.iter().fold(0, |a, &b| a * 10 + u32::from(b - b'0'));
        if v > 255 {
            return false;
        }
    }
    groups == 4
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ipv6_forms() {
        for ok in [
            "::1",
            "::",
            "1:2:3:4:5:6:7:8",
            "fe80::1",
            "::ffff:192.0.2.1",
            "2001:db8::7",
            "1::",
        ] {
            assert!(valid_ipv6(ok.as_bytes()), "{ok}");
        }
        for bad in [
            "1:2:3:4:5:6:7",
            "1::2::3",
            "12345::",
            ":1",
            "1:2:3:4:5:6:7:8:9",
            "::1.2.3",
            "g::",
        ] {
            assert!(!valid_ipv6(bad.as_bytes()), "{bad}");
        }
    }

    #[test]
    fn the_check_finds_the_hosts_uts46_needs() {
        let hosts = [
            "example.com",
            "xn--bcher-kva.example",
            "a.XN--b",
            "a.xn-b",
            "axn--b",
            "b\u{fc}cher.de",
            "a<b.xn--c",
            "a%b.\u{e9}",
            "b%C3%BC",
            "b%41",
            "1.2.3.4",
            "-a.b-",
            "a..b",
            "xn--",
            "x",
        ];
        for d in [Dialect::Rfc1738, Dialect::Rfc1630, Dialect::Rfc3986] {
            for h in hosts {
                let mut sink = Sink {
                    strict: false,
                    out: None,
                };
                let got = check(h.as_bytes(), 0, d, &mut sink).unwrap();
                assert_eq!(got, crate::idn::needs_idna(h.as_bytes(), d), "{h:?} {d:?}");
            }
        }
    }

    /// The RFC 3986 host check as it was before it looked for `xn--`
    /// itself: the run over every reg-name byte, then `needs_idna`.
    fn check_reg_name_two_passes(
        host: &[u8],
        at: usize,
        sink: &mut Sink<'_>,
    ) -> Result<bool, ParseError> {
        let mut idna = false;
        let mut i = 0;
        while i < host.len() {
            let c = host[i];
            if allowed(c, Dialect::Rfc3986, Component::Host) {
                i += 1;
            } else if c == b'%' && escape_at(host, i) {
                idna |= hex_val(host[i + 1]).is_some_and(|v| v >= 8);
                i += 3;
            } else if c == b'%' {
                sink.report(ParseError::new(
                    ParseErrorKind::BadEscape,
                    at + i,
                    Component::Host,
                    Some(c),
                    Dialect::Rfc3986,
                ))?;
                i += 1;
            } else {
                sink.report(bad(at + i, Some(c), Dialect::Rfc3986))?;
                idna |= c >= 0x80;
                i += utf8_len(c);
            }
        }
        Ok(idna || crate::idn::needs_idna(host, Dialect::Rfc1738))
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(20_000))]
        /// The one pass gives the two passes' answer, warnings and error.
        #[test]
        fn the_reg_name_check_finds_xn_labels_in_its_run(h in "[xXnN.a%8C-]{0,40}|([a-z0-9]{0,3}\\.)?(xn|XN|xN)--[a-z0-9-]{0,20}(\\.[a-z]{1,4})?|[a-z0-9.-]{14,40}|[a-z\u{e9}\u{4e2d}%4-]{0,20}|[ -~]{0,24}") {
            for strict in [false, true] {
                let (mut w1, mut w2) = (Vec::new(), Vec::new());
                let mut one = Sink { strict, out: Some(&mut w1) };
                let a = check_reg_name(h.as_bytes(), 3, &mut one);
                let mut two = Sink { strict, out: Some(&mut w2) };
                let b = check_reg_name_two_passes(h.as_bytes(), 3, &mut two);
                proptest::prop_assert_eq!(a, b, "{:?}", h);
                proptest::prop_assert_eq!(w1, w2, "{:?}", h);
            }
        }

        /// The fast path answers only for names the full check passes
        /// silently, and it takes the plain names.
        #[test]
        fn a_plain_name_is_one_the_full_check_passes(h in "[a-cA-C0-9._%~-]{0,40}|[a-z]{1,12}(\\.[a-z0-9]{1,12}){0,4}|[a-z0-9.]{28,36}|[a-z0-9.-]{1,12}|[a-z][a-z0-9-]{0,10}[a-z0-9](\\.[a-z0-9][a-z0-9-]{0,10}[a-z0-9]){0,3}\\.[a-z]{2,4}|\u{e9}[a-z.-]{0,9}") {
            let d = Dialect::Rfc1738;
            // The words and the loops of the host's length agree.
            proptest::prop_assert_eq!(plain_1738(h.as_bytes()), plain_1738_long(h.as_bytes()), "{:?}", h);
            let mut warnings = Vec::new();
            let mut sink = Sink { strict: false, out: Some(&mut warnings) };
            let full = check_hostname(h.as_bytes(), 0, d, &mut sink);
            let silent = matches!(full, Ok(false)) && warnings.is_empty();
            if plain_1738(h.as_bytes()) {
                proptest::prop_assert!(silent, "{:?}: {:?} {:?}", h, full, warnings);
            }
            let lower = h.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'.' || b == b'-');
            if silent && lower && !h.contains("--") && h.bytes().any(|b| b.is_ascii_lowercase()) {
                proptest::prop_assert!(plain_1738(h.as_bytes()), "{:?}", h);
            }
        }
    }

    #[test]
    fn ipvfuture() {
        assert!(valid_ip_literal(b"v7.abc:def"));
        assert!(!valid_ip_literal(b"v.abc"));
        assert!(!valid_ip_literal(b"v7."));
    }
}
