//! Parse throughput of Uniform against its peers, like for like, on the
//! shared corpora.
//!
//! ```text
//! scripts/bench-inproc.sh parse                     # the figures: aligned build, 201 rounds
//! cargo bench -p uniform-bench --bench parse
//! cargo bench -p uniform-bench --bench parse -- --passes 51 userbait.txt
//! cargo bench -p uniform-bench --bench parse -- --check   # exit 1 when an agreement check fails
//! cargo bench -p uniform-bench --features layout-probe --bench parse   # one more, unrelated, timed job
//! parse --ir PAIR --side uniform|peer --reps N [CORPUS]   # for callgrind (scripts/bench-inproc.sh ir)
//! cargo test -p uniform-bench --benches -- --smoke        # one quick pass, debug build
//! ```
//!
//! Every ratio sets a parse of Uniform against a peer that does the same
//! kind of work, on the same accept set:
//!
//! - Uniform strict RFC 3986 against fluent-uri's `Uri::parse` (RFC 3986's
//!   `URI` rule, scheme required, as Uniform requires one), against
//!   ada-url (`Url::can_parse`, and `Url::parse` which builds the URL) and
//!   against `url::Url::parse`. ada-url and url follow the WHATWG URL
//!   standard, another grammar.
//! - Uniform strict RFC 1738 (the default dialect) against fluent-uri:
//!   the grammars differ, and the agreement figures say by how much.
//! - Uniform's lenient parses (RFC 1738, the default, and RFC 3986), which
//!   split a URL at its delimiters and check no byte, against oxiri's
//!   `Iri::parse_unchecked`, which does the same for RFC 3987 (an IRI
//!   with its scheme) and is the only such peer: oxiri finds four
//!   delimiters (the scheme's `:`, the end of the authority, `?`, `#`);
//!   Uniform splits the authority too (user, password, host, port) and
//!   looks the scheme up. A lenient parse set against a validating peer
//!   (fluent-uri) is printed too, labelled for what it is: a floor, the
//!   time of a parse that checks nothing, not a like-for-like ratio.
//!
//! For each pair the bench first lists the URLs one side accepts and the
//! other rejects (the count, and five of each), then times both sides on
//! the URLs both accept, in interleaved rounds (one pass of each a round,
//! in alternating order). Each side's figure is nanoseconds per URL, the
//! median of the rounds with its spread (interquartile range and range);
//! a ratio is the peer's time over Uniform's taken round by round, and
//! its median and spread are given, so "2.00x" means Uniform took half the
//! time.
//!
//! Uniform's own parses (lenient and strict, both dialects) get a table of
//! their own over the whole corpus. A last line per corpus sets issue 17's
//! 1.5x target on ada-url's `can_parse`, as a time a URL, against the
//! lenient parse: the difference is the time the target leaves for
//! checking every byte, and the line shows what the strict parse spends.
//!
//! With the cargo feature `layout-probe`, every timed set of rounds gets
//! one more job, unrelated to parsing (a hash of the URLs' bytes): the
//! binary's code is laid out differently, and the rounds hold one more
//! pass. A ratio that moves with it more than its spread measures where
//! the linker put the code, not the parsers (scripts/bench-inproc.sh
//! layout runs both builds).
//!
//! `--ir PAIR --side SIDE --reps N` prints no figure: it reads the
//! corpus, finds the URLs both sides of PAIR accept, as the timed runs do,
//! and runs one side's pass over them N times, for an instruction count
//! under callgrind (two runs with different N cancel the setup out;
//! scripts/bench-inproc.sh ir).
//!
//! `--check` fails (exit 1) when Uniform's strict RFC 3986 parse accepts a
//! URL that fluent-uri, which reads RFC 3986's generic grammar exactly,
//! rejects: Uniform adds the schemes' own rules (RFC 1738's `fileurl` needs
//! a "/" after the host, for one) to the generic grammar, so it may reject
//! more, never accept more. No speed figure fails the check.

use std::hint::black_box;
use std::process::ExitCode;
use uniform::{Dialect, ParseOptions, UrlRef};
use uniform_bench::{Rounds, Stats, corpus, measure_rounds, print_header, slice_for_smoke};

