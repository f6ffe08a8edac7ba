//! The scanner: the next URL in a window of bytes.
//!
//! It looks only at the bytes it is given. When a decision needs bytes
//! past the end of the window and more may come, it says so
//! ([`Step::NeedMore`]) instead of deciding, so a reader fed in chunks
//! finds exactly what a scan of the whole text finds. It never looks
//! further back than [`LOOKBACK`] bytes before the trigger it examines,
//! nor further back than the character just before its floor (the end of
//! the previous match), so a reader keeps the bytes from the later of
//! those two points.

use super::found::{Delimiter, Found, Kind};
use super::shape::{
    Shape, is_local_byte, known, scheme_at, valid_any_scheme, valid_bare_host, valid_email,
    valid_known, valid_network_path, valid_www,
};
use super::text::{Wide, char_before, is_space, is_unicode_space, scheme_byte, wide};
use super::trigger::{block_mask, block_mask_fuzzy, host_next};
use crate::prelude::*;
use crate::table::{TEXT, TEXT_CLOSE, TEXT_OPEN, TEXT_URL};

/// How far before a trigger byte the scanner may look: a scheme name (16),
/// an e-mail local part or host label (64), and the character before it.
// Only the stream reader keeps bytes back, and it needs std.
#[cfg(feature = "std")]
pub(super) const LOOKBACK: usize = 128;

/// The longest scheme name looked for before a colon.
const MAX_SCHEME: usize = 16;
/// RFC 5321 section 4.5.3.1.1: a local part has at most 64 octets; RFC
/// 1035 section 2.3.4: a label, at most 63.
const MAX_LOCAL: usize = 64;
const MAX_LABEL: usize = 63;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Options {
    pub www: bool,
    pub fuzzy: bool,
    pub max_len: usize,
}

/// One match, with offsets relative to the window.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Raw {
    pub start: usize,
    pub end: usize,
    pub url: UrlText,
    pub delimiter: Delimiter,
    pub kind: Kind,
    pub ambiguous: bool,
}

/// The text of a match's URL. Most URLs stand in the text as they are,
/// so their text is a span of the window, copied once when the match is
/// reported; a URL whose lines were joined, or a wrapper's with spaces
/// inside, is made up here.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum UrlText {
    /// Window offsets.
    Span(usize, usize),
    Owned(String),
}

impl UrlText {
    /// The URL as a string: a span is borrowed from `text`, the window as
    /// a string when the caller has one, else copied from `window`, which
    /// the scan has read as whole UTF-8 characters.
    fn into_cow<'t>(self, window: &[u8], text: Option<&'t str>) -> Cow<'t, str> {
        match self {
            UrlText::Owned(s) => Cow::Owned(s),
            UrlText::Span(a, b) => match text.and_then(|t| t.get(a..b)) {
                Some(s) => Cow::Borrowed(s),
                None => Cow::Owned(String::from_utf8_lossy(&window[a..b]).into_owned()),
            },
        }
    }
}

impl Raw {
    /// The match as reported, its offsets moved by `offset` (where the
    /// window starts in the input); `window` is what the scanner was given
    /// (as a string too, when it was one).
    pub(super) fn found<'t>(
        self,
        window: &[u8],
        text: Option<&'t str>,
        offset: usize,
    ) -> Found<'t> {
        Found {
            url: self.url.into_cow(window, text),
            start: offset + self.start,
            end: offset + self.end,
            wrapped: matches!(self.delimiter, Delimiter::Angle | Delimiter::UrlWrapper),
            ambiguous: self.ambiguous,
            kind: self.kind,
            delimiter: self.delimiter,
        }
    }
}

#[derive(Debug)]
pub(super) enum Step {
    Found(Raw),
    /// Bytes past the end are needed; scan again from `resume` (a trigger
    /// not yet decided) once they are there.
    NeedMore {
        // Read by the stream reader only, which needs std.
        #[cfg_attr(not(feature = "std"), allow(dead_code))]
        resume: usize,
    },
    /// A candidate is longer than the limit: it is dropped whole, and the
    /// search goes on after the next stop byte at or after `resume`, the
    /// point where its scan gave up, so that none of it is scanned again.
    TooLong {
        resume: usize,
    },
    /// No more triggers in the window.
    End,
}

enum Attempt {
    Match(Raw),
    NeedMore,
    /// Too long; the index where the scan gave up.
    TooLong(usize),
    /// No URL at this trigger; triggers before this index are skipped.
    No(usize),
}

impl Attempt {
    /// The step that this attempt at the trigger `t` ends a search with,
    /// or where the search goes on.
    #[inline]
    fn step(self, t: usize) -> Result<Step, usize> {
        match self {
            Attempt::Match(raw) => Ok(Step::Found(raw)),
            Attempt::NeedMore => Ok(Step::NeedMore { resume: t }),
            Attempt::TooLong(resume) => Ok(Step::TooLong { resume }),
            Attempt::No(skip) => Err(skip.max(t + 1)),
        }
    }
}

#[derive(Clone, Debug)]
pub(super) struct Scanner {
    opts: Options,
}

enum Scan {
    Done {
        end: usize,
        joins: Vec<(usize, usize)>,
    },
    NeedMore,
    /// Past the limit at this index.
    TooLong(usize),
}

/// The most line breaks after a hyphen joined into one URL. RFC 1738's
/// examples break a URL once or twice; a bound keeps a run of lines that
/// all end in a hyphen from making every line's URL scan all the others.
const MAX_JOINS: usize = 8;

impl Scanner {
    pub(super) fn new(opts: Options) -> Scanner {
        Scanner { opts }
    }

    /// The next match at or after `cursor` whose start is at or after `floor`.
    pub(super) fn next(&self, hay: &[u8], floor: usize, mut cursor: usize, eof: bool) -> Step {
        if !self.opts.www && !self.opts.fuzzy {
            return self.next_colons(hay, floor, cursor, eof);
        }
        loop {
            let Some(t) = self.next_trigger(hay, cursor) else {
                return Step::End;
            };
            let attempt = match hay[t] {
                b':' if ends_phrase(hay, t) => {
                    cursor = t + 1;
                    continue;
                }
                b':' => self.at_colon(hay, floor, t, eof),
                b'<' => self.at_angle(hay, t, eof),
                b'.' => self.at_dot(hay, floor, t, eof),
                b'@' => self.at_sign(hay, floor, t, eof),
                _ => self.at_slash(hay, floor, t, eof),
            };
            match attempt.step(t) {
                Ok(step) => return step,
                Err(skip) => cursor = skip,
            }
        }
    }

