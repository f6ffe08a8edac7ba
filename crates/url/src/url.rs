//! The URL types: borrowed [`UrlRef`] and owned [`Url`].
//!
//! ```text
//!  ftp://myname:secret@host.dom:2121/pub/motd;type=a
//!  └┬┘   └─┬──┘ └─┬──┘ └──┬───┘ └┬─┘ └──────┬──────┘
//! scheme  user password  host   port    url-path (without its leading "/")
//!
//!  http://info.cern.ch/RDB/EMP?dobbins#andy
//!                      └──┬──┘ └──┬──┘ └┬─┘
//!                        path   query  fragment
//! ```

use crate::dialect::Dialect;
use crate::error::ParseError;
use crate::offsets::{
    AUTHORITY, IP_LITERAL, NONE, Offsets, PASSWORD, PATH_SLASH, PORT, PORT_COLON, USER,
};
use crate::pct;
use crate::prelude::*;
use crate::scheme::{Scheme, SchemeRow};
use crate::table::Component;
use core::fmt;
use core::ops::Range;

/// A URL borrowed from its text: parsing allocates nothing.
///
/// Every accessor returns a slice of the input. [`UrlRef::parse`] reads by
/// RFC 1738, leniently; [`ParseOptions`](crate::ParseOptions) chooses another dialect or strict
/// checking.
///
/// # Example
///
/// ```
/// use uniform::UrlRef;
///
/// let url = UrlRef::parse("ftp://myname@host.dom/%2Fetc/motd")?;
/// assert_eq!(url.scheme(), "ftp");
/// assert_eq!(url.user(), Some("myname"));
/// assert_eq!(url.password(), None);
/// assert_eq!(url.host(), Some("host.dom"));
/// assert_eq!(url.port(), None);
/// assert_eq!(url.port_or_default(), Some(21));
/// assert_eq!(url.path(), Some("%2Fetc/motd"));
/// # Ok::<_, uniform::ParseError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct UrlRef<'a> {
    s: &'a str,
    off: Offsets,
    registry: Option<&'static Registry>,
}

/// An owned URL: one `String` and the offsets of its components.
///
/// Dereferences to nothing; use [`Url::as_url_ref`] or the accessors, which
/// are the same as [`UrlRef`]'s.
///
/// `==`, the order and the hash are those of the text, byte for byte: not
/// the RFCs' equivalence, for which see [`Url::equivalent`] and
/// [`UrlRef::equivalent`]. Two URLs of the same text parsed by different
/// dialects are equal.
///
/// # Example
///
/// ```
/// use uniform::Url;
///
/// let url = Url::parse("HTTP://Info.CERN.ch:80/albert/bertram/marie%2Dclaude")?;
/// assert_eq!(url.host(), Some("Info.CERN.ch"));
/// assert_eq!(url.normalize().as_str(), "http://info.cern.ch/albert/bertram/marie-claude");
/// # Ok::<_, uniform::ParseError>(())
/// ```
#[derive(Clone)]
pub struct Url {
    s: String,
    off: Offsets,
    registry: Option<&'static Registry>,
}

