//! HTTP (RFC 1738 section 3.3, over RFC 9112): the request head as a
//! value. The direct plan is a GET of the URL's path and search; a route
//! through a gateway or proxy is another [`HttpPlan`], made by the access
//! side and judged by the same policy.

use super::base64::base64;
use super::options::{HttpRequest, HttpVersion, PlanOptions};
use super::step::{Endpoint, Line, Step, Transfer};
use crate::pct::{self, EncodeSet};
use crate::prelude::*;
use crate::url::UrlRef;

/// One header field of a request; its value may hold a secret.
///
/// # Example
///
/// ```
/// use uniform::plan::{Header, Line};
/// let h = Header::new("Authorization", Line::text("Basic ").secret("dTpw"));
/// assert_eq!(h.line().to_string(), "Authorization: Basic ****");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Header {
    /// The field name.
    pub name: String,
    /// The field value.
    pub value: Line,
}

impl Header {
    /// A header `name: value`.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::plan::{Header, Line};
    /// assert_eq!(Header::new("Host", Line::text("h")).line().to_string(), "Host: h");
    /// ```
    pub fn new(name: impl Into<String>, value: Line) -> Header {
        Header {
            name: name.into(),
            value,
        }
    }

    /// The field line, `name: value`.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::plan::{Header, Line};
    /// assert_eq!(Header::new("Accept", Line::text("*/*")).line().wire(), Some(b"Accept: */*".to_vec()));
    /// ```
    pub fn line(&self) -> Line {
        let mut line = Line::text(&self.name).and(": ");
        line.extend(&self.value);
        line
    }
}

/// A request head: the request line and the header fields (RFC 9112
/// section 2.1), ended by an empty line.
///
/// # Example
///
/// ```
/// use uniform::plan::{Header, Line, RequestHead};
/// let head = RequestHead::get(Line::text("/x"), vec![Header::new("Host", Line::text("h"))]);
/// let lines: Vec<String> = head.lines().iter().map(|l| l.to_string()).collect();
/// assert_eq!(lines, ["GET /x HTTP/1.1", "Host: h", ""]);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct RequestHead {
    /// The method.
    pub method: String,
    /// The request target: origin form (`/path?q`), absolute form (a
    /// whole URL, to a gateway) or authority form (CONNECT).
    pub target: Line,
    /// The header fields, in order.
    pub headers: Vec<Header>,
    /// The version the request line names.
    pub version: HttpVersion,
}

impl RequestHead {
    /// A GET of `target` with `headers`.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::plan::{Line, RequestHead};
    /// assert_eq!(RequestHead::get(Line::text("/"), vec![]).method, "GET");
    /// ```
    pub fn get(target: Line, headers: Vec<Header>) -> RequestHead {
        RequestHead {
            method: "GET".into(),
            target,
            headers,
            version: HttpVersion::Http11,
        }
    }

    /// The request line: method, target, version.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::plan::{HttpVersion, Line, RequestHead};
    /// let mut head = RequestHead::get(Line::text("/a"), vec![]);
    /// assert_eq!(head.request_line().to_string(), "GET /a HTTP/1.1");
    /// head.version = HttpVersion::Http10;
    /// assert_eq!(head.request_line().to_string(), "GET /a HTTP/1.0");
    /// ```
    pub fn request_line(&self) -> Line {
        let mut line = Line::text(&self.method).and(" ");
        line.extend(&self.target);
        line.and(" ").and(self.version.as_str())
    }

    /// The value of the first header named `name` (case-insensitive).
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::plan::{Header, Line, RequestHead};
    /// let head = RequestHead::get(Line::text("/"), vec![Header::new("Host", Line::text("h"))]);
    /// assert_eq!(head.header("host").map(|l| l.to_string()), Some("h".to_string()));
    /// ```
    pub fn header(&self, name: &str) -> Option<&Line> {
        self.headers
            .iter()
            .find(|h| h.name.eq_ignore_ascii_case(name))
            .map(|h| &h.value)
    }

    /// Every line of the head, the request line first and the empty line
    /// that ends it last.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::plan::{Line, RequestHead};
    /// assert_eq!(RequestHead::get(Line::text("/"), vec![]).lines().len(), 2);
    /// ```
    pub fn lines(&self) -> Vec<Line> {
        let mut out = vec![self.request_line()];
        out.extend(self.headers.iter().map(Header::line));
        out.push(Line::default());
        out
    }
}

