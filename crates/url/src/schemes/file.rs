//! `file` URLs (RFC 1738 section 3.10; RFC 1630 "file"), and conversion
//! to and from local file names.
//!
//! ```text
//! fileurl = "file://" [ host | "localhost" ] "/" fpath
//! ```

use super::build::{BuildError, BuildErrorKind, check_host, finish, setter_plumbing};
use super::check::{breach, check_reserved};
use super::encoded::{Encoded, Segments, offset_in};
use crate::dialect::Dialect;
use crate::error::ParseError;
use crate::pct::{EncodeSet, encode};
use crate::prelude::*;
use crate::rulebook::Rule;
use crate::sink::Sink;
use crate::table::Component;
use crate::url::Url;
use crate::url::UrlRef;
use core::fmt;
#[cfg(feature = "std")]
use std::path::{Path, PathBuf};

/// A `file` URL: a host and a hierarchical path (RFC 1738 section 3.10).
///
/// The host `localhost` (any case) and the empty host both mean "the
/// machine from which the URL is being interpreted"; only such a URL
/// converts to a local file name.
///
/// # Example
///
/// ```
/// use uniform::UrlRef;
/// let url = UrlRef::parse("file://vms.host.edu/disk$user/my/notes/note12345.txt")?;
/// let f = url.file().unwrap();
/// assert_eq!(f.host(), "vms.host.edu");
/// assert!(!f.is_local());
/// assert_eq!(f.path().as_str(), "/disk$user/my/notes/note12345.txt");
/// assert!(f.to_unix_path().is_err());
/// # Ok::<_, uniform::ParseError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct FileUrl<'a> {
    url: UrlRef<'a>,
}

/// Why a `file` URL is no local file name.
///
/// # Example
///
/// ```
/// use uniform::UrlRef;
/// use uniform::schemes::FilePathErrorKind;
/// let url = UrlRef::parse("file://ftp.example.com/foo.txt")?;
/// let err = url.file().unwrap().to_unix_path().unwrap_err();
/// assert_eq!(err.kind(), FilePathErrorKind::NotLocal);
/// assert_eq!(err.to_string(), "file URL names a file on host \"ftp.example.com\", not on this machine");
/// # Ok::<_, uniform::ParseError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FilePathError {
    kind: FilePathErrorKind,
    host: String,
}

/// What kind of [`FilePathError`] it is.
///
/// # Example
///
/// ```
/// use uniform::UrlRef;
/// use uniform::schemes::FilePathErrorKind;
/// let err = UrlRef::parse("file:///a%2Fb")?.file().unwrap().to_unix_path().unwrap_err();
/// assert_eq!(err.kind(), FilePathErrorKind::EncodedSeparator);
/// # Ok::<_, uniform::ParseError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum FilePathErrorKind {
    /// The host is neither empty nor `localhost`: the file is on another
    /// machine (RFC 1630 "file": "a client on another system [...] cannot
    /// access the file system").
    NotLocal,
    /// The path does not start with `/`.
    NotAbsolute,
    /// A segment decodes to a separator (`%2F`, or `%5C` for Windows): no
    /// file name can hold it.
    EncodedSeparator,
    /// A segment decodes to a NUL, which no file name holds.
    Nul,
    /// A Windows file name must be UTF-8 here, and this one is not.
    NotUtf8,
}

impl FilePathError {
    fn new(kind: FilePathErrorKind) -> FilePathError {
        FilePathError {
            kind,
            host: String::new(),
        }
    }

    /// What is wrong.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::UrlRef;
    /// use uniform::schemes::FilePathErrorKind;
    /// let err = UrlRef::parse("file:///a%00")?.file().unwrap().to_unix_path().unwrap_err();
    /// assert_eq!(err.kind(), FilePathErrorKind::Nul);
    /// # Ok::<_, uniform::ParseError>(())
    /// ```
    pub fn kind(&self) -> FilePathErrorKind {
        self.kind
    }
}

