//! `uniform extract [FILE|-]`: the URLs found in free text.

use crate::cmd::{self, DialectName, Run, Status};
use crate::{json, password};
use std::borrow::Cow;
use std::fs::File;
use std::io::{self, Read, Write};
use std::path::PathBuf;
use uniform::extract::{Finder, Kind};
use uniform::visible::escaped;
use uniform::{Dialect, ParseOptions};

const HELP: &str = "\
Prints the URLs found in the text, one a line, in the order found, each as it
is once its wrapper (<URL:...>, <...>) and the whitespace of a broken line
are removed (RFC 1738 appendix, \"Recommendations for URLs in Context\"). A
line broken right after a hyphen is joined with the hyphen kept, and the URL
is marked ambiguous: the RFC says the hyphen may or may not be part of it.

Unwrapped URLs of the seeds' schemes are found in prose without trailing
sentence punctuation or an unbalanced closing bracket or quote; www. and ftp.
hosts too; --fuzzy adds bare host names, IP addresses, mail addresses and
network paths (//host/x). What is found without a scheme is printed with the
scheme it stands for: http:// before a host name (ftp:// before an ftp. one),
mailto: before a mail address, http: before a network path.

Hosts with \"_\" are found (RFC 3986's reg-name and RFC 1630's hostname allow
it; RFC 1738's hostname does not): after a scheme or in a wrapper anywhere
but at the host's end (http://a_b.example.com/x), without a scheme (www.,
--fuzzy) only below the last two labels: www.a_b.example.com is found,
www.foo_bar.com and test_utils.py are not. What is found does not depend on
--dialect.

--dialect (default rfc1738) is the grammar each URL found is checked by:
--json gives its warnings, and without --json a note on standard error says
how many of the URLs found break it (the URLs are still printed, one a
line). Under rfc1738 a host with \"_\" is a bad-host warning, under rfc3986 it
is none.

The text is read in chunks: memory does not grow with its size. --json adds
byte offsets: {url, start, end, wrapped, ambiguous, text, kind, warnings},
where text is the URL as found (without its wrapper), kind one of absolute,
host, email, network-path, and warnings what url breaks of the --dialect
grammar, an array of {offset, kind, message} as in parse --json (offsets
count the bytes of url, its password unmasked); error {offset, kind,
message} is there only when url is no URL by that grammar.

Exit status: 0 when at least one URL was found, 1 when none, 2 for a usage
error.";

/// Find the URLs in free text
#[derive(clap::Args, Debug)]
#[command(after_long_help = HELP)]
pub struct Args {
    /// The text; "-" or nothing reads standard input
    #[arg(value_name = "FILE")]
    file: Option<PathBuf>,
    /// Print one JSON object per URL: {url, start, end, wrapped, ambiguous,
    /// text, kind, warnings}
    #[arg(long)]
    json: bool,
    /// The grammar each URL found is checked by (what is found does not
    /// depend on it)
    #[arg(long, value_enum, value_name = "DIALECT", default_value_t = DialectName::Rfc1738)]
    dialect: DialectName,
    /// Also find bare host names, IP addresses and mail addresses
    #[arg(long)]
    fuzzy: bool,
    /// Show passwords in output; by default each is shown as "****"
    #[arg(long)]
    show_password: bool,
}

impl Args {
    /// A URL found, its password masked unless --show-password (RFC
    /// 3986's reading of userinfo, the widest).
    fn masked<'u>(&self, url: &'u str) -> Cow<'u, str> {
        password::masked(url, uniform::Dialect::Rfc3986, self.show_password)
    }
}

impl Run for Args {
    fn run(self) -> io::Result<Status> {
        let input: Box<dyn Read> = match &self.file {
            // The error of `open` does not name the file; main prints only
            // the error, so the name goes into it.
            Some(p) if p.as_os_str() != "-" => Box::new(
                File::open(p)
                    .map_err(|e| io::Error::new(e.kind(), format!("{}: {e}", p.display())))?,
            ),
            _ => Box::new(io::stdin().lock()),
        };
        let mut out = cmd::stdout();
        let mut found = 0usize;
        let mut flagged = 0usize;
        let mut buf = Vec::new();
        let mut warnings = Vec::new();
        let mut scratch = String::new();
        let dialect = Dialect::from(self.dialect);
        let check = ParseOptions::new().dialect(dialect);
        for item in Finder::new().fuzzy(self.fuzzy).reader(input) {
            let f = item?;
            found += 1;
            warnings.clear();
            let checked = f.check(check, &mut warnings);
            // Advice (a scheme's own rule under RFC 3986, a port past
            // 65535 there) breaks nothing of the dialect.
            flagged += usize::from(checked.is_err() || warnings.iter().any(|w| !w.is_advice()));
            // A host name or an address found without a scheme is no URL
            // (DESIGN.md: "One URL a line"): it is shown with the scheme
            // it stands for, and --json keeps the text as found.
            let url = f.absolute();
            if self.json {
                buf.clear();
                buf.extend_from_slice(b"{\"url\":");
                json::string(&mut buf, &self.masked(&url));
                buf.extend_from_slice(
                    format!(
                        ",\"start\":{},\"end\":{},\"wrapped\":{},\"ambiguous\":{}",
                        f.start, f.end, f.wrapped, f.ambiguous
                    )
                    .as_bytes(),
                );
                buf.extend_from_slice(b",\"text\":");
                json::string(&mut buf, &self.masked(&f.url));
                buf.extend_from_slice(b",\"kind\":");
                json::string(&mut buf, kind_name(f.kind));
                buf.extend_from_slice(b",\"warnings\":");
                json::errors(&mut buf, &warnings, &mut scratch);
                if let Err(e) = &checked {
                    buf.extend_from_slice(b",\"error\":");
                    json::error(&mut buf, e, &mut scratch);
                }
                buf.extend_from_slice(b"}\n");
                out.write_all(&buf)?;
            } else {
                writeln!(out, "{}", escaped(&self.masked(&url)))?;
            }
        }
        out.flush()?;
        // Scripts read standard output one URL a line: what the dialect
        // says of them goes to standard error, once, and --json has it
        // per URL.
        if flagged > 0 && !self.json {
            let mut err = io::stderr().lock();
            writeln!(
                err,
                "uniform: note: URLs found: {found}; breaking {}: {flagged} (--json gives the warnings of each)",
                dialect_title(dialect)
            )?;
        }
        Ok(Status::from_ok(found > 0))
    }
}

/// How the note names a dialect.
fn dialect_title(d: Dialect) -> &'static str {
    match d {
        Dialect::Rfc1738 => "RFC 1738",
        Dialect::Rfc1630 => "RFC 1630",
        Dialect::Rfc3986 => "RFC 3986",
        Dialect::Whatwg => "the URL Standard",
    }
}

/// The --json name of a kind.
fn kind_name(kind: Kind) -> &'static str {
    match kind {
        Kind::Absolute => "absolute",
        Kind::Host => "host",
        Kind::Email => "email",
        Kind::NetworkPath => "network-path",
        // `Kind` is non-exhaustive: a kind added later is still shown.
        _ => "other",
    }
}
