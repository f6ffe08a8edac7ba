//! Typed views of the schemes of RFC 1738 section 3 and RFC 1630, their
//! grammars (RFC 1738 section 5), builders, and a registry for schemes the
//! seeds do not define.
//!
//! # Overview
//!
//! A view borrows a parsed URL and reads the fields its scheme names:
//! [`UrlRef::ftp`] gives an [`FtpUrl`] with the cwd segments, the name and
//! the typecode, [`UrlRef::gopher`] a [`GopherUrl`] with the type, selector,
//! search and Gopher+ string, and so on; [`UrlRef::specific`] gives the one
//! view that fits as a [`SchemeUrl`]. Every field is an [`Encoded`]: as
//! written, decoded to bytes, or decoded as lossy UTF-8. Views compute
//! nothing until asked and allocate only to decode an escape.
//!
//! | scheme | view | RFC |
//! | --- | --- | --- |
//! | `ftp` | [`FtpUrl`] | 1738 section 3.2 |
//! | `http`, `https` | [`HttpUrl`] | 1738 section 3.3 |
//! | `gopher` | [`GopherUrl`] | 1738 section 3.4 |
//! | `mailto` | [`MailtoUrl`] | 1738 section 3.5 |
//! | `news` | [`NewsUrl`] | 1738 section 3.6 |
//! | `nntp` | [`NntpUrl`] | 1738 section 3.7 |
//! | `telnet`, `rlogin`, `tn3270` | [`TelnetUrl`] | 1738 section 3.8, 1630 |
//! | `wais` | [`WaisUrl`] | 1738 section 3.9 |
//! | `file` | [`FileUrl`] | 1738 section 3.10 |
//! | `prospero` | [`ProsperoUrl`] | 1738 section 3.11, 1630 |
//! | `mid`, `cid`, `urn`, `x-...`, `afs`, `nfs`, `mailserver`, `z39.50`, others | [`GenericUrl`] | 1630, 1738 section 4 |
//!
//! A strict parse, or a lenient one that keeps its warnings, also checks
//! each URL against its scheme's BNF (RFC 1738 section 5, or RFC 1630's
//! where that dialect differs) and reports each violation at its byte with
//! the rule's name, as [`crate::ParseErrorKind::SchemeSyntax`].
//!
//! # Example: reading and checking
//!
//! ```
//! use uniform::{ParseOptions, UrlRef};
//! use uniform::schemes::SchemeUrl;
//!
//! let url = UrlRef::parse("gopher://h.dom/7/search%09rfc%201738")?;
//! let SchemeUrl::Gopher(g) = url.specific() else { unreachable!() };
//! assert_eq!(g.gopher_type(), b'7');
//! assert_eq!(g.selector().as_str(), "/search");
//! assert_eq!(g.search().unwrap().decode_lossy(), "rfc 1738");
//!
//! // RFC 1738 section 5: an nntp article number is digits.
//! let err = ParseOptions::new().strict(true).parse("nntp://h/comp.lang/4x").unwrap_err();
//! assert_eq!((err.rule(), err.offset()), ("digits", 20));
//! # Ok::<_, uniform::ParseError>(())
//! ```
//!
//! # Example: building
//!
//! ```
//! use uniform::schemes::GopherUrl;
//! let url = GopherUrl::builder().host("h.dom").gopher_type(b'7').selector("/search").search("rfc 1738").build()?;
//! assert_eq!(url.as_str(), "gopher://h.dom/7/search%09rfc%201738");
//! # Ok::<_, uniform::schemes::BuildError>(())
//! ```

mod build;
mod encoded;
pub(crate) mod file;
pub(crate) mod ftp;
mod generic;
pub(crate) mod gopher;
mod http;
pub(crate) mod mailto;
pub(crate) mod news;
pub(crate) mod nntp;
pub(crate) mod prospero;
pub mod registry;
mod telnet;
pub(crate) mod wais;

