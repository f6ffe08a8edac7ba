//! prospero: URLs (RFC 1738 section 3.11) against the project's own
//! Prospero responder (no Prospero server exists in any registry): objects
//! resolved to their access method's URL and fetched, directories listed,
//! FORWARDED followed, and every ARDP fault survived or reported in time.

mod common;
#[path = "support/prospero_responder.rs"]
mod responder;

use common::{Opts, fetch, resolve};
use responder::{Faults, Object, Responder};
use std::time::{Duration, Instant};
use uniform::UrlRef;
use uniform::plan::{PlanOptions, plan};
use uniform_access::prospero::Resolution;
use uniform_access::{AccessErrorKind, EntryKind, Fetched, Listing, Unattended};

/// Short limits: the ARDP timer is idle/15 = 100 ms, so a server that
/// never answers is given up after 1.5 s.
fn opts() -> Opts {
    let mut o = Opts::new();
    o.session.timeouts.idle = Duration::from_millis(1500);
    o.session.timeouts.total = Some(Duration::from_secs(20));
    o
}

fn hello_method() -> Object {
    let ftp = common::port("UNIFORM_FTP_PORT");
    Object::Access(vec![format!(
        "AFTP INTERNET-D 127.0.0.1({ftp}) ASCII '/pub/hello.txt' BINARY"
    )])
}

fn resolved(port: u16, hsoname: &str) -> Result<Resolution, uniform_access::AccessError> {
    let text = format!("prospero://127.0.0.1:{port}/{hsoname}");
    let url = UrlRef::parse(&text).unwrap();
    resolve(&url.prospero().unwrap(), &opts())
}

/// A directory long enough to need many packets when they are small.
fn big_directory(port: u16) -> Vec<(&'static str, Object)> {
    let mut lines = Vec::new();
    for i in 0..40 {
        lines.push(format!(
            "LINK L FILE file-{i:02} INTERNET-D 127.0.0.1({port}) ASCII '/dir/file-{i:02}' 0"
        ));
    }
    vec![("/dir", Object::Directory(lines))]
}

fn listing_of(
    port: u16,
    faults: Faults,
) -> (Result<Resolution, uniform_access::AccessError>, Responder) {
    // The responder's own port is only known once it runs; the links name
    // a fixed one, which is all the listing shows.
    let mut f = faults;
    f.payload = f.payload.or(Some(200));
    let r = Responder::start(big_directory(port), f);
    (resolved(r.port, "/dir"), r)
}

fn expect_full_listing(res: Result<Resolution, uniform_access::AccessError>) {
    let l = match res {
        Ok(Resolution::Directory(l)) => l,
        other => panic!("{other:?}"),
    };
    assert_eq!(l.entries.len(), 40);
    for (i, e) in l.entries.iter().enumerate() {
        assert_eq!(e.name, format!("file-{i:02}"));
        assert_eq!(
            e.url.as_deref(),
            Some(format!("prospero://127.0.0.1:1600//dir/file-{i:02}").as_str())
        );
    }
}

#[test]
fn an_object_resolves_to_its_ftp_url() {
    let r = Responder::start(vec![("/pub/hello.txt", hello_method())], Faults::default());
    let ftp = common::port("UNIFORM_FTP_PORT");
    assert_eq!(
        resolved(r.port, "/pub/hello.txt").unwrap(),
        Resolution::Url(format!("ftp://127.0.0.1:{ftp}/pub/hello.txt;type=i"))
    );
}

#[test]
fn the_request_is_the_plan() {
    let r = Responder::start(vec![("/pub/hello.txt", hello_method())], Faults::default());
    let url = format!(
        "prospero://127.0.0.1:{}//pub/hello.txt;OBJECT-VERSION=0",
        r.port
    );
    resolved(r.port, "/pub/hello.txt;OBJECT-VERSION=0").unwrap();
    let p = plan(&UrlRef::parse(&url).unwrap(), &PlanOptions::default()).unwrap();
    let sent: String = p
        .to_string()
        .lines()
        .filter_map(|l| l.strip_prefix("> "))
        .map(|l| format!("{l}\n"))
        .collect();
    assert_eq!(r.requests(), vec![sent]);
}

