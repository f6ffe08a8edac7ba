//! `uniform encode` and `uniform decode`: percent-encoding (RFC 1738
//! section 2.2).

use crate::cmd::{self, Run, Status};
use crate::input::{Bom, Inputs};
use clap::builder::PossibleValuesParser;
use std::ffi::OsString;
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
not); a literal \"-\" needs no encoding.";

const DECODE_HELP: &str = "\
Each %XX is replaced by its octet; a \"%\" not followed by two hex digits
stays as it is. The octets are written as they are, not as text, so binary
data survives: `uniform decode -n %FF%00 > file` writes two bytes. Each
decoded TEXT is followed by a newline unless -n is given.

With \"-\", each line of standard input is decoded (its \"\\n\" or \"\\r\\n\" is
not); a literal \"-\" decodes to itself.";

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
}

impl Run for EncodeArgs {
    fn run(self) -> io::Result<Status> {
        let mut out = cmd::stdout();
        if self.list_sets {
            list_sets(&mut out)?;
            out.flush()?;
            return Ok(Status::Success);
        }
        let Some(set) = EncodeSet::by_name(&self.set) else {
            // Unreachable: clap accepted only the names of `NAMES`.
            let _ = writeln!(io::stderr(), "uniform: unknown set {:?}", self.set);
            return Ok(Status::Usage);
        };
        let mut inputs = Inputs::new(self.texts, Bom::Keep);
        while let Some(text) = inputs.next(&mut out)? {
            out.write_all(pct::encode(text, &set).as_bytes())?;
            out.write_all(b"\n")?;
        }
        out.flush()?;
        Ok(Status::Success)
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
    #[arg(short = 'n', long)]
    no_newline: bool,
}

impl Run for DecodeArgs {
    fn run(self) -> io::Result<Status> {
        let mut out = cmd::stdout();
        let mut inputs = Inputs::new(self.texts, Bom::Keep);
        while let Some(text) = inputs.next(&mut out)? {
            out.write_all(&pct::decode(text))?;
            if !self.no_newline {
                out.write_all(b"\n")?;
            }
        }
        out.flush()?;
        Ok(Status::Success)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
