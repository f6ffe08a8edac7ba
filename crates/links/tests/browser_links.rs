//! Links read as a browser reads them (issue 35): HTML and Markdown links
//! parsed by the WHATWG URL Standard against the document's base, so that
//! `docs\page.html` and an `href` broken over two lines are followed, in
//! a `file:` tree (no server) and against a loopback HTTP server; the
//! schemes the Standard does not read keep the RFC reading.

use std::collections::HashSet;
use std::io::{BufRead, BufReader, Write};
use std::net::TcpListener;
use std::path::Path;
use std::sync::{Arc, Mutex};
use uniform_access::{FetchOptions, Session};
use uniform_links::check::Verdict;
use uniform_links::input::{InputOptions, documents};
use uniform_links::run::{self, Entry, RunOptions};
use uniform_links::{Document, Format};
use uniform_testkit::scratch;

fn write(dir: &Path, name: &str, text: &str) {
    let p = dir.join(name);
    if let Some(parent) = p.parent() {
        std::fs::create_dir_all(parent).unwrap();
    }
    std::fs::write(p, text).unwrap();
}

/// The documents of `inputs`, read as `uniform links` reads them.
fn read(inputs: &[&Path]) -> Vec<Document> {
    let inputs: Vec<String> = inputs.iter().map(|p| p.display().to_string()).collect();
    let (docs, errors) = documents(
        &inputs,
        &InputOptions::default(),
        &FetchOptions::default(),
        &Session::default(),
    );
    assert!(errors.is_empty(), "{errors:?}");
    docs
}

fn checked(docs: &[Document]) -> Vec<Entry> {
    let opts = RunOptions {
        retries: 0,
        ..RunOptions::default()
    };
    run::run(docs, &opts, &|_, _| {})
}

/// The entry of the link written as `text`.
fn entry<'a>(entries: &'a [Entry], text: &str) -> &'a Entry {
    entries
        .iter()
        .find(|e| e.link.text == text)
        .unwrap_or_else(|| panic!("{text:?} not in {entries:#?}"))
}

/// The `file:` URL of `dir/name`, as the document's base spells it.
fn file_url(dir: &Path, name: &str) -> String {
    let dir = std::fs::canonicalize(dir).unwrap();
    format!("file://{}/{name}", dir.display())
}

