//! The boundaries of the binary, run as a user runs it: no password and
//! no terminal control character crosses the output boundary of any
//! command unless asked for, and the input boundary holds a bounded line.

use std::io::Write;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

struct Run {
    code: i32,
    stdout: String,
    stderr: String,
}

fn run(args: &[&str], stdin: &[u8]) -> Run {
    let mut child = Command::new(env!("CARGO_BIN_EXE_uniform"))
        .args(args)
        .env_remove("http_proxy")
        .env_remove("all_proxy")
        .env_remove("ALL_PROXY")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut input = child.stdin.take().expect("stdin");
    let data = stdin.to_vec();
    // Written from a thread: a command may answer before it has read all.
    let writer = std::thread::spawn(move || {
        let _ = input.write_all(&data);
    });
    let out = child.wait_with_output().expect("the binary ends");
    let _ = writer.join();
    Run {
        code: out.status.code().unwrap_or(-1),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    }
}

const SECRET: &str = "s3cr3t";
const URL: &str = "http://me:s3cr3t@example.org/a/b";

/// Every command that shows a URL, in text and in JSON, on arguments and
/// on standard input.
fn commands() -> Vec<(Vec<&'static str>, &'static [u8])> {
    let stdin = b"see http://me:s3cr3t@example.org/x and <URL:ftp://me:s3cr3t@h/f>\n";
    vec![
        (vec!["parse", URL], b""),
        (vec!["parse", "--json", URL], b""),
        (vec!["check", URL], b""),
        (vec!["check", "--json", URL], b""),
        (vec!["normalize", URL], b""),
        (vec!["normalize", "--json", URL], b""),
        (
            vec!["normalize", "-"],
            b"HTTP://me:s3cr3t@EXAMPLE.org/%7e\n",
        ),
        (vec!["equal", URL, "http://me:s3cr3t@example.org/a/c"], b""),
        (vec!["plan", URL], b""),
        (vec!["plan", "--json", URL], b""),
        (vec!["plan", "ftp://me:s3cr3t@h/%0d%0aDELE%20x"], b""),
        (vec!["resolve", URL, "c", "//you:s3cr3t@h/"], b""),
        (vec!["resolve", "--json", URL, "c"], b""),
        (vec!["resolve", "mailto:x", "c"], b""),
        (vec!["resolve", "http://me:s3cr3t@h:99999/", "c"], b""),
        (
            vec!["relativize", URL, "http://me:s3cr3t@other.example/c"],
            b"",
        ),
        (
            vec![
                "relativize",
                "--json",
                URL,
                "http://me:s3cr3t@other.example/c",
            ],
            b"",
        ),
        (vec!["extract"], stdin),
        (vec!["extract", "--json"], stdin),
        (vec!["edit", URL, "--set", "port=81"], b""),
        (vec!["edit", "--json", URL], b""),
        (
            vec!["edit", URL, "--get", "{password} {:password} {url}"],
            b"",
        ),
        (vec!["edit", URL, "--set", "host=a b"], b""),
        (vec!["edit", URL, "--redirect", "//you:s3cr3t@h/"], b""),
        (
            vec!["edit", "-", "--append", "path=x"],
            b"http://me:s3cr3t@h/\n",
        ),
        (
            vec!["fetch", "--max-time", "2", "http://me:s3cr3t@127.0.0.1:9/"],
            b"",
        ),
        (
            vec![
                "fetch",
                "--json",
                "--max-time",
                "2",
                "ftp://me:s3cr3t@127.0.0.1:9/x",
            ],
            b"",
        ),
    ]
}

#[test]
fn no_password_crosses_the_output_boundary() {
    for (args, stdin) in commands() {
        let r = run(&args, stdin);
        assert!(
            !r.stdout.contains(SECRET) && !r.stderr.contains(SECRET),
            "{args:?} shows the password:\n{}\n{}",
            r.stdout,
            r.stderr
        );
        // Something was shown, or the test proves nothing.
        assert!(
            !(r.stdout.is_empty() && r.stderr.is_empty()),
            "{args:?} printed nothing"
        );
    }
}

#[test]
fn show_password_shows_it() {
    for args in [
        vec!["normalize", "--show-password", URL],
        vec!["resolve", "--show-password", URL, "c"],
        vec!["parse", "--show-password", URL],
    ] {
        let r = run(&args, b"");
        assert!(r.stdout.contains(SECRET), "{args:?}: {}", r.stdout);
    }
    let r = run(
        &["extract", "--show-password"],
        b"at http://me:s3cr3t@h/x\n",
    );
    assert!(r.stdout.contains(SECRET), "{}", r.stdout);
}

#[test]
fn no_terminal_control_crosses_the_output_boundary() {
    // ESC, CR, BEL, DEL, a C1 CSI and a right-to-left override.
    let nasty = "http://h/a\u{1b}[2Jb\rc\u{7}d\u{7f}e\u{9b}f\u{202e}g";
    let runs = [
        (vec!["parse", nasty], &b""[..]),
        (vec!["check", nasty], b""),
        (vec!["normalize", nasty], b""),
        (vec!["resolve", "http://h/", &nasty[9..]], b""),
        (vec!["resolve", "mailto:x", nasty], b""),
        (vec!["relativize", "http://h/", nasty], b""),
        (vec!["plan", nasty], b""),
        (vec!["equal", nasty, "http://h/"], b""),
        (vec!["extract"], nasty.as_bytes()),
        (vec!["parse", "--json", nasty], b""),
        (vec!["resolve", "--json", "http://h/", nasty], b""),
        (vec!["edit", nasty, "--set", "port=1"], b""),
        (vec!["edit", nasty, "--get", "{path} {:path}"], b""),
        (vec!["edit", "--json", nasty], b""),
        (vec!["edit", nasty, "--set", "host=a\u{1b}b"], b""),
    ];
    for (args, stdin) in runs {
        let r = run(&args, stdin);
        for (name, text) in [("stdout", &r.stdout), ("stderr", &r.stderr)] {
            let bad = text
                .chars()
                .find(|&c| c != '\n' && (c.is_control() || ('\u{202a}'..='\u{202e}').contains(&c)));
            assert!(bad.is_none(), "{args:?}: {name} holds {bad:?}: {text:?}");
        }
        assert!(
            !(r.stdout.is_empty() && r.stderr.is_empty()),
            "{args:?} printed nothing"
        );
    }
}

