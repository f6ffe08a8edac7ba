//! `uniform links --recursive`: the documents found under a scope are
//! read in turn, their links checked and followed, each distinct URL
//! fetched once, by whatever protocol its scheme has (an HTTP site, a
//! file tree, an FTP directory, a gopher menu).
//!
//! The crawl goes by levels: the start documents are level 0; the
//! documents their links name, read in parallel within the per-host
//! limits, are level 1; and so on up to `--max-depth`. A document read is
//! its own check (a fetch that succeeds is fine, one that fails broken),
//! so that a page is fetched once. A link outside the scope, or a
//! document past the limits, is checked as `uniform links` checks any
//! link, not followed.
//!
//! What a crawl holds does not grow with the site's documents or links:
//! a document's text is dropped as soon as its links are taken; the links
//! go to a temporary file (`spill.rs`) in the order the report
//! shows them, and the URLs waiting to be read or checked wait there
//! too; each URL met is a fingerprint and a verdict's index
//! (`seen.rs`). A level is read a batch of documents at a time, in
//! parallel, and the batch's documents taken in order, so that the
//! report and the pages a limit cuts off are the same from run to run.
//!
//! robots.txt is obeyed for everything a crawl fetches, the start URLs
//! included (`--ignore-robots` aside): a URL it disallows is reported
//! unchecked, "excluded by robots.txt", and never fetched; its
//! `Crawl-delay` spaces the fetches from that host; the sitemaps its
//! `Sitemap:` lines name are read for the origins under the scope.

use crate::cache::Cache;
use crate::check::Verdict;
use crate::entries::Entries;
use crate::hosts::{self, Hosts};
use crate::input::{self, InputError, InputOptions};
use crate::resolve;
use crate::robots::Robots;
use crate::run::{self, Entry, RunOptions};
use crate::seen::{Fingerprint, Seen};
use crate::spill::{self, Queue};
use crate::target::Found;
use crate::{Document, Format, LinkKind, Source};
use std::collections::{HashMap, HashSet};
use std::io;
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
/// (`/about`), an XML file (a feed or a sitemap by its root, read to
/// know), a gopher menu. An image, an archive, a PDF is checked, not
/// read.
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
    name.is_empty()
        || !name.contains('.')
        || Format::from_name(name).is_some()
        || name
            .rsplit_once('.')
            .is_some_and(|(_, ext)| ext.eq_ignore_ascii_case("xml"))
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

/// Documents read, or objects checked, at once: what a crawl holds of
/// the site at a time is the links of this many documents.
const BATCH: usize = 1024;

/// What a crawl found: every link of every document read, on disk, and
/// the verdict of each distinct URL, by its fingerprint. A report goes
/// through the links as [`Entries`]; the links come document by
/// document, in the order the documents were read.
pub struct Crawled {
    links: spill::Written,
    count: usize,
    seen: Seen,
    /// By the fingerprint of a document read for its anchors: its
    /// anchors, or `None` when it has none to give (not HTML or
    /// Markdown).
    anchors: HashMap<Fingerprint, Option<HashSet<String>>>,
}

impl Crawled {
    /// The links found.
    pub fn len(&self) -> usize {
        self.count
    }

    /// Whether no link was found.
    pub fn is_empty(&self) -> bool {
        self.count == 0
    }

    /// Every entry, in memory: for tests and small crawls.
    ///
    /// # Errors
    ///
    /// Reading the links back from disk.
    pub fn entries(&self) -> io::Result<Vec<Entry>> {
        let mut all = Vec::with_capacity(self.count);
        self.each(&mut |e| {
            all.push(e.clone());
            Ok(())
        })?;
        Ok(all)
    }

    fn anchors_of(&self, target: &str) -> Option<&HashSet<String>> {
        self.anchors
            .get(&self.seen.print(target))
            .and_then(Option::as_ref)
    }
}

impl Entries for Crawled {
    fn each(&self, f: &mut dyn FnMut(&Entry) -> io::Result<()>) -> io::Result<()> {
        self.links.each(&mut |e| {
            e.verdict = run::link_verdict(&e.url, |t| self.seen.verdict(t), |t| self.anchors_of(t));
            f(e)
        })
    }
}

impl std::fmt::Debug for Crawled {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Crawled")
            .field("links", &self.count)
            .finish()
    }
}

/// A document read by a crawl: where it is and the links it holds (its
/// text is gone).
#[derive(Clone)]
struct Read {
    source: Source,
    /// Its URL, after redirects.
    base: Option<String>,
    links: spill::Block,
    /// With `--include-fragments`: its anchors, when it is HTML or
    /// Markdown.
    anchors: Option<HashSet<String>>,
}

