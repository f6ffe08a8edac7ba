//! FTP (RFC 959) as RFC 1738 section 3.2 plans it, on suppaftp's blocking
//! client.
//!
//! # What goes on the wire
//!
//! The plan's lines, exactly: `USER`, `PASS` (only when `USER` was answered
//! 331, as the plan notes), one `CWD` per cwd segment (`CWD ` with a null
//! argument for an empty one), `TYPE A` or `TYPE I` (plain `TYPE A`:
//! pyftpdlib refuses `TYPE A N`), `RETR name` or `NLST [name]`, `QUIT`. Each
//! goes through suppaftp as a custom command whose octets are the plan's
//! [`Line::wire`] bytes: the session uses a byte-for-character encoding
//! (ISO 8859-1 both ways), so a path segment that decodes to octets that
//! are not UTF-8 (`%E9`, `%FF`) is sent as those octets, never refused or
//! re-encoded. suppaftp doubles an `FF` octet (Telnet's IAC, RFC 959
//! section 4.1.3 makes the control connection a Telnet connection).
//!
//! Beyond the plan's lines, and only these:
//!
//! - the data connection's set-up: `EPSV` (RFC 2428), else `PASV`, else
//!   `PORT`, falling back when the server refuses the command or the
//!   passive connection cannot be made;
//! - `SIZE name` (RFC 3659) before a `RETR` in image type, to tell the
//!   [`Interaction`] the size and to notice a data connection that ends
//!   early. Not in ASCII type: there SIZE counts the octets on the wire,
//!   before CR LF becomes LF, and pyftpdlib refuses it;
//! - for a URL without a typecode whose `RETR name` is refused with 550,
//!   `CWD name`, `TYPE A` and `LIST`: the name may be a directory, and is
//!   then listed (libwww's reading; the plan's note says so). When `CWD`
//!   is refused too, the error is the `RETR`'s.
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
//! carries only a port. In active mode suppaftp accepts the data connection
//! only from the control connection's peer.
//!
//! Passwords are sent, never shown: errors quote the line as the plan
//! shows it (`PASS ****`), and a reply that echoes a secret of 3 octets or
//! more has it replaced by `****`.
//!
//! # Limits
//!
//! Replies: suppaftp refuses one longer than 256 KiB (lines included), so
//! a line that never ends is [`AccessErrorKind::TooLong`]. Objects stream
//! to the output in chunks of at most 1 MiB. A name list holds at most
//! [`MAX_LISTING_OCTETS`] and [`MAX_ENTRIES`] names. Times: the connect
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
//! One control connection per URL, closed after the transfer. RFC 1738
//! section 3.2.5 allows reusing one for several URLs, but only when they
//! name the same host, port, user and password and (because the plan's
//! `CWD`s are relative) the same directory, and only if an earlier failure
//! did not leave the session in an unknown state. [`crate::fetch`] takes one
//! URL at a time and does not reuse connections.
//!
//! A failure in the middle of a transfer closes the control connection
//! without `QUIT`, so that nothing waits on a server that misbehaves.

mod ascii;
pub mod list;

use crate::error::AccessErrorKind;
use crate::listing::{Entry, EntryKind, Listing};
use crate::net::{self, Deadline, MAX_LINE};
use crate::{AccessError, FetchOptions, Fetched, Interaction, Timeouts};
use std::io::{self, BufReader, Read, Write};
use std::net::{Shutdown, SocketAddr, TcpStream};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;
use suppaftp::{FtpError, FtpStream, Mode, ReplyTooLarge, Status, TransferStream};
use uniform::UrlRef;
use uniform::pct::{EncodeSet, encode};
use uniform::plan::{Endpoint, Line, Piece, Plan, Step, Transfer};
use uniform::schemes::FtpUrl;

/// The most octets a name list (`NLST`) may hold before the access fails
/// with [`AccessErrorKind::TooLong`]: a listing is kept in memory, and a
/// server must not be able to grow it without end.
pub const MAX_LISTING_OCTETS: u64 = 16 * 1024 * 1024;

/// The most entries a name list may hold, for the same reason: short
/// names would otherwise make many small entries out of few octets.
pub const MAX_ENTRIES: usize = 250_000;

/// suppaftp names its plain-TCP stream type only through `FtpStream`.
trait Plain {
    type Tls;
}

impl<T: suppaftp::TlsStream> Plain for suppaftp::ImplFtpStream<T> {
    type Tls = T;
}

/// A data connection of this client.
type Data = TransferStream<<FtpStream as Plain>::Tls>;

/// Octets read from the data connection at a time. A large read lets the
/// client sleep through more of the server's sending, with fewer wake-ups
/// on both sides: over loopback, 1 MiB moved a GiB about an eighth faster
/// than 64 KiB did (scripts/bench-access.sh), for 1 MiB more of memory.
const CHUNK: usize = 1024 * 1024;

