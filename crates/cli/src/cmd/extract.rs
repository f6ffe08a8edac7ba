//! `uniform extract [FILE|-]`: the URLs found in free text.

use crate::cmd::{self, Run, Status};
use crate::{json, password};
use std::borrow::Cow;
use std::fs::File;
use std::io::{self, Read, Write};
use std::path::PathBuf;
use uniform::extract::{Finder, Kind};
use uniform::visible::escaped;

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

The text is read in chunks: memory does not grow with its size. --json adds
byte offsets: {url, start, end, wrapped, ambiguous, text, kind}, where text
is the URL as found (without its wrapper) and kind one of absolute, host,
email, network-path.

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
    /// text, kind}
    #[arg(long)]
    json: bool,
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
        let mut buf = Vec::new();
        for item in Finder::new().fuzzy(self.fuzzy).reader(input) {
            let f = item?;
            found += 1;
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
                buf.extend_from_slice(b"}\n");
                out.write_all(&buf)?;
            } else {
                writeln!(out, "{}", escaped(&self.masked(&url)))?;
            }
        }
        out.flush()?;
        Ok(Status::from_ok(found > 0))
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
