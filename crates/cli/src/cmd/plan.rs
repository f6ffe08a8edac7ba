//! `uniform plan URL...`: the protocol dialogue each URL prescribes,
//! without connecting.

use crate::bulk::{self, Jobs, Record, Sink};
use crate::caret::Severity;
use crate::cmd::request::{self, RequestOptions, Urls};
use crate::cmd::route::RouteOptions;
use crate::cmd::{self, Run, Status, UrlOptions};
use crate::input::{Bom, Inputs};
use crate::json;
use std::io::{self, Write};
use std::sync::atomic::{AtomicU8, Ordering};
use uniform::ParseOptions;
use uniform::plan::{Approved, Endpoint, Line, PlanError, PlanOptions, Route, Step, Via};
use uniform_access::FetchOptions;

const HELP: &str = "\
Prints the protocol dialogue each URL prescribes (RFC 1738 section 3), one
step a line, without connecting:

  connect HOST:PORT   a connection
  > LINE              a line sent, exactly as on the wire without its CR LF
                      (\\t, \\r, \\n and \\xNN for control octets; passwords as ****
                      unless --show-password, an empty one as nothing;
                      <...> for a value the user is asked for)
  < ...               what is read back: reply codes, or how the object is read
  open PATH           a local file opened
  ? ...               what the user is asked when the plan runs: a password
                      the URL leaves out (the line then shows ****), a search
  # ...               a note: advice to the user, a guess, a choice left to run time

Every plan passes the safety policy first (RFC 1738 section 6): a decoded CR,
LF or NUL that would land on a protocol line, a TAB inside a gopher field, a
port of another well-known service (unless --allow-port), a host that
readers would see differently (#@, escapes or backslashes in the authority,
an unencoded @ in the user name), or a file on another host: each refuses the
URL, exit status 1, with the rule that refused it.

What the URL does not carry comes from the flags, then the environment:
--news-server or NNTPSERVER (news:), --smtp-server or SMTP_SERVER and --from
or EMAIL (mailto:), --email or EMAIL (the anonymous FTP password). A plan that
lacks one is still printed, the missing piece named where it would go, and a
note on standard error says what to set; its exit status is 0.

The request flags are fetch's (-X, -H, -d, --data-binary, --data-raw,
--data-urlencode, -G, -I, -r, -0, --http1.1, -A, -e, -u, -n, -C), with the
same meanings: the plan shows the lines fetch sends with them (-G: the URL
with the data in its query). As with fetch, a flag given twice is no error.

The routing flags are fetch's (-x, --noproxy, --socks5, --socks5-hostname,
-U, --gateway, --resolve, -4, -6), with the <scheme>_proxy, all_proxy and
no_proxy variables (see fetch --help). A URL that goes through a gateway or
an HTTP proxy is planned as fetch sends it: a connection to the proxy, the
whole URL on the request line (RFC 1630), a note naming where the proxy came
from; https through a CONNECT tunnel. The route fetch takes comes first, one
decision a line:

  # route direct                   straight to the servers of the plan
  # route gateway H:P (FROM)       an HTTP gateway (--gateway); also http-proxy,
                                   https-proxy, and tunnel (CONNECT, for https)
  # route socks5h H:P (FROM): names resolved by the proxy
                                   a SOCKS proxy (socks4, socks4a, socks5, socks5h)
  # route resolve H:P -> ADDR (--resolve)   a pinned name
  # route family ipv4 (-4)         one address family only

FROM is the flag or the variable that set the proxy; a proxy's password is
never shown.

