//! Dot-segment removal, one function per RFC.
//!
//! Each reads a path given as two slices (the base's directory and the
//! reference's path, so that the merged path is never built) and appends
//! the result to the output. Each runs in time linear in its input: the
//! output only shrinks by segments it has itself written.

use crate::prelude::*;

/// A path given as the concatenation `a` + `b`.
#[derive(Clone, Copy)]
struct Cat<'a> {
    a: &'a str,
    b: &'a str,
}

impl<'a> Cat<'a> {
    #[inline]
    fn len(&self) -> usize {
        self.a.len() + self.b.len()
    }

    #[inline]
    fn at(&self, i: usize) -> Option<u8> {
        let la = self.a.len();
        if i < la {
            Some(self.a.as_bytes()[i])
        } else {
            self.b.as_bytes().get(i - la).copied()
        }
    }

    /// Index of the first `/` at or after `from`, else the length.
    #[inline]
    fn next_slash(&self, from: usize) -> usize {
        let la = self.a.len();
        if from < la
            && let Some(k) = self.a.as_bytes()[from..].iter().position(|&c| c == b'/')
        {
            return from + k;
        }
        let fb = from.max(la) - la;
        self.b.as_bytes()[fb..]
            .iter()
            .position(|&c| c == b'/')
            .map_or(self.len(), |k| la + fb + k)
    }

    /// Appends bytes `from..to` (both at character boundaries) to `out`.
    #[inline]
    fn push(&self, out: &mut String, from: usize, to: usize) {
        let la = self.a.len();
        if to <= la {
            out.push_str(&self.a[from..to]);
        } else if from >= la {
            out.push_str(&self.b[from - la..to - la]);
        } else {
            out.push_str(&self.a[from..]);
            out.push_str(&self.b[..to - la]);
        }
    }
}

/// RFC 3986 section 5.2.4, `remove_dot_segments`, applied to `a` + `b` and
/// appended to `out`; the output buffer of the algorithm is `out[start..]`
/// where `start` is the length of `out` on entry.
pub(crate) fn rfc3986(out: &mut String, a: &str, b: &str) {
    // `a` is empty or ends with "/", so `b` starts a segment.
    let dotted = has_dot_segment(a.as_bytes()) || has_dot_segment(b.as_bytes());
    rfc3986_dotted(out, a, b, dotted);
}

/// As [`rfc3986`], told whether the input may hold a dot segment. Most
/// paths have none, and then the algorithm copies them as they are.
#[inline]
pub(crate) fn rfc3986_dotted(out: &mut String, a: &str, b: &str, dotted: bool) {
    if !dotted {
        out.push_str(a);
        out.push_str(b);
        return;
    }
    let start = out.len();
    if b.is_empty()
        && let Some(rest) = a.strip_prefix('/')
    {
        return remove_dots_rooted(out, start, rest);
    }
    remove_dots(out, start, Cat { a, b });
}

/// Section 5.2.4 on "/" + `rest`. For a path that starts with "/", the
/// five rules come down to: "." drops itself, ".." drops itself and the
/// last output segment, anything else is written after a "/"; a last "."
/// or ".." leaves a "/" at the end. So the segments between two dot
/// segments go out as they stand, in one copy: most dotted references
/// have their dot segments first (`../../g`), and the rest of them is
/// then a single copy, not one per segment.
fn remove_dots_rooted(out: &mut String, start: usize, rest: &str) {
    let b = rest.as_bytes();
    let mut i = 0;
    loop {
        let n = dot_segment_at(b, i);
        if n == 0 {
            let Some(d) = next_dot_segment(b, i) else {
                out.push('/');
                out.push_str(&rest[i..]);
                return;
            };
            out.push('/');
            out.push_str(&rest[i..d - 1]);
            i = d;
            continue;
        }
        if n == 2 {
            pop_segment(out, start);
        }
        if i + n == b.len() {
            out.push('/');
            return;
        }
        i += n + 1;
    }
}

/// As [`rfc3986`] for a merge, told which part may hold a dot segment.
/// When only the reference's part does (the common case of `../g` against
/// a clean base), the base's directory is copied whole but its last "/",
/// which the algorithm then reads with the reference: what it would have
/// written for the directory is the directory itself.
#[inline]
pub(crate) fn rfc3986_merge(
    out: &mut String,
    dir: &str,
    dir_dotted: bool,
    path: &str,
    path_dotted: bool,
) {
    if dir_dotted || !path_dotted || !dir.ends_with('/') {
        return rfc3986_dotted(out, dir, path, dir_dotted || path_dotted);
    }
    let start = out.len();
    out.push_str(&dir[..dir.len() - 1]);
    remove_dots_rooted(out, start, path);
}

