//! The URL Standard's parser, like for like: `uniform::whatwg` against
//! ada-url and the `url` crate, which read the same Standard, on the
//! shared corpora (issue 35).
//!
//! ```text
//! scripts/bench-inproc.sh run whatwg --passes 201          # the figures: aligned build
//! cargo bench -p uniform-bench --bench whatwg
//! cargo bench -p uniform-bench --bench whatwg -- --passes 51 kasztp.txt
//! whatwg --ir JOB --reps N [CORPUS.txt]   # one job alone, for callgrind (see below)
//! cargo test -p uniform-bench --benches -- --smoke          # one quick pass, debug build
//! ```
//!
//! Two pairs of jobs, each side doing the same work on every line of the
//! corpus:
//!
//! - a full parse to the serialized `href`: Uniform's
//!   `whatwg::parse(u, None)` then `as_str()`, against ada-url's
//!   `Url::parse(u, None)` then `href()` and url's `Url::parse(u)` then
//!   `as_str()`; each pass sums the lengths of the hrefs, so that each
//!   href is made and read;
//! - `URL.canParse`: Uniform's `whatwg::can_parse(u, None)` against
//!   ada-url's `Url::can_parse(u, None)`; each pass counts the URLs
//!   accepted.
//!
//! Before timing, every line's outcome (its href, or failure) is compared
//! between Uniform and each peer, and between the two `can_parse`; the
//! counts of agreement are printed and every disagreement is listed,
//! grouped by its kind (only one side fails; both parse and the hrefs
//! differ, by the first component that differs), with the input and each
//! side's answer. The timed passes run over the whole corpus, the lines of
//! disagreement included, for every job alike: the agreement figures
//! stand beside the ratios, so that a ratio can be read against them.
//!
//! All jobs share one set of interleaved rounds (`measure_rounds`: one
//! pass of each a round, after an untimed one, the order reversed every
//! other round). Each figure is nanoseconds per URL, the median of the
//! rounds with its spread; each ratio is the peer's time over Uniform's
//! taken round by round, its median and spread, so "2.00x" means Uniform
//! took half the time. Issue 35's targets (1.0x ada-url and 3.0x url for
//! the parse, 1.0x ada-url for `can_parse`) are printed beside them.
//!
//! Three floors share the rounds, no parser: a read of every byte of
//! each line (a wrapping sum), a copy of each line into one reused
//! buffer, and a copy of each line into a new `String` (an allocation and
//! a copy, what any parser that returns an owned href pays at least).
//! ada-url's time and Uniform's are set against them.
//!
//! `--ir JOB --reps N` prints no figure: it reads the corpus (the first
//! named, `kasztp.txt` by default) and runs one job's pass over it N
//! times, for an instruction count under callgrind (two runs with
//! different N cancel the setup out) or for a profile of that job alone.
//! Jobs: `uniform-parse`, `ada-parse`, `url-parse`, `uniform-can`,
//! `ada-can`. `--check` is accepted and ignored (no figure here fails a
//! run).

use std::hint::black_box;
use std::process::ExitCode;
use uniform::whatwg;
use uniform_bench::{Rounds, Stats, measure_rounds, print_header, slice_for_smoke, try_corpus};

const DEFAULT_CORPORA: &[&str] = &["kasztp.txt", "localdocs_links.txt"];
const DEFAULT_PASSES: usize = 31;
/// A smoke run reads this many lines of each corpus, once.
const SMOKE_LINES: usize = 500;
/// Issue 35's targets: ada-url's parse over Uniform's, url's over
/// Uniform's, ada-url's `can_parse` over Uniform's.
const TARGET_ADA: f64 = 1.0;
const TARGET_URL: f64 = 3.0;
const TARGET_CAN: f64 = 1.0;

/// The jobs `--ir` knows.
const IR_JOBS: &[&str] = &[
    "uniform-parse",
    "ada-parse",
    "url-parse",
    "uniform-can",
    "ada-can",
];

struct Args {
    passes: usize,
    corpora: Vec<String>,
    smoke: bool,
    ir: Option<(String, usize)>,
}