--json prints, for each URL, one line: the array of steps, its first a
{\"step\":\"route\",\"route\":{via, host, port, from, tls, resolve, family}}
object; or an object with \"input\" and \"error\" ({rule, message}) when the
URL is refused.";

/// Print the protocol dialogue each URL prescribes, without connecting
#[derive(clap::Args, Debug)]
#[command(after_long_help = HELP)]
// fetch's command line plans as it is: a flag given twice is no error.
#[command(args_override_self = true)]
#[command(mut_arg("urls", |a| a.help("The URLs (with those of --url, each in its place); \"-\" reads one per line from standard input")))]
pub struct Args {
    #[command(flatten)]
    urls: Urls,
    #[command(flatten)]
    options: UrlOptions,
    #[command(flatten)]
    access: AccessOptions,
    /// The request fetch would send with these flags (-X, -H, -d, --data-urlencode, -G, -I, -r, -0, -u)
    #[command(flatten)]
    request: RequestOptions,
    #[command(flatten)]
    route: RouteOptions,
    /// The request fetch -C OFFSET sends: from octet OFFSET on (HTTP Range, FTP REST)
    #[arg(short = 'C', long = "continue-at", value_name = "OFFSET")]
    continue_at: Option<u64>,
    #[command(flatten)]
    jobs: Jobs,
    /// Print one JSON line per URL
    #[arg(long)]
    json: bool,
}

/// What plans need that URLs do not carry.
#[derive(clap::Args, Clone, Debug, Default)]
pub struct AccessOptions {
    /// Mail address for the anonymous FTP password [env: EMAIL]
    #[arg(long, value_name = "ADDRESS")]
    pub email: Option<String>,
    /// Sender of mailto: messages [env: EMAIL]
    #[arg(long, value_name = "ADDRESS")]
    pub from: Option<String>,
    /// News server for news: URLs, HOST[:PORT] [env: NNTPSERVER]
    #[arg(long, value_name = "HOST")]
    pub news_server: Option<String>,
    /// SMTP relay for mailto: URLs, HOST[:PORT] [env: SMTP_SERVER]
    #[arg(long, value_name = "HOST")]
    pub smtp_server: Option<String>,
    /// Allow a URL to name this port although it belongs to another service
    #[arg(long, value_name = "PORT")]
    pub allow_port: Vec<u16>,
    /// The search for a gopher type 7 item whose URL has none
    #[arg(long, value_name = "TEXT")]
    pub query: Option<String>,
}

impl AccessOptions {
    /// The plan options: flags first, then the environment.
    pub fn plan_options(&self) -> PlanOptions {
        let env = |k: &str| std::env::var(k).ok().filter(|v| !v.is_empty());
        let mut o = PlanOptions::default();
        o.email = self.email.clone().or_else(|| env("EMAIL"));
        o.from = self.from.clone().or_else(|| o.email.clone());
        o.news_server = self.news_server.clone().or_else(|| env("NNTPSERVER"));
        o.smtp_server = self.smtp_server.clone().or_else(|| env("SMTP_SERVER"));
        o.allowed_ports = self.allow_port.clone();
        o.query = self.query.clone();
        o
    }
}

impl Run for Args {
    fn run(self) -> io::Result<Status> {
        let mut out = cmd::stdout();
        // Several URLs: fetch keeps each connection for the next URL of its
        // server (no `Connection: close`; FTP's PWD), and so says the plan.
        let several = self.urls.0.len() > 1;
        let mut inputs = Inputs::new(self.urls.0, Bom::Strip, self.options.input);
        let parse = self.options.parse_options();
        let mut options = self.access.plan_options();
        // Read once (an @FILE, standard input): every URL gets the same.
        let request = match self.request.http_request() {
            Ok(r) => r,
            Err(message) => {
                let _ = cmd::say!(io::stderr(), "uniform: {message}");
                return Ok(Status::Usage);
            }
        };
        for w in &request.warnings {
            let _ = cmd::say!(io::stderr(), "uniform: warning: {w}");
        }
        options.http = request.http;
        options.http.keep_alive = several;
        options.resume_from = self.continue_at.filter(|&n| n > 0);
        let mut fetch_options = FetchOptions::default();
        fetch_options.plan = options;
        // The route fetch would take: its gateways, proxies, pins and
        // family, read as fetch reads them.
        if let Err(e) = self.route.apply(&mut fetch_options) {
            let _ = cmd::say!(io::stderr(), "uniform: {e}");
            return Ok(e.status());
        }
        let planner = Planner {
            options: self.options,
            parse,
            fetch_options,
            get_query: request.query,
            ranged: self.request.range.is_some().then(|| self.request.clone()),
            user: self.request.user.is_some().then_some(self.request),
            json: self.json,
            login_exit: AtomicU8::new(0),
        };
        let ok = bulk::run(&planner, &mut inputs, &mut out, self.jobs.count())?;
        out.flush()?;
        Ok(match planner.login_exit.load(Ordering::Relaxed) {
            0 => Status::from_ok(ok && inputs.all_read()),
            code => Status::Exit(code),
        })
    }
}

/// What every URL is planned with.
struct Planner {
    options: UrlOptions,
    parse: ParseOptions,
    fetch_options: FetchOptions,
    /// -G's data, in each URL's query as fetch puts it there.
    get_query: Option<Vec<u8>>,
    /// The flags with -r, which fetch refuses for a scheme that is not
    /// HTTP(S): the plan refuses the same URLs.
    ranged: Option<RequestOptions>,
    /// -u's user, applied to each URL as fetch applies it.
    user: Option<RequestOptions>,
    json: bool,
    /// The status fetch would exit with for a login it cannot make (curl's
    /// 26 for a netrc file it cannot parse); 0 for none.
    login_exit: AtomicU8,
}

impl Record for Planner {
    type State = ();

    fn state(&self) {}

    fn record(&self, _: &mut (), index: u64, input: &[u8], sink: &mut Sink) -> bool {
        let with_query = self
            .get_query
            .as_deref()
            .and_then(|q| request::with_query(input, q, self.parse));
        let input = with_query.as_deref().unwrap_or(input);
        let parsed = match cmd::parse_bytes(self.parse, input, &mut Vec::new()) {
            Ok(u) => u,
            Err(e) => {
                if self.json {
                    let input = masked(&self.options, input);
                    refusal_json(&mut sink.out, &input, "invalid-url", &e.to_string());
                } else {
                    let _ = self.options.draw(&mut sink.err, Severity::Error, &e, input);
                }
                return false;
            }
        };
        let url = parsed.url();
        let mut fetch_options;
        let mut options = &self.fetch_options;
        let with_user = match &self.user {
            Some(r) => {
                fetch_options = self.fetch_options.clone();
                let applied = r.apply_user(&url, &mut fetch_options.plan);
                options = &fetch_options;
                match applied {
                    Ok(u) => u,
                    Err(e) => {
                        let _ = cmd::say!(sink.err, "uniform: {e}");
                        if let Status::Exit(code) = e.status() {
                            self.login_exit.store(code, Ordering::Relaxed);
                        }
                        return false;
                    }
                }
            }
            None => None,
        };
        let url = match &with_user {
            Some(u) => u.as_url_ref(),
            None => url,
        };
        if let Some(Err(message)) = self.ranged.as_ref().map(|r| r.check_scheme(&url)) {
            if self.json {
                let input = masked(&self.options, input);
                refusal_json(&mut sink.out, &input, "unsupported", &message);
            } else {
                let _ = cmd::say!(
                    sink.err,
                    "uniform: {}: {message}",
                    shown(&self.options, input)
                );
            }
            return false;
        }
        // The route fetch takes, judged where fetch's is: one
        // function, so plan and fetch refuse the same URLs alike.
        match uniform_access::route(&url, options) {
            Ok(p) => {
                if self.json {
                    plan_json(&mut sink.out, &p, self.options.show_password);
                } else {
                    // Plans are separated by a blank line.
                    if index > 0 {
                        sink.out.push(b'\n');
                    }
                    let _ = write_route(&mut sink.out, p.route());
                    // The proxy's handshake is no line of the dialogue: a
                    // note says where the connections go.
                    if let Via::Socks { version, proxy } = &p.route().via {
                        let _ = cmd::say!(
                            sink.out,
                            "# every connection through the {version} proxy {}",
                            proxy
                        );
                    }
                    let _ = write_plan(&mut sink.out, &p, self.options.show_password);
                }
                let missing = p.missing();
                if !missing.is_empty() {
                    let what: Vec<String> = missing
                        .iter()
                        .map(|m| format!("the {} ({})", m.what(), m.configure()))
                        .collect();
                    let _ = cmd::say!(
                        sink.err,
                        "uniform: to run this plan, set {}",
                        what.join(" and ")
                    );
                }
                true
            }
            Err(e) => {
                if self.json {
                    let rule = e.rule().map_or("unsupported", |r| r.as_str());
                    let input = masked(&self.options, input);
                    refusal_json(&mut sink.out, &input, rule, e.message());
                } else {
                    let _ = cmd::say!(
                        sink.err,
                        "uniform: {}: {}",
                        shown(&self.options, input),
                        describe(&e)
                    );
                }
                false
            }
        }
    }
}

/// The input with its password masked (DESIGN.md section 2: passwords
/// never appear in messages or `--json` unless asked for).
fn masked(options: &UrlOptions, input: &[u8]) -> Vec<u8> {
    let mut s = input.to_vec();
    if let Some(r) = options.mask(input) {
        s.splice(r, b"****".iter().copied());
    }
    s
}

/// The input as text messages show it: its password masked and its
/// control octets escaped as plan lines are, so that a refused CR LF does
/// not reach the terminal or a log as a line break.
fn shown(options: &UrlOptions, input: &[u8]) -> String {
    let mut out = String::new();
    for &b in &masked(options, input) {
        match b {
            b'\t' => out.push_str("\\t"),
            b'\r' => out.push_str("\\r"),
            b'\n' => out.push_str("\\n"),
            b'\\' => out.push_str("\\\\"),
            0x20..=0x7e => out.push(b as char),
            _ => out.push_str(&format!("\\x{b:02X}")),
        }
    }
    out
}

fn describe(e: &PlanError) -> String {
    e.to_string()
}

fn refusal_json(buf: &mut Vec<u8>, input: &[u8], rule: &str, message: &str) {
    buf.extend_from_slice(b"{\"input\":");
    json::string(buf, &String::from_utf8_lossy(input));
    buf.extend_from_slice(b",\"error\":{\"rule\":");
    json::string(buf, rule);
    buf.extend_from_slice(b",\"message\":");
    json::string(buf, message);
    buf.extend_from_slice(b"}}\n");
}

/// A line as `plan` shows it: secrets masked unless `reveal`.
fn line_text(l: &Line, reveal: bool) -> String {
    if reveal { l.revealed() } else { l.to_string() }
}

/// The route, one `# route` line a decision, as DESIGN.md's `plan`
/// section shows it.
fn write_route(out: &mut dyn Write, r: &Route) -> io::Result<()> {
    for line in r.lines() {
        cmd::say!(*out, "# route {line}")?;
    }
    Ok(())
}

/// The route as the first element of a plan's JSON array: a step of its
/// own, so that the array's other elements stay the steps they were.
fn route_json(buf: &mut Vec<u8>, r: &Route) {
    buf.extend_from_slice(b"{\"step\":\"route\",\"route\":{\"via\":");
    json::string(buf, r.via.name());
    match r.via.proxy() {
        Some(p) => {
            buf.extend_from_slice(b",\"host\":");
            json::string(buf, &p.host);
            buf.extend_from_slice(format!(",\"port\":{},\"from\":", p.port).as_bytes());
            json::string(buf, &p.from);
        }
        None => buf.extend_from_slice(b",\"host\":null,\"port\":null,\"from\":null"),
    }
    buf.extend_from_slice(format!(",\"tls\":{},\"resolve\":[", r.via.tls()).as_bytes());
    for (i, pin) in r.pins.iter().enumerate() {
        if i > 0 {
            buf.push(b',');
        }
        buf.extend_from_slice(b"{\"host\":");
        json::string(buf, &pin.host);
        buf.extend_from_slice(format!(",\"port\":{},\"addrs\":[", pin.port).as_bytes());
        for (j, a) in pin.addrs.iter().enumerate() {
            if j > 0 {
                buf.push(b',');
            }
            json::string(buf, &a.to_string());
        }
        buf.extend_from_slice(b"]}");
    }
    buf.extend_from_slice(b"],\"family\":");
    json::string(buf, r.family.name());
    buf.extend_from_slice(b"}}");
}

/// The plan, one step a line; with `reveal` (--show-password) the
/// passwords the URL carries are shown. A line shows its control octets
/// escaped already (`\xNN`); a step that quotes text of its own (a note,
/// a prompt) is escaped by `say!` as every line is.
fn write_plan(out: &mut dyn Write, p: &Approved, reveal: bool) -> io::Result<()> {
    // Each line as it is, trailing space included: "CWD " with a null
    // argument (RFC 1738 section 3.2.2) is not "CWD".
    for s in p.steps() {
        match &s {
            Step::Send(l) => cmd::say!(*out, "> {}", line_text(l, reveal))?,
            Step::Advise(l) => cmd::say!(*out, "# advise: {}", line_text(l, reveal))?,
            other => cmd::say!(*out, "{other}")?,
        }
    }
    Ok(())
}

/// The plan as a JSON array: its route, then its steps; lines as `plan`
/// shows them (secrets masked unless `reveal`, control octets escaped).
fn plan_json(buf: &mut Vec<u8>, p: &Approved, reveal: bool) {
    buf.push(b'[');
    route_json(buf, p.route());
    for s in p.steps().iter() {
        buf.push(b',');
        match s {
            Step::Connect(Endpoint::Host { host, port }) => {
                buf.extend_from_slice(b"{\"step\":\"connect\",\"host\":");
                json::string(buf, host);
                buf.extend_from_slice(format!(",\"port\":{port}}}").as_bytes());
            }
            Step::Connect(e) => {
                buf.extend_from_slice(b"{\"step\":\"connect\",\"host\":null,\"missing\":");
                json::string(buf, &e.to_string());
                buf.push(b'}');
            }
            Step::Send(l) => {
                buf.extend_from_slice(b"{\"step\":\"send\",\"line\":");
                json::string(buf, &line_text(l, reveal));
                // A part of the line is typed by the user when it runs.
                if l.needs_prompt() {
                    buf.extend_from_slice(b",\"from\":\"prompt\"");
                }
                buf.push(b'}');
            }
            Step::Prompt(what) => {
                buf.extend_from_slice(b"{\"step\":\"prompt\",\"text\":");
                json::string(buf, what);
                buf.push(b'}');
            }
            Step::Expect(codes) => {
                let codes: Vec<String> = codes.iter().map(u16::to_string).collect();
                buf.extend_from_slice(
                    format!("{{\"step\":\"expect\",\"codes\":[{}]}}", codes.join(",")).as_bytes(),
                );
            }
            Step::Read(t) => {
                buf.extend_from_slice(b"{\"step\":\"read\",\"transfer\":");
                json::string(buf, t.as_str());
                buf.push(b'}');
            }
            Step::Advise(l) => {
                buf.extend_from_slice(b"{\"step\":\"advise\",\"text\":");
                json::string(buf, &line_text(l, reveal));
                buf.push(b'}');
            }
            other => {
                // open and note carry their text as plan shows it.
                let text = other.to_string();
                let (kind, rest) = match other {
                    Step::Open(_) => ("open", text.trim_start_matches("open ")),
                    _ => ("note", text.trim_start_matches("# ")),
                };
                buf.extend_from_slice(format!("{{\"step\":\"{kind}\",\"text\":").as_bytes());
                json::string(buf, rest);
                buf.push(b'}');
            }
        }
    }
    buf.extend_from_slice(b"]\n");
}
