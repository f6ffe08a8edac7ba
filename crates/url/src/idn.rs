//! Internationalized host names: UTS 46 processing of a host, with the
//! position of the label at fault.
//!
//! One profile serves every dialect: the one the WHATWG URL standard
//! uses ("domain to ASCII" with beStrict false), which is UTS 46
//! non-transitional processing (so `ß` and the joiners stay, as IDNA 2008,
//! RFC 5891, has them) with CheckBidi and CheckJoiners on,
//! CheckHyphens and VerifyDnsLength off, and the forbidden domain code
//! points denied. Hyphens and lengths are left to each dialect's grammar,
//! which already reports RFC 1738's label rules on the text as written;
//! real names (`r3---sn-abc.googlevideo.com`) break CheckHyphens, and a
//! resolver, not the URL, limits lengths.
//!
//! The URL text is never changed: a non-ASCII host stays as written (the
//! dialect reports the non-ASCII octets as it always has), and the ASCII
//! form is what goes onto the wire and into the canonical form. Under RFC
//! 3986 a reg-name's escapes are decoded first (section 3.2.2: non-ASCII
//! in a reg-name is percent-encoded UTF-8); RFC 1738 and RFC 1630 have no
//! escapes in a host, so there a `%` stays and UTS 46 refuses it.

use crate::dialect::Dialect;
use crate::error::{ParseError, ParseErrorKind};
use crate::prelude::*;
use crate::sink::Sink;
use crate::table::Component;
use idna::uts46::{AsciiDenyList, Hyphens, Uts46};

const DENY: AsciiDenyList = AsciiDenyList::URL;

/// Whether a host needs UTS 46 beyond ASCII lower-casing: a non-ASCII
/// octet, under RFC 3986 an escape of one (`%C3`), or a label that starts
/// `xn--` (Punycode to verify). An ASCII host without them maps to itself
/// in lower case, so the hot paths skip the tables for it.
#[inline]
pub(crate) fn needs_idna(host: &[u8], d: Dialect) -> bool {
    // Eight octets at a time, the way the parser searches: most hosts
    // have no high bit, no '%' and no "--", and are settled here. Only
    // the "--" of `xn--` matters, not a lone '-' (in 6% of kasztp.txt's
    // hosts): the windows are seven apart, so that each pair of
    // neighbours lies whole in one of them.
    let pct = d == Dialect::Rfc3986;
    let mut k = 0;
    loop {
        if k >= host.len() {
            return false;
        }
        let w = crate::swar::word_at(host, k);
        let dash = crate::swar::eq_mask(w, b'-');
        if w & crate::swar::HI != 0
            || dash & (dash >> 8) != 0
            || (pct && crate::swar::eq_mask(w, b'%') != 0)
        {
            return needs_idna_slow(host, d);
        }
        k += 7;
    }
}

#[cold]
fn needs_idna_slow(host: &[u8], d: Dialect) -> bool {
    let mut i = 0;
    while i < host.len() {
        let c = host[i];
        if c >= 0x80 {
            return true;
        }
        if c == b'%'
            && d == Dialect::Rfc3986
            && host
                .get(i + 1)
                .is_some_and(|h| matches!(h, b'8'..=b'9' | b'a'..=b'f' | b'A'..=b'F'))
        {
            return true;
        }
        if c == b'-'
            && i >= 2
            && host.get(i + 1) == Some(&b'-')
            && (i == 2 || host[i - 3] == b'.')
            && host[i - 2..i].eq_ignore_ascii_case(b"xn")
        {
            return true;
        }
        i += 1;
    }
    false
}

/// Whether `host` is an RFC 1738 hostnumber (four groups of digits): an
/// address, not a name, so UTS 46 has nothing to do with it.
pub(crate) fn is_host_number(host: &str) -> bool {
    let mut groups = 0;
    for g in host.split('.') {
        if g.is_empty() || !g.bytes().all(|b| b.is_ascii_digit()) {
            return false;
        }
        groups += 1;
    }
    groups == 4
}

