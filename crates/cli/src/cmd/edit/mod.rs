//! `uniform edit URL...`: change URLs by trurl's meanings (`--set`,
//! `--append`, `--qtrim`, `--sort-query`, `--redirect`, `--get`), through
//! the library's setters (`uniform::edit`), so that every result is valid
//! in the URL's dialect or refused.

use crate::bulk::{self, Jobs, Record, Sink};
use crate::caret::Severity;
use crate::cmd::{self, Run, Status, UrlOptions};
use crate::input::{Bom, Inputs};
use crate::json;
use crate::password::{self, MASK};
use crate::template;
use serde_json::{Map, Value, json};
use std::ffi::OsString;
use std::io::{self, Write};
use std::path::PathBuf;
use uniform::edit::{EditError, form_decode, form_encode};
use uniform::pct::{EncodeSet, decode_utf8_lossy, encode};
use uniform::resolve::{self, Rules};
use uniform::visible::escaped;
use uniform::{Component, ParseError, ParseOptions, Url};

const HELP: &str = "\
Changes each URL and prints the result, one a line. The options are
trurl's, with trurl's meanings. The edits are made in this order, whatever
the order of the options: --redirect, each --set (in the order given, then
the --iterate values), each --append path=, each --qtrim, each --replace,
each --append query=, --sort-query, --punycode, --default-port.

  --set PART=VALUE    sets a part, VALUE encoded as the part requires
                      (\"c d\" becomes \"c%20d\"); an empty VALUE removes the
                      user, password, port, query or fragment. PART is one
                      of scheme, user, password, host, port, path, query,
                      fragment. As in trurl, query=VALUE is one value: its
                      \"=\" and \"&\" are encoded. A Unicode host is written
                      in its UTS 46 ASCII form. A part is set once.
  --set PART:=VALUE   sets a part to VALUE already encoded, kept as it is
                      (query:=a=b&c=d); it must be valid in the part
  --set PART?=VALUE   sets the part only where the URL has none
  --iterate PART=\"V1 V2\"  one URL for each value; several --iterate give
                      every combination, the first varying slowest
  --append path=SEG   appends a path segment, encoded (\"/\" becomes %2F);
                      a trailing \"/\" is replaced
  --append query=K=V  appends a query pair, form-encoded (\" \" becomes \"+\")
  --qtrim KEY         removes the query pairs whose key (form-decoded) is
                      KEY; a trailing \"*\" matches any key that starts so,
                      a trailing \"\\*\" is a star; --trim query=KEY is the same
  --replace K=V       gives the first pair with key K the value V and
                      removes the others with that key; --replace-append
                      appends K=V when there is none
  --sort-query        sorts the query pairs by key, then value
  --redirect REF      resolves REF against the URL (RFC 3986 section 5.2)
  --punycode, --as-idn  print the host in its UTS 46 ASCII or Unicode form
  --default-port      writes the scheme's port into a URL that has none

An edit the URL's scheme or dialect does not allow (a port in a mailto: URL,
a query in an RFC 1738 ftp URL, a host with a space) is an error: the URL is
not printed, and standard error names the URL and the part.

--get TEMPLATE prints each URL by a template instead: {url}, {scheme},
{user}, {password}, {host}, {port}, {path}, {query}, {fragment} decoded (the
path with its leading \"/\", as trurl prints it); {:user}, {:password},
{:host}, {:port}, {:path}, {:query}, {:fragment} as written (encoded), also
spelt {url:PART}; {default:port} the port, else the scheme's default;
{puny:host} and {idn:host} the host name in its UTS 46 ASCII and Unicode
forms (xn--bcher-kva.example, b\u{fc}cher.example); {puny:url}, {idn:url}
and {default:url} the URL with its host in that form or its port written;
{query:KEY} the first value of KEY, form-decoded, {:query:KEY} as written
(empty when there is no such key), {query-all:KEY} every value, with a
space between; {must:PART} the part, and an error for a URL without it.
{{ and }} stand for braces; \\n, \\t and \\\\ for a line end, a tab and
a backslash. An absent part prints nothing. With --urlencode the decoded
fields are given as written.

--json prints one object per URL (JSON Lines): trurl's {url, parts: {scheme,
user, password, host, port, path, query, fragment}, params: [{key, value}...]}
with the parts present, decoded (as written with --urlencode), the port a
string, the path with its leading \"/\", and params (the query pairs,
form-decoded) when there is a query.

Inputs: the URL arguments, --url URL, the lines of --url-file FILE (first),
and with \"-\" one URL per line of standard input. Without any, a URL is made
of the scheme and host given to --set. --guess-scheme takes text without a
scheme for a host, as trurl does (example.com is http://example.com,
ftp.example.com ftp://...); Uniform never guesses otherwise. --accept-space
takes a space in an input URL as %20, and as + in the query. --keep-port and
--no-guess-scheme are accepted: Uniform never drops a port, and guesses a
scheme only when asked.

Passwords: a non-empty password is shown as \"****\" in every output (the
URL, {password}, the JSON, messages) unless --show-password.

