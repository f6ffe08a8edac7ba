//! Proxies and gateways: the request line a gateway hears, recorded by a
//! scripted gateway in the test (no real proxy runs here), and nginx, which
//! answers an absolute-form request line for its own host (RFC 9112
//! section 3.2.2) and so shows what a gateway receives in its access log.

mod common;

use common::{Opts, fetch};
use common::{fixture, host, peer_up, port, setting};
use std::io::{Read, Write};
use std::net::TcpListener;
use std::sync::mpsc;
use std::time::Duration;
use uniform::{Dialect, ParseOptions};
use uniform_access::proxy::Proxies;
use uniform_access::{AccessError, AccessErrorKind, Fetched, Unattended};

const NGINX: &str = "UNIFORM_HTTP_PORT";

/// A gateway that records the request head of each of `n` connections and
/// answers each with `reply`.
fn recorder(reply: &'static [u8], n: usize) -> (u16, mpsc::Receiver<String>) {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port();
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        for _ in 0..n {
            let Ok((mut s, _)) = listener.accept() else {
                return;
            };
            s.set_read_timeout(Some(Duration::from_secs(5))).unwrap();
            let mut head = Vec::new();
            let mut b = [0u8; 1];
            while !head.ends_with(b"\r\n\r\n") && s.read(&mut b).unwrap_or(0) == 1 {
                head.push(b[0]);
            }
            let _ = tx.send(String::from_utf8_lossy(&head).into_owned());
            let _ = s.write_all(reply);
        }
    });
    (port, rx)
}

fn via(opts: &Opts, url: &str) -> (Result<Fetched, AccessError>, Vec<u8>) {
    let url = ParseOptions::new()
        .dialect(Dialect::Rfc3986)
        .parse(url)
        .unwrap_or_else(|e| panic!("{url}: {e}"));
    let mut out = Vec::new();
    let r = fetch(&url, opts, &mut out, &mut Unattended);
    (r, out)
}

fn gateway(scheme: &str, url: &str) -> Opts {
    let mut opts = Opts::new();
    opts.proxies.gateway(scheme, url).unwrap();
    opts
}

fn lines(head: &str) -> Vec<&str> {
    head.split("\r\n").filter(|l| !l.is_empty()).collect()
}

const HELLO: &[u8] = b"HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nhello";

#[test]
fn an_ftp_url_goes_whole_on_the_request_line() {
    let (port, heard) = recorder(HELLO, 1);
    let opts = gateway("ftp", &format!("http://127.0.0.1:{port}/"));
    let (r, out) = via(
        &opts,
        "ftp://myname:pw@ftp.example:2121/pub/hello.txt;type=a#top",
    );
    assert!(matches!(r, Ok(Fetched::Object { bytes: 5 })), "{r:?}");
    assert_eq!(out, b"hello");
    let head = heard.recv().unwrap();
    let l = lines(&head);
    // The whole URL, user and password included (the gateway logs in with
    // them), without the fragment.
    assert_eq!(
        l[0],
        "GET ftp://myname:pw@ftp.example:2121/pub/hello.txt;type=a HTTP/1.1"
    );
    assert!(l.contains(&"Host: ftp.example:2121"), "{head}");
    assert!(!head.contains("Authorization"), "{head}");
}

#[test]
fn a_gopher_url_keeps_its_escapes_and_gets_the_rest_encoded() {
    let (port, heard) = recorder(HELLO, 2);
    let opts = gateway("gopher", &format!("127.0.0.1:{port}"));
    let (r, _) = via(&opts, "gopher://gopher.example/7/search%09rfc%201738");
    assert!(r.is_ok(), "{r:?}");
    assert_eq!(
        lines(&heard.recv().unwrap())[0],
        "GET gopher://gopher.example/7/search%09rfc%201738 HTTP/1.1"
    );
    // A URL read leniently, with a raw space and a non-ASCII letter: HTTP
    // cannot carry them on the request line (RFC 1630), so they go encoded.
    let url = ParseOptions::new()
        .parse("gopher://gopher.example/0with space\u{e9}")
        .unwrap();
    let mut out = Vec::new();
    fetch(&url, &opts, &mut out, &mut Unattended).unwrap();
    assert_eq!(
        lines(&heard.recv().unwrap())[0],
        "GET gopher://gopher.example/0with%20space%C3%A9 HTTP/1.1"
    );
}

