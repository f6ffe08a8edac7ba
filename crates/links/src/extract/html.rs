//! HTML: the URL attributes of start tags, read with html5gum.
//!
//! html5gum 0.9 counts the input's bytes as it reads ([`Emitter::move_position`]);
//! its `CallbackEmitter` turns that into spans, but the span of an
//! attribute value is one for the whole value, and a value's decoded
//! text (character references, `\r\n`) is no copy of its source. So the
//! [`Collector`] here wraps a `CallbackEmitter` (which keeps the
//! tokenizer's state: the last start tag, the raw text of `<script>` and
//! `<style>`), counts the bytes too, and records, for each piece of a
//! value as the tokenizer hands it over, the byte offset where it ends in
//! the source: a piece whose source bytes are the same maps offset by
//! offset, a decoded character reference to the `&` that starts it.

use std::collections::{HashSet, VecDeque};

use html5gum::emitters::callback::{Callback, CallbackEmitter, CallbackEvent};
use html5gum::{Emitter, ForwardingEmitter, Span, State, Tokenizer};

use super::css;
use super::raw::{OffsetMap, Raw, is_ascii_ws};
use crate::LinkKind;

/// A start tag's attributes that matter here, in source order, the first
/// of each name only (as the HTML standard has it).
#[derive(Debug)]
pub(crate) struct Tag {
    pub(crate) name: Vec<u8>,
    pub(crate) attrs: Vec<Attr>,
    /// The byte offset just after the tag's `>`: where a `<style>`'s
    /// text starts.
    pub(crate) end: usize,
}

impl Tag {
    /// The value of attribute `name`, if the tag has it.
    fn attr(&self, name: &[u8]) -> Option<&Attr> {
        self.attrs.iter().find(|a| a.name == name)
    }
}

/// An attribute: its name (lowercase, as the tokenizer makes it), its
/// value (character references decoded), and where the value's bytes
/// stand in the source.
#[derive(Debug, Default)]
pub(crate) struct Attr {
    pub(crate) name: Vec<u8>,
    pub(crate) value: String,
    map: OffsetMap,
}

impl Attr {
    /// The source offset of byte `at` of the value.
    pub(crate) fn source(&self, at: usize) -> usize {
        self.map.source(at)
    }
}

/// The attributes kept: those that hold URLs, and the anchors' `id` and
/// `name`.
fn kept(name: &[u8]) -> bool {
    matches!(
        name,
        b"href"
            | b"src"
            | b"srcset"
            | b"cite"
            | b"data"
            | b"poster"
            | b"action"
            | b"formaction"
            | b"longdesc"
            | b"manifest"
            | b"background"
            | b"id"
            | b"name"
            | b"style"
            | b"http-equiv"
            | b"content"
            | b"rel"
            | b"type"
    )
}

/// What kind of link attribute `attr` of element `tag` is, if it is one.
/// `base` is none: its `href` is read by [`base_href`].
fn kind(tag: &[u8], attr: &[u8]) -> Option<LinkKind> {
    match (attr, tag) {
        (b"href", b"a" | b"link" | b"area") => Some(LinkKind::Href),
        (
            b"src",
            b"img" | b"script" | b"iframe" | b"frame" | b"source" | b"video" | b"audio" | b"embed"
            | b"track" | b"input",
        ) => Some(LinkKind::Src),
        (b"srcset", b"img" | b"source") => Some(LinkKind::Srcset),
        (b"cite", b"blockquote" | b"q" | b"del" | b"ins")
        | (b"data", b"object")
        | (b"poster", b"video")
        | (b"action", b"form")
        | (b"formaction", b"button" | b"input")
        | (b"longdesc", b"img" | b"frame" | b"iframe")
        | (b"manifest", b"html")
        | (b"background", b"body") => Some(LinkKind::Attribute),
        _ => None,
    }
}

/// The start tags of `source` that have attributes kept, in order.
pub(crate) fn tags(source: &str) -> impl Iterator<Item = Tag> + '_ {
    Tokenizer::new_with_emitter(source, Collector::new(source)).map(|t| match t {
        Ok(tag) => tag,
        Err(never) => match never {},
    })
}

