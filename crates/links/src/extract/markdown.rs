//! Markdown: the links of CommonMark (and GitHub's tables, footnotes,
//! strikethrough, task lists, heading attributes and YAML front matter),
//! read with pulldown-cmark.

use std::ops::Range;

use pulldown_cmark::{Event, LinkType, Options, Parser, Tag, TagEnd};

use super::html;
use super::raw::{Pieces, Raw, url_start};
use crate::LinkKind;

/// The syntax read: CommonMark with GitHub's extensions (footnotes, so
/// that `[^1]: ...` is no reference definition) and `{#id}` heading
/// attributes.
pub(crate) fn options() -> Options {
    Options::ENABLE_TABLES
        | Options::ENABLE_FOOTNOTES
        | Options::ENABLE_STRIKETHROUGH
        | Options::ENABLE_TASKLISTS
        | Options::ENABLE_HEADING_ATTRIBUTES
        | Options::ENABLE_YAML_STYLE_METADATA_BLOCKS
}

/// A link or image being read.
struct Frame {
    link_type: LinkType,
    dest: String,
    range: Range<usize>,
    /// Where its text ends, at least: the end of the last event inside it.
    inner_end: usize,
}

/// The links of `source`, with their byte offsets in it.
pub(crate) fn links(source: &str, out: &mut Vec<Raw>) {
    let parser = Parser::new_ext(source, options());
    // Reference definitions, each once where it is defined.
    for (_, def) in parser.reference_definitions().iter() {
        if !def.dest.is_empty() {
            out.push(Raw {
                at: definition_url(source, def.span.clone()),
                text: def.dest.to_string(),
                kind: LinkKind::Reference,
            });
        }
    }

    let mut frames: Vec<Frame> = Vec::new();
    let mut code_blocks = 0usize;
    let mut text = Pieces::default();
    let mut raw_html = Pieces::default();
    for (event, range) in parser.into_offset_iter() {
        let in_text = matches!(event, Event::Text(_) | Event::SoftBreak);
        let in_html = matches!(event, Event::Html(_) | Event::InlineHtml(_));
        if !in_text {
            flush_text(&mut text, out);
        }
        if !in_html {
            flush_html(&mut raw_html, out);
        }
        let closes = matches!(event, Event::End(TagEnd::Link | TagEnd::Image));
        if !closes && let Some(top) = frames.last_mut() {
            top.inner_end = top.inner_end.max(range.end);
        }
        match event {
            Event::Start(Tag::Link {
                link_type,
                dest_url,
                ..
            }) => frames.push(Frame {
                link_type,
                dest: dest_url.into_string(),
                inner_end: range.start + 1,
                range,
            }),
            Event::Start(Tag::Image {
                link_type,
                dest_url,
                ..
            }) => frames.push(Frame {
                link_type,
                dest: dest_url.into_string(),
                inner_end: range.start + 2,
                range,
            }),
            Event::End(TagEnd::Link | TagEnd::Image) => {
                if let Some(frame) = frames.pop() {
                    link(source, frame, out);
                }
                if let Some(top) = frames.last_mut() {
                    top.inner_end = top.inner_end.max(range.end);
                }
            }
            Event::Start(Tag::CodeBlock(_)) => code_blocks += 1,
            Event::End(TagEnd::CodeBlock) => code_blocks = code_blocks.saturating_sub(1),
            Event::Text(t) if frames.is_empty() && code_blocks == 0 => {
                text.push(&t, range, source);
            }
            Event::SoftBreak if frames.is_empty() && code_blocks == 0 => {
                text.push("\n", range, source);
            }
            Event::Html(h) | Event::InlineHtml(h) => raw_html.push(&h, range, source),
            _ => {}
        }
    }
    flush_text(&mut text, out);
    flush_html(&mut raw_html, out);
}

/// The link a finished link or image frame makes, if any.
fn link(source: &str, frame: Frame, out: &mut Vec<Raw>) {
    if frame.dest.is_empty() {
        return;
    }
    let Range { start, end } = frame.range;
    let (at, text, kind) = match frame.link_type {
        LinkType::Inline => (
            inline_url(source, frame.inner_end, end).unwrap_or(start),
            frame.dest,
            LinkKind::Inline,
        ),
        LinkType::Autolink => {
            // `<URL:http://...>` is an autolink of "scheme" `URL`: RFC
            // 1738's wrapper, whose URL is what follows.
            match frame.dest.get(..4) {
                Some(p) if p.eq_ignore_ascii_case("URL:") && frame.dest.len() > 4 => {
                    (start + 5, frame.dest[4..].to_string(), LinkKind::Autolink)
                }
                _ => (start + 1, frame.dest, LinkKind::Autolink),
            }
        }
        LinkType::Email => (
            start + 1,
            format!("mailto:{}", frame.dest),
            LinkKind::Autolink,
        ),
        // Reference links are reported at their definitions.
        _ => return,
    };
    out.push(Raw { at, text, kind });
}

