//! `nntp` URLs (RFC 1738 section 3.7; RFC 1630 "Schemes for Further Study").
//!
//! ```text
//! nntpurl = "nntp://" hostport "/" group [ "/" digits ]
//! ```

use super::build::{BuildError, BuildErrorKind, Login, finish, login_setters, setter_plumbing};
use super::check::{breach, refuse_login, require_host};
use super::encoded::{Encoded, offset_in};
use super::news::{chars_5538, group_fault};
use crate::dialect::Dialect;
use crate::error::ParseError;
use crate::prelude::*;
use crate::rulebook::Rule;
use crate::sink::Sink;
use crate::table::Component;
use crate::url::Url;
use crate::url::UrlRef;

/// An `nntp` URL: host, port, group and article number (RFC 1738 section
/// 3.7).
///
/// # Example
///
/// ```
/// use uniform::UrlRef;
/// let url = UrlRef::parse("nntp://news.com/comp.lang.perl/42")?;
/// let nntp = url.nntp().unwrap();
/// assert_eq!(nntp.group().as_str(), "comp.lang.perl");
/// assert_eq!(nntp.article_number(), Some(42));
/// assert_eq!(nntp.port(), 119);
/// # Ok::<_, uniform::ParseError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct NntpUrl<'a> {
    url: UrlRef<'a>,
}

impl<'a> NntpUrl<'a> {
    #[inline]
    pub(crate) fn new(url: UrlRef<'a>) -> NntpUrl<'a> {
        NntpUrl { url }
    }

    /// A builder of `nntp` URLs.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::schemes::NntpUrl;
    /// let url = NntpUrl::builder().host("news.com").group("comp.lang.perl").article(42).build()?;
    /// assert_eq!(url.as_str(), "nntp://news.com/comp.lang.perl/42");
    /// # Ok::<_, uniform::schemes::BuildError>(())
    /// ```
    pub fn builder() -> NntpBuilder {
        NntpBuilder::new()
    }

    /// The whole URL.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::UrlRef;
    /// assert_eq!(UrlRef::parse("nntp://h/g")?.nntp().unwrap().url().host(), Some("h"));
    /// # Ok::<_, uniform::ParseError>(())
    /// ```
    pub fn url(&self) -> UrlRef<'a> {
        self.url
    }

    /// The news server.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::UrlRef;
    /// assert_eq!(UrlRef::parse("nntp://news.com/g")?.nntp().unwrap().host(), "news.com");
    /// # Ok::<_, uniform::ParseError>(())
    /// ```
    pub fn host(&self) -> &'a str {
        self.url.host().unwrap_or("")
    }

    /// The port: the one written, else 119.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::UrlRef;
    /// assert_eq!(UrlRef::parse("nntp://h:1119/g")?.nntp().unwrap().port(), 1119);
    /// # Ok::<_, uniform::ParseError>(())
    /// ```
    pub fn port(&self) -> u16 {
        self.url.port().unwrap_or(119)
    }

    fn split(&self) -> (&'a str, Option<&'a str>) {
        let p = self.url.path().unwrap_or("");
        match p.find('/') {
            Some(i) => (&p[..i], Some(&p[i + 1..])),
            None => (p, None),
        }
    }

    /// The `<newsgroup-name>`, empty when missing.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::UrlRef;
    /// assert_eq!(UrlRef::parse("nntp://h/alt.test")?.nntp().unwrap().group().as_str(), "alt.test");
    /// # Ok::<_, uniform::ParseError>(())
    /// ```
    pub fn group(&self) -> Encoded<'a> {
        Encoded::new(self.split().0)
    }

    /// The `<article-number>` as written (everything after the group's
    /// `/`); `None` when absent.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::UrlRef;
    /// assert_eq!(UrlRef::parse("nntp://h/g/0042")?.nntp().unwrap().article().unwrap().as_str(), "0042");
    /// # Ok::<_, uniform::ParseError>(())
    /// ```
    pub fn article(&self) -> Option<Encoded<'a>> {
        self.split().1.map(Encoded::new)
    }

    /// The article number, when it is digits that fit in a `u64`.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::UrlRef;
    /// assert_eq!(UrlRef::parse("nntp://h/g/x")?.nntp().unwrap().article_number(), None);
    /// # Ok::<_, uniform::ParseError>(())
    /// ```
    pub fn article_number(&self) -> Option<u64> {
        let a = self.split().1?;
        if a.is_empty() || !a.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        a.parse().ok()
    }
}