/// The octets UTS 46 is given: the host, its escapes decoded under RFC
/// 3986.
fn source(host: &str, d: Dialect) -> Cow<'_, [u8]> {
    if d == Dialect::Rfc3986 && host.contains('%') {
        crate::pct::decode(host.as_bytes())
    } else {
        Cow::Borrowed(host.as_bytes())
    }
}

/// The octets of [`DENY`]: controls, space, DEL and the forbidden domain
/// code points of the WHATWG URL standard.
fn denied(b: u8) -> bool {
    DENIED[usize::from(b)]
}

/// [`denied`] as a table: it is asked of every octet of every host.
static DENIED: [bool; 256] = {
    let mut t = [false; 256];
    let mut b = 0;
    while b <= 0x20 {
        t[b] = true;
        b += 1;
    }
    t[0x7f] = true;
    let list = b"%#/:<>?@[\\]^|";
    let mut i = 0;
    while i < list.len() {
        t[list[i] as usize] = true;
        i += 1;
    }
    t
};

/// UTS 46 section 2.3: the full stop and the three dots it maps to one.
fn is_label_separator(c: char) -> bool {
    matches!(c, '.' | '\u{3002}' | '\u{FF0E}' | '\u{FF61}')
}

/// The labels of `host` as written, with their byte offsets in it.
fn labels(host: &str) -> impl Iterator<Item = (usize, &str)> {
    let mut start = 0;
    let mut done = false;
    let mut chars = host.char_indices();
    core::iter::from_fn(move || {
        if done {
            return None;
        }
        for (i, c) in chars.by_ref() {
            if is_label_separator(c) {
                let label = (start, &host[start..i]);
                start = i + c.len_utf8();
                return Some(label);
            }
        }
        done = true;
        Some((start, &host[start..]))
    })
}

/// The UTS 46 ToASCII form of `host` (a name, not an IP literal), which
/// starts at byte `at` of the URL; the error names the first label at
/// fault.
pub(crate) fn to_ascii(host: &str, at: usize, d: Dialect) -> Result<Cow<'_, str>, ParseError> {
    // An ASCII name with no `xn--` label and no denied octet (`%` among
    // them) is its own ToASCII form in lower case: UTS 46 maps ASCII
    // letters to lower case, keeps every other allowed ASCII octet, and
    // its bidi rule needs a right-to-left character.
    if !needs_idna(host.as_bytes(), d) && !host.bytes().any(denied) {
        return Ok(if host.bytes().any(|b| b.is_ascii_uppercase()) {
            Cow::Owned(host.to_ascii_lowercase())
        } else {
            Cow::Borrowed(host)
        });
    }
    uts46_ascii(host, d).ok_or_else(|| fault(host, at, d))
}

/// ToASCII by the profile, `None` when UTS 46 refuses the name.
fn uts46_ascii(host: &str, d: Dialect) -> Option<Cow<'_, str>> {
    let uts46 = Uts46::new();
    let ascii = match source(host, d) {
        Cow::Borrowed(b) => uts46.to_ascii(b, DENY, Hyphens::Allow, idna::uts46::DnsLength::Ignore),
        Cow::Owned(v) => uts46
            .to_ascii(&v, DENY, Hyphens::Allow, idna::uts46::DnsLength::Ignore)
            .map(|c| Cow::Owned(c.into_owned())),
    }
    .ok()?;
    // Validity criterion V4 of UTS 46 revision 33, which idna 1.1 does
    // not check: without CheckHyphens a label must not begin "xn--", so
    // Punycode that decodes to "xn--..." hides a second encoding.
    let hidden = ascii.split('.').any(|l| {
        l.strip_prefix("xn--")
            .and_then(idna::punycode::decode_to_string)
            .is_some_and(|u| u.starts_with("xn--"))
    });
    (!hidden).then_some(ascii)
}

