//! Access plans: the protocol dialogue a URL prescribes, computed without
//! I/O and checked by the safety policy before it is shown or run.
//!
//! RFC 1738 section 3 gives, scheme by scheme, the algorithm that turns a
//! URL into protocol operations; [`plan`] makes that algorithm a value. Its
//! text form is the `uniform plan` output of DESIGN.md section 3:
//!
//! ```
//! use uniform::{UrlRef, plan::{PlanOptions, plan}};
//!
//! let url = UrlRef::parse("http://info.cern.ch:8000/imaginary/test?x#frag")?;
//! let p = plan(&url, &PlanOptions::default()).unwrap();
//! assert_eq!(p.to_string(), "\
//! connect info.cern.ch:8000
//! > GET /imaginary/test?x HTTP/1.1
//! > Host: info.cern.ch:8000
//! > Connection: close
//! >\x20
//! < HTTP response
//! ");
//! # Ok::<_, uniform::ParseError>(())
//! ```

mod ftp;
mod gopher;
mod news;
mod policy;
mod prospero;
mod simple;
mod step;
mod wais;

pub use ftp::guess_ftp_type;
pub use policy::{BAD_PORTS, PlanError, Rule, is_bad_port};
pub use step::{Endpoint, Line, Missing, Piece, Step, Transfer};

use crate::Scheme;
use crate::schemes::SchemeUrl;
use crate::url::UrlRef;
use std::fmt;

/// What a plan needs that the URL does not carry. Flags first, then the
/// environment variables users know (DESIGN.md section 2); the command
/// line fills this in.
///
/// # Example
///
/// ```
/// use uniform::plan::PlanOptions;
/// let mut o = PlanOptions::default();
/// o.email = Some("me@example.org".into());
/// o.allowed_ports.push(2525);
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct PlanOptions {
    /// The user's mail address: the anonymous FTP password (RFC 1738
    /// section 3.2.1) and the default mail sender.
    pub email: Option<String>,
    /// The mail sender for `mailto:` (overrides `email`).
    pub from: Option<String>,
    /// The news server for `news:` URLs, `host` or `host:port`.
    pub news_server: Option<String>,
    /// The SMTP relay for `mailto:` URLs, `host` or `host:port`.
    pub smtp_server: Option<String>,
    /// The name this client gives in SMTP's EHLO.
    pub client_name: Option<String>,
    /// Ports the user allows although they belong to another service.
    pub allowed_ports: Vec<u16>,
    /// The search for a gopher type 7 item whose URL has none.
    pub query: Option<String>,
}

/// A plan: the steps, in order.
///
/// # Example
///
/// ```
/// use uniform::{UrlRef, plan::{PlanOptions, Step, plan}};
/// let p = plan(&UrlRef::parse("telnet://guest@h/")?, &PlanOptions::default()).unwrap();
/// assert!(matches!(p.steps()[0], Step::Advise(_)));
/// # Ok::<_, uniform::ParseError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Plan {
    scheme: Scheme,
    steps: Vec<Step>,
}

impl Plan {
    pub(crate) fn new(scheme: Scheme) -> Plan {
        Plan {
            scheme,
            steps: Vec::new(),
        }
    }

    /// A plan made of `steps`, for a route no planner here knows: the
    /// request to a gateway or proxy, which the access side chooses. It
    /// has not passed the safety policy: plan the URL with [`plan`] first
    /// and keep its refusal.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::{Scheme, plan::{Endpoint, Line, Plan, Step}};
    /// let p = Plan::from_steps(Scheme::Ftp, vec![
    ///     Step::Connect(Endpoint::Host { host: "gw".into(), port: 8080 }),
    ///     Step::Send(Line::text("GET ftp://h/x HTTP/1.1")),
    /// ]);
    /// assert_eq!(p.to_string(), "connect gw:8080\n> GET ftp://h/x HTTP/1.1\n");
    /// ```
    pub fn from_steps(scheme: Scheme, steps: Vec<Step>) -> Plan {
        Plan { scheme, steps }
    }

    pub(crate) fn push(&mut self, step: Step) -> &mut Plan {
        self.steps.push(step);
        self
    }

    /// Sends `line`; a password it asks for is announced by a prompt step
    /// first, so that the plan tells a password the user types from one
    /// the URL carries, both shown `****` on the line (RFC 1738 section
    /// 3.2.1: the program "should request one from the user").
    pub(crate) fn send(&mut self, line: Line) -> &mut Plan {
        if line.prompts_secret() && !matches!(self.steps.last(), Some(Step::Prompt(_))) {
            self.push(Step::Prompt(
                "password asked of the user: the URL names a user and no password (RFC 1738 section 3.2.1)".into(),
            ));
        }
        self.push(Step::Send(line))
    }

    /// Asks the user for `what`, then sends `line`, which holds the answer.
    pub(crate) fn ask(&mut self, what: impl Into<String>, line: Line) -> &mut Plan {
        self.push(Step::Prompt(what.into())).push(Step::Send(line))
    }

