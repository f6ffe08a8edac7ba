//! Any two strings as a base and a reference (split at the first NUL), under
//! every rule set: resolution and relativization never panic, and what they
//! return holds together.
//!
//! - `Base::new(base).resolve(r)` is `resolve(base, r)`, and `resolve_into`
//!   appends the same; on error it leaves its buffer as it was.
//! - A resolved URL has a scheme (the base's or the reference's).
//! - Resolution never makes an authority that neither the base nor the
//!   reference had: a result that starts `scheme://` comes from a base or a
//!   reference with `//` of its own (`f:/a` and `.//g` must not give the
//!   host `g`). Under the URL Standard, whose special schemes always have
//!   a host (`http:g` is the host g), this holds for the other schemes, of
//!   the inputs as its parser reads them (trimmed of C0 controls and
//!   spaces, without tabs and newlines); and a result is its own
//!   serialization.
//! - `relativize(base, t)` gives a reference that resolves back to `t`.
//! - Under RFC 3986, a base and a reference that parse strictly give a
//!   result that parses leniently as RFC 3986.
#![no_main]

use libfuzzer_sys::fuzz_target;
use uniform::resolve::{Base, Rules, relativize, resolve, resolve_into};
use uniform::{Dialect, ParseOptions};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let (base, reference) = text.split_once('\0').unwrap_or((text, ""));
    for rules in Rules::ALL {
        check(base, reference, rules);
    }
});

/// `s` as the URL Standard's parser reads it: leading and trailing C0
/// controls and spaces trimmed, tabs and newlines removed.
fn as_parsed(s: &str) -> String {
    s.trim_matches(|c: char| c <= ' ')
        .chars()
        .filter(|c| !matches!(c, '\t' | '\n' | '\r'))
        .collect()
}

fn check(base: &str, reference: &str, rules: Rules) {
    let got = resolve(base, reference, rules);
    let mut buf = String::from("x");
    let into = resolve_into(base, reference, rules, &mut buf);
    match (&got, into) {
        (Ok(r), Ok(())) => assert_eq!(&buf[1..], r.as_str()),
        (Err(a), Err(b)) => {
            assert_eq!(a, &b);
            assert_eq!(buf, "x", "resolve_into changed its buffer on error");
            let _ = a.to_string();
        }
        _ => panic!("resolve and resolve_into disagree"),
    }
    if let Ok(b) = Base::new(base, rules) {
        assert_eq!(b.resolve(reference), got, "Base::resolve differs");
    }
    let Ok(out) = got else { return };
    let syntax = match rules {
        Rules::Rfc1630 => Syntax::BeforeColon,
        Rules::Rfc1808 => Syntax::Rfc1808,
        _ => Syntax::Strict,
    };
    assert!(
        scheme_len(&out, syntax).is_some(),
        "{rules:?}: {base:?} + {reference:?} = {out:?} has no scheme"
    );
    if rules == Rules::Whatwg {
        let again = uniform::whatwg::parse(&out, None).map(|u| u.as_str().to_string());
        assert_eq!(
            again.as_deref(),
            Ok(out.as_str()),
            "{base:?} + {reference:?}: not its own serialization"
        );
        let special = out
            .split_once(':')
            .is_some_and(|(scheme, _)| uniform::whatwg::is_special(scheme));
        let (base, reference) = (as_parsed(base), as_parsed(reference));
        if !special && authority(&out, syntax) {
            assert!(
                authority(&base, syntax) || authority(&reference, syntax),
                "{rules:?}: {base:?} + {reference:?} = {out:?} made an authority"
            );
        }
    } else if authority(&out, syntax) {
        assert!(
            authority(base, syntax) || authority(reference, syntax),
            "{rules:?}: {base:?} + {reference:?} = {out:?} made an authority"
        );
    }
    if let Ok(t) = relativize(base, &out, rules) {
        assert_eq!(
            resolve(base, &t, rules).as_deref(),
            Ok(out.as_str()),
            "{rules:?}: relativize({base:?}, {out:?}) = {t:?} does not resolve back"
        );
    }
    if rules == Rules::Rfc3986 {
        let strict = ParseOptions::new().dialect(Dialect::Rfc3986).strict(true);
        if strict.parse(base).is_ok() && strict.parse(reference).is_ok() {
            let lenient = ParseOptions::new().dialect(Dialect::Rfc3986);
            assert!(
                lenient.parse(&out).is_ok(),
                "{base:?} + {reference:?} = {out:?} does not parse"
            );
        }
    }
}

#[derive(Clone, Copy, PartialEq)]
enum Syntax {
    /// RFC 3986 section 3.1 (and RFC 2396).
    Strict,
    /// RFC 1808 section 2.4.2: scheme characters, the first one any of
    /// them (`.x:` has the scheme `.x`).
    Rfc1808,
    /// RFC 1630: anything but `/?#` before the colon.
    BeforeColon,
}

/// The scheme's length, as `uniform::resolve` reads it under each rule set.
fn scheme_len(s: &str, syntax: Syntax) -> Option<usize> {
    let b = s.as_bytes();
    match syntax {
        Syntax::Strict => {
            if !b.first()?.is_ascii_alphabetic() {
                return None;
            }
            let n = b
                .iter()
                .position(|&c| !(c.is_ascii_alphanumeric() || matches!(c, b'+' | b'-' | b'.')))?;
            (b[n] == b':').then_some(n)
        }
        Syntax::Rfc1808 => {
            let n = b
                .iter()
                .position(|&c| !(c.is_ascii_alphanumeric() || matches!(c, b'+' | b'-' | b'.')))?;
            (n > 0 && b[n] == b':').then_some(n)
        }
        Syntax::BeforeColon => {
            let n = b
                .iter()
                .position(|&c| matches!(c, b':' | b'/' | b'?' | b'#'))?;
            (n > 0 && b[n] == b':').then_some(n)
        }
    }
}

/// Whether `s` has an authority: `//` right after its scheme, or at its
/// start when it has none.
fn authority(s: &str, syntax: Syntax) -> bool {
    let rest = match scheme_len(s, syntax) {
        Some(n) => &s[n + 1..],
        None => s,
    };
    rest.starts_with("//")
}