/// The UTS 46 ToUnicode form of `host`; a label at fault is marked with
/// U+FFFD, as UTS 46 has it.
pub(crate) fn to_unicode(host: &str, d: Dialect) -> Cow<'_, str> {
    // As in `to_ascii`: an ASCII name without `xn--` and without a
    // denied octet is its own form in lower case.
    if !needs_idna(host.as_bytes(), d) && !host.bytes().any(denied) {
        return if host.bytes().any(|b| b.is_ascii_uppercase()) {
            Cow::Owned(host.to_ascii_lowercase())
        } else {
            Cow::Borrowed(host)
        };
    }
    let uts46 = Uts46::new();
    match source(host, d) {
        Cow::Borrowed(b) => uts46.to_unicode(b, DENY, Hyphens::Allow).0,
        Cow::Owned(v) => Cow::Owned(uts46.to_unicode(&v, DENY, Hyphens::Allow).0.into_owned()),
    }
}

/// The error for a host UTS 46 refuses: the first label that fails by
/// itself, else the whole host (the bidi rule judges a label by the
/// others: RFC 5893 section 2 applies to every label of a "bidi domain
/// name").
#[cold]
fn fault(host: &str, at: usize, d: Dialect) -> ParseError {
    let (pos, label) = labels(host)
        .find(|(_, l)| uts46_ascii(l, d).is_none())
        .unwrap_or((0, host));
    let decoded = source(label, d);
    let text = String::from_utf8_lossy(&decoded);
    let (section, detail) = why(&text, host);
    ParseError::new(ParseErrorKind::BadIdna, at + pos, Component::Host, None, d)
        .cited("label", section)
        .with_detail(detail)
}

/// Which rule of UTS 46 a label most likely breaks: the crate says only
/// that one did, so the common causes are told apart here.
fn why(label: &str, host: &str) -> (&'static str, &'static str) {
    let lower = label.to_ascii_lowercase();
    if let Some(puny) = lower.strip_prefix("xn--") {
        let decoded = idna::punycode::decode_to_string(puny);
        return if decoded.is_none() {
            (
                "RFC 3492 section 6.2",
                "an 'xn--' label that is not valid Punycode",
            )
        } else if decoded.is_some_and(|u| u.starts_with("xn--")) {
            (
                "UTS 46 section 4.1",
                "an 'xn--' label whose Unicode form starts 'xn--' again (validity criterion V4)",
            )
        } else {
            (
                "UTS 46 section 4.1",
                "an 'xn--' label whose Unicode form UTS 46 does not allow (RFC 5891 section 5.4)",
            )
        };
    }
    if label.chars().any(|c| {
        c.is_ascii_control() || c == ' ' || "%#/:<>?@[\\]^|".contains(c) || c == '\u{FFFD}'
    }) {
        return (
            "UTS 46 section 4.1",
            "a character no domain name holds (a forbidden domain code point)",
        );
    }
    if label.contains(['\u{200C}', '\u{200D}']) {
        return (
            "RFC 5892 appendix A.1",
            "a zero width joiner or non-joiner where the joiner rules (CheckJoiners) do not allow it",
        );
    }
    if host.chars().any(is_right_to_left) {
        return (
            "RFC 5893 section 2",
            "a label that breaks the bidi rule (CheckBidi) of a domain name with right-to-left labels",
        );
    }
    (
        "UTS 46 section 4.1",
        "a code point UTS 46 disallows, or a label that starts with a combining mark",
    )
}

/// Hebrew, Arabic, Syriac, Thaana, NKo and the rest of the right-to-left
/// blocks up to U+08FF, and their presentation forms.
fn is_right_to_left(c: char) -> bool {
    matches!(c, '\u{0590}'..='\u{08FF}' | '\u{FB1D}'..='\u{FDFF}' | '\u{FE70}'..='\u{FEFF}')
}

/// The scripts a spoof mixes in one label: the check covers exactly
/// these three, whose letters look alike (`а` U+0430 and `a`).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Script {
    Latin,
    Greek,
    Cyrillic,
}

