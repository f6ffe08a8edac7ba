//! Eight bytes at a time, in safe code (SWAR): the byte tests that the
//! parser's fast path, the host name check and the IDNA check share.

// The fast path of a parse is a few searches for delimiters, and a word
// at a time halves their branches. `eq_mask` flags the bytes of a word
// equal to one value: a borrow can only flag bytes above a true match, so
// the lowest flag is the first match.
pub(crate) const LO: u64 = 0x0101_0101_0101_0101;
pub(crate) const HI: u64 = 0x8080_8080_8080_8080;

#[inline(always)]
pub(crate) fn eq_mask(w: u64, byte: u8) -> u64 {
    let x = w ^ (LO * u64::from(byte));
    x.wrapping_sub(LO) & !x & HI
}

/// Flags (top bit) the bytes of `w` that are at least `c`, for a word
/// whose bytes all have the top bit clear: `v + (0x80 - c)` carries into
/// a byte's top bit exactly when the byte is at least `c`, and never out
/// of it.
#[inline(always)]
pub(crate) fn ge_mask(w: u64, c: u8) -> u64 {
    w.wrapping_add(LO * u64::from(0x80 - c)) & HI
}

/// The eight bytes at `k`, little-endian; past the end, zeros (which match
/// no delimiter).
#[inline(always)]
pub(crate) fn word_at(b: &[u8], k: usize) -> u64 {
    let n = b.len();
    if k + 8 <= n {
        u64::from_le_bytes(b[k..k + 8].try_into().unwrap())
    } else if n >= 8 {
        let r = n - k;
        u64::from_le_bytes(b[n - 8..n].try_into().unwrap()) >> (8 * (8 - r))
    } else {
        let mut buf = [0u8; 8];
        buf[..n - k].copy_from_slice(&b[k..]);
        u64::from_le_bytes(buf)
    }
}
