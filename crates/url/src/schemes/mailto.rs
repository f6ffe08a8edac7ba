//! `mailto` URLs (RFC 1738 section 3.5; RFC 1630 "Mailto").
//!
//! ```text
//! mailtourl      = "mailto:" encoded822addr
//! encoded822addr = 1*xchar               ; further defined in RFC822
//! ```

use super::build::{BuildError, BuildErrorKind, finish, setter_plumbing};
use super::encoded::{Encoded, offset_in};
use super::report;
use crate::error::ParseError;
use crate::parser::Sink;
use crate::pct::{self, EncodeSet, encode};
use crate::table::Component;
use crate::{Url, UrlRef};

/// A `mailto` URL: an RFC 822 addr-spec (RFC 1738 section 3.5).
///
/// "Within mailto URLs, there are no reserved characters", so the address
/// is everything after `mailto:`; only under RFC 3986 or RFC 1630 does a
/// `?` end it (RFC 6068's header fields, given by [`MailtoUrl::headers`]).
///
/// # Example
///
/// ```
/// use uniform::UrlRef;
/// let url = UrlRef::parse("mailto:gorby%25kremvax@example.com")?;
/// assert_eq!(url.mailto().unwrap().address().decode_lossy(), "gorby%kremvax@example.com");
/// # Ok::<_, uniform::ParseError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct MailtoUrl<'a> {
    url: UrlRef<'a>,
}

/// Whether decoded `addr` is `local-part "@" domain` with both sides
/// non-empty.
fn is_addr_spec(addr: &[u8]) -> bool {
    matches!(addr.iter().rposition(|&b| b == b'@'), Some(at) if at > 0 && at + 1 < addr.len())
}

impl<'a> MailtoUrl<'a> {
    #[inline]
    pub(crate) fn new(url: UrlRef<'a>) -> MailtoUrl<'a> {
        MailtoUrl { url }
    }

    /// A builder of `mailto` URLs from a decoded address.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::schemes::MailtoUrl;
    /// let url = MailtoUrl::builder().address("gorby%kremvax@example.com").build()?;
    /// assert_eq!(url.as_str(), "mailto:gorby%25kremvax@example.com");
    /// # Ok::<_, uniform::schemes::BuildError>(())
    /// ```
    pub fn builder() -> MailtoBuilder {
        MailtoBuilder::new()
    }

    /// The whole URL.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::UrlRef;
    /// assert_eq!(UrlRef::parse("mailto:a@b")?.mailto().unwrap().url().scheme(), "mailto");
    /// # Ok::<_, uniform::ParseError>(())
    /// ```
    pub fn url(&self) -> UrlRef<'a> {
        self.url
    }

    /// The addr-spec as written.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::UrlRef;
    /// assert_eq!(UrlRef::parse("mailto:libwww-perl@ics.uci.edu")?.mailto().unwrap().address().as_str(), "libwww-perl@ics.uci.edu");
    /// # Ok::<_, uniform::ParseError>(())
    /// ```
    pub fn address(&self) -> Encoded<'a> {
        let ssp = self.url.scheme_specific_part();
        Encoded::new(match self.url.query() {
            Some(q) => &ssp[..ssp.len() - q.len() - 1],
            None => ssp,
        })
    }

    /// The header fields after `?` (RFC 6068), which only RFC 3986 and
    /// RFC 1630 read as such.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::{Dialect, ParseOptions};
    /// let url = ParseOptions::new().dialect(Dialect::Rfc3986).parse("mailto:a@b?subject=x")?;
    /// assert_eq!(url.mailto().unwrap().headers().unwrap().as_str(), "subject=x");
    /// # Ok::<_, uniform::ParseError>(())
    /// ```
    pub fn headers(&self) -> Option<Encoded<'a>> {
        self.url.query().map(Encoded::new)
    }

    /// The local-part and the domain of the decoded address, split at its
    /// last `@`; `None` when the address has no `@` with text on both sides.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::UrlRef;
    /// let url = UrlRef::parse("mailto:a%40b@h.dom")?;
    /// let (local, domain) = url.mailto().unwrap().split().unwrap();
    /// assert_eq!((&local[..], &domain[..]), (&b"a@b"[..], &b"h.dom"[..]));
    /// # Ok::<_, uniform::ParseError>(())
    /// ```
    pub fn split(&self) -> Option<(Vec<u8>, Vec<u8>)> {
        let d = self.address().decode();
        if !is_addr_spec(&d) {
            return None;
        }
        let at = d.iter().rposition(|&b| b == b'@')?;
        Some((d[..at].to_vec(), d[at + 1..].to_vec()))
    }
}

