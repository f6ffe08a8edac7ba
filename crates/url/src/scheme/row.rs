//! A scheme's row: its syntax, its view, its protocol and what it does.

use super::name::Scheme;
use super::protocol::{LinkCheck, Protocol};
use crate::pct::EncodeSet;

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

/// Everything the crate knows of one scheme: one row of [`crate::SCHEMES`], or
/// the row a [`crate::schemes::SchemeSpec`] registers.
///
/// The parser, the canonical form, the views, the planners and the
/// command line read these fields rather than keep their own lists.
/// Rows are made by the crate ([`crate::SCHEMES`], [`crate::Scheme::row`]) or by
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
/// // What the scheme does, beside its syntax:
/// assert!(row.path_fields && row.in_text && !row.tls);
/// assert_eq!(row.proxy_variable, Some("gopher_proxy"));
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
    /// Whether the protocol runs over TLS (`https`, `wss`): a redirect
    /// from such a URL to one without is a downgrade.
    pub tls: bool,
    /// The set a whole path is encoded with when it is set: `/` stays a
    /// separator, the characters the scheme reserves are encoded.
    pub path_set: EncodeSet,
    /// The set one path segment is encoded with: `/` is always in it, so
    /// that a segment stays one.
    pub segment_set: EncodeSet,
    /// Whether the url-path is a sequence of fields the server reads as
    /// they are, not a hierarchy a client may tidy: a gopher selector
    /// ("no characters are reserved", RFC 1738 section 3.4), WAIS
    /// database, type and path, an NNTP group and article, a Prospero
    /// hsoname. Normalization removes no dot segment there (RFC 3986
    /// section 6.2.2.3 is "for hierarchical paths"): `gopher://h/1/./x`
    /// asks for the selector `/./x`.
    pub path_fields: bool,
    /// Whether URL extraction finds the scheme in free text without a
    /// wrapper: the schemes the seeds give a syntax, and `urn`; not the
    /// names RFC 1738 section 4 only reserves.
    pub in_text: bool,
    /// The environment variable that names a proxy for the scheme
    /// (`ftp_proxy`...), read in lower case and then in upper case, except
    /// `http_proxy` (never `HTTP_PROXY`: "httpoxy").
    pub proxy_variable: Option<&'static str>,
}

impl SchemeRow {
    /// A row with the generic syntax (RFC 1738 section 5 `genericurl`):
    /// hierarchical, `?` starts a search part, no port, no protocol, the
    /// generic view; the builders below say what a scheme has beside.
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
            tls: false,
            path_set: EncodeSet::PATH,
            segment_set: EncodeSet::SEGMENT,
            path_fields: false,
            in_text: false,
            proxy_variable: None,
        }
    }

    /// The port a URL of the scheme means when it names none.
    pub(crate) const fn port(self, port: u16) -> SchemeRow {
        SchemeRow {
            default_port: Some(port),
            ..self
        }
    }

    /// The seeds give the scheme the common Internet scheme syntax (RFC
    /// 1738 section 3.1); extraction finds it in text.
    pub(crate) const fn internet(self) -> SchemeRow {
        SchemeRow {
            syntax: Syntax::Internet,
            defined: true,
            in_text: true,
            ..self
        }
    }

    /// The seeds give the scheme a syntax without an authority, and no
    /// hierarchy; extraction finds it in text.
    pub(crate) const fn opaque(self) -> SchemeRow {
        SchemeRow {
            syntax: Syntax::Opaque,
            defined: true,
            hierarchical: false,
            in_text: true,
            ..self
        }
    }

    /// `/` marks no hierarchy that relative references can use.
    pub(crate) const fn flat(self) -> SchemeRow {
        SchemeRow {
            hierarchical: false,
            ..self
        }
    }

    /// `?` is an ordinary character of the url-path under RFC 1738.
    pub(crate) const fn no_search(self) -> SchemeRow {
        SchemeRow {
            search_1738: false,
            ..self
        }
    }

    /// `uniform fetch` reaches the object by `protocol`.
    pub(crate) const fn access(self, protocol: Protocol) -> SchemeRow {
        SchemeRow {
            protocol: Some(protocol),
            fetch: true,
            ..self
        }
    }

    /// The scheme has a protocol that `uniform fetch` does not speak.
    pub(crate) const fn protocol_only(self, protocol: Protocol) -> SchemeRow {
        SchemeRow {
            protocol: Some(protocol),
            fetch: false,
            ..self
        }
    }

    /// The typed view that reads the URL.
    pub(crate) const fn read_by(self, view: ViewKind) -> SchemeRow {
        SchemeRow { view, ..self }
    }

    /// One of the URL Standard's special schemes.
    pub(crate) const fn whatwg_special(self) -> SchemeRow {
        SchemeRow {
            special: true,
            ..self
        }
    }

    /// The protocol runs over TLS.
    pub(crate) const fn over_tls(self) -> SchemeRow {
        SchemeRow { tls: true, ..self }
    }

    /// The sets a set path and a set segment are encoded with.
    pub(crate) const fn encode(self, path_set: EncodeSet, segment_set: EncodeSet) -> SchemeRow {
        SchemeRow {
            path_set,
            segment_set,
            ..self
        }
    }

    /// The url-path is a sequence of fields, not a hierarchy.
    pub(crate) const fn path_of_fields(self) -> SchemeRow {
        SchemeRow {
            path_fields: true,
            ..self
        }
    }

    /// Extraction finds the scheme in text though the seeds give it no
    /// syntax (`urn`, RFC 2141).
    pub(crate) const fn found_in_text(self) -> SchemeRow {
        SchemeRow {
            in_text: true,
            ..self
        }
    }

    /// The environment variable naming the scheme's proxy.
    pub(crate) const fn proxy(self, variable: &'static str) -> SchemeRow {
        SchemeRow {
            proxy_variable: Some(variable),
            ..self
        }
    }

    /// How a link to a URL of the scheme is checked: its protocol's
    /// [`Protocol::link_check`], or `None` when no protocol reaches it.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::{LinkCheck, Scheme};
    /// assert_eq!(Scheme::News.row().link_check(), Some(LinkCheck::Fetch));
    /// assert_eq!(Scheme::Urn.row().link_check(), None);
    /// ```
    pub const fn link_check(&self) -> Option<LinkCheck> {
        match self.protocol {
            Some(p) => Some(p.link_check()),
            None => None,
        }
    }

    /// Whether `uniform fetch -I` reads a head for the scheme: its
    /// protocol's [`Protocol::reads_head`].
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::Scheme;
    /// assert!(Scheme::Https.row().reads_head());
    /// assert!(!Scheme::Mailto.row().reads_head());
    /// ```
    pub const fn reads_head(&self) -> bool {
        match self.protocol {
            Some(p) => p.reads_head(),
            None => false,
        }
    }

    /// Whether the scheme's protocol logs in with credentials a `.netrc`
    /// file can supply ([`Protocol::logs_in`]).
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::Scheme;
    /// assert!(Scheme::Ftp.row().logs_in());
    /// assert!(!Scheme::File.row().logs_in());
    /// ```
    pub const fn logs_in(&self) -> bool {
        match self.protocol {
            Some(p) => p.logs_in(),
            None => false,
        }
    }
}
