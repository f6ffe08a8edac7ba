//! SMTP (placeholder).
use crate::{AccessError, AccessErrorKind, FetchOptions, Fetched, Interaction};
use uniform::plan::Plan;
use uniform::schemes::MailtoUrl;

pub(crate) fn send(_v: &MailtoUrl<'_>, _p: &Plan, _o: &FetchOptions, _ui: &mut dyn Interaction) -> Result<Fetched, AccessError> {
    Err(AccessError::new(AccessErrorKind::Unsupported, "mailto", None, "not yet"))
}
