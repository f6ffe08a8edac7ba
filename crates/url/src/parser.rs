//! One pass over the input that finds every component and checks every
//! byte against the dialect's grammar.
//!
//! The split follows RFC 1738 section 3.1 (the common Internet scheme
//! syntax) and the generic syntaxes of RFC 1630 and RFC 3986; what a byte may
//! be comes from [`crate::table`]. Faults that leave the structure readable
//! go to a [`Sink`], which turns the first into the error in strict mode
//! and keeps them as warnings in lenient mode; faults that leave nothing to
//! read (no scheme, a port that is no number) end the parse in both.
//!
//! This is the scheme-independent pass: each scheme's own grammar is
//! checked afterwards by [`crate::schemes`], from [`crate::ParseOptions`].

use crate::dialect::Dialect;
use crate::error::{ParseError, ParseErrorKind, undefined_syntax};
use crate::host;
use crate::offsets::{
    AUTHORITY, IP_LITERAL, NONE, Offsets, PASSWORD, PATH_SLASH, PORT, PORT_COLON, USER,
};
use crate::pct::hex_val;
use crate::rulebook::Rule;
use crate::runs;
use crate::scheme::{SCHEMES, Scheme, parse_flags};
use crate::sink::Sink;
use crate::swar::{eq_mask, word_at};
use crate::table::{AUTH_SPECIAL, Class, Component, TABLE, class_of, mask};
use crate::url::{Registry, Url, spec_of};

fn fatal(
    kind: ParseErrorKind,
    at: usize,
    comp: Component,
    byte: Option<u8>,
    d: Dialect,
) -> ParseError {
    ParseError::new(kind, at, comp, byte, d)
}

/// The violation for a byte that `comp` does not allow.
#[cold]
fn refused(b: u8, at: usize, comp: Component, d: Dialect) -> ParseError {
    // RFC 1630 lists "$", "&", "!" and the like as safe or extra: what is
    // wrong in its user or password is that alphanum2 leaves them out, not
    // that they are unsafe.
    if d == Dialect::Rfc1630
        && matches!(comp, Component::User | Component::Password)
        && crate::table::rfc1630_safe_or_extra(b)
    {
        let rule = if comp == Component::User {
            "user"
        } else {
            "password"
        };
        return ParseError::scheme_rule(
            at,
            comp,
            d,
            rule,
            "RFC 1630, BNF for specific URL schemes",
            "RFC 1630's user and password are alphanum2: letters, digits, '-', '_', '.' and '+'; any other character must be %-encoded",
        );
    }
    let kind = match class_of(b, d) {
        Class::Control => ParseErrorKind::ControlChar,
        Class::NonAscii => ParseErrorKind::NonAscii,
        Class::Space | Class::Unsafe => ParseErrorKind::UnsafeChar,
        Class::Reserved => ParseErrorKind::ReservedChar,
    };
    ParseError::new(kind, at, comp, Some(b), d)
}

/// Scans `b[i..end]` as component `comp`, reporting bytes it does not allow
/// and bad escapes. Stops early at `?` when `stop_query` and at `#` when
/// `stop_hash`; returns where it stopped.
// Eight plain arguments keep this hot loop free of a context struct the
// optimizer would have to see through.
#[allow(clippy::too_many_arguments)]
#[inline(always)]
fn scan(
    b: &[u8],
    mut i: usize,
    end: usize,
    comp: Component,
    stop_query: bool,
    stop_hash: bool,
    d: Dialect,
    sink: &mut Sink<'_>,
) -> Result<usize, ParseError> {
    while i < end {
        i = runs::skip(b, i, end, d, comp);
        let Some(&c) = b.get(i).filter(|_| i < end) else {
            break;
        };
        match c {
            b'#' if stop_hash => return Ok(i),
            b'?' if stop_query => return Ok(i),
            // RFC 1738's xchar has "?", but the table leaves it out of paths so
            // that the schemes where it delimits stop on it.
            b'?' if comp == Component::Path && d == Dialect::Rfc1738 => i += 1,
            b'%' => {
                let ok = i + 2 < end && hex_val(b[i + 1]).is_some() && hex_val(b[i + 2]).is_some();
                if ok {
                    i += 3;
                } else {
                    sink.report(ParseError::new(
                        ParseErrorKind::BadEscape,
                        i,
                        comp,
                        Some(c),
                        d,
                    ))?;
                    i += 1;
                }
            }
            _ => {
                sink.report(refused(c, i, comp, d))?;
                i += host::utf8_len(c);
            }
        }
    }
    Ok(end)
}

