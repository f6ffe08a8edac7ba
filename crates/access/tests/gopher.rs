//! Gopher and Gopher+ against the real servers (gophernicus: RFC 1436,
//! pygopherd: Gopher+), bytes compared with the fixtures; faults a real
//! server will not produce come from scripted servers in the test.

mod common;

use common::{Opts, fetch};
use common::{fixture, host, peer_up, port};
use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::time::Duration;
use uniform::UrlRef;
use uniform_access::{AccessError, AccessErrorKind, EntryKind, Fetched, Listing, Unattended};

const GOPHERNICUS: &str = "UNIFORM_GOPHER_PORT";
const PYGOPHERD: &str = "UNIFORM_GOPHERPLUS_PORT";

fn get_with(url: &str, opts: &Opts) -> (Result<Fetched, AccessError>, Vec<u8>) {
    let url = UrlRef::parse(url).unwrap_or_else(|e| panic!("{url}: {e}"));
    let mut out = Vec::new();
    let r = fetch(&url, opts, &mut out, &mut Unattended);
    (r, out)
}

/// Both real servers end a text file by closing, without RFC 1436's "."
/// line (scripts/peers/README.md): by default their text is taken as they
/// send it.
fn get(url: &str) -> (Result<Fetched, AccessError>, Vec<u8>) {
    get_with(url, &Opts::new())
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

fn listing(url: &str, opts: &Opts) -> Listing {
    match get_with(url, opts) {
        (Ok(Fetched::Listing(l)), out) => {
            assert!(out.is_empty(), "a listing writes nothing");
            l
        }
        (other, _) => panic!("{url}: {other:?}"),
    }
}

fn base(setting: &str) -> String {
    format!("gopher://{}:{}", host(), port(setting))
}

/// Both servers, started when they are down; none when they cannot be
/// (the test is then recorded as skipped).
fn servers() -> Vec<(&'static str, String)> {
    if !peer_up(&["gophernicus", "pygopherd"]) {
        return Vec::new();
    }
    vec![
        ("gophernicus", base(GOPHERNICUS)),
        ("pygopherd", base(PYGOPHERD)),
    ]
}

#[test]
fn text_items_are_the_files_on_both_servers() {
    for (name, base) in servers() {
        for file in ["hello.txt", "dots.txt"] {
            let got = object(&format!("{base}/0/{file}"));
            assert_eq!(
                got,
                fixture(&format!("anon/pub/{file}")),
                "{name} {file}: {:?}",
                String::from_utf8_lossy(&got)
            );
        }
    }
}

/// The warnings of an access.
#[derive(Default)]
struct Warnings(Vec<String>);

impl uniform_access::Interaction for Warnings {
    fn warn(&mut self, text: &str) {
        self.0.push(text.to_string());
    }
}

#[test]
fn a_text_item_ended_by_the_close_is_kept_with_one_warning() {
    // gophernicus sends the file and closes, without the "." line: the
    // whole file is delivered, and the user is told once.
    if !peer_up(&["gophernicus"]) {
        return;
    }
    let text = format!("{}/0/hello.txt", base(GOPHERNICUS));
    let url = UrlRef::parse(&text).unwrap();
    let mut out = Vec::new();
    let mut seen = Warnings::default();
    let got = fetch(&url, &Opts::new(), &mut out, &mut seen);
    assert!(matches!(got, Ok(Fetched::Object { .. })), "{got:?}");
    assert_eq!(out, fixture("anon/pub/hello.txt"));
    assert_eq!(seen.0.len(), 1, "{:?}", seen.0);
    assert!(seen.0[0].contains("RFC 1436"), "{:?}", seen.0);
    // A menu, and a binary item (which ends at the close by RFC 1436),
    // warn of nothing.
    for u in [
        format!("{}/1/", base(GOPHERNICUS)),
        format!("{}/9/binary.bin", base(GOPHERNICUS)),
    ] {
        let mut seen = Warnings::default();
        let url = UrlRef::parse(&u).unwrap();
        fetch(&url, &Opts::new(), &mut Vec::new(), &mut seen).unwrap();
        assert!(seen.0.is_empty(), "{u}: {:?}", seen.0);
    }
}

#[test]
fn a_text_item_without_its_dot_line_is_an_error_when_strict() {
    // The text may as well have been cut: with gopher_strict it is not
    // delivered.
    if !peer_up(&["gophernicus"]) {
        return;
    }
    let url = format!("{}/0/hello.txt", base(GOPHERNICUS));
    let mut strict = Opts::new();
    strict.gopher_strict = true;
    let e = get_with(&url, &strict).0.unwrap_err();
    assert_eq!(e.kind(), AccessErrorKind::Protocol, "{e}");
    assert_eq!(e.exit_code(), 18, "{e}");
    assert!(e.message().contains("--gopher-strict"), "{e}");
}

#[test]
fn a_selector_with_a_space() {
    for (name, base) in servers() {
        assert_eq!(
            object(&format!("{base}/0/with%20space.txt")),
            fixture("gopher/with space.txt"),
            "{name}"
        );
    }
}

#[test]
fn binary_items_are_the_exact_bytes() {
    for (name, base) in servers() {
        let got = object(&format!("{base}/9/binary.bin"));
        let want = fixture("anon/pub/binary.bin");
        assert_eq!(got.len(), want.len(), "{name}");
        assert!(got == want, "{name}: the bytes differ");
    }
}

#[test]
fn the_root_menu_is_a_listing() {
    for (name, base) in servers() {
        let l = listing(&format!("{base}/"), &Opts::new());
        assert_eq!(l.url, format!("{base}/"));
        let by_name = |n: &str| {
            l.entries
                .iter()
                .find(|e| e.name == n)
                .unwrap_or_else(|| panic!("{name}: no entry {n:?} in {l:#?}"))
        };
        let first = &l.entries[0];
        assert_eq!(
            (first.name.as_str(), first.kind, first.url.as_deref()),
            ("Uniform test gopher root", EntryKind::Info, None),
            "{name}"
        );
        let gtype =
            |e: &uniform_access::Entry| e.detail.as_deref().unwrap_or_default().chars().next();
        let hello = by_name("Hello, a text file");
        assert_eq!(
            (hello.kind, hello.url.clone(), gtype(hello)),
            (
                EntryKind::File,
                Some(format!("{base}/0/hello.txt")),
                Some('0')
            ),
            "{name}"
        );
        let space = by_name("A selector with a space");
        assert_eq!(
            space.url,
            Some(format!("{base}/0/with%20space.txt")),
            "{name}"
        );
        let bin = by_name("Binary file (256 KiB, every byte value)");
        assert_eq!(
            (bin.kind, bin.url.clone()),
            (EntryKind::File, Some(format!("{base}/9/binary.bin"))),
            "{name}"
        );
        let dir = by_name("A directory listed by the server");
        assert_eq!(
            (dir.kind, dir.url.clone()),
            (EntryKind::Directory, Some(format!("{base}/1/sub"))),
            "{name}"
        );
        let search = by_name("Search (echoes the query)");
        assert_eq!(
            (search.kind, search.url.clone()),
            (EntryKind::Search, Some(format!("{base}/7/cgi-bin/search"))),
            "{name}"
        );
        let web = by_name("An HTTP link");
        assert_eq!(
            web.url,
            Some(format!(
                "http://{}:{}/pub/hello.txt",
                host(),
                port("UNIFORM_HTTP_PORT")
            )),
            "{name}"
        );
        assert_eq!(
            l.entries.last().map(|e| (e.name.as_str(), e.kind)),
            Some(("Last line of the menu.", EntryKind::Info)),
            "{name}"
        );
        // pygopherd marks its items Gopher+ ("\t+"), and shows hello.txt's
        // abstract as info lines under it.
        if name == "pygopherd" {
            assert_eq!(hello.detail.as_deref(), Some("0+"));
            assert!(
                l.entries.iter().any(
                    |e| e.kind == EntryKind::Info && e.name == "A second line of the abstract."
                )
            );
        } else {
            assert_eq!(hello.detail.as_deref(), Some("0"));
        }
    }
}

#[test]
fn a_directory_the_server_lists() {
    for (name, base) in servers() {
        let l = listing(&format!("{base}/1/sub"), &Opts::new());
        let files: Vec<_> = l
            .entries
            .iter()
            .filter(|e| e.kind == EntryKind::File)
            .filter_map(|e| e.url.clone())
            .collect();
        assert_eq!(
            files,
            [
                format!("{base}/0/sub/inside.txt"),
                format!("{base}/0/sub/second.txt")
            ],
            "{name}"
        );
    }
}

#[test]
fn a_search_sends_the_query() {
    for (name, base) in servers() {
        let l = listing(
            &format!("{base}/7/cgi-bin/search%09rfc%201738"),
            &Opts::new(),
        );
        assert_eq!(
            (l.entries[0].name.as_str(), l.entries[0].kind),
            ("query=rfc 1738", EntryKind::Info),
            "{name}"
        );
        assert_eq!(
            l.entries[1].url,
            Some(format!("{base}/0/hello.txt")),
            "{name}"
        );
        assert_eq!(l.entries.len(), 2, "{name}: {l:#?}");
        // No search in the URL: the one given in the options.
        let mut o = Opts::new();
        o.plan.query = Some("from the options".into());
        let l = listing(&format!("{base}/7/cgi-bin/search"), &o);
        assert_eq!(l.entries[0].name, "query=from the options", "{name}");
    }
}

#[test]
fn gopher_plus_length_prefixed_replies() {
    if !peer_up(&["pygopherd"]) {
        return;
    }
    let base = base(PYGOPHERD);
    // "+244" CR LF, then the file.
    assert_eq!(
        object(&format!("{base}/0/hello.txt%09%09+")),
        fixture("anon/pub/hello.txt")
    );
    assert_eq!(
        object(&format!("{base}/0/dots.txt%09%09+")),
        fixture("anon/pub/dots.txt")
    );
    assert!(object(&format!("{base}/9/binary.bin%09%09+")) == fixture("anon/pub/binary.bin"));
    // A directory's Gopher+ form ("+-2", then the menu to the close).
    let l = listing(&format!("{base}/1/sub%09%09+"), &Opts::new());
    let names: Vec<_> = l
        .entries
        .iter()
        .map(|e| (e.name.as_str(), e.detail.as_deref()))
        .collect();
    assert_eq!(names, [("inside", Some("0+")), ("second", Some("0+"))]);
}

#[test]
fn gopher_plus_to_a_plain_server_reads_the_plain_reply() {
    // gophernicus ignores the "+" and sends the file itself.
    if !peer_up(&["gophernicus"]) {
        return;
    }
    let base = base(GOPHERNICUS);
    assert_eq!(
        object(&format!("{base}/0/hello.txt%09%09+")),
        fixture("anon/pub/hello.txt")
    );
    assert_eq!(
        object(&format!("{base}/0/dots.txt%09%09+")),
        fixture("anon/pub/dots.txt")
    );
}

#[test]
fn gopher_plus_attributes_are_text() {
    if !peer_up(&["pygopherd"]) {
        return;
    }
    let base = base(PYGOPHERD);
    let got = String::from_utf8(object(&format!("{base}/0/hello.txt%09%09!"))).unwrap();
    let mut abstract_block = String::from("+ABSTRACT:\n");
    for line in String::from_utf8(fixture("gopher-plus/hello.txt.abstract"))
        .unwrap()
        .lines()
    {
        abstract_block.push_str(&format!(" {line}\n"));
    }
    assert!(
        got.starts_with(&format!(
            "+INFO: 0hello.txt\t/hello.txt\t{}\t{}\t+\n",
            host(),
            port(PYGOPHERD)
        )),
        "{got}"
    );
    assert!(got.ends_with(&abstract_block), "{got}");
    assert!(
        got.contains("\n+ADMIN:\n") && got.contains("\n+VIEWS:\n"),
        "{got}"
    );
    assert!(!got.contains('\r'), "local line ends: {got:?}");
    // "$": every item of the menu.
    let all = String::from_utf8(object(&format!("{base}/1%09%09$"))).unwrap();
    assert!(
        all.contains(&format!(
            "+INFO: 9Binary file (256 KiB, every byte value)\t/binary.bin\t{}\t{}\t+\n",
            host(),
            port(PYGOPHERD)
        )),
        "{all}"
    );
    assert!(all.contains(&abstract_block), "{all}");
}

#[test]
fn a_missing_item_is_an_error_quoting_the_server() {
    if !peer_up(&["pygopherd"]) {
        return;
    }
    let base = base(PYGOPHERD);
    // Plain: pygopherd answers with a lone type-3 line.
    for url in [
        format!("{base}/0/no-such-file"),
        format!("{base}/9/no-such-file"),
        format!("{base}/1/no-such-dir"),
    ] {
        let e = get(&url).0.unwrap_err();
        assert_eq!(e.kind(), AccessErrorKind::Protocol, "{url}: {e}");
        assert!(
            e.reply().is_some_and(|r| r.contains("does not exist")),
            "{url}: {e}"
        );
    }
    // Gopher+: "--2" and an error block whose code is 1.
    let e = get(&format!("{base}/0/no-such-file%09%09+")).0.unwrap_err();
    assert_eq!(e.kind(), AccessErrorKind::Protocol, "{e}");
    assert_eq!(e.message(), "the item is not available");
    let reply = e.reply().unwrap();
    assert!(
        reply.starts_with("1 ") && reply.contains("'/no-such-file' does not exist"),
        "{reply}"
    );
    // The host with the port connected to.
    assert!(e.to_string().starts_with(&format!("{base}: ")), "{e}");
}

// Faults from scripted servers.

/// A server on a free port that reads the request line, then does `then`.
fn scripted(then: impl FnOnce(TcpStream) + Send + 'static) -> u16 {
    let l = TcpListener::bind("127.0.0.1:0").unwrap();
    let p = l.local_addr().unwrap().port();
    std::thread::spawn(move || {
        let (mut s, _) = l.accept().unwrap();
        let mut req = Vec::new();
        let mut b = [0u8; 1];
        while !req.ends_with(b"\r\n") && s.read(&mut b).is_ok_and(|n| n == 1) {
            req.push(b[0]);
        }
        then(s);
    });
    p
}

#[test]
fn a_binary_item_ends_at_the_close() {
    // RFC 1436 binaries have no length: a close is the end, so a dropped
    // connection cannot be told from a short file.
    let p = scripted(|mut s| {
        s.write_all(&[0xAB; 1000]).unwrap();
    });
    assert_eq!(
        object(&format!("gopher://127.0.0.1:{p}/9/x")),
        vec![0xAB; 1000]
    );
}

#[test]
fn a_short_gopher_plus_reply_is_an_error() {
    let p = scripted(|mut s| {
        s.write_all(b"+5000\r\n").unwrap();
        s.write_all(&[7; 100]).unwrap();
    });
    let (r, out) = get(&format!("gopher://127.0.0.1:{p}/9/x%09%09+"));
    let e = r.unwrap_err();
    assert_eq!(e.kind(), AccessErrorKind::Protocol, "{e}");
    assert!(
        e.message().contains("announced 5000 octets") && e.message().contains("after 100"),
        "{e}"
    );
    assert_eq!(out.len(), 100);
}

#[test]
fn a_menu_line_that_never_ends_is_too_long() {
    let p = scripted(|mut s| {
        let chunk = [b'x'; 8192];
        s.write_all(b"iThis line never ends ").unwrap();
        // Until the client gives up; then the write fails.
        for _ in 0..64 {
            if s.write_all(&chunk).is_err() {
                break;
            }
        }
    });
    let e = get(&format!("gopher://127.0.0.1:{p}/1/")).0.unwrap_err();
    assert_eq!(e.kind(), AccessErrorKind::TooLong, "{e}");
}

#[test]
fn a_silent_server_times_out() {
    // Silent until the client hangs up: a server that closed on its own
    // would end the wait with a close, not a timeout.
    let p = scripted(|mut s| {
        uniform_testkit::until_closed(&mut s);
    });
    let mut o = Opts::new();
    o.session.timeouts.idle = Duration::from_secs(1);
    let e = get_with(&format!("gopher://127.0.0.1:{p}/0/x"), &o)
        .0
        .unwrap_err();
    assert_eq!(e.kind(), AccessErrorKind::Timeout, "{e}");
}

#[test]
fn a_refused_connection_is_a_connect_error() {
    // A port held where nothing listens.
    let closed = uniform_testkit::ClosedPort::new();
    let p = closed.port();
    let e = get(&format!("gopher://127.0.0.1:{p}/0/x")).0.unwrap_err();
    assert_eq!(e.kind(), AccessErrorKind::Connect, "{e}");
}

/// A user who answers from a script, in order.
struct Answers(Vec<&'static str>);

impl uniform_access::Interaction for Answers {
    fn ask(&mut self, _what: &str) -> Option<String> {
        (!self.0.is_empty()).then(|| self.0.remove(0).to_string())
    }
}

/// A Gopher+ server with one form: the first connection gets the `+ASK`
/// block, the second the item; each request is recorded.
fn form_server() -> (u16, std::sync::mpsc::Receiver<Vec<u8>>) {
    let l = TcpListener::bind("127.0.0.1:0").unwrap();
    let port = l.local_addr().unwrap().port();
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        for reply in [
            &b"+-1\r\n+ASK:\r\n Note: Register here.\r\n Ask: Your name?\tanon\r\n Choose: Colour?\tred\tgreen\r\n.\r\n"[..],
            &b"+-1\r\nThanks.\r\n.\r\n"[..],
        ] {
            let Ok((mut s, _)) = l.accept() else { return };
            // Bounds a client that never finishes its request.
            s.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
            let mut got = Vec::new();
            let mut b = [0u8; 1];
            // The request ends with its CR LF; one with a data block (data
            // flag 1, RFC 1738 3.4.9) with the block's "." line.
            let whole = |got: &[u8]| {
                let Some(end) = got.windows(2).position(|w| w == b"\r\n") else {
                    return false;
                };
                !got[..end].ends_with(b"\t1") || got.ends_with(b"\r\n.\r\n")
            };
            while !whole(&got) && s.read(&mut b).is_ok_and(|n| n == 1) {
                got.push(b[0]);
            }
            let _ = s.write_all(reply);
            let _ = tx.send(got);
        }
    });
    (port, rx)
}

