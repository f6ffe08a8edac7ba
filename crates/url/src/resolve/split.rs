//! Component splits, by hand and in one pass, without the parser.
//!
//! Resolution must accept any string (RFC 3986 section 5.2.1: the
//! Appendix B expression matches every string), so these splits never
//! fail; whether the components are valid is the parser's business.

/// The five components of RFC 3986 section 3 (Appendix B).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Parts<'a> {
    /// Where the path starts: the string up to there is the scheme, its
    /// colon and the `//` authority, as written.
    pub path_start: usize,
    pub scheme: Option<&'a str>,
    pub authority: Option<&'a str>,
    pub path: &'a str,
    pub query: Option<&'a str>,
    pub fragment: Option<&'a str>,
    /// Whether the path may hold a complete "." or ".." segment: a "."
    /// starts one of its segments. Unset, dot removal has nothing to do.
    pub dotted: bool,
}

/// How a scheme name is recognised before its colon.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum SchemeSyntax {
    /// `ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )`: RFC 3986 section 3.1,
    /// the same as RFC 2396 section 3.1 and RFC 1738 section 2.1.
    Strict,
    /// Any non-empty run of characters other than `:/?#` before a colon:
    /// the Appendix B expression, which is also RFC 1630's own test ("the
    /// latter must have a colon and that colon must occur before any
    /// slash characters").
    BeforeColon,
    /// A non-empty run of `ALPHA / DIGIT / "+" / "-" / "."` before a
    /// colon, a digit or a dot first included: RFC 1808 section 2.4.2's
    /// test ("characters allowed in a scheme name").
    SchemeChars,
}

/// `ALPHA / DIGIT / "+" / "-" / "."`, as a table: the scheme scan runs
/// for every base and reference.
static SCHEME_CHAR: [bool; 256] = {
    let mut t = [false; 256];
    let mut c = 0;
    while c < 256 {
        let b = c as u8;
        t[c] = b.is_ascii_alphanumeric() || b == b'+' || b == b'-' || b == b'.';
        c += 1;
    }
    t
};

#[inline]
fn is_scheme_char(c: u8) -> bool {
    SCHEME_CHAR[c as usize]
}

/// Byte length of the scheme of `s` (the index of its colon), if any.
#[inline]
pub(crate) fn scheme_len(s: &str, syntax: SchemeSyntax) -> Option<usize> {
    let b = s.as_bytes();
    match syntax {
        SchemeSyntax::Strict => {
            if !b.first()?.is_ascii_alphabetic() {
                return None;
            }
            let n = b.iter().position(|&c| !is_scheme_char(c))?;
            (b[n] == b':').then_some(n)
        }
        SchemeSyntax::SchemeChars => {
            let n = b.iter().position(|&c| !is_scheme_char(c))?;
            (n > 0 && b[n] == b':').then_some(n)
        }
        SchemeSyntax::BeforeColon => {
            let n = b
                .iter()
                .position(|&c| matches!(c, b':' | b'/' | b'?' | b'#'))?;
            (n > 0 && b[n] == b':').then_some(n)
        }
    }
}

/// The scheme and authority of `s` (whose scheme, if any, is `scheme`
/// bytes long), and where its path starts: all that resolution needs of a
/// base when the reference has a path of its own from the root.
#[inline]
pub(crate) fn head_with(s: &str, scheme: Option<usize>) -> (Option<&str>, Option<&str>, usize) {
    let b = s.as_bytes();
    let (scheme, i) = match scheme {
        Some(n) => (Some(&s[..n]), n + 1),
        None => (None, 0),
    };
    if b[i..].starts_with(b"//") {
        let end = find_bytes(b, i + 2, [b'/', b'?', b'#']);
        (scheme, Some(&s[i + 2..end]), end)
    } else {
        (scheme, None, i)
    }
}

/// Splits `s` into its five components.
#[inline]
pub(crate) fn split(s: &str, syntax: SchemeSyntax) -> Parts<'_> {
    split_with(s, scheme_len(s, syntax))
}