/// A CONNECT tunnel through a proxy (RFC 9110 section 9.3.6), for an
/// `https` URL: the head that opens it, answered 200.
///
/// # Example
///
/// ```
/// use uniform::plan::{Header, HttpVersion, Line, RequestHead, Tunnel};
/// let t = Tunnel { note: "through a CONNECT tunnel".into(), head: RequestHead {
///     method: "CONNECT".into(), target: Line::text("h:443"), headers: vec![],
///     version: HttpVersion::Http11 } };
/// assert_eq!(t.head.request_line().to_string(), "CONNECT h:443 HTTP/1.1");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Tunnel {
    /// What the tunnel is, as the plan shows it.
    pub note: String,
    /// The CONNECT request head.
    pub head: RequestHead,
}

/// An HTTP exchange: where to connect, TLS or not, an optional tunnel,
/// and the request head.
///
/// # Example
///
/// ```
/// use uniform::{UrlRef, plan::{Dialogue, PlanOptions, plan}};
/// let p = plan(&UrlRef::parse("http://h:8000/a?b")?, &PlanOptions::default()).unwrap();
/// let Dialogue::Http(http) = p.dialogue() else { unreachable!() };
/// assert_eq!(http.head.request_line().to_string(), "GET /a?b HTTP/1.1");
/// assert!(!http.tls);
/// # Ok::<_, uniform::ParseError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct HttpPlan {
    /// Where the connection goes: the URL's server, or a gateway.
    pub endpoint: Endpoint,
    /// A note on the route, shown after the connection (a gateway's name).
    pub route: Option<String>,
    /// A CONNECT tunnel opened first, through a proxy.
    pub tunnel: Option<Tunnel>,
    /// TLS on the connection (inside the tunnel, if any), with the server
    /// name checked: `https`.
    pub tls: bool,
    /// The request.
    pub head: RequestHead,
    /// The body sent after the head, its length in the head's
    /// Content-Length.
    pub body: Option<Vec<u8>>,
}

impl HttpPlan {
    /// The plan as steps, for `uniform plan`.
    pub(crate) fn render(&self, out: &mut Vec<Step>) {
        out.push(Step::Connect(self.endpoint.clone()));
        if let Some(t) = &self.tunnel {
            out.push(Step::Note(t.note.clone()));
            for line in t.head.lines() {
                super::step::send(out, line);
            }
            out.push(Step::Expect(vec![200]));
        }
        if let Some(route) = &self.route {
            out.push(Step::Note(route.clone()));
        }
        if self.tls {
            out.push(Step::Note("TLS handshake, server name checked".into()));
        }
        for line in self.head.lines() {
            super::step::send(out, line);
        }
        if let Some(body) = &self.body {
            out.push(Step::Note(format!("then the body: {} octets", body.len())));
        }
        out.push(Step::Read(Transfer::HttpResponse));
    }
}

