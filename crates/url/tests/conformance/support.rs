//! Tallies, the listed differences, and JSON-lines reading.

use std::collections::{BTreeMap, HashSet};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Where the shared suites are: `$UNIFORM_SHARED_TESTDATA`, else
/// `../shared/testdata` beside the repository.
pub fn shared_testdata() -> Option<PathBuf> {
    if let Ok(p) = std::env::var("UNIFORM_SHARED_TESTDATA") {
        let p = PathBuf::from(p);
        return p.is_dir().then_some(p);
    }
    let repo = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let p = repo.join("../shared/testdata");
    p.is_dir().then_some(p)
}

/// The project's own `testdata/` folder.
pub fn project_testdata() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../testdata")
}

/// Reads a JSON-lines file; blank lines are skipped.
pub fn read_jsonl(path: &Path) -> Vec<serde_json::Value> {
    let text = std::fs::read_to_string(path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            serde_json::from_str(l)
                .unwrap_or_else(|e| panic!("bad JSON line in {}: {e}: {l}", path.display()))
        })
        .collect()
}

/// The rows of `root/rel`; when the file is absent, a tally named `suite`
/// holding one counted skip goes to `out` instead, so that a suite the
/// runner looks for and does not find shows in the closing line.
pub fn rows_or_skip(
    root: &Path,
    rel: &str,
    suite: &str,
    out: &mut Vec<Tally>,
) -> Option<Vec<serde_json::Value>> {
    let p = root.join(rel);
    if p.is_file() {
        Some(read_jsonl(&p))
    } else {
        out.push(Tally::absent(suite, rel));
        None
    }
}

/// One listed difference: Uniform's answer, pinned, and why it is not the
/// suite's.
struct Listed {
    /// Uniform's answer exactly as the runner prints it; another answer on
    /// this row fails until the list is brought up to date.
    uniform: String,
    why: String,
    file: String,
}

/// The listed deliberate differences, by suite name and case id.
#[derive(Default)]
pub struct Differences {
    listed: BTreeMap<(String, String), Listed>,
    used: std::cell::RefCell<HashSet<(String, String)>>,
    /// `UNIFORM_CONFORMANCE_DUMP`'s file, opened once: see
    /// [`Differences::dump`].
    dump: Option<std::cell::RefCell<std::fs::File>>,
}

#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct DiffFile {
    /// Reasons shared by many rows, by name: an entry gives `cause`
    /// instead of its own `why`.
    #[serde(default)]
    causes: BTreeMap<String, String>,
    #[serde(default)]
    difference: Vec<DiffEntry>,
}

#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct DiffEntry {
    suite: String,
    case: String,
    uniform: String,
    why: Option<String>,
    cause: Option<String>,
}

impl Differences {
    /// Reads every `testdata/conformance/*.toml`; with
    /// `UNIFORM_CONFORMANCE_DUMP=FILE`, opens FILE for [`Differences::dump`].
    pub fn load() -> Differences {
        let mut d = Self::load_from(&project_testdata().join("conformance"));
        d.dump = std::env::var_os("UNIFORM_CONFORMANCE_DUMP").map(|path| {
            let f = std::fs::OpenOptions::new()
                .create(true)
                .append(true)
                .open(&path)
                .unwrap_or_else(|e| panic!("UNIFORM_CONFORMANCE_DUMP: {e}"));
            std::cell::RefCell::new(f)
        });
        d
    }

