//! The `uniform` binary against the contract of DESIGN.md section 3, run
//! as a user runs it.

use serde_json::Value;
use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

/// What one run of the binary gave.
struct Output {
    code: i32,
    stdout: Vec<u8>,
    stderr: String,
}

impl std::fmt::Debug for Output {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "exit {}\n--- stdout\n{}--- stderr\n{}",
            self.code,
            String::from_utf8_lossy(&self.stdout),
            self.stderr
        )
    }
}

impl Output {
    fn text(&self) -> &str {
        std::str::from_utf8(&self.stdout).expect("stdout is UTF-8")
    }

    /// Standard output as JSON Lines.
    fn json(&self) -> Vec<Value> {
        self.text()
            .lines()
            .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
            .collect()
    }
}

fn uniform_with_stdin(args: &[&str], stdin: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_uniform"))
        .args(args)
        // plan and fetch follow the proxy variables: the machine's own
        // must not reroute the tests.
        .env_remove("http_proxy")
        .env_remove("https_proxy")
        .env_remove("ftp_proxy")
        .env_remove("gopher_proxy")
        .env_remove("news_proxy")
        .env_remove("wais_proxy")
        .env_remove("all_proxy")
        .env_remove("ALL_PROXY")
        .env_remove("no_proxy")
        .env_remove("NO_PROXY")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut input = child.stdin.take().unwrap();
    let stdin = stdin.to_vec();
    // Written from a thread: a large input must not deadlock against a
    // full output pipe.
    let writer = std::thread::spawn(move || {
        let _ = input.write_all(&stdin);
    });
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    Output {
        code: out.status.code().expect("exited, not killed"),
        stdout: out.stdout,
        stderr: String::from_utf8(out.stderr).unwrap(),
    }
}

fn uniform(args: &[&str]) -> Output {
    uniform_with_stdin(args, b"")
}

/// Runs and checks the exit status, showing everything when it differs.
macro_rules! clitest {
    ($code:expr, $($arg:expr),+ $(,)?) => {{
        let out = uniform(&[$($arg),+]);
        assert_eq!(out.code, $code, "{out:?}");
        out
    }};
}

const PARSE_KEYS: [&str; 16] = [
    "input",
    "valid",
    "scheme",
    "user",
    "password",
    "host",
    "host_ascii",
    "host_unicode",
    "port",
    "default_port",
    "path",
    "query",
    "fragment",
    "details",
    "warnings",
    "error",
];

fn parse_json(url: &str) -> Value {
    let out = uniform(&["parse", "--json", url]);
    let mut objects = out.json();
    assert_eq!(objects.len(), 1, "{out:?}");
    objects.remove(0)
}

fn keys(v: &Value) -> Vec<&str> {
    let mut k: Vec<&str> = v
        .as_object()
        .expect("an object")
        .keys()
        .map(String::as_str)
        .collect();
    k.sort_unstable();
    k
}

