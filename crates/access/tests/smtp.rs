//! mailto: through the real aiosmtpd relay, the message read back from its
//! Maildir; a refusing relay is scripted.

mod common;

use common::{Opts, fetch};
use common::{host, peer_up, port, setting};
use std::io::{BufRead, BufReader, Write};
use std::net::TcpListener;
use std::path::PathBuf;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};
use uniform::UrlRef;
use uniform_access::{AccessError, AccessErrorKind, Fetched, Message, Unattended};

const SMTP: &str = "UNIFORM_SMTP_PORT";

fn send(url: &str, relay: &str, message: Option<Message>) -> Result<Fetched, AccessError> {
    let url = UrlRef::parse(url).unwrap();
    let mut o = Opts::new();
    o.plan.smtp_server = Some(relay.to_string());
    o.plan.from = Some("sender@example.net".into());
    o.plan.client_name = Some("client.example".into());
    o.session.timeouts.idle = Duration::from_secs(10);
    o.message = message;
    let mut out = Vec::new();
    let r = fetch(&url, &o, &mut out, &mut Unattended);
    assert!(out.is_empty(), "sending writes nothing");
    r
}

/// The file in the Maildir whose text contains `marker`, waiting a little
/// for the relay to write it.
fn delivered(marker: &str) -> String {
    let dir = PathBuf::from(setting("UNIFORM_SMTP_MAILDIR")).join("new");
    let until = Instant::now() + Duration::from_secs(10);
    loop {
        for entry in std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
            let text = std::fs::read_to_string(entry.unwrap().path()).unwrap_or_default();
            if text.contains(marker) {
                return text;
            }
        }
        assert!(
            Instant::now() < until,
            "no message with {marker:?} in {}",
            dir.display()
        );
        std::thread::sleep(Duration::from_millis(50));
    }
}

fn header<'a>(text: &'a str, name: &str) -> Option<&'a str> {
    let head = text.split("\n\n").next().unwrap_or_default();
    head.lines()
        .find_map(|l| l.strip_prefix(name).and_then(|r| r.strip_prefix(": ")))
}

#[test]
fn a_message_reaches_the_maildir() {
    if !peer_up(&["aiosmtpd"]) {
        return;
    }
    let nonce = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap()
        .as_nanos();
    let subject = format!("Uniform test {} {nonce}", std::process::id());
    // A line starting with "." and a line that is only ".": the client
    // stuffs them, the relay unstuffs them.
    let body = "First line.\n.A line starting with a dot.\n.\nLast line.\n";
    let r = send(
        "mailto:someone%2Bx@example.org",
        &format!("{}:{}", host(), port(SMTP)),
        Some(Message::new(
            Some(subject.clone()),
            body.as_bytes().to_vec(),
        )),
    );
    assert!(matches!(r, Ok(Fetched::Sent)), "{r:?}");
    let text = delivered(&subject).replace("\r\n", "\n");
    assert_eq!(header(&text, "Subject"), Some(subject.as_str()));
    assert_eq!(header(&text, "To"), Some("someone+x@example.org"));
    assert_eq!(header(&text, "From"), Some("sender@example.net"));
    assert_eq!(header(&text, "X-MailFrom"), Some("sender@example.net"));
    assert_eq!(header(&text, "X-RcptTo"), Some("someone+x@example.org"));
    let got_body = text.split_once("\n\n").unwrap().1;
    assert_eq!(got_body, body);
}

