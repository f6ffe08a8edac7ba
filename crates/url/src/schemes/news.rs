//! `news` URLs (RFC 1738 section 3.6; RFC 1630 "News").
//!
//! ```text
//! newsurl   = "news:" grouppart
//! grouppart = "*" | group | article
//! group     = alpha *[ alpha | digit | "-" | "." | "+" | "_" ]
//! article   = 1*[ uchar | ";" | "/" | "?" | ":" | "&" | "=" ] "@" host
//! ```

use super::build::{BuildError, BuildErrorKind, check_host, finish, setter_plumbing};
use super::check::breach;
use super::encoded::{Encoded, offset_in};
use crate::dialect::Dialect;
use crate::error::ParseError;
use crate::pct::{EncodeSet, encode};
use crate::prelude::*;
use crate::rulebook::Rule;
use crate::sink::Sink;
use crate::table::Component;
use crate::url::Url;
use crate::url::UrlRef;

/// What a `news` URL names.
///
/// # Example
///
/// ```
/// use uniform::UrlRef;
/// use uniform::schemes::NewsTarget;
/// let url = UrlRef::parse("news:comp.infosystems.www.misc")?;
/// assert!(matches!(url.news().unwrap().target(), NewsTarget::Group(g) if g.as_str() == "comp.infosystems.www.misc"));
/// # Ok::<_, uniform::ParseError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum NewsTarget<'a> {
    /// `news:*`: "all available news groups".
    AllGroups,
    /// A newsgroup name.
    Group(Encoded<'a>),
    /// A message-id without its `<` `>`: it holds `@`.
    Article(Encoded<'a>),
}

/// A `news` URL: a newsgroup, a message-id, or `*` (RFC 1738 section 3.6).
///
/// "A message identifier may be distinguished from a news group name by
/// the presence of the commercial at": a literal `@` (an encoded `%40` is
/// data of the unique part).
///
/// # Example
///
/// ```
/// use uniform::UrlRef;
/// let url = UrlRef::parse("news:perl-faq/module-list-1-794455075@ig.co.uk")?;
/// let news = url.news().unwrap();
/// assert_eq!(news.message_id().unwrap().as_str(), "perl-faq/module-list-1-794455075@ig.co.uk");
/// assert!(news.group().is_none());
/// # Ok::<_, uniform::ParseError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct NewsUrl<'a> {
    url: UrlRef<'a>,
}

/// RFC 1738 `group`: the offset of the first character that breaks it.
/// RFC 5538's news URL, under RFC 3986: newsgroups (a wildmat: group
/// characters, escapes and "*") or a msg-id-core; "/" after a server.
fn validate_5538(
    url: &UrlRef<'_>,
    gp: &str,
    base: usize,
    sink: &mut Sink<'_>,
) -> Result<(), ParseError> {
    if url.has_authority() && url.path().is_none() {
        let at = url.without_fragment().len();
        return breach(sink, url, at, Component::Path, Rule::NewsGroupPart);
    }
    match gp.find('@') {
        Some(at) if at == 0 || at + 1 == gp.len() => {
            breach(sink, url, base + at, Component::Path, Rule::NewsArticle)
        }
        Some(_) => Ok(()),
        None => match chars_5538(gp.as_bytes(), b"*") {
            Some(i) => breach(sink, url, base + i, Component::Path, Rule::NewsGroup),
            None => Ok(()),
        },
    }
}

/// The first byte of `g` that is neither RFC 5538's group-char (ALPHA /
/// DIGIT / "-" / "+" / "_" / ".") nor in `more` nor the start of an escape
/// (the parser has checked that each "%" starts one).
pub(crate) fn chars_5538(g: &[u8], more: &[u8]) -> Option<usize> {
    g.iter()
        .position(|&c| !(c.is_ascii_alphanumeric() || b"-+_.%".contains(&c) || more.contains(&c)))
}

pub(crate) fn group_fault(g: &[u8]) -> Option<usize> {
    match g.first() {
        None => Some(0),
        Some(c) if !c.is_ascii_alphabetic() => Some(0),
        _ => g
            .iter()
            .position(|&c| !(c.is_ascii_alphanumeric() || b"-.+_".contains(&c))),
    }
}

impl<'a> NewsUrl<'a> {
    #[inline]
    pub(crate) fn new(url: UrlRef<'a>) -> NewsUrl<'a> {
        NewsUrl { url }
    }

    /// A builder of `news` URLs.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::schemes::NewsUrl;
    /// assert_eq!(NewsUrl::builder().message_id("a b@h.dom").build()?.as_str(), "news:a%20b@h.dom");
    /// # Ok::<_, uniform::schemes::BuildError>(())
    /// ```
    pub fn builder() -> NewsBuilder {
        NewsBuilder::new()
    }

    /// The whole URL.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::UrlRef;
    /// assert_eq!(UrlRef::parse("news:*")?.news().unwrap().url().as_str(), "news:*");
    /// # Ok::<_, uniform::ParseError>(())
    /// ```
    pub fn url(&self) -> UrlRef<'a> {
        self.url
    }

