//! robots.txt (RFC 9309) for a crawl: each HTTP origin's rules read
//! once, with Uniform's product token, and asked before any URL of that
//! origin is fetched; its `Crawl-delay` (capped) and its `Sitemap:` lines.
//!
//! What a server answers decides, as RFC 9309 section 2.3.1 says: a
//! robots.txt (2xx) is obeyed; none (4xx) allows everything; a server
//! error (5xx) disallows everything, since the server may be unable to
//! say what it forbids. A connection that fails allows: the URL's own
//! check then says the host is unreachable, which is the truth a link
//! checker owes its user. Only the first 500 KiB are read (the least the
//! RFC asks a crawler to parse); a longer file is cut there, never read
//! to its end.

use crate::input::LastResponse;
use std::collections::HashMap;
use std::io::{self, Write};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use texting_robots::Robot;
use uniform::{Dialect, ParseOptions, Protocol};
use uniform_access::{FetchOptions, Session};

/// The product token robots.txt groups name to address Uniform (RFC 9309
/// section 2.2.1), as its `User-Agent` header (`uniform/VERSION`) begins.
pub const PRODUCT_TOKEN: &str = "uniform";

/// The octets of a robots.txt parsed at most.
pub const MAX_ROBOTS_BYTES: usize = 500 * 1024;

/// The longest `Crawl-delay` obeyed: a longer one would stall a check for
/// minutes a page.
pub const MAX_CRAWL_DELAY: Duration = Duration::from_secs(10);

/// What one origin's robots.txt says.
#[derive(Debug)]
enum Rules {
    /// Everything may be fetched (no file, or it could not be had).
    All,
    /// Nothing may be: the server failed (5xx).
    Nothing(String),
    /// The file's rules.
    File(Box<Robot>),
}

/// The robots.txt of each origin met, read when first needed.
///
/// # Example
///
/// ```
/// use uniform_links::robots::Robots;
/// use uniform_access::{FetchOptions, Session};
/// let r = Robots::new();
/// // Not an HTTP URL: robots.txt does not apply.
/// assert!(r.allows("ftp://h/pub/x", &FetchOptions::default(), &Session::default()).is_ok());
/// ```
#[derive(Debug, Default)]
pub struct Robots {
    origins: Mutex<HashMap<String, Arc<Rules>>>,
}

impl Robots {
    /// No origin read yet.
    pub fn new() -> Robots {
        Robots::default()
    }

    /// Whether `url` may be fetched: `Err` with the reason a disallowed
    /// URL is reported with. robots.txt is read (by `fetch` and
    /// `session`) the first time its origin is asked about; only HTTP and
    /// HTTPS URLs have one.
    pub fn allows(&self, url: &str, fetch: &FetchOptions, session: &Session) -> Result<(), String> {
        let Some(origin) = origin(url) else {
            return Ok(());
        };
        match &*self.rules(&origin, fetch, session) {
            Rules::All => Ok(()),
            Rules::Nothing(why) => Err(format!("excluded by robots.txt: {why}")),
            Rules::File(robot) if robot.allowed(url) => Ok(()),
            Rules::File(_) => Err(format!(
                "excluded by robots.txt: {origin}/robots.txt disallows it for {PRODUCT_TOKEN}"
            )),
        }
    }

    /// The pause between two fetches from `origin` (one [`Robots::learn`]
    /// gave) that its robots.txt asks for, at most [`MAX_CRAWL_DELAY`];
    /// `None` when it asks none or was not read.
    pub fn delay(&self, origin: &str) -> Option<Duration> {
        let rules = self.origins.lock().ok()?.get(origin).cloned()?;
        match &*rules {
            Rules::File(robot) => robot
                .delay
                .filter(|d| d.is_finite() && *d > 0.0)
                .and_then(|d| Duration::try_from_secs_f32(d).ok())
                .map(|d| d.min(MAX_CRAWL_DELAY)),
            _ => None,
        }
    }

    /// The `Sitemap:` URLs of the robots.txt of `origin` (one
    /// [`Robots::learn`] gave), once read.
    pub fn sitemaps(&self, origin: &str) -> Vec<String> {
        let rules = self
            .origins
            .lock()
            .ok()
            .and_then(|o| o.get(origin).cloned());
        match rules.as_deref() {
            Some(Rules::File(robot)) => robot.sitemaps.clone(),
            _ => Vec::new(),
        }
    }

    /// Reads the robots.txt of the origins of `urls` not read yet, in
    /// parallel within `opts`' limits, so that asking about each URL
    /// then waits for none; those origins (`scheme://host:port`), whose
    /// delay and sitemaps are then known.
    pub fn learn(&self, urls: &[String], opts: &crate::run::RunOptions) -> Vec<String> {
        let mut seen = std::collections::HashSet::new();
        let fresh: Vec<String> = urls
            .iter()
            .filter_map(|u| origin(u))
            .filter(|o| {
                seen.insert(o.clone())
                    && self
                        .origins
                        .lock()
                        .is_ok_and(|known| !known.contains_key(o))
            })
            .collect();
        if fresh.is_empty() {
            // The common case in a crawl: every origin known already,
            // and no pool of workers to start.
            return fresh;
        }
        let next = std::sync::atomic::AtomicUsize::new(0);
        let take = || Some(next.fetch_add(1, std::sync::atomic::Ordering::Relaxed));
        crate::run::parallel(
            fresh.len(),
            opts,
            &take,
            &|i, check| {
                self.rules(&fresh[i], &check.fetch, &check.session);
            },
            &|_| {},
        );
        fresh
    }

