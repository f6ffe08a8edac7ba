//! Finding the password in a URL, so that it is never shown unless asked
//! for (DESIGN.md, safety policy: "passwords never appear in logs, errors
//! or `--json` output unless asked for").
//!
//! An empty password hides nothing and is shown as it is: `ftp://foo:@h/`
//! and `ftp://foo@h/` differ (RFC 1738 section 3.1), and `""` says which.

use std::borrow::Cow;
use std::ops::Range;
use uniform::{Dialect, ParseOptions, UrlRef};

/// What is shown in place of a password, as `uniform plan` shows it.
pub const MASK: &str = "****";

/// The bytes of the non-empty password of `url` in its text.
pub fn span(url: &UrlRef<'_>) -> Option<Range<usize>> {
    let password = url.password().filter(|p| !p.is_empty())?;
    // The accessors slice the URL's own text, so the distance between the
    // two pointers is the offset.
    let start = password.as_ptr() as usize - url.as_str().as_ptr() as usize;
    Some(start..start + password.len())
}

/// The bytes of a non-empty password in `input`, which need not be a valid
/// URL: a lenient parse finds it where it can, and where the input is too
/// broken for that, whatever stands between the first `:` after `//` and
/// the last `@` before the next `/` is taken for one. Hiding too much is
/// the safe way to be wrong.
pub fn locate(input: &[u8], dialect: Dialect) -> Option<Range<usize>> {
    match ParseOptions::new().dialect(dialect).parse_bytes(input) {
        Ok(url) => span(&url),
        Err(_) => guess(input),
    }
}

fn guess(input: &[u8]) -> Option<Range<usize>> {
    let authority = if input.starts_with(b"//") {
        2
    } else {
        let colon = input.iter().position(|&b| b == b':')?;
        if !input[colon + 1..].starts_with(b"//") {
            return None;
        }
        colon + 3
    };
    let rest = &input[authority..];
    let end = rest.iter().position(|&b| b == b'/').unwrap_or(rest.len());
    let at = rest[..end].iter().rposition(|&b| b == b'@')?;
    let colon = rest[..at].iter().position(|&b| b == b':')?;
    (colon + 1 < at).then(|| authority + colon + 1..authority + at)
}

/// `url` as every output shows it: its non-empty password, found as
/// [`locate`] finds it, replaced by [`MASK`], unless `reveal`
/// (`--show-password`). The one redaction of URLs.
pub fn masked(url: &str, dialect: Dialect, reveal: bool) -> Cow<'_, str> {
    match locate(url.as_bytes(), dialect).filter(|_| !reveal) {
        None => Cow::Borrowed(url),
        Some(span) => shown(url.as_bytes(), Some(span)),
    }
}

/// `input` as text to show: the bytes of `mask` replaced by [`MASK`], and
/// what is not UTF-8 by U+FFFD.
pub fn shown(input: &[u8], mask: Option<Range<usize>>) -> Cow<'_, str> {
    match mask.filter(|m| m.start <= m.end && m.end <= input.len()) {
        None => String::from_utf8_lossy(input),
        Some(m) => {
            let mut out = Vec::with_capacity(input.len());
            out.extend_from_slice(&input[..m.start]);
            out.extend_from_slice(MASK.as_bytes());
            out.extend_from_slice(&input[m.end..]);
            match String::from_utf8(out) {
                Ok(s) => Cow::Owned(s),
                Err(e) => Cow::Owned(String::from_utf8_lossy(e.as_bytes()).into_owned()),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn span_is_the_password_as_written() {
        let url = UrlRef::parse("ftp://myname:my%20pw@host.dom/x").unwrap();
        let s = span(&url).unwrap();
        assert_eq!(&url.as_str()[s.clone()], "my%20pw");
        assert_eq!(
            shown(url.as_str().as_bytes(), Some(s)),
            "ftp://myname:****@host.dom/x"
        );
    }

    #[test]
    fn empty_and_absent_passwords_hide_nothing() {
        assert_eq!(span(&UrlRef::parse("ftp://foo:@host.com/").unwrap()), None);
        assert_eq!(span(&UrlRef::parse("ftp://@host.com/").unwrap()), None);
        assert_eq!(span(&UrlRef::parse("ftp://host.com/").unwrap()), None);
    }

    #[test]
    fn broken_urls_still_hide_their_password() {
        // A port that is no number ends the parse even in lenient mode.
        let input = b"http://u:pw@h:99999/";
        assert_eq!(locate(input, Dialect::Rfc1738), Some(9..11));
        assert_eq!(locate(b"//u:a@b@h/", Dialect::Rfc1738), Some(4..7));
        assert_eq!(locate(b"ht tp://u:pw@h/", Dialect::Rfc1738), Some(10..12));
        assert_eq!(locate(b"mailto:u:pw@h", Dialect::Rfc1738), None);
        assert_eq!(locate(b"http://h/u:pw@x", Dialect::Rfc1738), None);
        assert_eq!(locate(b"http://u:@h:x/", Dialect::Rfc1738), None);
        assert_eq!(
            shown(b"\xffhttp://u:pw@h:x/", Some(10..12)),
            "\u{FFFD}http://u:****@h:x/"
        );
    }
}