    /// The grouppart as written.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::{Dialect, ParseOptions, UrlRef};
    /// assert_eq!(UrlRef::parse("news:a.b#frag")?.news().unwrap().grouppart().as_str(), "a.b");
    /// // RFC 5538's server, under RFC 3986:
    /// let url = ParseOptions::new().dialect(Dialect::Rfc3986).parse("news://srv/comp.lang")?;
    /// assert_eq!(url.news().unwrap().grouppart().as_str(), "comp.lang");
    /// # Ok::<_, uniform::ParseError>(())
    /// ```
    pub fn grouppart(&self) -> Encoded<'a> {
        // RFC 5538 section 4 (read under RFC 3986, where "//" starts an
        // authority): "news:" [ "//" authority "/" ] ( article / newsgroups ).
        if self.url.has_authority() {
            return Encoded::new(self.url.path().unwrap_or(""));
        }
        let ssp = self.url.scheme_specific_part();
        Encoded::new(match self.url.query() {
            Some(q) => &ssp[..ssp.len() - q.len() - 1],
            None => ssp,
        })
    }

    /// What the URL names.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::UrlRef;
    /// use uniform::schemes::NewsTarget;
    /// assert_eq!(UrlRef::parse("news:*")?.news().unwrap().target(), NewsTarget::AllGroups);
    /// # Ok::<_, uniform::ParseError>(())
    /// ```
    pub fn target(&self) -> NewsTarget<'a> {
        let g = self.grouppart();
        if g.as_str() == "*" {
            NewsTarget::AllGroups
        } else if g.as_str().contains('@') {
            NewsTarget::Article(g)
        } else {
            NewsTarget::Group(g)
        }
    }

    /// The group, `*` for all groups; `None` for a message-id.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::UrlRef;
    /// assert_eq!(UrlRef::parse("news:*")?.news().unwrap().group().unwrap().as_str(), "*");
    /// # Ok::<_, uniform::ParseError>(())
    /// ```
    pub fn group(&self) -> Option<Encoded<'a>> {
        match self.target() {
            NewsTarget::Article(_) => None,
            _ => Some(self.grouppart()),
        }
    }

    /// The message-id (without `<` and `>`); `None` for a group.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::UrlRef;
    /// assert_eq!(UrlRef::parse("news:x@h")?.news().unwrap().message_id().unwrap().as_str(), "x@h");
    /// # Ok::<_, uniform::ParseError>(())
    /// ```
    pub fn message_id(&self) -> Option<Encoded<'a>> {
        match self.target() {
            NewsTarget::Article(a) => Some(a),
            _ => None,
        }
    }
}

pub(crate) fn validate(v: &NewsUrl<'_>, sink: &mut Sink<'_>) -> Result<(), ParseError> {
    let url = &v.url;
    let s = url.as_str();
    let gp = v.grouppart().as_str();
    let base = offset_in(s, gp);
    match v.target() {
        _ if url.dialect() == Dialect::Rfc3986 => validate_5538(url, gp, base, sink),
        NewsTarget::AllGroups => Ok(()),
        NewsTarget::Group(_) if gp.is_empty() => {
            breach(sink, url, base, Component::Path, Rule::NewsGroupPart)
        }
        NewsTarget::Group(_) if url.dialect() == Dialect::Rfc1630 => {
            // group = ialpha [ "." group ]: each part starts with a letter.
            let mut at = 0;
            for part in gp.split('.') {
                if !part.as_bytes().first().is_some_and(u8::is_ascii_alphabetic) {
                    breach(sink, url, base + at, Component::Path, Rule::NewsGroup)?;
                }
                at += part.len() + 1;
            }
            Ok(())
        }
        NewsTarget::Group(_) => match group_fault(gp.as_bytes()) {
            Some(i) => breach(sink, url, base + i, Component::Path, Rule::NewsGroup),
            None => Ok(()),
        },
        NewsTarget::Article(_) => {
            let at = gp.find('@').unwrap_or(0);
            let (unique, host) = (&gp[..at], &gp[at + 1..]);
            if unique.is_empty() || host.is_empty() {
                let k = if unique.is_empty() { 0 } else { at + 1 };
                breach(sink, url, base + k, Component::Path, Rule::NewsArticle)?;
            }
            // The domain of a message-id is a host name (RFC 1738 section
            // 3.6, RFC 1630's article).
            if !host.is_empty() {
                crate::host::check(host.as_bytes(), base + at + 1, url.dialect(), sink)?;
            }
            Ok(())
        }
    }
}

/// Builds a `news` URL (see [`NewsUrl::builder`]).
///
/// A group is checked by the `group` rule (it needs no encoding); a
/// message-id is split at its last `@`: the unique part is encoded with
/// [`EncodeSet::NEWS`] and `@`, the domain is checked as a host.
///
/// # Example
///
/// ```
/// use uniform::schemes::NewsUrl;
/// assert_eq!(NewsUrl::builder().all_groups().build()?.as_str(), "news:*");
/// assert_eq!(NewsUrl::builder().group("comp.lang.c++").build()?.as_str(), "news:comp.lang.c++");
/// assert!(NewsUrl::builder().group("3com").build().is_err());
/// # Ok::<_, uniform::schemes::BuildError>(())
/// ```
#[derive(Debug)]
pub struct NewsBuilder {
    inner: Result<Option<String>, BuildError>,
}