pub(crate) fn validate(v: &MailtoUrl<'_>, sink: &mut Sink<'_>) -> Result<(), ParseError> {
    let url = &v.url;
    let addr = v.address().as_str();
    let at = offset_in(url.as_str(), addr);
    if addr.is_empty() {
        return report(
            sink,
            url,
            at,
            Component::Path,
            "encoded822addr",
            "RFC 1738 section 5",
            "a mailto URL needs an address",
        );
    }
    if !is_addr_spec(&pct::decode(addr.as_bytes())) {
        report(
            sink,
            url,
            at,
            Component::Path,
            "addr-spec",
            "RFC 1738 section 3.5",
            "an RFC 822 addr-spec is a local-part, \"@\" and a domain",
        )?;
    }
    Ok(())
}

/// Builds a `mailto` URL from a decoded address (see [`MailtoUrl::builder`]).
///
/// The address is encoded with [`EncodeSet::MAILTO`]: `%` becomes `%25`
/// (RFC 1738 section 3.5), nothing else of RFC 822 is reserved.
///
/// # Example
///
/// ```
/// use uniform::schemes::{BuildErrorKind, MailtoUrl};
/// let err = MailtoUrl::builder().address("no-at-sign").build().unwrap_err();
/// assert_eq!(err.kind(), BuildErrorKind::BadValue);
/// ```
#[derive(Debug)]
pub struct MailtoBuilder {
    inner: Result<Option<String>, BuildError>,
}

setter_plumbing!(MailtoBuilder, Option<String>);

impl MailtoBuilder {
    /// An empty builder: an address is required.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::schemes::MailtoBuilder;
    /// assert!(MailtoBuilder::new().build().is_err());
    /// ```
    pub fn new() -> MailtoBuilder {
        MailtoBuilder { inner: Ok(None) }
    }

    /// The addr-spec (decoded): a local-part, `@` and a domain.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::schemes::MailtoUrl;
    /// assert_eq!(MailtoUrl::builder().address("a b@c").build()?.as_str(), "mailto:a%20b@c");
    /// # Ok::<_, uniform::schemes::BuildError>(())
    /// ```
    pub fn address(self, address: impl AsRef<[u8]>) -> MailtoBuilder {
        self.and_then(|p| {
            let a = address.as_ref();
            if !is_addr_spec(a) {
                return Err(BuildError::new(
                    BuildErrorKind::BadValue,
                    "address",
                    "an RFC 822 addr-spec is a local-part, \"@\" and a domain (RFC 1738 section 3.5)",
                ));
            }
            *p = Some(encode(a, &EncodeSet::MAILTO).into_owned());
            Ok(())
        })
    }

    /// The URL.
    ///
    /// # Errors
    ///
    /// The first error of a setter, or no address.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::schemes::MailtoUrl;
    /// assert_eq!(MailtoUrl::builder().address("x@y").build()?.as_str(), "mailto:x@y");
    /// # Ok::<_, uniform::schemes::BuildError>(())
    /// ```
    pub fn build(self) -> Result<Url, BuildError> {
        let Some(a) = self.inner? else {
            return Err(BuildError::new(
                BuildErrorKind::MissingPart,
                "address",
                "a mailto URL needs an address",
            ));
        };
        finish(format!("mailto:{a}"))
    }
}

impl Default for MailtoBuilder {
    fn default() -> MailtoBuilder {
        MailtoBuilder::new()
    }
}

#[cfg(test)]
mod tests {
    use crate::ParseOptions;

    #[test]
    fn addr_spec_needs_an_at() {
        let s = ParseOptions::new().strict(true);
        assert_eq!(
            s.parse("mailto:javascript:alert()").unwrap_err().rule(),
            "addr-spec"
        );
        assert_eq!(s.parse("mailto:").unwrap_err().rule(), "encoded822addr");
        assert!(s.parse("mailto:a@b").is_ok());
        assert!(s.parse("mailto:a?b@c").is_ok());
    }
}
