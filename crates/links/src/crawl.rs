//! `uniform links --recursive`: the documents found under a scope are
//! read in turn, their links checked and followed, each distinct URL
//! fetched once, by whatever protocol its scheme has (an HTTP site, a
//! file tree, an FTP directory, a gopher menu).
//!
//! The crawl goes by levels: the start documents are level 0; the
//! documents their links name, read in parallel within the per-host
//! limits, are level 1; and so on up to `--max-depth`. A document read is
//! its own check (a fetch that succeeds is fine, one that fails broken),
//! so that a page is fetched once. Its text is dropped as soon as its
//! links are taken. A link outside the scope, or a document past the
//! limits, is checked as `uniform links` checks any link, not followed.
//!
//! robots.txt is obeyed for everything a crawl fetches, the start URLs
//! included (`--ignore-robots` aside): a URL it disallows is reported
//! unchecked, "excluded by robots.txt", and never fetched; its
//! `Crawl-delay` spaces the fetches from that host; the sitemaps its
//! `Sitemap:` lines name are read for the origins under the scope.

use crate::check::Verdict;
use crate::hosts::{self, Hosts};
use crate::input::{self, InputError, InputOptions};
use crate::resolve;
use crate::robots::Robots;
use crate::run::{self, Entry, RunOptions};
use crate::target::Found;
use crate::{Document, Format};
use std::collections::{HashMap, HashSet};
use std::sync::atomic::{AtomicUsize, Ordering};
use uniform::{Dialect, ParseOptions, Protocol};

/// How far a crawl goes.
///
/// # Example
///
/// ```
/// use uniform_links::crawl::CrawlOptions;
/// let o = CrawlOptions::default();
/// assert!(o.scopes.is_empty() && o.max_depth > 0 && o.max_repeats > 0);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CrawlOptions {
    /// The scopes (`--scope`); none: each start document's own.
    pub scopes: Vec<Scope>,
    /// Links followed from a start document at most (0: the start
    /// documents only).
    pub max_depth: usize,
    /// A path that holds one segment more than this many times is not
    /// followed: `a/b/a/b/a/b/...` is a crawl trap (a relative link on a
    /// page that every path serves).
    pub max_repeats: usize,
    /// Documents read at most, the start documents included.
    pub max_pages: usize,
    /// Fetch what robots.txt disallows (`--ignore-robots`).
    pub ignore_robots: bool,
}

/// The default `--max-depth`: deep enough for any site a person
/// navigates; a generated calendar or an endless "next page" stops there.
pub const DEFAULT_MAX_DEPTH: usize = 16;

/// The default `--max-pages`.
pub const DEFAULT_MAX_PAGES: usize = 1_000_000;

impl Default for CrawlOptions {
    fn default() -> CrawlOptions {
        CrawlOptions {
            scopes: Vec::new(),
            max_depth: DEFAULT_MAX_DEPTH,
            max_repeats: 3,
            max_pages: DEFAULT_MAX_PAGES,
            ignore_robots: false,
        }
    }
}

/// Where a crawl may go: a URL prefix, matched segment by segment (the
/// scheme, the host and the port, then the path up to and including a
/// `/`; for gopher the selector, its item type aside).
///
/// # Example
///
/// ```
/// use uniform_links::crawl::Scope;
/// let s = Scope::of_start("http://Example.org/docs/guide/index.html").unwrap();
/// assert_eq!(s.as_str(), "http://example.org:80/docs/guide/");
/// assert!(s.contains("http://example.org/docs/guide/a/b.html?x#y"));
/// assert!(!s.contains("http://example.org/docs/guidebook/"));
/// assert!(!s.contains("https://example.org/docs/guide/"));
/// let g = Scope::of_start("gopher://h/1/docs/").unwrap();
/// assert!(g.contains("gopher://h/0/docs/readme.txt"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Scope(String);

impl Scope {
    /// The scope of a start document's URL: its directory.
    pub fn of_start(url: &str) -> Option<Scope> {
        let key = key(url)?;
        let end = key.rfind('/')? + 1;
        Some(Scope(key[..end].to_string()))
    }

    /// `--scope PREFIX`: the URL as written, completed to its directory
    /// when it does not end in `/`... only at a segment's end: a prefix
    /// `http://h/docs` is the folder `/docs/`.
    ///
    /// # Errors
    ///
    /// A prefix that is no absolute URL.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform_links::crawl::Scope;
    /// assert_eq!(Scope::parse("http://h/docs").unwrap().as_str(), "http://h:80/docs/");
    /// assert!(Scope::parse("docs/").is_err());
    /// ```
    pub fn parse(prefix: &str) -> Result<Scope, String> {
        let mut key = key(prefix).ok_or_else(|| format!("--scope {prefix:?}: no absolute URL"))?;
        if !key.ends_with('/') {
            key.push('/');
        }
        Ok(Scope(key))
    }

