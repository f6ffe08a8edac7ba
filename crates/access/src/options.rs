//! What an access needs besides the URL.

use crate::net::Timeouts;
use crate::proxy::Proxies;
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
/// assert!(!o.gopher_text_to_close);
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
    /// A gopher text item (type 0) may end when the server closes, without
    /// RFC 1436's "." line (`--gopher-text-to-close`), as gophernicus and
    /// pygopherd send them; by default such a text is an error, since it
    /// cannot be told from one cut short.
    pub gopher_text_to_close: bool,
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
            gopher_text_to_close: false,
        }
    }
}
