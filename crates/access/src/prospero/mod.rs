//! `prospero:` URLs (RFC 1738 section 3.11): the Prospero directory
//! service, version 5, over ARDP on UDP.
//!
//! "Prospero URLs are interpreted by contacting a Prospero directory server
//! on the specified host and port to determine appropriate access methods
//! for a resource, which might themselves be represented as different
//! URLs." So [`resolve`] asks the server for the object's ACCESS-METHOD
//! attribute and turns the first method it can express into that URL:
//!
//! | method | URL |
//! |---|---|
//! | AFTP (anonymous FTP) | `ftp://host/path;type=i` (BINARY) or `;type=a` (TEXT), the path under the anonymous root |
//! | FTP | `ftp://host/%2Fpath`, the path from the root |
//! | GOPHER | `gopher://host:port/` type and selector |
//! | WAIS | `wais://host:port/` and the locator |
//! | TELNET | `telnet://host:port/` |
//!
//! A `host(port)` becomes `host:port`; an empty host or name is the one of
//! the object asked for. A FORWARDED reply is followed to the server it
//! names (a host without `(port)` is at Prospero's port 1525, as the
//! reference client's `ardp_send.c` says), at most [`MAX_FORWARDS`] times
//! and never twice to the same server and name. The server chose that
//! target, so it passes the safety policy as a `prospero:` URL the user
//! typed would (its port, its hsoname) before anything is sent to it, the
//! way an HTTP redirect does. An object without access method (NONE-FOUND) is read
//! as a directory: DIRECTORY and LIST give its links, as a
//! [`crate::Listing`] whose entries are `prospero:` URLs for the server's
//! own objects and the underlying access's URL for external links (as RFC
//! 1738 says they are represented).
//!
//! [`crate::fetch`] then fetches the resolved URL through its own scheme,
//! with the same options, so its plan passes the same safety policy.
//!
//! Time: ARDP retries with a timer doubling from 4 s (the reference's),
//! never beyond the idle limit, and a server's "wait" packet is honoured
//! up to the idle limit; but a server can keep sending waits, so each
//! request ends within [`TRANSACTION_IDLES`] times the idle limit
//! (`--timeout`: 2 minutes by default), and the whole resolution (the
//! object, its directory, every forward) within [`RESOLUTION_IDLES`] times
//! it (4 minutes), or the total limit (`--max-time`) when that is sooner.

pub mod ardp;
pub mod text;

use crate::error::{AccessError, AccessErrorKind};
use crate::executor::{Executed, executor};
use crate::fetched::Fetched;
use crate::listing::{Entry, EntryKind, Listing};
use crate::net::{Deadline, Timeouts};
use crate::options::FetchOptions;
use crate::session::Session;
use std::collections::HashSet;
use std::net::{SocketAddr, ToSocketAddrs};
use std::time::Duration;
use text::{Attribute, Link, ReplyLine};
use uniform::UrlRef;
use uniform::pct::{self, EncodeSet};
use uniform::plan::{Dialogue, Endpoint, ProsperoPlan};
use uniform::schemes::ProsperoUrl;

/// How many FORWARDED replies are followed.
pub const MAX_FORWARDS: usize = 8;

/// One request may last this many idle limits: the retries of a server
/// that never answers take one; the rest is for its waits.
///
/// # Example
///
/// ```
/// use uniform_access::{Session, prospero::TRANSACTION_IDLES};
/// let idle = Session::default().timeouts.idle;
/// assert_eq!(idle * TRANSACTION_IDLES, std::time::Duration::from_secs(120));
/// ```
pub const TRANSACTION_IDLES: u32 = 2;

/// The whole resolution may last this many idle limits: an object and
/// its directory each given their time, forwards sharing it.
///
/// # Example
///
/// ```
/// use uniform_access::prospero::{RESOLUTION_IDLES, TRANSACTION_IDLES};
/// assert!(RESOLUTION_IDLES >= 2 * TRANSACTION_IDLES);
/// ```
pub const RESOLUTION_IDLES: u32 = 4;

