//! The command line's inputs, each turned into [`Document`]s: a file, a
//! folder (walked, with include and exclude globs), a URL (fetched by its
//! own scheme's protocol), or `-` for standard input.
//!
//! Each input is taken, in this order, as
//!
//! 1. `-`: standard input, read whole ([`stdin_document`]);
//! 2. an existing folder: walked recursively ([`InputOptions`] says which
//!    of its files are read);
//! 3. an existing file (or a pipe, or a device): read;
//! 4. an absolute URL of a scheme that names a document to fetch (`http`,
//!    `https`, `ftp`, `gopher`, `file`, `news`, `nntp`, `wais`,
//!    `prospero`): fetched with [`uniform_access::fetch`];
//! 5. anything else: an [`InputError`], "no such file, folder or URL".
//!
//! A file's [`Document::base`] is its own `file:` URL (of its canonical
//! path: symbolic links resolved), a fetched document's is its final URL
//! after redirects, standard input has none. A document's text has its
//! invalid UTF-8 replaced by U+FFFD and a leading byte order mark
//! removed, so that columns are counted as an editor counts them.
//! Gzip-compressed octets (a `sitemap.xml.gz`) are inflated first, to at
//! most [`MAX_INFLATED_BYTES`]; a sitemap of more than
//! [`MAX_SITEMAP_URLS`] URLs is an [`InputError`].
//!
//! # Example
//!
//! ```
//! use uniform_access::{FetchOptions, Session};
//! use uniform_links::Format;
//! use uniform_links::input::{InputOptions, documents};
//!
//! let dir = std::env::temp_dir().join(format!("uniform-links-input-mod-{}", std::process::id()));
//! std::fs::create_dir_all(dir.join("sub"))?;
//! std::fs::write(dir.join("index.html"), "<a href=\"sub/b.md\">b</a>")?;
//! std::fs::write(dir.join("sub/b.md"), "[home](../index.html)")?;
//! std::fs::write(dir.join("logo.png"), [0x89, b'P', b'N', b'G'])?;
//!
//! let inputs = vec![dir.display().to_string(), "no/such/thing".to_string()];
//! let (opts, fetch) = (InputOptions::default(), FetchOptions::default());
//! let (docs, errors) = documents(&inputs, &opts, &fetch, &Session::default());
//! let formats: Vec<Format> = docs.iter().map(|d| d.format).collect();
//! assert_eq!(formats, [Format::Html, Format::Markdown]); // sorted by path; no PNG
//! assert!(docs[0].base.as_deref().is_some_and(|b| b.starts_with("file:///")));
//! assert_eq!(errors[0].input, "no/such/thing");
//! assert_eq!(errors[0].message, "no such file, folder or URL");
//! std::fs::remove_dir_all(&dir)?;
//! # Ok::<_, std::io::Error>(())
//! ```

use crate::document::{Document, Format, Source};
use ignore::WalkBuilder;
use ignore::overrides::{Override, OverrideBuilder};
use std::fmt;
use std::fs::File;
use std::io::{self, Read, Write};
use std::path::Path;
use uniform::UrlRef;
use uniform::schemes::FileUrl;
use uniform_access::{Exchange, FetchOptions, Fetched, Interaction, Listing, Session};

/// The most octets of a document by default: 16 MiB.
const DEFAULT_MAX_BYTES: u64 = 16 * 1024 * 1024;

/// The most octets a gzip-compressed document inflates to, and a sitemap
/// may have: sitemaps.org's bound of a sitemap, "50MB (52,428,800
/// bytes)" uncompressed. Inflating stops there, so that a gzip bomb costs
/// this much memory at most.
///
/// # Example
///
/// ```
/// assert_eq!(uniform_links::input::MAX_INFLATED_BYTES, 50 * 1024 * 1024);
/// ```
pub const MAX_INFLATED_BYTES: u64 = 52_428_800;

/// The most URLs a sitemap may list: sitemaps.org's bound. A sitemap with
/// more is an [`InputError`].
///
/// # Example
///
/// ```
/// use uniform_links::input::{InputOptions, MAX_SITEMAP_URLS, stdin_document};
/// let xml = format!("<urlset>{}</urlset>", "<url><loc>/</loc></url>".repeat(MAX_SITEMAP_URLS + 1));
/// let e = stdin_document(xml.as_bytes(), &InputOptions::default()).unwrap_err();
/// assert!(e.message.contains("more than the 50000 a sitemap may have"), "{e}");
/// ```
pub const MAX_SITEMAP_URLS: usize = 50_000;

/// The first octets of a gzip stream (RFC 1952).
const GZIP_MAGIC: [u8; 2] = [0x1f, 0x8b];

/// How inputs become documents: which files of a folder are read, their
/// format, and how large a document may be.
///
/// # Globs
///
/// `include` and `exclude` are gitignore-style globs, matched against a
/// path relative to the walked folder (with `/` between its names):
///
/// - a glob without a `/` (other than a trailing one) matches a name at
///   any depth: `*.md`, `drafts`;
/// - a glob with a `/` is anchored at the walked folder: `docs/*.html`,
///   `/README.md` (a leading `/` anchors too);
/// - `*` matches within one name, `**` across folders (`docs/**/*.md`),
///   `?` one character, `[abc]` a class, `{a,b}` alternatives;
/// - a trailing `/` matches folders only: `drafts/`.
///
/// A file is read when it matches an include glob (when there are any)
/// and matches no exclude glob; a folder that matches an exclude glob is
/// not entered at all. An include glob names files: `docs/**` takes the
/// files under `docs`, `docs` alone only a file of that name. An exclude
/// glob wins over an include glob. The
/// globs apply to the files of a walked folder only: a file named on the
/// command line is read whatever its name.
///
/// Of a folder, only files of a known extension ([`Format::from_name`])
/// are read, and `.xml` (or `.xml.gz`) files whose root element names a
/// sitemap or a feed ([`Format::sniff`]); when `format` is set, also any file an include glob matches
/// (so that `--format html --include '*.php'` reads PHP files as HTML).
///
/// No `.gitignore`, `.ignore` or git exclude file is consulted: what is
/// checked is what the globs say. Hidden files and folders (a name
/// starting with `.`) are skipped unless `hidden` is set; the walked
/// folder itself is entered even when hidden. Symbolic links are
/// followed, a link back to a folder being walked (a loop) is not.
///
/// # Example
///
/// ```
/// use uniform_links::input::InputOptions;
/// let o = InputOptions {
///     include: vec!["docs/**/*.md".into()],
///     exclude: vec!["drafts/".into()],
///     ..InputOptions::default()
/// };
/// assert_eq!(o.max_bytes, 16 * 1024 * 1024);
/// assert!(o.format.is_none() && !o.hidden);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InputOptions {
    /// Globs a folder's file must match one of (when any are given).
    pub include: Vec<String>,
    /// Globs no file or folder of a walked folder may match.
    pub exclude: Vec<String>,
    /// The format of every document; `None`: by its name, its
    /// Content-Type, or a look at its first octets.
    pub format: Option<Format>,
    /// Read hidden files and enter hidden folders of a walked folder.
    pub hidden: bool,
    /// The most octets a document may have: a larger one is an
    /// [`InputError`], not read (a file) or not read further (a fetch,
    /// standard input). A sitemap (by `format`, or by its name) may have
    /// [`MAX_INFLATED_BYTES`] when that is more: sitemaps.org allows it.
    pub max_bytes: u64,
}

impl Default for InputOptions {
    fn default() -> InputOptions {
        InputOptions {
            include: Vec::new(),
            exclude: Vec::new(),
            format: None,
            hidden: false,
            max_bytes: DEFAULT_MAX_BYTES,
        }
    }
}

/// An input that gave no document, and why.
///
/// `Display` writes `input: message`.
///
/// # Example
///
/// ```
/// use uniform_links::input::InputError;
/// let e = InputError { input: "docs/x.md".into(), message: "no such file, folder or URL".into() };
/// assert_eq!(e.to_string(), "docs/x.md: no such file, folder or URL");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct InputError {
    /// The input as given; for a file of a walked folder, that file's
    /// path (the folder's path joined with its name).
    pub input: String,
    /// What went wrong.
    pub message: String,
}

