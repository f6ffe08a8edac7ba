//! `uniform edit`: each option, the order of the edits, refusals, exit
//! status and password masking, run as a user runs the binary.

use serde_json::Value;
use std::io::Write;
use std::process::{Command, Stdio};

struct Output {
    code: i32,
    stdout: String,
    stderr: String,
}

fn run(args: &[&str], stdin: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_uniform"))
        .arg("edit")
        .args(args)
        // The user's configuration and environment must not change the
        // defaults under test.
        .env("XDG_CONFIG_HOME", "/nonexistent/uniform-edit-test")
        .env_remove("UNIFORM_DIALECT")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    child.stdin.take().unwrap().write_all(stdin).unwrap();
    let out = child.wait_with_output().unwrap();
    Output {
        code: out.status.code().expect("exited"),
        stdout: String::from_utf8(out.stdout).unwrap(),
        stderr: String::from_utf8(out.stderr).unwrap(),
    }
}

/// The one line a successful run printed.
fn line(args: &[&str]) -> String {
    let o = run(args, b"");
    assert_eq!(o.code, 0, "{args:?}: {}", o.stderr);
    assert_eq!(o.stdout.lines().count(), 1, "{args:?}: {}", o.stdout);
    o.stdout.trim_end_matches('\n').to_string()
}

#[test]
fn set_encodes_and_colon_set_keeps() {
    assert_eq!(
        line(&[
            "http://h/x",
            "--set",
            "host=www.w3.org",
            "--set",
            "port=8080"
        ]),
        "http://www.w3.org:8080/x"
    );
    assert_eq!(
        line(&["https://curl.se/hello", "--set", "query=user=me"]),
        "https://curl.se/hello?user%3Dme"
    );
    assert_eq!(
        line(&["https://curl.se/hello", "--set", "query:=user=me"]),
        "https://curl.se/hello?user=me"
    );
    assert_eq!(
        line(&["https://curl.se/hello", "--set", "fragment= hello"]),
        "https://curl.se/hello#%20hello"
    );
    assert_eq!(
        line(&["https://curl.se/hello", "--set", "fragment:=%20hello"]),
        "https://curl.se/hello#%20hello"
    );
    assert_eq!(
        line(&["ftp://h/", "-s", "user=:hej:"]),
        "ftp://%3Ahej%3A@h/"
    );
    assert_eq!(
        line(&["http://h/a", "--set", "path=/c d"]),
        "http://h/c%20d"
    );
    assert_eq!(
        line(&["http://h/a", "--set", "scheme=https"]),
        "https://h/a"
    );
}

#[test]
fn empty_value_removes() {
    assert_eq!(
        line(&["ftp://daniel@h:22/", "-s", "port=", "-s", "user="]),
        "ftp://h/"
    );
    assert_eq!(
        line(&["http://h/p?q#f", "-s", "query=", "-s", "fragment="]),
        "http://h/p"
    );
}

#[test]
fn append_path_and_query() {
    assert_eq!(
        line(&["http://h/a/", "--append", "path=c d"]),
        "http://h/a/c%20d"
    );
    assert_eq!(
        line(&["https://curl.se/hello", "-a", "path=you"]),
        "https://curl.se/hello/you"
    );
    assert_eq!(
        line(&["http://h/?name=hello", "--append", "query=search=a b&c"]),
        "http://h/?name=hello&search=a+b%26c"
    );
    assert_eq!(
        line(&["http://h/", "--append", "query=flag"]),
        "http://h/?flag"
    );
}

#[test]
fn qtrim_and_sort() {
    let u = "http://example.com/?search=hello&utm_source=tracker&more=data";
    assert_eq!(
        line(&[u, "--qtrim", "utm_*"]),
        "http://example.com/?search=hello&more=data"
    );
    assert_eq!(
        line(&[
            u,
            "--qtrim",
            "utm_source",
            "--qtrim",
            "more",
            "--qtrim",
            "search"
        ]),
        "http://example.com/"
    );
    assert_eq!(
        line(&[u, "--sort-query"]),
        "http://example.com/?more=data&search=hello&utm_source=tracker"
    );
    // The edits run in a fixed order: trim after append.
    assert_eq!(
        line(&[
            "http://h/?search=hello",
            "--qtrim",
            "search",
            "--append",
            "query=moo"
        ]),
        "http://h/?moo"
    );
}

#[test]
fn redirect_resolves_against_the_url() {
    assert_eq!(
        line(&["https://curl.se/we/are.html", "--redirect", "here.html"]),
        "https://curl.se/we/here.html"
    );
    assert_eq!(
        line(&[
            "http://a/b/c/d;p?q",
            "--redirect",
            "../g",
            "--set",
            "port=81"
        ]),
        "http://a:81/b/g"
    );
}

