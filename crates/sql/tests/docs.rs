//! The examples of README.md and docs/ that run `uniform sql`: the ones
//! the uniform-cli package's examples test leaves to this package, run
//! here with this build's `uniform` and `uniform-sql` first on the PATH
//! (crates/cli/tests/readme.rs runs every other command of the pages).

mod common;

use common::uniform_bin;
use uniform_testkit::examples::{self, Runner};

#[test]
fn every_uniform_sql_example_of_the_pages_runs_as_written() {
    let root = uniform_testkit::repo();
    let bin = uniform_bin().parent().expect("the binaries' folder");
    let runner = Runner::new(&root)
        .path_first(bin)
        .only(|command| examples::invokes(command, "uniform sql"));
    let ran = examples::run_pages(&root, &runner);
    let count = |page: &str| {
        ran.iter()
            .find(|(name, _)| name == page)
            .map_or(0, |(_, n)| *n)
    };
    // The README's one example, and the guide page's.
    assert!(count("README.md") >= 1, "{ran:?}");
    assert!(count("docs/sql.md") >= 5, "{ran:?}");
}
