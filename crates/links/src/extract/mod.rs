//! The links of a document, each with its line and column, and the
//! fragment targets (anchors) a document defines.
//!
//! Each format has its own reading:
//!
//! - **HTML**, with html5gum (a WHATWG tokenizer, so attributes are read
//!   as a browser reads them, character references decoded, and the
//!   content of comments, `<script>`, `<style>`, `<textarea>` and
//!   `<title>` is no markup): `href` of `a`, `link`, `area`; `src` of
//!   `img`, `script`, `iframe`, `frame`, `source`, `video`, `audio`,
//!   `embed`, `track`, `input`; each candidate of the `srcset` of `img`
//!   and `source`; and `cite` (`blockquote`, `q`, `del`, `ins`), `data`
//!   (`object`), `poster` (`video`), `action` (`form`), `formaction`
//!   (`button`, `input`), `longdesc` (`img`, `frame`, `iframe`),
//!   `manifest` (`html`), `background` (`body`). A value is trimmed of
//!   ASCII white space; an empty one is no link. `<base href>` is no link
//!   to check: [`base_href`] reads it. Also: the URL of a `<meta
//!   http-equiv="refresh">`'s `content` (the HTML standard's "shared
//!   declarative refresh steps"), the CSS links of `<style>` elements and
//!   `style` attributes (as CSS below), and a `<link rel="alternate">`
//!   whose `type` is RSS's or Atom's as [`LinkKind::Feed`](crate::LinkKind::Feed).
//! - **Markdown**, with pulldown-cmark: inline links and images, reference
//!   definitions (`[id]: url`, each once, where it is defined, whether or
//!   not a link uses it), autolinks (`<http://...>`; `<a@b.org>` becomes
//!   `mailto:a@b.org`), URLs in the text found by Uniform's extractor (as
//!   GitHub links them, `www.` host names included, made `http://` ones),
//!   and the links of raw HTML. Code spans and code blocks hold no links.
//! - **Text**: Uniform's extractor, URLs with a scheme only (no `www.`
//!   hosts), `<URL:...>` wrappers and lines broken inside a URL included.
//! - **CSS**, tokenized as CSS Syntax Level 3 has it, as far as these
//!   need: `url(...)` quoted or not (escapes undone; a bad url token is no
//!   link) and `@import "..."` / `@import url(...)`; nothing in comments
//!   or other strings.
//! - **Sitemaps** and **feeds**, with quick-xml (no DTD entity expanded):
//!   a sitemap's `<loc>`s, a sitemap index's `<sitemap><loc>`s; RSS
//!   `<link>`, `<enclosure url>`, permalink `<guid>`; Atom `<link href>`,
//!   `<content src>`, `<icon>`, `<logo>`, `<uri>`, with `xml:base`.
//!
//! A link's line and column are those of its first character in the
//! document's text: the first character of an HTML attribute's value
//! (after white space trimmed), of the URL inside a Markdown link's
//! `(...)` (inside `<...>` when it has them) or definition, of an
//! autolink's URL (after its `<`), and of a URL found in text (after its
//! `<`, `<URL:` or `URL:` wrapper, if it has one). Lines end at `\n`,
//! `\r\n` or a lone `\r`; columns count characters, from 1.

use std::collections::HashSet;

use crate::{Document, Format, Link};

mod anchors;
mod css;
mod feed;
mod html;
mod markdown;
mod raw;
mod text;

use raw::Raw;

