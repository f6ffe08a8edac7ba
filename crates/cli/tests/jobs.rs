//! `--jobs N`: the bulk commands print on several threads exactly what
//! they print on one, in input order, and answer a line fed through a
//! pipe before the next line comes.

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Output, Stdio};
use std::sync::mpsc;
use std::time::Duration;

fn run(args: &[&str], stdin: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_uniform"))
        .args(args)
        .env("XDG_CONFIG_HOME", "/nonexistent/uniform-jobs-test")
        .env_remove("UNIFORM_DIALECT")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut input = child.stdin.take().unwrap();
    let data = stdin.to_vec();
    // Written from a thread: the output may fill its pipe before the
    // input is all written.
    let writer = std::thread::spawn(move || input.write_all(&data));
    let out = child.wait_with_output().unwrap();
    // A command that stops early (--verify) leaves the rest unread: a
    // broken pipe here is no failure.
    let _ = writer.join().unwrap();
    out
}

/// Thousands of lines, many batches' worth, valid and invalid mixed, one
/// with a password, one not UTF-8.
fn input() -> Vec<u8> {
    let mut v = Vec::new();
    for i in 0..6000 {
        let line = match i % 7 {
            0 => format!("http://h{i}.example/a%20b?q={i}#f"),
            1 => format!("ftp://u:secret{i}@ftp.example/pub/f{i};type=i"),
            2 => format!("not a url {i}"),
            3 => format!("gopher://g.example:70/1/sel{i}"),
            4 => format!("mailto:user{i}@example.org"),
            5 => format!("http://bad host{i}/"),
            _ => format!("news:comp.lang.{i}"),
        };
        v.extend_from_slice(line.as_bytes());
        v.push(b'\n');
    }
    v.extend_from_slice(b"http://h/\xff\n");
    v
}

#[test]
fn several_threads_print_what_one_prints() {
    let input = input();
    let commands: [&[&str]; 16] = [
        &["plan", "-"],
        &["plan", "--json", "--from", "me@example.org", "-"],
        &["encode", "-"],
        &["encode", "--json", "-"],
        &["decode", "-"],
        &["decode", "--strict", "--json", "-"],
        &["resolve", "http://a/b/c/d;p?q", "-"],
        &["relativize", "--json", "http://a/b/c/d;p?q", "-"],
        &["parse", "-"],
        &["parse", "--json", "-"],
        &["parse", "--format", "{host}|{port}", "-"],
        &["check", "-"],
        &["check", "--json", "-"],
        &["normalize", "-"],
        &["normalize", "--json", "--dialect", "rfc3986", "-"],
        &["edit", "--set", "fragment=x y", "-g", "{url} {host}", "-"],
    ];
    for cmd in commands {
        let one = run(&[cmd, &["--jobs", "1"]].concat(), &input);
        assert!(!one.stdout.is_empty(), "{cmd:?}");
        for jobs in ["2", "3", "8"] {
            let many = run(&[cmd, &["--jobs", jobs]].concat(), &input);
            assert_eq!(
                many.status.code(),
                one.status.code(),
                "{cmd:?} --jobs {jobs}"
            );
            assert!(
                many.stdout == one.stdout,
                "{cmd:?} --jobs {jobs}: stdout differs"
            );
            assert!(
                many.stderr == one.stderr,
                "{cmd:?} --jobs {jobs}: stderr differs"
            );
        }
    }
}

#[test]
fn verify_stops_at_the_first_failure_with_any_jobs() {
    let input = input();
    let one = run(&["edit", "--verify", "--jobs", "1", "-"], &input);
    let many = run(&["edit", "--verify", "--jobs", "4", "-"], &input);
    assert_eq!(one.status.code(), Some(1));
    assert_eq!(String::from_utf8_lossy(&one.stdout).lines().count(), 2);
    assert!(many.stdout == one.stdout && many.stderr == one.stderr);
}

#[test]
fn a_line_is_answered_before_the_next_comes() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_uniform"))
        .args(["parse", "--json", "--jobs", "2", "-"])
        .env("XDG_CONFIG_HOME", "/nonexistent/uniform-jobs-test")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let stdout = child.stdout.take().unwrap();
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines() {
            if tx.send(line.unwrap()).is_err() {
                break;
            }
        }
    });
    for url in ["http://a.example/", "ftp://b.example/x"] {
        writeln!(stdin, "{url}").unwrap();
        stdin.flush().unwrap();
        // The input stays open: the answer must come without more input.
        let line = rx
            .recv_timeout(Duration::from_secs(20))
            .expect("an answer before the next line");
        assert!(line.contains(url), "{line}");
    }
    drop(stdin);
    assert!(child.wait().unwrap().success());
}

#[test]
fn jobs_must_be_a_positive_number() {
    for bad in ["0", "x", "-1"] {
        let o = run(&["parse", "--jobs", bad, "http://h/"], b"");
        assert_eq!(o.status.code(), Some(2), "--jobs {bad}");
    }
}
