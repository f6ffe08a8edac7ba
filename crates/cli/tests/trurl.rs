//! trurl's own test suite (`../shared/testdata/trurl/tests.json`) through
//! `uniform edit`, which takes trurl's options with trurl's meanings.
//!
//! Each case runs as `uniform edit --dialect rfc3986 --show-password
//! --guess-scheme ARGS` (trurl's defaults: curl's parser reads RFC 3986,
//! trurl prints passwords and guesses a scheme) from the suite's folder, so that `-f testfiles/...` finds its file. A case
//! passes when the run succeeds or fails as trurl's does and prints the
//! same: the same text, or for `--json` the same objects (Uniform prints
//! one a line, trurl one array). A second outcome is counted apart:
//! trurl prints curl's normalized form of a URL (`/` for an empty path,
//! lower-case escapes, default ports and dot segments dropped) where
//! Uniform prints the URL as written; a case whose every printed URL is
//! equivalent to trurl's by RFC 3986 section 6's normalization (Uniform's
//! `Url::normalize`) is *equivalent*, and that equivalence is checked
//! here, line by line. Every other difference is listed with its reason
//! in `testdata/cli-conformance/trurl.toml`; one that is not fails the test,
//! and so does a listed case that now passes. Standard error is not
//! compared: the messages are each tool's own.

use serde::Deserialize;
use serde_json::Value;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use uniform::{Dialect, ParseOptions, Url};

#[derive(Deserialize)]
struct Table {
    difference: Vec<Listed>,
}

#[derive(Deserialize)]
struct Listed {
    case: String,
    why: String,
}

fn suite_dir() -> Option<PathBuf> {
    let root = match std::env::var("UNIFORM_SHARED_TESTDATA") {
        Ok(p) => PathBuf::from(p),
        Err(_) => Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/testdata"),
    };
    let dir = root.join("trurl");
    dir.join("tests.json").is_file().then_some(dir)
}

/// What a case's run gave.
#[derive(Debug, PartialEq)]
enum Outcome {
    Same,
    Equivalent,
    Different(String),
}

/// The case's name in the table: its arguments as JSON, and the curl
/// features it requires when it names some (the suite has variants of a
/// case for curl with and without a feature).
fn case_id(args: &[String], case: &Value) -> String {
    let id = serde_json::to_string(args).unwrap();
    match case["required"].as_array() {
        Some(r) if !r.is_empty() => {
            let r: Vec<&str> = r.iter().filter_map(Value::as_str).collect();
            format!("{id} requires {}", r.join(","))
        }
        _ => id,
    }
}

/// The canonical form by RFC 3986's normalization, `None` when the text
/// is no URL.
fn canonical(text: &str) -> Option<String> {
    let o = ParseOptions::new().dialect(Dialect::Rfc3986);
    Url::parse_with(o, text)
        .ok()
        .map(|u| u.normalize().as_str().to_string())
}

/// Whether two lines name the same URL once both are normalized: the
/// scheme's default port dropped, as trurl drops it.
fn equivalent_line(ours: &str, theirs: &str) -> bool {
    let (Some(a), Some(b)) = (canonical(ours), canonical(theirs)) else {
        return false;
    };
    a == b
}

