//! `uniform links` against the real peers (scripts/peers): documents of
//! each format holding good and broken links of every scheme, each link's
//! verdict read from the JSON report; the policy's refusals; `--dump`.

use serde_json::Value;
use std::path::Path;
use std::process::{Command, Output};
use uniform_testkit::{host, peer_up, port, scratch, without_proxies};

fn links(args: &[&str]) -> Output {
    without_proxies(&mut Command::new(env!("CARGO_BIN_EXE_uniform")))
        .arg("links")
        .args(args)
        .output()
        .expect("the binary runs")
}

/// Each URL of the JSON report with its status (`ok`, `broken`,
/// `refused`, `unchecked`), and the link's line and column.
fn verdicts(out: &Output) -> Vec<(String, String, u64, u64)> {
    let v: Value = serde_json::from_slice(&out.stdout)
        .unwrap_or_else(|e| panic!("{e}: {}", String::from_utf8_lossy(&out.stdout)));
    v["links"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| {
            (
                l["url"]
                    .as_str()
                    .unwrap_or(l["text"].as_str().unwrap())
                    .to_string(),
                l["status"].as_str().unwrap().to_string(),
                l["line"].as_u64().unwrap(),
                l["column"].as_u64().unwrap(),
            )
        })
        .collect()
}

fn status_of<'a>(v: &'a [(String, String, u64, u64)], url: &str) -> &'a str {
    v.iter()
        .find(|(u, ..)| u == url)
        .map(|(_, s, ..)| s.as_str())
        .unwrap_or_else(|| panic!("{url} not in {v:?}"))
}

fn write(dir: &Path, name: &str, text: &str) -> String {
    let p = dir.join(name);
    std::fs::write(&p, text).unwrap();
    p.display().to_string()
}

#[test]
fn every_scheme_is_checked_by_its_own_protocol() {
    if !peer_up(&[
        "nginx",
        "vsftpd",
        "gophernicus",
        "pygopherd",
        "innd",
        "telnetd",
        "zebra",
    ]) {
        return;
    }
    let h = host();
    let http = format!("http://{h}:{}", port("UNIFORM_HTTP_PORT"));
    let ftp = format!("ftp://{h}:{}", port("UNIFORM_FTP_PORT"));
    let gopher = format!("gopher://{h}:{}", port("UNIFORM_GOPHER_PORT"));
    // pygopherd answers a missing text item with an error item;
    // gophernicus with prose, which RFC 1436 cannot tell from a text.
    let pygopher = format!("gopher://{h}:{}", port("UNIFORM_GOPHERPLUS_PORT"));
    let nntp = format!("nntp://{h}:{}", port("UNIFORM_NNTP_PORT"));
    let telnet = format!("telnet://{h}:{}/", port("UNIFORM_TELNET_PORT"));
    let wais = format!("wais://{h}:{}", port("UNIFORM_ZEBRA_PORT"));
    let port = uniform_testkit::ClosedPort::new();
    let closed = format!("telnet://{h}:{}/", port.port());
    let dir = scratch("schemes");
    write(&dir, "other.md", "# Other\n");
    let md = write(
        &dir,
        "links.md",
        &format!(
            "# Links\n\
             \n\
             Good: [page]({http}/pub/hello.txt), [ftp]({ftp}/pub/hello.txt), <{ftp}/pub/>,\n\
             [gopher]({gopher}/0/hello.txt), [news]({nntp}/local.test/1), [here](other.md),\n\
             [mail](mailto:someone@localhost), [telnet]({telnet}), [wais]({wais}/Default?protocol).\n\
             \n\
             Broken: [404]({http}/pub/nope.txt), [ftp]({ftp}/pub/nope.txt),\n\
             [gopher]({pygopher}/0/nope.txt), [menu]({gopher}/1/nodir/), [news]({nntp}/local.test/999), [gone](missing.md),\n\
             [mail](mailto:someone@nowhere.invalid), [closed]({closed}), [wais]({wais}/NoSuchDb?x).\n\
             \n\
             Refused: [smtp port](http://{h}:25/x). Not checked: [isbn](urn:isbn:0451450523).\n",
        ),
    );
    let out = links(&["--json", "-v", &md]);
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    let v = verdicts(&out);
    let file = |name: &str| {
        let p = std::fs::canonicalize(&dir).unwrap().join(name);
        format!("file://{}", p.display())
    };
    for good in [
        format!("{http}/pub/hello.txt"),
        format!("{ftp}/pub/hello.txt"),
        format!("{ftp}/pub/"),
        format!("{gopher}/0/hello.txt"),
        format!("{nntp}/local.test/1"),
        file("other.md"),
        "mailto:someone@localhost".to_string(),
        telnet.clone(),
        format!("{wais}/Default?protocol"),
    ] {
        assert_eq!(status_of(&v, &good), "ok", "{good}: {v:?}");
    }
    // The reasons, for a failure's message.
    let why = String::from_utf8_lossy(&out.stdout).into_owned();
    for bad in [
        format!("{http}/pub/nope.txt"),
        format!("{ftp}/pub/nope.txt"),
        format!("{pygopher}/0/nope.txt"),
        format!("{gopher}/1/nodir/"),
        format!("{nntp}/local.test/999"),
        file("missing.md"),
        "mailto:someone@nowhere.invalid".to_string(),
        closed.clone(),
        format!("{wais}/NoSuchDb?x"),
    ] {
        assert_eq!(status_of(&v, &bad), "broken", "{bad}: {why}");
    }
    assert_eq!(
        status_of(&v, &format!("http://{h}:25/x")),
        "refused",
        "{v:?}"
    );
    assert_eq!(status_of(&v, "urn:isbn:0451450523"), "unchecked", "{v:?}");
    // Where each link stands: the page link is on line 3, after "Good: [page](".
    let page = v
        .iter()
        .find(|(u, ..)| u.ends_with("/pub/hello.txt") && u.starts_with("http"))
        .unwrap();
    assert_eq!((page.2, page.3), (3, 14), "{page:?}");
    // The human report names the document and the broken links only.
    let out = links(&[&md]);
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.starts_with(&md), "{text}");
    assert!(text.contains("/pub/nope.txt"), "{text}");
    assert!(!text.contains("/pub/hello.txt"), "{text}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_gopher_text_input_ended_by_the_close_is_read_unless_strict() {
    if !peer_up(&["gophernicus"]) {
        return;
    }
    // gophernicus ends its texts by closing, without RFC 1436's "." line.
    let url = format!(
        "gopher://{}:{}/0/hello.txt",
        host(),
        port("UNIFORM_GOPHER_PORT")
    );
    let out = links(&["--json", &url]);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let strict = links(&["--json", "--gopher-strict", &url]);
    assert_eq!(strict.status.code(), Some(1), "{strict:?}");
    assert!(
        String::from_utf8_lossy(&strict.stderr).contains("--gopher-strict"),
        "{strict:?}"
    );
}

