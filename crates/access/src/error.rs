//! Why an access failed, with the scheme, the host and port and the
//! server's own reply, control characters escaped everywhere (a URL or a
//! line echoed in a message cannot move the user's terminal), and never a
//! password.

use std::fmt;
use std::io;
use uniform::plan::{Missing, Rule};

/// What kind of failure.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum AccessErrorKind {
    /// The safety policy refused the URL's plan.
    Refused(Rule),
    /// The plan lacks configuration (a news server, an SMTP relay, a sender).
    Config(Missing),
    /// The scheme has no access here (yet), or the item is not retrievable.
    Unsupported,
    /// No connection could be made.
    Connect,
    /// The server did not answer in time (connect, idle or total limit).
    Timeout,
    /// The connection broke, or a local file could not be read or written.
    Io,
    /// The server answered with an error, or with something that is not
    /// its protocol.
    Protocol,
    /// The server refused the login.
    Auth,
    /// A reply line, a header or a record longer than the limit.
    TooLong,
    /// A redirect the policy does not follow (to file:, to another
    /// scheme, or too many).
    Redirect,
    /// The user stopped it (no password given at the prompt).
    Cancelled,
    /// The host's address is of a class the options exclude
    /// ([`crate::FetchOptions::exclusions`]): no connection was made.
    Excluded,
}

impl AccessErrorKind {
    /// A short stable name, for `--json`.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform_access::AccessErrorKind;
    /// assert_eq!(AccessErrorKind::Timeout.as_str(), "timeout");
    /// ```
    pub fn as_str(self) -> &'static str {
        match self {
            AccessErrorKind::Refused(_) => "refused",
            AccessErrorKind::Config(_) => "config",
            AccessErrorKind::Unsupported => "unsupported",
            AccessErrorKind::Connect => "connect",
            AccessErrorKind::Timeout => "timeout",
            AccessErrorKind::Io => "io",
            AccessErrorKind::Protocol => "protocol",
            AccessErrorKind::Auth => "auth",
            AccessErrorKind::TooLong => "too-long",
            AccessErrorKind::Redirect => "redirect",
            AccessErrorKind::Cancelled => "cancelled",
            AccessErrorKind::Excluded => "excluded",
        }
    }

    /// The exit status `uniform fetch` gives a failure of this kind:
    /// curl's where curl has one (28 a timeout of any limit, 7 a failed
    /// connection, 56 a reply, a header block or a record over its limit:
    /// a failure receiving data), else 1. [`AccessError::exit_code`] can
    /// be more precise (6 a host with no address, 18 a truncated object).
    ///
    /// # Example
    ///
    /// ```
    /// use uniform_access::AccessErrorKind;
    /// assert_eq!(AccessErrorKind::Timeout.exit_code(), 28);
    /// assert_eq!(AccessErrorKind::Protocol.exit_code(), 1);
    /// ```
    pub fn exit_code(self) -> u8 {
        match self {
            AccessErrorKind::Timeout => 28,
            AccessErrorKind::Connect => 7,
            AccessErrorKind::TooLong => 56,
            _ => 1,
        }
    }
}

/// curl's exit status for a transfer that ended before the whole object
/// came (CURLE_PARTIAL_FILE).
///
/// # Example
///
/// ```
/// assert_eq!(uniform_access::error::PARTIAL, 18);
/// ```
pub const PARTIAL: u8 = 18;

/// curl's exit status for a host with no address (CURLE_COULDNT_RESOLVE_HOST).
///
/// # Example
///
/// ```
/// assert_eq!(uniform_access::error::UNRESOLVED, 6);
/// ```
pub const UNRESOLVED: u8 = 6;

