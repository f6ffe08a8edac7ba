//! `uniform normalize URL...`: the canonical form of each URL.

use crate::caret::Severity;
use crate::cmd::{self, Run, Status, UrlOptions};
use crate::input::{Bom, Inputs};
use crate::json;
use crate::password;
use std::ffi::OsString;
use std::io::{self, Write};

const HELP: &str = "\
Prints the canonical form of each URL on its own line: scheme and host in
lower case, the default port and an empty port dropped, escapes of unreserved
characters decoded (letters, digits, \"-\", \".\", \"_\", and \"~\" under
--dialect rfc3986) and the others in upper-case hex, unsafe characters
encoded. An escape of a character reserved by RFC 1738, RFC 1630 or RFC 3986
(: / ? # [ ] @ ! $ & ' ( ) * + , ; =) is never decoded, in any component,
dialect or scheme, since a server may read the two differently: \"?a=%26\"
stays, and \"?a+b\" is not \"?a%2Bb\". Two URLs are equivalent exactly when
their canonical forms are equal.

The text output is the canonical form itself, password included. An invalid URL
prints nothing on standard output and its error, drawn with a caret (the
password masked unless --show-password), on standard error; --json keeps one
object per input: {input, valid, normalized, warnings, error}, where input and
normalized show a non-empty password as \"****\" unless --show-password, and
warnings is an array of {offset, kind, message} (offsets in the input).

By default a URL is read leniently, so that a violation that leaves it
readable is repaired (\"a b\" becomes \"a%20b\"); with --strict it is an
error. Each repair is drawn as a warning on standard error (in --json, it is
in warnings). Standard input (\"-\"): one URL per line, a leading byte order mark
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
        let mut inputs = Inputs::new(self.urls, Bom::Strip, self.options.input);
        let parse = self.options.parse_options();
        let mut buf = Vec::new();
        let mut scratch = String::new();
        let mut warnings = Vec::new();
        let mut ok = true;
        while let Some(input) = inputs.next(&mut out)? {
            warnings.clear();
            let url = cmd::parse_bytes(parse, input, &mut warnings);
            ok &= url.is_ok();
            let canonical = url.as_ref().ok().map(|u| u.canonical());
            if self.json {
                let mask = self.options.mask(input);
                buf.clear();
                buf.extend_from_slice(b"{\"input\":");
                json::string(&mut buf, &password::shown(input, mask));
                buf.extend_from_slice(b",\"valid\":");
                json::boolean(&mut buf, url.is_ok());
                buf.extend_from_slice(b",\"normalized\":");
                // The canonical form is a URL of the same dialect: its password
                // is found the way the input's is.
                let shown = canonical.as_deref().map(|c| self.options.masked(c));
                json::opt_string(&mut buf, shown.as_deref());
                buf.extend_from_slice(b",\"warnings\":");
                json::errors(&mut buf, &warnings, &mut scratch);
                buf.extend_from_slice(b",\"error\":");
                match &url {
                    Ok(_) => buf.extend_from_slice(b"null"),
                    Err(e) => json::error(&mut buf, e, &mut scratch),
                }
                buf.extend_from_slice(b"}\n");
                out.write_all(&buf)?;
            } else {
                // Standard output holds the canonical forms alone, so the
                // repairs of a lenient parse ("%zz" became "%25zz") are
                // told on standard error, where they cannot pass unseen
                // into a pipe.
                let mut err = io::stderr().lock();
                for w in &warnings {
                    self.options.draw(&mut err, Severity::Warning, w, input)?;
                }
                match (&canonical, &url) {
                    (Some(c), _) => {
                        out.write_all(self.options.on_terminal(c).as_bytes())?;
                        out.write_all(b"\n")?;
                    }
                    (None, Err(e)) => self.options.draw(&mut err, Severity::Error, e, input)?,
                    (None, Ok(_)) => {}
                }
            }
        }
        out.flush()?;
        Ok(Status::from_ok(ok && inputs.all_read()))
    }
}
