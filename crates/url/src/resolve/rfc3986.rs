//! RFC 3986 section 5.2 and RFC 2396 section 5.2.

use super::dots;
use super::error::ResolveError;
use super::guard;
use super::hierarchy::hierarchical;
use super::rules::Rules;
use super::split::{
    Parts, SchemeSyntax, find_bytes, head_with, rfind_byte, scan_path, scheme_len, split,
    split_reference,
};
use crate::prelude::*;

/// RFC 3986 section 5.2.2 with 5.2.3 and 5.3, against any base with a
/// scheme: the algorithm has no exception for one without a hierarchy
/// (`mailto:a@b?x` with `?y` is `mailto:a@b?y`, with `c` is `mailto:c`).
/// `compat` is the non-strict reading of 5.2.2: a reference naming the
/// base's own scheme drops it, when that scheme is hierarchical.
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
/// scheme alone. Or a base split beforehand, by [`Base`](super::Base),
/// with whether its scheme is hierarchical (for `compat`).
#[derive(Clone, Copy)]
pub(super) enum BaseView<'a, 'p> {
    Text(&'a str, usize),
    Split(&'p Prepared<'a>),
}

/// What resolution needs of a base whose reference keeps part of its
/// path, found in one pass over it ([`scan_path`]); and, for a base split
/// beforehand by [`Base`](super::Base), whether its scheme is
/// hierarchical (which only the non-strict reading asks). Offsets into
/// the text rather than slices keep it small, which counts when a program
/// holds the bases of many documents.
#[derive(Clone, Copy, Debug)]
pub(super) struct Prepared<'a> {
    text: &'a str,
    /// The scheme's colon.
    scheme_end: usize,
    path_start: usize,
    path_end: usize,
    /// The end of the directory a merge keeps (section 5.2.3).
    dir_end: usize,
    /// The base has an authority and an empty path: the directory a
    /// merge keeps is "/", which is not in the text.
    root_dir: bool,
    /// The path may hold a dot segment.
    dotted: bool,
    hierarchical: bool,
}

impl<'a> Prepared<'a> {
    /// `text` has a scheme `scheme_end` bytes long.
    #[inline]
    pub(super) fn scan(text: &'a str, scheme_end: usize, hierarchical: bool) -> Prepared<'a> {
        let (_, authority, path_start) = head_with(text, Some(scheme_end));
        let path = scan_path(text.as_bytes(), path_start);
        Prepared {
            text,
            scheme_end,
            path_start,
            path_end: path.end,
            dir_end: path.dir_end,
            root_dir: authority.is_some() && path.end == path_start,
            dotted: path.dotted,
            hierarchical,
        }
    }

    /// The directory a merge keeps, as [`merge_dir`] gives it.
    #[inline]
    fn dir(&self) -> &'a str {
        if self.root_dir {
            "/"
        } else {
            &self.text[self.path_start..self.dir_end]
        }
    }
}

impl<'a> BaseView<'a, '_> {
    #[inline]
    fn scheme(&self) -> &'a str {
        match *self {
            BaseView::Text(t, n) => &t[..n],
            BaseView::Split(p) => &p.text[..p.scheme_end],
        }
    }

    /// The scheme, its colon and the authority with its `//`, as written.
    #[inline]
    fn head(&self) -> &'a str {
        match *self {
            BaseView::Text(t, n) => &t[..head_with(t, Some(n)).2],
            BaseView::Split(p) => &p.text[..p.path_start],
        }
    }

    /// The base split, for a reference that keeps part of its path.
    #[inline]
    fn prepared(&self) -> Prepared<'a> {
        match *self {
            // Only the non-strict reading asks whether the scheme is
            // hierarchical, and it asked the text before this.
            BaseView::Text(t, n) => Prepared::scan(t, n, true),
            BaseView::Split(p) => *p,
        }
    }

    #[inline]
    fn hierarchical(&self) -> bool {
        match *self {
            BaseView::Text(t, n) => hierarchical(&t[..n]),
            BaseView::Split(p) => p.hierarchical,
        }
    }
}

