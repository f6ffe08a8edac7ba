//! Where a fetched object goes: a file written under a temporary name and
//! renamed only once complete, removed on failure, and removed by
//! [`abandon_all`] when a signal ends the process.

use std::fs::{self, File};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard};

/// The temporary files of the process's uncommitted [`AtomicFile`]s. A
/// file is created, renamed and removed with the lock held, so that
/// [`abandon_all`], which keeps the lock, never races a rename or leaves a
/// file created after it looked.
static PENDING: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

fn pending() -> MutexGuard<'static, Vec<PathBuf>> {
    // A panic elsewhere while holding it leaves the list as it was.
    PENDING.lock().unwrap_or_else(|p| p.into_inner())
}

/// Removes the temporary file of every uncommitted [`AtomicFile`] and
/// returns the lock on their list, which the caller holds until the
/// process exits: no file is created or renamed into place after this.
/// For a signal handler (`uniform fetch` on SIGINT and SIGTERM), which
/// cannot let the destructors run.
///
/// # Example
///
/// ```
/// use uniform_access::output::{AtomicFile, abandon_all};
/// let dir = std::env::temp_dir().join(format!("uniform-abandon-{}", std::process::id()));
/// std::fs::create_dir_all(&dir)?;
/// let f = AtomicFile::create(&dir.join("x"))?;
/// let temp = f.temp_path().to_path_buf();
/// assert!(temp.exists());
/// drop(abandon_all());
/// assert!(!temp.exists());
/// # std::mem::forget(f);
/// # std::fs::remove_dir_all(&dir)?;
/// # Ok::<_, std::io::Error>(())
/// ```
pub fn abandon_all() -> MutexGuard<'static, Vec<PathBuf>> {
    let mut list = pending();
    for temp in list.drain(..) {
        let _ = fs::remove_file(&temp);
    }
    list
}

/// The capacity of the buffer in front of an output file. A `BufWriter`
/// passes on a write at least this long without copying it, so that the
/// chunks of a transfer (64 KiB and more) go from the network's buffer to
/// the file in one system call, as curl's do; shorter writes (the lines of
/// a text item or a listing) are gathered.
///
/// # Example
///
/// ```
/// assert!(uniform_access::output::BUFFER < 64 * 1024);
/// ```
pub const BUFFER: usize = 32 * 1024;

/// A file that appears under its name only when [`AtomicFile::commit`] is
/// called: until then the bytes go to a temporary file beside it, which is
/// removed if the `AtomicFile` is dropped uncommitted. A failed transfer
/// leaves no file that looks complete.
///
/// # Example
///
/// ```
/// use std::io::Write;
/// use uniform_access::output::AtomicFile;
/// let dir = std::env::temp_dir().join(format!("uniform-doc-{}", std::process::id()));
/// std::fs::create_dir_all(&dir)?;
/// let target = dir.join("motd");
/// let mut f = AtomicFile::create(&target)?;
/// f.write_all(b"hello")?;
/// assert!(!target.exists());
/// f.commit()?;
/// assert_eq!(std::fs::read(&target)?, b"hello");
/// # std::fs::remove_dir_all(&dir)?;
/// # Ok::<_, std::io::Error>(())
/// ```
#[derive(Debug)]
pub struct AtomicFile {
    file: Option<io::BufWriter<File>>,
    temp: PathBuf,
    target: PathBuf,
}

impl AtomicFile {
    /// Creates the temporary file beside `target`.
    ///
    /// # Errors
    ///
    /// When the directory cannot be written.
    pub fn create(target: &Path) -> io::Result<AtomicFile> {
        let name = target.file_name().ok_or_else(|| {
            io::Error::new(io::ErrorKind::InvalidInput, "the output names no file")
        })?;
        let mut temp_name = std::ffi::OsString::from(".");
        temp_name.push(name);
        temp_name.push(format!(".uniform-{}.part", std::process::id()));
        let temp = target.with_file_name(temp_name);
        let mut list = pending();
        let file = File::create(&temp)?;
        list.push(temp.clone());
        drop(list);
        Ok(AtomicFile {
            file: Some(io::BufWriter::with_capacity(BUFFER, file)),
            temp,
            target: target.to_path_buf(),
        })
    }

    /// Flushes, syncs and renames the file to its name.
    ///
    /// # Errors
    ///
    /// When the last write, the sync or the rename fails (the temporary
    /// file is then removed).
    pub fn commit(mut self) -> io::Result<()> {
        let result = (|| {
            let Some(file) = self.file.take() else {
                return Err(io::Error::other("committed"));
            };
            let file = file.into_inner().map_err(|e| e.into_error())?;
            file.sync_all()?;
            let mut list = pending();
            // Abandoned by a signal: the process is ending, nothing to name.
            let Some(i) = list.iter().position(|p| *p == self.temp) else {
                return Err(io::Error::other("abandoned"));
            };
            list.swap_remove(i);
            let renamed = fs::rename(&self.temp, &self.target);
            if renamed.is_err() {
                let _ = fs::remove_file(&self.temp);
            }
            renamed
        })();
        if result.is_err() {
            self.forget();
        }
        result
    }

    /// Removes the temporary file and its entry in the pending list.
    fn forget(&self) {
        let mut list = pending();
        if let Some(i) = list.iter().position(|p| *p == self.temp) {
            list.swap_remove(i);
            let _ = fs::remove_file(&self.temp);
        }
    }

    /// The temporary path the bytes go to.
    pub fn temp_path(&self) -> &Path {
        &self.temp
    }
}

impl Write for AtomicFile {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        match &mut self.file {
            Some(f) => f.write(buf),
            None => Err(io::Error::other("committed")),
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        match &mut self.file {
            Some(f) => f.flush(),
            None => Ok(()),
        }
    }
}

impl Drop for AtomicFile {
    fn drop(&mut self) {
        if self.file.take().is_some() {
            self.forget();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// abandon_all removes every pending file of the process: the tests
    /// that hold one take turns.
    static SERIAL: Mutex<()> = Mutex::new(());

    #[test]
    fn dropped_uncommitted_leaves_nothing() {
        let _turn = SERIAL.lock().unwrap_or_else(|p| p.into_inner());
        let dir = std::env::temp_dir().join(format!("uniform-atomic-{}", std::process::id()));
        fs::create_dir_all(&dir).unwrap();
        let target = dir.join("out.bin");
        let temp;
        {
            let mut f = AtomicFile::create(&target).unwrap();
            f.write_all(b"partial").unwrap();
            temp = f.temp_path().to_path_buf();
            assert!(temp.exists());
        }
        assert!(!temp.exists());
        assert!(!target.exists());
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn abandoned_files_are_never_committed() {
        let _turn = SERIAL.lock().unwrap_or_else(|p| p.into_inner());
        let dir = std::env::temp_dir().join(format!("uniform-abandoned-{}", std::process::id()));
        fs::create_dir_all(&dir).unwrap();
        let target = dir.join("out.bin");
        let mut f = AtomicFile::create(&target).unwrap();
        f.write_all(b"partial").unwrap();
        let temp = f.temp_path().to_path_buf();
        drop(abandon_all());
        assert!(!temp.exists());
        assert!(f.commit().is_err());
        assert!(!target.exists());
        fs::remove_dir_all(&dir).unwrap();
    }
}
