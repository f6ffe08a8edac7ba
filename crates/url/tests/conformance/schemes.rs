//! The typed views of the schemes against other projects' scheme-specific
//! tables: Perl URI's gopher and file mappings and `URI::URL` scheme
//! accessors, Ruby's ftp and mailto, curl's ftp/file/gopher parts, and
//! CPython's ftp handler. Differences, with their reasons, are listed in
//! `testdata/conformance/schemes.toml`.

use crate::support::{Differences, Tally, rows_or_skip};
use serde_json::Value;
use std::path::Path;
use uniform::schemes::{Encoded, FileUrl, FtpUrl, NewsTarget, Typecode, WindowsPaths};
use uniform::{Dialect, ParseOptions, UrlRef};

/// Runs every scheme suite.
pub fn run(root: &Path, diffs: &Differences) -> Vec<Tally> {
    type Suite = fn(&[Value], &Differences) -> Tally;
    let suites: [(&str, &str, Suite); 7] = [
        (
            "perl-uri/gopher.jsonl",
            "perl-uri/gopher (views)",
            perl_gopher,
        ),
        (
            "perl-uri/scheme_parse_legacy.jsonl",
            "perl-uri/scheme_parse_legacy (scheme fields)",
            perl_scheme_fields,
        ),
        (
            "perl-uri/file_os_mapping.jsonl",
            "perl-uri/file_os_mapping (file views)",
            perl_file_mapping,
        ),
        ("ruby-uri/ftp.jsonl", "ruby-uri/ftp (views)", ruby_ftp),
        (
            "ruby-uri/mailto.jsonl",
            "ruby-uri/mailto (views)",
            ruby_mailto,
        ),
        (
            "curl-lib1560/get_parts.jsonl",
            "curl-lib1560/get_parts (ftp, file, gopher views)",
            curl_parts,
        ),
        (
            "cpython-urlparse/urllib2_ftp_file.jsonl",
            "cpython-urlparse/urllib2_ftp_file (views)",
            cpython_ftp_file,
        ),
    ];
    let mut out = Vec::new();
    for (rel, name, suite) in suites {
        if let Some(rows) = rows_or_skip(root, rel, name, &mut out) {
            out.push(suite(&rows, diffs));
        }
    }
    out
}

fn dec(e: Encoded<'_>) -> String {
    e.decode_lossy().into_owned()
}

/// Compares named fields; `Err` lists the ones that differ.
fn compare(fields: &[(&str, Value, Value)]) -> Result<(), String> {
    let bad: Vec<String> = fields
        .iter()
        .filter(|(_, want, got)| want != got)
        .map(|(k, want, got)| format!("{k}: want {want}, got {got}"))
        .collect();
    if bad.is_empty() {
        Ok(())
    } else {
        Err(bad.join("; "))
    }
}

fn s(v: impl Into<String>) -> Value {
    Value::String(v.into())
}

fn null_as_empty(v: &Value) -> Value {
    if v.is_null() { s("") } else { v.clone() }
}

fn perl_gopher(rows: &[Value], diffs: &Differences) -> Tally {
    let mut t = Tally::new("perl-uri/gopher (views)");
    for row in rows {
        let input = row["input"].as_str().unwrap();
        let outcome = match UrlRef::parse(input) {
            Err(e) => Err(format!("parse failed: {e}")),
            Ok(u) => {
                let g = u.gopher().unwrap();
                compare(&[
                    ("host", row["host"].clone(), s(g.host())),
                    ("port", row["port"].clone(), Value::from(g.port())),
                    (
                        "gopher_type",
                        row["gopher_type"].clone(),
                        s(String::from_utf8_lossy(&[g.gopher_type()])),
                    ),
                    // Perl gives no selector for an empty one.
                    (
                        "selector",
                        null_as_empty(&row["selector"]),
                        s(dec(g.selector())),
                    ),
                    (
                        "search",
                        row["search"].clone(),
                        g.search().map_or(Value::Null, |x| s(dec(x))),
                    ),
                ])
            }
        };
        t.record(diffs, input, outcome);
    }
    t
}

