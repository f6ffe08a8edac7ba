//! One very long line: parsing must take time linear in its length and no
//! memory beyond the input (issue 2).
//!
//! ```text
//! cargo bench -p uniform-bench --bench bigline            # up to 100 MB
//! cargo bench -p uniform-bench --bench bigline -- --mb 20
//! cargo test -p uniform-bench --benches -- --smoke   # 1 MB only, debug build
//! ```
//!
//! Each case builds `"http://h/"` followed by N bytes of filler, resets the
//! process's peak resident size, parses (best of three), and prints the time
//! per byte and the memory: the input plus what the peak grew by while
//! parsing, over the input. It exits 1 when a borrowing parse needs twice
//! the input or more, or when the time per byte of the largest input is
//! over [`LINEAR_SLACK`] times that of the smallest (a quadratic step would
//! show as a factor of a hundred). The cases that allocate their output
//! are timed against a looser bound: a fresh 100 MB mapping costs a page
//! fault per 4 KiB that a reused 1 MB block does not.

use std::hint::black_box;
use std::process::ExitCode;
use std::time::Instant;
use uniform::{Dialect, ParseOptions, Url, UrlRef};
use uniform_bench::{peak_rss, print_header, reset_peak_rss, rss};

const MB: usize = 1 << 20;

/// The slowdown per byte, largest input over smallest, still called linear
/// on a noisy shared machine.
const LINEAR_SLACK: f64 = 3.0;

/// The same for the cases that allocate as much as the input: page faults
/// and cache misses of a new mapping, not the parser, set their slope.
const LINEAR_SLACK_ALLOCATING: f64 = 10.0;

struct Case {
    name: &'static str,
    filler: u8,
    /// Whether the parse borrows its input (so needs no memory of its own).
    borrows: bool,
    run: fn(&str) -> usize,
}

fn cases() -> [Case; 6] {
    [
        Case {
            name: "UrlRef::parse (lenient 1738)",
            filler: b'a',
            borrows: true,
            run: |s| ok(UrlRef::parse(s)),
        },
        Case {
            name: "strict rfc1738",
            filler: b'a',
            borrows: true,
            run: |s| ok(ParseOptions::new().strict(true).parse(s)),
        },
        Case {
            name: "strict rfc3986",
            filler: b'a',
            borrows: true,
            run: |s| {
                ok(ParseOptions::new()
                    .dialect(Dialect::Rfc3986)
                    .strict(true)
                    .parse(s))
            },
        },
        Case {
            name: "warnings, all spaces",
            filler: b' ',
            borrows: true,
            run: |s| {
                let mut w = Vec::new();
                let r = ParseOptions::new().parse_with_warnings(s, &mut w);
                assert_eq!(w.len(), uniform::MAX_WARNINGS, "warnings are capped");
                ok(r)
            },
        },
        Case {
            name: "Url::parse (owned copy)",
            filler: b'a',
            borrows: false,
            run: |s| ok(Url::parse(s)),
        },
        Case {
            name: "canonical() of all spaces",
            filler: b' ',
            borrows: false,
            run: |s| {
                UrlRef::parse(s)
                    .map(|u| black_box(u.canonical()).len())
                    .unwrap_or(0)
            },
        },
    ]
}

fn ok<T>(r: Result<T, uniform::ParseError>) -> usize {
    usize::from(black_box(r).is_ok())
}

fn line(filler: u8, size: usize) -> String {
    let mut s = String::with_capacity(size);
    s.push_str("http://h/");
    s.extend(std::iter::repeat_n(char::from(filler), size - s.len()));
    s
}

struct Measured {
    ns_per_byte: f64,
    /// The input plus what the resident size grew by while parsing, over
    /// the input: 1.0 for a parse that borrows and allocates nothing.
    memory_ratio: Option<f64>,
    /// What the resident size grew by while parsing, in MB.
    extra_mb: Option<f64>,
}

