//! One setter per component, and [`Url::set_raw`] for text already
//! encoded.

use super::commit::Parts;
use super::error::{EditError, EditErrorKind};
use crate::dialect::Dialect;
use crate::error::{ParseError, ParseErrorKind};
use crate::pct::EncodeSet;
use crate::prelude::*;
use crate::scheme::{Scheme, Syntax};
use crate::table::Component;
use crate::url::Url;

impl Url {
    /// Refuses a component of the authority when the scheme has none in
    /// this dialect; `Ok(false)` when it could have one and has not.
    fn authority_allowed(&self, component: Component) -> Result<bool, EditError> {
        if self.has_authority() {
            return Ok(true);
        }
        let row = self.scheme_row();
        if !self.dialect().reads_authority(row) || !row.hierarchical {
            return Err(EditError::new(
                EditErrorKind::NotAllowed,
                component,
                format!(
                    "a {} URL has no {} in {}",
                    self.scheme().to_ascii_lowercase(),
                    component.name(),
                    self.dialect().as_str()
                ),
            ));
        }
        Ok(false)
    }

    /// Refuses a user, password or port when there is no host to attach
    /// it to.
    fn host_needed(&self, component: Component) -> Result<(), EditError> {
        if self.authority_allowed(component)? {
            Ok(())
        } else {
            Err(EditError::new(
                EditErrorKind::NotAllowed,
                component,
                "the URL has no host (set one first)",
            ))
        }
    }

    /// Sets the scheme name, as given (its case is kept).
    ///
    /// # Errors
    ///
    /// [`EditErrorKind::Invalid`] for a name outside `ALPHA *( ALPHA /
    /// DIGIT / "+" / "-" / "." )`; [`EditErrorKind::Ambiguous`] when the
    /// rest would read differently under the new scheme (an RFC 1738 http
    /// URL's search part is path data in ftp).
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::Url;
    /// use uniform::edit::EditErrorKind;
    /// let mut url = Url::parse("http://h/pub")?;
    /// url.set_scheme("ftp")?;
    /// assert_eq!(url.as_str(), "ftp://h/pub");
    /// assert_eq!(url.default_port(), Some(21));
    /// assert_eq!(url.set_scheme("1http").unwrap_err().kind(), EditErrorKind::Invalid);
    /// let mut url = Url::parse("http://h/p?q")?;
    /// assert_eq!(url.set_scheme("ftp").unwrap_err().kind(), EditErrorKind::Ambiguous);
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn set_scheme(&mut self, scheme: &str) -> Result<(), EditError> {
        let bad = scheme.bytes().enumerate().find(|&(i, b)| {
            !(b.is_ascii_alphabetic()
                || (i > 0 && (b.is_ascii_digit() || matches!(b, b'+' | b'-' | b'.'))))
        });
        if scheme.is_empty() || bad.is_some() {
            let (at, byte) = bad.map_or((0, None), |(i, b)| (i, Some(b)));
            let e = ParseError::new(
                ParseErrorKind::BadScheme,
                at,
                Component::Scheme,
                byte,
                self.dialect(),
            );
            return Err(EditError::new(
                EditErrorKind::Invalid,
                Component::Scheme,
                "not a scheme name",
            )
            .with_source(e));
        }
        let mut p = Parts::of(&self.as_url_ref());
        p.scheme = scheme.into();
        *self = self.committed(p, Component::Scheme)?;
        Ok(())
    }

