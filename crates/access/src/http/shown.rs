//! How messages show durations and URLs.

use std::time::Duration;
use uniform::UrlRef;

/// A duration for messages: "30 s", "0.5 s".
pub(crate) fn secs(d: Duration) -> String {
    format!("{} s", d.as_secs_f64())
}

/// A URL as messages show it: its password replaced by `****`.
pub(crate) fn shown(url: &UrlRef<'_>) -> String {
    url.masked("****").into_owned()
}
