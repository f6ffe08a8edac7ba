//! How `uniform edit` prints a URL: the URL itself (its password masked,
//! its host in the form asked for), `--get`'s templates and `--json`'s
//! objects.

use crate::password::{self, MASK};
use serde_json::{Map, Value, json};
use uniform::Component;
use uniform::Url;
use uniform::edit::{form_decode, part_named};
use uniform::pct::decode_utf8_lossy;

/// trurl's escapes in a `--get` template: `\n`, `\t` and `\\`.
pub(super) fn unescape_template(t: &str) -> String {
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
pub(super) struct Show {
    /// `--show-password`: the password as it is, not masked.
    pub(super) password: bool,
    pub(super) as_idn: bool,
    pub(super) urlencode: bool,
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
    pub(super) fn url(self, url: &Url) -> String {
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
pub(super) fn template_object(url: &Url, show: Show, template: &str) -> Value {
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
                let _ = u.write_default_port();
            }
            if form == Some(true) {
                let _ = u.set_host_ascii();
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
pub(super) fn missing_part<'t>(template: &'t str, url: &Url) -> Option<&'t str> {
    field_names(template).into_iter().find_map(|name| {
        let part = name.strip_prefix("must:")?;
        let c = part_named(part)?;
        url.component(c).is_none().then_some(part)
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
pub(super) fn json_object(url: &Url, show: Show) -> Value {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn template_fields() {
        assert_eq!(
            field_names("{{x}} {host}:{ :query:k }"),
            ["host", ":query:k"]
        );
    }
}
