//! curl's `-C` (`--continue-at`): the rest of an object appended to the
//! part the output file holds, by HTTP's Range (nginx) and FTP's REST
//! (vsftpd, pyftpdlib), against the real peer servers; and what else
//! spares a transfer work: one FTP login for several URLs.

use std::process::{Command, Output};
use uniform_testkit::{fixture, host, peer_up, port, scratch, without_proxies};

fn fetch(args: &[&str]) -> Output {
    without_proxies(&mut Command::new(env!("CARGO_BIN_EXE_uniform")))
        .arg("fetch")
        .args(args)
        .output()
        .expect("the binary runs")
}

/// A part of the fixture in `file`, then `-C -` completes it; a second
/// `-C -` finds it whole and leaves it so.
fn resumes(url: &str, name: &str) {
    let whole = fixture("anon/pub/hello.txt");
    let dir = scratch(name);
    let file = dir.join("part");
    std::fs::write(&file, &whole[..100]).unwrap();
    let path = file.to_str().unwrap();
    let out = fetch(&[url, "-C", "-", "-o", path, "-v"]);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    assert_eq!(std::fs::read(&file).unwrap(), whole, "{url}");
    let trace = String::from_utf8_lossy(&out.stderr);
    assert!(
        trace.contains("> Range: bytes=100-") || trace.contains("> REST 100"),
        "{out:?}"
    );
    let out = fetch(&[url, "-C", "-", "-o", path]);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    assert_eq!(std::fs::read(&file).unwrap(), whole, "{url}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn http_resumes_with_a_range() {
    if !peer_up(&["nginx"]) {
        return;
    }
    let url = format!(
        "http://{}:{}/pub/hello.txt",
        host(),
        port("UNIFORM_HTTP_PORT")
    );
    resumes(&url, "http");
    // -C OFFSET to standard output: the rest only.
    let out = fetch(&[&url, "-C", "100"]);
    assert_eq!(out.stdout, fixture("anon/pub/hello.txt")[100..]);
}

#[test]
fn ftp_resumes_with_rest_on_both_servers() {
    if !peer_up(&["vsftpd", "pyftpdlib"]) {
        return;
    }
    for (p, name) in [
        ("UNIFORM_FTP_PORT", "vsftpd"),
        ("UNIFORM_PYFTPD_PORT", "pyftpdlib"),
    ] {
        // A .txt name RFC 1738 would guess as text: a resumed transfer
        // is in image type, since servers resume no ASCII transfer.
        let url = format!("ftp://{}:{}/pub/hello.txt", host(), port(p));
        resumes(&url, name);
    }
}

#[test]
fn a_server_that_sends_the_whole_object_cannot_resume() {
    if !peer_up(&["echo"]) {
        return;
    }
    // The echo server knows no Range: a 200 with the whole is refused
    // (curl's exit 33), and the file keeps what it had.
    let dir = scratch("norange");
    let file = dir.join("part");
    std::fs::write(&file, b"kept").unwrap();
    let url = format!("http://{}:{}/x", host(), port("UNIFORM_PEER_ECHO_PORT"));
    let out = fetch(&[&url, "-C", "-", "-o", file.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(33), "{out:?}");
    assert_eq!(std::fs::read(&file).unwrap(), b"kept");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn several_ftp_urls_of_one_directory_share_a_login() {
    if !peer_up(&["vsftpd", "pyftpdlib"]) {
        return;
    }
    for p in ["UNIFORM_FTP_PORT", "UNIFORM_PYFTPD_PORT"] {
        let base = format!("ftp://{}:{}", host(), port(p));
        let a = format!("{base}/pub/hello.txt");
        let b = format!("{base}/pub/binary.bin");
        let elsewhere = format!("{base}/hello-root.txt");
        let out = fetch(&[
            &a,
            &b,
            &a,
            &elsewhere,
            "-v",
            "-o",
            "/dev/null",
            "-o",
            "/dev/null",
            "-o",
            "/dev/null",
            "-o",
            "/dev/null",
        ]);
        let trace = String::from_utf8_lossy(&out.stderr);
        // The root file may not exist on every server: what counts is the
        // logins and the transfers of the first three.
        let logins = trace.matches("> USER ").count();
        let retrs = trace.matches("> RETR ").count();
        // One login: the root's URL goes back to the login directory
        // (PWD's) on the same connection.
        assert_eq!(logins, 1, "one login for /pub and the root: {out:?}");
        assert!(retrs >= 3, "{out:?}");
        assert!(trace.contains("* Re-using the connection"), "{out:?}");
        // The type is set once while it does not change, as curl sets it.
        let out = fetch(&[
            &a,
            &a,
            &a,
            "-v",
            "-o",
            "/dev/null",
            "-o",
            "/dev/null",
            "-o",
            "/dev/null",
        ]);
        let trace = String::from_utf8_lossy(&out.stderr);
        assert_eq!(trace.matches("> TYPE ").count(), 1, "{out:?}");
        assert_eq!(trace.matches("> RETR ").count(), 3, "{out:?}");
        // The bytes are those of separate fetches.
        let out = fetch(&[&a, &b, &a]);
        let want = [
            fixture("anon/pub/hello.txt"),
            fixture("anon/pub/binary.bin"),
            fixture("anon/pub/hello.txt"),
        ]
        .concat();
        assert_eq!(out.stdout, want, "{p}");
    }
}
