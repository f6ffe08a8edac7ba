//! HTTP against the real nginx (bytes compared with the fixtures, its
//! redirects, its basic-auth location); faults a real server will not
//! produce (silence, a trickle, a dropped connection) come from scripted
//! servers in the test.

mod common;

use common::{Opts, fetch};
use common::{fixture, host, peer_up, port, setting};
use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::time::{Duration, Instant};
use uniform::plan::Rule;
use uniform::{Dialect, ParseOptions};
use uniform_access::{AccessError, AccessErrorKind, Fetched, Interaction, Unattended};

const NGINX: &str = "UNIFORM_HTTP_PORT";

fn base() -> String {
    format!("http://{}:{}", host(), port(NGINX))
}

/// What the access told the user.
#[derive(Default)]
struct Seen {
    size: Option<u64>,
    progress: Vec<u64>,
    asked: Vec<String>,
    answer: Option<Vec<u8>>,
}

impl Interaction for Seen {
    fn size_known(&mut self, size: u64) {
        self.size = Some(size);
    }
    fn progress(&mut self, written: u64) {
        self.progress.push(written);
    }
    fn password(&mut self, what: &str) -> Option<Vec<u8>> {
        self.asked.push(what.to_string());
        self.answer.clone()
    }
}

fn get_with(
    url: &str,
    opts: &Opts,
    ui: &mut dyn Interaction,
) -> (Result<Fetched, AccessError>, Vec<u8>) {
    let url = ParseOptions::new()
        .dialect(Dialect::Rfc3986)
        .parse(url)
        .unwrap_or_else(|e| panic!("{url}: {e}"));
    let mut out = Vec::new();
    let r = fetch(&url, opts, &mut out, ui);
    (r, out)
}

fn get(url: &str) -> (Result<Fetched, AccessError>, Vec<u8>) {
    get_with(url, &Opts::new(), &mut Unattended)
}

/// The object's bytes, checking that the count returned is theirs.
fn object(url: &str) -> Vec<u8> {
    match get(url) {
        (Ok(Fetched::Object { bytes }), out) => {
            assert_eq!(bytes, out.len() as u64, "{url}");
            out
        }
        (other, _) => panic!("{url}: {other:?}"),
    }
}

fn failure(url: &str, opts: &Opts) -> AccessError {
    match get_with(url, opts, &mut Unattended) {
        (Err(e), _) => e,
        (other, _) => panic!("{url}: expected an error, got {other:?}"),
    }
}

#[test]
fn files_are_the_fixtures_bytes() {
    if !peer_up(&["nginx"]) {
        return;
    }
    let b = base();
    assert_eq!(
        object(&format!("{b}/pub/hello.txt")),
        fixture("anon/pub/hello.txt")
    );
    assert_eq!(
        object(&format!("{b}/pub/dots.txt")),
        fixture("anon/pub/dots.txt")
    );
    assert_eq!(
        object(&format!("{b}/pub/binary.bin")),
        fixture("anon/pub/binary.bin")
    );
    assert_eq!(
        object(&format!("{b}/pub/a/b/c.txt")),
        fixture("anon/pub/a/b/c.txt")
    );
    assert_eq!(
        object(&format!("{b}/pub/space%20and%3Bsemicolon.txt")),
        fixture("anon/pub/space and;semicolon.txt")
    );
}

#[test]
fn the_fragment_is_never_sent() {
    if !peer_up(&["nginx"]) {
        return;
    }
    // Sent, "#top" would be "%23top" or cut the path: nginx would answer 404.
    assert_eq!(
        object(&format!("{}/pub/hello.txt#top", base())),
        fixture("anon/pub/hello.txt")
    );
}

#[test]
fn the_search_part_is_sent_as_written() {
    if !peer_up(&["nginx"]) {
        return;
    }
    assert_eq!(
        object(&format!("{}/search?rfc%201738&x=y", base())),
        b"query=rfc%201738&x=y\n"
    );
}

#[test]
fn a_large_file_streams_with_its_size_and_progress() {
    if !peer_up(&["nginx"]) {
        return;
    }
    let expected = fixture("anon/large/large.bin");
    let mut seen = Seen::default();
    let (r, out) = get_with(
        &format!("{}/large/large.bin", base()),
        &Opts::new(),
        &mut seen,
    );
    assert!(
        matches!(r, Ok(Fetched::Object { bytes }) if bytes == expected.len() as u64),
        "{r:?}"
    );
    assert!(out == expected, "the 32 MiB differ");
    assert_eq!(seen.size, Some(expected.len() as u64));
    assert!(
        seen.progress.len() > 1,
        "progress is told as the body arrives"
    );
    assert!(seen.progress.windows(2).all(|w| w[0] < w[1]));
    assert_eq!(seen.progress.last(), Some(&(expected.len() as u64)));
}

