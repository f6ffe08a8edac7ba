//! `uniform config`: each default in force and where it comes from.

use crate::cmd::{self, Run, Status};
use crate::config;
use crate::json;
use std::io::{self, Write};

const HELP: &str = "\
Each option that a configuration may set, its value in force and where the
value comes from, in the order they apply (a later one wins):

  built in                   Uniform's own default
  the configuration file     $XDG_CONFIG_HOME/uniform/config.toml, or
                             $HOME/.config/uniform/config.toml
  $UNIFORM_DIALECT           the dialect only

and a flag on the command line over all of them. The file is TOML:

  dialect = \"rfc3986\"      # rfc1738, rfc1630, rfc3986
  strict = true
  show-password = false
  connect-timeout = 10     # fetch, seconds
  timeout = 30
  max-time = 300

A bad value or an unknown key stops every command with an error naming
the file and the line (exit status 2).

--json: one object per option: {key, value, source}, where source is
\"built-in\", \"env:NAME\" or \"file:PATH:LINE\".";

/// Show each default in force and where it comes from
#[derive(clap::Args, Debug)]
#[command(after_long_help = HELP)]
pub struct Args {
    /// Print one JSON object per option (JSON Lines)
    #[arg(long)]
    json: bool,
}

impl Run for Args {
    fn run(self) -> io::Result<Status> {
        // main has loaded it once already; a failure stopped it there.
        let settings = config::load().map_err(|e| io::Error::other(e.to_string()))?;
        let mut out = cmd::stdout();
        let mut buf = Vec::new();
        for s in &settings {
            if self.json {
                buf.extend_from_slice(b"{\"key\":");
                json::string(&mut buf, s.key);
                buf.extend_from_slice(b",\"value\":");
                json::string(&mut buf, s.shown());
                buf.extend_from_slice(b",\"source\":");
                let source = match &s.source {
                    config::Source::BuiltIn => "built-in".to_string(),
                    config::Source::Env(v) => format!("env:{v}"),
                    config::Source::File(p, l) => format!("file:{}:{l}", p.display()),
                };
                json::string(&mut buf, &source);
                buf.extend_from_slice(b"}\n");
            } else {
                // A path or a value may hold what acts on a terminal.
                let line = format!("{:<16} {:<9} {}", s.key, s.shown(), s.source);
                buf.extend_from_slice(uniform::visible::escaped(&line).as_bytes());
                buf.push(b'\n');
            }
        }
        out.write_all(&buf)?;
        out.flush()?;
        Ok(Status::Success)
    }
}
