//! FTP directory listings as [`Listing`]s: the name lists of `NLST` (what
//! the RFC 1738 plan reads) and the `LIST` lines of Unix and MS-DOS
//! servers, for users who hold `LIST` output.
//!
//! # Overview
//!
//! RFC 959 leaves the form of `LIST` output to the server ("the data may
//! be ... in a form suitable for human ... use"); two forms cover nearly
//! every server still running:
//!
//! - Unix `ls -l`: `drwxr-xr-x 2 user group 4096 Dec 20  1994 name`, the
//!   date's last field a year or an `HH:MM` time, symbolic links as
//!   `name -> target`. vsftpd, pyftpdlib, ProFTPD, Pure-FTPd and most
//!   others write it.
//! - MS-DOS (IIS): `12-20-94  10:00AM  <DIR>  name` for a directory and
//!   `12-20-94  10:00AM  1234 name` for a file.
//!
//! Anything else (EPLF, VMS, MLSD facts) gives `None`.
//!
//! Each entry's URL is the directory's URL with the name appended,
//! %-encoded by [`EncodeSet::FTP_SEGMENT`] (so a `/`, `;` or space in a
//! name cannot change the URL's structure), and with a trailing `/` for a
//! directory: RFC 1738 section 3.2.2 reads an empty last segment as a
//! directory to list.
//!
//! # Example: a LIST reply
//!
//! ```
//! use uniform_access::EntryKind;
//! use uniform_access::ftp_list::parse_list;
//! let text = "drwxr-xr-x    3 0        0            4096 Dec 20  1994 a\r\n\
//!             -rw-r--r--    2 0        0              85 Dec 20  1994 space and;semicolon.txt\r\n";
//! let l = parse_list("ftp://127.0.0.1:2121/pub/", text);
//! assert_eq!(l.entries[0].url.as_deref(), Some("ftp://127.0.0.1:2121/pub/a/"));
//! assert_eq!(l.entries[1].kind, EntryKind::File);
//! assert_eq!(l.entries[1].size, Some(85));
//! assert_eq!(l.entries[1].url.as_deref(), Some("ftp://127.0.0.1:2121/pub/space%20and%3Bsemicolon.txt"));
//! ```

use crate::listing::{Entry, EntryKind, Listing};
use uniform::pct::{EncodeSet, encode};

const MONTHS: [&str; 12] = [
    "jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec",
];

/// One line of `LIST` output as an entry (name, kind, size, detail; no
/// URL: see [`parse_list`] or [`child_url`]), or `None` for a line that is
/// neither a Unix nor an MS-DOS listing line (a `total 12` line, a blank
/// line, another server's form).
///
/// The size is given for files only: a directory's or a link's "size" is
/// that of its inode or of the link's text, not of anything one would
/// fetch. The detail holds the mode and the date as the server wrote them
/// (`-rw-r--r-- Dec 20 1994`; `12-20-94 10:00AM` for MS-DOS), then
/// `-> target` for a link.
///
/// # Example
///
/// ```
/// use uniform_access::EntryKind;
/// use uniform_access::ftp_list::parse_list_line;
/// let e = parse_list_line("lrwxrwxrwx 1 root root 7 Jan  2 03:04 latest -> v1.2.3").unwrap();
/// assert_eq!((e.name.as_str(), e.kind), ("latest", EntryKind::Link));
/// assert_eq!(e.detail.as_deref(), Some("lrwxrwxrwx Jan 2 03:04 -> v1.2.3"));
/// let d = parse_list_line("12-20-94  10:00AM       <DIR>          old stuff").unwrap();
/// assert_eq!((d.name.as_str(), d.kind, d.size), ("old stuff", EntryKind::Directory, None));
/// assert!(parse_list_line("total 12").is_none());
/// ```
pub fn parse_list_line(line: &str) -> Option<Entry> {
    let line = line.trim_end_matches(['\r', '\n']);
    parse_unix(line).or_else(|| parse_dos(line))
}

