//! A URL to check, typed from its resolution to its verdict: parsed once,
//! keyed by its host once, planned and judged by the safety policy once,
//! however many links name it and however many times it is tried.
//!
//! The check ([`crate::check`]) runs the plan judged here, and nothing
//! else: a refusal found here is the verdict, and where HEAD's answer is
//! not accepted, the GET that follows is this plan with its method
//! changed, not a plan made again from the URL's text.

use crate::hosts;
use std::sync::OnceLock;
use uniform::plan::Approved;
use uniform::{Dialect, LinkCheck, ParseOptions, Protocol, Url, UrlRef};
use uniform_access::{AccessError, FetchOptions, HeadOutput};

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
    #[cfg(test)]
    counts::note(&counts::PARSES, url);
    ParseOptions::new().dialect(Dialect::Rfc3986).parse(url)
}

/// How `url` is checked (its scheme row's [`LinkCheck`]), or why it is
/// not. FTP's head (`SIZE`, `MDTM`) is a file's: a directory is listed.
fn how(url: &UrlRef<'_>) -> Result<LinkCheck, String> {
    let row = url.scheme_row();
    match row.link_check() {
        Some(LinkCheck::Head) if row.protocol == Some(Protocol::Ftp) && is_directory(url) => {
            Ok(LinkCheck::Fetch)
        }
        Some(check) => Ok(check),
        None => Err(format!(
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
pub(crate) fn head_options(fetch: &FetchOptions) -> FetchOptions {
    let mut o = fetch.clone();
    o.plan.http.head_only = true;
    o.http.head = HeadOutput::Only;
    o
}

/// The options of HTTP's second try: GET, its head only (a server may
/// refuse HEAD, or answer it otherwise).
pub(crate) fn get_options(fetch: &FetchOptions) -> FetchOptions {
    let mut o = head_options(fetch);
    o.plan.http.head_only = false;
    o.plan.http.method = Some("GET".into());
    o
}

/// The domains of a mailto URL's addresses.
pub(crate) fn mail_domains(url: &UrlRef<'_>) -> Vec<String> {
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

/// A URL as its check takes it: its text (the key two links share), the
/// host the per-host limits count it under, and what the policy judged.
///
/// A target is checked with the fetch options it was made with: its
/// plan was judged under them.
///
/// # Example
///
/// ```
/// use uniform_access::FetchOptions;
/// use uniform_links::target::Target;
/// let t = Target::new("http://Example.org/a", &FetchOptions::default());
/// assert_eq!(t.as_str(), "http://Example.org/a");
/// assert_eq!(t.host(), "example.org:80");
/// assert!(t.plan().is_some());
/// // Refused by the policy, once: the refusal is its verdict.
/// let t = Target::new("http://127.0.0.1:25/", &FetchOptions::default());
/// assert!(t.plan().is_none() && t.refusal().is_some());
/// ```
#[derive(Debug)]
pub struct Target {
    text: String,
    host: String,
    judged: Judged,
}

/// What a target's one parse and one judgement found.
#[derive(Debug)]
pub(crate) enum Judged {
    /// The text does not parse (the parser's message).
    NotUrl(String),
    /// A scheme with no check.
    Unchecked {
        /// The URL, parsed.
        url: Url,
        /// Why it is not checked.
        reason: String,
    },
    /// The policy refused it, or its scheme has no access.
    Refused {
        /// The URL, parsed.
        url: Url,
        /// The refusal, as `plan_for` gave it.
        error: AccessError,
    },
    /// The plan its check runs.
    Planned {
        /// By which protocol's means.
        how: LinkCheck,
        /// The plan approved: HEAD's where the head is how it is checked.
        plan: Box<Approved>,
        /// The plan of a second try (GET where HEAD's answer was not
        /// accepted; the object read where FTP's `SIZE` was refused),
        /// made from `plan` the first time it is wanted.
        fallback: Box<OnceLock<Result<Approved, AccessError>>>,
    },
}

/// A distinct URL as resolution leaves it: its text, parsed once, and the
/// host its check counts under. Light: what a run keeps for every URL
/// until its check starts; the plan is made then ([`Found::judge`]) and
/// dropped with the verdict, so that a run's memory does not hold a plan
/// for every URL at once.
///
/// # Example
///
/// ```
/// use uniform_access::FetchOptions;
/// use uniform_links::target::Found;
/// let f = Found::new("http://Example.org/a");
/// assert_eq!((f.as_str(), f.host()), ("http://Example.org/a", "example.org:80"));
/// assert!(f.judge(&FetchOptions::default()).plan().is_some());
/// ```
#[derive(Debug)]
pub struct Found {
    text: String,
    host: String,
    /// The URL, or the parser's message.
    url: Result<Url, String>,
}

impl Found {
    /// `url` (absolute; what a check fetches, so its fragment is best
    /// left off), parsed.
    ///
    /// # Example
    ///
    /// ```
    /// # use uniform_links::target::Found;
    /// assert_eq!(Found::new("gopher://H/1/").host(), "h:70");
    /// assert_eq!(Found::new("no scheme").host(), "no scheme");
    /// ```
    pub fn new(url: &str) -> Found {
        match parse(url) {
            Ok(parsed) => Found {
                text: url.to_string(),
                host: hosts::key_of(&parsed),
                url: Ok(parsed.to_url()),
            },
            Err(e) => Found {
                text: url.to_string(),
                host: url.to_string(),
                url: Err(e.to_string()),
            },
        }
    }

    /// The URL as resolved ([`Target::as_str`]).
    ///
    /// # Example
    ///
    /// ```
    /// # use uniform_links::target::Found;
    /// assert_eq!(Found::new("urn:x:y").as_str(), "urn:x:y");
    /// ```
    pub fn as_str(&self) -> &str {
        &self.text
    }

    /// The host the per-host limits count it under ([`Target::host`]).
    ///
    /// # Example
    ///
    /// ```
    /// # use uniform_links::target::Found;
    /// assert_eq!(Found::new("ftp://h/x").host(), "h:21");
    /// ```
    pub fn host(&self) -> &str {
        &self.host
    }

    /// The target: the URL planned and judged under `fetch`, once, from
    /// the URL parsed already.
    ///
    /// # Example
    ///
    /// ```
    /// # use uniform_links::target::Found;
    /// let t = Found::new("http://127.0.0.1:25/").judge(&Default::default());
    /// assert!(t.refusal().is_some());
    /// ```
    pub fn judge(self, fetch: &FetchOptions) -> Target {
        let Found { text, host, url } = self;
        let parsed = match url {
            Ok(u) => u,
            Err(e) => {
                return Target {
                    text,
                    host,
                    judged: Judged::NotUrl(e),
                };
            }
        };
        let view = parsed.as_url_ref();
        let judged = match how(&view) {
            Err(reason) => Judged::Unchecked {
                url: parsed.clone(),
                reason,
            },
            // The policy's verdict for every scheme reached: nothing is
            // reached that `uniform plan` would refuse. A head's check
            // is judged as the HEAD it sends.
            Ok(how) => {
                let options = match how {
                    LinkCheck::Head => head_options(fetch),
                    _ => fetch.clone(),
                };
                #[cfg(test)]
                counts::note(&counts::PLANS, &text);
                match uniform_access::plan_for(&view, &options) {
                    Ok(plan) => Judged::Planned {
                        how,
                        plan: Box::new(plan),
                        fallback: Box::default(),
                    },
                    Err(error) => Judged::Refused {
                        url: parsed.clone(),
                        error,
                    },
                }
            }
        };
        Target { text, host, judged }
    }
}

impl Target {
    /// The target of `url` (absolute; what a check fetches, so its
    /// fragment is best left off), parsed and planned under `fetch`:
    /// [`Found::new`], then [`Found::judge`].
    ///
    /// # Example
    ///
    /// ```
    /// use uniform_access::FetchOptions;
    /// use uniform_links::target::Target;
    /// let t = Target::new("ftp://h/pub/x.txt", &FetchOptions::default());
    /// assert_eq!(t.url().map(|u| u.as_str()), Some("ftp://h/pub/x.txt"));
    /// assert!(Target::new("no scheme", &FetchOptions::default()).url().is_none());
    /// ```
    pub fn new(url: &str, fetch: &FetchOptions) -> Target {
        Found::new(url).judge(fetch)
    }

    /// The URL as resolved: what the report and the cache name, and what
    /// makes two links one check.
    ///
    /// # Example
    ///
    /// ```
    /// # use uniform_links::target::Target;
    /// let t = Target::new("urn:isbn:0451450523", &Default::default());
    /// assert_eq!(t.as_str(), "urn:isbn:0451450523");
    /// ```
    pub fn as_str(&self) -> &str {
        &self.text
    }

    /// The host the per-host limits count the check under
    /// ([`hosts::key`]).
    ///
    /// # Example
    ///
    /// ```
    /// # use uniform_links::target::Target;
    /// assert_eq!(Target::new("gopher://H/1/", &Default::default()).host(), "h:70");
    /// ```
    pub fn host(&self) -> &str {
        &self.host
    }

    /// The URL, parsed once; none when the text is no URL.
    ///
    /// # Example
    ///
    /// ```
    /// # use uniform_links::target::Target;
    /// let t = Target::new("mailto:a@example.org", &Default::default());
    /// assert_eq!(t.url().map(|u| u.as_url_ref().scheme().to_string()).as_deref(), Some("mailto"));
    /// ```
    pub fn url(&self) -> Option<&Url> {
        match &self.judged {
            Judged::NotUrl(_) => None,
            Judged::Unchecked { url, .. } | Judged::Refused { url, .. } => Some(url),
            Judged::Planned { plan, .. } => Some(plan.url()),
        }
    }

    /// The plan the check runs, as the policy approved it; none for a
    /// URL refused, not checked, or no URL.
    ///
    /// # Example
    ///
    /// ```
    /// # use uniform_links::target::Target;
    /// let t = Target::new("http://example.org/x", &Default::default());
    /// assert!(t.plan().unwrap().to_string().contains("> HEAD /x HTTP/1.1"));
    /// ```
    pub fn plan(&self) -> Option<&Approved> {
        match &self.judged {
            Judged::Planned { plan, .. } => Some(plan),
            _ => None,
        }
    }

    /// The policy's refusal (or a scheme without access): the check's
    /// verdict, found without a connection.
    ///
    /// # Example
    ///
    /// ```
    /// # use uniform_links::target::Target;
    /// let t = Target::new("ftp://h/a%0D%0ADELE%20x", &Default::default());
    /// assert!(t.refusal().is_some());
    /// ```
    pub fn refusal(&self) -> Option<&AccessError> {
        match &self.judged {
            Judged::Refused { error, .. } => Some(error),
            _ => None,
        }
    }

    pub(crate) fn judged(&self) -> &Judged {
        &self.judged
    }

    /// The plan a second try runs under `fetch`: the approved plan's
    /// HTTP request with `fetch`'s method, judged whole again (only the
    /// policy makes an [`Approved`]) on the same URL and route; FTP's
    /// object read, planned from the URL parsed already. Made once: a
    /// try after it reuses it.
    pub(crate) fn fallback(&self, fetch: &FetchOptions) -> Result<&Approved, &AccessError> {
        let Judged::Planned { plan, fallback, .. } = &self.judged else {
            unreachable!("only a planned target is tried");
        };
        fallback.get_or_init(|| derived(plan, fetch)).as_ref()
    }

    /// What `--dump` shows of the check: the plan it would run, as
    /// `uniform plan` shows it; or why there is none (the policy's
    /// refusal, a scheme with no check).
    ///
    /// # Errors
    ///
    /// Why there is no plan.
    ///
    /// # Example
    ///
    /// ```
    /// # use uniform_links::target::Target;
    /// let t = Target::new("telnet://h/", &Default::default());
    /// assert!(t.plan_text().unwrap().ends_with("# connected, then closed: nothing sent\n"));
    /// assert!(Target::new("urn:x:y", &Default::default()).plan_text().is_err());
    /// ```
    pub fn plan_text(&self) -> Result<String, String> {
        let (how, plan) = match &self.judged {
            Judged::NotUrl(why) | Judged::Unchecked { reason: why, .. } => {
                return Err(why.clone());
            }
            Judged::Refused { error, .. } => return Err(error.to_string()),
            Judged::Planned { how, plan, .. } => (how, plan),
        };
        match how {
            LinkCheck::Head | LinkCheck::Fetch => Ok(plan.to_string()),
            LinkCheck::Connect => {
                let mut text = plan.to_string();
                if let Some(first) = text.find('\n') {
                    // The session's connection only: nothing is sent on it.
                    text.truncate(first + 1);
                }
                text.push_str("# connected, then closed: nothing sent\n");
                Ok(text)
            }
            LinkCheck::Mail => Ok(format!(
                "# the addresses are mailboxes; each domain resolves: {}\n# nothing is sent\n",
                mail_domains(&plan.url().as_url_ref()).join(", ")
            )),
        }
    }
}

/// The plan of a second try under `fetch`, from `plan`: HEAD's approved
/// request with `GET` (`Approved::as_get`: the same URL, route and
/// fields, judged once, with HEAD); another dialogue (FTP's `SIZE`, whose
/// second try is a `RETR` of other commands) planned again from the URL
/// parsed already.
fn derived(plan: &Approved, fetch: &FetchOptions) -> Result<Approved, AccessError> {
    let url = plan.url().as_url_ref();
    #[cfg(test)]
    counts::note(&counts::DERIVED, url.as_str());
    match plan.as_get() {
        Some(get) => Ok(get),
        None => uniform_access::plan_for(&url, fetch),
    }
}

/// How many times each URL was parsed, planned, and its fallback derived:
/// what the tests hold to one.
#[cfg(test)]
pub(crate) mod counts {
    use std::collections::HashMap;
    use std::sync::Mutex;

    pub(crate) type Counts = Mutex<Option<HashMap<String, usize>>>;
    pub(crate) static PARSES: Counts = Mutex::new(None);
    pub(crate) static PLANS: Counts = Mutex::new(None);
    pub(crate) static DERIVED: Counts = Mutex::new(None);

    pub(crate) fn note(counts: &Counts, url: &str) {
        if let Ok(mut c) = counts.lock() {
            *c.get_or_insert_with(HashMap::new)
                .entry(url.to_string())
                .or_default() += 1;
        }
    }

    /// The count of `url` (tests use URLs of their own, so that tests
    /// run beside them do not add to it).
    pub(crate) fn of(counts: &Counts, url: &str) -> usize {
        counts
            .lock()
            .ok()
            .and_then(|c| c.as_ref().and_then(|m| m.get(url).copied()))
            .unwrap_or(0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each scheme's check is its row's, an FTP directory listed.
    #[test]
    fn a_link_is_checked_as_its_scheme_row_says() {
        let cases = [
            ("http://h/", Some(LinkCheck::Head)),
            ("https://h/x", Some(LinkCheck::Head)),
            ("ftp://h/pub/x.txt", Some(LinkCheck::Head)),
            ("ftp://h/pub/", Some(LinkCheck::Fetch)),
            ("ftp://h/pub;type=d", Some(LinkCheck::Fetch)),
            ("gopher://h/1/", Some(LinkCheck::Fetch)),
            ("news:comp.lang.rust", Some(LinkCheck::Fetch)),
            ("nntp://h/g/1", Some(LinkCheck::Fetch)),
            ("wais://h/db", Some(LinkCheck::Fetch)),
            ("file:///tmp/", Some(LinkCheck::Fetch)),
            ("prospero://h/x", Some(LinkCheck::Fetch)),
            ("telnet://h/", Some(LinkCheck::Connect)),
            ("rlogin://h/", Some(LinkCheck::Connect)),
            ("tn3270://h/", Some(LinkCheck::Connect)),
            ("mailto:a@h", Some(LinkCheck::Mail)),
            ("urn:isbn:0451450523", None),
            ("mid:a@h", None),
            ("x-own:thing", None),
        ];
        for (url, want) in cases {
            let got = how(&parse(url).unwrap());
            assert_eq!(got.as_ref().ok().copied(), want, "{url}: {got:?}");
        }
    }

    /// The GET derived from an approved HEAD is the plan `plan_for`
    /// would make for GET: on a direct route, through an HTTP proxy, in
    /// a CONNECT tunnel, and for FTP through a gateway.
    #[test]
    fn the_derived_get_is_the_plan_made_for_get() {
        // The check's own options: a kept connection asked for.
        let mut direct = FetchOptions::default();
        direct.plan.http.keep_alive = true;
        let mut proxied = direct.clone();
        proxied
            .proxies
            .proxy("http://127.0.0.1:3128", "test")
            .unwrap();
        proxied
            .proxies
            .gateway_spec("FTP=http://127.0.0.1:3129/")
            .unwrap();
        for fetch in [direct, proxied] {
            for url in [
                "http://h.example/a?b",
                "https://h.example:8443/x",
                "ftp://h.example/pub/x.txt",
            ] {
                let t = Target::new(url, &fetch);
                let get = if url.starts_with("ftp") {
                    fetch.clone()
                } else {
                    get_options(&fetch)
                };
                let want = uniform_access::plan_for(&parse(url).unwrap(), &get).unwrap();
                let got = t.fallback(&get).unwrap();
                assert_eq!(got, &want, "{url}");
                assert_eq!(got.route(), want.route(), "{url}");
            }
        }
    }
}
