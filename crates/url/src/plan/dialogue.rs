//! A plan: the typed dialogue of one protocol, and its steps as
//! `uniform plan` shows them.

use super::file::FilePlan;
use super::ftp::FtpPlan;
use super::gopher::GopherPlan;
use super::http::HttpPlan;
use super::nntp::NntpPlan;
use super::prospero::ProsperoPlan;
use super::smtp::SmtpPlan;
use super::step::{Endpoint, Missing, Step};
use super::telnet::TelnetPlan;
use super::wais::WaisPlan;
use crate::dialect::Dialect;
use crate::options::ParseOptions;
use crate::prelude::*;
use crate::scheme::{Protocol, Scheme};
use crate::url::UrlRef;
use core::fmt;

/// The dialogue of one protocol, as data: what the executor of that
/// protocol runs, and nothing else.
///
/// # Example
///
/// ```
/// use uniform::{UrlRef, plan::{Dialogue, PlanOptions, plan}};
/// let p = plan(&UrlRef::parse("gopher://h/0/x")?, &PlanOptions::default()).unwrap();
/// assert!(matches!(p.dialogue(), Dialogue::Gopher(_)));
/// # Ok::<_, uniform::ParseError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Dialogue {
    /// FTP commands.
    Ftp(FtpPlan),
    /// An HTTP request head (direct, or through a gateway).
    Http(HttpPlan),
    /// A gopher request.
    Gopher(GopherPlan),
    /// NNTP commands.
    Nntp(NntpPlan),
    /// An SMTP envelope and message.
    Smtp(SmtpPlan),
    /// An interactive session.
    Telnet(TelnetPlan),
    /// Z39.50 requests.
    Wais(WaisPlan),
    /// A local file.
    File(FilePlan),
    /// A Prospero request.
    Prospero(ProsperoPlan),
}

impl Dialogue {
    /// The protocol the dialogue speaks on the wire, which chooses its
    /// executor: the scheme's own, or HTTP when the route hands the URL to
    /// a gateway or an HTTP proxy.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::{Protocol, UrlRef, plan::{PlanOptions, plan}};
    /// let p = plan(&UrlRef::parse("rlogin://h/")?, &PlanOptions::default()).unwrap();
    /// assert_eq!(p.dialogue().protocol(), Protocol::Rlogin);
    /// # Ok::<_, uniform::ParseError>(())
    /// ```
    pub fn protocol(&self) -> Protocol {
        match self {
            Dialogue::Ftp(_) => Protocol::Ftp,
            Dialogue::Http(_) => Protocol::Http,
            Dialogue::Gopher(_) => Protocol::Gopher,
            Dialogue::Nntp(_) => Protocol::Nntp,
            Dialogue::Smtp(_) => Protocol::Smtp,
            Dialogue::Telnet(t) => t.protocol,
            Dialogue::Wais(_) => Protocol::Wais,
            Dialogue::File(_) => Protocol::File,
            Dialogue::Prospero(_) => Protocol::Prospero,
        }
    }
}

/// A plan: the scheme it accesses and its dialogue.
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
    url: String,
    dialect: Dialect,
    dialogue: Dialogue,
}

impl Plan {
    /// A plan of `url` that runs `dialogue`: the access side makes one
    /// this way for a route through a gateway. It runs only once the
    /// policy has judged it ([`crate::plan::judge`]).
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::{UrlRef, plan::{Dialogue, Plan, PlanOptions, plan}};
    /// let url = UrlRef::parse("http://h/")?;
    /// let direct = plan(&url, &PlanOptions::default()).unwrap();
    /// let again = Plan::new(&url, direct.dialogue().clone());
    /// assert_eq!(again.to_string(), direct.to_string());
    /// # Ok::<_, uniform::ParseError>(())
    /// ```
    pub fn new(url: &UrlRef<'_>, dialogue: Dialogue) -> Plan {
        Plan {
            scheme: url.scheme_kind(),
            url: url.as_str().to_string(),
            dialect: url.dialect(),
            dialogue,
        }
    }

