//! `uniform links -R` with the options of a flat run: `--include-fragments`
//! (the anchors of the pages the crawl reads, and of those it only
//! checks), `--cache` (the objects' verdicts kept between crawls, the
//! pages read again); and the documents a link's kind names (a feed, a
//! sitemap, a stylesheet's `@import`) read whatever their name.

use std::io::Write;
use uniform_testkit::scratch;

#[path = "support/links.rs"]
mod support;
use support::{
    counting_server, field, file_url, json_links, links, links_in, scripted_server, write,
};

/// (url, status, reason) of each link of a JSON report.
fn verdicts(out: &std::process::Output) -> Vec<(String, String, String)> {
    json_links(out)
        .iter()
        .map(|l| (field(l, "url"), field(l, "status"), field(l, "reason")))
        .collect()
}

fn status_of<'a>(r: &'a [(String, String, String)], tail: &str) -> &'a str {
    &r.iter()
        .find(|(u, ..)| u.ends_with(tail))
        .unwrap_or_else(|| panic!("{tail}: {r:?}"))
        .1
}

#[test]
fn fragments_are_checked_in_the_pages_read_and_in_those_checked() {
    let dir = scratch("crawl-fragments");
    let site = dir.join("site");
    write(
        &site,
        "index.html",
        r##"<a href="a.html#here">1</a> <a href="a.html#nowhere">2</a>
<a href="../out.html#there">3</a> <a href="../out.html#missing">4</a> <a href="#top">5</a>"##,
    );
    write(
        &site,
        "a.html",
        r#"<h1 id="here">A</h1> <a href="index.html#nothing">back</a>"#,
    );
    write(&dir, "out.html", r#"<p id="there">out</p>"#);
    let start = site.join("index.html").display().to_string();
    let out = links(&[
        "-R",
        "--include-fragments",
        "--format",
        "json",
        "-v",
        &start,
    ]);
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    let r = verdicts(&out);
    assert_eq!(status_of(&r, "a.html#here"), "ok", "{r:?}");
    assert_eq!(status_of(&r, "a.html#nowhere"), "broken", "{r:?}");
    assert_eq!(status_of(&r, "index.html#nothing"), "broken", "{r:?}");
    // out.html is out of the scope: checked, and read for its anchors.
    assert_eq!(status_of(&r, "out.html#there"), "ok", "{r:?}");
    assert_eq!(status_of(&r, "out.html#missing"), "broken", "{r:?}");
    assert_eq!(status_of(&r, "index.html#top"), "ok", "{r:?}");
    let why = &r.iter().find(|(u, ..)| u.ends_with("#nowhere")).unwrap().2;
    assert!(why.contains("no anchor #nowhere"), "{why}");
    // Without the flag a fragment is not looked for.
    let out = links(&["-R", "--format", "json", &start]);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
}

#[test]
fn the_cache_keeps_the_objects_and_the_pages_are_read_again() {
    let (port, counts) = counting_server(|_, method, path, mut w| {
        let (status, body) = match path {
            "/" => ("200 OK", r#"<a href="a.html">a</a> <img src="logo.png">"#),
            "/a.html" => ("200 OK", r#"<a href="gone.pdf">g</a>"#),
            "/logo.png" => ("200 OK", "png"),
            _ => ("404 Not Found", "no"),
        };
        let _ = write!(
            w,
            "HTTP/1.1 {status}\r\nContent-Type: text/html\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{}",
            body.len(),
            if method == "HEAD" { "" } else { body }
        );
    });
    let dir = scratch("crawl-cache");
    let start = format!("http://127.0.0.1:{port}/");
    let args = [
        "-R",
        "--cache",
        "--format",
        "json",
        "-v",
        "--max-retries",
        "0",
        &start,
    ];
    let first = links_in(&dir, &args);
    assert_eq!(first.status.code(), Some(2), "{first:?}");
    assert!(dir.join(".uniform-links-cache").exists());
    let second = links_in(&dir, &args);
    assert_eq!(second.status.code(), Some(2), "{second:?}");
    // The same verdicts both times.
    assert_eq!(verdicts(&first), verdicts(&second));
    assert_eq!(status_of(&verdicts(&second), "/gone.pdf"), "broken");
    let counts = counts.lock().unwrap();
    let n = |k: &str| counts.get(k).copied().unwrap_or(0);
    // The pages are read by each crawl; the objects checked by the first.
    assert_eq!(n("GET /"), 2, "{counts:?}");
    assert_eq!(n("GET /a.html"), 2, "{counts:?}");
    assert_eq!(n("HEAD /logo.png"), 1, "{counts:?}");
    assert_eq!(n("HEAD /gone.pdf"), 1, "{counts:?}");
}

#[test]
fn a_feed_and_an_import_are_read_by_their_kind() {
    let dir = scratch("crawl-kinds");
    let site = dir.join("site");
    std::fs::create_dir_all(&site).unwrap();
    let root = file_url(&site);
    write(
        &site,
        "index.html",
        r#"<link rel="alternate" type="application/rss+xml" href="news.xml">
"#,
    );
    write(
        &site,
        "news.xml",
        format!(
            r#"<?xml version="1.0"?><rss version="2.0"><channel><title>n</title>
<item><link>{root}/post.html</link></item><item><link>{root}/gone-post.html</link></item>
</channel></rss>"#
        ),
    );
    write(&site, "post.html", "<p>post</p>");
    let start = site.join("index.html").display().to_string();
    let out = links(&["-R", "--format", "json", "-v", &start]);
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    let docs: Vec<String> = json_links(&out)
        .iter()
        .map(|l| field(l, "document"))
        .collect();
    let r = verdicts(&out);
    // The feed, named news.xml (no document's extension), was read for
    // its kind: its items are checked under it.
    assert!(docs.contains(&format!("{root}/news.xml")), "{docs:?}");
    assert_eq!(status_of(&r, "/post.html"), "ok", "{r:?}");
    assert_eq!(status_of(&r, "/gone-post.html"), "broken", "{r:?}");

    // The stylesheet a stylesheet imports, named as a script is: read
    // for its kind, as CSS by its Content-Type.
    let port = scripted_server(|_, method, path, mut w| {
        let (status, ctype, body) = match path {
            "/" => (
                "200 OK",
                "text/html",
                r#"<link rel="stylesheet" href="style.css">"#,
            ),
            "/style.css" => ("200 OK", "text/css", r#"@import "more.php";"#),
            "/more.php" => ("200 OK", "text/css", "a { background: url(gone.png) }"),
            _ => ("404 Not Found", "text/plain", "no"),
        };
        let _ = write!(
            w,
            "HTTP/1.1 {status}\r\nContent-Type: {ctype}\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{}",
            body.len(),
            if method == "HEAD" { "" } else { body }
        );
    });
    let start = format!("http://127.0.0.1:{port}/");
    let out = links(&["-R", "--format", "json", "-v", "--max-retries", "0", &start]);
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    let docs: Vec<String> = json_links(&out)
        .iter()
        .map(|l| field(l, "document"))
        .collect();
    assert!(docs.contains(&format!("{start}more.php")), "{docs:?}");
    assert_eq!(status_of(&verdicts(&out), "/gone.png"), "broken");
}
