//! The side of an access that talks to the user: progress, prompts,
//! advice.

/// The side of an access that talks to the user: progress and prompts.
/// Every method has a default that does nothing, for unattended use.
pub trait Interaction {
    /// The object's size, once the server tells it (FTP SIZE, HTTP
    /// Content-Length).
    fn size_known(&mut self, _size: u64) {}

    /// Octets of the object written so far.
    fn progress(&mut self, _written: u64) {}

    /// Asks the user for a password (`what` says for whom); `None` when
    /// there is no one to ask.
    fn password(&mut self, _what: &str) -> Option<Vec<u8>> {
        None
    }

    /// Shows advice before an interactive session: a telnet URL's user
    /// name and password (RFC 1738 section 3.8).
    fn advise(&mut self, _text: &str) {}

    /// Asks the user for a value that is no secret, one line (`what` says
    /// what: a gopher search); `None` when there is no one to ask.
    fn ask(&mut self, _what: &str) -> Option<String> {
        None
    }

    /// Something the user should know of an access that still succeeds:
    /// a gopher text that ended at the server's close, without RFC 1436's
    /// "." line. One line, no line end.
    fn warn(&mut self, _text: &str) {}

    /// An HTTP response's head has come: each of a redirect chain's, the
    /// last one last.
    fn response(&mut self, _exchange: &Exchange) {}
}

/// An HTTP response as it came, for the user's side: what curl's `-w`
/// variables and `-i` read.
///
/// # Example
///
/// ```
/// use uniform_access::Exchange;
/// let e = Exchange::default();
/// assert_eq!(e.status, 0);
/// assert_eq!(e.header("content-type"), None);
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct Exchange {
    /// The request's method.
    pub method: String,
    /// The URL asked, its password hidden.
    pub url: String,
    /// The status code.
    pub status: u16,
    /// The status line (`HTTP/1.1 200 OK`).
    pub status_line: Vec<u8>,
    /// The HTTP version, as curl's `%{http_version}` gives it (`1.1`).
    pub version: String,
    /// The header fields, in order (names as the server or the HTTP
    /// library gives them).
    pub headers: Vec<(String, Vec<u8>)>,
    /// How many redirects led here.
    pub redirects: u32,
    /// The address the response came from: the server's, or the proxy's
    /// on a route through one (curl's `%{remote_ip}`, `%{remote_port}`).
    pub remote: Option<std::net::SocketAddr>,
    /// Our end of that connection (`%{local_ip}`, `%{local_port}`).
    pub local: Option<std::net::SocketAddr>,
    /// The connection was made for this request, not kept from an earlier
    /// one (curl's `%{num_connects}` counts these).
    pub new_connection: bool,
    /// When each stage of the exchange ended, from the start of the fetch.
    pub timings: Timings,
}

impl Exchange {
    /// The first value of the field `name` (case-insensitive).
    ///
    /// # Example
    ///
    /// ```
    /// use uniform_access::Exchange;
    /// let mut e = Exchange::default();
    /// e.headers.push(("Content-Type".into(), b"text/plain".to_vec()));
    /// assert_eq!(e.header("content-type"), Some(&b"text/plain"[..]));
    /// ```
    pub fn header(&self, name: &str) -> Option<&[u8]> {
        self.headers
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_slice())
    }

    /// The head as curl's `-i` writes it: the status line and the fields,
    /// CR LF after each, and the empty line.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform_access::Exchange;
    /// let mut e = Exchange::default();
    /// e.status_line = b"HTTP/1.1 204 No Content".to_vec();
    /// e.headers.push(("Server".into(), b"x".to_vec()));
    /// assert_eq!(e.head_bytes(), b"HTTP/1.1 204 No Content\r\nServer: x\r\n\r\n");
    /// ```
    pub fn head_bytes(&self) -> Vec<u8> {
        let mut out = self.status_line.clone();
        out.extend_from_slice(b"\r\n");
        for (name, value) in &self.headers {
            out.extend_from_slice(name.as_bytes());
            out.extend_from_slice(b": ");
            out.extend_from_slice(value);
            out.extend_from_slice(b"\r\n");
        }
        out.extend_from_slice(b"\r\n");
        out
    }
}

/// An [`Interaction`] that shows nothing and asks nothing.
#[derive(Clone, Copy, Debug, Default)]
pub struct Unattended;

impl Interaction for Unattended {}

/// The times of curl's `-w` variables, each from the start of the fetch.
///
/// # Example
///
/// ```
/// let t = uniform_access::Timings::default();
/// assert!(t.connect <= t.starttransfer);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct Timings {
    /// The host's addresses known (`time_namelookup`).
    pub namelookup: std::time::Duration,
    /// The TCP connection made (`time_connect`), to the server or the
    /// proxy.
    pub connect: std::time::Duration,
    /// The TLS handshake done (`time_appconnect`); zero without TLS.
    pub appconnect: std::time::Duration,
    /// The request about to be sent (`time_pretransfer`).
    pub pretransfer: std::time::Duration,
    /// The first octet of the response come (`time_starttransfer`).
    pub starttransfer: std::time::Duration,
}
