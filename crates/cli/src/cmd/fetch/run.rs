//! `uniform fetch` run: the options read once, each URL fetched in
//! curl's order, the exit status of the run.

use super::{Args, Target};
use crate::cmd::{self, Run, Status};
use crate::write_out;
use std::fs::File;
use std::io;

impl Run for Args {
    fn run(mut self) -> io::Result<Status> {
        let format = match self.write_out.as_deref().map(write_out::read_format) {
            None => None,
            Some(Ok(f)) => Some(f),
            Some(Err(e)) => {
                let _ = cmd::say!(io::stderr(), "uniform: -w: {e}");
                return Ok(Status::Usage);
            }
        };
        // Read once (an @FILE, standard input), sent to every URL.
        let request = match self.request.http_request() {
            Ok(r) => r,
            Err(message) => {
                let _ = cmd::say!(io::stderr(), "uniform: {message}");
                return Ok(Status::Usage);
            }
        };
        if !self.quiet && !self.silent {
            for w in &request.warnings {
                let _ = cmd::say!(io::stderr(), "uniform: warning: {w}");
            }
        }
        let mut http = request.http;
        self.get_query = request.query;
        let urls = &self.urls.0;
        // Several URLs: a connection stays open for the next one of its
        // server, as curl keeps it.
        http.keep_alive = urls.len() > 1;
        // The options every URL starts from, made once (the proxy
        // variables read, the gateways parsed), the HTTP connections they
        // hold shared by every URL.
        let (mut base, session) = match self.fetch_options() {
            Ok(o) => o,
            Err(message) => {
                let _ = cmd::say!(io::stderr(), "uniform: {message}");
                return Ok(Status::Usage);
            }
        };
        base.plan.http = http;
        // curl's CURLE_SETOPT_OPTION_SYNTAX for an entry it cannot read.
        match self.route.resolve() {
            Ok(r) => base.resolve = r,
            Err(message) => {
                let _ = cmd::say!(io::stderr(), "uniform: {message}");
                return Ok(Status::Exit(49));
            }
        }
        if self.output.len() > urls.len() {
            let _ = cmd::say!(
                io::stderr(),
                "uniform: {} -o for {} URL{}: one -o a URL at most",
                self.output.len(),
                urls.len(),
                if urls.len() == 1 { "" } else { "s" }
            );
            return Ok(Status::Usage);
        }
        // As curl: the directory must be there unless --create-dirs
        // makes it (curl's CURLE_WRITE_ERROR).
        if let Some(dir) = self
            .output_dir
            .as_deref()
            .filter(|d| !d.as_os_str().is_empty())
            && !self.create_dirs
            && !dir.is_dir()
            && (self.output.iter().any(|p| p.as_os_str() != "-")
                || self.remote_name > 0
                || self.remote_name_all)
        {
            let _ = cmd::say!(
                io::stderr(),
                "uniform: --output-dir {}: no such directory (--create-dirs makes it)",
                dir.display()
            );
            return Ok(Status::Exit(23));
        }
        // -D's file holds this run's heads only (each URL appends its own).
        if let Some(p) = self.dump_header.as_deref().filter(|p| p.as_os_str() != "-")
            && let Err(e) = File::create(p)
        {
            let _ = cmd::say!(io::stderr(), "uniform: -D {}: {e}", p.display());
            return Ok(Status::Exit(23));
        }
        // As curl: each URL in order, every one tried; the status is the
        // last failure's.
        let mut status = Status::Success;
        for (i, raw) in urls.iter().enumerate() {
            let target = match self.output.get(i) {
                Some(p) => Target::Path(p.clone()),
                None if self.remote_name_all
                    || i < self.output.len() + usize::from(self.remote_name) =>
                {
                    Target::Remote
                }
                None => Target::Stdout,
            };
            let one = self.fetch_one(i, raw, target, &base, &session, format.as_deref())?;
            if one != Status::Success {
                status = one;
            }
        }
        // A kept FTP control connection says goodbye, as curl's does.
        session.close();
        Ok(status)
    }
}