    /// [`Scanner::next`] without `www.` hosts and fuzzy matching, where
    /// every URL has a colon, a wrapper's too: memchr's search jumps from
    /// colon to colon, as linkify's does. A wrapper is found from its first
    /// colon: the last `<` between that colon and the one before it may
    /// open a wrapper, when no byte between it and the colon but scheme
    /// characters and whitespace (which a wrapper's reading takes out);
    /// then the wrapper is read first, as a scan that tried the `<` where
    /// it stands would have. Any other `<` opens no wrapper of this scan
    /// (one needs a scheme, `URL:` included, before its first colon), so
    /// the angle brackets of the specs' grammar (`<host>`) and of HTML
    /// cost nothing. (One search for `:` and `<` together, memchr2, with
    /// each `<` only noted, took 7% more of the spec texts' time than
    /// memchr and one memrchr a colon: `scripts/bench-inproc.sh run
    /// extract`, in cache.)
    fn next_colons(&self, hay: &[u8], floor: usize, mut cursor: usize, eof: bool) -> Step {
        loop {
            let rest = hay.get(cursor..).unwrap_or_default();
            let Some(t) = memchr::memchr(b':', rest).map(|k| cursor + k) else {
                // A `<` near the end may be a wrapper whose colon is still to
                // come: its reading asks for more, as it would have where
                // it stands. (Only the last can: an earlier one's reading
                // stops at the next `<`.)
                if !eof
                    && let Some(lt) = memchr::memrchr(b'<', rest).map(|k| cursor + k)
                    && let Attempt::NeedMore = self.at_angle(hay, lt, eof)
                {
                    return Step::NeedMore { resume: lt };
                }
                return Step::End;
            };
            if let Some(lt) = memchr::memrchr(b'<', &hay[cursor..t]).map(|k| cursor + k)
                && wrapper_shape(&hay[lt + 1..t])
                && let Ok(step) = self.at_angle(hay, lt, eof).step(lt)
            {
                return step;
            }
            // Most colons end a phrase: `at_colon`'s first test, here, passes
            // them without a call.
            if ends_phrase(hay, t) {
                cursor = t + 1;
                continue;
            }
            match self.at_colon(hay, floor, t, eof).step(t) {
                Ok(step) => return step,
                Err(skip) => cursor = skip,
            }
        }
    }

    /// The first trigger byte at or after `from` that may start something.
    ///
    /// Triggers that cannot lead anywhere are passed over: a `.` must be
    /// followed by a letter, digit or non-ASCII byte (a host name goes on
    /// after its dots; with fuzzy matching also `_`) and, without fuzzy
    /// matching, must follow `w` or `p` (`www.`, `ftp.`); a `/` must be
    /// followed by another. At the end of
    /// the window, where the next byte is unknown, a trigger is kept.
    /// These are rare in text (a few per kilobyte), so the text goes by in
    /// 32-byte blocks tested with compares the compiler vectorizes; a block
    /// that holds a trigger yields a bit mask of them, and the first set
    /// bit is the answer, with no byte-by-byte rescan.
    #[inline]
    fn next_trigger(&self, hay: &[u8], from: usize) -> Option<usize> {
        let (www, fuzzy) = (self.opts.www, self.opts.fuzzy);
        let mut i = from;
        if i == 0 {
            if !hay.is_empty() && self.exact(hay, 0) {
                return Some(0);
            }
            i = 1;
        }
        // Each window is the byte before a block, the block's 32, and the
        // byte after.
        while let Some(window) = hay.get(i - 1..i + 33) {
            let window: &[u8; 34] = window.try_into().ok()?;
            let mut mask = if fuzzy {
                block_mask_fuzzy(window)
            } else {
                block_mask(window, www)
            };
            while mask != 0 {
                let k = mask.trailing_zeros() as usize;
                // The default mask leaves out the test on the byte after a
                // `.`: `w.` and `p.` are rare enough to test here.
                if fuzzy || window[k + 1] != b'.' || host_next(window[k + 2]) {
                    return Some(i + k);
                }
                mask &= mask - 1;
            }
            i += 32;
        }
        (i..hay.len()).find(|&k| self.exact(hay, k))
    }

    /// Whether the byte at `k` is a trigger, by the rules of
    /// [`Scanner::next_trigger`], tested on its own.
    fn exact(&self, hay: &[u8], k: usize) -> bool {
        let (www, fuzzy) = (self.opts.www, self.opts.fuzzy);
        let next = hay.get(k + 1).copied();
        match hay[k] {
            b':' | b'<' => true,
            b'@' => fuzzy,
            b'/' => fuzzy && next.is_none_or(|n| n == b'/'),
            b'.' => {
                let after = next.is_none_or(|n| host_next(n) || (fuzzy && n == b'_'));
                let before = k > 0 && matches!(hay[k - 1] | 0x20, b'w' | b'p');
                after && (fuzzy || (www && before))
            }
            _ => false,
        }
    }

    /// A scheme name before the colon, or the `URL:` prefix.
    fn at_colon(&self, hay: &[u8], floor: usize, t: usize, eof: bool) -> Attempt {
        // Most colons in prose end a phrase ("as follows: ", "form:\n").
        // A stop byte right after the colon ends the scan of any URL there
        // with nothing after its scheme, and a `URL:` prefix needs a scheme
        // name next: either way no match, so no need to read the word.
        if ends_phrase(hay, t) {
            return Attempt::No(t + 1);
        }
        // `http:` and `https:`, most URLs in text, without the walk back
        // over the name and its lookup: what `scheme_before` would find
        // when the byte before the name is no scheme character nor `_`.
        if let Some(s) = http_before(hay, t, floor) {
            return self.unwrapped(
                hay,
                t,
                s,
                t + 1,
                eof,
                Delimiter::None,
                Kind::Absolute,
                |u| valid_known(u, t - s, Shape::Internet),
            );
        }
        let s = scheme_before(hay, t, t.saturating_sub(MAX_SCHEME + 1).max(floor));
        // `_` is no scheme character but joins words (`foo_http:`).
        if s == t || (s > 0 && hay[s - 1] == b'_') {
            return Attempt::No(t + 1);
        }
        let name = &hay[s..t];
        if name.eq_ignore_ascii_case(b"URL") {
            // RFC 1738 Appendix: "URLs be preceeded with a prefix consisting
            // of the characters "URL:"".
            return self.after_prefix(hay, s, t + 1, eof);
        }
        let Some(shape) = known(name) else {
            return Attempt::No(t + 1);
        };
        let scheme_len = t - s;
        self.unwrapped(
            hay,
            t,
            s,
            t + 1,
            eof,
            Delimiter::None,
            Kind::Absolute,
            |u| valid_known(u, scheme_len, shape),
        )
    }

    /// `URL:` then an absolute URL of any scheme.
    fn after_prefix(&self, hay: &[u8], start: usize, at: usize, eof: bool) -> Attempt {
        let (colon, scheme_len) = match scheme_at(hay, at, eof) {
            Ok(Some(c)) => (c, c - at),
            Ok(None) => return Attempt::No(at),
            Err(()) => return Attempt::NeedMore,
        };
        let shape = known(&hay[at..colon]);
        self.unwrapped(
            hay,
            at - 1,
            start,
            colon + 1,
            eof,
            Delimiter::UrlPrefix,
            Kind::Absolute,
            |u| {
                let u = &u[4..];
                match shape {
                    Some(shape) => valid_known(u, scheme_len, shape),
                    None => u.len() > scheme_len + 1,
                }
            },
        )
        .with_url_from(start + 4)
    }

