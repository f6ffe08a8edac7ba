//! `--cache`: verdicts kept in a file between runs, each with the time
//! it was found; one older than the maximum age is checked again. Only
//! what a server said is kept (fine, broken): a policy's refusal and a
//! link not checked depend on the run's options, and cost nothing to
//! find again.
//!
//! The file is text, a line a URL: the time (seconds since 1970), `ok`
//! or `broken`, the URL and the reason, separated by tabs.

use crate::check::Verdict;
use std::collections::HashMap;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

/// The verdicts of earlier runs.
///
/// # Example
///
/// ```
/// use std::time::Duration;
/// use uniform_links::cache::Cache;
/// use uniform_links::check::Verdict;
/// let path = std::env::temp_dir().join(format!("uniform-cache-doc-{}", std::process::id()));
/// let mut c = Cache::load(&path, Duration::from_secs(3600))?;
/// c.put("http://example.org/", &Verdict::Fine { detail: "HTTP/1.1 200 OK".into() });
/// c.save()?;
/// let again = Cache::load(&path, Duration::from_secs(3600))?;
/// assert!(matches!(again.get("http://example.org/"), Some(Verdict::Fine { .. })));
/// std::fs::remove_file(&path)?;
/// # Ok::<_, std::io::Error>(())
/// ```
#[derive(Debug)]
pub struct Cache {
    path: PathBuf,
    max_age: Duration,
    entries: HashMap<String, (u64, Verdict)>,
}

/// The most lines read from a cache file (a file past it is cut there).
const MAX_LINES: usize = 10_000_000;

fn now() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
}

impl Cache {
    /// The cache of `path` (empty when there is no such file), its
    /// entries older than `max_age` left out.
    ///
    /// # Errors
    ///
    /// The file exists and cannot be read.
    pub fn load(path: &Path, max_age: Duration) -> io::Result<Cache> {
        let mut c = Cache {
            path: path.to_path_buf(),
            max_age,
            entries: HashMap::new(),
        };
        let text = match std::fs::read(path) {
            Ok(t) => String::from_utf8_lossy(&t).into_owned(),
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(c),
            Err(e) => return Err(e),
        };
        let oldest = now().saturating_sub(max_age.as_secs());
        for line in text.lines().take(MAX_LINES) {
            let mut f = line.splitn(4, '\t');
            let (Some(t), Some(status), Some(url), reason) =
                (f.next(), f.next(), f.next(), f.next())
            else {
                continue;
            };
            let Ok(t) = t.parse::<u64>() else { continue };
            if t < oldest {
                continue;
            }
            let reason = reason.unwrap_or_default().to_string();
            let v = match status {
                "ok" => Verdict::Fine { detail: reason },
                "broken" => Verdict::Broken {
                    reason,
                    refused: false,
                },
                _ => continue,
            };
            c.entries.insert(url.to_string(), (t, v));
        }
        Ok(c)
    }

    /// The verdict kept for `url`, if it is young enough.
    pub fn get(&self, url: &str) -> Option<&Verdict> {
        let oldest = now().saturating_sub(self.max_age.as_secs());
        self.entries
            .get(url)
            .filter(|(t, _)| *t >= oldest)
            .map(|(_, v)| v)
    }

    /// Keeps `verdict` for `url`, found now, if it is one a cache keeps.
    pub fn put(&mut self, url: &str, verdict: &Verdict) {
        let keep = matches!(
            verdict,
            Verdict::Fine { .. } | Verdict::Broken { refused: false, .. }
        );
        // A URL with a tab or a line break cannot stand on its line.
        if keep && !url.contains(['\t', '\n', '\r']) {
            self.entries
                .insert(url.to_string(), (now(), verdict.clone()));
        }
    }

    /// Writes the cache back to its file (whole, through a temporary
    /// file renamed over it).
    ///
    /// # Errors
    ///
    /// The file cannot be written.
    pub fn save(&self) -> io::Result<()> {
        let tmp = self.path.with_extension("tmp");
        {
            let mut out = io::BufWriter::new(std::fs::File::create(&tmp)?);
            let mut urls: Vec<&String> = self.entries.keys().collect();
            urls.sort();
            for url in urls {
                let (t, v) = &self.entries[url];
                let (status, reason) = match v {
                    Verdict::Fine { detail } => ("ok", detail),
                    Verdict::Broken { reason, .. } => ("broken", reason),
                    Verdict::Unchecked { .. } => continue,
                };
                let reason = reason.replace(['\t', '\n', '\r'], " ");
                writeln!(out, "{t}\t{status}\t{url}\t{reason}")?;
            }
            out.flush()?;
        }
        std::fs::rename(&tmp, &self.path)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn old_entries_refusals_and_bad_lines_are_not_kept() {
        let path = std::env::temp_dir().join(format!("uniform-cache-{}", std::process::id()));
        let old = now() - 7200;
        std::fs::write(
            &path,
            format!(
                "{old}\tok\thttp://old/\tx\n{}\tbroken\thttp://new/\t404\nnot a line\n{}\tweird\thttp://w/\t\n",
                now(),
                now()
            ),
        )
        .unwrap();
        let mut c = Cache::load(&path, Duration::from_secs(3600)).unwrap();
        assert!(c.get("http://old/").is_none());
        assert!(
            matches!(c.get("http://new/"), Some(Verdict::Broken { reason, .. }) if reason == "404")
        );
        assert!(c.get("http://w/").is_none());
        c.put(
            "http://refused/",
            &Verdict::Broken {
                reason: "port".into(),
                refused: true,
            },
        );
        c.put(
            "urn:x",
            &Verdict::Unchecked {
                reason: "urn".into(),
            },
        );
        c.put(
            "http://fine/",
            &Verdict::Fine {
                detail: "a\tb".into(),
            },
        );
        c.save().unwrap();
        let again = Cache::load(&path, Duration::from_secs(3600)).unwrap();
        assert!(again.get("http://refused/").is_none());
        assert!(again.get("urn:x").is_none());
        assert!(
            matches!(again.get("http://fine/"), Some(Verdict::Fine { detail }) if detail == "a b")
        );
        let _ = std::fs::remove_file(&path);
    }
}
