//! The planners of the schemes whose access is one request: http, telnet
//! (rlogin, tn3270), file and mailto.

use super::policy::{self, PlanError, Rule, decoded};
use super::{Endpoint, Line, Missing, Plan, PlanOptions, Step, Transfer, configured, endpoint};
use crate::pct::{self, EncodeSet};
use crate::url::UrlRef;

/// HTTP (RFC 1738 section 3.3; RFC 1630, HTTP): a GET of the path and the
/// search part, never the fragment; the host in a Host header.
pub(super) fn http(url: &UrlRef<'_>) -> Result<Plan, PlanError> {
    let mut target = String::from(url.path_with_slash());
    if target.is_empty() {
        target.push('/');
    }
    if let Some(q) = url.query() {
        target.push('?');
        target.push_str(q);
    }
    let target = pct::encode(target.as_bytes(), &EncodeSet::REQUEST_TARGET);
    let host = url.host().unwrap_or_default();
    let mut host_header = host.to_string();
    if let Some(p) = url.port().filter(|&p| Some(p) != url.default_port()) {
        host_header.push_str(&format!(":{p}"));
    }
    let mut plan = Plan::new(url.scheme_kind());
    plan.push(Step::Connect(endpoint(url)));
    if url.scheme_kind() == crate::Scheme::Https {
        plan.push(Step::Note("TLS handshake, server name checked".into()));
    }
    plan.send(Line::text(format!("GET {target} HTTP/1.1")))
        .send(Line::text(format!("Host: {host_header}")))
        .send(Line::text("Connection: close"))
        .send(Line::default())
        .push(Step::Read(Transfer::HttpResponse));
    Ok(plan)
}

/// Telnet, rlogin, tn3270 (RFC 1738 section 3.8; RFC 1630): "clients
/// accessing a telnet URL merely advise the user of the suggested username
/// and password": shown first, never sent.
pub(super) fn telnet(url: &UrlRef<'_>) -> Result<Plan, PlanError> {
    let mut plan = Plan::new(url.scheme_kind());
    if let Some(user) = url.user() {
        let user = decoded(user);
        policy::check_field(&user, "advisory user name")?;
        let mut line = Line::text("log in as \"").and(&user).and("\"");
        if let Some(pw) = url.password() {
            line = line.and(" with password ").secret(decoded(pw));
        }
        plan.push(Step::Advise(line));
    }
    plan.push(Step::Connect(endpoint(url)))
        .push(Step::Read(Transfer::Interactive));
    Ok(plan)
}

/// File (RFC 1738 section 3.10): "localhost" or the empty host is this
/// machine; any other host names a file this machine cannot open.
pub(super) fn file(url: &UrlRef<'_>) -> Result<Plan, PlanError> {
    let host = url.host().unwrap_or_default();
    if !(host.is_empty() || host.eq_ignore_ascii_case("localhost")) {
        return Err(PlanError::refused(
            Rule::RemoteFile,
            format!(
                "the file is on host {host:?}, not on this machine (only \"\" and \"localhost\" are local)"
            ),
        ));
    }
    let mut path = decoded(url.path_with_slash());
    if path.is_empty() {
        path.push(b'/');
    }
    if path.contains(&0) {
        return Err(PlanError::refused(
            Rule::NulInjection,
            "the file path decodes to a NUL",
        ));
    }
    let mut plan = Plan::new(url.scheme_kind());
    plan.push(Step::Open(path)).push(Step::Read(Transfer::File));
    Ok(plan)
}

/// Mailto (RFC 1738 section 3.5) over SMTP (RFC 5321): the relay and the
/// sender come from configuration, the recipient from the URL.
pub(super) fn mailto(url: &UrlRef<'_>, o: &PlanOptions) -> Result<Plan, PlanError> {
    let address = url
        .mailto()
        .map(|m| m.address().decode().into_owned())
        .unwrap_or_default();
    if address.is_empty() {
        return Err(PlanError::unsupported(
            "a mailto URL with no address names no recipient",
        ));
    }
    policy::check_field(&address, "mail address")?;
    let relay = match &o.smtp_server {
        Some(s) => configured(s, 25),
        None => Endpoint::Missing {
            missing: Missing::SmtpServer,
            port: 25,
        },
    };
    let sender = o.from.as_ref().or(o.email.as_ref());
    let from = match sender {
        Some(s) => Line::text("MAIL FROM:<").and(s).and(">"),
        None => Line::text("MAIL FROM:<").missing(Missing::Sender).and(">"),
    };
    let client = o.client_name.as_deref().unwrap_or("localhost");
    let mut plan = Plan::new(url.scheme_kind());
    plan.push(Step::Connect(relay))
        .push(Step::Expect(vec![220]))
        .send(Line::text(format!("EHLO {client}")))
        .push(Step::Expect(vec![250]))
        .send(from)
        .push(Step::Expect(vec![250]))
        .send(Line::text("RCPT TO:<").and(&address).and(">"))
        .push(Step::Expect(vec![250, 251]))
        .send(Line::text("DATA"))
        .push(Step::Expect(vec![354]))
        .push(Step::Note(
            "the message, dot-stuffed, then a line \".\"".into(),
        ))
        .push(Step::Expect(vec![250]))
        .send(Line::text("QUIT"))
        .push(Step::Expect(vec![221]));
    Ok(plan)
}
