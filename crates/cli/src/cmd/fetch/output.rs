//! Where an object goes: standard output or a file written whole or not
//! at all (-o, -O, --create-dirs), and what a signal leaves behind.

use crate::cmd::{self};
use std::fs::{File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use uniform::UrlRef;
use uniform_access::output::AtomicFile;

/// Where the object goes.
pub(super) enum Output {
    Stdout(io::BufWriter<io::StdoutLock<'static>>),
    /// A regular file, renamed into place once complete.
    Atomic(AtomicFile),
    /// Something that is not a regular file (/dev/null, a pipe): it cannot
    /// be renamed over, and a partial write to it is the reader's to judge.
    Direct(io::BufWriter<File>),
}

impl Output {
    /// The output at `path` (standard output for none or `-`); `append`:
    /// after what the file holds (curl's `-C`), written in place, since
    /// its start is kept whatever becomes of the transfer.
    pub(super) fn open(path: Option<&Path>, append: bool) -> io::Result<Output> {
        let path = match path {
            None => return Ok(Output::Stdout(cmd::stdout())),
            Some(p) if p.as_os_str() == "-" => return Ok(Output::Stdout(cmd::stdout())),
            Some(p) => p,
        };
        if append {
            let f = OpenOptions::new().append(true).open(path)?;
            return Ok(Output::Direct(io::BufWriter::with_capacity(
                uniform_access::output::BUFFER,
                f,
            )));
        }
        match std::fs::metadata(path) {
            Ok(m) if m.is_dir() => Err(io::Error::new(
                io::ErrorKind::IsADirectory,
                "it is a directory",
            )),
            Ok(m) if !m.is_file() => {
                let f = OpenOptions::new().write(true).open(path)?;
                Ok(Output::Direct(io::BufWriter::with_capacity(
                    uniform_access::output::BUFFER,
                    f,
                )))
            }
            _ => AtomicFile::create(path).map(Output::Atomic),
        }
    }

    pub(super) fn finish(self) -> io::Result<()> {
        match self {
            Output::Stdout(mut w) => w.flush(),
            Output::Atomic(f) => f.commit(),
            Output::Direct(mut w) => w.flush(),
        }
    }

    /// Whether the object goes to standard output.
    pub(super) fn is_stdout(&self) -> bool {
        matches!(self, Output::Stdout(_))
    }
}

impl Write for Output {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        match self {
            Output::Stdout(w) => w.write(buf),
            Output::Atomic(f) => f.write(buf),
            Output::Direct(w) => w.write(buf),
        }
    }

    fn write_all(&mut self, buf: &[u8]) -> io::Result<()> {
        match self {
            Output::Stdout(w) => w.write_all(buf),
            Output::Atomic(f) => f.write_all(buf),
            Output::Direct(w) => w.write_all(buf),
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        match self {
            Output::Stdout(w) => w.flush(),
            Output::Atomic(f) => f.flush(),
            Output::Direct(w) => w.flush(),
        }
    }
}

/// The file name -O gives: the URL's last path segment, decoded, if it
/// names a file (no `/`, not `.` or `..`, no NUL).
pub(super) fn remote_name(url: &UrlRef<'_>) -> Option<PathBuf> {
    let path = url.path();
    let last = path?.rsplit('/').next().unwrap_or_default();
    let decoded = uniform::pct::decode(last.as_bytes());
    let name = String::from_utf8_lossy(&decoded).into_owned();
    let plain =
        !name.is_empty() && name != "." && name != ".." && !name.contains(['/', '\\', '\0']);
    plain.then(|| PathBuf::from(name))
}

/// On SIGINT or SIGTERM: the temporary file of an output being written
/// is removed, and the process exits 128 + the signal (130, 143), as a
/// shell reports a command a signal ended. A thread waits for the signal
/// (signal-hook), so that the removal runs outside a signal handler.
pub(super) fn on_signal_abandon_output() -> io::Result<()> {
    use signal_hook::consts::{SIGINT, SIGTERM};
    // Once a process: each registration is a pipe and a thread, and a run
    // of ten thousand URLs would run out of descriptors.
    static ON: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);
    if ON.swap(true, std::sync::atomic::Ordering::SeqCst) {
        return Ok(());
    }
    let mut signals = signal_hook::iterator::Signals::new([SIGINT, SIGTERM])?;
    std::thread::Builder::new()
        .name("signals".into())
        .spawn(move || {
            if let Some(signal) = signals.forever().next() {
                // Held to the exit: no file is renamed into place after.
                let _held = uniform_access::output::abandon_all();
                std::process::exit(128 + signal);
            }
        })?;
    Ok(())
}
