//! The safety policy every plan passes before it is shown or run.
//!
//! RFC 1738 section 6: a URL may name a harmless retrieval that is in fact
//! a harmful operation, through "a port number other than that reserved
//! for the network protocol in question", or through "embedded encoded
//! delimiters for a given protocol (for example, CR and LF characters for
//! telnet protocols)" that must "not [be] unencoded before transmission".
//! The rules below answer that section and the advisories DESIGN.md lists.

use super::dialogue::{Dialogue, Plan};
use super::file::FilePlan;
use super::ftp::{FtpAction, FtpPassword, FtpPlan};
use super::gopher::{GopherPlan, GopherSearch};
use super::http::HttpPlan;
use super::nntp::{ArticleRef, NntpCommand, NntpPlan};
use super::options::PlanOptions;
use super::prospero::ProsperoPlan;
use super::refusal::{PlanError, Rule};
use super::route::Route;
use super::smtp::SmtpPlan;
use super::step::{Endpoint, Step};
use super::telnet::TelnetPlan;
use crate::dialect::Dialect;
use crate::prelude::*;
use crate::scheme::Scheme;
use crate::schemes::file::FilePathErrorKind;
use crate::url::{Url, UrlRef};
use core::fmt;
use core::ops::Deref;

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
        // RFC 3986 section 3.2.2 lets a reg-name hold escapes (of UTF-8,
        // for IDNs); the wire takes the decoded name in its UTS 46 ASCII
        // form, which holds no '%', '/', '@' or ':' (the URL deny list),
        // so a decoded separator can never reach it. Other dialects have
        // no escape in a host.
        let decodes_clean = url.dialect() == Dialect::Rfc3986
            && !url.host_is_ip_literal()
            && matches!(url.host_ascii(), Ok(Some(_)));
        if host.contains('%') && !decodes_clean {
            let why = if url.dialect() == Dialect::Rfc3986 {
                "it decodes to no host name UTS 46 takes, and a decoded '/', '@' or ':' would change which host is meant"
            } else {
                "this dialect has no escape in a host, and a decoded '/' or '@' would change which host is meant"
            };
            return Err(PlanError::refused(
                Rule::AuthorityConfusion,
                format!("an escape in the host {host:?}: {why}"),
            ));
        }
        if !url.host_is_ip_literal()
            && crate::idn::needs_idna(host.as_bytes(), url.dialect())
            && let Err(e) = url.host_ascii()
        {
            return Err(PlanError::refused(
                Rule::BadIdna,
                format!("the host {host:?} has no ASCII form to connect to: {e}"),
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
    if let Some(port) = url.port() {
        check_port(port)?;
    } else if let Some(digits) = url.port_str().filter(|p| !p.is_empty()) {
        // A number past 65535 parses (RFC 3986's port is *DIGIT) but has
        // no u16: planning it would fall back to the default port.
        return Err(PlanError::refused(
            Rule::BadPort,
            format!("port {digits} is no TCP port (RFC 9293 section 3.1: 0 to 65535)"),
        ));
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

/// A plan the policy has judged: the only kind an executor runs, and the
/// only kind `uniform plan` shows. Made by [`judge`] alone.
///
/// It owns the URL planned, as its dialect parsed it, and the [`Route`]
/// its connections take: the executors read both and decide nothing
/// again.
///
/// # Example
///
/// ```
/// use uniform::{UrlRef, plan::{Dialogue, PlanOptions, plan}};
/// let approved = plan(&UrlRef::parse("ftp://h/x.txt")?, &PlanOptions::default()).unwrap();
/// assert!(matches!(approved.dialogue(), Dialogue::Ftp(_)));
/// assert_eq!(approved.url().as_str(), "ftp://h/x.txt");
/// assert!(approved.route().is_direct());
/// # Ok::<_, uniform::ParseError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Approved {
    plan: Plan,
    url: Url,
    route: Route,
}

impl Approved {
    /// The plan itself.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::{Scheme, UrlRef, plan::{PlanOptions, plan}};
    /// let p = plan(&UrlRef::parse("file:///x")?, &PlanOptions::default()).unwrap().into_plan();
    /// assert_eq!(p.scheme(), Scheme::File);
    /// # Ok::<_, uniform::ParseError>(())
    /// ```
    pub fn into_plan(self) -> Plan {
        self.plan
    }

    /// The URL planned, parsed once, by the dialect that read it: what
    /// the executors take its parts from (no second parse).
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::{Dialect, ParseOptions, plan::{PlanOptions, plan}};
    /// let url = ParseOptions::new().dialect(Dialect::Whatwg).parse("http://h/a")?;
    /// let p = plan(&url, &PlanOptions::default()).unwrap();
    /// assert_eq!(p.url().as_url_ref().dialect(), Dialect::Whatwg);
    /// assert_eq!(p.url().as_str(), url.as_str());
    /// # Ok::<_, uniform::ParseError>(())
    /// ```
    pub fn url(&self) -> &Url {
        &self.url
    }

    /// The route the plan's connections take, judged with the plan.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::{UrlRef, plan::{PlanOptions, Route, plan}};
    /// let p = plan(&UrlRef::parse("gopher://h/")?, &PlanOptions::default()).unwrap();
    /// assert_eq!(p.route(), &Route::default());
    /// # Ok::<_, uniform::ParseError>(())
    /// ```
    pub fn route(&self) -> &Route {
        &self.route
    }

    /// The same approved HTTP request with `GET` for its `HEAD`: the
    /// second try of a server that refuses or mishandles HEAD. The URL,
    /// the route, the fields and the body are those judged; the method
    /// judged was a token and `GET` is one, so nothing the policy checks
    /// changes and nothing is judged again. `None` for another dialogue
    /// or another method.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::{UrlRef, plan::{Dialogue, PlanOptions, plan}};
    /// let mut o = PlanOptions::default();
    /// o.http.head_only = true;
    /// let head = plan(&UrlRef::parse("http://h/a")?, &o).unwrap();
    /// let get = head.as_get().unwrap();
    /// let Dialogue::Http(h) = get.dialogue() else { unreachable!() };
    /// assert_eq!(h.head.method, "GET");
    /// assert_eq!(get.route(), head.route());
    /// assert!(get.as_get().is_none());
    /// # Ok::<_, uniform::ParseError>(())
    /// ```
    pub fn as_get(&self) -> Option<Approved> {
        let Dialogue::Http(http) = self.plan.dialogue() else {
            return None;
        };
        if http.head.method != "HEAD" {
            return None;
        }
        let mut http = http.clone();
        http.head.method = "GET".into();
        Some(Approved {
            plan: Plan::new(&self.url.as_url_ref(), Dialogue::Http(http)),
            url: self.url.clone(),
            route: self.route.clone(),
        })
    }
}

impl Deref for Approved {
    type Target = Plan;

    fn deref(&self) -> &Plan {
        &self.plan
    }
}

impl fmt::Display for Approved {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // The steps alone, as before: the route is shown by whoever
        // prints it (`uniform plan`'s `# route` lines), and `uniform
        // links --dump` keeps the dialogue's text.
        self.plan.fmt(f)
    }
}

/// Judges `plan`, made for `url` (directly, or as a route through a
/// gateway), by every rule, in one place: `uniform plan` and `uniform
/// fetch` both come here, so they refuse exactly the same URLs with the
/// same message. The [`Route`] its connections take is judged with it
/// and carried by the [`Approved`] plan.
///
/// # Errors
///
/// A [`PlanError`] naming the [`Rule`] that refuses the plan.
///
/// # Example
///
/// ```
/// use uniform::{UrlRef, plan::{PlanOptions, Route, Rule, judge, unjudged}};
/// let url = UrlRef::parse("ftp://h/a%0D%0ADELE%20x")?;
/// let p = unjudged(&url, &PlanOptions::default()).unwrap();
/// let e = judge(&url, p, Route::default(), &PlanOptions::default()).unwrap_err();
/// assert_eq!(e.rule(), Some(Rule::LineBreakInjection));
/// # Ok::<_, uniform::ParseError>(())
/// ```
pub fn judge(
    url: &UrlRef<'_>,
    plan: Plan,
    route: Route,
    options: &PlanOptions,
) -> Result<Approved, PlanError> {
    check_url(url, &options.allowed_ports)?;
    match plan.dialogue() {
        Dialogue::Ftp(p) => ftp(p)?,
        Dialogue::Gopher(p) => gopher(p)?,
        Dialogue::Nntp(p) => nntp(p)?,
        Dialogue::Smtp(p) => smtp(p)?,
        Dialogue::Telnet(p) => telnet(p)?,
        Dialogue::File(p) => file(p)?,
        Dialogue::Prospero(p) => prospero(p)?,
        Dialogue::Http(p) => http(p)?,
        Dialogue::Wais(_) => {}
    }
    // Whatever the protocol: no line carries a CR, LF or NUL, and every
    // connection goes to a host name or an address.
    for step in plan.steps() {
        match &step {
            Step::Send(line) | Step::Advise(line) => {
                let bytes: Vec<u8> = line.known_bytes().collect();
                check_field(&bytes, &format!("line {:?}", line.to_string()))?;
            }
            Step::Connect(Endpoint::Host { host, port }) => {
                check_host(host)?;
                check_port(*port)?;
            }
            _ => {}
        }
    }
    // Nothing of the route is refused: the proxies were checked when
    // they were configured, and a gateway's connection is a step judged
    // above. Only a judged plan carries one.
    Ok(Approved {
        plan,
        url: url.to_url(),
        route,
    })
}

/// Port 0 names no service: TCP refuses it, and an operating system may
/// read it as "any port", so no connection goes to it, whatever names it
/// (the URL, a configured server, a gateway).
fn check_port(port: u16) -> Result<(), PlanError> {
    if port == 0 {
        return Err(PlanError::refused(
            Rule::BadPort,
            "port 0 names no service: no connection is made to it".to_string(),
        ));
    }
    Ok(())
}

fn ftp(p: &FtpPlan) -> Result<(), PlanError> {
    check_field(&p.user, "user name")?;
    match &p.password {
        FtpPassword::Given(pw) => check_field(pw, "password")?,
        FtpPassword::Anonymous(mail) => {
            check_field(mail, "anonymous password (the mail address)")?;
        }
        FtpPassword::Prompted => {}
    }
    for seg in &p.cwd {
        check_field(seg, "cwd segment")?;
    }
    match &p.action {
        FtpAction::Retr { name, .. } | FtpAction::Nlst(Some(name)) | FtpAction::Head { name } => {
            check_field(name, "file name")?;
        }
        FtpAction::Nlst(None) | FtpAction::List => {}
    }
    Ok(())
}

/// The method and the field names of an HTTP request are tokens (RFC
/// 9110 section 5.6.2): a space or a colon there would make the request
/// line or a field say something else. The values are lines, judged for
/// CR, LF and NUL with every other line.
fn http(p: &HttpPlan) -> Result<(), PlanError> {
    let heads = core::iter::once(&p.head).chain(p.tunnel.as_ref().map(|t| &t.head));
    for head in heads {
        check_token(&head.method, "method")?;
        for h in &head.headers {
            check_token(&h.name, "header field name")?;
        }
    }
    Ok(())
}

fn check_token(t: &str, what: &str) -> Result<(), PlanError> {
    let tchar = |b: u8| b.is_ascii_alphanumeric() || b"!#$%&'*+-.^_`|~".contains(&b);
    match t.bytes().position(|b| !tchar(b)) {
        _ if t.is_empty() => Err(PlanError::refused(
            Rule::FieldGrammar,
            format!("the HTTP {what} is empty (RFC 9110 section 5.6.2: a token)"),
        )),
        Some(p) => Err(PlanError::refused(
            Rule::FieldGrammar,
            format!(
                "the HTTP {what} {t:?} holds {} at octet {p}, which is no token character (RFC 9110 section 5.6.2)",
                shown(t.as_bytes()[p])
            ),
        )),
        None => Ok(()),
    }
}

/// Refuses a TAB inside a field whose ends the TAB marks on the wire.
fn no_tab(field: &[u8], what: &str) -> Result<(), PlanError> {
    match field.iter().position(|&b| b == b'\t') {
        Some(p) => Err(PlanError::refused(
            Rule::GopherTab,
            format!(
                "the {what} decodes to a TAB at octet {p}: TAB separates the fields of a gopher request"
            ),
        )),
        None => Ok(()),
    }
}

fn gopher(p: &GopherPlan) -> Result<(), PlanError> {
    check_field(&p.selector, "gopher selector")?;
    no_tab(&p.selector, "gopher selector")?;
    if let GopherSearch::Given(s) = &p.search {
        check_field(s, "gopher search")?;
        no_tab(s, "gopher search")?;
    }
    if let Some(plus) = &p.plus {
        check_field(plus, "Gopher+ string")?;
        // Only the ASK form's data flag "\t1" may hold a TAB.
        let flagless = if p.form.is_empty() {
            &plus[..]
        } else {
            &plus[..plus.len().saturating_sub(2)]
        };
        no_tab(flagless, "Gopher+ string")?;
    }
    for line in &p.form {
        check_field(line, "Gopher+ form line")?;
    }
    Ok(())
}

fn nntp(p: &NntpPlan) -> Result<(), PlanError> {
    for c in &p.commands {
        match c {
            NntpCommand::Group(g) => {
                check_field(g, "newsgroup name")?;
                check_group(g)?;
            }
            NntpCommand::Article(ArticleRef::Number(a)) => {
                check_field(a, "article number")?;
                check_article(a)?;
            }
            NntpCommand::Article(ArticleRef::MessageId(id)) => {
                check_field(id, "message-id")?;
                check_message_id(id)?;
            }
            _ => {}
        }
    }
    Ok(())
}

fn check_group(group: &[u8]) -> Result<(), PlanError> {
    let bad = match group.first() {
        None => Some("it is empty".to_string()),
        Some(b) if !b.is_ascii_alphabetic() => {
            Some(format!("it starts with {}, not a letter", shown(*b)))
        }
        _ => group
            .iter()
            .position(|&b| !(b.is_ascii_alphanumeric() || b"-.+_".contains(&b)))
            .map(|p| {
                format!(
                    "{} at octet {p} is not a letter, digit, '-', '.', '+' or '_'",
                    shown(group[p])
                )
            }),
    };
    match bad {
        Some(why) => Err(PlanError::refused(
            Rule::FieldGrammar,
            format!("the newsgroup name is outside rule group (RFC 1738 section 5): {why}"),
        )),
        None => Ok(()),
    }
}

fn check_article(article: &[u8]) -> Result<(), PlanError> {
    if article.is_empty() || !article.iter().all(u8::is_ascii_digit) {
        return Err(PlanError::refused(
            Rule::FieldGrammar,
            format!(
                "the article {:?} is outside rule article (RFC 1738 sections 3.7 and 5): an article number is decimal digits",
                String::from_utf8_lossy(article)
            ),
        ));
    }
    Ok(())
}

fn check_message_id(id: &[u8]) -> Result<(), PlanError> {
    let why = if id.starts_with(b"<") || id.ends_with(b">") {
        "it is written in angle brackets; RFC 1738 section 3.6 writes a message-id without the enclosing \"<\" and \">\", which ARTICLE adds"
    } else if id
        .iter()
        .any(|&b| b == b' ' || b == b'\t' || b == b'<' || b == b'>')
    {
        "it holds a space, TAB or angle bracket, which would end the ARTICLE argument (RFC 3977 section 3.6)"
    } else {
        return Ok(());
    };
    Err(PlanError::refused(
        Rule::FieldGrammar,
        format!("the message-id is outside rule messageid: {why}"),
    ))
}

fn shown(b: u8) -> String {
    if b.is_ascii_graphic() {
        format!("'{}'", b as char)
    } else {
        format!("octet {b:#04X}")
    }
}

fn smtp(p: &SmtpPlan) -> Result<(), PlanError> {
    check_field(&p.recipient, "mail address")?;
    check_mailbox(&p.recipient, "recipient")?;
    if let Some(sender) = &p.sender {
        check_field(sender, "sender address")?;
        check_mailbox(sender, "sender")?;
    }
    if let Some(m) = &p.message {
        // A body line may end with CR LF or LF; a CR elsewhere, or a NUL,
        // would reach DATA as a line break or a cut the relay reads its
        // own way (RFC 5321 section 2.3.8).
        let body = &m.body;
        for (i, &b) in body.iter().enumerate() {
            let at_line_end = b == b'\r' && body.get(i + 1) == Some(&b'\n');
            if (b == b'\r' && !at_line_end) || b == 0 {
                let what = if b == 0 { "a NUL" } else { "a bare CR" };
                return Err(PlanError::refused(
                    if b == 0 {
                        Rule::NulInjection
                    } else {
                        Rule::LineBreakInjection
                    },
                    format!(
                        "the message body holds {what} at octet {i}: SMTP carries lines ended by CR LF"
                    ),
                ));
            }
            // The other controls have no place in a text message (RFC
            // 5322 section 2.3 keeps them only "for compatibility"), and
            // an ESC or a BEL acts on the terminal of whoever reads it.
            // TAB and FF (the page breaks of old texts, RFCs included)
            // are text.
            if (b < 0x20 && !matches!(b, b'\t' | b'\n' | b'\r' | 0x0c)) || b == 0x7f {
                return Err(PlanError::refused(
                    Rule::FieldGrammar,
                    format!(
                        "the message body holds the control character 0x{b:02X} at octet {i}: only TAB, form feed and line ends may appear in a text message"
                    ),
                ));
            }
        }
    }
    Ok(())
}

/// RFC 5321 section 4.1.2's Mailbox: `Local-part "@" ( Domain /
/// address-literal )`, the local part a dot-string or a quoted string;
/// octets above 127 are allowed as RFC 6531 allows them. Anything else
/// would put more on the MAIL or RCPT line than the address (a `>` and
/// ` SIZE=1` are parameters).
fn check_mailbox(address: &[u8], which: &str) -> Result<(), PlanError> {
    let refuse = |at: usize, why: &str| {
        Err(PlanError::refused(
            Rule::FieldGrammar,
            format!(
                "the {which} {:?} is not a mailbox (rule Mailbox, RFC 5321 section 4.1.2): {why} at octet {at}",
                String::from_utf8_lossy(address)
            ),
        ))
    };
    let atext =
        |b: u8| b.is_ascii_alphanumeric() || b"!#$%&'*+-/=?^_`{|}~".contains(&b) || b >= 0x80;
    let mut i = 0;
    if address.first() == Some(&b'"') {
        i = 1;
        loop {
            match address.get(i) {
                None => return refuse(i, "the quoted local part is not closed"),
                Some(b'"') => break,
                Some(b'\\') if address.get(i + 1).is_some_and(|b| (32..127).contains(b)) => i += 2,
                Some(&b) if (32..127).contains(&b) && b != b'\\' || b >= 0x80 => i += 1,
                Some(_) => return refuse(i, "an octet a quoted string cannot hold"),
            }
        }
        i += 1;
    } else {
        let start = i;
        while let Some(&b) = address.get(i) {
            if b == b'@' {
                break;
            }
            let empty_atom = b == b'.' && (i == start || address[i - 1] == b'.');
            if !(atext(b) || b == b'.') || empty_atom {
                return refuse(i, "an octet outside a dot-string");
            }
            i += 1;
        }
        if i == start || address[i - 1] == b'.' {
            return refuse(i, "an empty or dot-ended local part");
        }
    }
    if address.get(i) != Some(&b'@') {
        return refuse(i, "no '@' after the local part");
    }
    let domain = &address[i + 1..];
    let at = i + 1;
    if let Some(literal) = domain.strip_prefix(b"[") {
        let ok = literal.strip_suffix(b"]").is_some_and(|l| {
            !l.is_empty()
                && l.iter()
                    .all(|&b| (33..127).contains(&b) && !b"[]\\".contains(&b))
        });
        return if ok {
            Ok(())
        } else {
            refuse(at, "a bad address literal")
        };
    }
    if domain.is_empty() {
        return refuse(at, "an empty domain");
    }
    for (k, label) in domain.split(|&b| b == b'.').enumerate() {
        let ok = !label.is_empty()
            && label
                .iter()
                .all(|&b| b.is_ascii_alphanumeric() || b == b'-' || b >= 0x80)
            && !label.starts_with(b"-")
            && !label.ends_with(b"-");
        if !ok {
            let offset = at
                + domain
                    .split(|&b| b == b'.')
                    .take(k)
                    .map(|l| l.len() + 1)
                    .sum::<usize>();
            let bad = label
                .iter()
                .position(|&b| !(b.is_ascii_alphanumeric() || b == b'-' || b >= 0x80))
                .unwrap_or(0);
            return refuse(offset + bad, "a domain label is letters, digits and '-'");
        }
    }
    Ok(())
}

fn telnet(p: &TelnetPlan) -> Result<(), PlanError> {
    if let Some(user) = &p.user {
        check_field(user, "advisory user name")?;
    }
    Ok(())
}

fn file(p: &FilePlan) -> Result<(), PlanError> {
    let host = &p.host;
    if !(host.is_empty() || host.eq_ignore_ascii_case("localhost")) {
        return Err(PlanError::refused(
            Rule::RemoteFile,
            format!(
                "the file is on host {host:?}, not on this machine (only \"\" and \"localhost\" are local)"
            ),
        ));
    }
    if p.path.contains(&0) {
        return Err(PlanError::refused(
            Rule::NulInjection,
            "the file path decodes to a NUL",
        ));
    }
    match p.local_name() {
        Ok(()) => Ok(()),
        Err(e) if e.kind() == FilePathErrorKind::EncodedSeparator => Err(PlanError::refused(
            Rule::FieldGrammar,
            format!(
                "no local file name: {e}: a decoded '/' would join segments the URL keeps apart (../ out of the directory it names)"
            ),
        )),
        Err(e) => Err(PlanError::unsupported(format!("no local file name: {e}"))),
    }
}

fn prospero(p: &ProsperoPlan) -> Result<(), PlanError> {
    check_field(&p.hsoname, "hsoname")?;
    check_field(&p.version, "object version")?;
    Ok(())
}

/// A host a connection may go to: a name of letters, digits and the
/// characters RFC 3986 allows in a reg-name, or an IP address. A host
/// that holds a bracket, an `@` or a space is what is left of an authority
/// a reader split elsewhere (`http://[::1%25@evil.com]/` read leniently).
fn check_host(host: &str) -> Result<(), PlanError> {
    if host.parse::<core::net::IpAddr>().is_ok() {
        return Ok(());
    }
    let ok = |c: char| c.is_ascii_alphanumeric() || "-._~!$&'()*+,;=".contains(c) || !c.is_ascii();
    match host.char_indices().find(|&(_, c)| !ok(c)) {
        None => Ok(()),
        Some((at, c)) => Err(PlanError::refused(
            Rule::AuthorityConfusion,
            format!(
                "the host {host:?} is not a host name or address: {:?} at octet {at} (rule host, RFC 3986 section 3.2.2)",
                c
            ),
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mail(body: &[u8]) -> Result<Approved, PlanError> {
        let url = UrlRef::parse("mailto:a@b.example").unwrap();
        let o = PlanOptions {
            email: Some("me@c.example".into()),
            message: Some(crate::plan::options::Message::new(None, body.to_vec())),
            ..PlanOptions::default()
        };
        crate::plan::plan(&url, &o)
    }

    #[test]
    fn mail_bodies_are_text_lines() {
        assert!(mail(b"one\r\ntwo\n\tthree\x0cfour\n.five\n").is_ok());
        for (body, rule) in [
            (&b"a\rb"[..], Rule::LineBreakInjection),
            (b"a\0b", Rule::NulInjection),
            (b"a\x1b[2Jb", Rule::FieldGrammar),
            (b"bell\x07", Rule::FieldGrammar),
            (b"del\x7f", Rule::FieldGrammar),
        ] {
            let e = mail(body).unwrap_err();
            assert_eq!(e.rule(), Some(rule), "{body:?}: {e}");
        }
    }

    fn http(request: crate::plan::HttpRequest) -> Result<Approved, PlanError> {
        let url = UrlRef::parse("http://h.example/p").unwrap();
        let o = PlanOptions {
            http: request,
            ..PlanOptions::default()
        };
        crate::plan::plan(&url, &o)
    }

    #[test]
    fn user_header_fields_and_methods_cannot_break_the_request() {
        use crate::plan::HttpRequest;
        let ok = HttpRequest::default().with_header("X-Ok", Some("a b\tc"));
        assert!(http(ok).is_ok());
        for (value, rule) in [
            ("a\r\nX-Injected: 1", Rule::LineBreakInjection),
            ("a\nb", Rule::LineBreakInjection),
            ("a\rb", Rule::LineBreakInjection),
            ("a\0b", Rule::NulInjection),
        ] {
            let e = http(HttpRequest::default().with_header("X-A", Some(value))).unwrap_err();
            assert_eq!(e.rule(), Some(rule), "{value:?}: {e}");
        }
        for name in ["X A", "X:A", "", "X\r\nB", "Ä"] {
            let e = http(HttpRequest::default().with_header(name, Some("v"))).unwrap_err();
            assert_eq!(e.rule(), Some(Rule::FieldGrammar), "{name:?}: {e}");
        }
        for method in ["GET /x HTTP/1.0\r\n", "GE T", "", "P\0ST"] {
            let r = HttpRequest {
                method: Some(method.into()),
                ..HttpRequest::default()
            };
            let e = http(r).unwrap_err();
            assert_eq!(e.rule(), Some(Rule::FieldGrammar), "{method:?}: {e}");
        }
        let r = HttpRequest {
            method: Some("PROPFIND".into()),
            ..HttpRequest::default()
        };
        assert!(http(r).is_ok());
    }

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