#[test]
fn an_http_url_through_a_proxy_sends_its_credentials_as_a_header() {
    let (port, heard) = recorder(HELLO, 1);
    let p = format!("http://proxyuser:proxypw@127.0.0.1:{port}");
    let vars = [("http_proxy", p.as_str())];
    let mut opts = Opts::new();
    opts.proxies = Proxies::from_vars(|k| {
        vars.iter()
            .find(|(n, _)| *n == k)
            .map(|(_, v)| v.to_string())
    })
    .unwrap();
    let (r, _) = via(
        &opts,
        "http://Aladdin:open%20sesame@www.example:8080/a%20b?q=1#frag",
    );
    assert!(r.is_ok(), "{r:?}");
    let head = heard.recv().unwrap();
    let l = lines(&head);
    // RFC 9110 section 4.2.4: no userinfo in an http request target.
    assert_eq!(l[0], "GET http://www.example:8080/a%20b?q=1 HTTP/1.1");
    assert!(l.contains(&"Host: www.example:8080"), "{head}");
    assert!(
        l.contains(&"Authorization: Basic QWxhZGRpbjpvcGVuIHNlc2FtZQ=="),
        "{head}"
    );
    assert!(
        l.contains(&"Proxy-Authorization: Basic cHJveHl1c2VyOnByb3h5cHc="),
        "{head}"
    );
    assert!(
        !head.contains("open sesame") && !head.contains("open%20sesame"),
        "{head}"
    );
}

#[test]
fn https_goes_through_a_connect_tunnel_never_in_the_clear() {
    let (port, heard) = recorder(b"HTTP/1.1 403 Forbidden\r\nContent-Length: 0\r\n\r\n", 1);
    let opts = gateway("https", &format!("http://127.0.0.1:{port}"));
    let (r, _) = via(&opts, "https://secure.example/private?x");
    let e = r.unwrap_err();
    assert_eq!(e.kind(), AccessErrorKind::Connect, "{e}");
    let head = heard.recv().unwrap();
    assert_eq!(
        lines(&head)[0],
        "CONNECT secure.example:443 HTTP/1.1",
        "{head}"
    );
    assert!(
        !head.contains("/private"),
        "the path stays inside TLS: {head}"
    );
}

#[test]
fn a_chunked_answer_through_the_gateway() {
    let (port, heard) = recorder(
        b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n4;x=y\r\ndefg\r\n0\r\n\r\n",
        1,
    );
    let opts = gateway("gopher", &format!("http://127.0.0.1:{port}"));
    let (r, out) = via(&opts, "gopher://h.example/1/");
    assert!(matches!(r, Ok(Fetched::Object { bytes: 7 })), "{r:?}");
    assert_eq!(out, b"abcdefg");
    assert!(
        heard
            .recv()
            .unwrap()
            .starts_with("GET gopher://h.example/1/ HTTP/1.1\r\n")
    );
}

#[test]
fn a_wais_url_reaches_its_gateway_locator() {
    // RFC 1738 section 4: "gateway locators for indirect access".
    let (port, heard) = recorder(HELLO, 1);
    let opts = gateway("wais", &format!("http://127.0.0.1:{port}/"));
    let (r, out) = via(
        &opts,
        "wais://cnidr.org:210/directory-of-servers?gopher%20protocol",
    );
    assert!(r.is_ok(), "{r:?}");
    assert_eq!(out, b"hello");
    let head = heard.recv().unwrap();
    let l = lines(&head);
    assert_eq!(
        l[0],
        "GET wais://cnidr.org:210/directory-of-servers?gopher%20protocol HTTP/1.1"
    );
    assert!(l.contains(&"Host: cnidr.org:210"), "{head}");
}

