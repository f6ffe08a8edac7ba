//! Scheme names and what the seeds say about each.
//!
//! RFC 1738 section 2.1: scheme names are compared case-insensitively
//! ("allow `HTTP` as well as `http`"). Section 3 lists the schemes it
//! defines, section 4 the names it reserves without a syntax; RFC 1630 adds
//! `mid`, `cid`, `urn`, `rlogin` and `tn3270`, and reserves the `x-` prefix
//! for experiments.

use core::fmt;

/// A scheme known to the seeds (RFC 1738, RFC 1630), or [`Scheme::Other`].
///
/// The variant is found case-insensitively from the name; the name as
/// written stays available from the URL itself.
///
/// # Example
///
/// ```
/// use uniform::Scheme;
///
/// assert_eq!(Scheme::from_name("FTP"), Scheme::Ftp);
/// assert_eq!(Scheme::Ftp.default_port(), Some(21));
/// assert_eq!(Scheme::from_name("x-private"), Scheme::Experimental);
/// assert_eq!(Scheme::from_name("svn+ssh"), Scheme::Other);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum Scheme {
    /// `ftp`, RFC 1738 section 3.2.
    Ftp,
    /// `http`, RFC 1738 section 3.3.
    Http,
    /// `https`: not in the seeds, but HTTP's syntax over TLS (RFC 2818).
    Https,
    /// `gopher`, RFC 1738 section 3.4.
    Gopher,
    /// `mailto`, RFC 1738 section 3.5.
    Mailto,
    /// `news`, RFC 1738 section 3.6.
    News,
    /// `nntp`, RFC 1738 section 3.7.
    Nntp,
    /// `telnet`, RFC 1738 section 3.8.
    Telnet,
    /// `wais`, RFC 1738 section 3.9.
    Wais,
    /// `file`, RFC 1738 section 3.10.
    File,
    /// `prospero`, RFC 1738 section 3.11.
    Prospero,
    /// `mid`, RFC 1630 "Message-Id".
    Mid,
    /// `cid`, RFC 1630 "Content-Id".
    Cid,
    /// `urn`, reserved by RFC 1630 "URN".
    Urn,
    /// `rlogin`, RFC 1630 "Telnet, rlogin, tn3270".
    Rlogin,
    /// `tn3270`, RFC 1630 "Telnet, rlogin, tn3270" and RFC 1738 section 4.
    Tn3270,
    /// `afs`, reserved without syntax by RFC 1738 section 4.
    Afs,
    /// `nfs`, reserved without syntax by RFC 1738 section 4.
    Nfs,
    /// `mailserver`, reserved without syntax by RFC 1738 section 4.
    Mailserver,
    /// `z39.50`, reserved without syntax by RFC 1738 section 4.
    Z3950,
    /// `ws`, the WebSocket protocol (RFC 6455 section 3): one of the URL
    /// Standard's special schemes.
    Ws,
    /// `wss`, the WebSocket protocol over TLS (RFC 6455 section 3).
    Wss,
    /// A name starting with `x-`: experimental (RFC 1738 section 4, RFC 1630).
    Experimental,
    /// Any other scheme: parsed by the generic syntax.
    Other,
}

/// The protocol that reaches the object a URL names (RFC 1738 section 1:
/// "the access method"), for the schemes that have one.
///
/// The planners of [`crate::plan`] and `uniform fetch` dispatch on it;
/// `https` is [`Protocol::Http`] over TLS, `news` and `nntp` both
/// [`Protocol::Nntp`], `mailto` [`Protocol::Smtp`].
///
/// # Example
///
/// ```
/// use uniform::{Protocol, Scheme};
/// assert_eq!(Scheme::Mailto.row().protocol, Some(Protocol::Smtp));
/// assert_eq!(Protocol::Smtp.as_str(), "smtp");
/// assert_eq!(Scheme::Urn.row().protocol, None);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum Protocol {
    /// File Transfer Protocol (RFC 959).
    Ftp,
    /// HTTP, in clear (`http`) or over TLS (`https`).
    Http,
    /// Gopher (RFC 1436) and Gopher+.
    Gopher,
    /// Network News Transfer Protocol (RFC 977, RFC 3977).
    Nntp,
    /// Simple Mail Transfer Protocol, to send a `mailto` message (RFC 5321).
    Smtp,
    /// An interactive telnet session (RFC 854).
    Telnet,
    /// An rlogin session (RFC 1282).
    Rlogin,
    /// A tn3270 session: telnet carrying a 3270 data stream.
    Tn3270,
    /// WAIS over Z39.50.
    Wais,
    /// The local file system.
    File,
    /// Prospero over ARDP.
    Prospero,
}