#[test]
fn a_line_over_the_limit_is_an_error_and_the_rest_goes_on() {
    let mut input = b"http://a/\n".to_vec();
    input.extend(std::iter::repeat_n(b'x', 2000));
    input.extend_from_slice(b"\nhttp://b/\n");
    for cmd in [
        vec!["parse", "--max-line", "1000", "-"],
        vec!["normalize", "--max-line", "1000", "-"],
        vec!["check", "--max-line", "1000", "-"],
        vec!["plan", "--max-line", "1000", "-"],
        vec!["resolve", "--max-line", "1000", "http://h/", "-"],
        vec!["relativize", "--max-line", "1000", "http://h/", "-"],
        vec!["edit", "--max-line", "1000", "-", "--set", "port=1"],
        vec!["encode", "--max-line", "1000", "-"],
        vec!["decode", "--max-line", "1000", "-"],
    ] {
        let r = run(&cmd, &input);
        assert_eq!(r.code, 1, "{cmd:?}: {}", r.stderr);
        assert!(
            r.stderr.contains("line 2 of standard input is 2001 bytes long, over the limit of 1000 bytes (--max-line)"),
            "{cmd:?}: {}",
            r.stderr
        );
        let after = if cmd[0] == "check" {
            r.stdout == "ok\nok\n"
        } else {
            r.stdout.contains('b')
        };
        assert!(after, "{cmd:?}: the line after it is read: {}", r.stdout);
    }
    // A line of exactly the limit, with CR LF, is read.
    let mut exact = vec![b'x'; 1000];
    exact.extend_from_slice(b"\r\n");
    let r = run(&["encode", "--max-line", "1000", "-"], &exact);
    assert_eq!(r.code, 0, "{}", r.stderr);
}

#[test]
fn a_50_mb_line_is_refused_fast_whatever_the_command() {
    let mut input = b"http://a/".to_vec();
    input.resize(50_000_000, b'x');
    input.push(b'\n');
    for cmd in [
        vec!["parse", "-"],
        vec!["plan", "-"],
        vec!["relativize", "http://a/", "-"],
        vec!["equal", "-", "http://a/"],
    ] {
        let t = Instant::now();
        let r = run(&cmd, &input);
        assert!(
            t.elapsed() < Duration::from_secs(30),
            "{cmd:?} took {:?}",
            t.elapsed()
        );
        assert_eq!(r.code, 1, "{cmd:?}: {}", r.stderr);
        assert!(
            r.stderr.contains("over the limit of 4194304 bytes"),
            "{cmd:?}: {}",
            r.stderr
        );
    }
}

/// A scripted FTP server (no real one echoes a password) that answers
/// USER with 331 and everything else with a 530 that quotes the command,
/// with an ESC in it; returns its port.
fn echoing_ftp_server() -> u16 {
    use std::io::{BufRead, BufReader};
    use std::net::TcpListener;
    let listener = TcpListener::bind("127.0.0.1:0").expect("a loopback port");
    let port = listener.local_addr().expect("its address").port();
    std::thread::spawn(move || {
        for conn in listener.incoming().flatten() {
            std::thread::spawn(move || {
                let mut w = conn.try_clone().expect("a second handle");
                let _ = w.write_all(b"220 ready\r\n");
                for line in BufReader::new(conn).lines().map_while(Result::ok) {
                    let reply = if line.to_ascii_uppercase().starts_with("USER") {
                        "331 password please\r\n".to_string()
                    } else {
                        format!("530 you sent \u{1b}[31m{line}\r\n")
                    };
                    if w.write_all(reply.as_bytes()).is_err() {
                        break;
                    }
                }
            });
        }
    });
    port
}

#[test]
fn a_password_echoed_by_a_server_is_hidden() {
    let port = echoing_ftp_server();
    let url = format!("ftp://me:pw@127.0.0.1:{port}/x");
    let stdin_url = format!("ftp://me@127.0.0.1:{port}/x");
    for (args, stdin) in [
        (vec!["fetch", url.as_str()], &b""[..]),
        (vec!["fetch", "--json", url.as_str()], b""),
        (
            vec!["fetch", "--password-stdin", stdin_url.as_str()],
            b"xy\n",
        ),
    ] {
        let r = run(&args, stdin);
        assert_eq!(r.code, 1, "{args:?}: {}", r.stderr);
        let all = format!("{}{}", r.stdout, r.stderr);
        // The reply is there, the password is not: "PASS ****".
        assert!(all.contains("530 you sent"), "{args:?}: {all}");
        assert!(all.contains("PASS ****"), "{args:?}: {all}");
        assert!(
            !all.contains("PASS pw") && !all.contains("PASS xy"),
            "{args:?}: {all}"
        );
        assert!(!all.contains('\u{1b}'), "{args:?}: {all:?}");
    }
    let r = run(&["fetch", "--show-password", url.as_str()], b"");
    assert!(r.stderr.contains("PASS pw"), "{}", r.stderr);
}
