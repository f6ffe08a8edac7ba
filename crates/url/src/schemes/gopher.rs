//! `gopher` URLs (RFC 1738 section 3.4; RFC 1630 "Gopher").
//!
//! ```text
//! gopherurl      = "gopher://" hostport [ / [ gtype [ selector
//!                  [ "%09" search [ "%09" gopher+_string ] ] ] ] ]
//! gtype          = xchar
//! selector       = *xchar
//! gopher+_string = *xchar
//! ```
//!
//! The `%09` that separates selector, search and Gopher+ string is found
//! on the text as written. A literal TAB (a control character, which the
//! parser reports) separates the same way: both decode to the TAB that the
//! Gopher protocol sends between those fields, and "within the
//! gopher-path, no characters are reserved", so the two cannot mean
//! different things. This is also what Perl's URI does.

use super::build::{
    BuildError, BuildErrorKind, Login, finish, forbidden, login_setters, setter_plumbing,
};
use super::check::{breach, refuse_login, require_host};
use super::encoded::{Encoded, find_decoded, offset_in};
use super::path::path_through_query;
use crate::error::ParseError;
use crate::pct::{self, EncodeSet, encode};
use crate::prelude::*;
use crate::rulebook::Rule;
use crate::sink::Sink;
use crate::table::Component;
use crate::url::Url;
use crate::url::UrlRef;
use core::fmt;

/// A `gopher` URL read by RFC 1738 section 3.4: type, selector, search and
/// Gopher+ string.
///
/// The type is the first character of the gopher-path (an `xchar`, so
/// possibly an escape); with an empty path it is `1`. A selector may start
/// with a copy of the type: `gopher://h/00file` is type `0`, selector
/// `0file`.
///
/// # Example
///
/// ```
/// use uniform::UrlRef;
/// use uniform::schemes::GopherPlus;
///
/// let url = UrlRef::parse("gopher://h.dom/0abc%09%09!+ABSTRACT%20+SMELL")?;
/// let g = url.gopher().unwrap();
/// assert_eq!(g.gopher_type(), b'0');
/// assert_eq!(g.selector().as_str(), "abc");
/// assert_eq!(g.search().unwrap().as_str(), "");
/// let names: Vec<_> = match g.plus_kind().unwrap() {
///     GopherPlus::Attributes { names, .. } => names.map(|n| n.decode_lossy().into_owned()).collect(),
///     other => panic!("{other:?}"),
/// };
/// assert_eq!(names, ["+ABSTRACT", "+SMELL"]);
/// # Ok::<_, uniform::ParseError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct GopherUrl<'a> {
    // Only the URL: the fields are found when asked for, so that the view
    // itself costs nothing and `SchemeUrl` stays the size of a `UrlRef`.
    url: UrlRef<'a>,
}

/// The fields of a gopher-path, as `GopherUrl`'s accessors read them.
#[derive(Clone, Copy)]
struct Parts<'a> {
    gtype: Option<&'a str>,
    selector: &'a str,
    search: Option<&'a str>,
    plus: Option<&'a str>,
}

impl fmt::Debug for GopherUrl<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let p = self.parts();
        f.debug_struct("GopherUrl")
            .field("url", &self.url)
            .field("gtype", &p.gtype)
            .field("selector", &p.selector)
            .field("search", &p.search)
            .field("plus", &p.plus)
            .finish()
    }
}