/// As [`split`], the scheme's length being known.
#[inline]
pub(crate) fn split_with(s: &str, scheme: Option<usize>) -> Parts<'_> {
    let b = s.as_bytes();
    let (scheme, authority, i) = head_with(s, scheme);
    // The end of the path, noting on the way whether a "." starts one of
    // its segments, so that dot removal can be skipped without reading
    // the path again.
    let PathScan {
        end: path_end,
        dotted,
        ..
    } = scan_path(b, i);
    let path_start = i;
    let path = &s[i..path_end];
    let (query, fragment) = query_fragment(s, path_end, |b, k| find_bytes(b, k, [b'#']));
    Parts {
        path_start,
        scheme,
        authority,
        path,
        query,
        fragment,
        dotted,
    }
}

/// As [`split`] under [`SchemeSyntax::Strict`], for a reference. Most
/// relative references are a few bytes (`g`, `../g`, `?y`, `#s`), too
/// few for the eight-byte scans to pay their setup: those are read one
/// byte at a time, in one loop that finds the path's end and its dot
/// segments together. A colon in the path may end a scheme: such a
/// reference (`g:h`, rare among short ones) is split as any string is, so
/// that the others need no scan for a scheme.
#[inline(always)]
pub(crate) fn split_reference(s: &str) -> Parts<'_> {
    let b = s.as_bytes();
    if b.len() > SHORT || b.starts_with(b"//") {
        return split(s, SchemeSyntax::Strict);
    }
    let mut dotted = 0;
    // 1 when the byte at `i` starts a segment.
    let mut first = 1;
    let mut i = 0;
    while i < b.len() {
        let k = REFERENCE_BYTE[usize::from(b[i])];
        if k >= STOP {
            break;
        }
        dotted |= first & k;
        first = k >> 1;
        i += 1;
    }
    if b.get(i) == Some(&b':') {
        return split(s, SchemeSyntax::Strict);
    }
    let path = &s[..i];
    // A few bytes: a byte loop finds the "#".
    let (query, fragment) = query_fragment(s, i, |b, k| {
        b[k..]
            .iter()
            .position(|&c| c == b'#')
            .map_or(b.len(), |p| k + p)
    });
    Parts {
        path_start: 0,
        scheme: None,
        authority: None,
        path,
        query,
        fragment,
        dotted: dotted != 0,
    }
}

/// The query and the fragment of `s` after its path, which ends at `i`
/// (at a "?", a "#" or the end); `hash` finds the first "#" at or after
/// an index, else the length.
#[inline(always)]
fn query_fragment(
    s: &str,
    mut i: usize,
    hash: impl Fn(&[u8], usize) -> usize,
) -> (Option<&str>, Option<&str>) {
    let b = s.as_bytes();
    let query = if b.get(i) == Some(&b'?') {
        let end = hash(b, i + 1);
        let q = &s[i + 1..end];
        i = end;
        Some(q)
    } else {
        None
    };
    let fragment = (b.get(i) == Some(&b'#')).then(|| &s[i + 1..]);
    (query, fragment)
}

/// [`split_reference`]'s loop reads each byte's class here: 1 a ".", 2 a
/// "/", [`STOP`] one that ends the loop ("?", "#" and ":"), 0 any other.
/// One load and a compare a byte, where testing for each of five bytes
/// took a compare and a branch apiece.
static REFERENCE_BYTE: [u8; 256] = {
    let mut t = [0; 256];
    t[b'.' as usize] = 1;
    t[b'/' as usize] = 2;
    t[b'?' as usize] = STOP;
    t[b'#' as usize] = STOP;
    t[b':' as usize] = STOP;
    t
};

/// In [`REFERENCE_BYTE`], a byte that ends the path or may end a scheme.
const STOP: u8 = 4;

/// The longest reference [`split_reference`] reads byte by byte.
const SHORT: usize = 16;