#[test]
fn an_object_is_fetched_from_vsftpd_through_its_access_method() {
    if !common::peer_up(&["vsftpd"]) {
        return;
    }
    let r = Responder::start(vec![("/pub/hello.txt", hello_method())], Faults::default());
    let text = format!("prospero://127.0.0.1:{}//pub/hello.txt", r.port);
    let url = UrlRef::parse(&text).unwrap();
    let mut out = Vec::new();
    let got = fetch(&url, &opts(), &mut out, &mut Unattended).unwrap();
    assert!(matches!(got, Fetched::Object { bytes } if bytes == out.len() as u64));
    assert_eq!(out, common::fixture("anon/pub/hello.txt"));
}

#[test]
fn a_directory_is_listed() {
    let ftp = common::port("UNIFORM_FTP_PORT");
    let lines = vec![
        "LINK L DIRECTORY sub INTERNET-D 127.0.0.1(1600) ASCII '/dir/sub' 0".to_string(),
        format!("LINK L EXTERNAL hello INTERNET-D 127.0.0.1({ftp}) ASCII '/pub/hello.txt' 0"),
        "ATTRIBUTE CACHED FIELD ACCESS-METHOD AFTP '' '' '' '' BINARY".to_string(),
        "LINK L FILE 'read me' INTERNET-D 127.0.0.1(1600) ASCII '/dir/read me' 2".to_string(),
    ];
    let r = Responder::start(vec![("/dir", Object::Directory(lines))], Faults::default());
    let text = format!("prospero://127.0.0.1:{}//dir", r.port);
    let url = UrlRef::parse(&text).unwrap();
    let l: Listing = match fetch(&url, &opts(), &mut Vec::new(), &mut Unattended).unwrap() {
        Fetched::Listing(l) => l,
        other => panic!("{other:?}"),
    };
    let got: Vec<(&str, EntryKind, Option<&str>)> = l
        .entries
        .iter()
        .map(|e| (e.name.as_str(), e.kind, e.url.as_deref()))
        .collect();
    let hello = format!("ftp://127.0.0.1:{ftp}/pub/hello.txt;type=i");
    assert_eq!(
        got,
        vec![
            (
                "sub",
                EntryKind::Directory,
                Some("prospero://127.0.0.1:1600//dir/sub")
            ),
            ("hello", EntryKind::File, Some(hello.as_str())),
            (
                "read me",
                EntryKind::File,
                Some("prospero://127.0.0.1:1600//dir/read%20me;OBJECT-VERSION=2")
            ),
        ]
    );
    // GET-OBJECT-INFO said NONE-FOUND, then DIRECTORY and LIST.
    let reqs = r.requests();
    assert_eq!(reqs.len(), 2);
    assert!(
        reqs[1].contains("DIRECTORY ASCII '/dir' 0\nLIST ATTRIBUTES COMPONENTS\n"),
        "{reqs:?}"
    );
}

#[test]
fn forwarded_is_followed() {
    let b = Responder::start(vec![("/new/hello.txt", hello_method())], Faults::default());
    let a = Responder::start(
        vec![(
            "/old/hello.txt",
            Object::Forward {
                host: format!("127.0.0.1({})", b.port),
                hsoname: "/new/hello.txt".into(),
            },
        )],
        Faults::default(),
    );
    let ftp = common::port("UNIFORM_FTP_PORT");
    assert_eq!(
        resolved(a.port, "/old/hello.txt").unwrap(),
        Resolution::Url(format!("ftp://127.0.0.1:{ftp}/pub/hello.txt;type=i"))
    );
    assert_eq!((a.requests().len(), b.requests().len()), (1, 1));
}

#[test]
fn a_forwarded_loop_is_an_error() {
    // "{port}" is the responder's own port: /a and /b forward to each other.
    let fwd = |to: &str| Object::Forward {
        host: "127.0.0.1({port})".into(),
        hsoname: to.into(),
    };
    let r = Responder::start(
        vec![("/a", fwd("/b")), ("/b", fwd("/a"))],
        Faults::default(),
    );
    let started = Instant::now();
    let e = resolved(r.port, "/a").unwrap_err();
    assert_eq!(e.kind(), AccessErrorKind::Redirect, "{e}");
    assert!(e.to_string().contains("FORWARDED loop"), "{e}");
    assert_eq!(r.requests().len(), 2);
    assert!(started.elapsed() < Duration::from_secs(2));
}

