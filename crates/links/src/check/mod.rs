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

pub use crate::target::parse;
use crate::target::{Judged, Target, get_options, head_options, mail_domains};
use probe::{Probe, Seen};
use std::ops::RangeInclusive;
use std::time::Duration;
use uniform::plan::Approved;
use uniform::{LinkCheck, Protocol, UrlRef};
use uniform_access::{AccessError, FetchOptions, Fetched, Retry, Session};

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
    /// Proxies, TLS trust, redirects: as `uniform fetch` has them.
    pub fetch: FetchOptions,
    /// Time limits, name resolution and the connections kept between
    /// checks: as `uniform fetch` has them. Each worker of a run checks
    /// in a clone of its own, with connections of its own.
    pub session: Session,
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
            session: Session::default(),
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
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
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

/// The plan a check of `url` would run, as `uniform plan` shows it; or
/// why there is none (the policy's refusal, a scheme with no check): the
/// [`Target::plan_text`] of a target made for it.
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
    Target::new(url, &opts.fetch).plan_text()
}

/// Whether trying a check again may give another verdict, and when.
///
/// # Example
///
/// ```
/// use uniform_links::check::Again;
/// assert_ne!(Again::Soon, Again::No);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Again {
    /// The verdict stands.
    No,
    /// A passing failure (a time limit, a connection refused, an HTTP
    /// 408, 429 or 5xx): after a wait that grows with each try.
    Soon,
    /// The server asked for this pause (HTTP `Retry-After`).
    After(Duration),
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
    check_once(url, opts).0
}

/// One try of a check: the verdict, and whether another try may change
/// it ([`Again`]). A URL tried several times is better made a
/// [`Target`] once and tried with [`check_target`].
///
/// # Example
///
/// ```
/// use uniform_links::check::{Again, CheckOptions, check_once};
/// let (_, again) = check_once("http://127.0.0.1:25/", &CheckOptions::default());
/// assert_eq!(again, Again::No);
/// ```
pub fn check_once(url: &str, opts: &CheckOptions) -> (Verdict, Again) {
    check_target(&Target::new(url, &opts.fetch), opts)
}

/// One try of the check of `target` (made under `opts.fetch`): its
/// approved plan run, nothing parsed or planned again; a URL the policy
/// refused, or that names no place to reach, has its verdict at once.
///
/// # Example
///
/// ```
/// use uniform_links::check::{Again, CheckOptions, Verdict, check_target};
/// use uniform_links::target::Target;
/// let opts = CheckOptions::default();
/// let t = Target::new("gopher://127.0.0.1:25/0x", &opts.fetch);
/// let (v, again) = check_target(&t, &opts);
/// assert!(matches!(v, Verdict::Broken { refused: true, .. }));
/// assert_eq!(again, Again::No);
/// ```
pub fn check_target(target: &Target, opts: &CheckOptions) -> (Verdict, Again) {
    let (how, plan) = match target.judged() {
        Judged::NotUrl(e) => return (Verdict::broken(format!("not a URL: {e}")), Again::No),
        Judged::Unchecked { reason, .. } => {
            return (
                Verdict::Unchecked {
                    reason: reason.clone(),
                },
                Again::No,
            );
        }
        Judged::Refused { error, .. } => return refusal(error),
        Judged::Planned { how, plan, .. } => (*how, &**plan),
    };
    let url = plan.url().as_url_ref();
    let (verdict, again) = match how {
        LinkCheck::Head if url.scheme_row().protocol == Some(Protocol::Ftp) => {
            ftp(target, plan, opts)
        }
        LinkCheck::Head => http(target, plan, opts),
        LinkCheck::Fetch => fetched(plan, &opts.fetch, &opts.session),
        LinkCheck::Connect => (connect(&url, opts), Again::No),
        LinkCheck::Mail => (mail(&url), Again::No),
    };
    // A proxy that resolves the name itself leaves the exclusions
    // nothing to screen but a literal: the verdict says so, so that a
    // fine link is not read as one known to be outward.
    // (A connection check and a mail check take no route: resolved here.)
    let unscreened = matches!(how, LinkCheck::Head | LinkCheck::Fetch)
        .then(|| {
            let host = url.hostname().unwrap_or_default();
            opts.fetch.exclusions.unscreened(&plan.route().via, host)
        })
        .flatten();
    match unscreened {
        Some(note) => (noted(verdict, &note), again),
        None => (verdict, again),
    }
}

/// An access error as a verdict: refused by the policy, or broken; what
/// another try may change (`Retry`; a connection refused counts: a
/// server restarting) is tried again.
fn refusal(e: &AccessError) -> (Verdict, Again) {
    // lychee reports an excluded address as excluded, not broken: the
    // user chose not to reach it, and nothing was.
    if e.kind() == uniform_access::AccessErrorKind::Excluded {
        let why = e
            .exclusion()
            .map_or_else(|| e.to_string(), ToString::to_string);
        return (excluded(why), Again::No);
    }
    let refused = matches!(e.kind(), uniform_access::AccessErrorKind::Refused(_));
    let again = if Retry::of_error(e).passes(true) {
        Again::Soon
    } else {
        Again::No
    };
    (
        Verdict::Broken {
            reason: e.to_string(),
            refused,
        },
        again,
    )
}