impl InputError {
    fn new(input: impl Into<String>, message: impl Into<String>) -> InputError {
        InputError {
            input: input.into(),
            message: message.into(),
        }
    }
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.input, self.message)
    }
}

impl std::error::Error for InputError {}

/// The documents of `inputs`, in the order given (a folder's files sorted
/// by path), and the inputs that gave none, with why.
///
/// See the [module](self) for how each input is taken, and
/// [`InputOptions`] for which files of a folder are read. A URL is
/// fetched with `fetch`'s options; its format is `opts.format`, else its
/// Content-Type's (`text/html` and `application/xhtml+xml`: HTML;
/// `text/markdown` and `text/x-markdown`: Markdown; `text/css`: CSS;
/// `application/rss+xml`, `application/atom+xml` and
/// `application/rdf+xml`: a feed; `text/plain`: by the name in its path,
/// else text), else by the name in its path, else by a look at its first
/// octets. A listing (an FTP directory, a gopher menu,
/// a news group, a `file:` directory) becomes a text document of its
/// entries' URLs, one a line.
///
/// # Example
///
/// ```
/// use uniform_access::{FetchOptions, Session};
/// use uniform_links::input::{InputOptions, documents};
/// use uniform_links::{Format, Source};
///
/// let path = std::env::temp_dir().join(format!("uniform-links-input-fn-{}.md", std::process::id()));
/// std::fs::write(&path, "See <http://example.org/>.\n")?;
/// let inputs = [path.display().to_string(), "mailto:a@example.org".to_string()];
/// let (opts, fetch) = (InputOptions::default(), FetchOptions::default());
/// let (docs, errors) = documents(&inputs, &opts, &fetch, &Session::default());
/// assert_eq!(docs.len(), 1);
/// assert_eq!(docs[0].source, Source::File(path.clone()));
/// assert_eq!(docs[0].format, Format::Markdown);
/// assert_eq!(errors[0].input, "mailto:a@example.org");
/// std::fs::remove_file(&path)?;
/// # Ok::<_, std::io::Error>(())
/// ```
pub fn documents(
    inputs: &[String],
    opts: &InputOptions,
    fetch: &FetchOptions,
    session: &Session,
) -> (Vec<Document>, Vec<InputError>) {
    let mut docs = Vec::new();
    let mut errors = Vec::new();
    for input in inputs {
        one(input, opts, fetch, session, &mut docs, &mut errors);
    }
    (docs, errors)
}

/// The document of one input that names one (a file, a URL): the first
/// [`documents`] gives, or why there is none.
pub(crate) fn document(
    input: &str,
    opts: &InputOptions,
    fetch: &FetchOptions,
    session: &Session,
) -> Result<Document, String> {
    let (mut docs, mut errors) = (Vec::new(), Vec::new());
    one(input, opts, fetch, session, &mut docs, &mut errors);
    match (docs.into_iter().next(), errors.into_iter().next()) {
        (Some(d), _) => Ok(d),
        (None, Some(e)) => Err(e.message),
        (None, None) => Err("no document".into()),
    }
}

/// The documents of one input.
fn one(
    input: &str,
    opts: &InputOptions,
    fetch: &FetchOptions,
    session: &Session,
    docs: &mut Vec<Document>,
    errors: &mut Vec<InputError>,
) {
    if input == "-" {
        match stdin_document(io::stdin().lock(), opts) {
            Ok(d) => docs.push(d),
            Err(e) => errors.push(e),
        }
        return;
    }
    let path = Path::new(input);
    // The path itself, or what its symbolic link names.
    let meta = if input.is_empty() {
        Err(io::ErrorKind::NotFound.into())
    } else {
        std::fs::metadata(path)
    };
    let denied = match meta {
        Ok(meta) if meta.is_dir() => return walk(path, input, opts, docs, errors),
        Ok(_) => {
            match file_document(path, opts.format, opts.max_bytes) {
                Ok(d) => docs.push(d),
                Err(message) => errors.push(InputError::new(input, message)),
            }
            return;
        }
        Err(e) => (e.kind() == io::ErrorKind::PermissionDenied).then_some(e),
    };
    match UrlRef::parse(input) {
        Ok(url) => match fetchable(&url) {
            Ok(()) => match url_document(input, &url, opts, fetch, session) {
                Ok(d) => docs.push(d),
                Err(message) => errors.push(InputError::new(shown(&url), message)),
            },
            Err(message) => errors.push(InputError::new(shown(&url), message)),
        },
        // A path behind a folder that may not be read is not "missing".
        Err(_) => errors.push(InputError::new(
            input,
            match denied {
                Some(e) => format!("opening: {}", io_message(&e)),
                None => "no such file, folder or URL".into(),
            },
        )),
    }
}

/// The document of standard input (or any reader): read whole, at most
/// `opts.max_bytes` octets (inflated first when gzip-compressed); its
/// format `opts.format`, else a look at its first octets
/// ([`Format::sniff`]: a sitemap, a feed, HTML or text); no base, so that
/// its relative links are reported, not checked.
///
/// # Errors
///
/// An [`InputError`] for input `-` when reading fails or there is more
/// than `opts.max_bytes`.
///
/// # Example
///
/// ```
/// use uniform_links::input::{InputOptions, stdin_document};
/// use uniform_links::{Format, Source};
/// let d = stdin_document(&b"<!doctype html><a href=x>"[..], &InputOptions::default()).unwrap();
/// assert_eq!((d.source, d.format, d.base), (Source::Stdin, Format::Html, None));
///
/// let small = InputOptions { max_bytes: 4, ..InputOptions::default() };
/// let e = stdin_document(&b"12345"[..], &small).unwrap_err();
/// assert_eq!(e.input, "-");
/// ```
pub fn stdin_document(reader: impl Read, opts: &InputOptions) -> Result<Document, InputError> {
    let max = max_for(opts.format, opts.max_bytes);
    let bytes = read_bounded(reader, max)
        .map_err(|e| InputError::new("-", format!("reading standard input: {e}")))?
        .ok_or_else(|| InputError::new("-", too_large(max)))?;
    let text = inflated_text(bytes).map_err(|e| InputError::new("-", e))?;
    bounded(Document {
        source: Source::Stdin,
        format: opts.format.unwrap_or_else(|| Format::sniff(&text)),
        text,
        base: None,
    })
    .map_err(|e| InputError::new("-", e))
}

/// The text of a document's octets, inflated first when they are
/// gzip-compressed (a `.gz` sitemap, or one served compressed without a
/// Content-Encoding), at most [`MAX_INFLATED_BYTES`].
fn inflated_text(bytes: Vec<u8>) -> Result<String, String> {
    if !bytes.starts_with(&GZIP_MAGIC) {
        return Ok(text_of(bytes));
    }
    let mut out = Vec::new();
    // Through `take`: inflating stops one octet past the bound, whatever
    // the stream says it holds.
    flate2::read::MultiGzDecoder::new(&bytes[..])
        .take(MAX_INFLATED_BYTES + 1)
        .read_to_end(&mut out)
        .map_err(|e| format!("inflating (gzip): {}", io_message(&e)))?;
    if out.len() as u64 > MAX_INFLATED_BYTES {
        return Err(format!(
            "inflates to more than {MAX_INFLATED_BYTES} octets, the most a compressed document may have (sitemaps.org's bound)"
        ));
    }
    Ok(text_of(out))
}

/// `doc`, unless it breaks a bound of its format: a sitemap of more than
/// [`MAX_SITEMAP_URLS`] URLs.
fn bounded(doc: Document) -> Result<Document, String> {
    if doc.format == Format::Sitemap {
        let urls = crate::extract::links(&doc).len();
        if urls > MAX_SITEMAP_URLS {
            return Err(format!(
                "{urls} URLs, more than the {MAX_SITEMAP_URLS} a sitemap may have (sitemaps.org's bound)"
            ));
        }
    }
    Ok(doc)
}

/// The most octets of a document of `format` (`None`: not known before
/// it is read): `max`, or for a sitemap [`MAX_INFLATED_BYTES`] when that
/// is more, so that every sitemap the protocol allows is read.
fn max_for(format: Option<Format>, max: u64) -> u64 {
    if format == Some(Format::Sitemap) {
        max.max(MAX_INFLATED_BYTES)
    } else {
        max
    }
}

