//! news: and nntp: against the real INN server, compared with the articles
//! it was seeded with; the server that never answers and the server
//! without OVER are scripted.

mod common;

use common::{Opts, fetch};
use common::{fixture, host, peer_up, port};
use std::io::{BufRead, BufReader, Write};
use std::net::TcpListener;
use std::time::Duration;
use uniform::UrlRef;
use uniform_access::{AccessError, AccessErrorKind, EntryKind, Fetched, Listing, Unattended};

const NNTP: &str = "UNIFORM_NNTP_PORT";

fn server() -> String {
    format!("{}:{}", host(), port(NNTP))
}

fn opts() -> Opts {
    let mut o = Opts::new();
    o.plan.news_server = Some(server());
    o
}

fn get_with(url: &str, o: &Opts) -> (Result<Fetched, AccessError>, Vec<u8>) {
    let url = UrlRef::parse(url).unwrap_or_else(|e| panic!("{url}: {e}"));
    let mut out = Vec::new();
    let r = fetch(&url, o, &mut out, &mut Unattended);
    (r, out)
}

fn article(url: &str) -> String {
    match get_with(url, &opts()) {
        (Ok(Fetched::Object { bytes }), out) => {
            assert_eq!(bytes, out.len() as u64);
            String::from_utf8(out).unwrap()
        }
        (other, _) => panic!("{url}: {other:?}"),
    }
}

fn listing(url: &str, o: &Opts) -> Listing {
    match get_with(url, o) {
        (Ok(Fetched::Listing(l)), _) => l,
        (other, _) => panic!("{url}: {other:?}"),
    }
}

/// A seeded article's header lines and body (LF line ends).
fn seeded(name: &str) -> (Vec<String>, String) {
    let text = String::from_utf8(fixture(&format!("nntp/{name}"))).unwrap();
    let (head, body) = text.split_once("\n\n").unwrap();
    (head.lines().map(str::to_string).collect(), body.to_string())
}

fn body_of(article: &str) -> &str {
    article
        .split_once("\n\n")
        .map(|(_, b)| b)
        .unwrap_or_else(|| panic!("no body in {article:?}"))
}

#[test]
fn an_article_by_message_id_is_unstuffed() {
    if !peer_up(&["innd"]) {
        return;
    }
    let got = article("news:test1.urltest@example.com");
    let (head, body) = seeded("1-test1.txt");
    // The body holds a line starting with "." and a line that is only ".":
    // on the wire "..This" and "..".
    assert!(body.contains("\n.This body line") && body.contains("\n.\n"));
    assert_eq!(body_of(&got), body);
    for h in head {
        assert!(
            got.lines().any(|l| l == h),
            "header {h:?} missing from {got:?}"
        );
    }
    assert!(!got.contains('\r'), "local line ends");
}

#[test]
fn an_article_by_number() {
    if !peer_up(&["innd"]) {
        return;
    }
    let got = article(&format!("nntp://{}/local.test/1", server()));
    assert_eq!(body_of(&got), seeded("1-test1.txt").1);
    assert!(got.contains("Message-ID: <test1.urltest@example.com>\n"));
    let got = article(&format!("nntp://{}/comp.lang.rust/1", server()));
    assert_eq!(body_of(&got), seeded("4-rust1.txt").1);
}

#[test]
fn a_group_is_listed_from_its_overview() {
    if !peer_up(&["innd"]) {
        return;
    }
    for url in [
        "news:local.test".to_string(),
        format!("nntp://{}/local.test", server()),
    ] {
        let l = listing(&url, &opts());
        assert_eq!(l.url, url);
        let got: Vec<_> = l
            .entries
            .iter()
            .map(|e| (e.name.as_str(), e.kind, e.url.as_deref()))
            .collect();
        assert_eq!(
            got,
            [
                (
                    "Test article one",
                    EntryKind::Article,
                    Some("news:test1.urltest@example.com")
                ),
                (
                    "Test article two",
                    EntryKind::Article,
                    Some("news:test2.urltest@example.com")
                ),
                (
                    "Test article three",
                    EntryKind::Article,
                    Some("news:test3.urltest@example.com")
                ),
            ],
            "{url}"
        );
        for e in &l.entries {
            assert!(e.size.is_some_and(|s| s > 100), "{e:?}");
            let d = e.detail.as_deref().unwrap();
            assert!(
                d.starts_with("From: Uniform Test <urltest@example.com>; Date: "),
                "{d}"
            );
        }
    }
}

