//! Whether another try may change a failure: curl's `--retry` classes,
//! the one judgement behind `fetch --retry`, `fetch -f` on a try that is
//! not the last, and `links --retry`.

use crate::error::{AccessError, AccessErrorKind};
use uniform::Protocol;

/// What another try may do about a failure.
///
/// # Example
///
/// ```
/// use uniform_access::{AccessError, AccessErrorKind, Retry};
/// assert_eq!(Retry::of_status(503), Retry::Passing);
/// assert_eq!(Retry::of_status(404), Retry::No);
/// let e = AccessError::new(AccessErrorKind::Timeout, "http", Some("h"), "no answer in 5 s");
/// assert_eq!(Retry::of_error(&e), Retry::Passing);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Retry {
    /// Nothing: the same request fails the same way (a refusal, a 404, a
    /// name with no address, a bad password).
    No,
    /// It may pass: a time limit, an HTTP status that says "later" (408,
    /// 429, 500, 502, 503, 504, curl's set), an FTP reply of RFC 959's
    /// transient negative completion (4yz).
    Passing,
    /// No connection made, the server refusing it: passing when the
    /// caller counts it so (curl's `--retry-connrefused`; a link check
    /// does).
    ConnectionRefused,
}

impl Retry {
    /// The class of an HTTP status.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform_access::Retry;
    /// for s in [408, 429, 500, 502, 503, 504] {
    ///     assert_eq!(Retry::of_status(s), Retry::Passing);
    /// }
    /// assert_eq!(Retry::of_status(501), Retry::No);
    /// ```
    pub fn of_status(status: u16) -> Retry {
        if matches!(status, 408 | 429 | 500 | 502 | 503 | 504) {
            Retry::Passing
        } else {
            Retry::No
        }
    }

    /// The class of a failed access.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform_access::{AccessError, AccessErrorKind, Retry};
    /// let busy = AccessError::new(AccessErrorKind::Protocol, "ftp", Some("h"), "RETR refused")
    ///     .with_reply(b"421 Too many connections");
    /// assert_eq!(Retry::of_error(&busy), Retry::Passing);
    /// let refused = AccessError::new(AccessErrorKind::Connect, "http", Some("h"), "refused");
    /// assert_eq!(Retry::of_error(&refused), Retry::ConnectionRefused);
    /// let missing = AccessError::new(AccessErrorKind::Protocol, "ftp", Some("h"), "RETR refused")
    ///     .with_reply(b"550 No such file");
    /// assert_eq!(Retry::of_error(&missing), Retry::No);
    /// ```
    pub fn of_error(e: &AccessError) -> Retry {
        match e.kind() {
            AccessErrorKind::Timeout => Retry::Passing,
            // curl's 7: no connection made. A name with no address (6)
            // will not have one in a second.
            AccessErrorKind::Connect if e.exit_code() == 7 => Retry::ConnectionRefused,
            _ => {
                let Some(reply) = e.reply() else {
                    return Retry::No;
                };
                // By the protocol the scheme's row names: a new protocol
                // must say here whether its replies can pass.
                match uniform::Scheme::from_name(e.scheme()).row().protocol {
                    Some(Protocol::Http) => status_of(reply).map_or(Retry::No, Retry::of_status),
                    Some(Protocol::Ftp) if is_4yz(reply) => Retry::Passing,
                    // curl tries again on FTP's 4yz and HTTP's statuses
                    // alone; the others' replies are the server's word.
                    Some(
                        Protocol::Ftp
                        | Protocol::Gopher
                        | Protocol::Nntp
                        | Protocol::Smtp
                        | Protocol::Telnet
                        | Protocol::Rlogin
                        | Protocol::Tn3270
                        | Protocol::Wais
                        | Protocol::File
                        | Protocol::Prospero,
                    )
                    | None => Retry::No,
                }
            }
        }
    }

    /// Whether another try is worth making, a refused connection
    /// counting as `refused_passes` says.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform_access::Retry;
    /// assert!(Retry::ConnectionRefused.passes(true));
    /// assert!(!Retry::ConnectionRefused.passes(false));
    /// assert!(Retry::Passing.passes(false));
    /// ```
    pub fn passes(self, refused_passes: bool) -> bool {
        match self {
            Retry::No => false,
            Retry::Passing => true,
            Retry::ConnectionRefused => refused_passes,
        }
    }
}

/// The status of an HTTP status line (`HTTP/1.1 503 Busy`).
fn status_of(line: &str) -> Option<u16> {
    let code = line.split_ascii_whitespace().nth(1)?;
    (code.len() == 3).then(|| code.parse().ok()).flatten()
}

/// Whether an FTP reply is a transient negative completion: a code
/// `4yz` first (RFC 959 section 4.2).
fn is_4yz(reply: &str) -> bool {
    let b = reply.trim_start().as_bytes();
    b.len() >= 3 && b[0] == b'4' && b[1..3].iter().all(u8::is_ascii_digit)
}
