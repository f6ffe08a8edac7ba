//! `uniform normalize URL...`: the canonical form of each URL.

use crate::caret::Severity;
use crate::cmd::{self, Run, Status, UrlOptions};
use crate::input::{Bom, Inputs};
use crate::json;
use std::ffi::OsString;
use std::io::{self, Write};

const HELP: &str = "\
Prints the canonical form of each URL on its own line: scheme and host in
lower case, the default port and an empty port dropped, escapes of characters
that need none decoded and the others in upper-case hex, unsafe characters
encoded. An encoded reserved character is never decoded (RFC 1630), so two
URLs are equivalent exactly when their canonical forms are equal.

The canonical form is the URL itself, password included. An invalid URL
prints nothing on standard output and its error, drawn with a caret (the
password masked unless --show-password), on standard error; --json keeps one
object per input: {input, valid, normalized, error}.

By default a URL is read leniently, so that a violation that leaves it
readable is repaired (\"a b\" becomes \"a%20b\"); with --strict it is an
error. Standard input (\"-\"): one URL per line, a leading byte order mark
dropped.

Exit status: 0 when every URL is valid, 1 when one is not, 2 for a usage
error.";

/// Print the canonical form of each URL
#[derive(clap::Args, Debug)]
#[command(after_long_help = HELP)]
pub struct Args {
    /// The URLs; "-" reads one per line from standard input
    #[arg(value_name = "URL", required = true)]
    urls: Vec<OsString>,
    #[command(flatten)]
    options: UrlOptions,
    /// Print one JSON object per URL (JSON Lines)
    #[arg(long)]
    json: bool,
}

impl Run for Args {
    fn run(self) -> io::Result<Status> {
        let mut out = cmd::stdout();
        let mut inputs = Inputs::new(self.urls, Bom::Strip);
        let parse = self.options.parse_options();
        let mut buf = Vec::new();
        let mut scratch = String::new();
        let mut ok = true;
        while let Some(input) = inputs.next(&mut out)? {
            let url = parse.parse_bytes(input);
            ok &= url.is_ok();
            let canonical = url.as_ref().ok().map(|u| u.canonical());
            if self.json {
                buf.clear();
                buf.extend_from_slice(b"{\"input\":");
                json::string(&mut buf, &String::from_utf8_lossy(input));
                buf.extend_from_slice(b",\"valid\":");
                json::boolean(&mut buf, url.is_ok());
                buf.extend_from_slice(b",\"normalized\":");
                json::opt_string(&mut buf, canonical.as_deref());
                buf.extend_from_slice(b",\"error\":");
                match &url {
                    Ok(_) => buf.extend_from_slice(b"null"),
                    Err(e) => json::error(&mut buf, e, &mut scratch),
                }
                buf.extend_from_slice(b"}\n");
                out.write_all(&buf)?;
            } else if let Some(c) = canonical {
                out.write_all(c.as_bytes())?;
                out.write_all(b"\n")?;
            } else if let Err(e) = &url {
                self.options
                    .draw(&mut io::stderr().lock(), Severity::Error, e, input)?;
            }
        }
        out.flush()?;
        Ok(Status::from_ok(ok))
    }
}
