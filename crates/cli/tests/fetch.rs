//! `uniform fetch` as a user runs it, against the real peer servers
//! (scripts/peers): bytes compared with the fixtures, exit statuses, the
//! output file written atomically, messages and JSON without passwords.

use serde_json::Value;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

// Where the peer servers listen, starting them on demand (a test whose
// peer cannot be started is recorded as skipped), and their fixtures.
use uniform_testkit::{fixture, host, peer_up, port, scratch, setting, without_proxies};

struct Output {
    code: i32,
    stdout: Vec<u8>,
    stderr: String,
}

impl std::fmt::Debug for Output {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "exit {}\n--- stdout\n{}--- stderr\n{}",
            self.code,
            String::from_utf8_lossy(&self.stdout),
            self.stderr
        )
    }
}

impl Output {
    fn json(&self) -> Value {
        serde_json::from_slice(&self.stdout).unwrap_or_else(|e| panic!("{e}: {self:?}"))
    }
}

fn run(args: &[&str], stdin: &[u8]) -> Output {
    // A proxy of the machine running the tests must not reroute them.
    let mut child = without_proxies(&mut Command::new(env!("CARGO_BIN_EXE_uniform")))
        .arg("fetch")
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut input = child.stdin.take().unwrap();
    let stdin = stdin.to_vec();
    let writer = std::thread::spawn(move || {
        let _ = input.write_all(&stdin);
    });
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    Output {
        code: out.status.code().expect("exited"),
        stdout: out.stdout,
        stderr: String::from_utf8(out.stderr).unwrap(),
    }
}

fn fetch(args: &[&str]) -> Output {
    run(args, b"")
}

const NGINX: &str = "UNIFORM_HTTP_PORT";

fn http(path: &str) -> String {
    format!("http://{}:{}{path}", host(), port(NGINX))
}

fn names(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    v.sort();
    v
}

#[test]
fn an_http_file_goes_to_standard_output() {
    if !peer_up(&["nginx"]) {
        return;
    }
    let out = fetch(&[&http("/pub/binary.bin")]);
    assert_eq!(out.code, 0, "{out:?}");
    assert!(
        out.stdout == fixture("anon/pub/binary.bin"),
        "the bytes differ"
    );
    assert!(out.stderr.is_empty(), "{out:?}");
    let dash = fetch(&[&http("/pub/hello.txt"), "-o", "-"]);
    assert_eq!(dash.stdout, fixture("anon/pub/hello.txt"));
}

