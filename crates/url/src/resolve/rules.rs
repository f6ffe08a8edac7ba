//! Which specification resolution follows, by name.

use crate::prelude::*;
use core::fmt;
use core::str::FromStr;

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
    /// Any base with a scheme takes relative references, `mailto:` and
    /// `urn:` ones too. The default.
    #[default]
    Rfc3986,
    /// RFC 3986 section 5.2 read backward-compatibly ("if (!strict) and
    /// (R.scheme == Base.scheme) then undefine(R.scheme)", section 5.2.2):
    /// `http:g` against an `http` base means `g`. Only for a hierarchical
    /// base: `mailto:x` against a `mailto:` base stays `mailto:x`.
    Rfc3986Compat,
    /// RFC 2396 section 5.2 (the rules of 1998, Roy Fielding's "R" column):
    /// absolute paths and network paths are taken as written (`/./g` stays),
    /// `?y` replaces the last segment, and surplus `..` segments stay. A
    /// relative reference needs a base that fits `<hier_part>` (section 5).
    Rfc2396,
    /// RFC 1808 section 4 on the components of its section 2.4: `;params`
    /// and `?query` inherit from the base when the reference has no path
    /// (`;x` gives `http://a/b/c/d;x`, `?y` gives `http://a/b/c/d;p?y`),
    /// the empty reference is the base with its fragment, surplus `..`
    /// segments stay (`http://a/../g`), and `http:g` is absolute. No
    /// relative reference against the schemes "never used with relative
    /// URLs" (section 2.3: `mailto`, `news`, `telnet`).
    Rfc1808,
    /// RFC 1630, "Partial (relative) form", as its rules are written
    /// (see [`resolve`](super::resolve) for the reading of each).
    Rfc1630,
    /// The WHATWG URL Standard, as browsers resolve: the base and the
    /// reference go through the Standard's parser ([`crate::whatwg`]),
    /// and the result is the serialization (`href`): `\\` is `/` in
    /// special schemes, `http:g` against an `http` base is relative, the
    /// result is percent-encoded and its host IDNA-mapped.
    Whatwg,
}

impl Rules {
    /// Every rule set, in declaration order.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::resolve::Rules;
    /// assert_eq!(Rules::ALL.len(), 6);
    /// ```
    pub const ALL: [Rules; 6] = [
        Rules::Rfc3986,
        Rules::Rfc3986Compat,
        Rules::Rfc2396,
        Rules::Rfc1808,
        Rules::Rfc1630,
        Rules::Whatwg,
    ];

    /// The name [`FromStr`] accepts: `rfc3986`, `rfc3986-compat`,
    /// `rfc2396`, `rfc1808`, `rfc1630` or `whatwg`.
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
            Rules::Whatwg => "whatwg",
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
            "unknown resolution rules `{}`: expected rfc3986, rfc3986-compat, rfc2396, rfc1808, rfc1630 or whatwg",
            self.0
        )
    }
}

impl core::error::Error for UnknownRules {}

impl FromStr for Rules {
    type Err = UnknownRules;

    fn from_str(s: &str) -> Result<Rules, UnknownRules> {
        Rules::ALL
            .into_iter()
            .find(|r| r.name().eq_ignore_ascii_case(s))
            .ok_or_else(|| UnknownRules(s.to_string()))
    }
}