    /// `<URL:...>` (RFC 1738 Appendix) or `<scheme:...>` (the 1993 draft's
    /// "Wrappers for URIs in plain text").
    fn at_angle(&self, hay: &[u8], t: usize, eof: bool) -> Attempt {
        let rest = &hay[t + 1..];
        let prefix = b"URL:";
        let n = rest.len().min(4);
        let (content, delimiter) = if rest[..n].eq_ignore_ascii_case(&prefix[..n]) {
            if n < 4 {
                return if eof {
                    Attempt::No(t + 1)
                } else {
                    Attempt::NeedMore
                };
            }
            (t + 5, Delimiter::UrlWrapper)
        } else {
            // A bare wrapper starts with its scheme (or, fuzzily, a host or
            // an address): "<" before anything else is no wrapper.
            let first = rest.first().copied().unwrap_or(0);
            let fuzzy_start = self.opts.fuzzy && (first.is_ascii_alphanumeric() || first >= 0x80);
            if !first.is_ascii_alphabetic() && !fuzzy_start {
                return Attempt::No(t + 1);
            }
            // `<host>`, `<port>`: a word and `>`. Without fuzzy matching
            // a wrapper needs a colon or a dot (see `angle_kind`), and a
            // word has neither: the grammar's names in the specs are
            // passed over without the walk to the `>` below.
            if !self.opts.fuzzy {
                let word = rest
                    .iter()
                    .position(|&b| !(b.is_ascii_alphanumeric() || b == b'-'));
                if word.is_some_and(|k| rest[k] == b'>') {
                    return Attempt::No(t + 1);
                }
            }
            (t + 1, Delimiter::Angle)
        };
        // Find the ">", giving up at a "<", a blank line, the length limit
        // or the end of the text: then it was no wrapper.
        let limit = t.saturating_add(self.opts.max_len);
        let mut i = content;
        let mut blank = false;
        let mut ambiguous = false;
        let mut spaced = false;
        // The last byte that is not whitespace: a hyphen before a line
        // break, blanks or not between them, makes the URL ambiguous.
        let mut last = 0u8;
        let gt = loop {
            if i >= limit {
                return Attempt::No(t + 1);
            }
            let Some(&b) = hay.get(i) else {
                return if eof {
                    Attempt::No(t + 1)
                } else {
                    Attempt::NeedMore
                };
            };
            match b {
                b'>' => break i,
                b'<' => return Attempt::No(t + 1),
                b'\n' | b'\r' => {
                    if b == b'\n' && blank {
                        return Attempt::No(t + 1);
                    }
                    blank |= b == b'\n';
                    spaced = true;
                    // RFC 1738 Appendix: "a line break immediately after a
                    // hyphen": the hyphen may or may not be part of the URL,
                    // and "all unencoded whitespace around the line break"
                    // is ignored.
                    ambiguous |= last == b'-';
                }
                b if is_space(b) => spaced = true,
                // A control character is in no URL (RFC 1738 section 2.2).
                b if b < 0x20 || b == 0x7f => return Attempt::No(t + 1),
                b if b >= 0x80 => {
                    blank = false;
                    last = b;
                    match wide(hay, i) {
                        Wide::Char(n) => {
                            i += n;
                            continue;
                        }
                        Wide::Stop(n) => {
                            spaced |= is_unicode_space(&hay[i..i + n]);
                            i += n;
                            continue;
                        }
                        Wide::Invalid => return Attempt::No(t + 1),
                        Wide::Short if eof => return Attempt::No(t + 1),
                        Wide::Short => return Attempt::NeedMore,
                    }
                }
                _ => {
                    // The run of printable ASCII that follows, in one
                    // tight loop: most of a wrapper's bytes.
                    let stop = hay.len().min(limit);
                    let run = hay[i + 1..stop.max(i + 1)]
                        .iter()
                        .position(|&c| !plain_in_wrapper(c))
                        .unwrap_or(stop.max(i + 1) - (i + 1));
                    i += run;
                    blank = false;
                    last = hay[i];
                }
            }
            i += 1;
        };
        // "The whitespace should be ignored when extracting the URL." Most
        // wrapped text has none, and most of it (`<host>`, `<port>` in the
        // specs) is no URL: it is judged in place, with no copy.
        let squeezed = spaced.then(|| squeeze(&hay[content..gt]));
        let bytes = squeezed.as_deref().unwrap_or(&hay[content..gt]);
        let kind = match delimiter {
            Delimiter::UrlWrapper => valid_any_scheme(bytes, false).then_some(Kind::Absolute),
            _ => self.angle_kind(bytes),
        };
        let Some(kind) = kind else {
            return Attempt::No(t + 1);
        };
        // Without whitespace the URL stands in the text as it is, and is
        // borrowed from it as an unwrapped URL is. The walk to the `>` read
        // every byte before it, each non-ASCII one as part of a valid
        // character (`wide`), so the span is UTF-8 without a check, and
        // the squeezed text, whole characters taken out of it, becomes the
        // URL without a copy.
        let url = match squeezed.map(String::from_utf8) {
            None => UrlText::Span(content, gt),
            Some(Ok(url)) => UrlText::Owned(url),
            Some(Err(_)) => return Attempt::No(t + 1),
        };
        Attempt::Match(Raw {
            start: t,
            end: gt + 1,
            url,
            delimiter,
            kind,
            ambiguous,
        })
    }

    /// What a bare `<...>` holds, if it is a URL: a known scheme, any scheme
    /// with `//`, a `www.` host, or under fuzzy matching a host or address.
    fn angle_kind(&self, u: &[u8]) -> Option<Kind> {
        // A scheme needs its colon and a `www.` host its dots: the words in
        // angle brackets of the specs (`<host>`, `<port>`) have neither.
        if !self.opts.fuzzy && !u.iter().any(|&b| b == b':' || b == b'.') {
            return None;
        }
        if valid_any_scheme(u, true) {
            return Some(Kind::Absolute);
        }
        if self.opts.www && valid_www(u) {
            return Some(Kind::Host);
        }
        if self.opts.fuzzy {
            if valid_bare_host(u) {
                return Some(Kind::Host);
            }
            if valid_email(u) {
                return Some(Kind::Email);
            }
        }
        None
    }

