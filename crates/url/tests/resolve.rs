//! Resolution and relativization: the project's tables in
//! `testdata/resolve/*.toml`, a naive transcription of RFC 3986 section 5.2
//! to compare against, and properties over generated inputs.

use proptest::prelude::*;
use serde::Deserialize;
use std::path::{Path, PathBuf};
use uniform::resolve::{Base, Rules, relativize, remove_dot_segments, resolve};

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct File {
    base: Option<String>,
    #[serde(default)]
    rules: Vec<String>,
    #[serde(default)]
    case: Vec<Case>,
    #[serde(default)]
    relativize: Vec<Relativize>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Case {
    section: String,
    base: Option<String>,
    #[serde(rename = "ref")]
    reference: String,
    want: Option<String>,
    error: Option<String>,
    /// A text the error's message must contain: the section it cites.
    cites: Option<String>,
    rules: Option<Vec<String>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Relativize {
    section: String,
    base: String,
    target: String,
    want: Option<String>,
    error: Option<String>,
    rules: Option<Vec<String>>,
}

fn table_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../testdata/resolve")
}

fn tables() -> Vec<(String, File)> {
    let mut paths: Vec<PathBuf> = std::fs::read_dir(table_dir())
        .expect("testdata/resolve")
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "toml"))
        .collect();
    paths.sort();
    paths
        .into_iter()
        .map(|p| {
            let text = std::fs::read_to_string(&p).unwrap();
            let file: File =
                toml::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
            (p.file_name().unwrap().to_string_lossy().into_owned(), file)
        })
        .collect()
}

fn parse_rules(names: &[String], at: &str) -> Vec<Rules> {
    assert!(!names.is_empty(), "{at}: no rules");
    names
        .iter()
        .map(|n| n.parse().unwrap_or_else(|e| panic!("{at}: {e}")))
        .collect()
}

#[test]
fn resolution_tables() {
    let (mut cases, mut checks) = (0, 0);
    let mut failures = Vec::new();
    for (name, file) in tables() {
        for (i, c) in file.case.iter().enumerate() {
            let at = format!("{name} case {} ({})", i + 1, c.section);
            assert!(
                !c.section.trim().is_empty(),
                "{at}: a case names its section"
            );
            assert!(c.want.is_some() != c.error.is_some(), "{at}: want or error");
            assert!(
                c.cites.is_none() || c.error.is_some(),
                "{at}: cites needs an error"
            );
            let base = c
                .base
                .as_ref()
                .or(file.base.as_ref())
                .unwrap_or_else(|| panic!("{at}: base"));
            cases += 1;
            for rules in parse_rules(c.rules.as_ref().unwrap_or(&file.rules), &at) {
                checks += 1;
                let got = resolve(base, &c.reference, rules);
                let via_base = Base::new(base, rules).and_then(|b| b.resolve(&c.reference));
                if via_base != got {
                    failures.push(format!(
                        "{at} [{rules}]: Base gives {via_base:?}, resolve {got:?}"
                    ));
                }
                let ok = match (&got, &c.want, &c.error) {
                    (Ok(g), Some(w), _) => g == w,
                    (Err(e), _, Some(k)) => {
                        format!("{:?}", e.kind()) == *k
                            && c.cites.as_ref().is_none_or(|s| e.to_string().contains(s))
                    }
                    _ => false,
                };
                if !ok {
                    failures.push(format!(
                        "{at} [{rules}]: {base} + {:?}: got {got:?} ({}), want {}",
                        c.reference,
                        got.as_ref()
                            .err()
                            .map(ToString::to_string)
                            .unwrap_or_default(),
                        c.want.as_deref().or(c.error.as_deref()).unwrap_or_default()
                    ));
                }
            }
        }
    }
    eprintln!(
        "resolution tables: {cases} cases, {checks} checks, {} failures",
        failures.len()
    );
    assert!(failures.is_empty(), "\n{}", failures.join("\n"));
    assert!(cases >= 200, "the tables shrank: {cases} cases");
}

