//! What `uniform fetch` puts on the wire is what `uniform plan` shows:
//! the echo peer (scripts/peers/echo.py) answers with the request as it
//! came, octet for octet, which is compared with the plan's lines. And
//! several URLs of one server go over one connection, as curl's do.

use std::process::{Command, Output};
use uniform_testkit::{host, peer_up, port, without_proxies};

const ECHO: &str = "UNIFORM_PEER_ECHO_PORT";

fn echo(path: &str) -> String {
    format!("http://{}:{}{path}", host(), port(ECHO))
}

fn uniform(args: &[&str]) -> Output {
    without_proxies(&mut Command::new(env!("CARGO_BIN_EXE_uniform")))
        .args(args)
        .output()
        .expect("the binary runs")
}

/// The request lines of a plan: those it shows after `> `.
fn planned(args: &[&str]) -> Vec<String> {
    let mut all = vec!["plan"];
    all.extend_from_slice(args);
    let out = uniform(&all);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter_map(|l| l.strip_prefix("> "))
        // The empty line that ends the head.
        .filter(|l| !l.is_empty())
        .map(str::to_string)
        .collect()
}

/// The request head the echo peer saw, line by line, as it came.
fn received(args: &[&str]) -> Vec<String> {
    let mut all = vec!["fetch", "-s"];
    all.extend_from_slice(args);
    let out = uniform(&all);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    let head = text.split("\n\n").next().unwrap_or_default();
    head.lines().map(str::to_string).collect()
}

#[test]
fn the_server_receives_the_plans_lines_exactly() {
    if !peer_up(&["echo"]) {
        return;
    }
    for args in [
        vec![echo("/a?b=c")],
        vec![
            echo("/fields"),
            "-H".into(),
            "X-Mixed-Case: Value One".into(),
            "-H".into(),
            "accept: text/x-one".into(),
            "-A".into(),
            "agent/1".into(),
        ],
        vec![
            echo("/form"),
            "-d".into(),
            "a=1".into(),
            "-X".into(),
            "PUT".into(),
        ],
        vec![
            echo("/who"),
            "-u".into(),
            "user:secret".into(),
            "-e".into(),
            "http://ref.example/".into(),
        ],
    ] {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let mut shown = planned(&args);
        // The plan hides the password; the wire carries it.
        for line in &mut shown {
            if line.starts_with("Authorization: Basic ") {
                *line = "Authorization: Basic dXNlcjpzZWNyZXQ=".into();
            }
        }
        assert_eq!(received(&args), shown, "{args:?}");
    }
}

#[test]
fn field_names_keep_their_case_and_order() {
    if !peer_up(&["echo"]) {
        return;
    }
    let lines = received(&[
        &echo("/case"),
        "-H",
        "X-Z: 1",
        "-H",
        "x-a: 2",
        "-H",
        "X-M: 3",
    ]);
    let ours: Vec<&String> = lines
        .iter()
        .filter(|l| l.starts_with("X-") || l.starts_with("x-"))
        .collect();
    assert_eq!(ours, ["X-Z: 1", "x-a: 2", "X-M: 3"], "{lines:?}");
    assert!(
        lines.iter().any(|l| l.starts_with("User-Agent: uniform/")),
        "{lines:?}"
    );
}

#[test]
fn several_urls_of_one_server_share_a_connection() {
    if !peer_up(&["echo"]) {
        return;
    }
    let (a, b, c) = (echo("/1"), echo("/2"), echo("/3"));
    let out = uniform(&[
        "fetch",
        "-s",
        "-o",
        "/dev/null",
        "-o",
        "/dev/null",
        "-o",
        "/dev/null",
        "-w",
        "%{num_connects} %header{x-echo-request-count} %{remote_ip} %{remote_port} %{local_ip}\\n",
        &a,
        &b,
        &c,
    ]);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let text = String::from_utf8_lossy(&out.stdout);
    let ip = host();
    let p = port(ECHO);
    let want = format!("1 1 {ip} {p} {ip}\n0 2 {ip} {p} {ip}\n0 3 {ip} {p} {ip}\n");
    assert_eq!(text, want);
    // One URL alone asks for the connection to close, as curl's single
    // transfer does; -v says when a connection is reused.
    let out = uniform(&[
        "fetch",
        "-s",
        "-v",
        "-o",
        "/dev/null",
        &a,
        "-o",
        "/dev/null",
        &b,
    ]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(err.matches("Re-using the connection").count(), 1, "{err}");
    let lines = received(&[&a]);
    assert!(
        lines.contains(&"Connection: close".to_string()),
        "{lines:?}"
    );
}

#[test]
fn timings_are_in_the_order_of_the_exchange() {
    if !peer_up(&["echo"]) {
        return;
    }
    let out = uniform(&[
        "fetch",
        "-s",
        "-o",
        "/dev/null",
        "-w",
        "%{time_namelookup} %{time_connect} %{time_appconnect} %{time_pretransfer} %{time_starttransfer} %{time_total}",
        &echo("/t"),
    ]);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let t: Vec<f64> = String::from_utf8_lossy(&out.stdout)
        .split(' ')
        .map(|v| v.parse().unwrap())
        .collect();
    assert_eq!(t.len(), 6, "{t:?}");
    // No TLS: no handshake time.
    assert_eq!(t[2], 0.0, "{t:?}");
    assert!(
        t[0] <= t[1] && t[1] <= t[3] && t[3] <= t[4] && t[4] <= t[5],
        "{t:?}"
    );
    assert!(t[4] > 0.0, "{t:?}");
}

#[test]
fn several_urls_are_sent_as_their_plan_shows_them() {
    if !peer_up(&["echo"]) {
        return;
    }
    let (a, b) = (echo("/first"), echo("/second"));
    let shown = planned(&[&a, &b, "-H", "X-Run: 2"]);
    // Kept alive: no `Connection: close` in either.
    assert!(
        !shown.iter().any(|l| l.starts_with("Connection:")),
        "{shown:?}"
    );
    let out = uniform(&["fetch", "-s", &a, &b, "-H", "X-Run: 2"]);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let got: Vec<String> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter(|l| !l.is_empty())
        .map(str::to_string)
        .collect();
    assert_eq!(got, shown);
}
