//! FTP (RFC 959) as RFC 1738 section 3.2 plans it, spoken here over the
//! crate's line layer: each command is one line sent, one reply read and
//! checked against the codes the plan gives.
//!
//! # What goes on the wire
//!
//! The plan's lines, exactly: `USER`, `PASS` (only when `USER` was answered
//! 331, as the plan notes), `PWD` when the connection may be kept (see
//! Connections), one `CWD` per cwd segment (`CWD ` with a null
//! argument for an empty one), `TYPE A` or `TYPE I` (plain `TYPE A`:
//! pyftpdlib refuses `TYPE A N`), `RETR name`, `NLST [name]` or `LIST`,
//! `QUIT`. Each goes as the plan's [`Line::wire`] octets, so a path segment
//! that decodes to octets that are not UTF-8 (`%E9`, `%FF`) is sent as
//! those octets, never refused or re-encoded; an `FF` octet is doubled
//! (Telnet's IAC: RFC 959 section 4.1.3 makes the control connection a
//! Telnet connection).
//!
//! Beyond the plan's lines, and only these:
//!
//! - the data connection's set-up, before the data command: `EPSV` (RFC
//!   2428), else `PASV`, else `PORT` (`EPRT` over IPv6), falling back when
//!   the server refuses the command or the passive connection cannot be
//!   made;
//! - `SIZE name` (RFC 3659) before a `RETR` in image type, to tell the
//!   [`Interaction`] the size and to notice a data connection that ends
//!   early. Not in ASCII type: there SIZE counts the octets on the wire,
//!   before CR LF becomes LF, and pyftpdlib refuses it;
//! - for a URL without a typecode whose `RETR name` is refused with 550,
//!   `CWD name`, `TYPE A` and `LIST`: the name may be a directory, and is
//!   then listed (libwww's reading; the plan's note says so). When `CWD`
//!   is refused too, the error is the `RETR`'s;
//! - on a kept connection, for a URL of another directory, `CWD entry`
//!   (the directory `PWD` named after the login) before the plan's
//!   `CWD`s; see Connections.
//!
//! # curl's `-I`
//!
//! A plan made with [`uniform::plan::HttpRequest::head_only`] is a
//! [`FtpAction::Head`]: after the `CWD`s, `MDTM name`, `TYPE I`,
//! `SIZE name` and `REST 0`, in curl's order, and no data connection.
//! Each answer becomes one line of the output, as curl 7.88 writes it
//! (CR LF ends):
//!
//! ```text
//! Last-Modified: Tue, 20 Dec 1994 00:00:00 GMT
//! Content-Length: 244
//! Accept-ranges: bytes
//! ```
//!
//! `MDTM`'s `YYYYMMDDHHMMSS[.sss]` becomes an IMF-fixdate, `SIZE`'s
//! number the length, and a 350 to `REST 0` the last line. A refused
//! command, or an answer that does not read as one, leaves its line out,
//! except `SIZE` refused with 550: there is no such file (a directory
//! has no size either), an error with curl's exit status 78
//! (CURLE_REMOTE_FILE_NOT_FOUND); the lines written before it stay
//! written, as curl's do. A directory URL (an empty name) asks nothing
//! after the `CWD`s and writes nothing. The result is
//! [`Fetched::Object`] with the count of octets written.
//!
//! # Safety
//!
//! A `PASV` reply names an address for the data connection; a hostile
//! server can name another host and make the client connect there (port
//! scanning, CVE-2020-8284). This client never connects to an address other
//! than the control connection's peer: a `PASV` address on another host is
//! replaced by the control connection's address, keeping the port, as curl
//! does by default since 7.74.0 (`CURLOPT_FTP_SKIP_PASV_IP`). That also
//! serves servers behind NAT that announce a private address. `EPSV`
//! carries only a port. A passive port below 1024 belongs to another
//! service and is refused ([`uniform::plan::Rule::BadPort`]). In active
//! mode the data connection is accepted only from the control connection's
//! peer.
//!
//! Passwords are sent, never shown: errors quote the line as the plan
//! shows it (`PASS ****`), and a reply that echoes a secret of 3 octets or
//! more has it replaced by `****`.
//!
//! # Limits
//!
//! Replies: a line longer than 64 KiB, or a multi-line reply longer than
//! 256 KiB, is [`AccessErrorKind::TooLong`] (the line layer's limits), so a
//! line that never ends costs no more memory than that. Objects stream
//! to the output in chunks of at most 1 MiB. A name list holds at most
//! [`names::MAX_LISTING_OCTETS`] and [`names::MAX_ENTRIES`] names. Times: the connect
//! limit for the control and data connections, the idle limit for every
//! read and write on either, and the total limit over all of it.
//!
//! # Listings
//!
//! A URL that names a directory comes back as a [`Listing`], read by the
//! plan's command:
//!
//! - an empty name: `LIST`, read in the Unix and MS-DOS forms
//!   ([`crate::ftp_list`]): each entry's kind, a file's size, a link's
//!   target in its detail, and a directory's URL ending in `/` (so that it
//!   fetches as a listing). A line in neither form is kept, its text as the
//!   name, of kind [`EntryKind::Unknown`] and with no URL;
//! - `;type=d`: `NLST`, as RFC 1738 section 3.2.2 says. NLST gives names
//!   only, so every entry's kind is [`EntryKind::Unknown`], it has no size,
//!   and its URL has no trailing `/`.
//!
//! # Connections
//!
//! A URL alone: one control connection, closed after the transfer. When
//! more URLs follow (the plan's [`uniform::plan::HttpRequest::keep_alive`]),
//! the connection is kept in [`crate::Connections`] for the next URL of
//! the same host, port and user (RFC 1738 section 3.2.5 allows it), as
//! curl keeps one, and only after a success: a failure may have left the
//! session in an unknown state, and closes it. Such a connection sends
//! `PWD` after the login and keeps the directory its 257 reply names (the
//! entry directory; RFC 959 quotes it, a `""` inside standing for `"`).
//! The next URL, logged in already:
//!
//! - of the same cwd segments: sends no `CWD` at all;
//! - of others: `CWD entry`, then its own `CWD`s, each reply checked: the
//!   plan's `CWD`s are relative to where the login put the client, which
//!   a new login would put it in too;
//! - of others, the entry directory unknown (`PWD` refused, its reply
//!   unreadable, or naming a CR, LF or NUL, which no line can carry): a
//!   new connection, which logs in again.
//!
//! After the directory fallback's `CWD name` the connection stands in a
//! directory no cwd segments name: it is not kept.
//!
//! A failure in the middle of a transfer closes the control connection
//! without `QUIT`, so that nothing waits on a server that misbehaves.

