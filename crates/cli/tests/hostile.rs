//! `uniform fetch` against misbehaving peers: scripted fake servers on
//! loopback for the faults no real server produces on demand (a line that
//! never ends, a trickle of one octet a second, silence, a cut object, an
//! oversized reply, a data port of another service). Each test runs the
//! built binary as a child and measures it from outside
//! (`uniform_testkit::child`): the exit status, the message (the limit
//! and the peer it names), the wall time, and the peak resident memory
//! above the binary's own (what `uniform --version` peaks at, its image
//! and its start), which must stay under 64 MiB.
//!
//! The limits are set small (`--speed-time 2`, `--timeout 2`) so that the
//! suite runs in seconds; the defaults are the same code with larger
//! numbers. Every server runs in a thread of the test and writes until the
//! client goes away.

use std::cell::RefCell;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream, UdpSocket};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::{Arc, Condvar, Mutex, mpsc};
use std::thread;
use std::time::Duration;
use uniform_testkit::child::{Measured, Watched};

/// Memory bound of the issue: what a peer can make the process hold,
/// measured from outside, over the binary's own resident memory.
const MAX_MIB: f64 = 64.0;

/// The peak resident memory of this build's binary doing nothing: its
/// image and its start. The debug binary holds DataFusion (for `uniform
/// sql`), whose relocated tables alone are tens of MiB resident, none of
/// it a peer's doing.
fn baseline_mib() -> f64 {
    static BASELINE: std::sync::OnceLock<f64> = std::sync::OnceLock::new();
    *BASELINE.get_or_init(|| {
        let mut c = Command::new(env!("CARGO_BIN_EXE_uniform"));
        c.arg("--version");
        let m = Watched::spawn(c)
            .expect("the binary runs")
            .finish(Duration::from_secs(30));
        assert_eq!(m.code(), Some(0), "uniform --version: {m:?}");
        m.peak_mib()
    })
}

/// The small limits every test runs with, unless it gives its own: the
/// low-speed options given, as curl's, hold from the request on.
const FAST: &[(&str, &str)] = &[
    ("--speed-limit", "100"),
    ("--speed-time", "2"),
    ("--timeout", "3"),
    ("--connect-timeout", "2"),
];

fn uniform(args: &[&str]) -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_uniform"));
    c.arg("fetch").arg("--quiet");
    for (flag, value) in FAST {
        if !args.contains(flag) && !args.contains(&"--default-speed") {
            c.args([flag, value]);
        }
    }
    c.args(args.iter().filter(|a| **a != "--default-speed"));
    for v in [
        "http_proxy",
        "https_proxy",
        "all_proxy",
        "ALL_PROXY",
        "ftp_proxy",
        "FTP_PROXY",
        "gopher_proxy",
        "GOPHER_PROXY",
        "wais_proxy",
        "news_proxy",
        "no_proxy",
    ] {
        c.env_remove(v);
    }
    c
}

/// Runs `uniform fetch ARGS`, killed after `limit`.
fn run(args: &[&str], limit: Duration) -> Measured {
    spawn(uniform(args)).finish(limit)
}

/// A server's leave to answer, given once the child it serves has been
/// measured at least once: a child that a peer makes fail within a
/// millisecond would otherwise be gone before its memory is read.
#[derive(Default)]
struct Gate {
    open: Mutex<bool>,
    opened: Condvar,
}

impl Gate {
    /// Waits until the gate is open: 60 s at most, so that a server whose
    /// test never started a child does not wait for good.
    fn pass(&self) {
        let open = self.open.lock().unwrap_or_else(|e| e.into_inner());
        let _ = self
            .opened
            .wait_timeout_while(open, secs(60), |open| !*open);
    }

    fn open(&self) {
        *self.open.lock().unwrap_or_else(|e| e.into_inner()) = true;
        self.opened.notify_all();
    }
}

thread_local! {
    /// The gates of the servers this test (this thread) has started that
    /// no child has opened yet.
    static GATES: RefCell<Vec<Arc<Gate>>> = const { RefCell::new(Vec::new()) };
}

/// A gate that the next child this test starts (through [`spawn`]) opens.
fn gate() -> Arc<Gate> {
    let g = Arc::new(Gate::default());
    GATES.with(|gates| gates.borrow_mut().push(g.clone()));
    g
}

/// Starts `cmd` watched, then opens the gates of this test's servers:
/// `Watched::spawn` has read the child's memory once before it returns.
fn spawn(cmd: Command) -> Watched {
    let w = Watched::spawn(cmd).expect("the binary runs");
    GATES.with(|gates| gates.borrow_mut().drain(..).for_each(|g| g.open()));
    w
}

/// The assertions every test makes: the exit code, the words of the
/// message, the wall time, the peak memory. Prints what was measured.
fn check(name: &str, m: &Measured, code: i32, words: &[&str], within: Duration) {
    eprintln!(
        "hostile {name}: exit {:?}, {:.2} s, peak {:.1} MiB: {}",
        m.code(),
        m.wall.as_secs_f64(),
        m.peak_mib(),
        m.stderr.trim_end()
    );
    assert_eq!(m.code(), Some(code), "{name}: {m:?}");
    // A message is on standard error, or with --json on standard output.
    let said = format!("{}{}", m.stderr, String::from_utf8_lossy(&m.stdout));
    for w in words {
        assert!(said.contains(w), "{name}: {w:?} not in {said:?}");
    }
    assert!(
        m.wall < within,
        "{name}: {:?} is not under {within:?}",
        m.wall
    );
    let base = baseline_mib();
    assert!(
        m.peak_mib() - base < MAX_MIB,
        "{name}: peak {:.1} MiB (VmHWM), {base:.1} MiB of it the binary's own; bound {MAX_MIB} MiB over that",
        m.peak_mib()
    );
}

/// A listener on loopback whose one connection `script` serves, in a
/// thread, once the child that connects has been measured (a [`gate`]):
/// its port.
fn serve<F>(script: F) -> u16
where
    F: FnOnce(TcpStream) + Send + 'static,
{
    let l = TcpListener::bind("127.0.0.1:0").unwrap();
    let port = l.local_addr().unwrap().port();
    let gate = gate();
    thread::spawn(move || {
        if let Ok((s, _)) = l.accept() {
            gate.pass();
            script(s);
        }
    });
    port
}

/// The peer as messages name it.
fn peer(port: u16) -> String {
    format!("127.0.0.1:{port}")
}

