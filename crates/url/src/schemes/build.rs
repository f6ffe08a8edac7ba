//! What the builders share: their error, host and port checks, and the
//! common Internet scheme syntax they write (RFC 1738 section 3.1).

use crate::dialect::Dialect;
use crate::error::ParseError;
use crate::parser;
use crate::pct::{EncodeSet, encode};
use crate::prelude::*;
use crate::sink::Sink;
use crate::url::{Url, UrlRef};
use core::fmt;

/// Why a builder could not make a URL.
///
/// A builder keeps the first error of its setters and returns it from
/// `build()`, as hyperium's `http::uri::Builder` does.
///
/// # Example
///
/// ```
/// use uniform::schemes::{BuildErrorKind, GopherUrl};
///
/// let err = GopherUrl::builder().host("h.dom").selector("a\r\nb").build().unwrap_err();
/// assert_eq!(err.kind(), BuildErrorKind::ForbiddenOctet);
/// assert_eq!(err.field(), "selector");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BuildError {
    kind: BuildErrorKind,
    field: &'static str,
    detail: Cow<'static, str>,
}

/// What kind of [`BuildError`] it is.
///
/// # Example
///
/// ```
/// use uniform::schemes::{BuildErrorKind, HttpUrl};
/// let err = HttpUrl::builder().host("bad_host").build().unwrap_err();
/// assert_eq!(err.kind(), BuildErrorKind::BadHost);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum BuildErrorKind {
    /// No host was given, and the scheme needs one.
    MissingHost,
    /// The host is neither a hostname nor a host number (RFC 1738 section 3.1).
    BadHost,
    /// A required part was not given or is empty.
    MissingPart,
    /// An octet the part cannot hold (a TAB, CR or LF in a gopher
    /// selector, a NUL in a Prospero hsoname, a `/` in a file name).
    ForbiddenOctet,
    /// A value outside its grammar: a news group name, an address without `@`.
    BadValue,
    /// The part is not allowed in this scheme (a user name in an http URL).
    NotAllowed,
    /// The text the builder wrote did not parse back (a bug: please report).
    Unparsable,
}

impl BuildError {
    pub(crate) fn new(
        kind: BuildErrorKind,
        field: &'static str,
        detail: impl Into<Cow<'static, str>>,
    ) -> BuildError {
        BuildError {
            kind,
            field,
            detail: detail.into(),
        }
    }

    /// What is wrong.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::schemes::{BuildErrorKind, FtpUrl};
    /// assert_eq!(FtpUrl::builder().build().unwrap_err().kind(), BuildErrorKind::MissingHost);
    /// ```
    pub fn kind(&self) -> BuildErrorKind {
        self.kind
    }

    /// The setter the fault came from (`host`, `selector`, ...).
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::schemes::FtpUrl;
    /// assert_eq!(FtpUrl::builder().build().unwrap_err().field(), "host");
    /// ```
    pub fn field(&self) -> &'static str {
        self.field
    }
}

impl fmt::Display for BuildError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "cannot build the URL: {}: {}", self.field, self.detail)
    }
}

impl core::error::Error for BuildError {}

/// Checks an RFC 1738 host (hostname or hostnumber); the empty host is the
/// caller's to allow.
pub(crate) fn check_host(host: &str) -> Result<(), BuildError> {
    if host.is_empty() {
        return Err(BuildError::new(
            BuildErrorKind::MissingHost,
            "host",
            "this scheme needs a host",
        ));
    }
    let mut sink = Sink {
        strict: true,
        out: None,
    };
    crate::host::check(host.as_bytes(), 0, Dialect::Rfc1738, &mut sink)
        .map(|_| ())
        .map_err(|e| BuildError::new(BuildErrorKind::BadHost, "host", e.to_string()))
}

/// `//user:password@host:port` of the common Internet scheme syntax, with
/// user and password encoded by RFC 1738 section 3.1 (":", "@" and "/").
#[derive(Clone, Debug, Default)]
pub(crate) struct Login {
    pub user: Option<String>,
    pub password: Option<String>,
    pub host: Option<String>,
    pub port: Option<u16>,
}

impl Login {
    pub(crate) fn set_user(&mut self, user: &[u8]) {
        self.user = Some(encode(user, &EncodeSet::USERINFO).into_owned());
    }

    pub(crate) fn set_password(&mut self, password: &[u8]) {
        self.password = Some(encode(password, &EncodeSet::USERINFO).into_owned());
    }

    pub(crate) fn set_host(&mut self, host: &str, may_be_empty: bool) -> Result<(), BuildError> {
        if !(may_be_empty && host.is_empty()) {
            check_host(host)?;
        }
        self.host = Some(host.to_string());
        Ok(())
    }

    /// Writes `scheme://login`. A password without a user gets an empty
    /// user: RFC 1738 has no way to write one alone.
    pub(crate) fn write(&self, scheme: &str, may_be_empty: bool) -> Result<String, BuildError> {
        let host = match &self.host {
            Some(h) => h,
            None if may_be_empty => "",
            None => {
                return Err(BuildError::new(
                    BuildErrorKind::MissingHost,
                    "host",
                    "this scheme needs a host",
                ));
            }
        };
        let mut s = String::with_capacity(scheme.len() + host.len() + 16);
        s.push_str(scheme);
        s.push_str("://");
        if self.user.is_some() || self.password.is_some() {
            s.push_str(self.user.as_deref().unwrap_or(""));
            if let Some(p) = &self.password {
                s.push(':');
                s.push_str(p);
            }
            s.push('@');
        }
        s.push_str(host);
        if let Some(p) = self.port {
            s.push(':');
            s.push_str(&p.to_string());
        }
        Ok(s)
    }
}