    fn load_from(dir: &Path) -> Differences {
        let mut listed = BTreeMap::new();
        let mut paths: Vec<_> = std::fs::read_dir(dir)
            .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
            .filter_map(|e| e.ok())
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|e| e == "toml"))
            .collect();
        paths.sort();
        for p in paths {
            let name = p
                .file_name()
                .unwrap_or_default()
                .to_string_lossy()
                .into_owned();
            let text = std::fs::read_to_string(&p).unwrap();
            let f: DiffFile =
                toml::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
            for d in f.difference {
                let why = match (&d.why, &d.cause) {
                    (Some(w), None) => w.clone(),
                    (None, Some(c)) => f.causes.get(c).cloned().unwrap_or_else(|| {
                        panic!("{name}: {}: {}: no cause named {c:?}", d.suite, d.case)
                    }),
                    _ => panic!(
                        "{name}: {}: {}: a difference gives either why or cause",
                        d.suite, d.case
                    ),
                };
                assert!(!why.trim().is_empty(), "{name}: a difference needs a why");
                let key = (d.suite, d.case);
                let entry = Listed {
                    uniform: d.uniform,
                    why,
                    file: name.clone(),
                };
                if let Some(old) = listed.insert(key.clone(), entry) {
                    panic!(
                        "{name}: {}: {}: listed twice (also in {})",
                        key.0, key.1, old.file
                    );
                }
            }
        }
        Differences {
            listed,
            used: Default::default(),
            dump: None,
        }
    }

    /// The list's entry for `case` of `suite`, marked used (whatever
    /// [`Tally::record`] then makes of it: an entry never looked up is
    /// stale).
    fn entry(&self, suite: &str, case: &str) -> Option<&Listed> {
        let key = (suite.to_string(), case.to_string());
        let l = self.listed.get(&key)?;
        self.used.borrow_mut().insert(key);
        Some(l)
    }

    /// Appends a row that differs from its suite, listed or not, to
    /// `UNIFORM_CONFORMANCE_DUMP`'s file as a JSON line (`suite`, `case`,
    /// `uniform`): the material for writing or reviewing the list, which
    /// is never written from it by the runner. The run's verdict is
    /// unchanged.
    fn dump(&self, suite: &str, case: &str, got: &str) {
        if let Some(f) = &self.dump {
            let line = serde_json::json!({"suite": suite, "case": case, "uniform": got});
            std::io::Write::write_all(&mut *f.borrow_mut(), format!("{line}\n").as_bytes())
                .unwrap_or_else(|e| panic!("UNIFORM_CONFORMANCE_DUMP: {e}"));
        }
    }

    fn unused(&self) -> Vec<(String, String, String)> {
        let used = self.used.borrow();
        self.listed
            .iter()
            .filter(|(k, _)| !used.contains(*k))
            .map(|((s, c), l)| (s.clone(), c.clone(), l.file.clone()))
            .collect()
    }
}

/// The outcome of one suite (or one file of a suite).
#[derive(Debug, Default)]
pub struct Tally {
    /// Name printed in the report, e.g. `rfc-examples/rfc3986_5.4_resolution`.
    pub suite: String,
    /// Cases run.
    pub run: usize,
    /// Cases whose result equals the suite's.
    pub passed: usize,
    /// Cases that differ as listed in `testdata/conformance/`, with the
    /// answer the list pins.
    pub expected_diff: usize,
    /// Cases that fail the run: unlisted differences, listed ones whose
    /// answer changed, listed ones that now agree.
    pub failures: Vec<String>,
    /// Cases of the suite not run, by reason (an absent file counts one).
    pub skipped: Vec<(usize, String)>,
}

impl Tally {
    /// A new, empty tally for `suite`.
    pub fn new(suite: impl Into<String>) -> Tally {
        Tally {
            suite: suite.into(),
            ..Tally::default()
        }
    }

    /// The tally of a suite whose file `rel` is not in the shared
    /// testdata: one skip.
    pub fn absent(suite: impl Into<String>, rel: &str) -> Tally {
        let mut t = Tally::new(suite);
        t.skip(1, format!("{rel} absent from the shared testdata"));
        t
    }

    /// Counts `n` cases of the suite that are not run, for `reason`.
    pub fn skip(&mut self, n: usize, reason: impl Into<String>) {
        if n > 0 {
            self.skipped.push((n, reason.into()));
        }
    }

    /// The cases not run.
    pub fn skipped_count(&self) -> usize {
        self.skipped.iter().map(|(n, _)| n).sum()
    }

