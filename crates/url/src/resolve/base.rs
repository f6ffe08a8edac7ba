//! Resolution against a base: the entry points, and a base split once.

use super::error::{Operand, ResolveError};
use super::hierarchy::hierarchical;
use super::rfc3986;
use super::rules::Rules;
use super::{guard, rfc1630, rfc1808, split};
use crate::prelude::*;

/// Resolves `reference` against `base` under `rules`.
///
/// The result is a new string; the inputs are taken as they are (no case
/// folding, no percent-decoding, no other normalization).
///
/// # Errors
///
/// [`ResolveErrorKind::BaseNotAbsolute`](super::ResolveErrorKind::BaseNotAbsolute) when `base` has no scheme, and
/// [`ResolveErrorKind::BaseNotHierarchical`](super::ResolveErrorKind::BaseNotHierarchical) when the rules' RFC allows
/// no relative reference against it and the reference is one (other than
/// empty or a bare `#fragment`, which name the base document itself):
/// under [`Rules::Rfc2396`] a base that does not fit the `<hier_part>`
/// syntax (section 5: `mailto:a@b`, `urn:x:y`, `x:a/b`), under
/// [`Rules::Rfc1808`] a base whose scheme is "never used with relative
/// URLs" (section 2.3: `mailto`, `news`, `telnet`, and `mid`, `cid`,
/// `urn`). RFC 3986 and RFC 1630 refuse no base that has a scheme. An
/// absolute reference is returned (with its dot segments removed under
/// RFC 3986) whatever the base.
///
/// # How each rule set reads its RFC
///
/// - **RFC 3986** (section 5.2): exactly sections 5.2.1 to 5.3, including
///   `remove_dot_segments` applied literally (so `foo/../bar` against the
///   rootless `zz:abc` gives `zz:/bar`), against any base with a scheme,
///   one without a hierarchy too: section 5.2.1 asks for nothing else, so
///   `mailto:a@b?x` with `?y` gives `mailto:a@b?y` and with `c` gives
///   `mailto:c` (the merge of section 5.2.3 keeps the base's path up to
///   its last `/`, here none of it). A scheme is
///   `ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )`; text before a colon
///   that is not one makes the reference a relative path.
/// - **RFC 2396** (section 5.2): absolute references, network paths and
///   absolute paths are taken as written; a relative path is merged and
///   steps 6c to 6f applied; surplus `..` are kept (step 6g allows it and
///   Appendix C shows it); the empty reference is the base without its
///   fragment. A relative reference needs a base that fits `<hier_part>`
///   (section 5).
/// - **RFC 1808** (section 4): components found in the order of section
///   2.4 (fragment, scheme, `net_loc` up to the next `/`, query after the
///   first `?`, params after the first `;`), so `;params` belong to the
///   whole path (`d;p=1/2`: path `d`, params `p=1/2`). "Non-empty" tests
///   are taken literally (`?` alone inherits the base's query). The
///   schemes section 2.3 says are "never used with relative URLs" take
///   none.
/// - **RFC 1630**: a reference with a colon before any `/`, `?` or `#` is
///   absolute unless its scheme is the base's (then it is read without it);
///   a reference starting with N slashes keeps the base up to the first
///   run of exactly N slashes with no longer run to its right (the rule as
///   written, so `/g` against `magic://a/b/c//d/e/f` gives
///   `magic://a/b/c//d/g`: the RFC's printed example `magic://a/g`
///   contradicts its own rule, and its author later wrote that the examples
///   have an error); otherwise the base's last element goes; then
///   `xxx/../` and `/.` are removed, where an element after `//` (a host)
///   is never removed (but the first element after a leading `///`, an
///   empty host, is an ordinary one). A trailing `..` is not followed by a slash and stays.
///   The base's query and fragment never count; an empty reference or a
///   bare fragment names the base document. Any base is a context, one
///   without slashes too: its whole path is the last part (`mailto:a@b`
///   with `c` gives `mailto:c`, as the News section has a group name in an
///   article be "a valid URL (in the partial form)").
///
/// # Example
///
/// ```
/// use uniform::resolve::{resolve, Rules};
///
/// // RFC 3986 section 5.4.1 and 5.4.2.
/// let base = "http://a/b/c/d;p?q";
/// assert_eq!(resolve(base, "g;x?y#s", Rules::Rfc3986)?, "http://a/b/c/g;x?y#s");
/// assert_eq!(resolve(base, "../../../g", Rules::Rfc3986)?, "http://a/g");
///
/// // RFC 1808 section 5.2 keeps what cannot be removed.
/// assert_eq!(resolve("http://a/b/c/d;p?q#f", "../../../g", Rules::Rfc1808)?, "http://a/../g");
///
/// // RFC 1630: the rule with N slashes.
/// let magic = "magic://a/b/c//d/e/f";
/// assert_eq!(resolve(magic, "//g", Rules::Rfc1630)?, "magic://g");
/// assert_eq!(resolve(magic, "/g", Rules::Rfc1630)?, "magic://a/b/c//d/g");
///
/// // A base without a hierarchy: RFC 3986 resolves, RFC 2396 refuses.
/// let mail = "mailto:a@b?x";
/// assert_eq!(resolve(mail, "?y", Rules::Rfc3986)?, "mailto:a@b?y");
/// assert_eq!(resolve(mail, "c", Rules::Rfc3986)?, "mailto:c");
/// assert_eq!(resolve(mail, "//h/p", Rules::Rfc3986)?, "mailto://h/p");
/// assert!(resolve(mail, "c", Rules::Rfc2396).is_err());
/// # Ok::<_, uniform::resolve::ResolveError>(())
/// ```
pub fn resolve(base: &str, reference: &str, rules: Rules) -> Result<String, ResolveError> {
    let mut out = String::with_capacity(base.len() + reference.len());
    resolve_into(base, reference, rules, &mut out)?;
    Ok(out)
}