#[test]
fn a_file_tree_whose_links_a_browser_follows_has_no_broken_link() {
    let dir = scratch("tree");
    write(&dir, "sub/page.html", "<h1 id=top>page</h1>");
    write(&dir, "sub/other page.html", "other");
    write(&dir, "img/a.png", "png");
    write(
        &dir,
        "index.html",
        "<!doctype html>\n<title>t</title>\n\
         <a href=\"sub\\page.html\">backslash</a>\n\
         <a href=\"sub/\npage.html\">broken over two lines</a>\n\
         <a href=\"\tsub/\r\n\tpage.html#top \">tabs and a CR LF</a>\n\
         <a href=\"sub/other page.html\">a space</a>\n\
         <a href=\".\\sub\\..\\img\\a.png\">dot segments</a>\n\
         <img src=\" img\\a.png\n\">\n",
    );
    write(
        &dir,
        "notes.md",
        "# Notes\n\n[backslash](sub\\page.html) and [spaces](<sub/other page.html>),\n\
         ![img](img\\a.png), and raw HTML: <a href=\"sub/\npage.html\">x</a>\n",
    );
    let docs = read(&[&dir.join("index.html"), &dir.join("notes.md")]);
    let entries = checked(&docs);
    assert_eq!(entries.len(), 10, "{entries:#?}");
    for e in &entries {
        assert!(
            matches!(e.verdict, Verdict::Fine { .. }),
            "{:?} -> {:?}: {:?}",
            e.link.text,
            e.url,
            e.verdict
        );
    }
    let page = file_url(&dir, "sub/page.html");
    for text in ["sub\\page.html", "sub/\npage.html"] {
        assert_eq!(entry(&entries, text).url.as_deref(), Ok(page.as_str()));
    }
    assert_eq!(
        entry(&entries, "sub/\n\tpage.html#top").url,
        Ok(format!("{page}#top"))
    );
    assert_eq!(
        entry(&entries, "sub/other page.html").url,
        Ok(file_url(&dir, "sub/other%20page.html"))
    );
    assert_eq!(
        entry(&entries, ".\\sub\\..\\img\\a.png").url,
        Ok(file_url(&dir, "img/a.png"))
    );
    // Every link named one of three files.
    let distinct: HashSet<&str> = entries
        .iter()
        .map(|e| uniform_links::resolve::without_fragment(e.url.as_deref().unwrap()))
        .collect();
    assert_eq!(distinct.len(), 3, "{distinct:?}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_missing_target_is_still_broken() {
    let dir = scratch("missing");
    write(&dir, "sub/page.html", "page");
    write(
        &dir,
        "index.html",
        "<a href=\"sub\\page.html\">here</a>\n<a href=\"sub\\gone.html\">gone</a>\n\
         <a href=\"sub/\ngone too.html\">gone too</a>\n",
    );
    let entries = checked(&read(&[&dir.join("index.html")]));
    assert!(matches!(
        entry(&entries, "sub\\page.html").verdict,
        Verdict::Fine { .. }
    ));
    let gone = entry(&entries, "sub\\gone.html");
    assert_eq!(gone.url, Ok(file_url(&dir, "sub/gone.html")));
    assert!(gone.verdict.is_broken(), "{gone:?}");
    let too = entry(&entries, "sub/\ngone too.html");
    assert_eq!(too.url, Ok(file_url(&dir, "sub/gone%20too.html")));
    assert!(too.verdict.is_broken(), "{too:?}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn base_href_is_read_as_a_browser_reads_it() {
    let dir = scratch("base");
    write(&dir, "docs/guide/page.html", "page");
    write(
        &dir,
        "index.html",
        "<head><base href=\"\n docs\\guide\\\n\"></head>\n<a href=\"page.html\">p</a>\n\
         <a href=\"..\\guide\\pa\nge.html\">q</a>\n",
    );
    let entries = checked(&read(&[&dir.join("index.html")]));
    let page = file_url(&dir, "docs/guide/page.html");
    for text in ["page.html", "..\\guide\\pa\nge.html"] {
        let e = entry(&entries, text);
        assert_eq!(e.url.as_deref(), Ok(page.as_str()));
        assert!(matches!(e.verdict, Verdict::Fine { .. }), "{e:?}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn schemes_the_standard_does_not_read_keep_the_rfc_reading() {
    let mut d = Document::text(
        "index.html",
        Format::Html,
        "<a href=\"gopher://h.example/1/a/../b\">g</a>\n\
         <a href=\"news:comp.infosystems.www\">n</a>\n\
         <a href=\"NNTP://H.example/comp.lang/12\">nn</a>\n\
         <a href=\"mailto:Joe@Example.ORG\">m</a>\n\
         <a href=\"wais://h.example/db?a b\">w</a>\n\
         <a href=\"HTTP://H.example:80/a/./b\">h</a>\n",
    );
    d.base = Some("file:///site/index.html".into());
    let found: Vec<(String, String)> = run::found(&[d])
        .into_iter()
        .map(|(_, l, u)| (l.text, u.unwrap()))
        .collect();
    let want = [
        ("gopher://h.example/1/a/../b", "gopher://h.example/1/a/../b"),
        ("news:comp.infosystems.www", "news:comp.infosystems.www"),
        (
            "NNTP://H.example/comp.lang/12",
            "NNTP://H.example/comp.lang/12",
        ),
        ("mailto:Joe@Example.ORG", "mailto:Joe@Example.ORG"),
        ("wais://h.example/db?a b", "wais://h.example/db?a b"),
        ("HTTP://H.example:80/a/./b", "http://h.example/a/b"),
    ];
    let want: Vec<(String, String)> = want
        .iter()
        .map(|(a, b)| (a.to_string(), b.to_string()))
        .collect();
    assert_eq!(found, want);

    // A page of a gopher server (its base a gopher URL), or one whose
    // <base href> is one: its relative links resolve by RFC 3986, which
    // keeps the item type and the selector's hierarchy.
    let text = "<a href=\"x.txt\">x</a> <a href=\"../0/y\">y</a> <a href=\"http://h/a\\b\">h</a>";
    let mut by_base = Document::text("menu.html", Format::Html, text);
    by_base.base = Some("gopher://h.example/1/dir/".into());
    let mut by_href = Document::text(
        "page.html",
        Format::Html,
        &format!("<base href=\"gopher://h.example/1/dir/\">{text}"),
    );
    by_href.base = Some("http://w.example/page.html".into());
    for d in [by_base, by_href] {
        let urls: Vec<String> = run::found(&[d])
            .into_iter()
            .map(|(_, _, u)| u.unwrap())
            .collect();
        assert_eq!(
            urls,
            [
                "gopher://h.example/1/dir/x.txt",
                "gopher://h.example/1/0/y",
                "http://h/a/b",
            ]
        );
    }
    let mut news = Document::text("a.md", Format::Markdown, "[next](comp.lang.rust)\n");
    news.base = Some("news:comp.lang.c".into());
    assert_eq!(
        run::found(&[news])[0].2.as_deref(),
        Ok("news:comp.lang.rust")
    );
}

#[test]
fn plain_text_and_stdin_keep_their_readings() {
    // Text: URLs with a scheme, kept as written.
    let d = Document::text(
        "a.txt",
        Format::Text,
        "See HTTP://H.example:80/a/./b now.\n",
    );
    assert_eq!(
        run::found(&[d])[0].2.as_deref(),
        Ok("HTTP://H.example:80/a/./b")
    );
    // No document URL: a relative link is the same error as before, an
    // absolute one is read by the Standard.
    let d = Document::text(
        "-",
        Format::Html,
        "<a href=\"a\\b\">r</a><a href=\"http://H/a\\b\">a</a>",
    );
    let found = run::found(&[d]);
    assert_eq!(
        found[0].2,
        Err(uniform_links::resolve::Unresolved::NoBase(
            "a relative link, and the document has no URL to resolve it against".to_string()
        ))
    );
    assert_eq!(found[1].2.as_deref(), Ok("http://h/a/b"));
}

#[test]
fn a_link_no_browser_can_parse_names_the_standards_error() {
    let mut d = Document::text(
        "index.html",
        Format::Html,
        "<a href=\"http://h.example:99999/\">p</a><a href=\"//[::1/x\">v6</a>",
    );
    d.base = Some("http://h.example/".into());
    let found = run::found(&[d]);
    let e = found[0].2.as_ref().unwrap_err();
    assert!(
        matches!(e, uniform_links::resolve::Unresolved::Invalid(_)),
        "{e:?}"
    );
    assert!(e.to_string().contains("port-out-of-range"), "{e}");
    let e = found[1].2.as_ref().unwrap_err().to_string();
    assert!(e.contains("IPv6-unclosed"), "{e}");
}

/// A server on the loopback that answers 200 to a `GET` or `HEAD` of
/// one of `paths`, 404 to any other; the request targets it read.
fn server(paths: &'static [&'static str]) -> (u16, Arc<Mutex<Vec<String>>>) {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port();
    let seen = Arc::new(Mutex::new(Vec::new()));
    let log = seen.clone();
    std::thread::spawn(move || {
        for conn in listener.incoming() {
            let Ok(stream) = conn else { return };
            let log = log.clone();
            std::thread::spawn(move || {
                let mut r = BufReader::new(stream.try_clone().unwrap());
                let mut first = String::new();
                let _ = r.read_line(&mut first);
                let mut line = String::new();
                while r.read_line(&mut line).unwrap_or(0) > 0 && line != "\r\n" {
                    line.clear();
                }
                let target = first.split(' ').nth(1).unwrap_or("").to_string();
                let status = if paths.contains(&target.as_str()) {
                    "200 OK"
                } else {
                    "404 Not Found"
                };
                log.lock().unwrap().push(target);
                let mut w = stream;
                let _ = w.write_all(
                    format!("HTTP/1.1 {status}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
                        .as_bytes(),
                );
            });
        }
    });
    (port, seen)
}

#[test]
fn an_http_page_is_checked_at_the_urls_a_browser_requests() {
    let (port, seen) = server(&["/docs/page.html", "/docs/a%20b.html", "/img/x.png"]);
    let mut d = Document::text(
        "index.html",
        Format::Html,
        &format!(
            "<a href=\"page.html\">p</a>\n\
             <a href=\"..\\docs\\pa\n\tge.html\">q</a>\n\
             <a href=\"a b.html\">s</a>\n\
             <img src=\"http://127.0.0.1:{port}/img\\\nx.png\">\n\
             <a href=\"nope.html\">n</a>\n"
        ),
    );
    d.base = Some(format!("http://127.0.0.1:{port}/docs/index.html"));
    let entries = checked(&[d]);
    let verdict = |text: &str| &entry(&entries, text).verdict;
    for good in [
        "page.html",
        "..\\docs\\pa\n\tge.html",
        "a b.html",
        &format!("http://127.0.0.1:{port}/img\\\nx.png"),
    ] {
        assert!(
            matches!(verdict(good), Verdict::Fine { .. }),
            "{good:?}: {entries:#?}"
        );
    }
    assert!(verdict("nope.html").is_broken(), "{entries:#?}");
    let mut seen = seen.lock().unwrap().clone();
    seen.sort();
    seen.dedup();
    assert_eq!(
        seen,
        [
            "/docs/a%20b.html",
            "/docs/nope.html",
            "/docs/page.html",
            "/img/x.png"
        ]
    );
}
