//! What the `uniform links` tests share: the command run (in a folder or
//! not), its JSON report read, a document written.
//!
//! Each test file includes this module (`#[path]`) and uses a part of it.
#![allow(dead_code)]

use serde_json::Value;
use std::collections::HashMap;
use std::io::{BufRead, BufReader};
use std::net::{TcpListener, TcpStream};
use std::path::Path;
use std::process::{Command, Output};
use std::sync::{Arc, Mutex};
use uniform::schemes::FileUrl;
use uniform_testkit::without_proxies;

/// `uniform links ARGS`, without the proxy variables of the environment.
pub fn links(args: &[&str]) -> Output {
    run(None, args)
}

/// `uniform links ARGS` run in `dir` (where `.uniformignore` is read).
pub fn links_in(dir: &Path, args: &[&str]) -> Output {
    run(Some(dir), args)
}

fn run(dir: Option<&Path>, args: &[&str]) -> Output {
    let mut c = Command::new(env!("CARGO_BIN_EXE_uniform"));
    if let Some(d) = dir {
        c.current_dir(d);
    }
    without_proxies(&mut c)
        .arg("links")
        .args(args)
        .output()
        .expect("the binary runs")
}

/// The `links` array of a JSON report; the whole output in the panic
/// when there is none.
pub fn json_links(out: &Output) -> Vec<Value> {
    let v: Value = serde_json::from_slice(&out.stdout).unwrap_or_else(|e| {
        panic!(
            "{e}: {}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        )
    });
    v["links"].as_array().cloned().unwrap_or_default()
}

/// A string field of a report's link ("" when it is null).
pub fn field(link: &Value, key: &str) -> String {
    link[key].as_str().unwrap_or_default().to_string()
}

/// Writes `text` to `dir/name`, its folders made; the path written.
pub fn write(dir: &Path, name: &str, text: impl AsRef<[u8]>) -> String {
    let p = dir.join(name);
    std::fs::create_dir_all(p.parent().expect("a file in a folder")).unwrap();
    std::fs::write(&p, text).unwrap();
    p.display().to_string()
}

/// The `file:` URL of a path that exists, as documents' links resolve.
pub fn file_url(path: &Path) -> String {
    FileUrl::from_path(std::fs::canonicalize(path).unwrap())
        .unwrap()
        .into_string()
}

/// A scripted HTTP server on loopback, for the faults no real server
/// makes on demand: each connection on a thread of its own, its request
/// head read, then `answer` handed the server's port, the request's
/// method and target, and the connection. The port.
pub fn scripted_server(answer: impl Fn(u16, &str, &str, TcpStream) + Send + Sync + 'static) -> u16 {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port();
    let answer = Arc::new(answer);
    std::thread::spawn(move || {
        for conn in listener.incoming() {
            let Ok(stream) = conn else { return };
            let answer = Arc::clone(&answer);
            std::thread::spawn(move || {
                let mut r = BufReader::new(stream.try_clone().unwrap());
                let mut first = String::new();
                let _ = r.read_line(&mut first);
                let mut line = String::new();
                while r.read_line(&mut line).unwrap_or(0) > 2 {
                    line.clear();
                }
                let mut words = first.split(' ');
                let method = words.next().unwrap_or_default();
                let target = words.next().unwrap_or("/");
                answer(port, method, target, stream);
            });
        }
    });
    port
}

/// How many requests a scripted server saw, by `"METHOD target"`.
pub type Requests = Arc<Mutex<HashMap<String, usize>>>;

/// [`scripted_server`], each request counted by its method and target
/// before `answer` has it. The port, and the counts.
pub fn counting_server(
    answer: impl Fn(u16, &str, &str, TcpStream) + Send + Sync + 'static,
) -> (u16, Requests) {
    let counts = Requests::default();
    let seen = Arc::clone(&counts);
    let port = scripted_server(move |port, method, path, stream| {
        *seen
            .lock()
            .unwrap()
            .entry(format!("{method} {path}"))
            .or_default() += 1;
        answer(port, method, path, stream);
    });
    (port, counts)
}

/// `uniform links ARGS` as [`links`], and its peak resident set in KiB
/// (`VmHWM`, read from /proc while it runs: the high-water mark, so the
/// last reading is the peak up to then).
#[cfg(target_os = "linux")]
pub fn links_peak(args: &[&str]) -> (Output, u64) {
    use std::io::Read;
    use std::process::Stdio;
    let mut c = Command::new(env!("CARGO_BIN_EXE_uniform"));
    let mut child = without_proxies(&mut c)
        .arg("links")
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let drain = |mut r: Box<dyn Read + Send>| {
        std::thread::spawn(move || {
            let mut all = Vec::new();
            let _ = r.read_to_end(&mut all);
            all
        })
    };
    let out = drain(Box::new(child.stdout.take().unwrap()));
    let err = drain(Box::new(child.stderr.take().unwrap()));
    let status_file = format!("/proc/{}/status", child.id());
    let mut peak = 0;
    let status = loop {
        if let Ok(text) = std::fs::read_to_string(&status_file)
            && let Some(kib) = text
                .lines()
                .find_map(|l| l.strip_prefix("VmHWM:"))
                .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<u64>().ok())
        {
            peak = peak.max(kib);
        }
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    };
    assert!(peak > 0, "no VmHWM read from {status_file}");
    let output = Output {
        status,
        stdout: out.join().unwrap(),
        stderr: err.join().unwrap(),
    };
    (output, peak)
}