    /// `www.` (or `ftp.`) host names, and under fuzzy matching any host
    /// name with a known top-level domain.
    fn at_dot(&self, hay: &[u8], floor: usize, t: usize, eof: bool) -> Attempt {
        // A dot at the end of the window is taken as a trigger before the
        // byte after it is known; a scan of the whole text would not have
        // stopped at it unless a host goes on after it. Deciding without
        // that byte let a chunked read drop a URL further on as part of a
        // too-long candidate that the whole scan never started.
        match hay.get(t + 1) {
            None if !eof => return Attempt::NeedMore,
            Some(&b) if !(host_next(b) || (self.opts.fuzzy && b == b'_')) => {
                return Attempt::No(t + 1);
            }
            _ => {}
        }
        let mut skip = t + 1;
        if self.opts.www && t >= floor + 3 {
            let w = &hay[t - 3..t];
            if (w.eq_ignore_ascii_case(b"www") || w.eq_ignore_ascii_case(b"ftp"))
                && left_ok(hay, t - 3)
            {
                match self.unwrapped(
                    hay,
                    t,
                    t - 3,
                    t - 3,
                    eof,
                    Delimiter::None,
                    Kind::Host,
                    valid_www,
                ) {
                    Attempt::No(s) => skip = s,
                    other => return other,
                }
            }
        }
        if !self.opts.fuzzy {
            return Attempt::No(skip);
        }
        let s = host_run_before(hay, t, t.saturating_sub(MAX_LABEL + 1).max(floor));
        if s == t || !left_ok(hay, s) || (s > 0 && host_char_at_end(hay, s)) {
            return Attempt::No(skip);
        }
        match self.unwrapped(
            hay,
            t,
            s,
            s,
            eof,
            Delimiter::None,
            Kind::Host,
            valid_bare_host,
        ) {
            // An "@" in it makes it an address: let the "@" decide.
            Attempt::No(end) => Attempt::No(match hay[t..end].iter().position(|&b| b == b'@') {
                Some(k) => t + k,
                None => end.max(skip),
            }),
            other => other,
        }
    }

    /// Fuzzy: `local@domain.tld`.
    fn at_sign(&self, hay: &[u8], floor: usize, t: usize, eof: bool) -> Attempt {
        let lo = t.saturating_sub(MAX_LOCAL + 1).max(floor);
        let mut s = t;
        while s > lo && is_local_byte(hay[s - 1]) {
            s -= 1;
        }
        // A run as long as the limit is no local part at all.
        if s == lo && s > 0 && is_local_byte(hay[s - 1]) {
            return Attempt::No(t + 1);
        }
        // A quote that opens the run and is not closed in it delimits it.
        let quotes = hay[s..t].iter().filter(|&&b| b == b'"').count();
        if quotes % 2 == 1 && hay[s] == b'"' {
            s += 1;
        }
        if s == t || hay[s] == b'.' || hay[t - 1] == b'.' || !left_ok(hay, s) {
            return Attempt::No(t + 1);
        }
        // The domain: host characters and dots.
        let mut e = t + 1;
        loop {
            if e - s > self.opts.max_len {
                return Attempt::TooLong(e);
            }
            let Some(&b) = hay.get(e) else {
                if eof {
                    break;
                }
                return Attempt::NeedMore;
            };
            if b.is_ascii_alphanumeric() || b == b'-' || b == b'.' {
                e += 1;
            } else if b >= 0x80 {
                match wide(hay, e) {
                    Wide::Char(n) => e += n,
                    Wide::Short if !eof => return Attempt::NeedMore,
                    _ => break,
                }
            } else {
                break;
            }
        }
        let mut end = e;
        while end > t + 1 && matches!(hay[end - 1], b'.' | b'-') {
            end -= 1;
        }
        let u = &hay[s..end];
        match core::str::from_utf8(u) {
            Ok(url) if valid_email(u) => Attempt::Match(Raw {
                start: s,
                end,
                url: UrlText::Owned(url.to_string()),
                delimiter: Delimiter::None,
                kind: Kind::Email,
                ambiguous: false,
            }),
            _ => Attempt::No(e),
        }
    }

    /// Fuzzy: `//host/...`, a network-path reference.
    fn at_slash(&self, hay: &[u8], floor: usize, t: usize, eof: bool) -> Attempt {
        let (Some(&b1), Some(&b2)) = (hay.get(t + 1), hay.get(t + 2)) else {
            return if eof {
                Attempt::No(t + 1)
            } else {
                Attempt::NeedMore
            };
        };
        if b1 != b'/' || b2 == b'/' || t < floor || !left_ok(hay, t) {
            return Attempt::No(t + 1);
        }
        self.unwrapped(
            hay,
            t,
            t,
            t + 2,
            eof,
            Delimiter::None,
            Kind::NetworkPath,
            |u| valid_network_path(&u[2..]),
        )
    }

    /// Scans an unwrapped URL whose text starts at `url_start` and whose
    /// body (what trimming may remove) starts at `body`, trims it, checks it.
    #[allow(clippy::too_many_arguments)]
    fn unwrapped(
        &self,
        hay: &[u8],
        t: usize,
        url_start: usize,
        body: usize,
        eof: bool,
        delimiter: Delimiter,
        kind: Kind,
        valid: impl Fn(&[u8]) -> bool,
    ) -> Attempt {
        let (raw_end, mut joins) = match self.scan(hay, url_start, body, eof) {
            Scan::Done { end, joins } => (end, joins),
            Scan::NeedMore => return Attempt::NeedMore,
            Scan::TooLong(at) => return Attempt::TooLong(at),
        };
        let end = trim(hay, body, raw_end, &mut joins);
        // Most candidates (a word before a dot, under fuzzy matching) fail
        // the check: a URL with no line break in it is checked in place,
        // and copied only once it passes.
        if end > body && joins.is_empty() && valid(&hay[url_start..end]) {
            return Attempt::Match(Raw {
                start: url_start,
                end,
                url: UrlText::Span(url_start, end),
                delimiter,
                kind,
                ambiguous: false,
            });
        }
        if end > body && !joins.is_empty() {
            let url = collect(hay, url_start, end, &joins);
            if valid(url.as_bytes()) {
                return Attempt::Match(Raw {
                    start: url_start,
                    end,
                    url: UrlText::Owned(url),
                    delimiter,
                    kind,
                    ambiguous: true,
                });
            }
        }
        // A string shaped like a URL that is not one hides what it holds.
        Attempt::No(raw_end.max(t + 1))
    }

