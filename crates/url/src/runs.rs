//! The runs of plain bytes in a path, query or fragment, sixteen bytes at
//! a time, for the strict parse.
//!
//! The parser's byte loop looks each byte up in [`crate::table`]; a table
//! lookup is one load a byte, which no vector unit of the baseline x86-64
//! target can do for sixteen bytes at once. The same sets written as
//! ranges and compares can: the compiler turns [`plain`] over a block into
//! vector compares, and the first byte out of the set is found from the
//! block's flags read as one integer. Only the sets of RFC 1738 and RFC
//! 3986 paths, queries and fragments are written so (most of a URL's
//! bytes); a test holds each to the table for every byte value.

use crate::dialect::Dialect;
use crate::table::{Component, TABLE, mask};

/// Whether `c` is in a path's set (RFC 3986 `pchar` and `/`; RFC 1738's
/// `xchar` without its escapes, unsafe and delimiting characters), with
/// `~` when `TILDE` (RFC 3986: unreserved; RFC 1738 section 2.2: unsafe)
/// and `?` when `QUESTION` (a query's or fragment's).
#[inline(always)]
fn plain<const TILDE: bool, const QUESTION: bool>(c: u8) -> bool {
    // `&` to `;`: & ' ( ) * + , - . / 0-9 : ;
    let punct_digits = c.wrapping_sub(b'&') <= b';' - b'&';
    // `@` and the capitals; from `?` when it is let through.
    let low = if QUESTION { b'?' } else { b'@' };
    let upper = c.wrapping_sub(low) <= b'Z' - low;
    let lower = c.wrapping_sub(b'a') <= b'z' - b'a';
    let single = (c == b'!') | (c == b'$') | (c == b'=') | (c == b'_') | (TILDE & (c == b'~'));
    punct_digits | upper | lower | single
}

/// The first index at or after `i` and before `end` whose byte is out of
/// the set, else `end`. Blocks of sixteen; the last, shorter stretch is
/// read as the sixteen bytes that end at `end`, the lanes before `i`
/// masked off.
#[inline(always)]
fn run(b: &[u8], mut i: usize, end: usize, plain: impl Fn(u8) -> bool + Copy) -> usize {
    let out = |block: &[u8]| {
        let mut flags = [0u8; 16];
        for (f, &c) in flags.iter_mut().zip(block) {
            *f = u8::from(!plain(c));
        }
        u128::from_le_bytes(flags)
    };
    while i < end {
        let padded;
        let (at, block) = match b.get(i..i + 16) {
            Some(block) if i + 16 <= end => (i, block),
            _ => match end.checked_sub(16).and_then(|s| Some((s, b.get(s..end)?))) {
                Some(last) => last,
                // Under sixteen bytes in all: the rest of the block is
                // `a`, in every set, so it flags nothing.
                None => {
                    padded = pad_16(b.get(i..end).unwrap_or_default());
                    (i, &padded[..])
                }
            },
        };
        // Lanes before `i` (the last block only) are bytes already passed.
        let flags = out(block) >> (8 * (i - at));
        if flags != 0 {
            return (i + (flags.trailing_zeros() / 8) as usize).min(end);
        }
        i = at + 16;
    }
    end
}

/// RFC 3986 section 3.2.2's `reg-name` without its escapes and without
/// `-`: unreserved and sub-delims. A `-` stops the run so that the host
/// check can look for the `--` of an `xn--` label where it stands,
/// rather than in a second pass over every host.
#[inline(always)]
fn reg_name(c: u8) -> bool {
    // `&` to `9` but `-` and `/`: & ' ( ) * + , . and the digits; letters
    // in either case as one range (fewer compares: no unsigned byte
    // compare in the baseline vector set, so each range costs three).
    let punct_digits = (c.wrapping_sub(b'&') <= b'9' - b'&') & (c != b'/') & (c != b'-');
    let letter = (c | 0x20).wrapping_sub(b'a') <= b'z' - b'a';
    let single = (c == b'!') | (c == b'$') | (c == b';') | (c == b'=') | (c == b'_') | (c == b'~');
    punct_digits | letter | single
}

/// The first index at or after `i` of an RFC 3986 host whose byte is
/// not a `reg-name` character or is `%` or `-`, else the host's length.
#[inline(always)]
pub(crate) fn reg_name_run(host: &[u8], i: usize) -> usize {
    run(host, i, host.len(), reg_name)
}