#[test]
fn all_groups() {
    if !peer_up(&["innd"]) {
        return;
    }
    let l = listing("news:*", &opts());
    let local = l
        .entries
        .iter()
        .find(|e| e.name == "local.test")
        .expect("local.test listed");
    assert_eq!(
        (local.kind, local.url.as_deref()),
        (EntryKind::Directory, Some("news:local.test"))
    );
    assert!(
        local.detail.as_deref().unwrap().ends_with("status y"),
        "{local:?}"
    );
    for g in ["comp.lang.rust", "control", "control.cancel", "junk"] {
        assert!(
            l.entries.iter().any(|e| e.name == g),
            "{g} missing from {l:#?}"
        );
    }
}

#[test]
fn missing_things_are_errors_quoting_the_server() {
    if !peer_up(&["innd"]) {
        return;
    }
    let e = get_with("news:no-such-article.urltest@example.com", &opts())
        .0
        .unwrap_err();
    assert_eq!(e.kind(), AccessErrorKind::Protocol, "{e}");
    assert!(e.reply().is_some_and(|r| r.starts_with("430 ")), "{e}");
    assert!(
        e.message()
            .starts_with("ARTICLE <no-such-article.urltest@example.com>: "),
        "{e}"
    );
    assert_eq!(e.scheme(), "news");
    assert_eq!(e.host(), Some(host().as_str()));

    let e = get_with(&format!("nntp://{}/local.test/999", server()), &opts())
        .0
        .unwrap_err();
    assert!(e.reply().is_some_and(|r| r.starts_with("423 ")), "{e}");

    let e = get_with("news:no.such.group", &opts()).0.unwrap_err();
    assert!(e.reply().is_some_and(|r| r.starts_with("411 ")), "{e}");
}

#[test]
fn news_needs_a_configured_server() {
    let e = get_with("news:local.test", &Opts::new()).0.unwrap_err();
    assert!(matches!(e.kind(), AccessErrorKind::Config(_)), "{e}");
}

// Scripted servers.

/// A server on a free port that answers each command line with `answer`.
fn scripted(greeting: &'static [u8], answer: fn(&str) -> Vec<u8>) -> u16 {
    let l = TcpListener::bind("127.0.0.1:0").unwrap();
    let p = l.local_addr().unwrap().port();
    std::thread::spawn(move || {
        let (s, _) = l.accept().unwrap();
        let mut w = s.try_clone().unwrap();
        if w.write_all(greeting).is_err() {
            return;
        }
        let mut r = BufReader::new(s);
        let mut line = String::new();
        while r.read_line(&mut line).is_ok_and(|n| n > 0) {
            if w.write_all(&answer(line.trim_end())).is_err() {
                return;
            }
            line.clear();
        }
    });
    p
}

#[test]
fn a_server_that_never_answers_times_out() {
    let l = TcpListener::bind("127.0.0.1:0").unwrap();
    let p = l.local_addr().unwrap().port();
    // Silent, and holding the connection until the client hangs up: a
    // server that closed on its own would end the wait with a close.
    let held = std::thread::spawn(move || {
        let (mut s, _) = l.accept().unwrap();
        assert!(uniform_testkit::until_closed(&mut s));
    });
    let mut o = Opts::new();
    let idle = Duration::from_secs(1);
    o.session.timeouts.idle = idle;
    o.session.timeouts.total = Some(Duration::from_secs(60));
    let started = std::time::Instant::now();
    let e = get_with(&format!("nntp://127.0.0.1:{p}/local.test/1"), &o)
        .0
        .unwrap_err();
    let took = started.elapsed();
    assert_eq!(e.kind(), AccessErrorKind::Timeout, "{e}");
    assert!(e.to_string().contains("--timeout"), "{e}");
    // At the idle limit, not before; after it by no more than a loaded
    // machine's delay.
    assert!(
        took >= idle && took < idle + Duration::from_secs(4),
        "{took:?}"
    );
    held.join().unwrap();
}

