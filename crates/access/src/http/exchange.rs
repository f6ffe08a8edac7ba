//! One HTTP exchange, exactly as its plan gives it: a connection to the
//! plan's endpoint (the server, or a gateway), TLS to an `https://`
//! gateway, the plan's CONNECT tunnel, TLS to the server, then the request
//! head's octets and the body; the response head read back, and the body
//! framed as RFC 9112 section 6.3 says. A connection whose response was
//! read whole, and that neither side asked to close, is kept in the
//! session's [`crate::Connections`] for the next URL with the same route.

use super::failure::{connect_error, io_error};
use super::response::{Response, Timings, Via};
use super::shown::shown;
use super::wire::{
    ChunkedReader, Framing, HeadError, LengthReader, MAX_HEAD, head_bytes, read_head,
};
use crate::error::{AccessError, AccessErrorKind};
use crate::net::{Deadline, Timeouts};
use crate::pool::Connections;
use crate::proxy::{Gateway, SocksProxy};
use crate::session::Session;
use crate::stream::{Limited, READ_BUFFER, Reader};
use crate::trace;
use std::io::{self, BufRead, BufReader, Read, Write};
use std::time::Instant;
use uniform::UrlRef;
use uniform::plan::{HttpPlan, RequestHead};

/// How a fetch reaches the server: `gateway`, when the plan goes through
/// one (its whole URL on the request line, or a CONNECT tunnel).
pub(crate) struct Route<'a> {
    pub(crate) gateway: Option<&'a Gateway>,
    /// The SOCKS proxy that opens the connection, when the URL's route
    /// goes through one.
    pub(crate) socks: Option<&'a SocksProxy>,
    /// The plan's route: the addresses pinned, the family.
    pub(crate) decided: &'a uniform::plan::Route,
    /// The TLS client for the server (`https`), made when the plan needs
    /// it.
    pub(crate) server_tls: Option<std::sync::Arc<rustls::ClientConfig>>,
    /// The TLS client for an `https://` gateway.
    pub(crate) gateway_tls: Option<std::sync::Arc<rustls::ClientConfig>>,
    /// The classes of addresses the URL's host may not be.
    pub(crate) exclusions: crate::exclude::Exclusions,
}

