//! What lives across the URLs of a run: the connections kept open, the
//! `-v` tracer, the time limits.
//!
//! Handed to every executor explicitly, beside the [`crate::FetchOptions`]
//! of one fetch, rather than put in force on a thread: a worker thread, a
//! fetch inside a fetch (a `file:` URL by FTP, a Prospero link) or a
//! connection kept for the next URL then uses the session it was given.
//! What a route decides (a SOCKS proxy for this URL, the addresses
//! `--resolve` pins, the family) is no part of it: the plan's
//! [`uniform::plan::Route`] records that.

use crate::exclude::Exclusions;
use crate::net::{Dial, Timeouts};
use crate::pool::Connections;
use crate::proxy::SocksProxy;
use crate::trace::Tracer;
use uniform::plan::Route;

/// What the fetches of a run share: time limits, the trace and the
/// connections kept between URLs.
///
/// Clones share the kept connections (as [`Connections`] clones do), so a
/// clone may carry a tracer of its own (one try of a URL) and still reuse
/// what the others left open.
///
/// # Example
///
/// ```
/// use std::time::Duration;
/// use uniform::UrlRef;
/// use uniform_access::{AccessErrorKind, FetchOptions, Session, Unattended, fetch};
/// let mut session = Session::default();
/// session.timeouts.connect = Duration::from_secs(5);
/// let url = UrlRef::parse("ftp://127.0.0.1:47/x.txt")?;
/// let opts = FetchOptions::default();
/// let e = fetch(&url, &opts, &session, &mut Vec::new(), &mut Unattended).unwrap_err();
/// assert_eq!(e.kind(), AccessErrorKind::Connect);
/// assert!(session.clone().connections.shares(&session.connections));
/// session.close();
/// # Ok::<_, uniform::ParseError>(())
/// ```
#[derive(Clone, Debug, Default)]
#[non_exhaustive]
pub struct Session {
    /// Time limits.
    pub timeouts: Timeouts,
    /// Where the lines sent and received go, when the user asks to see
    /// them (curl's `-v`).
    pub tracer: Option<Tracer>,
    /// The open connections, kept for the next fetch of this session (or
    /// a clone of it): several URLs of one server over one connection, as
    /// curl does.
    pub connections: Connections,
}

impl Session {
    /// Ends what the session keeps open ([`Connections::close`]).
    ///
    /// # Example
    ///
    /// ```
    /// uniform_access::Session::default().close();
    /// ```
    pub fn close(&self) {
        self.connections.close();
    }

    /// How this session's connections are made on `route`, through
    /// `socks` (the configured proxy the route names, with its login)
    /// when the route goes through a SOCKS proxy, no address of the
    /// classes `exclusions` names connected to (the fetch's, as
    /// [`crate::FetchOptions::exclusions`] gives them).
    pub(crate) fn dial<'a>(
        &'a self,
        route: &'a Route,
        socks: Option<&'a SocksProxy>,
        exclusions: Exclusions,
    ) -> Dial<'a> {
        Dial {
            route: Some(route),
            socks,
            tracer: self.tracer.as_ref(),
            exclusions,
        }
    }

    /// The tracer, borrowed, as the trace functions take it.
    pub(crate) fn trace(&self) -> Option<&Tracer> {
        self.tracer.as_ref()
    }
}
