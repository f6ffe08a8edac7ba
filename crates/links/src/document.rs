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
}

impl Format {
    /// The format a file name's extension says, if it says one.
    pub fn from_name(name: &str) -> Option<Format> {
        let ext = name.rsplit_once('.')?.1.to_ascii_lowercase();
        match ext.as_str() {
            "html" | "htm" | "xhtml" | "shtml" => Some(Format::Html),
            "md" | "markdown" | "mdown" | "mkd" | "mkdn" => Some(Format::Markdown),
            "txt" | "text" => Some(Format::Text),
            _ => None,
        }
    }

    /// The format the first octets of a text suggest: HTML when it
    /// starts (after white space and a byte order mark) with `<!doctype
    /// html`, `<html`, `<head`, `<body` or a comment; plain text
    /// otherwise (Markdown cannot be told from text by a glance, and
    /// text's reading finds a Markdown file's absolute URLs too).
    ///
    /// # Example
    ///
    /// ```
    /// use uniform_links::Format;
    /// assert_eq!(Format::sniff("\n  <!DOCTYPE html><title>x</title>"), Format::Html);
    /// assert_eq!(Format::sniff("# Title\n"), Format::Text);
    /// ```
    pub fn sniff(text: &str) -> Format {
        let start = text.trim_start_matches('\u{feff}').trim_start();
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