#[test]
fn output_files_are_written_whole_or_not_at_all() {
    if !peer_up(&["nginx"]) {
        return;
    }
    let dir = scratch("atomic");
    let target = dir.join("hello.txt");
    let t = target.to_str().unwrap();
    let out = fetch(&[&http("/pub/hello.txt"), "-o", t]);
    assert_eq!(out.code, 0, "{out:?}");
    assert_eq!(
        std::fs::read(&target).unwrap(),
        fixture("anon/pub/hello.txt")
    );
    assert_eq!(names(&dir), ["hello.txt"], "no temporary file is left");

    // A failure leaves neither the file nor its temporary.
    let missing = dir.join("missing.txt");
    let out = fetch(&[
        &http("/pub/missing.txt"),
        "-f",
        "-o",
        missing.to_str().unwrap(),
    ]);
    assert_eq!(out.code, 22, "{out:?}");
    assert_eq!(names(&dir), ["hello.txt"]);

    // An existing file is replaced only by a complete one.
    let out = fetch(&[&http("/pub/missing.txt"), "-f", "-o", t]);
    assert_eq!(out.code, 22, "{out:?}");
    assert_eq!(
        std::fs::read(&target).unwrap(),
        fixture("anon/pub/hello.txt")
    );
    let out = fetch(&[&http("/pub/dots.txt"), "-o", t]);
    assert_eq!(out.code, 0, "{out:?}");
    assert_eq!(
        std::fs::read(&target).unwrap(),
        fixture("anon/pub/dots.txt")
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn output_to_dev_null_is_written_directly() {
    if !peer_up(&["nginx"]) {
        return;
    }
    let out = fetch(&[&http("/large/large.bin"), "-o", "/dev/null", "--json"]);
    assert_eq!(out.code, 0, "{out:?}");
    let v = out.json();
    assert_eq!(v["bytes"], fixture("anon/large/large.bin").len() as u64);
    assert_eq!(v["output"], "/dev/null");
}

#[test]
fn an_unwritable_directory_fails_with_no_file() {
    if !peer_up(&["nginx"]) {
        return;
    }
    let dir = scratch("readonly");
    let mut perms = std::fs::metadata(&dir).unwrap().permissions();
    std::os::unix::fs::PermissionsExt::set_mode(&mut perms, 0o555);
    std::fs::set_permissions(&dir, perms).unwrap();
    // Root writes into a 0555 directory anyway; /sys is read-only to all.
    let readonly = if std::fs::File::create(dir.join("probe")).is_ok() {
        PathBuf::from("/sys")
    } else {
        dir.clone()
    };
    let target = readonly.join(format!("uniform-fetch-test-{}.txt", std::process::id()));
    let out = fetch(&[&http("/pub/hello.txt"), "-o", target.to_str().unwrap()]);
    assert_eq!(out.code, 1, "{out:?}");
    assert!(out.stderr.contains("cannot write"), "{out:?}");
    assert!(!target.exists());
    assert!(!std::fs::read_dir(&readonly).unwrap().any(|e| {
        e.unwrap()
            .file_name()
            .to_string_lossy()
            .contains("uniform-fetch-test")
    }));
    let mut perms = std::fs::metadata(&dir).unwrap().permissions();
    std::os::unix::fs::PermissionsExt::set_mode(&mut perms, 0o755);
    std::fs::set_permissions(&dir, perms).unwrap();
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_refused_url_exits_1_naming_the_rule() {
    // Refused before any connection: no server needed.
    let out = fetch(&["http://127.0.0.1:25/"]);
    assert_eq!(out.code, 1, "{out:?}");
    assert!(
        out.stderr.contains("bad-port") && out.stderr.contains("--allow-port 25"),
        "{out:?}"
    );
    let out = fetch(&["--json", "gopher://127.0.0.1:7070/0a%0D%0AQUIT"]);
    assert_eq!(out.code, 1, "{out:?}");
    let v = out.json();
    assert_eq!(v["error"]["kind"], "refused");
    assert_eq!(v["error"]["rule"], "line-break-injection");
}

#[test]
fn a_404_is_a_response_and_with_f_a_failure_quoting_the_status_line() {
    if !peer_up(&["nginx"]) {
        return;
    }
    // As curl: without -f, the server's page is the output.
    let out = fetch(&[&http("/pub/nope.txt")]);
    assert_eq!(out.code, 0, "{out:?}");
    assert!(
        String::from_utf8_lossy(&out.stdout).contains("404 Not Found"),
        "{out:?}"
    );
    let out = fetch(&[&http("/pub/nope.txt"), "-f"]);
    assert_eq!(out.code, 22, "{out:?}");
    assert!(out.stdout.is_empty());
    assert!(
        out.stderr
            .contains(&format!("{}: GET /pub/nope.txt", http(""))),
        "{out:?}"
    );
    assert!(
        out.stderr
            .contains("the server said \"HTTP/1.1 404 Not Found\""),
        "{out:?}"
    );
}

#[test]
fn errors_and_json_never_show_the_password() {
    if !peer_up(&["nginx"]) {
        return;
    }
    let url = format!(
        "http://urltest:not-the-pw-s3cret@{}:{}/private/private.txt",
        host(),
        port(NGINX)
    );
    for args in [vec![url.as_str(), "-f"], vec![url.as_str(), "-f", "--json"]] {
        let out = fetch(&args);
        assert_eq!(out.code, 22, "{out:?}");
        let all = format!("{}{}", String::from_utf8_lossy(&out.stdout), out.stderr);
        assert!(!all.contains("not-the-pw-s3cret"), "{out:?}");
        assert!(all.contains("401"), "{out:?}");
    }
    let out = fetch(&[url.as_str(), "-f", "--json"]);
    let v = out.json();
    assert_eq!(v["error"]["kind"], "auth");
    assert_eq!(v["error"]["scheme"], "http");
    assert_eq!(v["error"]["reply"], "HTTP/1.1 401 Unauthorized");
    assert!(v["input"].as_str().unwrap().contains("urltest:****@"));
}

#[test]
fn the_password_comes_from_standard_input() {
    if !peer_up(&["nginx"]) {
        return;
    }
    let user = setting("UNIFORM_PEER_USER");
    let pw = setting("UNIFORM_PEER_PASSWORD");
    let url = format!(
        "http://{user}@{}:{}/private/private.txt",
        host(),
        port(NGINX)
    );
    let out = run(
        &[&url, "--password-stdin", "-q"],
        format!("{pw}\r\n").as_bytes(),
    );
    assert_eq!(out.code, 0, "{out:?}");
    assert_eq!(out.stdout, fixture("user/private.txt"));
    assert!(out.stderr.is_empty(), "--quiet: {out:?}");
}

#[test]
fn with_no_terminal_to_ask_on_a_missing_password_is_an_error() {
    // setsid: a session of its own has no controlling terminal, whatever
    // the terminal the tests run on.
    let setsid = match uniform_testkit::program("setsid") {
        Ok(p) => p,
        Err(skip) => {
            uniform_testkit::Skip::new(format!(
                "{}: a fetch without a terminal to ask on cannot be run",
                skip.reason()
            ))
            .record();
            return;
        }
    };
    if !peer_up(&["nginx"]) {
        return;
    }
    let user = setting("UNIFORM_PEER_USER");
    let url = format!(
        "http://{user}@{}:{}/private/private.txt",
        host(),
        port(NGINX)
    );
    let out = without_proxies(&mut Command::new(setsid))
        .args([env!("CARGO_BIN_EXE_uniform"), "fetch", "-q", &url])
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("no password"),
        "{out:?}"
    );
}

#[test]
fn redirects_follow_the_limit_and_never_to_file() {
    if !peer_up(&["nginx"]) {
        return;
    }
    assert_eq!(
        fetch(&[&http("/redirect"), "-L"]).stdout,
        fixture("anon/pub/hello.txt")
    );
    // As curl: without -L, the redirect is the response.
    let out = fetch(&[&http("/redirect"), "-i"]);
    assert_eq!(out.code, 0, "{out:?}");
    let text = String::from_utf8_lossy(&out.stdout).to_ascii_lowercase();
    assert!(text.starts_with("http/1.1 302 "), "{out:?}");
    assert!(text.contains("\r\nlocation: "), "{out:?}");
    let out = fetch(&[&http("/redirect"), "-L", "--max-redirects", "0"]);
    assert_eq!(out.code, 1, "{out:?}");
    assert!(out.stderr.contains("more than 0 redirects"), "{out:?}");
    let out = fetch(&[&http("/evil-redirect"), "-L"]);
    assert_eq!(out.code, 1, "{out:?}");
    assert!(out.stderr.contains("CVE-2009-0037"), "{out:?}");
}

#[test]
fn a_gateway_gets_the_whole_url() {
    if !peer_up(&["nginx"]) {
        return;
    }
    // nginx answers an absolute-form request for its own files: it stands
    // in for a gateway here (the access tests record the request line).
    let gw = format!("ftp=http://{}:{}", host(), port(NGINX));
    let ftp = format!(
        "ftp://{}:{}/pub/hello.txt",
        host(),
        port("UNIFORM_FTP_PORT")
    );
    let out = fetch(&[&ftp, "--gateway", &gw]);
    assert_eq!(out.code, 0, "{out:?}");
    assert_eq!(out.stdout, fixture("anon/pub/hello.txt"));
}

#[test]
fn a_gophernicus_text_is_kept_with_one_warning_and_refused_when_strict() {
    if !peer_up(&["gophernicus"]) {
        return;
    }
    // gophernicus ends a text by closing, without RFC 1436's "." line: the
    // text is the whole file, as curl and lynx take it, and the user is
    // told once.
    let url = format!(
        "gopher://{}:{}/0/hello.txt",
        host(),
        port("UNIFORM_GOPHER_PORT")
    );
    let out = fetch(&[&url]);
    assert_eq!(out.code, 0, "{out:?}");
    assert_eq!(out.stdout, fixture("anon/pub/hello.txt"));
    assert_eq!(out.stderr.lines().count(), 1, "{out:?}");
    assert!(
        out.stderr.starts_with("uniform: warning: ") && out.stderr.contains("RFC 1436"),
        "{out:?}"
    );
    // --gopher-strict, or the configuration file's gopher-strict: exit 18.
    let strict = fetch(&["--gopher-strict", &url]);
    assert_eq!(strict.code, 18, "{strict:?}");
    assert!(strict.stderr.contains("--gopher-strict"), "{strict:?}");
    let dir = scratch("gopher-strict-config");
    std::fs::create_dir_all(dir.join("uniform")).unwrap();
    std::fs::write(dir.join("uniform/config.toml"), "gopher-strict = true\n").unwrap();
    let configured = |flags: &[&str]| {
        without_proxies(&mut Command::new(env!("CARGO_BIN_EXE_uniform")))
            .env("XDG_CONFIG_HOME", &dir)
            .arg("fetch")
            .args(flags)
            .arg(&url)
            .output()
            .unwrap()
    };
    let strict = configured(&[]);
    assert_eq!(strict.status.code(), Some(18), "{strict:?}");
    let overridden = configured(&["--gopher-text-to-close"]);
    assert_eq!(overridden.status.code(), Some(0), "{overridden:?}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_type_7_item_without_a_search_needs_one() {
    if !peer_up(&["gophernicus"]) {
        return;
    }
    // RFC 1738 3.4: a search item is sent its search; standard input is
    // no terminal here, so there is no one to ask.
    let url = format!(
        "gopher://{}:{}/7/cgi-bin/search",
        host(),
        port("UNIFORM_GOPHER_PORT")
    );
    let out = fetch(&[&url]);
    assert_eq!(out.code, 1, "{out:?}");
    assert!(out.stdout.is_empty(), "{out:?}");
    assert!(
        out.stderr
            .contains("needs a search: give --query or add %09words to the URL"),
        "{out:?}"
    );
}

#[test]
fn usage_errors_exit_2() {
    for args in [
        vec!["http://h/", "--gateway", "ftp"],
        vec!["http://h/", "--gateway", "telnet=http://gw/"],
        vec!["http://h/", "--gateway", "ftp=socks5://gw/"],
        vec!["http://h/", "--timeout", "0"],
        vec!["http://h/", "--max-time", "soon"],
        vec!["http://h/", "--max-redirects", "-1"],
        vec![],
    ] {
        let out = fetch(&args);
        assert_eq!(out.code, 2, "{args:?}: {out:?}");
    }
}

#[test]
fn a_bad_proxy_variable_is_a_usage_error() {
    let out = Command::new(env!("CARGO_BIN_EXE_uniform"))
        .args(["fetch", "http://127.0.0.1:25/"])
        .env("gopher_proxy", "socks6://127.0.0.1:1080")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("gopher_proxy"),
        "{out:?}"
    );
}

#[test]
fn listings_print_as_text_or_json_without_passwords() {
    if !peer_up(&["vsftpd"]) {
        return;
    }
    let user = setting("UNIFORM_PEER_USER");
    let pw = setting("UNIFORM_PEER_PASSWORD");
    let url = format!(
        "ftp://{user}:{pw}@{}:{}/pub/",
        host(),
        port("UNIFORM_FTP_PORT")
    );
    let out = fetch(&[&url, "--json"]);
    assert_eq!(out.code, 0, "{out:?}");
    let v = out.json();
    assert!(
        !String::from_utf8_lossy(&out.stdout).contains(&pw),
        "{out:?}"
    );
    let entries = v["entries"].as_array().unwrap();
    assert!(entries.iter().any(|e| e["name"] == "hello.txt"), "{out:?}");
    let text = fetch(&[&url]);
    assert_eq!(text.code, 0, "{text:?}");
    let text = String::from_utf8(text.stdout).unwrap();
    assert!(text.lines().any(|l| l.contains("hello.txt")), "{text}");
    assert!(!text.contains(&pw), "{text}");
}

#[test]
fn a_mailto_message_from_flags_or_standard_input() {
    if !peer_up(&["aiosmtpd"]) {
        return;
    }
    let relay = format!("{}:{}", host(), port("UNIFORM_SMTP_PORT"));
    let maildir = PathBuf::from(setting("UNIFORM_SMTP_MAILDIR")).join("new");
    let delivered = |tag: &str| -> Option<String> {
        std::fs::read_dir(&maildir).ok()?.find_map(|e| {
            let text = std::fs::read_to_string(e.ok()?.path()).ok()?;
            text.contains(tag).then_some(text)
        })
    };
    let tag = format!("uniform-fetch-cli-{}", std::process::id());
    let flags = [
        "--smtp-server",
        relay.as_str(),
        "--from",
        "sender@example.org",
        "-q",
    ];

    let mut args = vec![
        "mailto:rcpt@example.org",
        "--subject",
        tag.as_str(),
        "--body",
        "from the flag",
    ];
    args.extend(flags);
    let out = fetch(&args);
    assert_eq!(out.code, 0, "{out:?}");
    let mail = delivered(&tag).expect("the message was delivered");
    assert!(mail.contains("from the flag"), "{mail}");

    let stdin_tag = format!("{tag}-stdin");
    let mut args = vec![
        "mailto:rcpt@example.org",
        "--subject",
        stdin_tag.as_str(),
        "--json",
    ];
    args.extend(flags);
    let out = run(&args, b"line one\nline two\n");
    assert_eq!(out.code, 0, "{out:?}");
    assert_eq!(out.json()["sent"], true);
    let mail = delivered(&stdin_tag).expect("the message was delivered");
    assert!(
        mail.contains("line one") && mail.contains("line two"),
        "{mail}"
    );

    // Standard input cannot be both the password and the message.
    let mut args = vec!["mailto:rcpt@example.org", "--password-stdin"];
    args.extend(flags);
    assert_eq!(run(&args, b"pw\n").code, 2);
}

#[test]
fn an_output_that_is_a_directory_fails_before_connecting() {
    let dir = scratch("dir-output");
    // Port 9 is one the policy refuses: the error names the directory,
    // so the output was checked first, with no server needed.
    let out = fetch(&["http://127.0.0.1:9/x", "-o", dir.to_str().unwrap()]);
    assert_eq!(out.code, 1, "{out:?}");
    assert!(out.stderr.contains("is a directory"), "{out:?}");
    assert!(names(&dir).is_empty());
    std::fs::remove_dir_all(&dir).unwrap();
}

// curl's options (issue 18), against nginx and the echo server, which
// answers with the request as it came (scripts/peers/echo.py).

const ECHO: &str = "UNIFORM_PEER_ECHO_PORT";

fn echo(path: &str) -> String {
    format!("http://{}:{}{path}", host(), port(ECHO))
}

/// The echoed request: its lines (header names lower-cased, as field
/// names are case-insensitive) and its body.
fn echoed(out: &Output) -> (Vec<String>, Vec<u8>) {
    let text = out.stdout.clone();
    let split = text
        .windows(2)
        .position(|w| w == b"\n\n")
        .unwrap_or_else(|| panic!("no head: {out:?}"));
    let head = String::from_utf8_lossy(&text[..split]);
    let mut lines: Vec<String> = head.lines().map(str::to_string).collect();
    for l in lines.iter_mut().skip(1) {
        if let Some((n, v)) = l.split_once(':') {
            *l = format!("{}:{v}", n.to_ascii_lowercase());
        }
    }
    (lines, text[split + 2..].to_vec())
}

#[test]
fn data_headers_and_methods_reach_the_server_as_asked() {
    if !peer_up(&["echo"]) {
        return;
    }
    // -d: a POST of a form, curl's Content-Type, the length.
    let out = fetch(&[&echo("/form"), "-d", "a=1", "-d", "b=2"]);
    assert_eq!(out.code, 0, "{out:?}");
    let (lines, body) = echoed(&out);
    assert_eq!(lines[0], "POST /form HTTP/1.1");
    assert!(
        lines.contains(&"content-length: 7".to_string()),
        "{lines:?}"
    );
    assert!(
        lines.contains(&"content-type: application/x-www-form-urlencoded".to_string()),
        "{lines:?}"
    );
    assert_eq!(body, b"a=1&b=2");

    // --data-binary @FILE: the octets as they are; -d @FILE: without
    // its line breaks.
    let dir = scratch("data");
    let file = dir.join("body.bin");
    std::fs::write(&file, b"x\r\ny\n\0z").unwrap();
    let at = format!("@{}", file.display());
    let (_, body) = echoed(&fetch(&[&echo("/b"), "--data-binary", &at]));
    assert_eq!(body, b"x\r\ny\n\0z");
    let (_, body) = echoed(&fetch(&[&echo("/b"), "-d", &at]));
    assert_eq!(body, b"xy\0z");
    // @- reads standard input.
    let out = run(&[&echo("/b"), "--data-binary", "@-"], b"from stdin");
    assert_eq!(echoed(&out).1, b"from stdin");

    // -H replaces a field where it stands, removes one, adds one; -X.
    let out = fetch(&[
        &echo("/h"),
        "-X",
        "PROPFIND",
        "-H",
        "User-Agent: curl/8.0",
        "-H",
        "Accept:",
        "-H",
        "X-Trace: 7",
        "-H",
        "X-Empty;",
    ]);
    let (lines, body) = echoed(&out);
    assert_eq!(lines[0], "PROPFIND /h HTTP/1.1");
    assert!(
        lines.contains(&"user-agent: curl/8.0".to_string()),
        "{lines:?}"
    );
    assert!(!lines.iter().any(|l| l.starts_with("accept:")), "{lines:?}");
    assert!(lines.contains(&"x-trace: 7".to_string()), "{lines:?}");
    assert!(
        lines.iter().any(|l| l.trim_end() == "x-empty:"),
        "{lines:?}"
    );
    assert!(body.is_empty());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_header_that_would_break_the_request_is_refused_before_sending() {
    if !peer_up(&["echo"]) {
        return;
    }
    for bad in ["X-A: 1\r\nX-Injected: 1", "X-A: 1\nX-B: 2", "X A: 1"] {
        let out = fetch(&[&echo("/h"), "-H", bad, "--json"]);
        assert_eq!(out.code, 1, "{bad:?}: {out:?}");
        let v = out.json();
        assert_eq!(v["error"]["kind"], "refused", "{bad:?}: {out:?}");
    }
    let out = fetch(&[&echo("/h"), "-X", "GET /evil HTTP/1.0\r\n"]);
    assert_eq!(out.code, 1, "{out:?}");
    assert!(out.stdout.is_empty());
    assert!(out.stderr.contains("field-grammar"), "{out:?}");
    // So does the plan, with the same flags.
    let plan = Command::new(env!("CARGO_BIN_EXE_uniform"))
        .args(["plan", "-H", "X-A: 1\r\nX-B: 2", &echo("/h")])
        .output()
        .unwrap();
    assert_eq!(plan.status.code(), Some(1), "{plan:?}");
}

#[test]
fn head_and_include_print_the_response_head() {
    if !peer_up(&["nginx"]) {
        return;
    }
    let out = fetch(&[&http("/pub/hello.txt"), "-I"]);
    assert_eq!(out.code, 0, "{out:?}");
    let text = String::from_utf8_lossy(&out.stdout).to_ascii_lowercase();
    assert!(text.starts_with("http/1.1 200 ok\r\n"), "{out:?}");
    let length = fixture("anon/pub/hello.txt").len();
    assert!(
        text.contains(&format!("\r\ncontent-length: {length}\r\n")),
        "{out:?}"
    );
    assert!(text.ends_with("\r\n\r\n"), "the head only: {out:?}");
    // -i: the head, then the object.
    let out = fetch(&[&http("/pub/hello.txt"), "-i"]);
    assert!(out.stdout.starts_with(b"HTTP/1.1 200 OK\r\n"), "{out:?}");
    assert!(
        out.stdout.ends_with(&fixture("anon/pub/hello.txt")),
        "{out:?}"
    );
    // -I of a scheme whose head is not read yet is a usage error.
    let out = fetch(&["gopher://127.0.0.1:7070/0x", "-I"]);
    assert_eq!(out.code, 2, "{out:?}");
}

#[test]
fn fail_silent_and_show_error_as_curl() {
    if !peer_up(&["echo"]) {
        return;
    }
    let out = fetch(&[&echo("/status/500"), "-f"]);
    assert_eq!(out.code, 22, "{out:?}");
    assert!(out.stdout.is_empty());
    assert!(out.stderr.contains("500"), "{out:?}");
    let out = fetch(&[&echo("/status/404"), "-f", "-s"]);
    assert_eq!(out.code, 22, "{out:?}");
    assert!(out.stderr.is_empty(), "-s: {out:?}");
    let out = fetch(&[&echo("/status/404"), "-fsS"]);
    assert_eq!(out.code, 22, "{out:?}");
    assert!(out.stderr.contains("404"), "-S: {out:?}");
    // Without -f the error page is the output.
    let out = fetch(&[&echo("/status/503"), "-s"]);
    assert_eq!(out.code, 0, "{out:?}");
    assert_eq!(echoed(&out).0[0], "GET /status/503 HTTP/1.1");
}

#[test]
fn write_out_reports_each_transfer() {
    if !peer_up(&["nginx"]) {
        return;
    }
    let format = "%{response_code} %{http_code} %{num_redirects} %{size_download} %{url_effective} %{content_type} %{scheme} %{method} %{urlnum} %{exitcode}\\n";
    let out = fetch(&[
        &http("/redirect"),
        "-L",
        "-s",
        "-o",
        "/dev/null",
        "-w",
        format,
    ]);
    assert_eq!(out.code, 0, "{out:?}");
    let length = fixture("anon/pub/hello.txt").len();
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        format!(
            "200 200 1 {length} {} text/plain HTTP GET 0 0\n",
            http("/pub/hello.txt")
        )
    );
    // A failure is reported too: its code and message.
    let out = fetch(&[
        &http("/pub/nope.txt"),
        "-fs",
        "-w",
        "%{response_code} %{exitcode} [%{errormsg}]",
    ]);
    assert_eq!(out.code, 22, "{out:?}");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.starts_with("404 22 ["), "{out:?}");
    assert!(text.contains("404 Not Found"), "{out:?}");
    // %{time_total} is seconds with six decimals.
    let out = fetch(&[
        &http("/pub/hello.txt"),
        "-o",
        "/dev/null",
        "-w",
        "%{time_total}",
    ]);
    let t = String::from_utf8_lossy(&out.stdout).to_string();
    assert!(
        t.parse::<f64>().is_ok() && t.split('.').nth(1).map(str::len) == Some(6),
        "{t:?}"
    );
}

#[test]
fn several_urls_go_in_order_to_their_outputs() {
    if !peer_up(&["nginx"]) {
        return;
    }
    let dir = scratch("several");
    let a = dir.join("a");
    let out = fetch(&[
        &http("/pub/hello.txt"),
        &http("/search?x"),
        "-o",
        a.to_str().unwrap(),
    ]);
    assert_eq!(out.code, 0, "{out:?}");
    assert_eq!(std::fs::read(&a).unwrap(), fixture("anon/pub/hello.txt"));
    // The second, with no -o of its own, goes to standard output.
    assert_eq!(out.stdout, b"query=x\n");
    // -O: the URL's last segment, in the current directory.
    let o = without_proxies(&mut Command::new(env!("CARGO_BIN_EXE_uniform")))
        .args(["fetch", "-O", &http("/pub/hello.txt")])
        .current_dir(&dir)
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(0), "{o:?}");
    assert_eq!(
        std::fs::read(dir.join("hello.txt")).unwrap(),
        fixture("anon/pub/hello.txt")
    );
    let out = fetch(&[&http("/"), "-O"]);
    assert_eq!(out.code, 23, "no file name: {out:?}");
    // A failure does not stop the rest; the status is the failure's.
    let out = fetch(&[&http("/pub/nope.txt"), &http("/search?y"), "-f"]);
    assert_eq!(out.code, 22, "{out:?}");
    assert_eq!(out.stdout, b"query=y\n");
    // More -o than URLs is a usage error.
    let out = fetch(&[&http("/"), "-o", "x", "-o", "y"]);
    assert_eq!(out.code, 2, "{out:?}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_url_without_a_scheme_is_guessed_as_curl_does() {
    if !peer_up(&["nginx"]) {
        return;
    }
    let bare = format!("{}:{}/pub/hello.txt", host(), port(NGINX));
    let out = fetch(&[&bare]);
    assert_eq!(out.code, 0, "{out:?}");
    assert_eq!(out.stdout, fixture("anon/pub/hello.txt"));
    let out = fetch(&[&bare, "-o", "/dev/null", "-w", "%{url_effective}"]);
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        format!("http://{bare}")
    );
}

