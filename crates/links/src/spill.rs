//! What a crawl keeps on disk rather than in memory: the links of the
//! documents read, each with its document, its place and its URL, in
//! the order the report shows them; and the URLs waiting to be read or
//! checked. Both are written once and read from the start, in an
//! unnamed temporary file that goes when it is dropped.
//!
//! The encoding is the crate's own (a tag, then lengths and octets):
//! nothing else reads it, and a file written by one run is read by the
//! same run only.

use crate::resolve::Unresolved;
use crate::run::Entry;
use crate::{Link, LinkKind, Source};
use std::fs::File;
use std::io::{self, BufReader, BufWriter, Read, Seek, SeekFrom, Write};

/// A document's block begins.
const DOCUMENT: u8 = b'D';
/// A link of the document.
const LINK: u8 = b'L';

/// The links of the documents read so far, on disk.
#[derive(Debug)]
pub(crate) struct Links {
    file: BufWriter<File>,
    count: usize,
}

impl Links {
    /// An empty file.
    pub(crate) fn new() -> io::Result<Links> {
        Ok(Links {
            file: BufWriter::with_capacity(1 << 16, tempfile::tempfile()?),
            count: 0,
        })
    }

    /// Adds the links of the document `source`.
    pub(crate) fn document(&mut self, source: &Source, links: &Block) -> io::Result<()> {
        if links.count == 0 {
            return Ok(());
        }
        let w = &mut self.file;
        w.write_all(&[DOCUMENT])?;
        match source {
            Source::File(p) => {
                w.write_all(&[0])?;
                text(w, &p.to_string_lossy())?;
            }
            Source::Url(u) => {
                w.write_all(&[1])?;
                text(w, u)?;
            }
            Source::Stdin => w.write_all(&[2])?,
        }
        w.write_all(&links.bytes)?;
        self.count += links.count;
        Ok(())
    }

    /// The links written.
    pub(crate) fn len(&self) -> usize {
        self.count
    }

    /// Done writing: the file to read.
    pub(crate) fn finish(self) -> io::Result<Written> {
        let file = self.file.into_inner().map_err(|e| e.into_error())?;
        Ok(Written { file })
    }
}

/// The links of a crawl, written.
#[derive(Debug)]
pub(crate) struct Written {
    file: File,
}

impl Written {
    /// Calls `f` with each link, its document and its URL, in the order
    /// written; the verdict is `f`'s to set (it is `Unchecked` on the
    /// way in).
    pub(crate) fn each(&self, f: &mut dyn FnMut(&mut Entry) -> io::Result<()>) -> io::Result<()> {
        let mut file = self.file.try_clone()?;
        file.seek(SeekFrom::Start(0))?;
        let mut r = BufReader::with_capacity(1 << 16, file);
        let mut document = None;
        let mut tag = [0u8];
        loop {
            match r.read(&mut tag)? {
                0 => return Ok(()),
                _ if tag[0] == DOCUMENT => {
                    document = Some(match byte(&mut r)? {
                        0 => Source::File(read_text(&mut r)?.into()),
                        1 => Source::Url(read_text(&mut r)?),
                        _ => Source::Stdin,
                    });
                }
                _ if tag[0] == LINK => {
                    let (link, url) = read_link(&mut r)?;
                    let document = document
                        .clone()
                        .ok_or_else(|| corrupt("a link before its document"))?;
                    let mut e = Entry {
                        document,
                        link,
                        url,
                        verdict: crate::check::Verdict::Unchecked {
                            reason: String::new(),
                        },
                    };
                    f(&mut e)?;
                }
                _ => return Err(corrupt("an unknown record")),
            }
        }
    }
}

/// The links of one document, each with its URL, as the file holds
/// them: a document of a million links holds them in a few dozen octets
/// each, not in a `Link` and a `String` each.
#[derive(Clone, Debug, Default)]
pub(crate) struct Block {
    bytes: Vec<u8>,
    count: usize,
}

