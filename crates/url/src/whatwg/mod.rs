//! The WHATWG URL Standard: URLs as browsers, Node.js, rust-url and
//! ada-url read them ([`Dialect::Whatwg`](crate::Dialect::Whatwg)).
//!
//! The Standard does not validate a URL against a grammar as the RFCs do:
//! its parser rewrites the input into one canonical serialization, the
//! `href`. It strips leading and trailing C0 controls and spaces, drops
//! tabs and newlines anywhere, reads `\` as `/` in the special schemes
//! (`http`, `https`, `ws`, `wss`, `ftp`, `file`), lower-cases and IDNA-maps
//! hosts, reads `0x7f.1` as `127.0.0.1`, percent-encodes what each
//! component may not hold, removes dot segments and drops a default port.
//! Where it departs from the input it records a validation error, named as
//! the Standard names it (see [`ValidationError`]), at the byte of the input
//! where it happened.
//!
//! A parse gives a [`Url`] whose text is the `href` and whose components
//! are the record's: [`Url::user`] is the user name (`None` when empty:
//! the Standard has no absent user name), [`Url::port`] is `None` for the
//! default port. [`get`] and [`set`] are the `URL` class's attributes,
//! [`SearchParams`] its `URLSearchParams`, [`origin`] its origin.
//!
//! # Example
//!
//! ```
//! use uniform::whatwg;
//!
//! let url = whatwg::parse(" HTTP://EXAMPLE.com:80/a/./b/../c\\d?q=1 2#f ", None)?;
//! assert_eq!(url.as_str(), "http://example.com/a/c/d?q=1%202#f");
//!
//! let base = whatwg::parse("https://h.example/dir/page.html", None)?;
//! let link = whatwg::parse("docs\\page.html", Some(&base))?;
//! assert_eq!(link.as_str(), "https://h.example/dir/docs/page.html");
//!
//! assert_eq!(whatwg::parse("http://0x7f.1/", None)?.host(), Some("127.0.0.1"));
//! assert!(whatwg::parse("http://exa mple.com/", None).is_err());
//! # Ok::<_, uniform::ParseError>(())
//! ```

mod encode;
mod entry;
mod fast;
mod host;
mod machine;
mod origin;
mod params;
mod record;
mod validation;

pub use encode::EncodeSet;
pub use origin::{Origin, origin};
pub use params::SearchParams;
pub use validation::ValidationError;

use crate::error::ParseError;
use crate::prelude::*;
use crate::table::Component;
use crate::url::Url;
use entry::{Cleaned, base_record, run, url_of};
use machine::State;
use record::Record;

/// Whether `scheme` (lower case) is one of the Standard's special
/// schemes: `http`, `https`, `ws`, `wss`, `ftp`, `file`.
///
/// # Example
///
/// ```
/// assert!(uniform::whatwg::is_special("wss"));
/// assert!(!uniform::whatwg::is_special("gopher"));
/// ```
pub fn is_special(scheme: &str) -> bool {
    record::special(scheme).is_some()
}

/// Parses `input` by the URL Standard against an optional `base`.
///
/// # Errors
///
/// A [`ParseError`] of kind [`ParseErrorKind::Failure`](crate::ParseErrorKind::Failure)
/// where the Standard's parser returns failure; its
/// [`rule`](ParseError::rule) names the validation error.
///
/// # Example
///
/// ```
/// use uniform::whatwg;
/// let base = whatwg::parse("http://example.org/foo/bar", None)?;
/// assert_eq!(whatwg::parse("../baz?x#y", Some(&base))?.as_str(), "http://example.org/baz?x#y");
/// let e = whatwg::parse("/no/base", None).unwrap_err();
/// assert_eq!(e.rule(), "missing-scheme-non-relative-URL");
/// # Ok::<_, uniform::ParseError>(())
/// ```
pub fn parse(input: &str, base: Option<&Url>) -> Result<Url, ParseError> {
    let base = base.map(|b| base_record(&b.as_url_ref())).transpose()?;
    url_of(input, base.as_ref(), None)
}