#[test]
fn get_prints_parts() {
    let u = "ftp://us%20er@h.dom/%2Fetc/motd";
    assert_eq!(
        line(&[u, "--get", "{host}:{port}|{default:port}"]),
        "h.dom:|21"
    );
    assert_eq!(
        line(&[u, "--get", "{user}|{:user}|{path}|{:path}"]),
        "us er|us%20er|//etc/motd|/%2Fetc/motd"
    );
    let q = "http://h/?utm_source=tra%20cker&x";
    assert_eq!(
        line(&[
            q,
            "-g",
            "{query:utm_source}|{:query:utm_source}|{query:none}"
        ]),
        "tra cker|tra%20cker|"
    );
    assert_eq!(line(&[q, "-g", "{{{scheme}}}"]), "{http}");
    let o = run(&["http://h/", "--get", "{nope}"], b"");
    assert_eq!(o.code, 2);
    assert!(o.stderr.contains("nope"), "{}", o.stderr);
}

#[test]
fn idn_hosts_are_set_and_shown_in_both_forms() {
    // A Unicode name is written in its UTS 46 ASCII form, in every dialect.
    for dialect in ["rfc1738", "rfc1630", "rfc3986"] {
        assert_eq!(
            line(&[
                "http://a/x",
                "--dialect",
                dialect,
                "--set",
                "host=B\u{fc}cher.example"
            ]),
            "http://xn--bcher-kva.example/x",
            "{dialect}"
        );
    }
    let o = run(&["http://a/", "--set", "host=a\u{200d}.example"], b"");
    assert_eq!(o.code, 1);
    assert!(
        o.stderr.contains("UTS 46") && o.stderr.contains("host"),
        "{}",
        o.stderr
    );
    assert!(o.stdout.is_empty());
    // trurl's {puny:host} and {idn:host}.
    let get = "{host}|{puny:host}|{idn:host}";
    assert_eq!(
        line(&["http://xn--bcher-kva.example/", "--get", get]),
        "xn--bcher-kva.example|xn--bcher-kva.example|b\u{fc}cher.example"
    );
    assert_eq!(
        line(&["http://b\u{fc}cher.example/", "--get", get]),
        "b\u{fc}cher.example|xn--bcher-kva.example|b\u{fc}cher.example"
    );
    // No name UTS 46 takes, no other form.
    assert_eq!(
        line(&["http://ok.xn--a.example/", "--get", get]),
        "ok.xn--a.example|ok.xn--a.example|ok.xn--a.example"
    );
    assert_eq!(
        line(&["http://10.0.0.1/", "--get", get]),
        "10.0.0.1|10.0.0.1|10.0.0.1"
    );
}

#[test]
fn json_object_per_url() {
    let o = run(
        &["http://u@h:8080/a%20b?x=1+2&y#f", "ftp://h/", "--json"],
        b"",
    );
    assert_eq!(o.code, 0, "{}", o.stderr);
    let v: Vec<Value> = o
        .stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(v.len(), 2);
    // trurl's object: the parts present, decoded, the port a string, the
    // path with its "/"; params with a query only.
    assert_eq!(v[0]["url"], "http://u@h:8080/a%20b?x=1+2&y#f");
    assert_eq!(
        v[0]["parts"],
        serde_json::json!({"scheme": "http", "user": "u", "host": "h", "port": "8080",
            "path": "/a b", "query": "x=1+2&y", "fragment": "f"})
    );
    assert_eq!(
        v[0]["params"],
        serde_json::json!([{"key": "x", "value": "1 2"}, {"key": "y", "value": ""}])
    );
    assert_eq!(
        v[1],
        serde_json::json!({"url": "ftp://h/", "parts": {"scheme": "ftp", "host": "h", "path": "/"}})
    );
    // --urlencode: the parts as written.
    let o = run(&["http://h/a%20b?q=%41", "--json", "--urlencode"], b"");
    let v: Value = serde_json::from_str(o.stdout.trim_end()).unwrap();
    assert_eq!(
        v["parts"],
        serde_json::json!({"scheme": "http", "host": "h", "path": "/a%20b", "query": "q=%41"})
    );
    assert_eq!(v["params"], serde_json::json!([{"key": "q", "value": "A"}]));
}

