//! The lenient parse that keeps no warnings skips the checks that could
//! only report (see `parser::parse`): it must give exactly what the
//! checking parse gives, for every input and dialect.

use proptest::prelude::*;
use uniform::{Dialect, ParseOptions};

const DIALECTS: [Dialect; 3] = [Dialect::Rfc1738, Dialect::Rfc1630, Dialect::Rfc3986];

fn agree(input: &str) {
    for d in DIALECTS {
        let o = ParseOptions::new().dialect(d);
        let fast = o.parse(input);
        let mut w = Vec::new();
        let checked = o.parse_with_warnings(input, &mut w);
        match (&fast, &checked) {
            (Ok(a), Ok(b)) => assert_eq!(a, b, "{input:?} under {d:?}"),
            (Err(a), Err(b)) => assert_eq!(a, b, "{input:?} under {d:?}"),
            _ => panic!("{input:?} under {d:?}: fast {fast:?}, checked {checked:?}"),
        }
    }
}

/// URL-shaped strings with the characters that matter to the split.
fn urlish() -> impl Strategy<Value = String> {
    let piece = prop_oneof![
        Just("//".to_string()),
        Just("@".to_string()),
        Just(":".to_string()),
        Just("[".to_string()),
        Just("]".to_string()),
        Just("?".to_string()),
        Just("#".to_string()),
        Just("/".to_string()),
        Just("%".to_string()),
        Just("%4".to_string()),
        Just("%41".to_string()),
        "[a-z0-9.~ -]{0,6}",
        "[0-9]{1,6}",
        "\\PC{0,3}",
    ];
    let scheme = prop_oneof![
        Just("http:"),
        Just("ftp:"),
        Just("gopher:"),
        Just("mailto:"),
        Just("file:"),
        Just("x-y:"),
        Just("1a:"),
        Just(""),
    ];
    (scheme, prop::collection::vec(piece, 0..14)).prop_map(|(s, p)| format!("{s}{}", p.concat()))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(4000))]

    #[test]
    fn fast_and_checked_agree_on_urlish(s in urlish()) {
        agree(&s);
    }

    #[test]
    fn fast_and_checked_agree_on_anything(s in "\\PC{0,40}") {
        agree(&s);
    }
}

#[test]
fn fast_and_checked_agree_on_corners() {
    for s in [
        "http://[::1]:80/",
        "http://[::1]x/",
        "http://a[b]:1/",
        "http://u@[v1.x]:/",
        "ftp://a:b@c:d@h:21/x?y#z",
        "ftp://h:/",
        "ftp://h:99999/",
        "http://h:8a/",
        "http://@/",
        "file:///etc",
        "gopher://h/1a?b#c",
        "x:",
        "http://[/",
    ] {
        agree(s);
    }
}