/// The links of `doc`, in document order, each as written (character
/// references and escapes undone, not resolved) with the line and
/// column of its first character. See the [module documentation](self)
/// for what each format yields.
///
/// # Example
///
/// ```
/// use uniform_links::{extract, Document, Format, LinkKind};
///
/// let html = "<p>Hello\n  <a href=\"a.html?x=1&amp;y=2\">a</a> <img srcset=\"s.png 1x, l.png 2x\">";
/// let links = extract::links(&Document::text("index.html", Format::Html, html));
/// let found: Vec<(&str, u32, u32, LinkKind)> =
///     links.iter().map(|l| (l.text.as_str(), l.line, l.column, l.kind)).collect();
/// assert_eq!(found, [
///     ("a.html?x=1&y=2", 2, 12, LinkKind::Href),
///     ("s.png", 2, 51, LinkKind::Srcset),
///     ("l.png", 2, 61, LinkKind::Srcset),
/// ]);
///
/// let text = "See <URL:ftp://ftp.example.org/pub/\n  file.txt> or http://example.com/.";
/// let links = extract::links(&Document::text("notes.txt", Format::Text, text));
/// assert_eq!(links[0].text, "ftp://ftp.example.org/pub/file.txt");
/// assert_eq!((links[0].line, links[0].column), (1, 10));
/// assert_eq!(links[1].text, "http://example.com/");
/// assert_eq!(links[1].kind, LinkKind::Text);
/// ```
pub fn links(doc: &Document) -> Vec<Link> {
    let mut out = Vec::new();
    each_link(doc, |l| out.push(l));
    out
}

/// [`links`], each handed to `f` in turn: a document of a million links
/// never has them all as [`Link`]s at once.
pub(crate) fn each_link(doc: &Document, f: impl FnMut(Link)) {
    let mut raw = Vec::new();
    match doc.format {
        Format::Html => html::links(&doc.text, &mut raw),
        Format::Markdown => markdown::links(&doc.text, &mut raw),
        Format::Text => text::links(&doc.text, &mut raw),
        Format::Css => css::links(&doc.text, &mut raw),
        Format::Sitemap | Format::Feed => feed::links(&doc.text, doc.base.as_deref(), &mut raw),
    }
    locate(&doc.text, raw, f);
}

/// The `href` of the first `<base>` element that has one, trimmed of
/// ASCII white space, in an HTML document; `None` in other formats or
/// when there is none.
///
/// As in the HTML standard, only the first `base` element with an `href`
/// counts. The value is as written: resolve it against the document's own
/// URL (an empty value names the document itself).
///
/// # Example
///
/// ```
/// use uniform_links::{extract, Document, Format};
///
/// let html = "<head><base target=_top><base href=' https://example.org/docs/ '><base href=/x/></head>";
/// let doc = Document::text("index.html", Format::Html, html);
/// assert_eq!(extract::base_href(&doc).as_deref(), Some("https://example.org/docs/"));
/// let md = Document::text("a.md", Format::Markdown, "<base href=\"/x/\">\n");
/// assert_eq!(extract::base_href(&md), None);
/// ```
pub fn base_href(doc: &Document) -> Option<String> {
    match doc.format {
        Format::Html => html::base_href(&doc.text),
        _ => None,
    }
}

/// The fragment targets of `doc`, for checking the `#fragment` of a link
/// into it.
///
/// - HTML: the value of every `id` attribute, and the `name` of every `a`
///   element.
/// - Markdown: the anchor GitHub gives each heading (its text lowercased,
///   characters other than letters, digits, spaces, `-` and `_` removed,
///   each space made `-`; a repeated anchor gets `-1`, `-2`, ... after
///   it), or the explicit id of a heading that has one (`# Title {#id}`);
///   and the `id` and `a name` of its raw HTML.
/// - Text: none.
///
/// # Example
///
/// ```
/// use uniform_links::{extract, Document, Format};
///
/// let md = "# Getting started\n\n## Install!\n\n## Install!\n\n## Usage {#how-to}\n\n<a name=\"old\"></a>\n";
/// let anchors = extract::anchors(&Document::text("a.md", Format::Markdown, md));
/// let mut anchors: Vec<String> = anchors.into_iter().collect();
/// anchors.sort();
/// assert_eq!(anchors, ["getting-started", "how-to", "install", "install-1", "old"]);
///
/// let html = "<h1 id=top>T</h1><a name=\"end\"></a><p name=no>";
/// let anchors = extract::anchors(&Document::text("a.html", Format::Html, html));
/// assert!(anchors.contains("top") && anchors.contains("end") && !anchors.contains("no"));
/// ```
pub fn anchors(doc: &Document) -> HashSet<String> {
    let mut set = HashSet::new();
    match doc.format {
        Format::Html => html::anchors(&doc.text, &mut set),
        Format::Markdown => anchors::markdown(&doc.text, &mut set),
        _ => {}
    }
    set
}

