//! Resolution and relativization against other projects' suites.
//!
//! Case ids in the differences list are `base | reference` (with ` [mode]`
//! where a file has the same pair twice), and `base -> target` for
//! relativization.

use crate::support::{Differences, Tally, rows_or_skip};
use serde_json::Value;
use std::path::Path;
use uniform::resolve::{Rules, relativize, remove_dot_segments, resolve};

pub fn run(root: &Path, diffs: &Differences) -> Vec<Tally> {
    let mut out = Vec::new();
    rfc_examples(root, diffs, &mut out);
    perl_uri(root, diffs, &mut out);
    go_net_url(root, diffs, &mut out);
    cpython(root, diffs, &mut out);
    curl(root, diffs, &mut out);
    out
}

/// Rows of a file, or nothing when the file is absent (a counted skip,
/// named after the file).
fn rows(root: &Path, file: &str, out: &mut Vec<Tally>) -> Option<Vec<Value>> {
    rows_or_skip(root, file, file.trim_end_matches(".jsonl"), out)
}

fn s<'a>(v: &'a Value, key: &str) -> Option<&'a str> {
    v.get(key).and_then(Value::as_str)
}

/// "(current document)" in RFC 2396 and Fielding's tables: the base without
/// its fragment, as the suites' notes say.
fn current_document(expected: &str, base: &str) -> String {
    let doc = base.split('#').next().unwrap_or(base);
    expected.replace("(current document)", doc)
}

fn check(
    t: &mut Tally,
    diffs: &Differences,
    case: &str,
    base: &str,
    r: &str,
    rules: Rules,
    want: &str,
) {
    let got = resolve(base, r, rules);
    let outcome = match &got {
        Ok(g) if g == want => Ok(()),
        Ok(g) => Err(format!("got {g}, want {want} [{rules}]")),
        Err(e) => Err(format!("error {e}, want {want} [{rules}]")),
    };
    t.record(diffs, case, outcome);
}

/// Which rules a row of a file is resolved under.
type RulesOf = fn(&Value) -> Rules;

fn rfc_examples(root: &Path, diffs: &Differences, out: &mut Vec<Tally>) {
    let files: [(&str, RulesOf); 3] = [
        ("rfc-examples/rfc3986_5.4_resolution.jsonl", |v| {
            match s(v, "mode") {
                Some(m) if m.starts_with("backward") => Rules::Rfc3986Compat,
                _ => Rules::Rfc3986,
            }
        }),
        (
            "rfc-examples/rfc2396_appendix_c_resolution.jsonl",
            |v| match s(v, "mode") {
                // RFC 2396 Appendix C.2's "backwards compatibility" reading is
                // the one RFC 3986 keeps as its non-strict mode.
                Some(m) if m.starts_with("backward") => Rules::Rfc3986Compat,
                _ => Rules::Rfc2396,
            },
        ),
        ("rfc-examples/rfc1808_5_resolution.jsonl", |_| {
            Rules::Rfc1808
        }),
    ];
    for (file, rules_of) in files {
        let Some(rows) = rows(root, file, out) else {
            continue;
        };
        let mut t = Tally::new(file.trim_end_matches(".jsonl"));
        for v in &rows {
            let (base, r) = (s(v, "base").unwrap(), s(v, "relative").unwrap());
            let want = current_document(s(v, "expected").unwrap(), base);
            let case = match s(v, "mode") {
                Some(m) => format!("{base} | {r} [{m}]"),
                None => format!("{base} | {r}"),
            };
            check(&mut t, diffs, &case, base, r, rules_of(v), &want);
        }
        out.push(t);
    }

    // RFC 1630: the rule as written, and the examples as printed.
    let file = "rfc-examples/rfc1630_partial_forms.jsonl";
    if let Some(rows) = rows(root, file, out) {
        let mut rule = Tally::new("rfc-examples/rfc1630_partial_forms");
        let mut printed = Tally::new("rfc-examples/rfc1630_partial_forms (as printed)");
        for v in &rows {
            let (base, r) = (s(v, "base").unwrap(), s(v, "relative").unwrap());
            let published = s(v, "expected_published").unwrap();
            let literal = s(v, "expected_by_literal_rule").unwrap_or(published);
            let case = format!("{base} | {r}");
            check(&mut rule, diffs, &case, base, r, Rules::Rfc1630, literal);
            check(
                &mut printed,
                diffs,
                &case,
                base,
                r,
                Rules::Rfc1630,
                published,
            );
        }
        out.push(rule);
        out.push(printed);
    }

    let file = "rfc-examples/rfc3986_misc.jsonl";
    if let Some(rows) = rows(root, file, out) {
        let mut t = Tally::new("rfc-examples/rfc3986_misc (remove_dot_segments)");
        for v in rows
            .iter()
            .filter(|v| s(v, "kind") == Some("remove_dot_segments"))
        {
            let (input, want) = (s(v, "input").unwrap(), s(v, "expected").unwrap());
            let got = remove_dot_segments(input);
            let outcome = if got == want {
                Ok(())
            } else {
                Err(format!("got {got}, want {want}"))
            };
            t.record(diffs, input, outcome);
        }
        out.push(t);
    }
}