#[test]
fn relativization_tables() {
    let (mut cases, mut checks) = (0, 0);
    let mut failures = Vec::new();
    for (name, file) in tables() {
        for (i, c) in file.relativize.iter().enumerate() {
            let at = format!("{name} relativize {} ({})", i + 1, c.section);
            assert!(c.want.is_some() != c.error.is_some(), "{at}: want or error");
            cases += 1;
            for rules in parse_rules(c.rules.as_ref().unwrap_or(&file.rules), &at) {
                checks += 1;
                let got = relativize(&c.base, &c.target, rules);
                let ok = match (&got, &c.want, &c.error) {
                    (Ok(g), Some(w), _) => {
                        g == w && resolve(&c.base, g, rules).as_deref() == Ok(c.target.as_str())
                    }
                    (Err(e), _, Some(k)) => format!("{:?}", e.kind()) == *k,
                    _ => false,
                };
                if !ok {
                    failures.push(format!(
                        "{at} [{rules}]: {} -> {}: got {got:?}",
                        c.base, c.target
                    ));
                }
            }
        }
    }
    eprintln!("relativization tables: {cases} cases, {checks} checks");
    assert!(failures.is_empty(), "\n{}", failures.join("\n"));
    assert!(cases >= 20);
}

#[test]
fn rules_names_round_trip() {
    for r in Rules::ALL {
        assert_eq!(r.name().parse::<Rules>(), Ok(r));
        assert_eq!(r.to_string(), r.name());
    }
    assert_eq!(Rules::default(), Rules::Rfc3986);
    assert!("RFC1808".parse::<Rules>().is_ok());
    assert!("rfc1738".parse::<Rules>().is_err());
}

#[test]
fn error_messages_name_the_rule() {
    // A base refused for relative references: the refusing RFC's own
    // section, never RFC 1738's (which describes no resolution).
    let e = resolve("mailto:x@y", "z", Rules::Rfc2396).unwrap_err();
    assert!(e.to_string().contains("RFC 2396 section 5"), "{e}");
    let e = resolve("mailto:x@y", "z", Rules::Rfc1808).unwrap_err();
    assert!(e.to_string().contains("RFC 1808 section 2.3"), "{e}");
    for rules in [Rules::Rfc2396, Rules::Rfc1808] {
        let e = resolve("news:a", "?q", rules).unwrap_err();
        assert!(!e.to_string().contains("1738"), "{e}");
    }
    let e = resolve("x", "z", Rules::Rfc1630).unwrap_err();
    assert!(e.to_string().contains("RFC 3986 section 5.2.1"), "{e}");
    // Each rule set removes dot segments under its own RFC.
    let e = relativize("http://a/b/c/d", "http://a/./g", Rules::Rfc1630).unwrap_err();
    assert!(e.to_string().contains("RFC 1630"), "{e}");
    assert!(!e.to_string().contains("3986"), "{e}");
    let e = relativize("http://a/b/c/d", "http://a/./g", Rules::Rfc3986).unwrap_err();
    assert!(e.to_string().contains("RFC 3986 section 5.2.4"), "{e}");
    // A target without a scheme: the message is about the target only.
    let e = relativize("http://a/b/c", "nope", Rules::Rfc3986).unwrap_err();
    assert!(e.to_string().starts_with("the target is not"), "{e}");
    assert!(!e.to_string().contains("base"), "{e}");
}

#[test]
fn failed_resolution_leaves_the_buffer_alone() {
    let mut out = String::from("kept");
    assert!(uniform::resolve::resolve_into("nope", "g", Rules::Rfc3986, &mut out).is_err());
    assert_eq!(out, "kept");
}

/// Deep inputs in linear time: a quadratic algorithm would take minutes on these.
#[test]
fn linear_time_on_deep_paths() {
    let deep_base = format!("http://h/{}x", "a/".repeat(200_000));
    let ups = "../".repeat(300_000);
    let start = std::time::Instant::now();
    for rules in Rules::ALL {
        let r = resolve(&deep_base, &ups, rules).unwrap();
        assert!(r.starts_with("http://h/"));
        let r = resolve(&deep_base, &format!("{ups}g"), rules).unwrap();
        assert!(r.ends_with('g'));
        let t = format!("http://h/{}y", "a/".repeat(199_999));
        let rel = relativize(&deep_base, &t, rules).unwrap();
        assert_eq!(resolve(&deep_base, &rel, rules).unwrap(), t);
    }
    let slashes = format!("magic:{}", "/a//b".repeat(100_000));
    for n in 1..4 {
        let r = format!("{}g", "/".repeat(n));
        resolve(&slashes, &r, Rules::Rfc1630).unwrap();
    }
    let elapsed = start.elapsed();
    assert!(elapsed.as_secs() < 20, "took {elapsed:?}");
}