pub use build::{BuildError, BuildErrorKind};
pub use encoded::{Encoded, Segments};
pub use file::{FileBuilder, FilePathError, FilePathErrorKind, FileUrl, WindowsPaths};
pub use ftp::{FtpBuilder, FtpUrl, Typecode};
pub use generic::GenericUrl;
pub use gopher::{AttributeNames, GopherBuilder, GopherPlus, GopherUrl};
pub use http::{HttpBuilder, HttpUrl};
pub use mailto::{MailtoBuilder, MailtoUrl};
pub use news::{NewsBuilder, NewsTarget, NewsUrl};
pub use nntp::{NntpBuilder, NntpUrl};
pub use prospero::{ProsperoBuilder, ProsperoUrl};
pub use registry::{Registry, RegistryError, RegistryErrorKind, SchemeSpec, Validator};
pub use telnet::{TelnetBuilder, TelnetUrl};
pub use wais::{WaisBuilder, WaisForm, WaisUrl, Wpath, WpathRecord, wais_search, wais_words};

use crate::error::ParseError;
use crate::parser::{PATH_SLASH, Sink};
use crate::table::Component;
use crate::url::{Url, UrlRef};
use crate::{Dialect, Scheme};

/// The view of a URL that its scheme calls for.
///
/// # Example
///
/// ```
/// use uniform::UrlRef;
/// use uniform::schemes::{NewsTarget, SchemeUrl};
///
/// match UrlRef::parse("news:*")?.specific() {
///     SchemeUrl::News(n) => assert_eq!(n.target(), NewsTarget::AllGroups),
///     other => panic!("{other:?}"),
/// }
/// # Ok::<_, uniform::ParseError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum SchemeUrl<'a> {
    /// `ftp`.
    Ftp(FtpUrl<'a>),
    /// `http` and `https`.
    Http(HttpUrl<'a>),
    /// `gopher`.
    Gopher(GopherUrl<'a>),
    /// `mailto`.
    Mailto(MailtoUrl<'a>),
    /// `news`.
    News(NewsUrl<'a>),
    /// `nntp`.
    Nntp(NntpUrl<'a>),
    /// `telnet`, `rlogin` and `tn3270`.
    Telnet(TelnetUrl<'a>),
    /// `wais`.
    Wais(WaisUrl<'a>),
    /// `file`.
    File(FileUrl<'a>),
    /// `prospero`.
    Prospero(ProsperoUrl<'a>),
    /// Every other scheme.
    Generic(GenericUrl<'a>),
}

impl<'a> SchemeUrl<'a> {
    /// The name the `parse --json` output gives the view in `details.kind`.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::UrlRef;
    /// assert_eq!(UrlRef::parse("rlogin://h")?.specific().kind(), "telnet");
    /// assert_eq!(UrlRef::parse("urn:x:y")?.specific().kind(), "generic");
    /// # Ok::<_, uniform::ParseError>(())
    /// ```
    pub fn kind(&self) -> &'static str {
        match self {
            SchemeUrl::Ftp(_) => "ftp",
            SchemeUrl::Http(_) => "http",
            SchemeUrl::Gopher(_) => "gopher",
            SchemeUrl::Mailto(_) => "mailto",
            SchemeUrl::News(_) => "news",
            SchemeUrl::Nntp(_) => "nntp",
            SchemeUrl::Telnet(_) => "telnet",
            SchemeUrl::Wais(_) => "wais",
            SchemeUrl::File(_) => "file",
            SchemeUrl::Prospero(_) => "prospero",
            SchemeUrl::Generic(_) => "generic",
        }
    }
}

/// Views of a borrowed URL. Each returns `None` when the scheme differs.
impl<'a> UrlRef<'a> {
    /// The view the scheme calls for.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::UrlRef;
    /// use uniform::schemes::SchemeUrl;
    /// assert!(matches!(UrlRef::parse("FTP://h/x")?.specific(), SchemeUrl::Ftp(_)));
    /// # Ok::<_, uniform::ParseError>(())
    /// ```
    #[inline]
    pub fn specific(&self) -> SchemeUrl<'a> {
        let u = *self;
        match self.scheme_kind() {
            Scheme::Ftp => SchemeUrl::Ftp(FtpUrl::new(u)),
            Scheme::Http | Scheme::Https => SchemeUrl::Http(HttpUrl::new(u)),
            Scheme::Gopher => SchemeUrl::Gopher(GopherUrl::new(u)),
            Scheme::Mailto => SchemeUrl::Mailto(MailtoUrl::new(u)),
            Scheme::News => SchemeUrl::News(NewsUrl::new(u)),
            Scheme::Nntp => SchemeUrl::Nntp(NntpUrl::new(u)),
            Scheme::Telnet | Scheme::Rlogin | Scheme::Tn3270 => {
                SchemeUrl::Telnet(TelnetUrl::new(u))
            }
            Scheme::Wais => SchemeUrl::Wais(WaisUrl::new(u)),
            Scheme::File => SchemeUrl::File(FileUrl::new(u)),
            Scheme::Prospero => SchemeUrl::Prospero(ProsperoUrl::new(u)),
            _ => SchemeUrl::Generic(GenericUrl::new(u)),
        }
    }

    /// The `ftp` view.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::UrlRef;
    /// assert!(UrlRef::parse("ftp://h/x")?.ftp().is_some());
    /// assert!(UrlRef::parse("http://h/x")?.ftp().is_none());
    /// # Ok::<_, uniform::ParseError>(())
    /// ```
    pub fn ftp(&self) -> Option<FtpUrl<'a>> {
        (self.scheme_kind() == Scheme::Ftp).then(|| FtpUrl::new(*self))
    }

    /// The `http` (or `https`) view.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::UrlRef;
    /// assert!(UrlRef::parse("https://h/x")?.http().is_some());
    /// # Ok::<_, uniform::ParseError>(())
    /// ```
    pub fn http(&self) -> Option<HttpUrl<'a>> {
        matches!(self.scheme_kind(), Scheme::Http | Scheme::Https).then(|| HttpUrl::new(*self))
    }

    /// The `gopher` view.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::UrlRef;
    /// assert_eq!(UrlRef::parse("gopher://h")?.gopher().unwrap().gopher_type(), b'1');
    /// # Ok::<_, uniform::ParseError>(())
    /// ```
    pub fn gopher(&self) -> Option<GopherUrl<'a>> {
        (self.scheme_kind() == Scheme::Gopher).then(|| GopherUrl::new(*self))
    }

    /// The `mailto` view.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::UrlRef;
    /// assert_eq!(UrlRef::parse("mailto:a@b.c")?.mailto().unwrap().address().as_str(), "a@b.c");
    /// # Ok::<_, uniform::ParseError>(())
    /// ```
    pub fn mailto(&self) -> Option<MailtoUrl<'a>> {
        (self.scheme_kind() == Scheme::Mailto).then(|| MailtoUrl::new(*self))
    }

    /// The `news` view.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::UrlRef;
    /// assert!(UrlRef::parse("news:comp.lang")?.news().unwrap().group().is_some());
    /// # Ok::<_, uniform::ParseError>(())
    /// ```
    pub fn news(&self) -> Option<NewsUrl<'a>> {
        (self.scheme_kind() == Scheme::News).then(|| NewsUrl::new(*self))
    }

    /// The `nntp` view.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::UrlRef;
    /// assert_eq!(UrlRef::parse("nntp://h/g/42")?.nntp().unwrap().article_number(), Some(42));
    /// # Ok::<_, uniform::ParseError>(())
    /// ```
    pub fn nntp(&self) -> Option<NntpUrl<'a>> {
        (self.scheme_kind() == Scheme::Nntp).then(|| NntpUrl::new(*self))
    }

    /// The `telnet` view, also for RFC 1630's `rlogin` and `tn3270`.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::UrlRef;
    /// assert_eq!(UrlRef::parse("tn3270://h")?.telnet().unwrap().port(), 23);
    /// # Ok::<_, uniform::ParseError>(())
    /// ```
    pub fn telnet(&self) -> Option<TelnetUrl<'a>> {
        matches!(
            self.scheme_kind(),
            Scheme::Telnet | Scheme::Rlogin | Scheme::Tn3270
        )
        .then(|| TelnetUrl::new(*self))
    }

    /// The `wais` view.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::UrlRef;
    /// assert_eq!(UrlRef::parse("wais://h/db?q")?.wais().unwrap().database().as_str(), "db");
    /// # Ok::<_, uniform::ParseError>(())
    /// ```
    pub fn wais(&self) -> Option<WaisUrl<'a>> {
        (self.scheme_kind() == Scheme::Wais).then(|| WaisUrl::new(*self))
    }

    /// The `file` view.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::UrlRef;
    /// assert!(UrlRef::parse("file:///etc/motd")?.file().unwrap().is_local());
    /// # Ok::<_, uniform::ParseError>(())
    /// ```
    pub fn file(&self) -> Option<FileUrl<'a>> {
        (self.scheme_kind() == Scheme::File).then(|| FileUrl::new(*self))
    }

    /// The `prospero` view.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::UrlRef;
    /// let url = UrlRef::parse("prospero://host.dom//pros/name")?;
    /// assert_eq!(url.prospero().unwrap().hsoname().as_str(), "/pros/name");
    /// # Ok::<_, uniform::ParseError>(())
    /// ```
    pub fn prospero(&self) -> Option<ProsperoUrl<'a>> {
        (self.scheme_kind() == Scheme::Prospero).then(|| ProsperoUrl::new(*self))
    }

    /// The generic view, for any scheme (the scheme-specific part).
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::UrlRef;
    /// let url = UrlRef::parse("mid:960830.1639@XIson.com")?;
    /// assert_eq!(url.generic().scheme_specific_part().as_str(), "960830.1639@XIson.com");
    /// # Ok::<_, uniform::ParseError>(())
    /// ```
    pub fn generic(&self) -> GenericUrl<'a> {
        GenericUrl::new(*self)
    }
}

