//! Each function against answers written by hand from the RFCs: NULL in,
//! NULL out; an invalid URL NULL from the accessors; the empty user name
//! apart from no user name; the dialects; bad arguments refused with the
//! function's name.

use datafusion::arrow::util::display::{ArrayFormatter, FormatOptions};
use uniform_sql::session::embedded;

/// The rows of `sql`, each as its cells joined by `|`, NULL as `NULL`.
fn rows(sql: &str) -> Vec<String> {
    let runtime = tokio::runtime::Runtime::new().unwrap();
    runtime.block_on(async {
        let ctx = embedded();
        let batches = ctx.sql(sql).await.unwrap().collect().await.unwrap();
        let options = FormatOptions::default().with_null("NULL");
        let mut out = Vec::new();
        for batch in batches {
            let cells: Vec<ArrayFormatter> = batch
                .columns()
                .iter()
                .map(|c| ArrayFormatter::try_new(c.as_ref(), &options).unwrap())
                .collect();
            for r in 0..batch.num_rows() {
                let row: Vec<String> = cells.iter().map(|c| c.value(r).to_string()).collect();
                out.push(row.join("|"));
            }
        }
        out
    })
}

fn one(sql: &str) -> String {
    let mut all = rows(sql);
    assert_eq!(all.len(), 1, "{sql}: {all:?}");
    all.remove(0)
}

fn error(sql: &str) -> String {
    let runtime = tokio::runtime::Runtime::new().unwrap();
    runtime.block_on(async {
        let ctx = embedded();
        let result = match ctx.sql(sql).await {
            Ok(df) => df.collect().await.map(|_| ()),
            Err(e) => Err(e),
        };
        result.expect_err(sql).to_string()
    })
}

#[test]
fn components_of_the_rfc_1738_examples() {
    assert_eq!(
        one(
            "SELECT url_scheme(u), url_user(u), url_host(u), url_port(u), url_path(u) \
             FROM (VALUES ('ftp://myname@host.dom/%2Fetc/motd')) AS t(u)"
        ),
        "ftp|myname|host.dom|21|%2Fetc/motd"
    );
    // RFC 1738 3.1: an empty user name is not the same as no user name.
    assert_eq!(one("SELECT url_user('ftp://@host.com/')"), "");
    assert_eq!(one("SELECT url_user('ftp://host.com/') IS NULL"), "true");
    assert_eq!(one("SELECT url_user('ftp://:@host.com/') = ''"), "true");
    // No "/" after the host: no url-path at all (3.1).
    assert_eq!(
        one("SELECT url_path('http://h') IS NULL, url_path('http://h/')"),
        "true|"
    );
    assert_eq!(
        one("SELECT url_query('http://h/p?a=1#f'), url_fragment('http://h/p?a=1#f')"),
        "a=1|f"
    );
}

#[test]
fn the_search_part_is_the_scheme_s_under_rfc_1738() {
    // ftp has no search part in RFC 1738: "?" is part of the path.
    assert_eq!(
        one("SELECT url_query('ftp://h/a?b') IS NULL, url_path('ftp://h/a?b')"),
        "true|a?b"
    );
    assert_eq!(one("SELECT url_query('ftp://h/a?b', 'rfc3986')"), "b");
}

#[test]
fn ports_written_or_default() {
    assert_eq!(
        one(
            "SELECT url_port('http://h/'), url_port('http://h:8080/'), url_port('gopher://h/'), \
             url_port('nntp://h/g/1'), url_port('mailto:a@b')"
        ),
        "80|8080|70|119|NULL"
    );
}

