//! The shortest reference to a target.

use super::base::resolve_into;
use super::error::{Operand, ResolveError, ResolveErrorKind, scheme_stop};
use super::rfc1630;
use super::rules::Rules;
use super::split::{Parts, SchemeSyntax, split, split_1808};
use crate::prelude::*;

/// The shortest reference that [`resolve`](super::resolve) turns back into
/// `target` against `base` under `rules`.
///
/// Candidates are built from the components (a bare `#fragment`, a
/// `?query`, `;params` under RFC 1808, a relative path with `../`, rooted
/// or rootless, `.`, `..` and `../..`, under RFC 1630 the form with N
/// leading slashes for each run length N in the target, an absolute path,
/// a network path, the target itself), each is resolved,
/// and the shortest whose resolution is exactly `target` wins, so the
/// round trip `resolve(base, relativize(base, t)?) == t` holds by
/// construction. Schemes and authorities must match byte for byte to be
/// left out. The empty reference is never returned: it names "the current
/// document" (RFC 2396 section 4.2), which is not always the base, so
/// `.`, `./` or the last segment stands for the base itself.
///
/// # Errors
///
/// [`ResolveErrorKind::BaseNotAbsolute`] when `base` has no scheme,
/// [`ResolveErrorKind::TargetNotAbsolute`] when `target` has none, and
/// [`ResolveErrorKind::Unreachable`] when not even `target` itself resolves
/// to `target` (RFC 3986 removes dot segments from absolute references
/// too, so `http://a/./b` cannot be reached under [`Rules::Rfc3986`]).
///
/// # Example
///
/// ```
/// use uniform::resolve::{relativize, resolve, Rules};
///
/// let base = "http://www.math.uio.no/doc/linux/";
/// let t = "http://www.math.uio.no/doc/mail/top.html";
/// let r = relativize(base, t, Rules::Rfc3986)?;
/// assert_eq!(r, "../mail/top.html");
/// assert_eq!(resolve(base, &r, Rules::Rfc3986)?, t);
///
/// assert_eq!(relativize("http://a/b", "http://a/b#f", Rules::Rfc3986)?, "#f");
/// assert_eq!(relativize("http://a/b", "ftp://a/b", Rules::Rfc3986)?, "ftp://a/b");
/// # Ok::<_, uniform::resolve::ResolveError>(())
/// ```
pub fn relativize(base: &str, target: &str, rules: Rules) -> Result<String, ResolveError> {
    // The URL Standard resolves against the base's serialization: the
    // candidates are made from it (`HTTP:a` is `http://a/`).
    let serialized;
    let base = if rules == Rules::Whatwg {
        serialized =
            crate::whatwg::parse(base, None).map_err(|e| ResolveError::whatwg(Operand::Base, e))?;
        serialized.as_str()
    } else {
        base
    };
    let syntax = match rules {
        Rules::Rfc1630 => SchemeSyntax::BeforeColon,
        _ => SchemeSyntax::Strict,
    };
    let t = split(target, syntax);
    if t.scheme.is_none() {
        return Err(ResolveError {
            kind: ResolveErrorKind::TargetNotAbsolute,
            operand: Operand::Target,
            offset: scheme_stop(target, syntax),
            rules: None,
            failure: None,
        });
    }
    let b = split(base, syntax);
    // Surfaces the base's own error, if it has one.
    let mut scratch = String::with_capacity(base.len() + target.len());
    resolve_into(base, "#", rules, &mut scratch)?;

    let mut best: Option<String> = None;
    let mut consider = |candidate: String| {
        if best.as_ref().is_some_and(|b| b.len() <= candidate.len()) {
            return;
        }
        scratch.clear();
        if resolve_into(base, &candidate, rules, &mut scratch).is_ok() && scratch == target {
            best = Some(candidate);
        }
    };
    if b.scheme == t.scheme {
        for c in candidates(&b, &t, rules, base, target) {
            consider(c);
        }
    }
    consider(target.to_string());
    best.ok_or(ResolveError {
        kind: ResolveErrorKind::Unreachable,
        operand: Operand::Target,
        offset: 0,
        rules: Some(rules),
        failure: None,
    })
}

