//! How to parse: the dialect, strict or lenient, the registry; and the
//! entry points that parse by them. They sit above the generic pass
//! ([`crate::parser`]) and the schemes' own grammars
//! ([`crate::schemes`]), which they run in turn.

use crate::dialect::Dialect;
use crate::error::{ParseError, ParseErrorKind};
use crate::parser;
use crate::prelude::*;
use crate::schemes::{registry, validate};
use crate::sink::Sink;
use crate::table::Component;
use crate::url::{Registry, Url, UrlRef};

/// How to parse: the dialect, and strict or lenient.
///
/// # Example
///
/// ```
/// use uniform::{Dialect, ParseOptions};
///
/// let mut warnings = Vec::new();
/// let url = ParseOptions::new()
///     .dialect(Dialect::Rfc1738)
///     .parse_with_warnings("http://host/a b", &mut warnings)?;
/// assert_eq!(url.path(), Some("a b"));
/// assert_eq!(warnings.len(), 1);
/// assert_eq!(warnings[0].offset(), 13);
/// # Ok::<_, uniform::ParseError>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct ParseOptions {
    dialect: Dialect,
    strict: bool,
    registry: Option<&'static Registry>,
}

impl ParseOptions {
    /// RFC 1738, lenient.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::{Dialect, ParseOptions};
    /// let o = ParseOptions::new();
    /// assert_eq!(o.get_dialect(), Dialect::Rfc1738);
    /// assert!(!o.is_strict());
    /// ```
    #[inline]
    pub fn new() -> ParseOptions {
        ParseOptions::default()
    }

    /// Sets the grammar.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::{Dialect, ParseOptions};
    /// let url = ParseOptions::new().dialect(Dialect::Rfc3986).parse("ftp://h/a?b")?;
    /// assert_eq!(url.query(), Some("b"));
    /// # Ok::<_, uniform::ParseError>(())
    /// ```
    #[inline]
    pub fn dialect(mut self, dialect: Dialect) -> ParseOptions {
        self.dialect = dialect;
        self
    }

    /// Strict: the first violation of the grammar is an error. Lenient
    /// (the default): violations that leave the URL readable are warnings.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::ParseOptions;
    /// assert!(ParseOptions::new().parse("http://h/%zz").is_ok());
    /// assert!(ParseOptions::new().strict(true).parse("http://h/%zz").is_err());
    /// ```
    #[inline]
    pub fn strict(mut self, strict: bool) -> ParseOptions {
        self.strict = strict;
        self
    }

    /// Reads the schemes `registry` defines by their own flags and
    /// validator (RFC 1738 section 4: new schemes map onto the URL syntax).
    /// The built-in schemes of the seeds cannot be redefined.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::ParseOptions;
    /// use uniform::schemes::{Registry, SchemeSpec};
    /// let reg = Registry::new()
    ///     .register(SchemeSpec::new("git").default_port(9418).internet_syntax(true).search(false))?
    ///     .leak();
    /// let url = ParseOptions::new().registry(reg).parse("GIT://h:9418/a?b")?;
    /// assert_eq!(url.default_port(), Some(9418));
    /// assert_eq!(url.query(), None); // "?" is data in this scheme
    /// assert_eq!(url.canonical(), "git://h/a?b");
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn registry(mut self, registry: &'static Registry) -> ParseOptions {
        self.registry = Some(registry);
        self
    }