/// Parses a URL, returning its offsets.
///
/// When nobody listens (lenient, warnings not kept) only the faults that
/// end a parse can change the result, so the checks that could only
/// report are skipped: the outcome is the same, as a property test shows.
// Always inline: since the http path has a copy of its own, LLVM left
// this a call, and the call with its offsets passed through memory cost
// the lenient parse 44 of its 352 instructions a URL (callgrind,
// `UNIFORM_BENCH_IR_LINES=5000 scripts/bench-inproc.sh ir`).
#[inline(always)]
pub(crate) fn parse(
    input: &str,
    d: Dialect,
    registry: Option<&'static Registry>,
    sink: &mut Sink<'_>,
) -> Result<Offsets, ParseError> {
    if sink.listening() {
        parse_impl::<true>(input, d, registry, sink)
    } else {
        parse_impl::<false>(input, d, registry, sink)
    }
}

/// [`parse`] for a sink that listens: every check runs.
#[inline]
pub(crate) fn parse_checked(
    input: &str,
    d: Dialect,
    registry: Option<&'static Registry>,
    sink: &mut Sink<'_>,
) -> Result<Offsets, ParseError> {
    parse_impl::<true>(input, d, registry, sink)
}

/// The first `#` (or `?` when `stop_query`) at or after `i`, else the end.
#[inline(always)]
fn find_delim(b: &[u8], i: usize, stop_query: bool) -> usize {
    let q = if stop_query { b'?' } else { b'#' };
    let n = b.len();
    let mut k = i;
    while k < n {
        let w = word_at(b, k);
        let m = eq_mask(w, b'#') | eq_mask(w, q);
        if m != 0 {
            return k + (m.trailing_zeros() / 8) as usize;
        }
        k += 8;
    }
    n
}

/// `http://` or `https://`, in any case, recognised with one load: most
/// URLs in bulk start so, and it spares the scheme loop and its lookup.
#[inline(always)]
fn fast_scheme(b: &[u8]) -> Option<(usize, Scheme)> {
    if b.len() < 8 {
        return None;
    }
    let w = u64::from_le_bytes(b[..8].try_into().unwrap());
    let s = usize::from((w >> 32) as u8 | 0x20 == b's');
    let http = (w as u32 | 0x2020_2020) == u32::from_le_bytes(*b"http");
    let sep =
        (w >> (8 * (4 + s))) & 0xFF_FFFF == u64::from(u32::from_le_bytes([b':', b'/', b'/', 0]));
    (http & sep).then_some((4 + s, [Scheme::Http, Scheme::Https][s]))
}

