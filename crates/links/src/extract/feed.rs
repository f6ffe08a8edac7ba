//! Sitemaps and feeds: XML read with quick-xml, a streaming reader that
//! builds no tree and expands no entity a DTD defines (an "XML entity
//! bomb" stays the few octets it is written in: its reference is kept as
//! written), so that a hostile document costs its own length.
//!
//! - Sitemaps (sitemaps.org): the text of every `<loc>` (of `<url>`, of
//!   an image extension's element; a video extension's `content_loc`,
//!   `player_loc`, `thumbnail_loc`), a sitemap index's
//!   `<sitemap><loc>` as [`LinkKind::Sitemap`]; the `href` of an
//!   `xhtml:link` (alternate languages).
//! - RSS 2.0 and 1.0: the text of `<link>` (of `<channel>`, `<item>`,
//!   `<image>`, `<textinput>`), of `<image><url>`, of `<guid>` unless its
//!   `isPermaLink` is `false` (RSS 2.0: a guid is a permalink by
//!   default); `<enclosure url>`.
//! - Atom: `<link href>` of any `rel`, `<content src>`, the text of
//!   `<icon>`, `<logo>` and a person's `<uri>`; `<id>` is an identifier,
//!   no link. An `xml:base` (on any element) applies to the links inside
//!   it: such a link is handed over resolved against it, a relative
//!   `xml:base` itself resolved against the one around it, else against
//!   the document's URL (without one, as from standard input, a relative
//!   `xml:base` is not applied).
//!
//! Malformed XML ends the reading where it is malformed: the links before
//! it are kept.

use std::borrow::Cow;

use quick_xml::Reader;
use quick_xml::events::{BytesStart, Event};
use uniform::whatwg;

use super::raw::{Raw, is_ascii_ws};
use crate::LinkKind;

/// The deepest nesting read: sitemaps and feeds are a few elements deep,
/// and a document of a million nested elements would make the stack of
/// open elements as large as itself.
const MAX_DEPTH: usize = 256;

/// An open element.
struct Open {
    /// Its local name (without a namespace prefix).
    name: Vec<u8>,
    /// The `xml:base` in force inside it, when it resolves to an absolute
    /// URL.
    base: Option<String>,
}

/// The element whose text is being read as a link.
struct Collect {
    kind: LinkKind,
    /// How many elements are open around its text.
    depth: usize,
    at: Option<usize>,
    text: String,
    base: Option<String>,
}

impl Collect {
    /// Appends a piece of the text, which stands at `offset` in the source
    /// when it is a copy of it.
    fn push(&mut self, piece: &str, offset: usize) {
        if self.at.is_none()
            && let Some(i) = piece.bytes().position(|b| !is_ascii_ws(b))
        {
            self.at = Some(offset + i);
        }
        self.text.push_str(piece);
    }
}

/// The links of a sitemap or feed `source` whose own URL is `doc_base`,
/// with their byte offsets.
pub(crate) fn links(source: &str, doc_base: Option<&str>, out: &mut Vec<Raw>) {
    let mut reader = Reader::from_str(source);
    let config = reader.config_mut();
    // Lenient where a browser or a crawler is: a stray `&` in a URL, an
    // end tag that does not match.
    config.allow_dangling_amp = true;
    config.check_end_names = false;
    config.allow_unmatched_ends = true;
    let mut stack: Vec<Open> = Vec::new();
    let mut collect: Option<Collect> = None;
    loop {
        let before = usize::try_from(reader.buffer_position()).unwrap_or(usize::MAX);
        let Ok(event) = reader.read_event() else {
            break;
        };
        match event {
            Event::Start(_) | Event::Empty(_) if stack.len() >= MAX_DEPTH => break,
            Event::Start(e) => {
                let busy = collect.is_some();
                let open = start(source, doc_base, &e, &stack, busy, out, &mut collect);
                stack.push(open);
            }
            Event::Empty(e) => {
                start(source, doc_base, &e, &stack, true, out, &mut None);
            }
            Event::End(_) => {
                stack.pop();
                if collect.as_ref().is_some_and(|c| stack.len() < c.depth) {
                    finish(collect.take(), out);
                }
            }
            Event::Text(t) => {
                if let Some(c) = &mut collect {
                    c.push(&t.decode().unwrap_or(Cow::Borrowed("")), before);
                }
            }
            Event::CData(t) => {
                if let Some(c) = &mut collect {
                    c.push(&t.decode().unwrap_or(Cow::Borrowed("")), before + 9);
                }
            }
            Event::GeneralRef(r) => {
                if let Some(c) = &mut collect {
                    let name = r.decode().unwrap_or(Cow::Borrowed(""));
                    let resolved = match r.resolve_char_ref() {
                        Ok(Some(ch)) => Some(ch.to_string()),
                        _ => {
                            quick_xml::escape::resolve_predefined_entity(&name).map(str::to_string)
                        }
                    };
                    // An entity a DTD would define is not expanded: it
                    // stays as written.
                    let piece = resolved.unwrap_or_else(|| format!("&{name};"));
                    if c.at.is_none() {
                        c.at = Some(before);
                    }
                    c.text.push_str(&piece);
                }
            }
            Event::Eof => break,
            _ => {}
        }
    }
}

