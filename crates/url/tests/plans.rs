//! The plan tables of `testdata/plans`: what each URL's plan sends, or the
//! rule that refuses it.

use serde::Deserialize;
use std::path::Path;
use uniform::plan::{PlanOptions, plan};
use uniform::{Dialect, ParseOptions};

#[derive(Deserialize)]
struct File {
    case: Vec<Case>,
}

#[derive(Deserialize)]
struct Case {
    section: String,
    #[serde(default)]
    note: String,
    url: String,
    #[serde(default)]
    sent: Option<Vec<String>>,
    #[serde(default)]
    refused: Option<String>,
    #[serde(default)]
    missing: Vec<String>,
    email: Option<String>,
    from: Option<String>,
    news_server: Option<String>,
    smtp_server: Option<String>,
    query: Option<String>,
    #[serde(default)]
    allow_port: Vec<u16>,
    /// rfc1738 (the default), rfc1630 or rfc3986, read leniently.
    dialect: Option<String>,
}

/// The lines the contract fixes: connections, lines sent, files opened.
fn contract_lines(text: &str) -> Vec<String> {
    text.lines()
        .filter(|l| l.starts_with("connect ") || l.starts_with("> ") || l.starts_with("open "))
        .map(str::to_string)
        .collect()
}

fn run(name: &str) -> usize {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../testdata/plans")
        .join(name);
    let file: File = toml::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    let mut failures = Vec::new();
    for c in &file.case {
        let mut o = PlanOptions::default();
        o.email = c.email.clone();
        o.from = c.from.clone();
        o.news_server = c.news_server.clone();
        o.smtp_server = c.smtp_server.clone();
        o.query = c.query.clone();
        o.allowed_ports = c.allow_port.clone();
        let label = format!("[{}] {:?} ({})", c.section, c.url, c.note);
        let dialect = match c.dialect.as_deref() {
            None | Some("rfc1738") => Dialect::Rfc1738,
            Some("rfc1630") => Dialect::Rfc1630,
            Some("rfc3986") => Dialect::Rfc3986,
            Some(other) => panic!("{label}: no dialect {other}"),
        };
        let url = match ParseOptions::new().dialect(dialect).parse(&c.url) {
            Ok(u) => u,
            Err(e) => {
                failures.push(format!("{label}: does not parse: {e}"));
                continue;
            }
        };
        match (plan(&url, &o), &c.refused, &c.sent) {
            (Ok(p), None, Some(sent)) => {
                let got = contract_lines(&p.to_string());
                if &got != sent {
                    failures.push(format!("{label}:\n  want {sent:?}\n  got  {got:?}"));
                }
                let missing: Vec<String> =
                    p.missing().iter().map(|m| m.what().to_string()).collect();
                if missing != c.missing {
                    failures.push(format!(
                        "{label}: missing {missing:?}, want {:?}",
                        c.missing
                    ));
                }
            }
            (Err(e), Some(rule), None) => {
                let got = e.rule().map_or("unsupported", |r| r.as_str());
                if got != rule {
                    failures.push(format!("{label}: refused by {got} ({e}), want {rule}"));
                }
            }
            (Ok(p), Some(rule), _) => {
                failures.push(format!("{label}: planned, want refused by {rule}:\n{p}"))
            }
            (Err(e), None, _) => failures.push(format!("{label}: refused: {e}")),
            (Ok(_), None, None) => {
                failures.push(format!("{label}: the case says neither sent nor refused"))
            }
            (Err(_), Some(_), Some(_)) => {
                failures.push(format!("{label}: the case says both sent and refused"))
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{name}: {} of {} cases failed:\n{}",
        failures.len(),
        file.case.len(),
        failures.join("\n")
    );
    file.case.len()
}

#[test]
fn rfc1738_access_statements() {
    assert!(run("rfc1738.toml") >= 30);
}

#[test]
fn injection_corpus_is_refused() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../testdata/plans/injection.toml");
    let text = std::fs::read_to_string(path).unwrap();
    // Every case of the corpus names a rule: none may be planned.
    assert_eq!(
        text.matches("[[case]]").count(),
        text.matches("\nrefused = ").count()
    );
    assert!(run("injection.toml") >= 25);
}

#[test]
fn wais_and_prospero_plans() {
    assert!(run("wais_prospero.toml") >= 20);
}
