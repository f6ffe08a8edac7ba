//! Canonical forms and percent-encoding go round trips.
//!
//! For every dialect, when the bytes parse (leniently):
//! - the canonical form parses again by the same dialect, with the same
//!   components present (authority, user, password, query, fragment; a void
//!   fragment is dropped outside RFC 3986), its
//!   canonical form is itself (idempotence), and it is ASCII;
//! - a URL is equivalent to itself and to its canonical form;
//! - `Url::normalize` gives the canonical form and passes its invariants;
//! - when the bytes are valid strictly, so is their canonical form.
//!
//! For every named `EncodeSet`: `decode(encode(bytes)) == bytes`, and the
//! encoded text holds no byte of the set outside its escapes.
#![no_main]

use libfuzzer_sys::fuzz_target;
use std::borrow::Cow;
use uniform::pct::{EncodeSet, decode, encode};
use uniform::{Dialect, ParseOptions, Url};

const DIALECTS: [Dialect; 3] = [Dialect::Rfc1738, Dialect::Rfc1630, Dialect::Rfc3986];

fuzz_target!(|data: &[u8]| {
    if let Ok(s) = std::str::from_utf8(data) {
        for d in DIALECTS {
            canonical_round_trip(s, d);
        }
    }
    for (name, set) in EncodeSet::NAMES {
        pct_round_trip(data, name, set);
    }
});

fn canonical_round_trip(s: &str, d: Dialect) {
    let lenient = ParseOptions::new().dialect(d);
    let Ok(url) = lenient.parse(s) else { return };
    let c = url.canonical();
    assert!(
        c.is_ascii(),
        "canonical form of {s:?} ({d:?}) is not ASCII: {c:?}"
    );
    let again = match lenient.parse(&c) {
        Ok(u) => u,
        Err(e) => panic!("canonical form {c:?} of {s:?} ({d:?}) does not parse: {e}"),
    };
    // Canonicalization rewrites components, never the structure: decoding
    // "%2F%2F" into "//" would turn a path into an authority.
    let shape = |u: &uniform::UrlRef<'_>| {
        (
            u.scheme_kind(),
            u.has_authority(),
            u.user().is_some(),
            u.password().is_some(),
            u.query().is_some(),
            // RFC 1630 (Fragment-id): a void fragment names the whole object,
            // so the canonical form drops it; RFC 3986 keeps it (6.2.3).
            u.fragment()
                .is_some_and(|f| !f.is_empty() || d == Dialect::Rfc3986),
        )
    };
    assert_eq!(
        shape(&url),
        shape(&again),
        "canonical form {c:?} of {s:?} ({d:?}) has other components"
    );
    let cc = again.canonical();
    assert_eq!(cc, c, "canonical form of {s:?} ({d:?}) is not idempotent");
    assert!(
        url.equivalent(&url),
        "{s:?} ({d:?}) is not equivalent to itself"
    );
    assert!(
        url.equivalent(&again),
        "{s:?} ({d:?}) is not equivalent to its canonical form"
    );

    let owned = Url::parse_with(lenient, s).expect("Url parses what UrlRef parses");
    let normal = owned.normalize();
    assert_eq!(
        normal.as_str(),
        c,
        "normalize() of {s:?} ({d:?}) is not the canonical form"
    );
    normal.check_invariants();

    let strict = lenient.strict(true);
    if strict.parse(s).is_ok()
        && let Err(e) = strict.parse(&c)
    {
        panic!("{s:?} is strictly valid ({d:?}), its canonical form {c:?} is not: {e}");
    }
}

fn pct_round_trip(data: &[u8], name: &str, set: &EncodeSet) {
    let e = encode(data, set);
    let borrowed = matches!(e, Cow::Borrowed(_));
    assert_eq!(
        borrowed,
        !data.iter().any(|&b| set.contains(b)),
        "set {name}: borrowed {borrowed}"
    );
    assert_eq!(
        &*decode(e.as_bytes()),
        data,
        "set {name}: decode(encode(x)) != x"
    );
    let b = e.as_bytes();
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'%' {
            assert!(
                i + 2 < b.len()
                    && b[i + 1..i + 3]
                        .iter()
                        .all(|h| matches!(h, b'0'..=b'9' | b'A'..=b'F')),
                "set {name}: a '%' at {i} of {e:?} starts no upper-case escape"
            );
            i += 3;
        } else {
            assert!(
                !set.contains(b[i]),
                "set {name}: byte {:#04x} left unencoded in {e:?}",
                b[i]
            );
            i += 1;
        }
    }
}