/// Index of the first of `needles` at or after `from`, else the length.
///
/// Eight bytes at a time, the last few padded to eight: base paths are
/// most of what resolution reads, and most strings are short. The
/// needles are ASCII, so the 0xFF padding never matches.
#[inline(always)]
pub(crate) fn find_bytes<const N: usize>(b: &[u8], from: usize, needles: [u8; N]) -> usize {
    let mut k = from;
    let mut words = b[from..].chunks_exact(8);
    for w in &mut words {
        let w = u64::from_le_bytes([w[0], w[1], w[2], w[3], w[4], w[5], w[6], w[7]]);
        if let Some(i) = first_match(w, needles) {
            return k + i;
        }
        k += 8;
    }
    let rest = words.remainder();
    if rest.is_empty() {
        return b.len();
    }
    first_match(load_tail(b, rest.len()), needles).map_or(b.len(), |i| k + i)
}

/// The last `n` bytes of `b` (`0 < n < 8`) as a little-endian word whose
/// other bytes are 0xFF. Copying them into a padded array would cost a
/// `memcpy` call and a failed store-to-load forwarding on every short
/// string; whole-word loads that overlap bytes already read cost neither.
#[inline(always)]
fn load_tail(b: &[u8], n: usize) -> u64 {
    debug_assert!(n > 0 && n < 8 && n <= b.len());
    let word = if b.len() >= 8 {
        let last = &b[b.len() - 8..];
        let w = u64::from_le_bytes([
            last[0], last[1], last[2], last[3], last[4], last[5], last[6], last[7],
        ]);
        w >> ((8 - n) * 8)
    } else {
        let rest = &b[b.len() - n..];
        if n >= 4 {
            let lo = u32::from_le_bytes([rest[0], rest[1], rest[2], rest[3]]);
            let hi = u32::from_le_bytes([rest[n - 4], rest[n - 3], rest[n - 2], rest[n - 1]]);
            u64::from(lo) | (u64::from(hi) << ((n - 4) * 8))
        } else {
            u64::from(rest[0])
                | (u64::from(rest[n / 2]) << (n / 2 * 8))
                | (u64::from(rest[n - 1]) << ((n - 1) * 8))
        }
    };
    word | (u64::MAX << (n * 8))
}

const LO: u64 = 0x0101_0101_0101_0101;
const HI: u64 = 0x8080_8080_8080_8080;

/// The index of the first byte of `w` (little-endian) equal to a needle.
#[inline(always)]
fn first_match<const N: usize>(w: u64, needles: [u8; N]) -> Option<usize> {
    let mut m = 0;
    for n in needles {
        let x = w ^ (LO * u64::from(n));
        // A zero byte of x is a match. Borrows only flag bytes above a
        // true zero, so the lowest flagged byte is the first match.
        m |= x.wrapping_sub(LO) & !x;
    }
    let m = m & HI;
    (m != 0).then(|| (m.trailing_zeros() / 8) as usize)
}

/// What resolution needs of a path, found in one pass: where it ends,
/// where the directory a merge keeps ends (RFC 3986 section 5.2.3, for a
/// base), and whether it may hold a dot segment (for a base and a
/// reference alike).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct PathScan {
    /// The first `?` or `#` at or after the path's start, else the length.
    pub end: usize,
    /// Just after the path's last `/`, else the path's start.
    pub dir_end: usize,
    /// A `.` starts the path or follows a `/`. That is more often than a
    /// complete `.` or `..` segment, which is safe: the flag only lets dot
    /// removal be skipped.
    pub dotted: bool,
}

/// Scans the path that starts at `from`, eight bytes at a time.
#[inline]
pub(crate) fn scan_path(b: &[u8], from: usize) -> PathScan {
    let mut scan = PathScan {
        end: b.len(),
        dir_end: from,
        dotted: false,
    };
    // Flags the first byte of the next word as starting a segment; the
    // path's first byte does.
    let mut carry = 0x80;
    let mut k = from;
    let mut words = b[from..].chunks_exact(8);
    for w in &mut words {
        let w = u64::from_le_bytes([w[0], w[1], w[2], w[3], w[4], w[5], w[6], w[7]]);
        if scan_word(w, k, &mut carry, &mut scan) {
            return scan;
        }
        k += 8;
    }
    let n = words.remainder().len();
    if n > 0 {
        scan_word(load_tail(b, n), k, &mut carry, &mut scan);
    }
    scan
}