fn sorted(list: &[&'static str]) -> Vec<&'static str> {
    let mut v = list.to_vec();
    v.sort_unstable();
    v
}

// parse --json

#[test]
fn parse_json_has_exactly_the_design_keys() {
    // "error" only when valid is false (DESIGN.md section 3).
    let valid: Vec<&str> = PARSE_KEYS
        .iter()
        .copied()
        .filter(|k| *k != "error")
        .collect();
    for url in ["ftp://myname@host.dom/%2Fetc/motd", "news:*"] {
        assert_eq!(keys(&parse_json(url)), sorted(&valid), "{url}");
    }
    for url in ["http://h:x/", ""] {
        assert_eq!(keys(&parse_json(url)), sorted(&PARSE_KEYS), "{url}");
    }
    let v = parse_json("http://h/a b");
    for w in v["warnings"].as_array().unwrap() {
        assert_eq!(keys(w), ["kind", "message", "offset"]);
    }
    let v = parse_json("http://h:x/");
    assert_eq!(keys(&v["error"]), ["kind", "message", "offset"]);
}

#[test]
fn parse_json_components() {
    let v = parse_json("HTTP://info.cern.ch:8000/imaginary/test?q=1#frag");
    assert_eq!(
        v["input"],
        "HTTP://info.cern.ch:8000/imaginary/test?q=1#frag"
    );
    assert_eq!(v["valid"], true);
    assert_eq!(v["scheme"], "http");
    assert_eq!(v["user"], Value::Null);
    assert_eq!(v["password"], Value::Null);
    assert_eq!(v["host"], "info.cern.ch");
    assert_eq!(v["port"], 8000);
    assert_eq!(v["default_port"], 80);
    assert_eq!(v["path"], "imaginary/test");
    assert_eq!(v["query"], "q=1");
    assert_eq!(v["fragment"], "frag");
    // The fields of each kind belong to the scheme views; the contract
    // here is an object that names its kind.
    assert!(v["details"]["kind"].is_string(), "{v}");
    assert_eq!(v["warnings"], serde_json::json!([]));
    assert_eq!(v["error"], Value::Null);
}

#[test]
fn parse_json_path_is_encoded_and_without_its_slash() {
    let v = parse_json("ftp://myname@host.dom/%2Fetc/motd");
    assert_eq!(v["path"], "%2Fetc/motd");
    assert_eq!(v["user"], "myname");
    assert_eq!(v["default_port"], 21);
    assert_eq!(parse_json("ftp://host.dom")["path"], Value::Null);
    assert_eq!(parse_json("ftp://host.dom/")["path"], "");
}

#[test]
fn rfc1738_section_3_1_empty_and_absent_user_and_password() {
    let v = parse_json("ftp://@host.com/");
    assert_eq!(
        (&v["user"], &v["password"]),
        (&Value::from(""), &Value::Null)
    );
    let v = parse_json("ftp://host.com/");
    assert_eq!((&v["user"], &v["password"]), (&Value::Null, &Value::Null));
    let v = parse_json("ftp://foo:@host.com/");
    assert_eq!(
        (&v["user"], &v["password"]),
        (&Value::from("foo"), &Value::from(""))
    );
}

#[test]
fn user_and_password_are_decoded() {
    let out = clitest!(
        0,
        "parse",
        "--json",
        "--show-password",
        "ftp://a%40b:c%3Ad@h/"
    );
    let v = &out.json()[0];
    assert_eq!(v["user"], "a@b");
    assert_eq!(v["password"], "c:d");
}

#[test]
fn an_invalid_url_has_null_components_and_an_error() {
    let out = clitest!(1, "parse", "--json", "http://h:9x/");
    let v = &out.json()[0];
    assert_eq!(v["valid"], false);
    for k in [
        "scheme",
        "user",
        "password",
        "host",
        "host_ascii",
        "host_unicode",
        "port",
        "default_port",
        "path",
        "query",
        "fragment",
        "details",
    ] {
        assert_eq!(v[k], Value::Null, "{k}");
    }
    assert_eq!(v["error"]["offset"], 10);
    assert_eq!(v["error"]["kind"], "bad-port");
    assert!(
        v["error"]["message"]
            .as_str()
            .unwrap()
            .contains("RFC 1738 section 3.1")
    );
}

#[test]
fn lenient_warnings_are_listed_with_offsets() {
    let out = clitest!(0, "parse", "--json", "http://host/a b");
    let w = &out.json()[0]["warnings"];
    assert_eq!(w.as_array().unwrap().len(), 1);
    assert_eq!(w[0]["offset"], 13);
    assert_eq!(w[0]["kind"], "unsafe-char");
    assert_eq!(
        w[0]["message"],
        "unsafe character ' ' at byte 13 in the path: it must be %-encoded (rule xchar, RFC 1738 section 2.2)"
    );
}

// Passwords

#[test]
fn passwords_are_masked_everywhere_unless_asked_for() {
    for url in [
        "ftp://myname:s3cr%2Ft@host.dom/pub",
        "telnet://myname:s3cr%2Ft@host.dom/",
        "x-generic://myname:s3cr%2Ft@host.dom/pub",
    ] {
        let out = clitest!(0, "parse", "--json", url);
        assert!(!out.text().contains("s3cr"), "{}", out.text());
        let v = &out.json()[0];
        assert_eq!(v["password"], "****");
        assert_eq!(v["user"], "myname");
        assert_eq!(v["input"], url.replace("s3cr%2Ft", "****"));

        let out = clitest!(0, "parse", url);
        assert!(!out.text().contains("s3cr"), "{}", out.text());
        assert!(
            out.text().contains("\npassword:     ****\n"),
            "{}",
            out.text()
        );

        let out = clitest!(0, "parse", "--json", "--show-password", url);
        let v = &out.json()[0];
        assert_eq!(v["password"], "s3cr/t");
        assert_eq!(v["input"], url);
    }
    // Fields that repeat the URL's text are masked as they are shown.
    let out = clitest!(0, "parse", "--json", "x-generic://u:s3cr@h/p");
    assert_eq!(
        out.json()[0]["details"]["scheme_specific_part"],
        "//u:****@h/p"
    );
    // Under RFC 3986 a news URL's "//" starts RFC 5538's server: its
    // password, written encoded, is masked, and the details name the group.
    let out = clitest!(
        0,
        "parse",
        "--json",
        "--dialect",
        "rfc3986",
        "news://u:s3%63r@h/g"
    );
    assert!(!out.text().contains("s3"), "{out:?}");
    assert_eq!(out.json()[0]["password"], "****");
    assert_eq!(out.json()[0]["details"]["group"], "g");
}

#[test]
fn masked_passwords_keep_the_details_in_every_dialect() {
    // "*" is not in RFC 1630's alphanum2: the details come from the URL
    // as given, not from its masked text.
    let args = ["--dialect", "rfc1630", "--strict", "ftp://u:p@h/x"];
    let out = uniform(&[&["parse", "--json"][..], &args].concat());
    assert_eq!(out.code, 0, "{out:?}");
    let v = &out.json()[0];
    assert_eq!(v["details"]["kind"], "ftp", "{out:?}");
    assert_eq!(v["details"]["name"], "x");
    assert_eq!(v["password"], "****");
    let out = uniform(&[&["parse"][..], &args].concat());
    assert!(out.text().contains("\n  name:     x\n"), "{out:?}");
    let out = uniform(
        &[
            &["parse", "--format", "{details.kind} {details.name}"][..],
            &args,
        ]
        .concat(),
    );
    assert_eq!(out.text(), "ftp x\n", "{out:?}");
}

#[test]
fn passwords_are_masked_in_diagnostics_even_of_broken_urls() {
    // A port that is no number: the URL cannot be read, the password is
    // still found.
    let url = "ftp://u:hunter2@h:9x9/";
    for args in [
        &["parse", url][..],
        &["parse", "--json", url],
        &["check", url],
        &["check", "--json", url],
    ] {
        let out = uniform(args);
        assert_eq!(out.code, 1);
        assert!(!out.text().contains("hunter2"), "{args:?}: {}", out.text());
    }
    let out = clitest!(1, "normalize", url);
    assert!(
        !out.stderr.contains("hunter2") && out.stderr.contains("u:****@h"),
        "{}",
        out.stderr
    );
    let out = clitest!(1, "check", "--show-password", url);
    assert!(out.text().contains("hunter2"));
}

#[test]
fn an_empty_password_is_not_masked() {
    let out = clitest!(0, "parse", "ftp://foo:@host.com/");
    assert!(
        out.text().contains("\npassword:     \"\"\n"),
        "{}",
        out.text()
    );
}

// parse, text output

#[test]
fn parse_text_is_an_aligned_list() {
    let out = clitest!(0, "parse", "gopher://h.dom:7070/7/search%09rfc");
    let (fields, details) = out.text().split_once("details:\n").unwrap();
    assert_eq!(
        fields,
        "input:        gopher://h.dom:7070/7/search%09rfc\n\
         scheme:       gopher\n\
         host:         h.dom\n\
         port:         7070\n\
         default_port: 70\n\
         path:         7/search%09rfc\n"
    );
    // Indented and aligned, kind first.
    let lines: Vec<&str> = details.lines().collect();
    assert!(lines[0].starts_with("  kind:"), "{details}");
    let column = |l: &str| l.len() - l[2..].split_once(':').unwrap().1.trim_start().len();
    assert!(
        lines
            .iter()
            .all(|l| l.starts_with("  ") && column(l) == column(lines[0])),
        "{details}"
    );
}

#[test]
fn parse_text_draws_warnings_and_errors_with_a_caret() {
    let out = clitest!(1, "parse", "http://host/a b", "http://h:x/");
    let text = out.text();
    assert!(
        text.contains(
            "warning[unsafe-char]: unsafe character ' ' at byte 13 in the path: it must be %-encoded \
             (rule xchar, RFC 1738 section 2.2)\n  | http://host/a b\n  |              ^\n"
        ),
        "{text}"
    );
    assert!(
        text.ends_with(
            "\n\ninput:        http://h:x/\nerror[bad-port]: bad port at byte 9: a port is decimal \
             digits (rule port, RFC 1738 section 3.1)\n  | http://h:x/\n  |          ^\n"
        ),
        "{text}"
    );
}

#[test]
fn control_characters_never_reach_the_terminal_raw() {
    let out = clitest!(0, "parse", "http://h/a\x1b[31mb");
    assert!(!out.stdout.contains(&0x1b), "{}", out.text());
    assert!(
        out.text().contains("path:         a\\x1b[31mb\n"),
        "{}",
        out.text()
    );
}

// Dialects and strictness

#[test]
fn the_dialect_changes_the_grammar() {
    // "~" is unsafe in RFC 1738, unreserved in RFC 3986.
    clitest!(1, "check", "http://h/~me");
    clitest!(0, "check", "--dialect", "rfc3986", "http://h/~me");
    // Under RFC 1738 an ftp URL has no search part; under RFC 3986 it does.
    assert_eq!(parse_json("ftp://h/a?b")["query"], Value::Null);
    let out = clitest!(0, "parse", "--json", "--dialect", "rfc3986", "ftp://h/a?b");
    assert_eq!(out.json()[0]["query"], "b");
    let out = clitest!(
        0,
        "parse",
        "--json",
        "--dialect",
        "rfc3986",
        "http://[::1]:8080/"
    );
    assert_eq!(out.json()[0]["host"], "[::1]");
    // RFC 1630 has a search part in every scheme.
    let out = clitest!(0, "parse", "--json", "--dialect", "rfc1630", "ftp://h/a?b");
    assert_eq!(out.json()[0]["query"], "b");
    // "~" is unsafe in RFC 1630 too.
    let out = clitest!(1, "check", "--json", "--dialect", "rfc1630", "http://h?a~b");
    let errors = &out.json()[0]["errors"];
    assert_eq!(
        (&errors[0]["kind"], &errors[0]["offset"]),
        (&Value::from("unsafe-char"), &Value::from(10))
    );
}

/// Core bug (crates/url/src/table.rs): the RFC 1630 path set has no "/",
/// so RFC 1630's own example URL is rejected under `--dialect rfc1630`,
/// with "reserved character '/' at byte 19" for the "/" after the host
/// and one more for each separator. RFC 1630, "BNF of Generic URI
/// Syntax": path = void | xpalphas [ / path ].
#[test]
fn core_bug_rfc1630_paths_have_slashes() {
    clitest!(
        0,
        "check",
        "--dialect",
        "rfc1630",
        "http://info.cern.ch/albert/bertram/marie-claude"
    );
}

#[test]
fn strict_turns_warnings_into_errors() {
    clitest!(0, "parse", "http://h/a b");
    let out = clitest!(1, "parse", "--strict", "--json", "http://h/a b");
    let v = &out.json()[0];
    assert_eq!(v["valid"], false);
    assert_eq!(v["error"]["kind"], "unsafe-char");
    clitest!(0, "normalize", "http://h/a b");
    clitest!(1, "normalize", "--strict", "http://h/a b");
}

// check

#[test]
fn check_prints_ok_or_every_violation() {
    let out = clitest!(0, "check", "ftp://host.dom/pub/file;type=i");
    assert_eq!(out.text(), "ok\n");
    let out = clitest!(1, "check", "http://h/a b|c", "http://ok/");
    assert_eq!(
        out.text(),
        "error[unsafe-char]: unsafe character ' ' at byte 10 in the path: it must be %-encoded \
         (rule xchar, RFC 1738 section 2.2)\n  | http://h/a b|c\n  |           ^\n\
         error[unsafe-char]: unsafe character '|' at byte 12 in the path: it must be %-encoded \
         (rule xchar, RFC 1738 section 2.2)\n  | http://h/a b|c\n  |             ^\n\
         ok\n"
    );
}

#[test]
fn check_json() {
    let out = clitest!(1, "check", "--json", "http://h/a b", "afs://cell/x");
    let v = out.json();
    assert_eq!(keys(&v[0]), ["errors", "input", "valid", "warnings"]);
    assert_eq!(v[0]["valid"], false);
    assert_eq!(v[0]["errors"][0]["offset"], 10);
    assert_eq!(v[1]["valid"], true);
    assert_eq!(v[1]["warnings"][0]["kind"], "undefined-syntax");
}

// normalize

#[test]
fn normalize_prints_the_canonical_form() {
    let out = clitest!(
        0,
        "normalize",
        "HTTP://Info.CERN.ch:80/albert/bertram/marie%2Dclaude",
        "FTP://Host.Dom:21/%7euser/%2fx",
        "http://h/a b"
    );
    assert_eq!(
        out.text(),
        "http://info.cern.ch/albert/bertram/marie-claude\nftp://host.dom/%7Euser/%2Fx\nhttp://h/a%20b\n"
    );
}

#[test]
fn normalize_keeps_reserved_escapes() {
    // Issue 16: an escape of a character reserved in RFC 1738, RFC 1630 or
    // RFC 3986 is never decoded, whatever the scheme reserves; an
    // unreserved one still is, and hex is raised.
    for dialect in ["rfc1738", "rfc1630", "rfc3986"] {
        let out = clitest!(
            0,
            "normalize",
            "--show-password",
            "--dialect",
            dialect,
            "http://h/a%2fb%2d?q=a%26b%3db%2bc+d%41#x%3a%2C",
            "ftp://u%40v:p%3aq@h/%24"
        );
        assert_eq!(
            out.text(),
            "http://h/a%2Fb-?q=a%26b%3Db%2Bc+dA#x%3A%2C\nftp://u%40v:p%3Aq@h/%24\n",
            "{dialect}"
        );
    }
    let out = clitest!(0, "normalize", "--dialect", "rfc3986", "http://h/%7euser");
    assert_eq!(out.text(), "http://h/~user\n");
}

#[test]
fn normalize_reports_invalid_urls_on_stderr() {
    let out = clitest!(1, "normalize", "http://a/", "http://h:x/", "http://b/");
    assert_eq!(out.text(), "http://a/\nhttp://b/\n");
    assert!(out.stderr.starts_with("error[bad-port]"), "{}", out.stderr);
    assert!(
        out.stderr.contains("  | http://h:x/\n  |          ^\n"),
        "{}",
        out.stderr
    );
}

#[test]
fn normalize_json() {
    let out = clitest!(1, "normalize", "--json", "Gopher://H:70", "http://h:x/");
    let v = out.json();
    assert_eq!(
        keys(&v[0]),
        ["error", "input", "normalized", "valid", "warnings"]
    );
    assert_eq!(v[0]["warnings"], serde_json::json!([]));
    assert_eq!(v[0]["normalized"], "gopher://h/");
    assert_eq!(v[0]["error"], Value::Null);
    assert_eq!(v[1]["valid"], false);
    assert_eq!(v[1]["normalized"], Value::Null);
    assert_eq!(v[1]["error"]["kind"], "bad-port");
}

#[test]
fn normalize_json_masks_passwords_unless_asked_for() {
    // DESIGN.md section 2: "passwords never appear in logs, errors or
    // --json output unless asked for", valid or not.
    let out = clitest!(
        1,
        "normalize",
        "--json",
        "ftp://u:secret@h/",
        "ftp://u:secret@h:x/"
    );
    assert!(!out.text().contains("secret"), "{out:?}");
    let v = out.json();
    assert_eq!(v[0]["input"], "ftp://u:****@h/");
    assert_eq!(v[0]["normalized"], "ftp://u:****@h/");
    assert_eq!(v[1]["input"], "ftp://u:****@h:x/");
    let out = clitest!(
        0,
        "normalize",
        "--json",
        "--show-password",
        "ftp://u:secret@h/"
    );
    assert_eq!(out.json()[0]["normalized"], "ftp://u:secret@h/");
}

#[test]
fn normalize_tells_its_repairs() {
    // RFC 1738 section 2.2: "%" starts an escape of two hex digits; the
    // lenient parse encodes a bare one, and says so.
    let out = clitest!(0, "normalize", "http://h/a%zz");
    assert_eq!(out.text(), "http://h/a%25zz\n");
    assert!(out.stderr.starts_with("warning[bad-escape]"), "{out:?}");
    assert!(out.stderr.contains("  |           ^\n"), "{out:?}");
    let out = clitest!(0, "normalize", "--json", "http://h/a%zz");
    let w = &out.json()[0]["warnings"];
    assert_eq!(w[0]["offset"], 10);
    assert_eq!(w[0]["kind"], "bad-escape");
    assert_eq!(out.stderr, "");
}

// equal

#[test]
fn equal_exits_0_when_equivalent_and_1_when_not() {
    // RFC 1630, "Encoding reserved characters", examples 1 and 2.
    let out = clitest!(
        0,
        "equal",
        "http://info.cern.ch/albert/bertram/marie-claude",
        "http://info.cern.ch/albert/bertram/marie%2Dclaude"
    );
    assert_eq!(out.text(), "equal\n");
    let out = clitest!(
        1,
        "equal",
        "http://info.cern.ch/albert/bertram/marie-claude",
        "http://info.cern.ch/albert/bertram%2Fmarie-claude"
    );
    assert_eq!(out.text(), "different\n");
}

#[test]
fn equal_tells_plus_from_its_escape() {
    // Issue 16: a form reader takes "+" for a space and "%2B" for a plus,
    // and "%26" for data where "&" separates fields.
    for dialect in ["rfc1738", "rfc1630", "rfc3986"] {
        let out = clitest!(
            1,
            "equal",
            "--dialect",
            dialect,
            "http://h/?a+b",
            "http://h/?a%2Bb"
        );
        assert_eq!(out.text(), "different\n", "{dialect}");
        let out = clitest!(
            1,
            "equal",
            "--dialect",
            dialect,
            "http://h/?a=1%26b=2",
            "http://h/?a=1&b=2"
        );
        assert_eq!(out.text(), "different\n", "{dialect}");
        let out = clitest!(
            0,
            "equal",
            "--dialect",
            dialect,
            "http://h/?a%2bb%2D",
            "http://h/?a%2Bb-"
        );
        assert_eq!(out.text(), "equal\n", "{dialect}");
    }
}

#[test]
fn equal_needs_two_valid_urls() {
    let out = clitest!(1, "equal", "http://h:x/", "http://h/");
    assert_eq!(out.text(), "");
    assert!(out.stderr.starts_with("error[bad-port]"), "{}", out.stderr);
    clitest!(1, "equal", "--strict", "http://h/a b", "http://h/a%20b");
    clitest!(0, "equal", "http://h/a b", "http://h/a%20b");
}

// encode and decode

#[test]
fn encode_uses_the_reserved_set_by_default() {
    let out = clitest!(0, "encode", "a b/c?d:é");
    assert_eq!(out.text(), "a%20b%2Fc%3Fd%3A%C3%A9\n");
    let out = clitest!(0, "encode", "--set", "path", "a b/c?d");
    assert_eq!(out.text(), "a%20b/c%3Fd\n");
    let out = clitest!(0, "encode", "--set", "ftp-segment", "a/b;c d");
    assert_eq!(out.text(), "a%2Fb%3Bc%20d\n");
}

#[test]
fn encode_lists_its_sets() {
    let out = clitest!(0, "encode", "--list-sets");
    let names: Vec<&str> = out
        .text()
        .lines()
        .map(|l| l.split_whitespace().next().unwrap())
        .collect();
    assert!(
        names.contains(&"reserved") && names.contains(&"userinfo") && names.contains(&"gopher")
    );
    let out = clitest!(2, "encode", "--set", "nope", "x");
    assert!(out.stderr.contains("possible values"), "{}", out.stderr);
}

#[test]
fn decode_writes_raw_bytes() {
    let out = clitest!(0, "decode", "-n", "%FF%00%2Fetc");
    assert_eq!(out.stdout, b"\xff\x00/etc");
    let out = clitest!(0, "decode", "marie%2Dclaude", "100%");
    assert_eq!(out.stdout, b"marie-claude\n100%\n");
}

#[test]
fn encode_and_decode_read_lines_from_stdin() {
    let out = uniform_with_stdin(&["encode", "-"], b"a b\r\nc/d\n");
    assert_eq!((out.code, out.text()), (0, "a%20b\nc%2Fd\n"));
    let out = uniform_with_stdin(&["decode", "-"], b"%41\n%0A%FF\n");
    assert_eq!((out.code, &out.stdout[..]), (0, &b"A\n\n\xff\n"[..]));
}

// Standard input

#[test]
fn stdin_lines_go_on_past_bad_lines() {
    let input = b"\xEF\xBB\xBFhttp://a/\r\n\nhttp://b/\xff\nhttp://c/\nhttp://d/";
    let out = uniform_with_stdin(&["parse", "--json", "-"], input);
    assert_eq!(out.code, 1);
    let v = out.json();
    assert_eq!(v.len(), 5, "{out:?}");
    // The BOM is dropped, and "\r\n" ends the line.
    assert_eq!(
        (&v[0]["input"], &v[0]["valid"]),
        (&Value::from("http://a/"), &Value::from(true))
    );
    assert_eq!(v[1]["error"]["kind"], "empty");
    assert_eq!(v[2]["error"]["kind"], "not-utf8");
    assert_eq!(v[2]["error"]["offset"], 9);
    assert_eq!(v[2]["input"], "http://b/\u{FFFD}");
    assert_eq!(v[3]["host"], "c");
    // The last line needs no newline.
    assert_eq!(v[4]["host"], "d");
}

#[test]
fn stdin_bad_lines_are_drawn_in_text() {
    let out = uniform_with_stdin(&["check", "-"], b"http://a/\n\nhttp://b/\xff\n");
    assert_eq!(out.code, 1);
    let text = out.text();
    assert!(text.starts_with("ok\nerror[empty]:"), "{text}");
    assert!(
        text.contains("  | http://b/\\xff\n  |          ^^^^\n"),
        "{text}"
    );
}

#[test]
fn arguments_and_stdin_mix_in_order() {
    let out = uniform_with_stdin(
        &["normalize", "HTTP://A/", "-", "http://Z/"],
        b"http://B/\nhttp://C/\n",
    );
    assert_eq!(
        (out.code, out.text()),
        (0, "http://a/\nhttp://b/\nhttp://c/\nhttp://z/\n")
    );
}

#[test]
fn output_streams_before_input_ends() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_uniform"))
        .args(["normalize", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let stdout = child.stdout.take().unwrap();
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines() {
            if tx.send(line.unwrap()).is_err() {
                break;
            }
        }
    });
    stdin.write_all(b"HTTP://First/\n").unwrap();
    stdin.flush().unwrap();
    // Standard input is still open: the answer must come anyway.
    let first = rx.recv_timeout(Duration::from_secs(20));
    stdin.write_all(b"HTTP://Second/\n").unwrap();
    drop(stdin);
    assert_eq!(first.as_deref(), Ok("http://first/"));
    assert_eq!(
        rx.recv_timeout(Duration::from_secs(20)).as_deref(),
        Ok("http://second/")
    );
    assert!(child.wait().unwrap().success());
}

#[test]
fn a_closed_output_is_not_an_error() {
    let input = "http://host.dom/some/path?q=1\n".repeat(100_000);
    let mut child = Command::new(env!("CARGO_BIN_EXE_uniform"))
        .args(["parse", "--json", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(input.as_bytes());
    });
    let mut stdout = child.stdout.take().unwrap();
    let mut first = [0u8; 100];
    stdout.read_exact(&mut first).unwrap();
    drop(stdout);
    let mut stderr = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut stderr)
        .unwrap();
    let status = child.wait().unwrap();
    writer.join().unwrap();
    assert!(first.starts_with(b"{\"input\":"));
    assert_eq!((status.code(), stderr.as_str()), (Some(0), ""));
}

