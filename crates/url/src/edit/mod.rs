//! Changing a URL: setters for each component, path segments, and query
//! pairs, as methods on [`Url`].
//!
//! Every edit writes the new text and parses it again by the URL's own
//! dialect and registry, so that the one parser decides what is valid. An
//! edit succeeds only when
//!
//! - the scheme has the component (no port in `mailto:`, no host in
//!   `urn:`, no search part in an RFC 1738 `ftp` URL):
//!   [`EditErrorKind::NotAllowed`] otherwise;
//! - the edited component is valid by the dialect's grammar, strictly,
//!   even when the URL was parsed leniently (a violation that was already
//!   there is left alone): [`EditErrorKind::Invalid`], with the parse
//!   error as its source;
//! - every component reads back as written, the others unchanged (a scheme
//!   whose `?` is data, a path that would join the host):
//!   [`EditErrorKind::Ambiguous`].
//!
//! On error the URL is unchanged. Setters that take text decode nothing
//! and encode what the component requires (`c d` becomes `c%20d`, `%`
//! becomes `%25`), so that the decoded getter returns what was set;
//! [`Url::set_raw`] takes text already encoded, and checks it.
//!
//! # Example
//!
//! ```
//! use uniform::Url;
//!
//! let mut url = Url::parse("http://info.cern.ch/hypertext/")?;
//! url.set_host("www.w3.org")?;
//! url.set_port(Some(8080))?;
//! url.push_segment("c d")?;
//! url.append_form_pair("q", "a&b")?;
//! assert_eq!(url.as_str(), "http://www.w3.org:8080/hypertext/c%20d?q=a%26b");
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```

mod query;
mod segments;
mod setters;

use crate::error::ParseError;
use crate::options::ParseOptions;
use crate::pct::EncodeSet;
use crate::prelude::*;
use crate::table::Component;
use crate::url::{Url, UrlRef};
use core::fmt;

use query::encode_with;
pub use query::{FormPairs, QueryPairs, form_decode, form_encode};

/// Why an edit was refused; the URL is left as it was.
///
/// # Example
///
/// ```
/// use uniform::{Component, Url};
/// use uniform::edit::EditErrorKind;
///
/// let mut url = Url::parse("mailto:info@cern.ch")?;
/// let err = url.set_port(Some(25)).unwrap_err();
/// assert_eq!(err.kind(), EditErrorKind::NotAllowed);
/// assert_eq!(err.component(), Component::Port);
/// assert_eq!(url.as_str(), "mailto:info@cern.ch");
/// # Ok::<_, uniform::ParseError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EditError {
    kind: EditErrorKind,
    component: Component,
    detail: Cow<'static, str>,
    source: Option<ParseError>,
    /// The octet of the new text the source points at, for
    /// [`Url::set_encoded`] (a scheme's rule may name no byte).
    byte: Option<u8>,
}

/// What kind of [`EditError`] it is.
///
/// # Example
///
/// ```
/// use uniform::Url;
/// use uniform::edit::EditErrorKind;
/// let mut url = Url::parse("http://h/")?;
/// assert_eq!(url.set_host("a b").unwrap_err().kind(), EditErrorKind::Invalid);
/// # Ok::<_, uniform::ParseError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum EditErrorKind {
    /// The scheme has no such component in this dialect: a port, host or
    /// user in `mailto:`, `news:` or `urn:`, a search part in an RFC 1738
    /// `ftp` or `gopher` URL, a user or port with no host to attach it to.
    NotAllowed,
    /// The value breaks the component's grammar (a host with a space, a
    /// scheme name that starts with a digit); [`EditError::source`] says
    /// where, when the parser found it.
    Invalid,
    /// The new text would read differently from what was written: another
    /// component would change (a path without `/` after a new host, a
    /// scheme under which `?` is data).
    Ambiguous,
    /// No path segment at that index, or a path with no segments.
    NoSegment,
}

impl EditErrorKind {
    /// A short name: `not-allowed`, `invalid`, `ambiguous`, `no-segment`.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::edit::EditErrorKind;
    /// assert_eq!(EditErrorKind::NotAllowed.as_str(), "not-allowed");
    /// ```
    pub fn as_str(self) -> &'static str {
        match self {
            EditErrorKind::NotAllowed => "not-allowed",
            EditErrorKind::Invalid => "invalid",
            EditErrorKind::Ambiguous => "ambiguous",
            EditErrorKind::NoSegment => "no-segment",
        }
    }
}

impl EditError {
    pub(crate) fn new(
        kind: EditErrorKind,
        component: Component,
        detail: impl Into<Cow<'static, str>>,
    ) -> EditError {
        EditError {
            kind,
            component,
            detail: detail.into(),
            source: None,
            byte: None,
        }
    }