const DEFAULT_CORPORA: &[&str] = &["kasztp.txt", "node_files.txt", "legacy_schemes.txt"];
const DEFAULT_PASSES: usize = 31;
/// A smoke run reads this many lines of each corpus, once.
const SMOKE_LINES: usize = 500;
const EXAMPLES: usize = 5;
/// Issue 17's target on ada-url's `can_parse`, shown as the time it leaves a URL.
const ADA_TARGET: f64 = 1.5;

struct Args {
    passes: usize,
    corpora: Vec<String>,
    check: bool,
    smoke: bool,
    ir: Option<Ir>,
}

/// `--ir PAIR --side SIDE --reps N`: one side of one pair, for callgrind.
struct Ir {
    pair: String,
    peer: bool,
    reps: usize,
}

fn args() -> Result<Args, String> {
    let mut a = Args {
        passes: DEFAULT_PASSES,
        corpora: Vec::new(),
        check: false,
        smoke: false,
        ir: None,
    };
    let (mut pair, mut side, mut reps) = (None, None, 1);
    let mut it = std::env::args().skip(1);
    while let Some(arg) = it.next() {
        match arg.as_str() {
            // cargo bench passes --bench to harness=false targets.
            "--bench" => {}
            "--check" => a.check = true,
            "--smoke" => a.smoke = true,
            "--passes" => {
                let n = it.next().ok_or("--passes needs a number")?;
                a.passes = n
                    .parse()
                    .ok()
                    .filter(|&n| n > 0)
                    .ok_or(format!("bad --passes {n:?}"))?;
            }
            "--ir" => pair = Some(it.next().ok_or("--ir needs a pair")?),
            "--side" => match it.next().as_deref() {
                Some("uniform") => side = Some(false),
                Some("peer") => side = Some(true),
                s => return Err(format!("--side is uniform or peer, not {s:?}")),
            },
            "--reps" => {
                let n = it.next().ok_or("--reps needs a number")?;
                reps = n.parse().map_err(|_| format!("bad --reps {n:?}"))?;
            }
            s if s.starts_with('-') => return Err(format!("unknown option {s:?}")),
            s => a.corpora.push(s.to_owned()),
        }
    }
    if let Some(pair) = pair {
        if !IR_PAIRS.contains(&pair.as_str()) {
            return Err(format!(
                "--ir: no pair {pair:?}; pairs: {}",
                IR_PAIRS.join(", ")
            ));
        }
        let peer = side.ok_or("--ir needs --side uniform or --side peer")?;
        a.ir = Some(Ir { pair, peer, reps });
    }
    if a.corpora.is_empty() {
        a.corpora = DEFAULT_CORPORA.iter().map(|s| s.to_string()).collect();
    }
    if a.smoke {
        a.passes = 1;
    }
    Ok(a)
}

/// A parser: whether it accepts a URL. Each keeps its result alive
/// through `black_box`, so that the work is done as a caller would have it
/// done. Generic, so that each timed loop calls its parser directly.
struct Parser<F> {
    name: &'static str,
    accepts: F,
}

fn parser<F: Fn(&str) -> bool>(name: &'static str, accepts: F) -> Parser<F> {
    Parser { name, accepts }
}

fn uniform_strict(dialect: Dialect) -> impl Fn(&str) -> bool {
    let o = ParseOptions::new().dialect(dialect).strict(true);
    move |s| black_box(o.parse(s)).is_ok()
}

fn uniform_lenient(dialect: Dialect) -> impl Fn(&str) -> bool {
    let o = ParseOptions::new().dialect(dialect);
    move |s| black_box(o.parse(s)).is_ok()
}

fn fluent(s: &str) -> bool {
    black_box(fluent_uri::Uri::parse(s)).is_ok()
}

fn ada_can(s: &str) -> bool {
    ada_url::Url::can_parse(s, None)
}

/// oxiri's parse without validation never fails: every URL is accepted,
/// and the pair is timed on the URLs Uniform's lenient parse accepts.
fn oxiri_unchecked(s: &str) -> bool {
    black_box(oxiri::Iri::parse_unchecked(s));
    true
}

/// One pass of `p` over `urls`; returns how many URLs it handled.
#[inline(always)]
fn pass<F: Fn(&str) -> bool>(p: &Parser<F>, urls: &[&str]) -> usize {
    let mut ok = 0usize;
    for &u in urls {
        ok += usize::from((p.accepts)(black_box(u)));
    }
    black_box(ok);
    urls.len()
}