#[test]
fn without_over_the_listing_comes_from_xover() {
    // An RFC 977 server with the XOVER extension of RFC 2980.
    let p = scripted(b"200 old server\r\n", |cmd| {
        match cmd {
        "MODE READER" => b"500 What?\r\n".to_vec(),
        "GROUP g.x" => b"211 2 5 6 g.x\r\n".to_vec(),
        "OVER 1-" => b"500 What?\r\n".to_vec(),
        "XOVER 1-" => b"224 data follows\r\n5\tOne\tA <a@h.example>\td1\t<one@h.example>\t\t100\t2\r\n6\tTwo\tB\td2\t<two@h.example>\t\t200\t3\r\n.\r\n".to_vec(),
        "QUIT" => b"205 bye\r\n".to_vec(),
        _ => b"500 What?\r\n".to_vec(),
    }
    });
    let l = listing(&format!("nntp://127.0.0.1:{p}/g.x"), &Opts::new());
    let got: Vec<_> = l
        .entries
        .iter()
        .map(|e| (e.name.as_str(), e.size, e.url.as_deref()))
        .collect();
    assert_eq!(
        got,
        [
            ("One", Some(100), Some("news:one@h.example")),
            ("Two", Some(200), Some("news:two@h.example"))
        ]
    );
}

#[test]
fn without_over_and_xover_the_listing_comes_from_listgroup() {
    let p = scripted(b"201 no posting\r\n", |cmd| match cmd {
        "MODE READER" => b"201 ok\r\n".to_vec(),
        "GROUP g.x" => b"211 2 5 6 g.x\r\n".to_vec(),
        "OVER 1-" | "XOVER 1-" => b"503 no overview\r\n".to_vec(),
        "LISTGROUP g.x" => b"211 list follows\r\n5\r\n6\r\n.\r\n".to_vec(),
        _ => b"205 bye\r\n".to_vec(),
    });
    let l = listing(&format!("nntp://127.0.0.1:{p}/g.x"), &Opts::new());
    let got: Vec<_> = l
        .entries
        .iter()
        .map(|e| (e.name.as_str(), e.kind, e.url.clone()))
        .collect();
    assert_eq!(
        got,
        [
            (
                "5",
                EntryKind::Article,
                Some(format!("nntp://127.0.0.1:{p}/g.x/5"))
            ),
            (
                "6",
                EntryKind::Article,
                Some(format!("nntp://127.0.0.1:{p}/g.x/6"))
            )
        ]
    );
}

#[test]
fn without_any_listing_command_the_group_range_is_listed() {
    let p = scripted(b"200 ready\r\n", |cmd| match cmd {
        "GROUP g.x" => b"211 3 10 12 g.x\r\n".to_vec(),
        "QUIT" => b"205 bye\r\n".to_vec(),
        _ => b"500 What?\r\n".to_vec(),
    });
    let l = listing(&format!("nntp://127.0.0.1:{p}/g.x"), &Opts::new());
    let names: Vec<_> = l.entries.iter().map(|e| e.name.as_str()).collect();
    assert_eq!(names, ["10", "11", "12"]);
}

#[test]
fn an_article_cut_short_is_an_error() {
    let p = scripted(b"200 ready\r\n", |cmd| match cmd {
        "GROUP g.x" => b"211 1 1 1 g.x\r\n".to_vec(),
        "ARTICLE 1" => {
            b"220 1 <a@h> article\r\nSubject: x\r\n\r\nbody without its end\r\n".to_vec()
        }
        _ => b"200 ok\r\n".to_vec(),
    });
    // The scripted server keeps the connection open after the partial
    // article: the idle limit ends the wait. A second, so that a server
    // slow to answer a command on a loaded machine is not taken for it.
    let mut o = Opts::new();
    o.session.timeouts.idle = Duration::from_secs(1);
    let (r, out) = get_with(&format!("nntp://127.0.0.1:{p}/g.x/1"), &o);
    assert_eq!(r.unwrap_err().kind(), AccessErrorKind::Timeout);
    assert_eq!(out, b"Subject: x\n\nbody without its end\n");
}

#[test]
fn a_login_demand_is_an_auth_error() {
    let p = scripted(b"200 ready\r\n", |cmd| match cmd {
        "MODE READER" => b"200 ok\r\n".to_vec(),
        _ => b"480 Authentication required\r\n".to_vec(),
    });
    let e = get_with(&format!("nntp://127.0.0.1:{p}/g.x/1"), &Opts::new())
        .0
        .unwrap_err();
    assert_eq!(e.kind(), AccessErrorKind::Auth, "{e}");
    assert_eq!(e.reply(), Some("480 Authentication required"));
}

#[test]
fn a_refusing_greeting_is_quoted() {
    let p = scripted(b"502 You have no permission to talk\r\n", |_| Vec::new());
    let e = get_with(&format!("nntp://127.0.0.1:{p}/g.x"), &Opts::new())
        .0
        .unwrap_err();
    assert_eq!(e.kind(), AccessErrorKind::Protocol, "{e}");
    assert_eq!(e.reply(), Some("502 You have no permission to talk"));
}