// A naive transcription of RFC 3986 sections 5.2.1 to 5.3 with owned
// strings, to compare the single-pass implementation against.

struct NaiveParts {
    scheme: Option<String>,
    authority: Option<String>,
    path: String,
    query: Option<String>,
    fragment: Option<String>,
}

fn naive_parse(s: &str) -> NaiveParts {
    let mut rest = s.to_string();
    let mut fragment = None;
    if let Some(k) = rest.find('#') {
        fragment = Some(rest[k + 1..].to_string());
        rest.truncate(k);
    }
    let mut query = None;
    if let Some(k) = rest.find('?') {
        query = Some(rest[k + 1..].to_string());
        rest.truncate(k);
    }
    let mut scheme = None;
    if let Some(k) = rest.find(':') {
        let name = &rest[..k];
        let valid = name.chars().next().is_some_and(|c| c.is_ascii_alphabetic())
            && name
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || "+-.".contains(c));
        if valid {
            scheme = Some(name.to_string());
            rest = rest[k + 1..].to_string();
        }
    }
    let mut authority = None;
    if let Some(after) = rest.strip_prefix("//") {
        let k = after.find('/').unwrap_or(after.len());
        authority = Some(after[..k].to_string());
        rest = after[k..].to_string();
    }
    NaiveParts {
        scheme,
        authority,
        path: rest,
        query,
        fragment,
    }
}

fn naive_remove_dots(path: &str) -> String {
    let mut input = path.to_string();
    let mut output = String::new();
    let pop = |output: &mut String| {
        let k = output.rfind('/').unwrap_or(0);
        output.truncate(k);
    };
    while !input.is_empty() {
        if input.starts_with("../") {
            input.drain(..3);
        } else if input.starts_with("./") {
            input.drain(..2);
        } else if input.starts_with("/./") {
            input.replace_range(..3, "/");
        } else if input == "/." {
            input = "/".into();
        } else if input.starts_with("/../") {
            input.replace_range(..4, "/");
            pop(&mut output);
        } else if input == "/.." {
            input = "/".into();
            pop(&mut output);
        } else if input == "." || input == ".." {
            input.clear();
        } else {
            let from = usize::from(input.starts_with('/'));
            let end = input[from..].find('/').map_or(input.len(), |k| k + from);
            output.push_str(&input[..end]);
            input.drain(..end);
        }
    }
    output
}

/// Sections 5.2.1 to 5.3 for any base with a scheme, opaque ones included
/// (the section has no exception for them). The non-strict reading drops
/// a repeated scheme only when it is hierarchical, as `Rules::Rfc3986Compat`
/// documents (RFC 2396 section 5.2 step 3: "known to always use the
/// <hier_part> syntax").
fn naive_resolve(base: &str, r: &str, strict: bool) -> Option<String> {
    let b = naive_parse(base);
    let bs = b.scheme.clone()?;
    let mut r = naive_parse(r);
    if !strict
        && r.scheme
            .as_deref()
            .is_some_and(|s| s.eq_ignore_ascii_case(&bs))
        && uniform::Scheme::from_name(&bs).is_hierarchical()
    {
        r.scheme = None;
    }
    let (scheme, authority, path, query);
    if r.scheme.is_some() {
        scheme = r.scheme;
        authority = r.authority;
        path = naive_remove_dots(&r.path);
        query = r.query;
    } else {
        if r.authority.is_some() {
            authority = r.authority;
            path = naive_remove_dots(&r.path);
            query = r.query;
        } else {
            if r.path.is_empty() {
                path = b.path.clone();
                query = r.query.or(b.query);
            } else {
                if r.path.starts_with('/') {
                    path = naive_remove_dots(&r.path);
                } else {
                    let merged = if b.authority.is_some() && b.path.is_empty() {
                        format!("/{}", r.path)
                    } else {
                        match b.path.rfind('/') {
                            Some(k) => format!("{}{}", &b.path[..=k], r.path),
                            None => r.path.clone(),
                        }
                    };
                    path = naive_remove_dots(&merged);
                }
                query = r.query;
            }
            authority = b.authority;
        }
        scheme = Some(bs);
    }
    let mut out = String::new();
    if let Some(s) = scheme {
        out += &s;
        out += ":";
    }
    if let Some(a) = authority {
        out += "//";
        out += &a;
    } else if path.starts_with("//") {
        // Section 5.3 would write the path after "scheme:" and so read its
        // first segment back as an authority; "/." keeps it a path (as
        // WHATWG URL does, and the errata of section 5.2.4 propose).
        out += "/.";
    }
    out += &path;
    if let Some(q) = query {
        out += "?";
        out += &q;
    }
    if let Some(f) = r.fragment {
        out += "#";
        out += &f;
    }
    Some(out)
}

