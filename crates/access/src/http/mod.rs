//! HTTP and HTTPS (RFC 1738 section 3.3; RFC 1630 "HTTP"), and any URL
//! an HTTP gateway fetches (RFC 1630; RFC 1738 section 4).
//!
//! The GET is the one the plan gives: the path and search part as the
//! request target, never the fragment, the host in a Host field. The body
//! streams to the output as it arrives; its Content-Length, when sent, is
//! the size the user is shown. HTTPS is rustls with the Mozilla roots
//! (webpki-roots) and checks the server's name. Every route (direct, a
//! gateway, a tunnel) sends the plan's octets through exchange.rs, so
//! `uniform plan` shows what goes on the wire, field names as written.
//!
//! Redirects are followed up to `FetchOptions::max_redirects`, each target
//! checked before it is contacted (see `redirect.rs`); credentials go only
//! to the origin the user named (see `auth.rs`). A 4xx or 5xx status is an
//! error quoting the status line; 401 and 407 are
//! [`AccessErrorKind::Auth`], the rest [`AccessErrorKind::Protocol`].

mod auth;
pub(crate) mod exchange;
mod failure;
pub(crate) mod redirect;
pub(crate) mod response;
mod shown;
mod tls;
pub(crate) mod wire;

use crate::error::{AccessError, AccessErrorKind};
use crate::executor::executor;
use crate::fetched::Fetched;
use crate::interaction::Exchange;
use crate::interaction::Interaction;
use crate::net::Deadline;
use crate::options::{FetchOptions, HeadOutput};
use crate::retry::Retry;
use crate::session::Session;
use crate::trace;
use failure::io_error;
use response::Response;
use std::io::{self, Read, Write};
use uniform::plan::{Dialogue, HttpPlan, Route};
use uniform::{Url, UrlRef};

executor!(
    /// The HTTP executor: [`fetch`] on the plan's request and route,
    /// redirects planned and judged in turn.
    Http,
    Http,
    |job, p, out, ui| {
        let route = job.plan.route();
        fetch(&job.url, p, route, job.opts, job.session, out, ui)
    }
);

/// Runs an HTTP plan on its route, following redirects: each hop is
/// planned and judged like the first, its route decided by the same
/// planner (redirect.rs says which are followed), the credentials carried
/// only to the origin they came with.
pub(crate) fn fetch(
    url: &UrlRef<'_>,
    first: &HttpPlan,
    first_route: &Route,
    opts: &FetchOptions,
    session: &Session,
    out: &mut dyn Write,
    ui: &mut dyn Interaction,
) -> Result<Fetched, AccessError> {
    let started = std::time::Instant::now();
    let deadline = Deadline::after(session.timeouts.total);
    let credentials = auth::of_url(url, opts, ui)?;
    let origin = auth::Origin::of(url);
    let mut current: Url = url.to_url();
    let mut plan = first.clone();
    let mut decided = first_route.clone();
    let mut hops = 0u32;
    loop {
        let here = current.as_url_ref();
        let auth = credentials
            .as_ref()
            .filter(|_| auth::Origin::of(&here) == origin);
        // A redirect's target has its own route (its own gateway, SOCKS
        // proxy, or none for no_proxy), decided when it was planned.
        let gateway = crate::planning::gateway_of(&here, &decided, opts)?
            .filter(|_| plan.route.is_some() || plan.tunnel.is_some());
        let socks = crate::planning::socks_of(&here, &decided, opts)?;
        let route = exchange::Route {
            server_tls: if plan.tls {
                Some(tls::server(&opts.tls, &here)?)
            } else {
                None
            },
            gateway_tls: match gateway {
                Some(g) if g.tls() => Some(tls::proxy(&opts.tls, &here)?),
                _ => None,
            },
            gateway,
            socks,
            decided: &decided,
            exclusions: opts.exclusions,
        };
        let (response, doing) = exchange::send(
            &here,
            &plan,
            &route,
            auth.map(|c| c.header()),
            session,
            deadline,
            started,
        )?;
        let fail = |kind, message: &str, r: &Response| {
            AccessError::new(kind, here.scheme(), here.hostname(), message)
                .with_reply(&r.status_line)
        };
        let exchange = Exchange {
            method: plan.head.method.clone(),
            url: shown::shown(&here),
            status: response.status,
            status_line: response.status_line.clone(),
            version: response.version.clone(),
            headers: response.headers.clone(),
            redirects: hops,
            remote: response.via.addresses.map(|(r, _)| r),
            local: response.via.addresses.map(|(_, l)| l),
            new_connection: response.via.new_connection,
            timings: response.via.timings,
        };
        ui.response(&exchange);
        if trace::on(session.trace()) {
            for line in exchange.head_bytes().split_inclusive(|&b| b == b'\n') {
                trace::received(session.trace(), line);
            }
        }
        let follow = opts.http.follow;
        let resuming = opts.plan.resume_from.is_some_and(|n| n > 0);
        match response.status {
            // Asked for the rest, given the whole: appended, it would
            // double the start (curl's exit 33).
            200 if resuming => {
                return Err(fail(
                    AccessErrorKind::Protocol,
                    &format!(
                        "{doing}: the server sent the whole object, not the rest asked for (no byte ranges): it cannot be resumed"
                    ),
                    &response,
                )
                .with_exit_code(RANGE_ERROR));
            }
            // Nothing after the octets had: the object is whole already.
            416 if resuming => return Ok(Fetched::Object { bytes: 0 }),
            200..=299 => {
                return deliver(
                    response, &exchange, &here, &doing, opts, session, &deadline, out, ui,
                );
            }
            s if follow && redirect::is_redirect(s) && response.location.is_some() => {
                if hops >= opts.max_redirects {
                    return Err(fail(
                        AccessErrorKind::Redirect,
                        &format!(
                            "{doing}: more than {} redirects (--max-redirects)",
                            opts.max_redirects
                        ),
                        &response,
                    ));
                }
                let next = redirect::next(
                    &here,
                    response.location.as_deref().unwrap_or_default(),
                    opts,
                )?;
                drop(response);
                (plan, decided) =
                    hop_plan(&next.as_url_ref(), credentials.as_ref(), &origin, opts)?;
                current = next;
                hops += 1;
            }
            401 | 407 if opts.http.fail => {
                return Err(fail(
                    AccessErrorKind::Auth,
                    &format!("{doing}: the login was refused"),
                    &response,
                )
                .with_exit_code(HTTP_ERROR));
            }
            s @ 400..
                if opts.http.fail
                    || (opts.http.fail_passing && Retry::of_status(s) == Retry::Passing) =>
            {
                return Err(
                    fail(AccessErrorKind::Protocol, &doing, &response).with_exit_code(HTTP_ERROR)
                );
            }
            // Not followed, not failed: a response like any other (curl
            // without -L, without -f).
            _ => {
                return deliver(
                    response, &exchange, &here, &doing, opts, session, &deadline, out, ui,
                );
            }
        }
    }
}

