//! The checks the schemes' grammars share: reporting a rule's violation,
//! the reserved characters a rule leaves out, a login where none may be,
//! and the note on names RFC 1738 reserves without a syntax.

use super::encoded;
use crate::dialect::Dialect;
use crate::error::{ParseError, ParseErrorKind};
use crate::rulebook::Rule;
use crate::sink::Sink;
use crate::table::{Component, S1738_RESERVED as RESERVED};
use crate::url::UrlRef;

/// Reports one violation of a scheme rule.
#[cold]
pub(crate) fn report(
    sink: &mut Sink<'_>,
    url: &UrlRef<'_>,
    at: usize,
    comp: Component,
    rule: &'static str,
    section: &'static str,
    detail: &'static str,
) -> Result<(), ParseError> {
    sink.report(ParseError::scheme_rule(
        at,
        comp,
        url.dialect(),
        rule,
        section,
        detail,
    ))
}

/// RFC 1738 only: reports each reserved character of `field` (a slice of
/// `url`'s text) that the scheme's rule does not list in `allowed`. The
/// parser has already reported unsafe characters and bad escapes; the
/// schemes narrow the reserved ones. RFC 1630 and RFC 3986 give the
/// reserved characters by their own generic classes, which the parser
/// checks.
#[allow(clippy::too_many_arguments)]
pub(crate) fn check_reserved(
    sink: &mut Sink<'_>,
    url: &UrlRef<'_>,
    field: &str,
    allowed: &[u8],
    comp: Component,
    rule: &'static str,
    section: &'static str,
    detail: &'static str,
) -> Result<(), ParseError> {
    if url.dialect() != Dialect::Rfc1738 {
        return Ok(());
    }
    let refused = |b: u8| RESERVED.contains(&b) && !allowed.contains(&b);
    let Some(first) = first_refused(field.as_bytes(), refused) else {
        return Ok(());
    };
    let base = encoded::offset_in(url.as_str(), field);
    for (i, &b) in field.as_bytes().iter().enumerate().skip(first) {
        if refused(b) {
            report(sink, url, base + i, comp, rule, section, detail)?;
        }
    }
    Ok(())
}

/// Where the first byte of `field` that `refused` refuses lies, if any.
/// Most fields hold none; the search for the one to three bytes most rules
/// refuse is memchr's, which reads a long path a vector at a time. (The
/// byte loop's search for `;` in `file` paths was 6% of a strict parse of
/// a crawl; on paths of a few dozen bytes memchr's own start-up eats most
/// of the gain: the scheme checks fell from 13.0% to 12.3% of the parse.)
#[inline]
fn first_refused(field: &[u8], refused: impl Fn(u8) -> bool) -> Option<usize> {
    let mut set = [0u8; 7];
    let mut n = 0;
    for &b in RESERVED.iter().filter(|&&b| refused(b)) {
        set[n] = b;
        n += 1;
    }
    match set[..n] {
        [] => None,
        [a] => memchr::memchr(a, field),
        [a, b] => memchr::memchr2(a, b, field),
        [a, b, c] => memchr::memchr3(a, b, c, field),
        _ => field.iter().position(|&b| refused(b)),
    }
}

/// Reports a breach of `rule` at `at` as the URL's dialect cites it, with
/// that citation's own detail; nothing where the dialect does not state
/// the rule. Cold: it runs on a fault only, and what it reads (the rule
/// table's strings) stays out of the validators' hot paths.
#[cold]
#[inline(never)]
pub(crate) fn breach(
    sink: &mut Sink<'_>,
    url: &UrlRef<'_>,
    at: usize,
    comp: Component,
    rule: Rule,
) -> Result<(), ParseError> {
    breach_because(sink, url, at, comp, rule, None)
}

/// As [`breach`], with a detail that says more than the rule's own (which
/// part of an address is wrong).
#[cold]
#[inline(never)]
pub(crate) fn breach_because(
    sink: &mut Sink<'_>,
    url: &UrlRef<'_>,
    at: usize,
    comp: Component,
    rule: Rule,
    detail: Option<&'static str>,
) -> Result<(), ParseError> {
    let Some(c) = rule.under(url.dialect()) else {
        return Ok(());
    };
    let e = ParseError::scheme_rule(
        at,
        comp,
        url.dialect(),
        c.name,
        c.section,
        detail.unwrap_or(c.detail),
    );
    sink.cite(e, c.force)
}

/// The schemes with no user name or password (RFC 1738 sections 3.3 to
/// 3.11 and their successors): `rule` says which, and where.
pub(crate) fn refuse_login(
    sink: &mut Sink<'_>,
    url: &UrlRef<'_>,
    rule: Rule,
) -> Result<(), ParseError> {
    match url.user() {
        Some(user) => {
            let at = encoded::offset_in(url.as_str(), user);
            breach(sink, url, at, Component::User, rule)
        }
        None => Ok(()),
    }
}

/// Under RFC 3986, whose generic syntax has no "//" requirement, the
/// scheme's own definition asks for `//` and a host: `rule` cites it. Under
/// RFC 1738 and RFC 1630 the parser checks the common Internet syntax.
pub(crate) fn require_host(
    sink: &mut Sink<'_>,
    url: &UrlRef<'_>,
    rule: Rule,
) -> Result<(), ParseError> {
    if url.dialect() != Dialect::Rfc3986 {
        return Ok(());
    }
    if !url.has_authority() {
        breach(sink, url, url.scheme().len() + 1, Component::Host, rule)
    } else if url.host().is_some_and(str::is_empty) {
        let at = encoded::offset_in(url.as_str(), url.host().unwrap_or_default());
        breach(sink, url, at, Component::Host, rule)
    } else {
        Ok(())
    }
}

/// RFC 1738 section 4 also reserves `mid`, `cid` and `tn3270` "for future
/// definition"; RFC 1630 gives them a syntax, which the views use. Under
/// RFC 1738 that deserves the same note as `afs`. The rows say it: a
/// scheme with a syntax that also cites RFC 1738 section 4.
pub(crate) fn reserved_by_1738(url: &UrlRef<'_>, sink: &mut Sink<'_>) -> Result<(), ParseError> {
    let row = url.scheme_row();
    if !row.defined || !row.rfcs.iter().skip(1).any(|r| *r == "RFC 1738 section 4") {
        return Ok(());
    }
    let detail = "RFC 1738 section 4 reserves the scheme without a syntax; read by the syntax RFC 1630 gives it";
    if url.dialect() == Dialect::Rfc1738 {
        sink.report(
            ParseError::new(
                ParseErrorKind::UndefinedSyntax,
                0,
                Component::Scheme,
                None,
                Dialect::Rfc1738,
            )
            .with_detail(detail),
        )?;
    }
    Ok(())
}