/// Reads a start tag (or an empty element's tag) whose parents are
/// `stack`: its attribute links go to `out`, an element whose text is a
/// link starts `collect` (unless one is being read already, `busy`).
/// The element as it stays open.
fn start(
    source: &str,
    doc_base: Option<&str>,
    e: &BytesStart<'_>,
    stack: &[Open],
    busy: bool,
    out: &mut Vec<Raw>,
    collect: &mut Option<Collect>,
) -> Open {
    let name = e.local_name().as_ref().to_vec();
    let parent = stack.last().map_or(&b""[..], |o| o.name.as_slice());
    let outer = stack.last().and_then(|o| o.base.clone());
    let mut base = outer.clone();
    let mut href = None;
    let mut url = None;
    let mut src = None;
    let mut permalink = true;
    for attr in e.attributes().with_checks(false).flatten() {
        let value = || attribute(source, &attr.value);
        match attr.key.as_ref() {
            b"xml:base" => {
                let (_, v) = value();
                base = xml_base(&v, outer.as_deref().or(doc_base));
            }
            b"href" => href = Some(value()),
            b"url" => url = Some(value()),
            b"src" => src = Some(value()),
            b"isPermaLink" => permalink = !value().1.trim().eq_ignore_ascii_case("false"),
            _ => {}
        }
    }
    let mut push = |found: Option<(usize, String)>, kind| {
        if let Some((at, text)) = found {
            let text = text.trim_matches(|c: char| c.is_ascii() && is_ascii_ws(c as u8));
            if !text.is_empty() {
                out.push(Raw {
                    at,
                    text: against(text, base.as_deref()),
                    kind,
                });
            }
        }
    };
    let text_kind = match (name.as_slice(), parent) {
        (b"link", _) if href.is_some() => {
            push(href, LinkKind::Href);
            None
        }
        (b"enclosure", _) => {
            push(url, LinkKind::Element);
            None
        }
        (b"content", _) => {
            push(src, LinkKind::Element);
            None
        }
        (b"loc", b"sitemap") => Some(LinkKind::Sitemap),
        (b"loc" | b"content_loc" | b"player_loc" | b"thumbnail_loc", _) => Some(LinkKind::Loc),
        (b"link", b"channel" | b"item" | b"image" | b"textinput" | b"textInput") => {
            Some(LinkKind::Element)
        }
        (b"url", b"image") => Some(LinkKind::Element),
        (b"guid", _) if permalink => Some(LinkKind::Element),
        (b"icon" | b"logo", _) => Some(LinkKind::Element),
        (b"uri", b"author" | b"contributor") => Some(LinkKind::Element),
        _ => None,
    };
    if let Some(kind) = text_kind
        && !busy
    {
        *collect = Some(Collect {
            kind,
            depth: stack.len() + 1,
            at: None,
            text: String::new(),
            base: base.clone(),
        });
    }
    Open { name, base }
}

/// An attribute's value, unescaped (an entity a DTD would define kept as
/// written), with the offset of its first character after white space.
fn attribute(source: &str, raw: &[u8]) -> (usize, String) {
    // The reader borrows from the source: the value's place in it is its
    // address's distance from the source's.
    let offset = (raw.as_ptr() as usize)
        .checked_sub(source.as_ptr() as usize)
        .filter(|&o| source.as_bytes().get(o..o.saturating_add(raw.len())) == Some(raw))
        .unwrap_or(0);
    let lead = raw.iter().take_while(|&&b| is_ascii_ws(b)).count();
    let text = String::from_utf8_lossy(raw);
    let value = match quick_xml::escape::unescape(&text) {
        Ok(v) => v.into_owned(),
        Err(_) => text.into_owned(),
    };
    (offset + lead, value)
}

