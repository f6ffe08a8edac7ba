//! `curl-lib1560`'s editing tables through `uniform::edit`, against
//! `Dialect::Rfc3986`: `set_parts.jsonl` (set parts, compare the URL),
//! `setget_parts.jsonl` (set parts, compare the parts), `append.jsonl`
//! (`CURLU_APPENDQUERY`) and `set_url.jsonl` (a reference set on a URL:
//! resolution against it, as `uniform edit --redirect` does).
//!
//! curl's flags map to Uniform's two kinds of setter: with
//! `CURLU_URLENCODE` the encoding setters (`set_path`, `set_user`,
//! `append_form_pair`, ...), without it `set_raw` and
//! `append_query_pair`, which keep the text as written and check it. A
//! part curl sets to `NULL` is removed, `""` is the empty value. curl's
//! URL is compared with curl's get conventions: the scheme lower-cased
//! and an empty path after an authority read as `/`. Rows curl refuses
//! (`part_error`) pass when Uniform refuses one of the edits. Rows whose
//! flags or parts Uniform has no equivalent of are counted as not run.

use crate::curl::{compare, strings};
use crate::support::{Differences, Tally, rows_or_skip};
use serde_json::Value;
use std::collections::BTreeMap;
use std::path::Path;
use uniform::resolve::{Rules, resolve};
use uniform::{Component, Dialect, ParseOptions, Url};

fn options() -> ParseOptions {
    ParseOptions::new().dialect(Dialect::Rfc3986)
}

/// Flags that change nothing here: Uniform reads every scheme, and
/// `CURLU_URLDECODE` acts on gets, where these rows do none.
const NEUTRAL: [&str; 2] = ["CURLU_NON_SUPPORT_SCHEME", "CURLU_URLDECODE"];
/// Flags mapped onto Uniform's setters.
const MAPPED: [&str; 2] = ["CURLU_URLENCODE", "CURLU_APPENDQUERY"];

pub fn run(root: &Path, diffs: &Differences) -> Vec<Tally> {
    let mut out = Vec::new();
    for file in ["set_parts", "setget_parts"] {
        let name = format!("curl-lib1560/{file}");
        if let Some(rows) = rows_or_skip(root, &format!("{name}.jsonl"), &name, &mut out) {
            out.push(set_parts(&rows, diffs, &name));
        }
    }
    let (rel, name) = ("curl-lib1560/append.jsonl", "curl-lib1560/append");
    if let Some(rows) = rows_or_skip(root, rel, name, &mut out) {
        out.push(append(&rows, diffs));
    }
    let (rel, name) = (
        "curl-lib1560/set_url.jsonl",
        "curl-lib1560/set_url (edit --redirect)",
    );
    if let Some(rows) = rows_or_skip(root, rel, name, &mut out) {
        out.push(set_url(&rows, diffs));
    }
    out
}

/// One `part=value` of a row's `set` list; `None` for curl's `NULL`.
type Setting = (String, Option<String>);

/// curl's comma-terminated `part=value,` list; `""` is the empty value.
fn settings(list: &str) -> Vec<Setting> {
    list.split(',')
        .filter(|s| !s.is_empty())
        .map(|s| {
            let (part, value) = s.split_once('=').unwrap_or((s, ""));
            let value = match value {
                "NULL" => None,
                "\"\"" => Some(String::new()),
                v => Some(v.to_string()),
            };
            (part.to_string(), value)
        })
        .collect()
}

fn component(part: &str) -> Option<Component> {
    Some(match part {
        "scheme" => Component::Scheme,
        "user" => Component::User,
        "password" => Component::Password,
        "host" => Component::Host,
        "port" => Component::Port,
        "path" => Component::Path,
        "query" => Component::Query,
        "fragment" => Component::Fragment,
        _ => return None,
    })
}