impl Protocol {
    /// The protocol's name in lower case, as `uniform schemes` prints it.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::Protocol;
    /// assert_eq!(Protocol::Tn3270.as_str(), "tn3270");
    /// ```
    pub fn as_str(self) -> &'static str {
        match self {
            Protocol::Ftp => "ftp",
            Protocol::Http => "http",
            Protocol::Gopher => "gopher",
            Protocol::Nntp => "nntp",
            Protocol::Smtp => "smtp",
            Protocol::Telnet => "telnet",
            Protocol::Rlogin => "rlogin",
            Protocol::Tn3270 => "tn3270",
            Protocol::Wais => "wais",
            Protocol::File => "file",
            Protocol::Prospero => "prospero",
        }
    }
}

impl fmt::Display for Protocol {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// How the scheme-specific part is laid out, which decides what `//`
/// after the colon means under RFC 1738 and RFC 1630 (RFC 3986's `//`
/// always starts an authority, its section 3.2).
///
/// # Example
///
/// ```
/// use uniform::{Scheme, Syntax};
/// assert_eq!(Scheme::Ftp.row().syntax, Syntax::Internet);
/// assert_eq!(Scheme::News.row().syntax, Syntax::Opaque);
/// assert_eq!(Scheme::Afs.row().syntax, Syntax::Generic);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Syntax {
    /// The common Internet scheme syntax
    /// `//<user>:<password>@<host>:<port>/<url-path>` (RFC 1738 section
    /// 3.1): a missing `//` or host is a fault.
    Internet,
    /// No authority: a `//` after the colon is part of the address or name
    /// (mailto, news, mid, cid).
    Opaque,
    /// The generic syntax (RFC 1738 section 5 `genericurl`, RFC 1630's
    /// URI BNF): `//` may start an authority, none is required.
    Generic,
}

impl Syntax {
    /// The name `uniform schemes --json` gives it: `internet`, `opaque`
    /// or `generic`.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::Syntax;
    /// assert_eq!(Syntax::Opaque.as_str(), "opaque");
    /// ```
    pub fn as_str(self) -> &'static str {
        match self {
            Syntax::Internet => "internet",
            Syntax::Opaque => "opaque",
            Syntax::Generic => "generic",
        }
    }
}

/// Which typed view of [`crate::schemes`] reads a scheme's URLs: what
/// [`crate::UrlRef::specific`] dispatches on.
///
/// # Example
///
/// ```
/// use uniform::{Scheme, ViewKind};
/// assert_eq!(Scheme::Rlogin.row().view, ViewKind::Telnet);
/// assert_eq!(Scheme::Afs.row().view, ViewKind::Generic);
/// assert_eq!(ViewKind::Telnet.as_str(), "telnet");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ViewKind {
    /// [`crate::schemes::FtpUrl`].
    Ftp,
    /// [`crate::schemes::HttpUrl`].
    Http,
    /// [`crate::schemes::GopherUrl`].
    Gopher,
    /// [`crate::schemes::MailtoUrl`].
    Mailto,
    /// [`crate::schemes::NewsUrl`].
    News,
    /// [`crate::schemes::NntpUrl`].
    Nntp,
    /// [`crate::schemes::TelnetUrl`].
    Telnet,
    /// [`crate::schemes::WaisUrl`].
    Wais,
    /// [`crate::schemes::FileUrl`].
    File,
    /// [`crate::schemes::ProsperoUrl`].
    Prospero,
    /// [`crate::schemes::MidUrl`].
    Mid,
    /// [`crate::schemes::CidUrl`].
    Cid,
    /// [`crate::schemes::UrnUrl`].
    Urn,
    /// [`crate::schemes::GenericUrl`]: the scheme-specific part only.
    Generic,
}