/// One word of [`scan_path`], starting at byte `k`; whether the path ends in it.
#[inline(always)]
fn scan_word(w: u64, k: usize, carry: &mut u64, scan: &mut PathScan) -> bool {
    let ends = zero_bytes(w ^ (LO * u64::from(b'?'))) | zero_bytes(w ^ (LO * u64::from(b'#')));
    // The bytes before the first end, or all.
    let valid = if ends == 0 {
        u64::MAX
    } else {
        (1u64 << (ends.trailing_zeros() & !7)) - 1
    };
    let slashes = zero_bytes(w ^ (LO * u64::from(b'/'))) & valid;
    let dots = zero_bytes(w ^ (LO * u64::from(b'.'))) & valid;
    if dots & ((slashes << 8) | *carry) != 0 {
        scan.dotted = true;
    }
    if slashes != 0 {
        scan.dir_end = k + (63 - slashes.leading_zeros() as usize) / 8 + 1;
    }
    *carry = slashes >> 56;
    if ends != 0 {
        scan.end = k + (ends.trailing_zeros() / 8) as usize;
        return true;
    }
    false
}

/// 0x80 in exactly the zero bytes of `x` (no borrow crosses bytes).
#[inline(always)]
fn zero_bytes(x: u64) -> u64 {
    const LOW7: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    !(((x & LOW7).wrapping_add(LOW7)) | x | LOW7)
}

/// Index of the last `c` in `b`, eight bytes at a time from the end.
#[inline]
pub(crate) fn rfind_byte(b: &[u8], c: u8) -> Option<usize> {
    let pattern = LO * u64::from(c);
    let mut words = b.rchunks_exact(8);
    let mut end = b.len();
    for w in &mut words {
        let x = u64::from_le_bytes([w[0], w[1], w[2], w[3], w[4], w[5], w[6], w[7]]) ^ pattern;
        // Exactly the zero bytes of x, so the highest flag is the last match.
        let m = zero_bytes(x);
        end -= 8;
        if m != 0 {
            return Some(end + 7 - (m.leading_zeros() / 8) as usize);
        }
    }
    words.remainder().iter().rposition(|&x| x == c)
}

/// Index of the first byte at or after `from` that `stop` accepts, else the length.
#[inline]
pub(crate) fn find_any(b: &[u8], from: usize, stop: impl Fn(u8) -> bool) -> usize {
    b[from..]
        .iter()
        .position(|&c| stop(c))
        .map_or(b.len(), |k| from + k)
}

/// The components of RFC 1808 section 2.4, found in the order that section
/// prescribes: fragment, scheme, network location, query, parameters, path.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Parts1808<'a> {
    pub scheme: Option<&'a str>,
    /// After `//`, up to the next `/` (section 2.4.3): it may hold `?` and `;`.
    pub net_loc: Option<&'a str>,
    /// Whether the path was preceded by `/` (section 2.4.6).
    pub rooted: bool,
    /// The path without that leading slash.
    pub path: &'a str,
    pub params: Option<&'a str>,
    pub query: Option<&'a str>,
    pub fragment: Option<&'a str>,
}

