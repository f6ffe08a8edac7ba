//! `go-net-url`: Go's `net/url` tables `parse.jsonl` (components) and
//! `parse_errors.jsonl` (validity), against `Dialect::Rfc3986`.
//!
//! Go's `URL` is mapped onto RFC 3986's components: Go lower-cases the
//! scheme; it keeps the port inside `Host` and decodes `Host`, `Path` and
//! `Fragment`; `Opaque` is the path of a URL without an authority that
//! does not start with "/"; `RawQuery` is "" for an absent query and
//! `ForceQuery` marks a "?" with nothing after it.

use crate::support::{Differences, Tally, rows_or_skip};
use serde_json::Value;
use std::path::Path;
use uniform::pct::decode_utf8_lossy;
use uniform::{Dialect, ParseOptions, UrlRef};

pub fn run(root: &Path, diffs: &Differences) -> Vec<Tally> {
    let mut out = Vec::new();
    let (a, b) = ("go-net-url/parse", "go-net-url/parse_errors");
    if let Some(rows) = rows_or_skip(root, &format!("{a}.jsonl"), a, &mut out) {
        out.push(parse(&rows, diffs));
    }
    if let Some(rows) = rows_or_skip(root, &format!("{b}.jsonl"), b, &mut out) {
        out.push(parse_errors(&rows, diffs));
    }
    out
}

fn parse(rows: &[Value], diffs: &Differences) -> Tally {
    let mut t = Tally::new("go-net-url/parse");
    for row in rows {
        let input = row["input"].as_str().unwrap_or_default();
        let outcome = match ParseOptions::new().dialect(Dialect::Rfc3986).parse(input) {
            Err(e) => Err(format!("does not parse: {e}")),
            Ok(u) => compare(&u, &row["expected"]),
        };
        t.record(diffs, input, outcome);
    }
    t
}

fn compare(u: &UrlRef<'_>, want: &Value) -> Result<(), String> {
    let decoded = |s: &str| decode_utf8_lossy(s).into_owned();
    let (opaque, path) = match (u.has_authority(), u.path_with_slash()) {
        (false, p) if !p.starts_with('/') => (p.to_string(), String::new()),
        (_, p) => (String::new(), decoded(p)),
    };
    let host = match (u.host(), u.port_str()) {
        (Some(h), Some(p)) => format!("{}:{p}", decoded(h)),
        (Some(h), None) => decoded(h),
        (None, _) => String::new(),
    };
    let user = match (u.user(), u.password()) {
        (None, _) => Value::Null,
        (Some(n), p) => serde_json::json!({
            "username": decoded(n),
            "password": p.map(decoded),
        }),
    };
    let got = [
        ("scheme", Value::from(u.scheme().to_ascii_lowercase())),
        ("opaque", Value::from(opaque)),
        ("user", user),
        ("host", Value::from(host)),
        ("path", Value::from(path)),
        ("raw_query", Value::from(u.query().unwrap_or_default())),
        ("force_query", Value::from(u.query() == Some(""))),
        (
            "fragment",
            Value::from(decoded(u.fragment().unwrap_or_default())),
        ),
    ];
    let bad: Vec<String> = got
        .iter()
        .filter(|(k, v)| want[*k] != *v)
        .map(|(k, v)| format!("{k} {v} (want {})", want[*k]))
        .collect();
    if bad.is_empty() {
        Ok(())
    } else {
        Err(bad.join(", "))
    }
}

/// Go's `Parse` errors where the input is no URL; Uniform's strict RFC
/// 3986 parse must agree.
fn parse_errors(rows: &[Value], diffs: &Differences) -> Tally {
    let mut t = Tally::new("go-net-url/parse_errors");
    for row in rows {
        let input = row["input"].as_str().unwrap_or_default();
        let want_error = row["error"].as_bool().unwrap_or_default();
        let got = ParseOptions::new()
            .dialect(Dialect::Rfc3986)
            .strict(true)
            .parse(input);
        let outcome = match (want_error, got) {
            (true, Err(_)) | (false, Ok(_)) => Ok(()),
            (true, Ok(_)) => Err("valid by strict RFC 3986".to_string()),
            (false, Err(e)) => Err(format!("refused: {e}")),
        };
        t.record(diffs, input, outcome);
    }
    t
}