/// A crawl under way: what it has met, and what waits.
struct Crawl<'a> {
    opts: &'a RunOptions,
    input_opts: &'a InputOptions,
    crawl: &'a CrawlOptions,
    scopes: Vec<Scope>,
    robots: Robots,
    hosts: Hosts,
    seen: Seen,
    links: spill::Links,
    /// The documents the next level reads.
    reads: Queue,
    /// The objects the next level checks.
    checks: Queue,
    /// Sitemaps robots.txt named, read wherever they are.
    sitemaps: HashSet<String>,
    /// Origins whose robots.txt came and is not yet acted on.
    learned: Vec<String>,
    anchors: HashMap<Fingerprint, Option<HashSet<String>>>,
    pages: usize,
    done: AtomicUsize,
    total: AtomicUsize,
}

/// Crawls from `inputs`: their documents read (as `uniform links` reads
/// inputs), then every document under the scopes that their links name,
/// level by level; every link of every document read checked once, with
/// the verdicts `cache` holds taken for the objects a crawl checks (a
/// document is read whatever the cache says: its links are needed). The
/// links and their verdicts, in the order the documents were read; the
/// inputs that gave no document.
///
/// # Errors
///
/// Writing the links, or the URLs waiting, to a temporary file.
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
/// let (found, errors) = crawl(&start, &InputOptions::default(), &RunOptions::default(), &CrawlOptions::default(), None, &|_, _| {})?;
/// assert!(errors.is_empty());
/// // The page's link, then the link of the page it names.
/// let entries = found.entries()?;
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
    mut cache: Option<&mut Cache>,
    progress: &(dyn Fn(usize, usize) + Sync),
) -> io::Result<(Crawled, Vec<InputError>)> {
    let (fetch, session) = (&opts.check.fetch, &opts.check.session);
    let robots = Robots::new();
    // A start URL is fetched as any: robots.txt first.
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
    let (docs, unread) = input::documents(&starts, input_opts, &start_fetch, session);
    errors.extend(unread);
    let scopes: Vec<Scope> = if crawl.scopes.is_empty() {
        docs.iter()
            .filter_map(|d| d.base.as_deref().and_then(Scope::of_start))
            .collect()
    } else {
        crawl.scopes.clone()
    };
    let mut c = Crawl {
        opts,
        input_opts,
        crawl,
        scopes,
        robots,
        hosts: Hosts::new(opts.max_per_host, opts.rate),
        seen: Seen::default(),
        links: spill::Links::new()?,
        reads: Queue::new()?,
        checks: Queue::new()?,
        sitemaps: HashSet::new(),
        learned,
        anchors: HashMap::new(),
        pages: docs.len(),
        done: AtomicUsize::new(0),
        total: AtomicUsize::new(0),
    };
    let starts: Vec<Read> = docs.iter().map(|d| c.read_of(d)).collect();
    drop(docs);
    for read in &starts {
        if let Some(b) = &read.base {
            c.seen.set(resolve::without_fragment(b), read_fine());
        }
    }
    for read in starts {
        c.take(read, 0)?;
    }
    for depth in 1.. {
        if c.reads.len() == 0 && c.checks.len() == 0 {
            break;
        }
        let (reads, checks) = (
            std::mem::replace(&mut c.reads, Queue::new()?),
            std::mem::replace(&mut c.checks, Queue::new()?),
        );
        c.check(checks, cache.as_deref_mut(), progress)?;
        c.read(reads, depth, progress)?;
    }
    let Crawl {
        seen,
        links,
        anchors,
        ..
    } = c;
    let count = links.len();
    let mut found = Crawled {
        links: links.finish()?,
        count,
        seen,
        anchors,
    };
    if opts.include_fragments {
        fragment_anchors(&mut found, opts)?;
    }
    Ok((found, errors))
}

