//! `mailto` URLs (RFC 1738 section 3.5; RFC 1630 "Mailto").
//!
//! ```text
//! mailtourl      = "mailto:" encoded822addr
//! encoded822addr = 1*xchar               ; further defined in RFC822
//! ```

use super::build::{BuildError, BuildErrorKind, finish, setter_plumbing};
use super::check::{breach, breach_because};
use super::encoded::{Encoded, offset_in};
use crate::dialect::Dialect;
use crate::error::ParseError;
use crate::pct::{self, EncodeSet, encode};
use crate::prelude::*;
use crate::rulebook::Rule;
use crate::sink::Sink;
use crate::table::Component;
use crate::url::Url;
use crate::url::UrlRef;

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

/// RFC 822 section 3.3: `specials = "(" / ")" / "<" / ">" / "@" / "," /
/// ";" / ":" / "\" / <"> / "." / "[" / "]"`.
const SPECIALS: &[u8] = b"()<>@,;:\\\".[]";

/// `atom = 1*<any CHAR except specials, SPACE and CTLs>` (RFC 822 3.3).
fn is_atom_char(b: u8) -> bool {
    b > b' ' && b < 0x7f && !SPECIALS.contains(&b)
}

/// A fault of an addr-spec: where (an index into the decoded address) and
/// what the grammar wanted there.
type Fault = (usize, &'static str);

/// The end of the atom at `i`.
fn atom(a: &[u8], i: usize, what: &'static str) -> Result<usize, Fault> {
    let n = a[i.min(a.len())..]
        .iter()
        .take_while(|&&b| is_atom_char(b))
        .count();
    if n == 0 { Err((i, what)) } else { Ok(i + n) }
}

/// The end of the `quoted-string` (`open` = `"`) or `domain-literal`
/// (`open` = `[`) at `i`. RFC 822 lets `qtext` and `dtext` hold folded
/// whitespace, but a URL carries no header folding: a CR or LF in the
/// address could only end a header line early, and is refused, quoted or
/// not.
fn quoted(a: &[u8], i: usize, close: u8, what: &'static str) -> Result<usize, Fault> {
    let mut j = i + 1;
    loop {
        match a.get(j) {
            None => return Err((j, what)),
            Some(&b) if b == close => return Ok(j + 1),
            Some(b'\\') => match a.get(j + 1) {
                Some(&q) if q < 0x80 && q != b'\r' && q != b'\n' => j += 2,
                _ => return Err((j + 1, "a quoted-pair is \"\\\" and one ASCII character")),
            },
            Some(&b) if b >= 0x80 || b == b'\r' || b == b'\n' => return Err((j, what)),
            // dtext excludes "[" as well as "]".
            Some(b'[') if close == b']' => return Err((j, what)),
            Some(_) => j += 1,
        }
    }
}

/// The first fault of decoded `a` against RFC 822 section 6.1:
/// `addr-spec = local-part "@" domain`, `local-part = word *("." word)`,
/// `word = atom / quoted-string`, `domain = sub-domain *("." sub-domain)`,
/// `sub-domain = domain-ref / domain-literal` (a domain-ref is an atom).
/// RFC 822's comments and white space between tokens belong to header
/// fields, not to the single address a URL names: they are faults here.
pub(crate) fn addr_spec_fault(a: &[u8]) -> Option<Fault> {
    const WORD: &str = "a local-part is words (atoms or quoted strings) joined by \".\"";
    const SUB: &str = "a domain is atoms or domain literals joined by \".\"";
    let word = |i: usize| match a.get(i) {
        Some(b'"') => quoted(
            a,
            i,
            b'"',
            "a quoted string ends with '\"' and holds ASCII, no CR or LF",
        ),
        _ => atom(a, i, WORD),
    };
    let sub_domain = |i: usize| match a.get(i) {
        Some(b'[') => quoted(
            a,
            i,
            b']',
            "a domain literal ends with ']' and holds ASCII, no '[', CR or LF",
        ),
        _ => atom(a, i, SUB),
    };
    let run = || -> Result<(), Fault> {
        let mut i = word(0)?;
        while a.get(i) == Some(&b'.') {
            i = word(i + 1)?;
        }
        if a.get(i) != Some(&b'@') {
            return Err((i, "an addr-spec is a local-part, \"@\" and a domain"));
        }
        i = sub_domain(i + 1)?;
        while a.get(i) == Some(&b'.') {
            i = sub_domain(i + 1)?;
        }
        if i < a.len() {
            return Err((i, SUB));
        }
        Ok(())
    };
    run().err()
}

/// The offset in `encoded` of the decoded byte at `k` (the end of
/// `encoded` past the last one).
pub(crate) fn encoded_offset(encoded: &[u8], k: usize) -> usize {
    let mut i = 0;
    for _ in 0..k {
        if i >= encoded.len() {
            break;
        }
        i += if encoded[i] == b'%' && pct::escape_value(encoded, i).is_some() {
            3
        } else {
            1
        };
    }
    i.min(encoded.len())
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
        return breach(sink, url, at, Component::Path, Rule::MailtoAddress);
    }
    // RFC 6068's "to" is a list: addr-spec *("," addr-spec). RFC 1738 and
    // RFC 1630 name one address.
    if url.dialect() != Dialect::Rfc3986 {
        return check_addr_spec(sink, url, addr, at);
    }
    let mut from = at;
    for one in addr.split(',') {
        check_addr_spec(sink, url, one, from)?;
        from += one.len() + 1;
    }
    Ok(())
}

/// Checks one encoded address of `url`, found at byte `at`.
fn check_addr_spec(
    sink: &mut Sink<'_>,
    url: &UrlRef<'_>,
    addr: &str,
    at: usize,
) -> Result<(), ParseError> {
    match addr_spec_fault(&pct::decode(addr.as_bytes())) {
        Some((k, detail)) => {
            let at = at + encoded_offset(addr.as_bytes(), k);
            breach_because(
                sink,
                url,
                at,
                Component::Path,
                Rule::MailtoAddrSpec,
                Some(detail),
            )
        }
        None => Ok(()),
    }
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
    /// assert_eq!(MailtoUrl::builder().address("\"a b\"@c").build()?.as_str(), "mailto:%22a%20b%22@c");
    /// assert!(MailtoUrl::builder().address("a b@c").build().is_err());
    /// # Ok::<_, uniform::schemes::BuildError>(())
    /// ```
    pub fn address(self, address: impl AsRef<[u8]>) -> MailtoBuilder {
        self.and_then(|p| {
            let a = address.as_ref();
            if addr_spec_fault(a).is_some() {
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
        finish(format!("mailto:{a}"), |u, sink| {
            validate(&MailtoUrl::new(*u), sink)
        })
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
    fn addr_spec_is_rfc822() {
        let s = ParseOptions::new().strict(true);
        assert_eq!(
            s.parse("mailto:javascript:alert()").unwrap_err().rule(),
            "addr-spec"
        );
        assert_eq!(s.parse("mailto:").unwrap_err().rule(), "encoded822addr");
        assert!(s.parse("mailto:a@b").is_ok());
        assert!(s.parse("mailto:a?b@c").is_ok());
        let e = s.parse("mailto:a@b,c@d").unwrap_err();
        assert_eq!((e.rule(), e.offset()), ("addr-spec", 10));
        assert_eq!(s.parse("mailto:a@b%0D%0Ax").unwrap_err().offset(), 10);
        assert!(s.parse("mailto:%22a%5C%22b%22@c").is_ok());
    }
}