/// The authority of `s` as written: what follows "//" right after its
/// scheme's colon (or at its start), up to the path, query or fragment.
fn authority_of(s: &str) -> Option<&str> {
    let rest = match s.find(':') {
        Some(k) if s[..k].bytes().all(|c| c.is_ascii_alphanumeric()) && k > 0 => &s[k + 1..],
        _ => s,
    };
    let a = rest.strip_prefix("//")?;
    Some(&a[..a.find(['/', '?', '#']).unwrap_or(a.len())])
}

fn segment() -> impl Strategy<Value = String> {
    prop_oneof![
        Just("a".to_string()),
        Just("b".to_string()),
        Just(".".to_string()),
        Just("..".to_string()),
        Just(String::new()),
        Just("c;p".to_string()),
        Just("x:y".to_string()),
        Just("%2E".to_string()),
        Just("é".to_string()),
    ]
}

fn path() -> impl Strategy<Value = String> {
    (any::<bool>(), prop::collection::vec(segment(), 0..6)).prop_map(|(rooted, segs)| {
        let p = segs.join("/");
        if rooted { format!("/{p}") } else { p }
    })
}

fn tail() -> impl Strategy<Value = String> {
    (
        prop::option::of(prop_oneof![
            Just(""),
            Just("q"),
            Just("q=1/2"),
            Just("y/../x")
        ]),
        prop::option::of(prop_oneof![Just(""), Just("f"), Just("s/./x")]),
    )
        .prop_map(|(q, f)| {
            let mut s = String::new();
            if let Some(q) = q {
                s += "?";
                s += q;
            }
            if let Some(f) = f {
                s += "#";
                s += f;
            }
            s
        })
}

fn authority() -> impl Strategy<Value = Option<String>> {
    prop::option::of(
        prop_oneof![Just("a"), Just("b"), Just(""), Just("u@h:1")].prop_map(String::from),
    )
}

/// An absolute URL (or, with `scheme` false, possibly a relative reference).
fn url(scheme_required: bool) -> impl Strategy<Value = String> {
    let scheme = prop_oneof![
        Just("http"),
        Just("ftp"),
        Just("x"),
        Just("HTTP"),
        Just("mailto"),
        Just("news"),
        Just("urn"),
        Just("mid"),
        Just("CID"),
        Just("x-y"),
    ];
    (scheme, any::<bool>(), authority(), path(), tail()).prop_map(
        move |(s, with_scheme, a, p, t)| {
            let mut out = String::new();
            if scheme_required || with_scheme {
                out += s;
                out += ":";
            }
            if let Some(a) = a {
                out += "//";
                out += &a;
                if !p.is_empty() && !p.starts_with('/') {
                    out.push('/');
                }
            } else if p.starts_with("//") {
                // Not an authority: an empty first segment would read as one.
                out += "/.";
            }
            out += &p;
            out += &t;
            out
        },
    )
}

/// 2000 cases, or `PROPTEST_CASES` for a longer run.
fn cheap_config() -> ProptestConfig {
    let cases = std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(2000);
    ProptestConfig {
        cases,
        ..ProptestConfig::default()
    }
}

