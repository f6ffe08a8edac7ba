//! Text results as Arrow string views. A result that is a piece of the
//! row's input (a URL's path, query...) longer than [`COPY_UP_TO`] bytes
//! points into the input's own buffers: nothing is copied or allocated
//! for the row. Shorter pieces (most hosts) and results the function
//! computed (a canonical form, a decoded value) are copied into the
//! builder's blocks, which grow a block at a time, never a row at a time.

use datafusion::arrow::array::{ArrayRef, StringViewBuilder};
use datafusion::common::Result;
use std::sync::Arc;

use crate::args::Texts;

/// The longest piece copied rather than referenced. Arrow checks the bytes
/// of a reference for UTF-8 again (its safe API cannot know they are a
/// `&str`), and for short pieces that costs more than copying them:
/// measured on the host group-by of scripts/bench-sql.sh, copying up to 32
/// bytes took 4% off the query (0.88 s against 0.92 s, medians of 7
/// interleaved runs).
pub(crate) const COPY_UP_TO: usize = 32;

/// Builds a `Utf8View` column whose values may borrow from `source`.
pub(crate) struct Slices<'a> {
    builder: StringViewBuilder,
    source: &'a Texts<'a>,
    /// The index of the source's first buffer among the builder's blocks.
    first_block: u32,
}

impl<'a> Slices<'a> {
    pub(crate) fn new(source: &'a Texts<'a>, rows: usize) -> Slices<'a> {
        let mut builder = StringViewBuilder::with_capacity(rows);
        let mut first_block = u32::MAX;
        let mut take = |buffer: &datafusion::arrow::buffer::Buffer| {
            let block = builder.append_block(buffer.clone());
            first_block = first_block.min(block);
        };
        match source {
            Texts::Utf8(a) => take(a.values()),
            Texts::Large(a) => take(a.values()),
            Texts::View(a) => a.data_buffers().iter().for_each(take),
            Texts::Const(_) => {}
        }
        Slices {
            builder,
            source,
            first_block,
        }
    }

    pub(crate) fn null(&mut self) {
        self.builder.append_null();
    }

    /// Appends `part`, a piece of row `i`'s source text `whole`, by
    /// reference where the source's bytes live in a buffer.
    #[inline]
    pub(crate) fn piece(&mut self, i: usize, whole: &str, part: &str) {
        let len = part.len();
        // Up to 12 bytes a value lives inside the view itself. Up to
        // COPY_UP_TO a copy costs less than a reference, whose bytes the
        // builder checks again for UTF-8 (it cannot know they are a &str).
        if len <= COPY_UP_TO {
            self.builder.append_value(part);
            return;
        }
        // Only a piece that lies inside the row's text can be referenced.
        let delta = (part.as_ptr() as usize).wrapping_sub(whole.as_ptr() as usize);
        if delta > whole.len() || whole.len() - delta < len {
            self.builder.append_value(part);
            return;
        }
        let located = match self.source {
            Texts::Utf8(a) => Some((0, a.value_offsets()[i] as usize)),
            Texts::Large(a) => usize::try_from(a.value_offsets()[i])
                .ok()
                .map(|start| (0, start)),
            Texts::View(a) => {
                // Longer than 12 bytes, so the value is in a buffer: the
                // view holds its buffer index and offset.
                let view = a.views()[i];
                Some(((view >> 64) as u32, (view >> 96) as u32 as usize))
            }
            Texts::Const(_) => None,
        };
        let appended = located.is_some_and(|(buffer, start)| {
            let block = self.first_block.saturating_add(buffer);
            match (u32::try_from(start + delta), u32::try_from(len)) {
                (Ok(offset), Ok(len)) => self.builder.try_append_view(block, offset, len).is_ok(),
                _ => false,
            }
        });
        if !appended {
            self.builder.append_value(part);
        }
    }

    /// Appends a computed value (copied).
    #[inline]
    pub(crate) fn owned(&mut self, value: &str) {
        self.builder.append_value(value);
    }

    pub(crate) fn finish(mut self) -> Result<ArrayRef> {
        Ok(Arc::new(self.builder.finish()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use datafusion::arrow::array::{Array, StringViewArray};

    #[test]
    fn a_long_piece_points_into_the_input_and_a_short_one_is_copied() {
        let long_path = "/a/path/longer/than/thirty-two/bytes/index.html";
        let url = format!("http://host.example{long_path}");
        let input = StringViewArray::from(vec![url.as_str(), url.as_str()]);
        let texts = Texts::View(&input);
        let mut out = Slices::new(&texts, 2);
        let whole = input.value(0);
        out.piece(0, whole, &whole[whole.len() - long_path.len()..]);
        out.piece(1, whole, &whole[7..19]);
        let array = out.finish().unwrap();
        let got = array.as_any().downcast_ref::<StringViewArray>().unwrap();
        assert_eq!(got.value(0), long_path);
        assert_eq!(got.value(1), "host.example");
        // Row 0's view names a block that is the input's own buffer.
        let block = (got.views()[0] >> 64) as u32 as usize;
        let input_data = input.data_buffers()[0].as_ptr();
        assert_eq!(got.data_buffers()[block].as_ptr(), input_data);
        // A 12-byte piece sits in the view itself: no block at all.
        assert!(got.value(1).len() <= 12);
        // A piece of 13 to 32 bytes is copied to a block of the builder's.
        let mut out = Slices::new(&texts, 1);
        let host = &whole[7..(7 + "host.example/a/path/long".len())];
        assert!(host.len() > 12 && host.len() <= COPY_UP_TO);
        out.piece(0, whole, host);
        let array = out.finish().unwrap();
        let got = array.as_any().downcast_ref::<StringViewArray>().unwrap();
        assert_eq!(got.value(0), host);
        let block = (got.views()[0] >> 64) as u32 as usize;
        assert_ne!(got.data_buffers()[block].as_ptr(), input_data);
    }
}
