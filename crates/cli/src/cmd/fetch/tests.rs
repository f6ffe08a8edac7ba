//! The fetch command's own pieces: the prompt, time values, the JSON error.

use super::deliver::error_json;
use super::terminal::prompt;
use super::*;

#[test]
fn the_password_prompt_says_password_once() {
    // What crates/access/src/ftp asks with.
    assert_eq!(
        prompt("password for urltest on ftp://127.0.0.1:2121"),
        "Password for urltest on ftp://127.0.0.1:2121: "
    );
    assert_eq!(prompt("urltest on h"), "Password for urltest on h: ");
    assert_eq!(prompt(""), "Password for : ");
    // A multi-byte character where the lead would end is no panic.
    assert_eq!(prompt("password fooé"), "Password for password fooé: ");
}

#[test]
fn seconds_are_positive_numbers() {
    assert_eq!(seconds("1.5"), Ok(Duration::from_millis(1500)));
    assert_eq!(seconds("30"), Ok(Duration::from_secs(30)));
    for bad in ["0", "-1", "NaN", "inf", "x", ""] {
        assert!(seconds(bad).is_err(), "{bad}");
    }
}

#[test]
fn error_json_is_one_object_with_nulls() {
    let mut buf = Vec::new();
    error_json(
        &mut buf,
        "http://u:****@h/",
        "protocol",
        None,
        Some("http"),
        Some("h"),
        "GET /x",
        Some("HTTP/1.1 404 Not Found"),
    );
    let v: serde_json::Value = serde_json::from_slice(&buf).unwrap();
    assert_eq!(v["error"]["kind"], "protocol");
    assert_eq!(v["error"]["rule"], serde_json::Value::Null);
    assert_eq!(v["error"]["reply"], "HTTP/1.1 404 Not Found");
    assert_eq!(v["input"], "http://u:****@h/");
}