/// Views of an owned URL: the same as [`UrlRef`]'s, borrowed.
impl Url {
    /// See [`UrlRef::specific`].
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::Url;
    /// assert_eq!(Url::parse("wais://h/db")?.specific().kind(), "wais");
    /// # Ok::<_, uniform::ParseError>(())
    /// ```
    pub fn specific(&self) -> SchemeUrl<'_> {
        self.as_url_ref().specific()
    }

    /// See [`UrlRef::ftp`].
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::Url;
    /// assert_eq!(Url::parse("ftp://h/a/b")?.ftp().unwrap().name().as_str(), "b");
    /// # Ok::<_, uniform::ParseError>(())
    /// ```
    pub fn ftp(&self) -> Option<FtpUrl<'_>> {
        self.as_url_ref().ftp()
    }

    /// See [`UrlRef::http`].
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::Url;
    /// assert!(Url::parse("http://h/")?.http().is_some());
    /// # Ok::<_, uniform::ParseError>(())
    /// ```
    pub fn http(&self) -> Option<HttpUrl<'_>> {
        self.as_url_ref().http()
    }

    /// See [`UrlRef::gopher`].
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::Url;
    /// assert!(Url::parse("gopher://h/")?.gopher().is_some());
    /// # Ok::<_, uniform::ParseError>(())
    /// ```
    pub fn gopher(&self) -> Option<GopherUrl<'_>> {
        self.as_url_ref().gopher()
    }

    /// See [`UrlRef::mailto`].
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::Url;
    /// assert!(Url::parse("mailto:a@b")?.mailto().is_some());
    /// # Ok::<_, uniform::ParseError>(())
    /// ```
    pub fn mailto(&self) -> Option<MailtoUrl<'_>> {
        self.as_url_ref().mailto()
    }

    /// See [`UrlRef::news`].
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::Url;
    /// assert!(Url::parse("news:*")?.news().is_some());
    /// # Ok::<_, uniform::ParseError>(())
    /// ```
    pub fn news(&self) -> Option<NewsUrl<'_>> {
        self.as_url_ref().news()
    }

    /// See [`UrlRef::nntp`].
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::Url;
    /// assert!(Url::parse("nntp://h/g")?.nntp().is_some());
    /// # Ok::<_, uniform::ParseError>(())
    /// ```
    pub fn nntp(&self) -> Option<NntpUrl<'_>> {
        self.as_url_ref().nntp()
    }

    /// See [`UrlRef::telnet`].
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::Url;
    /// assert!(Url::parse("telnet://h")?.telnet().is_some());
    /// # Ok::<_, uniform::ParseError>(())
    /// ```
    pub fn telnet(&self) -> Option<TelnetUrl<'_>> {
        self.as_url_ref().telnet()
    }

    /// See [`UrlRef::wais`].
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::Url;
    /// assert!(Url::parse("wais://h/db")?.wais().is_some());
    /// # Ok::<_, uniform::ParseError>(())
    /// ```
    pub fn wais(&self) -> Option<WaisUrl<'_>> {
        self.as_url_ref().wais()
    }

    /// See [`UrlRef::file`].
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::Url;
    /// assert!(Url::parse("file:///x")?.file().is_some());
    /// # Ok::<_, uniform::ParseError>(())
    /// ```
    pub fn file(&self) -> Option<FileUrl<'_>> {
        self.as_url_ref().file()
    }

    /// See [`UrlRef::prospero`].
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::Url;
    /// assert!(Url::parse("prospero://h/x")?.prospero().is_some());
    /// # Ok::<_, uniform::ParseError>(())
    /// ```
    pub fn prospero(&self) -> Option<ProsperoUrl<'_>> {
        self.as_url_ref().prospero()
    }

    /// See [`UrlRef::generic`].
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::Url;
    /// assert_eq!(Url::parse("cid:part1@h")?.generic().scheme_specific_part().as_str(), "part1@h");
    /// # Ok::<_, uniform::ParseError>(())
    /// ```
    pub fn generic(&self) -> GenericUrl<'_> {
        self.as_url_ref().generic()
    }
}