/// An access that failed.
///
/// Its message names the scheme, the host and port (when known) and, when
/// the server said something, the server's reply, with control characters
/// escaped so that a hostile reply, or a URL echoed in the message, cannot
/// move the user's terminal.
///
/// # Example
///
/// ```
/// use uniform_access::{AccessError, AccessErrorKind};
/// let e = AccessError::new(AccessErrorKind::Protocol, "ftp", Some("h.dom"), "RETR motd failed")
///     .with_reply(b"550 No such file\x1b[2J");
/// assert_eq!(e.to_string(), "ftp://h.dom: RETR motd failed: the server said \"550 No such file\\x1B[2J\"");
/// let e = AccessError::new(AccessErrorKind::Io, "gopher", Some("h"), "GET gopher://h/0x\x1b[31m").with_port(7070);
/// assert_eq!(e.to_string(), "gopher://h:7070: GET gopher://h/0x\\x1B[31m");
/// ```
#[derive(Debug)]
pub struct AccessError {
    kind: AccessErrorKind,
    scheme: String,
    host: Option<String>,
    port: Option<u16>,
    message: String,
    reply: Option<String>,
    source: Option<io::Error>,
    exit: Option<u8>,
}

impl AccessError {
    /// A new error of `kind` while accessing a `scheme` URL on `host`. The
    /// control characters of `host` and `message` are escaped (`\x1B`).
    ///
    /// # Example
    ///
    /// ```
    /// use uniform_access::{AccessError, AccessErrorKind};
    /// let e = AccessError::new(AccessErrorKind::Timeout, "gopher", Some("h"), "no answer in 30 s");
    /// assert_eq!(e.kind(), AccessErrorKind::Timeout);
    /// ```
    pub fn new(
        kind: AccessErrorKind,
        scheme: &str,
        host: Option<&str>,
        message: impl Into<String>,
    ) -> AccessError {
        AccessError {
            kind,
            scheme: scheme.to_ascii_lowercase(),
            host: host.map(escape_controls),
            port: None,
            message: escape_controls(&message.into()),
            reply: None,
            source: None,
            exit: None,
        }
    }

    /// The same error, with the exit status `code` instead of its kind's
    /// (see [`AccessError::exit_code`]).
    ///
    /// # Example
    ///
    /// ```
    /// use uniform_access::{AccessError, AccessErrorKind};
    /// use uniform_access::error::PARTIAL;
    /// let e = AccessError::new(AccessErrorKind::Io, "http", Some("h"), "cut").with_exit_code(PARTIAL);
    /// assert_eq!(e.exit_code(), 18);
    /// ```
    pub fn with_exit_code(mut self, code: u8) -> AccessError {
        self.exit = Some(code);
        self
    }

    /// The exit status `uniform fetch` gives this failure: the one set by
    /// [`AccessError::with_exit_code`], 6 (curl's) for a host with no
    /// address, else [`AccessErrorKind::exit_code`].
    ///
    /// # Example
    ///
    /// ```
    /// use uniform_access::{AccessError, AccessErrorKind};
    /// use uniform_access::net::{Breach, Unresolved};
    /// let e = AccessError::new(AccessErrorKind::Connect, "ftp", Some("x.invalid"), "no address")
    ///     .with_source(Unresolved::io("x.invalid".into()));
    /// assert_eq!(e.exit_code(), 6);
    /// let slow = Breach::TooSlow { limit: 100, time: std::time::Duration::from_secs(30) };
    /// let e = AccessError::io("gopher", Some("h"), "reading the item", slow.into_io());
    /// assert_eq!(e.exit_code(), 28);
    /// assert!(e.message().contains("--speed-limit"));
    /// ```
    pub fn exit_code(&self) -> u8 {
        if let Some(code) = self.exit {
            return code;
        }
        // A SOCKS proxy's failure is curl's 97, 7, 6 or 28 by its kind.
        if let Some(s) = self.source.as_ref().and_then(crate::socks::SocksError::of) {
            return s.exit_code();
        }
        if self.kind == AccessErrorKind::Connect
            && self.source.as_ref().is_some_and(crate::net::Unresolved::is)
        {
            return UNRESOLVED;
        }
        self.kind.exit_code()
    }

