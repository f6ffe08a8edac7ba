//! URLs in free text.
//!
//! # Overview
//!
//! [`find_iter`] finds the URLs in a string, in order, each as a [`Found`]
//! with its byte span; [`Finder`] sets the options, and [`Extractor`] does
//! the same over any [`Read`](std::io::Read) in bounded memory, for inputs of any size.
//!
//! What is found, by default:
//!
//! - **Wrapped URLs** (RFC 1738 Appendix, "Recommendations for URLs in
//!   Context"): `<URL:...>`, with every whitespace character inside
//!   (ASCII, and Unicode spaces such as U+00A0) removed ("The whitespace should be ignored when extracting the URL"),
//!   any scheme. The bare `<scheme:...>` wrapper of the 1993 draft ("Wrappers
//!   for URIs in plain text") and RFC 3986 Appendix C, for the known
//!   schemes below and for any scheme followed by `//`.
//! - **The `URL:` prefix** without brackets: `URL:http://x/y`.
//! - **Unwrapped URLs** of the schemes the seeds define: `ftp`, `http`,
//!   `https`, `gopher`, `mailto`, `news`, `nntp`, `telnet`, `wais`, `file`,
//!   `prospero`, `rlogin`, `tn3270`, `mid`, `cid`, `urn`, matched without
//!   regard to case. A URL ends at whitespace, a control character, `<`,
//!   `>`, `"` or `` ` `` (unsafe in RFC 1738 section 2.2, delimiters in RFC
//!   3986 Appendix C), a closing bracket that closes nothing opened in the
//!   URL (so `http://en.wikipedia.org/wiki/Foo_(bar)` keeps its pair), a
//!   Unicode space, CJK punctuation, curly quotes or an ellipsis, or a byte
//!   that is not valid UTF-8. Then sentence punctuation `.,;:!?` at its end
//!   goes, and a closing `'` that has no opening one. The name before the
//!   colon is the whole run of scheme characters there (RFC 1738 section
//!   2.1: letters, digits, `+`, `.`, `-`; leading dots and dashes are the
//!   text's), so `xhttp:`, `x-http:` and `www.news:` are other names, and
//!   it must not follow a `_`. What follows must fit the scheme: `//` and a
//!   valid host for the Internet schemes (RFC 1738 section 3.1; an IP
//!   literal valid by RFC 3986 section 3.2.2), an `@` for `mailto` (section
//!   3.5), a name for `news`, `<NID>:<NSS>` for `urn`. A valid host here is
//!   labels of letters, digits, `-` (not at either end) and `_`, or
//!   non-ASCII characters: see [Hosts with `_`](#hosts-with-_).
//! - **Line breaks after a hyphen** (RFC 1738 Appendix): a URL whose line
//!   ends with a `-` (blanks after it allowed) goes on at the next line's
//!   first non-blank character, keeping the hyphen, unless that line
//!   starts a URL of its own (`<`, a known scheme or `URL:`, any scheme
//!   with `//`, `www.`); at most 8 breaks are joined. It is marked
//!   [`ambiguous`](Found::ambiguous): "the hyphen may or may not actually
//!   be part of the URL".
//! - **`www.` and `ftp.` host names** ([`Finder::www`], on by default),
//!   reported as written, [`Kind::Host`]; [`Found::absolute`] makes them
//!   `http://` and `ftp://` URLs (as URI::Find does). Three labels at least,
//!   no `_` in the last two.
//!
//! [`Finder::fuzzy`] (off by default) adds what linkify-it calls fuzzy
//! links: bare host names whose top-level domain is a known one (the
//! country codes, `com`, `org`, `net`, `edu`, `gov`, ... as in linkify-it)
//! or IPv4 addresses, with an optional port (at most 65535) and path; bare
//! e-mail addresses with such a domain; and network-path references
//! `//host/...` (two labels or `localhost`). A bare host, address or `//`
//! (and a `www.` host) must follow the start of the text, whitespace, one
//! of `( [ { < > " ' , ; ! ? * | =`, or a Unicode space or punctuation
//! mark, so that the pieces of `path/to/file.pl`, `path:to:file.pm` or
//! `_example.com` are not taken for hosts.
//!
//! A string that starts like a URL of a known scheme but fails its check
//! (`http://exa%mple.com/?u=http://x.org`) is skipped whole: what it holds
//! is not searched again, which keeps the search linear.
//!
//! # Hosts with `_`
//!
//! RFC 1738's `hostname` has no `_` (`domainlabel = alphadigit |
//! alphadigit *[ alphadigit | "-" ] alphadigit`, section 5), but RFC 3986's
//! reg-name has (it is unreserved), RFC 1630's `hostname` too (it is
//! `safe`), and text holds such hosts: `_dmarc.example.com`, SRV names
//! such as `_sip._tcp.example.org`, intranet names. Where a scheme, a
//! wrapper or `URL:` says a URL is there, a label may hold `_` anywhere
//! but at the end of the host: `http://a_b.example.com/x` and
//! `<URL:http://build_01/>` are found, `http://example.com_` is not (in
//! `_see http://example.com_` the `_` closes Markdown emphasis; linkify-it
//! finds no link there either).
//! Without a scheme (`www.` hosts, and under fuzzy matching bare hosts and
//! `//host`), the last two labels may not: registries give out only
//! names of letters, digits and hyphens, so `foo_bar.com` names no public
//! host, while snake_case file names whose extension is a country code
//! (`test_utils.py`, `setup_env.sh`, `read_me.md`) fill prose about code.
//! So `www.foo_bar.com` and a bare `foo_bar.com` are not found, and
//! `www.a_b.example.com` and a bare `_dmarc.example.com` are (the line
//! GitHub's autolinker draws, the GFM spec's "valid domain"). An e-mail
//! domain takes no `_` (RFC 5321 section 4.1.2).
//!
//! What is found does not depend on a dialect; [`Found::check`] parses a
//! find by the one in force and lists what it breaks: under RFC 1738, the
//! default, a `_` in a host is a [`BadHost`](crate::ParseErrorKind::BadHost)
//! warning, under RFC 3986 nothing.
//!
//! ```
//! use uniform::extract::{find_iter, Finder};
//! use uniform::ParseOptions;
//!
//! let text = "see http://a_b.example.com/x, www.foo_bar.com and test_utils.py";
//! let found: Vec<_> = Finder::new().fuzzy(true).find_iter(text).collect();
//! assert_eq!(found.len(), 1);
//! assert_eq!(found[0].url, "http://a_b.example.com/x");
//! let mut warnings = Vec::new();
//! found[0].check(ParseOptions::new(), &mut warnings)?;
//! assert!(warnings[0].to_string().contains("RFC 1738"));
//! # Ok::<_, uniform::ParseError>(())
//! ```
//!
//! # Limits
//!
//! A URL (wrapper included) longer than [`Finder::max_len`] bytes (64 KiB
//! by default) is dropped whole: nothing is reported for it, and the
//! search goes on after the next whitespace or other stop character after
//! the point where it passed the limit. A
//! `<` whose `>` is not found within that length, or before a blank line,
//! another `<` or the end of the text, is no wrapper: the text after it is
//! searched as usual. So memory and time stay linear in the input, whatever
//! it holds (binary data, a gigabyte without a newline).
//!
//! # Example: the examples of RFC 1738
//!
//! ```
//! use uniform::extract::find_iter;
//!
//! let text = "Yes, Jim, I found it under <URL:ftp://info.cern.ch/pub/www/doc;
//!       type=d> but you can probably pick it up from <URL:ftp://ds.in
//!       ternic.net/rfc>.";
//! let urls: Vec<String> = find_iter(text).map(|f| f.url.into_owned()).collect();
//! assert_eq!(urls, ["ftp://info.cern.ch/pub/www/doc;type=d", "ftp://ds.internic.net/rfc"]);
//! ```