    /// The prefix, normalized.
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// Whether `url` has the scope's scheme, host and port, whatever its
    /// path: the scope is on that origin.
    pub fn shares_origin(&self, url: &str) -> bool {
        key(url).is_some_and(|k| {
            let authority = k.find("://").map_or(0, |i| i + 3);
            let end = k[authority..].find('/').map_or(k.len(), |i| authority + i);
            self.0.starts_with(&k[..end]) && self.0[end..].starts_with('/')
        })
    }

    /// Whether `url` is under the scope.
    pub fn contains(&self, url: &str) -> bool {
        key(url).is_some_and(|k| k.starts_with(&self.0))
    }
}

/// A URL as scopes compare it: scheme and host in lower case, the port
/// written, the path (a gopher selector without its item type), no
/// query, no fragment.
fn key(url: &str) -> Option<String> {
    let u = ParseOptions::new()
        .dialect(Dialect::Rfc3986)
        .parse(url)
        .ok()?;
    let scheme = u.scheme().to_ascii_lowercase();
    let host = u.hostname()?.to_ascii_lowercase();
    let mut out = format!("{scheme}://{host}");
    if let Some(port) = u.port_or_default() {
        out.push_str(&format!(":{port}"));
    }
    let path = u.path_with_slash();
    let path = if u.scheme_row().protocol == Some(Protocol::Gopher) {
        // "/1/docs/" and "/0/docs/x" are under one selector prefix.
        let rest = path.strip_prefix('/').unwrap_or(path);
        let mut chars = rest.chars();
        chars.next();
        format!("/{}", chars.as_str())
    } else {
        path.to_string()
    };
    out.push_str(if path.is_empty() { "/" } else { &path });
    Some(out)
}

/// Whether `url` names a document whose links a crawl reads: a folder
/// (a path ending in `/`), a name with a document's extension or none
/// (`/about`), a gopher menu. An image, an archive, a PDF is checked,
/// not read.
fn readable(url: &str) -> bool {
    let Ok(u) = ParseOptions::new().dialect(Dialect::Rfc3986).parse(url) else {
        return false;
    };
    if u.scheme_row().protocol == Some(Protocol::Gopher) {
        // Item type 1, a menu; the root selector is one.
        let path = u.path_with_slash();
        return path.len() <= 1 || path.as_bytes().get(1) == Some(&b'1');
    }
    if !u
        .scheme_row()
        .link_check()
        .is_some_and(|c| c.reads_document())
    {
        return false;
    }
    let path = u.path_with_slash();
    let name = path.rsplit('/').next().unwrap_or_default();
    let name = name.split(';').next().unwrap_or_default();
    name.is_empty() || !name.contains('.') || Format::from_name(name).is_some()
}

/// Whether a path repeats one of its segments more than `max` times.
fn trap(url: &str, max: usize) -> bool {
    let Some(k) = key(url) else { return false };
    let path = k.splitn(4, '/').nth(3).unwrap_or_default();
    let mut counts: HashMap<&str, usize> = HashMap::new();
    path.split('/').filter(|s| !s.is_empty()).any(|seg| {
        let n = counts.entry(seg).or_default();
        *n += 1;
        *n > max
    })
}