#[test]
fn the_user_option_logs_in() {
    if !peer_up(&["nginx"]) {
        return;
    }
    let user = setting("UNIFORM_PEER_USER");
    let pw = setting("UNIFORM_PEER_PASSWORD");
    let url = http("/private/private.txt");
    let out = fetch(&[&url, "-u", &format!("{user}:{pw}")]);
    assert_eq!(out.code, 0, "{out:?}");
    assert_eq!(out.stdout, fixture("user/private.txt"));
    let out = fetch(&[&url, "-u", &format!("{user}:wrong-{pw}"), "-f", "--json"]);
    assert_eq!(out.code, 22, "{out:?}");
    let all = format!("{}{}", String::from_utf8_lossy(&out.stdout), out.stderr);
    assert!(!all.contains(&format!("wrong-{pw}")), "{out:?}");
}

#[test]
fn a_gateway_is_sent_the_request_as_the_plan_shows_it() {
    if !peer_up(&["echo"]) {
        return;
    }
    let gateway = format!("http={}", echo(""));
    let args = [
        "--gateway",
        gateway.as_str(),
        "-d",
        "x=1",
        "-H",
        "X-A: 2",
        "http://example.invalid/p",
    ];
    let out = fetch(&args);
    assert_eq!(out.code, 0, "{out:?}");
    // Through the gateway the request goes byte for byte as planned:
    // the lines `uniform plan` prints with the same flags.
    let plan = Command::new(env!("CARGO_BIN_EXE_uniform"))
        .arg("plan")
        .args(args)
        .output()
        .unwrap();
    let planned: Vec<String> = String::from_utf8_lossy(&plan.stdout)
        .lines()
        .filter_map(|l| l.strip_prefix("> "))
        .map(str::to_string)
        .filter(|l| !l.is_empty())
        .collect();
    let text = String::from_utf8_lossy(&out.stdout);
    let (head, body) = text.split_once("\n\n").unwrap();
    assert_eq!(head.lines().collect::<Vec<_>>(), planned, "{out:?}");
    assert_eq!(body, "x=1");
}