fn run_case(dir: &Path, case: &Value) -> (String, Outcome) {
    let args: Vec<String> = case["input"]["arguments"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a.as_str().unwrap().to_string())
        .collect();
    let id = case_id(&args, case);
    let out = Command::new(env!("CARGO_BIN_EXE_uniform"))
        .arg("edit")
        // trurl's defaults: curl's RFC 3986 parser, passwords shown, a
        // scheme guessed for a bare host.
        .args(["--dialect", "rfc3986", "--show-password", "--guess-scheme"])
        .args(&args)
        .current_dir(dir)
        .env("XDG_CONFIG_HOME", "/nonexistent/uniform-trurl-test")
        .env_remove("UNIFORM_DIALECT")
        .stdin(Stdio::null())
        .output()
        .expect("the binary runs");
    let ours = String::from_utf8_lossy(&out.stdout).into_owned();
    let ok = out.status.success();
    let expected = &case["expected"];
    let their_ok = expected["returncode"].as_i64() == Some(0);
    if ok != their_ok {
        return (
            id,
            Outcome::Different(format!(
                "status: uniform {}, trurl {} (stdout {ours:?}, stderr {:?})",
                out.status.code().unwrap_or(-1),
                expected["returncode"],
                String::from_utf8_lossy(&out.stderr)
            )),
        );
    }
    let outcome = match &expected["stdout"] {
        Value::String(theirs) if *theirs == ours => Outcome::Same,
        Value::String(theirs) => {
            let (a, b): (Vec<&str>, Vec<&str>) = (ours.lines().collect(), theirs.lines().collect());
            if a.len() == b.len() && a.iter().zip(&b).all(|(x, y)| equivalent_line(x, y)) {
                Outcome::Equivalent
            } else {
                Outcome::Different(format!("uniform {ours:?}, trurl {theirs:?}"))
            }
        }
        Value::Array(theirs) => {
            let mine: Vec<Value> = ours
                .lines()
                .map(|l| serde_json::from_str(l).unwrap_or(Value::Null))
                .collect();
            if mine == *theirs {
                Outcome::Same
            } else if mine.len() == theirs.len()
                && mine.iter().zip(theirs).all(|(m, t)| {
                    let mut m = m.clone();
                    let mut t = t.clone();
                    let urls = (m["url"].take(), t["url"].take());
                    let paths = (m["parts"]["path"].take(), t["parts"]["path"].take());
                    m == t
                        && matches!(&urls, (Value::String(a), Value::String(b)) if equivalent_line(a, b))
                        && (paths.0 == paths.1
                            || (paths.0 == Value::String(String::new())
                                && paths.1 == Value::String("/".into())))
                })
            {
                Outcome::Equivalent
            } else {
                Outcome::Different(format!(
                    "uniform {}, trurl {}",
                    Value::Array(mine),
                    Value::Array(theirs.clone())
                ))
            }
        }
        other => Outcome::Different(format!("trurl's expected stdout {other} is not read")),
    };
    (id, outcome)
}

#[test]
fn trurl_suite() {
    let Some(dir) = suite_dir() else {
        if std::env::var("CI").is_ok_and(|v| v == "true") {
            panic!("../shared/testdata/trurl is missing, and CI=true requires it");
        }
        uniform_testkit::Skip::new(
            "../shared/testdata/trurl not found (set UNIFORM_SHARED_TESTDATA to run trurl's suite)",
        )
        .record();
        return;
    };
    let cases: Vec<Value> =
        serde_json::from_str(&std::fs::read_to_string(dir.join("tests.json")).unwrap()).unwrap();
    let table: Table = toml::from_str(
        &std::fs::read_to_string(
            Path::new(env!("CARGO_MANIFEST_DIR")).join("../../testdata/cli-conformance/trurl.toml"),
        )
        .unwrap(),
    )
    .unwrap();
    let listed: BTreeMap<&str, &str> = table
        .difference
        .iter()
        .map(|d| (d.case.as_str(), d.why.as_str()))
        .collect();
    assert!(
        table.difference.iter().all(|d| !d.why.trim().is_empty()),
        "every listed difference has its reason"
    );
    let (mut same, mut equivalent, mut known) = (0, 0, 0);
    let mut unlisted = Vec::new();
    let mut stale = Vec::new();
    let mut seen = BTreeMap::new();
    for case in &cases {
        let (id, outcome) = run_case(&dir, case);
        let is_listed = listed.contains_key(id.as_str());
        match outcome {
            Outcome::Same | Outcome::Equivalent if is_listed => stale.push(id.clone()),
            Outcome::Same => same += 1,
            Outcome::Equivalent => equivalent += 1,
            Outcome::Different(_) if is_listed => known += 1,
            Outcome::Different(how) => unlisted.push(format!("{id}\n    {how}")),
        }
        seen.insert(id, ());
    }
    let unknown: Vec<&str> = listed
        .keys()
        .filter(|k| !seen.contains_key(**k))
        .copied()
        .collect();
    println!(
        "trurl: {} cases: {same} the same, {equivalent} equivalent (curl's normalized form), {known} listed differences",
        cases.len()
    );
    assert!(
        unlisted.is_empty(),
        "{} differences not listed in testdata/cli-conformance/trurl.toml:\n{}",
        unlisted.len(),
        unlisted.join("\n")
    );
    assert!(stale.is_empty(), "listed, but now passing: {stale:#?}");
    assert!(unknown.is_empty(), "listed, but no such case: {unknown:#?}");
}
