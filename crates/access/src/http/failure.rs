//! What went wrong on an HTTP connection, as an access error: which
//! limit a timeout hit, a certificate refused (curl's exit 60), a
//! connection that could not be made (6 or 7).

use super::shown::secs;
use super::tls::{certificate_exit, refused_in};
use crate::error::{AccessError, AccessErrorKind};
use crate::net::{Deadline, Timeouts};
use std::io;
use uniform::UrlRef;

/// An I/O error while speaking with a server or a gateway.
pub(crate) fn io_error(
    url: &UrlRef<'_>,
    doing: &str,
    what: &str,
    e: io::Error,
    timeouts: &Timeouts,
    deadline: &Deadline,
) -> AccessError {
    let fail =
        |kind, message: String| AccessError::new(kind, url.scheme(), url.hostname(), message);
    if let Some(b) = crate::net::Breach::of(&e) {
        let message = format!("{doing}: {what}: {b}");
        return fail(AccessErrorKind::Timeout, message).with_source(e);
    }
    match e.kind() {
        io::ErrorKind::TimedOut | io::ErrorKind::WouldBlock => {
            let why = if deadline.passed() {
                "the whole access took longer than its limit (--max-time)".to_string()
            } else {
                format!("no data for {} (--timeout)", secs(timeouts.idle))
            };
            fail(AccessErrorKind::Timeout, format!("{doing}: {what}: {why}")).with_source(e)
        }
        io::ErrorKind::InvalidData => {
            // rustls's refusal of a certificate: curl's 60.
            let refused = refused_in(&e);
            certificate_exit(
                fail(AccessErrorKind::Protocol, format!("{doing}: {what}: {e}")).with_source(e),
                refused,
            )
        }
        _ => fail(AccessErrorKind::Io, format!("{doing}: {what}: {e}")).with_source(e),
    }
}

/// A connection to `to` that could not be made: its name unresolved
/// (curl's 6), a SOCKS proxy's refusal (its own status), or none made in
/// time.
pub(crate) fn connect_error(url: &UrlRef<'_>, to: &str, e: io::Error) -> AccessError {
    let kind = if e.kind() == io::ErrorKind::TimedOut {
        AccessErrorKind::Timeout
    } else {
        AccessErrorKind::Connect
    };
    AccessError::new(
        kind,
        url.scheme(),
        url.hostname(),
        format!("no connection to {to}: {e}"),
    )
    .with_source(e)
}