impl fmt::Display for FilePathError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.kind {
            FilePathErrorKind::NotLocal => {
                write!(
                    f,
                    "file URL names a file on host {:?}, not on this machine",
                    self.host
                )
            }
            FilePathErrorKind::NotAbsolute => f.write_str("file URL path does not start with '/'"),
            FilePathErrorKind::EncodedSeparator => {
                f.write_str("file URL path has an encoded separator that no file name can hold")
            }
            FilePathErrorKind::Nul => f.write_str("file URL path decodes to a NUL octet"),
            FilePathErrorKind::NotUtf8 => f.write_str("file URL path does not decode to UTF-8"),
        }
    }
}

impl core::error::Error for FilePathError {}

/// How to read a `file` URL as a Windows file name.
///
/// # Example
///
/// ```
/// use uniform::UrlRef;
/// use uniform::schemes::WindowsPaths;
/// let url = UrlRef::parse("file:///C|/tmp/x.txt")?;
/// let f = url.file().unwrap();
/// assert_eq!(f.to_windows_path(WindowsPaths { bar_drive: true })?, r"C:\tmp\x.txt");
/// assert_eq!(f.to_windows_path(WindowsPaths::default())?, r"\C|\tmp\x.txt");
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct WindowsPaths {
    /// Read the old `C|` spelling of a drive letter as `C:`.
    pub bar_drive: bool,
}

impl<'a> FileUrl<'a> {
    #[inline]
    pub(crate) fn new(url: UrlRef<'a>) -> FileUrl<'a> {
        FileUrl { url }
    }

    /// A builder of `file` URLs.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::schemes::FileUrl;
    /// let url = FileUrl::builder().segment("etc").segment("motd").build()?;
    /// assert_eq!(url.as_str(), "file:///etc/motd");
    /// # Ok::<_, uniform::schemes::BuildError>(())
    /// ```
    pub fn builder() -> FileBuilder {
        FileBuilder::new()
    }

    /// The whole URL.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::UrlRef;
    /// assert_eq!(UrlRef::parse("file:///x")?.file().unwrap().url().scheme(), "file");
    /// # Ok::<_, uniform::ParseError>(())
    /// ```
    pub fn url(&self) -> UrlRef<'a> {
        self.url
    }

