//! The three grammars Uniform reads URLs by.

use crate::scheme::{Scheme, SchemeRow, Syntax};

/// The three grammars Uniform reads URLs by.
///
/// # Example
///
/// ```
/// use uniform::{Dialect, ParseOptions};
///
/// // "~" is unsafe in RFC 1738 and unreserved in RFC 3986.
/// let strict = |d| ParseOptions::new().dialect(d).strict(true);
/// assert!(strict(Dialect::Rfc1738).parse("http://h/~me").is_err());
/// assert!(strict(Dialect::Rfc3986).parse("http://h/~me").is_ok());
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Dialect {
    /// RFC 1738 (December 1994), the URL standard: the default.
    #[default]
    Rfc1738 = 0,
    /// RFC 1630 (June 1994), URIs as the early Web used them.
    Rfc1630 = 1,
    /// RFC 3986 (January 2005), today's generic URI syntax.
    Rfc3986 = 2,
    /// The WHATWG URL Standard, as browsers read URLs: the parser rewrites
    /// its input into one serialization (see [`crate::whatwg`]).
    Whatwg = 3,
}

impl Dialect {
    /// Every dialect, the default first.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::Dialect;
    /// assert_eq!(Dialect::ALL.len(), 4);
    /// assert_eq!(Dialect::ALL[0], Dialect::default());
    /// ```
    pub const ALL: &'static [Dialect] = &[
        Dialect::Rfc1738,
        Dialect::Rfc1630,
        Dialect::Rfc3986,
        Dialect::Whatwg,
    ];

    /// The name the command line uses: `rfc1738`, `rfc1630`, `rfc3986`,
    /// `whatwg`.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::Dialect;
    /// assert_eq!(Dialect::Rfc1630.as_str(), "rfc1630");
    /// ```
    pub fn as_str(self) -> &'static str {
        match self {
            Dialect::Rfc1738 => "rfc1738",
            Dialect::Rfc1630 => "rfc1630",
            Dialect::Rfc3986 => "rfc3986",
            Dialect::Whatwg => "whatwg",
        }
    }

    /// The dialect of a command-line name, case-insensitively.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::Dialect;
    /// assert_eq!(Dialect::from_name("RFC3986"), Some(Dialect::Rfc3986));
    /// assert_eq!(Dialect::from_name("WHATWG"), Some(Dialect::Whatwg));
    /// assert_eq!(Dialect::from_name("rfc2396"), None);
    /// ```
    pub fn from_name(name: &str) -> Option<Dialect> {
        Dialect::ALL
            .iter()
            .copied()
            .find(|d| d.as_str().eq_ignore_ascii_case(name))
    }

    /// Whether `?` starts a search part in URLs of `scheme` under this
    /// dialect (always in RFC 1630 and RFC 3986; by scheme in RFC 1738,
    /// see [`Scheme::has_search_1738`]).
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::{Dialect, Scheme};
    /// assert!(!Dialect::Rfc1738.has_search(Scheme::Ftp));
    /// assert!(Dialect::Rfc3986.has_search(Scheme::Ftp));
    /// ```
    pub fn has_search(self, scheme: Scheme) -> bool {
        self.has_search_in(scheme.row())
    }

    /// Whether `?` starts a search part in URLs of the scheme of `row`
    /// under this dialect: as [`Dialect::has_search`], for a built-in or
    /// a registered row.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::{Dialect, Scheme};
    /// assert!(Dialect::Rfc1738.has_search_in(Scheme::Wais.row()));
    /// assert!(!Dialect::Rfc1738.has_search_in(Scheme::Gopher.row()));
    /// ```
    #[inline]
    pub fn has_search_in(self, row: &SchemeRow) -> bool {
        match self {
            Dialect::Rfc1738 => row.search_1738,
            Dialect::Rfc1630 | Dialect::Rfc3986 | Dialect::Whatwg => true,
        }
    }

    /// Whether `//` after the colon starts an authority in URLs of the
    /// scheme of `row`. RFC 3986 is a generic syntax: its `//` always
    /// starts one (section 3.2). Under RFC 1738 and RFC 1630 an opaque
    /// scheme's `//` is part of its scheme-specific part: RFC 1738 section
    /// 3.5 ("Within mailto URLs, there are no reserved characters"), RFC
    /// 1630 News ("News host names are NOT part of news URLs"), RFC 1630's
    /// mid and cid, and schemes registered as not using the common
    /// Internet syntax. Other schemes keep the generic reading.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::{Dialect, Scheme};
    /// assert!(!Dialect::Rfc1738.reads_authority(Scheme::Mailto.row()));
    /// assert!(Dialect::Rfc3986.reads_authority(Scheme::Mailto.row()));
    /// assert!(Dialect::Rfc1630.reads_authority(Scheme::Afs.row()));
    /// ```
    #[inline]
    pub fn reads_authority(self, row: &SchemeRow) -> bool {
        matches!(self, Dialect::Rfc3986 | Dialect::Whatwg) || row.syntax != Syntax::Opaque
    }
}
