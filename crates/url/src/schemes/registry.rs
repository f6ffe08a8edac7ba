//! Schemes a user of the crate adds: name, default port, syntax flags and
//! an optional validator, like curl's scheme table (`Curl_scheme{name,
//! defport, flags}`).
//!
//! RFC 1738 section 4: "A new scheme may be introduced by defining a mapping
//! onto a conforming URL syntax, using a new prefix." A [`Registry`] holds
//! such mappings; a parse given one (by reference, so that the options stay
//! `Copy`) reads a registered scheme with its flags, knows its default port
//! and runs its validator when someone listens.
//!
//! # Example
//!
//! ```
//! use std::sync::LazyLock;
//! use uniform::{Component, ParseError, UrlRef};
//! use uniform::schemes::{Registry, SchemeSpec};
//!
//! fn svn_needs_path(url: &UrlRef<'_>, report: &mut dyn FnMut(ParseError)) {
//!     if url.path().is_none() {
//!         report(ParseError::scheme_rule(
//!             url.as_str().len(), Component::Path, url.dialect(),
//!             "svnurl", "svn book, Subversion Repository URLs", "a repository URL has a path",
//!         ));
//!     }
//! }
//!
//! static SCHEMES: LazyLock<Registry> = LazyLock::new(|| {
//!     Registry::new()
//!         .register(SchemeSpec::new("svn").default_port(3690).internet_syntax(true).validator(svn_needs_path))
//!         .expect("a valid scheme name")
//! });
//!
//! let spec = SCHEMES.lookup("SVN").unwrap();
//! assert_eq!(spec.get_default_port(), Some(3690));
//! assert!(spec.uses_internet_syntax());
//! assert!(SCHEMES.lookup("ftp").is_none()); // the seeds' schemes are built in
//! ```

use crate::dialect::Dialect;
use crate::error::ParseError;
use crate::pct::EncodeSet;
use crate::prelude::*;
use crate::scheme::{Protocol, Scheme, SchemeRow, Syntax};
use crate::sink::Sink;
use crate::url::UrlRef;
use core::fmt;
use core::hash::{Hash, Hasher};

pub use crate::url::{Registry, SchemeSpec, Validator};

impl SchemeSpec {
    /// A scheme read as RFC 1738 reads schemes it does not define (the
    /// generic `otherurl`): no default port, no `//` required,
    /// hierarchical, `?` starts a search part, no validator.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::schemes::SchemeSpec;
    /// let s = SchemeSpec::new("doi");
    /// assert_eq!(s.get_default_port(), None);
    /// assert!(!s.uses_internet_syntax());
    /// ```
    pub const fn new(name: &'static str) -> SchemeSpec {
        SchemeSpec {
            // Registration classifies the name (`Other` or `Experimental`).
            row: SchemeRow::generic(Scheme::Other, name, &[]),
            validate: None,
        }
    }

    /// The scheme's row of the scheme table: what the parser, the
    /// canonical form and the views read.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::Syntax;
    /// use uniform::schemes::SchemeSpec;
    /// assert_eq!(SchemeSpec::new("tag").internet_syntax(false).row().syntax, Syntax::Opaque);
    /// ```
    pub fn row(&self) -> &SchemeRow {
        &self.row
    }

    /// The port a URL of the scheme means when it names none.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::schemes::SchemeSpec;
    /// assert_eq!(SchemeSpec::new("svn").default_port(3690).get_default_port(), Some(3690));
    /// ```
    pub const fn default_port(mut self, port: u16) -> SchemeSpec {
        self.row.default_port = Some(port);
        self
    }

