//! Proxies and gateways (placeholder until the proxy work lands).

use uniform::UrlRef;

/// Where URLs go through an HTTP proxy or gateway.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Proxies {}

/// A proxy or gateway URL to send a request through.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Gateway {
    /// The proxy's URL.
    pub url: String,
}

impl Proxies {
    /// The proxy or gateway for `url`, if any.
    pub fn for_url(&self, _url: &UrlRef<'_>) -> Option<Gateway> {
        None
    }
}