fn args() -> Result<Args, String> {
    let mut a = Args {
        passes: DEFAULT_PASSES,
        corpora: Vec::new(),
        smoke: false,
        ir: None,
    };
    let (mut job, mut reps) = (None, 1usize);
    let mut it = std::env::args().skip(1);
    while let Some(arg) = it.next() {
        match arg.as_str() {
            // cargo bench passes --bench to harness=false targets.
            "--bench" | "--check" => {}
            "--smoke" => a.smoke = true,
            "--passes" => {
                let n = it.next().ok_or("--passes needs a number")?;
                a.passes = n
                    .parse()
                    .ok()
                    .filter(|&n| n > 0)
                    .ok_or(format!("bad --passes {n:?}"))?;
            }
            "--ir" => job = Some(it.next().ok_or("--ir needs a job")?),
            "--reps" => {
                let n = it.next().ok_or("--reps needs a number")?;
                reps = n.parse().map_err(|_| format!("bad --reps {n:?}"))?;
            }
            s if s.starts_with('-') => return Err(format!("unknown option {s:?}")),
            s => a.corpora.push(s.to_owned()),
        }
    }
    if let Some(job) = job {
        if !IR_JOBS.contains(&job.as_str()) {
            return Err(format!(
                "--ir: no job {job:?}; jobs: {}",
                IR_JOBS.join(", ")
            ));
        }
        a.ir = Some((job, reps));
    }
    if a.corpora.is_empty() {
        a.corpora = DEFAULT_CORPORA.iter().map(|s| s.to_string()).collect();
    }
    if a.smoke {
        a.passes = 1;
    }
    Ok(a)
}

// The timed passes: each returns how many URLs it handled and keeps what
// it computed alive through `black_box`. Each is `inline(never)`, so that
// every job is one function of its own, the same code in the timed rounds
// and under `--ir`.

/// Uniform: `whatwg::parse` and the href's length.
#[inline(never)]
fn uniform_parse(urls: &[&str]) -> usize {
    let mut n = 0usize;
    for &u in urls {
        if let Ok(url) = whatwg::parse(black_box(u), None) {
            n += url.as_str().len();
        }
    }
    black_box(n);
    urls.len()
}

/// ada-url: `Url::parse` and `href()`'s length.
#[inline(never)]
fn ada_parse(urls: &[&str]) -> usize {
    let mut n = 0usize;
    for &u in urls {
        if let Ok(url) = ada_url::Url::parse(black_box(u), None) {
            n += url.href().len();
        }
    }
    black_box(n);
    urls.len()
}

/// url: `Url::parse` and `as_str()`'s length.
#[inline(never)]
fn url_parse(urls: &[&str]) -> usize {
    let mut n = 0usize;
    for &u in urls {
        if let Ok(url) = url::Url::parse(black_box(u)) {
            n += url.as_str().len();
        }
    }
    black_box(n);
    urls.len()
}

/// Uniform: `whatwg::can_parse`, counted.
#[inline(never)]
fn uniform_can(urls: &[&str]) -> usize {
    let mut n = 0usize;
    for &u in urls {
        n += usize::from(whatwg::can_parse(black_box(u), None));
    }
    black_box(n);
    urls.len()
}

/// ada-url: `Url::can_parse`, counted.
#[inline(never)]
fn ada_can(urls: &[&str]) -> usize {
    let mut n = 0usize;
    for &u in urls {
        n += usize::from(ada_url::Url::can_parse(black_box(u), None));
    }
    black_box(n);
    urls.len()
}

/// A floor: every byte of every line read (a wrapping sum), no parser.
#[inline(never)]
fn scan_floor(urls: &[&str]) -> usize {
    let mut sum = 0u8;
    for &u in urls {
        sum = black_box(u).bytes().fold(sum, |acc, b| acc.wrapping_add(b));
    }
    black_box(sum);
    urls.len()
}

/// A floor: each line copied into one reused buffer (no allocation).
#[inline(never)]
fn copy_floor(urls: &[&str], buf: &mut String) -> usize {
    let mut n = 0usize;
    for &u in urls {
        buf.clear();
        buf.push_str(black_box(u));
        n += black_box(&*buf).len();
    }
    black_box(n);
    urls.len()
}

/// A floor: each line copied into a new `String` (an allocation, a copy
/// and a free a line).
#[inline(never)]
fn owned_floor(urls: &[&str]) -> usize {
    let mut n = 0usize;
    for &u in urls {
        let s = black_box(u).to_owned();
        n += black_box(&s).len();
    }
    black_box(n);
    urls.len()
}

/// What one parser made of one line: its href, or its failure.
type Outcome = Result<String, String>;

