//! The cost of editing a URL, against the `url` crate's setters: each
//! corpus URL that both accept is parsed into an owned URL and given the
//! same five edits, the value of each encoded as its part requires.
//!
//! ```text
//! cargo bench -p uniform-bench --bench edit
//! cargo bench -p uniform-bench --bench edit -- --passes 101
//! cargo test -p uniform-bench --benches -- --smoke   # one quick pass, debug build
//! ```
//!
//! The edits: the host set to `example.org`, the port to 8080, a path
//! segment `c d` pushed (`c%20d`), a form pair `k`=`v w` appended
//! (`k=v+w`), the fragment set to `top`; each alone on a freshly parsed
//! URL, then the five in a row. Like for like: both sides parse by RFC
//! 3986 (uniform lenient, so that it accepts what `url` accepts) into an
//! owned URL, and both check what they write. The checks differ in
//! depth: uniform parses each edited text again by the whole grammar of
//! its dialect, the scheme's own rules included (RFC 9110's for http),
//! and keeps the edit only when it reads back as written; `url` encodes
//! the value and re-validates only a new host. The
//! parse alone is timed too, so that the edits' own cost (the difference)
//! is shown beside the whole. Before timing, the two results are compared
//! URL by URL: a pass that did different work would not be a comparison.
//! `EDIT_BENCH_SHOW=N` prints the first N URLs left out, with each
//! side's result.

use std::hint::black_box;
use std::process::ExitCode;
use uniform::{Dialect, ParseOptions, Url};
use uniform_bench::{corpus, measure_all, print_header, slice_for_smoke};

const CORPORA: &[&str] = &["kasztp.txt", "localdocs_links.txt"];

fn options() -> ParseOptions {
    ParseOptions::new().dialect(Dialect::Rfc3986)
}

/// The five edits, in order; `EDITS[i]` is the name of edit `i`.
const EDITS: [&str; 5] = [
    "set host",
    "set port",
    "push segment",
    "append form pair",
    "set fragment",
];
/// All five edits.
const ALL: u8 = 0b1_1111;

/// The edits of `mask` on a uniform URL; `None` when one is refused.
fn edit_uniform(u: &str, mask: u8) -> Option<Url> {
    let mut url = Url::parse_with(options(), u).ok()?;
    if mask & 1 != 0 {
        url.set_host("example.org").ok()?;
    }
    if mask & 2 != 0 {
        url.set_port(Some(8080)).ok()?;
    }
    if mask & 4 != 0 {
        url.push_segment("c d").ok()?;
    }
    if mask & 8 != 0 {
        url.append_form_pair("k", "v w").ok()?;
    }
    if mask & 16 != 0 {
        url.set_fragment(Some("top")).ok()?;
    }
    Some(url)
}

/// The same edits by the `url` crate.
fn edit_peer(u: &str, mask: u8) -> Option<url::Url> {
    let mut url = url::Url::parse(u).ok()?;
    if mask & 1 != 0 {
        url.set_host(Some("example.org")).ok()?;
    }
    if mask & 2 != 0 {
        url.set_port(Some(8080)).ok()?;
    }
    if mask & 4 != 0 {
        // A path ending in `/` gets the segment in place of its empty
        // last one, as uniform (and trurl) append.
        url.path_segments_mut().ok()?.pop_if_empty().push("c d");
    }
    if mask & 8 != 0 {
        url.query_pairs_mut().append_pair("k", "v w");
    }
    if mask & 16 != 0 {
        url.set_fragment(Some("top"));
    }
    Some(url)
}

