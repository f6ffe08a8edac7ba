//! Telnet, rlogin and tn3270 (RFC 1738 section 3.8, RFC 1630): an
//! interactive session. The URL's user name and password are advice to
//! the user, not protocol lines.

use super::step::{Endpoint, Line, Step, Transfer};
use crate::pct;
use crate::prelude::*;
use crate::scheme::Protocol;
use crate::url::UrlRef;

/// An interactive session and the login advice the URL carries.
///
/// # Example
///
/// ```
/// use uniform::{UrlRef, plan::{Dialogue, PlanOptions, plan}};
/// let p = plan(&UrlRef::parse("telnet://guest:pw@h/")?, &PlanOptions::default()).unwrap();
/// let Dialogue::Telnet(t) = p.dialogue() else { unreachable!() };
/// assert_eq!(t.user.as_deref(), Some(&b"guest"[..]));
/// assert_eq!(t.advice().unwrap().to_string(), "log in as \"guest\" with password ****");
/// # Ok::<_, uniform::ParseError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct TelnetPlan {
    /// The server.
    pub endpoint: Endpoint,
    /// The decoded user name to log in as, if the URL names one.
    pub user: Option<Vec<u8>>,
    /// The decoded password, if the URL gives one.
    pub password: Option<Vec<u8>>,
    /// The session's protocol: telnet, rlogin or tn3270 (the scheme's).
    pub protocol: Protocol,
}

impl TelnetPlan {
    /// What the user is told before the session: the user name and
    /// password to log in with (the password a secret).
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::{UrlRef, plan::{Dialogue, PlanOptions, plan}};
    /// let p = plan(&UrlRef::parse("telnet://h/")?, &PlanOptions::default()).unwrap();
    /// let Dialogue::Telnet(t) = p.dialogue() else { unreachable!() };
    /// assert!(t.advice().is_none());
    /// # Ok::<_, uniform::ParseError>(())
    /// ```
    pub fn advice(&self) -> Option<Line> {
        let user = self.user.as_ref()?;
        let mut line = Line::text("log in as \"").and(user).and("\"");
        if let Some(pw) = &self.password {
            line = line.and(" with password ").secret(pw);
        }
        Some(line)
    }

    pub(crate) fn render(&self, out: &mut Vec<Step>) {
        if let Some(advice) = self.advice() {
            out.push(Step::Advise(advice));
        }
        out.push(Step::Connect(self.endpoint.clone()));
        out.push(Step::Read(Transfer::Interactive));
    }
}

pub(super) fn plan(url: &UrlRef<'_>, protocol: Protocol) -> TelnetPlan {
    let decoded = |raw: &str| pct::decode(raw.as_bytes()).into_owned();
    TelnetPlan {
        endpoint: Endpoint::of(url),
        user: url.user().map(decoded),
        password: url.user().and(url.password()).map(decoded),
        protocol,
    }
}