Exit status: 0 when every URL was read and edited, 1 when one was invalid or
an edit was refused (with --verify the first one ends the run; --quiet
leaves out the messages), 2 for a usage error (an unknown PART, a port that
is no number, a part set twice, a template with an unknown field).";

/// Change URLs: set parts, append to path or query, trim and sort the query,
/// follow a redirect
#[derive(clap::Args, Debug)]
#[command(after_long_help = HELP)]
pub struct Args {
    /// The URLs; "-" reads one per line from standard input
    #[arg(value_name = "URL")]
    urls: Vec<OsString>,
    /// A URL to edit, as a URL argument (trurl's --url)
    #[arg(long = "url", value_name = "URL")]
    url: Vec<OsString>,
    /// Read URLs from FILE, one a line, before the arguments ("-" for
    /// standard input)
    #[arg(short = 'f', long = "url-file", value_name = "FILE")]
    url_file: Option<PathBuf>,
    #[command(flatten)]
    options: UrlOptions,
    #[command(flatten)]
    jobs: Jobs,
    /// Set a part: PART=VALUE encodes VALUE, PART:=VALUE takes it encoded
    #[arg(short, long = "set", value_name = "PART=VALUE")]
    set: Vec<String>,
    /// One URL for each value of a part: PART="V1 V2 ..."; several give
    /// every combination
    #[arg(long = "iterate", value_name = "PART=V1 V2...")]
    iterate: Vec<String>,
    /// Append a path segment (path=SEG) or a query pair (query=K=V)
    #[arg(short, long = "append", value_name = "path=SEG|query=K=V")]
    append: Vec<String>,
    /// Remove the query pairs with this key ("utm_*" for a prefix)
    #[arg(long = "qtrim", value_name = "KEY")]
    qtrim: Vec<String>,
    /// As --qtrim KEY (trurl's older spelling)
    #[arg(long = "trim", value_name = "query=KEY")]
    trim: Vec<String>,
    /// Replace the value of the query pairs with key K by V (K=V, or K
    /// for no value); nothing when there is no such pair
    #[arg(long = "replace", value_name = "K=V")]
    replace: Vec<String>,
    /// As --replace, appending K=V when there is no such pair
    #[arg(long = "replace-append", alias = "force-replace", value_name = "K=V")]
    replace_append: Vec<String>,
    /// Sort the query pairs
    #[arg(long)]
    sort_query: bool,
    /// Resolve this reference against the URL
    #[arg(long, value_name = "REF")]
    redirect: Option<String>,
    /// Write the scheme's default port into a URL that has none
    #[arg(long)]
    default_port: bool,
    /// Print the host name in its UTS 46 ASCII form (xn--)
    #[arg(long, conflicts_with = "as_idn")]
    punycode: bool,
    /// Print the host name in its Unicode form (for reading: a URL of the
    /// dialects has an ASCII host)
    #[arg(long)]
    as_idn: bool,
    /// Take a space in an input URL as trurl does: %20, and "+" in the
    /// query
    #[arg(long)]
    accept_space: bool,
    /// Print each URL by a template: {host}, {:path}, {default:port}, ...
    #[arg(short, long, value_name = "TEMPLATE", conflicts_with = "json")]
    get: Option<String>,
    /// Print one JSON object per URL (JSON Lines)
    #[arg(long)]
    json: bool,
    /// --get and --json give the parts as written (encoded), not decoded
    #[arg(long)]
    urlencode: bool,
    /// Stop at the first URL that is invalid or whose edit is refused
    #[arg(long)]
    verify: bool,
    /// No message for a URL that is skipped (the exit status still says)
    #[arg(long)]
    quiet: bool,
    /// Keep the port as written: what uniform edit always does (trurl
    /// drops a default port without it)
    #[arg(long)]
    keep_port: bool,
    /// Take text without a scheme for a host, as trurl does by default:
    /// ftp for a host "ftp.*", else http (example.com becomes
    /// http://example.com)
    #[arg(long, overrides_with = "no_guess_scheme")]
    guess_scheme: bool,
    /// Never guess a scheme (the default)
    #[arg(long, overrides_with = "guess_scheme")]
    no_guess_scheme: bool,
}

/// One `--set`, read from the command line.
#[derive(Debug)]
struct Set {
    part: Component,
    raw: bool,
    /// `PART?=VALUE`: only when the URL has no such part.
    if_absent: bool,
    value: String,
}

/// One `--append`.
#[derive(Debug)]
enum Append {
    Segment(String),
    Pair(String, Option<String>),
}

const PARTS: [(&str, Component); 8] = [
    ("scheme", Component::Scheme),
    ("user", Component::User),
    ("password", Component::Password),
    ("host", Component::Host),
    ("port", Component::Port),
    ("path", Component::Path),
    ("query", Component::Query),
    ("fragment", Component::Fragment),
];

