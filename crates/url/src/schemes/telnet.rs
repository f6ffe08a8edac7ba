//! `telnet` URLs (RFC 1738 section 3.8), and RFC 1630's `rlogin` and
//! `tn3270` by the same syntax ("Telnet, rlogin, tn3270").
//!
//! ```text
//! telneturl = "telnet://" login [ "/" ]
//! ```

use super::build::{BuildError, BuildErrorKind, Login, finish, login_setters, setter_plumbing};
use super::check::{breach, require_host};
use super::encoded::{Encoded, offset_in};
use crate::dialect::Dialect;
use crate::error::ParseError;
use crate::rulebook::Rule;
use crate::scheme::{Scheme, ViewKind};
use crate::sink::Sink;
use crate::table::Component;
use crate::url::Url;
use crate::url::UrlRef;

/// A `telnet`, `rlogin` or `tn3270` URL: an interactive session (RFC 1738
/// section 3.8). The user name and password are advisory only: a client
/// "merely advise\[s\] the user of the suggested username and password".
///
/// # Example
///
/// ```
/// use uniform::UrlRef;
/// let url = UrlRef::parse("telnet://usr:pswd@web:12345/")?;
/// let t = url.telnet().unwrap();
/// assert_eq!(t.user().unwrap().as_str(), "usr");
/// assert_eq!(t.password().unwrap().as_str(), "pswd");
/// assert_eq!((t.host(), t.port()), ("web", 12345));
/// # Ok::<_, uniform::ParseError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TelnetUrl<'a> {
    url: UrlRef<'a>,
}

impl<'a> TelnetUrl<'a> {
    #[inline]
    pub(crate) fn new(url: UrlRef<'a>) -> TelnetUrl<'a> {
        TelnetUrl { url }
    }

    /// A builder of `telnet` (or `rlogin`, `tn3270`) URLs.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::schemes::TelnetUrl;
    /// let url = TelnetUrl::builder().user("guest").host("host.dom").build()?;
    /// assert_eq!(url.as_str(), "telnet://guest@host.dom/");
    /// # Ok::<_, uniform::schemes::BuildError>(())
    /// ```
    pub fn builder() -> TelnetBuilder {
        TelnetBuilder::new()
    }

    /// The whole URL.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::UrlRef;
    /// assert_eq!(UrlRef::parse("rlogin://h")?.telnet().unwrap().url().scheme(), "rlogin");
    /// # Ok::<_, uniform::ParseError>(())
    /// ```
    pub fn url(&self) -> UrlRef<'a> {
        self.url
    }

    /// The suggested user name.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::UrlRef;
    /// assert_eq!(UrlRef::parse("rlogin://aas@a.sn.no")?.telnet().unwrap().user().unwrap().as_str(), "aas");
    /// # Ok::<_, uniform::ParseError>(())
    /// ```
    pub fn user(&self) -> Option<Encoded<'a>> {
        self.url.user().map(Encoded::new)
    }

    /// The suggested password.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::UrlRef;
    /// assert!(UrlRef::parse("telnet://u@h")?.telnet().unwrap().password().is_none());
    /// # Ok::<_, uniform::ParseError>(())
    /// ```
    pub fn password(&self) -> Option<Encoded<'a>> {
        self.url.password().map(Encoded::new)
    }

    /// The host.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::UrlRef;
    /// assert_eq!(UrlRef::parse("telnet://h.dom")?.telnet().unwrap().host(), "h.dom");
    /// # Ok::<_, uniform::ParseError>(())
    /// ```
    pub fn host(&self) -> &'a str {
        self.url.host().unwrap_or("")
    }

    /// The port: the one written, else the scheme's (telnet and tn3270 23,
    /// rlogin 513).
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::UrlRef;
    /// assert_eq!(UrlRef::parse("rlogin://h")?.telnet().unwrap().port(), 513);
    /// # Ok::<_, uniform::ParseError>(())
    /// ```
    pub fn port(&self) -> u16 {
        self.url.port_or_default().unwrap_or(23)
    }
}

