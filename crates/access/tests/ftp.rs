//! FTP access against the real peers (vsftpd on UNIFORM_FTP_PORT, pyftpdlib
//! on UNIFORM_PYFTPD_PORT), compared byte for byte with the fixtures they
//! serve; faults a real server will not produce come from a scripted fake
//! server in the test; the LIST parser on both servers' real output.

mod common;

use common::{Opts, fetch};
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{Ipv4Addr, SocketAddr, TcpListener, TcpStream};
use std::thread::{self, JoinHandle};
use std::time::{Duration, Instant};
use uniform::UrlRef;
use uniform_access::ftp_list::{parse_list, parse_list_line};
use uniform_access::output::AtomicFile;
use uniform_access::{AccessError, AccessErrorKind, EntryKind, Fetched, Interaction, Listing};

/// The two real servers: name, port setting.
const SERVERS: [(&str, &str); 2] = [
    ("vsftpd", "UNIFORM_FTP_PORT"),
    ("pyftpdlib", "UNIFORM_PYFTPD_PORT"),
];

/// What the access told the user, and the password it gives when asked.
#[derive(Default)]
struct Record {
    size: Option<u64>,
    progress: u64,
    asked: Vec<String>,
    password: Option<Vec<u8>>,
}

impl Interaction for Record {
    fn size_known(&mut self, size: u64) {
        self.size = Some(size);
    }
    fn progress(&mut self, written: u64) {
        assert!(written >= self.progress, "progress goes forward");
        self.progress = written;
    }
    fn password(&mut self, what: &str) -> Option<Vec<u8>> {
        self.asked.push(what.to_string());
        self.password.clone()
    }
}

fn options() -> Opts {
    let mut o = Opts::new();
    o.session.timeouts.connect = Duration::from_secs(5);
    o.session.timeouts.idle = Duration::from_secs(10);
    o.session.timeouts.total = Some(Duration::from_secs(60));
    o
}

fn get(url: &str, o: &Opts, ui: &mut Record) -> Result<(Fetched, Vec<u8>), AccessError> {
    let u = UrlRef::parse(url).unwrap_or_else(|e| panic!("{url}: {e}"));
    let mut out = Vec::new();
    fetch(&u, o, &mut out, ui).map(|f| (f, out))
}

fn object(url: &str) -> (Vec<u8>, Record) {
    let mut ui = Record::default();
    let (f, out) = get(url, &options(), &mut ui).unwrap_or_else(|e| panic!("{url}: {e}"));
    match f {
        Fetched::Object { bytes } => assert_eq!(
            bytes,
            out.len() as u64,
            "{url}: the count of octets written"
        ),
        other => panic!("{url}: {other:?}"),
    }
    (out, ui)
}

fn listing(url: &str) -> Listing {
    match get(url, &options(), &mut Record::default()) {
        Ok((Fetched::Listing(l), out)) => {
            assert!(out.is_empty(), "{url}: a listing writes nothing");
            l
        }
        other => panic!("{url}: {other:?}"),
    }
}

/// Both servers, as `ftp://HOST:PORT`, started when they are down; none
/// when they cannot be (the test is then recorded as skipped).
fn peers() -> Vec<(&'static str, String)> {
    if !common::peer_up(&SERVERS.map(|(name, _)| name)) {
        return Vec::new();
    }
    SERVERS
        .iter()
        .map(|(name, setting)| {
            (
                *name,
                format!("ftp://{}:{}", common::host(), common::port(setting)),
            )
        })
        .collect()
}

// ---------------------------------------------------------------- real servers

#[test]
fn hello_txt_in_ascii_type_is_the_fixture_with_its_lf_line_ends() {
    let want = common::fixture("anon/pub/hello.txt");
    assert!(!want.contains(&b'\r'));
    for (name, base) in peers() {
        // No ;type=: ".txt" guesses A (RFC 1738 section 3.2.3).
        for url in [
            format!("{base}/pub/hello.txt"),
            format!("{base}/pub/hello.txt;type=a"),
        ] {
            let (got, ui) = object(&url);
            assert_eq!(got, want, "{name} {url}");
            // SIZE is asked only in image type.
            assert_eq!(ui.size, None, "{name}");
            assert_eq!(ui.progress, want.len() as u64, "{name}");
        }
    }
}

#[test]
fn hello_txt_in_image_type_is_the_file_as_stored() {
    let want = common::fixture("anon/pub/hello.txt");
    for (name, base) in peers() {
        let (got, ui) = object(&format!("{base}/pub/hello.txt;type=i"));
        assert_eq!(got, want, "{name}");
        assert_eq!(ui.size, Some(want.len() as u64), "{name}: SIZE");
    }
}

#[test]
fn binary_bin_comes_exactly_in_image_type() {
    let want = common::fixture("anon/pub/binary.bin");
    for (name, base) in peers() {
        for url in [
            format!("{base}/pub/binary.bin"),
            format!("{base}/pub/binary.bin;type=i"),
            format!("{base}/pub/binary.bin;TYPE=I"),
        ] {
            let (got, ui) = object(&url);
            assert!(
                got == want,
                "{name} {url}: {} octets, not the fixture's {}",
                got.len(),
                want.len()
            );
            assert_eq!(ui.size, Some(262_144), "{name}");
            assert_eq!(ui.progress, 262_144, "{name}");
        }
    }
}

#[test]
fn an_encoded_space_and_semicolon_name_one_file() {
    let want = common::fixture("anon/pub/space and;semicolon.txt");
    for (name, base) in peers() {
        let (got, _) = object(&format!("{base}/pub/space%20and%3Bsemicolon.txt"));
        assert_eq!(got, want, "{name}");
    }
}

#[test]
fn three_directories_down_is_three_cwds() {
    let want = common::fixture("anon/pub/a/b/c.txt");
    for (name, base) in peers() {
        let (got, _) = object(&format!("{base}/pub/a/b/c.txt"));
        assert_eq!(got, want, "{name}");
    }
}

