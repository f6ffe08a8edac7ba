//! Relative resolution: `uniform::resolve::resolve` against `url::Url::join`.
//!
//! ```text
//! cargo bench -p uniform-bench --bench resolve
//! cargo bench -p uniform-bench --bench resolve -- --passes 51
//! cargo bench -p uniform-bench --bench resolve -- --check   # exit 1 when the target is missed
//! ```
//!
//! The (base, reference) pairs come from the shared corpora: for each pair
//! of consecutive URLs of the same scheme and host, the second one as an
//! absolute path, as the shortest relative reference
//! (`uniform::resolve::relativize`), as a network path and as itself; plus
//! the 42 references of RFC 3986 section 5.4 against every hundredth URL.
//! Only bases the `url` crate accepts are kept. Figures are nanoseconds per
//! resolution, median and best of the passes, interleaved; each ratio is
//! url's time over Uniform's.
//!
//! The target (3x) is checked like for like: `Url::join` is a method of a
//! `url::Url` parsed beforehand, outside the timing, so it is set against
//! `Base::resolve`, whose base is split beforehand too. `resolve`, which
//! takes the base as a string and splits it every time, is printed
//! beside it against the same pre-parsed `Url::join`, and against
//! `Url::parse` then `join`, which is the same work as its own.

use std::hint::black_box;
use std::process::ExitCode;
use uniform::resolve::{Base, Rules, relativize, resolve, resolve_into};
use uniform_bench::{corpus, measure_all};

const CORPORA: &[&str] = &["kasztp.txt", "localdocs_links.txt", "legacy_schemes.txt"];
const DEFAULT_PASSES: usize = 31;
const TARGET: f64 = 3.0;

/// RFC 3986 section 5.4.1 and 5.4.2.
const RFC3986_REFERENCES: &[&str] = &[
    "g:h",
    "g",
    "./g",
    "g/",
    "/g",
    "//g",
    "?y",
    "g?y",
    "#s",
    "g#s",
    "g?y#s",
    ";x",
    "g;x",
    "g;x?y#s",
    "",
    ".",
    "./",
    "..",
    "../",
    "../g",
    "../..",
    "../../",
    "../../g",
    "../../../g",
    "../../../../g",
    "/./g",
    "/../g",
    "g.",
    ".g",
    "g..",
    "..g",
    "./../g",
    "./g/.",
    "g/./h",
    "g/../h",
    "g;x=1/./y",
    "g;x=1/../y",
    "g?y/./x",
    "g?y/../x",
    "g#s/./x",
    "g#s/../x",
    "http:g",
];

#[derive(Clone)]
struct Pair {
    base: String,
    reference: String,
    parsed: url::Url,
    kind: usize,
}

/// The kinds of reference, for the per-kind figures.
const KINDS: [&str; 5] = [
    "absolute path (/p?q)",
    "relative path (../p)",
    "network path (//h/p)",
    "absolute URL",
    "RFC 3986 5.4 references",
];

fn host_of(u: &str) -> Option<&str> {
    let rest = &u[u.find("://")? + 3..];
    Some(&rest[..rest.find(['/', '?', '#']).unwrap_or(rest.len())])
}

fn pairs() -> Vec<Pair> {
    let mut out = Vec::new();
    let mut push = |base: &str, reference: String, kind: usize| {
        if let Ok(parsed) = url::Url::parse(base) {
            out.push(Pair {
                base: base.to_owned(),
                reference,
                parsed,
                kind,
            });
        }
    };
    for name in CORPORA {
        let urls = corpus(name);
        for w in urls.windows(2) {
            let (a, b) = (&w[0], &w[1]);
            let (Some(ha), Some(hb)) = (host_of(a), host_of(b)) else {
                continue;
            };
            if ha != hb || a[..a.find(':').unwrap()] != b[..b.find(':').unwrap()] {
                continue;
            }
            let after_host = &b[b.find("://").unwrap() + 3 + hb.len()..];
            if after_host.starts_with('/') {
                push(a, after_host.to_owned(), 0);
            }
            if let Ok(rel) = relativize(a, b, Rules::Rfc3986)
                && !rel.starts_with('/')
                && !rel.contains(':')
            {
                push(a, rel, 1);
            }
            push(a, b[b.find(':').unwrap() + 1..].to_owned(), 2);
            push(a, b.clone(), 3);
        }
        for base in urls.iter().step_by(100) {
            for r in RFC3986_REFERENCES {
                push(base, (*r).to_owned(), 4);
            }
        }
    }
    out
}