fn read_set(arg: &str) -> Result<Set, String> {
    let (name, value) = arg
        .split_once('=')
        .ok_or_else(|| format!("--set {arg:?}: expected PART=VALUE"))?;
    let (name, if_absent) = match name.strip_suffix('?') {
        Some(n) => (n, true),
        None => (name, false),
    };
    let (name, raw) = match name.strip_suffix(':') {
        Some(n) => (n, true),
        None => (name, false),
    };
    let part = PARTS
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, c)| *c)
        .ok_or_else(|| {
            format!(
                "--set {arg:?}: unknown part {name:?} (scheme, user, password, host, port, path, query, fragment)"
            )
        })?;
    if part == Component::Port && !value.is_empty() && value.parse::<u16>().is_err() {
        return Err(format!("--set {arg:?}: not a port number (0 to 65535)"));
    }
    Ok(Set {
        part,
        raw,
        if_absent,
        value: value.to_string(),
    })
}

fn read_append(arg: &str) -> Result<Append, String> {
    if let Some(seg) = arg.strip_prefix("path=") {
        Ok(Append::Segment(seg.to_string()))
    } else if let Some(pair) = arg.strip_prefix("query=") {
        Ok(match pair.split_once('=') {
            Some((k, v)) => Append::Pair(k.to_string(), Some(v.to_string())),
            None => Append::Pair(pair.to_string(), None),
        })
    } else {
        Err(format!("--append {arg:?}: expected path=SEG or query=K=V"))
    }
}

/// `--trim query=KEY`: the KEY.
fn read_trim(arg: &str) -> Result<String, String> {
    arg.strip_prefix("query=")
        .map(String::from)
        .ok_or_else(|| format!("--trim {arg:?}: expected query=KEY"))
}

/// One `--replace` or `--replace-append`: the key and value, not encoded.
#[derive(Debug)]
struct Replace {
    key: String,
    value: Option<String>,
    append: bool,
}

fn read_replace(arg: &str, append: bool) -> Result<Replace, String> {
    if arg.is_empty() {
        return Err("--replace: no key given (K=V or K)".into());
    }
    let (key, value) = match arg.split_once('=') {
        Some((k, v)) => (k.to_string(), Some(v.to_string())),
        None => (arg.to_string(), None),
    };
    Ok(Replace { key, value, append })
}

/// One `--iterate`: a part and its values, each set in turn.
fn read_iterate(arg: &str) -> Result<(Component, Vec<String>), String> {
    let (name, values) = arg
        .split_once('=')
        .ok_or_else(|| format!("--iterate {arg:?}: expected PART=\"V1 V2 ...\""))?;
    let set = read_set(&format!("{name}=")).map_err(|_| {
        format!("--iterate {arg:?}: unknown part {name:?} (scheme, user, password, host, port, path, query, fragment)")
    })?;
    let values: Vec<String> = values
        .split(' ')
        .filter(|v| !v.is_empty())
        .map(String::from)
        .collect();
    if values.is_empty() {
        return Err(format!("--iterate {arg:?}: no value"));
    }
    for v in &values {
        read_set(&format!("{name}={v}")).map_err(|e| e.replace("--set", "--iterate"))?;
    }
    Ok((set.part, values))
}

/// Every combination of the `--iterate` values, the first option's
/// values varying slowest; one empty combination without `--iterate`.
fn combinations(iterate: &[(Component, Vec<String>)]) -> Vec<Vec<Set>> {
    let mut out: Vec<Vec<Set>> = vec![Vec::new()];
    for (part, values) in iterate {
        let mut next = Vec::with_capacity(out.len() * values.len());
        for combo in &out {
            for v in values {
                let mut c: Vec<Set> = combo
                    .iter()
                    .map(|s| Set {
                        part: s.part,
                        raw: s.raw,
                        if_absent: s.if_absent,
                        value: s.value.clone(),
                    })
                    .collect();
                c.push(Set {
                    part: *part,
                    raw: false,
                    if_absent: false,
                    value: v.clone(),
                });
                next.push(c);
            }
        }
        out = next;
    }
    out
}

/// `--accept-space`: a space before the query becomes `%20`, one in the
/// query `+`, one in the fragment `%20`, as trurl reads them.
fn accept_space(input: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(input.len() + 8);
    let (mut in_query, mut in_fragment) = (false, false);
    for &b in input {
        match b {
            b'?' if !in_query && !in_fragment => in_query = true,
            b'#' if !in_fragment => {
                in_query = false;
                in_fragment = true;
            }
            _ => {}
        }
        match b {
            b' ' if in_query => out.push(b'+'),
            b' ' => out.extend_from_slice(b"%20"),
            _ => out.push(b),
        }
    }
    out
}

/// trurl's escapes in a `--get` template: `\n`, `\t` and `\\`.
fn unescape_template(t: &str) -> String {
    let mut out = String::with_capacity(t.len());
    let mut chars = t.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some('n') => out.push('\n'),
            Some('t') => out.push('\t'),
            Some('\\') => out.push('\\'),
            Some(other) => {
                out.push('\\');
                out.push(other);
            }
            None => out.push('\\'),
        }
    }
    out
}

