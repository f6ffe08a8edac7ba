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
    /// A name starting with `x-`: experimental (RFC 1738 section 4, RFC 1630).
    Experimental,
    /// Any other scheme: parsed by the generic syntax.
    Other,
}

/// Every named variant, in declaration order (without `Experimental` and `Other`).
const NAMED: [(Scheme, &str); 20] = [
    (Scheme::Ftp, "ftp"),
    (Scheme::Http, "http"),
    (Scheme::Https, "https"),
    (Scheme::Gopher, "gopher"),
    (Scheme::Mailto, "mailto"),
    (Scheme::News, "news"),
    (Scheme::Nntp, "nntp"),
    (Scheme::Telnet, "telnet"),
    (Scheme::Wais, "wais"),
    (Scheme::File, "file"),
    (Scheme::Prospero, "prospero"),
    (Scheme::Mid, "mid"),
    (Scheme::Cid, "cid"),
    (Scheme::Urn, "urn"),
    (Scheme::Rlogin, "rlogin"),
    (Scheme::Tn3270, "tn3270"),
    (Scheme::Afs, "afs"),
    (Scheme::Nfs, "nfs"),
    (Scheme::Mailserver, "mailserver"),
    (Scheme::Z3950, "z39.50"),
];

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
        // `NAMED` is in declaration order: the variant's index is its place.
        NAMED.get(self as usize).map(|(_, n)| *n)
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
        Some(match self {
            Scheme::Ftp => 21,
            Scheme::Http => 80,
            Scheme::Https => 443,
            Scheme::Gopher => 70,
            Scheme::Nntp => 119,
            Scheme::Telnet => 23,
            Scheme::Wais => 210,
            Scheme::Prospero => 1525,
            Scheme::Rlogin => 513,
            Scheme::Tn3270 => 23,
            _ => return None,
        })
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
        matches!(
            self,
            Scheme::Ftp
                | Scheme::Http
                | Scheme::Https
                | Scheme::Gopher
                | Scheme::Nntp
                | Scheme::Telnet
                | Scheme::Wais
                | Scheme::File
                | Scheme::Prospero
                | Scheme::Rlogin
                | Scheme::Tn3270
        )
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
        !matches!(
            self,
            Scheme::Mailto | Scheme::News | Scheme::Mid | Scheme::Cid | Scheme::Urn
        )
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
        !matches!(
            self,
            Scheme::Ftp
                | Scheme::Gopher
                | Scheme::Mailto
                | Scheme::News
                | Scheme::Nntp
                | Scheme::Telnet
                | Scheme::File
                | Scheme::Prospero
                | Scheme::Rlogin
                | Scheme::Tn3270
        )
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
        !matches!(
            self,
            Scheme::Afs
                | Scheme::Nfs
                | Scheme::Mailserver
                | Scheme::Z3950
                | Scheme::Urn
                | Scheme::Experimental
                | Scheme::Other
        )
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
        match self {
            Scheme::Ftp => "RFC 1738 section 3.2",
            Scheme::Http => "RFC 1738 section 3.3",
            Scheme::Https => "RFC 2818 section 2.4",
            Scheme::Gopher => "RFC 1738 section 3.4",
            Scheme::Mailto => "RFC 1738 section 3.5",
            Scheme::News => "RFC 1738 section 3.6",
            Scheme::Nntp => "RFC 1738 section 3.7",
            Scheme::Telnet => "RFC 1738 section 3.8",
            Scheme::Wais => "RFC 1738 section 3.9",
            Scheme::File => "RFC 1738 section 3.10",
            Scheme::Prospero => "RFC 1738 section 3.11",
            Scheme::Mid => "RFC 1630, Message-Id",
            Scheme::Cid => "RFC 1630, Content-Id",
            Scheme::Urn => "RFC 1630, URN",
            Scheme::Rlogin | Scheme::Tn3270 => "RFC 1630, Telnet, rlogin, tn3270",
            Scheme::Afs | Scheme::Nfs | Scheme::Mailserver | Scheme::Z3950 => "RFC 1738 section 4",
            Scheme::Experimental => "RFC 1738 section 4 (x- names are experimental)",
            Scheme::Other => "RFC 1738 section 5 (genericurl)",
        }
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
    use super::*;

    #[test]
    fn names_round_trip() {
        for (s, n) in NAMED {
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
        for (i, (s, _)) in NAMED.iter().enumerate() {
            assert_eq!(*s as usize, i);
        }
        assert_eq!(Scheme::Experimental.name(), None);
        assert_eq!(Scheme::Other.name(), None);
    }

    #[test]
    fn from_bytes_is_a_caseless_lookup() {
        // Against the plain search, on every name with each byte changed
        // to each value (case and non-letters alike), and on prefixes.
        let plain = |b: &[u8]| {
            NAMED
                .iter()
                .find(|(_, n)| b.eq_ignore_ascii_case(n.as_bytes()))
                .map(|(s, _)| *s)
        };
        for (_, n) in NAMED {
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
}