fn perl_scheme_fields(rows: &[Value], diffs: &Differences) -> Tally {
    let mut t = Tally::new("perl-uri/scheme_parse_legacy (scheme fields)");
    for row in rows {
        let input = row["input"].as_str().unwrap();
        let want = &row["expected"];
        let Ok(u) = UrlRef::parse(input) else {
            t.record(diffs, input, Err("parse failed".into()));
            continue;
        };
        let opt = |e: Option<Encoded<'_>>| e.map_or(Value::Null, |x| s(dec(x)));
        let mut fields: Vec<(&str, Value, Value)> = Vec::new();
        let mut take = |k: &'static str, got: Value| {
            if let Some(w) = want.get(k) {
                fields.push((k, w.clone(), got));
            }
        };
        if let Some(f) = u.ftp() {
            take("user", opt(f.user()));
            take("password", opt(f.password()));
            take(
                "params",
                f.typecode_raw()
                    .map_or(Value::Null, |c| s(format!("type={}", c.as_str()))),
            );
        } else if let Some(g) = u.gopher() {
            take("gtype", s(String::from_utf8_lossy(&[g.gopher_type()])));
            take("selector", s(dec(g.selector())));
        } else if let Some(n) = u.news() {
            let (group, article) = match n.target() {
                NewsTarget::AllGroups => (s("*"), Value::Null),
                NewsTarget::Group(g) => (s(dec(g)), Value::Null),
                NewsTarget::Article(a) => (Value::Null, s(dec(a))),
            };
            take("groupart", s(dec(n.grouppart())));
            take("group", group);
            take("article", article);
        } else if let Some(n) = u.nntp() {
            take("group", s(dec(n.group())));
        } else if let Some(tn) = u.telnet() {
            take("user", opt(tn.user()));
            take("password", opt(tn.password()));
            take("host", s(tn.host()));
        } else if let Some(m) = u.mailto() {
            take("address", s(dec(m.address())));
            take("encoded822addr", s(m.address().as_str()));
        } else if let Some(f) = u.file() {
            take("host", s(f.host()));
            take("path", s(f.path().as_str()));
        }
        // http rows hold generic components only (perl.rs checks those).
        if !fields.is_empty() {
            t.record(diffs, input, compare(&fields));
        }
    }
    t
}

fn perl_file_mapping(rows: &[Value], diffs: &Differences) -> Tally {
    let mut t = Tally::new("perl-uri/file_os_mapping (file views)");
    for row in rows {
        let uri = row["uri"].as_str().unwrap();
        let parsed = UrlRef::parse(uri).ok().and_then(|u| u.file().map(|_| u));
        for os in ["unix", "win32"] {
            let Some(want) = row[os]["filename"].as_str() else {
                continue;
            };
            let case = format!("{os} {uri}");
            let got = match parsed {
                None => Err("not a file URL (a relative reference)".to_string()),
                Some(u) => {
                    let f = u.file().unwrap();
                    let r = if os == "unix" {
                        f.to_unix_path_bytes()
                            .map(|b| String::from_utf8_lossy(&b).into_owned())
                    } else {
                        f.to_windows_path(WindowsPaths::default())
                    };
                    r.map_err(|e| e.to_string())
                }
            };
            t.record(
                diffs,
                &case,
                match got {
                    Ok(g) if g == want => Ok(()),
                    Ok(g) => Err(format!("file name {g:?}, want {want:?}")),
                    Err(e) => Err(e),
                },
            );
            if row[os]["roundtrip"] == Value::Bool(true) {
                let case = format!("{os} roundtrip {uri}");
                let back = if os == "unix" {
                    FileUrl::from_unix_path(want)
                } else {
                    FileUrl::from_windows_path(want)
                };
                t.record(
                    diffs,
                    &case,
                    match back {
                        Ok(u) if u.as_str() == uri => Ok(()),
                        Ok(u) => Err(format!("built {}", u.as_str())),
                        Err(e) => Err(e.to_string()),
                    },
                );
            }
        }
    }
    t
}