impl<'a> GopherUrl<'a> {
    #[inline]
    pub(crate) fn new(url: UrlRef<'a>) -> GopherUrl<'a> {
        GopherUrl { url }
    }

    /// The type as written and what follows it.
    #[inline]
    fn type_and_rest(&self) -> Option<(&'a str, &'a str)> {
        let gp = path_through_query(&self.url).filter(|p| !p.is_empty())?;
        let tlen = if gp.as_bytes()[0] == b'%' && pct::escape_value(gp.as_bytes(), 0).is_some() {
            3
        } else {
            gp.chars().next().map_or(1, char::len_utf8)
        };
        Some(gp.split_at(tlen))
    }

    /// Splits the gopher-path at its type and its first two TABs.
    fn parts(&self) -> Parts<'a> {
        let mut g = Parts {
            gtype: None,
            selector: "",
            search: None,
            plus: None,
        };
        let Some((gtype, rest)) = self.type_and_rest() else {
            return g;
        };
        g.gtype = Some(gtype);
        match find_decoded(rest, b'\t') {
            None => g.selector = rest,
            Some((i, n)) => {
                g.selector = &rest[..i];
                let after = &rest[i + n..];
                match find_decoded(after, b'\t') {
                    None => g.search = Some(after),
                    Some((j, m)) => {
                        g.search = Some(&after[..j]);
                        g.plus = Some(&after[j + m..]);
                    }
                }
            }
        }
        g
    }

    /// A builder of `gopher` URLs from decoded parts.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::schemes::GopherUrl;
    /// let url = GopherUrl::builder().host("h").gopher_type(b'0').selector("0file").build()?;
    /// assert_eq!(url.as_str(), "gopher://h/00file");
    /// # Ok::<_, uniform::schemes::BuildError>(())
    /// ```
    pub fn builder() -> GopherBuilder {
        GopherBuilder::new()
    }

    /// The whole URL.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::UrlRef;
    /// assert_eq!(UrlRef::parse("gopher://h/")?.gopher().unwrap().url().host(), Some("h"));
    /// # Ok::<_, uniform::ParseError>(())
    /// ```
    pub fn url(&self) -> UrlRef<'a> {
        self.url
    }

    /// The host.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::UrlRef;
    /// assert_eq!(UrlRef::parse("gopher://h.dom")?.gopher().unwrap().host(), "h.dom");
    /// # Ok::<_, uniform::ParseError>(())
    /// ```
    pub fn host(&self) -> &'a str {
        self.url.host().unwrap_or("")
    }

    /// The port to connect to: the one written, else 70.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::UrlRef;
    /// assert_eq!(UrlRef::parse("gopher://h")?.gopher().unwrap().port(), 70);
    /// # Ok::<_, uniform::ParseError>(())
    /// ```
    pub fn port(&self) -> u16 {
        self.url.port().unwrap_or(70)
    }

    /// The Gopher type, decoded: `b'1'` when the gopher-path is empty.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::UrlRef;
    /// assert_eq!(UrlRef::parse("gopher://h/")?.gopher().unwrap().gopher_type(), b'1');
    /// assert_eq!(UrlRef::parse("gopher://h/7x")?.gopher().unwrap().gopher_type(), b'7');
    /// # Ok::<_, uniform::ParseError>(())
    /// ```
    pub fn gopher_type(&self) -> u8 {
        match self.type_and_rest().map(|(t, _)| t) {
            None => b'1',
            Some(t) => pct::escape_value(t.as_bytes(), 0)
                .filter(|_| t.len() == 3)
                .unwrap_or(t.as_bytes()[0]),
        }
    }

    /// The type as written; `None` when the gopher-path is empty.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::UrlRef;
    /// assert_eq!(UrlRef::parse("gopher://h/%2Bx")?.gopher().unwrap().type_raw().unwrap().as_str(), "%2B");
    /// # Ok::<_, uniform::ParseError>(())
    /// ```
    pub fn type_raw(&self) -> Option<Encoded<'a>> {
        self.type_and_rest().map(|(t, _)| Encoded::new(t))
    }

    /// The selector string, as written (empty for the top-level menu).
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::UrlRef;
    /// let url = UrlRef::parse("gopher://h/1/a%20b%09x")?;
    /// assert_eq!(url.gopher().unwrap().selector().decode_lossy(), "/a b");
    /// # Ok::<_, uniform::ParseError>(())
    /// ```
    pub fn selector(&self) -> Encoded<'a> {
        Encoded::new(self.parts().selector)
    }

    /// The search string after the first `%09` (section 3.4.2); `None`
    /// when there is none.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::UrlRef;
    /// assert!(UrlRef::parse("gopher://h/7s")?.gopher().unwrap().search().is_none());
    /// # Ok::<_, uniform::ParseError>(())
    /// ```
    pub fn search(&self) -> Option<Encoded<'a>> {
        self.parts().search.map(Encoded::new)
    }

    /// The Gopher+ string after the second `%09` (section 3.4.3), as
    /// written; it may hold further encoded TABs, CRs and LFs (section
    /// 3.4.9).
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::UrlRef;
    /// assert_eq!(UrlRef::parse("gopher://h/0a%09%09+")?.gopher().unwrap().plus().unwrap().as_str(), "+");
    /// # Ok::<_, uniform::ParseError>(())
    /// ```
    pub fn plus(&self) -> Option<Encoded<'a>> {
        self.parts().plus.map(Encoded::new)
    }

    /// The Gopher+ string, classified by sections 3.4.4 to 3.4.9.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::UrlRef;
    /// use uniform::schemes::GopherPlus;
    /// let url = UrlRef::parse("gopher://h/0a%09%09+application/postscript%20Es_ES")?;
    /// match url.gopher().unwrap().plus_kind().unwrap() {
    ///     GopherPlus::View { view, language } => {
    ///         assert_eq!(view.as_str(), "application/postscript");
    ///         assert_eq!(language.unwrap().as_str(), "Es_ES");
    ///     }
    ///     other => panic!("{other:?}"),
    /// }
    /// # Ok::<_, uniform::ParseError>(())
    /// ```
    pub fn plus_kind(&self) -> Option<GopherPlus<'a>> {
        self.parts().plus.map(GopherPlus::classify)
    }

    /// The request line a Gopher client sends, decoded, without its CR LF:
    /// selector, then TAB and search, then TAB and the Gopher+ string.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::UrlRef;
    /// let url = UrlRef::parse("gopher://h.dom/7/search%09rfc%201738")?;
    /// assert_eq!(url.gopher().unwrap().request(), b"/search\trfc 1738");
    /// # Ok::<_, uniform::ParseError>(())
    /// ```
    pub fn request(&self) -> Vec<u8> {
        let parts = self.parts();
        let mut out = pct::decode(parts.selector.as_bytes()).into_owned();
        if let Some(s) = parts.search {
            out.push(b'\t');
            out.extend_from_slice(&pct::decode(s.as_bytes()));
            if let Some(p) = parts.plus {
                out.push(b'\t');
                out.extend_from_slice(&pct::decode(p.as_bytes()));
            }
        }
        out
    }
}

