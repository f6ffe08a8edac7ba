//! Extraction against the text-extraction suites, with precision and recall.
//!
//! Case ids in the differences list are the input texts.

use crate::support::{Differences, Tally, rows_or_skip};
use serde_json::Value;
use std::path::Path;
use uniform::extract::Finder;

pub fn run(root: &Path, diffs: &Differences) -> Vec<Tally> {
    let mut out = Vec::new();
    rfc_context(root, diffs, &mut out);
    linkify(root, diffs, &mut out);
    uri_find(root, diffs, &mut out);
    out
}

/// Counts for precision and recall.
#[derive(Default)]
struct Score {
    tp: usize,
    fp: usize,
    fn_: usize,
}

impl Score {
    fn print(&self, what: &str) {
        let p = self.tp as f64 / (self.tp + self.fp).max(1) as f64;
        let r = self.tp as f64 / (self.tp + self.fn_).max(1) as f64;
        println!(
            "extraction {what}: precision {:.3} recall {:.3} (tp {}, fp {}, fn {})",
            p, r, self.tp, self.fp, self.fn_
        );
    }

    /// Scores a list of found URLs against the expected list.
    fn lists(&mut self, found: &[String], expected: &[String]) {
        let hits = expected.iter().filter(|e| found.contains(e)).count();
        self.tp += hits;
        self.fn_ += expected.len() - hits;
        self.fp += found.iter().filter(|f| !expected.contains(f)).count();
    }
}

fn strings(v: &Value, key: &str) -> Vec<String> {
    v.get(key)
        .and_then(Value::as_array)
        .map(|a| {
            a.iter()
                .filter_map(Value::as_str)
                .map(String::from)
                .collect()
        })
        .unwrap_or_default()
}

fn rfc_context(root: &Path, diffs: &Differences, out: &mut Vec<Tally>) {
    let name = "text-extraction/rfc_context_examples";
    let Some(rows) = rows_or_skip(root, &format!("{name}.jsonl"), name, out) else {
        return;
    };
    let mut t = Tally::new(name);
    let mut score = Score::default();
    for v in &rows {
        let text = v["text"].as_str().unwrap();
        let expected = strings(v, "expected");
        let found: Vec<String> = Finder::new()
            .find_iter(text)
            .map(|f| f.url.into_owned())
            .collect();
        score.lists(&found, &expected);
        let outcome = if found == expected {
            Ok(())
        } else {
            Err(format!("found {found:?}"))
        };
        t.record(diffs, text, outcome);
    }
    score.print("rfc_context_examples (default finder)");
    out.push(t);
}

/// linkify-it's fixtures are run with its fuzzy options on, so the fuzzy
/// finder is the one compared; the default finder's figures are printed.
fn linkify(root: &Path, diffs: &Differences, out: &mut Vec<Tally>) {
    let (a, b) = (
        "text-extraction/linkify_it_links",
        "text-extraction/linkify_it_not_links",
    );
    let links = rows_or_skip(
        root,
        &format!("{a}.jsonl"),
        &format!("{a} (fuzzy finder)"),
        out,
    );
    let not_links = rows_or_skip(
        root,
        &format!("{b}.jsonl"),
        &format!("{b} (fuzzy finder)"),
        out,
    );
    let (links, not_links) = (links.unwrap_or_default(), not_links.unwrap_or_default());
    for (name, finder) in [
        ("fuzzy", Finder::new().fuzzy(true)),
        ("default", Finder::new()),
    ] {
        let mut score = Score::default();
        let mut yes = Tally::new("text-extraction/linkify_it_links (fuzzy finder)");
        let mut no = Tally::new("text-extraction/linkify_it_not_links (fuzzy finder)");
        for v in &links {
            let text = v["text"].as_str().unwrap();
            let want = v["expected_first_link"].as_str().unwrap();
            let first = finder.find_iter(text).next().map(|f| f.url.into_owned());
            match first.as_deref() {
                Some(f) if f == want => score.tp += 1,
                Some(_) => {
                    score.fp += 1;
                    score.fn_ += 1;
                }
                None => score.fn_ += 1,
            }
            let outcome = if first.as_deref() == Some(want) {
                Ok(())
            } else {
                Err(format!("found {first:?}"))
            };
            yes.record(diffs, text, outcome);
        }
        for v in &not_links {
            let text = v["text"].as_str().unwrap();
            let found: Vec<String> = finder.find_iter(text).map(|f| f.url.into_owned()).collect();
            score.fp += found.len();
            let outcome = if found.is_empty() {
                Ok(())
            } else {
                Err(format!("found {found:?}"))
            };
            no.record(diffs, text, outcome);
        }
        score.print(&format!("linkify-it links + not_links ({name} finder)"));
        // A file that is absent has its skip already.
        if name == "fuzzy" {
            out.extend([yes, no].into_iter().filter(|t| t.run > 0));
        }
    }
}

/// URI::Find reports each URL as Perl's URI::URL canonicalizes it: the
/// scheme and host in lower case, "/" for an empty HTTP path. The same is
/// done to Uniform's answers before comparing, so that the suite tests
/// what is found, not how it is spelled.
fn uri_url_canonical(url: &str) -> String {
    let Some(colon) = url.find(':') else {
        return url.to_string();
    };
    let scheme = url[..colon].to_ascii_lowercase();
    let rest = &url[colon + 1..];
    let Some(after) = rest.strip_prefix("//") else {
        return format!("{scheme}:{rest}");
    };
    let end = after.find(['/', '?', '#']).unwrap_or(after.len());
    let (auth, tail) = after.split_at(end);
    let host_from = auth.rfind('@').map_or(0, |k| k + 1);
    let auth = format!(
        "{}{}",
        &auth[..host_from],
        auth[host_from..].to_ascii_lowercase()
    );
    let http = scheme == "http" || scheme == "https";
    let slash = if http && !tail.starts_with('/') {
        "/"
    } else {
        ""
    };
    format!("{scheme}://{auth}{slash}{tail}")
}

/// URI::Find's plain finder takes URLs with a scheme; its schemeless one
/// also host names, reported with `http://` or `ftp://`.
fn uri_find(root: &Path, diffs: &Differences, out: &mut Vec<Tally>) {
    let rel = "text-extraction/uri_find.jsonl";
    let Some(rows) = rows_or_skip(root, rel, "text-extraction/uri_find", out) else {
        return;
    };
    let runs = [
        (
            "found_by_plain_finder",
            "plain finder vs www(false)",
            Finder::new().www(false),
        ),
        (
            "found_by_schemeless_finder",
            "schemeless finder vs fuzzy, absolute()",
            Finder::new().fuzzy(true),
        ),
    ];
    for (key, what, finder) in runs {
        let mut t = Tally::new(format!("text-extraction/uri_find {key}"));
        let mut score = Score::default();
        for v in &rows {
            let Some(text) = v["text"].as_str() else {
                t.skip(1, format!("a row without text: {v}"));
                continue;
            };
            let expected = strings(v, key);
            let found: Vec<String> = finder
                .find_iter(text)
                .map(|f| uri_url_canonical(&f.absolute()))
                .collect();
            score.lists(&found, &expected);
            let outcome = if found == expected {
                Ok(())
            } else {
                Err(format!("found {found:?}"))
            };
            t.record(diffs, text, outcome);
        }
        score.print(&format!("uri_find ({what})"));
        out.push(t);
    }
}