setter_plumbing!(NewsBuilder, Option<String>);

impl NewsBuilder {
    /// An empty builder: a group, a message-id or all groups is required.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::schemes::NewsBuilder;
    /// assert!(NewsBuilder::new().build().is_err());
    /// ```
    pub fn new() -> NewsBuilder {
        NewsBuilder { inner: Ok(None) }
    }

    /// `news:*`.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::schemes::NewsUrl;
    /// assert_eq!(NewsUrl::builder().all_groups().build()?.as_str(), "news:*");
    /// # Ok::<_, uniform::schemes::BuildError>(())
    /// ```
    pub fn all_groups(self) -> NewsBuilder {
        self.and_then(|p| {
            *p = Some("*".into());
            Ok(())
        })
    }

    /// A newsgroup name.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::schemes::NewsUrl;
    /// assert!(NewsUrl::builder().group("a b").build().is_err());
    /// ```
    pub fn group(self, group: &str) -> NewsBuilder {
        self.and_then(|p| {
            if group_fault(group.as_bytes()).is_some() {
                return Err(BuildError::new(
                    BuildErrorKind::BadValue,
                    "group",
                    "a group name is a letter, then letters, digits, '-', '.', '+' and '_' (RFC 1738 section 5)",
                ));
            }
            *p = Some(group.to_string());
            Ok(())
        })
    }

    /// A message-id (decoded, without `<` `>`): unique part, `@`, domain.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::schemes::NewsUrl;
    /// let url = NewsUrl::builder().message_id("a@b@h.dom").build()?;
    /// assert_eq!(url.as_str(), "news:a%40b@h.dom");
    /// # Ok::<_, uniform::schemes::BuildError>(())
    /// ```
    pub fn message_id(self, id: impl AsRef<[u8]>) -> NewsBuilder {
        self.and_then(|p| {
            let id = id.as_ref();
            let bad = || {
                BuildError::new(
                    BuildErrorKind::BadValue,
                    "message_id",
                    "a message-id is <unique>@<full_domain_name> (RFC 1738 section 3.6)",
                )
            };
            let at = id.iter().rposition(|&b| b == b'@').ok_or_else(bad)?;
            if at == 0 {
                return Err(bad());
            }
            let host = core::str::from_utf8(&id[at + 1..]).map_err(|_| bad())?;
            check_host(host).map_err(|e| BuildError::new(e.kind(), "message_id", e.to_string()))?;
            let unique = encode(&id[..at], &EncodeSet::NEWS.add(b'@'));
            *p = Some(format!("{unique}@{host}"));
            Ok(())
        })
    }

    /// The URL.
    ///
    /// # Errors
    ///
    /// The first error of a setter, or nothing named.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::schemes::NewsUrl;
    /// assert_eq!(NewsUrl::builder().group("alt.test").build()?.as_str(), "news:alt.test");
    /// # Ok::<_, uniform::schemes::BuildError>(())
    /// ```
    pub fn build(self) -> Result<Url, BuildError> {
        let Some(g) = self.inner? else {
            return Err(BuildError::new(
                BuildErrorKind::MissingPart,
                "group",
                "a news URL names a group, an article or \"*\"",
            ));
        };
        finish(format!("news:{g}"), |u, sink| {
            validate(&NewsUrl::new(*u), sink)
        })
    }
}

impl Default for NewsBuilder {
    fn default() -> NewsBuilder {
        NewsBuilder::new()
    }
}

#[cfg(test)]
mod tests {
    use crate::{Dialect, ParseOptions};

    #[test]
    fn group_rule() {
        let s = ParseOptions::new().strict(true);
        assert!(s.parse("news:comp.lang.c++").is_ok());
        let e = s.parse("news:comp.lang!x").unwrap_err();
        assert_eq!((e.rule(), e.offset()), ("group", 14));
        assert_eq!(s.parse("news:3com").unwrap_err().offset(), 5);
        assert_eq!(s.parse("news:").unwrap_err().rule(), "grouppart");
        let s1630 = s.dialect(Dialect::Rfc1630);
        assert!(s1630.parse("news:comp.lang").is_ok());
        assert_eq!(s1630.parse("news:comp.9x").unwrap_err().offset(), 10);
    }

    #[test]
    fn article_rule() {
        let s = ParseOptions::new().strict(true);
        assert!(
            s.parse("news:perl-faq/module-list-1-794455075@ig.co.uk")
                .is_ok()
        );
        assert_eq!(s.parse("news:@h.dom").unwrap_err().rule(), "article");
        assert_eq!(s.parse("news:x@").unwrap_err().rule(), "article");
        let e = s.parse("news:x@bad_host").unwrap_err();
        assert_eq!((e.rule(), e.offset()), ("host", 10));
    }
}