fn ruby_ftp(rows: &[Value], diffs: &Differences) -> Tally {
    let mut t = Tally::new("ruby-uri/ftp (views)");
    for row in rows {
        if let Some(b) = row.get("build") {
            let path = b["path"].as_str().unwrap();
            let (user, pw) = b["userinfo"].as_str().unwrap().split_once(':').unwrap();
            let mut builder = FtpUrl::builder()
                .user(user)
                .password(pw)
                .host(b["host"].as_str().unwrap());
            // Ruby's absolute path: its leading "/" goes into the first
            // cwd segment, which encodes it as %2F (RFC 1738 3.2.2).
            let mut segs: Vec<String> = path.split('/').map(str::to_string).collect();
            if path.starts_with('/') && segs.len() > 1 {
                segs.remove(0);
                segs[0].insert(0, '/');
            }
            let name = segs.pop().unwrap_or_default();
            for c in &segs {
                builder = builder.cwd(c);
            }
            builder = builder.name(name);
            if b["typecode"] == "i" {
                builder = builder.typecode(Typecode::Image);
            }
            let want = row["expected_serialized"].as_str().unwrap();
            let got = builder.build().map_err(|e| e.to_string());
            t.record(
                diffs,
                &format!("build {want}"),
                match got {
                    Ok(u) if u.as_str() == want => Ok(()),
                    Ok(u) => Err(format!("built {}", u.as_str())),
                    Err(e) => Err(e),
                },
            );
            continue;
        }
        let input = row["input"].as_str().unwrap();
        if row["error"] == Value::Bool(true) {
            let r = ParseOptions::new().strict(true).parse(input);
            t.record(
                diffs,
                input,
                if r.is_err() {
                    Ok(())
                } else {
                    Err("strict parse accepted it".into())
                },
            );
            continue;
        }
        let outcome = match UrlRef::parse(input) {
            Err(e) => Err(e.to_string()),
            Ok(u) => {
                let f = u.ftp().unwrap();
                let want = &row["expected"];
                let mut fields = Vec::new();
                for (k, got) in [
                    ("scheme", s(u.scheme())),
                    ("user", f.user().map_or(Value::Null, |x| s(dec(x)))),
                    ("password", f.password().map_or(Value::Null, |x| s(dec(x)))),
                    ("host", s(f.host())),
                    ("port", Value::from(f.port())),
                    // Ruby's path is the fpath decoded: "//foo" and "/%2Ffoo"
                    // both give "/foo" (RFC 1738 3.2.2's absolute path).
                    ("path", s(f.fpath().map(dec).unwrap_or_default())),
                ] {
                    if let Some(w) = want.get(k) {
                        fields.push((k, w.clone(), got));
                    }
                }
                compare(&fields)
            }
        };
        t.record(diffs, input, outcome);
    }
    t
}

fn ruby_mailto(rows: &[Value], diffs: &Differences) -> Tally {
    let mut t = Tally::new("ruby-uri/mailto (views)");
    for row in rows {
        let input = row["input"].as_str().unwrap();
        let c = &row["components"];
        if row["valid"] == Value::Bool(false) {
            let r = ParseOptions::new().strict(true).parse(input);
            t.record(
                diffs,
                input,
                if r.is_err() {
                    Ok(())
                } else {
                    Err("strict RFC 1738 parse accepted it".into())
                },
            );
            continue;
        }
        // RFC 2368 headers need a '?' that ends the address: RFC 3986's.
        let outcome = match ParseOptions::new().dialect(Dialect::Rfc3986).parse(input) {
            Err(e) => Err(e.to_string()),
            Ok(u) => {
                let m = u.mailto().unwrap();
                let to = match &c["to"] {
                    Value::Array(a) => s(a
                        .iter()
                        .filter_map(Value::as_str)
                        .collect::<Vec<_>>()
                        .join(",")),
                    other => null_as_empty(other),
                };
                let headers: Vec<String> = match &c["headers"] {
                    Value::Array(a) => a
                        .iter()
                        .map(|h| match h {
                            Value::Array(p) => {
                                format!("{}={}", p[0].as_str().unwrap(), p[1].as_str().unwrap())
                            }
                            other => other.as_str().unwrap().to_string(),
                        })
                        .collect(),
                    Value::Object(o) => o
                        .iter()
                        .map(|(k, v)| format!("{k}={}", v.as_str().unwrap()))
                        .collect(),
                    _ => Vec::new(),
                };
                let got_headers: Vec<String> = m
                    .headers()
                    .map(|h| h.as_str().split('&').map(str::to_string).collect())
                    .unwrap_or_default();
                compare(&[
                    ("to", to, s(m.address().as_str())),
                    ("headers", Value::from(headers), Value::from(got_headers)),
                ])
            }
        };
        t.record(diffs, input, outcome);
    }
    t
}