/// The layout probe's job: an FNV-1a hash of every URL's bytes, the work
/// of no parser, so that what it changes for the parsers is only where
/// their code lands and what else the rounds hold.
#[cfg(feature = "layout-probe")]
fn probe_pass(urls: &[&str]) -> usize {
    let mut h = 0xcbf2_9ce4_8422_2325u64;
    for &u in urls {
        for &b in black_box(u).as_bytes() {
            h = (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
        }
    }
    black_box(h);
    urls.len()
}

/// Times `jobs` in interleaved rounds; with the `layout-probe` feature,
/// the probe's pass over `urls` is one more job of every round (its times
/// are not reported).
fn rounds(passes: usize, urls: &[&str], jobs: &mut [&mut dyn FnMut() -> usize]) -> Rounds {
    #[cfg(feature = "layout-probe")]
    {
        let mut probe = || probe_pass(urls);
        let mut all: Vec<&mut dyn FnMut() -> usize> = Vec::new();
        for j in jobs.iter_mut() {
            all.push(&mut **j);
        }
        all.push(&mut probe);
        measure_rounds(passes, &mut all)
    }
    #[cfg(not(feature = "layout-probe"))]
    {
        let _ = urls;
        measure_rounds(passes, jobs)
    }
}

/// A plain check of every byte, no parser: one lookup per byte in a table
/// of RFC 3986's characters (unreserved, reserved and "%"). Not a floor:
/// compares over sixteen bytes at once (what the strict parse does for
/// paths and hosts) beat a lookup a byte, and this loop's own speed moves
/// with where the linker puts it.
fn table_pass(urls: &[&str]) -> usize {
    static ALLOWED: [bool; 256] = {
        let mut t = [false; 256];
        let set = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~:/?#[]@!$&'()*+,;=%";
        let mut i = 0;
        while i < set.len() {
            t[set[i] as usize] = true;
            i += 1;
        }
        t
    };
    let mut ok = 0;
    for &u in urls {
        let u = black_box(u).as_bytes();
        ok += usize::from(u.iter().all(|&b| ALLOWED[b as usize]));
    }
    black_box(ok);
    urls.len()
}

/// What two parsers make of a corpus: the URLs both accept, and the
/// URLs only one of them accepts.
struct Agreement<'a> {
    both: Vec<&'a str>,
    only_uniform: Vec<&'a str>,
    only_peer: Vec<&'a str>,
    neither: usize,
}

fn agreement<'a, U, P>(urls: &[&'a str], uniform: &Parser<U>, peer: &Parser<P>) -> Agreement<'a>
where
    U: Fn(&str) -> bool,
    P: Fn(&str) -> bool,
{
    let mut a = Agreement {
        both: Vec::new(),
        only_uniform: Vec::new(),
        only_peer: Vec::new(),
        neither: 0,
    };
    for &u in urls {
        match ((uniform.accepts)(u), (peer.accepts)(u)) {
            (true, true) => a.both.push(u),
            (true, false) => a.only_uniform.push(u),
            (false, true) => a.only_peer.push(u),
            (false, false) => a.neither += 1,
        }
    }
    a
}

/// Prints how many `urls` there are and the first few, each with what
/// `why` says of it (Uniform's error, when Uniform rejected it).
fn print_examples(label: &str, urls: &[&str], why: Option<&dyn Fn(&str) -> String>) {
    if urls.is_empty() {
        return;
    }
    println!("    {label}: {}", urls.len());
    for u in urls.iter().take(EXAMPLES) {
        let shown: String = u.chars().take(100).collect();
        let more = if shown.len() < u.len() { "..." } else { "" };
        match why {
            Some(why) => println!("      {shown:?}{more}  [uniform: {}]", why(u)),
            None => println!("      {shown:?}{more}"),
        }
    }
}

/// Counts `urls` by the rule Uniform's error cites, most frequent first.
fn print_rules(urls: &[&str], why: &dyn Fn(&str) -> String) {
    if urls.len() <= EXAMPLES {
        return;
    }
    let mut by_rule: Vec<(String, usize)> = Vec::new();
    for u in urls {
        let e = why(u);
        let rule = e
            .rfind("(rule ")
            .map_or(e.as_str(), |i| {
                let r = &e[i + 1..];
                r.strip_suffix(')').unwrap_or(r)
            })
            .to_owned();
        match by_rule.iter_mut().find(|(r, _)| *r == rule) {
            Some((_, n)) => *n += 1,
            None => by_rule.push((rule, 1)),
        }
    }
    by_rule.sort_by_key(|r| std::cmp::Reverse(r.1));
    let list: Vec<String> = by_rule.iter().map(|(r, n)| format!("{n} {r}")).collect();
    println!("      by the rule Uniform cites: {}", list.join("; "));
}