/// A view's own grammar check, as `finish` runs it on a built URL.
pub(crate) type Check = fn(&UrlRef<'_>, &mut Sink<'_>) -> Result<(), ParseError>;

/// Parses what a builder wrote, strictly, by RFC 1738 and then by `check`,
/// its scheme's grammar: a builder's URL meets that grammar, or the builder
/// has a bug.
pub(crate) fn finish(text: String, check: Check) -> Result<Url, BuildError> {
    let mut sink = Sink {
        strict: true,
        out: None,
    };
    let parsed = parser::parse(&text, Dialect::Rfc1738, None, &mut sink).and_then(|off| {
        check(&UrlRef::from_parts(&text, off, None), &mut sink)?;
        Ok(off)
    });
    match parsed {
        Ok(off) => Ok(Url::from_parts(text, off, None)),
        Err(e) => Err(BuildError::new(
            BuildErrorKind::Unparsable,
            "url",
            format!("{text:?}: {e}"),
        )),
    }
}

/// The first of `bytes` that is one of `forbidden`.
pub(crate) fn forbidden(bytes: &[u8], forbidden: &[u8]) -> Option<u8> {
    bytes.iter().copied().find(|b| forbidden.contains(b))
}

/// Writes a builder's setters: each applies `f` to the parts unless an
/// earlier setter failed.
macro_rules! setter_plumbing {
    ($builder:ident, $parts:ty) => {
        impl $builder {
            fn and_then(
                self,
                f: impl FnOnce(&mut $parts) -> Result<(), $crate::schemes::build::BuildError>,
            ) -> $builder {
                $builder {
                    inner: self.inner.and_then(|mut p| {
                        f(&mut p)?;
                        Ok(p)
                    }),
                }
            }
        }
    };
}
pub(crate) use setter_plumbing;

/// Writes a builder's `host` and `port` setters (and, with `login`, its
/// `user` and `password`), the same in every scheme of the common Internet
/// syntax: `$login` is where its [`Login`] is in the parts `$p`. Each
/// setter's example builds a URL of the scheme; `$port_example` is the
/// port's, which some schemes need more parts for.
macro_rules! login_setters {
    ($builder:ident, $url:ident, |$p:ident| $login:expr, port: $port_example:literal $(, login: $login_example:literal)?) => {
        impl $builder {
            #[doc = concat!(
                "The host, checked by RFC 1738 section 3.1.\n\n# Example\n\n```\nuse uniform::schemes::",
                stringify!($url), ";\nassert!(", stringify!($url),
                "::builder().host(\"a..b\").build().is_err());\n```"
            )]
            pub fn host(self, host: &str) -> $builder {
                self.and_then(|$p| $login.set_host(host, false))
            }

            #[doc = concat!(
                "The port (the scheme's default is written only if given).\n\n# Example\n\n```\nuse uniform::schemes::",
                stringify!($url), ";\n", $port_example,
                "\n# Ok::<_, uniform::schemes::BuildError>(())\n```"
            )]
            pub fn port(self, port: u16) -> $builder {
                self.and_then(|$p| {
                    $login.port = Some(port);
                    Ok(())
                })
            }
        }
        $(
            impl $builder {
                #[doc = concat!(
                    "The user name (decoded; `:`, `@` and `/` encoded by RFC 1738 section 3.1).\n\n# Example\n\n```\nuse uniform::schemes::",
                    stringify!($url), ";\n", $login_example,
                    "\n# Ok::<_, uniform::schemes::BuildError>(())\n```"
                )]
                pub fn user(self, user: impl AsRef<[u8]>) -> $builder {
                    self.and_then(|$p| {
                        $login.set_user(user.as_ref());
                        Ok(())
                    })
                }

                #[doc = concat!(
                    "The password (decoded, encoded as the user name is).\n\n# Example\n\n```\nuse uniform::schemes::",
                    stringify!($url), ";\n", $login_example,
                    "\n# Ok::<_, uniform::schemes::BuildError>(())\n```"
                )]
                pub fn password(self, password: impl AsRef<[u8]>) -> $builder {
                    self.and_then(|$p| {
                        $login.set_password(password.as_ref());
                        Ok(())
                    })
                }
            }
        )?
    };
}
pub(crate) use login_setters;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hosts_are_checked_by_rfc_1738() {
        assert!(check_host("host.dom").is_ok());
        assert!(check_host("10.0.0.1").is_ok());
        assert_eq!(
            check_host("a_b").unwrap_err().kind(),
            BuildErrorKind::BadHost
        );
        assert_eq!(
            check_host("1.2.3.999").unwrap_err().kind(),
            BuildErrorKind::BadHost
        );
        assert_eq!(
            check_host("").unwrap_err().kind(),
            BuildErrorKind::MissingHost
        );
    }

    #[test]
    fn login_encodes_colon_at_slash() {
        let mut l = Login::default();
        l.set_user(b"a@b:c/d");
        l.set_password(b"p:w");
        l.set_host("H.dom", false).unwrap();
        l.port = Some(2121);
        assert_eq!(
            l.write("ftp", false).unwrap(),
            "ftp://a%40b%3Ac%2Fd:p%3Aw@H.dom:2121"
        );
    }
}