/// The longest wait for the answer to `QUIT` once the object is complete:
/// the transfer has succeeded, the goodbye is a courtesy.
const QUIT_WAIT: Duration = Duration::from_secs(5);

/// Secrets shorter than this are not looked for in replies: replacing a
/// one- or two-letter password everywhere would garble every reply.
const MIN_SCRUBBED: usize = 3;

pub(crate) fn fetch(
    v: &FtpUrl<'_>,
    plan: &Plan,
    opts: &FetchOptions,
    out: &mut dyn Write,
    ui: &mut dyn Interaction,
) -> Result<Fetched, AccessError> {
    let url = v.url();
    let mut run = Run {
        host: url.hostname().unwrap_or_default().to_string(),
        server: match url.port_str() {
            Some(p) => format!("{}:{p}", url.host().unwrap_or_default()),
            None => url.host().unwrap_or_default().to_string(),
        },
        user: v.user().map(|u| u.decode_lossy().into_owned()),
        opts,
        deadline: Deadline::after(opts.timeouts.total),
        secrets: plan_secrets(plan),
        session: None,
        logged_in: false,
        listing_url: without_password(&url),
        listing_base: listing_base(v),
        directory_fallback: v.typecode_raw().is_none() && !v.name().as_str().is_empty(),
        refusal: None,
    };
    let result = run.steps(plan, out, ui);
    if result.is_err() {
        run.abandon();
    }
    result
}

/// One access: the plan's walk and what it has learnt so far.
struct Run<'o> {
    host: String,
    /// `host:port` as the URL writes it, for the password prompt.
    server: String,
    user: Option<String>,
    opts: &'o FetchOptions,
    deadline: Deadline,
    secrets: Vec<Vec<u8>>,
    session: Option<Session>,
    /// `USER` was answered 230: the plan's `PASS` is not sent.
    logged_in: bool,
    listing_url: String,
    listing_base: Bases,
    /// The URL has a name and no typecode: a `RETR` refused with 550 may
    /// have named a directory, to be listed instead (see [`Run::enter`]).
    directory_fallback: bool,
    /// The code with which the server refused the data command of the
    /// last [`Run::open_data`], if it did.
    refusal: Option<u32>,
}

struct Session {
    ftp: FtpStream,
    dial: Arc<Dial>,
}

/// What the passive data connection's builder did, so that a failure can
/// be told apart: a refused `EPSV`/`PASV` (fall back), a data connection
/// that could not be made (fall back), or a refused command (fail).
#[derive(Debug, Default)]
struct Dial {
    asked: AtomicBool,
    connected: AtomicBool,
}

