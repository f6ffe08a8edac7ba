//! The SARIF report of every kind of document (a relative and an
//! absolute file, a URL, standard input), with hostile text in each
//! value, validated against OASIS's SARIF 2.1.0 schema (tests/schemas).
//! The CLI's tests (crates/cli/tests/links_reports.rs) validate what the
//! command writes, the JUnit report by xmllint too.

use serde_json::Value;
use uniform_links::check::Verdict;
use uniform_links::report::{Shown, sarif};
use uniform_links::run::Entry;
use uniform_links::{Link, LinkKind, Source};

/// What a hostile page or server may put in a value.
const HOSTILE: &str = "\"<&'\u{0}\u{1b}[2J\u{7f}\u{9b}\u{202e}\u{ffff}\n";

fn broken(document: Source, line: u32, column: u32, refused: bool) -> Entry {
    Entry {
        document,
        link: Link {
            text: format!("http://[{HOSTILE}"),
            line,
            column,
            kind: LinkKind::Inline,
        },
        url: Ok(format!("http://h/{HOSTILE}")),
        verdict: Verdict::Broken {
            reason: HOSTILE.into(),
            refused,
        },
    }
}

#[test]
fn every_kind_of_document_makes_a_valid_log() {
    let entries = [
        broken(
            Source::File(format!("docs/{HOSTILE}.md").into()),
            1,
            1,
            false,
        ),
        broken(
            Source::File(format!("/srv/{HOSTILE} x.md").into()),
            2,
            3,
            true,
        ),
        broken(Source::Url("http://example.org/page".into()), 4, 5, false),
        broken(Source::Stdin, 0, 0, false),
        Entry {
            verdict: Verdict::Unchecked {
                reason: "urn".into(),
            },
            ..broken(Source::Stdin, 9, 9, false)
        },
    ];
    let mut out = Vec::new();
    sarif(&entries, Shown::All, &mut out).unwrap();
    let log: Value = serde_json::from_slice(&out).unwrap();
    let schema = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/schemas/sarif-schema-2.1.0.json");
    let schema: Value = serde_json::from_str(&std::fs::read_to_string(schema).unwrap()).unwrap();
    let validator = jsonschema::validator_for(&schema).expect("the SARIF schema compiles");
    let errors: Vec<String> = validator.iter_errors(&log).map(|e| e.to_string()).collect();
    assert!(errors.is_empty(), "{errors:#?}\n{log:#}");
    let results = log["runs"][0]["results"].as_array().unwrap();
    assert_eq!(results.len(), 4, "{log:#}");
    let uri = |i: usize| {
        results[i]["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
            .as_str()
            .unwrap_or("")
            .to_string()
    };
    assert_eq!(
        uri(0),
        "docs/%22%3C&'%00%1B%5B2J%7F%C2%9B%E2%80%AE%EF%BF%BF%0A.md"
    );
    assert!(uri(1).starts_with("file:///srv/%22%3C"), "{}", uri(1));
    assert_eq!(uri(2), "http://example.org/page");
    assert_eq!(uri(3), "");
    assert_eq!(results[1]["ruleId"], "refused-link");
}
