//! `url_extract(text)`: the URLs found in a text, in order, as a list
//! (`unnest` makes rows of them). The same finder as `uniform extract`:
//! `<URL:...>` wrappers taken off, lines broken inside a URL joined, a bare
//! `www.` host given its scheme.

use datafusion::arrow::array::{ArrayRef, ListBuilder, StringBuilder};
use datafusion::common::Result;
use std::sync::Arc;
use uniform::extract::Finder;

use crate::call::Call;

pub(crate) fn extract(call: &Call<'_>) -> Result<ArrayRef> {
    let texts = call.texts(0)?;
    let finder = Finder::new();
    let mut out = ListBuilder::new(StringBuilder::new());
    for i in 0..call.rows {
        match texts.get(i) {
            Some(text) => {
                for found in finder.find_iter(text) {
                    out.values().append_value(found.absolute());
                }
                out.append(true);
            }
            None => out.append(false),
        }
    }
    Ok(Arc::new(out.finish()))
}
