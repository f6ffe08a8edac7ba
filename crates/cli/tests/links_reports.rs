//! `uniform links --format junit` and `--format sarif` on a document with
//! fine, broken, refused, unchecked and hostile links, each report
//! validated against the schema its readers hold (kept in
//! crates/links/tests/schemas): JUnit XML by `xmllint` against the
//! Jenkins xunit plugin's junit-10.xsd, SARIF by the `jsonschema` crate
//! against OASIS's SARIF 2.1.0 schema; then the document, line and
//! column of every broken link read where each format puts them.
//!
//! No server is needed: `file:` links to a file that is there and one
//! that is not, a link to port 25 that the safety policy refuses, a
//! `urn:` that names no place, and a link no URL parser takes.

use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::Command;
use support::links_in;
use uniform_testkit::{Skip, program, repo, scratch, setting, without_proxies};

#[path = "support/links.rs"]
mod support;

/// The document, relative to the working directory of the run (a space
/// in its name, which SARIF's URI must encode).
const DOC: &str = "docs/my page.html";

/// The document's lines: a link a line from line 2, each at column 10.
const PAGE: &str = "<p>links</p>\n\
    <a href=\"present.md\">fine</a>\n\
    <a href=\"missing.md\">gone</a>\n\
    <a href=\"http://127.0.0.1:25/x\">smtp</a>\n\
    <a href=\"urn:isbn:0451450523\">book</a>\n\
    <a href=\"http://[x&quot;&lt;&amp;&#1;&#27;y/\">hostile</a>\n";

/// The broken links of [`PAGE`]: line, column, status, what the URL (or
/// the link as written) starts with.
const BROKEN: [(u64, u64, &str, &str); 3] = [
    (3, 10, "broken", "file:///"),
    (4, 10, "refused", "http://127.0.0.1:25/x"),
    (6, 10, "broken", "http://[x\"<&\u{1}\u{1b}y/"),
];

/// A folder holding [`DOC`] and the file its first link names.
fn site(name: &str) -> PathBuf {
    let dir = scratch(name);
    std::fs::create_dir_all(dir.join("docs")).unwrap();
    std::fs::write(dir.join("docs/present.md"), "# Present\n").unwrap();
    std::fs::write(dir.join(DOC), PAGE).unwrap();
    dir
}

fn schema(name: &str) -> PathBuf {
    repo().join("crates/links/tests/schemas").join(name)
}

/// Whether a tool the tests need that cannot be had fails them (CI, as
/// for the peers) rather than skipping them.
fn required() -> bool {
    std::env::var("UNIFORM_REQUIRE_PEERS").is_ok_and(|v| v == "true" || v == "1")
}

/// `xmllint`, installed by scripts/peers/install.sh when it is missing
/// (as the peers are, under the same lock, unless UNIFORM_PEERS=off);
/// `None`, a skip recorded, when it cannot be had. Under
/// UNIFORM_REQUIRE_PEERS=true that fails the test instead: CI must never
/// pass without validating.
fn xmllint() -> Option<PathBuf> {
    let missing = match program("xmllint") {
        Ok(p) => return Some(p),
        Err(skip) => skip,
    };
    let why = if std::env::var("UNIFORM_PEERS").is_ok_and(|v| v == "off") {
        format!(
            "{}, and UNIFORM_PEERS=off forbids installing it",
            missing.reason()
        )
    } else {
        let lock = PathBuf::from(setting("UNIFORM_PEERS_DIR")).join("ensure.lock");
        let _ = std::fs::create_dir_all(lock.parent().unwrap_or(Path::new("/tmp")));
        let out = Command::new("flock")
            .arg("-w")
            .arg("900")
            .arg(&lock)
            .arg(repo().join("scripts/peers/install.sh"))
            .output();
        match (out, program("xmllint")) {
            (_, Ok(p)) => return Some(p),
            (Ok(o), Err(skip)) => format!(
                "{}; scripts/peers/install.sh did not install it: {}",
                skip.reason(),
                String::from_utf8_lossy(&o.stderr)
                    .lines()
                    .last()
                    .unwrap_or("")
            ),
            (Err(e), Err(skip)) => format!("{}; flock install.sh: {e}", skip.reason()),
        }
    };
    let why =
        format!("{why} (the Debian package libxml2-utils): the JUnit report goes unvalidated");
    assert!(
        !required(),
        "{why} (UNIFORM_REQUIRE_PEERS=true: it must be there)"
    );
    Skip::new(why).record();
    None
}

/// `xml`, written under `dir`, validated by xmllint against junit-10.xsd.
fn assert_valid_junit(dir: &Path, xml: &[u8]) {
    let Some(xmllint) = xmllint() else { return };
    let file = dir.join("report.xml");
    std::fs::write(&file, xml).unwrap();
    let out = Command::new(xmllint)
        .arg("--noout")
        .arg("--schema")
        .arg(schema("junit-10.xsd"))
        .arg(&file)
        .output()
        .expect("xmllint runs");
    assert!(
        out.status.success(),
        "xmllint: {}\n{}",
        String::from_utf8_lossy(&out.stderr),
        String::from_utf8_lossy(xml)
    );
}

