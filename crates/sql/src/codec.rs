//! `url_encode(text [, set])` and `url_decode(text)`: percent-encoding by
//! the sets `uniform encode` names (`reserved` by default), and its
//! inverse.

use datafusion::arrow::array::ArrayRef;
use datafusion::common::{Result, exec_err};
use std::borrow::Cow;
use uniform::pct::{self, EncodeSet};

use crate::call::Call;
use crate::slices::Slices;

pub(crate) fn encode(call: &Call<'_>) -> Result<ArrayRef> {
    let texts = call.texts(0)?;
    let sets = call.optional_texts(1)?;
    let mut out = Slices::new(&texts, call.rows);
    for i in 0..call.rows {
        let set = match &sets {
            None => Some(EncodeSet::RESERVED),
            Some(s) => match s.get(i) {
                None => None,
                Some(name) => match EncodeSet::by_name(name) {
                    Some(set) => Some(set),
                    None => {
                        let known: Vec<&str> = EncodeSet::NAMES.iter().map(|(n, _)| *n).collect();
                        return exec_err!(
                            "{}: unknown set '{name}' (one of {})",
                            call.name,
                            known.join(", ")
                        );
                    }
                },
            },
        };
        let (Some(text), Some(set)) = (texts.get(i), set) else {
            out.null();
            continue;
        };
        match pct::encode(text.as_bytes(), &set) {
            Cow::Borrowed(same) => out.piece(i, text, same),
            Cow::Owned(encoded) => out.owned(&encoded),
        }
    }
    out.finish()
}

/// Decodes every `%XX`; NULL when the octets decoded are not UTF-8 (a SQL
/// string cannot hold them, and replacing them would change the data).
pub(crate) fn decode(call: &Call<'_>) -> Result<ArrayRef> {
    let texts = call.texts(0)?;
    let mut out = Slices::new(&texts, call.rows);
    for i in 0..call.rows {
        let Some(text) = texts.get(i) else {
            out.null();
            continue;
        };
        match pct::decode(text.as_bytes()) {
            Cow::Borrowed(_) => out.piece(i, text, text),
            Cow::Owned(bytes) => match std::str::from_utf8(&bytes) {
                Ok(decoded) => out.owned(decoded),
                Err(_) => out.null(),
            },
        }
    }
    out.finish()
}
