//! Telnet sessions (RFC 1738 section 3.8, RFC 854), written here.
//!
//! "Clients accessing a telnet URL merely advise the user of the suggested
//! username and password": both are shown through
//! [`Interaction::advise`] before connecting, and never sent.
//!
//! When standard input and output are a terminal, the session is
//! interactive: the terminal goes into raw mode, every key goes to the
//! server as typed, and **Ctrl-]** (0x1D, as in BSD telnet) ends the
//! session. Typed octets are echoed locally only while the server has not
//! agreed to echo. Otherwise the session reads its input from standard
//! input as it comes (scripted use: no escape key, every octet is data),
//! writes the server's output with local line ends, and ends when the
//! server closes, or once the input has ended and the server has been
//! silent for the idle limit.
//!
//! `rlogin` (RFC 1282) is refused: its handshake sends the local user name
//! for `.rhosts` trust and servers accept it only from a privileged source
//! port, which an unprivileged client does not have. `tn3270` is refused:
//! a 3270 data stream needs a 3270 terminal emulator.
//!
//! The protocol core is [`TelnetSession::run`], over any reader and
//! writer for the user's side.

mod protocol;
mod terminal;

use crate::error::{AccessError, AccessErrorKind};
use crate::executor::{Executed, Executor, Job, executor};
use crate::fetched::Fetched;
use crate::interaction::Interaction;
use crate::line::conn::connect_error;
use crate::net::Dial;
use crate::options::FetchOptions;
use crate::session::Session;
use protocol::{Decoder, Encoder, LocalEol};
use std::io::{self, IsTerminal, Read, Write};
use std::net::{Shutdown, TcpStream};
use std::sync::atomic::{AtomicBool, AtomicU8, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use uniform::UrlRef;
use uniform::plan::{Endpoint, TelnetPlan};

/// The escape key of interactive sessions: Ctrl-] (0x1D), as in BSD
/// telnet.
///
/// # Example
///
/// ```
/// use uniform_access::ESCAPE_KEY;
/// assert_eq!(ESCAPE_KEY, b']' & 0x1f);
/// ```
pub const ESCAPE_KEY: u8 = 0x1d;

/// How often the session looks at the user's side while the server is
/// silent.
const TICK: Duration = Duration::from_millis(100);

/// How a session ended.
///
/// # Example
///
/// ```
/// use uniform_access::SessionEnd;
/// assert_ne!(SessionEnd::Closed, SessionEnd::Escaped);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum SessionEnd {
    /// The server closed the connection.
    Closed,
    /// The user pressed the escape key.
    Escaped,
    /// The user's input ended and the server then stayed silent for the
    /// linger time.
    InputEnded,
}

/// A telnet conversation between a server connection and the user's side
/// (any reader and writer): RFC 854's option negotiation and IAC escaping,
/// with no terminal needed.
///
/// # Example
///
/// ```
/// use std::io::Write;
/// use std::net::{TcpListener, TcpStream};
/// use uniform_access::{SessionEnd, TelnetSession};
///
/// // A server that asks to echo, says hello with an IAC-escaped 0xFF, and closes.
/// let listener = TcpListener::bind("127.0.0.1:0")?;
/// let addr = listener.local_addr()?;
/// std::thread::spawn(move || {
///     let (mut s, _) = listener.accept().unwrap();
///     s.write_all(b"\xff\xfb\x01hello \xff\xff\r\n").unwrap();
/// });
/// let conn = TcpStream::connect(addr)?;
/// let mut out = Vec::new();
/// let end = TelnetSession::new().run(conn, std::io::empty(), &mut out)?;
/// assert_eq!(end, SessionEnd::Closed);
/// assert_eq!(out, b"hello \xff\n");
/// # Ok::<_, std::io::Error>(())
/// ```
#[derive(Clone, Debug)]
pub struct TelnetSession {
    escape: Option<u8>,
    local_line_ends: bool,
    linger: Duration,
    limit: Option<Duration>,
    /// Echo typed octets to standard output while the server does not:
    /// for the interactive terminal only.
    echo_to_stdout: bool,
}

impl Default for TelnetSession {
    fn default() -> TelnetSession {
        TelnetSession::new()
    }
}