impl ViewKind {
    /// The name the `parse --json` output gives the view in `details.kind`.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::ViewKind;
    /// assert_eq!(ViewKind::Generic.as_str(), "generic");
    /// ```
    pub fn as_str(self) -> &'static str {
        match self {
            ViewKind::Ftp => "ftp",
            ViewKind::Http => "http",
            ViewKind::Gopher => "gopher",
            ViewKind::Mailto => "mailto",
            ViewKind::News => "news",
            ViewKind::Nntp => "nntp",
            ViewKind::Telnet => "telnet",
            ViewKind::Wais => "wais",
            ViewKind::File => "file",
            ViewKind::Prospero => "prospero",
            ViewKind::Mid => "mid",
            ViewKind::Cid => "cid",
            ViewKind::Urn => "urn",
            ViewKind::Generic => "generic",
        }
    }
}

/// Everything the crate knows of one scheme: one row of [`SCHEMES`], or
/// the row a [`crate::schemes::SchemeSpec`] registers.
///
/// The parser, the canonical form, the views, the planners and the
/// command line read these fields rather than keep their own lists.
/// Rows are made by the crate ([`SCHEMES`], [`Scheme::row`]) or by
/// [`crate::schemes::SchemeSpec`]'s builder methods.
///
/// # Example
///
/// ```
/// use uniform::{Protocol, Scheme, Syntax};
/// let row = Scheme::Gopher.row();
/// assert_eq!(row.name, "gopher");
/// assert_eq!(row.rfcs[0], "RFC 1738 section 3.4");
/// assert_eq!(row.default_port, Some(70));
/// assert_eq!(row.syntax, Syntax::Internet);
/// assert!(row.hierarchical && !row.search_1738);
/// assert_eq!(row.protocol, Some(Protocol::Gopher));
/// assert!(row.fetch);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct SchemeRow {
    /// The variant; [`Scheme::Other`] or [`Scheme::Experimental`] for a
    /// registered scheme.
    pub scheme: Scheme,
    /// The name in lower case (`""` in the rows of `Experimental` and
    /// `Other`, which stand for many names).
    pub name: &'static str,
    /// Where the scheme is defined, the defining text first (the one
    /// messages cite), then other texts that describe or reserve it.
    pub rfcs: &'static [&'static str],
    /// The port a URL of the scheme means when it names none.
    pub default_port: Option<u16>,
    /// How the scheme-specific part is laid out.
    pub syntax: Syntax,
    /// Whether the seeds give the scheme a syntax: RFC 1738 section 4
    /// reserves `afs`, `nfs`, `mailserver` and `z39.50` without one, RFC
    /// 1630 reserves `urn` for a future standard.
    pub defined: bool,
    /// Whether `/` marks a hierarchy that relative references can use
    /// (RFC 1738 section 2.3).
    pub hierarchical: bool,
    /// Whether `?` starts a search part under RFC 1738 (RFC 1630 and RFC
    /// 3986 always read one).
    pub search_1738: bool,
    /// The protocol that reaches the object, if any.
    pub protocol: Option<Protocol>,
    /// Whether `uniform fetch` reaches the object by that protocol.
    pub fetch: bool,
    /// The typed view that reads the URL.
    pub view: ViewKind,
    /// Whether the WHATWG URL Standard makes it a special scheme (`http`,
    /// `https`, `ws`, `wss`, `ftp`, `file`): its host is a domain or an
    /// address, `\\` reads as `/`, its path is never opaque.
    pub special: bool,
}

impl SchemeRow {
    /// The row of a scheme the seeds do not define: the generic syntax,
    /// hierarchical, `?` starts a search part, no port, no protocol.
    pub(crate) const fn generic(
        scheme: Scheme,
        name: &'static str,
        rfcs: &'static [&'static str],
    ) -> SchemeRow {
        SchemeRow {
            scheme,
            name,
            rfcs,
            default_port: None,
            syntax: Syntax::Generic,
            defined: false,
            hierarchical: true,
            search_1738: true,
            protocol: None,
            fetch: false,
            view: ViewKind::Generic,
            special: false,
        }
    }
}

/// A row of [`SCHEMES`], written out once: name, texts, port, syntax,
/// defined, hierarchical, search, protocol, fetch, view, WHATWG special.
macro_rules! row {
    ($scheme:ident, $name:literal, [$($rfc:literal),+], $port:expr, $syntax:ident, $defined:literal,
     $hier:literal, $search:literal, $proto:expr, $fetch:literal, $view:ident, $special:literal) => {
        SchemeRow {
            scheme: Scheme::$scheme,
            name: $name,
            rfcs: &[$($rfc),+],
            default_port: $port,
            syntax: Syntax::$syntax,
            defined: $defined,
            hierarchical: $hier,
            search_1738: $search,
            protocol: $proto,
            fetch: $fetch,
            view: ViewKind::$view,
            special: $special,
        }
    };
}

