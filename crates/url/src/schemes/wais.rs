//! `wais` URLs (RFC 1738 section 3.9; RFC 1630 "WAIS").
//!
//! ```text
//! waisurl      = waisdatabase | waisindex | waisdoc
//! waisdatabase = "wais://" hostport "/" database
//! waisindex    = "wais://" hostport "/" database "?" search
//! waisdoc      = "wais://" hostport "/" database "/" wtype "/" wpath
//! database     = *uchar
//! wtype        = *uchar
//! wpath        = *uchar
//! ```

use super::build::{BuildError, BuildErrorKind, Login, finish, login_setters, setter_plumbing};
use super::check::{breach, check_reserved, refuse_login, require_host};
use super::encoded::{Encoded, offset_in};
use crate::error::ParseError;
use crate::pct::{EncodeSet, encode};
use crate::prelude::*;
use crate::rulebook::Rule;
use crate::sink::Sink;
use crate::table::Component;
use crate::url::Url;
use crate::url::UrlRef;

const SECTION: &str = "RFC 1738 section 5";

/// The words of a WAIS search part, or of a [`Wpath`]: split on `+`,
/// decoded, empty ones dropped.
///
/// # Example
///
/// ```
/// use uniform::schemes::wais_words;
/// assert_eq!(wais_words("rfc%201738++url"), [b"rfc 1738".to_vec(), b"url".to_vec()]);
/// ```
pub fn wais_words(search: &str) -> Vec<Vec<u8>> {
    search
        .split('+')
        .filter(|w| !w.is_empty())
        .map(|w| crate::pct::decode(w.as_bytes()).into_owned())
        .collect()
}

/// Words as a WAIS search part, or the words of a [`Wpath`], write them:
/// each encoded as `uchar` with its own `+` encoded, joined by `+`. The
/// inverse of [`wais_words`] for non-empty words.
///
/// # Example
///
/// ```
/// use uniform::schemes::{wais_search, wais_words};
/// let words = [b"rfc 1738".to_vec(), b"a+b".to_vec()];
/// assert_eq!(wais_search(&words), "rfc%201738+a%2Bb");
/// assert_eq!(wais_words(&wais_search(&words)), words);
/// ```
pub fn wais_search(words: &[Vec<u8>]) -> String {
    // `+` separates the words, so a word's own is encoded.
    const WORD: EncodeSet = EncodeSet::WAIS.add(b'+');
    let words: Vec<alloc::borrow::Cow<'_, str>> = words.iter().map(|w| encode(w, &WORD)).collect();
    words.join("+")
}

/// The record a [`Wpath`] names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WpathRecord {
    /// By the server's record identifier (Zebra's record id): the same
    /// record however the database grows.
    Id(u64),
    /// By its place in the result set, from 1: whatever is there today.
    Position(u32),
}

/// A document's `<wpath>` read by Uniform's convention (RFC 1738 makes it
/// a WAIS document-id, which no Z39.50 server has): `id<n>,<words>` is
/// the record whose identifier is `n` among the hits of the words,
/// `<position>,<words>` the record at that place; the words are joined by
/// `+`, each encoded as `uchar`.
///
/// # Example
///
/// ```
/// use uniform::schemes::{Wpath, WpathRecord};
/// let w = Wpath::parse("id3,file+transfer").unwrap();
/// assert_eq!(w.record, WpathRecord::Id(3));
/// assert_eq!(w.words, [b"file".to_vec(), b"transfer".to_vec()]);
/// assert_eq!(w.to_raw(), "id3,file+transfer");
/// assert_eq!(Wpath::parse("0,x"), None); // positions start at 1
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Wpath {
    /// Which record.
    pub record: WpathRecord,
    /// The search words that find it, decoded.
    pub words: Vec<Vec<u8>>,
}

impl Wpath {
    /// The most digits a position may have: positions are `u32`.
    const MAX_POSITION_DIGITS: usize = 9;
    /// The most digits an identifier may have: Zebra's are `u64`, and
    /// `u64::MAX` has 20. Every identifier a server can list must read
    /// back, or a listing would give URLs that Uniform then refuses.
    const MAX_ID_DIGITS: usize = 20;

