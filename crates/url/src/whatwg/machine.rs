//! The basic URL parser (URL Standard section 4.4): its state machine,
//! step by step, over the bytes of the input.
//!
//! Every delimiter the machine looks at is ASCII, so it walks bytes: a
//! code point past U+007F is percent-encoded byte by byte, which is what
//! UTF-8 percent-encoding it gives, and is checked as a URL unit once, at
//! its first byte.

use super::encode::{self, EncodeSet};
use super::host::{self, Host};
use super::record::{
    self, Record, is_drive_letter, is_normalized_drive_letter, starts_with_drive_letter,
};
use super::validation::ValidationError as V;
use crate::prelude::*;
use crate::table::Component;

/// The states of the machine.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum State {
    SchemeStart,
    Scheme,
    NoScheme,
    SpecialRelativeOrAuthority,
    PathOrAuthority,
    Relative,
    RelativeSlash,
    SpecialAuthoritySlashes,
    SpecialAuthorityIgnoreSlashes,
    Authority,
    Host,
    Hostname,
    Port,
    File,
    FileSlash,
    FileHost,
    PathStart,
    Path,
    OpaquePath,
    Query,
    Fragment,
}

/// A failure: what, and where in the machine's input.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Fail {
    pub error: V,
    pub at: usize,
    pub component: Component,
}

/// Where validation errors go: the error, its byte in the machine's
/// input, and the component.
pub(crate) type Warn<'w> = &'w mut dyn FnMut(V, usize, Component);

/// Runs the machine over `input` (already trimmed and without tabs and
/// newlines), into `url`, from `state` (`Some` is a state override).
/// `listening`: whether `warn` keeps what it is given.
pub(crate) fn run(
    input: &[u8],
    base: Option<&Record>,
    url: &mut Record,
    state_override: Option<State>,
    listening: bool,
    warn: Warn<'_>,
) -> Result<(), Fail> {
    Machine {
        input,
        base,
        url,
        over: state_override,
        listening,
        warn,
    }
    .go()
}

struct Machine<'i, 'r, 'w> {
    input: &'i [u8],
    base: Option<&'r Record>,
    url: &'r mut Record,
    over: Option<State>,
    /// Whether validation errors are kept: the strict IDNA reading,
    /// which only decides one, is skipped when they are not.
    listening: bool,
    warn: Warn<'w>,
}

pub(crate) fn is_single_dot(s: &[u8]) -> bool {
    s == b"." || s.eq_ignore_ascii_case(b"%2e")
}

pub(crate) fn is_double_dot(s: &[u8]) -> bool {
    s == b".."
        || s.eq_ignore_ascii_case(b".%2e")
        || s.eq_ignore_ascii_case(b"%2e.")
        || s.eq_ignore_ascii_case(b"%2e%2e")
}

