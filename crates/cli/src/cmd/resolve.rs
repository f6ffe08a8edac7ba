//! `uniform resolve BASE REF...` and `uniform relativize BASE TARGET...`.

use crate::bulk::{self, Jobs, Record, Sink};
use crate::cmd::{self, Run, Status};
use crate::input::{Bom, Inputs, LineLimit};
use crate::json;
use crate::password;
use std::borrow::Cow;
use std::ffi::OsString;
use std::io::{self, Write};
use uniform::resolve::{self, Rules};
use uniform::visible::escaped;

const RESOLVE_HELP: &str = "\
Resolves each reference against the base and prints the URL it names, one a
line, by the chosen rules:

  rfc3986         RFC 3986 section 5.2 (the default)
  rfc3986-compat  the same, reading a reference that repeats the base's
                  scheme (\"http:g\") as relative, as section 5.2.2 allows
  rfc2396         RFC 2396 (its appendix C examples)
  rfc1808         RFC 1808 section 4 (;params, ?query, empty references)
  rfc1630         RFC 1630's partial form: a reference that starts with N
                  slashes keeps the base up to (not including) \"the first
                  occurrence of exactly the same number of consecutive
                  slashes which has no greater number of consecutive slashes
                  anywhere to the right of it\"; otherwise the last part of
                  the base path (after its rightmost slash) is replaced
  whatwg          the WHATWG URL Standard, as browsers resolve: \"\\\" is \"/\"
                  in http, https, ws, wss, ftp and file, \"http:g\" against an
                  http base is relative, and the result is the Standard's
                  serialization; a failure names its validation error

Under rfc3986, rfc3986-compat and rfc1630 any base with a scheme takes a
relative reference, one without a hierarchy too (mailto:a@b?x with ?y gives
mailto:a@b?y, with c gives mailto:c). Under rfc2396 a base that does not fit
its <hier_part> syntax (section 5), and under rfc1808 a mailto:, news: or
telnet: base (section 2.3), with a relative reference is an error. REF \"-\"
reads references one a line from standard input.

Exit status: 0 when every reference resolved, 1 when one did not, 2 for a
usage error.";

/// Resolve references against a base URL
#[derive(clap::Args, Debug)]
#[command(after_long_help = RESOLVE_HELP)]
pub struct Args {
    /// The rules to resolve by
    #[arg(long, value_name = "RULES", default_value = "rfc3986", value_parser = parse_rules)]
    rules: Rules,
    /// The base URL
    #[arg(value_name = "BASE")]
    base: String,
    /// The references; "-" reads one per line from standard input
    #[arg(value_name = "REF", required = true)]
    references: Vec<OsString>,
    /// Print one JSON object per reference: {base, reference, url, error}
    #[arg(long)]
    json: bool,
    /// Show passwords in output; by default each is shown as "****"
    #[arg(long)]
    show_password: bool,
    #[command(flatten)]
    input: LineLimit,
    #[command(flatten)]
    jobs: Jobs,
}

/// The shortest reference to each target
#[derive(clap::Args, Debug)]
#[command(after_long_help = "\
Prints, for each target, the shortest reference that resolves back to it
against the base by the chosen rules (see `uniform resolve --help`); the
target itself when nothing shorter does.

Exit status: 0 on success, 1 when a base or target is not an absolute URL,
2 for a usage error.")]
pub struct RelativizeArgs {
    /// The rules the reference must resolve by
    #[arg(long, value_name = "RULES", default_value = "rfc3986", value_parser = parse_rules)]
    rules: Rules,
    /// The base URL
    #[arg(value_name = "BASE")]
    base: String,
    /// The targets; "-" reads one per line from standard input
    #[arg(value_name = "TARGET", required = true)]
    targets: Vec<OsString>,
    /// Print one JSON object per target: {base, target, reference, error}
    #[arg(long)]
    json: bool,
    /// Show passwords in output; by default each is shown as "****"
    #[arg(long)]
    show_password: bool,
    #[command(flatten)]
    input: LineLimit,
    #[command(flatten)]
    jobs: Jobs,
}

fn parse_rules(s: &str) -> Result<Rules, String> {
    s.parse::<Rules>().map_err(|e| e.to_string())
}

/// How [`each`] reads and shows: the options both commands share.
struct Shown {
    json: bool,
    show_password: bool,
    limit: LineLimit,
    jobs: usize,
}

impl Shown {
    /// A URL or reference with its password masked (RFC 3986's reading
    /// of userinfo, the widest).
    fn masked<'u>(&self, url: &'u str) -> Cow<'u, str> {
        password::masked(url, uniform::Dialect::Rfc3986, self.show_password)
    }
}

