//! Tallies, the expected-differences list, and JSON-lines reading.

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

/// The listed deliberate differences: suite name and case id, with the reason.
#[derive(Default)]
pub struct Differences {
    listed: BTreeMap<(String, String), String>,
    used: std::cell::RefCell<HashSet<(String, String)>>,
}

#[derive(serde::Deserialize)]
struct DiffFile {
    #[serde(default)]
    difference: Vec<DiffEntry>,
}

#[derive(serde::Deserialize)]
struct DiffEntry {
    suite: String,
    case: String,
    why: String,
}

impl Differences {
    /// Reads every `testdata/conformance/*.toml`.
    pub fn load() -> Differences {
        let dir = project_testdata().join("conformance");
        let mut listed = BTreeMap::new();
        if let Ok(entries) = std::fs::read_dir(&dir) {
            let mut paths: Vec<_> = entries.filter_map(|e| e.ok()).map(|e| e.path()).collect();
            paths.sort();
            for p in paths {
                if p.extension().is_some_and(|e| e == "toml") {
                    let text = std::fs::read_to_string(&p).unwrap();
                    let f: DiffFile =
                        toml::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
                    for d in f.difference {
                        assert!(
                            !d.why.trim().is_empty(),
                            "{}: a difference needs a why",
                            p.display()
                        );
                        listed.insert((d.suite, d.case), d.why);
                    }
                }
            }
        }
        Differences {
            listed,
            used: Default::default(),
        }
    }

    /// Whether `case` of `suite` is a listed difference (and marks it used).
    pub fn expected(&self, suite: &str, case: &str) -> bool {
        let key = (suite.to_string(), case.to_string());
        if self.listed.contains_key(&key) {
            self.used.borrow_mut().insert(key);
            true
        } else {
            false
        }
    }

    fn unused(&self) -> Vec<(String, String)> {
        let used = self.used.borrow();
        self.listed
            .keys()
            .filter(|k| !used.contains(*k))
            .cloned()
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
    /// Cases that differ, as listed in `testdata/conformance/`.
    pub expected_diff: usize,
    /// Cases that differ and are not listed: each fails the run.
    pub failures: Vec<String>,
}

impl Tally {
    /// A new, empty tally for `suite`.
    pub fn new(suite: impl Into<String>) -> Tally {
        Tally {
            suite: suite.into(),
            ..Tally::default()
        }
    }

    /// Records one case. `case` is the id used in the differences list (the
    /// input, or `base | reference`); `outcome` is `Ok(())` when Uniform's
    /// answer equals the suite's, or `Err(what Uniform said instead)`.
    pub fn record(&mut self, diffs: &Differences, case: &str, outcome: Result<(), String>) {
        self.run += 1;
        match outcome {
            Ok(()) => self.passed += 1,
            Err(_) if diffs.expected(&self.suite, case) => self.expected_diff += 1,
            Err(got) => self.failures.push(format!("{case}: {got}")),
        }
    }
}

/// Prints the table and decides the exit status.
pub fn report(tallies: &[Tally], diffs: &Differences) -> ExitCode {
    println!(
        "{:<58} {:>6} {:>6} {:>6} {:>6}",
        "suite", "run", "pass", "diff", "FAIL"
    );
    let (mut run, mut pass, mut diff, mut fail) = (0, 0, 0, 0);
    for t in tallies {
        println!(
            "{:<58} {:>6} {:>6} {:>6} {:>6}",
            t.suite,
            t.run,
            t.passed,
            t.expected_diff,
            t.failures.len()
        );
        run += t.run;
        pass += t.passed;
        diff += t.expected_diff;
        fail += t.failures.len();
    }
    println!(
        "{:<58} {:>6} {:>6} {:>6} {:>6}",
        "total", run, pass, diff, fail
    );
    for t in tallies {
        for f in &t.failures {
            println!("FAIL {}: {}", t.suite, f);
        }
    }
    let unused = diffs.unused();
    for (s, c) in &unused {
        println!("STALE difference (the case now passes or no longer exists): {s}: {c}");
    }
    // The plain closing line CI reads: conforming cases and listed
    // differences pass, unlisted differences and stale entries fail.
    println!("{} passed, {} failed", pass + diff, fail + unused.len());
    if fail == 0 && unused.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
