//! curl's options that `uniform fetch` (and `uniform plan`, where they
//! change what is sent) takes with curl 7.88's names, meanings and exit
//! statuses: repeated flags, `--url`, `--fail-with-body`, the progress
//! flags, `-G` and `--data-urlencode`, `-r`, `-0` and `--http1.1`, `-4`,
//! `-6` and `--resolve`, `--output-dir`. Each is checked against what the
//! echo peer received (scripts/peers/echo.py) or the files written and,
//! where curl is the reference and curl 7.88 is installed, against what
//! curl does with the same arguments: each comparison is a test of its
//! own (`curl_...`), whose skip is counted when curl 7.88 is missing,
//! while the checks of Uniform alone run and pass or fail by themselves.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::OnceLock;
use uniform_testkit::{Skip, fixture, host, peer_up, port, scratch, setting, without_proxies};

const ECHO: &str = "UNIFORM_PEER_ECHO_PORT";
const NGINX: &str = "UNIFORM_HTTP_PORT";

fn echo(path: &str) -> String {
    format!("http://{}:{}{path}", host(), port(ECHO))
}

fn nginx(path: &str) -> String {
    format!("http://{}:{}{path}", host(), port(NGINX))
}

/// `uniform ARGS` in `dir` (the current directory for none).
fn uniform_in(dir: Option<&Path>, args: &[&str]) -> Output {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_uniform"));
    if let Some(d) = dir {
        cmd.current_dir(d);
    }
    without_proxies(&mut cmd)
        .args(args)
        .output()
        .expect("the binary runs")
}

fn uniform(args: &[&str]) -> Output {
    uniform_in(None, args)
}

fn fetch(args: &[&str]) -> Output {
    uniform(&[&["fetch"], args].concat())
}

/// Whether curl 7.88, the reference, is installed; when it is not, the
/// running comparison is recorded as skipped.
fn curl_here() -> bool {
    static HERE: OnceLock<Result<(), String>> = OnceLock::new();
    let here = HERE.get_or_init(|| {
        let out = Command::new("curl")
            .arg("--version")
            .output()
            .map_err(|e| format!("curl is not installed ({e})"))?;
        let version = String::from_utf8_lossy(&out.stdout);
        if version.starts_with("curl 7.88.") {
            Ok(())
        } else {
            Err(format!(
                "the reference is curl 7.88, this is {}",
                version.lines().next().unwrap_or("an unknown curl")
            ))
        }
    });
    thread_local! {
        // Each test runs on its own thread: its skip is counted once.
        static TOLD: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
    }
    match here {
        Ok(()) => true,
        Err(why) => {
            if !TOLD.replace(true) {
                Skip::new(format!("{why}: the comparisons with curl are skipped")).record();
            }
            false
        }
    }
}

/// curl with `args` in `dir`, no .curlrc (-q), no proxy; `None` when
/// curl 7.88 is not installed (a skip recorded).
fn curl_in(dir: Option<&Path>, args: &[&str]) -> Option<Output> {
    if !curl_here() {
        return None;
    }
    let mut cmd = Command::new("curl");
    if let Some(d) = dir {
        cmd.current_dir(d);
    }
    Some(
        without_proxies(&mut cmd)
            .arg("-q")
            .args(args)
            .output()
            .expect("curl runs"),
    )
}

fn curl(args: &[&str]) -> Option<Output> {
    curl_in(None, args)
}

/// The echoed request: its head's lines, the User-Agent's value left
/// out (each client names itself), and its body.
fn echoed(stdout: &[u8]) -> (Vec<String>, Vec<u8>) {
    let split = stdout
        .windows(2)
        .position(|w| w == b"\n\n")
        .unwrap_or_else(|| panic!("no head: {}", String::from_utf8_lossy(stdout)));
    let head = String::from_utf8_lossy(&stdout[..split]);
    let lines = head
        .lines()
        .map(|l| match l.split_once(": ") {
            Some((n, _)) if n.eq_ignore_ascii_case("user-agent") => "User-Agent: *".to_string(),
            _ => l.to_string(),
        })
        .collect();
    (lines, stdout[split + 2..].to_vec())
}

/// The head's lines but `Connection`: Uniform asks a single transfer's
/// connection to close, curl leaves it to the server.
fn but_connection(lines: &[String]) -> Vec<String> {
    lines
        .iter()
        .filter(|l| !l.starts_with("Connection:"))
        .cloned()
        .collect()
}

/// The lines `uniform plan ARGS` sends (`> `), the empty line after the
/// head left out.
fn planned(args: &[&str]) -> Vec<String> {
    let out = uniform(&[&["plan"], args].concat());
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter_map(|l| l.strip_prefix("> "))
        .filter(|l| !l.is_empty())
        .map(str::to_string)
        .collect()
}

