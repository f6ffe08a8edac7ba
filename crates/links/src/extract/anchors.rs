//! The anchors of Markdown documents: headings, as GitHub names them, and
//! the ids of raw HTML.

use std::collections::{HashMap, HashSet};

use pulldown_cmark::{Event, Parser, Tag, TagEnd};

use super::html;
use super::markdown::options;

/// The anchors of the Markdown text `source`, added to `out`.
pub(crate) fn markdown(source: &str, out: &mut HashSet<String>) {
    let mut slugger = Slugger::default();
    // The heading being read: its explicit id, and its text.
    let mut heading: Option<(Option<String>, String)> = None;
    let mut images = 0usize;
    let mut raw_html = String::new();
    for event in Parser::new_ext(source, options()) {
        if !matches!(event, Event::Html(_) | Event::InlineHtml(_)) && !raw_html.is_empty() {
            html::anchors(&raw_html, out);
            raw_html.clear();
        }
        match event {
            Event::Start(Tag::Heading { id, .. }) => {
                heading = Some((id.map(|id| id.into_string()), String::new()));
            }
            Event::End(TagEnd::Heading(_)) => {
                if let Some((id, text)) = heading.take() {
                    let anchor = match id {
                        Some(id) => slugger.explicit(id),
                        None => slugger.slug(&text),
                    };
                    if !anchor.is_empty() {
                        out.insert(anchor);
                    }
                }
            }
            Event::Start(Tag::Image { .. }) => images += 1,
            Event::End(TagEnd::Image) => images = images.saturating_sub(1),
            Event::Text(t) | Event::Code(t) if images == 0 => {
                if let Some((_, text)) = &mut heading {
                    text.push_str(&t);
                }
            }
            Event::SoftBreak | Event::HardBreak => {
                if let Some((_, text)) = &mut heading {
                    text.push('\n');
                }
            }
            Event::Html(h) | Event::InlineHtml(h) => raw_html.push_str(&h),
            _ => {}
        }
    }
    if !raw_html.is_empty() {
        html::anchors(&raw_html, out);
    }
}

/// Heading anchors as GitHub makes them (github-slugger): each unique
/// within the document.
#[derive(Debug, Default)]
struct Slugger {
    /// Each anchor given, with how many times its base was repeated.
    seen: HashMap<String, usize>,
}

impl Slugger {
    /// The anchor of a heading whose text is `text`: the text lowercased,
    /// with every character but letters, digits, `-`, `_` and spaces
    /// removed and each space made `-`; if that was given already, with
    /// `-1`, `-2`, ... after it (the first such not given yet).
    fn slug(&mut self, text: &str) -> String {
        let base: String = text
            .chars()
            .flat_map(char::to_lowercase)
            .filter(|c| c.is_alphanumeric() || matches!(c, '-' | '_' | ' '))
            .map(|c| if c == ' ' { '-' } else { c })
            .collect();
        let mut slug = base.clone();
        while self.seen.contains_key(&slug) {
            let n = self.seen.entry(base.clone()).or_insert(0);
            *n += 1;
            slug = format!("{base}-{n}");
        }
        self.seen.insert(slug.clone(), 0);
        slug
    }

    /// An explicit id (`{#id}`), as it is; later headings' anchors do not
    /// take it.
    fn explicit(&mut self, id: String) -> String {
        self.seen.entry(id.clone()).or_insert(0);
        id
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn anchors(text: &str) -> Vec<String> {
        let mut set = HashSet::new();
        markdown(text, &mut set);
        let mut v: Vec<String> = set.into_iter().collect();
        v.sort();
        v
    }

    #[test]
    fn github_slugs() {
        let mut s = Slugger::default();
        assert_eq!(s.slug("Hello, World!"), "hello-world");
        assert_eq!(s.slug("API v2.0 (beta)"), "api-v20-beta");
        assert_eq!(
            s.slug("snake_case and kebab-case"),
            "snake_case-and-kebab-case"
        );
        assert_eq!(s.slug("Two  spaces"), "two--spaces");
        assert_eq!(s.slug("Ünïcödé Straße 日本語"), "ünïcödé-straße-日本語");
        assert_eq!(s.slug("Emoji 😀 here"), "emoji--here");
        assert_eq!(s.slug("ÀB"), "àb");
    }

    #[test]
    fn duplicates_numbered() {
        let mut s = Slugger::default();
        assert_eq!(s.slug("Intro"), "intro");
        assert_eq!(s.slug("Intro"), "intro-1");
        assert_eq!(s.slug("Intro"), "intro-2");
        // github-slugger: a heading that is already `foo-1` makes the
        // repeated `foo` skip that number.
        assert_eq!(s.slug("Foo 1"), "foo-1");
        assert_eq!(s.slug("Foo"), "foo");
        assert_eq!(s.slug("Foo"), "foo-2");
    }

    #[test]
    fn headings_of_a_document() {
        let doc = "# Title\n\nSome text.\n\n## Install `cargo`\n\n## Install `cargo`\n\nSetext *emph* [link](x)\n---\n\n### With {#custom-id}\n\n#### ![img](i.png) Image\n\n```\n# not a heading\n```\n";
        assert_eq!(
            anchors(doc),
            [
                // GitHub keeps the space after the image: `-image`.
                "-image",
                "custom-id",
                "install-cargo",
                "install-cargo-1",
                "setext-emph-link",
                "title",
            ]
        );
    }

    #[test]
    fn raw_html_ids() {
        let doc = "<div id=\"box\">\n<a name=\"legacy\"></a>\n</div>\n\nText <span id=inline>x</span>\n\n<!-- <p id=hidden> -->\n";
        assert_eq!(anchors(doc), ["box", "inline", "legacy"]);
    }

    #[test]
    fn empty_heading_gives_no_anchor() {
        // The first empty anchor is none; the second is `-1`, as on GitHub.
        assert_eq!(anchors("#\n\n# 😀\n"), ["-1"]);
    }
}