impl<'a> UrlRef<'a> {
    #[inline]
    pub(crate) fn from_parts(
        s: &'a str,
        off: Offsets,
        registry: Option<&'static Registry>,
    ) -> UrlRef<'a> {
        UrlRef { s, off, registry }
    }

    /// The whole URL as it was given.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::UrlRef;
    /// assert_eq!(UrlRef::parse("mailto:a@b.c")?.as_str(), "mailto:a@b.c");
    /// # Ok::<_, uniform::ParseError>(())
    /// ```
    #[inline]
    pub fn as_str(&self) -> &'a str {
        self.s
    }

    /// An owned copy.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::UrlRef;
    /// let url = UrlRef::parse("gopher://h/")?.to_url();
    /// assert_eq!(url.host(), Some("h"));
    /// # Ok::<_, uniform::ParseError>(())
    /// ```
    pub fn to_url(&self) -> Url {
        Url {
            s: self.s.into(),
            off: self.off,
            registry: self.registry,
        }
    }

    #[inline]
    fn slice(&self, from: u32, to: u32) -> &'a str {
        &self.s[from as usize..to as usize]
    }

    #[inline]
    fn has(&self, flag: u8) -> bool {
        self.off.flags & flag != 0
    }

    /// The dialect the URL was parsed by.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::{Dialect, UrlRef};
    /// assert_eq!(UrlRef::parse("http://h/")?.dialect(), Dialect::Rfc1738);
    /// # Ok::<_, uniform::ParseError>(())
    /// ```
    #[inline]
    pub fn dialect(&self) -> Dialect {
        self.off.dialect
    }

    /// The scheme name as written (compare it case-insensitively, or use
    /// [`UrlRef::scheme_kind`]).
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::UrlRef;
    /// assert_eq!(UrlRef::parse("HTTP://h/")?.scheme(), "HTTP");
    /// # Ok::<_, uniform::ParseError>(())
    /// ```
    #[inline]
    pub fn scheme(&self) -> &'a str {
        self.slice(0, self.off.scheme_end)
    }

    /// The scheme, classified.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::{Scheme, UrlRef};
    /// assert_eq!(UrlRef::parse("Gopher://h/")?.scheme_kind(), Scheme::Gopher);
    /// # Ok::<_, uniform::ParseError>(())
    /// ```
    #[inline]
    pub fn scheme_kind(&self) -> Scheme {
        self.off.scheme
    }

    /// Everything after the scheme's `:`, fragment excluded (RFC 1738's
    /// scheme-specific part).
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::UrlRef;
    /// assert_eq!(UrlRef::parse("news:a.b#x")?.scheme_specific_part(), "a.b");
    /// # Ok::<_, uniform::ParseError>(())
    /// ```
    #[inline]
    pub fn scheme_specific_part(&self) -> &'a str {
        self.slice(self.off.scheme_end + 1, self.fragment_or_end())
    }

    /// Whether `//` follows the scheme (the common Internet scheme syntax
    /// of RFC 1738 section 3.1, or an RFC 3986 authority).
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::UrlRef;
    /// assert!(UrlRef::parse("file:///etc/motd")?.has_authority());
    /// assert!(!UrlRef::parse("mailto:a@b")?.has_authority());
    /// # Ok::<_, uniform::ParseError>(())
    /// ```
    #[inline]
    pub fn has_authority(&self) -> bool {
        self.has(AUTHORITY)
    }

    /// The authority as written: user, password, host and port, without
    /// the `//`; `None` without one.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::UrlRef;
    /// assert_eq!(UrlRef::parse("ftp://u:p@h:21/x")?.authority(), Some("u:p@h:21"));
    /// # Ok::<_, uniform::ParseError>(())
    /// ```
    #[inline]
    pub fn authority(&self) -> Option<&'a str> {
        self.has(AUTHORITY)
            .then(|| self.slice(self.off.scheme_end + 3, self.off.path_start))
    }

    /// The user name as written (still encoded). `Some("")` for an empty
    /// user name, `None` for none: RFC 1738 section 3.1 says the two differ.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::UrlRef;
    /// assert_eq!(UrlRef::parse("ftp://@host.com/")?.user(), Some(""));
    /// assert_eq!(UrlRef::parse("ftp://host.com/")?.user(), None);
    /// assert_eq!(UrlRef::parse("ftp://foo:@host.com/")?.user(), Some("foo"));
    /// # Ok::<_, uniform::ParseError>(())
    /// ```
    #[inline]
    pub fn user(&self) -> Option<&'a str> {
        self.component(Component::User)
    }

    /// The password as written (still encoded): `Some("")` when empty,
    /// `None` when absent.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::UrlRef;
    /// assert_eq!(UrlRef::parse("ftp://foo:@host.com/")?.password(), Some(""));
    /// assert_eq!(UrlRef::parse("ftp://@host.com/")?.password(), None);
    /// # Ok::<_, uniform::ParseError>(())
    /// ```
    #[inline]
    pub fn password(&self) -> Option<&'a str> {
        self.component(Component::Password)
    }

    /// The URL's text with its non-empty password replaced by `mask`, as
    /// a message or a log shows a URL; the text as it is when the
    /// password is empty (`ftp://u:@h/` says something `ftp://u@h/` does
    /// not) or absent.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::UrlRef;
    /// assert_eq!(UrlRef::parse("ftp://u:secret@h/x")?.masked("****"), "ftp://u:****@h/x");
    /// assert_eq!(UrlRef::parse("ftp://u:@h/x")?.masked("****"), "ftp://u:@h/x");
    /// # Ok::<_, uniform::ParseError>(())
    /// ```
    pub fn masked(&self, mask: &str) -> Cow<'a, str> {
        match self.span(Component::Password).filter(|r| !r.is_empty()) {
            Some(at) => {
                let mut text = String::from(self.s);
                text.replace_range(at, mask);
                Cow::Owned(text)
            }
            None => Cow::Borrowed(self.s),
        }
    }

    /// The user name, decoded to bytes.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::UrlRef;
    /// let url = UrlRef::parse("ftp://a%40b:c%3Ad@h/")?;
    /// assert_eq!(url.user_decoded().as_deref(), Some(&b"a@b"[..]));
    /// assert_eq!(url.password_decoded().as_deref(), Some(&b"c:d"[..]));
    /// # Ok::<_, uniform::ParseError>(())
    /// ```
    pub fn user_decoded(&self) -> Option<Cow<'a, [u8]>> {
        self.user().map(|u| pct::decode(u.as_bytes()))
    }

    /// The password, decoded to bytes.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::UrlRef;
    /// let url = UrlRef::parse("ftp://u:p%20w@h/")?;
    /// assert_eq!(url.password_decoded().as_deref(), Some(&b"p w"[..]));
    /// # Ok::<_, uniform::ParseError>(())
    /// ```
    pub fn password_decoded(&self) -> Option<Cow<'a, [u8]>> {
        self.password().map(|p| pct::decode(p.as_bytes()))
    }

    /// The host as written, brackets of an IP literal included; `None`
    /// when there is no authority, `Some("")` for an empty host
    /// (`file:///etc/motd`).
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::{Dialect, ParseOptions};
    /// let url = ParseOptions::new().dialect(Dialect::Rfc3986).parse("http://[::1]:8080/")?;
    /// assert_eq!(url.host(), Some("[::1]"));
    /// # Ok::<_, uniform::ParseError>(())
    /// ```
    #[inline]
    pub fn host(&self) -> Option<&'a str> {
        self.component(Component::Host)
    }

    /// The host without the brackets of an IP literal: what a resolver is
    /// given.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::{Dialect, ParseOptions};
    /// let url = ParseOptions::new().dialect(Dialect::Rfc3986).parse("http://[::1]/")?;
    /// assert_eq!(url.hostname(), Some("::1"));
    /// # Ok::<_, uniform::ParseError>(())
    /// ```
    #[inline]
    pub fn hostname(&self) -> Option<&'a str> {
        let h = self.host()?;
        Some(if self.has(IP_LITERAL) {
            &h[1..h.len() - 1]
        } else {
            h
        })
    }

    /// Whether the host is an IP literal in brackets.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::UrlRef;
    /// assert!(!UrlRef::parse("http://10.0.0.1/")?.host_is_ip_literal());
    /// # Ok::<_, uniform::ParseError>(())
    /// ```
    #[inline]
    pub fn host_is_ip_literal(&self) -> bool {
        self.has(IP_LITERAL)
    }

    /// The host name in ASCII, as it goes onto the wire: the UTS 46
    /// ToASCII form (mapped, lower-cased, each non-ASCII label in
    /// Punycode), by the profile the WHATWG URL standard uses
    /// (non-transitional, CheckBidi and CheckJoiners, no CheckHyphens, no
    /// length check). Under RFC 3986 the escapes of a reg-name are
    /// decoded first (`b%C3%BCcher` is `bücher`). `None` when there is no
    /// host, an empty one, an IP literal or an RFC 1738 host number;
    /// a [`ParseErrorKind::BadIdna`](crate::ParseErrorKind::BadIdna) error,
    /// at the byte offset of the label at fault, when UTS 46 refuses the
    /// name. The text of the URL is not changed.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::{ParseErrorKind, UrlRef};
    /// let url = UrlRef::parse("http://B\u{fc}cher.example/")?;
    /// assert_eq!(url.host(), Some("B\u{fc}cher.example"));
    /// assert_eq!(url.host_ascii()?.as_deref(), Some("xn--bcher-kva.example"));
    /// assert_eq!(UrlRef::parse("http://10.0.0.1/")?.host_ascii()?, None);
    /// let bad = UrlRef::parse("http://ok.xn--a.example/")?.host_ascii().unwrap_err();
    /// assert_eq!((bad.kind(), bad.offset()), (ParseErrorKind::BadIdna, 10));
    /// # Ok::<_, uniform::ParseError>(())
    /// ```
    pub fn host_ascii(&self) -> Result<Option<Cow<'a, str>>, ParseError> {
        let Some(host) = self.idna_host() else {
            return Ok(None);
        };
        // The URL Standard's host parser wrote a special URL's domain in
        // its ASCII form, by its own UTS 46 options.
        if self.dialect() == Dialect::Whatwg && self.scheme_row().special {
            return Ok(Some(Cow::Borrowed(host)));
        }
        crate::idn::to_ascii(host, self.off.host_start as usize, self.dialect()).map(Some)
    }

    /// The host name in Unicode: the UTS 46 ToUnicode form (`xn--` labels
    /// decoded, mapped and lower-cased), for showing, never for the wire.
    /// A label UTS 46 refuses is marked with U+FFFD. `None` where
    /// [`UrlRef::host_ascii`] is.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::UrlRef;
    /// let url = UrlRef::parse("http://XN--BCHER-KVA.example/")?;
    /// assert_eq!(url.host_unicode().as_deref(), Some("b\u{fc}cher.example"));
    /// # Ok::<_, uniform::ParseError>(())
    /// ```
    pub fn host_unicode(&self) -> Option<Cow<'a, str>> {
        let host = self.idna_host()?;
        Some(crate::idn::to_unicode(host, self.dialect()))
    }

    /// The host as written when it is a name: not absent, empty, an IP
    /// literal or a host number.
    fn idna_host(&self) -> Option<&'a str> {
        let host = self.host().filter(|h| !h.is_empty())?;
        (!self.has(IP_LITERAL) && !crate::idn::is_host_number(host)).then_some(host)
    }

    /// The host as a connection is made to it: the IP literal without
    /// brackets, the host number, or the ASCII form of a name UTS 46
    /// changes ([`UrlRef::host_ascii`]). An ASCII name stays as written,
    /// its case too (resolvers ignore case), and so does one UTS 46
    /// refuses (a plan refuses that URL before it connects).
    pub(crate) fn wire_hostname(&self) -> Cow<'a, str> {
        let written = self.hostname().unwrap_or_default();
        // Under RFC 3986 any escape in a reg-name is decoded before the
        // name goes out (`ex%61mple.com` is `example.com`), not only the
        // escapes of non-ASCII octets that make it an IDN.
        let escaped = self.dialect() == Dialect::Rfc3986 && written.contains('%');
        if self.has(IP_LITERAL)
            || !(escaped || crate::idn::needs_idna(written.as_bytes(), self.dialect()))
        {
            return Cow::Borrowed(written);
        }
        match self.host_ascii() {
            Ok(Some(a)) => a,
            _ => Cow::Borrowed(written),
        }
    }

    /// The port written in the URL.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::UrlRef;
    /// assert_eq!(UrlRef::parse("http://info.cern.ch:8000/imaginary/test")?.port(), Some(8000));
    /// assert_eq!(UrlRef::parse("http://info.cern.ch/")?.port(), None);
    /// # Ok::<_, uniform::ParseError>(())
    /// ```
    #[inline]
    pub fn port(&self) -> Option<u16> {
        self.has(PORT).then_some(self.off.port)
    }

    /// The port as written, `Some("")` for a `:` with no digits.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::UrlRef;
    /// assert_eq!(UrlRef::parse("http://h:0080/")?.port_str(), Some("0080"));
    /// # Ok::<_, uniform::ParseError>(())
    /// ```
    #[inline]
    pub fn port_str(&self) -> Option<&'a str> {
        self.component(Component::Port)
    }

    /// The scheme's default port (ftp 21, http 80, gopher 70, nntp 119,
    /// telnet 23, wais 210, prospero 1525).
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::UrlRef;
    /// assert_eq!(UrlRef::parse("wais://h/db")?.default_port(), Some(210));
    /// # Ok::<_, uniform::ParseError>(())
    /// ```
    #[inline]
    pub fn default_port(&self) -> Option<u16> {
        self.scheme_row().default_port
    }

    /// The row of the scheme table that reads this URL: the registry's,
    /// for a scheme it defines, else [`Scheme::row`].
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::{Protocol, UrlRef};
    /// assert_eq!(UrlRef::parse("NEWS:a.b")?.scheme_row().protocol, Some(Protocol::Nntp));
    /// # Ok::<_, uniform::ParseError>(())
    /// ```
    #[inline]
    pub fn scheme_row(&self) -> &'static SchemeRow {
        match self.scheme_spec() {
            Some(spec) => &spec.row,
            None => self.off.scheme.row(),
        }
    }

    /// The registry's entry for the scheme, when it was parsed with a
    /// [`crate::schemes::Registry`] that defines it.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::{ParseOptions, UrlRef};
    /// use uniform::schemes::{Registry, SchemeSpec};
    /// let reg = Registry::new().register(SchemeSpec::new("svn").default_port(3690))?.leak();
    /// let url = ParseOptions::new().registry(reg).parse("svn://h/repo")?;
    /// assert_eq!(url.scheme_spec().map(|s| s.name()), Some("svn"));
    /// assert!(UrlRef::parse("svn://h/repo")?.scheme_spec().is_none());
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn scheme_spec(&self) -> Option<&'static SchemeSpec> {
        spec_of(self.registry, self.off.scheme, self.scheme().as_bytes())
    }

    /// Whether the scheme uses the common Internet scheme syntax (RFC 1738
    /// section 3.1), by the seeds or by the registry.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::UrlRef;
    /// assert!(UrlRef::parse("telnet://h")?.uses_internet_syntax());
    /// assert!(!UrlRef::parse("news:a.b")?.uses_internet_syntax());
    /// # Ok::<_, uniform::ParseError>(())
    /// ```
    #[inline]
    pub fn uses_internet_syntax(&self) -> bool {
        self.scheme_row().syntax == crate::scheme::Syntax::Internet
    }

    /// Whether `?` starts a search part in this URL's scheme under its
    /// dialect, by the seeds or by the registry.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::UrlRef;
    /// assert!(UrlRef::parse("http://h/")?.has_search_part());
    /// assert!(!UrlRef::parse("ftp://h/")?.has_search_part());
    /// # Ok::<_, uniform::ParseError>(())
    /// ```
    #[inline]
    pub fn has_search_part(&self) -> bool {
        self.off.dialect.has_search_in(self.scheme_row())
    }

    /// The port to connect to: the written one, else the default.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::UrlRef;
    /// assert_eq!(UrlRef::parse("nntp://h/g/1")?.port_or_default(), Some(119));
    /// # Ok::<_, uniform::ParseError>(())
    /// ```
    #[inline]
    pub fn port_or_default(&self) -> Option<u16> {
        self.port().or_else(|| self.default_port())
    }

    #[inline]
    fn path_end(&self) -> u32 {
        if self.off.query_start != NONE {
            self.off.query_start
        } else {
            self.fragment_or_end()
        }
    }

    #[inline]
    fn fragment_or_end(&self) -> u32 {
        if self.off.fragment_start != NONE {
            self.off.fragment_start
        } else {
            self.s.len() as u32
        }
    }

    /// The url-path as written (still encoded), without the `/` that
    /// follows host and port (RFC 1738 section 3.1: that `/` "is NOT part
    /// of the url-path"); `None` when the URL has an authority and no
    /// `/` after it. Without an authority, the whole scheme-specific part
    /// before any search part.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::UrlRef;
    /// assert_eq!(UrlRef::parse("ftp://h/etc/motd")?.path(), Some("etc/motd"));
    /// assert_eq!(UrlRef::parse("ftp://h/")?.path(), Some(""));
    /// assert_eq!(UrlRef::parse("ftp://h")?.path(), None);
    /// assert_eq!(UrlRef::parse("mailto:a@b")?.path(), Some("a@b"));
    /// # Ok::<_, uniform::ParseError>(())
    /// ```
    #[inline]
    pub fn path(&self) -> Option<&'a str> {
        if self.has(AUTHORITY) {
            self.has(PATH_SLASH)
                .then(|| self.slice(self.off.path_start + 1, self.path_end()))
        } else {
            Some(self.slice(self.off.path_start, self.path_end()))
        }
    }

    /// The path as RFC 3986 sees it: with its leading `/`, `""` when there
    /// is none.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::UrlRef;
    /// assert_eq!(UrlRef::parse("http://h/a/b?q")?.path_with_slash(), "/a/b");
    /// assert_eq!(UrlRef::parse("http://h")?.path_with_slash(), "");
    /// # Ok::<_, uniform::ParseError>(())
    /// ```
    #[inline]
    pub fn path_with_slash(&self) -> &'a str {
        self.slice(self.off.path_start, self.path_end())
    }

    /// One component as written, by name: what [`UrlRef::scheme`],
    /// [`UrlRef::user`], [`UrlRef::password`], [`UrlRef::host`],
    /// [`UrlRef::port_str`], [`UrlRef::path_with_slash`] (the path with its
    /// leading `/`), [`UrlRef::query`] or [`UrlRef::fragment`] gives;
    /// `None` when absent. The scheme and the path are always there.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::{Component, UrlRef};
    /// let url = UrlRef::parse("ftp://u@h:21/a?b")?;
    /// assert_eq!(url.component(Component::Port), Some("21"));
    /// assert_eq!(url.component(Component::Path), Some("/a?b"));
    /// assert_eq!(url.component(Component::Password), None);
    /// # Ok::<_, uniform::ParseError>(())
    /// ```
    #[inline]
    pub fn component(&self, c: Component) -> Option<&'a str> {
        self.span(c).map(|r| &self.s[r])
    }

    /// Where one component lies in the URL's text, as a byte range; `None`
    /// when absent. The range is that of the text [`UrlRef::component`]
    /// gives (the path with its leading `/`; no `:`, `@`, `?` or `#`
    /// around the others), so that a part can be replaced in place: how a
    /// password is masked.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::{Component, UrlRef};
    /// let url = UrlRef::parse("ftp://u:secret@h/x")?;
    /// let at = url.span(Component::Password).unwrap();
    /// assert_eq!(at, 8..14);
    /// let mut shown = url.as_str().to_string();
    /// shown.replace_range(at, "****");
    /// assert_eq!(shown, "ftp://u:****@h/x");
    /// assert_eq!(UrlRef::parse("ftp://u:@h/")?.span(Component::Password), Some(8..8));
    /// assert_eq!(UrlRef::parse("ftp://u@h/")?.span(Component::Password), None);
    /// # Ok::<_, uniform::ParseError>(())
    /// ```
    #[inline]
    pub fn span(&self, c: Component) -> Option<Range<usize>> {
        let o = &self.off;
        let r = |from: u32, to: u32| from as usize..to as usize;
        match c {
            Component::Scheme => Some(r(0, o.scheme_end)),
            Component::User => self.has(USER).then(|| r(o.scheme_end + 3, o.user_end)),
            Component::Password => self
                .has(PASSWORD)
                .then(|| r(o.user_end + 1, o.host_start - 1)),
            Component::Host => self.has(AUTHORITY).then(|| r(o.host_start, o.host_end)),
            Component::Port => self
                .has(PORT_COLON)
                .then(|| r(o.host_end + 1, o.path_start)),
            Component::Path => Some(r(o.path_start, self.path_end())),
            Component::Query => {
                (o.query_start != NONE).then(|| r(o.query_start + 1, self.fragment_or_end()))
            }
            Component::Fragment => {
                (o.fragment_start != NONE).then(|| o.fragment_start as usize + 1..self.s.len())
            }
        }
    }

    /// The search part after `?`, as written; `None` when absent.
    ///
    /// Under RFC 1738 only the schemes that define one have a search part
    /// (http, wais and schemes it does not define): in an ftp or gopher
    /// URL `?` is an ordinary character of the path.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::UrlRef;
    /// assert_eq!(UrlRef::parse("http://info.my.org/AboutUs/Index/Phonebook?dobbins")?.query(), Some("dobbins"));
    /// assert_eq!(UrlRef::parse("ftp://h/what?.txt")?.query(), None);
    /// # Ok::<_, uniform::ParseError>(())
    /// ```
    #[inline]
    pub fn query(&self) -> Option<&'a str> {
        self.component(Component::Query)
    }

    /// The fragment after `#`, as written; `None` when absent.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::UrlRef;
    /// assert_eq!(UrlRef::parse("http://www.myu.edu/org/admin/people#andy")?.fragment(), Some("andy"));
    /// # Ok::<_, uniform::ParseError>(())
    /// ```
    #[inline]
    pub fn fragment(&self) -> Option<&'a str> {
        self.component(Component::Fragment)
    }

    /// The URL without its fragment: what names the whole object.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::UrlRef;
    /// assert_eq!(UrlRef::parse("http://h/p#f")?.without_fragment(), "http://h/p");
    /// # Ok::<_, uniform::ParseError>(())
    /// ```
    #[inline]
    pub fn without_fragment(&self) -> &'a str {
        self.slice(0, self.fragment_or_end())
    }

    #[inline]
    pub(crate) fn offsets(&self) -> &Offsets {
        &self.off
    }

    /// The registry the URL was parsed with, if any.
    #[inline]
    pub(crate) fn registry(&self) -> Option<&'static Registry> {
        self.registry
    }
}

