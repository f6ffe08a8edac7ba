//! The scheme table: one row per named scheme, and the packed forms the
//! parser reads on every URL.

use super::name::Scheme;
use super::protocol::Protocol as P;
use super::row::{SchemeRow, Syntax, ViewKind};
use crate::pct::EncodeSet;
use core::fmt;

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
pub static SCHEMES: [SchemeRow; 22] = [
    SchemeRow::generic(
        Scheme::Ftp,
        "ftp",
        &["RFC 1738 section 3.2", "RFC 1630, FTP"],
    )
    .port(21)
    .internet()
    .no_search()
    .access(P::Ftp)
    .read_by(ViewKind::Ftp)
    .whatwg_special()
    .encode(EncodeSet::PATH, EncodeSet::FTP_SEGMENT)
    .proxy("ftp_proxy"),
    SchemeRow::generic(
        Scheme::Http,
        "http",
        &["RFC 1738 section 3.3", "RFC 1630, HTTP"],
    )
    .port(80)
    .internet()
    .access(P::Http)
    .read_by(ViewKind::Http)
    .whatwg_special()
    .encode(EncodeSet::PATH, EncodeSet::HTTP_SEGMENT)
    .proxy("http_proxy"),
    SchemeRow::generic(Scheme::Https, "https", &["RFC 2818 section 2.4"])
        .port(443)
        .internet()
        .access(P::Http)
        .read_by(ViewKind::Http)
        .whatwg_special()
        .over_tls()
        .encode(EncodeSet::PATH, EncodeSet::HTTP_SEGMENT)
        .proxy("https_proxy"),
    SchemeRow::generic(
        Scheme::Gopher,
        "gopher",
        &["RFC 1738 section 3.4", "RFC 1630, Gopher"],
    )
    .port(70)
    .internet()
    .no_search()
    .access(P::Gopher)
    .read_by(ViewKind::Gopher)
    .encode(EncodeSet::GOPHER, EncodeSet::SEGMENT)
    .path_of_fields()
    .proxy("gopher_proxy"),
    SchemeRow::generic(
        Scheme::Mailto,
        "mailto",
        &["RFC 1738 section 3.5", "RFC 1630, Mailto"],
    )
    .opaque()
    .no_search()
    .access(P::Smtp)
    .read_by(ViewKind::Mailto)
    .encode(EncodeSet::MAILTO, EncodeSet::SEGMENT),
    SchemeRow::generic(
        Scheme::News,
        "news",
        &["RFC 1738 section 3.6", "RFC 1630, News"],
    )
    .opaque()
    .no_search()
    .access(P::Nntp)
    .read_by(ViewKind::News)
    .encode(EncodeSet::NEWS, EncodeSet::SEGMENT)
    .proxy("news_proxy"),
    SchemeRow::generic(
        Scheme::Nntp,
        "nntp",
        &[
            "RFC 1738 section 3.7",
            "RFC 1630, BNF for specific URL schemes",
        ],
    )
    .port(119)
    .internet()
    .no_search()
    .access(P::Nntp)
    .read_by(ViewKind::Nntp)
    .path_of_fields()
    .proxy("nntp_proxy"),
    SchemeRow::generic(
        Scheme::Telnet,
        "telnet",
        &["RFC 1738 section 3.8", "RFC 1630, Telnet, rlogin, tn3270"],
    )
    .port(23)
    .internet()
    .no_search()
    .access(P::Telnet)
    .read_by(ViewKind::Telnet),
    SchemeRow::generic(
        Scheme::Wais,
        "wais",
        &["RFC 1738 section 3.9", "RFC 1630, WAIS"],
    )
    .port(210)
    .internet()
    .access(P::Wais)
    .read_by(ViewKind::Wais)
    .encode(EncodeSet::PATH, EncodeSet::WAIS)
    .path_of_fields()
    .proxy("wais_proxy"),
    SchemeRow::generic(
        Scheme::File,
        "file",
        &["RFC 1738 section 3.10", "RFC 1630, file"],
    )
    .internet()
    .no_search()
    .access(P::File)
    .read_by(ViewKind::File)
    .whatwg_special()
    .encode(EncodeSet::PATH, EncodeSet::FILE_SEGMENT),
    SchemeRow::generic(
        Scheme::Prospero,
        "prospero",
        &["RFC 1738 section 3.11", "RFC 1630, Prospero"],
    )
    .port(1525)
    .internet()
    .no_search()
    .access(P::Prospero)
    .read_by(ViewKind::Prospero)
    .encode(EncodeSet::PROSPERO, EncodeSet::SEGMENT)
    .path_of_fields()
    .proxy("prospero_proxy"),
    SchemeRow::generic(
        Scheme::Mid,
        "mid",
        &["RFC 1630, Message-Id", "RFC 1738 section 4"],
    )
    .opaque()
    .read_by(ViewKind::Mid),
    SchemeRow::generic(
        Scheme::Cid,
        "cid",
        &["RFC 1630, Content-Id", "RFC 1738 section 4"],
    )
    .opaque()
    .read_by(ViewKind::Cid),
    SchemeRow::generic(Scheme::Urn, "urn", &["RFC 1630, URN"])
        .flat()
        .read_by(ViewKind::Urn)
        .found_in_text(),
    SchemeRow::generic(
        Scheme::Rlogin,
        "rlogin",
        &["RFC 1630, Telnet, rlogin, tn3270"],
    )
    .port(513)
    .internet()
    .no_search()
    .protocol_only(P::Rlogin)
    .read_by(ViewKind::Telnet),
    SchemeRow::generic(
        Scheme::Tn3270,
        "tn3270",
        &["RFC 1630, Telnet, rlogin, tn3270", "RFC 1738 section 4"],
    )
    .port(23)
    .internet()
    .no_search()
    .protocol_only(P::Tn3270)
    .read_by(ViewKind::Telnet),
    SchemeRow::generic(Scheme::Afs, "afs", &["RFC 1738 section 4"]),
    SchemeRow::generic(Scheme::Nfs, "nfs", &["RFC 1738 section 4"]),
    SchemeRow::generic(Scheme::Mailserver, "mailserver", &["RFC 1738 section 4"]),
    SchemeRow::generic(Scheme::Z3950, "z39.50", &["RFC 1738 section 4"]),
    SchemeRow::generic(Scheme::Ws, "ws", &["RFC 6455 section 3"])
        .port(80)
        .internet()
        .whatwg_special(),
    SchemeRow::generic(Scheme::Wss, "wss", &["RFC 6455 section 3"])
        .port(443)
        .internet()
        .whatwg_special()
        .over_tls(),
];

/// The row of every `x-` name.
pub(super) static EXPERIMENTAL: SchemeRow = SchemeRow::generic(
    Scheme::Experimental,
    "",
    &["RFC 1738 section 4 (x- names are experimental)"],
);

/// The row of every other name.
pub(super) static OTHER: SchemeRow =
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
pub(super) static VIEWS: [ViewKind; SCHEMES.len() + 2] = {
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
pub(super) static PARSE_FLAGS: [u8; SCHEMES.len() + 2] = {
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
