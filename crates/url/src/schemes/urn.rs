//! `urn` URLs (RFC 1630, URN).
//!
//! RFC 1630 reserves the prefix: "It currently looks as though it will be
//! a short string suitable for encoding in URI syntax, for which case the
//! "urn:" prefix is reserved. The URN shall be encoded precisely as
//! defined in the (future) URN standard", with the example
//! `urn:/iana/dns/ch/cern/cn/techdoc/94/1642-3`. Under RFC 1738 and RFC
//! 1630 the parser notes that the syntax is undefined and checks nothing
//! more. That standard came with RFC 3986's time, as RFC 2141 and RFC 8141:
//!
//! ```text
//! assigned-name = "urn" ":" NID ":" NSS     ; RFC 8141 section 2
//! NID           = (alphanum) 0*30(ldh) alphanum
//! ldh           = alphanum / "-"
//! NSS           = pchar *(pchar / "/")
//! ```
//!
//! which the view reads whenever the text has that form, and which a
//! strict parse under RFC 3986 checks.

use super::check::breach_because;
use super::encoded::{Encoded, offset_in};
use crate::dialect::Dialect;
use crate::error::ParseError;
use crate::rulebook::Rule;
use crate::sink::Sink;
use crate::table::Component;
use crate::url::UrlRef;

/// A `urn` URL: a namespace identifier and a namespace-specific string,
/// when it has RFC 8141's form; else only the name RFC 1630 reserved the
/// prefix for.
///
/// # Example
///
/// ```
/// use uniform::UrlRef;
/// let urn = UrlRef::parse("urn:ietf:rfc:1630")?.urn().unwrap();
/// assert_eq!(urn.namespace().map(|n| n.as_str()), Some("ietf"));
/// assert_eq!(urn.specific_string().as_str(), "rfc:1630");
///
/// // RFC 1630's own example has no namespace identifier.
/// let urn = UrlRef::parse("urn:/iana/dns/ch/cern/cn/techdoc/94/1642-3")?.urn().unwrap();
/// assert_eq!(urn.namespace(), None);
/// assert_eq!(urn.specific_string().as_str(), "/iana/dns/ch/cern/cn/techdoc/94/1642-3");
/// # Ok::<_, uniform::ParseError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct UrnUrl<'a> {
    url: UrlRef<'a>,
}

/// Whether `nid` is an RFC 8141 NID: 2 to 32 letters, digits and `-`,
/// neither first nor last a `-`.
fn is_nid(nid: &[u8]) -> bool {
    (2..=32).contains(&nid.len())
        && nid.iter().all(|&b| b.is_ascii_alphanumeric() || b == b'-')
        && nid[0] != b'-'
        && nid[nid.len() - 1] != b'-'
}

impl<'a> UrnUrl<'a> {
    #[inline]
    pub(crate) fn new(url: UrlRef<'a>) -> UrnUrl<'a> {
        UrnUrl { url }
    }

    /// The whole URL.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::UrlRef;
    /// assert_eq!(UrlRef::parse("URN:a:b")?.urn().unwrap().url().scheme(), "URN");
    /// # Ok::<_, uniform::ParseError>(())
    /// ```
    pub fn url(&self) -> UrlRef<'a> {
        self.url
    }

    /// The name: everything after `urn:` up to any `?` part or fragment.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::UrlRef;
    /// assert_eq!(UrlRef::parse("urn:isbn:0451450523#p")?.urn().unwrap().name().as_str(), "isbn:0451450523");
    /// # Ok::<_, uniform::ParseError>(())
    /// ```
    pub fn name(&self) -> Encoded<'a> {
        Encoded::new(self.name_str())
    }

    /// A slice of the URL's text, also when RFC 3986 reads a `//` as an
    /// authority, so that faults have an offset.
    fn name_str(&self) -> &'a str {
        let ssp = self.url.scheme_specific_part();
        match self.url.query() {
            Some(q) => &ssp[..ssp.len() - q.len() - 1],
            None => ssp,
        }
    }

    fn split(&self) -> Option<(&'a str, &'a str)> {
        let name = self.name_str();
        let (nid, nss) = name.split_once(':')?;
        is_nid(nid.as_bytes()).then_some((nid, nss))
    }

    /// The namespace identifier (RFC 8141's NID), when the name starts
    /// with one and a `:`.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::UrlRef;
    /// assert_eq!(UrlRef::parse("urn:ISBN:0451450523")?.urn().unwrap().namespace().unwrap().as_str(), "ISBN");
    /// assert!(UrlRef::parse("urn:-x:y")?.urn().unwrap().namespace().is_none());
    /// # Ok::<_, uniform::ParseError>(())
    /// ```
    pub fn namespace(&self) -> Option<Encoded<'a>> {
        self.split().map(|(nid, _)| Encoded::new(nid))
    }

    /// The namespace-specific string (RFC 8141's NSS) after the namespace
    /// identifier and its `:`; the whole name when there is none.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::UrlRef;
    /// let urn = UrlRef::parse("urn:example:a%20b/c")?.urn().unwrap();
    /// assert_eq!(urn.specific_string().decode_lossy(), "a b/c");
    /// # Ok::<_, uniform::ParseError>(())
    /// ```
    pub fn specific_string(&self) -> Encoded<'a> {
        match self.split() {
            Some((_, nss)) => Encoded::new(nss),
            None => self.name(),
        }
    }
}

