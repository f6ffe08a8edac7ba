//! `uniform normalize URL...`: the canonical form of each URL.

use crate::bulk::{Record, Sink};
use crate::caret::Severity;
use crate::cmd::lines::{LineArgs, run_lines};
use crate::cmd::{self, Run, Status, UrlOptions};
use crate::json;
use crate::password;
use std::io;
use uniform::ParseError;

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
    #[command(flatten)]
    lines: LineArgs,
}

impl Run for Args {
    fn run(self) -> io::Result<Status> {
        let normalizer = Normalizer {
            options: self.lines.options,
            json: self.lines.json,
        };
        run_lines(self.lines, &normalizer)
    }
}

struct Normalizer {
    options: UrlOptions,
    json: bool,
}

/// A thread's buffers, kept from one URL to the next.
#[derive(Default)]
struct Scratch {
    warnings: Vec<ParseError>,
    text: String,
}

impl Record for Normalizer {
    type State = Scratch;

    fn state(&self) -> Scratch {
        Scratch::default()
    }

    fn record(&self, s: &mut Scratch, _: u64, input: &[u8], sink: &mut Sink) -> bool {
        s.warnings.clear();
        let parse = self.options.parse_options();
        let url = cmd::parse_bytes(parse, input, &mut s.warnings);
        let canonical = url.as_ref().ok().map(|u| u.url().canonical());
        if self.json {
            let buf = &mut sink.out;
            let mask = self.options.mask(input);
            buf.extend_from_slice(b"{\"input\":");
            json::string(buf, &password::shown(input, mask));
            buf.extend_from_slice(b",\"valid\":");
            json::boolean(buf, url.is_ok());
            buf.extend_from_slice(b",\"normalized\":");
            // The canonical form is a URL of the same dialect: its password
            // is found the way the input's is.
            let shown = canonical.as_deref().map(|c| self.options.masked(c));
            json::opt_string(buf, shown.as_deref());
            buf.extend_from_slice(b",\"warnings\":");
            json::errors(buf, &s.warnings, &mut s.text);
            buf.extend_from_slice(b",\"error\":");
            match &url {
                Ok(_) => buf.extend_from_slice(b"null"),
                Err(e) => json::error(buf, e, &mut s.text),
            }
            buf.extend_from_slice(b"}\n");
        } else {
            // Standard output holds the canonical forms alone, so the
            // repairs of a lenient parse ("%zz" became "%25zz") are
            // told on standard error, where they cannot pass unseen
            // into a pipe.
            for w in &s.warnings {
                let _ = self
                    .options
                    .draw(&mut sink.err, Severity::Warning, w, input);
            }
            match (&canonical, &url) {
                (Some(c), _) => {
                    sink.out
                        .extend_from_slice(self.options.on_terminal(c).as_bytes());
                    sink.out.push(b'\n');
                }
                (None, Err(e)) => {
                    let _ = self.options.draw(&mut sink.err, Severity::Error, e, input);
                }
                (None, Ok(_)) => {}
            }
        }
        url.is_ok()
    }
}
