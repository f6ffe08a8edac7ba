//! Schemes read by the generic syntax alone: experimental `x-` names, the
//! names RFC 1738 section 4 reserves without a syntax (`afs`, `nfs`,
//! `mailserver`, `z39.50`), and every scheme the seeds do not name. Any
//! URL also has this view ([`crate::UrlRef::generic`]).

use super::encoded::Encoded;
use crate::scheme::Scheme;
use crate::url::UrlRef;

/// A URL of a scheme with no view of its own: its scheme-specific part.
///
/// # Example
///
/// ```
/// use uniform::{Scheme, UrlRef};
/// let url = UrlRef::parse("urn:/iana/dns/ch/cern/cn/techdoc/94/1642-3")?;
/// let g = url.generic();
/// assert_eq!(g.scheme(), Scheme::Urn);
/// assert_eq!(g.scheme_specific_part().as_str(), "/iana/dns/ch/cern/cn/techdoc/94/1642-3");
/// assert!(!g.has_defined_syntax());
/// # Ok::<_, uniform::ParseError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct GenericUrl<'a> {
    url: UrlRef<'a>,
}

impl<'a> GenericUrl<'a> {
    #[inline]
    pub(crate) fn new(url: UrlRef<'a>) -> GenericUrl<'a> {
        GenericUrl { url }
    }

    /// The whole URL.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::UrlRef;
    /// assert_eq!(UrlRef::parse("x-foo:bar")?.generic().url().scheme(), "x-foo");
    /// # Ok::<_, uniform::ParseError>(())
    /// ```
    pub fn url(&self) -> UrlRef<'a> {
        self.url
    }

    /// The scheme, classified.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::{Scheme, UrlRef};
    /// assert_eq!(UrlRef::parse("x-foo:bar")?.generic().scheme(), Scheme::Experimental);
    /// # Ok::<_, uniform::ParseError>(())
    /// ```
    pub fn scheme(&self) -> Scheme {
        self.url.scheme_kind()
    }

    /// Everything after the scheme's `:`, fragment excluded.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::UrlRef;
    /// assert_eq!(UrlRef::parse("cid:foo4*foo1@bar.net#x")?.generic().scheme_specific_part().as_str(), "foo4*foo1@bar.net");
    /// # Ok::<_, uniform::ParseError>(())
    /// ```
    pub fn scheme_specific_part(&self) -> Encoded<'a> {
        Encoded::new(self.url.scheme_specific_part())
    }

    /// Whether the seeds define the scheme's syntax (`mid` and `cid` by
    /// RFC 1630); `false` for `urn`, the reserved names, `x-` and others.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::UrlRef;
    /// assert!(UrlRef::parse("mid:a@b")?.generic().has_defined_syntax());
    /// assert!(!UrlRef::parse("afs://cell/x")?.generic().has_defined_syntax());
    /// # Ok::<_, uniform::ParseError>(())
    /// ```
    pub fn has_defined_syntax(&self) -> bool {
        self.scheme().has_defined_syntax()
    }

    /// Whether the scheme name starts with `x-`: experimental, "by mutual
    /// agreement between parties" (RFC 1738 section 4).
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::UrlRef;
    /// assert!(UrlRef::parse("X-Private:data")?.generic().is_experimental());
    /// # Ok::<_, uniform::ParseError>(())
    /// ```
    pub fn is_experimental(&self) -> bool {
        self.scheme() == Scheme::Experimental
    }
}

#[cfg(test)]
mod tests {
    use crate::{Dialect, ParseErrorKind, ParseOptions};

    #[test]
    fn mid_and_cid() {
        let s = ParseOptions::new().strict(true).dialect(Dialect::Rfc1630);
        assert!(s.parse("mid:960830.1639@XIson.com").is_ok());
        assert_eq!(s.parse("mid:nothing").unwrap_err().rule(), "addr-spec");
        assert_eq!(s.parse("cid:").unwrap_err().rule(), "content-identifier");
    }

    #[test]
    fn rfc_1738_reserves_mid_cid_tn3270() {
        for u in ["mid:a@b", "cid:x", "tn3270://h"] {
            let mut w = Vec::new();
            ParseOptions::new().parse_with_warnings(u, &mut w).unwrap();
            assert_eq!(w.len(), 1, "{u}");
            assert_eq!(w[0].kind(), ParseErrorKind::UndefinedSyntax);
            assert_eq!(w[0].section(), "RFC 1738 section 4");
            // A warning only: strict parsing accepts it.
            assert!(ParseOptions::new().strict(true).parse(u).is_ok());
        }
        let mut w = Vec::new();
        ParseOptions::new()
            .dialect(Dialect::Rfc1630)
            .parse_with_warnings("mid:a@b", &mut w)
            .unwrap();
        assert!(w.is_empty());
    }
}