fn main() -> ExitCode {
    let mut passes = DEFAULT_PASSES;
    let mut check = false;
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        match a.as_str() {
            "--bench" => {}
            "--check" => check = true,
            "--passes" => {
                passes = args
                    .next()
                    .and_then(|n| n.parse().ok())
                    .unwrap_or(passes)
                    .max(1)
            }
            other => {
                eprintln!("unknown argument {other:?}");
                return ExitCode::from(2);
            }
        }
    }
    let pairs = pairs();
    let same = pairs
        .iter()
        .filter(|p| {
            let ours = resolve(&p.base, &p.reference, Rules::Rfc3986).ok();
            let theirs = p.parsed.join(&p.reference).ok().map(|u| u.to_string());
            ours == theirs
        })
        .count();
    println!(
        "{} (base, reference) pairs from {}; identical results from both: {} ({:.1}%)",
        pairs.len(),
        CORPORA.join(", "),
        same,
        100.0 * same as f64 / pairs.len().max(1) as f64
    );

    let stats = time_all(&pairs, passes, 1);
    println!("{passes} passes; ns per resolution, median / best");
    for (name, s) in NAMES.iter().zip(&stats) {
        println!("  {name:<50} {s}");
    }
    let ratio = stats[4].median / stats[2].median;
    println!(
        "  ratio url::Url::join / uniform Base::resolve: {ratio:.2}x (best {:.2}x); target {TARGET}x",
        stats[4].best / stats[2].best,
    );
    println!(
        "  ratio url::Url::join / uniform::resolve::resolve: {:.2}x (best {:.2}x); \
         url Url::parse + join / resolve: {:.2}x (best {:.2}x)",
        stats[4].median / stats[0].median,
        stats[4].best / stats[0].best,
        stats[5].median / stats[0].median,
        stats[5].best / stats[0].best,
    );

    // A working set that stays in cache, as when the links of one page
    // are resolved against its base: about 2,000 pairs, 20 rounds a pass.
    let hot: Vec<Pair> = pairs
        .iter()
        .step_by((pairs.len() / 2000).max(1))
        .cloned()
        .collect();
    let s = time_all(&hot, passes, 20);
    println!(
        "in cache ({} pairs): resolve {}, Base::resolve {}, url join {}: ratios {:.2}x and {:.2}x",
        hot.len(),
        s[0],
        s[2],
        s[4],
        s[4].median / s[0].median,
        s[4].median / s[2].median
    );

    // Each kind on its own (copied, so that each set is laid out in order).
    println!("by kind of reference (ns per resolution, median / best):");
    for (k, name) in KINDS.iter().enumerate() {
        let sub: Vec<Pair> = pairs.iter().filter(|p| p.kind == k).cloned().collect();
        let s = time_all(&sub, passes.min(11), 1);
        println!(
            "  {name:<26} {:>6} pairs  resolve {}  Base::resolve {}  url {}  ratios {:.2}x {:.2}x",
            sub.len(),
            s[0],
            s[2],
            s[4],
            s[4].median / s[0].median,
            s[4].median / s[2].median
        );
    }
    if check && ratio < TARGET {
        println!("target missed");
        return ExitCode::FAILURE;
    }
    ExitCode::SUCCESS
}

const NAMES: [&str; 6] = [
    "uniform resolve (rfc3986, new String)",
    "uniform resolve_into (rfc3986, reused buffer)",
    "uniform Base::resolve (base split beforehand)",
    "uniform resolve (rfc1808)",
    "url Url::join (base parsed beforehand)",
    "url Url::parse(base) + join",
];

/// Times the six ways of `NAMES` over `pairs`, `rounds` times a pass.
fn time_all(pairs: &[Pair], passes: usize, rounds: usize) -> Vec<uniform_bench::Stats> {
    let n = rounds * pairs.len();
    let bases: Vec<Base<'_>> = pairs
        .iter()
        .map(|p| Base::new(&p.base, Rules::Rfc3986).unwrap())
        .collect();
    let mut uniform_new = || {
        for _ in 0..rounds {
            for p in pairs {
                black_box(
                    resolve(black_box(&p.base), black_box(&p.reference), Rules::Rfc3986).ok(),
                );
            }
        }
        n
    };
    let mut buf = String::new();
    let mut uniform_into = || {
        for _ in 0..rounds {
            for p in pairs {
                buf.clear();
                let r = resolve_into(
                    black_box(&p.base),
                    black_box(&p.reference),
                    Rules::Rfc3986,
                    &mut buf,
                );
                black_box((r.is_ok(), &buf));
            }
        }
        n
    };
    let mut uniform_base = || {
        for _ in 0..rounds {
            for (b, p) in bases.iter().zip(pairs) {
                black_box(black_box(b).resolve(black_box(&p.reference)).ok());
            }
        }
        n
    };
    let mut uniform_1808 = || {
        for _ in 0..rounds {
            for p in pairs {
                black_box(
                    resolve(black_box(&p.base), black_box(&p.reference), Rules::Rfc1808).ok(),
                );
            }
        }
        n
    };
    let mut url_join = || {
        for _ in 0..rounds {
            for p in pairs {
                black_box(black_box(&p.parsed).join(black_box(&p.reference)).ok());
            }
        }
        n
    };
    let mut url_parse_join = || {
        for _ in 0..rounds {
            for p in pairs {
                let base = url::Url::parse(black_box(&p.base)).unwrap();
                black_box(base.join(black_box(&p.reference)).ok());
            }
        }
        n
    };
    measure_all(
        passes,
        &mut [
            &mut uniform_new,
            &mut uniform_into,
            &mut uniform_base,
            &mut uniform_1808,
            &mut url_join,
            &mut url_parse_join,
        ],
    )
}
