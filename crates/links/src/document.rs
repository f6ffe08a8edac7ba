//! A document whose links are checked: where it came from, its format,
//! its text, and the URL its relative links resolve against.

use std::path::PathBuf;

/// Where a document came from.
///
/// # Example
///
/// ```
/// use uniform_links::Source;
/// assert_eq!(Source::Stdin.to_string(), "-");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Source {
    /// A local file.
    File(PathBuf),
    /// A URL, fetched.
    Url(String),
    /// Standard input.
    Stdin,
}

impl std::fmt::Display for Source {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Source::File(p) => write!(f, "{}", p.display()),
            Source::Url(u) => f.write_str(u),
            Source::Stdin => f.write_str("-"),
        }
    }
}

/// How a document's links are written.
///
/// # Example
///
/// ```
/// use uniform_links::Format;
/// assert_eq!(Format::from_name("index.HTML"), Some(Format::Html));
/// assert_eq!(Format::from_name("README.md"), Some(Format::Markdown));
/// assert_eq!(Format::from_name("notes.txt"), Some(Format::Text));
/// assert_eq!(Format::from_name("style.css"), Some(Format::Css));
/// assert_eq!(Format::from_name("sitemap.xml.gz"), Some(Format::Sitemap));
/// assert_eq!(Format::from_name("news.rss"), Some(Format::Feed));
/// assert_eq!(Format::from_name("other.xml"), None); // sniffed
/// assert_eq!(Format::from_name("photo.png"), None);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Format {
    /// HTML: `href`, `src`, `srcset`, `<base href>`.
    Html,
    /// Markdown (CommonMark): inline, reference and autolinks.
    Markdown,
    /// Plain text: URLs found by Uniform's extractor.
    Text,
    /// CSS: `url(...)` and `@import`.
    Css,
    /// A sitemap (sitemaps.org): the `<loc>` of each `<url>`, and of
    /// each `<sitemap>` of a sitemap index.
    Sitemap,
    /// An RSS (2.0 or 1.0) or Atom feed: its channel's, items' and
    /// entries' links, enclosures and permalinks.
    Feed,
}

impl Format {
    /// The format a file name's extension says, if it says one. A `.gz`
    /// name says what the name without it says (the document is
    /// inflated when read); `sitemap.xml` is a sitemap, any other `.xml`
    /// says nothing (its root element does: [`Format::sniff`]).
    pub fn from_name(name: &str) -> Option<Format> {
        let lower = name.to_ascii_lowercase();
        let lower = lower.strip_suffix(".gz").unwrap_or(&lower);
        if lower == "sitemap.xml" || lower.ends_with("/sitemap.xml") {
            return Some(Format::Sitemap);
        }
        let ext = lower.rsplit_once('.')?.1;
        match ext {
            "html" | "htm" | "xhtml" | "shtml" => Some(Format::Html),
            "md" | "markdown" | "mdown" | "mkd" | "mkdn" => Some(Format::Markdown),
            "txt" | "text" => Some(Format::Text),
            "css" => Some(Format::Css),
            "rss" | "atom" => Some(Format::Feed),
            _ => None,
        }
    }

    /// The format the first octets of a text suggest: a sitemap or a
    /// feed when its XML root element (after an XML declaration,
    /// comments, processing instructions and a doctype) is `urlset` or
    /// `sitemapindex`, `rss`, `feed` or `rdf:RDF`; HTML when it starts
    /// (after white space and a byte order mark) with `<!doctype html`,
    /// `<html`, `<head`, `<body` or a comment; plain text otherwise
    /// (Markdown cannot be told from text by a glance, and text's
    /// reading finds a Markdown file's absolute URLs too).
    ///
    /// # Example
    ///
    /// ```
    /// use uniform_links::Format;
    /// assert_eq!(Format::sniff("\n  <!DOCTYPE html><title>x</title>"), Format::Html);
    /// assert_eq!(Format::sniff("# Title\n"), Format::Text);
    /// assert_eq!(Format::sniff("<?xml version=\"1.0\"?>\n<!-- x --><urlset>"), Format::Sitemap);
    /// assert_eq!(Format::sniff("<feed xmlns=\"http://www.w3.org/2005/Atom\">"), Format::Feed);
    /// ```
    pub fn sniff(text: &str) -> Format {
        let start = text.trim_start_matches('\u{feff}').trim_start();
        if let Some(f) = xml_root(start) {
            return f;
        }
        let head: String = start
            .chars()
            .take(16)
            .collect::<String>()
            .to_ascii_lowercase();
        let html = ["<!doctype html", "<html", "<head", "<body", "<!--"]
            .iter()
            .any(|p| head.starts_with(p));
        if html { Format::Html } else { Format::Text }
    }
}

