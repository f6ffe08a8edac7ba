//! Typed views of the schemes of the seeds (placeholder: filled by the
//! schemes work).

use crate::error::ParseError;
use crate::parser::Sink;
use crate::url::UrlRef;

/// Checks `url` against its scheme's own grammar (RFC 1738 section 5),
/// reporting each violation to `sink`. Runs only when someone listens:
/// a strict parse, or a lenient one that keeps its warnings.
pub(crate) fn validate(_url: &UrlRef<'_>, _sink: &mut Sink<'_>) -> Result<(), ParseError> {
    Ok(())
}