/// The verdict of a link whose address is excluded (`--exclude-loopback`
/// and its kin).
fn excluded(why: impl std::fmt::Display) -> Verdict {
    Verdict::Unchecked {
        reason: format!("excluded: {why}"),
    }
}

/// `v` with `note` after its detail or reason.
fn noted(v: Verdict, note: &str) -> Verdict {
    match v {
        Verdict::Fine { detail } => Verdict::Fine {
            detail: format!("{detail} ({note})"),
        },
        Verdict::Broken { reason, refused } => Verdict::Broken {
            reason: format!("{reason} ({note})"),
            refused,
        },
        Verdict::Unchecked { reason } => Verdict::Unchecked {
            reason: format!("{reason} ({note})"),
        },
    }
}

/// An HTTP answer as a verdict.
fn answered(opts: &CheckOptions, a: Answer) -> (Verdict, Again) {
    if opts.accepts(a.status) {
        return (Verdict::fine(a.line), Again::No);
    }
    let again = match (Retry::of_status(a.status), a.retry_after) {
        (Retry::Passing, Some(d)) => Again::After(d),
        (Retry::Passing, None) => Again::Soon,
        _ => Again::No,
    };
    (Verdict::broken(a.line), again)
}

/// HEAD, then GET's head where HEAD's status is not accepted: the GET
/// derived from HEAD's approved plan.
fn http(target: &Target, plan: &Approved, opts: &CheckOptions) -> (Verdict, Again) {
    match status(plan, &head_options(&opts.fetch), &opts.session) {
        Ok(a) if opts.accepts(a.status) => return answered(opts, a),
        // Gone is gone, whatever GET would say; a server that asks for a
        // pause is asked again later, with HEAD again.
        Ok(a) if matches!(a.status, 404 | 410) || Retry::of_status(a.status) == Retry::Passing => {
            return answered(opts, a);
        }
        Err(e) => return refusal(&e),
        Ok(_) => {}
    }
    let get = get_options(&opts.fetch);
    let plan = match target.fallback(&get) {
        Ok(p) => p,
        Err(e) => return refusal(e),
    };
    match status(plan, &get, &opts.session) {
        Ok(a) => answered(opts, a),
        Err(e) => refusal(&e),
    }
}

/// The last HTTP response of a fetch (after its redirects).
struct Answer {
    status: u16,
    line: String,
    /// Its `Retry-After`, as a wait from now.
    retry_after: Option<Duration>,
}

/// The status of the last response (after redirects), its line and its
/// `Retry-After`.
fn status(plan: &Approved, opts: &FetchOptions, session: &Session) -> Result<Answer, AccessError> {
    let mut seen = Seen::default();
    let mut sink = Probe::new(0);
    uniform_access::fetch_planned(plan, opts, session, &mut sink, &mut seen)?;
    let url = plan.url().as_url_ref();
    match seen.last {
        Some(x) => Ok(Answer {
            status: x.status,
            line: String::from_utf8_lossy(&x.status_line).into_owned(),
            retry_after: x.header("retry-after").and_then(retry_after),
        }),
        None => Err(AccessError::new(
            uniform_access::AccessErrorKind::Protocol,
            url.scheme(),
            url.hostname(),
            "no HTTP response",
        )),
    }
}

/// A `Retry-After` value (RFC 9110 section 10.2.3): seconds, or an
/// HTTP-date, as a wait from now (none for a date passed).
///
/// # Example
///
/// ```
/// # use std::time::Duration;
/// assert_eq!(uniform_links::check::retry_after(b"120"), Some(Duration::from_secs(120)));
/// assert_eq!(uniform_links::check::retry_after(b"Sun, 06 Nov 1994 08:49:37 GMT"), Some(Duration::ZERO));
/// assert_eq!(uniform_links::check::retry_after(b"soon"), None);
/// ```
pub fn retry_after(value: &[u8]) -> Option<Duration> {
    let text = std::str::from_utf8(value).ok()?.trim();
    if let Ok(secs) = text.parse::<u64>() {
        return Some(Duration::from_secs(secs));
    }
    let when = httpdate::parse_http_date(text).ok()?;
    Some(
        when.duration_since(std::time::SystemTime::now())
            .unwrap_or(Duration::ZERO),
    )
}