/// The links of `raw`, in the order of their offsets in `text`, with
/// their lines and columns.
fn locate(text: &str, mut raw: Vec<Raw>, mut f: impl FnMut(Link)) {
    raw.sort_by_key(|r| r.at);
    let mut locator = Locator::new(text);
    for r in raw {
        let (line, column) = locator.locate(r.at);
        f(Link {
            text: r.text,
            line,
            column,
            kind: r.kind,
        });
    }
}

/// Lines and columns of byte offsets, read forward from the last one asked
/// for: offsets asked in order cost one pass over the text in all.
struct Locator<'t> {
    text: &'t str,
    at: usize,
    line: u32,
    column: u32,
}

impl<'t> Locator<'t> {
    fn new(text: &'t str) -> Locator<'t> {
        Locator {
            text,
            at: 0,
            line: 1,
            column: 1,
        }
    }

    /// The line and column (from 1, in characters) of the character at
    /// byte `offset` (or of the one it falls in).
    fn locate(&mut self, offset: usize) -> (u32, u32) {
        let mut offset = offset.min(self.text.len());
        while !self.text.is_char_boundary(offset) {
            offset -= 1;
        }
        if offset < self.at {
            *self = Locator::new(self.text);
        }
        let bytes = self.text.as_bytes();
        for i in self.at..offset {
            match bytes[i] {
                b'\n' => self.newline(),
                b'\r' if bytes.get(i + 1) != Some(&b'\n') => self.newline(),
                // A UTF-8 continuation byte is no new character.
                b if b & 0xC0 == 0x80 => {}
                _ => self.column = self.column.saturating_add(1),
            }
        }
        self.at = offset;
        (self.line, self.column)
    }

    fn newline(&mut self) {
        self.line = self.line.saturating_add(1);
        self.column = 1;
    }
}

#[cfg(test)]
mod tests {
    use super::raw::{OffsetMap, Pieces, url_start};
    use super::*;
    use crate::LinkKind;

    #[test]
    fn locator_counts_characters_and_line_ends() {
        let text = "ab\r\ncé\rx\ny€z";
        let mut l = Locator::new(text);
        assert_eq!(l.locate(0), (1, 1));
        assert_eq!(l.locate(1), (1, 2));
        assert_eq!(l.locate(4), (2, 1)); // c
        assert_eq!(l.locate(5), (2, 2)); // é
        assert_eq!(l.locate(7), (2, 3)); // \r
        assert_eq!(l.locate(8), (3, 1)); // x
        assert_eq!(l.locate(10), (4, 1)); // y
        assert_eq!(l.locate(14), (4, 3)); // z, after the 3-byte €
        // Backward, inside a character, past the end.
        assert_eq!(l.locate(6), (2, 2));
        assert_eq!(l.locate(99), (4, 4));
    }

    #[test]
    fn links_sorted_by_offset() {
        let raw = vec![
            Raw {
                at: 5,
                text: "b".into(),
                kind: LinkKind::Text,
            },
            Raw {
                at: 0,
                text: "a".into(),
                kind: LinkKind::Text,
            },
        ];
        let mut links = Vec::new();
        locate("a\nxyzb", raw, |l| links.push(l));
        assert_eq!(links[0].text, "a");
        assert_eq!((links[1].line, links[1].column), (2, 4));
    }

