//! The WHATWG dialect where the web-platform tests' data does not reach:
//! validation errors placed on the input past what the parser removed,
//! `URLSearchParams`' order, `blob:` origins, the dialect through
//! `ParseOptions`, strictness.

use uniform::whatwg::{self, Attribute, Origin, SearchParams};
use uniform::{Dialect, ParseErrorKind, ParseOptions, Url};

fn warnings(input: &str) -> Vec<(String, usize)> {
    let mut w = Vec::new();
    whatwg::parse_with_warnings(input, None, &mut w).expect("a URL");
    w.iter()
        .map(|e| (e.rule().to_string(), e.offset()))
        .collect()
}

#[test]
fn offsets_count_the_bytes_of_the_input_past_removed_controls() {
    // Leading C0 controls and spaces, then a tab, a newline and a
    // carriage return inside: each removed, and each later error placed
    // on the input as given.
    let input = "\u{1}  ht\ttp://h/a\n\r/b c\\d";
    let url = whatwg::parse(input, None).unwrap();
    assert_eq!(url.as_str(), "http://h/a/b%20c/d");
    assert_eq!(
        warnings(input),
        [
            ("invalid-URL-unit".to_string(), 0),
            ("invalid-URL-unit".to_string(), 5),
            ("invalid-URL-unit".to_string(), 18),
            ("invalid-reverse-solidus".to_string(), 20),
        ]
    );
    assert_eq!(&input[18..19], " ");
    assert_eq!(&input[20..21], "\\");
    // A multi-byte code point before: offsets are bytes, not characters.
    let input = "http://h/é\t x";
    assert_eq!(warnings(input)[1], ("invalid-URL-unit".to_string(), 12));
    assert_eq!(&input[12..13], " ");
}

#[test]
fn failures_are_placed_and_named() {
    let e = whatwg::parse("http://h:99999/", None).unwrap_err();
    assert_eq!(
        (e.kind(), e.rule(), e.offset()),
        (ParseErrorKind::Failure, "port-out-of-range", 9)
    );
    let e = whatwg::parse(" \thttp://h:8x/", None).unwrap_err();
    assert_eq!((e.rule(), e.offset()), ("port-invalid", 12));
    let e = whatwg::parse("https://exa%23mple.org", None).unwrap_err();
    assert_eq!((e.rule(), e.offset()), ("domain-to-ASCII", 8));
    assert_eq!(e.section(), "URL Standard section 3.3");
    let e = whatwg::parse("foo://exa[mple.org", None).unwrap_err();
    assert_eq!(e.rule(), "host-invalid-code-point");
}

#[test]
fn search_params_sort_by_utf16_code_units() {
    // U+FFFD is one code unit, 0xFFFD; U+1F308 is two, 0xD83C 0xDF08:
    // by code units the rainbow sorts first, by code points it would not.
    let mut p = SearchParams::parse("z=1&%EF%BF%BD=2&%F0%9F%8C%88=3&a=4&z=0");
    p.sort();
    let order: Vec<(&str, &str)> = p.iter().collect();
    assert_eq!(
        order,
        [
            ("a", "4"),
            ("z", "1"),
            ("z", "0"),
            ("🌈", "3"),
            ("\u{FFFD}", "2")
        ]
    );
    assert_eq!(p.to_string(), "a=4&z=1&z=0&%F0%9F%8C%88=3&%EF%BF%BD=2");
    // Through a URL, as url.searchParams.sort() does.
    let mut url = whatwg::parse("https://example.org/?q=🏳️‍🌈&key=e1f7bc78", None).unwrap();
    let mut q = SearchParams::of(&url);
    q.sort();
    q.apply(&mut url);
    assert_eq!(
        whatwg::get(&url, Attribute::Search),
        "?key=e1f7bc78&q=%F0%9F%8F%B3%EF%B8%8F%E2%80%8D%F0%9F%8C%88"
    );
}

#[test]
fn blob_origins_are_their_inner_urls() {
    let origin = |s: &str| whatwg::origin(&whatwg::parse(s, None).unwrap());
    assert_eq!(
        origin("blob:https://whatwg.org/d0360e2f-caee-469f-9a2f-87d5b0456f6f").to_string(),
        "https://whatwg.org"
    );
    assert_eq!(
        origin("blob:http://h.example:8080/x").to_string(),
        "http://h.example:8080"
    );
    // Only http and https inner URLs give a tuple origin.
    assert_eq!(origin("blob:ftp://h/x"), Origin::Opaque);
    assert_eq!(origin("blob:file:///x"), Origin::Opaque);
    assert_eq!(origin("blob:not a url"), Origin::Opaque);
    assert_eq!(origin("ws://h:80/").to_string(), "ws://h");
    assert_eq!(origin("gopher://h/").to_string(), "null");
}

