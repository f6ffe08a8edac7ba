//! NNTP for `news:` and `nntp:` URLs (RFC 977, RFC 3977), written here:
//! the maintained crates are async or GPL.
//!
//! The plan (RFC 1738 sections 3.6 and 3.7) is run step by step: connect
//! (for `news:` the configured server), the greeting, MODE READER, then
//! ARTICLE, GROUP and OVER, or LIST, and QUIT. What comes back:
//!
//! - an article is written with dot-stuffing undone and local line ends;
//! - a group is a [`Listing`] of its articles from the overview (OVER):
//!   name the subject, size the octets, URL `news:<message-id>`, detail
//!   the author and date. A server without OVER (RFC 977 servers answer
//!   500, others 503) is asked XOVER, then LISTGROUP; without those too,
//!   the range of the GROUP reply is listed. Those fallbacks know only
//!   numbers, so their entries are named `nntp://server/group/number`;
//! - `news:*` is a listing of the groups (LIST), each `news:group`.
//!
//! MODE READER answered 500 or 501 (an RFC 977 server that does not know
//! it) is passed over. An error reply (411 no such group, 423 no such
//! article number, 430 no such article, ...) is an
//! [`AccessErrorKind::Protocol`] error quoting the reply; 480 (log in
//! first) is [`AccessErrorKind::Auth`]. QUIT is sent once the object is
//! read, and its answer does not change the outcome.

pub(crate) mod listing;

use crate::error::{AccessError, AccessErrorKind};
use crate::executor::executor;
use crate::fetched::Fetched;
use crate::interaction::Interaction;
use crate::line::conn::{Limits, LineConn};
use crate::line::dotted;
use crate::line::reply::Reply;
use crate::line::sink::{Sink, fault_error};
use crate::listing::{Entry, Listing};
use crate::net::Dial;
use crate::net::{Deadline, MAX_LINE};
use crate::options::FetchOptions;
use crate::session::Session;
use listing::Server;
use std::io::{self, Write};
use uniform::UrlRef;
use uniform::plan::{Endpoint, NntpCommand, NntpPlan, Transfer};

/// The most entries a listing may hold: it is kept in memory.
const MAX_ENTRIES: usize = crate::listing::MAX_ENTRIES;

/// The most octets of a listing, for the same reason.
const MAX_OCTETS: u64 = crate::listing::MAX_OCTETS;

/// An open NNTP connection.
struct Conn {
    scheme: String,
    server: Server,
    c: LineConn,
}

impl Conn {
    fn open(
        scheme: &str,
        host: &str,
        port: u16,
        session: &Session,
        dial: Dial<'_>,
        deadline: Deadline,
    ) -> Result<Conn, AccessError> {
        let c = LineConn::open(
            scheme,
            host,
            port,
            dial,
            &session.timeouts,
            deadline,
            Limits::PROTOCOL,
        )?;
        Ok(Conn {
            scheme: scheme.to_string(),
            server: Server {
                host: host.to_string(),
                port,
            },
            c,
        })
    }

    fn host(&self) -> Option<&str> {
        Some(&self.server.host)
    }

    fn error(&self, kind: AccessErrorKind, message: impl Into<String>) -> AccessError {
        AccessError::new(kind, &self.scheme, self.host(), message)
    }

    fn send(&mut self, wire: &[u8]) -> Result<(), AccessError> {
        self.c.send(wire).map_err(|e| {
            let doing = format!("sending {}", crate::error::escape(wire));
            e.access(&self.scheme, &self.server.host, &doing)
        })
    }

    /// Reads a status line: three digits, then text (RFC 3977 section 3.2).
    fn reply(&mut self, after: &str) -> Result<Reply, AccessError> {
        self.c.reply().map_err(|e| {
            let doing = format!("waiting for the answer to {after}");
            e.access(&self.scheme, &self.server.host, &doing)
        })
    }

