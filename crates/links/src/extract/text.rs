//! Plain text: the URLs Uniform's extractor finds, those with a scheme
//! only.

use uniform::extract::Finder;

use super::raw::{Raw, url_start};
use crate::LinkKind;

/// The URLs of `source`, with the byte offsets of their first characters
/// (after a `<`, `<URL:` or `URL:` wrapper).
pub(crate) fn links(source: &str, out: &mut Vec<Raw>) {
    // Fuzzy matching is off by default; `www.` hosts are on: a link
    // checker takes only what names its scheme.
    let finder = Finder::new().www(false);
    out.extend(finder.find_iter(source).map(|found| Raw {
        at: url_start(source, &found),
        text: found.url.into_owned(),
        kind: LinkKind::Text,
    }));
}

#[cfg(test)]
mod tests {
    use crate::{Document, Format, LinkKind, extract};

    fn all(text: &str) -> Vec<(String, u32, u32)> {
        extract::links(&Document::text("t.txt", Format::Text, text))
            .into_iter()
            .inspect(|l| assert_eq!(l.kind, LinkKind::Text))
            .map(|l| (l.text, l.line, l.column))
            .collect()
    }

    #[test]
    fn urls_with_a_scheme_only() {
        assert_eq!(
            all("see http://a.org/x, www.b.org and c.org or ftp://f.org/p.\n"),
            [
                ("http://a.org/x".into(), 1, 5),
                ("ftp://f.org/p".into(), 1, 44)
            ]
        );
    }

    #[test]
    fn wrapper_split_across_lines() {
        let text = "Yes, Jim, I found it under <URL:ftp://info.cern.ch/pub/www/doc;\n      type=d> but you can probably pick it up from <URL:ftp://ds.in\n      ternic.net/rfc>.";
        assert_eq!(
            all(text),
            [
                ("ftp://info.cern.ch/pub/www/doc;type=d".into(), 1, 33),
                ("ftp://ds.internic.net/rfc".into(), 2, 57),
            ]
        );
    }

    #[test]
    fn hyphen_line_break_and_prefix() {
        assert_eq!(
            all("URL:http://a.org/x and http://b.org/long-\n   path\n"),
            [
                ("http://a.org/x".into(), 1, 5),
                ("http://b.org/long-path".into(), 1, 24)
            ]
        );
    }

    #[test]
    fn positions_count_characters() {
        assert_eq!(
            all("日本語 😀 <http://a.org/>\nà http://b.org/"),
            [
                ("http://a.org/".into(), 1, 8),
                ("http://b.org/".into(), 2, 3)
            ]
        );
    }

    #[test]
    fn markup_is_not_read() {
        // Text is text: an HTML attribute's URL is found as a URL.
        assert_eq!(
            all("<a href=\"http://a.org/\">"),
            [("http://a.org/".into(), 1, 10)]
        );
    }
}