#[test]
fn a_refused_recipient_is_quoted() {
    let l = TcpListener::bind("127.0.0.1:0").unwrap();
    let p = l.local_addr().unwrap().port();
    std::thread::spawn(move || {
        let (s, _) = l.accept().unwrap();
        let mut w = s.try_clone().unwrap();
        let mut r = BufReader::new(s);
        w.write_all(b"220 scripted ESMTP\r\n").unwrap();
        let mut line = String::new();
        while r.read_line(&mut line).is_ok_and(|n| n > 0) {
            let answer: &[u8] = match line.get(..4).unwrap_or("") {
                "EHLO" => b"250-scripted\r\n250 8BITMIME\r\n",
                "MAIL" => b"250 2.1.0 OK\r\n",
                "RCPT" => b"550 5.1.1 <nobody@example.org>: no such user\r\n",
                "QUIT" => b"221 bye\r\n",
                _ => b"503 bad sequence\r\n",
            };
            if w.write_all(answer).is_err() {
                return;
            }
            line.clear();
        }
    });
    let e = send(
        "mailto:nobody@example.org",
        &format!("127.0.0.1:{p}"),
        Some(Message::new(None, b"x\n".to_vec())),
    )
    .unwrap_err();
    assert_eq!(e.kind(), AccessErrorKind::Protocol, "{e}");
    assert_eq!(
        e.reply(),
        Some("550 5.1.1 <nobody@example.org>: no such user"),
        "{e}"
    );
    assert_eq!((e.scheme(), e.host()), ("mailto", Some("127.0.0.1")));
}

#[test]
fn no_message_is_not_sent() {
    let e = send("mailto:a@example.org", "127.0.0.1:2525", None).unwrap_err();
    assert_eq!(e.kind(), AccessErrorKind::Cancelled, "{e}");
}

#[test]
fn no_relay_is_a_config_error() {
    let url = UrlRef::parse("mailto:a@example.org").unwrap();
    let mut o = Opts::new();
    o.plan.email = Some("me@example.net".into());
    let e = fetch(&url, &o, &mut Vec::new(), &mut Unattended).unwrap_err();
    assert!(matches!(e.kind(), AccessErrorKind::Config(_)), "{e}");
}

#[test]
fn no_relay_and_no_sender_are_named_in_one_message() {
    let url = UrlRef::parse("mailto:someone@example.com").unwrap();
    let mut o = Opts::new();
    o.plan.email = None;
    o.plan.smtp_server = None;
    o.message = Some(Message::new(None, b"hi\n".to_vec()));
    let e = fetch(&url, &o, &mut Vec::new(), &mut Unattended).unwrap_err();
    assert!(matches!(e.kind(), AccessErrorKind::Config(_)), "{e}");
    let m = e.to_string();
    for want in ["SMTP server", "--smtp-server", "sender address", "--from"] {
        assert!(m.contains(want), "{want} missing from: {m}");
    }
}

/// A relay whose greeting line never ends (a fault real relays do not
/// make, hence a fake one): the client gives up at its line limit with an
/// error naming it, having read a bounded amount.
#[test]
fn a_greeting_that_never_ends_is_too_long_under_a_small_bound() {
    let l = TcpListener::bind("127.0.0.1:0").unwrap();
    let p = l.local_addr().unwrap().port();
    let server = std::thread::spawn(move || {
        let (mut s, _) = l.accept().unwrap();
        s.set_write_timeout(Some(Duration::from_secs(10))).unwrap();
        let _ = s.write_all(b"220 ");
        let chunk = vec![b'a'; 64 * 1024];
        let mut sent = 0usize;
        // Until the client hangs up; bounded for the test's own sake.
        while sent < 64 * 1024 * 1024 && s.write_all(&chunk).is_ok() {
            sent += chunk.len();
        }
        sent
    });
    let e = send(
        "mailto:a@example.org",
        &format!("127.0.0.1:{p}"),
        Some(Message::new(None, b"x\n".to_vec())),
    )
    .unwrap_err();
    assert_eq!(e.kind(), AccessErrorKind::TooLong, "{e}");
    assert!(e.message().contains("65536 octets"), "{e}");
    assert!(e.message().contains(&format!("127.0.0.1:{p}")), "{e}");
    // What the server got in before the client hung up: the client's
    // buffer, its line limit, and the sockets' buffers, never the stream.
    let sent = server.join().unwrap();
    assert!(
        sent < 16 * 1024 * 1024,
        "the client took {sent} octets of one line"
    );
}
