//! Uniform's URL functions in SQL, for [Apache DataFusion]: validation and
//! components by RFC 1738 (or RFC 1630, RFC 3986), the canonical form and
//! equivalence, resolution, percent-encoding, the registrable domain, and
//! the URLs found in a text.
//!
//! Every function takes NULL to NULL, and gives NULL (never an error, never
//! a panic) for a URL that does not parse. A component that is a piece of
//! the URL (host, path, query, ...) comes back as a `Utf8View`: a piece
//! longer than 32 bytes points into the input's own bytes, a shorter one
//! is copied into the result's blocks (cheaper than Arrow's check of a
//! reference); nothing is allocated for the row.
//!
//! | function | gives |
//! | --- | --- |
//! | `url_valid(url [, dialect [, strict]])` | whether the URL is valid; strict unless `strict` is false, as `uniform check` |
//! | `url_scheme`, `url_user`, `url_host`, `url_path`, `url_query`, `url_fragment` `(url [, dialect [, strict]])` | the component as written (lenient parse unless `strict`); an empty user name is `''`, no user name NULL |
//! | `url_port(url [, dialect [, strict]])` | the port written, else the scheme's default |
//! | `url_query_param(url, key [, dialect [, strict]])` | the first value of `key` in the search part, form-decoded |
//! | `url_normalize(url [, dialect [, strict]])` | the canonical form (`uniform normalize`) |
//! | `url_equal(a, b [, dialect [, strict]])` | whether both name the same object |
//! | `url_registrable_domain(url [, dialect [, strict]])` | the domain under the public suffix (`example.co.uk`) |
//! | `url_resolve(base, ref [, rules])`, `url_relativize(base, target [, rules])` | resolution by `rfc3986` (default), `rfc3986-compat`, `rfc2396`, `rfc1808` or `rfc1630` |
//! | `url_encode(text [, set])`, `url_decode(text)` | percent-encoding by a named set (`reserved` by default) and its inverse |
//! | `url_extract(text)` | the list of URLs found in the text |
//!
//! `dialect` is `rfc1738` (the default), `rfc1630`, `rfc3986` or `whatwg`
//! (the URL Standard: each function reads the serialization, the `href`,
//! that its parser makes of the text; `url_normalize` gives the `href`).
//!
//! # Example
//!
//! ```
//! use datafusion::prelude::SessionContext;
//! use datafusion::arrow::array::{Array, AsArray};
//!
//! # tokio::runtime::Runtime::new().unwrap().block_on(async {
//! let ctx = SessionContext::new();
//! uniform_sql::register(&ctx);
//! let batches = ctx
//!     .sql("SELECT url_host('ftp://myname@host.dom/%2Fetc/motd') AS h")
//!     .await?
//!     .collect()
//!     .await?;
//! assert_eq!(batches[0].column(0).as_string_view().value(0), "host.dom");
//! # Ok::<_, datafusion::error::DataFusionError>(())
//! # }).unwrap();
//! ```
//!
//! [Apache DataFusion]: https://datafusion.apache.org

#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod args;
mod call;
mod catalog;
mod cluster;
mod codec;
mod extract;
mod function;
pub mod output;
mod parts;
mod relative;
pub mod session;
mod slices;
pub mod tables;

pub use catalog::{functions, register};
pub use datafusion;
