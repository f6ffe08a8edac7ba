//! `mailto:` over SMTP (RFC 1738 section 3.5, RFC 5321), on lettre.
//!
//! The plan names the relay (its connect step: `--smtp-server` or
//! SMTP_SERVER), the EHLO name, the sender (MAIL FROM: `--from` or EMAIL)
//! and the recipient (RCPT TO: the URL's address, decoded). lettre speaks
//! the dialogue with exactly those, and sends the message built from
//! [`crate::Message`]: its subject, and its body as text/plain (UTF-8, or
//! `unknown-8bit` when the octets are not UTF-8), dot-stuffed on the wire.
//! The body's lines end with CR LF on the wire; a body whose last line
//! has no line end gets one, as SMTP's framing requires.
//!
//! Plain SMTP to the relay: the URL names no TLS. lettre's TLS features
//! (`rustls-tls`) and `Tls::Required` are where STARTTLS would go. No
//! credentials are used, so none can be logged.

use crate::{AccessError, AccessErrorKind, FetchOptions, Fetched, Interaction};
use lettre::address::{Address, Envelope};
use lettre::message::header::ContentType;
use lettre::message::{Mailbox, Message};
use lettre::transport::smtp::extension::ClientId;
use lettre::{SmtpTransport, Transport};
use std::error::Error as _;
use uniform::plan::{Endpoint, Plan, Step};
use uniform::schemes::MailtoUrl;

const SCHEME: &str = "mailto";

/// What the plan says of the dialogue.
struct Dialogue {
    relay: (String, u16),
    client: String,
    from: String,
    to: String,
}

/// The text between `prefix` and the closing `>` of a plan line.
fn argument(wire: &[u8], prefix: &[u8]) -> Option<String> {
    let rest = wire.strip_prefix(prefix)?;
    let rest = rest.strip_suffix(b">").unwrap_or(rest);
    String::from_utf8(rest.to_vec()).ok()
}

fn read_plan(plan: &Plan) -> Option<Dialogue> {
    let mut relay = None;
    let (mut client, mut from, mut to) = (None, None, None);
    for step in plan.steps() {
        match step {
            Step::Connect(Endpoint::Host { host, port }) => relay = Some((host.clone(), *port)),
            Step::Send(line) => {
                let wire = line.wire()?;
                client = client.or_else(|| argument(&wire, b"EHLO "));
                from = from.or_else(|| argument(&wire, b"MAIL FROM:<"));
                to = to.or_else(|| argument(&wire, b"RCPT TO:<"));
            }
            _ => {}
        }
    }
    Some(Dialogue {
        relay: relay?,
        client: client?,
        from: from?,
        to: to?,
    })
}

/// Sends the message of `opts` to the URL's address through the relay.
pub(crate) fn send(
    v: &MailtoUrl<'_>,
    plan: &Plan,
    opts: &FetchOptions,
    _ui: &mut dyn Interaction,
) -> Result<Fetched, AccessError> {
    let d = read_plan(plan).ok_or_else(|| {
        AccessError::new(
            AccessErrorKind::Unsupported,
            SCHEME,
            None,
            "the plan names no relay, sender or recipient",
        )
    })?;
    let host = d.relay.0.as_str();
    let err = |kind, msg: String| AccessError::new(kind, SCHEME, Some(host), msg);
    let Some(m) = &opts.message else {
        return Err(err(
            AccessErrorKind::Cancelled,
            "no message to send: give its subject and body".into(),
        ));
    };
    let address = |which: &str, a: &str| {
        a.parse::<Address>().map_err(|e| {
            err(
                AccessErrorKind::Unsupported,
                format!(
                    "the {which} {:?} is not an address lettre can send to: {e}",
                    crate::error::escape(a.as_bytes())
                ),
            )
        })
    };
    let from = address("sender", &d.from)?;
    let to = address("recipient", &d.to)?;
    debug_assert_eq!(v.address().decode().as_ref(), d.to.as_bytes());

    let envelope = Envelope::new(Some(from.clone()), vec![to.clone()])
        .map_err(|e| err(AccessErrorKind::Unsupported, format!("no envelope: {e}")))?;
    let mut b = Message::builder()
        .from(Mailbox::new(None, from))
        .to(Mailbox::new(None, to))
        .envelope(envelope);
    if let Some(s) = &m.subject {
        b = b.subject(s.as_str());
    }
    // lettre always ends the data with CR LF "." CR LF, so a body that ends
    // with its own line end would gain an empty line (RFC 5321 section
    // 4.1.1.4: the first CR LF of the terminator ends the last line).
    let body = m
        .body
        .strip_suffix(b"\n")
        .map(|b| b.strip_suffix(b"\r").unwrap_or(b))
        .unwrap_or(&m.body);
    let built = match String::from_utf8(body.to_vec()) {
        Ok(text) => b.header(ContentType::TEXT_PLAIN).body(text),
        Err(e) => {
            let unknown = ContentType::parse("text/plain; charset=unknown-8bit")
                .unwrap_or(ContentType::TEXT_PLAIN);
            b.header(unknown).body(e.into_bytes())
        }
    };
    let message = built.map_err(|e| {
        err(
            AccessErrorKind::Unsupported,
            format!("the message cannot be built: {e}"),
        )
    })?;

    let client = match d.client.parse() {
        Ok(ip) => ClientId::Ipv4(ip),
        Err(_) => ClientId::Domain(d.client.clone()),
    };
    let limit = match opts.timeouts.total {
        Some(t) => t.min(opts.timeouts.idle),
        None => opts.timeouts.idle,
    };
    // builder_dangerous: plain SMTP, as the URL says nothing of TLS.
    let relay = SmtpTransport::builder_dangerous(host)
        .port(d.relay.1)
        .hello_name(client)
        .timeout(Some(limit))
        .build();
    match relay.send(&message) {
        Ok(_) => Ok(Fetched::Sent),
        Err(e) => Err(smtp_error(host, d.relay.1, &e)),
    }
}