/// What Uniform says of a URL it rejects.
type Why<'a> = &'a dyn Fn(&str) -> String;

/// Uniform's error for a URL its parse by `o` rejects.
fn uniform_error(o: ParseOptions) -> impl Fn(&str) -> String {
    move |s| o.parse(s).err().map_or_else(String::new, |e| e.to_string())
}

fn strict(dialect: Dialect) -> ParseOptions {
    ParseOptions::new().dialect(dialect).strict(true)
}

fn lenient(dialect: Dialect) -> ParseOptions {
    ParseOptions::new().dialect(dialect)
}

/// Prints the agreement of `uniform` and `peer` on `urls` (with `why`,
/// Uniform's error for a URL it rejects), then times both on the URLs
/// both accept. Returns how many URLs Uniform accepts and the peer
/// rejects, and the peer's median ns a URL (when timed).
fn compare<U, P>(
    urls: &[&str],
    (uniform, why): (&Parser<U>, Why<'_>),
    peer: &Parser<P>,
    passes: usize,
) -> (usize, Option<f64>)
where
    U: Fn(&str) -> bool,
    P: Fn(&str) -> bool,
{
    let a = agreement(urls, uniform, peer);
    let disagree = a.only_uniform.len() + a.only_peer.len();
    let only_uniform = a.only_uniform.len();
    println!(
        "  {} / {}: both accept {}, both reject {}, disagree on {} ({:.2}%)",
        uniform.name,
        peer.name,
        a.both.len(),
        a.neither,
        disagree,
        100.0 * disagree as f64 / urls.len().max(1) as f64
    );
    print_examples(
        &format!("accepted by {} only", uniform.name),
        &a.only_uniform,
        None,
    );
    print_examples(
        &format!("accepted by {} only", peer.name),
        &a.only_peer,
        Some(why),
    );
    print_rules(&a.only_peer, why);
    if a.both.is_empty() {
        println!("    (no URL both accept: nothing to time)");
        return (only_uniform, None);
    }
    let set = &a.both[..];
    let mut fu = || pass(uniform, set);
    let mut fp = || pass(peer, set);
    let r = rounds(passes, set, &mut [&mut fu, &mut fp]);
    let (su, sp, ratio) = (r.stats(0), r.stats(1), r.ratio(1, 0));
    println!(
        "    timed on the {} URLs both accept, ns/URL, median (spread):",
        set.len()
    );
    for (name, st) in [(uniform.name, su), (peer.name, sp)] {
        println!("      {name:<40} {:>7.1} ({})", st.median, st.spread(1));
    }
    println!(
        "    ratio {} / {}: {:.2}x, the median of the per-round ratios ({}); ratio of the medians {:.2}x{}",
        peer.name,
        uniform.name,
        ratio.median,
        ratio.spread(2),
        sp.median / su.median,
        noisy(&[su, sp])
    );
    (only_uniform, Some(sp.median))
}

fn noisy(s: &[Stats]) -> &'static str {
    if s.iter().any(|r| r.median > 1.5 * r.best) {
        "  (noisy: a median is over 1.5x its best)"
    } else {
        ""
    }
}

