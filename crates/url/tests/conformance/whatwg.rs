//! `wpt-url` under the WHATWG dialect: every file of the web-platform
//! tests' URL resources, run as wpt's own scripts run them.
//!
//! - `urltestdata.json` (and `urltestdata-javascript-only.json`): each
//!   row's input parsed against its base (the API URL parser: the base is
//!   parsed first), then `href`, every attribute and, where the row gives
//!   it, `origin` compared; a `failure` row must fail.
//! - `setters_tests.json`: each row's `href` parsed, the setter run with
//!   `new_value`, then each expected attribute compared.
//! - `toascii.json` and `IdnaTestV2.json`: `https://INPUT/x` parsed (wpt's
//!   `toascii.window.js` and `IdnaTestV2.window.js`): a `null` output
//!   must fail; else `host`, `hostname`, `pathname` and `href` compared.
//!   `toascii` rows also go through the `host` and `hostname` setters of
//!   `https://x/x`, as wpt runs them.
//! - `percent-encoding.json`, the UTF-8 rows: `search` and `hash` of
//!   `https://doesnotmatter.invalid/?INPUT#INPUT`.
//!
//! JSON strings hold UTF-16, Rust strings UTF-8: a lone surrogate is read
//! as U+FFFD, which is what a JavaScript string becomes when it is given
//! to the URL API (WebIDL's USVString).

use crate::support::{Differences, Tally};
use serde_json::Value;
use std::path::Path;
use uniform::whatwg::{self, Attribute};

pub fn run(root: &Path, diffs: &Differences) -> Vec<Tally> {
    let dir = root.join("wpt-url");
    vec![
        urltestdata(&dir, "urltestdata.json", diffs),
        urltestdata(&dir, "urltestdata-javascript-only.json", diffs),
        setters(&dir, diffs),
        hosts(&dir, "toascii.json", true, diffs),
        hosts(&dir, "IdnaTestV2.json", false, diffs),
        percent_encoding(&dir, diffs),
    ]
}

fn suite_name(file: &str) -> String {
    format!("wpt-url/{} (whatwg)", file.trim_end_matches(".json"))
}

/// The rows of a wpt JSON file, lone surrogates read as U+FFFD.
fn load(dir: &Path, file: &str) -> Result<Value, Tally> {
    let path = dir.join(file);
    let Ok(text) = std::fs::read_to_string(&path) else {
        return Err(Tally::absent(suite_name(file), &format!("wpt-url/{file}")));
    };
    Ok(
        serde_json::from_str(&crate::wpt::without_lone_surrogates(&text, "\\uFFFD"))
            .expect("wpt rows are JSON"),
    )
}

/// The objects of a wpt file (its strings are comments).
fn objects(rows: &Value) -> impl Iterator<Item = &Value> {
    rows.as_array()
        .into_iter()
        .flatten()
        .filter(|r| r.is_object())
}

/// The attributes `row` names that `url` does not have.
fn compare(url: &uniform::Url, row: &Value) -> Result<(), String> {
    let mut bad = Vec::new();
    for &a in Attribute::ALL {
        let Some(want) = row[a.as_str()].as_str() else {
            continue;
        };
        let got = whatwg::get(url, a);
        if got != want {
            bad.push(format!("{} {got:?} (want {want:?})", a.as_str()));
        }
    }
    if bad.is_empty() {
        Ok(())
    } else {
        Err(bad.join(", "))
    }
}

fn urltestdata(dir: &Path, file: &str, diffs: &Differences) -> Tally {
    let rows = match load(dir, file) {
        Ok(v) => v,
        Err(t) => return t,
    };
    let mut t = Tally::new(suite_name(file));
    for row in objects(&rows) {
        let input = row["input"].as_str().unwrap_or_default();
        let base = row["base"].as_str();
        let case = match base {
            Some(b) => format!("{input} (base {b})"),
            None => input.to_string(),
        };
        let outcome = match (
            whatwg::join(base, input),
            row["failure"] == Value::Bool(true),
        ) {
            (Err(_), true) => Ok(()),
            (Ok(u), true) => Err(format!("parses as {}, want failure", u.as_str())),
            (Err(e), false) => Err(format!("fails ({}), want {}", e.rule(), row["href"])),
            (Ok(u), false) => compare(&u, row),
        };
        t.record(diffs, &case, outcome);
    }
    t
}

