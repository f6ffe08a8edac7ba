//! `wpt-url`: the WHATWG URL Standard's `urltestdata`, only where it can
//! agree with RFC 3986: rows tagged `_rfc3986_string_agrees: true` whose
//! input is an absolute URL (so that no base plays a part), parsed with
//! `Dialect::Rfc3986` and compared component by component. Every row of
//! the file, this subset included, is run under the WHATWG dialect by
//! [`crate::whatwg`].
//!
//! The IDNA files, `toascii.json` and `IdnaTestV2.json` (UTS 46's own
//! conformance data as wpt converts it), are run through
//! `UrlRef::host_ascii` of `http://INPUT/` under RFC 3986: the profile
//! Uniform uses is the one WHATWG's "domain to ASCII" uses. Rows whose
//! input would not stay one host in a URL (a `/`, `?`, `#`, `@`, `:`,
//! `[`, `\\`, space or control) test WHATWG's host parser, not IDNA, and
//! are not run.
//!
//! Every row that is run is compared with the output wpt gives. wpt
//! writes each IdnaTestV2 row's expected output by the URL standard of
//! its version, which passes an ASCII-only domain through lower-cased
//! without UTS 46 validation, `xn--` labels and all; it keeps UTS 46's own
//! status codes (`P4`, `V7`, `C1`...) in the comment. Uniform verifies
//! `xn--` labels as UTS 46 section 4 does (a label that claims to be
//! Punycode and is not names no IDN), so it refuses those rows: each is a
//! listed difference in `testdata/conformance/idna.toml`, with Uniform's
//! answer.

use crate::support::{Differences, Tally, rows_or_skip};
use serde_json::Value;
use std::path::Path;
use uniform::{Dialect, ParseOptions, UrlRef};

pub fn run(root: &Path, diffs: &Differences) -> Vec<Tally> {
    let name = "wpt-url/urltestdata (rfc3986 agrees, absolute)";
    let mut tallies = Vec::new();
    if let Some(rows) = rows_or_skip(root, "wpt-url/urltestdata.tagged.jsonl", name, &mut tallies) {
        tallies.push(urltestdata(name, &rows, diffs));
    }
    for (file, suite) in [
        ("toascii.json", "wpt-url/toascii (host_ascii)"),
        ("IdnaTestV2.json", "wpt-url/IdnaTestV2 (host_ascii)"),
    ] {
        tallies.push(idna_rows(root, file, suite, diffs));
    }
    tallies
}

fn urltestdata(name: &str, rows: &[Value], diffs: &Differences) -> Tally {
    let mut t = Tally::new(name);
    let mut relative = 0;
    for row in rows {
        let input = row["input"].as_str().unwrap_or_default();
        // The rest is the Standard's own reading, which RFC 3986 does not
        // share: crate::whatwg runs it.
        if row["_rfc3986_string_agrees"] != Value::Bool(true) {
            continue;
        }
        if !is_absolute(input) {
            relative += 1;
            continue;
        }
        let outcome = match ParseOptions::new().dialect(Dialect::Rfc3986).parse(input) {
            Err(e) => Err(format!("does not parse: {e}")),
            Ok(u) => compare(&u, row),
        };
        t.record(diffs, input, outcome);
    }
    t.skip(relative, "a reference relative to a base");
    t
}

fn idna_rows(root: &Path, file: &str, suite: &str, diffs: &Differences) -> Tally {
    let mut t = Tally::new(suite);
    let path = root.join("wpt-url").join(file);
    let Ok(text) = std::fs::read_to_string(&path) else {
        return Tally::absent(suite, &format!("wpt-url/{file}"));
    };
    let rows: Vec<Value> = serde_json::from_str(&without_lone_surrogates(&text, "\\u0000"))
        .expect("wpt IDNA rows are JSON");
    let mut skipped = 0;
    for row in rows.iter().filter(|r| r.is_object()) {
        let Some(input) = row["input"].as_str() else {
            t.skip(1, format!("a row without input: {row}"));
            continue;
        };
        let want = row["output"].as_str();
        if input.is_empty()
            || input
                .chars()
                .any(|c| c.is_control() || c.is_whitespace() || "/?#@:[]\\".contains(c))
        {
            skipped += 1;
            continue;
        }
        let url = format!("http://{input}/");
        let outcome = match ParseOptions::new().dialect(Dialect::Rfc3986).parse(&url) {
            Err(e) => Err(format!("does not parse: {e}")),
            Ok(u) => {
                let got = match u.host_ascii() {
                    Ok(Some(a)) => Some(a.into_owned()),
                    // A host number is its own ASCII form.
                    Ok(None) => u.host().map(str::to_ascii_lowercase),
                    Err(_) => None,
                };
                if got.as_deref() == want {
                    Ok(())
                } else {
                    Err(format!("host_ascii {got:?}, want {want:?}"))
                }
            }
        };
        t.record(diffs, input, outcome);
    }
    t.skip(
        skipped,
        "WHATWG's host parser syntax, not IDNA (a delimiter, space, control or lone surrogate, or empty)",
    );
    t
}

/// The JSON text with each escaped lone surrogate (`\\uD800`), which no
/// Rust string holds, written as `instead`: `\\u0000` here, so that its
/// row is skipped with the rows that hold a control; `\\uFFFD` under the
/// WHATWG dialect, as a JavaScript string given to the URL API reads.
pub fn without_lone_surrogates(text: &str, instead: &str) -> String {
    let unit = |s: &str| {
        s.strip_prefix("\\u")
            .and_then(|h| h.get(..4))
            .and_then(|h| u16::from_str_radix(h, 16).ok())
    };
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(p) = rest.find("\\u") {
        // An escaped backslash before "u" is no escape.
        let escaped = rest[..p].bytes().rev().take_while(|&b| b == b'\\').count() % 2 == 1;
        out.push_str(&rest[..p]);
        let here = &rest[p..];
        match unit(here) {
            Some(0xD800..=0xDBFF) if !escaped => {
                if matches!(unit(&here[6..]), Some(0xDC00..=0xDFFF)) {
                    out.push_str(&here[..12]);
                    rest = &here[12..];
                } else {
                    out.push_str(instead);
                    rest = &here[6..];
                }
            }
            Some(0xDC00..=0xDFFF) if !escaped => {
                out.push_str(instead);
                rest = &here[6..];
            }
            _ => {
                out.push_str(&here[..2]);
                rest = &here[2..];
            }
        }
    }
    out.push_str(rest);
    out
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