/// Every reference of up to four segments of `..`, `.`, `g` and the empty
/// one, with and without a query and a fragment, against bases with clean,
/// dotted and empty paths: the shapes the resolution takes its shortest
/// paths for (a clean directory and a reference whose dot segments come
/// first), each held to the transcription.
#[test]
fn dot_segment_references_resolve_as_the_naive_transcription() {
    let bases = [
        "http://a/b/c/d;p?q",
        "http://a/b/c/",
        "http://a/",
        "http://a",
        "http://a/b",
        "http://a/b/./c/../d",
        "http://a//b/c",
        "f:/a/b",
        "f:a/b",
    ];
    let segments = ["..", ".", "g", ""];
    let mut refs = vec![String::new()];
    for n in 1..=4 {
        for k in 0..segments.len().pow(n) {
            let mut x = k;
            let parts: Vec<&str> = (0..n)
                .map(|_| {
                    let s = segments[x % segments.len()];
                    x /= segments.len();
                    s
                })
                .collect();
            refs.push(parts.join("/"));
        }
    }
    let mut checked = 0;
    for base in bases {
        let b = Base::new(base, Rules::Rfc3986).unwrap();
        for r in &refs {
            for tail in ["", "?y", "#s", "?y#s"] {
                let r = format!("{r}{tail}");
                assert_eq!(
                    b.resolve(&r).ok(),
                    naive_resolve(base, &r, true),
                    "{base} + {r}"
                );
                checked += 1;
            }
        }
    }
    assert!(checked > 10_000, "{checked}");
}

