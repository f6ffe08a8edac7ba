//! Any bytes, every dialect, strict and lenient: parsing never panics, and
//! what it returns is consistent.
//!
//! - On success the owned URL passes `check_invariants` (offsets in order,
//!   on character boundaries, and the same on reparse), and every accessor
//!   slices without panicking.
//! - An error's offset is at most the input's length. A fault that names a
//!   byte (`byte()` is `Some`) is at that byte: its offset is less than the
//!   length and the input holds that byte there. A fault that names no
//!   byte says something is missing (`http:` lacks `//` at byte 5,
//!   `http://h.` has an empty label at byte 9): its offset may be the
//!   length.
//! - The fast path (lenient, warnings dropped) gives the same result as the
//!   lenient parse that keeps its warnings, which runs every check.
//! - Strict and lenient agree: a strict error is the first fault the
//!   lenient parse reports (as a warning, or as its own error), and a
//!   strict success is a lenient success with the same components.
#![no_main]

use libfuzzer_sys::fuzz_target;
use uniform::{Dialect, MAX_WARNINGS, ParseError, ParseErrorKind, ParseOptions, UrlRef};

const DIALECTS: [Dialect; 3] = [Dialect::Rfc1738, Dialect::Rfc1630, Dialect::Rfc3986];

/// How many warnings of one parse have their message formatted: formatting
/// all of up to `MAX_WARNINGS` would take most of each run.
const FORMATTED: usize = 4;

fuzz_target!(|data: &[u8]| {
    for d in DIALECTS {
        for strict in [false, true] {
            let opts = ParseOptions::new().dialect(d).strict(strict);
            match opts.parse_bytes(data) {
                Ok(url) => check_url(&url, d),
                Err(e) => check_error(&e, data, d, true),
            }
        }
        if let Ok(s) = std::str::from_utf8(data) {
            check_modes_agree(s, d);
        }
    }
});

fn check_url(url: &UrlRef<'_>, d: Dialect) {
    assert_eq!(url.dialect(), d);
    let owned = url.to_url();
    owned.check_invariants();
    // Each accessor slices the text by the offsets: none may panic.
    let parts = (
        url.scheme(),
        url.scheme_specific_part(),
        url.authority(),
        url.user(),
        url.password(),
        url.user_decoded(),
        url.password_decoded(),
        url.host(),
        url.hostname(),
        url.port(),
        url.port_str(),
        url.path(),
        url.path_with_slash(),
        url.query(),
        url.fragment(),
        url.without_fragment(),
    );
    std::hint::black_box(parts);
    assert!(url.as_str().starts_with(url.scheme()));
    assert!(url.as_str().starts_with(url.without_fragment()));
    if let Some(p) = url.port() {
        assert_eq!(url.port_str().map(str::parse::<u16>), Some(Ok(p)));
    }
    if url.host().is_some() {
        assert!(url.has_authority());
    }
}

fn check_error(e: &ParseError, input: &[u8], d: Dialect, format: bool) {
    let (at, len) = (e.offset(), input.len());
    assert!(at <= len, "offset {at} past the input's {len} bytes: {e}");
    // MissingScheme is reported at byte 0 with the byte that showed the
    // scheme is missing, wherever that byte is.
    if let Some(b) = e
        .byte()
        .filter(|_| e.kind() != ParseErrorKind::MissingScheme)
    {
        assert_eq!(
            input.get(at),
            Some(&b),
            "the fault's byte is not at its offset: {e}"
        );
    }
    assert_eq!(e.dialect(), d);
    assert!(!e.rule().is_empty());
    if format {
        let msg = e.to_string();
        assert!(msg.contains(e.section()), "{msg}");
    }
}

fn check_warning(w: &ParseError, input: &[u8], d: Dialect, format: bool) {
    assert!(!w.kind().is_fatal(), "a fatal fault as a warning: {w}");
    check_error(w, input, d, format);
}

fn check_modes_agree(s: &str, d: Dialect) {
    let lenient = ParseOptions::new().dialect(d);
    let strict = lenient.strict(true);
    let fast = lenient.parse(s);
    let mut warnings = Vec::new();
    let listened = lenient.parse_with_warnings(s, &mut warnings);
    assert_eq!(
        fast, listened,
        "the fast path differs from the checked one on {s:?}"
    );
    assert!(warnings.len() <= MAX_WARNINGS);
    for (k, w) in warnings.iter().enumerate() {
        check_warning(w, s.as_bytes(), d, k < FORMATTED);
    }
    // The first fault strict mode stops at: UndefinedSyntax and advice
    // (a port past 65535 under RFC 3986) never stop it.
    let first_fault = warnings
        .iter()
        .find(|w| w.kind() != ParseErrorKind::UndefinedSyntax && !w.is_advice());
    match (strict.parse(s), first_fault) {
        (Ok(url), None) => assert_eq!(Ok(url), listened, "strict and lenient differ on {s:?}"),
        (Ok(_), Some(w)) => panic!("strict accepts {s:?}, lenient warns: {w}"),
        (Err(e), Some(w)) => assert_eq!(
            &e, w,
            "strict stops elsewhere than the first warning on {s:?}"
        ),
        (Err(e), None) => assert_eq!(
            Err(e),
            listened,
            "strict fails, lenient has no warning on {s:?}"
        ),
    }
}
