//! `uniform plan` and `uniform fetch` refuse exactly the same URLs, with
//! the same message (issue 14): both judge the same typed plan in one
//! place. Each URL of a hostile corpus (the injection table of
//! testdata/plans, and a matrix of payloads placed in every component of
//! every scheme, read by each dialect) goes through both commands.
//!
//! Every connection a fetch would make goes to 127.0.0.1 on a port where
//! nothing listens (or to a name under `.invalid`, RFC 6761), so an
//! accepted URL fails fast on connecting and nothing is sent anywhere.

use std::process::{Command, Stdio};

/// A closed loopback port that is no well-known service's.
const CLOSED: &str = "47";

struct Case {
    url: String,
    dialect: &'static str,
}

/// The matrix: payloads that a decoder would turn into protocol
/// delimiters, authority tricks, and ports, in each component.
fn corpus() -> Vec<Case> {
    let host = format!("127.0.0.1:{CLOSED}");
    let payloads = [
        "%0D%0AQUIT",
        "%0ADELE%20x",
        "%0D",
        "a%00b",
        "a%09b",
        "a%3E%20SIZE=1",
        "..%2F..%2Fetc",
        "%FF%F4",
        "a%20b",
        "%25%30%41",
        "x%5Cy",
    ];
    let mut urls = Vec::new();
    for p in payloads {
        urls.push(format!("ftp://{host}/{p}/file.txt"));
        urls.push(format!("ftp://{host}/dir/{p};type=i"));
        urls.push(format!("ftp://u{p}:pw@{host}/x"));
        urls.push(format!("ftp://u:pw{p}@{host}/x"));
        urls.push(format!("http://{host}/{p}?q={p}"));
        urls.push(format!("gopher://{host}/0{p}"));
        urls.push(format!("gopher://{host}/7/s%09{p}"));
        urls.push(format!("gopher://{host}/1/x%09%09{p}"));
        urls.push(format!("news:{p}@h.invalid"));
        urls.push(format!("news:comp.{p}"));
        urls.push(format!("nntp://{host}/comp.lang/{p}"));
        urls.push(format!("nntp://{host}/{p}"));
        urls.push(format!("mailto:{p}@h.invalid"));
        urls.push(format!("mailto:a@h.invalid{p}"));
        urls.push(format!("telnet://{p}:pw@{host}/"));
        urls.push(format!("wais://{host}/db?{p}"));
        urls.push(format!("wais://{host}/{p}"));
        urls.push(format!("file:///tmp/{p}"));
        urls.push(format!("file://localhost/{p}/x"));
        urls.push(format!("prospero://{host}/{p};OBJECT-VERSION={p}"));
    }
    for authority in [
        "127.0.0.1:47#@evil.invalid",
        "127.0.0.1:47?@evil.invalid",
        "127.0.0.1:47\\@evil.invalid",
        "evil.invalid%2F@127.0.0.1:47",
        "u@evil.invalid@127.0.0.1:47",
        "[::1%25@evil.invalid]",
        "[::1]:47",
        "127.0.0.1:25",
        "127.0.0.1:0",
        "127.0.0.1:6667",
        "evil.invalid]",
        "127.0.0.1%0D%0A:47",
        "127.0.0.%31:47",
    ] {
        for scheme in [
            "ftp", "http", "gopher", "nntp", "telnet", "wais", "prospero",
        ] {
            urls.push(format!("{scheme}://{authority}/x"));
        }
        urls.push(format!("file://{authority}/etc/passwd"));
    }
    let mut out = Vec::new();
    for url in urls {
        for dialect in ["rfc1738", "rfc1630", "rfc3986"] {
            out.push(Case {
                url: url.clone(),
                dialect,
            });
        }
    }
    out
}

/// The configuration every run gets: servers on the closed port, a
/// sender, a mail body, no proxies.
fn command(sub: &str, case: &Case) -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_uniform"));
    cmd.arg(sub)
        .args(["--dialect", case.dialect])
        .args(["--news-server", &format!("127.0.0.1:{CLOSED}")])
        .args(["--smtp-server", &format!("127.0.0.1:{CLOSED}")])
        .args(["--from", "me@example.invalid"])
        .args(["--email", "me@example.invalid"]);
    for (k, _) in std::env::vars() {
        if k.to_ascii_lowercase().ends_with("_proxy") {
            cmd.env_remove(k);
        }
    }
    cmd.stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    cmd
}

/// The policy's verdict in a command's messages: the text from "refused
/// by rule" to the end of its line, or None.
fn refusal(stderr: &str) -> Option<String> {
    stderr
        .lines()
        .find_map(|l| l.find("refused by rule").map(|at| l[at..].to_string()))
}

/// One case through both commands: its disagreement, if any, and whether
/// the plan refused it.
fn judge(case: &Case) -> (Option<String>, bool) {
    let plan = command("plan", case).arg(&case.url).output().unwrap();
    let fetch = command("fetch", case)
        .args([
            "-q",
            "-o",
            "/dev/null",
            "--body",
            "x",
            "--connect-timeout",
            "2",
        ])
        .args(["--max-time", "5"])
        .arg(&case.url)
        .output()
        .unwrap();
    let plan_err = String::from_utf8_lossy(&plan.stderr);
    let fetch_err = String::from_utf8_lossy(&fetch.stderr);
    let (p, f) = (refusal(&plan_err), refusal(&fetch_err));
    let refused = p.is_some();
    if refused && (plan.status.code() == Some(0) || fetch.status.code() == Some(0)) {
        return (Some(format!("{}: refused, yet exit 0", case.url)), refused);
    }
    if p == f {
        return (None, refused);
    }
    let disagreement = format!(
        "{} ({}):\n  plan:  {}\n  fetch: {}",
        case.url,
        case.dialect,
        p.unwrap_or_else(|| format!("accepted (exit {:?})", plan.status.code())),
        f.unwrap_or_else(|| format!(
            "not refused (exit {:?}): {}",
            fetch.status.code(),
            fetch_err.lines().last().unwrap_or_default()
        )),
    );
    (Some(disagreement), refused)
}

#[test]
fn plan_and_fetch_refuse_the_same_urls_with_the_same_message() {
    let cases = corpus();
    // The commands mostly wait on processes and refused connections: a
    // few at a time.
    let results: Vec<(Option<String>, bool)> = std::thread::scope(|scope| {
        let chunks: Vec<_> = cases.chunks(cases.len().div_ceil(8)).collect();
        let handles: Vec<_> = chunks
            .into_iter()
            .map(|chunk| scope.spawn(move || chunk.iter().map(judge).collect::<Vec<_>>()))
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().unwrap())
            .collect()
    });
    let refused = results.iter().filter(|(_, r)| *r).count();
    let disagreements: Vec<String> = results.into_iter().filter_map(|(d, _)| d).collect();
    assert!(
        disagreements.is_empty(),
        "{} of {} cases disagree:\n{}",
        disagreements.len(),
        cases.len(),
        disagreements.join("\n")
    );
    // The corpus is hostile: most of it must be refused, or the test
    // would pass by refusing nothing anywhere.
    assert!(
        refused * 3 > cases.len(),
        "only {refused} of {} refused",
        cases.len()
    );
}
