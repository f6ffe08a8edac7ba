//! trurl's readings of its input that are no URL by any RFC: a host
//! without a scheme, spaces.

use crate::prelude::*;
use crate::scheme::Scheme;

/// trurl's scheme guessing: text without a scheme and `//` is taken for a
/// host and what follows, under the scheme its first label names (`ftp`,
/// `dict`, `ldap`, `imap`, `smtp`, `pop3`), else `http`. `None` for text
/// that needs no guess: one that starts with a scheme and `//`, or with a
/// scheme of the table (`mailto:`, `news:`), or with `/`, or is empty.
///
/// # Example
///
/// ```
/// use uniform::edit::guess_scheme;
///
/// assert_eq!(guess_scheme(b"example.com/a").as_deref(), Some(&b"http://example.com/a"[..]));
/// assert_eq!(guess_scheme(b"FTP.example.com").as_deref(), Some(&b"ftp://FTP.example.com"[..]));
/// assert_eq!(guess_scheme(b"localhost:8080").as_deref(), Some(&b"http://localhost:8080"[..]));
/// assert_eq!(guess_scheme(b"mailto:info@cern.ch"), None);
/// assert_eq!(guess_scheme(b"https://example.com"), None);
/// ```
pub fn guess_scheme(input: &[u8]) -> Option<Vec<u8>> {
    if let Some(c) = input.iter().position(|&b| b == b':') {
        let scheme = &input[..c];
        let is_scheme = scheme.first().is_some_and(u8::is_ascii_alphabetic)
            && scheme
                .iter()
                .all(|b| b.is_ascii_alphanumeric() || b"+-.".contains(b));
        // "host:port" is no scheme: only "//" or a scheme the table knows
        // makes the text a URL.
        if is_scheme
            && (input[c + 1..].starts_with(b"//") || Scheme::from_bytes(scheme) != Scheme::Other)
        {
            return None;
        }
    }
    if input.is_empty() || input.starts_with(b"/") {
        return None;
    }
    let scheme: &[u8] = ["ftp", "dict", "ldap", "imap", "smtp", "pop3"]
        .into_iter()
        .find(|s| {
            input.get(s.len()) == Some(&b'.') && input[..s.len()].eq_ignore_ascii_case(s.as_bytes())
        })
        .map_or(b"http", str::as_bytes);
    let mut out = Vec::with_capacity(input.len() + scheme.len() + 3);
    out.extend_from_slice(scheme);
    out.extend_from_slice(b"://");
    out.extend_from_slice(input);
    Some(out)
}

/// trurl's `--accept-space`: a space before the query becomes `%20`, one
/// in the query `+`, one in the fragment `%20`.
///
/// # Example
///
/// ```
/// use uniform::edit::accept_space;
///
/// assert_eq!(accept_space(b"http://h/a b?c d#e f"), b"http://h/a%20b?c+d#e%20f");
/// ```
pub fn accept_space(input: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(input.len() + 8);
    let (mut in_query, mut in_fragment) = (false, false);
    for &b in input {
        match b {
            b'?' if !in_query && !in_fragment => in_query = true,
            b'#' if !in_fragment => {
                in_query = false;
                in_fragment = true;
            }
            _ => {}
        }
        match b {
            b' ' if in_query => out.push(b'+'),
            b' ' => out.extend_from_slice(b"%20"),
            _ => out.push(b),
        }
    }
    out
}
