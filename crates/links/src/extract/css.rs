//! CSS: the URLs of `url(...)` and `@import`, found by CSS Syntax Level
//! 3's tokenization as far as it tells them apart: comments, strings,
//! escapes, identifiers (so that `myurl(x)` is no URL), url tokens and
//! bad url tokens. Written here rather than with `cssparser`: these two
//! forms need a tenth of a tokenizer, and the offset of each URL in the
//! source, which is all that is kept.

use super::raw::Raw;
use crate::LinkKind;

/// The links of a stylesheet `source`, their offsets in it.
pub(crate) fn links(source: &str, out: &mut Vec<Raw>) {
    each(source, |at, text, kind| out.push(Raw { at, text, kind }));
}

/// Calls `found` with each URL of `source`: its byte offset in `source`
/// (of its first character after white space), its text (escapes
/// undone, ASCII white space at its ends removed) and its kind. An empty
/// URL, a bad url token and a bad string are no links.
pub(crate) fn each(source: &str, mut found: impl FnMut(usize, String, LinkKind)) {
    let mut t = Tokens {
        s: source,
        b: source.as_bytes(),
        pos: 0,
    };
    let mut emit = |start: usize, value: String, kind: LinkKind| {
        let trimmed = value.trim_matches(is_ws_char);
        if trimmed.is_empty() {
            return;
        }
        // The first character after white space, where the source has it
        // as written (an escape's offset is its backslash's).
        let lead = source.as_bytes()[start..]
            .iter()
            .take_while(|&&b| is_ws(b))
            .count();
        found(start + lead, trimmed.to_string(), kind);
    };
    // After `@import`, whitespace and comments: its string or url() is a
    // stylesheet.
    let mut import = false;
    while let Some(c) = t.peek(0) {
        if c == b'/' && t.peek(1) == Some(b'*') {
            t.comment();
            continue;
        }
        if is_ws(c) {
            t.pos += 1;
            continue;
        }
        let kind = if import {
            LinkKind::Import
        } else {
            LinkKind::CssUrl
        };
        let was_import = std::mem::take(&mut import);
        match c {
            b'"' | b'\'' => {
                let start = t.pos + 1;
                if let Some(value) = t.string()
                    && was_import
                {
                    emit(start, value, kind);
                }
            }
            b'@' => {
                t.pos += 1;
                if t.starts_ident(t.pos) {
                    import = t.ident().eq_ignore_ascii_case("import");
                }
            }
            b'#' => {
                t.pos += 1;
                t.name_chars();
            }
            b'0'..=b'9' | b'.' | b'+' if !t.starts_ident(t.pos) => {
                // A number and its unit: `1url(x)` is a dimension.
                t.pos += 1;
                while t.peek(0).is_some_and(|c| c.is_ascii_digit() || c == b'.') {
                    t.pos += 1;
                }
                t.name_chars();
            }
            _ if t.starts_ident(t.pos) => {
                let name = t.ident();
                if t.peek(0) == Some(b'(') {
                    t.pos += 1;
                    if name.eq_ignore_ascii_case("url") {
                        t.url(&mut |start, value| emit(start, value, kind));
                    }
                }
            }
            _ => t.pos += source[t.pos..].chars().next().map_or(1, char::len_utf8),
        }
    }
}

/// Whether `b` is CSS white space (newlines as preprocessing makes them:
/// `\r`, `\f` and `\r\n` are newlines).
fn is_ws(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | b'\r' | b'\x0C')
}

fn is_ws_char(c: char) -> bool {
    c.is_ascii() && is_ws(c as u8)
}

fn is_newline(b: u8) -> bool {
    matches!(b, b'\n' | b'\r' | b'\x0C')
}

/// A character that starts a name: a letter, `_`, or any non-ASCII.
fn is_name_start(b: u8) -> bool {
    b.is_ascii_alphabetic() || b == b'_' || b >= 0x80
}

fn is_name(b: u8) -> bool {
    is_name_start(b) || b.is_ascii_digit() || b == b'-'
}

/// A character a url token may not hold unescaped.
fn is_non_printable(b: u8) -> bool {
    matches!(b, 0..=8 | 0x0B | 0x0E..=0x1F | 0x7F)
}

/// The tokenizer's input and where it stands.
struct Tokens<'s> {
    s: &'s str,
    b: &'s [u8],
    pos: usize,
}