/// How a URL is shown: its host in which form, its parts decoded or not.
#[derive(Clone, Copy, Debug)]
struct Show {
    password: bool,
    as_idn: bool,
    urlencode: bool,
}

impl Show {
    /// A part as `--get` and `--json` give it: decoded, or with
    /// `--urlencode` as written.
    fn part(self, s: Option<&str>) -> Option<String> {
        s.map(|s| {
            if self.urlencode {
                s.to_string()
            } else {
                decode_utf8_lossy(s).into_owned()
            }
        })
    }

    /// The host as shown: with `--as-idn` the Unicode form of a name UTS
    /// 46 takes.
    fn host(self, url: &Url) -> Option<String> {
        if self.as_idn
            && let Ok(Some(_)) = url.host_ascii()
            && let Some(u) = url.host_unicode()
        {
            return Some(u.into_owned());
        }
        url.host().map(String::from)
    }

    /// The URL as printed: the password masked, the host as [`Show::host`].
    fn url(self, url: &Url) -> String {
        let text = url.as_str();
        let mut shown = text.to_string();
        if let (Some(host), Some(at)) = (self.host(url), url.span(Component::Host))
            && host != text[at.clone()]
        {
            shown.replace_range(at, &host);
        }
        password::masked(&shown, url.dialect(), self.password).into_owned()
    }

    fn password(self, url: &Url) -> Option<String> {
        match self.part(url.password()) {
            Some(p) if !p.is_empty() && !self.password => Some(MASK.to_string()),
            p => p,
        }
    }
}

/// The object `--get` templates read (see the help).
fn template_object(url: &Url, show: Show, template: &str) -> Value {
    let mut m = Map::new();
    m.insert("url".into(), json!(show.url(url)));
    m.insert("scheme".into(), json!(url.scheme().to_ascii_lowercase()));
    m.insert(":scheme".into(), json!(url.scheme()));
    m.insert("user".into(), json!(show.part(url.user())));
    m.insert(":user".into(), json!(url.user()));
    m.insert("password".into(), json!(show.password(url)));
    let raw = Show {
        urlencode: true,
        ..show
    };
    m.insert(":password".into(), json!(raw.password(url)));
    let host = show.host(url);
    m.insert("host".into(), json!(show.part(host.as_deref())));
    m.insert(":host".into(), json!(host));
    // trurl's forms of an IDN host; an IP literal or a name UTS 46
    // refuses is shown as written.
    let (puny, idn) = match url.host_ascii() {
        Ok(Some(ascii)) => (
            Some(ascii.into_owned()),
            url.host_unicode().map(|h| h.into_owned()),
        ),
        _ => (url.host().map(String::from), url.host().map(String::from)),
    };
    m.insert("puny:host".into(), json!(puny));
    m.insert("idn:host".into(), json!(idn));
    m.insert("port".into(), json!(url.port()));
    m.insert(":port".into(), json!(url.port_str()));
    m.insert("default:port".into(), json!(url.port_or_default()));
    let path = url.path_with_slash();
    m.insert("path".into(), json!(show.part(Some(path))));
    m.insert(":path".into(), json!(path));
    m.insert("query".into(), json!(show.part(url.query())));
    m.insert(":query".into(), json!(url.query()));
    m.insert("fragment".into(), json!(show.part(url.fragment())));
    m.insert(":fragment".into(), json!(url.fragment()));
    // trurl's modifiers: `url:PART` is `:PART` (as written); `puny:url`,
    // `idn:url` the URL with its host in that form, `default:` with the
    // scheme's port written when it has none; `must:PART` the part,
    // which must be there (see `missing_part`).
    for name in field_names(template) {
        if m.contains_key(name) {
            continue;
        }
        let mut rest = name;
        let mut default = false;
        let mut form = None;
        loop {
            if let Some(r) = rest.strip_prefix("default:") {
                default = true;
                rest = r;
            } else if let Some(r) = rest.strip_prefix("puny:") {
                form = Some(true);
                rest = r;
            } else if let Some(r) = rest.strip_prefix("idn:") {
                form = Some(false);
                rest = r;
            } else {
                break;
            }
        }
        let value = if let Some(part) = rest.strip_prefix("url:") {
            m.get(&format!(":{part}")).cloned()
        } else if let Some(part) = rest.strip_prefix("must:") {
            m.get(part).cloned()
        } else if rest == "url" {
            // A form the URL cannot take leaves it as it is: the
            // template shows the URL, it does not refuse it.
            let mut u = url.clone();
            if default {
                let _ = write_default_port(&mut u);
            }
            if form == Some(true) {
                let _ = punycode_host(&mut u);
            }
            let as_idn = form == Some(false) || show.as_idn;
            Some(json!(Show { as_idn, ..show }.url(&u)))
        } else if rest == "port" && default {
            m.get("default:port").cloned()
        } else {
            None
        };
        if let Some(v) = value {
            m.insert(name.to_string(), v);
        }
    }
    // `{query:KEY}`: the first value of the key, null when absent;
    // `{query-all:KEY}`: every value, with a space between. Only the keys
    // the template names.
    for name in field_names(template) {
        // A leading ':' asks for the values as written.
        let (field, as_written) = match name.strip_prefix(':') {
            Some(f) => (f, true),
            None => (name, false),
        };
        let (key, every) = match (
            field.strip_prefix("query-all:"),
            field.strip_prefix("query:"),
        ) {
            (Some(k), _) => (k, true),
            (None, Some(k)) => (k, false),
            _ => continue,
        };
        let raw = as_written || show.urlencode;
        let mut values = url
            .query_pairs()
            .filter(|(k, _)| form_decode(k) == key)
            .map(|(_, v)| {
                let v = v.unwrap_or("");
                if raw {
                    v.to_string()
                } else {
                    form_decode(v).into_owned()
                }
            });
        let value = if every {
            let values: Vec<String> = values.collect();
            (!values.is_empty()).then(|| values.join(" "))
        } else {
            values.next()
        };
        m.insert(name.to_string(), json!(value));
    }
    Value::Object(m)
}

