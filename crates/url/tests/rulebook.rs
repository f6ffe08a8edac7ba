//! The rule table (testdata/rulebook/rules.toml): rule by rule, what each
//! dialect says, checked three ways. A strict parse of each row's input
//! fails, warns or passes as the row says, citing the row's rule and
//! section; a row of a rulebook rule cites what `Rule::under` says; and
//! every rule, under every dialect that states it, has a row that breaks it.

use serde::Deserialize;
use std::collections::{BTreeMap, BTreeSet};
use uniform::rulebook::{Force, Rule};
use uniform::{Dialect, ParseError, ParseErrorKind, ParseOptions};

#[derive(Deserialize)]
struct Table {
    row: Vec<Row>,
}

#[derive(Deserialize)]
struct Row {
    rule: Option<String>,
    input: String,
    note: String,
    rfc1738: Says,
    rfc1630: Says,
    rfc3986: Says,
}

#[derive(Deserialize)]
struct Says {
    verdict: String,
    kind: Option<String>,
    by: Option<String>,
    at: Option<usize>,
    name: Option<String>,
    section: Option<String>,
}

impl Row {
    fn says(&self, d: Dialect) -> &Says {
        match d {
            Dialect::Rfc1738 => &self.rfc1738,
            Dialect::Rfc1630 => &self.rfc1630,
            Dialect::Rfc3986 => &self.rfc3986,
            // The URL Standard has no scheme rules: the table has no column
            // for it, and DIALECTS does not hold it.
            _ => unreachable!("no rule table column for {d:?}"),
        }
    }
}

const DIALECTS: [Dialect; 3] = [Dialect::Rfc1738, Dialect::Rfc1630, Dialect::Rfc3986];

fn table() -> Table {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../testdata/rulebook/rules.toml"
    );
    let text = std::fs::read_to_string(path).expect("the rule table");
    toml::from_str(&text).expect("the rule table parses")
}

/// "kind@at rule, section" of a fault, as the rows write it.
fn shown(e: &ParseError) -> String {
    format!(
        "{}@{} {}, {}",
        e.kind().as_str(),
        e.offset(),
        e.rule(),
        e.section()
    )
}

fn expected(s: &Says) -> String {
    format!(
        "{}@{} {}, {}",
        s.kind.as_deref().unwrap_or("?"),
        s.at.unwrap_or(usize::MAX),
        s.name.as_deref().unwrap_or("?"),
        s.section.as_deref().unwrap_or("?")
    )
}

/// What a strict parse of the row's input does under `d`, against the row.
fn check_parse(row: &Row, d: Dialect) -> Result<(), String> {
    let says = row.says(d);
    let mut warnings = Vec::new();
    let strict = ParseOptions::new()
        .dialect(d)
        .strict(true)
        .parse_with_warnings(&row.input, &mut warnings);
    let mut lenient = Vec::new();
    let _ = ParseOptions::new()
        .dialect(d)
        .parse_with_warnings(&row.input, &mut lenient);
    match (says.verdict.as_str(), strict) {
        ("error", Err(e)) if shown(&e) == expected(says) => {
            // A lenient parse reports the same fault (after notes that
            // never fail a strict parse, such as RFC 1738's on mid).
            if lenient
                .iter()
                .any(|w| shown(w) == shown(&e) && !w.is_advice())
            {
                Ok(())
            } else {
                Err(format!(
                    "lenient: {:?}",
                    lenient.iter().map(shown).collect::<Vec<_>>()
                ))
            }
        }
        // The first warning is the row's; a strict parse goes on past
        // advice, and may give more of it (never anything else).
        ("advice", Ok(_)) => match warnings.first() {
            Some(w) if shown(w) == expected(says) && warnings.iter().all(|w| w.is_advice()) => {
                Ok(())
            }
            _ => Err(format!(
                "strict warnings: {:?}",
                warnings.iter().map(shown).collect::<Vec<_>>()
            )),
        },
        // A note that the seeds define no syntax (urn under RFC 1738) is
        // no rule broken.
        ("none", Ok(_))
            if warnings
                .iter()
                .chain(&lenient)
                .all(|w| w.kind() == ParseErrorKind::UndefinedSyntax) =>
        {
            Ok(())
        }
        (v, Err(e)) => Err(format!("want {v}, got the error {}", shown(&e))),
        (v, Ok(_)) => Err(format!(
            "want {v} {}, got valid with warnings {:?}",
            expected(says),
            lenient.iter().map(shown).collect::<Vec<_>>()
        )),
    }
}