/// Sends `plan`'s request for `url` and reads the response head; the
/// body is left to read. `authorization` fills a field with a part the
/// plan could not show (a password asked of the user).
pub(crate) fn send(
    url: &UrlRef<'_>,
    plan: &HttpPlan,
    route: &Route<'_>,
    authorization: Option<&str>,
    session: &Session,
    deadline: Deadline,
    started: Instant,
) -> Result<(Response, String), AccessError> {
    let tracer = session.trace();
    let fail =
        |kind, message: String| AccessError::new(kind, url.scheme(), url.hostname(), message);
    let method = &plan.head.method;
    let doing = doing(url, plan, route.gateway);
    let request = wire_head(&plan.head, authorization).map_err(|why| refusal(url, &doing, why))?;
    let key = key(plan, route);
    // A gateway or HTTP proxy is handed the URL and resolves its name:
    // the URL's host can be screened only as a literal, and here, before
    // a connection to the proxy is opened or a kept one reused. Direct
    // and SOCKS routes are screened by the dial, after resolution.
    if !crate::exclude::dials_the_host(&route.decided.via) {
        route
            .exclusions
            .screen_literal(url.hostname().unwrap_or_default())
            .map_err(|x| {
                let message = format!("{doing}: no request sent: {x}");
                fail(AccessErrorKind::Excluded, message).with_source(x.into_io())
            })?;
    }
    // A kept connection may have been closed by the server since; the
    // request goes once more on a new one when it failed before any octet
    // of a response came back, as curl retries (RFC 9112 section 9.3.1).
    let mut kept = session.connections.take_http(&key);
    loop {
        let reused = kept.is_some();
        let mut timings = Timings::default();
        let mut reader = match kept.take() {
            Some(mut r) => {
                r.get_mut().renew(&session.timeouts, deadline);
                trace::info(tracer, "Re-using the connection kept from the previous URL");
                let now = started.elapsed();
                timings.namelookup = now;
                timings.connect = now;
                r
            }
            None => open(url, plan, route, session, deadline, started, &mut timings)?,
        };
        timings.pretransfer = started.elapsed();
        if trace::on(tracer) {
            // The plan's lines: the octets below, a password hidden.
            for line in plan.head.lines() {
                trace::sent(tracer, line.to_string().as_bytes());
            }
            if let Some(body) = &plan.body {
                trace::info(tracer, &format!("then the body: {} octets", body.len()));
            }
        }
        let sent = reader
            .get_mut()
            .write_all(&request)
            .and_then(|()| {
                reader
                    .get_mut()
                    .write_all(plan.body.as_deref().unwrap_or_default())
            })
            .and_then(|()| reader.get_mut().flush());
        let first = sent.and_then(|()| reader.fill_buf().map(<[u8]>::len));
        match first {
            Ok(n) if n > 0 => {}
            Ok(_) | Err(_) if reused && !deadline.passed() => {
                trace::info(tracer, "The kept connection was closed: a new one");
                continue;
            }
            Ok(_) => {
                return Err(fail(
                    AccessErrorKind::Protocol,
                    format!("{doing}: the connection closed without a response"),
                ));
            }
            Err(e) => {
                let what = "sending the request or waiting for the response";
                return Err(io_error(url, &doing, what, e, &session.timeouts, &deadline));
            }
        }
        timings.starttransfer = started.elapsed();
        let head = read_head(&mut reader).map_err(|e| {
            head_error(
                url,
                &doing,
                "reading the response",
                e,
                &session.timeouts,
                &deadline,
            )
        })?;
        // A response to HEAD has no body, whatever its fields say (RFC
        // 9110 section 9.3.2).
        let framing = if method == "HEAD" {
            Framing::Empty
        } else {
            head.framing
        };
        let version = version_of(&head.status_line);
        let keep = keep_alive(&plan.head, &version, &head.fields, framing)
            .then(|| (session.connections.clone(), key.clone()));
        let via = Via {
            addresses: reader.get_ref().addresses(),
            new_connection: !reused,
            timings,
        };
        let body = Body::new(reader, framing, keep);
        let response = Response {
            status: head.status,
            version,
            status_line: head.status_line,
            content_length: match framing {
                Framing::Length(n) => Some(n),
                _ => None,
            },
            location: head.location,
            headers: head.fields,
            body: Box::new(body),
            via,
        };
        return Ok((response, doing));
    }
}

/// How messages name the exchange.
fn doing(url: &UrlRef<'_>, plan: &HttpPlan, gateway: Option<&Gateway>) -> String {
    let method = &plan.head.method;
    let target = plan
        .head
        .target
        .wire()
        .map(|t| String::from_utf8_lossy(&t).into_owned())
        .unwrap_or_default();
    match (gateway, &plan.tunnel) {
        (Some(g), Some(_)) => format!(
            "{method} {target} through a tunnel of the gateway {} ({})",
            g.authority(),
            g.source
        ),
        (Some(g), None) => format!(
            "{method} {} through the gateway {} ({})",
            shown(url),
            g.authority(),
            g.source
        ),
        (None, _) => format!("{method} {target}"),
    }
}

/// What a kept connection is good for: the same endpoint, reached the
/// same way (through the same SOCKS proxy, TLS to the gateway or not),
/// the same tunnel, TLS to the same server.
fn key(plan: &HttpPlan, route: &Route<'_>) -> String {
    let socks = route.socks.map(|p| format!("{p:?}")).unwrap_or_default();
    // A connection opened to pinned addresses, or to one family, is kept
    // for a route that pins them alike.
    let decided = route.decided;
    let pins = if decided.pins.is_empty() && decided.family == uniform::plan::Family::Any {
        String::new()
    } else {
        format!("{:?}{:?}", decided.pins, decided.family)
    };
    let tunnel = plan
        .tunnel
        .as_ref()
        .and_then(|t| t.head.request_line().wire())
        .map(|l| String::from_utf8_lossy(&l).into_owned())
        .unwrap_or_default();
    let tls_name = if plan.tls {
        plan.head
            .header("Host")
            .and_then(uniform::plan::Line::wire)
            .map(|h| String::from_utf8_lossy(&h).into_owned())
            .unwrap_or_default()
    } else {
        String::new()
    };
    // A connection opened by a fetch that screened no address is not
    // handed to one that screens: its address was never looked at.
    let screened = if route.exclusions.is_off() {
        String::new()
    } else {
        format!("{:?}", route.exclusions)
    };
    format!(
        "{}|{socks}|{}|{tunnel}|{tls_name}|{pins}{screened}",
        plan.endpoint,
        route.gateway.is_some_and(Gateway::tls)
    )
}