impl TelnetSession {
    /// A session with no escape key, local line ends, and 60 s of linger
    /// once the input ends.
    ///
    /// # Example
    ///
    /// ```
    /// use std::io::{Read, Write};
    /// use std::net::{TcpListener, TcpStream};
    /// use uniform_access::{SessionEnd, TelnetSession};
    ///
    /// // A server that reads one line and closes.
    /// let listener = TcpListener::bind("127.0.0.1:0")?;
    /// let addr = listener.local_addr()?;
    /// let server = std::thread::spawn(move || {
    ///     let (mut s, _) = listener.accept().unwrap();
    ///     let mut line = [0u8; 4];
    ///     s.read_exact(&mut line).unwrap();
    ///     line
    /// });
    /// let mut out = Vec::new();
    /// let end = TelnetSession::new().run(TcpStream::connect(addr)?, &b"ls\n"[..], &mut out)?;
    /// assert_eq!(end, SessionEnd::Closed);
    /// // The user's LF went out as the NVT's CR LF.
    /// assert_eq!(&server.join().unwrap(), b"ls\r\n");
    /// # Ok::<_, std::io::Error>(())
    /// ```
    pub fn new() -> TelnetSession {
        TelnetSession {
            escape: None,
            local_line_ends: true,
            linger: Duration::from_secs(60),
            limit: None,
            echo_to_stdout: false,
        }
    }

    /// The key that ends the session (e.g. [`ESCAPE_KEY`]); `None` to send
    /// every octet.
    ///
    /// # Example
    ///
    /// ```
    /// use std::net::{TcpListener, TcpStream};
    /// use uniform_access::{ESCAPE_KEY, SessionEnd, TelnetSession};
    ///
    /// // A server that never says anything.
    /// let listener = TcpListener::bind("127.0.0.1:0")?;
    /// let conn = TcpStream::connect(listener.local_addr()?)?;
    /// let keys = vec![b'x', ESCAPE_KEY];
    /// let end = TelnetSession::new().escape(Some(ESCAPE_KEY)).run(conn, std::io::Cursor::new(keys), &mut Vec::new())?;
    /// assert_eq!(end, SessionEnd::Escaped);
    /// # Ok::<_, std::io::Error>(())
    /// ```
    pub fn escape(mut self, key: Option<u8>) -> TelnetSession {
        self.escape = key;
        self
    }

    /// Whether the server's CR LF is written as the local line end (for a
    /// file or pipe), or as it is (for a terminal in raw mode).
    ///
    /// # Example
    ///
    /// ```
    /// use std::io::Write;
    /// use std::net::{TcpListener, TcpStream};
    /// use uniform_access::TelnetSession;
    ///
    /// let listener = TcpListener::bind("127.0.0.1:0")?;
    /// let addr = listener.local_addr()?;
    /// std::thread::spawn(move || listener.accept().unwrap().0.write_all(b"a\r\nb\r\n").unwrap());
    /// let mut out = Vec::new();
    /// TelnetSession::new().local_line_ends(false).run(TcpStream::connect(addr)?, std::io::empty(), &mut out)?;
    /// assert_eq!(out, b"a\r\nb\r\n");
    /// # Ok::<_, std::io::Error>(())
    /// ```
    pub fn local_line_ends(mut self, local: bool) -> TelnetSession {
        self.local_line_ends = local;
        self
    }

    /// How long to wait for the server once the user's input has ended.
    ///
    /// # Example
    ///
    /// ```
    /// use std::net::{TcpListener, TcpStream};
    /// use std::time::Duration;
    /// use uniform_access::{SessionEnd, TelnetSession};
    ///
    /// // A server that stays silent and open.
    /// let listener = TcpListener::bind("127.0.0.1:0")?;
    /// let conn = TcpStream::connect(listener.local_addr()?)?;
    /// let s = TelnetSession::new().linger(Duration::from_millis(100));
    /// assert_eq!(s.run(conn, std::io::empty(), &mut Vec::new())?, SessionEnd::InputEnded);
    /// # Ok::<_, std::io::Error>(())
    /// ```
    pub fn linger(mut self, linger: Duration) -> TelnetSession {
        self.linger = linger;
        self
    }