    /// The scheme the plan accesses.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::{Scheme, UrlRef, plan::{PlanOptions, plan}};
    /// let p = plan(&UrlRef::parse("file:///etc/motd")?, &PlanOptions::default()).unwrap();
    /// assert_eq!(p.scheme(), Scheme::File);
    /// # Ok::<_, uniform::ParseError>(())
    /// ```
    pub fn scheme(&self) -> Scheme {
        self.scheme
    }

    /// The steps.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::{UrlRef, plan::{PlanOptions, Step, plan}};
    /// let p = plan(&UrlRef::parse("file:///etc/motd")?, &PlanOptions::default()).unwrap();
    /// assert_eq!(p.steps(), &[Step::Open(b"/etc/motd".to_vec()), Step::Read(uniform::plan::Transfer::File)]);
    /// # Ok::<_, uniform::ParseError>(())
    /// ```
    pub fn steps(&self) -> &[Step] {
        &self.steps
    }

    /// The configuration the plan lacks: empty when it can run.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::{UrlRef, plan::{Missing, PlanOptions, plan}};
    /// let p = plan(&UrlRef::parse("mailto:a@b.example")?, &PlanOptions::default()).unwrap();
    /// assert_eq!(p.missing(), vec![Missing::SmtpServer, Missing::Sender]);
    /// # Ok::<_, uniform::ParseError>(())
    /// ```
    pub fn missing(&self) -> Vec<Missing> {
        let mut out = Vec::new();
        for s in &self.steps {
            let found: Vec<Missing> = match s {
                Step::Connect(Endpoint::Missing { missing, .. }) => vec![*missing],
                Step::Send(l) | Step::Advise(l) => l.missing_pieces().collect(),
                _ => Vec::new(),
            };
            for m in found {
                if !out.contains(&m) {
                    out.push(m);
                }
            }
        }
        out
    }
}

impl fmt::Display for Plan {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Each line as it is, trailing space included: "CWD " with a null
        // argument (RFC 1738 section 3.2.2) is not "CWD".
        for s in &self.steps {
            writeln!(f, "{s}")?;
        }
        Ok(())
    }
}

/// The plan for `url`: its scheme's access algorithm, checked by the
/// safety policy.
///
/// # Errors
///
/// A [`PlanError`] naming the [`Rule`] that refused the URL, or saying
/// that its scheme has no access algorithm.
///
/// # Example
///
/// ```
/// use uniform::{UrlRef, plan::{PlanOptions, Rule, plan}};
///
/// // RFC 1738 section 6: a gopher URL aimed at an SMTP server.
/// let url = UrlRef::parse("gopher://mail.example:25/0HELO%20x")?;
/// let err = plan(&url, &PlanOptions::default()).unwrap_err();
/// assert_eq!(err.rule(), Some(Rule::BadPort));
/// # Ok::<_, uniform::ParseError>(())
/// ```
pub fn plan(url: &UrlRef<'_>, options: &PlanOptions) -> Result<Plan, PlanError> {
    policy::check_url(url, &options.allowed_ports)?;
    let plan = match url.specific() {
        SchemeUrl::Ftp(v) => ftp::plan(&v, options)?,
        SchemeUrl::Gopher(v) => gopher::plan(&v, options)?,
        SchemeUrl::News(v) => news::news(&v, options)?,
        SchemeUrl::Nntp(v) => news::nntp(&v)?,
        SchemeUrl::Wais(v) => wais::plan(&v, options)?,
        SchemeUrl::Prospero(v) => prospero::plan(&v, options)?,
        _ => match_simple(url, options)?,
    };
    policy::check_plan(&plan)?;
    Ok(plan)
}

fn match_simple(url: &UrlRef<'_>, options: &PlanOptions) -> Result<Plan, PlanError> {
    Ok(match url.scheme_kind() {
        Scheme::Http | Scheme::Https => simple::http(url)?,
        Scheme::Telnet | Scheme::Rlogin | Scheme::Tn3270 => simple::telnet(url)?,
        Scheme::File => simple::file(url)?,
        Scheme::Mailto => simple::mailto(url, options)?,
        other => {
            return Err(PlanError::unsupported(format!(
                "no access algorithm for the {} scheme ({})",
                url.scheme().to_ascii_lowercase(),
                other.defined_in()
            )));
        }
    })
}

/// The endpoint of a URL with an authority: its host and port.
pub(crate) fn endpoint(url: &UrlRef<'_>) -> Endpoint {
    Endpoint::Host {
        host: url.hostname().unwrap_or_default().to_string(),
        port: url.port_or_default().unwrap_or(0),
    }
}

/// A `host[:port]` from configuration.
pub(crate) fn configured(server: &str, port: u16) -> Endpoint {
    let (host, port) = match server.rsplit_once(':') {
        Some((h, p)) if !h.contains(':') || h.starts_with('[') => match p.parse() {
            Ok(p) => (h.trim_start_matches('[').trim_end_matches(']'), p),
            Err(_) => (server, port),
        },
        _ => (server, port),
    };
    Endpoint::Host {
        host: host.to_string(),
        port,
    }
}