    /// The URL planned, as written: the base of the URLs a listing gives
    /// and of a redirect's reference.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::{UrlRef, plan::{PlanOptions, plan}};
    /// let p = plan(&UrlRef::parse("gopher://h/1/")?, &PlanOptions::default()).unwrap();
    /// assert_eq!(p.into_plan().url(), "gopher://h/1/");
    /// # Ok::<_, uniform::ParseError>(())
    /// ```
    pub fn url(&self) -> &str {
        &self.url
    }

    /// The URL planned, read again by the dialect it was read by: for
    /// what the executors write besides the dialogue (the URLs of a
    /// listing's entries, the base of a redirect).
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::{UrlRef, plan::{PlanOptions, plan}};
    /// let p = plan(&UrlRef::parse("ftp://h/pub/")?, &PlanOptions::default()).unwrap();
    /// assert_eq!(p.url_ref().and_then(|u| u.ftp()).map(|f| f.cwd().count()), Some(1));
    /// # Ok::<_, uniform::ParseError>(())
    /// ```
    pub fn url_ref(&self) -> Option<UrlRef<'_>> {
        ParseOptions::new()
            .dialect(self.dialect)
            .parse(&self.url)
            .ok()
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

    /// The dialogue.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::{UrlRef, plan::{Dialogue, PlanOptions, plan}};
    /// let p = plan(&UrlRef::parse("nntp://h/g")?, &PlanOptions::default()).unwrap();
    /// assert!(matches!(p.dialogue(), Dialogue::Nntp(_)));
    /// # Ok::<_, uniform::ParseError>(())
    /// ```
    pub fn dialogue(&self) -> &Dialogue {
        &self.dialogue
    }

    /// The steps, as `uniform plan` shows them (DESIGN.md section 3): the
    /// dialogue rendered, one step a line.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::{UrlRef, plan::{PlanOptions, Step, Transfer, plan}};
    /// let p = plan(&UrlRef::parse("file:///etc/motd")?, &PlanOptions::default()).unwrap();
    /// assert_eq!(p.steps(), [Step::Open(b"/etc/motd".to_vec()), Step::Read(Transfer::File)]);
    /// # Ok::<_, uniform::ParseError>(())
    /// ```
    pub fn steps(&self) -> Vec<Step> {
        let mut out = Vec::new();
        match &self.dialogue {
            Dialogue::Ftp(p) => p.render(&mut out),
            Dialogue::Http(p) => p.render(&mut out),
            Dialogue::Gopher(p) => p.render(&mut out),
            Dialogue::Nntp(p) => p.render(&mut out),
            Dialogue::Smtp(p) => p.render(&mut out),
            Dialogue::Telnet(p) => p.render(&mut out),
            Dialogue::Wais(p) => p.render(&mut out),
            Dialogue::File(p) => p.render(&mut out),
            Dialogue::Prospero(p) => p.render(&mut out),
        }
        out
    }

    /// Where the plan connects first; `None` for a local file, and for a
    /// WAIS document only a gateway can reach.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::{UrlRef, plan::{Endpoint, PlanOptions, plan}};
    /// let p = plan(&UrlRef::parse("gopher://h:7070/0x")?, &PlanOptions::default()).unwrap();
    /// assert_eq!(p.endpoint(), Some(&Endpoint::Host { host: "h".into(), port: 7070 }));
    /// # Ok::<_, uniform::ParseError>(())
    /// ```
    pub fn endpoint(&self) -> Option<&Endpoint> {
        match &self.dialogue {
            Dialogue::Ftp(p) => Some(&p.endpoint),
            Dialogue::Http(p) => Some(&p.endpoint),
            Dialogue::Gopher(p) => Some(&p.endpoint),
            Dialogue::Nntp(p) => Some(&p.server),
            Dialogue::Smtp(p) => Some(&p.relay),
            Dialogue::Telnet(p) => Some(&p.endpoint),
            Dialogue::Wais(p) => p.unreachable.is_none().then_some(&p.endpoint),
            Dialogue::Prospero(p) => Some(&p.endpoint),
            Dialogue::File(_) => None,
        }
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
        for s in self.steps() {
            let found: Vec<Missing> = match &s {
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
        for s in self.steps() {
            writeln!(f, "{s}")?;
        }
        Ok(())
    }
}