/// `log` validated against the SARIF 2.1.0 schema.
fn assert_valid_sarif(log: &Value) {
    let text = std::fs::read_to_string(schema("sarif-schema-2.1.0.json")).unwrap();
    let schema: Value = serde_json::from_str(&text).unwrap();
    let validator = jsonschema::validator_for(&schema).expect("the SARIF schema compiles");
    let errors: Vec<String> = validator
        .iter_errors(log)
        .map(|e| format!("{} at {}", e, e.instance_path()))
        .collect();
    assert!(errors.is_empty(), "{errors:#?}\n{log:#}");
}

/// The `<testcase>` elements of a JUnit report, each as its text.
fn testcases(xml: &str) -> Vec<&str> {
    xml.split("<testcase ")
        .skip(1)
        .map(|t| t.split("</testcase>").next().unwrap_or(t))
        .collect()
}

/// `text` as the JUnit report writes it: controls made visible, then the
/// XML entities.
fn in_xml(text: &str) -> String {
    text.replace('\u{1}', "\\x01")
        .replace('\u{1b}', "\\x1B")
        .replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('"', "&quot;")
}

#[test]
fn junit_names_every_broken_link_and_validates() {
    let dir = site("junit");
    let out = links_in(&dir, &["--format", "junit", DOC]);
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    let xml = String::from_utf8(out.stdout.clone()).expect("UTF-8");
    assert_valid_junit(&dir, &out.stdout);
    assert!(
        xml.contains(r#"<testsuites name="uniform links" tests="3" failures="3" errors="0">"#),
        "{xml}"
    );
    assert!(
        xml.contains(&format!(
            r#"<testsuite name="{DOC}" tests="3" failures="3" errors="0" skipped="0" file="{DOC}">"#
        )),
        "{xml}"
    );
    let cases = testcases(&xml);
    assert_eq!(cases.len(), 3, "{xml}");
    for ((line, column, status, url), case) in BROKEN.iter().zip(&cases) {
        let url = in_xml(url);
        assert!(
            case.starts_with(&format!(r#"name="{line}:{column} {url}"#)),
            "{case}"
        );
        assert!(case.contains(&format!(r#"classname="{DOC}""#)), "{case}");
        assert!(
            case.contains(&format!(r#"<failure type="{status}" message=""#)),
            "{case}"
        );
        assert!(
            case.contains(&format!(">{DOC}:{line}:{column}: {url}")),
            "{case}"
        );
    }
    // The hostile link: its markup characters as entities, its controls
    // made visible, none raw.
    assert!(!xml.chars().any(|c| c.is_control() && c != '\n'), "{xml:?}");
}

#[test]
fn junit_with_verbose_holds_every_link_and_validates() {
    let dir = site("junit-verbose");
    let out = links_in(&dir, &["--format", "junit", "-v", DOC]);
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    let xml = String::from_utf8(out.stdout.clone()).expect("UTF-8");
    assert_valid_junit(&dir, &out.stdout);
    assert!(
        xml.contains(r#"<testsuites name="uniform links" tests="5" failures="3" errors="0">"#),
        "{xml}"
    );
    assert!(
        xml.contains(r#"tests="5" failures="3" errors="0" skipped="1""#),
        "{xml}"
    );
    let cases = testcases(&xml);
    assert_eq!(cases.len(), 5, "{xml}");
    assert!(
        cases[0].starts_with(r#"name="2:10 file:///"#),
        "{}",
        cases[0]
    );
    assert!(!cases[0].contains("<failure") && !cases[0].contains("<skipped"));
    assert!(
        cases[3].starts_with(r#"name="5:10 urn:isbn:0451450523""#)
            && cases[3].contains("<skipped message="),
        "{}",
        cases[3]
    );
}

#[test]
fn sarif_locates_every_broken_link_and_validates() {
    let dir = site("sarif");
    let out = links_in(&dir, &["--format", "sarif", "-v", DOC]);
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    let log: Value = serde_json::from_slice(&out.stdout)
        .unwrap_or_else(|e| panic!("{e}: {}", String::from_utf8_lossy(&out.stdout)));
    assert_valid_sarif(&log);
    // Escaped as the JSON report is: no control character raw.
    assert!(!out.stdout.iter().any(|&b| b < 0x20 && b != b'\n'));
    let run = &log["runs"][0];
    assert_eq!(run["tool"]["driver"]["name"], "uniform-links");
    let results = run["results"].as_array().unwrap();
    // Fine and unchecked links are no results, even with -v.
    assert_eq!(results.len(), 3, "{log:#}");
    for ((line, column, status, url), r) in BROKEN.iter().zip(results) {
        let rule = if *status == "refused" {
            "refused-link"
        } else {
            "broken-link"
        };
        assert_eq!(r["ruleId"], rule, "{r:#}");
        assert_eq!(r["level"], "error", "{r:#}");
        assert!(
            r["message"]["text"].as_str().unwrap().starts_with(url),
            "{r:#}"
        );
        let at = &r["locations"][0]["physicalLocation"];
        assert_eq!(
            at["artifactLocation"]["uri"], "docs/my%20page.html",
            "{r:#}"
        );
        assert_eq!(at["artifactLocation"]["uriBaseId"], "%SRCROOT%", "{r:#}");
        assert_eq!(at["region"]["startLine"], *line, "{r:#}");
        assert_eq!(at["region"]["startColumn"], *column, "{r:#}");
    }
}

#[test]
fn sarif_of_an_absolute_path_is_a_file_url_and_validates() {
    let dir = site("sarif-absolute");
    let absolute = dir.join(DOC).display().to_string();
    let out = links_in(&dir, &["--format", "sarif", &absolute]);
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    let log: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_valid_sarif(&log);
    let uri = log["runs"][0]["results"][0]["locations"][0]["physicalLocation"]["artifactLocation"]
        ["uri"]
        .as_str()
        .unwrap();
    assert!(
        uri.starts_with("file:///") && uri.ends_with("/docs/my%20page.html"),
        "{uri}"
    );
}

#[test]
fn reports_of_no_broken_link_validate() {
    let dir = site("fine");
    std::fs::write(dir.join("fine.md"), "[here](docs/present.md)\n").unwrap();
    let out = links_in(&dir, &["--format", "sarif", "fine.md"]);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let log: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_valid_sarif(&log);
    assert_eq!(log["runs"][0]["results"], Value::Array(Vec::new()));
    let out = links_in(&dir, &["--format", "junit", "fine.md"]);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    // The document's suite is there, empty (see report/junit.rs).
    let xml = String::from_utf8(out.stdout.clone()).unwrap();
    assert!(
        xml.contains(r#"<testsuite name="fine.md" tests="0" failures="0" errors="0" skipped="0" file="fine.md"/>"#),
        "{xml}"
    );
    assert_valid_junit(&dir, &out.stdout);
}

#[test]
fn the_validators_reject_what_the_schemas_forbid() {
    // A check that passes whatever it is given proves nothing: a line 0
    // and a level SARIF does not know are errors, and so is an attribute
    // junit-10.xsd has no place for.
    let dir = site("invalid");
    let out = links_in(&dir, &["--format", "sarif", DOC]);
    let mut log: Value = serde_json::from_slice(&out.stdout).unwrap();
    let region = &mut log["runs"][0]["results"][0]["locations"][0]["physicalLocation"]["region"];
    region["startLine"] = Value::from(0);
    log["runs"][0]["results"][1]["level"] = Value::from("fatal");
    let sarif: Value =
        serde_json::from_str(&std::fs::read_to_string(schema("sarif-schema-2.1.0.json")).unwrap())
            .unwrap();
    let validator = jsonschema::validator_for(&sarif).unwrap();
    assert_eq!(validator.iter_errors(&log).count(), 2, "{log:#}");
    let Some(xmllint) = xmllint() else { return };
    let file = dir.join("invalid.xml");
    std::fs::write(
        &file,
        "<testsuites><testsuite name=\"a\" tests=\"1\" failures=\"0\" errors=\"0\">\
         <testcase name=\"x\" line=\"1\"/></testsuite></testsuites>\n",
    )
    .unwrap();
    let out = Command::new(xmllint)
        .arg("--noout")
        .arg("--schema")
        .arg(schema("junit-10.xsd"))
        .arg(&file)
        .output()
        .unwrap();
    assert!(!out.status.success(), "{out:?}");
}

#[test]
fn standard_input_is_named_and_validates() {
    let dir = site("stdin");
    let run = |format: &str| {
        let mut child = without_proxies(&mut Command::new(env!("CARGO_BIN_EXE_uniform")))
            .current_dir(&dir)
            .args(["links", "--format", format, "-"])
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .spawn()
            .expect("the binary runs");
        let mut stdin = child.stdin.take().unwrap();
        std::io::Write::write_all(&mut stdin, b"\n  [smtp](http://127.0.0.1:25/a\"<&b)\n").unwrap();
        drop(stdin);
        let out = child.wait_with_output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{out:?}");
        out.stdout
    };
    let xml = run("junit");
    assert_valid_junit(&dir, &xml);
    let xml = String::from_utf8(xml).unwrap();
    assert!(
        xml.contains(r#"<testsuite name="-" tests="1" failures="1" errors="0" skipped="0">"#),
        "{xml}"
    );
    assert!(xml.contains(r#"<failure type="refused""#), "{xml}");
    assert!(xml.contains(">-:2:10: http://127.0.0.1:25/a: "), "{xml}");
    let log: Value = serde_json::from_slice(&run("sarif")).unwrap();
    assert_valid_sarif(&log);
    let r = &log["runs"][0]["results"][0];
    let at = &r["locations"][0]["physicalLocation"];
    assert_eq!(
        at["artifactLocation"]["description"]["text"],
        "standard input"
    );
    assert_eq!(
        (&at["region"]["startLine"], &at["region"]["startColumn"]),
        (&Value::from(2), &Value::from(10))
    );
}
