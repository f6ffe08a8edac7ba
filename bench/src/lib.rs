//! Helpers the benchmarks share: the URL corpora, a timer that reports
//! nanoseconds per item, and the process's peak memory.
//!
//! # Overview
//!
//! - [`corpus`] reads one file of `../shared/corpus` (one URL a line), or
//!   of the directory named by `UNIFORM_CORPUS`.
//! - [`measure`] times one closure over several passes; [`measure_all`]
//!   times several closures in turn, one pass each per round, so that a
//!   burst of load on a shared machine falls on all of them alike;
//!   [`measure_rounds`] does the same and keeps every round, so that a
//!   ratio can be taken round by round ([`Rounds::ratio`]).
//! - [`Stats`] holds the median, the quartiles and the extremes of the
//!   passes; [`Stats::spread`] writes them beside the median.
//! - [`peak_rss`] and [`reset_peak_rss`] read and reset `VmHWM`.
//! - [`header`] prints what a figure needs beside it: the date (UTC), the
//!   machine (CPU model, cores, load average), the commit, the build and
//!   the versions of the peer crates linked (from the workspace's
//!   `Cargo.lock`); [`smoke_requested`] tells a benchmark to make one
//!   quick pass over a small slice (`--smoke`).
//!
//! # Example: time a pass over a corpus
//!
//! ```
//! use std::hint::black_box;
//! use uniform_bench::{lines, measure};
//!
//! let urls = lines("\u{feff}http://a/\n\nftp://b/x\n");
//! assert_eq!(urls, ["http://a/", "ftp://b/x"]);
//! let stats = measure(5, || {
//!     for u in &urls {
//!         black_box(uniform::UrlRef::parse(black_box(u)).is_ok());
//!     }
//!     urls.len()
//! });
//! assert!(stats.best <= stats.median);
//! ```
#![forbid(unsafe_code)]
#![deny(missing_docs, missing_debug_implementations)]

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;
use std::{fmt, fs, io};

/// The directory the corpora are read from: `$UNIFORM_CORPUS` when set,
/// else `shared/corpus` beside the repository.
///
/// # Example
///
/// ```
/// let dir = uniform_bench::corpus_dir();
/// assert!(dir.ends_with("corpus") || std::env::var_os("UNIFORM_CORPUS").is_some());
/// ```
pub fn corpus_dir() -> PathBuf {
    match std::env::var_os("UNIFORM_CORPUS") {
        Some(dir) => PathBuf::from(dir),
        None => PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../shared/corpus"),
    }
}

/// The non-blank lines of `text`, without a leading byte-order mark and
/// without line ends (`\n` or `\r\n`). Other spaces are kept: a parser
/// must see what the file holds.
///
/// # Example
///
/// ```
/// let v = uniform_bench::lines("\u{feff}http://a/ \r\n\r\n\nnews:x\n");
/// assert_eq!(v, ["http://a/ ", "news:x"]);
/// ```
pub fn lines(text: &str) -> Vec<String> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    text.lines()
        .filter(|l| !l.is_empty())
        .map(str::to_owned)
        .collect()
}

/// Reads corpus `name` (a file name such as `kasztp.txt`) from
/// [`corpus_dir`], as [`lines`].
///
/// # Errors
///
/// The I/O error of reading the file, with its path in the message.
///
/// # Example
///
/// ```
/// let err = uniform_bench::try_corpus("no-such-corpus.txt").unwrap_err();
/// assert!(err.to_string().contains("no-such-corpus.txt"));
/// ```
pub fn try_corpus(name: &str) -> io::Result<Vec<String>> {
    let path = corpus_dir().join(name);
    let bytes = fs::read(&path).map_err(|e| {
        io::Error::new(
            e.kind(),
            format!(
                "{}: {e} (set UNIFORM_CORPUS to the corpus directory)",
                path.display()
            ),
        )
    })?;
    // A corpus is text, but one stray byte must not hide the other lines.
    Ok(lines(&String::from_utf8_lossy(&bytes)))
}

/// Reads corpus `name`, as [`try_corpus`].
///
/// # Panics
///
/// When the file cannot be read: a benchmark without its input has
/// nothing to report.
///
/// # Example
///
/// ```no_run
/// let urls = uniform_bench::corpus("kasztp.txt");
/// assert_eq!(urls.len(), 48_010);
/// ```
pub fn corpus(name: &str) -> Vec<String> {
    try_corpus(name).unwrap_or_else(|e| panic!("{e}"))
}