/// Prospero's port, for a FORWARDED host that names none
/// (`ardp_send.c`: "If not specified, the Prospero directory server port
/// is used as the default").
const DEFAULT_PORT: u16 = 1525;

/// The reference client's first retry timer.
const ARDP_TIMER: Duration = Duration::from_secs(4);

/// What a `prospero:` URL resolves to.
///
/// # Example
///
/// ```
/// use uniform_access::prospero::Resolution;
/// let r = Resolution::Url("ftp://ftp.example.org/pub/x.txt;type=i".into());
/// assert!(matches!(r, Resolution::Url(u) if u.starts_with("ftp:")));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Resolution {
    /// The URL of the object's access method.
    Url(String),
    /// A directory's links.
    Directory(Listing),
}

/// The access method's URL `u`, which [`resolve`] gave for `v`, parsed: the
/// caller fetches it as any other URL.
pub(crate) fn method_url<'u>(v: &UrlRef<'_>, u: &'u str) -> Result<UrlRef<'u>, AccessError> {
    UrlRef::parse(u).map_err(|e| {
        AccessError::new(
            AccessErrorKind::Protocol,
            "prospero",
            Some(v.hostname().unwrap_or_default()),
            format!("the access method gives {u:?}, which is not a URL: {e}"),
        )
    })
}

/// Where a request goes, and for what.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Target {
    host: String,
    port: u16,
    hsoname: Vec<u8>,
    version: Vec<u8>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Ask {
    Object,
    Directory,
}

/// Asks the URL's server what the object is: the URL of its access
/// method, or a directory's links. Follows FORWARDED replies.
///
/// # Errors
///
/// An [`AccessError`]: no reply in time (after ARDP's retries), a reply
/// too long or malformed, a FORWARDED loop or too many forwards, the
/// server's FAILURE or ERROR, an object with no access method this client
/// can express.
///
/// # Example
///
/// ```no_run
/// use uniform::UrlRef;
/// use uniform_access::{FetchOptions, Session, prospero::{Resolution, resolve}};
/// let url = UrlRef::parse("prospero://127.0.0.1:1525//pub/hello.txt")?;
/// let (opts, session) = (FetchOptions::default(), Session::default());
/// if let Resolution::Url(u) = resolve(&url.prospero().unwrap(), &opts, &session)? {
///     println!("fetch {u}");
/// }
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
pub fn resolve(
    v: &ProsperoUrl<'_>,
    opts: &FetchOptions,
    session: &Session,
) -> Result<Resolution, AccessError> {
    let url = v.url();
    let plan = crate::planning::plan_for(&url, opts)?;
    match plan.dialogue() {
        Dialogue::Prospero(p) => resolve_plan(p, url.without_fragment(), opts, session),
        _ => Err(AccessError::new(
            AccessErrorKind::Unsupported,
            "prospero",
            url.hostname(),
            "the URL is planned through a gateway, not resolved by Prospero",
        )),
    }
}

executor!(
    /// The Prospero executor: the plan's request resolved; a directory is
    /// the listing, an access method's URL (never a Prospero one) handed
    /// back to be fetched as any other.
    Prospero,
    Prospero,
    |job, p, _, _| {
        let base = job.url.without_fragment();
        match resolve_plan(p, base, job.opts, job.session)? {
            Resolution::Directory(l) => Ok(Executed::Done(Fetched::Listing(l))),
            Resolution::Url(u) => Ok(Executed::Elsewhere(method_url(&job.url, &u)?.to_url())),
        }
    }
);