pub(crate) mod data;
mod head;
pub mod list;
mod names;
mod script;
mod transfer;

use crate::error::{AccessError, AccessErrorKind};
use crate::executor::executor;
use crate::fetched::Fetched;
use crate::interaction::Interaction;
use crate::line::conn::{Limits, LineConn};
use crate::line::error::{LineError, LineErrorKind};
use crate::line::reply::Reply;
use crate::listing::Listing;
use crate::net::{Deadline, Dial};
use crate::options::FetchOptions;
use crate::pool::{FtpKey, FtpState};
use crate::session::Session;
use data::Mode;
use names::{Bases, Form};
use script::{Command, Script};
use std::borrow::Cow;
use std::io::Write;
use std::net::{Shutdown, SocketAddr, TcpListener, TcpStream};
use std::time::Duration;
use transfer::Failure;
use uniform::UrlRef;
use uniform::plan::{FtpAction, FtpCommand, FtpPlan, FtpType, Line, Piece, Rule, Transfer};

/// The longest wait for the answer to `QUIT` once the object is complete:
/// the transfer has succeeded, the goodbye is a courtesy.
const QUIT_WAIT: Duration = Duration::from_secs(5);

/// Secrets shorter than this are not looked for in replies: replacing a
/// one- or two-letter password everywhere would garble every reply.
const MIN_SCRUBBED: usize = 3;

const SCHEME: &str = "ftp";

executor!(
    /// The FTP executor: [`fetch`] on the plan's dialogue.
    Ftp,
    Ftp,
    |job, p, out, ui| fetch(&job.url, p, job.opts, job.session, job.dial, out, ui)
);

pub(crate) fn fetch(
    url: &UrlRef<'_>,
    ftp: &FtpPlan,
    opts: &FetchOptions,
    session: &Session,
    dial: Dial<'_>,
    out: &mut dyn Write,
    ui: &mut dyn Interaction,
) -> Result<Fetched, AccessError> {
    let url = *url;
    let host = url.hostname().unwrap_or_default().to_string();
    let Some(view) = url.ftp() else {
        return Err(AccessError::new(
            AccessErrorKind::Unsupported,
            SCHEME,
            Some(&host),
            "an FTP plan for a URL that is not ftp",
        ));
    };
    let script = script::script(ftp)
        .map_err(|m| AccessError::new(AccessErrorKind::Unsupported, SCHEME, Some(&host), m))?;
    let mut run = Run {
        host,
        server: match url.port_str() {
            Some(p) => format!("{}:{p}", url.host().unwrap_or_default()),
            None => url.host().unwrap_or_default().to_string(),
        },
        user: Some(String::from_utf8_lossy(&ftp.user).into_owned()),
        opts,
        session,
        dial,
        deadline: Deadline::after(session.timeouts.total),
        secrets: script::secrets(ftp),
        ctl: None,
        logged_in: false,
        listing_url: names::without_password(&url),
        listing_base: names::listing_base(&view),
        directory_fallback: matches!(
            ftp.action,
            FtpAction::Retr {
                directory_fallback: true,
                ..
            }
        ),
        refusal: None,
        keep: opts.plan.http.keep_alive,
        reused: false,
        there: false,
        entry: None,
        moved: false,
        sent_type: None,
    };
    // Several URLs of one server and user: one control connection,
    // logged in once, as curl keeps it.
    let key = FtpKey {
        host: script.host.to_string(),
        port: script.port,
        user: ftp.user.clone(),
    };
    if run.keep
        && let Some((conn, state)) = session.connections.take_ftp(&key)
    {
        run.take_up(conn, state, &ftp.cwd, &key);
    }
    let result = run.dialogue(&script, out, ui);
    if result.is_err() {
        run.abandon();
    } else if run.parks()
        && let Some(conn) = run.ctl.take()
    {
        let state = FtpState {
            ty: run.sent_type,
            cwd: ftp.cwd.clone(),
            entry: run.entry.take(),
        };
        session.connections.park_ftp(key, conn, state);
    }
    result
}

