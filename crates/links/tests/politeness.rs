//! Retries, `Retry-After` and the per-host limit, against scripted
//! servers: the peers never answer 429 or 503, and never show how many
//! connections they hold at once.

use std::io::{BufRead, BufReader, Write};
use std::net::TcpListener;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Condvar, Mutex};
use std::time::{Duration, Instant};
use uniform_links::check::Verdict;
use uniform_links::run::{RunOptions, check_all};

/// A server answering each request with the next of `answers` (the last
/// one again when they run out), one request a connection; the count of
/// connections open at once, at most.
fn server(answers: Vec<&'static str>) -> (u16, Arc<AtomicUsize>, Arc<AtomicUsize>) {
    server_meeting(answers, false)
}

/// [`server`]; with `meet`, each connection is answered only once two
/// have been open at once (or after 10 s).
fn server_meeting(
    answers: Vec<&'static str>,
    meet: bool,
) -> (u16, Arc<AtomicUsize>, Arc<AtomicUsize>) {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port();
    let open = Arc::new(AtomicUsize::new(0));
    let most = Arc::new(AtomicUsize::new(0));
    let answers = Arc::new(Mutex::new((answers, 0usize)));
    // Whether a second connection has come while one was open.
    let met = Arc::new((Mutex::new(!meet), Condvar::new()));
    let (o, m) = (open.clone(), most.clone());
    std::thread::spawn(move || {
        for conn in listener.incoming() {
            let Ok(stream) = conn else { return };
            let (o, m, answers, met) = (o.clone(), m.clone(), answers.clone(), met.clone());
            std::thread::spawn(move || {
                let now = o.fetch_add(1, Ordering::SeqCst) + 1;
                m.fetch_max(now, Ordering::SeqCst);
                let mut r = BufReader::new(stream.try_clone().unwrap());
                let mut line = String::new();
                while r.read_line(&mut line).unwrap_or(0) > 0 && line != "\r\n" {
                    line.clear();
                }
                // Until a second connection has been open beside this one
                // (for a client that opens them one at a time: 10 s), so
                // that "at once" is seen whatever the machine's load.
                let (lock, cv) = &*met;
                let mut together = lock.lock().unwrap();
                if now >= 2 {
                    *together = true;
                    cv.notify_all();
                }
                let (together, _) = cv
                    .wait_timeout_while(together, Duration::from_secs(10), |t| !*t)
                    .unwrap();
                drop(together);
                // Held a while more, so that a client over its limit would
                // show it.
                std::thread::sleep(Duration::from_millis(30));
                let answer = {
                    let mut a = answers.lock().unwrap();
                    let i = a.1.min(a.0.len() - 1);
                    a.1 += 1;
                    a.0[i]
                };
                // Counted out before the answer goes: once the client has
                // it, its place may be taken.
                o.fetch_sub(1, Ordering::SeqCst);
                let mut w = stream;
                let _ = w.write_all(answer.as_bytes());
            });
        }
    });
    (port, open, most)
}

const OK: &str = "HTTP/1.1 200 OK\r\nContent-Length: 0\r\nConnection: close\r\n\r\n";
const BUSY: &str = "HTTP/1.1 429 Too Many Requests\r\nRetry-After: 1\r\nContent-Length: 0\r\nConnection: close\r\n\r\n";
const DOWN: &str =
    "HTTP/1.1 503 Service Unavailable\r\nContent-Length: 0\r\nConnection: close\r\n\r\n";

fn fast() -> RunOptions {
    RunOptions {
        retry_wait: Duration::from_millis(50),
        ..RunOptions::default()
    }
}

#[test]
fn a_429_is_tried_again_after_its_retry_after() {
    let (port, ..) = server(vec![BUSY, OK]);
    let start = Instant::now();
    let v = check_all(&[format!("http://127.0.0.1:{port}/a")], &fast(), &|_| {});
    assert!(matches!(v[0], Verdict::Fine { .. }), "{v:?}");
    assert!(
        start.elapsed() >= Duration::from_secs(1),
        "{:?}",
        start.elapsed()
    );
}

#[test]
fn a_503_is_tried_again_then_given_up() {
    let (port, ..) = server(vec![DOWN, DOWN, OK]);
    let v = check_all(&[format!("http://127.0.0.1:{port}/a")], &fast(), &|_| {});
    assert!(matches!(v[0], Verdict::Fine { .. }), "{v:?}");
    let (port, ..) = server(vec![DOWN]);
    let o = RunOptions {
        retries: 1,
        ..fast()
    };
    let v = check_all(&[format!("http://127.0.0.1:{port}/a")], &o, &|_| {});
    assert!(
        matches!(&v[0], Verdict::Broken { reason, .. } if reason.contains("503")),
        "{v:?}"
    );
    // A 404 is not tried again.
    let (port, ..) = server(vec![
        "HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\nConnection: close\r\n\r\n",
        OK,
    ]);
    let v = check_all(&[format!("http://127.0.0.1:{port}/a")], &fast(), &|_| {});
    assert!(v[0].is_broken(), "{v:?}");
}

#[test]
fn one_host_gets_no_more_than_its_share_of_connections() {
    let (port, _, most) = server_meeting(vec![OK], true);
    let urls: Vec<String> = (0..24)
        .map(|i| format!("http://127.0.0.1:{port}/{i}"))
        .collect();
    let o = RunOptions {
        concurrency: 16,
        max_per_host: 3,
        ..fast()
    };
    let v = check_all(&urls, &o, &|_| {});
    assert!(v.iter().all(|v| matches!(v, Verdict::Fine { .. })), "{v:?}");
    assert!(
        most.load(Ordering::SeqCst) <= 3,
        "{}",
        most.load(Ordering::SeqCst)
    );
    assert!(
        most.load(Ordering::SeqCst) >= 2,
        "{}",
        most.load(Ordering::SeqCst)
    );
}
