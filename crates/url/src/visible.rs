//! Text made visible: the one escaping of what a terminal is shown. A
//! character that would act on the terminal instead of being read (ESC
//! starting a colour or a cursor move, CR rewriting the line, BEL, a
//! bidirectional control that reorders what follows) is written as its
//! escape: `\t`, `\n`, `\r` by name, the other C0 controls and DEL as
//! `\x1B`, the C1 controls and the bidirectional controls as `\u{202E}`.
//!
//! The access library's messages and every line the `uniform` command
//! prints go through [`escaped`] (a report line whole through [`line()`]);
//! JSON output escapes the same characters by JSON's rules
//! ([`json_escaped`]: `\u001b`, `\u202e`).
//!
//! # Example
//!
//! ```
//! use uniform::visible::escaped;
//! assert_eq!(escaped("http://h/\u{1b}[31mred"), "http://h/\\x1B[31mred");
//! ```

use crate::prelude::*;
use core::fmt::{self, Write};

/// Whether `c` acts on a terminal: the C0 controls, DEL, the C1 controls,
/// and the bidirectional controls (the "Trojan Source" characters,
/// CVE-2021-42574): the marks U+200E, U+200F and U+061C, the embeddings
/// and overrides U+202A to U+202E, the isolates U+2066 to U+2069.
///
/// # Example
///
/// ```
/// use uniform::visible::acts;
/// assert!(acts('\u{1b}') && acts('\u{9b}') && acts('\u{202e}') && acts('\u{200f}'));
/// assert!(!acts('a') && !acts('é') && !acts('\u{a0}') && !acts('\u{200d}'));
/// ```
pub fn acts(c: char) -> bool {
    matches!(
        c,
        '\0'..='\x1f'
            | '\x7f'..='\u{9f}'
            | '\u{61c}'
            | '\u{200e}'
            | '\u{200f}'
            | '\u{202a}'..='\u{202e}'
            | '\u{2066}'..='\u{2069}'
    )
}

/// Whether `b`, a byte of UTF-8 text, may start a character that
/// [`acts`]: C0, DEL, and the lead bytes of U+0080 to U+009F (0xC2), of
/// U+0600 to U+063F (0xD8) and of U+2000 to U+2FFF (0xE2). A fast
/// writer tests bytes with it (or with compares that catch at least
/// these) before it decodes a character.
///
/// # Example
///
/// ```
/// use uniform::visible::{acts, may_act};
/// for c in ['\u{1b}', '\u{7f}', '\u{9b}', '\u{61c}', '\u{202e}'] {
///     assert!(acts(c) && may_act(c.to_string().as_bytes()[0]));
/// }
/// assert!(!may_act(b'a') && !may_act(0xc3));
/// ```
pub fn may_act(b: u8) -> bool {
    SUSPECT[usize::from(b)]
}

/// The first bytes of what [`acts`] (see [`may_act`]).
static SUSPECT: [bool; 256] = {
    let mut t = [false; 256];
    let mut b = 0;
    while b < 256 {
        t[b] = b < 0x20 || b == 0x7f || b == 0xc2 || b == 0xd8 || b == 0xe2;
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

/// One line of a report: `args` formatted, every character that [`acts`]
/// escaped as [`escaped`] escapes it, in the values and in the text
/// around them alike, a line feed inside a value included. The caller
/// ends the line; a report made of such lines holds no control but the
/// line feeds between them.
///
/// # Example
///
/// ```
/// use uniform::visible::line;
/// let url = "file:///tmp/a\nb\u{1b}[2J";
/// assert_eq!(line(format_args!("  1:2 broken {url} (gone)")), "  1:2 broken file:///tmp/a\\nb\\x1B[2J (gone)");
/// ```
pub fn line(args: fmt::Arguments<'_>) -> String {
    /// Escapes each piece as the formatting machinery hands it over.
    struct Escaping<'s>(&'s mut String);

    impl Write for Escaping<'_> {
        fn write_str(&mut self, s: &str) -> fmt::Result {
            self.0.push_str(&escaped(s));
            Ok(())
        }
    }

    let mut out = String::new();
    // Writing to a String cannot fail; a Display that fails leaves what
    // it wrote.
    let _ = Escaping(&mut out).write_fmt(args);
    out
}

/// JSON text, as a JSON writer made it, with every character that
/// [`acts`] and that JSON lets stand raw in a string (DEL, the C1
/// controls, the bidirectional controls) written as its `\uXXXX`
/// escape, which reads back as the same character. Every such character
/// is in the Basic Multilingual Plane, so one escape is enough; outside
/// strings JSON text is ASCII, so each one met is inside a string. The
/// C0 controls are left to the writer, which must escape them inside
/// strings (RFC 8259 section 7): those met raw are the whitespace
/// between tokens (TAB, LF, CR), kept, or, not being JSON, escaped too.
/// Borrowed when there is nothing to escape.
///
/// # Example
///
/// ```
/// use uniform::visible::json_escaped;
/// let text = "{\n  \"url\": \"http://h/a\u{202e}b\u{9b}c\\u001b\"\n}";
/// assert_eq!(json_escaped(text), "{\n  \"url\": \"http://h/a\\u202eb\\u009bc\\u001b\"\n}");
/// assert!(matches!(json_escaped("[\"é\"]"), std::borrow::Cow::Borrowed(_)));
/// ```
pub fn json_escaped(text: &str) -> Cow<'_, str> {
    let raw = |c: char| acts(c) && !matches!(c, '\t' | '\n' | '\r');
    if !text.bytes().any(may_act) || !text.chars().any(raw) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 12);
    for c in text.chars() {
        if raw(c) {
            let _ = write!(out, "\\u{:04x}", c as u32);
        } else {
            out.push(c);
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
        assert_eq!(
            escaped("a\u{200e}b\u{200f}c\u{61c}d\u{600}"),
            "a\\u{200E}b\\u{200F}c\\u{61C}d\u{600}"
        );
    }

    #[test]
    fn every_character_that_acts_starts_with_a_suspect_byte() {
        for c in (0..=0x10ffff)
            .filter_map(char::from_u32)
            .filter(|&c| acts(c))
        {
            let mut b = [0; 4];
            assert!(may_act(c.encode_utf8(&mut b).as_bytes()[0]), "{c:?}");
        }
    }

    #[test]
    fn a_line_escapes_its_values_and_its_text() {
        let name = "x\n\u{1b}y";
        assert_eq!(line(format_args!("a\t{name}:{}", 7)), "a\\tx\\n\\x1By:7");
        assert_eq!(line(format_args!("plain {}", "é")), "plain é");
    }

    #[test]
    fn json_text_keeps_its_whitespace_and_escapes_the_rest() {
        let text = "{\r\n\t\"k\": \"\x7f\u{85}\u{61c}\u{2069}\x1b\"}";
        assert_eq!(
            json_escaped(text),
            "{\r\n\t\"k\": \"\\u007f\\u0085\\u061c\\u2069\\u001b\"}"
        );
    }
}
