//! The origin of a URL (URL Standard section 4.7; HTML's origin).

use super::record::Record;
use crate::prelude::*;
use crate::url::Url;
use core::fmt;

/// An origin: the scheme, host and port that a browser's same-origin
/// policy compares, or an opaque origin (serialized `null`), which equals
/// no other.
///
/// # Example
///
/// ```
/// use uniform::whatwg::{self, Origin};
/// let url = whatwg::parse("https://h.example:8443/a", None)?;
/// assert_eq!(whatwg::origin(&url).to_string(), "https://h.example:8443");
/// let blob = whatwg::parse("blob:https://whatwg.org/d0360e2f", None)?;
/// assert_eq!(whatwg::origin(&blob).to_string(), "https://whatwg.org");
/// let data = whatwg::parse("data:text/plain,x", None)?;
/// assert_eq!(whatwg::origin(&data), Origin::Opaque);
/// # Ok::<_, uniform::ParseError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Origin {
    /// An opaque origin: `file:`, `data:` and every scheme that is not
    /// `http`, `https`, `ftp`, `ws`, `wss` (or a `blob:` of one of those).
    Opaque,
    /// A tuple origin.
    Tuple {
        /// The scheme, lower case.
        scheme: String,
        /// The host, serialized.
        host: String,
        /// The port, `None` for the scheme's default.
        port: Option<u16>,
    },
}

impl fmt::Display for Origin {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Origin::Opaque => f.write_str("null"),
            Origin::Tuple { scheme, host, port } => {
                write!(f, "{scheme}://{host}")?;
                if let Some(p) = port {
                    write!(f, ":{p}")?;
                }
                Ok(())
            }
        }
    }
}

/// The origin of `url` (a URL of another dialect is read as its
/// serialization under the Standard; one that has none has an opaque
/// origin).
///
/// # Example
///
/// ```
/// use uniform::whatwg;
/// let url = whatwg::parse("file:///etc/motd", None)?;
/// assert_eq!(whatwg::origin(&url).to_string(), "null");
/// # Ok::<_, uniform::ParseError>(())
/// ```
pub fn origin(url: &Url) -> Origin {
    match super::entry::base_record(&url.as_url_ref()) {
        Ok(r) => of_record(&r),
        Err(_) => Origin::Opaque,
    }
}

pub(crate) fn of_record(r: &Record) -> Origin {
    match r.scheme.as_str() {
        "blob" => {
            let mut path = String::new();
            r.pathname(&mut path);
            match super::entry::run(&path, None, None) {
                Ok(inner) if matches!(inner.scheme.as_str(), "http" | "https") => of_record(&inner),
                _ => Origin::Opaque,
            }
        }
        "ftp" | "http" | "https" | "ws" | "wss" => {
            let mut host = String::new();
            if let Some(h) = &r.host {
                h.serialize(&mut host);
            }
            Origin::Tuple {
                scheme: r.scheme.clone(),
                host,
                port: r.port,
            }
        }
        _ => Origin::Opaque,
    }
}