/// Timings of several passes, in nanoseconds per item (or any other
/// figure of which the median is wanted: [`Rounds::ratio`] makes one of
/// ratios).
///
/// # Example
///
/// ```
/// let s = uniform_bench::Stats::from_samples(vec![3.0, 1.0, 2.0]);
/// assert_eq!((s.best, s.median, s.worst, s.passes), (1.0, 2.0, 3.0, 3));
/// assert_eq!((s.q1, s.q3), (1.5, 2.5));
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Stats {
    /// The fastest pass: the least disturbed by other load.
    pub best: f64,
    /// The median pass.
    pub median: f64,
    /// The slowest pass.
    pub worst: f64,
    /// The first quartile (linear interpolation between passes).
    pub q1: f64,
    /// The third quartile.
    pub q3: f64,
    /// The low end of a 95% confidence interval of the median: the
    /// passes ranked n/2 - 0.98 sqrt(n) and n/2 + 0.98 sqrt(n) (the
    /// binomial bound, which holds whatever the distribution of the
    /// passes). Two medians whose intervals overlap are not told apart.
    pub median_lo: f64,
    /// The high end of that interval.
    pub median_hi: f64,
    /// How many passes were timed.
    pub passes: usize,
}

/// The `p` quantile of sorted `v`, interpolated between its neighbours
/// (so that the median of an even count is the mean of the middle two).
fn quantile(v: &[f64], p: f64) -> f64 {
    let x = p * (v.len() - 1) as f64;
    let (lo, hi) = (x.floor() as usize, x.ceil() as usize);
    v[lo] + (v[hi] - v[lo]) * (x - lo as f64)
}

impl Stats {
    /// Best, median, quartiles and worst of `samples`; the median of an
    /// even count is the mean of the two middle ones.
    ///
    /// # Panics
    ///
    /// When `samples` is empty.
    ///
    /// # Example
    ///
    /// ```
    /// let s = uniform_bench::Stats::from_samples(vec![4.0, 1.0, 2.0, 9.0]);
    /// assert_eq!((s.best, s.median, s.worst), (1.0, 3.0, 9.0));
    /// ```
    pub fn from_samples(mut samples: Vec<f64>) -> Stats {
        assert!(!samples.is_empty(), "no samples");
        samples.sort_by(f64::total_cmp);
        let n = samples.len();
        let half_width = 0.98 * (n as f64).sqrt();
        let lo = ((n as f64 / 2.0 - half_width).floor().max(0.0) as usize).min(n - 1);
        let hi = ((n as f64 / 2.0 + half_width).ceil() as usize).min(n - 1);
        Stats {
            best: samples[0],
            median: quantile(&samples, 0.5),
            worst: samples[n - 1],
            q1: quantile(&samples, 0.25),
            q3: quantile(&samples, 0.75),
            median_lo: samples[lo],
            median_hi: samples[hi],
            passes: n,
        }
    }

    /// The spread beside a median: `IQR Q1-Q3, range MIN-MAX, N rounds,
    /// median's 95% CI LO-HI`, each figure with `decimals` decimals.
    ///
    /// # Example
    ///
    /// ```
    /// let s = uniform_bench::Stats::from_samples(vec![1.0, 2.0, 3.0, 4.0, 5.0]);
    /// assert_eq!(s.spread(1), "IQR 2.0-4.0, range 1.0-5.0, 5 rounds, median's 95% CI 1.0-5.0");
    /// ```
    pub fn spread(&self, decimals: usize) -> String {
        format!(
            "IQR {:.d$}-{:.d$}, range {:.d$}-{:.d$}, {} rounds, median's 95% CI {:.d$}-{:.d$}",
            self.q1,
            self.q3,
            self.best,
            self.worst,
            self.passes,
            self.median_lo,
            self.median_hi,
            d = decimals
        )
    }
}

impl fmt::Display for Stats {
    /// `median / best ns` with one decimal.
    ///
    /// ```
    /// let s = uniform_bench::Stats::from_samples(vec![2.0, 1.0, 3.0]);
    /// assert_eq!(s.to_string(), "2.0 / 1.0 ns");
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:.1} / {:.1} ns", self.median, self.best)
    }
}

