//! The examples of README.md and of every page of docs/, run as they are
//! written, so that the pages cannot drift from the program (the block
//! reading and running is `uniform_testkit::examples`).
//!
//! - A ```console block holds `$ COMMAND` lines, each followed by what it
//!   prints (standard output, then standard error). The command runs under
//!   `bash` in the repository's root with this build's `uniform` first on
//!   the PATH; its output must be the lines shown, where a line `...`
//!   stands for any number of lines. A command that runs `uniform sql` is
//!   left to the test of the uniform-sql package, which runs exactly those
//!   (`uniform sql` runs the separate `uniform-sql` binary).
//! - README.md's ```sh block of the two commands (the main job, then the
//!   tests): the main job runs as written with `cargo run --release -p
//!   uniform-cli --` replaced by this build's binary, and must succeed;
//!   the test command must be the script `.ci/run` runs from the same
//!   block (it cannot run itself from inside the tests).
//!
//! Any other shell block is an error until this file learns to run it.
//! The Rust examples are doctests: README.md's and docs/library.md's, by
//! their includes in crates/access/src/lib.rs; no other page may hold one.
//! BENCHMARKS.md's commands take minutes and are not run: it may hold no
//! console block.

use std::path::{Path, PathBuf};
use uniform_testkit::examples::{self, Block, Runner};

fn repo() -> PathBuf {
    uniform_testkit::repo()
}

/// This build's `uniform` first on the PATH; every command but those
/// that run `uniform sql`.
fn runner() -> Runner {
    let bin = Path::new(env!("CARGO_BIN_EXE_uniform"))
        .parent()
        .expect("the binary's directory")
        .to_path_buf();
    Runner::new(repo())
        .path_first(bin)
        .only(|command| !examples::invokes(command, "uniform sql"))
}

/// What one page's examples did.
#[derive(Default)]
struct Tally {
    /// Commands run.
    ran: usize,
    /// Commands left to the uniform-sql package's test.
    sql: usize,
}

/// Runs every example of the page `name` (relative to the repository):
/// its console blocks, and for README.md the two commands' block.
fn run_page(name: &str) -> Tally {
    let text = std::fs::read_to_string(repo().join(name)).unwrap_or_else(|e| panic!("{name}: {e}"));
    let runner = runner();
    let readme = name == "README.md";
    let mut tally = Tally::default();
    let mut sh_blocks = 0;
    for b in examples::blocks(&text) {
        match b.lang() {
            "console" => {
                let commands = examples::console_commands(name, &b);
                tally.sql += commands
                    .iter()
                    .filter(|c| !runner.wants(&c.command))
                    .count();
                tally.ran += examples::run_console(name, &b, &runner);
            }
            "sh" if readme => {
                sh_blocks += 1;
                assert_eq!(
                    sh_blocks, 1,
                    "{name} line {}: only the two commands' block may be a plain sh block; \
                     show other commands as a console block with their output",
                    b.line
                );
                tally.ran += run_two_commands(&b, &runner);
            }
            _ if b.is_shell() => panic!(
                "{name} line {}: a ```{} block is run by nothing: show commands as a ```console \
                 block, `$ COMMAND` then what it prints",
                b.line, b.info
            ),
            "rust" if !DOCTESTED.contains(&name) => panic!(
                "{name} line {}: a ```rust block here is no doctest; Rust examples go in {}",
                b.line,
                DOCTESTED.join(" or ")
            ),
            _ => {}
        }
    }
    if readme {
        assert_eq!(
            sh_blocks, 1,
            "README.md has no sh block of the two commands"
        );
    }
    tally
}

/// The pages whose Rust examples are doctests (their includes in
/// crates/access/src/lib.rs, checked below).
const DOCTESTED: &[&str] = &["README.md", "docs/library.md"];

/// The two commands' block: the main job runs, the test command is the
/// one `.ci/run` runs.
fn run_two_commands(b: &Block, runner: &Runner) -> usize {
    let commands: Vec<&String> = b
        .lines
        .iter()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .collect();
    assert_eq!(
        commands.len(),
        2,
        "README.md line {}: the first sh block holds the two commands, the main job then the tests",
        b.line
    );
    let main = commands[0]
        .strip_prefix("cargo run --release -p uniform-cli -- ")
        .unwrap_or_else(|| {
            panic!(
                "README.md line {}: the main job is `cargo run --release -p uniform-cli -- ...`, not {:?}",
                b.line, commands[0]
            )
        });
    let ran = runner.run(&format!("uniform {main}"));
    assert_eq!(
        ran.code, 0,
        "the README's main job `{main}` failed:\n{}",
        ran.output
    );
    assert!(
        !ran.output.trim().is_empty(),
        "the README's main job printed nothing"
    );

    let test = commands[1].as_str();
    assert_eq!(test, "scripts/test.sh", "the README's test command");
    let ci = std::fs::read_to_string(repo().join(".ci/run")).expect(".ci/run");
    assert!(
        ci.contains("/^```sh$/") && ci.contains("${commands[1]}"),
        ".ci/run must run the test command from the README's sh block"
    );
    2
}