/// The links of `source`, with their byte offsets in it.
pub(crate) fn links(source: &str, out: &mut Vec<Raw>) {
    for tag in tags(source) {
        if tag.name == b"style" {
            let text = style_text(source, tag.end);
            css::each(text, |at, text, kind| {
                out.push(Raw {
                    at: tag.end + at,
                    text,
                    kind,
                });
            });
        }
        if tag.name == b"meta"
            && let (Some(equiv), Some(content)) = (tag.attr(b"http-equiv"), tag.attr(b"content"))
            && equiv
                .value
                .trim_matches(is_ws_char)
                .eq_ignore_ascii_case("refresh")
            && let Some((at, url)) = refresh_url(&content.value)
        {
            out.push(Raw {
                at: content.source(at),
                text: url.to_string(),
                kind: LinkKind::Refresh,
            });
        }
        for attr in &tag.attrs {
            if attr.name == b"style" {
                css::each(&attr.value, |at, text, kind| {
                    out.push(Raw {
                        at: attr.source(at),
                        text,
                        kind,
                    });
                });
                continue;
            }
            let Some(mut kind) = kind(&tag.name, &attr.name) else {
                continue;
            };
            if kind == LinkKind::Href && tag.name == b"link" && is_feed(&tag) {
                kind = LinkKind::Feed;
            }
            if kind == LinkKind::Srcset {
                for (at, url) in srcset(&attr.value) {
                    out.push(Raw {
                        at: attr.source(at),
                        text: url.to_string(),
                        kind,
                    });
                }
            } else if let Some((at, url)) = trim(&attr.value) {
                out.push(Raw {
                    at: attr.source(at),
                    text: url.to_string(),
                    kind,
                });
            }
        }
    }
}

fn is_ws_char(c: char) -> bool {
    c.is_ascii() && is_ascii_ws(c as u8)
}

/// The text of a `<style>` element whose start tag ends at `start`: up to
/// its end tag (`</style` then white space, `/` or `>`, in any case, as
/// the tokenizer ends raw text), or the end of the document.
fn style_text(source: &str, start: usize) -> &str {
    let rest = source.get(start..).unwrap_or("");
    let b = rest.as_bytes();
    let mut from = 0;
    while let Some(i) = rest[from..].find("</").map(|i| i + from) {
        let name = b.get(i + 2..i + 7);
        let after = b.get(i + 7).copied();
        if name.is_some_and(|n| n.eq_ignore_ascii_case(b"style"))
            && after.is_none_or(|c| is_ascii_ws(c) || c == b'/' || c == b'>')
        {
            return &rest[..i];
        }
        from = i + 2;
    }
    rest
}

/// Whether a `<link>` names a feed: its `rel` has the token `alternate`
/// and its `type` is RSS's or Atom's media type (the feed autodiscovery
/// convention), so that a crawler can follow it as a feed.
fn is_feed(tag: &Tag) -> bool {
    let alternate = tag.attr(b"rel").is_some_and(|r| {
        r.value
            .split(is_ws_char)
            .any(|t| t.eq_ignore_ascii_case("alternate"))
    });
    let feed = tag.attr(b"type").is_some_and(|t| {
        let media = t
            .value
            .split(';')
            .next()
            .unwrap_or("")
            .trim_matches(is_ws_char);
        media.eq_ignore_ascii_case("application/rss+xml")
            || media.eq_ignore_ascii_case("application/atom+xml")
    });
    alternate && feed
}