    /// The raw end of an unwrapped URL: the first stop byte, an unbalanced
    /// closing bracket, or a character that is not valid UTF-8. A line
    /// break right after a hyphen is skipped with the indentation after it
    /// (RFC 1738 Appendix), as `joins`.
    fn scan(&self, hay: &[u8], start: usize, from: usize, eof: bool) -> Scan {
        let limit = start.saturating_add(self.opts.max_len);
        let mut depth = [0u32; 3];
        let mut joins = Vec::new();
        let mut i = from;
        loop {
            #[cfg(test)]
            EXAMINED.with(|n| n.set(n.get() + 1));
            if i > limit {
                return Scan::TooLong(i);
            }
            let Some(&b) = hay.get(i) else {
                return if eof {
                    Scan::Done { end: i, joins }
                } else {
                    Scan::NeedMore
                };
            };
            match TEXT[b as usize] {
                TEXT_URL => {
                    // The bulk of a URL is a run of such bytes: one tight
                    // loop, bounded by the limit as the outer one is.
                    let stop = hay.len().min(limit.saturating_add(1));
                    let run = i + 1;
                    i = url_run(hay, run, stop.max(run));
                    #[cfg(test)]
                    EXAMINED.with(|n| n.set(n.get() + (i - run)));
                }
                TEXT_OPEN => {
                    depth[bracket(b)] += 1;
                    i += 1;
                }
                TEXT_CLOSE => {
                    let d = &mut depth[bracket(b)];
                    if *d == 0 {
                        break;
                    }
                    *d -= 1;
                    i += 1;
                }
                _ if b >= 0x80 => match wide(hay, i) {
                    Wide::Char(n) => i += n,
                    Wide::Short if !eof => return Scan::NeedMore,
                    _ => break,
                },
                _ => {
                    if !(matches!(b, b'\n' | b'\r' | b' ' | b'\t')
                        && i > from
                        && hay[i - 1] == b'-')
                    {
                        break;
                    }
                    // RFC 1738 Appendix: "ignore all unencoded whitespace
                    // around the line break": blanks may sit between the
                    // hyphen and the break.
                    let mut k = i;
                    while k <= limit && matches!(hay.get(k), Some(b' ' | b'\t')) {
                        k += 1;
                    }
                    let brk = match hay.get(k) {
                        Some(&c @ (b'\n' | b'\r')) => c,
                        None if !eof && k <= limit => return Scan::NeedMore,
                        _ => break,
                    };
                    let mut j = k + 1;
                    if brk == b'\r' && hay.get(j) == Some(&b'\n') {
                        j += 1;
                    }
                    // The blanks after the break, as far as the length
                    // limit: a join that would pass it is no join.
                    let next = loop {
                        if j > limit {
                            break None;
                        }
                        match hay.get(j) {
                            Some(b' ' | b'\t') => j += 1,
                            Some(&c) => break Some(c),
                            None if eof => break None,
                            None => return Scan::NeedMore,
                        }
                    };
                    let Some(next) = next else { break };
                    let continues = match TEXT[next as usize] {
                        TEXT_URL | TEXT_OPEN => true,
                        _ if next >= 0x80 => match wide(hay, j) {
                            Wide::Char(_) => true,
                            Wide::Short if !eof => return Scan::NeedMore,
                            _ => false,
                        },
                        _ => false,
                    };
                    if !continues || joins.len() == MAX_JOINS {
                        break;
                    }
                    // A line that starts a URL of its own is not the rest
                    // of this one.
                    match self.starts_url(hay, j, eof) {
                        Some(true) => break,
                        Some(false) => {}
                        None => return Scan::NeedMore,
                    }
                    joins.push((i, j));
                    i = j;
                }
            }
        }
        Scan::Done { end: i, joins }
    }
}

impl Scanner {
    /// Whether a URL starts at `j`: `<`, a known scheme's name or `URL`
    /// before a colon, any scheme followed by `//`, and with
    /// [`Options::www`] a `www.` or `ftp.` host. `None` when more bytes
    /// are needed to tell.
    fn starts_url(&self, hay: &[u8], j: usize, eof: bool) -> Option<bool> {
        if hay.get(j) == Some(&b'<') {
            return Some(true);
        }
        if self.opts.www {
            match hay.get(j..j + 4) {
                Some(w) if w.eq_ignore_ascii_case(b"www.") || w.eq_ignore_ascii_case(b"ftp.") => {
                    return Some(true);
                }
                None if !eof => return None,
                _ => {}
            }
        }
        let colon = match scheme_at(hay, j, eof) {
            Ok(Some(c)) => c,
            Ok(None) => return Some(false),
            Err(()) => return None,
        };
        let name = &hay[j..colon];
        if known(name).is_some() || name.eq_ignore_ascii_case(b"URL") {
            return Some(true);
        }
        match hay.get(colon + 1..colon + 3) {
            Some(s) => Some(s == b"//"),
            None if eof => Some(false),
            None => None,
        }
    }
}

#[cfg(test)]
thread_local! {
    /// Bytes the scan of unwrapped URLs has stepped over, to test that the
    /// search is linear without timing it.
    pub(super) static EXAMINED: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

impl Attempt {
    /// For `URL:` matches: the URL text starts after the prefix.
    fn with_url_from(self, from: usize) -> Attempt {
        match self {
            Attempt::Match(mut raw) => {
                match &mut raw.url {
                    UrlText::Span(a, _) => *a = from,
                    UrlText::Owned(u) => drop(u.drain(..from - raw.start)),
                }
                Attempt::Match(raw)
            }
            other => other,
        }
    }
}

/// The end of the run of [`TEXT_URL`] bytes from `from`, at most `stop`
/// (`from <= stop <= hay.len()`). Sixteen bytes at a time: the class is
/// written as compares the compiler turns into vector code, and the first
/// byte out of it is found from the flags read as one integer.
#[inline(always)]
fn url_run(hay: &[u8], from: usize, stop: usize) -> usize {
    let mut i = from;
    while i + 16 <= stop {
        let Some(block) = hay.get(i..i + 16) else {
            break;
        };
        let mut flags = [0u8; 16];
        for (f, &c) in flags.iter_mut().zip(block) {
            // The ten stops among the graphic bytes in six compares: pairs
            // one bit apart are one compare with that bit masked, `(` and
            // `)`, `<` and `>`, `[` and `{`, `]` and `}`.
            let graphic = c.wrapping_sub(0x21) < 0x5e;
            let paired =
                (c & 0xfe == b'(') | (c & 0xfd == b'<') | (c | 0x20 == b'{') | (c | 0x20 == b'}');
            let quote = (c == b'"') | (c == b'`');
            *f = u8::from(!graphic | paired | quote);
        }
        let mask = u128::from_le_bytes(flags);
        if mask != 0 {
            return i + (mask.trailing_zeros() / 8) as usize;
        }
        i += 16;
    }
    let rest = hay.get(i..stop).unwrap_or_default();
    i + rest
        .iter()
        .position(|&c| TEXT[c as usize] != TEXT_URL)
        .unwrap_or(rest.len())
}

/// Whether the byte after the colon at `t` is a stop byte: no URL has its
/// colon there, and no `URL:` prefix either.
#[inline(always)]
fn ends_phrase(hay: &[u8], t: usize) -> bool {
    hay.get(t + 1)
        .is_some_and(|&b| b < 0x80 && TEXT[b as usize] == 0)
}

/// A byte the walk to a wrapper's `>` passes with no decision: printable
/// ASCII other than the angle brackets.
#[inline(always)]
fn plain_in_wrapper(b: u8) -> bool {
    b.wrapping_sub(0x21) < 0x5e && b != b'<' && b != b'>'
}

#[inline]
fn bracket(b: u8) -> usize {
    match b {
        b'(' | b')' => 0,
        b'[' | b']' => 1,
        _ => 2,
    }
}

/// Sentence punctuation at the end of an unwrapped URL is the sentence's
/// (RFC 1738 Appendix: "punctuation marks that might be mistaken for part
/// of the URL"), and so is a closing single quote that has no opening one.
fn trim(hay: &[u8], body: usize, mut end: usize, joins: &mut Vec<(usize, usize)>) -> usize {
    // Counted at the first quote met: what is trimmed before it is
    // punctuation and the blanks of joined lines, none of them quotes.
    let mut quotes: Option<usize> = None;
    loop {
        if let Some(&(gap, resume)) = joins.last()
            && end <= resume
        {
            end = gap;
            joins.pop();
            continue;
        }
        if end <= body {
            return end;
        }
        match hay[end - 1] {
            b'.' | b',' | b';' | b':' | b'!' | b'?' => end -= 1,
            b'\''
                if *quotes.get_or_insert_with(|| {
                    hay[body..end].iter().filter(|&&b| b == b'\'').count()
                }) % 2
                    == 1 =>
            {
                end -= 1;
                quotes = quotes.map(|q| q - 1);
            }
            _ => return end,
        }
    }
}

/// Wrapped text without its whitespace, ASCII and Unicode ("The whitespace
/// should be ignored when extracting the URL", RFC 1738 Appendix).
fn squeeze(text: &[u8]) -> Vec<u8> {
    let mut v = Vec::with_capacity(text.len());
    let mut i = 0;
    loop {
        // A run of ASCII that is no whitespace, most of a wrapper's text,
        // is copied at once: copied a byte at a time, a wrapper of the
        // spec texts took 2,800 instructions here (callgrind).
        let rest = &text[i..];
        let run = rest
            .iter()
            .position(|&b| b >= 0x80 || is_space(b))
            .unwrap_or(rest.len());
        v.extend_from_slice(&rest[..run]);
        i += run;
        let Some(&b) = text.get(i) else {
            break;
        };
        let n = match b {
            b if b < 0x80 => 1,
            _ => match wide(text, i) {
                Wide::Char(n) | Wide::Stop(n) => n,
                _ => 1,
            },
        };
        let c = &text[i..i + n];
        if !(is_space(b) || (n > 1 && is_unicode_space(c))) {
            v.extend_from_slice(c);
        }
        i += n;
    }
    v
}

/// The URL's text: the bytes from `from` to `end` without the gaps.
fn collect(hay: &[u8], from: usize, end: usize, joins: &[(usize, usize)]) -> String {
    let mut v = Vec::with_capacity(end - from);
    let mut p = from;
    for &(gap, resume) in joins {
        v.extend_from_slice(&hay[p..gap]);
        p = resume;
    }
    v.extend_from_slice(&hay[p..end]);
    // The scan stops at bytes that are not valid UTF-8, so this is whole.
    String::from_utf8(v).unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned())
}

