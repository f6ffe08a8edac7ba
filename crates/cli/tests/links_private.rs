//! `uniform links --exclude-private`, `--exclude-link-local`,
//! `--exclude-loopback` and `--exclude-all-private` (lychee's): an
//! excluded link is reported unchecked ("excluded: ..."), never broken,
//! and never connected to; a name is screened by the addresses it
//! resolves to (the resolver's or `--resolve`'s); through an HTTP proxy,
//! which resolves names itself, only a literal is, and the report says
//! so. The server is a plain listener on loopback that answers every
//! request 200 and counts the connections it accepts.

use std::io::{Read, Write};
use std::net::TcpListener;
use std::path::PathBuf;
use std::process::Output;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;
use uniform_testkit::scratch;

#[path = "support/links.rs"]
mod support;

/// A loopback HTTP server (or proxy: it answers any request line) that
/// counts the connections it accepts; `/redirect` is a 302 to a private
/// address.
struct Counting {
    port: u16,
    accepted: Arc<AtomicUsize>,
}

impl Counting {
    fn start() -> Counting {
        let l = TcpListener::bind("127.0.0.1:0").unwrap();
        let port = l.local_addr().unwrap().port();
        let accepted = Arc::new(AtomicUsize::new(0));
        let seen = accepted.clone();
        std::thread::spawn(move || {
            for s in l.incoming() {
                let Ok(mut s) = s else { continue };
                seen.fetch_add(1, Ordering::SeqCst);
                std::thread::spawn(move || {
                    let _ = s.set_read_timeout(Some(Duration::from_secs(5)));
                    let mut head = Vec::new();
                    let mut b = [0u8; 1];
                    while !head.ends_with(b"\r\n\r\n") {
                        match s.read(&mut b) {
                            Ok(1) => head.push(b[0]),
                            _ => return,
                        }
                    }
                    // A request for /redirect is sent inward, to a
                    // private address.
                    let reply: &[u8] = if head.windows(9).any(|w| w == b"/redirect") {
                        b"HTTP/1.1 302 Found\r\nLocation: http://10.0.0.1:8080/inside\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
                    } else {
                        b"HTTP/1.1 200 OK\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
                    };
                    let _ = s.write_all(reply);
                });
            }
        });
        Counting { port, accepted }
    }

    fn accepted(&self) -> usize {
        self.accepted.load(Ordering::SeqCst)
    }
}

/// A document of one link a line, each with its own path so that the
/// report's entries can be told apart however the URL is serialized.
fn document(name: &str, urls: &[String]) -> PathBuf {
    let dir = scratch(name);
    let p = dir.join("links.txt");
    std::fs::write(&p, urls.join("\n") + "\n").unwrap();
    p
}

/// `uniform links` with every link shown as JSON, no retry, short limits.
fn checked(args: &[&str]) -> Output {
    let mut all = vec!["--json", "-v", "--no-progress", "--max-retries", "0"];
    all.extend(["--timeout", "5", "--connect-timeout", "2"]);
    all.extend(args);
    support::links(&all)
}

/// The status and reason of the link whose URL holds `marker`.
fn verdict(out: &Output, marker: &str) -> (String, String) {
    let links = support::json_links(out);
    let l = links
        .iter()
        .find(|l| l["url"].as_str().is_some_and(|u| u.contains(marker)))
        .unwrap_or_else(|| panic!("{marker} not in {links:?}"));
    (support::field(l, "status"), support::field(l, "reason"))
}

#[test]
fn loopback_is_excluded_by_literal_by_name_by_pin_and_mapped() {
    let server = Counting::start();
    let p = server.port;
    let pin = format!("inward.test:{p}:127.0.0.1");
    let doc = document(
        "loopback",
        &[
            format!("http://127.0.0.1:{p}/literal"),
            format!("http://localhost:{p}/name"),
            format!("http://inward.test:{p}/pinned"),
            format!("http://[::ffff:127.0.0.1]:{p}/mapped"),
        ],
    );
    let doc = doc.to_str().unwrap();
    let out = checked(&["--exclude-loopback", "--resolve", &pin, doc]);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    for marker in ["/literal", "/name", "/pinned", "/mapped"] {
        let (status, reason) = verdict(&out, marker);
        assert_eq!(status, "unchecked", "{marker}: {reason}");
        assert!(reason.starts_with("excluded: "), "{marker}: {reason}");
        assert!(
            reason.contains("a loopback address (--exclude-loopback)"),
            "{marker}: {reason}"
        );
    }
    assert!(
        verdict(&out, "/literal")
            .1
            .contains("127.0.0.1 is a loopback address")
    );
    assert!(
        verdict(&out, "/pinned")
            .1
            .contains("inward.test resolves to 127.0.0.1")
    );
    assert_eq!(server.accepted(), 0, "a connection was made");
}

