//! Scheme names: the variants the seeds name, found from a name without
//! regard to case.

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
}
