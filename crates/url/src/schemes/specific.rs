//! The view a URL's scheme calls for, chosen by its row of the scheme
//! table, and the accessors that give each view.

use super::cid::CidUrl;
use super::file::FileUrl;
use super::ftp::FtpUrl;
use super::generic::GenericUrl;
use super::gopher::GopherUrl;
use super::http::HttpUrl;
use super::mailto::MailtoUrl;
use super::mid::MidUrl;
use super::news::NewsUrl;
use super::nntp::NntpUrl;
use super::prospero::ProsperoUrl;
use super::telnet::TelnetUrl;
use super::urn::UrnUrl;
use super::wais::WaisUrl;
use crate::scheme::ViewKind;
use crate::url::{Url, UrlRef};

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
    /// `mid`.
    Mid(MidUrl<'a>),
    /// `cid`.
    Cid(CidUrl<'a>),
    /// `urn`.
    Urn(UrnUrl<'a>),
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
    /// assert_eq!(UrlRef::parse("urn:x:y")?.specific().kind(), "urn");
    /// assert_eq!(UrlRef::parse("afs://cell/x")?.specific().kind(), "generic");
    /// # Ok::<_, uniform::ParseError>(())
    /// ```
    pub fn kind(&self) -> &'static str {
        self.view_kind().as_str()
    }

    /// Which view this is, as the scheme table names it.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::{UrlRef, ViewKind};
    /// assert_eq!(UrlRef::parse("cid:part1@h")?.specific().view_kind(), ViewKind::Cid);
    /// # Ok::<_, uniform::ParseError>(())
    /// ```
    pub fn view_kind(&self) -> ViewKind {
        match self {
            SchemeUrl::Ftp(_) => ViewKind::Ftp,
            SchemeUrl::Http(_) => ViewKind::Http,
            SchemeUrl::Gopher(_) => ViewKind::Gopher,
            SchemeUrl::Mailto(_) => ViewKind::Mailto,
            SchemeUrl::News(_) => ViewKind::News,
            SchemeUrl::Nntp(_) => ViewKind::Nntp,
            SchemeUrl::Telnet(_) => ViewKind::Telnet,
            SchemeUrl::Wais(_) => ViewKind::Wais,
            SchemeUrl::File(_) => ViewKind::File,
            SchemeUrl::Prospero(_) => ViewKind::Prospero,
            SchemeUrl::Mid(_) => ViewKind::Mid,
            SchemeUrl::Cid(_) => ViewKind::Cid,
            SchemeUrl::Urn(_) => ViewKind::Urn,
            SchemeUrl::Generic(_) => ViewKind::Generic,
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
        match self.view_of_scheme() {
            ViewKind::Ftp => SchemeUrl::Ftp(FtpUrl::new(u)),
            ViewKind::Http => SchemeUrl::Http(HttpUrl::new(u)),
            ViewKind::Gopher => SchemeUrl::Gopher(GopherUrl::new(u)),
            ViewKind::Mailto => SchemeUrl::Mailto(MailtoUrl::new(u)),
            ViewKind::News => SchemeUrl::News(NewsUrl::new(u)),
            ViewKind::Nntp => SchemeUrl::Nntp(NntpUrl::new(u)),
            ViewKind::Telnet => SchemeUrl::Telnet(TelnetUrl::new(u)),
            ViewKind::Wais => SchemeUrl::Wais(WaisUrl::new(u)),
            ViewKind::File => SchemeUrl::File(FileUrl::new(u)),
            ViewKind::Prospero => SchemeUrl::Prospero(ProsperoUrl::new(u)),
            ViewKind::Mid => SchemeUrl::Mid(MidUrl::new(u)),
            ViewKind::Cid => SchemeUrl::Cid(CidUrl::new(u)),
            ViewKind::Urn => SchemeUrl::Urn(UrnUrl::new(u)),
            ViewKind::Generic => SchemeUrl::Generic(GenericUrl::new(u)),
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
        self.is_view(ViewKind::Ftp).then(|| FtpUrl::new(*self))
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
        self.is_view(ViewKind::Http).then(|| HttpUrl::new(*self))
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
        self.is_view(ViewKind::Gopher)
            .then(|| GopherUrl::new(*self))
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
        self.is_view(ViewKind::Mailto)
            .then(|| MailtoUrl::new(*self))
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
        self.is_view(ViewKind::News).then(|| NewsUrl::new(*self))
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
        self.is_view(ViewKind::Nntp).then(|| NntpUrl::new(*self))
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
        self.is_view(ViewKind::Telnet)
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
        self.is_view(ViewKind::Wais).then(|| WaisUrl::new(*self))
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
        self.is_view(ViewKind::File).then(|| FileUrl::new(*self))
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
        self.is_view(ViewKind::Prospero)
            .then(|| ProsperoUrl::new(*self))
    }

    /// The `mid` view (RFC 1630, Message-Id).
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::UrlRef;
    /// let url = UrlRef::parse("mid:960830.1639@XIson.com")?;
    /// assert_eq!(url.mid().unwrap().domain().as_str(), "XIson.com");
    /// # Ok::<_, uniform::ParseError>(())
    /// ```
    pub fn mid(&self) -> Option<MidUrl<'a>> {
        self.is_view(ViewKind::Mid).then(|| MidUrl::new(*self))
    }

    /// The `cid` view (RFC 1630, Content-Id).
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::UrlRef;
    /// assert_eq!(UrlRef::parse("cid:part1@h")?.cid().unwrap().content_id().as_str(), "part1@h");
    /// # Ok::<_, uniform::ParseError>(())
    /// ```
    pub fn cid(&self) -> Option<CidUrl<'a>> {
        self.is_view(ViewKind::Cid).then(|| CidUrl::new(*self))
    }

    /// The `urn` view (RFC 1630, URN).
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::UrlRef;
    /// let urn = UrlRef::parse("urn:isbn:0451450523")?.urn().unwrap();
    /// assert_eq!(urn.namespace().map(|n| n.as_str()), Some("isbn"));
    /// # Ok::<_, uniform::ParseError>(())
    /// ```
    pub fn urn(&self) -> Option<UrnUrl<'a>> {
        self.is_view(ViewKind::Urn).then(|| UrnUrl::new(*self))
    }

    /// The kind of view the scheme calls for: a registered scheme has its
    /// own row; the seeds' schemes, the table's packed view.
    #[inline]
    pub(crate) fn view_of_scheme(&self) -> ViewKind {
        match self.registry() {
            None => self.scheme_kind().view(),
            Some(_) => self.scheme_row().view,
        }
    }

    #[inline]
    fn is_view(&self, view: ViewKind) -> bool {
        self.scheme_row().view == view
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

    /// See [`UrlRef::mid`].
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::Url;
    /// assert!(Url::parse("mid:a@b")?.mid().is_some());
    /// # Ok::<_, uniform::ParseError>(())
    /// ```
    pub fn mid(&self) -> Option<MidUrl<'_>> {
        self.as_url_ref().mid()
    }

    /// See [`UrlRef::cid`].
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::Url;
    /// assert!(Url::parse("cid:a@b")?.cid().is_some());
    /// # Ok::<_, uniform::ParseError>(())
    /// ```
    pub fn cid(&self) -> Option<CidUrl<'_>> {
        self.as_url_ref().cid()
    }

    /// See [`UrlRef::urn`].
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::Url;
    /// assert!(Url::parse("urn:isbn:0451450523")?.urn().is_some());
    /// # Ok::<_, uniform::ParseError>(())
    /// ```
    pub fn urn(&self) -> Option<UrnUrl<'_>> {
        self.as_url_ref().urn()
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