    /// Records one case. `case` is the id used in the differences list (the
    /// input, or `base | reference`); `outcome` is `Ok(())` when Uniform's
    /// answer equals the suite's, or `Err(what Uniform said instead)`,
    /// which a listed difference must give exactly.
    pub fn record(&mut self, diffs: &Differences, case: &str, outcome: Result<(), String>) {
        self.run += 1;
        let shown = case.escape_debug();
        if let Err(got) = &outcome {
            diffs.dump(&self.suite, case, got);
        }
        match (outcome, diffs.entry(&self.suite, case)) {
            (Ok(()), None) => self.passed += 1,
            (Ok(()), Some(l)) => self.failures.push(format!(
                "{shown}: agrees with the suite now; remove it from {}",
                l.file
            )),
            (Err(got), Some(l)) if l.uniform == got => self.expected_diff += 1,
            (Err(got), Some(l)) => self.failures.push(format!(
                "{shown}: Uniform's answer changed on a listed row: now {got:?}, listed {:?} (listed because: {})",
                l.uniform, l.why
            )),
            (Err(got), None) => self.failures.push(format!(
                "{shown}: {got}\n  unlisted; to list it: suite = {:?}, case = {:?}, uniform = {:?}",
                self.suite, case, got
            )),
        }
    }
}

/// Checks the list's own verdicts before any suite runs, on a list of one
/// row written to a scratch folder: the listed answer is a difference,
/// another answer (a regression on a listed row) fails, an agreeing row
/// fails until it leaves the list, an unlisted difference fails, and an
/// entry no case used is reported.
pub fn self_check() {
    let dir = uniform_testkit::scratch("differences");
    std::fs::write(
        dir.join("one.toml"),
        "[causes]\nc = \"a reason\"\n\n[[difference]]\nsuite = \"s\"\ncase = \"x\"\nuniform = \"answer A\"\ncause = \"c\"\n\n[[difference]]\nsuite = \"s\"\ncase = \"never run\"\nuniform = \"answer\"\nwhy = \"a reason\"\n",
    )
    .expect("scratch folder");
    let diffs = Differences::load_from(&dir);
    let mut t = Tally::new("s");
    t.record(&diffs, "x", Err("answer A".into()));
    assert_eq!(
        (t.expected_diff, t.failures.len()),
        (1, 0),
        "the listed answer"
    );
    t.record(&diffs, "x", Err("answer B".into()));
    assert_eq!(
        (t.expected_diff, t.failures.len()),
        (1, 1),
        "another answer"
    );
    t.record(&diffs, "x", Ok(()));
    assert_eq!(
        (t.passed, t.failures.len()),
        (0, 2),
        "a listed row that agrees"
    );
    t.record(&diffs, "y", Err("answer".into()));
    assert_eq!(t.failures.len(), 3, "an unlisted difference");
    assert_eq!(diffs.unused().len(), 1, "an entry no case used");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Prints the table and the closing lines, records the skips through the
/// testkit, and decides the exit status.
pub fn report(tallies: &[Tally], diffs: &Differences) -> ExitCode {
    let row = |name: &str, run, pass, diff, fail, skip| {
        println!("{name:<58} {run:>6} {pass:>6} {diff:>6} {fail:>6} {skip:>6}");
    };
    println!(
        "{:<58} {:>6} {:>6} {:>6} {:>6} {:>6}",
        "suite", "run", "pass", "diff", "FAIL", "skip"
    );
    let (mut run, mut pass, mut diff, mut fail, mut skip) = (0, 0, 0, 0, 0);
    for t in tallies {
        row(
            &t.suite,
            t.run,
            t.passed,
            t.expected_diff,
            t.failures.len(),
            t.skipped_count(),
        );
        run += t.run;
        pass += t.passed;
        diff += t.expected_diff;
        fail += t.failures.len();
        skip += t.skipped_count();
    }
    row("total", run, pass, diff, fail, skip);
    for t in tallies {
        for (n, why) in &t.skipped {
            // Through the testkit, so that scripts/test.sh lists it; the
            // count is the closing line's.
            uniform_testkit::Skip::new(format!("{n} not run: {why}"))
                .record_as(&format!("conformance::{}", t.suite));
        }
    }
    for t in tallies {
        for f in &t.failures {
            println!("FAIL {}: {}", t.suite, f);
        }
    }
    let unused = diffs.unused();
    for (s, c, file) in &unused {
        println!("FAIL {s}: {c}: listed in {file}, but the suite has no such case now");
    }
    let failed = fail + unused.len();
    // The closing lines: listed differences are neither passed nor
    // failed; the last line is the one scripts/test.sh reads.
    println!("{diff} differences (listed in testdata/conformance, each with Uniform's answer)");
    println!("{pass} passed, {failed} failed, {skip} skipped");
    if failed == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
