//! HTTP/1.1 as a gateway hears it: a GET whose request line carries the
//! whole URL (RFC 1630 "HTTP"; RFC 9112 section 3.2.2, the absolute form),
//! and the response read back: status line, header fields, and a body
//! framed by length, by chunks or by the end of the connection (RFC 9112
//! section 6.3).
//!
//! The same reading serves every route: the server directly, a gateway,
//! a tunnel (exchange.rs sends and reads through it).

use crate::net::{read_line, trim_eol};
use crate::proxy::Gateway;
use std::io::{self, BufRead, Read};
use uniform::UrlRef;
use uniform::pct::{self, EncodeSet};
use uniform::plan::{
    Dialogue, Endpoint, Header, HttpPlan, Line, Plan, RequestHead, Tunnel, USER_AGENT,
    basic_authorization, origin_form,
};

/// The most header octets (status line included) a response may have.
pub(crate) const MAX_HEAD: usize = 64 * 1024;

/// How many interim (1xx) responses are skipped before the final one.
const MAX_INTERIM: usize = 8;

/// `url` as the request line carries it to a gateway: without its
/// fragment (RFC 1630: "No fragmentid part ... is sent with the request"),
/// its scheme in lower case, what HTTP cannot carry %-encoded ("Spaces and
/// control characters in URLs must be escaped for transmission in HTTP, as
/// must other disallowed characters"), escapes already there kept. An
/// `http` or `https` URL loses its user name and password, which go in an
/// Authorization header instead (RFC 9110 section 4.2.4); other schemes
/// keep theirs, for the gateway to log in with.
pub(crate) fn absolute_form(url: &UrlRef<'_>) -> String {
    let scheme = url.scheme().to_ascii_lowercase();
    let whole = url.without_fragment();
    let rest = &whole[url.scheme().len() + 1..];
    let mut out = String::with_capacity(whole.len() + 8);
    out.push_str(&scheme);
    out.push(':');
    if let (Some(authority), true) = (url.authority(), rest.starts_with("//")) {
        let after = &rest[2 + authority.len()..];
        out.push_str("//");
        let hide_userinfo = url.scheme_row().protocol == Some(uniform::Protocol::Http);
        let authority = match authority.rfind('@') {
            Some(at) if hide_userinfo => &authority[at + 1..],
            _ => authority,
        };
        // Brackets of an IP literal stay: they are the authority's syntax.
        const AUTHORITY: EncodeSet = EncodeSet::REQUEST_TARGET.remove(b'[').remove(b']');
        out.push_str(&pct::encode(authority.as_bytes(), &AUTHORITY));
        // As in the origin form, an empty http path is "/" (RFC 9112
        // section 3.2.1).
        if hide_userinfo && !after.starts_with('/') {
            out.push('/');
        }
        out.push_str(&pct::encode(after.as_bytes(), &EncodeSet::REQUEST_TARGET));
    } else {
        out.push_str(&pct::encode(rest.as_bytes(), &EncodeSet::REQUEST_TARGET));
    }
    out
}

/// The Host field for an absolute-form request: the target's authority
/// without user information, or empty when it has none (RFC 9112 section
/// 3.2.2: "If the target URI does not include an authority component,
/// then a client MUST send a Host header field with an empty field
/// value").
/// A non-ASCII host name in its UTS 46 ASCII form, as a proxy and the
/// server are given it (the URL's text keeps it as written); an ASCII
/// host as written.
fn ascii_host<'a>(url: &UrlRef<'a>, host: &'a str) -> std::borrow::Cow<'a, str> {
    match url.host_ascii() {
        Ok(Some(a)) if !host.is_ascii() => a,
        _ => std::borrow::Cow::Borrowed(host),
    }
}

pub(crate) fn host_field(url: &UrlRef<'_>) -> String {
    let Some(host) = url.host() else {
        return String::new();
    };
    let host = ascii_host(url, host);
    match url.port_str() {
        Some(p) if !p.is_empty() => format!("{host}:{p}"),
        _ => host.to_string(),
    }
}