    /// The host as written, `""` when empty or absent.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::UrlRef;
    /// assert_eq!(UrlRef::parse("file:///etc/motd")?.file().unwrap().host(), "");
    /// # Ok::<_, uniform::ParseError>(())
    /// ```
    pub fn host(&self) -> &'a str {
        self.url.host().unwrap_or("")
    }

    /// Whether the host means this machine: empty or `localhost`.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::UrlRef;
    /// assert!(UrlRef::parse("file://LocalHost/etc/motd")?.file().unwrap().is_local());
    /// # Ok::<_, uniform::ParseError>(())
    /// ```
    pub fn is_local(&self) -> bool {
        let h = self.host();
        h.is_empty() || h.eq_ignore_ascii_case("localhost")
    }

    /// The path as written, with its leading `/`.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::UrlRef;
    /// assert_eq!(UrlRef::parse("file://h/a%20b")?.file().unwrap().path().as_str(), "/a%20b");
    /// # Ok::<_, uniform::ParseError>(())
    /// ```
    pub fn path(&self) -> Encoded<'a> {
        Encoded::new(self.url.path_with_slash())
    }

    /// The `<directory>`s and the `<name>`: the path's segments.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::UrlRef;
    /// let url = UrlRef::parse("file:///a/b")?;
    /// assert_eq!(url.file().unwrap().segments().map(|s| s.as_str()).collect::<Vec<_>>(), ["a", "b"]);
    /// # Ok::<_, uniform::ParseError>(())
    /// ```
    pub fn segments(&self) -> Segments<'a> {
        let p = self.url.path_with_slash();
        Segments::new(if p.is_empty() {
            None
        } else {
            Some(p.strip_prefix('/').unwrap_or(p))
        })
    }

    fn local_segments(
        &self,
        separators: &[u8],
    ) -> Result<Vec<alloc::borrow::Cow<'a, [u8]>>, FilePathError> {
        if !self.is_local() {
            return Err(FilePathError {
                kind: FilePathErrorKind::NotLocal,
                host: self.host().to_string(),
            });
        }
        if !self.url.path_with_slash().starts_with('/') {
            return Err(FilePathError::new(FilePathErrorKind::NotAbsolute));
        }
        let mut out = Vec::new();
        for seg in self.segments() {
            let d = seg.decode();
            if d.iter().any(|b| separators.contains(b)) {
                return Err(FilePathError::new(FilePathErrorKind::EncodedSeparator));
            }
            if d.contains(&0) {
                return Err(FilePathError::new(FilePathErrorKind::Nul));
            }
            out.push(d);
        }
        Ok(out)
    }

    /// The Unix file name, as bytes: the decoded segments joined by `/`.
    ///
    /// # Errors
    ///
    /// [`FilePathErrorKind::NotLocal`] for another host; `NotAbsolute`,
    /// `EncodedSeparator` (`%2F`) and `Nul` for paths no file name matches.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::UrlRef;
    /// let url = UrlRef::parse("file://localhost/foo/b%C3%A4r")?;
    /// assert_eq!(url.file().unwrap().to_unix_path_bytes()?, "/foo/bär".as_bytes());
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn to_unix_path_bytes(&self) -> Result<Vec<u8>, FilePathError> {
        let segs = self.local_segments(b"/")?;
        let mut out = Vec::with_capacity(self.url.path_with_slash().len());
        for s in segs {
            out.push(b'/');
            out.extend_from_slice(&s);
        }
        Ok(out)
    }

    /// The Unix file name. On Unix any bytes are a file name; elsewhere
    /// the name must decode to UTF-8.
    /// With the `std` feature only.
    ///
    /// # Errors
    ///
    /// As [`FileUrl::to_unix_path_bytes`], and `NotUtf8` off Unix.
    ///
    /// # Example
    ///
    /// ```
    /// use std::path::Path;
    /// use uniform::UrlRef;
    /// let url = UrlRef::parse("file:///etc/motd")?;
    /// assert_eq!(url.file().unwrap().to_unix_path()?, Path::new("/etc/motd"));
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    #[cfg(feature = "std")]
    pub fn to_unix_path(&self) -> Result<PathBuf, FilePathError> {
        let bytes = self.to_unix_path_bytes()?;
        #[cfg(unix)]
        {
            use std::os::unix::ffi::OsStringExt;
            Ok(PathBuf::from(std::ffi::OsString::from_vec(bytes)))
        }
        #[cfg(not(unix))]
        {
            String::from_utf8(bytes)
                .map(PathBuf::from)
                .map_err(|_| FilePathError::new(FilePathErrorKind::NotUtf8))
        }
    }

    /// The Windows file name: `file:///C:/dir/f.txt` is `C:\dir\f.txt`; a
    /// path without a drive letter keeps its leading `\`.
    ///
    /// # Errors
    ///
    /// As [`FileUrl::to_unix_path_bytes`] (`%5C` is a separator too), and
    /// `NotUtf8`.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::UrlRef;
    /// use uniform::schemes::WindowsPaths;
    /// let url = UrlRef::parse("file:///C:/Program%20Files/x")?;
    /// assert_eq!(url.file().unwrap().to_windows_path(WindowsPaths::default())?, r"C:\Program Files\x");
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn to_windows_path(&self, how: WindowsPaths) -> Result<String, FilePathError> {
        let segs = self.local_segments(b"/\\")?;
        let mut out = String::new();
        for (i, s) in segs.iter().enumerate() {
            let s = core::str::from_utf8(s)
                .map_err(|_| FilePathError::new(FilePathErrorKind::NotUtf8))?;
            let drive = i == 0
                && s.len() == 2
                && s.as_bytes()[0].is_ascii_alphabetic()
                && (s.as_bytes()[1] == b':' || (how.bar_drive && s.as_bytes()[1] == b'|'));
            if drive {
                out.push(s.as_bytes()[0].to_ascii_uppercase() as char);
                out.push(':');
                if segs.len() == 1 {
                    out.push('\\');
                }
            } else {
                out.push('\\');
                out.push_str(s);
            }
        }
        Ok(out)
    }

    /// The local file name by this platform's convention: Windows file
    /// names on Windows (with `C|` read as `C:`), Unix ones elsewhere.
    /// With the `std` feature only.
    ///
    /// # Errors
    ///
    /// As [`FileUrl::to_unix_path`] or [`FileUrl::to_windows_path`].
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::UrlRef;
    /// assert!(UrlRef::parse("file://other.host/x")?.file().unwrap().to_local_path().is_err());
    /// # Ok::<_, uniform::ParseError>(())
    /// ```
    #[cfg(feature = "std")]
    pub fn to_local_path(&self) -> Result<PathBuf, FilePathError> {
        if cfg!(windows) {
            self.to_windows_path(WindowsPaths { bar_drive: true })
                .map(PathBuf::from)
        } else {
            self.to_unix_path()
        }
    }

    /// Whether [`FileUrl::to_local_path`] would give a name, for the
    /// plan's policy where there is no std (and no `PathBuf`).
    #[cfg(not(feature = "std"))]
    pub(crate) fn local_name(&self) -> Result<(), FilePathError> {
        if cfg!(windows) {
            self.to_windows_path(WindowsPaths { bar_drive: true })
                .map(drop)
        } else {
            self.to_unix_path_bytes().map(drop)
        }
    }

    /// The `file` URL of an absolute Unix file name (bytes), on this machine
    /// (empty host).
    ///
    /// # Errors
    ///
    /// [`BuildErrorKind::BadValue`] for a relative file name.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::schemes::FileUrl;
    /// assert_eq!(FileUrl::from_unix_path("/tmp/a b;c")?.as_str(), "file:///tmp/a%20b%3Bc");
    /// assert!(FileUrl::from_unix_path("tmp").is_err());
    /// # Ok::<_, uniform::schemes::BuildError>(())
    /// ```
    pub fn from_unix_path(path: impl AsRef<[u8]>) -> Result<Url, BuildError> {
        let p = path.as_ref();
        let Some(rest) = p.strip_prefix(b"/") else {
            return Err(BuildError::new(
                BuildErrorKind::BadValue,
                "path",
                "a file URL needs an absolute file name",
            ));
        };
        let mut b = FileBuilder::new();
        for seg in rest.split(|&c| c == b'/') {
            b = b.segment(seg);
        }
        b.build()
    }

    /// The `file` URL of an absolute Windows file name: `C:\dir\f` gives
    /// `file:///C:/dir/f`, `\\server\share\f` gives `file://server/share/f`,
    /// and `\dir\f` (rooted on the current drive) gives `file:///dir/f`.
    ///
    /// # Errors
    ///
    /// [`BuildErrorKind::BadValue`] for a relative name, or a bad server name.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::schemes::FileUrl;
    /// assert_eq!(FileUrl::from_windows_path(r"C:\Program Files\x")?.as_str(), "file:///C:/Program%20Files/x");
    /// assert_eq!(FileUrl::from_windows_path(r"\\srv\share\f")?.as_str(), "file://srv/share/f");
    /// # Ok::<_, uniform::schemes::BuildError>(())
    /// ```
    pub fn from_windows_path(path: &str) -> Result<Url, BuildError> {
        let relative = || {
            BuildError::new(
                BuildErrorKind::BadValue,
                "path",
                "a file URL needs an absolute file name",
            )
        };
        let sep = |c: char| c == '\\' || c == '/';
        let mut b = FileBuilder::new();
        let rest;
        if let Some(unc) = path.strip_prefix("\\\\") {
            let (server, tail) = unc.split_once(sep).unwrap_or((unc, ""));
            b = b.host(server);
            rest = tail;
        } else if let Some(tail) = path.strip_prefix(sep) {
            // Rooted on the current drive: `\foo\bar` is `file:///foo/bar`.
            rest = tail;
            if rest.is_empty() {
                b = b.segment("");
            }
        } else {
            let bytes = path.as_bytes();
            let drive = bytes.len() >= 2 && bytes[0].is_ascii_alphabetic() && bytes[1] == b':';
            if !drive || bytes.get(2).is_some_and(|&c| c != b'\\' && c != b'/') {
                return Err(relative());
            }
            b = b.segment(&path[..2]);
            rest = path.get(3..).unwrap_or("");
            if rest.is_empty() {
                b = b.segment("");
            }
        }
        if !rest.is_empty() {
            for seg in rest.split(sep) {
                b = b.segment(seg);
            }
        }
        b.build()
    }

    /// The `file` URL of a local file name, by this platform's convention.
    /// With the `std` feature only.
    ///
    /// # Errors
    ///
    /// As [`FileUrl::from_unix_path`] or [`FileUrl::from_windows_path`].
    ///
    /// # Example
    ///
    /// ```
    /// # #[cfg(unix)] {
    /// use uniform::schemes::FileUrl;
    /// assert_eq!(FileUrl::from_path("/etc/motd")?.as_str(), "file:///etc/motd");
    /// # }
    /// # Ok::<_, uniform::schemes::BuildError>(())
    /// ```
    #[cfg(feature = "std")]
    pub fn from_path(path: impl AsRef<Path>) -> Result<Url, BuildError> {
        let path = path.as_ref();
        #[cfg(unix)]
        {
            use std::os::unix::ffi::OsStrExt;
            FileUrl::from_unix_path(path.as_os_str().as_bytes())
        }
        #[cfg(not(unix))]
        {
            let s = path.to_str().ok_or_else(|| {
                BuildError::new(
                    BuildErrorKind::BadValue,
                    "path",
                    "the file name is not UTF-8",
                )
            })?;
            FileUrl::from_windows_path(s)
        }
    }
}

