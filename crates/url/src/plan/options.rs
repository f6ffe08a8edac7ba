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
    /// What an HTTP request sends beyond the URL: curl's `-X`, `-I`, `-H`
    /// and `-d`.
    pub http: HttpRequest,
    /// The object is wanted from this octet on, the ones before it had
    /// already (curl's `-C`): HTTP's `Range`, FTP's `REST`.
    pub resume_from: Option<u64>,
}

/// What an HTTP request sends beyond what the URL says: the method, the
/// user's header fields, a body, a range and the version (curl's `-X`,
/// `-I`, `-H`, `-d`, `-r`, `-0`).
///
/// # Example
///
/// ```
/// use uniform::{UrlRef, plan::{Dialogue, HttpRequest, PlanOptions, plan}};
/// let mut o = PlanOptions::default();
/// o.http = HttpRequest::default().with_body(b"a=1".to_vec()).with_header("X-Trace", Some("7"));
/// let p = plan(&UrlRef::parse("http://h/form")?, &o).unwrap();
/// let Dialogue::Http(http) = p.dialogue() else { unreachable!() };
/// assert_eq!(http.head.request_line().to_string(), "POST /form HTTP/1.1");
/// assert_eq!(http.head.header("Content-Length").map(|l| l.to_string()), Some("3".into()));
/// assert_eq!(http.head.header("x-trace").map(|l| l.to_string()), Some("7".into()));
/// # Ok::<_, uniform::ParseError>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct HttpRequest {
    /// The method (`-X`). By default GET; HEAD when only the head is
    /// asked for; POST when there is a body.
    pub method: Option<String>,
    /// Only the response head is wanted (`-I`): a HEAD request, unless
    /// `method` says otherwise.
    pub head_only: bool,
    /// The user's header fields (`-H`), in order. One that names a field
    /// Uniform sends replaces it where it stands; a value of `None`
    /// (curl's `Name:`) removes that field and sends nothing; any other
    /// is added after Uniform's own.
    pub headers: Vec<(String, Option<String>)>,
    /// The body (`-d`, `--data-binary`), sent with its Content-Length and,
    /// unless a header field gives one, curl's Content-Type for `-d`
    /// (`application/x-www-form-urlencoded`).
    pub body: Option<Vec<u8>>,
    /// The connection stays open for a request after this one (several
    /// URLs of one server): no `Connection: close`.
    pub keep_alive: bool,
    /// The octets wanted (curl's `-r`), as `Range: bytes=RANGE` (RFC 9110
    /// section 14.2), or with a body curl's `Content-Range: bytes
    /// RANGE/LENGTH`; a `Range` already in the head (`-C`'s) wins, as
    /// curl's resume does over its range. The text is the caller's to
    /// check: the policy refuses only what would break the line.
    pub range: Option<String>,
    /// The version the request line names (curl's `-0`).
    pub version: HttpVersion,
}

/// The HTTP version a request line names. HTTP/1.1 is the one spoken;
/// HTTP/1.0 (curl's `-0`) changes the request line and asks for no
/// kept connection, the response still read as HTTP/1.x.
///
/// # Example
///
/// ```
/// use uniform::plan::HttpVersion;
/// assert_eq!(HttpVersion::default().as_str(), "HTTP/1.1");
/// assert_eq!(HttpVersion::Http10.as_str(), "HTTP/1.0");
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum HttpVersion {
    /// `HTTP/1.0` (RFC 1945).
    Http10,
    /// `HTTP/1.1` (RFC 9112).
    #[default]
    Http11,
}

impl HttpVersion {
    /// The version as a request line ends with it.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::plan::HttpVersion;
    /// assert_eq!(HttpVersion::Http11.as_str(), "HTTP/1.1");
    /// ```
    pub fn as_str(self) -> &'static str {
        match self {
            HttpVersion::Http10 => "HTTP/1.0",
            HttpVersion::Http11 => "HTTP/1.1",
        }
    }
}

impl HttpRequest {
    /// The same request with `body`.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::plan::HttpRequest;
    /// assert_eq!(HttpRequest::default().with_body(b"x".to_vec()).body.as_deref(), Some(&b"x"[..]));
    /// ```
    pub fn with_body(mut self, body: Vec<u8>) -> HttpRequest {
        self.body = Some(body);
        self
    }

    /// The same request with one more header field (`None`: remove the
    /// field of that name).
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::plan::HttpRequest;
    /// let r = HttpRequest::default().with_header("Accept", None);
    /// assert_eq!(r.headers, [("Accept".to_string(), None)]);
    /// ```
    pub fn with_header(mut self, name: &str, value: Option<&str>) -> HttpRequest {
        self.headers
            .push((name.to_string(), value.map(str::to_string)));
        self
    }

    /// The method this request uses: `method`, else HEAD, POST or GET.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::plan::HttpRequest;
    /// assert_eq!(HttpRequest::default().method_name(), "GET");
    /// let mut r = HttpRequest::default();
    /// r.head_only = true;
    /// assert_eq!(r.method_name(), "HEAD");
    /// ```
    pub fn method_name(&self) -> &str {
        match (&self.method, self.head_only, &self.body) {
            (Some(m), _, _) => m,
            (None, true, _) => "HEAD",
            (None, false, Some(_)) => "POST",
            (None, false, None) => "GET",
        }
    }
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