/// As [`resolve`], appending the result to `out` (for bulk work that
/// reuses one buffer). On error `out` is left as it was.
///
/// # Errors
///
/// As [`resolve`].
///
/// # Example
///
/// ```
/// use uniform::resolve::{resolve_into, Rules};
///
/// let mut out = String::new();
/// for r in ["g", "../h"] {
///     out.clear();
///     resolve_into("ftp://host/pub/dir/file", r, Rules::Rfc3986, &mut out)?;
///     println!("{out}");
/// }
/// assert_eq!(out, "ftp://host/pub/h");
/// # Ok::<_, uniform::resolve::ResolveError>(())
/// ```
pub fn resolve_into(
    base: &str,
    reference: &str,
    rules: Rules,
    out: &mut String,
) -> Result<(), ResolveError> {
    let len = out.len();
    let r = match rules {
        Rules::Rfc3986 => rfc3986::resolve(base, reference, false, out),
        Rules::Rfc3986Compat => rfc3986::resolve(base, reference, true, out),
        Rules::Rfc2396 => rfc3986::resolve_2396(base, reference, out),
        Rules::Rfc1808 => rfc1808::resolve(base, reference, out),
        Rules::Rfc1630 => rfc1630::resolve(base, reference, out),
        Rules::Whatwg => whatwg_join(base, reference, out),
    };
    match r {
        // RFC 3986's own branches keep their paths (rfc3986.rs); the URL
        // Standard's parser writes its own serialization.
        Ok(()) if !matches!(rules, Rules::Rfc3986 | Rules::Rfc3986Compat | Rules::Whatwg) => {
            guard::keep_path(out, len, base, reference, rules);
        }
        Ok(()) => {}
        Err(_) => out.truncate(len),
    }
    r
}

/// A base URL split once, to resolve many references against it (the
/// links of one document).
///
/// [`resolve`] splits its base at each call, as far as the reference needs;
/// a `Base` keeps the split, which saves reading the base again for each
/// relative reference. Under [`Rules::Rfc3986`] and
/// [`Rules::Rfc3986Compat`]; under the other rules it only keeps the base.
/// The results are those of [`resolve`].
///
/// # Example
///
/// ```
/// use uniform::resolve::{Base, Rules};
///
/// let base = Base::new("http://a/b/c/d;p?q", Rules::Rfc3986)?;
/// let links: Vec<String> = ["g", "../h", "#s"].iter().map(|r| base.resolve(r)).collect::<Result<_, _>>()?;
/// assert_eq!(links, ["http://a/b/c/g", "http://a/b/h", "http://a/b/c/d;p?q#s"]);
/// # Ok::<_, uniform::resolve::ResolveError>(())
/// ```
#[derive(Clone, Debug)]
pub struct Base<'a> {
    text: &'a str,
    rules: Rules,
    /// The base split beforehand, under the rules of RFC 3986.
    split: Option<rfc3986::Prepared<'a>>,
    /// Under [`Rules::Whatwg`], the base parsed once.
    whatwg: Option<crate::url::Url>,
}

/// [`Rules::Whatwg`]: the base, then the reference against it, through
/// the URL Standard's parser; the serialization appended.
fn whatwg_join(base: &str, reference: &str, out: &mut String) -> Result<(), ResolveError> {
    let base =
        crate::whatwg::parse(base, None).map_err(|e| ResolveError::whatwg(Operand::Base, e))?;
    whatwg_against(&base, reference, out)
}