// Usage

#[test]
fn usage_errors_exit_2() {
    clitest!(2, "frobnicate");
    clitest!(2, "parse");
    clitest!(2, "parse", "--dialect", "rfc2396", "http://h/");
    clitest!(2, "equal", "http://h/");
    clitest!(2, "encode");
    clitest!(2, "parse", "--no-such-flag", "http://h/");
    let out = uniform(&[]);
    assert_eq!(out.code, 2);
    assert!(
        out.stderr.contains("Usage: uniform <COMMAND>"),
        "{}",
        out.stderr
    );
}

#[test]
fn help_documents_the_password_mask_and_the_bom() {
    let out = clitest!(0, "parse", "--help");
    let help = out.text();
    assert!(help.contains("--show-password"));
    assert!(help.contains("\"****\""));
    assert!(help.contains("byte order mark"));
    for k in PARSE_KEYS {
        assert!(help.contains(k), "{k}");
    }
}

#[test]
fn every_subcommand_has_help() {
    for (cmd, says) in [
        ("parse", "Exit status"),
        ("check", "Exit status"),
        ("normalize", "Exit status"),
        ("equal", "Exit status"),
        ("encode", "--list-sets"),
        ("decode", "writes two bytes"),
        ("edit", "--redirect, each --set"),
    ] {
        let out = clitest!(0, cmd, "--help");
        assert!(
            out.text().contains(&format!("Usage: uniform {cmd}")),
            "{cmd}"
        );
        assert!(out.text().contains(says), "{cmd}: {}", out.text());
    }
}