impl fmt::Debug for UrlRef<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("UrlRef")
            .field("scheme", &self.scheme())
            .field("user", &self.user())
            .field("password", &self.password().map(|_| "****"))
            .field("host", &self.host())
            .field("port", &self.port())
            .field("path", &self.path())
            .field("query", &self.query())
            .field("fragment", &self.fragment())
            .finish()
    }
}

impl fmt::Display for UrlRef<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.s)
    }
}

/// `Url`'s accessors are `UrlRef`'s, borrowed from the owned text.
macro_rules! delegate {
    ($($(#[$doc:meta])* fn $name:ident(&self) -> $ret:ty;)*) => {
        $(
            $(#[$doc])*
            pub fn $name(&self) -> $ret {
                self.as_url_ref().$name()
            }
        )*
    };
}

impl Url {
    pub(crate) fn from_parts(s: String, off: Offsets, registry: Option<&'static Registry>) -> Url {
        Url { s, off, registry }
    }

    pub(crate) fn offsets(&self) -> Offsets {
        self.off
    }

    /// The borrowed view.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::Url;
    /// let url = Url::parse("http://h/")?;
    /// assert_eq!(url.as_url_ref().host(), Some("h"));
    /// # Ok::<_, uniform::ParseError>(())
    /// ```
    pub fn as_url_ref(&self) -> UrlRef<'_> {
        UrlRef {
            s: &self.s,
            off: self.off,
            registry: self.registry,
        }
    }

    /// The text.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::Url;
    /// assert_eq!(Url::parse("news:*")?.into_string(), "news:*");
    /// # Ok::<_, uniform::ParseError>(())
    /// ```
    pub fn into_string(self) -> String {
        self.s
    }

    /// See [`UrlRef::component`].
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::{Component, Url};
    /// assert_eq!(Url::parse("http://h/p#top")?.component(Component::Fragment), Some("top"));
    /// # Ok::<_, uniform::ParseError>(())
    /// ```
    pub fn component(&self, c: Component) -> Option<&str> {
        self.as_url_ref().component(c)
    }

    /// See [`UrlRef::span`].
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::{Component, Url};
    /// assert_eq!(Url::parse("http://h:8080/")?.span(Component::Port), Some(9..13));
    /// # Ok::<_, uniform::ParseError>(())
    /// ```
    pub fn span(&self, c: Component) -> Option<core::ops::Range<usize>> {
        self.as_url_ref().span(c)
    }

    /// See [`UrlRef::masked`].
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::Url;
    /// assert_eq!(Url::parse("http://u:pw@h/")?.masked("****"), "http://u:****@h/");
    /// # Ok::<_, uniform::ParseError>(())
    /// ```
    pub fn masked(&self, mask: &str) -> Cow<'_, str> {
        self.as_url_ref().masked(mask)
    }

    delegate! {
        /// See [`UrlRef::as_str`].
        fn as_str(&self) -> &str;
        /// See [`UrlRef::dialect`].
        fn dialect(&self) -> Dialect;
        /// See [`UrlRef::scheme`].
        fn scheme(&self) -> &str;
        /// See [`UrlRef::scheme_kind`].
        fn scheme_kind(&self) -> Scheme;
        /// See [`UrlRef::scheme_specific_part`].
        fn scheme_specific_part(&self) -> &str;
        /// See [`UrlRef::has_authority`].
        fn has_authority(&self) -> bool;
        /// See [`UrlRef::authority`].
        fn authority(&self) -> Option<&str>;
        /// See [`UrlRef::user`].
        fn user(&self) -> Option<&str>;
        /// See [`UrlRef::password`].
        fn password(&self) -> Option<&str>;
        /// See [`UrlRef::user_decoded`].
        fn user_decoded(&self) -> Option<Cow<'_, [u8]>>;
        /// See [`UrlRef::password_decoded`].
        fn password_decoded(&self) -> Option<Cow<'_, [u8]>>;
        /// See [`UrlRef::host`].
        fn host(&self) -> Option<&str>;
        /// See [`UrlRef::hostname`].
        fn hostname(&self) -> Option<&str>;
        /// See [`UrlRef::host_is_ip_literal`].
        fn host_is_ip_literal(&self) -> bool;
        /// See [`UrlRef::host_ascii`].
        fn host_ascii(&self) -> Result<Option<Cow<'_, str>>, ParseError>;
        /// See [`UrlRef::host_unicode`].
        fn host_unicode(&self) -> Option<Cow<'_, str>>;
        /// See [`UrlRef::port`].
        fn port(&self) -> Option<u16>;
        /// See [`UrlRef::port_str`].
        fn port_str(&self) -> Option<&str>;
        /// See [`UrlRef::default_port`].
        fn default_port(&self) -> Option<u16>;
        /// See [`UrlRef::scheme_spec`].
        fn scheme_spec(&self) -> Option<&'static SchemeSpec>;
        /// See [`UrlRef::scheme_row`].
        fn scheme_row(&self) -> &'static SchemeRow;
        /// See [`UrlRef::uses_internet_syntax`].
        fn uses_internet_syntax(&self) -> bool;
        /// See [`UrlRef::has_search_part`].
        fn has_search_part(&self) -> bool;
        /// See [`UrlRef::port_or_default`].
        fn port_or_default(&self) -> Option<u16>;
        /// See [`UrlRef::path`].
        fn path(&self) -> Option<&str>;
        /// See [`UrlRef::path_with_slash`].
        fn path_with_slash(&self) -> &str;
        /// See [`UrlRef::query`].
        fn query(&self) -> Option<&str>;
        /// See [`UrlRef::fragment`].
        fn fragment(&self) -> Option<&str>;
        /// See [`UrlRef::without_fragment`].
        fn without_fragment(&self) -> &str;
    }
}

impl fmt::Debug for Url {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&self.as_url_ref(), f)
    }
}