impl Run<'_> {
    fn steps(
        &mut self,
        plan: &Plan,
        out: &mut dyn Write,
        ui: &mut dyn Interaction,
    ) -> Result<Fetched, AccessError> {
        let steps = plan.steps();
        let mut outcome = None;
        let mut i = 0;
        while i < steps.len() {
            match &steps[i] {
                Step::Connect(Endpoint::Host { host, port }) => {
                    self.connect(host, *port)?;
                    i += 1;
                    // suppaftp reads the greeting and wants 220, as the plan does.
                    if matches!(steps.get(i), Some(Step::Expect(_))) {
                        i += 1;
                    }
                }
                Step::Send(line) => {
                    let expect: &[u16] = match steps.get(i + 1) {
                        Some(Step::Expect(codes)) => codes,
                        _ => &[],
                    };
                    let used = 1 + usize::from(!expect.is_empty());
                    if let Some(Step::Read(t)) = steps.get(i + used) {
                        outcome = Some(self.transfer(line, expect, *t, out, ui)?);
                        i += used + 1;
                        // The end of the transfer (226 or 250): read by the transfer.
                        if matches!(steps.get(i), Some(Step::Expect(_))) {
                            i += 1;
                        }
                    } else {
                        self.command(line, expect, ui)?;
                        i += used;
                    }
                }
                Step::Note(_) | Step::Advise(_) | Step::Expect(_) | Step::Prompt(_) => i += 1,
                other => {
                    return Err(self.err(
                        AccessErrorKind::Unsupported,
                        format!("the plan has a step FTP cannot run: {other}"),
                    ));
                }
            }
        }
        outcome.ok_or_else(|| self.err(AccessErrorKind::Protocol, "the plan reads nothing"))
    }

    fn err(&self, kind: AccessErrorKind, message: impl Into<String>) -> AccessError {
        AccessError::new(kind, "ftp", Some(&self.host), message)
    }

    fn session(&mut self) -> Result<&mut Session, AccessError> {
        let host = self.host.clone();
        self.session.as_mut().ok_or_else(|| {
            AccessError::new(
                AccessErrorKind::Protocol,
                "ftp",
                Some(&host),
                "a command before the connection",
            )
        })
    }

    /// Closes the control connection at once: after a failure, nothing
    /// (suppaftp's clean-up of a dropped transfer included) should wait on
    /// the server.
    fn abandon(&mut self) {
        if let Some(s) = self.session.take() {
            let _ = s.ftp.get_ref().shutdown(Shutdown::Both);
        }
    }

    fn connect(&mut self, host: &str, port: u16) -> Result<(), AccessError> {
        self.deadline
            .check()
            .map_err(|e| AccessError::io("ftp", Some(&self.host), "connecting", e))?;
        let t = Timeouts {
            connect: self.deadline.clamp(self.opts.timeouts.connect),
            idle: self.deadline.clamp(self.opts.timeouts.idle),
            total: None,
        };
        let tcp = net::connect(host, port, &t).map_err(|e| match e.kind() {
            io::ErrorKind::TimedOut | io::ErrorKind::WouldBlock => AccessError::io(
                "ftp",
                Some(&self.host),
                &format!("connecting to port {port}"),
                e,
            ),
            _ => AccessError::new(
                AccessErrorKind::Connect,
                "ftp",
                Some(&self.host),
                format!("connecting to port {port}: {e}"),
            )
            .with_source(e),
        })?;
        let peer = tcp
            .peer_addr()
            .map_err(|e| AccessError::io("ftp", Some(&self.host), "connecting", e))?;
        let ftp = FtpStream::connect_with_stream(tcp)
            .map_err(|e| self.ftp_error(e, "the greeting", AccessErrorKind::Protocol))?;
        let dial = Arc::new(Dial::default());
        let builder = {
            let dial = Arc::clone(&dial);
            let (deadline, connect, idle) = (
                self.deadline,
                self.opts.timeouts.connect,
                self.opts.timeouts.idle,
            );
            move |offered: SocketAddr| -> suppaftp::FtpResult<TcpStream> {
                dial.asked.store(true, Ordering::SeqCst);
                let to = data_address(offered, peer);
                let s = TcpStream::connect_timeout(&to, deadline.clamp(connect))
                    .map_err(FtpError::ConnectionError)?;
                s.set_read_timeout(Some(deadline.clamp(idle)))
                    .map_err(FtpError::ConnectionError)?;
                s.set_write_timeout(Some(deadline.clamp(idle)))
                    .map_err(FtpError::ConnectionError)?;
                dial.connected.store(true, Ordering::SeqCst);
                Ok(s)
            }
        };
        let mut ftp = ftp.active_mode(t.connect).passive_stream_builder(builder);
        ftp.set_encoding(Octets);
        ftp.set_mode(Mode::ExtendedPassive);
        self.session = Some(Session { ftp, dial });
        Ok(())
    }

    /// Before each command: the total limit, and the idle limit shortened
    /// to what is left of it.
    fn before_reply(&mut self, limit: Option<Duration>) -> Result<(), AccessError> {
        let host = self.host.clone();
        self.deadline
            .check()
            .map_err(|e| AccessError::io("ftp", Some(&host), "waiting for the server", e))?;
        let mut wait = self.deadline.clamp(self.opts.timeouts.idle);
        if let Some(l) = limit {
            wait = wait.min(l);
        }
        let s = self.session()?;
        let sock = s.ftp.get_ref();
        sock.set_read_timeout(Some(wait))
            .and_then(|()| sock.set_write_timeout(Some(wait)))
            .map_err(|e| AccessError::io("ftp", Some(&host), "setting the time limit", e))
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

    fn command(
        &mut self,
        line: &Line,
        expect: &[u16],
        ui: &mut dyn Interaction,
    ) -> Result<(), AccessError> {
        let verb = verb(line);
        if verb == "PASS" && self.logged_in {
            return Ok(());
        }
        if verb == "QUIT" {
            // The object is complete: a goodbye that fails changes nothing.
            if self.before_reply(Some(QUIT_WAIT)).is_ok()
                && let (Ok(wire), Some(s)) = (self.wire(line, ui), self.session.as_mut())
            {
                let _ = s.ftp.custom_command(octets(&wire), &statuses(expect));
            }
            return Ok(());
        }
        let wire = self.wire(line, ui)?;
        self.before_reply(None)?;
        let codes = statuses(expect);
        let result = self.session()?.ftp.custom_command(octets(&wire), &codes);
        match result {
            Ok(reply) => {
                if verb == "USER" && reply.status == Status::LoggedIn {
                    self.logged_in = true;
                }
                Ok(())
            }
            Err(e) => {
                let kind = if matches!(verb.as_str(), "USER" | "PASS" | "ACCT") {
                    AccessErrorKind::Auth
                } else {
                    AccessErrorKind::Protocol
                };
                Err(self.ftp_error(e, &format!("`{line}`"), kind))
            }
        }
    }

    /// An FTP failure as an access error; a refusal is of `refused_kind`
    /// (a 530 "not logged in" always [`AccessErrorKind::Auth`]).
    fn ftp_error(&self, e: FtpError, what: &str, refused_kind: AccessErrorKind) -> AccessError {
        match e {
            FtpError::UnexpectedResponse(reply) => {
                let kind = if reply.status.code() == 530 {
                    AccessErrorKind::Auth
                } else {
                    refused_kind
                };
                self.err(kind, format!("{what} was refused"))
                    .with_reply(&self.scrub(&reply.body))
            }
            FtpError::ConnectionError(io)
                if io.get_ref().is_some_and(|i| i.is::<ReplyTooLarge>()) =>
            {
                self.err(
                    AccessErrorKind::TooLong,
                    format!("the reply to {what} is longer than 256 KiB: it is not FTP"),
                )
            }
            FtpError::ConnectionError(io) => {
                AccessError::io("ftp", Some(&self.host), &format!("after {what}"), io)
            }
            FtpError::BadResponse => self.err(
                AccessErrorKind::Protocol,
                format!("the reply to {what} is not an FTP reply"),
            ),
            other => self.err(AccessErrorKind::Protocol, format!("{what}: {other}")),
        }
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

    fn transfer(
        &mut self,
        line: &Line,
        expect: &[u16],
        t: Transfer,
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
        let wire = self.wire(line, ui)?;
        let shown = format!("`{line}`");
        let mut announced = None;
        if t == Transfer::FtpImage
            && let Some(name) = wire.strip_prefix(b"RETR ")
        {
            announced = self.size(name)?;
            if let Some(n) = announced {
                ui.size_known(n);
            }
        }
        let (mut stream, t, wire, shown) = match self.open_data(&wire, expect, &shown) {
            Ok(stream) => (stream, t, wire, shown),
            Err(e) => match wire.strip_prefix(b"RETR ") {
                Some(name) if self.directory_fallback && self.refusal == Some(550) => {
                    let stream = self.enter(name, e)?;
                    (stream, Transfer::FtpList, b"LIST".to_vec(), "`LIST`".into())
                }
                _ => return Err(e),
            },
        };
        let result = match t {
            Transfer::FtpAscii | Transfer::FtpImage => copy(
                &mut stream,
                t == Transfer::FtpAscii,
                self.deadline,
                self.opts.timeouts.idle,
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
                let arg = wire.strip_prefix(b"NLST ").map(<[u8]>::to_vec);
                let form = if wire.starts_with(b"LIST") {
                    Form::List
                } else {
                    Form::Names
                };
                names(
                    &mut stream,
                    form,
                    arg.as_deref(),
                    &self.listing_base,
                    self.deadline,
                    self.opts.timeouts.idle,
                )
                .map(|entries| {
                    let mut l = Listing::new(self.listing_url.clone());
                    l.entries = entries;
                    (Fetched::Listing(l), None)
                })
            }
        };
        let (fetched, short) = match result {
            Ok(r) => r,
            Err(f) => {
                // Close the control connection first, so that suppaftp's
                // clean-up of the dropped stream does not wait for a reply.
                self.abandon();
                drop(stream);
                return Err(self.failure(f, &shown));
            }
        };
        self.before_reply(None)?;
        stream.finish().map_err(|e| {
            self.ftp_error(
                e,
                &format!("the transfer of {shown}"),
                AccessErrorKind::Protocol,
            )
        })?;
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
    fn enter(&mut self, name: &[u8], refused: AccessError) -> Result<Data, AccessError> {
        let cwd = [b"CWD ".as_slice(), name].concat();
        self.before_reply(None)?;
        match self
            .session()?
            .ftp
            .custom_command(octets(&cwd), &statuses(&[250]))
        {
            Ok(_) => {}
            Err(FtpError::UnexpectedResponse(_)) => return Err(refused),
            Err(e) => {
                let shown = format!("`CWD {}`", String::from_utf8_lossy(name));
                return Err(self.ftp_error(e, &shown, AccessErrorKind::Protocol));
            }
        }
        self.before_reply(None)?;
        if let Err(e) = self
            .session()?
            .ftp
            .custom_command("TYPE A", &statuses(&[200]))
        {
            return Err(self.ftp_error(e, "`TYPE A`", AccessErrorKind::Protocol));
        }
        self.open_data(b"LIST", &[150, 125], "`LIST`")
    }

    /// An error when fewer octets came than `SIZE` announced.
    fn short(&self, announced: Option<u64>, got: u64) -> Option<AccessError> {
        match announced {
            Some(want) if got < want => Some(self.err(
                AccessErrorKind::Io,
                format!("the data connection closed after {got} of the {want} octets SIZE announced: the object is truncated"),
            )),
            _ => None,
        }
    }

    fn failure(&self, f: Failure, shown: &str) -> AccessError {
        match f {
            Failure::Io(e) => AccessError::io(
                "ftp",
                Some(&self.host),
                &format!("reading the data of {shown}"),
                e,
            ),
            Failure::Output(e) => AccessError::new(
                AccessErrorKind::Io,
                "ftp",
                Some(&self.host),
                format!("writing the output: {e}"),
            )
            .with_source(e),
            Failure::TooLong(what) => self.err(
                AccessErrorKind::TooLong,
                format!("the data of {shown}: {what}"),
            ),
        }
    }

    /// `SIZE name`, when the server answers it.
    fn size(&mut self, name: &[u8]) -> Result<Option<u64>, AccessError> {
        self.before_reply(None)?;
        match self.session()?.ftp.size(octets(name)) {
            Ok(n) => Ok(u64::try_from(n).ok()),
            // Not implemented, not allowed, or not a file: RETR will tell.
            Err(FtpError::UnexpectedResponse(_) | FtpError::BadResponse) => Ok(None),
            Err(e) => Err(self.ftp_error(e, "`SIZE`", AccessErrorKind::Protocol)),
        }
    }

    /// Sends the data command over a new data connection: EPSV, else PASV,
    /// else PORT.
    fn open_data(&mut self, wire: &[u8], expect: &[u16], shown: &str) -> Result<Data, AccessError> {
        // Set again below only when the server refuses this command.
        self.refusal = None;
        let codes = statuses(expect);
        let mut modes = [Mode::ExtendedPassive, Mode::Passive, Mode::Active]
            .into_iter()
            .peekable();
        while let Some(mode) = modes.next() {
            self.before_reply(None)?;
            let s = self.session()?;
            s.ftp.set_mode(mode);
            s.dial.asked.store(false, Ordering::SeqCst);
            s.dial.connected.store(false, Ordering::SeqCst);
            let e = match s.ftp.custom_data_command(octets(wire), &codes) {
                Ok((_, stream)) => {
                    let sock = stream.get_ref().get_ref();
                    let wait = self.deadline.clamp(self.opts.timeouts.idle);
                    sock.set_read_timeout(Some(wait))
                        .and_then(|()| sock.set_write_timeout(Some(wait)))
                        .map_err(|e| {
                            AccessError::io("ftp", Some(&self.host), "setting the time limit", e)
                        })?;
                    return Ok(stream);
                }
                Err(e) => e,
            };
            let asked = s.dial.asked.load(Ordering::SeqCst);
            let connected = s.dial.connected.load(Ordering::SeqCst);
            let set_up_failed = match &e {
                // EPSV or PASV refused, or answered with no address.
                FtpError::UnexpectedResponse(_) | FtpError::BadResponse => {
                    mode != Mode::Active && !asked
                }
                // The passive data connection could not be made.
                FtpError::ConnectionError(_) => asked && !connected,
                _ => false,
            };
            if !set_up_failed || modes.peek().is_none() || self.deadline.passed() {
                self.refusal = match &e {
                    FtpError::UnexpectedResponse(r) if !set_up_failed => Some(r.status.code()),
                    _ => None,
                };
                let set_up = match (&e, mode) {
                    (FtpError::UnexpectedResponse(_) | FtpError::BadResponse, _)
                        if set_up_failed =>
                    {
                        Some(if mode == Mode::Passive {
                            "PASV"
                        } else {
                            "EPSV"
                        })
                    }
                    // suppaftp sends PORT and the command on one call. RFC
                    // 959 section 5.4 lets PORT fail only with 500, 501,
                    // 421 or 530; a data command's own refusals (425, 450,
                    // 550 ...) are not among them.
                    (FtpError::UnexpectedResponse(r), Mode::Active)
                        if matches!(r.status.code(), 500 | 501 | 421 | 530) =>
                    {
                        Some("PORT")
                    }
                    _ => None,
                };
                let what = match set_up {
                    Some(cmd) => format!(
                        "`{cmd}`, setting up the data connection for {shown} (which was not sent)"
                    ),
                    None => shown.to_string(),
                };
                return Err(self.ftp_error(e, &what, AccessErrorKind::Protocol));
            }
        }
        Err(self.err(
            AccessErrorKind::Protocol,
            format!("no data connection for {shown}"),
        ))
    }
}

/// Why reading the data connection stopped.
enum Failure {
    Io(io::Error),
    Output(io::Error),
    TooLong(String),
}

/// What a transfer moved: octets received and octets written (fewer in
/// ASCII type, where CR LF became LF).
struct Copied {
    received: u64,
    written: u64,
}

/// Reads the data connection, each read within the idle limit shortened
/// to what is left of the total.
struct DataReader<'a> {
    stream: &'a mut Data,
    deadline: Deadline,
    idle: Duration,
    received: u64,
}

impl Read for DataReader<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        self.deadline.check()?;
        // The socket already has the idle limit (open_data set it): only a
        // limit cut short by the total needs a system call before a read.
        let wait = self.deadline.clamp(self.idle);
        if wait < self.idle {
            self.stream
                .get_ref()
                .get_ref()
                .set_read_timeout(Some(wait))?;
        }
        let n = self.stream.read(buf)?;
        self.received += n as u64;
        Ok(n)
    }
}