/// For a path whose "." and ".." segments, if any, all come first: how
/// many of those are "..", and where the rest of the path starts. Merged
/// after a directory without dot segments, such a path leaves that
/// directory less one segment a "..", a "/" and the rest as it stands.
#[inline]
pub(crate) fn leading_dot_segments(path: &str) -> Option<(usize, usize)> {
    let s = path.as_bytes();
    let mut ups = 0;
    let mut rest = s;
    // Matched on the bytes left, each dot segment with what ends it: one
    // length test and a compare or two a segment.
    loop {
        rest = match rest {
            [b'.', b'.', b'/', r @ ..] => {
                ups += 1;
                r
            }
            [b'.', b'/', r @ ..] => r,
            [b'.', b'.'] => return Some((ups + 1, s.len())),
            [b'.'] => return Some((ups, s.len())),
            _ => break,
        };
    }
    let i = s.len() - rest.len();
    next_dot_segment(s, i).is_none().then_some((ups, i))
}

/// The loop of section 5.2.4 over `input`; the output buffer is
/// `out[start..]`.
fn remove_dots(out: &mut String, start: usize, input: Cat<'_>) {
    let n = input.len();
    let mut p = 0;
    while p < n {
        let c0 = input.at(p);
        let c1 = input.at(p + 1);
        let c2 = input.at(p + 2);
        let dot = Some(b'.');
        let slash = Some(b'/');
        // A: a leading "../" or "./" is dropped; B: "/./" becomes "/"
        // (the last two both skip two bytes), and a final "/." becomes "/".
        if c0 == dot && c1 == dot && c2 == slash {
            p += 3;
        } else if (c0 == dot && c1 == slash) || (c0 == slash && c1 == dot && c2 == slash) {
            p += 2;
        } else if c0 == slash && c1 == dot && p + 2 == n {
            out.push('/');
            return;
        }
        // C: "/../" becomes "/", and a final "/.." becomes "/"; either way
        // the last output segment goes, with the "/" before it.
        else if c0 == slash && c1 == dot && c2 == dot && input.at(p + 3) == slash {
            p += 3;
            pop_segment(out, start);
        } else if c0 == slash && c1 == dot && c2 == dot && p + 3 == n {
            pop_segment(out, start);
            out.push('/');
            return;
        }
        // D: a lone "." or "..".
        else if c0 == dot && (p + 1 == n || (c1 == dot && p + 2 == n)) {
            return;
        }
        // E: the first segment, with its leading "/" if any, moves to the output.
        else {
            let end = input.next_slash(if c0 == slash { p + 1 } else { p });
            input.push(out, p, end);
            p = end;
        }
    }
}

/// Whether a complete "." or ".." segment is in `s` (which starts a segment).
#[inline]
fn has_dot_segment(s: &[u8]) -> bool {
    dot_segment_at(s, 0) > 0 || next_dot_segment(s, 0).is_some()
}

/// The length of the "." or ".." segment at `i` (which starts a
/// segment), or 0 when that segment is another.
#[inline]
fn dot_segment_at(s: &[u8], i: usize) -> usize {
    let end = |j: usize| s.get(j).is_none_or(|&c| c == b'/');
    match (s.get(i), s.get(i + 1)) {
        (Some(b'.'), _) if end(i + 1) => 1,
        (Some(b'.'), Some(b'.')) if end(i + 2) => 2,
        _ => 0,
    }
}

/// Where the first "." or ".." segment after the one at `from` starts
/// (`from` starts a segment, which is not a dot segment). What follows a
/// reference's leading dot segments is most often a name of a few bytes
/// (`../g`), read a byte at a time; eight at a time would cost more to
/// set up than it saves.
#[inline]
fn next_dot_segment(s: &[u8], from: usize) -> Option<usize> {
    if s.len() - from <= 16 {
        let mut i = from;
        while let Some(k) = s[i..].iter().position(|&c| c == b'/') {
            i += k + 1;
            if dot_segment_at(s, i) > 0 {
                return Some(i);
            }
        }
        return None;
    }
    let mut i = super::split::find_bytes(s, from, [b'.']);
    while i < s.len() {
        // A dot at `from` starts no dot segment.
        if i > from && s[i - 1] == b'/' && dot_segment_at(s, i) > 0 {
            return Some(i);
        }
        i = super::split::find_bytes(s, i + 1, [b'.']);
    }
    None
}

