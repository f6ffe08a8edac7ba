//! Diagnostics drawn under the input, as rustc and regex-syntax draw them:
//!
//! ```text
//! error[unsafe-char]: unsafe character ' ' at byte 13 in the path: it must be %-encoded (rule xchar, RFC 1738 section 2.2)
//!   | http://host/a b
//!   |              ^
//! ```
//!
//! The input is shown so that a terminal cannot be fooled by it: control
//! characters, bidirectional overrides and bytes that are not UTF-8 are
//! written as escapes (`\t`, `\u{202e}`, `\xff`), and the carets cover the
//! whole escape. A password is shown as `****` unless asked for. Columns
//! count one per character: wide and combining characters are not
//! measured, which only shifts the caret on lines that hold them.

use crate::password::MASK;
use std::borrow::Cow;
use std::fmt::{self, Write};
use std::ops::{Not, Range};
use uniform::ParseError;

/// A line longer than this many columns is shown as a window around the
/// caret.
const MAX_COLUMNS: usize = 100;

/// What a diagnostic is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Severity {
    /// The input is rejected.
    Error,
    /// The input is accepted despite this.
    Warning,
}

impl Severity {
    fn as_str(self) -> &'static str {
        match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
        }
    }
}

/// One error drawn under the input it is about.
#[derive(Debug)]
pub struct Diagnostic<'a> {
    /// Error or warning.
    pub severity: Severity,
    /// What is wrong, and where.
    pub error: &'a ParseError,
    /// The input as given; the error's offset counts its bytes.
    pub input: &'a [u8],
    /// The bytes shown as `****` instead (a password).
    pub mask: Option<Range<usize>>,
}

impl fmt::Display for Diagnostic<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let e = self.error;
        Note {
            severity: self.severity,
            kind: e.kind().as_str(),
            message: e,
            offset: e.offset(),
            input: self.input,
            mask: self.mask.clone(),
        }
        .fmt(f)
    }
}

/// A diagnostic that is not a [`ParseError`] (a bad escape in a text to
/// decode), drawn the same way.
pub struct Note<'a> {
    /// Error or warning.
    pub severity: Severity,
    /// The kind, as `ParseErrorKind::as_str` names kinds.
    pub kind: &'a str,
    /// What is wrong, with the rule and where it comes from.
    pub message: &'a dyn fmt::Display,
    /// The byte of `input` it is about.
    pub offset: usize,
    /// The input as given.
    pub input: &'a [u8],
    /// The bytes shown as `****` instead (a password).
    pub mask: Option<Range<usize>>,
}

impl fmt::Display for Note<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // The message is the caller's: escaped as the input is, whatever
        // it quotes.
        let message = self.message.to_string();
        writeln!(
            f,
            "{}[{}]: {}",
            self.severity.as_str(),
            self.kind,
            printable(&message)
        )?;
        // A short input of printable ASCII, no password to hide, is shown
        // as it is: a column a byte (what `Line` would find, without its
        // mark for every character).
        let plain = match std::str::from_utf8(self.input) {
            Ok(s) if self.mask.is_none() && s.len() <= MAX_COLUMNS && is_plain(self.input) => {
                Some(s)
            }
            _ => None,
        };
        let line;
        let (text, caret, width) = match plain {
            Some(s) => (Cow::Borrowed(s), self.offset.min(s.len()), 1),
            None => {
                line = Line::render(self.input, self.mask.clone());
                line.window(self.offset)
            }
        };
        let gap = if text.is_empty() { "" } else { " " };
        writeln!(f, "  |{gap}{text}")?;
        writeln!(f, "  | {:caret$}{:^<width$}", "", "")
    }
}

/// Where one shown piece of the input starts: in the input, in the shown
/// text, and in columns.
#[derive(Clone, Copy, Debug)]
struct Mark {
    byte: usize,
    text: usize,
    col: usize,
}

/// An input as shown, with a mark at the start of each piece (a
/// character, an escape, the mask) and one at the end.
#[derive(Debug, Default)]
struct Line {
    text: String,
    marks: Vec<Mark>,
    col: usize,
}

impl Line {
    fn render(input: &[u8], mask: Option<Range<usize>>) -> Line {
        let mut line = Line::default();
        match mask.filter(|m| m.start < m.end && m.end <= input.len()) {
            Some(m) => {
                line.push_bytes(&input[..m.start], 0);
                line.push(m.start, MASK, MASK.len());
                line.push_bytes(&input[m.end..], m.end);
            }
            None => line.push_bytes(input, 0),
        }
        line.marks.push(Mark {
            byte: input.len(),
            text: line.text.len(),
            col: line.col,
        });
        line
    }

    fn push(&mut self, byte: usize, shown: &str, cols: usize) {
        self.marks.push(Mark {
            byte,
            text: self.text.len(),
            col: self.col,
        });
        self.text.push_str(shown);
        self.col += cols;
    }

