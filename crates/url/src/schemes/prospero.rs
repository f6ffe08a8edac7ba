//! `prospero` URLs (RFC 1738 section 3.11; RFC 1630 "Prospero").
//!
//! ```text
//! prosperourl = "prospero://" hostport "/" ppath *[ fieldspec ]
//! ppath       = psegment *[ "/" psegment ]
//! psegment    = *[ uchar | "?" | ":" | "@" | "&" | "=" ]
//! fieldspec   = ";" fieldname "=" fieldvalue
//! fieldname   = *[ uchar | "?" | ":" | "@" | "&" ]
//! fieldvalue  = *[ uchar | "?" | ":" | "@" | "&" ]
//! ```
//!
//! RFC 1630 writes an optional version after the hsoname, separated by
//! `%00` ("an escaped string terminator"): `hsoname [ %00 version
//! [ attributes ] ]`. A NUL ends a Prospero name anyway, so the view reads
//! `%00` that way under every dialect: [`ProsperoUrl::hsoname`] is the name
//! before it, [`ProsperoUrl::version`] what follows, up to the first `;`.

use super::build::{
    BuildError, BuildErrorKind, Login, finish, forbidden, login_setters, setter_plumbing,
};
use super::check::{breach, check_reserved, refuse_login, require_host};
use super::encoded::{Encoded, offset_in};
use super::path::path_through_query;
use crate::error::ParseError;
use crate::pct::{EncodeSet, encode};
use crate::prelude::*;
use crate::rulebook::Rule;
use crate::sink::Sink;
use crate::table::Component;
use crate::url::Url;
use crate::url::UrlRef;
use core::fmt;

/// A `prospero` URL: the hsoname and `;field=value` pairs (RFC 1738
/// section 3.11).
///
/// # Example
///
/// ```
/// use uniform::UrlRef;
/// let url = UrlRef::parse("prospero://host.dom//pros/name;OBJECT-VERSION=2")?;
/// let p = url.prospero().unwrap();
/// assert_eq!(p.hsoname().as_str(), "/pros/name");
/// let fields: Vec<_> = p.fields().map(|(n, v)| (n.as_str(), v.as_str())).collect();
/// assert_eq!(fields, [("OBJECT-VERSION", "2")]);
/// assert_eq!(p.port(), 1525);
/// # Ok::<_, uniform::ParseError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct ProsperoUrl<'a> {
    // Only the URL: the fields are found when asked for, so that the view
    // itself costs nothing and `SchemeUrl` stays the size of a `UrlRef`.
    url: UrlRef<'a>,
}

impl fmt::Debug for ProsperoUrl<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (ppath, fields) = self.split();
        f.debug_struct("ProsperoUrl")
            .field("url", &self.url)
            .field("ppath", &ppath)
            .field("fields", &fields)
            .finish()
    }
}

impl<'a> ProsperoUrl<'a> {
    #[inline]
    pub(crate) fn new(url: UrlRef<'a>) -> ProsperoUrl<'a> {
        ProsperoUrl { url }
    }

    /// The ppath, up to the first `;`, and the `field=value...` part
    /// after that `;`.
    #[inline]
    fn split(&self) -> (&'a str, Option<&'a str>) {
        let p = path_through_query(&self.url).unwrap_or("");
        match p.split_once(';') {
            Some((ppath, fields)) => (ppath, Some(fields)),
            None => (p, None),
        }
    }

    /// A builder of `prospero` URLs.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::schemes::ProsperoUrl;
    /// let url = ProsperoUrl::builder().host("host.dom").hsoname("/pros/name").build()?;
    /// assert_eq!(url.as_str(), "prospero://host.dom//pros/name");
    /// # Ok::<_, uniform::schemes::BuildError>(())
    /// ```
    pub fn builder() -> ProsperoBuilder {
        ProsperoBuilder::new()
    }

    /// The whole URL.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::UrlRef;
    /// assert_eq!(UrlRef::parse("prospero://h/x")?.prospero().unwrap().url().host(), Some("h"));
    /// # Ok::<_, uniform::ParseError>(())
    /// ```
    pub fn url(&self) -> UrlRef<'a> {
        self.url
    }