/// One access: the dialogue and what it has learnt so far.
struct Run<'o> {
    host: String,
    /// `host:port` as the URL writes it, for the password prompt.
    server: String,
    user: Option<String>,
    opts: &'o FetchOptions,
    session: &'o Session,
    /// How connections are made: the session's, through the route's SOCKS
    /// proxy.
    dial: Dial<'o>,
    deadline: Deadline,
    secrets: Vec<Vec<u8>>,
    /// The control connection.
    ctl: Option<LineConn>,
    /// `USER` was answered 230: the plan's `PASS` is not sent.
    logged_in: bool,
    listing_url: String,
    listing_base: Bases,
    /// The URL has a name and no typecode: a `RETR` refused with 550 may
    /// have named a directory, to be listed instead (see [`Run::enter`]).
    directory_fallback: bool,
    /// The code with which the server refused the data command of the
    /// last [`Run::open_data`], if it did.
    refusal: Option<u16>,
    /// More URLs follow: the control connection is kept, not quit.
    keep: bool,
    /// The control connection was kept from the URL before: logged in,
    /// its entry directory asked already.
    reused: bool,
    /// The kept connection stands in the plan's directory already.
    there: bool,
    /// The directory the login reached, as `PWD` named it.
    entry: Option<Vec<u8>>,
    /// A CWD outside the plan's (the directory fallback) moved it.
    moved: bool,
    /// The type the last `TYPE` set on this control connection: a kept
    /// connection is not sent the same one again (as curl does not).
    sent_type: Option<FtpType>,
}