fn perl_uri(root: &Path, diffs: &Differences, out: &mut Vec<Tally>) {
    // Roy Fielding's pages: each column against the rules it stands for.
    let file = "perl-uri/roy_fielding_resolution.jsonl";
    if let Some(rows) = rows(root, file, out) {
        let columns = [
            ("rfc2396_R", Rules::Rfc2396),
            ("perl_uri_expected", Rules::Rfc3986),
            ("rfc1808_X", Rules::Rfc1808),
            ("timbl_rfc1630", Rules::Rfc1630),
        ];
        for (column, rules) in columns {
            let mut t = Tally::new(format!(
                "perl-uri/roy_fielding_resolution {column} ({rules})"
            ));
            for v in &rows {
                let (Some(base), Some(r)) = (s(v, "base"), s(v, "relative")) else {
                    t.skip(1, "a row without base and relative");
                    continue;
                };
                let Some(want) = s(v, column) else {
                    t.skip(1, format!("a row without a {column} answer"));
                    continue;
                };
                let want = current_document(want, base);
                check(
                    &mut t,
                    diffs,
                    &format!("{base} | {r}"),
                    base,
                    r,
                    rules,
                    &want,
                );
            }
            out.push(t);
        }
    }

    let file = "perl-uri/rfc1808_resolution_legacy.jsonl";
    if let Some(rows) = rows(root, file, out) {
        let mut t = Tally::new("perl-uri/rfc1808_resolution_legacy");
        for v in &rows {
            let (base, r, want) = (
                s(v, "base").unwrap(),
                s(v, "relative").unwrap(),
                s(v, "expected").unwrap(),
            );
            check(
                &mut t,
                diffs,
                &format!("{base} | {r}"),
                base,
                r,
                Rules::Rfc1808,
                want,
            );
        }
        out.push(t);
    }

    let file = "perl-uri/relativize_legacy.jsonl";
    if let Some(rows) = rows(root, file, out) {
        let mut t = Tally::new("perl-uri/relativize_legacy");
        for v in &rows {
            let (base, target, want) = (
                s(v, "base").unwrap(),
                s(v, "target").unwrap(),
                s(v, "expected").unwrap(),
            );
            let got = relativize(base, target, Rules::Rfc3986);
            let outcome = match &got {
                Ok(g) if g == want => Ok(()),
                other => Err(format!("got {other:?}, want {want}")),
            };
            t.record(diffs, &format!("{base} -> {target}"), outcome);
        }
        out.push(t);
    }
}

