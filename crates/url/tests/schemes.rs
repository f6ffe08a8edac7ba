//! The typed views of the schemes, against `testdata/schemes/*.toml` (the
//! statements of RFC 1738 sections 3.2 to 3.11 and section 5, and RFC
//! 1630's scheme notes, one case each), plus properties: builders round-trip
//! through parse, and no view panics on any parsed input.
//!
//! Schema of a case: `testdata/schemes/README.md`.

use proptest::prelude::*;
use serde_json::{Value, json};
use std::path::{Path, PathBuf};
use uniform::schemes::{
    FileUrl, FtpUrl, GopherPlus, GopherUrl, HttpUrl, MailtoUrl, NewsTarget, NewsUrl, NntpUrl,
    ProsperoUrl, SchemeUrl, TelnetUrl, Typecode, WaisForm, WaisUrl, WindowsPaths,
};
use uniform::{Dialect, ParseOptions, UrlRef};

fn testdata() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../testdata/schemes")
}

#[derive(serde::Deserialize)]
struct File {
    #[serde(default)]
    case: Vec<Case>,
}

#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct Case {
    section: String,
    #[allow(dead_code)]
    note: Option<String>,
    input: String,
    #[serde(default)]
    dialects: Vec<String>,
    valid: Option<bool>,
    error: Option<String>,
    rule: Option<String>,
    warnings: Option<Vec<String>>,
    #[serde(default)]
    details: serde_json::Map<String, Value>,
    #[serde(default)]
    null: Vec<String>,
    /// A known bug of the core makes this case fail: it must fail, and it
    /// is reported as stale once it passes.
    bug: Option<String>,
}

fn dialects(names: &[String]) -> Vec<Dialect> {
    if names.is_empty() {
        return vec![Dialect::Rfc1738];
    }
    if names.iter().any(|n| n == "all") {
        return vec![Dialect::Rfc1738, Dialect::Rfc1630, Dialect::Rfc3986];
    }
    names
        .iter()
        .map(|n| Dialect::from_name(n).unwrap_or_else(|| panic!("dialect {n}")))
        .collect()
}

fn text(e: uniform::schemes::Encoded<'_>) -> Value {
    Value::String(e.decode_lossy().into_owned())
}

fn opt(e: Option<uniform::schemes::Encoded<'_>>) -> Value {
    e.map_or(Value::Null, text)
}

