//! Why the text of a trurl edit (`PART=VALUE`, `path=SEG`, ...) was
//! refused.

use crate::prelude::*;
use core::fmt;

/// Why the text of an edit was refused: its `Display` is the message
/// after the option and its argument (`not a port number (0 to 65535)`).
///
/// # Example
///
/// ```
/// use uniform::edit::{EditSyntaxErrorKind, Set};
///
/// let err = "colour=red".parse::<Set>().unwrap_err();
/// assert_eq!(err.kind(), EditSyntaxErrorKind::UnknownPart);
/// assert_eq!(err.part(), Some("colour"));
/// assert_eq!(
///     err.to_string(),
///     "unknown part \"colour\" (scheme, user, password, host, port, path, query, fragment)"
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EditSyntaxError {
    kind: EditSyntaxErrorKind,
    /// For [`EditSyntaxErrorKind::Form`]: the form the text should take.
    expected: &'static str,
    part: Option<String>,
    text: Option<String>,
}

/// What kind of [`EditSyntaxError`] it is.
///
/// # Example
///
/// ```
/// use uniform::edit::{EditSyntaxErrorKind, Set};
///
/// let err = "port=http".parse::<Set>().unwrap_err();
/// assert_eq!(err.kind(), EditSyntaxErrorKind::NotAPort);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum EditSyntaxErrorKind {
    /// The text has not the edit's form: no `=` in a set, neither
    /// `path=` nor `query=` before an append.
    Form,
    /// The part's name is none of trurl's ([`part_named`](super::part_named)).
    UnknownPart,
    /// A port that is neither empty nor a number from 0 to 65535.
    NotAPort,
    /// A replace with no key.
    NoKey,
    /// An iterate with no value.
    NoValue,
}

impl EditSyntaxError {
    pub(super) fn form(expected: &'static str) -> Self {
        EditSyntaxError {
            kind: EditSyntaxErrorKind::Form,
            expected,
            part: None,
            text: None,
        }
    }

    pub(super) fn of(kind: EditSyntaxErrorKind) -> Self {
        EditSyntaxError {
            kind,
            expected: "",
            part: None,
            text: None,
        }
    }

    pub(super) fn unknown_part(name: &str) -> Self {
        EditSyntaxError {
            part: Some(name.to_string()),
            ..Self::of(EditSyntaxErrorKind::UnknownPart)
        }
    }

    /// The error of one value's `PART=VALUE`, within a longer text.
    pub(super) fn about(self, text: String) -> Self {
        EditSyntaxError {
            text: Some(text),
            ..self
        }
    }

    /// What kind of error it is.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::edit::{Append, EditSyntaxErrorKind};
    ///
    /// let err = "fragment=x".parse::<Append>().unwrap_err();
    /// assert_eq!(err.kind(), EditSyntaxErrorKind::Form);
    /// assert_eq!(err.to_string(), "expected path=SEG or query=K=V");
    /// ```
    pub fn kind(&self) -> EditSyntaxErrorKind {
        self.kind
    }

    /// For [`EditSyntaxErrorKind::UnknownPart`], the part's name as given.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::edit::Iterate;
    ///
    /// let err = Iterate::parse("hots=a b").unwrap_err();
    /// assert_eq!(err.part(), Some("hots"));
    /// ```
    pub fn part(&self) -> Option<&str> {
        self.part.as_deref()
    }

    /// For an [`Iterate`](super::Iterate), the `PART=VALUE` of the one value that was
    /// refused; `None` when the error is about the whole text.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::edit::Iterate;
    ///
    /// let err = Iterate::parse("port=80 http").unwrap_err();
    /// assert_eq!(err.text(), Some("port=http"));
    /// assert_eq!(err.to_string(), "not a port number (0 to 65535)");
    /// ```
    pub fn text(&self) -> Option<&str> {
        self.text.as_deref()
    }
}

impl fmt::Display for EditSyntaxError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.kind {
            EditSyntaxErrorKind::Form => write!(f, "expected {}", self.expected),
            EditSyntaxErrorKind::UnknownPart => write!(
                f,
                "unknown part {:?} (scheme, user, password, host, port, path, query, fragment)",
                self.part.as_deref().unwrap_or("")
            ),
            EditSyntaxErrorKind::NotAPort => f.write_str("not a port number (0 to 65535)"),
            EditSyntaxErrorKind::NoKey => f.write_str("no key given (K=V or K)"),
            EditSyntaxErrorKind::NoValue => f.write_str("no value"),
        }
    }
}

impl core::error::Error for EditSyntaxError {}
