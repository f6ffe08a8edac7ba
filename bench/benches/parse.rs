//! Parse throughput of Uniform against its peers, like for like, on the
//! shared corpora.
//!
//! ```text
//! cargo bench -p uniform-bench --bench parse
//! cargo bench -p uniform-bench --bench parse -- --passes 51 userbait.txt
//! cargo bench -p uniform-bench --bench parse -- --check   # exit 1 when an agreement check fails
//! cargo test -p uniform-bench --benches -- --smoke        # one quick pass, debug build
//! ```
//!
//! Every ratio sets a validating parse of Uniform against a validating
//! peer, on the same accept set:
//!
//! - Uniform strict RFC 3986 against fluent-uri's `Uri::parse` (RFC 3986's
//!   `URI` rule, scheme required, as Uniform requires one), against
//!   ada-url (`Url::can_parse`, and `Url::parse` which builds the URL) and
//!   against `url::Url::parse`. ada-url and url follow the WHATWG URL
//!   standard, another grammar.
//! - Uniform strict RFC 1738 (the default dialect) against fluent-uri:
//!   the grammars differ, and the agreement figures say by how much.
//!
//! For each pair the bench first lists the URLs one side accepts and the
//! other rejects (the count, and five of each), then times both sides on
//! the URLs both accept, in interleaved passes (one pass of each per
//! round). Figures are nanoseconds per URL, median and best of the passes;
//! a ratio is the peer's time over Uniform's, so "2.00x" means Uniform
//! took half the time.
//!
//! Uniform's lenient parses (RFC 1738 and RFC 3986) get their own rows,
//! over the whole corpus, with no ratio against a peer: no peer parses
//! leniently the way they do. They are set against Uniform's own strict
//! parses on the same corpus. A last line per corpus sets issue 17's
//! 1.5x target on ada-url's `can_parse`, as a time a URL, against the
//! lenient parse: the difference is the time the target leaves for
//! checking every byte, and the line shows what the strict parse spends.
//!
//! `--check` fails (exit 1) when Uniform's strict RFC 3986 parse accepts a
//! URL that fluent-uri, which reads RFC 3986's generic grammar exactly,
//! rejects: Uniform adds the schemes' own rules (RFC 1738's `fileurl` needs
//! a "/" after the host, for one) to the generic grammar, so it may reject
//! more, never accept more. No speed figure fails the check.

use std::hint::black_box;
use std::process::ExitCode;
use uniform::{Dialect, ParseOptions, UrlRef};
use uniform_bench::{Stats, corpus, measure_all, print_header, slice_for_smoke};

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
}

fn args() -> Result<Args, String> {
    let mut a = Args {
        passes: DEFAULT_PASSES,
        corpora: Vec::new(),
        check: false,
        smoke: false,
    };
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
            s if s.starts_with('-') => return Err(format!("unknown option {s:?}")),
            s => a.corpora.push(s.to_owned()),
        }
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

/// Uniform's error for a URL its strict parse in `dialect` rejects.
fn uniform_error(dialect: Dialect) -> impl Fn(&str) -> String {
    let o = ParseOptions::new().dialect(dialect).strict(true);
    move |s| o.parse(s).err().map_or_else(String::new, |e| e.to_string())
}

/// Prints the agreement of `uniform` and `peer` on `urls`, then times
/// both on the URLs both accept. Returns how many URLs Uniform accepts
/// and the peer rejects, and the peer's median ns a URL (when timed).
fn compare<U, P>(
    urls: &[&str],
    (uniform, dialect): (&Parser<U>, Dialect),
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
    let why = uniform_error(dialect);
    print_examples(
        &format!("accepted by {} only", peer.name),
        &a.only_peer,
        Some(&why),
    );
    print_rules(&a.only_peer, &why);
    if a.both.is_empty() {
        println!("    (no URL both accept: nothing to time)");
        return (only_uniform, None);
    }
    let set = &a.both[..];
    let mut fu = || pass(uniform, set);
    let mut fp = || pass(peer, set);
    let s = measure_all(passes, &mut [&mut fu, &mut fp]);
    println!(
        "    timed on the {} URLs both accept, ns/URL median / best: {} {:.1} / {:.1}, {} {:.1} / {:.1}",
        set.len(),
        uniform.name,
        s[0].median,
        s[0].best,
        peer.name,
        s[1].median,
        s[1].best,
    );
    println!(
        "    ratio {} / {}: {:.2}x (median), {:.2}x (best){}",
        peer.name,
        uniform.name,
        s[1].median / s[0].median,
        s[1].best / s[0].best,
        noisy(&s)
    );
    (only_uniform, Some(s[1].median))
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
    let fluent = parser("fluent-uri Uri::parse", |s| {
        black_box(fluent_uri::Uri::parse(s)).is_ok()
    });
    let ada_can = parser("ada-url can_parse", |s| ada_url::Url::can_parse(s, None));
    let ada_parse = parser("ada-url Url::parse", |s| {
        black_box(ada_url::Url::parse(s, None)).is_ok()
    });
    let url = parser("url Url::parse", |s| black_box(url::Url::parse(s)).is_ok());

    println!(" validating parsers, RFC 3986 (ada-url and url read the WHATWG URL standard):");
    let u3986 = (&strict3986, Dialect::Rfc3986);
    let (against_fluent, _) = compare(urls, u3986, &fluent, passes);
    let (_, ada_can_ns) = compare(urls, u3986, &ada_can, passes);
    compare(urls, u3986, &ada_parse, passes);
    compare(urls, u3986, &url, passes);
    println!(" validating parsers, RFC 1738 (fluent-uri reads RFC 3986: the grammars differ):");
    compare(urls, (&strict1738, Dialect::Rfc1738), &fluent, passes);

    // Uniform's lenient parses: the whole corpus, no peer.
    let lenient1738 = parser(
        "uniform lenient rfc1738 (UrlRef::parse)",
        uniform_lenient(Dialect::Rfc1738),
    );
    let lenient3986 = parser("uniform lenient rfc3986", uniform_lenient(Dialect::Rfc3986));
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
    let s = measure_all(passes, &mut [&mut f0, &mut f1, &mut f2, &mut f3, &mut f4]);
    println!(
        " Uniform's own parses on all {} URLs (no peer parses leniently this way: no peer ratio){}",
        urls.len(),
        noisy(&s)
    );
    println!(
        "  {:<42} {:>9} {:>9} {:>15} {:>17}",
        "parse", "median", "best", "accepted", "time / strict3986"
    );
    for (i, name) in names.iter().enumerate() {
        println!(
            "  {:<42} {:>9.1} {:>9.1} {:>7} / {:<6} {:>8.2}x (median)",
            name,
            s[i].median,
            s[i].best,
            counts[i],
            urls.len(),
            s[i].median / s[3].median,
        );
    }
    println!(
        "  {:<42} {:>9.1} {:>9.1}   (no parser)",
        "a table lookup per byte", s[4].median, s[4].best
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

fn main() -> ExitCode {
    uniform_bench::smoke_needs(&uniform_bench::corpus_dir());
    let args = match args() {
        Ok(a) => a,
        Err(e) => {
            eprintln!(
                "parse bench: {e}\nusage: parse [--passes N] [--check] [--smoke] [CORPUS.txt...]"
            );
            return ExitCode::from(2);
        }
    };
    print_header("parse", &["fluent-uri", "ada-url", "url"]);
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