fn go_net_url(root: &Path, diffs: &Differences, out: &mut Vec<Tally>) {
    // resolvePath(base, ref) is the merge and dot removal of a path: seen
    // through resolution against a base with that path.
    let file = "go-net-url/resolve_path.jsonl";
    if let Some(rows) = rows(root, file, out) {
        let mut t = Tally::new("go-net-url/resolve_path");
        for v in &rows {
            let (bp, rp, want) = (
                s(v, "base_path").unwrap(),
                s(v, "ref_path").unwrap(),
                s(v, "expected").unwrap(),
            );
            let base = format!("http://h/{}", bp.trim_start_matches('/'));
            let got = resolve(&base, rp, Rules::Rfc3986);
            let outcome = match got.as_deref().map(|g| g.strip_prefix("http://h")) {
                Ok(Some(path)) if path == want => Ok(()),
                other => Err(format!("got {other:?}, want {want}")),
            };
            t.record(diffs, &format!("{bp} | {rp}"), outcome);
        }
        out.push(t);
    }

    let file = "go-net-url/resolve_reference.jsonl";
    if let Some(rows) = rows(root, file, out) {
        let mut t = Tally::new("go-net-url/resolve_reference");
        for v in &rows {
            let r = s(v, "relative")
                .or_else(|| s(v, "rel"))
                .or_else(|| s(v, "ref"));
            let (Some(base), Some(r), Some(want)) = (s(v, "base"), r, s(v, "expected")) else {
                t.skip(
                    1,
                    format!("a row without base, reference and expected: {v}"),
                );
                continue;
            };
            check(
                &mut t,
                diffs,
                &format!("{base} | {r}"),
                base,
                r,
                Rules::Rfc3986,
                want,
            );
        }
        out.push(t);
    }
}

fn cpython(root: &Path, diffs: &Differences, out: &mut Vec<Tally>) {
    // urljoin is RFC 3986 read non-strictly ("http:g" against an http base
    // is relative), so it is compared with Rules::Rfc3986Compat.
    let mut t = Tally::new("cpython-urlparse/urljoin");
    if let Some(rows) = rows(root, "cpython-urlparse/urljoin.jsonl", out) {
        for v in &rows {
            let (Some(base), Some(r), Some(want)) =
                (s(v, "base"), s(v, "relative"), s(v, "expected"))
            else {
                t.skip(1, format!("a row without base, relative and expected: {v}"));
                continue;
            };
            check(
                &mut t,
                diffs,
                &format!("{base} | {r}"),
                base,
                r,
                Rules::Rfc3986Compat,
                want,
            );
        }
    }
    for file in [
        "cpython-urlparse/direct_calls.jsonl",
        "cpython-urlparse/roundtrips.jsonl",
    ] {
        let Some(rows) = rows(root, file, out) else {
            continue;
        };
        for v in rows.iter().filter(|v| s(v, "func") == Some("urljoin")) {
            let args = v.get("args").and_then(Value::as_array);
            let (Some(base), Some(r)) = (
                args.and_then(|a| a.first()).and_then(Value::as_str),
                args.and_then(|a| a.get(1)).and_then(Value::as_str),
            ) else {
                t.skip(
                    1,
                    format!("{file}: an urljoin call without two string arguments"),
                );
                continue;
            };
            let Some(want) = v.get("result").and_then(Value::as_str) else {
                t.skip(
                    1,
                    format!("{file}: an urljoin call whose result is no string"),
                );
                continue;
            };
            check(
                &mut t,
                diffs,
                &format!("{base} | {r}"),
                base,
                r,
                Rules::Rfc3986Compat,
                want,
            );
        }
    }
    if t.run > 0 || !t.skipped.is_empty() {
        out.push(t);
    }
}

fn curl(root: &Path, diffs: &Differences, out: &mut Vec<Tally>) {
    let file = "curl-lib1560/set_url.jsonl";
    let Some(rows) = rows(root, file, out) else {
        return;
    };
    let mut t = Tally::new("curl-lib1560/set_url");
    for v in &rows {
        if s(v, "error") != Some("CURLUE_OK") {
            continue;
        }
        let (base, r, want) = (
            s(v, "base").unwrap(),
            s(v, "relative").unwrap(),
            s(v, "expected").unwrap(),
        );
        check(
            &mut t,
            diffs,
            &format!("{base} | {r}"),
            base,
            r,
            Rules::Rfc3986,
            want,
        );
    }
    out.push(t);
}
