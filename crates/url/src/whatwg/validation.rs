//! The URL Standard's validation errors, by the names its table gives
//! them, and how they become [`ParseError`]s.

use crate::dialect::Dialect;
use crate::error::{ParseError, ParseErrorKind};
use crate::table::Component;

/// A validation error of the URL Standard, named as its table names it.
///
/// A parse under [`Dialect::Whatwg`] reports each one it meets as a
/// [`ParseError`] of kind [`ParseErrorKind::Validation`] (the parser went
/// on) or [`ParseErrorKind::Failure`] (the input is no URL); the error's
/// [`ParseError::rule`] is [`ValidationError::as_str`].
///
/// # Example
///
/// ```
/// use uniform::whatwg::{self, ValidationError};
/// let mut warnings = Vec::new();
/// let url = whatwg::parse_with_warnings("https://host\\a", None, &mut warnings)?;
/// assert_eq!(url.as_str(), "https://host/a");
/// assert_eq!(warnings[0].rule(), ValidationError::InvalidReverseSolidus.as_str());
/// assert_eq!(warnings[0].offset(), 12);
/// # Ok::<_, uniform::ParseError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ValidationError {
    /// Unicode ToASCII records an error under the strict options.
    DomainToAscii,
    /// A host to be read as a domain holds a percent-encoded byte.
    DomainPercentEncoded,
    /// An opaque host holds a forbidden host code point.
    HostInvalidCodePoint,
    /// An IPv4 address ends with `.`.
    Ipv4EmptyPart,
    /// An IPv4 address has fewer than four parts.
    Ipv4TooFewParts,
    /// An IPv4 address has more than four parts.
    Ipv4TooManyParts,
    /// An IPv4 part is not a number.
    Ipv4NonNumericPart,
    /// An IPv4 part is hexadecimal or octal.
    Ipv4NonDecimalPart,
    /// An IPv4 part is larger than 255.
    Ipv4OutOfRangePart,
    /// An IPv6 address has no closing `]`.
    Ipv6Unclosed,
    /// An IPv6 address starts with a lone `:`.
    Ipv6InvalidCompression,
    /// An IPv6 address has more than eight pieces.
    Ipv6TooManyPieces,
    /// An IPv6 address compresses twice.
    Ipv6MultipleCompression,
    /// An IPv6 address holds a code point no piece can.
    Ipv6InvalidCodePoint,
    /// An IPv6 address has fewer than eight pieces and no compression.
    Ipv6TooFewPieces,
    /// An IPv6 piece has a leading zero.
    Ipv6PieceLeadingZero,
    /// An IPv4 address inside an IPv6 one leaves too few pieces.
    Ipv4InIpv6TooManyPieces,
    /// An IPv4 part inside an IPv6 address is malformed.
    Ipv4InIpv6InvalidCodePoint,
    /// An IPv4 part inside an IPv6 address is larger than 255.
    Ipv4InIpv6OutOfRangePart,
    /// An IPv4 address inside an IPv6 one has fewer than four parts.
    Ipv4InIpv6TooFewParts,
    /// A code point that is no URL unit, or a `%` not followed by two hex
    /// digits; also leading or trailing C0 controls and spaces, and tabs
    /// and newlines anywhere, all removed.
    InvalidUrlUnit,
    /// A special scheme not followed by `//`.
    SpecialSchemeMissingFollowingSolidus,
    /// No scheme, and no base that a relative reference could use.
    MissingSchemeNonRelativeUrl,
    /// A `\` read as `/` in a special URL.
    InvalidReverseSolidus,
    /// Credentials before the host.
    InvalidCredentials,
    /// A special URL, or credentials, without a host.
    HostMissing,
    /// A port past 65535.
    PortOutOfRange,
    /// A port that is not digits.
    PortInvalid,
    /// A relative `file:` reference that starts with a Windows drive
    /// letter.
    FileInvalidWindowsDriveLetter,
    /// A `file:` host that is a Windows drive letter.
    FileInvalidWindowsDriveLetterHost,
}