impl Block {
    /// Adds a link.
    pub(crate) fn push(&mut self, link: &Link, url: &Result<String, Unresolved>) {
        let w = &mut self.bytes;
        w.push(LINK);
        // Writing to a Vec fails only when a text has 4 GiB, which no
        // document within its bound has.
        let _ = text(w, &link.text);
        w.extend_from_slice(&link.line.to_le_bytes());
        w.extend_from_slice(&link.column.to_le_bytes());
        w.push(kind_code(link.kind));
        let (tag, t) = match url {
            Ok(u) => (0, u),
            Err(Unresolved::NoBase(why)) => (1, why),
            Err(Unresolved::Invalid(why)) => (2, why),
        };
        w.push(tag);
        let _ = text(w, t);
        self.count += 1;
    }

    /// Calls `f` with each link and its URL, in the order pushed.
    pub(crate) fn each(
        &self,
        mut f: impl FnMut(Link, Result<String, Unresolved>) -> io::Result<()>,
    ) -> io::Result<()> {
        let mut r: &[u8] = &self.bytes;
        while let Some((&tag, rest)) = r.split_first() {
            if tag != LINK {
                return Err(corrupt("an unknown record"));
            }
            r = rest;
            let (link, url) = read_link(&mut r)?;
            f(link, url)?;
        }
        Ok(())
    }
}

/// Reads a link record's fields (its tag read already).
fn read_link(r: &mut impl Read) -> io::Result<(Link, Result<String, Unresolved>)> {
    let text = read_text(r)?;
    let line = u32::from_le_bytes(array(r)?);
    let column = u32::from_le_bytes(array(r)?);
    let kind = kind_of(byte(r)?);
    let url = match byte(r)? {
        0 => Ok(read_text(r)?),
        1 => Err(Unresolved::NoBase(read_text(r)?)),
        _ => Err(Unresolved::Invalid(read_text(r)?)),
    };
    Ok((
        Link {
            text,
            line,
            column,
            kind,
        },
        url,
    ))
}

/// URLs waiting their turn, first in first out, on disk.
#[derive(Debug)]
pub(crate) struct Queue {
    file: BufWriter<File>,
    /// Where the next URL to take begins.
    read_at: u64,
    /// URLs written and not yet taken.
    waiting: usize,
}

impl Queue {
    /// An empty queue.
    pub(crate) fn new() -> io::Result<Queue> {
        Ok(Queue {
            file: BufWriter::new(tempfile::tempfile()?),
            read_at: 0,
            waiting: 0,
        })
    }

    /// Adds `url` at the end.
    pub(crate) fn push(&mut self, url: &str) -> io::Result<()> {
        text(&mut self.file, url)?;
        self.waiting += 1;
        Ok(())
    }

    /// URLs waiting.
    pub(crate) fn len(&self) -> usize {
        self.waiting
    }

    /// The first `n` URLs waiting (fewer when fewer wait), taken off.
    pub(crate) fn take(&mut self, n: usize) -> io::Result<Vec<String>> {
        let n = n.min(self.waiting);
        if n == 0 {
            return Ok(Vec::new());
        }
        self.file.flush()?;
        let file = self.file.get_mut();
        file.seek(SeekFrom::Start(self.read_at))?;
        let mut r = BufReader::new(&*file);
        let mut out = Vec::with_capacity(n);
        for _ in 0..n {
            let url = read_text(&mut r)?;
            self.read_at += 4 + url.len() as u64;
            out.push(url);
        }
        drop(r);
        // What is pushed next goes at the end, past what was read ahead.
        file.seek(SeekFrom::End(0))?;
        self.waiting -= n;
        Ok(out)
    }
}

/// Writes `s` with its length first.
fn text(w: &mut impl Write, s: &str) -> io::Result<()> {
    let len = u32::try_from(s.len()).map_err(|_| corrupt("a text of 4 GiB"))?;
    w.write_all(&len.to_le_bytes())?;
    w.write_all(s.as_bytes())
}

/// Reads what [`text`] wrote.
fn read_text(r: &mut impl Read) -> io::Result<String> {
    let len = u32::from_le_bytes(array(r)?) as usize;
    let mut buf = vec![0; len];
    r.read_exact(&mut buf)?;
    String::from_utf8(buf).map_err(|_| corrupt("a text that is not UTF-8"))
}

fn byte(r: &mut impl Read) -> io::Result<u8> {
    Ok(array::<1>(r)?[0])
}

