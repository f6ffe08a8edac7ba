//! curl-scheme-protocol: the FTP commands curl's test suite expects for a
//! URL, against Uniform's plans, on what RFC 1738 section 3.2 and curl both
//! decide from the URL alone: USER, CWD, TYPE and the retrieval command.
//!
//! Only cases whose command line is one ftp URL and options that do not
//! change those commands are run (active or passive data connections,
//! timeouts, curl's default "multicwd" method); the others exercise curl's
//! own options (uploads, ranges, quote commands, netrc) and are not run.

use crate::support::{Differences, Tally, rows_or_skip};
use std::path::Path;
use uniform::UrlRef;
use uniform::plan::{PlanOptions, plan};

/// Options that leave USER, CWD, TYPE and RETR/LIST as the URL makes them,
/// with whether each takes an argument.
const NEUTRAL: &[(&str, bool)] = &[
    ("-P", true),
    ("--disable-epsv", false),
    ("--disable-eprt", false),
    ("--ftp-skip-pasv-ip", false),
    ("--ftp-pasv", false),
    ("-m", true),
    ("--ignore-content-length", false),
    ("-g", false),
];

/// Splits a curl test command line into words (double quotes group).
fn words(cmd: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut quoted = false;
    let mut any = false;
    for c in cmd.chars() {
        match c {
            '"' => {
                quoted = !quoted;
                any = true;
            }
            ' ' if !quoted => {
                if any {
                    out.push(std::mem::take(&mut cur));
                    any = false;
                }
            }
            _ => {
                cur.push(c);
                any = true;
            }
        }
    }
    if any {
        out.push(cur);
    }
    out
}

/// The URL of a command made of one URL and neutral options, or `None`.
fn lone_url(cmd: &str) -> Option<String> {
    let w = words(cmd);
    let mut url = None;
    let mut i = 0;
    while i < w.len() {
        if w[i].starts_with('-') {
            let (_, arg) = NEUTRAL.iter().find(|(o, _)| *o == w[i])?;
            if w[i] == "--ftp-method" {
                return None;
            }
            i += if *arg { 2 } else { 1 };
        } else if url.is_none() && w[i].starts_with("ftp://") {
            url = Some(w[i].clone());
            i += 1;
        } else {
            return None;
        }
    }
    url
}

fn substitute(s: &str, test: u64) -> String {
    s.replace("%HOSTIP", "127.0.0.1")
        .replace("%HOST6IP", "[::1]")
        .replace("%FTP6PORT", "21")
        .replace("%FTPPORT", "21")
        .replace("%TESTNUMBER", &test.to_string())
}

/// The commands both sides decide from the URL.
fn compared(lines: impl Iterator<Item = String>, with_user: bool) -> Vec<String> {
    lines
        .filter(|l| {
            ["CWD", "TYPE", "RETR", "LIST", "NLST"]
                .iter()
                .any(|c| l == c || l.starts_with(&format!("{c} ")))
                || (with_user && l.starts_with("USER "))
        })
        .collect()
}

pub fn run(root: &Path, diffs: &Differences) -> Vec<Tally> {
    let name = "curl-scheme-protocol/ftp";
    let mut out = Vec::new();
    let Some(rows) = rows_or_skip(root, "curl-scheme-protocol/cases.jsonl", name, &mut out) else {
        return out;
    };
    let mut t = Tally::new(name);
    let (mut no_protocol, mut curls_own, mut not_one_url) = (0, 0, 0);
    for case in &rows {
        let test = case["test"].as_u64().unwrap_or(0);
        let (Some(cmd), Some(proto)) = (case["command"].as_str(), case["verify_protocol"].as_str())
        else {
            no_protocol += 1;
            continue;
        };
        // A case that expects curl to fail tests a server fault, not the URL.
        let failing = match &case["verify_errorcode"] {
            serde_json::Value::String(c) => c != "0",
            serde_json::Value::Number(c) => c.as_u64() != Some(0),
            _ => false,
        };
        if !case["tool"].is_null() || failing {
            curls_own += 1;
            continue;
        }
        let Some(url) = lone_url(cmd) else {
            not_one_url += 1;
            continue;
        };
        let url = substitute(&url, test);
        let proto = substitute(proto, test);
        let id = format!("test {test}: {url}");
        let outcome = match UrlRef::parse(&url) {
            Err(e) => Err(format!("does not parse: {e}")),
            Ok(u) => match plan(&u, &PlanOptions::default()) {
                Err(e) => Err(format!("refused: {e}")),
                Ok(p) => {
                    let with_user = u.user().is_some();
                    let ours = compared(
                        p.to_string()
                            .lines()
                            .filter_map(|l| l.strip_prefix("> "))
                            .map(str::to_string),
                        with_user,
                    );
                    let theirs = compared(
                        proto.lines().map(|l| l.trim_end_matches('\r').to_string()),
                        with_user,
                    );
                    if ours == theirs {
                        Ok(())
                    } else {
                        Err(format!("curl {theirs:?}, uniform {ours:?}"))
                    }
                }
            },
        };
        t.record(diffs, &id, outcome);
    }
    t.skip(no_protocol, "no command line or no protocol to compare");
    t.skip(
        curls_own,
        "a libtest program, or a case that expects curl to fail (a server fault, not the URL)",
    );
    t.skip(
        not_one_url,
        "not one ftp URL with options that leave its commands alone (curl's own options, other schemes)",
    );
    out.push(t);
    out
}