#[test]
fn plan_prints_the_design_example() {
    // DESIGN.md section 3: the lines sent keep this form.
    let out = uniform(&["plan", "ftp://myname@host.dom/%2Fetc/motd"]);
    assert_eq!(out.code, 0, "{out:?}");
    let sent: Vec<&str> = out
        .text()
        .lines()
        .filter(|l| l.starts_with("connect ") || l.starts_with("> "))
        .collect();
    assert_eq!(
        sent,
        [
            "connect host.dom:21",
            "> USER myname",
            "> PASS ****",
            "> CWD /etc",
            "> TYPE I",
            "> RETR motd",
            "> QUIT"
        ]
    );
    let out = uniform(&["plan", "gopher://h.dom/7/search%09rfc%201738"]);
    assert_eq!(
        out.text().lines().take(3).collect::<Vec<_>>(),
        ["# route direct", "connect h.dom:70", "> /search\\trfc 1738"]
    );
}

#[test]
fn plan_keeps_the_null_cwd_argument() {
    // RFC 1738 3.2.2: "//etc/motd" is "CWD " with a null argument.
    let out = uniform(&["plan", "ftp://myname@host.dom//etc/motd"]);
    assert!(out.text().lines().any(|l| l == "> CWD "), "{out:?}");
}

#[test]
fn plan_refusal_exits_1_and_names_the_rule() {
    let out = uniform(&["plan", "gopher://h:25/0HELO"]);
    assert_eq!(out.code, 1);
    assert!(out.stdout.is_empty());
    assert!(out.stderr.contains("bad-port"), "{out:?}");
    let out = uniform(&["plan", "--allow-port", "25", "gopher://h:25/0HELO"]);
    assert_eq!(out.code, 0, "{out:?}");
    let out = uniform(&["plan", "ftp://h/a%0D%0ADELE%20b"]);
    assert_eq!(out.code, 1);
    assert!(out.stderr.contains("line-break-injection"), "{out:?}");
}

#[test]
fn plan_with_missing_configuration_still_prints_and_exits_0() {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_uniform"));
    cmd.args(["plan", "news:comp.lang.rust"])
        .env_remove("NNTPSERVER");
    let out = cmd.output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.starts_with(
            "# route direct\nconnect <news server: set --news-server or NNTPSERVER>:119"
        ),
        "{text}"
    );
    assert!(String::from_utf8_lossy(&out.stderr).contains("NNTPSERVER"));
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_uniform"));
    cmd.args(["plan", "news:comp.lang.rust"])
        .env("NNTPSERVER", "127.0.0.1:1119");
    let text = String::from_utf8(cmd.output().unwrap().stdout).unwrap();
    assert!(
        text.starts_with("# route direct\nconnect 127.0.0.1:1119"),
        "{text}"
    );
}

#[test]
fn plan_json_is_an_array_of_steps_without_passwords() {
    let out = uniform(&["plan", "--json", "ftp://u:secret@h/x.txt"]);
    assert_eq!(out.code, 0, "{out:?}");
    let v = out.json();
    let steps = v[0].as_array().expect("an array of steps");
    // The route first, then the steps as before.
    assert_eq!(steps[0]["step"], "route", "{v:?}");
    assert_eq!(steps[0]["route"]["via"], "direct", "{v:?}");
    assert_eq!(
        steps[1],
        serde_json::json!({"step": "connect", "host": "h", "port": 21})
    );
    assert!(steps.iter().any(|s| s["line"] == "PASS ****"));
    assert!(!out.text().contains("secret"));
    let out = uniform(&["plan", "--json", "http://h:25/"]);
    assert_eq!(out.code, 1);
    assert_eq!(out.json()[0]["error"]["rule"], "bad-port");
}