fn uniform_outcome(u: &str) -> Outcome {
    whatwg::parse(u, None)
        .map(|url| url.as_str().to_owned())
        .map_err(|e| format!("failure ({})", e.rule()))
}

fn ada_outcome(u: &str) -> Outcome {
    ada_url::Url::parse(u, None)
        .map(|url| url.href().to_owned())
        .map_err(|_| "failure".to_owned())
}

fn url_outcome(u: &str) -> Outcome {
    url::Url::parse(u)
        .map(|url| url.as_str().to_owned())
        .map_err(|e| format!("failure ({e})"))
}

/// The first component in which two hrefs differ, read by url's parser
/// (both are serializations, so both parse again): a name for the group.
fn first_difference(a: &str, b: &str) -> &'static str {
    let (Ok(x), Ok(y)) = (url::Url::parse(a), url::Url::parse(b)) else {
        return "an href that does not parse again";
    };
    if x.scheme() != y.scheme() {
        "scheme"
    } else if x.username() != y.username() || x.password() != y.password() {
        "userinfo"
    } else if x.host_str() != y.host_str() {
        "host"
    } else if x.port() != y.port() {
        "port"
    } else if x.path() != y.path() {
        "path"
    } else if x.query() != y.query() {
        "query"
    } else if x.fragment() != y.fragment() {
        "fragment"
    } else {
        "the text alone"
    }
}

fn show(s: &str) -> String {
    format!("{s:?}")
}

fn show_outcome(o: &Outcome) -> String {
    match o {
        Ok(href) => show(href),
        Err(e) => e.clone(),
    }
}

/// A disagreement: the input, Uniform's answer, the peer's.
type Row<'a> = (&'a str, String, String);

/// Compares Uniform's outcome with a peer's on every line; prints the
/// counts and every disagreement, grouped. Returns (agreements, lines).
fn agreement(peer: &str, urls: &[&str], uniform: &[Outcome], theirs: &[Outcome]) -> (usize, usize) {
    let (mut same, mut both_fail) = (0usize, 0usize);
    // Each group's rows, in corpus order.
    let mut groups: Vec<(String, Vec<Row<'_>>)> = Vec::new();
    for ((&u, ours), other) in urls.iter().zip(uniform).zip(theirs) {
        let group = match (ours, other) {
            (Ok(a), Ok(b)) if a == b => {
                same += 1;
                continue;
            }
            (Err(_), Err(_)) => {
                both_fail += 1;
                continue;
            }
            (Ok(_), Err(_)) => format!("Uniform parses, {peer} fails"),
            (Err(_), Ok(_)) => format!("{peer} parses, Uniform fails"),
            (Ok(a), Ok(b)) => format!(
                "both parse, hrefs differ first in: {}",
                first_difference(a, b)
            ),
        };
        let row = (u, show_outcome(ours), show_outcome(other));
        match groups.iter_mut().find(|(g, _)| *g == group) {
            Some((_, rows)) => rows.push(row),
            None => groups.push((group, vec![row])),
        }
    }
    let agree = same + both_fail;
    let disagree = urls.len() - agree;
    println!(
        "  Uniform / {peer}: agree on {agree} of {} ({:.3}%): the same href {same}, both fail {both_fail}; disagree on {disagree}",
        urls.len(),
        100.0 * agree as f64 / urls.len().max(1) as f64,
    );
    groups.sort_by_key(|(_, rows)| std::cmp::Reverse(rows.len()));
    for (group, rows) in &groups {
        println!("    {group}: {}", rows.len());
        for (input, ours, other) in rows {
            println!("      input   {}", show(input));
            println!("      uniform {ours}");
            println!("      {peer:<7} {other}");
        }
    }
    (agree, urls.len())
}

/// The same for the two `can_parse`, and Uniform's `can_parse` against
/// its own parse. Returns (agreements, lines).
fn can_agreement(urls: &[&str], uniform: &[Outcome]) -> (usize, usize) {
    let (mut agree, mut yes) = (0usize, 0usize);
    let mut only_uniform = Vec::new();
    let mut only_ada = Vec::new();
    let mut inconsistent = Vec::new();
    for (&u, parsed) in urls.iter().zip(uniform) {
        let (ours, theirs) = (whatwg::can_parse(u, None), ada_url::Url::can_parse(u, None));
        if ours != parsed.is_ok() {
            inconsistent.push(u);
        }
        match (ours, theirs) {
            (true, true) => {
                agree += 1;
                yes += 1;
            }
            (false, false) => agree += 1,
            (true, false) => only_uniform.push(u),
            (false, true) => only_ada.push(u),
        }
    }
    println!(
        "  Uniform can_parse / ada-url can_parse: agree on {agree} of {} ({:.3}%): both true {yes}, both false {}; disagree on {}",
        urls.len(),
        100.0 * agree as f64 / urls.len().max(1) as f64,
        agree - yes,
        only_uniform.len() + only_ada.len()
    );
    for (label, list) in [
        ("true for Uniform only", &only_uniform),
        ("true for ada-url only", &only_ada),
        (
            "Uniform's can_parse differs from whatwg::parse().is_ok()",
            &inconsistent,
        ),
    ] {
        if list.is_empty() {
            continue;
        }
        println!("    {label}: {}", list.len());
        for u in list.iter() {
            println!("      input   {}", show(u));
        }
    }
    (agree, urls.len())
}

fn line(name: &str, s: &Stats) -> String {
    format!("  {name:<44} {:>7.1} ({})", s.median, s.spread(1))
}

fn verdict(ratio: &Stats, target: f64) -> &'static str {
    if ratio.median_lo >= target {
        "met (the median's interval is above the target)"
    } else if ratio.median_hi < target {
        "not met (the median's interval is below the target)"
    } else {
        "on the line (the median's interval holds the target)"
    }
}