/// Resolves the object a Prospero plan names: its request, forwarded and
/// retried as the plan's notes say.
pub(crate) fn resolve_plan(
    plan: &ProsperoPlan,
    base: &str,
    opts: &FetchOptions,
    session: &Session,
) -> Result<Resolution, AccessError> {
    let timeouts = &session.timeouts;
    let Endpoint::Host { host, port } = &plan.endpoint else {
        return Err(AccessError::new(
            AccessErrorKind::Unsupported,
            "prospero",
            None,
            "the plan names no server",
        ));
    };
    let mut target = Target {
        host: host.clone(),
        port: *port,
        hsoname: plan.hsoname.clone(),
        version: plan.version.clone(),
    };
    let limit = timeouts.idle.saturating_mul(RESOLUTION_IDLES);
    let deadline = Deadline::after(Some(timeouts.total.map_or(limit, |t| t.min(limit))));
    let mut ask = Ask::Object;
    let mut seen: HashSet<(Target, Ask)> = HashSet::new();
    let mut forwards = 0usize;
    loop {
        let err = |kind, msg: String| AccessError::new(kind, "prospero", Some(&target.host), msg);
        if !seen.insert((target.clone(), ask)) {
            return Err(err(
                AccessErrorKind::Redirect,
                format!("a FORWARDED loop: {} was asked already", describe(&target)),
            ));
        }
        let request = match ask {
            Ask::Object => ProsperoPlan::object_request(&target.hsoname, &target.version),
            Ask::Directory => ProsperoPlan::directory_request(&target.hsoname, &target.version),
        };
        // The policy refused a CR, LF or NUL in the plan's fields; a
        // forwarded target passed the plan and its policy too.
        let lines: Vec<Vec<u8>> = request.iter().filter_map(|l| l.wire()).collect();
        let message = text::message(&lines);
        let reply = exchange(&target, &message, timeouts, deadline, opts.exclusions)?;
        let parsed = text::parse_reply(&reply).map_err(|e| {
            err(
                AccessErrorKind::Protocol,
                format!("the reply is not Prospero's: {e}"),
            )
            .with_reply(&reply[..reply.len().min(300)])
        })?;
        if let Some(f) = parsed.iter().find_map(|l| match l {
            ReplyLine::Forwarded(f) => Some(f),
            _ => None,
        }) {
            forwards += 1;
            if forwards > MAX_FORWARDS {
                return Err(err(
                    AccessErrorKind::Redirect,
                    format!("more than {MAX_FORWARDS} FORWARDED replies"),
                ));
            }
            let (host, port) = host_port(&f.host).ok_or_else(|| {
                err(
                    AccessErrorKind::Protocol,
                    format!(
                        "FORWARDED to an unusable host {:?}",
                        crate::error::escape(f.host.as_bytes())
                    ),
                )
            })?;
            let next = Target {
                host,
                port: port.unwrap_or(DEFAULT_PORT),
                hsoname: f.hsoname.clone(),
                version: f.version.clone().into_bytes(),
            };
            check_forward(&next, opts).map_err(|(kind, msg)| err(kind, msg))?;
            target = next;
            continue;
        }
        failure(&parsed, &target)?;
        match ask {
            Ask::Object => {
                let methods: Vec<&Attribute> = parsed
                    .iter()
                    .filter_map(|l| match l {
                        ReplyLine::Attribute(a) if a.name.eq_ignore_ascii_case("ACCESS-METHOD") => {
                            Some(a)
                        }
                        _ => None,
                    })
                    .collect();
                if methods.is_empty() {
                    // NONE-FOUND, or an object without access method: a
                    // directory, if it is one.
                    ask = Ask::Directory;
                    seen.clear();
                    continue;
                }
                let mut reasons = Vec::new();
                for m in &methods {
                    match access_url(&m.values, &target.host, None, &target.hsoname) {
                        Ok(u) => return Ok(Resolution::Url(u)),
                        Err(why) => reasons.push(why),
                    }
                }
                return Err(err(
                    AccessErrorKind::Unsupported,
                    format!(
                        "{}: no access method this client can follow ({})",
                        describe(&target),
                        reasons.join("; ")
                    ),
                ));
            }
            Ask::Directory => return Ok(Resolution::Directory(listing(base, &target, &parsed))),
        }
    }
}

