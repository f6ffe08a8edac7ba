//! Uniform: URLs by RFC 1738, RFC 1630 and RFC 3986.
//!
//! A URL names an object and says how to reach it. This crate reads URLs
//! exactly by the grammars of RFC 1738 (the default), RFC 1630 and RFC
//! 3986, strictly or leniently, and reports every violation at its byte
//! with the rule and the section it breaks. It has no I/O and no required
//! dependency.
//!
//! # Overview
//!
//! - [`UrlRef`] parses without allocating; [`Url`] owns its text. Both give
//!   the components of RFC 1738 section 3.1: scheme, user, password, host,
//!   port, url-path, search part and fragment.
//! - [`ParseOptions`] chooses the [`Dialect`] and strict or lenient mode.
//! - [`pct`] encodes and decodes, with named sets per component and scheme.
//! - [`UrlRef::canonical`] and [`UrlRef::equivalent`] bring URLs to one
//!   form and compare them: an encoded reserved character is never the
//!   same as the character.
//! - [`edit`]: setters for every component, path segments and query
//!   pairs, each checked by the parser of the URL's dialect.
//! - [`resolve`] resolves and relativizes references by RFC 1630, RFC 1808
//!   and RFC 3986; [`extract`] finds URLs in free text.
//! - [`whatwg`]: the WHATWG URL Standard, the reading of browsers
//!   ([`Dialect::Whatwg`]): its parser, setters, origin and
//!   `URLSearchParams`; [`compare`] sets every dialect's reading of a URL
//!   side by side.
//!
//! # Features
//!
//! - `std` (on by default): the stream extractor [`extract::Extractor`]
//!   (over `std::io::Read`), the file names of `file` URLs
//!   (`FileUrl::to_local_path`, `FileUrl::from_path`) and a file plan's
//!   local name. Without it the crate is `no_std` and needs only `alloc`.
//! - `serde` (off by default): [`Url`] and [`UrlRef`] serialize as their
//!   text; [`Url`] deserializes by parsing the text with the default
//!   options, refusing what is not a URL with the parse error's message.
//!
//! # Example: the common Internet scheme syntax
//!
//! ```
//! use uniform::UrlRef;
//!
//! // RFC 1738 section 3.1: an empty user name is not an absent one.
//! let url = UrlRef::parse("ftp://@host.com/")?;
//! assert_eq!(url.user(), Some(""));
//! assert_eq!(url.password(), None);
//!
//! // The "/" after the host is not part of the url-path.
//! let url = UrlRef::parse("ftp://myname@host.dom/%2Fetc/motd")?;
//! assert_eq!(url.path(), Some("%2Fetc/motd"));
//! # Ok::<_, uniform::ParseError>(())
//! ```
//!
//! # Example: strict checking with positioned errors
//!
//! ```
//! use uniform::{ParseErrorKind, ParseOptions};
//!
//! // RFC 1630, example 3: "%" must start an escape.
//! let err = ParseOptions::new().strict(true)
//!     .parse("news:12345667123%asdghfh@info.cern.ch").unwrap_err();
//! assert_eq!(err.kind(), ParseErrorKind::BadEscape);
//! assert_eq!(err.offset(), 16);
//! ```
#![cfg_attr(not(feature = "std"), no_std)]
#![forbid(unsafe_code)]
#![deny(missing_docs, missing_debug_implementations)]

// Strings, vectors and boxes come from alloc, so that the same code builds
// with and without std (the `std` feature, on by default).
extern crate alloc;

/// What std's prelude would give, for the no_std build; every module
/// imports it, so that both builds name the same types.
mod prelude {
    pub(crate) use alloc::borrow::{Cow, ToOwned};
    pub(crate) use alloc::boxed::Box;
    pub(crate) use alloc::format;
    pub(crate) use alloc::string::{String, ToString};
    pub(crate) use alloc::vec;
    pub(crate) use alloc::vec::Vec;
}

mod canon;
pub mod compare;
mod dialect;
pub mod edit;
mod error;
pub mod extract;
mod host;
mod idn;
mod offsets;
mod options;
mod parser;
pub mod pct;
pub mod plan;
mod reference;
pub mod resolve;
pub mod rulebook;
mod runs;
mod scheme;
pub mod schemes;
mod sink;
mod swar;
mod table;
mod url;
pub mod visible;
pub mod whatwg;
#[cfg(feature = "serde")]
mod with_serde;

pub use dialect::Dialect;
pub use error::{ParseError, ParseErrorKind};
pub use options::ParseOptions;
pub use scheme::{LinkCheck, Protocol, SCHEMES, Scheme, SchemeRow, Syntax, ViewKind};
pub use sink::MAX_WARNINGS;
pub use table::Component;
pub use url::{Url, UrlRef};

/// The crate's README (its example), compiled and run as a doctest so that
/// what crates.io shows stays true.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeExample;