#[test]
fn a_large_object_streams_with_bounded_memory() {
    let path = uniform_testkit::fixtures_dir().join("anon/large/large.bin");
    /// Compares what is written with the fixture, a chunk at a time.
    struct Same {
        file: std::fs::File,
        at: u64,
        buf: Vec<u8>,
    }
    impl Write for Same {
        fn write(&mut self, b: &[u8]) -> std::io::Result<usize> {
            self.buf.resize(b.len(), 0);
            self.file.read_exact(&mut self.buf)?;
            assert!(
                self.buf == b,
                "differs within octets {}..{}",
                self.at,
                self.at + b.len() as u64
            );
            self.at += b.len() as u64;
            Ok(b.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }
    let len = std::fs::metadata(&path).unwrap().len();
    for (name, base) in peers() {
        let before = peak_rss_kib();
        let mut same = Same {
            file: std::fs::File::open(&path).unwrap(),
            at: 0,
            buf: Vec::new(),
        };
        let u = format!("{base}/large/large.bin");
        let f = fetch(
            &UrlRef::parse(&u).unwrap(),
            &options(),
            &mut same,
            &mut Record::default(),
        )
        .unwrap();
        assert!(
            matches!(f, Fetched::Object { bytes } if bytes == len),
            "{name}: {f:?}"
        );
        assert_eq!(same.at, len, "{name}");
        if let (Some(b), Some(a)) = (before, peak_rss_kib()) {
            // 32 MiB went through; the peak may grow by a few buffers, never by the object.
            assert!(a - b < 16 * 1024, "{name}: peak RSS grew by {} KiB", a - b);
        }
    }
}

/// The process's peak resident set (Linux), in KiB.
fn peak_rss_kib() -> Option<i64> {
    let s = std::fs::read_to_string("/proc/self/status").ok()?;
    s.lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
}

const PUB: [&str; 6] = [
    "a",
    "binary.bin",
    "dots.txt",
    "hello.txt",
    "many",
    "space and;semicolon.txt",
];

fn names(l: &Listing) -> Vec<String> {
    let mut n: Vec<String> = l.entries.iter().map(|e| e.name.clone()).collect();
    n.sort();
    n
}

#[test]
fn typecode_d_is_listed_by_nlst_which_tells_no_kinds() {
    for (name, base) in peers() {
        // CWD pub, then NLST; and NLST pub from the login directory
        // (vsftpd answers "pub/a", pyftpdlib "a": both are entry "a").
        for url in [format!("{base}/pub/;type=d"), format!("{base}/pub;type=d")] {
            let l = listing(&url);
            assert_eq!(l.url, url, "{name}");
            assert_eq!(names(&l), PUB, "{name} {url}");
            let odd = l
                .entries
                .iter()
                .find(|e| e.name == "space and;semicolon.txt")
                .unwrap();
            assert_eq!(
                odd.url.as_deref(),
                Some(format!("{base}/pub/space%20and%3Bsemicolon.txt").as_str()),
                "{name}"
            );
            assert!(
                l.entries
                    .iter()
                    .all(|e| e.kind == EntryKind::Unknown && e.size.is_none()),
                "{name}: NLST tells no kinds and no sizes"
            );
            // Kind unknown: a plain name, never a guessed trailing "/".
            let a = l.entries.iter().find(|e| e.name == "a").unwrap();
            assert_eq!(a.url.as_deref(), Some(format!("{base}/pub/a").as_str()));
        }
        // NLST of a file names the file, where it is.
        let one = listing(&format!("{base}/pub/hello.txt;type=d"));
        let urls: Vec<_> = one.entries.iter().map(|e| e.url.clone().unwrap()).collect();
        assert_eq!(urls, [format!("{base}/pub/hello.txt")], "{name}");
    }
}

#[test]
fn an_empty_name_is_listed_by_list_with_kinds_sizes_and_directory_urls() {
    let hello = common::fixture("anon/pub/hello.txt").len() as u64;
    for (name, base) in peers() {
        let url = format!("{base}/pub/");
        let l = listing(&url);
        assert_eq!(l.url, url, "{name}");
        assert_eq!(names(&l), PUB, "{name}");
        let entry = |n: &str| l.entries.iter().find(|e| e.name == n).unwrap();
        let a = entry("a");
        assert_eq!((a.kind, a.size), (EntryKind::Directory, None), "{name}");
        assert_eq!(a.url.as_deref(), Some(format!("{base}/pub/a/").as_str()));
        let h = entry("hello.txt");
        assert_eq!((h.kind, h.size), (EntryKind::File, Some(hello)), "{name}");
        assert_eq!(
            h.url.as_deref(),
            Some(format!("{base}/pub/hello.txt").as_str())
        );
        assert_eq!(
            entry("space and;semicolon.txt").url.as_deref(),
            Some(format!("{base}/pub/space%20and%3Bsemicolon.txt").as_str()),
            "{name}"
        );
        // The directory's URL fetches as a listing, not as a RETR.
        let sub = listing(a.url.as_deref().unwrap());
        assert!(!sub.entries.is_empty(), "{name}: pub/a/ lists something");
        let many = listing(&format!("{base}/pub/many/"));
        assert_eq!(many.entries.len(), 150, "{name}");
        assert!(
            many.entries
                .iter()
                .any(|e| e.name == "entry-149.txt" && e.kind == EntryKind::File),
            "{name}"
        );
        // Typecode i or a with an empty name: still the directory.
        for t in ["i", "a"] {
            let l = listing(&format!("{base}/pub/;type={t}"));
            assert_eq!(names(&l), PUB, "{name} ;type={t}");
        }
    }
}

#[test]
fn a_directory_named_without_its_slash_is_listed_after_retr_is_refused() {
    for (name, base) in peers() {
        // No typecode: RETR pub, 550, CWD pub, TYPE A, LIST.
        let url = format!("{base}/pub");
        let l = listing(&url);
        assert_eq!(l.url, url, "{name}");
        assert_eq!(names(&l), PUB, "{name}");
        let a = l.entries.iter().find(|e| e.name == "a").unwrap();
        assert_eq!(a.kind, EntryKind::Directory, "{name}");
        assert_eq!(a.url.as_deref(), Some(format!("{base}/pub/a/").as_str()));
        let sub = listing(&format!("{base}/pub/a"));
        assert!(
            sub.entries.iter().any(|e| e.name == "b"),
            "{name}: {:?}",
            names(&sub)
        );
        // A typecode says what the name is: no fallback.
        for t in ["i", "a"] {
            let e = get(
                &format!("{base}/pub;type={t}"),
                &options(),
                &mut Record::default(),
            )
            .unwrap_err();
            assert!(e.to_string().contains("RETR pub"), "{name} ;type={t}: {e}");
            assert!(
                e.reply().is_some_and(|r| r.starts_with("550")),
                "{name}: {e}"
            );
        }
    }
}

#[test]
fn a_listed_url_fetches_its_file() {
    let want = common::fixture("anon/pub/space and;semicolon.txt");
    for (name, base) in peers() {
        let l = listing(&format!("{base}/pub/"));
        let e = l
            .entries
            .iter()
            .find(|e| e.name.starts_with("space"))
            .unwrap();
        let (got, _) = object(e.url.as_deref().unwrap());
        assert_eq!(got, want, "{name}");
    }
}

fn user_base(base: &str) -> String {
    base.replacen("ftp://", "ftp://urltest:urltestpw@", 1)
}

#[test]
fn the_users_file_with_the_password_in_the_url() {
    let want = common::fixture("user/private.txt");
    for (name, base) in peers() {
        let (got, ui) = object(&format!("{}/private.txt", user_base(&base)));
        assert_eq!(got, want, "{name}");
        assert!(ui.asked.is_empty(), "{name}: nobody asked");
    }
}

#[test]
fn the_users_file_with_the_password_from_the_options_or_the_user() {
    let want = common::fixture("user/private.txt");
    for (name, base) in peers() {
        let url = format!(
            "{}/private.txt",
            base.replacen("ftp://", "ftp://urltest@", 1)
        );
        let mut o = options();
        o.password = Some(b"urltestpw".to_vec());
        let mut ui = Record::default();
        let (_, got) = get(&url, &o, &mut ui).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(got, want, "{name}");
        assert!(
            ui.asked.is_empty(),
            "{name}: the options' password is used first"
        );

        let mut ui = Record {
            password: Some(b"urltestpw".to_vec()),
            ..Record::default()
        };
        let (_, got) = get(&url, &options(), &mut ui).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(got, want, "{name}");
        assert_eq!(ui.asked.len(), 1, "{name}");
        assert!(ui.asked[0].contains("urltest"), "{name}: {:?}", ui.asked);

        let e = get(&url, &options(), &mut Record::default()).unwrap_err();
        assert_eq!(e.kind(), AccessErrorKind::Cancelled, "{name}: {e}");
    }
}

#[test]
fn a_listing_of_the_users_directory_never_shows_the_password() {
    for (name, base) in peers() {
        let l = listing(&format!("{}/", user_base(&base)));
        let json = l.to_json();
        assert!(!json.contains("urltestpw"), "{name}: {json}");
        assert!(l.url.contains("urltest@"), "{name}: {}", l.url);
        let private = l
            .entries
            .iter()
            .find(|e| e.name == "private.txt")
            .unwrap_or_else(|| panic!("{name}: {l:?}"));
        // The child URL keeps the user, so that it names the same file.
        assert_eq!(
            private.url.as_deref(),
            Some(
                format!(
                    "{}/private.txt",
                    base.replacen("ftp://", "ftp://urltest@", 1)
                )
                .as_str()
            )
        );
    }
}

#[test]
fn a_wrong_password_is_an_auth_error_quoting_530_without_the_password() {
    // Both servers make a failed login wait (PAM, pyftpdlib): in parallel.
    let checks: Vec<_> = peers()
        .into_iter()
        .map(|(name, base)| {
            thread::spawn(move || {
                let url = format!(
                    "{}/private.txt",
                    base.replacen("ftp://", "ftp://urltest:Wr0ngPassw0rd@", 1)
                );
                let e = get(&url, &options(), &mut Record::default()).unwrap_err();
                assert_eq!(e.kind(), AccessErrorKind::Auth, "{name}: {e}");
                assert!(
                    e.reply().is_some_and(|r| r.starts_with("530")),
                    "{name}: {e}"
                );
                let shown = format!("{e} {e:?}");
                assert!(!shown.contains("Wr0ngPassw0rd"), "{name}: {shown}");
                assert!(e.to_string().contains("PASS ****"), "{name}: {e}");
            })
        })
        .collect();
    for c in checks {
        c.join().unwrap();
    }
}

#[test]
fn a_missing_file_is_a_protocol_error_quoting_550() {
    for (name, base) in peers() {
        let e = get(
            &format!("{base}/pub/no-such-file.txt"),
            &options(),
            &mut Record::default(),
        )
        .unwrap_err();
        assert_eq!(e.kind(), AccessErrorKind::Protocol, "{name}: {e}");
        assert!(
            e.reply().is_some_and(|r| r.starts_with("550")),
            "{name}: {e}"
        );
        assert!(
            e.to_string().contains("RETR no-such-file.txt"),
            "{name}: {e}"
        );
        assert_eq!(e.host(), Some(common::host().as_str()));
        let e = get(
            &format!("{base}/no-such-dir/hello.txt"),
            &options(),
            &mut Record::default(),
        )
        .unwrap_err();
        assert!(
            e.reply().is_some_and(|r| r.starts_with("550")),
            "{name}: {e}"
        );
        assert!(e.to_string().contains("CWD no-such-dir"), "{name}: {e}");
    }
}

// ------------------------------------------------------------ LIST parsing

/// `LIST pub` from vsftpd 3.0.3 (uid and gid shown as 0), captured from the
/// peer with Python's ftplib (TYPE A, so CR LF line ends).
const VSFTPD_LIST: &str = "drwxr-xr-x    3 0        0            4096 Dec 20  1994 a\r\n\
-rw-r--r--    2 0        0          262144 Dec 20  1994 binary.bin\r\n\
-rw-r--r--    2 0        0             207 Dec 20  1994 dots.txt\r\n\
-rw-r--r--    2 0        0             244 Dec 20  1994 hello.txt\r\n\
drwxr-xr-x    2 0        0            4096 Dec 20  1994 many\r\n\
-rw-r--r--    2 0        0              85 Dec 20  1994 space and;semicolon.txt\r\n";

/// `LIST pub` from pyftpdlib 2.2.0, captured the same way.
const PYFTPDLIB_LIST: &str = "drwxr-xr-x   3 root     root         4096 Dec 20  1994 a\r\n\
-rw-r--r--   2 root     root       262144 Dec 20  1994 binary.bin\r\n\
-rw-r--r--   2 root     root          207 Dec 20  1994 dots.txt\r\n\
-rw-r--r--   2 root     root          244 Dec 20  1994 hello.txt\r\n\
drwxr-xr-x   2 root     root         4096 Dec 20  1994 many\r\n\
-rw-r--r--   2 root     root           85 Dec 20  1994 space and;semicolon.txt\r\n";

fn check_pub_list(server: &str, l: &Listing, base: &str) {
    let got: Vec<(&str, EntryKind, Option<u64>)> = l
        .entries
        .iter()
        .map(|e| (e.name.as_str(), e.kind, e.size))
        .collect();
    assert_eq!(
        got,
        [
            ("a", EntryKind::Directory, None),
            ("binary.bin", EntryKind::File, Some(262_144)),
            ("dots.txt", EntryKind::File, Some(207)),
            ("hello.txt", EntryKind::File, Some(244)),
            ("many", EntryKind::Directory, None),
            ("space and;semicolon.txt", EntryKind::File, Some(85)),
        ],
        "{server}"
    );
    assert_eq!(
        l.entries[0].url.as_deref(),
        Some(format!("{base}a/").as_str()),
        "{server}"
    );
    assert_eq!(
        l.entries[5].url.as_deref(),
        Some(format!("{base}space%20and%3Bsemicolon.txt").as_str()),
        "{server}"
    );
    assert_eq!(
        l.entries[3].detail.as_deref(),
        Some("-rw-r--r-- Dec 20 1994"),
        "{server}"
    );
}

#[test]
fn list_output_of_vsftpd_and_pyftpdlib_as_captured() {
    for (server, text) in [("vsftpd", VSFTPD_LIST), ("pyftpdlib", PYFTPDLIB_LIST)] {
        check_pub_list(server, &parse_list("ftp://h/pub/", text), "ftp://h/pub/");
    }
}

#[test]
fn list_output_of_the_running_servers() {
    if !common::peer_up(&SERVERS.map(|(name, _)| name)) {
        return;
    }
    for (name, setting) in SERVERS {
        // A LIST outside the plan and outside the client under test: what
        // a user with LIST output holds.
        let lines = raw_list(common::port(setting), "pub");
        let base = format!("ftp://{}:{}/pub/", common::host(), common::port(setting));
        check_pub_list(name, &parse_list(&base, &lines.join("\n")), &base);
    }
}

/// `LIST dir` by hand: anonymous login, EPSV, the data read to its end.
fn raw_list(port: u16, dir: &str) -> Vec<String> {
    let s = TcpStream::connect((common::host().as_str(), port)).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    let mut w = s.try_clone().unwrap();
    let mut r = BufReader::new(s);
    // The last line of a reply (multi-line replies end with "NNN ").
    let mut reply = || -> String {
        loop {
            let mut l = String::new();
            r.read_line(&mut l).unwrap();
            if l.as_bytes().get(3) != Some(&b'-') {
                return l;
            }
        }
    };
    assert!(reply().starts_with("220"));
    for cmd in ["USER anonymous", "PASS test@example.org", "TYPE A"] {
        w.write_all(format!("{cmd}\r\n").as_bytes()).unwrap();
        let got = reply();
        assert!(got.starts_with('2') || got.starts_with('3'), "{cmd}: {got}");
    }
    w.write_all(b"EPSV\r\n").unwrap();
    let epsv = reply();
    let p: u16 = epsv.split('|').nth(3).unwrap().parse().unwrap();
    let mut d = TcpStream::connect((common::host().as_str(), p)).unwrap();
    w.write_all(format!("LIST {dir}\r\n").as_bytes()).unwrap();
    assert!(reply().starts_with('1'));
    let mut text = String::new();
    d.read_to_string(&mut text).unwrap();
    assert!(reply().starts_with("226"));
    let _ = w.write_all(b"QUIT\r\n");
    text.lines().map(str::to_string).collect()
}

#[test]
fn unix_list_lines_in_their_variants() {
    // A recent file shows a time instead of a year; no group column (some
    // servers); a name with leading and inner spaces; a link; a device.
    let e = parse_list_line("-rw-r--r--   1 ftp  ftp  1234 Mar  3 14:05 notes.txt").unwrap();
    assert_eq!(
        (e.name.as_str(), e.kind, e.size),
        ("notes.txt", EntryKind::File, Some(1234))
    );
    assert_eq!(e.detail.as_deref(), Some("-rw-r--r-- Mar 3 14:05"));
    let e = parse_list_line("-rw-r--r--   1 owner     99 Dec 20  1994 no group").unwrap();
    assert_eq!((e.name.as_str(), e.size), ("no group", Some(99)));
    let e = parse_list_line("-rw-r--r-- 1 u g 7 Dec 20  1994  two  spaces ").unwrap();
    assert_eq!(e.name, " two  spaces ");
    let e = parse_list_line("lrwxrwxrwx 1 0 0 11 Dec 20  1994 current -> release-1.2").unwrap();
    assert_eq!(
        (e.name.as_str(), e.kind, e.size),
        ("current", EntryKind::Link, None)
    );
    assert!(e.detail.unwrap().ends_with("-> release-1.2"));
    let e = parse_list_line("crw-rw-rw- 1 0 0 1, 3 Dec 20  1994 null");
    // A device's "size" is a major, minor pair: not a size, not a line read.
    assert!(e.is_none() || e.unwrap().size.is_none());
    let e = parse_list_line("drwxr-xr-x+ 2 u g 4096 Jan 01 2024 acl").unwrap();
    assert_eq!((e.name.as_str(), e.kind), ("acl", EntryKind::Directory));
    assert!(parse_list_line("total 24").is_none());
    assert!(parse_list_line("").is_none());
    assert!(parse_list_line("hello.txt").is_none());
    assert!(
        parse_list_line("-rw-r--r-- 1 u g 12 Dec 20 1994").is_none(),
        "no name"
    );
}

#[test]
fn ms_dos_list_lines() {
    let d = parse_list_line("12-20-94  10:00AM       <DIR>          pub").unwrap();
    assert_eq!(
        (d.name.as_str(), d.kind, d.size),
        ("pub", EntryKind::Directory, None)
    );
    assert_eq!(d.detail.as_deref(), Some("12-20-94 10:00AM"));
    let f = parse_list_line("12-20-1994  03:15PM              1234567 read me.txt\r\n").unwrap();
    assert_eq!(
        (f.name.as_str(), f.kind, f.size),
        ("read me.txt", EntryKind::File, Some(1_234_567))
    );
    let f = parse_list_line("01-02-03  23:59             1,024 x").unwrap();
    assert_eq!(f.size, Some(1024));
    assert!(parse_list_line("12-20-94  10:00AM  lots  x").is_none());
    let l = parse_list(
        "ftp://h/",
        "12-20-94  10:00AM       <DIR>          My Docs\r\n",
    );
    assert_eq!(l.entries[0].url.as_deref(), Some("ftp://h/My%20Docs/"));
}

#[test]
fn list_lines_never_panic_on_prefixes_of_real_lines() {
    for line in VSFTPD_LIST
        .lines()
        .chain(PYFTPDLIB_LIST.lines())
        .chain(["12-20-94  10:00AM       <DIR>          pub"])
    {
        for (i, _) in line.char_indices() {
            let _ = parse_list_line(&line[..i]);
            let _ = parse_list_line(&line[i..]);
        }
    }
}

// ------------------------------------------------------- scripted fake server

/// The server side of one control connection, for faults.
struct Ctl {
    r: BufReader<TcpStream>,
    w: TcpStream,
    /// Every line the client sent, without CR LF.
    seen: Vec<Vec<u8>>,
}

impl Ctl {
    fn say(&mut self, s: &str) {
        self.w.write_all(s.as_bytes()).unwrap();
    }
    /// The next line the client sends (empty at its end).
    fn hear(&mut self) -> Vec<u8> {
        let mut l = Vec::new();
        self.r.read_until(b'\n', &mut l).unwrap();
        let l = l.strip_suffix(b"\r\n").map(<[u8]>::to_vec).unwrap_or(l);
        self.seen.push(l.clone());
        l
    }
    fn expect(&mut self, verb: &str) -> Vec<u8> {
        let l = self.hear();
        assert!(
            l.starts_with(verb.as_bytes()),
            "wanted {verb}, got {:?}",
            String::from_utf8_lossy(&l)
        );
        l
    }
    fn login(&mut self) {
        self.say("220 fake\r\n");
        self.expect("USER");
        self.say("331 password\r\n");
        self.expect("PASS");
        self.say("230 in\r\n");
    }
    /// EPSV answered with a fresh data listener.
    fn epsv(&mut self) -> TcpListener {
        self.expect("EPSV");
        let l = TcpListener::bind("127.0.0.1:0").unwrap();
        let port = l.local_addr().unwrap().port();
        self.say(&format!(
            "229 Entering Extended Passive Mode (|||{port}|)\r\n"
        ));
        l
    }
}

/// A one-connection server running `script`; its port and the lines it
/// heard.
/// The next connection to `listener`, as the scripts see it.
fn accept(listener: &TcpListener) -> Ctl {
    let (s, _) = listener.accept().unwrap();
    s.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    Ctl {
        r: BufReader::new(s.try_clone().unwrap()),
        w: s,
        seen: Vec::new(),
    }
}

fn serve(script: impl FnOnce(&mut Ctl) + Send + 'static) -> (u16, JoinHandle<Vec<Vec<u8>>>) {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port();
    let h = thread::spawn(move || {
        let mut c = accept(&listener);
        script(&mut c);
        c.seen
    });
    (port, h)
}

fn fast(port: u16) -> Opts {
    let mut o = Opts::new();
    o.plan.allowed_ports.push(port);
    o.session.timeouts.connect = Duration::from_secs(2);
    o.session.timeouts.idle = Duration::from_secs(3);
    o.session.timeouts.total = Some(Duration::from_secs(20));
    o
}

fn send_data(l: &TcpListener, data: &[u8]) {
    let (mut d, _) = l.accept().unwrap();
    d.write_all(data).unwrap();
}

#[test]
fn the_wire_carries_the_plans_octets_exactly() {
    let (port, h) = serve(|c| {
        c.say("220 fake\r\n");
        c.expect("USER");
        c.say("331 password\r\n");
        c.expect("PASS");
        c.say("230 in\r\n");
        for _ in 0..3 {
            c.expect("CWD");
            c.say("250 ok\r\n");
        }
        c.expect("TYPE");
        c.say("200 ok\r\n");
        c.expect("SIZE");
        c.say("213 3\r\n");
        let l = c.epsv();
        c.expect("RETR");
        c.say("150 here\r\n");
        send_data(&l, b"\r\nx");
        c.say("226 done\r\n");
        c.expect("QUIT");
        c.say("221 bye\r\n");
    });
    // A user and password with encoded octets, a space, an empty segment
    // ("CWD " with a null argument), octets that are not UTF-8 (FF is
    // Telnet's IAC: doubled on the control connection, RFC 959 section 4.1.3).
    let url = format!("ftp://us%65r:pa%3Ass@127.0.0.1:{port}/a%20b//c%FF/n%E9.bin;type=i");
    let (f, out) = get(&url, &fast(port), &mut Record::default()).unwrap();
    assert!(matches!(f, Fetched::Object { bytes: 3 }));
    assert_eq!(out, b"\r\nx", "image type: nothing changed");
    let seen = h.join().unwrap();
    let want: Vec<&[u8]> = vec![
        b"USER user",
        b"PASS pa:ss",
        b"CWD a b",
        b"CWD ",
        b"CWD c\xFF\xFF",
        b"TYPE I",
        b"SIZE n\xE9.bin",
        b"EPSV",
        b"RETR n\xE9.bin",
        b"QUIT",
    ];
    assert_eq!(seen, want.iter().map(|l| l.to_vec()).collect::<Vec<_>>());
}

#[test]
fn ascii_type_undoes_cr_lf_and_keeps_a_lone_cr() {
    let (port, h) = serve(|c| {
        c.login();
        c.expect("TYPE A");
        c.say("200 ok\r\n");
        let l = c.epsv();
        c.expect("RETR t.txt");
        c.say("150 here\r\n");
        let (mut d, _) = l.accept().unwrap();
        // Line ends split across writes, a lone CR inside and at the end.
        for piece in [&b"one\r"[..], b"\ntwo\rstill two\r", b"\n\r\n", b"end\r"] {
            d.write_all(piece).unwrap();
            d.flush().unwrap();
            thread::sleep(Duration::from_millis(20));
        }
        drop(d);
        c.say("226 done\r\n");
        c.expect("QUIT");
        c.say("221 bye\r\n");
    });
    let (f, out) = get(
        &format!("ftp://127.0.0.1:{port}/t.txt"),
        &fast(port),
        &mut Record::default(),
    )
    .unwrap();
    assert_eq!(out, b"one\ntwo\rstill two\n\nend\r");
    assert!(matches!(f, Fetched::Object { bytes } if bytes == out.len() as u64));
    h.join().unwrap();
}

#[test]
fn user_logged_in_at_once_sends_no_pass() {
    let (port, h) = serve(|c| {
        c.say("220 fake\r\n");
        c.expect("USER");
        c.say("230 no password needed\r\n");
        c.expect("TYPE");
        c.say("200 ok\r\n");
        let l = c.epsv();
        c.expect("NLST");
        c.say("150 here\r\n");
        send_data(&l, b"x\r\ny z\r\n");
        c.say("226 done\r\n");
        c.expect("QUIT");
        c.say("221 bye\r\n");
    });
    let (f, _) = get(
        &format!("ftp://guest:pw@127.0.0.1:{port}/;type=d"),
        &fast(port),
        &mut Record::default(),
    )
    .unwrap();
    let Fetched::Listing(l) = f else {
        panic!("{f:?}")
    };
    let urls: Vec<_> = l.entries.iter().map(|e| e.url.clone().unwrap()).collect();
    assert_eq!(
        urls,
        [
            format!("ftp://guest@127.0.0.1:{port}/x"),
            format!("ftp://guest@127.0.0.1:{port}/y%20z")
        ]
    );
    let seen = h.join().unwrap();
    assert!(!seen.iter().any(|l| l.starts_with(b"PASS")), "{seen:?}");
}

#[test]
fn list_lines_give_kinds_sizes_link_targets_and_keep_unreadable_lines() {
    let (port, h) = serve(|c| {
        c.login();
        c.expect("TYPE A");
        c.say("200 ok\r\n");
        let l = c.epsv();
        c.expect("LIST");
        c.say("150 here\r\n");
        send_data(
            &l,
            b"total 12\r\n\
              lrwxrwxrwx 1 0 0 7 Jan  2 03:04 latest -> v1.2.3\r\n\
              drwxr-xr-x 2 0 0 4096 Dec 20  1994 a/b;c\r\n\
              12-20-94  10:00AM       <DIR>          My Docs\r\n\
              12-20-94  10:00AM              1,234 caf\xE9.txt\r\n\
              +i8388621.29609,m824255902,/,\tdev\r\n",
        );
        c.say("226 done\r\n");
        c.expect("QUIT");
        c.say("221 bye\r\n");
    });
    let (f, _) = get(
        &format!("ftp://127.0.0.1:{port}/"),
        &fast(port),
        &mut Record::default(),
    )
    .unwrap();
    h.join().unwrap();
    let Fetched::Listing(l) = f else {
        panic!("{f:?}")
    };
    let base = format!("ftp://127.0.0.1:{port}/");
    let got: Vec<_> = l
        .entries
        .iter()
        .map(|e| (e.name.as_str(), e.kind, e.size, e.url.clone()))
        .collect();
    assert_eq!(
        got,
        [
            (
                "latest",
                EntryKind::Link,
                None,
                Some(format!("{base}latest"))
            ),
            (
                "a/b;c",
                EntryKind::Directory,
                None,
                Some(format!("{base}a%2Fb%3Bc/"))
            ),
            (
                "My Docs",
                EntryKind::Directory,
                None,
                Some(format!("{base}My%20Docs/"))
            ),
            (
                "caf\u{FFFD}.txt",
                EntryKind::File,
                Some(1234),
                Some(format!("{base}caf%E9.txt"))
            ),
            (
                "+i8388621.29609,m824255902,/,\tdev",
                EntryKind::Unknown,
                None,
                None
            ),
        ]
    );
    assert!(
        l.entries[0]
            .detail
            .as_deref()
            .unwrap()
            .ends_with("-> v1.2.3")
    );
}

#[test]
fn a_refused_port_is_named_not_the_retr_never_sent() {
    let (port, h) = serve(|c| {
        c.login();
        c.expect("TYPE I");
        c.say("200 ok\r\n");
        c.expect("SIZE");
        c.say("213 6\r\n");
        c.expect("EPSV");
        c.say("500 no EPSV\r\n");
        c.expect("PASV");
        c.say("500 no PASV\r\n");
        c.expect("PORT");
        c.say("500 no PORT\r\n");
    });
    let e = get(
        &format!("ftp://127.0.0.1:{port}/x.bin"),
        &fast(port),
        &mut Record::default(),
    )
    .unwrap_err();
    let seen = h.join().unwrap();
    assert!(!seen.iter().any(|l| l.starts_with(b"RETR")), "{seen:?}");
    let m = e.to_string();
    assert!(m.contains("`PORT`"), "{m}");
    assert!(m.contains("for `RETR x.bin`"), "{m}");
    assert!(!m.contains("`RETR x.bin` was refused"), "{m}");
    assert_eq!(e.reply(), Some("500 no PORT"));
}

/// A server whose PASV reply names 127.0.0.2 (another host, on loopback
/// so that a connection there would be seen) at the port where its real
/// data listener `data` waits on 127.0.0.1 (CVE-2020-8284). What the
/// client fetched.
fn pasv_naming_127_0_0_2(data: TcpListener) -> Vec<u8> {
    let p = data.local_addr().unwrap().port();
    let (port, h) = serve(move |c| {
        c.login();
        c.expect("TYPE I");
        c.say("200 ok\r\n");
        c.expect("SIZE");
        c.say("502 no SIZE here\r\n");
        c.expect("EPSV");
        c.say("502 no EPSV here\r\n");
        c.expect("PASV");
        c.say(&format!(
            "227 Entering Passive Mode (127,0,0,2,{},{})\r\n",
            p >> 8,
            p & 255
        ));
        c.expect("RETR");
        c.say("150 here\r\n");
        send_data(&data, b"safe");
        c.say("226 done\r\n");
        c.expect("QUIT");
        c.say("221 bye\r\n");
    });
    let (_, out) = get(
        &format!("ftp://127.0.0.1:{port}/f.bin"),
        &fast(port),
        &mut Record::default(),
    )
    .unwrap();
    h.join().unwrap();
    out
}

#[test]
fn a_pasv_reply_naming_another_host_is_rewritten_to_the_control_peer() {
    // The transfer comes from the listener on the control connection's
    // host: nothing listens at that port on 127.0.0.2.
    let data = TcpListener::bind("127.0.0.1:0").unwrap();
    assert_eq!(pasv_naming_127_0_0_2(data), b"safe");
}

#[test]
fn a_pasv_reply_naming_another_host_brings_no_connection_there() {
    let data = TcpListener::bind("127.0.0.1:0").unwrap();
    let p = data.local_addr().unwrap().port();
    // A listener where the reply points, to see whether the client went.
    let victim = match TcpListener::bind(("127.0.0.2", p)) {
        Ok(v) => v,
        Err(e) => {
            uniform_testkit::Skip::new(format!(
                "127.0.0.2:{p} cannot be bound here ({e}): whether the client connects to the host a PASV reply names is not seen"
            ))
            .record();
            return;
        }
    };
    assert_eq!(pasv_naming_127_0_0_2(data), b"safe");
    // The fetch is over: a connection there would be queued by now.
    victim.set_nonblocking(true).unwrap();
    assert!(
        victim.accept().is_err(),
        "the client connected to the host the PASV reply named"
    );
}

#[test]
fn epsv_and_pasv_refused_fall_back_to_port() {
    let (port, h) = serve(|c| {
        c.login();
        c.expect("TYPE I");
        c.say("200 ok\r\n");
        c.expect("SIZE");
        c.say("213 6\r\n");
        c.expect("EPSV");
        c.say("500 no\r\n");
        c.expect("PASV");
        c.say("500 no\r\n");
        let port_line = c.expect("PORT ");
        let nums: Vec<u16> = String::from_utf8(port_line[5..].to_vec())
            .unwrap()
            .split(',')
            .map(|n| n.trim().parse().unwrap())
            .collect();
        let to = SocketAddr::from((
            Ipv4Addr::new(nums[0] as u8, nums[1] as u8, nums[2] as u8, nums[3] as u8),
            nums[4] * 256 + nums[5],
        ));
        c.say("200 PORT ok\r\n");
        c.expect("RETR");
        c.say("150 connecting\r\n");
        let mut d = TcpStream::connect(to).unwrap();
        d.write_all(b"active").unwrap();
        drop(d);
        c.say("226 done\r\n");
        c.expect("QUIT");
        c.say("221 bye\r\n");
    });
    let (_, out) = get(
        &format!("ftp://127.0.0.1:{port}/f.bin"),
        &fast(port),
        &mut Record::default(),
    )
    .unwrap();
    assert_eq!(out, b"active");
    h.join().unwrap();
}

/// A server that sends half of `f.bin` and then closes the data connection;
/// `end` is its reply after that.
fn half_then(end: &'static str) -> (u16, JoinHandle<Vec<Vec<u8>>>) {
    serve(move |c| {
        c.login();
        c.expect("TYPE I");
        c.say("200 ok\r\n");
        c.expect("SIZE");
        c.say("213 100000\r\n");
        let l = c.epsv();
        c.expect("RETR");
        c.say("150 here\r\n");
        send_data(&l, &[7u8; 50_000]);
        if end.is_empty() {
            return;
        }
        c.say(end);
        // The client may or may not say QUIT: it must not hang either way.
        let _ = c.r.read(&mut [0u8; 64]);
    })
}

#[test]
fn a_data_connection_closed_mid_transfer_leaves_no_complete_looking_file() {
    let dir = std::env::temp_dir().join(format!("uniform-ftp-test-{}-mid", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for (end, kind, says) in [
        (
            "426 Connection closed; transfer aborted.\r\n",
            AccessErrorKind::Protocol,
            "426",
        ),
        // A server that claims success after half the octets SIZE announced.
        (
            "226 done (it says)\r\n",
            AccessErrorKind::Io,
            "50000 of the 100000",
        ),
        // A server that hangs up the control connection too, with no reply.
        ("", AccessErrorKind::Io, "closed"),
    ] {
        let (port, h) = half_then(end);
        let target = dir.join("f.bin");
        // A long idle limit: a client that waited on the cut connection
        // would take all of it; one that sees the cut ends long before.
        let mut o = fast(port);
        o.session.timeouts.idle = Duration::from_secs(15);
        o.session.timeouts.total = Some(Duration::from_secs(60));
        let started = Instant::now();
        let mut file = AtomicFile::create(&target).unwrap();
        let u = format!("ftp://127.0.0.1:{port}/f.bin");
        let e = fetch(
            &UrlRef::parse(&u).unwrap(),
            &o,
            &mut file,
            &mut Record::default(),
        )
        .unwrap_err();
        drop(file);
        assert_eq!(e.kind(), kind, "{e}");
        assert!(e.to_string().contains(says), "{e}");
        assert!(
            started.elapsed() < o.session.timeouts.idle,
            "a failure does not wait for the idle limit: {:?}",
            started.elapsed()
        );
        assert!(!target.exists());
        assert_eq!(
            std::fs::read_dir(&dir).unwrap().count(),
            0,
            "no partial file is left"
        );
        h.join().unwrap();
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_control_line_that_never_ends_is_too_long() {
    let (port, h) = serve(|c| {
        c.say("220 ");
        let chunk = vec![b'a'; 64 * 1024];
        let mut sent = 0usize;
        // Until the client hangs up; bounded for the test's own sake.
        while sent < 64 * 1024 * 1024 && c.w.write_all(&chunk).is_ok() {
            sent += chunk.len();
        }
        assert!(
            sent < 8 * 1024 * 1024,
            "the client read {sent} octets of one line"
        );
    });
    let e = get(
        &format!("ftp://127.0.0.1:{port}/f.bin"),
        &fast(port),
        &mut Record::default(),
    )
    .unwrap_err();
    assert_eq!(e.kind(), AccessErrorKind::TooLong, "{e}");
    h.join().unwrap();
}

#[test]
fn a_server_that_never_answers_times_out_within_the_idle_limit() {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port();
    let h = thread::spawn(move || {
        let (mut s, _) = listener.accept().unwrap();
        // Silent until the client gives up and hangs up.
        assert!(uniform_testkit::until_closed(&mut s));
    });
    let mut o = fast(port);
    let idle = Duration::from_secs(1);
    o.session.timeouts.idle = idle;
    o.session.timeouts.total = Some(Duration::from_secs(60));
    let started = Instant::now();
    let e = get(
        &format!("ftp://127.0.0.1:{port}/f"),
        &o,
        &mut Record::default(),
    )
    .unwrap_err();
    let took = started.elapsed();
    assert_eq!(e.kind(), AccessErrorKind::Timeout, "{e}");
    // Not before the limit; after it, by no more than a loaded machine's
    // delay (the total limit, far off, would say MaxTime).
    assert!(
        took >= idle && took < idle + Duration::from_secs(4),
        "{took:?}"
    );
    assert!(e.to_string().contains("--timeout"), "{e}");
    h.join().unwrap();
}

#[test]
fn the_total_limit_cuts_a_slow_dialogue_short() {
    let (port, h) = serve(|c| {
        c.say("220 fake\r\n");
        c.expect("USER");
        c.say("331 password\r\n");
        c.expect("PASS");
        // Answers nothing more (the idle limit is long, the total short)
        // until the client hangs up.
        assert!(uniform_testkit::until_closed(&mut c.w));
    });
    let mut o = fast(port);
    let total = Duration::from_secs(1);
    o.session.timeouts.idle = Duration::from_secs(30);
    o.session.timeouts.total = Some(total);
    let started = Instant::now();
    let e = get(
        &format!("ftp://127.0.0.1:{port}/f"),
        &o,
        &mut Record::default(),
    )
    .unwrap_err();
    let took = started.elapsed();
    assert_eq!(e.kind(), AccessErrorKind::Timeout, "{e}");
    assert!(e.to_string().contains("--max-time"), "{e}");
    // The idle limit (30 s) would end it far later.
    assert!(
        took >= total && took < total + Duration::from_secs(4),
        "{took:?}"
    );
    h.join().unwrap();
}

#[test]
fn a_reply_that_echoes_the_password_is_scrubbed() {
    let (port, h) = serve(|c| {
        c.say("220 fake\r\n");
        c.expect("USER");
        c.say("331 password\r\n");
        c.expect("PASS");
        c.say("530 password s3cr3t-pw is wrong\r\n");
    });
    let e = get(
        &format!("ftp://u:s3cr3t-pw@127.0.0.1:{port}/f"),
        &fast(port),
        &mut Record::default(),
    )
    .unwrap_err();
    assert_eq!(e.kind(), AccessErrorKind::Auth);
    assert_eq!(e.reply(), Some("530 password **** is wrong"));
    assert!(!format!("{e} {e:?}").contains("s3cr3t-pw"));
    h.join().unwrap();
}

#[test]
fn a_connection_refused_is_a_connect_error() {
    let closed = uniform_testkit::ClosedPort::new();
    let port = closed.port();
    let e = get(
        &format!("ftp://127.0.0.1:{port}/f"),
        &fast(port),
        &mut Record::default(),
    )
    .unwrap_err();
    assert_eq!(e.kind(), AccessErrorKind::Connect, "{e}");
}

#[test]
fn an_error_names_the_port_connected_to() {
    for (name, base) in peers() {
        let e = get(
            &format!("{base}/pub/no-such-file.bin"),
            &options(),
            &mut Record::default(),
        )
        .unwrap_err();
        assert!(
            e.to_string().starts_with(&format!("{base}: ")),
            "{name}: {e}"
        );
    }
}

// ------------------------------------------------------- curl's -I (--head)

/// The options of curl's `-I`.
fn head_options() -> Opts {
    let mut o = options();
    o.plan.http.head_only = true;
    o
}

/// curl's -I head of a fixture: its mtime (1994-12-20 00:00:00 UTC, as
/// gen-fixtures.py sets every fixture's) and its size.
fn head_of(fixture: &str) -> Vec<u8> {
    let path = uniform_testkit::fixtures_dir().join(fixture);
    let mtime = std::fs::metadata(&path)
        .and_then(|m| m.modified())
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    assert_eq!(
        mtime,
        std::time::UNIX_EPOCH + Duration::from_secs(787_881_600),
        "{fixture}: the fixtures' mtime is 1994-12-20 00:00:00 UTC"
    );
    let size = common::fixture(fixture).len();
    format!(
        "Last-Modified: Tue, 20 Dec 1994 00:00:00 GMT\r\n\
         Content-Length: {size}\r\n\
         Accept-ranges: bytes\r\n"
    )
    .into_bytes()
}

/// What `curl -sI URL` writes and its exit status.
fn curl_head(curl: &std::path::Path, url: &str) -> (Vec<u8>, i32) {
    let out = std::process::Command::new(curl)
        .args(["-sI", "--max-time", "30", url])
        .output()
        .unwrap_or_else(|e| panic!("curl -sI {url}: {e}"));
    (out.stdout, out.status.code().unwrap_or(-1))
}

/// Uniform's -I of `url`: the octets written, and the exit status
/// `uniform fetch` gives (0, or the error's).
fn uniform_head(url: &str) -> (Vec<u8>, i32) {
    let u = UrlRef::parse(url).unwrap_or_else(|e| panic!("{url}: {e}"));
    let mut out = Vec::new();
    match fetch(&u, &head_options(), &mut out, &mut Record::default()) {
        Ok(Fetched::Object { bytes }) => {
            assert_eq!(
                bytes,
                out.len() as u64,
                "{url}: the count of octets written"
            );
            (out, 0)
        }
        Ok(other) => panic!("{url}: {other:?}"),
        Err(e) => (out, i32::from(e.exit_code())),
    }
}

#[test]
fn head_of_a_file_is_curls_three_lines_from_mdtm_size_and_rest() {
    for (name, base) in peers() {
        for (path, fixture) in [
            ("pub/hello.txt", "anon/pub/hello.txt"),
            // Any typecode: TYPE I, so SIZE counts the octets as stored
            // (in TYPE A pyftpdlib refuses SIZE).
            ("pub/hello.txt;type=a", "anon/pub/hello.txt"),
            ("pub/binary.bin;type=i", "anon/pub/binary.bin"),
            ("pub/dots.txt", "anon/pub/dots.txt"),
            (
                "pub/space%20and%3Bsemicolon.txt",
                "anon/pub/space and;semicolon.txt",
            ),
        ] {
            let url = format!("{base}/{path}");
            let mut ui = Record::default();
            let (f, out) = get(&url, &head_options(), &mut ui).unwrap_or_else(|e| panic!("{e}"));
            let want = head_of(fixture);
            assert_eq!(
                String::from_utf8_lossy(&out),
                String::from_utf8_lossy(&want),
                "{name} {url}"
            );
            assert!(
                matches!(f, Fetched::Object { bytes } if bytes == want.len() as u64),
                "{name} {url}: {f:?}"
            );
            // No data connection: nothing read, no size for a progress bar.
            assert_eq!((ui.size, ui.progress), (None, 0), "{name} {url}");
        }
    }
}

#[test]
fn head_of_a_missing_file_is_curls_exit_78_and_of_a_directory_url_nothing() {
    for (name, base) in peers() {
        // MDTM refused (left out), SIZE refused with 550: no such file.
        // A directory named without its slash has no size either.
        for path in ["pub/no-such-file.txt", "pub", "pub/a;type=d"] {
            let url = format!("{base}/{path}");
            let mut out = Vec::new();
            let u = UrlRef::parse(&url).unwrap();
            let e = fetch(&u, &head_options(), &mut out, &mut Record::default()).unwrap_err();
            assert_eq!(e.exit_code(), 78, "{name} {url}: {e}");
            assert_eq!(e.kind(), AccessErrorKind::Protocol, "{name} {url}: {e}");
            assert!(
                e.reply().is_some_and(|r| r.starts_with("550")),
                "{name} {url}: {e}"
            );
            assert!(e.to_string().contains("`SIZE "), "{name} {url}: {e}");
            assert!(out.is_empty(), "{name} {url}: {out:?}");
        }
        // A directory URL: the CWDs, then nothing asked, nothing written.
        for path in ["pub/", "pub/;type=d", "pub/a/"] {
            let url = format!("{base}/{path}");
            assert_eq!(uniform_head(&url), (Vec::new(), 0), "{name} {url}");
        }
        // A directory that is not there: the CWD's refusal.
        let e = get(
            &format!("{base}/no-such-dir/hello.txt"),
            &head_options(),
            &mut Record::default(),
        )
        .unwrap_err();
        assert!(e.to_string().contains("CWD no-such-dir"), "{name}: {e}");
    }
}

#[test]
fn head_output_is_byte_for_byte_what_curl_prints() {
    let curl = match uniform_testkit::program("curl") {
        Ok(curl) => curl,
        Err(skip) => {
            uniform_testkit::Skip::new(format!("{}: no -I to compare with", skip.reason()))
                .record();
            return;
        }
    };
    for (name, base) in peers() {
        for path in [
            "pub/hello.txt",
            "pub/binary.bin",
            "pub/space%20and%3Bsemicolon.txt",
            "pub/a/",
            "pub/",
            "pub/no-such-file.txt",
            "pub",
        ] {
            let url = format!("{base}/{path}");
            let ours = uniform_head(&url);
            let curls = curl_head(&curl, &url);
            assert_eq!(
                (String::from_utf8_lossy(&ours.0), ours.1),
                (String::from_utf8_lossy(&curls.0), curls.1),
                "{name} {url}: Uniform's -I, then curl's"
            );
        }
    }
}

#[test]
fn head_sends_mdtm_type_size_rest_and_leaves_out_refused_answers() {
    let (port, h) = serve(|c| {
        c.login();
        c.expect("CWD d");
        c.say("250 ok\r\n");
        c.expect("MDTM f.bin");
        c.say("502 MDTM not implemented\r\n");
        c.expect("TYPE I");
        c.say("200 ok\r\n");
        c.expect("SIZE f.bin");
        c.say("213 File size: 12\r\n");
        c.expect("REST 0");
        c.say("502 no restarts here\r\n");
        c.expect("QUIT");
        c.say("221 bye\r\n");
    });
    let mut o = fast(port);
    o.plan.http.head_only = true;
    let (f, out) = get(
        &format!("ftp://127.0.0.1:{port}/d/f.bin"),
        &o,
        &mut Record::default(),
    )
    .unwrap();
    assert_eq!(out, b"Content-Length: 12\r\n");
    assert!(matches!(f, Fetched::Object { bytes: 20 }), "{f:?}");
    let seen = h.join().unwrap();
    let want: Vec<&[u8]> = vec![
        b"USER anonymous",
        b"PASS anonymous@",
        b"CWD d",
        b"MDTM f.bin",
        b"TYPE I",
        b"SIZE f.bin",
        b"REST 0",
        b"QUIT",
    ];
    assert_eq!(seen, want.iter().map(|l| l.to_vec()).collect::<Vec<_>>());
}

#[test]
fn head_with_a_bad_mdtm_date_writes_the_other_lines() {
    for (mdtm, want) in [
        // Not a date: left out, as curl leaves it out.
        ("213 19941320000000", ""),
        ("213 1994122", ""),
        // Fractions of a second dropped, a multi-line answer read at its end.
        (
            "213 20240229235959.250",
            "Last-Modified: Thu, 29 Feb 2024 23:59:59 GMT\r\n",
        ),
        (
            "213-time\r\n213 20000101000000",
            "Last-Modified: Sat, 01 Jan 2000 00:00:00 GMT\r\n",
        ),
    ] {
        let answer = format!("{mdtm}\r\n");
        let (port, h) = serve(move |c| {
            c.login();
            c.expect("MDTM f");
            c.say(&answer);
            c.expect("TYPE I");
            c.say("200 ok\r\n");
            c.expect("SIZE f");
            c.say("213 7\r\n");
            c.expect("REST 0");
            c.say("350 ok\r\n");
            c.expect("QUIT");
            c.say("221 bye\r\n");
        });
        let mut o = fast(port);
        o.plan.http.head_only = true;
        let (_, out) = get(
            &format!("ftp://127.0.0.1:{port}/f"),
            &o,
            &mut Record::default(),
        )
        .unwrap_or_else(|e| panic!("{mdtm}: {e}"));
        assert_eq!(
            String::from_utf8_lossy(&out),
            format!("{want}Content-Length: 7\r\nAccept-ranges: bytes\r\n"),
            "{mdtm}"
        );
        h.join().unwrap();
    }
}

#[test]
fn head_whose_size_is_refused_with_550_keeps_what_came_before_and_exits_78() {
    let (port, h) = serve(|c| {
        c.login();
        c.expect("MDTM f");
        c.say("213 19941220000000\r\n");
        c.expect("TYPE I");
        c.say("200 ok\r\n");
        c.expect("SIZE f");
        c.say("550 not a plain file\r\n");
        // The client closes without QUIT after a failure.
        let rest = c.hear();
        assert!(rest.is_empty(), "{:?}", String::from_utf8_lossy(&rest));
    });
    let mut o = fast(port);
    o.plan.http.head_only = true;
    let mut out = Vec::new();
    let url = format!("ftp://127.0.0.1:{port}/f");
    let u = UrlRef::parse(&url).unwrap();
    let e = fetch(&u, &o, &mut out, &mut Record::default()).unwrap_err();
    assert_eq!(e.exit_code(), 78, "{e}");
    assert_eq!(e.reply(), Some("550 not a plain file"));
    assert_eq!(out, b"Last-Modified: Tue, 20 Dec 1994 00:00:00 GMT\r\n");
    h.join().unwrap();
}

// ------------------------------------------------ one login across directories

/// A server for two control connections, one after the other, each run
/// by its script; the lines each heard.
fn serve_twice(
    first: impl FnOnce(&mut Ctl) + Send + 'static,
    second: impl FnOnce(&mut Ctl) + Send + 'static,
) -> (u16, JoinHandle<[Vec<Vec<u8>>; 2]>) {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port();
    let h = thread::spawn(move || {
        let run = |script: Box<dyn FnOnce(&mut Ctl)>| {
            let mut c = accept(&listener);
            script(&mut c);
            c.seen
        };
        [run(Box::new(first)), run(Box::new(second))]
    });
    (port, h)
}

/// After the `CWD`s: `TYPE I` when `typed`, then `SIZE`, `EPSV` and the
/// `RETR` of `name`, `data` sent.
fn retr_after_cwds(c: &mut Ctl, typed: bool, name: &str, data: &[u8]) {
    if typed {
        c.expect("TYPE I");
        c.say("200 ok\r\n");
    }
    c.expect(&format!("SIZE {name}"));
    c.say(&format!("213 {}\r\n", data.len()));
    let l = c.epsv();
    c.expect(&format!("RETR {name}"));
    c.say("150 here\r\n");
    send_data(&l, data);
    c.say("226 done\r\n");
}

/// Options for several URLs in one run, as `uniform fetch` sets them.
fn kept(port: u16) -> Opts {
    let mut o = fast(port);
    o.plan.http.keep_alive = true;
    o
}

fn lines(seen: &[Vec<u8>]) -> Vec<String> {
    seen.iter()
        .map(|l| String::from_utf8_lossy(l).into_owned())
        .collect()
}

#[test]
fn another_directory_goes_back_to_the_entry_one_on_the_same_connection() {
    let (port, h) = serve(|c| {
        c.login();
        c.expect("PWD");
        // RFC 959: the path quoted, each " in it doubled.
        c.say("257 \"/home/x \"\"y\"\"\" is the current directory\r\n");
        c.expect("CWD a");
        c.say("250 ok\r\n");
        retr_after_cwds(c, true, "f.bin", b"one");
        c.expect("CWD /home/x \"y\"");
        c.say("250 ok\r\n");
        c.expect("CWD b");
        c.say("250 ok\r\n");
        c.expect("CWD c");
        c.say("250 ok\r\n");
        retr_after_cwds(c, false, "g.bin", b"two");
        // The same directory again: no CWD at all.
        retr_after_cwds(c, false, "h.bin", b"three");
        // The file at the login directory: back there, and no CWD more.
        c.expect("CWD /home/x \"y\"");
        c.say("250 ok\r\n");
        retr_after_cwds(c, false, "i.bin", b"four");
        c.expect("QUIT");
        c.say("221 bye\r\n");
    });
    let o = kept(port);
    let base = format!("ftp://u:p@127.0.0.1:{port}");
    for (path, want) in [
        ("a/f.bin", &b"one"[..]),
        ("b/c/g.bin", b"two"),
        ("b/c/h.bin", b"three"),
        ("i.bin", b"four"),
    ] {
        let url = format!("{base}/{path};type=i");
        let (f, out) =
            get(&url, &o, &mut Record::default()).unwrap_or_else(|e| panic!("{url}: {e}"));
        assert!(matches!(f, Fetched::Object { .. }), "{url}: {f:?}");
        assert_eq!(out, want, "{url}");
    }
    o.session.connections.close();
    let seen = lines(&h.join().unwrap());
    let count = |verb: &str| seen.iter().filter(|l| l.starts_with(verb)).count();
    assert_eq!(
        (count("USER"), count("PASS"), count("PWD")),
        (1, 1, 1),
        "{seen:?}"
    );
}

#[test]
fn an_unknown_entry_directory_fails_nothing_and_another_directory_logs_in_anew() {
    // Refused, unreadable, or naming octets no line may carry: the entry
    // directory is unknown.
    for answer in [
        "550 not allowed\r\n",
        "502 not implemented\r\n",
        "257 no quotes here\r\n",
        "257 \"/a\0b\" is the current directory\r\n",
        "257 \"\" is nowhere\r\n",
    ] {
        let first = move |c: &mut Ctl| {
            c.login();
            c.expect("PWD");
            c.say(answer);
            c.expect("CWD a");
            c.say("250 ok\r\n");
            retr_after_cwds(c, true, "f.bin", b"one");
            // Of no use to the next URL: closed without a word.
            let rest = c.hear();
            assert!(rest.is_empty(), "{:?}", String::from_utf8_lossy(&rest));
        };
        let second = move |c: &mut Ctl| {
            c.login();
            c.expect("PWD");
            c.say(answer);
            c.expect("CWD b");
            c.say("250 ok\r\n");
            retr_after_cwds(c, true, "g.bin", b"two");
            // The same directory: the connection serves, entry or none.
            retr_after_cwds(c, false, "h.bin", b"three");
            c.expect("QUIT");
            c.say("221 bye\r\n");
        };
        let (port, h) = serve_twice(first, second);
        let o = kept(port);
        for (path, want) in [
            ("a/f.bin", &b"one"[..]),
            ("b/g.bin", b"two"),
            ("b/h.bin", b"three"),
        ] {
            let url = format!("ftp://127.0.0.1:{port}/{path};type=i");
            let (_, out) = get(&url, &o, &mut Record::default())
                .unwrap_or_else(|e| panic!("{answer:?} {url}: {e}"));
            assert_eq!(out, want, "{answer:?} {url}");
        }
        o.session.connections.close();
        let [one, two] = h.join().unwrap();
        let sent = lines(&[one, two].concat());
        assert!(!sent.iter().any(|l| l.contains('\0')), "{sent:?}");
        assert!(!sent.iter().any(|l| l.starts_with("CWD /")), "{sent:?}");
    }
}

#[test]
fn a_refused_way_back_to_the_entry_directory_is_the_error_and_closes() {
    let (port, h) = serve(|c| {
        c.login();
        c.expect("PWD");
        c.say("257 \"/gone\"\r\n");
        c.expect("CWD a");
        c.say("250 ok\r\n");
        retr_after_cwds(c, true, "f.bin", b"one");
        c.expect("CWD /gone");
        c.say("550 no such directory\r\n");
        let rest = c.hear();
        assert!(rest.is_empty(), "{:?}", String::from_utf8_lossy(&rest));
    });
    let o = kept(port);
    get(
        &format!("ftp://127.0.0.1:{port}/a/f.bin;type=i"),
        &o,
        &mut Record::default(),
    )
    .unwrap();
    let e = get(
        &format!("ftp://127.0.0.1:{port}/b/g.bin;type=i"),
        &o,
        &mut Record::default(),
    )
    .unwrap_err();
    assert_eq!(e.kind(), AccessErrorKind::Protocol, "{e}");
    assert_eq!(e.reply(), Some("550 no such directory"), "{e}");
    assert!(e.to_string().contains("CWD /gone"), "{e}");
    h.join().unwrap();
}

#[test]
fn a_421_to_pwd_is_the_servers_goodbye_and_an_error() {
    let (port, h) = serve(|c| {
        c.login();
        c.expect("PWD");
        c.say("421 shutting down\r\n");
    });
    let e = get(
        &format!("ftp://127.0.0.1:{port}/a/f.bin;type=i"),
        &kept(port),
        &mut Record::default(),
    )
    .unwrap_err();
    assert_eq!(e.reply(), Some("421 shutting down"), "{e}");
    h.join().unwrap();
}

#[test]
fn one_url_alone_asks_no_pwd() {
    let (port, h) = serve(|c| {
        c.login();
        c.expect("CWD a");
        c.say("250 ok\r\n");
        retr_after_cwds(c, true, "f.bin", b"one");
        c.expect("QUIT");
        c.say("221 bye\r\n");
    });
    let url = format!("ftp://127.0.0.1:{port}/a/f.bin;type=i");
    let (_, out) = get(&url, &fast(port), &mut Record::default()).unwrap();
    assert_eq!(out, b"one");
    h.join().unwrap();
}

#[test]
fn real_servers_fetch_several_directories_over_one_login() {
    for (name, base) in peers() {
        for (base, root) in [(base.clone(), "anon"), (user_base(&base), "user")] {
            let mut o = options();
            o.plan.http.keep_alive = true;
            let paths = [
                "pub/hello.txt",
                "pub/a/b/c.txt",
                "pub/many/entry-007.txt",
                "pub/binary.bin",
                "pub/a/b/c.txt",
            ];
            for path in paths {
                let url = format!("{base}/{path}");
                let (_, out) = get(&url, &o, &mut Record::default())
                    .unwrap_or_else(|e| panic!("{name} {url}: {e}"));
                assert_eq!(
                    out,
                    common::fixture(&format!("{root}/{path}")),
                    "{name} {url}"
                );
            }
            o.session.connections.close();
        }
    }
}