// The gateway's plan is HTTP's to make: the method lives here, beside the
// request it describes, so that `proxy` needs nothing of `http`.
impl Gateway {
    /// The plan of a fetch of `url` through this gateway: the request
    /// lines as the gateway is sent them (the whole URL on the request
    /// line, RFC 1630; a CONNECT tunnel for `https`, the URL's own plan
    /// `direct` inside it), passwords as secrets. Plan `url` first with
    /// [`uniform::plan::plan`]: its safety refusal stands on any route.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::UrlRef;
    /// use uniform_access::proxy::Gateway;
    /// let g = Gateway::parse("http://127.0.0.1:8080", "http_proxy")?;
    /// let url = UrlRef::parse("http://example.org/x")?;
    /// let p = g.plan(&url, None).to_string();
    /// assert!(p.starts_with("connect 127.0.0.1:8080\n"));
    /// assert!(p.contains("\n> GET http://example.org/x HTTP/1.1\n"));
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn plan(
        &self,
        url: &UrlRef<'_>,
        direct: Option<&uniform::plan::Plan>,
    ) -> uniform::plan::Plan {
        plan(url, self, direct)
    }
}

/// The plan of a GET of `url` through `gateway`, the lines as [`get`] and
/// the https tunnel send them: `direct` is the URL's own plan, whose
/// request goes through the tunnel for `https`.
pub(crate) fn plan(url: &UrlRef<'_>, gateway: &Gateway, direct: Option<&Plan>) -> Plan {
    let via = format!("{} ({})", gateway.authority(), gateway.source);
    let endpoint = Endpoint::Host {
        host: gateway.host().to_string(),
        port: gateway.port(),
    };
    let proxy_auth = gateway.credentials().map(|(user, pass)| {
        Header::new("Proxy-Authorization", basic_authorization(user, Some(pass)))
    });
    if url.scheme_row().tls {
        let name = url.hostname().unwrap_or_default();
        let authority = match ascii_host(url, name).as_ref() {
            h if h.contains(':') => format!("[{h}]:{}", url.port_or_default().unwrap_or(443)),
            h => format!("{h}:{}", url.port_or_default().unwrap_or(443)),
        };
        let mut headers = vec![Header::new("Host", Line::text(&authority))];
        headers.extend(proxy_auth);
        // The URL's own request, inside the tunnel.
        let (inner, body) = match direct.map(Plan::dialogue) {
            Some(Dialogue::Http(p)) => (p.head.clone(), p.body.clone()),
            _ => (
                RequestHead::get(Line::text(origin_form(url)), Vec::new()),
                None,
            ),
        };
        let http = HttpPlan {
            endpoint,
            route: None,
            tunnel: Some(Tunnel {
                note: format!("through a CONNECT tunnel of the gateway {via}"),
                head: RequestHead {
                    method: "CONNECT".into(),
                    target: Line::text(&authority),
                    headers,
                    // curl's -0 is the server's request, not the tunnel's.
                    version: uniform::plan::HttpVersion::Http11,
                },
            }),
            tls: true,
            head: inner,
            body,
        };
        return Plan::new(url, Dialogue::Http(http));
    }
    // The target keeps a non-http URL's password for the gateway to log
    // in with: it is a secret on the line.
    let target = absolute_form(url);
    let mut line = Line::default();
    match password_span(&target) {
        Some((start, end)) => {
            line = line
                .and(&target[..start])
                .secret(&target[start..end])
                .and(&target[end..]);
        }
        None => line = line.and(&target),
    }
    let mut headers = vec![
        Header::new("Host", Line::text(host_field(url))),
        Header::new("User-Agent", Line::text(USER_AGENT)),
        Header::new("Accept", Line::text("*/*")),
    ];
    // An http URL's user goes in Authorization, its password from the URL
    // or asked of the user.
    if url.scheme_row().protocol == Some(uniform::Protocol::Http)
        && let Some(user) = url.user_decoded().filter(|u| !u.is_empty())
    {
        let password = url.password_decoded();
        headers.push(Header::new(
            "Authorization",
            basic_authorization(&user, password.as_deref()),
        ));
    }
    headers.extend(proxy_auth);
    headers.push(Header::new("Connection", Line::text("close")));
    let http = HttpPlan {
        endpoint,
        route: Some(format!(
            "through the gateway {via}: the whole URL on the request line (RFC 1630)"
        )),
        tunnel: None,
        tls: false,
        head: RequestHead::get(line, headers),
        // The user's method, fields and body: `planning::route` applies
        // them, as the direct plan does.
        body: None,
    };
    Plan::new(url, Dialogue::Http(http))
}

