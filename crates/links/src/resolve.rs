//! A link as written, made absolute against its document: as a browser
//! reads it (the WHATWG URL Standard) in the schemes the Standard has
//! its own reading of, by RFC 3986 elsewhere.

use crate::{Document, Format, Link};
use std::fmt;
use uniform::resolve::{Base, Operand, Rules};
use uniform::whatwg;

/// Why a link has no absolute URL.
///
/// # Example
///
/// ```
/// use uniform_links::{Document, Format, Link, LinkKind, resolve::{self, Unresolved}};
/// let link = |text: &str| Link { text: text.into(), line: 1, column: 1, kind: LinkKind::Href };
/// let stdin = Document::text("-", Format::Html, "");
/// assert!(matches!(resolve::absolute(&stdin, None, &link("a.html")), Err(Unresolved::NoBase(_))));
/// assert!(matches!(resolve::absolute(&stdin, None, &link("http://[::1/")), Err(Unresolved::Invalid(_))));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Unresolved {
    /// A relative link with nothing to resolve it against (a document
    /// read from standard input): it cannot be checked.
    NoBase(String),
    /// The link, or the base it needs, is no URL: no browser follows it,
    /// so it is broken.
    Invalid(String),
}

impl fmt::Display for Unresolved {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Unresolved::NoBase(why) | Unresolved::Invalid(why) => f.write_str(why),
        }
    }
}

/// The absolute URL `link` names in `doc`.
///
/// In HTML and Markdown, the link is read as a browser reads an `href`:
/// ASCII white space (tab, line feed, form feed, carriage return, space)
/// stripped from its ends, then parsed by the WHATWG URL Standard against
/// the document's base, which is its `<base href>` (read the same way
/// against the document's own URL) or else its own URL; the result is the
/// Standard's serialization (`href`). So `docs\page.html` is
/// `docs/page.html`, a tab or a line break inside a link is dropped, a
/// space is `%20`, the host is lower-cased, dot segments are removed and
/// a default port dropped.
///
/// The Standard has its own reading of its special schemes only (`http`,
/// `https`, `ftp`, `ws`, `wss`, `file`); it would flatten the others
/// (`gopher`, `news`, `nntp`, `wais`, `telnet`, `mailto`, `prospero`...)
/// into opaque paths. So the scheme decides, the link's own if it has one
/// (as the Standard finds it: tabs and line breaks ignored), else the
/// base's: a link with another scheme is kept as written, and a relative
/// link against a base with another scheme is resolved by RFC 3986
/// section 5.
///
/// In plain text every link is read by the RFCs: one with a scheme as
/// written, a relative one resolved by RFC 3986 against the document's
/// URL.
///
/// # Errors
///
/// A relative link in a document without a base (standard input); a
/// link or document URL that does not resolve, the URL Standard's
/// failure naming its validation error. A `<base href>` that does not
/// parse is passed over, as a browser passes it over.
///
/// # Example
///
/// ```
/// use uniform_links::{Document, Format, Link, LinkKind, resolve};
/// let link = |text: &str| Link { text: text.into(), line: 1, column: 1, kind: LinkKind::Href };
///
/// let mut d = Document::text("a.md", Format::Markdown, "");
/// d.base = Some("http://example.org/docs/a.md".into());
/// assert_eq!(resolve::absolute(&d, None, &link("../img/x.png")).unwrap(), "http://example.org/img/x.png");
///
/// // As a browser reads an HTML href.
/// let mut d = Document::text("index.html", Format::Html, "");
/// d.base = Some("file:///site/index.html".into());
/// assert_eq!(resolve::absolute(&d, None, &link("docs\\page.html")).unwrap(), "file:///site/docs/page.html");
/// assert_eq!(
///     resolve::absolute(&d, None, &link(" https://Example.org/a\n\tb.html ")).unwrap(),
///     "https://example.org/ab.html"
/// );
/// assert_eq!(
///     resolve::absolute(&d, Some("http://cdn.example/x/"), &link("y/../b c.png")).unwrap(),
///     "http://cdn.example/x/b%20c.png"
/// );
///
/// // Schemes the Standard does not read are read by the RFCs.
/// assert_eq!(resolve::absolute(&d, None, &link("gopher://h/1/a/../b")).unwrap(), "gopher://h/1/a/../b");
/// assert_eq!(resolve::absolute(&d, Some("gopher://h/1/dir/"), &link("x")).unwrap(), "gopher://h/1/dir/x");
///
/// // A link no browser follows names the Standard's validation error.
/// let e = resolve::absolute(&d, None, &link("http://[::1/")).unwrap_err();
/// assert!(e.to_string().contains("IPv6-unclosed"), "{e}");
/// ```
pub fn absolute(
    doc: &Document,
    base_href: Option<&str>,
    link: &Link,
) -> Result<String, Unresolved> {
    absolute_text(doc, base_href, link).map_err(|why| match why {
        Why::NoBase => Unresolved::NoBase(
            "a relative link, and the document has no URL to resolve it against".into(),
        ),
        Why::Invalid(why) => Unresolved::Invalid(why),
    })
}

