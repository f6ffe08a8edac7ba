//! Why a reference could not be resolved, or a target not relativized.

use super::rules::Rules;
use super::split;
use core::fmt;

/// Why a reference could not be resolved, or a target not relativized.
///
/// # Example
///
/// ```
/// use uniform::resolve::{resolve, ResolveErrorKind, Operand, Rules};
///
/// let e = resolve("mailto:joe@example.com", "other", Rules::Rfc2396).unwrap_err();
/// assert_eq!(e.kind(), ResolveErrorKind::BaseNotHierarchical);
/// assert_eq!(e.operand(), Operand::Base);
/// assert_eq!(e.offset(), 6); // the scheme's colon
/// assert!(e.to_string().contains("RFC 2396 section 5"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ResolveError {
    pub(super) kind: ResolveErrorKind,
    pub(super) operand: Operand,
    pub(super) offset: usize,
    /// The rules in force, for [`ResolveErrorKind::Unreachable`] and
    /// [`ResolveErrorKind::BaseNotHierarchical`]: each removes dot segments,
    /// and refuses a base, under its own RFC's text.
    pub(super) rules: Option<Rules>,
    /// Under [`Rules::Whatwg`], the parser's failure.
    pub(super) failure: Option<alloc::boxed::Box<crate::error::ParseError>>,
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
    /// The rules in force allow no relative reference (other than an empty
    /// one or a bare fragment) against this base. Only two rule sets say
    /// so: [`Rules::Rfc2396`], when the base does not fit the `<hier_part>`
    /// syntax (it has no `//` or `/` after its colon, or its scheme is one
    /// without a hierarchy: `mailto`, `news`, `mid`, `cid`, `urn`; RFC 2396
    /// section 5), and [`Rules::Rfc1808`], when the base's scheme is one
    /// "never used with relative URLs" (`mailto`, `news`, `telnet`, and
    /// `mid`, `cid`, `urn` of the same kind; RFC 1808 section 2.3). RFC 3986
    /// and RFC 1630 resolve against any base with a scheme.
    ///
    /// ```
    /// use uniform::resolve::{resolve, ResolveErrorKind, Rules};
    /// let e = resolve("news:comp.lang", "x", Rules::Rfc1808).unwrap_err();
    /// assert_eq!(e.kind(), ResolveErrorKind::BaseNotHierarchical);
    /// assert_eq!(resolve("news:comp.lang", "x", Rules::Rfc3986)?, "news:x");
    /// # Ok::<_, uniform::resolve::ResolveError>(())
    /// ```
    BaseNotHierarchical,
    /// [`relativize`](super::relativize): the target has no scheme.
    TargetNotAbsolute,
    /// [`relativize`](super::relativize): no reference, not even the target itself, resolves
    /// to the target under these rules (under RFC 3986, a target with `.`
    /// or `..` segments in its path).
    Unreachable,
    /// [`Rules::Whatwg`]: the URL Standard's parser returns failure for
    /// the base or for the reference against it;
    /// [`ResolveError::failure`] says why.
    ///
    /// ```
    /// use uniform::resolve::{resolve, ResolveErrorKind, Rules};
    /// let e = resolve("http://h/", "http://[::1/", Rules::Whatwg).unwrap_err();
    /// assert_eq!(e.kind(), ResolveErrorKind::Failure);
    /// assert_eq!(e.failure().unwrap().rule(), "IPv6-unclosed");
    /// ```
    Failure,
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
    /// The target URL of [`relativize`](super::relativize).
    Target,
    /// The reference being resolved (only [`Rules::Whatwg`] refuses one).
    Reference,
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
    /// cannot continue a scheme name (where a `:` was needed); for a base
    /// that takes no relative reference, its scheme's colon; else 0.
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

    /// Under [`Rules::Whatwg`], the URL Standard parser's failure, with the
    /// validation error it names.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::resolve::{resolve, Operand, Rules};
    /// let e = resolve("no-scheme", "g", Rules::Whatwg).unwrap_err();
    /// assert_eq!(e.operand(), Operand::Base);
    /// assert_eq!(e.failure().unwrap().rule(), "missing-scheme-non-relative-URL");
    /// ```
    pub fn failure(&self) -> Option<&crate::error::ParseError> {
        self.failure.as_deref()
    }

    pub(super) fn whatwg(operand: Operand, e: crate::error::ParseError) -> ResolveError {
        ResolveError {
            kind: ResolveErrorKind::Failure,
            operand,
            offset: e.offset(),
            rules: Some(Rules::Whatwg),
            failure: Some(alloc::boxed::Box::new(e)),
        }
    }

    pub(super) fn base_not_absolute(base: &str, syntax: split::SchemeSyntax) -> ResolveError {
        ResolveError {
            kind: ResolveErrorKind::BaseNotAbsolute,
            operand: Operand::Base,
            offset: scheme_stop(base, syntax),
            rules: None,
            failure: None,
        }
    }

    pub(super) fn base_not_absolute_1808(base: &str) -> ResolveError {
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
            failure: None,
        }
    }

    pub(super) fn base_not_hierarchical(scheme: &str, rules: Rules) -> ResolveError {
        ResolveError {
            kind: ResolveErrorKind::BaseNotHierarchical,
            operand: Operand::Base,
            offset: scheme.len(),
            rules: Some(rules),
            failure: None,
        }
    }
}

/// Where a scheme name stops being one.
pub(super) fn scheme_stop(s: &str, syntax: split::SchemeSyntax) -> usize {
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
        split::SchemeSyntax::SchemeChars => b
            .iter()
            .position(|&c| !(c.is_ascii_alphanumeric() || matches!(c, b'+' | b'-' | b'.')))
            .unwrap_or(b.len()),
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
            Operand::Reference => "reference",
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
            ResolveErrorKind::BaseNotHierarchical => {
                write!(
                    f,
                    "the base (scheme ending at byte {}) takes no relative reference under \
                     these rules",
                    self.offset
                )?;
                match self.rules {
                    Some(Rules::Rfc2396) => f.write_str(
                        ": its scheme-specific part does not fit the <hier_part> syntax \
                         (RFC 2396 section 5)",
                    ),
                    Some(Rules::Rfc1808) => f.write_str(
                        ": its scheme is never used with relative URLs (RFC 1808 section 2.3)",
                    ),
                    // RFC 3986 and RFC 1630 refuse no base that has a scheme.
                    _ => Ok(()),
                }
            }
            ResolveErrorKind::Failure => match &self.failure {
                Some(e) => write!(f, "the {which} is no URL by the URL Standard: {e}"),
                None => write!(f, "the {which} is no URL by the URL Standard"),
            },
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

impl core::error::Error for ResolveError {}