/// Every file under `dir`, as a path relative to it, with its octets.
fn tree(dir: &Path) -> Vec<(String, Vec<u8>)> {
    let mut out = Vec::new();
    let mut todo = vec![dir.to_path_buf()];
    while let Some(d) = todo.pop() {
        for e in std::fs::read_dir(&d).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                todo.push(p);
            } else {
                let rel = p.strip_prefix(dir).unwrap().display().to_string();
                out.push((rel, std::fs::read(&p).unwrap()));
            }
        }
    }
    out.sort();
    out
}

/// Flags given twice that curl takes without complaint.
const TWICE: [&[&str]; 4] = [
    &["-s", "-s"],
    &["-sSfL", "-s"],
    &["-v", "-v"],
    &["-s", "-q", "-q"],
];

#[test]
fn curl_takes_the_same_flags_twice() {
    if !curl_here() || !peer_up(&["echo"]) {
        return;
    }
    let url = echo("/twice");
    for flags in TWICE {
        let c = curl(&[flags, &[url.as_str()]].concat()).expect("curl");
        assert_eq!(c.status.code(), Some(0), "curl {flags:?}: {c:?}");
    }
}

#[test]
fn a_flag_given_twice_is_no_error_and_repeatable_ones_add_up() {
    if !peer_up(&["echo"]) {
        return;
    }
    let url = echo("/twice");
    for flags in TWICE {
        let out = fetch(&[flags, &[url.as_str()]].concat());
        assert_eq!(out.status.code(), Some(0), "{flags:?}: {out:?}");
        assert!(out.stdout.starts_with(b"GET /twice HTTP/1.1\n"), "{out:?}");
    }
    // -v -v still traces once.
    let out = fetch(&["-v", "-v", "-o", "/dev/null", &url]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(err.matches("> GET /twice HTTP/1.1").count(), 1, "{err}");
    // One value: the last wins, as in curl.
    let out = fetch(&["-X", "PUT", "-X", "PATCH", &url]);
    assert!(out.stdout.starts_with(b"PATCH /twice "), "{out:?}");
    // Repeatable flags still add up: -H, -d, -o.
    let dir = scratch("twice");
    let (one, two) = (dir.join("1"), dir.join("2"));
    let out = fetch(&[
        "-H",
        "X-A: 1",
        "-H",
        "X-B: 2",
        "-d",
        "a=1",
        "-d",
        "b=2",
        &echo("/one"),
        "-o",
        one.to_str().unwrap(),
        &echo("/two"),
        "-o",
        two.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    for (file, path) in [(&one, "/one"), (&two, "/two")] {
        let (lines, body) = echoed(&std::fs::read(file).unwrap());
        assert_eq!(lines[0], format!("POST {path} HTTP/1.1"));
        assert!(lines.contains(&"X-A: 1".to_string()), "{lines:?}");
        assert!(lines.contains(&"X-B: 2".to_string()), "{lines:?}");
        assert_eq!(body, b"a=1&b=2");
    }
    // And plan takes fetch's command line as it is.
    let lines = planned(&["--json", "-H", "X-A: 1", "-H", "X-B: 2", &url]);
    assert!(lines.is_empty(), "--json has no '> ' lines: {lines:?}");
    let lines = planned(&[
        "-H", "X-A: 1", "-H", "X-B: 2", "-X", "PUT", "-X", "GET", &url,
    ]);
    assert_eq!(lines[0], "GET /twice HTTP/1.1");
    assert!(lines.contains(&"X-A: 1".to_string()) && lines.contains(&"X-B: 2".to_string()));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn url_options_join_the_arguments_in_their_place() {
    if !peer_up(&["echo"]) {
        return;
    }
    let (a, b, c) = (echo("/1"), echo("/2"), echo("/3"));
    let args = ["-s", "--url", &a, &b, "--url", &c];
    let out = fetch(&args);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let lines = |o: &[u8]| -> Vec<String> {
        String::from_utf8_lossy(o)
            .lines()
            .filter(|l| l.starts_with("GET "))
            .map(str::to_string)
            .collect()
    };
    assert_eq!(
        lines(&out.stdout),
        ["GET /1 HTTP/1.1", "GET /2 HTTP/1.1", "GET /3 HTTP/1.1"]
    );
    // --url alone; and no URL at all is a usage error.
    let out = fetch(&["-s", "--url", &b]);
    assert!(out.stdout.starts_with(b"GET /2 "), "{out:?}");
    assert_eq!(fetch(&["-s"]).status.code(), Some(2));
    // plan orders them the same way.
    let shown: Vec<String> = planned(&["--url", &c, &a])
        .into_iter()
        .filter(|l| l.starts_with("GET"))
        .collect();
    assert_eq!(shown, ["GET /3 HTTP/1.1", "GET /1 HTTP/1.1"]);
}

#[test]
fn curl_joins_url_options_to_the_arguments_alike() {
    if !curl_here() || !peer_up(&["echo"]) {
        return;
    }
    let (a, b, c) = (echo("/1"), echo("/2"), echo("/3"));
    let out = curl(&["-s", "--url", &a, &b, "--url", &c]).expect("curl");
    let got: Vec<&str> = std::str::from_utf8(&out.stdout)
        .unwrap()
        .lines()
        .filter(|l| l.starts_with("GET "))
        .collect();
    assert_eq!(
        got,
        ["GET /1 HTTP/1.1", "GET /2 HTTP/1.1", "GET /3 HTTP/1.1"],
        "curl: {out:?}"
    );
}

#[test]
fn fail_with_body_writes_the_error_page_and_exits_22() {
    if !peer_up(&["echo"]) {
        return;
    }
    let url = echo("/status/404");
    let out = fetch(&["-s", "--fail-with-body", &url]);
    assert_eq!(out.status.code(), Some(22), "{out:?}");
    let (lines, _) = echoed(&out.stdout);
    assert_eq!(lines[0], "GET /status/404 HTTP/1.1");
    assert!(out.stderr.is_empty(), "-s: {out:?}");
    // Said as -f says it; -f alone writes nothing.
    let told = fetch(&["--fail-with-body", &url]);
    let f = fetch(&["-f", &url]);
    assert_eq!(f.status.code(), Some(22));
    assert!(f.stdout.is_empty());
    assert_eq!(told.stderr, f.stderr);
    assert!(
        String::from_utf8_lossy(&told.stderr).contains("404 Not Found"),
        "{told:?}"
    );
    // To a file, which is kept.
    let dir = scratch("failbody");
    let file = dir.join("page");
    let out = fetch(&["-s", "--fail-with-body", "-o", file.to_str().unwrap(), &url]);
    assert_eq!(out.status.code(), Some(22), "{out:?}");
    assert!(
        std::fs::read(&file)
            .unwrap()
            .starts_with(b"GET /status/404 ")
    );
    // A success is one; with -f it is curl's usage error.
    let ok = fetch(&["-s", "--fail-with-body", &echo("/fine")]);
    assert_eq!(ok.status.code(), Some(0), "{ok:?}");
    let both = fetch(&["-s", "-f", "--fail-with-body", &url]);
    assert_eq!(both.status.code(), Some(2), "{both:?}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn curl_fails_with_the_body_alike() {
    if !curl_here() || !peer_up(&["echo"]) {
        return;
    }
    let url = echo("/status/404");
    let dir = scratch("failbody-curl");
    let c = curl(&["-s", "--fail-with-body", &url]).expect("curl");
    assert_eq!(c.status.code(), Some(22));
    assert_eq!(echoed(&c.stdout).0[0], "GET /status/404 HTTP/1.1");
    let cf = dir.join("curl-page");
    let c = curl(&["-s", "--fail-with-body", "-o", cf.to_str().unwrap(), &url]).expect("curl");
    assert_eq!(c.status.code(), Some(22));
    assert!(cf.is_file());
    let c = curl(&["-s", "-f", "--fail-with-body", &url]).expect("curl");
    assert_eq!(c.status.code(), Some(2));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn progress_flags_are_taken_and_no_progress_meter_draws_none() {
    if !peer_up(&["nginx"]) {
        return;
    }
    let url = nginx("/pub/binary.bin");
    for flag in ["--no-progress-meter", "-#", "--progress-bar"] {
        let out = fetch(&[flag, &url]);
        assert_eq!(out.status.code(), Some(0), "{flag}: {out:?}");
        assert!(out.stdout == fixture("anon/pub/binary.bin"), "{flag}");
        // Not a terminal: no bar, as without the flag.
        assert!(out.stderr.is_empty(), "{flag}: {out:?}");
    }
}

#[test]
fn on_a_terminal_a_bar_is_drawn_unless_asked_not_to() {
    // script(1) gives the command a terminal.
    let script = match uniform_testkit::program("script") {
        Ok(p) => p,
        Err(skip) => {
            Skip::new(format!(
                "{}: the bar on a terminal is not checked",
                skip.reason()
            ))
            .record();
            return;
        }
    };
    // A machine without pseudo-terminals has none to give.
    let probe = Command::new(&script)
        .args(["-qec", "true", "/dev/null"])
        .output()
        .expect("script runs");
    if !probe.status.success() {
        Skip::new(format!(
            "script(1) cannot open a terminal here ({}): the bar on a terminal is not checked",
            String::from_utf8_lossy(&probe.stderr).trim()
        ))
        .record();
        return;
    }
    if !peer_up(&["nginx"]) {
        return;
    }
    let url = nginx("/pub/binary.bin");
    let on_terminal = |flags: &str| -> Vec<u8> {
        let line = format!(
            "{} fetch {flags} -o /dev/null {url}",
            env!("CARGO_BIN_EXE_uniform")
        );
        let out = without_proxies(&mut Command::new(&script))
            .args(["-qec", &line, "/dev/null"])
            .output()
            .expect("script runs");
        assert!(out.status.success(), "script -qec {line:?}: {out:?}");
        out.stdout
    };
    assert!(!on_terminal("").is_empty(), "a bar on a terminal");
    assert!(!on_terminal("-#").is_empty());
    assert_eq!(on_terminal("--no-progress-meter"), b"");
    assert_eq!(on_terminal("-# --no-progress-meter"), b"");
    assert_eq!(on_terminal("-s -#"), b"");
}

/// `-G`'s flags and the request line they make for echo's `/x`.
const G_DATA: [(&[&str], &str); 4] = [
    (&["-G", "-d", "a=1", "-d", "b=2"], "GET /x?a=1&b=2 HTTP/1.1"),
    (
        &["-G", "--data-urlencode", "q=a b/c", "-d", "x=1"],
        // The %XX in lower case, as curl's URL API writes them.
        "GET /x?q=a+b%2fc&x=1 HTTP/1.1",
    ),
    (&["-G", "-X", "POST", "-d", "a=1"], "POST /x?a=1 HTTP/1.1"),
    (&["-G"], "GET /x HTTP/1.1"),
];

/// Echo's paths and the request line `-G -d a=1` makes of each.
const G_URLS: [(&str, &str); 5] = [
    ("/x?q=1", "GET /x?q=1&a=1 HTTP/1.1"),
    ("/x?q=1&", "GET /x?q=1&a=1 HTTP/1.1"),
    ("/x?", "GET /x?a=1 HTTP/1.1"),
    ("/x#part", "GET /x?a=1 HTTP/1.1"),
    ("", "GET /?a=1 HTTP/1.1"),
];

#[test]
fn curl_puts_the_data_in_the_query_alike() {
    if !curl_here() || !peer_up(&["echo"]) {
        return;
    }
    for (args, line) in G_DATA {
        let url = echo("/x");
        let c = curl(&[&["-s"][..], args, &[url.as_str()]].concat()).expect("curl");
        assert_eq!(echoed(&c.stdout).0[0], line, "curl {args:?}");
    }
    for (path, line) in G_URLS {
        let url = echo(path);
        let c = curl(&["-s", "-G", "-d", "a=1", &url]).expect("curl");
        assert_eq!(echoed(&c.stdout).0[0], line, "curl {url}");
    }
    let c = curl(&["-s", "-v", "-G", "-I", "-d", "a=1", &echo("/h")]).expect("curl");
    let err = String::from_utf8_lossy(&c.stderr);
    assert!(err.contains("> HEAD /h?a=1 HTTP/1.1"), "{err}");
}

#[test]
fn get_puts_the_data_in_the_query_as_curl_does() {
    if !peer_up(&["echo"]) {
        return;
    }
    for (args, line) in G_DATA {
        let url = echo("/x");
        let all = [&["-s"][..], args, &[url.as_str()]].concat();
        let out = fetch(&all);
        assert_eq!(out.status.code(), Some(0), "{args:?}: {out:?}");
        let (lines, body) = echoed(&out.stdout);
        assert_eq!(lines[0], line, "{args:?}");
        assert!(body.is_empty(), "{args:?}: no body");
        assert!(
            !lines.iter().any(|l| l.starts_with("Content-")),
            "{lines:?}"
        );
        // The plan shows the same target.
        assert_eq!(planned(&[args, &[url.as_str()]].concat())[0], line);
    }
    // The URL's own query, a query ending in '&', a fragment, no path.
    for (path, line) in G_URLS {
        let url = echo(path);
        let all = ["-s", "-G", "-d", "a=1", &url];
        let (lines, _) = echoed(&fetch(&all).stdout);
        assert_eq!(lines[0], line, "{url}");
    }
    // -I: a HEAD of the new target, as curl -v shows it sent.
    let url = echo("/h");
    assert_eq!(
        planned(&["-G", "-I", "-d", "a=1", &url])[0],
        "HEAD /h?a=1 HTTP/1.1"
    );
    // -w's url_effective is the URL with its query, as curl's.
    let out = fetch(&[
        "-s",
        "-G",
        "-d",
        "a=1",
        "-o",
        "/dev/null",
        "-w",
        "%{url_effective}",
        &url,
    ]);
    assert_eq!(String::from_utf8_lossy(&out.stdout), format!("{url}?a=1"));
}

/// The files `--data-urlencode` reads, written in `dir`, and arguments
/// that give its five forms, mixed with the other data flags in their
/// order, to echo's `/form`.
fn urlencode_args(dir: &Path) -> Vec<String> {
    let text = dir.join("text.txt");
    std::fs::write(&text, "l1\r\nl2 é\n").unwrap();
    let all = dir.join("all.bin");
    std::fs::write(&all, (0..=255u8).collect::<Vec<u8>>()).unwrap();
    let (text, all) = (text.display(), all.display());
    [
        "-s",
        "--data-urlencode",
        "plain content=&?/",
        "-d",
        "d=1",
        "--data-urlencode",
        "=a b&c",
        "--data-binary",
        "b=2",
        "--data-urlencode",
        "name=v a/l",
        "--data-raw",
        "@raw",
        "--data-urlencode",
        &format!("@{text}"),
        "--data-urlencode",
        &format!("n@{text}"),
        "--data-urlencode",
        "a@b=c",
        "--data-urlencode",
        &format!("@{all}"),
        &echo("/form"),
    ]
    .map(str::to_string)
    .to_vec()
}

#[test]
fn curl_sends_what_data_urlencode_sends() {
    if !curl_here() || !peer_up(&["echo"]) {
        return;
    }
    let dir = scratch("urlencode-curl");
    let args = urlencode_args(&dir);
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let (lines, body) = echoed(&fetch(&args).stdout);
    let c = curl(&args).expect("curl");
    let (curl_lines, curl_body) = echoed(&c.stdout);
    // Octet for octet, and the same head but for the order of the fields
    // curl and Uniform place differently.
    assert_eq!(
        String::from_utf8(curl_body).unwrap(),
        String::from_utf8(body).unwrap()
    );
    let mut ours = but_connection(&lines);
    let mut theirs = curl_lines;
    ours.sort();
    theirs.sort();
    assert_eq!(ours, theirs);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn data_urlencode_sends_what_curl_sends() {
    if !peer_up(&["echo"]) {
        return;
    }
    let dir = scratch("urlencode");
    let url = echo("/form");
    let args = urlencode_args(&dir);
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let out = fetch(&args);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let (lines, body) = echoed(&out.stdout);
    assert_eq!(lines[0], "POST /form HTTP/1.1");
    let body = String::from_utf8(body).unwrap();
    assert!(
        body.starts_with(
            "plain content=%26%3F%2F&d=1&a+b%26c&b=2&name=v+a%2Fl&@raw&l1%0D%0Al2+%C3%A9%0A&n=l1%0D%0Al2+%C3%A9%0A&a@b=c&%00%01"
        ),
        "{body}"
    );
    assert!(body.ends_with("%7D~%7F%80%81%82%83%84%85%86%87%88%89%8A%8B%8C%8D%8E%8F%90%91%92%93%94%95%96%97%98%99%9A%9B%9C%9D%9E%9F%A0%A1%A2%A3%A4%A5%A6%A7%A8%A9%AA%AB%AC%AD%AE%AF%B0%B1%B2%B3%B4%B5%B6%B7%B8%B9%BA%BB%BC%BD%BE%BF%C0%C1%C2%C3%C4%C5%C6%C7%C8%C9%CA%CB%CC%CD%CE%CF%D0%D1%D2%D3%D4%D5%D6%D7%D8%D9%DA%DB%DC%DD%DE%DF%E0%E1%E2%E3%E4%E5%E6%E7%E8%E9%EA%EB%EC%ED%EE%EF%F0%F1%F2%F3%F4%F5%F6%F7%F8%F9%FA%FB%FC%FD%FE%FF"), "{body}");
    // A file that cannot be read is a usage error (curl warns and sends
    // nothing for it).
    let out = fetch(&["--data-urlencode", "n@/nonexistent/uniform", &url]);
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `-r` ranges of hello.txt and the octets each gives.
fn ranges_of_hello() -> Vec<(&'static str, Vec<u8>)> {
    let hello = fixture("anon/pub/hello.txt");
    let n = hello.len();
    vec![
        ("0-3", hello[..4].to_vec()),
        ("5-", hello[5..].to_vec()),
        ("-7", hello[n - 7..].to_vec()),
        ("2-2", hello[2..3].to_vec()),
    ]
}

#[test]
fn curl_asks_for_the_same_ranges() {
    if !curl_here() || !peer_up(&["nginx", "echo"]) {
        return;
    }
    let url = nginx("/pub/hello.txt");
    for (range, want) in ranges_of_hello() {
        let c = curl(&["-s", "-r", range, &url]).expect("curl");
        assert_eq!(c.stdout, want, "curl -r {range}");
    }
    // A server that ignores the range: 200 and the whole, exit 0.
    let c = curl(&["-s", "-r", "0-3", &echo("/ranged")]).expect("curl");
    assert_eq!(c.status.code(), Some(0));
    assert!(
        echoed(&c.stdout)
            .0
            .contains(&"Range: bytes=0-3".to_string())
    );
}

#[test]
fn range_asks_for_octets_and_a_whole_200_is_written_whole() {
    if !peer_up(&["nginx", "echo"]) {
        return;
    }
    let url = nginx("/pub/hello.txt");
    for (range, want) in ranges_of_hello() {
        let out = fetch(&["-s", "-r", range, &url]);
        assert_eq!(out.status.code(), Some(0), "{range}: {out:?}");
        assert_eq!(out.stdout, want, "{range}");
    }
    // Several ranges: the server's multipart answer, as it comes.
    let out = fetch(&["-s", "-i", "-r", "0-1,4-5", &url]);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    assert!(
        String::from_utf8_lossy(&out.stdout).contains("multipart/byteranges"),
        "{out:?}"
    );
    // A server that ignores it sends 200 and the whole: written, exit 0,
    // as curl 7.88 does (where -C is curl's 33).
    let at = echo("/ranged");
    let all = ["-s", "-r", "0-3", &at];
    let out = fetch(&all);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let (lines, _) = echoed(&out.stdout);
    assert!(lines.contains(&"Range: bytes=0-3".to_string()), "{lines:?}");
    assert!(planned(&["-r", "0-3", &at]).contains(&"Range: bytes=0-3".to_string()));
    // A lone number gets its dash, with curl's warning.
    let out = fetch(&["-r", "5", &at]);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    assert!(
        echoed(&out.stdout)
            .0
            .contains(&"Range: bytes=5-".to_string())
    );
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("5-"),
        "{out:?}"
    );
    // -C wins over -r, as in curl.
    let shown = planned(&["-r", "0-3", "-C", "9", &at]);
    assert!(shown.contains(&"Range: bytes=9-".to_string()), "{shown:?}");
    assert!(
        !shown.contains(&"Range: bytes=0-3".to_string()),
        "{shown:?}"
    );
    // What is no byte range, and FTP, are refused before sending.
    let out = fetch(&["-r", "a-b", &at]);
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    let ftp = format!(
        "ftp://{}:{}/pub/hello.txt",
        host(),
        port("UNIFORM_FTP_PORT")
    );
    let out = fetch(&["-r", "0-3", &ftp]);
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("-r: "),
        "{out:?}"
    );
    let out = uniform(&["plan", "-r", "0-3", &ftp]);
    assert_eq!(out.status.code(), Some(1), "{out:?}");
}

/// The head `-0` sends to echo's `/old` (its User-Agent left out). No
/// Connection field: HTTP/1.0 keeps no connection unless asked.
fn http_1_0_head() -> Vec<String> {
    vec![
        "GET /old HTTP/1.0".into(),
        format!("Host: {}:{}", host(), port(ECHO)),
        "User-Agent: *".into(),
        "Accept: */*".into(),
    ]
}

#[test]
fn curl_sends_http_1_0_alike() {
    if !curl_here() || !peer_up(&["echo"]) {
        return;
    }
    let c = curl(&["-s", "-0", &echo("/old")]).expect("curl");
    assert_eq!(echoed(&c.stdout).0, http_1_0_head(), "curl");
}

#[test]
fn http_1_0_is_sent_and_its_answer_read() {
    if !peer_up(&["nginx", "echo"]) {
        return;
    }
    let url = echo("/old");
    let out = fetch(&["-s", "-0", &url]);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let (lines, _) = echoed(&out.stdout);
    assert_eq!(lines, http_1_0_head());
    let mut shown = planned(&["-0", &url]);
    shown[2] = "User-Agent: *".into();
    assert_eq!(shown, lines);
    // The last of -0 and --http1.1 wins.
    let (lines, _) = echoed(&fetch(&["-s", "-0", "--http1.1", &url]).stdout);
    assert_eq!(lines[0], "GET /old HTTP/1.1");
    let (lines, _) = echoed(&fetch(&["-s", "--http1.1", "-0", &url]).stdout);
    assert_eq!(lines[0], "GET /old HTTP/1.0");
    // The answer is read back whole, and no connection is kept.
    let out = fetch(&["-s", "-0", &nginx("/pub/binary.bin")]);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    assert!(out.stdout == fixture("anon/pub/binary.bin"));
    let out = fetch(&[
        "-s",
        "-0",
        "-o",
        "/dev/null",
        "-o",
        "/dev/null",
        "-w",
        "%{num_connects} %{http_version}\\n",
        &nginx("/pub/hello.txt"),
        &nginx("/pub/hello.txt"),
    ]);
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "1 1.1\n1 1.1\n",
        "{out:?}"
    );
}

#[test]
fn ip_families_and_resolve_choose_the_address_not_the_name() {
    if !peer_up(&["echo", "nginx"]) {
        return;
    }
    let p = port(ECHO);
    // The connection goes to ADDR; the Host field names the host.
    let out = fetch(&pinned_named().each_ref().map(String::as_str));
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let (lines, _) = echoed(&out.stdout);
    assert!(lines.contains(&format!("Host: h.test:{p}")), "{lines:?}");
    for (args, code, ip) in resolve_cases() {
        let out = fetch(&args.iter().map(String::as_str).collect::<Vec<_>>());
        assert_eq!(out.status.code(), Some(code), "{args:?}: {out:?}");
        if code == 0 {
            assert_eq!(String::from_utf8_lossy(&out.stdout), ip, "{args:?}");
        }
    }
    // TLS checks the URL's name, not the address's.
    for (args, code) in tls_names() {
        let out = fetch(&args.iter().map(String::as_str).collect::<Vec<_>>());
        assert_eq!(out.status.code(), Some(code), "{args:?}: {out:?}");
        if code == 0 {
            assert_eq!(out.stdout, fixture("anon/pub/hello.txt"));
        }
    }
}

/// For each `--resolve`, `-4` and `-6` case a fetch connects by, `uniform
/// plan` with the same flags shows the route it took: the address the
/// fetch used (`%{remote_ip}`) is the pin's, of the family shown.
#[test]
fn fetch_connects_where_the_plan_routes() {
    if !peer_up(&["echo"]) {
        return;
    }
    for (args, code, ip) in resolve_cases() {
        if code != 0 {
            continue;
        }
        let out = fetch(&args.iter().map(String::as_str).collect::<Vec<_>>());
        assert_eq!(out.status.code(), Some(0), "{args:?}: {out:?}");
        assert_eq!(String::from_utf8_lossy(&out.stdout), ip, "{args:?}");
        // The routing flags and the URL, without -s -o -w.
        let routing: Vec<&str> = args[5..].iter().map(String::as_str).collect();
        let planned = uniform(&[&["plan"][..], &routing].concat());
        assert_eq!(planned.status.code(), Some(0), "{routing:?}: {planned:?}");
        let text = String::from_utf8_lossy(&planned.stdout);
        let route: Vec<&str> = text.lines().filter(|l| l.starts_with("# route ")).collect();
        assert_eq!(
            route.first(),
            Some(&"# route direct"),
            "{routing:?}: {text}"
        );
        let pins: Vec<&&str> = route.iter().filter(|l| l.contains(" resolve ")).collect();
        if !pins.is_empty() {
            // The last entry for the host is the one in force.
            assert!(
                pins.iter().any(|l| l.split(" -> ").nth(1).is_some_and(|a| a
                    .trim_end_matches(" (--resolve)")
                    .split(", ")
                    .any(|a| a == ip))),
                "{routing:?}: {text}"
            );
        }
        let v4 = route.contains(&"# route family ipv4 (-4)");
        let v6 = route.contains(&"# route family ipv6 (-6)");
        let used: std::net::IpAddr = ip.parse().expect("an address");
        assert!(!v4 || used.is_ipv4(), "{routing:?}: {text}");
        assert!(!v6 || used.is_ipv6(), "{routing:?}: {text}");
        let last_family = routing.iter().rev().find(|a| **a == "-4" || **a == "-6");
        assert_eq!(v4, last_family == Some(&"-4"), "{routing:?}: {text}");
    }
}

#[test]
fn curl_chooses_the_same_addresses() {
    if !curl_here() || !peer_up(&["echo", "nginx"]) {
        return;
    }
    let pinned = pinned_named();
    let pinned = pinned.each_ref().map(String::as_str);
    let ours = echoed(&fetch(&pinned).stdout).0;
    let c = curl(&pinned).expect("curl");
    assert_eq!(echoed(&c.stdout).0, but_connection(&ours), "curl");
    for (args, code, _) in resolve_cases()
        .into_iter()
        .chain(tls_names().into_iter().map(|(args, code)| (args, code, "")))
    {
        let c = curl(&args.iter().map(String::as_str).collect::<Vec<_>>()).expect("curl");
        assert_eq!(c.status.code(), Some(code), "curl {args:?}: {c:?}");
    }
}

/// `h.test` pinned to 127.0.0.1 with `--resolve`, at echo's port.
fn pinned_named() -> [String; 4] {
    let p = port(ECHO);
    [
        "-s".into(),
        "--resolve".into(),
        format!("h.test:{p}:127.0.0.1"),
        format!("http://h.test:{p}/named"),
    ]
}

/// `-4`, `-6` and `--resolve` at echo's port, each with curl 7.88's exit
/// status, and the address used (`-w %{remote_ip}`).
fn resolve_cases() -> Vec<(Vec<String>, i32, &'static str)> {
    let p = port(ECHO);
    let named = format!("http://h.test:{p}/named");
    let pin = |addrs: &str| format!("h.test:{p}:{addrs}");
    let both = pin("[::1],127.0.0.1");
    let v4 = pin("127.0.0.1");
    let v6_first = pin("[::1]");
    let literal = echo("/literal");
    let star = format!("*:{p}:127.0.0.1");
    let forget = format!("-h.test:{p}");
    let cases: [(Vec<&str>, i32, &str); 11] = [
        (vec!["-4", "--resolve", &both, &named], 0, "127.0.0.1"),
        // Nothing listens on ::1 there.
        (vec!["-6", "--resolve", &both, &named], 7, ""),
        (vec!["-6", "--resolve", &v4, &named], 6, ""),
        (vec!["-6", &literal], 7, ""),
        (vec!["-4", "-6", "-4", &literal], 0, "127.0.0.1"),
        // A later entry for the same host and port replaces the first.
        (
            vec!["--resolve", &v6_first, "--resolve", &v4, &named],
            0,
            "127.0.0.1",
        ),
        (vec!["--resolve", &star, &named], 0, "127.0.0.1"),
        (vec!["--resolve", &v4, "--resolve", &forget, &named], 6, ""),
        (vec!["--resolve", "h.test:x:127.0.0.1", &named], 49, ""),
        (vec!["--resolve", "h.test:80", &named], 49, ""),
        (vec!["--resolve", "h.test:80:nowhere", &named], 49, ""),
    ];
    let w = ["-s", "-o", "/dev/null", "-w", "%{remote_ip}"];
    cases
        .into_iter()
        .map(|(args, code, ip)| {
            let all = w.iter().chain(&args).map(|a| a.to_string()).collect();
            (all, code, ip)
        })
        .collect()
}

/// nginx's TLS server pinned to 127.0.0.1 under its own name and another
/// one, with curl 7.88's exit status: TLS checks the URL's name.
fn tls_names() -> Vec<(Vec<String>, i32)> {
    let ca = PathBuf::from(setting("UNIFORM_PEERS_DIR")).join("http/tls/ca.pem");
    let tls = port("UNIFORM_HTTPS_PORT");
    [("localhost", 0), ("other.test", 60)]
        .into_iter()
        .map(|(name, code)| {
            let args = vec![
                "-s".to_string(),
                "--cacert".into(),
                ca.display().to_string(),
                "--resolve".into(),
                format!("{name}:{tls}:127.0.0.1"),
                format!("https://{name}:{tls}/pub/hello.txt"),
            ];
            (args, code)
        })
        .collect()
}

/// `--output-dir` cases for hello.txt, each with curl 7.88's exit status.
const OUTPUT_DIRS: [(&[&str], i32); 6] = [
    // No such directory: curl's 23, nothing written.
    (&["--output-dir", "d1", "-O"], 23),
    (&["--output-dir", "d1", "--create-dirs", "-O"], 0),
    (
        &["--output-dir", "d2/sub", "--create-dirs", "-o", "x/y.txt"],
        0,
    ),
    // An absolute FILE goes in DIR too, as curl joins them.
    (
        &["--output-dir", "d3", "--create-dirs", "-o", "/abs.txt"],
        0,
    ),
    (&["--output-dir", "d1", "-o", "plain.txt"], 0),
    // Standard output stays standard output.
    (&["--output-dir", "nowhere", "-o", "-"], 0),
];

/// The files the [`OUTPUT_DIRS`] cases leave, in order.
fn output_dir_files() -> Vec<(String, Vec<u8>)> {
    let hello = fixture("anon/pub/hello.txt");
    [
        "d1/hello.txt",
        "d1/plain.txt",
        "d2/sub/x/y.txt",
        "d3/abs.txt",
    ]
    .iter()
    .map(|p| (p.to_string(), hello.clone()))
    .collect()
}

#[test]
fn output_dir_holds_the_files_as_curls_does() {
    if !peer_up(&["nginx"]) {
        return;
    }
    let url = nginx("/pub/hello.txt");
    let dir = scratch("outdir");
    for (args, code) in OUTPUT_DIRS {
        let all = [&["fetch", "-s"][..], args, &[url.as_str()]].concat();
        let out = uniform_in(Some(&dir), &all);
        assert_eq!(out.status.code(), Some(code), "{args:?}: {out:?}");
        if args.contains(&"-") {
            assert_eq!(out.stdout, fixture("anon/pub/hello.txt"));
        }
    }
    assert_eq!(tree(&dir), output_dir_files());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn curl_holds_the_same_files_in_its_output_dir() {
    if !curl_here() || !peer_up(&["nginx"]) {
        return;
    }
    let url = nginx("/pub/hello.txt");
    let dir = scratch("outdir-curl");
    for (args, code) in OUTPUT_DIRS {
        let all = [&["-s"][..], args, &[url.as_str()]].concat();
        let c = curl_in(Some(&dir), &all).expect("curl");
        assert_eq!(c.status.code(), Some(code), "curl {args:?}");
    }
    assert_eq!(tree(&dir), output_dir_files(), "curl's files");
    std::fs::remove_dir_all(&dir).unwrap();
}
