//! Positioned errors that name the rule they come from.

use crate::dialect::Dialect;
use crate::prelude::*;
use crate::scheme::Scheme;
use crate::table::Component;
use core::fmt;

/// What is wrong, without where.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ParseErrorKind {
    /// The input is empty.
    Empty,
    /// The input is longer than the 4 GiB a [`crate::Url`] can index.
    TooLong,
    /// The input is not UTF-8 (only from byte-oriented entry points).
    NotUtf8,
    /// No `scheme:` at the start: a relative reference, not a URL.
    MissingScheme,
    /// A scheme name with a character its grammar does not allow.
    BadScheme,
    /// A scheme that uses the common Internet syntax without `//`.
    MissingAuthority,
    /// A host is required here and there is none.
    EmptyHost,
    /// A host that is neither a hostname nor a host number (nor, in RFC
    /// 3986, an IP literal or reg-name).
    BadHost,
    /// A port that is not decimal digits.
    BadPort,
    /// A port of digits past 65535, the largest TCP port (RFC 9293
    /// section 3.1): the grammars allow it, the transport does not.
    PortRange,
    /// A `[` that opens an IP literal with no `]` to close it.
    UnclosedIpLiteral,
    /// The `:` of a port with no digits after it.
    EmptyPort,
    /// An unsafe character: space, `<`, `>`, `"`, `#`, `%`, `{`, `}`, `|`,
    /// `\`, `^`, `~`, `[`, `]`, `` ` `` (RFC 1738 section 2.2).
    UnsafeChar,
    /// A control character (00-1F, 7F).
    ControlChar,
    /// An octet 80-FF: URLs are written in graphic US-ASCII only.
    NonAscii,
    /// A reserved character used outside its reserved purpose.
    ReservedChar,
    /// A `%` not followed by two hex digits.
    BadEscape,
    /// A scheme whose syntax the seeds do not define (warning only).
    UndefinedSyntax,
    /// A rule of a scheme's own grammar (RFC 1738 section 5) is broken.
    SchemeSyntax,
    /// A host label that UTS 46 processing refuses (a disallowed code
    /// point, bad Punycode, the bidi or joiner rules): the host has no
    /// ASCII form to go onto the wire. The offset is the label's.
    BadIdna,
    /// A host label that mixes Latin, Greek or Cyrillic letters, as a
    /// look-alike of another name does (UTS 39 section 5.2): advice, a
    /// warning in both modes.
    MixedScript,
    /// A validation error of the WHATWG URL Standard that its parser goes
    /// on past; [`ParseError::rule`] is the Standard's name for it
    /// (`invalid-reverse-solidus`...).
    Validation,
    /// A validation error that makes the WHATWG parser return failure;
    /// [`ParseError::rule`] names it.
    Failure,
    /// A borrowed parse under the WHATWG dialect of an input that is not
    /// its own serialization: the URL the Standard reads is another text,
    /// which only an owned [`crate::Url`] can hold.
    NotSerialized,
}

