//! Differential: any UTF-8 text parsed by `uniform::whatwg::parse(input,
//! None)` and by `url::Url::parse(input)` (rust-url 2.5.8), which read the
//! same URL Standard. The two must give the same href, or both fail,
//! unless a rule below says why rust-url departs from the Standard for
//! that kind of input. Uniform passes every web-platform-tests URL test;
//! rust-url lists its known failures in its own `tests/expected_failures.txt`
//! and predates some of the Standard's later changes.
//!
//! A rule names a kind of input (read from the input as the Standard reads
//! it: C0 controls and spaces trimmed, tabs and newlines removed, the
//! scheme lower-cased; where the Standard's reading of a component is
//! needed, from Uniform's href) and what rust-url does with it:
//!
//! - a rewrite: rust-url writes the href otherwise. Both hrefs are brought
//!   to one form (only that difference undone) and must then agree, so
//!   that the rest of such an input is still compared;
//! - rust-url fails where the Standard parses, with the error named;
//! - rust-url parses where the Standard fails, with the validation error
//!   Uniform names;
//! - rust-url writes another path, and the rest of the href agrees.
//!
//! A difference no rule covers panics with the input, both answers and the
//! rules that applied. A new difference is a rule only when the Standard
//! says Uniform is right (ada-url, which passes the same tests, is a good
//! third opinion); otherwise it is a fault of Uniform's.
//!
//! `uniform::whatwg::can_parse(input, None)` must also be true exactly
//! when Uniform's parse succeeds.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(input) = std::str::from_utf8(data) else {
        return;
    };
    let case = Case::new(input);
    // can_parse decides most URLs from their scheme and authority alone:
    // it must still answer as the parse does.
    assert_eq!(
        uniform::whatwg::can_parse(input, None),
        case.ours.is_ok(),
        "can_parse against parse: {input:?}"
    );
    check(&case);
});

/// What one parser made of the input: the href, or its failure.
type Ours = Result<String, &'static str>;
type Theirs = Result<String, url::ParseError>;

/// One input, as the Standard reads it before parsing, and both answers.
struct Case<'a> {
    input: &'a str,
    /// The input without leading and trailing C0 controls and spaces and
    /// without ASCII tabs and newlines (the basic URL parser's first
    /// steps).
    cleaned: String,
    /// The scheme, lower case, when the cleaned input starts with one.
    scheme: Option<String>,
    ours: Ours,
    theirs: Theirs,
}

