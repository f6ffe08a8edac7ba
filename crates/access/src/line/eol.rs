//! The one converter from the network's line end (CR LF) to the local one,
//! for every text a line protocol delivers: FTP's ASCII type, NNTP
//! articles, gopher text.

/// The line end of this system: what "local line ends" means for a text
/// delivered to a file or terminal.
pub(crate) const LOCAL_EOL: &[u8] = if cfg!(windows) { b"\r\n" } else { b"\n" };

/// Turns each CR LF into [`LOCAL_EOL`] as the octets stream by; a CR not
/// followed by LF is data and stays, and so does a lone LF. A CR that ends
/// one chunk waits for the first octet of the next, so that a line end
/// split across two reads is still seen.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct ToLocal {
    pending_cr: bool,
}

impl ToLocal {
    /// Passes `input`, converted, to `emit`, in as few slices as the line
    /// ends allow.
    pub(crate) fn feed<E>(
        &mut self,
        input: &[u8],
        mut emit: impl FnMut(&[u8]) -> Result<(), E>,
    ) -> Result<(), E> {
        let mut rest = input;
        if self.pending_cr {
            match rest.first() {
                None => return Ok(()),
                Some(b'\n') => {
                    self.pending_cr = false;
                    emit(LOCAL_EOL)?;
                    rest = &rest[1..];
                }
                Some(_) => {
                    self.pending_cr = false;
                    emit(b"\r")?;
                }
            }
        }
        while let Some(p) = rest.iter().position(|&b| b == b'\r') {
            match rest.get(p + 1) {
                Some(b'\n') => {
                    emit(&rest[..p])?;
                    emit(LOCAL_EOL)?;
                    rest = &rest[p + 2..];
                }
                Some(_) => {
                    emit(&rest[..=p])?;
                    rest = &rest[p + 1..];
                }
                None => {
                    self.pending_cr = true;
                    rest = &rest[..p];
                    break;
                }
            }
        }
        if rest.is_empty() { Ok(()) } else { emit(rest) }
    }

    /// Passes on what is held back at the end of the data: a final lone CR.
    pub(crate) fn finish<E>(
        &mut self,
        mut emit: impl FnMut(&[u8]) -> Result<(), E>,
    ) -> Result<(), E> {
        if std::mem::take(&mut self.pending_cr) {
            emit(b"\r")?;
        }
        Ok(())
    }

    /// Appends `input`, converted, to `out`.
    pub(crate) fn feed_into(&mut self, input: &[u8], out: &mut Vec<u8>) {
        let _ = self.feed(input, |s| {
            out.extend_from_slice(s);
            Ok::<(), std::convert::Infallible>(())
        });
    }

    /// Appends what is held back to `out`.
    pub(crate) fn finish_into(&mut self, out: &mut Vec<u8>) {
        let _ = self.finish(|s| {
            out.extend_from_slice(s);
            Ok::<(), std::convert::Infallible>(())
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn convert(chunks: &[&[u8]]) -> Vec<u8> {
        let mut c = ToLocal::default();
        let mut out = Vec::new();
        for chunk in chunks {
            c.feed_into(chunk, &mut out);
        }
        c.finish_into(&mut out);
        out
    }

    fn local(s: &[u8]) -> Vec<u8> {
        let text = String::from_utf8(s.to_vec()).unwrap();
        text.replace('\n', std::str::from_utf8(LOCAL_EOL).unwrap())
            .into_bytes()
    }

    #[test]
    fn crlf_becomes_the_local_end_and_a_lone_cr_stays() {
        assert_eq!(convert(&[b"a\r\nb\rc\r\r\n"]), local(b"a\nb\rc\r\n"));
        // A lone LF is kept as it is.
        let mut c = ToLocal::default();
        let mut out = Vec::new();
        c.feed_into(b"x\ny", &mut out);
        assert_eq!(out, b"x\ny");
    }

    #[test]
    fn a_line_end_split_between_reads_is_joined() {
        assert_eq!(convert(&[b"a\r", b"\nb\r", b"", b"\n"]), local(b"a\nb\n"));
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