/// Crawls from `inputs`: their documents read (as `uniform links` reads
/// inputs), then every document under the scopes that their links name,
/// level by level; every link of every document read checked once. The
/// entries in the order the documents were read; the inputs that gave
/// no document.
///
/// # Example
///
/// ```
/// use uniform_links::crawl::{CrawlOptions, crawl};
/// use uniform_links::input::InputOptions;
/// use uniform_links::run::RunOptions;
/// let dir = std::env::temp_dir().join(format!("uniform-crawl-doc-{}", std::process::id()));
/// std::fs::create_dir_all(dir.join("sub"))?;
/// std::fs::write(dir.join("index.html"), r#"<a href="sub/a.html">a</a>"#)?;
/// std::fs::write(dir.join("sub/a.html"), r#"<a href="../missing.html">m</a>"#)?;
/// let start = [dir.join("index.html").display().to_string()];
/// let (entries, errors) = crawl(&start, &InputOptions::default(), &RunOptions::default(), &CrawlOptions::default(), &|_, _| {});
/// assert!(errors.is_empty());
/// // The page's link, then the link of the page it names.
/// assert_eq!(entries.len(), 2);
/// assert!(entries[1].verdict.is_broken());
/// std::fs::remove_dir_all(&dir)?;
/// # Ok::<_, std::io::Error>(())
/// ```
pub fn crawl(
    inputs: &[String],
    input_opts: &InputOptions,
    opts: &RunOptions,
    crawl: &CrawlOptions,
    progress: &(dyn Fn(usize, usize) + Sync),
) -> (Vec<Entry>, Vec<InputError>) {
    let (fetch, session) = (&opts.check.fetch, &opts.check.session);
    let robots = Robots::new();
    let hosts = Hosts::new(opts.max_per_host, opts.rate);
    // A start URL is fetched as any: robots.txt first. The origins read
    // and not yet acted on (their Crawl-delay, their sitemaps).
    let mut errors = Vec::new();
    let mut starts = inputs.to_vec();
    let mut learned = Vec::new();
    if !crawl.ignore_robots {
        learned = robots.learn(inputs, opts);
        starts.retain(|input| match robots.allows(input, fetch, session) {
            Ok(()) => true,
            Err(message) => {
                errors.push(InputError {
                    input: input.clone(),
                    message,
                });
                false
            }
        });
    }
    // The starts are the user's own choice, a site on localhost included:
    // the address exclusions screen the links found, as in a flat run.
    let mut start_fetch = fetch.clone();
    start_fetch.exclusions = Default::default();
    let (mut docs, unread) = input::documents(&starts, input_opts, &start_fetch, session);
    errors.extend(unread);
    let scopes: Vec<Scope> = if crawl.scopes.is_empty() {
        docs.iter()
            .filter_map(|d| d.base.as_deref().and_then(Scope::of_start))
            .collect()
    } else {
        crawl.scopes.clone()
    };
    let in_scope = |url: &str| scopes.iter().any(|s| s.contains(url));
    // Every distinct URL's verdict, by the URL without its fragment: a
    // document read is fine.
    let mut verdicts: HashMap<String, Verdict> = HashMap::new();
    for d in &docs {
        if let Some(b) = &d.base {
            verdicts.insert(resolve::without_fragment(b).to_string(), read_fine());
        }
    }
    let mut pages = docs.len();
    // Sitemaps that robots.txt names are read whatever their place: they
    // index the site, and their links meet the scope as any.
    let mut sitemaps: HashSet<String> = HashSet::new();
    let mut entries = Vec::new();
    let (done, total) = (AtomicUsize::new(0), AtomicUsize::new(0));
    let tell = |n: usize| {
        progress(
            done.load(Ordering::Relaxed) + n,
            total.load(Ordering::Relaxed),
        )
    };
    for depth in 0.. {
        let found = run::found_at(&docs, &opts.locations);
        // The texts go: only the links are kept.
        drop(docs);
        let mut to_read: Vec<String> = Vec::new();
        let mut to_check = Vec::new();
        let mut fresh: Vec<String> = run::distinct(found.iter().map(|(_, _, u)| u), opts)
            .into_iter()
            .filter(|u| !verdicts.contains_key(u))
            .collect();
        if !crawl.ignore_robots {
            learned.extend(robots.learn(&fresh, opts));
            for origin in learned.drain(..) {
                if let Some(d) = robots.delay(&origin) {
                    hosts.space(&hosts::key(&origin), d);
                }
                if !scopes.iter().any(|s| s.shares_origin(&origin)) {
                    continue;
                }
                for map in robots.sitemaps(&origin) {
                    if pages < crawl.max_pages && sitemaps.insert(map.clone()) {
                        pages += 1;
                        to_read.push(map);
                    }
                }
            }
            fresh.retain(|url| match robots.allows(url, fetch, session) {
                Ok(()) => true,
                Err(reason) => {
                    verdicts.insert(url.clone(), Verdict::Unchecked { reason });
                    false
                }
            });
        }
        to_read.retain(|u| !verdicts.contains_key(u));
        for url in fresh.into_iter().filter(|u| !sitemaps.contains(u)) {
            let follow = depth < crawl.max_depth
                && pages < crawl.max_pages
                && in_scope(&url)
                && readable(&url)
                && !trap(&url, crawl.max_repeats);
            if follow {
                pages += 1;
                to_read.push(url);
            } else {
                to_check.push(url);
            }
        }
        total.fetch_add(to_read.len() + to_check.len(), Ordering::Relaxed);
        let checked = run::check_targets_within(
            to_check.iter().map(|u| Found::new(u)).collect(),
            opts,
            &hosts,
            &tell,
        );
        done.fetch_add(to_check.len(), Ordering::Relaxed);
        verdicts.extend(to_check.into_iter().zip(checked));
        let read = read_all(&to_read, input_opts, opts, &hosts, &tell);
        done.fetch_add(to_read.len(), Ordering::Relaxed);
        docs = Vec::new();
        // A document too large to read is still there: checked as any
        // object is, not called broken.
        let too_large: Vec<String> = to_read
            .iter()
            .zip(&read)
            .filter(|(_, r)| r.as_ref().is_err_and(|m| input::is_too_large(m)))
            .map(|(u, _)| u.clone())
            .collect();
        let checked = run::check_targets_within(
            too_large.iter().map(|u| Found::new(u)).collect(),
            opts,
            &hosts,
            &|_| {},
        );
        let mut instead: HashMap<String, Verdict> = too_large.into_iter().zip(checked).collect();
        for (url, result) in to_read.into_iter().zip(read) {
            if let Some(v) = instead.remove(&url) {
                verdicts.insert(url, v);
                continue;
            }
            let verdict = match result {
                Ok(doc) => {
                    // A redirect out of the scope is checked, not followed.
                    if sitemaps.contains(&url) || doc.base.as_deref().is_some_and(&in_scope) {
                        docs.push(doc);
                    }
                    read_fine()
                }
                Err(reason) => Verdict::Broken {
                    reason,
                    refused: false,
                },
            };
            verdicts.insert(url, verdict);
        }
        entries.extend(found.into_iter().map(|(document, link, url)| {
            let verdict = run::link_verdict(&url, |t| verdicts.get(t), |_| None);
            Entry {
                document,
                link,
                url,
                verdict,
            }
        }));
        if docs.is_empty() {
            break;
        }
    }
    (entries, errors)
}

