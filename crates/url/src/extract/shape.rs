//! What a URL of each known scheme must look like after its colon, and
//! the checks of hosts, addresses and scheme names that decide whether a
//! candidate is a URL.
//!
//! The grammar is the parser's: scheme names are classified by
//! [`Scheme::from_bytes`], their characters and those of host labels read
//! from its character table (through [`scheme_byte`] and [`label_byte`](super::text::label_byte),
//! which adds the `_` of RFC 1630 and RFC 3986 to RFC 1738's labels), IP
//! literals checked by its host code. What is left here is what only
//! extraction decides: which schemes are looked for without a wrapper, how
//! much of each must be there to call a string a URL, and the bare hosts
//! and e-mail addresses of fuzzy matching.

use super::text::scheme_byte;
use super::tld::is_known_tld;
use crate::host::valid_ip_literal;
use crate::scheme::{Scheme, ViewKind};
use crate::swar::{eq_mask, word_at};

/// What follows `scheme:` in each known scheme (RFC 1738 section 3,
/// RFC 1630, RFC 2141).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Shape {
    /// `//<user>:<password>@<host>:<port>/<url-path>` (RFC 1738 section 3.1).
    Internet,
    /// `file://<host>/<path>`, the host may be empty (section 3.10).
    File,
    /// `mailto:<rfc822-addr-spec>` (section 3.5): it has an "@".
    Mailto,
    /// `news:<newsgroup-name>`, `news:<message-id>` or `news:*` (3.6).
    News,
    /// `mid:` and `cid:` (RFC 1630): a message or content id.
    Token,
    /// `urn:<NID>:<NSS>` (RFC 2141).
    Urn,
}

/// The shape of a scheme extraction finds without a wrapper (its row's
/// `in_text`), by the view that reads it.
pub(super) fn known(name: &[u8]) -> Option<Shape> {
    let row = Scheme::from_bytes(name).row();
    if !row.in_text {
        return None;
    }
    Some(match row.view {
        ViewKind::File => Shape::File,
        ViewKind::Mailto => Shape::Mailto,
        ViewKind::News => Shape::News,
        ViewKind::Mid | ViewKind::Cid => Shape::Token,
        ViewKind::Urn => Shape::Urn,
        ViewKind::Ftp
        | ViewKind::Http
        | ViewKind::Gopher
        | ViewKind::Nntp
        | ViewKind::Telnet
        | ViewKind::Wais
        | ViewKind::Prospero
        | ViewKind::Generic => Shape::Internet,
    })
}

/// RFC 5322 atext, dots and quotes: what a local part is made of here.
pub(super) fn is_local_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b".!#$%&'*+-/=?^_{|}~\"".contains(&b)
}

/// A scheme name at `at` (a letter, then the parser's scheme characters)
/// followed by its colon: `Ok(Some(colon))`,
/// `Ok(None)` when there is none, `Err(())` when more bytes are needed.
pub(super) fn scheme_at(hay: &[u8], at: usize, eof: bool) -> Result<Option<usize>, ()> {
    if !hay.get(at).is_some_and(u8::is_ascii_alphabetic) {
        return if hay.get(at).is_none() && !eof {
            Err(())
        } else {
            Ok(None)
        };
    }
    for i in at + 1..at + 32 {
        match hay.get(i) {
            Some(b':') => return Ok(Some(i)),
            Some(&b) if scheme_byte(b) => {}
            Some(_) => return Ok(None),
            None if eof => return Ok(None),
            None => return Err(()),
        }
    }
    Ok(None)
}

/// `u` starts with an RFC 3986 scheme and has something after its colon;
/// a known scheme must have its shape; with `need_slashes`, another
/// scheme must be followed by `//` and a host.
pub(super) fn valid_any_scheme(u: &[u8], need_slashes: bool) -> bool {
    let Ok(Some(colon)) = scheme_at(u, 0, true) else {
        return false;
    };
    match known(&u[..colon]) {
        Some(shape) => valid_known(u, colon, shape),
        None if need_slashes => {
            u[colon + 1..].starts_with(b"//") && !authority(&u[colon + 3..]).text.is_empty()
        }
        None => u.len() > colon + 1,
    }
}