/// A FORWARDED target as the `prospero:` URL it amounts to, through the
/// plan and its safety policy (with the user's `--allow-port`).
fn check_forward(t: &Target, opts: &FetchOptions) -> Result<(), (AccessErrorKind, String)> {
    let text = format!(
        "prospero://{}/{}",
        authority(&t.host, Some(t.port)),
        pct::encode(&t.hsoname, &HSONAME)
    );
    let url = uniform::UrlRef::parse(&text).map_err(|e| {
        (
            AccessErrorKind::Redirect,
            format!("FORWARDED to {text:?}, which is no URL: {e}"),
        )
    })?;
    uniform::plan::plan(&url, &opts.plan)
        .map(|_| ())
        .map_err(|e| {
            let kind = match e.rule() {
                Some(rule) => AccessErrorKind::Refused(rule),
                None => AccessErrorKind::Redirect,
            };
            (kind, format!("FORWARDED to {}: {e}", describe(t)))
        })
}

fn describe(t: &Target) -> String {
    format!(
        "{}:{} {:?}",
        t.host,
        t.port,
        String::from_utf8_lossy(&t.hsoname)
    )
}

/// The server's FAILURE, ERROR or VERSION-NOT-SUPPORTED as an error.
fn failure(lines: &[ReplyLine], t: &Target) -> Result<(), AccessError> {
    for l in lines {
        let (kind, msg, reply) = match l {
            ReplyLine::Failure { code, text } => {
                let kind = match code.as_str() {
                    "NOT-AUTHORIZED" | "AUTHENTICATION-REQUIRED" | "AUTHENTICATION-DATA" => {
                        AccessErrorKind::Auth
                    }
                    _ => AccessErrorKind::Protocol,
                };
                (
                    kind,
                    format!("{}: FAILURE {code}", describe(t)),
                    text.clone(),
                )
            }
            ReplyLine::Error(text) => (
                AccessErrorKind::Protocol,
                format!("{}: ERROR", describe(t)),
                text.clone(),
            ),
            ReplyLine::VersionNotSupported(text) => (
                AccessErrorKind::Protocol,
                "the server does not speak Prospero version 5".to_string(),
                text.clone(),
            ),
            _ => continue,
        };
        let e = AccessError::new(kind, "prospero", Some(&t.host), msg);
        return Err(if reply.is_empty() {
            e
        } else {
            e.with_reply(reply.as_bytes())
        });
    }
    Ok(())
}

/// One request and its reply over ARDP.
fn exchange(
    t: &Target,
    request: &[u8],
    timeouts: &Timeouts,
    deadline: Deadline,
    exclusions: crate::exclude::Exclusions,
) -> Result<Vec<u8>, AccessError> {
    let host = t.host.as_str();
    let addr: SocketAddr = (host, t.port)
        .to_socket_addrs()
        .map_err(|e| AccessError::io("prospero", Some(host), &format!("finding {host}"), e))?
        .next()
        .ok_or_else(|| {
            AccessError::new(
                AccessErrorKind::Connect,
                "prospero",
                Some(host),
                format!("{host} has no address"),
            )
        })?;
    // The one address the datagrams go to, screened as a TCP
    // connection's are (ARDP has no dial: no pins, no proxy).
    exclusions
        .screen_all(host, &[addr])
        .map_err(|e| AccessError::io("prospero", Some(host), &format!("asking {host}"), e))?;
    // The reference timer is 4 s, doubled at each of 3 retries: 60 s in
    // all, the default idle limit. A shorter idle limit shortens the timer
    // in proportion (1 + 2 + 4 + 8 = 15 timers).
    let timing = ardp::Timing {
        timer: ARDP_TIMER
            .min(timeouts.idle / 15)
            .max(Duration::from_millis(10)),
        retries: 3,
        max_wait: timeouts.idle,
        max_waits: 8,
        deadline: Deadline::after(Some(
            deadline.clamp(timeouts.idle.saturating_mul(TRANSACTION_IDLES)),
        )),
    };
    ardp::transact(addr, ardp::connection_id(), request, &timing).map_err(|e| {
        let kind = match e.kind() {
            ardp::ArdpErrorKind::Timeout => AccessErrorKind::Timeout,
            ardp::ArdpErrorKind::TooManyPackets | ardp::ArdpErrorKind::TooLong => {
                AccessErrorKind::TooLong
            }
            ardp::ArdpErrorKind::Io => AccessErrorKind::Io,
            _ => AccessErrorKind::Protocol,
        };
        // A timeout names the limit that sets it.
        let limit = match kind {
            AccessErrorKind::Timeout if deadline.passed() => {
                " (the whole resolution: --max-time, or four times --timeout)"
            }
            AccessErrorKind::Timeout => " (within twice --timeout)",
            _ => "",
        };
        AccessError::new(
            kind,
            "prospero",
            Some(host),
            format!("asking {} over ARDP: {e}{limit}", describe(t)),
        )
    })
}

