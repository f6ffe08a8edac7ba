//! trurl's own test suite (`../shared/testdata/trurl/tests.json`) through
//! `uniform edit`, which takes trurl's options with trurl's meanings.
//!
//! Each case runs as `uniform edit --dialect rfc3986 --show-password
//! --guess-scheme ARGS` (trurl's defaults: curl's parser reads RFC 3986,
//! trurl prints passwords and guesses a scheme) from the suite's folder, so that `-f testfiles/...` finds its file. A case
//! passes when the run succeeds or fails as trurl's does and prints the
//! same: the same text, or for `--json` the same objects (Uniform prints
//! one a line, trurl one array). The code under test is never the
//! referee: every other case is a difference, listed in
//! `testdata/cli-conformance/trurl.toml` with Uniform's answer (its exit
//! status and standard output, exactly) and the reason, such as trurl
//! printing curl's normalized form of a URL where Uniform prints it as
//! written. An unlisted difference fails the test, and so does a listed
//! case whose answer changed or that now agrees. Standard error is not
//! compared: the messages are each tool's own.

use serde::Deserialize;
use serde_json::Value;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Table {
    /// Reasons shared by many cases, by name.
    #[serde(default)]
    causes: BTreeMap<String, String>,
    difference: Vec<Listed>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Listed {
    case: String,
    /// Uniform's answer: `exit N` and its standard output, as [`answer`]
    /// writes them.
    uniform: String,
    why: Option<String>,
    cause: Option<String>,
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
    /// Uniform's answer (see [`answer`]) and how it differs from trurl's.
    Different {
        answer: String,
        how: String,
    },
}

/// Uniform's answer as the table pins it: the exit status and standard
/// output.
fn answer(code: Option<i32>, stdout: &str) -> String {
    format!("exit {}\n{stdout}", code.unwrap_or(-1))
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
    let different = |how: String| Outcome::Different {
        answer: answer(out.status.code(), &ours),
        how,
    };
    let ok = out.status.success();
    let expected = &case["expected"];
    let their_ok = expected["returncode"].as_i64() == Some(0);
    if ok != their_ok {
        return (
            id,
            different(format!(
                "status: uniform {}, trurl {} (stdout {ours:?}, stderr {:?})",
                out.status.code().unwrap_or(-1),
                expected["returncode"],
                String::from_utf8_lossy(&out.stderr)
            )),
        );
    }
    let outcome = match &expected["stdout"] {
        Value::String(theirs) if *theirs == ours => Outcome::Same,
        Value::String(theirs) => different(format!("uniform {ours:?}, trurl {theirs:?}")),
        Value::Array(theirs) => {
            let mine: Vec<Value> = ours
                .lines()
                .map(|l| serde_json::from_str(l).unwrap_or(Value::Null))
                .collect();
            if mine == *theirs {
                Outcome::Same
            } else {
                different(format!(
                    "uniform {}, trurl {}",
                    Value::Array(mine),
                    Value::Array(theirs.clone())
                ))
            }
        }
        other => different(format!("trurl's expected stdout {other} is not read")),
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
    let mut listed: BTreeMap<&str, &Listed> = BTreeMap::new();
    for d in &table.difference {
        let why = match (&d.why, &d.cause) {
            (Some(w), None) => w.as_str(),
            (None, Some(c)) => table.causes.get(c).map_or("", String::as_str),
            _ => "",
        };
        assert!(
            !why.trim().is_empty(),
            "{}: a listed difference gives its reason: a why, or a cause the table names",
            d.case
        );
        assert!(
            listed.insert(&d.case, d).is_none(),
            "{}: listed twice",
            d.case
        );
    }
    let (mut same, mut known) = (0, 0);
    let mut unlisted = Vec::new();
    let mut changed = Vec::new();
    let mut stale = Vec::new();
    let mut seen = BTreeMap::new();
    for case in &cases {
        let (id, outcome) = run_case(&dir, case);
        match (outcome, listed.get(id.as_str())) {
            (Outcome::Same, Some(_)) => stale.push(id.clone()),
            (Outcome::Same, None) => same += 1,
            (Outcome::Different { answer, .. }, Some(l)) if answer == l.uniform => known += 1,
            (Outcome::Different { answer, .. }, Some(l)) => changed.push(format!(
                "{id}\n    now {answer:?}\n    listed {:?}",
                l.uniform
            )),
            (Outcome::Different { answer, how }, None) => {
                unlisted.push(format!("{id}\n    {how}\n    uniform = {answer:?}"))
            }
        }
        seen.insert(id, ());
    }
    let unknown: Vec<&str> = listed
        .keys()
        .filter(|k| !seen.contains_key(**k))
        .copied()
        .collect();
    println!(
        "trurl: {} cases: {same} the same as trurl's, {known} listed differences with Uniform's answer",
        cases.len()
    );
    assert!(
        changed.is_empty(),
        "{} listed cases whose answer changed:\n{}",
        changed.len(),
        changed.join("\n")
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