/// Writes `bytes` one octet a second, until the client goes away.
fn trickle(s: &mut TcpStream, bytes: impl IntoIterator<Item = u8>) {
    for b in bytes {
        if s.write_all(&[b]).is_err() {
            return;
        }
        thread::sleep(Duration::from_secs(1));
    }
}

/// Writes `line`'s octets forever, fast, until the client goes away.
fn endless(s: &mut TcpStream, start: &[u8]) {
    if s.write_all(start).is_err() {
        return;
    }
    let chunk = vec![b'a'; 16 * 1024];
    while s.write_all(&chunk).is_ok() {}
}

/// Keeps the connection open and silent until the client goes away.
fn silence(s: &mut TcpStream) {
    let mut b = [0u8; 1024];
    // The client's request, and then nothing: the read ends with the close.
    while matches!(s.read(&mut b), Ok(n) if n > 0) {}
}

/// Reads an HTTP request's head.
fn request(s: &mut TcpStream) -> Vec<u8> {
    let mut r = BufReader::new(s.try_clone().unwrap());
    let mut head = Vec::new();
    loop {
        let mut line = Vec::new();
        if r.read_until(b'\n', &mut line).unwrap_or(0) == 0 {
            break;
        }
        head.extend_from_slice(&line);
        if line == b"\r\n" || line == b"\n" {
            break;
        }
    }
    head
}