/// `rest` (under 16 bytes) and then `a`s, copied in two overlapping
/// moves of a fixed size, as a small `memcpy` is done, rather than one
/// move of its length, which is a call.
#[inline(always)]
fn pad_16(rest: &[u8]) -> [u8; 16] {
    let mut p = [b'a'; 16];
    let n = rest.len().min(16);
    let mut copy = |w: usize| {
        p[..w].copy_from_slice(&rest[..w]);
        p[n - w..n].copy_from_slice(&rest[n - w..n]);
    };
    match n {
        8.. => copy(8),
        4..=7 => copy(4),
        _ => {
            for (d, &s) in p.iter_mut().zip(&rest[..n]) {
                *d = s;
            }
        }
    }
    p
}

/// How many bytes at the start of `s` pass `ok`.
#[inline(always)]
fn byte_run(s: &[u8], ok: impl Fn(u8) -> bool) -> usize {
    s.iter().position(|&c| !ok(c)).unwrap_or(s.len())
}

/// The first index at or after `i`, before `end`, whose byte the table
/// does not let through for `comp` under `d`, else `end`: what the byte
/// loop `while TABLE[b[i]] & mask(d, comp) != 0 { i += 1 }` finds.
#[inline(always)]
pub(crate) fn skip(b: &[u8], i: usize, end: usize, d: Dialect, comp: Component) -> usize {
    match (d, comp) {
        (Dialect::Rfc3986, Component::Path) => run(b, i, end, plain::<true, false>),
        (Dialect::Rfc3986, Component::Query | Component::Fragment) => {
            run(b, i, end, plain::<true, true>)
        }
        (Dialect::Rfc1738, Component::Path) => run(b, i, end, plain::<false, false>),
        (Dialect::Rfc1738, Component::Query | Component::Fragment) => {
            run(b, i, end, plain::<false, true>)
        }
        _ => {
            let m = mask(d, comp);
            i + byte_run(&b[i..end], |c| TABLE[c as usize] & m != 0)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::table::allowed;

    const DIALECTS: [Dialect; 3] = [Dialect::Rfc1738, Dialect::Rfc1630, Dialect::Rfc3986];
    const COMPONENTS: [Component; 3] = [Component::Path, Component::Query, Component::Fragment];

    #[test]
    fn the_written_sets_are_the_table() {
        for c in 0..=255u8 {
            let t = |d, comp| allowed(c, d, comp);
            assert_eq!(
                plain::<true, false>(c),
                t(Dialect::Rfc3986, Component::Path),
                "{c:#x}"
            );
            for comp in [Component::Query, Component::Fragment] {
                assert_eq!(plain::<true, true>(c), t(Dialect::Rfc3986, comp), "{c:#x}");
                assert_eq!(plain::<false, true>(c), t(Dialect::Rfc1738, comp), "{c:#x}");
            }
            assert_eq!(
                plain::<false, false>(c),
                t(Dialect::Rfc1738, Component::Path),
                "{c:#x}"
            );
            let host = t(Dialect::Rfc3986, Component::Host) && c != b'%' && c != b'-';
            assert_eq!(reg_name(c), host, "{c:#x}");
        }
    }

    #[test]
    fn skip_is_the_byte_loop() {
        let naive = |b: &[u8], i: usize, end: usize, d, comp| {
            (i..end).find(|&k| !allowed(b[k], d, comp)).unwrap_or(end)
        };
        // Every byte value at every place of buffers around one, two and
        // three blocks, the run starting at several offsets and ending short.
        for d in DIALECTS {
            for comp in COMPONENTS {
                for c in 0..=255u8 {
                    for len in [3, 15, 16, 17, 31, 33, 47] {
                        for at in 0..len {
                            let mut b = vec![b'a'; len];
                            b[at] = c;
                            for i in [0, 1, 2, 9] {
                                for end in [len, len - 1, i + 16, i + 17] {
                                    let (i, end) = (i.min(len), end.clamp(i.min(len), len));
                                    assert_eq!(
                                        skip(&b, i, end, d, comp),
                                        naive(&b, i, end, d, comp),
                                        "{d:?} {comp:?} byte {c:#x} at {at} of {len}, {i}..{end}"
                                    );
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}