    /// The registry these options read new schemes by, if any.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::ParseOptions;
    /// assert!(ParseOptions::new().get_registry().is_none());
    /// ```
    #[inline]
    pub fn get_registry(&self) -> Option<&'static Registry> {
        self.registry
    }

    /// The grammar these options parse by.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::{Dialect, ParseOptions};
    /// assert_eq!(ParseOptions::new().get_dialect(), Dialect::Rfc1738);
    /// ```
    #[inline]
    pub fn get_dialect(&self) -> Dialect {
        self.dialect
    }

    /// Whether these options are strict.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::ParseOptions;
    /// assert!(ParseOptions::new().strict(true).is_strict());
    /// ```
    #[inline]
    pub fn is_strict(&self) -> bool {
        self.strict
    }

    /// Parses without allocating; warnings are dropped.
    ///
    /// # Errors
    ///
    /// A [`ParseError`] for input that is not a URL, or in strict mode for
    /// the first violation of the grammar.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::ParseOptions;
    /// let url = ParseOptions::new().parse("gopher://h.dom/7/search%09rfc")?;
    /// assert_eq!(url.host(), Some("h.dom"));
    /// # Ok::<_, uniform::ParseError>(())
    /// ```
    #[inline]
    pub fn parse<'a>(&self, input: &'a str) -> Result<UrlRef<'a>, ParseError> {
        let mut sink = Sink {
            strict: self.strict,
            out: None,
        };
        self.parse_into(input, &mut sink)
    }

    /// Parses and appends each tolerated violation to `warnings` (at most
    /// [`MAX_WARNINGS`](crate::MAX_WARNINGS) of them).
    ///
    /// # Errors
    ///
    /// As [`ParseOptions::parse`].
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::{ParseErrorKind, ParseOptions};
    /// let mut w = Vec::new();
    /// ParseOptions::new().parse_with_warnings("afs://cell/x", &mut w)?;
    /// assert_eq!(w[0].kind(), ParseErrorKind::UndefinedSyntax);
    /// # Ok::<_, uniform::ParseError>(())
    /// ```
    pub fn parse_with_warnings<'a>(
        &self,
        input: &'a str,
        warnings: &mut Vec<ParseError>,
    ) -> Result<UrlRef<'a>, ParseError> {
        let mut sink = Sink {
            strict: self.strict,
            out: Some(warnings),
        };
        self.parse_into(input, &mut sink)
    }

    /// The generic pass, then, when someone listens, the scheme's own
    /// grammar: the built-in view's, or the registered validator.
    #[inline]
    fn parse_into<'a>(
        &self,
        input: &'a str,
        sink: &mut Sink<'_>,
    ) -> Result<UrlRef<'a>, ParseError> {
        if self.dialect == Dialect::Whatwg {
            return whatwg_borrowed(input, self.strict, sink);
        }
        // Nobody listens: only the generic pass's fatal faults count, and
        // the schemes' checks, which could only report, are not run.
        if !sink.listening() {
            let off = parser::parse(input, self.dialect, self.registry, sink)?;
            return Ok(UrlRef::from_parts(input, off, self.registry));
        }
        let off = parser::parse_checked(input, self.dialect, self.registry, sink)?;
        let url = UrlRef::from_parts(input, off, self.registry);
        // Under RFC 3986 every rule of a built-in scheme's own definition
        // is advice (`rulebook::tests::rfc3986_cites_only_advice`): a
        // strict parse that keeps no warnings has no use for them, and
        // they cost a sixth of its time. A registered validator still runs.
        if self.dialect == Dialect::Rfc3986 && sink.out.is_none() {
            if let Some(spec) = url.scheme_spec() {
                registry::validate_registered(spec, &url, sink)?;
            }
            return Ok(url);
        }
        check_scheme(&url, sink)?;
        Ok(url)
    }

    /// Parses into an owned [`Url`] and appends each tolerated violation
    /// to `warnings`: under every dialect, the WHATWG one included, whose
    /// URL is the serialization of the input rather than the input.
    ///
    /// # Errors
    ///
    /// As [`ParseOptions::parse`].
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::{Dialect, ParseOptions};
    /// let mut w = Vec::new();
    /// let url = ParseOptions::new().dialect(Dialect::Whatwg)
    ///     .parse_owned(" HTTP://h\\a ", &mut w)?;
    /// assert_eq!(url.as_str(), "http://h/a");
    /// assert_eq!(w.len(), 2);
    /// # Ok::<_, uniform::ParseError>(())
    /// ```
    pub fn parse_owned(
        &self,
        input: &str,
        warnings: &mut Vec<ParseError>,
    ) -> Result<Url, ParseError> {
        if self.dialect == Dialect::Whatwg {
            return crate::whatwg::parse_for_options(input, self.strict, Some(warnings));
        }
        self.parse_with_warnings(input, warnings)
            .map(|r| r.to_url())
    }

    /// Parses bytes, which must be UTF-8.
    ///
    /// # Errors
    ///
    /// [`ParseErrorKind::NotUtf8`] at the first invalid byte, else as
    /// [`ParseOptions::parse`].
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::{ParseErrorKind, ParseOptions};
    /// let e = ParseOptions::new().parse_bytes(b"http://h/\xff").unwrap_err();
    /// assert_eq!((e.kind(), e.offset()), (ParseErrorKind::NotUtf8, 9));
    /// ```
    pub fn parse_bytes<'a>(&self, input: &'a [u8]) -> Result<UrlRef<'a>, ParseError> {
        match core::str::from_utf8(input) {
            Ok(s) => self.parse(s),
            Err(e) => Err(ParseError::new(
                ParseErrorKind::NotUtf8,
                e.valid_up_to(),
                Component::Scheme,
                input.get(e.valid_up_to()).copied(),
                self.dialect,
            )),
        }
    }
}