/// Why [`absolute_text`] failed.
enum Why {
    NoBase,
    Invalid(String),
}

impl From<String> for Why {
    fn from(why: String) -> Why {
        Why::Invalid(why)
    }
}

fn absolute_text(doc: &Document, base_href: Option<&str>, link: &Link) -> Result<String, Why> {
    let text = strip(&link.text);
    let browser = doc.format != Format::Text;
    let base = || document_base(doc, base_href, browser);
    if let Some(scheme) = scheme_of(text, browser) {
        if !(browser && whatwg::is_special(&scheme)) {
            return Ok(text.to_string());
        }
        // `http:x` against an `http:` base is relative to it.
        let base = base();
        return by_standard(text, base.as_deref())
            .map_err(|e| Why::Invalid(format!("the link is {e}")));
    }
    match base() {
        Some(b) => Ok(against(&b, text, browser, "the link")?),
        None => Err(Why::NoBase),
    }
}

/// The base a relative link of `doc` resolves against: its `<base href>`
/// (`base_href`), read as a link against the document's own URL, else
/// that URL; `None` when there is none to have. A `<base href>` that does
/// not parse leaves the document's URL, as in a browser (HTML's "set the
/// frozen base URL" falls back to the document's).
fn document_base(doc: &Document, base_href: Option<&str>, browser: bool) -> Option<String> {
    let own = doc.base.as_deref();
    let Some(href) = base_href.map(strip) else {
        return own.map(str::to_string);
    };
    let resolved = match (scheme_of(href, browser), own) {
        (Some(s), _) if !(browser && whatwg::is_special(&s)) => Ok(href.to_string()),
        (Some(_), own) => by_standard(href, own),
        (None, Some(own)) => against(own, href, browser, "it"),
        (None, None) => return None,
    };
    resolved.ok().or_else(|| own.map(str::to_string))
}

/// `text` (relative) resolved against `base` (absolute): by the URL
/// Standard when `browser` and the base's scheme is one of its special
/// ones, else by RFC 3986. `what` names `text` in an error.
fn against(base: &str, text: &str, browser: bool, what: &str) -> Result<String, String> {
    let standard = browser && scheme_of(base, true).is_some_and(|s| whatwg::is_special(&s));
    let rules = if standard {
        Rules::Whatwg
    } else {
        Rules::Rfc3986
    };
    Base::new(base, rules)
        .and_then(|b| b.resolve(text))
        .map_err(|e| match (e.failure(), e.operand()) {
            (Some(f), Operand::Reference) => format!("{what} is no URL by the URL Standard: {f}"),
            // Not the base's text: a fetched document's URL may hold a
            // password.
            (Some(f), _) => format!("the document's base is no URL by the URL Standard: {f}"),
            (None, _) => e.to_string(),
        })
}

/// `text` parsed by the URL Standard, against `base` when it has one
/// the Standard reads; its serialization. The error reads after "the
/// link is".
fn by_standard(text: &str, base: Option<&str>) -> Result<String, String> {
    let base = base.and_then(|b| whatwg::parse(b, None).ok());
    whatwg::parse(text, base.as_ref())
        .map(|u| u.as_str().to_string())
        .map_err(|e| format!("no URL by the URL Standard: {e}"))
}

/// `text` without the ASCII white space (tab, line feed, form feed,
/// carriage return, space) at its ends: what HTML strips from a URL
/// attribute's value before it parses it.
fn strip(text: &str) -> &str {
    text.trim_matches(|c| matches!(c, '\t' | '\n' | '\x0C' | '\r' | ' '))
}