/// Start of `http` or `https` (any case) ending at the colon `end`, when
/// it is the whole name there: at or after `floor`, after the start of
/// the text or a byte that is neither a scheme character nor `_`. What
/// [`scheme_before`] and the `_` test of `at_colon` find then, held to
/// them by a test.
#[inline]
fn http_before(hay: &[u8], end: usize, floor: usize) -> Option<usize> {
    let s_len = usize::from(end >= 5 && hay[end - 1] | 0x20 == b's');
    let s = end.checked_sub(4 + s_len)?;
    // The four bytes as one word, each with its case bit set: `h`, `t`
    // and `p` are letters, so this is the case-blind compare, in one
    // compare where a byte at a time took 28 instructions (callgrind).
    let mut four = [0; 4];
    four.copy_from_slice(hay.get(s..s + 4)?);
    if s < floor || u32::from_le_bytes(four) | 0x2020_2020 != u32::from_le_bytes(*b"http") {
        return None;
    }
    let clean = s == 0 || (!scheme_byte(hay[s - 1]) && hay[s - 1] != b'_');
    clean.then_some(s)
}

/// Whether `inside`, the bytes between a `<` and the first colon after
/// it, may be the start of a wrapper's text: a letter first (a wrapper
/// starts with its scheme or `URL`), then nothing but scheme characters
/// and whitespace, ASCII or not (a wrapper's whitespace is taken out of
/// its URL: `<ht\n  tp://...>`). Non-ASCII bytes pass, as a Unicode space
/// may be among them; the wrapper's own reading (`at_angle`) decides.
#[inline]
fn wrapper_shape(inside: &[u8]) -> bool {
    inside.first().is_some_and(u8::is_ascii_alphabetic)
        && inside
            .iter()
            .all(|&b| scheme_byte(b) || is_space(b) || b >= 0x80)
}

/// Start of the scheme name that ends at the colon `end`, not going below
/// `lo`: the run of scheme characters before it (RFC 1738 section 2.1:
/// `x-http` or `a.http` is one name, not a word and `http`), without the
/// `.` and `-` that text puts before a word (an ellipsis, a dash). `end`
/// when there is none, or when the run is longer than any scheme looked
/// for.
fn scheme_before(hay: &[u8], end: usize, lo: usize) -> usize {
    let mut s = end;
    while s > lo && scheme_byte(hay[s - 1]) {
        s -= 1;
    }
    if s == lo && s > 0 && scheme_byte(hay[s - 1]) {
        return end;
    }
    while s < end && matches!(hay[s], b'.' | b'-') {
        s += 1;
    }
    s
}

/// Start of the run of host-name characters that ends at `end`.
fn host_run_before(hay: &[u8], end: usize, lo: usize) -> usize {
    let mut s = end;
    while s > lo {
        match char_before(hay, s) {
            Some((p, true)) if p >= lo => s = p,
            _ => break,
        }
    }
    if s <= lo && s > 0 && host_char_at_end(hay, s) {
        return end;
    }
    s
}

fn host_char_at_end(hay: &[u8], end: usize) -> bool {
    matches!(char_before(hay, end), Some((_, true)))
}

