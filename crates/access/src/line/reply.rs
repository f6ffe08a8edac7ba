//! Replies of the FTP, SMTP and NNTP kind: a three-digit code, then text
//! (RFC 959 section 4.2, RFC 5321 section 4.2, RFC 3977 section 3.2). A
//! multi-line reply starts `NNN-` and ends with a line starting `NNN `
//! with the same code (FTP and SMTP; NNTP status lines are single).

/// A whole reply: its code and its text, every line with its line end.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Reply {
    pub(crate) code: u16,
    pub(crate) text: Vec<u8>,
}

impl Reply {
    /// Whether the code is one of `codes`.
    pub(crate) fn is(&self, codes: &[u16]) -> bool {
        codes.contains(&self.code)
    }

    /// The last line, without its line end: where a multi-line reply's
    /// answer is (a PASV address, a SIZE).
    pub(crate) fn last_line(&self) -> &[u8] {
        let text = crate::net::trim_eol(&self.text);
        match text.iter().rposition(|&b| b == b'\n') {
            Some(p) => &text[p + 1..],
            None => text,
        }
    }

    /// The text after the code of the last line.
    pub(crate) fn message(&self) -> &[u8] {
        self.last_line().get(4..).unwrap_or_default()
    }
}

/// What the octet after a reply code says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Continues {
    /// A space or the line end: this line ends the reply.
    No,
    /// A hyphen: more lines follow, up to one starting with the same code
    /// and a space.
    Yes,
}

/// The code of a reply line and whether the reply goes on; `None` when the
/// line does not start with one.
pub(crate) fn status(line: &[u8]) -> Option<(u16, Continues)> {
    let digits = line.get(..3)?;
    if !digits.iter().all(u8::is_ascii_digit) {
        return None;
    }
    let code = digits
        .iter()
        .fold(0u16, |n, d| n * 10 + u16::from(d - b'0'));
    match line.get(3) {
        None | Some(b' ' | b'\r' | b'\n') => Some((code, Continues::No)),
        Some(b'-') => Some((code, Continues::Yes)),
        Some(_) => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_and_continuations() {
        assert_eq!(status(b"220 ready\r\n"), Some((220, Continues::No)));
        assert_eq!(status(b"250-PIPELINING\r\n"), Some((250, Continues::Yes)));
        assert_eq!(status(b"221\r\n"), Some((221, Continues::No)));
        assert_eq!(status(b"22 x"), None);
        assert_eq!(status(b"2200 x"), None);
        assert_eq!(status(b"abc x"), None);
    }

    #[test]
    fn the_last_line_holds_the_answer() {
        let r = Reply {
            code: 213,
            text: b"213-status\r\n extra\r\n213 1234\r\n".to_vec(),
        };
        assert_eq!(r.last_line(), b"213 1234");
        assert_eq!(r.message(), b"1234");
        assert!(r.is(&[200, 213]));
    }
}