    /// The time limit of the whole session; `None` for none.
    ///
    /// # Example
    ///
    /// ```
    /// use std::net::{TcpListener, TcpStream};
    /// use std::time::Duration;
    /// use uniform_access::TelnetSession;
    ///
    /// let listener = TcpListener::bind("127.0.0.1:0")?;
    /// let conn = TcpStream::connect(listener.local_addr()?)?;
    /// let (_tx, rx) = std::sync::mpsc::channel::<u8>();
    /// // Input that never ends (a user who never types): the limit ends it.
    /// struct Waiting(std::sync::mpsc::Receiver<u8>);
    /// impl std::io::Read for Waiting {
    ///     fn read(&mut self, _: &mut [u8]) -> std::io::Result<usize> {
    ///         Ok(self.0.recv().map_or(0, |_| 0))
    ///     }
    /// }
    /// let s = TelnetSession::new().limit(Some(Duration::from_millis(200)));
    /// let e = s.run(conn, Waiting(rx), &mut Vec::new()).unwrap_err();
    /// assert_eq!(e.kind(), std::io::ErrorKind::TimedOut);
    /// # Ok::<_, std::io::Error>(())
    /// ```
    pub fn limit(mut self, limit: Option<Duration>) -> TelnetSession {
        self.limit = limit;
        self
    }

    /// Runs the conversation until the server closes, the user presses
    /// the escape key, or the input ends and the server stays silent for
    /// the linger time.
    ///
    /// `input` is read on a thread of its own, which is left blocked if
    /// the session ends while it waits (as it does on a terminal until
    /// the next key; with a pipe, until the pipe closes).
    ///
    /// # Errors
    ///
    /// The connection's errors; `InvalidData` for a subnegotiation longer
    /// than 64 KiB; `TimedOut` when the time limit passes.
    ///
    /// # Example
    ///
    /// See [`TelnetSession`].
    pub fn run<I>(
        &self,
        conn: TcpStream,
        input: I,
        output: &mut dyn Write,
    ) -> io::Result<SessionEnd>
    where
        I: Read + Send + 'static,
    {
        let writer = Arc::new(Mutex::new(conn.try_clone()?));
        let user = Arc::new(UserSide {
            state: AtomicU8::new(RUNNING),
            server_echoes: AtomicBool::new(false),
        });
        {
            let writer = Arc::clone(&writer);
            let user = Arc::clone(&user);
            let escape = self.escape;
            let echo = self.echo_to_stdout;
            std::thread::Builder::new()
                .name("telnet-input".into())
                .spawn(move || pump_input(input, &writer, &user, escape, echo))?;
        }
        let result = self.pump_output(&conn, &writer, &user, output);
        // The input thread stops at its next octet: the socket is closed.
        let _ = conn.shutdown(Shutdown::Both);
        result
    }

    fn pump_output(
        &self,
        mut conn: &TcpStream,
        writer: &Mutex<TcpStream>,
        user: &UserSide,
        output: &mut dyn Write,
    ) -> io::Result<SessionEnd> {
        conn.set_read_timeout(Some(TICK))?;
        let mut decoder = Decoder::default();
        let mut eol = LocalEol::default();
        let (mut data, mut replies, mut shown) = (Vec::new(), Vec::new(), Vec::new());
        let mut buf = vec![0u8; 16 * 1024];
        let mut input_ended_at: Option<Instant> = None;
        let deadline = self.limit.map(|l| Instant::now() + l);
        loop {
            if let (Some(d), Some(limit)) = (deadline, self.limit)
                && Instant::now() >= d
            {
                return Err(crate::net::Breach::MaxTime(limit).into_io());
            }
            let n = match conn.read(&mut buf) {
                Ok(n) => n,
                Err(e)
                    if matches!(
                        e.kind(),
                        io::ErrorKind::WouldBlock
                            | io::ErrorKind::TimedOut
                            | io::ErrorKind::Interrupted
                    ) =>
                {
                    match user.state.load(Ordering::Acquire) {
                        ESCAPED => return Ok(SessionEnd::Escaped),
                        INPUT_ENDED => {
                            let since = *input_ended_at.get_or_insert_with(Instant::now);
                            if since.elapsed() >= self.linger {
                                return Ok(SessionEnd::InputEnded);
                            }
                        }
                        _ => {}
                    }
                    continue;
                }
                Err(e) if user.state.load(Ordering::Acquire) == ESCAPED => {
                    let _ = e;
                    return Ok(SessionEnd::Escaped);
                }
                Err(e) => return Err(e),
            };
            if n == 0 {
                let mut tail = Vec::new();
                eol.finish(&mut tail);
                output.write_all(&tail)?;
                output.flush()?;
                return Ok(if user.state.load(Ordering::Acquire) == ESCAPED {
                    SessionEnd::Escaped
                } else {
                    SessionEnd::Closed
                });
            }
            // Server output restarts the linger clock.
            if input_ended_at.is_some() {
                input_ended_at = Some(Instant::now());
            }
            data.clear();
            replies.clear();
            decoder
                .feed(&buf[..n], &mut data, &mut replies)
                .map_err(|e| io::Error::new(io::ErrorKind::InvalidData, e.to_string()))?;
            user.server_echoes
                .store(decoder.server_echoes(), Ordering::Release);
            if !replies.is_empty() {
                lock(writer).write_all(&replies)?;
            }
            if !data.is_empty() {
                let out = if self.local_line_ends {
                    shown.clear();
                    eol.convert(&data, &mut shown);
                    &shown
                } else {
                    &data
                };
                output.write_all(out)?;
                output.flush()?;
            }
        }
    }
}

