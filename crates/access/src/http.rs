//! HTTP and HTTPS (placeholder).
use crate::proxy::Gateway;
use crate::{AccessError, AccessErrorKind, FetchOptions, Fetched, Interaction};
use std::io::Write;
use uniform::UrlRef;

pub(crate) fn fetch(url: &UrlRef<'_>, _o: &FetchOptions, _out: &mut dyn Write, _ui: &mut dyn Interaction) -> Result<Fetched, AccessError> {
    Err(AccessError::new(AccessErrorKind::Unsupported, url.scheme(), url.hostname(), "not yet"))
}

pub(crate) fn through_proxy(url: &UrlRef<'_>, _g: &Gateway, _o: &FetchOptions, _out: &mut dyn Write, _ui: &mut dyn Interaction) -> Result<Fetched, AccessError> {
    Err(AccessError::new(AccessErrorKind::Unsupported, url.scheme(), url.hostname(), "not yet"))
}
