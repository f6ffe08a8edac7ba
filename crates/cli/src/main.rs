//! `uniform`: parse, check, normalize, compare and percent-encode URLs by
//! RFC 1738 (the default), RFC 1630 and RFC 3986.
//!
//! The command-line contract is DESIGN.md section 3: URLs as arguments or,
//! for `-`, one per line on standard input; `--json` for JSON Lines; exit
//! status 0 for success, 1 for invalid input, 2 for a usage error.

mod bulk;
mod caret;
mod cmd;
mod config;
mod details;
mod input;
mod json;
mod password;
mod template;
mod write_out;

use clap::{CommandFactory, FromArgMatches, Subcommand};
use std::io::{self, Write};
use std::process::ExitCode;

/// Parse, check, normalize, compare and percent-encode URLs (RFC 1738,
/// RFC 1630, RFC 3986)
#[derive(clap::Parser, Debug)]
#[command(name = "uniform", version, propagate_version = true)]
#[command(after_help = "Exit status: 0 success, 1 invalid input, 2 usage error.")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

/// Declares the subcommands and their dispatch from one list, so that a
/// new subcommand is one line: `Name(module::Args),` where `Args`
/// implements `cmd::Run` and its doc comment is the one-line help; the
/// ones under `describe:` implement `cmd::Describe` and are handed the
/// command line's own definition.
macro_rules! subcommands {
    (
        run: { $($name:ident($args:ty),)* }
        describe: { $($dname:ident($dargs:ty),)* }
    ) => {
        // One value a process, parsed once: the size of the largest
        // subcommand's flags (fetch's) costs nothing worth a box.
        #[allow(clippy::large_enum_variant)]
        #[derive(Subcommand, Debug)]
        enum Command {
            $($name($args),)*
            $($dname($dargs),)*
        }

        impl Command {
            fn run(self) -> io::Result<cmd::Status> {
                match self {
                    $(Command::$name(args) => cmd::Run::run(args),)*
                    // The built-in defaults, not the configuration's: a
                    // script or a page made here is installed for anyone.
                    $(Command::$dname(args) => cmd::Describe::run(args, Cli::command()),)*
                }
            }
        }
    };
}

subcommands! {
    run: {
    Parse(cmd::parse::Args),
    Check(cmd::check::Args),
    Normalize(cmd::normalize::Args),
    Equal(cmd::equal::Args),
    Encode(cmd::codec::EncodeArgs),
    Decode(cmd::codec::DecodeArgs),
    Plan(cmd::plan::Args),
    Resolve(cmd::resolve::Args),
    Relativize(cmd::resolve::RelativizeArgs),
    Edit(cmd::edit::Args),
    Extract(cmd::extract::Args),
    Fetch(cmd::fetch::Args),
    Links(cmd::links::Args),
    Sql(cmd::sql::Args),
    Schemes(cmd::schemes::Args),
    Config(cmd::config::Args),
    }
    describe: {
    Completions(cmd::completions::Args),
    Man(cmd::man::Args),
    }
}

/// clap's help, version or usage error, as clap prints it (status 0 or
/// 2), unless the error quotes an argument holding a character that acts
/// on a terminal: then its plain text, each line escaped.
fn usage(e: clap::Error) -> ExitCode {
    let text = e.render().to_string();
    // `uniform links` exits as lychee does: 2 says links are broken, so
    // a usage error there is 3.
    let status = match (e.exit_code(), links_command()) {
        (0, _) => 0,
        (_, true) => 3,
        (code, false) => u8::try_from(code).unwrap_or(2),
    };
    let acts = text.lines().any(|l| l.chars().any(uniform::visible::acts));
    if !acts && status == 0 {
        e.exit();
    }
    if acts {
        for line in text.lines() {
            let _ = writeln!(io::stderr(), "{}", uniform::visible::escaped(line));
        }
    } else {
        let _ = e.print();
    }
    ExitCode::from(status)
}

/// Whether the command line names `uniform links`: its first argument,
/// as the top level takes no options but --help and --version.
fn links_command() -> bool {
    std::env::args_os().nth(1).is_some_and(|a| a == "links")
}

fn main() -> ExitCode {
    // The defaults in force (built in, the configuration file, the
    // environment) become clap's defaults, under the flags.
    let settings = match config::load() {
        Ok(s) => s,
        Err(e) => {
            let _ = writeln!(
                io::stderr(),
                "uniform: configuration: {}",
                uniform::visible::escaped(&e.to_string())
            );
            return ExitCode::from(2);
        }
    };
    let mut matches = match config::apply(Cli::command(), &settings).try_get_matches() {
        Ok(m) => m,
        Err(e) => return usage(e),
    };
    // Taken out of the matches, not copied, and the matches dropped: ten
    // thousand URLs on a command line are held once while they run.
    let cli = match Cli::from_arg_matches_mut(&mut matches) {
        Ok(cli) => cli,
        Err(e) => return usage(e),
    };
    drop(matches);
    match cli.command.run() {
        Ok(status) => status.into(),
        // The reader went away (`uniform parse - | head`): not a failure.
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            let _ = writeln!(
                io::stderr(),
                "uniform: {}",
                uniform::visible::escaped(&e.to_string())
            );
            ExitCode::from(1)
        }
    }
}
