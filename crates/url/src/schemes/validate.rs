//! Each scheme's own grammar, run after the generic parse.

use super::specific::SchemeUrl;
use super::{cid, file, ftp, gopher, http, mailto, mid, news, nntp, prospero, telnet, urn, wais};
use crate::error::ParseError;
use crate::sink::Sink;
use crate::url::UrlRef;

/// Checks `url` against its scheme's own grammar (RFC 1738 section 5, RFC
/// 1630 for the schemes only it defines), reporting each violation to
/// `sink`. Runs only when someone listens: a strict parse, or a lenient
/// one that keeps its warnings.
pub(crate) fn validate(url: &UrlRef<'_>, sink: &mut Sink<'_>) -> Result<(), ParseError> {
    match url.specific() {
        SchemeUrl::Ftp(v) => ftp::validate(&v, sink),
        SchemeUrl::Http(v) => http::validate(&v, sink),
        SchemeUrl::Gopher(v) => gopher::validate(&v, sink),
        SchemeUrl::Mailto(v) => mailto::validate(&v, sink),
        SchemeUrl::News(v) => news::validate(&v, sink),
        SchemeUrl::Nntp(v) => nntp::validate(&v, sink),
        SchemeUrl::Telnet(v) => telnet::validate(&v, sink),
        SchemeUrl::Wais(v) => wais::validate(&v, sink),
        SchemeUrl::File(v) => file::validate(&v, sink),
        SchemeUrl::Prospero(v) => prospero::validate(&v, sink),
        SchemeUrl::Mid(v) => mid::validate(&v, sink),
        SchemeUrl::Cid(v) => cid::validate(&v, sink),
        SchemeUrl::Urn(v) => urn::validate(&v, sink),
        // No grammar beyond the generic one: the parser has checked it.
        SchemeUrl::Generic(_) => Ok(()),
    }
}