/// The plan of a redirect's target and its route, judged as any: with
/// the credentials of the first URL when it is of the same origin and
/// names no user.
fn hop_plan(
    next: &UrlRef<'_>,
    credentials: Option<&auth::Credentials>,
    origin: &auth::Origin,
    opts: &FetchOptions,
) -> Result<(HttpPlan, Route), AccessError> {
    let mut o = opts.clone();
    if let Some(c) = credentials.filter(|_| auth::Origin::of(next) == *origin) {
        o.plan.credentials = Some(c.pair());
    }
    let plan = crate::planning::plan_for(next, &o)?;
    match plan.dialogue() {
        Dialogue::Http(p) => Ok((p.clone(), plan.route().clone())),
        _ => Err(AccessError::new(
            AccessErrorKind::Unsupported,
            next.scheme(),
            next.hostname(),
            "the redirect leads to a URL that only a gateway can fetch here, and none is configured for it",
        )),
    }
}

/// curl's exit status for a transfer that cannot resume (CURLE_RANGE_ERROR).
const RANGE_ERROR: u8 = 33;

/// The most a body read takes at once.
const BODY_BUFFER: usize = 512 * 1024;

/// curl's exit status for an HTTP error status under `-f`
/// (CURLE_HTTP_RETURNED_ERROR).
const HTTP_ERROR: u8 = 22;