    /// Reads `raw` (the wpath as the URL has it), or `None` when it does
    /// not follow the convention.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::schemes::{Wpath, WpathRecord};
    /// assert_eq!(Wpath::parse("2,").unwrap().record, WpathRecord::Position(2));
    /// assert_eq!(Wpath::parse("0=host;1=db;"), None); // an old WAIS doc-id
    /// let big = Wpath::parse("id18446744073709551615,x").unwrap();
    /// assert_eq!(big.record, WpathRecord::Id(u64::MAX));
    /// assert_eq!(Wpath::parse("id18446744073709551616,x"), None);
    /// ```
    pub fn parse(raw: &str) -> Option<Wpath> {
        let (head, rest) = raw.split_once(',')?;
        let (id, digits) = match head.strip_prefix("id") {
            Some(d) => (true, d),
            None => (false, head),
        };
        let max = if id {
            Self::MAX_ID_DIGITS
        } else {
            Self::MAX_POSITION_DIGITS
        };
        if digits.is_empty() || digits.len() > max || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        let record = if id {
            WpathRecord::Id(digits.parse().ok()?)
        } else {
            match digits.parse().ok()? {
                0 => return None,
                n => WpathRecord::Position(n),
            }
        };
        Some(Wpath {
            record,
            words: wais_words(rest),
        })
    }

    /// The wpath as a URL writes it.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::schemes::{Wpath, WpathRecord};
    /// let w = Wpath { record: WpathRecord::Position(1), words: vec![b"a+b c".to_vec()] };
    /// assert_eq!(w.to_raw(), "1,a%2Bb%20c");
    /// ```
    pub fn to_raw(&self) -> String {
        let words = wais_search(&self.words);
        match self.record {
            WpathRecord::Id(id) => format!("id{id},{words}"),
            WpathRecord::Position(p) => format!("{p},{words}"),
        }
    }
}

/// Which of the three forms of RFC 1738 section 3.9 a `wais` URL has.
///
/// # Example
///
/// ```
/// use uniform::UrlRef;
/// use uniform::schemes::WaisForm;
/// assert_eq!(UrlRef::parse("wais://h/db")?.wais().unwrap().form(), WaisForm::Database);
/// assert_eq!(UrlRef::parse("wais://h/db?x")?.wais().unwrap().form(), WaisForm::Search);
/// assert_eq!(UrlRef::parse("wais://h/db/t/p")?.wais().unwrap().form(), WaisForm::Document);
/// # Ok::<_, uniform::ParseError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum WaisForm {
    /// `/database`: a database available for searching.
    Database,
    /// `/database?search`: a particular search.
    Search,
    /// `/database/wtype/wpath`: a document.
    Document,
}

/// A `wais` URL: database, search, and the document's wtype and wpath
/// (RFC 1738 section 3.9).
///
/// # Example
///
/// ```
/// use uniform::UrlRef;
/// let url = UrlRef::parse("wais://quake.think.com/directory-of-servers/TEXT/0%2012")?;
/// let w = url.wais().unwrap();
/// assert_eq!(w.database().as_str(), "directory-of-servers");
/// assert_eq!(w.wtype().unwrap().as_str(), "TEXT");
/// assert_eq!(w.wpath().unwrap().decode_lossy(), "0 12");
/// assert_eq!(w.port(), 210);
/// # Ok::<_, uniform::ParseError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct WaisUrl<'a> {
    url: UrlRef<'a>,
}

impl<'a> WaisUrl<'a> {
    #[inline]
    pub(crate) fn new(url: UrlRef<'a>) -> WaisUrl<'a> {
        WaisUrl { url }
    }

    /// A builder of `wais` URLs.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::schemes::WaisUrl;
    /// let url = WaisUrl::builder().host("h").database("db").search("rfc 1738").build()?;
    /// assert_eq!(url.as_str(), "wais://h/db?rfc%201738");
    /// # Ok::<_, uniform::schemes::BuildError>(())
    /// ```
    pub fn builder() -> WaisBuilder {
        WaisBuilder::new()
    }

    /// The whole URL.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::UrlRef;
    /// assert_eq!(UrlRef::parse("wais://h/db")?.wais().unwrap().url().host(), Some("h"));
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
    /// assert_eq!(UrlRef::parse("wais://h.dom/db")?.wais().unwrap().host(), "h.dom");
    /// # Ok::<_, uniform::ParseError>(())
    /// ```
    pub fn host(&self) -> &'a str {
        self.url.host().unwrap_or("")
    }

    /// The port: the one written, else 210.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::UrlRef;
    /// assert_eq!(UrlRef::parse("wais://h:2100/db")?.wais().unwrap().port(), 2100);
    /// # Ok::<_, uniform::ParseError>(())
    /// ```
    pub fn port(&self) -> u16 {
        self.url.port().unwrap_or(210)
    }

    /// database, wtype, wpath as written.
    fn parts(&self) -> (&'a str, Option<&'a str>, Option<&'a str>) {
        let p = self.url.path().unwrap_or("");
        let Some(i) = p.find('/') else {
            return (p, None, None);
        };
        let rest = &p[i + 1..];
        match rest.find('/') {
            Some(j) => (&p[..i], Some(&rest[..j]), Some(&rest[j + 1..])),
            None => (&p[..i], Some(rest), None),
        }
    }

