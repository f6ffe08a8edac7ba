//! `uniform check URL...`: strict validation, with every violation drawn
//! under its byte.

use crate::bulk::{Record, Sink};
use crate::caret::{Diagnostic, Severity};
use crate::cmd::lines::{LineArgs, run_lines};
use crate::cmd::{self, Run, Status, UrlOptions};
use crate::json;
use crate::password;
use std::fmt::Write as _;
use std::io;
use uniform::{ParseError, ParseErrorKind};

const HELP: &str = "\
Each URL is checked as by `parse --strict`: it is valid when nothing in it is
outside the grammar of the dialect. A valid URL prints `ok`; an invalid one
prints every violation found, each drawn with a caret under its byte (the
check goes on past the first one, as far as the URL can be read). A scheme
whose syntax no RFC defines is valid, with a warning. (--strict is implied.)
Under --dialect rfc3986 validity is RFC 3986's grammar: what a scheme's own
definition adds (RFC 9110 for http, RFC 8089 for file, ...) and a port past
65535 are warnings that cite that text, and leave the URL valid.

--reference: each input is a URI-reference: a URL, or a relative reference
checked by the generic grammar (under rfc3986, RFC 3986 section 4.2: the
first segment of a relative path holds no ':').

--json: one object per URL: {input, valid, errors, warnings}, where errors
and warnings are arrays of {offset, kind, message}.

Under --dialect whatwg a URL is valid when the URL Standard's parser meets
no validation error in it; each error is named as the Standard names it
(invalid-reverse-solidus, IPv4-non-decimal-part...), at its byte of the
input as given.

--compare: what each dialect makes of each URL, side by side: the href under
whatwg, the canonical form under rfc3986, rfc1738 and rfc1630 (or each one's
error), whether it is valid there, then every component on which the forms
differ with the rule behind each dialect's value (the rule of a fault in
that component, else the normalization that writes it). --json gives
{input, agree, readings: [{dialect, form, valid, error, faults}],
differences: [{component, values: {DIALECT: value}, rules: [{dialect, rule,
section}]}]}. The exit status is then 0 when every dialect reads the URL as
the same valid URL in the same form, 1 when they differ.

