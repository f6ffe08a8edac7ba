//! Text made visible: the one escaping of what a terminal is shown. A
//! character that would act on the terminal instead of being read (ESC
//! starting a colour or a cursor move, CR rewriting the line, BEL, a
//! bidirectional override that reorders what follows) is written as its
//! escape: `\t`, `\n`, `\r` by name, the other C0 controls and DEL as
//! `\x1B`, the C1 controls and the bidirectional controls as `\u{202E}`.
//!
//! The access library's messages and every line the `uniform` command
//! prints go through [`escaped`]; JSON output escapes the same characters
//! by JSON's rules.
//!
//! # Example
//!
//! ```
//! use uniform::visible::escaped;
//! assert_eq!(escaped("http://h/\u{1b}[31mred"), "http://h/\\x1B[31mred");
//! ```

use crate::prelude::*;
use core::fmt::Write;

/// Whether `c` acts on a terminal: the C0 controls, DEL, the C1 controls,
/// and the bidirectional embeddings, overrides and isolates (the "Trojan
/// Source" characters, CVE-2021-42574).
///
/// # Example
///
/// ```
/// use uniform::visible::acts;
/// assert!(acts('\u{1b}') && acts('\u{9b}') && acts('\u{202e}'));
/// assert!(!acts('a') && !acts('é') && !acts('\u{a0}'));
/// ```
pub fn acts(c: char) -> bool {
    matches!(c, '\0'..='\x1f' | '\x7f'..='\u{9f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
}

/// The first bytes of what [`acts`]: C0, DEL, and the lead bytes of
/// U+0080 to U+009F (0xC2) and of U+2000 to U+2FFF (0xE2).
static SUSPECT: [bool; 256] = {
    let mut t = [false; 256];
    let mut b = 0;
    while b < 256 {
        t[b] = b < 0x20 || b == 0x7f || b == 0xc2 || b == 0xe2;
        b += 1;
    }
    t
};

/// `text` with every character that [`acts`] on a terminal escaped.
/// Borrowed when there is nothing to escape.
///
/// # Example
///
/// ```
/// use uniform::visible::escaped;
/// assert_eq!(escaped("a\tb\r\n\u{7}"), "a\\tb\\r\\n\\x07");
/// assert_eq!(escaped("x\u{202e}y"), "x\\u{202E}y");
/// assert!(matches!(escaped("plain é"), std::borrow::Cow::Borrowed(_)));
/// ```
pub fn escaped(text: &str) -> Cow<'_, str> {
    // Every such character starts with one of the SUSPECT bytes in UTF-8:
    // a table lookup a byte spares decoding text that holds none (nearly
    // all of it).
    if !text.bytes().any(|b| SUSPECT[usize::from(b)]) || !text.chars().any(acts) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        match c {
            '\t' => out.push_str("\\t"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\0'..='\x1f' | '\x7f' => {
                let _ = write!(out, "\\x{:02X}", c as u32);
            }
            c if acts(c) => {
                let _ = write!(out, "\\u{{{:X}}}", c as u32);
            }
            c => out.push(c),
        }
    }
    Cow::Owned(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn controls_are_escaped_and_the_rest_kept() {
        assert_eq!(escaped("http://h/\x1b[31mred"), "http://h/\\x1B[31mred");
        assert_eq!(
            escaped("a\tb\r\nc\0\x07\x7f"),
            "a\\tb\\r\\nc\\x00\\x07\\x7F"
        );
        assert_eq!(escaped("a\u{85}b\u{9b}c"), "a\\u{85}b\\u{9B}c");
        assert_eq!(escaped("x\u{202e}y\u{2066}z"), "x\\u{202E}y\\u{2066}z");
        assert!(matches!(escaped("é 😀 ~ \\"), Cow::Borrowed(_)));
    }
}
