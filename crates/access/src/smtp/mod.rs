//! `mailto:` over SMTP (RFC 1738 section 3.5, RFC 5321), spoken here over
//! the crate's line layer.
//!
//! The dialogue is the plan's, exchange by exchange: connect to the relay
//! (the plan's connect step: `--smtp-server` or SMTP_SERVER), read the 220
//! greeting, then send each planned line's octets as they are (`EHLO`,
//! `MAIL FROM:<sender>`, `RCPT TO:<address>`, `DATA`), each reply checked
//! against the codes the plan expects; after `DATA`'s 354 the message,
//! dot-stuffed, and the line "."; then `QUIT`, whose answer changes
//! nothing once the relay has taken the message.
//!
//! The message ([`crate::options::Message`]) has the header fields From
//! (the sender the plan was made with), To (the URL's address, decoded),
//! Subject when given (RFC 2047 encoded words when it is not short
//! printable ASCII), Date (RFC 5322, UTC), Message-ID, MIME-Version,
//! Content-Type `text/plain` with `charset=utf-8` (or `unknown-8bit` when
//! the body is not UTF-8) and Content-Transfer-Encoding `8bit`. The body's
//! lines end with CR LF on the wire; a body whose last line has no line
//! end gets one, as SMTP's framing requires.
//!
//! Plain SMTP to the relay: the URL names no TLS. No credentials are
//! used, so none can be logged. Replies are bounded by the line layer: a
//! relay whose greeting never ends is [`AccessErrorKind::TooLong`] after
//! 64 KiB, not memory without end.

pub(crate) mod message;
mod script;

use crate::error::{AccessError, AccessErrorKind};
use crate::executor::executor;
use crate::fetched::Fetched;
use crate::interaction::Interaction;
use crate::line::conn::{Limits, LineConn};
use crate::line::reply::Reply;
use crate::net::{Deadline, Dial};
use crate::options::FetchOptions;
use crate::session::Session;
use script::{Exchange, Out};
use std::net::Shutdown;
use std::time::Duration;
use uniform::plan::{Line, SmtpCommand, SmtpPlan};

const SCHEME: &str = "mailto";

/// The longest wait for the answer to `QUIT` once the message is taken.
const QUIT_WAIT: Duration = Duration::from_secs(5);

executor!(
    /// The SMTP executor: [`send`] the plan's message (nothing is written out).
    Smtp,
    Smtp,
    |job, p, _, ui| send(p, job.opts, job.session, job.dial, ui)
);

/// Sends the plan's message to its recipient through its relay.
pub(crate) fn send(
    plan: &SmtpPlan,
    _opts: &FetchOptions,
    session: &Session,
    dial: Dial<'_>,
    _ui: &mut dyn Interaction,
) -> Result<Fetched, AccessError> {
    let s = script::script(plan)
        .map_err(|m| AccessError::new(AccessErrorKind::Unsupported, SCHEME, None, m))?;
    let host = s.host;
    // The plan's own lines, dot-stuffed there (SmtpPlan::wire_lines), so
    // that what `uniform plan` shows is what goes on the wire.
    let Some(lines) = plan.wire_lines() else {
        return Err(AccessError::new(
            AccessErrorKind::Cancelled,
            SCHEME,
            Some(host),
            "no message to send: give its subject and body",
        ));
    };
    let mut data = Vec::with_capacity(lines.iter().map(|l| l.len() + 2).sum());
    for line in &lines {
        data.extend_from_slice(line);
        data.extend_from_slice(b"\r\n");
    }
    let deadline = Deadline::after(session.timeouts.total);
    let mut conn = LineConn::open(
        SCHEME,
        host,
        s.port,
        dial,
        &session.timeouts,
        deadline,
        Limits::PROTOCOL,
    )?;
    let result = dialogue(&mut conn, host, &s.exchanges, &data);
    if result.is_err() {
        let _ = conn.socket().shutdown(Shutdown::Both);
    }
    result
}