/// FTP: `SIZE` (curl's `-I`); where that is refused, the object read
/// until its first octets (a name `SIZE` cannot measure may still be a
/// directory, or a file of a server without `SIZE`).
fn ftp(target: &Target, plan: &Approved, opts: &CheckOptions) -> (Verdict, Again) {
    let head = head_options(&opts.fetch);
    let mut sink = Probe::new(0);
    match uniform_access::fetch_planned(
        plan,
        &head,
        &opts.session,
        &mut sink,
        &mut uniform_access::Unattended,
    ) {
        // curl's three lines of `-I`, as one.
        Ok(_) => (
            Verdict::fine(
                String::from_utf8_lossy(sink.head())
                    .lines()
                    .map(str::trim)
                    .filter(|l| !l.is_empty())
                    .collect::<Vec<_>>()
                    .join("; "),
            ),
            Again::No,
        ),
        Err(e)
            if matches!(
                e.kind(),
                uniform_access::AccessErrorKind::Refused(_)
                    | uniform_access::AccessErrorKind::Excluded
            ) =>
        {
            refusal(&e)
        }
        Err(_) => match target.fallback(&opts.fetch) {
            Ok(p) => fetched(p, &opts.fetch, &opts.session),
            Err(e) => refusal(e),
        },
    }
}

/// The object fetched until its first octets come, or its listing.
fn fetched(plan: &Approved, opts: &FetchOptions, session: &Session) -> (Verdict, Again) {
    let mut sink = Probe::new(probe::ENOUGH);
    let v = match uniform_access::fetch_planned(
        plan,
        opts,
        session,
        &mut sink,
        &mut uniform_access::Unattended,
    ) {
        Ok(Fetched::Listing(l)) => {
            Verdict::fine(format!("a listing of {} entries", l.entries.len()))
        }
        Ok(Fetched::Object { bytes }) => Verdict::fine(format!("{bytes} octets")),
        Ok(_) => Verdict::fine("reached"),
        // The probe stopped the transfer: the object is there.
        Err(_) if sink.enough() => Verdict::fine(format!("{}+ octets", sink.written())),
        // What only a person can give (a gopher search's words, a
        // password): the link is not known to be broken, it is not
        // checked.
        Err(e) if e.kind() == uniform_access::AccessErrorKind::Cancelled => Verdict::Unchecked {
            reason: format!("not checked: {}", e.message()),
        },
        Err(e) => return refusal(&e),
    };
    (v, Again::No)
}

/// telnet and its kin: a connection, closed at once.
fn connect(url: &UrlRef<'_>, opts: &CheckOptions) -> Verdict {
    let host = url.hostname().unwrap_or_default();
    let host = host.trim_start_matches('[').trim_end_matches(']');
    let Some(port) = url.port_or_default() else {
        return Verdict::broken("no port to connect to");
    };
    let exclusions = opts.fetch.exclusions;
    match uniform_access::net::connect_excluding(host, port, &opts.session.timeouts, exclusions) {
        Ok(_) => Verdict::fine(format!("connected to {host} port {port}")),
        Err(e) => match uniform_access::exclude::Excluded::of(&e) {
            Some(x) => excluded(x),
            None => Verdict::broken(format!("no connection to {host} port {port}: {e}")),
        },
    }
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

#[cfg(test)]
mod tests {
    use super::*;

    fn excluding_loopback() -> CheckOptions {
        let mut o = CheckOptions::default();
        o.fetch.exclusions.loopback = true;
        o
    }

    #[test]
    fn an_excluded_address_is_unchecked_never_broken() {
        let o = excluding_loopback();
        for url in [
            "http://127.0.0.1:8080/",
            "http://localhost:8080/",
            "ftp://[::1]:2121/x",
            "gopher://127.0.0.1:7070/",
            "telnet://localhost:2323/",
        ] {
            let (v, again) = check_once(url, &o);
            let Verdict::Unchecked { reason } = &v else {
                panic!("{url}: {v:?}");
            };
            assert!(reason.starts_with("excluded: "), "{url}: {reason}");
            assert!(reason.ends_with("(--exclude-loopback)"), "{url}: {reason}");
            assert_eq!(again, Again::No);
        }
        // The policy's refusal comes first: nothing to screen.
        assert!(check("http://127.0.0.1:25/", &o).is_broken());
    }

    #[test]
    fn through_a_proxy_that_resolves_a_name_the_verdict_says_so() {
        let mut o = excluding_loopback();
        // No proxy there: broken, and noted.
        let closed = uniform_testkit::ClosedPort::new();
        o.fetch
            .proxies
            .socks_spec(&format!("socks5h://127.0.0.1:{}", closed.port()))
            .unwrap();
        let v = check("http://inward.test:8080/", &o);
        let Verdict::Broken { reason, .. } = &v else {
            panic!("{v:?}");
        };
        assert!(
            reason.contains("inward.test was not resolved here (socks5h"),
            "{reason}"
        );
        // A literal is screened through it all the same.
        let v = check("http://127.0.0.1:8080/", &o);
        assert!(
            matches!(&v, Verdict::Unchecked { reason } if reason.starts_with("excluded: ")),
            "{v:?}"
        );
    }
}