/// Checks `url` against its scheme's own grammar (RFC 1738 section 5),
/// reporting each violation to `sink`. Runs only when someone listens:
/// a strict parse, or a lenient one that keeps its warnings.
pub(crate) fn validate(url: &UrlRef<'_>, sink: &mut Sink<'_>) -> Result<(), ParseError> {
    match url.specific() {
        SchemeUrl::Ftp(v) => ftp::validate(&v, sink),
        SchemeUrl::Http(v) => http::validate(&v, sink),
        SchemeUrl::Gopher(v) => gopher::validate(&v, sink),
        SchemeUrl::Mailto(v) => mailto::validate(&v, sink),
        SchemeUrl::News(v) => news::validate(&v, sink),
        SchemeUrl::Nntp(v) => nntp::validate(&v, sink),
        SchemeUrl::Telnet(v) => telnet::validate(&v, sink),
        SchemeUrl::Wais(v) => wais::validate(&v, sink),
        SchemeUrl::File(v) => file::validate(&v, sink),
        SchemeUrl::Prospero(v) => prospero::validate(&v, sink),
        SchemeUrl::Generic(v) => generic::validate(&v, sink),
    }
}

/// Reports one violation of a scheme rule.
#[cold]
pub(crate) fn report(
    sink: &mut Sink<'_>,
    url: &UrlRef<'_>,
    at: usize,
    comp: Component,
    rule: &'static str,
    section: &'static str,
    detail: &'static str,
) -> Result<(), ParseError> {
    sink.report(ParseError::scheme_rule(
        at,
        comp,
        url.dialect(),
        rule,
        section,
        detail,
    ))
}

