//! RFC 1630, "Partial (relative) form".

use super::dots;
use super::error::ResolveError;
use super::hierarchy::hierarchical;
use super::split::{SchemeSyntax, find_any, scheme_len};
use crate::prelude::*;

pub(super) fn resolve(base: &str, reference: &str, out: &mut String) -> Result<(), ResolveError> {
    // "A partial form can be distinguished from an absolute form in that
    // the latter must have a colon and that colon must occur before any
    // slash characters."
    let Some(n) = scheme_len(base, SchemeSyntax::BeforeColon) else {
        return Err(ResolveError::base_not_absolute(
            base,
            SchemeSyntax::BeforeColon,
        ));
    };
    let bs = &base[..n];
    let bb = base.as_bytes();
    // The context is the base without its fragment ("The hash sign and
    // fragment are not part of the URI") and, for the slash rules, without
    // its search part either: "?" ends the path (`uri = scheme : path [ ?
    // search ]`), so slashes in a query do not count.
    let doc_end = find_any(bb, n + 1, |c| c == b'#');
    let ctx_end = find_any(&bb[..doc_end], n + 1, |c| c == b'?');
    let ctx = &base[n + 1..ctx_end];

    let mut partial = reference;
    if let Some(m) = scheme_len(reference, SchemeSyntax::BeforeColon) {
        // "If the scheme parts are different, the whole absolute URI must be
        // given. Otherwise, the scheme is omitted": a reference that repeats
        // the base's scheme is read without it (the "loophole" RFC 1808
        // section 5.2 attributes to RFC 1630), when the base is hierarchical.
        if !reference[..m].eq_ignore_ascii_case(bs) || !hierarchical(bs) {
            out.push_str(reference);
            return Ok(());
        }
        partial = &reference[m + 1..];
    }
    // An empty partial form, or a bare fragment, names the context object
    // itself ("A void fragment-id ... means that the URL refers to the whole
    // object"); the RFC has no rule for it, and replacing the last segment
    // with nothing would name a different object.
    if partial.is_empty() || partial.starts_with('#') {
        out.push_str(&base[..doc_end]);
        out.push_str(partial);
        return Ok(());
    }
    // No base is refused: the rules are about slashes alone, a scheme
    // without them ("Systems not requiring partial forms should not use any
    // unencoded slashes") still has a last part to replace, and the News
    // section counts a group name in an article as "a valid URL (in the
    // partial form)".
    out.push_str(&base[..=n]);
    let pb = partial.as_bytes();
    let path_end = find_any(pb, 0, |c| c == b'?' || c == b'#');
    let (path, tail) = partial.split_at(path_end);
    let slashes = pb.iter().take_while(|&&c| c == b'/').count().min(path_end);
    if slashes > 0 {
        let keep = &ctx[..cut_before_run(ctx.as_bytes(), slashes)];
        dots::rfc1630(out, [keep, "", path]);
    } else {
        let (keep, sep) = last_element_removed(ctx);
        dots::rfc1630(out, [keep, sep, path]);
    }
    out.push_str(tail);
    Ok(())
}

/// "everything from the context URI up to (but not including) the first
/// occurrence of exactly the same number of consecutive slashes which has
/// no greater number of consecutive slashes anywhere to the right of it":
/// the index in `ctx` to keep up to.
///
/// When there is no such run, the rule is silent. If a longer run exists,
/// the partial form names a level below the last such run and goes at the
/// end (`http://a` with `/g` gives `http://a/g`). If every run is shorter,
/// it names a level above them all and replaces everything after the
/// scheme (`magic://a/b` with `///g` gives `magic:///g`).
pub(super) fn cut_before_run(ctx: &[u8], n: usize) -> usize {
    let mut candidate = None;
    let mut longer = false;
    let mut i = 0;
    while i < ctx.len() {
        if ctx[i] != b'/' {
            i += 1;
            continue;
        }
        let start = i;
        while i < ctx.len() && ctx[i] == b'/' {
            i += 1;
        }
        let run = i - start;
        if run > n {
            candidate = None;
            longer = true;
        } else if run == n && candidate.is_none() {
            candidate = Some(start);
        }
    }
    match candidate {
        Some(s) => s,
        None if longer => ctx.len(),
        None => 0,
    }
}

/// "The last part of the path of the context URI (anything following the
/// rightmost slash) is removed": what is kept, and a separator to add.
///
/// "If a path of the context locator ends in slash ... The trailing slash
/// indicates a void segment of the path": then nothing is removed. When
/// the last part is the host, after the `//` that follows the scheme's
/// colon (`http://a`), it is no part of the path: it stays and a "/"
/// starts the path after it. A `//` further on is inside the path, and
/// what follows its rightmost slash goes like any last part.
fn last_element_removed(ctx: &str) -> (&str, &'static str) {
    let b = ctx.as_bytes();
    match b.iter().rposition(|&c| c == b'/') {
        None => ("", ""),
        Some(k) if k + 1 == b.len() => (ctx, ""),
        Some(1) if b[0] == b'/' => (ctx, "/"),
        Some(k) => (&ctx[..=k], ""),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn runs() {
        let ctx = b"//a/b/c//d/e/f";
        assert_eq!(cut_before_run(ctx, 1), 10); // before "/e"
        assert_eq!(cut_before_run(ctx, 2), 0);
        assert_eq!(cut_before_run(ctx, 3), 0);
        assert_eq!(cut_before_run(b"//a", 1), 3);
        assert_eq!(cut_before_run(b"///s//a/b/c", 1), 7);
        assert_eq!(cut_before_run(b"///s//a/b/c", 2), 4);
        assert_eq!(cut_before_run(b"///s//a/b/c", 3), 0);
    }

    #[test]
    fn last_element() {
        assert_eq!(last_element_removed("//a/b/c"), ("//a/b/", ""));
        assert_eq!(last_element_removed("//a/b/"), ("//a/b/", ""));
        assert_eq!(last_element_removed("//a"), ("//a", "/"));
        assert_eq!(last_element_removed("bar"), ("", ""));
        assert_eq!(last_element_removed("//a/b/c//d"), ("//a/b/c//", ""));
        assert_eq!(last_element_removed("///d"), ("///", ""));
    }
}