// Only dot removal can leave a path that starts with "//" where there is no
// authority (a path written so would have been read as one): the dotted
// branches without an authority go through `guard::keep_path_at`.
//
// Where neither the base's kept part nor the reference has a dot segment,
// the target is a prefix of the base text followed by the reference text
// (without its scheme, when `compat` dropped it): the scheme, colon, `//`
// and authority of the base are written as they stand in it, and the
// reference's path, query and fragment as they stand in the reference. So
// each case below copies at most two slices, and walks the components only
// when dots must be removed.
#[inline(always)]
pub(super) fn resolve_with(
    base: BaseView<'_, '_>,
    reference: &str,
    compat: bool,
    out: &mut String,
) -> Result<(), ResolveError> {
    let r = split_reference(reference);
    let mut scheme = r.scheme;
    // The reference from its authority or path on.
    let mut rest = reference;
    if let Some(s) = scheme
        && compat
        && s.eq_ignore_ascii_case(base.scheme())
        && base.hierarchical()
    {
        scheme = None;
        rest = &reference[s.len() + 1..];
    }
    if scheme.is_some() {
        if !r.dotted {
            out.push_str(reference);
            return Ok(());
        }
        out.push_str(&reference[..r.path_start]);
        let path = out.len();
        dots::rfc3986_dotted(out, r.path, "", true);
        if r.authority.is_none() {
            guard::keep_path_at(out, path);
        }
        push_tail(out, r.query, r.fragment);
        return Ok(());
    }
    // The base's scheme read where it is written: a relative path, the
    // common reference, needs none, and its slice's checks are not free.
    if let Some(a) = r.authority {
        out.push_str(base.scheme());
        out.push(':');
        if !r.dotted {
            out.push_str(rest);
            return Ok(());
        }
        out.push_str("//");
        out.push_str(a);
        dots::rfc3986_dotted(out, r.path, "", true);
        push_tail(out, r.query, r.fragment);
        return Ok(());
    }
    if r.path.starts_with('/') {
        let head = base.head();
        out.push_str(head);
        if !r.dotted {
            out.push_str(rest);
            return Ok(());
        }
        let path = out.len();
        dots::rfc3986_dotted(out, r.path, "", true);
        if head.len() == base.scheme().len() + 1 {
            guard::keep_path_at(out, path);
        }
        push_tail(out, r.query, r.fragment);
        return Ok(());
    }
    let b = base.prepared();
    if r.path.is_empty() {
        // "T.path = Base.path": taken as it is, dot segments and all,
        // with the base's query unless the reference has one.
        let end = if r.query.is_some() {
            b.path_end
        } else {
            find_bytes(b.text.as_bytes(), b.path_end, [b'#'])
        };
        out.push_str(&b.text[..end]);
        out.push_str(rest);
        return Ok(());
    }
    if !b.dotted && !r.dotted {
        out.push_str(&b.text[..b.dir_end]);
        if b.root_dir {
            out.push('/');
        }
        out.push_str(rest);
        return Ok(());
    }
    // A clean directory, and a reference whose dot segments all come
    // first (`../../g`): each ".." takes the directory back to its
    // previous "/", found in the base text, and the result is that much
    // of the base, a "/" and the rest of the reference, with nothing
    // written and taken back.
    if !b.dotted
        && (b.root_dir || b.dir_end > b.path_start)
        && let Some((ups, tail)) = dots::leading_dot_segments(r.path)
    {
        let t = b.text.as_bytes();
        // The directory without its last "/", as section 5.2.4 reads it.
        let mut end = b.dir_end - usize::from(!b.root_dir);
        for _ in 0..ups {
            end =
                rfind_byte(&t[b.path_start..end], b'/').map_or(b.path_start, |k| b.path_start + k);
        }
        let path = out.len() + b.path_start;
        // With the "/" at `end`, which the text lacks only where the
        // directory is the root of an empty path.
        let slash = t.get(end) == Some(&b'/');
        out.push_str(&b.text[..end + usize::from(slash)]);
        if !slash {
            out.push('/');
        }
        out.push_str(&rest[tail..]);
        if b.path_start == b.scheme_end + 1 {
            guard::keep_path_at(out, path);
        }
        return Ok(());
    }
    out.push_str(&b.text[..b.path_start]);
    let path = out.len();
    dots::rfc3986_merge(out, b.dir(), b.dotted, r.path, r.dotted);
    if b.path_start == b.scheme_end + 1 {
        guard::keep_path_at(out, path);
    }
    push_tail(out, r.query, r.fragment);
    Ok(())
}

/// [`resolve_with`] against a base split beforehand, joined into
/// [`Base`](super::Base)'s methods: there the base's variant is known, so
/// [`BaseView`]'s matches fold away, and the `String` that
/// `Base::resolve` returns is built in registers, not through a pointer.
#[inline(always)]
pub(super) fn resolve_split(
    base: &Prepared<'_>,
    reference: &str,
    compat: bool,
    out: &mut String,
) -> Result<(), ResolveError> {
    resolve_with(BaseView::Split(base), reference, compat, out)
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

/// RFC 2396 section 5: "Documents can only make use of relative URI when
/// their base URI fits within the <hier_part> syntax" (`//` authority or an
/// absolute path after the colon, not an `opaque_part`), and "Some URI
/// schemes do not allow a hierarchical syntax matching the <hier_part>
/// syntax, and thus cannot use relative references".
#[inline]
fn fits_hier_part(b: &Parts<'_>, scheme: &str) -> bool {
    (b.authority.is_some() || b.path.starts_with('/')) && hierarchical(scheme)
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
    // Steps 2 and 3 took the references that need no hierarchy.
    if !fits_hier_part(&b, bs) {
        return Err(ResolveError::base_not_hierarchical(bs, Rules::Rfc2396));
    }
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