/// Times `passes` runs of `f`, after one untimed run to warm the caches.
/// `f` does one pass and returns how many items it handled; the result is
/// in nanoseconds per item. Wrap results in [`std::hint::black_box`] in
/// `f` so that the work is not optimised away.
///
/// # Panics
///
/// When `passes` is 0.
///
/// # Example
///
/// ```
/// use std::hint::black_box;
/// let data: Vec<u64> = (0..1000).collect();
/// let s = uniform_bench::measure(3, || {
///     black_box(data.iter().sum::<u64>());
///     data.len()
/// });
/// assert_eq!(s.passes, 3);
/// assert!(s.best > 0.0);
/// ```
pub fn measure(passes: usize, mut f: impl FnMut() -> usize) -> Stats {
    assert!(passes > 0, "measure needs at least one pass");
    f();
    Stats::from_samples((0..passes).map(|_| time_one(&mut f)).collect())
}

/// Times several closures with [`measure`]'s contract, interleaved, as
/// [`measure_rounds`] does. Returns one [`Stats`] per closure, in order.
///
/// # Panics
///
/// When `passes` is 0.
///
/// # Example
///
/// ```
/// use std::hint::black_box;
/// let v: Vec<u32> = (0..100).collect();
/// let mut sum = || { black_box(v.iter().sum::<u32>()); v.len() };
/// let mut max = || { black_box(v.iter().max()); v.len() };
/// let stats = uniform_bench::measure_all(4, &mut [&mut sum, &mut max]);
/// assert_eq!(stats.len(), 2);
/// assert!(stats.iter().all(|s| s.passes == 4));
/// ```
pub fn measure_all(passes: usize, fs: &mut [&mut dyn FnMut() -> usize]) -> Vec<Stats> {
    measure_rounds(passes, fs).all()
}

/// The times of several closures over the same rounds, one pass of each
/// a round: `samples[job][round]`, ns per item.
#[derive(Clone, Debug, PartialEq)]
pub struct Rounds {
    samples: Vec<Vec<f64>>,
}

impl Rounds {
    /// Rounds made of given times, `samples[job][round]`.
    ///
    /// # Panics
    ///
    /// When the jobs have not all the same number of rounds.
    ///
    /// # Example
    ///
    /// ```
    /// let r = uniform_bench::Rounds::from_samples(vec![vec![1.0, 2.0], vec![2.0, 6.0]]);
    /// assert_eq!(r.rounds(), 2);
    /// ```
    pub fn from_samples(samples: Vec<Vec<f64>>) -> Rounds {
        assert!(
            samples.windows(2).all(|w| w[0].len() == w[1].len()),
            "jobs with different numbers of rounds"
        );
        Rounds { samples }
    }

    /// How many rounds were timed.
    pub fn rounds(&self) -> usize {
        self.samples.first().map_or(0, Vec::len)
    }

    /// The [`Stats`] of `job`.
    pub fn stats(&self, job: usize) -> Stats {
        Stats::from_samples(self.samples[job].clone())
    }

    /// The [`Stats`] of every job, in order.
    pub fn all(&self) -> Vec<Stats> {
        (0..self.samples.len()).map(|j| self.stats(j)).collect()
    }

    /// The time of job `num` over that of job `den`, taken round by round,
    /// and their [`Stats`]. A round's two passes ran a moment apart, under
    /// the same load, so a burst that slows one round cancels out of its
    /// ratio, where a ratio of two medians would keep it.
    ///
    /// # Example
    ///
    /// ```
    /// let r = uniform_bench::Rounds::from_samples(vec![vec![1.0, 2.0, 4.0], vec![2.0, 4.0, 6.0]]);
    /// let ratio = r.ratio(1, 0);
    /// assert_eq!((ratio.median, ratio.best, ratio.worst), (2.0, 1.5, 2.0));
    /// ```
    pub fn ratio(&self, num: usize, den: usize) -> Stats {
        Stats::from_samples(
            self.samples[num]
                .iter()
                .zip(&self.samples[den])
                .map(|(n, d)| n / d)
                .collect(),
        )
    }
}