/// The first `{must:PART}` of `template` whose part `url` lacks.
fn missing_part<'t>(template: &'t str, url: &Url) -> Option<&'t str> {
    field_names(template).into_iter().find_map(|name| {
        let part = name.strip_prefix("must:")?;
        let (_, c) = PARTS.iter().find(|(n, _)| *n == part)?;
        (!has_part(url, *c)).then_some(part)
    })
}

/// The field names in `template`, `{{` and `}}` skipped.
fn field_names(template: &str) -> Vec<&str> {
    let mut names = Vec::new();
    let mut rest = template;
    while let Some(i) = rest.find('{') {
        let tail = &rest[i..];
        if let Some(after) = tail.strip_prefix("{{") {
            rest = after;
            continue;
        }
        match tail.find('}') {
            Some(end) => {
                names.push(tail[1..end].trim());
                rest = &tail[end + 1..];
            }
            None => break,
        }
    }
    names
}

/// The `--json` object of `url`, trurl's: the parts present, decoded
/// (with `--urlencode` as written), the port a string, the path with its
/// leading "/", and with a query its pairs form-decoded.
fn json_object(url: &Url, show: Show) -> Value {
    let mut parts = Map::new();
    let mut put = |k: &str, v: Option<String>| {
        if let Some(v) = v {
            parts.insert(k.into(), Value::String(v));
        }
    };
    put("scheme", Some(url.scheme().to_ascii_lowercase()));
    put("user", show.part(url.user()));
    put("password", show.password(url));
    put("host", show.part(show.host(url).as_deref()));
    put("port", url.port_str().map(String::from));
    put("path", show.part(Some(url.path_with_slash())));
    put("query", show.part(url.query()));
    put("fragment", show.part(url.fragment()));
    let mut obj = Map::new();
    obj.insert("url".into(), json!(show.url(url)));
    obj.insert("parts".into(), Value::Object(parts));
    if url.query().is_some() {
        let params: Vec<Value> = url
            .form_pairs()
            .map(|(k, v)| json!({"key": k, "value": v}))
            .collect();
        obj.insert("params".into(), Value::Array(params));
    }
    Value::Object(obj)
}

/// Whether the (form-decoded) key matches a `--qtrim` pattern.
/// A trailing `\*` is a literal `*`, as in trurl.
fn trims(pattern: &str, key: &str) -> bool {
    if let Some(prefix) = pattern.strip_suffix("\\*") {
        return key.strip_prefix(prefix) == Some("*");
    }
    match pattern.strip_suffix('*') {
        Some(prefix) => key.starts_with(prefix),
        None => key == pattern,
    }
}

/// Whether `url` has `part` (an empty one counts; the scheme and the path
/// always are).
fn has_part(url: &Url, part: Component) -> bool {
    url.component(part).is_some()
}

/// trurl's scheme guessing (`--guess-scheme`): text without a scheme
/// and "//" is taken for a host and what follows, under the scheme its
/// first label names (`ftp.example.com`), else http. Text that starts
/// with a scheme of the table (`mailto:`, `news:`) is a URL already.
fn guess_scheme(input: &[u8]) -> Option<Vec<u8>> {
    let colon = input.iter().position(|&b| b == b':');
    if let Some(c) = colon {
        let scheme = &input[..c];
        let is_scheme = scheme.first().is_some_and(u8::is_ascii_alphabetic)
            && scheme
                .iter()
                .all(|b| b.is_ascii_alphanumeric() || b"+-.".contains(b));
        if is_scheme
            && (input[c + 1..].starts_with(b"//")
                || uniform::Scheme::from_bytes(scheme) != uniform::Scheme::Other)
        {
            return None;
        }
    }
    if input.is_empty() || input.starts_with(b"/") {
        return None;
    }
    let lower = input.to_ascii_lowercase();
    let scheme: &[u8] = ["ftp", "dict", "ldap", "imap", "smtp", "pop3"]
        .into_iter()
        .find(|s| lower.starts_with(s.as_bytes()) && lower.get(s.len()) == Some(&b'.'))
        .map_or(b"http", str::as_bytes);
    let mut out = Vec::with_capacity(input.len() + scheme.len() + 3);
    out.extend_from_slice(scheme);
    out.extend_from_slice(b"://");
    out.extend_from_slice(input);
    Some(out)
}