pub(crate) fn validate(v: &NntpUrl<'_>, sink: &mut Sink<'_>) -> Result<(), ParseError> {
    let url = &v.url;
    let s = url.as_str();
    refuse_login(sink, url, Rule::NntpLogin)?;
    require_host(sink, url, Rule::NntpAuthority)?;
    let (group, article) = v.split();
    if url.path().is_none() || group.is_empty() {
        let at = url
            .path()
            .map_or(url.without_fragment().len(), |p| offset_in(s, p));
        breach(sink, url, at, Component::Path, Rule::NntpGroupNeeded)?;
    } else {
        let fault = match url.dialect() {
            Dialect::Rfc3986 => chars_5538(group.as_bytes(), b""),
            _ => group_fault(group.as_bytes()),
        };
        if let Some(i) = fault {
            breach(
                sink,
                url,
                offset_in(s, group) + i,
                Component::Path,
                Rule::NntpGroup,
            )?;
        }
    }
    if let Some(a) = article {
        let base = offset_in(s, a);
        // RFC 5538 (from RFC 3977): article-number = 1*16DIGIT.
        let longest = match url.dialect() {
            Dialect::Rfc3986 => 16,
            _ => usize::MAX,
        };
        let bad = if a.is_empty() {
            Some(0)
        } else if a.len() > longest {
            Some(longest)
        } else {
            a.bytes().position(|b| !b.is_ascii_digit())
        };
        if let Some(i) = bad {
            breach(sink, url, base + i, Component::Path, Rule::NntpArticle)?;
        }
    }
    Ok(())
}

/// Builds an `nntp` URL (see [`NntpUrl::builder`]).
///
/// # Example
///
/// ```
/// use uniform::schemes::NntpUrl;
/// assert!(NntpUrl::builder().host("h").build().is_err()); // no group
/// ```
#[derive(Debug)]
pub struct NntpBuilder {
    inner: Result<NntpParts, BuildError>,
}

#[derive(Debug, Default)]
struct NntpParts {
    login: Login,
    group: Option<String>,
    article: Option<u64>,
}

setter_plumbing!(NntpBuilder, NntpParts);
login_setters!(NntpBuilder, NntpUrl, |p| p.login, port: "assert_eq!(NntpUrl::builder().host(\"h\").port(1119).group(\"g\").build()?.as_str(), \"nntp://h:1119/g\");");

impl NntpBuilder {
    /// An empty builder: host and group are required.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::schemes::NntpBuilder;
    /// assert_eq!(NntpBuilder::new().host("h").group("g").build()?.as_str(), "nntp://h/g");
    /// # Ok::<_, uniform::schemes::BuildError>(())
    /// ```
    pub fn new() -> NntpBuilder {
        NntpBuilder {
            inner: Ok(NntpParts::default()),
        }
    }

    /// The group, checked by the `group` rule.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::schemes::NntpUrl;
    /// assert!(NntpUrl::builder().host("h").group("no/slash").build().is_err());
    /// ```
    pub fn group(self, group: &str) -> NntpBuilder {
        self.and_then(|p| {
            if group_fault(group.as_bytes()).is_some() {
                return Err(BuildError::new(
                    BuildErrorKind::BadValue,
                    "group",
                    "a group name is a letter, then letters, digits, '-', '.', '+' and '_' (RFC 1738 section 5)",
                ));
            }
            p.group = Some(group.to_string());
            Ok(())
        })
    }

    /// The article number.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::schemes::NntpUrl;
    /// assert_eq!(NntpUrl::builder().host("h").group("g").article(7).build()?.as_str(), "nntp://h/g/7");
    /// # Ok::<_, uniform::schemes::BuildError>(())
    /// ```
    pub fn article(self, number: u64) -> NntpBuilder {
        self.and_then(|p| {
            p.article = Some(number);
            Ok(())
        })
    }

    /// The URL.
    ///
    /// # Errors
    ///
    /// The first error of a setter, a missing host or group.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::schemes::NntpUrl;
    /// assert!(NntpUrl::builder().group("g").build().is_err());
    /// ```
    pub fn build(self) -> Result<Url, BuildError> {
        let p = self.inner?;
        let mut s = p.login.write("nntp", false)?;
        let Some(g) = &p.group else {
            return Err(BuildError::new(
                BuildErrorKind::MissingPart,
                "group",
                "an nntp URL names a newsgroup",
            ));
        };
        s.push('/');
        s.push_str(g);
        if let Some(a) = p.article {
            s.push('/');
            s.push_str(&a.to_string());
        }
        finish(s, |u, sink| validate(&NntpUrl::new(*u), sink))
    }
}

impl Default for NntpBuilder {
    fn default() -> NntpBuilder {
        NntpBuilder::new()
    }
}

#[cfg(test)]
mod tests {
    use crate::ParseOptions;

    #[test]
    fn rules() {
        let s = ParseOptions::new().strict(true);
        assert!(s.parse("nntp://h/comp.lang/42").is_ok());
        assert!(s.parse("nntp://h/comp.lang").is_ok());
        let e = s.parse("nntp://h/comp.lang/4x").unwrap_err();
        assert_eq!((e.rule(), e.offset()), ("digits", 20));
        assert_eq!(s.parse("nntp://h/g/").unwrap_err().rule(), "digits");
        assert_eq!(s.parse("nntp://h/g/1/2").unwrap_err().offset(), 12);
        assert_eq!(s.parse("nntp://h").unwrap_err().rule(), "nntpurl");
        assert_eq!(s.parse("nntp://h/").unwrap_err().rule(), "nntpurl");
        assert_eq!(s.parse("nntp://u@h/g").unwrap_err().rule(), "nntpurl");
    }
}