/// Runs the page's examples: at least `min` commands must run, and at
/// least `sql` be left to the uniform-sql package's test.
fn check_page(page: &str, min: usize, sql: usize) {
    let tally = run_page(page);
    assert!(
        tally.ran >= min,
        "{page}: only {} commands ran, fewer than {min}",
        tally.ran
    );
    assert!(
        tally.sql >= sql,
        "{page}: only {} `uniform sql` commands, fewer than {sql}",
        tally.sql
    );
}

/// Each page's test: its examples run, at least `min` of them (so that a
/// page whose blocks stopped being read fails), and at least `sql` left
/// to the uniform-sql package's test.
macro_rules! pages {
    ($($test:ident: $page:literal, at least $min:literal, sql $sql:literal;)*) => {
        $(
            #[test]
            fn $test() {
                check_page($page, $min, $sql);
            }
        )*

        /// Every page the examples come from has its test above.
        const PAGES: &[&str] = &[$($page),*];
    };
}

pages! {
    readme: "README.md", at least 20, sql 1;
    docs_index: "docs/README.md", at least 2, sql 0;
    docs_parse: "docs/parse.md", at least 6, sql 0;
    docs_check: "docs/check.md", at least 3, sql 0;
    docs_normalize: "docs/normalize.md", at least 3, sql 0;
    docs_equal: "docs/equal.md", at least 3, sql 0;
    docs_codec: "docs/codec.md", at least 5, sql 0;
    docs_resolve: "docs/resolve.md", at least 4, sql 0;
    docs_edit: "docs/edit.md", at least 5, sql 0;
    docs_extract: "docs/extract.md", at least 4, sql 0;
    docs_plan: "docs/plan.md", at least 4, sql 0;
    docs_fetch: "docs/fetch.md", at least 4, sql 0;
    docs_links: "docs/links.md", at least 2, sql 0;
    docs_sql: "docs/sql.md", at least 0, sql 5;
    docs_schemes: "docs/schemes.md", at least 2, sql 0;
    docs_config: "docs/config.md", at least 2, sql 0;
    docs_completions: "docs/completions.md", at least 3, sql 0;
    docs_library: "docs/library.md", at least 0, sql 0;
    docs_whatwg: "docs/whatwg.md", at least 6, sql 0;
}

#[test]
fn every_page_with_examples_has_its_test() {
    let root = repo();
    let found: Vec<String> = examples::pages(&root)
        .iter()
        .map(|p| {
            p.strip_prefix(&root)
                .expect("a page of the repository")
                .to_string_lossy()
                .into_owned()
        })
        .collect();
    let mut listed: Vec<String> = PAGES.iter().map(|p| p.to_string()).collect();
    listed.sort();
    let mut found_sorted = found.clone();
    found_sorted.sort();
    assert_eq!(
        found_sorted, listed,
        "the pages of README.md and docs/ and the tests of crates/cli/tests/readme.rs differ: \
         give a new page its line in `pages!`"
    );
}

#[test]
fn the_pages_with_rust_examples_are_included_as_doctests() {
    let lib = std::fs::read_to_string(repo().join("crates/access/src/lib.rs")).expect("lib.rs");
    for page in DOCTESTED {
        let include = format!("include_str!(\"../../../{page}\")");
        assert!(
            lib.contains(&include),
            "crates/access/src/lib.rs must hold #[doc = {include}] under #[cfg(doctest)], \
             so that {page}'s Rust examples run"
        );
    }
}

#[test]
fn benchmarks_md_runs_nothing() {
    let text = std::fs::read_to_string(repo().join("BENCHMARKS.md")).expect("BENCHMARKS.md");
    for b in examples::blocks(&text) {
        assert!(
            !b.is_shell() && b.lang() != "rust",
            "BENCHMARKS.md line {}: its commands take minutes and are not run; \
             write them in ```text blocks or code spans, not ```{}",
            b.line,
            b.info
        );
    }
}
