//! `uniform sql` from outside, end to end: the `uniform` binary running
//! this build's `uniform-sql` beside it, as a user who installed both
//! runs them. Tables from each kind of file, each output format, NULLs,
//! and the failures (bad SQL, a missing file) with DataFusion's message
//! and exit status 1.

mod common;

use common::uniform_bin;
use std::path::Path;
use std::process::{Command, Output};
use uniform_testkit::scratch;

/// `uniform ARGS`, with a PATH that holds no other `uniform-sql`.
fn uniform(args: &[&str]) -> Output {
    Command::new(uniform_bin())
        .args(args)
        .env("PATH", "/usr/bin:/bin")
        .output()
        .expect("uniform runs")
}

fn ok(args: &[&str]) -> String {
    let out = uniform(args);
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

fn write(dir: &Path, name: &str, text: &str) -> String {
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path.to_str().unwrap().to_string()
}

/// One URL a line, with the commas and quotes a CSV reader would split on.
const LINES: &str = "http://a.example/1\n\
ftp://myname@a.example/%2Fetc/motd\n\
http://b.example/x,y\n\
\"http://c.example/\"\n\
not a url\n\
http://b.example/a b\r\n\
gopher://c.example/1\n";

#[test]
fn a_text_file_is_a_column_of_urls() {
    let dir = scratch("sql-lines");
    let file = write(&dir, "urls.txt", LINES);
    let table = format!("urls={file}");
    let got = ok(&[
        "sql",
        "SELECT url FROM urls",
        "--table",
        &table,
        "--format",
        "csv",
    ]);
    // Every line whole, its quotes and commas kept (CSV quoting on output),
    // the CR of a CR LF line dropped.
    assert_eq!(
        got,
        "url\nhttp://a.example/1\nftp://myname@a.example/%2Fetc/motd\n\"http://b.example/x,y\"\n\
         \"\"\"http://c.example/\"\"\"\nnot a url\nhttp://b.example/a b\ngopher://c.example/1\n"
    );
    let got = ok(&[
        "sql",
        "SELECT url_host(url) AS host, count(*) AS n FROM urls WHERE url_valid(url) \
         GROUP BY host ORDER BY n DESC, host",
        "-t",
        &table,
        "--format",
        "csv",
    ]);
    // "," is an "extra" character of RFC 1738, allowed in a path; a quote
    // and a space are not.
    assert_eq!(got, "host,n\na.example,2\nb.example,1\nc.example,1\n");
}

#[test]
fn csv_ndjson_and_parquet_tables() {
    let dir = scratch("sql-files");
    let csv = write(
        &dir,
        "links.csv",
        "page,href\nhttp://a.example/b/c,../d\nhttp://a.example/,//b.example/x\n",
    );
    let json = write(
        &dir,
        "links.ndjson",
        "{\"page\":\"http://a.example/b/c\",\"href\":\"../d\"}\n{\"page\":null,\"href\":\"x\"}\n",
    );
    let query = "SELECT url_resolve(page, href) AS r FROM links";
    assert_eq!(
        ok(&[
            "sql",
            query,
            "-t",
            &format!("links={csv}"),
            "--format",
            "csv"
        ]),
        "r\nhttp://a.example/d\nhttp://b.example/x\n"
    );
    assert_eq!(
        ok(&[
            "sql",
            query,
            "-t",
            &format!("links={json}"),
            "--format",
            "ndjson"
        ]),
        "{\"r\":\"http://a.example/d\"}\n{\"r\":null}\n"
    );
    // A result written as Parquet reads back as a table.
    let parquet = dir.join("out.parquet");
    let parquet = parquet.to_str().unwrap();
    ok(&[
        "sql",
        "SELECT page, url_host(page) AS host FROM links",
        "-t",
        &format!("links={csv}"),
        "--format",
        "parquet",
        "-o",
        parquet,
    ]);
    assert_eq!(
        ok(&[
            "sql",
            "SELECT host, count(*) AS n FROM p GROUP BY host",
            "-t",
            &format!("p={parquet}"),
            "--format",
            "json",
        ]),
        "[{\"host\":\"a.example\",\"n\":2}]\n"
    );
}

#[test]
fn a_folder_is_its_files_of_one_kind() {
    let dir = scratch("sql-folder");
    let crawl = dir.join("crawl");
    std::fs::create_dir_all(&crawl).unwrap();
    write(
        &crawl,
        "part-0.csv",
        "url\nhttp://a.example/1\nhttp://b.example/\n",
    );
    write(&crawl, "part-1.csv", "url\nhttp://a.example/2\n");
    write(&crawl, "notes.md", "not a table\n");
    let got = ok(&[
        "sql",
        "SELECT url_host(url) AS host, count(*) AS n FROM crawl GROUP BY host ORDER BY host",
        "-t",
        &format!("crawl={}", crawl.display()),
        "--format",
        "csv",
    ]);
    assert_eq!(got, "host,n\na.example,2\nb.example,1\n");
}

#[test]
fn the_table_format_shows_null_apart_from_empty() {
    let got = ok(&[
        "sql",
        "SELECT url_user('ftp://@h/') AS empty, url_user('ftp://h/') AS none",
    ]);
    assert_eq!(
        got,
        "+-------+------+\n| empty | none |\n+-------+------+\n|       | NULL |\n+-------+------+\n"
    );
}

#[test]
fn bad_sql_or_a_missing_file_is_datafusion_s_message_and_exit_1() {
    let out = uniform(&["sql", "SELEC 1"]);
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.starts_with("uniform: sql: SQL error: ParserError"),
        "{err}"
    );

    let out = uniform(&["sql", "SELECT * FROM nowhere"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        String::from_utf8_lossy(&out.stderr)
            .contains("table 'datafusion.public.nowhere' not found")
    );

    let out = uniform(&["sql", "SELECT 1", "-t", "t=/nonexistent/urls.parquet"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(!out.stderr.is_empty());

    let out = uniform(&["sql", "SELECT 1", "-t", "no-equals-sign"]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn output_to_a_file() {
    let dir = scratch("sql-output");
    let out = dir.join("r.csv");
    let got = ok(&[
        "sql",
        "SELECT url_normalize('HTTP://H:80/%7e') AS n",
        "--format",
        "csv",
        "-o",
        out.to_str().unwrap(),
    ]);
    assert_eq!(got, "");
    assert_eq!(std::fs::read_to_string(&out).unwrap(), "n\nhttp://h/%7E\n");
}

#[test]
fn uniform_sql_passes_every_argument_and_the_exit_status_through() {
    // --help is uniform-sql's, its usage line naming the command typed.
    let out = uniform(&["sql", "--help"]);
    let help = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    assert!(
        help.contains("Usage: uniform sql [OPTIONS] <QUERY>"),
        "{help}"
    );
    assert!(help.contains("url_registrable_domain"), "{help}");
    // A usage error of uniform-sql is exit 2, a failed query 1.
    assert_eq!(
        uniform(&["sql", "--format", "xml", "SELECT 1"])
            .status
            .code(),
        Some(2)
    );
    assert_eq!(uniform(&["sql", "SELEC 1"]).status.code(), Some(1));
    // Arguments that look like flags of uniform's own reach the query.
    let got = ok(&[
        "sql",
        "--format",
        "csv",
        "SELECT '--version' AS v, '-h' AS h",
    ]);
    assert_eq!(got, "v,h\n--version,-h\n");
    // Standard input is uniform-sql's too: a query's table from /dev/stdin.
    let dir = scratch("sql-stdin");
    let file = write(&dir, "urls.txt", "gopher://h.example/1\n");
    let out = Command::new(uniform_bin())
        .args([
            "sql",
            "--format",
            "csv",
            "SELECT url_host(url) AS h FROM t",
            "-t",
        ])
        .arg("t=/dev/stdin")
        .stdin(std::fs::File::open(&file).unwrap())
        .output()
        .unwrap();
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "h\nh.example\n",
        "{out:?}"
    );
}

#[test]
fn uniform_sql_runs_alone_too() {
    let out = Command::new(env!("CARGO_BIN_EXE_uniform-sql"))
        .args(["--format", "csv", "SELECT url_scheme('ftp://h/') AS s"])
        .output()
        .unwrap();
    assert_eq!(String::from_utf8_lossy(&out.stdout), "s\nftp\n", "{out:?}");
}

/// The characters that act on a terminal: C0 but the line feed, DEL, C1,
/// the bidirectional controls.
fn acting(text: &str) -> Vec<char> {
    text.chars()
        .filter(|&c| {
            c != '\n'
                && (c < ' '
                    || ('\u{7f}'..='\u{9f}').contains(&c)
                    || matches!(c, '\u{61c}' | '\u{200e}' | '\u{200f}')
                    || ('\u{202a}'..='\u{202e}').contains(&c)
                    || ('\u{2066}'..='\u{2069}').contains(&c))
        })
        .collect()
}

#[test]
fn controls_in_values_are_escaped_in_the_table_and_json_kept_in_csv() {
    let dir = scratch("sql-controls");
    let controls = "\u{1}\u{7}\u{1b}[2J\u{7f}\u{85}\u{9b}\u{202e}\u{2066}\u{200f}";
    let file = write(&dir, "urls.txt", &format!("http://h.example/{controls}x\n"));
    let table = format!("t={file}");
    for format in ["table", "json", "ndjson"] {
        let out = uniform(&["sql", "SELECT url FROM t", "-t", &table, "--format", format]);
        let text = String::from_utf8(out.stdout).unwrap();
        assert_eq!(out.status.code(), Some(0), "{format}: {text}");
        assert!(text.contains("h.example"), "{format}: {text}");
        assert_eq!(acting(&text), [], "{format}: {text:?}");
    }
    // JSON's escapes read back as the same value.
    let json = ok(&[
        "sql",
        "SELECT url FROM t",
        "-t",
        &table,
        "--format",
        "ndjson",
    ]);
    assert!(json.contains("\\u202e"), "{json}");
    let value: serde_json::Value = serde_json::from_str(json.trim()).unwrap();
    assert_eq!(value["url"], format!("http://h.example/{controls}x"));
    // CSV is data for programs: the value as it is.
    let csv = ok(&["sql", "SELECT url FROM t", "-t", &table, "--format", "csv"]);
    assert!(csv.contains(controls), "{csv:?}");
    // A message quoting the query, and a usage error quoting an argument.
    for args in [
        &["sql", "SELECT '\u{1b}[2J\u{202e}' FROM nowhere"][..],
        &["sql", "--format", "\u{1b}[2J\u{202e}", "SELECT 1"],
    ] {
        let out = uniform(args);
        assert_ne!(out.status.code(), Some(0), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(!err.is_empty(), "{args:?}");
        assert_eq!(acting(&err), [], "{args:?}: {err:?}");
    }
}
