//! RFC 3986 section 5.2 and RFC 2396 section 5.2.

use super::split::{Parts, SchemeSyntax, head_with, rfind_byte, scheme_len, split, split_with};
use super::{ResolveError, dots, hierarchical};

/// RFC 3986 section 5.2.2 with 5.2.3 and 5.3. `compat` is the non-strict
/// reading of 5.2.2: a reference naming the base's own scheme drops it.
pub(super) fn resolve(
    base: &str,
    reference: &str,
    compat: bool,
    out: &mut String,
) -> Result<(), ResolveError> {
    let Some(n) = scheme_len(base, SchemeSyntax::Strict) else {
        return Err(ResolveError::base_not_absolute(base, SchemeSyntax::Strict));
    };
    resolve_with(BaseView::Text(base, n), reference, compat, out)
}

/// A base as given (text and scheme length), split only as far as a
/// reference needs: an absolute reference or a network path needs its
/// scheme alone. Or a base split beforehand, by [`Base`](super::Base).
#[derive(Clone, Copy)]
pub(super) enum BaseView<'a, 'p> {
    Text(&'a str, usize),
    Split(&'p Parts<'a>),
}

impl<'a> BaseView<'a, '_> {
    #[inline]
    fn scheme(&self) -> &'a str {
        match *self {
            BaseView::Text(t, n) => &t[..n],
            BaseView::Split(p) => p.scheme.unwrap_or_default(),
        }
    }

    #[inline]
    fn authority(&self) -> Option<&'a str> {
        match *self {
            BaseView::Text(t, n) => head_with(t, Some(n)).1,
            BaseView::Split(p) => p.authority,
        }
    }

    #[inline]
    fn parts(&self) -> Parts<'a> {
        match *self {
            BaseView::Text(t, n) => split_with(t, Some(n)),
            BaseView::Split(p) => *p,
        }
    }
}

pub(super) fn resolve_with(
    base: BaseView<'_, '_>,
    reference: &str,
    compat: bool,
    out: &mut String,
) -> Result<(), ResolveError> {
    let bs = base.scheme();
    let r = split(reference, SchemeSyntax::Strict);
    let mut scheme = r.scheme;
    if compat && scheme.is_some_and(|s| s.eq_ignore_ascii_case(bs)) && hierarchical(bs) {
        scheme = None;
    }
    if let Some(s) = scheme {
        out.push_str(s);
        out.push(':');
        if let Some(a) = r.authority {
            out.push_str("//");
            out.push_str(a);
        }
        dots::rfc3986_dotted(out, r.path, "", r.dotted);
        push_tail(out, r.query, r.fragment);
        return Ok(());
    }
    check_hierarchy(bs, &r)?;
    out.push_str(bs);
    out.push(':');
    let query;
    if let Some(a) = r.authority {
        out.push_str("//");
        out.push_str(a);
        dots::rfc3986_dotted(out, r.path, "", r.dotted);
        query = r.query;
    } else if r.path.starts_with('/') {
        if let Some(a) = base.authority() {
            out.push_str("//");
            out.push_str(a);
        }
        dots::rfc3986_dotted(out, r.path, "", r.dotted);
        query = r.query;
    } else {
        let b = base.parts();
        if let Some(a) = b.authority {
            out.push_str("//");
            out.push_str(a);
        }
        if r.path.is_empty() {
            // "T.path = Base.path": taken as it is, dot segments and all.
            out.push_str(b.path);
            query = r.query.or(b.query);
        } else {
            dots::rfc3986_merge(out, merge_dir(&b), b.dotted, r.path, r.dotted);
            query = r.query;
        }
    }
    push_tail(out, query, r.fragment);
    Ok(())
}

/// The part of the base path that section 5.2.3 keeps: "/" when the base
/// has an authority and an empty path, else up to and including its
/// rightmost "/" (nothing when it has none).
#[inline]
fn merge_dir<'a>(b: &Parts<'a>) -> &'a str {
    if b.authority.is_some() && b.path.is_empty() {
        "/"
    } else {
        &b.path[..rfind_byte(b.path.as_bytes(), b'/').map_or(0, |k| k + 1)]
    }
}

/// A reference that is neither empty nor a bare fragment needs a
/// hierarchical base (RFC 1738 section 2.3).
fn check_hierarchy(base_scheme: &str, r: &Parts<'_>) -> Result<(), ResolveError> {
    let same_document = r.authority.is_none() && r.path.is_empty() && r.query.is_none();
    if same_document || hierarchical(base_scheme) {
        Ok(())
    } else {
        Err(ResolveError::base_not_hierarchical(base_scheme))
    }
}

#[inline]
pub(super) fn push_tail(out: &mut String, query: Option<&str>, fragment: Option<&str>) {
    if let Some(q) = query {
        out.push('?');
        out.push_str(q);
    }
    if let Some(f) = fragment {
        out.push('#');
        out.push_str(f);
    }
}

/// RFC 2396 section 5.2, steps 2 to 7.
pub(super) fn resolve_2396(
    base: &str,
    reference: &str,
    out: &mut String,
) -> Result<(), ResolveError> {
    let b = split(base, SchemeSyntax::Strict);
    let Some(bs) = b.scheme else {
        return Err(ResolveError::base_not_absolute(base, SchemeSyntax::Strict));
    };
    let r = split(reference, SchemeSyntax::Strict);
    // Step 2: "a reference to the current document". Which document that is
    // the RFC leaves to the context; here it is the base, as in its
    // Appendix C note and in every later RFC.
    if r.scheme.is_none() && r.authority.is_none() && r.path.is_empty() && r.query.is_none() {
        let doc = base.len() - b.fragment.map_or(0, |f| f.len() + 1);
        out.push_str(&base[..doc]);
        push_tail(out, None, r.fragment);
        return Ok(());
    }
    // Step 3: an absolute reference is taken as it is, dots and all
    // (Appendix C.2 keeps "http:g"; only a backward-compatible parser
    // would treat it as relative).
    if r.scheme.is_some() {
        out.push_str(reference);
        return Ok(());
    }
    check_hierarchy(bs, &r)?;
    out.push_str(bs);
    out.push(':');
    if let Some(a) = r.authority {
        // Step 4: a network-path, taken as it is.
        out.push_str("//");
        out.push_str(a);
        out.push_str(r.path);
    } else {
        if let Some(a) = b.authority {
            out.push_str("//");
            out.push_str(a);
        }
        if r.path.starts_with('/') {
            // Step 5: an absolute path, taken as it is (C.2: "/./g").
            out.push_str(r.path);
        } else {
            // Step 6, on the segments after the leading "/". The base
            // with an authority and an empty path is read as "/", which
            // the RFC leaves unsaid and RFC 3986 section 5.2.3 made explicit.
            let dir = merge_dir(&b);
            let dir = match dir.strip_prefix('/') {
                Some(rest) => {
                    out.push('/');
                    rest
                }
                None => dir,
            };
            dots::rfc1808(out, dir, r.path);
        }
    }
    push_tail(out, r.query, r.fragment);
    Ok(())
}