/// Times several closures with [`measure`]'s contract, interleaved: each
/// round times every closure once, so that the closures share the
/// machine's quiet and busy moments. Each timed pass comes right after an
/// untimed pass of the same closure, so that it finds the caches and the
/// branch predictors as it leaves them itself. Every other round runs the
/// closures in reverse order: some closures are slowed by what the one
/// before them left, even past their own untimed pass (the resolve
/// bench's `Base::resolve`, issue 34: 50 ns a resolution after
/// `resolve_into`, 77 ns after the RFC 1808 resolve), and a fixed order
/// would put one of the two cases in every round, and in the median.
///
/// # Panics
///
/// When `passes` is 0.
///
/// # Example
///
/// ```
/// use std::hint::black_box;
/// let v: Vec<u32> = (0..100).collect();
/// let mut sum = || { black_box(v.iter().sum::<u32>()); v.len() };
/// let mut max = || { black_box(v.iter().max()); v.len() };
/// let r = uniform_bench::measure_rounds(5, &mut [&mut sum, &mut max]);
/// assert_eq!(r.rounds(), 5);
/// assert_eq!(r.ratio(1, 0).passes, 5);
/// ```
pub fn measure_rounds(passes: usize, fs: &mut [&mut dyn FnMut() -> usize]) -> Rounds {
    assert!(passes > 0, "measure_rounds needs at least one pass");
    let mut samples = vec![Vec::with_capacity(passes); fs.len()];
    for round in 0..passes {
        let order: Vec<usize> = if round % 2 == 0 {
            (0..fs.len()).collect()
        } else {
            (0..fs.len()).rev().collect()
        };
        for j in order {
            fs[j]();
            samples[j].push(time_one(&mut *fs[j]));
        }
    }
    Rounds { samples }
}

fn time_one(f: &mut dyn FnMut() -> usize) -> f64 {
    let t = Instant::now();
    let items = f();
    let ns = t.elapsed().as_nanos() as f64;
    ns / items.max(1) as f64
}

/// The process's peak resident set size in bytes (`VmHWM` of
/// `/proc/self/status`); `None` where there is no such file.
///
/// # Example
///
/// ```
/// if let Some(peak) = uniform_bench::peak_rss() {
///     assert!(peak > 0);
/// }
/// ```
pub fn peak_rss() -> Option<u64> {
    status_kib("VmHWM:").map(|k| k * 1024)
}

/// The process's current resident set size in bytes (`VmRSS`).
///
/// # Example
///
/// ```
/// if let (Some(now), Some(peak)) = (uniform_bench::rss(), uniform_bench::peak_rss()) {
///     assert!(now <= peak);
/// }
/// ```
pub fn rss() -> Option<u64> {
    status_kib("VmRSS:").map(|k| k * 1024)
}

/// Resets the peak that [`peak_rss`] reports to the current resident size
/// (writes `5` to `/proc/self/clear_refs`, Linux 4.0 and later), so that
/// each step of a benchmark can report its own peak. Returns whether the
/// kernel took it.
///
/// # Example
///
/// ```
/// if uniform_bench::reset_peak_rss() {
///     let big = vec![1u8; 32 << 20];
///     std::hint::black_box(&big);
///     assert!(uniform_bench::peak_rss().unwrap() >= 32 << 20);
/// }
/// ```
pub fn reset_peak_rss() -> bool {
    fs::write("/proc/self/clear_refs", "5").is_ok()
}

fn status_kib(key: &str) -> Option<u64> {
    let status = fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with(key))?;
    line[key.len()..]
        .trim()
        .trim_end_matches("kB")
        .trim()
        .parse()
        .ok()
}

/// Whether the command line asks for a smoke run (`--smoke`): one pass
/// over a small slice of the input through every code path of the
/// benchmark, checks included, quick enough for a debug build; its
/// figures mean nothing.
///
/// # Example
///
/// ```
/// // `cargo test --benches -- --smoke` passes it to every bench binary.
/// let _ = uniform_bench::smoke_requested();
/// ```
pub fn smoke_requested() -> bool {
    std::env::args().skip(1).any(|a| a == "--smoke")
}

/// For a smoke run: when `dir`, a folder of `../shared` the bench reads,
/// is missing, prints `SKIPPED: REASON` and ends the process with status
/// 0, so that `scripts/test.sh` counts the smoke run as skipped, neither
/// passed nor failed. A full run goes on, and fails on the missing input.
///
/// # Example
///
/// ```
/// // Without --smoke on the command line this never exits.
/// uniform_bench::smoke_needs(std::path::Path::new("/no/such/folder"));
/// ```
pub fn smoke_needs(dir: &Path) {
    if smoke_requested() && !dir.is_dir() {
        println!(
            "SKIPPED: {} not found (UNIFORM_CORPUS names the corpus folder; spec/ is beside it)",
            dir.display()
        );
        std::process::exit(0);
    }
}