    fn push_bytes(&mut self, bytes: &[u8], base: usize) {
        let mut at = base;
        let mut esc = String::new();
        for chunk in bytes.utf8_chunks() {
            for c in chunk.valid().chars() {
                esc.clear();
                if escape_char(c, &mut esc) {
                    self.push(at, &esc, esc.len());
                } else {
                    self.push(at, c.encode_utf8(&mut [0; 4]), 1);
                }
                at += c.len_utf8();
            }
            for &b in chunk.invalid() {
                esc.clear();
                let _ = write!(esc, "\\x{b:02x}");
                self.push(at, &esc, esc.len());
                at += 1;
            }
        }
    }

    /// The text to show, the caret's column in it and the caret's width,
    /// for an error at byte `offset`.
    fn window(&self, offset: usize) -> (Cow<'_, str>, usize, usize) {
        let end = self.marks.len() - 1;
        // The piece holding the byte; an offset in the middle of a
        // character or of the mask points at the whole of it.
        let piece = self.marks[..end]
            .iter()
            .rposition(|m| m.byte <= offset)
            .filter(|_| offset < self.marks[end].byte);
        let (caret, width) = match piece {
            Some(i) => (self.marks[i].col, self.marks[i + 1].col - self.marks[i].col),
            None => (self.col, 1),
        };
        if self.col <= MAX_COLUMNS {
            return (Cow::Borrowed(&self.text), caret, width);
        }
        let from_col = caret.saturating_sub(MAX_COLUMNS / 2);
        let first = self
            .marks
            .iter()
            .position(|m| m.col >= from_col)
            .unwrap_or(end);
        let last = self
            .marks
            .iter()
            .rposition(|m| m.col <= from_col + MAX_COLUMNS)
            .unwrap_or(end);
        let (first, last) = (first.min(last), last);
        let mut text = String::new();
        let mut caret = caret - self.marks[first].col;
        if first > 0 {
            text.push_str("...");
            caret += 3;
        }
        text.push_str(&self.text[self.marks[first].text..self.marks[last].text]);
        if last < end {
            text.push_str("...");
        }
        (Cow::Owned(text), caret, width)
    }
}

/// Appends the escape for `c` to `out` when a terminal must not see it
/// raw; `false` when `c` can be shown as it is.
///
/// The characters are those of `uniform::visible::acts`, the one set of
/// what acts on a terminal, and U+FEFF, which shows nothing and would
/// move the caret; spelled in lower-case hex (`\x1b`, `\u{202e}`) as
/// the drawing spells a byte that is not UTF-8 (`\xff`).
fn escape_char(c: char, out: &mut String) -> bool {
    match c {
        '\t' => out.push_str("\\t"),
        '\n' => out.push_str("\\n"),
        '\r' => out.push_str("\\r"),
        c if c.is_ascii_control() => {
            let _ = write!(out, "\\x{:02x}", c as u32);
        }
        // C1 controls, and the marks that reorder text on screen (the
        // "Trojan Source" characters): shown, they would lie about the URL.
        c if uniform::visible::acts(c) || c == '\u{feff}' => {
            let _ = write!(out, "\\u{{{:x}}}", c as u32);
        }
        _ => return false,
    }
    true
}

/// `input` as the diagnostics show it: escapes for what a terminal must
/// not see raw and for bytes that are not UTF-8, `****` over `mask`.
pub fn printable_input(input: &[u8], mask: Option<Range<usize>>) -> Cow<'_, str> {
    match (mask, std::str::from_utf8(input)) {
        (None, Ok(s)) => printable(s),
        (mask, _) => Cow::Owned(Line::render(input, mask).text),
    }
}

/// Whether `b` is all printable ASCII (0x20 to 0x7E), which [`printable`]
/// leaves as it is. Every text output line goes through here, and most
/// values are short (a host, a path): eight bytes at a time in a word,
/// where a byte under 0x20 borrows into its top bit when 0x20 is taken
/// from it, and one over 0x7E carries into it when 1 is added (or has it
/// already); a borrow that runs on into the next byte only follows a byte
/// that was caught. A longer value goes 32 bytes at a time without an
/// early exit, which the compiler turns into vector compares.
fn is_plain(b: &[u8]) -> bool {
    const LOW: u64 = 0x0101_0101_0101_0101;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    if b.len() > 64 {
        return b.chunks(32).all(|c| {
            c.iter()
                .fold(false, |odd, &x| odd | (x.wrapping_sub(0x20) >= 0x5f))
                .not()
        });
    }
    let mut words = b.chunks_exact(8);
    for w in &mut words {
        let x = u64::from_le_bytes(w.try_into().unwrap_or_default());
        let control = x.wrapping_sub(0x20 * LOW) & !x;
        let high = x.wrapping_add(LOW) | x;
        if (control | high) & HIGH != 0 {
            return false;
        }
    }
    words
        .remainder()
        .iter()
        .all(|&x| x.wrapping_sub(0x20) < 0x5f)
}