/// `host` or `host(port)`, checked to be a host name or address and
/// nothing that could change a URL's authority.
fn host_port(raw: &str) -> Option<(String, Option<u16>)> {
    let (host, port) = match raw.strip_suffix(')').and_then(|r| r.split_once('(')) {
        Some((h, p)) => (h, Some(p.parse::<u16>().ok().filter(|&p| p != 0)?)),
        None => (raw, None),
    };
    let ok = !host.is_empty()
        && host.len() <= 253
        && host
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'.' || b == b'-' || b == b'_');
    ok.then(|| (host.to_ascii_lowercase(), port))
}

/// `host[:port]` for a URL.
fn authority(host: &str, port: Option<u16>) -> String {
    match port {
        Some(p) => format!("{host}:{p}"),
        None => host.to_string(),
    }
}

/// What an FTP path segment encodes.
const FTP: EncodeSet = EncodeSet::FTP_SEGMENT;

/// The URL of an ACCESS-METHOD value (method, host-type, host,
/// hsoname-type, hsoname, extras), empty fields 2-5 taken from the object.
fn access_url(
    values: &[Vec<u8>],
    host: &str,
    host_port_default: Option<u16>,
    hsoname: &[u8],
) -> Result<String, String> {
    let field = |i: usize| values.get(i).map(Vec::as_slice).unwrap_or_default();
    let method = String::from_utf8_lossy(field(0)).to_ascii_uppercase();
    let raw_host = String::from_utf8_lossy(field(2)).into_owned();
    let (h, port) = if raw_host.is_empty() {
        (host.to_string(), host_port_default)
    } else {
        host_port(&raw_host).ok_or_else(|| {
            format!(
                "{method}: an unusable host {:?}",
                crate::error::escape(raw_host.as_bytes())
            )
        })?
    };
    let name = if field(4).is_empty() {
        hsoname
    } else {
        field(4)
    };
    let extra = field(5);
    if name.contains(&0) {
        return Err(format!("{method}: a NUL in the name"));
    }
    match method.as_str() {
        "AFTP" | "FTP" => {
            let mut segs: Vec<String> = name
                .split(|&b| b == b'/')
                .map(|s| pct::encode(s, &FTP).into_owned())
                .collect();
            if method == "AFTP" {
                // Under the anonymous root: a leading "/" is that root.
                if segs.first().is_some_and(String::is_empty) {
                    segs.remove(0);
                }
            } else if segs.first().is_some_and(String::is_empty) {
                // RFC 1738 section 3.2.2: %2F makes the path absolute.
                segs[0] = "%2F".into();
                if segs.len() > 1 {
                    let first = segs.remove(1);
                    segs[0].push_str(&first);
                }
            }
            let typecode = match String::from_utf8_lossy(extra).to_ascii_uppercase().as_str() {
                "BINARY" => ";type=i",
                "TEXT" | "ASCII" => ";type=a",
                _ => "",
            };
            Ok(format!(
                "ftp://{}/{}{typecode}",
                authority(&h, port),
                segs.join("/")
            ))
        }
        "GOPHER" => {
            // The 6th field is the item type; without it the selector's
            // first character is, as a gopher URL reads it.
            let mut path = Vec::new();
            if extra.len() == 1 {
                path.push(extra[0]);
            }
            path.extend_from_slice(name);
            Ok(format!(
                "gopher://{}/{}",
                authority(&h, port),
                pct::encode(&path, &EncodeSet::GOPHER)
            ))
        }
        "WAIS" => {
            let locator = if extra.is_empty() {
                name.strip_prefix(b"WAIS/OBJECT/").unwrap_or(name)
            } else {
                extra
            };
            let locator = locator.strip_prefix(b"/").unwrap_or(locator);
            Ok(format!(
                "wais://{}/{}",
                authority(&h, port),
                pct::encode(locator, &EncodeSet::PATH)
            ))
        }
        "TELNET" => Ok(format!("telnet://{}/", authority(&h, port))),
        "" => Err("an empty access method".into()),
        other => Err(format!("{other} is not reachable by a URL")),
    }
}