#[test]
fn verbose_shows_every_line_and_no_password() {
    if !peer_up(&["vsftpd", "nginx"]) {
        return;
    }
    let user = setting("UNIFORM_PEER_USER");
    let pw = setting("UNIFORM_PEER_PASSWORD");
    let url = format!(
        "ftp://{user}:{pw}@{}:{}/pub/",
        host(),
        port("UNIFORM_FTP_PORT")
    );
    let out = fetch(&[&url, "-v", "-o", "/dev/null"]);
    assert_eq!(out.code, 0, "{out:?}");
    let lines: Vec<&str> = out.stderr.lines().collect();
    assert!(lines[0].starts_with("* Connected to "), "{out:?}");
    assert!(
        lines.contains(&format!("> USER {user}").as_str()),
        "{out:?}"
    );
    assert!(lines.contains(&"> PASS ****"), "{out:?}");
    assert!(lines.iter().any(|l| l.starts_with("< 230")), "{out:?}");
    assert!(lines.contains(&"> QUIT"), "{out:?}");
    assert!(!out.stderr.contains(&pw), "{out:?}");

    let out = fetch(&[
        &http("/private/private.txt"),
        "-v",
        "-u",
        &format!("{user}:{pw}"),
        "-o",
        "/dev/null",
    ]);
    assert_eq!(out.code, 0, "{out:?}");
    assert!(
        out.stderr.contains("> GET /private/private.txt HTTP/1.1\n"),
        "{out:?}"
    );
    assert!(
        out.stderr.contains("> Authorization: Basic ****\n"),
        "{out:?}"
    );
    assert!(out.stderr.contains("< HTTP/1.1 200 OK\n"), "{out:?}");
    assert!(!out.stderr.contains(&pw), "{out:?}");
}

