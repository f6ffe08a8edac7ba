//! The subcommands, one module each, and what they share: the options of
//! the URL commands, the exit status, and the output stream.
//!
//! A subcommand is a `clap::Args` struct that implements [`Run`]; `main.rs`
//! registers it with one line.

pub mod check;
pub mod codec;
pub mod completions;
pub mod config;
pub mod edit;
pub mod equal;
pub mod extract;
pub mod fetch;
pub mod lines;
pub mod links;
pub mod man;
pub mod normalize;
pub mod parse;
pub mod plan;
pub mod request;
pub mod resolve;
pub mod route;
pub mod schemes;
pub mod sql;

use crate::caret::{Diagnostic, Severity};
use crate::input::LineLimit;
use crate::password;
use std::borrow::Cow;
use std::io::{self, BufWriter, StdoutLock, Write};
use std::process::ExitCode;
use uniform::{Dialect, ParseError, ParseOptions};

/// How a command ended, as its exit status (DESIGN.md section 3).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// 0: every input was valid, the URLs were equal.
    Success,
    /// 1: an input was invalid, the URLs differed.
    Failure,
    /// 2: the command line was wrong.
    Usage,
    /// Another status with a meaning of its own: `fetch` exits with
    /// curl's code for a failure curl has one for (28 for a time limit,
    /// 18 for an object cut short, ...).
    Exit(u8),
}

impl Status {
    /// `Failure` unless `ok`.
    pub fn from_ok(ok: bool) -> Status {
        if ok { Status::Success } else { Status::Failure }
    }
}

impl From<Status> for ExitCode {
    fn from(s: Status) -> ExitCode {
        ExitCode::from(match s {
            Status::Success => 0,
            Status::Failure => 1,
            Status::Usage => 2,
            Status::Exit(code) => code,
        })
    }
}

/// A subcommand's body.
pub trait Run {
    /// Runs the command to the end of its inputs.
    ///
    /// # Errors
    ///
    /// A failure to read the input or to write the output; invalid input
    /// is not an error but a [`Status::Failure`].
    fn run(self) -> io::Result<Status>;
}

/// A subcommand that describes the command line itself (its completion
/// scripts, its manual pages): it is handed the whole clap definition.
pub trait Describe {
    /// Writes the description of `app`, the `uniform` command.
    ///
    /// # Errors
    ///
    /// A failure to write the output.
    fn run(self, app: clap::Command) -> io::Result<Status>;
}

/// The grammar to read URLs by (`--dialect`).
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum DialectName {
    /// RFC 1738 (1994), the URL standard
    Rfc1738,
    /// RFC 1630 (1994), URIs as the early Web wrote them
    Rfc1630,
    /// RFC 3986 (2005), today's generic URI syntax
    Rfc3986,
    /// The WHATWG URL Standard, as browsers read URLs
    Whatwg,
}

impl From<DialectName> for Dialect {
    fn from(d: DialectName) -> Dialect {
        match d {
            DialectName::Rfc1738 => Dialect::Rfc1738,
            DialectName::Rfc1630 => Dialect::Rfc1630,
            DialectName::Rfc3986 => Dialect::Rfc3986,
            DialectName::Whatwg => Dialect::Whatwg,
        }
    }
}

/// The options of every command that reads URLs.
#[derive(clap::Args, Clone, Copy, Debug)]
pub struct UrlOptions {
    /// The grammar to read URLs by
    #[arg(long, value_enum, value_name = "DIALECT", default_value_t = DialectName::Rfc1738)]
    pub dialect: DialectName,
    /// Reject anything outside the grammar (by default a violation that
    /// leaves the URL readable is a warning)
    #[arg(long)]
    pub strict: bool,
    /// Show passwords in output and diagnostics; by default each is shown
    /// as "****" (an empty password stays "")
    #[arg(long)]
    pub show_password: bool,
    #[command(flatten)]
    pub input: LineLimit,
}

