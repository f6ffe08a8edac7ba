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
//! resolution needs: a base with a scheme, and under RFC 2396 and RFC 1808,
//! whose texts say so, one with a hierarchy for a relative reference (RFC
//! 3986 and RFC 1630 resolve against `mailto:` and `urn:` bases too).
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

mod base;
mod dots;
mod error;
mod guard;
mod hierarchy;
mod relativize;
mod rfc1630;
mod rfc1808;
mod rfc3986;
mod rules;
mod split;

use crate::prelude::*;
pub use base::{Base, resolve, resolve_into};
pub use error::{Operand, ResolveError, ResolveErrorKind};
pub use relativize::relativize;
pub use rules::{Rules, UnknownRules};

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
