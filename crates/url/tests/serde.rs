//! The `serde` feature: a URL travels as its text, and is parsed, with its
//! errors, when it is read (`cargo test -p uniform --features serde`).
#![cfg(feature = "serde")]

use serde::{Deserialize, Serialize};
use uniform::{Dialect, ParseOptions, Url, UrlRef};

#[derive(Debug, PartialEq, Serialize, Deserialize)]
struct Link {
    url: Url,
    mirror: Option<Url>,
}

#[test]
fn a_url_round_trips_as_its_text() {
    let link = Link {
        url: Url::parse("ftp://myname@host.dom/%2Fetc/motd;type=a").unwrap(),
        mirror: None,
    };
    let json = serde_json::to_string(&link).unwrap();
    assert_eq!(
        json,
        r#"{"url":"ftp://myname@host.dom/%2Fetc/motd;type=a","mirror":null}"#
    );
    let back: Link = serde_json::from_str(&json).unwrap();
    assert_eq!(back, link);
    assert_eq!(back.url.path(), Some("%2Fetc/motd;type=a"));
}

#[test]
fn the_text_is_kept_as_written() {
    // Serializing is not normalizing: case and default port stay.
    let url = Url::parse("HTTP://Info.CERN.ch:80/").unwrap();
    assert_eq!(
        serde_json::to_string(&url).unwrap(),
        r#""HTTP://Info.CERN.ch:80/""#
    );
    let r = UrlRef::parse("mailto:a@b.c").unwrap();
    assert_eq!(serde_json::to_string(&r).unwrap(), r#""mailto:a@b.c""#);
}

#[test]
fn deserializing_parses_by_the_default_options() {
    // Escaped JSON reaches the visitor as a transient string, an owned
    // value as an owned String: both parse.
    let escaped: Url = serde_json::from_str(r#""news:comp.infosystems.www\u002emisc""#).unwrap();
    assert_eq!(escaped.as_str(), "news:comp.infosystems.www.misc");
    let owned: Url = serde_json::from_value(serde_json::json!("gopher://h/1menu")).unwrap();
    assert_eq!(owned.port_or_default(), Some(70));
    // Lenient RFC 1738: a space is a warning, not an error.
    let lenient: Url = serde_json::from_str(r#""http://host/a b""#).unwrap();
    assert_eq!(lenient.path(), Some("a b"));
    assert_eq!(lenient.dialect(), Dialect::Rfc1738);
}

#[test]
fn what_is_not_a_url_is_refused_with_the_parse_error() {
    for text in ["", "/relative/path", "no scheme", "http://h:port/"] {
        let want = Url::parse(text).unwrap_err().to_string();
        let json = serde_json::to_string(text).unwrap();
        let err = serde_json::from_str::<Url>(&json).unwrap_err();
        assert!(
            err.to_string().contains(&want),
            "{text:?}: {err} lacks {want}"
        );
        let err = serde_json::from_value::<Url>(serde_json::json!(text)).unwrap_err();
        assert!(
            err.to_string().contains(&want),
            "{text:?}: {err} lacks {want}"
        );
    }
    let err = serde_json::from_str::<Url>("42").unwrap_err();
    assert!(err.to_string().contains("a URL string"), "{err}");
}

#[test]
fn a_url_of_another_dialect_serializes_and_reads_back_by_the_default() {
    let url =
        Url::parse_with(ParseOptions::new().dialect(Dialect::Rfc3986), "ftp://h/a?b").unwrap();
    let back: Url = serde_json::from_str(&serde_json::to_string(&url).unwrap()).unwrap();
    // Equal as texts; the dialect is the reader's.
    assert_eq!(back, url);
    assert_eq!(back.dialect(), Dialect::Rfc1738);
}