#[test]
fn parse_options_borrow_only_a_serialization() {
    let o = ParseOptions::new().dialect(Dialect::Whatwg);
    let url = o.parse("https://h.example/a?b#c").unwrap();
    assert_eq!(url.host(), Some("h.example"));
    assert_eq!(url.dialect(), Dialect::Whatwg);
    let e = o.parse("HTTPS://h.example/").unwrap_err();
    assert_eq!(e.kind(), ParseErrorKind::NotSerialized);
    let owned = Url::parse_with(o, "HTTPS://h.example/").unwrap();
    assert_eq!(owned.as_str(), "https://h.example/");
    // Strict: any validation error is the error.
    let strict = o.strict(true);
    assert_eq!(
        Url::parse_with(strict, "https://h.example/a b")
            .unwrap_err()
            .rule(),
        "invalid-URL-unit"
    );
    assert!(Url::parse_with(strict, "https://h.example/a%20b").is_ok());
}

#[test]
fn setters_follow_the_standard() {
    let mut url = whatwg::parse("http://u:p@h.example:8080/a/b?q#f", None).unwrap();
    whatwg::set(&mut url, Attribute::Port, "80").unwrap();
    assert_eq!(url.as_str(), "http://u:p@h.example/a/b?q#f");
    whatwg::set(&mut url, Attribute::Hostname, "new.example:99").unwrap();
    assert_eq!(
        url.as_str(),
        "http://u:p@h.example/a/b?q#f",
        "a hostname with a port is refused"
    );
    whatwg::set(&mut url, Attribute::Host, "new.example:99").unwrap();
    assert_eq!(url.as_str(), "http://u:p@new.example:99/a/b?q#f");
    whatwg::set(&mut url, Attribute::Protocol, "https").unwrap();
    whatwg::set(&mut url, Attribute::Username, "a b").unwrap();
    whatwg::set(&mut url, Attribute::Search, "").unwrap();
    whatwg::set(&mut url, Attribute::Hash, "#x y").unwrap();
    assert_eq!(url.as_str(), "https://a%20b:p@new.example:99/a/b#x%20y");
    assert!(whatwg::set(&mut url, Attribute::Href, "no scheme").is_err());
    assert!(whatwg::set(&mut url, Attribute::Origin, "https://x").is_err());
    // An opaque path takes no host or path.
    let mut m = whatwg::parse("mailto:a@b", None).unwrap();
    whatwg::set(&mut m, Attribute::Host, "h").unwrap();
    whatwg::set(&mut m, Attribute::Pathname, "x").unwrap();
    assert_eq!(m.as_str(), "mailto:a@b");
}

#[test]
fn a_url_of_another_dialect_is_read_by_its_serialization() {
    let rfc = Url::parse("HTTP://H.example:80/a/../b").unwrap();
    assert_eq!(whatwg::get(&rfc, Attribute::Href), "http://h.example/b");
    let base = Url::parse("http://h/dir/x").unwrap();
    assert_eq!(
        whatwg::parse("y\\z", Some(&base)).unwrap().as_str(),
        "http://h/dir/y/z"
    );
}

#[test]
fn can_parse_and_join_use_the_api_url_parser() {
    assert!(whatwg::can_parse("https://h/", None));
    assert!(whatwg::can_parse("x", Some("https://h/")));
    assert!(!whatwg::can_parse("x", Some("not a base")));
    assert!(!whatwg::can_parse("x", Some("mailto:opaque")));
    assert!(whatwg::can_parse("#f", Some("mailto:opaque")));
    assert_eq!(
        whatwg::join(Some("mailto:a@b?q"), "#f").unwrap().as_str(),
        "mailto:a@b?q#f"
    );
}

#[test]
fn no_input_panics() {
    // Inputs around every state's edges; none may panic, and each
    // serialization parses back to itself (the Standard's idempotence).
    let pieces = [
        "",
        ":",
        "/",
        "\\",
        "//",
        "?",
        "#",
        "@",
        "[",
        "]",
        ":@",
        "%",
        "%2e",
        ".",
        "..",
        "C:",
        "c|",
        "localhost",
        "0x",
        "1.2.3.4.5",
        "[::",
        "é",
        " ",
        "\t",
        "\u{0}",
    ];
    for scheme in ["http:", "file:", "sc:", "", "ws:"] {
        for a in pieces {
            for b in pieces {
                for c in pieces {
                    let input = format!("{scheme}{a}{b}{c}");
                    if let Ok(u) = whatwg::parse(&input, None) {
                        let again = whatwg::parse(u.as_str(), None)
                            .unwrap_or_else(|e| panic!("{input:?} -> {} -> {e}", u.as_str()));
                        assert_eq!(again.as_str(), u.as_str(), "{input:?}");
                    }
                    let base = whatwg::parse("file:///C:/dir/x", None).unwrap();
                    let _ = whatwg::parse(&input, Some(&base));
                }
            }
        }
    }
}

/// Every component of `url`, for comparing two parses of one input.
fn parts(url: &Url) -> Vec<Option<String>> {
    use uniform::Component as C;
    [
        C::Scheme,
        C::User,
        C::Password,
        C::Host,
        C::Port,
        C::Path,
        C::Query,
        C::Fragment,
    ]
    .into_iter()
    .map(|c| url.component(c).map(String::from))
    .chain([
        url.port().map(|p| p.to_string()),
        Some(url.has_authority().to_string()),
    ])
    .collect()
}

