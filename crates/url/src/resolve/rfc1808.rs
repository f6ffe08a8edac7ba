//! RFC 1808 section 4, on the components of its section 2.4.

use super::dots;
use super::error::ResolveError;
use super::hierarchy::hierarchical;
use super::rules::Rules;
use super::split::{Parts1808, split_1808};
use crate::prelude::*;

/// Whether a component the RFC tests for being "non-empty" is.
#[inline]
fn non_empty(c: Option<&str>) -> bool {
    c.is_some_and(|s| !s.is_empty())
}

pub(super) fn resolve(base: &str, reference: &str, out: &mut String) -> Result<(), ResolveError> {
    let b = split_1808(base);
    let Some(bs) = b.scheme else {
        return Err(ResolveError::base_not_absolute_1808(base));
    };
    // Step 2a: "If the embedded URL is entirely empty, it inherits the
    // entire base URL": fragment included (section 5.2).
    if reference.is_empty() {
        out.push_str(base);
        return Ok(());
    }
    let r = split_1808(reference);
    // Step 2b: a scheme makes it absolute, taken as it is ("http:g").
    if r.scheme.is_some() {
        out.push_str(reference);
        return Ok(());
    }
    let same_document = r.net_loc.is_none()
        && !r.rooted
        && r.path.is_empty()
        && r.params.is_none()
        && r.query.is_none();
    if !same_document && never_relative(bs) {
        return Err(ResolveError::base_not_hierarchical(bs, Rules::Rfc1808));
    }
    // Step 2c.
    out.push_str(bs);
    out.push(':');
    let (params, query);
    if non_empty(r.net_loc) {
        // Step 3, then straight to step 7.
        out.push_str("//");
        out.push_str(r.net_loc.unwrap_or_default());
        push_path(out, r.rooted, r.path);
        (params, query) = (r.params, r.query);
    } else {
        // Step 3: the base's net_loc, if any.
        if let Some(n) = b.net_loc {
            out.push_str("//");
            out.push_str(n);
        }
        if r.rooted {
            // Step 4: an absolute path, taken as it is.
            push_path(out, true, r.path);
            (params, query) = (r.params, r.query);
        } else if r.path.is_empty() {
            // Step 5: the base's path; its params unless the reference
            // has some; its query unless the reference has one.
            push_path(out, b.rooted, b.path);
            if non_empty(r.params) {
                (params, query) = (r.params, r.query);
            } else {
                params = b.params.or(r.params);
                query = if non_empty(r.query) {
                    r.query
                } else {
                    b.query.or(r.query)
                };
            }
        } else {
            // Step 6: the base's last segment is replaced, then the dots.
            // After a net_loc the path is always rooted ("//" net_loc
            // [ abs_path ], section 2.2), so "http://a" with "g" is "http://a/g".
            if b.rooted || b.net_loc.is_some() {
                out.push('/');
            }
            dots::rfc1808(out, dir(&b), r.path);
            (params, query) = (r.params, r.query);
        }
    }
    // Step 7.
    if let Some(p) = params {
        out.push(';');
        out.push_str(p);
    }
    super::rfc3986::push_tail(out, query, r.fragment);
    Ok(())
}

/// Section 2.3: "some schemes are never appropriate for use with relative
/// URLs", of which it names the RFC 1738 ones, "mailto", "news" and
/// "telnet"; `mid`, `cid` and `urn`, defined since, are of the same kind
/// (an identifier without a hierarchy). The section lets the resolution
/// process ignore the difference; refusing keeps the RFC's "never".
#[inline]
fn never_relative(scheme: &str) -> bool {
    !hierarchical(scheme) || scheme.eq_ignore_ascii_case("telnet")
}

#[inline]
fn push_path(out: &mut String, rooted: bool, path: &str) {
    if rooted {
        out.push('/');
    }
    out.push_str(path);
}

/// Step 6: "The last segment of the base URL's path (anything following
/// the rightmost slash "/", or the entire path if no slash is present) is
/// removed".
#[inline]
fn dir<'a>(b: &Parts1808<'a>) -> &'a str {
    &b.path[..b.path.rfind('/').map_or(0, |k| k + 1)]
}