/// lettre's error as an access error: the server's reply quoted when
/// there was one.
fn smtp_error(host: &str, port: u16, e: &lettre::transport::smtp::Error) -> AccessError {
    if let Some(code) = e.status() {
        let text = e.source().map(|s| s.to_string()).unwrap_or_default();
        let reply = format!("{code} {text}");
        let kind = match reply.get(..3) {
            Some("530" | "535" | "534" | "538") => AccessErrorKind::Auth,
            _ => AccessErrorKind::Protocol,
        };
        let what = if e.is_transient() {
            "the relay refused for now"
        } else {
            "the relay refused"
        };
        return AccessError::new(kind, SCHEME, Some(host), format!("{what} the message"))
            .with_reply(reply.as_bytes());
    }
    if e.is_timeout() {
        return AccessError::new(
            AccessErrorKind::Timeout,
            SCHEME,
            Some(host),
            "the relay did not answer in time",
        );
    }
    let mut source = e.source();
    while let Some(s) = source {
        if let Some(io) = s.downcast_ref::<std::io::Error>() {
            let kind = match io.kind() {
                std::io::ErrorKind::ConnectionRefused
                | std::io::ErrorKind::NotFound
                | std::io::ErrorKind::AddrNotAvailable => AccessErrorKind::Connect,
                _ => AccessErrorKind::Io,
            };
            return AccessError::new(kind, SCHEME, Some(host), format!("port {port}: {e}"));
        }
        source = s.source();
    }
    let kind = if e.is_response() {
        AccessErrorKind::Protocol
    } else {
        AccessErrorKind::Io
    };
    AccessError::new(kind, SCHEME, Some(host), format!("port {port}: {e}"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use uniform::UrlRef;
    use uniform::plan::{PlanOptions, plan};

    #[test]
    fn the_dialogue_comes_from_the_plan() {
        let url = UrlRef::parse("mailto:someone%40x@example.org").unwrap();
        let mut o = PlanOptions::default();
        o.smtp_server = Some("relay.example:2525".into());
        o.email = Some("me@example.net".into());
        o.client_name = Some("client.example".into());
        let d = read_plan(&plan(&url, &o).unwrap()).unwrap();
        assert_eq!(d.relay, ("relay.example".to_string(), 2525));
        assert_eq!(d.client, "client.example");
        assert_eq!(d.from, "me@example.net");
        assert_eq!(d.to, "someone@x@example.org");
    }

    #[test]
    fn a_body_that_is_not_utf8_is_labelled_unknown_8bit() {
        let t = ContentType::parse("text/plain; charset=unknown-8bit").unwrap();
        let m = Message::builder()
            .from("a@b.example".parse().unwrap())
            .to("c@d.example".parse().unwrap())
            .header(t)
            .body(vec![0xE9u8, b'\n'])
            .unwrap();
        let text = String::from_utf8_lossy(&m.formatted()).into_owned();
        assert!(
            text.contains("Content-Type: text/plain; charset=unknown-8bit"),
            "{text}"
        );
    }

    #[test]
    fn an_address_lettre_cannot_take_is_refused_before_connecting() {
        let url = UrlRef::parse("mailto:a%40b@example.org").unwrap();
        let mut o = FetchOptions::default();
        o.plan.smtp_server = Some("127.0.0.1:9".into());
        o.plan.allowed_ports.push(9);
        o.plan.email = Some("me@example.net".into());
        o.message = Some(crate::Message::new(None, b"x".to_vec()));
        let p = plan(&url, &o.plan).unwrap();
        let e = send(&url.mailto().unwrap(), &p, &o, &mut crate::Unattended).unwrap_err();
        assert_eq!(e.kind(), AccessErrorKind::Unsupported, "{e}");
        assert!(e.message().contains("recipient"), "{e}");
    }

    #[test]
    fn a_missing_message_is_refused_before_connecting() {
        let url = UrlRef::parse("mailto:a@b.example").unwrap();
        let mut o = FetchOptions::default();
        // A relay that would refuse the connection: never reached.
        o.plan.smtp_server = Some("127.0.0.1:9".into());
        o.plan.allowed_ports.push(9);
        o.plan.email = Some("me@example.net".into());
        let p = plan(&url, &o.plan).unwrap();
        let e = send(&url.mailto().unwrap(), &p, &o, &mut crate::Unattended).unwrap_err();
        assert_eq!(e.kind(), AccessErrorKind::Cancelled);
    }
}