    /// Whether the scheme follows the common Internet scheme syntax
    /// `//user:password@host:port/url-path` (RFC 1738 section 3.1), so
    /// that a missing `//` or host is reported. Said `false`, the scheme
    /// is one like mailto or news: under RFC 1738 and RFC 1630 a `//`
    /// after its colon is part of the scheme-specific part, not an
    /// authority. Not said, `//` may start one (the generic reading).
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::schemes::{Registry, SchemeSpec};
    /// use uniform::ParseOptions;
    /// assert!(SchemeSpec::new("svn").internet_syntax(true).uses_internet_syntax());
    /// let r = Registry::new().register(SchemeSpec::new("x-tag").internet_syntax(false))?;
    /// let r: &'static Registry = Box::leak(Box::new(r));
    /// let url = ParseOptions::new().registry(r).parse("x-tag://a@b").unwrap();
    /// assert!(!url.has_authority());
    /// # Ok::<_, uniform::schemes::RegistryError>(())
    /// ```
    pub const fn internet_syntax(mut self, yes: bool) -> SchemeSpec {
        self.row.syntax = if yes {
            Syntax::Internet
        } else {
            Syntax::Opaque
        };
        self
    }

    /// Whether `/` marks a hierarchy, so relative references resolve
    /// against the scheme's URLs.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::schemes::SchemeSpec;
    /// assert!(!SchemeSpec::new("tag").hierarchical(false).is_hierarchical());
    /// ```
    pub const fn hierarchical(mut self, yes: bool) -> SchemeSpec {
        self.row.hierarchical = yes;
        self
    }

    /// Whether `?` starts a search part under RFC 1738 (RFC 1630 and RFC
    /// 3986 always read one).
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::schemes::SchemeSpec;
    /// assert!(!SchemeSpec::new("x-opaque").search(false).has_search());
    /// ```
    pub const fn search(mut self, yes: bool) -> SchemeSpec {
        self.row.search_1738 = yes;
        self
    }

    /// The protocol that reaches the scheme's objects: the planner and
    /// `uniform fetch` then treat its URLs as that protocol's, and the
    /// link checker checks them as [`Protocol::link_check`] says.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::{ParseOptions, Protocol};
    /// use uniform::plan::{Dialogue, PlanOptions, plan};
    /// use uniform::schemes::{Registry, SchemeSpec};
    /// let web = SchemeSpec::new("x-web").internet_syntax(true).default_port(8080);
    /// let r = Registry::new().register(web.access(Protocol::Http))?.leak();
    /// let url = ParseOptions::new().registry(r).parse("x-web://h/a").unwrap();
    /// let p = plan(&url, &PlanOptions::default()).unwrap();
    /// assert!(matches!(p.dialogue(), Dialogue::Http(_)));
    /// assert_eq!(url.scheme_row().link_check(), Some(uniform::LinkCheck::Head));
    /// # Ok::<_, uniform::schemes::RegistryError>(())
    /// ```
    pub const fn access(mut self, protocol: Protocol) -> SchemeSpec {
        self.row = self.row.access(protocol);
        self
    }

    /// Whether the scheme's protocol runs over TLS.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::Protocol;
    /// use uniform::schemes::SchemeSpec;
    /// assert!(SchemeSpec::new("x-webs").access(Protocol::Http).tls(true).row().tls);
    /// ```
    pub const fn tls(mut self, yes: bool) -> SchemeSpec {
        self.row.tls = yes;
        self
    }

    /// Whether the path is a sequence of fields a server reads as they
    /// are, so that normalization removes no dot segment from it.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::schemes::SchemeSpec;
    /// assert!(SchemeSpec::new("x-sel").path_fields(true).row().path_fields);
    /// ```
    pub const fn path_fields(mut self, yes: bool) -> SchemeSpec {
        self.row.path_fields = yes;
        self
    }

    /// The sets a whole path and one segment are encoded with when an
    /// edit sets them.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::pct::EncodeSet;
    /// use uniform::schemes::SchemeSpec;
    /// let s = SchemeSpec::new("x-g").encode_sets(EncodeSet::GOPHER, EncodeSet::SEGMENT);
    /// assert_eq!(s.row().path_set, EncodeSet::GOPHER);
    /// ```
    pub const fn encode_sets(mut self, path: EncodeSet, segment: EncodeSet) -> SchemeSpec {
        self.row = self.row.encode(path, segment);
        self
    }