    /// Sets the user name, encoding what it must (`:`, `@`, `/`, `?` and
    /// the unsafe characters); `None` removes user and password.
    ///
    /// # Errors
    ///
    /// [`EditErrorKind::NotAllowed`] in a URL without a host, or whose
    /// scheme has no user (RFC 1738's http).
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::Url;
    /// let mut url = Url::parse("ftp://host.dom/pub")?;
    /// url.set_user(Some("my name@x"))?;
    /// assert_eq!(url.as_str(), "ftp://my%20name%40x@host.dom/pub");
    /// assert_eq!(url.user_decoded().as_deref(), Some(&b"my name@x"[..]));
    /// url.set_user(None)?;
    /// assert_eq!(url.as_str(), "ftp://host.dom/pub");
    /// assert!(Url::parse("news:a.b")?.set_user(Some("u")).is_err());
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn set_user(&mut self, user: Option<&str>) -> Result<(), EditError> {
        match user {
            Some(u) => self.set_encoded(&[u.as_bytes()], EncodeSet::USERINFO, |url, t| {
                url.set_user_text(Some(Cow::Borrowed(&t[0])))
            }),
            None => self.set_user_text(None),
        }
    }

    fn set_user_text(&mut self, user: Option<Cow<'_, str>>) -> Result<(), EditError> {
        let mut p = Parts::of(&self.as_url_ref());
        match user {
            Some(u) => {
                self.host_needed(Component::User)?;
                p.user = Some(u);
            }
            None => {
                p.user = None;
                p.password = None;
            }
        }
        *self = self.committed(p, Component::User)?;
        Ok(())
    }

    /// Sets the password, encoded as the user name is; an absent user
    /// becomes the empty one (`ftp://:pw@h/`). `None` removes it.
    ///
    /// # Errors
    ///
    /// As [`Url::set_user`].
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::Url;
    /// let mut url = Url::parse("ftp://u@h/")?;
    /// url.set_password(Some("p:w"))?;
    /// assert_eq!(url.as_str(), "ftp://u:p%3Aw@h/");
    /// url.set_password(None)?;
    /// assert_eq!(url.as_str(), "ftp://u@h/");
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn set_password(&mut self, password: Option<&str>) -> Result<(), EditError> {
        match password {
            Some(p) => self.set_encoded(&[p.as_bytes()], EncodeSet::USERINFO, |url, t| {
                url.set_password_text(Some(Cow::Borrowed(&t[0])))
            }),
            None => self.set_password_text(None),
        }
    }

    fn set_password_text(&mut self, password: Option<Cow<'_, str>>) -> Result<(), EditError> {
        let mut p = Parts::of(&self.as_url_ref());
        if let Some(pw) = password {
            self.host_needed(Component::Password)?;
            p.user.get_or_insert(Cow::Borrowed(""));
            p.password = Some(pw);
        } else {
            p.password = None;
        }
        *self = self.committed(p, Component::Password)?;
        Ok(())
    }

    /// Sets the host, as given: a hostname, a host number or (RFC 3986) an
    /// IP literal in brackets. Nothing is encoded; the dialect's host
    /// grammar decides. A name with non-ASCII characters is written in its
    /// UTS 46 ASCII form (`bücher.example` becomes
    /// `xn--bcher-kva.example`): every dialect's host is ASCII, and RFC
    /// 3986 section 3.2.2 asks producers for the IDNA encoding rather than
    /// escapes. A URL of a hierarchical scheme without an authority gains
    /// one (`foo:/x` becomes `foo://h/x`).
    ///
    /// # Errors
    ///
    /// [`EditErrorKind::NotAllowed`] for a scheme without a host
    /// (`mailto:`, `news:`, `urn:`); [`EditErrorKind::Invalid`] for a host
    /// its grammar refuses, the empty one where a host is required, and a
    /// non-ASCII name UTS 46 refuses (the `bad-idna` fault is the source).
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::{Dialect, ParseOptions, Url};
    /// use uniform::edit::EditErrorKind;
    /// let mut url = Url::parse("http://info.cern.ch/x")?;
    /// url.set_host("www.w3.org")?;
    /// assert_eq!(url.as_str(), "http://www.w3.org/x");
    /// assert_eq!(url.set_host("a_b!").unwrap_err().kind(), EditErrorKind::Invalid);
    /// let mut url = Url::parse_with(ParseOptions::new().dialect(Dialect::Rfc3986), "http://h/")?;
    /// url.set_host("[::1]")?;
    /// assert_eq!(url.hostname(), Some("::1"));
    /// let mut url = Url::parse("file:///etc/motd")?;
    /// url.set_host("ftp.dom")?;
    /// assert_eq!(url.as_str(), "file://ftp.dom/etc/motd");
    /// url.set_host("B\u{fc}cher.example")?;
    /// assert_eq!(url.as_str(), "file://xn--bcher-kva.example/etc/motd");
    /// assert_eq!(url.set_host("a\u{200d}.example").unwrap_err().kind(), EditErrorKind::Invalid);
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn set_host(&mut self, host: &str) -> Result<(), EditError> {
        self.authority_allowed(Component::Host)?;
        let host = if host.is_ascii() {
            Cow::Borrowed(host)
        } else {
            crate::idn::to_ascii(host, 0, self.dialect()).map_err(|e| {
                EditError::new(
                    EditErrorKind::Invalid,
                    Component::Host,
                    "the name has no ASCII form (UTS 46)",
                )
                .with_source(e)
            })?
        };
        let mut p = Parts::of(&self.as_url_ref());
        p.host = Some(host);
        *self = self.committed(p, Component::Host)?;
        Ok(())
    }