/// What a Gopher+ string asks for (RFC 1738 sections 3.4.4 to 3.4.9).
///
/// # Example
///
/// ```
/// use uniform::UrlRef;
/// use uniform::schemes::GopherPlus;
/// let url = UrlRef::parse("gopher://h/1a%09%09?")?;
/// assert!(matches!(url.gopher().unwrap().plus_kind(), Some(GopherPlus::AskItem)));
/// # Ok::<_, uniform::ParseError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum GopherPlus<'a> {
    /// `+`: the item's default view (3.4.4).
    DefaultView,
    /// `?`: an item with a +ASK form (3.4.4, 3.4.5).
    AskItem,
    /// `+<view_name>%20<language_name>`: an alternate view (3.4.8).
    View {
        /// The view name, such as `application/postscript`.
        view: Encoded<'a>,
        /// The language, such as `Es_ES`, when given.
        language: Option<Encoded<'a>>,
    },
    /// `!` or `$`, optionally with attribute names separated by encoded
    /// spaces (3.4.6, 3.4.7).
    Attributes {
        /// `$` (every item of a directory) rather than `!` (this item).
        directory: bool,
        /// The attribute names, such as `+ABSTRACT`; none means all.
        names: AttributeNames<'a>,
    },
    /// `+%09...`: a filled-in +ASK form, what follows the `+` and TAB
    /// (3.4.9), still encoded: decoded it is `1` CR LF `+-1` CR LF, the
    /// values each ended by CR LF, and `.` CR LF.
    Form(Encoded<'a>),
    /// Anything else.
    Other(Encoded<'a>),
}

impl<'a> GopherPlus<'a> {
    fn classify(raw: &'a str) -> GopherPlus<'a> {
        let b = raw.as_bytes();
        // The first character decoded, and the text after it.
        let (first, rest) = match b.first() {
            None => return GopherPlus::Other(Encoded::new(raw)),
            Some(b'%') if pct::escape_value(b, 0).is_some() => {
                (pct::escape_value(b, 0).unwrap_or(0), &raw[3..])
            }
            Some(_) => (b[0], raw.get(1..).unwrap_or("")),
        };
        match first {
            b'+' if rest.is_empty() => GopherPlus::DefaultView,
            b'+' => match find_decoded(rest, b'\t') {
                Some((0, n)) => GopherPlus::Form(Encoded::new(&rest[n..])),
                _ => match find_decoded(rest, b' ') {
                    Some((i, n)) => GopherPlus::View {
                        view: Encoded::new(&rest[..i]),
                        language: Some(Encoded::new(&rest[i + n..])),
                    },
                    None => GopherPlus::View {
                        view: Encoded::new(rest),
                        language: None,
                    },
                },
            },
            b'?' if rest.is_empty() => GopherPlus::AskItem,
            b'!' | b'$' => GopherPlus::Attributes {
                directory: first == b'$',
                names: AttributeNames {
                    rest: Some(rest).filter(|r| !r.is_empty()),
                },
            },
            _ => GopherPlus::Other(Encoded::new(raw)),
        }
    }
}

/// The attribute names of a Gopher+ `!` or `$` string, split at encoded
/// spaces (RFC 1738 section 3.4.7).
///
/// # Example
///
/// ```
/// use uniform::UrlRef;
/// use uniform::schemes::GopherPlus;
/// let url = UrlRef::parse("gopher://h/0a%09%09!")?;
/// let Some(GopherPlus::Attributes { directory, names }) = url.gopher().unwrap().plus_kind() else { panic!() };
/// assert!(!directory);
/// assert_eq!(names.count(), 0);
/// # Ok::<_, uniform::ParseError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct AttributeNames<'a> {
    rest: Option<&'a str>,
}

impl<'a> Iterator for AttributeNames<'a> {
    type Item = Encoded<'a>;

    fn next(&mut self) -> Option<Encoded<'a>> {
        let rest = self.rest?;
        match find_decoded(rest, b' ') {
            Some((i, n)) => {
                self.rest = Some(&rest[i + n..]);
                Some(Encoded::new(&rest[..i]))
            }
            None => {
                self.rest = None;
                Some(Encoded::new(rest))
            }
        }
    }
}