/// What an hsoname encodes in a `prospero:` URL: `;` ends it, `?` would
/// start a query; `/` stays.
const HSONAME: EncodeSet = EncodeSet::UNSAFE.add_all(b";?");

/// A directory's links as a listing.
fn listing(base: &str, t: &Target, lines: &[ReplyLine]) -> Listing {
    let mut l = Listing::new(base.to_string());
    for line in lines {
        match line {
            ReplyLine::Link(link) => l.entries.push(entry(link, t)),
            ReplyLine::Unresolved(what) => {
                l.entries
                    .push(Entry::new(format!("unresolved: {what}"), EntryKind::Info));
            }
            _ => {}
        }
    }
    l
}

fn entry(link: &Link, t: &Target) -> Entry {
    let target = link.target.to_ascii_uppercase();
    if target == "NULL" {
        // A link the server could not read gives its fields as NULL: what
        // it names is unknown, and no URL can be made of it.
        let name = if link.name.is_empty() || link.name == b"NULL" {
            "(unreadable link)".to_string()
        } else {
            format!("{} (unreadable link)", String::from_utf8_lossy(&link.name))
        };
        return Entry::new(name, EntryKind::Other).detail("unreadable: kind unknown");
    }
    let kind = match target.as_str() {
        "DIRECTORY" | "DIRECTORY+FILE" => EntryKind::Directory,
        "SYMBOLIC" => EntryKind::Link,
        "OBJECT" => EntryKind::Other,
        _ => EntryKind::File,
    };
    let name = String::from_utf8_lossy(&link.name).into_owned();
    let mut e = Entry::new(name, kind).detail(link.target.clone());
    let host = if link.host.is_empty() {
        t.host.clone()
    } else {
        link.host.clone()
    };
    let url = if target.starts_with("EXTERNAL") {
        // The method's empty host is the link's, port included.
        let method = link
            .attributes
            .iter()
            .find(|a| a.name.eq_ignore_ascii_case("ACCESS-METHOD"));
        match (method, host_port(&host)) {
            (Some(m), Some((h, p))) => access_url(&m.values, &h, p, &link.hsoname).ok(),
            _ => None,
        }
    } else if link.host_type.eq_ignore_ascii_case("INTERNET-D") && !link.hsoname.contains(&0) {
        host_port(&host).map(|(h, p)| {
            let mut u = format!(
                "prospero://{}/{}",
                authority(&h, p),
                pct::encode(&link.hsoname, &HSONAME)
            );
            if !link.version.is_empty() && link.version != "0" {
                u.push_str(";OBJECT-VERSION=");
                u.push_str(&pct::encode(link.version.as_bytes(), &EncodeSet::PROSPERO));
            }
            u
        })
    } else {
        None
    };
    if let Some(u) = url {
        e = e.url(u);
    }
    e
}

#[cfg(test)]
mod tests {
    use super::*;

