//! `uniform encode` and `uniform decode`: percent-encoding (RFC 1738
//! section 2.2).

use crate::bulk::{Jobs, Record, Sink};
use crate::caret::{Note, Severity};
use crate::cmd::lines::run_inputs;
use crate::cmd::{self, Run, Status};
use crate::input::{Bom, Inputs, LineLimit};
use crate::json;
use clap::builder::PossibleValuesParser;
use std::ffi::OsString;
use std::fmt;
use std::io::{self, Write};
use uniform::pct::{self, EncodeSet};

const ENCODE_HELP: &str = "\
Each TEXT is encoded byte for byte (UTF-8 text gives one escape per byte)
and printed on its own line. Every set encodes the control characters, the
space, the octets 80-FF and the unsafe characters <>\"#%{}|\\^~[]` of RFC 1738
section 2.2; each adds the characters its component reserves. The default,
`reserved`, also encodes ;/?:@&= so that TEXT is safe as one opaque piece of
any component. `--list-sets` shows what each set encodes.

With \"-\", each line of standard input is encoded (its \"\\n\" or \"\\r\\n\" is
not); a literal \"-\" needs no encoding. --json prints one object per text:
{input, output} (a text that is not UTF-8 shows U+FFFD in input).";

const DECODE_HELP: &str = "\
Each %XX is replaced by its octet. A \"%\" not followed by two hex digits is
not an escape (RFC 1738 section 2.2; RFC 1630, \"Encoding reserved
characters\", example 3): it stays as it is and a warning naming its byte
offset is drawn on standard error; with --strict it is an error, the text is
not decoded and the exit status is 1. The octets are written as they are, not as text, so binary
data survives: `uniform decode -n %FF%00 > file` writes two bytes. Each
decoded TEXT is followed by a newline unless -n is given. They are the
data asked for, as fetch's object is, so a control among them (%1B, %0D)
is written too, to a terminal as to a file; the warnings on standard error
and --json show it escaped.

With \"-\", each line of standard input is decoded (its \"\\n\" or \"\\r\\n\" is
not); a literal \"-\" decodes to itself. --json prints one object per text:
{input, output, warnings}, and error ({offset, kind, message}) when --strict
refuses it (output is then null); octets that are not UTF-8 show as U+FFFD.

Exit status: 0 when every text decodes, 1 when --strict refuses one, 2 for a
usage error.";

/// Percent-encode text for use in a URL
#[derive(clap::Args, Debug)]
#[command(after_long_help = ENCODE_HELP)]
pub struct EncodeArgs {
    /// The texts; "-" reads one per line from standard input
    #[arg(value_name = "TEXT", required_unless_present = "list_sets")]
    texts: Vec<OsString>,
    /// The characters to encode, named for the component the text goes in
    #[arg(
        long,
        value_name = "NAME",
        default_value = "reserved",
        value_parser = PossibleValuesParser::new(EncodeSet::NAMES.iter().map(|(name, _)| *name)),
    )]
    set: String,
    /// List the sets and the printable characters each one encodes
    #[arg(long, exclusive = true)]
    list_sets: bool,
    /// Print one JSON object per text: {input, output}
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    input: LineLimit,
    #[command(flatten)]
    jobs: Jobs,
}

impl Run for EncodeArgs {
    fn run(self) -> io::Result<Status> {
        if self.list_sets {
            let mut out = cmd::stdout();
            list_sets(&mut out)?;
            out.flush()?;
            return Ok(Status::Success);
        }
        let Some(set) = EncodeSet::by_name(&self.set) else {
            // Unreachable: clap accepted only the names of `NAMES`.
            let _ = writeln!(io::stderr(), "uniform: unknown set {:?}", self.set);
            return Ok(Status::Usage);
        };
        let encoder = Encoder {
            set,
            json: self.json,
        };
        // A text is data, not a URL: a byte order mark in it is kept.
        let inputs = Inputs::new(self.texts, Bom::Keep, self.input);
        run_inputs(inputs, self.jobs, &encoder)
    }
}

struct Encoder {
    set: EncodeSet,
    json: bool,
}

impl Record for Encoder {
    type State = ();

    fn state(&self) {}

    fn record(&self, _: &mut (), _: u64, text: &[u8], sink: &mut Sink) -> bool {
        let encoded = pct::encode(text, &self.set);
        let buf = &mut sink.out;
        if self.json {
            buf.extend_from_slice(b"{\"input\":");
            json::string(buf, &String::from_utf8_lossy(text));
            buf.extend_from_slice(b",\"output\":");
            json::string(buf, &encoded);
            buf.extend_from_slice(b"}\n");
        } else {
            buf.extend_from_slice(encoded.as_bytes());
            buf.push(b'\n');
        }
        true
    }
}

/// One line per set: its name and the printable characters it encodes
/// beyond the space, the controls and 80-FF, which every set encodes.
fn list_sets(out: &mut dyn Write) -> io::Result<()> {
    let width = EncodeSet::NAMES
        .iter()
        .map(|(n, _)| n.len())
        .max()
        .unwrap_or(0);
    for (name, set) in EncodeSet::NAMES {
        let chars: String = (0x21u8..0x7f)
            .filter(|&b| set.contains(b))
            .map(char::from)
            .collect();
        writeln!(out, "{name:<width$}  {chars}")?;
    }
    Ok(())
}