proptest! {
    #![proptest_config(cheap_config())]

    #[test]
    fn resolve_never_panics_on_any_strings(base in ".*", reference in ".*") {
        for rules in Rules::ALL {
            let _ = resolve(&base, &reference, rules);
        }
    }

    #[test]
    fn resolve_never_panics_on_url_shaped_strings(
        base in "[a-z:/?#;.%@]{0,24}",
        reference in "[a-z:/?#;.%@]{0,24}",
    ) {
        for rules in Rules::ALL {
            if let Ok(r) = resolve(&base, &reference, rules) {
                // Resolution never invents characters.
                prop_assert!(r.chars().all(|c| base.contains(c) || reference.contains(c) || c == '/'));
            }
        }
    }

    /// Any base with a scheme, hierarchical or not: RFC 3986 refuses none.
    #[test]
    fn rfc3986_matches_the_naive_transcription(base in url(true), reference in url(false)) {
        let want = naive_resolve(&base, &reference, true);
        prop_assert!(want.is_some());
        prop_assert_eq!(resolve(&base, &reference, Rules::Rfc3986).ok(), want);
        prop_assert_eq!(
            resolve(&base, &reference, Rules::Rfc3986Compat).ok(),
            naive_resolve(&base, &reference, false)
        );
    }

    #[test]
    fn a_base_split_once_resolves_as_resolve_does(base in url(true), reference in url(false), any_base in ".{0,12}") {
        for rules in Rules::ALL {
            for b in [base.as_str(), any_base.as_str()] {
                let once = Base::new(b, rules).and_then(|x| x.resolve(&reference));
                prop_assert_eq!(once, resolve(b, &reference, rules));
            }
        }
    }

    #[test]
    fn rfc3986_matches_the_naive_transcription_on_dotted_paths(
        base in "(f|http|mailto|urn):(//a)?[/.ag]{0,8}",
        reference in "(f:|http:|//b)?[/.g]{0,8}",
    ) {
        prop_assert_eq!(resolve(&base, &reference, Rules::Rfc3986).ok(), naive_resolve(&base, &reference, true));
    }

    #[test]
    fn resolution_never_creates_an_authority(
        base in "(f|http|file|mailto):(//a)?[/.ag]{0,8}[?#]?[/.]{0,3}",
        reference in "(f:|http:|//b)?[/.g]{0,8}[?#]?[/.]{0,3}",
    ) {
        // The URL Standard reads "http:g" as the host g: a special
        // scheme always has an authority. Its own property is below.
        for rules in Rules::ALL.into_iter().filter(|&r| r != Rules::Whatwg) {
            if let Ok(target) = resolve(&base, &reference, rules)
                && let Some(a) = authority_of(&target)
            {
                // Written in the reference, or kept from the base.
                // RFC 1630 reads everything after the colon as one path
                // and cleans its dots, "//" included: "//./" gives
                // "f://", and "f://" with ".." gives "f://.." (a ".."
                // it cannot remove). There an input had an authority,
                // which is all it promises.
                let same = |b: Option<&str>| match b {
                    Some(b) => b == a || rules == Rules::Rfc1630,
                    None => false,
                };
                prop_assert!(
                    same(authority_of(&reference)) || same(authority_of(&base)),
                    "{rules}: {base} + {reference} = {target}"
                );
            }
        }
    }

    #[test]
    fn the_standard_s_resolution_is_its_own_serialization(
        base in "(f|http|file|mailto|HTTP):(//a)?[/.ag\\\\]{0,8}[?#]?[/.]{0,3}",
        reference in "(f:|http:|//b)?[/.g\\\\ ]{0,8}[?#]?[/.]{0,3}",
    ) {
        if let Ok(target) = resolve(&base, &reference, Rules::Whatwg) {
            let again = uniform::whatwg::parse(&target, None).map(|u| u.as_str().to_string());
            prop_assert_eq!(again, Ok(target.clone()), "{} + {}", base, reference);
            // A non-special URL gets no authority the inputs did not have
            // (once the parser has trimmed the reference's spaces).
            let written = reference.trim_matches(' ');
            if !target.starts_with("http:") && !target.starts_with("file:")
                && let Some(a) = authority_of(&target)
            {
                prop_assert!(
                    authority_of(written) == Some(a) || authority_of(&base) == Some(a),
                    "{} + {} = {}", base, reference, target
                );
            }
        }
    }

    #[test]
    fn remove_dot_segments_matches_the_naive_transcription(p in path()) {
        prop_assert_eq!(remove_dot_segments(&p), naive_remove_dots(&p));
    }

    #[test]
    fn relativize_round_trips(base in url(true), target in url(true)) {
        for rules in Rules::ALL {
            match relativize(&base, &target, rules) {
                Ok(r) => {
                    prop_assert_eq!(resolve(&base, &r, rules), Ok(target.clone()), "{} {}", rules, r);
                    // The target itself is a candidate when it round-trips
                    // (under RFC 1630 `http:` names the base, so not always).
                    let itself = resolve(&base, &target, rules) == Ok(target.clone());
                    prop_assert!(r.len() <= target.len() || !itself);
                    prop_assert!(!r.is_empty());
                    // No shorter form of the shapes relativize knows resolves
                    // to the target: ".", "..", "../..", a bare "?query",
                    // the tail after each "/" (RFC 1630's N slashes).
                    let mut shorter: Vec<String> = vec![".".into(), "..".into(), "../..".into()];
                    if let Some(q) = target.find('?') {
                        shorter.push(target[q..].to_string());
                    }
                    shorter.extend(target.match_indices('/').map(|(k, _)| target[k..].to_string()));
                    for s in shorter.iter().filter(|s| s.len() < r.len()) {
                        prop_assert_ne!(resolve(&base, s, rules), Ok(target.clone()), "{} {} beats {}", rules, s, r);
                    }
                }
                Err(e) => {
                    // Only when not even the target itself resolves to the target.
                    prop_assert_ne!(resolve(&base, &target, rules), Ok(target.clone()), "{}", e);
                }
            }
        }
    }

    #[test]
    fn relativize_finds_a_reference_for_resolved_links(base in url(true), reference in url(false)) {
        for rules in Rules::ALL {
            if let Ok(target) = resolve(&base, &reference, rules)
                && let Ok(r) = relativize(&base, &target, rules) {
                    prop_assert_eq!(resolve(&base, &r, rules), Ok(target.clone()));
                    // RFC 1808 may need params the reference inherited;
                    // RFC 1630 may reach a rootless target only through
                    // dot segments (`/../a` against `http:x/c/a`).
                    prop_assert!(r.len() <= reference.len().max(target.len()) || rules == Rules::Rfc1808 || rules == Rules::Rfc1630);
                }
        }
    }
}
