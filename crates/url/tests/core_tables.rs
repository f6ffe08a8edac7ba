//! Runs the project's own case tables, `testdata/core/*.toml` (schema in
//! `testdata/core/README.md`): one test per file, each listing every
//! failing case with its RFC section instead of stopping at the first.
//!
//! A case marked `bug = "BUG: ..."` states what the RFC requires and what
//! the library does not do yet: its failure is printed, not counted, and
//! the test fails once it passes so that the mark is removed.

use serde::Deserialize;
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use uniform::pct::{self, EncodeSet};
use uniform::{Dialect, ParseError, ParseErrorKind, ParseOptions, Scheme, UrlRef};

const DIALECTS: [Dialect; 3] = [Dialect::Rfc1738, Dialect::Rfc1630, Dialect::Rfc3986];

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct TableFile {
    #[serde(default)]
    case: Vec<Case>,
    #[serde(default)]
    chars: Vec<Chars>,
    #[serde(default)]
    encode: Vec<Encode>,
    #[serde(default)]
    decode: Vec<Decode>,
}

#[derive(Deserialize, Clone, Copy, PartialEq, Eq, Debug, Default)]
#[serde(rename_all = "lowercase")]
enum Mode {
    #[default]
    Both,
    Strict,
    Lenient,
    /// Neither validity nor warnings: only the lenient parse's components,
    /// canonical form and equivalences (for statements about comparison
    /// that do not depend on a scheme's own grammar).
    Canonical,
}

/// One input and what the RFCs say of it.
#[derive(Deserialize, Clone, Default)]
#[serde(deny_unknown_fields)]
struct Case {
    section: String,
    #[serde(default)]
    note: Option<String>,
    #[serde(default)]
    bug: Option<String>,
    #[serde(default)]
    input: Option<String>,
    /// The input as hex octets, for inputs that are not UTF-8.
    #[serde(default)]
    input_hex: Option<String>,
    #[serde(default)]
    dialects: Option<Vec<String>>,
    #[serde(default)]
    mode: Mode,
    #[serde(default)]
    valid: Option<bool>,
    /// `kind@offset` of the strict error.
    #[serde(default)]
    error: Option<String>,
    /// The rule the strict error names.
    #[serde(default)]
    rule: Option<String>,
    /// `kind@offset` of every lenient warning, in order.
    #[serde(default)]
    warnings: Option<Vec<String>>,
    #[serde(default)]
    absent: Vec<String>,
    #[serde(flatten)]
    parts: Parts,
    #[serde(default)]
    canonical: Option<String>,
    #[serde(default)]
    same_as: Vec<String>,
    #[serde(default)]
    differs_from: Vec<String>,
}

/// Component values; a component not named is not checked.
#[derive(Deserialize, Clone, Default)]
#[serde(deny_unknown_fields)]
struct Parts {
    scheme: Option<String>,
    scheme_kind: Option<String>,
    scheme_specific_part: Option<String>,
    authority: Option<String>,
    user: Option<String>,
    password: Option<String>,
    user_decoded: Option<String>,
    password_decoded: Option<String>,
    host: Option<String>,
    hostname: Option<String>,
    ip_literal: Option<bool>,
    port: Option<u16>,
    port_str: Option<String>,
    default_port: Option<u16>,
    port_or_default: Option<u16>,
    path: Option<String>,
    path_with_slash: Option<String>,
    path_decoded: Option<String>,
    query: Option<String>,
    fragment: Option<String>,
    hierarchical: Option<bool>,
}