/// Every field of the view, decoded, under DESIGN.md's names and more.
fn view_json(u: &UrlRef<'_>) -> Value {
    let mut v = match u.specific() {
        SchemeUrl::Ftp(f) => json!({
            "cwd": f.cwd().map(text).collect::<Vec<_>>(),
            "name": text(f.name()),
            "typecode": f.typecode().map(|t| t.as_char().to_string()),
            "typecode_raw": f.typecode_raw().map(|t| t.as_str().to_string()),
            "user": opt(f.user()), "password": opt(f.password()), "host": f.host(), "port": f.port(),
        }),
        SchemeUrl::Http(h) => json!({
            "segments": h.segments().map(text).collect::<Vec<_>>(),
            "search": opt(h.search()), "host": h.host(), "port": h.port(),
        }),
        SchemeUrl::Gopher(g) => json!({
            "type": String::from_utf8_lossy(&[g.gopher_type()]),
            "type_raw": g.type_raw().map(|t| t.as_str().to_string()),
            "selector": text(g.selector()),
            "search": opt(g.search()),
            "plus": opt(g.plus()),
            "plus_kind": g.plus_kind().map(|k| match k {
                GopherPlus::DefaultView => "default-view".to_string(),
                GopherPlus::AskItem => "ask-item".to_string(),
                GopherPlus::View { view, language } => format!("view {} {}", view.decode_lossy(), language.map(|l| l.decode_lossy().into_owned()).unwrap_or_default()),
                GopherPlus::Attributes { directory, names } => format!(
                    "attributes {} [{}]",
                    if directory { "$" } else { "!" },
                    names.map(|n| n.decode_lossy().into_owned()).collect::<Vec<_>>().join(",")
                ),
                GopherPlus::Form(f) => format!("form {:?}", f.decode_lossy()),
                GopherPlus::Other(o) => format!("other {}", o.as_str()),
                _ => "new".to_string(),
            }),
            "request": String::from_utf8_lossy(&g.request()),
            "host": g.host(), "port": g.port(),
        }),
        SchemeUrl::Mailto(m) => json!({
            "address": text(m.address()), "headers": opt(m.headers()),
            "local_part": m.split().map(|(l, _)| String::from_utf8_lossy(&l).into_owned()),
            "domain": m.split().map(|(_, d)| String::from_utf8_lossy(&d).into_owned()),
        }),
        SchemeUrl::News(n) => json!({
            "group": opt(n.group()), "message_id": opt(n.message_id()),
            "target": match n.target() { NewsTarget::AllGroups => "all", NewsTarget::Group(_) => "group", NewsTarget::Article(_) => "article" },
        }),
        SchemeUrl::Nntp(n) => json!({
            "group": text(n.group()), "article": n.article_number(), "article_raw": opt(n.article()),
            "host": n.host(), "port": n.port(),
        }),
        SchemeUrl::Telnet(t) => json!({
            "user": opt(t.user()), "password": opt(t.password()), "host": t.host(), "port": t.port(),
        }),
        SchemeUrl::Wais(w) => json!({
            "database": text(w.database()), "search": opt(w.search()), "wtype": opt(w.wtype()), "wpath": opt(w.wpath()),
            "form": match w.form() { WaisForm::Database => "database", WaisForm::Search => "search", WaisForm::Document => "document" },
            "port": w.port(),
        }),
        SchemeUrl::File(f) => json!({
            "host": f.host(), "path": text(f.path()), "local": f.is_local(),
            "segments": f.segments().map(text).collect::<Vec<_>>(),
            "unix_path": match f.to_unix_path_bytes() { Ok(p) => String::from_utf8_lossy(&p).into_owned(), Err(e) => format!("error {:?}", e.kind()) },
            "windows_path": f.to_windows_path(WindowsPaths::default()).unwrap_or_else(|e| format!("error {:?}", e.kind())),
            "windows_path_bar": f.to_windows_path(WindowsPaths { bar_drive: true }).unwrap_or_else(|e| format!("error {:?}", e.kind())),
        }),
        SchemeUrl::Prospero(p) => json!({
            "hsoname": text(p.hsoname()), "version": opt(p.version()),
            "fields": p.fields().map(|(n, v)| json!([text(n), text(v)])).collect::<Vec<_>>(),
            "host": p.host(), "port": p.port(),
        }),
        SchemeUrl::Generic(g) => json!({
            "scheme_specific_part": g.scheme_specific_part().as_str(),
            "defined": g.has_defined_syntax(), "experimental": g.is_experimental(),
        }),
        // The views of RFC 1630's mid, cid and urn also give the generic
        // view's fields: every URL has that view.
        SchemeUrl::Mid(m) => json!({
            "message_id": text(m.message_id()), "local_part": text(m.local_part()),
            "domain": text(m.domain()),
            "scheme_specific_part": u.generic().scheme_specific_part().as_str(),
            "defined": u.generic().has_defined_syntax(),
        }),
        SchemeUrl::Cid(c) => json!({
            "content_id": text(c.content_id()),
            "scheme_specific_part": u.generic().scheme_specific_part().as_str(),
            "defined": u.generic().has_defined_syntax(),
        }),
        SchemeUrl::Urn(n) => json!({
            "namespace": opt(n.namespace()), "specific_string": text(n.specific_string()),
            "scheme_specific_part": u.generic().scheme_specific_part().as_str(),
            "defined": u.generic().has_defined_syntax(),
        }),
        _ => json!({}),
    };
    v.as_object_mut()
        .unwrap()
        .insert("kind".into(), u.specific().kind().into());
    v
}

fn tag(e: &uniform::ParseError) -> String {
    format!("{}@{}", e.kind().as_str(), e.offset())
}