pub(crate) fn validate(v: &FileUrl<'_>, sink: &mut Sink<'_>) -> Result<(), ParseError> {
    let url = &v.url;
    let s = url.as_str();
    if let Some(u) = url.user() {
        breach(sink, url, offset_in(s, u), Component::User, Rule::FileUser)?;
    }
    if let Some(p) = url.port_str() {
        breach(
            sink,
            url,
            offset_in(s, p) - 1,
            Component::Port,
            Rule::FilePort,
        )?;
    }
    // RFC 1738: "//" host "/" path. RFC 8089: "//" [ host ] path-absolute,
    // or path-absolute alone ("file:/etc/motd"), never a relative path.
    let path_fault = if url.has_authority() {
        url.path().is_none().then(|| url.without_fragment().len())
    } else {
        let p = url.path_with_slash();
        (url.dialect() == Dialect::Rfc3986 && !p.starts_with('/')).then(|| url.scheme().len() + 1)
    };
    if let Some(at) = path_fault {
        breach(sink, url, at, Component::Path, Rule::FilePath)?;
    }
    if let Some(p) = url.path() {
        check_reserved(
            sink,
            url,
            p,
            b"/?:@&=",
            Component::Path,
            "fsegment",
            "RFC 1738 section 5",
            "\";\" is reserved within a file path segment and must be encoded",
        )?;
    }
    Ok(())
}

