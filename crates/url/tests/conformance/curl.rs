//! `curl-lib1560`: `get_parts.jsonl`, curl's URL API split into parts,
//! against `Dialect::Rfc3986`.
//!
//! Only rows whose flags ask for nothing Uniform cannot express are run.
//! curl's API conventions are mapped: the scheme is lower-cased, an empty
//! path after an authority reads "/", an empty query or fragment is
//! "missing" unless `CURLU_GET_EMPTY`, the port is a number,
//! `CURLU_DEFAULT_PORT` / `CURLU_NO_DEFAULT_PORT` add or drop the default
//! port, `CURLU_URLDECODE` decodes. Rows where curl refuses the URL
//! (`error` other than `CURLUE_OK`) pass when the strict RFC 3986 parse
//! refuses it too.

use crate::support::{Differences, Tally, rows_or_skip};
use serde_json::Value;
use std::collections::BTreeMap;
use std::path::Path;
use uniform::pct::decode_utf8_lossy;
use uniform::{Dialect, ParseOptions, UrlRef};

/// Flags whose effect Uniform maps or that change nothing for a URL that
/// has its scheme.
const SET_OK: [&str; 4] = [
    "CURLU_NON_SUPPORT_SCHEME",
    "CURLU_NO_AUTHORITY",
    "CURLU_DEFAULT_SCHEME",
    "CURLU_ALLOW_SPACE",
];
const GET_OK: [&str; 4] = [
    "CURLU_DEFAULT_PORT",
    "CURLU_NO_DEFAULT_PORT",
    "CURLU_GET_EMPTY",
    "CURLU_URLDECODE",
];

pub fn run(root: &Path, diffs: &Differences) -> Vec<Tally> {
    let name = "curl-lib1560/get_parts";
    let mut out = Vec::new();
    let Some(rows) = rows_or_skip(root, &format!("{name}.jsonl"), name, &mut out) else {
        return out;
    };
    let mut t = Tally::new(name);
    let mut not_run: BTreeMap<String, usize> = BTreeMap::new();
    for row in &rows {
        let input = row["input"].as_str().unwrap_or_default();
        let set = strings(&row["flags"]["set"]);
        let get = strings(&row["flags"]["get"]);
        if !row["cond"].is_null() {
            *not_run.entry("build-conditional row".into()).or_default() += 1;
            continue;
        }
        if let Some(f) = set
            .iter()
            .find(|f| !SET_OK.contains(&f.as_str()))
            .or(get.iter().find(|f| !GET_OK.contains(&f.as_str())))
        {
            *not_run
                .entry(format!("curl flag {f}, not mapped onto Uniform"))
                .or_default() += 1;
            continue;
        }
        if !has_scheme(input) {
            // Only curl's scheme defaulting or guessing makes these URLs.
            *not_run
                .entry("no scheme (curl adds one)".into())
                .or_default() += 1;
            continue;
        }
        let ok = row["error"] == "CURLUE_OK";
        let outcome = if ok {
            match ParseOptions::new().dialect(Dialect::Rfc3986).parse(input) {
                Err(e) => Err(format!("curl accepts it; Uniform refuses: {e}")),
                Ok(u) => compare(&u, &row["expected_parts"], &get),
            }
        } else {
            match ParseOptions::new()
                .dialect(Dialect::Rfc3986)
                .strict(true)
                .parse(input)
            {
                Err(_) => Ok(()),
                Ok(_) => Err(format!(
                    "curl refuses it ({}); valid by strict RFC 3986",
                    row["error"]
                )),
            }
        };
        t.record(diffs, &case_id(input, &set, &get), outcome);
    }
    for (why, n) in not_run {
        t.skip(n, why);
    }
    out.push(t);
    out
}

/// The same input appears with several flag sets.
fn case_id(input: &str, set: &[String], get: &[String]) -> String {
    let flags: Vec<&str> = set
        .iter()
        .chain(get)
        .map(|f| f.trim_start_matches("CURLU_"))
        .collect();
    if flags.is_empty() {
        input.to_string()
    } else {
        format!("{input} [{}]", flags.join(","))
    }
}

pub(crate) fn strings(v: &Value) -> Vec<String> {
    v.as_array()
        .into_iter()
        .flatten()
        .filter_map(|s| s.as_str().map(str::to_string))
        .collect()
}

fn has_scheme(s: &str) -> bool {
    match s.find(':') {
        Some(n) if n > 0 => {
            let b = &s.as_bytes()[..n];
            b[0].is_ascii_alphabetic()
                && b.iter()
                    .all(|&c| c.is_ascii_alphanumeric() || matches!(c, b'+' | b'-' | b'.'))
        }
        _ => false,
    }
}

pub(crate) fn compare(u: &UrlRef<'_>, want: &Value, get: &[String]) -> Result<(), String> {
    let flag = |f: &str| get.iter().any(|g| g == f);
    let decode = flag("CURLU_URLDECODE");
    let text = |s: &str| {
        if decode {
            decode_utf8_lossy(s).into_owned()
        } else {
            s.to_string()
        }
    };
    let empty_is_missing = |v: Option<&str>| {
        v.filter(|s| !s.is_empty() || flag("CURLU_GET_EMPTY"))
            .map(text)
    };
    let port = match u.port() {
        Some(p) if flag("CURLU_NO_DEFAULT_PORT") && Some(p) == u.default_port() => None,
        None if flag("CURLU_DEFAULT_PORT") => u.default_port(),
        p => p,
    };
    let path = match (u.has_authority(), u.path_with_slash()) {
        (true, "") => "/".to_string(),
        (_, p) => text(p),
    };
    let got: [(&str, Option<String>); 8] = [
        ("scheme", Some(u.scheme().to_ascii_lowercase())),
        ("user", u.user().map(text)),
        ("password", u.password().map(text)),
        ("host", u.host().map(text)),
        ("port", port.map(|p| p.to_string())),
        ("path", Some(path)),
        ("query", empty_is_missing(u.query())),
        ("fragment", empty_is_missing(u.fragment())),
    ];
    let mut bad = Vec::new();
    for (k, v) in &got {
        // `{"missing": "CURLUE_NO_..."}` is an absent part.
        let w = want[*k].as_str();
        if w != v.as_deref() {
            bad.push(format!("{k} {v:?} (want {:?})", w));
        }
    }
    if want["options"].is_string() {
        bad.push(format!(
            "options {:?} (Uniform has no options part)",
            want["options"]
        ));
    }
    if bad.is_empty() {
        Ok(())
    } else {
        Err(bad.join(", "))
    }
}