impl RequestHead {
    /// Applies what the user asks beyond the URL (`request`): the method
    /// and version, the range's field and the body's, then the user's
    /// fields (see [`HttpRequest`]), before the `Connection` field if
    /// there is one. Returns the body.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::plan::{Header, HttpRequest, Line, RequestHead};
    /// let mut head = RequestHead::get(Line::text("/"), vec![
    ///     Header::new("Accept", Line::text("*/*")),
    ///     Header::new("Connection", Line::text("close")),
    /// ]);
    /// let r = HttpRequest::default().with_header("Accept", None).with_header("X-A", Some("1"));
    /// assert_eq!(head.apply(&r), None);
    /// let lines: Vec<String> = head.lines().iter().map(|l| l.to_string()).collect();
    /// assert_eq!(lines, ["GET / HTTP/1.1", "X-A: 1", "Connection: close", ""]);
    ///
    /// let mut r = HttpRequest::default();
    /// r.range = Some("0-99".into());
    /// head.apply(&r);
    /// assert_eq!(head.header("Range").map(|l| l.to_string()), Some("bytes=0-99".into()));
    /// ```
    pub fn apply(&mut self, request: &HttpRequest) -> Option<Vec<u8>> {
        self.method = request.method_name().to_string();
        self.version = request.version;
        let before_connection = |headers: &Vec<Header>| {
            headers
                .iter()
                .position(|h| h.name.eq_ignore_ascii_case("Connection"))
                .unwrap_or(headers.len())
        };
        let mut added = Vec::new();
        // curl's -r: the part of the object wanted, or with a body the
        // part of the whole it is (curl's upload range). A resume's Range
        // is in the head already and wins, as curl's -C over -r.
        if let Some(range) = &request.range
            && self.header("Range").is_none()
        {
            added.push(match &request.body {
                Some(body) => Header::new(
                    "Content-Range",
                    Line::text(format!("bytes {range}/{}", body.len())),
                ),
                None => Header::new("Range", Line::text(format!("bytes={range}"))),
            });
        }
        if let Some(body) = &request.body {
            added.push(Header::new(
                "Content-Length",
                Line::text(body.len().to_string()),
            ));
            let typed = request
                .headers
                .iter()
                .any(|(n, _)| n.eq_ignore_ascii_case("Content-Type"));
            if !typed {
                added.push(Header::new(
                    "Content-Type",
                    Line::text("application/x-www-form-urlencoded"),
                ));
            }
        }
        let at = before_connection(&self.headers);
        self.headers.splice(at..at, added);
        for (name, value) in &request.headers {
            let same = self
                .headers
                .iter()
                .position(|h| h.name.eq_ignore_ascii_case(name));
            match (same, value) {
                (Some(i), Some(v)) => self.headers[i] = Header::new(name, Line::text(v)),
                (Some(i), None) => drop(self.headers.remove(i)),
                (None, Some(v)) => {
                    let at = before_connection(&self.headers);
                    self.headers.insert(at, Header::new(name, Line::text(v)));
                }
                (None, None) => {}
            }
        }
        request.body.clone()
    }
}

/// The origin-form target of an http URL: its path (at least `/`) and
/// search, with what may not stand on a request line encoded.
///
/// # Example
///
/// ```
/// use uniform::{UrlRef, plan::origin_form};
/// assert_eq!(origin_form(&UrlRef::parse("http://h")?), "/");
/// # Ok::<_, uniform::ParseError>(())
/// ```
pub fn origin_form(url: &UrlRef<'_>) -> String {
    let mut target = String::from(url.path_with_slash());
    if target.is_empty() {
        target.push('/');
    }
    if let Some(q) = url.query() {
        target.push('?');
        target.push_str(q);
    }
    pct::encode(target.as_bytes(), &EncodeSet::REQUEST_TARGET).into_owned()
}

/// The Host field of an http URL: its host, and its port unless it is the
/// default.
///
/// # Example
///
/// ```
/// use uniform::{UrlRef, plan::host_field};
/// assert_eq!(host_field(&UrlRef::parse("http://h:80/")?), "h");
/// assert_eq!(host_field(&UrlRef::parse("http://h:81/")?), "h:81");
/// # Ok::<_, uniform::ParseError>(())
/// ```
pub fn host_field(url: &UrlRef<'_>) -> String {
    // A name goes in its ASCII form (RFC 9110 section 7.2: the Host field
    // is the URI's host, and a URI's reg-name is ASCII); an IP literal
    // keeps its brackets.
    let mut host = if url.host_is_ip_literal() {
        url.host().unwrap_or_default().to_string()
    } else {
        url.wire_hostname().into_owned()
    };
    if let Some(p) = url.port().filter(|&p| Some(p) != url.default_port()) {
        host.push_str(&format!(":{p}"));
    }
    host
}

/// The User-Agent every request of Uniform names.
pub const USER_AGENT: &str = concat!("uniform/", env!("CARGO_PKG_VERSION"));

/// Basic credentials (RFC 7617) for `user`: its token a secret, or a
/// password the user is asked for when `password` is `None`.
///
/// # Example
///
/// ```
/// use uniform::plan::basic_authorization;
/// let line = basic_authorization(b"Aladdin", Some(b"open sesame"));
/// assert_eq!(line.revealed(), "Basic QWxhZGRpbjpvcGVuIHNlc2FtZQ==");
/// assert_eq!(line.to_string(), "Basic ****");
/// ```
pub fn basic_authorization(user: &[u8], password: Option<&[u8]>) -> Line {
    match password {
        Some(p) => Line::text("Basic ").secret(base64(&[user, b":", p].concat())),
        None => Line::text("Basic ").prompted(),
    }
}

