//! Where a fetched object goes: a file written under a temporary name and
//! renamed only once complete, removed on failure.

use std::fs::{self, File};
use std::io::{self, Write};
use std::path::{Path, PathBuf};

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
        let file = File::create(&temp)?;
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
            let file = self.file.take().expect("not committed twice");
            let file = file.into_inner().map_err(|e| e.into_error())?;
            file.sync_all()?;
            fs::rename(&self.temp, &self.target)
        })();
        if result.is_err() {
            let _ = fs::remove_file(&self.temp);
        }
        result
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
            let _ = fs::remove_file(&self.temp);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dropped_uncommitted_leaves_nothing() {
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
}