impl UrlOptions {
    /// The parser these options ask for.
    pub fn parse_options(&self) -> ParseOptions {
        ParseOptions::new()
            .dialect(self.dialect.into())
            .strict(self.strict)
    }

    /// The bytes of `input` to hide in what is shown of it.
    pub fn mask(&self, input: &[u8]) -> Option<std::ops::Range<usize>> {
        if self.show_password {
            None
        } else {
            password::locate(input, self.dialect.into())
        }
    }

    /// `url` as it may be shown: its non-empty password as `****` unless
    /// `--show-password`. The one redaction of URLs for every output.
    pub fn masked<'u>(&self, url: &'u str) -> Cow<'u, str> {
        password::masked(url, self.dialect.into(), self.show_password)
    }

    /// `url` as a terminal is shown it: [`UrlOptions::masked`], then
    /// every character that acts on a terminal escaped.
    pub fn on_terminal(&self, url: &str) -> String {
        uniform::visible::escaped(&self.masked(url)).into_owned()
    }

    /// Draws `error` under `input` (its password masked) onto `out`.
    ///
    /// # Errors
    ///
    /// A failure to write.
    pub fn draw(
        &self,
        out: &mut dyn Write,
        severity: Severity,
        error: &ParseError,
        input: &[u8],
    ) -> io::Result<()> {
        let mask = self.mask(input);
        write!(
            out,
            "{}",
            Diagnostic {
                severity,
                error,
                input,
                mask
            }
        )
    }
}

/// Writes one line of a report or a message onto `out`: `args`
/// formatted, every character that acts on a terminal escaped
/// (`uniform::visible::line`: the values and the text around them, a
/// line feed inside a value too), then `"\n"`, in one write so that
/// lines from several threads do not interleave. Every line the commands
/// compose goes through here, by [`say!`]; what is not a line of text
/// (an object fetched, octets decoded) does not.
///
/// # Errors
///
/// A failure to write.
pub fn say_line(out: &mut (impl Write + ?Sized), args: std::fmt::Arguments<'_>) -> io::Result<()> {
    let mut line = uniform::visible::line(args);
    line.push('\n');
    out.write_all(line.as_bytes())
}

/// `say!(out, "format", args...)`: one line onto `out` (a writer, such
/// as `io::stderr()` or a buffer), escaped by [`say_line`]; its
/// `io::Result` is the caller's to use or drop.
macro_rules! say {
    ($out:expr, $($arg:tt)*) => {
        $crate::cmd::say_line(&mut $out, format_args!($($arg)*))
    };
}
pub(crate) use say;

/// Standard output, locked and buffered for the whole run.
pub fn stdout() -> BufWriter<StdoutLock<'static>> {
    BufWriter::with_capacity(64 * 1024, io::stdout().lock())
}

/// A URL read from a line: borrowed from it, or, under the WHATWG
/// dialect, owned, since that URL is the line's serialization (its
/// `href`), which need not be the line.
#[derive(Debug)]
pub enum Parsed<'a> {
    /// The line itself.
    Borrowed(uniform::UrlRef<'a>),
    /// The serialization of the line.
    Owned(uniform::Url),
}

impl Parsed<'_> {
    /// The URL.
    pub fn url(&self) -> uniform::UrlRef<'_> {
        match self {
            Parsed::Borrowed(u) => *u,
            Parsed::Owned(u) => u.as_url_ref(),
        }
    }
}

/// Parses bytes that should be a URL: a line that is not UTF-8 is an
/// error at its first bad byte.
pub fn parse_bytes<'a>(
    options: ParseOptions,
    input: &'a [u8],
    warnings: &mut Vec<ParseError>,
) -> Result<Parsed<'a>, ParseError> {
    match std::str::from_utf8(input) {
        Ok(s) if options.get_dialect() == Dialect::Whatwg => {
            options.parse_owned(s, warnings).map(Parsed::Owned)
        }
        Ok(s) => options
            .parse_with_warnings(s, warnings)
            .map(Parsed::Borrowed),
        Err(_) => options.parse_bytes(input).map(Parsed::Borrowed),
    }
}
