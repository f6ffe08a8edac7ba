//! Typed views of the schemes of RFC 1738 section 3 and RFC 1630, their
//! grammars (RFC 1738 section 5), builders, and a registry for schemes the
//! seeds do not define.
//!
//! # Overview
//!
//! A view borrows a parsed URL and reads the fields its scheme names:
//! [`UrlRef::ftp`](crate::UrlRef::ftp) gives an [`FtpUrl`] with the cwd segments, the name and
//! the typecode, [`UrlRef::gopher`](crate::UrlRef::gopher) a [`GopherUrl`] with the type, selector,
//! search and Gopher+ string, and so on; [`UrlRef::specific`](crate::UrlRef::specific) gives the one
//! view that fits as a [`SchemeUrl`]. Every field is an [`Encoded`]: as
//! written, decoded to bytes, or decoded as lossy UTF-8. Views compute
//! nothing until asked and allocate only to decode an escape.
//!
//! | scheme | view | RFC |
//! | --- | --- | --- |
//! | `ftp` | [`FtpUrl`] | 1738 section 3.2 |
//! | `http`, `https` | [`HttpUrl`] | 1738 section 3.3 |
//! | `gopher` | [`GopherUrl`] | 1738 section 3.4 |
//! | `mailto` | [`MailtoUrl`] | 1738 section 3.5 |
//! | `news` | [`NewsUrl`] | 1738 section 3.6 |
//! | `nntp` | [`NntpUrl`] | 1738 section 3.7 |
//! | `telnet`, `rlogin`, `tn3270` | [`TelnetUrl`] | 1738 section 3.8, 1630 |
//! | `wais` | [`WaisUrl`] | 1738 section 3.9 |
//! | `file` | [`FileUrl`] | 1738 section 3.10 |
//! | `prospero` | [`ProsperoUrl`] | 1738 section 3.11, 1630 |
//! | `mid` | [`MidUrl`] | 1630, Message-Id |
//! | `cid` | [`CidUrl`] | 1630, Content-Id |
//! | `urn` | [`UrnUrl`] | 1630, URN (RFC 8141's `NID:NSS` under RFC 3986) |
//! | `x-...`, `afs`, `nfs`, `mailserver`, `z39.50`, others | [`GenericUrl`] | 1738 section 4 |
//!
//! Which view a scheme has is its row's [`crate::SchemeRow::view`].
//!
//! A strict parse, or a lenient one that keeps its warnings, also checks
//! each URL against its scheme's BNF (RFC 1738 section 5, or RFC 1630's
//! where that dialect differs) and reports each violation at its byte with
//! the rule's name, as [`crate::ParseErrorKind::SchemeSyntax`].
//!
//! # Example: reading and checking
//!
//! ```
//! use uniform::{ParseOptions, UrlRef};
//! use uniform::schemes::SchemeUrl;
//!
//! let url = UrlRef::parse("gopher://h.dom/7/search%09rfc%201738")?;
//! let SchemeUrl::Gopher(g) = url.specific() else { unreachable!() };
//! assert_eq!(g.gopher_type(), b'7');
//! assert_eq!(g.selector().as_str(), "/search");
//! assert_eq!(g.search().unwrap().decode_lossy(), "rfc 1738");
//!
//! // RFC 1738 section 5: an nntp article number is digits.
//! let err = ParseOptions::new().strict(true).parse("nntp://h/comp.lang/4x").unwrap_err();
//! assert_eq!((err.rule(), err.offset()), ("digits", 20));
//! # Ok::<_, uniform::ParseError>(())
//! ```
//!
//! # Example: building
//!
//! ```
//! use uniform::schemes::GopherUrl;
//! let url = GopherUrl::builder().host("h.dom").gopher_type(b'7').selector("/search").search("rfc 1738").build()?;
//! assert_eq!(url.as_str(), "gopher://h.dom/7/search%09rfc%201738");
//! # Ok::<_, uniform::schemes::BuildError>(())
//! ```

mod build;
mod check;
mod cid;
mod encoded;
pub(crate) mod file;
pub(crate) mod ftp;
mod generic;
pub(crate) mod gopher;
mod http;
pub(crate) mod mailto;
mod mid;
pub(crate) mod news;
pub(crate) mod nntp;
mod path;
pub(crate) mod prospero;
pub mod registry;
mod specific;
mod telnet;
mod urn;
pub(crate) mod validate;
pub(crate) mod wais;

pub use build::{BuildError, BuildErrorKind};
pub use cid::CidUrl;
pub use encoded::{Encoded, Segments};
pub use file::{FileBuilder, FilePathError, FilePathErrorKind, FileUrl, WindowsPaths};
pub use ftp::{FtpBuilder, FtpUrl, Typecode};
pub use generic::GenericUrl;
pub use gopher::{AttributeNames, GopherBuilder, GopherPlus, GopherUrl};
pub use http::{HttpBuilder, HttpUrl};
pub use mailto::{MailtoBuilder, MailtoUrl};
pub use mid::MidUrl;
pub use news::{NewsBuilder, NewsTarget, NewsUrl};
pub use nntp::{NntpBuilder, NntpUrl};
pub use prospero::{ProsperoBuilder, ProsperoUrl};
pub use registry::{Registry, RegistryError, RegistryErrorKind, SchemeSpec, Validator};
pub use specific::SchemeUrl;
pub use telnet::{TelnetBuilder, TelnetUrl};
pub use urn::UrnUrl;
pub use wais::{WaisBuilder, WaisForm, WaisUrl, Wpath, WpathRecord, wais_search, wais_words};