#[test]
fn the_one_pass_copy_is_the_machine_s_serialization() {
    // whatwg::parse takes the one-pass copy where it can;
    // parse_with_warnings always runs the machine. Both must give the
    // same URL, component by component, on every real URL at hand and on
    // inputs at the copy's edges; and can_parse, which decides most
    // inputs from their head, the same answer as the machine.
    let corpus = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/corpus");
    let mut inputs: Vec<String> = [
        "http://h",
        "HTTP://H.Example:80",
        "https://h:0443/",
        "https://h:443/a?b#c",
        "ws://h:80/",
        "wss://h:8443?x",
        "ftp://h:21/a/./b",
        "http://h/a/%2E/b",
        "http://h/a/%2e%2E",
        "http://h/..",
        "http://xn--53h.example/",
        "http://Xn--a.b/",
        "http://1.2.3.4/",
        "http://0x7f.1/",
        "http://h.1/",
        "http://h/a b",
        "http://h/a|b",
        "http://h/?a'b",
        "http://h/#a`b",
        "http://h:/",
        "http://h:65536/",
        "http://a_b.example/",
        "http://h/é",
        "http://u@h/",
        "http://[::1]/",
        "http:///h",
        "http:\\\\h\\a",
        "http://h\\a",
        " http://h/",
        "http://h/\t",
        "http://h:8080path",
        "http://h/a/b/",
        "http://h.",
        "http://h..",
        "http://.h/",
        // can_parse reads only the scheme and authority of these: what
        // follows never fails the parse, whatever it holds.
        "http://h/%zz/\u{0}/a b?\u{7f}#\u{1F600}",
        "https://h:65535?x y",
        "http://h#",
        "http://h:99999/",
        "http://h:8x/",
        "http://h@/",
        "http://h\\a@b/",
        "http://h%41/",
        "http://h\u{0}/",
        "http://h|x/",
        "http://1.2.3.256/a b",
        "http://09/",
        "http://xn--/",
        "http://h.xn--zz/",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    let mut read = 0;
    for name in ["kasztp.txt", "localdocs_links.txt"] {
        if let Ok(text) = std::fs::read_to_string(corpus.join(name)) {
            read += 1;
            inputs.extend(text.lines().map(String::from));
        }
    }
    if read == 0 {
        uniform_testkit::Skip::new("../shared/corpus not found: the edge inputs only").record();
    }
    for input in &inputs {
        let fast = whatwg::parse(input, None);
        let machine = whatwg::parse_with_warnings(input, None, &mut Vec::new());
        match (fast, machine) {
            (Ok(a), Ok(b)) => {
                assert_eq!(a.as_str(), b.as_str(), "{input:?}");
                assert_eq!(parts(&a), parts(&b), "{input:?}");
            }
            (Err(a), Err(b)) => assert_eq!(a, b, "{input:?}"),
            (a, b) => panic!("{input:?}: {a:?} against {b:?}"),
        }
        assert_eq!(
            whatwg::can_parse(input, None),
            whatwg::parse_with_warnings(input, None, &mut Vec::new()).is_ok(),
            "{input:?}"
        );
    }
}

/// Special-scheme URL-shaped strings with what the one-pass copy and
/// can_parse must hand to the machine: credentials, ports, IP-like and
/// xn-- hosts, encodable bytes, dot segments, `\`, tabs and controls.
fn special_urlish() -> impl proptest::strategy::Strategy<Value = String> {
    use proptest::prelude::*;
    let piece = prop_oneof![
        Just("/".to_string()),
        Just("\\".to_string()),
        Just("@".to_string()),
        Just(":".to_string()),
        Just("?".to_string()),
        Just("#".to_string()),
        Just(".".to_string()),
        Just("%2e".to_string()),
        Just("%".to_string()),
        Just("xn--".to_string()),
        Just("0x".to_string()),
        Just("\t".to_string()),
        Just(" ".to_string()),
        Just("[".to_string()),
        "[a-zA-Z0-9_-]{0,6}",
        "[0-9]{1,6}",
        "\\PC{0,2}",
    ];
    let scheme = prop_oneof![
        Just("http://"),
        Just("HTTPS://"),
        Just("ws://"),
        Just("wss:"),
        Just("ftp://"),
        Just("http:/"),
    ];
    (scheme, proptest::collection::vec(piece, 0..12))
        .prop_map(|(s, p)| format!("{s}{}", p.concat()))
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(4000))]

    #[test]
    fn the_fast_paths_answer_as_the_machine(s in special_urlish()) {
        let machine = whatwg::parse_with_warnings(&s, None, &mut Vec::new());
        proptest::prop_assert_eq!(whatwg::can_parse(&s, None), machine.is_ok(), "{:?}", s);
        let fast = whatwg::parse(&s, None);
        match (fast, machine) {
            (Ok(a), Ok(b)) => {
                proptest::prop_assert_eq!(a.as_str(), b.as_str());
                proptest::prop_assert_eq!(parts(&a), parts(&b));
            }
            (Err(a), Err(b)) => proptest::prop_assert_eq!(a, b),
            (a, b) => proptest::prop_assert!(false, "{:?}: {:?} against {:?}", s, a, b),
        }
    }
}