impl ParseErrorKind {
    /// Every kind, in declaration order.
    pub const ALL: &'static [ParseErrorKind] = &[
        ParseErrorKind::Empty,
        ParseErrorKind::TooLong,
        ParseErrorKind::NotUtf8,
        ParseErrorKind::MissingScheme,
        ParseErrorKind::BadScheme,
        ParseErrorKind::MissingAuthority,
        ParseErrorKind::EmptyHost,
        ParseErrorKind::BadHost,
        ParseErrorKind::BadPort,
        ParseErrorKind::PortRange,
        ParseErrorKind::UnclosedIpLiteral,
        ParseErrorKind::EmptyPort,
        ParseErrorKind::UnsafeChar,
        ParseErrorKind::ControlChar,
        ParseErrorKind::NonAscii,
        ParseErrorKind::ReservedChar,
        ParseErrorKind::BadEscape,
        ParseErrorKind::UndefinedSyntax,
        ParseErrorKind::SchemeSyntax,
        ParseErrorKind::BadIdna,
        ParseErrorKind::MixedScript,
        ParseErrorKind::Validation,
        ParseErrorKind::Failure,
        ParseErrorKind::NotSerialized,
    ];

    /// The kind whose [`ParseErrorKind::as_str`] is `name`.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::ParseErrorKind;
    /// assert_eq!(ParseErrorKind::from_name("bad-port"), Some(ParseErrorKind::BadPort));
    /// for k in ParseErrorKind::ALL {
    ///     assert_eq!(ParseErrorKind::from_name(k.as_str()), Some(*k));
    /// }
    /// ```
    pub fn from_name(name: &str) -> Option<ParseErrorKind> {
        ParseErrorKind::ALL
            .iter()
            .copied()
            .find(|k| k.as_str() == name)
    }

    /// A short stable name, as `--json` prints it.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::ParseErrorKind;
    /// assert_eq!(ParseErrorKind::BadEscape.as_str(), "bad-escape");
    /// ```
    pub fn as_str(self) -> &'static str {
        match self {
            ParseErrorKind::Empty => "empty",
            ParseErrorKind::TooLong => "too-long",
            ParseErrorKind::NotUtf8 => "not-utf8",
            ParseErrorKind::MissingScheme => "missing-scheme",
            ParseErrorKind::BadScheme => "bad-scheme",
            ParseErrorKind::MissingAuthority => "missing-authority",
            ParseErrorKind::EmptyHost => "empty-host",
            ParseErrorKind::BadHost => "bad-host",
            ParseErrorKind::BadPort => "bad-port",
            ParseErrorKind::PortRange => "port-range",
            ParseErrorKind::UnclosedIpLiteral => "unclosed-ip-literal",
            ParseErrorKind::EmptyPort => "empty-port",
            ParseErrorKind::UnsafeChar => "unsafe-char",
            ParseErrorKind::ControlChar => "control-char",
            ParseErrorKind::NonAscii => "non-ascii",
            ParseErrorKind::ReservedChar => "reserved-char",
            ParseErrorKind::BadEscape => "bad-escape",
            ParseErrorKind::UndefinedSyntax => "undefined-syntax",
            ParseErrorKind::SchemeSyntax => "scheme-syntax",
            ParseErrorKind::BadIdna => "bad-idna",
            ParseErrorKind::MixedScript => "mixed-script",
            ParseErrorKind::Validation => "validation",
            ParseErrorKind::Failure => "failure",
            ParseErrorKind::NotSerialized => "not-serialized",
        }
    }

    /// Whether the fault ends a parse even in lenient mode (nothing after
    /// it can be read).
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::ParseErrorKind;
    /// assert!(ParseErrorKind::MissingScheme.is_fatal());
    /// assert!(!ParseErrorKind::UnsafeChar.is_fatal());
    /// ```
    pub fn is_fatal(self) -> bool {
        matches!(
            self,
            ParseErrorKind::Empty
                | ParseErrorKind::TooLong
                | ParseErrorKind::NotUtf8
                | ParseErrorKind::MissingScheme
                | ParseErrorKind::BadScheme
                | ParseErrorKind::BadPort
                | ParseErrorKind::UnclosedIpLiteral
                | ParseErrorKind::Failure
                | ParseErrorKind::NotSerialized
        )
    }
}

/// A violation of a grammar at a byte offset.
///
/// Strict parsing returns the first one as its error; lenient parsing
/// returns the ones it could carry on past as warnings, each a
/// `ParseError` the caller chose to tolerate.
///
/// # Example
///
/// ```
/// use uniform::{ParseErrorKind, ParseOptions};
///
/// let err = ParseOptions::new().strict(true).parse("http://host/a b").unwrap_err();
/// assert_eq!(err.kind(), ParseErrorKind::UnsafeChar);
/// assert_eq!(err.offset(), 13);
/// assert_eq!(
///     err.to_string(),
///     "unsafe character ' ' at byte 13 in the path: it must be %-encoded (rule xchar, RFC 1738 section 2.2)"
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ParseError {
    kind: ParseErrorKind,
    offset: usize,
    component: Component,
    byte: Option<u8>,
    dialect: Dialect,
    /// For scheme-level rules: the scheme and the rule, set by the views.
    rule: Option<(&'static str, &'static str)>,
    detail: Option<&'static str>,
    /// Advice rather than a violation: a warning even in strict mode.
    advice: bool,
}