#[test]
fn without_the_flag_loopback_is_checked_and_fine() {
    let server = Counting::start();
    let p = server.port;
    let pin = format!("inward.test:{p}:127.0.0.1");
    let doc = document(
        "unflagged",
        &[
            format!("http://127.0.0.1:{p}/literal"),
            format!("http://localhost:{p}/name"),
            format!("http://inward.test:{p}/pinned"),
        ],
    );
    let out = checked(&["--resolve", &pin, doc.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    for marker in ["/literal", "/name", "/pinned"] {
        let (status, reason) = verdict(&out, marker);
        assert_eq!(status, "ok", "{marker}: {reason}");
    }
    assert!(server.accepted() >= 3);
}

#[test]
fn exclude_private_leaves_loopback_alone() {
    let server = Counting::start();
    let doc = document(
        "private",
        &[
            format!("http://127.0.0.1:{}/loop", server.port),
            "http://10.0.0.1:8080/ten".to_string(),
            "http://172.31.255.255/rfc1918".to_string(),
        ],
    );
    let out = checked(&["--exclude-private", doc.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    assert_eq!(verdict(&out, "/loop").0, "ok");
    let (status, reason) = verdict(&out, "/ten");
    assert_eq!(status, "unchecked");
    assert!(
        reason.contains("10.0.0.1 is a private address (RFC 1918) (--exclude-private)"),
        "{reason}"
    );
    assert_eq!(verdict(&out, "/rfc1918").0, "unchecked");
}

#[test]
fn exclude_all_private_refuses_every_inward_address_without_trying() {
    let server = Counting::start();
    let doc = document(
        "all",
        &[
            format!("http://127.0.0.1:{}/loop", server.port),
            "http://169.254.169.254/latest/meta-data".to_string(),
            "http://[fc00::1]/ula".to_string(),
            "http://[fe80::1]/linklocal".to_string(),
            "http://192.168.1.1/home".to_string(),
        ],
    );
    let started = std::time::Instant::now();
    let out = checked(&["--exclude-all-private", doc.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    for (marker, class) in [
        ("/loop", "a loopback address"),
        ("/meta-data", "a cloud metadata address"),
        ("/ula", "a unique local address"),
        ("/linklocal", "a link-local address"),
        ("/home", "a private address"),
    ] {
        let (status, reason) = verdict(&out, marker);
        assert_eq!(status, "unchecked", "{marker}: {reason}");
        assert!(
            reason.contains(class) && reason.contains("(--exclude-all-private)"),
            "{marker}: {reason}"
        );
    }
    assert_eq!(server.accepted(), 0);
    // No connection was even tried: an attempt at 169.254.169.254 would
    // wait out --connect-timeout.
    assert!(
        started.elapsed() < Duration::from_secs(2),
        "{:?}",
        started.elapsed()
    );
}

#[test]
fn through_an_http_proxy_the_literal_is_screened_and_a_name_is_noted() {
    let proxy = Counting::start();
    let doc = document(
        "proxy",
        &[
            "http://127.0.0.1:8080/literal".to_string(),
            "http://inward.test/name".to_string(),
        ],
    );
    let via = format!("http://127.0.0.1:{}", proxy.port);
    let out = checked(&["--exclude-loopback", "-x", &via, doc.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let (status, reason) = verdict(&out, "/literal");
    assert_eq!(status, "unchecked", "{reason}");
    assert!(
        reason.contains("127.0.0.1 is a loopback address"),
        "{reason}"
    );
    // The name went to the proxy (on loopback, which is no target), and
    // the verdict says it could not be screened.
    let (status, reason) = verdict(&out, "/name");
    assert_eq!(status, "ok", "{reason}");
    assert!(
        reason.contains("inward.test was not resolved here")
            && reason.contains("address literals only"),
        "{reason}"
    );
    assert_eq!(
        proxy.accepted(),
        1,
        "only the name's request reached the proxy"
    );
}

#[test]
fn a_redirect_to_an_excluded_address_is_not_followed() {
    let server = Counting::start();
    let doc = document(
        "redirect",
        &[format!("http://127.0.0.1:{}/redirect", server.port)],
    );
    let started = std::time::Instant::now();
    let out = checked(&["--exclude-private", doc.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let (status, reason) = verdict(&out, "/redirect");
    assert_eq!(status, "unchecked", "{reason}");
    assert!(
        reason.contains("10.0.0.1 is a private address (RFC 1918) (--exclude-private)"),
        "{reason}"
    );
    // The first hop was made (HEAD, not followed by GET: excluded is a
    // verdict); the second was not even tried.
    assert_eq!(server.accepted(), 1);
    assert!(
        started.elapsed() < Duration::from_secs(2),
        "{:?}",
        started.elapsed()
    );
}

#[test]
fn an_input_on_loopback_is_read_though_loopback_is_excluded() {
    let server = Counting::start();
    // The server answers every path with an empty 200: a page of no
    // links, read (the input is the user's choice) and not broken.
    let input = format!("http://127.0.0.1:{}/index.html", server.port);
    let out = checked(&["--exclude-loopback", &input]);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    assert_eq!(server.accepted(), 1);
}