/// Percent-decode text, writing the raw octets
#[derive(clap::Args, Debug)]
#[command(after_long_help = DECODE_HELP)]
pub struct DecodeArgs {
    /// The texts; "-" reads one per line from standard input
    #[arg(value_name = "TEXT", required = true)]
    texts: Vec<OsString>,
    /// Do not write a newline after each decoded text
    #[arg(short = 'n', long, conflicts_with = "json")]
    no_newline: bool,
    /// Refuse a "%" not followed by two hex digits (by default it is kept
    /// and drawn as a warning)
    #[arg(long)]
    strict: bool,
    /// Print one JSON object per text: {input, output, warnings}
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    input: LineLimit,
    #[command(flatten)]
    jobs: Jobs,
}

impl Run for DecodeArgs {
    fn run(self) -> io::Result<Status> {
        let decoder = Decoder {
            strict: self.strict,
            json: self.json,
            no_newline: self.no_newline,
        };
        let inputs = Inputs::new(self.texts, Bom::Keep, self.input);
        run_inputs(inputs, self.jobs, &decoder)
    }
}

struct Decoder {
    strict: bool,
    json: bool,
    no_newline: bool,
}

impl Record for Decoder {
    type State = ();

    fn state(&self) {}

    fn record(&self, _: &mut (), _: u64, text: &[u8], sink: &mut Sink) -> bool {
        let bad: Vec<BadEscape> = bad_escapes(text).collect();
        let refused = self.strict && !bad.is_empty();
        // Strict stops at the first bad escape, as a parse does.
        let (warnings, error) = if self.strict {
            (&[][..], bad.first())
        } else {
            (&bad[..], None)
        };
        if self.json {
            let buf = &mut sink.out;
            buf.extend_from_slice(b"{\"input\":");
            json::string(buf, &String::from_utf8_lossy(text));
            buf.extend_from_slice(b",\"output\":");
            if refused {
                buf.extend_from_slice(b"null");
            } else {
                json::string(buf, &String::from_utf8_lossy(&pct::decode(text)));
            }
            buf.extend_from_slice(b",\"warnings\":[");
            for (i, w) in warnings.iter().enumerate() {
                if i > 0 {
                    buf.push(b',');
                }
                w.json(buf);
            }
            buf.push(b']');
            if let Some(e) = error {
                buf.extend_from_slice(b",\"error\":");
                e.json(buf);
            }
            buf.extend_from_slice(b"}\n");
            return !refused;
        }
        for w in warnings {
            let _ = write!(sink.err, "{}", w.note(Severity::Warning, text));
        }
        if let Some(e) = error {
            let _ = write!(sink.err, "{}", e.note(Severity::Error, text));
            return !refused;
        }
        sink.out.extend_from_slice(&pct::decode(text));
        if !self.no_newline {
            sink.out.push(b'\n');
        }
        !refused
    }
}

/// A "%" not followed by two hex digits: not an escape (RFC 1738 section
/// 2.2), which RFC 1630 example 3 calls illegal; `pct::decode` keeps it
/// as it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct BadEscape {
    /// The byte offset of the "%" in the text.
    offset: usize,
}

impl BadEscape {
    /// The kind, as the parser names the same fault in a URL.
    const KIND: &'static str = "bad-escape";

    fn note<'a>(&'a self, severity: Severity, text: &'a [u8]) -> Note<'a> {
        Note {
            severity,
            kind: Self::KIND,
            message: self,
            offset: self.offset,
            input: text,
            mask: None,
        }
    }

    /// Appends `{"offset":N,"kind":"bad-escape","message":"..."}`.
    fn json(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(b"{\"offset\":");
        json::number(out, self.offset);
        out.extend_from_slice(b",\"kind\":");
        json::string(out, Self::KIND);
        out.extend_from_slice(b",\"message\":");
        json::string(out, &self.to_string());
        out.push(b'}');
    }
}

impl fmt::Display for BadEscape {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "'%' at byte {} is not followed by two hex digits (rule escape, RFC 1738 \
             section 2.2; RFC 1630, Encoding reserved characters (example 3))",
            self.offset
        )
    }
}

/// The "%"s of `text` that start no escape.
fn bad_escapes(text: &[u8]) -> impl Iterator<Item = BadEscape> + '_ {
    text.iter().enumerate().filter_map(|(i, &b)| {
        let escape = b == b'%'
            && text
                .get(i + 1..i + 3)
                .is_some_and(|h| h.iter().all(u8::is_ascii_hexdigit));
        (b == b'%' && !escape).then_some(BadEscape { offset: i })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bad_escapes_are_every_percent_without_two_hex_digits() {
        let at = |t: &str| {
            bad_escapes(t.as_bytes())
                .map(|b| b.offset)
                .collect::<Vec<_>>()
        };
        assert_eq!(at("a%20b%zz%2"), [5, 8]);
        assert_eq!(at("%"), [0]);
        assert_eq!(at("%%41"), [0]);
        assert_eq!(at("%aF%C3%A9"), Vec::<usize>::new());
        assert_eq!(at("%\u{e9}"), [0]);
    }

    #[test]
    fn the_list_names_every_set_once() {
        let mut out = Vec::new();
        list_sets(&mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert_eq!(text.lines().count(), EncodeSet::NAMES.len());
        assert!(
            text.lines()
                .any(|l| l.starts_with("reserved ") && l.ends_with("\"#%&/:;<=>?@[\\]^`{|}~")),
            "{text}"
        );
    }
}