fn run_case(c: &Case) -> Result<(), String> {
    for d in dialects(&c.dialects) {
        let at = format!("{} [{}] ({})", c.input, d.as_str(), c.section);
        let strict = ParseOptions::new().dialect(d).strict(true).parse(&c.input);
        let mut warnings = Vec::new();
        let lenient = ParseOptions::new()
            .dialect(d)
            .parse_with_warnings(&c.input, &mut warnings);
        let lenient = lenient.map_err(|e| format!("{at}: lenient parse failed: {e}"))?;
        let got_w: Vec<String> = warnings.iter().map(tag).collect();
        if let Some(want) = &c.error {
            let e = strict
                .err()
                .ok_or_else(|| format!("{at}: strict parse succeeded, want {want}"))?;
            if &tag(&e) != want {
                return Err(format!("{at}: strict error {} ({e}), want {want}", tag(&e)));
            }
            if let Some(rule) = &c.rule
                && e.rule() != rule
            {
                return Err(format!("{at}: rule {}, want {rule}", e.rule()));
            }
            let want_w = c.warnings.clone().unwrap_or_else(|| vec![want.clone()]);
            if got_w != want_w {
                return Err(format!("{at}: warnings {got_w:?}, want {want_w:?}"));
            }
        } else if c.valid.unwrap_or(true) {
            if let Err(e) = strict {
                return Err(format!("{at}: strict parse failed: {e}"));
            }
            let want_w = c.warnings.clone().unwrap_or_default();
            if got_w != want_w {
                return Err(format!(
                    "{at}: warnings {got_w:?} ({warnings:?}), want {want_w:?}"
                ));
            }
        } else if let Some(want_w) = &c.warnings
            && &got_w != want_w
        {
            return Err(format!("{at}: warnings {got_w:?}, want {want_w:?}"));
        }
        let view = view_json(&lenient);
        for (k, want) in &c.details {
            let got = view
                .get(k)
                .ok_or_else(|| format!("{at}: the view has no field {k}: {view}"))?;
            if got != want {
                return Err(format!("{at}: {k} = {got}, want {want}"));
            }
        }
        for k in &c.null {
            match view.get(k) {
                Some(Value::Null) => {}
                other => return Err(format!("{at}: {k} = {other:?}, want null")),
            }
        }
    }
    Ok(())
}

fn run_file(name: &str) {
    let path = testdata().join(name);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let f: File = toml::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    assert!(!f.case.is_empty(), "{name} has no case");
    let failures: Vec<String> = f
        .case
        .iter()
        .filter_map(|c| match (run_case(c), &c.bug) {
            (Ok(()), Some(bug)) => Some(format!(
                "{}: passes now; remove its bug note ({bug})",
                c.input
            )),
            (Ok(()), None) | (Err(_), Some(_)) => None,
            (Err(e), None) => Some(e),
        })
        .collect();
    assert!(
        failures.is_empty(),
        "{name}: {} of {} cases fail:\n{}",
        failures.len(),
        f.case.len(),
        failures.join("\n")
    );
}