#[test]
fn plan_refusals_mask_the_password_and_escape_controls() {
    // DESIGN.md section 2: passwords never appear in --json output; a
    // refused URL echoed back is no exception, valid or not.
    for url in [
        "ftp://u:secret@host.dom:25/x",
        "ftp://u:secret@host/x%0A",
        "ftp://u:secret@host:99999/x",
    ] {
        let out = uniform(&["plan", "--json", url]);
        assert_eq!(out.code, 1, "{out:?}");
        assert!(!out.text().contains("secret"), "{out:?}");
        assert_eq!(
            out.json()[0]["input"],
            url.replace("secret", "****"),
            "{out:?}"
        );
        let out = uniform(&["plan", url]);
        assert!(!out.stderr.contains("secret"), "{out:?}");
    }
    let out = uniform(&["plan", "--show-password", "--json", "ftp://u:secret@h:25/x"]);
    assert_eq!(out.json()[0]["input"], "ftp://u:secret@h:25/x");
    // A raw CR LF in the echoed input would forge a line on the terminal.
    let out = uniform(&["plan", "ftp://h/a\r\nDELE x"]);
    assert_eq!(out.code, 1, "{out:?}");
    assert!(out.stderr.contains("ftp://h/a\\r\\nDELE x"), "{out:?}");
    assert_eq!(out.stderr.lines().count(), 1, "{out:?}");
}

#[test]
fn plan_tells_a_prompted_password_from_one_in_the_url() {
    // RFC 1738 3.2.1: a user without a password is asked for one.
    let out = uniform(&["plan", "ftp://myname@host.dom//etc/motd"]);
    let lines: Vec<&str> = out.text().lines().collect();
    let pass = lines.iter().position(|l| *l == "> PASS ****").unwrap();
    assert!(lines[pass - 1].starts_with("? password"), "{out:?}");
    let out = uniform(&["plan", "ftp://u:pw@host.dom/x"]);
    assert!(!out.text().contains("\n? "), "{out:?}");
    let out = uniform(&["plan", "--json", "ftp://myname@host.dom//etc/motd"]);
    let steps = out.json()[0].as_array().unwrap().clone();
    let pass = steps.iter().position(|s| s["line"] == "PASS ****").unwrap();
    assert_eq!(steps[pass]["from"], "prompt", "{out:?}");
    assert_eq!(steps[pass - 1]["step"], "prompt", "{out:?}");
    let out = uniform(&["plan", "--json", "ftp://u:pw@host.dom/x"]);
    let steps = out.json()[0].as_array().unwrap().clone();
    let pass = steps.iter().find(|s| s["line"] == "PASS ****").unwrap();
    assert!(pass.get("from").is_none(), "{out:?}");
}

#[test]
fn plan_show_password_shows_it_and_an_empty_one_is_empty() {
    let out = uniform(&["plan", "--show-password", "ftp://u:hunter2@h/x"]);
    assert!(out.text().lines().any(|l| l == "> PASS hunter2"), "{out:?}");
    let out = uniform(&["plan", "--show-password", "--json", "ftp://u:hunter2@h/x"]);
    assert!(
        out.json()[0]
            .as_array()
            .unwrap()
            .iter()
            .any(|s| s["line"] == "PASS hunter2")
    );
    // The help's promise: "an empty password stays """.
    let out = uniform(&["plan", "ftp://u:@host.dom/x"]);
    assert!(out.text().lines().any(|l| l == "> PASS "), "{out:?}");
}

/// `uniform plan` with `vars` set in its environment: its stdout lines.
fn plan_with_env(vars: &[(&str, &str)], args: &[&str]) -> (i32, Vec<String>) {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_uniform"));
    cmd.arg("plan").args(args);
    for k in [
        "http_proxy",
        "ftp_proxy",
        "all_proxy",
        "ALL_PROXY",
        "no_proxy",
        "NO_PROXY",
    ] {
        cmd.env_remove(k);
    }
    for (k, v) in vars {
        cmd.env(k, v);
    }
    let out = cmd.output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    (
        out.status.code().unwrap(),
        text.lines().map(str::to_string).collect(),
    )
}

#[test]
fn plan_goes_through_the_proxy_fetch_would_use() {
    // RFC 1630: through a gateway the request line carries the whole URL.
    let proxy = [("http_proxy", "http://127.0.0.1:8080")];
    let (code, lines) = plan_with_env(&proxy, &["http://example.org/x"]);
    assert_eq!(code, 0, "{lines:?}");
    assert_eq!(lines[0], "# route http-proxy 127.0.0.1:8080 (http_proxy)");
    let lines = &lines[1..];
    assert_eq!(lines[0], "connect 127.0.0.1:8080");
    assert!(
        lines[1].starts_with("# ") && lines[1].contains("http_proxy"),
        "{lines:?}"
    );
    assert_eq!(lines[2], "> GET http://example.org/x HTTP/1.1");
    assert_eq!(lines[3], "> Host: example.org");
    // no_proxy bypasses it, as in fetch.
    let (_, lines) = plan_with_env(
        &[proxy[0], ("no_proxy", "example.org")],
        &["http://example.org/x"],
    );
    assert_eq!(lines[..2], ["# route direct", "connect example.org:80"]);
    // A refusal of the safety policy stands on any route.
    let (code, lines) = plan_with_env(&proxy, &["http://evil.com#@[::1]/"]);
    assert_eq!((code, lines.len()), (1, 0));
    // --gateway, its password and the URL's kept out of the plan.
    let (code, lines) = plan_with_env(
        &[],
        &[
            "--gateway",
            "ftp=http://gu:gpw@gw.example:3128",
            "ftp://u:secret@h/x",
        ],
    );
    assert_eq!(code, 0, "{lines:?}");
    assert_eq!(lines[0], "# route gateway gw.example:3128 (--gateway ftp)");
    assert_eq!(lines[1], "connect gw.example:3128");
    assert!(
        lines.iter().any(|l| l == "> GET ftp://u:****@h/x HTTP/1.1"),
        "{lines:?}"
    );
    assert!(
        lines
            .iter()
            .any(|l| l == "> Proxy-Authorization: Basic ****"),
        "{lines:?}"
    );
    assert!(!lines.join("\n").contains("secret"));
}

#[test]
fn parse_format_prints_fields_by_name() {
    let out = uniform(&[
        "parse",
        "--format",
        "{scheme} {host} {port} {details.selector}",
        "gopher://h.dom:7070/7/s%09q",
    ]);
    assert_eq!(
        (out.code, out.text()),
        (0, "gopher h.dom 7070 /s\n"),
        "{out:?}"
    );
    let out = uniform(&["parse", "--format", "{nope}", "ftp://h/a"]);
    assert_eq!(out.code, 1);
    assert!(out.stderr.contains("nope"));
}

#[test]
fn resolve_by_each_rule_set() {
    // RFC 3986 section 5.4 and RFC 1808 section 5 differ on ";x".
    let out = uniform(&["resolve", "http://a/b/c/d;p?q", "../g", "?y", ";x"]);
    assert_eq!(
        (out.code, out.text()),
        (0, "http://a/b/g\nhttp://a/b/c/d;p?y\nhttp://a/b/c/;x\n")
    );
    let out = uniform(&["resolve", "--rules", "rfc1808", "http://a/b/c/d;p?q", ";x"]);
    assert_eq!(out.text(), "http://a/b/c/d;x\n");
    // RFC 1630's rule, not its misprinted example.
    let out = uniform(&[
        "resolve",
        "--rules",
        "rfc1630",
        "magic://a/b/c//d/e/f",
        "/g",
        "//g",
    ]);
    assert_eq!(out.text(), "magic://a/b/c//d/g\nmagic://g\n");
    let out = uniform(&["resolve", "--rules", "rfc9999", "http://a/", "x"]);
    assert_eq!(out.code, 2);
}

#[test]
fn resolve_against_a_base_without_a_hierarchy() {
    // RFC 3986 section 5.2.2: "?y" keeps the base's path; "c" is merged
    // (section 5.2.3) with nothing of the path "a@b", which has no "/".
    let out = uniform(&["resolve", "--rules", "rfc3986", "mailto:a@b?x", "?y", "c"]);
    assert_eq!(
        (out.code, out.text()),
        (0, "mailto:a@b?y\nmailto:c\n"),
        "{out:?}"
    );
    // RFC 2396 section 5 and RFC 1808 section 2.3 refuse, citing
    // themselves; a bare fragment still names the base document.
    for (rules, section) in [
        ("rfc2396", "RFC 2396 section 5"),
        ("rfc1808", "RFC 1808 section 2.3"),
    ] {
        let out = uniform(&["resolve", "--rules", rules, "mailto:a@b?x", "#f", "c"]);
        assert_eq!((out.code, out.text()), (1, "mailto:a@b?x#f\n"), "{out:?}");
        assert!(out.stderr.starts_with("uniform: c: "), "{out:?}");
        assert!(out.stderr.contains(section), "{out:?}");
        assert!(!out.stderr.contains("1738"), "{out:?}");
    }
}