#[test]
fn retry_tries_a_passing_failure_again_and_no_other() {
    if !peer_up(&["echo"]) {
        return;
    }
    let tries = |out: &Output| out.stderr.matches("> GET ").count();
    // 503 passes: three tries; the last one's page is the output (no -f).
    let out = fetch(&[
        &echo("/status/503"),
        "--retry",
        "2",
        "--retry-delay",
        "0.05",
        "-v",
    ]);
    assert_eq!(out.code, 0, "{out:?}");
    assert_eq!(tries(&out), 3, "{out:?}");
    assert_eq!(echoed(&out).0[0], "GET /status/503 HTTP/1.1");
    let out = fetch(&[
        &echo("/status/503"),
        "--retry",
        "1",
        "--retry-delay",
        "0.05",
        "-f",
        "-v",
    ]);
    assert_eq!(out.code, 22, "{out:?}");
    assert_eq!(tries(&out), 2, "{out:?}");
    // A 404 is for good: one try, its page the output.
    let out = fetch(&[&echo("/status/404"), "--retry", "3", "-v"]);
    assert_eq!(out.code, 0, "{out:?}");
    assert_eq!(tries(&out), 1, "{out:?}");
    // --retry-all-errors tries a 404 under -f again.
    let out = fetch(&[
        &echo("/status/404"),
        "--retry",
        "1",
        "--retry-delay",
        "0.05",
        "--retry-all-errors",
        "-f",
        "-v",
    ]);
    assert_eq!(out.code, 22, "{out:?}");
    assert_eq!(tries(&out), 2, "{out:?}");
}

