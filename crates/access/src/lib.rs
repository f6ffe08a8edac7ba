//! Uniform's access layer: fetch what a URL names over the scheme's own
//! protocol, against real servers.
//!
//! Access is plan, then execute: [`fetch`] asks `uniform` for the URL's
//! plan (RFC 1738 section 3's access algorithm, checked by the safety policy
//! of section 6), refuses it if the policy does, then runs it with the
//! protocol module of the scheme, streaming the object to a writer.
//! Directories, menus and groups come back as a [`Listing`].
//!
//! Blocking I/O with explicit time limits ([`Timeouts`]), like curl's easy
//! interface. What lives across URLs (the time limits, the tracer, the
//! connections kept open) is a [`Session`], handed to every fetch beside
//! its [`FetchOptions`]; what one access's connections go through (a
//! proxy, the `--resolve` pins, the family) is its plan's route
//! ([`uniform::plan::Route`]), decided once by the planner.
#![forbid(unsafe_code)]
#![deny(missing_docs, missing_debug_implementations)]

mod date;
pub mod error;
pub mod exclude;
mod executor;
mod fetched;
#[doc(hidden)]
pub mod fuzzing;
mod interaction;
mod line;
pub mod listing;
pub mod net;
pub mod netrc;
mod options;
pub mod output;
mod planning;
mod pool;
pub mod proxy;
mod retry;
mod session;
mod stream;

mod file;
mod ftp;
mod gopher;
mod http;
mod nntp;
pub mod prospero;
mod smtp;
mod socks;
mod telnet;
mod trace;
pub mod wais;

/// The README's Rust examples, compiled and run as doctests so that they
/// stay true (here, where both `uniform` and `uniform_access` are in scope).
#[cfg(doctest)]
#[doc = include_str!("../../../README.md")]
pub struct ReadmeExamples;

/// The library guide's Rust examples (docs/library.md), run as doctests
/// the same way (outside the crate's directory, hence only under doctest:
/// the packaged crate never reads it).
#[cfg(doctest)]
#[doc = include_str!("../../../docs/library.md")]
pub struct LibraryGuideExamples;

/// This crate's own README (what crates.io shows), its example run as a
/// doctest too.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct CrateReadmeExample;

pub use error::{AccessError, AccessErrorKind};
pub use fetched::Fetched;
pub use ftp::list as ftp_list;
pub use interaction::{Exchange, Interaction, Timings, Unattended};
pub use listing::{Entry, EntryKind, Listing};
pub use net::Timeouts;
pub use options::{FetchOptions, HeadOutput, HttpResponses, Message, TlsOptions};
pub use planning::{plan_for, require_config, route};
pub use pool::Connections;
pub use retry::Retry;
pub use session::Session;
pub use socks::{SocksError, SocksErrorKind};
pub use telnet::{ESCAPE_KEY, SessionEnd, TelnetSession};
pub use trace::{Trace, Tracer};

use executor::{Executed, Executor, Job};
use std::io::Write;
use uniform::Protocol;
use uniform::UrlRef;
use uniform::plan::{Approved, Endpoint};

/// Fetches what `url` names, writing an object to `out`, with what
/// `session` keeps across URLs.
///
/// # Errors
///
/// An [`AccessError`] naming the scheme, the host and the server's reply.
///
/// # Example
///
/// ```
/// use uniform::UrlRef;
/// use uniform_access::{AccessErrorKind, FetchOptions, Session, Unattended, fetch};
/// // RFC 1738 section 6: never sent.
/// let url = UrlRef::parse("ftp://h/%0D%0ADELE%20x")?;
/// let (opts, session) = (FetchOptions::default(), Session::default());
/// let e = fetch(&url, &opts, &session, &mut Vec::new(), &mut Unattended).unwrap_err();
/// assert!(matches!(e.kind(), AccessErrorKind::Refused(_)));
/// # Ok::<_, uniform::ParseError>(())
/// ```
pub fn fetch(
    url: &UrlRef<'_>,
    opts: &FetchOptions,
    session: &Session,
    out: &mut dyn Write,
    ui: &mut dyn Interaction,
) -> Result<Fetched, AccessError> {
    // libwww's fallback for a file of another host: anonymous FTP (file.rs).
    if let Some(ftp) = file::via_ftp(url, opts) {
        return fetch(&ftp?.as_url_ref(), opts, session, out, ui);
    }
    let plan = plan_for(url, opts)?;
    require_config(&plan)?;
    execute(&plan, opts, session, out, ui)
}