/// The first `n` lines of a corpus, for [`smoke_requested`] runs; all of
/// them otherwise.
///
/// # Example
///
/// ```
/// let v = vec!["a".to_string(), "b".to_string(), "c".to_string()];
/// assert_eq!(uniform_bench::slice_for_smoke(v.clone(), 2, true), ["a", "b"]);
/// assert_eq!(uniform_bench::slice_for_smoke(v, 2, false).len(), 3);
/// ```
pub fn slice_for_smoke(mut lines: Vec<String>, n: usize, smoke: bool) -> Vec<String> {
    if smoke {
        lines.truncate(n);
    }
    lines
}

/// The header every benchmark prints before its figures: what, when,
/// where, which code and which peers.
///
/// # Example
///
/// ```
/// let h = uniform_bench::header("parse", &["url"]);
/// assert!(h.starts_with("bench parse"));
/// assert!(h.contains("UTC"));
/// assert!(h.contains("url "));
/// ```
pub fn header(bench: &str, peers: &[&str]) -> String {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let lock = fs::read_to_string(root.join("Cargo.lock")).unwrap_or_default();
    let versions: Vec<String> = peers
        .iter()
        .map(|p| format!("{p} {}", locked_version(&lock, p).unwrap_or("?")))
        .collect();
    let (load, cores) = (load_average(), cores());
    let build = if cfg!(debug_assertions) {
        "debug (figures mean nothing)"
    } else {
        "release"
    };
    format!(
        "bench {bench}\n  date     {}\n  machine  {}, {cores} cores, load average {load}\n  commit   {}\n  build    {build}; {}\n  peers    {}",
        utc_now(),
        cpu_model(),
        commit(&root),
        rustc_version(),
        if versions.is_empty() {
            "none".to_owned()
        } else {
            versions.join(", ")
        },
    )
}

/// Prints [`header`] and a blank line.
pub fn print_header(bench: &str, peers: &[&str]) {
    println!("{}\n", header(bench, peers));
}

/// The version `Cargo.lock` pins for package `name` (the first entry, if
/// several versions are locked).
///
/// # Example
///
/// ```
/// let lock = "[[package]]\nname = \"url\"\nversion = \"2.5.8\"\n";
/// assert_eq!(uniform_bench::locked_version(lock, "url"), Some("2.5.8"));
/// assert_eq!(uniform_bench::locked_version(lock, "ada-url"), None);
/// ```
pub fn locked_version<'a>(lock: &'a str, name: &str) -> Option<&'a str> {
    let want = format!("name = \"{name}\"");
    let mut lines = lock.lines();
    while let Some(l) = lines.next() {
        if l.trim() == want {
            let v = lines.next()?.trim().strip_prefix("version = \"")?;
            return v.strip_suffix('"');
        }
    }
    None
}

/// The load average over 1, 5 and 15 minutes, as `/proc/loadavg` has it.
pub fn load_average() -> String {
    fs::read_to_string("/proc/loadavg")
        .map(|l| l.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
        .unwrap_or_else(|_| "?".into())
}

fn cores() -> usize {
    std::thread::available_parallelism().map_or(0, |n| n.get())
}

fn cpu_model() -> String {
    fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|c| {
            c.lines()
                .find(|l| l.starts_with("model name"))
                .and_then(|l| l.split_once(':'))
                .map(|(_, m)| m.trim().to_owned())
        })
        .unwrap_or_else(|| "unknown CPU".into())
}

fn run(dir: &Path, cmd: &str, args: &[&str]) -> Option<String> {
    let out = Command::new(cmd)
        .args(args)
        .current_dir(dir)
        .output()
        .ok()?;
    out.status
        .success()
        .then(|| String::from_utf8_lossy(&out.stdout).trim().to_owned())
}

/// `git rev-parse --short HEAD`, with `-dirty` when the work tree has
/// changes (tracked or not) at the time of the run.
fn commit(root: &Path) -> String {
    match run(root, "git", &["rev-parse", "--short", "HEAD"]) {
        Some(c) => {
            let dirty = run(root, "git", &["status", "--porcelain"]).is_some_and(|s| !s.is_empty());
            if dirty { format!("{c}-dirty") } else { c }
        }
        None => "unknown (no git)".into(),
    }
}

fn rustc_version() -> String {
    run(Path::new("."), "rustc", &["-V"])
        .map_or_else(|| "rustc ?".into(), |v| format!("{v} (on PATH)"))
}

