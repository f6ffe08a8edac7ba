//! What every report reads of an entry: the counts of a run, which links
//! a report shows, a link's URL and its verdict's label. Kept apart from
//! the reports themselves so that each report imports these and none
//! imports another report.

use crate::check::Verdict;
use crate::entries::Entries;
use crate::run::Entry;
use std::io;

/// The counts of a run.
///
/// # Example
///
/// ```
/// use uniform_links::report::Summary;
/// let s = Summary::of(&[]).unwrap();
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
    ///
    /// # Errors
    ///
    /// Reading entries kept on disk.
    pub fn of<E: Entries + ?Sized>(entries: &E) -> io::Result<Summary> {
        let mut s = Summary::default();
        entries.each(&mut |e| {
            s.count(e);
            Ok(())
        })?;
        Ok(s)
    }

    /// Counts `e` in.
    pub(super) fn count(&mut self, e: &Entry) {
        self.links += 1;
        match e.verdict {
            Verdict::Fine { .. } => self.fine += 1,
            Verdict::Broken { .. } => self.broken += 1,
            Verdict::Unchecked { .. } => self.unchecked += 1,
        }
    }
}

/// Where a report shows each link.
///
/// # Example
///
/// ```
/// use uniform_links::report::Shown;
/// assert_ne!(Shown::Broken, Shown::All);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shown {
    /// Broken links only.
    Broken,
    /// Every link.
    All,
}

/// Whether a report showing `which` shows `e`.
pub(super) fn shown(e: &Entry, which: Shown) -> bool {
    which == Shown::All || e.verdict.is_broken()
}

/// The URL of `e`, or the link as written when it resolves to none.
pub(super) fn url_of(e: &Entry) -> &str {
    match &e.url {
        Ok(u) => u,
        Err(_) => &e.link.text,
    }
}

/// The status word of `v` (`ok`, `refused`, `broken`, `unchecked`) and
/// what it says why.
pub(super) fn label(v: &Verdict) -> (&'static str, &str) {
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