fn curl_parts(rows: &[Value], diffs: &Differences) -> Tally {
    let mut t = Tally::new("curl-lib1560/get_parts (ftp, file, gopher views)");
    for row in rows {
        let input = row["input"].as_str().unwrap();
        let lower = input.to_ascii_lowercase();
        if !["ftp:", "file:", "gopher:"]
            .iter()
            .any(|p| lower.starts_with(p))
        {
            continue;
        }
        // Rows for curl's Windows builds only.
        if !row["cond"].is_null() {
            continue;
        }
        let outcome = if row["error"] == "CURLUE_BAD_FILE_URL" {
            // curl refuses a file URL it cannot open locally; so does the
            // view (a strict parse fails, or the conversion does).
            let strict = ParseOptions::new().strict(true).parse(input);
            let local = UrlRef::parse(input)
                .ok()
                .and_then(|u| u.file().map(|f| f.to_unix_path_bytes().is_ok()));
            if strict.is_err() || local == Some(false) {
                Ok(())
            } else {
                Err("accepted as a local file".into())
            }
        } else {
            let want = &row["expected_parts"];
            match UrlRef::parse(input) {
                Err(e) => Err(e.to_string()),
                Ok(u) => {
                    let (path, port) = if let Some(f) = u.file() {
                        (f.path().as_str().to_string(), Value::Null)
                    } else if let Some(f) = u.ftp() {
                        (
                            format!("/{}", f.url().path().unwrap_or("")),
                            s(f.port().to_string()),
                        )
                    } else {
                        let g = u.gopher().unwrap();
                        (
                            format!("/{}", g.url().path().unwrap_or("")),
                            s(g.port().to_string()),
                        )
                    };
                    let mut fields = vec![("path", want["path"].clone(), s(path))];
                    if want["port"].is_string() {
                        fields.push(("port", want["port"].clone(), port));
                    }
                    if u.file().is_none() {
                        fields.push(("host", want["host"].clone(), s(u.host().unwrap_or(""))));
                    }
                    compare(&fields)
                }
            }
        };
        t.record(diffs, input, outcome);
    }
    t
}

fn cpython_ftp_file(rows: &[Value], diffs: &Differences) -> Tally {
    let mut t = Tally::new("cpython-urlparse/urllib2_ftp_file (views)");
    for row in rows {
        let input = row["input"].as_str().unwrap();
        let outcome = match UrlRef::parse(input) {
            Err(e) => Err(e.to_string()),
            Ok(u) if row.get("handled_as_ftp").is_some() => {
                // A file URL is never turned into an FTP access.
                if u.ftp().is_none() && u.file().is_some() {
                    Ok(())
                } else {
                    Err("not read as a file URL".into())
                }
            }
            Ok(u) => {
                let f = u.ftp().unwrap();
                let name = dec(f.name());
                // urllib's guess where the URL has no typecode: D for a
                // directory, I otherwise (RFC 1738 3.2.3 leaves it to the client).
                let tt = match f.typecode() {
                    Some(tc) => tc.as_char().to_ascii_uppercase().to_string(),
                    None if name.is_empty() => "D".into(),
                    None => "I".into(),
                };
                compare(&[
                    ("host", row["host"].clone(), s(f.host())),
                    ("port", row["port"].clone(), Value::from(f.port())),
                    (
                        "user",
                        row["user"].clone(),
                        s(f.user().map(dec).unwrap_or_default()),
                    ),
                    (
                        "password",
                        row["password"].clone(),
                        s(f.password().map(dec).unwrap_or_default()),
                    ),
                    (
                        "cwd_dirs",
                        row["cwd_dirs"].clone(),
                        Value::from(f.cwd().map(dec).collect::<Vec<_>>()),
                    ),
                    ("filename", row["filename"].clone(), s(name)),
                    ("transfer_type", row["transfer_type"].clone(), s(tt)),
                ])
            }
        };
        t.record(diffs, input, outcome);
    }
    t
}
