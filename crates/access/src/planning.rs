//! The plan `fetch` runs for a URL, and `uniform plan` shows: the
//! scheme's own plan, or the request to the gateway or proxy that serves
//! the URL, judged whole by the policy ([`uniform::plan::judge`]), the one
//! place where a URL is refused; with the route its connections take
//! ([`uniform::plan::Route`]), decided here once and read by the
//! executors.

use crate::error::{AccessError, AccessErrorKind};
use crate::options::FetchOptions;
use crate::proxy::{Gateway, SocksProxy};
use crate::smtp::message;
use std::time::SystemTime;
use uniform::UrlRef;
use uniform::plan::{
    self, Approved, Dialogue, Family, HttpRequest, Plan, PlanError, PlanOptions, Route, Via,
};

/// The plan that fetch runs for `url`, on the route it takes: through the
/// gateway or proxy configured for the URL's scheme (`--gateway`,
/// `<scheme>_proxy`), else directly. A plan that lacks configuration (a
/// news server, a relay) is still made, with the missing pieces named:
/// [`require_config`] says what is missing before it runs.
///
/// # Errors
///
/// [`AccessErrorKind::Refused`] when the safety policy refuses the URL on
/// any route, [`AccessErrorKind::Unsupported`] when its scheme has no
/// access algorithm and no gateway serves it.
///
/// # Example
///
/// ```
/// use uniform::UrlRef;
/// use uniform::plan::Missing;
/// use uniform_access::{FetchOptions, plan_for};
/// let url = UrlRef::parse("news:comp.lang.rust")?;
/// let p = plan_for(&url, &FetchOptions::default()).unwrap();
/// assert_eq!(p.missing(), vec![Missing::NewsServer]);
/// # Ok::<_, uniform::ParseError>(())
/// ```
pub fn plan_for(url: &UrlRef<'_>, opts: &FetchOptions) -> Result<Approved, AccessError> {
    route(url, opts).map_err(|e| {
        let kind = match e.rule() {
            Some(rule) => AccessErrorKind::Refused(rule),
            None => AccessErrorKind::Unsupported,
        };
        AccessError::new(kind, url.scheme(), url.hostname(), e.to_string())
    })
}

/// [`plan_for`], its refusal as the policy gives it: what `uniform plan`
/// prints.
///
/// # Errors
///
/// The [`PlanError`] of the policy, or of a scheme without access.
///
/// # Example
///
/// ```
/// use uniform::UrlRef;
/// use uniform::plan::Rule;
/// use uniform_access::{FetchOptions, route};
/// let url = UrlRef::parse("gopher://h:25/0x")?;
/// assert_eq!(route(&url, &FetchOptions::default()).unwrap_err().rule(), Some(Rule::BadPort));
/// let mut o = FetchOptions::default();
/// o.proxies.socks_spec("socks5h://127.0.0.1:1080")?;
/// let p = route(&UrlRef::parse("gopher://h/")?, &o).unwrap();
/// assert_eq!(p.route().via.name(), "socks5h");
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
pub fn route(url: &UrlRef<'_>, opts: &FetchOptions) -> Result<Approved, PlanError> {
    let options = plan_options(opts);
    let direct = plan::unjudged(url, &options);
    let decided = decide(url, opts);
    let Some(gateway) = opts.proxies.for_url(url) else {
        return plan::judge(url, direct?, decided, &options);
    };
    // A refusal of the URL's own plan stands whatever the route. A scheme
    // Uniform cannot reach itself, or a news: URL with no news server,
    // is what a gateway is for (RFC 1738 section 4: "gateway locators for
    // indirect access").
    let direct = match direct {
        Ok(p) => Some(plan::judge(url, p, Route::default(), &options)?),
        Err(e) if e.rule().is_some() => return Err(e),
        Err(_) => None,
    };
    let routed = with_request(url, gateway.plan(url, direct.as_deref()), &options.http);
    plan::judge(url, routed, decided, &options)
}

/// The route of an access to `url`, decided from the configuration: the
/// gateway, proxy or SOCKS proxy that `opts.proxies` gives it, and the
/// `--resolve` pins and family, which a SOCKS proxy's connections do not
/// use (the proxy reaches the names by its own rules).
fn decide(url: &UrlRef<'_>, opts: &FetchOptions) -> Route {
    let via = opts.proxies.via(url);
    if matches!(via, Via::Socks { .. }) {
        return Route {
            via,
            pins: Vec::new(),
            family: Family::Any,
        };
    }
    Route {
        via,
        pins: opts.resolve.route_pins(),
        family: opts.resolve.route_family(),
    }
}

