//! What goes over the wire, line by line, for the user who asks to see it
//! (curl's `-v`).
//!
//! The [`Tracer`] of a [`crate::Session`] is handed down to the code that
//! sends and receives, which reports each line here: explicit rather than
//! in force on a thread, so that a fetch inside a fetch, a worker thread or
//! a connection kept for the next URL traces where its session says. Lines
//! that carry a
//! password are reported with it hidden where the protocol marks it (FTP
//! `PASS`, NNTP `AUTHINFO PASS`, HTTP's credentials fields); the user's
//! side hides the passwords it knows too.

use std::fmt;
use std::sync::Arc;

/// One event of a trace.
///
/// # Example
///
/// ```
/// use uniform_access::Trace;
/// let t = Trace::Sent(b"USER anonymous");
/// assert_eq!(t.to_string(), "> USER anonymous");
/// assert_eq!(Trace::Info("Connected").to_string(), "* Connected");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Trace<'a> {
    /// What the client does (`* `): a connection, a TLS handshake.
    Info(&'a str),
    /// A line sent, without its line end (`> `).
    Sent(&'a [u8]),
    /// A line received, without its line end (`< `).
    Received(&'a [u8]),
}

impl fmt::Display for Trace<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Trace::Info(t) => write!(f, "* {t}"),
            Trace::Sent(l) => write!(f, "> {}", String::from_utf8_lossy(l)),
            Trace::Received(l) => write!(f, "< {}", String::from_utf8_lossy(l)),
        }
    }
}

/// Where a trace goes: a function called with each [`Trace`].
///
/// # Example
///
/// ```
/// use std::sync::{Arc, Mutex};
/// use uniform_access::{Trace, Tracer};
/// let seen = Arc::new(Mutex::new(Vec::new()));
/// let keep = Arc::clone(&seen);
/// let t = Tracer::new(move |e: Trace<'_>| keep.lock().unwrap().push(e.to_string()));
/// t.emit(Trace::Info("hello"));
/// assert_eq!(*seen.lock().unwrap(), ["* hello"]);
/// ```
#[derive(Clone)]
pub struct Tracer(Arc<dyn Fn(Trace<'_>) + Send + Sync>);

impl Tracer {
    /// A tracer that calls `f` with each event.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform_access::Tracer;
    /// let _t = Tracer::new(|e| eprintln!("{e}"));
    /// ```
    pub fn new(f: impl Fn(Trace<'_>) + Send + Sync + 'static) -> Tracer {
        Tracer(Arc::new(f))
    }

    /// Reports `event`.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform_access::{Trace, Tracer};
    /// Tracer::new(|_| {}).emit(Trace::Sent(b"QUIT"));
    /// ```
    pub fn emit(&self, event: Trace<'_>) {
        (self.0)(event);
    }
}

impl fmt::Debug for Tracer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Tracer(..)")
    }
}

impl PartialEq for Tracer {
    fn eq(&self, other: &Tracer) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }
}

fn emit(tracer: Option<&Tracer>, event: Trace<'_>) {
    if let Some(t) = tracer {
        t.emit(event);
    }
}

/// Whether a trace is being kept (to spare the work of one that is not).
pub(crate) fn on(tracer: Option<&Tracer>) -> bool {
    tracer.is_some()
}

/// What the client does.
pub(crate) fn info(tracer: Option<&Tracer>, text: &str) {
    emit(tracer, Trace::Info(text));
}

/// A line sent, its password hidden if it is a command that carries one.
pub(crate) fn sent(tracer: Option<&Tracer>, line: &[u8]) {
    if !on(tracer) {
        return;
    }
    let line = trim_eol(line);
    match password_at(line) {
        Some(at) => emit(tracer, Trace::Sent(&[&line[..at], b"****"].concat())),
        None => emit(tracer, Trace::Sent(line)),
    }
}

/// A line received.
pub(crate) fn received(tracer: Option<&Tracer>, line: &[u8]) {
    if on(tracer) {
        emit(tracer, Trace::Received(trim_eol(line)));
    }
}

fn trim_eol(line: &[u8]) -> &[u8] {
    let line = line.strip_suffix(b"\n").unwrap_or(line);
    line.strip_suffix(b"\r").unwrap_or(line)
}

/// Where the password starts in a command that carries one: FTP's `PASS`
/// (RFC 959) and `ACCT`, NNTP's `AUTHINFO PASS` (RFC 4643), HTTP's
/// `Authorization` and `Proxy-Authorization` fields (after the scheme).
fn password_at(line: &[u8]) -> Option<usize> {
    let starts = |p: &[u8]| line.len() >= p.len() && line[..p.len()].eq_ignore_ascii_case(p);
    for p in [&b"PASS "[..], b"ACCT ", b"AUTHINFO PASS "] {
        if starts(p) {
            return Some(p.len());
        }
    }
    for p in [&b"Authorization:"[..], b"Proxy-Authorization:"] {
        if starts(p) {
            // The scheme's name stays (`Basic ****`).
            let rest = &line[p.len()..];
            let lead = rest.iter().take_while(|b| **b == b' ').count();
            let scheme = rest[lead..].iter().take_while(|b| **b != b' ').count();
            return Some((p.len() + lead + scheme + 1).min(line.len()));
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Mutex;

    fn traced(f: impl FnOnce(Option<&Tracer>)) -> Vec<String> {
        let seen = Arc::new(Mutex::new(Vec::new()));
        let keep = Arc::clone(&seen);
        let t = Tracer::new(move |e: Trace<'_>| keep.lock().unwrap().push(e.to_string()));
        f(Some(&t));
        // Without a tracer, nothing is reported.
        sent(None, b"after");
        seen.lock().unwrap().clone()
    }

    #[test]
    fn passwords_are_hidden_in_the_commands_that_carry_them() {
        let got = traced(|t| {
            sent(t, b"USER me\r\n");
            sent(t, b"PASS s3cret\r\n");
            sent(t, b"pass s3cret");
            sent(t, b"AUTHINFO PASS s3cret");
            sent(t, b"Authorization: Basic bWU6czNjcmV0");
            sent(t, b"Proxy-Authorization:  Basic eDp5");
            sent(t, b"Authorization:");
            received(t, b"230 Logged in\r\n");
            info(t, "Connected to h");
        });
        assert_eq!(
            got,
            [
                "> USER me",
                "> PASS ****",
                "> pass ****",
                "> AUTHINFO PASS ****",
                "> Authorization: Basic ****",
                "> Proxy-Authorization:  Basic ****",
                "> Authorization:****",
                "< 230 Logged in",
                "* Connected to h",
            ]
        );
    }
}