fn bench_corpus(name: &str, lines: &[String], passes: usize) -> usize {
    let urls: Vec<&str> = lines.iter().map(String::as_str).collect();
    let urls = &urls[..];
    let bytes: usize = urls.iter().map(|u| u.len()).sum();
    println!(
        "\n{name}: {} URLs, {:.1} bytes/URL, {passes} passes",
        urls.len(),
        bytes as f64 / urls.len().max(1) as f64
    );

    let strict3986 = parser("uniform strict rfc3986", uniform_strict(Dialect::Rfc3986));
    let strict1738 = parser("uniform strict rfc1738", uniform_strict(Dialect::Rfc1738));
    let fluent = parser("fluent-uri Uri::parse", fluent);
    let ada_can = parser("ada-url can_parse", ada_can);
    let ada_parse = parser("ada-url Url::parse", |s| {
        black_box(ada_url::Url::parse(s, None)).is_ok()
    });
    let url = parser("url Url::parse", |s| black_box(url::Url::parse(s)).is_ok());
    let oxiri = parser("oxiri Iri::parse_unchecked", oxiri_unchecked);

    println!(" validating parsers, RFC 3986 (ada-url and url read the WHATWG URL standard):");
    let why3986 = uniform_error(strict(Dialect::Rfc3986));
    let u3986 = (&strict3986, &why3986 as Why<'_>);
    let (against_fluent, _) = compare(urls, u3986, &fluent, passes);
    let (_, ada_can_ns) = compare(urls, u3986, &ada_can, passes);
    compare(urls, u3986, &ada_parse, passes);
    compare(urls, u3986, &url, passes);
    println!(" validating parsers, RFC 1738 (fluent-uri reads RFC 3986: the grammars differ):");
    let why1738 = uniform_error(strict(Dialect::Rfc1738));
    compare(urls, (&strict1738, &why1738), &fluent, passes);

    let lenient1738 = parser(
        "uniform lenient rfc1738 (UrlRef::parse)",
        uniform_lenient(Dialect::Rfc1738),
    );
    let lenient3986 = parser("uniform lenient rfc3986", uniform_lenient(Dialect::Rfc3986));
    println!(
        " parsers that check no byte (oxiri finds the scheme, the authority's end, '?' and '#'; Uniform also splits the authority):"
    );
    let why_l1738 = uniform_error(lenient(Dialect::Rfc1738));
    let why_l3986 = uniform_error(lenient(Dialect::Rfc3986));
    compare(urls, (&lenient1738, &why_l1738), &oxiri, passes);
    compare(urls, (&lenient3986, &why_l3986), &oxiri, passes);
    println!(
        " a floor, not like for like: Uniform's lenient parse checks no byte, fluent-uri validates every byte"
    );
    compare(urls, (&lenient1738, &why_l1738), &fluent, passes);

    // Uniform's own parses, on the whole corpus.
    debug_assert!(
        urls.iter()
            .all(|u| { (lenient1738.accepts)(u) == black_box(UrlRef::parse(u)).is_ok() })
    );
    let count = |f: &dyn Fn(&str) -> bool| urls.iter().filter(|u| f(u)).count();
    let counts = [
        count(&lenient1738.accepts),
        count(&lenient3986.accepts),
        count(&strict1738.accepts),
        count(&strict3986.accepts),
    ];
    let names = [
        lenient1738.name,
        lenient3986.name,
        strict1738.name,
        strict3986.name,
    ];
    let mut f0 = || pass(&lenient1738, urls);
    let mut f1 = || pass(&lenient3986, urls);
    let mut f2 = || pass(&strict1738, urls);
    let mut f3 = || pass(&strict3986, urls);
    let mut f4 = || table_pass(urls);
    let r = rounds(
        passes,
        urls,
        &mut [&mut f0, &mut f1, &mut f2, &mut f3, &mut f4],
    );
    let s = r.all();
    println!(
        " Uniform's own parses on all {} URLs, ns/URL{}",
        urls.len(),
        noisy(&s)
    );
    println!(
        "  {:<42} {:>7} {:>15} {:>17}  spread",
        "parse", "median", "accepted", "time / strict3986"
    );
    for (i, name) in names.iter().enumerate() {
        println!(
            "  {:<42} {:>7.1} {:>7} / {:<6} {:>8.2}x (median)  {}",
            name,
            s[i].median,
            counts[i],
            urls.len(),
            r.ratio(i, 3).median,
            s[i].spread(1),
        );
    }
    println!(
        "  {:<42} {:>7.1}   (no parser)  {}",
        "a table lookup per byte",
        s[4].median,
        s[4].spread(1)
    );
    // The 1.5x target on ada-url's can_parse as a time a URL, against the
    // lenient parse, which finds the same delimiters and checks no byte:
    // what is left is the time the target leaves for checking them all.
    if let Some(ada) = ada_can_ns {
        let budget = ada / ADA_TARGET;
        println!(
            "  {ADA_TARGET}x ada-url can_parse: {budget:.1} ns a URL; the lenient parse alone (no byte checked) {:.1} ns, leaving {:.1} ns to check every byte; the strict parse checks them in {:.1} ns more",
            s[1].median,
            budget - s[1].median,
            s[3].median - s[1].median
        );
    }
    against_fluent
}

/// The pairs `--ir` knows, as `UNIFORM-PEER`.
const IR_PAIRS: &[&str] = &[
    "strict3986-fluent",
    "strict3986-ada-can",
    "strict1738-fluent",
    "lenient1738-oxiri",
    "lenient3986-oxiri",
    "lenient1738-fluent",
];

/// Runs one side of a pair `reps` times over the URLs both sides accept;
/// returns how many URLs that is.
fn ir_side<U, P>(urls: &[&str], uniform: &Parser<U>, peer: &Parser<P>, ir: &Ir) -> usize
where
    U: Fn(&str) -> bool,
    P: Fn(&str) -> bool,
{
    let set = agreement(urls, uniform, peer).both;
    for _ in 0..ir.reps {
        if ir.peer {
            pass(peer, &set);
        } else {
            pass(uniform, &set);
        }
    }
    set.len()
}

fn ir_run(name: &str, lines: &[String], ir: &Ir) {
    let urls: Vec<&str> = lines.iter().map(String::as_str).collect();
    // The same closures as the timed passes, so that the same code runs.
    let strict = |d| parser("", uniform_strict(d));
    let lenient = |d| parser("", uniform_lenient(d));
    let (fluent, ada_can, oxiri) = (
        parser("fluent-uri Uri::parse", fluent),
        parser("ada-url can_parse", ada_can),
        parser("oxiri Iri::parse_unchecked", oxiri_unchecked),
    );
    let n = match ir.pair.as_str() {
        "strict3986-fluent" => ir_side(&urls, &strict(Dialect::Rfc3986), &fluent, ir),
        "strict3986-ada-can" => ir_side(&urls, &strict(Dialect::Rfc3986), &ada_can, ir),
        "strict1738-fluent" => ir_side(&urls, &strict(Dialect::Rfc1738), &fluent, ir),
        "lenient1738-oxiri" => ir_side(&urls, &lenient(Dialect::Rfc1738), &oxiri, ir),
        "lenient3986-oxiri" => ir_side(&urls, &lenient(Dialect::Rfc3986), &oxiri, ir),
        "lenient1738-fluent" => ir_side(&urls, &lenient(Dialect::Rfc1738), &fluent, ir),
        other => unreachable!("args() checked the pair {other:?}"),
    };
    println!(
        "ir {} {}: {name}, {n} URLs both accept, {} passes",
        ir.pair,
        if ir.peer { "peer" } else { "uniform" },
        ir.reps
    );
}

fn main() -> ExitCode {
    uniform_bench::smoke_needs(&uniform_bench::corpus_dir());
    let args = match args() {
        Ok(a) => a,
        Err(e) => {
            eprintln!(
                "parse bench: {e}\nusage: parse [--passes N] [--check] [--smoke] [CORPUS.txt...]\n       parse --ir PAIR --side uniform|peer --reps N [CORPUS.txt]"
            );
            return ExitCode::from(2);
        }
    };
    if let Some(ir) = &args.ir {
        // No header: it runs git and rustc, whose instructions callgrind
        // would not see anyway, and the count is of the passes alone.
        for name in &args.corpora[..1] {
            let lines = slice_for_smoke(corpus(name), SMOKE_LINES, args.smoke);
            ir_run(name, &lines, ir);
        }
        return ExitCode::SUCCESS;
    }
    print_header("parse", &["fluent-uri", "ada-url", "url", "oxiri"]);
    if cfg!(feature = "layout-probe") {
        println!("layout probe: one more timed job in every round (a hash of the URLs' bytes)");
    }
    if args.smoke {
        println!("smoke run: the first {SMOKE_LINES} lines of each corpus, one pass");
    }
    let mut looser = 0;
    for name in &args.corpora {
        let lines = slice_for_smoke(corpus(name), SMOKE_LINES, args.smoke);
        looser += bench_corpus(name, &lines, args.passes);
    }
    println!(
        "\ncheck: URLs uniform strict rfc3986 accepts and fluent-uri rejects: {looser} (want 0)"
    );
    if args.check && looser > 0 {
        println!("check FAILED: Uniform's strict RFC 3986 parse accepts what the grammar does not");
        return ExitCode::FAILURE;
    }
    ExitCode::SUCCESS
}
