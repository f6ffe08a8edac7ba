//! One check a URL, by its scheme's own protocol, the safety policy
//! first: a URL the policy refuses (port 25, an encoded CR) is broken
//! with the policy's reason and never connected to.
//!
//! | scheme | the check |
//! |---|---|
//! | http, https | `HEAD`; where the status is not accepted, `GET`, its head only (a server may refuse `HEAD`, or answer it otherwise); redirects followed, each judged by the policy |
//! | ftp | a file: log in, `CWD`s, `SIZE` (curl's `-I`); refused, the object read until its first octets come (a directory's listing, or a file `SIZE` cannot measure); a directory (`/` at the end, `;type=d`): its listing |
//! | gopher | the selector; a menu whose answer is an error item is broken |
//! | news, nntp | the article or the group, by the plan's commands |
//! | file | the file or directory is there (a remote host's file: through FTP, as `uniform fetch` reaches it) |
//! | mailto | each address is a mailbox (RFC 5321) and its domain resolves; nothing is sent |
//! | telnet, rlogin, tn3270 | a connection is made, and closed |
//! | wais | init and search |
//!
//! Other schemes (`urn:`, `mid:`, `cid:`, ...) name no place to reach:
//! they are reported as not checked, never as broken.

mod probe;

use probe::{Probe, Seen};
use std::ops::RangeInclusive;
use uniform::{Dialect, ParseOptions, Scheme, UrlRef};
use uniform_access::{AccessError, FetchOptions, Fetched, HeadOutput};

/// How links are checked.
///
/// # Example
///
/// ```
/// use uniform_links::check::CheckOptions;
/// let o = CheckOptions::default();
/// assert!(o.accepts(200) && o.accepts(204) && !o.accepts(404));
/// ```
#[derive(Clone, Debug)]
pub struct CheckOptions {
    /// Timeouts, proxies, TLS trust, redirects: as `uniform fetch` has
    /// them.
    pub fetch: FetchOptions,
    /// The HTTP statuses that mean a link is fine (lychee's `--accept`).
    pub accept: Vec<RangeInclusive<u16>>,
}

impl Default for CheckOptions {
    fn default() -> CheckOptions {
        let mut fetch = FetchOptions::default();
        // A redirect is followed; its status is the target's.
        fetch.http.follow = true;
        fetch.http.fail = false;
        // A run checks many URLs of a server: connections stay open for
        // the next (no `Connection: close`; FTP's `PWD`), and `--dump`
        // shows it so.
        fetch.plan.http.keep_alive = true;
        CheckOptions {
            fetch,
            accept: vec![200..=299],
        }
    }
}

impl CheckOptions {
    /// Whether an HTTP `status` means the link is fine.
    pub fn accepts(&self, status: u16) -> bool {
        self.accept.iter().any(|r| r.contains(&status))
    }
}

/// What a check found.
///
/// # Example
///
/// ```
/// use uniform_links::check::Verdict;
/// let v = Verdict::Broken { reason: "404 Not Found".into(), refused: false };
/// assert!(v.is_broken());
/// assert!(!Verdict::Unchecked { reason: "urn".into() }.is_broken());
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The object is there: what said so (`200 OK`, `213 244`, ...).
    Fine {
        /// The answer that showed it.
        detail: String,
    },
    /// The object is not there, cannot be reached, or the policy refused
    /// to try.
    Broken {
        /// Why, as an error message says it.
        reason: String,
        /// The safety policy refused it: nothing was sent.
        refused: bool,
    },
    /// Not checked: a scheme that names no place to reach, or a link the
    /// user excluded.
    Unchecked {
        /// Why not.
        reason: String,
    },
}

impl Verdict {
    /// Whether the link is broken.
    pub fn is_broken(&self) -> bool {
        matches!(self, Verdict::Broken { .. })
    }

    fn broken(reason: impl Into<String>) -> Verdict {
        Verdict::Broken {
            reason: reason.into(),
            refused: false,
        }
    }

    fn fine(detail: impl Into<String>) -> Verdict {
        Verdict::Fine {
            detail: detail.into(),
        }
    }
}

/// Parses a link's URL as the web writes them: RFC 3986, lenient.
///
/// # Errors
///
/// The URL does not parse.
///
/// # Example
///
/// ```
/// assert!(uniform_links::check::parse("http://example.org/a b").is_ok());
/// assert!(uniform_links::check::parse("no scheme").is_err());
/// ```
pub fn parse(url: &str) -> Result<UrlRef<'_>, uniform::ParseError> {
    ParseOptions::new().dialect(Dialect::Rfc3986).parse(url)
}