/// Now, as `YYYY-MM-DD HH:MM:SS UTC`, by `date -u`, as the scripts'
/// header (scripts/bench-header.sh) has it.
fn utc_now() -> String {
    run(Path::new("."), "date", &["-u", "+%Y-%m-%d %H:%M:%S UTC"])
        .unwrap_or_else(|| "unknown date (no date command)".into())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_keep_inner_spaces_and_drop_blank_lines() {
        assert_eq!(lines(""), Vec::<String>::new());
        assert_eq!(lines("\u{feff}"), Vec::<String>::new());
        assert_eq!(lines("a\n\n\r\nb c\n"), ["a", "b c"]);
        // Only a leading mark is a BOM; a later U+FEFF is data.
        assert_eq!(lines("a\u{feff}\n"), ["a\u{feff}"]);
    }

    #[test]
    fn odd_median_is_the_middle_sample() {
        let s = Stats::from_samples(vec![5.0, 1.0, 4.0, 2.0, 3.0]);
        assert_eq!((s.best, s.median, s.worst, s.passes), (1.0, 3.0, 5.0, 5));
        assert_eq!((s.q1, s.q3), (2.0, 4.0));
    }

    #[test]
    fn measure_runs_warmup_plus_passes() {
        let mut calls = 0;
        let s = measure(7, || {
            calls += 1;
            10
        });
        assert_eq!(calls, 8);
        assert_eq!(s.passes, 7);
    }

    #[test]
    fn measure_all_interleaves_and_alternates_the_order() {
        let order = std::cell::RefCell::new(Vec::new());
        let mut a = || {
            order.borrow_mut().push('a');
            1
        };
        let mut b = || {
            order.borrow_mut().push('b');
            1
        };
        measure_all(3, &mut [&mut a, &mut b]);
        // Each timed pass after an untimed one of its own; the rounds in
        // order, reversed, in order.
        let order: String = order.into_inner().into_iter().collect();
        assert_eq!(order, "aabb".to_owned() + "bbaa" + "aabb");
    }

    #[test]
    fn median_interval_widens_with_fewer_passes() {
        let many = Stats::from_samples((0..201).map(f64::from).collect());
        // Ranks 100.5 -/+ 13.9: passes 86 and 115.
        assert_eq!(
            (many.median_lo, many.median, many.median_hi),
            (86.0, 100.0, 115.0)
        );
        let few = Stats::from_samples(vec![1.0, 2.0, 3.0]);
        assert_eq!((few.median_lo, few.median_hi), (1.0, 3.0));
    }

    #[test]
    fn quartiles_interpolate() {
        let s = Stats::from_samples((1..=8).map(f64::from).collect());
        assert_eq!((s.q1, s.median, s.q3), (2.75, 4.5, 6.25));
        let one = Stats::from_samples(vec![7.0]);
        assert_eq!(
            (one.best, one.q1, one.median, one.q3, one.worst),
            (7.0, 7.0, 7.0, 7.0, 7.0)
        );
    }

    #[test]
    fn ratio_is_taken_round_by_round() {
        // A burst that slows both jobs of round 2 threefold leaves its
        // ratio alone.
        let r = Rounds::from_samples(vec![vec![10.0, 30.0, 10.0], vec![12.0, 36.0, 12.0]]);
        let ratio = r.ratio(1, 0);
        assert!((ratio.best - 1.2).abs() < 1e-12 && (ratio.worst - 1.2).abs() < 1e-12);
    }

    /// A test that reads the shared corpus: the corpus, or a skip recorded
    /// (and `None`) when it is not there, as in a user's clone.
    fn corpus_or_skip(name: &str) -> Option<Vec<String>> {
        match try_corpus(name) {
            Ok(v) => Some(v),
            Err(e) if e.kind() == io::ErrorKind::NotFound => {
                uniform_testkit::Skip::new(format!("corpus absent: {e}")).record();
                None
            }
            Err(e) => panic!("{e}"),
        }
    }

    #[test]
    fn corpus_reads_from_uniform_corpus_dir() {
        let Some(v) = corpus_or_skip("legacy_schemes.txt") else {
            return;
        };
        assert_eq!(v.len(), 638);
        assert!(
            v.iter()
                .all(|l| !l.is_empty() && !l.starts_with('\u{feff}'))
        );
    }

    #[test]
    fn kasztp_loses_its_bom() {
        let Some(v) = corpus_or_skip("kasztp.txt") else {
            return;
        };
        assert_eq!(v.len(), 48_010);
        assert_eq!(v[0], "https://www.sec.gov/edgar.shtml");
    }
}
