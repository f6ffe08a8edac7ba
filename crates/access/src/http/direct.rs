//! One HTTP or HTTPS exchange with ureq: the GET the plan gives, over TCP
//! or rustls, or through a gateway's CONNECT tunnel for `https`.

use super::auth::Credentials;
use super::response::Response;
use super::shown::secs;
use crate::error::{AccessError, AccessErrorKind};
use crate::net::Deadline;
use crate::net::Timeouts;
use crate::proxy::Gateway;
use std::io;
use uniform::UrlRef;
use uniform::plan::HttpPlan;

/// An agent set up for Uniform: redirects, statuses and proxies are
/// Uniform's decisions, not ureq's.
pub(crate) fn agent(timeouts: &Timeouts, tls: ureq::tls::TlsConfig) -> ureq::Agent {
    let config = ureq::Agent::config_builder()
        .tls_config(tls)
        // The redirect policy (redirect.rs) sees every hop.
        .max_redirects(0)
        .max_redirects_will_error(false)
        // A 404 is a response to quote, not an error without its line.
        .http_status_as_error(false)
        // ureq would read ALL_PROXY, HTTPS_PROXY and HTTP_PROXY itself;
        // HTTP_PROXY is the httpoxy hole (see proxy.rs), and proxies are
        // chosen by Proxies::for_url and Proxies::socks_for, each request's
        // in `get`.
        .proxy(None)
        .timeout_connect(Some(timeouts.connect))
        .timeout_per_read(Some(per_read(timeouts)))
        // ureq reads the head itself, out of reach of the low-speed
        // count: a head trickled an octet at a time must still end, within
        // the wait for its first octet and one low-speed window.
        .timeout_recv_response(head_limit(timeouts))
        .timeout_per_write(Some(timeouts.idle))
        // The plan's User-Agent and Accept fields are sent, or none when
        // the user removed them (`-H 'Accept:'`): ureq adds none of its own.
        .user_agent(ureq::config::AutoHeaderValue::None)
        .accept(ureq::config::AutoHeaderValue::None)
        // Large reads: over loopback a 512 KiB buffer took a third less CPU
        // per GiB than the default 128 KiB (fewer read calls), which is
        // what kept throughput level with curl (scripts/bench-access.sh).
        .input_buffer_size(512 * 1024)
        // A request head; a body streams past it.
        .output_buffer_size(64 * 1024)
        // `-X PROPFIND` and the like: the method is the user's, checked
        // as a token by the plan's policy.
        .allow_non_standard_methods(true)
        .build();
    ureq::Agent::new_with_config(config)
}

/// The TLS configuration `opts` asks for: the certificates of
/// `--cacert`'s file as the only roots, or none checked with `-k`.
///
/// # Errors
///
/// The CA file cannot be read or holds no certificate (curl's exit 77).
pub(crate) fn tls_config(
    opts: &crate::options::TlsOptions,
    url: &UrlRef<'_>,
) -> Result<ureq::tls::TlsConfig, AccessError> {
    let mut b = ureq::tls::TlsConfig::builder().disable_verification(opts.insecure);
    if let Some(path) = &opts.ca_file {
        let certs = ca_certificates(path, "--cacert", url)?;
        b = b.root_certs(ureq::tls::RootCerts::new_with_certs(&certs));
    }
    Ok(b.build())
}

/// The certificates of the PEM file `path` that `flag` names, at least
/// one.
///
/// # Errors
///
/// The file cannot be read, is no PEM, or holds no certificate (curl's
/// exit 77).
fn ca_certificates(
    path: &std::path::Path,
    flag: &str,
    url: &UrlRef<'_>,
) -> Result<Vec<ureq::tls::Certificate<'static>>, AccessError> {
    let fail = |why: String| {
        AccessError::new(
            AccessErrorKind::Io,
            url.scheme(),
            url.hostname(),
            format!("{flag} {}: {why}", path.display()),
        )
        .with_exit_code(CA_FILE)
    };
    // A CA bundle is some hundreds of KiB; a file past this is no bundle.
    let pem = read_bounded(path, 16 << 20).map_err(|e| fail(e.to_string()))?;
    let mut certs = Vec::new();
    for item in ureq::tls::parse_pem(&pem) {
        match item {
            Ok(ureq::tls::PemItem::Certificate(c)) => certs.push(c),
            Ok(_) => {}
            Err(e) => return Err(fail(e.to_string())),
        }
    }
    if certs.is_empty() {
        return Err(fail("no certificate in it".into()));
    }
    Ok(certs)
}

