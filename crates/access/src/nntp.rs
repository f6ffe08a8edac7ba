//! NNTP (placeholder).
use crate::{AccessError, AccessErrorKind, FetchOptions, Fetched, Interaction};
use std::io::Write;
use uniform::UrlRef;
use uniform::plan::Plan;

pub(crate) fn fetch(url: &UrlRef<'_>, _p: &Plan, _o: &FetchOptions, _out: &mut dyn Write, _ui: &mut dyn Interaction) -> Result<Fetched, AccessError> {
    Err(AccessError::new(AccessErrorKind::Unsupported, url.scheme(), url.hostname(), "not yet"))
}