impl Crawl<'_> {
    /// The links of `doc`, resolved; its text is not kept.
    fn read_of(&self, doc: &Document) -> Read {
        let anchors = (self.opts.include_fragments
            && matches!(doc.format, Format::Html | Format::Markdown))
        .then(|| crate::extract::anchors(doc));
        Read {
            source: doc.source.clone(),
            base: doc.base.clone(),
            links: {
                let mut block = spill::Block::default();
                run::each_link_of(doc, &self.opts.locations, |link, url| {
                    block.push(&link, &url);
                });
                block
            },
            anchors,
        }
    }

    fn in_scope(&self, url: &str) -> bool {
        self.scopes.iter().any(|s| s.contains(url))
    }

    /// Counts `n` more URLs done, for the progress bar.
    fn tell(&self, n: usize) {
        self.done.fetch_add(n, Ordering::Relaxed);
    }

    /// Takes the links of a document read at `depth`: written down, and
    /// each URL met for the first time queued, to be read (a document
    /// under the scope, within the limits) or checked.
    fn take(&mut self, read: Read, depth: usize) -> io::Result<()> {
        let (fetch, session) = (&self.opts.check.fetch, &self.opts.check.session);
        if let Some(base) = &read.base
            && read.anchors.is_some()
        {
            let p = self.seen.print(resolve::without_fragment(base));
            self.anchors.insert(p, read.anchors.clone());
        }
        self.links.document(&read.source, &read.links)?;
        // The URLs met here first, and the kind of link that named each.
        let (mut fresh, mut kinds) = (Vec::<String>::new(), Vec::new());
        read.links.each(|link, url| {
            if let Ok(url) = url {
                let key = resolve::without_fragment(&url);
                if run::wanted(key, self.opts) && self.seen.meet(key) {
                    fresh.push(key.to_string());
                    kinds.push(link.kind);
                }
            }
            Ok(())
        })?;
        if !self.crawl.ignore_robots {
            let learned = self.robots.learn(&fresh, self.opts);
            self.learned.extend(learned);
            for origin in std::mem::take(&mut self.learned) {
                if let Some(d) = self.robots.delay(&origin) {
                    self.hosts.space(&hosts::key(&origin), d);
                }
                if !self.scopes.iter().any(|s| s.shares_origin(&origin)) {
                    continue;
                }
                for map in self.robots.sitemaps(&origin) {
                    if self.pages < self.crawl.max_pages
                        && self.sitemaps.insert(map.clone())
                        && self.seen.meet(&map)
                    {
                        self.pages += 1;
                        self.reads.push(&map)?;
                    }
                }
            }
        }
        for (url, kind) in fresh.into_iter().zip(kinds) {
            if !self.crawl.ignore_robots
                && let Err(reason) = self.robots.allows(&url, fetch, session)
            {
                self.seen.set(&url, Verdict::Unchecked { reason });
                continue;
            }
            let follow = depth < self.crawl.max_depth
                && self.pages < self.crawl.max_pages
                && self.in_scope(&url)
                && (readable(&url) || read_as_document(kind))
                && !trap(&url, self.crawl.max_repeats);
            if follow {
                self.pages += 1;
                self.reads.push(&url)?;
            } else {
                self.checks.push(&url)?;
            }
            self.total.fetch_add(1, Ordering::Relaxed);
        }
        Ok(())
    }

    /// Checks the objects of `queue`, a batch at a time, taking what
    /// `cache` knows.
    fn check(
        &mut self,
        mut queue: Queue,
        mut cache: Option<&mut Cache>,
        progress: &(dyn Fn(usize, usize) + Sync),
    ) -> io::Result<()> {
        loop {
            let batch = queue.take(BATCH * 4)?;
            if batch.is_empty() {
                return Ok(());
            }
            let mut unknown = Vec::with_capacity(batch.len());
            for url in batch {
                match cache.as_ref().and_then(|c| c.get(&url)) {
                    Some(v) => {
                        self.seen.set(&url, v.clone());
                        self.tell(1);
                    }
                    None => unknown.push(url),
                }
            }
            let checked = self.check_now(&unknown, progress);
            for (url, v) in unknown.iter().zip(checked) {
                if let Some(c) = cache.as_deref_mut() {
                    c.put(url, &v);
                }
                self.seen.set(url, v);
            }
        }
    }

    /// The verdicts of `urls`, checked within the crawl's host limits.
    fn check_now(&self, urls: &[String], progress: &(dyn Fn(usize, usize) + Sync)) -> Vec<Verdict> {
        let base = self.done.load(Ordering::Relaxed);
        let total = &self.total;
        let verdicts = run::check_targets_within(
            urls.iter().map(|u| Found::new(u)).collect(),
            self.opts,
            &self.hosts,
            &|n| progress(base + n, total.load(Ordering::Relaxed)),
        );
        self.tell(urls.len());
        verdicts
    }

    /// Reads the documents of `queue`, found at `depth - 1`, a batch at a
    /// time, and takes the links of those under the scope.
    fn read(
        &mut self,
        mut queue: Queue,
        depth: usize,
        progress: &(dyn Fn(usize, usize) + Sync),
    ) -> io::Result<()> {
        loop {
            let urls = queue.take(BATCH)?;
            if urls.is_empty() {
                return Ok(());
            }
            let read = self.read_now(&urls, progress);
            // A document too large to read is still there: checked as any
            // object is, not called broken.
            let too_large: Vec<String> = urls
                .iter()
                .zip(&read)
                .filter(|(_, r)| r.as_ref().is_err_and(|m| input::is_too_large(m)))
                .map(|(u, _)| u.clone())
                .collect();
            let checked = run::check_targets_within(
                too_large.iter().map(|u| Found::new(u)).collect(),
                self.opts,
                &self.hosts,
                &|_| {},
            );
            let mut instead: HashMap<String, Verdict> =
                too_large.into_iter().zip(checked).collect();
            for (url, result) in urls.into_iter().zip(read) {
                if let Some(v) = instead.remove(&url) {
                    self.seen.set(&url, v);
                    continue;
                }
                match result {
                    Ok(read) => {
                        self.seen.set(&url, read_fine());
                        // A redirect out of the scope is checked, not
                        // followed.
                        let within = self.sitemaps.contains(&url)
                            || read.base.as_deref().is_some_and(|b| self.in_scope(b));
                        if within {
                            self.take(read, depth)?;
                        }
                    }
                    Err(reason) => self.seen.set(
                        &url,
                        Verdict::Broken {
                            reason,
                            refused: false,
                        },
                    ),
                }
            }
        }
    }

    /// The documents `urls` name, read `opts.concurrency` at a time within
    /// the per-host limits; each its links or why it is not a document.
    /// An HTTP status of 400 or above is a failure here (curl's `-f`): an
    /// error page is no document of the site.
    fn read_now(
        &self,
        urls: &[String],
        progress: &(dyn Fn(usize, usize) + Sync),
    ) -> Vec<Result<Read, String>> {
        let next = AtomicUsize::new(0);
        let take = || Some(next.fetch_add(1, Ordering::Relaxed));
        let work = |i: usize, check: &crate::check::CheckOptions| {
            let url = &urls[i];
            let _place = self.hosts.acquire(&hosts::key(url));
            let mut fetch = check.fetch.clone();
            fetch.http.fail = true;
            // The scope is the user's choice, as the starts are: a site on
            // localhost is crawled whatever --exclude-loopback says, which
            // screens the links out of it.
            fetch.exclusions = Default::default();
            input::document(url, self.input_opts, &fetch, &check.session).map(|d| self.read_of(&d))
        };
        let base = self.done.load(Ordering::Relaxed);
        let total = &self.total;
        let read = run::parallel(urls.len(), self.opts, &take, &work, &|n| {
            progress(base + n, total.load(Ordering::Relaxed))
        });
        self.tell(urls.len());
        read.into_iter()
            .map(|r| r.unwrap_or_else(|| Err("not read".into())))
            .collect()
    }
}