/// A borrowed parse under the WHATWG dialect: the input, when it is its
/// own serialization; else an error that says to parse into a [`Url`].
#[cold]
fn whatwg_borrowed<'a>(
    input: &'a str,
    strict: bool,
    sink: &mut Sink<'_>,
) -> Result<UrlRef<'a>, ParseError> {
    let url = crate::whatwg::parse_for_options(input, strict, sink.out.as_deref_mut())?;
    if url.as_str() != input {
        return Err(ParseError::new(
            ParseErrorKind::NotSerialized,
            0,
            Component::Scheme,
            None,
            Dialect::Whatwg,
        ));
    }
    Ok(UrlRef::from_parts(input, url.offsets(), None))
}

/// The scheme's own grammar, after the generic pass: kept out of line so
/// that the generic pass, the hot path of every parse, is laid out as one
/// function (measured: `cargo bench -p uniform-bench --bench parse`).
#[inline(never)]
fn check_scheme(url: &UrlRef<'_>, sink: &mut Sink<'_>) -> Result<(), ParseError> {
    validate::validate(url, sink)?;
    if let Some(spec) = url.scheme_spec() {
        registry::validate_registered(spec, url, sink)?;
    }
    Ok(())
}

/// Parsing by the default options.
impl<'a> UrlRef<'a> {
    /// Parses by RFC 1738, leniently (see [`ParseOptions`] for others).
    ///
    /// # Errors
    ///
    /// A [`ParseError`] when the input is not a URL at all: empty, without
    /// a scheme, with a bad scheme name or a port that is no number.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::UrlRef;
    /// assert!(UrlRef::parse("news:comp.infosystems.www.misc").is_ok());
    /// assert!(UrlRef::parse("/relative/path").is_err());
    /// ```
    #[inline]
    pub fn parse(input: &'a str) -> Result<UrlRef<'a>, ParseError> {
        ParseOptions::new().parse(input)
    }
}

/// Parsing into an owned URL.
impl Url {
    /// Parses by RFC 1738, leniently.
    ///
    /// # Errors
    ///
    /// As [`UrlRef::parse`].
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::Url;
    /// let url = Url::parse("telnet://user:pw@host.dom/")?;
    /// assert_eq!(url.port_or_default(), Some(23));
    /// # Ok::<_, uniform::ParseError>(())
    /// ```
    pub fn parse(input: &str) -> Result<Url, ParseError> {
        UrlRef::parse(input).map(|r| r.to_url())
    }

    /// Parses with options.
    ///
    /// # Errors
    ///
    /// As [`ParseOptions::parse`].
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::{Dialect, ParseOptions, Url};
    /// let url = Url::parse_with(ParseOptions::new().dialect(Dialect::Rfc3986), "ftp://h/a?b")?;
    /// assert_eq!(url.query(), Some("b"));
    /// # Ok::<_, uniform::ParseError>(())
    /// ```
    pub fn parse_with(options: ParseOptions, input: &str) -> Result<Url, ParseError> {
        if options.dialect == Dialect::Whatwg {
            return crate::whatwg::parse_for_options(input, options.strict, None);
        }
        options.parse(input).map(|r| r.to_url())
    }
}

/// Parses by the default options, as [`Url::parse`]: `str::parse` works.
///
/// # Example
///
/// ```
/// use uniform::{ParseError, Url};
/// let url: Url = "gopher://h/1menu".parse()?;
/// assert_eq!(url.port_or_default(), Some(70));
/// assert!("/relative/path".parse::<Url>().is_err());
/// # Ok::<_, ParseError>(())
/// ```
impl core::str::FromStr for Url {
    type Err = ParseError;

    fn from_str(s: &str) -> Result<Url, ParseError> {
        Url::parse(s)
    }
}