use Protocol as P;

/// The scheme table: one row per named [`Scheme`], in declaration order
/// (so `SCHEMES[s as usize]` is the row of `s`).
///
/// Default ports: RFC 1738 sections 3.2 to 3.11; rlogin 513 and tn3270 23
/// are their protocols' own. `?` starts a search part under RFC 1738 only
/// in http (section 3.3) and wais (3.9), and in the schemes it does not
/// define; in the url-paths of ftp, gopher, file, prospero and the others
/// it is an ordinary character. `rlogin` and `tn3270` have a protocol
/// that `uniform fetch` does not speak (it says why).
///
/// # Example
///
/// ```
/// use uniform::SCHEMES;
/// let fetched: Vec<_> = SCHEMES.iter().filter(|r| r.fetch).map(|r| r.name).collect();
/// assert!(fetched.contains(&"gopher") && !fetched.contains(&"urn"));
/// ```
#[rustfmt::skip]
pub static SCHEMES: [SchemeRow; 22] = [
    row!(Ftp, "ftp", ["RFC 1738 section 3.2", "RFC 1630, FTP"], Some(21), Internet, true, true, false, Some(P::Ftp), true, Ftp, true),
    row!(Http, "http", ["RFC 1738 section 3.3", "RFC 1630, HTTP"], Some(80), Internet, true, true, true, Some(P::Http), true, Http, true),
    row!(Https, "https", ["RFC 2818 section 2.4"], Some(443), Internet, true, true, true, Some(P::Http), true, Http, true),
    row!(Gopher, "gopher", ["RFC 1738 section 3.4", "RFC 1630, Gopher"], Some(70), Internet, true, true, false, Some(P::Gopher), true, Gopher, false),
    row!(Mailto, "mailto", ["RFC 1738 section 3.5", "RFC 1630, Mailto"], None, Opaque, true, false, false, Some(P::Smtp), true, Mailto, false),
    row!(News, "news", ["RFC 1738 section 3.6", "RFC 1630, News"], None, Opaque, true, false, false, Some(P::Nntp), true, News, false),
    row!(Nntp, "nntp", ["RFC 1738 section 3.7", "RFC 1630, BNF for specific URL schemes"], Some(119), Internet, true, true, false, Some(P::Nntp), true, Nntp, false),
    row!(Telnet, "telnet", ["RFC 1738 section 3.8", "RFC 1630, Telnet, rlogin, tn3270"], Some(23), Internet, true, true, false, Some(P::Telnet), true, Telnet, false),
    row!(Wais, "wais", ["RFC 1738 section 3.9", "RFC 1630, WAIS"], Some(210), Internet, true, true, true, Some(P::Wais), true, Wais, false),
    row!(File, "file", ["RFC 1738 section 3.10", "RFC 1630, file"], None, Internet, true, true, false, Some(P::File), true, File, true),
    row!(Prospero, "prospero", ["RFC 1738 section 3.11", "RFC 1630, Prospero"], Some(1525), Internet, true, true, false, Some(P::Prospero), true, Prospero, false),
    row!(Mid, "mid", ["RFC 1630, Message-Id", "RFC 1738 section 4"], None, Opaque, true, false, true, None, false, Mid, false),
    row!(Cid, "cid", ["RFC 1630, Content-Id", "RFC 1738 section 4"], None, Opaque, true, false, true, None, false, Cid, false),
    row!(Urn, "urn", ["RFC 1630, URN"], None, Generic, false, false, true, None, false, Urn, false),
    row!(Rlogin, "rlogin", ["RFC 1630, Telnet, rlogin, tn3270"], Some(513), Internet, true, true, false, Some(P::Rlogin), false, Telnet, false),
    row!(Tn3270, "tn3270", ["RFC 1630, Telnet, rlogin, tn3270", "RFC 1738 section 4"], Some(23), Internet, true, true, false, Some(P::Tn3270), false, Telnet, false),
    row!(Afs, "afs", ["RFC 1738 section 4"], None, Generic, false, true, true, None, false, Generic, false),
    row!(Nfs, "nfs", ["RFC 1738 section 4"], None, Generic, false, true, true, None, false, Generic, false),
    row!(Mailserver, "mailserver", ["RFC 1738 section 4"], None, Generic, false, true, true, None, false, Generic, false),
    row!(Z3950, "z39.50", ["RFC 1738 section 4"], None, Generic, false, true, true, None, false, Generic, false),
    row!(Ws, "ws", ["RFC 6455 section 3"], Some(80), Internet, true, true, true, None, false, Generic, true),
    row!(Wss, "wss", ["RFC 6455 section 3"], Some(443), Internet, true, true, true, None, false, Generic, true),
];