/// A whole `LIST` reply as the listing of `dir_url`: one entry per line
/// that [`parse_list_line`] reads, `.` and `..` left out, each with its
/// [`child_url`].
///
/// # Example
///
/// ```
/// use uniform_access::ftp_list::parse_list;
/// let l = parse_list("ftp://h/pub;type=d", "total 1\n-rw-r--r-- 1 u g 5 Dec 20 1994 x\n");
/// assert_eq!(l.url, "ftp://h/pub;type=d");
/// assert_eq!(l.entries.len(), 1);
/// assert_eq!(l.entries[0].url.as_deref(), Some("ftp://h/pub/x"));
/// ```
pub fn parse_list(dir_url: &str, text: &str) -> Listing {
    let mut listing = Listing::new(dir_url);
    let base = directory_url(dir_url);
    for line in text.lines() {
        let Some(mut e) = parse_list_line(line) else {
            continue;
        };
        if e.name == "." || e.name == ".." {
            continue;
        }
        e.url = Some(join(&base, e.name.as_bytes(), e.kind));
        listing.entries.push(e);
    }
    listing
}

/// The URL of the entry `name` (its octets) of kind `kind` in the
/// directory `dir_url`: the directory's URL (a `;type=d` is dropped and a
/// `/` added when missing), then the name %-encoded by
/// [`EncodeSet::FTP_SEGMENT`], then `/` for a directory.
///
/// # Example
///
/// ```
/// use uniform_access::EntryKind;
/// use uniform_access::ftp_list::child_url;
/// assert_eq!(child_url("ftp://h/pub/", b"a b", EntryKind::Directory), "ftp://h/pub/a%20b/");
/// assert_eq!(child_url("ftp://h/pub;type=d", b"x;y", EntryKind::File), "ftp://h/pub/x%3By");
/// assert_eq!(child_url("ftp://h", b"100%", EntryKind::File), "ftp://h/100%25");
/// ```
pub fn child_url(dir_url: &str, name: &[u8], kind: EntryKind) -> String {
    join(&directory_url(dir_url), name, kind)
}

/// `dir_url` as the prefix its entries' URLs share: no fragment, no
/// `;type=d`, a final `/`.
fn directory_url(dir_url: &str) -> String {
    let mut s = dir_url.split('#').next().unwrap_or_default();
    if let Some(semi) = s.rfind(';') {
        let param = &s[semi + 1..];
        if !param.contains('/') && param.len() >= 5 && param[..5].eq_ignore_ascii_case("type=") {
            s = &s[..semi];
        }
    }
    let mut out = s.to_string();
    // "ftp://h" has no path at all; its root directory is "ftp://h/".
    if !out.ends_with('/') {
        out.push('/');
    }
    out
}

pub(crate) fn join(base: &str, name: &[u8], kind: EntryKind) -> String {
    let mut url = String::with_capacity(base.len() + name.len() + 8);
    url.push_str(base);
    url.push_str(&encode(name, &EncodeSet::FTP_SEGMENT));
    if kind == EntryKind::Directory {
        url.push('/');
    }
    url
}

/// The fields of `line` split on runs of blanks, with where each starts.
fn fields(line: &str) -> impl Iterator<Item = (usize, &str)> {
    let bytes = line.as_bytes();
    let mut i = 0;
    std::iter::from_fn(move || {
        while i < bytes.len() && bytes[i] == b' ' {
            i += 1;
        }
        if i >= bytes.len() {
            return None;
        }
        let start = i;
        while i < bytes.len() && bytes[i] != b' ' {
            i += 1;
        }
        Some((start, &line[start..i]))
    })
}

fn is_month(s: &str) -> bool {
    s.len() == 3 && MONTHS.iter().any(|m| m.eq_ignore_ascii_case(s))
}

fn is_day(s: &str) -> bool {
    matches!(s.parse::<u8>(), Ok(1..=31))
}

fn is_year_or_time(s: &str) -> bool {
    let digits = |t: &str| !t.is_empty() && t.bytes().all(|c| c.is_ascii_digit());
    match s.split_once(':') {
        Some((h, m)) => (1..=2).contains(&h.len()) && m.len() == 2 && digits(h) && digits(m),
        None => s.len() == 4 && digits(s),
    }
}

