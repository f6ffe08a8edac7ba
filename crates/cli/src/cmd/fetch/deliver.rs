//! What a fetch made of its options and what it does with the result:
//! the object written, a listing shown, an error told (text or JSON).

use super::Args;
use super::output::Output;
use super::terminal::Terminal;
use crate::cmd::{self, Status};
use crate::{json, password};
use std::io::{self, Write};
use std::path::Path;
use uniform::UrlRef;
use uniform_access::{
    AccessError, AccessErrorKind, FetchOptions, Fetched, HeadOutput, HttpResponses, Listing,
    Session,
};

impl Args {
    /// The fetch options and the session every URL shares, from the
    /// flags, then the environment.
    pub(super) fn fetch_options(&self) -> Result<(FetchOptions, Session), String> {
        let mut o = FetchOptions::default();
        let mut session = Session::default();
        o.plan = self.access.plan_options();
        let t = &mut session.timeouts;
        if let Some(c) = self.connect_timeout {
            t.connect = c;
        }
        if let Some(i) = self.timeout {
            t.idle = i;
        }
        t.total = self.max_time;
        if let Some(l) = self.speed_limit {
            t.speed.limit = l;
        }
        if let Some(s) = self.speed_time {
            t.speed.time = s;
        }
        // Given, they mean what curl's mean: the window opens as soon as a
        // reply is awaited, and a peer that says nothing is cut off too.
        t.speed.from_request = self.speed_limit.is_some() || self.speed_time.is_some();
        o.gopher_strict = self.gopher_strict && !self.gopher_text_to_close;
        if let Some(n) = self.max_redirects {
            o.max_redirects = n;
        }
        // curl's meanings: redirects followed with -L only, an error
        // status a failure with -f only.
        o.http = HttpResponses {
            follow: self.location,
            fail: self.fail,
            fail_passing: false,
            head: if self.request.head {
                HeadOutput::Only
            } else if self.include {
                HeadOutput::Include
            } else {
                HeadOutput::None
            },
        };
        o.file_via_ftp = self.file_via_ftp;
        o.tls.ca_file = self.cacert.clone();
        o.tls.insecure = self.insecure;
        o.tls.proxy_ca_file = self.proxy_cacert.clone();
        o.tls.proxy_insecure = self.proxy_insecure;
        o.show_password = self.options.show_password;
        o.proxies = self.route.proxies()?;
        Ok((o, session))
    }

    pub(super) fn deliver(
        &self,
        fetched: Fetched,
        mut output: Output,
        url: &UrlRef<'_>,
        shown: &str,
        path: Option<&Path>,
    ) -> io::Result<Status> {
        let mut summary = None;
        match fetched {
            Fetched::Object { bytes } => summary = Some(format!("\"bytes\":{bytes}")),
            Fetched::Listing(listing) => {
                let listing = self.masked(listing);
                if self.json {
                    output.write_all(listing.to_json().as_bytes())?;
                    output.write_all(b"\n")?;
                } else {
                    write!(output, "{listing}")?;
                }
            }
            Fetched::Sent => {
                summary = Some("\"sent\":true".into());
                if !self.quiet && !self.json {
                    let _ = cmd::say!(
                        io::stderr(),
                        "uniform: the message to {} was accepted",
                        url.scheme_specific_part()
                    );
                }
            }
            _ => {}
        }
        let to_stdout = output.is_stdout();
        if let Err(e) = output.finish() {
            if e.kind() == io::ErrorKind::BrokenPipe {
                return Err(e);
            }
            let path = path.unwrap_or(Path::new("-")).display().to_string();
            let _ = cmd::say!(io::stderr(), "uniform: cannot write {path}: {e}");
            return Ok(Status::Failure);
        }
        // With --json, a script learns what was done without parsing the
        // object: unless the object itself is on standard output.
        if self.json
            && let Some(s) = summary
            && (!to_stdout || s.starts_with("\"sent\""))
        {
            let mut buf = b"{\"input\":".to_vec();
            json::string(&mut buf, shown);
            buf.push(b',');
            buf.extend_from_slice(s.as_bytes());
            if let Some(p) = path {
                buf.extend_from_slice(b",\"output\":");
                json::string(&mut buf, &p.display().to_string());
            }
            buf.extend_from_slice(b"}\n");
            print(&buf)?;
        }
        Ok(Status::Success)
    }

    /// A listing with the passwords of its URLs hidden, unless
    /// --show-password.
    pub(super) fn masked(&self, mut listing: Listing) -> Listing {
        let mask = |s: &mut String| {
            if let Some(r) = self.options.mask(s.as_bytes()) {
                *s = password::shown(s.as_bytes(), Some(r)).into_owned();
            }
        };
        mask(&mut listing.url);
        for e in &mut listing.entries {
            if let Some(u) = &mut e.url {
                mask(u);
            }
        }
        listing
    }

    /// Tells the failure: in JSON, or as one line on standard error; a
    /// password the server echoed back is hidden either way.
    pub(super) fn report(
        &self,
        e: &AccessError,
        shown: &str,
        terminal: &Terminal,
    ) -> io::Result<()> {
        let hide = |t: &'_ str| terminal.secrets.hide(t, terminal.reveal).into_owned();
        if self.json {
            let rule = match e.kind() {
                AccessErrorKind::Refused(r) => Some(r.as_str()),
                _ => None,
            };
            let mut buf = Vec::new();
            error_json(
                &mut buf,
                shown,
                e.kind().as_str(),
                rule,
                Some(e.scheme()),
                e.host(),
                &hide(e.message()),
                e.reply().map(hide).as_deref(),
            );
            print(&buf)
        } else {
            let _ = cmd::say!(io::stderr(), "uniform: {}", terminal.hidden(&e.to_string()));
            Ok(())
        }
    }
}

pub(super) fn print(buf: &[u8]) -> io::Result<()> {
    let mut out = io::stdout().lock();
    out.write_all(buf)?;
    out.flush()
}

#[allow(clippy::too_many_arguments)]
pub(super) fn error_json(
    buf: &mut Vec<u8>,
    input: &str,
    kind: &str,
    rule: Option<&str>,
    scheme: Option<&str>,
    host: Option<&str>,
    message: &str,
    reply: Option<&str>,
) {
    let opt = |buf: &mut Vec<u8>, v: Option<&str>| match v {
        Some(s) => json::string(buf, s),
        None => buf.extend_from_slice(b"null"),
    };
    buf.extend_from_slice(b"{\"input\":");
    json::string(buf, input);
    buf.extend_from_slice(b",\"error\":{\"kind\":");
    json::string(buf, kind);
    buf.extend_from_slice(b",\"rule\":");
    opt(buf, rule);
    buf.extend_from_slice(b",\"scheme\":");
    opt(buf, scheme);
    buf.extend_from_slice(b",\"host\":");
    opt(buf, host);
    buf.extend_from_slice(b",\"message\":");
    json::string(buf, message);
    buf.extend_from_slice(b",\"reply\":");
    opt(buf, reply);
    buf.extend_from_slice(b"}}\n");
}