/// RFC 1738 only: reports each reserved character of `field` (a slice of
/// `url`'s text) that the scheme's rule does not list in `allowed`. The
/// parser has already reported unsafe characters and bad escapes; the
/// schemes narrow the reserved ones. RFC 1630 and RFC 3986 give the
/// reserved characters by their own generic classes, which the parser
/// checks.
#[allow(clippy::too_many_arguments)]
pub(crate) fn check_reserved(
    sink: &mut Sink<'_>,
    url: &UrlRef<'_>,
    field: &str,
    allowed: &[u8],
    comp: Component,
    rule: &'static str,
    section: &'static str,
    detail: &'static str,
) -> Result<(), ParseError> {
    if url.dialect() != Dialect::Rfc1738 {
        return Ok(());
    }
    let base = encoded::offset_in(url.as_str(), field);
    for (i, &b) in field.as_bytes().iter().enumerate() {
        if b";/?:@&=".contains(&b) && !allowed.contains(&b) {
            report(sink, url, base + i, comp, rule, section, detail)?;
        }
    }
    Ok(())
}

/// RFC 1738 section 3.3 and 3.11: schemes with no user name or password.
pub(crate) fn refuse_login(
    sink: &mut Sink<'_>,
    url: &UrlRef<'_>,
    rule: &'static str,
    section: &'static str,
) -> Result<(), ParseError> {
    if let Some(user) = url.user() {
        let at = encoded::offset_in(url.as_str(), user);
        report(
            sink,
            url,
            at,
            Component::User,
            rule,
            section,
            "no user name or password is allowed",
        )?;
    }
    Ok(())
}