impl Tokens<'_> {
    fn peek(&self, ahead: usize) -> Option<u8> {
        self.b.get(self.pos + ahead).copied()
    }

    /// Skips a comment from its `/*`; an unterminated one runs to the
    /// end.
    fn comment(&mut self) {
        self.pos = match self.s[self.pos + 2..].find("*/") {
            Some(i) => self.pos + 2 + i + 2,
            None => self.b.len(),
        };
    }

    /// Whether a backslash at `at` starts an escape: it is not followed
    /// by a newline.
    fn valid_escape(&self, at: usize) -> bool {
        self.b.get(at) == Some(&b'\\') && !self.b.get(at + 1).copied().is_some_and(is_newline)
    }

    /// Whether an identifier starts at `at` (CSS's "would start an
    /// ident sequence").
    fn starts_ident(&self, at: usize) -> bool {
        match self.b.get(at) {
            Some(b'-') => {
                self.b
                    .get(at + 1)
                    .is_some_and(|&c| is_name_start(c) || c == b'-')
                    || self.valid_escape(at + 1)
            }
            Some(&c) if is_name_start(c) => true,
            Some(b'\\') => self.valid_escape(at),
            _ => false,
        }
    }

    /// Consumes an escape after its backslash (at `pos`), returning the
    /// character it stands for.
    fn escape(&mut self) -> char {
        self.pos += 1;
        let Some(c) = self.peek(0) else {
            return '\u{fffd}';
        };
        if c.is_ascii_hexdigit() {
            let start = self.pos;
            while self.pos - start < 6 && self.peek(0).is_some_and(|c| c.is_ascii_hexdigit()) {
                self.pos += 1;
            }
            let v = u32::from_str_radix(&self.s[start..self.pos], 16).unwrap_or(0);
            match (self.peek(0), self.peek(1)) {
                (Some(b'\r'), Some(b'\n')) => self.pos += 2,
                (Some(c), _) if is_ws(c) => self.pos += 1,
                _ => {}
            }
            return match char::from_u32(v) {
                Some(c) if v != 0 => c,
                _ => '\u{fffd}',
            };
        }
        let ch = self.s[self.pos..].chars().next().unwrap_or('\u{fffd}');
        self.pos += ch.len_utf8();
        ch
    }

    /// Consumes the name characters and escapes at `pos`.
    fn name_chars(&mut self) -> String {
        let mut name = String::new();
        loop {
            match self.peek(0) {
                Some(c) if is_name(c) => {
                    let ch = self.s[self.pos..].chars().next().unwrap_or('\u{fffd}');
                    name.push(ch);
                    self.pos += ch.len_utf8();
                }
                Some(b'\\') if self.valid_escape(self.pos) => name.push(self.escape()),
                _ => return name,
            }
        }
    }

    /// Consumes an identifier (it starts at `pos`).
    fn ident(&mut self) -> String {
        let mut name = String::new();
        if self.peek(0) == Some(b'-') {
            name.push('-');
            self.pos += 1;
        }
        name + &self.name_chars()
    }

    /// Consumes a string from its quote; `None` for a bad string (a
    /// newline before its closing quote). The end of the input closes a
    /// string.
    fn string(&mut self) -> Option<String> {
        let quote = self.b[self.pos];
        self.pos += 1;
        let mut value = String::new();
        loop {
            match self.peek(0) {
                None => return Some(value),
                Some(c) if c == quote => {
                    self.pos += 1;
                    return Some(value);
                }
                Some(c) if is_newline(c) => return None,
                Some(b'\\') => match self.peek(1) {
                    None => self.pos += 1,
                    // An escaped newline continues the string.
                    Some(b'\r') if self.peek(2) == Some(b'\n') => self.pos += 3,
                    Some(c) if is_newline(c) => self.pos += 2,
                    Some(_) => value.push(self.escape()),
                },
                Some(_) => {
                    let ch = self.s[self.pos..].chars().next().unwrap_or('\u{fffd}');
                    value.push(ch);
                    self.pos += ch.len_utf8();
                }
            }
        }
    }

    /// After `url(`: a quoted URL (then `url(` is a function whose
    /// argument is a string) or a url token; `found` gets its offset and
    /// text unless it is a bad url.
    fn url(&mut self, found: &mut dyn FnMut(usize, String)) {
        while self.peek(0).is_some_and(is_ws) {
            self.pos += 1;
        }
        if let Some(b'"' | b'\'') = self.peek(0) {
            let start = self.pos + 1;
            if let Some(value) = self.string() {
                found(start, value);
            }
            return;
        }
        let start = self.pos;
        let mut value = String::new();
        loop {
            match self.peek(0) {
                None => break,
                Some(b')') => {
                    self.pos += 1;
                    break;
                }
                Some(c) if is_ws(c) => {
                    while self.peek(0).is_some_and(is_ws) {
                        self.pos += 1;
                    }
                    match self.peek(0) {
                        None => break,
                        Some(b')') => {
                            self.pos += 1;
                            break;
                        }
                        Some(_) => return self.bad_url(),
                    }
                }
                Some(b'"' | b'\'' | b'(') => return self.bad_url(),
                Some(c) if is_non_printable(c) => return self.bad_url(),
                Some(b'\\') => {
                    if !self.valid_escape(self.pos) {
                        return self.bad_url();
                    }
                    value.push(self.escape());
                }
                Some(_) => {
                    let ch = self.s[self.pos..].chars().next().unwrap_or('\u{fffd}');
                    value.push(ch);
                    self.pos += ch.len_utf8();
                }
            }
        }
        found(start, value);
    }

    /// Consumes what remains of a bad url: to its `)`, escapes included
    /// (so that `\)` does not end it).
    fn bad_url(&mut self) {
        loop {
            match self.peek(0) {
                None => return,
                Some(b')') => {
                    self.pos += 1;
                    return;
                }
                Some(b'\\') if self.valid_escape(self.pos) => {
                    self.escape();
                }
                Some(_) => self.pos += 1,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all(css: &str) -> Vec<(usize, String, LinkKind)> {
        let mut v = Vec::new();
        each(css, |at, text, kind| v.push((at, text, kind)));
        v
    }

    fn texts(css: &str) -> Vec<String> {
        all(css).into_iter().map(|(_, t, _)| t).collect()
    }

    #[test]
    fn quoted_unquoted_and_offsets() {
        let css =
            "a { background: url(a.png) } b { x: url( \"b c.png\" ) url('d.png') URL(  e.png  ) }";
        let got = all(css);
        let found: Vec<(&str, &str)> = got
            .iter()
            .map(|(at, t, _)| (t.as_str(), &css[*at..*at + 1]))
            .collect();
        assert_eq!(
            found,
            [
                ("a.png", "a"),
                ("b c.png", "b"),
                ("d.png", "d"),
                ("e.png", "e")
            ]
        );
        assert!(got.iter().all(|(_, _, k)| *k == LinkKind::CssUrl));
    }

    #[test]
    fn escapes() {
        assert_eq!(texts(r"x{y:url(a\)b.png)}"), ["a)b.png"]);
        assert_eq!(texts(r"x{y:url(a\ b.png)}"), ["a b.png"]);
        assert_eq!(texts(r"x{y:url(\61 b.png)}"), ["ab.png"]);
        assert_eq!(texts(r"x{y:url(\000061b.png)}"), ["ab.png"]);
        assert_eq!(
            texts(
                r#"x{y:url("a\"b\
c.png")}"#
            ),
            ["a\"bc.png"]
        );
        assert_eq!(texts(r"x{y:url(\0)}"), ["\u{fffd}"]);
        // An escaped `url` is still the url function.
        assert_eq!(texts(r"x{y:u\72l(a.png)}"), ["a.png"]);
    }

    #[test]
    fn comments_and_strings_hold_no_urls() {
        assert!(texts("/* url(a.png) */ x { content: \"url(b.png)\" }").is_empty());
        assert!(texts("/* url(a.png)").is_empty());
        assert_eq!(texts("x/**/{y:url(/*no-comment*/)}"), ["/*no-comment*/"]);
    }

    #[test]
    fn bad_urls_and_strings() {
        // A quote, a parenthesis, a space inside, or an escaped newline
        // make a bad url: no link, and the tokenizer goes on after it.
        assert_eq!(
            texts("a{b:url(a\"b) url(c(d) url(e f) url(g\\\nh) url(ok.png)}"),
            ["ok.png"]
        );
        assert_eq!(texts("a{b:url(a\\)b c) url(ok.png)}"), ["ok.png"]);
        // A newline ends a string as bad.
        assert!(texts("a{b:url(\"x\ny\")}").is_empty());
        // The end of the input closes what is open.
        assert_eq!(texts("a{b:url(x.png"), ["x.png"]);
        assert_eq!(texts("a{b:url('x.png"), ["x.png"]);
        assert_eq!(texts("a{b:url(x.png   "), ["x.png"]);
        assert!(texts("a{b:url() url(  ) url('')}").is_empty());
        assert!(texts("a{b:url(\u{1}x)}").is_empty());
    }

    #[test]
    fn only_the_url_function() {
        assert!(texts("a{b:myurl(x) -url(y) 1url(z) #url(w) src(v)}").is_empty());
        assert_eq!(texts("a{b:-x-url(x) url(y)}"), ["y"]);
    }

    #[test]
    fn imports() {
        let got = all(
            "@import \"a.css\";\n@IMPORT url(b.css) screen;\n@import /* c */ 'c.css';\n@media x { @import url(\"d.css\"); }\n@font-face { src: url(f.woff) }\n\"e.css\"",
        );
        let kinds: Vec<(&str, LinkKind)> = got.iter().map(|(_, t, k)| (t.as_str(), *k)).collect();
        assert_eq!(
            kinds,
            [
                ("a.css", LinkKind::Import),
                ("b.css", LinkKind::Import),
                ("c.css", LinkKind::Import),
                ("d.css", LinkKind::Import),
                ("f.woff", LinkKind::CssUrl),
            ]
        );
    }

    #[test]
    fn non_ascii_and_odd_input_do_not_panic() {
        assert_eq!(texts("é{b:url(é.png)} 😀 url(😀)"), ["é.png", "😀"]);
        for s in [
            "\\", "@", "u", "url(", "url(\\", "'\\", "\"\\\r", "/*", "/", "-", "-\\", "@\\",
        ] {
            all(s);
        }
    }
}