#[test]
fn html_links_resolve_against_the_page_and_a_good_page_exits_0() {
    if !peer_up(&["nginx"]) {
        return;
    }
    let h = host();
    let http = format!("http://{h}:{}", port("UNIFORM_HTTP_PORT"));
    let dir = scratch("html");
    std::fs::create_dir_all(dir.join("img")).unwrap();
    write(&dir, "img/a.png", "png");
    let page = write(
        &dir,
        "index.html",
        &format!(
            "<!doctype html>\n<title>t</title>\n<a href=\"{http}/pub/hello.txt\">x</a>\n\
             <img src=\"img/a.png\" srcset=\"img/a.png 1x, img/a.png 2x\">\n\
             <!-- <a href=\"{http}/commented-out\"> -->\n"
        ),
    );
    let out = links(&["--json", "-v", &page]);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let v = verdicts(&out);
    assert!(v.iter().all(|(_, s, ..)| s == "ok"), "{v:?}");
    assert_eq!(v.len(), 4, "{v:?}");
    assert!(
        !v.iter().any(|(u, ..)| u.contains("commented-out")),
        "{v:?}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn dump_prints_each_plan_and_connects_nowhere() {
    // Hosts that do not exist: a connection would fail, the dump does not.
    let dir = scratch("dump");
    let doc = write(
        &dir,
        "a.txt",
        "See http://nowhere.invalid/a and ftp://nowhere.invalid/pub/x.txt\n\
         and http://nowhere.invalid/a#top again, and <URL:http://nowhere.invalid:25/>.\n",
    );
    let out = links(&["--dump", &doc]);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let text = String::from_utf8_lossy(&out.stdout);
    // One check a distinct URL, its fragment aside.
    assert_eq!(
        text.matches("# http://nowhere.invalid/a\n").count(),
        1,
        "{text}"
    );
    assert!(text.contains("> HEAD /a HTTP/1.1"), "{text}");
    assert!(text.contains("> SIZE x.txt"), "{text}");
    assert!(text.contains("# not checked:"), "{text}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_input_that_cannot_be_read_is_exit_1() {
    let out = links(&["/nonexistent/uniform-links-input"]);
    assert_eq!(out.status.code(), Some(1), "{out:?}");
}

#[test]
fn fragments_are_checked_against_ids_and_heading_anchors() {
    let dir = scratch("fragments");
    write(
        &dir,
        "guide.md",
        "# Getting started\n\n## Install\n\n## Install\n",
    );
    write(
        &dir,
        "page.html",
        "<h1 id=intro>x</h1><a name=\"old\"></a><p id=\"caf\u{e9}\">",
    );
    let doc = write(
        &dir,
        "index.md",
        "[a](guide.md#getting-started) [b](guide.md#install-1) [c](guide.md#nowhere)\n\
         [d](page.html#intro) [e](page.html#old) [f](page.html#caf%C3%A9) [g](page.html#gone)\n\
         [h](#top) [i](#links)\n\n# Links\n",
    );
    let out = links(&["--json", "-v", "--include-fragments", &doc]);
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    let v = verdicts(&out);
    let of = |text: &str| {
        v.iter()
            .find(|(u, ..)| u.ends_with(text))
            .map(|(_, s, ..)| s.as_str())
            .unwrap_or_else(|| panic!("{text}: {v:?}"))
    };
    for good in [
        "#getting-started",
        "#install-1",
        "#intro",
        "#old",
        "#caf%C3%A9",
        "#top",
        "#links",
    ] {
        assert_eq!(of(good), "ok", "{good}: {v:?}");
    }
    for bad in ["#nowhere", "#gone"] {
        assert_eq!(of(bad), "broken", "{bad}: {v:?}");
    }
    // Without the flag, fragments are not looked at.
    let out = links(&["--json", &doc]);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn cached_verdicts_stand_in_for_checks_until_they_are_too_old() {
    use std::io::{BufRead, BufReader, Write};
    // A server that answers one request, then is gone.
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port();
    let server = std::thread::spawn(move || {
        let (s, _) = listener.accept().unwrap();
        let mut r = BufReader::new(s.try_clone().unwrap());
        let mut line = String::new();
        while r.read_line(&mut line).unwrap_or(0) > 0 && line != "\r\n" {
            line.clear();
        }
        let mut w = s;
        w.write_all(b"HTTP/1.1 200 OK\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
            .unwrap();
    });
    let dir = scratch("cache");
    let doc = write(&dir, "a.txt", &format!("http://127.0.0.1:{port}/page\n"));
    let run = |args: &[&str]| {
        without_proxies(&mut Command::new(env!("CARGO_BIN_EXE_uniform")))
            .current_dir(&dir)
            .arg("links")
            .args(args)
            .arg(&doc)
            .output()
            .unwrap()
    };
    let out = run(&["--cache", "--max-retries", "0"]);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    server.join().unwrap();
    let kept = std::fs::read_to_string(dir.join(".uniform-links-cache")).unwrap();
    assert!(
        kept.contains(&format!("\tok\thttp://127.0.0.1:{port}/page\t")),
        "{kept}"
    );
    // The server is gone: the cache answers; without it, the check fails.
    assert_eq!(
        run(&["--cache", "--max-retries", "0"]).status.code(),
        Some(0)
    );
    assert_eq!(run(&["--max-retries", "0"]).status.code(), Some(2));
    // Too old: checked again. The verdict is made two hours old by its
    // time in the file (seconds since 1970, the first field), rather than
    // by waiting: the cache's clock counts whole seconds.
    let cache = dir.join(".uniform-links-cache");
    let aged: String = std::fs::read_to_string(&cache)
        .unwrap()
        .lines()
        .map(|l| {
            let (t, rest) = l.split_once('\t').unwrap();
            format!("{}\t{rest}\n", t.parse::<u64>().unwrap() - 2 * 3600)
        })
        .collect();
    std::fs::write(&cache, aged).unwrap();
    let out = run(&["--cache", "--max-cache-age", "3h", "--max-retries", "0"]);
    assert_eq!(out.status.code(), Some(0), "young enough: {out:?}");
    let out = run(&["--cache", "--max-cache-age", "1h", "--max-retries", "0"]);
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    let _ = std::fs::remove_dir_all(&dir);
}
