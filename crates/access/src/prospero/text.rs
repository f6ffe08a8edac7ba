//! The Prospero version 5 text layer: quoted tokens on LF-ended lines, the
//! request lines this client sends, and the reply lines it reads.
//!
//! [`parse_reply`] is public so that the fuzz target reaches it; on any
//! input it returns lines or an error, never a panic.

use std::fmt;

/// A token as it goes on a line: in `'` quotes, a quote inside doubled,
/// when it is empty or holds a space, TAB, FF, VT, CR, LF, `/`, `'`, `+` or
/// `,` (the reference implementation's rule); as it is otherwise.
///
/// # Example
///
/// ```
/// use uniform_access::prospero::text::quote;
/// assert_eq!(quote(b"/pros/name"), b"'/pros/name'");
/// assert_eq!(quote(b""), b"''");
/// assert_eq!(quote(b"it's"), b"'it''s'");
/// assert_eq!(quote(b"ASCII"), b"ASCII");
/// ```
pub fn quote(token: &[u8]) -> Vec<u8> {
    // The plan's quoting: the lines the plan shows are the lines sent.
    uniform::plan::ProsperoPlan::quote(token)
}

/// A reply line that cannot be read.
///
/// # Example
///
/// ```
/// use uniform_access::prospero::text::parse_reply;
/// let e = parse_reply(b"SUCCESS\nLINK L FILE 'unclosed\n").unwrap_err();
/// assert_eq!(e.line(), 2);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TextError {
    line: usize,
    message: String,
}

impl TextError {
    /// The line, counted from 1.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform_access::prospero::text::tokens;
    /// assert_eq!(tokens(b"'x").unwrap_err().line(), 1);
    /// ```
    pub fn line(&self) -> usize {
        self.line
    }

    /// Why.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform_access::prospero::text::tokens;
    /// assert!(tokens(b"'x").unwrap_err().message().contains("quote"));
    /// ```
    pub fn message(&self) -> &str {
        &self.message
    }
}

impl fmt::Display for TextError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "reply line {}: {}", self.line, self.message)
    }
}

impl std::error::Error for TextError {}

/// The tokens of one line (without its line end): split on spaces and
/// TABs; a `'` anywhere in a token starts a quoted stretch, which a lone
/// `'` ends and in which `''` is one quote.
///
/// # Errors
///
/// A quote that is not closed on the line.
///
/// # Example
///
/// ```
/// use uniform_access::prospero::text::tokens;
/// let t = tokens(b"LINK L FILE 'a b' x'y z'w 'it''s' ''")?;
/// assert_eq!(t, [&b"LINK"[..], b"L", b"FILE", b"a b", b"xy zw", b"it's", b""]);
/// # Ok::<_, uniform_access::prospero::text::TextError>(())
/// ```
pub fn tokens(line: &[u8]) -> Result<Vec<Vec<u8>>, TextError> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < line.len() {
        while i < line.len() && matches!(line[i], b' ' | b'\t') {
            i += 1;
        }
        if i == line.len() {
            break;
        }
        let mut tok = Vec::new();
        let mut quoted = false;
        while i < line.len() {
            let b = line[i];
            if !quoted && matches!(b, b' ' | b'\t') {
                break;
            }
            if b == b'\'' && !quoted {
                quoted = true;
                i += 1;
                continue;
            }
            if b == b'\'' {
                if line.get(i + 1) == Some(&b'\'') {
                    tok.push(b'\'');
                    i += 2;
                } else {
                    quoted = false;
                    i += 1;
                }
                continue;
            }
            tok.push(b);
            i += 1;
        }
        if quoted {
            return Err(TextError {
                line: 1,
                message: "a quote that is not closed".into(),
            });
        }
        out.push(tok);
    }
    Ok(out)
}

/// A LINK line: one entry of a directory.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct Link {
    /// `L` (a link) or `U` (a union link).
    pub link_type: String,
    /// What it names: OBJECT, FILE, DIRECTORY, DIRECTORY+FILE, SYMBOLIC,
    /// EXTERNAL (old servers: `EXTERNAL(AFTP,BINARY)`).
    pub target: String,
    /// The name in the directory.
    pub name: Vec<u8>,
    /// `INTERNET-D` for a host on the Internet.
    pub host_type: String,
    /// The host, possibly ending `(port)`.
    pub host: String,
    /// `ASCII`.
    pub hsoname_type: String,
    /// The host-specific object name.
    pub hsoname: Vec<u8>,
    /// The object version (`0`: current).
    pub version: String,
    /// The attributes that follow the line (ATTRIBUTE LINK/CACHED ...).
    pub attributes: Vec<Attribute>,
}

/// An ATTRIBUTE line.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct Attribute {
    /// OBJECT, LINK, CACHED, REPLACEMENT or ADDITIONAL.
    pub applies_to: String,
    /// FIELD, INTRINSIC or APPLICATION.
    pub precedence: String,
    /// The attribute's name (ACCESS-METHOD, SIZE, ...).
    pub name: String,
    /// SEQUENCE, ASCII, LINK or FILTER, when the line names it.
    pub value_type: Option<String>,
    /// The value's tokens (one value per line; a SEQUENCE's elements).
    pub values: Vec<Vec<u8>>,
}

