//! What each format's reading hands back, and the offset bookkeeping
//! the readers share: kept apart from `extract/mod.rs` so that the
//! readers (its children) never import their parent.

use crate::LinkKind;

/// A link found by a format's reading: the byte offset of its first
/// character in the text read, the link, and its kind.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Raw {
    pub(crate) at: usize,
    pub(crate) text: String,
    pub(crate) kind: LinkKind,
}

/// Where the pieces of a text put together stand in the source they were
/// taken from: a piece copied as it is there maps offset by offset, any
/// other (a decoded character reference, an unescaped character) maps
/// to its start.
#[derive(Clone, Debug, Default)]
pub(crate) struct OffsetMap {
    pieces: Vec<Piece>,
}

#[derive(Clone, Copy, Debug)]
struct Piece {
    /// Offset in the text put together.
    at: usize,
    /// Offset in the source.
    src: usize,
    /// Length in the text put together.
    len: usize,
    /// Whether the source holds the same bytes.
    same: bool,
}

impl OffsetMap {
    /// Adds a piece `len` bytes long at `at` in the text, from `src` in the
    /// source; `same` when the source has the same bytes there.
    pub(crate) fn add(&mut self, at: usize, len: usize, src: usize, same: bool) {
        self.pieces.push(Piece { at, src, len, same });
    }

    /// The source offset of offset `at` of the text.
    pub(crate) fn source(&self, at: usize) -> usize {
        let i = self.pieces.partition_point(|p| p.at <= at);
        let Some(p) = i.checked_sub(1).and_then(|i| self.pieces.get(i)) else {
            return self.pieces.first().map_or(0, |p| p.src);
        };
        let d = at - p.at;
        if p.same && d <= p.len {
            p.src + d
        } else {
            p.src
        }
    }

    pub(crate) fn clear(&mut self) {
        self.pieces.clear();
    }
}

/// A text put together from pieces of a source (the text events of a
/// Markdown paragraph, the lines of an HTML block), with where each
/// stands in the source.
#[derive(Clone, Debug, Default)]
pub(crate) struct Pieces {
    pub(crate) text: String,
    pub(crate) map: OffsetMap,
}

impl Pieces {
    /// Appends `s`, which the source has (as it is or in another form) at
    /// `src`.
    pub(crate) fn push(&mut self, s: &str, src: std::ops::Range<usize>, source: &str) {
        if s.is_empty() {
            return;
        }
        let same = source.as_bytes().get(src.clone()) == Some(s.as_bytes());
        self.map.add(self.text.len(), s.len(), src.start, same);
        self.text.push_str(s);
    }

    pub(crate) fn is_empty(&self) -> bool {
        self.text.is_empty()
    }

    pub(crate) fn clear(&mut self) {
        self.text.clear();
        self.map.clear();
    }
}

/// The byte offset in `text` of the first character of a found URL's
/// text: after its wrapper or `URL:` prefix and the white space after
/// them; the start of the match when that cannot be told.
pub(crate) fn url_start(text: &str, found: &uniform::extract::Found<'_>) -> usize {
    use uniform::extract::Delimiter;
    let skip = match found.delimiter {
        Delimiter::Angle => 1,
        Delimiter::UrlWrapper => 5,
        Delimiter::UrlPrefix => 4,
        _ => 0,
    };
    let mut at = found.start + skip;
    if skip > 0 {
        let Some(rest) = text.get(at..found.end.max(at)) else {
            return found.start;
        };
        at += rest.len() - rest.trim_start().len();
    }
    match (text.get(at..), found.url.chars().next()) {
        (Some(rest), Some(c)) if rest.starts_with(c) => at,
        _ => found.start,
    }
}

/// Whether `b` is ASCII white space as the HTML standard has it (tab,
/// line feed, form feed, carriage return, space).
pub(crate) fn is_ascii_ws(b: u8) -> bool {
    matches!(b, b'\t' | b'\n' | b'\x0C' | b'\r' | b' ')
}