/// The row of every `x-` name.
static EXPERIMENTAL: SchemeRow = SchemeRow::generic(
    Scheme::Experimental,
    "",
    &["RFC 1738 section 4 (x- names are experimental)"],
);

/// The row of every other name.
static OTHER: SchemeRow =
    SchemeRow::generic(Scheme::Other, "", &["RFC 1738 section 5 (genericurl)"]);

/// What the parser asks of a row on every URL, one bit each: the packed
/// form of the row's own fields, made from `SCHEMES` at compile time, so
/// that the parse reads one byte instead of a row (2.5 ns of the 40 a
/// lenient parse takes, `cargo bench -p uniform-bench --bench parse`).
pub(crate) mod parse_flags {
    /// The common Internet scheme syntax (RFC 1738 section 3.1).
    pub(crate) const INTERNET: u8 = 1;
    /// Opaque: `//` after the colon starts no authority.
    pub(crate) const OPAQUE: u8 = 2;
    /// RFC 1738 gives it a search part after `?`.
    pub(crate) const SEARCH_1738: u8 = 4;
    /// The seeds define its syntax.
    pub(crate) const DEFINED: u8 = 8;
}

impl SchemeRow {
    /// The row's [`parse_flags`].
    pub(crate) const fn parse_flags(&self) -> u8 {
        let mut f = 0;
        if matches!(self.syntax, Syntax::Internet) {
            f |= parse_flags::INTERNET;
        }
        if matches!(self.syntax, Syntax::Opaque) {
            f |= parse_flags::OPAQUE;
        }
        if self.search_1738 {
            f |= parse_flags::SEARCH_1738;
        }
        if self.defined {
            f |= parse_flags::DEFINED;
        }
        f
    }
}

/// The view of every scheme, by `Scheme as usize` (the named rows, then
/// `Experimental` and `Other`): `SchemeRow::view`, packed at compile time
/// for the dispatch every strict parse makes.
static VIEWS: [ViewKind; SCHEMES.len() + 2] = {
    let mut out = [ViewKind::Generic; SCHEMES.len() + 2];
    let mut i = 0;
    while i < SCHEMES.len() {
        out[i] = SCHEMES[i].view;
        i += 1;
    }
    out[SCHEMES.len()] = EXPERIMENTAL.view;
    out[SCHEMES.len() + 1] = OTHER.view;
    out
};

/// [`SchemeRow::parse_flags`] of every scheme, by `Scheme as usize`:
/// the named rows, then `Experimental` and `Other`.
static PARSE_FLAGS: [u8; SCHEMES.len() + 2] = {
    let mut out = [0u8; SCHEMES.len() + 2];
    let mut i = 0;
    while i < SCHEMES.len() {
        out[i] = SCHEMES[i].parse_flags();
        i += 1;
    }
    out[SCHEMES.len()] = EXPERIMENTAL.parse_flags();
    out[SCHEMES.len() + 1] = OTHER.parse_flags();
    out
};

impl Scheme {
    /// Classifies a scheme name, ignoring ASCII case (RFC 1738 section 2.1).
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::Scheme;
    /// assert_eq!(Scheme::from_name("Gopher"), Scheme::Gopher);
    /// assert_eq!(Scheme::from_name("Z39.50"), Scheme::Z3950);
    /// ```
    pub fn from_name(name: &str) -> Scheme {
        Scheme::from_bytes(name.as_bytes())
    }