/// A template run once per character: `{}` stands for the character,
/// `{%}` for its escape; an error or warning without `@` is at the
/// character's offset.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Chars {
    section: String,
    #[serde(default)]
    note: Option<String>,
    chars: String,
    template: String,
    #[serde(default)]
    dialects: Option<Vec<String>>,
    #[serde(default)]
    mode: Mode,
    #[serde(default)]
    valid: Option<bool>,
    #[serde(default)]
    error: Option<String>,
    #[serde(default)]
    canonical: Option<String>,
    #[serde(default)]
    path_decoded: Option<String>,
    /// Templates, filled like `template`.
    #[serde(default)]
    same_as: Vec<String>,
    #[serde(default)]
    differs_from: Vec<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Encode {
    section: String,
    #[serde(default)]
    note: Option<String>,
    /// Set names, or `["*"]` for every named set.
    sets: Vec<String>,
    input: String,
    output: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Decode {
    section: String,
    #[serde(default)]
    note: Option<String>,
    input: String,
    /// The decoded octets as UTF-8 text...
    #[serde(default)]
    output: Option<String>,
    /// ...or as hex.
    #[serde(default)]
    output_hex: Option<String>,
}

fn core_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../testdata/core")
}

fn kind_named(name: &str) -> ParseErrorKind {
    ParseErrorKind::from_name(name).unwrap_or_else(|| panic!("unknown error kind {name:?}"))
}

fn show(e: &ParseError) -> String {
    format!("{}@{}", e.kind().as_str(), e.offset())
}

fn hex(s: &str) -> Vec<u8> {
    let digits: Vec<u8> = s.bytes().filter(|b| !b.is_ascii_whitespace()).collect();
    assert!(digits.len().is_multiple_of(2), "odd hex string {s:?}");
    digits
        .chunks(2)
        .map(|p| {
            u8::from_str_radix(std::str::from_utf8(p).unwrap(), 16)
                .unwrap_or_else(|_| panic!("bad hex {s:?}"))
        })
        .collect()
}

fn dialects(names: &Option<Vec<String>>) -> Vec<Dialect> {
    match names {
        None => vec![Dialect::Rfc1738],
        Some(v) if v.iter().any(|n| n == "all") => DIALECTS.to_vec(),
        Some(v) => v
            .iter()
            .map(|n| Dialect::from_name(n).unwrap_or_else(|| panic!("unknown dialect {n:?}")))
            .collect(),
    }
}

/// Collects the faults of one case under one dialect.
struct Check<'c> {
    case: &'c Case,
    faults: Vec<String>,
}

impl Check<'_> {
    fn fault(&mut self, what: impl Into<String>) {
        self.faults.push(what.into());
    }

    fn eq<T: PartialEq + std::fmt::Debug>(&mut self, what: &str, want: T, got: T) {
        if want != got {
            self.fault(format!("{what}: want {want:?}, got {got:?}"));
        }
    }
}

