//! The line writer: a line and CR LF, in one write. It refuses a line
//! that holds CR, LF or NUL: the plan's policy refuses them first (RFC 1738
//! section 6), and this is the second wall, for anything that reaches the
//! wire by another road (a prompted password, an answer, a future plan).

use super::error::LineErrorKind;
use std::io::Write;

/// The first octet of `line` that cannot go inside a protocol line.
pub(crate) fn unsendable(line: &[u8]) -> Option<u8> {
    line.iter()
        .copied()
        .find(|b| matches!(b, b'\r' | b'\n' | 0))
}

/// Writes `line` and CR LF to `w` as one write, so that a line never goes
/// out in pieces that a slow peer could see half of.
///
/// # Errors
///
/// [`LineErrorKind::Unsendable`] before anything is written, and the
/// writer's errors.
pub(crate) fn write_line(w: &mut dyn Write, line: &[u8]) -> Result<(), LineErrorKind> {
    if let Some(b) = unsendable(line) {
        return Err(LineErrorKind::Unsendable(b));
    }
    let mut wire = Vec::with_capacity(line.len() + 2);
    wire.extend_from_slice(line);
    wire.extend_from_slice(b"\r\n");
    w.write_all(&wire).map_err(LineErrorKind::Io)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_goes_with_cr_lf_and_a_break_inside_is_refused() {
        let mut out = Vec::new();
        write_line(&mut out, b"USER x").unwrap();
        assert_eq!(out, b"USER x\r\n");
        for bad in [&b"USER x\r\nDELE y"[..], b"a\nb", b"a\0b"] {
            let mut out = Vec::new();
            assert!(matches!(
                write_line(&mut out, bad),
                Err(LineErrorKind::Unsendable(_))
            ));
            assert!(out.is_empty());
        }
    }
}
