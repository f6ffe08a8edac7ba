//! Gopher menus (RFC 1436 "Menu entity") as listings.
//!
//! Each line is a type character and a display string, then TAB-separated
//! selector, host and port; a Gopher+ server adds a fifth field, `+` (or
//! `?` for an item with an ASK form). The menu ends with a line "." or,
//! from servers such as pygopherd, with the close of the connection.

use crate::listing::{Entry, EntryKind, Listing};
use crate::net::{MAX_LINE, read_line, trim_eol};
use std::io::{self, BufRead};
use uniform::schemes::{GopherUrl, TelnetUrl};
use uniform::{Scheme, UrlRef};

/// The most entries a menu may hold: a listing is kept in memory, and a
/// server that never stops must not grow it without end.
pub(crate) const MAX_ENTRIES: usize = crate::listing::MAX_ENTRIES;

/// The most octets a menu may hold, for the same reason.
pub(crate) const MAX_OCTETS: u64 = crate::listing::MAX_OCTETS;

/// Why a menu could not be read.
#[derive(Debug)]
pub(crate) enum MenuFault {
    /// Reading failed; `InvalidData` is a line longer than [`MAX_LINE`].
    Read(io::Error),
    /// More than [`MAX_ENTRIES`] items, or more than [`MAX_OCTETS`].
    TooMany,
    /// The menu holds only error items (type 3): their text.
    ServerError(Vec<u8>),
    /// The connection closed before a single octet: not even the "."
    /// line an empty menu has (RFC 1436 section 3).
    NoAnswer,
}

/// The kind of entry a gopher type names (RFC 1436 section 3.8, and the
/// types later servers added).
pub(crate) fn kind_of(t: u8) -> EntryKind {
    match t {
        b'1' => EntryKind::Directory,
        b'7' => EntryKind::Search,
        b'8' | b'T' => EntryKind::Session,
        b'i' => EntryKind::Info,
        b'0' | b'4' | b'5' | b'6' | b'9' | b'g' | b'I' | b'h' | b's' | b'd' | b'p' | b'P'
        | b'c' | b';' | b'r' => EntryKind::File,
        // 2 (a CSO phone book), 3 (an error) and types not known here.
        _ => EntryKind::Other,
    }
}

/// Reads a menu to its "." line or the close of the connection.
///
/// # Errors
///
/// See [`MenuFault`].
pub(crate) fn read_menu<R: BufRead + ?Sized>(r: &mut R, url: &str) -> Result<Listing, MenuFault> {
    let mut listing = Listing::new(url);
    let mut buf = Vec::with_capacity(256);
    let mut prev_type = b'0';
    let mut errors: Vec<u8> = Vec::new();
    let mut named = 0usize;
    let mut octets = 0u64;
    loop {
        let n = read_line(r, &mut buf, MAX_LINE).map_err(MenuFault::Read)?;
        if n == 0 {
            break;
        }
        octets += n as u64;
        if octets > MAX_OCTETS {
            return Err(MenuFault::TooMany);
        }
        let line = trim_eol(&buf);
        if line == b"." {
            break;
        }
        if line.is_empty() {
            continue;
        }
        if listing.entries.len() >= MAX_ENTRIES {
            return Err(MenuFault::TooMany);
        }
        let item = Item::parse(line, prev_type);
        if item.gtype != b'+' {
            prev_type = item.gtype;
        }
        match item.gtype {
            b'3' => {
                if !errors.is_empty() {
                    errors.push(b' ');
                }
                errors.extend_from_slice(item.display);
            }
            b'i' => {}
            _ => named += 1,
        }
        listing.entries.push(item.entry());
    }
    if named == 0 && !errors.is_empty() {
        return Err(MenuFault::ServerError(errors));
    }
    if octets == 0 {
        return Err(MenuFault::NoAnswer);
    }
    Ok(listing)
}

/// One menu line, split.
#[derive(Debug)]
pub(crate) struct Item<'a> {
    /// The type character; for a `+` line (another server for the item
    /// above, RFC 1436 section 3.8) the type of that item.
    gtype: u8,
    /// Whether the line was a `+` line.
    mirror: bool,
    display: &'a [u8],
    selector: &'a [u8],
    host: &'a [u8],
    port: Option<u16>,
    /// The Gopher+ field (`+` or `?`), when present.
    plus: Option<&'a [u8]>,
    /// Whether the line has all four fields.
    complete: bool,
}