/// The parts of `url` that the case names, compared.
fn check_parts(ck: &mut Check<'_>, url: &UrlRef<'_>, how: &str) {
    let p = &ck.case.parts;
    let absent: Vec<&str> = ck.case.absent.iter().map(String::as_str).collect();
    let text = |v: Option<Vec<u8>>| v.map(|b| String::from_utf8_lossy(&b).into_owned());
    let got: BTreeMap<&str, Option<String>> = BTreeMap::from([
        ("scheme", Some(url.scheme().to_string())),
        (
            "scheme_specific_part",
            Some(url.scheme_specific_part().to_string()),
        ),
        ("authority", url.authority().map(str::to_string)),
        ("user", url.user().map(str::to_string)),
        ("password", url.password().map(str::to_string)),
        (
            "user_decoded",
            text(url.user_decoded().map(|c| c.into_owned())),
        ),
        (
            "password_decoded",
            text(url.password_decoded().map(|c| c.into_owned())),
        ),
        ("host", url.host().map(str::to_string)),
        ("hostname", url.hostname().map(str::to_string)),
        ("port", url.port().map(|p| p.to_string())),
        ("port_str", url.port_str().map(str::to_string)),
        ("default_port", url.default_port().map(|p| p.to_string())),
        (
            "port_or_default",
            url.port_or_default().map(|p| p.to_string()),
        ),
        ("path", url.path().map(str::to_string)),
        ("path_with_slash", Some(url.path_with_slash().to_string())),
        (
            "path_decoded",
            text(url.path().map(|s| pct::decode(s.as_bytes()).into_owned())),
        ),
        ("query", url.query().map(str::to_string)),
        ("fragment", url.fragment().map(str::to_string)),
    ]);
    let want: Vec<(&str, Option<String>)> = vec![
        ("scheme", p.scheme.clone()),
        ("scheme_specific_part", p.scheme_specific_part.clone()),
        ("authority", p.authority.clone()),
        ("user", p.user.clone()),
        ("password", p.password.clone()),
        ("user_decoded", p.user_decoded.clone()),
        ("password_decoded", p.password_decoded.clone()),
        ("host", p.host.clone()),
        ("hostname", p.hostname.clone()),
        ("port", p.port.map(|v| v.to_string())),
        ("port_str", p.port_str.clone()),
        ("default_port", p.default_port.map(|v| v.to_string())),
        ("port_or_default", p.port_or_default.map(|v| v.to_string())),
        ("path", p.path.clone()),
        ("path_with_slash", p.path_with_slash.clone()),
        ("path_decoded", p.path_decoded.clone()),
        ("query", p.query.clone()),
        ("fragment", p.fragment.clone()),
    ];
    for (name, want) in want {
        if let Some(w) = want {
            ck.eq(&format!("{how} {name}"), Some(w), got[name].clone());
        }
    }
    for name in &absent {
        match got.get(name) {
            Some(v) => ck.eq(&format!("{how} {name}"), None, v.clone()),
            None => ck.fault(format!("absent names unknown component {name:?}")),
        }
    }
    if let Some(k) = &p.scheme_kind {
        let want = Scheme::from_name(k);
        ck.eq(&format!("{how} scheme_kind"), want, url.scheme_kind());
    }
    if let Some(b) = p.ip_literal {
        ck.eq(&format!("{how} ip_literal"), b, url.host_is_ip_literal());
    }
    if let Some(b) = p.hierarchical {
        ck.eq(
            &format!("{how} hierarchical"),
            b,
            url.scheme_kind().is_hierarchical(),
        );
    }
}