fn script(c: char) -> Option<Script> {
    match c {
        'a'..='z' | 'A'..='Z' => Some(Script::Latin),
        '\u{00D7}' | '\u{00F7}' => None,
        '\u{00C0}'..='\u{024F}'
        | '\u{1E00}'..='\u{1EFF}'
        | '\u{2C60}'..='\u{2C7F}'
        | '\u{A720}'..='\u{A7FF}'
        | '\u{AB30}'..='\u{AB6F}' => Some(Script::Latin),
        '\u{0370}'..='\u{03FF}' | '\u{1F00}'..='\u{1FFF}' => Some(Script::Greek),
        '\u{0400}'..='\u{052F}'
        | '\u{1C80}'..='\u{1C8F}'
        | '\u{2DE0}'..='\u{2DFF}'
        | '\u{A640}'..='\u{A69F}' => Some(Script::Cyrillic),
        _ => None,
    }
}

/// Whether one label mixes Latin, Greek and Cyrillic letters, which UTS
/// 39's "highly restrictive" level (section 5.2) never allows together.
/// Only these three scripts are told apart: a label mixing, say, Latin
/// and Armenian is not flagged. Digits, hyphens and the letters of every
/// other script are neutral.
fn mixes_scripts(label: &str) -> bool {
    let mut seen: Option<Script> = None;
    for s in label.chars().filter_map(script) {
        match seen {
            None => seen = Some(s),
            Some(t) if t != s => return true,
            Some(_) => {}
        }
    }
    false
}

/// The offset in `host` of the first label whose Unicode form mixes
/// scripts (see [`mixes_scripts`]); the labels of the Unicode form are
/// matched to those as written by their order.
pub(crate) fn mixed_script_label(host: &str, unicode: &str) -> Option<usize> {
    let n = labels(unicode).position(|(_, l)| mixes_scripts(l))?;
    Some(labels(host).nth(n).map_or(0, |(at, _)| at))
}

/// The parse's UTS 46 check of a host that [`needs_idna`]: an invalid
/// label is a violation (the error in strict mode) under RFC 1738 and RFC
/// 1630, and advice under RFC 3986, whose validity is its own grammar
/// (section 3.2.2 leaves IDNA to name lookup: a reg-name of any escapes
/// is a URI); a label that mixes scripts is advice in every dialect.
pub(crate) fn check(
    host: &str,
    at: usize,
    d: Dialect,
    sink: &mut Sink<'_>,
) -> Result<(), ParseError> {
    if is_host_number(host) {
        return Ok(());
    }
    match to_ascii(host, at, d) {
        Err(e) if d == Dialect::Rfc3986 => sink.cite(e, crate::rulebook::Force::Advice),
        Err(e) => sink.report(e),
        Ok(_) => {
            let unicode = to_unicode(host, d);
            match mixed_script_label(host, &unicode) {
                Some(pos) => sink.cite(mixed_script(at + pos, d), crate::rulebook::Force::Advice),
                None => Ok(()),
            }
        }
    }
}

