//! `uniform links -R` against a hostile site: a page of a gigabyte, an
//! object of a gigabyte behind a HEAD the server refuses, an endless
//! redirect chain across host names, a server that trickles and one that
//! never answers; a page of a million links and a robots.txt of 100 MB.
//! Each gets a verdict within the time limits, no body is read past the
//! bounds, and memory stays bounded. A scripted server, since no real
//! server here misbehaves on demand.

use std::collections::HashMap;
use std::io::Write;
use std::net::TcpStream;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

#[path = "support/links.rs"]
mod support;

/// Octets the server wrote for each path.
type Sent = Arc<Mutex<HashMap<String, u64>>>;

fn serve(port: u16, method: &str, path: &str, stream: TcpStream, sent: &Sent) {
    let path = path.to_string();
    let mut w = stream;
    let count = |n: usize| *sent.lock().unwrap().entry(path.clone()).or_default() += n as u64;
    let gigabyte = 1u64 << 30;
    match path.as_str() {
        "/" => {
            let body = r#"<a href="big.html">big</a> <a href="huge.bin">huge</a> <a href="r/0">redirects</a> <a href="slow.html">slow</a> <a href="never.html">never</a>"#;
            let _ = write!(
                w,
                "HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
                body.len()
            );
        }
        "/huge.bin" if method == "HEAD" => {
            let _ = w.write_all(b"HTTP/1.1 405 Method Not Allowed\r\nContent-Length: 0\r\nConnection: close\r\n\r\n");
        }
        "/big.html" | "/huge.bin" => {
            let ctype = if path.ends_with(".html") {
                "text/html"
            } else {
                "application/octet-stream"
            };
            if write!(
                w,
                "HTTP/1.1 200 OK\r\nContent-Type: {ctype}\r\nContent-Length: {gigabyte}\r\nConnection: close\r\n\r\n"
            )
            .is_err()
                || method == "HEAD"
            {
                return;
            }
            let chunk = vec![b' '; 64 * 1024];
            let mut left = gigabyte;
            while left > 0 {
                match w.write(&chunk[..chunk.len().min(left as usize)]) {
                    Ok(n) if n > 0 => {
                        count(n);
                        left -= n as u64;
                    }
                    _ => return,
                }
            }
        }
        p if p.starts_with("/r/") => {
            // To the next number, on the other name of the host.
            let n: u64 = p[3..].parse().unwrap_or(0);
            let host = if n.is_multiple_of(2) {
                "localhost"
            } else {
                "127.0.0.1"
            };
            let _ = write!(
                w,
                "HTTP/1.1 302 Found\r\nLocation: http://{host}:{port}/r/{}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n",
                n + 1
            );
        }
        "/slow.html" => {
            let _ = w.write_all(b"HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n");
            // One octet a second, for as long as the client stays.
            for _ in 0..120 {
                if w.write_all(b"X").is_err() {
                    return;
                }
                count(1);
                std::thread::sleep(Duration::from_secs(1));
            }
        }
        _ => {
            // "/never.html" and anything else: silence until the client
            // gives up.
            uniform_testkit::until_closed(&mut w);
        }
    }
}

#[test]
fn a_hostile_site_gets_its_verdicts_within_the_limits() {
    let sent: Sent = Arc::default();
    let seen = Arc::clone(&sent);
    let port = support::scripted_server(move |port, method, path, stream| {
        serve(port, method, path, stream, &seen)
    });
    let start = format!("http://127.0.0.1:{port}/");
    let began = Instant::now();
    let out = support::links(&[
        "-R",
        "-v",
        "--format",
        "json",
        "--timeout",
        "4",
        "--max-retries",
        "0",
        &start,
    ]);
    let took = began.elapsed();
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    // Each limit ends its wait: 4 s a check, the checks in parallel.
    assert!(took < Duration::from_secs(30), "{took:?}");
    let links = support::json_links(&out);
    let verdict = |tail: &str| -> (String, String) {
        let l = links
            .iter()
            .find(|l| l["url"].as_str().is_some_and(|u| u.ends_with(tail)))
            .unwrap_or_else(|| panic!("{tail}: {links:?}"));
        (support::field(l, "status"), support::field(l, "reason"))
    };
    // The gigabyte page is there: too large to read, fine by its check.
    assert_eq!(verdict("/big.html").0, "ok", "{links:?}");
    // The gigabyte object behind a refused HEAD: GET's first octets.
    assert_eq!(verdict("/huge.bin").0, "ok", "{links:?}");
    let (status, why) = verdict("/r/0");
    assert_eq!(status, "broken", "{why}");
    assert!(why.contains("redirect"), "{why}");
    assert_eq!(verdict("/slow.html").0, "broken", "{links:?}");
    assert_eq!(verdict("/never.html").0, "broken", "{links:?}");
    // Nothing read past the bounds: a document's 16 MiB and the probe's
    // few octets, with what the kernel's buffers held.
    let sent = sent.lock().unwrap();
    for (path, n) in sent.iter() {
        assert!(*n < 64 << 20, "{path}: {n} octets sent");
    }
}

