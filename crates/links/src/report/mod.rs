//! What a run found, for people (grouped by document, with line and
//! column), for programs (JSON), for pages (Markdown) and for CI systems
//! (JUnit XML, SARIF 2.1.0); and the plans of `--dump`.
//!
//! Every line of text goes through [`line()`], which escapes what would act
//! on a terminal (`uniform::visible`): a document's name, a link's text
//! and URL and a reason come from files and servers, and a newline or an
//! ESC in one must not reach the terminal raw. The JSON and SARIF
//! reports escape the same characters by JSON's rules
//! (`uniform::visible::json_escaped`); the JUnit report writes them as the
//! terminal reports do, then escapes XML's markup characters.

mod array;
mod entry;
mod junit;
mod sarif;

use crate::document::Document;
use crate::entries::Entries;
use crate::run::{self, RunOptions};
use entry::{label, shown, url_of};
use std::fmt;
use std::io::{self, Write};
use uniform::visible;

pub use entry::{Shown, Summary};
pub use junit::junit;
pub use sarif::sarif;

/// Writes one line of a report: `args` formatted, every character that
/// acts on a terminal escaped ([`uniform::visible::line`]), a line feed
/// inside a value included; then `"\n"`.
///
/// # Errors
///
/// Writing to `out`.
///
/// # Example
///
/// ```
/// use uniform_links::report::line;
/// let mut out = Vec::new();
/// let url = "file:///a\nb\u{1b}[2J";
/// line(&mut out, format_args!("  1:1 broken    {url}")).unwrap();
/// assert_eq!(out, b"  1:1 broken    file:///a\\nb\\x1B[2J\n");
/// ```
pub fn line(out: &mut dyn Write, args: fmt::Arguments<'_>) -> io::Result<()> {
    let mut text = visible::line(args);
    text.push('\n');
    out.write_all(text.as_bytes())
}

/// The report for people: the links of each document under its name,
/// `line:column`, the verdict, the URL and why; then the counts.
///
/// # Errors
///
/// Writing to `out`.
///
/// # Example
///
/// ```
/// use uniform_links::report::{Shown, human};
/// let mut out = Vec::new();
/// human(&[], Shown::Broken, &mut out).unwrap();
/// assert_eq!(String::from_utf8(out).unwrap(), "0 links: 0 fine, 0 broken, 0 not checked\n");
/// ```
pub fn human<E: Entries + ?Sized>(
    entries: &E,
    which: Shown,
    out: &mut dyn Write,
) -> io::Result<()> {
    let mut current = None;
    let mut s = Summary::default();
    entries.each(&mut |e| {
        s.count(e);
        if !shown(e, which) {
            return Ok(());
        }
        if current.as_ref() != Some(&e.document) {
            line(out, format_args!("{}", e.document))?;
            current = Some(e.document.clone());
        }
        let (what, why) = label(&e.verdict);
        line(
            out,
            format_args!(
                "  {}:{} {what:<9} {} ({why})",
                e.link.line,
                e.link.column,
                url_of(e)
            ),
        )
    })?;
    line(
        out,
        format_args!(
            "{} link{}: {} fine, {} broken, {} not checked",
            s.links,
            if s.links == 1 { "" } else { "s" },
            s.fine,
            s.broken,
            s.unchecked
        ),
    )
}

/// The report as one JSON object: `links` (each with `document`, `line`,
/// `column`, `kind`, `text`, `url`, `status` (`ok`, `broken`, `refused`,
/// `unchecked`) and `reason`), and `summary`.
///
/// # Errors
///
/// Writing to `out`.
///
/// # Example
///
/// ```
/// use uniform_links::report::{Shown, json};
/// let mut out = Vec::new();
/// json(&[], Shown::All, &mut out).unwrap();
/// let v: serde_json::Value = serde_json::from_slice(&out).unwrap();
/// assert_eq!(v["summary"]["broken"], 0);
/// ```
pub fn json<E: Entries + ?Sized>(entries: &E, which: Shown, out: &mut dyn Write) -> io::Result<()> {
    let s = Summary::of(entries)?;
    let template = serde_json::json!({
        "links": array::hole(),
        "summary": {
            "links": s.links,
            "fine": s.fine,
            "broken": s.broken,
            "unchecked": s.unchecked,
        }
    });
    let mut links = array::Streamed::start(&template, out)?;
    entries.each(&mut |e| {
        if !shown(e, which) {
            return Ok(());
        }
        let (status, reason) = label(&e.verdict);
        links.item(&serde_json::json!({
            "document": e.document.to_string(),
            "line": e.link.line,
            "column": e.link.column,
            "kind": e.link.kind.to_string(),
            "text": e.link.text,
            "url": e.url.as_ref().ok(),
            "status": status,
            "reason": reason,
        }))
    })?;
    links.finish()
}

