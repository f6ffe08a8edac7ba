//! The plan of a URL as an access error when there is none: the safety
//! policy's refusal, a scheme without access, missing configuration.

use crate::error::{AccessError, AccessErrorKind};
use crate::options::FetchOptions;
use uniform::UrlRef;
use uniform::plan::{self, Plan};

/// The plan for `url`, or the error that refuses it, as an access error.
///
/// # Errors
///
/// [`AccessErrorKind::Refused`] when the safety policy refuses the URL,
/// [`AccessErrorKind::Unsupported`] when its scheme has no access
/// algorithm, [`AccessErrorKind::Config`] when configuration is missing.
///
/// # Example
///
/// ```
/// use uniform::UrlRef;
/// use uniform_access::{AccessErrorKind, FetchOptions, plan_for};
/// let url = UrlRef::parse("news:comp.lang.rust")?;
/// let e = plan_for(&url, &FetchOptions::default()).unwrap_err();
/// assert!(matches!(e.kind(), AccessErrorKind::Config(_)));
/// # Ok::<_, uniform::ParseError>(())
/// ```
pub fn plan_for(url: &UrlRef<'_>, opts: &FetchOptions) -> Result<Plan, AccessError> {
    let scheme = url.scheme();
    let host = url.hostname();
    let p = plan::plan(url, &opts.plan).map_err(|e| {
        let kind = match e.rule() {
            Some(rule) => AccessErrorKind::Refused(rule),
            None => AccessErrorKind::Unsupported,
        };
        AccessError::new(kind, scheme, host, e.to_string())
    })?;
    // Every missing piece in one message, as `uniform plan` names them:
    // one fix, not one run per piece.
    let missing = p.missing();
    if let Some(&m) = missing.first() {
        let what: Vec<String> = missing
            .iter()
            .map(|m| format!("the {} ({})", m.what(), m.configure()))
            .collect();
        let none: Vec<String> = missing.iter().map(|m| format!("no {}", m.what())).collect();
        return Err(AccessError::new(
            AccessErrorKind::Config(m),
            scheme,
            host,
            format!(
                "{} configured: set {}",
                none.join(" and "),
                what.join(" and ")
            ),
        ));
    }
    Ok(p)
}
