//! `ftp` URLs (RFC 1738 section 3.2; RFC 1630 "FTP").
//!
//! ```text
//! ftpurl   = "ftp://" login [ "/" fpath [ ";type=" ftptype ]]
//! fpath    = fsegment *[ "/" fsegment ]
//! fsegment = *[ uchar | "?" | ":" | "@" | "&" | "=" ]
//! ftptype  = "A" | "I" | "D" | "a" | "i" | "d"
//! ```

use super::build::{BuildError, Login, finish, login_setters, setter_plumbing};
use super::check::{breach, check_reserved, require_host};
use super::encoded::{Encoded, Segments, last_segment, offset_in};
use crate::dialect::Dialect;
use crate::error::ParseError;
use crate::pct::{EncodeSet, encode};
use crate::prelude::*;
use crate::rulebook::Rule;
use crate::sink::Sink;
use crate::table::Component;
use crate::url::Url;
use crate::url::UrlRef;
use core::fmt;

const SECTION: &str = "RFC 1738 section 3.2.2";

/// The transfer type of `;type=` (RFC 1738 section 3.2.2, RFC 959 TYPE).
///
/// # Example
///
/// ```
/// use uniform::UrlRef;
/// use uniform::schemes::Typecode;
/// let url = UrlRef::parse("ftp://h/pub/motd;TYPE=A")?;
/// assert_eq!(url.ftp().unwrap().typecode(), Some(Typecode::Ascii));
/// assert_eq!(Typecode::Ascii.as_char(), 'a');
/// # Ok::<_, uniform::ParseError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Typecode {
    /// `a`: ASCII text, `TYPE A`.
    Ascii,
    /// `i`: image (binary), `TYPE I`.
    Image,
    /// `d`: a directory listing, `NLST`.
    Directory,
}

impl Typecode {
    /// The lower-case letter of the typecode.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::schemes::Typecode;
    /// assert_eq!(Typecode::Directory.as_char(), 'd');
    /// ```
    pub fn as_char(self) -> char {
        match self {
            Typecode::Ascii => 'a',
            Typecode::Image => 'i',
            Typecode::Directory => 'd',
        }
    }

    /// The typecode of a letter, case-insensitively.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::schemes::Typecode;
    /// assert_eq!(Typecode::from_letter("I"), Some(Typecode::Image));
    /// assert_eq!(Typecode::from_letter("x"), None);
    /// ```
    pub fn from_letter(s: &str) -> Option<Typecode> {
        match s.as_bytes() {
            [b'a' | b'A'] => Some(Typecode::Ascii),
            [b'i' | b'I'] => Some(Typecode::Image),
            [b'd' | b'D'] => Some(Typecode::Directory),
            _ => None,
        }
    }
}

/// An `ftp` URL read by RFC 1738 section 3.2: login, the cwd segments, the
/// name and the typecode.
///
/// An empty segment is kept: `//etc/motd` is the cwd `["", "etc"]` and
/// means "CWD" with an empty argument, then "CWD etc". `/` and `;` inside
/// a segment are data only when encoded, so `;type=` is recognized only as
/// the last `;` parameter of the last segment (case-insensitively: RFC
/// 1738's BNF follows RFC 822, whose literals ignore case).
///
/// # Example
///
/// ```
/// use uniform::UrlRef;
/// use uniform::schemes::Typecode;
///
/// let url = UrlRef::parse("ftp://myname@host.dom/%2Fetc/motd;type=i")?;
/// let ftp = url.ftp().unwrap();
/// assert_eq!(ftp.user().unwrap().as_str(), "myname");
/// let cwd: Vec<_> = ftp.cwd().map(|s| s.decode_lossy().into_owned()).collect();
/// assert_eq!(cwd, ["/etc"]);
/// assert_eq!(ftp.name().as_str(), "motd");
/// assert_eq!(ftp.typecode(), Some(Typecode::Image));
/// # Ok::<_, uniform::ParseError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct FtpUrl<'a> {
    // Only the URL: the fields are found when asked for, so that the view
    // itself costs nothing and `SchemeUrl` stays the size of a `UrlRef`.
    url: UrlRef<'a>,
}

