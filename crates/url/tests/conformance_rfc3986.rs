//! RFC 3986 cases of two public suites, OpenJDK's java.net.URI tests and
//! the oxiri crate's, with answers derived from RFC 3986 itself:
//! `testdata/conformance-rfc3986/*.toml` (schema and derivation in the
//! README.md there).
//!
//! Every case is run under the rfc3986 dialect (strict parse) or
//! `Rules::Rfc3986`. A case whose answer from Uniform is not the RFC's must
//! be listed in `known-failures.toml` with Uniform's answer; a listed case
//! that passes, or whose answer changed, fails the run as well, so that
//! the list stays true.

use serde::Deserialize;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use uniform::resolve::{ResolveErrorKind, Rules, relativize, remove_dot_segments, resolve};
use uniform::{Dialect, ParseOptions, UrlRef};

const FILES: [&str; 2] = ["openjdk.toml", "oxiri.toml"];

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Table {
    /// The base a relative reference is resolved against to be checked.
    proxy_base: String,
    #[serde(default)]
    parse: Vec<Parse>,
    #[serde(default)]
    resolve: Vec<Resolve>,
    #[serde(default)]
    relativize: Vec<Relativize>,
    #[serde(default)]
    normalize: Vec<Normalize>,
    #[serde(default)]
    equivalent: Vec<Equivalent>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Parse {
    origin: String,
    input: String,
    upstream: String,
    valid: bool,
    #[serde(default)]
    relative: bool,
    scheme: Option<String>,
    authority: Option<String>,
    userinfo: Option<String>,
    host: Option<String>,
    port: Option<String>,
    path: Option<String>,
    query: Option<String>,
    fragment: Option<String>,
    #[serde(default)]
    absent: Vec<String>,
    differs: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Resolve {
    origin: String,
    base: String,
    #[serde(rename = "ref")]
    reference: String,
    upstream: String,
    want: Option<String>,
    error: Option<String>,
    differs: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Relativize {
    origin: String,
    base: String,
    target: String,
    upstream: String,
    upstream_ref: Option<String>,
    upstream_resolves_to: Option<String>,
    reachable: Option<bool>,
    error: Option<String>,
    differs: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Normalize {
    origin: String,
    input: String,
    upstream: String,
    #[serde(default)]
    relative: bool,
    want: String,
    differs: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Equivalent {
    origin: String,
    a: String,
    b: String,
    upstream: String,
    equivalent: bool,
    differs: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct KnownFile {
    #[serde(default)]
    known: Vec<Known>,
}

/// A case Uniform does not answer as RFC 3986 does yet.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Known {
    file: String,
    kind: String,
    /// The case's inputs, as the runner prints them.
    case: String,
    /// Where the case comes from (as in its table).
    origin: String,
    /// A short name for the fault, shared by the cases it causes.
    cause: String,
    /// Uniform's answer, exactly as the runner prints it.
    uniform: String,
    /// RFC 3986's answer.
    rfc: String,
    /// The rule Uniform breaks, and why.
    rule: String,
}

fn dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../testdata/conformance-rfc3986")
}

fn read<T: for<'de> Deserialize<'de>>(name: &str) -> T {
    let p = dir().join(name);
    let text = std::fs::read_to_string(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
    toml::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

fn strict(input: &str) -> Result<UrlRef<'_>, uniform::ParseError> {
    ParseOptions::new()
        .dialect(Dialect::Rfc3986)
        .strict(true)
        .parse(input)
}

fn show_resolve(r: Result<String, uniform::resolve::ResolveError>) -> String {
    match r {
        Ok(s) => s,
        Err(e) => format!("error {:?}", e.kind()),
    }
}

/// Uniform's answer to a parse case, in the form the table's answer is
/// written in: "valid" with the components named by the case, or
/// "invalid".
fn parse_answer(c: &Parse, proxy_base: &str) -> (String, String) {
    if c.relative || !c.valid && !has_scheme(&c.input) {
        // A relative reference: checked as a URI-reference (RFC 3986
        // section 4.1), and it must resolve against the proxy base to a
        // URI that parses.
        let want = if c.valid { "valid" } else { "invalid" }.to_string();
        let checked = ParseOptions::new()
            .dialect(Dialect::Rfc3986)
            .strict(true)
            .check_reference(&c.input, &mut Vec::new());
        let got = match (checked, resolve(proxy_base, &c.input, Rules::Rfc3986)) {
            (Err(e), _) => format!("invalid: {} ({e})", e.kind().as_str()),
            (Ok(()), Err(e)) => format!("invalid: resolution fails, {:?}", e.kind()),
            (Ok(()), Ok(t)) => match strict(&t) {
                Ok(_) => format!("valid (resolves to {t})"),
                Err(e) => format!("invalid: {t} gives {} ({e})", e.kind().as_str()),
            },
        };
        let got = if got.starts_with("valid") == c.valid {
            want.clone()
        } else {
            got
        };
        return (want, got);
    }
    let want_parts: Vec<(&str, Option<&String>)> = vec![
        ("scheme", c.scheme.as_ref()),
        ("authority", c.authority.as_ref()),
        ("userinfo", c.userinfo.as_ref()),
        ("host", c.host.as_ref()),
        ("port", c.port.as_ref()),
        ("path", c.path.as_ref()),
        ("query", c.query.as_ref()),
        ("fragment", c.fragment.as_ref()),
    ];
    let show = |parts: &BTreeMap<&str, Option<String>>| -> String {
        let mut s = String::from("valid");
        for (name, want) in &want_parts {
            let absent = c.absent.iter().any(|a| a == name);
            if want.is_some() || absent {
                match &parts[name] {
                    Some(v) => s += &format!(" {name}={v:?}"),
                    None => s += &format!(" {name}=absent"),
                }
            }
        }
        s
    };
    let want = if c.valid {
        let parts: BTreeMap<&str, Option<String>> =
            want_parts.iter().map(|(n, v)| (*n, v.cloned())).collect();
        show(&parts)
    } else {
        "invalid".to_string()
    };
    let got = match strict(&c.input) {
        Err(e) => {
            if c.valid {
                format!("invalid: {} ({e})", e.kind().as_str())
            } else {
                "invalid".to_string()
            }
        }
        Ok(u) => {
            let userinfo = u.user().map(|user| match u.password() {
                Some(p) => format!("{user}:{p}"),
                None => user.to_string(),
            });
            let parts: BTreeMap<&str, Option<String>> = BTreeMap::from([
                ("scheme", Some(u.scheme().to_string())),
                ("authority", u.authority().map(str::to_string)),
                ("userinfo", userinfo),
                ("host", u.host().map(str::to_string)),
                ("port", u.port_str().map(str::to_string)),
                ("path", Some(u.path_with_slash().to_string())),
                ("query", u.query().map(str::to_string)),
                ("fragment", u.fragment().map(str::to_string)),
            ]);
            show(&parts)
        }
    };
    (want, got)
}

/// Whether the text starts with `scheme ":"` (RFC 3986 3.1).
fn has_scheme(s: &str) -> bool {
    match s.find(':') {
        Some(k) => {
            let name = &s[..k];
            name.starts_with(|c: char| c.is_ascii_alphabetic())
                && name
                    .bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b"+-.".contains(&b))
        }
        None => false,
    }
}

fn relativize_answer(c: &Relativize) -> (String, String) {
    let mut want = Vec::new();
    let mut got = Vec::new();
    if let (Some(r), Some(t)) = (&c.upstream_ref, &c.upstream_resolves_to) {
        want.push(format!("upstream's {r:?} resolves to {t}"));
        got.push(format!(
            "upstream's {r:?} resolves to {}",
            show_resolve(resolve(&c.base, r, Rules::Rfc3986))
        ));
    }
    let mine = relativize(&c.base, &c.target, Rules::Rfc3986);
    match (&c.error, c.reachable) {
        (Some(e), _) => {
            want.push(format!("error {e}"));
            got.push(match mine {
                Ok(r) => format!("relativize gives {r:?}"),
                Err(x) => {
                    let k = x.kind();
                    let same = match e.as_str() {
                        "not-absolute" => matches!(
                            k,
                            ResolveErrorKind::BaseNotAbsolute | ResolveErrorKind::TargetNotAbsolute
                        ),
                        other => format!("{k:?}") == other,
                    };
                    if same {
                        format!("error {e}")
                    } else {
                        format!("error {k:?}")
                    }
                }
            });
        }
        (None, Some(true)) => {
            want.push("relativize round-trips".into());
            got.push(match mine {
                Ok(r) => match resolve(&c.base, &r, Rules::Rfc3986) {
                    Ok(t) if t == c.target => "relativize round-trips".into(),
                    other => format!(
                        "relativize gives {r:?}, resolving to {}",
                        show_resolve(other)
                    ),
                },
                Err(x) => format!("relativize error {:?}", x.kind()),
            });
        }
        (None, Some(false)) => {
            want.push("error Unreachable".into());
            got.push(match mine {
                Ok(r) => format!("relativize gives {r:?}"),
                Err(x) => format!("error {:?}", x.kind()),
            });
        }
        (None, None) => panic!("{}: relativize needs `reachable` or `error`", c.origin),
    }
    (want.join("; "), got.join("; "))
}

struct Outcome {
    file: &'static str,
    kind: &'static str,
    origin: String,
    case: String,
    want: String,
    got: String,
    /// What the original project expects, and why that is not RFC 3986's
    /// answer when it is not.
    upstream: String,
}

fn run_file(file: &'static str) -> Vec<Outcome> {
    let t: Table = read(file);
    let mut out = Vec::new();
    let mut push = |kind,
                    origin: &str,
                    case: String,
                    (want, got): (String, String),
                    upstream: &str,
                    differs: &Option<String>| {
        let upstream = match differs {
            Some(why) => format!("{upstream} (differs from RFC 3986: {why})"),
            None => upstream.to_string(),
        };
        out.push(Outcome {
            file,
            kind,
            origin: origin.to_string(),
            case,
            want,
            got,
            upstream,
        })
    };
    for c in &t.parse {
        push(
            "parse",
            &c.origin,
            c.input.clone(),
            parse_answer(c, &t.proxy_base),
            &c.upstream,
            &c.differs,
        );
    }
    for c in &t.resolve {
        let want = match (&c.want, &c.error) {
            (Some(w), None) => w.clone(),
            (None, Some(e)) => format!("error {e}"),
            _ => panic!("{}: resolve needs one of want and error", c.origin),
        };
        let got = show_resolve(resolve(&c.base, &c.reference, Rules::Rfc3986));
        push(
            "resolve",
            &c.origin,
            format!("{} + {}", c.base, c.reference),
            (want, got),
            &c.upstream,
            &c.differs,
        );
    }
    for c in &t.relativize {
        push(
            "relativize",
            &c.origin,
            format!("{} -> {}", c.base, c.target),
            relativize_answer(c),
            &c.upstream,
            &c.differs,
        );
    }
    for c in &t.normalize {
        let got = if c.relative {
            remove_dot_segments(&c.input)
        } else {
            match ParseOptions::new()
                .dialect(Dialect::Rfc3986)
                .parse(&c.input)
            {
                Ok(u) => u.canonical(),
                Err(e) => format!("parse error {e}"),
            }
        };
        push(
            "normalize",
            &c.origin,
            c.input.clone(),
            (c.want.clone(), got),
            &c.upstream,
            &c.differs,
        );
    }
    for c in &t.equivalent {
        let opts = ParseOptions::new().dialect(Dialect::Rfc3986);
        let got = match (opts.parse(&c.a), opts.parse(&c.b)) {
            (Ok(a), Ok(b)) => match (a.equivalent(&b), b.equivalent(&a)) {
                (true, true) => "equivalent".to_string(),
                (false, false) => "different".to_string(),
                _ => "not symmetric".to_string(),
            },
            (Err(e), _) | (_, Err(e)) => format!("parse error {e}"),
        };
        let want = if c.equivalent {
            "equivalent"
        } else {
            "different"
        };
        push(
            "equivalent",
            &c.origin,
            format!("{} vs {}", c.a, c.b),
            (want.to_string(), got),
            &c.upstream,
            &c.differs,
        );
    }
    out
}

#[test]
fn rfc3986_cases_of_openjdk_and_oxiri() {
    let known: KnownFile = read("known-failures.toml");
    let mut listed: BTreeMap<(String, String, String), (&Known, bool)> = BTreeMap::new();
    for k in &known.known {
        let key = (k.file.clone(), k.kind.clone(), k.case.clone());
        assert!(
            !k.rfc.is_empty() && !k.rule.is_empty() && !k.cause.is_empty() && !k.origin.is_empty(),
            "known failure {key:?} needs its RFC answer and rule"
        );
        assert!(
            listed.insert(key.clone(), (k, false)).is_none(),
            "known failure {key:?} listed twice"
        );
    }
    let mut faults = Vec::new();
    let mut tally: BTreeMap<(&str, &str), (usize, usize)> = BTreeMap::new();
    for file in FILES {
        for o in run_file(file) {
            let key = (o.file.to_string(), o.kind.to_string(), o.case.clone());
            let entry = tally.entry((o.file, o.kind)).or_default();
            match (o.want == o.got, listed.get_mut(&key)) {
                (true, None) => entry.0 += 1,
                (true, Some(_)) => faults.push(format!(
                    "{file} {} {:?} ({}): listed as a known failure but passes now; remove it from known-failures.toml",
                    o.kind, o.case, o.origin
                )),
                (false, Some((k, seen))) => {
                    *seen = true;
                    if k.uniform == o.got && k.rfc == o.want && k.origin == o.origin {
                        entry.1 += 1;
                    } else {
                        faults.push(format!(
                            "{file} {} {:?} ({}): known failure changed: listed uniform {:?} rfc {:?}, now uniform {:?} rfc {:?}",
                            o.kind, o.case, o.origin, k.uniform, k.rfc, o.got, o.want
                        ));
                    }
                }
                (false, None) => faults.push(format!(
                    "{file} {} {:?} ({}):\n    rfc:     {}\n    uniform: {}\n    upstream: {}",
                    o.kind, o.case, o.origin, o.want, o.got, o.upstream
                )),
            }
        }
    }
    for (key, (_, seen)) in &listed {
        if !*seen && !faults.iter().any(|f| f.contains(&format!("{:?}", key.2))) {
            faults.push(format!("known failure {key:?} matches no case"));
        }
    }
    let (mut passed, mut known_n) = (0, 0);
    println!("RFC 3986 cases of OpenJDK and oxiri:");
    for ((file, kind), (p, k)) in &tally {
        println!("  {file:14} {kind:11} {p:4} passed, {k:3} known failures");
        passed += p;
        known_n += k;
    }
    println!("  total: {passed} passed, {known_n} known failures");
    let mut causes: BTreeMap<&str, usize> = BTreeMap::new();
    for k in &known.known {
        *causes.entry(k.cause.as_str()).or_default() += 1;
    }
    for (cause, n) in &causes {
        println!("  known cause {cause}: {n}");
    }
    assert!(
        faults.is_empty(),
        "{} unexpected results:\n{}",
        faults.len(),
        faults.join("\n")
    );
}
