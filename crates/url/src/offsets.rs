//! Where the components of a parsed URL start and end.

use crate::dialect::Dialect;
use crate::scheme::Scheme;

/// Component boundaries of a parsed URL, as byte offsets into its text.
///
/// `u32` offsets keep a [`crate::Url`] small, as rust-url does; inputs of
/// 4 GiB or more are refused with [`crate::ParseErrorKind::TooLong`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Offsets {
    /// The `:` after the scheme.
    pub scheme_end: u32,
    /// End of the user name (the `:` or `@` after it), when `USER`.
    pub user_end: u32,
    pub host_start: u32,
    pub host_end: u32,
    /// The `/` that ends the authority, or where the path starts.
    pub path_start: u32,
    /// The `?`, or `NONE`.
    pub query_start: u32,
    /// The `#`, or `NONE`.
    pub fragment_start: u32,
    pub port: u16,
    pub scheme: Scheme,
    pub dialect: Dialect,
    pub flags: u8,
}

pub(crate) const NONE: u32 = u32::MAX;
/// "//" follows the scheme.
pub(crate) const AUTHORITY: u8 = 1;
/// A user name (maybe empty) and its "@".
pub(crate) const USER: u8 = 2;
/// A ":" and a password (maybe empty) after the user name.
pub(crate) const PASSWORD: u8 = 4;
/// A ":" after the host.
pub(crate) const PORT_COLON: u8 = 8;
/// Digits after that ":" (then `port` holds their value).
pub(crate) const PORT: u8 = 16;
/// A "/" after the authority: the url-path is present, maybe empty.
pub(crate) const PATH_SLASH: u8 = 32;
/// The host is an IP literal in brackets.
pub(crate) const IP_LITERAL: u8 = 64;