pub(crate) fn validate(v: &TelnetUrl<'_>, sink: &mut Sink<'_>) -> Result<(), ParseError> {
    let url = &v.url;
    super::check::reserved_by_1738(url, sink)?;
    require_host(sink, url, Rule::TelnetAuthority)?;
    // RFC 1738 and its successor allow a "/" after the login; RFC 1630's
    // telnetaddress ends with the login.
    let slash_ok = url.dialect() != Dialect::Rfc1630;
    let extra = match (url.path(), url.query()) {
        (Some(p), _) if !p.is_empty() => Some(offset_in(url.as_str(), p)),
        (Some(p), _) if !slash_ok => Some(offset_in(url.as_str(), p) - 1),
        (_, Some(q)) => Some(offset_in(url.as_str(), q) - 1),
        _ => None,
    };
    if let Some(at) = extra {
        breach(sink, url, at, Component::Path, Rule::TelnetEnd)?;
    }
    Ok(())
}

/// Builds a `telnet`, `rlogin` or `tn3270` URL (see [`TelnetUrl::builder`]);
/// it ends with the optional `/`, as RFC 1738 section 3.8 writes it.
///
/// # Example
///
/// ```
/// use uniform::Scheme;
/// use uniform::schemes::TelnetUrl;
/// let url = TelnetUrl::builder().scheme(Scheme::Tn3270).host("h").port(2323).build()?;
/// assert_eq!(url.as_str(), "tn3270://h:2323/");
/// # Ok::<_, uniform::schemes::BuildError>(())
/// ```
#[derive(Debug)]
pub struct TelnetBuilder {
    inner: Result<(Scheme, Login), BuildError>,
}

setter_plumbing!(TelnetBuilder, (Scheme, Login));
login_setters!(TelnetBuilder, TelnetUrl, |p| p.1, port: "assert_eq!(TelnetUrl::builder().host(\"h\").port(2323).build()?.port(), Some(2323));", login: "assert_eq!(TelnetUrl::builder().user(\"a:b\").password(\"p\").host(\"h\").build()?.as_str(), \"telnet://a%3Ab:p@h/\");");

impl TelnetBuilder {
    /// An empty `telnet` builder: a host is required.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::schemes::TelnetBuilder;
    /// assert!(TelnetBuilder::new().build().is_err());
    /// ```
    pub fn new() -> TelnetBuilder {
        TelnetBuilder {
            inner: Ok((Scheme::Telnet, Login::default())),
        }
    }

    /// `telnet` (the default), `rlogin` or `tn3270`.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::Scheme;
    /// use uniform::schemes::TelnetUrl;
    /// assert!(TelnetUrl::builder().scheme(Scheme::Ftp).host("h").build().is_err());
    /// ```
    pub fn scheme(self, scheme: Scheme) -> TelnetBuilder {
        self.and_then(|p| {
            if scheme.row().view != ViewKind::Telnet {
                return Err(BuildError::new(
                    BuildErrorKind::NotAllowed,
                    "scheme",
                    "one of telnet, rlogin and tn3270",
                ));
            }
            p.0 = scheme;
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
    /// use uniform::schemes::TelnetUrl;
    /// assert_eq!(TelnetUrl::builder().host("h").build()?.as_str(), "telnet://h/");
    /// # Ok::<_, uniform::schemes::BuildError>(())
    /// ```
    pub fn build(self) -> Result<Url, BuildError> {
        let (scheme, login) = self.inner?;
        let mut s = login.write(scheme.name().unwrap_or("telnet"), false)?;
        s.push('/');
        finish(s, |u, sink| validate(&TelnetUrl::new(*u), sink))
    }
}

impl Default for TelnetBuilder {
    fn default() -> TelnetBuilder {
        TelnetBuilder::new()
    }
}

#[cfg(test)]
mod tests {
    use crate::ParseOptions;

    #[test]
    fn nothing_after_the_slash() {
        let s = ParseOptions::new().strict(true);
        assert!(s.parse("telnet://u:p@h:23/").is_ok());
        assert!(s.parse("telnet://h").is_ok());
        let e = s.parse("telnet://h/x").unwrap_err();
        assert_eq!((e.rule(), e.offset()), ("telneturl", 11));
    }
}
