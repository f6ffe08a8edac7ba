//! Relative references: resolution against a base, and the reverse.
//!
//! # Overview
//!
//! [`resolve`] turns a reference found in a document (`../g`, `?y`,
//! `#s`, `//host/x`) into an absolute URL, given the URL of the document
//! (the *base*). Four specifications have defined how, and they disagree on
//! corner cases, so the caller picks one with [`Rules`]:
//!
//! | rules | specification | `?y` | `../../../g` | `http:g` | `/./g` |
//! | --- | --- | --- | --- | --- | --- |
//! | [`Rules::Rfc3986`] (default) | RFC 3986 section 5.2 | `http://a/b/c/d;p?y` | `http://a/g` | `http:g` | `http://a/g` |
//! | [`Rules::Rfc3986Compat`] | the same, non-strict | `http://a/b/c/d;p?y` | `http://a/g` | `http://a/b/c/g` | `http://a/g` |
//! | [`Rules::Rfc2396`] | RFC 2396 section 5.2 | `http://a/b/c/?y` | `http://a/../g` | `http:g` | `http://a/./g` |
//! | [`Rules::Rfc1808`] | RFC 1808 section 4 | `http://a/b/c/d;p?y` | `http://a/../g` | `http:g` | `http://a/./g` |
//! | [`Rules::Rfc1630`] | RFC 1630, partial form | `http://a/b/c/?y` | `http://a/../g` | `http://a/b/c/g` | `http://a/g` |
//!
//! (base `http://a/b/c/d;p?q`.) [`relativize`] goes the other way: the
//! shortest reference that resolves back to a given URL.
//!
//! These functions work on strings with their own component split (RFC
//! 3986 Appendix B, done by hand), never on a parsed URL: they accept any
//! input, never panic, run in linear time, and validate nothing but what
//! resolution needs (a base with a scheme, and a hierarchical one for a
//! relative reference).
//!
//! # Example: resolving links of a document
//!
//! ```
//! use uniform::resolve::{resolve, Rules};
//!
//! let base = "http://a/b/c/d;p?q";
//! assert_eq!(resolve(base, "../g", Rules::Rfc3986)?, "http://a/b/g");
//! assert_eq!(resolve(base, "//g", Rules::Rfc3986)?, "http://g");
//! assert_eq!(resolve(base, ";x", Rules::Rfc1808)?, "http://a/b/c/d;x");
//! # Ok::<_, uniform::resolve::ResolveError>(())
//! ```

mod dots;
mod relativize;
mod rfc1630;
mod rfc1808;
mod rfc3986;
mod split;

use crate::Scheme;
use core::fmt;
use core::str::FromStr;
use rfc3986::BaseView;

pub use relativize::relativize;

/// Which specification's resolution algorithm to follow.
///
/// # Example
///
/// ```
/// use uniform::resolve::{resolve, Rules};
///
/// let base = "http://a/b/c/d;p?q";
/// assert_eq!(resolve(base, "http:g", Rules::Rfc3986)?, "http:g");
/// assert_eq!(resolve(base, "http:g", Rules::Rfc3986Compat)?, "http://a/b/c/g");
/// assert_eq!("rfc1808".parse::<Rules>(), Ok(Rules::Rfc1808));
/// # Ok::<_, uniform::resolve::ResolveError>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Rules {
    /// RFC 3986 section 5.2, strict: a reference with a scheme is absolute.
    /// The default.
    #[default]
    Rfc3986,
    /// RFC 3986 section 5.2 read backward-compatibly ("if (!strict) and
    /// (R.scheme == Base.scheme) then undefine(R.scheme)", section 5.2.2):
    /// `http:g` against an `http` base means `g`. Only for a hierarchical
    /// base: `mailto:x` against a `mailto:` base stays `mailto:x`.
    Rfc3986Compat,
    /// RFC 2396 section 5.2 (the rules of 1998, Roy Fielding's "R" column):
    /// absolute paths and network paths are taken as written (`/./g` stays),
    /// `?y` replaces the last segment, and surplus `..` segments stay.
    Rfc2396,
    /// RFC 1808 section 4 on the components of its section 2.4: `;params`
    /// and `?query` inherit from the base when the reference has no path
    /// (`;x` gives `http://a/b/c/d;x`, `?y` gives `http://a/b/c/d;p?y`),
    /// the empty reference is the base with its fragment, surplus `..`
    /// segments stay (`http://a/../g`), and `http:g` is absolute.
    Rfc1808,
    /// RFC 1630, "Partial (relative) form", as its rules are written
    /// (see [`resolve`] for the reading of each).
    Rfc1630,
}