/// `s` with every character a terminal must not see raw escaped, as the
/// diagnostics show it; borrowed when nothing needed escaping.
pub fn printable(s: &str) -> Cow<'_, str> {
    if is_plain(s.as_bytes()) {
        return Cow::Borrowed(s);
    }
    let mut out = String::with_capacity(s.len() + 8);
    for c in s.chars() {
        if !escape_char(c, &mut out) {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use uniform::{ParseOptions, UrlRef};

    fn draw(input: &[u8], e: &ParseError, mask: Option<Range<usize>>) -> String {
        Diagnostic {
            severity: Severity::Error,
            error: e,
            input,
            mask,
        }
        .to_string()
    }

    fn strict_error(input: &str) -> ParseError {
        ParseOptions::new().strict(true).parse(input).unwrap_err()
    }

    #[test]
    fn is_plain_is_the_printable_ascii_test() {
        // Every byte value at every place of a word, and runs that end
        // on either side of the word boundary and past 64 bytes.
        for len in [1, 7, 8, 9, 15, 16, 17, 40, 64, 65, 100] {
            for at in 0..len {
                for x in 0..=255u8 {
                    let mut v = vec![b'a'; len];
                    v[at] = x;
                    assert_eq!(is_plain(&v), (0x20..0x7f).contains(&x), "{len} {at} {x:#x}");
                }
            }
        }
        assert!(is_plain(b""));
    }

    #[test]
    fn the_caret_is_under_the_byte() {
        let e = strict_error("http://host/a b");
        assert_eq!(
            draw(b"http://host/a b", &e, None),
            "error[unsafe-char]: unsafe character ' ' at byte 13 in the path: it must be %-encoded \
             (rule xchar, RFC 1738 section 2.2)\n  | http://host/a b\n  |              ^\n"
        );
    }

    #[test]
    fn an_escaped_control_gets_a_caret_per_column() {
        let e = strict_error("http://h/a\tb");
        let d = draw(b"http://h/a\tb", &e, None);
        assert!(d.ends_with("  | http://h/a\\tb\n  |           ^^\n"), "{d}");
    }

    #[test]
    fn the_end_of_the_input_can_be_pointed_at() {
        let e = UrlRef::parse("").unwrap_err();
        assert_eq!(
            draw(b"", &e, None).lines().skip(1).collect::<Vec<_>>(),
            ["  |", "  | ^"]
        );
    }

    #[test]
    fn bytes_that_are_not_utf8_are_escaped() {
        let e = ParseOptions::new()
            .parse_bytes(b"http://h/\xff")
            .unwrap_err();
        let d = draw(b"http://h/\xff", &e, None);
        assert!(
            d.ends_with("  | http://h/\\xff\n  |          ^^^^\n"),
            "{d}"
        );
    }

    #[test]
    fn the_mask_hides_the_password_and_moves_the_caret() {
        let input = "ftp://u:secret@h/a b";
        let e = strict_error(input);
        let d = draw(input.as_bytes(), &e, Some(8..14));
        assert!(!d.contains("secret"), "{d}");
        assert!(
            d.ends_with("  | ftp://u:****@h/a b\n  |                 ^\n"),
            "{d}"
        );
        // An error inside the password points at the whole mask.
        let input = "ftp://u:se cret@h/";
        let e = strict_error(input);
        let d = draw(input.as_bytes(), &e, Some(8..15));
        assert!(
            d.ends_with("  | ftp://u:****@h/\n  |         ^^^^\n"),
            "{d}"
        );
    }

    #[test]
    fn a_long_line_is_cut_around_the_caret() {
        let input = format!("http://h/{}|{}", "a".repeat(300), "b".repeat(300));
        let e = strict_error(&input);
        let d = draw(input.as_bytes(), &e, None);
        let lines: Vec<&str> = d.lines().collect();
        assert!(
            lines[1].starts_with("  | ...a") && lines[1].ends_with("b..."),
            "{d}"
        );
        let text_col = lines[1].find('|').unwrap() + 2;
        let caret_col = lines[2].find('^').unwrap();
        assert_eq!(lines[1].as_bytes()[caret_col], b'|');
        assert!(caret_col > text_col && lines[1].len() < MAX_COLUMNS + 20);
    }

    #[test]
    fn printable_input_is_what_the_drawing_shows() {
        for (input, mask) in [
            (&b"http://h/a\tb\xff"[..], None),
            (b"ftp://u:pw@h/\xe2\x80\xae", Some(8..10)),
            (b"plain", None),
        ] {
            let line = Line::render(input, mask.clone());
            assert_eq!(printable_input(input, mask), line.text);
        }
    }

    #[test]
    fn printable_escapes_what_would_fool_a_terminal() {
        assert!(matches!(printable("plain"), Cow::Borrowed("plain")));
        assert_eq!(printable("a\nb\x1b[31m"), "a\\nb\\x1b[31m");
        assert_eq!(printable("evil\u{202e}gpj.exe"), "evil\\u{202e}gpj.exe");
        assert_eq!(printable("café"), "café");
        assert_eq!(
            printable("a\u{85}\u{200f}\u{61c}\u{2066}\u{feff}b"),
            "a\\u{85}\\u{200f}\\u{61c}\\u{2066}\\u{feff}b"
        );
    }
}
