//! The URL record (section 4.1), its serializer (section 4.5), and the
//! way to and from a [`Url`] whose text is the serialization.

use super::host::Host;
use crate::dialect::Dialect;
use crate::offsets::{
    AUTHORITY, IP_LITERAL, NONE, Offsets, PASSWORD, PATH_SLASH, PORT, PORT_COLON, USER,
};
use crate::prelude::*;
use crate::scheme::Scheme;
use crate::url::{Url, UrlRef};
use core::fmt::Write as _;

/// A URL as the Standard's algorithms see it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Record {
    /// Lower case.
    pub scheme: String,
    pub username: String,
    pub password: String,
    pub host: Option<Host>,
    pub port: Option<u16>,
    /// The segments, when the path is a list.
    pub path: Vec<String>,
    /// The path, when it is opaque (then `path` is empty).
    pub opaque: Option<String>,
    pub query: Option<String>,
    pub fragment: Option<String>,
}

/// A special scheme's default port (`Some(None)` for `file`), from the
/// scheme table; `None` for a scheme that is not special.
pub(crate) fn special(scheme: &str) -> Option<Option<u16>> {
    let row = Scheme::from_name(scheme).row();
    row.special.then_some(row.default_port)
}

impl Record {
    pub(crate) fn new() -> Record {
        Record {
            scheme: String::new(),
            username: String::new(),
            password: String::new(),
            host: None,
            port: None,
            path: Vec::new(),
            opaque: None,
            query: None,
            fragment: None,
        }
    }

    pub(crate) fn is_special(&self) -> bool {
        special(&self.scheme).is_some()
    }

    pub(crate) fn default_port(&self) -> Option<u16> {
        special(&self.scheme).flatten()
    }

    pub(crate) fn includes_credentials(&self) -> bool {
        !self.username.is_empty() || !self.password.is_empty()
    }

    pub(crate) fn cannot_have_credentials_or_port(&self) -> bool {
        matches!(self.host, None | Some(Host::Empty)) || self.scheme == "file"
    }

    /// Shortens the path (section 4.2), keeping a `file:` drive letter.
    pub(crate) fn shorten_path(&mut self) {
        if self.scheme == "file"
            && self.path.len() == 1
            && is_normalized_drive_letter(self.path[0].as_bytes())
        {
            return;
        }
        self.path.pop();
    }

    /// The path serializer.
    pub(crate) fn pathname(&self, out: &mut String) {
        if let Some(p) = &self.opaque {
            out.push_str(p);
            return;
        }
        for s in &self.path {
            out.push('/');
            out.push_str(s);
        }
    }

    /// The URL serializer, and the offsets of what it wrote.
    pub(crate) fn serialize(&self) -> (String, Offsets) {
        let mut out = String::with_capacity(
            self.scheme.len()
                + self.username.len()
                + self.password.len()
                + self.path.iter().map(|s| s.len() + 1).sum::<usize>()
                + self.opaque.as_ref().map_or(0, String::len)
                + self.query.as_ref().map_or(0, String::len)
                + self.fragment.as_ref().map_or(0, String::len)
                + 24,
        );
        let mut flags = 0u8;
        out.push_str(&self.scheme);
        let scheme_end = out.len() as u32;
        out.push(':');
        let (mut user_end, mut host_start, mut host_end) = (NONE, NONE, NONE);
        if let Some(host) = &self.host {
            flags |= AUTHORITY;
            out.push_str("//");
            if self.includes_credentials() {
                flags |= USER;
                out.push_str(&self.username);
                user_end = out.len() as u32;
                if !self.password.is_empty() {
                    flags |= PASSWORD;
                    out.push(':');
                    out.push_str(&self.password);
                }
                out.push('@');
            }
            host_start = out.len() as u32;
            if matches!(host, Host::Ipv6(_)) {
                flags |= IP_LITERAL;
            }
            host.serialize(&mut out);
            host_end = out.len() as u32;
            if let Some(port) = self.port {
                flags |= PORT_COLON | PORT;
                let _ = write!(out, ":{port}");
            }
        } else if self.opaque.is_none() && self.path.len() > 1 && self.path[0].is_empty() {
            out.push_str("/.");
        }
        let path_start = out.len() as u32;
        self.pathname(&mut out);
        if self.host.is_some() && out.len() as u32 > path_start {
            flags |= PATH_SLASH;
        }
        let mut query_start = NONE;
        if let Some(q) = &self.query {
            query_start = out.len() as u32;
            out.push('?');
            out.push_str(q);
        }
        let mut fragment_start = NONE;
        if let Some(f) = &self.fragment {
            fragment_start = out.len() as u32;
            out.push('#');
            out.push_str(f);
        }
        if host_start == NONE {
            host_start = path_start;
            host_end = path_start;
        }
        let off = Offsets {
            scheme_end,
            user_end,
            host_start,
            host_end,
            path_start,
            query_start,
            fragment_start,
            port: self.port.unwrap_or(0),
            scheme: Scheme::from_name(&self.scheme),
            dialect: Dialect::Whatwg,
            flags,
        };
        (out, off)
    }

    /// The record of a URL parsed under the WHATWG dialect (its text is a
    /// serialization, so its components are the record's).
    pub(crate) fn of(url: &UrlRef<'_>) -> Record {
        let mut r = Record::new();
        r.scheme = url.scheme().to_ascii_lowercase();
        if url.has_authority() {
            r.username = url.user().unwrap_or("").into();
            r.password = url.password().unwrap_or("").into();
            let host = url.host().unwrap_or("");
            r.host = Some(if host.is_empty() {
                Host::Empty
            } else if url.host_is_ip_literal() {
                // A serialized IPv6 address parses again.
                super::host::parse(host, false, false, &mut |_| {})
                    .unwrap_or(Host::Opaque(host.into()))
            } else if r.is_special() {
                // Serialized already: a domain and an IPv4 address are
                // both written as they are.
                Host::Domain(host.into())
            } else {
                Host::Opaque(host.into())
            });
            r.port = url.port();
        }
        let path = url.path_with_slash();
        if !url.has_authority() && !path.starts_with('/') {
            r.opaque = Some(path.into());
        } else if !path.is_empty() {
            r.path = path[1..].split('/').map(String::from).collect();
        }
        r.query = url.query().map(String::from);
        r.fragment = url.fragment().map(String::from);
        r
    }

    /// The record as a [`Url`] of the WHATWG dialect.
    pub(crate) fn to_url(&self) -> Url {
        let (s, off) = self.serialize();
        Url::from_parts(s, off, None)
    }
}

/// Two code points: an ASCII letter, then `:` or `|`.
pub(crate) fn is_drive_letter(s: &[u8]) -> bool {
    s.len() == 2 && s[0].is_ascii_alphabetic() && matches!(s[1], b':' | b'|')
}

pub(crate) fn is_normalized_drive_letter(s: &[u8]) -> bool {
    is_drive_letter(s) && s[1] == b':'
}

/// Whether `s` starts with a Windows drive letter (section 4.2).
pub(crate) fn starts_with_drive_letter(s: &[u8]) -> bool {
    s.len() >= 2
        && is_drive_letter(&s[..2])
        && (s.len() == 2 || matches!(s[2], b'/' | b'\\' | b'?' | b'#'))
}