    /// As [`Scheme::from_name`], on bytes.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::Scheme;
    /// assert_eq!(Scheme::from_bytes(b"HTTP"), Scheme::Http);
    /// ```
    #[inline]
    pub fn from_bytes(name: &[u8]) -> Scheme {
        // By length and first letter, then one comparison with a literal
        // (unrolled, as its length is known): every URL the parser reads
        // goes through here. `| 0x20` folds the case of a letter, and may
        // let a non-letter through, which the comparison then refuses.
        let eq = |s: &str| name.eq_ignore_ascii_case(s.as_bytes());
        let found = match (name.len(), name.first().map_or(0, |c| c | 0x20)) {
            (3, b'f') if eq("ftp") => Scheme::Ftp,
            (3, b'm') if eq("mid") => Scheme::Mid,
            (3, b'c') if eq("cid") => Scheme::Cid,
            (3, b'u') if eq("urn") => Scheme::Urn,
            (3, b'a') if eq("afs") => Scheme::Afs,
            (3, b'n') if eq("nfs") => Scheme::Nfs,
            (2, b'w') if eq("ws") => Scheme::Ws,
            (3, b'w') if eq("wss") => Scheme::Wss,
            (4, b'h') if eq("http") => Scheme::Http,
            (4, b'f') if eq("file") => Scheme::File,
            (4, b'w') if eq("wais") => Scheme::Wais,
            (4, b'n') if eq("news") => Scheme::News,
            (4, b'n') if eq("nntp") => Scheme::Nntp,
            (5, b'h') if eq("https") => Scheme::Https,
            (6, b'g') if eq("gopher") => Scheme::Gopher,
            (6, b'm') if eq("mailto") => Scheme::Mailto,
            (6, b't') if eq("telnet") => Scheme::Telnet,
            (6, b't') if eq("tn3270") => Scheme::Tn3270,
            (6, b'r') if eq("rlogin") => Scheme::Rlogin,
            (6, b'z') if eq("z39.50") => Scheme::Z3950,
            (8, b'p') if eq("prospero") => Scheme::Prospero,
            (10, b'm') if eq("mailserver") => Scheme::Mailserver,
            _ => Scheme::Other,
        };
        if found != Scheme::Other {
            return found;
        }
        if name.len() > 2 && name[..2].eq_ignore_ascii_case(b"x-") {
            Scheme::Experimental
        } else {
            Scheme::Other
        }
    }

    /// The scheme's row of the table: [`SCHEMES`] for a named scheme, a
    /// generic row for `Experimental` and `Other`.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::Scheme;
    /// assert_eq!(Scheme::Nntp.row().default_port, Some(119));
    /// assert_eq!(Scheme::Other.row().name, "");
    /// ```
    #[inline]
    pub fn row(self) -> &'static SchemeRow {
        match SCHEMES.get(self as usize) {
            Some(row) => row,
            None if self == Scheme::Experimental => &EXPERIMENTAL,
            None => &OTHER,
        }
    }
    /// The row's view, from the table packed at compile time.
    #[inline]
    pub(crate) fn view(self) -> ViewKind {
        VIEWS[self as usize]
    }

    /// The row's parse flags, from the table packed at compile time.
    #[inline]
    pub(crate) fn parse_flags(self) -> u8 {
        PARSE_FLAGS[self as usize]
    }

    /// The canonical (lower-case) name, or `None` for `Experimental` and `Other`.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::Scheme;
    /// assert_eq!(Scheme::Wais.name(), Some("wais"));
    /// assert_eq!(Scheme::Other.name(), None);
    /// ```
    pub fn name(self) -> Option<&'static str> {
        // `SCHEMES` is in declaration order: the variant's index is its row.
        SCHEMES.get(self as usize).map(|r| r.name)
    }

    /// The port a URL of this scheme means when it names none.
    ///
    /// ftp 21, http 80, https 443, gopher 70, nntp 119, telnet 23,
    /// wais 210, prospero 1525 (RFC 1738 sections 3.2 to 3.11); rlogin 513
    /// and tn3270 23 (their protocols' own ports).
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::Scheme;
    /// assert_eq!(Scheme::Prospero.default_port(), Some(1525));
    /// assert_eq!(Scheme::Mailto.default_port(), None);
    /// ```
    pub fn default_port(self) -> Option<u16> {
        self.row().default_port
    }

    /// Whether the scheme-specific part follows the common Internet scheme
    /// syntax `//<user>:<password>@<host>:<port>/<url-path>` (RFC 1738
    /// section 3.1).
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::Scheme;
    /// assert!(Scheme::Nntp.uses_internet_syntax());
    /// assert!(!Scheme::News.uses_internet_syntax());
    /// ```
    pub fn uses_internet_syntax(self) -> bool {
        self.row().syntax == Syntax::Internet
    }

    /// Whether `/` marks a hierarchy in this scheme, so that relative
    /// references can be resolved against its URLs (RFC 1738 section 2.3,
    /// RFC 1630 "Partial (relative) form"). `mailto`, `news`, `mid`, `cid`
    /// and `urn` are not hierarchical; unknown schemes are taken to be.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::Scheme;
    /// assert!(Scheme::Ftp.is_hierarchical());
    /// assert!(!Scheme::Mailto.is_hierarchical());
    /// ```
    pub fn is_hierarchical(self) -> bool {
        self.row().hierarchical
    }

    /// Whether `?` starts a search part in this scheme under RFC 1738.
    ///
    /// Only HTTP (section 3.3) and WAIS (section 3.9) define one; in the
    /// url-paths of ftp, gopher, file, prospero and the others `?` is an
    /// ordinary character (see `fsegment`, `psegment` and "within the
    /// gopher-path, no characters are reserved"). Schemes the RFC does not
    /// define keep the generic `?` of RFC 1630.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::Scheme;
    /// assert!(Scheme::Http.has_search_1738());
    /// assert!(!Scheme::Ftp.has_search_1738());
    /// ```
    pub fn has_search_1738(self) -> bool {
        self.row().search_1738
    }

    /// Whether the seeds define a syntax for this scheme. RFC 1738 section 4
    /// reserves `afs`, `nfs`, `mailserver` and `z39.50` without one, RFC 1630
    /// reserves `urn` for a future standard; `x-` names are private.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::Scheme;
    /// assert!(!Scheme::Afs.has_defined_syntax());
    /// assert!(Scheme::Gopher.has_defined_syntax());
    /// ```
    pub fn has_defined_syntax(self) -> bool {
        self.row().defined
    }

    /// Where the seeds define the scheme, for messages.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::Scheme;
    /// assert_eq!(Scheme::Gopher.defined_in(), "RFC 1738 section 3.4");
    /// ```
    pub fn defined_in(self) -> &'static str {
        self.row().rfcs[0]
    }
}