    /// The same error, quoting the server's reply (escaped).
    ///
    /// # Example
    ///
    /// ```
    /// use uniform_access::{AccessError, AccessErrorKind};
    /// let e = AccessError::new(AccessErrorKind::Auth, "ftp", Some("h"), "login refused").with_reply(b"530 Login incorrect.\r\n");
    /// assert_eq!(e.reply(), Some("530 Login incorrect."));
    /// ```
    pub fn with_reply(mut self, reply: &[u8]) -> AccessError {
        let trimmed = reply
            .strip_suffix(b"\r\n")
            .or_else(|| reply.strip_suffix(b"\n"))
            .unwrap_or(reply);
        self.reply = Some(escape(trimmed));
        self
    }

    /// The same error, on `port` of the host: the port connected to, which
    /// the message shows after the host. A port set before stays.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform_access::{AccessError, AccessErrorKind};
    /// let e = AccessError::new(AccessErrorKind::Timeout, "wais", Some("127.0.0.1"), "searching").with_port(2100);
    /// assert_eq!(e.to_string(), "wais://127.0.0.1:2100: searching");
    /// assert_eq!(e.with_port(210).port(), Some(2100));
    /// ```
    pub fn with_port(mut self, port: u16) -> AccessError {
        if self.port.is_none() && self.host.is_some() {
            self.port = Some(port);
        }
        self
    }

    /// The port of the host, when known.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform_access::{AccessError, AccessErrorKind};
    /// assert_eq!(AccessError::new(AccessErrorKind::Io, "ftp", Some("h"), "x").port(), None);
    /// ```
    pub fn port(&self) -> Option<u16> {
        self.port
    }

    /// The same error, caused by `source`.
    ///
    /// # Example
    ///
    /// ```
    /// use std::error::Error;
    /// use uniform_access::{AccessError, AccessErrorKind};
    /// let io = std::io::Error::new(std::io::ErrorKind::BrokenPipe, "pipe");
    /// let e = AccessError::new(AccessErrorKind::Io, "http", Some("h"), "write failed").with_source(io);
    /// assert!(e.source().is_some());
    /// ```
    pub fn with_source(mut self, source: io::Error) -> AccessError {
        // An address excluded by the options is that, whatever failure
        // the caller took the dial's error for: the one place every
        // protocol's connection errors pass.
        if crate::exclude::Excluded::of(&source).is_some() {
            self.kind = AccessErrorKind::Excluded;
        }
        self.source = Some(source);
        self
    }

    /// The exclusion that stopped the connection, when one did (the
    /// error is then of kind [`AccessErrorKind::Excluded`]).
    ///
    /// # Example
    ///
    /// ```
    /// use uniform_access::exclude::Exclusions;
    /// use uniform_access::{AccessError, AccessErrorKind};
    /// let x = Exclusions::all().screen("localhost", "::1".parse().unwrap()).unwrap_err();
    /// let e = AccessError::new(AccessErrorKind::Connect, "http", Some("localhost"), "no connection")
    ///     .with_source(x.clone().into_io());
    /// assert_eq!(e.kind(), AccessErrorKind::Excluded);
    /// assert_eq!(e.exclusion(), Some(&x));
    /// ```
    pub fn exclusion(&self) -> Option<&crate::exclude::Excluded> {
        self.source.as_ref().and_then(crate::exclude::Excluded::of)
    }

    /// An I/O error while accessing: a timeout is [`AccessErrorKind::Timeout`],
    /// the rest [`AccessErrorKind::Io`].
    ///
    /// # Example
    ///
    /// ```
    /// use uniform_access::{AccessError, AccessErrorKind};
    /// let io = std::io::Error::new(std::io::ErrorKind::TimedOut, "t");
    /// assert_eq!(AccessError::io("nntp", Some("h"), "reading the article", io).kind(), AccessErrorKind::Timeout);
    /// ```
    pub fn io(scheme: &str, host: Option<&str>, doing: &str, e: io::Error) -> AccessError {
        let kind = match e.kind() {
            io::ErrorKind::TimedOut | io::ErrorKind::WouldBlock => AccessErrorKind::Timeout,
            _ => AccessErrorKind::Io,
        };
        let message = match (kind, crate::net::Breach::of(&e)) {
            // The limit the peer broke, and the option that sets it.
            (_, Some(b)) => format!("{doing}: {b}"),
            (AccessErrorKind::Timeout, None) => format!("{doing}: no answer in time (--timeout)"),
            _ => format!("{doing}: {e}"),
        };
        AccessError::new(kind, scheme, host, message).with_source(e)
    }