/// The `xml:base` in force inside an element whose own is `value` and
/// whose parent's is `outer`: when it resolves to an absolute URL.
fn xml_base(value: &str, outer: Option<&str>) -> Option<String> {
    let outer = outer.and_then(|o| whatwg::parse(o, None).ok());
    whatwg::parse(value.trim(), outer.as_ref())
        .ok()
        .map(|u| u.as_str().to_string())
}

/// `text` resolved against the `xml:base` in force, if there is one and
/// it resolves; else as written.
fn against(text: &str, base: Option<&str>) -> String {
    let Some(base) = base.and_then(|b| whatwg::parse(b, None).ok()) else {
        return text.to_string();
    };
    whatwg::parse(text, Some(&base)).map_or_else(|_| text.to_string(), |u| u.as_str().to_string())
}

/// Hands over the link whose text was read.
fn finish(collect: Option<Collect>, out: &mut Vec<Raw>) {
    let Some(c) = collect else {
        return;
    };
    let text = c
        .text
        .trim_matches(|ch: char| ch.is_ascii() && is_ascii_ws(ch as u8));
    if let Some(at) = c.at
        && !text.is_empty()
    {
        out.push(Raw {
            at,
            text: against(text, c.base.as_deref()),
            kind: c.kind,
        });
    }
}

#[cfg(test)]
mod tests {
    use crate::{Document, Format, LinkKind, extract};

    fn all(format: Format, xml: &str) -> Vec<(String, u32, u32, LinkKind)> {
        extract::links(&Document::text("t.xml", format, xml))
            .into_iter()
            .map(|l| (l.text, l.line, l.column, l.kind))
            .collect()
    }

    fn l(t: &str, line: u32, column: u32, kind: LinkKind) -> (String, u32, u32, LinkKind) {
        (t.to_string(), line, column, kind)
    }

    #[test]
    fn sitemap_urls_with_positions() {
        let xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\" xmlns:image=\"http://www.google.com/schemas/sitemap-image/1.1\">\n  <url><loc>https://example.org/</loc><lastmod>2024-01-01</lastmod></url>\n  <url>\n    <loc>\n      https://example.org/a?x=1&amp;y=2\n    </loc>\n    <image:image><image:loc>https://example.org/i.png</image:loc></image:image>\n  </url>\n  <url><loc><![CDATA[https://example.org/c]]></loc></url>\n</urlset>\n";
        assert_eq!(
            all(Format::Sitemap, xml),
            [
                l("https://example.org/", 3, 13, LinkKind::Loc),
                l("https://example.org/a?x=1&y=2", 6, 7, LinkKind::Loc),
                l("https://example.org/i.png", 8, 29, LinkKind::Loc),
                l("https://example.org/c", 10, 22, LinkKind::Loc),
            ]
        );
    }

    #[test]
    fn sitemap_index_children_are_sitemaps() {
        let xml = "<sitemapindex xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n<sitemap><loc>https://example.org/s1.xml.gz</loc></sitemap>\n<sitemap><loc>/s2.xml</loc><lastmod>x</lastmod></sitemap>\n</sitemapindex>";
        assert_eq!(
            all(Format::Sitemap, xml),
            [
                l("https://example.org/s1.xml.gz", 2, 15, LinkKind::Sitemap),
                l("/s2.xml", 3, 15, LinkKind::Sitemap),
            ]
        );
    }

    #[test]
    fn rss_links_enclosures_and_permalinks() {
        let xml = "<rss version=\"2.0\"><channel>\n<title>T</title><link>https://example.org/</link>\n<image><url>/logo.png</url><link>https://example.org/</link></image>\n<item><link>/post/1</link><guid isPermaLink=\"false\">tag:1</guid>\n<enclosure url=\"/a.mp3\" length=\"1\" type=\"audio/mpeg\"/></item>\n<item><guid>https://example.org/p2</guid><description>&lt;a href=\"x\"&gt;</description></item>\n</channel></rss>";
        assert_eq!(
            all(Format::Feed, xml),
            [
                l("https://example.org/", 2, 23, LinkKind::Element),
                l("/logo.png", 3, 13, LinkKind::Element),
                l("https://example.org/", 3, 34, LinkKind::Element),
                l("/post/1", 4, 13, LinkKind::Element),
                l("/a.mp3", 5, 17, LinkKind::Element),
                l("https://example.org/p2", 6, 13, LinkKind::Element),
            ]
        );
    }