/// The candidates other than the target itself, shortest forms first.
fn candidates(b: &Parts<'_>, t: &Parts<'_>, rules: Rules, base: &str, target: &str) -> Vec<String> {
    let mut out = Vec::with_capacity(6);
    let tail = |path: &str, with_query: bool| {
        let mut s = String::from(path);
        if with_query && let Some(q) = t.query {
            s.push('?');
            s.push_str(q);
        }
        if let Some(f) = t.fragment {
            s.push('#');
            s.push_str(f);
        }
        s
    };
    if let Some(a) = t.authority {
        out.push(tail(&format!("//{a}{}", t.path), true));
    }
    // Different authorities usually leave only the network path, but a
    // path that starts with "//" reads like an authority once written out
    // (`http:/.//a` with `?` gives `http://?`): every candidate is checked
    // by its round trip, so the others are tried too.
    if t.path == b.path && t.query == b.query && t.fragment.is_some() {
        out.push(tail("", false));
    }
    // A bare "?query" keeps the base's path (RFC 3986, RFC 1808) or its
    // directory (RFC 1630, RFC 2396): the round trip tells which.
    if t.query.is_some() {
        out.push(tail("", true));
    }
    if rules == Rules::Rfc1808 {
        // ";x" keeps the base's path and replaces its params (section 5.1).
        let (b8, t8) = (split_1808(base), split_1808(target));
        if b8.net_loc == t8.net_loc
            && b8.rooted == t8.rooted
            && b8.path == t8.path
            && let Some(p) = t8.params.filter(|p| !p.is_empty())
        {
            out.push(tail(&format!(";{p}"), true));
        }
    }
    if t.path.starts_with('/') && !t.path.starts_with("//") {
        out.push(tail(t.path, true));
    }
    if let Some(rel) = relative_path(b, t) {
        // "./", "../", "../../": the same without the last "/" names the
        // same directory ("." and ".." are complete segments).
        if let Some(dots) = rel.strip_suffix('/')
            && dots.split('/').all(|s| s == "." || s == "..")
        {
            out.push(tail(dots, true));
        }
        out.push(tail(&rel, true));
    }
    // Dot segments alone, for the targets that the paths above miss (under
    // RFC 1630, "." against `x://b` is `x://b`: "/." goes).
    for dots in [".", "..", "../.."] {
        out.push(tail(dots, true));
    }
    if rules == Rules::Rfc1630 {
        out.extend(slash_forms(base, target));
        // Where dot segments in the base shift its runs of slashes, the
        // cut the rule makes is not always the one `slash_forms` predicts:
        // the tail after each "/" of the target is tried as well (at most
        // 32, each checked by its round trip).
        out.extend(
            target
                .match_indices('/')
                .take(32)
                .map(|(k, _)| target[k..].to_string()),
        );
    }
    out
}

/// RFC 1630: "If the partial form begins with N slashes, everything from
/// the context URI up to (but not including) the first occurrence of
/// exactly the same number of consecutive slashes which has no greater
/// number of consecutive slashes anywhere to the right of it is taken to
/// be the same": for each N, the one place where the target may be cut.
/// A path has few distinct run lengths (k of them take k(k+1)/2 slashes),
/// and at most 16 are tried.
fn slash_forms(base: &str, target: &str) -> Vec<String> {
    let Some(colon) = base.find(':') else {
        return Vec::new();
    };
    let bb = base.as_bytes();
    let ctx_end = bb[colon + 1..]
        .iter()
        .position(|&c| c == b'?' || c == b'#')
        .map_or(bb.len(), |k| colon + 1 + k);
    let ctx = &bb[colon + 1..ctx_end];
    let tb = target.as_bytes();
    let path_end = tb
        .iter()
        .position(|&c| c == b'?' || c == b'#')
        .unwrap_or(tb.len());
    let mut lengths: Vec<usize> = Vec::new();
    let mut i = colon + 1;
    while i < path_end && lengths.len() < 16 {
        let run = tb[i..path_end].iter().take_while(|&&c| c == b'/').count();
        if run > 0 && !lengths.contains(&run) {
            lengths.push(run);
        }
        i += run.max(1);
    }
    let mut out = Vec::new();
    for n in lengths {
        let keep = colon + 1 + rfc1630::cut_before_run(ctx, n);
        let run = tb
            .get(keep..path_end)
            .map_or(0, |r| r.iter().take_while(|&&c| c == b'/').count());
        if run == n && tb[..keep] == bb[..keep] {
            out.push(target[keep..].to_string());
        }
    }
    out
}

/// A relative path from the base's directory to the target's path, with as
/// many `../` as the directories that differ; `./` in front when the first
/// segment would read as a scheme or an authority, or when it is empty.
fn relative_path(b: &Parts<'_>, t: &Parts<'_>) -> Option<String> {
    let dir = if b.authority.is_some() && b.path.is_empty() {
        "/"
    } else {
        &b.path[..b.path.rfind('/').map_or(0, |k| k + 1)]
    };
    // Rooted to rooted, or rootless to rootless (`x:a/b` to `x:a/c`).
    if dir.starts_with('/') != t.path.starts_with('/') || (dir.is_empty() && t.path.is_empty()) {
        return None;
    }
    // The longest common prefix that ends at a "/".
    let common = dir
        .bytes()
        .zip(t.path.bytes())
        .enumerate()
        .take_while(|(_, (x, y))| x == y)
        .filter(|(_, (x, _))| *x == b'/')
        .last()
        .map_or(0, |(i, _)| i + 1);
    let ups = dir[common..].bytes().filter(|&c| c == b'/').count();
    let rest = &t.path[common..];
    let mut s = String::with_capacity(3 * ups + rest.len() + 2);
    for _ in 0..ups {
        s.push_str("../");
    }
    let first = rest.split('/').next().unwrap_or("");
    if ups == 0 && (rest.is_empty() || first.contains(':') || rest.starts_with('/')) {
        s.push_str("./");
    }
    s.push_str(rest);
    Some(s)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn relative_paths() {
        let p = |s| split(s, SchemeSyntax::Strict);
        let rel = |b, t| relative_path(&p(b), &p(t)).unwrap();
        assert_eq!(rel("http://a/b/c/d", "http://a/b/c/g"), "g");
        assert_eq!(rel("http://a/b/c/d", "http://a/b/g"), "../g");
        assert_eq!(rel("http://a/b/c/d", "http://a/b/c/"), "./");
        assert_eq!(rel("http://a/b/c/d", "http://a/b/c/x:y"), "./x:y");
        assert_eq!(rel("http://a", "http://a/x"), "x");
        assert_eq!(rel("http://a/b/c/", "http://a/b/c//x"), ".//x");
        assert_eq!(rel("x:a/b", "x:a/c"), "c");
    }
}