/// The million-link page: `<a href=tN>` for N from 0 to 999, a thousand
/// times over (13 MB, under a document's 16 MiB), and a link robots.txt
/// disallows.
fn million(path: &str, stream: TcpStream, sent: &Sent) {
    let mut w = std::io::BufWriter::with_capacity(1 << 16, stream);
    let path = path.to_string();
    let count = |n: usize| *sent.lock().unwrap().entry(path.clone()).or_default() += n as u64;
    match path.as_str() {
        "/robots.txt" => {
            let head = "User-agent: *\nDisallow: /private/\n";
            let size = 100u64 << 20;
            let _ = write!(
                w,
                "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: {size}\r\nConnection: close\r\n\r\n{head}"
            );
            let line = format!("# {}\n", "x".repeat(1021));
            let mut left = size - head.len() as u64;
            while left > 0 {
                let n = line.len().min(left as usize);
                if w.write_all(&line.as_bytes()[..n]).is_err() {
                    return;
                }
                count(n);
                left -= n as u64;
            }
        }
        "/" => {
            let mut body = String::with_capacity(14 << 20);
            body.push_str("<!doctype html><a href=private/x>p</a>\n");
            for i in 0..1_000_000 {
                body.push_str(&format!("<a href=t{}>\n", i % 1000));
            }
            let _ = write!(
                w,
                "HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
                body.len()
            );
        }
        p => {
            // Every tenth page is there.
            let n: u32 = p.trim_start_matches("/t").parse().unwrap_or(1);
            let status = if n.is_multiple_of(10) {
                "200 OK"
            } else {
                "404 Not Found"
            };
            let _ = write!(
                w,
                "HTTP/1.1 {status}\r\nContent-Type: text/plain\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
            );
        }
    }
    let _ = w.flush();
}

#[test]
#[cfg(target_os = "linux")]
fn a_million_links_and_a_huge_robots_txt_in_bounded_memory() {
    let sent: Sent = Arc::default();
    let seen = Arc::clone(&sent);
    let port = support::scripted_server(move |_, _, path, stream| million(path, stream, &seen));
    let start = format!("http://127.0.0.1:{port}/");
    let began = Instant::now();
    let (out, peak_kib) = support::links_peak(&["-R", "--max-retries", "0", &start]);
    let took = began.elapsed();
    assert_eq!(
        out.status.code(),
        Some(2),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(took < Duration::from_secs(120), "{took:?}");
    let text = String::from_utf8_lossy(&out.stdout);
    // Every link reported: 900 of the thousand URLs are broken, each
    // named by a thousand links; the link robots.txt disallows is not
    // checked.
    let last = text.lines().last().unwrap_or_default();
    assert_eq!(
        last, "1000001 links: 100000 fine, 900000 broken, 1 not checked",
        "{last}"
    );
    // robots.txt's first 500 KiB read, not its 100 MB: the connection is
    // closed, and the server stops with what the kernel's buffers held.
    let robots = sent
        .lock()
        .unwrap()
        .get("/robots.txt")
        .copied()
        .unwrap_or(0);
    assert!(robots < 32 << 20, "{robots} octets of robots.txt sent");
    // The links are on disk, not in memory: the page's 13 MB and the
    // links of that one document while it is taken (measured 164 MiB for
    // the release build; the million links held as entries took 484 MiB).
    eprintln!("peak resident set: {peak_kib} KiB");
    assert!(peak_kib < 256 * 1024, "peak resident set {peak_kib} KiB");
}
