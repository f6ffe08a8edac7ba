//! Which redirects are followed.
//!
//! A redirect target comes from the server, so it passes the same checks
//! as a URL the user typed (the plan and its safety policy) before any
//! connection is made to it, and two more:
//!
//! - never to `file:` (CVE-2009-0037: a server could make the client read
//!   or write local files);
//! - never to another scheme, except from `http` to `https`: a downgrade
//!   from `https` to `http` would send the rest of the exchange in clear
//!   text, and a jump to `ftp:` or `gopher:` would speak a protocol the
//!   user did not ask for.

use super::shown::shown;
use crate::error::{AccessError, AccessErrorKind};
use crate::options::FetchOptions;
use uniform::pct::{self, EncodeSet};
use uniform::resolve::{self, Rules};
use uniform::{Dialect, ParseOptions, Protocol, Url, UrlRef};

/// The status codes that redirect with a Location (RFC 9110 section 15.4).
pub(crate) fn is_redirect(status: u16) -> bool {
    matches!(status, 301 | 302 | 303 | 307 | 308)
}

/// The URL a redirect from `from` leads to, once checked.
///
/// # Errors
///
/// [`AccessErrorKind::Redirect`] for a Location that is no URL, leads to
/// `file:` or changes the scheme; [`AccessErrorKind::Refused`] when the
/// safety policy refuses the target.
pub(crate) fn next(
    from: &UrlRef<'_>,
    location: &[u8],
    opts: &FetchOptions,
) -> Result<Url, AccessError> {
    let fail =
        |kind, message: String| AccessError::new(kind, from.scheme(), from.hostname(), message);
    // Servers send raw spaces and UTF-8 in Location; HTTP cannot carry
    // them on a request line, so they are encoded, as browsers do.
    const RAW: EncodeSet = EncodeSet::UNSAFE
        .remove(b'<')
        .remove(b'>')
        .remove(b'"')
        .remove(b'#')
        .remove(b'%')
        .remove(b'{')
        .remove(b'}')
        .remove(b'|')
        .remove(b'\\')
        .remove(b'^')
        .remove(b'~')
        .remove(b'[')
        .remove(b']')
        .remove(b'`')
        .add(b' ');
    let location = pct::encode(location.trim_ascii(), &RAW);
    if location.is_empty() {
        return Err(fail(
            AccessErrorKind::Protocol,
            "a redirect with an empty Location".into(),
        ));
    }
    let target =
        resolve::resolve(from.without_fragment(), &location, Rules::Rfc3986).map_err(|e| {
            fail(
                AccessErrorKind::Redirect,
                format!(
                    "a redirect to {:?}, which is no URL: {e}",
                    crate::error::escape(location.as_bytes())
                ),
            )
        })?;
    // Location is an RFC 3986 reference (RFC 9110 section 10.2.2).
    let next =
        Url::parse_with(ParseOptions::new().dialect(Dialect::Rfc3986), &target).map_err(|e| {
            fail(
                AccessErrorKind::Redirect,
                format!(
                    "a redirect to {:?}, which is no URL: {e}",
                    crate::error::escape(target.as_bytes())
                ),
            )
        })?;
    let to = next.as_url_ref();
    let (a, b) = (from.scheme_row(), to.scheme_row());
    if b.protocol == Some(Protocol::File) {
        return Err(fail(
            AccessErrorKind::Redirect,
            format!(
                "a redirect to {} is never followed: a server may not make this client open local files (CVE-2009-0037)",
                shown(&to)
            ),
        ));
    }
    let same = from.scheme().eq_ignore_ascii_case(to.scheme());
    // http to https: the same protocol, now over TLS.
    let upgrade = a.protocol.is_some() && a.protocol == b.protocol && !a.tls && b.tls;
    if !(same || upgrade) {
        let why = if a.protocol == b.protocol && a.tls && !b.tls {
            "from https to http the rest would go in clear text"
        } else {
            "a redirect does not change the protocol (only http to https is followed)"
        };
        return Err(fail(
            AccessErrorKind::Redirect,
            format!("a redirect to {} is not followed: {why}", shown(&to)),
        ));
    }
    if let Err(e) = uniform::plan::plan(&to, &opts.plan) {
        let kind = match e.rule() {
            Some(rule) => AccessErrorKind::Refused(rule),
            None => AccessErrorKind::Redirect,
        };
        return Err(fail(kind, format!("a redirect to {}: {e}", shown(&to))));
    }
    Ok(next)
}