Passwords are shown as \"****\" unless --show-password is given. Standard
input (\"-\"): one URL per line, a leading byte order mark dropped.

Exit status: 0 when every URL is valid, 1 when one is not, 2 for a usage
error.";

/// Validate each URL strictly and show every violation, positioned
#[derive(clap::Args, Debug)]
#[command(after_long_help = HELP)]
pub struct Args {
    #[command(flatten)]
    lines: LineArgs,
    /// Accept relative references too (URI-references), checked by the
    /// dialect's generic grammar
    #[arg(long)]
    reference: bool,
    /// Show what each dialect makes of each URL and the rule behind each
    /// difference
    #[arg(long, conflicts_with_all = ["reference", "dialect", "strict"])]
    compare: bool,
}

impl Run for Args {
    fn run(self) -> io::Result<Status> {
        let checker = Checker {
            options: UrlOptions {
                strict: true,
                ..self.lines.options
            },
            json: self.lines.json,
            reference: self.reference,
            compare: self.compare,
        };
        run_lines(self.lines, &checker)
    }
}

struct Checker {
    options: UrlOptions,
    json: bool,
    reference: bool,
    compare: bool,
}

impl Record for Checker {
    type State = ();

    fn state(&self) {}

    fn record(&self, _: &mut (), _: u64, input: &[u8], sink: &mut Sink) -> bool {
        if self.compare {
            return compare(&self.options, self.json, input, &mut sink.out);
        }
        check(
            &self.options,
            self.json,
            self.reference,
            input,
            &mut sink.out,
        )
    }
}

/// Writes the verdict on `input` into `buf`; `false` when it is invalid.
fn check(
    options: &UrlOptions,
    json: bool,
    reference: bool,
    input: &[u8],
    buf: &mut Vec<u8>,
) -> bool {
    let mut notes = Vec::new();
    let errors = match read(options.parse_options(), reference, input, &mut notes) {
        Ok(()) => Vec::new(),
        Err(first) => {
            notes.clear();
            every_violation(options, reference, input, first, &mut notes)
        }
    };
    // Finding the password costs a parse: only when the input is shown.
    let shown = json || !errors.is_empty() || !notes.is_empty();
    let mask = if shown { options.mask(input) } else { None };
    if json {
        buf.extend_from_slice(b"{\"input\":");
        json::string(buf, &password::shown(input, mask));
        buf.extend_from_slice(b",\"valid\":");
        json::boolean(buf, errors.is_empty());
        let mut scratch = String::new();
        buf.extend_from_slice(b",\"errors\":");
        json::errors(buf, &errors, &mut scratch);
        buf.extend_from_slice(b",\"warnings\":");
        json::errors(buf, &notes, &mut scratch);
        buf.extend_from_slice(b"}\n");
    } else {
        let mut text = String::new();
        if errors.is_empty() {
            text.push_str("ok\n");
        }
        let drawn = errors
            .iter()
            .map(|e| (Severity::Error, e))
            .chain(notes.iter().map(|w| (Severity::Warning, w)));
        for (severity, error) in drawn {
            let _ = write!(
                text,
                "{}",
                Diagnostic {
                    severity,
                    error,
                    input,
                    mask: mask.clone()
                }
            );
        }
        buf.extend_from_slice(text.as_bytes());
    }
    errors.is_empty()
}

/// Writes what each dialect makes of `input` into `buf`; `true` when all
/// agree on one valid URL.
fn compare(options: &UrlOptions, json: bool, input: &[u8], buf: &mut Vec<u8>) -> bool {
    let text = String::from_utf8_lossy(input);
    let c = uniform::compare::compare(&text);
    let mask = |s: &str| options.masked(s).into_owned();
    let shown = password::shown(input, options.mask(input)).into_owned();
    let mut scratch = String::new();
    if json {
        buf.extend_from_slice(b"{\"input\":");
        json::string(buf, &shown);
        buf.extend_from_slice(b",\"agree\":");
        json::boolean(buf, c.agree());
        buf.extend_from_slice(b",\"readings\":[");
        for (i, r) in c.readings.iter().enumerate() {
            if i > 0 {
                buf.push(b',');
            }
            buf.extend_from_slice(b"{\"dialect\":");
            json::string(buf, r.dialect.as_str());
            buf.extend_from_slice(b",\"form\":");
            let form = r.form.as_ref().ok().map(|u| mask(u.as_str()));
            json::opt_string(buf, form.as_deref());
            buf.extend_from_slice(b",\"valid\":");
            json::boolean(buf, r.is_valid());
            buf.extend_from_slice(b",\"error\":");
            match &r.form {
                Ok(_) => buf.extend_from_slice(b"null"),
                Err(e) => json::error(buf, e, &mut scratch),
            }
            buf.extend_from_slice(b",\"faults\":");
            json::errors(buf, &r.faults, &mut scratch);
            buf.push(b'}');
        }
        buf.extend_from_slice(b"],\"differences\":[");
        for (i, d) in c.differences.iter().enumerate() {
            if i > 0 {
                buf.push(b',');
            }
            buf.extend_from_slice(b"{\"component\":");
            json::string(buf, d.component.name());
            buf.extend_from_slice(b",\"values\":{");
            for (j, (dialect, value)) in d.values.iter().enumerate() {
                if j > 0 {
                    buf.push(b',');
                }
                json::string(buf, dialect.as_str());
                buf.push(b':');
                let value = value.as_deref().map(|v| shown_value(d.component, v));
                json::opt_string(buf, value.as_deref());
            }
            buf.extend_from_slice(b"},\"rules\":[");
            for (j, (dialect, rule, section)) in d.rules.iter().enumerate() {
                if j > 0 {
                    buf.push(b',');
                }
                buf.extend_from_slice(b"{\"dialect\":");
                json::string(buf, dialect.as_str());
                buf.extend_from_slice(b",\"rule\":");
                json::string(buf, rule);
                buf.extend_from_slice(b",\"section\":");
                json::string(buf, section);
                buf.push(b'}');
            }
            buf.extend_from_slice(b"]}");
        }
        buf.extend_from_slice(b"]}\n");
        return c.agree();
    }
    let mut out = String::new();
    let _ = writeln!(out, "input: {}", uniform::visible::escaped(&shown));
    for r in &c.readings {
        let name = r.dialect.as_str();
        match &r.form {
            Ok(u) => {
                let verdict = match r.faults.len() {
                    0 => "valid".to_string(),
                    1 => "invalid: 1 fault".to_string(),
                    n => format!("invalid: {n} faults"),
                };
                let form = uniform::visible::escaped(&mask(u.as_str())).into_owned();
                let _ = writeln!(out, "  {name:<8} {form}  ({verdict})");
            }
            Err(e) => {
                let _ = writeln!(
                    out,
                    "  {name:<8} no URL: {}",
                    uniform::visible::escaped(&e.to_string())
                );
            }
        }
    }
    if c.agree() {
        out.push_str("every dialect reads the same valid URL\n");
    }
    for d in &c.differences {
        let values: Vec<String> = d
            .values
            .iter()
            .map(|(dialect, v)| match v {
                Some(v) => format!("{} {:?}", dialect.as_str(), shown_value(d.component, v)),
                None => format!("{} none", dialect.as_str()),
            })
            .collect();
        let _ = writeln!(
            out,
            "{}: {}",
            d.component.name(),
            uniform::visible::escaped(&values.join(", "))
        );
        for (dialect, rule, section) in &d.rules {
            let _ = writeln!(out, "  {}: {rule} ({section})", dialect.as_str());
        }
    }
    buf.extend_from_slice(out.as_bytes());
    c.agree()
}

/// A component's value as shown: a password masked.
fn shown_value(c: uniform::Component, v: &str) -> String {
    if c == uniform::Component::Password && !v.is_empty() {
        password::MASK.to_string()
    } else {
        v.to_string()
    }
}

/// Reads `input` as a URL, or with `reference` as a URI-reference.
fn read(
    options: uniform::ParseOptions,
    reference: bool,
    input: &[u8],
    warnings: &mut Vec<ParseError>,
) -> Result<(), ParseError> {
    match std::str::from_utf8(input) {
        Ok(s) if reference => options.check_reference(s, warnings),
        _ => cmd::parse_bytes(options, input, warnings).map(|_| ()),
    }
}

/// Every violation in `input`, in order, of which a strict parse found the
/// `first`: a lenient parse reads on past each one that leaves the URL
/// readable. A scheme without a defined syntax is not a violation (strict
/// parsing accepts it too) and goes to `notes`.
fn every_violation(
    options: &UrlOptions,
    reference: bool,
    input: &[u8],
    first: ParseError,
    notes: &mut Vec<ParseError>,
) -> Vec<ParseError> {
    let lenient = options.parse_options().strict(false);
    let mut found = Vec::new();
    if let Err(fatal) = read(lenient, reference, input, &mut found) {
        found.push(fatal);
    }
    let (undefined, mut errors): (Vec<_>, Vec<_>) = found
        .into_iter()
        .partition(|e| e.kind() == ParseErrorKind::UndefinedSyntax || e.is_advice());
    notes.extend(undefined);
    if !errors.contains(&first) {
        errors.push(first);
        errors.sort_by_key(ParseError::offset);
    }
    errors
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cmd::DialectName;

    fn options() -> UrlOptions {
        UrlOptions {
            dialect: DialectName::Rfc1738,
            strict: true,
            show_password: false,
            input: crate::input::LineLimit {
                max_line: crate::input::DEFAULT_MAX_LINE,
            },
        }
    }

    fn run(input: &[u8]) -> (bool, String) {
        let mut buf = Vec::new();
        let ok = check(&options(), false, false, input, &mut buf);
        (ok, String::from_utf8(buf).unwrap())
    }

    #[test]
    fn a_valid_url_is_ok() {
        assert_eq!(
            run(b"ftp://host.dom/pub/x;type=i"),
            (true, "ok\n".to_string())
        );
    }

    #[test]
    fn every_violation_is_drawn() {
        let (ok, text) = run(b"http://h/a b|c");
        assert!(!ok);
        assert_eq!(text.matches("error[unsafe-char]").count(), 2, "{text}");
        assert!(
            text.contains("  | http://h/a b|c\n  |           ^\n"),
            "{text}"
        );
        assert!(
            text.contains("  | http://h/a b|c\n  |             ^\n"),
            "{text}"
        );
    }

    #[test]
    fn an_undefined_scheme_is_valid_with_a_warning() {
        let (ok, text) = run(b"afs://cell/x");
        assert!(ok);
        assert!(
            text.starts_with("ok\nwarning[undefined-syntax]: "),
            "{text}"
        );
    }

    #[test]
    fn a_fatal_error_ends_the_list() {
        let (ok, text) = run(b"http://u:p w@h:9x9/x y");
        assert!(!ok);
        let kinds: Vec<&str> = text.lines().filter(|l| l.starts_with("error[")).collect();
        assert_eq!(kinds.len(), 2, "{text}");
        assert!(
            kinds[0].starts_with("error[unsafe-char]") && kinds[1].starts_with("error[bad-port]")
        );
        // The password is masked in every drawing, and the caret of an
        // error inside it covers the mask.
        assert!(!text.contains("p w"), "{text}");
        assert!(
            text.contains("  | http://u:****@h:9x9/x y\n  |          ^^^^\n"),
            "{text}"
        );
    }
}