    #[test]
    fn rss_1_0() {
        let xml = "<rdf:RDF xmlns:rdf=\"http://www.w3.org/1999/02/22-rdf-syntax-ns#\" xmlns=\"http://purl.org/rss/1.0/\">\n<channel rdf:about=\"http://e.org/\"><link>http://e.org/</link></channel>\n<item rdf:about=\"http://e.org/1\"><link>http://e.org/1</link></item></rdf:RDF>";
        let texts: Vec<String> = all(Format::Feed, xml).into_iter().map(|x| x.0).collect();
        assert_eq!(texts, ["http://e.org/", "http://e.org/1"]);
    }

    #[test]
    fn atom_links_and_xml_base() {
        let xml = "<feed xmlns=\"http://www.w3.org/2005/Atom\" xml:base=\"https://example.org/blog/\">\n<id>urn:uuid:1</id><link rel=\"self\" href=\"feed.atom\"/><icon>/i.ico</icon>\n<entry xml:base=\"2024/\"><id>https://example.org/not-a-link</id><link href=\"post.html\"/>\n<link rel=\"enclosure\" href=\"https://cdn.example/x.mp3\"/><content type=\"image/png\" src=\"p.png\"/>\n<author><name>A</name><uri>/a/</uri></author></entry>\n</feed>";
        assert_eq!(
            all(Format::Feed, xml),
            [
                l("https://example.org/blog/feed.atom", 2, 43, LinkKind::Href),
                l("https://example.org/i.ico", 2, 61, LinkKind::Element),
                l(
                    "https://example.org/blog/2024/post.html",
                    3,
                    76,
                    LinkKind::Href
                ),
                l("https://cdn.example/x.mp3", 4, 29, LinkKind::Href),
                l(
                    "https://example.org/blog/2024/p.png",
                    4,
                    88,
                    LinkKind::Element
                ),
                l("https://example.org/a/", 5, 28, LinkKind::Element),
            ]
        );
        // A relative xml:base resolves against the document's URL; without
        // one, it is not applied.
        let xml = "<feed><entry xml:base=\"/x/\"><link href=\"p.html\"/></entry></feed>";
        assert_eq!(all(Format::Feed, xml)[0].0, "p.html");
        let mut doc = Document::text("t.xml", Format::Feed, xml);
        doc.base = Some("http://e.org/feeds/a.xml".into());
        assert_eq!(extract::links(&doc)[0].text, "http://e.org/x/p.html");
        // Links outside any xml:base stay as written.
        let xml = "<feed><link href=\"p.html\"/></feed>";
        doc.text = xml.into();
        assert_eq!(extract::links(&doc)[0].text, "p.html");
    }

    #[test]
    fn entity_bomb_is_not_expanded() {
        let xml = uniform_testkit::entity_bomb_prolog()
            + "<urlset><url><loc>&lol9;</loc></url><url><loc>http://e.org/&lol9;</loc></url></urlset>";
        let start = std::time::Instant::now();
        let found = all(Format::Sitemap, &xml);
        assert!(start.elapsed() < std::time::Duration::from_secs(2));
        assert_eq!(
            found.iter().map(|x| x.0.as_str()).collect::<Vec<_>>(),
            ["&lol9;", "http://e.org/&lol9;"]
        );
        // The same in an attribute.
        let xml = "<!DOCTYPE f [<!ENTITY a \"aaaaaaaaaa\">]><feed><link href=\"&a;\"/></feed>";
        assert_eq!(all(Format::Feed, xml)[0].0, "&a;");
    }

    #[test]
    fn malformed_and_deep_documents_end_the_reading() {
        let found = all(
            Format::Sitemap,
            "<urlset><url><loc>http://e.org/1</loc></url><url><loc>http://e.org/2</loc><<<",
        );
        assert_eq!(found.len(), 2);
        let deep = "<a>".repeat(100_000) + "<loc>http://e.org/</loc>";
        assert!(all(Format::Sitemap, &deep).is_empty());
        for s in [
            "<",
            "<loc>",
            "<loc>&",
            "<loc>&#xFFFFFFFF;</loc>",
            "<link href='&#0;'/>",
            "<![CDATA[",
            "<loc><![CDATA[x",
        ] {
            all(Format::Feed, s);
        }
    }
}