#[test]
fn a_form_item_is_asked_and_answered() {
    // RFC 1738 3.4.5: fetch the +ASK attribute, ask the user, return the
    // answers with the selector (the data block of section 3.4.9).
    let (port, heard) = form_server();
    let url = format!("gopher://127.0.0.1:{port}/0/form%09%09?");
    let url = UrlRef::parse(&url).unwrap();
    let mut out = Vec::new();
    let r = fetch(&url, &Opts::new(), &mut out, &mut Answers(vec!["Ada", "2"]));
    assert!(matches!(r, Ok(Fetched::Object { .. })), "{r:?}");
    assert_eq!(heard.recv().unwrap(), b"/form\t!+ASK\r\n");
    assert_eq!(
        heard.recv().unwrap(),
        b"/form\t+\t1\r\n+-1\r\nAda\r\ngreen\r\n.\r\n"
    );
    assert_eq!(out, b"Thanks.\n");
}

#[test]
fn a_form_item_without_a_terminal_says_so() {
    let (port, _heard) = form_server();
    let (r, out) = get(&format!("gopher://127.0.0.1:{port}/0/form%09%09?"));
    let e = r.unwrap_err();
    assert!(e.to_string().contains("needs a terminal"), "{e}");
    assert!(e.to_string().contains("3.4.9"), "{e}");
    assert!(out.is_empty());
}
