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
//! > User-Agent: uniform/0.1.0
//! > Accept: */*
//! > Connection: close
//! >\x20
//! < HTTP response
//! ");
//! # Ok::<_, uniform::ParseError>(())
//! ```

mod base64;
mod dialogue;
mod file;
mod ftp;
mod gopher;
mod http;
mod make;
mod nntp;
mod options;
mod policy;
mod prospero;
mod refusal;
mod route;
mod smtp;
mod step;
mod telnet;
mod wais;

pub use dialogue::{Dialogue, Plan};
pub use file::FilePlan;
pub use ftp::{FtpAction, FtpCommand, FtpPassword, FtpPlan, FtpType, guess_ftp_type};
pub use gopher::{GopherPlan, GopherSearch};
pub use http::{
    Header, HttpPlan, RequestHead, Tunnel, USER_AGENT, basic_authorization, host_field, origin_form,
};
pub use nntp::{ArticleRef, NntpCommand, NntpPlan};
pub use options::{HttpRequest, HttpVersion, Message, PlanOptions};
pub use policy::{Approved, BAD_PORTS, is_bad_port, judge};
pub use prospero::ProsperoPlan;
pub use refusal::{PlanError, Rule};
pub use route::{Family, Pin, Proxy, Route, SocksVersion, Via};
pub use smtp::{SmtpCommand, SmtpPlan};
pub use step::{Endpoint, Line, Missing, Piece, Step, Transfer};
pub use telnet::TelnetPlan;
pub use wais::{Records, WaisPlan, Z3950Request};

use crate::url::UrlRef;

/// The plan for `url`: its scheme's access algorithm, judged by the
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
pub fn plan(url: &UrlRef<'_>, options: &PlanOptions) -> Result<Approved, PlanError> {
    // The URL's own refusals first: a plan of a URL aimed at another
    // service is not worth making.
    policy::check_url(url, &options.allowed_ports)?;
    judge(url, make::build(url, options)?, Route::default(), options)
}

/// The plan for `url` before the policy has judged it: for a route that
/// the access side builds on it (a gateway), which is then judged whole.
///
/// # Errors
///
/// A [`PlanError`] when the scheme has no access algorithm or the URL
/// cannot be planned.
///
/// # Example
///
/// ```
/// use uniform::{UrlRef, plan::{PlanOptions, unjudged}};
/// // Unjudged: the port of another service is not refused here.
/// let url = UrlRef::parse("gopher://mail.example:25/0x")?;
/// assert!(unjudged(&url, &PlanOptions::default()).is_ok());
/// # Ok::<_, uniform::ParseError>(())
/// ```
pub fn unjudged(url: &UrlRef<'_>, options: &PlanOptions) -> Result<Plan, PlanError> {
    make::build(url, options)
}
