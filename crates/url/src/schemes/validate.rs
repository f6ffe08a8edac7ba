//! Each scheme's own grammar, run after the generic parse.

use super::{
    CidUrl, FileUrl, FtpUrl, GopherUrl, MailtoUrl, MidUrl, NewsUrl, NntpUrl, ProsperoUrl,
    TelnetUrl, UrnUrl, WaisUrl,
};
use super::{cid, file, ftp, gopher, http, mailto, mid, news, nntp, prospero, telnet, urn, wais};
use crate::error::ParseError;
use crate::scheme::ViewKind;
use crate::sink::Sink;
use crate::url::UrlRef;

/// Checks `url` against its scheme's own grammar (RFC 1738 section 5, RFC
/// 1630 for the schemes only it defines), reporting each violation to
/// `sink`. Runs only when someone listens: a strict parse, or a lenient
/// one that keeps its warnings.
#[inline]
pub(crate) fn validate(url: &UrlRef<'_>, sink: &mut Sink<'_>) -> Result<(), ParseError> {
    // Only the view of the scheme at hand is made: building the whole
    // `SchemeUrl` of `specific()` first cost a strict parse a tenth of
    // its time on plain web URLs.
    // The URL is read in place for `http`, most URLs: a copy into a view,
    // just after the parse stored its fields one by one, is read back in
    // wider loads than were stored and stalls on them (measured: a tenth of
    // a strict parse of kasztp.txt in perf).
    let u = *url;
    match url.view_of_scheme() {
        ViewKind::Ftp => ftp::validate(&FtpUrl::new(u), sink),
        ViewKind::Http => http::validate(url, sink),
        ViewKind::Gopher => gopher::validate(&GopherUrl::new(u), sink),
        ViewKind::Mailto => mailto::validate(&MailtoUrl::new(u), sink),
        ViewKind::News => news::validate(&NewsUrl::new(u), sink),
        ViewKind::Nntp => nntp::validate(&NntpUrl::new(u), sink),
        ViewKind::Telnet => telnet::validate(&TelnetUrl::new(u), sink),
        ViewKind::Wais => wais::validate(&WaisUrl::new(u), sink),
        ViewKind::File => file::validate(&FileUrl::new(u), sink),
        ViewKind::Prospero => prospero::validate(&ProsperoUrl::new(u), sink),
        ViewKind::Mid => mid::validate(&MidUrl::new(u), sink),
        ViewKind::Cid => cid::validate(&CidUrl::new(u), sink),
        ViewKind::Urn => urn::validate(&UrnUrl::new(u), sink),
        // No grammar beyond the generic one: the parser has checked it.
        ViewKind::Generic => Ok(()),
    }
}