/// The URL of a `<meta http-equiv="refresh">`'s `content`, with its byte
/// offset in it, by the HTML standard's "shared declarative refresh
/// steps": white space, a time (digits, then digits and dots), then `;`,
/// `,` or white space, then an optional `url=` (any case, white space
/// around `=`) and an optional quote, which ends the URL where it comes
/// again. `None` when the content is no refresh or names no URL (a
/// reload of the page itself).
pub(crate) fn refresh_url(content: &str) -> Option<(usize, &str)> {
    let b = content.as_bytes();
    let mut pos = 0;
    let skip_ws = |pos: &mut usize| {
        while b.get(*pos).copied().is_some_and(is_ascii_ws) {
            *pos += 1;
        }
    };
    skip_ws(&mut pos);
    let digits = b[pos..].iter().take_while(|c| c.is_ascii_digit()).count();
    if digits == 0 && b.get(pos) != Some(&b'.') {
        return None;
    }
    pos += digits;
    pos += b[pos..]
        .iter()
        .take_while(|&&c| c.is_ascii_digit() || c == b'.')
        .count();
    let c = *b.get(pos)?;
    if !(c == b';' || c == b',' || is_ascii_ws(c)) {
        return None;
    }
    skip_ws(&mut pos);
    if matches!(b.get(pos), Some(b';' | b',')) {
        pos += 1;
    }
    skip_ws(&mut pos);
    if pos >= b.len() {
        return None;
    }
    let mut url_start = pos;
    let mut quote = None;
    'parse: {
        if !matches!(b.get(pos), Some(b'u' | b'U')) {
            // Straight to "skip quotes".
        } else {
            pos += 1;
            if !matches!(b.get(pos), Some(b'r' | b'R')) {
                break 'parse;
            }
            pos += 1;
            if !matches!(b.get(pos), Some(b'l' | b'L')) {
                break 'parse;
            }
            pos += 1;
            skip_ws(&mut pos);
            if b.get(pos) != Some(&b'=') {
                break 'parse;
            }
            pos += 1;
            skip_ws(&mut pos);
        }
        if let Some(&q @ (b'"' | b'\'')) = b.get(pos) {
            quote = Some(q);
            pos += 1;
        }
        url_start = pos;
    }
    let mut url = &content[url_start..];
    if let Some(q) = quote
        && let Some(end) = url.bytes().position(|c| c == q)
    {
        url = &url[..end];
    }
    let (at, url) = trim(url)?;
    Some((url_start + at, url))
}

/// The `href` of the first `base` element that has one, trimmed.
pub(crate) fn base_href(source: &str) -> Option<String> {
    tags(source)
        .filter(|t| t.name == b"base")
        .find_map(|t| t.attrs.into_iter().find(|a| a.name == b"href"))
        .map(|a| trim(&a.value).map_or("", |(_, v)| v).to_string())
}

/// The `id` values and `a` elements' `name` values of `source`.
pub(crate) fn anchors(source: &str, out: &mut HashSet<String>) {
    for tag in tags(source) {
        for attr in tag.attrs {
            let anchor = attr.name == b"id" || (attr.name == b"name" && tag.name == b"a");
            if anchor && !attr.value.is_empty() {
                out.insert(attr.value);
            }
        }
    }
}

/// `value` without ASCII white space around it (HTML's "strip leading and
/// trailing ASCII whitespace", which a browser applies to a URL
/// attribute before it parses it), with the offset where it starts;
/// `None` when nothing is left. White space inside is kept: the URL
/// parser drops tabs and line breaks itself (resolve.rs).
fn trim(value: &str) -> Option<(usize, &str)> {
    let start = value.bytes().position(|b| !is_ascii_ws(b))?;
    let end = value.bytes().rposition(|b| !is_ascii_ws(b))? + 1;
    Some((start, &value[start..end]))
}

/// The URLs of the image candidates of a `srcset` value, each with its
/// byte offset in the value, by the HTML standard's "parse a srcset
/// attribute": candidates are split at commas, each a run of characters
/// other than white space (the URL; a URL may hold commas, but commas at
/// its end are removed and end the candidate) and then descriptors,
/// which end at a comma outside parentheses.
///
/// Every candidate's URL is kept, whatever its descriptors: the standard
/// drops a candidate whose descriptors are invalid, but its URL is still
/// written in the document as a link.
pub(crate) fn srcset(value: &str) -> Vec<(usize, &str)> {
    let b = value.as_bytes();
    let mut out = Vec::new();
    let mut pos = 0;
    loop {
        // Splitting loop: white space and commas.
        while pos < b.len() && (is_ascii_ws(b[pos]) || b[pos] == b',') {
            pos += 1;
        }
        if pos >= b.len() {
            return out;
        }
        let start = pos;
        while pos < b.len() && !is_ascii_ws(b[pos]) {
            pos += 1;
        }
        let mut end = pos;
        if b[end - 1] == b',' {
            while end > start && b[end - 1] == b',' {
                end -= 1;
            }
        } else {
            pos = skip_descriptors(b, pos);
        }
        if end > start {
            out.push((start, &value[start..end]));
        }
    }
}