/// The head's lines as they go on the wire, CR LF after each: a line with
/// a part asked of the user (the password of Basic credentials) takes
/// `authorization`, the credentials computed from the answer.
pub(crate) fn head_bytes(head: &RequestHead, authorization: Option<&str>) -> Option<Vec<u8>> {
    let mut out = Vec::with_capacity(256);
    out.extend_from_slice(&head.request_line().wire()?);
    out.extend_from_slice(b"\r\n");
    for h in &head.headers {
        out.extend_from_slice(h.name.as_bytes());
        out.extend_from_slice(b": ");
        match h.value.wire() {
            Some(v) => out.extend_from_slice(&v),
            None => out.extend_from_slice(authorization?.as_bytes()),
        }
        out.extend_from_slice(b"\r\n");
    }
    out.extend_from_slice(b"\r\n");
    Some(out)
}

/// Where the password sits in an absolute-form target, `scheme://user:PASSWORD@`.
fn password_span(target: &str) -> Option<(usize, usize)> {
    let start = target.find("://")? + 3;
    let rest = &target[start..];
    let authority = &rest[..rest.find('/').unwrap_or(rest.len())];
    let at = authority.rfind('@')?;
    let colon = authority[..at].find(':')?;
    Some((start + colon + 1, start + at))
}

/// How the body of a response ends (RFC 9112 section 6.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Framing {
    /// No body: 1xx, 204, 304.
    Empty,
    /// Content-Length octets.
    Length(u64),
    /// Transfer-Encoding ending in chunked.
    Chunked,
    /// Until the server closes the connection.
    Close,
}

/// The status line and the fields that matter here.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Head {
    pub(crate) status: u16,
    pub(crate) status_line: Vec<u8>,
    pub(crate) framing: Framing,
    pub(crate) location: Option<Vec<u8>>,
    /// Every field, as the server wrote it.
    pub(crate) fields: Vec<(String, Vec<u8>)>,
}