impl ParseError {
    pub(crate) fn new(
        kind: ParseErrorKind,
        offset: usize,
        component: Component,
        byte: Option<u8>,
        dialect: Dialect,
    ) -> ParseError {
        ParseError {
            kind,
            offset,
            component,
            byte,
            dialect,
            rule: None,
            detail: None,
            advice: false,
        }
    }

    /// A violation of a scheme's own grammar: `rule` is the BNF rule's name,
    /// `section` where it is defined, `detail` the sentence that explains.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::{Component, Dialect, ParseError, ParseErrorKind};
    /// let e = ParseError::scheme_rule(
    ///     20, Component::Path, Dialect::Rfc1738,
    ///     "ftptype", "RFC 1738 section 3.2.2", "the typecode must be a, i or d",
    /// );
    /// assert_eq!(e.kind(), ParseErrorKind::SchemeSyntax);
    /// assert_eq!(e.rule(), "ftptype");
    /// ```
    pub fn scheme_rule(
        offset: usize,
        component: Component,
        dialect: Dialect,
        rule: &'static str,
        section: &'static str,
        detail: &'static str,
    ) -> ParseError {
        ParseError {
            kind: ParseErrorKind::SchemeSyntax,
            offset,
            component,
            byte: None,
            dialect,
            rule: Some((rule, section)),
            detail: Some(detail),
            advice: false,
        }
    }

    /// Cites `rule` of `section` instead of the dialect's generic rule.
    pub(crate) fn cited(mut self, rule: &'static str, section: &'static str) -> ParseError {
        self.rule = Some((rule, section));
        self
    }

    /// The same fault, `by` bytes earlier: for a text checked inside a
    /// longer one (a relative reference after a stand-in scheme).
    pub(crate) fn moved_back(mut self, by: usize) -> ParseError {
        self.offset = self.offset.saturating_sub(by);
        self
    }

    pub(crate) fn into_advice(mut self) -> ParseError {
        self.advice = true;
        self
    }

    /// Whether this is advice: what the dialect's text advises against
    /// without making the URL invalid, reported as a warning even by a
    /// strict parse (see [`crate::rulebook::Force`]).
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::{Dialect, ParseErrorKind, ParseOptions};
    /// // RFC 3986's port is *DIGIT: 70000 is a URI, but no TCP port.
    /// let mut warnings = Vec::new();
    /// let url = ParseOptions::new().dialect(Dialect::Rfc3986).strict(true)
    ///     .parse_with_warnings("foo://h:70000/", &mut warnings)?;
    /// assert_eq!((url.port(), url.port_str()), (None, Some("70000")));
    /// assert_eq!(warnings[0].kind(), ParseErrorKind::PortRange);
    /// assert!(warnings[0].is_advice());
    /// assert_eq!(warnings[0].section(), "RFC 9293 section 3.1");
    /// # Ok::<_, uniform::ParseError>(())
    /// ```
    pub fn is_advice(&self) -> bool {
        self.advice
    }

    pub(crate) fn with_detail(mut self, detail: &'static str) -> ParseError {
        self.detail = Some(detail);
        self
    }

    /// What is wrong.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::{ParseErrorKind, UrlRef};
    /// assert_eq!(UrlRef::parse("").unwrap_err().kind(), ParseErrorKind::Empty);
    /// ```
    pub fn kind(&self) -> ParseErrorKind {
        self.kind
    }

    /// The byte offset in the input where the fault is.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::UrlRef;
    /// assert_eq!(UrlRef::parse("http://h:9x/").unwrap_err().offset(), 10);
    /// ```
    pub fn offset(&self) -> usize {
        self.offset
    }