pub(crate) fn validate(v: &GopherUrl<'_>, sink: &mut Sink<'_>) -> Result<(), ParseError> {
    let url = &v.url;
    refuse_login(sink, url, Rule::GopherLogin)?;
    require_host(sink, url, Rule::GopherAuthority)?;
    // Section 3.4.1: a selector holds any octets but TAB, CR and LF. A TAB
    // cannot be in it (it ends it); CR and LF can, literal or encoded.
    let selector = v.parts().selector;
    let sel = selector.as_bytes();
    let base = offset_in(url.as_str(), selector);
    let mut i = 0;
    while i < sel.len() {
        let (octet, len) = match sel[i] {
            b'%' => pct::escape_value(sel, i).map_or((b'%', 1), |o| (o, 3)),
            b => (b, 1),
        };
        if octet == b'\r' || octet == b'\n' {
            breach(sink, url, base + i, Component::Path, Rule::GopherSelector)?;
        }
        i += len;
    }
    Ok(())
}

/// Builds a `gopher` URL from decoded parts (see [`GopherUrl::builder`]).
///
/// Type, selector, search and Gopher+ string are encoded with
/// [`EncodeSet::GOPHER`]; the fields are joined with `%09`. A selector
/// holding TAB, CR or LF is refused (RFC 1738 section 3.4.1), and so is a
/// search holding one: TAB would end it, CR and LF would end the request
/// line. A Gopher+ string may hold all three (section 3.4.9); giving one
/// without a search writes an empty search, as section 3.4.3 requires.
///
/// # Example
///
/// ```
/// use uniform::schemes::GopherUrl;
/// let url = GopherUrl::builder().host("h").gopher_type(b'1').selector("s").plus("+\t1\r\n").build()?;
/// assert_eq!(url.as_str(), "gopher://h/1s%09%09+%091%0D%0A");
/// # Ok::<_, uniform::schemes::BuildError>(())
/// ```
#[derive(Debug)]
pub struct GopherBuilder {
    inner: Result<GopherParts, BuildError>,
}