/// Builds a `file` URL from a host and decoded segments (see
/// [`FileUrl::builder`]). Segments are encoded with
/// [`EncodeSet::FILE_SEGMENT`]; the host may be empty (this machine),
/// `localhost`, or a host name.
///
/// # Example
///
/// ```
/// use uniform::schemes::FileUrl;
/// let url = FileUrl::builder().host("vms.host.edu").segment("disk$user").segment("a/b").build()?;
/// assert_eq!(url.as_str(), "file://vms.host.edu/disk$user/a%2Fb");
/// # Ok::<_, uniform::schemes::BuildError>(())
/// ```
#[derive(Debug)]
pub struct FileBuilder {
    inner: Result<(String, Vec<String>), BuildError>,
}

setter_plumbing!(FileBuilder, (String, Vec<String>));

impl FileBuilder {
    /// An empty builder: empty host, path `/`.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::schemes::FileBuilder;
    /// assert_eq!(FileBuilder::new().build()?.as_str(), "file:///");
    /// # Ok::<_, uniform::schemes::BuildError>(())
    /// ```
    pub fn new() -> FileBuilder {
        FileBuilder {
            inner: Ok((String::new(), Vec::new())),
        }
    }

    /// The host: empty, `localhost`, or a host name by RFC 1738 section 3.1.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::schemes::FileUrl;
    /// assert_eq!(FileUrl::builder().host("localhost").segment("x").build()?.as_str(), "file://localhost/x");
    /// assert!(FileUrl::builder().host("a b").build().is_err());
    /// # Ok::<_, uniform::schemes::BuildError>(())
    /// ```
    pub fn host(self, host: &str) -> FileBuilder {
        self.and_then(|p| {
            if !host.is_empty() {
                check_host(host)?;
            }
            p.0 = host.to_string();
            Ok(())
        })
    }