    /// Removes the authority (user, password, host and port): `file://h/x`
    /// becomes `file:/x`.
    ///
    /// # Errors
    ///
    /// [`EditErrorKind::NotAllowed`] when the scheme needs an authority
    /// (the common Internet scheme syntax of RFC 1738 section 3.1);
    /// [`EditErrorKind::Ambiguous`] when the path would then start with
    /// `//` and be read as an authority.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::{Dialect, ParseOptions, Url};
    /// let o = ParseOptions::new().dialect(Dialect::Rfc3986);
    /// let mut url = Url::parse_with(o, "foo://u@h:1/x")?;
    /// url.remove_authority()?;
    /// assert_eq!(url.as_str(), "foo:/x");
    /// assert!(Url::parse("http://h/")?.remove_authority().is_err());
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn remove_authority(&mut self) -> Result<(), EditError> {
        if self.scheme_row().syntax == Syntax::Internet {
            return Err(EditError::new(
                EditErrorKind::NotAllowed,
                Component::Host,
                format!("a {} URL needs a host", self.scheme().to_ascii_lowercase()),
            ));
        }
        let mut p = Parts::of(&self.as_url_ref());
        p.user = None;
        p.password = None;
        p.host = None;
        p.port = None;
        *self = self.committed(p, Component::Host)?;
        Ok(())
    }

    /// Sets the port; `None` removes it (the scheme's default applies).
    ///
    /// # Errors
    ///
    /// [`EditErrorKind::NotAllowed`] for a scheme without a port
    /// (`mailto:`, `news:`, `urn:`, RFC 1738's `file`) or a URL without a
    /// host.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::Url;
    /// use uniform::edit::EditErrorKind;
    /// let mut url = Url::parse("http://h:80/x")?;
    /// url.set_port(Some(8080))?;
    /// assert_eq!(url.as_str(), "http://h:8080/x");
    /// url.set_port(None)?;
    /// assert_eq!(url.as_str(), "http://h/x");
    /// let mut mail = Url::parse("mailto:a@b.c")?;
    /// assert_eq!(mail.set_port(Some(25)).unwrap_err().kind(), EditErrorKind::NotAllowed);
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn set_port(&mut self, port: Option<u16>) -> Result<(), EditError> {
        let mut digits = [0u8; 5];
        self.set_port_text(port.map(|p| Cow::Borrowed(decimal(p, &mut digits))))
    }