impl fmt::Display for Scheme {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.name() {
            Some(n) => f.write_str(n),
            None if *self == Scheme::Experimental => f.write_str("x-"),
            None => f.write_str("(other)"),
        }
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_packed_parse_flags_are_the_rows() {
        for row in SCHEMES.iter().chain([&EXPERIMENTAL, &OTHER]) {
            let f = row.scheme.parse_flags();
            assert_eq!(f, row.parse_flags(), "{:?}", row.scheme);
            assert_eq!(
                f & parse_flags::INTERNET != 0,
                row.syntax == Syntax::Internet
            );
            assert_eq!(f & parse_flags::OPAQUE != 0, row.syntax == Syntax::Opaque);
            assert_eq!(f & parse_flags::SEARCH_1738 != 0, row.search_1738);
            assert_eq!(f & parse_flags::DEFINED != 0, row.defined);
            assert_eq!(row.scheme.view(), row.view);
        }
    }

    use super::*;

    #[test]
    fn names_round_trip() {
        for SchemeRow {
            scheme: s, name: n, ..
        } in SCHEMES
        {
            assert_eq!(Scheme::from_name(n), s);
            assert_eq!(Scheme::from_name(&n.to_ascii_uppercase()), s);
            assert_eq!(s.name(), Some(n));
        }
    }

    #[test]
    fn seeds_default_ports() {
        // RFC 1738 sections 3.2 to 3.11.
        let want = [
            ("ftp", 21),
            ("http", 80),
            ("gopher", 70),
            ("nntp", 119),
            ("telnet", 23),
            ("wais", 210),
            ("prospero", 1525),
        ];
        for (n, p) in want {
            assert_eq!(Scheme::from_name(n).default_port(), Some(p), "{n}");
        }
    }

    #[test]
    fn named_is_in_declaration_order() {
        for (i, row) in SCHEMES.iter().enumerate() {
            assert_eq!(row.scheme as usize, i);
            assert_eq!(row.scheme.row(), row);
        }
        assert_eq!(Scheme::Experimental.name(), None);
        assert_eq!(Scheme::Other.name(), None);
    }

