//! The `serde` feature: a URL is its text.
//!
//! Serializing writes the text as it is; deserializing parses it by the
//! default options (RFC 1738, lenient), so that a value that is not a URL
//! is refused where it is read, with the parse error's message.

use crate::prelude::*;
use crate::url::{Url, UrlRef};
use core::fmt;
use serde::de::{self, Deserialize, Deserializer, Visitor};
use serde::ser::{Serialize, Serializer};

/// The URL's text, as a string.
///
/// # Example
///
/// ```
/// use uniform::Url;
/// let url = Url::parse("ftp://host.dom/%2Fetc/motd")?;
/// assert_eq!(serde_json::to_string(&url)?, r#""ftp://host.dom/%2Fetc/motd""#);
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
impl Serialize for Url {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

/// The URL's text, as a string.
///
/// # Example
///
/// ```
/// use uniform::UrlRef;
/// let url = UrlRef::parse("news:comp.infosystems.www")?;
/// assert_eq!(serde_json::to_string(&url)?, r#""news:comp.infosystems.www""#);
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
impl Serialize for UrlRef<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

/// A string, parsed as [`Url::parse`] does (RFC 1738, lenient); a string
/// that is not a URL is an error carrying the [`ParseError`](crate::ParseError)'s message.
///
/// # Example
///
/// ```
/// use uniform::Url;
/// let url: Url = serde_json::from_str(r#""gopher://h/1menu""#)?;
/// assert_eq!(url.port_or_default(), Some(70));
///
/// let err = serde_json::from_str::<Url>(r#""no scheme here""#).unwrap_err();
/// assert!(err.to_string().contains(&Url::parse("no scheme here").unwrap_err().to_string()));
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
impl<'de> Deserialize<'de> for Url {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Url, D::Error> {
        deserializer.deserialize_string(UrlVisitor)
    }
}

/// Reads a string into a `Url`, keeping an owned string as the URL's text.
struct UrlVisitor;

impl Visitor<'_> for UrlVisitor {
    type Value = Url;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a URL string")
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<Url, E> {
        Url::parse(v).map_err(E::custom)
    }

    fn visit_string<E: de::Error>(self, v: String) -> Result<Url, E> {
        Url::try_from(v).map_err(E::custom)
    }
}
