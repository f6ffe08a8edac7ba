//! How every edit ends: the new text written from the components,
//! parsed again by the URL's own options, and kept only when it reads
//! back as written with the edited component valid.

use super::error::{EditError, EditErrorKind};
use super::query::encode_with;
use crate::error::ParseError;
use crate::options::ParseOptions;
use crate::pct::EncodeSet;
use crate::prelude::*;
use crate::table::Component;
use crate::url::{Url, UrlRef};

/// A URL's components as written, from which an edit writes the new
/// text: borrowed from the URL, but for the one being set. `host` is
/// `Some` exactly when there is an authority.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Parts<'a> {
    pub scheme: Cow<'a, str>,
    pub user: Option<Cow<'a, str>>,
    pub password: Option<Cow<'a, str>>,
    pub host: Option<Cow<'a, str>>,
    pub port: Option<Cow<'a, str>>,
    /// The path with its leading `/` (RFC 3986's path).
    pub path: Cow<'a, str>,
    pub query: Option<Cow<'a, str>>,
    pub fragment: Option<Cow<'a, str>>,
}

impl<'a> Parts<'a> {
    pub(crate) fn of(u: &UrlRef<'a>) -> Parts<'a> {
        Parts {
            scheme: Cow::Borrowed(u.scheme()),
            user: u.user().map(Cow::Borrowed),
            password: u.password().map(Cow::Borrowed),
            host: u.host().map(Cow::Borrowed),
            port: u.port_str().map(Cow::Borrowed),
            path: Cow::Borrowed(u.path_with_slash()),
            query: u.query().map(Cow::Borrowed),
            fragment: u.fragment().map(Cow::Borrowed),
        }
    }

    fn write(&self) -> String {
        let mut s = String::with_capacity(
            self.scheme.len() + self.path.len() + self.host.as_deref().map_or(0, str::len) + 16,
        );
        s.push_str(&self.scheme);
        s.push(':');
        if let Some(host) = &self.host {
            s.push_str("//");
            if let Some(user) = &self.user {
                s.push_str(user);
                if let Some(pw) = &self.password {
                    s.push(':');
                    s.push_str(pw);
                }
                s.push('@');
            }
            s.push_str(host);
            if let Some(port) = &self.port {
                s.push(':');
                s.push_str(port);
            }
        }
        s.push_str(&self.path);
        if let Some(q) = &self.query {
            s.push('?');
            s.push_str(q);
        }
        if let Some(f) = &self.fragment {
            s.push('#');
            s.push_str(f);
        }
        s
    }

    /// The first component that differs from `other`'s.
    fn first_difference(&self, other: &Parts<'_>) -> Option<Component> {
        [
            (self.scheme == other.scheme, Component::Scheme),
            (self.user == other.user, Component::User),
            (self.password == other.password, Component::Password),
            (self.host == other.host, Component::Host),
            (self.port == other.port, Component::Port),
            (self.path == other.path, Component::Path),
            (self.query == other.query, Component::Query),
            (self.fragment == other.fragment, Component::Fragment),
        ]
        .into_iter()
        .find(|(same, _)| !same)
        .map(|(_, c)| c)
    }
}

impl Url {
    /// The options this URL was parsed by, strictness aside (a URL does
    /// not keep it): its dialect and registry.
    pub(crate) fn reparse_options(&self) -> ParseOptions {
        let o = ParseOptions::new().dialect(self.dialect());
        match self.as_url_ref().registry() {
            Some(r) => o.registry(r),
            None => o,
        }
    }