#[test]
fn null_in_null_out_and_invalid_urls_give_null() {
    assert_eq!(
        one(
            "SELECT url_host(NULL), url_valid(NULL), url_port(NULL), url_normalize(NULL), \
             url_resolve(NULL, 'g'), url_resolve('http://a/', NULL), url_equal(NULL, 'http://a/')"
        ),
        "NULL|NULL|NULL|NULL|NULL|NULL|NULL"
    );
    assert_eq!(
        one(
            "SELECT url_host('not a url'), url_scheme('://x'), url_port('http://h:99999999/'), \
             url_normalize('no scheme'), url_equal('x', 'http://a/')"
        ),
        "NULL|NULL|NULL|NULL|NULL"
    );
    // A NULL option gives NULL too.
    assert_eq!(one("SELECT url_valid('http://h/', NULL)"), "NULL");
}

#[test]
fn valid_is_strict_unless_told() {
    // A space is unsafe (RFC 1738 2.2): an error when strict, a warning
    // when lenient.
    assert_eq!(
        one("SELECT url_valid('http://h/a b'), url_valid('http://h/a b', 'rfc1738', false)"),
        "false|true"
    );
    // "~" is unsafe in RFC 1738 and unreserved in RFC 3986.
    assert_eq!(
        one("SELECT url_valid('http://h/~me'), url_valid('http://h/~me', 'rfc3986')"),
        "false|true"
    );
    // The accessors are lenient unless told to be strict.
    assert_eq!(
        one("SELECT url_host('http://h/a b'), url_host('http://h/a b', 'rfc1738', true)"),
        "h|NULL"
    );
}

#[test]
fn a_host_group_by_over_valid_urls() {
    let got = rows(
        "SELECT url_host(u) AS host, count(*) AS n FROM (VALUES \
           ('http://a.example/1'), ('http://a.example/2?x'), ('ftp://a.example/f'), \
           ('http://b.example/'), ('http://b.example/a b'), ('gopher://c.example/1'), \
           ('junk'), (NULL), ('mailto:joe@a.example')) AS t(u) \
         WHERE url_valid(u) GROUP BY host ORDER BY n DESC, host",
    );
    assert_eq!(got, ["a.example|3", "b.example|1", "c.example|1", "NULL|1"]);
}

#[test]
fn normalize_and_equal_keep_reserved_escapes() {
    assert_eq!(
        one("SELECT url_normalize('HTTP://Host.COM:80/a/%41')"),
        "http://host.com/a/A"
    );
    // An encoded reserved character is never the character (RFC 1738 2.2).
    assert_eq!(
        one("SELECT url_equal('http://h/a%2Fb', 'http://h/a/b'), \
                    url_equal('http://h:80/%41', 'HTTP://H/A')"),
        "false|true"
    );
}

#[test]
fn query_parameters_form_decoded() {
    assert_eq!(
        one(
            "SELECT url_query_param('http://h/s?q=a+b%26c&flag&q=2', 'q'), \
                    url_query_param('http://h/s?q=1&flag', 'flag'), \
                    url_query_param('http://h/s?q=1', 'x') IS NULL, \
                    url_query_param('http://h/s?na%6De=v', 'name')"
        ),
        "a b&c||true|v"
    );
}

#[test]
fn resolution_by_each_rule_set() {
    // RFC 3986 5.4 and the table of uniform::resolve.
    assert_eq!(
        one("SELECT url_resolve('http://a/b/c/d;p?q', '../../../g'), \
                    url_resolve('http://a/b/c/d;p?q', '../../../g', 'rfc1808'), \
                    url_resolve('http://a/b/c/d;p?q', '?y', 'rfc1630'), \
                    url_resolve('http://a/b/c/d;p?q', 'g?y#s')"),
        "http://a/g|http://a/../g|http://a/b/c/?y|http://a/b/c/g?y#s"
    );
    assert_eq!(
        one(
            "SELECT url_resolve('http://a/b/c/d;p?q', url_relativize('http://a/b/c/d;p?q', 'http://a/b/e/f'))"
        ),
        "http://a/b/e/f"
    );
    assert!(error("SELECT url_resolve('http://a/', 'g', 'rfc9999')").contains("url_resolve"));
}

