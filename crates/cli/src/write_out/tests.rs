//! The write-out engine against curl's behaviour, variable by variable.

use super::*;
use serde_json::Value as Json;
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};
use std::path::PathBuf;
use std::time::Duration;

/// A transfer with every field set to a value of its own.
fn sample() -> Transfer {
    Transfer {
        response_code: 200,
        http_version: Some(HttpVersion::Http11),
        size_download: 1234,
        size_header: 210,
        size_upload: 17,
        size_request: 78,
        speed_download: 98765,
        speed_upload: 432,
        time_total: Duration::from_micros(1_234_567),
        time_namelookup: Duration::from_micros(1_500),
        time_connect: Duration::from_micros(2_000),
        time_appconnect: Duration::from_micros(3_000),
        time_pretransfer: Duration::from_micros(3_100),
        time_starttransfer: Duration::from_micros(45_678),
        time_redirect: Duration::from_micros(10),
        url: Some("http://example.com/a".into()),
        url_effective: Some("http://example.com/b".into()),
        content_type: Some("text/html; charset=utf-8".into()),
        num_redirects: 1,
        num_connects: 2,
        redirect_url: Some("http://example.com/c".into()),
        remote_ip: Some(IpAddr::V4(Ipv4Addr::new(192, 0, 2, 1))),
        remote_port: 80,
        local_ip: Some(IpAddr::V6(Ipv6Addr::LOCALHOST)),
        local_port: 54321,
        scheme: Some("http".into()),
        method: Some("GET".into()),
        filename_effective: Some(PathBuf::from("out.html")),
        exitcode: 3,
        errormsg: Some("the \"URL\" failed".into()),
        ssl_verify_result: -1,
        urlnum: 4,
        headers: vec![
            ("Content-Type".into(), "text/html; charset=utf-8".into()),
            ("Set-Cookie".into(), " a=1 ".into()),
            ("X-Dup".into(), "one".into()),
            ("set-cookie".into(), "b=2".into()),
        ],
    }
}

/// What `format` prints on standard output for `t`, with no warning
/// and nothing on standard error.
fn out(format: &str, t: &Transfer) -> String {
    let r = render(format, t);
    assert!(r.warnings.is_empty(), "{format:?}: {:?}", r.warnings);
    assert!(r.err.is_empty(), "{format:?}");
    String::from_utf8(r.out).unwrap()
}

#[test]
fn every_variable() {
    let t = sample();
    let cases = [
        ("response_code", "200"),
        ("http_code", "200"),
        ("http_version", "1.1"),
        ("size_download", "1234"),
        ("size_header", "210"),
        ("size_upload", "17"),
        ("size_request", "78"),
        ("speed_download", "98765"),
        ("speed_upload", "432"),
        ("time_total", "1.234567"),
        ("time_namelookup", "0.001500"),
        ("time_connect", "0.002000"),
        ("time_appconnect", "0.003000"),
        ("time_pretransfer", "0.003100"),
        ("time_starttransfer", "0.045678"),
        ("time_redirect", "0.000010"),
        ("url", "http://example.com/a"),
        ("url_effective", "http://example.com/b"),
        ("content_type", "text/html; charset=utf-8"),
        ("num_redirects", "1"),
        ("num_connects", "2"),
        ("num_headers", "4"),
        ("redirect_url", "http://example.com/c"),
        ("remote_ip", "192.0.2.1"),
        ("remote_port", "80"),
        ("local_ip", "::1"),
        ("local_port", "54321"),
        ("scheme", "HTTP"),
        ("method", "GET"),
        ("filename_effective", "out.html"),
        ("exitcode", "3"),
        ("errormsg", "the \"URL\" failed"),
        ("ssl_verify_result", "-1"),
        ("urlnum", "4"),
    ];
    assert_eq!(cases.len(), VARS.len(), "a case for every name");
    for (name, want) in cases {
        assert_eq!(
            out(&format!("<%{{{name}}}>"), &t),
            format!("<{want}>"),
            "{name}"
        );
    }
}

#[test]
fn absent_values_print_as_curl_prints_them() {
    let t = Transfer::default();
    for (name, _) in VARS {
        let want = match name {
            "response_code" | "http_code" => "000",
            "http_version" => "0",
            n if n.starts_with("time_") => "0.000000",
            "content_type" | "errormsg" | "filename_effective" | "local_ip" | "method"
            | "redirect_url" | "remote_ip" | "scheme" | "url" | "url_effective" => "",
            _ => "0",
        };
        assert_eq!(out(&format!("%{{{name}}}"), &t), want, "{name}");
    }
}

#[test]
fn http_versions() {
    for (v, want) in [
        (HttpVersion::Http10, "1"),
        (HttpVersion::Http11, "1.1"),
        (HttpVersion::Http2, "2"),
        (HttpVersion::Http3, "3"),
    ] {
        let t = Transfer {
            http_version: Some(v),
            ..Transfer::default()
        };
        assert_eq!(out("%{http_version}", &t), want);
    }
}

