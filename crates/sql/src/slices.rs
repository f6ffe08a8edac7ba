//! Text results as Arrow string views. A result that is a piece of the
//! row's input (a URL's host, path, query...) points into the input's own
//! buffers: no bytes are copied and nothing is allocated for the row. Only
//! a result the function computed (a canonical form, a decoded value) is
//! copied into the builder.

use datafusion::arrow::array::{ArrayRef, StringViewBuilder};
use datafusion::common::Result;
use std::sync::Arc;

use crate::args::Texts;

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
        // Short values live inside the view itself; a reference would not
        // save anything.
        if len <= 12 {
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
