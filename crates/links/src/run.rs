//! A run: every link of every document found and resolved, one check a
//! distinct URL (its fragment aside) on a bounded pool of threads, and
//! each link given its URL's verdict.

use crate::cache::Cache;
use crate::check::{self, Again, CheckOptions, Verdict};
use crate::hosts::Hosts;
use crate::locations::Locations;
use crate::resolve::Unresolved;
use crate::target::{Found, Target};
use crate::{Document, Link, Source, extract, resolve};
use regex::RegexSet;
use std::collections::{HashMap, HashSet, VecDeque};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

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
    /// A link's fragment is checked too: the HTML or Markdown document
    /// it names must hold that anchor (an `id`, an `a name`, a heading).
    pub include_fragments: bool,
    /// Tries after the first for a passing failure ([`check::Again`]).
    pub retries: u32,
    /// The first wait before a try again; each wait doubles it.
    pub retry_wait: Duration,
    /// The longest pause a server's `Retry-After` is granted.
    pub max_retry_after: Duration,
    /// Checks of one host at once.
    pub max_per_host: usize,
    /// Checks of one host started a second, at most.
    pub rate: Option<f64>,
    /// Where local documents live on the web (`--base-url`, `--root-dir`)
    /// and where URLs are checked (`--remap`).
    pub locations: Locations,
}