#[inline(always)]
fn parse_impl<const CHECK: bool>(
    input: &str,
    d: Dialect,
    registry: Option<&'static Registry>,
    sink: &mut Sink<'_>,
) -> Result<Offsets, ParseError> {
    let b = input.as_bytes();
    let n = b.len();
    if n == 0 {
        return Err(fatal(ParseErrorKind::Empty, 0, Component::Scheme, None, d));
    }
    if n >= NONE as usize {
        return Err(fatal(
            ParseErrorKind::TooLong,
            0,
            Component::Scheme,
            None,
            d,
        ));
    }

    // scheme ":" (RFC 1738 section 2.1; RFC 3986 section 3.1).
    let (i, scheme) = match fast_scheme(b) {
        // The rest of the parse, specialised to http's flags and to the
        // "//" that `fast_scheme` has seen: no lookup, and the delimiter
        // searches test constants.
        Some((i, scheme)) => {
            return after_scheme::<CHECK>(b, i, scheme, HTTP_FLAGS, true, d, sink);
        }
        None => {
            let sm = mask(d, Component::Scheme);
            let mut i = 0;
            loop {
                let Some(&c) = b.get(i) else {
                    return Err(fatal(
                        ParseErrorKind::MissingScheme,
                        0,
                        Component::Scheme,
                        None,
                        d,
                    ));
                };
                if TABLE[c as usize] & sm == 0 {
                    if c == b':' {
                        break;
                    }
                    // A "/", "?" or "#" before any ":" makes it a relative
                    // reference (RFC 1630: an absolute form has a colon before
                    // any slash), not a URL with a bad scheme name.
                    let colon_first = b[i..]
                        .iter()
                        .find(|&&x| matches!(x, b':' | b'/' | b'?' | b'#'))
                        .is_some_and(|&x| x == b':');
                    let kind = if colon_first {
                        ParseErrorKind::BadScheme
                    } else {
                        ParseErrorKind::MissingScheme
                    };
                    let at = if kind == ParseErrorKind::MissingScheme {
                        0
                    } else {
                        i
                    };
                    return Err(fatal(kind, at, Component::Scheme, Some(c), d));
                }
                i += 1;
            }
            if i == 0 {
                return Err(fatal(
                    ParseErrorKind::BadScheme,
                    0,
                    Component::Scheme,
                    Some(b':'),
                    d,
                ));
            }
            // RFC 1738 lets a scheme start with a digit; RFC 1630 (ialpha) and
            // RFC 3986 (ALPHA) do not.
            if d != Dialect::Rfc1738 && !b[0].is_ascii_alphabetic() {
                return Err(fatal(
                    ParseErrorKind::BadScheme,
                    0,
                    Component::Scheme,
                    Some(b[0]),
                    d,
                ));
            }
            let scheme = Scheme::from_bytes(&b[..i]);
            (i, scheme)
        }
    };
    let flags = match spec_of(registry, scheme, &b[..i]) {
        Some(spec) => spec.row.parse_flags(),
        None => scheme.parse_flags(),
    };
    let slashes = b[i + 1..].starts_with(b"//")
        && (d == Dialect::Rfc3986 || flags & parse_flags::OPAQUE == 0);
    after_scheme::<CHECK>(b, i, scheme, flags, slashes, d, sink)
}

/// http's and https's parse flags, which `fast_scheme`'s path takes as
/// constants.
const HTTP_FLAGS: u8 = SCHEMES[Scheme::Http as usize].parse_flags();
const _: () = assert!(
    SCHEMES[Scheme::Https as usize].parse_flags() == HTTP_FLAGS
        && HTTP_FLAGS & parse_flags::OPAQUE == 0
);