    /// Encodes `value` with `set` and hands the text to `apply`; when the
    /// dialect's grammar refuses a character of `value` that `set` left
    /// as it is (RFC 1630 reserves `=` in a user name, `?` in a fragment),
    /// encodes that character too and tries again. The parser, not a
    /// table per dialect, says what the component requires.
    pub(crate) fn set_encoded(
        &mut self,
        values: &[&[u8]],
        set: EncodeSet,
        apply: impl FnMut(&mut Url, &[Cow<'_, str>]) -> Result<(), EditError>,
    ) -> Result<(), EditError> {
        self.set_encoded_as(values, set, false, apply)
    }

    /// As [`Url::set_encoded`]; `form` writes a space as `+`
    /// (application/x-www-form-urlencoded).
    pub(crate) fn set_encoded_as(
        &mut self,
        values: &[&[u8]],
        mut set: EncodeSet,
        form: bool,
        mut apply: impl FnMut(&mut Url, &[Cow<'_, str>]) -> Result<(), EditError>,
    ) -> Result<(), EditError> {
        loop {
            // One or two values (a component, a pair) are the common case:
            // they stay on the stack.
            let mut few = [Cow::Borrowed(""), Cow::Borrowed("")];
            let many: Vec<Cow<'_, str>>;
            let texts: &[Cow<'_, str>] = if values.len() <= few.len() {
                for (t, v) in few.iter_mut().zip(values) {
                    *t = encode_with(v, &set, form);
                }
                &few[..values.len()]
            } else {
                many = values.iter().map(|v| encode_with(v, &set, form)).collect();
                &many
            };
            match apply(self, texts) {
                Err(e) if e.kind() == EditErrorKind::Invalid => match e.fault_byte() {
                    Some(b)
                        if b.is_ascii_graphic()
                            && !set.contains(b)
                            && values.iter().any(|v| v.contains(&b)) =>
                    {
                        set = set.add(b);
                    }
                    _ => return Err(e),
                },
                r => return r,
            }
        }
    }

    /// Writes `new`, parses it by this URL's options and, when it reads
    /// back as `new` with `component` valid, returns it as the URL that
    /// replaces this one. `new` borrows from this URL, so the caller
    /// assigns: `*self = self.committed(p, c)?`.
    pub(crate) fn committed(&self, new: Parts<'_>, component: Component) -> Result<Url, EditError> {
        let options = self.reparse_options();
        let text = new.write();
        // The URL Standard's parser rewrites what it reads (a host lower
        // case, a default port dropped, a space encoded): the edit is the
        // serialization of the new text, and only a failure refuses it.
        if self.dialect() == crate::dialect::Dialect::Whatwg {
            return crate::whatwg::parse(&text, None).map_err(|e| {
                EditError::new(EditErrorKind::Invalid, component, "the URL would not parse")
                    .with_source(e)
            });
        }
        let mut warnings = Vec::new();
        let parsed = options
            .parse_with_warnings(&text, &mut warnings)
            .map_err(|e| {
                EditError::new(EditErrorKind::Invalid, component, "the URL would not parse")
                    .with_source(e)
            })?;
        let got = Parts::of(&parsed);
        if let Some(c) = got.first_difference(&new) {
            let detail = if c == component {
                format!("the value would not read back as the {}", c.name())
            } else {
                format!("the value would change the {}", c.name())
            };
            return Err(EditError::new(EditErrorKind::Ambiguous, component, detail));
        }
        let fresh = faults(&parsed, &warnings, component);
        if !fresh.is_empty() {
            // Violations that were already there are the lenient parse's
            // to keep; only new ones refuse the edit.
            let mut old_warnings = Vec::new();
            let old = options
                .parse_with_warnings(self.as_str(), &mut old_warnings)
                .ok();
            let mut old_faults = old
                .map(|o| faults(&o, &old_warnings, component))
                .unwrap_or_default();
            for f in fresh {
                match old_faults.iter().position(|o| o.kind() == f.kind()) {
                    Some(i) => {
                        old_faults.swap_remove(i);
                    }
                    None => {
                        return Err(EditError::new(
                            EditErrorKind::Invalid,
                            component,
                            format!(
                                "the value breaks the grammar of {}",
                                self.dialect().as_str()
                            ),
                        )
                        .with_source(f)
                        .at(&text));
                    }
                }
            }
        }
        let (off, registry) = (*parsed.offsets(), parsed.registry());
        Ok(Url::from_parts(text, off, registry))
    }
}

/// The warnings (not advice) that fall inside `component` of `u`.
fn faults(u: &UrlRef<'_>, warnings: &[ParseError], component: Component) -> Vec<ParseError> {
    let Some(at) = u.span(component) else {
        return Vec::new();
    };
    // A fault at the byte after the component (what it lacks) is its.
    warnings
        .iter()
        .filter(|w| !w.is_advice() && (at.start..=at.end).contains(&w.offset()))
        .cloned()
        .collect()
}
