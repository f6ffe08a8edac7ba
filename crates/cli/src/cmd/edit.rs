//! `uniform edit URL...`: change URLs by trurl's meanings (`--set`,
//! `--append`, `--qtrim`, `--sort-query`, `--redirect`, `--get`), through
//! the library's setters (`uniform::edit`), so that every result is valid
//! in the URL's dialect or refused.

use crate::caret::Severity;
use crate::cmd::{self, Run, Status, UrlOptions};
use crate::input::{Bom, Inputs};
use crate::json;
use crate::password::{self, MASK};
use crate::template;
use serde_json::{Map, Value, json};
use std::ffi::OsString;
use std::io::{self, Write};
use uniform::edit::{EditError, form_decode, form_encode};
use uniform::pct::{EncodeSet, decode_utf8_lossy, encode};
use uniform::resolve::{self, Rules};
use uniform::visible::escaped;
use uniform::{Component, ParseOptions, Url};

const HELP: &str = "\
Changes each URL and prints the result, one a line. The edits are made in
this order, whatever the order of the options: --redirect, each --set (in
the order given), each --append, each --qtrim, --sort-query.

  --set PART=VALUE    sets a part, VALUE encoded as the part requires
                      (\"c d\" becomes \"c%20d\"); an empty VALUE removes the
                      user, password, port, query or fragment. PART is one
                      of scheme, user, password, host, port, path, query,
                      fragment. As in trurl, query=VALUE is one value: its
                      \"=\" and \"&\" are encoded.
  --set PART:=VALUE   sets a part to VALUE already encoded, kept as it is
                      (query:=a=b&c=d); it must be valid in the part
  --append path=SEG   appends a path segment, encoded (\"/\" becomes %2F);
                      a trailing \"/\" is replaced
  --append query=K=V  appends a query pair, form-encoded (\" \" becomes \"+\")
  --qtrim KEY         removes the query pairs whose key (form-decoded) is
                      KEY; a trailing \"*\" matches any key that starts so
  --sort-query        sorts the query pairs by key, then value
  --redirect REF      resolves REF against the URL (RFC 3986 section 5.2)

An edit the URL's scheme or dialect does not allow (a port in a mailto: URL,
a query in an RFC 1738 ftp URL, a host with a space) is an error: the URL is
not printed, and standard error names the URL and the part.

--get TEMPLATE prints each URL by a template instead: {url}, {scheme},
{user}, {password}, {host}, {port}, {path}, {query}, {fragment} decoded (the
path with its leading \"/\", as trurl prints it); {:user}, {:password},
{:host}, {:port}, {:path}, {:query}, {:fragment} as written (encoded);
{default:port} the port, else the scheme's default; {puny:host} and
{idn:host} the host name in its UTS 46 ASCII and Unicode forms
(xn--bcher-kva.example, b\u{fc}cher.example); {query:KEY} the first
value of KEY, form-decoded, {:query:KEY} as written (empty when there is no
such key). {{ and }} stand for braces. An absent part prints nothing.

--json prints one object per URL: {url, parts: {scheme, user, password,
host, port, path, query, fragment}, params: [{key, value}...]}, with user and
password decoded, host, path (without its leading \"/\"), query and fragment
as written, the port a number, and params the query pairs form-decoded.

Passwords: a non-empty password is shown as \"****\" in every output (the
URL, {password}, the JSON, messages) unless --show-password.

Standard input: with \"-\", one URL per line.

Exit status: 0 when every URL was read and edited, 1 when one was invalid or
an edit was refused, 2 for a usage error (an unknown PART, a port that is no
number, a template with an unknown field).";

/// Change URLs: set parts, append to path or query, trim and sort the query,
/// follow a redirect
#[derive(clap::Args, Debug)]
#[command(after_long_help = HELP)]
pub struct Args {
    /// The URLs; "-" reads one per line from standard input
    #[arg(value_name = "URL", required = true)]
    urls: Vec<OsString>,
    #[command(flatten)]
    options: UrlOptions,
    /// Set a part: PART=VALUE encodes VALUE, PART:=VALUE takes it encoded
    #[arg(short, long = "set", value_name = "PART=VALUE")]
    set: Vec<String>,
    /// Append a path segment (path=SEG) or a query pair (query=K=V)
    #[arg(short, long = "append", value_name = "path=SEG|query=K=V")]
    append: Vec<String>,
    /// Remove the query pairs with this key ("utm_*" for a prefix)
    #[arg(long = "qtrim", value_name = "KEY")]
    qtrim: Vec<String>,
    /// Sort the query pairs
    #[arg(long)]
    sort_query: bool,
    /// Resolve this reference against the URL
    #[arg(long, value_name = "REF")]
    redirect: Option<String>,
    /// Print each URL by a template: {host}, {:path}, {default:port}, ...
    #[arg(short, long, value_name = "TEMPLATE", conflicts_with = "json")]
    get: Option<String>,
    /// Print one JSON object per URL (JSON Lines)
    #[arg(long)]
    json: bool,
}

/// One `--set`, read from the command line.
#[derive(Debug)]
struct Set {
    part: Component,
    raw: bool,
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

/// The object `--get` templates read (see the help).
fn template_object(url: &Url, show_password: bool, template: &str) -> Value {
    let dec = |s: Option<&str>| s.map(|s| decode_utf8_lossy(s).into_owned());
    let hide = |p: Option<String>| match p {
        Some(p) if !p.is_empty() && !show_password => Some(MASK.to_string()),
        p => p,
    };
    let mut m = Map::new();
    let shown = password::masked(url.as_str(), url.dialect(), show_password);
    m.insert("url".into(), json!(shown));
    m.insert("scheme".into(), json!(url.scheme().to_ascii_lowercase()));
    m.insert(":scheme".into(), json!(url.scheme()));
    m.insert("user".into(), json!(dec(url.user())));
    m.insert(":user".into(), json!(url.user()));
    m.insert("password".into(), json!(hide(dec(url.password()))));
    m.insert(
        ":password".into(),
        json!(hide(url.password().map(String::from))),
    );
    m.insert("host".into(), json!(dec(url.host())));
    m.insert(":host".into(), json!(url.host()));
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
    m.insert("path".into(), json!(decode_utf8_lossy(path)));
    m.insert(":path".into(), json!(path));
    m.insert("query".into(), json!(dec(url.query())));
    m.insert(":query".into(), json!(url.query()));
    m.insert("fragment".into(), json!(dec(url.fragment())));
    m.insert(":fragment".into(), json!(url.fragment()));
    // `{query:KEY}`: only the keys the template names, null when absent.
    for name in field_names(template) {
        let (raw, key) = match (name.strip_prefix(":query:"), name.strip_prefix("query:")) {
            (Some(k), _) => (true, k),
            (None, Some(k)) => (false, k),
            _ => continue,
        };
        let value = url
            .query_pairs()
            .find(|(k, _)| form_decode(k) == key)
            .map(|(_, v)| {
                let v = v.unwrap_or("");
                if raw {
                    v.to_string()
                } else {
                    form_decode(v).into_owned()
                }
            });
        m.insert(name.to_string(), json!(value));
    }
    Value::Object(m)
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

/// The `--json` object of `url`.
fn json_object(url: &Url, show_password: bool) -> Value {
    let dec = |s: Option<&str>| s.map(|s| decode_utf8_lossy(s).into_owned());
    let password = match dec(url.password()) {
        Some(p) if !p.is_empty() && !show_password => Some(MASK.to_string()),
        p => p,
    };
    let params: Vec<Value> = url
        .form_pairs()
        .map(|(k, v)| json!({"key": k, "value": v}))
        .collect();
    json!({
        "url": password::masked(url.as_str(), url.dialect(), show_password),
        "parts": {
            "scheme": url.scheme().to_ascii_lowercase(),
            "user": dec(url.user()),
            "password": password,
            "host": url.host(),
            "port": url.port(),
            "path": url.path(),
            "query": url.query(),
            "fragment": url.fragment(),
        },
        "params": params,
    })
}

/// Whether the (form-decoded) key matches a `--qtrim` pattern.
fn trims(pattern: &str, key: &str) -> bool {
    match pattern.strip_suffix('*') {
        Some(prefix) => key.starts_with(prefix),
        None => key == pattern,
    }
}

struct Plan {
    sets: Vec<Set>,
    appends: Vec<Append>,
    qtrim: Vec<String>,
    sort_query: bool,
    redirect: Option<String>,
}

impl Plan {
    /// Applies every edit to `url`; the error names the part.
    fn apply(&self, url: &mut Url, parse: ParseOptions, show: bool) -> Result<(), String> {
        if let Some(r) = &self.redirect {
            let target = resolve::resolve(url.as_str(), r, Rules::Rfc3986)
                .map_err(|e| format!("--redirect: {e}"))?;
            *url = Url::parse_with(parse, &target).map_err(|e| {
                let shown = password::masked(&target, parse.get_dialect(), show);
                format!("--redirect: the result {shown:?} is no URL: {e}")
            })?;
        }
        let fail = |e: EditError| e.to_string();
        for s in &self.sets {
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
        for a in &self.appends {
            match a {
                Append::Segment(s) => url.push_segment(s),
                Append::Pair(k, Some(v)) => url.append_form_pair(k, v),
                Append::Pair(k, None) => url.append_query_pair(&form_encode(k), None),
            }
            .map_err(fail)?;
        }
        if !self.qtrim.is_empty() {
            url.retain_query_pairs(|k, _| {
                let k = form_decode(k);
                !self.qtrim.iter().any(|p| trims(p, &k))
            })
            .map_err(fail)?;
        }
        if self.sort_query {
            url.sort_query_pairs().map_err(fail)?;
        }
        Ok(())
    }
}

impl Run for Args {
    fn run(self) -> io::Result<Status> {
        let usage = |msg: String| -> io::Result<Status> {
            writeln!(io::stderr(), "uniform edit: {}", escaped(&msg))?;
            Ok(Status::Usage)
        };
        let sets = match self.set.iter().map(|s| read_set(s)).collect() {
            Ok(s) => s,
            Err(e) => return usage(e),
        };
        let appends = match self.append.iter().map(|s| read_append(s)).collect() {
            Ok(a) => a,
            Err(e) => return usage(e),
        };
        if let Some(t) = &self.get {
            // A template with an unknown field fails before any URL is read.
            let probe = Url::parse("http://h/").map(|u| template_object(&u, false, t));
            if let Ok(obj) = probe
                && let Err(e) = template::render(t, &obj)
            {
                return usage(format!("--get: {e}"));
            }
        }
        let plan = Plan {
            sets,
            appends,
            qtrim: self.qtrim,
            sort_query: self.sort_query,
            redirect: self.redirect,
        };
        let show = self.options.show_password;
        let parse = self.options.parse_options();
        let mut out = cmd::stdout();
        let mut inputs = Inputs::new(self.urls, Bom::Strip, self.options.input);
        let mut warnings = Vec::new();
        let mut buf = Vec::new();
        let mut ok = true;
        while let Some(input) = inputs.next(&mut out)? {
            warnings.clear();
            let mut url = match cmd::parse_bytes(parse, input, &mut warnings) {
                Ok(u) => u.to_url(),
                Err(e) => {
                    ok = false;
                    let mut err = io::stderr().lock();
                    self.options.draw(&mut err, Severity::Error, &e, input)?;
                    continue;
                }
            };
            if let Err(e) = plan.apply(&mut url, parse, show) {
                ok = false;
                let shown = password::shown(input, self.options.mask(input));
                writeln!(
                    io::stderr(),
                    "uniform edit: {}: {}",
                    escaped(&shown),
                    escaped(&e)
                )?;
                continue;
            }
            if self.json {
                buf.clear();
                json::value(&mut buf, &json_object(&url, show));
                buf.push(b'\n');
                out.write_all(&buf)?;
            } else if let Some(t) = &self.get {
                match template::render(t, &template_object(&url, show, t)) {
                    Ok(line) => writeln!(out, "{line}")?,
                    Err(e) => {
                        ok = false;
                        writeln!(io::stderr(), "uniform edit: --get: {e}")?;
                    }
                }
            } else {
                writeln!(out, "{}", self.options.on_terminal(url.as_str()))?;
            }
        }
        out.flush()?;
        Ok(Status::from_ok(ok && inputs.all_read()))
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