/// Where an ftp url-path splits, as `FtpUrl`'s accessors read it.
#[derive(Clone, Copy)]
struct Split<'a> {
    /// The url-path without `;type=...`, `None` when there is no path.
    fpath: Option<&'a str>,
    /// Where the name starts in `fpath` (after its last `/`).
    name_at: usize,
    /// What follows `;type=`.
    typecode: Option<&'a str>,
}

impl fmt::Debug for FtpUrl<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sp = self.split();
        f.debug_struct("FtpUrl")
            .field("url", &self.url)
            .field("fpath", &sp.fpath)
            .field("name_at", &sp.name_at)
            .field("typecode", &sp.typecode)
            .finish()
    }
}

impl<'a> FtpUrl<'a> {
    #[inline]
    pub(crate) fn new(url: UrlRef<'a>) -> FtpUrl<'a> {
        FtpUrl { url }
    }

    /// Splits the url-path into cwd, name and typecode: all three are
    /// found in the last segment.
    #[inline]
    fn split(&self) -> Split<'a> {
        let Some(path) = super::path::url_path(&self.url) else {
            return Split {
                fpath: None,
                name_at: 0,
                typecode: None,
            };
        };
        let b = path.as_bytes();
        let (name_at, semi) = last_segment(b);
        if let Some(semi) = semi {
            let param = &b[semi + 1..];
            if param.len() >= 5 && param[..5].eq_ignore_ascii_case(b"type=") {
                // `;` and `type=` are ASCII: both cuts fall between
                // characters.
                let (fpath, rest) = path.split_at(semi);
                return Split {
                    fpath: Some(fpath),
                    name_at,
                    typecode: rest.get(6..),
                };
            }
        }
        Split {
            fpath: Some(path),
            name_at,
            typecode: None,
        }
    }

    /// A builder of `ftp` URLs from decoded parts.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::schemes::{FtpUrl, Typecode};
    /// let url = FtpUrl::builder()
    ///     .user("myname").host("host.dom").cwd("/etc").name("motd").typecode(Typecode::Ascii)
    ///     .build()?;
    /// assert_eq!(url.as_str(), "ftp://myname@host.dom/%2Fetc/motd;type=a");
    /// # Ok::<_, uniform::schemes::BuildError>(())
    /// ```
    pub fn builder() -> FtpBuilder {
        FtpBuilder::new()
    }