/// Runs `f` on each input line, printing its answer or its error.
fn each(
    inputs: Vec<OsString>,
    shown: &Shown,
    keys: [&str; 4],
    base: &str,
    f: impl Fn(&str) -> Result<String, String> + Sync,
) -> io::Result<Status> {
    let mut out = cmd::stdout();
    let mut inputs = Inputs::new(inputs, Bom::Strip, shown.limit);
    let each = Each {
        shown,
        keys,
        base: shown.masked(base),
        f,
    };
    let ok = bulk::run(&each, &mut inputs, &mut out, shown.jobs)?;
    out.flush()?;
    Ok(Status::from_ok(ok && inputs.all_read()))
}

/// [`each`]'s work on one line.
struct Each<'s, F> {
    shown: &'s Shown,
    keys: [&'s str; 4],
    base: Cow<'s, str>,
    f: F,
}

impl<F: Fn(&str) -> Result<String, String> + Sync> Record for Each<'_, F> {
    type State = ();

    fn state(&self) {}

    fn record(&self, _: &mut (), _: u64, input: &[u8], sink: &mut Sink) -> bool {
        let shown = self.shown;
        let keys = self.keys;
        let text = String::from_utf8_lossy(input).into_owned();
        let result = match std::str::from_utf8(input) {
            Ok(s) => (self.f)(s),
            Err(e) => Err(format!("invalid UTF-8 at byte {}", e.valid_up_to())),
        };
        if shown.json {
            let buf = &mut sink.out;
            buf.extend_from_slice(format!("{{\"{}\":", keys[0]).as_bytes());
            json::string(buf, &self.base);
            buf.extend_from_slice(format!(",\"{}\":", keys[1]).as_bytes());
            json::string(buf, &shown.masked(&text));
            buf.extend_from_slice(format!(",\"{}\":", keys[2]).as_bytes());
            json::opt_string(
                buf,
                result.as_deref().ok().map(|u| shown.masked(u)).as_deref(),
            );
            buf.extend_from_slice(format!(",\"{}\":", keys[3]).as_bytes());
            json::opt_string(buf, result.as_ref().err().map(String::as_str));
            buf.extend_from_slice(b"}\n");
        } else {
            match &result {
                Ok(u) => {
                    let _ = writeln!(sink.out, "{}", escaped(&shown.masked(u)));
                }
                Err(e) => {
                    let _ = writeln!(
                        sink.err,
                        "uniform: {}: {}",
                        escaped(&shown.masked(&text)),
                        escaped(e)
                    );
                }
            }
        }
        result.is_ok()
    }
}

impl Run for Args {
    fn run(self) -> io::Result<Status> {
        let base = match resolve::Base::new(&self.base, self.rules) {
            Ok(b) => b,
            Err(e) => {
                eprintln!(
                    "uniform: {}: {}",
                    escaped(&self.shown().masked(&self.base)),
                    escaped(&e.to_string())
                );
                return Ok(Status::Failure);
            }
        };
        let shown = self.shown();
        each(
            self.references,
            &shown,
            ["base", "reference", "url", "error"],
            &self.base,
            |r| base.resolve(r).map_err(|e| e.to_string()),
        )
    }
}

impl Run for RelativizeArgs {
    fn run(self) -> io::Result<Status> {
        let (base, rules) = (self.base.clone(), self.rules);
        let shown = self.shown();
        each(
            self.targets,
            &shown,
            ["base", "target", "reference", "error"],
            &self.base,
            |t| resolve::relativize(&base, t, rules).map_err(|e| e.to_string()),
        )
    }
}

impl Args {
    fn shown(&self) -> Shown {
        Shown {
            json: self.json,
            show_password: self.show_password,
            limit: self.input,
            jobs: self.jobs.count(),
        }
    }
}

impl RelativizeArgs {
    fn shown(&self) -> Shown {
        Shown {
            json: self.json,
            show_password: self.show_password,
            limit: self.input,
            jobs: self.jobs.count(),
        }
    }
}
