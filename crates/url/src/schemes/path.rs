//! The url-path as the views read it.

use super::encoded;
use crate::offsets::PATH_SLASH;
use crate::url::UrlRef;

/// [`UrlRef::path`], from the offsets the parser recorded, inlined: the
/// views read it on every field, and a call costs more than the slicing.
#[inline]
pub(crate) fn url_path<'a>(url: &UrlRef<'a>) -> Option<&'a str> {
    let p = url.path_with_slash();
    if !url.has_authority() {
        Some(p)
    } else if url.offsets().flags & PATH_SLASH != 0 {
        // The path starts at the `/` that ends the authority.
        p.get(1..)
    } else {
        None
    }
}

/// The url-path through any search part, up to the fragment. Gopher and
/// Prospero reserve no `?` in their paths; under RFC 3986 (and RFC 1630) a
/// `?` starts a query all the same, and these views read through it.
pub(crate) fn path_through_query<'a>(url: &UrlRef<'a>) -> Option<&'a str> {
    let s = url.as_str();
    let end = url.without_fragment().len();
    match url_path(url) {
        Some(path) => s.get(encoded::offset_in(s, path)..end),
        // `gopher://h?x` under RFC 3986 has no "/" before its "?": what
        // follows the host is read as if the "/" were there, as in the
        // canonical form `gopher://h/?x`, so that the two mean one thing.
        None => url.query().and_then(|q| s.get(end - q.len() - 1..end)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dialect::Dialect;
    use crate::options::ParseOptions;

    #[test]
    fn url_path_is_the_path() {
        let urls = [
            "ftp://h/a/b;type=a",
            "ftp://h",
            "ftp://h/",
            "ftp://u:p@h:21//x?y#z",
            "http://h?q",
            "http://h#f",
            "http://[::1]:80/p",
            "file:///etc/motd",
            "file:/x",
            "file:x",
            "mailto:a@b?subject=x",
            "news:*",
            "gopher://h?x",
            "urn:x:y",
            "x-foo://h/%2F?",
        ];
        for dialect in [Dialect::Rfc1738, Dialect::Rfc1630, Dialect::Rfc3986] {
            for s in urls {
                if let Ok(u) = ParseOptions::new().dialect(dialect).parse(s) {
                    assert_eq!(url_path(&u), u.path(), "{s} {dialect:?}");
                }
            }
        }
    }
}