#[test]
fn relativize_round_trips() {
    let out = uniform(&[
        "relativize",
        "http://a/b/c/d",
        "http://a/b/c/e?x",
        "ftp://h/x",
    ]);
    assert_eq!(out.code, 0, "{out:?}");
    let refs: Vec<&str> = out.text().lines().collect();
    assert_eq!(refs[1], "ftp://h/x");
    let back = uniform(&["resolve", "http://a/b/c/d", refs[0]]);
    assert_eq!(back.text(), "http://a/b/c/e?x\n");
}

#[test]
fn extract_finds_wrapped_and_broken_urls() {
    // RFC 1738 appendix: whitespace inside <URL:...> is removed.
    let text = b"Yes, Jim, I found it under <URL:ftp://info.cern.ch/pub/www/doc;\n      type=d> but you can probably pick it up from <URL:ftp://ds.in\n      ternic.net/rfc>.\n";
    let out = uniform_with_stdin(&["extract", "-"], text);
    assert_eq!(
        (out.code, out.text()),
        (
            0,
            "ftp://info.cern.ch/pub/www/doc;type=d\nftp://ds.internic.net/rfc\n"
        ),
        "{out:?}"
    );
    let out = uniform_with_stdin(&["extract", "--json"], b"see http://example.com/a-\nb.\n");
    let v = out.json();
    assert_eq!(v[0]["url"], "http://example.com/a-b");
    assert_eq!(v[0]["ambiguous"], true);
    assert_eq!(v[0]["start"], 4);
    let out = uniform_with_stdin(&["extract"], b"no links at all\n");
    assert_eq!(out.code, 1);
}

#[test]
fn resolve_help_quotes_the_rfc_1630_rule() {
    // RFC 1630, "Partial form": the first run of exactly N slashes with no
    // longer run to its right, not the rightmost run.
    let out = clitest!(0, "resolve", "--help");
    let help = out.text().split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        help.contains(
            "the first occurrence of exactly the same number of consecutive slashes \
             which has no greater number of consecutive slashes anywhere to the right of it"
        ),
        "{help}"
    );
    assert!(!help.contains("rightmost run"), "{help}");
}

#[test]
fn extract_names_a_file_it_cannot_open() {
    let out = clitest!(1, "extract", "/nonexistent/uniform-test");
    assert!(
        out.stderr
            .starts_with("uniform: /nonexistent/uniform-test: "),
        "{out:?}"
    );
}

#[test]
fn decode_warns_of_bad_escapes_and_strict_refuses_them() {
    // RFC 1738 section 2.2: an escape is "%" and two hex digits; RFC 1630
    // example 3 calls the other "%"s illegal.
    let out = clitest!(0, "decode", "a%20b%zz%2");
    assert_eq!(out.text(), "a b%zz%2\n");
    assert!(
        out.stderr
            .starts_with("warning[bad-escape]: '%' at byte 5 "),
        "{out:?}"
    );
    assert!(out.stderr.contains("RFC 1738 section 2.2"), "{out:?}");
    assert!(out.stderr.contains("RFC 1630"), "{out:?}");
    assert!(out.stderr.contains("' at byte 8 "), "{out:?}");
    let out = clitest!(1, "decode", "--strict", "a%20b%zz%2", "ok%41");
    assert_eq!(out.text(), "okA\n");
    assert!(
        out.stderr.starts_with("error[bad-escape]: '%' at byte 5 "),
        "{out:?}"
    );
    assert!(out.stderr.contains("\n  |      ^\n"), "{out:?}");
    let out = clitest!(0, "decode", "%41%42");
    assert_eq!(out.stderr, "");
}

#[test]
fn decode_and_encode_json() {
    let out = clitest!(0, "decode", "--json", "a%20b%zz");
    let v = &out.json()[0];
    assert_eq!(keys(v), ["input", "output", "warnings"]);
    assert_eq!(v["output"], "a b%zz");
    assert_eq!(v["warnings"][0]["offset"], 5);
    assert_eq!(v["warnings"][0]["kind"], "bad-escape");
    let out = clitest!(1, "decode", "--json", "--strict", "a%zz");
    let v = &out.json()[0];
    assert_eq!(v["output"], Value::Null);
    assert_eq!(v["error"]["offset"], 1);
    let out = uniform_with_stdin(&["encode", "--json", "-"], b"a b\nc/d\n");
    assert_eq!(out.code, 0, "{out:?}");
    let v = out.json();
    assert_eq!(v.len(), 2);
    assert_eq!(keys(&v[0]), ["input", "output"]);
    assert_eq!(v[0]["output"], "a%20b");
    assert_eq!(v[1]["output"], "c%2Fd");
}

#[test]
fn equal_draws_the_repairs_and_strict_refuses_them() {
    // RFC 1630, "Encoding reserved characters", example 3: the "%" of the
    // first URL is illegal, so the lenient parse repairs it to "%25".
    let a = "news:12345667123%asdghfh@info.cern.ch";
    let b = "news:12345667123%25asdghfh@info.cern.ch";
    let out = clitest!(0, "equal", "--dialect", "rfc1630", a, b);
    assert_eq!(out.text(), "equal\n");
    assert!(
        out.stderr
            .starts_with("warning[bad-escape]: '%' at byte 16 "),
        "{out:?}"
    );
    let out = clitest!(1, "equal", "--dialect", "rfc1630", "--strict", a, b);
    assert_eq!(out.text(), "");
    assert!(
        out.stderr.starts_with("error[bad-escape]: '%' at byte 16 "),
        "{out:?}"
    );
}

#[test]
fn equal_reads_pairs_from_stdin() {
    // DESIGN.md section 3: "-" reads standard input.
    let out = uniform_with_stdin(
        &["equal", "-"],
        b"http://A/ http://a/\nhttp://a/b\thttp://a/c\n",
    );
    assert_eq!(out.code, 1, "{out:?}");
    assert_eq!(out.text(), "equal\ndifferent\n");
    let out = uniform_with_stdin(&["equal", "-"], b"http://A/  http://a:80/\n");
    assert_eq!(out.code, 0, "{out:?}");
    let out = uniform_with_stdin(&["equal", "-"], b"http://a/\n");
    assert_eq!(out.code, 1, "{out:?}");
    assert!(out.stderr.contains("line 1"), "{out:?}");
    // Each "-" of two is the next line.
    let out = uniform_with_stdin(&["equal", "-", "-"], b"http://A/\nhttp://a/\n");
    assert_eq!(out.code, 0, "{out:?}");
    assert_eq!(out.text(), "equal\n");
    clitest!(2, "equal", "http://a/");
}

#[test]
fn equal_json() {
    let out = uniform_with_stdin(
        &["equal", "--json", "-"],
        b"ftp://u:pw@H/ ftp://u:pw@h:21/\nhttp://a/ http://h:x/\n",
    );
    assert_eq!(out.code, 1, "{out:?}");
    assert!(!out.text().contains("pw"), "{out:?}");
    let v = out.json();
    assert_eq!(
        keys(&v[0]),
        [
            "a",
            "a_error",
            "a_warnings",
            "b",
            "b_error",
            "b_warnings",
            "equal"
        ]
    );
    assert_eq!(v[0]["a"], "ftp://u:****@H/");
    assert_eq!(v[0]["equal"], true);
    assert_eq!(v[1]["equal"], Value::Null);
    assert_eq!(v[1]["b_error"]["kind"], "bad-port");
}