/// Applies one setting as curl's flags ask; the error says which.
fn apply(
    url: &mut Url,
    part: Component,
    value: Option<&str>,
    flags: &[String],
) -> Result<(), String> {
    let flag = |f: &str| flags.iter().any(|g| g == f);
    let encode = flag("CURLU_URLENCODE");
    let r = match (part, value) {
        (Component::Port, Some(v)) => match v.parse::<u16>() {
            Ok(p) => url.set_port(Some(p)),
            // curl's own check: Uniform's setter takes a number.
            Err(_) => return Err(format!("port {v:?} is no number")),
        },
        (Component::Query, Some(v)) if flag("CURLU_APPENDQUERY") => {
            if v.is_empty() {
                Ok(())
            } else {
                let (k, val) = v.split_once('=').map_or((v, None), |(k, w)| (k, Some(w)));
                match (encode, val) {
                    (true, Some(val)) => url.append_form_pair(k, val),
                    (true, None) => url.append_query_pair(&uniform::edit::form_encode(k), None),
                    (false, _) => url.append_query_pair(k, val),
                }
            }
        }
        (Component::Path, None) => url.set_raw(Component::Path, Some("/")),
        (Component::Host, Some(v)) => url.set_host(v),
        (Component::Scheme, Some(v)) => url.set_scheme(v),
        (Component::User, Some(v)) if encode => url.set_user(Some(v)),
        (Component::Password, Some(v)) if encode => url.set_password(Some(v)),
        (Component::Path, Some(v)) if encode => url.set_path(v),
        (Component::Query, Some(v)) if encode => url.set_query(Some(v)),
        (Component::Fragment, Some(v)) if encode => url.set_fragment(Some(v)),
        (part, value) => url.set_raw(part, value),
    };
    r.map_err(|e| e.to_string())
}

/// The URL's text by curl's get conventions.
fn curl_text(url: &Url) -> String {
    let s = url.as_str();
    let scheme = url.scheme().to_ascii_lowercase();
    let rest = &s[url.scheme().len()..];
    if url.has_authority() && url.path_with_slash().is_empty() {
        let at = url
            .authority()
            .map_or(rest.len(), |a| 3 + a.len())
            .min(rest.len());
        format!("{scheme}{}/{}", &rest[..at], &rest[at..])
    } else {
        format!("{scheme}{rest}")
    }
}

fn set_parts(rows: &[Value], diffs: &Differences, name: &str) -> Tally {
    let mut t = Tally::new(name);
    let mut not_run: BTreeMap<String, usize> = BTreeMap::new();
    for row in rows {
        let list = row["set"].as_str().unwrap_or_default();
        let flags = strings(&row["flags"]["set_parts"]);
        let url_flags = strings(&row["flags"]["set_url"]);
        let sets = settings(list);
        let skip = flags
            .iter()
            .chain(&url_flags)
            .find(|f| !NEUTRAL.contains(&f.as_str()) && !MAPPED.contains(&f.as_str()))
            .cloned()
            .or_else(|| {
                sets.iter()
                    .find(|(p, _)| component(p).is_none())
                    .map(|(p, _)| format!("part {p} (Uniform has none)"))
            });
        // Without an input curl starts from an empty handle; Uniform's
        // URL always has a scheme and, to take a host, an authority.
        let start = match row["input"].as_str() {
            Some(s) => Some(s.to_string()),
            None => {
                let get = |p: &str| {
                    sets.iter()
                        .find(|(q, _)| q == p)
                        .and_then(|(_, v)| v.clone())
                };
                match (get("scheme"), get("host")) {
                    (Some(s), Some(_)) => Some(format!("{s}://placeholder/")),
                    _ => None,
                }
            }
        };
        let (Some(start), None) = (start, &skip) else {
            let why = skip.unwrap_or_else(|| "empty handle without scheme and host".into());
            *not_run.entry(why).or_default() += 1;
            continue;
        };
        let id = format!(
            "{} | {list} [{}]",
            row["input"].as_str().unwrap_or("null"),
            flags.join(",")
        );
        let curl_ok = row["part_error"] == "CURLUE_OK";
        let outcome = match Url::parse_with(options(), &start) {
            Err(e) => Err(format!("Uniform refuses the input: {e}")),
            Ok(mut url) => {
                let mut refused = None;
                for (p, v) in &sets {
                    let Some(c) = component(p) else { continue };
                    if let Err(e) = apply(&mut url, c, v.as_deref(), &flags) {
                        refused = Some(format!("{p}: {e}"));
                        break;
                    }
                }
                match (curl_ok, refused) {
                    (false, Some(_)) => Ok(()),
                    (false, None) => Err(format!(
                        "curl refuses an edit ({}); Uniform makes {}",
                        row["part_error"],
                        url.as_str()
                    )),
                    (true, Some(e)) => Err(format!("curl accepts; Uniform refuses {e}")),
                    (true, None) if name.ends_with("setget_parts") => {
                        let get = strings(&row["flags"]["get"]);
                        compare(&url.as_url_ref(), &row["expected_parts"], &get)
                    }
                    (true, None) => expect_text(&url, row),
                }
            }
        };
        t.record(diffs, &id, outcome);
    }
    skip_not_run(&mut t, not_run);
    t
}