#[derive(Debug, Default)]
struct GopherParts {
    login: Login,
    gtype: Option<u8>,
    selector: Option<String>,
    search: Option<String>,
    plus: Option<String>,
}

setter_plumbing!(GopherBuilder, GopherParts);
login_setters!(GopherBuilder, GopherUrl, |p| p.login, port: "assert_eq!(GopherUrl::builder().host(\"h\").port(7070).build()?.as_str(), \"gopher://h:7070\");");

fn no_controls(field: &'static str, value: &[u8], which: &[u8]) -> Result<(), BuildError> {
    match forbidden(value, which) {
        Some(b) => Err(BuildError::new(
            BuildErrorKind::ForbiddenOctet,
            field,
            format!(
                "octet {b:#04X}: a Gopher {field} holds no TAB, CR or LF (RFC 1738 section 3.4.1)"
            ),
        )),
        None => Ok(()),
    }
}

impl GopherBuilder {
    /// An empty builder: a host is required.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::schemes::GopherBuilder;
    /// assert_eq!(GopherBuilder::new().host("h").build()?.as_str(), "gopher://h");
    /// # Ok::<_, uniform::schemes::BuildError>(())
    /// ```
    pub fn new() -> GopherBuilder {
        GopherBuilder {
            inner: Ok(GopherParts::default()),
        }
    }

    /// The type (default `1`).
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::schemes::GopherUrl;
    /// assert_eq!(GopherUrl::builder().host("h").gopher_type(b'9').selector("x").build()?.as_str(), "gopher://h/9x");
    /// # Ok::<_, uniform::schemes::BuildError>(())
    /// ```
    pub fn gopher_type(self, gtype: u8) -> GopherBuilder {
        self.and_then(|p| {
            no_controls("type", &[gtype], b"\t\r\n")?;
            p.gtype = Some(gtype);
            Ok(())
        })
    }

    /// The selector (decoded).
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::schemes::GopherUrl;
    /// assert!(GopherUrl::builder().host("h").selector("a\tb").build().is_err());
    /// ```
    pub fn selector(self, selector: impl AsRef<[u8]>) -> GopherBuilder {
        self.and_then(|p| {
            no_controls("selector", selector.as_ref(), b"\t\r\n")?;
            p.selector = Some(encode(selector.as_ref(), &EncodeSet::GOPHER).into_owned());
            Ok(())
        })
    }

    /// The search string (decoded).
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::schemes::GopherUrl;
    /// let url = GopherUrl::builder().host("h").gopher_type(b'7').search("a b").build()?;
    /// assert_eq!(url.as_str(), "gopher://h/7%09a%20b");
    /// # Ok::<_, uniform::schemes::BuildError>(())
    /// ```
    pub fn search(self, search: impl AsRef<[u8]>) -> GopherBuilder {
        self.and_then(|p| {
            no_controls("search", search.as_ref(), b"\t\r\n")?;
            p.search = Some(encode(search.as_ref(), &EncodeSet::GOPHER).into_owned());
            Ok(())
        })
    }

    /// The Gopher+ string (decoded).
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::schemes::GopherUrl;
    /// let url = GopherUrl::builder().host("h").selector("x").plus("!+ABSTRACT +SMELL").build()?;
    /// assert_eq!(url.as_str(), "gopher://h/1x%09%09!+ABSTRACT%20+SMELL");
    /// # Ok::<_, uniform::schemes::BuildError>(())
    /// ```
    pub fn plus(self, plus: impl AsRef<[u8]>) -> GopherBuilder {
        self.and_then(|p| {
            p.plus = Some(encode(plus.as_ref(), &EncodeSet::GOPHER).into_owned());
            Ok(())
        })
    }

