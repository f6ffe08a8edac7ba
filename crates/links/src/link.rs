//! A link as a document writes it, and where.

/// Where in its document a link stands, and what kind of link it is.
///
/// # Example
///
/// ```
/// use uniform_links::{Link, LinkKind};
/// let l = Link { text: "a.html".into(), line: 3, column: 10, kind: LinkKind::Href };
/// assert_eq!(l.kind.to_string(), "href");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Link {
    /// The link as written (entities decoded in HTML, escapes of Markdown
    /// undone), not yet resolved.
    pub text: String,
    /// The line, from 1.
    pub line: u32,
    /// The column of its first character, from 1, in characters.
    pub column: u32,
    /// Where it was written.
    pub kind: LinkKind,
}

/// What kind of link it is: the attribute or the syntax it came from.
///
/// # Example
///
/// ```
/// use uniform_links::LinkKind;
/// assert_eq!(LinkKind::Srcset.to_string(), "srcset");
/// assert_eq!(LinkKind::CssUrl.to_string(), "url");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum LinkKind {
    /// An HTML `href` (`a`, `link`, `area`); a feed's or a sitemap's
    /// `<link href>` (Atom's, `xhtml:link`).
    Href,
    /// An HTML `src` (`img`, `script`, `iframe`, `source`, `video`,
    /// `audio`, `embed`, `track`, `input`).
    Src,
    /// One candidate of an HTML `srcset`.
    Srcset,
    /// Another HTML attribute that holds a URL (`cite`, `data`, `poster`,
    /// `action`, `formaction`, `longdesc`, `manifest`, `background`).
    Attribute,
    /// A Markdown inline link or image: `[text](url)`.
    Inline,
    /// A Markdown reference link's definition: `[id]: url`.
    Reference,
    /// A Markdown autolink: `<http://...>`, or a bare URL in its text.
    Autolink,
    /// A URL in plain text.
    Text,
    /// A CSS `url(...)` (in a stylesheet, an HTML `<style>` or a `style`
    /// attribute).
    CssUrl,
    /// A CSS `@import`'s stylesheet.
    Import,
    /// The URL of an HTML `<meta http-equiv="refresh">`.
    Refresh,
    /// An HTML `<link rel="alternate">` to an RSS or Atom feed: a
    /// crawler may follow it as a feed.
    Feed,
    /// A sitemap's `<url><loc>`: a page.
    Loc,
    /// A sitemap index's `<sitemap><loc>`: a sitemap, which a crawler may
    /// read in turn.
    Sitemap,
    /// A feed element whose text is a URL (RSS `<link>`, `<guid>`,
    /// `<url>`; Atom `<icon>`, `<logo>`, `<uri>`), or a feed attribute
    /// (Atom `<content src>`, RSS `<enclosure url>`).
    Element,
}

impl std::fmt::Display for LinkKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            LinkKind::Href => "href",
            LinkKind::Src => "src",
            LinkKind::Srcset => "srcset",
            LinkKind::Attribute => "attribute",
            LinkKind::Inline => "inline",
            LinkKind::Reference => "reference",
            LinkKind::Autolink => "autolink",
            LinkKind::Text => "text",
            LinkKind::CssUrl => "url",
            LinkKind::Import => "import",
            LinkKind::Refresh => "refresh",
            LinkKind::Feed => "feed",
            LinkKind::Loc => "loc",
            LinkKind::Sitemap => "sitemap",
            LinkKind::Element => "element",
        })
    }
}