/// The parse after the scheme's name, which ends at `i` (its ":"), by the
/// scheme's parse `flags`; `slashes` when "//" follows the ":" and the
/// scheme reads an authority after it.
#[inline(always)]
fn after_scheme<const CHECK: bool>(
    b: &[u8],
    mut i: usize,
    scheme: Scheme,
    flags: u8,
    slashes: bool,
    d: Dialect,
    sink: &mut Sink<'_>,
) -> Result<Offsets, ParseError> {
    let n = b.len();
    let mut off = Offsets {
        scheme_end: i as u32,
        user_end: 0,
        host_start: 0,
        host_end: 0,
        path_start: 0,
        query_start: NONE,
        fragment_start: NONE,
        port: 0,
        scheme,
        dialect: d,
        flags: 0,
    };
    let internet = flags & parse_flags::INTERNET != 0;
    // RFC 1738 section 4 reserves named schemes without a syntax; RFC 1630
    // reserves urn for a future standard, which RFC 3986's time has (RFC 8141).
    if CHECK
        && flags & parse_flags::DEFINED == 0
        && scheme.name().is_some()
        && !(scheme == Scheme::Urn && d == Dialect::Rfc3986)
    {
        sink.report(undefined_syntax(scheme, d))?;
    }
    i += 1;
    let has_search = d != Dialect::Rfc1738 || flags & parse_flags::SEARCH_1738 != 0;

    if slashes {
        off.flags |= AUTHORITY;
        i = authority::<CHECK>(
            b,
            i + 2,
            d,
            internet && scheme != Scheme::File,
            has_search,
            &mut off,
            sink,
        )?;
        if i < n && b[i] == b'/' {
            off.flags |= PATH_SLASH;
        }
    } else {
        // RFC 1630's own URL BNF writes nntp without a host
        // ("nntpaddress = n n t p : group / digits"), the one scheme of
        // its list that has none; RFC 1738 section 3.7 gave it one.
        let rfc1630_nntp = d == Dialect::Rfc1630 && scheme == Scheme::Nntp;
        // RFC 3986's generic syntax has no "//" requirement: a scheme's
        // own definition asks for it, and its view cites that definition
        // (`rulebook`); a registered scheme keeps the generic report.
        let by_view = d == Dialect::Rfc3986 && scheme.name().is_some();
        if CHECK && internet && !rfc1630_nntp && !by_view {
            sink.report(fatal(
                ParseErrorKind::MissingAuthority,
                i,
                Component::Host,
                None,
                d,
            ))?;
        }
        off.host_start = i as u32;
        off.host_end = i as u32;
    }
    off.path_start = i as u32;

    i = if CHECK {
        scan(b, i, n, Component::Path, has_search, true, d, sink)?
    } else {
        find_delim(b, i, has_search)
    };
    if i < n && b[i] == b'?' {
        off.query_start = i as u32;
        i = if CHECK {
            scan(b, i + 1, n, Component::Query, false, true, d, sink)?
        } else {
            find_delim(b, i + 1, false)
        };
    }
    if i < n {
        // Only a "#" stops the scans above.
        off.fragment_start = i as u32;
        if CHECK {
            scan(b, i + 1, n, Component::Fragment, false, false, d, sink)?;
        }
    }
    Ok(off)
}