/// Splits `s` as RFC 1808 section 2.4 does.
pub(crate) fn split_1808(s: &str) -> Parts1808<'_> {
    let b = s.as_bytes();
    // 2.4.1: the fragment is everything after the first "#".
    let end = find_any(b, 0, |c| c == b'#');
    let fragment = (end < b.len()).then(|| &s[end + 1..]);
    // 2.4.2: a colon after the first character and before any character
    // not allowed in a scheme name (alphanumerics, "+", ".", "-").
    let n = find_any(&b[..end], 0, |c| !is_scheme_char(c));
    let (scheme, mut i) = if n > 0 && n < end && b[n] == b':' {
        (Some(&s[..n]), n + 1)
    } else {
        (None, 0)
    };
    // 2.4.3: "//" then everything up to the next "/".
    let net_loc = if b[i..end].starts_with(b"//") {
        let start = i + 2;
        let stop = find_any(&b[..end], start, |c| c == b'/');
        i = stop;
        Some(&s[start..stop])
    } else {
        None
    };
    // 2.4.4: the query is everything after the first "?".
    let q = find_any(&b[..end], i, |c| c == b'?');
    let query = (q < end).then(|| &s[q + 1..end]);
    // 2.4.5: the parameters are everything after the first ";".
    let p = find_any(&b[..q], i, |c| c == b';');
    let params = (p < q).then(|| &s[p + 1..q]);
    // 2.4.6: what is left is the path and the "/" that may precede it.
    let rooted = b.get(i) == Some(&b'/') && i < p;
    let path = &s[if rooted { i + 1 } else { i }..p];
    Parts1808 {
        scheme,
        net_loc,
        rooted,
        path,
        params,
        query,
        fragment,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn appendix_b_example() {
        // RFC 3986 Appendix B.
        let p = split(
            "http://www.ics.uci.edu/pub/ietf/uri/#Related",
            SchemeSyntax::Strict,
        );
        assert_eq!(p.scheme, Some("http"));
        assert_eq!(p.authority, Some("www.ics.uci.edu"));
        assert_eq!(p.path, "/pub/ietf/uri/");
        assert_eq!(p.query, None);
        assert_eq!(p.fragment, Some("Related"));
        assert!(!p.dotted);
    }

    #[test]
    fn short_references_split_as_any_string() {
        // Every string of up to six bytes of these, and some longer.
        let alphabet = ["g", ".", "/", "?", "#", ":", "h"];
        let mut all = vec![String::new()];
        let mut last = vec![String::new()];
        for _ in 0..6 {
            last = last
                .iter()
                .flat_map(|p| alphabet.map(|c| format!("{p}{c}")))
                .collect();
            all.extend(last.iter().cloned());
        }
        all.extend(
            [
                "http:g",
                "g:h",
                "x://a/b",
                "a:b//c",
                "../../../../g",
                "g;x=1/../y?q#f",
                "0123456789abcdef",
                "0123456789abcdefg",
                "ab:/./g",
                "é/./ü?ø#å",
            ]
            .map(String::from),
        );
        for s in &all {
            assert_eq!(split_reference(s), split(s, SchemeSyntax::Strict), "{s:?}");
        }
    }

    #[test]
    fn dotted_paths() {
        // Set when a "." starts a segment of the path: for every "." or
        // ".." segment, and for some others (".c", "..b"), which dot
        // removal then copies as they are.
        let cases = [
            ("a/./b", true),
            ("../g", true),
            ("/a/..", true),
            ("x:..?q", true),
            ("/a.b/.c", true),
            ("/a/..b", true),
            ("/a.b/c.", false),
            ("g?./x", false),
            ("#..", false),
        ];
        for (s, d) in cases {
            assert_eq!(split(s, SchemeSyntax::Strict).dotted, d, "{s}");
        }
    }

    #[test]
    fn every_string_splits() {
        for s in [
            "", ":", "//", "?", "#", "a:", ":a", "//a?b#c", "1a:b", "a b:c", "#?//:",
        ] {
            let p = split(s, SchemeSyntax::Strict);
            let mut back = String::new();
            if let Some(x) = p.scheme {
                back += x;
                back += ":";
            }
            if let Some(x) = p.authority {
                back += "//";
                back += x;
            }
            back += p.path;
            if let Some(x) = p.query {
                back += "?";
                back += x;
            }
            if let Some(x) = p.fragment {
                back += "#";
                back += x;
            }
            assert_eq!(back, s);
        }
    }

    #[test]
    fn find_bytes_agrees_with_a_naive_search() {
        let s = b"0123456789abcdef?ghij#klmnopqrstuvwxyz/0123";
        for from in 0..s.len() {
            for needles in [[b'?', b'#'], [b'/', b'z'], [b'x', b'x']] {
                let naive = s[from..]
                    .iter()
                    .position(|c| needles.contains(c))
                    .map_or(s.len(), |p| p + from);
                assert_eq!(find_bytes(s, from, needles), naive, "{from} {needles:?}");
            }
        }
        assert_eq!(find_bytes(b"", 0, [b'a']), 0);
        // Every length of tail, in strings shorter and longer than a word.
        for len in 0..20 {
            let s: Vec<u8> = (0..len).map(|i| b'a' + i as u8).collect();
            for from in 0..=len {
                for c in 0..len {
                    let needle = b'a' + c as u8;
                    let naive = s[from..]
                        .iter()
                        .position(|&x| x == needle)
                        .map_or(len, |p| p + from);
                    assert_eq!(find_bytes(&s, from, [needle]), naive, "{len} {from} {c}");
                }
                assert_eq!(find_bytes(&s, from, [b'#']), len);
            }
        }
    }

    #[test]
    fn scan_path_agrees_with_a_naive_scan() {
        let alphabet = [b'a', b'/', b'.', b'?', b'#'];
        // Every string of up to 6 of these, at offsets 0 to 10 in a longer
        // string, so that words and tails of every length are read.
        let mut cases = vec![Vec::new()];
        for _ in 0..6 {
            let longer: Vec<Vec<u8>> = cases
                .iter()
                .filter(|c| c.len() == cases.last().unwrap().len())
                .flat_map(|c| alphabet.iter().map(move |&x| [c.as_slice(), &[x]].concat()))
                .collect();
            cases.extend(longer);
        }
        for case in &cases {
            for pad in [0, 3, 9] {
                let mut b = vec![b'x'; pad];
                b.extend_from_slice(case);
                b.extend_from_slice(b"/x/y.z");
                let from = pad;
                let end = b[from..]
                    .iter()
                    .position(|&c| c == b'?' || c == b'#')
                    .map_or(b.len(), |k| from + k);
                let path = &b[from..end];
                let dir_end = path
                    .iter()
                    .rposition(|&c| c == b'/')
                    .map_or(from, |k| from + k + 1);
                let dotted =
                    (0..path.len()).any(|i| path[i] == b'.' && (i == 0 || path[i - 1] == b'/'));
                let want = PathScan {
                    end,
                    dir_end,
                    dotted,
                };
                assert_eq!(
                    scan_path(&b, from),
                    want,
                    "{:?} from {from}",
                    String::from_utf8_lossy(&b)
                );
            }
        }
    }

    #[test]
    fn rfind_byte_agrees_with_rposition() {
        let s = b"/a/bc/def/ghij/klmno/pqrstu/v//";
        for end in 0..=s.len() {
            for c in [b'/', b'a', b'z', b'v'] {
                assert_eq!(
                    rfind_byte(&s[..end], c),
                    s[..end].iter().rposition(|&x| x == c),
                    "{end} {c}"
                );
            }
        }
        assert_eq!(rfind_byte(&[0x80, 0x2f, 0xaf], b'/'), Some(1));
    }

    #[test]
    fn strict_scheme_needs_a_letter_first() {
        assert_eq!(scheme_len("1a:b", SchemeSyntax::Strict), None);
        assert_eq!(scheme_len("a_b:c", SchemeSyntax::Strict), None);
        assert_eq!(scheme_len("a_b:c", SchemeSyntax::BeforeColon), Some(3));
        assert_eq!(scheme_len("g?x:y", SchemeSyntax::BeforeColon), None);
        assert_eq!(scheme_len("svn+ssh:x", SchemeSyntax::Strict), Some(7));
    }

    #[test]
    fn rfc1808_parse_order() {
        let p = split_1808("http://a/b/c/d;p?q#f");
        assert_eq!(p.scheme, Some("http"));
        assert_eq!(p.net_loc, Some("a"));
        assert!(p.rooted);
        assert_eq!(p.path, "b/c/d");
        assert_eq!(p.params, Some("p"));
        assert_eq!(p.query, Some("q"));
        assert_eq!(p.fragment, Some("f"));
        // Section 2.4.5 takes the first ";" of the whole path.
        let p = split_1808("http://a/b/c/d;p=1/2?q");
        assert_eq!((p.path, p.params), ("b/c/d", Some("p=1/2")));
        // Section 2.4.3 ends the net_loc at "/" only.
        let p = split_1808("http://a?x");
        assert_eq!((p.net_loc, p.query), (Some("a?x"), None));
        // Section 2.4.2: a scheme may start with a digit, not be empty.
        assert_eq!(split_1808("1a:b").scheme, Some("1a"));
        assert_eq!(split_1808(":b").scheme, None);
        assert_eq!(split_1808("#a:b").scheme, None);
    }
}
