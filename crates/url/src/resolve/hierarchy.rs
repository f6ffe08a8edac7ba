//! Which schemes have a hierarchy that relative references can use.

use crate::scheme::Scheme;

/// Whether `scheme` has a hierarchy that relative references can use
/// ([`Scheme::is_hierarchical`](crate::Scheme::is_hierarchical)). Only names of 3, 4 or 6 letters can be
/// one of the exceptions (`mid`, `cid`, `urn`, `news`, `mailto`), so the
/// others skip the lookup; a test checks this against every named scheme.
#[inline]
pub(super) fn hierarchical(scheme: &str) -> bool {
    !matches!(scheme.len(), 3 | 4 | 6) || Scheme::from_name(scheme).is_hierarchical()
}
#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hierarchical_shortcut_agrees_with_scheme() {
        let names = [
            "ftp",
            "http",
            "https",
            "gopher",
            "mailto",
            "news",
            "nntp",
            "telnet",
            "wais",
            "file",
            "prospero",
            "mid",
            "cid",
            "urn",
            "rlogin",
            "tn3270",
            "afs",
            "nfs",
            "mailserver",
            "z39.50",
            "x-foo",
            "svn+ssh",
            "MAILTO",
            "News",
            "a",
            "",
        ];
        for n in names {
            assert_eq!(
                hierarchical(n),
                Scheme::from_name(n).is_hierarchical(),
                "{n}"
            );
        }
    }
}