mod found;
#[cfg(feature = "std")]
mod reader;
mod scan;
mod shape;
mod text;
mod tld;
mod trigger;

pub use found::{Delimiter, Found, Kind};
#[cfg(feature = "std")]
pub use reader::Extractor;
use scan::{Options, Scanner, Step};

/// The default longest URL, wrapper included: 64 KiB.
///
/// # Example
///
/// ```
/// assert_eq!(uniform::extract::DEFAULT_MAX_LEN, 65536);
/// ```
pub const DEFAULT_MAX_LEN: usize = 64 * 1024;

/// Options for finding URLs.
///
/// # Example
///
/// ```
/// use uniform::extract::Finder;
///
/// let text = "mail joe@example.com or see example.org.";
/// assert_eq!(Finder::new().find_iter(text).count(), 0);
/// let fuzzy: Vec<String> = Finder::new().fuzzy(true).find_iter(text).map(|f| f.url.into_owned()).collect();
/// assert_eq!(fuzzy, ["joe@example.com", "example.org"]);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Finder {
    opts: Options,
}

impl Default for Finder {
    fn default() -> Finder {
        Finder::new()
    }
}

impl Finder {
    /// The defaults: wrappers, the `URL:` prefix, URLs of the known
    /// schemes, `www.` and `ftp.` hosts; no fuzzy matching; URLs up to
    /// [`DEFAULT_MAX_LEN`] bytes.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::extract::Finder;
    /// assert_eq!(Finder::new().find_iter("http://a.org").count(), 1);
    /// ```
    pub fn new() -> Finder {
        Finder {
            opts: Options {
                www: true,
                fuzzy: false,
                max_len: DEFAULT_MAX_LEN,
            },
        }
    }