/// As [`parse`], and appends each validation error the parser meets to
/// `warnings`, at its byte offset in `input` (past the tabs and newlines
/// it removed).
///
/// # Errors
///
/// As [`parse`].
///
/// # Example
///
/// ```
/// use uniform::whatwg;
/// let mut w = Vec::new();
/// let url = whatwg::parse_with_warnings("http://h/a\n/b c", None, &mut w)?;
/// assert_eq!(url.as_str(), "http://h/a/b%20c");
/// let names: Vec<_> = w.iter().map(|e| (e.rule(), e.offset())).collect();
/// assert_eq!(names, [("invalid-URL-unit", 10), ("invalid-URL-unit", 13)]);
/// # Ok::<_, uniform::ParseError>(())
/// ```
pub fn parse_with_warnings(
    input: &str,
    base: Option<&Url>,
    warnings: &mut Vec<ParseError>,
) -> Result<Url, ParseError> {
    let base = base.map(|b| base_record(&b.as_url_ref())).transpose()?;
    run(input, base.as_ref(), Some(warnings)).map(|r| r.to_url())
}

/// The Standard's API URL parser: `base`, when given, is parsed first
/// (a base that fails fails the whole), then `input` against it.
///
/// # Errors
///
/// As [`parse`], for the base or the input.
///
/// # Example
///
/// ```
/// use uniform::whatwg;
/// let url = whatwg::join(Some("https://a.example/x/y"), "//b.example/z")?;
/// assert_eq!(url.as_str(), "https://b.example/z");
/// # Ok::<_, uniform::ParseError>(())
/// ```
pub fn join(base: Option<&str>, input: &str) -> Result<Url, ParseError> {
    let base = base.map(|b| run(b, None, None)).transpose()?;
    url_of(input, base.as_ref(), None)
}

/// `URL.canParse(input, base)`: whether [`join`] succeeds, without
/// building the URL's text.
///
/// # Example
///
/// ```
/// use uniform::whatwg;
/// assert!(whatwg::can_parse("a/b", Some("http://h/")));
/// assert!(!whatwg::can_parse("a/b", None));
/// assert!(!whatwg::can_parse("http://[::1/", None));
/// ```
pub fn can_parse(input: &str, base: Option<&str>) -> bool {
    if base.is_none() && fast::valid(input) {
        return true;
    }
    let Ok(base) = base.map(|b| run(b, None, None)).transpose() else {
        return false;
    };
    run(input, base.as_ref(), None).is_ok()
}

/// Parses `input` under the WHATWG dialect for [`crate::ParseOptions`]:
/// strict makes the first validation error the error.
pub(crate) fn parse_for_options(
    input: &str,
    strict: bool,
    warnings: Option<&mut Vec<ParseError>>,
) -> Result<Url, ParseError> {
    if !strict {
        return url_of(input, None, warnings);
    }
    let mut all = Vec::new();
    let url = run(input, None, Some(&mut all))?;
    if let Some(first) = all.first() {
        return Err(first.clone());
    }
    if let Some(w) = warnings {
        w.extend(all);
    }
    Ok(url.to_url())
}

/// An attribute of the Standard's `URL` class.
///
/// # Example
///
/// ```
/// use uniform::whatwg::{self, Attribute};
/// let url = whatwg::parse("https://user:pw@h.example:8443/p?q#f", None)?;
/// assert_eq!(whatwg::get(&url, Attribute::Host), "h.example:8443");
/// assert_eq!(whatwg::get(&url, Attribute::Search), "?q");
/// assert_eq!(Attribute::from_name("hostname"), Some(Attribute::Hostname));
/// # Ok::<_, uniform::ParseError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Attribute {
    /// The serialization.
    Href,
    /// The origin's serialization (read only).
    Origin,
    /// The scheme and `:`.
    Protocol,
    /// The user name.
    Username,
    /// The password.
    Password,
    /// The host and, when not the default, `:` and the port.
    Host,
    /// The host.
    Hostname,
    /// The port, or `""`.
    Port,
    /// The path.
    Pathname,
    /// `?` and the query, or `""` when it is empty or absent.
    Search,
    /// `#` and the fragment, or `""` when it is empty or absent.
    Hash,
}

