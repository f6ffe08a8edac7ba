//! FTP (placeholder).
use crate::{AccessError, AccessErrorKind, FetchOptions, Fetched, Interaction};
use std::io::Write;
use uniform::plan::Plan;
use uniform::schemes::FtpUrl;

pub(crate) fn fetch(v: &FtpUrl<'_>, _p: &Plan, _o: &FetchOptions, _out: &mut dyn Write, _ui: &mut dyn Interaction) -> Result<Fetched, AccessError> {
    Err(AccessError::new(AccessErrorKind::Unsupported, "ftp", Some(v.host()), "not yet"))
}