/// A FORWARDED reply: ask another server, for another name.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct Forward {
    /// `INTERNET-D`.
    pub host_type: String,
    /// The host, possibly ending `(port)`.
    pub host: String,
    /// `ASCII`.
    pub hsoname_type: String,
    /// The name to ask for there.
    pub hsoname: Vec<u8>,
    /// The version (`0` when not given).
    pub version: String,
}

/// One line of a reply.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ReplyLine {
    /// LINK, with the ATTRIBUTE lines that follow it.
    Link(Link),
    /// ATTRIBUTE of the object (before any LINK).
    Attribute(Attribute),
    /// NONE-FOUND: success, nothing to show.
    NoneFound,
    /// UNRESOLVED and what could not be resolved.
    Unresolved(String),
    /// FORWARDED.
    Forwarded(Forward),
    /// SUCCESS.
    Success,
    /// ERROR and its text.
    Error(String),
    /// WARNING, its kind and text.
    Warning(String),
    /// FAILURE, its code (NOT-FOUND, NOT-A-DIRECTORY, ...) and text.
    Failure {
        /// The code.
        code: String,
        /// The rest of the line.
        text: String,
    },
    /// VERSION-NOT-SUPPORTED and what the server offers.
    VersionNotSupported(String),
    /// Another line, as it is (escaped).
    Other(String),
}

fn lossy(t: &[u8]) -> String {
    String::from_utf8_lossy(t).into_owned()
}

fn rest(toks: &[Vec<u8>], from: usize) -> String {
    toks.get(from..)
        .unwrap_or_default()
        .iter()
        .map(|t| lossy(t))
        .collect::<Vec<_>>()
        .join(" ")
}

/// Attribute value types: a token after the name is one only if it is one
/// of these (the reference server leaves it out for known fields).
const VALUE_TYPES: [&str; 4] = ["SEQUENCE", "ASCII", "LINK", "FILTER"];

/// The lines of a reply message (LF or CR LF line ends; empty lines
/// skipped); ATTRIBUTE lines after a LINK belong to that link, but for
/// those that apply to the OBJECT.
///
/// # Errors
///
/// A line whose quotes do not close, or a LINK, ATTRIBUTE, FORWARDED or
/// FAILURE line without its fields.
///
/// # Example
///
/// ```
/// use uniform_access::prospero::text::{ReplyLine, parse_reply};
/// let r = parse_reply(b"ATTRIBUTE OBJECT INTRINSIC ACCESS-METHOD SEQUENCE AFTP INTERNET-D ftp.example.org ASCII /pub/x.txt BINARY\r\n")?;
/// let ReplyLine::Attribute(a) = &r[0] else { panic!() };
/// assert_eq!(a.name, "ACCESS-METHOD");
/// assert_eq!(a.values[0], b"AFTP");
/// assert_eq!(a.values.len(), 6);
/// # Ok::<_, uniform_access::prospero::text::TextError>(())
/// ```
pub fn parse_reply(message: &[u8]) -> Result<Vec<ReplyLine>, TextError> {
    let mut out: Vec<ReplyLine> = Vec::new();
    for (n, line) in message.split(|&b| b == b'\n').enumerate() {
        let line = line.strip_suffix(b"\r").unwrap_or(line);
        let at = |message: String| TextError {
            line: n + 1,
            message,
        };
        let toks = tokens(line).map_err(|e| at(e.message))?;
        let Some(kw) = toks.first() else { continue };
        let need = |k: usize, what: &str| -> Result<(), TextError> {
            if toks.len() < k {
                Err(at(format!(
                    "{what} needs {} fields, the line has {}",
                    k - 1,
                    toks.len() - 1
                )))
            } else {
                Ok(())
            }
        };
        let kw = lossy(kw);
        let item = match kw.as_str() {
            "LINK" => {
                need(9, "LINK")?;
                let t = |i: usize| lossy(&toks[i]);
                ReplyLine::Link(Link {
                    link_type: t(1),
                    target: t(2),
                    name: toks[3].clone(),
                    host_type: t(4),
                    host: t(5),
                    hsoname_type: t(6),
                    hsoname: toks[7].clone(),
                    version: t(8),
                    attributes: Vec::new(),
                })
            }
            k if k.starts_with("ATTRIBUTE") => {
                need(4, "ATTRIBUTE")?;
                let mut i = 4;
                let value_type = toks
                    .get(4)
                    .map(|t| lossy(t))
                    .filter(|t| VALUE_TYPES.contains(&t.as_str()));
                if value_type.is_some() {
                    i = 5;
                }
                let a = Attribute {
                    applies_to: lossy(&toks[1]),
                    precedence: lossy(&toks[2]),
                    name: lossy(&toks[3]),
                    value_type,
                    values: toks.get(i..).unwrap_or_default().to_vec(),
                };
                // An attribute of the link (LINK, CACHED, ...) belongs to
                // the LINK line before it; one of the OBJECT stands alone.
                if !a.applies_to.eq_ignore_ascii_case("OBJECT")
                    && let Some(ReplyLine::Link(l)) = out.last_mut()
                {
                    l.attributes.push(a);
                    continue;
                }
                ReplyLine::Attribute(a)
            }
            "NONE-FOUND" => ReplyLine::NoneFound,
            "UNRESOLVED" => ReplyLine::Unresolved(rest(&toks, 1)),
            "FORWARDED" => {
                need(5, "FORWARDED")?;
                ReplyLine::Forwarded(Forward {
                    host_type: lossy(&toks[1]),
                    host: lossy(&toks[2]),
                    hsoname_type: lossy(&toks[3]),
                    hsoname: toks[4].clone(),
                    version: toks.get(5).map_or_else(|| "0".to_string(), |v| lossy(v)),
                })
            }
            "SUCCESS" => ReplyLine::Success,
            "ERROR" => ReplyLine::Error(rest(&toks, 1)),
            "WARNING" => ReplyLine::Warning(rest(&toks, 1)),
            "FAILURE" => {
                need(2, "FAILURE")?;
                ReplyLine::Failure {
                    code: lossy(&toks[1]),
                    text: rest(&toks, 2),
                }
            }
            "VERSION-NOT-SUPPORTED" => ReplyLine::VersionNotSupported(rest(&toks, 1)),
            _ => ReplyLine::Other(crate::error::escape(line)),
        };
        out.push(item);
    }
    Ok(out)
}