/// The descriptor tokenizer of "parse a srcset attribute": where the
/// candidate whose descriptors start at `pos` (after its URL) ends.
fn skip_descriptors(b: &[u8], mut pos: usize) -> usize {
    enum St {
        InDescriptor,
        InParens,
        AfterDescriptor,
    }
    while pos < b.len() && is_ascii_ws(b[pos]) {
        pos += 1;
    }
    let mut state = St::InDescriptor;
    loop {
        let c = b.get(pos).copied();
        match state {
            St::InDescriptor => match c {
                Some(c) if is_ascii_ws(c) => state = St::AfterDescriptor,
                Some(b',') => return pos + 1,
                Some(b'(') => state = St::InParens,
                None => return pos,
                Some(_) => {}
            },
            St::InParens => match c {
                Some(b')') => state = St::InDescriptor,
                None => return pos,
                Some(_) => {}
            },
            St::AfterDescriptor => match c {
                Some(c) if is_ascii_ws(c) => {}
                None => return pos,
                Some(_) => {
                    // Reconsume in the descriptor state.
                    state = St::InDescriptor;
                    continue;
                }
            },
        }
        pos += 1;
    }
}

/// A callback that keeps nothing: the [`Collector`] reads what it needs
/// on the way in.
#[derive(Debug)]
struct Quiet;

impl Callback<Tag, usize> for Quiet {
    fn handle_event(&mut self, _: CallbackEvent<'_>, _: Span<usize>) -> Option<Tag> {
        None
    }
}

/// The attribute being read.
#[derive(Debug, Default)]
struct Pending {
    attr: Attr,
    value: Vec<u8>,
    /// Where the last piece of the value ended in the source.
    end: usize,
}

/// The emitter: a `CallbackEmitter` that keeps the tokenizer's state, and
/// around it the reading of the kept attributes of start tags with the
/// source offsets of their values' pieces.
#[derive(Debug)]
struct Collector<'s> {
    inner: CallbackEmitter<Quiet, Tag, usize>,
    source: &'s [u8],
    /// The byte offset the tokenizer has read to.
    pos: usize,
    start_tag: bool,
    name: Vec<u8>,
    attrs: Vec<Attr>,
    pending: Option<Pending>,
    ready: VecDeque<Tag>,
}

impl<'s> Collector<'s> {
    fn new(source: &'s str) -> Collector<'s> {
        let mut inner = CallbackEmitter::new(Quiet);
        // The content of <script>, <style>, <textarea>, <title>, ... is
        // text, not markup.
        inner.naively_switch_states(true);
        Collector {
            inner,
            source: source.as_bytes(),
            pos: 0,
            start_tag: false,
            name: Vec::new(),
            attrs: Vec::new(),
            pending: None,
            ready: VecDeque::new(),
        }
    }

    /// Ends the attribute being read: keeps it if its name is kept and not
    /// already on the tag.
    fn finish_attribute(&mut self) {
        let Some(mut p) = self.pending.take() else {
            return;
        };
        if kept(&p.attr.name) && !self.attrs.iter().any(|a| a.name == p.attr.name) {
            p.attr.value = match String::from_utf8(p.value) {
                Ok(s) => s,
                Err(e) => String::from_utf8_lossy(e.as_bytes()).into_owned(),
            };
            self.attrs.push(p.attr);
        }
    }
}

impl ForwardingEmitter for Collector<'_> {
    type Token = Tag;

    fn inner(&mut self) -> &mut impl Emitter<Token = Self::Token> {
        &mut self.inner
    }

    fn move_position(&mut self, offset: isize) {
        self.pos = self.pos.saturating_add_signed(offset);
        self.inner.move_position(offset);
    }

    fn should_emit_errors(&mut self) -> bool {
        false
    }

    fn emit_error(&mut self, _: html5gum::Error) {}

    fn pop_token(&mut self) -> Option<Tag> {
        self.ready.pop_front()
    }

    fn init_start_tag(&mut self) {
        self.start_tag = true;
        self.name.clear();
        self.attrs.clear();
        self.pending = None;
        self.inner.init_start_tag();
    }

    fn init_end_tag(&mut self) {
        self.start_tag = false;
        self.name.clear();
        self.attrs.clear();
        self.pending = None;
        self.inner.init_end_tag();
    }

    fn push_tag_name(&mut self, s: &[u8]) {
        self.name.extend_from_slice(s);
        self.inner.push_tag_name(s);
    }

    fn init_attribute(&mut self) {
        self.finish_attribute();
        self.pending = Some(Pending {
            end: self.pos,
            ..Pending::default()
        });
        self.inner.init_attribute();
    }

