//! One URL: its tries (--retry), each try's plan and access, and what
//! -w reads of it.

use super::deliver::{error_json, print};
use super::output::{Output, on_signal_abandon_output, remote_name};
use super::terminal::{Terminal, read_password_line};
use super::trace::{ftp_replies, tracer};
use super::{Args, Given, Target};
use crate::caret::Severity;
use crate::cmd::request;
use crate::cmd::{self, Status};
use crate::password;
use crate::password::Secrets;
use crate::write_out::{self, Transfer};
use std::ffi::OsString;
use std::fs::OpenOptions;
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use uniform::{Protocol, UrlRef};
use uniform_access::{
    AccessError, AccessErrorKind, Exchange, FetchOptions, Fetched, Message, Retry, Session,
};

/// The failure -f makes of an HTTP error status, for a response
/// --fail-with-body has delivered: the same kind, message and status.
pub(super) fn http_failure(x: &Exchange) -> AccessError {
    let url = UrlRef::parse(&x.url).ok();
    let target = url
        .as_ref()
        .map_or_else(|| x.url.clone(), uniform::plan::origin_form);
    let doing = format!("{} {target}", x.method);
    let (kind, message) = match x.status {
        401 | 407 => (
            AccessErrorKind::Auth,
            format!("{doing}: the login was refused"),
        ),
        _ => (AccessErrorKind::Protocol, doing),
    };
    let scheme = url.as_ref().map_or("http", |u| u.scheme());
    let host = url.as_ref().and_then(UrlRef::hostname);
    let e = AccessError::new(kind, scheme, host, message)
        .with_reply(&x.status_line)
        .with_exit_code(22);
    match url.as_ref().and_then(UrlRef::port_or_default) {
        Some(port) => e.with_port(port),
        None => e,
    }
}