fn copy(
    stream: &mut Data,
    ascii: bool,
    deadline: Deadline,
    idle: Duration,
    out: &mut dyn Write,
    ui: &mut dyn Interaction,
) -> Result<Copied, Failure> {
    let mut r = DataReader {
        stream,
        deadline,
        idle,
        received: 0,
    };
    let mut buf = vec![0u8; CHUNK];
    let mut text = if ascii {
        Some((ascii::CrLfToLf::default(), Vec::with_capacity(CHUNK + 1)))
    } else {
        None
    };
    let mut written = 0u64;
    loop {
        let n = match r.read(&mut buf) {
            Ok(0) => break,
            Ok(n) => n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(Failure::Io(e)),
        };
        let chunk: &[u8] = match &mut text {
            Some((conv, local)) => {
                local.clear();
                conv.feed(&buf[..n], local);
                local
            }
            None => &buf[..n],
        };
        out.write_all(chunk).map_err(Failure::Output)?;
        written += chunk.len() as u64;
        ui.progress(written);
    }
    if let Some((conv, local)) = &mut text {
        local.clear();
        conv.finish(local);
        out.write_all(local).map_err(Failure::Output)?;
        written += local.len() as u64;
    }
    out.flush().map_err(Failure::Output)?;
    Ok(Copied {
        received: r.received,
        written,
    })
}

