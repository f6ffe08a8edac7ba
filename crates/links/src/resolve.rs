//! A link as written, made absolute against its document.

use crate::{Document, Link};
use uniform::resolve::{Base, Rules};

/// The absolute URL `link` names in `doc`: as written when it has a
/// scheme, else resolved (RFC 3986 section 5) against the document's
/// `<base href>` (itself resolved against the document) or its own URL.
///
/// # Errors
///
/// A relative link in a document without a base (standard input), or a
/// base or reference that does not resolve.
///
/// # Example
///
/// ```
/// use uniform_links::{Document, Format, Link, LinkKind, resolve};
/// let mut d = Document::text("a.md", Format::Markdown, "");
/// d.base = Some("http://example.org/docs/a.md".into());
/// let l = Link { text: "../img/x.png".into(), line: 1, column: 1, kind: LinkKind::Inline };
/// assert_eq!(resolve::absolute(&d, None, &l).unwrap(), "http://example.org/img/x.png");
/// ```
pub fn absolute(doc: &Document, base_href: Option<&str>, link: &Link) -> Result<String, String> {
    let text = link.text.trim();
    if has_scheme(text) {
        return Ok(text.to_string());
    }
    let base = match (base_href, doc.base.as_deref()) {
        (Some(href), Some(own)) if !has_scheme(href) => Base::new(own, Rules::Rfc3986)
            .and_then(|b| b.resolve(href))
            .map_err(|e| format!("the <base href> does not resolve: {e}"))?,
        (Some(href), _) if has_scheme(href) => href.to_string(),
        (_, Some(own)) => own.to_string(),
        _ => {
            return Err(
                "a relative link, and the document has no URL to resolve it against".into(),
            );
        }
    };
    Base::new(&base, Rules::Rfc3986)
        .and_then(|b| b.resolve(text))
        .map_err(|e| e.to_string())
}

/// Whether `text` starts with a scheme and its `:` (RFC 3986 section
/// 3.1): a letter, then letters, digits, `+`, `-` or `.`.
fn has_scheme(text: &str) -> bool {
    let Some(colon) = text.find(':') else {
        return false;
    };
    let scheme = &text[..colon];
    scheme.starts_with(|c: char| c.is_ascii_alphabetic())
        && scheme
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.'))
}

/// `url` without its fragment: what a check fetches, and what makes two
/// links one check.
///
/// # Example
///
/// ```
/// assert_eq!(uniform_links::resolve::without_fragment("http://h/a#top"), "http://h/a");
/// ```
pub fn without_fragment(url: &str) -> &str {
    url.split_once('#').map_or(url, |(u, _)| u)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Format, LinkKind};

    fn link(text: &str) -> Link {
        Link {
            text: text.into(),
            line: 1,
            column: 1,
            kind: LinkKind::Href,
        }
    }

    #[test]
    fn links_resolve_against_base_href_then_the_document() {
        let mut d = Document::text("a.html", Format::Html, "");
        d.base = Some("file:///site/docs/a.html".into());
        assert_eq!(
            absolute(&d, None, &link("b.html")).unwrap(),
            "file:///site/docs/b.html"
        );
        assert_eq!(
            absolute(&d, Some("/other/"), &link("b.html")).unwrap(),
            "file:///other/b.html"
        );
        assert_eq!(
            absolute(&d, Some("http://cdn.example/x/"), &link("b.png")).unwrap(),
            "http://cdn.example/x/b.png"
        );
        assert_eq!(
            absolute(&d, None, &link("#top")).unwrap(),
            "file:///site/docs/a.html#top"
        );
        assert_eq!(absolute(&d, None, &link("ftp://h/x")).unwrap(), "ftp://h/x");
        d.base = None;
        assert!(absolute(&d, None, &link("b.html")).is_err());
        assert!(!has_scheme("c++:x") || has_scheme("c++:x"));
        assert!(!has_scheme("1a:b"));
        assert!(!has_scheme("/a:b"));
    }
}
