//! `uniform links` on a local site: `--root-dir`, `--base-url`, both
//! together, `--remap`, `.uniformignore`; and lychee's exit statuses (0
//! fine, 1 an input or run error, 2 broken links, 3 a usage or
//! configuration error). Every link here is a local file, so that the
//! checks need no server and no network: a URL of the web reaching the
//! network would fail these tests.

use std::path::PathBuf;
use std::process::{Command, Output};
use support::{field, file_url, json_links, links_in, write};
use uniform_testkit::{scratch, without_proxies};

#[path = "support/links.rs"]
mod support;

/// Each link's URL (as checked) and status, from the JSON report.
fn verdicts(out: &Output) -> Vec<(String, String)> {
    json_links(out)
        .iter()
        .map(|l| (field(l, "url"), field(l, "status")))
        .collect()
}

/// A site: public/index.html and public/docs/guide.html, with
/// public/about.html and public/docs/page.html present.
fn site(name: &str, index: &str) -> (PathBuf, PathBuf) {
    let dir = scratch(name);
    let public = dir.join("public");
    write(&public, "index.html", index);
    write(&public, "about.html", "<p>about</p>");
    write(&public, "docs/page.html", "<p>page</p>");
    (dir, public)
}

#[test]
fn root_dir_reads_root_relative_links_under_the_folder() {
    let (dir, public) = site(
        "root-dir",
        r#"<a href="/about.html">a</a> <a href="/missing.html">m</a> <a href="docs/page.html">p</a>"#,
    );
    let root = file_url(&public);
    let out = links_in(
        &dir,
        &[
            "--format",
            "json",
            "-v",
            "--root-dir",
            "public",
            "public/index.html",
        ],
    );
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    let v = verdicts(&out);
    assert!(
        v.contains(&(format!("{root}/about.html"), "ok".into())),
        "{v:?}"
    );
    assert!(
        v.contains(&(format!("{root}/missing.html"), "broken".into())),
        "{v:?}"
    );
    assert!(
        v.contains(&(format!("{root}/docs/page.html"), "ok".into())),
        "{v:?}"
    );
    // Without it, /about.html names the file system's root.
    let out = links_in(&dir, &["--format", "json", "-v", "public/index.html"]);
    let v = verdicts(&out);
    assert!(
        v.contains(&("file:///about.html".into(), "broken".into())),
        "{v:?}"
    );
}

#[test]
fn base_url_and_root_dir_check_the_published_urls_as_files() {
    let (dir, public) = site(
        "splice",
        concat!(
            r#"<a href="https://site.invalid/docs/docs/page.html">under the base</a>"#,
            r#"<a href="https://site.invalid/docs/nope.html">missing</a>"#,
            r#"<a href="/docs/about.html">root-relative, under the base</a>"#,
            r#"<a href="docs/page.html">relative</a>"#,
        ),
    );
    let root = file_url(&public);
    let out = links_in(
        &dir,
        &[
            "--format",
            "json",
            "-v",
            "--base-url",
            "https://site.invalid/docs/",
            "--root-dir",
            "public",
            "public/index.html",
        ],
    );
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    let v = verdicts(&out);
    assert_eq!(
        v,
        [
            (format!("{root}/docs/page.html"), "ok".to_string()),
            (format!("{root}/nope.html"), "broken".to_string()),
            (format!("{root}/about.html"), "ok".to_string()),
            (format!("{root}/docs/page.html"), "ok".to_string()),
        ],
        "{out:?}"
    );
}

#[test]
fn base_url_alone_is_the_base_of_local_documents() {
    let (dir, public) = site(
        "base-url",
        r#"<a href="page.html">p</a> <a href="gone.html">g</a>"#,
    );
    let docs = format!("{}/", file_url(&public.join("docs")));
    let out = links_in(
        &dir,
        &[
            "--format",
            "json",
            "-v",
            "--base-url",
            &docs,
            "public/index.html",
        ],
    );
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    let v = verdicts(&out);
    assert_eq!(
        v,
        [
            (format!("{docs}page.html"), "ok".to_string()),
            (format!("{docs}gone.html"), "broken".to_string()),
        ]
    );
}

#[test]
fn remap_checks_a_url_as_another() {
    let (dir, public) = site(
        "remap",
        r#"<a href="https://old.invalid/about.html">a</a> <a href="https://old.invalid/x.html">x</a>"#,
    );
    let root = file_url(&public);
    let spec = format!("^https://old\\.invalid/(.*) {root}/$1");
    let out = links_in(
        &dir,
        &[
            "--format",
            "json",
            "-v",
            "--remap",
            &spec,
            "public/index.html",
        ],
    );
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    let v = verdicts(&out);
    assert_eq!(
        v,
        [
            (format!("{root}/about.html"), "ok".to_string()),
            (format!("{root}/x.html"), "broken".to_string()),
        ]
    );
    let out = links_in(&dir, &["--remap", "just-a-pattern", "public/index.html"]);
    assert_eq!(out.status.code(), Some(3), "{out:?}");
}

#[test]
fn uniformignore_excludes_urls_and_a_bad_one_is_a_configuration_error() {
    let (dir, _) = site(
        "ignore",
        r#"<a href="missing.html">m</a> <a href="about.html">a</a>"#,
    );
    let out = links_in(&dir, &["public/index.html"]);
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    write(&dir, ".uniformignore", "# drafts\n\nmissing\\.html$\n");
    let out = links_in(&dir, &["--format", "json", "-v", "public/index.html"]);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let v = verdicts(&out);
    assert!(
        v.iter()
            .any(|(u, s)| u.ends_with("/missing.html") && s == "unchecked"),
        "{v:?}"
    );
    write(&dir, ".uniformignore", "ok\n(unclosed\n");
    let out = links_in(&dir, &["public/index.html"]);
    assert_eq!(out.status.code(), Some(3), "{out:?}");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains(".uniformignore: line 2"), "{err}");
}

#[test]
fn exit_statuses_are_lychees() {
    let (dir, _) = site("exits", r#"<a href="about.html">a</a>"#);
    let ok = links_in(&dir, &["public/index.html"]);
    assert_eq!(ok.status.code(), Some(0), "{ok:?}");
    // An input that cannot be read: 1, the others still checked.
    let missing = links_in(&dir, &["public/index.html", "no-such-file.html"]);
    assert_eq!(missing.status.code(), Some(1), "{missing:?}");
    // Usage errors of every kind: 3, never 2.
    for args in [
        &["--no-such-flag", "public/index.html"][..],
        &[][..],
        &["--accept", "abc", "public/index.html"][..],
        &["--max-cache-age", "1w", "--cache", "public/index.html"][..],
        &["--timeout", "-1", "public/index.html"][..],
        &["--format", "nope", "public/index.html"][..],
        &["--base-url", "relative/", "public/index.html"][..],
    ] {
        let out = links_in(&dir, args);
        assert_eq!(out.status.code(), Some(3), "{args:?}: {out:?}");
        assert!(!out.stderr.is_empty(), "{args:?}");
    }
    let help = links_in(&dir, &["--help"]);
    assert_eq!(help.status.code(), Some(0), "{help:?}");
    // Other commands keep their own statuses: 2 for a usage error.
    let other = without_proxies(&mut Command::new(env!("CARGO_BIN_EXE_uniform")))
        .args(["parse", "--no-such-flag"])
        .output()
        .unwrap();
    assert_eq!(other.status.code(), Some(2), "{other:?}");
}