pub(super) fn plan(url: &UrlRef<'_>, options: &PlanOptions) -> HttpPlan {
    let decoded = |raw: &str| pct::decode(raw.as_bytes()).into_owned();
    let mut headers = vec![
        Header::new("Host", Line::text(host_field(url))),
        Header::new("User-Agent", Line::text(USER_AGENT)),
        Header::new("Accept", Line::text("*/*")),
    ];
    // RFC 1738 section 3.3 gives http no user; people write one, and
    // servers take it as Basic credentials. Or the credentials carried to
    // a redirect of the same origin.
    let user = url.user().map(decoded).filter(|u| !u.is_empty());
    match (user, &options.credentials) {
        (Some(user), _) => {
            let password = url.password().map(decoded);
            headers.push(Header::new(
                "Authorization",
                basic_authorization(&user, password.as_deref()),
            ));
        }
        (None, Some((user, password))) => headers.push(Header::new(
            "Authorization",
            basic_authorization(user, Some(password)),
        )),
        (None, None) => {}
    }
    // The rest of an object whose first octets are had (RFC 9110 section
    // 14.2).
    if let Some(from) = options.resume_from.filter(|&n| n > 0) {
        headers.push(Header::new("Range", Line::text(format!("bytes={from}-"))));
    }
    // One exchange a connection, as curl's easy interface has for a single
    // transfer, unless more requests are to follow on it. HTTP/1.0 keeps
    // no connection unless asked (RFC 1945 section 1.3): curl's -0 sends
    // no Connection field.
    if !options.http.keep_alive && options.http.version == HttpVersion::Http11 {
        headers.push(Header::new("Connection", Line::text("close")));
    }
    let mut head = RequestHead::get(Line::text(origin_form(url)), headers);
    let body = head.apply(&options.http);
    HttpPlan {
        endpoint: Endpoint::of(url),
        route: None,
        tunnel: None,
        tls: url.scheme_row().tls,
        head,
        body,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::plan::{Dialogue, plan as make};

    fn head(request: HttpRequest) -> (Vec<String>, Option<Vec<u8>>) {
        let url = UrlRef::parse("http://u:p@h.example:81/form?q").unwrap();
        let o = PlanOptions {
            http: request,
            ..PlanOptions::default()
        };
        let p = make(&url, &o).unwrap();
        let Dialogue::Http(http) = p.dialogue() else {
            panic!("{p}")
        };
        let lines = http.head.lines().iter().map(|l| l.to_string()).collect();
        (lines, http.body.clone())
    }

    #[test]
    fn the_request_is_what_the_user_asks() {
        let (get, body) = head(HttpRequest::default());
        assert_eq!(get[0], "GET /form?q HTTP/1.1");
        assert_eq!(get.last().map(String::as_str), Some(""));
        assert_eq!(body, None);

        let r = HttpRequest {
            head_only: true,
            ..HttpRequest::default()
        };
        assert_eq!(head(r).0[0], "HEAD /form?q HTTP/1.1");

        let ua = format!("User-Agent: {USER_AGENT}");
        let (post, body) = head(HttpRequest::default().with_body(b"a=1&b=2".to_vec()));
        assert_eq!(post[0], "POST /form?q HTTP/1.1");
        assert_eq!(
            &post[1..],
            [
                "Host: h.example:81",
                ua.as_str(),
                "Accept: */*",
                "Authorization: Basic ****",
                "Content-Length: 7",
                "Content-Type: application/x-www-form-urlencoded",
                "Connection: close",
                ""
            ]
        );
        assert_eq!(body.as_deref(), Some(&b"a=1&b=2"[..]));

        // Replaced where it stands, removed, added before Connection; a
        // Content-Type of the user's keeps curl's out.
        let r = HttpRequest::default()
            .with_body(b"{}".to_vec())
            .with_header("user-agent", Some("curl/8"))
            .with_header("Accept", None)
            .with_header("Content-Type", Some("application/json"))
            .with_header("X-Gone", None);
        let (lines, _) = head(r);
        assert_eq!(
            &lines[1..],
            [
                "Host: h.example:81",
                "user-agent: curl/8",
                "Authorization: Basic ****",
                "Content-Length: 2",
                "Content-Type: application/json",
                "Connection: close",
                ""
            ]
        );

        let mut r = HttpRequest::default().with_body(Vec::new());
        r.method = Some("PUT".into());
        let (lines, body) = head(r);
        assert_eq!(lines[0], "PUT /form?q HTTP/1.1");
        assert!(lines.contains(&"Content-Length: 0".to_string()));
        assert_eq!(body, Some(Vec::new()));
    }

    #[test]
    fn resuming_asks_for_the_rest() {
        let url = UrlRef::parse("http://h.example/f").unwrap();
        for (from, range) in [
            (Some(100), Some("bytes=100-")),
            (Some(0), None),
            (None, None),
        ] {
            let o = PlanOptions {
                resume_from: from,
                ..PlanOptions::default()
            };
            let p = make(&url, &o).unwrap();
            let Dialogue::Http(http) = p.dialogue() else {
                panic!("{p}")
            };
            assert_eq!(
                http.head.header("Range").map(|l| l.to_string()).as_deref(),
                range
            );
        }
        // And by REST, in image type, for FTP.
        let o = PlanOptions {
            resume_from: Some(7),
            ..PlanOptions::default()
        };
        let shown = make(&UrlRef::parse("ftp://h.example/a.txt").unwrap(), &o)
            .unwrap()
            .to_string();
        assert!(
            shown.contains("> TYPE I\n< 200\n> REST 7\n< 350\n"),
            "{shown}"
        );
    }

    #[test]
    fn a_range_asks_for_part_and_resuming_wins() {
        let url = UrlRef::parse("http://h.example/f").unwrap();
        let lines = |resume: Option<u64>, http: HttpRequest| {
            let o = PlanOptions {
                resume_from: resume,
                http,
                ..PlanOptions::default()
            };
            let p = make(&url, &o).unwrap();
            let Dialogue::Http(http) = p.dialogue() else {
                panic!("{p}")
            };
            http.head
                .lines()
                .iter()
                .map(|l| l.to_string())
                .collect::<Vec<_>>()
        };
        let ranged = HttpRequest {
            range: Some("0-3,-2".into()),
            ..HttpRequest::default()
        };
        let got = lines(None, ranged.clone());
        assert_eq!(got[0], "GET /f HTTP/1.1");
        assert_eq!(got[4], "Range: bytes=0-3,-2", "{got:?}");
        assert_eq!(got[5], "Connection: close", "{got:?}");
        // curl's -C over -r: one Range, the resume's.
        let got = lines(Some(9), ranged.clone());
        let ranges: Vec<&String> = got.iter().filter(|l| l.starts_with("Range")).collect();
        assert_eq!(ranges, ["Range: bytes=9-"]);
        // With a body, curl's upload range.
        let got = lines(None, ranged.clone().with_body(b"a=1".to_vec()));
        assert!(
            got.contains(&"Content-Range: bytes 0-3,-2/3".to_string()),
            "{got:?}"
        );
        assert!(!got.iter().any(|l| l.starts_with("Range")), "{got:?}");
        // The user's own Range field replaces it where it stands.
        let got = lines(None, ranged.with_header("range", Some("bytes=1-1")));
        let ranges: Vec<&String> = got
            .iter()
            .filter(|l| l.to_ascii_lowercase().starts_with("range"))
            .collect();
        assert_eq!(ranges, ["range: bytes=1-1"]);
    }

    #[test]
    fn http_1_0_names_its_version_and_asks_no_close() {
        let url = UrlRef::parse("http://h.example/f").unwrap();
        let o = PlanOptions {
            http: HttpRequest {
                version: HttpVersion::Http10,
                ..HttpRequest::default()
            },
            ..PlanOptions::default()
        };
        let p = make(&url, &o).unwrap();
        let Dialogue::Http(http) = p.dialogue() else {
            panic!("{p}")
        };
        let got: Vec<String> = http.head.lines().iter().map(|l| l.to_string()).collect();
        let ua = format!("User-Agent: {USER_AGENT}");
        assert_eq!(
            got,
            [
                "GET /f HTTP/1.0",
                "Host: h.example",
                ua.as_str(),
                "Accept: */*",
                ""
            ]
        );
    }

    #[test]
    fn the_plan_shows_the_body_by_its_length() {
        let url = UrlRef::parse("http://h.example/").unwrap();
        let o = PlanOptions {
            http: HttpRequest::default().with_body(b"secret=1".to_vec()),
            ..PlanOptions::default()
        };
        let shown = make(&url, &o).unwrap().to_string();
        assert!(shown.contains("\n# then the body: 8 octets\n"), "{shown}");
        assert!(!shown.contains("secret=1"), "{shown}");
    }
}
