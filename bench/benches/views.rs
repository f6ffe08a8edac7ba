//! The cost of the typed views on top of parsing: each corpus through
//! `UrlRef::parse` alone, then through `parse` + `specific()` + reading
//! every field the view names (DESIGN.md's `details` keys), each decoded.
//!
//! ```text
//! cargo bench -p uniform-bench --bench views
//! cargo bench -p uniform-bench --bench views -- --passes 101
//! cargo test -p uniform-bench --benches -- --smoke   # one quick pass, debug build
//! ```
//!
//! The passes of the closures are interleaved, so that load from other
//! processes falls on all alike. The budget: the view (`specific()`, which
//! finds the scheme's fields) costs under 20% of the parse (median over
//! median); the bench prints whether it is met, and fails on it no more
//! (`--check` is accepted and ignored: speed targets are issue 17's).
//! Reading every field as written, and decoding every field, are shown
//! beside it: that is work a caller asks for field by field.

use std::hint::black_box;
use std::process::ExitCode;
use uniform::UrlRef;
use uniform::schemes::{Encoded, NewsTarget, SchemeUrl};
use uniform_bench::{corpus, measure_all, print_header, slice_for_smoke};

const CORPORA: &[&str] = &["legacy_schemes.txt", "node_files.txt"];
const BUDGET: f64 = 1.20;

/// The length of a field decoded: forces the decoding.
fn decoded(e: Encoded<'_>) -> usize {
    e.decode().len()
}

/// The length of a field as written.
fn raw(e: Encoded<'_>) -> usize {
    e.as_str().len()
}

/// Reads every field of the view (with `len`: as written, or decoded)
/// and sums their lengths.
fn read_all(u: &UrlRef<'_>, len: fn(Encoded<'_>) -> usize) -> usize {
    let opt = |e: Option<Encoded<'_>>| e.map_or(0, len);
    match u.specific() {
        SchemeUrl::Ftp(f) => {
            f.cwd().map(len).sum::<usize>()
                + len(f.name())
                + f.typecode().is_some() as usize
                + opt(f.user())
                + opt(f.password())
        }
        SchemeUrl::Http(h) => h.segments().map(len).sum::<usize>() + opt(h.search()),
        SchemeUrl::Gopher(g) => {
            g.gopher_type() as usize + len(g.selector()) + opt(g.search()) + opt(g.plus())
        }
        SchemeUrl::Mailto(m) => len(m.address()),
        SchemeUrl::News(n) => match n.target() {
            NewsTarget::AllGroups => 1,
            NewsTarget::Group(g) | NewsTarget::Article(g) => len(g),
        },
        SchemeUrl::Nntp(n) => len(n.group()) + n.article_number().unwrap_or(0) as usize,
        SchemeUrl::Telnet(t) => {
            opt(t.user()) + opt(t.password()) + t.host().len() + t.port() as usize
        }
        SchemeUrl::Wais(w) => len(w.database()) + opt(w.search()) + opt(w.wtype()) + opt(w.wpath()),
        SchemeUrl::File(f) => f.host().len() + len(f.path()) + f.is_local() as usize,
        SchemeUrl::Prospero(p) => {
            len(p.hsoname()) + p.fields().map(|(n, v)| len(n) + len(v)).sum::<usize>()
        }
        SchemeUrl::Generic(g) => g.scheme_specific_part().as_str().len(),
        _ => 0,
    }
}

fn main() -> ExitCode {
    uniform_bench::smoke_needs(&uniform_bench::corpus_dir());
    let mut passes = 51;
    let mut smoke = false;
    let mut it = std::env::args().skip(1);
    while let Some(a) = it.next() {
        match a.as_str() {
            "--bench" => {}
            "--check" => {}
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
    print_header("views", &[]);
    if smoke {
        passes = 1;
        println!("smoke run: the first 500 lines of each corpus, one pass");
    }
    println!(
        "{:<20} {:>22} {:>22} {:>7} {:>22} {:>7} {:>22} {:>7}",
        "corpus",
        "parse (median / best)",
        "+ view",
        "ratio",
        "+ view, raw fields",
        "ratio",
        "+ view, decoded",
        "ratio"
    );
    let mut over = false;
    for name in CORPORA {
        let urls = slice_for_smoke(corpus(name), 500, smoke);
        // The whole parse result is kept, so that no offset a view reads
        // is left uncomputed in the baseline.
        let mut parse = || {
            for u in &urls {
                let _ = black_box(UrlRef::parse(black_box(u)));
            }
            urls.len()
        };
        // The view alone: what `specific()` finds, before any field is read.
        let mut view = || {
            for u in &urls {
                if let Ok(url) = UrlRef::parse(black_box(u)) {
                    let _ = black_box(url.specific());
                }
            }
            urls.len()
        };
        let views = |len: fn(Encoded<'_>) -> usize| {
            let urls = &urls;
            move || {
                let mut sum = 0usize;
                for u in urls {
                    if let Ok(url) = UrlRef::parse(black_box(u)) {
                        sum += read_all(&url, len);
                    }
                }
                black_box(sum);
                urls.len()
            }
        };
        let (mut v_raw, mut v_dec) = (views(raw), views(decoded));
        let s = measure_all(passes, &mut [&mut parse, &mut view, &mut v_raw, &mut v_dec]);
        let ratio = |i: usize| s[i].median / s[0].median;
        over |= ratio(1) >= BUDGET;
        println!(
            "{:<20} {:>22} {:>22} {:>6.2}x {:>22} {:>6.2}x {:>22} {:>6.2}x",
            name,
            s[0].to_string(),
            s[1].to_string(),
            ratio(1),
            s[2].to_string(),
            ratio(2),
            s[3].to_string(),
            ratio(3)
        );
    }
    println!(
        "budget: the view under {:.0}% on top of the parse (median): {}",
        (BUDGET - 1.0) * 100.0,
        if over { "over" } else { "met" }
    );
    ExitCode::SUCCESS
}