/// At most `max` octets of `reader`; `None` when it has more.
fn read_bounded(reader: impl Read, max: u64) -> io::Result<Option<Vec<u8>>> {
    let mut bytes = Vec::new();
    reader.take(max.saturating_add(1)).read_to_end(&mut bytes)?;
    Ok((bytes.len() as u64 <= max).then_some(bytes))
}

/// The message of a document over the limit.
fn too_large(max: u64) -> String {
    format!("more than {max} octets, the most a document may have")
}

/// Whether a document could not be had for its size alone (the message
/// [`too_large`] writes): the object is there, only too large to read.
pub(crate) fn is_too_large(message: &str) -> bool {
    message.starts_with("more than ") && message.ends_with(" octets, the most a document may have")
}

/// Text of octets: invalid UTF-8 replaced, a leading byte order mark
/// removed.
fn text_of(bytes: Vec<u8>) -> String {
    let mut text = match String::from_utf8(bytes) {
        Ok(s) => s,
        Err(e) => String::from_utf8_lossy(e.as_bytes()).into_owned(),
    };
    if text.starts_with('\u{feff}') {
        text.drain(..'\u{feff}'.len_utf8());
    }
    text
}

/// The document of a file (or a pipe, a device) named on the command
/// line or found in a folder: its format `format`, else by its name,
/// else sniffed.
fn file_document(path: &Path, format: Option<Format>, max: u64) -> Result<Document, String> {
    let max = max_for(format.or_else(|| name_format(path)), max);
    let file = File::open(path).map_err(|e| format!("opening: {}", io_message(&e)))?;
    let meta = file
        .metadata()
        .map_err(|e| format!("reading: {}", io_message(&e)))?;
    if meta.is_file() && meta.len() > max {
        return Err(too_large(max));
    }
    let bytes = read_bounded(file, max)
        .map_err(|e| format!("reading: {}", io_message(&e)))?
        .ok_or_else(|| too_large(max))?;
    let text = inflated_text(bytes)?;
    let format = format
        .or_else(|| name_format(path))
        .unwrap_or_else(|| Format::sniff(&text));
    bounded(Document {
        source: Source::File(path.to_path_buf()),
        format,
        text,
        // A pipe or a device has no place its relative links lead to.
        base: if meta.is_file() { file_url(path) } else { None },
    })
}

/// Whether a folder's file is XML by its name (`.xml`, `.xml.gz`): read
/// only when its root element names a sitemap or a feed
/// ([`sniffed_feed`]).
fn xml_name(path: &Path) -> bool {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().to_ascii_lowercase())
        .unwrap_or_default();
    name.ends_with(".xml") || name.ends_with(".xml.gz")
}

/// The format, a sitemap or a feed, that the file's first octets
/// (inflated, if it is compressed) name, if they name one. Only these few
/// kilobytes are read: a folder holds XML files of every kind (build
/// files, configuration, data), whose URLs are no links of a site, so
/// they are not read as documents.
fn sniffed_feed(path: &Path) -> Option<Format> {
    let file = File::open(path).ok()?;
    let mut head = Vec::new();
    let mut reader = io::BufReader::new(file);
    let gz = io::BufRead::fill_buf(&mut reader).is_ok_and(|b| b.starts_with(&GZIP_MAGIC));
    let read = if gz {
        flate2::read::MultiGzDecoder::new(reader)
            .take(4096)
            .read_to_end(&mut head)
    } else {
        reader.take(4096).read_to_end(&mut head)
    };
    read.ok()?;
    match Format::sniff(&String::from_utf8_lossy(&head)) {
        f @ (Format::Sitemap | Format::Feed) => Some(f),
        _ => None,
    }
}

/// An I/O error's message without Rust's "(os error N)".
fn io_message(e: &io::Error) -> String {
    let s = e.to_string();
    match s.rfind(" (os error ") {
        Some(at) if s.ends_with(')') => s[..at].to_string(),
        _ => s,
    }
}

/// The format a path's file name says.
fn name_format(path: &Path) -> Option<Format> {
    Format::from_name(&path.file_name()?.to_string_lossy())
}

/// The `file:` URL of a file: of its canonical path (symbolic links
/// resolved), else of its absolute one.
fn file_url(path: &Path) -> Option<String> {
    let abs = std::fs::canonicalize(path)
        .or_else(|_| std::path::absolute(path))
        .ok()?;
    FileUrl::from_path(&abs).ok().map(|u| u.into_string())
}

/// The globs as the walker's overrides: include globs as they are (a
/// whitelist), exclude globs after them with `!` (so that they win).
fn overrides(root: &Path, opts: &InputOptions) -> Result<Override, String> {
    let mut b = OverrideBuilder::new(root);
    for g in &opts.include {
        // A glob starting with "!" would turn into an exclude one; "\!"
        // is gitignore's literal "!".
        let g = match g.strip_prefix('!') {
            Some(rest) => format!("\\!{rest}"),
            None => g.clone(),
        };
        b.add(&g)
            .map_err(|e| format!("the include glob {g:?}: {}", glob_message(&e)))?;
    }
    for g in &opts.exclude {
        b.add(&format!("!{g}"))
            .map_err(|e| format!("the exclude glob {g:?}: {}", glob_message(&e)))?;
    }
    b.build()
        .map_err(|e| format!("the globs: {}", glob_message(&e)))
}

/// A glob error's message (the `ignore` crate's wrapped error's own).
fn glob_message(e: &ignore::Error) -> String {
    match e {
        ignore::Error::Glob { err, .. } => err.clone(),
        e => e.to_string(),
    }
}

/// Whether a name is hidden: starts with `.`.
fn is_hidden(name: &std::ffi::OsStr) -> bool {
    name.as_encoded_bytes().first() == Some(&b'.')
}

/// The documents of a folder's files, sorted by path.
fn walk(
    root: &Path,
    input: &str,
    opts: &InputOptions,
    docs: &mut Vec<Document>,
    errors: &mut Vec<InputError>,
) {
    let globs = match overrides(root, opts) {
        Ok(o) => o,
        Err(message) => {
            errors.push(InputError::new(input, message));
            return;
        }
    };
    let mut b = WalkBuilder::new(root);
    b.standard_filters(false)
        .require_git(false)
        .follow_links(true)
        .overrides(globs.clone())
        .sort_by_file_path(|a, b| a.cmp(b));
    // Not the walker's own hidden filter: a whitelist (include) glob
    // overrides it, and "hidden unless --hidden" is to hold whatever the
    // globs say.
    if !opts.hidden {
        b.filter_entry(|e| e.depth() == 0 || !is_hidden(e.file_name()));
    }
    let includes = !opts.include.is_empty();
    for entry in b.build() {
        let entry = match entry {
            Ok(e) => e,
            Err(e) => {
                if let Some(err) = walk_error(&e, opts, &globs) {
                    errors.push(err);
                }
                continue;
            }
        };
        if !entry.file_type().is_some_and(|t| t.is_file()) {
            continue;
        }
        let path = entry.path();
        let format = match (opts.format, name_format(path)) {
            (Some(f), Some(_)) | (None, Some(f)) => Some(f),
            // Any file an include glob names, in the format given.
            (Some(f), None) if includes && globs.matched(path, false).is_whitelist() => Some(f),
            (None, None) if xml_name(path) => match sniffed_feed(path) {
                Some(f) => Some(f),
                None => continue,
            },
            _ => continue,
        };
        match file_document(path, format, opts.max_bytes) {
            Ok(d) => docs.push(d),
            Err(message) => errors.push(InputError::new(path.display().to_string(), message)),
        }
    }
}

/// A walker's error as an input error; `None` for what the walk skips on
/// purpose: a symbolic link back to a folder being walked (a loop: its
/// files are read once, from the folder), and a link to nothing whose
/// name would not have been read.
fn walk_error(e: &ignore::Error, opts: &InputOptions, globs: &Override) -> Option<InputError> {
    let mut path: Option<&Path> = None;
    let mut inner = e;
    loop {
        match inner {
            ignore::Error::WithPath { path: p, err } => {
                path = path.or(Some(p));
                inner = err;
            }
            ignore::Error::WithDepth { err, .. } | ignore::Error::WithLineNumber { err, .. } => {
                inner = err;
            }
            _ => break,
        }
    }
    let message = match inner {
        ignore::Error::Loop { .. } => return None,
        ignore::Error::Io(io) => {
            if io.kind() == io::ErrorKind::NotFound
                && let Some(p) = path
                && !would_read(p, opts, globs)
            {
                return None;
            }
            io_message(io)
        }
        other => other.to_string(),
    };
    let input = path.map_or_else(String::new, |p| p.display().to_string());
    Some(InputError::new(input, message))
}

