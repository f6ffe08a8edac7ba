//! `uniform links -R`: a crawl of a file tree, of a site nginx serves,
//! and of a server that answers every path with the same page (a crawl
//! trap); the scope, `--scope`, `--max-depth`, each document read once.

use std::collections::HashMap;
use std::io::Write;
use std::process::Output;
use std::sync::Mutex;
use uniform_testkit::{fixtures_dir, host, peer_up, port, scratch};

#[path = "support/links.rs"]
mod support;
use support::{Requests, counting_server, field, file_url, json_links, links, write};

/// Each link of the JSON report: (document, url, status, reason).
fn report(out: &Output) -> Vec<(String, String, String, String)> {
    json_links(out)
        .iter()
        .map(|l| {
            (
                field(l, "document"),
                field(l, "url"),
                field(l, "status"),
                field(l, "reason"),
            )
        })
        .collect()
}

/// site/index.html -> a.html -> sub/b.html -> sub/c.html -> sub/d.html,
/// each with one broken link; outside.html beside site/ (out of scope)
/// links to a missing page that must never be reported.
fn tree(name: &str) -> std::path::PathBuf {
    let dir = scratch(name);
    let site = dir.join("site");
    write(
        &site,
        "index.html",
        r#"<a href="a.html">a</a> <a href="gone0.html">x</a> <a href="../outside.html">o</a> <img src="logo.png">"#,
    );
    write(&site, "logo.png", "png");
    write(
        &site,
        "a.html",
        r#"<a href="sub/b.html">b</a> <a href="gone1.html">x</a> <a href="index.html">home</a>"#,
    );
    write(
        &site,
        "sub/b.html",
        r#"<a href="c.html">c</a> <a href="gone2.html">x</a>"#,
    );
    write(
        &site,
        "sub/c.html",
        r#"<a href="d.html">d</a> <a href="gone3.html">x</a>"#,
    );
    write(&site, "sub/d.html", r#"<a href="gone4.html">x</a>"#);
    write(
        &dir,
        "outside.html",
        r#"<a href="never-reported.html">n</a>"#,
    );
    dir
}

#[test]
fn a_file_tree_is_crawled_within_its_folder() {
    let dir = tree("crawl-tree");
    let site = dir.join("site");
    let start = site.join("index.html").display().to_string();
    let out = links(&["-R", "--format", "json", "-v", &start]);
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    let r = report(&out);
    let root = file_url(&site);
    let broken: Vec<&str> = r
        .iter()
        .filter(|(.., s, _)| s == "broken")
        .map(|(_, u, ..)| u.as_str())
        .collect();
    let want: Vec<String> = [
        "gone0.html",
        "gone1.html",
        "sub/gone2.html",
        "sub/gone3.html",
        "sub/gone4.html",
    ]
    .iter()
    .map(|g| format!("{root}/{g}"))
    .collect();
    assert_eq!(broken, want, "{r:?}");
    // Each document read once, each reported under its own URL.
    let docs: Vec<&str> = r.iter().map(|(d, ..)| d.as_str()).collect();
    for page in ["a.html", "sub/b.html", "sub/c.html", "sub/d.html"] {
        assert!(
            docs.contains(&format!("{root}/{page}").as_str()),
            "{page}: {docs:?}"
        );
    }
    // Out of the scope: checked (it is there), not read.
    let outside = file_url(&dir.join("outside.html"));
    assert!(
        r.iter().any(|(_, u, s, _)| *u == outside && s == "ok"),
        "{r:?}"
    );
    assert!(
        !r.iter().any(|(_, u, ..)| u.contains("never-reported")),
        "{r:?}"
    );
    // An image is checked, not read.
    assert!(
        r.iter()
            .any(|(_, u, s, _)| u.ends_with("/logo.png") && s == "ok")
    );
}

#[test]
fn max_depth_counts_links_from_the_start() {
    let dir = tree("crawl-depth");
    let start = dir.join("site/index.html").display().to_string();
    let depth = |n: &str| {
        let out = links(&["-R", "--max-depth", n, "--format", "json", &start]);
        let r = report(&out);
        r.iter()
            .filter(|(.., s, _)| s == "broken")
            .map(|(_, u, ..)| u.rsplit('/').next().unwrap().to_string())
            .collect::<Vec<_>>()
    };
    assert_eq!(depth("0"), ["gone0.html"]);
    assert_eq!(depth("1"), ["gone0.html", "gone1.html"]);
    assert_eq!(depth("2"), ["gone0.html", "gone1.html", "gone2.html"]);
}

#[test]
fn scope_replaces_the_start_folder() {
    let dir = tree("crawl-scope");
    let start = dir.join("site/index.html").display().to_string();
    // Only sub/ is read: a.html is out of the given scope, so its links
    // are never seen.
    let scope = format!("{}/sub/", file_url(&dir.join("site")));
    let out = links(&["-R", "--scope", &scope, "--format", "json", &start]);
    let r = report(&out);
    assert!(
        r.iter().all(|(_, u, ..)| !u.ends_with("gone1.html")),
        "{r:?}"
    );
    // The scope with the outside page in it: it is read.
    let wide = file_url(&dir);
    let out = links(&["-R", "--scope", &wide, "--format", "json", &start]);
    let r = report(&out);
    assert!(
        r.iter()
            .any(|(_, u, ..)| u.ends_with("never-reported.html")),
        "{r:?}"
    );
    // A scope that is no URL is a usage error.
    let out = links(&["-R", "--scope", "site/", &start]);
    assert_eq!(out.status.code(), Some(3), "{out:?}");
}

/// A server that answers every GET with the same page, whose relative
/// links name ever deeper paths (`next/`), as a misconfigured catch-all
/// route does; it counts the requests of each method and path.
fn trap_server() -> (u16, Requests) {
    counting_server(|_, _, _, mut w| {
        let body = r#"<a href="next/">next</a> <a href="loop/loop/">loop</a>"#;
        let _ = write!(
            w,
            "HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
            body.len()
        );
    })
}

/// The GET and HEAD paths the trap server saw, each asked for once.
fn requests(seen: &Mutex<HashMap<String, usize>>) -> (Vec<String>, Vec<String>) {
    let seen = seen.lock().unwrap();
    assert!(seen.values().all(|&n| n == 1), "{seen:?}");
    let paths = |method: &str| -> Vec<String> {
        seen.keys()
            .filter_map(|k| k.strip_prefix(method))
            .map(str::to_string)
            .collect()
    };
    (paths("GET "), paths("HEAD "))
}

#[test]
fn a_crawl_trap_ends_at_the_limits() {
    // By the repeats: next/next/next/next/ holds one segment 4 times.
    let (port, seen) = trap_server();
    let start = format!("http://127.0.0.1:{port}/");
    let out = links(&["-R", "--format", "json", &start]);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let (read, checked) = requests(&seen);
    assert!(
        read.iter().all(|p| !checked.contains(p)),
        "{read:?} {checked:?}"
    );
    let most = |p: &String| {
        let segs: Vec<&str> = p.split('/').filter(|s| !s.is_empty()).collect();
        segs.iter()
            .map(|s| segs.iter().filter(|t| *t == s).count())
            .max()
            .unwrap_or(0)
    };
    assert!(read.iter().all(|p| most(p) <= 3), "{read:?}");
    assert!(checked.iter().any(|p| most(p) == 4), "{checked:?}");
    // By the depth: two links from the start at most.
    let (port, seen) = trap_server();
    let start = format!("http://127.0.0.1:{port}/");
    let out = links(&["-R", "--max-depth", "2", "--format", "json", &start]);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let (read, checked) = requests(&seen);
    let steps = |p: &String| p.matches("next/").count() + p.matches("loop/loop/").count();
    assert_eq!(read.iter().map(steps).max(), Some(2), "{read:?}");
    assert_eq!(checked.iter().map(steps).max(), Some(3), "{checked:?}");
}

#[test]
fn an_endless_calendar_ends_at_the_default_depth() {
    // Each month's page links to the next month's, for ever: no path
    // repeats, only the depth limit (16 by default) ends it.
    let (port, counts) = counting_server(|_, _, path, mut w| {
        let month: u32 = path
            .rsplit_once("?m=")
            .and_then(|(_, m)| m.parse().ok())
            .unwrap_or(0);
        let body = format!(r#"<a href="/calendar?m={}">next month</a>"#, month + 1);
        let _ = write!(
            w,
            "HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
            body.len()
        );
    });
    let start = format!("http://127.0.0.1:{port}/calendar?m=0");
    let out = links(&["-R", "--format", "json", &start]);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let (read, checked) = requests(&counts);
    // Months 0 to 16 read (the start and 16 links from it), month 17
    // checked, nothing past it asked for; robots.txt read once.
    let months = read.iter().filter(|p| p.starts_with("/calendar")).count();
    assert_eq!((months, read.len()), (17, 18), "{read:?}");
    assert_eq!(checked, ["/calendar?m=17"], "{checked:?}");
}

/// The crawls of nginx one at a time: one writes the server's
/// robots.txt, which every crawl of that origin reads.
static NGINX: Mutex<()> = Mutex::new(());

#[test]
fn a_site_on_nginx_is_crawled_with_its_redirects() {
    if !peer_up(&["nginx"]) {
        return;
    }
    let _one = NGINX.lock().unwrap_or_else(|e| e.into_inner());
    let name = format!("crawl-{}", std::process::id());
    let root = fixtures_dir().join("anon").join(&name);
    let _ = std::fs::remove_dir_all(&root);
    write(
        &root,
        "index.html",
        r#"<a href="a.html">a</a> <a href="sub">a folder, redirected</a> <a href="missing.html">m</a> <a href="/pub/hello.txt">out of scope</a>"#,
    );
    write(
        &root,
        "a.html",
        r#"<a href="index.html">home</a> <a href="sub/deep.html">deep</a>"#,
    );
    write(
        &root,
        "sub/index.html",
        r#"<a href="../a.html">a</a> <a href="gone.html">g</a>"#,
    );
    write(
        &root,
        "sub/deep.html",
        r#"<a href="../index.html#top">home</a>"#,
    );
    let base = format!("http://{}:{}/{name}/", host(), port("UNIFORM_HTTP_PORT"));
    let out = links(&["-R", "--format", "json", "-v", &base]);
    let _ = std::fs::remove_dir_all(&root);
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    let r = report(&out);
    let status = |u: &str| -> Vec<&str> {
        r.iter()
            .filter(|(_, url, ..)| url == u)
            .map(|(_, _, s, _)| s.as_str())
            .collect()
    };
    // index.html is read apart from the folder's URL (another URL), so
    // its links stand twice in the report.
    let missing = status(&format!("{base}missing.html"));
    assert!(
        !missing.is_empty() && missing.iter().all(|s| *s == "broken"),
        "{r:?}"
    );
    assert_eq!(status(&format!("{base}sub/gone.html")), ["broken"], "{r:?}");
    assert!(
        status(&format!("{base}sub/deep.html"))
            .iter()
            .all(|s| *s == "ok")
    );
    assert!(!status(&format!("{base}sub")).is_empty(), "{r:?}");
    // The redirected folder was read: its links are in the report, under
    // the document's URL as fetched.
    assert!(
        r.iter()
            .any(|(_, u, ..)| *u == format!("{base}sub/gone.html"))
    );
    let hello = format!(
        "http://{}:{}/pub/hello.txt",
        host(),
        port("UNIFORM_HTTP_PORT")
    );
    let hello = status(&hello);
    assert!(
        !hello.is_empty() && hello.iter().all(|s| *s == "ok"),
        "{r:?}"
    );
    // Out of the scope: checked by HEAD, not read.
    assert!(
        !r.iter().any(|(d, ..)| d.ends_with("/pub/hello.txt")),
        "{r:?}"
    );
    let mut broken: Vec<&str> = r
        .iter()
        .filter(|(.., s, _)| s == "broken")
        .map(|(_, u, ..)| u.as_str())
        .collect();
    broken.dedup();
    broken.sort();
    broken.dedup();
    assert_eq!(broken.len(), 2, "{r:?}");
}

#[test]
fn robots_txt_is_obeyed_and_its_sitemap_read() {
    if !peer_up(&["nginx"]) {
        return;
    }
    let _one = NGINX.lock().unwrap_or_else(|e| e.into_inner());
    let name = format!("crawl-robots-{}", std::process::id());
    let anon = fixtures_dir().join("anon");
    let root = anon.join(&name);
    let _ = std::fs::remove_dir_all(&root);
    let origin = format!("http://{}:{}", host(), port("UNIFORM_HTTP_PORT"));
    let base = format!("{origin}/{name}/");
    write(
        &root,
        "index.html",
        r#"<a href="private/a.html">p</a> <a href="all-agents/b.html">b</a> <a href="missing.html">m</a>"#,
    );
    write(
        &root,
        "private/a.html",
        r#"<a href="../private-gone.html">g</a>"#,
    );
    write(&root, "all-agents/b.html", "<p>b</p>");
    // Linked from nowhere: only the sitemap names it.
    write(&root, "orphan.html", r#"<a href="orphan-gone.html">g</a>"#);
    write(
        &root,
        "sitemap.xml",
        format!(
            r#"<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>{base}orphan.html</loc></url></urlset>"#
        ),
    );
    // Uniform's own group applies, not the one for every agent.
    let robots = format!(
        "User-agent: *\nDisallow: /{name}/all-agents/\n\nUser-agent: uniform\nDisallow: /{name}/private/\n\nSitemap: {base}sitemap.xml\n"
    );
    std::fs::write(anon.join("robots.txt"), robots).unwrap();
    let out = links(&["-R", "--format", "json", "-v", &base]);
    let ignoring = links(&["-R", "--ignore-robots", "--format", "json", "-v", &base]);
    let _ = std::fs::remove_file(anon.join("robots.txt"));
    let _ = std::fs::remove_dir_all(&root);
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    let r = report(&out);
    let of = |r: &[(String, String, String, String)], u: &str| -> Vec<(String, String)> {
        r.iter()
            .filter(|(_, url, ..)| url == u)
            .map(|(_, _, s, why)| (s.clone(), why.clone()))
            .collect()
    };
    let private = of(&r, &format!("{base}private/a.html"));
    assert_eq!(private.len(), 1, "{r:?}");
    assert_eq!(private[0].0, "unchecked", "{r:?}");
    assert!(private[0].1.contains("excluded by robots.txt"), "{r:?}");
    // Never fetched: its links were never seen.
    assert!(
        !r.iter().any(|(_, u, ..)| u.ends_with("private-gone.html")),
        "{r:?}"
    );
    assert_eq!(of(&r, &format!("{base}all-agents/b.html"))[0].0, "ok");
    // The sitemap's page was read, and its broken link found.
    assert_eq!(
        of(&r, &format!("{base}orphan-gone.html"))[0].0,
        "broken",
        "{r:?}"
    );
    // --ignore-robots: the private page is read.
    let r = report(&ignoring);
    assert_eq!(of(&r, &format!("{base}private/a.html"))[0].0, "ok", "{r:?}");
    assert_eq!(
        of(&r, &format!("{base}private-gone.html"))[0].0,
        "broken",
        "{r:?}"
    );
}

#[test]
fn ftp_directories_are_crawled_as_pages() {
    if !peer_up(&["vsftpd"]) {
        return;
    }
    let base = format!("ftp://{}:{}/pub/a/", host(), port("UNIFORM_FTP_PORT"));
    let out = links(&["-R", "--format", "json", "-v", &base]);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let r = report(&out);
    // The listing of a/ names b/, read in turn, and its text file.
    assert!(
        r.iter().any(|(d, u, s, why)| *d == base
            && *u == format!("{base}b/")
            && s == "ok"
            && why == "read"),
        "{r:?}"
    );
    let file = format!("{base}b/c.txt");
    assert!(
        r.iter()
            .any(|(d, u, s, _)| *d == format!("{base}b/") && *u == file && s == "ok"),
        "{r:?}"
    );
}

#[test]
fn gopher_menus_are_crawled_as_pages() {
    if !peer_up(&["gophernicus"]) {
        return;
    }
    let base = format!("gopher://{}:{}/", host(), port("UNIFORM_GOPHER_PORT"));
    let out = links(&["-R", "--format", "json", "-v", &base]);
    let r = report(&out);
    // The submenu is read: its items are in the report under it.
    let sub = format!("{base}1/sub");
    assert!(r.iter().any(|(d, ..)| *d == sub), "{r:?}");
    assert!(
        r.iter()
            .any(|(d, u, s, _)| *d == sub && u.starts_with(&format!("{base}0/sub/")) && s == "ok"),
        "{r:?}"
    );
    // A text item is checked, not read.
    assert!(
        !r.iter().any(|(d, ..)| d.ends_with("/0/hello.txt")),
        "{r:?}"
    );
    // A search item needs words only a person gives: not checked, never
    // broken.
    let search: Vec<_> = r.iter().filter(|(_, u, ..)| u.contains("/7/")).collect();
    assert!(!search.is_empty(), "{r:?}");
    for (_, u, s, why) in search {
        assert_eq!(s, "unchecked", "{u}");
        assert!(why.contains("needs a search"), "{why}");
    }
}