/// How far into a text [`Format::sniff`] looks for an XML root element:
/// a prolog longer than this (a long comment, a large internal DTD) is
/// not read further.
const SNIFF_BYTES: usize = 4096;

/// The format an XML root element names, read past the prolog (XML
/// declaration, comments, processing instructions, doctype) within
/// [`SNIFF_BYTES`].
fn xml_root(text: &str) -> Option<Format> {
    let mut end = SNIFF_BYTES.min(text.len());
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    let mut rest = &text[..end];
    loop {
        rest = rest.trim_start();
        if let Some(r) = rest.strip_prefix("<?") {
            rest = r.split_once("?>")?.1;
        } else if let Some(r) = rest.strip_prefix("<!--") {
            rest = r.split_once("-->")?.1;
        } else if rest.starts_with("<!") {
            let head = rest.get(..14).unwrap_or(rest);
            if head.eq_ignore_ascii_case("<!doctype html") {
                return None;
            }
            // A doctype, its internal subset in brackets.
            let end = match (rest.find('['), rest.find('>')) {
                (Some(open), Some(gt)) if open < gt => rest.find("]>").map(|e| e + 2)?,
                (_, Some(gt)) => gt + 1,
                _ => return None,
            };
            rest = &rest[end..];
        } else {
            break;
        }
    }
    let name = rest.strip_prefix('<')?;
    let end = name
        .find(|c: char| c.is_ascii_whitespace() || c == '>' || c == '/')
        .unwrap_or(name.len());
    let name = &name[..end];
    let local = name.rsplit_once(':').map_or(name, |(_, l)| l);
    match local {
        "urlset" | "sitemapindex" => Some(Format::Sitemap),
        "rss" | "feed" | "RDF" => Some(Format::Feed),
        _ => None,
    }
}

/// A document: its source, format and text, and the URL its relative
/// links resolve against (a file's own `file:` URL, a fetched page's
/// final URL; an HTML `<base href>` is read from the text by the
/// extractor and takes precedence).
///
/// # Example
///
/// ```
/// use uniform_links::{Document, Format, Source};
/// let d = Document::text("a.txt", Format::Text, "x");
/// assert_eq!(d.source, Source::File("a.txt".into()));
/// assert!(d.base.is_none());
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Document {
    /// Where it came from.
    pub source: Source,
    /// How its links are written.
    pub format: Format,
    /// Its text (invalid UTF-8 replaced).
    pub text: String,
    /// The absolute URL relative links resolve against; `None` when there
    /// is none (standard input): then a relative link is reported, not
    /// checked.
    pub base: Option<String>,
}

impl Document {
    /// A document of a file name's text, without a base.
    pub fn text(name: &str, format: Format, text: &str) -> Document {
        Document {
            source: Source::File(name.into()),
            format,
            text: text.to_string(),
            base: None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn xml_roots_are_sniffed_past_the_prolog() {
        for (text, want) in [
            ("<urlset>", Format::Sitemap),
            (
                "\u{feff}<?xml version='1.0'?>\n<sitemapindex xmlns='x'>",
                Format::Sitemap,
            ),
            (
                "<?xml version='1.0'?><?xml-stylesheet href='s.xsl'?><rss version='2.0'>",
                Format::Feed,
            ),
            ("<!-- generator --><feed>", Format::Feed),
            ("<rdf:RDF xmlns:rdf='x'>", Format::Feed),
            ("<!DOCTYPE rss [<!ENTITY a 'b'>]><rss>", Format::Feed),
            ("<!DOCTYPE html><feed>", Format::Html),
            ("<?xml version='1.0'?><html>", Format::Text),
            ("<!-- x --><html>", Format::Html),
            ("<urlsetx>", Format::Text),
            ("<?xml unclosed", Format::Text),
            ("<!-- unclosed <urlset>", Format::Html),
        ] {
            assert_eq!(Format::sniff(text), want, "{text:?}");
        }
        // Past the bytes looked at, a root is not found; a multi-byte
        // character at the bound does not panic.
        let long = format!("<!--{}--><urlset>", "é".repeat(SNIFF_BYTES));
        assert_eq!(Format::sniff(&long), Format::Html);
        let odd = format!("<?{}", "é".repeat(SNIFF_BYTES));
        assert_eq!(Format::sniff(&odd), Format::Text);
    }
}