#[test]
fn several_urls_of_one_server_share_a_connection() {
    if !peer_up(&["echo"]) {
        return;
    }
    let out = fetch(&[&echo("/a"), &echo("/b"), &echo("/c"), "-i"]);
    assert_eq!(out.code, 0, "{out:?}");
    let text = String::from_utf8_lossy(&out.stdout).to_ascii_lowercase();
    let counts: Vec<&str> = text
        .lines()
        .filter_map(|l| l.strip_prefix("x-echo-request-count: "))
        .collect();
    assert_eq!(counts, ["1", "2", "3"], "{out:?}");
    assert!(!text.contains("\nconnection: close"), "{out:?}");
    // One URL: one exchange, the connection closed after it.
    let out = fetch(&[&echo("/a")]);
    assert!(
        echoed(&out).0.contains(&"connection: close".to_string()),
        "{out:?}"
    );
}

/// A netrc file with `text`, in a fresh directory named for the test.
fn netrc(name: &str, text: &str) -> PathBuf {
    let dir = scratch(&format!("netrc-{name}"));
    let file = dir.join(".netrc");
    std::fs::write(&file, text).unwrap();
    file
}

/// `uniform fetch` with `home` as HOME, where `-n` looks for `.netrc`.
fn fetch_at_home(home: &Path, args: &[&str]) -> Output {
    let mut all = vec!["fetch"];
    all.extend_from_slice(args);
    uniform_at_home(home, &all)
}

#[test]
fn netrc_file_logs_in() {
    if !peer_up(&["nginx"]) {
        return;
    }
    let user = setting("UNIFORM_PEER_USER");
    let pw = setting("UNIFORM_PEER_PASSWORD");
    let file = netrc(
        "file",
        &format!(
            "# the peers\nmachine other.example login x password y\n\
             machine {} login {user} password \"{pw}\"\n",
            host()
        ),
    );
    let url = http("/private/private.txt");
    let out = fetch(&[&url, "--netrc-file", file.to_str().unwrap()]);
    assert_eq!(out.code, 0, "{out:?}");
    assert_eq!(out.stdout, fixture("user/private.txt"));
    // Without it, the server wants a login.
    let out = fetch(&[&url, "-f"]);
    assert_eq!(out.code, 22, "{out:?}");
}

#[test]
fn netrc_in_home_logs_in_with_n() {
    if !peer_up(&["nginx"]) {
        return;
    }
    let user = setting("UNIFORM_PEER_USER");
    let pw = setting("UNIFORM_PEER_PASSWORD");
    let file = netrc("home", &format!("default login {user} password {pw}\n"));
    let home = file.parent().unwrap();
    let url = http("/private/private.txt");
    for flag in ["-n", "--netrc", "--netrc-optional"] {
        let out = fetch_at_home(home, &[&url, flag]);
        assert_eq!(out.code, 0, "{flag}: {out:?}");
        assert_eq!(out.stdout, fixture("user/private.txt"), "{flag}");
    }
    // As curl 7.88: no .netrc is no error, only no login.
    std::fs::remove_file(&file).unwrap();
    let out = fetch_at_home(home, &[&url, "-n", "-f"]);
    assert_eq!(out.code, 22, "{out:?}");
    assert!(out.stderr.contains("401"), "{out:?}");
}

#[test]
fn netrc_yields_to_the_urls_user_and_to_u() {
    if !peer_up(&["nginx"]) {
        return;
    }
    let user = setting("UNIFORM_PEER_USER");
    let pw = setting("UNIFORM_PEER_PASSWORD");
    let h = host();
    let wrong = netrc(
        "yields",
        &format!("machine {h} login {user} password wrong-{pw}\n"),
    );
    let wrong = wrong.to_str().unwrap();
    let url = http("/private/private.txt");
    let own = format!("http://{user}:{pw}@{h}:{}/private/private.txt", port(NGINX));
    let out = fetch(&[&own, "--netrc-file", wrong]);
    assert_eq!(out.code, 0, "the URL's own user wins: {out:?}");
    assert_eq!(out.stdout, fixture("user/private.txt"));
    let out = fetch(&[&url, "-u", &format!("{user}:{pw}"), "--netrc-file", wrong]);
    assert_eq!(out.code, 0, "-u wins: {out:?}");
    assert_eq!(out.stdout, fixture("user/private.txt"));
    // A URL's user without a password gets its own entry's password (and
    // only its own: another login's is never taken).
    let right = netrc(
        "own-password",
        &format!(
            "machine {h} login someone-else password wrong-{pw}\n\
             machine {h} login {user} password {pw}\n"
        ),
    );
    let user_only = format!("http://{user}@{h}:{}/private/private.txt", port(NGINX));
    let out = fetch(&[&user_only, "--netrc-file", right.to_str().unwrap()]);
    assert_eq!(out.code, 0, "{out:?}");
    assert_eq!(out.stdout, fixture("user/private.txt"));
}