fn noisy(s: &[Stats]) -> &'static str {
    if s.iter().any(|r| r.median > 1.5 * r.best) {
        "  (noisy: a median is over 1.5x its best)"
    } else {
        ""
    }
}

fn bench_corpus(name: &str, lines: &[String], passes: usize) {
    let urls: Vec<&str> = lines.iter().map(String::as_str).collect();
    let urls = &urls[..];
    let bytes: usize = urls.iter().map(|u| u.len()).sum();
    println!(
        "\n{name}: {} URLs, {:.1} bytes/URL, {passes} passes",
        urls.len(),
        bytes as f64 / urls.len().max(1) as f64
    );

    println!(" agreement, line by line (href, or failure):");
    let ours: Vec<Outcome> = urls.iter().map(|u| uniform_outcome(u)).collect();
    let accepted = ours.iter().filter(|o| o.is_ok()).count();
    println!(
        "  Uniform parses {accepted} of {} lines; fails on {}",
        urls.len(),
        urls.len() - accepted
    );
    let ada: Vec<Outcome> = urls.iter().map(|u| ada_outcome(u)).collect();
    let url: Vec<Outcome> = urls.iter().map(|u| url_outcome(u)).collect();
    let (ada_agree, n) = agreement("ada-url", urls, &ours, &ada);
    let (url_agree, _) = agreement("url", urls, &ours, &url);
    let (can_agree, _) = can_agreement(urls, &ours);
    let all_three = (0..n)
        .filter(|&i| match &ours[i] {
            Ok(h) => ada[i].as_ref() == Ok(h) && url[i].as_ref() == Ok(h),
            Err(_) => ada[i].is_err() && url[i].is_err(),
        })
        .count();
    println!(
        "  all three agree on {all_three} of {n} ({:.3}%)",
        100.0 * all_three as f64 / n.max(1) as f64
    );

    let mut buf = String::new();
    let mut j0 = || uniform_parse(urls);
    let mut j1 = || ada_parse(urls);
    let mut j2 = || url_parse(urls);
    let mut j3 = || uniform_can(urls);
    let mut j4 = || ada_can(urls);
    let mut j5 = || scan_floor(urls);
    let mut j6 = || copy_floor(urls, &mut buf);
    let mut j7 = || owned_floor(urls);
    let r: Rounds = measure_rounds(
        passes,
        &mut [
            &mut j0, &mut j1, &mut j2, &mut j3, &mut j4, &mut j5, &mut j6, &mut j7,
        ],
    );
    let s = r.all();
    let names = [
        "uniform whatwg::parse + as_str",
        "ada-url Url::parse + href",
        "url Url::parse + as_str",
        "uniform whatwg::can_parse",
        "ada-url Url::can_parse",
        "floor: read every byte (no parser)",
        "floor: copy into a reused buffer",
        "floor: copy into a new String",
    ];
    println!(
        " timed on all {} lines, every job the same lines, ns/URL, median (spread){}:",
        urls.len(),
        noisy(&s[..5])
    );
    for (name, st) in names.iter().zip(&s) {
        println!("{}", line(name, st));
    }
    let pct = |a: usize| 100.0 * a as f64 / n.max(1) as f64;
    println!(" ratios, the peer's time over Uniform's, the median of the per-round ratios:");
    for (peer, j, target, agree) in [
        (
            "ada-url Url::parse / uniform parse",
            1,
            TARGET_ADA,
            ada_agree,
        ),
        ("url Url::parse / uniform parse", 2, TARGET_URL, url_agree),
    ] {
        let ratio = r.ratio(j, 0);
        println!(
            "  {peer}: {:.2}x ({}); target {target:.1}x: {}; agreement {agree} of {n} ({:.3}%)",
            ratio.median,
            ratio.spread(2),
            verdict(&ratio, target),
            pct(agree)
        );
    }
    let ratio = r.ratio(4, 3);
    println!(
        "  ada-url can_parse / uniform can_parse: {:.2}x ({}); target {TARGET_CAN:.1}x: {}; agreement {can_agree} of {n} ({:.3}%)",
        ratio.median,
        ratio.spread(2),
        verdict(&ratio, TARGET_CAN),
        pct(can_agree)
    );
    println!(" the floor: each job's time over a floor's, the median of the per-round ratios:");
    for (job, j) in [
        ("ada-url parse", 1),
        ("uniform parse", 0),
        ("url parse", 2),
        ("ada-url can_parse", 4),
        ("uniform can_parse", 3),
    ] {
        let cells: Vec<String> = [("read", 5), ("copy", 6), ("new String", 7)]
            .iter()
            .map(|&(f, k)| {
                let q = r.ratio(j, k);
                format!("{:.1}x {f} (IQR {:.1}-{:.1})", q.median, q.q1, q.q3)
            })
            .collect();
        println!("  {job:<18} {}", cells.join(", "));
    }
    println!(
        "  (per URL: ada-url parse {:.1} ns, Uniform parse {:.1} ns, a new String {:.1} ns, a read of the bytes {:.1} ns)",
        s[1].median, s[0].median, s[7].median, s[5].median
    );
}

