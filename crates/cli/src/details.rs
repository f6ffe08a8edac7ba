//! The `details` of `uniform parse`: the scheme-specific fields of
//! DESIGN.md section 3, read from the typed views of `uniform::schemes`.
//!
//! Every field is decoded and shown as UTF-8 (octets that are not become
//! U+FFFD), except the generic kind's `scheme_specific_part`, which stays
//! as written: with no scheme grammar to say which characters are
//! reserved, decoding it would lose the difference between `/` and `%2F`.
//! The JSON writer and the text output take whatever object this returns:
//! a `"kind"` key and fields whose values are strings, numbers, booleans,
//! null or arrays.

use serde_json::{Map, Value, json};
use uniform::schemes::{Encoded, NewsTarget, SchemeUrl};

fn text(e: Encoded<'_>) -> Value {
    Value::String(e.decode_lossy().into_owned())
}

fn opt(e: Option<Encoded<'_>>) -> Value {
    e.map_or(Value::Null, text)
}

/// The article number of an nntp URL: a number when it fits in a `u64`;
/// digits too many for one stay as a string of digits, which
/// [`crate::json::details`] writes as a JSON number (JSON numbers have no
/// size limit, RFC 8259 section 6); null when absent or not digits.
fn article(n: &uniform::schemes::NntpUrl<'_>) -> Value {
    match (n.article_number(), n.article()) {
        (Some(number), _) => number.into(),
        (None, Some(a)) if is_number(a.as_str()) => Value::String(a.as_str().to_owned()),
        _ => Value::Null,
    }
}

/// Whether `s` is a decimal number as RFC 1738 section 5 writes an
/// article number: one or more digits.
pub fn is_number(s: &str) -> bool {
    !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit())
}