#[test]
fn a_wrong_netrc_password_is_a_401_and_never_shown() {
    if !peer_up(&["nginx"]) {
        return;
    }
    let user = setting("UNIFORM_PEER_USER");
    let secret = "netrc-s3cret-pw";
    let file = netrc(
        "wrong",
        &format!("machine {} login {user} password {secret}\n", host()),
    );
    let file = file.to_str().unwrap();
    let url = http("/private/private.txt");
    let out = fetch(&[&url, "--netrc-file", file, "-w", "%{response_code}"]);
    assert_eq!(out.code, 0, "a 401 is a response without -f: {out:?}");
    assert!(
        String::from_utf8_lossy(&out.stdout).ends_with("401"),
        "{out:?}"
    );
    for args in [
        vec![url.as_str(), "--netrc-file", file, "-f"],
        vec![url.as_str(), "--netrc-file", file, "-f", "--json"],
        vec![
            url.as_str(),
            "--netrc-file",
            file,
            "-f",
            "-w",
            "%{errormsg} %{url_effective}",
        ],
    ] {
        let out = fetch(&args);
        assert_eq!(out.code, 22, "{args:?}: {out:?}");
        let all = format!("{}{}", String::from_utf8_lossy(&out.stdout), out.stderr);
        assert!(all.contains("401"), "{args:?}: {out:?}");
        assert!(!all.contains(secret), "{args:?}: {out:?}");
    }
    let out = fetch(&[&url, "--netrc-file", file, "-f", "--json"]);
    assert_eq!(out.json()["error"]["kind"], "auth", "{out:?}");
}

#[test]
fn netrc_logs_in_to_ftp_and_plan_shows_it() {
    if !peer_up(&["vsftpd"]) {
        return;
    }
    let user = setting("UNIFORM_PEER_USER");
    let pw = setting("UNIFORM_PEER_PASSWORD");
    let file = netrc(
        "ftp",
        &format!("machine {} login {user} password {pw}\n", host()),
    );
    let file = file.to_str().unwrap();
    let url = format!("ftp://{}:{}/private.txt", host(), port("UNIFORM_FTP_PORT"));
    let out = fetch(&[&url, "--netrc-file", file]);
    assert_eq!(out.code, 0, "{out:?}");
    assert_eq!(out.stdout, fixture("user/private.txt"));
    let all = format!("{}{}", String::from_utf8_lossy(&out.stdout), out.stderr);
    assert!(!all.contains(&pw), "{out:?}");
    let plan = Command::new(env!("CARGO_BIN_EXE_uniform"))
        .args(["plan", "--netrc-file", file, &url])
        .output()
        .unwrap();
    assert_eq!(plan.status.code(), Some(0), "{plan:?}");
    let text = String::from_utf8_lossy(&plan.stdout);
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines.contains(&format!("> USER {user}").as_str()), "{text}");
    assert!(lines.contains(&"> PASS ****"), "{text}");
    assert!(!text.contains(&pw), "{text}");
}

/// `uniform ARGS` (a subcommand first) with `home` as HOME.
fn uniform_at_home(home: &Path, args: &[&str]) -> Output {
    let out = without_proxies(&mut Command::new(env!("CARGO_BIN_EXE_uniform")))
        .args(args)
        .env("HOME", home)
        .stdin(Stdio::null())
        .output()
        .unwrap();
    Output {
        code: out.status.code().expect("exited"),
        stdout: out.stdout,
        stderr: String::from_utf8(out.stderr).unwrap(),
    }
}

/// A URL where nothing listens, and the port it names, held so for as
/// long as the value lives: a fetch that gets past its login flags fails
/// to connect (7), so that no peer is needed to tell the two apart.
fn nowhere() -> (String, uniform_testkit::ClosedPort) {
    let closed = uniform_testkit::ClosedPort::new();
    (format!("http://127.0.0.1:{}/x", closed.port()), closed)
}

/// A netrc file whose line 2 never closes its quote, in `name`'s own
/// directory (HOME for -n), and the password on that line.
fn broken_netrc(name: &str) -> (PathBuf, &'static str) {
    let secret = "netrc-broken-s3cret";
    let file = netrc(
        name,
        &format!(
            "machine other.example login x password y\n\
             machine 127.0.0.1 login me password \"{secret}\n"
        ),
    );
    (file, secret)
}

#[test]
fn a_netrc_file_that_cannot_be_parsed_is_named_with_its_line() {
    let (url, _closed) = nowhere();
    let nowhere = url.as_str();
    // The error comes before any connection: no peer needed.
    let (file, secret) = broken_netrc("syntax");
    let home = file.parent().unwrap();
    let path = file.to_str().unwrap();
    let expected = |flag: &str| {
        format!(
            "uniform: {flag} {path}: syntax error on line 2: a quoted string has no closing quote on its line\n"
        )
    };
    for (args, flag) in [
        (vec!["--netrc-file", path], "--netrc-file"),
        (
            vec!["--netrc-optional", "--netrc-file", path],
            "--netrc-file",
        ),
        (vec!["-n"], "--netrc"),
        (vec!["--netrc-optional"], "--netrc-optional"),
    ] {
        for cmd in ["fetch", "plan"] {
            let out = uniform_at_home(home, &[&[cmd, nowhere], &args[..]].concat());
            assert_ne!(out.code, 0, "{cmd} {args:?}: {out:?}");
            assert_ne!(
                out.code, 7,
                "{cmd} {args:?}: no connection is tried: {out:?}"
            );
            assert_eq!(out.stderr, expected(flag), "{cmd} {args:?}");
            assert!(out.stdout.is_empty(), "{cmd} {args:?}: {out:?}");
            assert!(!out.stderr.contains(secret), "{cmd} {args:?}");
        }
    }
    // As curl, the file is read up to the entry the host needs: one that
    // settles the login before the error wins, and -u reads no file.
    let before = netrc(
        "syntax-after",
        "machine 127.0.0.1 login me password pw\nmachine x password \"oops\n",
    );
    let before = before.to_str().unwrap();
    let out = uniform_at_home(home, &["plan", nowhere, "--netrc-file", before]);
    assert_eq!(out.code, 0, "{out:?}");
    assert!(
        String::from_utf8_lossy(&out.stdout).contains("\n> Authorization: Basic ****\n"),
        "{out:?}"
    );
    let out = uniform_at_home(
        home,
        &["fetch", nowhere, "-u", "me:pw", "--netrc-file", path],
    );
    assert_eq!(out.code, 7, "{out:?}");
}