    /// The Prospero server.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::UrlRef;
    /// assert_eq!(UrlRef::parse("prospero://h.dom/x")?.prospero().unwrap().host(), "h.dom");
    /// # Ok::<_, uniform::ParseError>(())
    /// ```
    pub fn host(&self) -> &'a str {
        self.url.host().unwrap_or("")
    }

    /// The port: the one written, else 1525.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::UrlRef;
    /// assert_eq!(UrlRef::parse("prospero://h:191/x")?.prospero().unwrap().port(), 191);
    /// # Ok::<_, uniform::ParseError>(())
    /// ```
    pub fn port(&self) -> u16 {
        self.url.port().unwrap_or(1525)
    }

    fn split_version(&self) -> (&'a str, Option<&'a str>) {
        let ppath = self.split().0;
        match ppath.find("%00") {
            Some(i) => (&ppath[..i], Some(&ppath[i + 3..])),
            None => (ppath, None),
        }
    }

    /// The `<hsoname>` as written: opaque, `/` of no significance; it may
    /// start with `/` (then two slashes follow the host).
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::UrlRef;
    /// assert_eq!(UrlRef::parse("prospero://h/a%3Bb;f=v")?.prospero().unwrap().hsoname().decode_lossy(), "a;b");
    /// # Ok::<_, uniform::ParseError>(())
    /// ```
    pub fn hsoname(&self) -> Encoded<'a> {
        Encoded::new(self.split_version().0)
    }

    /// RFC 1630's version (and attributes) after `%00`, as written.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::UrlRef;
    /// let url = UrlRef::parse("prospero://h/pros/name%0012")?;
    /// let p = url.prospero().unwrap();
    /// assert_eq!(p.hsoname().as_str(), "pros/name");
    /// assert_eq!(p.version().unwrap().as_str(), "12");
    /// # Ok::<_, uniform::ParseError>(())
    /// ```
    pub fn version(&self) -> Option<Encoded<'a>> {
        self.split_version().1.map(Encoded::new)
    }

    /// The `;<field>=<value>` pairs, in order; a pair without `=` gives an
    /// empty value.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::UrlRef;
    /// let url = UrlRef::parse("prospero://h/x;a=1;b")?;
    /// let f: Vec<_> = url.prospero().unwrap().fields().map(|(n, v)| (n.as_str(), v.as_str())).collect();
    /// assert_eq!(f, [("a", "1"), ("b", "")]);
    /// # Ok::<_, uniform::ParseError>(())
    /// ```
    pub fn fields(&self) -> impl Iterator<Item = (Encoded<'a>, Encoded<'a>)> + 'a {
        self.split()
            .1
            .into_iter()
            .flat_map(|f| f.split(';'))
            .map(|spec| match spec.find('=') {
                Some(i) => (Encoded::new(&spec[..i]), Encoded::new(&spec[i + 1..])),
                None => (Encoded::new(spec), Encoded::new(&spec[spec.len()..])),
            })
    }
}

pub(crate) fn validate(v: &ProsperoUrl<'_>, sink: &mut Sink<'_>) -> Result<(), ParseError> {
    let url = &v.url;
    let s = url.as_str();
    refuse_login(sink, url, Rule::ProsperoLogin)?;
    require_host(sink, url, Rule::ProsperoAuthority)?;
    if url.path().is_none() {
        let at = url.without_fragment().len();
        return breach(sink, url, at, Component::Path, Rule::ProsperoPath);
    }
    check_reserved(
        sink,
        url,
        v.split().0,
        b"/?:@&=",
        Component::Path,
        "psegment",
        "RFC 1738 section 5",
        "\";\" ends the hsoname",
    )?;
    if let Some(ver) = v.version()
        && !ver
            .as_str()
            .as_bytes()
            .first()
            .is_some_and(u8::is_ascii_digit)
    {
        let at = offset_in(s, ver.as_str());
        breach(sink, url, at, Component::Path, Rule::ProsperoVersion)?;
    }
    if let Some(fields) = v.split().1 {
        for spec in fields.split(';') {
            let at = offset_in(s, spec);
            match spec.find('=') {
                None => breach(sink, url, at, Component::Path, Rule::ProsperoField)?,
                Some(i) => {
                    let detail = "a field name or value holds no '/', ';' or '='";
                    check_reserved(
                        sink,
                        url,
                        &spec[..i],
                        b"?:@&",
                        Component::Path,
                        "fieldname",
                        "RFC 1738 section 5",
                        detail,
                    )?;
                    check_reserved(
                        sink,
                        url,
                        &spec[i + 1..],
                        b"?:@&",
                        Component::Path,
                        "fieldvalue",
                        "RFC 1738 section 5",
                        detail,
                    )?;
                }
            }
        }
    }
    Ok(())
}

/// What an hsoname must encode: `;` ends it; `/` stays (it has no
/// significance, and an hsoname starting with `/` is written `//`).
const HSONAME: EncodeSet = EncodeSet::UNSAFE.add_all(b";?");

/// Builds a `prospero` URL (see [`ProsperoUrl::builder`]). The hsoname is
/// encoded but for its `/`; field names and values with
/// [`EncodeSet::PROSPERO_FIELD`]. An hsoname holding NUL is refused: `%00`
/// separates RFC 1630's version.
///
/// # Example
///
/// ```
/// use uniform::schemes::ProsperoUrl;
/// let url = ProsperoUrl::builder().host("h").hsoname("a;b").field("OBJECT-VERSION", "1=2").build()?;
/// assert_eq!(url.as_str(), "prospero://h/a%3Bb;OBJECT-VERSION=1%3D2");
/// # Ok::<_, uniform::schemes::BuildError>(())
/// ```
#[derive(Debug)]
pub struct ProsperoBuilder {
    inner: Result<ProsperoParts, BuildError>,
}