fn ir_run(name: &str, lines: &[String], job: &str, reps: usize) {
    let urls: Vec<&str> = lines.iter().map(String::as_str).collect();
    let pass: fn(&[&str]) -> usize = match job {
        "uniform-parse" => uniform_parse,
        "ada-parse" => ada_parse,
        "url-parse" => url_parse,
        "uniform-can" => uniform_can,
        "ada-can" => ada_can,
        other => unreachable!("args() checked the job {other:?}"),
    };
    for _ in 0..reps {
        pass(&urls);
    }
    println!("ir {job}: {name}, {} URLs, {reps} passes", urls.len());
}

fn main() -> ExitCode {
    uniform_bench::smoke_needs(&uniform_bench::corpus_dir());
    let args = match args() {
        Ok(a) => a,
        Err(e) => {
            eprintln!(
                "whatwg bench: {e}\nusage: whatwg [--passes N] [--smoke] [CORPUS.txt...]\n       whatwg --ir JOB --reps N [CORPUS.txt]"
            );
            return ExitCode::from(2);
        }
    };
    // Every corpus first: a smoke run without one is a skip, a full run
    // without one a failure.
    let mut corpora = Vec::new();
    for name in &args.corpora {
        match try_corpus(name) {
            Ok(lines) => corpora.push((name, slice_for_smoke(lines, SMOKE_LINES, args.smoke))),
            Err(e) if args.smoke => {
                println!("SKIPPED: {e}");
                return ExitCode::SUCCESS;
            }
            Err(e) => {
                eprintln!("whatwg bench: {e}");
                return ExitCode::FAILURE;
            }
        }
    }
    if let Some((job, reps)) = &args.ir {
        // No header: the count is of the passes alone.
        let (name, lines) = &corpora[0];
        ir_run(name, lines, job, *reps);
        return ExitCode::SUCCESS;
    }
    print_header("whatwg", &["ada-url", "url"]);
    if args.smoke {
        println!("smoke run: the first {SMOKE_LINES} lines of each corpus, one pass");
    }
    for (name, lines) in &corpora {
        bench_corpus(name, lines, args.passes);
    }
    ExitCode::SUCCESS
}