#[test]
fn a_404_is_a_protocol_error_quoting_the_status_line() {
    if !peer_up(&["nginx"]) {
        return;
    }
    let e = failure(&format!("{}/pub/nope.txt", base()), &Opts::new());
    assert_eq!(e.kind(), AccessErrorKind::Protocol);
    assert_eq!(e.reply(), Some("HTTP/1.1 404 Not Found"));
    assert_eq!((e.scheme(), e.host()), ("http", Some(host().as_str())));
    assert!(e.to_string().contains("GET /pub/nope.txt"), "{e}");
}

#[test]
fn basic_auth_from_the_url_options_or_prompt() {
    if !peer_up(&["nginx"]) {
        return;
    }
    let (h, p) = (host(), port(NGINX));
    let user = setting("UNIFORM_PEER_USER");
    let pass = setting("UNIFORM_PEER_PASSWORD");
    let expected = fixture("user/private.txt");

    let e = failure(&format!("http://{h}:{p}/private/private.txt"), &Opts::new());
    assert_eq!(e.kind(), AccessErrorKind::Auth);
    assert_eq!(e.reply(), Some("HTTP/1.1 401 Unauthorized"));

    assert_eq!(
        object(&format!("http://{user}:{pass}@{h}:{p}/private/private.txt")),
        expected
    );

    let bad = failure(
        &format!("http://{user}:wrong-s3cret@{h}:{p}/private/private.txt"),
        &Opts::new(),
    );
    assert_eq!(bad.kind(), AccessErrorKind::Auth);
    assert!(!bad.to_string().contains("wrong-s3cret"), "{bad}");

    let only_user = format!("http://{user}@{h}:{p}/private/private.txt");
    let mut opts = Opts::new();
    opts.password = Some(pass.clone().into_bytes());
    let (r, out) = get_with(&only_user, &opts, &mut Unattended);
    assert!(r.is_ok(), "{r:?}");
    assert_eq!(out, expected);

    let mut seen = Seen {
        answer: Some(pass.into_bytes()),
        ..Seen::default()
    };
    let (r, out) = get_with(&only_user, &Opts::new(), &mut seen);
    assert!(r.is_ok(), "{r:?}");
    assert_eq!(out, expected);
    assert_eq!(seen.asked, [format!("{user} at {h}")]);

    let e = failure(&only_user, &Opts::new());
    assert_eq!(e.kind(), AccessErrorKind::Cancelled);
}

#[test]
fn redirects_are_followed_within_the_limit() {
    if !peer_up(&["nginx"]) {
        return;
    }
    assert_eq!(
        object(&format!("{}/redirect", base())),
        fixture("anon/pub/hello.txt")
    );

    let mut none = Opts::new();
    none.max_redirects = 0;
    let e = failure(&format!("{}/redirect", base()), &none);
    assert_eq!(e.kind(), AccessErrorKind::Redirect);
    // The reason phrase as nginx sends it.
    assert_eq!(e.reply(), Some("HTTP/1.1 302 Moved Temporarily"));

    let mut three = Opts::new();
    three.max_redirects = 3;
    let e = failure(&format!("{}/redirect-loop", base()), &three);
    assert_eq!(e.kind(), AccessErrorKind::Redirect);
    assert!(e.message().contains("more than 3 redirects"), "{e}");
}

#[test]
fn a_redirect_to_file_is_never_followed() {
    if !peer_up(&["nginx"]) {
        return;
    }
    // CVE-2009-0037: nginx answers 302 Location: file:///etc/passwd.
    let mut seen = Seen::default();
    let (r, out) = get_with(
        &format!("{}/evil-redirect", base()),
        &Opts::new(),
        &mut seen,
    );
    let e = r.unwrap_err();
    assert_eq!(e.kind(), AccessErrorKind::Redirect);
    assert!(
        e.message().contains("file:///etc/passwd") && e.message().contains("CVE-2009-0037"),
        "{e}"
    );
    assert!(
        out.is_empty(),
        "nothing of /etc/passwd, nothing of the 302 body"
    );
}