impl Attribute {
    /// Every attribute, in the order of the Standard's IDL.
    pub const ALL: &'static [Attribute] = &[
        Attribute::Href,
        Attribute::Origin,
        Attribute::Protocol,
        Attribute::Username,
        Attribute::Password,
        Attribute::Host,
        Attribute::Hostname,
        Attribute::Port,
        Attribute::Pathname,
        Attribute::Search,
        Attribute::Hash,
    ];

    /// The IDL name: `href`, `protocol`, `hostname`...
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::whatwg::Attribute;
    /// assert_eq!(Attribute::Pathname.as_str(), "pathname");
    /// ```
    pub fn as_str(self) -> &'static str {
        match self {
            Attribute::Href => "href",
            Attribute::Origin => "origin",
            Attribute::Protocol => "protocol",
            Attribute::Username => "username",
            Attribute::Password => "password",
            Attribute::Host => "host",
            Attribute::Hostname => "hostname",
            Attribute::Port => "port",
            Attribute::Pathname => "pathname",
            Attribute::Search => "search",
            Attribute::Hash => "hash",
        }
    }

    /// The attribute of an IDL name.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::whatwg::Attribute;
    /// assert_eq!(Attribute::from_name("search"), Some(Attribute::Search));
    /// assert_eq!(Attribute::from_name("query"), None);
    /// ```
    pub fn from_name(name: &str) -> Option<Attribute> {
        Attribute::ALL.iter().copied().find(|a| a.as_str() == name)
    }
}

/// The getter of `attribute` on `url` (a URL of any dialect is read as
/// its serialization under the Standard).
///
/// # Example
///
/// ```
/// use uniform::whatwg::{self, Attribute};
/// let url = whatwg::parse("http://h/p?", None)?;
/// assert_eq!(whatwg::get(&url, Attribute::Search), "");
/// assert_eq!(whatwg::get(&url, Attribute::Origin), "http://h");
/// # Ok::<_, uniform::ParseError>(())
/// ```
pub fn get(url: &Url, attribute: Attribute) -> String {
    match base_record(&url.as_url_ref()) {
        Ok(r) => getter(&r, attribute),
        Err(_) => String::new(),
    }
}

fn getter(r: &Record, attribute: Attribute) -> String {
    let mut out = String::new();
    match attribute {
        Attribute::Href => out = r.serialize().0,
        Attribute::Origin => out = origin::of_record(r).to_string(),
        Attribute::Protocol => {
            out.push_str(&r.scheme);
            out.push(':');
        }
        Attribute::Username => out.push_str(&r.username),
        Attribute::Password => out.push_str(&r.password),
        Attribute::Host | Attribute::Hostname => {
            if let Some(h) = &r.host {
                h.serialize(&mut out);
                if let (Some(p), Attribute::Host) = (r.port, attribute) {
                    out.push(':');
                    out.push_str(&p.to_string());
                }
            }
        }
        Attribute::Port => {
            if let Some(p) = r.port {
                out = p.to_string();
            }
        }
        Attribute::Pathname => r.pathname(&mut out),
        Attribute::Search => {
            if let Some(q) = r.query.as_deref().filter(|q| !q.is_empty()) {
                out.push('?');
                out.push_str(q);
            }
        }
        Attribute::Hash => {
            if let Some(f) = r.fragment.as_deref().filter(|f| !f.is_empty()) {
                out.push('#');
                out.push_str(f);
            }
        }
    }
    out
}