/// Parses `//` login (RFC 1738 section 3.1) from `start`, just after the
/// `//`; returns where the authority ends.
#[inline(always)]
fn authority<const CHECK: bool>(
    b: &[u8],
    start: usize,
    d: Dialect,
    needs_host: bool,
    has_search: bool,
    off: &mut Offsets,
    sink: &mut Sink<'_>,
) -> Result<usize, ParseError> {
    // A word-at-a-time search settles the common authority with no "@"
    // or ":" (a bare host); else one pass finds the end, the last "@" and
    // the colons. The authority ends at the first "/" or "#", and at "?"
    // where "?" delimits a search part; the user name ends at the last "@"
    // (an "@" before it must have been encoded, and is reported below).
    // Without an "@" the host starts the authority, and only a "[" there
    // makes an IP literal: one byte tested instead of a mask a word.
    let n = b.len();
    let q = if has_search { b'?' } else { b'/' };
    let mut k = start;
    let fast_end = if b.get(start) == Some(&b'[') {
        None
    } else {
        loop {
            if k >= n {
                break Some(n);
            }
            let w = word_at(b, k);
            let e = eq_mask(w, b'/') | eq_mask(w, b'#') | eq_mask(w, q);
            let sp = eq_mask(w, b'@') | eq_mask(w, b':');
            if e != 0 {
                let below = (e & e.wrapping_neg()) - 1;
                break if sp & below == 0 {
                    Some(k + (e.trailing_zeros() / 8) as usize)
                } else {
                    None
                };
            }
            if sp != 0 {
                break None;
            }
            k += 8;
        }
    };
    if let Some(end) = fast_end {
        // A bare host: no user, no port, and no bracket at its start.
        off.host_start = start as u32;
        off.host_end = end as u32;
        if CHECK {
            check_unbracketed(b, start, end, needs_host, d, sink)?;
        }
        return Ok(end);
    }
    let mut end = start;
    let mut at = None;
    let mut first_colon = None;
    let mut host_colon = None;
    let mut bracket = false;
    while end < n {
        let c = b[end];
        if TABLE[c as usize] & AUTH_SPECIAL != 0 {
            match c {
                b'/' | b'#' => break,
                b'?' if has_search => break,
                b'@' => {
                    at = Some(end);
                    host_colon = None;
                    bracket = false;
                }
                b':' => {
                    first_colon.get_or_insert(end);
                    host_colon.get_or_insert(end);
                }
                b'[' => bracket = true,
                _ => {}
            }
        }
        end += 1;
    }

    let mut hs = start;
    if let Some(at) = at {
        off.flags |= USER;
        let colon = first_colon.filter(|&c| c < at);
        let user_end = colon.unwrap_or(at);
        off.user_end = user_end as u32;
        if CHECK {
            scan(b, start, user_end, Component::User, false, false, d, sink)?;
        }
        if let Some(c) = colon {
            off.flags |= PASSWORD;
            if CHECK {
                scan(b, c + 1, at, Component::Password, false, false, d, sink)?;
            }
        }
        hs = at + 1;
    }
    off.host_start = hs as u32;

    // host [ ":" port ]
    let host_end;
    if bracket && b.get(hs) == Some(&b'[') {
        let Some(close) = b[hs..end].iter().position(|&c| c == b']').map(|p| hs + p) else {
            return Err(fatal(
                ParseErrorKind::UnclosedIpLiteral,
                hs,
                Component::Host,
                Some(b'['),
                d,
            ));
        };
        off.flags |= IP_LITERAL;
        if CHECK && d != Dialect::Rfc3986 {
            sink.report(
                ParseError::new(
                    ParseErrorKind::UnsafeChar,
                    hs,
                    Component::Host,
                    Some(b'['),
                    d,
                )
                .with_detail("IP literals in brackets are RFC 3986 syntax"),
            )?;
        }
        if CHECK && !host::valid_ip_literal(&b[hs + 1..close]) {
            sink.report(
                ParseError::new(ParseErrorKind::BadHost, hs + 1, Component::Host, None, d)
                    .with_detail("not an IPv6 address nor an IPvFuture literal"),
            )?;
        }
        host_end = close + 1;
        if host_end < end && b[host_end] != b':' {
            return Err(fatal(
                ParseErrorKind::BadPort,
                host_end,
                Component::Port,
                Some(b[host_end]),
                d,
            ));
        }
    } else {
        host_end = host_colon.unwrap_or(end);
        if CHECK {
            check_unbracketed(b, hs, host_end, needs_host, d, sink)?;
        }
    }
    off.host_end = host_end as u32;

    if host_end < end {
        off.flags |= PORT_COLON;
        let digits = &b[host_end + 1..end];
        if digits.is_empty() {
            if CHECK && d != Dialect::Rfc3986 {
                sink.report(fatal(
                    ParseErrorKind::EmptyPort,
                    host_end,
                    Component::Port,
                    None,
                    d,
                ))?;
            }
        } else {
            let mut v: u32 = 0;
            for (k, &c) in digits.iter().enumerate() {
                if !c.is_ascii_digit() {
                    return Err(fatal(
                        ParseErrorKind::BadPort,
                        host_end + 1 + k,
                        Component::Port,
                        Some(c),
                        d,
                    ));
                }
                // Saturates: every value past 65535 is as far out of range.
                v = v.saturating_mul(10).saturating_add(u32::from(c - b'0'));
            }
            match u16::try_from(v) {
                Ok(port) => {
                    off.flags |= PORT;
                    off.port = port;
                }
                // The grammars' port is digits of any length: the limit is
                // TCP's, and the rulebook says what each dialect makes of
                // it. The number has no u16: `port()` is then `None`, and
                // the planner refuses the URL rather than use a default.
                Err(_) if CHECK => port_range(host_end + 1, d, sink)?,
                Err(_) => {}
            }
        }
    }
    Ok(end)
}

