//! A response whose head is read and whose body is not.

use std::io::Read;
use std::net::SocketAddr;

// The public type lives with the exchange it describes (interaction.rs):
// HTTP fills it in, but the user's side must not depend on HTTP.
pub(crate) use crate::interaction::Timings;

/// A response whose body is still to be read.
pub(crate) struct Response {
    pub(crate) status: u16,
    /// As the server sent it.
    pub(crate) status_line: Vec<u8>,
    /// The HTTP version (`1.1`).
    pub(crate) version: String,
    /// The header fields, in order, names as the server wrote them.
    pub(crate) headers: Vec<(String, Vec<u8>)>,
    /// The body's length when the server announced it.
    pub(crate) content_length: Option<u64>,
    pub(crate) location: Option<Vec<u8>>,
    pub(crate) body: Box<dyn Read>,
    /// The connection it came on.
    pub(crate) via: Via,
}

/// The connection a response came on, for curl's `-w` variables.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Via {
    /// The peer's address (the server's, or the proxy's on a route
    /// through one) and ours.
    pub(crate) addresses: Option<(SocketAddr, SocketAddr)>,
    /// Made for this request, not kept from an earlier one.
    pub(crate) new_connection: bool,
    pub(crate) timings: Timings,
}
