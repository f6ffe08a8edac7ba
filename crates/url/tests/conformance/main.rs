//! Conformance runner: other projects' URL suites from `../shared/testdata`.
//!
//! Each suite module reads its JSON-lines files, runs every case through
//! Uniform and records the outcome in a [`Tally`]. A case whose result
//! differs from the suite's answer is a *listed difference* when
//! `testdata/conformance/*.toml` lists it with Uniform's answer and the
//! reason (WHATWG's or curl's own rules where the RFCs say otherwise);
//! any other difference fails the run, and so does a listed row whose
//! answer changed or that now agrees. Cases not run, and suite files
//! absent from the testdata, are counted skips.
//!
//! The closing lines keep the three apart: `N differences (...)`, then
//! `N passed, N failed, N skipped`.
//!
//! Where `../shared/testdata` is absent (a user's clone) the runner says so
//! and counts one skip; under `CI=true` its absence is a failure.

mod curl;
mod curl_edit;
mod extract;
mod go;
mod perl;
mod plans;
mod resolve;
mod rfc_examples;
mod schemes;
mod support;
mod whatwg;
mod wpt;

use std::process::ExitCode;
use support::{Differences, Tally};

/// A suite module's entry point: the shared testdata root and the listed
/// differences in, one tally per file out.
type Suite = fn(&std::path::Path, &Differences) -> Vec<Tally>;

fn main() -> ExitCode {
    let Some(root) = support::shared_testdata() else {
        if std::env::var("CI").is_ok_and(|v| v == "true") {
            eprintln!("conformance: ../shared/testdata is missing, and CI=true requires it");
            return ExitCode::FAILURE;
        }
        uniform_testkit::Skip::new(
            "../shared/testdata not found (set UNIFORM_SHARED_TESTDATA to run the peer suites)",
        )
        .record_as("conformance::shared-testdata");
        println!("0 differences (listed in testdata/conformance, each with Uniform's answer)");
        println!("0 passed, 0 failed, 1 skipped");
        return ExitCode::SUCCESS;
    };
    support::self_check();
    let diffs = Differences::load();
    let mut tallies: Vec<Tally> = Vec::new();
    let suites: &[(&str, Suite)] = &[
        ("rfc-examples", rfc_examples::run),
        ("wpt-url", wpt::run),
        ("wpt-url (whatwg)", whatwg::run),
        ("go-net-url", go::run),
        ("perl-uri", perl::run),
        ("curl-lib1560", curl::run),
        ("curl-lib1560-edit", curl_edit::run),
        ("schemes", schemes::run),
        ("resolve", resolve::run),
        ("extract", extract::run),
        ("curl-scheme-protocol", plans::run),
    ];
    for (_name, run) in suites {
        tallies.extend(run(&root, &diffs));
    }
    support::report(&tallies, &diffs)
}