    fn push_attribute_name(&mut self, s: &[u8]) {
        if let Some(p) = &mut self.pending {
            p.attr.name.extend_from_slice(s);
        }
        self.inner.push_attribute_name(s);
    }

    fn init_attribute_value(&mut self) {
        if let Some(p) = &mut self.pending {
            p.end = self.pos;
        }
        self.inner.init_attribute_value();
    }

    fn push_attribute_value(&mut self, s: &[u8]) {
        if let Some(p) = &mut self.pending {
            // The tokenizer hands a piece over when it has read it: it
            // ends at `pos`.
            let end = self.pos;
            let same = end
                .checked_sub(s.len())
                .and_then(|start| self.source.get(start..end))
                == Some(s);
            let src = if same { end - s.len() } else { p.end };
            p.attr.map.add(p.value.len(), s.len(), src, same);
            p.value.extend_from_slice(s);
            p.end = end;
        }
        self.inner.push_attribute_value(s);
    }

    fn emit_current_tag(&mut self) -> Option<State> {
        self.finish_attribute();
        if self.start_tag && (!self.attrs.is_empty() || self.name == b"style") {
            self.ready.push_back(Tag {
                name: self.name.clone(),
                attrs: std::mem::take(&mut self.attrs),
                end: self.pos,
            });
        }
        let next = self.inner.emit_current_tag();
        // What <noscript> holds is markup where scripts do not run, and
        // its links are links then: read it as markup.
        if self.start_tag && self.name == b"noscript" {
            None
        } else {
            next
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Document, Format, Link, extract};

    fn html(text: &str) -> Vec<Link> {
        extract::links(&Document::text("t.html", Format::Html, text))
    }

    fn texts(text: &str) -> Vec<(String, LinkKind)> {
        html(text).into_iter().map(|l| (l.text, l.kind)).collect()
    }

    fn at(text: &str) -> Vec<(String, u32, u32)> {
        html(text)
            .into_iter()
            .map(|l| (l.text, l.line, l.column))
            .collect()
    }

    fn s(v: &[(&str, LinkKind)]) -> Vec<(String, LinkKind)> {
        v.iter().map(|(t, k)| (t.to_string(), *k)).collect()
    }

    #[test]
    fn href_of_a_link_area() {
        let doc = r#"<a href="a.html">a</a><link rel=stylesheet href=s.css><map><area href='m.html'></map>"#;
        assert_eq!(
            texts(doc),
            s(&[
                ("a.html", LinkKind::Href),
                ("s.css", LinkKind::Href),
                ("m.html", LinkKind::Href),
            ])
        );
    }

    #[test]
    fn href_of_other_elements_is_none() {
        assert!(texts(r#"<div href="x"><p href=y><base href=z>"#).is_empty());
        assert!(texts(r#"<a src="x"><img href="y"><p src=z>"#).is_empty());
    }

    #[test]
    fn src_of_each_element() {
        for tag in [
            "img", "script", "iframe", "frame", "source", "video", "audio", "embed", "track",
            "input",
        ] {
            let doc = format!("<{tag} src=\"{tag}.x\">");
            assert_eq!(
                texts(&doc),
                s(&[(&format!("{tag}.x"), LinkKind::Src)]),
                "{tag}"
            );
        }
    }

    #[test]
    fn other_url_attributes() {
        for (tag, attr) in [
            ("blockquote", "cite"),
            ("q", "cite"),
            ("del", "cite"),
            ("ins", "cite"),
            ("object", "data"),
            ("video", "poster"),
            ("form", "action"),
            ("button", "formaction"),
            ("input", "formaction"),
            ("img", "longdesc"),
            ("iframe", "longdesc"),
            ("frame", "longdesc"),
            ("html", "manifest"),
            ("body", "background"),
        ] {
            let doc = format!("<{tag} {attr}=\"u-{attr}\">");
            assert_eq!(
                texts(&doc),
                s(&[(&format!("u-{attr}"), LinkKind::Attribute)]),
                "{tag} {attr}"
            );
        }
        assert!(texts("<div cite=x data=y poster=z action=w>").is_empty());
    }

    #[test]
    fn tag_and_attribute_names_without_regard_to_case() {
        assert_eq!(
            texts(r#"<A HREF="x"><IMG Src=y>"#),
            s(&[("x", LinkKind::Href), ("y", LinkKind::Src)])
        );
    }

    #[test]
    fn character_references_decoded() {
        assert_eq!(
            texts(r#"<a href="a&amp;b">"#),
            s(&[("a&b", LinkKind::Href)])
        );
        assert_eq!(
            texts(r#"<a href="/q?x=1&#38;y=&#x32;&lt;&eacute">"#),
            s(&[("/q?x=1&y=2<é", LinkKind::Href)])
        );
        // In an attribute, `&copy=` is no reference (the HTML standard's
        // historical exception).
        assert_eq!(
            texts(r#"<a href="/q?a=1&copy=2">"#),
            s(&[("/q?a=1&copy=2", LinkKind::Href)])
        );
        // A value that starts with a reference starts at its `&`.
        assert_eq!(
            at(r#"<a href="&#104;ttp://x/">"#),
            [("http://x/".into(), 1, 10)]
        );
    }

    #[test]
    fn empty_and_blank_values_skipped() {
        assert!(texts(r#"<a href=""><a href="  	 "><a href><img src=>"#).is_empty());
    }

    #[test]
    fn values_trimmed() {
        assert_eq!(
            at("<a href=\"  \n  x.html \t\">"),
            [("x.html".into(), 2, 3)]
        );
        // Only ASCII white space is trimmed.
        assert_eq!(
            texts("<a href=\"\u{a0}x\u{a0}\">"),
            s(&[("\u{a0}x\u{a0}", LinkKind::Href)])
        );
    }

    #[test]
    fn inner_white_space_and_backslashes_reach_the_url_parser() {
        // Only the ends are trimmed: the URL parser (resolve.rs) drops a
        // tab or a line break inside, as a browser does, and reads `\` as
        // `/` in the special schemes.
        assert_eq!(
            at("<a href=\"https://example.org/a\n   b.html\">\n<a href=docs\\page.html>"),
            [
                ("https://example.org/a\n   b.html".into(), 1, 10),
                ("docs\\page.html".into(), 3, 9),
            ]
        );
        assert_eq!(
            texts("<img src=\"\tsub/\r\n\tpage.png\n\">"),
            s(&[("sub/\n\tpage.png", LinkKind::Src)])
        );
        assert_eq!(
            base_href("<base href=\"\n ..\\up\\\n \">").as_deref(),
            Some("..\\up\\")
        );
    }

    #[test]
    fn duplicate_attribute_first_wins() {
        assert_eq!(
            texts(r#"<a href="first" href="second">"#),
            s(&[("first", LinkKind::Href)])
        );
    }

    #[test]
    fn comments_script_style_are_no_markup() {
        let doc = r#"<!-- <a href="c1"> -->
<script>document.write('<a href="s1">');</script>
<style>/* <a href="st"> */</style>
<textarea><a href="t1"></textarea>
<title><a href="ti"></title>
<a href="real">
<!--[if IE]><a href="ie"><![endif]-->"#;
        assert_eq!(texts(doc), s(&[("real", LinkKind::Href)]));
    }

    #[test]
    fn script_src_itself_counts() {
        let doc = r#"<script src="app.js"></script><a href="after">"#;
        assert_eq!(
            texts(doc),
            s(&[("app.js", LinkKind::Src), ("after", LinkKind::Href)])
        );
    }

    #[test]
    fn noscript_is_read_as_markup() {
        assert_eq!(
            texts(r#"<noscript><img src="pixel.gif"></noscript>"#),
            s(&[("pixel.gif", LinkKind::Src)])
        );
    }

    #[test]
    fn end_tags_and_unfinished_tags_have_no_links() {
        assert!(texts(r#"</a href="x">"#).is_empty());
        assert!(texts(r#"<a href="x""#).is_empty());
        assert!(texts(r#"<a href="x"#).is_empty());
    }

    #[test]
    fn srcset_split_per_spec() {
        let cases: &[(&str, &[&str])] = &[
            ("a.png 1x, b.png 2x", &["a.png", "b.png"]),
            ("a,b.png 1x", &["a,b.png"]),
            ("a.png,b.png", &["a.png,b.png"]),
            ("a.png, b.png", &["a.png", "b.png"]),
            ("a.png,, b.png", &["a.png", "b.png"]),
            ("a.png 1x,b.png 2x", &["a.png", "b.png"]),
            ("  a.png  ", &["a.png"]),
            (" , ,a.png", &["a.png"]),
            ("a.png 100w, b.png 200w", &["a.png", "b.png"]),
            ("a.png (x, y) 1x, b.png", &["a.png", "b.png"]),
            ("a.png 1x 2x , b.png", &["a.png", "b.png"]),
            (
                "data:image/png;base64,iVBOR= 1x, c.png 2x",
                &["data:image/png;base64,iVBOR=", "c.png"],
            ),
            ("", &[]),
            (" ,,, ", &[]),
            ("a.png (1x", &["a.png"]),
        ];
        for (value, urls) in cases {
            let got: Vec<&str> = srcset(value).into_iter().map(|(_, u)| u).collect();
            assert_eq!(&got, urls, "{value:?}");
        }
        let offsets: Vec<usize> = srcset("a.png 1x, b.png 2x")
            .into_iter()
            .map(|(o, _)| o)
            .collect();
        assert_eq!(offsets, [0, 10]);
    }

    #[test]
    fn srcset_of_img_and_source() {
        let doc = r#"<picture><source srcset="w.webp 1x, w2.webp 2x"><img src=f.png srcset="a.png 1x,b.png 2x"></picture><div srcset="no">"#;
        assert_eq!(
            texts(doc),
            s(&[
                ("w.webp", LinkKind::Srcset),
                ("w2.webp", LinkKind::Srcset),
                ("f.png", LinkKind::Src),
                ("a.png", LinkKind::Srcset),
                ("b.png", LinkKind::Srcset),
            ])
        );
    }

    #[test]
    fn srcset_positions() {
        let doc = "<img srcset=\"a.png 1x,\n   b&amp;c.png 2x, d.png\">";
        assert_eq!(
            at(doc),
            [
                ("a.png".into(), 1, 14),
                ("b&c.png".into(), 2, 4),
                ("d.png".into(), 2, 20),
            ]
        );
    }

    #[test]
    fn base_href_first_only() {
        assert_eq!(base_href("<p>no base</p>"), None);
        assert_eq!(
            base_href("<base target=_blank><base href=\" /a/ \"><base href=/b/>").as_deref(),
            Some("/a/")
        );
        assert_eq!(base_href("<base href=''>").as_deref(), Some(""));
        assert_eq!(
            base_href("<!-- <base href=/c/> --><base href=/d/&amp;>").as_deref(),
            Some("/d/&")
        );
    }

    #[test]
    fn positions_of_quoted_unquoted_single() {
        let doc = "<a href=\"x\">\n<a href='y'> <a href=z>\n  <img\n    src = \"w\"\n>";
        assert_eq!(
            at(doc),
            [
                ("x".into(), 1, 10),
                ("y".into(), 2, 10),
                ("z".into(), 2, 22),
                ("w".into(), 4, 12),
            ]
        );
    }

    #[test]
    fn positions_count_characters() {
        let doc = "<p>héllo wörld 日本語 😀 <a href=\"x.html\">x</a></p>\n€€ <img src=y>";
        assert_eq!(at(doc), [("x.html".into(), 1, 31), ("y".into(), 2, 13)]);
    }

    #[test]
    fn positions_after_crlf() {
        let doc = "<p>\r\n<a\r\n href=\"a\r\nb\"> <a href=c>\r<a href=d>";
        assert_eq!(
            at(doc),
            [
                ("a\nb".into(), 3, 8),
                ("c".into(), 4, 13),
                ("d".into(), 5, 9),
            ]
        );
    }

    #[test]
    fn positions_after_references_and_nul() {
        let doc = "<a title=\"&amp;&amp;\" href=\"&lt;\0x\">";
        let links = html(doc);
        assert_eq!(links[0].text, "<\u{fffd}x");
        assert_eq!((links[0].line, links[0].column), (1, 29));
    }

    #[test]
    fn every_position_is_right_in_a_long_document() {
        // Each link is its own column number: the position must name it.
        let mut doc = String::new();
        for i in 0..200 {
            let pad = "é".repeat(i % 7);
            doc.push_str(&format!(
                "{pad}<a href=\"L{i}\">x</a> &amp; <img alt='&lt;' src='S{i}'>\n"
            ));
        }
        for l in html(&doc) {
            let line = doc.lines().nth(l.line as usize - 1).unwrap();
            let rest: String = line.chars().skip(l.column as usize - 1).collect();
            assert!(rest.starts_with(&l.text), "{l:?} {line}");
        }
    }

    #[test]
    fn meta_refresh_by_the_shared_declarative_refresh_steps() {
        let cases: &[(&str, Option<&str>)] = &[
            ("5; url=next.html", Some("next.html")),
            ("5;URL=next.html", Some("next.html")),
            ("0,url=a.html", Some("a.html")),
            ("0 url = 'b.html' trailing", Some("b.html")),
            ("3; url=\"c d.html\"", Some("c d.html")),
            ("3; url=\"unclosed.html", Some("unclosed.html")),
            ("1.5; url=e.html", Some("e.html")),
            (".5; url=f.html", Some("f.html")),
            ("  7 ;  g.html ", Some("g.html")),
            ("0; ufo.html", Some("ufo.html")),
            ("0; urn:x", Some("urn:x")),
            ("0; url h.html", Some("url h.html")),
            ("0; 'q.html'", Some("q.html")),
            ("5", None),
            ("5;", None),
            ("5; url=", None),
            ("x; url=a.html", None),
            ("5x; url=a.html", None),
            ("", None),
            ("-1; url=a.html", None),
        ];
        for (content, want) in cases {
            let got = refresh_url(content).map(|(_, u)| u);
            assert_eq!(got, *want, "{content:?}");
            if let Some((at, url)) = refresh_url(content) {
                assert!(content[at..].starts_with(url), "{content:?}");
            }
        }
    }

    #[test]
    fn meta_refresh_links() {
        let doc = "<meta http-equiv=\"Refresh\" content=\"0; URL='/moved.html'\">\n<meta http-equiv=refresh content=5><meta content=\"0; url=x\"><meta http-equiv=content-type content=\"0; url=y\">";
        assert_eq!(
            html(doc)
                .into_iter()
                .map(|l| (l.text, l.line, l.column, l.kind))
                .collect::<Vec<_>>(),
            [("/moved.html".into(), 1, 45, LinkKind::Refresh)]
        );
    }

    #[test]
    fn style_elements_and_attributes() {
        let doc = "<style>\n@import \"a.css\";\nbody { background: url(bg.png) }\n/* url(no) */\n</STYLE >\n<p style=\"background: url(&quot;p.png&quot;)\">url(no)</p><style>x{y:url(last)}";
        assert_eq!(
            html(doc)
                .into_iter()
                .map(|l| (l.text, l.line, l.column, l.kind))
                .collect::<Vec<_>>(),
            [
                ("a.css".into(), 2, 10, LinkKind::Import),
                ("bg.png".into(), 3, 24, LinkKind::CssUrl),
                ("p.png".into(), 6, 33, LinkKind::CssUrl),
                ("last".into(), 6, 73, LinkKind::CssUrl),
            ]
        );
        // An end tag that is not `</style>` does not end it.
        assert_eq!(
            texts("<style>a{b:url(x)}</styled>c{d:url(y)}</style>e{f:url(z)}"),
            s(&[("x", LinkKind::CssUrl), ("y", LinkKind::CssUrl)])
        );
    }

    #[test]
    fn feed_links_are_marked() {
        let doc = r#"<link rel="alternate" type="application/rss+xml" href="/feed.rss"><link rel="Alternate home" type=" application/atom+xml; charset=utf-8" href="/feed.atom"><link rel=alternate type=text/html href=/fr/><link rel=stylesheet href=s.css><link rel=alternate href=/x>"#;
        assert_eq!(
            texts(doc),
            s(&[
                ("/feed.rss", LinkKind::Feed),
                ("/feed.atom", LinkKind::Feed),
                ("/fr/", LinkKind::Href),
                ("s.css", LinkKind::Href),
                ("/x", LinkKind::Href),
            ])
        );
    }

    #[test]
    fn anchors_ids_and_a_names() {
        let mut set = HashSet::new();
        anchors(
            r#"<h1 id="top">x</h1><a name="n1"></a><p name="not"><div id=""><span ID=Up>"#,
            &mut set,
        );
        let mut v: Vec<_> = set.into_iter().collect();
        v.sort();
        assert_eq!(v, ["Up", "n1", "top"]);
    }
}
