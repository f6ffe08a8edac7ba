//! Properties of parsing, canonical forms, equivalence and
//! percent-encoding, for arbitrary input and for generated URL-like input,
//! in every dialect and both strictnesses.

use proptest::prelude::*;
use uniform::pct::{self, EncodeSet};
use uniform::{Dialect, ParseError, ParseErrorKind, ParseOptions, Url, UrlRef};

const DIALECTS: [Dialect; 3] = [Dialect::Rfc1738, Dialect::Rfc1630, Dialect::Rfc3986];

fn config(cases: u32) -> ProptestConfig {
    // Failures are reported, not written beside the sources.
    ProptestConfig {
        cases,
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

fn dialect() -> impl Strategy<Value = Dialect> {
    prop_oneof![
        Just(Dialect::Rfc1738),
        Just(Dialect::Rfc1630),
        Just(Dialect::Rfc3986)
    ]
}

/// The text of `url` put back together from its accessors.
fn reassemble(url: &UrlRef<'_>) -> String {
    let mut s = format!("{}:", url.scheme());
    if let Some(a) = url.authority() {
        s.push_str("//");
        s.push_str(a);
    }
    s.push_str(url.path_with_slash());
    if let Some(q) = url.query() {
        s.push('?');
        s.push_str(q);
    }
    if let Some(f) = url.fragment() {
        s.push('#');
        s.push_str(f);
    }
    s
}

/// The authority put back together from user, password, host and port.
fn reassemble_login(url: &UrlRef<'_>) -> Option<String> {
    url.authority()?;
    let mut s = String::new();
    if let Some(u) = url.user() {
        s.push_str(u);
        if let Some(p) = url.password() {
            s.push(':');
            s.push_str(p);
        }
        s.push('@');
    } else {
        assert!(url.password().is_none(), "a password without a user name");
    }
    s.push_str(url.host().unwrap_or_default());
    if let Some(p) = url.port_str() {
        s.push(':');
        s.push_str(p);
    }
    Some(s)
}

/// What must hold of every URL that parses, however it was written.
fn check_parsed(input: &str, url: &UrlRef<'_>, d: Dialect) -> Result<(), TestCaseError> {
    prop_assert_eq!(url.as_str(), input);
    prop_assert_eq!(url.dialect(), d);
    prop_assert_eq!(reassemble(url), input);
    let login = reassemble_login(url);
    prop_assert_eq!(login.as_deref(), url.authority());
    prop_assert_eq!(
        url.scheme_specific_part(),
        &input[url.scheme().len() + 1..input.len() - url.fragment().map_or(0, |f| f.len() + 1)]
    );
    if let (Some(p), Some(s)) = (url.port(), url.port_str()) {
        prop_assert_eq!(s.parse::<u32>().ok(), Some(u32::from(p)));
    }
    prop_assert_eq!(url.port_or_default(), url.port().or(url.default_port()));
    if let Some(h) = url.hostname() {
        let host = url.host().unwrap_or_default();
        if url.host_is_ip_literal() {
            prop_assert_eq!(format!("[{h}]"), host);
        } else {
            prop_assert_eq!(h, host);
        }
    }
    if let Some(p) = url.path() {
        prop_assert!(url.path_with_slash().ends_with(p));
    }
    if let Some(u) = url.user_decoded() {
        prop_assert_eq!(
            &*u,
            &*pct::decode(url.user().unwrap_or_default().as_bytes())
        );
    }

    let owned = Url::parse_with(ParseOptions::new().dialect(d), input);
    prop_assert!(
        owned.is_ok(),
        "Url::parse_with fails where UrlRef parsed: {:?}",
        owned
    );
    let owned = owned.unwrap();
    owned.check_invariants();
    prop_assert_eq!(owned.as_str(), input);

    // The canonical form is a URL of the same dialect, its own canonical
    // form, and equivalent to the URL.
    let canon = url.canonical();
    let again = ParseOptions::new().dialect(d).parse(&canon);
    prop_assert!(
        again.is_ok(),
        "canonical {:?} of {:?} does not reparse: {:?}",
        canon,
        input,
        again
    );
    let again = again.unwrap();
    prop_assert_eq!(
        again.canonical(),
        canon.clone(),
        "canonical form of {:?} is not idempotent",
        input
    );
    prop_assert!(url.equivalent(&again) && again.equivalent(url));
    prop_assert!(url.equivalent(url));
    let normalized = owned.normalize();
    prop_assert_eq!(normalized.as_str(), canon.as_str());
    normalized.check_invariants();
    check_reserved_kept(url, &again)?;
    Ok(())
}

/// The characters reserved in any of the three grammars (RFC 1738 section
/// 2.2, RFC 1630 "Reserved characters", RFC 3986 section 2.2): written
/// out here, not taken from the library, so that the property does not
/// follow the code it checks.
const RESERVED_ANYWHERE: &[u8] = b":/?#[]@!$&'()*+,;=";

/// How many escapes of each reserved octet `s` holds, read as the library
/// reads escapes: a `%` and two hex digits, a lone `%` being data.
fn reserved_escapes(s: &str) -> [u32; 256] {
    let b = s.as_bytes();
    let mut n = [0; 256];
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'%'
            && let (Some(h), Some(l)) = (
                b.get(i + 1).and_then(|c| (*c as char).to_digit(16)),
                b.get(i + 2).and_then(|c| (*c as char).to_digit(16)),
            )
        {
            let v = (h * 16 + l) as usize;
            if RESERVED_ANYWHERE.contains(&(v as u8)) {
                n[v] += 1;
            }
            i += 3;
        } else {
            i += 1;
        }
    }
    n
}

/// Whether a path has a segment that is "." or ".." once "%2E" is read as
/// a dot: RFC 3986's normalization removes it with whatever it held.
fn has_dot_segment(path: &str) -> bool {
    path.split('/').any(|seg| {
        let dots = seg.replace("%2E", ".").replace("%2e", ".");
        dots == "." || dots == ".."
    })
}

/// Normalization decodes no reserved octet (issue 16): every escape of a
/// reserved character in the URL is in its canonical form, in upper-case
/// hex, and the form has no other such escape but those of reserved
/// characters it had to encode. Under RFC 3986 a path with dot-segments
/// loses segments (section 6.2.2.3), so there the path is left out of the
/// count.
fn check_reserved_kept(url: &UrlRef<'_>, canon: &UrlRef<'_>) -> Result<(), TestCaseError> {
    let mut before = reserved_escapes(url.as_str());
    let mut after = reserved_escapes(canon.as_str());
    if url.dialect() == Dialect::Rfc3986 && has_dot_segment(url.path_with_slash()) {
        let (p, q) = (
            reserved_escapes(url.path_with_slash()),
            reserved_escapes(canon.path_with_slash()),
        );
        for o in 0..256 {
            before[o] -= p[o];
            after[o] -= q[o];
        }
    }
    for &o in RESERVED_ANYWHERE {
        let literal = url.as_str().bytes().filter(|&b| b == o).count() as u32;
        let (b, a) = (before[o as usize], after[o as usize]);
        prop_assert!(
            a >= b && a <= b + literal,
            "{:?} ({:?}) has {} escapes of {:?}, its canonical form {:?} {}",
            url.as_str(),
            url.dialect(),
            b,
            o as char,
            canon.as_str(),
            a
        );
    }
    Ok(())
}

fn parse_all_ways(input: &str) -> Result<(), TestCaseError> {
    for d in DIALECTS {
        let mut warnings = Vec::new();
        let lenient = ParseOptions::new()
            .dialect(d)
            .parse_with_warnings(input, &mut warnings);
        let strict = ParseOptions::new().dialect(d).strict(true).parse(input);
        let quiet = ParseOptions::new().dialect(d).parse(input);
        prop_assert!(warnings.len() <= uniform::MAX_WARNINGS);
        for w in &warnings {
            prop_assert!(w.offset() <= input.len(), "warning {w:?} beyond the input");
            prop_assert!(!w.to_string().is_empty());
        }
        match (&lenient, &strict) {
            (Ok(u), Ok(s)) => {
                prop_assert_eq!(u, s, "strict and lenient split {:?} differently", input);
            }
            (Ok(_), Err(e)) => {
                // Strict mode lets the notes on undefined schemes and
                // advice (a port past 65535, IDNA under RFC 3986) pass.
                let first = warnings
                    .iter()
                    .find(|w| w.kind() != ParseErrorKind::UndefinedSyntax && !w.is_advice());
                prop_assert_eq!(
                    Some(e),
                    first,
                    "the strict error is the first lenient warning of {:?}",
                    input
                );
            }
            (Err(e), Err(s)) => {
                // Strict mode stops at the first violation, which may come
                // before the fault that ends the lenient parse.
                let first = warnings
                    .iter()
                    .find(|w| w.kind() != ParseErrorKind::UndefinedSyntax && !w.is_advice())
                    .unwrap_or(e);
                prop_assert_eq!(first, s, "strict error of {:?}", input);
            }
            (Err(e), Ok(_)) => {
                prop_assert!(false, "lenient fails ({e}) where strict parses {input:?}")
            }
        }
        prop_assert_eq!(lenient.is_ok(), quiet.is_ok());
        if let Ok(u) = &lenient {
            check_parsed(input, u, d)?;
        }
        if let Err(e) = &lenient {
            prop_assert!(e.offset() <= input.len());
        }
    }
    Ok(())
}

// ---------------------------------------------------------------- URL-like input

/// One character of a component, or an escape, or a fault.
fn piece(chars: &'static str) -> impl Strategy<Value = String> {
    prop_oneof![
        6 => proptest::sample::select(chars.chars().collect::<Vec<_>>()).prop_map(String::from),
        2 => "%[0-9A-Fa-f]{2}",
        1 => proptest::sample::select(vec![" ", "<", "~", "%", "%4", "|", "é", "\u{7f}", "\t"]).prop_map(String::from),
    ]
}

/// Component text dense in escapes of reserved characters, upper and
/// lower case, among unreserved escapes and literal characters.
fn text_with_reserved_escapes() -> impl Strategy<Value = String> {
    let piece = prop_oneof![
        4 => (proptest::sample::select(RESERVED_ANYWHERE.to_vec()), any::<bool>())
            .prop_map(|(b, lower)| {
                let e = format!("%{b:02X}");
                if lower { e.to_ascii_lowercase() } else { e }
            }),
        2 => proptest::sample::select(vec!["%41", "%2D", "%2e", "%5F", "%7E", "%7e", "%25", "%"])
            .prop_map(String::from),
        3 => proptest::sample::select("abZ09-._~+=&;:!$".chars().collect::<Vec<_>>())
            .prop_map(String::from),
    ];
    prop::collection::vec(piece, 0..8).prop_map(|v| v.concat())
}

fn text(chars: &'static str, max: usize) -> impl Strategy<Value = String> {
    prop::collection::vec(piece(chars), 0..max).prop_map(|v| v.concat())
}

fn scheme() -> impl Strategy<Value = String> {
    prop_oneof![
        proptest::sample::select(vec![
            "http", "HTTP", "https", "ftp", "Ftp", "gopher", "news", "nntp", "telnet", "wais",
            "file", "prospero", "mailto", "afs", "urn", "x-my", "foo"
        ])
        .prop_map(String::from),
        "[a-z][a-z0-9.-]{0,6}",
    ]
}

fn host() -> impl Strategy<Value = String> {
    prop_oneof![
        4 => prop::collection::vec("[a-zA-Z0-9]([a-zA-Z0-9-]{0,3}[a-zA-Z0-9])?", 1..4).prop_map(|v| v.join(".")),
        2 => (0u16..300, 0u16..300, 0u16..300, 0u16..300).prop_map(|(a, b, c, d)| format!("{a}.{b}.{c}.{d}")),
        1 => proptest::sample::select(vec!["[::1]", "[2001:db8::7]", "[v7.x:y]", "[1::2::3]", "[::ffff:1.2.3.4]"])
            .prop_map(String::from),
        1 => text("abc019-._~!$&'()*+,;=", 6),
        1 => Just(String::new()),
    ]
}

/// A generated URL and the components it was built from.
#[derive(Debug, Clone)]
struct Built {
    text: String,
    scheme: String,
    user: Option<String>,
    password: Option<String>,
    host: String,
    port: Option<String>,
    segments: Option<Vec<String>>,
    query: Option<String>,
    fragment: Option<String>,
}

prop_compose! {
    fn built()(
        scheme in scheme(),
        user in prop::option::of(text(concat!("abcXYZ019", "$-_.+!*'(),;&="), 6)),
        password in prop::option::of(text("abcXYZ019$-_.+!*'(),;&=:", 6)),
        host in host(),
        port in prop::option::of(prop_oneof![Just(String::new()), any::<u16>().prop_map(|p| p.to_string()), (0u16..100).prop_map(|p| format!("0{p}"))]),
        segments in prop::option::of(prop::collection::vec(text("abcXYZ019$-_.+!*'(),;:@&=", 5), 0..4)),
        query in prop::option::of(text("abc019$-_.+!*'(),;:@&=/?", 6)),
        fragment in prop::option::of(text("abc019$-_.+!*'(),;:@&=/?#", 6)),
    ) -> Built {
        // A password needs a user name before it.
        let password = user.as_ref().and(password);
        let mut text = format!("{scheme}://");
        if let Some(u) = &user {
            text.push_str(u);
            if let Some(p) = &password {
                text.push(':');
                text.push_str(p);
            }
            text.push('@');
        }
        text.push_str(&host);
        if let Some(p) = &port {
            text.push(':');
            text.push_str(p);
        }
        if let Some(s) = &segments {
            text.push('/');
            text.push_str(&s.join("/"));
        }
        if let Some(q) = &query {
            text.push('?');
            text.push_str(q);
        }
        if let Some(f) = &fragment {
            text.push('#');
            text.push_str(f);
        }
        Built { text, scheme, user, password, host, port, segments, query, fragment }
    }
}

fn check_built(b: &Built, d: Dialect) -> Result<(), TestCaseError> {
    let mut warnings: Vec<ParseError> = Vec::new();
    let url = ParseOptions::new()
        .dialect(d)
        .parse_with_warnings(&b.text, &mut warnings);
    let url = match url {
        Ok(u) => u,
        Err(e) => {
            // Only the faults that leave nothing to read end a lenient parse.
            prop_assert!(
                e.kind().is_fatal() || e.kind() == ParseErrorKind::BadHost,
                "{:?} fails under {:?}: {}",
                b.text,
                d,
                e
            );
            return Ok(());
        }
    };
    // In mailto, news, mid and cid "//" starts no authority (RFC 1738
    // section 3.5, RFC 1630 News), except in RFC 3986's generic syntax.
    let opaque = ["mailto", "news", "mid", "cid"].contains(&b.scheme.to_ascii_lowercase().as_str());
    if opaque && d != Dialect::Rfc3986 {
        prop_assert!(!url.has_authority());
        prop_assert_eq!(url.host(), None);
        prop_assert!(url.path().is_some_and(|p| p.starts_with("//")));
        return Ok(());
    }
    // Under RFC 1738 a "?" ends the authority and the url-path only in the
    // schemes that have a search part; where it does not, a generated
    // query is part of the path.
    let has_search = d.has_search(url.scheme_kind());
    if !has_search && b.segments.is_none() && b.query.is_some() {
        // With no "/" before it, that "?" is part of the authority: the
        // URL no longer has the shape it was built with (the generic
        // properties still hold, and are checked).
        return Ok(());
    }
    prop_assert_eq!(url.scheme(), b.scheme.as_str());
    prop_assert_eq!(url.user(), b.user.as_deref());
    prop_assert_eq!(url.password(), b.password.as_deref());
    prop_assert_eq!(url.host(), Some(b.host.as_str()));
    prop_assert_eq!(url.port_str(), b.port.as_deref());
    prop_assert_eq!(url.port(), b.port.as_deref().and_then(|p| p.parse().ok()));
    let joined = b.segments.as_ref().map(|s| s.join("/"));
    if has_search {
        prop_assert_eq!(url.path(), joined.as_deref());
        prop_assert_eq!(url.query(), b.query.as_deref());
    } else {
        let q = b
            .query
            .as_ref()
            .map(|q| format!("?{q}"))
            .unwrap_or_default();
        let want = joined.map(|p| format!("{p}{q}"));
        prop_assert_eq!(url.path(), want.as_deref());
        prop_assert_eq!(url.query(), None);
    }
    prop_assert_eq!(url.fragment(), b.fragment.as_deref());
    prop_assert_eq!(url.host_is_ip_literal(), b.host.starts_with('['));
    Ok(())
}

proptest! {
    #![proptest_config(config(3000))]

    /// Any text: no panic, and every URL that parses meets the invariants.
    #[test]
    fn arbitrary_text(s in "\\PC{0,48}") {
        parse_all_ways(&s)?;
    }

    /// Text made of the characters that delimit components.
    #[test]
    fn delimiter_soup(s in "[a-z]{1,3}:[/:@?#\\[\\]%a-f0-9. ~]{0,24}") {
        parse_all_ways(&s)?;
    }

    /// Any bytes: parse_bytes never panics, and refuses what is not UTF-8.
    #[test]
    fn arbitrary_bytes(b in prop::collection::vec(any::<u8>(), 0..48), d in dialect(), strict in any::<bool>()) {
        let r = ParseOptions::new().dialect(d).strict(strict).parse_bytes(&b);
        match std::str::from_utf8(&b) {
            Ok(s) => prop_assert_eq!(r, ParseOptions::new().dialect(d).strict(strict).parse(s)),
            Err(e) => {
                let err = r.unwrap_err();
                prop_assert_eq!(err.kind(), ParseErrorKind::NotUtf8);
                prop_assert_eq!(err.offset(), e.valid_up_to());
            }
        }
    }

    /// URL-like text: the parts come back as they were built, and the
    /// invariants hold.
    #[test]
    fn url_like(b in built()) {
        for d in DIALECTS {
            check_built(&b, d)?;
        }
        parse_all_ways(&b.text)?;
    }

    /// Escapes of reserved characters, in either hex case, in every
    /// component: the canonical form keeps each one (`check_parsed`), and
    /// `+` is never `%2B`.
    #[test]
    fn reserved_escapes_are_kept(
        scheme in scheme(),
        user in text_with_reserved_escapes(),
        host in "[a-z]{1,4}",
        path in text_with_reserved_escapes(),
        query in text_with_reserved_escapes(),
        fragment in text_with_reserved_escapes(),
    ) {
        let input = format!("{scheme}://{user}@{host}/{path}?{query}#{fragment}");
        parse_all_ways(&input)?;
        let plus = format!("{scheme}://{host}/{path}+?{query}+#{fragment}+");
        let escaped = plus.replace('+', "%2B");
        for d in DIALECTS {
            let o = ParseOptions::new().dialect(d);
            if let (Ok(x), Ok(y)) = (o.parse(&plus), o.parse(&escaped)) {
                prop_assert!(!x.equivalent(&y), "{:?} and {:?} under {:?}", plus, escaped, d);
            }
        }
    }

    /// Equivalence is symmetric, and two URLs with the same canonical form
    /// are equivalent.
    #[test]
    fn equivalence_is_symmetric(a in built(), b in built(), d in dialect()) {
        let o = ParseOptions::new().dialect(d);
        if let (Ok(x), Ok(y)) = (o.parse(&a.text), o.parse(&b.text)) {
            prop_assert_eq!(x.equivalent(&y), y.equivalent(&x));
            prop_assert_eq!(x.equivalent(&y), x.canonical() == y.canonical());
            prop_assert!(x.equivalent(&x));
        }
    }

    /// Spelling a URL with other escapes of its unreserved characters does
    /// not change it.
    #[test]
    fn escaping_unreserved_keeps_equivalence(b in built(), d in dialect()) {
        let o = ParseOptions::new().dialect(d);
        let Ok(x) = o.parse(&b.text) else { return Ok(()) };
        // Encode the letters of the path (unreserved in every dialect, and
        // never delimiters), except the two characters after a "%", so
        // that every escape, good or bad, stays what it was.
        let at = x.scheme().len() + 1 + x.authority().map_or(0, |a| a.len() + 2);
        let path = x.path_with_slash();
        let chars: Vec<char> = path.chars().collect();
        let encoded: String = chars
            .iter()
            .enumerate()
            .map(|(i, &c)| {
                let after_percent = (i >= 1 && chars[i - 1] == '%') || (i >= 2 && chars[i - 2] == '%');
                if c.is_ascii_alphabetic() && !after_percent { format!("%{:02X}", c as u32) } else { c.to_string() }
            })
            .collect();
        let other = format!("{}{}{}", &b.text[..at], encoded, &b.text[at + path.len()..]);
        let y = o.parse(&other);
        prop_assert!(y.is_ok(), "{:?}", other);
        let y = y.unwrap();
        prop_assert!(x.equivalent(&y), "{:?} and {:?}: {:?} vs {:?}", b.text, other, x.canonical(), y.canonical());
    }

    /// decode(encode(bytes, set)) == bytes for every named set, and the
    /// encoding holds only what the set lets stand, and escapes of what it
    /// does not.
    #[test]
    fn encode_round_trips(bytes in prop::collection::vec(any::<u8>(), 0..64)) {
        for (name, set) in EncodeSet::NAMES {
            let enc = pct::encode(&bytes, set);
            prop_assert_eq!(&*pct::decode(enc.as_bytes()), &bytes[..], "set {}", name);
            let e = enc.as_bytes();
            let mut i = 0;
            while i < e.len() {
                let c = e[i];
                prop_assert!(c.is_ascii_graphic(), "set {} output {:?} holds {:#04x}", name, enc, c);
                if c == b'%' {
                    let hex = &enc[i + 1..i + 3];
                    prop_assert!(hex.bytes().all(|h| matches!(h, b'0'..=b'9' | b'A'..=b'F')), "set {} escape %{}", name, hex);
                    let v = u8::from_str_radix(hex, 16).unwrap();
                    prop_assert!(set.contains(v), "set {} encodes {:#04x}, which it lets stand", name, v);
                    i += 3;
                } else {
                    prop_assert!(!set.contains(c), "set {} leaves {:?} unencoded", name, c as char);
                    i += 1;
                }
            }
        }
    }

    /// Decoding any text never panics; a `%` that starts no escape stays.
    #[test]
    fn decode_anything(s in "[%0-9a-fA-Fg-z]{0,24}") {
        let d = pct::decode(s.as_bytes());
        prop_assert!(d.len() <= s.len());
        let lossy = pct::decode_utf8_lossy(&s);
        prop_assert!(lossy.len() <= s.len() * 3);
        if !s.contains('%') {
            prop_assert_eq!(&*d, s.as_bytes());
        }
    }
}

#[test]
fn encode_sets_by_name_are_the_named_sets() {
    for (name, set) in EncodeSet::NAMES {
        assert_eq!(EncodeSet::by_name(name), Some(*set));
        assert_eq!(EncodeSet::by_name(&name.to_ascii_uppercase()), Some(*set));
    }
}

/// RFC 1630 "BNF of Generic URI Syntax": `path = void | xpalphas [ / path ]`.
#[test]
fn rfc1630_canonical_form_is_idempotent() {
    let o = ParseOptions::new().dialect(Dialect::Rfc1630);
    for s in [
        "http://a",
        "http://a/",
        "http://info.cern.ch/albert/bertram/marie-claude",
    ] {
        let c = o.parse(s).unwrap().canonical();
        assert_eq!(o.parse(&c).unwrap().canonical(), c, "{s}");
        assert!(!c.contains("%2F"), "{s}: {c}");
    }
}

/// The decoded text of an accessor's value, as a string.
fn decoded(s: Option<&str>) -> Option<String> {
    s.map(|s| String::from_utf8(pct::decode(s.as_bytes()).into_owned()).unwrap())
}

proptest! {
    #![proptest_config(config(256))]

    /// Each encoding setter's result parses, strictly, by the URL's own
    /// dialect, and the getter gives back, decoded, what was set.
    #[test]
    fn setters_round_trip(v in "\\PC{0,16}", d in dialect()) {
        let strict = ParseOptions::new().dialect(d).strict(true);
        let base = |s: &str| Url::parse_with(ParseOptions::new().dialect(d), s).unwrap();
        let reparses = |u: &Url| strict.parse(u.as_str()).map(|_| ());

        let mut u = base("ftp://h/x");
        u.set_user(Some(&v)).unwrap();
        u.set_password(Some(&v)).unwrap();
        prop_assert_eq!(reparses(&u), Ok(()));
        prop_assert_eq!(decoded(u.user()), Some(v.clone()));
        prop_assert_eq!(decoded(u.password()), Some(v.clone()));

        let mut u = base("http://h/x?q#f");
        u.set_path(&v).unwrap();
        prop_assert_eq!(reparses(&u), Ok(()));
        let want = v.strip_prefix('/').unwrap_or(&v).to_string();
        prop_assert_eq!(decoded(u.path()), Some(want));
        u.set_query(Some(&v)).unwrap();
        u.set_fragment(Some(&v)).unwrap();
        prop_assert_eq!(reparses(&u), Ok(()));
        prop_assert_eq!(decoded(u.query()), Some(v.clone()));
        prop_assert_eq!(decoded(u.fragment()), Some(v.clone()));

        let mut u = base("http://h/a/");
        u.push_segment(&v).unwrap();
        prop_assert_eq!(reparses(&u), Ok(()));
        let last = u.path_segments().unwrap().last().map(str::to_string);
        prop_assert_eq!(decoded(last.as_deref()), Some(v.clone()));
        prop_assert_eq!(u.pop_segment().unwrap().as_deref().map(|s| decoded(Some(s))), Some(Some(v.clone())));

        let mut u = base("http://h/?a=1");
        u.append_form_pair(&v, &v).unwrap();
        let (k, val) = u.form_pairs().last().unwrap();
        prop_assert_eq!((k.into_owned(), val.into_owned()), (v.clone(), v.clone()));
    }

    /// Raw setters and the host setter either make a URL that reads back
    /// as written, or refuse and leave the URL as it was; never a panic.
    #[test]
    fn raw_setters_refuse_or_read_back(v in "[ -~]{0,12}", d in dialect()) {
        let base = Url::parse_with(ParseOptions::new().dialect(d), "http://u@h:1/p?q#f").unwrap();
        for c in [
            uniform::Component::Scheme, uniform::Component::User, uniform::Component::Password,
            uniform::Component::Host, uniform::Component::Port, uniform::Component::Path,
            uniform::Component::Query, uniform::Component::Fragment,
        ] {
            let mut u = base.clone();
            match u.set_raw(c, Some(&v)) {
                Err(_) => prop_assert_eq!(u.as_str(), base.as_str()),
                Ok(()) => {
                    let again = Url::parse_with(ParseOptions::new().dialect(d), u.as_str()).unwrap();
                    prop_assert_eq!(again.as_str(), u.as_str());
                    let got = match c {
                        uniform::Component::Scheme => Some(u.scheme()),
                        uniform::Component::User => u.user(),
                        uniform::Component::Password => u.password(),
                        uniform::Component::Host => u.host(),
                        uniform::Component::Port => u.port_str(),
                        uniform::Component::Path => u.path(),
                        uniform::Component::Query => u.query(),
                        _ => u.fragment(),
                    };
                    let want = if c == uniform::Component::Path { v.strip_prefix('/').unwrap_or(&v) } else { &v };
                    prop_assert_eq!(got, Some(want));
                }
            }
        }
    }
}
