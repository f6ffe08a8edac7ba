//! Scheme names and what the seeds say about each.
//!
//! RFC 1738 section 2.1: scheme names are compared case-insensitively
//! ("allow `HTTP` as well as `http`"). Section 3 lists the schemes it
//! defines, section 4 the names it reserves without a syntax; RFC 1630 adds
//! `mid`, `cid`, `urn`, `rlogin` and `tn3270`, and reserves the `x-` prefix
//! for experiments.

mod name;
mod protocol;
mod row;
mod table;

pub use name::Scheme;
pub use protocol::{LinkCheck, Protocol};
pub use row::{SchemeRow, Syntax, ViewKind};
pub use table::SCHEMES;
pub(crate) use table::parse_flags;

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

    use super::table::{EXPERIMENTAL, OTHER};
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
            use crate::pct::EncodeSet;
            let path_set = match s {
                Mailto => EncodeSet::MAILTO,
                News => EncodeSet::NEWS,
                Gopher => EncodeSet::GOPHER,
                Prospero => EncodeSet::PROSPERO,
                _ => EncodeSet::PATH,
            };
            assert_eq!(s.row().path_set, path_set, "{s:?}");
            let segment_set = match s {
                Ftp => EncodeSet::FTP_SEGMENT,
                Http | Https => EncodeSet::HTTP_SEGMENT,
                File => EncodeSet::FILE_SEGMENT,
                Wais => EncodeSet::WAIS,
                _ => EncodeSet::SEGMENT,
            };
            assert_eq!(s.row().segment_set, segment_set, "{s:?}");
            let fields = matches!(s, Gopher | Wais | Nntp | Prospero);
            assert_eq!(s.row().path_fields, fields, "{s:?}");
            let in_text = matches!(s, File | Mailto | News | Mid | Cid | Urn) || internet;
            assert_eq!(s.row().in_text, in_text, "{s:?}");
            assert_eq!(s.row().tls, s == Https, "{s:?}");
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