#[test]
fn a_prospero_url_reaches_its_gateway_too() {
    let (port, heard) = recorder(HELLO, 1);
    let opts = gateway("prospero", &format!("http://127.0.0.1:{port}/"));
    let (r, out) = via(
        &opts,
        "prospero://pros.example:1525/pub/papers;OBJECT-VERSION=2",
    );
    assert!(r.is_ok(), "{r:?}");
    assert_eq!(out, b"hello");
    let head = heard.recv().unwrap();
    let l = lines(&head);
    assert_eq!(
        l[0],
        "GET prospero://pros.example:1525/pub/papers;OBJECT-VERSION=2 HTTP/1.1"
    );
    assert!(l.contains(&"Host: pros.example:1525"), "{head}");
}

#[test]
fn a_gateway_that_is_down_is_a_connect_error_naming_it() {
    let closed = uniform_testkit::ClosedPort::new();
    let port = closed.port();
    let opts = gateway("ftp", &format!("http://127.0.0.1:{port}"));
    let (r, _) = via(&opts, "ftp://ftp.example/x");
    let e = r.unwrap_err();
    assert_eq!(e.kind(), AccessErrorKind::Connect);
    assert!(
        e.message()
            .contains(&format!("127.0.0.1:{port} (--gateway ftp)")),
        "{e}"
    );
    assert_eq!(e.host(), Some("ftp.example"));
}

#[test]
fn the_policy_runs_before_the_gateway() {
    let (port, heard) = recorder(HELLO, 1);
    let opts = gateway("gopher", &format!("http://127.0.0.1:{port}"));
    let (r, out) = via(&opts, "gopher://mail.example:25/0HELO%20x");
    assert_eq!(
        r.unwrap_err().kind(),
        AccessErrorKind::Refused(uniform::plan::Rule::BadPort)
    );
    // Nothing reached the gateway.
    assert!(out.is_empty());
    assert!(heard.recv_timeout(Duration::from_millis(300)).is_err());
}

#[test]
fn nginx_answers_the_absolute_form_as_a_gateway_would_hear_it() {
    if !peer_up(&["nginx"]) {
        return;
    }
    let gw = format!("http://{}:{}/", host(), port(NGINX));
    let hello = fixture("anon/pub/hello.txt");

    // An http URL through the "gateway": nginx serves its own host.
    let (r, out) = via(&gateway("http", &gw), &format!("{gw}pub/hello.txt"));
    assert!(r.is_ok(), "{r:?}");
    assert_eq!(out, hello);

    // A listing answered in chunks, the same bytes as fetched directly.
    let (r, chunked) = via(&gateway("http", &gw), &format!("{gw}pub/many/"));
    assert!(r.is_ok(), "{r:?}");
    let (r, direct) = via(&Opts::new(), &format!("{gw}pub/many/"));
    assert!(r.is_ok(), "{r:?}");
    assert_eq!(chunked, direct);
    assert!(chunked.windows(13).any(|w| w == b"entry-149.txt"));

    // A redirect through the gateway: the next hop goes through it too.
    let (r, out) = via(&gateway("http", &gw), &format!("{gw}redirect"));
    assert!(r.is_ok(), "{r:?}");
    assert_eq!(out, hello);

    // An ftp URL: nginx takes the path of any absolute URL, so the request
    // line it logs is exactly what a gateway hears.
    let ftp = format!(
        "ftp://{}:{}/pub/hello.txt",
        host(),
        port("UNIFORM_FTP_PORT")
    );
    let (r, out) = via(&gateway("ftp", &gw), &format!("{ftp}#frag"));
    assert!(r.is_ok(), "{r:?}");
    assert_eq!(out, hello);
    let log = std::fs::read_to_string(format!("{}/http/access.log", setting("UNIFORM_PEERS_DIR")))
        .unwrap();
    assert!(
        log.contains(&format!("\"GET {ftp} HTTP/1.1\" 200 ")),
        "not in the access log"
    );

    // Its errors come back quoted.
    let (r, _) = via(
        &gateway("gopher", &gw),
        &format!("gopher://{}:7070/0/nothing-here.txt", host()),
    );
    let e = r.unwrap_err();
    assert_eq!(e.kind(), AccessErrorKind::Protocol);
    assert_eq!(e.reply(), Some("HTTP/1.1 404 Not Found"));
    assert!(e.message().contains("through the gateway"), "{e}");
}