pub(super) fn valid_known(u: &[u8], scheme_len: usize, shape: Shape) -> bool {
    let rest = &u[scheme_len + 1..];
    match shape {
        Shape::Internet => rest.strip_prefix(b"//").is_some_and(|r| {
            plain_host(r)
                || host_port(authority(r), true, Underscore::Anywhere).is_some_and(|h| h.labels > 0)
        }),
        Shape::File => rest.strip_prefix(b"//").is_some_and(|r| {
            let a = authority(r);
            (a.text.is_empty() && !r.is_empty())
                || host_port(a, true, Underscore::Anywhere).is_some()
        }),
        Shape::Mailto => {
            let addr = &rest[..rest.iter().position(|&b| b == b'?').unwrap_or(rest.len())];
            match addr.iter().position(|&b| b == b'@') {
                Some(k) => {
                    k > 0
                        && addr
                            .get(k + 1)
                            .is_some_and(|&b| b.is_ascii_alphanumeric() || b >= 0x80)
                }
                None => false,
            }
        }
        Shape::News => rest
            .first()
            .is_some_and(|&b| b.is_ascii_alphanumeric() || b == b'*'),
        Shape::Token => rest.first().is_some_and(u8::is_ascii_alphanumeric),
        Shape::Urn => {
            // RFC 2141: "urn:" <NID> ":" <NSS>, NID of 1 to 32 letters,
            // digits and hyphens starting with a letter or digit.
            let n = rest.iter().position(|&b| b == b':').unwrap_or(0);
            (1..=32).contains(&n)
                && rest[0].is_ascii_alphanumeric()
                && rest[..n]
                    .iter()
                    .all(|&b| b.is_ascii_alphanumeric() || b == b'-')
                && rest.len() > n + 1
        }
    }
}

/// The authority at the start of `s`, up to its `/`, `?` or `#`, with its
/// last `@` and last `:` noted in the same pass: a host is checked once
/// per URL found, so every pass over it counts.
pub(super) struct Authority<'a> {
    pub text: &'a [u8],
    at: Option<usize>,
    colon: Option<usize>,
}

/// The bytes [`authority`] stops at: 1 for its end, 2 for `@`, 3 for `:`.
/// A table, so that the run between them is one compare a byte rather
/// than a branch on each.
const AUTHORITY_MARK: [u8; 256] = {
    let mut t = [0u8; 256];
    t[b'/' as usize] = 1;
    t[b'?' as usize] = 1;
    t[b'#' as usize] = 1;
    t[b'@' as usize] = 2;
    t[b':' as usize] = 3;
    t
};

pub(super) fn authority(s: &[u8]) -> Authority<'_> {
    let (mut at, mut colon) = (None, None);
    let mut i = 0;
    loop {
        i = next_mark(s, i);
        match s.get(i).map(|&b| AUTHORITY_MARK[b as usize]) {
            Some(2) => at = Some(i),
            Some(3) => colon = Some(i),
            Some(_) => {
                return Authority {
                    text: &s[..i],
                    at,
                    colon,
                };
            }
            None => return Authority { text: s, at, colon },
        }
        i += 1;
    }
}

/// The first byte at or after `from` that [`AUTHORITY_MARK`] marks, else
/// the end: eight bytes a step, where a byte a step took four
/// instructions a byte of every host found (callgrind, prose dense with
/// URLs). The lowest flag of each mask is a true match, so the lowest of
/// their union is the first mark; the zeros past the end match none.
#[inline]
fn next_mark(s: &[u8], from: usize) -> usize {
    let mut k = from;
    while k < s.len() {
        let w = word_at(s, k);
        let m = eq_mask(w, b'/')
            | eq_mask(w, b'?')
            | eq_mask(w, b'#')
            | eq_mask(w, b'@')
            | eq_mask(w, b':');
        if m != 0 {
            return (k + (m.trailing_zeros() / 8) as usize).min(s.len());
        }
        k += 8;
    }
    s.len()
}