fn measure(case: &Case, size: usize) -> Measured {
    let input = line(case.filler, size);
    // The peak is reset to the resident size with the input built, so that
    // what the process held before (the allocator's cached blocks) does
    // not count.
    let reset = reset_peak_rss();
    let before = rss();
    let mut best = f64::INFINITY;
    for _ in 0..3 {
        let t = Instant::now();
        let accepted = (case.run)(black_box(&input));
        best = best.min(t.elapsed().as_nanos() as f64);
        assert!(accepted > 0, "{}: the long line must parse", case.name);
    }
    let extra = if reset {
        peak_rss().zip(before).map(|(p, b)| p.saturating_sub(b))
    } else {
        None
    };
    Measured {
        ns_per_byte: best / size as f64,
        memory_ratio: extra.map(|x| (size as u64 + x) as f64 / size as f64),
        extra_mb: extra.map(|x| x as f64 / MB as f64),
    }
}

fn max_mb() -> Result<usize, String> {
    let mut mb = 100;
    let mut it = std::env::args().skip(1);
    while let Some(a) = it.next() {
        match a.as_str() {
            "--bench" => {}
            // One size, 1 MB: every case once, quick in a debug build.
            "--smoke" => mb = 1,
            "--mb" => {
                let v = it.next().ok_or("--mb needs a number")?;
                mb = v
                    .parse()
                    .ok()
                    .filter(|&m| m > 0)
                    .ok_or(format!("bad --mb {v:?}"))?;
            }
            other => return Err(format!("unknown argument {other:?}")),
        }
    }
    Ok(mb)
}

fn main() -> ExitCode {
    let top = match max_mb() {
        Ok(m) => m,
        Err(e) => {
            eprintln!("bigline: {e}\nusage: bigline [--mb N] [--smoke]");
            return ExitCode::from(2);
        }
    };
    print_header("bigline", &[]);
    let sizes: Vec<usize> = [1, 10, 100]
        .into_iter()
        .filter(|&m| m < top)
        .chain([top])
        .map(|m| m * MB)
        .collect();
    if !reset_peak_rss() {
        println!(
            "note: /proc/self/clear_refs is not writable; peaks are the process's, not each step's"
        );
    }
    println!(
        "{:<28} {:>5} {:>9} {:>9} {:>13} {:>13}",
        "case", "MB", "ms", "ns/byte", "memory/input", "extra RSS MB"
    );
    let mut failures = Vec::new();
    for case in cases() {
        let mut per_byte = Vec::new();
        for &size in &sizes {
            let m = measure(&case, size);
            println!(
                "{:<28} {:>5} {:>9.1} {:>9.3} {:>13} {:>13}",
                case.name,
                size / MB,
                m.ns_per_byte * size as f64 / 1e6,
                m.ns_per_byte,
                m.memory_ratio.map_or("?".into(), |r| format!("{r:.2}")),
                m.extra_mb.map_or("?".into(), |x| format!("{x:.1}")),
            );
            if let Some(r) = m.memory_ratio.filter(|&r| case.borrows && r >= 2.0) {
                failures.push(format!(
                    "{}: {r:.2}x the input's memory at {} MB",
                    case.name,
                    size / MB
                ));
            }
            per_byte.push(m.ns_per_byte);
        }
        let (first, last) = (per_byte[0], per_byte[per_byte.len() - 1]);
        let slack = if case.borrows {
            LINEAR_SLACK
        } else {
            LINEAR_SLACK_ALLOCATING
        };
        if last > first * slack {
            failures.push(format!(
                "{}: {last:.3} ns/byte at the largest size, {first:.3} at the smallest",
                case.name
            ));
        }
    }
    if failures.is_empty() {
        println!("bigline: linear time, and borrowing parses stay under twice the input");
        ExitCode::SUCCESS
    } else {
        for f in &failures {
            println!("FAILED {f}");
        }
        ExitCode::FAILURE
    }
}