/// The scheme `text` starts with, lower-cased, if it has one: a letter,
/// then letters, digits, `+`, `-` or `.`, then `:` (RFC 3986 section
/// 3.1). When `browser`, as the URL Standard finds it: after leading C0
/// controls and spaces, tabs and line breaks ignored.
fn scheme_of(text: &str, browser: bool) -> Option<String> {
    let mut bytes = text.bytes().skip_while(|&b| browser && b <= b' ');
    let mut scheme = String::new();
    loop {
        match bytes.next()? {
            b':' if !scheme.is_empty() => return Some(scheme),
            b'\t' | b'\n' | b'\r' if browser => {}
            b if b.is_ascii_alphabetic() => scheme.push(char::from(b.to_ascii_lowercase())),
            b if !scheme.is_empty() && (b.is_ascii_digit() || matches!(b, b'+' | b'-' | b'.')) => {
                scheme.push(char::from(b));
            }
            _ => return None,
        }
    }
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
    use crate::LinkKind;

    fn link(text: &str) -> Link {
        Link {
            text: text.into(),
            line: 1,
            column: 1,
            kind: LinkKind::Href,
        }
    }

    fn doc(format: Format, base: Option<&str>) -> Document {
        let mut d = Document::text("a", format, "");
        d.base = base.map(str::to_string);
        d
    }

    #[test]
    fn links_resolve_against_base_href_then_the_document() {
        for format in [Format::Html, Format::Markdown, Format::Text] {
            let mut d = doc(format, Some("file:///site/docs/a.html"));
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
            let e = absolute(&d, None, &link("b.html")).unwrap_err().to_string();
            assert!(e.contains("no URL to resolve it against"), "{e}");
            // A relative <base href> without a document URL: the same.
            let e = absolute(&d, Some("/x/"), &link("b.html"))
                .unwrap_err()
                .to_string();
            assert!(e.contains("no URL to resolve it against"), "{e}");
            // An absolute link needs no base.
            assert_eq!(absolute(&d, None, &link("ftp://h/x")).unwrap(), "ftp://h/x");
        }
    }

    #[test]
    fn html_and_markdown_links_are_read_as_a_browser_reads_them() {
        for format in [Format::Html, Format::Markdown] {
            let d = doc(format, Some("file:///site/docs/a.html"));
            let cases = [
                ("sub\\page.html", "file:///site/docs/sub/page.html"),
                ("\\other\\x.html", "file:///other/x.html"),
                ("sub/\n\tpage.html", "file:///site/docs/sub/page.html"),
                (" \x0C b.html\r\n", "file:///site/docs/b.html"),
                ("a b.html", "file:///site/docs/a%20b.html"),
                (
                    "./x/../y.html?q=1 2#f g",
                    "file:///site/docs/y.html?q=1%202#f%20g",
                ),
                (
                    "HTTPS://Example.ORG:443/a/./b/../c",
                    "https://example.org/a/c",
                ),
                (
                    "https://example.org/a\n   b.html",
                    "https://example.org/a%20%20%20b.html",
                ),
                ("ht\ntp://h/x", "http://h/x"),
                ("http://h", "http://h/"),
                ("ws://h:80/", "ws://h/"),
                ("caf\u{e9}.html", "file:///site/docs/caf%C3%A9.html"),
            ];
            for (text, want) in cases {
                assert_eq!(absolute(&d, None, &link(text)).unwrap(), want, "{text:?}");
            }
            // `http:x` against an http base is relative to it, as in a
            // browser.
            let d = doc(format, Some("http://h/dir/page.html"));
            assert_eq!(
                absolute(&d, None, &link("http:x.html")).unwrap(),
                "http://h/dir/x.html"
            );
            assert_eq!(
                absolute(&d, Some(" ..\\up\\ "), &link("x")).unwrap(),
                "http://h/up/x"
            );
        }
    }

    #[test]
    fn plain_text_keeps_the_rfc_reading() {
        let d = doc(Format::Text, Some("http://h/dir/page.txt"));
        assert_eq!(
            absolute(&d, None, &link("HTTP://H:80/a/../b")).unwrap(),
            "HTTP://H:80/a/../b"
        );
        assert_eq!(
            absolute(&d, None, &link("http:x.html")).unwrap(),
            "http:x.html"
        );
        assert_eq!(
            absolute(&d, None, &link("a\\b")).unwrap(),
            "http://h/dir/a\\b"
        );
    }

    #[test]
    fn other_schemes_keep_the_rfc_reading() {
        let d = doc(Format::Html, Some("file:///site/a.html"));
        for text in [
            "gopher://h/1/a/../b",
            "GOPHER://H/0x\\y",
            "news:comp.infosystems.www",
            "nntp://h/comp.lang/12",
            "mailto:Joe@Example.ORG",
            "telnet://h:23/",
            "wais://h/db?a b",
            "prospero://h/a;b=c",
            "urn:isbn:0451450523",
            "javascript:void(0)",
        ] {
            assert_eq!(absolute(&d, None, &link(text)).unwrap(), text, "{text}");
        }
        // A relative link against a base of another scheme: RFC 3986.
        for (base, text, want) in [
            ("gopher://h/1/dir/", "x", "gopher://h/1/dir/x"),
            ("gopher://h/1/dir/", "../y", "gopher://h/1/y"),
            ("news:comp.lang.c", "comp.lang.rust", "news:comp.lang.rust"),
            ("nntp://h/comp.lang/12", "13", "nntp://h/comp.lang/13"),
            ("wais://h/db/t/p", "q", "wais://h/db/t/q"),
        ] {
            let d = doc(Format::Html, Some(base));
            assert_eq!(
                absolute(&d, None, &link(text)).unwrap(),
                want,
                "{base} {text}"
            );
            let d = doc(Format::Html, Some("http://h/"));
            assert_eq!(
                absolute(&d, Some(base), &link(text)).unwrap(),
                want,
                "{base} {text}"
            );
        }
        // The Standard's special schemes in such a document: the
        // Standard's reading.
        let d = doc(Format::Html, Some("gopher://h/1/dir/"));
        assert_eq!(
            absolute(&d, None, &link("HTTP://H/a/../b")).unwrap(),
            "http://h/b"
        );
    }

    #[test]
    fn failures_name_the_standards_validation_error() {
        let d = doc(Format::Html, Some("http://h/a/"));
        let e = absolute(&d, None, &link("http://h:99999/"))
            .unwrap_err()
            .to_string();
        assert!(
            e.starts_with("the link is no URL by the URL Standard"),
            "{e}"
        );
        assert!(e.contains("port-out-of-range"), "{e}");
        let e = absolute(&d, None, &link("http://exa mple.org/"))
            .unwrap_err()
            .to_string();
        assert!(e.contains("domain-to-ASCII"), "{e}");
        let e = absolute(&d, None, &link("//[::1/x"))
            .unwrap_err()
            .to_string();
        assert!(
            e.starts_with("the link is no URL by the URL Standard"),
            "{e}"
        );
        assert!(e.contains("IPv6-unclosed"), "{e}");
        // A <base href> that does not parse leaves the document's URL,
        // as in a browser.
        for bad in ["http://[::1/", "//[::1/", "http://h:99999/"] {
            assert_eq!(
                absolute(&d, Some(bad), &link("x")).unwrap(),
                "http://h/a/x",
                "{bad}"
            );
        }
        // A document URL the Standard refuses is not quoted (a fetched
        // document's URL may hold a password).
        let bad = doc(Format::Html, Some("http://u:secret@[::1/a"));
        let e = absolute(&bad, None, &link("x")).unwrap_err().to_string();
        assert!(
            e.starts_with("the document's base is no URL by the URL Standard"),
            "{e}"
        );
        assert!(!e.contains("secret"), "{e}");
        // An absolute link stands whatever its base.
        assert_eq!(
            absolute(&d, Some("http://[::1/"), &link("https://h2/")).unwrap(),
            "https://h2/"
        );
    }

    #[test]
    fn schemes_found_as_each_reading_finds_them() {
        assert_eq!(scheme_of("HTTP://h", false).as_deref(), Some("http"));
        assert_eq!(scheme_of("c++:x", false).as_deref(), Some("c++"));
        assert_eq!(scheme_of("1a:b", false), None);
        assert_eq!(scheme_of("/a:b", false), None);
        assert_eq!(scheme_of(":b", false), None);
        assert_eq!(scheme_of("ab", false), None);
        assert_eq!(scheme_of("ht\ntp:x", false), None);
        assert_eq!(scheme_of("ht\ntp:x", true).as_deref(), Some("http"));
        assert_eq!(scheme_of("\x01 h\tt\rtp:x", true).as_deref(), Some("http"));
        assert_eq!(scheme_of("a b:x", true), None);
        assert_eq!(strip("\t\n\x0C\r x \u{a0}\r"), "x \u{a0}");
    }
}
