//! `file` URLs (RFC 1738 section 3.10): files and directories of this
//! machine.
//!
//! The URL's path becomes a local file name by
//! [`FileUrl::to_local_path`]: the decoded segments joined by the
//! platform's separator, an encoded separator (`%2F`) or NUL refused. A
//! file streams to the output in 64 KiB chunks, with its size told to the
//! [`Interaction`] first. A directory gives a [`Listing`]: one entry per
//! name, in byte order of the names (the order of `readdir` is the file
//! system's whim), each with its kind (a symbolic link is a link, not
//! followed), its size for a file, and its own `file` URL: the directory's
//! URL, a `/` if it has none, the name %-encoded by
//! [`EncodeSet::FILE_SEGMENT`], and a `/` for a directory. At most
//! [`MAX_ENTRIES`] entries: more is [`AccessErrorKind::TooLong`].
//!
//! Another host than `""` and `localhost` names a file this machine cannot
//! open, and the plan refuses it ([`uniform::plan::Rule::RemoteFile`]).
//! With [`FetchOptions::file_via_ftp`] such a URL is fetched as libwww
//! once did, by anonymous FTP from that host: `file://h/pub/x.txt` as
//! `ftp://h/pub/x.txt` (a port written in the `file` URL, which RFC 1738
//! does not allow but lenient parsing accepts, is kept). Errors then name
//! the `ftp` access that failed.
//!
//! The total time limit applies to a local read too, so that reading a
//! device or a pipe that never ends stops.

use crate::error::AccessError;
use crate::error::AccessErrorKind;
use crate::executor::executor;
use crate::fetched::Fetched;
use crate::interaction::Interaction;
use crate::listing::{Entry, EntryKind, Listing};
use crate::net::Deadline;
use crate::options::FetchOptions;
use crate::session::Session;
use std::fs::{self, File};
use std::io::{self, Read, Write};
use std::path::Path;
use uniform::pct::{EncodeSet, encode};
use uniform::plan::FilePlan;
use uniform::schemes::FtpUrl;
use uniform::{Url, UrlRef};

/// The most entries a directory listing holds: a listing is built in
/// memory.
pub const MAX_ENTRIES: usize = 250_000;

/// Octets read at a time.
const CHUNK: usize = 64 * 1024;

executor!(
    /// The file executor: [`fetch`] the plan's local file or directory.
    LocalFiles,
    File,
    |job, p, out, ui| fetch(&job.url, p, job.opts, job.session, out, ui)
);

pub(crate) fn fetch(
    url: &UrlRef<'_>,
    plan: &FilePlan,
    _opts: &FetchOptions,
    session: &Session,
    out: &mut dyn Write,
    ui: &mut dyn Interaction,
) -> Result<Fetched, AccessError> {
    // The policy approves only a plan with a local name.
    let path = plan.local.as_ref().map_err(|e| {
        AccessError::new(
            AccessErrorKind::Unsupported,
            "file",
            None,
            format!("no local file name: {e}"),
        )
    })?;
    let deadline = Deadline::after(session.timeouts.total);
    let meta = fs::metadata(path).map_err(|e| fail(path, "opening", e))?;
    if meta.is_dir() {
        return list(url, path, deadline).map(Fetched::Listing);
    }
    let mut file = File::open(path).map_err(|e| fail(path, "opening", e))?;
    if meta.is_file() {
        ui.size_known(meta.len());
    }
    let mut buf = vec![0u8; CHUNK];
    let mut written = 0u64;
    loop {
        deadline.check().map_err(|e| fail(path, "reading", e))?;
        let n = match file.read(&mut buf) {
            Ok(0) => break,
            Ok(n) => n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(fail(path, "reading", e)),
        };
        out.write_all(&buf[..n]).map_err(|e| output(path, e))?;
        written += n as u64;
        ui.progress(written);
    }
    out.flush().map_err(|e| output(path, e))?;
    Ok(Fetched::Object { bytes: written })
}

/// The anonymous FTP URL that fetches a `file` URL of another host, when
/// the options ask for it; `None` when they do not or the file is local.
pub(crate) fn via_ftp(url: &UrlRef<'_>, opts: &FetchOptions) -> Option<Result<Url, AccessError>> {
    if !opts.file_via_ftp {
        return None;
    }
    let v = url.file()?;
    if v.is_local() {
        return None;
    }
    let segments: Vec<_> = v.segments().map(|s| s.decode()).collect();
    let mut b = FtpUrl::builder().host(v.host());
    if let Some(port) = url.port() {
        b = b.port(port);
    }
    let (name, dirs) = match segments.split_last() {
        Some((name, dirs)) => (name.as_ref(), dirs),
        None => (&b""[..], &[][..]),
    };
    for d in dirs {
        b = b.cwd(d);
    }
    let ftp = match b.name(name).build() {
        Ok(u) => u,
        Err(e) => {
            return Some(Err(AccessError::new(
                AccessErrorKind::Unsupported,
                "file",
                url.hostname(),
                format!("no FTP URL names this file: {e}"),
            )));
        }
    };
    Some(Ok(ftp))
}

fn list(url: &UrlRef<'_>, path: &Path, deadline: Deadline) -> Result<Listing, AccessError> {
    let shown = url.without_fragment();
    let mut base = shown.split('?').next().unwrap_or_default().to_string();
    if !base.ends_with('/') {
        base.push('/');
    }
    let mut named = Vec::new();
    for entry in fs::read_dir(path).map_err(|e| fail(path, "listing", e))? {
        deadline.check().map_err(|e| fail(path, "listing", e))?;
        let entry = entry.map_err(|e| fail(path, "listing", e))?;
        if named.len() == MAX_ENTRIES {
            return Err(AccessError::new(
                AccessErrorKind::TooLong,
                "file",
                None,
                format!("{} holds more than {MAX_ENTRIES} entries", shown_path(path)),
            ));
        }
        let name = entry.file_name();
        let bytes = name.as_encoded_bytes().to_vec();
        let ty = entry
            .file_type()
            .map_err(|e| fail(&entry.path(), "listing", e))?;
        let kind = if ty.is_symlink() {
            EntryKind::Link
        } else if ty.is_dir() {
            EntryKind::Directory
        } else if ty.is_file() {
            EntryKind::File
        } else {
            EntryKind::Other
        };
        let mut url = format!("{base}{}", encode(&bytes, &EncodeSet::FILE_SEGMENT));
        if kind == EntryKind::Directory {
            url.push('/');
        }
        let mut e = Entry::new(String::from_utf8_lossy(&bytes), kind).url(url);
        if kind == EntryKind::File {
            // A file removed since readdir has no size; it is still listed.
            if let Ok(m) = entry.metadata() {
                e = e.size(m.len());
            }
        }
        named.push((bytes, e));
    }
    named.sort_by(|a, b| a.0.cmp(&b.0));
    let mut listing = Listing::new(shown);
    listing.entries = named.into_iter().map(|(_, e)| e).collect();
    Ok(listing)
}

/// A path as messages show it: its control characters escaped.
fn shown_path(path: &Path) -> String {
    crate::error::escape(path.as_os_str().as_encoded_bytes())
}

fn fail(path: &Path, doing: &str, e: io::Error) -> AccessError {
    AccessError::io("file", None, &format!("{doing} {}", shown_path(path)), e)
}

fn output(path: &Path, e: io::Error) -> AccessError {
    AccessError::new(
        AccessErrorKind::Io,
        "file",
        None,
        format!("writing the output (copying {}): {e}", shown_path(path)),
    )
    .with_source(e)
}