/// The classes of [`plain_host`]: [`STEP_LABEL`] for the bytes of a label
/// (letters, digits, `-`, `_`, non-ASCII), [`STEP_DOT`], [`STEP_END`] for
/// the authority's end; 0 for any other byte, `@`, `:` and `[` among them.
const HOST_STEP: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut b = 0;
    while b < 256 {
        if LABEL_CLASS[b] != 0 {
            t[b] = STEP_LABEL;
        }
        b += 1;
    }
    t[b'.' as usize] = STEP_DOT;
    t[b'/' as usize] = STEP_END;
    t[b'?' as usize] = STEP_END;
    t[b'#' as usize] = STEP_END;
    t
};
const STEP_LABEL: u8 = 1;
const STEP_DOT: u8 = 2;
const STEP_END: u8 = 3;

/// Whether the authority at the start of `r` is a plain host that
/// [`host_port`] takes (with `_` anywhere): labels of label bytes joined
/// by single dots, no hyphen at a label's edge, no `_` at the end, an
/// optional final dot, up to the end of `r` or a `/`, `?` or `#`. Most
/// URLs found have such a host, read here label by label in one tight
/// loop, where [`authority`] and [`host_port`] read it twice and split it
/// into host and port: `valid_known` took 460 instructions a URL, 235
/// with this (callgrind, prose dense with URLs). `false` says only "not
/// plain": a byte out of place may belong to user information
/// (`-x@host`), so any other host (a port, user information, an IP
/// literal, a bad host) goes to them.
#[inline]
fn plain_host(r: &[u8]) -> bool {
    let mut i = 0;
    loop {
        let start = i;
        while let Some(&b) = r.get(i)
            && HOST_STEP[b as usize] == STEP_LABEL
        {
            i += 1;
        }
        let (Some(&first), Some(&last)) = (r.get(start), i.checked_sub(1).and_then(|k| r.get(k)))
        else {
            return false;
        };
        if i == start || first == b'-' || last == b'-' {
            return false;
        }
        match r.get(i).map(|&b| HOST_STEP[b as usize]) {
            None | Some(STEP_END) => return last != b'_',
            Some(STEP_DOT) => {
                i += 1;
                // A final dot: the host is what stands before it.
                if r.get(i).is_none_or(|&b| HOST_STEP[b as usize] == STEP_END) {
                    return last != b'_';
                }
            }
            _ => return false,
        }
    }
}

/// What host validation found.
struct Host<'a> {
    labels: usize,
    last: &'a [u8],
    ipv4: bool,
    has_port: bool,
    port_ok: bool,
}

/// Where a host may hold `_` (RFC 3986 reg-name and RFC 1630 `hostname`
/// allow it, RFC 1738 `domainlabel` does not).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Underscore {
    /// In any label, but not at the end of the host: a host after a
    /// scheme, or in a wrapper, which says it is a URL.
    Anywhere,
    /// Not in the last two labels: a host found without a scheme. Domain
    /// registries give out letter-digit-hyphen names only, so `foo_bar.com`
    /// names no public host, while snake_case file names with a country
    /// code for an extension (`test_utils.py`, `setup_env.sh`,
    /// `read_me.md`) fill prose about code; `_` deeper down
    /// (`_dmarc.example.com`, `build_01.corp.example.com`) names real
    /// hosts. GitHub's autolinker (the GFM spec's "valid domain") draws
    /// the same line.
    NotInDomain,
}

/// Label bytes ([`label_byte`](super::text::label_byte), and any non-ASCII byte of an IDN) by
/// class: 0 for any other byte, else [`LABEL_OK`] with [`LABEL_DIGIT`] or
/// [`LABEL_UNDERSCORE`] where they apply. A table, so that a label is one
/// tight loop.
const LABEL_CLASS: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut b = 0;
    while b < 256 {
        let c = b as u8;
        t[b] = if c.is_ascii_digit() {
            LABEL_OK | LABEL_DIGIT
        } else if c == b'_' {
            LABEL_OK | LABEL_UNDERSCORE
        } else if c.is_ascii_alphabetic() || c == b'-' || c >= 0x80 {
            LABEL_OK
        } else {
            0
        };
        b += 1;
    }
    t
};
const LABEL_OK: u8 = 1;
const LABEL_DIGIT: u8 = 2;
const LABEL_UNDERSCORE: u8 = 4;