impl<'a> Item<'a> {
    pub(crate) fn parse(line: &'a [u8], prev_type: u8) -> Item<'a> {
        let (&t, rest) = line.split_first().unwrap_or((&b'i', &[]));
        let mut fields = rest.split(|&b| b == b'\t');
        let display = fields.next().unwrap_or_default();
        let selector = fields.next();
        let host = fields.next();
        let port = fields.next();
        let plus = fields.next().filter(|p| !p.is_empty());
        let (gtype, mirror) = if t == b'+' {
            (prev_type, true)
        } else {
            (t, false)
        };
        Item {
            gtype,
            mirror,
            display,
            selector: selector.unwrap_or_default(),
            host: host.unwrap_or_default(),
            port: port
                .and_then(|p| std::str::from_utf8(p).ok())
                .and_then(|p| p.trim().parse().ok()),
            plus,
            complete: port.is_some(),
        }
    }

    /// The listing entry: the display string as its name, the kind of its
    /// type, the URL that names it, and the type (with the Gopher+ mark)
    /// as its detail.
    pub(crate) fn entry(&self) -> Entry {
        let name = String::from_utf8_lossy(self.display).into_owned();
        let mut e = Entry::new(
            name,
            if self.complete || self.gtype == b'i' {
                kind_of(self.gtype)
            } else {
                EntryKind::Other
            },
        );
        let mut detail = String::new();
        detail.push(if self.mirror { '+' } else { self.gtype as char });
        if let Some(p) = self.plus {
            detail.push_str(&String::from_utf8_lossy(p));
        }
        if !self.complete && self.gtype != b'i' {
            detail.push_str(" (a line without selector, host and port)");
        }
        e = e.detail(detail);
        if let Some(u) = self.url() {
            e = e.url(u);
        }
        e
    }

    /// The URL the item names: gopher for a gopher item, telnet or
    /// tn3270 for a session (its selector is the user name to log in as,
    /// RFC 1436 section 3.8), the URL of an `h` item's `URL:` selector.
    fn url(&self) -> Option<String> {
        if matches!(self.gtype, b'i' | b'3') || !self.complete {
            return None;
        }
        let host = std::str::from_utf8(self.host)
            .ok()
            .filter(|h| !h.is_empty())?;
        let port = self.port.filter(|&p| p != 0)?;
        match self.gtype {
            b'8' | b'T' => {
                let scheme = if self.gtype == b'8' {
                    Scheme::Telnet
                } else {
                    Scheme::Tn3270
                };
                let mut b = TelnetUrl::builder().scheme(scheme).host(host);
                if port != scheme.default_port().unwrap_or(0) {
                    b = b.port(port);
                }
                if !self.selector.is_empty() {
                    b = b.user(self.selector);
                }
                b.build().ok().map(|u| u.as_str().to_string())
            }
            b'h' if self.selector.starts_with(b"URL:") => {
                let target = std::str::from_utf8(&self.selector[4..]).ok()?;
                UrlRef::parse(target).ok().map(|u| u.as_str().to_string())
            }
            _ => {
                let mut b = GopherUrl::builder()
                    .host(host)
                    .gopher_type(self.gtype)
                    .selector(self.selector);
                if port != 70 {
                    b = b.port(port);
                }
                b.build().ok().map(|u| u.as_str().to_string())
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Cursor;

    fn menu(wire: &[u8]) -> Result<Listing, MenuFault> {
        read_menu(&mut Cursor::new(wire.to_vec()), "gopher://h/")
    }

    #[test]
    fn items_become_entries() {
        let l = menu(
            b"iWelcome\t\tnull.host\t1\r\n0About\t/about.txt\th.dom\t70\r\n1Sub dir\t/sub\th.dom\t7070\t+\r\n+Mirror\t/sub\tm.dom\t70\r\n\
              7Find\t/find\th.dom\t70\r\n8Log in\tguest\th.dom\t23\r\n\
              hWeb\tURL:http://w.dom/x\th.dom\t70\r\n.\r\niafter the end\t\t\t\r\n",
        )
        .unwrap();
        let got: Vec<_> = l
            .entries
            .iter()
            .map(|e| {
                (
                    e.name.as_str(),
                    e.kind,
                    e.url.as_deref(),
                    e.detail.as_deref(),
                )
            })
            .collect();
        assert_eq!(
            got,
            [
                ("Welcome", EntryKind::Info, None, Some("i")),
                (
                    "About",
                    EntryKind::File,
                    Some("gopher://h.dom/0/about.txt"),
                    Some("0")
                ),
                (
                    "Sub dir",
                    EntryKind::Directory,
                    Some("gopher://h.dom:7070/1/sub"),
                    Some("1+")
                ),
                (
                    "Mirror",
                    EntryKind::Directory,
                    Some("gopher://m.dom/1/sub"),
                    Some("+")
                ),
                (
                    "Find",
                    EntryKind::Search,
                    Some("gopher://h.dom/7/find"),
                    Some("7")
                ),
                (
                    "Log in",
                    EntryKind::Session,
                    Some("telnet://guest@h.dom/"),
                    Some("8")
                ),
                ("Web", EntryKind::File, Some("http://w.dom/x"), Some("h")),
            ]
        );
    }

    #[test]
    fn a_menu_may_end_with_the_close() {
        let l = menu(b"0a\t/a\th\t70\n0b\t/b\th\t70\n").unwrap();
        assert_eq!(l.entries.len(), 2);
    }

    #[test]
    fn no_answer_at_all_is_no_menu_but_a_lone_dot_is_an_empty_one() {
        assert!(matches!(menu(b""), Err(MenuFault::NoAnswer)));
        assert!(menu(b".\r\n").unwrap().entries.is_empty());
    }

    #[test]
    fn a_menu_of_errors_is_an_error() {
        match menu(b"3'/x' does not exist\t\terror.host\t1\r\n") {
            Err(MenuFault::ServerError(t)) => assert_eq!(t, b"'/x' does not exist"),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn a_line_that_never_ends_is_refused() {
        let wire = vec![b'i'; MAX_LINE + 10];
        match menu(&wire) {
            Err(MenuFault::Read(e)) => assert_eq!(e.kind(), io::ErrorKind::InvalidData),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn odd_lines_do_not_panic() {
        for line in [
            &b"0"[..],
            b"\t\t\t",
            b"1x\ty",
            b"1x\t\t\t",
            b"0x\ts\th\t99999",
            b"0x\ts\th\t70\t+\textra",
            b"\xff\xfe",
        ] {
            let l = menu(line).unwrap();
            assert_eq!(l.entries.len(), 1);
            assert!(l.entries[0].url.is_none() || line.starts_with(b"0x\ts\th\t70"));
        }
    }
}
