//! Credentials for HTTP: where they come from, and the one origin they may
//! go to.
//!
//! RFC 1738 section 3.3 says of HTTP URLs: "No user name or password is
//! allowed." A strict parse refuses them. A lenient one (the default)
//! accepts them with a warning, and fetch does what curl and browsers do:
//! sends them as Basic credentials (RFC 7617), asking for the password
//! when the URL names only a user. They go only to the scheme, host and
//! port the user wrote (CVE-2023-27535, CVE-2024-11053): a redirect
//! elsewhere, an `http` to `https` upgrade included, drops them.

use crate::error::{AccessError, AccessErrorKind};
use crate::interaction::Interaction;
use crate::options::FetchOptions;
use std::fmt;
use uniform::UrlRef;
use uniform::plan::basic_authorization;

/// An `Authorization` header value; `Debug` hides it.
#[derive(Clone, PartialEq, Eq)]
pub(crate) struct Credentials {
    header: String,
    user: Vec<u8>,
    password: Vec<u8>,
}

impl fmt::Debug for Credentials {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Credentials(****)")
    }
}

impl Credentials {
    /// Basic credentials (RFC 7617 section 2).
    ///
    /// # Errors
    ///
    /// A user name with a `:`, which Basic cannot carry: the server would
    /// split it at the colon and see another user.
    pub(crate) fn basic(user: &[u8], password: &[u8]) -> Result<Credentials, &'static str> {
        if user.contains(&b':') {
            return Err(
                "a user name with ':' cannot be sent in Basic authentication (RFC 7617 section 2)",
            );
        }
        // The plan's own field value: the header sent is the one planned.
        Ok(Credentials {
            header: basic_authorization(user, Some(password)).revealed(),
            user: user.to_vec(),
            password: password.to_vec(),
        })
    }

    /// The user name and password, for the plan of a redirect to the
    /// same origin.
    pub(crate) fn pair(&self) -> (Vec<u8>, Vec<u8>) {
        (self.user.clone(), self.password.clone())
    }

    /// The header value.
    pub(crate) fn header(&self) -> &str {
        &self.header
    }
}

/// The credentials an `http` or `https` URL carries, its missing password
/// taken from the options or asked of the user. `None` for other schemes:
/// through a gateway their user name and password travel inside the URL,
/// for the gateway to log in with.
pub(crate) fn of_url(
    url: &UrlRef<'_>,
    opts: &FetchOptions,
    ui: &mut dyn Interaction,
) -> Result<Option<Credentials>, AccessError> {
    if url.scheme_row().protocol != Some(uniform::Protocol::Http) {
        return Ok(None);
    }
    let Some(user) = url.user_decoded() else {
        return Ok(None);
    };
    let password = match url.password_decoded() {
        Some(p) => p.into_owned(),
        None if user.is_empty() => return Ok(None),
        None => match opts.password.clone() {
            Some(p) => p,
            None => {
                let what = format!(
                    "{} at {}",
                    String::from_utf8_lossy(&user),
                    url.host().unwrap_or_default()
                );
                ui.password(&what).ok_or_else(|| {
                    AccessError::new(
                        AccessErrorKind::Cancelled,
                        url.scheme(),
                        url.hostname(),
                        format!(
                            "the URL names the user {:?} and no password, and none was given",
                            String::from_utf8_lossy(&user)
                        ),
                    )
                })?
            }
        },
    };
    Credentials::basic(&user, &password)
        .map(Some)
        .map_err(|m| AccessError::new(AccessErrorKind::Auth, url.scheme(), url.hostname(), m))
}

/// Scheme, host and port: where credentials may go.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Origin {
    scheme: String,
    host: String,
    port: Option<u16>,
}

impl Origin {
    pub(crate) fn of(url: &UrlRef<'_>) -> Origin {
        let host = url.hostname().unwrap_or_default();
        Origin {
            scheme: url.scheme().to_ascii_lowercase(),
            host: host.strip_suffix('.').unwrap_or(host).to_ascii_lowercase(),
            port: url.port_or_default(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::interaction::Unattended;

    #[test]
    fn basic_is_rfc_7617s_example() {
        // RFC 7617 section 2: Aladdin / open sesame.
        let c = Credentials::basic(b"Aladdin", b"open sesame").unwrap();
        assert_eq!(c.header(), "Basic QWxhZGRpbjpvcGVuIHNlc2FtZQ==");
        assert_eq!(format!("{c:?}"), "Credentials(****)");
        assert!(Credentials::basic(b"a:b", b"c").is_err());
    }

    #[test]
    fn credentials_come_from_the_url_then_the_options_then_the_user() {
        let opts = FetchOptions::default();
        let url = UrlRef::parse("http://u:p%40ss@h/").unwrap();
        let c = of_url(&url, &opts, &mut Unattended).unwrap().unwrap();
        assert_eq!(c, Credentials::basic(b"u", b"p@ss").unwrap());

        let url = UrlRef::parse("http://u@h/").unwrap();
        let e = of_url(&url, &opts, &mut Unattended).unwrap_err();
        assert_eq!(e.kind(), AccessErrorKind::Cancelled);

        let with = FetchOptions {
            password: Some(b"given".to_vec()),
            ..FetchOptions::default()
        };
        assert_eq!(
            of_url(&url, &with, &mut Unattended).unwrap().unwrap(),
            Credentials::basic(b"u", b"given").unwrap()
        );

        struct Asks(Vec<String>);
        impl Interaction for Asks {
            fn password(&mut self, what: &str) -> Option<Vec<u8>> {
                self.0.push(what.to_string());
                Some(b"typed".to_vec())
            }
        }
        let mut ui = Asks(Vec::new());
        assert_eq!(
            of_url(&url, &opts, &mut ui).unwrap().unwrap(),
            Credentials::basic(b"u", b"typed").unwrap()
        );
        assert_eq!(ui.0, ["u at h"]);
    }

    #[test]
    fn no_user_no_credentials_and_other_schemes_keep_theirs_in_the_url() {
        let opts = FetchOptions::default();
        for u in ["http://h/", "http://@h/", "ftp://u:p@h/x", "gopher://h/"] {
            assert!(
                of_url(&UrlRef::parse(u).unwrap(), &opts, &mut Unattended)
                    .unwrap()
                    .is_none(),
                "{u}"
            );
        }
        // An empty password is a password.
        let url = UrlRef::parse("http://u:@h/").unwrap();
        assert_eq!(
            of_url(&url, &opts, &mut Unattended).unwrap().unwrap(),
            Credentials::basic(b"u", b"").unwrap()
        );
    }

    #[test]
    fn origins_differ_by_scheme_host_and_port() {
        let o = |s| {
            Origin::of(
                &uniform::ParseOptions::new()
                    .dialect(uniform::Dialect::Rfc3986)
                    .parse(s)
                    .unwrap(),
            )
        };
        assert_eq!(o("http://H.example./a"), o("http://h.example:80/b"));
        assert_ne!(o("http://h.example/"), o("https://h.example/"));
        assert_ne!(o("http://h.example/"), o("http://h.example:8080/"));
        assert_ne!(o("http://127.0.0.1:8080/"), o("http://localhost:8080/"));
    }
}