/// The URLs of a run of text (a paragraph's text between other inline
/// elements, its soft line breaks included).
fn flush_text(text: &mut Pieces, out: &mut Vec<Raw>) {
    if text.is_empty() {
        return;
    }
    for found in uniform::extract::find_iter(&text.text) {
        out.push(Raw {
            at: text.map.source(url_start(&text.text, &found)),
            text: found.absolute().into_owned(),
            kind: LinkKind::Autolink,
        });
    }
    text.clear();
}

/// The links of a run of raw HTML (an HTML block's lines, or inline tags
/// one after the other).
fn flush_html(raw_html: &mut Pieces, out: &mut Vec<Raw>) {
    if raw_html.is_empty() {
        return;
    }
    let mut found = Vec::new();
    html::links(&raw_html.text, &mut found);
    out.extend(found.into_iter().map(|r| Raw {
        at: raw_html.map.source(r.at),
        ..r
    }));
    raw_html.clear();
}

/// Skips, from `i`, the white space between a link's parts: spaces and
/// tabs, and at most one line break after which a container's marks
/// (`>` of block quotes, indentation) are skipped too.
fn skip_link_space(b: &[u8], mut i: usize, end: usize) -> usize {
    while i < end && matches!(b[i], b' ' | b'\t') {
        i += 1;
    }
    if i < end && matches!(b[i], b'\n' | b'\r') {
        if b[i] == b'\r' && b.get(i + 1) == Some(&b'\n') {
            i += 1;
        }
        i += 1;
        while i < end && matches!(b[i], b' ' | b'\t' | b'>') {
            i += 1;
        }
    }
    i
}

/// Where the destination of an inline link whose text ends at
/// `inner_end` (at least) starts: after the `](`, the white space, and a
/// `<`.
fn inline_url(source: &str, inner_end: usize, end: usize) -> Option<usize> {
    let b = source.as_bytes();
    let end = end.min(b.len());
    let mut i = inner_end;
    while i + 1 < end && !(b[i] == b']' && b[i + 1] == b'(') {
        i += 1;
    }
    if i + 1 >= end {
        return None;
    }
    i = skip_link_space(b, i + 2, end);
    if b.get(i) == Some(&b'<') {
        i += 1;
    }
    Some(i)
}

/// Where the destination of the reference definition at `span` starts:
/// after the label, the colon, the white space and a `<`.
fn definition_url(source: &str, span: Range<usize>) -> usize {
    let b = source.as_bytes();
    let end = span.end.min(b.len());
    let mut i = span.start + 1;
    while i < end && b[i] != b']' {
        i += if b[i] == b'\\' { 2 } else { 1 };
    }
    if b.get(i + 1) != Some(&b':') {
        return span.start;
    }
    i = skip_link_space(b, i + 2, end);
    if b.get(i) == Some(&b'<') {
        i += 1;
    }
    i.min(end)
}

#[cfg(test)]
mod tests {
    use crate::{Document, Format, Link, LinkKind, extract};

    fn md(text: &str) -> Vec<Link> {
        extract::links(&Document::text("t.md", Format::Markdown, text))
    }

    fn all(text: &str) -> Vec<(String, u32, u32, LinkKind)> {
        md(text)
            .into_iter()
            .map(|l| (l.text, l.line, l.column, l.kind))
            .collect()
    }

    fn texts(text: &str) -> Vec<String> {
        md(text).into_iter().map(|l| l.text).collect()
    }

    use LinkKind::{Autolink, Inline, Reference};

    #[test]
    fn inline_links_and_images() {
        assert_eq!(
            all("See [the spec](http://a.org/spec \"T\") and ![logo](img/logo.png).\n"),
            [
                ("http://a.org/spec".into(), 1, 16, Inline),
                ("img/logo.png".into(), 1, 51, Inline),
            ]
        );
    }

    #[test]
    fn inline_destinations_in_brackets_and_escaped() {
        assert_eq!(
            all("[a](<my file.md>) [b](x\\_y.md) [c](a&amp;b)\n"),
            [
                ("my file.md".into(), 1, 6, Inline),
                ("x_y.md".into(), 1, 23, Inline),
                ("a&b".into(), 1, 36, Inline),
            ]
        );
    }

    #[test]
    fn inline_link_text_with_brackets_code_and_images() {
        assert_eq!(
            all("[`](` [x] *y*](u1) [![alt](i.png)](u2) [](u3) [a\\]](u4)\n"),
            [
                ("u1".into(), 1, 16, Inline),
                ("i.png".into(), 1, 28, Inline),
                ("u2".into(), 1, 36, Inline),
                ("u3".into(), 1, 43, Inline),
                ("u4".into(), 1, 53, Inline),
            ]
        );
    }

    #[test]
    fn inline_destination_on_the_next_line() {
        assert_eq!(
            all("> [a](\n> http://a.org/x)\n"),
            [("http://a.org/x".into(), 2, 3, Inline)]
        );
    }