/// The TLS client an `https://` proxy is reached with: the certificates
/// of `--proxy-cacert`'s file as the only roots, else the Mozilla roots
/// (webpki-roots); the proxy's name checked.
///
/// # Errors
///
/// The CA file cannot be read or holds no certificate (curl's exit 77).
pub(crate) fn proxy_tls(
    opts: &crate::options::TlsOptions,
    url: &UrlRef<'_>,
) -> Result<std::sync::Arc<rustls::ClientConfig>, AccessError> {
    let mut roots = rustls::RootCertStore::empty();
    match &opts.proxy_ca_file {
        Some(path) => {
            for c in ca_certificates(path, "--proxy-cacert", url)? {
                roots
                    .add(rustls::pki_types::CertificateDer::from(c.der().to_vec()))
                    .map_err(|e| {
                        AccessError::new(
                            AccessErrorKind::Io,
                            url.scheme(),
                            url.hostname(),
                            format!("--proxy-cacert {}: {e}", path.display()),
                        )
                        .with_exit_code(CA_FILE)
                    })?;
            }
        }
        None => roots.extend(webpki_roots::TLS_SERVER_ROOTS.iter().cloned()),
    }
    let provider = std::sync::Arc::new(rustls::crypto::ring::default_provider());
    let config = rustls::ClientConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()
        .map_err(|e| {
            AccessError::new(
                AccessErrorKind::Connect,
                url.scheme(),
                url.hostname(),
                format!("TLS: {e}"),
            )
        })?
        .with_root_certificates(roots)
        .with_no_client_auth();
    Ok(std::sync::Arc::new(config))
}

/// curl's exit status for a CA file it cannot use (CURLE_SSL_CACERT_BADFILE).
const CA_FILE: u8 = 77;

/// curl's exit status for a server whose certificate does not check
/// (CURLE_PEER_FAILED_VERIFICATION).
const PEER_FAILED: u8 = 60;

/// Whether rustls refused a certificate.
fn refused(e: &rustls::Error) -> bool {
    matches!(e, rustls::Error::InvalidCertificate(_))
}

/// Whether an I/O error is rustls's refusal of a certificate (how a
/// handshake failure comes out of a stream).
fn refused_in(e: &io::Error) -> bool {
    e.get_ref()
        .and_then(|inner| inner.downcast_ref::<rustls::Error>())
        .is_some_and(refused)
}

/// `e` with curl's exit 60 when a certificate was `refused`.
fn certificate_exit(e: AccessError, refused: bool) -> AccessError {
    if refused {
        e.with_exit_code(PEER_FAILED)
    } else {
        e
    }
}

fn read_bounded(path: &std::path::Path, limit: u64) -> io::Result<Vec<u8>> {
    use io::Read;
    let mut out = Vec::new();
    std::fs::File::open(path)?
        .take(limit + 1)
        .read_to_end(&mut out)?;
    if out.len() as u64 > limit {
        return Err(io::Error::new(
            io::ErrorKind::InvalidData,
            format!("longer than {limit} octets"),
        ));
    }
    Ok(out)
}

/// The wait for each read. ureq reads out of reach of the low-speed
/// count's clock; when the window opens with the request
/// ([`crate::net::Speed::from_request`]), a silence of `--speed-time` is a
/// breach whenever it comes, so reads wait no longer than that.
fn per_read(t: &Timeouts) -> std::time::Duration {
    if slow_wait(t) { t.speed.time } else { t.idle }
}

/// Whether a read that timed out waited `--speed-time`, not `--timeout`.
fn slow_wait(t: &Timeouts) -> bool {
    !t.speed.is_off() && t.speed.from_request && t.speed.time < t.idle
}

/// How long a response head may take to come whole: `--timeout` plus
/// `--speed-time` (`--speed-time` when its window opens with the
/// request), unless the low-speed limit is off.
fn head_limit(t: &Timeouts) -> Option<std::time::Duration> {
    match t.speed {
        s if s.is_off() => None,
        // A head is far shorter than a window's quota: it must be whole
        // before the window that opened with the request ends.
        s if s.from_request => Some(s.time),
        s => Some(t.idle + s.time),
    }
}

/// The options that set [`head_limit`], for messages.
fn head_options(t: &Timeouts) -> &'static str {
    if t.speed.from_request {
        "--speed-time"
    } else {
        "--timeout plus --speed-time"
    }
}

