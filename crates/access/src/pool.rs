//! The connections kept open between the URLs of a session: several URLs
//! of one server over one connection, as curl's connection cache does.
//!
//! A module of its own, below the protocols, so that what a fetch is told
//! (options.rs) and what it keeps (session.rs) depend on no protocol.

use crate::line::conn::LineConn;
use crate::stream::Reader;
use std::sync::{Arc, Mutex};

/// HTTP connections (and an FTP control connection) kept open between
/// fetches: clones share them.
///
/// # Example
///
/// ```
/// use uniform_access::{Connections, Session};
/// let mut s = Session::default();
/// let shared = Connections::default();
/// s.connections = shared.clone();
/// assert!(s.connections.shares(&shared));
/// assert!(!Session::default().connections.shares(&shared));
/// ```
#[derive(Clone, Default)]
pub struct Connections(Arc<Mutex<Pool>>);

/// What [`Connections`] keeps.
#[derive(Default)]
struct Pool {
    /// HTTP connections at rest between responses, each with what it is
    /// good for (`http/exchange.rs` says: the endpoint, the route, the
    /// TLS name), the most recently used last.
    http: Vec<(String, Reader)>,
    /// An FTP control connection, logged in, kept for the next URL of
    /// the same server and user, with where it stands.
    ftp: Option<(FtpKey, LineConn, FtpState)>,
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
    pub(crate) fn take_http(&self, key: &str) -> Option<Reader> {
        let mut p = self.0.lock().ok()?;
        let at = p.http.iter().rposition(|(k, _)| k == key)?;
        Some(p.http.remove(at).1)
    }

    /// Keeps `conn`, whose last response was read whole, for the next URL
    /// of `key`; past [`KEPT_HTTP`] connections the least recently used
    /// is closed.
    pub(crate) fn keep_http(&self, key: String, conn: Reader) {
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
    pub(crate) fn take_ftp(&self, key: &FtpKey) -> Option<(LineConn, FtpState)> {
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
        if let Some((_, mut conn, _)) = p.ftp.take() {
            // The goodbye belongs to no fetch: the tracer of the one that
            // parked the connection has had its say.
            conn.untrace();
            if conn.send(b"QUIT").is_ok() {
                let _ = conn.reply_within(Some(std::time::Duration::from_secs(5)));
            }
        }
    }

    /// Keeps `conn`, which stands at `state`, for the next URL of `key`.
    pub(crate) fn park_ftp(&self, key: FtpKey, conn: LineConn, state: FtpState) {
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
