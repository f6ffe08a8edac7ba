//! `uniform parse URL...`: the components of each URL and its
//! scheme-specific fields.

use crate::bulk::{Record, Sink};
use crate::caret::{Diagnostic, Severity, printable, printable_input};
use crate::cmd::lines::{LineArgs, run_lines};
use crate::cmd::{self, Run, Status, UrlOptions};
use crate::details::details;
use crate::json::{self, Fields};
use crate::password::{self, MASK};
use serde_json::Value;
use std::borrow::Cow;
use std::fmt::Write as _;
use std::io;
use std::ops::Range;
use uniform::ParseError;

const HELP: &str = "\
Text output: one `key: value` line per component, in the order of the JSON
keys below. An absent component (no port, no query...) has no line; an empty
one is shown as \"\". Control characters are shown escaped (\\t, \\x1b). The
scheme-specific fields follow under `details:`, then each warning, drawn with
a caret under its byte. An invalid URL shows its input and the error. Records
are separated by a blank line.

--json: one object per URL, with exactly these keys: input, valid, scheme,
user, password, host, host_ascii, host_unicode, port, default_port, path,
query, fragment, details, warnings, and error only when valid is false. user
and password are decoded (\"\" when empty, null when absent); host, path,
query and fragment are as written; path has no leading \"/\". host_ascii is
the host name by UTS 46 ToASCII (what goes onto the wire: bücher.example is
xn--bcher-kva.example) and host_unicode by ToUnicode; both are null when
there is no host name (none, an empty one, an IP literal or a host number),
and host_ascii also when UTS 46 refuses the name (a bad-idna warning says
where). The text output shows them only where they differ from host. When the URL is invalid, every
component is null and error is {offset, kind, message}. Offsets count the
bytes of the URL as given.

Passwords: a non-empty password is shown as \"****\", in every key (input and
details included) and in every diagnostic, unless --show-password is given.
An empty password is shown as \"\" and an absent one as null, since RFC 1738
section 3.1 tells them apart.

Standard input: with \"-\", one URL per line; \"\\n\" or \"\\r\\n\" ends a line.
A byte order mark at the start of the input is not part of a URL and is
dropped. A line that is empty or not UTF-8 is reported as an invalid URL and
the next line is read; in its \"input\" key, bytes that are not UTF-8 are
replaced by U+FFFD (the text output shows them as \\xff).

Exit status: 0 when every URL is valid, 1 when one is not, 2 for a usage
error.";

/// Print the components of each URL and its scheme-specific fields
#[derive(clap::Args, Debug)]
#[command(after_long_help = HELP)]
pub struct Args {
    #[command(flatten)]
    lines: LineArgs,
    /// Print each URL by a template of the --json fields: {host}, {port},
    /// {details.selector}, {details.cwd.0}; {{ and }} for braces
    #[arg(long, value_name = "TEMPLATE", conflicts_with = "json")]
    format: Option<String>,
}

impl Run for Args {
    fn run(self) -> io::Result<Status> {
        let printer = Printer {
            options: self.lines.options,
            json: self.lines.json,
            format: self.format,
        };
        run_lines(self.lines, &printer)
    }
}

/// How each URL is printed.
struct Printer {
    options: UrlOptions,
    json: bool,
    format: Option<String>,
}

/// What a thread reuses from one URL to the next: the warnings and the
/// scratch text keep their memory across a stream.
#[derive(Default)]
struct Scratch {
    warnings: Vec<ParseError>,
    text: String,
}

impl Record for Printer {
    type State = Scratch;

    fn state(&self) -> Scratch {
        Scratch::default()
    }

    /// Writes the record of `input`; `false` when the URL is invalid (or
    /// the template cannot be filled).
    fn record(&self, s: &mut Scratch, index: u64, input: &[u8], sink: &mut Sink) -> bool {
        s.warnings.clear();
        let parse = self.options.parse_options();
        let parsed = match cmd::parse_bytes(parse, input, &mut s.warnings) {
            Ok(parsed) => parsed,
            Err(e) => {
                let mask = self.options.mask(input);
                let shown = password::shown(input, mask.clone());
                self.emit(s, sink, index, &shown, Err(&e), input, mask);
                return false;
            }
        };
        let url = parsed.url();
        let span = if self.options.show_password {
            None
        } else {
            password::span(&url)
        };
        match span {
            None => {
                let fields = Fields::of(&url, details(&url));
                self.emit(s, sink, index, url.as_str(), Ok(&fields), input, None)
            }
            Some(span) => {
                // The details are read from the URL itself, not from its
                // masked text: "*" is outside some grammars (RFC 1630's
                // alphanum2), so the masked text need not parse. Only the
                // values shown are masked.
                let shown = password::shown(input, Some(span.clone()));
                let mut d = details(&url);
                let mut needles = vec![format!(":{}@", &url.as_str()[span.clone()])];
                if let Some(p) = url.password_decoded() {
                    needles.push(format!(":{}@", String::from_utf8_lossy(&p)));
                }
                mask_values(&mut d, &needles);
                let mut fields = Fields::of(&url, d);
                fields.password = Some(Cow::Borrowed(MASK));
                if let Some((href, _)) = &mut fields.whatwg {
                    *href = Cow::Owned(self.options.masked(url.as_str()).into_owned());
                }
                self.emit(s, sink, index, &shown, Ok(&fields), input, Some(span))
            }
        }
    }
}

