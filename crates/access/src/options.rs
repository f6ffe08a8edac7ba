//! What an access needs besides the URL.

use crate::net::{Resolve, Timeouts};
use crate::proxy::Proxies;
use crate::trace::Tracer;
use std::sync::{Arc, Mutex};
use uniform::plan::PlanOptions;

/// The message a `mailto:` access sends: the plan's own type, which the
/// plan composes into the message's lines.
pub use uniform::plan::Message;

/// Options of [`crate::fetch`]: configuration, limits, proxies.
///
/// # Example
///
/// ```
/// use uniform_access::FetchOptions;
/// let mut o = FetchOptions::default();
/// o.plan.email = Some("me@example.org".into());
/// assert_eq!(o.max_redirects, 10);
/// assert!(!o.show_password);
/// assert!(!o.gopher_strict);
/// ```
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct FetchOptions {
    /// What plans need: mail address, servers, allowed ports, query.
    pub plan: PlanOptions,
    /// Time limits.
    pub timeouts: Timeouts,
    /// The password for a URL that names a user and no password, when the
    /// user gave it beforehand (`--password-stdin`); else the
    /// [`crate::Interaction`] is asked.
    pub password: Option<Vec<u8>>,
    /// Proxies and gateways.
    pub proxies: Proxies,
    /// How many HTTP redirects to follow.
    pub max_redirects: u32,
    /// The message of a `mailto:` access.
    pub message: Option<Message>,
    /// `file:` URLs of another host are fetched by anonymous FTP from that
    /// host, as libwww once did (`--file-via-ftp`).
    pub file_via_ftp: bool,
    /// Show a URL's password in advice and messages (`--show-password`);
    /// by default it is shown as `****`.
    pub show_password: bool,
    /// Refuse a gopher text item (type 0) that ends when the server
    /// closes the connection, without RFC 1436's "." line
    /// (`--gopher-strict`). By default such a text is taken as the
    /// server's whole answer, with a warning
    /// ([`Interaction::warn`](crate::Interaction::warn)), as curl and lynx
    /// take it: gophernicus and pygopherd, the servers most run, send
    /// files so. A reset connection, a time limit or a size limit is an
    /// error either way.
    pub gopher_strict: bool,
    /// What an HTTP response becomes: followed, delivered or a failure,
    /// and whether its head goes to the output.
    pub http: HttpResponses,
    /// Where the lines sent and received go, when the user asks to see
    /// them (curl's `-v`).
    pub trace: Option<Tracer>,
    /// The open HTTP connections, kept for the next fetch with these
    /// options (or a clone of them): several URLs of one server over one
    /// connection, as curl does.
    pub connections: Connections,
    /// Which servers HTTPS trusts (curl's `--cacert`, `-k`).
    pub tls: TlsOptions,
    /// Which addresses connections go to (curl's `-4`, `-6`,
    /// `--resolve`); by default the system resolver's, any family.
    pub resolve: Resolve,
}

/// Which servers HTTPS trusts. By default those whose certificate chains
/// to the Mozilla roots (webpki-roots) and names the URL's host.
///
/// # Example
///
/// ```
/// use uniform_access::TlsOptions;
/// let t = TlsOptions::default();
/// assert!(t.ca_file.is_none() && !t.insecure);
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct TlsOptions {
    /// Trust the certificates of this PEM file instead of the Mozilla
    /// roots (curl's `--cacert`).
    pub ca_file: Option<std::path::PathBuf>,
    /// Check no certificate at all (curl's `-k`): the connection is
    /// encrypted but the server is whoever answers.
    pub insecure: bool,
    /// Trust the certificates of this PEM file for an `https://` proxy
    /// instead of the Mozilla roots (curl's `--proxy-cacert`). `-k` does
    /// not apply to a proxy, as curl's does not.
    pub proxy_ca_file: Option<std::path::PathBuf>,
    /// Check no certificate of an `https://` proxy (curl's
    /// `--proxy-insecure`).
    pub proxy_insecure: bool,
}

/// HTTP connections kept open between fetches: clones share them.
///
/// # Example
///
/// ```
/// use uniform_access::{Connections, FetchOptions};
/// let mut o = FetchOptions::default();
/// let shared = Connections::default();
/// o.connections = shared.clone();
/// assert!(o.connections.shares(&shared));
/// assert!(!FetchOptions::default().connections.shares(&shared));
/// ```
#[derive(Clone, Default)]
pub struct Connections(Arc<Mutex<Pool>>);

/// What [`Connections`] keeps.
#[derive(Default)]
struct Pool {
    /// HTTP connections at rest between responses, each with what it is
    /// good for (`http/exchange.rs` says: the endpoint, the route, the
    /// TLS name), the most recently used last.
    http: Vec<(String, crate::http::conn::Reader)>,
    /// An FTP control connection, logged in, kept for the next URL of
    /// the same server and user, with where it stands.
    ftp: Option<(FtpKey, crate::line::conn::LineConn, FtpState)>,
}

/// The most HTTP connections kept at rest (curl's connection cache
/// keeps five a transfer; a run of several hosts needs a few).
const KEPT_HTTP: usize = 8;

/// What an FTP control connection is good for: its server and its user.
/// Not its directory: a URL of another one gets there from the entry
/// directory (see [`FtpState`]), as curl's connection cache does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct FtpKey {
    pub(crate) host: String,
    pub(crate) port: u16,
    pub(crate) user: Vec<u8>,
}