    /// The whole URL.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::UrlRef;
    /// let url = UrlRef::parse("ftp://h/x")?;
    /// assert_eq!(url.ftp().unwrap().url().host(), Some("h"));
    /// # Ok::<_, uniform::ParseError>(())
    /// ```
    pub fn url(&self) -> UrlRef<'a> {
        self.url
    }

    /// The user name for `USER`, `None` for anonymous FTP (section 3.2.1).
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::UrlRef;
    /// let url = UrlRef::parse("ftp://a%40b@h/")?;
    /// assert_eq!(&*url.ftp().unwrap().user().unwrap().decode(), b"a@b");
    /// # Ok::<_, uniform::ParseError>(())
    /// ```
    pub fn user(&self) -> Option<Encoded<'a>> {
        self.url.user().map(Encoded::new)
    }

    /// The password for `PASS`, `None` when absent (then a client asks
    /// the user, section 3.2.1).
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::UrlRef;
    /// let url = UrlRef::parse("ftp://foo:@h/")?;
    /// assert_eq!(url.ftp().unwrap().password().unwrap().as_str(), "");
    /// # Ok::<_, uniform::ParseError>(())
    /// ```
    pub fn password(&self) -> Option<Encoded<'a>> {
        self.url.password().map(Encoded::new)
    }

    /// The host.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::UrlRef;
    /// assert_eq!(UrlRef::parse("ftp://h.dom/")?.ftp().unwrap().host(), "h.dom");
    /// # Ok::<_, uniform::ParseError>(())
    /// ```
    pub fn host(&self) -> &'a str {
        self.url.host().unwrap_or("")
    }

    /// The port to connect to: the one written, else 21.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::UrlRef;
    /// assert_eq!(UrlRef::parse("ftp://h/")?.ftp().unwrap().port(), 21);
    /// # Ok::<_, uniform::ParseError>(())
    /// ```
    pub fn port(&self) -> u16 {
        self.url.port().unwrap_or(21)
    }

    /// The url-path without its `;type=` part; `None` when the URL has no
    /// path.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::UrlRef;
    /// let url = UrlRef::parse("ftp://h/a/b;type=d")?;
    /// assert_eq!(url.ftp().unwrap().fpath().unwrap().as_str(), "a/b");
    /// # Ok::<_, uniform::ParseError>(())
    /// ```
    pub fn fpath(&self) -> Option<Encoded<'a>> {
        self.split().fpath.map(Encoded::new)
    }

    /// The `<cwd1>` to `<cwdN>` segments, one `CWD` each (empty ones kept).
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::UrlRef;
    /// let url = UrlRef::parse("ftp://myname@host.dom//etc/motd")?;
    /// let cwd: Vec<_> = url.ftp().unwrap().cwd().map(|s| s.as_str()).collect();
    /// assert_eq!(cwd, ["", "etc"]);
    /// # Ok::<_, uniform::ParseError>(())
    /// ```
    pub fn cwd(&self) -> Segments<'a> {
        let sp = self.split();
        // `name_at - 1` is the `/` before the name, a character boundary.
        Segments::new(
            sp.fpath
                .filter(|_| sp.name_at > 0)
                .and_then(|p| p.get(..sp.name_at - 1)),
        )
    }

    /// The `<name>`: the last segment, the argument of `RETR` or `NLST`;
    /// empty when the URL names a directory or has no path.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::UrlRef;
    /// assert_eq!(UrlRef::parse("ftp://h/etc/motd")?.ftp().unwrap().name().as_str(), "motd");
    /// assert_eq!(UrlRef::parse("ftp://h/etc/")?.ftp().unwrap().name().as_str(), "");
    /// # Ok::<_, uniform::ParseError>(())
    /// ```
    pub fn name(&self) -> Encoded<'a> {
        let sp = self.split();
        Encoded::new(sp.fpath.and_then(|p| p.get(sp.name_at..)).unwrap_or(""))
    }

    /// The typecode, when `;type=` holds one of `a`, `i`, `d` (any case).
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::UrlRef;
    /// use uniform::schemes::Typecode;
    /// assert_eq!(UrlRef::parse("ftp://h/x;type=d")?.ftp().unwrap().typecode(), Some(Typecode::Directory));
    /// assert_eq!(UrlRef::parse("ftp://h/x;type=q")?.ftp().unwrap().typecode(), None);
    /// # Ok::<_, uniform::ParseError>(())
    /// ```
    pub fn typecode(&self) -> Option<Typecode> {
        self.split().typecode.and_then(Typecode::from_letter)
    }

    /// What follows `;type=` as written, valid or not (RFC 1630 also
    /// allows `AN`, `E`, `L8`...).
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::UrlRef;
    /// assert_eq!(UrlRef::parse("ftp://h/x;type=L8")?.ftp().unwrap().typecode_raw().unwrap().as_str(), "L8");
    /// # Ok::<_, uniform::ParseError>(())
    /// ```
    pub fn typecode_raw(&self) -> Option<Encoded<'a>> {
        self.split().typecode.map(Encoded::new)
    }
}

/// RFC 1630's ftptype: `A formcode | E formcode | I | L digits`, formcode
/// `N | T | C`.
fn ftptype_1630(t: &str) -> bool {
    let b = t.as_bytes();
    let up = |c: u8| c.to_ascii_uppercase();
    match b.first().map(|&c| up(c)) {
        Some(b'A' | b'E') => {
            b.len() == 1 || (b.len() == 2 && matches!(up(b[1]), b'N' | b'T' | b'C'))
        }
        Some(b'I') => b.len() == 1,
        Some(b'L') => b.len() > 1 && b[1..].iter().all(u8::is_ascii_digit),
        _ => false,
    }
}