/// An empty directory for one test's output.
fn scratch(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("uniform-hostile-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// The names in `dir`: nothing may be left after a failure.
fn left_in(dir: &Path) -> Vec<String> {
    std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect()
}

/// Runs `uniform fetch -o DIR/out URL` in a new scratch directory named
/// `name`, killed after 20 s: what was measured, and the directory.
fn run_to_file(name: &str, url: &str) -> (Measured, PathBuf) {
    let dir = scratch(name);
    let out = dir.join("out");
    let m = run(&["-o", out.to_str().unwrap(), url], secs(20));
    (m, dir)
}

/// Neither the output nor a temporary file is left in `dir`.
fn nothing_left(dir: &Path) {
    assert!(left_in(dir).is_empty(), "{:?}", left_in(dir));
}

fn secs(n: u64) -> Duration {
    Duration::from_secs(n)
}

// ---------------------------------------------------------------- HTTP

#[test]
fn http_body_trickle_is_cut_by_the_low_speed_limit() {
    let port = serve(|mut s| {
        request(&mut s);
        let _ = s.write_all(b"HTTP/1.1 200 OK\r\nContent-Length: 1000000\r\n\r\n");
        trickle(&mut s, std::iter::repeat(b'x'));
    });
    let url = format!("http://127.0.0.1:{port}/x");
    let (m, dir) = run_to_file("http-trickle", &url);
    check(
        "http body trickle",
        &m,
        28,
        &["--speed-limit", &peer(port)],
        secs(8),
    );
    nothing_left(&dir);
}

#[test]
fn http_head_trickle_ends_within_timeout_plus_speed_time() {
    let port = serve(|mut s| {
        request(&mut s);
        let _ = s.write_all(b"HTTP/1.1 200 OK\r\nX-Slow: ");
        trickle(&mut s, std::iter::repeat(b'x'));
    });
    let m = run(&[&format!("http://127.0.0.1:{port}/x")], secs(20));
    check(
        "http head trickle",
        &m,
        28,
        &["--speed-time", &peer(port)],
        secs(8),
    );
}

#[test]
fn http_endless_head_is_refused_at_its_size() {
    let port = serve(|mut s| {
        request(&mut s);
        endless(&mut s, b"HTTP/1.1 200 OK\r\nX-Long: ");
    });
    let m = run(&[&format!("http://127.0.0.1:{port}/x")], secs(20));
    check(
        "http endless head",
        &m,
        56,
        &["head", "65536", &peer(port)],
        secs(5),
    );
}

#[test]
fn http_silence_after_connect_is_the_idle_limit() {
    let port = serve(|mut s| silence(&mut s));
    let m = run(
        &["--timeout", "1", &format!("http://127.0.0.1:{port}/x")],
        secs(20),
    );
    check(
        "http silence after connect",
        &m,
        28,
        &["--timeout", &peer(port)],
        secs(6),
    );
}

#[test]
fn http_silence_mid_body_is_the_idle_limit() {
    let port = serve(|mut s| {
        request(&mut s);
        let _ = s.write_all(b"HTTP/1.1 200 OK\r\nContent-Length: 100000\r\n\r\n");
        let _ = s.write_all(&[b'x'; 5000]);
        silence(&mut s);
    });
    let dir = scratch("http-silence");
    let out = dir.join("out");
    let url = format!("http://127.0.0.1:{port}/x");
    let m = run(
        &["--timeout", "1", "-o", out.to_str().unwrap(), &url],
        secs(20),
    );
    check(
        "http silence mid-body",
        &m,
        28,
        &["--timeout", &peer(port)],
        secs(6),
    );
    nothing_left(&dir);
}

#[test]
fn http_truncated_body_leaves_no_file() {
    let port = serve(|mut s| {
        request(&mut s);
        let _ = s.write_all(b"HTTP/1.1 200 OK\r\nContent-Length: 1000\r\n\r\n");
        let _ = s.write_all(&[b'x'; 500]);
    });
    let url = format!("http://127.0.0.1:{port}/x");
    let (m, dir) = run_to_file("http-truncated", &url);
    check(
        "http truncated body",
        &m,
        18,
        &["500 of 1000", &peer(port)],
        secs(5),
    );
    nothing_left(&dir);
}

#[test]
fn http_max_time_stops_a_transfer_that_keeps_going() {
    let port = serve(|mut s| {
        request(&mut s);
        let _ = s.write_all(b"HTTP/1.1 200 OK\r\nContent-Length: 100000000\r\n\r\n");
        // 2000 octets a second: above the low-speed limit, never done.
        while s.write_all(&[b'x'; 200]).is_ok() {
            thread::sleep(Duration::from_millis(100));
        }
    });
    let url = format!("http://127.0.0.1:{port}/x");
    let m = run(&["--max-time", "2", "-o", "/dev/null", &url], secs(20));
    check(
        "http max-time with progress",
        &m,
        28,
        &["--max-time", &peer(port)],
        secs(5),
    );
}

#[test]
fn http_huge_object_streams_in_bounded_memory() {
    const SIZE: usize = 512 * 1024 * 1024;
    let port = serve(|mut s| {
        request(&mut s);
        let _ = write!(s, "HTTP/1.1 200 OK\r\nContent-Length: {SIZE}\r\n\r\n");
        let chunk = vec![b'z'; 1024 * 1024];
        for _ in 0..SIZE / chunk.len() {
            if s.write_all(&chunk).is_err() {
                return;
            }
        }
    });
    let dir = scratch("http-huge");
    let out = dir.join("out");
    let url = format!("http://127.0.0.1:{port}/x");
    let m = run(&["-o", out.to_str().unwrap(), &url], secs(60));
    check("http 512 MiB object", &m, 0, &[], secs(60));
    assert_eq!(std::fs::metadata(&out).unwrap().len(), SIZE as u64);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn connection_refused_and_unresolvable_hosts_have_curls_codes() {
    // A port held where nothing listens.
    let closed = uniform_testkit::ClosedPort::new();
    let port = closed.port();
    let m = run(&[&format!("gopher://127.0.0.1:{port}/0x")], secs(20));
    check("connection refused", &m, 7, &[&peer(port)], secs(5));
    let m = run(&["gopher://nowhere.invalid/0x"], secs(30));
    check("unresolvable host", &m, 6, &["nowhere.invalid"], secs(25));
}

// ------------------------------------------------------ HTTP via gateway

fn via_gateway(port: u16) -> [String; 2] {
    [
        "--gateway".into(),
        format!("gopher=http://127.0.0.1:{port}"),
    ]
}

fn gateway_run(port: u16, extra: &[&str]) -> Measured {
    let g = via_gateway(port);
    let mut args: Vec<&str> = g.iter().map(String::as_str).collect();
    args.extend_from_slice(extra);
    args.push("gopher://gopher.example/0x");
    run(&args, secs(20))
}

#[test]
fn gateway_head_trickle_is_cut_by_the_low_speed_limit() {
    let port = serve(|mut s| {
        request(&mut s);
        let _ = s.write_all(b"HTTP/1.0 200 OK\r\nX-Slow: ");
        trickle(&mut s, std::iter::repeat(b'x'));
    });
    let m = gateway_run(port, &[]);
    check(
        "gateway head trickle",
        &m,
        28,
        &["--speed-limit", &format!("127.0.0.1:{port}")],
        secs(8),
    );
}

#[test]
fn gateway_endless_head_is_refused_at_its_size() {
    let port = serve(|mut s| {
        request(&mut s);
        endless(&mut s, b"HTTP/1.0 200 OK\r\nX-Long: ");
    });
    let m = gateway_run(port, &[]);
    check(
        "gateway endless head",
        &m,
        56,
        &["65536", &format!("127.0.0.1:{port}")],
        secs(5),
    );
}

#[test]
fn gateway_body_trickle_is_cut_and_leaves_no_file() {
    let port = serve(|mut s| {
        request(&mut s);
        let _ = s.write_all(b"HTTP/1.0 200 OK\r\n\r\n");
        trickle(&mut s, std::iter::repeat(b'x'));
    });
    let dir = scratch("gateway-trickle");
    let out = dir.join("out");
    let m = gateway_run(port, &["-o", out.to_str().unwrap()]);
    check(
        "gateway body trickle",
        &m,
        28,
        &["--speed-limit", &format!("127.0.0.1:{port}")],
        secs(8),
    );
    nothing_left(&dir);
}

#[test]
fn gateway_truncated_body_leaves_no_file() {
    let port = serve(|mut s| {
        request(&mut s);
        let _ = s.write_all(b"HTTP/1.0 200 OK\r\nContent-Length: 1000\r\n\r\n");
        let _ = s.write_all(&[b'x'; 500]);
    });
    let dir = scratch("gateway-truncated");
    let out = dir.join("out");
    let m = gateway_run(port, &["-o", out.to_str().unwrap()]);
    check(
        "gateway truncated body",
        &m,
        18,
        &["500 of 1000", &format!("127.0.0.1:{port}")],
        secs(5),
    );
    nothing_left(&dir);
}

#[test]
fn gateway_silence_is_the_idle_limit() {
    let port = serve(|mut s| silence(&mut s));
    let m = gateway_run(port, &["--timeout", "1"]);
    check(
        "gateway silence",
        &m,
        28,
        &["--timeout", &format!("127.0.0.1:{port}")],
        secs(6),
    );
}

// ----------------------------------------------------------------- FTP

/// What the fake FTP server does with a RETR.
#[derive(Clone, Copy)]
enum Retr {
    /// 150, then the data trickled.
    Trickle,
    /// 150, the data, then no 226.
    NoEnd,
    /// 150, the data, then 426.
    Aborted,
    /// 150, the data, then 226.
    Whole,
}

/// `epsv_port` for a server that refuses EPSV and names another host in
/// its PASV reply (10.1.2.3, its own data port).
const PASV_ELSEWHERE: Option<u16> = Some(0);

/// A fake FTP server: greeting, login, EPSV (to `epsv_port`, else its
/// own data listener), RETR as `retr` says.
fn ftp_server(retr: Retr, epsv_port: Option<u16>, password_echo: bool) -> u16 {
    serve(move |s| {
        let data = TcpListener::bind("127.0.0.1:0").unwrap();
        let own_port = data.local_addr().unwrap().port();
        let elsewhere = epsv_port == PASV_ELSEWHERE;
        let data_port = epsv_port.filter(|_| !elsewhere).unwrap_or(own_port);
        let mut w = s.try_clone().unwrap();
        let mut r = BufReader::new(s);
        let _ = w.write_all(b"220 fake\r\n");
        let mut line = String::new();
        loop {
            line.clear();
            if r.read_line(&mut line).unwrap_or(0) == 0 {
                return;
            }
            let verb = line.split_whitespace().next().unwrap_or("").to_uppercase();
            let reply = match verb.as_str() {
                "USER" => "331 password please\r\n".to_string(),
                // The password echoed in an error: the message must stay
                // sane (the lead masks it).
                "PASS" if password_echo => {
                    format!("530 wrong password {}", line.trim_end()) + "\r\n"
                }
                "PASS" => "230 in\r\n".into(),
                "TYPE" => "200 ok\r\n".into(),
                "SIZE" => "550 no size\r\n".into(),
                "EPSV" if elsewhere => "500 no\r\n".into(),
                "EPSV" => format!("229 Extended (|||{data_port}|)\r\n"),
                "PASV" if elsewhere => format!(
                    "227 Entering Passive Mode (10,1,2,3,{},{})\r\n",
                    own_port / 256,
                    own_port % 256
                ),
                "PASV" => "500 no\r\n".into(),
                "QUIT" => {
                    let _ = w.write_all(b"221 bye\r\n");
                    return;
                }
                "RETR" => {
                    let _ = w.write_all(b"150 here it comes\r\n");
                    let Ok((mut d, _)) = data.accept() else {
                        return;
                    };
                    match retr {
                        Retr::Trickle => {
                            trickle(&mut d, std::iter::repeat(b'x'));
                            return;
                        }
                        Retr::NoEnd => {
                            let _ = d.write_all(b"all of it\r\n");
                            drop(d);
                            silence(&mut w);
                            return;
                        }
                        Retr::Whole => {
                            let _ = d.write_all(b"all of it\r\n");
                            drop(d);
                            "226 done\r\n".into()
                        }
                        Retr::Aborted => {
                            let _ = d.write_all(b"part of it\r\n");
                            drop(d);
                            "426 connection closed; transfer aborted\r\n".into()
                        }
                    }
                }
                _ => "502 not here\r\n".into(),
            };
            if w.write_all(reply.as_bytes()).is_err() {
                return;
            }
        }
    })
}

#[test]
fn ftp_data_trickle_is_cut_and_leaves_no_file() {
    let port = ftp_server(Retr::Trickle, None, false);
    let url = format!("ftp://127.0.0.1:{port}/x.txt");
    let (m, dir) = run_to_file("ftp-trickle", &url);
    check(
        "ftp data trickle",
        &m,
        28,
        &["--speed-limit", &peer(port)],
        secs(8),
    );
    nothing_left(&dir);
}

#[test]
fn ftp_transfer_without_226_is_the_idle_limit_and_leaves_no_file() {
    let port = ftp_server(Retr::NoEnd, None, false);
    let dir = scratch("ftp-no226");
    let out = dir.join("out");
    let url = format!("ftp://127.0.0.1:{port}/x.txt");
    let m = run(
        &["--timeout", "1", "-o", out.to_str().unwrap(), &url],
        secs(20),
    );
    check("ftp no 226", &m, 28, &["--timeout", &peer(port)], secs(6));
    nothing_left(&dir);
}

#[test]
fn ftp_transfer_aborted_with_426_leaves_no_file() {
    let port = ftp_server(Retr::Aborted, None, false);
    let url = format!("ftp://127.0.0.1:{port}/x.txt");
    let (m, dir) = run_to_file("ftp-426", &url);
    check("ftp 426", &m, 18, &["426", &peer(port)], secs(5));
    nothing_left(&dir);
}

#[test]
fn ftp_epsv_to_port_25_is_refused() {
    let port = ftp_server(Retr::Trickle, Some(25), false);
    let m = run(&[&format!("ftp://127.0.0.1:{port}/x.txt")], secs(20));
    check("ftp epsv to 25", &m, 1, &["port 25", &peer(port)], secs(5));
}

#[test]
fn ftp_pasv_naming_another_host_goes_to_the_control_peer() {
    // curl's default: the address of a PASV reply is ignored, its port
    // taken on the host of the control connection (no bounce to 10.1.2.3).
    let port = ftp_server(Retr::Whole, PASV_ELSEWHERE, false);
    let m = run(&[&format!("ftp://127.0.0.1:{port}/x.txt")], secs(20));
    check("ftp pasv to another host", &m, 0, &[], secs(5));
    assert_eq!(m.stdout, b"all of it\n");
}

#[test]
fn ftp_password_echoed_in_a_refusal_is_a_sane_error() {
    let port = ftp_server(Retr::Trickle, None, true);
    let m = run(
        &[&format!("ftp://me:secret@127.0.0.1:{port}/x.txt")],
        secs(20),
    );
    check("ftp password echo", &m, 1, &["530", &peer(port)], secs(5));
    assert!(!m.stderr.contains("secret"), "{}", m.stderr);
    assert_eq!(m.stderr.lines().count(), 1, "{}", m.stderr);
}

#[test]
fn ftp_greeting_trickle_is_cut_by_the_low_speed_limit() {
    let port = serve(|mut s| {
        trickle(
            &mut s,
            b"220 ".iter().copied().chain(std::iter::repeat(b'x')),
        )
    });
    let m = run(&[&format!("ftp://127.0.0.1:{port}/x.txt")], secs(20));
    check(
        "ftp greeting trickle",
        &m,
        28,
        &["--speed-limit", &peer(port)],
        secs(8),
    );
}

#[test]
fn ftp_endless_greeting_line_is_refused_at_its_size() {
    let port = serve(|mut s| {
        endless(&mut s, b"220 ");
    });
    let m = run(&[&format!("ftp://127.0.0.1:{port}/x.txt")], secs(20));
    check("ftp endless line", &m, 56, &["65536", &peer(port)], secs(5));
}

#[test]
fn ftp_endless_reply_is_refused_at_its_size() {
    let port = serve(|mut s| {
        let _ = s.write_all(b"220-welcome\r\n");
        let line = b"220-and more welcome text, line after line\r\n".repeat(200);
        while s.write_all(&line).is_ok() {}
    });
    let m = run(&[&format!("ftp://127.0.0.1:{port}/x.txt")], secs(20));
    check(
        "ftp endless reply",
        &m,
        56,
        &["262144", &peer(port)],
        secs(5),
    );
}

// -------------------------------------------------------------- Gopher

/// A gopher server that answers its one request with `text`, then
/// closes cleanly.
fn gopher_text(text: &'static [u8]) -> u16 {
    serve(move |mut s| {
        let mut b = [0u8; 256];
        let _ = s.read(&mut b);
        let _ = s.write_all(text);
    })
}

#[test]
fn gopher_text_ended_by_the_close_is_kept_with_a_warning_and_refused_when_strict() {
    // As gophernicus sends a file: the text, then the close.
    let port = gopher_text(b"first line\r\nsecond line\r\n");
    let url = format!("gopher://127.0.0.1:{port}/0x");
    let dir = scratch("gopher-close");
    let out = dir.join("out");
    // Not --quiet, as the other tests run: the warning is the point.
    let mut loud = Command::new(env!("CARGO_BIN_EXE_uniform"));
    loud.args(["fetch", "-o", out.to_str().unwrap(), &url]);
    uniform_testkit::without_proxies(&mut loud);
    let m = spawn(loud).finish(secs(20));
    check(
        "gopher text ended by the close",
        &m,
        0,
        &["RFC 1436"],
        secs(5),
    );
    assert_eq!(std::fs::read(&out).unwrap(), b"first line\nsecond line\n");
    let warnings: Vec<&str> = m.stderr.lines().filter(|l| l.contains("warning")).collect();
    assert_eq!(warnings.len(), 1, "one warning line: {:?}", m.stderr);
    std::fs::remove_dir_all(&dir).unwrap();
    // --quiet: no warning.
    let port = gopher_text(b"first line\r\n");
    let m = run(
        &["--quiet", &format!("gopher://127.0.0.1:{port}/0x")],
        secs(20),
    );
    check("gopher text, quiet", &m, 0, &[], secs(5));
    assert_eq!(m.stdout, b"first line\n");
    assert_eq!(m.stderr, "", "--quiet");
    // --gopher-strict: exit 18, nothing kept.
    let port = gopher_text(b"first line\r\nsecond line\r\n");
    let url = format!("gopher://127.0.0.1:{port}/0x");
    let dir = scratch("gopher-nodot");
    let out = dir.join("out");
    let m = run(
        &["--gopher-strict", "-o", out.to_str().unwrap(), &url],
        secs(20),
    );
    check(
        "gopher text without ., strict",
        &m,
        18,
        &["\".\" line", "--gopher-strict", &peer(port)],
        secs(5),
    );
    nothing_left(&dir);
    // The same text, ended by its line ".", is the object.
    let port = serve(|mut s| {
        let mut b = [0u8; 256];
        let _ = s.read(&mut b);
        let _ = s.write_all(b"first line\r\nsecond line\r\n.\r\n");
    });
    let url = format!("gopher://127.0.0.1:{port}/0x");
    let out = dir.join("out");
    let m = run(&["-o", out.to_str().unwrap(), &url], secs(20));
    check("gopher text with .", &m, 0, &[], secs(5));
    assert_eq!(std::fs::read(&out).unwrap(), b"first line\nsecond line\n");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn gopher_text_to_close_is_still_accepted_and_overrides_strict() {
    let port = gopher_text(b"first line\r\n");
    let url = format!("gopher://127.0.0.1:{port}/0x");
    let m = run(
        &["--gopher-strict", "--gopher-text-to-close", &url],
        secs(20),
    );
    check("gopher text to close", &m, 0, &[], secs(5));
    assert_eq!(m.stdout, b"first line\n");
    // The last of the two flags wins.
    let port = gopher_text(b"first line\r\n");
    let url = format!("gopher://127.0.0.1:{port}/0x");
    let m = run(
        &["--gopher-text-to-close", "--gopher-strict", &url],
        secs(20),
    );
    check("gopher strict last", &m, 18, &["--gopher-strict"], secs(5));
}

#[test]
fn gopher_text_cut_by_a_reset_is_an_error_and_leaves_no_file() {
    // A reset is no end of text: the server closes with the request still
    // unread, which makes its kernel answer with RST rather than FIN.
    let port = serve(|s| {
        let mut b = [0u8; 8];
        // Until the request has come (it stays unread).
        let _ = s.peek(&mut b);
        let _ = (&s).write_all(b"first line\r\nsecond");
        drop(s);
    });
    let url = format!("gopher://127.0.0.1:{port}/0x");
    let (m, dir) = run_to_file("gopher-reset", &url);
    eprintln!("reset: {m:?}");
    assert_ne!(m.code(), Some(0), "a reset is an error: {m:?}");
    assert!(!m.stderr.contains("warning"), "{m:?}");
    nothing_left(&dir);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn gopher_trickle_is_cut_and_leaves_no_file() {
    let port = serve(|mut s| {
        let mut b = [0u8; 256];
        let _ = s.read(&mut b);
        trickle(&mut s, std::iter::repeat(b'x'));
    });
    let url = format!("gopher://127.0.0.1:{port}/9x");
    let (m, dir) = run_to_file("gopher-trickle", &url);
    check(
        "gopher trickle",
        &m,
        28,
        &["--speed-limit", &peer(port)],
        secs(8),
    );
    nothing_left(&dir);
}

#[test]
fn gopher_plus_object_shorter_than_announced_leaves_no_file() {
    let port = serve(|mut s| {
        let mut b = [0u8; 256];
        let _ = s.read(&mut b);
        let _ = s.write_all(b"+5000\r\n");
        let _ = s.write_all(&[7u8; 100]);
    });
    let url = format!("gopher://127.0.0.1:{port}/9x%09%09+");
    let (m, dir) = run_to_file("gopher-plus-short", &url);
    check(
        "gopher+ short object",
        &m,
        18,
        &["5000", &peer(port)],
        secs(5),
    );
    nothing_left(&dir);
}

#[test]
fn gopher_silence_is_the_idle_limit() {
    let port = serve(|mut s| silence(&mut s));
    let m = run(
        &["--timeout", "1", &format!("gopher://127.0.0.1:{port}/0x")],
        secs(20),
    );
    check(
        "gopher silence",
        &m,
        28,
        &["--timeout", &peer(port)],
        secs(6),
    );
}

#[test]
fn gopher_endless_menu_line_is_refused_at_its_size() {
    let port = serve(|mut s| {
        let mut b = [0u8; 256];
        let _ = s.read(&mut b);
        endless(&mut s, b"1menu");
    });
    let m = run(&[&format!("gopher://127.0.0.1:{port}/1x")], secs(20));
    check(
        "gopher endless menu line",
        &m,
        56,
        &["65536", &peer(port)],
        secs(5),
    );
}

// ---------------------------------------------------------------- NNTP

/// A fake news server: greeting, MODE READER, GROUP, then `article`.
fn nntp_server(article: fn(&mut TcpStream)) -> u16 {
    serve(move |s| {
        let mut w = s.try_clone().unwrap();
        let mut r = BufReader::new(s);
        let _ = w.write_all(b"200 fake news\r\n");
        let mut line = String::new();
        loop {
            line.clear();
            if r.read_line(&mut line).unwrap_or(0) == 0 {
                return;
            }
            let verb = line.split_whitespace().next().unwrap_or("").to_uppercase();
            let reply: &[u8] = match verb.as_str() {
                "MODE" => b"200 reader\r\n",
                "GROUP" => b"211 1 1 1 g\r\n",
                "ARTICLE" => {
                    let _ = w.write_all(b"220 1 <a@b> article\r\n");
                    article(&mut w);
                    return;
                }
                "QUIT" => return,
                _ => b"500 ?\r\n",
            };
            if w.write_all(reply).is_err() {
                return;
            }
        }
    })
}

#[test]
fn nntp_article_without_its_dot_line_leaves_no_file() {
    let port = nntp_server(|w| {
        let _ = w.write_all(b"Subject: x\r\n\r\nbody\r\n");
    });
    let url = format!("nntp://127.0.0.1:{port}/g/1");
    let (m, dir) = run_to_file("nntp-nodot", &url);
    check(
        "nntp article without .",
        &m,
        18,
        &["\".\"", &peer(port)],
        secs(5),
    );
    nothing_left(&dir);
}

#[test]
fn nntp_article_trickle_is_cut_by_the_low_speed_limit() {
    let port = nntp_server(|w| trickle(w, std::iter::repeat(b'x')));
    let url = format!("nntp://127.0.0.1:{port}/g/1");
    let m = run(&[&url], secs(20));
    check(
        "nntp article trickle",
        &m,
        28,
        &["--speed-limit", &peer(port)],
        secs(8),
    );
}

#[test]
fn nntp_greeting_trickle_is_cut_by_the_low_speed_limit() {
    let port = serve(|mut s| {
        trickle(
            &mut s,
            b"200 ".iter().copied().chain(std::iter::repeat(b'x')),
        )
    });
    let m = run(&[&format!("nntp://127.0.0.1:{port}/g/1")], secs(20));
    check(
        "nntp greeting trickle",
        &m,
        28,
        &["--speed-limit", &peer(port)],
        secs(8),
    );
}

#[test]
fn ftp_and_nntp_silence_is_the_idle_limit() {
    for scheme in ["ftp", "nntp"] {
        let port = serve(|mut s| silence(&mut s));
        let m = run(
            &[
                "--timeout",
                "1",
                &format!("{scheme}://127.0.0.1:{port}/g/1"),
            ],
            secs(20),
        );
        check(
            &format!("{scheme} silence"),
            &m,
            28,
            &["--timeout", &peer(port)],
            secs(5),
        );
    }
}

#[test]
fn nntp_endless_line_is_refused_at_its_size() {
    let port = serve(|mut s| {
        endless(&mut s, b"200 ");
    });
    let m = run(&[&format!("nntp://127.0.0.1:{port}/g/1")], secs(20));
    check(
        "nntp endless line",
        &m,
        56,
        &["65536", &peer(port)],
        secs(5),
    );
}

// ---------------------------------------------------------------- SMTP

fn mailto(port: u16) -> Vec<String> {
    vec![
        "--smtp-server".into(),
        format!("127.0.0.1:{port}"),
        "--from".into(),
        "me@example.org".into(),
        "--body".into(),
        "hello".into(),
        "mailto:you@example.org".into(),
    ]
}

fn run_mail(port: u16, extra: &[&str]) -> Measured {
    let args = mailto(port);
    let mut all: Vec<&str> = extra.to_vec();
    all.extend(args.iter().map(String::as_str));
    run(&all, secs(20))
}

#[test]
fn smtp_greeting_trickle_is_cut_by_the_low_speed_limit() {
    let port = serve(|mut s| {
        trickle(
            &mut s,
            b"220 ".iter().copied().chain(std::iter::repeat(b'x')),
        )
    });
    let m = run_mail(port, &[]);
    check(
        "smtp greeting trickle",
        &m,
        28,
        &["--speed-limit", &peer(port)],
        secs(8),
    );
}

#[test]
fn smtp_endless_greeting_is_refused_at_its_size() {
    let port = serve(|mut s| {
        endless(&mut s, b"220 ");
    });
    let m = run_mail(port, &[]);
    check(
        "smtp endless greeting",
        &m,
        56,
        &["65536", &peer(port)],
        secs(5),
    );
}

#[test]
fn smtp_silence_is_the_idle_limit() {
    let port = serve(|mut s| silence(&mut s));
    let m = run_mail(port, &["--timeout", "1"]);
    check("smtp silence", &m, 28, &["--timeout", &peer(port)], secs(6));
}

// ---------------------------------------------------------------- WAIS

#[test]
fn wais_apdu_trickle_is_cut_by_the_low_speed_limit() {
    let port = serve(|mut s| {
        let mut b = [0u8; 4096];
        let _ = s.read(&mut b);
        // An initResponse tag and a long definite length, then a trickle.
        let _ = s.write_all(&[0xBF, 0x15, 0x82, 0x10, 0x00]);
        trickle(&mut s, std::iter::repeat(0u8));
    });
    let m = run(&[&format!("wais://127.0.0.1:{port}/db?x")], secs(20));
    check(
        "wais trickle",
        &m,
        28,
        &["--speed-limit", &peer(port)],
        secs(8),
    );
}

#[test]
fn wais_oversized_apdu_is_refused_at_its_size() {
    let port = serve(|mut s| {
        let mut b = [0u8; 4096];
        let _ = s.read(&mut b);
        // A length of 2^31 octets announced.
        let _ = s.write_all(&[0xBF, 0x15, 0x84, 0x80, 0x00, 0x00, 0x00]);
        silence(&mut s);
    });
    let m = run(&[&format!("wais://127.0.0.1:{port}/db?x")], secs(20));
    check(
        "wais oversized APDU",
        &m,
        56,
        &["limit", &peer(port)],
        secs(5),
    );
}

#[test]
fn wais_silence_is_the_idle_limit() {
    let port = serve(|mut s| silence(&mut s));
    let m = run(
        &["--timeout", "1", &format!("wais://127.0.0.1:{port}/db?x")],
        secs(20),
    );
    check("wais silence", &m, 28, &["--timeout", &peer(port)], secs(6));
}

// ------------------------------------------------------ Prospero (ARDP)

#[test]
fn prospero_silence_ends_within_twice_the_timeout() {
    let sock = UdpSocket::bind("127.0.0.1:0").unwrap();
    let port = sock.local_addr().unwrap().port();
    thread::spawn(move || {
        // Reads the requests and never answers.
        let mut b = [0u8; 2048];
        while sock.recv_from(&mut b).is_ok() {}
    });
    let m = run(&[&format!("prospero://127.0.0.1:{port}/x")], secs(20));
    // --timeout 3: each request ends within twice that.
    check(
        "prospero silence",
        &m,
        28,
        &["--timeout", &format!("127.0.0.1:{port}")],
        secs(7),
    );
}

#[test]
fn prospero_reply_of_too_many_packets_is_refused() {
    use uniform_access::prospero::ardp::{Packet, parse_packet};
    let sock = UdpSocket::bind("127.0.0.1:0").unwrap();
    let port = sock.local_addr().unwrap().port();
    let gate = gate();
    thread::spawn(move || {
        let mut b = [0u8; 2048];
        while let Ok((n, from)) = sock.recv_from(&mut b) {
            let Ok(req) = parse_packet(&b[..n]) else {
                continue;
            };
            // Once the client's memory has been read while it lives.
            gate.pass();
            // Packet 1 of 60 000: far past what a reply may hold.
            let reply = Packet::new(req.connection_id, 1, 60_000).encode(b"x");
            let _ = sock.send_to(&reply, from);
        }
    });
    let m = run(&[&format!("prospero://127.0.0.1:{port}/x")], secs(20));
    check(
        "prospero too many packets",
        &m,
        56,
        &["2048", &format!("127.0.0.1:{port}")],
        secs(5),
    );
}

// ------------------------------------------------------------- signals

fn signalled(sig: &str, code: i32) {
    // The server says when the body has begun: the transfer is under way.
    let (begun, body) = mpsc::channel();
    let port = serve(move |mut s| {
        request(&mut s);
        let _ = s.write_all(b"HTTP/1.1 200 OK\r\nContent-Length: 1000000\r\n\r\n");
        let _ = s.write_all(&[b'x'; 1000]);
        let _ = begun.send(());
        trickle(&mut s, std::iter::repeat(b'x'));
    });
    let dir = scratch(&format!("signal-{sig}"));
    let out = dir.join("out");
    let url = format!("http://127.0.0.1:{port}/x");
    // --speed-time 60: the trickle breaks no limit before the signal,
    // however slowly the machine gets there.
    let mut w = spawn(uniform(&[
        "--speed-time",
        "60",
        "--timeout",
        "60",
        "-o",
        out.to_str().unwrap(),
        &url,
    ]));
    body.recv_timeout(secs(30))
        .expect("the server sent no body within 30 s");
    // The temporary file is there.
    let mut started = false;
    for _ in 0..3000 {
        if !left_in(&dir).is_empty() {
            started = true;
            break;
        }
        assert!(
            w.watch_for(Duration::from_millis(10)).is_none(),
            "it ended early"
        );
    }
    assert!(started, "no temporary file appeared");
    w.signal(sig).unwrap();
    let m = w.finish(secs(10));
    check(&format!("SIG{sig}"), &m, code, &[], secs(10));
    nothing_left(&dir);
}

#[test]
fn sigint_removes_the_temporary_file_and_exits_130() {
    signalled("INT", 130);
}

#[test]
fn sigterm_removes_the_temporary_file_and_exits_143() {
    signalled("TERM", 143);
}

// ------------------------------------------------------------ listings

/// A menu that never ends, its items `pad` octets long.
fn gopher_endless_menu(name: &str, pad: usize, json: bool) {
    let port = serve(move |mut s| {
        let mut b = [0u8; 256];
        let _ = s.read(&mut b);
        let mut n = 0u64;
        loop {
            let mut chunk = Vec::new();
            for _ in 0..1000 {
                n += 1;
                chunk.extend_from_slice(
                    format!("0{n}{}\t/{n}\th.example\t70\r\n", "x".repeat(pad)).as_bytes(),
                );
            }
            if s.write_all(&chunk).is_err() {
                return;
            }
        }
    });
    let url = format!("gopher://127.0.0.1:{port}/1x");
    let mut args = vec![url.as_str()];
    if json {
        args.insert(0, "--json");
    }
    let m = run(&args, secs(30));
    check(name, &m, 56, &["menu", "127.0.0.1"], secs(20));
}

#[test]
fn gopher_menu_just_under_the_limits_prints_in_bounded_memory() {
    // 99 000 items, 8 MiB in all, printed as JSON: the largest listing
    // that is delivered.
    const ITEMS: usize = 99_000;
    let pad = (8 * 1024 * 1024 / ITEMS) - 40;
    let port = serve(move |mut s| {
        let mut b = [0u8; 256];
        let _ = s.read(&mut b);
        let mut menu = Vec::new();
        for n in 0..ITEMS {
            menu.extend_from_slice(
                format!("0{n:06}{}\t/{n}\th.example\t70\r\n", "x".repeat(pad)).as_bytes(),
            );
        }
        menu.extend_from_slice(b".\r\n");
        let _ = s.write_all(&menu);
    });
    let m = run(
        &["--json", &format!("gopher://127.0.0.1:{port}/1x")],
        secs(30),
    );
    check(
        "gopher menu just under the limits, --json",
        &m,
        0,
        &[],
        secs(20),
    );
    assert!(m.stdout.len() > 8 * 1024 * 1024, "{}", m.stdout.len());
}

#[test]
fn gopher_endless_menu_of_long_items_is_bounded() {
    gopher_endless_menu("gopher endless menu, long items", 200, false);
}

#[test]
fn gopher_endless_menu_of_short_items_is_bounded() {
    gopher_endless_menu("gopher endless menu, short items, --json", 0, true);
}

#[test]
fn nntp_endless_listing_is_bounded() {
    let port = serve(|s| {
        let mut w = s.try_clone().unwrap();
        let mut r = BufReader::new(s);
        let _ = w.write_all(b"200 fake news\r\n");
        let mut line = String::new();
        loop {
            line.clear();
            if r.read_line(&mut line).unwrap_or(0) == 0 {
                return;
            }
            let verb = line.split_whitespace().next().unwrap_or("").to_uppercase();
            match verb.as_str() {
                "MODE" => {
                    let _ = w.write_all(b"200 reader\r\n");
                }
                "LIST" => {
                    let _ = w.write_all(b"215 groups\r\n");
                    let mut n = 0u64;
                    loop {
                        let mut chunk = Vec::new();
                        for _ in 0..1000 {
                            n += 1;
                            chunk.extend_from_slice(
                                format!("group.{n}.{} 10 1 y\r\n", "x".repeat(200)).as_bytes(),
                            );
                        }
                        if w.write_all(&chunk).is_err() {
                            return;
                        }
                    }
                }
                _ => {
                    let _ = w.write_all(b"500 ?\r\n");
                }
            }
        }
    });
    let m = run(
        &["--news-server", &format!("127.0.0.1:{port}"), "news:*"],
        secs(30),
    );
    check(
        "nntp endless listing",
        &m,
        56,
        &["listing", &peer(port)],
        secs(20),
    );
}

#[test]
fn ftp_endless_listing_is_bounded() {
    let port = serve(|s| {
        let data = TcpListener::bind("127.0.0.1:0").unwrap();
        let data_port = data.local_addr().unwrap().port();
        let mut w = s.try_clone().unwrap();
        let mut r = BufReader::new(s);
        let _ = w.write_all(b"220 fake\r\n");
        let mut line = String::new();
        loop {
            line.clear();
            if r.read_line(&mut line).unwrap_or(0) == 0 {
                return;
            }
            let verb = line.split_whitespace().next().unwrap_or("").to_uppercase();
            let reply = match verb.as_str() {
                "USER" => "230 in\r\n".to_string(),
                "TYPE" => "200 ok\r\n".into(),
                "CWD" => "250 ok\r\n".into(),
                "EPSV" => format!("229 Extended (|||{data_port}|)\r\n"),
                "LIST" | "NLST" => {
                    let _ = w.write_all(b"150 here\r\n");
                    let Ok((mut d, _)) = data.accept() else {
                        return;
                    };
                    let mut n = 0u64;
                    loop {
                        let mut chunk = Vec::new();
                        for _ in 0..1000 {
                            n += 1;
                            chunk.extend_from_slice(
                                format!(
                                    "-rw-r--r-- 1 u g 10 Jan 1 2000 f{n}{}\r\n",
                                    "x".repeat(200)
                                )
                                .as_bytes(),
                            );
                        }
                        if d.write_all(&chunk).is_err() {
                            return;
                        }
                    }
                }
                _ => "502 no\r\n".into(),
            };
            if w.write_all(reply.as_bytes()).is_err() {
                return;
            }
        }
    });
    let m = run(&[&format!("ftp://127.0.0.1:{port}/dir/")], secs(30));
    check(
        "ftp endless listing",
        &m,
        56,
        &["list", &peer(port)],
        secs(20),
    );
}

// ------------------------------------------------ curl's and the default

#[test]
fn with_the_speed_options_a_silent_peer_is_cut_off_as_curl_does() {
    // --speed-time given and a long --timeout: silence is too slow.
    let port = serve(|mut s| silence(&mut s));
    let m = run(
        &["--timeout", "60", &format!("gopher://127.0.0.1:{port}/0x")],
        secs(20),
    );
    check(
        "silence with --speed-time 2, --timeout 60",
        &m,
        28,
        &["--speed-limit", &peer(port)],
        secs(5),
    );
    let port = serve(|mut s| {
        request(&mut s);
        let _ = s.write_all(b"HTTP/1.1 200 OK\r\nContent-Length: 100000\r\n\r\n");
        let _ = s.write_all(&[b'x'; 5000]);
        silence(&mut s);
    });
    let m = run(
        &["--timeout", "60", &format!("http://127.0.0.1:{port}/x")],
        secs(20),
    );
    check(
        "http silence mid-body with --speed-time 2, --timeout 60",
        &m,
        28,
        &["--speed-limit", &peer(port)],
        secs(5),
    );
}

#[test]
fn by_default_a_trickle_is_cut_off_within_the_default_window() {
    // No speed option: 100 octets a second over 30 s, from the first
    // octet. The one slow test of the suite, run in parallel with the rest.
    let port = serve(|mut s| {
        request(&mut s);
        let _ = s.write_all(b"HTTP/1.1 200 OK\r\nContent-Length: 1000000\r\n\r\n");
        trickle(&mut s, std::iter::repeat(b'x'));
    });
    let dir = scratch("default-trickle");
    let out = dir.join("out");
    let url = format!("http://127.0.0.1:{port}/x");
    let m = run(
        &["--default-speed", "-o", out.to_str().unwrap(), &url],
        secs(60),
    );
    check(
        "http body trickle, default limits",
        &m,
        28,
        &["slower than 100 octets a second for 30 s", &peer(port)],
        secs(36),
    );
    nothing_left(&dir);
}

#[test]
fn by_default_a_server_may_think_before_it_answers() {
    // Silent for 3 s, then the whole text: the default window opens at
    // the first octet, so only --timeout (here 5 s) bounds the wait.
    let port = serve(|mut s| {
        let mut b = [0u8; 256];
        let _ = s.read(&mut b);
        thread::sleep(Duration::from_secs(3));
        let _ = s.write_all(b"thought\r\n.\r\n");
    });
    let m = run(
        &[
            "--default-speed",
            "--timeout",
            "5",
            &format!("gopher://127.0.0.1:{port}/0x"),
        ],
        secs(20),
    );
    check(
        "a server that thinks 3 s, default limits",
        &m,
        0,
        &[],
        secs(8),
    );
    assert_eq!(m.stdout, b"thought\n");
}

// ---- telnet: a session is interactive (no low-speed limit), but a
// negotiation loop and --max-time end it.

#[test]
fn telnet_negotiation_loop_is_cut_off() {
    // DO TERMINAL-TYPE again and again, never reading the answers.
    let port = serve(|mut s| {
        let chunk: Vec<u8> = [255u8, 253, 24].repeat(20_000);
        while s.write_all(&chunk).is_ok() {}
    });
    let url = format!("telnet://127.0.0.1:{port}/");
    let m = run(&[&url], secs(20));
    check(
        "telnet negotiation loop",
        &m,
        1,
        &["negotiation loop", &peer(port)],
        secs(5),
    );
}

#[test]
fn telnet_max_time_ends_a_session_that_keeps_talking() {
    let port = serve(|mut s| {
        while s.write_all(b"still here\r\n").is_ok() {
            thread::sleep(Duration::from_millis(20));
        }
    });
    let url = format!("telnet://127.0.0.1:{port}/");
    let m = run(&["--max-time", "2", &url], secs(20));
    check(
        "telnet max-time",
        &m,
        28,
        &["--max-time", &peer(port)],
        secs(6),
    );
}