struct Plan {
    sets: Vec<Set>,
    appends: Vec<Append>,
    qtrim: Vec<String>,
    replace: Vec<Replace>,
    sort_query: bool,
    redirect: Option<String>,
    default_port: bool,
    punycode: bool,
}

impl Plan {
    /// Applies every edit to `url`, the sets of one `--iterate`
    /// combination after the others; the error names the part.
    /// A guessed scheme counts as absent for `scheme?=`.
    fn apply(
        &self,
        url: &mut Url,
        extra: &[Set],
        scheme_guessed: bool,
        parse: ParseOptions,
        show: bool,
    ) -> Result<(), String> {
        if let Some(r) = &self.redirect {
            let target = resolve::resolve(url.as_str(), r, Rules::Rfc3986)
                .map_err(|e| format!("--redirect: {e}"))?;
            *url = Url::parse_with(parse, &target).map_err(|e| {
                let shown = password::masked(&target, parse.get_dialect(), show);
                format!("--redirect: the result {shown:?} is no URL: {e}")
            })?;
        }
        let fail = |e: EditError| e.to_string();
        for s in self.sets.iter().chain(extra) {
            let present = if s.part == Component::Scheme {
                !scheme_guessed
            } else {
                has_part(url, s.part)
            };
            if s.if_absent && present {
                continue;
            }
            let v = s.value.as_str();
            let empty = v.is_empty();
            let r = match (s.part, s.raw) {
                (Component::Port, _) => url.set_port(v.parse::<u16>().ok()),
                (Component::Scheme, _) => url.set_scheme(v),
                (Component::Host, _) => url.set_host(v),
                (Component::Path, true) => url.set_raw(Component::Path, Some(v)),
                (Component::Path, false) => url.set_path(v),
                (part, _) if empty && part != Component::Path => url.set_raw(part, None),
                (part, true) => url.set_raw(part, Some(v)),
                (Component::User, false) => url.set_user(Some(v)),
                (Component::Password, false) => url.set_password(Some(v)),
                // trurl's query=VALUE is one value: "=" and "&" encoded.
                (Component::Query, false) => url.set_raw(
                    Component::Query,
                    Some(&encode(v.as_bytes(), &EncodeSet::FORM)),
                ),
                (_, false) => url.set_fragment(Some(v)),
            };
            r.map_err(fail)?;
        }
        // trurl's order: the path, then the pairs the URL had are trimmed
        // and replaced, then the new pairs appended, then all sorted.
        for a in &self.appends {
            if let Append::Segment(s) = a {
                url.push_segment(s).map_err(fail)?;
            }
        }
        if !self.qtrim.is_empty() {
            url.retain_query_pairs(|k, _| {
                let k = form_decode(k);
                !self.qtrim.iter().any(|p| trims(p, &k))
            })
            .map_err(fail)?;
        }
        for r in &self.replace {
            replace(url, r).map_err(fail)?;
        }
        for a in &self.appends {
            match a {
                Append::Segment(_) => Ok(()),
                Append::Pair(k, Some(v)) => url.append_form_pair(k, v),
                Append::Pair(k, None) => url.append_query_pair(&form_encode(k), None),
            }
            .map_err(fail)?;
        }
        if self.sort_query {
            url.sort_query_pairs().map_err(fail)?;
        }
        if self.punycode {
            punycode_host(url).map_err(fail)?;
        }
        if self.default_port {
            write_default_port(url).map_err(fail)?;
        }
        Ok(())
    }
}

/// `--punycode` and `{puny:url}`: the host name in its UTS 46 ASCII form,
/// where that differs from the host as written.
fn punycode_host(url: &mut Url) -> Result<(), EditError> {
    if let Ok(Some(ascii)) = url.host_ascii()
        && Some(&*ascii) != url.host()
    {
        let ascii = ascii.into_owned();
        url.set_host(&ascii)?;
    }
    Ok(())
}

/// `--default-port` and `{default:url}`: the scheme's port written into a
/// URL that has none.
fn write_default_port(url: &mut Url) -> Result<(), EditError> {
    if url.port_str().is_none()
        && let Some(p) = url.default_port()
    {
        url.set_port(Some(p))?;
    }
    Ok(())
}