impl Run<'_> {
    /// The loop: connect, the greeting, then each command of the script,
    /// a line sent and its reply checked.
    fn dialogue(
        &mut self,
        script: &Script<'_>,
        out: &mut dyn Write,
        ui: &mut dyn Interaction,
    ) -> Result<Fetched, AccessError> {
        if !self.reused {
            self.connect(script.host, script.port)?;
            self.greeting(script.greeting)?;
        } else if !self.there {
            self.back_to_entry()?;
        }
        let mut outcome = None;
        // curl's -I: the octets of the head written so far.
        let mut head = 0u64;
        for c in &script.commands {
            let skip = match c.command {
                FtpCommand::User(_) | FtpCommand::Pass(_) | FtpCommand::Pwd => self.reused,
                FtpCommand::Cwd(_) => self.there,
                FtpCommand::Type(t) => self.sent_type == Some(t),
                FtpCommand::Quit => self.parks(),
                _ => false,
            };
            if skip {
                continue;
            }
            match (c.data, c.probe) {
                (Some((t, done)), _) => outcome = Some(self.transfer(c, t, done, out, ui)?),
                (None, Some(probe)) => head += self.probe(c, probe, out)?,
                (None, None) if c.command == FtpCommand::Pwd => self.pwd(c)?,
                (None, None) => self.command(c, ui)?,
            }
        }
        if script.head {
            out.flush().map_err(|e| self.output_error(e))?;
            return Ok(Fetched::Object { bytes: head });
        }
        outcome.ok_or_else(|| self.err(AccessErrorKind::Protocol, "the plan reads nothing"))
    }

    /// One command of curl's `-I`: its answer written as the line of the
    /// head it makes, or left out when refused; `SIZE` refused with 550
    /// is the error curl gives, no such file. The count of octets written.
    fn probe(
        &mut self,
        c: &Command,
        probe: head::Probe,
        out: &mut dyn Write,
    ) -> Result<u64, AccessError> {
        let wire = c.line.wire().ok_or_else(|| {
            self.err(
                AccessErrorKind::Protocol,
                format!("`{}` lacks configuration", c.line),
            )
        })?;
        let shown = format!("`{}`", c.line);
        let reply = self.exchange(&wire, &shown)?;
        if probe == head::Probe::Length && reply.code == 550 {
            let message = format!(
                "{shown} was refused: there is no such file (a directory has no size either)"
            );
            return Err(self
                .refused(&reply, &message, AccessErrorKind::Protocol)
                .with_exit_code(head::REMOTE_FILE_NOT_FOUND));
        }
        let Some(line) = probe.line(&reply) else {
            return Ok(0);
        };
        out.write_all(line.as_bytes())
            .map_err(|e| self.output_error(e))?;
        Ok(line.len() as u64)
    }

    fn output_error(&self, e: std::io::Error) -> AccessError {
        self.err(AccessErrorKind::Io, format!("writing the output: {e}"))
            .with_source(e)
    }

    fn err(&self, kind: AccessErrorKind, message: impl Into<String>) -> AccessError {
        AccessError::new(kind, SCHEME, Some(&self.host), message)
    }

    fn ctl(&mut self) -> Result<&mut LineConn, AccessError> {
        let host = self.host.clone();
        self.ctl.as_mut().ok_or_else(|| {
            AccessError::new(
                AccessErrorKind::Protocol,
                SCHEME,
                Some(&host),
                "a command before the connection",
            )
        })
    }

    /// Takes up `conn`, kept from the URL before, which stands at `state`,
    /// for a URL of the cwd segments `cwd`. In another directory it is of
    /// use only when the entry directory is known, to go back to: else it
    /// is closed (dropped), and the dialogue opens a new one.
    fn take_up(&mut self, mut conn: LineConn, state: FtpState, cwd: &[Vec<u8>], key: &FtpKey) {
        let there = state.cwd == cwd;
        if !there && state.entry.is_none() {
            return;
        }
        conn.renew(&self.session.timeouts, self.deadline, self.session.trace());
        crate::trace::info(
            self.session.trace(),
            &format!(
                "Re-using the connection to {}:{}, logged in{}",
                key.host,
                key.port,
                if there {
                    " and in the directory"
                } else {
                    ": back to the entry directory, then this URL's"
                }
            ),
        );
        self.sent_type = state.ty;
        self.entry = state.entry;
        self.there = there;
        self.ctl = Some(conn);
        self.logged_in = true;
        self.reused = true;
    }

    /// Whether the control connection is kept for the next URL.
    fn parks(&self) -> bool {
        self.keep && !self.moved && self.ctl.is_some()
    }

    /// Closes the control connection at once: after a failure, nothing
    /// should wait on the server.
    fn abandon(&mut self) {
        if let Some(c) = self.ctl.take() {
            let _ = c.socket().shutdown(Shutdown::Both);
        }
    }

    fn connect(&mut self, host: &str, port: u16) -> Result<(), AccessError> {
        let c = LineConn::open(
            SCHEME,
            host,
            port,
            self.dial,
            &self.session.timeouts,
            self.deadline,
            Limits::PROTOCOL,
        )
        .map_err(|e| {
            // Messages name the URL's host, not the address connected to.
            if e.host() == Some(host) && host != self.host {
                AccessError::new(e.kind(), SCHEME, Some(&self.host), e.message())
            } else {
                e
            }
        })?;
        self.ctl = Some(c);
        Ok(())
    }

    /// The greeting: 220, after any number of 120 "ready in a while".
    fn greeting(&mut self, expect: &[u16]) -> Result<(), AccessError> {
        loop {
            let reply = self.reply(None, "the greeting")?;
            if reply.code == 120 {
                continue;
            }
            return self
                .check(&reply, expect, "the greeting", AccessErrorKind::Protocol)
                .map(drop);
        }
    }

    /// A line-layer failure as an access error, a server's line scrubbed
    /// of the plan's secrets.
    fn line_error(&self, e: LineError, doing: &str) -> AccessError {
        let e = match e.kind {
            LineErrorKind::NotAReply(line) => {
                LineError::new(LineErrorKind::NotAReply(self.scrub(&line)), &e.peer)
            }
            _ => e,
        };
        e.access(SCHEME, &self.host, doing)
    }

    /// Sends `wire` on the control connection, its IAC octets doubled.
    fn send(&mut self, wire: &[u8], shown: &str) -> Result<(), AccessError> {
        let r = self.ctl()?.send(&iac_doubled(wire));
        r.map_err(|e| self.line_error(e, &format!("sending {shown}")))
    }

    /// Reads a reply within `limit` (else the idle limit).
    fn reply(&mut self, limit: Option<Duration>, after: &str) -> Result<Reply, AccessError> {
        let r = self.ctl()?.reply_within(limit);
        r.map_err(|e| self.line_error(e, &format!("waiting for the answer to {after}")))
    }

    /// One exchange: `wire` sent, its reply read (whatever its code).
    fn exchange(&mut self, wire: &[u8], shown: &str) -> Result<Reply, AccessError> {
        self.send(wire, shown)?;
        self.reply(None, shown)
    }

    /// `reply` when its code is one of `expect`; else the refusal, of
    /// `kind` (a 530 "not logged in" always [`AccessErrorKind::Auth`]).
    fn check(
        &self,
        reply: &Reply,
        expect: &[u16],
        shown: &str,
        kind: AccessErrorKind,
    ) -> Result<(), AccessError> {
        if reply.is(expect) {
            return Ok(());
        }
        Err(self.refused(reply, &format!("{shown} was refused"), kind))
    }

    fn refused(&self, reply: &Reply, message: &str, kind: AccessErrorKind) -> AccessError {
        let kind = if reply.code == 530 {
            AccessErrorKind::Auth
        } else {
            kind
        };
        self.err(kind, message).with_reply(&self.scrub(&reply.text))
    }

    /// `reply` with every secret of the plan replaced by `****`.
    fn scrub(&self, reply: &[u8]) -> Vec<u8> {
        let mut out = reply.to_vec();
        for s in self.secrets.iter().filter(|s| s.len() >= MIN_SCRUBBED) {
            let mut i = 0;
            while let Some(p) = out[i..].windows(s.len()).position(|w| w == s.as_slice()) {
                out.splice(i + p..i + p + s.len(), b"****".iter().copied());
                i += p + 4;
            }
        }
        out
    }

    /// The octets of `line`, the password asked for when the plan says so.
    fn wire(&mut self, line: &Line, ui: &mut dyn Interaction) -> Result<Vec<u8>, AccessError> {
        if let Some(w) = line.wire() {
            return Ok(w);
        }
        let mut out = Vec::new();
        for piece in line.pieces() {
            match piece {
                Piece::Text(t) | Piece::Secret(t) => out.extend_from_slice(t),
                Piece::Prompted => {
                    let what = format!(
                        "password for {} on ftp://{}",
                        self.user.as_deref().unwrap_or("anonymous"),
                        self.server
                    );
                    let pw = match self.opts.password.clone().or_else(|| ui.password(&what)) {
                        Some(pw) => pw,
                        None => {
                            return Err(self.err(
                                AccessErrorKind::Cancelled,
                                format!(
                                    "no {what} was given (the URL names a user and no password)"
                                ),
                            ));
                        }
                    };
                    if pw.iter().any(|b| matches!(b, b'\r' | b'\n' | 0)) {
                        return Err(self.err(
                            AccessErrorKind::Auth,
                            "the password holds CR, LF or NUL, which cannot go on an FTP command line",
                        ));
                    }
                    out.extend_from_slice(&pw);
                    self.secrets.push(pw);
                }
                _ => {
                    return Err(self.err(
                        AccessErrorKind::Protocol,
                        format!("`{line}` lacks configuration"),
                    ));
                }
            }
        }
        Ok(out)
    }

    /// `PWD` after the login: the entry directory, from its 257 reply.
    /// A refusal leaves it unknown, as a reply that cannot be read does
    /// (curl goes on too): a URL of another directory then logs in anew.
    /// 421 is the server closing the connection, an error as for any
    /// command.
    fn pwd(&mut self, c: &Command) -> Result<(), AccessError> {
        let shown = format!("`{}`", c.line);
        let wire = c.line.wire().ok_or_else(|| {
            self.err(
                AccessErrorKind::Protocol,
                format!("{shown} lacks configuration"),
            )
        })?;
        let reply = self.exchange(&wire, &shown)?;
        if reply.code == 421 {
            return Err(self.refused(
                &reply,
                &format!("{shown} was refused"),
                AccessErrorKind::Protocol,
            ));
        }
        self.entry = if reply.is(c.expect) {
            entry_path(&reply)
        } else {
            None
        };
        Ok(())
    }

    /// `CWD entry` on a kept connection, for a URL of another directory:
    /// the plan's relative `CWD`s then start where a new login would.
    fn back_to_entry(&mut self) -> Result<(), AccessError> {
        let Some(entry) = self.entry.clone() else {
            return Err(self.err(
                AccessErrorKind::Protocol,
                "a kept connection in another directory and no entry directory to go back to",
            ));
        };
        let cwd = FtpCommand::Cwd(entry);
        let line = cwd.line();
        let shown = format!("`{line}` (back to the entry directory)");
        let wire = line.wire().ok_or_else(|| {
            self.err(
                AccessErrorKind::Protocol,
                format!("{shown} lacks configuration"),
            )
        })?;
        let reply = self.exchange(&wire, &shown)?;
        self.check(&reply, cwd.expect(), &shown, AccessErrorKind::Protocol)
    }

    /// A command without data: the line, its reply checked. `PASS` only
    /// when `USER` asked for it; `QUIT` as a courtesy.
    fn command(&mut self, c: &Command, ui: &mut dyn Interaction) -> Result<(), AccessError> {
        let verb = script::verb(&c.command);
        if verb == "PASS" && self.logged_in {
            return Ok(());
        }
        if verb == "QUIT" {
            self.goodbye(&c.line);
            return Ok(());
        }
        let wire = self.wire(&c.line, ui)?;
        let shown = format!("`{}`", c.line);
        let reply = self.exchange(&wire, &shown)?;
        let kind = if matches!(verb, "USER" | "PASS" | "ACCT") {
            AccessErrorKind::Auth
        } else {
            AccessErrorKind::Protocol
        };
        self.check(&reply, c.expect, &shown, kind)?;
        if verb == "USER" && reply.code == 230 {
            self.logged_in = true;
        }
        if let FtpCommand::Type(t) = c.command {
            self.sent_type = Some(t);
        }
        Ok(())
    }

    /// `QUIT` once the object is complete: a goodbye that fails changes
    /// nothing, and is not waited for long.
    fn goodbye(&mut self, line: &Line) {
        let Some(wire) = line.wire() else { return };
        if self.send(&wire, "`QUIT`").is_ok() {
            let _ = self.reply(Some(QUIT_WAIT), "`QUIT`");
        }
    }

    /// A data command: its data connection opened first, the command sent,
    /// the data read, then the reply that ends the transfer.
    fn transfer(
        &mut self,
        c: &Command,
        t: Transfer,
        done: &[u16],
        out: &mut dyn Write,
        ui: &mut dyn Interaction,
    ) -> Result<Fetched, AccessError> {
        if !matches!(
            t,
            Transfer::FtpAscii | Transfer::FtpImage | Transfer::FtpNameList | Transfer::FtpList
        ) {
            return Err(self.err(
                AccessErrorKind::Unsupported,
                format!("the plan reads {} from FTP", t.as_str()),
            ));
        }
        let wire = self.wire(&c.line, ui)?;
        let shown = format!("`{}`", c.line);
        let mut announced = None;
        if t == Transfer::FtpImage
            && let FtpCommand::Retr(name) = &c.command
        {
            announced = self.size(name)?;
            // After REST n (curl's -C), n octets are had: the rest is
            // what comes, and a file had whole needs no RETR (curl's
            // "already completely downloaded").
            let had = self.opts.plan.resume_from.unwrap_or(0);
            if had > 0 && announced == Some(had) {
                return Ok(Fetched::Object { bytes: 0 });
            }
            announced = announced.map(|n| n.saturating_sub(had));
            if let Some(n) = announced {
                ui.size_known(n);
            }
        }
        let (mut stream, t, shown) = match self.open_data(&wire, c.expect, &shown) {
            Ok(stream) => (stream, t, shown),
            Err(e) => match &c.command {
                FtpCommand::Retr(name) if self.directory_fallback && self.refusal == Some(550) => {
                    let stream = self.enter(name, e)?;
                    (stream, Transfer::FtpList, "`LIST`".into())
                }
                _ => return Err(e),
            },
        };
        let timeouts = self.session.timeouts;
        let result = match t {
            Transfer::FtpAscii | Transfer::FtpImage => transfer::copy(
                &mut stream,
                t == Transfer::FtpAscii,
                self.deadline,
                &timeouts,
                out,
                ui,
            )
            .map(|c| {
                (
                    Fetched::Object { bytes: c.written },
                    self.short(announced, c.received),
                )
            }),
            _ => {
                // After the directory fallback, the data is a LIST's.
                let (arg, form) = match &c.command {
                    _ if t == Transfer::FtpList => (None, Form::List),
                    FtpCommand::Nlst(arg) => (arg.clone(), Form::Names),
                    _ => (None, Form::List),
                };
                names::names(
                    &mut stream,
                    form,
                    arg.as_deref(),
                    &self.listing_base,
                    self.deadline,
                    &timeouts,
                )
                .map(|entries| {
                    let mut l = Listing::new(self.listing_url.clone());
                    l.entries = entries;
                    (Fetched::Listing(l), None)
                })
            }
        };
        drop(stream);
        let (fetched, short) = result.map_err(|f| self.failure(f, &shown))?;
        let ending = format!("the transfer of {shown}");
        let reply = self.reply(None, &ending)?;
        // A transfer the server does not report complete (426, 451) is
        // cut short: curl's partial file.
        self.check(&reply, done, &ending, AccessErrorKind::Protocol)
            .map_err(|e| e.with_exit_code(crate::error::PARTIAL))?;
        if let Some(e) = short {
            return Err(e);
        }
        Ok(fetched)
    }

    /// The fallback for a `RETR name` refused with 550 when the URL has no
    /// typecode: the name may be a directory. RFC 1738 section 3.2.3
    /// leaves the reading of a URL without one to the client, and libwww
    /// (HTFTP.c) and the browsers after it read such a name as a directory
    /// when it is not a file. `CWD name` tells: when the server refuses it
    /// too, the `RETR`'s refusal is the answer; else `TYPE A` and `LIST`
    /// list it, as an empty name would. The octets of the name are the
    /// ones the plan checked for `RETR`.
    fn enter(&mut self, name: &[u8], refused: AccessError) -> Result<TcpStream, AccessError> {
        self.moved = true;
        let cwd = [b"CWD ".as_slice(), name].concat();
        let shown = format!("`CWD {}`", String::from_utf8_lossy(name));
        if !self.exchange(&cwd, &shown)?.is(&[250]) {
            return Err(refused);
        }
        self.sent_type = None;
        let reply = self.exchange(b"TYPE A", "`TYPE A`")?;
        self.check(&reply, &[200], "`TYPE A`", AccessErrorKind::Protocol)?;
        self.open_data(b"LIST", &[150, 125], "`LIST`")
    }

    /// An error when fewer octets came than `SIZE` announced.
    fn short(&self, announced: Option<u64>, got: u64) -> Option<AccessError> {
        match announced {
            Some(want) if got < want => Some(self.err(
                AccessErrorKind::Io,
                format!("the data connection closed after {got} of the {want} octets SIZE announced: the object is truncated"),
            ).with_exit_code(crate::error::PARTIAL)),
            _ => None,
        }
    }

    fn failure(&self, f: Failure, shown: &str) -> AccessError {
        match f {
            Failure::Io(e) => AccessError::io(
                SCHEME,
                Some(&self.host),
                &format!("reading the data of {shown}"),
                e,
            ),
            Failure::Output(e) => self.output_error(e),
            Failure::TooLong(what) => self.err(
                AccessErrorKind::TooLong,
                format!("the data of {shown}: {what}"),
            ),
        }
    }

    /// `SIZE name` (RFC 3659), when the server answers it.
    fn size(&mut self, name: &[u8]) -> Result<Option<u64>, AccessError> {
        let line = [b"SIZE ".as_slice(), name].concat();
        let reply = self.exchange(&line, "`SIZE`")?;
        // Not implemented, not allowed, or not a file: RETR will tell.
        if reply.code != 213 {
            return Ok(None);
        }
        Ok(std::str::from_utf8(reply.message())
            .ok()
            .and_then(|n| n.trim().parse().ok()))
    }

    /// Opens a data connection for the data command `wire` and sends it:
    /// `EPSV`, else `PASV`, else `PORT`. A refused set-up command, or a
    /// passive connection that cannot be made, falls back to the next; a
    /// refused data command is the error (its code kept in `refusal`).
    fn open_data(
        &mut self,
        wire: &[u8],
        expect: &[u16],
        shown: &str,
    ) -> Result<TcpStream, AccessError> {
        self.refusal = None;
        for mode in [Mode::Extended, Mode::Passive] {
            if let Some(stream) = self.passive(mode)? {
                self.data_command(wire, expect, shown)?;
                return Ok(stream);
            }
        }
        // The server would connect to us: through a SOCKS proxy's CONNECT
        // there is no way back.
        if self.dial.through_socks() {
            return Err(self.err(
                AccessErrorKind::Connect,
                format!(
                    "no passive data connection for {shown}, and active mode (PORT) cannot work through a SOCKS proxy"
                ),
            ));
        }
        self.active(wire, expect, shown)
    }

    /// Sends the data command and checks its preliminary reply.
    fn data_command(
        &mut self,
        wire: &[u8],
        expect: &[u16],
        shown: &str,
    ) -> Result<(), AccessError> {
        let reply = self.exchange(wire, shown)?;
        if reply.is(expect) {
            return Ok(());
        }
        self.refusal = Some(reply.code);
        Err(self.refused(
            &reply,
            &format!("{shown} was refused"),
            AccessErrorKind::Protocol,
        ))
    }

    /// `EPSV` or `PASV` and the connection to where the reply says: `None`
    /// when the server refuses the command, answers with no address, or
    /// the connection cannot be made.
    fn passive(&mut self, mode: Mode) -> Result<Option<TcpStream>, AccessError> {
        let (cmd, ok) = match mode {
            Mode::Extended => ("EPSV", 229),
            Mode::Passive => ("PASV", 227),
        };
        let shown = format!("`{cmd}`");
        let peer = self.peer()?;
        let reply = self.exchange(cmd.as_bytes(), &shown)?;
        if reply.code != ok {
            return Ok(None);
        }
        let offered = match mode {
            Mode::Extended => data::epsv_port(&reply).map(|p| SocketAddr::new(peer.ip(), p)),
            Mode::Passive => data::pasv_address(&reply),
        };
        let Some(offered) = offered else {
            return Ok(None);
        };
        let to = data::data_address(offered, peer);
        if data::privileged(to.port()) {
            return Err(self
                .err(
                    AccessErrorKind::Refused(Rule::BadPort),
                    format!(
                        "the {cmd} reply names port {}, a well-known port of another service: no data connection is made there",
                        to.port()
                    ),
                )
                .with_reply(&self.scrub(&reply.text)));
        }
        let connect = self.deadline.clamp(self.session.timeouts.connect);
        // Through the route's SOCKS proxy when it has one, to the URL's host on
        // the port the server gave, as curl does.
        match self.dial.connect_to(&self.host, to, connect) {
            Ok(s) => {
                self.data_limits(&s)?;
                Ok(Some(s))
            }
            // An excluded address is not a mode to try the next one for.
            Err(e) if crate::exclude::Excluded::of(&e).is_some() => Err(AccessError::io(
                SCHEME,
                Some(&self.host),
                &format!("opening the data connection of {shown}"),
                e,
            )),
            Err(_) if !self.deadline.passed() => Ok(None),
            Err(e) => Err(AccessError::io(
                SCHEME,
                Some(&self.host),
                &format!("opening the data connection of {shown}"),
                e,
            )),
        }
    }

    /// `PORT` (or `EPRT`), the data command, and the server's connection.
    fn active(
        &mut self,
        wire: &[u8],
        expect: &[u16],
        shown: &str,
    ) -> Result<TcpStream, AccessError> {
        let local = self
            .ctl()?
            .socket()
            .local_addr()
            .map_err(|e| AccessError::io(SCHEME, Some(&self.host), "listening for data", e))?;
        let listener = TcpListener::bind(SocketAddr::new(local.ip(), 0))
            .and_then(|l| l.local_addr().map(|a| (l, a)));
        let (listener, at) = listener
            .map_err(|e| AccessError::io(SCHEME, Some(&self.host), "listening for data", e))?;
        let line = data::port_line(at);
        let cmd = if line.starts_with(b"PORT") {
            "PORT"
        } else {
            "EPRT"
        };
        let reply = self.exchange(&line, &format!("`{cmd}`"))?;
        if reply.code != 200 {
            return Err(self.refused(
                &reply,
                &format!("`{cmd}`, setting up the data connection for {shown} (which was not sent) was refused"),
                AccessErrorKind::Protocol,
            ));
        }
        self.data_command(wire, expect, shown)?;
        let peer = self.peer()?;
        let wait = self.deadline.clamp(self.session.timeouts.connect);
        let s = data::accept_from(&listener, peer.ip(), wait).map_err(|e| {
            AccessError::io(
                SCHEME,
                Some(&self.host),
                &format!("waiting for the data connection of {shown}"),
                e,
            )
        })?;
        self.data_limits(&s)?;
        Ok(s)
    }

    /// The control connection's peer: the only host data comes from.
    fn peer(&mut self) -> Result<SocketAddr, AccessError> {
        let r = self.ctl()?.socket().peer_addr();
        r.map_err(|e| AccessError::io(SCHEME, Some(&self.host), "the control connection", e))
    }

    /// The idle limit (cut to what is left of the total) on a data
    /// connection's reads and writes.
    fn data_limits(&self, s: &TcpStream) -> Result<(), AccessError> {
        let wait = self.deadline.clamp(self.session.timeouts.idle);
        s.set_read_timeout(Some(wait))
            .and_then(|()| s.set_write_timeout(Some(wait)))
            .map_err(|e| AccessError::io(SCHEME, Some(&self.host), "setting the time limit", e))
    }
}