impl Rules {
    /// Every rule set, in declaration order.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::resolve::Rules;
    /// assert_eq!(Rules::ALL.len(), 5);
    /// ```
    pub const ALL: [Rules; 5] = [
        Rules::Rfc3986,
        Rules::Rfc3986Compat,
        Rules::Rfc2396,
        Rules::Rfc1808,
        Rules::Rfc1630,
    ];

    /// The name [`FromStr`] accepts: `rfc3986`, `rfc3986-compat`,
    /// `rfc2396`, `rfc1808` or `rfc1630`.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::resolve::Rules;
    /// assert_eq!(Rules::Rfc3986Compat.name(), "rfc3986-compat");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            Rules::Rfc3986 => "rfc3986",
            Rules::Rfc3986Compat => "rfc3986-compat",
            Rules::Rfc2396 => "rfc2396",
            Rules::Rfc1808 => "rfc1808",
            Rules::Rfc1630 => "rfc1630",
        }
    }
}

impl fmt::Display for Rules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The error of parsing a [`Rules`] name.
///
/// # Example
///
/// ```
/// use uniform::resolve::Rules;
/// let e = "rfc9999".parse::<Rules>().unwrap_err();
/// assert!(e.to_string().contains("rfc9999"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownRules(String);

impl fmt::Display for UnknownRules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown resolution rules `{}`: expected rfc3986, rfc3986-compat, rfc2396, rfc1808 or rfc1630",
            self.0
        )
    }
}

impl std::error::Error for UnknownRules {}

impl FromStr for Rules {
    type Err = UnknownRules;

    fn from_str(s: &str) -> Result<Rules, UnknownRules> {
        Rules::ALL
            .into_iter()
            .find(|r| r.name().eq_ignore_ascii_case(s))
            .ok_or_else(|| UnknownRules(s.to_string()))
    }
}

/// Why a reference could not be resolved, or a target not relativized.
///
/// # Example
///
/// ```
/// use uniform::resolve::{resolve, ResolveErrorKind, Operand, Rules};
///
/// let e = resolve("mailto:joe@example.com", "other", Rules::Rfc3986).unwrap_err();
/// assert_eq!(e.kind(), ResolveErrorKind::BaseNotHierarchical);
/// assert_eq!(e.operand(), Operand::Base);
/// assert_eq!(e.offset(), 6); // the scheme's colon
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ResolveError {
    kind: ResolveErrorKind,
    operand: Operand,
    offset: usize,
    /// The rules in force, for [`ResolveErrorKind::Unreachable`]: each
    /// removes dot segments under its own RFC's text.
    rules: Option<Rules>,
}

/// The kind of a [`ResolveError`].
///
/// # Example
///
/// ```
/// use uniform::resolve::{resolve, ResolveErrorKind, Rules};
/// let e = resolve("/not/absolute", "g", Rules::Rfc3986).unwrap_err();
/// assert_eq!(e.kind(), ResolveErrorKind::BaseNotAbsolute);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ResolveErrorKind {
    /// The base has no scheme: "the base URI must be absolute" (RFC 3986
    /// section 5.2.1; RFC 1808 section 3).
    BaseNotAbsolute,
    /// The base's scheme is not hierarchical (`mailto`, `news`, `mid`,
    /// `cid`, `urn`), so a relative reference other than an empty one or a
    /// bare fragment has nothing to be relative to (RFC 1738 section 2.3).
    BaseNotHierarchical,
    /// [`relativize`]: the target has no scheme.
    TargetNotAbsolute,
    /// [`relativize`]: no reference, not even the target itself, resolves
    /// to the target under these rules (under RFC 3986, a target with `.`
    /// or `..` segments in its path).
    Unreachable,
}

/// Which input of a function a [`ResolveError`] is about.
///
/// # Example
///
/// ```
/// use uniform::resolve::{relativize, Operand, Rules};
/// let e = relativize("http://a/", "no-scheme", Rules::Rfc3986).unwrap_err();
/// assert_eq!(e.operand(), Operand::Target);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Operand {
    /// The base URL.
    Base,
    /// The target URL of [`relativize`].
    Target,
}

