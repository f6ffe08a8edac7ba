//! A crawl's memory of the URLs it has met: a 64-bit fingerprint each,
//! not the URL, and the verdict as an index into the run's distinct
//! verdicts (a site's 100,000 pages have a handful: "read", "200 OK",
//! "404 Not Found"). What a crawl holds grows by a few dozen octets a
//! distinct URL, whatever the length of the URLs.
//!
//! The fingerprints are keyed anew each run (std's `RandomState`), so
//! that no site can write two URLs that meet; two URLs of one run share
//! one by chance once in 2^64 / n² pairs (one in 18 million for a
//! million URLs).

use crate::check::Verdict;
use std::collections::HashMap;
use std::hash::{BuildHasher, BuildHasherDefault, Hasher, RandomState};

/// A fingerprint: a keyed hash of a URL.
pub(crate) type Fingerprint = u64;

/// Hashes a fingerprint as itself: it is a keyed hash already.
#[derive(Default)]
pub(crate) struct Identity(u64);

impl Hasher for Identity {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 << 8) | u64::from(b);
        }
    }
    fn write_u64(&mut self, n: u64) {
        self.0 = n;
    }
}

type ByPrint = BuildHasherDefault<Identity>;

/// The URLs met (claimed by the first document to name them) and the
/// verdicts found.
#[derive(Default)]
pub(crate) struct Seen {
    keys: RandomState,
    /// Each URL met: 0 while its verdict is to come, else 1 + the
    /// verdict's place in `distinct`.
    met: HashMap<Fingerprint, u32, ByPrint>,
    distinct: Vec<Verdict>,
    index: HashMap<Verdict, u32>,
}

impl Seen {
    /// The fingerprint of `url`.
    pub(crate) fn print(&self, url: &str) -> Fingerprint {
        self.keys.hash_one(url)
    }

    /// Notes `url` met; whether it is the first time.
    pub(crate) fn meet(&mut self, url: &str) -> bool {
        let p = self.print(url);
        let mut fresh = false;
        self.met.entry(p).or_insert_with(|| {
            fresh = true;
            0
        });
        fresh
    }

    /// Keeps `verdict` as `url`'s (met, then).
    pub(crate) fn set(&mut self, url: &str, verdict: Verdict) {
        let p = self.print(url);
        let id = match self.index.get(&verdict) {
            Some(id) => *id,
            None => {
                let id = u32::try_from(self.distinct.len() + 1).unwrap_or(u32::MAX);
                self.distinct.push(verdict.clone());
                self.index.insert(verdict, id);
                id
            }
        };
        self.met.insert(p, id);
    }

    /// `url`'s verdict, once found.
    pub(crate) fn verdict(&self, url: &str) -> Option<&Verdict> {
        let id = self.met.get(&self.print(url))?.checked_sub(1)?;
        self.distinct.get(id as usize)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn urls_are_met_once_and_verdicts_shared() {
        let mut s = Seen::default();
        assert!(s.meet("http://h/a"));
        assert!(!s.meet("http://h/a"));
        let fine = Verdict::Fine {
            detail: "read".into(),
        };
        s.set("http://h/a", fine.clone());
        s.set("http://h/b", fine.clone());
        s.set("http://h/c", Verdict::Unchecked { reason: "x".into() });
        assert_eq!(s.verdict("http://h/b"), Some(&fine));
        assert!(matches!(
            s.verdict("http://h/c"),
            Some(Verdict::Unchecked { .. })
        ));
        assert_eq!(s.verdict("http://h/d"), None);
        assert_eq!(s.distinct.len(), 2);
    }
}