/// `--replace`: the first pair with the key gets the new value and the
/// others with it go; with `--replace-append` the pair is appended when
/// there is none.
fn replace(url: &mut Url, r: &Replace) -> Result<(), EditError> {
    let key = form_encode(&r.key).into_owned();
    let value = r.value.as_deref().map(|v| form_encode(v).into_owned());
    let mut found = false;
    let mut pairs: Vec<(&str, Option<&str>)> = Vec::new();
    for (k, v) in url.query_pairs() {
        if form_decode(k) != r.key {
            pairs.push((k, v));
        } else if !found {
            found = true;
            pairs.push((&key, value.as_deref()));
        }
    }
    if found {
        let owned: Vec<(String, Option<String>)> = pairs
            .into_iter()
            .map(|(k, v)| (k.to_string(), v.map(String::from)))
            .collect();
        url.set_query_pairs(owned.iter().map(|(k, v)| (k.as_str(), v.as_deref())))
    } else if r.append {
        url.append_query_pair(&key, value.as_deref())
    } else {
        Ok(())
    }
}

impl Run for Args {
    fn run(self) -> io::Result<Status> {
        let usage = |msg: String| -> io::Result<Status> {
            writeln!(io::stderr(), "uniform edit: {}", escaped(&msg))?;
            Ok(Status::Usage)
        };
        let mut sets: Vec<Set> = match self.set.iter().map(|s| read_set(s)).collect() {
            Ok(s) => s,
            Err(e) => return usage(e),
        };
        if self.accept_space {
            // A value given encoded takes its spaces as a URL does.
            for s in sets.iter_mut().filter(|s| s.raw) {
                let space = if s.part == Component::Query {
                    "+"
                } else {
                    "%20"
                };
                s.value = s.value.replace(' ', space);
            }
        }
        for (i, s) in sets.iter().enumerate() {
            if sets[..i].iter().any(|t| t.part == s.part) {
                return usage(format!("--set {:?}: the part is set twice", self.set[i]));
            }
        }
        let appends = match self.append.iter().map(|s| read_append(s)).collect() {
            Ok(a) => a,
            Err(e) => return usage(e),
        };
        let mut qtrim = self.qtrim;
        for t in &self.trim {
            match read_trim(t) {
                Ok(k) => qtrim.push(k),
                Err(e) => return usage(e),
            }
        }
        let mut replaces = Vec::new();
        for (args, append) in [(&self.replace, false), (&self.replace_append, true)] {
            for r in args {
                match read_replace(r, append) {
                    Ok(r) => replaces.push(r),
                    Err(e) => return usage(e),
                }
            }
        }
        let mut iterate: Vec<(Component, Vec<String>)> = Vec::new();
        for arg in &self.iterate {
            let (part, values) = match read_iterate(arg) {
                Ok(i) => i,
                Err(e) => return usage(e),
            };
            if iterate.iter().any(|(p, _)| *p == part) {
                return usage(format!("--iterate {arg:?}: the part is iterated twice"));
            }
            if sets.iter().any(|s| s.part == part) {
                return usage(format!(
                    "--iterate {arg:?}: the part is also given to --set"
                ));
            }
            iterate.push((part, values));
        }
        let template = self.get.as_deref().map(unescape_template);
        let show = Show {
            password: self.options.show_password,
            as_idn: self.as_idn,
            urlencode: self.urlencode,
        };
        if let Some(t) = &template {
            // A template with an unknown field fails before any URL is read.
            let probe = Url::parse("http://h/").map(|u| template_object(&u, show, t));
            if let Ok(obj) = probe
                && let Err(e) = template::render(t, &obj)
            {
                return usage(format!("--get: {e}"));
            }
        }
        let mut urls = self.url;
        urls.extend(self.urls);
        if urls.is_empty() && self.url_file.is_none() {
            // As trurl: a URL made of the parts set, which name a scheme.
            let value = |part| {
                sets.iter()
                    .find(|s| s.part == part)
                    .map(|s| s.value.as_str())
            };
            match (value(Component::Scheme), value(Component::Host)) {
                (Some(scheme), Some(host)) => urls.push(format!("{scheme}://{host}").into()),
                _ => {
                    return usage(
                        "no URL: give one, \"-\" for standard input, --url-file, or --set scheme=... and host=..."
                            .into(),
                    );
                }
            }
        }
        let plan = Plan {
            sets,
            appends,
            qtrim,
            replace: replaces,
            sort_query: self.sort_query,
            redirect: self.redirect,
            default_port: self.default_port,
            punycode: self.punycode,
        };
        let combos = combinations(&iterate);
        let parse = self.options.parse_options();
        let mut out = cmd::stdout();
        let mut inputs = Inputs::new(urls, Bom::Strip, self.options.input);
        if let Some(f) = &self.url_file {
            inputs = match inputs.with_file(f) {
                Ok(i) => i,
                Err(e) => return usage(format!("--url-file: {e}")),
            };
        }
        let editor = Editor {
            plan,
            combos,
            template,
            show,
            options: self.options,
            parse,
            json: self.json,
            quiet: self.quiet,
            verify: self.verify,
            accept_space: self.accept_space,
            guess_scheme: self.guess_scheme,
        };
        let ok = bulk::run(&editor, &mut inputs, &mut out, self.jobs.count())?;
        out.flush()?;
        Ok(Status::from_ok(ok && inputs.all_read()))
    }
}