fn append(rows: &[Value], diffs: &Differences) -> Tally {
    let mut t = Tally::new("curl-lib1560/append");
    for row in rows {
        let input = row["input"].as_str().unwrap_or_default();
        let pair = row["append_query"].as_str().unwrap_or_default();
        let mut flags = strings(&row["flags"]["set_query"]);
        flags.push("CURLU_APPENDQUERY".into());
        let id = format!("{input} | {pair} [{}]", flags.join(","));
        let outcome = match Url::parse_with(options(), input) {
            Err(e) => Err(format!("Uniform refuses the input: {e}")),
            Ok(mut url) => apply(&mut url, Component::Query, Some(pair), &flags).and_then(|()| {
                let (got, want) = (
                    curl_text(&url),
                    row["expected"].as_str().unwrap_or_default(),
                );
                if got == want {
                    Ok(())
                } else {
                    Err(format!("{got:?} (want {want:?})"))
                }
            }),
        };
        t.record(diffs, &id, outcome);
    }
    t
}

fn set_url(rows: &[Value], diffs: &Differences) -> Tally {
    let mut t = Tally::new("curl-lib1560/set_url (edit --redirect)");
    let mut not_run: BTreeMap<String, usize> = BTreeMap::new();
    for row in rows {
        let base = row["base"].as_str().unwrap_or_default();
        let reference = row["relative"].as_str().unwrap_or_default();
        let flags = strings(&row["flags"]["set_relative"]);
        if let Some(f) = flags.first() {
            // curl encodes or takes spaces in the reference before
            // resolving: a step that is not resolution.
            *not_run
                .entry(format!("curl flag {f} (a step before resolution)"))
                .or_default() += 1;
            continue;
        }
        let id = format!("{base} | {reference}");
        let outcome = Url::parse_with(options(), base)
            .map_err(|e| format!("Uniform refuses the base: {e}"))
            .and_then(|b| resolve(b.as_str(), reference, Rules::Rfc3986).map_err(|e| e.to_string()))
            .and_then(|s| Url::parse_with(options(), &s).map_err(|e| format!("{s}: {e}")))
            .and_then(|u| expect_text(&u, row));
        t.record(diffs, &id, outcome);
    }
    skip_not_run(&mut t, not_run);
    t
}

/// Counts the rows not run, by the flag or part that kept each out.
fn skip_not_run(t: &mut Tally, not_run: BTreeMap<String, usize>) {
    for (why, n) in not_run {
        t.skip(n, why);
    }
}

/// Whether `url`, written as curl writes it, is the row's `expected`.
fn expect_text(url: &Url, row: &serde_json::Value) -> Result<(), String> {
    let (got, want) = (curl_text(url), row["expected"].as_str().unwrap_or_default());
    if got == want {
        Ok(())
    } else {
        Err(format!("{got:?} (want {want:?})"))
    }
}