    /// The environment variable that names a proxy for the scheme.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::schemes::SchemeSpec;
    /// let s = SchemeSpec::new("x-web").proxy_variable("x_web_proxy");
    /// assert_eq!(s.row().proxy_variable, Some("x_web_proxy"));
    /// ```
    pub const fn proxy_variable(mut self, name: &'static str) -> SchemeSpec {
        self.row = self.row.proxy(name);
        self
    }

    /// The scheme's own check.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::{ParseError, UrlRef};
    /// use uniform::schemes::SchemeSpec;
    /// fn nothing(_: &UrlRef<'_>, _: &mut dyn FnMut(ParseError)) {}
    /// assert!(SchemeSpec::new("x").validator(nothing).get_validator().is_some());
    /// ```
    pub const fn validator(mut self, f: Validator) -> SchemeSpec {
        self.validate = Some(f);
        self
    }

    /// The name, in lower case once registered.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::schemes::SchemeSpec;
    /// assert_eq!(SchemeSpec::new("svn").name(), "svn");
    /// ```
    pub fn name(&self) -> &'static str {
        self.row.name
    }

    /// The default port.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::schemes::SchemeSpec;
    /// assert_eq!(SchemeSpec::new("a").get_default_port(), None);
    /// ```
    pub fn get_default_port(&self) -> Option<u16> {
        self.row.default_port
    }

    /// Whether the scheme uses the common Internet scheme syntax.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::schemes::SchemeSpec;
    /// assert!(!SchemeSpec::new("a").uses_internet_syntax());
    /// ```
    pub fn uses_internet_syntax(&self) -> bool {
        self.row.syntax == Syntax::Internet
    }

    /// Whether the scheme was registered as not using the common Internet
    /// syntax, so that `//` after its colon starts no authority (under RFC
    /// 1738 and RFC 1630).
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::schemes::SchemeSpec;
    /// assert!(SchemeSpec::new("a").internet_syntax(false).is_opaque());
    /// assert!(!SchemeSpec::new("a").is_opaque());
    /// ```
    pub fn is_opaque(&self) -> bool {
        self.row.syntax == Syntax::Opaque
    }

    /// Whether the scheme is hierarchical.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::schemes::SchemeSpec;
    /// assert!(SchemeSpec::new("a").is_hierarchical());
    /// ```
    pub fn is_hierarchical(&self) -> bool {
        self.row.hierarchical
    }

    /// Whether `?` starts a search part under RFC 1738.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::schemes::SchemeSpec;
    /// assert!(SchemeSpec::new("a").has_search());
    /// ```
    pub fn has_search(&self) -> bool {
        self.row.search_1738
    }

    /// Whether `?` starts a search part under `dialect` (as
    /// [`Dialect::has_search`] for the seeds' schemes).
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::Dialect;
    /// use uniform::schemes::SchemeSpec;
    /// let s = SchemeSpec::new("a").search(false);
    /// assert!(!s.has_search_in(Dialect::Rfc1738));
    /// assert!(s.has_search_in(Dialect::Rfc3986));
    /// ```
    pub fn has_search_in(&self, dialect: Dialect) -> bool {
        dialect.has_search_in(&self.row)
    }

    /// The validator, if any.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::schemes::SchemeSpec;
    /// assert!(SchemeSpec::new("a").get_validator().is_none());
    /// ```
    pub fn get_validator(&self) -> Option<Validator> {
        self.validate
    }

    /// Runs the validator on `url`, reporting to `report`; nothing when
    /// there is none.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::{Component, ParseError, UrlRef};
    /// use uniform::schemes::SchemeSpec;
    /// fn always(u: &UrlRef<'_>, r: &mut dyn FnMut(ParseError)) {
    ///     r(ParseError::scheme_rule(0, Component::Scheme, u.dialect(), "x", "here", "always"));
    /// }
    /// let mut got = Vec::new();
    /// SchemeSpec::new("x").validator(always).check(&UrlRef::parse("x:y")?, &mut |e| got.push(e));
    /// assert_eq!(got.len(), 1);
    /// # Ok::<_, uniform::ParseError>(())
    /// ```
    pub fn check(&self, url: &UrlRef<'_>, report: &mut dyn FnMut(ParseError)) {
        if let Some(f) = self.validate {
            f(url, report);
        }
    }
}