/// Why a response head could not be read.
#[derive(Debug)]
pub(crate) enum HeadError {
    Io(io::Error),
    TooLong,
    /// What is wrong, and the line that shows it.
    Malformed(&'static str, Vec<u8>),
}

impl From<io::Error> for HeadError {
    fn from(e: io::Error) -> HeadError {
        if e.kind() == io::ErrorKind::InvalidData {
            HeadError::TooLong
        } else {
            HeadError::Io(e)
        }
    }
}

/// Reads the final response head, skipping interim 1xx responses.
pub(crate) fn read_head<R: BufRead>(r: &mut R) -> Result<Head, HeadError> {
    let mut budget = MAX_HEAD;
    let mut line = Vec::new();
    for _ in 0..=MAX_INTERIM {
        read_line(r, &mut line, budget)?;
        budget -= line.len();
        if line.is_empty() {
            return Err(HeadError::Malformed(
                "the connection closed without a response",
                Vec::new(),
            ));
        }
        let status_line = trim_eol(&line).to_vec();
        let status = parse_status(&status_line).ok_or_else(|| {
            HeadError::Malformed("not an HTTP/1.x status line", status_line.clone())
        })?;
        let mut framing = None;
        let mut length: Option<u64> = None;
        let mut location = None;
        let mut fields = Vec::new();
        loop {
            read_line(r, &mut line, budget)?;
            budget -= line.len();
            if line.is_empty() {
                return Err(HeadError::Malformed(
                    "the response head ended with the connection",
                    status_line,
                ));
            }
            let field = trim_eol(&line);
            if field.is_empty() {
                break;
            }
            let Some(colon) = field.iter().position(|&b| b == b':') else {
                // An obsolete folded line continues the previous field;
                // nothing read here needs one.
                if field[0] == b' ' || field[0] == b'\t' {
                    continue;
                }
                return Err(HeadError::Malformed(
                    "a header line without ':'",
                    field.to_vec(),
                ));
            };
            let name = &field[..colon];
            let value = field[colon + 1..].trim_ascii();
            fields.push((String::from_utf8_lossy(name).into_owned(), value.to_vec()));
            if name.eq_ignore_ascii_case(b"content-length") {
                // RFC 9110 section 8.6: a list of equal values is one value.
                for v in value.split(|&b| b == b',') {
                    let n = parse_length(v.trim_ascii()).ok_or_else(|| {
                        HeadError::Malformed(
                            "a Content-Length that is not a number",
                            field.to_vec(),
                        )
                    })?;
                    if length.is_some_and(|l| l != n) {
                        return Err(HeadError::Malformed(
                            "two different Content-Lengths",
                            field.to_vec(),
                        ));
                    }
                    length = Some(n);
                }
            } else if name.eq_ignore_ascii_case(b"transfer-encoding") {
                let last = value
                    .rsplit(|&b| b == b',')
                    .next()
                    .unwrap_or_default()
                    .trim_ascii();
                framing = Some(if last.eq_ignore_ascii_case(b"chunked") {
                    Framing::Chunked
                } else {
                    Framing::Close
                });
            } else if name.eq_ignore_ascii_case(b"location") {
                location = Some(value.to_vec());
            }
        }
        if (100..200).contains(&status) {
            if status == 101 {
                return Err(HeadError::Malformed(
                    "the server switched protocols",
                    status_line,
                ));
            }
            continue;
        }
        let framing = if status == 204 || status == 304 {
            Framing::Empty
        } else {
            // Transfer-Encoding overrides Content-Length (RFC 9112 section
            // 6.3, item 3).
            framing
                .or(length.map(Framing::Length))
                .unwrap_or(Framing::Close)
        };
        return Ok(Head {
            status,
            status_line,
            framing,
            location,
            fields,
        });
    }
    Err(HeadError::Malformed(
        "too many interim responses",
        Vec::new(),
    ))
}

/// `HTTP/1.x NNN reason`: the status code.
fn parse_status(line: &[u8]) -> Option<u16> {
    let rest = line.strip_prefix(b"HTTP/1.")?;
    let (&minor, rest) = rest.split_first()?;
    if !minor.is_ascii_digit() {
        return None;
    }
    let rest = rest.strip_prefix(b" ")?;
    let code = rest.get(..3)?;
    if !code.iter().all(u8::is_ascii_digit) || rest.get(3).is_some_and(|&b| b != b' ') {
        return None;
    }
    let n = code.iter().fold(0u16, |n, &d| n * 10 + u16::from(d - b'0'));
    (100..600).contains(&n).then_some(n)
}

fn parse_length(v: &[u8]) -> Option<u64> {
    if v.is_empty() || v.len() > 19 || !v.iter().all(u8::is_ascii_digit) {
        return None;
    }
    std::str::from_utf8(v).ok()?.parse().ok()
}

/// A body of known length: an early end of the connection is an error, not
/// a shorter object.
pub(crate) struct LengthReader<R> {
    pub(crate) inner: R,
    pub(crate) remaining: u64,
}

impl<R: Read> Read for LengthReader<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if self.remaining == 0 || buf.is_empty() {
            return Ok(0);
        }
        let want = buf
            .len()
            .min(usize::try_from(self.remaining).unwrap_or(usize::MAX));
        let n = self.inner.read(&mut buf[..want])?;
        if n == 0 {
            return Err(io::Error::new(
                io::ErrorKind::UnexpectedEof,
                format!(
                    "the connection ended {} octets before the announced length",
                    self.remaining
                ),
            ));
        }
        self.remaining -= n as u64;
        Ok(n)
    }
}

