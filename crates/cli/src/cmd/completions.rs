//! `uniform completions SHELL`: the shell's completion script, generated
//! by clap_complete from the same definitions as `--help`, so that a new
//! flag completes as soon as it exists.

use crate::cmd::{Describe, Status};
use clap_complete::Shell;
use std::io::{self, Write};

/// Print a completion script: bash, zsh, fish, powershell or elvish
#[derive(clap::Args, Debug)]
#[command(after_help = "\
Load it in the running shell, or install it where the shell looks:
  bash:  source <(uniform completions bash)
         uniform completions bash > ~/.local/share/bash-completion/completions/uniform
  zsh:   uniform completions zsh > \"${fpath[1]}/_uniform\"
  fish:  uniform completions fish > ~/.config/fish/completions/uniform.fish
  powershell: uniform completions powershell | Out-String | Invoke-Expression
  elvish: eval (uniform completions elvish | slurp)")]
pub struct Args {
    /// The shell
    #[arg(value_enum, value_name = "SHELL")]
    shell: Shell,
}

impl Describe for Args {
    fn run(self, mut app: clap::Command) -> io::Result<Status> {
        let mut script = Vec::new();
        clap_complete::generate(self.shell, &mut app, "uniform", &mut script);
        io::stdout().lock().write_all(&script)?;
        Ok(Status::Success)
    }
}