impl fmt::Debug for SchemeSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("SchemeSpec")
            .field("row", &self.row)
            .field("validate", &self.validate.is_some())
            .finish()
    }
}

impl SchemeSpec {
    /// The validator's address, for equality: two specs are the same when
    /// they name the same function.
    fn validator_addr(&self) -> Option<usize> {
        self.validate.map(|f| f as usize)
    }
}

impl PartialEq for SchemeSpec {
    fn eq(&self, o: &SchemeSpec) -> bool {
        self.row == o.row && self.validator_addr() == o.validator_addr()
    }
}

impl Eq for SchemeSpec {}

impl Hash for SchemeSpec {
    fn hash<H: Hasher>(&self, h: &mut H) {
        self.row.hash(h);
        self.validator_addr().hash(h);
    }
}

/// Why a scheme could not be registered.
///
/// # Example
///
/// ```
/// use uniform::schemes::{Registry, RegistryErrorKind, SchemeSpec};
/// let err = Registry::new().register(SchemeSpec::new("gopher")).unwrap_err();
/// assert_eq!(err.kind(), RegistryErrorKind::Builtin);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RegistryError {
    kind: RegistryErrorKind,
    name: &'static str,
}

/// What kind of [`RegistryError`] it is.
///
/// # Example
///
/// ```
/// use uniform::schemes::{Registry, RegistryErrorKind, SchemeSpec};
/// let err = Registry::new().register(SchemeSpec::new("a b")).unwrap_err();
/// assert_eq!(err.kind(), RegistryErrorKind::BadName);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum RegistryErrorKind {
    /// Not a scheme name: a letter, then letters, digits, `+`, `-`, `.`.
    BadName,
    /// A scheme the seeds define (or `https`): its syntax is built in.
    Builtin,
    /// Registered already.
    Duplicate,
}

impl RegistryError {
    /// What is wrong.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::schemes::{Registry, RegistryErrorKind, SchemeSpec};
    /// let r = Registry::new().register(SchemeSpec::new("svn"))?;
    /// assert_eq!(r.register(SchemeSpec::new("SVN")).unwrap_err().kind(), RegistryErrorKind::Duplicate);
    /// # Ok::<_, uniform::schemes::RegistryError>(())
    /// ```
    pub fn kind(&self) -> RegistryErrorKind {
        self.kind
    }

    /// The name that was refused.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::schemes::{Registry, SchemeSpec};
    /// assert_eq!(Registry::new().register(SchemeSpec::new("")).unwrap_err().name(), "");
    /// ```
    pub fn name(&self) -> &'static str {
        self.name
    }
}

impl fmt::Display for RegistryError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.kind {
            RegistryErrorKind::BadName => {
                write!(
                    f,
                    "{:?} is not a scheme name (a letter, then letters, digits, '+', '-', '.')",
                    self.name
                )
            }
            RegistryErrorKind::Builtin => write!(
                f,
                "scheme {:?} is built in and cannot be registered",
                self.name
            ),
            RegistryErrorKind::Duplicate => {
                write!(f, "scheme {:?} is registered already", self.name)
            }
        }
    }
}

impl core::error::Error for RegistryError {}

impl Registry {
    /// An empty registry.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::schemes::Registry;
    /// assert!(Registry::new().is_empty());
    /// ```
    pub const fn new() -> Registry {
        Registry { specs: Vec::new() }
    }

