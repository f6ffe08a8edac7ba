//! Why an edit was refused.

use crate::error::ParseError;
use crate::prelude::*;
use crate::table::Component;
use core::fmt;

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
    /// scheme name that starts with a digit); [`EditError::parse_error`] says
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

    pub(crate) fn with_source(mut self, source: ParseError) -> EditError {
        self.byte = source.byte();
        self.source = Some(source);
        self
    }

    pub(crate) fn at(mut self, text: &str) -> EditError {
        if let (None, Some(e)) = (self.byte, &self.source) {
            self.byte = text.as_bytes().get(e.offset()).copied();
        }
        self
    }

    /// The octet the parser stopped at, when there is one.
    pub(crate) fn fault_byte(&self) -> Option<u8> {
        self.byte
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
