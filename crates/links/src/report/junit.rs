//! The report as JUnit XML, the form Jenkins' `junit` step and GitLab's
//! `artifacts:reports:junit` read: a test suite a document, a test case a
//! link.

use super::entry::{Shown, label, shown, url_of};
use crate::Source;
use crate::check::Verdict;
use crate::entries::Entries;
use crate::run::Entry;
use std::io::{self, Write};
use uniform::visible;

/// The report as JUnit XML: one `<testsuites>`; in it one `<testsuite>` a
/// document (`name` the document, `file` too when it is a file), in
/// document order; in each, one `<testcase>` a link shown (`name` its
/// `line:column` and URL, `classname` the document), holding a
/// `<failure type="broken">` (or `type="refused"`: the safety policy
/// refused it) whose `message` is the reason and whose text is
/// `document:line:column: URL: reason`, a `<skipped>` for a link not
/// checked, nothing for a fine one but its answer in `<system-out>`. The
/// counts (`tests`, `failures`, `errors`, `skipped`) are those of the
/// links shown.
///
/// Every value is escaped for XML, after the escaping of the other
/// reports ([`uniform::visible::escaped`]): a control character is
/// written as `\x1B` (XML 1.0 forbids most of them even as references),
/// so that a hostile link or a server's reply can neither break the
/// document nor reach a terminal raw.
///
/// # Errors
///
/// Writing to `out`.
///
/// # Example
///
/// ```
/// use uniform_links::report::{Shown, junit};
/// let mut out = Vec::new();
/// junit(&[], Shown::Broken, &mut out).unwrap();
/// let xml = String::from_utf8(out).unwrap();
/// assert!(xml.starts_with("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"));
/// assert!(xml.contains(r#"<testsuites name="uniform links" tests="0" failures="0" errors="0">"#));
/// ```
pub fn junit<E: Entries + ?Sized>(
    entries: &E,
    which: Shown,
    out: &mut dyn Write,
) -> io::Result<()> {
    let mut total = Counts::default();
    entries.each(&mut |e| {
        if shown(e, which) {
            total.count(e);
        }
        Ok(())
    })?;
    out.write_all(b"<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")?;
    writeln!(
        out,
        "<testsuites name=\"uniform links\" tests=\"{}\" failures=\"{}\" errors=\"0\">",
        total.tests, total.failures
    )?;
    // A suite is written when its document's last link has come: the
    // links of one document at a time are held, never the run's.
    let mut suite: Option<(Source, Vec<Entry>)> = None;
    entries.each(&mut |e| {
        match &mut suite {
            Some((doc, links)) if *doc == e.document => {
                if shown(e, which) {
                    links.push(e.clone());
                }
            }
            _ => {
                if let Some((doc, links)) = suite.take() {
                    testsuite(out, &doc, &links)?;
                }
                let links = if shown(e, which) {
                    vec![e.clone()]
                } else {
                    Vec::new()
                };
                suite = Some((e.document.clone(), links));
            }
        }
        Ok(())
    })?;
    if let Some((doc, links)) = suite {
        testsuite(out, &doc, &links)?;
    }
    out.write_all(b"</testsuites>\n")
}

/// One `<testsuite>`: the document `doc` and the links of it shown.
fn testsuite(out: &mut dyn Write, doc: &Source, links: &[Entry]) -> io::Result<()> {
    // A document none of whose links is shown (all fine, without -v)
    // still has its suite, empty: Jenkins keeps a suite's history and a
    // failure's age by its name, so a document that comes and goes from
    // build to build would lose both, and the report still says which
    // documents were read.
    let name = xml(&doc.to_string());
    let mut c = Counts::default();
    links.iter().for_each(|e| c.count(e));
    let mut x = format!(
        "  <testsuite name=\"{name}\" tests=\"{}\" failures=\"{}\" errors=\"0\" skipped=\"{}\"",
        c.tests, c.failures, c.skipped
    );
    if let Source::File(_) = doc {
        x.push_str(&format!(" file=\"{name}\""));
    }
    if c.tests == 0 {
        x.push_str("/>\n");
    } else {
        x.push_str(">\n");
        for e in links {
            testcase(&mut x, &name, e);
        }
        x.push_str("  </testsuite>\n");
    }
    out.write_all(x.as_bytes())
}

/// One `<testcase>` of `e`, in the suite of the document `doc` (escaped).
fn testcase(x: &mut String, doc: &str, e: &Entry) {
    let (line, column) = (e.link.line, e.link.column);
    let url = xml(url_of(e));
    let (status, why) = label(&e.verdict);
    let why = xml(why);
    x.push_str(&format!(
        "    <testcase name=\"{line}:{column} {url}\" classname=\"{doc}\">\n"
    ));
    match e.verdict {
        Verdict::Broken { .. } => x.push_str(&format!(
            "      <failure type=\"{status}\" message=\"{why}\">{doc}:{line}:{column}: {url}: {why}</failure>\n"
        )),
        Verdict::Unchecked { .. } => {
            x.push_str(&format!("      <skipped message=\"{why}\"/>\n"));
        }
        Verdict::Fine { .. } => x.push_str(&format!("      <system-out>{why}</system-out>\n")),
    }
    x.push_str("    </testcase>\n");
}

/// The counts of a suite's test cases.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Counts {
    tests: usize,
    failures: usize,
    skipped: usize,
}