impl Printer {
    /// Writes one record; `false` when a template could not be filled.
    #[allow(clippy::too_many_arguments)]
    fn emit(
        &self,
        s: &mut Scratch,
        sink: &mut Sink,
        index: u64,
        shown: &str,
        outcome: Result<&Fields<'_>, &ParseError>,
        input: &[u8],
        mask: Option<Range<usize>>,
    ) -> bool {
        if let Some(template) = &self.format {
            // The template reads the --json object, so that its field names
            // are the contract's.
            let mut obj = Vec::new();
            json::parse_object(&mut obj, shown, outcome, &s.warnings, &mut s.text);
            let value: Value = serde_json::from_slice(&obj).unwrap_or(Value::Null);
            match crate::template::render(template, &value) {
                Ok(line) => {
                    sink.out.extend_from_slice(line.as_bytes());
                    sink.out.push(b'\n');
                }
                Err(e) => {
                    let _ = cmd::say!(sink.err, "uniform: --format: {e}");
                    return false;
                }
            }
        } else if self.json {
            json::parse_object(&mut sink.out, shown, outcome, &s.warnings, &mut s.text);
        } else {
            let text = &mut s.text;
            text.clear();
            // Records are separated by a blank line.
            if index > 0 {
                text.push('\n');
            }
            text_record(text, outcome, &s.warnings, input, mask);
            sink.out.extend_from_slice(text.as_bytes());
        }
        true
    }
}

/// Replaces each `needles` in the strings of `v` by `:****@`.
///
/// A field that repeats the user-info (the generic kind's
/// scheme_specific_part, the message_id of `news://u:p@h/x`) holds the
/// password between its `:` and `@`, as written or decoded; the `:` and `@`
/// keep a password that is also a common word ("x") from masking a file
/// name that merely equals it.
fn mask_values(v: &mut Value, needles: &[String]) {
    match v {
        Value::String(s) => {
            for n in needles {
                if s.contains(n.as_str()) {
                    *s = s.replace(n.as_str(), &format!(":{MASK}@"));
                }
            }
        }
        Value::Array(a) => a.iter_mut().for_each(|x| mask_values(x, needles)),
        Value::Object(m) => m.values_mut().for_each(|x| mask_values(x, needles)),
        _ => {}
    }
}

/// Keys are padded to this width, the longest key and its colon.
const KEY_WIDTH: usize = "default_port:".len();

fn text_record(
    t: &mut String,
    outcome: Result<&Fields<'_>, &ParseError>,
    warnings: &[ParseError],
    input: &[u8],
    mask: Option<Range<usize>>,
) {
    line(t, "input", Some(&printable_input(input, mask.clone())));
    if let Ok(f) = outcome {
        line(t, "scheme", Some(&f.scheme));
        line(t, "user", f.user.as_deref());
        line(t, "password", f.password.as_deref());
        line(t, "host", f.host);
        // Shown only where they tell something: most hosts are written
        // in their ASCII form already.
        for (key, form) in [
            ("host_ascii", &f.host_ascii),
            ("host_unicode", &f.host_unicode),
        ] {
            if form.as_deref() != f.host {
                line(t, key, form.as_deref());
            }
        }
        line(t, "port", f.port.map(decimal).as_deref());
        line(t, "default_port", f.default_port.map(decimal).as_deref());
        line(t, "path", f.path);
        line(t, "query", f.query);
        line(t, "fragment", f.fragment);
        if let Some((href, origin)) = &f.whatwg {
            line(t, "href", Some(href));
            line(t, "origin", Some(origin));
        }
        details_lines(t, &f.details);
    }
    for w in warnings {
        let d = Diagnostic {
            severity: Severity::Warning,
            error: w,
            input,
            mask: mask.clone(),
        };
        let _ = write!(t, "{d}");
    }
    if let Err(e) = outcome {
        let d = Diagnostic {
            severity: Severity::Error,
            error: e,
            input,
            mask,
        };
        let _ = write!(t, "{d}");
    }
}