/// "removing the last segment and its preceding "/" (if any) from the
/// output buffer" (RFC 3986 section 5.2.4, step 2C).
#[inline]
fn pop_segment(out: &mut String, start: usize) {
    let k = super::split::rfind_byte(&out.as_bytes()[start..], b'/').map_or(start, |k| start + k);
    out.truncate(k);
}

/// RFC 1808 section 4, step 6 (a) to (d), which RFC 2396 section 5.2 step 6
/// (c) to (f) repeats, on a path without its leading slash. `a` is the
/// base's directory (empty, or ending in `/`). Leading ".." segments that
/// have nothing to remove stay, as both RFCs' examples keep them
/// (`http://a/../g`).
///
/// The iterative leftmost removal of `<segment>/../` is done with the
/// output as a stack: a ".." removes the complete segment written before
/// it, unless that segment is itself "..".
pub(crate) fn rfc1808(out: &mut String, a: &str, b: &str) {
    let start = out.len();
    let segments = a.split_terminator('/').map(|s| (s, true));
    let mut last = b.split('/').peekable();
    let tail = core::iter::from_fn(|| {
        let s = last.next()?;
        Some((s, last.peek().is_some()))
    });
    for (seg, followed) in segments.chain(tail) {
        // (a) "./" goes; (b) a final "." goes, its "/" before it stays.
        if seg == "." {
            continue;
        }
        if seg == ".."
            && let Some(prev) = previous_segment(out, start)
            && &out[prev..out.len() - 1] != ".."
        {
            // (c) "<segment>/../" goes, or (d) a final "<segment>/..".
            out.truncate(prev);
            continue;
        }
        out.push_str(seg);
        if followed {
            out.push('/');
        }
    }
}

/// Start of the complete segment that `out[start..]` ends with, when it ends
/// with one followed by `/`.
#[inline]
fn previous_segment(out: &str, start: usize) -> Option<usize> {
    let path = &out[start..];
    if !path.ends_with('/') {
        return None;
    }
    let body = &path[..path.len() - 1];
    Some(body.rfind('/').map_or(start, |k| start + k + 1))
}

/// A token of an RFC 1630 path: a run of slashes or a path element.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Token<'a> {
    Slashes(usize),
    Element(&'a str),
}

/// The tokens of several slices in sequence. Callers cut the slices so that
/// no token spans two of them.
struct Tokens<'a, const N: usize> {
    pieces: [&'a str; N],
    piece: usize,
    pos: usize,
}

impl<'a, const N: usize> Iterator for Tokens<'a, N> {
    type Item = Token<'a>;

    fn next(&mut self) -> Option<Token<'a>> {
        while self.piece < N && self.pos >= self.pieces[self.piece].len() {
            self.piece += 1;
            self.pos = 0;
        }
        let s = *self.pieces.get(self.piece)?;
        let b = &s.as_bytes()[self.pos..];
        if b[0] == b'/' {
            let mut n = b.iter().take_while(|&&c| c == b'/').count();
            self.pos += n;
            // A run that goes on in the next pieces is one run.
            while self.pos >= self.pieces[self.piece].len() {
                let mut k = self.piece + 1;
                while k < N && self.pieces[k].is_empty() {
                    k += 1;
                }
                let m = match self.pieces.get(k) {
                    Some(p) => p.bytes().take_while(|&c| c == b'/').count(),
                    None => 0,
                };
                if m == 0 {
                    break;
                }
                self.piece = k;
                self.pos = m;
                n += m;
            }
            Some(Token::Slashes(n))
        } else {
            let n = b.iter().position(|&c| c == b'/').unwrap_or(b.len());
            let e = &s[self.pos..self.pos + n];
            self.pos += n;
            Some(Token::Element(e))
        }
    }
}

