//! Why the line layer stopped. Each limit is named with its size and the
//! peer it held off, so that a message says what was refused and from whom.

use crate::error::{AccessError, AccessErrorKind};
use std::fmt;
use std::io;
use uniform::plan::Rule;

/// What went wrong.
#[derive(Debug)]
pub(crate) enum LineErrorKind {
    /// A line longer than `limit` octets (its line end counted).
    LineTooLong {
        /// The limit.
        limit: usize,
    },
    /// A multi-line reply longer than `limit` octets in all.
    ReplyTooLong {
        /// The limit.
        limit: usize,
    },
    /// A line where a reply was due that does not start with a reply code
    /// (three digits, then a space, a hyphen or the line end).
    NotAReply(Vec<u8>),
    /// The peer closed the connection where a line was due.
    Closed,
    /// A line to send holds this octet (CR, LF or NUL), which would end
    /// it early or be cut there.
    Unsendable(u8),
    /// Reading or writing failed (a time limit included).
    Io(io::Error),
}

/// A line-layer failure on the connection to `peer` (`host:port`).
#[derive(Debug)]
pub(crate) struct LineError {
    pub(crate) kind: LineErrorKind,
    pub(crate) peer: String,
}

impl LineError {
    pub(crate) fn new(kind: LineErrorKind, peer: &str) -> LineError {
        LineError {
            kind,
            peer: peer.to_string(),
        }
    }

    /// The access error of a `scheme` access to `host`, while `doing`.
    pub(crate) fn access(self, scheme: &str, host: &str, doing: &str) -> AccessError {
        let kind = match &self.kind {
            LineErrorKind::LineTooLong { .. } | LineErrorKind::ReplyTooLong { .. } => {
                AccessErrorKind::TooLong
            }
            LineErrorKind::NotAReply(_) => AccessErrorKind::Protocol,
            LineErrorKind::Closed => AccessErrorKind::Io,
            LineErrorKind::Unsendable(0) => AccessErrorKind::Refused(Rule::NulInjection),
            LineErrorKind::Unsendable(_) => AccessErrorKind::Refused(Rule::LineBreakInjection),
            LineErrorKind::Io(_) => AccessErrorKind::Io,
        };
        match self.kind {
            LineErrorKind::Io(e) => AccessError::io(scheme, Some(host), doing, e),
            LineErrorKind::NotAReply(ref line) => {
                let line = line.clone();
                AccessError::new(kind, scheme, Some(host), format!("{doing}: {self}"))
                    .with_reply(&line)
            }
            _ => AccessError::new(kind, scheme, Some(host), format!("{doing}: {self}")),
        }
    }
}

impl fmt::Display for LineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let peer = &self.peer;
        match &self.kind {
            LineErrorKind::LineTooLong { limit } => {
                write!(f, "{peer} sent a line longer than {limit} octets")
            }
            LineErrorKind::ReplyTooLong { limit } => {
                write!(f, "{peer} sent a reply longer than {limit} octets")
            }
            LineErrorKind::NotAReply(_) => write!(
                f,
                "{peer} sent a line that is not a reply (three digits, then a space or a hyphen)"
            ),
            LineErrorKind::Closed => write!(f, "{peer} closed the connection"),
            LineErrorKind::Unsendable(b) => {
                let what = match b {
                    b'\r' => "a CR",
                    b'\n' => "an LF",
                    _ => "a NUL",
                };
                write!(f, "a line to send to {peer} holds {what}: not sent")
            }
            LineErrorKind::Io(e) => write!(f, "{peer}: {e}"),
        }
    }
}

impl std::error::Error for LineError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match &self.kind {
            LineErrorKind::Io(e) => Some(e),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_limit_is_named_with_the_peer() {
        let e = LineError::new(LineErrorKind::LineTooLong { limit: 512 }, "h:25");
        assert_eq!(e.to_string(), "h:25 sent a line longer than 512 octets");
        let a = e.access("mailto", "h", "reading the greeting");
        assert_eq!(a.kind(), AccessErrorKind::TooLong);
        assert!(a.message().contains("512"), "{a}");
        let e = LineError::new(LineErrorKind::Unsendable(0), "h:21");
        assert_eq!(
            e.access("ftp", "h", "x").kind(),
            AccessErrorKind::Refused(Rule::NulInjection)
        );
    }
}