/// What a listing's lines are.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Form {
    /// NLST: one name a line.
    Names,
    /// LIST: the server's own form, Unix or MS-DOS as a rule.
    List,
}

/// Reads a name list (NLST) or a LIST reply, one entry a line. A server
/// may repeat NLST's argument in front of each name (vsftpd answers `NLST
/// pub` with `pub/a`; pyftpdlib with `a`): that prefix is taken off, so
/// each name is one entry of the directory.
fn names(
    stream: &mut Data,
    form: Form,
    arg: Option<&[u8]>,
    base: &Bases,
    deadline: Deadline,
    idle: Duration,
) -> Result<Vec<Entry>, Failure> {
    let mut r = BufReader::with_capacity(
        CHUNK,
        DataReader {
            stream,
            deadline,
            idle,
            received: 0,
        },
    );
    let mut entries = Vec::new();
    let mut line = Vec::new();
    let mut total = 0u64;
    loop {
        let n = match net::read_line(&mut r, &mut line, MAX_LINE) {
            Ok(0) => break,
            Ok(n) => n,
            Err(e) if e.kind() == io::ErrorKind::InvalidData => {
                return Err(Failure::TooLong(format!(
                    "a name longer than {MAX_LINE} octets"
                )));
            }
            Err(e) => return Err(Failure::Io(e)),
        };
        total += n as u64;
        if total > MAX_LISTING_OCTETS {
            return Err(Failure::TooLong(format!(
                "a name list longer than {MAX_LISTING_OCTETS} octets"
            )));
        }
        let line = net::trim_eol(&line);
        let entry = match form {
            Form::Names => name_entry(line, arg, base),
            Form::List => list_entry(line, base),
        };
        if let Some(e) = entry {
            if entries.len() == MAX_ENTRIES {
                return Err(Failure::TooLong(format!(
                    "a name list of more than {MAX_ENTRIES} names"
                )));
            }
            entries.push(e);
        }
    }
    Ok(entries)
}