#[test]
fn a_netrc_file_that_cannot_be_parsed_is_curls_26() {
    let (url, _closed) = nowhere();
    let nowhere = url.as_str();
    // curl 7.88.1: "curl: (26) .netrc parser error", with --netrc-file,
    // -n and --netrc-optional alike, every URL that reads the file.
    let (file, _) = broken_netrc("syntax-26");
    let home = file.parent().unwrap();
    let path = file.to_str().unwrap();
    for args in [
        vec!["--netrc-file", path],
        vec!["-n"],
        vec!["--netrc-optional"],
    ] {
        for cmd in ["fetch", "plan"] {
            let out = uniform_at_home(home, &[&[cmd, nowhere], &args[..]].concat());
            assert_eq!(out.code, 26, "{cmd} {args:?}: {out:?}");
        }
    }
    let out = uniform_at_home(
        home,
        &["fetch", nowhere, nowhere, "-n", "-w", "%{exitcode}\n"],
    );
    assert_eq!(out.code, 26, "{out:?}");
    assert_eq!(out.stdout, b"26\n26\n", "{out:?}");
}

#[test]
fn a_netrc_file_that_cannot_be_read_is_no_file_as_in_curl() {
    let (url, _closed) = nowhere();
    let nowhere = url.as_str();
    // curl 7.88.1 reads a directory, or a file it may not open, as a file
    // without entries, with each of its netrc options: no login, no error.
    let dir = scratch("netrc-unreadable");
    let home = dir.join("home");
    std::fs::create_dir_all(home.join(".netrc")).unwrap();
    let denied = dir.join("denied");
    std::fs::write(&denied, "machine 127.0.0.1 login me password pw\n").unwrap();
    let mut unreadable = vec![home.join(".netrc")];
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&denied, std::fs::Permissions::from_mode(0o000)).unwrap();
        // root reads it all the same: that case is then not tried.
        if std::fs::read(&denied).is_err() {
            unreadable.push(denied.clone());
        }
    }
    for file in &unreadable {
        let file = file.to_str().unwrap();
        for flags in [
            vec!["--netrc-file", file],
            vec!["--netrc-optional", "--netrc-file", file],
            vec!["-n", "--netrc-file", file],
        ] {
            let out = uniform_at_home(&home, &[&["plan", nowhere], &flags[..]].concat());
            assert_eq!(out.code, 0, "{flags:?}: {out:?}");
            assert!(
                !String::from_utf8_lossy(&out.stdout).contains("Authorization"),
                "{flags:?}: {out:?}"
            );
            let out = uniform_at_home(&home, &[&["fetch", nowhere], &flags[..]].concat());
            assert_eq!(out.code, 7, "{flags:?}: {out:?}");
        }
    }
    // -n and --netrc-optional with HOME's .netrc a directory.
    for flag in ["-n", "--netrc-optional"] {
        let out = uniform_at_home(&home, &["fetch", nowhere, flag]);
        assert_eq!(out.code, 7, "{flag}: {out:?}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn many_urls_in_one_run_hold_no_descriptor_each() {
    if !peer_up(&["nginx"]) {
        return;
    }
    // 300 transfers under a limit of 64 descriptors: what one URL opens
    // must be closed (or shared) before the next.
    let url = http("/pub/hello.txt");
    let urls = vec![url.as_str(); 300].join(" ");
    let out = without_proxies(&mut Command::new("sh"))
        .arg("-c")
        .arg(format!(
            "ulimit -n 64 && exec \"$0\" fetch -q {urls} > /dev/null"
        ))
        .arg(env!("CARGO_BIN_EXE_uniform"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    assert!(out.stderr.is_empty(), "{out:?}");
}

#[test]
fn user_agent_referer_dump_header_and_create_dirs_as_curl() {
    if !peer_up(&["nginx", "echo"]) {
        return;
    }
    // -A and -e are fields; an -H of the same name wins, as in curl.
    let out = fetch(&[&echo("/x"), "-A", "agent/1", "-e", "http://r.example/"]);
    let (lines, _) = echoed(&out);
    assert!(
        lines.contains(&"user-agent: agent/1".to_string()),
        "{lines:?}"
    );
    assert!(
        lines.contains(&"referer: http://r.example/".to_string()),
        "{lines:?}"
    );
    let out = fetch(&[&echo("/x"), "-A", "agent/1", "-H", "User-Agent: h/2"]);
    let (lines, _) = echoed(&out);
    assert!(lines.contains(&"user-agent: h/2".to_string()), "{lines:?}");
    assert!(!lines.iter().any(|l| l.contains("agent/1")), "{lines:?}");

    // -D: every head of the run, the redirect's first; --create-dirs.
    let dir = scratch("dump");
    let heads = dir.join("heads.txt");
    let file = dir.join("a/b/hello.txt");
    let out = fetch(&[
        &http("/redirect"),
        "-L",
        "-D",
        heads.to_str().unwrap(),
        "--create-dirs",
        "-o",
        file.to_str().unwrap(),
    ]);
    assert_eq!(out.code, 0, "{out:?}");
    assert_eq!(std::fs::read(&file).unwrap(), fixture("anon/pub/hello.txt"));
    let text = std::fs::read_to_string(&heads).unwrap();
    let statuses: Vec<&str> = text.lines().filter(|l| l.starts_with("HTTP/")).collect();
    assert_eq!(statuses.len(), 2, "{text}");
    assert!(statuses[0].starts_with("HTTP/1.1 302"), "{text}");
    assert!(statuses[1].starts_with("HTTP/1.1 200"), "{text}");
    // A second run starts the file over.
    let out = fetch(&[
        &http("/pub/hello.txt"),
        "-D",
        heads.to_str().unwrap(),
        "-o",
        "/dev/null",
    ]);
    assert_eq!(out.code, 0, "{out:?}");
    let text = std::fs::read_to_string(&heads).unwrap();
    assert_eq!(
        text.lines().filter(|l| l.starts_with("HTTP/")).count(),
        1,
        "{text}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