/// The request message: the lines, each ended by LF.
pub(crate) fn message(lines: &[Vec<u8>]) -> Vec<u8> {
    let mut out = Vec::new();
    for l in lines {
        out.extend_from_slice(l);
        out.push(b'\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_round_trip_through_quote() {
        for t in [
            &b"plain"[..],
            b"",
            b"a b",
            b"'",
            b"''",
            b"/x/y",
            b"a+b,c",
            b"tab\there",
        ] {
            let line = [&b"K "[..], &quote(t), b" END"].concat();
            let got = tokens(&line).unwrap();
            assert_eq!(
                got,
                vec![b"K".to_vec(), t.to_vec(), b"END".to_vec()],
                "{:?}",
                String::from_utf8_lossy(&line)
            );
        }
    }

    #[test]
    fn quoting_may_start_inside_a_token() {
        assert_eq!(
            tokens(b"a'b c'd e").unwrap(),
            [b"ab cd".to_vec(), b"e".to_vec()]
        );
        assert!(tokens(b"x'y").is_err());
        assert!(tokens(b"'open").is_err());
    }

    #[test]
    fn link_lines_collect_their_attributes() {
        let r = parse_reply(
            b"LINK L EXTERNAL hello INTERNET-D 127.0.0.1(2121) ASCII /pub/hello.txt 0\n\
              ATTRIBUTE CACHED FIELD ACCESS-METHOD AFTP '' '' '' '' TEXT\n\
              LINK L DIRECTORY sub INTERNET-D h ASCII '/d/sub' 0\n\
              SUCCESS\n",
        )
        .unwrap();
        assert_eq!(r.len(), 3);
        let ReplyLine::Link(l) = &r[0] else { panic!() };
        assert_eq!(
            (l.target.as_str(), l.host.as_str(), &l.hsoname[..]),
            ("EXTERNAL", "127.0.0.1(2121)", &b"/pub/hello.txt"[..])
        );
        assert_eq!(
            l.attributes[0].values,
            [
                b"AFTP".to_vec(),
                vec![],
                vec![],
                vec![],
                vec![],
                b"TEXT".to_vec()
            ]
        );
        assert_eq!(r[2], ReplyLine::Success);
        let r = parse_reply(
            b"LINK L FILE x INTERNET-D h ASCII x 0\nATTRIBUTE OBJECT FIELD SIZE ASCII 3\n",
        )
        .unwrap();
        assert!(
            matches!(&r[1], ReplyLine::Attribute(a) if a.name == "SIZE" && a.value_type.as_deref() == Some("ASCII"))
        );
    }

    #[test]
    fn short_lines_are_errors() {
        assert_eq!(parse_reply(b"LINK L FILE x\n").unwrap_err().line(), 1);
        assert!(parse_reply(b"FORWARDED INTERNET-D h\n").is_err());
        assert!(parse_reply(b"FAILURE\n").is_err());
        let r =
            parse_reply(b"FAILURE NOT-FOUND OBJECT gone\nERROR bad\nSOMETHING \x1b[2J\n").unwrap();
        assert_eq!(
            r[0],
            ReplyLine::Failure {
                code: "NOT-FOUND".into(),
                text: "OBJECT gone".into()
            }
        );
        assert_eq!(r[2], ReplyLine::Other("SOMETHING \\x1B[2J".into()));
    }
}