fn run_case(case: &Case, d: Dialect) -> Vec<String> {
    let mut ck = Check {
        case,
        faults: Vec::new(),
    };
    let opts = ParseOptions::new().dialect(d);
    let bytes: Vec<u8> = match (&case.input, &case.input_hex) {
        (Some(s), None) => s.clone().into_bytes(),
        (None, Some(h)) => hex(h),
        _ => return vec!["a case needs exactly one of input and input_hex".into()],
    };
    let want_error = case.error.as_deref();
    if want_error.is_some() && case.valid == Some(true) {
        return vec!["valid = true contradicts error".into()];
    }
    let valid = case.valid.unwrap_or(want_error.is_none());
    if !valid && want_error.is_none() {
        return vec!["valid = false needs the error".into()];
    }
    let want_kind = want_error.map(|e| kind_named(e.split('@').next().unwrap_or_default()));
    let fatal = want_kind.is_some_and(ParseErrorKind::is_fatal);

    if matches!(case.mode, Mode::Both | Mode::Strict) {
        let r = opts.strict(true).parse_bytes(&bytes);
        match (&r, want_error) {
            (Ok(u), None) => check_parts(&mut ck, u, "strict"),
            (Ok(_), Some(e)) => ck.fault(format!("strict: want error {e}, parsed")),
            (Err(e), None) => ck.fault(format!("strict: want valid, got error {} ({e})", show(e))),
            (Err(e), Some(w)) => {
                ck.eq("strict error", w.to_string(), show(e));
                if let Some(rule) = &case.rule {
                    ck.eq("strict error rule", rule.as_str(), e.rule());
                }
            }
        }
    }

    // A URL that parses leniently gives its warnings and its parts there,
    // and its canonical form and equivalences.
    let mut lenient_url = None;
    if case.mode != Mode::Strict
        || !case.same_as.is_empty()
        || !case.differs_from.is_empty()
        || case.canonical.is_some()
    {
        let mut warnings = Vec::new();
        let r = match std::str::from_utf8(&bytes) {
            Ok(text) => opts.parse_with_warnings(text, &mut warnings),
            Err(_) => opts.parse_bytes(&bytes),
        };
        let check_lenient = matches!(case.mode, Mode::Both | Mode::Lenient);
        match r {
            Err(e) => {
                if case.mode != Mode::Strict {
                    if fatal {
                        ck.eq(
                            "lenient error",
                            want_error.unwrap_or_default().to_string(),
                            show(&e),
                        );
                    } else {
                        ck.fault(format!(
                            "lenient: want a parse, got error {} ({e})",
                            show(&e)
                        ));
                    }
                }
            }
            Ok(u) => {
                if check_lenient {
                    if fatal {
                        ck.fault(format!(
                            "lenient: want error {}, parsed",
                            want_error.unwrap_or_default()
                        ));
                    }
                    let want: Vec<String> = match (&case.warnings, want_error) {
                        (Some(w), _) => w.clone(),
                        (None, Some(e)) if !fatal => vec![e.to_string()],
                        _ => Vec::new(),
                    };
                    let got: Vec<String> = warnings.iter().map(show).collect();
                    ck.eq("lenient warnings", want, got);
                }
                if case.mode != Mode::Strict {
                    check_parts(&mut ck, &u, "lenient");
                }
                lenient_url = Some(u);
            }
        }
    }

    if case.canonical.is_some() || !case.same_as.is_empty() || !case.differs_from.is_empty() {
        match &lenient_url {
            None => ck.fault("canonical/equivalence: the input does not parse leniently"),
            Some(u) => {
                if let Some(c) = &case.canonical {
                    ck.eq("canonical", c.clone(), u.canonical());
                }
                for other in &case.same_as {
                    match opts.parse(other) {
                        Ok(o) if u.equivalent(&o) && o.equivalent(u) => {}
                        Ok(o) => ck.fault(format!(
                            "want equivalent to {other:?}: canonical {:?} vs {:?}",
                            u.canonical(),
                            o.canonical()
                        )),
                        Err(e) => ck.fault(format!("same_as {other:?} does not parse: {e}")),
                    }
                }
                for other in &case.differs_from {
                    match opts.parse(other) {
                        Ok(o) if !u.equivalent(&o) && !o.equivalent(u) => {}
                        Ok(o) => ck.fault(format!(
                            "want different from {other:?}: both canonical {:?}",
                            o.canonical()
                        )),
                        Err(e) => ck.fault(format!("differs_from {other:?} does not parse: {e}")),
                    }
                }
            }
        }
    }
    ck.faults
}

/// Expands a `[[chars]]` template into one case per character.
fn expand(c: &Chars) -> Vec<Case> {
    assert!(
        c.template.contains("{}") || c.template.contains("{%}"),
        "template {:?} has no {{}} nor {{%}}",
        c.template
    );
    // Where the character lands, for errors given by kind alone.
    let at = c.template.find("{}").unwrap_or(0);
    c.chars
        .chars()
        .map(|ch| {
            let mut esc = String::new();
            for b in ch.to_string().bytes() {
                write!(esc, "%{b:02X}").unwrap();
            }
            let fill = |t: &str| t.replace("{%}", &esc).replace("{}", &ch.to_string());
            let error = c.error.as_ref().map(|e| {
                if e.contains('@') {
                    e.clone()
                } else {
                    format!("{e}@{at}")
                }
            });
            Case {
                section: c.section.clone(),
                note: c.note.clone(),
                input: Some(fill(&c.template)),
                dialects: c.dialects.clone(),
                mode: c.mode,
                valid: c.valid,
                error,
                canonical: c.canonical.as_deref().map(fill),
                parts: Parts {
                    path_decoded: c.path_decoded.as_deref().map(fill),
                    ..Parts::default()
                },
                same_as: c.same_as.iter().map(|t| fill(t)).collect(),
                differs_from: c.differs_from.iter().map(|t| fill(t)).collect(),
                ..Case::default()
            }
        })
        .collect()
}