/// The report as Markdown: a heading a document, a table of its links.
///
/// # Errors
///
/// Writing to `out`.
///
/// # Example
///
/// ```
/// use uniform_links::report::{Shown, markdown};
/// let mut out = Vec::new();
/// markdown(&[], Shown::All, &mut out).unwrap();
/// assert!(String::from_utf8(out).unwrap().starts_with("# Links\n"));
/// ```
pub fn markdown<E: Entries + ?Sized>(
    entries: &E,
    which: Shown,
    out: &mut dyn Write,
) -> io::Result<()> {
    let s = Summary::of(entries)?;
    line(out, format_args!("# Links"))?;
    line(out, format_args!(""))?;
    line(
        out,
        format_args!(
            "{} links: {} fine, {} broken, {} not checked",
            s.links, s.fine, s.broken, s.unchecked
        ),
    )?;
    let mut current = None;
    entries.each(&mut |e| {
        if !shown(e, which) {
            return Ok(());
        }
        if current.as_ref() != Some(&e.document) {
            line(out, format_args!(""))?;
            line(out, format_args!("## {}", cell(&e.document.to_string())))?;
            line(out, format_args!(""))?;
            line(out, format_args!("| line:column | status | URL | why |"))?;
            line(out, format_args!("|---|---|---|---|"))?;
            current = Some(e.document.clone());
        }
        let (what, why) = label(&e.verdict);
        line(
            out,
            format_args!(
                "| {}:{} | {what} | {} | {} |",
                e.link.line,
                e.link.column,
                cell(url_of(e)),
                cell(why)
            ),
        )
    })
}

/// `--dump`: for each distinct URL of `docs` that `opts` has checked,
/// `# URL` and the plan its check would run (or why there is none), then
/// a blank line; then each link that resolves to no URL, with where it
/// is and why. Nothing is connected to.
///
/// # Errors
///
/// Writing to `out`.
///
/// # Example
///
/// ```
/// use uniform_links::report::dump;
/// use uniform_links::run::RunOptions;
/// use uniform_links::{Document, Format};
/// let doc = Document::text("a.md", Format::Markdown, "[x](http://example.org/a%1Bb)\n");
/// let mut out = Vec::new();
/// dump(&[doc], &RunOptions::default(), &mut out).unwrap();
/// let text = String::from_utf8(out).unwrap();
/// assert!(text.starts_with("# http://example.org/a%1Bb\n"), "{text}");
/// assert!(text.contains("> HEAD /a%1Bb HTTP/1.1\n"), "{text}");
/// ```
pub fn dump(docs: &[Document], opts: &RunOptions, out: &mut dyn Write) -> io::Result<()> {
    let found = run::found(docs);
    for found in run::targets(found.iter().map(|(_, _, u)| u), opts) {
        let target = found.judge(&opts.check.fetch);
        line(out, format_args!("# {}", target.as_str()))?;
        match target.plan_text() {
            Ok(plan) => {
                for step in plan.split_terminator('\n') {
                    line(out, format_args!("{step}"))?;
                }
            }
            Err(why) => line(out, format_args!("# not checked: {why}"))?,
        }
        line(out, format_args!(""))?;
    }
    for (source, link, url) in &found {
        if let Err(why) = url {
            line(
                out,
                format_args!(
                    "# {source}:{}:{} {}: {why}",
                    link.line, link.column, link.text
                ),
            )?;
        }
    }
    Ok(())
}

/// Text safe in a Markdown table cell: `|` escaped, line breaks as
/// spaces (the other controls are escaped by [`line`]).
fn cell(text: &str) -> String {
    text.replace('|', "\\|").replace(['\n', '\r'], " ")
}
