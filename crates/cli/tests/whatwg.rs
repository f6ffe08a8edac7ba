//! `--dialect whatwg` in every command that reads URLs, and `resolve
//! --rules whatwg`: the URL Standard's reading, checked against answers
//! written from the Standard (section 4.4, the basic URL parser) and its
//! web-platform tests' rows.

use serde_json::Value;
use std::process::Command;

struct Run {
    code: i32,
    stdout: String,
    stderr: String,
}

fn uniform(args: &[&str]) -> Run {
    uniform_env(args, &[])
}

fn uniform_env(args: &[&str], env: &[(&str, &str)]) -> Run {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_uniform"));
    cmd.args(args).env_remove("UNIFORM_DIALECT");
    for var in [
        "http_proxy",
        "https_proxy",
        "ftp_proxy",
        "all_proxy",
        "ALL_PROXY",
    ] {
        cmd.env_remove(var);
    }
    for (k, v) in env {
        cmd.env(k, v);
    }
    let out = cmd.output().expect("the binary runs");
    Run {
        code: out.status.code().unwrap_or(-1),
        stdout: String::from_utf8(out.stdout).expect("UTF-8 output"),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    }
}

fn json(args: &[&str]) -> Value {
    let r = uniform(args);
    serde_json::from_str(r.stdout.trim()).unwrap_or_else(|e| panic!("{e}: {}", r.stdout))
}