/// [`UrlRef::path`], from the offsets the parser recorded, inlined: the
/// views read it on every field, and a call costs more than the slicing.
#[inline]
pub(crate) fn url_path<'a>(url: &UrlRef<'a>) -> Option<&'a str> {
    let p = url.path_with_slash();
    if !url.has_authority() {
        Some(p)
    } else if url.offsets().flags & PATH_SLASH != 0 {
        // The path starts at the `/` that ends the authority.
        p.get(1..)
    } else {
        None
    }
}

/// The url-path through any search part, up to the fragment. Gopher and
/// Prospero reserve no `?` in their paths; under RFC 3986 (and RFC 1630) a
/// `?` starts a query all the same, and these views read through it.
pub(crate) fn path_through_query<'a>(url: &UrlRef<'a>) -> Option<&'a str> {
    let s = url.as_str();
    let end = url.without_fragment().len();
    match url_path(url) {
        Some(path) => s.get(encoded::offset_in(s, path)..end),
        // `gopher://h?x` under RFC 3986 has no "/" before its "?": what
        // follows the host is read as if the "/" were there, as in the
        // canonical form `gopher://h/?x`, so that the two mean one thing.
        None => url.query().and_then(|q| s.get(end - q.len() - 1..end)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ParseOptions;

    #[test]
    fn url_path_is_the_path() {
        let urls = [
            "ftp://h/a/b;type=a",
            "ftp://h",
            "ftp://h/",
            "ftp://u:p@h:21//x?y#z",
            "http://h?q",
            "http://h#f",
            "http://[::1]:80/p",
            "file:///etc/motd",
            "file:/x",
            "file:x",
            "mailto:a@b?subject=x",
            "news:*",
            "gopher://h?x",
            "urn:x:y",
            "x-foo://h/%2F?",
        ];
        for dialect in [Dialect::Rfc1738, Dialect::Rfc1630, Dialect::Rfc3986] {
            for s in urls {
                if let Ok(u) = ParseOptions::new().dialect(dialect).parse(s) {
                    assert_eq!(url_path(&u), u.path(), "{s} {dialect:?}");
                }
            }
        }
    }
}