/// The plan a check of `url` would run, as `uniform plan` shows it; or
/// why there is none (the policy's refusal, a scheme with no check).
///
/// # Example
///
/// ```
/// use uniform_links::check::{CheckOptions, plan};
/// let p = plan("http://example.org/x", &CheckOptions::default()).unwrap();
/// assert!(p.contains("> HEAD /x HTTP/1.1"));
/// assert!(plan("http://example.org:25/", &CheckOptions::default()).is_err());
/// ```
pub fn plan(url: &str, opts: &CheckOptions) -> Result<String, String> {
    let parsed = parse(url).map_err(|e| e.to_string())?;
    match how(&parsed) {
        How::Unchecked(why) => Err(why),
        How::Head => {
            let plan = uniform_access::plan_for(&parsed, &head_options(opts))
                .map_err(|e| e.to_string())?;
            Ok(plan.to_string())
        }
        How::Connect => {
            let plan = uniform_access::plan_for(&parsed, &opts.fetch).map_err(|e| e.to_string())?;
            let mut text = plan.to_string();
            if let Some(first) = text.find('\n') {
                // The session's connection only: nothing is sent on it.
                text.truncate(first + 1);
            }
            text.push_str("# connected, then closed: nothing sent\n");
            Ok(text)
        }
        How::Mail => {
            let plan = uniform_access::plan_for(&parsed, &opts.fetch).map_err(|e| e.to_string())?;
            let domains = mail_domains(&parsed);
            drop(plan);
            Ok(format!(
                "# the addresses are mailboxes; each domain resolves: {}\n# nothing is sent\n",
                domains.join(", ")
            ))
        }
        How::Fetch => uniform_access::plan_for(&parsed, &opts.fetch)
            .map(|p| p.to_string())
            .map_err(|e| e.to_string()),
    }
}

/// How a scheme's link is checked.
enum How {
    /// HTTP's HEAD, FTP's `-I`.
    Head,
    /// A fetch whose first octets show the object is there.
    Fetch,
    /// A connection, closed at once (telnet).
    Connect,
    /// The addresses' syntax, their domains resolved.
    Mail,
    Unchecked(String),
}

fn how(url: &UrlRef<'_>) -> How {
    match url.scheme_kind() {
        Scheme::Http | Scheme::Https => How::Head,
        Scheme::Ftp if !is_directory(url) => How::Head,
        Scheme::Ftp
        | Scheme::Gopher
        | Scheme::News
        | Scheme::Nntp
        | Scheme::File
        | Scheme::Wais => How::Fetch,
        Scheme::Telnet | Scheme::Rlogin | Scheme::Tn3270 => How::Connect,
        Scheme::Mailto => How::Mail,
        _ => How::Unchecked(format!(
            "a {}: URL names no place to reach",
            url.scheme().to_ascii_lowercase()
        )),
    }
}

/// An FTP URL of a directory: a path ending in `/`, or `;type=d`.
fn is_directory(url: &UrlRef<'_>) -> bool {
    let path = url.path().unwrap_or_default();
    path.ends_with('/')
        || path.is_empty()
        || url
            .ftp()
            .is_some_and(|f| f.typecode() == Some(uniform::schemes::Typecode::Directory))
}

/// The options of a check that wants the head only.
fn head_options(opts: &CheckOptions) -> FetchOptions {
    let mut o = opts.fetch.clone();
    o.plan.http.head_only = true;
    o.http.head = HeadOutput::Only;
    o
}

/// Checks `url` (absolute, its fragment ignored: no protocol sends one).
///
/// # Example
///
/// ```
/// use uniform_links::check::{CheckOptions, Verdict, check};
/// // Refused by the policy, before any connection: port 25 is SMTP's.
/// let v = check("http://127.0.0.1:25/", &CheckOptions::default());
/// assert!(matches!(v, Verdict::Broken { refused: true, .. }));
/// assert!(matches!(check("urn:isbn:0451450523", &CheckOptions::default()), Verdict::Unchecked { .. }));
/// ```
pub fn check(url: &str, opts: &CheckOptions) -> Verdict {
    let parsed = match parse(url) {
        Ok(u) => u,
        Err(e) => return Verdict::broken(format!("not a URL: {e}")),
    };
    let how = how(&parsed);
    if let How::Unchecked(reason) = how {
        return Verdict::Unchecked { reason };
    }
    // The policy's verdict first, for every scheme reached: nothing is
    // reached that `uniform plan` would refuse.
    if let Err(e) = uniform_access::plan_for(&parsed, &opts.fetch) {
        return refusal(e);
    }
    match how {
        How::Unchecked(reason) => Verdict::Unchecked { reason },
        How::Head if parsed.scheme_kind() == Scheme::Ftp => ftp(&parsed, opts),
        How::Head => http(&parsed, opts),
        How::Fetch => fetched(&parsed, &opts.fetch),
        How::Connect => connect(&parsed, opts),
        How::Mail => mail(&parsed),
    }
}

fn refusal(e: AccessError) -> Verdict {
    let refused = matches!(e.kind(), uniform_access::AccessErrorKind::Refused(_));
    Verdict::Broken {
        reason: e.to_string(),
        refused,
    }
}