#[test]
fn too_many_forwards_are_an_error() {
    // A chain of ten responders, each forwarding to the next.
    let mut chain: Vec<Responder> = Vec::new();
    let last = Responder::start(vec![("/x", hello_method())], Faults::default());
    let mut next = last.port;
    chain.push(last);
    for _ in 0..10 {
        let r = Responder::start(
            vec![(
                "/x",
                Object::Forward {
                    host: format!("127.0.0.1({next})"),
                    hsoname: "/x".into(),
                },
            )],
            Faults::default(),
        );
        next = r.port;
        chain.push(r);
    }
    let e = resolved(next, "/x").unwrap_err();
    assert_eq!(e.kind(), AccessErrorKind::Redirect, "{e}");
    assert!(e.to_string().contains("more than 8 FORWARDED"), "{e}");
}

#[test]
fn a_lost_reply_packet_is_recovered() {
    expect_full_listing(
        listing_of(
            1600,
            Faults {
                drop: vec![2, 5],
                ..Faults::default()
            },
        )
        .0,
    );
}

#[test]
fn the_last_packet_of_a_window_lost_is_recovered() {
    // The packet that asks for the acknowledgement is the one lost: only
    // the client's timer brings the rest.
    expect_full_listing(
        listing_of(
            1600,
            Faults {
                window: Some(4),
                drop: vec![4],
                ..Faults::default()
            },
        )
        .0,
    );
}

#[test]
fn duplicated_packets_are_dropped() {
    expect_full_listing(
        listing_of(
            1600,
            Faults {
                duplicate: vec![1, 3, 6],
                ..Faults::default()
            },
        )
        .0,
    );
}

#[test]
fn reordered_packets_are_put_in_order() {
    expect_full_listing(
        listing_of(
            1600,
            Faults {
                reorder: vec![1, 4],
                ..Faults::default()
            },
        )
        .0,
    );
}

#[test]
fn a_lost_request_is_sent_again() {
    let (res, r) = listing_of(
        1600,
        Faults {
            lose_requests: 1,
            ..Faults::default()
        },
    );
    expect_full_listing(res);
    assert_eq!(
        r.requests().len(),
        2,
        "GET-OBJECT-INFO (after a retry), then DIRECTORY"
    );
}

#[test]
fn small_windows_are_acknowledged_one_by_one() {
    expect_full_listing(
        listing_of(
            1600,
            Faults {
                window: Some(2),
                ..Faults::default()
            },
        )
        .0,
    );
}

#[test]
fn a_wait_is_honoured() {
    // Held 1.8 s: longer than the 1.5 s the client's retries last without
    // the wait.
    let started = Instant::now();
    let faults = Faults {
        wait: Some(3),
        wait_for: Duration::from_millis(1800),
        ..Faults::default()
    };
    expect_full_listing(listing_of(1600, faults).0);
    assert!(started.elapsed() >= Duration::from_millis(1800));
}

#[test]
fn replies_from_another_port_are_matched_by_connection_id() {
    expect_full_listing(
        listing_of(
            1600,
            Faults {
                other_port: true,
                ..Faults::default()
            },
        )
        .0,
    );
}

#[test]
fn a_server_that_never_answers_times_out_after_the_retries() {
    let started = Instant::now();
    let (res, _r) = listing_of(
        1600,
        Faults {
            silent: true,
            ..Faults::default()
        },
    );
    let e = res.unwrap_err();
    let took = started.elapsed();
    assert_eq!(e.kind(), AccessErrorKind::Timeout, "{e}");
    assert!(e.to_string().contains("no reply after 3 retries"), "{e}");
    // 100 + 200 + 400 + 800 ms.
    assert!(
        took >= Duration::from_millis(1400) && took < Duration::from_secs(4),
        "{took:?}"
    );
}

#[test]
fn replies_from_an_unexpected_peer_are_ignored() {
    // The unexpected peer answers from 127.0.0.2.
    if let Err(e) = std::net::UdpSocket::bind("127.0.0.2:0") {
        uniform_testkit::Skip::new(format!(
            "127.0.0.2 cannot be bound here ({e}): no reply can come from another peer"
        ))
        .record();
        return;
    }
    let started = Instant::now();
    let (res, _r) = listing_of(
        1600,
        Faults {
            other_peer: true,
            ..Faults::default()
        },
    );
    let e = res.unwrap_err();
    assert_eq!(e.kind(), AccessErrorKind::Timeout, "{e}");
    assert!(e.to_string().contains("not the server"), "{e}");
    assert!(started.elapsed() < Duration::from_secs(4));
}