/// Whether a link of this kind names a document to read whatever its
/// name: a feed, a sitemap, a stylesheet's `@import`.
fn read_as_document(kind: LinkKind) -> bool {
    matches!(kind, LinkKind::Feed | LinkKind::Sitemap | LinkKind::Import)
}

/// With `--include-fragments`: the anchors of the documents that fine
/// links with a fragment name and the crawl did not read (out of the
/// scope, or objects), each read once.
fn fragment_anchors(found: &mut Crawled, opts: &RunOptions) -> io::Result<()> {
    let mut wanted = HashSet::new();
    let mut targets = Vec::new();
    found.links.each(&mut |e| {
        let Ok(u) = &e.url else { return Ok(()) };
        if u.split_once('#').is_none_or(|(_, f)| f.is_empty()) {
            return Ok(());
        }
        let t = resolve::without_fragment(u);
        let p = found.seen.print(t);
        let fine = matches!(found.seen.verdict(t), Some(Verdict::Fine { .. }));
        if fine && !found.anchors.contains_key(&p) && wanted.insert(p) {
            targets.push(t.to_string());
        }
        Ok(())
    })?;
    let next = AtomicUsize::new(0);
    let take = || Some(next.fetch_add(1, Ordering::Relaxed));
    let read = run::parallel(
        targets.len(),
        opts,
        &take,
        &|i, o| run::anchors_of(&targets[i], o).ok(),
        &|_| {},
    );
    for (t, a) in targets.iter().zip(read) {
        let p = found.seen.print(t);
        found.anchors.insert(p, a.flatten());
    }
    Ok(())
}

/// The verdict of a document read whole.
fn read_fine() -> Verdict {
    Verdict::Fine {
        detail: "read".into(),
    }
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
            "http://h/index.xml",
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