    /// Adds a scheme.
    ///
    /// # Errors
    ///
    /// [`RegistryErrorKind::BadName`] for a name that is not one (RFC 1738
    /// section 5 `scheme`, starting with a letter as RFC 3986 requires);
    /// `Builtin` for the seeds' schemes and `https`; `Duplicate` for a name
    /// registered already (case-insensitively).
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::schemes::{Registry, SchemeSpec};
    /// let r = Registry::new().register(SchemeSpec::new("x-mine"))?;
    /// assert_eq!(r.len(), 1);
    /// # Ok::<_, uniform::schemes::RegistryError>(())
    /// ```
    pub fn register(mut self, spec: SchemeSpec) -> Result<Registry, RegistryError> {
        let name = spec.row.name;
        let err = |kind| Err(RegistryError { kind, name });
        let b = name.as_bytes();
        let ok = b.first().is_some_and(u8::is_ascii_alphabetic)
            && b.iter()
                .all(|&c| c.is_ascii_alphanumeric() || b"+-.".contains(&c));
        if !ok {
            return err(RegistryErrorKind::BadName);
        }
        let scheme = Scheme::from_name(name);
        if !matches!(scheme, Scheme::Other | Scheme::Experimental) {
            return err(RegistryErrorKind::Builtin);
        }
        if self.lookup(name).is_some() {
            return err(RegistryErrorKind::Duplicate);
        }
        // Lower case once, so that lookups compare without allocating.
        let lower: &'static str = if b.iter().any(u8::is_ascii_uppercase) {
            Box::leak(name.to_ascii_lowercase().into_boxed_str())
        } else {
            name
        };
        self.specs.push(SchemeSpec {
            row: SchemeRow {
                scheme,
                name: lower,
                ..spec.row
            },
            ..spec
        });
        Ok(self)
    }

    /// Leaks the registry to give the `&'static` reference parse options
    /// hold; for a registry built once at start-up.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::schemes::Registry;
    /// let r: &'static Registry = Registry::new().leak();
    /// assert!(r.is_empty());
    /// ```
    pub fn leak(self) -> &'static Registry {
        Box::leak(Box::new(self))
    }

    /// The spec of a scheme name, case-insensitively.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::schemes::{Registry, SchemeSpec};
    /// let r = Registry::new().register(SchemeSpec::new("svn+ssh").default_port(22))?;
    /// assert_eq!(r.lookup("SVN+SSH").unwrap().get_default_port(), Some(22));
    /// assert!(r.lookup("svn").is_none());
    /// # Ok::<_, uniform::schemes::RegistryError>(())
    /// ```
    pub fn lookup(&self, name: &str) -> Option<&SchemeSpec> {
        self.lookup_bytes(name.as_bytes())
    }

    /// As [`Registry::lookup`], on the bytes of a scheme name (what the
    /// parser has in hand).
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::schemes::{Registry, SchemeSpec};
    /// let r = Registry::new().register(SchemeSpec::new("svn"))?;
    /// assert!(r.lookup_bytes(b"Svn").is_some());
    /// # Ok::<_, uniform::schemes::RegistryError>(())
    /// ```
    #[inline]
    pub fn lookup_bytes(&self, name: &[u8]) -> Option<&SchemeSpec> {
        self.specs.iter().find(|s| {
            s.row.name.len() == name.len() && s.row.name.as_bytes().eq_ignore_ascii_case(name)
        })
    }

    /// The default port of a registered scheme.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::schemes::Registry;
    /// assert_eq!(Registry::new().default_port("svn"), None);
    /// ```
    pub fn default_port(&self, name: &str) -> Option<u16> {
        self.lookup(name)?.row.default_port
    }

    /// How many schemes are registered.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::schemes::Registry;
    /// assert_eq!(Registry::new().len(), 0);
    /// ```
    pub fn len(&self) -> usize {
        self.specs.len()
    }

    /// Whether no scheme is registered.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::schemes::Registry;
    /// assert!(Registry::new().is_empty());
    /// ```
    pub fn is_empty(&self) -> bool {
        self.specs.is_empty()
    }

    /// The registered schemes, in order of registration.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::schemes::{Registry, SchemeSpec};
    /// let r = Registry::new().register(SchemeSpec::new("a"))?.register(SchemeSpec::new("b"))?;
    /// let names: Vec<_> = r.iter().map(|s| s.name()).collect();
    /// assert_eq!(names, ["a", "b"]);
    /// # Ok::<_, uniform::schemes::RegistryError>(())
    /// ```
    pub fn iter(&self) -> impl Iterator<Item = &SchemeSpec> {
        self.specs.iter()
    }
}