/// The chunked transfer coding (RFC 9112 section 7.1), decoded as it is
/// read; chunk extensions and trailer fields are read and dropped.
pub(crate) struct ChunkedReader<R> {
    inner: R,
    state: Chunk,
    line: Vec<u8>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Chunk {
    Size,
    Data(u64),
    DataEnd,
    Trailers,
    Done,
}

/// The longest chunk-size line or trailer line accepted.
const MAX_CHUNK_LINE: usize = 4096;

impl<R: BufRead> ChunkedReader<R> {
    pub(crate) fn new(inner: R) -> ChunkedReader<R> {
        ChunkedReader {
            inner,
            state: Chunk::Size,
            line: Vec::new(),
        }
    }

    /// The connection, once the body and its trailer were read whole.
    pub(crate) fn into_done(self) -> Option<R> {
        (self.state == Chunk::Done).then_some(self.inner)
    }

    fn next_line(&mut self) -> io::Result<&[u8]> {
        if read_line(&mut self.inner, &mut self.line, MAX_CHUNK_LINE)? == 0 {
            return Err(io::Error::new(
                io::ErrorKind::UnexpectedEof,
                "the connection ended inside the chunked body",
            ));
        }
        Ok(trim_eol(&self.line))
    }
}

fn bad_chunk(what: &str) -> io::Error {
    io::Error::new(
        io::ErrorKind::InvalidData,
        format!("a bad chunked body: {what}"),
    )
}

impl<R: BufRead> Read for ChunkedReader<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        loop {
            match self.state {
                Chunk::Size => {
                    let line = self.next_line()?;
                    let end = line
                        .iter()
                        .position(|&b| b == b';' || b == b' ' || b == b'\t')
                        .unwrap_or(line.len());
                    let digits = &line[..end];
                    if digits.is_empty()
                        || digits.len() > 15
                        || !digits.iter().all(u8::is_ascii_hexdigit)
                    {
                        return Err(bad_chunk("a chunk size that is not a hexadecimal number"));
                    }
                    let size = digits.iter().fold(0u64, |n, &d| {
                        n * 16 + u64::from((d as char).to_digit(16).unwrap_or(0))
                    });
                    self.state = if size == 0 {
                        Chunk::Trailers
                    } else {
                        Chunk::Data(size)
                    };
                }
                Chunk::Data(left) => {
                    if buf.is_empty() {
                        return Ok(0);
                    }
                    let want = buf.len().min(usize::try_from(left).unwrap_or(usize::MAX));
                    let n = self.inner.read(&mut buf[..want])?;
                    if n == 0 {
                        return Err(io::Error::new(
                            io::ErrorKind::UnexpectedEof,
                            "the connection ended inside a chunk",
                        ));
                    }
                    let left = left - n as u64;
                    self.state = if left == 0 {
                        Chunk::DataEnd
                    } else {
                        Chunk::Data(left)
                    };
                    return Ok(n);
                }
                Chunk::DataEnd => {
                    if !self.next_line()?.is_empty() {
                        return Err(bad_chunk("data longer than its chunk size"));
                    }
                    self.state = Chunk::Size;
                }
                Chunk::Trailers => {
                    let mut budget = MAX_HEAD;
                    loop {
                        let n = self.next_line()?.len();
                        if n == 0 {
                            break;
                        }
                        budget = budget
                            .checked_sub(n)
                            .ok_or_else(|| bad_chunk("trailer fields too long"))?;
                    }
                    self.state = Chunk::Done;
                }
                Chunk::Done => return Ok(0),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use uniform::{Dialect, ParseOptions};

    fn head(text: &[u8]) -> Result<Head, HeadError> {
        read_head(&mut &text[..])
    }

    fn url(s: &str) -> UrlRef<'_> {
        ParseOptions::new()
            .dialect(Dialect::Rfc3986)
            .parse(s)
            .unwrap()
    }