#[test]
fn passwords_are_masked_unless_shown() {
    let u = "ftp://u:secret@h/";
    let masked = [
        line(&[u, "--set", "port=2121"]),
        line(&[u, "--get", "{password}|{:password}|{url}"]),
        run(&[u, "--json"], b"").stdout,
        run(&[u, "--set", "query=x"], b"").stderr,
        line(&[u, "--set", "password=other"]),
    ];
    for m in &masked {
        assert!(!m.contains("secret") && !m.contains("other"), "{m}");
        assert!(m.contains("****"), "{m}");
    }
    assert_eq!(
        line(&[u, "--get", "{password}", "--show-password"]),
        "secret"
    );
    assert_eq!(
        line(&[u, "--set", "password=p w", "--show-password"]),
        "ftp://u:p%20w@h/"
    );
    // An empty password is no secret.
    assert_eq!(line(&["ftp://u:@h/", "--get", "[{password}]"]), "[]");
}

#[test]
fn refused_edits_name_the_url_and_part() {
    let o = run(
        &["mailto:info@cern.ch", "http://h/", "--set", "port=25"],
        b"",
    );
    assert_eq!(o.code, 1);
    assert_eq!(o.stdout, "http://h:25/\n");
    assert!(
        o.stderr.contains("mailto:info@cern.ch") && o.stderr.contains("port"),
        "{}",
        o.stderr
    );
    let o = run(&["ftp://h/", "--set", "query=x"], b"");
    assert_eq!(o.code, 1);
    assert!(o.stderr.contains("search part"), "{}", o.stderr);
    let o = run(
        &["ftp://h/", "--dialect", "rfc3986", "--set", "query=x"],
        b"",
    );
    assert_eq!((o.code, o.stdout.as_str()), (0, "ftp://h/?x\n"));
    let o = run(&["http://h/", "--set", "host=a b"], b"");
    assert_eq!(o.code, 1);
    assert!(o.stderr.contains("host"), "{}", o.stderr);
}

#[test]
fn usage_errors_exit_2() {
    for args in [
        &["http://h/", "--set", "nope=1"][..],
        &["http://h/", "--set", "port=x"],
        &["http://h/", "--set", "host"],
        &["http://h/", "--append", "fragment=x"],
        &["http://h/", "--get", "{x}", "--json"],
        &["http://h/", "--set", "port=1", "--set", "port=2"],
        &["http://h/", "--iterate", "port=1 2", "--iterate", "port=3"],
        &["http://h/", "--iterate", "host=a b", "--set", "host=c"],
        &["http://h/", "--trim", "path=x"],
        &["http://h/", "--replace", ""],
        &["--set", "scheme=http"],
        &[],
    ] {
        let o = run(args, b"");
        assert_eq!(o.code, 2, "{args:?}: {}", o.stderr);
        assert!(o.stdout.is_empty());
    }
}

#[test]
fn stdin_one_url_a_line() {
    let o = run(
        &["-", "--append", "path=y"],
        b"http://a/\nhttp://b/x\nnot a url\r\nhttp://c\n",
    );
    assert_eq!(o.code, 1);
    assert_eq!(o.stdout, "http://a/y\nhttp://b/x/y\nhttp://c/y\n");
    assert!(o.stderr.contains("not a url"), "{}", o.stderr);
}