    #[test]
    fn offset_map() {
        let source = "ab&amp;cd";
        let mut p = Pieces::default();
        p.push("ab", 0..2, source);
        p.push("&", 2..7, source);
        p.push("cd", 7..9, source);
        assert_eq!(p.text, "ab&cd");
        assert_eq!(p.map.source(0), 0);
        assert_eq!(p.map.source(1), 1);
        assert_eq!(p.map.source(2), 2);
        assert_eq!(p.map.source(3), 7);
        assert_eq!(p.map.source(4), 8);
        assert_eq!(p.map.source(5), 9);
        assert_eq!(OffsetMap::default().source(3), 0);
    }

    /// Documents of every format with the constructs each reading
    /// handles; their prefixes cut them anywhere.
    const SAMPLES: &[&str] = &[
        "<!DOCTYPE html><html manifest=m.appcache><head><base href=\"/b/\"><link href=s.css></head>\n<body background=bg.png><!-- <a href=c> --><a href=\"a&amp;b\" name=top>x</a>\n<img src='i.png' srcset=\"a.png 1x, b,c.png 2x, data:x,y (w) 3x\"><script>var a='<a href=z>';</script>\n<form action=/f><button formaction=/g>go</button></form><p id=\"p1\">é€😀</p></body></html>",
        "# Title {#t}\n\nSee [the spec](http://a.org/s \"t\") and ![i](<i m.png>), [r][ref], <http://b.org/> <a@b.org>.\n\n[ref]:\n  http://r.org/ 'T'\n\n> quote http://q.org/x-\n> y `http://code/` <a href=\"h.html\" id=h>h</a>\n\n```\nhttp://block/\n```\n\n| a | [t](t.md) |\n|---|---|\n\n## Title\n\n<div>\n<img\n src=x.png>\n</div>\n",
        "<style>@import 'a.css'; b{c:url( \"d\\).png\" )}</style><p style=\"e:url(f&amp;g)\"><meta http-equiv=Refresh content=\"1; URL='h.html'\">\n<link rel=alternate type=application/atom+xml href=i.atom>",
        "<?xml version=\"1.0\"?><!DOCTYPE u [<!ENTITY a \"&b;&b;\">]>\n<sitemapindex><sitemap><loc> &amp;&#x41;&a;<![CDATA[x]]> </loc></sitemap></sitemapindex>\n<feed xml:base=\"http://a.org/b/\"><link href='c'/><entry xml:base='d/'><content src=\"e\"/><uri>f</uri></entry></feed>",
        "Yes, Jim, I found it under <URL:ftp://info.cern.ch/pub/www/doc;\n      type=d> but URL:http://a.org/x and http://b.org/long-\n   path (see http://c.org/(x)).\r\n<mailto:a@b.org>",
    ];

    fn all_formats(text: &str) {
        for format in [
            Format::Html,
            Format::Markdown,
            Format::Text,
            Format::Css,
            Format::Sitemap,
            Format::Feed,
        ] {
            let doc = Document::text("t", format, text);
            let lines = 1 + text.matches('\n').count() + text.matches('\r').count();
            for l in links(&doc) {
                assert!(l.line >= 1 && l.line as usize <= lines, "{l:?} in {text:?}");
                assert!(l.column >= 1 && !l.text.is_empty(), "{l:?} in {text:?}");
            }
            anchors(&doc);
            base_href(&doc);
        }
    }

    #[test]
    fn truncated_documents_do_not_panic() {
        for sample in SAMPLES {
            for (i, _) in sample.char_indices() {
                all_formats(&sample[..i]);
                all_formats(&sample[i..]);
            }
        }
    }

