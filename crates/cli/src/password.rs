//! Finding the password in a URL, so that it is never shown unless asked
//! for (DESIGN.md, safety policy: "passwords never appear in logs, errors
//! or `--json` output unless asked for").
//!
//! An empty password hides nothing and is shown as it is: `ftp://foo:@h/`
//! and `ftp://foo@h/` differ (RFC 1738 section 3.1), and `""` says which.

use std::borrow::Cow;
use std::ops::Range;
use uniform::{Component, Dialect, ParseOptions, UrlRef};

/// What is shown in place of a password, as `uniform plan` shows it.
pub const MASK: &str = "****";

/// The bytes of the non-empty password of `url` in its text.
pub fn span(url: &UrlRef<'_>) -> Option<Range<usize>> {
    url.span(Component::Password).filter(|r| !r.is_empty())
}

/// The bytes of a non-empty password in `input`, which need not be a valid
/// URL: a lenient parse finds it where it can, and where the input is too
/// broken for that, whatever stands between the first `:` after `//` and
/// the last `@` before the next `/` is taken for one. Hiding too much is
/// the safe way to be wrong.
pub fn locate(input: &[u8], dialect: Dialect) -> Option<Range<usize>> {
    // The WHATWG parser rewrites its input: the password of the input as
    // written is found where RFC 3986's userinfo reads it.
    let dialect = match dialect {
        Dialect::Whatwg => Dialect::Rfc3986,
        d => d,
    };
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
    // No password without an "@": the common case costs one scan, not a
    // second parse.
    if reveal || !url.as_bytes().contains(&b'@') {
        return Cow::Borrowed(url);
    }
    match locate(url.as_bytes(), dialect).filter(|_| !reveal) {
        None => Cow::Borrowed(url),
        Some(span) => shown(url.as_bytes(), Some(span)),
    }
}

/// The passwords an access knows (the URL's, as written and decoded; one
/// read from standard input or the terminal), to hide wherever they show
/// up in free text: a server may echo a password back in its reply, and
/// the reply goes into the error. The one redaction of messages.
#[derive(Clone, Debug, Default)]
pub struct Secrets(Vec<String>);

impl Secrets {
    /// Adds a password; an empty one hides nothing and is not added.
    pub fn add(&mut self, password: &[u8]) {
        let text = String::from_utf8_lossy(password);
        if !text.is_empty() && !self.0.iter().any(|s| *s == text) {
            self.0.push(text.into_owned());
            // Longest first, so that a password that holds another is
            // hidden whole.
            self.0.sort_by_key(|s| std::cmp::Reverse(s.len()));
        }
    }

    /// Adds the password of `url` (by `dialect`), as written and decoded.
    pub fn add_url(&mut self, url: &[u8], dialect: Dialect) {
        if let Some(span) = locate(url, dialect) {
            let written = &url[span];
            self.add(written);
            self.add(&uniform::pct::decode(written));
        }
    }

    /// `text` with every occurrence of a password replaced by [`MASK`],
    /// unless `reveal`.
    pub fn hide<'t>(&self, text: &'t str, reveal: bool) -> Cow<'t, str> {
        if reveal || !self.0.iter().any(|s| text.contains(s.as_str())) {
            return Cow::Borrowed(text);
        }
        let mut out = text.to_string();
        for s in &self.0 {
            out = out.replace(s.as_str(), MASK);
        }
        Cow::Owned(out)
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
    fn secrets_are_hidden_in_free_text() {
        let mut s = Secrets::default();
        s.add_url(b"ftp://me:p%40ss@h/", Dialect::Rfc1738);
        s.add(b"");
        assert_eq!(
            s.hide("530 you sent PASS p@ss (p%40ss)", false),
            "530 you sent PASS **** (****)"
        );
        assert_eq!(s.hide("no secret here", false), "no secret here");
        assert_eq!(s.hide("PASS p@ss", true), "PASS p@ss");
        let mut two = Secrets::default();
        two.add(b"pw");
        two.add(b"pwpw");
        assert_eq!(two.hide("x pwpw y pw", false), "x **** y ****");
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