/// A URL without a scheme, as curl guesses it: `ftp.` hosts are ftp,
/// the rest http. An input that names a scheme Uniform knows (`news:x`,
/// `mailto:a@b`) is a URL as it is; `localhost:8080/x` is no scheme
/// named `localhost`.
pub(super) fn guess_scheme(input: &[u8]) -> Option<Vec<u8>> {
    if input.windows(3).any(|w| w == b"://") {
        return None;
    }
    let name_end = input
        .iter()
        .position(|&b| !(b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.')));
    if let Some(k) = name_end
        && input[k] == b':'
        && k > 0
        && uniform::Scheme::from_bytes(&input[..k]).name().is_some()
    {
        return None;
    }
    let scheme: &[u8] = if input.len() >= 4 && input[..4].eq_ignore_ascii_case(b"ftp.") {
        b"ftp://"
    } else {
        b"http://"
    };
    Some([scheme, input].concat())
}

impl Args {
    /// Where an -o or -O file goes: in --output-dir, as curl puts it there
    /// (DIR, '/', FILE, an absolute FILE too); "-" stays standard output.
    pub(super) fn in_output_dir(&self, file: PathBuf) -> PathBuf {
        match self.output_dir.as_deref() {
            Some(dir) if !dir.as_os_str().is_empty() && file.as_os_str() != "-" => {
                let mut joined = dir.as_os_str().to_owned();
                joined.push("/");
                joined.push(file.as_os_str());
                PathBuf::from(joined)
            }
            _ => file,
        }
    }

    /// Fetches one URL (the `i`th) to `target`; then -w's format.
    pub(super) fn fetch_one(
        &self,
        i: usize,
        raw: &OsString,
        target: Target,
        base: &FetchOptions,
        session: &Session,
        format: Option<&str>,
    ) -> io::Result<Status> {
        let started = std::time::Instant::now();
        let mut transfer;
        let mut tries = 0u32;
        let mut wait = Duration::from_secs(1);
        let status = loop {
            transfer = Transfer {
                urlnum: i,
                ..Transfer::default()
            };
            let last = tries >= self.retry
                || self
                    .retry_max_time
                    .is_some_and(|m| started.elapsed() + wait >= m);
            let (status, passing) =
                self.fetch_into(raw, target.clone(), base, session, last, &mut transfer)?;
            let retry = !last
                && status != Status::Success
                && status != Status::Usage
                && (passing || self.retry_all_errors);
            if !retry {
                break status;
            }
            tries += 1;
            let pause = self.retry_delay.unwrap_or(wait);
            if self.tells_errors() && !self.quiet {
                let _ = cmd::say!(
                    io::stderr(),
                    "uniform: a passing failure; trying again in {} s, {} {} left",
                    pause.as_secs_f64(),
                    self.retry - tries + 1,
                    if self.retry - tries + 1 == 1 {
                        "try"
                    } else {
                        "tries"
                    }
                );
            }
            std::thread::sleep(pause);
            // curl's doubling, up to ten minutes.
            wait = (wait * 2).min(Duration::from_secs(600));
        };
        if let Some(format) = format {
            transfer.time_total = started.elapsed();
            transfer.exitcode = match status {
                Status::Success => 0,
                Status::Failure => 1,
                Status::Usage => 2,
                Status::Exit(c) => c,
            };
            let secs = transfer.time_total.as_secs_f64();
            if secs > 0.0 {
                transfer.speed_download = (transfer.size_download as f64 / secs) as u64;
                transfer.speed_upload = (transfer.size_upload as f64 / secs) as u64;
            }
            let r = write_out::render(format, &transfer);
            for w in &r.warnings {
                let _ = cmd::say!(io::stderr(), "uniform: {w}");
            }
            let mut out = cmd::stdout();
            out.write_all(&r.out)?;
            out.flush()?;
            io::stderr().write_all(&r.err)?;
        }
        Ok(status)
    }

    /// Whether failures are told (not with -s, unless -S).
    pub(super) fn tells_errors(&self) -> bool {
        !self.silent || self.show_error
    }

    /// One try of one URL: its status, and whether its failure is a
    /// passing one that --retry tries again. Before the `last` try, an
    /// HTTP status that --retry retries is a failure, so that no error
    /// page reaches the output before the try that may succeed.
    pub(super) fn fetch_into(
        &self,
        raw: &OsString,
        target: Target,
        base: &FetchOptions,
        session: &Session,
        last: bool,
        transfer: &mut Transfer,
    ) -> io::Result<(Status, bool)> {
        let mut retry = Retry::No;
        let given = Given {
            base,
            session,
            last,
        };
        let status = self.try_once(raw, target, &given, transfer, &mut retry)?;
        Ok((status, retry.passes(self.retry_connrefused)))
    }

    pub(super) fn try_once(
        &self,
        raw: &OsString,
        target: Target,
        given: &Given<'_>,
        transfer: &mut Transfer,
        retry: &mut Retry,
    ) -> io::Result<Status> {
        let Given {
            base,
            session,
            last,
        } = *given;
        let given = raw.as_encoded_bytes().to_vec();
        let input = guess_scheme(&given).unwrap_or(given);
        // -G: the data is part of the URL from here on, read, shown and
        // planned with it, as curl's -w url_effective shows it.
        let input = match &self.get_query {
            Some(q) => {
                request::with_query(&input, q, self.options.parse_options()).unwrap_or(input)
            }
            None => input,
        };
        let shown = password::shown(&input, self.options.mask(&input)).into_owned();
        transfer.url = Some(shown.clone());
        let mut opts = base.clone();
        // This try's own tracer; the kept connections stay shared.
        let mut session = session.clone();
        let quiet = self.quiet || self.silent;
        let mut warnings = Vec::new();
        let parsed = cmd::parse_bytes(self.options.parse_options(), &input, &mut warnings);
        let parsed = match parsed {
            Ok(u) => u,
            Err(e) => {
                transfer.errormsg = Some(e.to_string());
                if self.json {
                    let mut buf = Vec::new();
                    error_json(
                        &mut buf,
                        &shown,
                        "invalid-url",
                        None,
                        None,
                        None,
                        &e.to_string(),
                        None,
                    );
                    print(&buf)?;
                } else if self.tells_errors() {
                    self.options
                        .draw(&mut io::stderr().lock(), Severity::Error, &e, &input)?;
                }
                return Ok(Status::Failure);
            }
        };
        let url = parsed.url();
        if !quiet && !self.json {
            for w in &warnings {
                self.options
                    .draw(&mut io::stderr().lock(), Severity::Warning, w, &input)?;
            }
        }
        opts.http.fail_passing = !last && self.retry > 0;
        // -u's user and password, where the URL names none.
        let with_user = match self.request.apply_user(&url, &mut opts.plan) {
            Ok(u) => u,
            Err(e) => {
                // A file that cannot be parsed is a transfer's failure
                // (curl's 26, silent under -s); a usage error always says.
                if e.status() == Status::Usage || self.tells_errors() {
                    let _ = cmd::say!(io::stderr(), "uniform: {e}");
                }
                return Ok(e.status());
            }
        };
        let url = match &with_user {
            Some(u) => u.as_url_ref(),
            None => url,
        };
        if let Err(message) = self.request.check_scheme(&url) {
            let _ = cmd::say!(io::stderr(), "uniform: {message}");
            return Ok(Status::Usage);
        }
        if self.request.head && !url.scheme_row().reads_head() {
            let _ = cmd::say!(
                io::stderr(),
                "uniform: -I: only HTTP, HTTPS and FTP heads are read so far, not {}'s",
                url.scheme()
            );
            return Ok(Status::Usage);
        }
        transfer.scheme = Some(url.scheme().to_ascii_uppercase());
        transfer.url_effective = Some(shown.clone());
        let mut secrets = Secrets::default();
        secrets.add_url(&input, self.options.dialect.into());
        if let Some((_, p)) = &opts.plan.credentials {
            secrets.add(p);
        }
        // The password -u or a netrc file put in the URL: as written there
        // and decoded.
        secrets.add_url(url.as_str().as_bytes(), self.options.dialect.into());
        if self.password_stdin {
            let p = read_password_line()?;
            secrets.add(&p);
            opts.password = Some(p);
        }
        if url.scheme_row().protocol == Some(Protocol::Smtp) {
            let body = match &self.body {
                Some(b) => b.clone().into_bytes(),
                None if self.password_stdin => {
                    let _ = cmd::say!(
                        io::stderr(),
                        "uniform: --password-stdin takes standard input: give the message with --body"
                    );
                    return Ok(Status::Usage);
                }
                None => {
                    let mut b = Vec::new();
                    io::stdin().lock().take(MAX_BODY + 1).read_to_end(&mut b)?;
                    if b.len() as u64 > MAX_BODY {
                        let _ = cmd::say!(
                            io::stderr(),
                            "uniform: the message on standard input is longer than {MAX_BODY} octets (Postfix's default message_size_limit)"
                        );
                        return Ok(Status::Failure);
                    }
                    b
                }
            };
            opts.message = Some(Message::new(self.subject.clone(), body));
        }
        // A telnet session restores the terminal on its way out: a signal
        // there keeps its default.
        if url.scheme_row().protocol != Some(Protocol::Telnet) {
            on_signal_abandon_output()?;
        }
        let path = match target {
            Target::Stdout => None,
            Target::Path(p) => Some(self.in_output_dir(p)),
            Target::Remote => match remote_name(&url) {
                Some(p) => Some(self.in_output_dir(p)),
                None => {
                    let message = format!("{shown}: -O: the URL's path names no file");
                    transfer.errormsg = Some(message.clone());
                    if self.tells_errors() {
                        let _ = cmd::say!(io::stderr(), "uniform: {message}");
                    }
                    // curl's CURLE_WRITE_ERROR.
                    return Ok(Status::Exit(23));
                }
            },
        };
        transfer.filename_effective = path.clone();
        // -C -: from the size of what the output file holds already.
        let resume = match self.continue_at.as_deref() {
            None => None,
            Some("-") => Some(
                path.as_deref()
                    .filter(|p| p.as_os_str() != "-")
                    .and_then(|p| std::fs::metadata(p).ok())
                    .filter(std::fs::Metadata::is_file)
                    .map_or(0, |m| m.len()),
            ),
            Some(n) => match n.parse::<u64>() {
                Ok(n) => Some(n),
                Err(_) => {
                    let _ = cmd::say!(
                        io::stderr(),
                        "uniform: -C {n:?}: an offset is a number of octets, or - for the size of the output file"
                    );
                    return Ok(Status::Usage);
                }
            },
        };
        opts.plan.resume_from = resume.filter(|&n| n > 0);
        let append = opts.plan.resume_from.is_some() && path.is_some();
        if self.create_dirs
            && let Some(parent) = path.as_deref().and_then(Path::parent)
            && !parent.as_os_str().is_empty()
            && let Err(e) = std::fs::create_dir_all(parent)
        {
            let _ = cmd::say!(
                io::stderr(),
                "uniform: --create-dirs {}: {e}",
                parent.display()
            );
            return Ok(Status::Exit(23));
        }
        let mut output = match Output::open(path.as_deref(), append) {
            Ok(o) => o,
            Err(e) => {
                let path = path
                    .as_deref()
                    .unwrap_or(Path::new("-"))
                    .display()
                    .to_string();
                let message = format!("cannot write {path}: {e}");
                transfer.errormsg = Some(message.clone());
                if self.json {
                    let mut buf = Vec::new();
                    error_json(&mut buf, &shown, "io", None, None, None, &message, None);
                    print(&buf)?;
                } else if self.tells_errors() {
                    let _ = cmd::say!(io::stderr(), "uniform: {message}");
                }
                return Ok(Status::Failure);
            }
        };
        let traced = self.verbose.then(|| Arc::new(Mutex::new(secrets.clone())));
        if let Some(hidden) = &traced {
            session.tracer = Some(tracer(Arc::clone(hidden), self.options.show_password));
        }
        let mut terminal = Terminal::new(quiet, secrets, self.options.show_password);
        terminal.bar_allowed &= !self.no_progress_meter;
        terminal.hashes = self.progress_bar;
        terminal.traced = traced;
        terminal.dump = match self.dump_header.as_deref() {
            None => None,
            Some(p) if p.as_os_str() == "-" => Some(Arc::new(Mutex::new(Box::new(io::stdout())))),
            // Appended: several URLs, several heads, as curl writes them.
            Some(p) => match OpenOptions::new().create(true).append(true).open(p) {
                Ok(f) => Some(Arc::new(Mutex::new(Box::new(f)))),
                Err(e) => {
                    let _ = cmd::say!(io::stderr(), "uniform: -D {}: {e}", p.display());
                    return Ok(Status::Exit(23));
                }
            },
        };
        // FTP's "headers", as curl's -D writes them: the server's replies.
        if let Some(d) = &terminal.dump
            && url.scheme_row().protocol == Some(Protocol::Ftp)
        {
            session.tracer = Some(ftp_replies(Arc::clone(d), session.tracer.take()));
        }
        let result = uniform_access::fetch(&url, &opts, &session, &mut output, &mut terminal);
        terminal.done();
        if let Some(x) = &terminal.exchange {
            self.record(transfer, x, &terminal);
        }
        match result {
            Ok(fetched) => {
                if let Fetched::Object { bytes } = &fetched {
                    transfer.size_download = *bytes;
                }
                transfer.size_upload = opts.plan.http.body.as_ref().map_or(0, |b| b.len() as u64);
                let delivered = self.deliver(fetched, output, &url, &shown, path.as_deref())?;
                // --fail-with-body: the error page is written, and the
                // transfer is a failure all the same (curl's 22).
                let failed = terminal.exchange.as_ref().filter(|x| x.status >= 400);
                match failed {
                    Some(x) if self.fail_with_body && delivered == Status::Success => {
                        let e = http_failure(x);
                        *retry = Retry::of_error(&e);
                        transfer.errormsg = Some(terminal.shown(&e.to_string()));
                        if self.tells_errors() || self.json {
                            self.report(&e, &shown, &terminal)?;
                        }
                        Ok(Status::Exit(e.exit_code()))
                    }
                    _ => Ok(delivered),
                }
            }
            Err(e) => {
                // Dropping the output removes a temporary file.
                drop(output);
                *retry = Retry::of_error(&e);
                transfer.errormsg = Some(terminal.shown(&e.to_string()));
                if self.tells_errors() || self.json {
                    self.report(&e, &shown, &terminal)?;
                }
                // curl's status for this failure (fetch --help), 1 where
                // curl has none.
                Ok(match e.exit_code() {
                    1 => Status::Failure,
                    code => Status::Exit(code),
                })
            }
        }
    }

    /// What the last HTTP response says, for -w.
    pub(super) fn record(&self, t: &mut Transfer, x: &Exchange, terminal: &Terminal) {
        t.response_code = x.status;
        t.http_version = match x.version.as_str() {
            "1.0" | "1" => Some(write_out::HttpVersion::Http10),
            "1.1" => Some(write_out::HttpVersion::Http11),
            "2" => Some(write_out::HttpVersion::Http2),
            "3" => Some(write_out::HttpVersion::Http3),
            _ => None,
        };
        t.method = Some(x.method.clone());
        t.num_redirects = x.redirects;
        t.url_effective = Some(terminal.shown(&x.url));
        let text = |v: &[u8]| String::from_utf8_lossy(v).into_owned();
        t.content_type = x.header("content-type").map(text);
        if (300..400).contains(&x.status) {
            t.redirect_url = x.header("location").map(text);
        }
        t.headers = x
            .headers
            .iter()
            .map(|(n, v)| (n.clone(), text(v)))
            .collect();
        t.size_header = x.head_bytes().len() as u64;
        t.num_connects = terminal.connects;
        if let Some(r) = x.remote {
            t.remote_ip = Some(r.ip());
            t.remote_port = r.port();
        }
        if let Some(l) = x.local {
            t.local_ip = Some(l.ip());
            t.local_port = l.port();
        }
        let times = &x.timings;
        t.time_namelookup = times.namelookup;
        t.time_connect = times.connect;
        t.time_appconnect = times.appconnect;
        t.time_pretransfer = times.pretransfer;
        t.time_starttransfer = times.starttransfer;
    }
}

/// The longest message read from standard input: Postfix's default
/// message_size_limit (10,240,000 octets), which relays commonly keep.
pub(super) const MAX_BODY: u64 = 10_240_000;