#[test]
fn url_sources_and_urls_from_parts() {
    let dir = std::env::temp_dir().join(format!("uniform-edit-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("urls.txt");
    std::fs::write(&file, "\u{feff}http://f/1\nhttp://f/2\n").unwrap();
    let f = file.to_str().unwrap();
    // --url-file first, then --url and the arguments.
    let o = run(&["--url-file", f, "--url", "http://u/", "http://a/"], b"");
    assert_eq!(o.code, 0, "{}", o.stderr);
    assert_eq!(o.stdout, "http://f/1\nhttp://f/2\nhttp://u/\nhttp://a/\n");
    let o = run(&["-f", "-"], b"http://s/\n");
    assert_eq!(o.stdout, "http://s/\n");
    let o = run(&["-f", "/nonexistent/uniform-urls"], b"");
    assert_eq!(o.code, 2);
    std::fs::remove_dir_all(&dir).unwrap();
    // No URL: one made of the scheme and host set.
    assert_eq!(
        line(&[
            "--set",
            "host=moo",
            "--set",
            "scheme=https",
            "--set",
            "port=999"
        ]),
        "https://moo:999"
    );
}

#[test]
fn iterate_gives_every_combination() {
    let o = run(
        &[
            "https://curl.se/",
            "--iterate",
            "port=81 443",
            "--iterate",
            "scheme=sftp moo",
        ],
        b"",
    );
    assert_eq!(o.code, 0, "{}", o.stderr);
    assert_eq!(
        o.stdout,
        "sftp://curl.se:81/\nmoo://curl.se:81/\nsftp://curl.se:443/\nmoo://curl.se:443/\n"
    );
}

#[test]
fn replace_trim_and_their_order() {
    assert_eq!(
        line(&[
            "https://example.com/?a=123&b=321&b=987",
            "--replace",
            "b=f o"
        ]),
        "https://example.com/?a=123&b=f+o"
    );
    assert_eq!(line(&["http://t/?k=v", "--replace", "k"]), "http://t/?k");
    assert_eq!(line(&["http://t/?x", "--replace", "k=v"]), "http://t/?x");
    assert_eq!(
        line(&["http://t/?x", "--replace-append", "k=v"]),
        "http://t/?x&k=v"
    );
    // The URL's pairs are trimmed before the new ones are appended.
    assert_eq!(
        line(&[
            "https://example.org/foo?a=hi&b=hello",
            "--qtrim",
            "a",
            "-a",
            "query=a=ciao"
        ]),
        "https://example.org/foo?b=hello&a=ciao"
    );
    assert_eq!(
        line(&["http://h/?utm_x=1&y=2", "--trim", "query=utm_*"]),
        "http://h/?y=2"
    );
    // A trailing \\* is a literal star.
    assert_eq!(
        line(&["http://h/?*=1&ab=2", "--qtrim", "\\*"]),
        "http://h/?ab=2"
    );
}

#[test]
fn set_if_absent_and_guessed_schemes() {
    assert_eq!(line(&["http://h:88/", "--set", "port?=99"]), "http://h:88/");
    assert_eq!(line(&["http://h/", "--set", "port?=99"]), "http://h:99/");
    // Guessing is asked for; a guessed scheme counts as absent.
    assert_eq!(
        line(&["example.com", "--guess-scheme"]),
        "http://example.com"
    );
    assert_eq!(
        line(&["ftp.example.com/x", "--guess-scheme"]),
        "ftp://ftp.example.com/x"
    );
    assert_eq!(
        line(&["example.com", "--guess-scheme", "--set", "scheme?=https"]),
        "https://example.com"
    );
    assert_eq!(line(&["mailto:a@b.c", "--guess-scheme"]), "mailto:a@b.c");
    let o = run(&["example.com", "--guess-scheme", "--no-guess-scheme"], b"");
    assert_eq!(o.code, 1);
}

#[test]
fn output_forms() {
    assert_eq!(
        line(&["http://xn--rksmrgs-5wao1o/", "--as-idn"]),
        "http://r\u{e4}ksm\u{f6}rg\u{e5}s/"
    );
    assert_eq!(
        line(&["http://\u{e5}\u{e4}\u{f6}/", "--punycode", "-s", "port=21"]),
        "http://xn--4cab6c:21/"
    );
    assert_eq!(line(&["gopher://h/", "--default-port"]), "gopher://h:70/");
    let o = run(
        &["http://h/a%20b?q=x%41", "-g", "{path}\\t{:path}\\n{query}"],
        b"",
    );
    assert_eq!(o.stdout, "/a b\t/a%20b\nq=xA\n");
    assert_eq!(
        line(&["http://h/a%20b", "--urlencode", "-g", "{path}"]),
        "/a%20b"
    );
    assert_eq!(
        line(&[
            "https://h/?a=1&b=%23&a=%26",
            "-g",
            "{query-all:a}|{:query-all:a}"
        ]),
        "1 &|1 %26"
    );
    assert_eq!(
        line(&[
            "https://r\u{e4}ksm\u{f6}rg\u{e5}s.se",
            "-g",
            "{default:puny:url}|{url:host}"
        ]),
        "https://xn--rksmrgs-5wao1o.se:443|r\u{e4}ksm\u{f6}rg\u{e5}s.se"
    );
    let o = run(&["https://h/", "-g", "{must:query}"], b"");
    assert_eq!(o.code, 1);
    assert!(o.stderr.contains("must:query"), "{}", o.stderr);
    assert_eq!(line(&["https://h/?", "-g", "[{must:query}]"]), "[]");
    assert_eq!(
        line(&["--accept-space", "--url", "gopher://h/ a?b c#d e"]),
        "gopher://h/%20a?b+c#d%20e"
    );
}

#[test]
fn verify_stops_and_quiet_is_silent() {
    let input = b"http://a/\nnot a url\nhttp://b/\n";
    let o = run(&["-", "--verify"], input);
    assert_eq!((o.code, o.stdout.as_str()), (1, "http://a/\n"));
    let o = run(&["-", "--quiet"], input);
    assert_eq!((o.code, o.stdout.as_str()), (1, "http://a/\nhttp://b/\n"));
    assert!(o.stderr.is_empty(), "{}", o.stderr);
}