/// Whether the connection can carry the next request once this body is
/// read: HTTP/1.1, the body's end known, no `Connection: close` either
/// way (RFC 9112 section 9.3).
fn keep_alive(
    request: &RequestHead,
    version: &str,
    fields: &[(String, Vec<u8>)],
    framing: Framing,
) -> bool {
    let closes = |v: &[u8]| {
        v.split(|&b| b == b',')
            .any(|t| t.trim_ascii().eq_ignore_ascii_case(b"close"))
    };
    let asked_close = request
        .headers
        .iter()
        .filter(|h| h.name.eq_ignore_ascii_case("Connection"))
        .any(|h| h.value.wire().is_some_and(|v| closes(&v)));
    let told_close = fields
        .iter()
        .any(|(n, v)| n.eq_ignore_ascii_case("connection") && closes(v));
    version == "1.1" && !asked_close && !told_close && framing != Framing::Close
}

/// The request head's octets, each line checked: the last guard against
/// CR/LF injection (CVE-2014-8150), after the policy.
fn wire_head(head: &RequestHead, authorization: Option<&str>) -> Result<Vec<u8>, &'static str> {
    let request = head_bytes(head, authorization).ok_or("the request has a part nobody gave")?;
    let lines = request.len().saturating_sub(4);
    let clean = request[..lines].split(|&b| b == b'\n').all(|l| {
        l.strip_suffix(b"\r")
            .unwrap_or(l)
            .iter()
            .all(|&b| b.is_ascii_graphic() || b == b' ')
    });
    if clean {
        Ok(request)
    } else {
        Err("a request line would carry a control character")
    }
}

fn refusal(url: &UrlRef<'_>, doing: &str, why: &'static str) -> AccessError {
    let kind = if why.starts_with("a request line") {
        AccessErrorKind::Refused(uniform::plan::Rule::LineBreakInjection)
    } else {
        AccessErrorKind::Cancelled
    };
    AccessError::new(
        kind,
        url.scheme(),
        url.hostname(),
        format!("{doing}: {why}"),
    )
}

