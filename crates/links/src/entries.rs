//! What a report reads: the entries of a run, one after the other, as
//! many times as the report needs (a count first, then the lines). A
//! flat run holds its entries in memory; a crawl keeps them on disk
//! ([`crate::crawl::Crawled`]) so that its memory does not grow with the
//! links of the site.

use crate::run::Entry;
use std::io;

/// Entries a report can go through, in order, again and again.
///
/// # Example
///
/// ```
/// use uniform_links::entries::Entries;
/// use uniform_links::run::Entry;
/// let none: Vec<Entry> = Vec::new();
/// let mut n = 0;
/// none.each(&mut |_| { n += 1; Ok(()) }).unwrap();
/// assert_eq!(n, 0);
/// ```
pub trait Entries {
    /// Calls `f` with each entry in turn; stops at its first error.
    ///
    /// # Errors
    ///
    /// `f`'s, or reading entries kept on disk.
    fn each(&self, f: &mut dyn FnMut(&Entry) -> io::Result<()>) -> io::Result<()>;

    /// Whether an entry is broken.
    ///
    /// # Errors
    ///
    /// Reading entries kept on disk.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform_links::entries::Entries;
    /// assert!(!Vec::<uniform_links::run::Entry>::new().any_broken().unwrap());
    /// ```
    fn any_broken(&self) -> io::Result<bool> {
        let mut broken = false;
        self.each(&mut |e| {
            broken |= e.verdict.is_broken();
            Ok(())
        })?;
        Ok(broken)
    }
}

impl<T: AsRef<[Entry]> + ?Sized> Entries for T {
    fn each(&self, f: &mut dyn FnMut(&Entry) -> io::Result<()>) -> io::Result<()> {
        self.as_ref().iter().try_for_each(f)
    }
}