fn setters(dir: &Path, diffs: &Differences) -> Tally {
    let file = "setters_tests.json";
    let all = match load(dir, file) {
        Ok(v) => v,
        Err(t) => return t,
    };
    let mut t = Tally::new(suite_name(file));
    for (name, rows) in all.as_object().into_iter().flatten() {
        if name == "comment" {
            continue;
        }
        let Some(attr) = Attribute::from_name(name) else {
            t.skip(1, format!("setter {name}: no such attribute"));
            continue;
        };
        for row in rows.as_array().into_iter().flatten() {
            let href = row["href"].as_str().unwrap_or_default();
            let value = row["new_value"].as_str().unwrap_or_default();
            let case = format!("{name}: {href} <- {value:?}");
            let outcome = match whatwg::parse(href, None) {
                Err(e) => Err(format!("href fails ({})", e.rule())),
                Ok(mut url) => {
                    let set = whatwg::set(&mut url, attr, value);
                    match (set, attr) {
                        (Err(e), Attribute::Href) => {
                            Err(format!("href setter fails ({})", e.rule()))
                        }
                        _ => compare(&url, &row["expected"]),
                    }
                }
            };
            t.record(diffs, &case, outcome);
        }
    }
    t
}

fn hosts(dir: &Path, file: &str, with_setters: bool, diffs: &Differences) -> Tally {
    let rows = match load(dir, file) {
        Ok(v) => v,
        Err(t) => return t,
    };
    let mut t = Tally::new(suite_name(file));
    let mut empty = 0;
    for row in objects(&rows) {
        let input = row["input"].as_str().unwrap_or_default();
        // wpt's scripts skip it too: `https:///x` is another URL.
        if input.is_empty() {
            empty += 1;
            continue;
        }
        let want = row["output"].as_str();
        let url = whatwg::parse(&format!("https://{input}/x"), None);
        let outcome = match (url, want) {
            (Err(_), None) => Ok(()),
            (Ok(u), None) => Err(format!("parses as {}, want failure", u.as_str())),
            (Err(e), Some(w)) => Err(format!("fails ({}), want host {w:?}", e.rule())),
            (Ok(u), Some(w)) => {
                let expected = serde_json::json!({
                    "host": w, "hostname": w, "pathname": "/x",
                    "href": format!("https://{w}/x"),
                });
                compare(&u, &expected)
            }
        };
        t.record(diffs, input, outcome);
        if with_setters {
            for attr in [Attribute::Host, Attribute::Hostname] {
                let mut url = whatwg::parse("https://x/x", None).expect("a URL");
                let _ = whatwg::set(&mut url, attr, input);
                let got = whatwg::get(&url, attr);
                let expect = want.unwrap_or("x");
                let outcome = if got == expect {
                    Ok(())
                } else {
                    Err(format!("{} {got:?} (want {expect:?})", attr.as_str()))
                };
                t.record(
                    diffs,
                    &format!("{input} ({} setter)", attr.as_str()),
                    outcome,
                );
            }
        }
    }
    t.skip(
        empty,
        "an empty input, which wpt does not run either (https:///x is another URL)",
    );
    t
}

fn percent_encoding(dir: &Path, diffs: &Differences) -> Tally {
    let file = "percent-encoding.json";
    let rows = match load(dir, file) {
        Ok(v) => v,
        Err(t) => return t,
    };
    let mut t = Tally::new(suite_name(file));
    let mut legacy = 0;
    for row in objects(&rows) {
        let input = row["input"].as_str().unwrap_or_default();
        for (encoding, want) in row["output"].as_object().into_iter().flatten() {
            if encoding != "utf-8" {
                legacy += 1;
                continue;
            }
            let want = want.as_str().unwrap_or_default();
            let url = whatwg::parse(
                &format!("https://doesnotmatter.invalid/?{input}#{input}"),
                None,
            );
            let outcome = match url {
                Err(e) => Err(format!("fails ({})", e.rule())),
                Ok(u) => compare(
                    &u,
                    &serde_json::json!({"search": format!("?{want}"), "hash": format!("#{want}")}),
                ),
            };
            t.record(diffs, input, outcome);
        }
    }
    t.skip(
        legacy,
        "a legacy encoding (Shift_JIS, ISO-2022-JP...): Uniform encodes queries in UTF-8 only, as the Standard does outside HTML",
    );
    t
}
