//! The safety policy every plan passes before it is shown or run.
//!
//! RFC 1738 section 6: a URL may name a harmless retrieval that is in fact
//! a harmful operation, through "a port number other than that reserved
//! for the network protocol in question", or through "embedded encoded
//! delimiters for a given protocol (for example, CR and LF characters for
//! telnet protocols)" that must "not [be] unencoded before transmission".
//! The rules below answer that section and the advisories DESIGN.md lists.

use super::{Plan, Step};
use crate::url::UrlRef;
use crate::{Scheme, pct};
use std::fmt;

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
    /// number or message-id (RFC 1738 sections 3.6, 3.7 and 5).
    FieldGrammar,
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
            Rule::FieldGrammar => "RFC 1738 sections 3.6, 3.7 and 5",
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

impl std::error::Error for PlanError {}

/// The ports of other well-known services that a URL may not name unless
/// the user allows it: the Fetch standard's "bad ports" list.
pub const BAD_PORTS: &[u16] = &[
    1, 7, 9, 11, 13, 15, 17, 19, 20, 21, 22, 23, 25, 37, 42, 43, 53, 69, 77, 79, 87, 95, 101, 102,
    103, 104, 109, 110, 111, 113, 115, 117, 119, 123, 135, 137, 139, 143, 161, 179, 389, 427, 465,
    512, 513, 514, 515, 526, 530, 531, 532, 540, 548, 554, 556, 563, 587, 601, 636, 989, 990, 993,
    995, 1719, 1720, 1723, 2049, 3659, 4045, 4190, 5060, 5061, 6000, 6566, 6665, 6666, 6667, 6668,
    6669, 6697, 10080,
];

/// Whether `port` in a URL of `scheme` belongs to another service: it is on
/// [`BAD_PORTS`] and is not the scheme's own default.
///
/// # Example
///
/// ```
/// use uniform::{Scheme, plan::is_bad_port};
/// assert!(is_bad_port(Scheme::Gopher, 25));
/// assert!(!is_bad_port(Scheme::Ftp, 21));
/// assert!(is_bad_port(Scheme::Http, 21));
/// assert!(!is_bad_port(Scheme::Gopher, 7070));
/// ```
pub fn is_bad_port(scheme: Scheme, port: u16) -> bool {
    Some(port) != scheme.default_port() && BAD_PORTS.binary_search(&port).is_ok()
}

/// Refuses a decoded field that would carry CR, LF or NUL onto a line.
/// `what` names the field for the message.
pub(crate) fn check_field(bytes: &[u8], what: &str) -> Result<(), PlanError> {
    if let Some(p) = bytes.iter().position(|&b| b == b'\r' || b == b'\n') {
        return Err(PlanError::refused(
            Rule::LineBreakInjection,
            format!(
                "the {what} decodes to a {} at octet {p}, which would end the protocol line",
                name(bytes[p])
            ),
        ));
    }
    if let Some(p) = bytes.iter().position(|&b| b == 0) {
        return Err(PlanError::refused(
            Rule::NulInjection,
            format!("the {what} decodes to a NUL at octet {p}, which would cut the protocol line"),
        ));
    }
    Ok(())
}

fn name(b: u8) -> &'static str {
    if b == b'\r' { "CR" } else { "LF" }
}

/// The checks on the URL itself, before any planner runs.
pub(crate) fn check_url(url: &UrlRef<'_>, allowed_ports: &[u16]) -> Result<(), PlanError> {
    if let Some(auth) = url.authority() {
        if auth.contains('\\') {
            return Err(PlanError::refused(
                Rule::AuthorityConfusion,
                "a backslash in the authority: some readers take it for '/' and see another host",
            ));
        }
        let host = url.host().unwrap_or_default();
        if host.contains('%') {
            return Err(PlanError::refused(
                Rule::AuthorityConfusion,
                format!(
                    "an escape in the host {host:?}: hosts are never encoded, and a decoded '/' or '@' would change which host is meant"
                ),
            ));
        }
        if url.user().is_some_and(|u| u.contains('@'))
            || url.password().is_some_and(|p| p.contains('@'))
        {
            return Err(PlanError::refused(
                Rule::AuthorityConfusion,
                "an unencoded '@' in the user name or password: readers disagree on which '@' ends it",
            ));
        }
        if let Some(naive) = naive_host(url.as_str(), url.scheme().len() + 3)
            && !naive.eq_ignore_ascii_case(url.hostname().unwrap_or_default())
        {
            return Err(PlanError::refused(
                Rule::AuthorityConfusion,
                format!(
                    "a reader that ends the authority at the first '/' sees host {naive:?}, this URL names {:?} (a '#@' or '?@')",
                    url.hostname().unwrap_or_default()
                ),
            ));
        }
    }
    if let Some(port) = url.port()
        && !allowed_ports.contains(&port)
        && is_bad_port(url.scheme_kind(), port)
    {
        return Err(PlanError::refused(
            Rule::BadPort,
            format!(
                "port {port} belongs to another service; a {} URL on it could make that service act (allow it with --allow-port {port})",
                url.scheme().to_ascii_lowercase()
            ),
        ));
    }
    Ok(())
}

/// The host that a careless reader finds: the authority taken up to the
/// first `/`, split at its last `@` and its first `:` after that.
fn naive_host(s: &str, auth_start: usize) -> Option<&str> {
    let rest = s.get(auth_start..)?;
    let auth = &rest[..rest.find('/').unwrap_or(rest.len())];
    let host_port = &auth[auth.rfind('@').map_or(0, |p| p + 1)..];
    // An IP literal ends at its "]", not at the first ':' inside it: left
    // out, "http://evil.com#@[::1]/" would pass as naming evil.com.
    if let Some(literal) = host_port.strip_prefix('[') {
        return Some(&literal[..literal.find(']').unwrap_or(literal.len())]);
    }
    Some(&host_port[..host_port.find(':').unwrap_or(host_port.len())])
}

/// The checks on the finished plan: no line carries CR, LF or NUL.
pub(crate) fn check_plan(plan: &Plan) -> Result<(), PlanError> {
    for step in plan.steps() {
        if let Step::Send(line) | Step::Advise(line) = step {
            let bytes: Vec<u8> = line.known_bytes().collect();
            check_field(&bytes, &format!("line {:?}", line.to_string()))?;
        }
    }
    Ok(())
}

/// The decoded form of a raw field, for the checks and the lines.
pub(crate) fn decoded(raw: &str) -> Vec<u8> {
    pct::decode(raw.as_bytes()).into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bad_ports_are_sorted_for_binary_search() {
        assert!(BAD_PORTS.windows(2).all(|w| w[0] < w[1]));
    }

    #[test]
    fn naive_host_sees_through_hash_at() {
        assert_eq!(
            naive_host("http://example.com#@evil.com/x", 7),
            Some("evil.com")
        );
        assert_eq!(naive_host("http://u@h:80/x", 7), Some("h"));
        assert_eq!(naive_host("http://evil.com#@[::1]/", 7), Some("::1"));
        assert_eq!(naive_host("http://[::1]:80/", 7), Some("::1"));
    }
}