pub(crate) fn validate(v: &FtpUrl<'_>, sink: &mut Sink<'_>) -> Result<(), ParseError> {
    let url = &v.url;
    let s = url.as_str();
    let sp = v.split();
    require_host(sink, url, Rule::FtpAuthority)?;
    if let Some(t) = sp.typecode {
        let ok = match url.dialect() {
            Dialect::Rfc1630 => ftptype_1630(t),
            _ => Typecode::from_letter(t).is_some(),
        };
        if !ok {
            breach(sink, url, offset_in(s, t), Component::Path, Rule::FtpType)?;
        }
    }
    if let Some(fpath) = sp.fpath {
        // fsegment has no ";": inside a name or cwd it must be encoded.
        check_reserved(
            sink,
            url,
            fpath,
            b"/?:@&=",
            Component::Path,
            "fsegment",
            SECTION,
            "\";\" is reserved within a name or cwd segment and must be encoded",
        )?;
    }
    Ok(())
}

/// Builds an `ftp` URL from decoded parts (see [`FtpUrl::builder`]).
///
/// Each cwd segment and the name are encoded with
/// [`EncodeSet::FTP_SEGMENT`], so a `/` in a segment becomes `%2F` (RFC
/// 1738 section 3.2.2); user and password with [`EncodeSet::USERINFO`].
///
/// # Example
///
/// ```
/// use uniform::schemes::FtpUrl;
/// let url = FtpUrl::builder().host("h.dom").name("a/b").build()?;
/// assert_eq!(url.as_str(), "ftp://h.dom/a%2Fb");
/// # Ok::<_, uniform::schemes::BuildError>(())
/// ```
#[derive(Debug)]
pub struct FtpBuilder {
    inner: Result<FtpParts, BuildError>,
}

#[derive(Debug, Default)]
struct FtpParts {
    login: Login,
    cwd: Vec<String>,
    name: Option<String>,
    typecode: Option<Typecode>,
}

setter_plumbing!(FtpBuilder, FtpParts);
login_setters!(FtpBuilder, FtpUrl, |p| p.login, port: "assert_eq!(FtpUrl::builder().host(\"h\").port(2121).build()?.as_str(), \"ftp://h:2121\");", login: "let url = FtpUrl::builder().host(\"h\").user(\"a@b\").password(\"p:w\").build()?;\nassert_eq!(url.as_str(), \"ftp://a%40b:p%3Aw@h\");");

impl FtpBuilder {
    /// An empty builder: a host is required.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::schemes::FtpBuilder;
    /// assert_eq!(FtpBuilder::new().host("h").build()?.as_str(), "ftp://h");
    /// # Ok::<_, uniform::schemes::BuildError>(())
    /// ```
    pub fn new() -> FtpBuilder {
        FtpBuilder {
            inner: Ok(FtpParts::default()),
        }
    }

    /// Appends one cwd segment (decoded; may be empty).
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::schemes::FtpUrl;
    /// let url = FtpUrl::builder().host("h").cwd("").cwd("etc").name("motd").build()?;
    /// assert_eq!(url.as_str(), "ftp://h//etc/motd");
    /// # Ok::<_, uniform::schemes::BuildError>(())
    /// ```
    pub fn cwd(self, segment: impl AsRef<[u8]>) -> FtpBuilder {
        self.and_then(|p| {
            p.cwd
                .push(encode(segment.as_ref(), &EncodeSet::FTP_SEGMENT).into_owned());
            Ok(())
        })
    }

    /// The name (decoded; may be empty for a directory).
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::schemes::FtpUrl;
    /// let url = FtpUrl::builder().host("h").name("a;b").build()?;
    /// assert_eq!(url.as_str(), "ftp://h/a%3Bb");
    /// # Ok::<_, uniform::schemes::BuildError>(())
    /// ```
    pub fn name(self, name: impl AsRef<[u8]>) -> FtpBuilder {
        self.and_then(|p| {
            p.name = Some(encode(name.as_ref(), &EncodeSet::FTP_SEGMENT).into_owned());
            Ok(())
        })
    }