/// The entry of one LIST line, its URL in the directory listed. A line in
/// no form [`list::parse_list_line`] reads is kept as it is, of kind
/// [`EntryKind::Unknown`] and without a URL (its name is not known), except
/// the `total N` line of `ls -l`, which names nothing.
fn list_entry(line: &[u8], base: &Bases) -> Option<Entry> {
    // A line that is not UTF-8 is read one character per octet, so that
    // the name's own octets (`caf\xE9`) go into the URL, %-encoded.
    let text = match std::str::from_utf8(line) {
        Ok(t) => t.to_string(),
        Err(_) => octets(line),
    };
    if text.trim().is_empty() || is_total(&text) {
        return None;
    }
    let back = |s: &str| -> Vec<u8> {
        if text.len() == line.len() {
            s.as_bytes().to_vec()
        } else {
            s.chars()
                .map(|c| u8::try_from(u32::from(c)).unwrap_or(b'?'))
                .collect()
        }
    };
    match list::parse_list_line(&text) {
        Some(e) if e.name == "." || e.name == ".." => None,
        Some(mut e) => {
            let name = back(&e.name);
            e.name = String::from_utf8_lossy(&name).into_owned();
            e.detail = e
                .detail
                .map(|d| String::from_utf8_lossy(&back(&d)).into_owned());
            let url = list::join(&base.listed, &name, e.kind);
            Some(e.url(url))
        }
        None => Some(Entry::new(
            String::from_utf8_lossy(line),
            EntryKind::Unknown,
        )),
    }
}

/// `ls -l`'s first line, `total 12`: a block count, not an entry.
fn is_total(text: &str) -> bool {
    text.strip_prefix("total ")
        .is_some_and(|n| !n.is_empty() && n.trim().bytes().all(|b| b.is_ascii_digit()))
}