/// ASCII bytes (the machine's encoded output) as a string: one copy
/// (any other byte, which cannot be there, would read as U+FFFD).
fn ascii(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

impl Machine<'_, '_, '_> {
    fn fail(&self, error: V, at: usize, component: Component) -> Fail {
        Fail {
            error,
            at,
            component,
        }
    }

    /// Reports an invalid URL unit at `p` when there is one: a code point
    /// that is no URL code point, or a `%` without two hex digits.
    fn check_unit(&mut self, p: usize, component: Component) {
        // Nobody keeps it: not worth a look.
        if !self.listening {
            return;
        }
        let input = self.input;
        let c = input[p];
        let bad = if c == b'%' {
            crate::pct::escape_value(input, p).is_none()
        } else if c < 0x80 {
            !encode::is_url_code_point(c as char)
        } else if c >= 0xC0 {
            // The first byte of a code point; later bytes were judged
            // with it.
            let end = (p + 4).min(input.len());
            let text = match core::str::from_utf8(&input[p..end]) {
                Ok(t) => t,
                Err(e) => core::str::from_utf8(&input[p..p + e.valid_up_to()]).unwrap_or(""),
            };
            text.chars()
                .next()
                .is_none_or(|ch| !encode::is_url_code_point(ch))
        } else {
            false
        };
        if bad {
            (self.warn)(V::InvalidUrlUnit, p, component);
        }
    }

    fn go(&mut self) -> Result<(), Fail> {
        let input = self.input;
        let len = input.len() as isize;
        let mut state = self.over.unwrap_or(State::SchemeStart);
        let mut buffer: Vec<u8> = Vec::new();
        let (mut at_sign_seen, mut inside_brackets, mut password_token_seen) =
            (false, false, false);
        // Where the text the buffer holds started, for positions.
        let mut buffer_start = 0usize;
        let mut p: isize = 0;
        // Whether the URL is special, as of its scheme: read from the
        // scheme table once, then again only where the scheme changes.
        let mut special = self.url.is_special();
        loop {
            let pu = p.max(0) as usize;
            let c: Option<u8> = if p >= 0 && p < len {
                Some(input[pu])
            } else {
                None
            };
            let remaining = input.get(pu + 1..).unwrap_or(&[]);
            match state {
                State::SchemeStart => {
                    if let Some(c) = c.filter(u8::is_ascii_alphabetic) {
                        buffer.push(c.to_ascii_lowercase());
                        state = State::Scheme;
                    } else if self.over.is_none() {
                        state = State::NoScheme;
                        p -= 1;
                    } else {
                        return Err(self.fail(V::InvalidUrlUnit, pu, Component::Scheme));
                    }
                }
                State::Scheme => match c {
                    Some(c) if c.is_ascii_alphanumeric() || matches!(c, b'+' | b'-' | b'.') => {
                        buffer.push(c.to_ascii_lowercase());
                    }
                    Some(b':') => {
                        let new_scheme = ascii(&buffer);
                        let new_special = record::special(&new_scheme).is_some();
                        // A setter may not change what kind of URL this is.
                        if self.over.is_some()
                            && (special != new_special
                                || ((self.url.includes_credentials() || self.url.port.is_some())
                                    && new_scheme == "file")
                                || (self.url.scheme == "file"
                                    && self.url.host == Some(Host::Empty)))
                        {
                            return Ok(());
                        }
                        self.url.scheme = new_scheme;
                        special = new_special;
                        if self.over.is_some() {
                            if self.url.port.is_some() && self.url.port == self.url.default_port() {
                                self.url.port = None;
                            }
                            return Ok(());
                        }
                        buffer.clear();
                        if self.url.scheme == "file" {
                            if !remaining.starts_with(b"//") {
                                (self.warn)(
                                    V::SpecialSchemeMissingFollowingSolidus,
                                    pu + 1,
                                    Component::Path,
                                );
                            }
                            state = State::File;
                        } else if new_special
                            && self.base.is_some_and(|b| b.scheme == self.url.scheme)
                        {
                            state = State::SpecialRelativeOrAuthority;
                        } else if new_special {
                            state = State::SpecialAuthoritySlashes;
                        } else if remaining.first() == Some(&b'/') {
                            state = State::PathOrAuthority;
                            p += 1;
                        } else {
                            self.url.opaque = Some(String::new());
                            state = State::OpaquePath;
                        }
                    }
                    _ if self.over.is_none() => {
                        buffer.clear();
                        state = State::NoScheme;
                        p = -1;
                    }
                    _ => return Err(self.fail(V::InvalidUrlUnit, pu, Component::Scheme)),
                },
                State::NoScheme => {
                    let Some(base) = self.base else {
                        return Err(self.fail(
                            V::MissingSchemeNonRelativeUrl,
                            0,
                            Component::Scheme,
                        ));
                    };
                    if base.opaque.is_some() && c != Some(b'#') {
                        return Err(self.fail(
                            V::MissingSchemeNonRelativeUrl,
                            0,
                            Component::Scheme,
                        ));
                    } else if base.opaque.is_some() {
                        self.url.scheme = base.scheme.clone();
                        special = self.url.is_special();
                        self.url.opaque = base.opaque.clone();
                        self.url.path.clear();
                        self.url.query = base.query.clone();
                        self.url.fragment = Some(String::new());
                        state = State::Fragment;
                    } else if base.scheme != "file" {
                        state = State::Relative;
                        p -= 1;
                    } else {
                        state = State::File;
                        p -= 1;
                    }
                }
                State::SpecialRelativeOrAuthority => {
                    if c == Some(b'/') && remaining.first() == Some(&b'/') {
                        state = State::SpecialAuthorityIgnoreSlashes;
                        p += 1;
                    } else {
                        (self.warn)(V::SpecialSchemeMissingFollowingSolidus, pu, Component::Host);
                        state = State::Relative;
                        p -= 1;
                    }
                }
                State::PathOrAuthority => {
                    if c == Some(b'/') {
                        state = State::Authority;
                    } else {
                        state = State::Path;
                        p -= 1;
                    }
                }
                State::Relative => {
                    let Some(base) = self.base else {
                        return Err(self.fail(
                            V::MissingSchemeNonRelativeUrl,
                            0,
                            Component::Scheme,
                        ));
                    };
                    self.url.scheme = base.scheme.clone();
                    special = self.url.is_special();
                    if c == Some(b'/') {
                        state = State::RelativeSlash;
                    } else if special && c == Some(b'\\') {
                        (self.warn)(V::InvalidReverseSolidus, pu, Component::Path);
                        state = State::RelativeSlash;
                    } else {
                        self.url.username = base.username.clone();
                        self.url.password = base.password.clone();
                        self.url.host = base.host.clone();
                        self.url.port = base.port;
                        self.url.path = base.path.clone();
                        self.url.opaque = base.opaque.clone();
                        self.url.query = base.query.clone();
                        if c == Some(b'?') {
                            self.url.query = Some(String::new());
                            state = State::Query;
                        } else if c == Some(b'#') {
                            self.url.fragment = Some(String::new());
                            state = State::Fragment;
                        } else if c.is_some() {
                            self.url.query = None;
                            self.url.shorten_path();
                            state = State::Path;
                            p -= 1;
                        }
                    }
                }
                State::RelativeSlash => {
                    if special && matches!(c, Some(b'/' | b'\\')) {
                        if c == Some(b'\\') {
                            (self.warn)(V::InvalidReverseSolidus, pu, Component::Path);
                        }
                        state = State::SpecialAuthorityIgnoreSlashes;
                    } else if c == Some(b'/') {
                        state = State::Authority;
                    } else {
                        if let Some(base) = self.base {
                            self.url.username = base.username.clone();
                            self.url.password = base.password.clone();
                            self.url.host = base.host.clone();
                            self.url.port = base.port;
                        }
                        state = State::Path;
                        p -= 1;
                    }
                }
                State::SpecialAuthoritySlashes => {
                    if c == Some(b'/') && remaining.first() == Some(&b'/') {
                        state = State::SpecialAuthorityIgnoreSlashes;
                        p += 1;
                    } else {
                        (self.warn)(V::SpecialSchemeMissingFollowingSolidus, pu, Component::Host);
                        state = State::SpecialAuthorityIgnoreSlashes;
                        p -= 1;
                    }
                }
                State::SpecialAuthorityIgnoreSlashes => {
                    if !matches!(c, Some(b'/' | b'\\')) {
                        state = State::Authority;
                        p -= 1;
                    } else {
                        (self.warn)(V::SpecialSchemeMissingFollowingSolidus, pu, Component::Host);
                    }
                }
                State::Authority => {
                    if buffer.is_empty() {
                        buffer_start = pu;
                    }
                    if c == Some(b'@') {
                        (self.warn)(V::InvalidCredentials, buffer_start, Component::User);
                        if at_sign_seen {
                            buffer.splice(0..0, *b"%40");
                        }
                        at_sign_seen = true;
                        for &b in &buffer {
                            if b == b':' && !password_token_seen {
                                password_token_seen = true;
                                continue;
                            }
                            let target = if password_token_seen {
                                &mut self.url.password
                            } else {
                                &mut self.url.username
                            };
                            EncodeSet::Userinfo.append(&[b], target);
                        }
                        buffer.clear();
                    } else if matches!(c, None | Some(b'/' | b'?' | b'#'))
                        || (special && c == Some(b'\\'))
                    {
                        if at_sign_seen && buffer.is_empty() {
                            return Err(self.fail(V::HostMissing, pu, Component::Host));
                        }
                        p -= buffer.len() as isize + 1;
                        buffer.clear();
                        state = State::Host;
                    } else if let Some(c) = c {
                        buffer.push(c);
                    }
                }
                State::Host | State::Hostname => {
                    if buffer.is_empty() {
                        buffer_start = pu;
                    }
                    if self.over.is_some() && self.url.scheme == "file" {
                        p -= 1;
                        state = State::FileHost;
                    } else if c == Some(b':') && !inside_brackets {
                        if buffer.is_empty() {
                            return Err(self.fail(V::HostMissing, pu, Component::Host));
                        }
                        if self.over == Some(State::Hostname) {
                            return Err(self.fail(V::PortInvalid, pu, Component::Port));
                        }
                        let h = self.host(&buffer, buffer_start, !special)?;
                        self.url.host = Some(h);
                        buffer.clear();
                        state = State::Port;
                    } else if matches!(c, None | Some(b'/' | b'?' | b'#'))
                        || (special && c == Some(b'\\'))
                    {
                        p -= 1;
                        // A special URL needs a host; a setter may not empty
                        // the host of a URL with credentials or a port.
                        if buffer.is_empty()
                            && (special
                                || (self.over.is_some()
                                    && (self.url.includes_credentials()
                                        || self.url.port.is_some())))
                        {
                            return Err(self.fail(V::HostMissing, pu, Component::Host));
                        }
                        let h = self.host(&buffer, buffer_start, !special)?;
                        self.url.host = Some(h);
                        buffer.clear();
                        state = State::PathStart;
                        if self.over.is_some() {
                            return Ok(());
                        }
                    } else if let Some(c) = c {
                        if c == b'[' {
                            inside_brackets = true;
                        }
                        if c == b']' {
                            inside_brackets = false;
                        }
                        buffer.push(c);
                    }
                }
                State::Port => {
                    if buffer.is_empty() {
                        buffer_start = pu;
                    }
                    if let Some(c) = c.filter(u8::is_ascii_digit) {
                        buffer.push(c);
                    } else if matches!(c, None | Some(b'/' | b'?' | b'#'))
                        || (special && c == Some(b'\\'))
                        || self.over.is_some()
                    {
                        if !buffer.is_empty() {
                            let mut port: u32 = 0;
                            for &d in &buffer {
                                port = port * 10 + u32::from(d - b'0');
                                if port > 65535 {
                                    return Err(self.fail(
                                        V::PortOutOfRange,
                                        buffer_start,
                                        Component::Port,
                                    ));
                                }
                            }
                            let port = port as u16;
                            self.url.port = if Some(port) == self.url.default_port() {
                                None
                            } else {
                                Some(port)
                            };
                            buffer.clear();
                            if self.over.is_some() {
                                return Ok(());
                            }
                        }
                        if self.over.is_some() {
                            return Err(self.fail(V::PortInvalid, pu, Component::Port));
                        }
                        state = State::PathStart;
                        p -= 1;
                    } else {
                        return Err(self.fail(V::PortInvalid, pu, Component::Port));
                    }
                }
                State::File => {
                    self.url.scheme = "file".into();
                    special = true;
                    self.url.host = Some(Host::Empty);
                    if matches!(c, Some(b'/' | b'\\')) {
                        if c == Some(b'\\') {
                            (self.warn)(V::InvalidReverseSolidus, pu, Component::Path);
                        }
                        state = State::FileSlash;
                    } else if let Some(base) = self.base.filter(|b| b.scheme == "file") {
                        self.url.host = base.host.clone();
                        self.url.path = base.path.clone();
                        self.url.query = base.query.clone();
                        if c == Some(b'?') {
                            self.url.query = Some(String::new());
                            state = State::Query;
                        } else if c == Some(b'#') {
                            self.url.fragment = Some(String::new());
                            state = State::Fragment;
                        } else if c.is_some() {
                            self.url.query = None;
                            if !starts_with_drive_letter(&input[pu..]) {
                                self.url.shorten_path();
                            } else {
                                (self.warn)(V::FileInvalidWindowsDriveLetter, pu, Component::Path);
                                self.url.path.clear();
                            }
                            state = State::Path;
                            p -= 1;
                        }
                    } else {
                        state = State::Path;
                        p -= 1;
                    }
                }
                State::FileSlash => {
                    if matches!(c, Some(b'/' | b'\\')) {
                        if c == Some(b'\\') {
                            (self.warn)(V::InvalidReverseSolidus, pu, Component::Path);
                        }
                        state = State::FileHost;
                    } else {
                        if let Some(base) = self.base.filter(|b| b.scheme == "file") {
                            self.url.host = base.host.clone();
                            if !starts_with_drive_letter(&input[pu.min(input.len())..])
                                && base
                                    .path
                                    .first()
                                    .is_some_and(|s| is_normalized_drive_letter(s.as_bytes()))
                            {
                                self.url.path.push(base.path[0].clone());
                            }
                        }
                        state = State::Path;
                        p -= 1;
                    }
                }
                State::FileHost => {
                    if buffer.is_empty() {
                        buffer_start = pu;
                    }
                    if matches!(c, None | Some(b'/' | b'\\' | b'?' | b'#')) {
                        p -= 1;
                        if self.over.is_none() && is_drive_letter(&buffer) {
                            (self.warn)(
                                V::FileInvalidWindowsDriveLetterHost,
                                buffer_start,
                                Component::Host,
                            );
                            state = State::Path;
                        } else if buffer.is_empty() {
                            self.url.host = Some(Host::Empty);
                            if self.over.is_some() {
                                return Ok(());
                            }
                            state = State::PathStart;
                        } else {
                            let mut h = self.host(&buffer, buffer_start, !special)?;
                            if h == Host::Domain("localhost".into()) {
                                h = Host::Empty;
                            }
                            self.url.host = Some(h);
                            if self.over.is_some() {
                                return Ok(());
                            }
                            buffer.clear();
                            state = State::PathStart;
                        }
                    } else if let Some(c) = c {
                        buffer.push(c);
                    }
                }
                State::PathStart => {
                    if special {
                        if c == Some(b'\\') {
                            (self.warn)(V::InvalidReverseSolidus, pu, Component::Path);
                        }
                        state = State::Path;
                        if !matches!(c, Some(b'/' | b'\\')) {
                            p -= 1;
                        }
                    } else if self.over.is_none() && c == Some(b'?') {
                        self.url.query = Some(String::new());
                        state = State::Query;
                    } else if self.over.is_none() && c == Some(b'#') {
                        self.url.fragment = Some(String::new());
                        state = State::Fragment;
                    } else if c.is_some() {
                        state = State::Path;
                        if c != Some(b'/') {
                            p -= 1;
                        }
                    } else if self.over.is_some() && self.url.host.is_none() {
                        self.url.path.push(String::new());
                    }
                }
                State::Path => {
                    let slash = c == Some(b'/') || (special && c == Some(b'\\'));
                    if c.is_none()
                        || slash
                        || (self.over.is_none() && matches!(c, Some(b'?' | b'#')))
                    {
                        if special && c == Some(b'\\') {
                            (self.warn)(V::InvalidReverseSolidus, pu, Component::Path);
                        }
                        if is_double_dot(&buffer) {
                            self.url.shorten_path();
                            if !slash {
                                self.url.path.push(String::new());
                            }
                        } else if is_single_dot(&buffer) {
                            if !slash {
                                self.url.path.push(String::new());
                            }
                        } else {
                            if self.url.scheme == "file"
                                && self.url.path.is_empty()
                                && is_drive_letter(&buffer)
                            {
                                buffer[1] = b':';
                            }
                            self.url.path.push(ascii(&buffer));
                        }
                        buffer.clear();
                        if c == Some(b'?') {
                            self.url.query = Some(String::new());
                            state = State::Query;
                        }
                        if c == Some(b'#') {
                            self.url.fragment = Some(String::new());
                            state = State::Fragment;
                        }
                    } else if let Some(c) = c {
                        self.check_unit(pu, Component::Path);
                        if EncodeSet::Path.contains(c) {
                            buffer.extend_from_slice(&crate::pct::escape(c));
                        } else {
                            buffer.push(c);
                        }
                    }
                }
                State::OpaquePath => match c {
                    Some(b'?') => {
                        self.url.query = Some(String::new());
                        state = State::Query;
                    }
                    Some(b'#') => {
                        self.url.fragment = Some(String::new());
                        state = State::Fragment;
                    }
                    Some(b' ') => {
                        (self.warn)(V::InvalidUrlUnit, pu, Component::Path);
                        let path = self.url.opaque.get_or_insert_with(String::new);
                        if matches!(remaining.first(), Some(b'?' | b'#')) {
                            path.push_str("%20");
                        } else {
                            path.push(' ');
                        }
                    }
                    Some(c) => {
                        self.check_unit(pu, Component::Path);
                        let path = self.url.opaque.get_or_insert_with(String::new);
                        EncodeSet::C0Control.append(&[c], path);
                    }
                    None => {}
                },
                State::Query => {
                    if c.is_none() || (self.over.is_none() && c == Some(b'#')) {
                        let set = if special {
                            EncodeSet::SpecialQuery
                        } else {
                            EncodeSet::Query
                        };
                        let query = self.url.query.get_or_insert_with(String::new);
                        set.append(&buffer, query);
                        buffer.clear();
                        if c == Some(b'#') {
                            self.url.fragment = Some(String::new());
                            state = State::Fragment;
                        }
                    } else if let Some(c) = c {
                        self.check_unit(pu, Component::Query);
                        buffer.push(c);
                    }
                }
                State::Fragment => {
                    if let Some(c) = c {
                        self.check_unit(pu, Component::Fragment);
                        let fragment = self.url.fragment.get_or_insert_with(String::new);
                        EncodeSet::Fragment.append(&[c], fragment);
                    }
                }
            }
            if p >= len {
                break;
            }
            p += 1;
        }
        Ok(())
    }

    /// The host parser over the buffer, its errors placed at `start`.
    fn host(&mut self, buffer: &[u8], start: usize, opaque: bool) -> Result<Host, Fail> {
        let text = core::str::from_utf8(buffer)
            .map_err(|_| self.fail(V::InvalidUrlUnit, start, Component::Host))?;
        let warn = &mut *self.warn;
        let parsed = host::parse(text, opaque, self.listening, &mut |e| {
            warn(e, start, Component::Host)
        });
        parsed.map_err(|error| self.fail(error, start, Component::Host))
    }
}
