//! Checking a URI-reference: a URL, or a relative reference that a base
//! would complete.

use crate::dialect::Dialect;
use crate::error::{ParseError, ParseErrorKind};
use crate::options::ParseOptions;
use crate::prelude::*;
use crate::table::Component;

/// The scheme that stands in front of a relative reference while the
/// generic grammar checks it: unknown to every dialect, so that only the
/// generic rules apply.
const STAND_IN: &str = "x:";

impl ParseOptions {
    /// Checks `reference` as a URI-reference of the dialect: a URL (with a
    /// scheme) as [`ParseOptions::parse_with_warnings`] does, or a relative
    /// reference by the generic grammar (RFC 3986 section 4.2's
    /// `relative-ref`; RFC 1738 and RFC 1630 have no grammar of their own
    /// for one, and are read by their generic rules). Under RFC 3986 the
    /// first segment of a relative path holds no `:`, which would read as
    /// a scheme (`path-noscheme`). Offsets are in `reference`.
    ///
    /// # Errors
    ///
    /// The first violation, in strict mode; in lenient mode, what even a
    /// lenient parse cannot read.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::{Dialect, ParseOptions};
    /// let o = ParseOptions::new().dialect(Dialect::Rfc3986).strict(true);
    /// let mut w = Vec::new();
    /// assert!(o.check_reference("../g;x?y#s", &mut w).is_ok());
    /// assert!(o.check_reference("//h/p", &mut w).is_ok());
    /// // "this:that" is a URI of scheme "this"; "my_file:2" names no scheme
    /// // and is no relative reference either.
    /// assert!(o.check_reference("this:that", &mut w).is_ok());
    /// let e = o.check_reference("my_file:2", &mut w).unwrap_err();
    /// assert_eq!((e.offset(), e.rule(), e.section()), (7, "path-noscheme", "RFC 3986 section 4.2"));
    /// assert!(o.check_reference("./my_file:2", &mut w).is_ok());
    /// assert_eq!(o.check_reference("a b", &mut w).unwrap_err().offset(), 1);
    /// ```
    pub fn check_reference(
        &self,
        reference: &str,
        warnings: &mut Vec<ParseError>,
    ) -> Result<(), ParseError> {
        if has_scheme(reference, self.get_dialect()) {
            return self.parse_with_warnings(reference, warnings).map(|_| ());
        }
        let first = reference.find(['/', '?', '#']).unwrap_or(reference.len());
        if self.get_dialect() == Dialect::Rfc3986
            && let Some(colon) = reference[..first].find(':')
        {
            let e = ParseError::new(
                ParseErrorKind::ReservedChar,
                colon,
                Component::Path,
                Some(b':'),
                Dialect::Rfc3986,
            )
            .cited("path-noscheme", "RFC 3986 section 4.2")
            .with_detail("the first segment of a relative path holds no ':', which would read as a scheme (write \"./\" before it)");
            if self.is_strict() {
                return Err(e);
            }
            warnings.push(e);
        }
        let text = format!("{STAND_IN}{reference}");
        let mut found = Vec::new();
        let result = self.parse_with_warnings(&text, &mut found);
        warnings.extend(found.into_iter().map(|w| w.moved_back(STAND_IN.len())));
        result.map(|_| ()).map_err(|e| e.moved_back(STAND_IN.len()))
    }
}

/// Whether `reference` starts with a scheme name and its colon, by the
/// dialect's rule for scheme names (RFC 3986 section 3.1 starts one with
/// a letter; RFC 1738 section 2.1 and RFC 1630 allow a digit first).
fn has_scheme(reference: &str, dialect: Dialect) -> bool {
    let b = reference.as_bytes();
    let Some(colon) = b
        .iter()
        .position(|&c| matches!(c, b':' | b'/' | b'?' | b'#'))
    else {
        return false;
    };
    if b[colon] != b':' || colon == 0 {
        return false;
    }
    let name = &b[..colon];
    let first_ok = dialect != Dialect::Rfc3986 || name[0].is_ascii_alphabetic();
    first_ok
        && name
            .iter()
            .all(|&c| c.is_ascii_alphanumeric() || matches!(c, b'+' | b'-' | b'.'))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(d: Dialect, r: &str) -> Result<(), (usize, &'static str)> {
        let o = ParseOptions::new().dialect(d).strict(true);
        o.check_reference(r, &mut Vec::new())
            .map_err(|e| (e.offset(), e.rule()))
    }

    #[test]
    fn relative_references_by_rfc_3986_section_4_2() {
        let d = Dialect::Rfc3986;
        for ok in [
            "", "#f", "?q", "g", "./g", "/g", "//g", "../..", "g?y#s", "./a:b", "//h:80/p",
        ] {
            assert_eq!(check(d, ok), Ok(()), "{ok}");
        }
        assert_eq!(check(d, ":a/b"), Err((0, "path-noscheme")));
        assert_eq!(check(d, "$:"), Err((1, "path-noscheme")));
        assert_eq!(check(d, "-:"), Err((1, "path-noscheme")));
        assert_eq!(check(d, "s%20t://a"), Err((5, "path-noscheme")));
        assert_eq!(check(d, "a%zz").map_err(|e| e.0), Err(1));
        assert_eq!(check(d, "//[::1").map_err(|e| e.0), Err(2));
    }

    #[test]
    fn a_reference_with_a_scheme_is_a_url() {
        assert_eq!(
            check(Dialect::Rfc3986, "http://h/a b").map_err(|e| e.0),
            Err(10)
        );
        assert_eq!(check(Dialect::Rfc3986, "foo:bar"), Ok(()));
        // RFC 1738's scheme may start with a digit; RFC 3986's may not.
        assert!(has_scheme("1a:b", Dialect::Rfc1738));
        assert!(!has_scheme("1a:b", Dialect::Rfc3986));
        assert_eq!(check(Dialect::Rfc1738, "a:b/c"), Ok(()));
    }

    #[test]
    fn older_dialects_have_no_noscheme_rule() {
        assert_eq!(check(Dialect::Rfc1738, "$:x"), Ok(()));
        assert_eq!(check(Dialect::Rfc1630, "g"), Ok(()));
    }
}
