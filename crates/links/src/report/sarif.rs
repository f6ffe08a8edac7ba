//! The report as SARIF 2.1.0, the form GitHub code scanning reads: a
//! result a broken link, at its document's line and column.

use super::array;
use super::entry::{Shown, label, url_of};
use crate::Source;
use crate::check::Verdict;
use crate::entries::Entries;
use crate::run::Entry;
use serde_json::{Value, json};
use std::io::{self, Write};
use std::path::{Component, Path};
use uniform::pct::{self, EncodeSet};

/// The schema a SARIF 2.1.0 log names (its OASIS address, errata 01).
const SCHEMA: &str =
    "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json";

/// The rules of the results: a link found broken, a link the safety
/// policy refused to check. A result's `ruleIndex` is its rule's place
/// here.
const RULES: [(&str, &str, &str); 2] = [
    (
        "broken-link",
        "BrokenLink",
        "A link whose target is not there or cannot be reached, checked by its own scheme's protocol.",
    ),
    (
        "refused-link",
        "RefusedLink",
        "A link the safety policy refused to check (a port of another service, an encoded CR or LF): nothing was sent.",
    ),
];

/// The report as a SARIF 2.1.0 log: one run of the tool `uniform-links`
/// (its version, its rules `broken-link` and `refused-link`), and in it
/// one result a broken link, of level `error`, whose message is the URL
/// and the reason and whose location is the document and the link's
/// line and column (in Unicode code points, the run's `columnKind`). A
/// relative file path is written as a relative URI against
/// `%SRCROOT%`, the checkout GitHub resolves it in; an absolute one as a
/// `file:` URL; a document fetched by its URL, as that URL.
///
/// Broken links are the only results, whatever `which` asks (the other
/// reports show broken links in every case): GitHub makes an alert of
/// every result, whatever its level, and a fine or an unchecked link
/// (`urn:`, excluded) is nothing to fix. The text is escaped as the JSON
/// report's is ([`uniform::visible::json_escaped`]).
///
/// # Errors
///
/// Writing to `out`.
///
/// # Example
///
/// ```
/// use uniform_links::report::{Shown, sarif};
/// let mut out = Vec::new();
/// sarif(&[], Shown::Broken, &mut out).unwrap();
/// let v: serde_json::Value = serde_json::from_slice(&out).unwrap();
/// assert_eq!(v["version"], "2.1.0");
/// assert_eq!(v["runs"][0]["tool"]["driver"]["name"], "uniform-links");
/// assert_eq!(v["runs"][0]["results"].as_array().unwrap().len(), 0);
/// ```
pub fn sarif<E: Entries + ?Sized>(
    entries: &E,
    which: Shown,
    out: &mut dyn Write,
) -> io::Result<()> {
    // Every broken link is shown whatever `which` says: see above.
    let _ = which;
    let rules: Vec<Value> = RULES
        .iter()
        .map(|(id, name, text)| {
            json!({
                "id": id,
                "name": name,
                "shortDescription": { "text": text },
                "defaultConfiguration": { "level": "error" },
            })
        })
        .collect();
    let log = json!({
        "$schema": SCHEMA,
        "version": "2.1.0",
        "runs": [{
            "tool": {
                "driver": {
                    "name": "uniform-links",
                    "version": env!("CARGO_PKG_VERSION"),
                    "informationUri": "https://docs.rs/uniform-links",
                    "rules": rules,
                }
            },
            "columnKind": "unicodeCodePoints",
            "results": array::hole(),
        }]
    });
    let mut results = array::Streamed::start(&log, out)?;
    entries.each(&mut |e| match result(e) {
        Some(r) => results.item(&r),
        None => Ok(()),
    })?;
    results.finish()
}

/// The result of `e`, when it is broken.
fn result(e: &Entry) -> Option<Value> {
    let Verdict::Broken { refused, .. } = e.verdict else {
        return None;
    };
    let rule = usize::from(refused);
    let (_, why) = label(&e.verdict);
    Some(json!({
        "ruleId": RULES[rule].0,
        "ruleIndex": rule,
        "level": "error",
        "message": { "text": format!("{}: {why}", url_of(e)) },
        "locations": [{
            "physicalLocation": {
                "artifactLocation": artifact(&e.document),
                // SARIF counts both from 1, as links do; a 0 would make
                // the log invalid.
                "region": {
                    "startLine": e.link.line.max(1),
                    "startColumn": e.link.column.max(1),
                },
            }
        }],
    }))
}

/// Where the document `source` is, as a SARIF `artifactLocation`.
fn artifact(source: &Source) -> Value {
    match source {
        Source::File(p) if p.is_relative() => json!({
            "uri": relative_uri(p),
            "uriBaseId": "%SRCROOT%",
        }),
        Source::File(p) => json!({ "uri": format!("file://{}", relative_uri(p)) }),
        Source::Url(u) => json!({ "uri": u }),
        // Nothing to point at: a description says where the links were.
        Source::Stdin => json!({ "description": { "text": "standard input" } }),
    }
}