/// What may come right before a bare host name, address or `//`: the
/// start, whitespace, an opening bracket or quote, or punctuation that is
/// not part of URLs, and any Unicode stop.
fn left_ok(hay: &[u8], s: usize) -> bool {
    match char_before(hay, s) {
        None => true,
        Some((p, host)) if hay[p] < 0x80 => {
            !host && (hay[p] < 0x21 || b"([{<>\"',;!?*|=".contains(&hay[p]))
        }
        Some((_, host)) => !host,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(20_000))]
        /// Where `http_before` answers, the walk back and the `_` test of
        /// `at_colon` give the same start, and the name is `http` or
        /// `https`; where it does not, the slow path runs, and it does
        /// answer for such a name after a space or at the start.
        #[test]
        fn http_before_is_the_walk_back(
            pre in "[a-zA-Z0-9_.+ -]{0,6}",
            name in "(?i)(https?|ttps?|xhttp|http|s)",
            floor_back in 0usize..12,
        ) {
            let text = format!("{pre}{name}:");
            let hay = text.as_bytes();
            let t = hay.len() - 1;
            let floor = t.saturating_sub(floor_back);
            let s = scheme_before(hay, t, t.saturating_sub(MAX_SCHEME + 1).max(floor));
            let slow = (s != t && !(s > 0 && hay[s - 1] == b'_')).then_some(s);
            let http = |s: usize| matches!(hay[s..t].to_ascii_lowercase().as_slice(), b"http" | b"https");
            match http_before(hay, t, floor) {
                Some(fast) => {
                    proptest::prop_assert_eq!(Some(fast), slow);
                    proptest::prop_assert!(http(fast));
                }
                None => {
                    let plain = pre.is_empty() || pre.ends_with(' ');
                    let whole = hay.len() - 1 - name.len() >= floor;
                    proptest::prop_assert!(!(plain && whole && http(t - name.len())));
                }
            }
        }
    }

    #[test]
    fn http_before_leaves_the_unclear_names_to_the_walk_back() {
        // The walk back takes `-` as a scheme character, then drops it
        // from the front of the name: only it says that `-http:` is
        // `http` (the case proptest found when the test asked too much).
        assert_eq!(http_before(b"-http:", 5, 0), None);
        assert_eq!(scheme_before(b"-http:", 5, 0), 1);
        assert_eq!(http_before(b"see HTTPS:", 9, 0), Some(4));
        assert_eq!(http_before(b"x_http:", 6, 0), None);
        assert_eq!(http_before(b"http:", 4, 1), None);
    }

    #[test]
    fn squeeze_drops_the_whitespace_and_nothing_else() {
        // The squeeze against a byte-at-a-time reading of each character,
        // on random mixes of ASCII, whitespace, Unicode spaces, other
        // characters and broken UTF-8.
        let pieces: [&[u8]; 10] = [
            b"a",
            b"http://h/",
            b" ",
            b"\n",
            b"\t",
            "\u{3000}".as_bytes(),
            "é".as_bytes(),
            b"\xe3\x80",
            b"\xff",
            b"\x0b",
        ];
        let bytewise = |t: &[u8]| {
            let mut v = Vec::new();
            let mut i = 0;
            while i < t.len() {
                let n = if t[i] < 0x80 {
                    1
                } else {
                    match wide(t, i) {
                        Wide::Char(n) | Wide::Stop(n) => n,
                        _ => 1,
                    }
                };
                if !(is_space(t[i]) || (n > 1 && is_unicode_space(&t[i..i + n]))) {
                    v.extend_from_slice(&t[i..i + n]);
                }
                i += n;
            }
            v
        };
        let mut seed = 0x2545_f491_4f6c_dd1d_u64;
        for _ in 0..20_000 {
            let mut t = Vec::new();
            for _ in 0..seed % 9 {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                t.extend_from_slice(pieces[(seed % pieces.len() as u64) as usize]);
            }
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            assert_eq!(squeeze(&t), bytewise(&t), "{t:?}");
        }
    }

    /// Every match of the whole of `hay`, as the scan reports it.
    fn raws(hay: &[u8], opts: Options) -> Vec<Raw> {
        let s = Scanner::new(opts);
        let (mut floor, mut cursor) = (0, 0);
        let mut out = Vec::new();
        loop {
            match s.next(hay, floor, cursor, true) {
                Step::Found(r) => {
                    (floor, cursor) = (r.end, r.end);
                    out.push(r);
                }
                Step::TooLong { resume } => cursor = resume,
                Step::NeedMore { .. } => panic!("at eof"),
                Step::End => return out,
            }
        }
    }

    const LONG_SPACE: &[u8] = concat!("<URL:ht", "                                                                                                                                                                ", "tp://h/>").as_bytes();
    const LONG_TAB: &[u8] = concat!("<mailto:", "\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t", "a@b.c>").as_bytes();

    #[test]
    fn wrappers_are_found_from_their_colon_as_from_their_angle() {
        // The schemes-only scan finds a wrapper from its first colon; the
        // default scan from its `<`. Where the default finds no `www.`
        // host (its one other kind of find), both find the same, offsets
        // and delimiters included.
        let pieces: [&[u8]; 35] = [
            b"<",
            b">",
            // Wrappers whose first colon is followed by whitespace or a
            // stop byte, which the colon scan passes over unless a `<`
            // stands before it.
            b"<mailto: a@b.c>",
            b"<news:\n x>",
            b":)",
            b"<URL:",
            b"URL:",
            b"<url: ",
            b"http://a.b/c",
            b"ftp://h/x-",
            b"\n",
            b"\n\n",
            b" ",
            b"news:comp.x",
            b"mailto:a@b.c",
            b"x-y.z://h/",
            b"a",
            b"bc:",
            b": ",
            b"-",
            b"\t",
            b"<host>",
            b"telnet://h:23",
            b"file:///x",
            b"\xc3\xa9",
            b"<x-very-long-scheme-name-that-is-long://h/>",
            b"gopher://h/1",
            b".",
            b"_",
            b"-x",
            b"http: //h/",
            b"<ht\n  tp://h/>",
            b"<a \xe3\x80\x80",
            // Whitespace far longer than any scheme, inside wrappers.
            LONG_SPACE,
            LONG_TAB,
        ];
        let opts = |www| Options {
            www,
            fuzzy: false,
            max_len: 1 << 16,
        };
        let (mut compared, mut seed) = (0, 0x9e37_79b9_7f4a_7c15_u64);
        for _ in 0..40_000 {
            let mut hay = Vec::new();
            for _ in 0..12 {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                hay.extend_from_slice(pieces[(seed % pieces.len() as u64) as usize]);
            }
            let default = raws(&hay, opts(true));
            if default.iter().any(|r| r.kind == Kind::Host) {
                continue;
            }
            compared += 1;
            assert_eq!(
                raws(&hay, opts(false)),
                default,
                "{:?}",
                String::from_utf8_lossy(&hay)
            );
        }
        assert!(compared > 30_000, "{compared}");
    }

    fn all(text: &str, opts: Options) -> Vec<String> {
        let s = Scanner::new(opts);
        let hay = text.as_bytes();
        let (mut floor, mut cursor) = (0, 0);
        let mut out = Vec::new();
        loop {
            match s.next(hay, floor, cursor, true) {
                Step::Found(r) => {
                    floor = r.end;
                    cursor = r.end;
                    out.push(r.url.into_cow(hay, Some(text)).into_owned());
                }
                Step::TooLong { .. } | Step::NeedMore { .. } => panic!("at eof"),
                Step::End => return out,
            }
        }
    }

    const DEFAULT: Options = Options {
        www: true,
        fuzzy: false,
        max_len: 1 << 16,
    };
    const FUZZY: Options = Options {
        www: true,
        fuzzy: true,
        max_len: 1 << 16,
    };

    #[test]
    fn url_run_is_the_byte_loop() {
        let naive = |hay: &[u8], from: usize, stop: usize| {
            (from..stop)
                .find(|&k| TEXT[hay[k] as usize] != TEXT_URL)
                .unwrap_or(stop)
        };
        // Every byte value at every place of one, two and three blocks and
        // their tails, the run starting at several offsets and stopping short.
        for b in 0..=255u8 {
            for len in [15, 16, 17, 31, 33, 48] {
                for at in 0..len {
                    let mut hay = vec![b'a'; len];
                    hay[at] = b;
                    for from in [0, 1, 5] {
                        for stop in [len, len - 1, from + 16] {
                            let stop = stop.clamp(from, len);
                            assert_eq!(
                                url_run(&hay, from, stop),
                                naive(&hay, from, stop),
                                "byte {b:#x} at {at} of {len}, {from}..{stop}"
                            );
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn wrappers_borrow_unless_whitespace_was_taken_out() {
        let text = "<URL:http://a.b/c> <http://d.e/f> <URL:ftp://g.h/i-\n  j>";
        let got: Vec<_> = crate::extract::find_iter(text).map(|f| f.url).collect();
        assert!(matches!(&got[0], Cow::Borrowed("http://a.b/c")), "{got:?}");
        assert!(matches!(&got[1], Cow::Borrowed("http://d.e/f")), "{got:?}");
        assert!(
            matches!(&got[2], Cow::Owned(u) if u == "ftp://g.h/i-j"),
            "{got:?}"
        );
    }

    #[test]
    fn words_in_angle_brackets_are_no_wrappers() {
        // The grammar's names, passed over without the walk to `>`; under
        // fuzzy matching a word is read whole (it could be a host).
        for opts in [DEFAULT, FUZZY] {
            assert_eq!(all("<host>:<port> <a-1> <x", opts), Vec::<String>::new());
        }
        assert_eq!(all("<host> <www.a.org>", DEFAULT), ["www.a.org"]);
        assert_eq!(all("<host-> <http://a.b/>", DEFAULT), ["http://a.b/"]);
    }

    #[test]
    fn basics() {
        assert_eq!(all("see http://a.b/c.", DEFAULT), ["http://a.b/c"]);
        assert_eq!(
            all("<URL:ftp://a.b/c;\n   type=d>", DEFAULT),
            ["ftp://a.b/c;type=d"]
        );
        assert_eq!(all("(http://a.b/x_(y))", DEFAULT), ["http://a.b/x_(y)"]);
        assert_eq!(all("www.example.com.", DEFAULT), ["www.example.com"]);
        assert_eq!(
            all("xhttp://a.b _http://a.b", DEFAULT),
            Vec::<String>::new()
        );
        assert_eq!(all("URL:http://x/y", DEFAULT), ["http://x/y"]);
        assert_eq!(all("mail me@example.com", FUZZY), ["me@example.com"]);
        assert_eq!(all("at //localhost:80/x", FUZZY), ["//localhost:80/x"]);
        assert_eq!(all("node.js and io.js", FUZZY), Vec::<String>::new());
    }

    #[test]
    fn block_skipping_finds_the_triggers_a_plain_scan_finds() {
        // The plain scan: every byte tested with the same rule.
        fn plain(hay: &[u8], from: usize, www: bool, fuzzy: bool) -> Option<usize> {
            (from..hay.len()).find(|&k| {
                let next = hay.get(k + 1).copied();
                match hay[k] {
                    b':' | b'<' => true,
                    b'@' => fuzzy,
                    b'/' => fuzzy && next.is_none_or(|n| n == b'/'),
                    b'.' => {
                        next.is_none_or(|n| {
                            n.is_ascii_alphanumeric() || n >= 0x80 || (fuzzy && n == b'_')
                        }) && (fuzzy || (www && k > 0 && matches!(hay[k - 1] | 0x20, b'w' | b'p')))
                    }
                    _ => false,
                }
            })
        }
        let alphabet = b"ab wWpP.:</@-_x\xc3\xa9\n";
        let mut seed = 0x2545_f491_4f6c_dd1d_u64;
        for _ in 0..3000 {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let len = (seed % 120) as usize;
            let hay: Vec<u8> = (0..len)
                .map(|i| alphabet[((seed >> (i % 50)) as usize + i * 7) % alphabet.len()])
                .collect();
            // (Without either, the scan jumps from colon to colon by memchr:
            // `next_colons`.)
            for (www, fuzzy) in [(true, false), (true, true)] {
                let s = Scanner::new(Options {
                    www,
                    fuzzy,
                    max_len: 1 << 16,
                });
                for from in 0..=hay.len() {
                    assert_eq!(
                        s.next_trigger(&hay, from),
                        plain(&hay, from, www, fuzzy),
                        "{hay:?} {from}"
                    );
                }
            }
        }
    }

    /// The bytes the scan examines for `text`, and the URLs found.
    fn examined(text: &[u8], opts: Options) -> (usize, usize) {
        EXAMINED.with(|n| n.set(0));
        let s = Scanner::new(opts);
        let (mut floor, mut cursor, mut found) = (0, 0, 0);
        loop {
            match s.next(text, floor, cursor, true) {
                Step::Found(r) => {
                    (floor, cursor) = (r.end, r.end);
                    found += 1;
                }
                Step::TooLong { resume } => {
                    let p = super::super::text::skip_stop(text, resume, true).unwrap();
                    (floor, cursor) = (p, p);
                }
                Step::NeedMore { .. } => panic!("at eof"),
                Step::End => return (EXAMINED.with(|n| n.get()), found),
            }
        }
    }

    #[test]
    fn hyphen_joins_stay_linear() {
        // RFC 1738 Appendix: a line break after a hyphen may be inside a
        // URL. Lines that each hold a URL ending in a hyphen, lines that
        // all end in one, and a URL joined past the limit: the bytes
        // examined double when the text doubles, and stay a small multiple
        // of it.
        let small = Options {
            max_len: 256,
            ..DEFAULT
        };
        let units: [(&[u8], Options, usize); 4] = [
            (b"http://a.org/x-\n", DEFAULT, 1),
            (b"http://a.org/x-\n  y-\n", DEFAULT, 1),
            (
                b"http://a.org/x-\ny-\ny-\ny-\ny-\ny-\ny-\ny-\ny-\ny-\n",
                DEFAULT,
                1,
            ),
            (
                b"y-\nhttp://a.org/xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx-\n",
                small,
                1,
            ),
        ];
        for (unit, opts, per_unit) in units {
            let text = |n: usize| unit.repeat(n);
            let (a, found) = examined(&text(2000), opts);
            let (b, _) = examined(&text(4000), opts);
            assert_eq!(
                found,
                2000 * per_unit,
                "{:?}",
                String::from_utf8_lossy(unit)
            );
            assert!(a <= 2 * 2000 * unit.len(), "{a}");
            assert!(b <= 2 * a + 2 * unit.len(), "{a} {b}");
        }
        // A chain longer than the limit is dropped whole, not rescanned
        // from each of its lines.
        let mut chain = b"http://a.org/x-\n".to_vec();
        chain.extend(b"yyyyyyyyyy-\n".repeat(100_000));
        let (n, found) = examined(&chain, small);
        assert!(n <= 2 * chain.len(), "{n}");
        assert!(found <= 1);
    }

    #[test]
    fn a_hyphen_join_stops_at_a_new_url() {
        assert_eq!(
            all("http://a.org/x-\nhttp://b.org/y", DEFAULT),
            ["http://a.org/x-", "http://b.org/y"]
        );
        assert_eq!(
            all(
                "http://a.org/x-\n  <URL:http://b.org/y> www.c.org/x-\n  www.d.org",
                DEFAULT
            ),
            [
                "http://a.org/x-",
                "http://b.org/y",
                "www.c.org/x-",
                "www.d.org"
            ]
        );
        assert_eq!(all("http://a.org/x-\n  y", DEFAULT), ["http://a.org/x-y"]);
    }
}
