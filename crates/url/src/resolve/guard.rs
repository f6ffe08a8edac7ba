//! What keeps a resolved path from being read as an authority.
//!
//! Removing dot segments can leave a path that starts with `//`: `f:/a`
//! with `.//g` merges to `/.//g`, whose `./` goes, and `f:` + `//g` reads
//! back as the host `g`. RFC 3986 section 5.2.4 leaves the case open and
//! section 5.3 recomposes blindly; the result must not gain an authority
//! that neither input gave it (the host of a `file:` URL out of a path is
//! a different object, and another machine). As WHATWG URL and RFC 3986's
//! errata do, the path keeps a `/.` before it: `f:/.//g` reads back as the
//! same path. The check runs after every rule set, so each of them is
//! covered by this one place.

use super::hierarchy::hierarchical;
use super::rules::Rules;
use super::split::{SchemeSyntax, scheme_len};
use crate::prelude::*;

/// Puts `/.` before the path at `out[path..]` when it starts with `//`:
/// for a resolution that knows the result has no authority (RFC 3986's
/// branches, which call it only after removing dot segments).
#[inline]
pub(super) fn keep_path_at(out: &mut String, path: usize) {
    if out[path..].starts_with("//") {
        out.insert_str(path, "/.");
    }
}

/// Puts `/.` before the path of the result in `out[start..]` when that
/// path starts with `//` and the result has no such authority by right:
/// the reference did not write it, and it is not the base's, kept.
pub(super) fn keep_path(out: &mut String, start: usize, base: &str, reference: &str, rules: Rules) {
    // The scheme as the rules read it: RFC 1808 lets one start with a
    // digit or a dot (`1f:/a`), RFC 1630 takes anything before the colon.
    let syntax = match rules {
        Rules::Rfc1630 => SchemeSyntax::BeforeColon,
        Rules::Rfc1808 => SchemeSyntax::SchemeChars,
        _ => SchemeSyntax::Strict,
    };
    let result = &out[start..];
    let Some(colon) = scheme_len(result, syntax) else {
        return;
    };
    let tail = &result[colon + 1..];
    if !tail.starts_with("//") {
        return;
    }
    let (ref_scheme, ref_rest) = after_scheme(reference, syntax);
    let ref_tail = &reference[ref_rest..];
    let base_rest = after_scheme(base, syntax).1;
    // The common cases, without reading an authority through: a
    // non-empty authority written in the reference is the result's under
    // every rule set (RFC 1808 ignores only an empty one), and a relative
    // reference without one keeps the base's.
    if ref_tail.starts_with("//")
        && ref_tail
            .as_bytes()
            .get(2)
            .is_some_and(|&c| !matches!(c, b'/' | b'?' | b'#'))
    {
        return;
    }
    if !ref_scheme && !ref_tail.starts_with("//") && base[base_rest..].starts_with("//") {
        return;
    }
    // RFC 1630 cleans dots over the whole partial form, "//" included, so
    // there an authority is by right when an input had one at all.
    let by_right = |a: Option<&str>| a.is_some_and(|a| rules == Rules::Rfc1630 || starts(tail, a));
    if by_right(authority(ref_tail)) {
        return;
    }
    let base_scheme = &base[..base_rest.saturating_sub(1)];
    let absolute = ref_scheme
        && match rules {
            // A reference that repeats a hierarchical base's scheme is
            // read without it under these rules.
            Rules::Rfc3986Compat | Rules::Rfc1630 => {
                !(reference[..ref_rest - 1].eq_ignore_ascii_case(base_scheme)
                    && hierarchical(base_scheme))
            }
            _ => true,
        };
    if absolute || !by_right(authority(&base[base_rest..])) {
        out.insert_str(start + colon + 1, "/.");
    }
}

/// Whether `tail` (which starts with "//") holds exactly the authority
/// `a`: "//a" followed by the path, query, fragment or the end.
fn starts(tail: &str, a: &str) -> bool {
    let t = tail.as_bytes();
    t.get(2..2 + a.len()) == Some(a.as_bytes())
        && t.get(2 + a.len())
            .is_none_or(|&c| matches!(c, b'/' | b'?' | b'#'))
}

/// Whether `s` has a scheme, and where what follows its colon starts.
fn after_scheme(s: &str, syntax: SchemeSyntax) -> (bool, usize) {
    match scheme_len(s, syntax) {
        Some(n) => (true, n + 1),
        None => (false, 0),
    }
}

/// The authority `s` starts with, as written (`//` to the path, query or
/// fragment).
fn authority(s: &str) -> Option<&str> {
    let a = s.strip_prefix("//")?;
    let end = a
        .bytes()
        .position(|c| matches!(c, b'/' | b'?' | b'#'))
        .unwrap_or(a.len());
    Some(&a[..end])
}

#[cfg(test)]
mod tests {
    use crate::resolve::base::resolve;
    use crate::resolve::rules::Rules;

    #[test]
    fn a_path_never_becomes_an_authority() {
        for rules in Rules::ALL {
            assert_eq!(
                resolve("f:/a", ".//g", rules).unwrap(),
                "f:/.//g",
                "{rules:?}"
            );
            // The URL Standard gives a file URL an empty host: its
            // path then follows "//" and is read as a path again.
            let file = match rules {
                Rules::Whatwg => "file:////etc/passwd",
                _ => "file:/.//etc/passwd",
            };
            assert_eq!(
                resolve("file:/x", ".//etc/passwd", rules).unwrap(),
                file,
                "{rules:?}"
            );
            assert_eq!(
                crate::whatwg::parse(file, None).unwrap().path_with_slash(),
                "//etc/passwd"
            );
        }
        assert_eq!(
            resolve("http://a/", "f:/.//g", Rules::Rfc3986).unwrap(),
            "f:/.//g"
        );
        assert_eq!(
            resolve("f:/.//g", "h", Rules::Rfc3986).unwrap(),
            "f:/.//h",
            "a guarded base stays guarded"
        );
    }

    #[test]
    fn rfc_1808_schemes_may_start_with_a_digit_or_a_dot() {
        // Found by fuzz/fuzz_targets/resolve.rs.
        assert_eq!(
            resolve("1f:/a", ".//g", Rules::Rfc1808).unwrap(),
            "1f:/.//g"
        );
        assert_eq!(
            resolve(".f:/a", ".//g", Rules::Rfc1808).unwrap(),
            ".f:/.//g"
        );
    }

    #[test]
    fn authorities_by_right_are_kept() {
        assert_eq!(resolve("f:/a", "//g", Rules::Rfc3986).unwrap(), "f://g");
        assert_eq!(
            resolve("http://a/b/", "..//g", Rules::Rfc3986).unwrap(),
            "http://a//g"
        );
        assert_eq!(
            resolve("http://a/b", "http:.//g", Rules::Rfc3986Compat).unwrap(),
            "http://a//g"
        );
        assert_eq!(
            resolve("magic://a/b/c//d/e/f", "//g", Rules::Rfc1630).unwrap(),
            "magic://g"
        );
    }
}