const RUNNING: u8 = 0;
const INPUT_ENDED: u8 = 1;
const ESCAPED: u8 = 2;

/// What the input thread tells the session.
struct UserSide {
    state: AtomicU8,
    server_echoes: AtomicBool,
}

fn lock(w: &Mutex<TcpStream>) -> std::sync::MutexGuard<'_, TcpStream> {
    // A thread that panicked while writing leaves the socket usable.
    w.lock().unwrap_or_else(|p| p.into_inner())
}

/// Copies the user's octets to the server until the input ends, the
/// escape key, or a write fails (the session is over).
fn pump_input<I: Read>(
    mut input: I,
    writer: &Mutex<TcpStream>,
    user: &UserSide,
    escape: Option<u8>,
    echo: bool,
) {
    let mut enc = Encoder::default();
    let mut buf = [0u8; 4096];
    let mut wire = Vec::new();
    loop {
        let n = match input.read(&mut buf) {
            Ok(0) => break,
            Ok(n) => n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(_) => break,
        };
        let typed = &buf[..n];
        let (send, escaped) = match escape.and_then(|k| typed.iter().position(|&b| b == k)) {
            Some(p) => (&typed[..p], true),
            None => (typed, false),
        };
        wire.clear();
        enc.encode(send, &mut wire);
        if echo && !user.server_echoes.load(Ordering::Acquire) {
            // Raw mode: the terminal does not move to the line start by
            // itself, so a line end is echoed as CR LF.
            let mut shown = Vec::with_capacity(send.len());
            for &b in send {
                match b {
                    b'\r' | b'\n' => shown.extend_from_slice(b"\r\n"),
                    _ => shown.push(b),
                }
            }
            let mut so = io::stdout().lock();
            let _ = so.write_all(&shown).and_then(|()| so.flush());
        }
        let sent = lock(writer).write_all(&wire);
        if escaped {
            user.state.store(ESCAPED, Ordering::Release);
            let _ = lock(writer).shutdown(Shutdown::Both);
            return;
        }
        if sent.is_err() {
            return;
        }
    }
    user.state.store(INPUT_ENDED, Ordering::Release);
}

