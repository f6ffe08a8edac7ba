//! What a plan needs that the URL does not carry: configuration and, for
//! mail, the message.

use crate::prelude::*;

/// What a plan needs that the URL does not carry. Flags first, then the
/// environment variables users know (DESIGN.md section 2); the command
/// line fills this in.
///
/// # Example
///
/// ```
/// use uniform::plan::PlanOptions;
/// let mut o = PlanOptions::default();
/// o.email = Some("me@example.org".into());
/// o.allowed_ports.push(2525);
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct PlanOptions {
    /// The user's mail address: the anonymous FTP password (RFC 1738
    /// section 3.2.1) and the default mail sender.
    pub email: Option<String>,
    /// The mail sender for `mailto:` (overrides `email`).
    pub from: Option<String>,
    /// The news server for `news:` URLs, `host` or `host:port`.
    pub news_server: Option<String>,
    /// The SMTP relay for `mailto:` URLs, `host` or `host:port`.
    pub smtp_server: Option<String>,
    /// The name this client gives in SMTP's EHLO.
    pub client_name: Option<String>,
    /// Ports the user allows although they belong to another service.
    pub allowed_ports: Vec<u16>,
    /// The search for a gopher type 7 item whose URL has none.
    pub query: Option<String>,
    /// The message a `mailto:` access sends.
    pub message: Option<Message>,
    /// The Date header of that message (RFC 5322 section 3.3), as the
    /// access side gives it at the time of sending.
    pub date: Option<String>,
    /// The Message-ID header of that message (RFC 5322 section 3.6.4),
    /// with its angle brackets, as the access side makes it.
    pub message_id: Option<String>,
    /// HTTP credentials (user, password) for a URL without a user: those
    /// of the URL a redirect came from, to the same origin only.
    pub credentials: Option<(Vec<u8>, Vec<u8>)>,
}

/// The message a `mailto:` access sends.
///
/// # Example
///
/// ```
/// use uniform::plan::Message;
/// let m = Message::new(Some("hi".into()), b"text\n".to_vec());
/// assert_eq!(m.subject.as_deref(), Some("hi"));
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct Message {
    /// The Subject header, when given.
    pub subject: Option<String>,
    /// The body, as octets (lines end with LF or CR LF).
    pub body: Vec<u8>,
}

impl Message {
    /// A message with a subject and a body.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::plan::Message;
    /// assert!(Message::new(None, Vec::new()).body.is_empty());
    /// ```
    pub fn new(subject: Option<String>, body: Vec<u8>) -> Message {
        Message { subject, body }
    }
}