    #[test]
    fn absolute_form_is_the_whole_url_without_fragment() {
        assert_eq!(
            absolute_form(&url("FTP://127.0.0.1:2121/pub/hello.txt#top")),
            "ftp://127.0.0.1:2121/pub/hello.txt"
        );
        assert_eq!(
            absolute_form(&url("gopher://h/7/search%09rfc%201738")),
            "gopher://h/7/search%09rfc%201738"
        );
        assert_eq!(absolute_form(&url("ftp://u:p@h/x")), "ftp://u:p@h/x");
        assert_eq!(
            absolute_form(&url("http://u:p@h:8080/a?b#c")),
            "http://h:8080/a?b"
        );
        assert_eq!(
            absolute_form(&url("http://[::1]:8080/")),
            "http://[::1]:8080/"
        );
        assert_eq!(absolute_form(&url("http://h?q")), "http://h/?q");
        assert_eq!(absolute_form(&url("gopher://h")), "gopher://h");
        assert_eq!(
            absolute_form(&url("news:comp.lang.rust")),
            "news:comp.lang.rust"
        );
        assert_eq!(absolute_form(&url("wais://h/db?a b")), "wais://h/db?a%20b");
        let lenient = ParseOptions::new().parse("gopher://h/0a b\u{e9}").unwrap();
        assert_eq!(absolute_form(&lenient), "gopher://h/0a%20b%C3%A9");
    }

    #[test]
    fn host_field_is_the_authority_without_userinfo() {
        assert_eq!(host_field(&url("ftp://u:p@h:2121/x")), "h:2121");
        assert_eq!(host_field(&url("gopher://h/")), "h");
        assert_eq!(host_field(&url("http://[::1]:80/")), "[::1]:80");
        assert_eq!(host_field(&url("news:comp.lang.rust")), "");
    }

    #[test]
    fn the_request_is_the_plans_head_and_ends_with_a_blank_line() {
        let g = Gateway::parse("http://a:b@127.0.0.1:8080", "http_proxy").unwrap();
        let u = url("http://u@h/x");
        let p = plan(&u, &g, None);
        let Dialogue::Http(http) = p.dialogue() else {
            panic!("not http")
        };
        // The password of the URL's user is asked: its header is filled in.
        assert_eq!(head_bytes(&http.head, None), None);
        let r = head_bytes(&http.head, Some("Basic dTpw")).unwrap();
        let text = String::from_utf8(r).unwrap();
        assert!(
            text.starts_with("GET http://h/x HTTP/1.1\r\nHost: h\r\n"),
            "{text}"
        );
        assert!(
            text.contains("\r\nAuthorization: Basic dTpw\r\nProxy-Authorization: Basic YTpi\r\n"),
            "{text}"
        );
        assert!(text.ends_with("Connection: close\r\n\r\n"));
    }

    #[test]
    fn heads_are_read_with_their_framing() {
        let h = head(b"HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nhello").unwrap();
        assert_eq!((h.status, h.framing), (200, Framing::Length(5)));
        assert_eq!(h.status_line, b"HTTP/1.1 200 OK");
        let h = head(
            b"HTTP/1.1 200 OK\r\nTransfer-Encoding: gzip, chunked\r\nContent-Length: 5\r\n\r\n",
        )
        .unwrap();
        assert_eq!(h.framing, Framing::Chunked);
        let h = head(b"HTTP/1.0 200 OK\nServer: x\n\n").unwrap();
        assert_eq!(h.framing, Framing::Close);
        let h = head(b"HTTP/1.1 304 Not Modified\r\nContent-Length: 10\r\n\r\n").unwrap();
        assert_eq!(h.framing, Framing::Empty);
        let h =
            head(b"HTTP/1.1 302 Found\r\nLocation:  /x \r\nContent-Length: 5, 5\r\n\r\n").unwrap();
        assert_eq!(
            (h.location.as_deref(), h.framing),
            (Some(&b"/x"[..]), Framing::Length(5))
        );
        let h = head(b"HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 404 Not Found\r\n\r\n").unwrap();
        assert_eq!(h.status, 404);
    }

