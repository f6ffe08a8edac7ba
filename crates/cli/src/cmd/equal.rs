//! `uniform equal A B`: whether two URLs are equivalent.

use crate::caret::Severity;
use crate::cmd::{self, Run, Status, UrlOptions};
use std::ffi::OsString;
use std::io::{self, Write};

const HELP: &str = "\
Two URLs are equivalent when their canonical forms (see `uniform normalize`)
are equal: case of scheme and host, default ports and needless escapes do not
matter, but an encoded reserved character is never the same as the character
(RFC 1630: \"/albert/bertram%2Fmarie-claude\" is not \"/albert/bertram/marie-claude\").

Prints `equal` or `different`. When either URL is invalid, its error is drawn
on standard error (the password masked unless --show-password) and nothing
is printed.

Exit status: 0 when equal, 1 when different or invalid, 2 for a usage error.";

/// Tell whether two URLs are equivalent (exit 0) or not (exit 1)
#[derive(clap::Args, Debug)]
#[command(after_long_help = HELP)]
pub struct Args {
    /// The first URL
    #[arg(value_name = "A")]
    a: OsString,
    /// The second URL
    #[arg(value_name = "B")]
    b: OsString,
    #[command(flatten)]
    options: UrlOptions,
}

impl Run for Args {
    fn run(self) -> io::Result<Status> {
        let parse = self.options.parse_options();
        let (a, b) = (self.a.as_encoded_bytes(), self.b.as_encoded_bytes());
        match (parse.parse_bytes(a), parse.parse_bytes(b)) {
            (Ok(a), Ok(b)) => {
                let equal = a.equivalent(&b);
                let mut out = cmd::stdout();
                out.write_all(if equal { b"equal\n" } else { b"different\n" })?;
                out.flush()?;
                Ok(Status::from_ok(equal))
            }
            (ra, rb) => {
                let mut err = io::stderr().lock();
                for (input, r) in [(a, ra), (b, rb)] {
                    if let Err(e) = r {
                        self.options.draw(&mut err, Severity::Error, &e, input)?;
                    }
                }
                Ok(Status::Failure)
            }
        }
    }
}
