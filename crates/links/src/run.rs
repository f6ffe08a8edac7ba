//! A run: every link of every document found and resolved, one check a
//! distinct URL (its fragment aside) on a bounded pool of threads, and
//! each link given its URL's verdict.

use crate::check::{self, CheckOptions, Verdict};
use crate::{Document, Link, Source, extract, resolve};
use regex::RegexSet;
use std::collections::HashMap;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

/// How a run goes.
///
/// # Example
///
/// ```
/// let o = uniform_links::run::RunOptions::default();
/// assert!(o.concurrency >= 1);
/// ```
#[derive(Clone, Debug)]
pub struct RunOptions {
    /// How each URL is checked.
    pub check: CheckOptions,
    /// How many checks run at once.
    pub concurrency: usize,
    /// Only URLs matching one of these are checked (none: all).
    pub include: Option<RegexSet>,
    /// URLs matching one of these are not checked.
    pub exclude: Option<RegexSet>,
}

impl Default for RunOptions {
    fn default() -> RunOptions {
        RunOptions {
            check: CheckOptions::default(),
            concurrency: 32,
            include: None,
            exclude: None,
        }
    }
}

/// One link of one document, with its URL and its verdict.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The document it stands in.
    pub document: Source,
    /// The link as written, and where.
    pub link: Link,
    /// The absolute URL, or why there is none.
    pub url: Result<String, String>,
    /// What its check found.
    pub verdict: Verdict,
}

/// The links of `docs`, each with its absolute URL (or why it has none),
/// in document order; no check made.
///
/// # Example
///
/// ```
/// use uniform_links::{Document, Format, run};
/// let mut d = Document::text("a.html", Format::Html, r#"<a href="b.html">b</a>"#);
/// d.base = Some("http://example.org/a.html".into());
/// let found = run::found(&[d]);
/// // (the HTML reading is another module's; the URL is resolved here)
/// assert!(found.iter().all(|(_, _, url)| url.is_ok()));
/// ```
pub fn found(docs: &[Document]) -> Vec<(Source, Link, Result<String, String>)> {
    let mut out = Vec::new();
    for doc in docs {
        let base = match doc.format {
            crate::Format::Html => extract::base_href(doc),
            _ => None,
        };
        for link in extract::links(doc) {
            let url = resolve::absolute(doc, base.as_deref(), &link);
            out.push((doc.source.clone(), link, url));
        }
    }
    out
}

/// Whether `opts` has `url` checked.
fn wanted(url: &str, opts: &RunOptions) -> bool {
    opts.include.as_ref().is_none_or(|s| s.is_match(url))
        && !opts.exclude.as_ref().is_some_and(|s| s.is_match(url))
}

/// The distinct URLs a run of `found` checks, in first-found order.
///
/// # Example
///
/// ```
/// use uniform_links::run::{RunOptions, distinct};
/// let urls = vec![Ok("http://h/a#x".to_string()), Ok("http://h/a".to_string()), Err("relative".into())];
/// assert_eq!(distinct(urls.iter(), &RunOptions::default()), ["http://h/a"]);
/// ```
pub fn distinct<'a>(
    urls: impl Iterator<Item = &'a Result<String, String>>,
    opts: &RunOptions,
) -> Vec<String> {
    let mut seen = std::collections::HashSet::new();
    let mut out = Vec::new();
    for url in urls.flatten() {
        let key = resolve::without_fragment(url);
        if wanted(key, opts) && seen.insert(key.to_string()) {
            out.push(key.to_string());
        }
    }
    out
}

/// Checks `urls`, `opts.concurrency` at a time, calling `progress` with
/// the count done after each; the verdicts in the order of `urls`.
pub fn check_all(
    urls: &[String],
    opts: &RunOptions,
    progress: &(dyn Fn(usize) + Sync),
) -> Vec<Verdict> {
    let next = AtomicUsize::new(0);
    let done = AtomicUsize::new(0);
    let results: Mutex<Vec<Option<Verdict>>> = Mutex::new(vec![None; urls.len()]);
    let workers = opts.concurrency.clamp(1, urls.len().max(1));
    std::thread::scope(|s| {
        for _ in 0..workers {
            s.spawn(|| {
                // Each worker keeps its own connections, alive between
                // its checks of one server.
                let mut mine = opts.check.clone();
                mine.fetch.connections = uniform_access::Connections::default();
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(url) = urls.get(i) else { break };
                    let v = check::check(url, &mine);
                    if let Ok(mut r) = results.lock() {
                        r[i] = Some(v);
                    }
                    progress(done.fetch_add(1, Ordering::Relaxed) + 1);
                }
                mine.fetch.connections.close();
            });
        }
    });
    results
        .into_inner()
        .unwrap_or_default()
        .into_iter()
        .map(|v| {
            v.unwrap_or(Verdict::Unchecked {
                reason: "not checked".into(),
            })
        })
        .collect()
}

/// A whole run: the links of `docs`, each distinct URL checked once, each
/// link with its verdict.
///
/// # Example
///
/// ```
/// use uniform_links::{Document, Format, run::{RunOptions, run}};
/// let d = Document::text("a.txt", Format::Text, "");
/// assert!(run(&[d], &RunOptions::default(), &|_, _| {}).is_empty());
/// ```
pub fn run(
    docs: &[Document],
    opts: &RunOptions,
    progress: &(dyn Fn(usize, usize) + Sync),
) -> Vec<Entry> {
    let found = found(docs);
    let urls = distinct(found.iter().map(|(_, _, u)| u), opts);
    let total = urls.len();
    let verdicts = check_all(&urls, opts, &|n| progress(n, total));
    let by_url: HashMap<&str, &Verdict> = urls.iter().map(String::as_str).zip(&verdicts).collect();
    found
        .into_iter()
        .map(|(document, link, url)| {
            let verdict = match &url {
                Err(why) => Verdict::Unchecked {
                    reason: why.clone(),
                },
                Ok(u) => match by_url.get(resolve::without_fragment(u)) {
                    Some(v) => (*v).clone(),
                    None => Verdict::Unchecked {
                        reason: "excluded".into(),
                    },
                },
            };
            Entry {
                document,
                link,
                url,
                verdict,
            }
        })
        .collect()
}
