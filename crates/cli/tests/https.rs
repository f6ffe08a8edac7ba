//! `uniform fetch` over HTTPS against the real nginx peer's TLS server,
//! whose certificate a test CA signs (scripts/peers/start.sh): curl's
//! `--cacert` and `-k`, and curl's exit statuses when trust fails.

use std::path::PathBuf;
use std::process::{Command, Output};
use uniform_testkit::{fixture, host, peer_up, port, setting, without_proxies};

fn fetch(args: &[&str]) -> Output {
    without_proxies(&mut Command::new(env!("CARGO_BIN_EXE_uniform")))
        .arg("fetch")
        .args(args)
        .output()
        .expect("the binary runs")
}

fn https(path: &str) -> String {
    format!("https://{}:{}{path}", host(), port("UNIFORM_HTTPS_PORT"))
}

/// The test CA the peer scripts made.
fn ca() -> PathBuf {
    PathBuf::from(setting("UNIFORM_PEERS_DIR")).join("http/tls/ca.pem")
}

#[test]
fn a_server_of_an_unknown_ca_is_refused_then_trusted_with_cacert() {
    if !peer_up(&["nginx"]) {
        return;
    }
    let url = https("/pub/hello.txt");
    // The Mozilla roots do not know the test CA: curl's 60.
    let out = fetch(&[&url]);
    assert_eq!(out.status.code(), Some(60), "{out:?}");
    assert!(out.stdout.is_empty());
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("certificate"),
        "{out:?}"
    );
    let ca = ca();
    let ca = ca.to_str().unwrap();
    let out = fetch(&[&url, "--cacert", ca]);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    assert_eq!(out.stdout, fixture("anon/pub/hello.txt"));
    // The name is checked too: localhost is in the certificate.
    let by_name = format!(
        "https://localhost:{}/pub/hello.txt",
        port("UNIFORM_HTTPS_PORT")
    );
    let out = fetch(&[&by_name, "--cacert", ca]);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    // -k: no check at all.
    let out = fetch(&[&url, "-k"]);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    assert_eq!(out.stdout, fixture("anon/pub/hello.txt"));
}

#[test]
fn a_ca_file_without_certificates_is_curls_77() {
    if !peer_up(&["nginx"]) {
        return;
    }
    let dir = std::env::temp_dir().join(format!("uniform-https-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let empty = dir.join("empty.pem");
    std::fs::write(&empty, b"no certificate here\n").unwrap();
    let out = fetch(&[
        &https("/pub/hello.txt"),
        "--cacert",
        empty.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(77), "{out:?}");
    let out = fetch(&[&https("/pub/hello.txt"), "--cacert", "/nonexistent/ca.pem"]);
    assert_eq!(out.status.code(), Some(77), "{out:?}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn https_never_redirects_to_http() {
    if !peer_up(&["nginx"]) {
        return;
    }
    let ca = ca();
    let out = fetch(&[
        &https("/redirect-to-http"),
        "-L",
        "--cacert",
        ca.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    assert!(out.stdout.is_empty());
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("from https to http"),
        "{out:?}"
    );
}
