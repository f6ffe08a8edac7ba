//! `uniform links` follows HTML and Markdown links as a browser does
//! (issue 35): a `file:` tree whose links are written with backslashes
//! and broken over lines is all fine (exit 0); a really missing target
//! is still broken (exit 2); a gopher link keeps the RFC reading.

use serde_json::Value;
use std::path::Path;
use std::process::{Command, Output};
use uniform_testkit::{scratch, without_proxies};

fn links(args: &[&str]) -> Output {
    without_proxies(&mut Command::new(env!("CARGO_BIN_EXE_uniform")))
        .arg("links")
        .args(args)
        .output()
        .expect("the binary runs")
}

/// Each link of the JSON report: its text as written, its URL, its
/// status.
fn report(out: &Output) -> Vec<(String, String, String)> {
    let v: Value = serde_json::from_slice(&out.stdout)
        .unwrap_or_else(|e| panic!("{e}: {}", String::from_utf8_lossy(&out.stdout)));
    v["links"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| {
            (
                l["text"].as_str().unwrap().to_string(),
                l["url"].as_str().unwrap_or_default().to_string(),
                l["status"].as_str().unwrap().to_string(),
            )
        })
        .collect()
}

fn write(dir: &Path, name: &str, text: &str) -> String {
    let p = dir.join(name);
    std::fs::create_dir_all(p.parent().unwrap()).unwrap();
    std::fs::write(&p, text).unwrap();
    p.display().to_string()
}

fn file_url(dir: &Path, name: &str) -> String {
    format!(
        "file://{}/{name}",
        std::fs::canonicalize(dir).unwrap().display()
    )
}

#[test]
fn links_a_browser_follows_are_fine_and_a_missing_target_is_broken() {
    let dir = scratch("links-whatwg");
    write(&dir, "sub/page.html", "<p id=here>page</p>");
    write(&dir, "img/a.png", "png");
    let index = write(
        &dir,
        "index.html",
        "<!doctype html>\n<title>t</title>\n\
         <a href=\"sub\\page.html\">backslash</a>\n\
         <a href=\"sub/\n\tpage.html#here\">broken over two lines</a>\n\
         <img src=\"\n  img\\a.png  \">\n",
    );
    let notes = write(
        &dir,
        "notes.md",
        "# Notes\n\nSee [the page](sub\\page.html) and ![a](.\\img\\a.png).\n",
    );
    let out = links(&["--json", "-v", "--include-fragments", &index, &notes]);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let r = report(&out);
    assert_eq!(r.len(), 5, "{r:?}");
    assert!(r.iter().all(|(.., s)| s == "ok"), "{r:?}");
    let page = file_url(&dir, "sub/page.html");
    let urls: Vec<&str> = r.iter().map(|(_, u, _)| u.as_str()).collect();
    assert_eq!(
        urls,
        [
            page.clone(),
            format!("{page}#here"),
            file_url(&dir, "img/a.png"),
            page.clone(),
            file_url(&dir, "img/a.png"),
        ]
    );

    // A target that is not there: still broken, at the URL a browser
    // would ask for.
    let broken = write(
        &dir,
        "broken.html",
        "<a href=\"sub\\page.html\">here</a>\n<a href=\"sub\\gone.html\">gone</a>\n",
    );
    let out = links(&["--json", "-v", &broken]);
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    let r = report(&out);
    assert_eq!(
        r,
        [
            ("sub\\page.html".into(), page, "ok".into()),
            (
                "sub\\gone.html".into(),
                file_url(&dir, "sub/gone.html"),
                "broken".into()
            ),
        ]
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn gopher_links_keep_the_rfc_reading() {
    let dir = scratch("links-whatwg-gopher");
    let page = write(
        &dir,
        "index.html",
        "<base href=\"gopher://nowhere.invalid/1/dir/\">\n\
         <a href=\"../0/a.txt\">relative</a>\n\
         <a href=\"GOPHER://nowhere.invalid/1/a/../b\">absolute</a>\n",
    );
    // --dump: the plans, nothing connected to.
    let out = links(&["--dump", &page]);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("# gopher://nowhere.invalid/1/0/a.txt\n"),
        "{text}"
    );
    assert!(
        text.contains("# GOPHER://nowhere.invalid/1/a/../b\n"),
        "{text}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_link_no_browser_can_parse_is_broken() {
    let dir = scratch("links-whatwg-invalid");
    let index = write(
        &dir,
        "index.html",
        "<a href=\"http://[::1/x\">v6</a>\n<a href=\"http://h.example:99999/\">port</a>\n",
    );
    let out = links(&["--json", "-v", &index]);
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    let statuses: Vec<String> = report(&out).into_iter().map(|(.., s)| s).collect();
    assert_eq!(statuses, ["broken", "broken"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("IPv6-unclosed") && text.contains("port-out-of-range"),
        "{text}"
    );
}