/// The loop: each exchange sent, its reply read and checked.
fn dialogue(
    conn: &mut LineConn,
    host: &str,
    exchanges: &[Exchange],
    data: &[u8],
) -> Result<Fetched, AccessError> {
    let mut taken = false;
    for x in exchanges {
        let shown = match &x.out {
            Out::Greeting => "the greeting".to_string(),
            Out::Command(_, l) => format!("`{l}`"),
            Out::Message => "the message".to_string(),
        };
        if let Out::Command(SmtpCommand::Quit, l) = &x.out
            && taken
        {
            goodbye(conn, l);
            continue;
        }
        let sent = match &x.out {
            Out::Greeting => Ok(()),
            Out::Command(_, l) => {
                let wire = l.wire().ok_or_else(|| {
                    AccessError::new(
                        AccessErrorKind::Unsupported,
                        SCHEME,
                        Some(host),
                        format!("{shown} lacks configuration"),
                    )
                })?;
                conn.send(&wire)
            }
            Out::Message => conn.send_raw(data),
        };
        sent.map_err(|e| e.access(SCHEME, host, &format!("sending {shown}")))?;
        let reply = conn
            .reply()
            .map_err(|e| e.access(SCHEME, host, &format!("waiting for the answer to {shown}")))?;
        if !reply.is(x.expect) {
            return Err(refused(host, &shown, &reply));
        }
        if matches!(x.out, Out::Message) {
            taken = true;
        }
    }
    if taken {
        Ok(Fetched::Sent)
    } else {
        Err(AccessError::new(
            AccessErrorKind::Unsupported,
            SCHEME,
            Some(host),
            "the plan sends no message",
        ))
    }
}

/// `QUIT` once the relay has taken the message: a courtesy, not waited on
/// long, whose failure changes nothing.
fn goodbye(conn: &mut LineConn, quit: &Line) {
    if let Some(wire) = quit.wire()
        && conn.send(&wire).is_ok()
    {
        let _ = conn.reply_within(Some(QUIT_WAIT));
    }
}

/// The relay's refusal, quoting its reply: an authentication demand is
/// [`AccessErrorKind::Auth`], the rest [`AccessErrorKind::Protocol`].
fn refused(host: &str, shown: &str, reply: &Reply) -> AccessError {
    let kind = match reply.code {
        530 | 534 | 535 | 538 => AccessErrorKind::Auth,
        _ => AccessErrorKind::Protocol,
    };
    let when = if (400..500).contains(&reply.code) {
        " for now"
    } else {
        ""
    };
    AccessError::new(
        kind,
        SCHEME,
        Some(host),
        format!("the relay refused {shown}{when}"),
    )
    .with_reply(&reply.text)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::interaction::Unattended;
    use uniform::UrlRef;
    use uniform::plan::{Dialogue, Message, plan};

    #[test]
    fn a_missing_message_is_refused_before_connecting() {
        let url = UrlRef::parse("mailto:a@b.example").unwrap();
        let mut o = FetchOptions::default();
        // A relay that would refuse the connection: never reached.
        o.plan.smtp_server = Some("127.0.0.1:9".into());
        o.plan.allowed_ports.push(9);
        o.plan.email = Some("me@example.net".into());
        // Sent as execute sends it, direct.
        let sent = |o: &FetchOptions| {
            let p = plan(&url, &o.plan).unwrap();
            let Dialogue::Smtp(m) = p.dialogue() else {
                panic!("not smtp")
            };
            let s = Session::default();
            send(
                m,
                o,
                &s,
                s.dial(&uniform::plan::Route::default(), None, o.exclusions),
                &mut Unattended,
            )
            .unwrap_err()
        };
        let e = sent(&o);
        assert_eq!(e.kind(), AccessErrorKind::Cancelled);
        o.plan.message = Some(Message::new(None, b"x".to_vec()));
        let e = sent(&o);
        assert_eq!(e.kind(), AccessErrorKind::Connect, "{e}");
    }
}
