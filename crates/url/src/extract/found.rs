//! What extraction reports: a [`Found`] URL, its [`Kind`] and its
//! [`Delimiter`].

use crate::prelude::*;
use crate::{ParseError, ParseOptions};

/// A URL found in text.
///
/// # Example
///
/// ```
/// use uniform::extract::{find_iter, Delimiter, Kind};
///
/// let text = "see <URL:http://example.com/a-\n  b> now";
/// let f = find_iter(text).next().unwrap();
/// assert_eq!(f.url, "http://example.com/a-b");
/// assert_eq!(&text[f.start..f.end], "<URL:http://example.com/a-\n  b>");
/// assert!(f.wrapped && f.ambiguous);
/// assert_eq!(f.delimiter, Delimiter::UrlWrapper);
/// assert_eq!(f.kind, Kind::Absolute);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct Found<'t> {
    /// The URL, without its wrapper and without the whitespace of broken
    /// lines: borrowed from the text searched where it stands there whole
    /// (most URLs, so a search makes no copy of them), owned where it was
    /// put together (a wrapper with spaces, lines joined) or read from a
    /// stream ([`Extractor`](super::Extractor)).
    pub url: Cow<'t, str>,
    /// Byte offset of the start of the match, wrapper or prefix included.
    pub start: usize,
    /// Byte offset just after the match, wrapper included, trailing
    /// punctuation excluded.
    pub end: usize,
    /// Whether angle brackets delimit it (`<URL:...>` or `<...>`).
    pub wrapped: bool,
    /// Whether a line break right after a hyphen was joined (RFC 1738
    /// Appendix: the hyphen "may or may not actually be part of the URL").
    pub ambiguous: bool,
    /// What was found: a URL, or a host name or address without a scheme.
    pub kind: Kind,
    /// What delimited it.
    pub delimiter: Delimiter,
}

/// What a [`Found`] is.
///
/// # Example
///
/// ```
/// use uniform::extract::{find_iter, Kind};
/// assert_eq!(find_iter("at www.example.com").next().unwrap().kind, Kind::Host);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Kind {
    /// An absolute URL, with its scheme.
    Absolute,
    /// A host name (`www.example.com/path`, or under fuzzy matching
    /// `example.com`, `192.168.1.1/abc`), with no scheme.
    Host,
    /// An e-mail address without `mailto:` (fuzzy matching only).
    Email,
    /// A network-path reference `//host/...` (fuzzy matching only).
    NetworkPath,
}

/// What delimited a [`Found`] in the text.
///
/// # Example
///
/// ```
/// use uniform::extract::{find_iter, Delimiter};
/// let d: Vec<Delimiter> = find_iter("<http://a.org/> URL:http://b.org/ http://c.org/")
///     .map(|f| f.delimiter)
///     .collect();
/// assert_eq!(d, [Delimiter::Angle, Delimiter::UrlPrefix, Delimiter::None]);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Delimiter {
    /// Nothing: the URL's own characters delimit it.
    None,
    /// `<...>` (the 1993 draft; RFC 3986 Appendix C).
    Angle,
    /// `<URL:...>` (RFC 1738 Appendix).
    UrlWrapper,
    /// `URL:` before it, without brackets (RFC 1738 Appendix).
    UrlPrefix,
}

impl Found<'_> {
    /// This find with its URL owned, free of the text it was found in.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::extract::{find_iter, Found};
    ///
    /// let found: Found<'static> = {
    ///     let text = String::from("see http://a.org/x");
    ///     find_iter(&text).next().unwrap().into_owned()
    /// };
    /// assert_eq!(found.url, "http://a.org/x");
    /// ```
    pub fn into_owned(self) -> Found<'static> {
        Found {
            url: Cow::Owned(self.url.into_owned()),
            start: self.start,
            end: self.end,
            wrapped: self.wrapped,
            ambiguous: self.ambiguous,
            kind: self.kind,
            delimiter: self.delimiter,
        }
    }

    /// The found text as an absolute URL: `http://` before a host name
    /// (`ftp://` before an `ftp.` one), `mailto:` before an address,
    /// `http:` before a network path, the URL itself otherwise.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::extract::{find_iter, Finder};
    ///
    /// let f = find_iter("www.example.com/x").next().unwrap();
    /// assert_eq!(f.absolute(), "http://www.example.com/x");
    /// let f = Finder::new().fuzzy(true).find_iter("joe@example.com").next().unwrap();
    /// assert_eq!(f.absolute(), "mailto:joe@example.com");
    /// ```
    pub fn absolute(&self) -> Cow<'_, str> {
        match self.kind {
            Kind::Absolute => Cow::Borrowed(&self.url),
            Kind::Host
                if self
                    .url
                    .get(..4)
                    .is_some_and(|p| p.eq_ignore_ascii_case("ftp.")) =>
            {
                Cow::Owned(format!("ftp://{}", self.url))
            }
            Kind::Host => Cow::Owned(format!("http://{}", self.url)),
            Kind::Email => Cow::Owned(format!("mailto:{}", self.url)),
            Kind::NetworkPath => Cow::Owned(format!("http:{}", self.url)),
        }
    }

    /// Parses [`Found::absolute`] by `options` and appends to `warnings`
    /// what it breaks of that grammar, as
    /// [`ParseOptions::parse_with_warnings`] does; the offsets count the
    /// bytes of `absolute()`.
    ///
    /// What is found does not depend on a dialect: text holds URLs written
    /// by every grammar, so extraction takes what any of them reads as a
    /// URL, and this says which rules of the one in force it breaks. A
    /// host with `_`, for one, is found (RFC 3986's reg-name and RFC
    /// 1630's `hostname` allow it) and breaks RFC 1738's `hostname` rule
    /// (section 3.1, and `domainlabel` in section 5), the default dialect.
    /// The check parses, so it is left to the caller: a search that does
    /// not ask keeps its speed.
    ///
    /// # Errors
    ///
    /// The parser's error when `absolute()` is no URL by `options`, or in
    /// strict mode its first violation of the grammar.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::extract::find_iter;
    /// use uniform::{Dialect, ParseErrorKind, ParseOptions};
    ///
    /// let f = find_iter("see http://a_b.example.com/x").next().unwrap();
    /// assert_eq!(f.url, "http://a_b.example.com/x");
    /// let mut warnings = Vec::new();
    /// f.check(ParseOptions::new(), &mut warnings)?; // RFC 1738
    /// assert_eq!(warnings.len(), 1);
    /// assert_eq!((warnings[0].kind(), warnings[0].offset()), (ParseErrorKind::BadHost, 8));
    /// warnings.clear();
    /// f.check(ParseOptions::new().dialect(Dialect::Rfc3986), &mut warnings)?;
    /// assert!(warnings.is_empty());
    /// assert!(f.check(ParseOptions::new().strict(true), &mut warnings).is_err());
    /// # Ok::<_, uniform::ParseError>(())
    /// ```
    pub fn check(
        &self,
        options: ParseOptions,
        warnings: &mut Vec<ParseError>,
    ) -> Result<(), ParseError> {
        // parse_owned: under the WHATWG dialect the URL is its
        // serialization, which the found text need not be.
        options.parse_owned(&self.absolute(), warnings).map(|_| ())
    }
}
