//! `uniform links` on the inputs beyond HTML, Markdown and text: a
//! sitemap (plain and gzipped), a sitemap index, a feed, a stylesheet,
//! and an HTML page with a meta refresh and CSS. Their links name local
//! files that exist or do not, so no server is needed: each verdict, line
//! and column is read from the JSON report.

use serde_json::Value;
use std::process::Output;
use support::{field, json_links, links, write};
use uniform_testkit::scratch;

#[path = "support/links.rs"]
mod support;

/// Each link of the JSON report: the last name of its URL's path, its
/// kind, its status, line and column.
fn report(out: &Output) -> Vec<(String, String, String, u64, u64)> {
    json_links(out)
        .iter()
        .map(|l| {
            let url = l["url"].as_str().unwrap_or(l["text"].as_str().unwrap());
            (
                url.rsplit('/').next().unwrap().to_string(),
                field(l, "kind"),
                field(l, "status"),
                l["line"].as_u64().unwrap(),
                l["column"].as_u64().unwrap(),
            )
        })
        .collect()
}

fn row(
    name: &str,
    kind: &str,
    status: &str,
    line: u64,
    column: u64,
) -> (String, String, String, u64, u64) {
    (name.into(), kind.into(), status.into(), line, column)
}

/// A site: pages and images that exist, and documents linking to them and
/// to others that do not.
fn site(name: &str) -> std::path::PathBuf {
    let dir = scratch(name);
    write(&dir, "index.html", "<p>home</p>");
    write(&dir, "img.png", "png");
    dir
}

/// A gzip stream of `data` (under 64 KiB) in one stored deflate block
/// (RFC 1951 section 3.2.4, RFC 1952), made here so that the test needs
/// no compressor.
fn gzip_stored(data: &[u8]) -> Vec<u8> {
    let len = u16::try_from(data.len()).unwrap();
    let mut out = vec![0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff, 1];
    out.extend_from_slice(&len.to_le_bytes());
    out.extend_from_slice(&(!len).to_le_bytes());
    out.extend_from_slice(data);
    let mut crc = !0u32;
    for &b in data {
        crc ^= u32::from(b);
        for _ in 0..8 {
            crc = if crc & 1 == 1 {
                (crc >> 1) ^ 0xEDB8_8320
            } else {
                crc >> 1
            };
        }
    }
    out.extend_from_slice(&(!crc).to_le_bytes());
    out.extend_from_slice(&u32::from(len).to_le_bytes());
    out
}

const SITEMAP: &str = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>
<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">
  <url><loc>index.html</loc></url>
  <url>
    <loc>missing.html</loc>
  </url>
</urlset>
";

#[test]
fn a_sitemap_and_its_gzipped_copy() {
    let dir = site("sitemap");
    let plain = write(&dir, "sitemap.xml", SITEMAP);
    let packed = write(&dir, "sitemap.xml.gz", gzip_stored(SITEMAP.as_bytes()));
    // Fetched as a file: URL too, its gzip found by its magic octets.
    let url = format!(
        "file://{}",
        std::fs::canonicalize(&packed).unwrap().display()
    );
    for input in [plain, packed, url] {
        let out = links(&["--format", "json", "-v", &input]);
        assert_eq!(out.status.code(), Some(2), "{input}");
        assert_eq!(
            report(&out),
            [
                row("index.html", "loc", "ok", 3, 13),
                row("missing.html", "loc", "broken", 5, 10),
            ],
            "{input}"
        );
    }
}

#[test]
fn a_sitemap_index_lists_sitemaps_as_links() {
    let dir = site("sitemap-index");
    write(&dir, "sitemap.xml", SITEMAP);
    let index = write(
        &dir,
        "sitemap_index.xml",
        "<sitemapindex xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n<sitemap><loc>sitemap.xml</loc></sitemap>\n<sitemap><loc>sitemap2.xml</loc></sitemap>\n</sitemapindex>\n",
    );
    let out = links(&["--format", "json", "-v", &index]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        report(&out),
        [
            row("sitemap.xml", "sitemap", "ok", 2, 15),
            row("sitemap2.xml", "sitemap", "broken", 3, 15),
        ]
    );
    // A walked folder reads the .xml files that are sitemaps or feeds,
    // and no other.
    write(
        &dir,
        "pom.xml",
        "<project><url>nowhere.html</url></project>",
    );
    let out = links(&["--format", "json", "-v", &dir.display().to_string()]);
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    let docs: Vec<String> = v["links"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| {
            let d = l["document"].as_str().unwrap();
            d.rsplit(['/', '\\']).next().unwrap().to_string()
        })
        .collect();
    assert_eq!(
        docs,
        [
            "sitemap.xml",
            "sitemap.xml",
            "sitemap_index.xml",
            "sitemap_index.xml"
        ]
    );
}