/// One GET of `target` on `host` (the request target and Host field of the
/// URL's plan), directly or through `tunnel`.
#[allow(clippy::too_many_arguments)]
pub(crate) fn get(
    agent: &ureq::Agent,
    url: &UrlRef<'_>,
    plan: &HttpPlan,
    auth: Option<&Credentials>,
    tunnel: Option<&Gateway>,
    timeouts: &Timeouts,
    deadline: Deadline,
) -> Result<(Response, String), AccessError> {
    let scheme = url.scheme().to_ascii_lowercase();
    let text = |l: &uniform::plan::Line| l.wire().map(|w| String::from_utf8_lossy(&w).into_owned());
    let target = text(&plan.head.target).unwrap_or_default();
    let host = plan.head.header("Host").and_then(text).unwrap_or_default();
    let uri = format!("{scheme}://{host}{target}");
    let method = plan.head.method.as_str();
    let doing = match tunnel {
        Some(g) => format!(
            "{method} {target} through a tunnel of the gateway {} ({})",
            g.authority(),
            g.source
        ),
        None => format!("{method} {target}"),
    };
    let fail =
        |kind, message: String| AccessError::new(kind, url.scheme(), url.hostname(), message);
    let proxy = match tunnel {
        Some(g) => Some(
            ureq::Proxy::new(&g.url)
                .map_err(|e| fail(AccessErrorKind::Connect, format!("{doing}: {e}")))?,
        ),
        // The fetch's SOCKS proxy, which carries its other connections too.
        None => crate::socks::for_ureq(crate::net::socks().as_ref())
            .map_err(|e| fail(AccessErrorKind::Connect, format!("{doing}: {e}")))?,
    };
    // The plan's header fields, as it shows them ("Connection: close":
    // one exchange per connection, as curl's easy interface does for a
    // single transfer); ureq writes Host from the URI and Content-Length
    // from the body.
    let mut request = ureq::http::Request::builder().method(method).uri(&uri);
    for h in plan.head.headers.iter().filter(|h| {
        !h.name.eq_ignore_ascii_case("Host") && !h.name.eq_ignore_ascii_case("Content-Length")
    }) {
        let value = match (h.value.wire(), auth) {
            (Some(v), _) => String::from_utf8_lossy(&v).into_owned(),
            // The password asked of the user when the plan ran.
            (None, Some(a)) => a.header().to_string(),
            (None, None) => {
                return Err(fail(
                    AccessErrorKind::Cancelled,
                    format!("{doing}: the {} field has a part nobody gave", h.name),
                ));
            }
        };
        request = request.header(h.name.as_str(), value);
    }
    let refused = |e: ureq::http::Error| {
        fail(
            AccessErrorKind::Refused(uniform::plan::Rule::FieldGrammar),
            format!("{doing}: {e}"),
        )
    };
    // No body at all (not an empty one) unless the plan has one: a GET
    // goes without a Content-Length.
    let response = match plan.body.as_deref() {
        Some(body) => {
            let request = request.body(body).map_err(refused)?;
            let request = agent
                .configure_request(request)
                .timeout_global(deadline.remaining())
                .proxy(proxy)
                .build();
            agent.run(request)
        }
        None => {
            let request = request.body(()).map_err(refused)?;
            let request = agent
                .configure_request(request)
                .timeout_global(deadline.remaining())
                .proxy(proxy)
                .build();
            agent.run(request)
        }
    }
    .map_err(|e| error(e, url, &doing, timeouts, &deadline))?;
    let status = response.status();
    let status_line = format!(
        "{:?} {} {}",
        response.version(),
        status.as_str(),
        status.canonical_reason().unwrap_or_default()
    );
    let headers = response.headers();
    let content_length = headers
        .get("content-length")
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.trim().parse::<u64>().ok())
        .filter(|_| headers.get("transfer-encoding").is_none());
    let location = headers.get("location").map(|v| v.as_bytes().to_vec());
    let fields = headers
        .iter()
        .map(|(name, value)| (name.as_str().to_string(), value.as_bytes().to_vec()))
        .collect();
    let version = match response.version() {
        ureq::http::Version::HTTP_10 => "1.0",
        ureq::http::Version::HTTP_2 => "2",
        _ => "1.1",
    }
    .to_string();
    let body = Box::new(response.into_body().into_reader());
    Ok((
        Response {
            status: status.as_u16(),
            status_line: status_line.trim_end().as_bytes().to_vec(),
            version,
            headers: fields,
            content_length,
            location,
            body,
        },
        doing,
    ))
}