    fn set_port_text(&mut self, port: Option<Cow<'_, str>>) -> Result<(), EditError> {
        let mut p = Parts::of(&self.as_url_ref());
        if let Some(port) = port {
            self.host_needed(Component::Port)?;
            if self.scheme_kind() == Scheme::File && self.dialect() != Dialect::Rfc3986 {
                // RFC 1738 section 3.10: "file://<host>/<path>", no port;
                // RFC 3986 lets any authority have one.
                return Err(EditError::new(
                    EditErrorKind::NotAllowed,
                    Component::Port,
                    "a file URL has no port",
                ));
            }
            p.port = Some(port);
        } else {
            p.port = None;
        }
        *self = self.committed(p, Component::Port)?;
        Ok(())
    }

    /// Sets the path, encoding what the scheme reserves and the unsafe
    /// characters; `/` stays a separator. In a URL with an authority the
    /// path is written after a `/` (one is added when `path` has none), so
    /// that [`Url::path`] gives `path` without it; in one without, it is
    /// the whole scheme-specific part before any search part.
    ///
    /// # Errors
    ///
    /// [`EditErrorKind::Ambiguous`] when the path would read as something
    /// else (`//x` in a URL without an authority).
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::Url;
    /// let mut url = Url::parse("http://h/old?q")?;
    /// url.set_path("/a b/c?d")?;
    /// assert_eq!(url.as_str(), "http://h/a%20b/c%3Fd?q");
    /// url.set_path("x")?;
    /// assert_eq!(url.path(), Some("x"));
    /// let mut mail = Url::parse("mailto:a@b.c")?;
    /// mail.set_path("info@cern.ch")?;
    /// assert_eq!(mail.as_str(), "mailto:info@cern.ch");
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn set_path(&mut self, path: &str) -> Result<(), EditError> {
        let set = self.scheme_row().path_set;
        self.set_encoded(&[path.as_bytes()], set, |url, t| {
            url.set_path_text(Cow::Borrowed(&t[0]))
        })
    }

    pub(crate) fn set_path_text(&mut self, path: Cow<'_, str>) -> Result<(), EditError> {
        let mut p = Parts::of(&self.as_url_ref());
        p.path = if p.host.is_some() && !path.starts_with('/') {
            Cow::Owned(format!("/{path}"))
        } else {
            path
        };
        *self = self.committed(p, Component::Path)?;
        Ok(())
    }

    /// Sets the search part, encoding `/`, `;`, `?` (reserved in it by
    /// RFC 1738 section 3.3) and the unsafe characters; `&`, `=` and `+`
    /// stay as given, so `a=b&c=d` keeps its pairs. `None` removes it,
    /// `Some("")` leaves a bare `?`.
    ///
    /// # Errors
    ///
    /// [`EditErrorKind::NotAllowed`] when `?` is data in the scheme (RFC
    /// 1738's ftp, gopher, file, ...).
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::Url;
    /// use uniform::edit::EditErrorKind;
    /// let mut url = Url::parse("http://h/p#f")?;
    /// url.set_query(Some("a=b c"))?;
    /// assert_eq!(url.as_str(), "http://h/p?a=b%20c#f");
    /// url.set_query(None)?;
    /// assert_eq!(url.as_str(), "http://h/p#f");
    /// let mut ftp = Url::parse("ftp://h/p")?;
    /// assert_eq!(ftp.set_query(Some("x")).unwrap_err().kind(), EditErrorKind::NotAllowed);
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn set_query(&mut self, query: Option<&str>) -> Result<(), EditError> {
        match query {
            Some(q) => self.set_encoded(&[q.as_bytes()], EncodeSet::SEARCH, |url, t| {
                url.set_query_text(Some(Cow::Borrowed(&t[0])))
            }),
            None => self.set_query_text(None),
        }
    }