/// RFC 1630, "Partial (relative) form": "Within the result, all occurrences
/// of "xxx/../" or "/." are recursively removed, where xxx, ".." and "."
/// are complete path elements."
///
/// `pieces` in sequence are the path of the result after `scheme:`; the
/// output path starts at `out.len()`.
///
/// Reading, as Tim Berners-Lee's own answers in Roy Fielding's test pages
/// show (`fred:///s//a/b/c` with `../../g` gives `fred:///s//a/../g`):
/// a complete path element is one that sits between single slashes (or
/// starts the path). An element after a run of two or more slashes names a
/// higher level of the hierarchy (a host, under `//`) that `..` does not
/// climb out of. So `xxx/../` is removed when xxx follows a single slash
/// (or starts the path), is not "..", and both slashes of the pattern are
/// single; `/.` is removed when the "." is a whole element.
pub(crate) fn rfc1630<const N: usize>(out: &mut String, pieces: [&str; N]) {
    let start = out.len();
    let mut tokens = Tokens {
        pieces,
        piece: 0,
        pos: 0,
    }
    .peekable();
    // Set when "xxx/.." was removed: the "/" after the ".." goes with it.
    let mut eat_slash = false;
    while let Some(t) = tokens.next() {
        match t {
            Token::Slashes(n) => {
                let n = if eat_slash { n - 1 } else { n };
                eat_slash = false;
                for _ in 0..n {
                    out.push('/');
                }
            }
            Token::Element(".") if out.len() > start && out.ends_with('/') => {
                // "/." with "." a complete element: drop the "/" and the ".".
                out.pop();
            }
            Token::Element("..") if tokens.peek() == Some(&Token::Slashes(1)) => {
                match removable_element(out, start) {
                    Some(xxx) => {
                        out.truncate(xxx);
                        eat_slash = true;
                    }
                    None => out.push_str(".."),
                }
            }
            Token::Element(e) => out.push_str(e),
        }
    }
}