/// Everything an input goes through, read from the command line once.
struct Editor {
    plan: Plan,
    combos: Vec<Vec<Set>>,
    template: Option<String>,
    show: Show,
    options: UrlOptions,
    parse: ParseOptions,
    json: bool,
    quiet: bool,
    verify: bool,
    accept_space: bool,
    guess_scheme: bool,
}

impl Editor {
    /// A message about `input`, unless --quiet.
    fn tell(&self, sink: &mut Sink, input: &[u8], what: &str) {
        if !self.quiet {
            let shown = password::shown(input, self.options.mask(input));
            let _ = writeln!(
                sink.err,
                "uniform edit: {}: {}",
                escaped(&shown),
                escaped(what)
            );
        }
    }
}

impl Record for Editor {
    type State = Vec<ParseError>;

    fn state(&self) -> Vec<ParseError> {
        Vec::new()
    }

    fn stops_at_failure(&self) -> bool {
        self.verify
    }

    fn record(
        &self,
        warnings: &mut Vec<ParseError>,
        _: u64,
        input: &[u8],
        sink: &mut Sink,
    ) -> bool {
        let spaced;
        let input = if self.accept_space && input.contains(&b' ') {
            spaced = accept_space(input);
            &spaced[..]
        } else {
            input
        };
        let with_scheme;
        let guessed = self.guess_scheme.then(|| guess_scheme(input)).flatten();
        let scheme_guessed = guessed.is_some();
        let input = match guessed {
            Some(g) => {
                with_scheme = g;
                &with_scheme[..]
            }
            None => input,
        };
        warnings.clear();
        let base = match cmd::parse_bytes(self.parse, input, warnings) {
            Ok(u) => u.url().to_url(),
            Err(e) => {
                if !self.quiet {
                    let _ = self.options.draw(&mut sink.err, Severity::Error, &e, input);
                }
                return false;
            }
        };
        let mut ok = true;
        for combo in &self.combos {
            let mut url = base.clone();
            let applied = self.plan.apply(
                &mut url,
                combo,
                scheme_guessed,
                self.parse,
                self.show.password,
            );
            if let Err(e) = applied {
                ok = false;
                self.tell(sink, input, &e);
            } else if self.json {
                json::value(&mut sink.out, &json_object(&url, self.show));
                sink.out.push(b'\n');
            } else if let Some(t) = &self.template {
                if let Some(part) = missing_part(t, &url) {
                    ok = false;
                    self.tell(
                        sink,
                        input,
                        &format!("no {part}, which {{must:{part}}} asks for"),
                    );
                } else {
                    match template::render(t, &template_object(&url, self.show, t)) {
                        Ok(line) => {
                            sink.out.extend_from_slice(line.as_bytes());
                            sink.out.push(b'\n');
                        }
                        Err(e) => {
                            ok = false;
                            let _ = cmd::say!(sink.err, "uniform edit: --get: {e}");
                        }
                    }
                }
            } else {
                sink.out
                    .extend_from_slice(escaped(&self.show.url(&url)).as_bytes());
                sink.out.push(b'\n');
            }
            if !ok && self.verify {
                return false;
            }
        }
        ok
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn set_arguments() {
        let s = read_set("query:=a=b").unwrap();
        assert_eq!(
            (s.part, s.raw, s.value.as_str()),
            (Component::Query, true, "a=b")
        );
        let s = read_set("path=a=b").unwrap();
        assert_eq!(
            (s.part, s.raw, s.value.as_str()),
            (Component::Path, false, "a=b")
        );
        assert!(read_set("nope=1").unwrap_err().contains("unknown part"));
        assert!(read_set("port=x").unwrap_err().contains("port number"));
        assert!(read_set("port=65536").is_err());
        assert!(read_set("port=").is_ok());
        assert!(read_set("host").is_err());
    }

    #[test]
    fn append_arguments() {
        assert!(matches!(read_append("path=a b"), Ok(Append::Segment(s)) if s == "a b"));
        assert!(
            matches!(read_append("query=k=v=w"), Ok(Append::Pair(k, Some(v))) if k == "k" && v == "v=w")
        );
        assert!(matches!(read_append("query=k"), Ok(Append::Pair(k, None)) if k == "k"));
        assert!(read_append("fragment=x").is_err());
    }

    #[test]
    fn qtrim_patterns() {
        assert!(trims("utm_*", "utm_source"));
        assert!(!trims("utm_*", "xutm_"));
        assert!(trims("a", "a"));
        assert!(!trims("a", "ab"));
    }

    #[test]
    fn template_fields() {
        assert_eq!(
            field_names("{{x}} {host}:{ :query:k }"),
            ["host", ":query:k"]
        );
    }
}