/// `ls -l` form: a mode, then fields up to the size, then month, day and
/// year-or-time, then one blank and the name as it is. The owner and group
/// fields vary in number between servers (some leave out the group), so
/// the date is found first and the size is the field before it.
fn parse_unix(line: &str) -> Option<Entry> {
    let mode = line.split(' ').next()?;
    let kind = match mode.as_bytes().first()? {
        b'-' => EntryKind::File,
        b'd' => EntryKind::Directory,
        b'l' => EntryKind::Link,
        b'b' | b'c' | b'p' | b's' | b'D' => EntryKind::Other,
        _ => return None,
    };
    // Nine permission letters, maybe followed by an ACL or attribute mark.
    let perms = mode.as_bytes().get(1..10)?;
    if !perms.iter().all(|c| b"rwxsStTlL-".contains(c)) {
        return None;
    }
    let f: Vec<(usize, &str)> = fields(line).take(12).collect();
    // mode, links, owner, [group], size, month, day, year-or-time, name.
    let at = (2..f.len().saturating_sub(2))
        .find(|&i| is_month(f[i].1) && is_day(f[i + 1].1) && is_year_or_time(f[i + 2].1))?;
    let size: u64 = f[at - 1].1.parse().ok()?;
    let (date_end_start, date_end) = f[at + 2];
    let name_start = date_end_start + date_end.len() + 1;
    let rest = line.get(name_start..).filter(|r| !r.is_empty())?;
    let mut detail = format!("{} {} {} {}", mode, f[at].1, f[at + 1].1, date_end);
    let name = match kind {
        EntryKind::Link => match rest.split_once(" -> ") {
            Some((n, target)) => {
                detail.push_str(" -> ");
                detail.push_str(target);
                n
            }
            None => rest,
        },
        _ => rest,
    };
    let mut e = Entry::new(name, kind).detail(detail);
    if kind == EntryKind::File {
        e = e.size(size);
    }
    Some(e)
}

/// MS-DOS (IIS) form: `MM-DD-YY[YY]  HH:MM[AM|PM]  <DIR>|size  name`.
fn parse_dos(line: &str) -> Option<Entry> {
    let mut f = fields(line);
    let (_, date) = f.next()?;
    let (_, time) = f.next()?;
    let (what_at, what) = f.next()?;
    let d = date.as_bytes();
    let date_ok = (d.len() == 8 || d.len() == 10)
        && d[2] == b'-'
        && d[5] == b'-'
        && d.iter()
            .enumerate()
            .all(|(i, c)| i == 2 || i == 5 || c.is_ascii_digit());
    let t = time.trim_end_matches(|c: char| {
        c.eq_ignore_ascii_case(&'a') || c.eq_ignore_ascii_case(&'p') || c.eq_ignore_ascii_case(&'m')
    });
    let time_ok = t.split_once(':').is_some_and(|(h, m)| {
        (1..=2).contains(&h.len())
            && m.len() == 2
            && h.bytes().chain(m.bytes()).all(|c| c.is_ascii_digit())
    });
    if !date_ok || !time_ok {
        return None;
    }
    let name = line[what_at + what.len()..].trim_start_matches(' ');
    if name.is_empty() {
        return None;
    }
    let detail = format!("{date} {time}");
    if what.eq_ignore_ascii_case("<DIR>") {
        return Some(Entry::new(name, EntryKind::Directory).detail(detail));
    }
    // IIS may group digits ("1,234") when so configured.
    let size: u64 = what.replace(',', "").parse().ok()?;
    Some(Entry::new(name, EntryKind::File).size(size).detail(detail))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hh_mm_and_year_both_end_a_date() {
        assert!(is_year_or_time("1994"));
        assert!(is_year_or_time("10:42"));
        assert!(is_year_or_time("9:05"));
        assert!(!is_year_or_time("10:4"));
        assert!(!is_year_or_time("199"));
    }
}