#[test]
fn a_feed() {
    let dir = site("feed");
    let feed = write(
        &dir,
        "news.rss",
        "<rss version=\"2.0\"><channel>\n<link>index.html</link>\n<item><link>gone.html</link>\n<enclosure url=\"img.png\" length=\"3\" type=\"image/png\"/></item>\n</channel></rss>\n",
    );
    let out = links(&["--format", "json", "-v", &feed]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        report(&out),
        [
            row("index.html", "element", "ok", 2, 7),
            row("gone.html", "element", "broken", 3, 13),
            row("img.png", "element", "ok", 4, 17),
        ]
    );
    // An Atom feed read from a .xml name, by its root element, with its
    // xml:base.
    let sub = dir.join("sub");
    std::fs::create_dir_all(&sub).unwrap();
    let atom = write(
        &sub,
        "atom.xml",
        "<feed xmlns=\"http://www.w3.org/2005/Atom\">\n<id>urn:x</id><entry xml:base=\"../\"><link href=\"index.html\"/></entry>\n</feed>",
    );
    let out = links(&["--format", "json", "-v", &atom]);
    // Its relative xml:base resolves against the document's URL.
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(report(&out), [row("index.html", "href", "ok", 2, 49)]);
}

#[test]
fn a_stylesheet() {
    let dir = site("css");
    let css = write(
        &dir,
        "site.css",
        "@import \"nope.css\";\n/* url(comment.png) */\nbody {\n  background: url( img.png );\n  cursor: url('no\\).cur'), auto;\n}\n",
    );
    let out = links(&["--format", "json", "-v", &css]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        report(&out),
        [
            row("nope.css", "import", "broken", 1, 10),
            row("img.png", "url", "ok", 4, 20),
            row("no).cur", "url", "broken", 5, 16),
        ]
    );
    // --input-format css reads any name as CSS.
    let odd = write(&dir, "odd.style", "a { b: url(img.png) }");
    let out = links(&["--format", "json", "-v", "--input-format", "css", &odd]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(report(&out), [row("img.png", "url", "ok", 1, 12)]);
}

#[test]
fn an_html_page_with_a_refresh_and_css() {
    let dir = site("html");
    let page = write(
        &dir,
        "page.html",
        "<!doctype html><head>\n<meta http-equiv=\"refresh\" content=\"5; URL='moved.html'\">\n<link rel=\"alternate\" type=\"application/rss+xml\" href=\"news.rss\">\n<style>\nbody { background: url(img.png) }\n</style></head>\n<p style=\"background: url(missing.png)\">x</p>\n",
    );
    let out = links(&["--format", "json", "-v", &page]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        report(&out),
        [
            row("moved.html", "refresh", "broken", 2, 45),
            row("news.rss", "feed", "broken", 3, 56),
            row("img.png", "url", "ok", 5, 24),
            row("missing.png", "url", "broken", 7, 27),
        ]
    );
}

/// A gzip bomb: one fixed-Huffman deflate block (RFC 1951 section 3.2.6)
/// of an `a` and then `copies` copies of 258 octets at distance 1, 13
/// bits each: about 160 times smaller than what it inflates to. Its CRC
/// is left zero: the reading must stop at its bound before it gets there.
fn gzip_bomb(copies: usize) -> Vec<u8> {
    struct Bits {
        out: Vec<u8>,
        bit: u32,
    }
    impl Bits {
        fn push(&mut self, b: u32) {
            if self.bit.is_multiple_of(8) {
                self.out.push(0);
            }
            if b == 1 {
                *self.out.last_mut().unwrap() |= 1 << (self.bit % 8);
            }
            self.bit += 1;
        }
        /// A Huffman code, its most significant bit first.
        fn code(&mut self, code: u32, len: u32) {
            for i in (0..len).rev() {
                self.push((code >> i) & 1);
            }
        }
    }
    let mut bits = Bits {
        out: Vec::new(),
        bit: 0,
    };
    // BFINAL, then BTYPE 01 (fixed codes), least significant bit first.
    bits.push(1);
    bits.push(1);
    bits.push(0);
    bits.code(0x30 + u32::from(b'a'), 8);
    for _ in 0..copies {
        bits.code(0xC0 + (285 - 280), 8); // length 258
        bits.code(0, 5); // distance 1
    }
    bits.code(0, 7); // end of block
    let mut out = vec![0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff];
    out.extend_from_slice(&bits.out);
    out.extend_from_slice(&[0; 8]);
    out
}

#[test]
fn hostile_sitemaps_get_a_clear_verdict() {
    let dir = site("hostile");
    // 64 MiB from 400 KiB: past the bound, an input error.
    let bomb = gzip_bomb(260_000);
    assert!(bomb.len() < 500_000);
    let bomb = write(&dir, "sitemap.xml.gz", bomb);
    let start = std::time::Instant::now();
    let out = links(&["--format", "json", "-v", &bomb]);
    assert!(start.elapsed() < std::time::Duration::from_secs(60));
    assert_eq!(out.status.code(), Some(1));
    let all = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        all.contains("inflates to more than 52428800 octets"),
        "{all}"
    );
    // An entity bomb is not expanded: its reference is a link as written.
    let xml =
        uniform_testkit::entity_bomb_prolog() + "<urlset><url><loc>&lol9;</loc></url></urlset>\n";
    let lol = write(&dir, "lol.xml", xml);
    let out = links(&["--format", "json", "-v", &lol]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(report(&out), [row("&lol9;", "loc", "broken", 3, 19)]);
}