#[cfg(test)]
mod tests {
    use super::*;
    use uniform::plan::Rule;

    fn follow(from: &str, location: &str) -> Result<String, AccessError> {
        let from = ParseOptions::new()
            .dialect(Dialect::Rfc3986)
            .parse(from)
            .unwrap();
        next(&from, location.as_bytes(), &FetchOptions::default()).map(Url::into_string)
    }

    #[test]
    fn relative_and_absolute_locations_resolve() {
        assert_eq!(
            follow("http://h:8080/a/b?q#f", "/pub/hello.txt").unwrap(),
            "http://h:8080/pub/hello.txt"
        );
        assert_eq!(follow("http://h/a/b", "c?d").unwrap(), "http://h/a/c?d");
        assert_eq!(follow("http://h/a", "//other/x").unwrap(), "http://other/x");
        assert_eq!(
            follow("http://h/", "https://h/secure").unwrap(),
            "https://h/secure"
        );
        assert_eq!(
            follow("http://h/", "/a b/\u{e9}").unwrap(),
            "http://h/a%20b/%C3%A9"
        );
    }

    #[test]
    fn file_is_never_a_target() {
        let e = follow("http://h/", "file:///etc/passwd").unwrap_err();
        assert_eq!(e.kind(), AccessErrorKind::Redirect);
        assert!(e.message().contains("CVE-2009-0037"), "{e}");
        assert!(follow("https://h/", "FILE://localhost/etc/passwd").is_err());
    }

    #[test]
    fn the_scheme_only_changes_from_http_to_https() {
        let e = follow("https://h/", "http://h/").unwrap_err();
        assert!(e.message().contains("clear text"), "{e}");
        for to in [
            "ftp://h/x",
            "gopher://h/",
            "mailto:a@b.example",
            "telnet://h/",
        ] {
            assert_eq!(
                follow("http://h/", to).unwrap_err().kind(),
                AccessErrorKind::Redirect,
                "{to}"
            );
        }
        // Through a gateway, an ftp URL may redirect to another ftp URL.
        assert_eq!(follow("ftp://h/a", "ftp://g/b").unwrap(), "ftp://g/b");
    }

    #[test]
    fn the_policy_checks_the_target_before_it_is_followed() {
        let e = follow("http://h/", "http://h:25/").unwrap_err();
        assert_eq!(e.kind(), AccessErrorKind::Refused(Rule::BadPort));
        // CVE-2022-27780 and CVE-2016-8624 in a Location.
        let e = follow("http://h/", "http://evil%2F.example/").unwrap_err();
        assert_eq!(
            e.kind(),
            AccessErrorKind::Refused(Rule::AuthorityConfusion),
            "{e}"
        );
        let e = follow("http://h/", "http://h.example#@evil/").unwrap_err();
        assert_eq!(
            e.kind(),
            AccessErrorKind::Refused(Rule::AuthorityConfusion),
            "{e}"
        );
    }

    #[test]
    fn passwords_in_a_target_are_not_shown() {
        let e = follow("https://h/", "http://u:s3cret@h/").unwrap_err();
        assert!(!e.to_string().contains("s3cret"), "{e}");
    }

    #[test]
    fn empty_and_broken_locations_are_errors() {
        assert_eq!(
            follow("http://h/", "  ").unwrap_err().kind(),
            AccessErrorKind::Protocol
        );
        assert!(follow("http://h/", "http://[::1/").is_err());
    }
}