    /// The error for a reply the plan did not expect.
    fn refused(&self, command: &str, reply: &Reply) -> AccessError {
        let (kind, what) = match reply.code {
            400 => (AccessErrorKind::Protocol, "the server is not available"),
            411 => (AccessErrorKind::Protocol, "no such group"),
            412 => (AccessErrorKind::Protocol, "no group selected"),
            420 => (AccessErrorKind::Protocol, "no current article"),
            423 => (AccessErrorKind::Protocol, "no article with that number"),
            430 => (AccessErrorKind::Protocol, "no article with that message-id"),
            480 | 481 | 483 => (
                AccessErrorKind::Auth,
                "the server wants a login (AUTHINFO), which is not supported",
            ),
            500 | 501 | 503 => (
                AccessErrorKind::Protocol,
                "the server does not support this command",
            ),
            502 => (AccessErrorKind::Protocol, "the server refuses the service"),
            _ => (AccessErrorKind::Protocol, "unexpected answer"),
        };
        self.error(kind, format!("{command}: {what}"))
            .with_reply(&reply.text)
    }

    /// Reads a multi-line listing, one entry per line.
    fn listing(
        &mut self,
        url: &str,
        mut entry: impl FnMut(&[u8], &Server) -> Entry,
    ) -> Result<Listing, AccessError> {
        let mut l = Listing::new(url);
        let server = self.server.clone();
        let mut octets = 0u64;
        let res = dotted::each_line(self.c.reader(), MAX_LINE, |line| {
            octets += line.len() as u64;
            if l.entries.len() >= MAX_ENTRIES || octets > MAX_OCTETS {
                return Err(io::Error::new(
                    io::ErrorKind::OutOfMemory,
                    "too many entries",
                ));
            }
            l.entries.push(entry(line, &server));
            Ok(())
        });
        match res {
            Ok(()) => Ok(l),
            Err(e) if e.kind() == io::ErrorKind::InvalidData => Err(self.error(
                AccessErrorKind::TooLong,
                format!("a listing line longer than {MAX_LINE} octets"),
            )),
            Err(e) if e.kind() == io::ErrorKind::OutOfMemory => Err(self.error(
                AccessErrorKind::TooLong,
                format!("a listing of more than {MAX_ENTRIES} entries or {MAX_OCTETS} octets"),
            )),
            Err(e) if e.kind() == io::ErrorKind::UnexpectedEof => {
                Err(self.error(AccessErrorKind::Protocol, e.to_string()))
            }
            Err(e) => Err(AccessError::io(
                &self.scheme,
                self.host(),
                "reading the listing",
                e,
            )),
        }
    }

    /// Says goodbye; the object is already delivered, so a failure here
    /// changes nothing.
    fn quit(&mut self) {
        if self.send(b"QUIT").is_ok() {
            let _ = self.reply("QUIT");
        }
    }
}

/// What the dialogue has learned that later steps need.
#[derive(Default)]
struct State {
    /// The last command sent, as text.
    command: String,
    /// The group of the last GROUP, and its reply.
    group: Option<(String, Reply)>,
    /// The listing the fallback already read, when OVER is not supported.
    fallback: Option<Listing>,
}

executor!(
    /// The NNTP executor: [`fetch`] on the plan's dialogue.
    Nntp,
    Nntp,
    |job, p, out, ui| fetch(&job.url, p, job.opts, job.session, job.dial, out, ui)
);