    pub(crate) fn set_query_text(&mut self, query: Option<Cow<'_, str>>) -> Result<(), EditError> {
        let mut p = Parts::of(&self.as_url_ref());
        if query.is_some() && !self.has_search_part() {
            return Err(EditError::new(
                EditErrorKind::NotAllowed,
                Component::Query,
                format!(
                    "\"?\" is data in a {} URL under {}",
                    self.scheme().to_ascii_lowercase(),
                    self.dialect().as_str()
                ),
            ));
        }
        p.query = query;
        *self = self.committed(p, Component::Query)?;
        Ok(())
    }

    /// Sets the fragment, encoding the unsafe characters; `None` removes
    /// it.
    ///
    /// # Errors
    ///
    /// None in practice: every value can be encoded; the `Result` is the
    /// setters' common form.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::Url;
    /// let mut url = Url::parse("http://h/p")?;
    /// url.set_fragment(Some("sec 2"))?;
    /// assert_eq!(url.as_str(), "http://h/p#sec%202");
    /// url.set_fragment(None)?;
    /// assert_eq!(url.as_str(), "http://h/p");
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn set_fragment(&mut self, fragment: Option<&str>) -> Result<(), EditError> {
        match fragment {
            Some(f) => self.set_encoded(&[f.as_bytes()], EncodeSet::FRAGMENT, |url, t| {
                url.set_fragment_text(Some(Cow::Borrowed(&t[0])))
            }),
            None => self.set_fragment_text(None),
        }
    }

    fn set_fragment_text(&mut self, fragment: Option<Cow<'_, str>>) -> Result<(), EditError> {
        let mut p = Parts::of(&self.as_url_ref());
        p.fragment = fragment;
        *self = self.committed(p, Component::Fragment)?;
        Ok(())
    }

    /// Sets a component to text already encoded, kept as it is: `%41`
    /// stays `%41`. The text must be valid in the component by the
    /// dialect's grammar; `None` removes the component (for the host, see
    /// [`Url::remove_authority`]; the scheme cannot be removed).
    ///
    /// # Errors
    ///
    /// As the component's setter; [`EditErrorKind::Invalid`] for text the
    /// grammar refuses (a raw space, a `%` without two hex digits, a port
    /// that is no number).
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::{Component, Url};
    /// use uniform::edit::EditErrorKind;
    /// let mut url = Url::parse("http://h/")?;
    /// url.set_raw(Component::Path, Some("/%4A%4b"))?;
    /// assert_eq!(url.as_str(), "http://h/%4A%4b");
    /// url.set_raw(Component::Query, Some("a=%26"))?;
    /// assert_eq!(url.as_str(), "http://h/%4A%4b?a=%26");
    /// let e = url.set_raw(Component::Path, Some("/a b")).unwrap_err();
    /// assert_eq!(e.kind(), EditErrorKind::Invalid);
    /// assert!(url.set_raw(Component::Port, Some("56 78")).is_err());
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn set_raw(&mut self, component: Component, value: Option<&str>) -> Result<(), EditError> {
        let value = value.map(Cow::Borrowed);
        match component {
            Component::Scheme => match value {
                Some(v) => self.set_scheme(&v),
                None => Err(EditError::new(
                    EditErrorKind::NotAllowed,
                    component,
                    "a URL always has a scheme",
                )),
            },
            Component::User => self.set_user_text(value),
            Component::Password => self.set_password_text(value),
            Component::Host => match value {
                Some(v) => self.set_host(&v),
                None => self.remove_authority(),
            },
            Component::Port => self.set_port_text(value),
            Component::Path => self.set_path_text(value.unwrap_or_default()),
            Component::Query => self.set_query_text(value),
            Component::Fragment => self.set_fragment_text(value),
        }
    }
}

/// `n` in decimal, written into `buf`: a port without an allocation.
fn decimal(mut n: u16, buf: &mut [u8; 5]) -> &str {
    let mut i = buf.len();
    loop {
        i -= 1;
        buf[i] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    // Only ASCII digits were written.
    core::str::from_utf8(&buf[i..]).unwrap_or("0")
}
