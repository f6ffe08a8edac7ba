//! The request body of `-d`, `--data-binary`, `--data-raw` and
//! `--data-urlencode`, in the order given.

use clap::{Arg, ArgAction, ArgMatches};
use std::io::{self, Read};

use super::urls::in_order;

/// How one data argument is read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DataKind {
    /// `-d`: `@FILE` read without its CR and LF.
    Ascii,
    /// `--data-binary`: `@FILE` read as it is.
    Binary,
    /// `--data-raw`: as given, a leading `@` included.
    Raw,
    /// `--data-urlencode`: encoded as curl encodes it (see [`url_encoded`]).
    UrlEncode,
}

/// The data flags, each argument with how it is read, in the order
/// given: curl joins them so (clap's derive would keep the order of each
/// flag only).
#[derive(Clone, Debug, Default)]
pub struct DataOptions {
    /// Each argument and its kind, in the order of the command line.
    pub pieces: Vec<(DataKind, String)>,
}

/// The data flags: id, short, kind, help.
pub(super) const DATA_FLAGS: [(&str, Option<char>, DataKind, &str); 4] = [
    (
        "data",
        Some('d'),
        DataKind::Ascii,
        "Send DATA in a POST, as a form (@FILE: the file without its line breaks; @-: standard input); repeatable, every data flag joined by '&' in order",
    ),
    (
        "data-binary",
        None,
        DataKind::Binary,
        "Send DATA as it is (@FILE: the file's octets, unchanged); repeatable",
    ),
    (
        "data-raw",
        None,
        DataKind::Raw,
        "Send DATA as it is, a leading '@' included; repeatable",
    ),
    (
        "data-urlencode",
        None,
        DataKind::UrlEncode,
        "Send DATA %-encoded as curl does: CONTENT, =CONTENT, NAME=CONTENT (NAME as it is), @FILE, NAME@FILE (the whole file; @-: standard input); space as '+'; repeatable",
    ),
];

impl clap::FromArgMatches for DataOptions {
    fn from_arg_matches(m: &ArgMatches) -> Result<DataOptions, clap::Error> {
        let ids = DATA_FLAGS.map(|(id, ..)| id);
        let pieces = in_order::<String>(m, &ids)
            .map(|(kind, v)| (DATA_FLAGS[kind].2, v))
            .collect();
        Ok(DataOptions { pieces })
    }

    fn update_from_arg_matches(&mut self, m: &ArgMatches) -> Result<(), clap::Error> {
        *self = DataOptions::from_arg_matches(m)?;
        Ok(())
    }
}

impl clap::Args for DataOptions {
    fn augment_args(cmd: clap::Command) -> clap::Command {
        DATA_FLAGS.iter().fold(cmd, |cmd, &(id, short, _, help)| {
            let arg = Arg::new(id)
                .long(id)
                .value_name("DATA")
                .help(help)
                .action(ArgAction::Append)
                .value_parser(clap::value_parser!(String));
            cmd.arg(match short {
                Some(c) => arg.short(c),
                None => arg,
            })
        })
    }

    fn augment_args_for_update(cmd: clap::Command) -> clap::Command {
        DataOptions::augment_args(cmd)
    }
}

/// One `--data-urlencode` argument, as curl 7.88 reads it: `NAME=CONTENT`
/// (the first `=`; an empty NAME sends CONTENT alone), else `NAME@FILE`
/// (the first `@`; `-` for standard input), else CONTENT; the content
/// encoded, NAME as it is.
pub(super) fn url_encoded(arg: &str) -> Result<Vec<u8>, String> {
    let (name, content) = match arg.find('=') {
        Some(k) => (&arg[..k], arg.as_bytes()[k + 1..].to_vec()),
        None => match arg.split_once('@') {
            Some((name, path)) => (name, read_file(path, arg)?),
            None => ("", arg.as_bytes().to_vec()),
        },
    };
    let mut out = Vec::with_capacity(name.len() + 1 + content.len() * 3);
    if !name.is_empty() {
        out.extend_from_slice(name.as_bytes());
        out.push(b'=');
    }
    out.extend_from_slice(form_encoded(&content).as_bytes());
    Ok(out)
}

/// `bytes` as curl's `--data-urlencode` encodes them: the unreserved
/// characters of RFC 3986 (letters, digits, `-._~`) as they are, a space
/// as `+`, every other octet as `%XX` in capitals.
pub(super) fn form_encoded(bytes: &[u8]) -> String {
    const HEX: &[u8; 16] = b"0123456789ABCDEF";
    let mut out = String::with_capacity(bytes.len() * 3);
    for &b in bytes {
        match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'.' | b'_' | b'~' => {
                out.push(b as char);
            }
            b' ' => out.push('+'),
            _ => {
                out.push('%');
                out.push(HEX[usize::from(b >> 4)] as char);
                out.push(HEX[usize::from(b & 15)] as char);
            }
        }
    }
    out
}

/// The octets of one `-d` or `--data-binary` argument: `@FILE` read
/// (`@-` standard input), without its CR and LF for `-d` (as curl does).
pub(super) fn data(arg: &str, strip_breaks: bool) -> Result<Vec<u8>, String> {
    let Some(path) = arg.strip_prefix('@') else {
        return Ok(arg.as_bytes().to_vec());
    };
    let mut bytes = read_file(path, arg)?;
    if strip_breaks {
        bytes.retain(|&b| b != b'\r' && b != b'\n');
    }
    Ok(bytes)
}

/// The octets of the file at `path` (`-`: standard input); an error
/// names `arg`, the argument that asked for it.
pub(super) fn read_file(path: &str, arg: &str) -> Result<Vec<u8>, String> {
    let mut bytes = Vec::new();
    let read = if path == "-" {
        io::stdin().lock().read_to_end(&mut bytes).map(drop)
    } else {
        std::fs::File::open(path).and_then(|mut f| f.read_to_end(&mut bytes).map(drop))
    };
    read.map_err(|e| format!("{arg}: {e}"))?;
    Ok(bytes)
}
