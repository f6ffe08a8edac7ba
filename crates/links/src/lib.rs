//! Find the links of documents and check each by its own scheme's
//! protocol: the library behind `uniform links`.
//!
//! The path of the data, each a value handed to the next:
//!
//! ```text
//! INPUT ──input──▶ Document ──extract──▶ Link (as written, with its line
//!   and column) ──resolve──▶ absolute URL ──target──▶ Target (parsed,
//!   keyed by host, judged: once a distinct URL) ──check──▶ Verdict
//!   ──report──▶ text
//! ```
//!
//! - [`input`]: files, folders (walked with include and exclude globs),
//!   URLs (fetched), standard input; each a [`Document`] whose
//!   [`Format`] comes from its name or a look at its first octets.
//! - [`extract`]: HTML with a WHATWG tokenizer (`href`, `src`, `srcset`,
//!   `<base href>`), Markdown with pulldown-cmark (inline, reference and
//!   autolinks), plain text with Uniform's extractor (`<URL:...>`
//!   wrappers across lines, as RFC 1738's appendix has them), CSS
//!   (`url(...)`, `@import`), sitemaps and RSS or Atom feeds (quick-xml).
//! - [`target`]: a distinct URL parsed once, its host key, and the plan
//!   the policy approved for its check (or the policy's refusal).
//! - [`check`]: one check a distinct URL, by its scheme's protocol, the
//!   safety policy first.
//! - [`report`]: human, JSON, Markdown, and for CI systems JUnit XML
//!   and SARIF 2.1.0.
//!
//! # Example
//!
//! ```
//! use uniform_links::{Document, Format, extract};
//! let doc = Document::text("notes.md", Format::Markdown, "See [the spec](http://example.org/spec).\n");
//! let links = extract::links(&doc);
//! assert_eq!(links[0].text, "http://example.org/spec");
//! assert_eq!((links[0].line, links[0].column), (1, 16));
//! ```

#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod cache;
pub mod check;
pub mod crawl;
mod document;
pub mod entries;
pub mod extract;
pub mod hosts;
pub mod input;
mod link;
pub mod locations;
pub mod report;
pub mod resolve;
pub mod robots;
pub mod run;
mod seen;
mod spill;
pub mod target;

pub use document::{Document, Format, Source};
pub use link::{Link, LinkKind};