    #[test]
    fn random_input_does_not_panic() {
        // xorshift64*: the same inputs on every run.
        let mut state: u64 = 0x9E37_79B9_7F4A_7C15;
        let mut next = move || {
            state ^= state >> 12;
            state ^= state << 25;
            state ^= state >> 27;
            state.wrapping_mul(0x2545_F491_4F6C_DD1D)
        };
        // Pieces of markup, so that random strings reach deep into each
        // reading, and raw bytes, so that nothing is assumed.
        const TOKENS: &[&[u8]] = &[
            b"<",
            b">",
            b"</",
            b"<a href=",
            b"<img src=\"",
            b" srcset='",
            b"\"",
            b"'",
            b"&amp;",
            b"&#x",
            b"&",
            b";",
            b"<!--",
            b"-->",
            b"<script>",
            b"</script>",
            b"<base href=",
            b"id=",
            b"[",
            b"]",
            b"(",
            b")",
            b"![",
            b"](",
            b"]:",
            b"<http://",
            b"http://a.org/",
            b"<URL:",
            b"mailto:",
            b"@",
            b"`",
            b"```",
            b"\n",
            b"\r",
            b"\r\n",
            b" ",
            b"\t",
            b"#",
            b"> ",
            b"- ",
            b"|",
            b"{#",
            b"}",
            b"\\",
            b",",
            b"1x",
            b"-",
            b"_",
            b"*",
            b"\xC3\xA9",
            b"\xF0\x9F\x98\x80",
            b"\0",
            b"www.x.org",
            b"url(",
            b"@import ",
            b"/*",
            b"*/",
            b"<style>",
            b" style='",
            b"<meta http-equiv=refresh content='0;url=",
            b"<urlset>",
            b"<loc>",
            b"</loc>",
            b"<![CDATA[",
            b"]]>",
            b"<link href=",
            b" xml:base=",
            b"<!DOCTYPE x [<!ENTITY a 'b'>]>",
            b"&a;",
        ];
        for _ in 0..2000 {
            let len = (next() % 120) as usize;
            let mut bytes = Vec::new();
            for _ in 0..len {
                let r = next();
                if r % 4 == 0 {
                    bytes.push((r >> 8) as u8);
                } else {
                    bytes.extend_from_slice(TOKENS[(r >> 8) as usize % TOKENS.len()]);
                }
            }
            all_formats(&String::from_utf8_lossy(&bytes));
        }
    }

    #[test]
    fn positions_name_the_links() {
        // Where a link is written as it is (no references, no escapes), the
        // text at its line and column starts with it.
        let md = "# T\n\n- é [a](http://a.org/1) <http://a.org/2>\n  > [b]:\n  > http://a.org/3\n\n日本 http://a.org/4, <img src=\"http://a.org/5\">\n\n[b]\n";
        let html = "<p>é\n<a  href = \" http://a.org/1\">\r\n<img srcset=\"http://a.org/2 1x,\n http://a.org/3 2x\">";
        let text = "x <URL:http://a.org/1> 😀 http://a.org/2\n <http://a.org/3>";
        for (format, doc) in [
            (Format::Markdown, md),
            (Format::Html, html),
            (Format::Text, text),
        ] {
            let found = links(&Document::text("t", format, doc));
            let expected = if format == Format::Markdown { 5 } else { 3 };
            assert_eq!(found.len(), expected, "{found:?}");
            let lines: Vec<&str> = doc.split('\n').collect();
            for l in found {
                let line = lines[l.line as usize - 1];
                let rest: String = line.chars().skip(l.column as usize - 1).collect();
                assert!(rest.starts_with(&l.text), "{l:?} at {rest:?}");
            }
        }
    }

    #[test]
    fn url_start_after_wrappers() {
        for (text, at) in [
            ("x <URL:http://a.org/> y", 7),
            ("x <URL: http://a.org/> y", 8),
            ("x <http://a.org/> y", 3),
            ("x URL:http://a.org/ y", 6),
            ("x http://a.org/ y", 2),
        ] {
            let f = uniform::extract::find_iter(text).next().unwrap();
            assert_eq!(url_start(text, &f), at, "{text}");
        }
    }
}
