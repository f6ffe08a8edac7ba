//! The terminal side of an access: the progress bar, the password
//! prompt, warnings, and the password read from standard input.

use super::trace::Dump;
use crate::cmd::{self};
use crate::password::Secrets;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::{self, BufRead, IsTerminal, Read, Write};
use std::sync::{Arc, Mutex};
use uniform::visible::escaped;
use uniform_access::{Exchange, Interaction};

/// The terminal side of an access: the progress bar, the password prompt
/// and the advice of a telnet URL.
pub(super) struct Terminal {
    /// Whether a progress bar may be drawn: standard error is a terminal
    /// and neither --quiet nor --no-progress-meter was given.
    pub(super) bar_allowed: bool,
    /// The bar drawn in '#', as curl's -# draws it.
    pub(super) hashes: bool,
    pub(super) quiet: bool,
    pub(super) bar: Option<ProgressBar>,
    /// The passwords of this access, hidden in every message unless
    /// `reveal` (--show-password).
    pub(super) secrets: Secrets,
    pub(super) reveal: bool,
    /// The last HTTP response's head, for -w.
    pub(super) exchange: Option<Exchange>,
    /// The connections made for the responses so far (-w's num_connects).
    pub(super) connects: u32,
    /// Where -D writes each response head.
    pub(super) dump: Option<Dump>,
    /// The passwords the -v trace hides, a password typed at the prompt
    /// among them.
    pub(super) traced: Option<Arc<Mutex<Secrets>>>,
}

impl Terminal {
    pub(super) fn new(quiet: bool, secrets: Secrets, reveal: bool) -> Terminal {
        Terminal {
            bar_allowed: !quiet && io::stderr().is_terminal(),
            hashes: false,
            quiet,
            bar: None,
            secrets,
            reveal,
            exchange: None,
            connects: 0,
            traced: None,
            dump: None,
        }
    }

    /// A message with its passwords hidden (`say!` escapes the line it
    /// goes on).
    pub(super) fn hidden<'t>(&self, text: &'t str) -> std::borrow::Cow<'t, str> {
        self.secrets.hide(text, self.reveal)
    }

    /// A message as it may be shown anywhere: passwords hidden, terminal
    /// controls escaped.
    pub(super) fn shown(&self, text: &str) -> String {
        escaped(&self.hidden(text)).into_owned()
    }

    pub(super) fn done(&mut self) {
        if let Some(bar) = self.bar.take() {
            bar.finish_and_clear();
        }
    }
}

impl Interaction for Terminal {
    fn response(&mut self, exchange: &Exchange) {
        self.connects += u32::from(exchange.new_connection);
        self.exchange = Some(exchange.clone());
        if let Some(d) = &self.dump
            && let Ok(mut d) = d.lock()
        {
            // A head that cannot be written is no reason to stop the
            // transfer; curl does not stop either.
            let _ = d.write_all(&exchange.head_bytes()).and_then(|()| d.flush());
        }
    }

    fn size_known(&mut self, size: u64) {
        if !self.bar_allowed {
            return;
        }
        let bar = ProgressBar::with_draw_target(Some(size), ProgressDrawTarget::stderr());
        if let Ok(style) = ProgressStyle::with_template(
            "{bytes:>10}/{total_bytes} {bytes_per_sec:>12} [{wide_bar}] {eta:>4}",
        ) {
            bar.set_style(style.progress_chars(if self.hashes { "## " } else { "=> " }));
        }
        self.bar = Some(bar);
    }

    fn progress(&mut self, written: u64) {
        if let Some(bar) = &self.bar {
            bar.set_position(written);
        }
    }

    fn password(&mut self, what: &str) -> Option<Vec<u8>> {
        // rpassword reads /dev/tty with echo off, so a password can be
        // typed even when standard input carries data; with no terminal it
        // fails, and the access is cancelled rather than sent without one.
        let ask = || rpassword::prompt_password(prompt(what)).ok();
        let typed = match &self.bar {
            Some(bar) => bar.suspend(ask),
            None => ask(),
        };
        if let Some(p) = &typed {
            self.secrets.add(p.as_bytes());
            if let Some(t) = &self.traced
                && let Ok(mut t) = t.lock()
            {
                t.add(p.as_bytes());
            }
        }
        typed.map(String::into_bytes)
    }

    fn advise(&mut self, text: &str) {
        if !self.quiet {
            let _ = cmd::say!(io::stderr(), "uniform: {}", self.hidden(text));
        }
    }

    fn warn(&mut self, text: &str) {
        if !self.quiet {
            let _ = cmd::say!(io::stderr(), "uniform: warning: {}", self.hidden(text));
        }
    }

    fn ask(&mut self, what: &str) -> Option<String> {
        // Only a person at a terminal is asked: piped input is no answer.
        if !io::stdin().is_terminal() || !io::stderr().is_terminal() {
            return None;
        }
        let ask = || {
            eprint!("{}: ", escaped(what));
            let mut line = String::new();
            match io::stdin().read_line(&mut line) {
                Ok(n) if n > 0 => Some(line.trim_end_matches(['\r', '\n']).to_string()),
                _ => None,
            }
        };
        match &self.bar {
            Some(bar) => bar.suspend(ask),
            None => ask(),
        }
    }
}

/// The prompt for the password `what` describes.
///
/// The access modules word `what` in their own way: FTP says "password
/// for USER on ftp://HOST:PORT", so "Password for" is added only when
/// `what` does not already say it, and the prompt never reads "Password
/// for password for".
pub(super) fn prompt(what: &str) -> String {
    const LEAD: &str = "password for ";
    // The prompt is written to the terminal: a host or user name from
    // the URL is escaped there as in every message.
    match what.get(..LEAD.len()) {
        Some(lead) if lead.eq_ignore_ascii_case(LEAD) => {
            format!("Password for {}: ", escaped(&what[LEAD.len()..]))
        }
        _ => format!("Password for {}: ", escaped(what)),
    }
}

impl Drop for Terminal {
    fn drop(&mut self) {
        self.done();
    }
}

/// The longest password line read with --password-stdin, its end included.
pub(super) const MAX_PASSWORD: u64 = 4096;

/// The first line of standard input, without its line end.
pub(super) fn read_password_line() -> io::Result<Vec<u8>> {
    let mut line = Vec::new();
    // A password is a short line: a stream without one is not read whole.
    io::stdin()
        .lock()
        .take(MAX_PASSWORD)
        .read_until(b'\n', &mut line)?;
    if line.len() as u64 == MAX_PASSWORD && line.last() != Some(&b'\n') {
        return Err(io::Error::new(
            io::ErrorKind::InvalidData,
            format!(
                "the first line of standard input is longer than {MAX_PASSWORD} octets: no password"
            ),
        ));
    }
    if line.last() == Some(&b'\n') {
        line.pop();
        if line.last() == Some(&b'\r') {
            line.pop();
        }
    }
    Ok(line)
}