/// The text, as given.
///
/// # Example
///
/// ```
/// use uniform::Url;
/// let url = Url::parse("ftp://host.dom/%2Fetc/motd")?;
/// assert_eq!(url.to_string(), "ftp://host.dom/%2Fetc/motd");
/// assert_eq!(format!("<{url}>"), "<ftp://host.dom/%2Fetc/motd>");
/// # Ok::<_, uniform::ParseError>(())
/// ```
impl fmt::Display for Url {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.s)
    }
}

/// Equal texts, byte for byte; not equivalence ([`Url::equivalent`]).
///
/// # Example
///
/// ```
/// use uniform::Url;
/// let a = Url::parse("http://info.cern.ch/marie-claude")?;
/// let b = Url::parse("http://info.cern.ch/marie%2Dclaude")?;
/// assert_ne!(a, b);
/// assert!(a.equivalent(&b));
/// assert_eq!(a, Url::parse("http://info.cern.ch/marie-claude")?);
/// # Ok::<_, uniform::ParseError>(())
/// ```
// By the text only: the offsets follow from the text and the dialect, and
// a text read by two dialects is still one text.
impl PartialEq for Url {
    fn eq(&self, other: &Url) -> bool {
        self.s == other.s
    }
}

/// See [`PartialEq`]: equality of the text.
///
/// # Example
///
/// ```
/// use uniform::Url;
/// use std::collections::HashSet;
/// let set: HashSet<Url> = ["news:a.b", "news:a.b", "news:A.B"]
///     .into_iter()
///     .map(Url::parse)
///     .collect::<Result<_, _>>()?;
/// assert_eq!(set.len(), 2);
/// # Ok::<_, uniform::ParseError>(())
/// ```
impl Eq for Url {}