#[test]
fn credentials_do_not_follow_a_redirect_to_another_host() {
    if !peer_up(&["nginx"]) {
        return;
    }
    let (h, p) = (host(), port(NGINX));
    // /redirect-other-host sends 127.0.0.1 to localhost: another origin.
    let url = format!("http://leaktest:leak-s3cret@{h}:{p}/redirect-other-host");
    assert_eq!(object(&url), fixture("anon/pub/hello.txt"));
    // nginx logs the Basic user of each request ($remote_user): the user
    // name must show on the redirect and on no request for hello.txt.
    let log = std::fs::read_to_string(format!("{}/http/access.log", setting("UNIFORM_PEERS_DIR")))
        .expect("nginx access log");
    assert!(
        log.lines()
            .any(|l| l.contains(" - leaktest [") && l.contains("GET /redirect-other-host ")),
        "the origin got them"
    );
    let leaked: Vec<&str> = log
        .lines()
        .filter(|l| l.contains(" - leaktest [") && l.contains("hello.txt"))
        .collect();
    assert!(
        leaked.is_empty(),
        "credentials followed the redirect: {leaked:?}"
    );
}

#[test]
fn the_policy_refuses_before_connecting() {
    // No server needed: nothing is sent.
    let e = failure("http://127.0.0.1:25/", &Opts::new());
    assert_eq!(e.kind(), AccessErrorKind::Refused(Rule::BadPort));
    let e = failure("http://example.org%2F.evil.example/", &Opts::new());
    assert_eq!(e.kind(), AccessErrorKind::Refused(Rule::AuthorityConfusion));
}

#[test]
fn https_to_a_plain_http_server_fails_the_handshake() {
    if !peer_up(&["nginx"]) {
        return;
    }
    let e = failure(
        &format!("https://{}:{}/", host(), port(NGINX)),
        &Opts::new(),
    );
    assert_eq!(e.kind(), AccessErrorKind::Connect);
    assert!(e.message().contains("TLS"), "{e}");
}

#[test]
fn a_refused_connection_is_a_connect_error() {
    // A port held where nothing listens.
    let closed = uniform_testkit::ClosedPort::new();
    let port = closed.port();
    let e = failure(&format!("http://127.0.0.1:{port}/"), &Opts::new());
    assert_eq!(e.kind(), AccessErrorKind::Connect, "{e}");
}

/// A scripted server: accepts one connection, reads the request head,
/// then runs `script` on the stream.
fn scripted(script: impl FnOnce(TcpStream) + Send + 'static) -> u16 {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port();
    std::thread::spawn(move || {
        let (mut s, _) = listener.accept().unwrap();
        let mut head = Vec::new();
        let mut b = [0u8; 1];
        while !head.ends_with(b"\r\n\r\n") && s.read(&mut b).unwrap_or(0) == 1 {
            head.push(b[0]);
        }
        script(s);
    });
    port
}

#[test]
fn a_silent_server_times_out_at_the_idle_limit() {
    // Silent until the client hangs up, however long that takes.
    let port = scripted(|mut s| {
        uniform_testkit::until_closed(&mut s);
    });
    let mut opts = Opts::new();
    let idle = Duration::from_secs(1);
    opts.session.timeouts.idle = idle;
    opts.session.timeouts.total = Some(Duration::from_secs(60));
    let start = Instant::now();
    let e = failure(&format!("http://127.0.0.1:{port}/"), &opts);
    let took = start.elapsed();
    assert_eq!(e.kind(), AccessErrorKind::Timeout, "{e}");
    assert!(e.message().contains("--timeout"), "{e}");
    // At the limit, not before; after it by no more than a loaded
    // machine's delay.
    assert!(
        took >= idle && took < idle + Duration::from_secs(4),
        "{took:?}"
    );
}

#[test]
fn a_trickle_ends_at_the_total_limit() {
    // An octet every 100 ms (the trickle is the fault under test), until
    // the client hangs up: the 1000 announced would take 100 s.
    let port = scripted(|mut s| {
        let _ = s.write_all(b"HTTP/1.1 200 OK\r\nContent-Length: 1000\r\n\r\n");
        for _ in 0..1000 {
            if s.write_all(b"x").is_err() {
                return;
            }
            std::thread::sleep(Duration::from_millis(100));
        }
    });
    let mut opts = Opts::new();
    let total = Duration::from_secs(1);
    opts.session.timeouts.idle = Duration::from_secs(30);
    opts.session.timeouts.total = Some(total);
    let start = Instant::now();
    let e = failure(&format!("http://127.0.0.1:{port}/"), &opts);
    let took = start.elapsed();
    assert_eq!(e.kind(), AccessErrorKind::Timeout, "{e}");
    assert!(e.message().contains("--max-time"), "{e}");
    assert!(
        took >= total && took < total + Duration::from_secs(4),
        "{took:?}"
    );
}