/// Whether a folder's file of this path would be read, by its name.
fn would_read(path: &Path, opts: &InputOptions, globs: &Override) -> bool {
    if globs.matched(path, false).is_ignore() {
        return false;
    }
    name_format(path).is_some()
        || (opts.format.is_some()
            && !opts.include.is_empty()
            && globs.matched(path, false).is_whitelist())
}

/// Whether the URL names something to fetch as a document: not a mail to
/// send, not a session to open (its row's link check reads a document).
fn fetchable(url: &UrlRef<'_>) -> Result<(), String> {
    let row = url.scheme_row();
    match (row.protocol, row.link_check()) {
        (Some(_), Some(check)) if check.reads_document() => Ok(()),
        (Some(p), _) => Err(format!(
            "a {}: URL names no document to read (its access is {})",
            url.scheme().to_ascii_lowercase(),
            p.as_str()
        )),
        (None, _) => Err("no such file, folder or URL".into()),
    }
}

/// A URL as messages and sources show it: its password as `****`.
fn shown(url: &UrlRef<'_>) -> String {
    url.masked("****").into_owned()
}

/// A writer that takes at most `max` octets and fails past them.
struct Bounded {
    bytes: Vec<u8>,
    max: u64,
    over: bool,
}

impl Write for Bounded {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        if self.bytes.len() as u64 + buf.len() as u64 > self.max {
            self.over = true;
            return Err(io::Error::other(too_large(self.max)));
        }
        self.bytes.extend_from_slice(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// The side of a fetch that keeps the last HTTP response's head: the
/// final one of a redirect chain.
#[derive(Default)]
pub(crate) struct LastResponse {
    last: Option<Exchange>,
}

impl LastResponse {
    /// The last response's status, if there was an HTTP response.
    pub(crate) fn status(&self) -> Option<u16> {
        self.last.as_ref().map(|x| x.status)
    }
}

impl Interaction for LastResponse {
    fn response(&mut self, exchange: &Exchange) {
        self.last = Some(exchange.clone());
    }
}

/// The document a URL names, fetched.
fn url_document(
    input: &str,
    url: &UrlRef<'_>,
    opts: &InputOptions,
    fetch: &FetchOptions,
    session: &Session,
) -> Result<Document, String> {
    let max = max_for(opts.format.or_else(|| url_name_format(url)), opts.max_bytes);
    let mut sink = Bounded {
        bytes: Vec::new(),
        max,
        over: false,
    };
    let mut ui = LastResponse::default();
    let fetched = uniform_access::fetch(url, fetch, session, &mut sink, &mut ui);
    if sink.over {
        return Err(too_large(max));
    }
    let fetched = fetched.map_err(|e| e.to_string())?;
    let base = final_url(input, url, ui.last.as_ref());
    let source = Source::Url(shown(url));
    match fetched {
        Fetched::Object { .. } => {
            let text = inflated_text(sink.bytes)?;
            let final_ref = UrlRef::parse(&base).ok();
            let named = final_ref.as_ref().unwrap_or(url);
            let format = opts
                .format
                .or_else(|| {
                    ui.last
                        .as_ref()
                        .and_then(|x| x.header("content-type"))
                        .and_then(|ct| content_type_format(ct, named))
                })
                .or_else(|| url_name_format(named))
                .unwrap_or_else(|| Format::sniff(&text));
            bounded(Document {
                source,
                format,
                text,
                base: Some(base),
            })
        }
        Fetched::Listing(listing) => Ok(Document {
            source,
            format: Format::Text,
            text: listing_text(&listing),
            base: Some(base),
        }),
        _ => Err("names no document to read".into()),
    }
}

/// The text of a listing: its entries' URLs, one a line (entries that
/// name nothing, as a gopher menu's information lines, left out).
fn listing_text(listing: &Listing) -> String {
    let mut text = String::new();
    for url in listing.entries.iter().filter_map(|e| e.url.as_deref()) {
        text.push_str(url);
        text.push('\n');
    }
    text
}

/// The URL a fetched document's relative links resolve against: the last
/// HTTP response's (after redirects), else the URL given. The response's
/// URL shows a password as `****`: the given URL's is put back when the
/// redirects kept the user.
fn final_url(input: &str, url: &UrlRef<'_>, last: Option<&Exchange>) -> String {
    let Some(x) = last.filter(|x| x.redirects > 0 && !x.url.is_empty()) else {
        return input.to_string();
    };
    let Ok(fin) = UrlRef::parse(&x.url) else {
        return x.url.clone();
    };
    match (fin.password(), url.password()) {
        (Some("****"), Some(p)) if !p.is_empty() && fin.user() == url.user() => {
            fin.masked(p).into_owned()
        }
        _ => x.url.clone(),
    }
}

/// The format a Content-Type field says, if it says one.
fn content_type_format(value: &[u8], url: &UrlRef<'_>) -> Option<Format> {
    let value = String::from_utf8_lossy(value);
    let media = value
        .split(';')
        .next()
        .unwrap_or("")
        .trim()
        .to_ascii_lowercase();
    match media.as_str() {
        "text/html" | "application/xhtml+xml" => Some(Format::Html),
        "text/markdown" | "text/x-markdown" => Some(Format::Markdown),
        "text/css" => Some(Format::Css),
        "application/rss+xml" | "application/atom+xml" | "application/rdf+xml" => {
            Some(Format::Feed)
        }
        "text/plain" => Some(url_name_format(url).unwrap_or(Format::Text)),
        _ => None,
    }
}

/// The format the last name of a URL's path says: `a/b/index.html` (a
/// `;type=a` or other parameter after the name ignored).
fn url_name_format(url: &UrlRef<'_>) -> Option<Format> {
    let path = url.path_with_slash();
    let name = path.rsplit('/').next().unwrap_or(path);
    let name = name.split(';').next().unwrap_or(name);
    Format::from_name(&uniform::pct::decode_utf8_lossy(name))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::PathBuf;

    /// A fresh folder under the temporary directory, removed on drop.
    struct Tree(PathBuf);

    impl Tree {
        fn new(name: &str) -> Tree {
            let dir = std::env::temp_dir()
                .join(format!("uniform-links-input-{name}-{}", std::process::id()));
            let _ = std::fs::remove_dir_all(&dir);
            std::fs::create_dir_all(&dir).unwrap();
            Tree(dir)
        }

        fn file(&self, rel: &str, text: impl AsRef<[u8]>) -> &Tree {
            let p = self.0.join(rel);
            std::fs::create_dir_all(p.parent().unwrap()).unwrap();
            std::fs::write(p, text).unwrap();
            self
        }

        fn path(&self, rel: &str) -> PathBuf {
            self.0.join(rel)
        }

        fn input(&self) -> String {
            self.0.display().to_string()
        }

        /// The documents of the tree, by `opts`: their paths relative to
        /// it, and the errors.
        fn walk(&self, opts: &InputOptions) -> (Vec<String>, Vec<InputError>) {
            let (docs, errors) = documents(
                &[self.input()],
                opts,
                &FetchOptions::default(),
                &Session::default(),
            );
            let names = docs
                .iter()
                .map(|d| match &d.source {
                    Source::File(p) => p
                        .strip_prefix(&self.0)
                        .unwrap()
                        .to_string_lossy()
                        .replace('\\', "/"),
                    other => panic!("{other:?}"),
                })
                .collect();
            (names, errors)
        }
    }

    impl Drop for Tree {
        fn drop(&mut self) {
            let _ = std::fs::remove_dir_all(&self.0);
        }
    }

    fn opts() -> InputOptions {
        InputOptions::default()
    }

    fn with_globs(include: &[&str], exclude: &[&str]) -> InputOptions {
        InputOptions {
            include: include.iter().map(|s| s.to_string()).collect(),
            exclude: exclude.iter().map(|s| s.to_string()).collect(),
            ..opts()
        }
    }

    /// A tree of every kind of name.
    fn sample(name: &str) -> Tree {
        let t = Tree::new(name);
        t.file("b.md", "# b\n")
            .file("a.html", "<a href=x>")
            .file("sub/c.txt", "http://example.org/\n")
            .file("sub/a.htm", "<p>")
            .file("sub/deeper/d.markdown", "d")
            .file("z.MD", "z")
            .file("logo.png", [0x89, b'P', b'N', b'G', 0, 0xff])
            .file("README", "no extension")
            .file("page.php", "<a href=p>")
            .file(".hidden.md", "hidden")
            .file(".git/config.md", "hidden folder")
            .file("drafts/e.md", "draft");
        t
    }

    #[test]
    fn a_folder_is_walked_in_path_order_taking_known_extensions() {
        let t = sample("order");
        let (names, errors) = t.walk(&opts());
        assert!(errors.is_empty(), "{errors:?}");
        assert_eq!(
            names,
            [
                "a.html",
                "b.md",
                "drafts/e.md",
                "sub/a.htm",
                "sub/c.txt",
                "sub/deeper/d.markdown",
                "z.MD"
            ]
        );
        let (docs, _) = documents(
            &[t.input()],
            &opts(),
            &FetchOptions::default(),
            &Session::default(),
        );
        let formats: Vec<Format> = docs.iter().map(|d| d.format).collect();
        use Format::*;
        assert_eq!(
            formats,
            [Html, Markdown, Markdown, Html, Text, Markdown, Markdown]
        );
        assert_eq!(docs[4].text, "http://example.org/\n");
    }

    #[test]
    fn include_globs_take_only_what_they_match() {
        let t = sample("include");
        // A glob without a slash matches a name at any depth.
        let (names, _) = t.walk(&with_globs(&["*.md"], &[]));
        assert_eq!(names, ["b.md", "drafts/e.md"]);
        // With one, it is anchored at the walked folder.
        let (names, _) = t.walk(&with_globs(&["sub/*"], &[]));
        assert_eq!(names, ["sub/a.htm", "sub/c.txt"]);
        let (names, _) = t.walk(&with_globs(&["sub/**"], &[]));
        assert_eq!(names, ["sub/a.htm", "sub/c.txt", "sub/deeper/d.markdown"]);
        let (names, _) = t.walk(&with_globs(&["*.html", "**/*.markdown"], &[]));
        assert_eq!(names, ["a.html", "sub/deeper/d.markdown"]);
        // Globs are case-sensitive, as gitignore's.
        let (names, _) = t.walk(&with_globs(&["*.MD"], &[]));
        assert_eq!(names, ["z.MD"]);
        // An include glob never takes a file of no known format without
        // --format.
        let (names, _) = t.walk(&with_globs(&["*.php", "*.png"], &[]));
        assert!(names.is_empty(), "{names:?}");
    }

    #[test]
    fn exclude_globs_skip_files_and_whole_folders() {
        let t = sample("exclude");
        let (names, _) = t.walk(&with_globs(&[], &["sub"]));
        assert_eq!(names, ["a.html", "b.md", "drafts/e.md", "z.MD"]);
        // Folders only.
        let (names, _) = t.walk(&with_globs(&[], &["drafts/", "deeper/"]));
        assert_eq!(names, ["a.html", "b.md", "sub/a.htm", "sub/c.txt", "z.MD"]);
        // A file's glob does not match a folder of the same pattern.
        let (names, _) = t.walk(&with_globs(&[], &["*.md", "*.htm*"]));
        assert_eq!(names, ["sub/c.txt", "sub/deeper/d.markdown", "z.MD"]);
        // Anchored.
        let (names, _) = t.walk(&with_globs(&[], &["/sub/deeper", "/a.html"]));
        assert_eq!(
            names,
            ["b.md", "drafts/e.md", "sub/a.htm", "sub/c.txt", "z.MD"]
        );
        // An exclude glob wins over an include glob; an excluded folder
        // is not entered even for a file an include glob names.
        let (names, _) = t.walk(&with_globs(&["*.md"], &["drafts"]));
        assert_eq!(names, ["b.md"]);
        let (names, _) = t.walk(&with_globs(&["drafts/e.md"], &["drafts"]));
        assert!(names.is_empty(), "{names:?}");
        let (names, _) = t.walk(&with_globs(&["*.md"], &["b.md"]));
        assert_eq!(names, ["drafts/e.md"]);
    }

    #[test]
    fn globs_are_relative_to_a_folder_given_relative() {
        // This crate's own folder is the working directory.
        let names = |root: &str, include: &[&str], exclude: &[&str]| {
            let o = InputOptions {
                format: Some(Format::Text),
                ..with_globs(include, exclude)
            };
            let (docs, errors) = documents(
                &[root.to_string()],
                &o,
                &FetchOptions::default(),
                &Session::default(),
            );
            assert!(errors.is_empty(), "{errors:?}");
            docs.iter()
                .map(|d| d.source.to_string())
                .collect::<Vec<String>>()
        };
        assert_eq!(names("./src", &["/input.rs"], &[]), ["./src/input.rs"]);
        assert_eq!(names("src/", &["/input.rs"], &[]), ["src/input.rs"]);
        assert_eq!(names(".", &["src/input.rs"], &[]), ["./src/input.rs"]);
        assert_eq!(
            names("src", &["lib.rs", "input.rs"], &[]),
            ["src/input.rs", "src/lib.rs"]
        );
        let all = names("src", &["*.rs"], &[]);
        let kept = names("src", &["*.rs"], &["check", "extract/"]);
        assert!(all.iter().any(|n| n.starts_with("src/extract/")), "{all:?}");
        assert!(kept.iter().any(|n| n == "src/input.rs"), "{kept:?}");
        assert!(kept.iter().any(|n| n == "src/lib.rs"), "{kept:?}");
        assert!(
            kept.iter()
                .all(|n| !n.contains("/check/") && !n.contains("/extract/"))
        );
        // "src" alone names a file of that name, not the files under it.
        assert!(names(".", &["src"], &[]).is_empty());
    }

    #[test]
    fn hidden_files_and_folders_are_skipped_unless_asked_for() {
        let t = sample("hidden");
        // Even when an include glob names them.
        let (names, _) = t.walk(&with_globs(&["*.md"], &[]));
        assert_eq!(names, ["b.md", "drafts/e.md"]);
        let o = InputOptions {
            hidden: true,
            ..with_globs(&["*.md"], &[])
        };
        let (names, _) = t.walk(&o);
        assert_eq!(
            names,
            [".git/config.md", ".hidden.md", "b.md", "drafts/e.md"]
        );
        // A hidden folder named on the command line is walked.
        let (docs, errors) = documents(
            &[t.path(".git").display().to_string()],
            &opts(),
            &FetchOptions::default(),
            &Session::default(),
        );
        assert!(errors.is_empty(), "{errors:?}");
        assert_eq!(docs.len(), 1);
        assert_eq!(docs[0].text, "hidden folder");
        // No .gitignore is read.
        t.file(".gitignore", "*.md\nsub/\n");
        let (names, _) = t.walk(&with_globs(&["*.md"], &[]));
        assert_eq!(names, ["b.md", "drafts/e.md"]);
    }

    #[test]
    fn format_given_takes_known_extensions_and_what_include_globs_name() {
        let t = sample("format");
        let o = InputOptions {
            format: Some(Format::Html),
            ..with_globs(&["*.php", "*.md"], &[])
        };
        let (docs, _) = documents(
            &[t.input()],
            &o,
            &FetchOptions::default(),
            &Session::default(),
        );
        let got: Vec<(String, Format)> = docs
            .iter()
            .map(|d| (d.source.to_string(), d.format))
            .collect();
        let b = t.path("b.md").display().to_string();
        let e = t.path("drafts/e.md").display().to_string();
        let php = t.path("page.php").display().to_string();
        assert_eq!(
            got,
            [(b, Format::Html), (e, Format::Html), (php, Format::Html)]
        );
        // Without include globs, known extensions only.
        let o = InputOptions {
            format: Some(Format::Text),
            ..opts()
        };
        let (names, _) = t.walk(&o);
        assert_eq!(names.len(), 7);
        assert!(!names.iter().any(|n| n == "page.php" || n == "README"));
    }

    #[test]
    fn a_file_is_read_by_its_name_else_sniffed_unless_a_format_is_given() {
        let t = Tree::new("file-format");
        t.file("page", "\u{feff}  <!DOCTYPE html><a href=x>")
            .file("notes", "# Title\nhttp://example.org/\n")
            .file("x.md", "[a](b)");
        let inputs: Vec<String> = ["page", "notes", "x.md"]
            .iter()
            .map(|n| t.path(n).display().to_string())
            .collect();
        let (docs, errors) = documents(
            &inputs,
            &opts(),
            &FetchOptions::default(),
            &Session::default(),
        );
        assert!(errors.is_empty(), "{errors:?}");
        let formats: Vec<Format> = docs.iter().map(|d| d.format).collect();
        assert_eq!(formats, [Format::Html, Format::Text, Format::Markdown]);
        // The byte order mark is not text.
        assert_eq!(docs[0].text, "  <!DOCTYPE html><a href=x>");
        assert_eq!(docs[0].source, Source::File(t.path("page")));
        let o = InputOptions {
            format: Some(Format::Markdown),
            ..opts()
        };
        let (docs, _) = documents(&inputs, &o, &FetchOptions::default(), &Session::default());
        assert!(docs.iter().all(|d| d.format == Format::Markdown));
        // A file named on the command line is read whatever the globs.
        let o = with_globs(&["*.html"], &["*"]);
        let (docs, errors) = documents(
            &inputs[..1],
            &o,
            &FetchOptions::default(),
            &Session::default(),
        );
        assert!(errors.is_empty() && docs.len() == 1);
    }

    #[test]
    fn invalid_utf8_is_replaced() {
        let t = Tree::new("utf8");
        t.file("bad.txt", b"a\xffb http://example.org/\xe2\x82\n");
        let (docs, _) = documents(
            &[t.input()],
            &opts(),
            &FetchOptions::default(),
            &Session::default(),
        );
        assert_eq!(docs[0].text, "a\u{fffd}b http://example.org/\u{fffd}\n");
    }

    #[test]
    fn base_is_the_files_own_file_url_percent_encoded() {
        let t = Tree::new("base");
        t.file("with space/a b.html", "<a href=c.html>");
        let (docs, errors) = documents(
            &[t.input()],
            &opts(),
            &FetchOptions::default(),
            &Session::default(),
        );
        assert!(errors.is_empty(), "{errors:?}");
        let base = docs[0].base.as_deref().unwrap();
        assert!(base.starts_with("file:///"), "{base}");
        assert!(base.ends_with("/with%20space/a%20b.html"), "{base}");
        assert!(!base.contains(' '), "{base}");
        let canonical = std::fs::canonicalize(t.path("with space/a b.html")).unwrap();
        assert_eq!(base, FileUrl::from_path(&canonical).unwrap().as_str());
        // The same base for the file named on its own, by a path that is
        // neither absolute nor canonical.
        let roundabout = t.path("with space/../with space/a b.html");
        let (docs, _) = documents(
            &[roundabout.display().to_string()],
            &opts(),
            &FetchOptions::default(),
            &Session::default(),
        );
        assert_eq!(docs[0].base.as_deref(), Some(base));
        assert_eq!(docs[0].source, Source::File(roundabout));
    }

    #[test]
    fn relative_paths_get_absolute_bases() {
        // A path relative to the working directory (this crate's folder).
        let (docs, errors) = documents(
            &["README.md".into()],
            &opts(),
            &FetchOptions::default(),
            &Session::default(),
        );
        assert!(errors.is_empty(), "{errors:?}");
        let base = docs[0].base.as_deref().unwrap();
        assert!(
            base.starts_with("file:///") && base.ends_with("/links/README.md"),
            "{base}"
        );
        assert_eq!(docs[0].source, Source::File("README.md".into()));
    }

    #[test]
    fn a_document_over_max_bytes_is_an_error_and_the_others_are_read() {
        let t = Tree::new("max");
        t.file("a.txt", "12345")
            .file("b.txt", "1234567890")
            .file("c.txt", "");
        let o = InputOptions {
            max_bytes: 5,
            ..opts()
        };
        let (names, errors) = t.walk(&o);
        assert_eq!(names, ["a.txt", "c.txt"]);
        assert_eq!(
            errors,
            [InputError::new(
                t.path("b.txt").display().to_string(),
                "more than 5 octets, the most a document may have"
            )]
        );
        let b = t.path("b.txt").display().to_string();
        let (docs, errors) = documents(
            std::slice::from_ref(&b),
            &o,
            &FetchOptions::default(),
            &Session::default(),
        );
        assert!(docs.is_empty());
        assert_eq!(errors[0].input, b);
        let none = InputOptions {
            max_bytes: 0,
            ..opts()
        };
        let (names, errors) = t.walk(&none);
        assert_eq!((names.len(), errors.len()), (1, 2));
    }

    #[test]
    fn standard_input_is_read_whole_and_bounded() {
        let d = stdin_document(&b"\n <html><a href=x>"[..], &opts()).unwrap();
        assert_eq!(d.format, Format::Html);
        assert_eq!(d.source, Source::Stdin);
        assert_eq!(d.base, None);
        assert_eq!(d.text, "\n <html><a href=x>");
        let d = stdin_document(&b"# x\n[a](b)"[..], &opts()).unwrap();
        assert_eq!(d.format, Format::Text);
        let md = InputOptions {
            format: Some(Format::Markdown),
            ..opts()
        };
        let d = stdin_document(&b"# x\n[a](b)"[..], &md).unwrap();
        assert_eq!(d.format, Format::Markdown);
        let four = InputOptions {
            max_bytes: 4,
            ..opts()
        };
        assert_eq!(stdin_document(&b"1234"[..], &four).unwrap().text, "1234");
        let e = stdin_document(&b"12345"[..], &four).unwrap_err();
        assert_eq!(
            e.to_string(),
            "-: more than 4 octets, the most a document may have"
        );
        // A reader that fails.
        struct Broken;
        impl Read for Broken {
            fn read(&mut self, _: &mut [u8]) -> io::Result<usize> {
                Err(io::Error::other("the pipe broke"))
            }
        }
        let e = stdin_document(Broken, &opts()).unwrap_err();
        assert_eq!(e.message, "reading standard input: the pipe broke");
        // Endless input stops at the limit.
        let e = stdin_document(io::repeat(b'x'), &four).unwrap_err();
        assert_eq!(e.input, "-");
    }

    #[test]
    fn what_is_neither_file_folder_nor_fetchable_url_is_an_error() {
        let missing = std::env::temp_dir()
            .join(format!(
                "uniform-links-input-missing-{}",
                std::process::id()
            ))
            .join("x.md")
            .display()
            .to_string();
        let inputs: Vec<String> = [
            missing.as_str(),
            "",
            "docs/",
            "C:\\nowhere\\x.md",
            "localhost:8080",
            "mailto:a@example.org",
            "telnet://u:secret@h/",
            "urn:isbn:0451450523",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        let (docs, errors) = documents(
            &inputs,
            &opts(),
            &FetchOptions::default(),
            &Session::default(),
        );
        assert!(docs.is_empty());
        let got: Vec<String> = errors.iter().map(|e| e.to_string()).collect();
        assert_eq!(
            got,
            [
                format!("{missing}: no such file, folder or URL"),
                ": no such file, folder or URL".into(),
                "docs/: no such file, folder or URL".into(),
                "C:\\nowhere\\x.md: no such file, folder or URL".into(),
                "localhost:8080: no such file, folder or URL".into(),
                "mailto:a@example.org: a mailto: URL names no document to read (its access is smtp)"
                    .into(),
                // The password is not shown.
                "telnet://u:****@h/: a telnet: URL names no document to read (its access is telnet)"
                    .into(),
                "urn:isbn:0451450523: no such file, folder or URL".into(),
            ]
        );
    }

    #[test]
    fn a_bad_glob_is_the_folders_error() {
        let t = sample("bad-glob");
        let (names, errors) = t.walk(&with_globs(&["a[b"], &[]));
        assert!(names.is_empty());
        assert_eq!(errors.len(), 1);
        assert_eq!(errors[0].input, t.input());
        assert!(
            errors[0].message.starts_with("the include glob \"a[b\": "),
            "{}",
            errors[0].message
        );
        let (_, errors) = t.walk(&with_globs(&[], &["{x"]));
        assert!(
            errors[0].message.starts_with("the exclude glob \"{x\": "),
            "{}",
            errors[0].message
        );
        // An include glob starting with "!" names a "!" file; it does not
        // exclude.
        t.file("!bang.md", "x");
        let (names, errors) = t.walk(&with_globs(&["!bang.md"], &[]));
        assert!(errors.is_empty(), "{errors:?}");
        assert_eq!(names, ["!bang.md"]);
    }

    #[cfg(unix)]
    #[test]
    fn symbolic_links_are_followed_but_not_round_a_loop() {
        use std::os::unix::fs::symlink;
        let t = Tree::new("links");
        let elsewhere = Tree::new("links-target");
        elsewhere.file("far.md", "far");
        t.file("sub/a.md", "a");
        symlink(&t.0, t.path("sub/loop")).unwrap();
        symlink(&elsewhere.0, t.path("there")).unwrap();
        symlink(t.path("sub/a.md"), t.path("b.md")).unwrap();
        symlink(t.path("nothing.png"), t.path("dangling.png")).unwrap();
        symlink(t.path("nothing.md"), t.path("dangling.md")).unwrap();
        let (names, errors) = t.walk(&opts());
        assert_eq!(names, ["b.md", "sub/a.md", "there/far.md"]);
        // A link to nothing is an error only where a document was expected.
        assert_eq!(errors.len(), 1, "{errors:?}");
        assert_eq!(errors[0].input, t.path("dangling.md").display().to_string());
        // The base of a link is its target's URL.
        let (docs, _) = documents(
            &[t.input()],
            &opts(),
            &FetchOptions::default(),
            &Session::default(),
        );
        assert!(docs[0].base.as_deref().unwrap().ends_with("/sub/a.md"));
    }

    #[cfg(unix)]
    #[test]
    fn a_non_utf8_file_name_is_read_and_encoded_in_its_base() {
        use std::ffi::OsStr;
        use std::os::unix::ffi::OsStrExt;
        let t = Tree::new("non-utf8");
        let name = OsStr::from_bytes(b"caf\xe9.txt");
        if std::fs::write(t.0.join(name), "x").is_err() {
            return; // a file system that refuses such names
        }
        let (docs, errors) = documents(
            &[t.input()],
            &opts(),
            &FetchOptions::default(),
            &Session::default(),
        );
        assert!(errors.is_empty(), "{errors:?}");
        assert!(
            docs[0].base.as_deref().unwrap().ends_with("/caf%E9.txt"),
            "{:?}",
            docs[0].base
        );
    }

    #[test]
    fn a_file_url_is_fetched_with_the_url_as_base() {
        let t = Tree::new("file-url");
        t.file("doc.html", "<a href=x>")
            .file("plain", "http://example.org/");
        let url = FileUrl::from_path(std::fs::canonicalize(t.path("doc.html")).unwrap())
            .unwrap()
            .into_string();
        let plain = FileUrl::from_path(std::fs::canonicalize(t.path("plain")).unwrap())
            .unwrap()
            .into_string();
        let (docs, errors) = documents(
            &[url.clone(), plain.clone()],
            &opts(),
            &FetchOptions::default(),
            &Session::default(),
        );
        assert!(errors.is_empty(), "{errors:?}");
        assert_eq!(docs[0].source, Source::Url(url.clone()));
        assert_eq!(docs[0].base.as_deref(), Some(url.as_str()));
        assert_eq!(docs[0].format, Format::Html);
        assert_eq!(docs[0].text, "<a href=x>");
        assert_eq!(docs[1].format, Format::Text);
        // Over the limit.
        let small = InputOptions {
            max_bytes: 3,
            ..opts()
        };
        let (docs, errors) = documents(
            std::slice::from_ref(&url),
            &small,
            &FetchOptions::default(),
            &Session::default(),
        );
        assert!(docs.is_empty());
        assert_eq!(
            errors,
            [InputError::new(
                url,
                "more than 3 octets, the most a document may have"
            )]
        );
    }

    #[test]
    fn a_listing_is_a_text_of_its_entries_urls() {
        let t = Tree::new("listing");
        t.file("a b.md", "x").file("sub/c.txt", "y");
        let dir = FileUrl::from_path(std::fs::canonicalize(&t.0).unwrap())
            .unwrap()
            .into_string();
        let dir = format!("{}/", dir.trim_end_matches('/'));
        let (docs, errors) = documents(
            std::slice::from_ref(&dir),
            &opts(),
            &FetchOptions::default(),
            &Session::default(),
        );
        assert!(errors.is_empty(), "{errors:?}");
        assert_eq!(docs[0].format, Format::Text);
        assert_eq!(docs[0].text, format!("{dir}a%20b.md\n{dir}sub/\n"));
        assert_eq!(docs[0].base.as_deref(), Some(dir.as_str()));
    }

    #[test]
    fn a_url_path_names_its_format() {
        let f = |s: &str| url_name_format(&UrlRef::parse(s).unwrap());
        assert_eq!(f("http://h/a/index.html"), Some(Format::Html));
        assert_eq!(f("http://h/a/README.md?x=1"), Some(Format::Markdown));
        assert_eq!(f("ftp://h/pub/notes.txt;type=a"), Some(Format::Text));
        assert_eq!(f("http://h/a%2Emd"), Some(Format::Markdown));
        assert_eq!(f("http://h/a/"), None);
        assert_eq!(f("http://h"), None);
        assert_eq!(f("http://h/x.html/"), None);
    }

    #[test]
    fn a_content_type_names_its_format() {
        let url = UrlRef::parse("http://h/x.md").unwrap();
        let other = UrlRef::parse("http://h/x").unwrap();
        let f = |v: &str, u: &UrlRef<'_>| content_type_format(v.as_bytes(), u);
        assert_eq!(f("text/html; charset=utf-8", &url), Some(Format::Html));
        assert_eq!(f("Application/XHTML+XML", &url), Some(Format::Html));
        assert_eq!(f("text/markdown", &other), Some(Format::Markdown));
        assert_eq!(
            f("text/x-markdown;variant=GFM", &other),
            Some(Format::Markdown)
        );
        assert_eq!(f("text/plain", &url), Some(Format::Markdown));
        assert_eq!(f("text/plain", &other), Some(Format::Text));
        assert_eq!(f("application/octet-stream", &url), None);
        assert_eq!(f("", &url), None);
    }

    #[test]
    fn the_final_url_keeps_the_password_the_response_hides() {
        let given = UrlRef::parse("http://u:pw@h/a").unwrap();
        let mut x = Exchange::default();
        // No redirect: the URL as given.
        x.url = "http://u:****@h/a".into();
        assert_eq!(
            final_url(given.as_str(), &given, Some(&x)),
            "http://u:pw@h/a"
        );
        x.redirects = 1;
        x.url = "http://u:****@h/b".into();
        assert_eq!(
            final_url(given.as_str(), &given, Some(&x)),
            "http://u:pw@h/b"
        );
        x.url = "http://h/c".into();
        assert_eq!(final_url(given.as_str(), &given, Some(&x)), "http://h/c");
        assert_eq!(final_url(given.as_str(), &given, None), "http://u:pw@h/a");
        assert_eq!(shown(&given), "http://u:****@h/a");
        let empty = UrlRef::parse("http://u:@h/").unwrap();
        assert_eq!(shown(&empty), "http://u:@h/");
    }

    #[test]
    fn the_bounded_sink_fails_past_its_limit() {
        let mut s = Bounded {
            bytes: Vec::new(),
            max: 4,
            over: false,
        };
        assert!(s.write_all(b"12").is_ok());
        assert!(s.write_all(b"34").is_ok());
        assert!(!s.over);
        assert!(s.write_all(b"5").is_err());
        assert!(s.over);
        assert_eq!(s.bytes, b"1234");
    }

    #[test]
    fn inputs_keep_their_order() {
        let t = Tree::new("order-inputs");
        t.file("one.txt", "1")
            .file("two.md", "2")
            .file("dir/three.html", "3");
        let inputs = vec![
            t.path("two.md").display().to_string(),
            "nowhere:x".to_string(),
            t.path("dir").display().to_string(),
            t.path("one.txt").display().to_string(),
        ];
        let (docs, errors) = documents(
            &inputs,
            &opts(),
            &FetchOptions::default(),
            &Session::default(),
        );
        let texts: Vec<&str> = docs.iter().map(|d| d.text.as_str()).collect();
        assert_eq!(texts, ["2", "3", "1"]);
        assert_eq!(errors.len(), 1);
    }

    /// A gzip member of `text`.
    fn gzip(text: &[u8]) -> Vec<u8> {
        let mut e = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
        e.write_all(text).unwrap();
        e.finish().unwrap()
    }

    const SITEMAP: &str = "<?xml version=\"1.0\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n<url><loc>a.html</loc></url>\n</urlset>\n";

    #[test]
    fn gzip_documents_are_inflated_and_formats_found() {
        let t = Tree::new("gzip");
        t.file("sitemap.xml.gz", gzip(SITEMAP.as_bytes()))
            .file("other.xml.gz", gzip(SITEMAP.as_bytes()))
            .file("news.rss", "<rss><channel><link>/</link></channel></rss>")
            .file("s.css", "a{b:url(x.png)}")
            .file("feed.xml", "<?xml version=\"1.0\"?><feed/>")
            .file("pom.xml", "<project><url>http://e.org/</url></project>")
            .file("broken.xml.gz", b"\x1f\x8b not gzip");
        let (docs, errors) = documents(
            &[t.input()],
            &opts(),
            &FetchOptions::default(),
            &Session::default(),
        );
        assert!(errors.is_empty(), "{errors:?}");
        let got: Vec<(String, Format)> = docs
            .iter()
            .map(|d| {
                (
                    d.source.to_string().rsplit('/').next().unwrap().to_string(),
                    d.format,
                )
            })
            .collect();
        // pom.xml is no sitemap or feed: not read; the broken gzip is not
        // sniffed as one either.
        assert_eq!(
            got,
            [
                ("feed.xml".to_string(), Format::Feed),
                ("news.rss".to_string(), Format::Feed),
                ("other.xml.gz".to_string(), Format::Sitemap),
                ("s.css".to_string(), Format::Css),
                ("sitemap.xml.gz".to_string(), Format::Sitemap),
            ]
        );
        assert_eq!(docs[4].text, SITEMAP);
        // Named on its own, a broken gzip is an error that says so.
        let (docs, errors) = documents(
            &[t.path("broken.xml.gz").display().to_string()],
            &opts(),
            &FetchOptions::default(),
            &Session::default(),
        );
        assert!(docs.is_empty());
        assert!(
            errors[0].message.starts_with("inflating (gzip): "),
            "{errors:?}"
        );
        // Standard input too.
        let d = stdin_document(&gzip(SITEMAP.as_bytes())[..], &opts()).unwrap();
        assert_eq!((d.format, d.text.as_str()), (Format::Sitemap, SITEMAP));
    }

    #[test]
    fn a_gzip_bomb_stops_at_the_bound() {
        // Members of 1 MiB each, concatenated: 64 MiB inflated from a few
        // kilobytes.
        let mut chunk = Vec::new();
        while chunk.len() < 1 << 20 {
            chunk.extend_from_slice(b"<url><loc>http://example.org/</loc></url>\n");
        }
        let member = gzip(&chunk);
        let mut bomb = gzip(b"<urlset>\n");
        for _ in 0..64 {
            bomb.extend_from_slice(&member);
        }
        assert!(bomb.len() < 1 << 20, "{}", bomb.len());
        let start = std::time::Instant::now();
        let e = stdin_document(&bomb[..], &opts()).unwrap_err();
        assert!(start.elapsed() < std::time::Duration::from_secs(30));
        assert_eq!(
            e.message,
            "inflates to more than 52428800 octets, the most a compressed document may have (sitemaps.org's bound)"
        );
    }

    /// An endless sitemap: `<url><loc>...</loc></url>` for ever.
    struct Endless(usize);

    impl Read for Endless {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            let unit = b"<url><loc>http://example.org/page</loc></url>\n";
            let mut n = 0;
            if self.0 == 0 {
                self.0 = 1;
                let head = b"<urlset>";
                let k = head.len().min(buf.len());
                buf[..k].copy_from_slice(&head[..k]);
                return Ok(k);
            }
            while n < buf.len() {
                let b = unit[self.0 % unit.len()];
                buf[n] = b;
                self.0 += 1;
                n += 1;
            }
            Ok(n)
        }
    }

    #[test]
    fn an_endless_sitemap_is_cut_at_the_bound() {
        // Read as a sitemap: to sitemaps.org's bound.
        let sitemap = InputOptions {
            format: Some(Format::Sitemap),
            ..opts()
        };
        let start = std::time::Instant::now();
        let e = stdin_document(Endless(0), &sitemap).unwrap_err();
        assert!(start.elapsed() < std::time::Duration::from_secs(30));
        assert_eq!(e.message, too_large(MAX_INFLATED_BYTES));
        // Not known to be one: to the bound of any document.
        let e = stdin_document(Endless(0), &opts()).unwrap_err();
        assert_eq!(e.message, too_large(DEFAULT_MAX_BYTES));
        // A larger max_bytes stands.
        let large = InputOptions {
            max_bytes: MAX_INFLATED_BYTES + 5,
            ..sitemap
        };
        let e = stdin_document(Endless(0), &large).unwrap_err();
        assert_eq!(e.message, too_large(MAX_INFLATED_BYTES + 5));
    }

    #[test]
    fn a_sitemap_file_may_be_larger_than_other_documents() {
        let t = Tree::new("sitemap-bound");
        let body = format!("<urlset>{}</urlset>", " ".repeat(40));
        t.file("sitemap.xml", &body)
            .file("other.xml", &body)
            .file("a.txt", &body);
        let small = InputOptions {
            max_bytes: 10,
            ..opts()
        };
        // A sitemap by its name or by its root element: read; a text: not.
        let (names, errors) = t.walk(&small);
        assert_eq!(names, ["other.xml", "sitemap.xml"]);
        assert_eq!(errors.len(), 1);
        assert!(errors[0].input.ends_with("a.txt"), "{errors:?}");
    }

    #[test]
    fn a_sitemap_of_too_many_urls_is_an_error() {
        let mut xml = String::from("<urlset>");
        for i in 0..=MAX_SITEMAP_URLS {
            xml.push_str(&format!("<url><loc>/{i}</loc></url>"));
        }
        xml.push_str("</urlset>");
        let e = stdin_document(xml.as_bytes(), &opts()).unwrap_err();
        assert_eq!(
            e.message,
            "50001 URLs, more than the 50000 a sitemap may have (sitemaps.org's bound)"
        );
        // As text, the same octets are read.
        let text = InputOptions {
            format: Some(Format::Text),
            ..opts()
        };
        assert!(stdin_document(xml.as_bytes(), &text).is_ok());
    }

    #[test]
    fn an_entity_bomb_ends_quickly() {
        let xml =
            uniform_testkit::entity_bomb_prolog() + "<urlset><url><loc>&lol9;</loc></url></urlset>";
        let start = std::time::Instant::now();
        let d = stdin_document(xml.as_bytes(), &opts()).unwrap();
        assert_eq!(d.format, Format::Sitemap);
        let links = crate::extract::links(&d);
        assert!(start.elapsed() < std::time::Duration::from_secs(5));
        assert_eq!(links.len(), 1);
        assert_eq!(links[0].text, "&lol9;");
    }

    #[test]
    fn content_types_of_the_new_formats() {
        let url = UrlRef::parse("http://h/x").unwrap();
        let f = |v: &str| content_type_format(v.as_bytes(), &url);
        assert_eq!(f("text/css"), Some(Format::Css));
        assert_eq!(f("application/rss+xml"), Some(Format::Feed));
        assert_eq!(f("application/atom+xml; charset=utf-8"), Some(Format::Feed));
        assert_eq!(f("application/xml"), None);
        let f = |s: &str| url_name_format(&UrlRef::parse(s).unwrap());
        assert_eq!(f("http://h/sitemap.xml"), Some(Format::Sitemap));
        assert_eq!(f("http://h/sitemap.xml.gz"), Some(Format::Sitemap));
        assert_eq!(f("http://h/blog/index.atom"), Some(Format::Feed));
        assert_eq!(f("http://h/s.css?v=1"), Some(Format::Css));
    }
}
