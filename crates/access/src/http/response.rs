//! A response whose head is read and whose body is not.

use std::io::Read;

/// A response whose body is still to be read.
pub(crate) struct Response {
    pub(crate) status: u16,
    /// As the server sent it (the gateway path) or rebuilt from the status
    /// (ureq keeps no reason phrase).
    pub(crate) status_line: Vec<u8>,
    /// The HTTP version (`1.1`).
    pub(crate) version: String,
    /// The header fields, in order.
    pub(crate) headers: Vec<(String, Vec<u8>)>,
    /// The body's length when the server announced it.
    pub(crate) content_length: Option<u64>,
    pub(crate) location: Option<Vec<u8>>,
    pub(crate) body: Box<dyn Read>,
}