/// A path's components as URI path segments, each percent-encoded (a
/// space, `%`, `#`, `?` and `:` too, which would end or re-read a URI
/// reference), `.` components dropped; an absolute path starts with `/`.
fn relative_uri(path: &Path) -> String {
    let set = EncodeSet::FILE_SEGMENT.add_all(b":");
    let mut uri = String::new();
    for c in path.components() {
        let segment = match c {
            Component::RootDir => {
                uri.push('/');
                continue;
            }
            Component::CurDir => continue,
            Component::ParentDir => "..".into(),
            Component::Prefix(p) => pct::encode(p.as_os_str().as_encoded_bytes(), &set),
            Component::Normal(n) => pct::encode(n.as_encoded_bytes(), &set),
        };
        if !(uri.is_empty() || uri.ends_with('/')) {
            uri.push('/');
        }
        uri.push_str(&segment);
    }
    uri
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Link, LinkKind};
    use uniform::visible;

    fn entry(doc: Source, line: u32, column: u32, url: &str, verdict: Verdict) -> Entry {
        Entry {
            document: doc,
            link: Link {
                text: url.into(),
                line,
                column,
                kind: LinkKind::Href,
            },
            url: Ok(url.into()),
            verdict,
        }
    }

    fn report(entries: &[Entry]) -> Value {
        let mut out = Vec::new();
        sarif(entries, Shown::All, &mut out).unwrap();
        serde_json::from_slice(&out).unwrap()
    }

    #[test]
    fn one_result_a_broken_link_at_its_place() {
        let doc = Source::File("docs/a b.md".into());
        let v = report(&[
            entry(
                doc.clone(),
                7,
                12,
                "http://h/gone",
                Verdict::Broken {
                    reason: "404 Not Found".into(),
                    refused: false,
                },
            ),
            entry(
                doc.clone(),
                8,
                1,
                "http://h:25/",
                Verdict::Broken {
                    reason: "refused".into(),
                    refused: true,
                },
            ),
            entry(
                doc.clone(),
                9,
                1,
                "http://h/",
                Verdict::Fine {
                    detail: "200 OK".into(),
                },
            ),
            entry(
                doc,
                9,
                20,
                "urn:x",
                Verdict::Unchecked {
                    reason: "urn".into(),
                },
            ),
        ]);
        let run = &v["runs"][0];
        assert_eq!(run["tool"]["driver"]["rules"][1]["id"], "refused-link");
        let results = run["results"].as_array().unwrap();
        assert_eq!(results.len(), 2, "{v:#}");
        let r = &results[0];
        assert_eq!(r["ruleId"], "broken-link");
        assert_eq!(r["level"], "error");
        assert_eq!(r["message"]["text"], "http://h/gone: 404 Not Found");
        let at = &r["locations"][0]["physicalLocation"];
        assert_eq!(at["artifactLocation"]["uri"], "docs/a%20b.md");
        assert_eq!(at["artifactLocation"]["uriBaseId"], "%SRCROOT%");
        assert_eq!(at["region"]["startLine"], 7);
        assert_eq!(at["region"]["startColumn"], 12);
        assert_eq!(results[1]["ruleId"], "refused-link");
        assert_eq!(results[1]["ruleIndex"], 1);
    }

    #[test]
    fn documents_become_uris() {
        assert_eq!(
            artifact(&Source::File("./x/../a#b?:c%.md".into())),
            json!({ "uri": "x/../a%23b%3F%3Ac%25.md", "uriBaseId": "%SRCROOT%" })
        );
        assert_eq!(
            artifact(&Source::File("/srv/site/é.html".into())),
            json!({ "uri": "file:///srv/site/%C3%A9.html" })
        );
        assert_eq!(
            artifact(&Source::Url("http://h/page".into())),
            json!({ "uri": "http://h/page" })
        );
        assert!(artifact(&Source::Stdin).get("uri").is_none());
    }

    #[test]
    fn hostile_text_is_escaped() {
        let v = Verdict::Broken {
            reason: "\u{1b}[2J\u{202e}\"".into(),
            refused: false,
        };
        let mut out = Vec::new();
        let e = entry(Source::Stdin, 0, 0, "http://h/\u{9b}", v);
        sarif(&[e], Shown::Broken, &mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert!(
            !text.chars().any(|c| visible::acts(c) && c != '\n'),
            "{text:?}"
        );
        let v: Value = serde_json::from_str(&text).unwrap();
        let r = &v["runs"][0]["results"][0];
        assert_eq!(r["message"]["text"], "http://h/\u{9b}: \u{1b}[2J\u{202e}\"");
        // A line or column of 0 would not be valid SARIF.
        assert_eq!(
            r["locations"][0]["physicalLocation"]["region"]["startLine"],
            1
        );
    }
}
