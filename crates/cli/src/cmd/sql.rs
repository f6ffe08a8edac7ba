//! `uniform sql ARGS...`: runs the `uniform-sql` binary (the package
//! uniform-sql, which holds Apache DataFusion and the Ballista client) with
//! every argument as given, the way git and cargo run their external
//! subcommands. The binary is looked for beside the running `uniform`
//! first (a build's `target/release`, or the same `cargo install` root),
//! then on the PATH. Without it, one line says how to install it, exit 2.

use crate::cmd::{Run, Status};
use std::ffi::OsString;
use std::io;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The program `uniform sql` runs.
const PROGRAM: &str = "uniform-sql";

const HELP: &str = "\
The query runs in the uniform-sql binary, which `uniform sql` finds beside
this uniform or on the PATH; `uniform sql --help` shows its flags:
  uniform sql QUERY [--table NAME=FILE]... [--format table|csv|json|ndjson|parquet]
              [-o FILE] [--cluster df://HOST:PORT]
Install it from Uniform's source tree with
`cargo install --locked --path crates/sql` (or `cargo build --release -p
uniform-sql`, beside target/release/uniform).

Exit status: 0 the query ran; 1 the query, a table or the output failed;
2 a usage error, or uniform-sql is not installed.";

/// Run SQL with Uniform's URL functions over CSV, NDJSON, Parquet or text files (the uniform-sql binary)
#[derive(clap::Args, Debug)]
#[command(
    after_help = HELP,
    disable_help_flag = true,
    disable_version_flag = true
)]
pub struct Args {
    /// The query and uniform-sql's flags, passed on as they are
    #[arg(
        value_name = "QUERY|FLAG",
        num_args = 0..,
        trailing_var_arg = true,
        allow_hyphen_values = true
    )]
    args: Vec<OsString>,
}

impl Run for Args {
    fn run(self) -> io::Result<Status> {
        let here = std::env::current_exe().ok();
        let path = std::env::var_os("PATH").unwrap_or_default();
        let Some(program) = find(here.as_deref(), &path) else {
            eprintln!(
                "uniform: sql: the {PROGRAM} binary is not installed (neither beside uniform nor on the PATH): \
                 install it with `cargo install --locked --path crates/sql` from Uniform's source tree"
            );
            return Ok(Status::Usage);
        };
        let mut command = Command::new(&program);
        command.args(&self.args);
        match run(command) {
            Ok(status) => Ok(status),
            Err(e) => {
                eprintln!(
                    "uniform: sql: running {}: {}",
                    uniform::visible::escaped(&program.display().to_string()),
                    e
                );
                Ok(Status::Usage)
            }
        }
    }
}

/// `uniform-sql` beside `here` (the running binary), else in a folder of
/// `path` (the PATH's value).
fn find(here: Option<&Path>, path: &std::ffi::OsStr) -> Option<PathBuf> {
    let name = format!("{PROGRAM}{}", std::env::consts::EXE_SUFFIX);
    let beside = here.and_then(Path::parent).map(|dir| dir.join(&name));
    beside
        .into_iter()
        .chain(std::env::split_paths(path).map(|dir| dir.join(&name)))
        .find(|p| p.is_file())
}

/// Replaces this process with `command` (the exit status, the signals and
/// the terminal are then uniform-sql's own); returns only on failure.
#[cfg(unix)]
fn run(mut command: Command) -> io::Result<Status> {
    use std::os::unix::process::CommandExt;
    // Its usage lines then read `uniform sql ...`, the command typed.
    Err(command.arg0("uniform sql").exec())
}

/// Runs `command` and exits as it did.
#[cfg(not(unix))]
fn run(mut command: Command) -> io::Result<Status> {
    let status = command.status()?;
    Ok(match status.code() {
        Some(0) => Status::Success,
        Some(code) => Status::Exit(u8::try_from(code).unwrap_or(1)),
        None => Status::Failure,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_binary_beside_uniform_comes_before_the_path() {
        let dir = uniform_testkit::scratch("sql-find");
        let beside = dir.join("bin");
        let on_path = dir.join("path");
        for d in [&beside, &on_path] {
            std::fs::create_dir_all(d).unwrap();
        }
        let name = format!("{PROGRAM}{}", std::env::consts::EXE_SUFFIX);
        let path = std::env::join_paths([&on_path]).unwrap();
        let uniform = beside.join("uniform");
        assert_eq!(find(Some(&uniform), &path), None);
        std::fs::write(on_path.join(&name), "").unwrap();
        assert_eq!(find(Some(&uniform), &path), Some(on_path.join(&name)));
        std::fs::write(beside.join(&name), "").unwrap();
        assert_eq!(find(Some(&uniform), &path), Some(beside.join(&name)));
        // A folder of that name is no program.
        std::fs::remove_file(beside.join(&name)).unwrap();
        std::fs::create_dir(beside.join(&name)).unwrap();
        assert_eq!(find(Some(&uniform), &path), Some(on_path.join(&name)));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