    #[test]
    fn bad_heads_are_errors_quoting_the_line() {
        for (text, what) in [
            (
                &b"SSH-2.0-OpenSSH\r\n\r\n"[..],
                "not an HTTP/1.x status line",
            ),
            (b"HTTP/1.1 20 OK\r\n\r\n", "not an HTTP/1.x status line"),
            (
                b"HTTP/1.1 200 OK\r\nContent-Length: 5\r\nContent-Length: 6\r\n\r\n",
                "two different Content-Lengths",
            ),
            (
                b"HTTP/1.1 200 OK\r\nContent-Length: -1\r\n\r\n",
                "a Content-Length that is not a number",
            ),
            (
                b"HTTP/1.1 200 OK\r\nbroken\r\n\r\n",
                "a header line without ':'",
            ),
            (
                b"HTTP/1.1 200 OK\r\nX: y\r\n",
                "the response head ended with the connection",
            ),
            (b"", "the connection closed without a response"),
            (
                b"HTTP/1.1 101 Switching\r\n\r\n",
                "the server switched protocols",
            ),
        ] {
            match head(text) {
                Err(HeadError::Malformed(w, _)) => {
                    assert_eq!(w, what, "{}", String::from_utf8_lossy(text))
                }
                other => panic!("{}: {other:?}", String::from_utf8_lossy(text)),
            }
        }
        let mut long = b"HTTP/1.1 200 OK\r\nX: ".to_vec();
        long.extend(std::iter::repeat_n(b'a', MAX_HEAD));
        assert!(matches!(head(&long), Err(HeadError::TooLong)));
        let many: Vec<u8> = b"HTTP/1.1 100 Continue\r\n\r\n".repeat(20);
        assert!(matches!(
            head(&many),
            Err(HeadError::Malformed("too many interim responses", _))
        ));
    }

    #[test]
    fn chunked_bodies_decode_across_small_reads() {
        let wire = b"5;ext=1\r\nhello\r\n7\r\n, world\r\n0\r\nTrailer: x\r\n\r\nNEXT";
        let mut r = ChunkedReader::new(io::BufReader::with_capacity(3, &wire[..]));
        let mut out = Vec::new();
        let mut buf = [0u8; 4];
        loop {
            let n = r.read(&mut buf).unwrap();
            if n == 0 {
                break;
            }
            out.extend_from_slice(&buf[..n]);
        }
        assert_eq!(out, b"hello, world");
    }

    #[test]
    fn chunked_faults_are_errors() {
        for wire in [
            &b"zz\r\nx\r\n0\r\n\r\n"[..],
            b"3\r\nhello\r\n0\r\n\r\n",
            b"5\r\nhel",
            b"5\r\nhello\r\n",
            b"10000000000000000\r\n",
        ] {
            let mut out = Vec::new();
            assert!(
                ChunkedReader::new(wire).read_to_end(&mut out).is_err(),
                "{}",
                String::from_utf8_lossy(wire)
            );
        }
    }

    #[test]
    fn a_short_body_of_known_length_is_an_error() {
        let mut out = Vec::new();
        let e = LengthReader {
            inner: &b"abc"[..],
            remaining: 5,
        }
        .read_to_end(&mut out)
        .unwrap_err();
        assert_eq!(e.kind(), io::ErrorKind::UnexpectedEof);
        let mut out = Vec::new();
        LengthReader {
            inner: &b"abcdef"[..],
            remaining: 5,
        }
        .read_to_end(&mut out)
        .unwrap();
        assert_eq!(out, b"abcde");
    }
}
