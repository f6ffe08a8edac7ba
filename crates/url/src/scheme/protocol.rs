//! The protocols that reach an object, and what each can do: the
//! capabilities a scheme's row takes from its protocol.

use core::fmt;

/// The protocol that reaches the object a URL names (RFC 1738 section 1:
/// "the access method"), for the schemes that have one.
///
/// The planners of [`crate::plan`] and `uniform fetch` dispatch on it;
/// `https` is [`Protocol::Http`] over TLS, `news` and `nntp` both
/// [`Protocol::Nntp`], `mailto` [`Protocol::Smtp`]. The enum is
/// exhaustive on purpose: a new protocol must be met by every match on
/// it (the executors', the link checker's), and the compiler lists them.
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

/// How a link to a URL is checked, by the protocol that reaches it: the
/// value the link checker (`uniform-links`) maps to its checks, so that
/// this crate stays free of I/O.
///
/// # Example
///
/// ```
/// use uniform::{LinkCheck, Protocol};
/// assert_eq!(Protocol::Http.link_check(), LinkCheck::Head);
/// assert_eq!(Protocol::Gopher.link_check(), LinkCheck::Fetch);
/// assert_eq!(Protocol::Smtp.link_check(), LinkCheck::Mail);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LinkCheck {
    /// The object's head only: HTTP's `HEAD`, FTP's `SIZE` and `MDTM`
    /// (a directory, which has no head, is fetched instead).
    Head,
    /// A fetch whose first octets show that the object is there.
    Fetch,
    /// A connection, closed at once: a session names no document.
    Connect,
    /// The addresses' syntax, and their domains resolved: nothing is sent.
    Mail,
}

impl LinkCheck {
    /// The name `uniform schemes --json` gives it: `head`, `fetch`,
    /// `connect` or `mail`.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::LinkCheck;
    /// assert_eq!(LinkCheck::Connect.as_str(), "connect");
    /// ```
    pub fn as_str(self) -> &'static str {
        match self {
            LinkCheck::Head => "head",
            LinkCheck::Fetch => "fetch",
            LinkCheck::Connect => "connect",
            LinkCheck::Mail => "mail",
        }
    }

    /// Whether the check reads a document (a head or the object), as
    /// opposed to opening a session or sending nothing.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::LinkCheck;
    /// assert!(LinkCheck::Head.reads_document());
    /// assert!(!LinkCheck::Mail.reads_document());
    /// ```
    pub fn reads_document(self) -> bool {
        match self {
            LinkCheck::Head | LinkCheck::Fetch => true,
            LinkCheck::Connect | LinkCheck::Mail => false,
        }
    }
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
    pub const fn as_str(self) -> &'static str {
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

    /// Whether the protocol can ask for an object's head without its body
    /// (`uniform fetch -I`): HTTP's `HEAD`; FTP's `SIZE`, `MDTM` and `REST`
    /// as curl reads them.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::Protocol;
    /// assert!(Protocol::Ftp.reads_head());
    /// assert!(!Protocol::Gopher.reads_head());
    /// ```
    pub const fn reads_head(self) -> bool {
        match self {
            Protocol::Http | Protocol::Ftp => true,
            Protocol::Gopher
            | Protocol::Nntp
            | Protocol::Smtp
            | Protocol::Telnet
            | Protocol::Rlogin
            | Protocol::Tn3270
            | Protocol::Wais
            | Protocol::File
            | Protocol::Prospero => false,
        }
    }

    /// How a link reached by the protocol is checked.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::{LinkCheck, Protocol};
    /// assert_eq!(Protocol::Rlogin.link_check(), LinkCheck::Connect);
    /// assert_eq!(Protocol::Prospero.link_check(), LinkCheck::Fetch);
    /// ```
    pub const fn link_check(self) -> LinkCheck {
        match self {
            Protocol::Http | Protocol::Ftp => LinkCheck::Head,
            Protocol::Gopher
            | Protocol::Nntp
            | Protocol::Wais
            | Protocol::File
            | Protocol::Prospero => LinkCheck::Fetch,
            Protocol::Telnet | Protocol::Rlogin | Protocol::Tn3270 => LinkCheck::Connect,
            Protocol::Smtp => LinkCheck::Mail,
        }
    }

    /// Whether the protocol logs in with a user name and password that a
    /// `.netrc` file can supply: curl's protocols with credentials among
    /// Uniform's (HTTP, FTP, NNTP, telnet).
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::Protocol;
    /// assert!(Protocol::Nntp.logs_in());
    /// assert!(!Protocol::Gopher.logs_in());
    /// ```
    pub const fn logs_in(self) -> bool {
        match self {
            Protocol::Http | Protocol::Ftp | Protocol::Nntp | Protocol::Telnet => true,
            Protocol::Gopher
            | Protocol::Smtp
            | Protocol::Rlogin
            | Protocol::Tn3270
            | Protocol::Wais
            | Protocol::File
            | Protocol::Prospero => false,
        }
    }
}

impl fmt::Display for Protocol {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}