/// Whether the row's citation under `d` is the rulebook's: of the row's
/// rule, or of the rule the row says breaks instead (`by`).
fn check_citation(rule: Rule, row: &Row, d: Dialect) -> Result<(), String> {
    let says = row.says(d);
    if says.verdict == "none" {
        return Ok(());
    }
    let rule = match says.by.as_deref() {
        // The generic grammar states it: the rulebook must not as well.
        Some("grammar") => {
            return match rule.under(d) {
                None => Ok(()),
                Some(c) => Err(format!("the rulebook states it too: {}", c.section)),
            };
        }
        Some(id) => match Rule::ALL.iter().find(|r| r.id() == id) {
            Some(r) => *r,
            None => return Err(format!("no rule {id}")),
        },
        None => rule,
    };
    let Some(c) = rule.under(d) else {
        return Err(format!(
            "{} is not applied, the row says {}",
            rule.id(),
            says.verdict
        ));
    };
    let force = match c.force {
        Force::Invalid => "error",
        Force::Advice => "advice",
    };
    let same = says.verdict == force
        && says.name.as_deref() == Some(c.name)
        && says.section.as_deref() == Some(c.section);
    if same {
        Ok(())
    } else {
        Err(format!(
            "the rulebook says {force} ({}, {}), the row {} ({:?}, {:?})",
            c.name, c.section, says.verdict, says.name, says.section
        ))
    }
}

#[test]
fn every_row_parses_as_it_says_and_cites_the_rulebook() {
    let ids: BTreeMap<&str, Rule> = Rule::ALL.iter().map(|r| (r.id(), *r)).collect();
    let mut failures = Vec::new();
    let mut checks = 0;
    for row in table().row {
        let rule = match row.rule.as_deref() {
            Some(id) => match ids.get(id) {
                Some(r) => Some(*r),
                None => {
                    failures.push(format!("{:?}: no rule {id}", row.input));
                    continue;
                }
            },
            None => None,
        };
        for d in DIALECTS {
            checks += 1;
            let at = format!("{:?} under {} ({})", row.input, d.as_str(), row.note);
            if let Err(e) = check_parse(&row, d) {
                failures.push(format!("{at}: {e}"));
            }
            if let Some(r) = rule
                && let Err(e) = check_citation(r, &row, d)
            {
                failures.push(format!("{at}: {} {e}", r.id()));
            }
        }
    }
    println!("rules.toml: {checks} checks, {} failed", failures.len());
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn every_rule_that_a_dialect_states_is_broken_by_a_row() {
    let t = table();
    let mut covered = BTreeSet::new();
    for row in &t.row {
        for d in DIALECTS {
            if let Some(id) = row.rule.as_deref()
                && row.says(d).verdict != "none"
                && row.says(d).by.is_none()
            {
                covered.insert((id.to_string(), d.as_str()));
            }
        }
    }
    let mut missing = Vec::new();
    for rule in Rule::ALL {
        for d in DIALECTS {
            if rule.under(d).is_some() && !covered.contains(&(rule.id().to_string(), d.as_str())) {
                missing.push(format!("{} under {}", rule.id(), d.as_str()));
            }
        }
    }
    assert!(missing.is_empty(), "no row breaks: {missing:?}");
}

/// No message under RFC 3986 or RFC 1630 cites RFC 1738 (but ftp's, whose
/// definition RFC 1738 still is), and none under RFC 1738 cites a text of
/// RFC 3986's time (the port's range is TCP's, RFC 9293, in every dialect).
#[test]
fn no_citation_leaks_into_another_dialect() {
    let later = [
        "RFC 9110", "RFC 42", "RFC 41", "RFC 5538", "RFC 6068", "RFC 8089", "RFC 2392",
    ];
    let mut leaks = Vec::new();
    for row in table().row {
        for d in DIALECTS {
            let Some(section) = row.says(d).section.as_deref() else {
                continue;
            };
            let leak = match d {
                // ftp is defined by RFC 1738 still, in RFC 3986's time.
                Dialect::Rfc3986 => {
                    section.contains("RFC 1738")
                        && !row.rule.as_deref().is_some_and(|r| r.starts_with("ftp-"))
                }
                Dialect::Rfc1630 => section.contains("RFC 1738"),
                Dialect::Rfc1738 => later.iter().any(|l| section.starts_with(l)),
                _ => unreachable!("DIALECTS holds the RFC dialects"),
            };
            if leak {
                leaks.push(format!("{:?} under {}: {section}", row.input, d.as_str()));
            }
        }
    }
    assert!(leaks.is_empty(), "{leaks:#?}");
}

#[test]
fn ids_are_unique_and_name_their_scheme() {
    let mut seen = BTreeSet::new();
    for rule in Rule::ALL {
        assert!(seen.insert(rule.id()), "{} twice", rule.id());
        if let Some(s) = rule.scheme() {
            let name = s.name().unwrap_or_default();
            assert!(rule.id().starts_with(name), "{} of {name}", rule.id());
        }
    }
}