impl ValidationError {
    /// The Standard's name for it.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::whatwg::ValidationError;
    /// assert_eq!(ValidationError::Ipv4NonDecimalPart.as_str(), "IPv4-non-decimal-part");
    /// ```
    pub fn as_str(self) -> &'static str {
        use ValidationError as V;
        match self {
            V::DomainToAscii => "domain-to-ASCII",
            V::DomainPercentEncoded => "domain-percent-encoded",
            V::HostInvalidCodePoint => "host-invalid-code-point",
            V::Ipv4EmptyPart => "IPv4-empty-part",
            V::Ipv4TooFewParts => "IPv4-too-few-parts",
            V::Ipv4TooManyParts => "IPv4-too-many-parts",
            V::Ipv4NonNumericPart => "IPv4-non-numeric-part",
            V::Ipv4NonDecimalPart => "IPv4-non-decimal-part",
            V::Ipv4OutOfRangePart => "IPv4-out-of-range-part",
            V::Ipv6Unclosed => "IPv6-unclosed",
            V::Ipv6InvalidCompression => "IPv6-invalid-compression",
            V::Ipv6TooManyPieces => "IPv6-too-many-pieces",
            V::Ipv6MultipleCompression => "IPv6-multiple-compression",
            V::Ipv6InvalidCodePoint => "IPv6-invalid-code-point",
            V::Ipv6TooFewPieces => "IPv6-too-few-pieces",
            V::Ipv6PieceLeadingZero => "IPv6-piece-leading-zero",
            V::Ipv4InIpv6TooManyPieces => "IPv4-in-IPv6-too-many-pieces",
            V::Ipv4InIpv6InvalidCodePoint => "IPv4-in-IPv6-invalid-code-point",
            V::Ipv4InIpv6OutOfRangePart => "IPv4-in-IPv6-out-of-range-part",
            V::Ipv4InIpv6TooFewParts => "IPv4-in-IPv6-too-few-parts",
            V::InvalidUrlUnit => "invalid-URL-unit",
            V::SpecialSchemeMissingFollowingSolidus => "special-scheme-missing-following-solidus",
            V::MissingSchemeNonRelativeUrl => "missing-scheme-non-relative-URL",
            V::InvalidReverseSolidus => "invalid-reverse-solidus",
            V::InvalidCredentials => "invalid-credentials",
            V::HostMissing => "host-missing",
            V::PortOutOfRange => "port-out-of-range",
            V::PortInvalid => "port-invalid",
            V::FileInvalidWindowsDriveLetter => "file-invalid-Windows-drive-letter",
            V::FileInvalidWindowsDriveLetterHost => "file-invalid-Windows-drive-letter-host",
        }
    }

    /// The section of the URL Standard whose algorithm reports it.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::whatwg::ValidationError;
    /// assert_eq!(ValidationError::PortInvalid.section(), "URL Standard section 4.4");
    /// ```
    pub fn section(self) -> &'static str {
        use ValidationError as V;
        match self {
            V::DomainToAscii => "URL Standard section 3.3",
            V::DomainPercentEncoded
            | V::HostInvalidCodePoint
            | V::Ipv4EmptyPart
            | V::Ipv4TooFewParts
            | V::Ipv4TooManyParts
            | V::Ipv4NonNumericPart
            | V::Ipv4NonDecimalPart
            | V::Ipv4OutOfRangePart
            | V::Ipv6Unclosed
            | V::Ipv6InvalidCompression
            | V::Ipv6TooManyPieces
            | V::Ipv6MultipleCompression
            | V::Ipv6InvalidCodePoint
            | V::Ipv6TooFewPieces
            | V::Ipv6PieceLeadingZero
            | V::Ipv4InIpv6TooManyPieces
            | V::Ipv4InIpv6InvalidCodePoint
            | V::Ipv4InIpv6OutOfRangePart
            | V::Ipv4InIpv6TooFewParts => "URL Standard section 3.5",
            V::InvalidUrlUnit
            | V::SpecialSchemeMissingFollowingSolidus
            | V::MissingSchemeNonRelativeUrl
            | V::InvalidReverseSolidus
            | V::InvalidCredentials
            | V::HostMissing
            | V::PortOutOfRange
            | V::PortInvalid
            | V::FileInvalidWindowsDriveLetter
            | V::FileInvalidWindowsDriveLetterHost => "URL Standard section 4.4",
        }
    }

    /// What it means, in a sentence for messages.
    pub(crate) fn detail(self) -> &'static str {
        use ValidationError as V;
        match self {
            V::DomainToAscii => "the host has no strict IDNA ASCII form",
            V::DomainPercentEncoded => "a domain is percent-decoded before IDNA",
            V::HostInvalidCodePoint => "a forbidden host code point",
            V::Ipv4EmptyPart => "an IPv4 address ends with '.'",
            V::Ipv4TooFewParts => "an IPv4 address with fewer than four parts",
            V::Ipv4TooManyParts => "an IPv4 address with more than four parts",
            V::Ipv4NonNumericPart => "an IPv4 part that is no number",
            V::Ipv4NonDecimalPart => "an IPv4 part in hexadecimal or octal",
            V::Ipv4OutOfRangePart => "an IPv4 part past 255",
            V::Ipv6Unclosed => "'[' without ']'",
            V::Ipv6InvalidCompression => "an IPv6 address starting with a single ':'",
            V::Ipv6TooManyPieces => "more than eight IPv6 pieces",
            V::Ipv6MultipleCompression => "'::' twice",
            V::Ipv6InvalidCodePoint => "a code point no IPv6 piece holds",
            V::Ipv6TooFewPieces => "fewer than eight IPv6 pieces and no '::'",
            V::Ipv6PieceLeadingZero => "an IPv6 piece with a leading zero",
            V::Ipv4InIpv6TooManyPieces => "an embedded IPv4 address after six pieces",
            V::Ipv4InIpv6InvalidCodePoint => "a malformed embedded IPv4 part",
            V::Ipv4InIpv6OutOfRangePart => "an embedded IPv4 part past 255",
            V::Ipv4InIpv6TooFewParts => "an embedded IPv4 address with fewer than four parts",
            V::InvalidUrlUnit => "a code point that is no URL unit",
            V::SpecialSchemeMissingFollowingSolidus => "a special scheme without '//'",
            V::MissingSchemeNonRelativeUrl => "no scheme, and no base to resolve against",
            V::InvalidReverseSolidus => "'\\' read as '/'",
            V::InvalidCredentials => "credentials in the URL",
            V::HostMissing => "no host",
            V::PortOutOfRange => "a port past 65535",
            V::PortInvalid => "a port that is not digits",
            V::FileInvalidWindowsDriveLetter => "a relative file reference with a drive letter",
            V::FileInvalidWindowsDriveLetterHost => "a drive letter where the host is",
        }
    }

    /// The error at `offset` of the input: a warning when `failure` is
    /// false, the parse's error when it is true.
    pub(crate) fn at(self, offset: usize, component: Component, failure: bool) -> ParseError {
        let kind = if failure {
            ParseErrorKind::Failure
        } else {
            ParseErrorKind::Validation
        };
        ParseError::new(kind, offset, component, None, Dialect::Whatwg)
            .cited(self.as_str(), self.section())
            .with_detail(self.detail())
    }
}