/// Start of the element xxx when `out[start..]` ends with `xxx/`, the `/`
/// being a single slash, xxx not "..", and xxx starting the path or
/// following a single slash. A run of three or more slashes that starts
/// the path is `//`, an empty host, and the root: the element after it is
/// an ordinary one (`file:///a/b/c` with `../../g` gives `file:///g`).
fn removable_element(out: &str, start: usize) -> Option<usize> {
    let path = &out.as_bytes()[start..];
    let n = path.len();
    if n < 2 || path[n - 1] != b'/' || path[n - 2] == b'/' {
        return None;
    }
    let xs = path[..n - 1]
        .iter()
        .rposition(|&c| c == b'/')
        .map_or(0, |k| k + 1);
    if &path[xs..n - 1] == b".." {
        return None;
    }
    let run = path[..xs].iter().rev().take_while(|&&c| c == b'/').count();
    let ordinary = run <= 1 || (run >= 3 && run == xs);
    ordinary.then_some(start + xs)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rds(p: &str) -> String {
        let mut out = String::new();
        rfc3986(&mut out, p, "");
        out
    }

    #[test]
    fn rfc3986_section_5_2_4_examples() {
        assert_eq!(rds("/a/b/c/./../../g"), "/a/g");
        assert_eq!(rds("mid/content=5/../6"), "mid/6");
    }

    #[test]
    fn rfc3986_split_input_equals_joined() {
        let cases = ["/b/c/", "/", "", "a/", "/b/./", "/b/../"];
        let refs = [
            "g", "./g", "../g", "..", ".", "../..", "./", "/./g", "g/..", "..",
        ];
        for a in cases {
            for b in refs {
                let mut split = String::new();
                rfc3986(&mut split, a, b);
                assert_eq!(split, rds(&format!("{a}{b}")), "{a} + {b}");
            }
        }
    }

    #[test]
    fn dot_segments_are_seen() {
        for yes in [
            ".", "..", "./a", "../a", "a/.", "a/..", "a/./b", "a/../b", "/.",
        ] {
            assert!(has_dot_segment(yes.as_bytes()), "{yes}");
        }
        for no in [
            "",
            "a",
            ".a",
            "a.",
            "..a",
            "a..",
            "a/.b/c",
            "a/b../c",
            "index.html",
        ] {
            assert!(!has_dot_segment(no.as_bytes()), "{no}");
        }
    }

    #[test]
    fn merge_with_a_clean_directory_equals_the_whole_algorithm() {
        let dirs = ["/b/c/", "/", "a/", "/b/c/d;p=1/"];
        let refs = [
            "g",
            "./g",
            "../g",
            "..",
            ".",
            "../..",
            "./",
            "g/..",
            "../../../../x",
            ".g/../h",
        ];
        for d in dirs {
            for r in refs {
                let mut fast = String::from("x:");
                rfc3986_merge(&mut fast, d, false, r, has_dot_segment(r.as_bytes()));
                assert_eq!(fast, format!("x:{}", rds(&format!("{d}{r}"))), "{d} + {r}");
            }
        }
    }

    #[test]
    fn rooted_paths_by_segments_equal_the_string_algorithm() {
        let parts = ["a", "b", ".", "..", "", "...", ".a"];
        let mut paths = vec![String::from("/")];
        for x in parts {
            for y in parts {
                for z in parts {
                    paths.push(format!("/{x}/{y}/{z}"));
                    paths.push(format!("/{x}/{y}"));
                    paths.push(format!("/{x}"));
                }
            }
        }
        for p in paths {
            let mut seg = String::new();
            remove_dots_rooted(&mut seg, 0, &p[1..]);
            let mut whole = String::new();
            remove_dots(&mut whole, 0, Cat { a: &p, b: "" });
            assert_eq!(seg, whole, "{p}");
        }
    }

    #[test]
    fn every_short_rooted_path_equals_the_string_algorithm() {
        // Every path of up to nine bytes of "a", "." and "/", after a
        // directory already written, as a merge leaves it.
        let mut paths = vec![String::new()];
        for _ in 0..9 {
            let longer: Vec<String> = paths
                .iter()
                .filter(|p| p.len() == paths.last().map_or(0, String::len))
                .flat_map(|p| ["a", ".", "/"].map(|c| format!("{p}{c}")))
                .collect();
            paths.extend(longer);
        }
        for p in &paths {
            for dir in ["", "/b/c"] {
                let mut seg = format!("x:{dir}");
                remove_dots_rooted(&mut seg, 2, p);
                let mut whole = String::from("x:");
                remove_dots(
                    &mut whole,
                    2,
                    Cat {
                        a: dir,
                        b: &format!("/{p}"),
                    },
                );
                assert_eq!(seg, whole, "{dir} + /{p}");
            }
        }
    }

    #[test]
    fn rfc3986_relative_input_quirk() {
        // Literal 5.2.4: "a" moves to the output, "/../" pops it, "/b" moves.
        assert_eq!(rds("a/../b"), "/b");
        assert_eq!(rds("../a"), "a");
        assert_eq!(rds("."), "");
        assert_eq!(rds("/.."), "/");
    }

    fn d1808(a: &str, b: &str) -> String {
        let mut out = String::new();
        rfc1808(&mut out, a, b);
        out
    }

    #[test]
    fn rfc1808_step_6() {
        assert_eq!(d1808("b/c/", "../../../g"), "../g");
        assert_eq!(d1808("b/c/", "."), "b/c/");
        assert_eq!(d1808("b/c/", ".."), "b/");
        assert_eq!(d1808("b/c/", "../.."), "");
        assert_eq!(d1808("b/c/", "./g/."), "b/c/g/");
        assert_eq!(d1808("b/c/", "x/y//../z"), "b/c/x/y/z");
        assert_eq!(d1808("", "../.."), "../..");
        assert_eq!(d1808("b/c/", "g;x=1/../y"), "b/c/y");
    }

    fn d1630(pieces: [&str; 2]) -> String {
        let mut out = String::new();
        rfc1630(&mut out, pieces);
        out
    }

    #[test]
    fn rfc1630_cleanup() {
        assert_eq!(d1630(["//a/b/c//d/e/", "../g"]), "//a/b/c//d/g");
        assert_eq!(d1630(["///s//a/b/", "../../g"]), "///s//a/../g");
        assert_eq!(d1630(["///s//a/b/", "../../../g"]), "///s//a/../../g");
        assert_eq!(d1630(["//a/b/", "./g"]), "//a/b/g");
        assert_eq!(d1630(["//a/b/", "."]), "//a/b");
        assert_eq!(d1630(["//a/b/", "g/."]), "//a/b/g");
        assert_eq!(d1630(["//a/b/c/", ".."]), "//a/b/c/..");
        assert_eq!(d1630(["a/", "../b"]), "b");
        assert_eq!(d1630(["a/b/", "../../c"]), "c");
        assert_eq!(d1630(["a/./", "../b"]), "b");
        assert_eq!(d1630(["///a/b/", "../../g"]), "///g");
        assert_eq!(d1630(["//h/a/b/", "../../g"]), "//h/g");
        assert_eq!(d1630(["//h/a/", "../../g"]), "//h/../g");
    }

    #[test]
    fn tokens_join_runs_across_pieces() {
        let t: Vec<_> = Tokens {
            pieces: ["a/", "/b"],
            piece: 0,
            pos: 0,
        }
        .collect();
        assert_eq!(
            t,
            [Token::Element("a"), Token::Slashes(2), Token::Element("b")]
        );
    }
}