#[test]
fn parse_json_keeps_the_keys_and_adds_href_and_origin() {
    let v = json(&[
        "parse",
        "--json",
        "--dialect",
        "whatwg",
        " HTTP://EXAMPLE.com:80/a/./b/../c\\d?q=1 2#f ",
    ]);
    assert_eq!(v["valid"], true);
    assert_eq!(v["href"], "http://example.com/a/c/d?q=1%202#f");
    assert_eq!(v["origin"], "http://example.com");
    assert_eq!(v["scheme"], "http");
    assert_eq!(v["host"], "example.com");
    // A default port is dropped: the Standard keeps none.
    assert_eq!(v["port"], Value::Null);
    assert_eq!(v["default_port"], 80);
    assert_eq!(v["path"], "a/c/d");
    assert_eq!(v["query"], "q=1%202");
    // The validation errors, at their bytes of the input as given.
    let warnings: Vec<(u64, String)> = v["warnings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| {
            (
                w["offset"].as_u64().unwrap(),
                w["message"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    assert_eq!(warnings.len(), 3, "{warnings:?}");
    assert!(warnings[0].1.contains("invalid-URL-unit") && warnings[0].0 == 0);
    assert!(warnings[1].1.contains("invalid-reverse-solidus") && warnings[1].0 == 33);
    assert!(warnings[2].1.contains("invalid-URL-unit") && warnings[2].0 == 39);
    // Under the RFC dialects neither key is there (DESIGN.md's keys).
    let rfc = json(&["parse", "--json", "http://h/"]);
    assert!(rfc.get("href").is_none() && rfc.get("origin").is_none());
}

#[test]
fn an_empty_user_name_reads_as_absent_and_the_password_is_masked_in_href() {
    let v = json(&[
        "parse",
        "--json",
        "--dialect",
        "whatwg",
        "https://:pw@h.example/",
    ]);
    assert_eq!(v["user"], Value::Null);
    assert_eq!(v["password"], "****");
    assert_eq!(v["href"], "https://:****@h.example/");
    let v = json(&[
        "parse",
        "--json",
        "--dialect",
        "whatwg",
        "--show-password",
        "https://:pw@h/",
    ]);
    assert_eq!(v["href"], "https://:pw@h/");
    // RFC 1738 section 3.1 keeps the empty user name apart.
    let v = json(&["parse", "--json", "ftp://@h/"]);
    assert_eq!(v["user"], "");
}

#[test]
fn a_failure_is_invalid_and_names_the_validation_error() {
    let r = uniform(&["parse", "--json", "--dialect", "whatwg", "http://[::1/"]);
    assert_eq!(r.code, 1);
    let v: Value = serde_json::from_str(r.stdout.trim()).unwrap();
    assert_eq!(v["valid"], false);
    assert_eq!(v["error"]["kind"], "failure");
    assert!(
        v["error"]["message"]
            .as_str()
            .unwrap()
            .contains("IPv6-unclosed")
    );
    let r = uniform(&["parse", "--dialect", "whatwg", "/relative"]);
    assert_eq!(r.code, 1);
    assert!(
        r.stdout.contains("missing-scheme-non-relative-URL"),
        "{}",
        r.stdout
    );
}

#[test]
fn check_lists_every_validation_error_at_its_byte_past_removed_tabs() {
    // The tab at byte 9 is removed before parsing (itself an error, at
    // its byte); the space is then the parser's byte 12, the input's 13.
    let r = uniform(&["check", "--json", "--dialect", "whatwg", "http://h/\ta/b c"]);
    assert_eq!(r.code, 1, "{}", r.stderr);
    let v: Value = serde_json::from_str(r.stdout.trim()).unwrap();
    assert_eq!(v["valid"], false);
    let at: Vec<u64> = v["errors"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["offset"].as_u64().unwrap())
        .collect();
    assert_eq!(at, [9, 13]);
    let r = uniform(&["check", "--dialect", "whatwg", "https://h.example/a"]);
    assert_eq!((r.code, r.stdout.as_str()), (0, "ok\n"));
}

#[test]
fn normalize_prints_the_href_and_equal_compares_hrefs() {
    let r = uniform(&[
        "normalize",
        "--dialect",
        "whatwg",
        "HTTP://H.example:80/%7e/./x/../y",
        "http://0x7f.1/",
        "wss://h:443/",
    ]);
    assert_eq!(
        r.stdout,
        "http://h.example/%7e/y\nhttp://127.0.0.1/\nwss://h/\n"
    );
    let r = uniform(&[
        "equal",
        "--dialect",
        "whatwg",
        "http://H:80/x/../y",
        "http://h/y",
    ]);
    assert_eq!((r.code, r.stdout.as_str()), (0, "equal\n"));
    // The Standard decodes no escape: %7e is not ~.
    let r = uniform(&["equal", "--dialect", "whatwg", "http://h/%7e", "http://h/~"]);
    assert_eq!((r.code, r.stdout.as_str()), (1, "different\n"));
}

#[test]
fn resolve_by_the_standard() {
    let r = uniform(&[
        "resolve",
        "--rules",
        "whatwg",
        "https://h.example/dir/page.html",
        "docs\\page.html",
        "//x/../y",
        "http:g",
        "?q=a b",
    ]);
    assert_eq!(
        r.stdout,
        "https://h.example/dir/docs/page.html\nhttps://x/y\nhttp://g/\nhttps://h.example/dir/page.html?q=a%20b\n"
    );
    // RFC 3986 reads the same references otherwise.
    let r = uniform(&["resolve", "https://h.example/dir/page.html", "http:g"]);
    assert_eq!(r.stdout, "http:g\n");
    let r = uniform(&["resolve", "--rules", "whatwg", "http://h/", "http://[::1"]);
    assert_eq!(r.code, 1);
    assert!(r.stderr.contains("IPv6-unclosed"), "{}", r.stderr);
}

#[test]
fn edit_keeps_trurl_meanings_on_the_serialization() {
    let r = uniform(&[
        "edit",
        "--dialect",
        "whatwg",
        "--set",
        "host=Example.COM",
        "--set",
        "port=80",
        "HTTP://u@h.example:8080/p/q?k#f",
    ]);
    assert_eq!(r.stdout, "http://u@example.com/p/q?k#f\n", "{}", r.stderr);
    let r = uniform(&[
        "edit",
        "--dialect",
        "whatwg",
        "--set",
        "host=exa mple",
        "http://h/",
    ]);
    assert_ne!(r.code, 0);
    assert!(r.stderr.contains("cannot set the host"), "{}", r.stderr);
}

#[test]
fn plan_acts_on_the_href() {
    let r = uniform(&["plan", "--dialect", "whatwg", "HTTP://H.example:80/a\\b c"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(r.stdout.contains("connect h.example:80"), "{}", r.stdout);
    assert!(r.stdout.contains("> GET /a/b%20c HTTP/1.1"), "{}", r.stdout);
}

#[test]
fn the_configured_dialect_may_be_whatwg() {
    let r = uniform_env(
        &["normalize", "HTTP://h\\x"],
        &[("UNIFORM_DIALECT", "whatwg")],
    );
    assert_eq!(r.stdout, "http://h/x\n", "{}", r.stderr);
}

#[test]
fn extract_checks_what_it_finds_by_the_standard() {
    let dir = std::env::temp_dir().join(format!("uniform-whatwg-extract-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("t.txt");
    std::fs::write(&file, "see HTTP://Y.example/a b and http://0x7f.1/\n").unwrap();
    let r = uniform(&[
        "extract",
        "--json",
        "--dialect",
        "whatwg",
        file.to_str().unwrap(),
    ]);
    let rows: Vec<Value> = r
        .stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(rows.len(), 2, "{}", r.stdout);
    assert_eq!(rows[0]["url"], "HTTP://Y.example/a");
    assert!(rows[0]["warnings"].as_array().unwrap().is_empty());
    // 0x7f.1 is a valid host by the Standard's parser, with two
    // validation errors.
    assert_eq!(rows[1]["warnings"].as_array().unwrap().len(), 2);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn check_compare_shows_each_dialect_and_the_rule_behind_each_difference() {
    let r = uniform(&["check", "--compare", "--json", "HTTP://0x7f.1:80/a\\b"]);
    assert_eq!(r.code, 1, "{}", r.stderr);
    let v: Value = serde_json::from_str(r.stdout.trim()).unwrap();
    assert_eq!(v["agree"], false);
    let forms: Vec<(&str, &str)> = v["readings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| (r["dialect"].as_str().unwrap(), r["form"].as_str().unwrap()))
        .collect();
    assert_eq!(
        forms,
        [
            ("whatwg", "http://127.0.0.1/a/b"),
            ("rfc3986", "http://0x7f.1/a%5Cb"),
            ("rfc1738", "http://0x7f.1/a%5Cb"),
            ("rfc1630", "http://0x7f.1/a%5Cb"),
        ]
    );
    let host = v["differences"]
        .as_array()
        .unwrap()
        .iter()
        .find(|d| d["component"] == "host")
        .expect("the hosts differ");
    assert_eq!(host["values"]["whatwg"], "127.0.0.1");
    assert_eq!(host["values"]["rfc3986"], "0x7f.1");
    let whatwg_rules: Vec<&str> = host["rules"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|r| r["dialect"] == "whatwg")
        .map(|r| r["rule"].as_str().unwrap())
        .collect();
    assert_eq!(
        whatwg_rules,
        ["IPv4-too-few-parts", "IPv4-non-decimal-part"]
    );
    // An RFC 1738 ftp URL keeps "?" in its url-path.
    let r = uniform(&["check", "--compare", "ftp://h/a?b"]);
    assert!(
        r.stdout
            .contains("search part: whatwg \"b\", rfc3986 \"b\", rfc1738 none"),
        "{}",
        r.stdout
    );
    let r = uniform(&["check", "--compare", "http://example.com/x"]);
    assert_eq!(r.code, 0);
    assert!(
        r.stdout.contains("every dialect reads the same valid URL"),
        "{}",
        r.stdout
    );
    // A password is masked in every form.
    let r = uniform(&["check", "--compare", "ftp://u:secret@h/"]);
    assert!(
        !r.stdout.contains("secret") && r.stdout.contains("u:****@h"),
        "{}",
        r.stdout
    );
}

#[test]
fn fetch_acts_on_the_href() {
    // A file: URL written as a browser takes it: upper-case scheme,
    // backslashes, a dot segment. The Standard's href names the file.
    let dir = std::env::temp_dir().join(format!("uniform-whatwg-fetch-{}", std::process::id()));
    std::fs::create_dir_all(dir.join("sub")).unwrap();
    std::fs::write(dir.join("sub/b.txt"), "fetched by its href\n").unwrap();
    let written = format!("FILE://{}\\x\\..\\sub\\b.txt", dir.display());
    let r = uniform(&["fetch", "--dialect", "whatwg", &written]);
    assert_eq!(
        (r.code, r.stdout.as_str()),
        (0, "fetched by its href\n"),
        "{}",
        r.stderr
    );
    // RFC 1738 reads the backslashes as part of one file name.
    let r = uniform(&["fetch", &written]);
    assert_ne!(r.code, 0, "{}", r.stdout);
    std::fs::remove_dir_all(&dir).unwrap();
}
