//! File (placeholder).
use crate::{AccessError, AccessErrorKind, FetchOptions, Fetched, Interaction};
use std::io::Write;
use uniform::schemes::FileUrl;

pub(crate) fn fetch(_v: &FileUrl<'_>, _o: &FetchOptions, _out: &mut dyn Write, _ui: &mut dyn Interaction) -> Result<Fetched, AccessError> {
    Err(AccessError::new(AccessErrorKind::Unsupported, "file", None, "not yet"))
}