#[test]
fn a_gateway_reaches_what_uniform_cannot_reach_itself() {
    // news: with no news server configured, and a scheme with no access
    // algorithm: both are what a gateway is for.
    let (port, heard) = recorder(HELLO, 2);
    let mut opts = gateway("news", &format!("http://127.0.0.1:{port}/"));
    opts.proxies
        .gateway("x-archive", &format!("http://127.0.0.1:{port}/"))
        .unwrap();
    for (url, line) in [
        ("news:comp.lang.rust", "GET news:comp.lang.rust HTTP/1.1"),
        (
            "x-archive://store.example/item/7",
            "GET x-archive://store.example/item/7 HTTP/1.1",
        ),
    ] {
        let (r, out) = via(&opts, url);
        assert!(r.is_ok(), "{url}: {r:?}");
        assert_eq!(out, b"hello");
        let head = heard.recv().unwrap();
        assert_eq!(lines(&head)[0], line, "{head}");
    }
}

#[test]
fn the_gateway_plan_is_what_the_gateway_hears() {
    // `uniform plan` shows a gateway's request from Gateway::plan: each
    // line it plans must be the line sent, in order, secrets included.
    let (port, heard) = recorder(HELLO, 2);
    let gw = format!("http://gu:gpw@127.0.0.1:{port}/");
    for url in [
        "ftp://myname:pw@ftp.example:2121/pub/hello.txt;type=a#top",
        "http://a:b@www.example/x?y",
    ] {
        let scheme = &url[..url.find(':').unwrap()];
        let opts = gateway(scheme, &gw);
        let (r, _) = via(&opts, url);
        assert!(r.is_ok(), "{r:?}");
        let parsed = ParseOptions::new()
            .dialect(Dialect::Rfc3986)
            .parse(url)
            .unwrap();
        let g = opts.proxies.for_url(&parsed).unwrap();
        let planned: Vec<String> = g
            .plan(&parsed, None)
            .steps()
            .iter()
            .filter_map(|s| match s {
                uniform::plan::Step::Send(l) => Some(l.revealed()),
                _ => None,
            })
            .filter(|l| !l.is_empty())
            .collect();
        let head = heard.recv().unwrap();
        assert_eq!(planned, lines(&head), "{url}");
    }
}

#[test]
fn a_url_echoed_in_a_gateway_error_has_its_control_characters_escaped() {
    let (port, heard) = recorder(b"HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\n\r\n", 1);
    let opts = gateway("gopher", &format!("http://127.0.0.1:{port}"));
    let (r, _) = via(&opts, "gopher://ex9.invalid/0/x y\x1b[31m");
    let e = r.unwrap_err();
    let m = e.to_string();
    assert!(!m.contains('\x1b'), "{m:?}");
    assert!(m.contains("x y\\x1B[31m"), "{m}");
    assert!(!e.message().contains('\x1b'), "{:?}", e.message());
    // The host with its port (gopher's 70: no port in the URL).
    assert!(m.starts_with("gopher://ex9.invalid:70: "), "{m}");
    let _ = heard.recv_timeout(Duration::from_secs(5));
}