/// The verdict of a document read whole.
fn read_fine() -> Verdict {
    Verdict::Fine {
        detail: "read".into(),
    }
}

/// The documents `urls` name, read `opts.concurrency` at a time within
/// the per-host limits; each a document or why it is not one. An HTTP
/// status of 400 or above is a failure here (curl's `-f`): an error page
/// is no document of the site.
fn read_all(
    urls: &[String],
    input_opts: &InputOptions,
    opts: &RunOptions,
    hosts: &Hosts,
    progress: &(dyn Fn(usize) + Sync),
) -> Vec<Result<Document, String>> {
    let next = AtomicUsize::new(0);
    let take = || Some(next.fetch_add(1, Ordering::Relaxed));
    let work = |i: usize, check: &crate::check::CheckOptions| {
        let url = &urls[i];
        let _place = hosts.acquire(&hosts::key(url));
        let mut fetch = check.fetch.clone();
        fetch.http.fail = true;
        // The scope is the user's choice, as the starts are: a site on
        // localhost is crawled whatever --exclude-loopback says, which
        // screens the links out of it.
        fetch.exclusions = Default::default();
        input::document(url, input_opts, &fetch, &check.session)
    };
    run::parallel(urls.len(), opts, &take, &work, progress)
        .into_iter()
        .map(|r| r.unwrap_or_else(|| Err("not read".into())))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scopes_match_segment_by_segment() {
        let s = Scope::of_start("http://h/a/b.html").unwrap();
        assert_eq!(s.as_str(), "http://h:80/a/");
        assert!(s.contains("http://H:80/a/"));
        assert!(s.contains("http://h/a/c/d"));
        assert!(!s.contains("http://h/ab"));
        assert!(!s.contains("http://h:8080/a/"));
        assert!(!s.contains("http://other/a/"));
        let root = Scope::of_start("http://h").unwrap();
        assert!(root.contains("http://h/x/y"));
        let f = Scope::of_start("file:///srv/site/index.html").unwrap();
        assert!(f.contains("file:///srv/site/sub/x.html"));
        assert!(!f.contains("file:///srv/other.html"));
        let ftp = Scope::of_start("ftp://h/pub/").unwrap();
        assert!(ftp.contains("ftp://h:21/pub/dir/x.txt"));
    }

    #[test]
    fn documents_are_read_and_objects_checked() {
        for url in [
            "http://h/",
            "http://h/about",
            "http://h/a/index.html",
            "http://h/notes.md",
            "ftp://h/pub/",
            "file:///srv/site/",
            "gopher://h/1/dir",
            "gopher://h",
        ] {
            assert!(readable(url), "{url}");
        }
        for url in [
            "http://h/logo.png",
            "http://h/a.pdf",
            "gopher://h/0/readme.txt",
            "mailto:a@h",
            "telnet://h/",
            "urn:isbn:0451450523",
        ] {
            assert!(!readable(url), "{url}");
        }
    }

    #[test]
    fn repeated_segments_are_a_trap() {
        assert!(!trap("http://h/a/b/a/b/a/b/", 3));
        assert!(trap("http://h/a/b/a/b/a/b/a/", 3));
        assert!(!trap("http://h/2026/11/28/", 3));
        assert!(trap("http://h/x/x/x/x", 3));
    }
}
