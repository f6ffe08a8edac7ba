//! curl's `-w`/`--write-out FORMAT`, for `uniform fetch` to run after each
//! transfer.
//!
//! The format language is curl's (tool_writeout.c): `%{name}` variables,
//! `%header{name}`, `%%`, and the escapes `\n`, `\r`, `\t`. Where curl's
//! manual is silent the behaviour follows its code, so that a format
//! written for curl gives the same bytes here: a `%` or `\` that starts
//! nothing known is copied with the byte after it, and `%{` or
//! `%header{` with no `}` after it is copied and the rest read on.
//!
//! [`render`] only builds bytes: the caller writes them, and prints the
//! warnings, so that the engine can be tested without a terminal and the
//! command decides when its streams are flushed.
//!
//! Unlike curl's, a variable's text (a URL, a header, a file name, an
//! error) is shown with what would act on a terminal escaped, as every
//! line Uniform prints (`uniform::visible`); `%{json}` escapes the same
//! characters by JSON's rules. The format's own text is the user's and
//! stays as written, its `\n` and `\t` included.

#[cfg(test)]
mod tests;
mod transfer;
mod var;

use std::io::{self, Read};
pub(crate) use transfer::{HttpVersion, Transfer};
use var::{VARS, lookup, visible};

/// What a format gave for one transfer.
#[derive(Default, Clone, Debug, PartialEq, Eq)]
pub(crate) struct Rendered {
    /// Bytes for standard output, in order.
    pub out: Vec<u8>,
    /// Bytes for standard error (after `%{stderr}`), in order.
    pub err: Vec<u8>,
    /// Messages for standard error, without newlines, one per unknown
    /// variable: `uniform: unknown --write-out variable: 'name'`.
    pub warnings: Vec<String>,
}

/// The format an `-w` argument gives: the argument itself, or, after `@`,
/// the text of a file, or of standard input for `@-`.
///
/// curl drops every CR and LF of a format read from a file (its
/// `file2string`), so that a file may end in a newline, or split a long
/// format over lines, without printing them; `\n` prints one.
pub(crate) fn read_format(arg: &str) -> io::Result<String> {
    let Some(source) = arg.strip_prefix('@') else {
        return Ok(arg.to_owned());
    };
    let read = if source == "-" {
        let mut text = String::new();
        io::stdin().lock().read_to_string(&mut text).map(|_| text)
    } else {
        std::fs::read_to_string(source)
    };
    // An io::Error names no file: say which, as curl's "Failed to open".
    let mut text = read.map_err(|e| {
        let name = if source == "-" {
            "standard input"
        } else {
            source
        };
        io::Error::new(e.kind(), format!("{name}: {e}"))
    })?;
    text.retain(|c| c != '\r' && c != '\n');
    Ok(text)
}