    fn vals(s: &[&str]) -> Vec<Vec<u8>> {
        s.iter().map(|v| v.as_bytes().to_vec()).collect()
    }

    #[test]
    fn access_methods_become_urls() {
        let u = |s: &[&str]| access_url(&vals(s), "pros.host", None, b"/obj");
        assert_eq!(
            u(&[
                "AFTP",
                "INTERNET-D",
                "ftp.example.org",
                "ASCII",
                "/pub/x.txt",
                "BINARY"
            ])
            .unwrap(),
            "ftp://ftp.example.org/pub/x.txt;type=i"
        );
        assert_eq!(
            u(&["AFTP", "", "127.0.0.1(2121)", "", "/pub/a b.txt", "TEXT"]).unwrap(),
            "ftp://127.0.0.1:2121/pub/a%20b.txt;type=a"
        );
        assert_eq!(
            u(&["FTP", "INTERNET-D", "h", "ASCII", "/etc/motd", "BINARY"]).unwrap(),
            "ftp://h/%2Fetc/motd;type=i"
        );
        assert_eq!(
            u(&[
                "GOPHER",
                "INTERNET-D",
                "g(7070)",
                "ASCII",
                "/hello.txt",
                "0"
            ])
            .unwrap(),
            "gopher://g:7070/0/hello.txt"
        );
        assert_eq!(
            u(&["GOPHER", "INTERNET-D", "g", "ASCII", "1/sub"]).unwrap(),
            "gopher://g/1/sub"
        );
        assert_eq!(
            u(&[
                "WAIS",
                "INTERNET-D",
                "w(2101)",
                "ASCII",
                "WAIS/OBJECT/Default"
            ])
            .unwrap(),
            "wais://w:2101/Default"
        );
        assert_eq!(
            u(&["AFTP", "", "", "", "", "BINARY"]).unwrap(),
            "ftp://pros.host/obj;type=i"
        );
        assert!(
            u(&["NFS", "INTERNET-D", "h", "ASCII", "/x", "y"])
                .unwrap_err()
                .contains("NFS")
        );
        // A host that would change the URL's authority is refused.
        assert!(u(&["AFTP", "", "evil@h/x", "", "/x", "BINARY"]).is_err());
        assert!(u(&["AFTP", "", "h(99999)", "", "/x", "BINARY"]).is_err());
    }

    #[test]
    fn directory_links_become_entries() {
        let r = text::parse_reply(
            b"LINK L DIRECTORY sub INTERNET-D Pros.Host(1600) ASCII /d/sub 0\n\
              LINK L EXTERNAL hello INTERNET-D 127.0.0.1(2121) ASCII /pub/hello.txt 0\n\
              ATTRIBUTE CACHED FIELD ACCESS-METHOD AFTP '' '' '' '' TEXT\n\
              LINK L FILE old INTERNET-D h ASCII 'a;b' 3\n\
              LINK L NULL NULL NULL NULL NULL NULL 0\n",
        )
        .unwrap();
        let url = uniform::UrlRef::parse("prospero://h/d").unwrap();
        let t = Target {
            host: "h".into(),
            port: 1525,
            hsoname: b"d".to_vec(),
            version: b"0".to_vec(),
        };
        let l = listing(url.without_fragment(), &t, &r);
        assert_eq!(
            l.entries[0].url.as_deref(),
            Some("prospero://pros.host:1600//d/sub")
        );
        assert_eq!(l.entries[0].kind, EntryKind::Directory);
        assert_eq!(
            l.entries[1].url.as_deref(),
            Some("ftp://127.0.0.1:2121/pub/hello.txt;type=a")
        );
        assert_eq!(
            l.entries[2].url.as_deref(),
            Some("prospero://h/a%3Bb;OBJECT-VERSION=3")
        );
        // An unreadable link: no file named NULL, no URL.
        assert_eq!(l.entries[3].name, "(unreadable link)");
        assert_eq!(l.entries[3].kind, EntryKind::Other);
        assert_eq!(l.entries[3].url, None);
    }
}