fn mixed_script(at: usize, d: Dialect) -> ParseError {
    ParseError::new(ParseErrorKind::MixedScript, at, Component::Host, None, d)
        .cited("label", "UTS 39 section 5.2")
        .with_detail(
            "one label mixes Latin, Greek or Cyrillic letters, as a look-alike of another name does",
        )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn needs_idna_finds_what_the_tables_change() {
        let d = Dialect::Rfc3986;
        for yes in [
            "bücher.example",
            "xn--bcher-kva.example",
            "a.XN--x",
            "b%C3%BC",
            "b%c3",
        ] {
            assert!(needs_idna(yes.as_bytes(), d), "{yes}");
        }
        for no in [
            "example.com",
            "axn--b",
            "x-n--a",
            "a%41",
            "a.xn-b",
            "xn-",
            "",
        ] {
            assert!(!needs_idna(no.as_bytes(), d), "{no}");
        }
        assert!(!needs_idna(b"b%C3%BC", Dialect::Rfc1738));
    }

    #[test]
    fn an_xn_label_is_found_at_every_place() {
        // The word test's windows are seven apart: a label's "--" at every
        // offset of hosts up to three words long, whole or straddling.
        for len in 4..=26 {
            for at in 0..=len - 4 {
                let mut host = vec![b'a'; len];
                host[at..at + 4].copy_from_slice(b"xn--");
                if at > 0 {
                    host[at - 1] = b'.';
                }
                for d in [Dialect::Rfc1738, Dialect::Rfc3986] {
                    assert!(needs_idna(&host, d), "{}", String::from_utf8_lossy(&host));
                    assert_eq!(needs_idna(&host, d), needs_idna_slow(&host, d));
                }
                host[at + 2] = b'a';
                assert!(!needs_idna(&host, Dialect::Rfc3986));
            }
        }
    }

    #[test]
    fn the_ascii_fast_path_agrees_with_uts46() {
        // Every ASCII octet, alone and inside a label, both ways.
        for b in 0u8..0x80 {
            for host in [
                format!("a{}b.Example", b as char),
                format!("{}", b as char),
                format!("x.{}", b as char),
            ] {
                for d in [Dialect::Rfc1738, Dialect::Rfc3986] {
                    let fast = to_ascii(&host, 0, d).ok();
                    let slow = Uts46::new()
                        .to_ascii(
                            &source(&host, d),
                            DENY,
                            Hyphens::Allow,
                            idna::uts46::DnsLength::Ignore,
                        )
                        .ok()
                        .map(|c| c.into_owned());
                    assert_eq!(fast.as_deref(), slow.as_deref(), "{host:?} {d:?}");
                }
            }
        }
    }

    #[test]
    fn labels_split_at_every_full_stop_uts46_maps() {
        let got: Vec<_> = labels("a.b\u{3002}c\u{FF0E}d\u{FF61}").collect();
        assert_eq!(got, [(0, "a"), (2, "b"), (6, "c"), (10, "d"), (14, "")]);
    }

    #[test]
    fn the_fault_is_the_label_that_fails() {
        let e = to_ascii("ok.xn--a.example", 7, Dialect::Rfc1738).unwrap_err();
        assert_eq!((e.kind(), e.offset()), (ParseErrorKind::BadIdna, 10));
        assert_eq!(e.section(), "UTS 46 section 4.1");
        let e = to_ascii("a.b.xn--zz-!", 0, Dialect::Rfc3986).unwrap_err();
        assert_eq!((e.offset(), e.section()), (4, "RFC 3492 section 6.2"));
        // V4: Punycode for "xn--é".
        let e = to_ascii("a.xn--xn---epa", 0, Dialect::Rfc3986).unwrap_err();
        assert_eq!(e.offset(), 2);
        assert!(e.to_string().contains("V4"), "{e}");
        // A zero width joiner after a letter breaks CONTEXTJ.
        let e = to_ascii("ok.a\u{200D}b", 0, Dialect::Rfc3986).unwrap_err();
        assert_eq!((e.offset(), e.section()), (3, "RFC 5892 appendix A.1"));
        // Bidi: a label of digits first is fine alone, not beside Hebrew.
        let e = to_ascii("\u{5D0}.1a", 0, Dialect::Rfc3986).unwrap_err();
        assert_eq!(e.section(), "RFC 5893 section 2");
    }

    #[test]
    fn mixed_scripts() {
        assert!(mixes_scripts("p\u{0430}ypal"));
        assert!(mixes_scripts("\u{03B1}b"));
        assert!(!mixes_scripts("bücher"));
        assert!(!mixes_scripts(
            "\u{043F}\u{0440}\u{0438}\u{043C}\u{0435}\u{0440}-1"
        ));
        assert!(!mixes_scripts("日本a"));
        assert_eq!(
            mixed_script_label("ok.p\u{0430}ypal.com", "ok.p\u{0430}ypal.com"),
            Some(3)
        );
    }
}