fn run_file(name: &str) {
    let path = core_dir().join(name);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let file: TableFile =
        toml::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut cases = file.case.clone();
    for c in &file.chars {
        cases.extend(expand(c));
    }
    let (mut run, mut failed, mut known) = (0, Vec::new(), Vec::new());
    for case in &cases {
        for d in dialects(&case.dialects) {
            run += 1;
            let faults = run_case(case, d);
            let input = case
                .input
                .clone()
                .unwrap_or_else(|| format!("hex {}", case.input_hex.as_deref().unwrap_or("")));
            let note = case
                .note
                .as_deref()
                .map(|n| format!(" -- {n}"))
                .unwrap_or_default();
            let head = format!(
                "[{}] {input:?} ({}, {:?}){note}",
                case.section,
                d.as_str(),
                case.mode
            );
            match (&case.bug, faults.is_empty()) {
                (None, true) => {}
                (None, false) => failed.push(format!("{head}\n      {}", faults.join("\n      "))),
                (Some(bug), false) => {
                    known.push(format!("{head}: {bug}\n      {}", faults.join("\n      ")))
                }
                (Some(bug), true) => failed.push(format!(
                    "{head}: marked `bug` ({bug}) but passes: remove the mark"
                )),
            }
        }
    }
    for e in &file.encode {
        let sets: Vec<(&str, EncodeSet)> = if e.sets.iter().any(|s| s == "*") {
            EncodeSet::NAMES.to_vec()
        } else {
            e.sets
                .iter()
                .map(|n| {
                    (
                        n.as_str(),
                        EncodeSet::by_name(n).unwrap_or_else(|| panic!("unknown set {n:?}")),
                    )
                })
                .collect()
        };
        for (name, set) in sets {
            run += 1;
            let got = pct::encode(e.input.as_bytes(), &set);
            if got != e.output {
                let note = e.note.as_deref().unwrap_or_default();
                failed.push(format!(
                    "[{}] encode {:?} with {name}: want {:?}, got {got:?} {note}",
                    e.section, e.input, e.output
                ));
            }
        }
    }
    for d in &file.decode {
        run += 1;
        let want = match (&d.output, &d.output_hex) {
            (Some(s), None) => s.clone().into_bytes(),
            (None, Some(h)) => hex(h),
            _ => panic!(
                "[{}] decode needs exactly one of output and output_hex",
                d.section
            ),
        };
        let got = pct::decode(d.input.as_bytes());
        if *got != *want {
            let note = d.note.as_deref().unwrap_or_default();
            failed.push(format!(
                "[{}] decode {:?}: want {want:?}, got {:?} {note}",
                d.section, d.input, &*got
            ));
        }
    }
    println!(
        "{name}: {run} checks, {} failed, {} known bugs",
        failed.len(),
        known.len()
    );
    for k in &known {
        println!("KNOWN BUG {k}");
    }
    assert!(
        failed.is_empty(),
        "{name}: {} of {run} checks failed:\n  {}",
        failed.len(),
        failed.join("\n  ")
    );
    assert!(run > 0, "{name} holds no case");
}

#[test]
fn rfc1738_section_2() {
    run_file("rfc1738-2.toml");
}

#[test]
fn rfc1738_section_3_1() {
    run_file("rfc1738-3.1.toml");
}

#[test]
fn rfc1738_section_5() {
    run_file("rfc1738-5.toml");
}

#[test]
fn rfc1630() {
    run_file("rfc1630.toml");
}

#[test]
fn rfc3986() {
    run_file("rfc3986.toml");
}

/// Every file of the folder has its test above.
#[test]
fn every_table_is_run() {
    let known = [
        "rfc1738-2.toml",
        "rfc1738-3.1.toml",
        "rfc1738-5.toml",
        "rfc1630.toml",
        "rfc3986.toml",
    ];
    let mut found: Vec<String> = std::fs::read_dir(core_dir())
        .unwrap()
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".toml"))
        .collect();
    found.sort();
    let mut want: Vec<String> = known.iter().map(|s| s.to_string()).collect();
    want.sort();
    assert_eq!(
        found, want,
        "testdata/core/*.toml and the tests of core_tables.rs differ"
    );
}