impl<'a> Case<'a> {
    fn new(input: &'a str) -> Case<'a> {
        let trimmed = input.trim_matches(|c: char| c <= ' ');
        let cleaned: String = trimmed
            .chars()
            .filter(|c| !matches!(c, '\t' | '\n' | '\r'))
            .collect();
        let scheme = scheme_of(&cleaned);
        Case {
            input,
            scheme,
            ours: uniform::whatwg::parse(input, None)
                .map(|u| u.as_str().to_owned())
                .map_err(|e| e.rule()),
            theirs: url::Url::parse(input).map(|u| u.as_str().to_owned()),
            cleaned,
        }
    }

    fn scheme_is(&self, s: &str) -> bool {
        self.scheme.as_deref() == Some(s)
    }

    fn special(&self) -> bool {
        matches!(
            self.scheme.as_deref(),
            Some("http" | "https" | "ws" | "wss" | "ftp" | "file")
        )
    }

    /// The cleaned input after `scheme:`.
    fn after_scheme(&self) -> &str {
        match &self.scheme {
            Some(s) => &self.cleaned[s.len() + 1..],
            None => "",
        }
    }

    /// The authority of a URL that is not special, as the authority state
    /// reads it: after `scheme://`, up to `/`, `?` or `#`.
    fn non_special_authority(&self) -> Option<&str> {
        if self.special() {
            return None;
        }
        let rest = self.after_scheme().strip_prefix("//")?;
        Some(&rest[..rest.find(['/', '?', '#']).unwrap_or(rest.len())])
    }

    /// The host of a special URL, as the Standard cuts it from the
    /// input: after the scheme and any slashes and backslashes (two, for
    /// `file`), up to the next delimiter; then, but for `file`, after the
    /// last `@` and before a port's `:` (outside brackets).
    fn special_host(&self) -> Option<&str> {
        if !self.special() {
            return None;
        }
        let after = self.after_scheme();
        let end = |s: &str| s.find(['/', '\\', '?', '#']).unwrap_or(s.len());
        if self.scheme_is("file") {
            let b = after.as_bytes();
            if b.len() < 2 || !matches!(b[0], b'/' | b'\\') || !matches!(b[1], b'/' | b'\\') {
                return None;
            }
            let rest = &after[2..];
            return Some(&rest[..end(rest)]);
        }
        let rest = after.trim_start_matches(['/', '\\']);
        let authority = &rest[..end(rest)];
        let host_port = authority.rsplit_once('@').map_or(authority, |(_, h)| h);
        Some(host_before_port(host_port).0)
    }
}

/// The scheme of a cleaned input, lower case: an ASCII letter, then
/// letters, digits, `+`, `-` and `.`, then `:`.
fn scheme_of(cleaned: &str) -> Option<String> {
    let end = cleaned.find(':')?;
    let s = &cleaned[..end];
    let mut bytes = s.bytes();
    let first = bytes.next()?;
    (first.is_ascii_alphabetic()
        && bytes.all(|b| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.')))
    .then(|| s.to_ascii_lowercase())
}

/// Host and port text: split at the first `:` outside brackets.
fn host_before_port(host_port: &str) -> (&str, Option<&str>) {
    let mut inside = false;
    for (i, b) in host_port.bytes().enumerate() {
        match b {
            b'[' => inside = true,
            b']' => inside = false,
            b':' if !inside => return (&host_port[..i], Some(&host_port[i + 1..])),
            _ => {}
        }
    }
    (host_port, None)
}

/// An href cut in three: `scheme:` and the authority with its `//`, the
/// path, and the query and fragment.
fn split_href(href: &str) -> (&str, &str, &str) {
    let colon = href.find(':').map_or(0, |i| i + 1);
    let mut path_start = colon;
    if href[colon..].starts_with("//") {
        let a = colon + 2;
        path_start = a + href[a..].find(['/', '?', '#']).unwrap_or(href.len() - a);
    }
    let rest = path_start
        + href[path_start..]
            .find(['?', '#'])
            .unwrap_or(href.len() - path_start);
    (&href[..path_start], &href[path_start..rest], &href[rest..])
}

/// Whether `s` is a Windows drive letter: an ASCII letter, then `:` or
/// `|`.
fn drive_letter(s: &str) -> bool {
    let b = s.as_bytes();
    b.len() == 2 && b[0].is_ascii_alphabetic() && matches!(b[1], b':' | b'|')
}

/// Whether a segment is a double-dot segment (`..`, with either dot
/// possibly `%2e`).
fn double_dot(s: &str) -> bool {
    matches!(
        s.to_ascii_lowercase().as_str(),
        ".." | ".%2e" | "%2e." | "%2e%2e"
    )
}

/// What rust-url does with the inputs a rule names.
enum Departure {
    /// It writes another href: the hrefs of the sides named are brought
    /// to one form, the difference undone.
    Rewrite(fn(&str) -> String, Sides),
    /// It fails, with this error, where the Standard parses.
    Fails(url::ParseError),
    /// It parses where the Standard fails with this validation error.
    Parses(&'static str),
    /// It writes another path; the rest of the href is the same.
    Path,
}

/// The hrefs a rewrite applies to.
#[derive(Clone, Copy)]
enum Sides {
    Both,
    Uniform,
    Url,
}

struct Rule {
    name: &'static str,
    /// Whether the input is of the kind the rule speaks of.
    applies: fn(&Case) -> bool,
    departure: Departure,
}

/// The rules, each a departure of rust-url 2.5.8 from the URL Standard as
/// the web-platform tests have it (`../shared/testdata/wpt-url`).
const RULES: &[Rule] = &[
    // The Standard's path percent-encode set holds `^` (added in 2024:
    // wpt's `wss://host/ !"$%&'()*+,-./:;<=>@[\]^_`{|}~` expects `%5E`
    // in the path); rust-url's PATH set does not, and writes `^` as it
    // is. Undone on both sides: `%5E` read as `^` before any `?` or `#`
    // (userinfo encodes `^` in both, a host may not hold it, and a query
    // or fragment is not touched).
    Rule {
        name: "caret-in-path",
        applies: |c| c.cleaned.contains('^'),
        departure: Departure::Rewrite(caret_as_is, Sides::Both),
    },
    // An opaque path's last space before `?` or `#` is written `%20`
    // (the Standard's opaque path state since 2025, wpt
    // `non-special:opaque  ?hi` expects `non-special:opaque %20?hi`);
    // rust-url writes the space. Undone on Uniform's side (the `%20`
    // before the first `?` or `#` read as a space), for a cleaned input
    // whose opaque path ends in a space before `?` or `#`.
    Rule {
        name: "opaque-path-space-before-query-or-fragment",
        applies: opaque_path_ends_in_space,
        departure: Departure::Rewrite(last_opaque_space, Sides::Uniform),
    },
    // A file URL with a host whose path starts with a drive letter:
    // rust-url drops the host (`file://h/C:/x` gives `file:///C:/x`; its
    // expected failures list `file://example.net/C:/`,
    // `file://1.2.3.4/C:/`, `file://[1::8]/C:/`); the Standard keeps it.
    // Undone on Uniform's side: the host taken out, where both paths
    // start with a drive letter and rust-url's href has no host (its path
    // may start otherwise when another of its departures applies, as
    // `drive-letter-like-segment-before-dot-dot` below: it then keeps
    // the host).
    Rule {
        name: "file-host-before-drive-letter",
        applies: |c| {
            let starts_with_drive = |h: &str| {
                let path = split_href(h).1;
                path[path.len().min(1)..]
                    .split('/')
                    .next()
                    .is_some_and(drive_letter)
            };
            c.scheme_is("file")
                && c.ours.as_deref().is_ok_and(|h| {
                    split_href(h).0.len() > "file://".len() && starts_with_drive(h)
                })
                && c.theirs.as_deref().is_ok_and(|h| {
                    split_href(h).0 == "file://" && starts_with_drive(h)
                })
        },
        departure: Departure::Rewrite(drop_file_host, Sides::Uniform),
    },
    // `file:///C|/x`: the Standard writes the first segment of a file
    // URL's path that is a drive letter with `:` (the path state's
    // "replace the second code point in buffer with U+003A"); rust-url
    // keeps `C|` when the input gave an empty host (`file:C|/x` and
    // `file://C|/x` it writes `C:`). Undone on rust-url's side: `C|`
    // written `C:`.
    Rule {
        name: "file-pipe-drive-letter",
        applies: |c| {
            let first = |h: &str| {
                let path = split_href(h).1;
                path[path.len().min(1)..]
                    .split('/')
                    .next()
                    .map(str::to_owned)
            };
            c.scheme_is("file")
                && match (&c.ours, &c.theirs) {
                    (Ok(a), Ok(b)) => first(a).zip(first(b)).is_some_and(|(x, y)| {
                        drive_letter(&x) && x.ends_with(':') && y == x.replace(':', "|")
                    }),
                    _ => false,
                }
        },
        departure: Departure::Rewrite(pipe_drive_as_colon, Sides::Url),
    },
    // Empty segments at the start of a file URL's path: the Standard
    // keeps them (`file:////x`, `file://h//x`, `file:.//p` give paths
    // `//x`, `//x`, `//p`); rust-url drops them (its expected failures
    // list `file:////foo`, `file://spider///`, `file:.//p`,
    // `file:\\\\//`). Undone on Uniform's side: the leading slashes of
    // the path made one.
    Rule {
        name: "file-leading-empty-segments",
        applies: |c| {
            c.scheme_is("file")
                && c.ours
                    .as_deref()
                    .is_ok_and(|h| split_href(h).1.starts_with("//"))
        },
        departure: Departure::Rewrite(one_leading_slash, Sides::Uniform),
    },
    // rust-url drops a tab or newline of a path only as it meets it,
    // writing out what came before; when that is `/n:` it takes `n:` for
    // a drive letter that ends its segment: `file:n:<CR>x` and
    // `file:n<TAB>:<TAB>x` give `file:///n:/x`. The Standard drops tabs
    // and newlines first and reads the segment `n:x` (`file:///n:x`).
    // Only the path may differ.
    Rule {
        name: "file-drive-letter-before-tab-or-newline",
        applies: |c| {
            let b = c.input.as_bytes();
            c.scheme_is("file")
                && (1..b.len().saturating_sub(1)).any(|i| {
                    let tab = |x: u8| matches!(x, b'\t' | b'\n' | b'\r');
                    let before = b[..i].iter().rposition(|&x| !tab(x));
                    matches!(b[i], b':' | b'|')
                        && tab(b[i + 1])
                        && before.is_some_and(|k| b[k].is_ascii_alphabetic())
                })
        },
        departure: Departure::Path,
    },
    // rust-url keeps a path segment that looks like a drive letter (`x:`,
    // `x|`, or one followed by `\` in a URL that is not special) when a
    // `..` follows, in every URL: its
    // `last_slash_can_be_removed` asks `path_starts_with_windows_drive_letter`
    // whatever the scheme. The Standard's "shorten a URL's path" keeps a
    // normalized drive letter only as the only segment of a file URL's
    // path (`lttq:/../x:/../y` is `lttq:/y`; rust-url writes
    // `lttq:/x:/y`). Only the path may differ.
    Rule {
        name: "drive-letter-like-segment-before-dot-dot",
        applies: |c| {
            // The segments of the input before any `?` or `#`.
            let after = c.after_scheme();
            let path = &after[..after.find(['?', '#']).unwrap_or(after.len())];
            let slashes: &[char] = if c.special() { &['/', '\\'] } else { &['/'] };
            let segments: Vec<&str> = path.split(slashes).collect();
            segments.iter().enumerate().any(|(i, s)| {
                // A drive letter, alone or before a `\` (in a URL that is
                // not special: rust-url reads it as ending the letter).
                let b = s.as_bytes();
                let drive = b.len() >= 2
                    && b[0].is_ascii_alphabetic()
                    && matches!(b[1], b':' | b'|')
                    && (b.len() == 2 || b[2] == b'\\');
                drive && segments[i + 1..].iter().any(|d| double_dot(d))
            })
        },
        departure: Departure::Path,
    },
    // An ASCII domain with a label that starts with `xn--`: the Standard
    // lower-cases an ASCII domain as it is, whether or not such a label
    // is valid Punycode (wpt `toascii.json`: "Invalid Punycode", `xn--a`
    // gives `xn--a`); rust-url decodes the label through UTS 46 and fails
    // on one that does not decode.
    Rule {
        name: "ascii-xn-label",
        applies: |c| {
            c.special_host().is_some_and(|h| {
                let h = percent_decoded(h);
                h.is_ascii()
                    && h.split('.')
                        .any(|l| l.len() >= 4 && l[..4].eq_ignore_ascii_case("xn--"))
            })
        },
        departure: Departure::Fails(url::ParseError::IdnaError),
    },
    // A port followed by `\` in a URL that is not special: the Standard
    // reads `\` as a delimiter in special URLs only, so the port state
    // meets a code point that is no digit and fails (port-invalid);
    // rust-url's `parse_port` ends a port at `\` in every URL.
    Rule {
        name: "non-special-port-then-backslash",
        applies: |c| {
            c.non_special_authority().is_some_and(|a| {
                let host_port = a.rsplit_once('@').map_or(a, |(_, h)| h);
                host_before_port(host_port)
                    .1
                    .is_some_and(|p| p.contains('\\'))
            })
        },
        departure: Departure::Parses("port-invalid"),
    },
    // `sc://:@` and `sc://@` with nothing after: after an `@` the
    // Standard fails on an empty host (host-missing; wpt `sc://@/`).
    // rust-url fails only when it wrote some userinfo, or when `@` is
    // followed by `/`, `?` or `#`: an empty user name and password (`:@`)
    // write nothing, and `sc://:@/x` gives `sc:///x`.
    Rule {
        name: "non-special-empty-userinfo-empty-host",
        applies: |c| {
            c.non_special_authority().is_some_and(|a| {
                a.rsplit_once('@')
                    .is_some_and(|(user, host)| matches!(user, "" | ":") && host.is_empty())
            })
        },
        departure: Departure::Parses("host-missing"),
    },
];

fn caret_as_is(href: &str) -> String {
    let end = href.find(['?', '#']).unwrap_or(href.len());
    let mut out = href[..end].replace("%5E", "^");
    out.push_str(&href[end..]);
    out
}

fn opaque_path_ends_in_space(c: &Case) -> bool {
    if c.special() || c.scheme.is_none() {
        return false;
    }
    let after = c.after_scheme();
    if after.starts_with('/') {
        return false;
    }
    after
        .find(['?', '#'])
        .is_some_and(|end| after[..end].ends_with(' '))
}

/// The `%20` that ends an opaque path before `?` or `#`, written as a
/// space.
fn last_opaque_space(href: &str) -> String {
    match href.find(['?', '#']) {
        Some(end) if href[..end].ends_with("%20") => {
            format!("{} {}", &href[..end - 3], &href[end..])
        }
        _ => href.to_owned(),
    }
}

fn drop_file_host(href: &str) -> String {
    let (_, path, rest) = split_href(href);
    format!("file://{path}{rest}")
}

fn pipe_drive_as_colon(href: &str) -> String {
    let (authority, path, rest) = split_href(href);
    let b = path.as_bytes();
    if b.len() >= 3 && drive_letter(&path[1..3]) && (b.len() == 3 || b[3] == b'/') {
        format!("{authority}/{}:{}{rest}", &path[1..2], &path[3..])
    } else {
        href.to_owned()
    }
}

fn one_leading_slash(href: &str) -> String {
    let (authority, path, rest) = split_href(href);
    format!("{authority}/{}{rest}", path.trim_start_matches('/'))
}

/// Percent-decoded text, lossily (a host's bytes as the host parser sees
/// them).
fn percent_decoded(s: &str) -> String {
    let b = s.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        let hex = |x: u8| (x as char).to_digit(16);
        if b[i] == b'%'
            && i + 2 < b.len()
            && let (Some(h), Some(l)) = (hex(b[i + 1]), hex(b[i + 2]))
        {
            out.push((h * 16 + l) as u8);
            i += 3;
        } else {
            out.push(b[i]);
            i += 1;
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

fn check(c: &Case) {
    let applied: Vec<&Rule> = RULES.iter().filter(|r| (r.applies)(c)).collect();
    let (mut ours, mut theirs) = (c.ours.clone(), c.theirs.clone());
    for r in &applied {
        if let Departure::Rewrite(f, sides) = r.departure {
            if let (Ok(a), Sides::Both | Sides::Uniform) = (&mut ours, sides) {
                *a = f(a);
            }
            if let (Ok(b), Sides::Both | Sides::Url) = (&mut theirs, sides) {
                *b = f(b);
            }
        }
    }
    let agree = match (&ours, &theirs) {
        (Ok(a), Ok(b)) => a == b,
        (Err(_), Err(_)) => true,
        _ => false,
    };
    if agree {
        return;
    }
    for r in &applied {
        let explained = match (&r.departure, &ours, &theirs) {
            (Departure::Fails(want), Ok(_), Err(e)) => e == want,
            (Departure::Parses(rule), Err(e), Ok(_)) => e == rule,
            (Departure::Path, Ok(a), Ok(b)) => {
                let (x, y) = (split_href(a), split_href(b));
                x.0 == y.0 && x.2 == y.2
            }
            _ => false,
        };
        if explained {
            return;
        }
    }
    let names: Vec<&str> = applied.iter().map(|r| r.name).collect();
    panic!(
        "uniform and url differ on {:?} (no rule explains it; rules that apply: {names:?}):\n  uniform {:?}\n  url     {:?}",
        c.input, c.ours, c.theirs
    );
}