    #[test]
    fn from_bytes_is_a_caseless_lookup() {
        // Against the plain search, on every name with each byte changed
        // to each value (case and non-letters alike), and on prefixes.
        let plain = |b: &[u8]| {
            SCHEMES
                .iter()
                .find(|r| b.eq_ignore_ascii_case(r.name.as_bytes()))
                .map(|r| r.scheme)
        };
        for SchemeRow { name: n, .. } in SCHEMES {
            for i in 0..n.len() {
                for v in 0..=255u8 {
                    let mut b = n.as_bytes().to_vec();
                    b[i] = v;
                    if let Some(s) = plain(&b) {
                        assert_eq!(Scheme::from_bytes(&b), s, "{b:?}");
                    } else {
                        assert!(
                            matches!(Scheme::from_bytes(&b), Scheme::Other | Scheme::Experimental),
                            "{b:?}"
                        );
                    }
                }
                assert_eq!(
                    Scheme::from_bytes(&n.as_bytes()[..i]),
                    plain(&n.as_bytes()[..i]).unwrap_or(Scheme::Other)
                );
            }
        }
        assert_eq!(Scheme::from_bytes(b""), Scheme::Other);
    }

    #[test]
    fn x_needs_a_name_after_the_dash() {
        assert_eq!(Scheme::from_name("x-"), Scheme::Other);
        assert_eq!(Scheme::from_name("X-Foo"), Scheme::Experimental);
    }

    /// The table says what the match arms it replaced said, variant by
    /// variant (the arms are kept here as the reference).
    #[test]
    fn table_agrees_with_the_former_arms() {
        use Scheme::*;
        let all = [
            Ftp,
            Http,
            Https,
            Gopher,
            Mailto,
            News,
            Nntp,
            Telnet,
            Wais,
            File,
            Prospero,
            Mid,
            Cid,
            Urn,
            Rlogin,
            Tn3270,
            Afs,
            Nfs,
            Mailserver,
            Z3950,
            Experimental,
            Other,
        ];
        for s in all {
            let port = match s {
                Ftp => Some(21),
                Http => Some(80),
                Https => Some(443),
                Gopher => Some(70),
                Nntp => Some(119),
                Telnet | Tn3270 => Some(23),
                Wais => Some(210),
                Prospero => Some(1525),
                Rlogin => Some(513),
                _ => None,
            };
            assert_eq!(s.default_port(), port, "{s:?}");
            let internet = matches!(
                s,
                Ftp | Http
                    | Https
                    | Gopher
                    | Nntp
                    | Telnet
                    | Wais
                    | File
                    | Prospero
                    | Rlogin
                    | Tn3270
            );
            assert_eq!(s.uses_internet_syntax(), internet, "{s:?}");
            let opaque = matches!(s, Mailto | News | Mid | Cid);
            assert_eq!(s.row().syntax == Syntax::Opaque, opaque, "{s:?}");
            let flat = matches!(s, Mailto | News | Mid | Cid | Urn);
            assert_eq!(s.is_hierarchical(), !flat, "{s:?}");
            let no_search = matches!(
                s,
                Ftp | Gopher | Mailto | News | Nntp | Telnet | File | Prospero | Rlogin | Tn3270
            );
            assert_eq!(s.has_search_1738(), !no_search, "{s:?}");
            let undefined = matches!(
                s,
                Afs | Nfs | Mailserver | Z3950 | Urn | Experimental | Other
            );
            assert_eq!(s.has_defined_syntax(), !undefined, "{s:?}");
            let view = match s {
                Ftp => ViewKind::Ftp,
                Http | Https => ViewKind::Http,
                Gopher => ViewKind::Gopher,
                Mailto => ViewKind::Mailto,
                News => ViewKind::News,
                Nntp => ViewKind::Nntp,
                Telnet | Rlogin | Tn3270 => ViewKind::Telnet,
                Wais => ViewKind::Wais,
                File => ViewKind::File,
                Prospero => ViewKind::Prospero,
                Mid => ViewKind::Mid,
                Cid => ViewKind::Cid,
                Urn => ViewKind::Urn,
                _ => ViewKind::Generic,
            };
            assert_eq!(s.row().view, view, "{s:?}");
            assert!(!s.row().rfcs.is_empty(), "{s:?}");
            // Only schemes with a protocol can be fetched.
            assert!(!s.row().fetch || s.row().protocol.is_some(), "{s:?}");
        }
        assert_eq!(Https.defined_in(), "RFC 2818 section 2.4");
        assert_eq!(Rlogin.defined_in(), "RFC 1630, Telnet, rlogin, tn3270");
        assert_eq!(Afs.defined_in(), "RFC 1738 section 4");
        assert_eq!(Other.defined_in(), "RFC 1738 section 5 (genericurl)");
        assert_eq!(
            Experimental.defined_in(),
            "RFC 1738 section 4 (x- names are experimental)"
        );
    }
}