fn whatwg_against(
    base: &crate::url::Url,
    reference: &str,
    out: &mut String,
) -> Result<(), ResolveError> {
    let url = crate::whatwg::parse(reference, Some(base))
        .map_err(|e| ResolveError::whatwg(Operand::Reference, e))?;
    out.push_str(url.as_str());
    Ok(())
}

impl<'a> Base<'a> {
    /// Checks and splits `text` for resolution under `rules`.
    ///
    /// # Errors
    ///
    /// [`ResolveErrorKind::BaseNotAbsolute`](super::ResolveErrorKind::BaseNotAbsolute) when `text` has no scheme (as
    /// the rules recognise one).
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::resolve::{Base, ResolveErrorKind, Rules};
    /// let e = Base::new("no/scheme", Rules::Rfc1808).unwrap_err();
    /// assert_eq!(e.kind(), ResolveErrorKind::BaseNotAbsolute);
    /// ```
    pub fn new(text: &'a str, rules: Rules) -> Result<Base<'a>, ResolveError> {
        let syntax = match rules {
            Rules::Rfc1630 => split::SchemeSyntax::BeforeColon,
            _ => split::SchemeSyntax::Strict,
        };
        let mut split = None;
        if rules == Rules::Whatwg {
            let url = crate::whatwg::parse(text, None)
                .map_err(|e| ResolveError::whatwg(Operand::Base, e))?;
            return Ok(Base {
                text,
                rules,
                split,
                whatwg: Some(url),
            });
        }
        if rules == Rules::Rfc1808 {
            if split::split_1808(text).scheme.is_none() {
                return Err(ResolveError::base_not_absolute_1808(text));
            }
        } else {
            let Some(n) = split::scheme_len(text, syntax) else {
                return Err(ResolveError::base_not_absolute(text, syntax));
            };
            if matches!(rules, Rules::Rfc3986 | Rules::Rfc3986Compat) {
                split = Some(rfc3986::Prepared::scan(text, n, hierarchical(&text[..n])));
            }
        }
        Ok(Base {
            text,
            rules,
            split,
            whatwg: None,
        })
    }

    /// The base as given.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::resolve::{Base, Rules};
    /// assert_eq!(Base::new("ftp://h/", Rules::Rfc3986)?.as_str(), "ftp://h/");
    /// # Ok::<_, uniform::resolve::ResolveError>(())
    /// ```
    pub fn as_str(&self) -> &'a str {
        self.text
    }

    /// The rules it resolves by.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::resolve::{Base, Rules};
    /// assert_eq!(Base::new("ftp://h/", Rules::Rfc1630)?.rules(), Rules::Rfc1630);
    /// # Ok::<_, uniform::resolve::ResolveError>(())
    /// ```
    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// Resolves `reference` against this base, as [`resolve`] does.
    ///
    /// # Errors
    ///
    /// As [`resolve`].
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::resolve::{Base, Rules};
    /// let base = Base::new("http://a/b/c/d;p?q#f", Rules::Rfc1808)?;
    /// assert_eq!(base.resolve(";x")?, "http://a/b/c/d;x");
    /// # Ok::<_, uniform::resolve::ResolveError>(())
    /// ```
    pub fn resolve(&self, reference: &str) -> Result<String, ResolveError> {
        let mut out = String::with_capacity(self.text.len() + reference.len());
        // The split base straight to its resolution: a failed one drops
        // `out`, so nothing needs taking back as `resolve_into` does.
        match &self.split {
            Some(p) => {
                let compat = self.rules == Rules::Rfc3986Compat;
                rfc3986::resolve_split(p, reference, compat, &mut out)?;
            }
            None => self.resolve_into(reference, &mut out)?,
        }
        Ok(out)
    }

    /// As [`Base::resolve`], appending to `out`; on error `out` is left as
    /// it was.
    ///
    /// # Errors
    ///
    /// As [`resolve`].
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::resolve::{Base, Rules};
    /// let base = Base::new("gopher://h/1/dir/", Rules::Rfc3986)?;
    /// let mut out = String::from("-> ");
    /// base.resolve_into("x", &mut out)?;
    /// assert_eq!(out, "-> gopher://h/1/dir/x");
    /// # Ok::<_, uniform::resolve::ResolveError>(())
    /// ```
    pub fn resolve_into(&self, reference: &str, out: &mut String) -> Result<(), ResolveError> {
        if let Some(base) = &self.whatwg {
            return whatwg_against(base, reference, out);
        }
        let len = out.len();
        let r = match (&self.split, self.rules) {
            (Some(p), rules) => {
                let compat = rules == Rules::Rfc3986Compat;
                rfc3986::resolve_split(p, reference, compat, out)
            }
            (None, rules) => return resolve_into(self.text, reference, rules, out),
        };
        if r.is_err() {
            out.truncate(len);
        }
        r
    }
}