/// Streams the body to `out`, telling `ui` the size and the progress;
/// the head first (`-i`) or alone (`-I`) when asked.
#[allow(clippy::too_many_arguments)]
fn deliver(
    mut response: Response,
    exchange: &Exchange,
    url: &UrlRef<'_>,
    doing: &str,
    opts: &FetchOptions,
    session: &Session,
    deadline: &Deadline,
    out: &mut dyn Write,
    ui: &mut dyn Interaction,
) -> Result<Fetched, AccessError> {
    let write_fail = |e: io::Error| {
        AccessError::new(
            AccessErrorKind::Io,
            url.scheme(),
            url.hostname(),
            format!("{doing}: writing the output: {e}"),
        )
        .with_source(e)
    };
    if opts.http.head != HeadOutput::None {
        out.write_all(&exchange.head_bytes()).map_err(write_fail)?;
    }
    if opts.http.head == HeadOutput::Only {
        out.flush().map_err(write_fail)?;
        return Ok(Fetched::Object { bytes: 0 });
    }
    if let Some(n) = response.content_length {
        ui.size_known(n);
    }
    // Memory stays this buffer whatever the object's size; a small
    // object's is small (zeroing 128 KiB for each of ten thousand small
    // files was a tenth of their fetch's time).
    let size = response.content_length.map_or(BODY_BUFFER, |n| {
        usize::try_from(n)
            .unwrap_or(BODY_BUFFER)
            .clamp(1, BODY_BUFFER)
    });
    let mut buf = vec![0u8; size];
    let mut written = 0u64;
    // The connection's reads keep to the limits (conn.rs `Limited`).
    loop {
        let read = response.body.read(&mut buf);
        let n = match read {
            Ok(0) => break,
            Ok(n) => n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) if e.kind() == io::ErrorKind::UnexpectedEof => {
                let of = response
                    .content_length
                    .map(|n| format!(" of {n}"))
                    .unwrap_or_default();
                return Err(AccessError::new(
                    AccessErrorKind::Io,
                    url.scheme(),
                    url.hostname(),
                    format!("{doing}: the connection ended after {written}{of} octets of the body"),
                )
                .with_source(e)
                .with_exit_code(crate::error::PARTIAL));
            }
            Err(e) => {
                return Err(io_error(
                    url,
                    doing,
                    "reading the body",
                    e,
                    &session.timeouts,
                    deadline,
                ));
            }
        };
        out.write_all(&buf[..n]).map_err(write_fail)?;
        written += n as u64;
        ui.progress(written);
    }
    out.flush().map_err(write_fail)?;
    Ok(Fetched::Object { bytes: written })
}

#[cfg(test)]
mod tests {
    use super::shown::{secs, shown};
    use super::*;
    use std::time::Duration;

    #[test]
    fn shown_hides_the_password_only() {
        let u = UrlRef::parse("ftp://me:s3cret@h/x").unwrap();
        assert_eq!(shown(&u), "ftp://me:****@h/x");
        assert_eq!(
            shown(&UrlRef::parse("ftp://me:@h/x").unwrap()),
            "ftp://me:@h/x"
        );
        assert_eq!(shown(&UrlRef::parse("http://h/x").unwrap()), "http://h/x");
    }

    #[test]
    fn a_redirect_carries_credentials_to_its_origin_only() {
        let first = UrlRef::parse("http://u:p@h:8080/a").unwrap();
        let origin = auth::Origin::of(&first);
        let c = auth::Credentials::basic(b"u", b"p").unwrap();
        let o = FetchOptions::default();
        let same = UrlRef::parse("http://h:8080/b").unwrap();
        let (p, _) = hop_plan(&same, Some(&c), &origin, &o).unwrap();
        assert_eq!(
            p.head.header("Authorization").map(|l| l.revealed()),
            Some(c.header().to_string())
        );
        let other = UrlRef::parse("http://elsewhere:8080/b").unwrap();
        let (p, _) = hop_plan(&other, Some(&c), &origin, &o).unwrap();
        assert!(p.head.header("Authorization").is_none());
    }

    #[test]
    fn a_redirect_takes_the_route_its_own_plan_decides() {
        let origin = auth::Origin::of(&UrlRef::parse("http://h/a").unwrap());
        let mut o = FetchOptions {
            proxies: crate::proxy::Proxies::from_vars(|k| {
                (k == "no_proxy").then(|| "inside.example".to_string())
            })
            .unwrap(),
            ..FetchOptions::default()
        };
        o.proxies.socks_spec("socks5h://127.0.0.1:1080").unwrap();
        o.resolve.add("h:80:127.0.0.1").unwrap();
        let out = UrlRef::parse("http://h/b").unwrap();
        let (_, route) = hop_plan(&out, None, &origin, &o).unwrap();
        assert_eq!(route.via.name(), "socks5h");
        // Through SOCKS the names are the proxy's: no pin is taken.
        assert!(route.pins.is_empty());
        let inside = UrlRef::parse("http://inside.example/b").unwrap();
        let (_, route) = hop_plan(&inside, None, &origin, &o).unwrap();
        assert!(route.is_direct());
        assert_eq!(route.pins.len(), 1);
    }

    #[test]
    fn durations_read_as_seconds() {
        assert_eq!(secs(Duration::from_secs(30)), "30 s");
        assert_eq!(secs(Duration::from_millis(500)), "0.5 s");
    }
}