#[test]
fn registrable_domains_by_the_public_suffix_list() {
    assert_eq!(
        one(
            "SELECT url_registrable_domain('http://www.example.co.uk/'), \
                    url_registrable_domain('http://WWW.Example.COM/'), \
                    url_registrable_domain('http://co.uk/') IS NULL, \
                    url_registrable_domain('http://10.0.0.1/') IS NULL, \
                    url_registrable_domain('http://a.b.github.io/')"
        ),
        "example.co.uk|example.com|true|true|b.github.io"
    );
}

#[test]
fn encode_and_decode() {
    assert_eq!(
        one(
            "SELECT url_encode('a b/c;d'), url_encode('a b/c', 'path'), url_decode('%41%42c'), \
                    url_decode('%ff') IS NULL"
        ),
        "a%20b%2Fc%3Bd|a%20b/c|ABc|true"
    );
}

#[test]
fn urls_found_in_text() {
    let got = rows(
        "SELECT unnest(url_extract('see <URL:ftp://a.example/c> or www.b.example, \
         and http://c.example/x.')) AS u",
    );
    assert_eq!(
        got,
        [
            "ftp://a.example/c",
            "http://www.b.example",
            "http://c.example/x"
        ]
    );
    assert_eq!(one("SELECT url_extract(NULL) IS NULL"), "true");
}

#[test]
fn bad_arguments_name_the_function() {
    assert!(error("SELECT url_host()").contains("url_host takes 1 to 3 arguments"));
    assert!(error("SELECT url_host(1)").contains("url_host: argument 1 must be text"));
    assert!(error("SELECT url_valid('http://h/', 'rfc1738', 'yes')").contains("must be a boolean"));
    assert!(
        error("SELECT url_valid('http://h/', 'rfc2396')").contains("unknown dialect 'rfc2396'")
    );
    assert!(error("SELECT url_encode('x', 'nope')").contains("unknown set 'nope'"));
}

#[test]
fn columns_of_every_string_type_and_pieces_that_borrow() {
    // Utf8, LargeUtf8 and Utf8View inputs; hosts short enough to sit in the
    // view and long enough to point into the input's buffer.
    for cast in ["VARCHAR", "TEXT", "STRING"] {
        let got = rows(&format!(
            "SELECT url_host(CAST(u AS {cast})), url_host(arrow_cast(u, 'LargeUtf8')), \
                    url_host(arrow_cast(u, 'Utf8View')) FROM (VALUES \
              ('http://h.example/'), ('http://a-rather-long-host-name.example.org/x'), (NULL)) AS t(u)"
        ));
        assert_eq!(
            got,
            [
                "h.example|h.example|h.example",
                "a-rather-long-host-name.example.org|a-rather-long-host-name.example.org|a-rather-long-host-name.example.org",
                "NULL|NULL|NULL"
            ]
        );
    }
}

#[test]
fn the_whatwg_dialect_reads_the_serialization() {
    // The URL Standard rewrites the text: each function answers from its
    // href, which no piece of the input holds.
    assert_eq!(
        one("SELECT url_normalize(' HTTP://EXAMPLE.com:80/a/./b\\c ', 'whatwg')"),
        "http://example.com/a/b/c"
    );
    assert_eq!(
        one("SELECT url_host('http://0x7f.1/', 'whatwg'), url_host('http://0x7f.1/')"),
        "127.0.0.1|0x7f.1"
    );
    assert_eq!(
        one("SELECT url_path('https://h/a b', 'whatwg'), url_port('wss://h:443/', 'whatwg')"),
        "a%20b|443"
    );
    // No absent user name in the Standard: an empty one reads as absent.
    assert_eq!(
        one("SELECT url_user('http://@h/', 'whatwg'), url_user('http://@h/')"),
        "NULL|"
    );
    assert_eq!(
        one(
            "SELECT url_equal('http://H:80/x/../y', 'http://h/y', 'whatwg'), url_valid('http://h/a b', 'whatwg'), url_valid('http://h/a b', 'whatwg', false)"
        ),
        "true|false|true"
    );
    assert_eq!(one("SELECT url_host('http://exa mple/', 'whatwg')"), "NULL");
}