impl Default for RunOptions {
    fn default() -> RunOptions {
        RunOptions {
            check: CheckOptions::default(),
            concurrency: 32,
            include: None,
            exclude: None,
            include_fragments: false,
            retries: 2,
            retry_wait: Duration::from_secs(1),
            max_retry_after: Duration::from_secs(60),
            max_per_host: 8,
            rate: None,
            locations: Locations::default(),
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
    pub url: Result<String, Unresolved>,
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
pub fn found(docs: &[Document]) -> Vec<(Source, Link, Result<String, Unresolved>)> {
    found_at(docs, &Locations::default())
}

/// [`found`], each document placed and each URL mapped by `locations`:
/// the URL of a link is the one its check takes.
///
/// # Example
///
/// ```
/// use uniform_links::{Document, Format, locations::Locations, run};
/// let mut d = Document::text("a.md", Format::Markdown, "[b](b.md)");
/// d.base = Some("file:///site/a.md".into());
/// let l = Locations::new(Some("https://example.org/docs/"), None, &[]).unwrap();
/// let found = run::found_at(&[d], &l);
/// assert_eq!(found[0].2.as_deref().unwrap(), "https://example.org/docs/b.md");
/// ```
pub fn found_at(
    docs: &[Document],
    locations: &Locations,
) -> Vec<(Source, Link, Result<String, Unresolved>)> {
    let mut out = Vec::new();
    for doc in docs {
        each_link_of(doc, locations, |link, url| {
            out.push((doc.source.clone(), link, url));
        });
    }
    out
}

/// The links of `doc`, each handed to `f` with its absolute URL (or why
/// it has none) as it is resolved, the document placed and each URL
/// mapped by `locations`.
pub(crate) fn each_link_of(
    doc: &Document,
    locations: &Locations,
    mut f: impl FnMut(Link, Result<String, Unresolved>),
) {
    let base = match doc.format {
        crate::Format::Html => extract::base_href(doc),
        _ => None,
    };
    // The document as placed: its own URL or the one the locations
    // give it (the text is not needed to resolve, and not copied).
    let placed = (!locations.is_empty()).then(|| Document {
        source: doc.source.clone(),
        format: doc.format,
        text: String::new(),
        base: locations.base_for(doc),
    });
    extract::each_link(doc, |link| {
        let url = match locations.root_relative(doc, &link.text) {
            Some(url) => Ok(url),
            None => resolve::absolute(placed.as_ref().unwrap_or(doc), base.as_deref(), &link),
        };
        let url = url.map(|u| {
            if locations.is_empty() {
                u
            } else {
                locations.checked(&u)
            }
        });
        f(link, url);
    });
}

/// Whether `opts` has `url` checked.
pub(crate) fn wanted(url: &str, opts: &RunOptions) -> bool {
    opts.include.as_ref().is_none_or(|s| s.is_match(url))
        && !opts.exclude.as_ref().is_some_and(|s| s.is_match(url))
}

/// The distinct URLs a run of `found` checks, in first-found order.
///
/// # Example
///
/// ```
/// use uniform_links::run::{RunOptions, distinct};
/// use uniform_links::resolve::Unresolved;
/// let urls = vec![
///     Ok("http://h/a#x".to_string()),
///     Ok("http://h/a".to_string()),
///     Err(Unresolved::NoBase("relative".into())),
/// ];
/// assert_eq!(distinct(urls.iter(), &RunOptions::default()), ["http://h/a"]);
/// ```
pub fn distinct<'a>(
    urls: impl Iterator<Item = &'a Result<String, Unresolved>>,
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

/// Each URL a run of `found` checks ([`distinct`]), in first-found
/// order, as a [`Found`]: parsed and keyed by its host here, once; judged
/// by the policy when its check starts ([`check_targets`]), once,
/// whatever the links naming it and the tries it takes.
///
/// # Example
///
/// ```
/// use uniform_links::run::{RunOptions, targets};
/// let urls = vec![Ok("http://h/a#x".to_string()), Ok("http://h/a".to_string())];
/// let t = targets(urls.iter(), &RunOptions::default());
/// assert_eq!(t.len(), 1);
/// assert_eq!((t[0].as_str(), t[0].host()), ("http://h/a", "h:80"));
/// ```
pub fn targets<'a>(
    urls: impl Iterator<Item = &'a Result<String, Unresolved>>,
    opts: &RunOptions,
) -> Vec<Found> {
    distinct(urls, opts).iter().map(|u| Found::new(u)).collect()
}

/// `work` on the items `take` hands out (their indices, below `len`),
/// `concurrency` at a time, each worker with its own check options (its
/// own kept connections, closed at the end); `progress` told the count
/// done after each. The results by index.
pub(crate) fn parallel<R: Send + Clone>(
    len: usize,
    opts: &RunOptions,
    take: &(dyn Fn() -> Option<usize> + Sync),
    work: &(dyn Fn(usize, &CheckOptions) -> R + Sync),
    progress: &(dyn Fn(usize) + Sync),
) -> Vec<Option<R>> {
    let done = AtomicUsize::new(0);
    let results: Mutex<Vec<Option<R>>> = Mutex::new(vec![None; len]);
    let workers = opts.concurrency.clamp(1, len.max(1));
    std::thread::scope(|s| {
        for _ in 0..workers {
            s.spawn(|| {
                // Each worker keeps its own connections, alive between
                // its checks of one server.
                let mut mine = opts.check.clone();
                mine.session.connections = uniform_access::Connections::default();
                while let Some(i) = take().filter(|&i| i < len) {
                    let r = work(i, &mine);
                    if let Ok(mut all) = results.lock() {
                        all[i] = Some(r);
                    }
                    progress(done.fetch_add(1, Ordering::Relaxed) + 1);
                }
                mine.session.close();
            });
        }
    });
    results.into_inner().unwrap_or_default()
}

/// Checks `urls`, `opts.concurrency` at a time, calling `progress` with
/// the count done after each; the verdicts in the order of `urls`.
///
/// # Example
///
/// ```
/// use uniform_links::check::Verdict;
/// use uniform_links::run::{RunOptions, check_all};
/// let v = check_all(&["urn:isbn:0451450523".to_string()], &RunOptions::default(), &|_| {});
/// assert!(matches!(v[0], Verdict::Unchecked { .. }));
/// ```
pub fn check_all(
    urls: &[String],
    opts: &RunOptions,
    progress: &(dyn Fn(usize) + Sync),
) -> Vec<Verdict> {
    let targets = urls.iter().map(|u| Found::new(u)).collect();
    check_targets(targets, opts, progress)
}

/// [`check_all`] of URLs found already ([`targets`]): each judged when a
/// worker takes it, its plan run as approved across its tries, nothing
/// parsed or planned again, and dropped with its verdict (a run holds the
/// plans of the checks under way only).
///
/// # Example
///
/// ```
/// use uniform_links::check::Verdict;
/// use uniform_links::run::{RunOptions, check_targets};
/// use uniform_links::target::Found;
/// let o = RunOptions::default();
/// let v = check_targets(vec![Found::new("http://127.0.0.1:25/")], &o, &|_| {});
/// assert!(matches!(v[0], Verdict::Broken { refused: true, .. }));
/// ```
pub fn check_targets(
    targets: Vec<Found>,
    opts: &RunOptions,
    progress: &(dyn Fn(usize) + Sync),
) -> Vec<Verdict> {
    let hosts = Hosts::new(opts.max_per_host, opts.rate);
    check_targets_within(targets, opts, &hosts, progress)
}

/// [`check_targets`] within the limits of `hosts`, which a crawl keeps
/// from one level to the next.
pub(crate) fn check_targets_within(
    targets: Vec<Found>,
    opts: &RunOptions,
    hosts: &Hosts,
    progress: &(dyn Fn(usize) + Sync),
) -> Vec<Verdict> {
    let keys: Vec<String> = targets.iter().map(|t| t.host().to_string()).collect();
    let len = targets.len();
    let slots: Vec<Mutex<Option<Found>>> =
        targets.into_iter().map(|t| Mutex::new(Some(t))).collect();
    // The next URL a worker takes is the first of the queue whose host
    // has room, so that a worker does not wait on a busy host while
    // another host's URLs wait behind it.
    let queue = Mutex::new((0..len).collect::<VecDeque<usize>>());
    let take = || -> Option<usize> {
        let mut q = queue.lock().ok()?;
        let pos = q
            .iter()
            .take(LOOKAHEAD)
            .position(|&i| hosts.has_room(&keys[i]))
            .unwrap_or(0);
        q.remove(pos)
    };
    let work = |i: usize, check: &CheckOptions| {
        let found = slots[i].lock().ok().and_then(|mut s| s.take());
        // Each index is handed out once: its slot is full.
        found.map_or_else(
            || Verdict::Unchecked {
                reason: "not checked".into(),
            },
            |f| with_retries(&f.judge(&check.fetch), check, opts, hosts),
        )
    };
    parallel(len, opts, &take, &work, progress)
        .into_iter()
        .map(|v| {
            v.unwrap_or(Verdict::Unchecked {
                reason: "not checked".into(),
            })
        })
        .collect()
}

/// How far down the queue a worker looks for a URL whose host has room.
const LOOKAHEAD: usize = 512;

/// A check of `target` within `hosts`' limits, tried again while it
/// fails in a way that passes: after a wait that doubles, or the pause
/// the server asked for (kept by every worker for that host).
fn with_retries(
    target: &Target,
    check: &CheckOptions,
    opts: &RunOptions,
    hosts: &Hosts,
) -> Verdict {
    let host = target.host();
    let mut wait = opts.retry_wait;
    let mut tries = 0;
    loop {
        let (verdict, again) = {
            let _place = hosts.acquire(host);
            check::check_target(target, check)
        };
        tries += 1;
        if tries > opts.retries {
            return verdict;
        }
        let pause = match again {
            Again::No => return verdict,
            Again::Soon => {
                let w = wait;
                wait = wait.saturating_mul(2);
                w
            }
            Again::After(d) => {
                let d = d.min(opts.max_retry_after);
                hosts.pause(host, Instant::now() + d);
                d
            }
        };
        std::thread::sleep(pause);
    }
}

/// The anchors of the document `url` names (fetched or read as `uniform
/// links` reads an input), or why there are none to check against: a
/// text, a listing, a document that cannot be had.
pub(crate) fn anchors_of(url: &str, opts: &CheckOptions) -> Result<HashSet<String>, String> {
    let doc = crate::input::document(
        url,
        &crate::input::InputOptions::default(),
        &opts.fetch,
        &opts.session,
    )?;
    match doc.format {
        crate::Format::Html | crate::Format::Markdown => Ok(extract::anchors(&doc)),
        _ => Err("no anchors: not an HTML or Markdown document".into()),
    }
}

/// Whether `fragment` names an anchor of `anchors`: as written or
/// percent-decoded (`#caf%C3%A9` is `café`); the empty fragment and
/// `top` always do (the HTML standard scrolls to the top for them).
fn has_anchor(anchors: &HashSet<String>, fragment: &str) -> bool {
    if fragment.is_empty() || fragment.eq_ignore_ascii_case("top") || anchors.contains(fragment) {
        return true;
    }
    let decoded = uniform::pct::decode(fragment.as_bytes());
    std::str::from_utf8(&decoded).is_ok_and(|d| anchors.contains(d))
}

/// The documents that fine links with a fragment name, each once.
fn fragment_targets(
    found: &[(Source, Link, Result<String, Unresolved>)],
    by_url: &HashMap<&str, &Verdict>,
) -> Vec<String> {
    let mut seen = HashSet::new();
    found
        .iter()
        .filter_map(|(_, _, u)| u.as_ref().ok())
        .filter(|u| u.split_once('#').is_some_and(|(_, f)| !f.is_empty()))
        .map(|u| resolve::without_fragment(u))
        .filter(|t| {
            by_url
                .get(t)
                .is_some_and(|v| matches!(v, Verdict::Fine { .. }))
        })
        .filter(|t| seen.insert(t.to_string()))
        .map(str::to_string)
        .collect()
}

/// A whole run: the links of `docs`, each distinct URL checked once, each
/// link with its verdict; with `include_fragments`, a fine link whose
/// fragment its HTML or Markdown document does not hold is broken.
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
    run_cached(docs, opts, None, progress)
}

/// [`run`], taking the verdicts `cache` holds for URLs it has seen
/// lately instead of checking them, and keeping the new ones in it.
///
/// # Example
///
/// ```
/// use std::time::Duration;
/// use uniform_links::{Document, Format, cache::Cache, run::{RunOptions, run_cached}};
/// let path = std::env::temp_dir().join(format!("uniform-run-cache-{}", std::process::id()));
/// let mut c = Cache::load(&path, Duration::from_secs(60))?;
/// let d = Document::text("a.txt", Format::Text, "");
/// assert!(run_cached(&[d], &RunOptions::default(), Some(&mut c), &|_, _| {}).is_empty());
/// # Ok::<_, std::io::Error>(())
/// ```
pub fn run_cached(
    docs: &[Document],
    opts: &RunOptions,
    mut cache: Option<&mut Cache>,
    progress: &(dyn Fn(usize, usize) + Sync),
) -> Vec<Entry> {
    let found = found_at(docs, &opts.locations);
    let all = targets(found.iter().map(|(_, _, u)| u), opts);
    let (known, unknown): (Vec<Found>, Vec<Found>) = all
        .into_iter()
        .partition(|t| cache.as_ref().is_some_and(|c| c.get(t.as_str()).is_some()));
    let total = unknown.len();
    let unknown_urls: Vec<String> = unknown.iter().map(|t| t.as_str().to_string()).collect();
    let checked = check_targets(unknown, opts, &|n| progress(n, total));
    if let Some(c) = cache.as_deref_mut() {
        for (t, v) in unknown_urls.iter().zip(&checked) {
            c.put(t, v);
        }
    }
    let remembered: Vec<Verdict> = known
        .iter()
        .filter_map(|t| cache.as_ref().and_then(|c| c.get(t.as_str())).cloned())
        .collect();
    let by_url: HashMap<&str, &Verdict> = unknown_urls
        .iter()
        .map(String::as_str)
        .zip(&checked)
        .chain(known.iter().map(Found::as_str).zip(&remembered))
        .collect();
    let targets = if opts.include_fragments {
        fragment_targets(&found, &by_url)
    } else {
        Vec::new()
    };
    let next = AtomicUsize::new(0);
    let take = || Some(next.fetch_add(1, Ordering::Relaxed));
    let read = parallel(
        targets.len(),
        opts,
        &take,
        &|i, o| anchors_of(&targets[i], o),
        &|_| {},
    );
    let anchors: HashMap<&str, &HashSet<String>> = targets
        .iter()
        .map(String::as_str)
        .zip(read.iter())
        .filter_map(|(t, a)| Some((t, a.as_ref()?.as_ref().ok()?)))
        .collect();
    found
        .into_iter()
        .map(|(document, link, url)| {
            let verdict = link_verdict(
                &url,
                |t| by_url.get(t).copied(),
                |t| anchors.get(t).copied(),
            );
            Entry {
                document,
                link,
                url,
                verdict,
            }
        })
        .collect()
}

/// A link's verdict: its URL's (`checked`: by the URL without its
/// fragment), the fragment looked up in the `anchors` of the document
/// where they were read; broken when no browser can follow it, unchecked
/// when nothing resolves it or its URL was not checked (excluded).
pub(crate) fn link_verdict<'v>(
    url: &Result<String, Unresolved>,
    checked: impl Fn(&str) -> Option<&'v Verdict>,
    anchors: impl Fn(&str) -> Option<&'v HashSet<String>>,
) -> Verdict {
    match url {
        Err(Unresolved::Invalid(why)) => Verdict::Broken {
            reason: why.clone(),
            refused: false,
        },
        Err(Unresolved::NoBase(why)) => Verdict::Unchecked {
            reason: why.clone(),
        },
        Ok(u) => {
            let target = resolve::without_fragment(u);
            let fragment = u.split_once('#').map(|(_, f)| f);
            match (checked(target), fragment, anchors(target)) {
                (Some(_), Some(f), Some(a)) if !has_anchor(a, f) => Verdict::Broken {
                    reason: format!("no anchor #{f} in the document"),
                    refused: false,
                },
                (Some(v), ..) => v.clone(),
                (None, ..) => Verdict::Unchecked {
                    reason: "excluded".into(),
                },
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fragments_match_anchors_as_written_or_decoded() {
        let a: HashSet<String> = ["café", "intro", "a b"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        assert!(has_anchor(&a, "intro"));
        assert!(has_anchor(&a, "caf%C3%A9"));
        assert!(has_anchor(&a, "a%20b"));
        assert!(has_anchor(&a, ""));
        assert!(has_anchor(&a, "top"));
        assert!(!has_anchor(&a, "Intro"));
        assert!(!has_anchor(&a, "missing"));
    }

    /// A server of three paths, a request a connection: `/fallback`
    /// refuses HEAD (405) and answers GET; `/ok` answers all; `/flaky`
    /// is down (503) the first time.
    fn server() -> u16 {
        use std::io::{BufRead, BufReader, Write};
        let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        let port = listener.local_addr().unwrap().port();
        std::thread::spawn(move || {
            let mut flaky = 0;
            for conn in listener.incoming() {
                let Ok(stream) = conn else { return };
                let mut r = BufReader::new(stream.try_clone().unwrap());
                let mut first = String::new();
                let _ = r.read_line(&mut first);
                let mut line = String::new();
                while r.read_line(&mut line).unwrap_or(0) > 0 && line != "\r\n" {
                    line.clear();
                }
                let status = match first.split(' ').take(2).collect::<Vec<_>>()[..] {
                    ["HEAD", "/fallback"] => "405 Method Not Allowed",
                    [_, "/flaky"] => {
                        flaky += 1;
                        if flaky == 1 {
                            "503 Service Unavailable"
                        } else {
                            "200 OK"
                        }
                    }
                    _ => "200 OK",
                };
                let mut w = stream;
                let _ = write!(
                    w,
                    "HTTP/1.1 {status}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
                );
            }
        });
        port
    }

    #[test]
    fn a_distinct_url_is_parsed_and_judged_once() {
        use crate::target::counts::{self, DERIVED, PARSES, PLANS};
        let port = server();
        let base = format!("http://127.0.0.1:{port}");
        let page = format!(
            "{base}/fallback {base}/ok {base}/fallback#a {base}/flaky {base}/ok \
             {base}/fallback#b http://127.0.0.1:25/counted http://127.0.0.1:25/counted\n"
        );
        let doc = Document::text("page.txt", crate::Format::Text, &page);
        let opts = RunOptions {
            retry_wait: Duration::from_millis(10),
            ..RunOptions::default()
        };
        let entries = run(&[doc], &opts, &|_, _| {});
        assert_eq!(entries.len(), 8);
        for e in &entries {
            let url = e.url.as_deref().unwrap();
            if url.contains(":25/") {
                assert!(matches!(e.verdict, Verdict::Broken { refused: true, .. }));
            } else {
                assert_eq!(
                    e.verdict,
                    Verdict::Fine {
                        detail: "HTTP/1.1 200 OK".into()
                    },
                    "{url}"
                );
            }
        }
        let fallback = format!("{base}/fallback");
        let flaky = format!("{base}/flaky");
        for url in [
            fallback.as_str(),
            &format!("{base}/ok"),
            &flaky,
            "http://127.0.0.1:25/counted",
        ] {
            assert_eq!(counts::of(&PARSES, url), 1, "parses of {url}");
            assert_eq!(counts::of(&PLANS, url), 1, "judgements of {url}");
        }
        // HEAD refused: the GET is HEAD's approved plan with its method
        // changed, made once; a URL tried twice (503, then 200) is not
        // planned again.
        assert_eq!(counts::of(&DERIVED, &fallback), 1);
        assert_eq!(counts::of(&DERIVED, &flaky), 0);
    }
}