fn array<const N: usize>(r: &mut impl Read) -> io::Result<[u8; N]> {
    let mut b = [0; N];
    r.read_exact(&mut b)?;
    Ok(b)
}

fn corrupt(what: &str) -> io::Error {
    io::Error::new(
        io::ErrorKind::InvalidData,
        format!("crawl spill file: {what}"),
    )
}

/// Every kind of link, by its code in the file.
const KINDS: [LinkKind; 15] = [
    LinkKind::Href,
    LinkKind::Src,
    LinkKind::Srcset,
    LinkKind::Attribute,
    LinkKind::Inline,
    LinkKind::Reference,
    LinkKind::Autolink,
    LinkKind::Text,
    LinkKind::CssUrl,
    LinkKind::Import,
    LinkKind::Refresh,
    LinkKind::Feed,
    LinkKind::Loc,
    LinkKind::Sitemap,
    LinkKind::Element,
];

/// The code of `kind`: its place in [`KINDS`]. The match has no `_`
/// arm, so that a new kind cannot be left out.
fn kind_code(kind: LinkKind) -> u8 {
    match kind {
        LinkKind::Href => 0,
        LinkKind::Src => 1,
        LinkKind::Srcset => 2,
        LinkKind::Attribute => 3,
        LinkKind::Inline => 4,
        LinkKind::Reference => 5,
        LinkKind::Autolink => 6,
        LinkKind::Text => 7,
        LinkKind::CssUrl => 8,
        LinkKind::Import => 9,
        LinkKind::Refresh => 10,
        LinkKind::Feed => 11,
        LinkKind::Loc => 12,
        LinkKind::Sitemap => 13,
        LinkKind::Element => 14,
    }
}

fn kind_of(code: u8) -> LinkKind {
    KINDS
        .get(usize::from(code))
        .copied()
        .unwrap_or(LinkKind::Href)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kind_reads_back_as_written() {
        for k in KINDS {
            assert_eq!(kind_of(kind_code(k)), k);
        }
    }

    #[test]
    fn links_read_back_in_order_with_their_documents() {
        let link = |text: &str, kind| Link {
            text: text.into(),
            line: 3,
            column: 70_000,
            kind,
        };
        let mut w = Links::new().unwrap();
        let a = Source::Url("http://h/a\u{e9}".into());
        let b = Source::File("docs/b.md".into());
        let mut first = Block::default();
        first.push(&link("x", LinkKind::Srcset), &Ok("http://h/x".into()));
        first.push(
            &link("", LinkKind::Element),
            &Err(Unresolved::NoBase("no base".into())),
        );
        let mut third = Block::default();
        third.push(
            &link("::", LinkKind::Href),
            &Err(Unresolved::Invalid("bad".into())),
        );
        w.document(&a, &first).unwrap();
        w.document(&Source::Stdin, &Block::default()).unwrap();
        w.document(&b, &third).unwrap();
        assert_eq!(w.len(), 3);
        let r = w.finish().unwrap();
        for _ in 0..2 {
            let mut seen = Vec::new();
            r.each(&mut |e| {
                seen.push((e.document.clone(), e.link.clone(), e.url.clone()));
                Ok(())
            })
            .unwrap();
            assert_eq!(seen.len(), 3);
            assert_eq!(seen[0].0, a);
            assert_eq!(seen[0].1, link("x", LinkKind::Srcset));
            assert_eq!(seen[1].2, Err(Unresolved::NoBase("no base".into())));
            assert_eq!(seen[2].0, b);
            assert_eq!(seen[2].2, Err(Unresolved::Invalid("bad".into())));
        }
    }

    #[test]
    fn a_queue_is_first_in_first_out_across_takes() {
        let mut q = Queue::new().unwrap();
        for u in ["a", "b", "c"] {
            q.push(u).unwrap();
        }
        assert_eq!(q.take(2).unwrap(), ["a", "b"]);
        q.push("d").unwrap();
        assert_eq!(q.len(), 2);
        assert_eq!(q.take(10).unwrap(), ["c", "d"]);
        assert!(q.take(1).unwrap().is_empty());
    }
}
