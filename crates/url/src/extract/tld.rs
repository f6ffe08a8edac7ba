//! The top-level domains of fuzzy matching.

/// Known two-letter and generic top-level domains, for fuzzy matching of
/// bare host names: the country codes of ISO 3166-1 in use as ccTLDs, and
/// the generic names that linkify-it recognises by default.
pub(super) fn is_known_tld(label: &[u8]) -> bool {
    const GENERIC: [&str; 16] = [
        "biz", "com", "edu", "gov", "net", "org", "pro", "web", "xxx", "aero", "asia", "coop",
        "info", "museum", "name", "shop",
    ];
    if label == "рф".as_bytes() {
        return true;
    }
    if label.len() == 2 {
        let (a, b) = (label[0].to_ascii_lowercase(), label[1].to_ascii_lowercase());
        return is_cctld(a, b);
    }
    GENERIC
        .iter()
        .any(|g| label.eq_ignore_ascii_case(g.as_bytes()))
}

/// Two-letter country-code TLDs, by first letter.
fn is_cctld(a: u8, b: u8) -> bool {
    let seconds: &[u8] = match a {
        b'a' => b"cdefgilmnoqrstuwxz",
        b'b' => b"abdefghijmnorstvwyz",
        b'c' => b"acdfghiklmnoruvwxyz",
        b'd' => b"ejkmoz",
        b'e' => b"cegrstu",
        b'f' => b"ijkmor",
        b'g' => b"abdefghilmnpqrstuwy",
        b'h' => b"kmnrtu",
        b'i' => b"delmnoqrst",
        b'j' => b"emop",
        b'k' => b"eghimnprwyz",
        b'l' => b"abcikrstuvy",
        b'm' => b"acdeghklmnopqrstuvwxyz",
        b'n' => b"acefgilopruz",
        b'o' => b"m",
        b'p' => b"aefghklmnrstwy",
        b'q' => b"a",
        b'r' => b"eosuw",
        b's' => b"abcdeghijklmnortuvxyz",
        b't' => b"cdfghjklmnortvwz",
        b'u' => b"agksyz",
        b'v' => b"aceginu",
        b'w' => b"fs",
        b'y' => b"et",
        b'z' => b"amw",
        _ => b"",
    };
    seconds.contains(&b)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tlds() {
        for t in ["com", "ORG", "io", "uk", "рф", "ws"] {
            assert!(is_known_tld(t.as_bytes()), "{t}");
        }
        for t in ["js", "jpg", "invalid", "coma", "123", "c"] {
            assert!(!is_known_tld(t.as_bytes()), "{t}");
        }
    }
}
