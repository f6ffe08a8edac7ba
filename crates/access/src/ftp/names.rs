//! FTP listings: the name list of `NLST` and the lines of `LIST`, read off
//! the data connection into [`crate::listing::Listing`] entries whose URLs fetch them.

use super::list;
use super::transfer::{CHUNK, DataReader, Failure};
use crate::listing::{Entry, EntryKind};
use crate::net::{Deadline, MAX_LINE, Timeouts, read_line, trim_eol};
use std::io::{self, BufReader};
use std::net::TcpStream;
use uniform::UrlRef;
use uniform::pct::{EncodeSet, encode};
use uniform::schemes::FtpUrl;

/// The most octets a name list (`NLST`) or a `LIST` may hold before the
/// access fails with [`crate::error::AccessErrorKind::TooLong`]: a
/// listing is kept in memory, and a server must not be able to grow it
/// without end.
pub const MAX_LISTING_OCTETS: u64 = crate::listing::MAX_OCTETS;

/// The most entries a name list may hold, for the same reason: short
/// names would otherwise make many small entries out of few octets.
pub const MAX_ENTRIES: usize = crate::listing::MAX_ENTRIES;

/// What a listing's lines are.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Form {
    /// NLST: one name a line.
    Names,
    /// LIST: the server's own form, Unix or MS-DOS as a rule.
    List,
}

/// Reads a name list (NLST) or a LIST reply, one entry a line. A server
/// may repeat NLST's argument in front of each name (vsftpd answers `NLST
/// pub` with `pub/a`; pyftpdlib with `a`): that prefix is taken off, so
/// each name is one entry of the directory.
pub(crate) fn names(
    stream: &mut TcpStream,
    form: Form,
    arg: Option<&[u8]>,
    base: &Bases,
    deadline: Deadline,
    timeouts: &Timeouts,
) -> Result<Vec<Entry>, Failure> {
    let mut r = BufReader::with_capacity(CHUNK, DataReader::new(stream, deadline, timeouts));
    let mut entries = Vec::new();
    let mut line = Vec::new();
    let mut total = 0u64;
    loop {
        let n = match read_line(&mut r, &mut line, MAX_LINE) {
            Ok(0) => break,
            Ok(n) => n,
            Err(e) if e.kind() == io::ErrorKind::InvalidData => {
                return Err(Failure::TooLong(format!(
                    "a name longer than {MAX_LINE} octets"
                )));
            }
            Err(e) => return Err(Failure::Io(e)),
        };
        total += n as u64;
        if total > MAX_LISTING_OCTETS {
            return Err(Failure::TooLong(format!(
                "a name list longer than {MAX_LISTING_OCTETS} octets"
            )));
        }
        let line = trim_eol(&line);
        let entry = match form {
            Form::Names => name_entry(line, arg, base),
            Form::List => list_entry(line, base),
        };
        if let Some(e) = entry {
            if entries.len() == MAX_ENTRIES {
                return Err(Failure::TooLong(format!(
                    "a name list of more than {MAX_ENTRIES} names"
                )));
            }
            entries.push(e);
        }
    }
    Ok(entries)
}

/// The entry of one LIST line, its URL in the directory listed. A line in
/// no form [`list::parse_list_line`] reads is kept as it is, of kind
/// [`EntryKind::Unknown`] and without a URL (its name is not known), except
/// the `total N` line of `ls -l`, which names nothing.
fn list_entry(line: &[u8], base: &Bases) -> Option<Entry> {
    // A line that is not UTF-8 is read one character per octet, so that
    // the name's own octets (`caf\xE9`) go into the URL, %-encoded.
    let text = match std::str::from_utf8(line) {
        Ok(t) => t.to_string(),
        Err(_) => octets(line),
    };
    if text.trim().is_empty() || is_total(&text) {
        return None;
    }
    let back = |s: &str| -> Vec<u8> {
        if text.len() == line.len() {
            s.as_bytes().to_vec()
        } else {
            s.chars()
                .map(|c| u8::try_from(u32::from(c)).unwrap_or(b'?'))
                .collect()
        }
    };
    match list::parse_list_line(&text) {
        Some(e) if e.name == "." || e.name == ".." => None,
        Some(mut e) => {
            let name = back(&e.name);
            e.name = String::from_utf8_lossy(&name).into_owned();
            e.detail = e
                .detail
                .map(|d| String::from_utf8_lossy(&back(&d)).into_owned());
            let url = list::join(&base.listed, &name, e.kind);
            Some(e.url(url))
        }
        None => Some(Entry::new(
            String::from_utf8_lossy(line),
            EntryKind::Unknown,
        )),
    }
}

/// `ls -l`'s first line, `total 12`: a block count, not an entry.
fn is_total(text: &str) -> bool {
    text.strip_prefix("total ")
        .is_some_and(|n| !n.is_empty() && n.trim().bytes().all(|b| b.is_ascii_digit()))
}

/// The entry of one NLST line. NLST says nothing of kinds, so the kind
/// is [`EntryKind::Unknown`] and the URL has no trailing `/`.
fn name_entry(line: &[u8], arg: Option<&[u8]>, base: &Bases) -> Option<Entry> {
    let arg = arg.filter(|a| !a.is_empty());
    if line.is_empty() || line == b"." || line == b".." {
        return None;
    }
    // NLST of a file answers that file's name: it is in the CWDs'
    // directory, not in a directory of its own name.
    if arg == Some(line) {
        return Some(name_in(line, &base.cwd));
    }
    let mut name = line;
    if let Some(a) = arg {
        let a = a.strip_suffix(b"/").unwrap_or(a);
        if let Some(rest) = name.strip_prefix(a).and_then(|r| r.strip_prefix(b"/")) {
            name = rest;
        }
    }
    if name.is_empty() || name == b"." || name == b".." {
        return None;
    }
    Some(name_in(name, &base.listed))
}