/// [`fetch`] of a URL planned already: the plan's configuration required,
/// then the plan executed; a `file` URL of another host, when the options
/// send it by anonymous FTP, fetched as that other URL (planned then, as
/// any URL is).
///
/// # Errors
///
/// As [`fetch`].
///
/// # Example
///
/// ```
/// use uniform::UrlRef;
/// use uniform_access::{AccessErrorKind, FetchOptions, Session, Unattended, fetch_planned, plan_for};
/// let url = UrlRef::parse("news:comp.lang.rust")?;
/// let (opts, session) = (FetchOptions::default(), Session::default());
/// let plan = plan_for(&url, &opts).unwrap();
/// // No news server configured: refused before connecting.
/// let e = fetch_planned(&plan, &opts, &session, &mut Vec::new(), &mut Unattended).unwrap_err();
/// assert!(matches!(e.kind(), AccessErrorKind::Config(_)));
/// # Ok::<_, uniform::ParseError>(())
/// ```
pub fn fetch_planned(
    plan: &Approved,
    opts: &FetchOptions,
    session: &Session,
    out: &mut dyn Write,
    ui: &mut dyn Interaction,
) -> Result<Fetched, AccessError> {
    if let Some(ftp) = file::via_ftp(&plan.url().as_url_ref(), opts) {
        return fetch(&ftp?.as_url_ref(), opts, session, out, ui);
    }
    require_config(plan)?;
    execute(plan, opts, session, out, ui)
}

/// The executor of each protocol: the one place a new protocol's executor
/// is named, and a match the compiler holds to every protocol.
fn executor(protocol: Protocol) -> &'static dyn Executor {
    match protocol {
        Protocol::Ftp => &ftp::Ftp,
        Protocol::Http => &http::Http,
        Protocol::Gopher => &gopher::Gopher,
        Protocol::Nntp => &nntp::Nntp,
        Protocol::Smtp => &smtp::Smtp,
        Protocol::Telnet => &telnet::Telnet,
        Protocol::Rlogin => &telnet::RLOGIN,
        Protocol::Tn3270 => &telnet::TN3270,
        Protocol::Wais => &wais::Wais,
        Protocol::File => &file::LocalFiles,
        Protocol::Prospero => &prospero::Prospero,
    }
}

/// Runs a judged plan: the protocol of its dialogue executes that
/// dialogue on the plan's route ([`Approved::route`]), and nothing else
/// reaches the wire.
///
/// # Errors
///
/// An [`AccessError`] naming the scheme, the host and the server's reply.
///
/// # Example
///
/// ```
/// use uniform::UrlRef;
/// use uniform_access::{AccessErrorKind, FetchOptions, Session, Unattended, execute, plan_for};
/// let url = UrlRef::parse("ftp://127.0.0.1:47/x.txt")?;
/// let (opts, session) = (FetchOptions::default(), Session::default());
/// let plan = plan_for(&url, &opts).unwrap();
/// let e = execute(&plan, &opts, &session, &mut Vec::new(), &mut Unattended).unwrap_err();
/// assert_eq!(e.kind(), AccessErrorKind::Connect);
/// # Ok::<_, uniform::ParseError>(())
/// ```
pub fn execute(
    plan: &Approved,
    opts: &FetchOptions,
    session: &Session,
    out: &mut dyn Write,
    ui: &mut dyn Interaction,
) -> Result<Fetched, AccessError> {
    let url = plan.url().as_url_ref();
    let route = plan.route();
    let socks = planning::socks_of(&url, route, opts)?;
    let dial = session.dial(route, socks, opts.exclusions);
    let job = Job {
        plan,
        url,
        opts,
        session,
        dial,
    };
    let result = match executor(plan.dialogue().protocol()).execute(&job, out, ui) {
        Ok(Executed::Done(fetched)) => Ok(fetched),
        // The object named elsewhere (Prospero's access method): fetched
        // as any URL is, planned and judged first.
        Ok(Executed::Elsewhere(target)) => fetch(&target.as_url_ref(), opts, session, out, ui),
        Err(e) => Err(e),
    };
    // Messages name the port connected to, so that "ftp://h" on 2121 is
    // not read as the default port.
    let connects = match plan.endpoint() {
        Some(Endpoint::Host { host, port }) => Some((host.clone(), *port)),
        _ => None,
    };
    result.map_err(|e| match (connects, url.port_or_default()) {
        (Some((host, port)), _) if e.host() == Some(host.as_str()) => e.with_port(port),
        (_, Some(port)) if e.host().is_some() && e.host() == url.hostname() => e.with_port(port),
        _ => e,
    })
}
