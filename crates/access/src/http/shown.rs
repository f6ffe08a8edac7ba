//! How messages show durations and URLs.

use std::time::Duration;
use uniform::UrlRef;

/// A duration for messages: "30 s", "0.5 s".
pub(crate) fn secs(d: Duration) -> String {
    format!("{} s", d.as_secs_f64())
}

/// A URL as messages show it: its password replaced by `****`.
pub(crate) fn shown(url: &UrlRef<'_>) -> String {
    let s = url.as_str();
    match url.password().filter(|p| !p.is_empty()) {
        Some(p) => {
            let start = p.as_ptr() as usize - s.as_ptr() as usize;
            format!("{}****{}", &s[..start], &s[start + p.len()..])
        }
        None => s.to_string(),
    }
}