/// The hash of the text, so that it agrees with `==`.
///
/// # Example
///
/// ```
/// use uniform::Url;
/// use std::collections::HashMap;
/// let mut seen = HashMap::new();
/// seen.insert(Url::parse("gopher://h/")?, 1);
/// assert_eq!(seen.get(&Url::parse("gopher://h/")?), Some(&1));
/// assert_eq!(seen.get(&Url::parse("gopher://h:70/")?), None);
/// # Ok::<_, uniform::ParseError>(())
/// ```
impl core::hash::Hash for Url {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        self.s.hash(state);
    }
}

/// The order of the texts, byte by byte (as `str`'s order).
///
/// # Example
///
/// ```
/// use uniform::Url;
/// let a = Url::parse("ftp://a/")?;
/// let b = Url::parse("ftp://b/")?;
/// assert!(a < b);
/// # Ok::<_, uniform::ParseError>(())
/// ```
impl PartialOrd for Url {
    fn partial_cmp(&self, other: &Url) -> Option<core::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

/// The total order of the texts: sorting URLs sorts their texts.
///
/// # Example
///
/// ```
/// use uniform::Url;
/// let mut urls = vec![Url::parse("news:b")?, Url::parse("HTTP://h/")?, Url::parse("news:a")?];
/// urls.sort();
/// let texts: Vec<&str> = urls.iter().map(Url::as_str).collect();
/// assert_eq!(texts, ["HTTP://h/", "news:a", "news:b"]);
/// # Ok::<_, uniform::ParseError>(())
/// ```
impl Ord for Url {
    fn cmp(&self, other: &Url) -> core::cmp::Ordering {
        self.s.cmp(&other.s)
    }
}

/// Parses by the default options, as [`Url::parse`].
///
/// # Example
///
/// ```
/// use uniform::{ParseError, Url};
/// let url = Url::try_from("wais://h/db")?;
/// assert_eq!(url.default_port(), Some(210));
/// assert!(Url::try_from("no scheme").is_err());
/// # Ok::<_, ParseError>(())
/// ```
impl TryFrom<&str> for Url {
    type Error = ParseError;

