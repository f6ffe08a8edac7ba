//! The line layer of the line protocols (FTP, SMTP, NNTP, Gopher; telnet
//! takes its local line end): one bounded reader, one writer, one reply
//! parser, one dot-terminated block reader and writer, one CR LF converter.
//!
//! Each protocol module says what to send and which codes to expect; this
//! layer says how a line goes on the wire and how a reply comes off it,
//! within limits: a line longer than its limit, or a multi-line reply
//! longer than its limit, is a [`error::LineError`] naming the limit and the
//! peer, never memory that grows with what the server sends.

pub(crate) mod conn;
pub(crate) mod dotted;
pub(crate) mod eol;
pub(crate) mod error;
pub(crate) mod reply;
pub(crate) mod sink;
pub(crate) mod write;