#[test]
fn a_huge_packet_count_is_refused_at_once() {
    let started = Instant::now();
    let (res, _r) = listing_of(
        1600,
        Faults {
            claim_total: Some(60000),
            ..Faults::default()
        },
    );
    let e = res.unwrap_err();
    assert_eq!(e.kind(), AccessErrorKind::TooLong, "{e}");
    assert!(e.to_string().contains("60000 packets"), "{e}");
    // Refused at the first packet, in milliseconds: not after the 1.5 s
    // of retries a client still waiting for the rest would spend.
    assert!(
        started.elapsed() < Duration::from_millis(1500),
        "{:?}",
        started.elapsed()
    );
}

#[test]
fn an_unknown_object_is_the_servers_failure() {
    let r = Responder::start(vec![], Faults::default());
    let e = resolved(r.port, "/nothing").unwrap_err();
    assert_eq!(e.kind(), AccessErrorKind::Protocol, "{e}");
    assert!(e.to_string().contains("FAILURE NOT-FOUND"), "{e}");
}

#[test]
fn an_access_method_without_url_is_unsupported() {
    let r = Responder::start(
        vec![(
            "/x",
            Object::Access(vec!["NFS INTERNET-D h ASCII '/x' y".into()]),
        )],
        Faults::default(),
    );
    let e = resolved(r.port, "/x").unwrap_err();
    assert_eq!(e.kind(), AccessErrorKind::Unsupported, "{e}");
    assert!(
        e.to_string().contains("NFS is not reachable by a URL"),
        "{e}"
    );
}

#[test]
fn a_server_pointing_at_a_bad_port_is_refused_by_the_policy() {
    // The access method names the SMTP port: the derived ftp: URL passes
    // the same safety policy as any other.
    let r = Responder::start(
        vec![(
            "/x",
            Object::Access(vec![
                "AFTP INTERNET-D 127.0.0.1(25) ASCII '/x' BINARY".into(),
            ]),
        )],
        Faults::default(),
    );
    let text = format!("prospero://127.0.0.1:{}//x", r.port);
    let url = UrlRef::parse(&text).unwrap();
    let e = fetch(&url, &opts(), &mut Vec::new(), &mut Unattended).unwrap_err();
    assert!(matches!(e.kind(), AccessErrorKind::Refused(_)), "{e}");
}

#[test]
fn a_gateway_is_used_instead_of_ardp() {
    use std::io::{BufRead, BufReader, Write};
    let l = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = l.local_addr().unwrap().port();
    let seen = std::thread::spawn(move || {
        let (c, _) = l.accept().unwrap();
        let mut r = BufReader::new(c);
        let mut first = String::new();
        r.read_line(&mut first).unwrap();
        let mut line = String::new();
        while r.read_line(&mut line).is_ok_and(|n| n > 2) {
            line.clear();
        }
        let _ = r
            .into_inner()
            .write_all(b"HTTP/1.0 200 OK\r\nContent-Length: 3\r\n\r\nhi\n");
        first
    });
    let mut o = opts();
    o.proxies
        .gateway("prospero", &format!("http://127.0.0.1:{port}/"))
        .unwrap();
    // Nothing listens for ARDP there: only the gateway answers.
    let url = UrlRef::parse("prospero://127.0.0.1:9999//pub/x").unwrap();
    let mut out = Vec::new();
    fetch(&url, &o, &mut out, &mut Unattended).unwrap();
    assert_eq!(out, b"hi\n");
    assert!(
        seen.join()
            .unwrap()
            .contains("prospero://127.0.0.1:9999//pub/x")
    );
}

/// The limits of the stall tests: no total limit, so that only the
/// Prospero resolution's own bound (twice the idle limit) stops them.
fn stall_opts() -> Opts {
    let mut o = opts();
    o.session.timeouts.total = None;
    o
}

fn stalled(faults: Faults) -> (uniform_access::AccessError, Duration, Responder) {
    let r = Responder::start(big_directory(1600), faults);
    let text = format!("prospero://127.0.0.1:{}//dir", r.port);
    let url = UrlRef::parse(&text).unwrap();
    let started = Instant::now();
    let e = resolve(&url.prospero().unwrap(), &stall_opts()).unwrap_err();
    (e, started.elapsed(), r)
}