/// The entry of one NLST line. NLST says nothing of kinds, so the kind
/// is [`EntryKind::Unknown`] and the URL has no trailing `/`.
fn name_entry(line: &[u8], arg: Option<&[u8]>, base: &Bases) -> Option<Entry> {
    let arg = arg.filter(|a| !a.is_empty());
    if line.is_empty() || line == b"." || line == b".." {
        return None;
    }
    // NLST of a file answers that file's name: it is in the CWDs'
    // directory, not in a directory of its own name.
    if arg == Some(line) {
        return Some(name_in(line, &base.cwd));
    }
    let mut name = line;
    if let Some(a) = arg {
        let a = a.strip_suffix(b"/").unwrap_or(a);
        if let Some(rest) = name.strip_prefix(a).and_then(|r| r.strip_prefix(b"/")) {
            name = rest;
        }
    }
    if name.is_empty() || name == b"." || name == b".." {
        return None;
    }
    Some(name_in(name, &base.listed))
}

/// The entry `name` of the directory whose URL is `dir` (ending in `/`).
/// A name with `/` in it names something further down: one URL segment
/// per path segment, so that the URL's CWDs follow the path.
fn name_in(name: &[u8], dir: &str) -> Entry {
    let mut url = String::from(dir);
    for (i, seg) in name.split(|&b| b == b'/').enumerate() {
        if i > 0 {
            url.push('/');
        }
        url.push_str(&encode(seg, &EncodeSet::FTP_SEGMENT));
    }
    Entry::new(String::from_utf8_lossy(name), EntryKind::Unknown).url(url)
}

/// Where to open a passive data connection the server `offered`: never
/// another host than the control connection's `peer` (CVE-2020-8284).
pub(crate) fn data_address(offered: SocketAddr, peer: SocketAddr) -> SocketAddr {
    if offered.ip().to_canonical() == peer.ip().to_canonical() {
        offered
    } else {
        SocketAddr::new(peer.ip(), offered.port())
    }
}

/// The command word of a plan line.
fn verb(line: &Line) -> String {
    match line.pieces().first() {
        Some(Piece::Text(t)) => {
            let word = t.split(|&b| b == b' ').next().unwrap_or_default();
            String::from_utf8_lossy(word).to_ascii_uppercase()
        }
        _ => String::new(),
    }
}

fn statuses(codes: &[u16]) -> Vec<Status> {
    codes.iter().map(|&c| Status::from(u32::from(c))).collect()
}

/// The secrets of the plan's lines, to keep out of error messages.
fn plan_secrets(plan: &Plan) -> Vec<Vec<u8>> {
    let mut out = Vec::new();
    for step in plan.steps() {
        if let Step::Send(line) = step {
            for p in line.pieces() {
                if let Piece::Secret(s) = p {
                    out.push(s.clone());
                }
            }
        }
    }
    out
}

/// Octets as the characters of the same code points: what the
/// [`Octets`] encoding turns back into the same octets.
fn octets(bytes: &[u8]) -> String {
    bytes.iter().map(|&b| char::from(b)).collect()
}

/// ISO 8859-1 both ways: each octet is the character of the same code
/// point, so any octets go through suppaftp's `&str` API unchanged.
#[derive(Debug)]
struct Octets;

impl suppaftp::Encoding for Octets {
    fn decode(&self, bytes: &[u8]) -> String {
        octets(bytes)
    }

    fn encode(&self, text: &str) -> io::Result<Vec<u8>> {
        text.chars()
            .map(|c| {
                u8::try_from(u32::from(c)).map_err(|_| {
                    io::Error::new(
                        io::ErrorKind::InvalidInput,
                        "a character above U+00FF is not an octet",
                    )
                })
            })
            .collect()
    }
}

/// `user@host:port` of `url`: its authority without the password.
fn authority_without_password(url: &UrlRef<'_>) -> String {
    let auth = url.authority().unwrap_or_default();
    match (url.password(), auth.rfind('@')) {
        (Some(_), Some(at)) => {
            let user = auth[..at].split(':').next().unwrap_or_default();
            format!("{user}@{}", &auth[at + 1..])
        }
        _ => auth.to_string(),
    }
}

/// The URL as given, without its password and fragment: what a listing
/// says it lists (listings go to `--json` output, passwords never do).
fn without_password(url: &UrlRef<'_>) -> String {
    let s = url.without_fragment();
    let auth = url.authority().unwrap_or_default();
    let start = url.scheme().len() + 3;
    match s.get(start..).filter(|rest| rest.starts_with(auth)) {
        Some(rest) => format!(
            "{}{}{}",
            &s[..start],
            authority_without_password(url),
            &rest[auth.len()..]
        ),
        None => s.to_string(),
    }
}

/// Where the URLs of a name list's entries start.
#[derive(Debug, PartialEq, Eq)]
struct Bases {
    /// The directory the plan's CWDs reach, ending in `/`.
    cwd: String,
    /// The directory listed, ending in `/`: `cwd`, then the name when
    /// `NLST` has one (`ftp://h/pub;type=d` lists `ftp://h/pub/`).
    listed: String,
}

