//! What the line commands (`check`, `normalize`, `parse`, `edit`,
//! `encode`, `decode`) share: the options that name their URLs and how
//! they are read, and the run of a [`Record`] over every input.

use crate::bulk::{self, Jobs, Record};
use crate::cmd::{self, Status, UrlOptions};
use crate::input::{Bom, Inputs};
use std::ffi::OsString;
use std::io::{self, Write};

/// The options of a command that reads URLs a line at a time, flattened
/// first into its `Args` so that they lead its `--help`.
#[derive(clap::Args, Debug)]
pub struct LineArgs {
    /// The URLs; "-" reads one per line from standard input
    #[arg(value_name = "URL", required = true)]
    pub urls: Vec<OsString>,
    #[command(flatten)]
    pub options: UrlOptions,
    #[command(flatten)]
    pub jobs: Jobs,
    /// Print one JSON object per URL (JSON Lines)
    #[arg(long)]
    pub json: bool,
}

/// Runs `record` over the URLs of `args` (a leading byte order mark of
/// standard input dropped, since it is no part of a URL).
///
/// # Errors
///
/// A failure to read the input or to write the output.
pub fn run_lines<R: Record>(args: LineArgs, record: &R) -> io::Result<Status> {
    let inputs = Inputs::new(args.urls, Bom::Strip, args.options.input);
    run_inputs(inputs, args.jobs, record)
}

/// Runs `record` over `inputs` on `jobs` threads; the status fails when a
/// record did or an input could not be read whole.
///
/// # Errors
///
/// A failure to read the input or to write the output.
pub fn run_inputs<R: Record>(mut inputs: Inputs, jobs: Jobs, record: &R) -> io::Result<Status> {
    let mut out = cmd::stdout();
    let ok = bulk::run(record, &mut inputs, &mut out, jobs.count())?;
    out.flush()?;
    Ok(Status::from_ok(ok && inputs.all_read()))
}
