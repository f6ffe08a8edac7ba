//! `http` URLs (RFC 1738 section 3.3; RFC 1630 "HTTP"), and `https` by
//! the same syntax.
//!
//! ```text
//! httpurl  = "http://" hostport [ "/" hpath [ "?" search ]]
//! hpath    = hsegment *[ "/" hsegment ]
//! hsegment = *[ uchar | ";" | ":" | "@" | "&" | "=" ]
//! search   = *[ uchar | ";" | ":" | "@" | "&" | "=" ]
//! ```

use super::build::{BuildError, BuildErrorKind, Login, finish, login_setters, setter_plumbing};
use super::check::{breach, check_reserved, refuse_login, require_host};
use super::encoded;
use super::encoded::{Encoded, Segments};
use crate::error::ParseError;
use crate::pct::{EncodeSet, encode};
use crate::prelude::*;
use crate::rulebook::Rule;
use crate::scheme::Scheme;
use crate::sink::Sink;
use crate::table::Component;
use crate::url::Url;
use crate::url::UrlRef;

/// What a search part must encode: RFC 1738's `search` holds `;`, `:`,
/// `@`, `&` and `=` but not `/` or `?`.
const SEARCH: EncodeSet = EncodeSet::UNSAFE.add_all(b"/?");

/// An `http` or `https` URL read by RFC 1738 section 3.3: host, port, the
/// path segments and the search part.
///
/// # Example
///
/// ```
/// use uniform::UrlRef;
/// let url = UrlRef::parse("http://info.my.org/AboutUs/Index/Phonebook?dobbins")?;
/// let http = url.http().unwrap();
/// let segs: Vec<_> = http.segments().map(|s| s.as_str()).collect();
/// assert_eq!(segs, ["AboutUs", "Index", "Phonebook"]);
/// assert_eq!(http.search().unwrap().as_str(), "dobbins");
/// # Ok::<_, uniform::ParseError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct HttpUrl<'a> {
    url: UrlRef<'a>,
}

impl<'a> HttpUrl<'a> {
    #[inline]
    pub(crate) fn new(url: UrlRef<'a>) -> HttpUrl<'a> {
        HttpUrl { url }
    }

    /// A builder of `http` URLs from decoded parts.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::schemes::HttpUrl;
    /// let url = HttpUrl::builder().host("h.dom").segment("a b").segment("c/d").search("x?").build()?;
    /// assert_eq!(url.as_str(), "http://h.dom/a%20b/c%2Fd?x%3F");
    /// # Ok::<_, uniform::schemes::BuildError>(())
    /// ```
    pub fn builder() -> HttpBuilder {
        HttpBuilder::new()
    }

    /// The whole URL.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::UrlRef;
    /// assert_eq!(UrlRef::parse("http://h/")?.http().unwrap().url().scheme(), "http");
    /// # Ok::<_, uniform::ParseError>(())
    /// ```
    pub fn url(&self) -> UrlRef<'a> {
        self.url
    }

    /// The host.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::UrlRef;
    /// assert_eq!(UrlRef::parse("http://www.my.work.com/")?.http().unwrap().host(), "www.my.work.com");
    /// # Ok::<_, uniform::ParseError>(())
    /// ```
    pub fn host(&self) -> &'a str {
        self.url.host().unwrap_or("")
    }

    /// The port to connect to: the one written, else 80 (443 for https).
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::UrlRef;
    /// assert_eq!(UrlRef::parse("http://info.cern.ch:8000/imaginary/test")?.http().unwrap().port(), 8000);
    /// assert_eq!(UrlRef::parse("https://h/")?.http().unwrap().port(), 443);
    /// # Ok::<_, uniform::ParseError>(())
    /// ```
    pub fn port(&self) -> u16 {
        self.url.port_or_default().unwrap_or(80)
    }

    /// The `<path>` (the HTTP selector) as written, without the `/` after
    /// the host; `None` when absent.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::UrlRef;
    /// assert_eq!(UrlRef::parse("http://h/a/b?q")?.http().unwrap().path().unwrap().as_str(), "a/b");
    /// # Ok::<_, uniform::ParseError>(())
    /// ```
    pub fn path(&self) -> Option<Encoded<'a>> {
        self.url.path().map(Encoded::new)
    }

    /// The path's `/`-separated segments: none without a path, one empty
    /// segment for `http://h/` (`hpath` is at least one `hsegment`).
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::UrlRef;
    /// assert_eq!(UrlRef::parse("http://h")?.http().unwrap().segments().count(), 0);
    /// assert_eq!(UrlRef::parse("http://h/")?.http().unwrap().segments().count(), 1);
    /// # Ok::<_, uniform::ParseError>(())
    /// ```
    pub fn segments(&self) -> Segments<'a> {
        Segments::new(self.url.path())
    }

    /// The `<searchpart>` after `?`, as written; `None` when absent.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::UrlRef;
    /// let url = UrlRef::parse("http://info.cern.ch/RDB/EMP?*%20where%20name")?;
    /// assert_eq!(url.http().unwrap().search().unwrap().decode_lossy(), "* where name");
    /// # Ok::<_, uniform::ParseError>(())
    /// ```
    pub fn search(&self) -> Option<Encoded<'a>> {
        self.url.query().map(Encoded::new)
    }
}