    fn rules(&self, origin: &str, fetch: &FetchOptions, session: &Session) -> Arc<Rules> {
        if let Some(r) = self
            .origins
            .lock()
            .ok()
            .and_then(|o| o.get(origin).cloned())
        {
            return r;
        }
        // Read outside the lock: another origin's reader need not wait.
        // Two workers may read one origin's file at once; the first kept.
        let read = Arc::new(read(origin, fetch, session));
        match self.origins.lock() {
            Ok(mut o) => Arc::clone(o.entry(origin.to_string()).or_insert(read)),
            Err(_) => read,
        }
    }
}

/// `scheme://host:port` of an HTTP or HTTPS URL.
fn origin(url: &str) -> Option<String> {
    let u = ParseOptions::new()
        .dialect(Dialect::Rfc3986)
        .parse(url)
        .ok()?;
    if u.scheme_row().protocol != Some(Protocol::Http) {
        return None;
    }
    // The ASCII form of a name that needs one; an address or an ASCII
    // name as written.
    let host = match u.host_ascii() {
        Ok(Some(ascii)) => ascii.into_owned(),
        _ => u.hostname()?.to_string(),
    }
    .to_ascii_lowercase();
    let port = u.port_or_default()?;
    let scheme = u.scheme().to_ascii_lowercase();
    Some(if host.contains(':') {
        format!("{scheme}://[{host}]:{port}")
    } else {
        format!("{scheme}://{host}:{port}")
    })
}

/// The rules of `origin`'s robots.txt, fetched.
fn read(origin: &str, fetch: &FetchOptions, session: &Session) -> Rules {
    let url = format!("{origin}/robots.txt");
    let Ok(parsed) = ParseOptions::new().dialect(Dialect::Rfc3986).parse(&url) else {
        return Rules::All;
    };
    let mut fetch = fetch.clone();
    // RFC 9309 section 2.3.1.2: at least five redirects followed.
    fetch.http.follow = true;
    fetch.max_redirects = fetch.max_redirects.max(5);
    fetch.http.fail = false;
    let mut sink = Capped::default();
    let mut last = LastResponse::default();
    let result = uniform_access::fetch(&parsed, &fetch, session, &mut sink, &mut last);
    match (last.status(), result) {
        (Some(200..=299), _) if sink.bytes.is_empty() => Rules::All,
        // Cut at the bound: the first 500 KiB are the file.
        (Some(200..=299), _) => match Robot::new(PRODUCT_TOKEN, &sink.bytes) {
            Ok(robot) => Rules::File(Box::new(robot)),
            Err(_) => Rules::All,
        },
        (Some(code @ 500..=599), _) => {
            Rules::Nothing(format!("{url} answers {code}, so everything is disallowed"))
        }
        _ => Rules::All,
    }
}

/// A writer that keeps the first [`MAX_ROBOTS_BYTES`] and then refuses
/// more, which ends the transfer.
#[derive(Default)]
struct Capped {
    bytes: Vec<u8>,
}

impl Write for Capped {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let room = MAX_ROBOTS_BYTES - self.bytes.len();
        if room == 0 {
            return Err(io::Error::other(
                "robots.txt longer than 500 KiB: cut there",
            ));
        }
        let n = buf.len().min(room);
        self.bytes.extend_from_slice(&buf[..n]);
        Ok(n)
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn origins_are_http_ones_with_their_port() {
        assert_eq!(
            origin("http://Example.org/a").as_deref(),
            Some("http://example.org:80")
        );
        assert_eq!(
            origin("https://h:8443/x?y").as_deref(),
            Some("https://h:8443")
        );
        assert_eq!(
            origin("http://127.0.0.1:8080/").as_deref(),
            Some("http://127.0.0.1:8080")
        );
        assert_eq!(origin("http://[::1]/").as_deref(), Some("http://[::1]:80"));
        assert_eq!(origin("ftp://h/x"), None);
        assert_eq!(origin("file:///x"), None);
    }

    #[test]
    fn uniforms_group_is_read_by_its_token() {
        let txt = b"User-agent: *\nDisallow: /\n\nUser-agent: uniform\nDisallow: /private/\nCrawl-delay: 30\nSitemap: http://h/sitemap.xml\n";
        let robot = Robot::new(PRODUCT_TOKEN, txt).unwrap();
        assert!(robot.allowed("http://h/public/x"));
        assert!(!robot.allowed("http://h/private/x"));
        let r = Robots::new();
        r.origins
            .lock()
            .unwrap()
            .insert("http://h:80".into(), Arc::new(Rules::File(Box::new(robot))));
        assert_eq!(r.delay("http://h:80"), Some(MAX_CRAWL_DELAY));
        assert_eq!(r.sitemaps("http://h:80"), ["http://h/sitemap.xml"]);
        let e = r
            .allows(
                "http://h/private/y",
                &FetchOptions::default(),
                &Session::default(),
            )
            .unwrap_err();
        assert!(e.starts_with("excluded by robots.txt"), "{e}");
    }

    #[test]
    fn the_cap_ends_a_long_file() {
        let mut c = Capped::default();
        let big = vec![b'#'; MAX_ROBOTS_BYTES + 10];
        assert_eq!(c.write(&big).unwrap(), MAX_ROBOTS_BYTES);
        assert!(c.write(b"x").is_err());
        assert_eq!(c.bytes.len(), MAX_ROBOTS_BYTES);
    }
}