#[test]
fn a_connection_dropped_mid_body_is_an_error_not_a_short_object() {
    let port = scripted(|mut s| {
        let _ = s.write_all(b"HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\nonly ten..");
    });
    let (r, out) = get_with(
        &format!("http://127.0.0.1:{port}/"),
        &Opts::new(),
        &mut Unattended,
    );
    let e = r.unwrap_err();
    assert_eq!(e.kind(), AccessErrorKind::Io, "{e}");
    assert!(
        e.message()
            .contains("the connection ended after 10 of 100 octets"),
        "{e}"
    );
    assert_eq!(out, b"only ten..");
}

#[test]
fn a_redirect_to_another_scheme_is_not_followed() {
    for (location, kind) in [
        (
            "ftp://127.0.0.1:2121/pub/hello.txt",
            AccessErrorKind::Redirect,
        ),
        ("gopher://127.0.0.1:7070/", AccessErrorKind::Redirect),
        (
            "http://127.0.0.1:25/",
            AccessErrorKind::Refused(Rule::BadPort),
        ),
    ] {
        let reply =
            format!("HTTP/1.1 302 Found\r\nLocation: {location}\r\nContent-Length: 0\r\n\r\n");
        let port = scripted(move |mut s| {
            let _ = s.write_all(reply.as_bytes());
        });
        let e = failure(&format!("http://127.0.0.1:{port}/"), &Opts::new());
        assert_eq!(e.kind(), kind, "{location}: {e}");
    }
}

/// A server that answers each request on a connection with `body`,
/// keeping the connection open, until the connection has carried `per`
/// requests; then it closes it without a word (as a server whose idle
/// limit has passed does). Returns the port and the count of connections
/// accepted.
fn keeping(
    per: usize,
    body: &'static [u8],
) -> (u16, std::sync::Arc<std::sync::atomic::AtomicUsize>) {
    use std::sync::atomic::{AtomicUsize, Ordering};
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port();
    let accepted = std::sync::Arc::new(AtomicUsize::new(0));
    let count = accepted.clone();
    std::thread::spawn(move || {
        for conn in listener.incoming() {
            let Ok(mut s) = conn else { return };
            count.fetch_add(1, Ordering::SeqCst);
            for _ in 0..per {
                let mut head = Vec::new();
                let mut b = [0u8; 1];
                while !head.ends_with(b"\r\n\r\n") && s.read(&mut b).unwrap_or(0) == 1 {
                    head.push(b[0]);
                }
                if !head.ends_with(b"\r\n\r\n") {
                    break;
                }
                let answer = format!("HTTP/1.1 200 OK\r\nContent-Length: {}\r\n\r\n", body.len());
                if s.write_all(answer.as_bytes())
                    .and_then(|()| s.write_all(body))
                    .is_err()
                {
                    break;
                }
            }
        }
    });
    (port, accepted)
}

#[test]
fn kept_connections_carry_the_next_url_and_a_closed_one_is_replaced() {
    use std::sync::atomic::Ordering;
    let mut opts = Opts::new();
    opts.plan.http.keep_alive = true;
    // Three URLs over one connection.
    let (port, accepted) = keeping(3, b"abc");
    for path in ["/1", "/2", "/3"] {
        let (r, out) = get_with(
            &format!("http://127.0.0.1:{port}{path}"),
            &opts,
            &mut Unattended,
        );
        assert!(r.is_ok(), "{r:?}");
        assert_eq!(out, b"abc");
    }
    assert_eq!(accepted.load(Ordering::SeqCst), 1);
    // The server closes after each answer, saying nothing: the kept
    // connection is found closed when the next request goes, and the
    // request goes again on a new one.
    let mut opts = Opts::new();
    opts.plan.http.keep_alive = true;
    let (port, accepted) = keeping(1, b"xyz");
    for path in ["/1", "/2", "/3"] {
        let (r, out) = get_with(
            &format!("http://127.0.0.1:{port}{path}"),
            &opts,
            &mut Unattended,
        );
        assert!(r.is_ok(), "{path}: {r:?}");
        assert_eq!(out, b"xyz");
    }
    assert_eq!(accepted.load(Ordering::SeqCst), 3);
    opts.session.connections.close();
}