    /// The typecode.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::schemes::{FtpUrl, Typecode};
    /// let url = FtpUrl::builder().host("h").name("x").typecode(Typecode::Image).build()?;
    /// assert_eq!(url.as_str(), "ftp://h/x;type=i");
    /// # Ok::<_, uniform::schemes::BuildError>(())
    /// ```
    pub fn typecode(self, typecode: Typecode) -> FtpBuilder {
        self.and_then(|p| {
            p.typecode = Some(typecode);
            Ok(())
        })
    }

    /// The URL.
    ///
    /// # Errors
    ///
    /// The first error of a setter, or [`crate::schemes::BuildErrorKind::MissingHost`].
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::schemes::FtpUrl;
    /// let url = FtpUrl::builder().host("h").cwd("pub").name("").build()?;
    /// assert_eq!(url.as_str(), "ftp://h/pub/");
    /// # Ok::<_, uniform::schemes::BuildError>(())
    /// ```
    pub fn build(self) -> Result<Url, BuildError> {
        let p = self.inner?;
        let mut s = p.login.write("ftp", false)?;
        let has_path = !p.cwd.is_empty() || p.name.is_some() || p.typecode.is_some();
        if has_path {
            for seg in &p.cwd {
                s.push('/');
                s.push_str(seg);
            }
            s.push('/');
            s.push_str(p.name.as_deref().unwrap_or(""));
            if let Some(t) = p.typecode {
                s.push_str(";type=");
                s.push(t.as_char());
            }
        }
        finish(s, |u, sink| validate(&FtpUrl::new(*u), sink))
    }
}

impl Default for FtpBuilder {
    fn default() -> FtpBuilder {
        FtpBuilder::new()
    }
}

#[cfg(test)]
mod tests {
    use crate::UrlRef;
    use crate::schemes::Typecode;

    fn view(s: &str) -> (Vec<String>, String, Option<String>) {
        let u = UrlRef::parse(s).unwrap();
        let f = u.ftp().unwrap();
        (
            f.cwd().map(|x| x.as_str().to_string()).collect(),
            f.name().as_str().to_string(),
            f.typecode_raw().map(|t| t.as_str().to_string()),
        )
    }

    #[test]
    fn rfc_1738_3_2_2_examples() {
        assert_eq!(view("ftp://myname@host.dom/%2Fetc/motd").0, ["%2Fetc"]);
        assert_eq!(view("ftp://myname@host.dom/etc/motd").0, ["etc"]);
        assert_eq!(view("ftp://myname@host.dom//etc/motd").0, ["", "etc"]);
    }

    #[test]
    fn typecode_only_last_param_of_last_segment() {
        assert_eq!(
            view("ftp://h/a;type=i/b"),
            (vec!["a;type=i".into()], "b".into(), None)
        );
        assert_eq!(view("ftp://h/a/b;x;type=I").2.as_deref(), Some("I"));
        assert_eq!(view("ftp://h/a/b;type=i;x").2, None);
        assert_eq!(
            view("ftp://h/;type=d"),
            (vec![], "".into(), Some("d".into()))
        );
    }

    #[test]
    fn no_path() {
        let u = UrlRef::parse("ftp://h").unwrap();
        let f = u.ftp().unwrap();
        assert_eq!(f.cwd().count(), 0);
        assert_eq!(f.name().as_str(), "");
        assert_eq!(f.typecode(), None);
        assert_eq!(Typecode::from_letter("D"), Some(Typecode::Directory));
    }

    #[test]
    fn rfc_1630_typecodes() {
        for ok in ["A", "AN", "at", "E", "EC", "I", "L8", "l16"] {
            assert!(super::ftptype_1630(ok), "{ok}");
        }
        for bad in ["", "D", "AX", "IN", "L", "Lx"] {
            assert!(!super::ftptype_1630(bad), "{bad}");
        }
    }
}