#[inline]
pub(crate) fn validate(url: &UrlRef<'_>, sink: &mut Sink<'_>) -> Result<(), ParseError> {
    refuse_login(sink, url, Rule::HttpLogin)?;
    require_host(sink, url, Rule::HttpAuthority)?;
    if let Some(q) = url.query() {
        // httpurl = "http://" hostport [ "/" hpath [ "?" search ]]: a
        // search part comes only after the "/" of a path.
        if url.path().is_none() {
            let at = encoded::offset_in(url.as_str(), q) - 1;
            breach(sink, url, at, Component::Query, Rule::HttpSearchAfterPath)?;
        }
        check_reserved(
            sink,
            url,
            q,
            b";:@&=",
            Component::Query,
            "search",
            "RFC 1738 section 5",
            "\"/\" and \"?\" are reserved within the search part and must be encoded",
        )?;
    }
    Ok(())
}

/// Builds an `http` (or `https`) URL from decoded parts (see
/// [`HttpUrl::builder`]).
///
/// Segments are encoded with [`EncodeSet::HTTP_SEGMENT`] (`/`, `;`, `?`:
/// RFC 1738 section 3.3), the search part with the unsafe characters, `/`
/// and `?` (its `search` rule). There is no user name or password: section
/// 3.3 allows none.
///
/// # Example
///
/// ```
/// use uniform::schemes::HttpUrl;
/// let url = HttpUrl::builder().https(true).host("h").port(8443).build()?;
/// assert_eq!(url.as_str(), "https://h:8443");
/// # Ok::<_, uniform::schemes::BuildError>(())
/// ```
#[derive(Debug)]
pub struct HttpBuilder {
    inner: Result<HttpParts, BuildError>,
}

#[derive(Debug, Default)]
struct HttpParts {
    https: bool,
    login: Login,
    segments: Option<Vec<String>>,
    search: Option<String>,
}

setter_plumbing!(HttpBuilder, HttpParts);
login_setters!(HttpBuilder, HttpUrl, |p| p.login, port: "assert_eq!(HttpUrl::builder().host(\"h\").port(8000).build()?.port(), Some(8000));");

impl HttpBuilder {
    /// An empty builder: a host is required.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::schemes::HttpBuilder;
    /// assert_eq!(HttpBuilder::new().host("h").build()?.as_str(), "http://h");
    /// # Ok::<_, uniform::schemes::BuildError>(())
    /// ```
    pub fn new() -> HttpBuilder {
        HttpBuilder {
            inner: Ok(HttpParts::default()),
        }
    }

    /// Writes `https` instead of `http`.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::schemes::HttpUrl;
    /// assert_eq!(HttpUrl::builder().https(true).host("h").build()?.scheme(), "https");
    /// # Ok::<_, uniform::schemes::BuildError>(())
    /// ```
    pub fn https(self, https: bool) -> HttpBuilder {
        self.and_then(|p| {
            p.https = https;
            Ok(())
        })
    }