/// The directory URLs of `v`'s listing, with its user and without its
/// password.
fn listing_base(v: &FtpUrl<'_>) -> Bases {
    let mut cwd = format!("ftp://{}/", authority_without_password(&v.url()));
    for seg in v.cwd() {
        cwd.push_str(seg.as_str());
        cwd.push('/');
    }
    let mut listed = cwd.clone();
    let name = v.name();
    if !name.as_str().is_empty() {
        listed.push_str(name.as_str());
        listed.push('/');
    }
    Bases { cwd, listed }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};

    fn sa(ip: IpAddr, port: u16) -> SocketAddr {
        SocketAddr::new(ip, port)
    }

    #[test]
    fn a_pasv_address_on_another_host_becomes_the_control_peer() {
        let peer = sa(IpAddr::V4(Ipv4Addr::new(192, 0, 2, 1)), 21);
        let hostile = sa(IpAddr::V4(Ipv4Addr::new(10, 0, 0, 7)), 22);
        assert_eq!(data_address(hostile, peer), sa(peer.ip(), 22));
        let same = sa(peer.ip(), 30000);
        assert_eq!(data_address(same, peer), same);
    }

    #[test]
    fn an_ipv4_mapped_peer_is_the_same_host() {
        let peer = sa(IpAddr::V6(Ipv4Addr::new(192, 0, 2, 1).to_ipv6_mapped()), 21);
        let offered = sa(IpAddr::V4(Ipv4Addr::new(192, 0, 2, 1)), 30001);
        assert_eq!(data_address(offered, peer), offered);
        let v6 = sa(IpAddr::V6(Ipv6Addr::LOCALHOST), 21);
        assert_eq!(data_address(offered, v6), sa(v6.ip(), 30001));
    }

    #[test]
    fn octets_go_through_suppaftp_strings_unchanged() {
        use suppaftp::Encoding;
        let all: Vec<u8> = (0..=255).collect();
        assert_eq!(Octets.encode(&octets(&all)).unwrap(), all);
        assert_eq!(Octets.decode(&all), octets(&all));
        assert!(Octets.encode("\u{100}").is_err());
    }

    #[test]
    fn nlst_names_lose_the_argument_prefix_and_get_encoded() {
        let root = Bases {
            cwd: "ftp://h/".into(),
            listed: "ftp://h/pub/".into(),
        };
        let base = &root;
        let e = name_entry(b"pub/space and;semicolon.txt", Some(b"pub"), base).unwrap();
        assert_eq!(e.name, "space and;semicolon.txt");
        assert_eq!(
            e.url.as_deref(),
            Some("ftp://h/pub/space%20and%3Bsemicolon.txt")
        );
        let e = name_entry(b"a", Some(b"pub"), base).unwrap();
        assert_eq!(e.url.as_deref(), Some("ftp://h/pub/a"));
        let e = name_entry(b"x/y", None, base).unwrap();
        assert_eq!(e.url.as_deref(), Some("ftp://h/pub/x/y"));
        assert!(name_entry(b"..", None, base).is_none());
        assert!(name_entry(b"", None, base).is_none());
        // NLST of a file gives the file, in the directory of the CWDs.
        let e = name_entry(b"pub", Some(b"pub"), base).unwrap();
        assert_eq!(e.url.as_deref(), Some("ftp://h/pub"));
        let e = name_entry(b"caf\xE9", None, base).unwrap();
        assert_eq!(
            (e.name.as_str(), e.url.as_deref()),
            ("caf\u{FFFD}", Some("ftp://h/pub/caf%E9"))
        );
    }

    #[test]
    fn listing_urls_carry_the_user_and_never_the_password() {
        let url = UrlRef::parse("ftp://u:secret@h:2121/pub/a;type=d#x").unwrap();
        assert_eq!(without_password(&url), "ftp://u@h:2121/pub/a;type=d");
        let b = listing_base(&url.ftp().unwrap());
        assert_eq!(
            (b.cwd.as_str(), b.listed.as_str()),
            ("ftp://u@h:2121/pub/", "ftp://u@h:2121/pub/a/")
        );
        let url = UrlRef::parse("ftp://h").unwrap();
        assert_eq!(listing_base(&url.ftp().unwrap()).listed, "ftp://h/");
        assert_eq!(without_password(&url), "ftp://h");
        let url = UrlRef::parse("ftp://h/pub/").unwrap();
        assert_eq!(listing_base(&url.ftp().unwrap()).listed, "ftp://h/pub/");
    }

    #[test]
    fn the_verb_is_the_first_word() {
        assert_eq!(verb(&Line::text("PASS ").secret(b"x")), "PASS");
        assert_eq!(verb(&Line::text("CWD ")), "CWD");
        assert_eq!(verb(&Line::text("QUIT")), "QUIT");
    }
}
