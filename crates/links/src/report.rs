//! What a run found, for people (grouped by document, with line and
//! column), for programs (JSON) and for pages (Markdown).

use crate::check::Verdict;
use crate::run::Entry;
use std::io::{self, Write};

/// The counts of a run.
///
/// # Example
///
/// ```
/// use uniform_links::report::Summary;
/// let s = Summary::of(&[]);
/// assert_eq!((s.links, s.broken), (0, 0));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    /// Links found.
    pub links: usize,
    /// Links whose URL is fine.
    pub fine: usize,
    /// Links whose URL is broken.
    pub broken: usize,
    /// Links not checked (excluded, a scheme with no check, relative
    /// without a base).
    pub unchecked: usize,
}

impl Summary {
    /// The counts of `entries`.
    pub fn of(entries: &[Entry]) -> Summary {
        let mut s = Summary {
            links: entries.len(),
            ..Summary::default()
        };
        for e in entries {
            match e.verdict {
                Verdict::Fine { .. } => s.fine += 1,
                Verdict::Broken { .. } => s.broken += 1,
                Verdict::Unchecked { .. } => s.unchecked += 1,
            }
        }
        s
    }
}

/// Where a report shows each link.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shown {
    /// Broken links only.
    Broken,
    /// Every link.
    All,
}

fn shown(e: &Entry, which: Shown) -> bool {
    which == Shown::All || e.verdict.is_broken()
}

fn url_of(e: &Entry) -> &str {
    match &e.url {
        Ok(u) => u,
        Err(_) => &e.link.text,
    }
}

fn label(v: &Verdict) -> (&'static str, &str) {
    match v {
        Verdict::Fine { detail } => ("ok", detail),
        Verdict::Broken {
            reason,
            refused: true,
        } => ("refused", reason),
        Verdict::Broken { reason, .. } => ("broken", reason),
        Verdict::Unchecked { reason } => ("unchecked", reason),
    }
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
pub fn human(entries: &[Entry], which: Shown, out: &mut dyn Write) -> io::Result<()> {
    let mut current = None;
    for e in entries.iter().filter(|e| shown(e, which)) {
        if current != Some(&e.document) {
            writeln!(out, "{}", e.document)?;
            current = Some(&e.document);
        }
        let (what, why) = label(&e.verdict);
        writeln!(
            out,
            "  {}:{} {what:<9} {} ({why})",
            e.link.line,
            e.link.column,
            url_of(e)
        )?;
    }
    let s = Summary::of(entries);
    writeln!(
        out,
        "{} link{}: {} fine, {} broken, {} not checked",
        s.links,
        if s.links == 1 { "" } else { "s" },
        s.fine,
        s.broken,
        s.unchecked
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
pub fn json(entries: &[Entry], which: Shown, out: &mut dyn Write) -> io::Result<()> {
    let links: Vec<serde_json::Value> = entries
        .iter()
        .filter(|e| shown(e, which))
        .map(|e| {
            let (status, reason) = label(&e.verdict);
            serde_json::json!({
                "document": e.document.to_string(),
                "line": e.link.line,
                "column": e.link.column,
                "kind": e.link.kind.to_string(),
                "text": e.link.text,
                "url": e.url.as_ref().ok(),
                "status": status,
                "reason": reason,
            })
        })
        .collect();
    let s = Summary::of(entries);
    let v = serde_json::json!({
        "links": links,
        "summary": {
            "links": s.links,
            "fine": s.fine,
            "broken": s.broken,
            "unchecked": s.unchecked,
        }
    });
    serde_json::to_writer_pretty(&mut *out, &v)?;
    writeln!(out)
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
pub fn markdown(entries: &[Entry], which: Shown, out: &mut dyn Write) -> io::Result<()> {
    let s = Summary::of(entries);
    writeln!(out, "# Links\n")?;
    writeln!(
        out,
        "{} links: {} fine, {} broken, {} not checked",
        s.links, s.fine, s.broken, s.unchecked
    )?;
    let mut current = None;
    for e in entries.iter().filter(|e| shown(e, which)) {
        if current != Some(&e.document) {
            writeln!(out, "\n## {}\n", cell(&e.document.to_string()))?;
            writeln!(out, "| line:column | status | URL | why |")?;
            writeln!(out, "|---|---|---|---|")?;
            current = Some(&e.document);
        }
        let (what, why) = label(&e.verdict);
        writeln!(
            out,
            "| {}:{} | {what} | {} | {} |",
            e.link.line,
            e.link.column,
            cell(url_of(e)),
            cell(why)
        )?;
    }
    Ok(())
}

/// Text safe in a Markdown table cell: `|` escaped, line breaks as
/// spaces.
fn cell(text: &str) -> String {
    text.replace('|', "\\|").replace(['\n', '\r'], " ")
}