/// The URLs both edit to the same text. Those they differ on (`url`
/// normalizes as it parses: `..` removed, case folded, IDNA) are left
/// out of the timing and counted.
fn common(urls: Vec<String>) -> (Vec<String>, usize) {
    let total = urls.len();
    // EDIT_BENCH_SHOW=N prints the first N left out, with both results.
    let mut show: usize = std::env::var("EDIT_BENCH_SHOW")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(0);
    let same: Vec<String> = urls
        .into_iter()
        .filter(|u| {
            let (a, b) = (edit_uniform(u, ALL), edit_peer(u, ALL));
            let same = matches!((&a, &b), (Some(a), Some(b)) if a.as_str() == b.as_str());
            if !same && show > 0 {
                show -= 1;
                eprintln!(
                    "{u}\n  uniform {:?}\n  url     {:?}",
                    a.as_ref().map(Url::as_str),
                    b.as_ref().map(url::Url::as_str)
                );
            }
            same
        })
        .collect();
    let left_out = total - same.len();
    (same, left_out)
}

fn main() -> ExitCode {
    uniform_bench::smoke_needs(&uniform_bench::corpus_dir());
    let mut passes = 31;
    let mut smoke = false;
    let mut it = std::env::args().skip(1);
    while let Some(a) = it.next() {
        match a.as_str() {
            "--bench" => {}
            "--smoke" => smoke = true,
            "--passes" => {
                passes = it
                    .next()
                    .and_then(|n| n.parse().ok())
                    .filter(|&n| n > 0)
                    .unwrap_or(passes)
            }
            other => {
                eprintln!("unknown argument {other:?}");
                return ExitCode::from(2);
            }
        }
    }
    print_header("edit", &["url"]);
    if smoke {
        passes = 1;
        println!("smoke run: the first 500 lines of each corpus, one pass");
    }
    println!(
        "{:<20} {:<18} {:>7} {:>9} {:>18} {:>18} {:>18} {:>18} {:>7} {:>7}",
        "corpus",
        "edits",
        "URLs",
        "left out",
        "uniform parse",
        "uniform + edits",
        "url parse",
        "url + edits",
        "whole",
        "edits"
    );
    // Each edit alone, then the five in a row.
    let rows: Vec<(&str, u8)> = EDITS
        .iter()
        .enumerate()
        .map(|(i, name)| (*name, 1u8 << i))
        .chain([("all five", ALL)])
        .collect();
    for name in CORPORA {
        let (urls, left_out) = common(slice_for_smoke(corpus(name), 500, smoke));
        if urls.is_empty() {
            println!("{name:<20} no URL both edit alike");
            continue;
        }
        for &(edits, mask) in &rows {
            let mut u_parse = || {
                for u in &urls {
                    let _ = black_box(Url::parse_with(options(), black_box(u)));
                }
                urls.len()
            };
            let mut u_edit = || {
                for u in &urls {
                    let _ = black_box(edit_uniform(black_box(u), mask));
                }
                urls.len()
            };
            let mut p_parse = || {
                for u in &urls {
                    let _ = black_box(url::Url::parse(black_box(u)));
                }
                urls.len()
            };
            let mut p_edit = || {
                for u in &urls {
                    let _ = black_box(edit_peer(black_box(u), mask));
                }
                urls.len()
            };
            let s = measure_all(
                passes,
                &mut [&mut u_parse, &mut u_edit, &mut p_parse, &mut p_edit],
            );
            let cell = |i: usize| format!("{:.1} / {:.1} ns", s[i].median, s[i].best);
            // The peer's time over uniform's, as every bench reports:
            // under 1 uniform is slower.
            let whole = s[3].median / s[1].median;
            let edit_only = (s[3].median - s[2].median) / (s[1].median - s[0].median);
            println!(
                "{:<20} {:<18} {:>7} {:>9} {:>18} {:>18} {:>18} {:>18} {:>6.2}x {:>6.2}x",
                name,
                edits,
                urls.len(),
                left_out,
                cell(0),
                cell(1),
                cell(2),
                cell(3),
                whole,
                edit_only
            );
        }
    }
    println!(
        "whole: url's parse + edits over uniform's (median); edits: the same \
         without the parse (median differences); under 1.00x uniform is slower"
    );
    ExitCode::SUCCESS
}
