//! A child process measured from outside: its exit, its wall time and its
//! peak memory, for the tests that hold a command to its bounds
//! (`crates/cli/tests/hostile.rs`).
//!
//! Peak memory is the kernel's own high-water mark of the child's resident
//! set, `VmHWM` in `/proc/PID/status` (Linux), read every few milliseconds
//! while the child runs. The mark only grows, so the last reading is the
//! peak up to then; the status is read *before* each `try_wait`, so that
//! the last reading is taken while the process still lives (an exited
//! process's status has no memory lines, and a reaped one has no status).
//! What the child could add between the last reading and its exit is at
//! most a few milliseconds' worth of growth. Where `/proc` is missing the
//! peak is `None`, and a test that needs it must fail rather than pass.

use std::io::{self, Read};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// How often the child's status is read.
pub const POLL: Duration = Duration::from_millis(3);

/// A child being watched.
#[derive(Debug)]
pub struct Watched {
    child: Child,
    start: Instant,
    peak_kib: Option<u64>,
    stdout: Option<JoinHandle<Vec<u8>>>,
    stderr: Option<JoinHandle<Vec<u8>>>,
}

/// What a watched child did.
#[derive(Debug)]
pub struct Measured {
    /// Its exit status; `None` when it overran the limit and was killed.
    pub status: Option<ExitStatus>,
    /// From its start to the reading that saw it exited.
    pub wall: Duration,
    /// The peak resident set in KiB (`VmHWM`), `None` when unreadable.
    pub peak_kib: Option<u64>,
    /// What it wrote on standard output.
    pub stdout: Vec<u8>,
    /// What it wrote on standard error.
    pub stderr: String,
}

impl Measured {
    /// The exit code, `None` when killed by a signal or by the limit.
    pub fn code(&self) -> Option<i32> {
        self.status.and_then(|s| s.code())
    }

    /// The peak memory in MiB, `f64::INFINITY` when it could not be read
    /// (so that a bound on it fails).
    pub fn peak_mib(&self) -> f64 {
        self.peak_kib.map_or(f64::INFINITY, |k| k as f64 / 1024.0)
    }
}

fn drain<R: Read + Send + 'static>(r: Option<R>) -> Option<JoinHandle<Vec<u8>>> {
    r.map(|mut r| {
        std::thread::spawn(move || {
            let mut v = Vec::new();
            let _ = r.read_to_end(&mut v);
            v
        })
    })
}

/// The `VmHWM` of process `pid` in KiB.
///
/// # Example
///
/// ```
/// let kib = uniform_testkit::child::peak_kib(std::process::id());
/// assert!(kib.is_some_and(|k| k > 0));
/// ```
pub fn peak_kib(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
}

impl Watched {
    /// Starts `cmd` with its standard output and error captured and its
    /// standard input empty.
    ///
    /// # Errors
    ///
    /// When it cannot be started.
    ///
    /// # Example
    ///
    /// ```
    /// use std::time::Duration;
    /// use uniform_testkit::child::Watched;
    /// let w = Watched::spawn(std::process::Command::new("true"))?;
    /// let m = w.finish(Duration::from_secs(10));
    /// assert_eq!(m.code(), Some(0));
    /// assert!(m.wall < Duration::from_secs(10));
    /// # Ok::<_, std::io::Error>(())
    /// ```
    pub fn spawn(mut cmd: Command) -> io::Result<Watched> {
        let mut child = cmd
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()?;
        let stdout = drain(child.stdout.take());
        let stderr = drain(child.stderr.take());
        let mut w = Watched {
            child,
            start: Instant::now(),
            peak_kib: None,
            stdout,
            stderr,
        };
        // A first reading at once, for a child that is quickly done.
        w.poll();
        Ok(w)
    }

    /// The child's process id.
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// One reading of the memory, then whether the child has exited.
    fn poll(&mut self) -> Option<ExitStatus> {
        if let Some(k) = peak_kib(self.child.id()) {
            self.peak_kib = Some(self.peak_kib.unwrap_or(0).max(k));
        }
        self.child.try_wait().ok().flatten()
    }

    /// Watches for `d` at most: the exit status when it exited sooner.
    /// Once exited, it stays exited: a later call returns the same status.
    ///
    /// # Example
    ///
    /// ```
    /// use std::process::Command;
    /// use std::time::Duration;
    /// use uniform_testkit::child::Watched;
    /// let mut c = Command::new("sleep");
    /// c.arg("5");
    /// let mut w = Watched::spawn(c)?;
    /// assert!(w.watch_for(Duration::from_millis(50)).is_none());
    /// w.signal("TERM")?;
    /// let m = w.finish(Duration::from_secs(10));
    /// assert_eq!(m.code(), None); // ended by the signal
    /// assert!(m.peak_mib() < 64.0);
    /// # Ok::<_, std::io::Error>(())
    /// ```
    pub fn watch_for(&mut self, d: Duration) -> Option<ExitStatus> {
        let until = Instant::now() + d;
        loop {
            if let Some(s) = self.poll() {
                return Some(s);
            }
            if Instant::now() >= until {
                return None;
            }
            std::thread::sleep(POLL);
        }
    }

    /// Sends the child the signal `name` (`INT`, `TERM`) with kill(1).
    ///
    /// # Errors
    ///
    /// When kill(1) cannot be run or fails.
    pub fn signal(&self, name: &str) -> io::Result<()> {
        let s = Command::new("kill")
            .arg(format!("-{name}"))
            .arg(self.child.id().to_string())
            .status()?;
        if s.success() {
            Ok(())
        } else {
            Err(io::Error::other(format!("kill -{name} failed: {s}")))
        }
    }

    /// Watches the child to its end, killing it when it runs longer than
    /// `limit` from its start (its status is then `None`).
    pub fn finish(mut self, limit: Duration) -> Measured {
        let left = limit.saturating_sub(self.start.elapsed());
        let status = self.watch_for(left);
        let wall = self.start.elapsed();
        if status.is_none() {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
        let join =
            |h: Option<JoinHandle<Vec<u8>>>| h.and_then(|h| h.join().ok()).unwrap_or_default();
        let stdout = join(self.stdout.take());
        let stderr = String::from_utf8_lossy(&join(self.stderr.take())).into_owned();
        Measured {
            status,
            wall,
            peak_kib: self.peak_kib,
            stdout,
            stderr,
        }
    }
}