/// The directory a 257 reply names (RFC 959 section 4.1.3, appendix
/// II): the first quoted string of its first line, a `""` inside it one
/// `"`. `None` when there is none, it is empty, or it holds CR, LF or
/// NUL: it came from the server, and no command line can carry those.
fn entry_path(reply: &Reply) -> Option<Vec<u8>> {
    let first = reply.text.split(|&b| b == b'\n').next()?;
    let text = first.get(4..)?;
    let open = text.iter().position(|&b| b == b'"')?;
    let mut path = Vec::new();
    let mut i = open + 1;
    loop {
        match *text.get(i)? {
            b'"' if text.get(i + 1) == Some(&b'"') => {
                path.push(b'"');
                i += 2;
            }
            b'"' => break,
            b => {
                path.push(b);
                i += 1;
            }
        }
    }
    if path.is_empty() || crate::line::write::unsendable(&path).is_some() {
        return None;
    }
    Some(path)
}

/// `wire` with each `FF` octet doubled: on the control connection, a
/// Telnet connection (RFC 959 section 4.1.3), `FF` is IAC, and a data
/// octet `FF` is sent as IAC IAC (RFC 854).
fn iac_doubled(wire: &[u8]) -> Cow<'_, [u8]> {
    if !wire.contains(&0xFF) {
        return Cow::Borrowed(wire);
    }
    let mut out = Vec::with_capacity(wire.len() + 4);
    for &b in wire {
        out.push(b);
        if b == 0xFF {
            out.push(0xFF);
        }
    }
    Cow::Owned(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn reply(text: &[u8]) -> Reply {
        Reply {
            code: 257,
            text: text.to_vec(),
        }
    }

    #[test]
    fn the_entry_path_is_the_quoted_string_with_doubled_quotes_undone() {
        let cases: [(&[u8], Option<&[u8]>); 10] = [
            (b"257 \"/\" is the current directory\r\n", Some(b"/")),
            (
                b"257 \"/home/u\" is current directory.\r\n",
                Some(b"/home/u"),
            ),
            (b"257 \"/a \"\"b\"\"\" here\r\n", Some(b"/a \"b\"")),
            (b"257 \"/x\"\"\"\r\n", Some(b"/x\"")),
            (b"257-\"/m\" first\r\n257 end\r\n", Some(b"/m")),
            (b"257 \"/caf\xE9\"\r\n", Some(b"/caf\xE9")),
            (b"257 no quotes\r\n", None),
            (b"257 \"/unclosed\r\n", None),
            (b"257 \"\"\r\n", None),
            (b"257 \"/a\0b\"\r\n", None),
        ];
        for (text, want) in cases {
            let got = entry_path(&reply(text));
            assert_eq!(got.as_deref(), want, "{}", String::from_utf8_lossy(text));
        }
        // A lone CR inside the quotes, and nothing after the code.
        assert_eq!(entry_path(&reply(b"257 \"/a\rb\"\r\n")), None);
        assert_eq!(entry_path(&reply(b"257")), None);
        assert_eq!(entry_path(&reply(b"")), None);
    }

    #[test]
    fn iac_is_doubled_and_nothing_else_changes() {
        assert_eq!(&*iac_doubled(b"CWD c\xFF"), b"CWD c\xFF\xFF");
        assert!(matches!(iac_doubled(b"CWD c\xE9"), Cow::Borrowed(_)));
    }
}