/// `key: value`, aligned; nothing for an absent value.
fn line(t: &mut String, key: &str, value: Option<&str>) {
    if let Some(v) = value {
        key_and_pad(t, key, KEY_WIDTH);
        t.push_str(&shown_value(v));
        t.push('\n');
    }
}

/// `key:` and the spaces that pad it to `width`, then one more: the
/// alignment of `{:<width$} ` without a `format!` for each line (the text
/// output writes a dozen lines per URL).
fn key_and_pad(t: &mut String, key: &str, width: usize) {
    t.push_str(key);
    t.push(':');
    for _ in key.len() + 1..width {
        t.push(' ');
    }
    t.push(' ');
}

/// `n` in decimal.
fn decimal(n: u16) -> String {
    let mut s = String::with_capacity(5);
    let _ = write!(s, "{n}");
    s
}

fn shown_value(v: &str) -> Cow<'_, str> {
    if v.is_empty() {
        Cow::Borrowed("\"\"")
    } else {
        printable(v)
    }
}

/// The details object as indented `key: value` lines, `kind` first; a
/// null field is absent, an array or object is shown as JSON.
fn details_lines(t: &mut String, details: &Value) {
    let Value::Object(map) = details else {
        return;
    };
    t.push_str("details:\n");
    let width = map.keys().map(|k| k.len() + 1).max().unwrap_or(0);
    let kind = map.get_key_value("kind");
    for (k, v) in kind
        .into_iter()
        .chain(map.iter().filter(|(k, _)| *k != "kind"))
    {
        if v.is_null() {
            continue;
        }
        t.push_str("  ");
        key_and_pad(t, k, width);
        match v {
            Value::String(s) => t.push_str(&shown_value(s)),
            // serde_json's writer into a buffer, not its Display, which
            // goes through the formatting machinery a piece at a time.
            other => t.push_str(&printable(
                &serde_json::to_string(other).unwrap_or_default(),
            )),
        }
        t.push('\n');
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use uniform::UrlRef;

    fn text_of(input: &str) -> String {
        let mut warnings = Vec::new();
        let mut t = String::new();
        match uniform::ParseOptions::new().parse_with_warnings(input, &mut warnings) {
            Ok(url) => {
                let f = Fields::of(&url, details(&url));
                text_record(&mut t, Ok(&f), &warnings, input.as_bytes(), None);
            }
            Err(e) => text_record(&mut t, Err(&e), &warnings, input.as_bytes(), None),
        }
        t
    }

    #[test]
    fn components_are_aligned_and_absent_ones_omitted() {
        let t = text_of("ftp://@host.com/");
        // What follows "details:" belongs to the scheme views.
        let (fields, details) = t.split_once("details:\n").unwrap();
        assert_eq!(
            fields,
            "input:        ftp://@host.com/\n\
             scheme:       ftp\n\
             user:         \"\"\n\
             host:         host.com\n\
             default_port: 21\n\
             path:         \"\"\n"
        );
        assert!(details.starts_with("  kind:"), "{t}");
    }

    #[test]
    fn details_show_kind_first_and_skip_nulls() {
        let mut t = String::new();
        let v =
            serde_json::json!({"cwd": ["a", "b"], "kind": "ftp", "name": "x\ny", "typecode": null});
        details_lines(&mut t, &v);
        assert_eq!(
            t,
            "details:\n  kind:     ftp\n  cwd:      [\"a\",\"b\"]\n  name:     x\\ny\n"
        );
    }

    #[test]
    fn warnings_are_drawn_after_the_fields() {
        let t = text_of("http://h/a b");
        let w = t.find("warning[unsafe-char]").unwrap();
        assert!(t.find("details:").unwrap() < w);
        assert!(t.ends_with("  | http://h/a b\n  |           ^\n"), "{t}");
    }

    #[test]
    fn an_invalid_url_shows_only_its_input_and_error() {
        let t = text_of("http://h:x/");
        assert!(UrlRef::parse("http://h:x/").is_err());
        assert!(
            t.starts_with("input:        http://h:x/\nerror[bad-port]: "),
            "{t}"
        );
        assert!(!t.contains("scheme:"));
    }
}
