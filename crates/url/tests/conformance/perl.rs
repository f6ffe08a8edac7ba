//! `perl-uri`: `scheme_parse_legacy.jsonl`, Perl's `URI::URL` accessors on
//! RFC 1738-era URLs, parsed with `Dialect::Rfc1738`. Only the generic
//! components are compared here (scheme, user, password, host, port, and
//! `netloc` and `frag`, which are the authority and the fragment); the
//! scheme-specific fields (`gtype`, `selector`, `group`, `article`,
//! `params`, ...) are compared by the schemes module, in a tally of its
//! own; a row with no generic field is that module's alone.

use crate::support::{Differences, Tally, rows_or_skip};
use serde_json::Value;
use std::collections::BTreeMap;
use std::path::Path;
use uniform::pct::decode_utf8_lossy;
use uniform::{Dialect, ParseOptions, UrlRef};

const GENERIC: [&str; 7] = [
    "scheme", "user", "password", "host", "port", "netloc", "frag",
];

pub fn run(root: &Path, diffs: &Differences) -> Vec<Tally> {
    let name = "perl-uri/scheme_parse_legacy (generic components)";
    let mut out = Vec::new();
    let Some(rows) = rows_or_skip(root, "perl-uri/scheme_parse_legacy.jsonl", name, &mut out)
    else {
        return out;
    };
    let mut t = Tally::new(name);
    let mut fields_not_here: BTreeMap<String, usize> = BTreeMap::new();
    for row in &rows {
        let input = row["input"].as_str().unwrap_or_default();
        let want = row["expected"].as_object().cloned().unwrap_or_default();
        for k in want.keys().filter(|k| !GENERIC.contains(&k.as_str())) {
            *fields_not_here.entry(k.clone()).or_default() += 1;
        }
        let checked: Vec<(&String, &Value)> = want
            .iter()
            .filter(|(k, _)| GENERIC.contains(&k.as_str()))
            .collect();
        if checked.is_empty() {
            continue;
        }
        let outcome = match ParseOptions::new().dialect(Dialect::Rfc1738).parse(input) {
            Err(e) => Err(format!("does not parse: {e}")),
            Ok(u) => {
                let bad: Vec<String> = checked
                    .iter()
                    .filter_map(|(k, v)| {
                        let got = field(&u, k);
                        (got != scalar(v)).then(|| format!("{k} {got:?} (want {v})"))
                    })
                    .collect();
                if bad.is_empty() {
                    Ok(())
                } else {
                    Err(bad.join(", "))
                }
            }
        };
        t.record(diffs, input, outcome);
    }
    let fields: Vec<String> = fields_not_here
        .iter()
        .map(|(k, n)| format!("{k} x{n}"))
        .collect();
    println!(
        "note: perl-uri/scheme_parse_legacy: fields left to the schemes module (which compares the scheme-specific ones among them): {}",
        fields.join(", ")
    );
    out.push(t);
    out
}

/// Perl gives numbers for some fields (`frag: 0`, `port: 80`): compare text.
fn scalar(v: &Value) -> Option<String> {
    match v {
        Value::Null => None,
        Value::String(s) => Some(s.clone()),
        other => Some(other.to_string()),
    }
}

/// `URI::URL`'s accessor `name`: Perl lower-cases the scheme, decodes user
/// and password, and gives the port to connect to (the default when none
/// is written).
fn field(u: &UrlRef<'_>, name: &str) -> Option<String> {
    let decoded = |s: &str| decode_utf8_lossy(s).into_owned();
    match name {
        "scheme" => Some(u.scheme().to_ascii_lowercase()),
        "user" => u.user().map(decoded),
        "password" => u.password().map(decoded),
        "host" => u.host().map(str::to_string),
        "port" => u.port_or_default().map(|p| p.to_string()),
        "netloc" => u.authority().map(str::to_string),
        "frag" => u.fragment().map(str::to_string),
        _ => unreachable!("{name} is not a generic field"),
    }
}