    /// The URL.
    ///
    /// # Errors
    ///
    /// The first error of a setter, or a missing host.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::schemes::GopherUrl;
    /// assert!(GopherUrl::builder().selector("x").build().is_err());
    /// ```
    pub fn build(self) -> Result<Url, BuildError> {
        let p = self.inner?;
        let mut s = p.login.write("gopher", false)?;
        let any =
            p.gtype.is_some() || p.selector.is_some() || p.search.is_some() || p.plus.is_some();
        if any {
            s.push('/');
            let t = p.gtype.unwrap_or(b'1');
            s.push_str(&encode(&[t], &EncodeSet::GOPHER));
            s.push_str(p.selector.as_deref().unwrap_or(""));
            if p.search.is_some() || p.plus.is_some() {
                s.push_str("%09");
                s.push_str(p.search.as_deref().unwrap_or(""));
                if let Some(plus) = &p.plus {
                    s.push_str("%09");
                    s.push_str(plus);
                }
            }
        }
        finish(s, |u, sink| validate(&GopherUrl::new(*u), sink))
    }
}

impl Default for GopherBuilder {
    fn default() -> GopherBuilder {
        GopherBuilder::new()
    }
}

#[cfg(test)]
mod tests {
    use super::GopherPlus;
    use crate::{ParseOptions, UrlRef};

    fn kind(s: &str) -> GopherPlus<'_> {
        GopherPlus::classify(s)
    }

    #[test]
    fn plus_strings_of_3_4_4_to_3_4_9() {
        assert_eq!(kind("+"), GopherPlus::DefaultView);
        assert_eq!(kind("?"), GopherPlus::AskItem);
        assert!(matches!(
            kind("!"),
            GopherPlus::Attributes {
                directory: false,
                ..
            }
        ));
        assert!(matches!(
            kind("$"),
            GopherPlus::Attributes {
                directory: true,
                ..
            }
        ));
        assert!(
            matches!(kind("+%091%0D%0A+-1%0D%0Aa%0D%0A.%0D%0A"), GopherPlus::Form(f) if f.as_str().starts_with("1%0D"))
        );
        assert!(
            matches!(kind("+view%20language"), GopherPlus::View { language: Some(l), .. } if l.as_str() == "language")
        );
        assert!(matches!(kind("%2B"), GopherPlus::DefaultView));
        assert!(matches!(kind("x"), GopherPlus::Other(_)));
        assert!(matches!(kind(""), GopherPlus::Other(_)));
    }

    #[test]
    fn literal_tab_splits_like_an_encoded_one() {
        let u = UrlRef::parse("gopher://host/7foo\tbar%20baz").unwrap();
        let g = u.gopher().unwrap();
        assert_eq!(g.selector().as_str(), "foo");
        assert_eq!(g.search().unwrap().decode_lossy(), "bar baz");
    }

    #[test]
    fn selector_with_cr_lf_is_a_violation() {
        let e = ParseOptions::new()
            .strict(true)
            .parse("gopher://h/0a%0Db")
            .unwrap_err();
        assert_eq!((e.rule(), e.offset()), ("selector", 13));
        // The Gopher+ string of a filled-in form holds CR LF lawfully.
        assert!(
            ParseOptions::new()
                .strict(true)
                .parse("gopher://h/1s%09%09+%091%0D%0A")
                .is_ok()
        );
    }

    #[test]
    fn query_is_read_through_under_rfc_3986() {
        let o = ParseOptions::new().dialect(crate::Dialect::Rfc3986);
        let u = o.parse("gopher://h/0what?%09x#f").unwrap();
        let g = u.gopher().unwrap();
        assert_eq!(g.selector().as_str(), "what?");
        assert_eq!(g.search().unwrap().as_str(), "x");
    }
}
