//! The lines of NNTP listings as listing entries: the overview of a group
//! (OVER, XOVER), the list of groups (LIST), and bare article numbers
//! (LISTGROUP, or the range of the GROUP reply).

use crate::listing::{Entry, EntryKind};
use uniform::schemes::{NewsUrl, NntpUrl};

/// Where the server is, for the `nntp:` URLs of entries that have no
/// message-id to name them by.
#[derive(Clone, Debug)]
pub(crate) struct Server {
    pub(crate) host: String,
    pub(crate) port: u16,
}

impl Server {
    /// `nntp://host[:port]/group/number`, when the parts make a URL.
    pub(crate) fn article_url(&self, group: &str, number: u64) -> Option<String> {
        let mut b = NntpUrl::builder()
            .host(&self.host)
            .group(group)
            .article(number);
        if self.port != 119 {
            b = b.port(self.port);
        }
        b.build().ok().map(|u| u.as_str().to_string())
    }
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// An overview line (RFC 3977 section 8.3.2): number, subject, from, date,
/// message-id, references, bytes, lines, then optional headers; fields
/// separated by TAB. The entry's name is the subject, its URL
/// `news:<message-id without "<" ">">`, its detail the author and date.
pub(crate) fn overview(line: &[u8], server: &Server, group: &str) -> Entry {
    let f: Vec<&[u8]> = line.split(|&b| b == b'\t').collect();
    let field = |i: usize| f.get(i).copied().unwrap_or_default();
    let number = std::str::from_utf8(field(0))
        .ok()
        .and_then(|n| n.trim().parse::<u64>().ok());
    let mut e = Entry::new(text(field(1)), EntryKind::Article);
    if let Some(size) = std::str::from_utf8(field(6))
        .ok()
        .and_then(|s| s.trim().parse().ok())
    {
        e = e.size(size);
    }
    let id = field(4);
    let id = id
        .strip_prefix(b"<")
        .and_then(|i| i.strip_suffix(b">"))
        .unwrap_or(id);
    let by_id = (!id.is_empty())
        .then(|| NewsUrl::builder().message_id(id).build().ok())
        .flatten();
    let url = match by_id {
        Some(u) => Some(u.as_str().to_string()),
        None => number.and_then(|n| server.article_url(group, n)),
    };
    if let Some(u) = url {
        e = e.url(u);
    }
    e.detail(format!(
        "From: {}; Date: {}",
        text(field(2)),
        text(field(3))
    ))
}

/// A LIST ACTIVE line (RFC 3977 section 7.6.3): group, high, low, status.
/// The entry names the group as `news:group`.
pub(crate) fn group(line: &[u8]) -> Entry {
    let mut words = line
        .split(|&b| b == b' ' || b == b'\t')
        .filter(|w| !w.is_empty());
    let name = text(words.next().unwrap_or_default());
    let high = text(words.next().unwrap_or_default());
    let low = text(words.next().unwrap_or_default());
    let status = text(words.next().unwrap_or_default());
    let url = NewsUrl::builder().group(&name).build().ok();
    let mut e = Entry::new(name, EntryKind::Directory)
        .detail(format!("high {high}, low {low}, status {status}"));
    if let Some(u) = url {
        e = e.url(u.as_str());
    }
    e
}

/// An article known only by its number (LISTGROUP, or a GROUP range).
pub(crate) fn numbered(number: u64, server: &Server, group: &str) -> Entry {
    let mut e = Entry::new(number.to_string(), EntryKind::Article);
    if let Some(u) = server.article_url(group, number) {
        e = e.url(u);
    }
    e
}

#[cfg(test)]
mod tests {
    use super::*;

    fn server() -> Server {
        Server {
            host: "news.example".into(),
            port: 1119,
        }
    }

    #[test]
    fn an_overview_line() {
        let e = overview(
            b"3\tRe: hello\tA <a@b.example>\tSun, 22 Nov 2026 03:53:29 -0000\t<x.1@h.example>\t<y@h.example>\t608\t1\tXref: h g:3",
            &server(),
            "local.test",
        );
        assert_eq!(e.name, "Re: hello");
        assert_eq!(e.kind, EntryKind::Article);
        assert_eq!(e.size, Some(608));
        assert_eq!(e.url.as_deref(), Some("news:x.1@h.example"));
        assert_eq!(
            e.detail.as_deref(),
            Some("From: A <a@b.example>; Date: Sun, 22 Nov 2026 03:53:29 -0000")
        );
    }

    #[test]
    fn an_overview_line_without_a_message_id_names_the_number() {
        let e = overview(b"7\tsubject", &server(), "local.test");
        assert_eq!(
            e.url.as_deref(),
            Some("nntp://news.example:1119/local.test/7")
        );
        assert_eq!(e.size, None);
        let e = overview(b"", &server(), "local.test");
        assert_eq!(e.url, None);
    }

    #[test]
    fn a_group_line() {
        let e = group(b"local.test 0000000003 0000000001 y");
        assert_eq!(e.name, "local.test");
        assert_eq!(e.kind, EntryKind::Directory);
        assert_eq!(e.url.as_deref(), Some("news:local.test"));
        assert_eq!(
            e.detail.as_deref(),
            Some("high 0000000003, low 0000000001, status y")
        );
        // A name that is no RFC 1738 group has no URL.
        assert_eq!(group(b"3com.x 1 1 y").url, None);
    }

    #[test]
    fn a_numbered_article() {
        let e = numbered(
            2,
            &Server {
                host: "h".into(),
                port: 119,
            },
            "g.x",
        );
        assert_eq!(e.url.as_deref(), Some("nntp://h/g.x/2"));
    }
}
