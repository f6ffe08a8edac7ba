//! Uniform: URLs by RFC 1738, RFC 1630 and RFC 3986.
#![forbid(unsafe_code)]
#![deny(missing_docs, missing_debug_implementations)]

pub mod extract;
pub mod resolve;
mod scheme;

pub use scheme::Scheme;