impl Counts {
    /// Counts the test case of `e` in.
    fn count(&mut self, e: &Entry) {
        self.tests += 1;
        match e.verdict {
            Verdict::Broken { .. } => self.failures += 1,
            Verdict::Unchecked { .. } => self.skipped += 1,
            Verdict::Fine { .. } => {}
        }
    }
}

/// `text` as XML character data or an attribute value: the controls made
/// visible first (`\n`, `\x1B`: XML 1.0 allows no C0 control but tab and
/// line breaks, and an attribute would fold those into spaces), then the
/// five markup characters as entities; U+FFFE and U+FFFF, which XML
/// forbids too, replaced by U+FFFD.
fn xml(text: &str) -> String {
    let visible = visible::escaped(text);
    let mut out = String::with_capacity(visible.len());
    for c in visible.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            '\u{fffe}' | '\u{ffff}' => out.push('\u{fffd}'),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Link, LinkKind};

    fn entry(doc: &str, line: u32, url: &str, verdict: Verdict) -> Entry {
        Entry {
            document: Source::File(doc.into()),
            link: Link {
                text: url.into(),
                line,
                column: 3,
                kind: LinkKind::Inline,
            },
            url: Ok(url.into()),
            verdict,
        }
    }

    fn broken(reason: &str, refused: bool) -> Verdict {
        Verdict::Broken {
            reason: reason.into(),
            refused,
        }
    }

    fn report(entries: &[Entry], which: Shown) -> String {
        let mut out = Vec::new();
        junit(entries, which, &mut out).unwrap();
        String::from_utf8(out).unwrap()
    }

    fn sample() -> Vec<Entry> {
        vec![
            entry("a.md", 1, "http://h/gone", broken("404 Not Found", false)),
            entry("a.md", 2, "http://h:25/", broken("refused by rule", true)),
            entry(
                "a.md",
                3,
                "http://h/ok",
                Verdict::Fine {
                    detail: "200 OK".into(),
                },
            ),
            entry(
                "b.md",
                4,
                "urn:x",
                Verdict::Unchecked {
                    reason: "no place".into(),
                },
            ),
        ]
    }

    #[test]
    fn broken_links_are_failures_with_their_place() {
        let x = report(&sample(), Shown::Broken);
        assert!(
            x.contains(r#"<testsuites name="uniform links" tests="2" failures="2" errors="0">"#),
            "{x}"
        );
        assert!(x.contains(r#"<testsuite name="a.md" tests="2" failures="2" errors="0" skipped="0" file="a.md">"#), "{x}");
        assert!(
            x.contains(r#"<testcase name="1:3 http://h/gone" classname="a.md">"#),
            "{x}"
        );
        assert!(x.contains(r#"<failure type="broken" message="404 Not Found">a.md:1:3: http://h/gone: 404 Not Found</failure>"#), "{x}");
        assert!(
            x.contains(r#"<failure type="refused" message="refused by rule">"#),
            "{x}"
        );
        assert!(!x.contains("http://h/ok"), "{x}");
        // b.md has no broken link: its suite is there, empty.
        assert!(x.contains(r#"<testsuite name="b.md" tests="0" failures="0" errors="0" skipped="0" file="b.md"/>"#), "{x}");
    }

    #[test]
    fn every_link_with_verbose() {
        let x = report(&sample(), Shown::All);
        assert!(
            x.contains(r#"<testsuites name="uniform links" tests="4" failures="2" errors="0">"#),
            "{x}"
        );
        assert!(x.contains(r#"<testsuite name="a.md" tests="3" failures="2" errors="0" skipped="0" file="a.md">"#), "{x}");
        assert!(x.contains("<system-out>200 OK</system-out>"), "{x}");
        assert!(x.contains(r#"<testsuite name="b.md" tests="1" failures="0" errors="0" skipped="1" file="b.md">"#), "{x}");
        assert!(x.contains(r#"<skipped message="no place"/>"#), "{x}");
    }

    #[test]
    fn hostile_text_is_escaped() {
        let url = "http://h/\"><x a='1'>&amp;\u{1b}[2J\n\u{0}\u{ffff}";
        let x = report(
            &[entry("<a>&\"b\".md", 1, url, broken("<why>\r\u{7}", false))],
            Shown::Broken,
        );
        assert!(
            x.contains(
                "http://h/&quot;&gt;&lt;x a=&apos;1&apos;&gt;&amp;amp;\\x1B[2J\\n\\x00\u{fffd}"
            ),
            "{x}"
        );
        assert!(
            x.contains(r#"name="&lt;a&gt;&amp;&quot;b&quot;.md""#),
            "{x}"
        );
        assert!(x.contains(r#"message="&lt;why&gt;\r\x07""#), "{x}");
        // No control but the line feeds between elements, no raw markup
        // from the values.
        assert!(!x.chars().any(|c| c.is_control() && c != '\n'), "{x:?}");
        assert!(!x.contains("<x") && !x.contains("<why>"), "{x}");
        assert_eq!(x.matches('\n').count(), 8, "{x}");
    }

    #[test]
    fn a_document_from_standard_input_has_no_file() {
        let mut e = entry("x", 1, "http://h/", broken("gone", false));
        e.document = Source::Stdin;
        let x = report(&[e], Shown::Broken);
        assert!(
            x.contains(r#"<testsuite name="-" tests="1" failures="1" errors="0" skipped="0">"#),
            "{x}"
        );
    }
}