    /// Which form the URL has: a document when a wtype is given, else a
    /// search when a search part is, else a database.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::UrlRef;
    /// use uniform::schemes::WaisForm;
    /// assert_eq!(UrlRef::parse("wais://h/")?.wais().unwrap().form(), WaisForm::Database);
    /// # Ok::<_, uniform::ParseError>(())
    /// ```
    pub fn form(&self) -> WaisForm {
        match (self.parts().1, self.url.query()) {
            (Some(_), _) => WaisForm::Document,
            (None, Some(_)) => WaisForm::Search,
            (None, None) => WaisForm::Database,
        }
    }

    /// The `<database>` (may be empty).
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::UrlRef;
    /// assert_eq!(UrlRef::parse("wais://h/my%20db")?.wais().unwrap().database().decode_lossy(), "my db");
    /// # Ok::<_, uniform::ParseError>(())
    /// ```
    pub fn database(&self) -> Encoded<'a> {
        Encoded::new(self.parts().0)
    }

    /// The `<search>` after `?`.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::UrlRef;
    /// assert_eq!(UrlRef::parse("wais://h/db?a+b")?.wais().unwrap().search().unwrap().as_str(), "a+b");
    /// # Ok::<_, uniform::ParseError>(())
    /// ```
    pub fn search(&self) -> Option<Encoded<'a>> {
        self.url.query().map(Encoded::new)
    }

    /// The `<wtype>` of a document.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::UrlRef;
    /// assert!(UrlRef::parse("wais://h/db")?.wais().unwrap().wtype().is_none());
    /// # Ok::<_, uniform::ParseError>(())
    /// ```
    pub fn wtype(&self) -> Option<Encoded<'a>> {
        self.parts().1.map(Encoded::new)
    }

    /// The `<wpath>` of a document, as the URL has it. RFC 1738 makes it
    /// the WAIS document-id, opaque to the client; no Z39.50 server has
    /// one, so Uniform's access reads it by its own convention:
    /// `id<n>,<words>` names the record whose identifier (Zebra's
    /// record id) is `n` among the hits of the words, and stays the same
    /// record however the database grows; `<position>,<words>`, the
    /// record at that place in the result set, is read too but names
    /// whatever is there today. [`Wpath::parse`] reads the convention
    /// and [`Wpath::to_raw`] writes it.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::UrlRef;
    /// assert_eq!(UrlRef::parse("wais://h/db/t/p")?.wais().unwrap().wpath().unwrap().as_str(), "p");
    /// let doc = UrlRef::parse("wais://h:2101/Default/TEXT/id3,protocol")?;
    /// assert_eq!(doc.wais().unwrap().wpath().unwrap().as_str(), "id3,protocol");
    /// # Ok::<_, uniform::ParseError>(())
    /// ```
    pub fn wpath(&self) -> Option<Encoded<'a>> {
        self.parts().2.map(Encoded::new)
    }
}

pub(crate) fn validate(v: &WaisUrl<'_>, sink: &mut Sink<'_>) -> Result<(), ParseError> {
    let url = &v.url;
    let s = url.as_str();
    refuse_login(sink, url, Rule::WaisLogin)?;
    require_host(sink, url, Rule::WaisAuthority)?;
    if url.path().is_none() {
        let at = url.without_fragment().len();
        return breach(sink, url, at, Component::Path, Rule::WaisDatabase);
    }
    let (db, wtype, wpath) = v.parts();
    let uchar = "database, wtype and wpath are uchar: reserved characters must be encoded";
    check_reserved(
        sink,
        url,
        db,
        b"",
        Component::Path,
        "database",
        SECTION,
        uchar,
    )?;
    if let Some(t) = wtype {
        check_reserved(sink, url, t, b"", Component::Path, "wtype", SECTION, uchar)?;
        match wpath {
            Some(p) => check_reserved(sink, url, p, b"", Component::Path, "wpath", SECTION, uchar)?,
            None => breach(
                sink,
                url,
                offset_in(s, t) + t.len(),
                Component::Path,
                Rule::WaisDocument,
            )?,
        }
        if let Some(q) = url.query() {
            let at = offset_in(s, q) - 1;
            breach(sink, url, at, Component::Query, Rule::WaisDocument)?;
        }
    }
    if let Some(q) = url.query() {
        check_reserved(
            sink,
            url,
            q,
            b";:@&=",
            Component::Query,
            "search",
            SECTION,
            "\"/\" and \"?\" are reserved within the search part and must be encoded",
        )?;
    }
    Ok(())
}

/// What a WAIS search part must encode (the `search` rule: no `/`, `?`).
const SEARCH: EncodeSet = EncodeSet::UNSAFE.add_all(b"/?");

