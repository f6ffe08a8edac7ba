//! One listing model for an FTP directory, a gopher menu, a news group and
//! the list of groups: entries with a name, a kind, a size where known and
//! the URL each entry names.

use std::fmt;

/// The most octets of a peer's listing (a gopher menu, a list of news
/// groups, an FTP directory) read into memory: past it the access fails
/// as too long. With [`MAX_ENTRIES`], it keeps a listing, and the JSON or
/// text printed from it, well within the process's 64 MiB (a listing of
/// 100 000 short entries, or of 8 MiB of long lines, peaks near 40 MiB).
///
/// # Example
///
/// ```
/// assert_eq!(uniform_access::listing::MAX_OCTETS, 8 * 1024 * 1024);
/// ```
pub const MAX_OCTETS: u64 = 8 * 1024 * 1024;

/// The most entries of a peer's listing: short lines would otherwise make
/// many small entries, each with its own allocations, out of few octets.
///
/// # Example
///
/// ```
/// assert_eq!(uniform_access::listing::MAX_ENTRIES, 100_000);
/// ```
pub const MAX_ENTRIES: usize = 100_000;

/// What an entry is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum EntryKind {
    /// A file or document.
    File,
    /// A directory, menu or group: something that lists more.
    Directory,
    /// A symbolic link (FTP LIST).
    Link,
    /// A search (gopher type 7).
    Search,
    /// A news article.
    Article,
    /// An interactive session (gopher types 8 and T).
    Session,
    /// Text shown in a gopher menu that names nothing (type i).
    Info,
    /// Anything else.
    Other,
    /// Not known: an FTP name list (NLST) names without saying what, and
    /// a LIST line in no form this library reads says nothing either.
    Unknown,
}

impl EntryKind {
    /// A short stable name, for `--json`.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform_access::EntryKind;
    /// assert_eq!(EntryKind::Directory.as_str(), "directory");
    /// ```
    pub fn as_str(self) -> &'static str {
        match self {
            EntryKind::File => "file",
            EntryKind::Directory => "directory",
            EntryKind::Link => "link",
            EntryKind::Search => "search",
            EntryKind::Article => "article",
            EntryKind::Session => "session",
            EntryKind::Info => "info",
            EntryKind::Other => "other",
            EntryKind::Unknown => "unknown",
        }
    }
}

/// One entry of a listing.
///
/// # Example
///
/// ```
/// use uniform_access::{Entry, EntryKind};
/// let e = Entry::new("motd", EntryKind::File).size(120).url("ftp://h/etc/motd");
/// assert_eq!(e.url.as_deref(), Some("ftp://h/etc/motd"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct Entry {
    /// The name as the server gives it (a file name, a menu's display
    /// string, a group name, an article's subject).
    pub name: String,
    /// What it is.
    pub kind: EntryKind,
    /// Its size in octets, where the server says.
    pub size: Option<u64>,
    /// The URL that names it, when it can be named.
    pub url: Option<String>,
    /// More the server says of it: an FTP LIST line's date and mode, a
    /// gopher item's type character, an article's author.
    pub detail: Option<String>,
}

impl Entry {
    /// An entry with only a name and a kind.
    pub fn new(name: impl Into<String>, kind: EntryKind) -> Entry {
        Entry {
            name: name.into(),
            kind,
            size: None,
            url: None,
            detail: None,
        }
    }

    /// With a size.
    pub fn size(mut self, size: u64) -> Entry {
        self.size = Some(size);
        self
    }

    /// With the URL it names.
    pub fn url(mut self, url: impl Into<String>) -> Entry {
        self.url = Some(url.into());
        self
    }

    /// With a detail.
    pub fn detail(mut self, detail: impl Into<String>) -> Entry {
        self.detail = Some(detail.into());
        self
    }
}

/// The entries of a directory, menu or group, in the server's order.
///
/// `Display` prints one entry a line: kind, size (or `-`), name, URL.
///
/// # Example
///
/// ```
/// use uniform_access::{Entry, EntryKind, Listing};
/// let mut l = Listing::new("ftp://h/pub/");
/// l.entries.push(Entry::new("a", EntryKind::Directory).url("ftp://h/pub/a/"));
/// assert_eq!(l.to_string(), "directory          - a\tftp://h/pub/a/\n");
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct Listing {
    /// The URL that was listed.
    pub url: String,
    /// The entries.
    pub entries: Vec<Entry>,
}

impl Listing {
    /// An empty listing of `url`.
    pub fn new(url: impl Into<String>) -> Listing {
        Listing {
            url: url.into(),
            entries: Vec::new(),
        }
    }

    /// The listing as one JSON object: `{"url", "entries": [{name, kind,
    /// size, url, detail}]}`.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform_access::{Entry, EntryKind, Listing};
    /// let mut l = Listing::new("gopher://h/");
    /// l.entries.push(Entry::new("About \"x\"", EntryKind::File));
    /// assert_eq!(
    ///     l.to_json(),
    ///     r#"{"url":"gopher://h/","entries":[{"name":"About \"x\"","kind":"file","size":null,"url":null,"detail":null}]}"#
    /// );
    /// ```
    pub fn to_json(&self) -> String {
        let mut out = String::from("{\"url\":");
        json_string(&mut out, &self.url);
        out.push_str(",\"entries\":[");
        for (i, e) in self.entries.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            out.push_str("{\"name\":");
            json_string(&mut out, &e.name);
            out.push_str(",\"kind\":\"");
            out.push_str(e.kind.as_str());
            out.push_str("\",\"size\":");
            match e.size {
                Some(s) => out.push_str(&s.to_string()),
                None => out.push_str("null"),
            }
            out.push_str(",\"url\":");
            json_opt(&mut out, e.url.as_deref());
            out.push_str(",\"detail\":");
            json_opt(&mut out, e.detail.as_deref());
            out.push('}');
        }
        out.push_str("]}");
        out
    }
}

fn json_opt(out: &mut String, s: Option<&str>) {
    match s {
        Some(s) => json_string(out, s),
        None => out.push_str("null"),
    }
}

fn json_string(out: &mut String, s: &str) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            // The other controls, and DEL, the C1 controls and the
            // bidirectional controls, which JSON allows raw but which act
            // on a terminal (uniform::visible::acts).
            c if uniform::visible::acts(c) => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
}

impl fmt::Display for Listing {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for e in &self.entries {
            let size = e.size.map_or_else(|| "-".to_string(), |s| s.to_string());
            // Names come from servers: their control characters are shown
            // escaped, never sent to the terminal.
            let name = crate::error::escape(e.name.as_bytes());
            write!(f, "{:<9} {:>10} {name}", e.kind.as_str(), size)?;
            if let Some(u) = &e.url {
                // A URL made of a server's fields or a name on disk:
                // escaped as every message is (the TAB before it is the
                // listing's own).
                write!(f, "\t{}", uniform::visible::escaped(u))?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}
