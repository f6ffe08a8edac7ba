//! The trigger bytes that may start a URL, found 32 bytes at a time.

/// A letter, digit or non-ASCII byte: what may follow the dot of a host
/// (RFC 1738 `domainlabel` starts with an `alphadigit`). Arithmetic rather
/// than a table lookup, so that the block masks stay vector compares; a
/// test holds it to the parser's table.
#[inline(always)]
pub(super) fn host_next(n: u8) -> bool {
    (n | 0x20).wrapping_sub(b'a') < 26 || n.wrapping_sub(b'0') < 10 || n >= 0x80
}

/// The bit mask of 32 flags, one a byte, 0 or 1: eight at a time, the
/// multiply moves the low bit of byte `j` to bit `56 + j` (the partial
/// products land on distinct bits, so nothing carries).
#[inline(always)]
fn gather(flags: &[u8; 32]) -> u32 {
    let mut mask = 0;
    for (j, eight) in flags.chunks_exact(8).enumerate() {
        let mut b = [0; 8];
        b.copy_from_slice(eight);
        let x = u64::from_le_bytes(b);
        mask |= ((x.wrapping_mul(0x0102_0408_1020_4080) >> 56) as u32) << (8 * j);
    }
    mask
}

/// Whether any of the 32 flags is set: two 16-byte words ORed, which the
/// compiler keeps in vector registers.
#[inline(always)]
fn any(flags: &[u8; 32]) -> bool {
    let mut lo = [0; 16];
    let mut hi = [0; 16];
    lo.copy_from_slice(&flags[..16]);
    hi.copy_from_slice(&flags[16..]);
    u128::from_ne_bytes(lo) | u128::from_ne_bytes(hi) != 0
}

/// The triggers of the default scan (see `Scanner::next_trigger`) among
/// bytes 1 to 32 of `window`, as a bit mask: `:`, `<`, and with `www` a
/// `.` after `w` or `p`; byte 0 is the one before them. The test on the
/// byte after a `.` is left to the caller, to keep this short. Fixed
/// bounds and no early exit, so that it compiles to vector compares; the
/// mask is only gathered when there is a trigger at all.
#[inline(always)]
pub(super) fn block_mask(window: &[u8; 34], www: bool) -> u32 {
    let www = u8::from(www);
    let mut flags = [0u8; 32];
    for (k, f) in flags.iter_mut().enumerate() {
        let before = window[k] | 0x20;
        let c = window[k + 1];
        let wp = u8::from(before == b'w') | u8::from(before == b'p');
        *f = u8::from(c == b':') | u8::from(c == b'<') | (u8::from(c == b'.') & wp & www);
    }
    if any(&flags) { gather(&flags) } else { 0 }
}

/// As [`block_mask`] for fuzzy matching: also `@`, `//`, and a `.` before
/// a letter, digit, `_` or non-ASCII byte (byte 33 is the one after the
/// block), all tested here. The `_` is for hosts whose labels start with
/// one (`_sip._tcp.example.org`): a bare host is found from its first dot.
#[inline(always)]
pub(super) fn block_mask_fuzzy(window: &[u8; 34]) -> u32 {
    let mut flags = [0u8; 32];
    for (k, f) in flags.iter_mut().enumerate() {
        let c = window[k + 1];
        let next = window[k + 2];
        let host = u8::from((next | 0x20).wrapping_sub(b'a') < 26)
            | u8::from(next.wrapping_sub(b'0') < 10)
            | u8::from(next >= 0x80)
            | u8::from(next == b'_');
        *f = u8::from(c == b':')
            | u8::from(c == b'<')
            | u8::from(c == b'@')
            | (u8::from(c == b'/') & u8::from(next == b'/'))
            | (u8::from(c == b'.') & host);
    }
    if any(&flags) { gather(&flags) } else { 0 }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dialect::Dialect;
    use crate::table::{Component, allowed};

    #[test]
    fn host_next_is_a_label_start_of_the_table() {
        for b in 0..=255u8 {
            let table = b >= 0x80
                || (allowed(b, Dialect::Rfc1738, Component::Host) && !matches!(b, b'-' | b'.'));
            assert_eq!(host_next(b), table, "{b:#x}");
        }
    }
}