/// Runs `spec`'s validator during a parse: each report goes to the sink;
/// in strict mode the first one ends the parse as its error (reports after
/// it are dropped).
pub(crate) fn validate_registered(
    spec: &SchemeSpec,
    url: &UrlRef<'_>,
    sink: &mut Sink<'_>,
) -> Result<(), ParseError> {
    let Some(f) = spec.validate else {
        return Ok(());
    };
    let mut failed: Option<ParseError> = None;
    f(url, &mut |e| {
        if failed.is_none()
            && let Err(e) = sink.report(e)
        {
            failed = Some(e);
        }
    });
    failed.map_or(Ok(()), Err)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::ParseErrorKind;
    use crate::options::ParseOptions;
    use crate::table::Component;

    fn needs_path(url: &UrlRef<'_>, report: &mut dyn FnMut(ParseError)) {
        if url.path().is_none_or(str::is_empty) {
            let at = url.as_str().len();
            report(ParseError::scheme_rule(
                at,
                Component::Path,
                url.dialect(),
                "svnurl",
                "svn",
                "a path",
            ));
            report(ParseError::scheme_rule(
                at,
                Component::Path,
                url.dialect(),
                "second",
                "svn",
                "again",
            ));
        }
    }

    fn registry() -> Registry {
        Registry::new()
            .register(
                SchemeSpec::new("svn")
                    .default_port(3690)
                    .internet_syntax(true)
                    .validator(needs_path),
            )
            .unwrap()
            .register(SchemeSpec::new("Tag").hierarchical(false).search(false))
            .unwrap()
    }

    #[test]
    fn names() {
        let r = registry();
        assert_eq!(r.lookup("tag").unwrap().name(), "tag");
        assert!(!r.lookup("TAG").unwrap().is_hierarchical());
        assert!(!r.lookup("tag").unwrap().has_search_in(Dialect::Rfc1738));
        let e = |n| {
            Registry::new()
                .register(SchemeSpec::new(n))
                .unwrap_err()
                .kind()
        };
        assert_eq!(e("1abc"), RegistryErrorKind::BadName);
        assert_eq!(e("a_b"), RegistryErrorKind::BadName);
        assert_eq!(e("HTTPS"), RegistryErrorKind::Builtin);
        assert_eq!(e("z39.50"), RegistryErrorKind::Builtin);
        assert_eq!(
            r.register(SchemeSpec::new("svn")).unwrap_err().kind(),
            RegistryErrorKind::Duplicate
        );
    }

    #[test]
    fn validator_through_a_sink() {
        let r = registry();
        let spec = r.lookup("svn").unwrap();
        let url = ParseOptions::new().parse("svn://h").unwrap();

        // Strict: the first report is the error, the second is dropped.
        let mut sink = Sink {
            strict: true,
            out: None,
        };
        let err = validate_registered(spec, &url, &mut sink).unwrap_err();
        assert_eq!(
            (err.kind(), err.rule()),
            (ParseErrorKind::SchemeSyntax, "svnurl")
        );

        // Lenient with warnings: both are kept.
        let mut w = Vec::new();
        let mut sink = Sink {
            strict: false,
            out: Some(&mut w),
        };
        validate_registered(spec, &url, &mut sink).unwrap();
        assert_eq!(w.len(), 2);

        // No validator: nothing.
        let mut sink = Sink {
            strict: true,
            out: None,
        };
        validate_registered(r.lookup("tag").unwrap(), &url, &mut sink).unwrap();
        let ok = ParseOptions::new().parse("svn://h/repo").unwrap();
        validate_registered(spec, &ok, &mut sink).unwrap();
    }

    #[test]
    fn leak_gives_static() {
        let r: &'static Registry = registry().leak();
        assert_eq!(r.default_port("svn"), Some(3690));
        assert_eq!(r.len(), 2);
        assert_eq!(r.clone(), registry());
    }
}