pub(crate) fn validate(v: &UrnUrl<'_>, sink: &mut Sink<'_>) -> Result<(), ParseError> {
    let url = &v.url;
    // Before RFC 3986's time the syntax is undefined (the parser said so).
    if url.dialect() != Dialect::Rfc3986 {
        return Ok(());
    }
    let name = v.name().as_str();
    let base = offset_in(url.as_str(), name);
    let b = name.as_bytes();
    let nid_end = b.iter().position(|&c| c == b':').unwrap_or(b.len());
    let nid = &b[..nid_end];
    let bad = nid
        .iter()
        .position(|&c| !(c.is_ascii_alphanumeric() || c == b'-'));
    let fault = match bad {
        Some(k) => Some((
            k,
            Rule::UrnNid,
            "a namespace identifier is letters, digits and '-'",
        )),
        None if nid.len() < 2 || nid.len() > 32 => Some((
            0,
            Rule::UrnNid,
            "a namespace identifier is 2 to 32 letters, digits and '-'",
        )),
        None if nid[0] == b'-' => Some((
            0,
            Rule::UrnNid,
            "a namespace identifier starts with a letter or digit",
        )),
        None if nid[nid.len() - 1] == b'-' => Some((
            nid.len() - 1,
            Rule::UrnNid,
            "a namespace identifier ends with a letter or digit",
        )),
        None if nid_end == b.len() => Some((
            nid_end,
            Rule::UrnAssignedName,
            "a URN is \"urn:\" NID \":\" NSS: the ':' after the namespace identifier is missing",
        )),
        None if nid_end + 1 == b.len() => Some((
            nid_end + 1,
            Rule::UrnNss,
            "the namespace-specific string is empty",
        )),
        None if b[nid_end + 1] == b'/' => Some((
            nid_end + 1,
            Rule::UrnNss,
            "the namespace-specific string starts with a pchar, not '/'",
        )),
        None => None,
    };
    if let Some((k, rule, detail)) = fault {
        let at = base + k;
        breach_because(sink, url, at, Component::Path, rule, Some(detail))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use crate::dialect::Dialect;
    use crate::options::ParseOptions;

    #[test]
    fn rfc_8141_under_rfc_3986() {
        // RFC 3986 validity, RFC 8141's syntax as advice: a strict parse
        // passes and warns.
        let s = ParseOptions::new().strict(true).dialect(Dialect::Rfc3986);
        let fault = |u: &str| {
            let mut w = Vec::new();
            s.parse_with_warnings(u, &mut w).unwrap();
            w.first().map(|e| (e.rule(), e.offset(), e.is_advice()))
        };
        assert_eq!(fault("urn:isbn:0451450523"), None);
        assert_eq!(fault("urn:example:a/b?+r?=q#f"), None);
        assert_eq!(fault("urn:a_b:x"), Some(("NID", 5, true)));
        assert_eq!(fault("urn:x:y"), Some(("NID", 4, true)));
        assert_eq!(fault("urn:-ab:y"), Some(("NID", 4, true)));
        assert_eq!(fault("urn:ab-:y"), Some(("NID", 6, true)));
        assert_eq!(fault("urn:isbn"), Some(("assigned-name", 8, true)));
        assert_eq!(fault("urn:isbn:"), Some(("NSS", 9, true)));
        assert_eq!(fault("urn:isbn:/x"), Some(("NSS", 9, true)));
        assert_eq!(fault("urn://A"), Some(("NID", 4, true)));
        let mut w = Vec::new();
        s.parse_with_warnings("urn:isbn", &mut w).unwrap();
        assert_eq!(w[0].section(), "RFC 8141 section 2");
    }

    #[test]
    fn reserved_before_rfc_3986() {
        // RFC 1630's example: no syntax to check, a note that there is none.
        for d in [Dialect::Rfc1738, Dialect::Rfc1630] {
            let s = ParseOptions::new().strict(true).dialect(d);
            assert!(
                s.parse("urn:/iana/dns/ch/cern/cn/techdoc/94/1642-3")
                    .is_ok()
            );
            assert!(s.parse("urn:x").is_ok());
        }
    }
}
