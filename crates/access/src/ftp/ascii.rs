//! The receiving side of RFC 959's ASCII type: the NVT line end CR LF made
//! the local LF, as the octets stream by.

/// Turns each CR LF into LF; a CR not followed by LF stays. A CR that ends
/// one chunk waits for the first octet of the next, so a line end split
/// across two reads is still seen.
#[derive(Debug, Default)]
pub(crate) struct CrLfToLf {
    pending_cr: bool,
}

impl CrLfToLf {
    /// Appends `input`, converted, to `out`.
    pub(crate) fn feed(&mut self, input: &[u8], out: &mut Vec<u8>) {
        out.reserve(input.len() + 1);
        for &b in input {
            if self.pending_cr {
                self.pending_cr = false;
                if b == b'\n' {
                    out.push(b'\n');
                    continue;
                }
                out.push(b'\r');
            }
            if b == b'\r' {
                self.pending_cr = true;
            } else {
                out.push(b);
            }
        }
    }

    /// Appends what is held back at the end of the data: a final lone CR.
    pub(crate) fn finish(&mut self, out: &mut Vec<u8>) {
        if std::mem::take(&mut self.pending_cr) {
            out.push(b'\r');
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn convert(chunks: &[&[u8]]) -> Vec<u8> {
        let mut c = CrLfToLf::default();
        let mut out = Vec::new();
        for chunk in chunks {
            c.feed(chunk, &mut out);
        }
        c.finish(&mut out);
        out
    }

    #[test]
    fn crlf_becomes_lf_and_a_lone_cr_stays() {
        assert_eq!(convert(&[b"a\r\nb\rc\r\r\n\n"]), b"a\nb\rc\r\n\n");
    }

    #[test]
    fn a_line_end_split_between_reads_is_joined() {
        assert_eq!(convert(&[b"a\r", b"\nb\r", b"", b"\n"]), b"a\nb\n");
    }

    #[test]
    fn a_cr_at_the_very_end_is_kept() {
        assert_eq!(convert(&[b"a\r"]), b"a\r");
        assert_eq!(convert(&[b"\r", b"x"]), b"\rx");
    }

    #[test]
    fn every_split_of_a_text_gives_the_same_result() {
        let text = b"l1\r\nl2\r\r\nl3\rl4\r\n\r\n";
        let whole = convert(&[text]);
        for cut in 0..=text.len() {
            assert_eq!(
                convert(&[&text[..cut], &text[cut..]]),
                whole,
                "cut at {cut}"
            );
        }
    }
}