    fn with_source(mut self, source: ParseError) -> EditError {
        self.byte = source.byte();
        self.source = Some(source);
        self
    }

    fn at(mut self, text: &str) -> EditError {
        if let (None, Some(e)) = (self.byte, &self.source) {
            self.byte = text.as_bytes().get(e.offset()).copied();
        }
        self
    }

    /// What is wrong.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::Url;
    /// use uniform::edit::EditErrorKind;
    /// let mut url = Url::parse("urn:isbn:0451450523")?;
    /// assert_eq!(url.set_host("h").unwrap_err().kind(), EditErrorKind::NotAllowed);
    /// # Ok::<_, uniform::ParseError>(())
    /// ```
    pub fn kind(&self) -> EditErrorKind {
        self.kind
    }

    /// The component the edit was for.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::{Component, Url};
    /// let mut url = Url::parse("ftp://h/")?;
    /// assert_eq!(url.set_query(Some("x")).unwrap_err().component(), Component::Query);
    /// # Ok::<_, uniform::ParseError>(())
    /// ```
    pub fn component(&self) -> Component {
        self.component
    }

    /// The parse error that made the new text invalid, if the parser found
    /// one: its offset is in the text the edit would have made.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::{ParseErrorKind, Url};
    /// let mut url = Url::parse("http://h/")?;
    /// let err = url.set_host("a b").unwrap_err();
    /// assert_eq!(err.parse_error().map(|e| e.kind()), Some(ParseErrorKind::BadHost));
    /// # Ok::<_, uniform::ParseError>(())
    /// ```
    pub fn parse_error(&self) -> Option<&ParseError> {
        self.source.as_ref()
    }
}

impl fmt::Display for EditError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "cannot set the {}: {}",
            self.component.name(),
            self.detail
        )?;
        if let Some(e) = &self.source {
            write!(f, ": {e}")?;
        }
        Ok(())
    }
}

impl core::error::Error for EditError {
    fn source(&self) -> Option<&(dyn core::error::Error + 'static)> {
        self.source
            .as_ref()
            .map(|e| e as &(dyn core::error::Error + 'static))
    }
}

/// A URL's components as written, owned, from which an edit writes the
/// new text. `host` is `Some` exactly when there is an authority.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Parts {
    pub scheme: String,
    pub user: Option<String>,
    pub password: Option<String>,
    pub host: Option<String>,
    pub port: Option<String>,
    /// The path with its leading `/` (RFC 3986's path).
    pub path: String,
    pub query: Option<String>,
    pub fragment: Option<String>,
}

impl Parts {
    pub(crate) fn of(u: &UrlRef<'_>) -> Parts {
        Parts {
            scheme: u.scheme().into(),
            user: u.user().map(Into::into),
            password: u.password().map(Into::into),
            host: u.host().map(Into::into),
            port: u.port_str().map(Into::into),
            path: u.path_with_slash().into(),
            query: u.query().map(Into::into),
            fragment: u.fragment().map(Into::into),
        }
    }

    fn write(&self) -> String {
        let mut s = String::with_capacity(
            self.scheme.len() + self.path.len() + self.host.as_ref().map_or(0, String::len) + 16,
        );
        s.push_str(&self.scheme);
        s.push(':');
        if let Some(host) = &self.host {
            s.push_str("//");
            if let Some(user) = &self.user {
                s.push_str(user);
                if let Some(pw) = &self.password {
                    s.push(':');
                    s.push_str(pw);
                }
                s.push('@');
            }
            s.push_str(host);
            if let Some(port) = &self.port {
                s.push(':');
                s.push_str(port);
            }
        }
        s.push_str(&self.path);
        if let Some(q) = &self.query {
            s.push('?');
            s.push_str(q);
        }
        if let Some(f) = &self.fragment {
            s.push('#');
            s.push_str(f);
        }
        s
    }

    /// The first component that differs from `other`'s.
    fn first_difference(&self, other: &Parts) -> Option<Component> {
        [
            (self.scheme == other.scheme, Component::Scheme),
            (self.user == other.user, Component::User),
            (self.password == other.password, Component::Password),
            (self.host == other.host, Component::Host),
            (self.port == other.port, Component::Port),
            (self.path == other.path, Component::Path),
            (self.query == other.query, Component::Query),
            (self.fragment == other.fragment, Component::Fragment),
        ]
        .into_iter()
        .find(|(same, _)| !same)
        .map(|(_, c)| c)
    }
}

/// Where `component` lies in `u`'s text, as a byte range; `None` when
/// absent. The path's range includes its leading `/`.
fn span(u: &UrlRef<'_>, component: Component) -> Option<(usize, usize)> {
    let text = match component {
        Component::Scheme => Some(u.scheme()),
        Component::User => u.user(),
        Component::Password => u.password(),
        Component::Host => u.host(),
        Component::Port => u.port_str(),
        Component::Path => Some(u.path_with_slash()),
        Component::Query => u.query(),
        Component::Fragment => u.fragment(),
    }?;
    // Each accessor returns a slice of the URL's text: its place is the
    // distance between the two addresses.
    let start = text.as_ptr() as usize - u.as_str().as_ptr() as usize;
    Some((start, start + text.len()))
}

impl Url {
    /// The options this URL was parsed by, strictness aside (a URL does
    /// not keep it): its dialect and registry.
    pub(crate) fn reparse_options(&self) -> ParseOptions {
        let o = ParseOptions::new().dialect(self.dialect());
        match self.as_url_ref().registry() {
            Some(r) => o.registry(r),
            None => o,
        }
    }