    /// The component the fault is in.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::{Component, UrlRef};
    /// assert_eq!(UrlRef::parse("http://h:x/").unwrap_err().component(), Component::Port);
    /// ```
    pub fn component(&self) -> Component {
        self.component
    }

    /// The offending byte, where one byte is at fault.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::ParseOptions;
    /// let e = ParseOptions::new().strict(true).parse("ftp://h/a|b").unwrap_err();
    /// assert_eq!(e.byte(), Some(b'|'));
    /// ```
    pub fn byte(&self) -> Option<u8> {
        self.byte
    }

    /// The grammar the fault was judged by.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::{Dialect, UrlRef};
    /// assert_eq!(UrlRef::parse("nope").unwrap_err().dialect(), Dialect::Rfc1738);
    /// ```
    pub fn dialect(&self) -> Dialect {
        self.dialect
    }

    /// The name of the grammar rule that is broken (`xchar`, `uchar`,
    /// `hostname`, `port`, `fsegment`...).
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::ParseOptions;
    /// let e = ParseOptions::new().strict(true).parse("ftp://a:b:c@h/").unwrap_err();
    /// assert_eq!(e.rule(), "password");
    /// ```
    pub fn rule(&self) -> &'static str {
        if let Some((rule, _)) = self.rule {
            return rule;
        }
        use Component as C;
        use Dialect as D;
        match (self.kind, self.dialect, self.component) {
            (_, D::Whatwg, _) => "URL",
            (ParseErrorKind::Empty | ParseErrorKind::MissingScheme, D::Rfc3986, _) => "URI",
            (ParseErrorKind::Empty | ParseErrorKind::MissingScheme, D::Rfc1630, _) => "uri",
            (ParseErrorKind::Empty | ParseErrorKind::MissingScheme, D::Rfc1738, _) => "genericurl",
            (ParseErrorKind::MissingAuthority, D::Rfc1738, _) => "ip-schemepart",
            // RFC 1630 has no generic rule for it: each address production
            // of its URL BNF writes "//" hostport (or login) by itself.
            (ParseErrorKind::MissingAuthority, D::Rfc1630, _) => "hostport",
            (ParseErrorKind::MissingAuthority, D::Rfc3986, _) => "authority",
            (ParseErrorKind::NotUtf8, _, _) => "octet",
            (ParseErrorKind::UnclosedIpLiteral, _, _) => "IP-literal",
            (ParseErrorKind::BadEscape, D::Rfc3986, _) => "pct-encoded",
            (ParseErrorKind::BadEscape, _, _) => "escape",
            (_, _, C::Scheme) => "scheme",
            (_, D::Rfc3986, C::User | C::Password) => "userinfo",
            (_, _, C::User) => "user",
            (_, _, C::Password) => "password",
            (_, D::Rfc3986, C::Host) => "host",
            (_, _, C::Host) => "host",
            (_, _, C::Port) => "port",
            (_, D::Rfc1738, C::Path) => "xchar",
            (_, D::Rfc1630, C::Path) => "xpalpha",
            (_, D::Rfc3986, C::Path) => "pchar",
            (_, D::Rfc1738, C::Query) => "xchar",
            (_, D::Rfc1630, C::Query) => "search",
            (_, D::Rfc3986, C::Query) => "query",
            (_, D::Rfc1738, C::Fragment) => "xchar",
            (_, D::Rfc1630, C::Fragment) => "fragmentid",
            (_, D::Rfc3986, C::Fragment) => "fragment",
        }
    }

    /// The RFC section that defines the broken rule.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::{Dialect, ParseOptions};
    /// let e = ParseOptions::new().dialect(Dialect::Rfc3986).strict(true)
    ///     .parse("http://h/a b").unwrap_err();
    /// assert_eq!(e.section(), "RFC 3986 section 3.3");
    /// ```
    pub fn section(&self) -> &'static str {
        if let Some((_, section)) = self.rule {
            return section;
        }
        use Component as C;
        use Dialect as D;
        use ParseErrorKind as K;
        match (self.dialect, self.kind, self.component) {
            (D::Whatwg, _, _) => "URL Standard section 4.4",
            (_, K::UnclosedIpLiteral, _) => "RFC 3986 section 3.2.2",
            (D::Rfc1738, K::Empty | K::MissingScheme | K::BadScheme, _) => "RFC 1738 section 2.1",
            (D::Rfc1738, K::MissingAuthority | K::EmptyHost, _) => "RFC 1738 section 3.1",
            (D::Rfc1738, K::BadHost | K::BadPort | K::EmptyPort, _) => "RFC 1738 section 3.1",
            (D::Rfc1738, K::ReservedChar, C::User | C::Password) => "RFC 1738 section 3.1",
            (D::Rfc1738, K::ReservedChar, _) => "RFC 1738 section 2.2",
            (D::Rfc1738, K::UndefinedSyntax, _) => "RFC 1738 section 4",
            (D::Rfc1738, _, _) => "RFC 1738 section 2.2",
            (D::Rfc1630, K::BadEscape, _) => "RFC 1630, Encoding reserved characters (example 3)",
            (D::Rfc1630, K::UnsafeChar | K::ControlChar | K::NonAscii, _) => {
                "RFC 1630, Unsafe characters"
            }
            (D::Rfc1630, K::ReservedChar, _) => "RFC 1630, Reserved characters",
            (D::Rfc1630, K::UndefinedSyntax, _) => "RFC 1630, Registration of naming schemes",
            (D::Rfc1630, K::MissingAuthority | K::EmptyHost, _) => {
                "RFC 1630, BNF for specific URL schemes"
            }
            (D::Rfc1630, _, _) => "RFC 1630, BNF of Generic URI Syntax",
            (D::Rfc3986, K::BadEscape, _) => "RFC 3986 section 2.1",
            (D::Rfc3986, K::Empty | K::MissingScheme | K::BadScheme, _) => "RFC 3986 section 3.1",
            (D::Rfc3986, K::MissingAuthority | K::EmptyHost, _) => "RFC 3986 section 3.2",
            (D::Rfc3986, K::UndefinedSyntax, _) => "RFC 3986 section 3.1",
            (D::Rfc3986, _, C::Scheme) => "RFC 3986 section 3.1",
            (D::Rfc3986, _, C::User | C::Password) => "RFC 3986 section 3.2.1",
            (D::Rfc3986, _, C::Host) => "RFC 3986 section 3.2.2",
            (D::Rfc3986, _, C::Port) => "RFC 3986 section 3.2.3",
            (D::Rfc3986, _, C::Path) => "RFC 3986 section 3.3",
            (D::Rfc3986, _, C::Query) => "RFC 3986 section 3.4",
            (D::Rfc3986, _, C::Fragment) => "RFC 3986 section 3.5",
        }
    }

    /// The full message, naming the rule and the RFC section.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::UrlRef;
    /// let e = UrlRef::parse("http://h:x/").unwrap_err();
    /// assert_eq!(
    ///     e.message(),
    ///     "bad port at byte 9: a port is decimal digits (rule port, RFC 1738 section 3.1)"
    /// );
    /// ```
    pub fn message(&self) -> String {
        self.to_string()
    }

    fn what(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let at = self.offset;
        let comp = self.component.name();
        let ch = Shown(self.byte);
        match self.kind {
            ParseErrorKind::Empty => write!(
                f,
                "empty input: a URL is a scheme, ':' and a scheme-specific part"
            ),
            ParseErrorKind::TooLong => write!(f, "input too long: more than 4 GiB"),
            ParseErrorKind::NotUtf8 => write!(
                f,
                "invalid UTF-8 at byte {at}: a URL is text, and octets 80-FF in it must be %-encoded"
            ),
            ParseErrorKind::UnclosedIpLiteral => {
                write!(f, "'[' at byte {at} opens an IP literal that no ']' closes")
            }
            ParseErrorKind::MissingScheme => write!(
                f,
                "no scheme: a URL starts with its scheme name and ':' (this looks like a relative reference)"
            ),
            ParseErrorKind::BadScheme if self.byte == Some(b':') => {
                write!(f, "empty scheme name at byte {at}")
            }
            ParseErrorKind::BadScheme => {
                write!(
                    f,
                    "character {ch} at byte {at} is not allowed in a scheme name"
                )
            }
            ParseErrorKind::MissingAuthority => {
                write!(
                    f,
                    "missing '//' at byte {at}: this scheme uses the common Internet syntax //host"
                )
            }
            ParseErrorKind::EmptyHost => {
                write!(f, "empty host at byte {at}: this scheme needs a host")
            }
            ParseErrorKind::BadHost => match self.byte {
                Some(_) => write!(
                    f,
                    "character {ch} at byte {at} is not allowed in a host name"
                ),
                None => write!(f, "malformed host at byte {at}"),
            },
            ParseErrorKind::BadPort => {
                write!(f, "bad port at byte {at}: a port is decimal digits")
            }
            ParseErrorKind::PortRange => write!(f, "port out of range at byte {at}"),
            ParseErrorKind::EmptyPort => {
                write!(
                    f,
                    "empty port at byte {at}: if the port is omitted, the colon is as well"
                )
            }
            ParseErrorKind::UnsafeChar => {
                write!(
                    f,
                    "unsafe character {ch} at byte {at} in the {comp}: it must be %-encoded"
                )
            }
            ParseErrorKind::ControlChar => {
                write!(
                    f,
                    "control character {ch} at byte {at} in the {comp}: it must be %-encoded"
                )
            }
            ParseErrorKind::NonAscii => write!(
                f,
                "non-ASCII byte {ch} at byte {at} in the {comp}: octets 80-FF must be %-encoded"
            ),
            ParseErrorKind::ReservedChar => write!(
                f,
                "reserved character {ch} at byte {at} in the {comp}: it must be %-encoded here"
            ),
            ParseErrorKind::BadEscape => {
                write!(f, "'%' at byte {at} is not followed by two hex digits")
            }
            ParseErrorKind::UndefinedSyntax => {
                write!(
                    f,
                    "the syntax of this scheme is not defined; parsed generically"
                )
            }
            ParseErrorKind::SchemeSyntax => write!(f, "bad {comp} at byte {at}"),
            ParseErrorKind::BadIdna => {
                write!(f, "host label at byte {at} has no ASCII form (IDNA)")
            }
            ParseErrorKind::MixedScript => {
                write!(f, "host label at byte {at} mixes scripts")
            }
            ParseErrorKind::Validation => {
                write!(f, "validation error at byte {at} in the {comp}")
            }
            ParseErrorKind::Failure => write!(f, "not a URL: failure at byte {at} in the {comp}"),
            ParseErrorKind::NotSerialized => write!(
                f,
                "under the WHATWG dialect this input reads as another text: parse it into an owned Url"
            ),
        }?;
        if let Some(d) = self.detail {
            write!(f, ": {d}")?;
        }
        Ok(())
    }
}

/// A byte as messages show it: `'x'`, or `0x0A` for what does not print.
struct Shown(Option<u8>);

impl fmt::Display for Shown {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Some(b) if (0x20..0x7f).contains(&b) => write!(f, "'{}'", b as char),
            Some(b) => write!(f, "0x{b:02X}"),
            None => f.write_str("?"),
        }
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.what(f)?;
        write!(f, " (rule {}, {})", self.rule(), self.section())
    }
}

impl core::error::Error for ParseError {}

/// The warning a lenient parse gives for a scheme the seeds reserve without
/// a syntax.
pub(crate) fn undefined_syntax(scheme: Scheme, dialect: Dialect) -> ParseError {
    let mut e = ParseError::new(
        ParseErrorKind::UndefinedSyntax,
        0,
        Component::Scheme,
        None,
        dialect,
    );
    e.rule = Some(("scheme", scheme.defined_in()));
    e
}