#[derive(Debug, Default)]
struct ProsperoParts {
    login: Login,
    hsoname: String,
    version: Option<String>,
    fields: Vec<(String, String)>,
}

setter_plumbing!(ProsperoBuilder, ProsperoParts);
login_setters!(ProsperoBuilder, ProsperoUrl, |p| p.login, port: "assert_eq!(ProsperoUrl::builder().host(\"h\").port(191).build()?.as_str(), \"prospero://h:191/\");");

impl ProsperoBuilder {
    /// An empty builder: a host is required.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::schemes::ProsperoBuilder;
    /// assert_eq!(ProsperoBuilder::new().host("h").build()?.as_str(), "prospero://h/");
    /// # Ok::<_, uniform::schemes::BuildError>(())
    /// ```
    pub fn new() -> ProsperoBuilder {
        ProsperoBuilder {
            inner: Ok(ProsperoParts::default()),
        }
    }

    /// The hsoname (decoded).
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::schemes::ProsperoUrl;
    /// assert!(ProsperoUrl::builder().host("h").hsoname("a\0b").build().is_err());
    /// ```
    pub fn hsoname(self, hsoname: impl AsRef<[u8]>) -> ProsperoBuilder {
        self.and_then(|p| {
            if forbidden(hsoname.as_ref(), b"\0").is_some() {
                return Err(BuildError::new(
                    BuildErrorKind::ForbiddenOctet,
                    "hsoname",
                    "a NUL ends a Prospero name (RFC 1630: %00 separates the version)",
                ));
            }
            p.hsoname = encode(hsoname.as_ref(), &HSONAME).into_owned();
            Ok(())
        })
    }

    /// RFC 1630's version number, written after `%00`.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::schemes::ProsperoUrl;
    /// assert_eq!(ProsperoUrl::builder().host("h").hsoname("x").version(3).build()?.as_str(), "prospero://h/x%003");
    /// # Ok::<_, uniform::schemes::BuildError>(())
    /// ```
    pub fn version(self, version: u64) -> ProsperoBuilder {
        self.and_then(|p| {
            p.version = Some(version.to_string());
            Ok(())
        })
    }

    /// Appends a `;field=value` pair (decoded).
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::schemes::ProsperoUrl;
    /// assert_eq!(ProsperoUrl::builder().host("h").field("a", "b").build()?.as_str(), "prospero://h/;a=b");
    /// # Ok::<_, uniform::schemes::BuildError>(())
    /// ```
    pub fn field(self, name: impl AsRef<[u8]>, value: impl AsRef<[u8]>) -> ProsperoBuilder {
        self.and_then(|p| {
            p.fields.push((
                encode(name.as_ref(), &EncodeSet::PROSPERO_FIELD).into_owned(),
                encode(value.as_ref(), &EncodeSet::PROSPERO_FIELD).into_owned(),
            ));
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
    /// use uniform::schemes::ProsperoUrl;
    /// assert!(ProsperoUrl::builder().hsoname("x").build().is_err());
    /// ```
    pub fn build(self) -> Result<Url, BuildError> {
        let p = self.inner?;
        let mut s = p.login.write("prospero", false)?;
        s.push('/');
        s.push_str(&p.hsoname);
        if let Some(v) = &p.version {
            s.push_str("%00");
            s.push_str(v);
        }
        for (n, v) in &p.fields {
            s.push(';');
            s.push_str(n);
            s.push('=');
            s.push_str(v);
        }
        finish(s, |u, sink| validate(&ProsperoUrl::new(*u), sink))
    }
}

impl Default for ProsperoBuilder {
    fn default() -> ProsperoBuilder {
        ProsperoBuilder::new()
    }
}

#[cfg(test)]
mod tests {
    use crate::{Dialect, ParseOptions};

    #[test]
    fn rules() {
        let s = ParseOptions::new().strict(true);
        assert!(s.parse("prospero://host.dom//pros/name").is_ok());
        assert!(s.parse("prospero://h/x;OBJECT-VERSION=2").is_ok());
        assert_eq!(
            s.parse("prospero://u@h/x").unwrap_err().rule(),
            "prosperourl"
        );
        assert_eq!(s.parse("prospero://h").unwrap_err().rule(), "prosperourl");
        assert_eq!(
            s.parse("prospero://h/x;novalue").unwrap_err().rule(),
            "fieldspec"
        );
        let e = s.parse("prospero://h/x;a=b=c").unwrap_err();
        assert_eq!((e.rule(), e.offset()), ("fieldvalue", 18));
        let version_faults = |u: &str| {
            let mut w = Vec::new();
            ParseOptions::new()
                .dialect(Dialect::Rfc1630)
                .parse_with_warnings(u, &mut w)
                .unwrap();
            w.iter()
                .filter(|e| e.rule() == "version")
                .map(|e| e.offset())
                .collect::<Vec<_>>()
        };
        assert_eq!(version_faults("prospero://h/x%0012"), Vec::<usize>::new());
        assert_eq!(version_faults("prospero://h/x%00v"), [17]);
    }
}
