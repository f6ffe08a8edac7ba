//! `rfc-examples`: the examples printed in RFC 1738 and RFC 3986, for the
//! core (`rfc1738_examples.jsonl`, `rfc3986_misc.jsonl`). The resolution
//! files of the same folder belong to the resolve suite. RFC 1738's FTP
//! command sequences (section 3.2.2) are checked against Uniform's plan.

use crate::support::{Differences, Tally, rows_or_skip};
use serde_json::Value;
use std::path::Path;
use uniform::plan::{PlanOptions, plan};
use uniform::{Dialect, ParseOptions, Scheme, UrlRef};

pub fn run(root: &Path, diffs: &Differences) -> Vec<Tally> {
    let mut out = Vec::new();
    let (a, b) = ("rfc-examples/rfc1738_examples", "rfc-examples/rfc3986_misc");
    if let Some(rows) = rows_or_skip(root, &format!("{a}.jsonl"), a, &mut out) {
        out.push(rfc1738(&rows, diffs));
    }
    if let Some(rows) = rows_or_skip(root, &format!("{b}.jsonl"), b, &mut out) {
        out.push(rfc3986(&rows, diffs));
    }
    out
}

/// `null` in the suite is an absent component.
fn opt(v: &Value) -> Option<&str> {
    v.as_str()
}

fn rfc1738(rows: &[Value], diffs: &Differences) -> Tally {
    let mut t = Tally::new("rfc-examples/rfc1738_examples");
    let opts = ParseOptions::new().dialect(Dialect::Rfc1738);
    for case in rows {
        let input = case["input"].as_str().unwrap_or_default();
        let want = &case["expected"];
        match case["kind"].as_str().unwrap_or_default() {
            "userinfo" => {
                let outcome = match opts.parse(input) {
                    Err(e) => Err(format!("does not parse: {e}")),
                    Ok(u)
                        if u.user() == opt(&want["user"])
                            && u.password() == opt(&want["password"]) =>
                    {
                        Ok(())
                    }
                    Ok(u) => Err(format!("user {:?} password {:?}", u.user(), u.password())),
                };
                t.record(diffs, input, outcome);
            }
            "valid_example" => {
                let outcome = match opts.strict(true).parse(input) {
                    Ok(_) => Ok(()),
                    Err(e) => Err(format!("strict RFC 1738 refuses it: {e}")),
                };
                t.record(diffs, input, outcome);
            }
            "default_port" => {
                let scheme = case["scheme"].as_str().unwrap_or_default();
                let port = case["port"].as_u64().and_then(|p| u16::try_from(p).ok());
                let url = format!("{scheme}://h.dom/");
                let outcome = match opts.parse(&url) {
                    Ok(u)
                        if Scheme::from_name(scheme).default_port() == port
                            && u.port_or_default() == port =>
                    {
                        Ok(())
                    }
                    Ok(u) => Err(format!("default port {:?}", u.port_or_default())),
                    Err(e) => Err(format!("{url} does not parse: {e}")),
                };
                t.record(diffs, &format!("default_port {scheme}"), outcome);
            }
            // Section 3.2.2's command sequences: the plan `uniform plan`
            // prints, its CWD and retrieval commands.
            "ftp_access" => t.record(diffs, input, ftp_access(input, want)),
            other => panic!("rfc1738_examples: unknown kind {other:?}"),
        }
    }
    t
}

/// The user, host, CWD and RETR commands of Uniform's plan for `input`
/// against the section 3.2.2 example's.
fn ftp_access(input: &str, want: &Value) -> Result<(), String> {
    let u = UrlRef::parse(input).map_err(|e| format!("does not parse: {e}"))?;
    let p = plan(&u, &PlanOptions::default()).map_err(|e| format!("refused: {e}"))?;
    let ours: Vec<String> = p
        .to_string()
        .lines()
        .filter_map(|l| l.strip_prefix("> "))
        .filter(|l| {
            ["CWD", "RETR"]
                .iter()
                .any(|c| l.split(' ').next() == Some(c))
        })
        .map(str::to_string)
        .collect();
    let theirs: Vec<String> = want["commands"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(Value::as_str)
        .map(str::to_string)
        .collect();
    if u.user() == opt(&want["user"]) && u.host() == opt(&want["host"]) && ours == theirs {
        Ok(())
    } else {
        Err(format!(
            "user {:?} host {:?} commands {ours:?}",
            u.user(),
            u.host()
        ))
    }
}

fn rfc3986(rows: &[Value], diffs: &Differences) -> Tally {
    let mut t = Tally::new("rfc-examples/rfc3986_misc");
    let opts = ParseOptions::new().dialect(Dialect::Rfc3986);
    for case in rows {
        match case["kind"].as_str().unwrap_or_default() {
            "components" => {
                let input = case["input"].as_str().unwrap_or_default();
                let outcome = opts
                    .parse(input)
                    .map_err(|e| format!("does not parse: {e}"))
                    .and_then(|u| components(&u, &case["expected"]));
                t.record(diffs, input, outcome);
            }
            "equivalent" => {
                let inputs: Vec<&str> = case["inputs"]
                    .as_array()
                    .into_iter()
                    .flatten()
                    .filter_map(Value::as_str)
                    .collect();
                let normalized = case["normalized"].as_str().unwrap_or_default();
                t.record(
                    diffs,
                    &inputs.join(" = "),
                    equivalent(opts, &inputs, normalized),
                );
            }
            "valid_example" => {
                let input = case["input"].as_str().unwrap_or_default();
                let outcome = match opts.strict(true).parse(input) {
                    Ok(_) => Ok(()),
                    Err(e) => Err(format!("strict RFC 3986 refuses it: {e}")),
                };
                t.record(diffs, input, outcome);
            }
            // remove_dot_segments is relative resolution (RFC 3986 section
            // 5.2.4): the resolve module runs these rows, in a tally of
            // their own.
            "remove_dot_segments" => {}
            other => panic!("rfc3986_misc: unknown kind {other:?}"),
        }
    }
    t
}

/// RFC 3986 names the path with its leading "/" and keeps `null` for an
/// absent authority, query or fragment.
fn components(u: &UrlRef<'_>, want: &Value) -> Result<(), String> {
    let got = [
        ("scheme", Some(u.scheme())),
        ("authority", u.authority()),
        ("path", Some(u.path_with_slash())),
        ("query", u.query()),
        ("fragment", u.fragment()),
    ];
    let bad: Vec<String> = got
        .iter()
        .filter(|(k, v)| opt(&want[*k]) != *v)
        .map(|(k, v)| format!("{k} {v:?} (want {:?})", opt(&want[*k])))
        .collect();
    if bad.is_empty() {
        Ok(())
    } else {
        Err(bad.join(", "))
    }
}

fn equivalent(opts: ParseOptions, inputs: &[&str], normalized: &str) -> Result<(), String> {
    let mut urls = Vec::new();
    for i in inputs {
        urls.push(
            opts.parse(i)
                .map_err(|e| format!("{i} does not parse: {e}"))?,
        );
    }
    for (u, i) in urls.iter().zip(inputs) {
        if u.canonical() != normalized {
            return Err(format!(
                "canonical form of {i} is {:?}, not {normalized:?}",
                u.canonical()
            ));
        }
    }
    let first = &urls[0];
    match urls
        .iter()
        .find(|u| !first.equivalent(u) || !u.equivalent(first))
    {
        Some(u) => Err(format!(
            "{} and {} are not equivalent",
            first.as_str(),
            u.as_str()
        )),
        None => Ok(()),
    }
}