/// The setter of `attribute` on `url`, as the Standard's `URL` class runs
/// it: a value a setter cannot use leaves the URL as it was (or, as the
/// Standard says, as far as the setter got), and only `href` fails.
/// `url` becomes a URL of the WHATWG dialect.
///
/// # Errors
///
/// For [`Attribute::Href`], a value that does not parse; `origin` is read
/// only, and setting it is an error too.
///
/// # Example
///
/// ```
/// use uniform::whatwg::{self, Attribute};
/// let mut url = whatwg::parse("http://h.example/a", None)?;
/// whatwg::set(&mut url, Attribute::Host, "other.example:8080")?;
/// whatwg::set(&mut url, Attribute::Pathname, "/b c")?;
/// whatwg::set(&mut url, Attribute::Protocol, "mailto")?; // special to not: ignored
/// assert_eq!(url.as_str(), "http://other.example:8080/b%20c");
/// # Ok::<_, uniform::ParseError>(())
/// ```
pub fn set(url: &mut Url, attribute: Attribute, value: &str) -> Result<(), ParseError> {
    let mut r = base_record(&url.as_url_ref())?;
    setter(&mut r, attribute, value)?;
    *url = r.to_url();
    Ok(())
}

/// Runs the machine over `value` into `r` from `state`; a failure leaves
/// what the machine had done.
fn override_run(r: &mut Record, value: &str, state: State) {
    let cleaned = Cleaned::new(value, false, &mut |_, _| {});
    let _ = machine::run(
        &cleaned.text,
        None,
        r,
        Some(state),
        false,
        &mut |_, _, _| {},
    );
}

fn setter(r: &mut Record, attribute: Attribute, value: &str) -> Result<(), ParseError> {
    match attribute {
        Attribute::Href => *r = run(value, None, None)?,
        Attribute::Origin => {
            return Err(ValidationError::InvalidUrlUnit
                .at(0, Component::Scheme, true)
                .with_detail("origin is read only"));
        }
        Attribute::Protocol => {
            let mut v = String::with_capacity(value.len() + 1);
            v.push_str(value);
            v.push(':');
            override_run(r, &v, State::SchemeStart);
        }
        Attribute::Username | Attribute::Password => {
            if r.cannot_have_credentials_or_port() {
                return Ok(());
            }
            let encoded = EncodeSet::Userinfo.encode(value);
            if attribute == Attribute::Username {
                r.username = encoded;
            } else {
                r.password = encoded;
            }
        }
        Attribute::Host | Attribute::Hostname => {
            if r.opaque.is_some() {
                return Ok(());
            }
            let state = if attribute == Attribute::Host {
                State::Host
            } else {
                State::Hostname
            };
            override_run(r, value, state);
        }
        Attribute::Port => {
            if r.cannot_have_credentials_or_port() {
                return Ok(());
            }
            if value.is_empty() {
                r.port = None;
            } else {
                override_run(r, value, State::Port);
            }
        }
        Attribute::Pathname => {
            if r.opaque.is_some() {
                return Ok(());
            }
            r.path.clear();
            override_run(r, value, State::PathStart);
        }
        Attribute::Search => {
            if value.is_empty() {
                r.query = None;
                return Ok(());
            }
            let input = value.strip_prefix('?').unwrap_or(value);
            r.query = Some(String::new());
            override_run(r, input, State::Query);
        }
        Attribute::Hash => {
            if value.is_empty() {
                r.fragment = None;
                return Ok(());
            }
            let input = value.strip_prefix('#').unwrap_or(value);
            r.fragment = Some(String::new());
            override_run(r, input, State::Fragment);
        }
    }
    Ok(())
}

/// The host of `https://INPUT/` as the Standard's host parser reads it
/// (a domain through UTS 46 with the Standard's options, an IPv4 or IPv6
/// address), serialized: what wpt's `toascii` tests compare.
///
/// # Errors
///
/// The failure, as [`parse`] gives it.
///
/// # Example
///
/// ```
/// use uniform::whatwg;
/// assert_eq!(whatwg::host_to_ascii("BÜcher.example")?, "xn--bcher-kva.example");
/// assert_eq!(whatwg::host_to_ascii("0x7F.1")?, "127.0.0.1");
/// assert!(whatwg::host_to_ascii("a b").is_err());
/// # Ok::<_, uniform::ParseError>(())
/// ```
pub fn host_to_ascii(input: &str) -> Result<String, ParseError> {
    let mut out = String::new();
    host::parse(input, false, false, &mut |_| {})
        .map_err(|e| e.at(0, Component::Host, true))?
        .serialize(&mut out);
    Ok(out)
}