/// `[userinfo@]host[:port]`, the host a name of RFC 1738 labels (its
/// `domainlabel`: label bytes, no hyphen at either end; any non-ASCII
/// character for IDNs) that may also hold `_` where `underscore` says, a
/// host number, or an RFC 3986 IP literal in brackets. Without `userinfo`,
/// an "@" fails.
fn host_port(a: Authority<'_>, userinfo: bool, underscore: Underscore) -> Option<Host<'_>> {
    let from = match a.at {
        Some(_) if !userinfo => return None,
        Some(k) => k + 1,
        None => 0,
    };
    let hp = &a.text[from..];
    let (host, port) = if hp.first() == Some(&b'[') {
        let close = hp.iter().position(|&b| b == b']')?;
        if !valid_ip_literal(&hp[1..close]) {
            return None;
        }
        match &hp[close + 1..] {
            [] => (&hp[..=close], None),
            [b':', p @ ..] => (&hp[..=close], Some(p)),
            _ => return None,
        }
    } else {
        match a.colon {
            Some(k) if k >= from => (&a.text[from..k], Some(&a.text[k + 1..])),
            _ => (hp, None),
        }
    };
    if let Some(p) = port
        && !p.iter().all(u8::is_ascii_digit)
    {
        return None;
    }
    let port_ok = port.is_none_or(|p| {
        p.len() <= 5 && p.iter().fold(0u32, |n, &d| n * 10 + u32::from(d - b'0')) <= 65535
    });
    if host.first() == Some(&b'[') {
        return Some(Host {
            labels: 1,
            last: host,
            ipv4: false,
            has_port: port.is_some(),
            port_ok,
        });
    }
    let host = host.strip_suffix(b".").unwrap_or(host);
    if host.is_empty() {
        return None;
    }
    if let Some((labels, last)) = plain_labels(host) {
        return Some(Host {
            labels,
            last,
            ipv4: false,
            has_port: port.is_some(),
            port_ok,
        });
    }
    let mut labels = 0;
    let mut numeric = true;
    let mut last: &[u8];
    // Whether the label before the last one, and the last one, hold `_`.
    let mut underscores = (false, false);
    // One pass over the bytes, label by label: a run of label bytes whose
    // classes are ORed and ANDed, then its dot or the end.
    let mut start = 0;
    loop {
        let (mut any, mut all) = (0u8, LABEL_OK | LABEL_DIGIT | LABEL_UNDERSCORE);
        let mut i = start;
        while let Some(&b) = host.get(i) {
            let c = LABEL_CLASS[b as usize];
            if c == 0 {
                break;
            }
            any |= c;
            all &= c;
            i += 1;
        }
        let label = &host[start..i];
        if label.is_empty() || label[0] == b'-' || label[label.len() - 1] == b'-' {
            return None;
        }
        underscores = (underscores.1, any & LABEL_UNDERSCORE != 0);
        numeric &= all & LABEL_DIGIT != 0
            && label.len() <= 3
            && label
                .iter()
                .fold(0u32, |n, &d| n * 10 + u32::from(d - b'0'))
                <= 255;
        labels += 1;
        last = label;
        match host.get(i) {
            None => break,
            Some(b'.') => start = i + 1,
            Some(_) => return None,
        }
    }
    // A `_` right after a host is the text's, wherever `_` may stand: it
    // closes Markdown emphasis (`_see http://example.com_`), and no
    // top-level domain ends with one.
    if last.last() == Some(&b'_')
        || (underscore == Underscore::NotInDomain && (underscores.0 || underscores.1))
    {
        return None;
    }
    Some(Host {
        labels,
        last,
        ipv4: numeric && labels == 4,
        has_port: port.is_some(),
        port_ok,
    })
}

/// Most hosts found are names of letters, digits, hyphens and non-ASCII
/// bytes, in labels joined by single dots, with a letter somewhere (so no
/// host number) and no `_`: for those the count of labels and the last
/// one, found by compares over the whole host that the compiler makes
/// vector compares, with no loop that stops at each label; `None` for any
/// other host, which the label loop of [`host_port`] reads.
#[inline]
fn plain_labels(host: &[u8]) -> Option<(usize, &[u8])> {
    let (&first, &last) = (host.first()?, host.last()?);
    // The dots are counted in a byte, which the vector code adds lane by
    // lane without widening: a longer host takes the label loop.
    if host.len() > usize::from(u8::MAX) {
        return None;
    }
    let letter = |c: u8| ((c | 0x20).wrapping_sub(b'a') < 26) | (c >= 0x80);
    let (mut ok, mut letters, mut dots, mut bad) = (true, letter(first), 0u8, false);
    // Each byte after the first with the one before it, in one pass: its
    // class, and an empty label or a hyphen at a label's edge.
    for (&a, &c) in host.iter().zip(&host[1..]) {
        let dot = c == b'.';
        ok &= letter(c) | (c.wrapping_sub(b'0') < 10) | dot | (c == b'-');
        letters |= letter(c);
        dots = dots.wrapping_add(u8::from(dot));
        bad |= ((a == b'.') & (dot | (c == b'-'))) | ((a == b'-') & dot);
    }
    let edge = |c: u8| c == b'.' || c == b'-';
    ok &= letter(first) | first.is_ascii_digit();
    if !ok || !letters || bad || edge(first) || edge(last) {
        return None;
    }
    let k = host.iter().rposition(|&b| b == b'.').map_or(0, |k| k + 1);
    Some((usize::from(dots) + 1, &host[k..]))
}

/// `www.host.tld[/...]`: at least three labels, no user information, no
/// `_` in the last two.
pub(super) fn valid_www(u: &[u8]) -> bool {
    host_port(authority(u), false, Underscore::NotInDomain)
        .is_some_and(|h| h.labels >= 3 && h.port_ok)
}

/// A bare host: a known top-level domain, or an IPv4 address; no `_` in
/// the last two labels.
pub(super) fn valid_bare_host(u: &[u8]) -> bool {
    host_port(authority(u), false, Underscore::NotInDomain).is_some_and(|h| {
        h.port_ok
            && (h.ipv4
                || (h.labels >= 2
                    && is_known_tld(h.last)
                    && !h.last.iter().all(u8::is_ascii_digit)))
    })
}

/// `//host`: `localhost`, or a host of two labels or more; no `_` in the
/// last two labels, since `//` with no scheme is as doubtful as a bare
/// host (a comment in code: `//my_var.size`).
pub(super) fn valid_network_path(u: &[u8]) -> bool {
    host_port(authority(u), false, Underscore::NotInDomain)
        .is_some_and(|h| h.port_ok && (h.labels >= 2 || h.last.eq_ignore_ascii_case(b"localhost")))
}

/// `local@domain.tld`, the domain without `_` (RFC 5321 section 4.1.2:
/// a `sub-domain` is letters, digits and hyphens).
pub(super) fn valid_email(u: &[u8]) -> bool {
    let Some(k) = u.iter().rposition(|&b| b == b'@') else {
        return false;
    };
    let (local, domain) = (&u[..k], &u[k + 1..]);
    let a = authority(domain);
    let whole = a.text.len() == domain.len();
    !local.is_empty()
        && local.iter().all(|&b| is_local_byte(b) || b >= 0x80)
        && !domain.contains(&b'_')
        && whole
        && host_port(a, false, Underscore::NotInDomain)
            .is_some_and(|h| !h.has_port && h.labels >= 2 && is_known_tld(h.last))
}

#[cfg(test)]
mod tests {
    use super::super::text::label_byte;
    use super::*;

    #[test]
    fn known_schemes_pass_the_shortcut() {
        for name in [
            "http", "HTTPS", "ftp", "gopher", "mailto", "news", "nntp", "telnet", "wais", "file",
            "prospero", "rlogin", "tn3270", "mid", "cid", "urn",
        ] {
            assert!(known(name.as_bytes()).is_some(), "{name}");
        }
        for name in [
            "x",
            "see",
            "note",
            "z39.50",
            "afs",
            "nfs",
            "mailserver",
            "ldap",
        ] {
            assert!(known(name.as_bytes()).is_none(), "{name}");
        }
    }

    /// The host check as first written, a pass per question (`@`, `:`,
    /// each label split off and tested on its own): what the one-pass
    /// [`host_port`] must agree with.
    fn naive_host_port(
        a: &[u8],
        userinfo: bool,
        underscore: Underscore,
    ) -> Option<(usize, Vec<u8>, bool, bool, bool)> {
        let a = &a[..a
            .iter()
            .position(|&b| matches!(b, b'/' | b'?' | b'#'))
            .unwrap_or(a.len())];
        let hp = match a.iter().rposition(|&b| b == b'@') {
            Some(_) if !userinfo => return None,
            Some(k) => &a[k + 1..],
            None => a,
        };
        let (host, port) = if hp.first() == Some(&b'[') {
            let close = hp.iter().position(|&b| b == b']')?;
            if !valid_ip_literal(&hp[1..close]) {
                return None;
            }
            match &hp[close + 1..] {
                [] => (&hp[..=close], None),
                [b':', p @ ..] => (&hp[..=close], Some(p)),
                _ => return None,
            }
        } else {
            match hp.iter().rposition(|&b| b == b':') {
                Some(k) => (&hp[..k], Some(&hp[k + 1..])),
                None => (hp, None),
            }
        };
        if port.is_some_and(|p| !p.iter().all(u8::is_ascii_digit)) {
            return None;
        }
        let port_ok = port.is_none_or(|p| {
            p.len() <= 5 && p.iter().fold(0u32, |n, &d| n * 10 + u32::from(d - b'0')) <= 65535
        });
        if host.first() == Some(&b'[') {
            return Some((1, host.to_vec(), false, port.is_some(), port_ok));
        }
        let host = host.strip_suffix(b".").unwrap_or(host);
        if host.is_empty() {
            return None;
        }
        let (mut labels, mut numeric, mut last, mut underscores) =
            (0, true, &b""[..], (false, false));
        for label in host.split(|&b| b == b'.') {
            let ok = !label.is_empty()
                && label.first() != Some(&b'-')
                && label.last() != Some(&b'-')
                && label.iter().all(|&b| label_byte(b) || b >= 0x80);
            if !ok {
                return None;
            }
            underscores = (underscores.1, label.contains(&b'_'));
            numeric &= label.len() <= 3
                && label.iter().all(u8::is_ascii_digit)
                && label
                    .iter()
                    .fold(0u32, |n, &d| n * 10 + u32::from(d - b'0'))
                    <= 255;
            labels += 1;
            last = label;
        }
        if last.last() == Some(&b'_')
            || (underscore == Underscore::NotInDomain && (underscores.0 || underscores.1))
        {
            return None;
        }
        Some((
            labels,
            last.to_vec(),
            numeric && labels == 4,
            port.is_some(),
            port_ok,
        ))
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(20_000))]
        #[test]
        fn authority_is_the_naive_search(a in "[a@:/?#A;\\x00\\x01\\x7f\\xff]{0,40}") {
            let b = a.as_bytes();
            let end = b.iter().position(|&c| matches!(c, b'/' | b'?' | b'#')).unwrap_or(b.len());
            let got = authority(b);
            proptest::prop_assert_eq!(got.text, &b[..end]);
            proptest::prop_assert_eq!(got.at, b[..end].iter().rposition(|&c| c == b'@'));
            proptest::prop_assert_eq!(got.colon, b[..end].iter().rposition(|&c| c == b':'));
        }

        #[test]
        fn host_port_is_the_naive_reading(
            a in "[a-c0-9_.:@\\-/?#\\[\\]é]{0,24}",
            userinfo: bool,
            anywhere: bool,
        ) {
            let u = if anywhere { Underscore::Anywhere } else { Underscore::NotInDomain };
            let fast = host_port(authority(a.as_bytes()), userinfo, u)
                .map(|h| (h.labels, h.last.to_vec(), h.ipv4, h.has_port, h.port_ok));
            proptest::prop_assert_eq!(fast, naive_host_port(a.as_bytes(), userinfo, u));
        }
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(50_000))]
        /// Where the one-loop check says a host is plain, the host check
        /// takes it too.
        #[test]
        fn a_plain_host_passes_host_port(a in "[a-c0-9_.:@\\-/?#\\[é%]{0,16}") {
            let b = a.as_bytes();
            if plain_host(b) {
                proptest::prop_assert!(host_port(authority(b), true, Underscore::Anywhere).is_some());
            }
        }
    }

    #[test]
    fn plain_hosts() {
        for h in [
            "a", "a.b", "a-b.c.", "a_b.c/x", "é.fr?q", "x#f", "1.2.3.4", "_a.b",
        ] {
            assert!(plain_host(h.as_bytes()), "{h}");
        }
        for h in [
            "", "-a", "a-", "a_", "a_.", ".a", "a..b", "a.-b", "a-.b", "a:80", "u@a", "[::1]",
            "a%b", "a..",
        ] {
            assert!(!plain_host(h.as_bytes()), "{h}");
        }
    }

    #[test]
    fn label_class_is_label_byte() {
        for b in 0..=255u8 {
            let ok = label_byte(b) || b >= 0x80;
            assert_eq!(LABEL_CLASS[b as usize] & LABEL_OK != 0, ok, "{b:#x}");
            assert_eq!(LABEL_CLASS[b as usize] == 0, !ok, "{b:#x}");
            assert_eq!(
                LABEL_CLASS[b as usize] & LABEL_DIGIT != 0,
                b.is_ascii_digit()
            );
            assert_eq!(LABEL_CLASS[b as usize] & LABEL_UNDERSCORE != 0, b == b'_');
        }
    }

    #[test]
    fn hosts() {
        assert!(valid_bare_host(b"google.com"));
        assert!(valid_bare_host(b"4.4.4.4"));
        assert!(!valid_bare_host(b"1.2.3.400"));
        assert!(!valid_bare_host(b"google.com:500000"));
        assert!(!valid_bare_host(b"-example.coma"));
        assert!(valid_email(b"foo+bar@gmail.com"));
        assert!(!valid_email(b"foo@bar"));
        assert!(valid_known(b"http://[::1]:80/", 4, Shape::Internet));
        assert!(!valid_known(b"http://", 4, Shape::Internet));
        assert!(!valid_known(b"http://.example.com", 4, Shape::Internet));
        assert!(!valid_known(b"http://example.com~", 4, Shape::Internet));
        assert!(!valid_known(b"http://exa%mple.com/", 4, Shape::Internet));
    }

    #[test]
    fn underscores_after_a_scheme_anywhere_without_one_not_in_the_domain() {
        for u in [
            "http://a_b.example.com/x",
            "http://_dmarc.example.com",
            "http://build_server/",
            "ftp://u@host_1.example.org:21/",
            "http://example_.com",
        ] {
            let colon = u.find(':').unwrap();
            assert!(valid_known(u.as_bytes(), colon, Shape::Internet), "{u}");
        }
        assert!(valid_known(b"file://my_host/etc", 4, Shape::File));
        assert!(!valid_known(b"http://x_-.org/", 4, Shape::Internet));
        assert!(!valid_known(b"http://example.com_", 4, Shape::Internet));
        assert!(!valid_known(b"http://build_:80/", 4, Shape::Internet));
        for u in [
            "a_b.example.com",
            "_dmarc.example.com/x",
            "_sip._tcp.example.org",
        ] {
            assert!(valid_bare_host(u.as_bytes()), "{u}");
            assert!(valid_www(format!("www.{u}").as_bytes()), "{u}");
            assert!(valid_network_path(u.as_bytes()), "{u}");
        }
        for u in [
            "foo_bar.com",
            "test_utils.py",
            "_example.com",
            "example.co_m",
            "a.b_c.org",
        ] {
            assert!(!valid_bare_host(u.as_bytes()), "{u}");
            assert!(!valid_www(format!("www.{u}").as_bytes()), "{u}");
            assert!(!valid_network_path(u.as_bytes()), "{u}");
        }
        assert!(valid_email(b"first_last@example.com"));
        assert!(!valid_email(b"joe@mail_1.example.com"));
        assert!(valid_known(b"file:///etc", 4, Shape::File));
        assert!(!valid_known(b"mailto:bar", 6, Shape::Mailto));
        assert!(valid_known(b"urn:isbn:0451450523", 3, Shape::Urn));
    }
}