    /// Encodes `value` with `set` and hands the text to `apply`; when the
    /// dialect's grammar refuses a character of `value` that `set` left
    /// as it is (RFC 1630 reserves `=` in a user name, `?` in a fragment),
    /// encodes that character too and tries again. The parser, not a
    /// table per dialect, says what the component requires.
    pub(crate) fn set_encoded(
        &mut self,
        values: &[&[u8]],
        set: EncodeSet,
        apply: impl FnMut(&mut Url, &[Cow<'_, str>]) -> Result<(), EditError>,
    ) -> Result<(), EditError> {
        self.set_encoded_as(values, set, false, apply)
    }

    /// As [`Url::set_encoded`]; `form` writes a space as `+`
    /// (application/x-www-form-urlencoded).
    pub(crate) fn set_encoded_as(
        &mut self,
        values: &[&[u8]],
        mut set: EncodeSet,
        form: bool,
        mut apply: impl FnMut(&mut Url, &[Cow<'_, str>]) -> Result<(), EditError>,
    ) -> Result<(), EditError> {
        loop {
            let texts: Vec<Cow<'_, str>> =
                values.iter().map(|v| encode_with(v, &set, form)).collect();
            match apply(self, &texts) {
                Err(e) if e.kind == EditErrorKind::Invalid => match e.byte {
                    Some(b)
                        if b.is_ascii_graphic()
                            && !set.contains(b)
                            && values.iter().any(|v| v.contains(&b)) =>
                    {
                        set = set.add(b);
                    }
                    _ => return Err(e),
                },
                r => return r,
            }
        }
    }

    /// Writes `new`, parses it by this URL's options and, when it reads
    /// back as `new` with `component` valid, makes it this URL.
    pub(crate) fn commit(&mut self, new: Parts, component: Component) -> Result<(), EditError> {
        let options = self.reparse_options();
        let text = new.write();
        let mut warnings = Vec::new();
        let parsed = options
            .parse_with_warnings(&text, &mut warnings)
            .map_err(|e| {
                EditError::new(EditErrorKind::Invalid, component, "the URL would not parse")
                    .with_source(e)
            })?;
        let got = Parts::of(&parsed);
        if let Some(c) = got.first_difference(&new) {
            let detail = if c == component {
                format!("the value would not read back as the {}", c.name())
            } else {
                format!("the value would change the {}", c.name())
            };
            return Err(EditError::new(EditErrorKind::Ambiguous, component, detail));
        }
        let fresh = faults(&parsed, &warnings, component);
        if !fresh.is_empty() {
            // Violations that were already there are the lenient parse's
            // to keep; only new ones refuse the edit.
            let mut old_warnings = Vec::new();
            let old = options
                .parse_with_warnings(self.as_str(), &mut old_warnings)
                .ok();
            let mut old_faults = old
                .map(|o| faults(&o, &old_warnings, component))
                .unwrap_or_default();
            for f in fresh {
                match old_faults.iter().position(|o| o.kind() == f.kind()) {
                    Some(i) => {
                        old_faults.swap_remove(i);
                    }
                    None => {
                        return Err(EditError::new(
                            EditErrorKind::Invalid,
                            component,
                            format!(
                                "the value breaks the grammar of {}",
                                self.dialect().as_str()
                            ),
                        )
                        .with_source(f)
                        .at(&text));
                    }
                }
            }
        }
        let (off, registry) = (*parsed.offsets(), parsed.registry());
        *self = Url::from_parts(text, off, registry);
        Ok(())
    }
}

/// The warnings (not advice) that fall inside `component` of `u`.
fn faults(u: &UrlRef<'_>, warnings: &[ParseError], component: Component) -> Vec<ParseError> {
    let Some((start, end)) = span(u, component) else {
        return Vec::new();
    };
    warnings
        .iter()
        .filter(|w| !w.is_advice() && (start..=end).contains(&w.offset()))
        .cloned()
        .collect()
}
