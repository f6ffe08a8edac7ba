//! Telnet (placeholder).
use crate::{AccessError, AccessErrorKind, FetchOptions, Fetched, Interaction};
use uniform::plan::Plan;
use uniform::schemes::TelnetUrl;

pub(crate) fn session(_v: &TelnetUrl<'_>, _p: &Plan, _o: &FetchOptions, _ui: &mut dyn Interaction) -> Result<Fetched, AccessError> {
    Err(AccessError::new(AccessErrorKind::Unsupported, "telnet", None, "not yet"))
}
