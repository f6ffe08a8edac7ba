//! What an access gave.

use crate::listing::Listing;

/// What an access gave.
#[derive(Debug)]
#[non_exhaustive]
pub enum Fetched {
    /// An object, written to the output: its length.
    Object {
        /// Octets written.
        bytes: u64,
    },
    /// A directory, menu, group or list of groups.
    Listing(Listing),
    /// A mail message, accepted by the relay.
    Sent,
    /// An interactive session that has ended.
    Session,
}