    /// Refused: RFC 1738 section 3.3 allows no user name in an http URL.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::schemes::{BuildErrorKind, HttpUrl};
    /// let err = HttpUrl::builder().host("h").user("me").build().unwrap_err();
    /// assert_eq!(err.kind(), BuildErrorKind::NotAllowed);
    /// ```
    pub fn user(self, _user: impl AsRef<[u8]>) -> HttpBuilder {
        self.and_then(|_| {
            Err(BuildError::new(
                BuildErrorKind::NotAllowed,
                "user",
                "no user name or password is allowed (RFC 1738 section 3.3)",
            ))
        })
    }

    /// Appends one path segment (decoded).
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::schemes::HttpUrl;
    /// assert_eq!(HttpUrl::builder().host("h").segment("").build()?.as_str(), "http://h/");
    /// # Ok::<_, uniform::schemes::BuildError>(())
    /// ```
    pub fn segment(self, segment: impl AsRef<[u8]>) -> HttpBuilder {
        self.and_then(|p| {
            p.segments
                .get_or_insert_with(Vec::new)
                .push(encode(segment.as_ref(), &EncodeSet::HTTP_SEGMENT).into_owned());
            Ok(())
        })
    }

    /// The search part (decoded, taken as one string).
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::schemes::HttpUrl;
    /// assert_eq!(HttpUrl::builder().host("h").search("a=b;c").build()?.as_str(), "http://h/?a=b;c");
    /// # Ok::<_, uniform::schemes::BuildError>(())
    /// ```
    pub fn search(self, search: impl AsRef<[u8]>) -> HttpBuilder {
        self.and_then(|p| {
            p.search = Some(encode(search.as_ref(), &SEARCH).into_owned());
            Ok(())
        })
    }

    /// The URL.
    ///
    /// # Errors
    ///
    /// The first error of a setter, or a missing host.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::schemes::HttpUrl;
    /// assert!(HttpUrl::builder().build().is_err());
    /// ```
    pub fn build(self) -> Result<Url, BuildError> {
        let p = self.inner?;
        let scheme = if p.https { Scheme::Https } else { Scheme::Http };
        let mut s = p.login.write(scheme.name().unwrap_or("http"), false)?;
        if p.segments.is_some() || p.search.is_some() {
            s.push('/');
            s.push_str(&p.segments.unwrap_or_default().join("/"));
            if let Some(q) = &p.search {
                s.push('?');
                s.push_str(q);
            }
        }
        finish(s, validate)
    }
}

impl Default for HttpBuilder {
    fn default() -> HttpBuilder {
        HttpBuilder::new()
    }
}

#[cfg(test)]
mod tests {
    use crate::{ParseErrorKind, ParseOptions, UrlRef};

    #[test]
    fn user_is_refused_in_strict_mode() {
        let e = ParseOptions::new()
            .strict(true)
            .parse("http://me:pw@h/")
            .unwrap_err();
        assert_eq!(
            (e.kind(), e.rule(), e.offset()),
            (ParseErrorKind::SchemeSyntax, "httpurl", 7)
        );
        let mut w = Vec::new();
        ParseOptions::new()
            .parse_with_warnings("http://me@h/", &mut w)
            .unwrap();
        assert_eq!(w.len(), 1);
        assert_eq!(w[0].section(), "RFC 1738 section 3.3");
    }

    #[test]
    fn search_has_no_slash_in_rfc_1738() {
        let e = ParseOptions::new()
            .strict(true)
            .parse("http://h/p?a/b")
            .unwrap_err();
        assert_eq!((e.rule(), e.offset()), ("search", 12));
        assert!(
            ParseOptions::new()
                .strict(true)
                .parse("http://h/p?a;b:c@d&e=f")
                .is_ok()
        );
        let o = ParseOptions::new()
            .dialect(crate::Dialect::Rfc3986)
            .strict(true);
        assert!(o.parse("http://h/p?a/b").is_ok());
    }

    #[test]
    fn segments_keep_empties() {
        let u = UrlRef::parse("http://h/a//b/").unwrap();
        let s: Vec<_> = u.http().unwrap().segments().map(|s| s.as_str()).collect();
        assert_eq!(s, ["a", "", "b", ""]);
    }
}