/// A new connection for `plan`: TCP to its endpoint, TLS to an
/// `https://` gateway, the CONNECT tunnel, TLS to the server.
fn open(
    url: &UrlRef<'_>,
    plan: &HttpPlan,
    route: &Route<'_>,
    session: &Session,
    deadline: Deadline,
    started: Instant,
    timings: &mut Timings,
) -> Result<Reader, AccessError> {
    let dial = session.dial(route.decided, route.socks, route.exclusions);
    let (timeouts, tracer) = (&session.timeouts, dial.tracer);
    let fail =
        |kind, message: String| AccessError::new(kind, url.scheme(), url.hostname(), message);
    let (host, port) = match &plan.endpoint {
        uniform::plan::Endpoint::Host { host, port } => (host.as_str(), *port),
        other => {
            return Err(fail(
                AccessErrorKind::Unsupported,
                format!("HTTP cannot connect to {other}"),
            ));
        }
    };
    let to = match route.gateway {
        Some(g) => format!("the gateway {} ({})", g.authority(), g.source),
        None => format!("{host} port {port}"),
    };
    let mut limits = *timeouts;
    limits.connect = deadline.clamp(limits.connect);
    let (stream, resolved) = dial
        .connect_noting(host, port, &limits)
        .map_err(|e| connect_error(url, &to, e))?;
    timings.namelookup = resolved.saturating_duration_since(started);
    timings.connect = started.elapsed();
    let doing = doing(url, plan, route.gateway);
    // A handshake that fails is a connection not made (curl's 35), or a
    // certificate refused (60); a limit it broke is a timeout.
    let tls_fail = |e: io::Error| {
        if crate::net::Breach::of(&e).is_some()
            || matches!(
                e.kind(),
                io::ErrorKind::TimedOut | io::ErrorKind::WouldBlock
            )
        {
            return io_error(url, &doing, "TLS", e, timeouts, &deadline);
        }
        let refused = super::tls::refused_in(&e);
        super::tls::certificate_exit(
            fail(AccessErrorKind::Connect, format!("{doing}: TLS: {e}"))
                .with_source(e)
                .with_exit_code(TLS_FAILED),
            refused,
        )
    };
    let mut conn = Limited::new(stream, timeouts, deadline);
    if let (Some(g), Some(config)) = (route.gateway.filter(|g| g.tls()), &route.gateway_tls) {
        let name = super::tls::server_name(g.host())
            .map_err(|e| fail(AccessErrorKind::Connect, format!("{doing}: TLS: {e}")))?;
        conn = conn.tls(config.clone(), name).map_err(tls_fail)?;
        trace::info(
            tracer,
            &format!(
                "TLS to the proxy {}, its certificate checked",
                g.authority()
            ),
        );
    }
    if let Some(tunnel) = &plan.tunnel {
        let connect = wire_head(&tunnel.head, None).map_err(|why| refusal(url, &doing, why))?;
        if trace::on(tracer) {
            for line in tunnel.head.lines() {
                trace::sent(tracer, line.to_string().as_bytes());
            }
        }
        conn.write_all(&connect)
            .and_then(|()| conn.flush())
            .map_err(|e| io_error(url, &doing, "asking for the tunnel", e, timeouts, &deadline))?;
        let mut r = BufReader::new(&mut conn);
        let head = read_head(&mut r).map_err(|e| {
            head_error(
                url,
                &doing,
                "waiting for the tunnel",
                e,
                timeouts,
                &deadline,
            )
        })?;
        if trace::on(tracer) {
            trace::received(tracer, &head.status_line);
        }
        // The server speaks first after a tunnel only with TLS's answer:
        // nothing may wait in the buffer.
        if !(200..300).contains(&head.status) || !r.buffer().is_empty() {
            return Err(fail(
                AccessErrorKind::Connect,
                format!("{doing}: the gateway refused the tunnel"),
            )
            .with_reply(&head.status_line)
            .with_exit_code(TUNNEL_REFUSED));
        }
    }
    if plan.tls {
        let host_field = plan
            .head
            .header("Host")
            .and_then(uniform::plan::Line::wire)
            .map(|h| String::from_utf8_lossy(&h).into_owned())
            .unwrap_or_default();
        let name = super::tls::server_name(without_port(&host_field))
            .map_err(|e| fail(AccessErrorKind::Connect, format!("{doing}: TLS: {e}")))?;
        let config = route.server_tls.clone().ok_or_else(|| {
            fail(
                AccessErrorKind::Connect,
                format!("{doing}: TLS: no client set up"),
            )
        })?;
        conn = conn.tls(config, name).map_err(tls_fail)?;
        timings.appconnect = started.elapsed();
        trace::info(tracer, "TLS handshake done, the server's name checked");
    }
    Ok(BufReader::with_capacity(READ_BUFFER, conn))
}

/// A response head that could not be read, as an access error.
fn head_error(
    url: &UrlRef<'_>,
    doing: &str,
    what: &str,
    e: HeadError,
    timeouts: &Timeouts,
    deadline: &Deadline,
) -> AccessError {
    let fail =
        |kind, message: String| AccessError::new(kind, url.scheme(), url.hostname(), message);
    match e {
        HeadError::Io(e) => io_error(url, doing, what, e, timeouts, deadline),
        HeadError::TooLong => fail(
            AccessErrorKind::TooLong,
            format!("{doing}: {what}: a head longer than {MAX_HEAD} octets"),
        ),
        HeadError::Malformed(why, line) => {
            fail(AccessErrorKind::Protocol, format!("{doing}: {why}")).with_reply(&line)
        }
    }
}

/// curl's exit status for a TLS handshake that failed other than by a
/// certificate (CURLE_SSL_CONNECT_ERROR).
const TLS_FAILED: u8 = 35;

/// curl's exit status when a proxy refuses the tunnel
/// (CURLE_RECV_ERROR, as curl 7.88 gives it).
const TUNNEL_REFUSED: u8 = 56;

/// A Host field's host: `[::1]:8443` is `[::1]`, `example.org:8443` is
/// `example.org`.
fn without_port(field: &str) -> &str {
    if let Some(rest) = field.strip_prefix('[') {
        return rest.find(']').map_or(field, |i| &field[..i + 2]);
    }
    field.rfind(':').map_or(field, |i| &field[..i])
}