/// Where a kept FTP control connection stands, for the next URL to pick
/// up: what it would otherwise have to send again, or where it has to go
/// back to first.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct FtpState {
    /// The representation type its last `TYPE` set.
    pub(crate) ty: Option<uniform::plan::FtpType>,
    /// The cwd segments its `CWD`s went through from the entry directory.
    pub(crate) cwd: Vec<Vec<u8>>,
    /// The directory the login reached, as `PWD` named it; `None` when
    /// the server did not say (or said it in a way no line can carry).
    pub(crate) entry: Option<Vec<u8>>,
}

impl Connections {
    /// Whether `self` and `other` are the same pool.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform_access::Connections;
    /// let a = Connections::default();
    /// assert!(a.shares(&a.clone()));
    /// ```
    pub fn shares(&self, other: &Connections) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }

    /// The HTTP connection kept for `key`, if there is one.
    pub(crate) fn take_http(&self, key: &str) -> Option<crate::http::conn::Reader> {
        let mut p = self.0.lock().ok()?;
        let at = p.http.iter().rposition(|(k, _)| k == key)?;
        Some(p.http.remove(at).1)
    }

    /// Keeps `conn`, whose last response was read whole, for the next URL
    /// of `key`; past [`KEPT_HTTP`] connections the least recently used
    /// is closed.
    pub(crate) fn keep_http(&self, key: String, conn: crate::http::conn::Reader) {
        if let Ok(mut p) = self.0.lock() {
            if p.http.len() >= KEPT_HTTP {
                p.http.remove(0);
            }
            p.http.push((key, conn));
        }
    }

    /// The FTP control connection kept for `key`, if there is one, with
    /// where it stands; one kept for another key is closed (dropped: its
    /// server sees the connection end).
    pub(crate) fn take_ftp(&self, key: &FtpKey) -> Option<(crate::line::conn::LineConn, FtpState)> {
        let mut p = self.0.lock().ok()?;
        match p.ftp.take() {
            Some((k, conn, state)) if k == *key => Some((conn, state)),
            _ => None,
        }
    }

    /// Ends what is kept: a kept FTP control connection is sent `QUIT`
    /// (its answer waited for a few seconds at most), the HTTP ones are
    /// closed.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform_access::Connections;
    /// Connections::default().close();
    /// ```
    pub fn close(&self) {
        let Ok(mut p) = self.0.lock() else { return };
        p.http.clear();
        if let Some((_, mut conn, _)) = p.ftp.take()
            && conn.send(b"QUIT").is_ok()
        {
            let _ = conn.reply_within(Some(std::time::Duration::from_secs(5)));
        }
    }

    /// Keeps `conn`, which stands at `state`, for the next URL of `key`.
    pub(crate) fn park_ftp(&self, key: FtpKey, conn: crate::line::conn::LineConn, state: FtpState) {
        if let Ok(mut p) = self.0.lock() {
            p.ftp = Some((key, conn, state));
        }
    }
}

impl std::fmt::Debug for Connections {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Connections(..)")
    }
}

/// What an HTTP response becomes (curl's `-L`, `-f`, `-i`, `-I`).
///
/// The defaults are a library's: redirects followed, a 4xx or 5xx status
/// an error, no head in the output. `uniform fetch` sets curl's:
/// redirects followed with `-L` only, an error status a failure with
/// `-f` only.
///
/// # Example
///
/// ```
/// use uniform_access::{FetchOptions, HttpResponses, HeadOutput};
/// let mut o = FetchOptions::default();
/// o.http = HttpResponses { follow: false, fail: false, fail_passing: false, head: HeadOutput::Include };
/// assert!(FetchOptions::default().http.follow);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HttpResponses {
    /// Redirects are followed (up to `max_redirects`); else a redirect is
    /// a response like any other, delivered with its body.
    pub follow: bool,
    /// A 4xx or 5xx status is an error (curl's `-f`, exit 22); else the
    /// response's body is delivered.
    pub fail: bool,
    /// The statuses curl's `--retry` tries again (408, 429, 500, 502,
    /// 503, 504) are errors even without `fail`: a try that is not the
    /// last writes no error page.
    pub fail_passing: bool,
    /// Where the response head goes.
    pub head: HeadOutput,
}

impl Default for HttpResponses {
    fn default() -> HttpResponses {
        HttpResponses {
            follow: true,
            fail: true,
            fail_passing: false,
            head: HeadOutput::None,
        }
    }
}

/// Whether the head of the last HTTP response is written to the output.
///
/// # Example
///
/// ```
/// use uniform_access::HeadOutput;
/// assert_ne!(HeadOutput::Only, HeadOutput::Include);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum HeadOutput {
    /// The body only.
    #[default]
    None,
    /// The head, then the body (curl's `-i`).
    Include,
    /// The head only, no body read (curl's `-I`).
    Only,
}

impl Default for FetchOptions {
    fn default() -> FetchOptions {
        FetchOptions {
            plan: PlanOptions::default(),
            timeouts: Timeouts::default(),
            password: None,
            proxies: Proxies::default(),
            max_redirects: 10,
            message: None,
            file_via_ftp: false,
            show_password: false,
            gopher_strict: false,
            http: HttpResponses::default(),
            trace: None,
            connections: Connections::default(),
            tls: TlsOptions::default(),
            resolve: Resolve::default(),
        }
    }
}
