//! `cid` URLs (RFC 1630, Content-Id).
//!
//! ```text
//! cidaddress = c i d : content-identifier  ; RFC 1630, BNF for specific URL schemes
//! ```
//!
//! "The second scheme, "cid:", is similar to "mid:", but makes reference to
//! a body part of a MIME message by the value of its content-id field."
//! RFC 1630 does not define `content-identifier` further; the view gives it
//! whole.

use super::check::{breach, reserved_by_1738};
use super::encoded::{Encoded, offset_in};
use crate::error::ParseError;
use crate::rulebook::Rule;
use crate::sink::Sink;
use crate::table::Component;
use crate::url::UrlRef;

/// A `cid` URL: the Content-ID of a MIME body part, meaningful within one
/// MIME message only.
///
/// # Example
///
/// ```
/// use uniform::UrlRef;
/// let url = UrlRef::parse("cid:foo4*foo1@bar.net")?;
/// assert_eq!(url.cid().unwrap().content_id().as_str(), "foo4*foo1@bar.net");
/// # Ok::<_, uniform::ParseError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CidUrl<'a> {
    url: UrlRef<'a>,
}

impl<'a> CidUrl<'a> {
    #[inline]
    pub(crate) fn new(url: UrlRef<'a>) -> CidUrl<'a> {
        CidUrl { url }
    }

    /// The whole URL.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::UrlRef;
    /// assert_eq!(UrlRef::parse("cid:x")?.cid().unwrap().url().as_str(), "cid:x");
    /// # Ok::<_, uniform::ParseError>(())
    /// ```
    pub fn url(&self) -> UrlRef<'a> {
        self.url
    }

    /// The content-identifier: everything after `cid:`, fragment excluded.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::UrlRef;
    /// let url = UrlRef::parse("cid:part%201@h#top")?;
    /// assert_eq!(url.cid().unwrap().content_id().decode_lossy(), "part 1@h");
    /// # Ok::<_, uniform::ParseError>(())
    /// ```
    pub fn content_id(&self) -> Encoded<'a> {
        Encoded::new(self.url.scheme_specific_part())
    }
}

pub(crate) fn validate(v: &CidUrl<'_>, sink: &mut Sink<'_>) -> Result<(), ParseError> {
    let url = &v.url;
    reserved_by_1738(url, sink)?;
    let id = v.content_id().as_str();
    if id.is_empty() {
        let at = offset_in(url.as_str(), id);
        breach(sink, url, at, Component::Path, Rule::CidContentId)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use crate::dialect::Dialect;
    use crate::options::ParseOptions;

    #[test]
    fn a_content_id_is_needed() {
        let s = ParseOptions::new().strict(true).dialect(Dialect::Rfc1630);
        assert!(s.parse("cid:x").is_ok());
        let e = s.parse("cid:").unwrap_err();
        assert_eq!((e.rule(), e.offset()), ("content-identifier", 4));
    }
}