    /// What kind of failure.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform_access::{AccessError, AccessErrorKind};
    /// assert_eq!(AccessError::new(AccessErrorKind::Io, "file", None, "x").kind(), AccessErrorKind::Io);
    /// ```
    pub fn kind(&self) -> AccessErrorKind {
        self.kind
    }

    /// The scheme accessed, in lower case.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform_access::{AccessError, AccessErrorKind};
    /// assert_eq!(AccessError::new(AccessErrorKind::Io, "FTP", None, "x").scheme(), "ftp");
    /// ```
    pub fn scheme(&self) -> &str {
        &self.scheme
    }

    /// The host, when there was one.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform_access::{AccessError, AccessErrorKind};
    /// assert_eq!(AccessError::new(AccessErrorKind::Io, "ftp", Some("h"), "x").host(), Some("h"));
    /// ```
    pub fn host(&self) -> Option<&str> {
        self.host.as_deref()
    }

    /// The server's reply, escaped.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform_access::{AccessError, AccessErrorKind};
    /// assert_eq!(AccessError::new(AccessErrorKind::Io, "ftp", None, "x").reply(), None);
    /// ```
    pub fn reply(&self) -> Option<&str> {
        self.reply.as_deref()
    }

    /// What went wrong, without scheme, host and reply.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform_access::{AccessError, AccessErrorKind};
    /// assert_eq!(AccessError::new(AccessErrorKind::Io, "ftp", None, "x").message(), "x");
    /// ```
    pub fn message(&self) -> &str {
        &self.message
    }
}

impl fmt::Display for AccessError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.host {
            Some(h) if h.contains(':') => write!(f, "{}://[{h}]", self.scheme)?,
            Some(h) => write!(f, "{}://{h}", self.scheme)?,
            None => write!(f, "{}", self.scheme)?,
        }
        if let Some(p) = self.port {
            write!(f, ":{p}")?;
        }
        write!(f, ": {}", self.message)?;
        if let Some(r) = &self.reply {
            write!(f, ": the server said \"{r}\"")?;
        }
        Ok(())
    }
}

impl std::error::Error for AccessError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        self.source
            .as_ref()
            .map(|e| e as &(dyn std::error::Error + 'static))
    }
}

/// `text` with what would act on a terminal escaped, as every message
/// of this crate holds it: [`uniform::visible::escaped`], the one
/// escaping of the project (`\x1B`, `\r`, `\u{202E}`).
///
/// # Example
///
/// ```
/// use uniform_access::error::escape_controls;
/// assert_eq!(escape_controls("GET /x y\u{1b}[31m \"é\""), "GET /x y\\x1B[31m \"é\"");
/// ```
pub fn escape_controls(text: &str) -> String {
    uniform::visible::escaped(text).into_owned()
}

/// Server text as messages quote it: printable ASCII as it is, `"` and `\`
/// escaped, everything else `\xNN`, at most 300 octets.
///
/// # Example
///
/// ```
/// use uniform_access::error::escape;
/// assert_eq!(escape(b"550 \"x\"\r\n\x07"), "550 \\\"x\\\"\\x0D\\x0A\\x07");
/// ```
pub fn escape(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len().min(300));
    for &b in bytes.iter().take(300) {
        match b {
            b'"' => out.push_str("\\\""),
            b'\\' => out.push_str("\\\\"),
            0x20..=0x7e => out.push(b as char),
            _ => out.push_str(&format!("\\x{b:02X}")),
        }
    }
    if bytes.len() > 300 {
        out.push_str("...");
    }
    out
}