impl ResolveError {
    /// What went wrong.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::resolve::{resolve, ResolveErrorKind, Rules};
    /// let e = resolve("news:comp.lang", "x", Rules::Rfc1808).unwrap_err();
    /// assert_eq!(e.kind(), ResolveErrorKind::BaseNotHierarchical);
    /// ```
    pub fn kind(&self) -> ResolveErrorKind {
        self.kind
    }

    /// Which input is at fault.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::resolve::{resolve, Operand, Rules};
    /// let e = resolve("", "g", Rules::Rfc3986).unwrap_err();
    /// assert_eq!(e.operand(), Operand::Base);
    /// ```
    pub fn operand(&self) -> Operand {
        self.operand
    }

    /// Byte offset in that input: for a missing scheme, the first byte that
    /// cannot continue a scheme name (where a `:` was needed); for a
    /// scheme that is not hierarchical, its colon; else 0.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::resolve::{resolve, Rules};
    /// let e = resolve("ht tp://a/", "g", Rules::Rfc3986).unwrap_err();
    /// assert_eq!(e.offset(), 2);
    /// ```
    pub fn offset(&self) -> usize {
        self.offset
    }

    fn base_not_absolute(base: &str, syntax: split::SchemeSyntax) -> ResolveError {
        ResolveError {
            kind: ResolveErrorKind::BaseNotAbsolute,
            operand: Operand::Base,
            offset: scheme_stop(base, syntax),
            rules: None,
        }
    }

    fn base_not_absolute_1808(base: &str) -> ResolveError {
        let b = base.as_bytes();
        let offset = b
            .iter()
            .position(|&c| !(c.is_ascii_alphanumeric() || matches!(c, b'+' | b'-' | b'.')))
            .unwrap_or(b.len());
        ResolveError {
            kind: ResolveErrorKind::BaseNotAbsolute,
            operand: Operand::Base,
            offset,
            rules: None,
        }
    }

    fn base_not_hierarchical(scheme: &str) -> ResolveError {
        ResolveError {
            kind: ResolveErrorKind::BaseNotHierarchical,
            operand: Operand::Base,
            offset: scheme.len(),
            rules: None,
        }
    }
}

/// Where a scheme name stops being one.
fn scheme_stop(s: &str, syntax: split::SchemeSyntax) -> usize {
    let b = s.as_bytes();
    match syntax {
        split::SchemeSyntax::Strict => {
            if !b.first().is_some_and(u8::is_ascii_alphabetic) {
                return 0;
            }
            b.iter()
                .position(|&c| !(c.is_ascii_alphanumeric() || matches!(c, b'+' | b'-' | b'.')))
                .unwrap_or(b.len())
        }
        split::SchemeSyntax::BeforeColon => b
            .iter()
            .position(|&c| matches!(c, b':' | b'/' | b'?' | b'#'))
            .unwrap_or(b.len()),
    }
}

impl fmt::Display for ResolveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let which = match self.operand {
            Operand::Base => "base",
            Operand::Target => "target",
        };
        match self.kind {
            ResolveErrorKind::BaseNotAbsolute => write!(
                f,
                "the base is not an absolute URL: no scheme and ':' at byte {} \
                 (a base must be absolute, RFC 3986 section 5.2.1, RFC 1808 section 3)",
                self.offset
            ),
            ResolveErrorKind::TargetNotAbsolute => write!(
                f,
                "the {which} is not an absolute URL: no scheme and ':' at byte {} \
                 (relativize needs an absolute target to make a reference to)",
                self.offset
            ),
            ResolveErrorKind::BaseNotHierarchical => write!(
                f,
                "the base's scheme (ending at byte {}) is not hierarchical, so a relative \
                 reference cannot be resolved against it (RFC 1738 section 2.3)",
                self.offset
            ),
            ResolveErrorKind::Unreachable => {
                let rule = match self.rules {
                    Some(Rules::Rfc1630) => {
                        "RFC 1630, Partial (relative) form: \"xxx/../\" and \"/.\" are removed"
                    }
                    Some(Rules::Rfc1808) => "RFC 1808 section 4, step 6",
                    Some(Rules::Rfc2396) => "RFC 2396 section 5.2, step 6",
                    _ => "RFC 3986 section 5.2.4",
                };
                write!(
                    f,
                    "no reference resolves to this target under these rules: its path has \
                     '.' or '..' segments, which resolution removes ({rule})"
                )
            }
        }
    }
}