/// Builds a `wais` URL (see [`WaisUrl::builder`]). Database, wtype and
/// wpath are encoded with [`EncodeSet::WAIS`] (they are `uchar` only).
///
/// # Example
///
/// ```
/// use uniform::schemes::WaisUrl;
/// let url = WaisUrl::builder().host("h").database("db").document("TEXT", "a/b").build()?;
/// assert_eq!(url.as_str(), "wais://h/db/TEXT/a%2Fb");
/// # Ok::<_, uniform::schemes::BuildError>(())
/// ```
#[derive(Debug)]
pub struct WaisBuilder {
    inner: Result<WaisParts, BuildError>,
}

#[derive(Debug, Default)]
struct WaisParts {
    login: Login,
    database: String,
    search: Option<String>,
    document: Option<(String, String)>,
}

setter_plumbing!(WaisBuilder, WaisParts);
login_setters!(WaisBuilder, WaisUrl, |p| p.login, port: "assert_eq!(WaisUrl::builder().host(\"h\").port(2100).build()?.as_str(), \"wais://h:2100/\");");

impl WaisBuilder {
    /// An empty builder: a host is required; the database may be empty.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::schemes::WaisBuilder;
    /// assert_eq!(WaisBuilder::new().host("h").build()?.as_str(), "wais://h/");
    /// # Ok::<_, uniform::schemes::BuildError>(())
    /// ```
    pub fn new() -> WaisBuilder {
        WaisBuilder {
            inner: Ok(WaisParts::default()),
        }
    }

    /// The database (decoded).
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::schemes::WaisUrl;
    /// assert_eq!(WaisUrl::builder().host("h").database("a=b").build()?.as_str(), "wais://h/a%3Db");
    /// # Ok::<_, uniform::schemes::BuildError>(())
    /// ```
    pub fn database(self, database: impl AsRef<[u8]>) -> WaisBuilder {
        self.and_then(|p| {
            p.database = encode(database.as_ref(), &EncodeSet::WAIS).into_owned();
            Ok(())
        })
    }

    /// A search (decoded); a document and a search exclude each other.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::schemes::WaisUrl;
    /// assert!(WaisUrl::builder().host("h").document("t", "p").search("x").build().is_err());
    /// ```
    pub fn search(self, search: impl AsRef<[u8]>) -> WaisBuilder {
        self.and_then(|p| {
            if p.document.is_some() {
                return Err(BuildError::new(
                    BuildErrorKind::NotAllowed,
                    "search",
                    "a WAIS document has no search part",
                ));
            }
            p.search = Some(encode(search.as_ref(), &SEARCH).into_owned());
            Ok(())
        })
    }

    /// A document: its wtype and wpath (decoded).
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::schemes::WaisUrl;
    /// assert!(WaisUrl::builder().host("h").search("x").document("t", "p").build().is_err());
    /// ```
    pub fn document(self, wtype: impl AsRef<[u8]>, wpath: impl AsRef<[u8]>) -> WaisBuilder {
        self.and_then(|p| {
            if p.search.is_some() {
                return Err(BuildError::new(
                    BuildErrorKind::NotAllowed,
                    "document",
                    "a WAIS document has no search part",
                ));
            }
            p.document = Some((
                encode(wtype.as_ref(), &EncodeSet::WAIS).into_owned(),
                encode(wpath.as_ref(), &EncodeSet::WAIS).into_owned(),
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
    /// use uniform::schemes::WaisUrl;
    /// assert!(WaisUrl::builder().database("db").build().is_err());
    /// ```
    pub fn build(self) -> Result<Url, BuildError> {
        let p = self.inner?;
        let mut s = p.login.write("wais", false)?;
        s.push('/');
        s.push_str(&p.database);
        if let Some((t, w)) = &p.document {
            s.push('/');
            s.push_str(t);
            s.push('/');
            s.push_str(w);
        }
        if let Some(q) = &p.search {
            s.push('?');
            s.push_str(q);
        }
        finish(s, |u, sink| validate(&WaisUrl::new(*u), sink))
    }
}

impl Default for WaisBuilder {
    fn default() -> WaisBuilder {
        WaisBuilder::new()
    }
}

#[cfg(test)]
mod tests {
    use crate::ParseOptions;

    #[test]
    fn rules() {
        let s = ParseOptions::new().strict(true);
        assert!(s.parse("wais://h/db").is_ok());
        assert!(s.parse("wais://h/db?a+b").is_ok());
        assert!(s.parse("wais://h/db/t/p").is_ok());
        assert_eq!(s.parse("wais://h").unwrap_err().rule(), "waisurl");
        assert_eq!(s.parse("wais://h/db/t").unwrap_err().rule(), "waisdoc");
        let e = s.parse("wais://h/db/t/p/q").unwrap_err();
        assert_eq!((e.rule(), e.offset()), ("wpath", 15));
        assert_eq!(s.parse("wais://h/d;b").unwrap_err().rule(), "database");
        assert_eq!(s.parse("wais://h/db/t/p?x").unwrap_err().rule(), "waisdoc");
    }
}