/// The entry `name` of the directory whose URL is `dir` (ending in `/`).
/// A name with `/` in it names something further down: one URL segment
/// per path segment, so that the URL's CWDs follow the path.
fn name_in(name: &[u8], dir: &str) -> Entry {
    let mut url = String::from(dir);
    for (i, seg) in name.split(|&b| b == b'/').enumerate() {
        if i > 0 {
            url.push('/');
        }
        url.push_str(&encode(seg, &EncodeSet::FTP_SEGMENT));
    }
    Entry::new(String::from_utf8_lossy(name), EntryKind::Unknown).url(url)
}

/// Octets as the characters of the same code points (ISO 8859-1), so that
/// a name that is not UTF-8 keeps its octets through the LIST parser.
fn octets(bytes: &[u8]) -> String {
    bytes.iter().map(|&b| char::from(b)).collect()
}

/// `user@host:port` of `url`: its authority without the password.
fn authority_without_password(url: &UrlRef<'_>) -> String {
    let auth = url.authority().unwrap_or_default();
    match (url.password(), auth.rfind('@')) {
        (Some(_), Some(at)) => {
            let user = auth[..at].split(':').next().unwrap_or_default();
            format!("{user}@{}", &auth[at + 1..])
        }
        _ => auth.to_string(),
    }
}

/// The URL as given, without its password and fragment: what a listing
/// says it lists (listings go to `--json` output, passwords never do).
pub(crate) fn without_password(url: &UrlRef<'_>) -> String {
    let s = url.without_fragment();
    let auth = url.authority().unwrap_or_default();
    let start = url.scheme().len() + 3;
    match s.get(start..).filter(|rest| rest.starts_with(auth)) {
        Some(rest) => format!(
            "{}{}{}",
            &s[..start],
            authority_without_password(url),
            &rest[auth.len()..]
        ),
        None => s.to_string(),
    }
}

/// Where the URLs of a name list's entries start.
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct Bases {
    /// The directory the plan's CWDs reach, ending in `/`.
    pub(crate) cwd: String,
    /// The directory listed, ending in `/`: `cwd`, then the name when
    /// `NLST` has one (`ftp://h/pub;type=d` lists `ftp://h/pub/`).
    pub(crate) listed: String,
}

/// The directory URLs of `v`'s listing, with its user and without its
/// password.
pub(crate) fn listing_base(v: &FtpUrl<'_>) -> Bases {
    let mut cwd = format!("ftp://{}/", authority_without_password(&v.url()));
    for seg in v.cwd() {
        cwd.push_str(seg.as_str());
        cwd.push('/');
    }
    let mut listed = cwd.clone();
    let name = v.name();
    if !name.as_str().is_empty() {
        listed.push_str(name.as_str());
        listed.push('/');
    }
    Bases { cwd, listed }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nlst_names_lose_the_argument_prefix_and_get_encoded() {
        let root = Bases {
            cwd: "ftp://h/".into(),
            listed: "ftp://h/pub/".into(),
        };
        let base = &root;
        let e = name_entry(b"pub/space and;semicolon.txt", Some(b"pub"), base).unwrap();
        assert_eq!(e.name, "space and;semicolon.txt");
        assert_eq!(
            e.url.as_deref(),
            Some("ftp://h/pub/space%20and%3Bsemicolon.txt")
        );
        let e = name_entry(b"a", Some(b"pub"), base).unwrap();
        assert_eq!(e.url.as_deref(), Some("ftp://h/pub/a"));
        let e = name_entry(b"x/y", None, base).unwrap();
        assert_eq!(e.url.as_deref(), Some("ftp://h/pub/x/y"));
        assert!(name_entry(b"..", None, base).is_none());
        assert!(name_entry(b"", None, base).is_none());
        // NLST of a file gives the file, in the directory of the CWDs.
        let e = name_entry(b"pub", Some(b"pub"), base).unwrap();
        assert_eq!(e.url.as_deref(), Some("ftp://h/pub"));
        let e = name_entry(b"caf\xE9", None, base).unwrap();
        assert_eq!(
            (e.name.as_str(), e.url.as_deref()),
            ("caf\u{FFFD}", Some("ftp://h/pub/caf%E9"))
        );
    }

    #[test]
    fn listing_urls_carry_the_user_and_never_the_password() {
        let url = UrlRef::parse("ftp://u:secret@h:2121/pub/a;type=d#x").unwrap();
        assert_eq!(without_password(&url), "ftp://u@h:2121/pub/a;type=d");
        let b = listing_base(&url.ftp().unwrap());
        assert_eq!(
            (b.cwd.as_str(), b.listed.as_str()),
            ("ftp://u@h:2121/pub/", "ftp://u@h:2121/pub/a/")
        );
        let url = UrlRef::parse("ftp://h").unwrap();
        assert_eq!(listing_base(&url.ftp().unwrap()).listed, "ftp://h/");
        assert_eq!(without_password(&url), "ftp://h");
        let url = UrlRef::parse("ftp://h/pub/").unwrap();
        assert_eq!(listing_base(&url.ftp().unwrap()).listed, "ftp://h/pub/");
    }
}