    #[test]
    fn empty_destination_is_no_link() {
        assert!(md("[a]() [b](<>)\n").is_empty());
    }

    #[test]
    fn reference_links_at_their_definitions_once() {
        let doc = "Use [one][a], [two][A] and [a].\n\n[a]: http://a.org/one\n  [b]:\n  <http://b.org/two> \"Title\"\n\n> [c]: c.html\n[a]: http://a.org/dup\n";
        assert_eq!(
            all(doc),
            [
                ("http://a.org/one".into(), 3, 6, Reference),
                ("http://b.org/two".into(), 5, 4, Reference),
                ("c.html".into(), 7, 8, Reference),
            ]
        );
    }

    #[test]
    fn definition_with_escaped_bracket_in_label() {
        assert_eq!(
            all("[a\\]b]: x.html\n"),
            [("x.html".into(), 1, 9, Reference)]
        );
    }

    #[test]
    fn footnotes_are_no_definitions() {
        assert_eq!(texts("x[^1]\n\n[^1]: Some note.\n"), Vec::<String>::new());
    }

    #[test]
    fn autolinks_and_email() {
        assert_eq!(
            all("<http://a.org/x> and <joe@example.com>, <URL:ftp://f.org/p>\n"),
            [
                ("http://a.org/x".into(), 1, 2, Autolink),
                ("mailto:joe@example.com".into(), 1, 23, Autolink),
                ("ftp://f.org/p".into(), 1, 46, Autolink),
            ]
        );
    }

    #[test]
    fn raw_urls_in_text() {
        assert_eq!(
            all("Go to http://a.org/x_y_z, or www.example.com/p.\nAlso *see mailto:a@b.org* now\n"),
            [
                ("http://a.org/x_y_z".into(), 1, 7, Autolink),
                ("http://www.example.com/p".into(), 1, 30, Autolink),
                ("mailto:a@b.org".into(), 2, 11, Autolink),
            ]
        );
    }

    #[test]
    fn raw_urls_with_escapes_and_references() {
        assert_eq!(
            all("x http://a.org/?a=1&amp;b=2 y\n"),
            [("http://a.org/?a=1&b=2".into(), 1, 3, Autolink)]
        );
    }

    #[test]
    fn wrapped_url_across_lines_in_text() {
        assert_eq!(
            all("See <URL:http://a.org/very/\n  long/path> here.\n"),
            [("http://a.org/very/long/path".into(), 1, 10, Autolink)]
        );
    }

    #[test]
    fn link_text_is_not_searched() {
        assert_eq!(
            texts("[http://text.org/](http://dest.org/)\n"),
            ["http://dest.org/"]
        );
    }

    #[test]
    fn code_spans_and_blocks_hold_no_links() {
        let doc = "`http://a.org/` and `[x](y)`\n\n```\nhttp://b.org/ [z](w)\n```\n\n    http://c.org/\n\nhttp://d.org/\n";
        assert_eq!(all(doc), [("http://d.org/".into(), 9, 1, Autolink)]);
    }

    #[test]
    fn raw_html_read_as_html() {
        let doc = "Text <a href=\"in.html\">x</a>.\n\n<div>\n  <img src=\"b.png\"\n       srcset=\"c.png 2x\">\n</div>\n\n> <p><a href=q.html>q</a></p>\n";
        assert_eq!(
            all(doc),
            [
                ("in.html".into(), 1, 15, LinkKind::Href),
                ("b.png".into(), 4, 13, LinkKind::Src),
                ("c.png".into(), 5, 16, LinkKind::Srcset),
                ("q.html".into(), 8, 14, LinkKind::Href),
            ]
        );
    }

    #[test]
    fn html_comment_in_markdown_has_no_links() {
        assert!(md("<!-- [a](b) <a href=c> -->\n").is_empty());
    }

    #[test]
    fn positions_count_characters() {
        assert_eq!(
            all("Ünïcödé 日本 😀 [x](http://a.org/) ok\n"),
            [("http://a.org/".into(), 1, 18, Inline)]
        );
    }

    #[test]
    fn document_order() {
        assert_eq!(
            texts("[a][r] http://x.org/\n\n[r]: http://r.org/\n\n![i](i.png)\n"),
            ["http://x.org/", "http://r.org/", "i.png"]
        );
    }

    #[test]
    fn crlf_lines() {
        assert_eq!(
            all("a\r\nb [x](y)\r\n\r\nhttp://z.org/\r\n"),
            [
                ("y".into(), 2, 7, Inline),
                ("http://z.org/".into(), 4, 1, Autolink),
            ]
        );
    }

    #[test]
    fn links_in_tables_lists_and_quotes() {
        assert_eq!(
            texts(
                "| a | b |\n|---|---|\n| [x](t.md) | http://u.org/ |\n\n- [ ] [y](l.md)\n\n> http://q.org/\n"
            ),
            ["t.md", "http://u.org/", "l.md", "http://q.org/"]
        );
    }
}