/// The bytes and warnings `format` gives for `t`.
pub(crate) fn render(format: &str, t: &Transfer) -> Rendered {
    let mut r = Rendered::default();
    let mut to_err = false;
    let bytes = format.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        // Copy the text up to the next `%` or `\` in one piece.
        let special = bytes[i..]
            .iter()
            .position(|&b| b == b'%' || b == b'\\')
            .map_or(bytes.len(), |n| i + n);
        let out = if to_err { &mut r.err } else { &mut r.out };
        out.extend_from_slice(&bytes[i..special]);
        i = special;
        let Some(&b) = bytes.get(i) else { break };
        let next = bytes.get(i + 1).copied();
        if b == b'\\' {
            match next {
                Some(b'n') => out.push(b'\n'),
                Some(b'r') => out.push(b'\r'),
                Some(b't') => out.push(b'\t'),
                // curl copies any other pair as it is, `\\` included; the
                // pair is taken whole, so `\\n` stays `\\n`.
                Some(c) => out.extend_from_slice(&[b'\\', c]),
                None => out.push(b'\\'),
            }
            i += 2;
            continue;
        }
        match next {
            None => {
                out.push(b'%');
                i += 1;
            }
            Some(b'%') => {
                out.push(b'%');
                i += 2;
            }
            Some(b'{') => {
                let start = i + 2;
                let Some(end) = find_brace(bytes, start) else {
                    out.extend_from_slice(b"%{");
                    i = start;
                    continue;
                };
                i = end + 1;
                // `{` and `}` are ASCII, so both ends are char boundaries.
                match &format[start..end] {
                    "stdout" => to_err = false,
                    "stderr" => to_err = true,
                    "onerror" if t.exitcode == 0 => break,
                    "onerror" => {}
                    "json" => json(out, t),
                    "header_json" => header_json(out, t),
                    name => match lookup(name) {
                        Some(var) => var.value(t).write(out),
                        None => r
                            .warnings
                            .push(format!("uniform: unknown --write-out variable: '{name}'")),
                    },
                }
            }
            Some(_) if bytes[i + 1..].starts_with(b"header{") => {
                let start = i + 8;
                let Some(end) = find_brace(bytes, start) else {
                    out.extend_from_slice(b"%header{");
                    i = start;
                    continue;
                };
                header(out, t, &format[start..end]);
                i = end + 1;
            }
            // Not a directive: curl copies the `%` and the byte after it
            // (a UTF-8 lead byte's continuation bytes follow as text).
            Some(c) => {
                out.extend_from_slice(&[b'%', c]);
                i += 2;
            }
        }
    }
    r
}

/// The index of the first `}` at or after `from`.
fn find_brace(bytes: &[u8], from: usize) -> Option<usize> {
    bytes[from..]
        .iter()
        .position(|&b| b == b'}')
        .map(|n| from + n)
}

/// The values of the header fields named `name` (in any case), trimmed as
/// curl's header API trims them.
fn header_values<'t>(t: &'t Transfer, name: &'t str) -> impl Iterator<Item = &'t str> {
    t.headers
        .iter()
        .filter(move |(n, _)| n.eq_ignore_ascii_case(name))
        .map(|(_, v)| v.trim_ascii())
}

/// Appends `%header{name}`: every value of the field, joined by `", "`
/// (a list field's values combine so, RFC 9110 section 5.3).
fn header(out: &mut Vec<u8>, t: &Transfer, name: &str) {
    for (k, v) in header_values(t, name).enumerate() {
        if k > 0 {
            out.extend_from_slice(b", ");
        }
        visible(out, v.as_bytes());
    }
}

/// Appends `%{header_json}` as curl writes it: names lower-cased, in the
/// order of their first field, each with the array of its values, one
/// name a line.
fn header_json(out: &mut Vec<u8>, t: &Transfer) {
    out.push(b'{');
    let mut first = true;
    for (k, (name, _)) in t.headers.iter().enumerate() {
        // A name already written took all its values with it. Quadratic,
        // but a response has tens of fields, not thousands.
        if t.headers[..k]
            .iter()
            .any(|(n, _)| n.eq_ignore_ascii_case(name))
        {
            continue;
        }
        if !first {
            out.extend_from_slice(b",\n");
        }
        first = false;
        crate::json::string(out, &name.to_ascii_lowercase());
        out.extend_from_slice(b":[");
        for (j, v) in header_values(t, name).enumerate() {
            if j > 0 {
                out.push(b',');
            }
            crate::json::string(out, v);
        }
        out.push(b']');
    }
    out.extend_from_slice(b"\n}");
}

/// Appends `%{json}`: every variable of [`VARS`], in its (alphabetical)
/// order as curl writes them.
fn json(out: &mut Vec<u8>, t: &Transfer) {
    out.push(b'{');
    for (k, (name, var)) in VARS.iter().enumerate() {
        if k > 0 {
            out.push(b',');
        }
        crate::json::string(out, name);
        out.push(b':');
        var.value(t).write_json(out);
    }
    out.push(b'}');
}