/// A ureq error as an access error: the kind, and words for it.
pub(crate) fn error(
    e: ureq::Error,
    url: &UrlRef<'_>,
    doing: &str,
    timeouts: &Timeouts,
    deadline: &Deadline,
) -> AccessError {
    use ureq::Error as E;
    let fail =
        |kind, message: String| AccessError::new(kind, url.scheme(), url.hostname(), message);
    match e {
        E::Timeout(t) => {
            let why = match t {
                ureq::Timeout::Connect | ureq::Timeout::Resolve => {
                    format!(
                        "no connection within {} (--connect-timeout)",
                        secs(timeouts.connect)
                    )
                }
                ureq::Timeout::RecvResponse => match head_limit(timeouts) {
                    Some(limit) => format!(
                        "the response head did not come whole within {} ({})",
                        secs(limit),
                        head_options(timeouts)
                    ),
                    None => format!("no data for {} (--timeout)", secs(timeouts.idle)),
                },
                ureq::Timeout::Global => match timeouts.total {
                    Some(total) => format!(
                        "the whole access took longer than {} (--max-time)",
                        secs(total)
                    ),
                    None => "no answer in time".into(),
                },
                _ if deadline.passed() => {
                    "the whole access took longer than its limit (--max-time)".into()
                }
                _ if slow_wait(timeouts) => too_slow(timeouts),
                _ => format!("no data for {} (--timeout)", secs(timeouts.idle)),
            };
            fail(AccessErrorKind::Timeout, format!("{doing}: {why}"))
        }
        E::HostNotFound => fail(
            AccessErrorKind::Connect,
            format!("{doing}: the host has no address"),
        )
        .with_exit_code(crate::error::UNRESOLVED),
        E::ConnectionFailed => fail(AccessErrorKind::Connect, format!("{doing}: no connection")),
        // rustls reports a failed handshake as InvalidData.
        E::Io(io)
            if io.kind() == io::ErrorKind::InvalidData
                && url.scheme_kind() == uniform::Scheme::Https =>
        {
            let refused = refused_in(&io);
            certificate_exit(
                fail(AccessErrorKind::Connect, format!("{doing}: TLS: {io}")).with_source(io),
                refused,
            )
        }
        E::Io(io) => {
            let kind = match io.kind() {
                io::ErrorKind::ConnectionRefused
                | io::ErrorKind::AddrNotAvailable
                | io::ErrorKind::HostUnreachable
                | io::ErrorKind::NetworkUnreachable => AccessErrorKind::Connect,
                io::ErrorKind::TimedOut | io::ErrorKind::WouldBlock => AccessErrorKind::Timeout,
                _ => AccessErrorKind::Io,
            };
            fail(kind, format!("{doing}: {io}")).with_source(io)
        }
        E::Tls(m) => fail(AccessErrorKind::Connect, format!("{doing}: TLS: {m}")),
        E::Rustls(r) => certificate_exit(
            fail(AccessErrorKind::Connect, format!("{doing}: TLS: {r}")),
            refused(&r),
        ),
        E::ConnectProxyFailed(m) => fail(
            AccessErrorKind::Connect,
            format!("{doing}: the gateway refused the tunnel: {m}"),
        ),
        E::LargeResponseHeader(n, max) => fail(
            AccessErrorKind::TooLong,
            format!("{doing}: a response head of {n} octets, more than {max}"),
        ),
        E::Protocol(p) => fail(
            AccessErrorKind::Protocol,
            format!("{doing}: not an HTTP/1.1 response: {p}"),
        ),
        E::BadUri(m) => fail(AccessErrorKind::Unsupported, format!("{doing}: {m}")),
        other => fail(AccessErrorKind::Io, format!("{doing}: {other}")),
    }
}

/// The low-speed breach, as messages word it.
fn too_slow(t: &Timeouts) -> String {
    crate::net::Breach::TooSlow {
        limit: t.speed.limit,
        time: t.speed.time,
    }
    .to_string()
}

/// An I/O error while reading from a server, as an access error: which
/// limit a timeout hit, and a ureq error unwrapped from its io::Error.
pub(crate) fn io_error(
    url: &UrlRef<'_>,
    doing: &str,
    what: &str,
    e: io::Error,
    timeouts: &Timeouts,
    deadline: &Deadline,
) -> AccessError {
    let wrapped = e.get_ref().is_some_and(|inner| inner.is::<ureq::Error>());
    if wrapped {
        return error(
            ureq::Error::from(e),
            url,
            &format!("{doing}: {what}"),
            timeouts,
            deadline,
        );
    }
    let fail =
        |kind, message: String| AccessError::new(kind, url.scheme(), url.hostname(), message);
    if let Some(b) = crate::net::Breach::of(&e) {
        let message = format!("{doing}: {what}: {b}");
        return fail(AccessErrorKind::Timeout, message).with_source(e);
    }
    match e.kind() {
        io::ErrorKind::TimedOut | io::ErrorKind::WouldBlock => {
            let why = if deadline.passed() {
                "the whole access took longer than its limit (--max-time)".to_string()
            } else if slow_wait(timeouts) {
                too_slow(timeouts)
            } else {
                format!("no data for {} (--timeout)", secs(timeouts.idle))
            };
            fail(AccessErrorKind::Timeout, format!("{doing}: {what}: {why}")).with_source(e)
        }
        io::ErrorKind::InvalidData => {
            // rustls's refusal of an https:// proxy's certificate: curl's 60.
            let refused = refused_in(&e);
            certificate_exit(
                fail(AccessErrorKind::Protocol, format!("{doing}: {what}: {e}")).with_source(e),
                refused,
            )
        }
        _ => fail(AccessErrorKind::Io, format!("{doing}: {what}: {e}")).with_source(e),
    }
}