    /// Whether to find `www.` and `ftp.` host names without a scheme.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::extract::Finder;
    /// assert_eq!(Finder::new().www(false).find_iter("www.example.com").count(), 0);
    /// ```
    pub fn www(mut self, yes: bool) -> Finder {
        self.opts.www = yes;
        self
    }

    /// Whether to find bare host names, IPv4 addresses, e-mail addresses
    /// and `//host` references (see the [module documentation](self)).
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::extract::Finder;
    /// let f = Finder::new().fuzzy(true);
    /// assert_eq!(f.find_iter("192.168.1.1/abc").next().unwrap().url, "192.168.1.1/abc");
    /// assert_eq!(f.find_iter("show image.jpg").count(), 0);
    /// ```
    pub fn fuzzy(mut self, yes: bool) -> Finder {
        self.opts.fuzzy = yes;
        self
    }

    /// The longest URL reported, wrapper included, in bytes; longer ones
    /// are dropped. At least 16.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::extract::Finder;
    /// let long = format!("http://a.org/{} http://b.org/", "x".repeat(100));
    /// let urls: Vec<String> = Finder::new().max_len(64).find_iter(&long).map(|f| f.url.into_owned()).collect();
    /// assert_eq!(urls, ["http://b.org/"]);
    /// ```
    pub fn max_len(mut self, bytes: usize) -> Finder {
        self.opts.max_len = bytes.max(16);
        self
    }

    /// The URLs in `text`, in order.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::extract::Finder;
    /// let n = Finder::new().find_iter("a http://a.org b http://b.org").count();
    /// assert_eq!(n, 2);
    /// ```
    pub fn find_iter<'t>(&self, text: &'t str) -> FindIter<'t> {
        FindIter {
            scanner: Scanner::new(self.opts),
            text,
            floor: 0,
            cursor: 0,
        }
    }

    /// The URLs in what `reader` yields, in order, read in chunks: memory
    /// stays bounded by about twice [`Finder::max_len`] plus the chunk size,
    /// whatever the input's size. With the `std` feature only.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::extract::Finder;
    /// let input: &[u8] = b"first <URL:http://a.org/x> then\n";
    /// let urls: Vec<String> = Finder::new().reader(input).map(|f| f.unwrap().url.into_owned()).collect();
    /// assert_eq!(urls, ["http://a.org/x"]);
    /// ```
    #[cfg(feature = "std")]
    pub fn reader<R: std::io::Read>(&self, reader: R) -> Extractor<R> {
        Extractor::new(reader, Scanner::new(self.opts), self.opts.max_len)
    }
}

/// The URLs in `text`, with the default [`Finder`].
///
/// # Example
///
/// ```
/// use uniform::extract::find_iter;
///
/// let text = "Note the warning in <URL:http://ds.internic.\n   net/instructions/overview.html#WARNING>.";
/// let f = find_iter(text).next().unwrap();
/// assert_eq!(f.url, "http://ds.internic.net/instructions/overview.html#WARNING");
/// assert!(f.wrapped && !f.ambiguous);
/// ```
pub fn find_iter(text: &str) -> FindIter<'_> {
    Finder::new().find_iter(text)
}

/// The iterator of [`Finder::find_iter`] and [`find_iter`].
///
/// # Example
///
/// ```
/// use uniform::extract::find_iter;
/// let spans: Vec<(usize, usize)> = find_iter("(see http://a.org/x).").map(|f| (f.start, f.end)).collect();
/// assert_eq!(spans, [(5, 19)]);
/// ```
#[derive(Clone, Debug)]
pub struct FindIter<'t> {
    scanner: Scanner,
    text: &'t str,
    floor: usize,
    cursor: usize,
}

impl<'t> Iterator for FindIter<'t> {
    type Item = Found<'t>;

    fn next(&mut self) -> Option<Found<'t>> {
        let hay = self.text.as_bytes();
        loop {
            match self.scanner.next(hay, self.floor, self.cursor, true) {
                Step::Found(raw) => {
                    self.floor = raw.end;
                    self.cursor = raw.end;
                    return Some(raw.found(hay, Some(self.text), 0));
                }
                Step::TooLong { resume } => {
                    let p = text::skip_stop(hay, resume, true).unwrap_or(hay.len());
                    self.floor = p;
                    self.cursor = p;
                }
                Step::End | Step::NeedMore { .. } => {
                    self.cursor = hay.len();
                    return None;
                }
            }
        }
    }
}

impl core::iter::FusedIterator for FindIter<'_> {}