/// Runs a news or nntp plan: the greeting, then each command of the
/// plan, its reply checked, and the block that follows it read.
pub(crate) fn fetch(
    url: &UrlRef<'_>,
    n: &NntpPlan,
    _opts: &FetchOptions,
    session: &Session,
    dial: Dial<'_>,
    out: &mut dyn Write,
    ui: &mut dyn Interaction,
) -> Result<Fetched, AccessError> {
    let scheme = url.scheme().to_ascii_lowercase();
    let deadline = Deadline::after(session.timeouts.total);
    let Endpoint::Host { host, port } = &n.server else {
        return Err(AccessError::new(
            AccessErrorKind::Unsupported,
            &scheme,
            url.hostname(),
            "no news server is configured",
        ));
    };
    let mut c = Conn::open(&scheme, host, *port, session, dial, deadline)?;
    let greeting = c.reply("the greeting")?;
    if !NntpCommand::GREETING.contains(&greeting.code) {
        return Err(c.refused("the greeting", &greeting));
    }
    let mut st = State::default();
    let mut result = None;
    for command in &n.commands {
        if *command == NntpCommand::Quit {
            c.quit();
            continue;
        }
        let line = command.line();
        let wire = line.wire().ok_or_else(|| {
            c.error(
                AccessErrorKind::Unsupported,
                "the plan has a part to ask for",
            )
        })?;
        c.send(&wire)?;
        st.command = String::from_utf8_lossy(&wire).into_owned();
        let reply = c.reply(&st.command)?;
        if command.expect().contains(&reply.code) {
            if let NntpCommand::Group(g) = command {
                st.group = Some((String::from_utf8_lossy(g).into_owned(), reply));
            }
        } else if *command == NntpCommand::ModeReader && matches!(reply.code, 500 | 501) {
            // An RFC 977 server: it reads without being asked.
            continue;
        } else if *command == NntpCommand::OverAll && matches!(reply.code, 500 | 501 | 503) {
            let listing = without_over(&mut c, &mut st, url.as_str())?;
            st.fallback = Some(listing);
        } else {
            return Err(c.refused(&st.command, &reply));
        }
        match command.transfer() {
            Some(Transfer::NntpArticle) => {
                let mut sink = Sink::new(out, ui);
                let bytes = dotted::copy_block(c.c.reader(), &mut sink)
                    .and_then(|()| sink.finish())
                    .map_err(|f| fault_error(&scheme, &c.server.host, f))?;
                result = Some(Fetched::Object { bytes });
            }
            Some(Transfer::NntpListing) => {
                let listing = match st.fallback.take() {
                    Some(l) => l,
                    None if *command == NntpCommand::List => {
                        c.listing(url.as_str(), |line, _| listing::group(line))?
                    }
                    None => {
                        let group = st
                            .group
                            .as_ref()
                            .map(|(g, _)| g.clone())
                            .unwrap_or_default();
                        c.listing(url.as_str(), |line, server| {
                            listing::overview(line, server, &group)
                        })?
                    }
                };
                result = Some(Fetched::Listing(listing));
            }
            _ => {}
        }
    }
    result.ok_or_else(|| {
        AccessError::new(
            AccessErrorKind::Unsupported,
            &scheme,
            url.hostname(),
            "the plan reads nothing",
        )
    })
}

/// A group's listing from a server without OVER: XOVER (the same
/// overview, RFC 2980), else LISTGROUP (RFC 3977 section 6.1.2), else the
/// range of the GROUP reply.
fn without_over(c: &mut Conn, st: &mut State, url: &str) -> Result<Listing, AccessError> {
    let over = st.command.clone();
    let Some((group, group_reply)) = st.group.take() else {
        return Err(c.error(
            AccessErrorKind::Protocol,
            format!("{over}: not supported, and no group is selected"),
        ));
    };
    let xover = over.replacen("OVER", "XOVER", 1);
    c.send(xover.as_bytes())?;
    let reply = c.reply(&xover)?;
    if reply.code == 224 {
        return c.listing(url, |line, server| listing::overview(line, server, &group));
    }
    if !matches!(reply.code, 500 | 501 | 503) {
        return Err(c.refused(&xover, &reply));
    }
    let listgroup = format!("LISTGROUP {group}");
    c.send(listgroup.as_bytes())?;
    let reply = c.reply(&listgroup)?;
    if reply.code == 211 {
        return c.listing(url, |line, server| {
            let n = std::str::from_utf8(line)
                .ok()
                .and_then(|n| n.trim().parse().ok())
                .unwrap_or(0);
            listing::numbered(n, server, &group)
        });
    }
    if !matches!(reply.code, 500 | 501 | 503) {
        return Err(c.refused(&listgroup, &reply));
    }
    // "211 count first last group": every number in the range; some may
    // have been cancelled, which only ARTICLE will tell.
    let words: Vec<u64> = group_reply
        .text
        .split(|&b| b == b' ')
        .skip(2)
        .take(2)
        .filter_map(|w| std::str::from_utf8(w).ok()?.trim().parse().ok())
        .collect();
    let mut l = Listing::new(url);
    if let [first, last] = words[..] {
        if last >= first && last - first >= MAX_ENTRIES as u64 {
            return Err(c.error(
                AccessErrorKind::TooLong,
                format!("a group of more than {MAX_ENTRIES} articles"),
            ));
        }
        for n in first..=last {
            l.entries.push(listing::numbered(n, &c.server, &group));
        }
    }
    Ok(l)
}