    fn try_from(s: &str) -> Result<Url, ParseError> {
        Url::parse(s)
    }
}

/// Parses by the default options, as [`Url::parse`], keeping the string
/// as the URL's text (no copy).
///
/// # Example
///
/// ```
/// use uniform::{ParseError, Url};
/// let url = Url::try_from(String::from("telnet://host.dom/"))?;
/// assert_eq!(url.port_or_default(), Some(23));
/// assert!(Url::try_from(String::new()).is_err());
/// # Ok::<_, ParseError>(())
/// ```
impl TryFrom<String> for Url {
    type Error = ParseError;

    fn try_from(s: String) -> Result<Url, ParseError> {
        let r = UrlRef::parse(&s)?;
        let (off, registry) = (r.off, r.registry);
        Ok(Url::from_parts(s, off, registry))
    }
}

impl AsRef<str> for Url {
    fn as_ref(&self) -> &str {
        &self.s
    }
}

impl<'a> From<UrlRef<'a>> for Url {
    fn from(r: UrlRef<'a>) -> Url {
        r.to_url()
    }
}

/// A scheme's own check, run after the generic parse when someone listens
/// (a strict parse, or one that keeps warnings). It reports each violation
/// through the callback, typically made with [`ParseError::scheme_rule`]; in
/// strict mode the first one becomes the parse's error.
// The registry's types live with the URL types: a URL holds the registry
// it was parsed with, and a registered validator reads a URL.
pub type Validator = fn(&UrlRef<'_>, &mut dyn FnMut(ParseError));

/// What a [`Registry`] knows of one scheme: its row of the scheme table
/// (the same [`SchemeRow`] the built-in schemes have), and an optional
/// validator.
///
/// # Example
///
/// ```
/// use uniform::schemes::SchemeSpec;
/// let spec = SchemeSpec::new("git").default_port(9418).internet_syntax(true);
/// assert_eq!(spec.name(), "git");
/// assert!(spec.is_hierarchical());
/// assert!(spec.has_search());
/// assert_eq!(spec.row().default_port, Some(9418));
/// ```
#[derive(Clone, Copy)]
pub struct SchemeSpec {
    pub(crate) row: SchemeRow,
    pub(crate) validate: Option<Validator>,
}

/// A table of schemes the seeds do not define.
///
/// Build it once and keep it for the program's life (a `static` with
/// `LazyLock`, or [`Registry::leak`]), so that parse options can hold a
/// `&'static Registry` and stay `Copy`.
///
/// # Example
///
/// ```
/// use uniform::schemes::{Registry, SchemeSpec};
/// let reg: &'static Registry = Registry::new()
///     .register(SchemeSpec::new("git").default_port(9418).internet_syntax(true))?
///     .leak();
/// assert_eq!(reg.default_port("GIT"), Some(9418));
/// # Ok::<_, uniform::schemes::RegistryError>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Registry {
    pub(crate) specs: Vec<SchemeSpec>,
}

/// The registry's entry for a scheme the seeds do not define.
#[inline]
pub(crate) fn spec_of(
    registry: Option<&'static Registry>,
    scheme: Scheme,
    name: &[u8],
) -> Option<&'static SchemeSpec> {
    // Most parses have no registry: that answer stays inline in the
    // caller's code, and the search is a call of its own.
    let registry = registry?;
    // Only a name the table has no row of may be registered.
    if scheme.name().is_some() {
        return None;
    }
    lookup_registered(registry, name)
}

#[inline(never)]
fn lookup_registered(registry: &'static Registry, name: &[u8]) -> Option<&'static SchemeSpec> {
    registry.lookup_bytes(name)
}