#[test]
fn times_have_six_truncated_decimals() {
    let at = |d| {
        let t = Transfer {
            time_total: d,
            ..Transfer::default()
        };
        out("%{time_total}", &t)
    };
    assert_eq!(at(Duration::from_micros(1500)), "0.001500");
    assert_eq!(at(Duration::from_nanos(1_999)), "0.000001");
    assert_eq!(at(Duration::from_nanos(999)), "0.000000");
    assert_eq!(at(Duration::new(2, 1_000)), "2.000001");
    assert_eq!(at(Duration::from_secs(125)), "125.000000");
}

#[test]
fn text_and_escapes() {
    let t = Transfer::default();
    assert_eq!(out("plain text, é", &t), "plain text, é");
    assert_eq!(out(r"a\nb\rc\td", &t), "a\nb\rc\td");
    // curl keeps any other pair, `\\` too, and takes it whole.
    assert_eq!(out(r"a\\b", &t), r"a\\b");
    assert_eq!(out(r"\\n", &t), r"\\n");
    assert_eq!(out(r"\q\%{url}", &t), r"\q\%{url}");
    assert_eq!(out(r"end\", &t), r"end\");
}

#[test]
fn percent_signs() {
    let t = sample();
    assert_eq!(out("100%%", &t), "100%");
    assert_eq!(out("%%{url}", &t), "%{url}");
    assert_eq!(out("%%%{response_code}", &t), "%200");
    // A lone trailing `%` and an unknown `%x` are copied.
    assert_eq!(out("50%", &t), "50%");
    assert_eq!(out("%x %é", &t), "%x %é");
    assert_eq!(out("%time{%s}", &t), "%time{%s}");
}

#[test]
fn open_brace_without_close_is_copied() {
    let t = sample();
    assert_eq!(out("%{", &t), "%{");
    assert_eq!(out(r"%{url\n", &t), "%{url\n");
    assert_eq!(out("a%{b%%", &t), "a%{b%");
    assert_eq!(out("%header{", &t), "%header{");
    assert_eq!(out("%header{x-dup", &t), "%header{x-dup");
}

#[test]
fn unknown_variables_warn_and_print_nothing() {
    let r = render("a%{nope}b%{}c%{HTTP_CODE}d", &sample());
    assert_eq!(r.out, b"abcd");
    assert!(r.err.is_empty());
    assert_eq!(
        r.warnings,
        [
            "uniform: unknown --write-out variable: 'nope'",
            "uniform: unknown --write-out variable: ''",
            "uniform: unknown --write-out variable: 'HTTP_CODE'",
        ]
    );
    // As curl, the name runs to the first `}`, whatever it holds.
    let r = render("%{a %{url}", &sample());
    assert!(r.out.is_empty());
    assert_eq!(
        r.warnings,
        ["uniform: unknown --write-out variable: 'a %{url'"]
    );
}

#[test]
fn stderr_and_stdout_switch_the_stream() {
    let r = render(
        r"1%{stderr}2%{response_code}\n%{stdout}3%{stdout}4%{stderr}5",
        &sample(),
    );
    assert_eq!(r.out, b"134");
    assert_eq!(r.err, b"2200\n5");
    assert!(r.warnings.is_empty());
}

#[test]
fn onerror_stops_a_successful_transfer() {
    let mut t = sample();
    t.exitcode = 0;
    assert_eq!(out("a%{onerror}b", &t), "a");
    t.exitcode = 7;
    assert_eq!(out("a%{onerror}b", &t), "ab");
}

#[test]
fn header_values() {
    let t = sample();
    assert_eq!(out("%header{content-type}", &t), "text/html; charset=utf-8");
    assert_eq!(out("%header{X-DUP}", &t), "one");
    // Every field of the name, trimmed, joined; absent prints nothing.
    assert_eq!(out("[%header{SET-cookie}]", &t), "[a=1, b=2]");
    assert_eq!(out("[%header{absent}]", &t), "[]");
    assert_eq!(out("[%header{}]", &t), "[]");
}

#[test]
fn json_has_every_variable() {
    let r = out("%{json}", &sample());
    let v: serde_json::Map<String, Json> = serde_json::from_str(&r).unwrap();
    assert_eq!(v.len(), VARS.len());
    // Keys in curl's (alphabetical) order.
    let keys: Vec<&str> = VARS.iter().map(|(n, _)| *n).collect();
    let mut at = 0;
    for k in &keys {
        let found = r[at..].find(&format!("\"{k}\":")).unwrap();
        at += found;
    }
    assert_eq!(v["response_code"], 200);
    assert_eq!(v["http_code"], 200);
    assert_eq!(v["http_version"], "1.1");
    assert_eq!(v["size_download"], 1234);
    assert_eq!(v["speed_download"], 98765);
    assert_eq!(v["ssl_verify_result"], -1);
    assert_eq!(v["num_headers"], 4);
    assert_eq!(v["urlnum"], 4);
    assert_eq!(v["time_namelookup"].as_f64(), Some(0.0015));
    assert!(r.contains("\"time_total\":1.234567"));
    assert_eq!(v["scheme"], "HTTP");
    assert_eq!(v["local_ip"], "::1");
    assert_eq!(v["remote_port"], 80);
    assert_eq!(v["filename_effective"], "out.html");
    assert_eq!(v["errormsg"], "the \"URL\" failed");
}

#[test]
fn json_of_an_empty_transfer() {
    let r = out("%{json}", &Transfer::default());
    let v: serde_json::Map<String, Json> = serde_json::from_str(&r).unwrap();
    for (name, _) in VARS {
        let want = match name {
            "http_version" => Json::from("0"),
            n if n.starts_with("time_") => Json::from(0.0),
            "content_type" | "errormsg" | "filename_effective" | "local_ip" | "method"
            | "redirect_url" | "remote_ip" | "scheme" | "url" | "url_effective" => Json::Null,
            _ => Json::from(0),
        };
        assert_eq!(v[name], want, "{name}");
    }
    assert!(r.contains("\"response_code\":0,"));
    assert!(r.contains("\"time_total\":0.000000,"));
}

#[test]
fn header_json_groups_fields_as_curl() {
    let r = out("%{header_json}", &sample());
    assert_eq!(
        r,
        "{\"content-type\":[\"text/html; charset=utf-8\"],\n\
         \"set-cookie\":[\"a=1\",\"b=2\"],\n\
         \"x-dup\":[\"one\"]\n}"
    );
    let v: serde_json::Map<String, Json> = serde_json::from_str(&r).unwrap();
    assert_eq!(v["set-cookie"], serde_json::json!(["a=1", "b=2"]));
    assert_eq!(out("%{header_json}", &Transfer::default()), "{\n}");
}

#[test]
fn values_that_would_act_on_a_terminal_are_escaped() {
    use std::os::unix::ffi::OsStrExt;
    let t = Transfer {
        url: Some("http://h/a\u{1b}[2J\n\u{9b}\u{202e}".into()),
        scheme: Some("x\ty".into()),
        headers: vec![("X-A".into(), "v\rw".into())],
        filename_effective: Some(PathBuf::from(std::ffi::OsStr::from_bytes(b"out\x07\xff"))),
        ..Transfer::default()
    };
    assert_eq!(
        out("%{url}|%{scheme}|%header{x-a}|%{filename_effective}\\t", &t),
        "http://h/a\\x1B[2J\\n\\u{9B}\\u{202E}|X\\tY|v\\rw|out\\x07\\xFF\t"
    );
    let json = out("%{json}", &t);
    let v: serde_json::Map<String, Json> = serde_json::from_str(&json).unwrap();
    assert_eq!(v["url"], "http://h/a\u{1b}[2J\n\u{9b}\u{202e}");
    assert!(
        !json.contains('\u{202e}') && !json.contains('\u{9b}'),
        "{json}"
    );
}

#[test]
fn json_strings_are_escaped() {
    let t = Transfer {
        url: Some("http://h/\"\\\n\u{1}".into()),
        headers: vec![("X-Q\"".into(), "a\"b\tc".into())],
        ..Transfer::default()
    };
    let v: serde_json::Map<String, Json> = serde_json::from_str(&out("%{json}", &t)).unwrap();
    assert_eq!(v["url"], "http://h/\"\\\n\u{1}");
    let v: serde_json::Map<String, Json> =
        serde_json::from_str(&out("%{header_json}", &t)).unwrap();
    assert_eq!(v["x-q\""], serde_json::json!(["a\"b\tc"]));
}

#[test]
fn a_format_mixing_everything() {
    let r = render(
        r"%{response_code} %{url_effective}\n%{stderr}took %{time_total}s%{bad}\n",
        &sample(),
    );
    assert_eq!(r.out, b"200 http://example.com/b\n");
    assert_eq!(r.err, b"took 1.234567s\n");
    assert_eq!(r.warnings.len(), 1);
}

#[test]
fn names_are_sorted_and_unique() {
    // The binary search, and the JSON key order, rest on it.
    assert!(VARS.windows(2).all(|w| w[0].0 < w[1].0));
    for (name, _) in VARS {
        assert!(lookup(name).is_some(), "{name}");
    }
    assert!(lookup("json").is_none());
}

#[test]
fn read_format_from_argument_and_file() {
    assert_eq!(read_format("%{url}\\n").unwrap(), "%{url}\\n");
    assert_eq!(read_format("").unwrap(), "");
    let path = std::env::temp_dir().join(format!("uniform-write-out-{}.txt", std::process::id()));
    std::fs::write(&path, "%{response_code}\r\n %{url}\\n\n").unwrap();
    let got = read_format(&format!("@{}", path.display()));
    let _ = std::fs::remove_file(&path);
    // curl drops every CR and LF of a format file.
    assert_eq!(got.unwrap(), "%{response_code} %{url}\\n");
    let e = read_format(&format!("@{}", path.display())).unwrap_err();
    assert_eq!(e.kind(), io::ErrorKind::NotFound);
    assert!(e.to_string().contains(&path.display().to_string()));
}