/// Whether a stalled request took its bound, twice the idle limit (3 s),
/// and not much more: 2 s over it at most, on a loaded machine. The
/// retries without the bound would last 1.5 s x 4 = 6 s and more.
fn within_twice_the_idle_limit(took: Duration) -> bool {
    let bound = 2 * stall_opts().session.timeouts.idle;
    took >= bound && took < bound + Duration::from_secs(2)
}

#[test]
fn one_long_wait_then_silence_ends_within_twice_the_idle_limit() {
    // The wait (65535 s) is cut to the idle limit (1.5 s) and the retries
    // never double beyond it: 1.5 s x 4 = 6 s, bounded at 3 s. Before,
    // 1.5 + 3 + 6 + 12 s.
    let (e, took, r) = stalled(Faults {
        stall: Some(0xFFFF),
        stall_waits: 1,
        ..Faults::default()
    });
    assert_eq!(e.kind(), AccessErrorKind::Timeout, "{e}");
    assert!(e.to_string().contains("longer than its limit"), "{e}");
    assert!(within_twice_the_idle_limit(took), "{took:?}");
    assert_eq!(r.requests().len(), 1);
}

#[test]
fn a_server_that_only_ever_waits_ends_within_twice_the_idle_limit() {
    // A wait answers every retry, each resetting the retries.
    let (e, took, r) = stalled(Faults {
        stall: Some(1),
        ..Faults::default()
    });
    assert_eq!(e.kind(), AccessErrorKind::Timeout, "{e}");
    assert!(within_twice_the_idle_limit(took), "{took:?}");
    assert!(r.requests().len() >= 2, "{:?}", r.requests());
}

#[test]
fn a_forwarded_target_passes_the_safety_policy() {
    // The target is on the SMTP port: refused before anything is sent
    // there, as `prospero://127.0.0.1:25//x` typed by the user would be.
    let r = Responder::start(
        vec![(
            "/x",
            Object::Forward {
                host: "127.0.0.1(25)".into(),
                hsoname: "/x".into(),
            },
        )],
        Faults::default(),
    );
    let e = resolved(r.port, "/x").unwrap_err();
    assert_eq!(
        e.kind(),
        AccessErrorKind::Refused(uniform::plan::Rule::BadPort),
        "{e}"
    );
    assert!(e.to_string().contains("FORWARDED"), "{e}");
    assert!(e.to_string().contains("port 25"), "{e}");
    // --allow-port 25 lets it through to the policy's next step: the
    // request goes out (and nothing answers on port 25 here).
    let text = format!("prospero://127.0.0.1:{}//x", r.port);
    let url = UrlRef::parse(&text).unwrap();
    let mut o = opts();
    o.session.timeouts.idle = Duration::from_millis(300);
    o.plan.allowed_ports.push(25);
    let e = resolve(&url.prospero().unwrap(), &o).unwrap_err();
    assert_eq!(e.kind(), AccessErrorKind::Timeout, "{e}");
    assert!(e.to_string().contains("127.0.0.1:25"), "{e}");
}

#[test]
fn a_forwarded_target_with_a_line_break_in_its_name_is_refused() {
    let r = Responder::start(
        vec![(
            "/x",
            Object::Forward {
                host: "127.0.0.1(1600)".into(),
                hsoname: "/y\rQUIT".into(),
            },
        )],
        Faults::default(),
    );
    let e = resolved(r.port, "/x").unwrap_err();
    assert!(matches!(e.kind(), AccessErrorKind::Refused(_)), "{e}");
}

#[test]
fn a_forwarded_host_without_port_is_at_port_1525() {
    // Not at the forwarding server's own port: nothing listens on 1525
    // here, so the request times out there.
    let r = Responder::start(
        vec![(
            "/x",
            Object::Forward {
                host: "127.0.0.1".into(),
                hsoname: "/y".into(),
            },
        )],
        Faults::default(),
    );
    let text = format!("prospero://127.0.0.1:{}//x", r.port);
    let url = UrlRef::parse(&text).unwrap();
    let mut o = opts();
    o.session.timeouts.idle = Duration::from_millis(300);
    let e = resolve(&url.prospero().unwrap(), &o).unwrap_err();
    assert!(e.to_string().contains("127.0.0.1:1525"), "{e}");
    assert_eq!(r.requests().len(), 1, "asked the forwarding server again");
}