/// The executor of a session protocol Uniform does not speak: it
/// refuses, saying why.
pub(crate) struct Unspoken(&'static str);

/// rlogin's.
pub(crate) static RLOGIN: Unspoken = Unspoken(
    "rlogin (RFC 1282) is not supported: its servers trust the local user name only from a privileged \
     source port, and it sends that name in the clear; use a telnet or ssh client",
);

/// tn3270's.
pub(crate) static TN3270: Unspoken = Unspoken(
    "tn3270 is not supported: a 3270 data stream needs a 3270 terminal emulator (such as x3270 or c3270)",
);

impl Executor for Unspoken {
    fn execute(
        &self,
        job: &Job<'_>,
        _: &mut dyn Write,
        _: &mut dyn Interaction,
    ) -> Result<Executed, AccessError> {
        Err(AccessError::new(
            AccessErrorKind::Unsupported,
            job.url.scheme(),
            Some(job.url.hostname().unwrap_or_default()),
            self.0,
        ))
    }
}

executor!(
    /// The telnet executor: an interactive [`session`].
    Telnet,
    Telnet,
    |job, p, _, ui| session(&job.url, p, job.opts, job.session, job.dial, ui)
);

/// Runs a telnet plan: advice, then the session on the user's terminal or
/// standard input and output.
pub(crate) fn session(
    url: &UrlRef<'_>,
    plan: &TelnetPlan,
    opts: &FetchOptions,
    session: &Session,
    dial: Dial<'_>,
    ui: &mut dyn Interaction,
) -> Result<Fetched, AccessError> {
    let scheme = url.scheme().to_ascii_lowercase();
    let host = url.hostname().unwrap_or_default();
    if let Some(advice) = advice(plan, opts.show_password) {
        ui.advise(&advice);
    }
    let Endpoint::Host { host: h, port } = &plan.endpoint else {
        return Err(AccessError::new(
            AccessErrorKind::Unsupported,
            &scheme,
            Some(host),
            "the plan connects nowhere",
        ));
    };
    let (h, port) = (h.clone(), *port);
    let conn = dial
        .connect(&h, port, &session.timeouts)
        .map_err(|e| connect_error(&scheme, &h, port, e))?;
    let interactive = io::stdin().is_terminal() && io::stdout().is_terminal();
    let mut s = TelnetSession::new()
        .linger(session.timeouts.idle)
        .limit(session.timeouts.total);
    let raw = if interactive {
        ui.advise(&format!(
            "connected to {h} port {port}; Ctrl-] ends the session"
        ));
        let raw = terminal::RawMode::enter().map_err(|e| {
            AccessError::io(&scheme, Some(host), "putting the terminal in raw mode", e)
        })?;
        s = s.escape(Some(ESCAPE_KEY)).local_line_ends(false);
        s.echo_to_stdout = true;
        Some(raw)
    } else {
        None
    };
    let mut out = io::stdout().lock();
    let end = s.run(conn, io::stdin(), &mut out);
    drop(out);
    drop(raw);
    match end {
        Ok(_) => Ok(Fetched::Session),
        Err(e) if e.kind() == io::ErrorKind::InvalidData => {
            Err(
                AccessError::new(AccessErrorKind::Protocol, &scheme, Some(&h), e.to_string())
                    .with_source(e),
            )
        }
        Err(e) => Err(AccessError::io(&scheme, Some(&h), "during the session", e)),
    }
}

/// The advice of RFC 1738 section 3.8: the user name and password to log
/// in with, shown (escaped, so that a URL cannot move the terminal). The
/// password is `****` unless the user asked to see it: advice goes to
/// logs and terminals others read (an empty password stays `""`).
fn advice(plan: &TelnetPlan, show_password: bool) -> Option<String> {
    let user = plan.user.as_ref()?;
    let mut text = format!("log in as \"{}\"", crate::error::escape(user));
    if let Some(pw) = &plan.password {
        let shown = if show_password || pw.is_empty() {
            crate::error::escape(pw)
        } else {
            "****".to_string()
        };
        text.push_str(&format!(" with password \"{shown}\""));
    }
    text.push_str(" (suggested by the URL; type them at the server's prompts)");
    Some(text)
}

#[cfg(test)]
mod tests {
    use super::*;
    use uniform::UrlRef;

    fn telnet_plan(url: &UrlRef<'_>) -> TelnetPlan {
        let p = uniform::plan::unjudged(url, &uniform::plan::PlanOptions::default()).unwrap();
        match p.dialogue() {
            uniform::plan::Dialogue::Telnet(t) => t.clone(),
            _ => panic!("not telnet"),
        }
    }

    #[test]
    fn advice_shows_user_and_masks_the_password_unless_asked() {
        let url = UrlRef::parse("telnet://guest:se%20cret@h.example/").unwrap();
        let a = advice(&telnet_plan(&url), false).unwrap();
        assert!(
            a.starts_with("log in as \"guest\" with password \"****\""),
            "{a}"
        );
        assert!(!a.contains("cret"), "{a}");
        let a = advice(&telnet_plan(&url), true).unwrap();
        assert!(
            a.starts_with("log in as \"guest\" with password \"se cret\""),
            "{a}"
        );
        let url = UrlRef::parse("telnet://h.example/").unwrap();
        assert_eq!(advice(&telnet_plan(&url), false), None);
        let url = UrlRef::parse("telnet://a%1B[2J@h.example/").unwrap();
        assert!(
            advice(&telnet_plan(&url), false)
                .unwrap()
                .contains("a\\x1B[2J")
        );
    }
}
