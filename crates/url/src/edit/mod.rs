//! Changing a URL: setters for each component, path segments, and query
//! pairs, as methods on [`Url`](crate::Url).
//!
//! Every edit writes the new text and parses it again by the URL's own
//! dialect and registry, so that the one parser decides what is valid. An
//! edit succeeds only when
//!
//! - the scheme has the component (no port in `mailto:`, no host in
//!   `urn:`, no search part in an RFC 1738 `ftp` URL):
//!   [`EditErrorKind::NotAllowed`] otherwise;
//! - the edited component is valid by the dialect's grammar, strictly,
//!   even when the URL was parsed leniently (a violation that was already
//!   there is left alone): [`EditErrorKind::Invalid`], with the parse
//!   error as its source;
//! - every component reads back as written, the others unchanged (a scheme
//!   whose `?` is data, a path that would join the host):
//!   [`EditErrorKind::Ambiguous`].
//!
//! On error the URL is unchanged. Setters that take text decode nothing
//! and encode what the component requires (`c d` becomes `c%20d`, `%`
//! becomes `%25`), so that the decoded getter returns what was set;
//! [`Url::set_raw`](crate::Url::set_raw) takes text already encoded, and checks it.
//!
//! [`Recipe`] batches trurl's edits (`--set`, `--append`, `--qtrim`,
//! `--replace`, `--sort-query`, `--redirect`, ...), each read from trurl's
//! `PART=VALUE` text ([`Set`], [`Append`], [`Replace`], [`Iterate`]), and
//! makes them in trurl's order; [`guess_scheme`] and [`accept_space`] are
//! trurl's readings of input that is no URL.
//!
//! # Example
//!
//! ```
//! use uniform::Url;
//!
//! let mut url = Url::parse("http://info.cern.ch/hypertext/")?;
//! url.set_host("www.w3.org")?;
//! url.set_port(Some(8080))?;
//! url.push_segment("c d")?;
//! url.append_form_pair("q", "a&b")?;
//! assert_eq!(url.as_str(), "http://www.w3.org:8080/hypertext/c%20d?q=a%26b");
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```

mod commit;
mod error;
mod input;
mod query;
mod recipe;
mod segments;
mod setters;
mod steps;
mod syntax;

pub use error::{EditError, EditErrorKind};
pub use input::{accept_space, guess_scheme};
pub use query::{FormPairs, QueryPairs, form_decode, form_encode};
pub use recipe::{Recipe, RecipeError};
pub use steps::{Append, Iterate, Replace, Set, combinations, part_named, trim_key, trims};
pub use syntax::{EditSyntaxError, EditSyntaxErrorKind};