#[test]
fn extract_finds_hosts_with_underscores_and_checks_them_by_the_dialect() {
    // RFC 3986 section 3.2.2 lets "_" stand in a reg-name; RFC 1738's
    // hostname (section 3.1, domainlabel in section 5) does not.
    let text = b"see http://a_b.example.com/x, www.foo_bar.com and http://_dmarc.example.org.\n";
    let out = uniform_with_stdin(&["extract", "-"], text);
    // Standard output stays one URL a line; the dialect speaks on stderr.
    assert_eq!(
        (out.code, out.text()),
        (0, "http://a_b.example.com/x\nhttp://_dmarc.example.org\n"),
        "{out:?}"
    );
    assert!(out.stderr.contains("breaking RFC 1738: 2"), "{out:?}");
    let out = uniform_with_stdin(&["extract", "-", "--dialect", "rfc3986"], text);
    assert_eq!(
        out.text(),
        "http://a_b.example.com/x\nhttp://_dmarc.example.org\n"
    );
    assert_eq!(out.stderr, "", "{out:?}");

    let out = uniform_with_stdin(&["extract", "--json"], text);
    let v = out.json();
    assert_eq!(v.len(), 2, "{out:?}");
    let w = &v[0]["warnings"];
    assert_eq!(w.as_array().map(Vec::len), Some(1), "{w}");
    assert_eq!(w[0]["kind"], "bad-host");
    // The offset counts the bytes of "url": the "_" of a_b.
    assert_eq!(w[0]["offset"], 8);
    assert!(
        w[0]["message"]
            .as_str()
            .unwrap()
            .contains("RFC 1738 section 3.1"),
        "{w}"
    );
    assert_eq!(v[0].get("error"), None);
    for (dialect, kinds) in [
        ("rfc1738", [vec!["bad-host"], vec!["bad-host"]]),
        ("rfc1630", [vec![], vec!["bad-host"]]),
        ("rfc3986", [vec![], vec![]]),
    ] {
        let out = uniform_with_stdin(&["extract", "--json", "--dialect", dialect], text);
        let got: Vec<Vec<String>> = out
            .json()
            .iter()
            .map(|o| {
                o["warnings"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|w| w["kind"].as_str().unwrap().to_string())
                    .collect()
            })
            .collect();
        assert_eq!(got, kinds, "{dialect}: {out:?}");
    }
}

#[test]
fn extract_json_gives_a_port_past_65535_as_each_dialect_says() {
    // Extraction takes any port of digits. The grammars do too: RFC 1738
    // and RFC 1630 break on TCP's range, RFC 3986 only advises.
    let out = uniform_with_stdin(
        &["extract", "--json", "--dialect", "rfc3986"],
        b"at http://h.example:99999/ and http://h.example:80/\n",
    );
    let v = out.json();
    assert_eq!(v.len(), 2, "{out:?}");
    assert_eq!(v[0].get("error"), None);
    assert_eq!(v[0]["warnings"][0]["kind"], "port-range");
    // The port's first digit, after "http://h.example:".
    assert_eq!(v[0]["warnings"][0]["offset"], 17);
    assert_eq!(v[1]["warnings"], serde_json::json!([]));
    let out = uniform_with_stdin(
        &["extract", "-", "--dialect", "rfc3986"],
        b"http://h.example:99999/\n",
    );
    assert_eq!(out.text(), "http://h.example:99999/\n");
    assert!(out.stderr.is_empty(), "advice breaks nothing: {out:?}");
    let out = uniform_with_stdin(&["extract", "-"], b"http://h.example:99999/\n");
    assert!(out.stderr.contains("breaking RFC 1738: 1"), "{out:?}");
}

#[test]
fn extract_help_tells_the_dialect_and_the_underscore() {
    let out = clitest!(0, "extract", "--help");
    let help = out.text().split_whitespace().collect::<Vec<_>>().join(" ");
    for needle in [
        "--dialect <DIALECT>",
        "rfc1630: RFC 1630",
        "rfc3986: RFC 3986",
        "[default: rfc1738]",
        "{url, start, end, wrapped, ambiguous, text, kind, warnings}",
        "www.foo_bar.com and test_utils.py are not",
    ] {
        assert!(help.contains(needle), "{needle}: {help}");
    }
}

#[test]
fn extract_prints_absolute_urls() {
    // DESIGN.md section 3: "One URL a line"; a host name is no URL until
    // its scheme is put before it.
    let text = b"see www.example.com/x, joe@example.com, //host.example.com/x";
    let out = uniform_with_stdin(&["extract", "-", "--fuzzy"], text);
    assert_eq!(out.code, 0, "{out:?}");
    assert_eq!(
        out.text(),
        "http://www.example.com/x\nmailto:joe@example.com\nhttp://host.example.com/x\n"
    );
    let out = uniform_with_stdin(&["extract", "-", "--json", "--fuzzy"], text);
    let v = out.json();
    assert_eq!(
        keys(&v[0]),
        [
            "ambiguous",
            "end",
            "kind",
            "start",
            "text",
            "url",
            "warnings",
            "wrapped"
        ]
    );
    assert_eq!(v[0]["url"], "http://www.example.com/x");
    assert_eq!(v[0]["text"], "www.example.com/x");
    assert_eq!(v[0]["kind"], "host");
    assert_eq!(v[1]["kind"], "email");
    assert_eq!(v[2]["kind"], "network-path");
    assert_eq!(v[2]["text"], "//host.example.com/x");
}

#[test]
fn nntp_article_numbers_of_any_size_are_json_numbers() {
    // RFC 1738 section 5: an article number is digits, with no limit;
    // neither has a JSON number (RFC 8259 section 6).
    let out = clitest!(
        0,
        "parse",
        "--json",
        "nntp://h/g/123456789012345678901234567890"
    );
    assert!(
        out.text()
            .contains("\"article\":123456789012345678901234567890,"),
        "{out:?}"
    );
    let out = clitest!(0, "parse", "--json", "nntp://h/g/42");
    assert_eq!(out.json()[0]["details"]["article"], 42);
}

#[test]
fn schemes_prints_the_table() {
    let out = clitest!(0, "schemes");
    let lines: Vec<&str> = out.text().lines().collect();
    assert_eq!(lines[0], "name        port  protocol  fetch  rfcs");
    assert_eq!(
        lines[1],
        "ftp         21    ftp       yes    RFC 1738 section 3.2; RFC 1630, FTP"
    );
    assert!(
        lines
            .contains(&"mailto      -     smtp      yes    RFC 1738 section 3.5; RFC 1630, Mailto"),
        "{out:?}"
    );
    assert!(
        lines.contains(&"rlogin      513   rlogin    no     RFC 1630, Telnet, rlogin, tn3270"),
        "{out:?}"
    );
    assert!(out.stderr.is_empty(), "{out:?}");
}

#[test]
fn schemes_json_is_one_object_per_scheme() {
    let out = clitest!(0, "schemes", "--json");
    let v = out.json();
    assert_eq!(v.len(), 22, "{out:?}");
    let special: Vec<&str> = v
        .iter()
        .filter(|o| o["special"] == true)
        .map(|o| o["name"].as_str().unwrap())
        .collect();
    assert_eq!(special, ["ftp", "http", "https", "file", "ws", "wss"]);
    let names: Vec<&str> = v.iter().map(|o| o["name"].as_str().unwrap()).collect();
    assert_eq!(&names[..4], ["ftp", "http", "https", "gopher"]);
    for o in &v {
        let keys: Vec<&str> = o.as_object().unwrap().keys().map(String::as_str).collect();
        for k in [
            "name",
            "rfcs",
            "default_port",
            "protocol",
            "fetch",
            "syntax",
            "hierarchical",
        ] {
            assert!(keys.contains(&k), "{k} in {o}");
        }
        assert!(o["rfcs"].as_array().is_some_and(|a| !a.is_empty()), "{o}");
        assert!(o["fetch"].is_boolean(), "{o}");
        // Fetching needs a protocol.
        assert!(o["fetch"] == false || o["protocol"].is_string(), "{o}");
    }
    let gopher = &v[3];
    assert_eq!(gopher["default_port"], 70);
    assert_eq!(gopher["protocol"], "gopher");
    assert_eq!(gopher["syntax"], "internet");
    let urn = v.iter().find(|o| o["name"] == "urn").unwrap();
    assert_eq!(urn["default_port"], Value::Null);
    assert_eq!(urn["protocol"], Value::Null);
    assert_eq!(urn["fetch"], false);
    assert_eq!(urn["hierarchical"], false);
    assert_eq!(urn["rfcs"], serde_json::json!(["RFC 1630, URN"]));
    assert_eq!(urn["link_check"], Value::Null);
    assert_eq!(urn["in_text"], true);
    // What each scheme does, beside its syntax.
    let by = |n: &str| v.iter().find(|o| o["name"] == n).unwrap().clone();
    let column = |key: &str, yes: bool| -> Vec<String> {
        v.iter()
            .filter(|o| o[key] == yes)
            .map(|o| o["name"].as_str().unwrap().to_string())
            .collect()
    };
    assert_eq!(column("tls", true), ["https", "wss"]);
    assert_eq!(
        column("path_fields", true),
        ["gopher", "nntp", "wais", "prospero"]
    );
    assert_eq!(column("head", true), ["ftp", "http", "https"]);
    assert_eq!(
        column("in_text", false),
        ["afs", "nfs", "mailserver", "z39.50"]
    );
    assert_eq!(
        column("netrc", true),
        ["ftp", "http", "https", "news", "nntp", "telnet"]
    );
    assert_eq!(by("ftp")["proxy_variable"], "ftp_proxy");
    assert_eq!(by("telnet")["proxy_variable"], Value::Null);
    assert_eq!(by("https")["link_check"], "head");
    assert_eq!(by("news")["link_check"], "fetch");
    assert_eq!(by("rlogin")["link_check"], "connect");
    assert_eq!(by("mailto")["link_check"], "mail");
}

