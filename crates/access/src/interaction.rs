//! The side of an access that talks to the user: progress, prompts,
//! advice.

/// The side of an access that talks to the user: progress and prompts.
/// Every method has a default that does nothing, for unattended use.
pub trait Interaction {
    /// The object's size, once the server tells it (FTP SIZE, HTTP
    /// Content-Length).
    fn size_known(&mut self, _size: u64) {}

    /// Octets of the object written so far.
    fn progress(&mut self, _written: u64) {}

    /// Asks the user for a password (`what` says for whom); `None` when
    /// there is no one to ask.
    fn password(&mut self, _what: &str) -> Option<Vec<u8>> {
        None
    }

    /// Shows advice before an interactive session: a telnet URL's user
    /// name and password (RFC 1738 section 3.8).
    fn advise(&mut self, _text: &str) {}

    /// Asks the user for a value that is no secret, one line (`what` says
    /// what: a gopher search); `None` when there is no one to ask.
    fn ask(&mut self, _what: &str) -> Option<String> {
        None
    }
}

/// An [`Interaction`] that shows nothing and asks nothing.
#[derive(Clone, Copy, Debug, Default)]
pub struct Unattended;

impl Interaction for Unattended {}