    /// Appends one segment (decoded; a directory or the name).
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::schemes::FileUrl;
    /// assert_eq!(FileUrl::builder().segment("a").segment("").build()?.as_str(), "file:///a/");
    /// # Ok::<_, uniform::schemes::BuildError>(())
    /// ```
    pub fn segment(self, segment: impl AsRef<[u8]>) -> FileBuilder {
        self.and_then(|p| {
            p.1.push(encode(segment.as_ref(), &EncodeSet::FILE_SEGMENT).into_owned());
            Ok(())
        })
    }

    /// The URL.
    ///
    /// # Errors
    ///
    /// The first error of a setter.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::schemes::FileUrl;
    /// assert!(FileUrl::builder().host("-x").build().is_err());
    /// ```
    pub fn build(self) -> Result<Url, BuildError> {
        let (host, segs) = self.inner?;
        finish(format!("file://{host}/{}", segs.join("/")), |u, sink| {
            validate(&FileUrl::new(*u), sink)
        })
    }
}

impl Default for FileBuilder {
    fn default() -> FileBuilder {
        FileBuilder::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ParseOptions;

    fn win(s: &str, bar: bool) -> Result<String, FilePathError> {
        UrlRef::parse(s)
            .unwrap()
            .file()
            .unwrap()
            .to_windows_path(WindowsPaths { bar_drive: bar })
    }

    #[test]
    fn windows_names() {
        assert_eq!(win("file:///A:/", false).unwrap(), "A:\\");
        assert_eq!(win("file:///A:", false).unwrap(), "A:\\");
        assert_eq!(win("file:///foo/bar", false).unwrap(), "\\foo\\bar");
        assert_eq!(win("file:///c|/x", true).unwrap(), "C:\\x");
        assert_eq!(
            win("file:///c:/a%5Cb", false).unwrap_err().kind(),
            FilePathErrorKind::EncodedSeparator
        );
        assert_eq!(
            win("file:///%FF", false).unwrap_err().kind(),
            FilePathErrorKind::NotUtf8
        );
    }

    #[test]
    fn unix_names() {
        let p = |s: &str| {
            UrlRef::parse(s)
                .unwrap()
                .file()
                .unwrap()
                .to_unix_path_bytes()
        };
        assert_eq!(p("file:///").unwrap(), b"/");
        assert_eq!(p("file:////hello.html").unwrap(), b"//hello.html");
        assert_eq!(p("file:/foo/bar").unwrap(), b"/foo/bar");
        assert_eq!(
            p("file:foo").unwrap_err().kind(),
            FilePathErrorKind::NotAbsolute
        );
        assert_eq!(
            p("file://h").unwrap_err().kind(),
            FilePathErrorKind::NotLocal
        );
        assert_eq!(p("file:///%FF").unwrap(), b"/\xff");
    }

    #[test]
    fn windows_round_trip() {
        for w in [r"C:\", r"C:\a b\c", r"\\srv\share\f"] {
            let url = FileUrl::from_windows_path(w).unwrap();
            let f = url.file().unwrap();
            if w.starts_with("\\\\") {
                assert_eq!(f.host(), "srv");
            } else {
                assert_eq!(f.to_windows_path(WindowsPaths::default()).unwrap(), w);
            }
        }
        assert!(FileUrl::from_windows_path("a\\b").is_err());
        assert_eq!(
            FileUrl::from_windows_path("\\").unwrap().as_str(),
            "file:///"
        );
        assert_eq!(
            FileUrl::from_windows_path("\\foo\\bar").unwrap().as_str(),
            "file:///foo/bar"
        );
        assert!(FileUrl::from_windows_path("C:x").is_err());
    }

    #[test]
    fn rules() {
        let s = ParseOptions::new().strict(true);
        assert!(s.parse("file:///etc/motd").is_ok());
        assert!(s.parse("file://localhost/etc/motd").is_ok());
        assert_eq!(s.parse("file://h:80/x").unwrap_err().rule(), "fileurl");
        assert_eq!(s.parse("file://h").unwrap_err().rule(), "fileurl");
        assert_eq!(s.parse("file:///a;b").unwrap_err().rule(), "fsegment");
    }
}