#[test]
fn mid_cid_urn_details() {
    let out = clitest!(0, "parse", "--json", "mid:960830.1639@XIson.com");
    let d = &out.json()[0]["details"];
    assert_eq!(d["kind"], "mid", "{out:?}");
    assert_eq!(d["message_id"], "960830.1639@XIson.com");
    let out = clitest!(0, "parse", "--json", "cid:part%201@h");
    let d = &out.json()[0]["details"];
    assert_eq!(
        (&d["kind"], &d["content_id"]),
        (&"cid".into(), &"part 1@h".into())
    );
    let out = clitest!(0, "parse", "--json", "urn:isbn:0451450523");
    let d = &out.json()[0]["details"];
    assert_eq!(d["kind"], "urn", "{out:?}");
    assert_eq!(d["namespace"], "isbn");
    assert_eq!(d["specific_string"], "0451450523");
    assert_eq!(d["scheme_specific_part"], "isbn:0451450523");
    // Strict RFC 1630 checks a mid's addr-spec and points at the fault.
    let out = clitest!(
        1,
        "parse",
        "--json",
        "--strict",
        "--dialect",
        "rfc1630",
        "mid:a..b@h"
    );
    let v = &out.json()[0];
    assert_eq!(v["error"]["offset"], 6, "{out:?}");
    assert!(
        v["error"]["message"]
            .as_str()
            .unwrap()
            .contains("addr-spec"),
        "{out:?}"
    );
    // Under RFC 3986 a URN's namespace identifier is checked by RFC 8141,
    // as advice: the URI is valid, with the warning.
    let out = clitest!(0, "check", "--dialect", "rfc3986", "urn:a_b:x");
    assert!(
        out.text().contains("(rule NID, RFC 8141 section 2)")
            || out.stderr.contains("(rule NID, RFC 8141 section 2)"),
        "{out:?}"
    );
}

// IDNA (issue 16): the host stays as written; its ASCII form goes onto the
// wire and into the canonical form.

#[test]
fn parse_json_gives_the_ascii_and_unicode_host() {
    let v = parse_json("http://B\u{fc}cher.example/");
    assert_eq!(v["host"], "B\u{fc}cher.example");
    assert_eq!(v["host_ascii"], "xn--bcher-kva.example");
    assert_eq!(v["host_unicode"], "b\u{fc}cher.example");
    let v = parse_json("http://XN--BCHER-KVA.example/");
    assert_eq!(v["host_ascii"], "xn--bcher-kva.example");
    assert_eq!(v["host_unicode"], "b\u{fc}cher.example");
    // RFC 3986 reg-names carry UTF-8 percent-encoded.
    let out = clitest!(
        0,
        "parse",
        "--json",
        "--dialect",
        "rfc3986",
        "http://b%C3%BCcher.example/"
    );
    assert_eq!(out.json()[0]["host_ascii"], "xn--bcher-kva.example");
    // No name, no forms.
    for url in ["http://10.0.0.1/", "file:///etc/motd", "news:*"] {
        let v = parse_json(url);
        assert_eq!(v["host_ascii"], Value::Null, "{url}");
        assert_eq!(v["host_unicode"], Value::Null, "{url}");
    }
    let v = parse_json("http://Info.CERN.ch/");
    assert_eq!(v["host_ascii"], "info.cern.ch");
}

#[test]
fn an_invalid_label_is_a_warning_or_the_error_at_its_offset() {
    let v = parse_json("http://ok.xn--a.example/");
    assert_eq!(v["valid"], true);
    assert_eq!(v["host_ascii"], Value::Null);
    let w = &v["warnings"][0];
    assert_eq!(
        (w["kind"].as_str(), w["offset"].as_u64()),
        (Some("bad-idna"), Some(10))
    );
    assert!(w["message"].as_str().unwrap().contains("UTS 46"), "{w}");
    let out = clitest!(1, "parse", "--json", "--strict", "http://ok.xn--a.example/");
    let e = &out.json()[0]["error"];
    assert_eq!(
        (e["kind"].as_str(), e["offset"].as_u64()),
        (Some("bad-idna"), Some(10))
    );
}

#[test]
fn a_label_mixing_latin_and_cyrillic_is_a_warning() {
    // "p\u{430}ypal": the second letter is CYRILLIC SMALL LETTER A.
    let out = clitest!(
        0,
        "parse",
        "--json",
        "--strict",
        "--dialect",
        "rfc3986",
        "http://www.p%D0%B0ypal.com/"
    );
    let v = &out.json()[0];
    let kinds: Vec<_> = v["warnings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| (w["kind"].as_str().unwrap(), w["offset"].as_u64().unwrap()))
        .collect();
    assert_eq!(kinds, [("mixed-script", 11)]);
    assert_eq!(v["host_ascii"], "www.xn--pypal-4ve.com");
    let v = parse_json("http://b\u{fc}cher.example/");
    assert!(
        v["warnings"]
            .as_array()
            .unwrap()
            .iter()
            .all(|w| w["kind"] != "mixed-script"),
        "{v}"
    );
}

#[test]
fn plan_connects_to_the_ascii_host() {
    let out = clitest!(0, "plan", "http://b\u{fc}cher.example:8080/x");
    let text = out.text();
    assert!(
        text.starts_with("# route direct\nconnect xn--bcher-kva.example:8080\n"),
        "{text}"
    );
    assert!(
        text.contains("> Host: xn--bcher-kva.example:8080\n"),
        "{text}"
    );
    let out = clitest!(1, "plan", "http://ok.xn--a.example/");
    assert!(out.stderr.contains("bad-idna"), "{}", out.stderr);
    assert!(out.stdout.is_empty());
}

#[test]
fn plan_decodes_an_rfc3986_reg_name_before_it_connects() {
    // RFC 3986 section 3.2.2: a reg-name's escapes are UTF-8 octets; the
    // decoded name goes out in its UTS 46 ASCII form.
    for (url, host) in [
        ("http://b%C3%BCcher.example/", "xn--bcher-kva.example"),
        ("http://ex%61mple.com/", "example.com"),
        ("ftp://B%C3%9Ccher.example/f", "xn--bcher-kva.example"),
    ] {
        let out = clitest!(0, "plan", "--dialect", "rfc3986", url);
        let text = out.text();
        assert!(
            text.starts_with(&format!("# route direct\nconnect {host}:")),
            "{url}: {text}"
        );
    }
    // A decoded separator would name another host: refused, the same in
    // plan and fetch (crates/cli/tests/agree.rs).
    for url in [
        "http://a%2Fb.example/",
        "http://a%40b.example/",
        "http://a%3A80/",
        "http://a%00b/",
    ] {
        let out = clitest!(1, "plan", "--dialect", "rfc3986", url);
        assert!(
            out.stderr.contains("authority-confusion"),
            "{url}: {}",
            out.stderr
        );
        assert!(out.stdout.is_empty(), "{url}");
    }
    // RFC 1738 has no escape in a host at all.
    let out = clitest!(1, "plan", "http://ex%61mple.com/");
    assert!(out.stderr.contains("no escape in a host"), "{}", out.stderr);
}

#[test]
fn normalize_and_equal_use_the_ascii_host() {
    let out = clitest!(0, "normalize", "http://B\u{fc}cher.Example/a");
    assert_eq!(out.text(), "http://xn--bcher-kva.example/a\n");
    clitest!(
        0,
        "equal",
        "http://b\u{fc}cher.example/",
        "http://XN--bcher-kva.example/"
    );
    clitest!(
        1,
        "equal",
        "http://b\u{fc}cher.example/",
        "http://bucher.example/"
    );
}