/// The scheme-specific fields of `url`, with their `"kind"`.
///
/// Fields may repeat any part of the URL, its password included: the
/// caller masks what it shows (`cmd::parse`).
pub fn details(url: &uniform::UrlRef<'_>) -> Value {
    let view = url.specific();
    let mut obj = match view {
        SchemeUrl::Ftp(f) => json!({
            "cwd": f.cwd().map(text).collect::<Vec<_>>(),
            "name": text(f.name()),
            "typecode": f.typecode().map(|t| t.as_char().to_string()),
        }),
        SchemeUrl::Http(h) => json!({ "segments": h.segments().map(text).collect::<Vec<_>>() }),
        SchemeUrl::Gopher(g) => json!({
            "type": String::from_utf8_lossy(&[g.gopher_type()]),
            "selector": text(g.selector()),
            "search": opt(g.search()),
            "plus": opt(g.plus()),
        }),
        SchemeUrl::Mailto(m) => json!({ "address": text(m.address()) }),
        SchemeUrl::News(n) => match n.target() {
            NewsTarget::AllGroups => json!({ "group": "*", "message_id": null }),
            NewsTarget::Group(g) => json!({ "group": text(g), "message_id": null }),
            NewsTarget::Article(a) => json!({ "group": null, "message_id": text(a) }),
        },
        SchemeUrl::Nntp(n) => json!({ "group": text(n.group()), "article": article(&n) }),
        SchemeUrl::Wais(w) => json!({
            "database": text(w.database()),
            "search": opt(w.search()),
            "wtype": opt(w.wtype()),
            "wpath": opt(w.wpath()),
        }),
        SchemeUrl::File(f) => json!({
            "host": f.host(),
            "path": text(f.path()),
            "local": f.is_local(),
        }),
        SchemeUrl::Prospero(p) => json!({
            "hsoname": text(p.hsoname()),
            "fields": p.fields().map(|(n, v)| json!([text(n), text(v)])).collect::<Vec<_>>(),
        }),
        // The user name and password of telnet are the top-level keys.
        SchemeUrl::Telnet(_) => Value::Object(Map::new()),
        // mid, cid and urn keep the generic kind's scheme_specific_part
        // (as written): they had that kind before they had views.
        SchemeUrl::Mid(m) => json!({
            "message_id": text(m.message_id()),
            "scheme_specific_part": url.scheme_specific_part(),
        }),
        SchemeUrl::Cid(c) => json!({
            "content_id": text(c.content_id()),
            "scheme_specific_part": url.scheme_specific_part(),
        }),
        SchemeUrl::Urn(u) => json!({
            "namespace": opt(u.namespace()),
            "specific_string": text(u.specific_string()),
            "scheme_specific_part": url.scheme_specific_part(),
        }),
        _ => json!({ "scheme_specific_part": url.scheme_specific_part() }),
    };
    if let Value::Object(m) = &mut obj {
        m.insert("kind".into(), Value::String(view.kind().into()));
    }
    obj
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(s: &str) -> Value {
        details(&uniform::UrlRef::parse(s).unwrap())
    }

    #[test]
    fn generic_details_hold_the_scheme_specific_part() {
        assert_eq!(
            d("afs://cell/dir%2Fx#x"),
            json!({"kind": "generic", "scheme_specific_part": "//cell/dir%2Fx"})
        );
    }

    #[test]
    fn mid_cid_urn() {
        assert_eq!(
            d("mid:960830.1639%20x@XIson.com"),
            json!({"kind": "mid", "message_id": "960830.1639 x@XIson.com",
                   "scheme_specific_part": "960830.1639%20x@XIson.com"})
        );
        assert_eq!(
            d("cid:foo4*foo1@bar.net"),
            json!({"kind": "cid", "content_id": "foo4*foo1@bar.net",
                   "scheme_specific_part": "foo4*foo1@bar.net"})
        );
        assert_eq!(
            d("urn:isbn:0451450523"),
            json!({"kind": "urn", "namespace": "isbn", "specific_string": "0451450523",
                   "scheme_specific_part": "isbn:0451450523"})
        );
        assert_eq!(
            d("urn:/iana/dns/ch%2Fx#x"),
            json!({"kind": "urn", "namespace": null, "specific_string": "/iana/dns/ch/x",
                   "scheme_specific_part": "/iana/dns/ch%2Fx"})
        );
    }

    #[test]
    fn ftp() {
        assert_eq!(
            d("ftp://myname@host.dom/%2Fetc/motd;type=I"),
            json!({"kind": "ftp", "cwd": ["/etc"], "name": "motd", "typecode": "i"})
        );
        assert_eq!(
            d("ftp://h//etc/"),
            json!({"kind": "ftp", "cwd": ["", "etc"], "name": "", "typecode": null})
        );
    }

    #[test]
    fn http_gopher_mailto() {
        assert_eq!(
            d("http://h/a%20b/c?q"),
            json!({"kind": "http", "segments": ["a b", "c"]})
        );
        assert_eq!(
            d("gopher://h"),
            json!({"kind": "gopher", "type": "1", "selector": "", "search": null, "plus": null})
        );
        assert_eq!(
            d("gopher://h/7/s%09a%20b%09+"),
            json!({"kind": "gopher", "type": "7", "selector": "/s", "search": "a b", "plus": "+"})
        );
        assert_eq!(
            d("mailto:a%25b@c"),
            json!({"kind": "mailto", "address": "a%b@c"})
        );
    }

    #[test]
    fn news_nntp_telnet() {
        assert_eq!(
            d("news:*"),
            json!({"kind": "news", "group": "*", "message_id": null})
        );
        assert_eq!(
            d("news:a.b"),
            json!({"kind": "news", "group": "a.b", "message_id": null})
        );
        assert_eq!(
            d("news:x@h"),
            json!({"kind": "news", "group": null, "message_id": "x@h"})
        );
        assert_eq!(
            d("nntp://h/g/42"),
            json!({"kind": "nntp", "group": "g", "article": 42})
        );
        // Too many digits for a u64: still the number as written.
        assert_eq!(
            d("nntp://h/g/123456789012345678901234567890"),
            json!({"kind": "nntp", "group": "g", "article": "123456789012345678901234567890"})
        );
        assert_eq!(
            d("nntp://h/g"),
            json!({"kind": "nntp", "group": "g", "article": null})
        );
        assert_eq!(d("telnet://u:p@h/"), json!({"kind": "telnet"}));
    }

    #[test]
    fn wais_file_prospero() {
        assert_eq!(
            d("wais://h/db/t/p%20q"),
            json!({"kind": "wais", "database": "db", "search": null, "wtype": "t", "wpath": "p q"})
        );
        assert_eq!(
            d("file:///a%20b"),
            json!({"kind": "file", "host": "", "path": "/a b", "local": true})
        );
        assert_eq!(
            d("file://vms.host.edu/x"),
            json!({"kind": "file", "host": "vms.host.edu", "path": "/x", "local": false})
        );
        assert_eq!(
            d("prospero://host.dom//pros/name;a=b"),
            json!({"kind": "prospero", "hsoname": "/pros/name", "fields": [["a", "b"]]})
        );
    }
}
