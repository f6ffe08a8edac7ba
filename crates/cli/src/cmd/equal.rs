//! `uniform equal A B`: whether two URLs are equivalent.

use crate::caret::Severity;
use crate::cmd::Parsed;
use crate::cmd::{self, Run, Status, UrlOptions};
use crate::input::{Bom, Inputs};
use crate::json;
use crate::password;
use std::ffi::OsString;
use std::io::{self, Write};
use uniform::ParseError;

const HELP: &str = "\
Two URLs are equivalent when their canonical forms (see `uniform normalize`)
are equal: case of scheme and host, default ports and escapes of unreserved
characters do not matter, but an escape of a character reserved by RFC 1738,
RFC 1630 or RFC 3986 is never the same as the character, whatever the scheme
(RFC 1630: \"/albert/bertram%2Fmarie-claude\" is not \"/albert/bertram/marie-claude\";
\"?a+b\" is not \"?a%2Bb\", nor \"?a=1%26b=2\" \"?a=1&b=2\").

Prints `equal` or `different`. When either URL is invalid, its error is drawn
on standard error (the password masked unless --show-password) and nothing
is printed. What the lenient parse repaired in either URL (a \"%\" that starts
no escape, an unsafe character) is drawn as a warning on standard error, since
the repair may be what made them equal; --strict refuses it instead.

Standard input: `uniform equal -` reads pairs, one a line, the two URLs
separated by spaces or tabs (a URL holds no unencoded space), and prints
`equal` or `different` for each line. A \"-\" given with another URL, or
twice, stands for the next line of standard input.

--json: one object per pair: {a, b, equal, a_warnings, b_warnings, a_error,
b_error}; a and b as given (a non-empty password as \"****\" unless
--show-password), equal is null when either URL is invalid, the warnings are
arrays and the errors null or {offset, kind, message}.

Exit status: 0 when every pair is equal, 1 when one is different or invalid,
2 for a usage error.";

/// Tell whether two URLs are equivalent (exit 0) or not (exit 1)
#[derive(clap::Args, Debug)]
#[command(after_long_help = HELP)]
pub struct Args {
    /// The first URL; "-" alone reads pairs from standard input
    #[arg(value_name = "A")]
    a: OsString,
    /// The second URL; "-" reads it from standard input
    #[arg(value_name = "B")]
    b: Option<OsString>,
    #[command(flatten)]
    options: UrlOptions,
    /// Print one JSON object per pair (JSON Lines)
    #[arg(long)]
    json: bool,
}

impl Run for Args {
    fn run(self) -> io::Result<Status> {
        let mut out = cmd::stdout();
        let mut ok = true;
        match &self.b {
            None if self.a == "-" => {
                let mut inputs = Inputs::new(vec![self.a.clone()], Bom::Strip, self.options.input);
                let mut line_no = 0usize;
                while let Some(line) = inputs.next(&mut out)? {
                    line_no += 1;
                    let line = line.to_vec();
                    match split_pair(&line) {
                        Some((a, b)) => ok &= self.pair(&mut out, a, b)?,
                        None => {
                            out.flush()?;
                            writeln!(
                                io::stderr(),
                                "uniform: line {line_no} of standard input: expected two URLs \
                                 separated by spaces or tabs"
                            )?;
                            ok = false;
                        }
                    }
                }
                ok &= inputs.all_read();
            }
            None => {
                writeln!(
                    io::stderr(),
                    "uniform: equal needs two URLs, or \"-\" alone to read pairs from standard input"
                )?;
                return Ok(Status::Usage);
            }
            Some(b) => {
                // Each "-" takes the next line, so `equal - -` compares the
                // first two lines.
                let mut inputs = Inputs::new(vec!["-".into()], Bom::Strip, self.options.input);
                let mut operand = |arg: &OsString, out: &mut dyn Write| -> io::Result<Vec<u8>> {
                    if arg == "-" {
                        Ok(inputs.next(out)?.unwrap_or_default().to_vec())
                    } else {
                        Ok(arg.as_encoded_bytes().to_vec())
                    }
                };
                let a = operand(&self.a, &mut out)?;
                let b = operand(b, &mut out)?;
                ok = self.pair(&mut out, &a, &b)? && inputs.all_read();
            }
        }
        out.flush()?;
        Ok(Status::from_ok(ok))
    }
}

impl Args {
    /// Compares one pair and prints the answer; `true` when equal.
    fn pair(&self, out: &mut dyn Write, a: &[u8], b: &[u8]) -> io::Result<bool> {
        let parse = self.options.parse_options();
        let (mut wa, mut wb) = (Vec::new(), Vec::new());
        let ra = cmd::parse_bytes(parse, a, &mut wa);
        let rb = cmd::parse_bytes(parse, b, &mut wb);
        let equal = match (&ra, &rb) {
            (Ok(x), Ok(y)) => Some(x.url().equivalent(&y.url())),
            _ => None,
        };
        if self.json {
            let mut buf = Vec::new();
            let mut scratch = String::new();
            buf.extend_from_slice(b"{\"a\":");
            json::string(&mut buf, &password::shown(a, self.options.mask(a)));
            buf.extend_from_slice(b",\"b\":");
            json::string(&mut buf, &password::shown(b, self.options.mask(b)));
            buf.extend_from_slice(b",\"equal\":");
            match equal {
                Some(e) => json::boolean(&mut buf, e),
                None => buf.extend_from_slice(b"null"),
            }
            buf.extend_from_slice(b",\"a_warnings\":");
            json::errors(&mut buf, &wa, &mut scratch);
            buf.extend_from_slice(b",\"b_warnings\":");
            json::errors(&mut buf, &wb, &mut scratch);
            for (key, r) in [(&b",\"a_error\":"[..], &ra), (b",\"b_error\":", &rb)] {
                buf.extend_from_slice(key);
                error_or_null(&mut buf, r, &mut scratch);
            }
            buf.extend_from_slice(b"}\n");
            out.write_all(&buf)?;
            return Ok(equal == Some(true));
        }
        // The diagnostics go out in step with the answers on a stream.
        out.flush()?;
        let mut err = io::stderr().lock();
        for (input, warnings, r) in [(a, &wa, &ra), (b, &wb, &rb)] {
            for w in warnings {
                self.options.draw(&mut err, Severity::Warning, w, input)?;
            }
            if let Err(e) = r {
                self.options.draw(&mut err, Severity::Error, e, input)?;
            }
        }
        if let Some(e) = equal {
            out.write_all(if e { b"equal\n" } else { b"different\n" })?;
        }
        Ok(equal == Some(true))
    }
}

fn error_or_null(buf: &mut Vec<u8>, r: &Result<Parsed<'_>, ParseError>, scratch: &mut String) {
    match r {
        Ok(_) => buf.extend_from_slice(b"null"),
        Err(e) => json::error(buf, e, scratch),
    }
}

/// The two URLs of a line of `equal -`: split at the first run of spaces
/// and tabs, the line's own leading and trailing ones dropped; `None`
/// unless there are exactly two.
fn split_pair(line: &[u8]) -> Option<(&[u8], &[u8])> {
    let blank = |b: &u8| *b == b' ' || *b == b'\t';
    let start = line.iter().position(|b| !blank(b))?;
    let end = line.iter().rposition(|b| !blank(b))? + 1;
    let line = &line[start..end];
    let gap = line.iter().position(blank)?;
    let b_start = gap + line[gap..].iter().position(|b| !blank(b))?;
    let (a, b) = (&line[..gap], &line[b_start..]);
    (!b.iter().any(blank)).then_some((a, b))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pair_is_two_urls_between_blanks() {
        fn pair(l: &str) -> Option<(&[u8], &[u8])> {
            split_pair(l.as_bytes())
        }
        assert_eq!(
            pair("http://A/ http://a/"),
            Some((&b"http://A/"[..], &b"http://a/"[..]))
        );
        assert_eq!(pair(" \ta\t \tb \t"), Some((&b"a"[..], &b"b"[..])));
        for bad in ["", " ", "a", "a ", "a b c"] {
            assert_eq!(pair(bad), None, "{bad:?}");
        }
    }
}
