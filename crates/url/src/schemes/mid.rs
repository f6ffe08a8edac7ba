//! `mid` URLs (RFC 1630, Message-Id).
//!
//! ```text
//! midaddress = m i d : addr-spec          ; RFC 1630, BNF for specific URL schemes
//! ```
//!
//! "The rest of the URL after the "mid:" is the RFC822 msg-id with the
//! constant <> wrapper removed, leaving an identifier whose format in fact
//! happens to be the same as addr-spec format for mailboxes (though the
//! semantics are different)." RFC 1630 gives no way to name one body part
//! of the message: its Content-Id section says that a content-id would
//! "need to be appended to the message-id of the whole message", and that
//! "A syntax for this has not been defined". So the whole scheme-specific
//! part is the message-id (a `/` in it is an RFC 822 atom character).

use super::check::{breach, breach_because, reserved_by_1738};
use super::encoded::{Encoded, offset_in};
use super::mailto::{addr_spec_fault, encoded_offset};
use crate::error::ParseError;
use crate::pct;
use crate::rulebook::Rule;
use crate::sink::Sink;
use crate::table::Component;
use crate::url::UrlRef;

/// A `mid` URL: the RFC 822 message-id of a mail message, without its `<>`.
///
/// # Example
///
/// ```
/// use uniform::UrlRef;
/// let url = UrlRef::parse("mid:960830.1639@XIson.com")?;
/// let mid = url.mid().unwrap();
/// assert_eq!(mid.message_id().as_str(), "960830.1639@XIson.com");
/// assert_eq!(mid.local_part().as_str(), "960830.1639");
/// assert_eq!(mid.domain().as_str(), "XIson.com");
/// # Ok::<_, uniform::ParseError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct MidUrl<'a> {
    url: UrlRef<'a>,
}

impl<'a> MidUrl<'a> {
    #[inline]
    pub(crate) fn new(url: UrlRef<'a>) -> MidUrl<'a> {
        MidUrl { url }
    }

    /// The whole URL.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::UrlRef;
    /// assert_eq!(UrlRef::parse("MID:a@b")?.mid().unwrap().url().scheme(), "MID");
    /// # Ok::<_, uniform::ParseError>(())
    /// ```
    pub fn url(&self) -> UrlRef<'a> {
        self.url
    }

    /// The message-id: everything after `mid:`, fragment excluded. A `?`
    /// is an atom character of RFC 822, so it stays in the message-id.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::UrlRef;
    /// let url = UrlRef::parse("mid:a%20b@c?d")?;
    /// assert_eq!(url.mid().unwrap().message_id().decode_lossy(), "a b@c?d");
    /// # Ok::<_, uniform::ParseError>(())
    /// ```
    pub fn message_id(&self) -> Encoded<'a> {
        Encoded::new(self.url.scheme_specific_part())
    }

    /// The local-part: the message-id before its last `@` (all of it when
    /// there is no `@`).
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::UrlRef;
    /// assert_eq!(UrlRef::parse("mid:x.y@h")?.mid().unwrap().local_part().as_str(), "x.y");
    /// # Ok::<_, uniform::ParseError>(())
    /// ```
    pub fn local_part(&self) -> Encoded<'a> {
        let id = self.url.scheme_specific_part();
        Encoded::new(id.rfind('@').map_or(id, |at| &id[..at]))
    }

    /// The domain: the message-id after its last `@` (empty when there is
    /// no `@`).
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::UrlRef;
    /// assert_eq!(UrlRef::parse("mid:x.y@h.dom")?.mid().unwrap().domain().as_str(), "h.dom");
    /// # Ok::<_, uniform::ParseError>(())
    /// ```
    pub fn domain(&self) -> Encoded<'a> {
        let id = self.url.scheme_specific_part();
        Encoded::new(id.rfind('@').map_or("", |at| &id[at + 1..]))
    }
}

pub(crate) fn validate(v: &MidUrl<'_>, sink: &mut Sink<'_>) -> Result<(), ParseError> {
    let url = &v.url;
    reserved_by_1738(url, sink)?;
    let id = v.message_id().as_str();
    let at = offset_in(url.as_str(), id);
    if !id.contains('@') {
        return breach(sink, url, at, Component::Path, Rule::MidMessageId);
    }
    if let Some((k, detail)) = addr_spec_fault(&pct::decode(id.as_bytes())) {
        let at = at + encoded_offset(id.as_bytes(), k);
        breach_because(
            sink,
            url,
            at,
            Component::Path,
            Rule::MidMessageId,
            Some(detail),
        )?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use crate::dialect::Dialect;
    use crate::error::ParseErrorKind;
    use crate::options::ParseOptions;

    #[test]
    fn message_ids_are_addr_specs() {
        let s = ParseOptions::new().strict(true).dialect(Dialect::Rfc1630);
        assert!(s.parse("mid:960830.1639@XIson.com").is_ok());
        assert!(s.parse("mid:a+b=c/d@h.dom").is_ok());
        let e = s.parse("mid:nothing").unwrap_err();
        assert_eq!(
            (e.rule(), e.offset(), e.section()),
            ("addr-spec", 4, "RFC 1630, Message-Id")
        );
        let e = s.parse("mid:a..b@h").unwrap_err();
        assert_eq!(
            (e.kind(), e.rule(), e.offset()),
            (ParseErrorKind::SchemeSyntax, "addr-spec", 6)
        );
        let e = s.parse("mid:a@").unwrap_err();
        assert_eq!((e.rule(), e.offset()), ("addr-spec", 6));
    }

    #[test]
    fn fields() {
        let u = ParseOptions::new().parse("mid:a%40b@h#f").unwrap();
        let m = u.mid().unwrap();
        assert_eq!(m.message_id().decode_lossy(), "a@b@h");
        assert_eq!(m.local_part().as_str(), "a%40b");
        assert_eq!(m.domain().as_str(), "h");
        let m = ParseOptions::new().parse("mid:none").unwrap();
        assert_eq!(m.mid().unwrap().domain().as_str(), "");
    }
}