impl std::error::Error for ResolveError {}

/// Whether `scheme` has a hierarchy that relative references can use
/// ([`Scheme::is_hierarchical`]). Only names of 3, 4 or 6 letters can be
/// one of the exceptions (`mid`, `cid`, `urn`, `news`, `mailto`), so the
/// others skip the lookup; a test checks this against every named scheme.
#[inline]
fn hierarchical(scheme: &str) -> bool {
    !matches!(scheme.len(), 3 | 4 | 6) || Scheme::from_name(scheme).is_hierarchical()
}

/// Resolves `reference` against `base` under `rules`.
///
/// The result is a new string; the inputs are taken as they are (no case
/// folding, no percent-decoding, no other normalization).
///
/// # Errors
///
/// [`ResolveErrorKind::BaseNotAbsolute`] when `base` has no scheme, and
/// [`ResolveErrorKind::BaseNotHierarchical`] when its scheme is `mailto`,
/// `news`, `mid`, `cid` or `urn` and the reference is relative (other than
/// empty or a bare `#fragment`, which name the base document itself). An
/// absolute reference is returned (with its dot segments removed under
/// RFC 3986) whatever the base's scheme.
///
/// # How each rule set reads its RFC
///
/// - **RFC 3986** (section 5.2): exactly sections 5.2.1 to 5.3, including
///   `remove_dot_segments` applied literally (so `foo/../bar` against the
///   rootless `zz:abc` gives `zz:/bar`). A scheme is
///   `ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )`; text before a colon
///   that is not one makes the reference a relative path.
/// - **RFC 2396** (section 5.2): absolute references, network paths and
///   absolute paths are taken as written; a relative path is merged and
///   steps 6c to 6f applied; surplus `..` are kept (step 6g allows it and
///   Appendix C shows it); the empty reference is the base without its
///   fragment.
/// - **RFC 1808** (section 4): components found in the order of section
///   2.4 (fragment, scheme, `net_loc` up to the next `/`, query after the
///   first `?`, params after the first `;`), so `;params` belong to the
///   whole path (`d;p=1/2`: path `d`, params `p=1/2`). "Non-empty" tests
///   are taken literally (`?` alone inherits the base's query).
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
///   bare fragment names the base document.
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
    };
    if r.is_err() {
        out.truncate(len);
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
}

impl<'a> Base<'a> {
    /// Checks and splits `text` for resolution under `rules`.
    ///
    /// # Errors
    ///
    /// [`ResolveErrorKind::BaseNotAbsolute`] when `text` has no scheme (as
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
        Ok(Base { text, rules, split })
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
        self.resolve_into(reference, &mut out)?;
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
        let len = out.len();
        let r = match (&self.split, self.rules) {
            (Some(p), rules) => {
                let compat = rules == Rules::Rfc3986Compat;
                rfc3986::resolve_with(BaseView::Split(p), reference, compat, out)
            }
            (None, rules) => resolve_into(self.text, reference, rules, out),
        };
        if r.is_err() {
            out.truncate(len);
        }
        r
    }
}

/// RFC 3986 section 5.2.4, `remove_dot_segments`, on its own.
///
/// # Example
///
/// ```
/// use uniform::resolve::remove_dot_segments;
/// assert_eq!(remove_dot_segments("/a/b/c/./../../g"), "/a/g");
/// assert_eq!(remove_dot_segments("mid/content=5/../6"), "mid/6");
/// ```
pub fn remove_dot_segments(path: &str) -> String {
    let mut out = String::with_capacity(path.len());
    dots::rfc3986(&mut out, path, "");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hierarchical_shortcut_agrees_with_scheme() {
        let names = [
            "ftp",
            "http",
            "https",
            "gopher",
            "mailto",
            "news",
            "nntp",
            "telnet",
            "wais",
            "file",
            "prospero",
            "mid",
            "cid",
            "urn",
            "rlogin",
            "tn3270",
            "afs",
            "nfs",
            "mailserver",
            "z39.50",
            "x-foo",
            "svn+ssh",
            "MAILTO",
            "News",
            "a",
            "",
        ];
        for n in names {
            assert_eq!(
                hierarchical(n),
                Scheme::from_name(n).is_hierarchical(),
                "{n}"
            );
        }
    }
}
