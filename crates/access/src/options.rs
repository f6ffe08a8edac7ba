//! What one access is told besides the URL; what lives across URLs is
//! the session's (session.rs).

use crate::exclude::Exclusions;
use crate::net::Resolve;
use crate::proxy::Proxies;
use uniform::plan::PlanOptions;

/// The message a `mailto:` access sends: the plan's own type, which the
/// plan composes into the message's lines.
pub use uniform::plan::Message;

/// Options of [`crate::fetch`]: configuration, the routing settings
/// (proxies, `--resolve`, `-4`, `-6`), what responses become. Time
/// limits, the trace and the kept connections are the
/// [`crate::Session`]'s.
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
/// assert!(o.exclusions.is_off());
/// ```
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct FetchOptions {
    /// What plans need: mail address, servers, allowed ports, query.
    pub plan: PlanOptions,
    /// The password for a URL that names a user and no password, when the
    /// user gave it beforehand (`--password-stdin`); else the
    /// [`crate::Interaction`] is asked.
    pub password: Option<Vec<u8>>,
    /// Proxies and gateways.
    pub proxies: Proxies,
    /// The addresses names resolve to and the family connections keep to
    /// (curl's `--resolve`, `-4`, `-6`); the planner records them in each
    /// plan's route.
    pub resolve: Resolve,
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
    /// Which servers HTTPS trusts (curl's `--cacert`, `-k`).
    pub tls: TlsOptions,
    /// The classes of addresses no connection goes to (lychee's
    /// `--exclude-private`, `--exclude-loopback`, ...), screened after
    /// name resolution; none by default. Through a proxy that resolves
    /// names itself only an address literal is screened.
    pub exclusions: Exclusions,
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
    /// The statuses another try may change ([`crate::Retry::of_status`],
    /// curl's `--retry` set) are errors even without `fail`: a try that
    /// is not the last writes no error page.
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
            password: None,
            proxies: Proxies::default(),
            resolve: Resolve::default(),
            max_redirects: 10,
            message: None,
            file_via_ftp: false,
            show_password: false,
            gopher_strict: false,
            http: HttpResponses::default(),
            tls: TlsOptions::default(),
            exclusions: Exclusions::default(),
        }
    }
}