/// The version of a status line as curl's `%{http_version}` gives it:
/// `HTTP/1.1` is `1.1`.
fn version_of(status_line: &[u8]) -> String {
    let word = status_line.split(|&b| b == b' ').next().unwrap_or_default();
    String::from_utf8_lossy(word.strip_prefix(b"HTTP/").unwrap_or(word)).into_owned()
}

/// A response body, framed; read to its end, its connection goes back to
/// the fetch's pool when it may carry another request.
struct Body {
    framed: Framed,
    keep: Option<(Connections, String)>,
}

enum Framed {
    Length(LengthReader<Reader>),
    Chunked(ChunkedReader<Reader>),
    Close(Reader),
    /// Read whole; the connection kept or closed.
    Done,
}

impl Body {
    fn new(reader: Reader, framing: Framing, keep: Option<(Connections, String)>) -> Body {
        let framed = match framing {
            Framing::Empty => Framed::Length(LengthReader {
                inner: reader,
                remaining: 0,
            }),
            Framing::Length(n) => Framed::Length(LengthReader {
                inner: reader,
                remaining: n,
            }),
            Framing::Chunked => Framed::Chunked(ChunkedReader::new(reader)),
            Framing::Close => Framed::Close(reader),
        };
        let mut body = Body { framed, keep };
        // Nothing to read: the connection is free now (`-I`, 204, 304).
        if matches!(&body.framed, Framed::Length(l) if l.remaining == 0) {
            body.finish();
        }
        body
    }

    /// The body is read whole: its connection is kept if it may be.
    fn finish(&mut self) {
        let framed = std::mem::replace(&mut self.framed, Framed::Done);
        let Some((pool, key)) = self.keep.take() else {
            return;
        };
        let reader = match framed {
            Framed::Length(l) => Some(l.inner),
            Framed::Chunked(c) => c.into_done(),
            Framed::Close(_) | Framed::Done => None,
        };
        // Octets past the body are no answer to anything sent: such a
        // connection cannot be trusted with the next request.
        if let Some(r) = reader.filter(|r| r.buffer().is_empty()) {
            pool.keep_http(key, r);
        }
    }
}

impl Read for Body {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = match &mut self.framed {
            Framed::Length(l) => l.read(buf)?,
            Framed::Chunked(c) => c.read(buf)?,
            Framed::Close(r) => r.read(buf)?,
            Framed::Done => return Ok(0),
        };
        if n == 0 && !buf.is_empty() {
            self.finish();
        }
        Ok(n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use uniform::plan::{Header, Line};

    fn head(fields: &[(&str, &str)]) -> RequestHead {
        RequestHead::get(
            Line::text("/"),
            fields
                .iter()
                .map(|&(n, v)| Header::new(n, Line::text(v)))
                .collect(),
        )
    }

    #[test]
    fn connections_are_kept_only_when_both_sides_allow() {
        let none: Vec<(String, Vec<u8>)> = Vec::new();
        let close = vec![("connection".to_string(), b"Close".to_vec())];
        let open = head(&[("Host", "h")]);
        assert!(keep_alive(&open, "1.1", &none, Framing::Length(3)));
        assert!(keep_alive(&open, "1.1", &none, Framing::Chunked));
        assert!(!keep_alive(&open, "1.1", &none, Framing::Close));
        assert!(!keep_alive(&open, "1.0", &none, Framing::Length(3)));
        assert!(!keep_alive(&open, "1.1", &close, Framing::Length(3)));
        let closing = head(&[("Host", "h"), ("Connection", "keep-alive, close")]);
        assert!(!keep_alive(&closing, "1.1", &none, Framing::Length(3)));
    }

    #[test]
    fn a_host_field_loses_its_port_only() {
        assert_eq!(without_port("example.org:8443"), "example.org");
        assert_eq!(without_port("example.org"), "example.org");
        assert_eq!(without_port("[::1]:8443"), "[::1]");
        assert_eq!(without_port("[::1]"), "[::1]");
        assert_eq!(without_port("127.0.0.1:1"), "127.0.0.1");
    }

    #[test]
    fn control_characters_never_reach_the_wire() {
        assert!(wire_head(&head(&[("Host", "h")]), None).is_ok());
        assert_eq!(
            wire_head(&head(&[("X", "a\rb")]), None),
            Err("a request line would carry a control character")
        );
    }
}