/// A gateway's request with the user's method, fields and body, as the
/// direct plan has them (inside a tunnel, the direct request is sent
/// whole already).
fn with_request(url: &UrlRef<'_>, routed: Plan, request: &HttpRequest) -> Plan {
    match routed.dialogue() {
        Dialogue::Http(p) if p.tunnel.is_none() && *request != HttpRequest::default() => {
            let mut p = p.clone();
            p.body = p.head.apply(request);
            Plan::new(url, Dialogue::Http(p))
        }
        _ => routed,
    }
}

/// The plan options of `opts`, with what only the time of sending says:
/// a message's Date and Message-ID.
fn plan_options(opts: &FetchOptions) -> PlanOptions {
    let mut o = opts.plan.clone();
    if let Some(m) = &opts.message {
        o.message = Some(m.clone());
    }
    if o.message.is_some() {
        let now = SystemTime::now();
        let from = o
            .from
            .as_ref()
            .or(o.email.as_ref())
            .cloned()
            .unwrap_or_default();
        o.date.get_or_insert_with(|| message::date(now));
        o.message_id
            .get_or_insert_with(|| message::message_id(&from, now));
    }
    o
}

/// The configuration a plan lacks, as one error naming every piece: one
/// fix, not one run per piece.
///
/// # Errors
///
/// [`AccessErrorKind::Config`] naming the first missing piece.
///
/// # Example
///
/// ```
/// use uniform::UrlRef;
/// use uniform_access::{AccessErrorKind, FetchOptions, plan_for, require_config};
/// let url = UrlRef::parse("news:comp.lang.rust")?;
/// let p = plan_for(&url, &FetchOptions::default()).unwrap();
/// assert!(matches!(require_config(&p).unwrap_err().kind(), AccessErrorKind::Config(_)));
/// # Ok::<_, uniform::ParseError>(())
/// ```
pub fn require_config(plan: &Approved) -> Result<(), AccessError> {
    let missing = plan.missing();
    let Some(&m) = missing.first() else {
        return Ok(());
    };
    let what: Vec<String> = missing
        .iter()
        .map(|m| format!("the {} ({})", m.what(), m.configure()))
        .collect();
    let none: Vec<String> = missing.iter().map(|m| format!("no {}", m.what())).collect();
    let url = plan.url().as_url_ref();
    Err(AccessError::new(
        AccessErrorKind::Config(m),
        url.scheme(),
        url.hostname(),
        format!(
            "{} configured: set {}",
            none.join(" and "),
            what.join(" and ")
        ),
    ))
}

/// The configured SOCKS proxy that `route` goes through, with its login
/// (which the route does not record); `None` when it goes through none.
///
/// # Errors
///
/// [`AccessErrorKind::Unsupported`] when `opts` does not have the proxy
/// the route names (a plan run with other options than it was made
/// with): never a direct connection in its place.
pub(crate) fn socks_of<'o>(
    url: &UrlRef<'_>,
    route: &Route,
    opts: &'o FetchOptions,
) -> Result<Option<&'o SocksProxy>, AccessError> {
    let Via::Socks { proxy, .. } = &route.via else {
        return Ok(None);
    };
    match opts.proxies.socks_of(&route.via) {
        Some(s) => Ok(Some(s)),
        None => Err(AccessError::new(
            AccessErrorKind::Unsupported,
            url.scheme(),
            url.hostname(),
            format!(
                "the plan's route goes through the SOCKS proxy {proxy}, which these options do not configure"
            ),
        )),
    }
}

/// The configured gateway or HTTP proxy that `route` goes through, with
/// its login and TLS settings; `None` when it goes through none.
///
/// # Errors
///
/// [`AccessErrorKind::Unsupported`] when `opts` does not have the proxy
/// the route names: never a direct connection in its place.
pub(crate) fn gateway_of<'o>(
    url: &UrlRef<'_>,
    route: &Route,
    opts: &'o FetchOptions,
) -> Result<Option<&'o Gateway>, AccessError> {
    let Some(proxy) = route.via.proxy() else {
        return Ok(None);
    };
    if matches!(route.via, Via::Socks { .. }) {
        return Ok(None);
    }
    match opts.proxies.gateway_of(&route.via) {
        Some(g) => Ok(Some(g)),
        None => Err(AccessError::new(
            AccessErrorKind::Unsupported,
            url.scheme(),
            url.hostname(),
            format!(
                "the plan's route goes through the proxy {proxy}, which these options do not configure"
            ),
        )),
    }
}
