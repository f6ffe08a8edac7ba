//! `file` access on temporary files and directories, a remote host refused,
//! and libwww's anonymous-FTP fallback against the real FTP peers.

mod common;

use common::{Opts, fetch};
use std::path::{Path, PathBuf};
use std::time::Duration;
use uniform::UrlRef;
use uniform::plan::Rule;
use uniform::schemes::FileUrl;
use uniform_access::{AccessError, AccessErrorKind, EntryKind, Fetched, Interaction, Listing};

#[derive(Debug, Default)]
struct Record {
    size: Option<u64>,
    progress: u64,
}

impl Interaction for Record {
    fn size_known(&mut self, size: u64) {
        self.size = Some(size);
    }
    fn progress(&mut self, written: u64) {
        self.progress = written;
    }
}

/// A fresh directory for one test, removed when dropped.
struct Scratch(PathBuf);

impl Scratch {
    fn new(name: &str) -> Scratch {
        let p =
            std::env::temp_dir().join(format!("uniform-file-test-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&p);
        std::fs::create_dir_all(&p).unwrap();
        Scratch(p)
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn url_of(path: &Path) -> String {
    FileUrl::from_path(path).unwrap().into_string()
}

fn get(url: &str, o: &Opts) -> Result<(Fetched, Vec<u8>, Record), AccessError> {
    let mut out = Vec::new();
    let mut ui = Record::default();
    let u = UrlRef::parse(url).unwrap_or_else(|e| panic!("{url}: {e}"));
    fetch(&u, o, &mut out, &mut ui).map(|f| (f, out, ui))
}

fn listing(url: &str) -> Listing {
    match get(url, &Opts::new()) {
        Ok((Fetched::Listing(l), out, _)) => {
            assert!(out.is_empty());
            l
        }
        other => panic!("{url}: {other:?}"),
    }
}

#[test]
fn a_file_whose_name_has_spaces_and_a_semicolon_streams_whole() {
    let dir = Scratch::new("spaces");
    let path = dir.0.join("a b;c.txt");
    let content: Vec<u8> = (0..200_000u32).map(|i| (i % 251) as u8).collect();
    std::fs::write(&path, &content).unwrap();
    let url = url_of(&path);
    assert!(url.ends_with("/a%20b%3Bc.txt"), "{url}");
    let (f, out, ui) = get(&url, &Opts::new()).unwrap();
    assert!(matches!(f, Fetched::Object { bytes: 200_000 }), "{f:?}");
    assert!(out == content);
    assert_eq!(ui.size, Some(200_000));
    assert_eq!(ui.progress, 200_000);
}

#[test]
fn localhost_is_this_machine() {
    let dir = Scratch::new("localhost");
    std::fs::write(dir.0.join("x"), b"here\n").unwrap();
    let url = url_of(&dir.0.join("x")).replacen("file://", "file://LocalHost", 1);
    let (_, out, _) = get(&url, &Opts::new()).unwrap();
    assert_eq!(out, b"here\n");
}

#[test]
fn a_directory_is_a_listing_with_kinds_sizes_and_child_urls() {
    let dir = Scratch::new("listing");
    std::fs::write(dir.0.join("x y.txt"), b"12345").unwrap();
    std::fs::write(dir.0.join("100%"), b"").unwrap();
    std::fs::create_dir(dir.0.join("sub dir")).unwrap();
    #[cfg(unix)]
    std::os::unix::fs::symlink("x y.txt", dir.0.join("link")).unwrap();
    let url = format!("{}/", url_of(&dir.0));
    let l = listing(&url);
    assert_eq!(l.url, url);
    let got: Vec<_> = l
        .entries
        .iter()
        .map(|e| (e.name.as_str(), e.kind, e.size, e.url.clone().unwrap()))
        .collect();
    let mut want = vec![
        ("100%", EntryKind::File, Some(0), format!("{url}100%25")),
        (
            "sub dir",
            EntryKind::Directory,
            None,
            format!("{url}sub%20dir/"),
        ),
        (
            "x y.txt",
            EntryKind::File,
            Some(5),
            format!("{url}x%20y.txt"),
        ),
    ];
    if cfg!(unix) {
        want.insert(1, ("link", EntryKind::Link, None, format!("{url}link")));
    }
    assert_eq!(got, want);
    // A listed URL is fetched as it is; the directory without its "/" too.
    let (_, out, _) = get(
        &l.entries
            .iter()
            .find(|e| e.name == "x y.txt")
            .unwrap()
            .url
            .clone()
            .unwrap(),
        &Opts::new(),
    )
    .unwrap();
    assert_eq!(out, b"12345");
    let sub = listing(
        l.entries
            .iter()
            .find(|e| e.name == "sub dir")
            .unwrap()
            .url
            .as_deref()
            .unwrap(),
    );
    assert!(sub.entries.is_empty());
    assert_eq!(listing(&url_of(&dir.0)).entries.len(), l.entries.len());
}

#[cfg(unix)]
#[test]
fn a_name_that_is_not_utf_8_keeps_its_octets_in_the_url() {
    use std::os::unix::ffi::OsStrExt;
    let dir = Scratch::new("octets");
    let name = std::ffi::OsStr::from_bytes(b"caf\xE9");
    if std::fs::write(dir.0.join(name), b"latin-1").is_err() {
        uniform_testkit::Skip::new("this file system refuses a name that is not UTF-8").record();
        return;
    }
    let l = listing(&url_of(&dir.0));
    assert_eq!(l.entries[0].name, "caf\u{FFFD}");
    let u = l.entries[0].url.clone().unwrap();
    assert!(u.ends_with("/caf%E9"), "{u}");
    let (_, out, _) = get(&u, &Opts::new()).unwrap();
    assert_eq!(out, b"latin-1");
}

#[test]
fn a_missing_file_is_an_io_error_naming_it() {
    let dir = Scratch::new("missing");
    let e = get(&url_of(&dir.0.join("nope.txt")), &Opts::new()).unwrap_err();
    assert_eq!(e.kind(), AccessErrorKind::Io, "{e}");
    assert!(e.to_string().contains("nope.txt"), "{e}");
    assert_eq!(e.scheme(), "file");
}

#[test]
fn another_host_is_refused_by_the_plan() {
    let e = get("file://example.com/etc/motd", &Opts::new()).unwrap_err();
    assert_eq!(e.kind(), AccessErrorKind::Refused(Rule::RemoteFile), "{e}");
}

#[test]
fn an_encoded_slash_is_no_file_name() {
    let e = get("file:///etc%2Fpasswd", &Opts::new()).unwrap_err();
    assert!(
        matches!(
            e.kind(),
            AccessErrorKind::Unsupported | AccessErrorKind::Refused(_)
        ),
        "{e}"
    );
}

#[cfg(target_os = "linux")]
#[test]
fn the_total_limit_stops_a_read_that_never_ends() {
    struct Sink(u64);
    impl std::io::Write for Sink {
        fn write(&mut self, b: &[u8]) -> std::io::Result<usize> {
            self.0 += b.len() as u64;
            Ok(b.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }
    let mut o = Opts::new();
    let total = Duration::from_secs(1);
    o.session.timeouts.total = Some(total);
    let mut sink = Sink(0);
    let started = std::time::Instant::now();
    let e = fetch(
        &UrlRef::parse("file:///dev/zero").unwrap(),
        &o,
        &mut sink,
        &mut Record::default(),
    )
    .unwrap_err();
    let took = started.elapsed();
    assert_eq!(e.kind(), AccessErrorKind::Timeout, "{e}");
    // At the limit, not before; after it by no more than a loaded
    // machine's delay.
    assert!(
        took >= total && took < total + Duration::from_secs(4),
        "{took:?}"
    );
    assert!(sink.0 > 0);
}

// -------------------------------------------- file of another host by FTP

#[test]
fn with_file_via_ftp_another_host_is_fetched_by_anonymous_ftp() {
    let mut o = Opts::new();
    o.file_via_ftp = true;
    o.session.timeouts.total = Some(Duration::from_secs(30));
    if !common::peer_up(&["vsftpd", "pyftpdlib"]) {
        return;
    }
    for (name, setting) in [
        ("vsftpd", "UNIFORM_FTP_PORT"),
        ("pyftpdlib", "UNIFORM_PYFTPD_PORT"),
    ] {
        // RFC 1738's file URL has no port; the lenient parse keeps one, so
        // the test reaches the peer's port.
        let host = format!("{}:{}", common::host(), common::port(setting));
        let (f, out, _) = get(&format!("file://{host}/pub/hello.txt"), &o)
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        assert!(matches!(f, Fetched::Object { .. }));
        assert_eq!(out, common::fixture("anon/pub/hello.txt"), "{name}");
        let (f, _, _) =
            get(&format!("file://{host}/pub/"), &o).unwrap_or_else(|e| panic!("{name}: {e}"));
        let Fetched::Listing(l) = f else {
            panic!("{name}: {f:?}")
        };
        assert!(
            l.entries
                .iter()
                .any(|e| e.url.as_deref() == Some(&*format!("ftp://{host}/pub/hello.txt"))),
            "{name}: {l:?}"
        );
        // Without the option the plan refuses the same URL.
        let e = get(&format!("file://{host}/pub/hello.txt"), &Opts::new()).unwrap_err();
        assert_eq!(
            e.kind(),
            AccessErrorKind::Refused(Rule::RemoteFile),
            "{name}"
        );
    }
}
