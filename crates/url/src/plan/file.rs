//! `file` URLs (RFC 1738 section 3.10): a file of this machine, opened by
//! the name the plan holds.

use super::step::{Step, Transfer};
use crate::pct;
use crate::prelude::*;
use crate::schemes::file::{FilePathError, FileUrl};
#[cfg(feature = "std")]
use std::path::PathBuf;

/// The local file a `file` URL names.
///
/// # Example
///
/// ```
/// use uniform::{UrlRef, plan::{Dialogue, PlanOptions, plan}};
/// let p = plan(&UrlRef::parse("file:///etc/motd")?, &PlanOptions::default()).unwrap();
/// let Dialogue::File(f) = p.dialogue() else { unreachable!() };
/// assert_eq!(f.path, b"/etc/motd");
/// # Ok::<_, uniform::ParseError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct FilePlan {
    /// The host as written: `""` or `localhost` for this machine.
    pub host: String,
    /// The decoded path, as the plan shows it (`/` at least).
    pub path: Vec<u8>,
    /// The platform's file name for the URL, or why there is none (an
    /// encoded separator, a NUL, another host); the policy refuses a plan
    /// without one, so an approved plan always has it. With the `std`
    /// feature only.
    #[cfg(feature = "std")]
    pub local: Result<PathBuf, FilePathError>,
    /// Without std there is no `PathBuf`: whether there would be a name,
    /// which is all the policy asks.
    #[cfg(not(feature = "std"))]
    local: Result<(), FilePathError>,
}

impl FilePlan {
    /// Whether the URL has a local file name, or why not.
    pub(crate) fn local_name(&self) -> Result<(), &FilePathError> {
        self.local.as_ref().map(|_| ())
    }

    pub(crate) fn render(&self, out: &mut Vec<Step>) {
        out.push(Step::Open(self.path.clone()));
        out.push(Step::Read(Transfer::File));
    }
}

pub(super) fn plan(url: &FileUrl<'_>) -> FilePlan {
    let u = url.url();
    let mut path = pct::decode(u.path_with_slash().as_bytes()).into_owned();
    if path.is_empty() {
        path.push(b'/');
    }
    FilePlan {
        host: u.host().unwrap_or_default().to_string(),
        path,
        #[cfg(feature = "std")]
        local: url.to_local_path(),
        #[cfg(not(feature = "std"))]
        local: url.local_name(),
    }
}
