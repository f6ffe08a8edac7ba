//! `wpt-url`: the WHATWG URL Standard's `urltestdata`, only where it can
//! agree with RFC 3986: rows tagged `_rfc3986_string_agrees: true` whose
//! input is an absolute URL (so that no base plays a part), parsed with
//! `Dialect::Rfc3986` and compared component by component. The rest of the
//! file is WHATWG's own semantics and is not run.

use crate::support::{Differences, Tally, read_jsonl};
use serde_json::Value;
use std::path::Path;
use uniform::{Dialect, ParseOptions, UrlRef};

pub fn run(root: &Path, diffs: &Differences) -> Vec<Tally> {
    let mut t = Tally::new("wpt-url/urltestdata (rfc3986 agrees, absolute)");
    let rows = read_jsonl(&root.join("wpt-url/urltestdata.tagged.jsonl"));
    let mut skipped = 0;
    for row in &rows {
        let input = row["input"].as_str().unwrap_or_default();
        if row["_rfc3986_string_agrees"] != Value::Bool(true) || !is_absolute(input) {
            skipped += 1;
            continue;
        }
        let outcome = match ParseOptions::new().dialect(Dialect::Rfc3986).parse(input) {
            Err(e) => Err(format!("does not parse: {e}")),
            Ok(u) => compare(&u, row),
        };
        t.record(diffs, input, outcome);
    }
    println!(
        "note: wpt-url: {skipped} of {} rows not run (WHATWG semantics: not tagged _rfc3986_string_agrees, or relative to a base)",
        rows.len()
    );
    vec![t]
}

/// RFC 3986 section 4.3: `scheme ":" ...`. The scheme must start with a
/// letter and hold only letters, digits, `+`, `-` and `.`.
fn is_absolute(s: &str) -> bool {
    match s.find(':') {
        Some(n) if n > 0 => {
            let scheme = &s.as_bytes()[..n];
            scheme[0].is_ascii_alphabetic()
                && scheme
                    .iter()
                    .all(|&c| c.is_ascii_alphanumeric() || matches!(c, b'+' | b'-' | b'.'))
        }
        _ => false,
    }
}

/// WHATWG's attributes from RFC 3986's components: `protocol` ends in
/// ":", `pathname` is the whole path, `search` and `hash` keep their "?"
/// and "#" and are "" when empty or absent, `host` is hostname and port,
/// and an absent user, password or host is "".
fn compare(u: &UrlRef<'_>, row: &Value) -> Result<(), String> {
    let with = |prefix: &str, v: Option<&str>| match v {
        Some(v) if !v.is_empty() => format!("{prefix}{v}"),
        _ => String::new(),
    };
    let hostname = u.host().unwrap_or_default().to_string();
    let port = u.port_str().unwrap_or_default().to_string();
    let host = if port.is_empty() {
        hostname.clone()
    } else {
        format!("{hostname}:{port}")
    };
    let got = [
        ("protocol", format!("{}:", u.scheme())),
        ("username", u.user().unwrap_or_default().to_string()),
        ("password", u.password().unwrap_or_default().to_string()),
        ("hostname", hostname),
        ("port", port),
        ("host", host),
        ("pathname", u.path_with_slash().to_string()),
        ("search", with("?", u.query())),
        ("hash", with("#", u.fragment())),
    ];
    let bad: Vec<String> = got
        .iter()
        .filter(|(k, v)| row[*k].as_str() != Some(v.as_str()))
        .map(|(k, v)| format!("{k} {v:?} (want {})", row[*k]))
        .collect();
    if bad.is_empty() {
        Ok(())
    } else {
        Err(bad.join(", "))
    }
}
