//! HTTP and HTTPS (RFC 1738 section 3.3; RFC 1630 "HTTP"), and any URL
//! an HTTP gateway fetches (RFC 1630; RFC 1738 section 4).
//!
//! The GET is the one the plan gives: the path and search part as the
//! request target, never the fragment, the host in a Host field. The body
//! streams to the output as it arrives; its Content-Length, when sent, is
//! the size the user is shown. HTTPS is rustls with the Mozilla roots
//! (webpki-roots) and checks the server's name.
//!
//! Redirects are followed up to `FetchOptions::max_redirects`, each target
//! checked before it is contacted (see `redirect.rs`); credentials go only
//! to the origin the user named (see `auth.rs`). A 4xx or 5xx status is an
//! error quoting the status line; 401 and 407 are
//! [`AccessErrorKind::Auth`], the rest [`AccessErrorKind::Protocol`].

mod auth;
mod direct;
mod redirect;
mod response;
mod shown;
mod wire;

use crate::error::{AccessError, AccessErrorKind};
use crate::fetched::Fetched;
use crate::interaction::Interaction;
use crate::net::Deadline;
use crate::options::FetchOptions;
use crate::proxy::Gateway;
use direct::io_error;
use response::Response;
use std::io::{self, Read, Write};
use uniform::plan::Step;
use uniform::{Scheme, Url, UrlRef};

/// Fetches an `http` or `https` URL directly (no proxy applies to it).
pub(crate) fn fetch(
    url: &UrlRef<'_>,
    opts: &FetchOptions,
    out: &mut dyn Write,
    ui: &mut dyn Interaction,
) -> Result<Fetched, AccessError> {
    run(url, None, opts, out, ui)
}

/// Fetches `url`, of any scheme, through `gateway`: the whole URL on the
/// request line, or a CONNECT tunnel for `https`.
pub(crate) fn through_proxy(
    url: &UrlRef<'_>,
    gateway: &Gateway,
    opts: &FetchOptions,
    out: &mut dyn Write,
    ui: &mut dyn Interaction,
) -> Result<Fetched, AccessError> {
    run(url, Some(gateway.clone()), opts, out, ui)
}

fn run(
    url: &UrlRef<'_>,
    first: Option<Gateway>,
    opts: &FetchOptions,
    out: &mut dyn Write,
    ui: &mut dyn Interaction,
) -> Result<Fetched, AccessError> {
    let deadline = Deadline::after(opts.timeouts.total);
    let credentials = auth::of_url(url, opts, ui)?;
    let origin = auth::Origin::of(url);
    let mut agent = None;
    let mut current: Url = url.to_url();
    let mut route = first;
    let mut hops = 0u32;
    loop {
        let here = current.as_url_ref();
        let auth = credentials
            .as_ref()
            .filter(|_| auth::Origin::of(&here) == origin);
        let (response, doing) = match &route {
            Some(g) if here.scheme_kind() != Scheme::Https => {
                wire::get(&here, g, auth.map(|c| c.header()), &opts.timeouts, deadline)?
            }
            tunnel => {
                if !matches!(here.scheme_kind(), Scheme::Http | Scheme::Https) {
                    return Err(AccessError::new(
                        AccessErrorKind::Unsupported,
                        here.scheme(),
                        here.hostname(),
                        "the redirect leads to a URL that only a gateway can fetch here, and none is configured for it",
                    ));
                }
                let (target, host) = request_of(&here, opts)?;
                let agent = agent.get_or_insert_with(|| direct::agent(&opts.timeouts));
                direct::get(
                    agent,
                    &here,
                    &target,
                    &host,
                    auth,
                    tunnel.as_ref(),
                    &opts.timeouts,
                    deadline,
                )?
            }
        };
        let fail = |kind, message: &str, r: &Response| {
            AccessError::new(kind, here.scheme(), here.hostname(), message)
                .with_reply(&r.status_line)
        };
        match response.status {
            200..=299 => return deliver(response, &here, &doing, opts, &deadline, out, ui),
            s if redirect::is_redirect(s) && response.location.is_some() => {
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
                route = opts.proxies.for_url(&next.as_url_ref());
                current = next;
                hops += 1;
            }
            401 | 407 => {
                return Err(fail(
                    AccessErrorKind::Auth,
                    &format!("{doing}: the login was refused"),
                    &response,
                ));
            }
            _ => return Err(fail(AccessErrorKind::Protocol, &doing, &response)),
        }
    }
}

/// The request target and Host field of `url`'s plan: the GET is the one
/// `uniform plan` shows. The plan also runs the safety policy again, which
/// a redirect target has passed already.
fn request_of(url: &UrlRef<'_>, opts: &FetchOptions) -> Result<(String, String), AccessError> {
    let plan = crate::planning::plan_for(url, opts)?;
    let mut lines = plan.steps().iter().filter_map(|s| match s {
        Step::Send(l) => l.wire(),
        _ => None,
    });
    let get = lines.next().unwrap_or_default();
    let host = lines.next().unwrap_or_default();
    let target = get
        .strip_prefix(b"GET ")
        .and_then(|g| g.strip_suffix(b" HTTP/1.1"));
    let host = host.strip_prefix(b"Host: ");
    match (target, host) {
        (Some(t), Some(h)) => Ok((
            String::from_utf8_lossy(t).into_owned(),
            String::from_utf8_lossy(h).into_owned(),
        )),
        _ => Err(AccessError::new(
            AccessErrorKind::Unsupported,
            url.scheme(),
            url.hostname(),
            "the plan has no GET line to send",
        )),
    }
}

/// Streams the body to `out`, telling `ui` the size and the progress.
fn deliver(
    mut response: Response,
    url: &UrlRef<'_>,
    doing: &str,
    opts: &FetchOptions,
    deadline: &Deadline,
    out: &mut dyn Write,
    ui: &mut dyn Interaction,
) -> Result<Fetched, AccessError> {
    if let Some(n) = response.content_length {
        ui.size_known(n);
    }
    // Memory stays this buffer whatever the object's size.
    let mut buf = vec![0u8; 128 * 1024];
    let mut written = 0u64;
    loop {
        let n = match response.body.read(&mut buf) {
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
                .with_source(e));
            }
            Err(e) => {
                return Err(io_error(
                    url,
                    doing,
                    "reading the body",
                    e,
                    &opts.timeouts,
                    deadline,
                ));
            }
        };
        out.write_all(&buf[..n]).map_err(|e| {
            AccessError::new(
                AccessErrorKind::Io,
                url.scheme(),
                url.hostname(),
                format!("{doing}: writing the output: {e}"),
            )
            .with_source(e)
        })?;
        written += n as u64;
        ui.progress(written);
    }
    out.flush().map_err(|e| {
        AccessError::new(
            AccessErrorKind::Io,
            url.scheme(),
            url.hostname(),
            format!("{doing}: writing the output: {e}"),
        )
        .with_source(e)
    })?;
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
    fn the_request_is_the_plans() {
        let u = UrlRef::parse("http://h:8080/a%20b?q#frag").unwrap();
        let (target, host) = request_of(&u, &FetchOptions::default()).unwrap();
        assert_eq!((target.as_str(), host.as_str()), ("/a%20b?q", "h:8080"));
        let u = UrlRef::parse("https://h").unwrap();
        assert_eq!(
            request_of(&u, &FetchOptions::default()).unwrap(),
            ("/".into(), "h".into())
        );
    }

    #[test]
    fn durations_read_as_seconds() {
        assert_eq!(secs(Duration::from_secs(30)), "30 s");
        assert_eq!(secs(Duration::from_millis(500)), "0.5 s");
    }
}
