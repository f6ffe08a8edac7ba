//! What a refusal is: the rule that refused a plan, and the error that
//! says why. Kept apart from the policy that applies the rules, so that
//! the planners, which refuse what they cannot represent, need not depend
//! on the policy, which reads their plans.

use crate::prelude::*;
use core::fmt;

/// The rule that refused a plan.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Rule {
    /// A decoded CR or LF would land on a protocol line (RFC 1738 section
    /// 6; CVE-2012-0036, CVE-2014-8150).
    LineBreakInjection,
    /// A decoded NUL would land on a protocol line (CVE-2018-1000120).
    NulInjection,
    /// A TAB inside a gopher selector, search or Gopher+ string, where the
    /// TAB is the protocol's field separator (RFC 1738 section 3.4.1).
    GopherTab,
    /// A port that belongs to another well-known service (RFC 1738
    /// section 6; the gopher-to-SMTP attack it describes).
    BadPort,
    /// The host a reader would see differs from the one connected to:
    /// `#@`, an escape or a backslash in the authority, an unencoded `@`
    /// in the user name (CVE-2016-8624, CVE-2022-27780, CVE-2016-9179).
    AuthorityConfusion,
    /// A `file:` URL whose host is not this machine (RFC 1738 section
    /// 3.10, RFC 1630 "file").
    RemoteFile,
    /// A byte the protocol cannot carry (a telnet IAC, CVE-2023-27533).
    ProtocolByte,
    /// A decoded field outside its grammar, which the line would carry as
    /// more or other arguments than the URL names: a newsgroup, article
    /// number, message-id or mail address (RFC 1738 sections 3.5, 3.6,
    /// 3.7 and 5), or a file path segment that decodes to a separator.
    FieldGrammar,
    /// A host name that UTS 46 processing refuses: it has no ASCII form
    /// for the resolver (UTS 46 section 4; RFC 5891 section 5).
    BadIdna,
}

impl Rule {
    /// A short stable name, for `--json` and messages.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::plan::Rule;
    /// assert_eq!(Rule::BadPort.as_str(), "bad-port");
    /// ```
    pub fn as_str(self) -> &'static str {
        match self {
            Rule::LineBreakInjection => "line-break-injection",
            Rule::NulInjection => "nul-injection",
            Rule::GopherTab => "gopher-tab",
            Rule::BadPort => "bad-port",
            Rule::AuthorityConfusion => "authority-confusion",
            Rule::RemoteFile => "remote-file",
            Rule::ProtocolByte => "protocol-byte",
            Rule::FieldGrammar => "field-grammar",
            Rule::BadIdna => "bad-idna",
        }
    }

    /// Where the rule comes from.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::plan::Rule;
    /// assert!(Rule::NulInjection.source().contains("CVE-2018-1000120"));
    /// ```
    pub fn source(self) -> &'static str {
        match self {
            Rule::LineBreakInjection => "RFC 1738 section 6; CVE-2012-0036, CVE-2014-8150",
            Rule::NulInjection => "RFC 1738 section 6; CVE-2018-1000120",
            Rule::GopherTab => "RFC 1738 section 3.4.1",
            Rule::BadPort => "RFC 1738 section 6; the Fetch standard's bad ports",
            Rule::AuthorityConfusion => "CVE-2016-8624, CVE-2022-27780, CVE-2016-9179",
            Rule::RemoteFile => "RFC 1738 section 3.10",
            Rule::ProtocolByte => "CVE-2023-27533",
            Rule::FieldGrammar => {
                "RFC 1738 sections 3.5 to 3.7, 3.10 and 5; RFC 5321 section 4.1.2"
            }
            Rule::BadIdna => "UTS 46 section 4; RFC 5891 section 5",
        }
    }
}

/// A plan the policy refused, or a URL no plan can be made for.
///
/// # Example
///
/// ```
/// use uniform::{UrlRef, plan::{PlanOptions, Rule, plan}};
/// let url = UrlRef::parse("mailto:a%0D%0ARCPT%20TO:x@b.example")?;
/// let err = plan(&url, &PlanOptions::default()).unwrap_err();
/// assert_eq!(err.rule(), Some(Rule::LineBreakInjection));
/// # Ok::<_, uniform::ParseError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlanError {
    rule: Option<Rule>,
    message: String,
}

impl PlanError {
    pub(crate) fn refused(rule: Rule, message: impl Into<String>) -> PlanError {
        PlanError {
            rule: Some(rule),
            message: message.into(),
        }
    }

    pub(crate) fn unsupported(message: impl Into<String>) -> PlanError {
        PlanError {
            rule: None,
            message: message.into(),
        }
    }

    /// The safety rule that refused the plan; `None` when the URL has no
    /// access algorithm (a scheme without one, an empty mailto).
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::{UrlRef, plan::{PlanOptions, plan}};
    /// let url = UrlRef::parse("x-private:thing")?;
    /// assert_eq!(plan(&url, &PlanOptions::default()).unwrap_err().rule(), None);
    /// # Ok::<_, uniform::ParseError>(())
    /// ```
    pub fn rule(&self) -> Option<Rule> {
        self.rule
    }

    /// What happened, in words.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::{UrlRef, plan::{PlanOptions, plan}};
    /// let url = UrlRef::parse("http://h:25/")?;
    /// let e = plan(&url, &PlanOptions::default()).unwrap_err();
    /// assert!(e.message().contains("port 25"));
    /// # Ok::<_, uniform::ParseError>(())
    /// ```
    pub fn message(&self) -> &str {
        &self.message
    }
}

impl fmt::Display for PlanError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.rule {
            Some(r) => write!(
                f,
                "refused by rule {} ({}): {}",
                r.as_str(),
                r.source(),
                self.message
            ),
            None => f.write_str(&self.message),
        }
    }
}

impl core::error::Error for PlanError {}