/// Checks the host `b[hs..host_end]`, not in brackets.
#[inline(always)]
fn check_unbracketed(
    b: &[u8],
    hs: usize,
    host_end: usize,
    needs_host: bool,
    d: Dialect,
    sink: &mut Sink<'_>,
) -> Result<(), ParseError> {
    if host_end == hs {
        // file://, and RFC 3986's empty reg-name, may have no host.
        if needs_host && d != Dialect::Rfc3986 {
            sink.report(fatal(
                ParseErrorKind::EmptyHost,
                hs,
                Component::Host,
                None,
                d,
            ))?;
        }
    } else {
        // The grammar judges the text; UTS 46 judges the name that goes
        // onto the wire, for the hosts it changes.
        if host::check(&b[hs..host_end], hs, d, sink)? {
            idna_check(&b[hs..host_end], hs, d, sink)?;
        }
    }
    Ok(())
}

/// The UTS 46 check of a host, kept out of line: few hosts need it.
#[cold]
#[inline(never)]
fn idna_check(host: &[u8], at: usize, d: Dialect, sink: &mut Sink<'_>) -> Result<(), ParseError> {
    match core::str::from_utf8(host) {
        Ok(h) => crate::idn::check(h, at, d, sink),
        // The input is a str and the host's ends are ASCII delimiters.
        Err(_) => Ok(()),
    }
}

/// A port past 65535, reported as `Rule::PortRange` is cited in `d`.
#[cold]
fn port_range(at: usize, d: Dialect, sink: &mut Sink<'_>) -> Result<(), ParseError> {
    let Some(c) = Rule::PortRange.under(d) else {
        return Ok(());
    };
    let e = ParseError::new(ParseErrorKind::PortRange, at, Component::Port, None, d)
        .cited(c.name, c.section)
        .with_detail(c.detail);
    sink.cite(e, c.force)
}

/// The offsets checked against a fresh parse.
impl Url {
    /// Checks that the offsets describe the text (for tests and fuzzing).
    ///
    /// # Panics
    ///
    /// When an offset is out of order or off a character boundary, or when
    /// reparsing the text gives other offsets.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::Url;
    /// Url::parse("ftp://u:p@h:1/x;type=a")?.check_invariants();
    /// # Ok::<_, uniform::ParseError>(())
    /// ```
    pub fn check_invariants(&self) {
        let text = self.as_str();
        let r = self.as_url_ref();
        let o = r.offsets();
        let len = text.len() as u32;
        assert!(o.scheme_end < len && text.as_bytes()[o.scheme_end as usize] == b':');
        assert!(o.host_start <= o.host_end && o.host_end <= o.path_start);
        assert!(o.path_start <= len);
        if o.query_start != NONE {
            assert!(
                o.query_start >= o.path_start && text.as_bytes()[o.query_start as usize] == b'?'
            );
        }
        if o.fragment_start != NONE {
            assert!(
                o.fragment_start >= o.path_start
                    && text.as_bytes()[o.fragment_start as usize] == b'#'
            );
        }
        for p in [o.host_start, o.host_end, o.path_start] {
            assert!(text.is_char_boundary(p as usize));
        }
        let mut sink = Sink {
            strict: false,
            out: None,
        };
        let again = parse(text, o.dialect, r.registry(), &mut sink).expect("reparse");
        assert_eq!(&again, o, "reparse of {:?}", text);
    }
}

#[cfg(test)]
mod tests {
    use super::find_delim;

    #[test]
    fn find_delim_agrees_with_a_naive_search() {
        let texts = [
            "",
            "abc",
            "a#b",
            "abcdefgh?ij#",
            "abcdefghijklmnop#",
            "????????",
            "#",
            "é#x?",
            "abcdefg\u{80}#",
        ];
        for t in texts {
            let b = t.as_bytes();
            for i in 0..=b.len() {
                for q in [false, true] {
                    let want = b[i..]
                        .iter()
                        .position(|&c| c == b'#' || (q && c == b'?'))
                        .map_or(b.len(), |p| i + p);
                    assert_eq!(find_delim(b, i, q), want, "{t:?} from {i} q={q}");
                }
            }
        }
    }
}