macro_rules! table {
    ($($test:ident => $file:literal,)*) => {
        $(#[test] fn $test() { run_file($file); })*

        #[test]
        fn every_table_is_run() {
            let mut listed = vec![$($file),*];
            listed.sort();
            let mut found: Vec<String> = std::fs::read_dir(testdata()).unwrap()
                .filter_map(|e| e.ok()?.file_name().into_string().ok())
                .filter(|n| n.ends_with(".toml"))
                .collect();
            found.sort();
            assert_eq!(found, listed);
        }
    };
}

table! {
    ftp_3_2 => "ftp.toml",
    http_3_3 => "http.toml",
    gopher_3_4 => "gopher.toml",
    mailto_3_5 => "mailto.toml",
    news_3_6 => "news.toml",
    nntp_3_7 => "nntp.toml",
    telnet_3_8 => "telnet.toml",
    wais_3_9 => "wais.toml",
    file_3_10 => "file.toml",
    prospero_3_11 => "prospero.toml",
    generic_4 => "generic.toml",
}

// ---------------------------------------------------------------- properties

fn bytes() -> impl Strategy<Value = Vec<u8>> {
    prop::collection::vec(any::<u8>(), 0..12)
}

fn host() -> impl Strategy<Value = String> {
    prop_oneof![
        // An `xn--` label is an A-label, which must be valid Punycode: a
        // name drawn at random is not one (`xn--o3` was drawn and refused).
        "[a-z][a-z0-9-]{0,6}[a-z0-9](\\.[a-z][a-z0-9]{0,5}){0,2}"
            .prop_filter("an xn-- label that is not Punycode", |h| !h
                .starts_with("xn--")),
        (0u8..=255, 0u8..=255, 0u8..=255, 0u8..=255)
            .prop_map(|(a, b, c, d)| format!("{a}.{b}.{c}.{d}")),
    ]
}

fn decoded(e: uniform::schemes::Encoded<'_>) -> Vec<u8> {
    e.decode().into_owned()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

    #[test]
    fn ftp_builder_round_trips(user in bytes(), pw in prop::option::of(bytes()), h in host(), port in prop::option::of(any::<u16>()),
                               cwd in prop::collection::vec(bytes(), 0..4), name in bytes(), tc in prop::option::of(0..3u8)) {
        let mut b = FtpUrl::builder().user(&user).host(&h).name(&name);
        if let Some(p) = &pw { b = b.password(p); }
        if let Some(p) = port { b = b.port(p); }
        for c in &cwd { b = b.cwd(c); }
        let t = tc.map(|i| [Typecode::Ascii, Typecode::Image, Typecode::Directory][i as usize]);
        if let Some(t) = t { b = b.typecode(t); }
        let url = b.build().unwrap();
        let again = ParseOptions::new().strict(true).parse(url.as_str()).unwrap();
        let f = again.ftp().unwrap();
        prop_assert_eq!(f.user().map(decoded), Some(user));
        prop_assert_eq!(f.password().map(decoded), pw);
        prop_assert_eq!(f.host(), h.as_str());
        prop_assert_eq!(f.url().port(), port);
        prop_assert_eq!(f.cwd().map(decoded).collect::<Vec<_>>(), cwd);
        prop_assert_eq!(decoded(f.name()), name);
        prop_assert_eq!(f.typecode(), t);
    }

    #[test]
    fn http_builder_round_trips(h in host(), segs in prop::collection::vec(bytes(), 1..4), search in prop::option::of(bytes())) {
        let mut b = HttpUrl::builder().host(&h);
        for s in &segs { b = b.segment(s); }
        if let Some(q) = &search { b = b.search(q); }
        let url = b.build().unwrap();
        let again = ParseOptions::new().strict(true).parse(url.as_str()).unwrap();
        let v = again.http().unwrap();
        prop_assert_eq!(v.segments().map(decoded).collect::<Vec<_>>(), segs);
        prop_assert_eq!(v.search().map(decoded), search);
    }

    #[test]
    fn gopher_builder_round_trips(t in 0x20u8..0x7f, sel in bytes(), search in prop::option::of(bytes()), plus in prop::option::of(bytes())) {
        let b = GopherUrl::builder().host("h.dom").gopher_type(t).selector(&sel);
        let b = match &search { Some(s) => b.search(s), None => b };
        let b = match &plus { Some(p) => b.plus(p), None => b };
        let bad = |v: &[u8]| v.iter().any(|c| b"\t\r\n".contains(c));
        let refused = bad(&sel) || search.as_deref().is_some_and(bad);
        match b.build() {
            Err(e) => prop_assert!(refused, "{e}"),
            Ok(url) => {
                prop_assert!(!refused);
                let again = ParseOptions::new().strict(true).parse(url.as_str()).unwrap();
                let g = again.gopher().unwrap();
                prop_assert_eq!(g.gopher_type(), t);
                prop_assert_eq!(decoded(g.selector()), sel);
                let want_search = if plus.is_some() { Some(search.unwrap_or_default()) } else { search };
                prop_assert_eq!(g.search().map(decoded), want_search);
                prop_assert_eq!(g.plus().map(decoded), plus);
            }
        }
    }

    #[test]
    fn mailto_news_nntp_round_trip(local in "[a-zA-Z0-9!#$%&'*+/=?^_`{|}~-]{1,10}", h in host(), n in any::<u64>()) {
        // An RFC 822 atom (section 3.3): what the mailto builder accepts.
        let mut addr = local.clone().into_bytes();
        addr.push(b'@');
        addr.extend_from_slice(h.as_bytes());
        let url = MailtoUrl::builder().address(&addr).build().unwrap();
        let again = ParseOptions::new().strict(true).parse(url.as_str()).unwrap();
        prop_assert_eq!(decoded(again.mailto().unwrap().address()), addr.clone());

        let url = NewsUrl::builder().message_id(&addr).build().unwrap();
        let again = ParseOptions::new().strict(true).parse(url.as_str()).unwrap();
        prop_assert_eq!(again.news().unwrap().message_id().map(decoded), Some(addr));

        let url = NntpUrl::builder().host(&h).group("comp.lang.rust").article(n).build().unwrap();
        let again = ParseOptions::new().strict(true).parse(url.as_str()).unwrap();
        prop_assert_eq!(again.nntp().unwrap().article_number(), Some(n));
    }

    #[test]
    fn telnet_wais_prospero_file_round_trip(user in bytes(), a in bytes(), b in bytes(), c in bytes(),
                                            fields in prop::collection::vec((bytes(), bytes()), 0..3),
                                            segs in prop::collection::vec(bytes(), 0..4)) {
        let url = TelnetUrl::builder().user(&user).password(&a).host("h").build().unwrap();
        let again = ParseOptions::new().strict(true).parse(url.as_str()).unwrap();
        let t = again.telnet().unwrap();
        prop_assert_eq!(t.user().map(decoded), Some(user));
        prop_assert_eq!(t.password().map(decoded), Some(a.clone()));

        let url = WaisUrl::builder().host("h").database(&a).document(&b, &c).build().unwrap();
        let again = ParseOptions::new().strict(true).parse(url.as_str()).unwrap();
        let w = again.wais().unwrap();
        prop_assert_eq!(decoded(w.database()), a.clone());
        prop_assert_eq!(w.wtype().map(decoded), Some(b.clone()));
        prop_assert_eq!(w.wpath().map(decoded), Some(c.clone()));

        let mut pb = ProsperoUrl::builder().host("h").hsoname(&a);
        for (n, v) in &fields { pb = pb.field(n, v); }
        match pb.build() {
            Err(_) => prop_assert!(a.contains(&0)),
            Ok(url) => {
                let again = ParseOptions::new().strict(true).parse(url.as_str()).unwrap();
                let p = again.prospero().unwrap();
                prop_assert_eq!(decoded(p.hsoname()), a.clone());
                prop_assert_eq!(p.fields().map(|(n, v)| (decoded(n), decoded(v))).collect::<Vec<_>>(), fields);
            }
        }

        let mut fb = FileUrl::builder();
        for s in &segs { fb = fb.segment(s); }
        let url = fb.build().unwrap();
        let again = ParseOptions::new().strict(true).parse(url.as_str()).unwrap();
        let want = if segs.is_empty() { vec![Vec::new()] } else { segs.clone() };
        prop_assert_eq!(again.file().unwrap().segments().map(decoded).collect::<Vec<_>>(), want);
    }

    #[test]
    fn unix_paths_round_trip(segs in prop::collection::vec(prop::collection::vec(any::<u8>().prop_filter("no / or NUL", |b| *b != b'/' && *b != 0), 0..8), 1..4)) {
        let mut path = Vec::new();
        for s in &segs { path.push(b'/'); path.extend_from_slice(s); }
        let url = FileUrl::from_unix_path(&path).unwrap();
        prop_assert_eq!(url.file().unwrap().to_unix_path_bytes().unwrap(), path);
    }

    #[test]
    fn no_view_panics(s in "[a-z]{1,8}:[ -~\t\r\n\u{80}-\u{10FFFF}]{0,40}", d in 0..3usize) {
        for scheme in ["ftp", "http", "gopher", "mailto", "news", "nntp", "telnet", "wais", "file", "prospero", "mid", "x-y"] {
            let input = format!("{scheme}{}", &s[s.find(':').unwrap()..]);
            let dialect = [Dialect::Rfc1738, Dialect::Rfc1630, Dialect::Rfc3986][d];
            let mut w = Vec::new();
            if let Ok(u) = ParseOptions::new().dialect(dialect).parse_with_warnings(&input, &mut w) {
                let v = view_json(&u);
                prop_assert!(v.get("kind").is_some());
            }
            let _ = ParseOptions::new().dialect(dialect).strict(true).parse(&input);
        }
    }

    #[test]
    fn no_view_panics_on_authority_forms(s in "[ -~\u{80}-\u{2FF}]{0,30}") {
        for scheme in ["ftp", "gopher", "nntp", "wais", "file", "prospero", "telnet", "news", "mailto"] {
            let input = format!("{scheme}://{s}");
            if let Ok(u) = UrlRef::parse(&input) {
                prop_assert!(view_json(&u).get("kind").is_some());
            }
        }
    }
}