/// HEAD, then GET's head where HEAD's status is not accepted.
fn http(url: &UrlRef<'_>, opts: &CheckOptions) -> Verdict {
    let head = head_options(opts);
    let first = status(url, &head);
    match first {
        Ok((s, _)) if opts.accepts(s) => return Verdict::fine(first_detail(&first)),
        // Gone is gone, whatever GET would say.
        Ok((404 | 410, _)) => return Verdict::broken(first_detail(&first)),
        Err(e) => return refusal(e),
        Ok(_) => {}
    }
    let mut get = head;
    get.plan.http.head_only = false;
    get.plan.http.method = Some("GET".into());
    match status(url, &get) {
        Ok((s, line)) if opts.accepts(s) => Verdict::fine(line),
        Ok((_, line)) => Verdict::broken(line),
        Err(e) => refusal(e),
    }
}

fn first_detail(r: &Result<(u16, String), AccessError>) -> String {
    match r {
        Ok((_, line)) => line.clone(),
        Err(e) => e.to_string(),
    }
}

/// The status of the last response (after redirects) and its line.
fn status(url: &UrlRef<'_>, opts: &FetchOptions) -> Result<(u16, String), AccessError> {
    let mut seen = Seen::default();
    let mut sink = Probe::new(0);
    uniform_access::fetch(url, opts, &mut sink, &mut seen)?;
    match seen.last {
        Some(x) => Ok((
            x.status,
            String::from_utf8_lossy(&x.status_line).into_owned(),
        )),
        None => Err(AccessError::new(
            uniform_access::AccessErrorKind::Protocol,
            url.scheme(),
            url.hostname(),
            "no HTTP response",
        )),
    }
}

/// FTP: `SIZE` (curl's `-I`); where that is refused, the object read
/// until its first octets (a name `SIZE` cannot measure may still be a
/// directory, or a file of a server without `SIZE`).
fn ftp(url: &UrlRef<'_>, opts: &CheckOptions) -> Verdict {
    let head = head_options(opts);
    let mut sink = Probe::new(0);
    match uniform_access::fetch(url, &head, &mut sink, &mut uniform_access::Unattended) {
        // curl's three lines of `-I`, as one.
        Ok(_) => Verdict::fine(
            String::from_utf8_lossy(sink.head())
                .lines()
                .map(str::trim)
                .filter(|l| !l.is_empty())
                .collect::<Vec<_>>()
                .join("; "),
        ),
        Err(e) if matches!(e.kind(), uniform_access::AccessErrorKind::Refused(_)) => refusal(e),
        Err(_) => fetched(url, &opts.fetch),
    }
}

/// The object fetched until its first octets come, or its listing.
fn fetched(url: &UrlRef<'_>, opts: &FetchOptions) -> Verdict {
    let mut sink = Probe::new(probe::ENOUGH);
    match uniform_access::fetch(url, opts, &mut sink, &mut uniform_access::Unattended) {
        Ok(Fetched::Listing(l)) => {
            Verdict::fine(format!("a listing of {} entries", l.entries.len()))
        }
        Ok(Fetched::Object { bytes }) => Verdict::fine(format!("{bytes} octets")),
        Ok(_) => Verdict::fine("reached"),
        // The probe stopped the transfer: the object is there.
        Err(_) if sink.enough() => Verdict::fine(format!("{}+ octets", sink.written())),
        Err(e) => refusal(e),
    }
}

/// telnet and its kin: a connection, closed at once.
fn connect(url: &UrlRef<'_>, opts: &CheckOptions) -> Verdict {
    let host = url.hostname().unwrap_or_default();
    let host = host.trim_start_matches('[').trim_end_matches(']');
    let Some(port) = url.port_or_default() else {
        return Verdict::broken("no port to connect to");
    };
    match uniform_access::net::connect(host, port, &opts.fetch.timeouts) {
        Ok(_) => Verdict::fine(format!("connected to {host} port {port}")),
        Err(e) => Verdict::broken(format!("no connection to {host} port {port}: {e}")),
    }
}

/// The domains of a mailto URL's addresses.
fn mail_domains(url: &UrlRef<'_>) -> Vec<String> {
    let Some(m) = url.mailto() else {
        return Vec::new();
    };
    // RFC 6068 lists several addresses, separated by commas.
    m.address()
        .decode_lossy()
        .split(',')
        .filter_map(|a| a.trim().rsplit_once('@').map(|(_, d)| d.to_string()))
        .filter(|d| !d.is_empty())
        .collect()
}

/// mailto: the plan judged each address a mailbox; each domain resolves.
fn mail(url: &UrlRef<'_>) -> Verdict {
    let domains = mail_domains(url);
    if domains.is_empty() {
        return Verdict::broken("no address to check");
    }
    for d in &domains {
        use std::net::ToSocketAddrs;
        if (d.as_str(), 25)
            .to_socket_addrs()
            .map(|mut a| a.next().is_none())
            .unwrap_or(true)
        {
            return Verdict::broken(format!("the domain {d} does not resolve"));
        }
    }
    Verdict::fine(format!("{} resolves", domains.join(", ")))
}
