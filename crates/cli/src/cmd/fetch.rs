//! `uniform fetch URL [-o FILE]`: retrieve what a URL names over the
//! scheme's own protocol.

use crate::caret::Severity;
use crate::cmd::plan::AccessOptions;
use crate::cmd::request::{self, RequestOptions, Urls};
use crate::cmd::route::RouteOptions;
use crate::cmd::{self, Run, Status, UrlOptions};
use crate::password::Secrets;
use crate::write_out::{self, Transfer};
use crate::{json, password};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::ffi::OsString;
use std::fs::{File, OpenOptions};
use std::io::{self, BufRead, IsTerminal, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use uniform::visible::escaped;
use uniform::{Scheme, UrlRef};
use uniform_access::output::AtomicFile;
use uniform_access::{
    AccessError, AccessErrorKind, Exchange, FetchOptions, Fetched, HeadOutput, HttpResponses,
    Interaction, Listing, Message, Retry, Session, Trace, Tracer,
};

const HELP: &str = "\
Retrieves what each URL names with its scheme's own protocol (RFC 1738
section 3): FTP, HTTP and HTTPS, Gopher, NNTP (news:, nntp:), SMTP (mailto:),
telnet, WAIS (Z39.50), Prospero (ARDP), file. The URLs are fetched in
order, each tried whatever became of the one before. An object goes to
standard output, or with -o FILE (one for each URL, in order; -O: the
URL's last path segment) to a temporary file beside FILE that takes FILE's
name only once the transfer is complete (none is left after a failure). A
FILE that exists and is not a regular file (/dev/null, a pipe) is written
directly.

curl's options keep curl's names and meanings: -X, -H, -d, --data-binary,
--data-raw, --data-urlencode, -G, -I, -i, -r, -0, --http1.1, -L, -f,
--fail-with-body, -s, -S, --no-progress-meter, -#, -u, -n, --netrc-file, -w,
-o, -O, --output-dir, --create-dirs, -v, --retry, --cacert, -k, -4, -6,
--resolve, --url. As with curl, a flag given twice is no error (the last
value wins; -H, -d, -o and the other repeatable ones add up), an HTTP
redirect is followed only with -L, and an HTTP status of 400 or more is a
response like any other (its body the output) unless -f makes it a
failure (--fail-with-body: a failure, its body written). A header field or
method that would break the request line (CR, LF, NUL, a name that is no
token) is refused before any byte is sent.

The data flags (-d, --data-binary, --data-raw, --data-urlencode) are joined
by '&' in the order given; -G sends them in the URL's query instead (after
'?', or '&' when the URL has a query), with a GET, and the URL so made is
the one planned, shown and sent. -r RANGE asks an HTTP server for those
octets (Range: bytes=RANGE); a server that ignores it sends the whole
object, which is written whole, as curl does. -r is refused for FTP and the
other schemes. -0 sends HTTP/1.0 requests. -4 and -6 connect to addresses
of one family only; --resolve HOST:PORT:ADDR sends the connections to HOST
on PORT to ADDR, the Host field and the TLS name still HOST (neither
applies through a SOCKS proxy, which resolves names its own way).

Directories, gopher menus, news groups and lists of groups print as
listings, one entry a line (kind, size, name, URL); --json prints them as one
JSON object, and a failure as {\"input\", \"error\": {kind, rule, scheme, host,
message, reply}}; with -o FILE, an object is summed up as {\"input\", \"bytes\",
\"output\"}, and a mailto: message as {\"input\", \"sent\": true}. Passwords never
appear in any of them.

Before anything is sent, the URL's plan passes the safety policy (see
`uniform plan --help`); with -L, HTTP redirects are followed only to http
or https (never to file:, never from https to http), each target checked
the same way, and credentials go only to the host, port and scheme the URL
names.

Time: --connect-timeout bounds each connection, --timeout each wait for
data (the first octet of a reply included), --max-time the whole access.
A peer must keep to the low-speed limit: at least --speed-limit octets a
second over every --speed-time seconds, or it is cut off, a silent peer
included; --speed-limit 0 turns that off. When either option is given, as
with curl, the limit holds from the moment a reply is awaited. Unlike
curl's, the limit is also on by default (100 octets a second over 30
seconds), from a reply's first octet on, so that a peer that trickles one
octet a second is cut off after 30 seconds while a server may still think
for up to --timeout before it answers. It counts the data of every protocol
(HTTP bodies, directly and through gateways; FTP's data and control
connections; Gopher; NNTP; SMTP's replies; WAIS). An HTTP response head read
directly must come whole within --timeout plus --speed-time (--speed-time
when either option is given). Telnet sessions are interactive and have no
low-speed limit.

A Prospero request, its ARDP retries and the server's wait packets
included, ends within twice --timeout, and the whole resolution (forwards
included) within four times --timeout; --max-time bounds everything when
it is sooner.

Size: a reply line (FTP, SMTP, NNTP, gopher menus, HTTP header fields) may
hold 64 KiB, a multi-line reply 256 KiB, an HTTP response head 64 KiB, a
listing (a gopher menu, a list of groups, an FTP directory) 8 MiB and
100 000 entries, a WAIS APDU 8 MiB, a Prospero message 4 MiB; objects
stream to the output and take no more memory however long they are. Past
a limit the access fails, naming the limit and the peer.

A gopher text item (type 0) ends with RFC 1436's \".\" line; gophernicus
and pygopherd, the servers most run, end it by closing the connection
instead. A text that ends at a clean close is kept as the whole text, with
one warning; --gopher-strict refuses it (exit 18, nothing kept). A reset
connection or a limit is an error either way.

A URL with a user name and no password asks for the password on the
terminal, without echo, or reads it from the first line of standard input
with --password-stdin. HTTP URLs may carry a user name and password (RFC 1738
section 3.3 forbids it, so --strict refuses them): they are sent as Basic
credentials.

Proxies and gateways: --gateway SCHEME=URL sends every URL of SCHEME through
the HTTP server at URL, the whole URL on its request line (RFC 1630); https
goes through a CONNECT tunnel. A gateway also reaches what Uniform cannot
reach itself (a scheme with no access algorithm, news: with no news server
configured); the safety policy applies all the same. From the environment: <scheme>_proxy
(http_proxy, https_proxy, ftp_proxy, gopher_proxy, wais_proxy, news_proxy),
then all_proxy, in lower case first, then upper case (never HTTP_PROXY, which
a CGI request can set: \"httpoxy\"); no_proxy lists the hosts that bypass
them (host, .domain, *, 10.0.0.0/8, host:port).

Exit status: 0 success; 1 a failed access (the message names the scheme,
the host and the server's reply) or an invalid URL; 2 a usage error; and
curl's codes where curl has one: 6 the host has no address; 7 no
connection; 18 the object was cut short (an HTTP body shorter than its
Content-Length, a gopher text or an NNTP article without its \".\" line,
fewer octets than FTP's SIZE, an FTP transfer the server ends with 426 or
451 instead of 226); 22 an HTTP status of 400 or more under -f or
--fail-with-body; 23 no file name in the URL for -O, or an --output-dir
that is not there (without --create-dirs); 26 a netrc file that cannot be
parsed (the message names the file and the line); 28 a time limit
(--connect-timeout, --timeout, --max-time, or slower than --speed-limit);
33 a server that cannot give the rest asked for by -C; 35 a TLS handshake
that failed other than by a certificate; 49 a --resolve entry that cannot
be read; 56 a reply line, header block, listing or record over its size
limit, or a proxy that refused the CONNECT tunnel; 60 a certificate that
does not check; 77 a CA file with no certificate; 78 an FTP file that
does not exist (-I); 97 a SOCKS proxy that refused; 130 on SIGINT and 143
on SIGTERM, which remove the temporary file of -o FILE first. With several
URLs, the status is the last failure's.";

/// Retrieve what URLs name (directories, menus and groups as listings)
#[derive(clap::Args, Debug)]
#[command(after_long_help = HELP)]
// As curl: a flag given twice is no error (-s -s, -sSfL -s), the last
// value of a flag with one wins, and repeatable ones (-H, -d, -o) add up.
#[command(args_override_self = true)]
#[command(mut_arg("urls", |a| a.help("The URLs, fetched in order (with those of --url, each in its place); one without a scheme is guessed as curl does (ftp. hosts: ftp, else http)")))]
pub struct Args {
    #[command(flatten)]
    urls: Urls,
    #[command(flatten)]
    options: UrlOptions,
    #[command(flatten)]
    access: AccessOptions,
    #[command(flatten)]
    request: RequestOptions,
    #[command(flatten)]
    route: RouteOptions,
    /// Write the object to FILE ("-" for standard output); one for each URL, in order
    #[arg(short = 'o', long = "output", value_name = "FILE")]
    output: Vec<PathBuf>,
    /// Write the object to a file named as the URL's last path segment, in the current directory (or --output-dir); one for each URL after those of -o
    #[arg(short = 'O', long = "remote-name", action = clap::ArgAction::Count)]
    remote_name: u8,
    /// As -O, for every URL without -o
    #[arg(long = "remote-name-all")]
    remote_name_all: bool,
    /// Put the response head before the object (HTTP)
    #[arg(short = 'i', long = "include")]
    include: bool,
    /// Write each HTTP response head to FILE ("-": standard output), the redirects' too; for FTP, the server's replies
    #[arg(short = 'D', long = "dump-header", value_name = "FILE")]
    dump_header: Option<PathBuf>,
    /// Make the directories of an -o FILE (and --output-dir) that do not exist yet
    #[arg(long = "create-dirs")]
    create_dirs: bool,
    /// Write the files of -o and -O in DIR (DIR/FILE, as curl, an absolute FILE too; not -o -)
    #[arg(long = "output-dir", value_name = "DIR")]
    output_dir: Option<PathBuf>,
    /// Follow redirects (HTTP), up to --max-redirects, each target judged by the safety policy
    #[arg(short = 'L', long = "location")]
    location: bool,
    /// Fail on an HTTP status of 400 or more: no output, exit 22
    #[arg(short = 'f', long = "fail", conflicts_with = "fail_with_body")]
    fail: bool,
    /// As -f, exit 22 on an HTTP status of 400 or more, but with the response's body written
    #[arg(long = "fail-with-body")]
    fail_with_body: bool,
    /// No progress bar, no warnings, no error message (see -S)
    #[arg(short = 's', long = "silent")]
    silent: bool,
    /// No progress bar; warnings and errors as without it
    #[arg(long = "no-progress-meter")]
    no_progress_meter: bool,
    /// The progress bar, drawn in '#' (as without it, only when standard error is a terminal)
    #[arg(short = '#', long = "progress-bar")]
    progress_bar: bool,
    /// With -s, still print the error message of a failure
    #[arg(short = 'S', long = "show-error")]
    show_error: bool,
    /// Show every line sent (> ) and received (< ) and each connection (* ), on standard error, passwords hidden
    #[arg(short = 'v', long = "verbose")]
    verbose: bool,
    /// Try a transfer that failed for a passing reason (a time limit; HTTP 408, 429, 500, 502, 503, 504; an FTP 4xx reply) up to N more times, waiting 1 s, then twice as long each time
    #[arg(long, value_name = "N", default_value_t = 0)]
    retry: u32,
    /// Wait SECONDS between tries instead of the doubling wait
    #[arg(long, value_name = "SECONDS", value_parser = seconds)]
    retry_delay: Option<Duration>,
    /// Stop retrying once SECONDS have passed since the first try
    #[arg(long, value_name = "SECONDS", value_parser = seconds)]
    retry_max_time: Option<Duration>,
    /// Also retry when the connection is refused
    #[arg(long)]
    retry_connrefused: bool,
    /// Retry whatever the failure
    #[arg(long)]
    retry_all_errors: bool,
    /// Resume: fetch from OFFSET on ("-": from the size of the -o file, appended to it); HTTP Range, FTP REST
    #[arg(
        short = 'C',
        long = "continue-at",
        value_name = "OFFSET",
        allow_hyphen_values = true
    )]
    continue_at: Option<String>,
    /// Trust the certificates of this PEM file for HTTPS, instead of the Mozilla roots
    #[arg(long, value_name = "FILE")]
    cacert: Option<PathBuf>,
    /// HTTPS without checking the server's certificate (encrypted, but to whoever answers)
    #[arg(short = 'k', long)]
    insecure: bool,
    /// Trust the certificates of this PEM file for an https:// proxy, instead of the Mozilla roots
    #[arg(long, value_name = "FILE")]
    proxy_cacert: Option<PathBuf>,
    /// An https:// proxy without checking its certificate (-k is for the server only)
    #[arg(long)]
    proxy_insecure: bool,
    /// After each transfer, print FORMAT with curl's variables (%{response_code}, %{size_download}, %{time_total}, %{url_effective}, ...); @FILE reads it from a file
    #[arg(short = 'w', long = "write-out", value_name = "FORMAT")]
    write_out: Option<String>,
    /// Print listings and errors as JSON
    #[arg(long)]
    json: bool,
    /// Read the password for the URL's user from the first line of standard input
    #[arg(long)]
    password_stdin: bool,
    /// Subject of a mailto: message
    #[arg(long, value_name = "TEXT")]
    subject: Option<String>,
    /// Body of a mailto: message (default: standard input)
    #[arg(long, value_name = "TEXT")]
    body: Option<String>,
    /// Seconds to wait for a connection [default: 30]
    #[arg(long, value_name = "SECONDS", value_parser = seconds)]
    connect_timeout: Option<Duration>,
    /// Seconds to wait for data once connected [default: 60]
    #[arg(long, value_name = "SECONDS", value_parser = seconds)]
    timeout: Option<Duration>,
    /// Seconds the whole access may take [default: no limit]
    #[arg(short = 'm', long, value_name = "SECONDS", value_parser = seconds)]
    max_time: Option<Duration>,
    /// Cut off a peer slower than BYTES a second over --speed-time (0: no limit) [default: 100]
    #[arg(long, value_name = "BYTES")]
    speed_limit: Option<u64>,
    /// Seconds over which --speed-limit is measured [default: 30]
    #[arg(long, value_name = "SECONDS", value_parser = seconds)]
    speed_time: Option<Duration>,
    /// Refuse a gopher text item that ends when the server closes, without RFC 1436's "." line
    #[arg(long, overrides_with = "gopher_text_to_close")]
    gopher_strict: bool,
    /// Accept a gopher text item that ends when the server closes (the default; overrides gopher-strict from the configuration)
    #[arg(long, overrides_with = "gopher_strict")]
    gopher_text_to_close: bool,
    /// How many HTTP redirects -L follows [default: 10]
    #[arg(long, alias = "max-redirs", value_name = "N")]
    max_redirects: Option<u32>,
    /// Fetch a file: URL of another host by anonymous FTP, as libwww did
    #[arg(long)]
    file_via_ftp: bool,
    /// No progress bar, no warnings, no advice
    #[arg(short, long)]
    quiet: bool,
    /// -G's data for every URL's query, read once by `run`.
    #[arg(skip)]
    get_query: Option<Vec<u8>>,
}

/// A positive number of seconds.
fn seconds(s: &str) -> Result<Duration, String> {
    let v: f64 = s
        .trim()
        .parse()
        .map_err(|_| format!("{s:?} is not a number of seconds"))?;
    if v.is_nan() || v <= 0.0 {
        return Err(format!("{s:?}: the limit must be more than 0 seconds"));
    }
    Duration::try_from_secs_f64(v).map_err(|e| format!("{s:?}: {e}"))
}

/// Where the object goes.
enum Output {
    Stdout(io::BufWriter<io::StdoutLock<'static>>),
    /// A regular file, renamed into place once complete.
    Atomic(AtomicFile),
    /// Something that is not a regular file (/dev/null, a pipe): it cannot
    /// be renamed over, and a partial write to it is the reader's to judge.
    Direct(io::BufWriter<File>),
}

impl Output {
    /// The output at `path` (standard output for none or `-`); `append`:
    /// after what the file holds (curl's `-C`), written in place, since
    /// its start is kept whatever becomes of the transfer.
    fn open(path: Option<&Path>, append: bool) -> io::Result<Output> {
        let path = match path {
            None => return Ok(Output::Stdout(cmd::stdout())),
            Some(p) if p.as_os_str() == "-" => return Ok(Output::Stdout(cmd::stdout())),
            Some(p) => p,
        };
        if append {
            let f = OpenOptions::new().append(true).open(path)?;
            return Ok(Output::Direct(io::BufWriter::with_capacity(
                uniform_access::output::BUFFER,
                f,
            )));
        }
        match std::fs::metadata(path) {
            Ok(m) if m.is_dir() => Err(io::Error::new(
                io::ErrorKind::IsADirectory,
                "it is a directory",
            )),
            Ok(m) if !m.is_file() => {
                let f = OpenOptions::new().write(true).open(path)?;
                Ok(Output::Direct(io::BufWriter::with_capacity(
                    uniform_access::output::BUFFER,
                    f,
                )))
            }
            _ => AtomicFile::create(path).map(Output::Atomic),
        }
    }

    fn finish(self) -> io::Result<()> {
        match self {
            Output::Stdout(mut w) => w.flush(),
            Output::Atomic(f) => f.commit(),
            Output::Direct(mut w) => w.flush(),
        }
    }

    /// Whether the object goes to standard output.
    fn is_stdout(&self) -> bool {
        matches!(self, Output::Stdout(_))
    }
}

impl Write for Output {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        match self {
            Output::Stdout(w) => w.write(buf),
            Output::Atomic(f) => f.write(buf),
            Output::Direct(w) => w.write(buf),
        }
    }

    fn write_all(&mut self, buf: &[u8]) -> io::Result<()> {
        match self {
            Output::Stdout(w) => w.write_all(buf),
            Output::Atomic(f) => f.write_all(buf),
            Output::Direct(w) => w.write_all(buf),
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        match self {
            Output::Stdout(w) => w.flush(),
            Output::Atomic(f) => f.flush(),
            Output::Direct(w) => w.flush(),
        }
    }
}

/// The terminal side of an access: the progress bar, the password prompt
/// and the advice of a telnet URL.
struct Terminal {
    /// Whether a progress bar may be drawn: standard error is a terminal
    /// and neither --quiet nor --no-progress-meter was given.
    bar_allowed: bool,
    /// The bar drawn in '#', as curl's -# draws it.
    hashes: bool,
    quiet: bool,
    bar: Option<ProgressBar>,
    /// The passwords of this access, hidden in every message unless
    /// `reveal` (--show-password).
    secrets: Secrets,
    reveal: bool,
    /// The last HTTP response's head, for -w.
    exchange: Option<Exchange>,
    /// The connections made for the responses so far (-w's num_connects).
    connects: u32,
    /// Where -D writes each response head.
    dump: Option<Dump>,
    /// The passwords the -v trace hides, a password typed at the prompt
    /// among them.
    traced: Option<Arc<Mutex<Secrets>>>,
}

impl Terminal {
    fn new(quiet: bool, secrets: Secrets, reveal: bool) -> Terminal {
        Terminal {
            bar_allowed: !quiet && io::stderr().is_terminal(),
            hashes: false,
            quiet,
            bar: None,
            secrets,
            reveal,
            exchange: None,
            connects: 0,
            traced: None,
            dump: None,
        }
    }

    /// A message with its passwords hidden (`say!` escapes the line it
    /// goes on).
    fn hidden<'t>(&self, text: &'t str) -> std::borrow::Cow<'t, str> {
        self.secrets.hide(text, self.reveal)
    }

    /// A message as it may be shown anywhere: passwords hidden, terminal
    /// controls escaped.
    fn shown(&self, text: &str) -> String {
        escaped(&self.hidden(text)).into_owned()
    }

    fn done(&mut self) {
        if let Some(bar) = self.bar.take() {
            bar.finish_and_clear();
        }
    }
}

impl Interaction for Terminal {
    fn response(&mut self, exchange: &Exchange) {
        self.connects += u32::from(exchange.new_connection);
        self.exchange = Some(exchange.clone());
        if let Some(d) = &self.dump
            && let Ok(mut d) = d.lock()
        {
            // A head that cannot be written is no reason to stop the
            // transfer; curl does not stop either.
            let _ = d.write_all(&exchange.head_bytes()).and_then(|()| d.flush());
        }
    }

    fn size_known(&mut self, size: u64) {
        if !self.bar_allowed {
            return;
        }
        let bar = ProgressBar::with_draw_target(Some(size), ProgressDrawTarget::stderr());
        if let Ok(style) = ProgressStyle::with_template(
            "{bytes:>10}/{total_bytes} {bytes_per_sec:>12} [{wide_bar}] {eta:>4}",
        ) {
            bar.set_style(style.progress_chars(if self.hashes { "## " } else { "=> " }));
        }
        self.bar = Some(bar);
    }

    fn progress(&mut self, written: u64) {
        if let Some(bar) = &self.bar {
            bar.set_position(written);
        }
    }

    fn password(&mut self, what: &str) -> Option<Vec<u8>> {
        // rpassword reads /dev/tty with echo off, so a password can be
        // typed even when standard input carries data; with no terminal it
        // fails, and the access is cancelled rather than sent without one.
        let ask = || rpassword::prompt_password(prompt(what)).ok();
        let typed = match &self.bar {
            Some(bar) => bar.suspend(ask),
            None => ask(),
        };
        if let Some(p) = &typed {
            self.secrets.add(p.as_bytes());
            if let Some(t) = &self.traced
                && let Ok(mut t) = t.lock()
            {
                t.add(p.as_bytes());
            }
        }
        typed.map(String::into_bytes)
    }

    fn advise(&mut self, text: &str) {
        if !self.quiet {
            let _ = cmd::say!(io::stderr(), "uniform: {}", self.hidden(text));
        }
    }

    fn warn(&mut self, text: &str) {
        if !self.quiet {
            let _ = cmd::say!(io::stderr(), "uniform: warning: {}", self.hidden(text));
        }
    }

    fn ask(&mut self, what: &str) -> Option<String> {
        // Only a person at a terminal is asked: piped input is no answer.
        if !io::stdin().is_terminal() || !io::stderr().is_terminal() {
            return None;
        }
        let ask = || {
            eprint!("{}: ", escaped(what));
            let mut line = String::new();
            match io::stdin().read_line(&mut line) {
                Ok(n) if n > 0 => Some(line.trim_end_matches(['\r', '\n']).to_string()),
                _ => None,
            }
        };
        match &self.bar {
            Some(bar) => bar.suspend(ask),
            None => ask(),
        }
    }
}

/// The prompt for the password `what` describes.
///
/// The access modules word `what` in their own way: FTP says "password
/// for USER on ftp://HOST:PORT", so "Password for" is added only when
/// `what` does not already say it, and the prompt never reads "Password
/// for password for".
fn prompt(what: &str) -> String {
    const LEAD: &str = "password for ";
    // The prompt is written to the terminal: a host or user name from
    // the URL is escaped there as in every message.
    match what.get(..LEAD.len()) {
        Some(lead) if lead.eq_ignore_ascii_case(LEAD) => {
            format!("Password for {}: ", escaped(&what[LEAD.len()..]))
        }
        _ => format!("Password for {}: ", escaped(what)),
    }
}

impl Drop for Terminal {
    fn drop(&mut self) {
        self.done();
    }
}

impl Run for Args {
    fn run(mut self) -> io::Result<Status> {
        let format = match self.write_out.as_deref().map(write_out::read_format) {
            None => None,
            Some(Ok(f)) => Some(f),
            Some(Err(e)) => {
                let _ = cmd::say!(io::stderr(), "uniform: -w: {e}");
                return Ok(Status::Usage);
            }
        };
        // Read once (an @FILE, standard input), sent to every URL.
        let request = match self.request.http_request() {
            Ok(r) => r,
            Err(message) => {
                let _ = cmd::say!(io::stderr(), "uniform: {message}");
                return Ok(Status::Usage);
            }
        };
        if !self.quiet && !self.silent {
            for w in &request.warnings {
                let _ = cmd::say!(io::stderr(), "uniform: warning: {w}");
            }
        }
        let mut http = request.http;
        self.get_query = request.query;
        let urls = &self.urls.0;
        // Several URLs: a connection stays open for the next one of its
        // server, as curl keeps it.
        http.keep_alive = urls.len() > 1;
        // The options every URL starts from, made once (the proxy
        // variables read, the gateways parsed), the HTTP connections they
        // hold shared by every URL.
        let (mut base, session) = match self.fetch_options() {
            Ok(o) => o,
            Err(message) => {
                let _ = cmd::say!(io::stderr(), "uniform: {message}");
                return Ok(Status::Usage);
            }
        };
        base.plan.http = http;
        // curl's CURLE_SETOPT_OPTION_SYNTAX for an entry it cannot read.
        match self.route.resolve() {
            Ok(r) => base.resolve = r,
            Err(message) => {
                let _ = cmd::say!(io::stderr(), "uniform: {message}");
                return Ok(Status::Exit(49));
            }
        }
        if self.output.len() > urls.len() {
            let _ = cmd::say!(
                io::stderr(),
                "uniform: {} -o for {} URL{}: one -o a URL at most",
                self.output.len(),
                urls.len(),
                if urls.len() == 1 { "" } else { "s" }
            );
            return Ok(Status::Usage);
        }
        // As curl: the directory must be there unless --create-dirs
        // makes it (curl's CURLE_WRITE_ERROR).
        if let Some(dir) = self
            .output_dir
            .as_deref()
            .filter(|d| !d.as_os_str().is_empty())
            && !self.create_dirs
            && !dir.is_dir()
            && (self.output.iter().any(|p| p.as_os_str() != "-")
                || self.remote_name > 0
                || self.remote_name_all)
        {
            let _ = cmd::say!(
                io::stderr(),
                "uniform: --output-dir {}: no such directory (--create-dirs makes it)",
                dir.display()
            );
            return Ok(Status::Exit(23));
        }
        // -D's file holds this run's heads only (each URL appends its own).
        if let Some(p) = self.dump_header.as_deref().filter(|p| p.as_os_str() != "-")
            && let Err(e) = File::create(p)
        {
            let _ = cmd::say!(io::stderr(), "uniform: -D {}: {e}", p.display());
            return Ok(Status::Exit(23));
        }
        // As curl: each URL in order, every one tried; the status is the
        // last failure's.
        let mut status = Status::Success;
        for (i, raw) in urls.iter().enumerate() {
            let target = match self.output.get(i) {
                Some(p) => Target::Path(p.clone()),
                None if self.remote_name_all
                    || i < self.output.len() + usize::from(self.remote_name) =>
                {
                    Target::Remote
                }
                None => Target::Stdout,
            };
            let one = self.fetch_one(i, raw, target, &base, &session, format.as_deref())?;
            if one != Status::Success {
                status = one;
            }
        }
        // A kept FTP control connection says goodbye, as curl's does.
        session.close();
        Ok(status)
    }
}

/// The -v trace: each line on standard error, the passwords known to
/// this access hidden (the access side hides those of the commands that
/// carry one, too), terminal controls escaped.
fn tracer(hidden: Arc<Mutex<Secrets>>, reveal: bool) -> Tracer {
    Tracer::new(move |event: Trace<'_>| {
        let text = event.to_string();
        let text = match hidden.lock() {
            Ok(s) => s.hide(&text, reveal).into_owned(),
            Err(_) => text,
        };
        let _ = cmd::say!(io::stderr().lock(), "{text}");
    })
}

/// Where -D writes: shared with the tracer that copies FTP's replies.
type Dump = Arc<Mutex<Box<dyn Write + Send>>>;

/// A tracer that writes each reply of an FTP server to `dump`, CR LF
/// after each line, as curl's -D does, up to the `QUIT` (whose answer
/// curl does not write); and passes every event on to `inner` (-v).
fn ftp_replies(dump: Dump, inner: Option<Tracer>) -> Tracer {
    let quit = std::sync::atomic::AtomicBool::new(false);
    Tracer::new(move |event: Trace<'_>| {
        if let Some(t) = &inner {
            t.emit(event);
        }
        match event {
            Trace::Sent(line) if line.eq_ignore_ascii_case(b"QUIT") => {
                quit.store(true, std::sync::atomic::Ordering::Relaxed);
            }
            Trace::Received(line) if !quit.load(std::sync::atomic::Ordering::Relaxed) => {
                if let Ok(mut d) = dump.lock() {
                    let _ = d
                        .write_all(line)
                        .and_then(|()| d.write_all(b"\r\n"))
                        .and_then(|()| d.flush());
                }
            }
            _ => {}
        }
    })
}

/// The failure -f makes of an HTTP error status, for a response
/// --fail-with-body has delivered: the same kind, message and status.
fn http_failure(x: &Exchange) -> AccessError {
    let url = UrlRef::parse(&x.url).ok();
    let target = url
        .as_ref()
        .map_or_else(|| x.url.clone(), uniform::plan::origin_form);
    let doing = format!("{} {target}", x.method);
    let (kind, message) = match x.status {
        401 | 407 => (
            AccessErrorKind::Auth,
            format!("{doing}: the login was refused"),
        ),
        _ => (AccessErrorKind::Protocol, doing),
    };
    let scheme = url.as_ref().map_or("http", |u| u.scheme());
    let host = url.as_ref().and_then(UrlRef::hostname);
    let e = AccessError::new(kind, scheme, host, message)
        .with_reply(&x.status_line)
        .with_exit_code(22);
    match url.as_ref().and_then(UrlRef::port_or_default) {
        Some(port) => e.with_port(port),
        None => e,
    }
}

/// What one try of a URL starts from: the options and session of the
/// run, and whether it is the last try.
#[derive(Clone, Copy)]
struct Given<'a> {
    base: &'a FetchOptions,
    session: &'a Session,
    last: bool,
}

/// Where one URL's object goes.
#[derive(Clone, Debug)]
enum Target {
    Stdout,
    Path(PathBuf),
    /// Named as the URL's last path segment (-O).
    Remote,
}

/// A URL without a scheme, as curl guesses it: `ftp.` hosts are ftp,
/// the rest http. An input that names a scheme Uniform knows (`news:x`,
/// `mailto:a@b`) is a URL as it is; `localhost:8080/x` is no scheme
/// named `localhost`.
fn guess_scheme(input: &[u8]) -> Option<Vec<u8>> {
    if input.windows(3).any(|w| w == b"://") {
        return None;
    }
    let name_end = input
        .iter()
        .position(|&b| !(b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.')));
    if let Some(k) = name_end
        && input[k] == b':'
        && k > 0
        && uniform::Scheme::from_bytes(&input[..k]).name().is_some()
    {
        return None;
    }
    let scheme: &[u8] = if input.len() >= 4 && input[..4].eq_ignore_ascii_case(b"ftp.") {
        b"ftp://"
    } else {
        b"http://"
    };
    Some([scheme, input].concat())
}

/// The file name -O gives: the URL's last path segment, decoded, if it
/// names a file (no `/`, not `.` or `..`, no NUL).
fn remote_name(url: &UrlRef<'_>) -> Option<PathBuf> {
    let path = url.path();
    let last = path?.rsplit('/').next().unwrap_or_default();
    let decoded = uniform::pct::decode(last.as_bytes());
    let name = String::from_utf8_lossy(&decoded).into_owned();
    let plain =
        !name.is_empty() && name != "." && name != ".." && !name.contains(['/', '\\', '\0']);
    plain.then(|| PathBuf::from(name))
}

impl Args {
    /// Where an -o or -O file goes: in --output-dir, as curl puts it there
    /// (DIR, '/', FILE, an absolute FILE too); "-" stays standard output.
    fn in_output_dir(&self, file: PathBuf) -> PathBuf {
        match self.output_dir.as_deref() {
            Some(dir) if !dir.as_os_str().is_empty() && file.as_os_str() != "-" => {
                let mut joined = dir.as_os_str().to_owned();
                joined.push("/");
                joined.push(file.as_os_str());
                PathBuf::from(joined)
            }
            _ => file,
        }
    }

    /// Fetches one URL (the `i`th) to `target`; then -w's format.
    fn fetch_one(
        &self,
        i: usize,
        raw: &OsString,
        target: Target,
        base: &FetchOptions,
        session: &Session,
        format: Option<&str>,
    ) -> io::Result<Status> {
        let started = std::time::Instant::now();
        let mut transfer;
        let mut tries = 0u32;
        let mut wait = Duration::from_secs(1);
        let status = loop {
            transfer = Transfer {
                urlnum: i,
                ..Transfer::default()
            };
            let last = tries >= self.retry
                || self
                    .retry_max_time
                    .is_some_and(|m| started.elapsed() + wait >= m);
            let (status, passing) =
                self.fetch_into(raw, target.clone(), base, session, last, &mut transfer)?;
            let retry = !last
                && status != Status::Success
                && status != Status::Usage
                && (passing || self.retry_all_errors);
            if !retry {
                break status;
            }
            tries += 1;
            let pause = self.retry_delay.unwrap_or(wait);
            if self.tells_errors() && !self.quiet {
                let _ = cmd::say!(
                    io::stderr(),
                    "uniform: a passing failure; trying again in {} s, {} {} left",
                    pause.as_secs_f64(),
                    self.retry - tries + 1,
                    if self.retry - tries + 1 == 1 {
                        "try"
                    } else {
                        "tries"
                    }
                );
            }
            std::thread::sleep(pause);
            // curl's doubling, up to ten minutes.
            wait = (wait * 2).min(Duration::from_secs(600));
        };
        if let Some(format) = format {
            transfer.time_total = started.elapsed();
            transfer.exitcode = match status {
                Status::Success => 0,
                Status::Failure => 1,
                Status::Usage => 2,
                Status::Exit(c) => c,
            };
            let secs = transfer.time_total.as_secs_f64();
            if secs > 0.0 {
                transfer.speed_download = (transfer.size_download as f64 / secs) as u64;
                transfer.speed_upload = (transfer.size_upload as f64 / secs) as u64;
            }
            let r = write_out::render(format, &transfer);
            for w in &r.warnings {
                let _ = cmd::say!(io::stderr(), "uniform: {w}");
            }
            let mut out = cmd::stdout();
            out.write_all(&r.out)?;
            out.flush()?;
            io::stderr().write_all(&r.err)?;
        }
        Ok(status)
    }

    /// Whether failures are told (not with -s, unless -S).
    fn tells_errors(&self) -> bool {
        !self.silent || self.show_error
    }

    /// One try of one URL: its status, and whether its failure is a
    /// passing one that --retry tries again. Before the `last` try, an
    /// HTTP status that --retry retries is a failure, so that no error
    /// page reaches the output before the try that may succeed.
    fn fetch_into(
        &self,
        raw: &OsString,
        target: Target,
        base: &FetchOptions,
        session: &Session,
        last: bool,
        transfer: &mut Transfer,
    ) -> io::Result<(Status, bool)> {
        let mut retry = Retry::No;
        let given = Given {
            base,
            session,
            last,
        };
        let status = self.try_once(raw, target, &given, transfer, &mut retry)?;
        Ok((status, retry.passes(self.retry_connrefused)))
    }

    fn try_once(
        &self,
        raw: &OsString,
        target: Target,
        given: &Given<'_>,
        transfer: &mut Transfer,
        retry: &mut Retry,
    ) -> io::Result<Status> {
        let Given {
            base,
            session,
            last,
        } = *given;
        let given = raw.as_encoded_bytes().to_vec();
        let input = guess_scheme(&given).unwrap_or(given);
        // -G: the data is part of the URL from here on, read, shown and
        // planned with it, as curl's -w url_effective shows it.
        let input = match &self.get_query {
            Some(q) => {
                request::with_query(&input, q, self.options.parse_options()).unwrap_or(input)
            }
            None => input,
        };
        let shown = password::shown(&input, self.options.mask(&input)).into_owned();
        transfer.url = Some(shown.clone());
        let mut opts = base.clone();
        // This try's own tracer; the kept connections stay shared.
        let mut session = session.clone();
        let quiet = self.quiet || self.silent;
        let mut warnings = Vec::new();
        let parsed = cmd::parse_bytes(self.options.parse_options(), &input, &mut warnings);
        let parsed = match parsed {
            Ok(u) => u,
            Err(e) => {
                transfer.errormsg = Some(e.to_string());
                if self.json {
                    let mut buf = Vec::new();
                    error_json(
                        &mut buf,
                        &shown,
                        "invalid-url",
                        None,
                        None,
                        None,
                        &e.to_string(),
                        None,
                    );
                    print(&buf)?;
                } else if self.tells_errors() {
                    self.options
                        .draw(&mut io::stderr().lock(), Severity::Error, &e, &input)?;
                }
                return Ok(Status::Failure);
            }
        };
        let url = parsed.url();
        if !quiet && !self.json {
            for w in &warnings {
                self.options
                    .draw(&mut io::stderr().lock(), Severity::Warning, w, &input)?;
            }
        }
        opts.http.fail_passing = !last && self.retry > 0;
        // -u's user and password, where the URL names none.
        let with_user = match self.request.apply_user(&url, &mut opts.plan) {
            Ok(u) => u,
            Err(e) => {
                // A file that cannot be parsed is a transfer's failure
                // (curl's 26, silent under -s); a usage error always says.
                if e.status() == Status::Usage || self.tells_errors() {
                    let _ = cmd::say!(io::stderr(), "uniform: {e}");
                }
                return Ok(e.status());
            }
        };
        let url = match &with_user {
            Some(u) => u.as_url_ref(),
            None => url,
        };
        if let Err(message) = self.request.check_scheme(&url) {
            let _ = cmd::say!(io::stderr(), "uniform: {message}");
            return Ok(Status::Usage);
        }
        if self.request.head
            && !matches!(
                url.scheme_kind(),
                Scheme::Http | Scheme::Https | Scheme::Ftp
            )
        {
            let _ = cmd::say!(
                io::stderr(),
                "uniform: -I: only HTTP, HTTPS and FTP heads are read so far, not {}'s",
                url.scheme()
            );
            return Ok(Status::Usage);
        }
        transfer.scheme = Some(url.scheme().to_ascii_uppercase());
        transfer.url_effective = Some(shown.clone());
        let mut secrets = Secrets::default();
        secrets.add_url(&input, self.options.dialect.into());
        if let Some((_, p)) = &opts.plan.credentials {
            secrets.add(p);
        }
        // The password -u or a netrc file put in the URL: as written there
        // and decoded.
        secrets.add_url(url.as_str().as_bytes(), self.options.dialect.into());
        if self.password_stdin {
            let p = read_password_line()?;
            secrets.add(&p);
            opts.password = Some(p);
        }
        if url.scheme_kind() == uniform::Scheme::Mailto {
            let body = match &self.body {
                Some(b) => b.clone().into_bytes(),
                None if self.password_stdin => {
                    let _ = cmd::say!(
                        io::stderr(),
                        "uniform: --password-stdin takes standard input: give the message with --body"
                    );
                    return Ok(Status::Usage);
                }
                None => {
                    let mut b = Vec::new();
                    io::stdin().lock().take(MAX_BODY + 1).read_to_end(&mut b)?;
                    if b.len() as u64 > MAX_BODY {
                        let _ = cmd::say!(
                            io::stderr(),
                            "uniform: the message on standard input is longer than {MAX_BODY} octets (Postfix's default message_size_limit)"
                        );
                        return Ok(Status::Failure);
                    }
                    b
                }
            };
            opts.message = Some(Message::new(self.subject.clone(), body));
        }
        // A telnet session restores the terminal on its way out: a signal
        // there keeps its default.
        if url.scheme_kind() != uniform::Scheme::Telnet {
            on_signal_abandon_output()?;
        }
        let path = match target {
            Target::Stdout => None,
            Target::Path(p) => Some(self.in_output_dir(p)),
            Target::Remote => match remote_name(&url) {
                Some(p) => Some(self.in_output_dir(p)),
                None => {
                    let message = format!("{shown}: -O: the URL's path names no file");
                    transfer.errormsg = Some(message.clone());
                    if self.tells_errors() {
                        let _ = cmd::say!(io::stderr(), "uniform: {message}");
                    }
                    // curl's CURLE_WRITE_ERROR.
                    return Ok(Status::Exit(23));
                }
            },
        };
        transfer.filename_effective = path.clone();
        // -C -: from the size of what the output file holds already.
        let resume = match self.continue_at.as_deref() {
            None => None,
            Some("-") => Some(
                path.as_deref()
                    .filter(|p| p.as_os_str() != "-")
                    .and_then(|p| std::fs::metadata(p).ok())
                    .filter(std::fs::Metadata::is_file)
                    .map_or(0, |m| m.len()),
            ),
            Some(n) => match n.parse::<u64>() {
                Ok(n) => Some(n),
                Err(_) => {
                    let _ = cmd::say!(
                        io::stderr(),
                        "uniform: -C {n:?}: an offset is a number of octets, or - for the size of the output file"
                    );
                    return Ok(Status::Usage);
                }
            },
        };
        opts.plan.resume_from = resume.filter(|&n| n > 0);
        let append = opts.plan.resume_from.is_some() && path.is_some();
        if self.create_dirs
            && let Some(parent) = path.as_deref().and_then(Path::parent)
            && !parent.as_os_str().is_empty()
            && let Err(e) = std::fs::create_dir_all(parent)
        {
            let _ = cmd::say!(
                io::stderr(),
                "uniform: --create-dirs {}: {e}",
                parent.display()
            );
            return Ok(Status::Exit(23));
        }
        let mut output = match Output::open(path.as_deref(), append) {
            Ok(o) => o,
            Err(e) => {
                let path = path
                    .as_deref()
                    .unwrap_or(Path::new("-"))
                    .display()
                    .to_string();
                let message = format!("cannot write {path}: {e}");
                transfer.errormsg = Some(message.clone());
                if self.json {
                    let mut buf = Vec::new();
                    error_json(&mut buf, &shown, "io", None, None, None, &message, None);
                    print(&buf)?;
                } else if self.tells_errors() {
                    let _ = cmd::say!(io::stderr(), "uniform: {message}");
                }
                return Ok(Status::Failure);
            }
        };
        let traced = self.verbose.then(|| Arc::new(Mutex::new(secrets.clone())));
        if let Some(hidden) = &traced {
            session.tracer = Some(tracer(Arc::clone(hidden), self.options.show_password));
        }
        let mut terminal = Terminal::new(quiet, secrets, self.options.show_password);
        terminal.bar_allowed &= !self.no_progress_meter;
        terminal.hashes = self.progress_bar;
        terminal.traced = traced;
        terminal.dump = match self.dump_header.as_deref() {
            None => None,
            Some(p) if p.as_os_str() == "-" => Some(Arc::new(Mutex::new(Box::new(io::stdout())))),
            // Appended: several URLs, several heads, as curl writes them.
            Some(p) => match OpenOptions::new().create(true).append(true).open(p) {
                Ok(f) => Some(Arc::new(Mutex::new(Box::new(f)))),
                Err(e) => {
                    let _ = cmd::say!(io::stderr(), "uniform: -D {}: {e}", p.display());
                    return Ok(Status::Exit(23));
                }
            },
        };
        // FTP's "headers", as curl's -D writes them: the server's replies.
        if let Some(d) = &terminal.dump
            && url.scheme_kind() == uniform::Scheme::Ftp
        {
            session.tracer = Some(ftp_replies(Arc::clone(d), session.tracer.take()));
        }
        let result = uniform_access::fetch(&url, &opts, &session, &mut output, &mut terminal);
        terminal.done();
        if let Some(x) = &terminal.exchange {
            self.record(transfer, x, &terminal);
        }
        match result {
            Ok(fetched) => {
                if let Fetched::Object { bytes } = &fetched {
                    transfer.size_download = *bytes;
                }
                transfer.size_upload = opts.plan.http.body.as_ref().map_or(0, |b| b.len() as u64);
                let delivered = self.deliver(fetched, output, &url, &shown, path.as_deref())?;
                // --fail-with-body: the error page is written, and the
                // transfer is a failure all the same (curl's 22).
                let failed = terminal.exchange.as_ref().filter(|x| x.status >= 400);
                match failed {
                    Some(x) if self.fail_with_body && delivered == Status::Success => {
                        let e = http_failure(x);
                        *retry = Retry::of_error(&e);
                        transfer.errormsg = Some(terminal.shown(&e.to_string()));
                        if self.tells_errors() || self.json {
                            self.report(&e, &shown, &terminal)?;
                        }
                        Ok(Status::Exit(e.exit_code()))
                    }
                    _ => Ok(delivered),
                }
            }
            Err(e) => {
                // Dropping the output removes a temporary file.
                drop(output);
                *retry = Retry::of_error(&e);
                transfer.errormsg = Some(terminal.shown(&e.to_string()));
                if self.tells_errors() || self.json {
                    self.report(&e, &shown, &terminal)?;
                }
                // curl's status for this failure (fetch --help), 1 where
                // curl has none.
                Ok(match e.exit_code() {
                    1 => Status::Failure,
                    code => Status::Exit(code),
                })
            }
        }
    }

    /// What the last HTTP response says, for -w.
    fn record(&self, t: &mut Transfer, x: &Exchange, terminal: &Terminal) {
        t.response_code = x.status;
        t.http_version = match x.version.as_str() {
            "1.0" | "1" => Some(write_out::HttpVersion::Http10),
            "1.1" => Some(write_out::HttpVersion::Http11),
            "2" => Some(write_out::HttpVersion::Http2),
            "3" => Some(write_out::HttpVersion::Http3),
            _ => None,
        };
        t.method = Some(x.method.clone());
        t.num_redirects = x.redirects;
        t.url_effective = Some(terminal.shown(&x.url));
        let text = |v: &[u8]| String::from_utf8_lossy(v).into_owned();
        t.content_type = x.header("content-type").map(text);
        if (300..400).contains(&x.status) {
            t.redirect_url = x.header("location").map(text);
        }
        t.headers = x
            .headers
            .iter()
            .map(|(n, v)| (n.clone(), text(v)))
            .collect();
        t.size_header = x.head_bytes().len() as u64;
        t.num_connects = terminal.connects;
        if let Some(r) = x.remote {
            t.remote_ip = Some(r.ip());
            t.remote_port = r.port();
        }
        if let Some(l) = x.local {
            t.local_ip = Some(l.ip());
            t.local_port = l.port();
        }
        let times = &x.timings;
        t.time_namelookup = times.namelookup;
        t.time_connect = times.connect;
        t.time_appconnect = times.appconnect;
        t.time_pretransfer = times.pretransfer;
        t.time_starttransfer = times.starttransfer;
    }
}

impl Args {
    /// The fetch options and the session every URL shares, from the
    /// flags, then the environment.
    fn fetch_options(&self) -> Result<(FetchOptions, Session), String> {
        let mut o = FetchOptions::default();
        let mut session = Session::default();
        o.plan = self.access.plan_options();
        let t = &mut session.timeouts;
        if let Some(c) = self.connect_timeout {
            t.connect = c;
        }
        if let Some(i) = self.timeout {
            t.idle = i;
        }
        t.total = self.max_time;
        if let Some(l) = self.speed_limit {
            t.speed.limit = l;
        }
        if let Some(s) = self.speed_time {
            t.speed.time = s;
        }
        // Given, they mean what curl's mean: the window opens as soon as a
        // reply is awaited, and a peer that says nothing is cut off too.
        t.speed.from_request = self.speed_limit.is_some() || self.speed_time.is_some();
        o.gopher_strict = self.gopher_strict && !self.gopher_text_to_close;
        if let Some(n) = self.max_redirects {
            o.max_redirects = n;
        }
        // curl's meanings: redirects followed with -L only, an error
        // status a failure with -f only.
        o.http = HttpResponses {
            follow: self.location,
            fail: self.fail,
            fail_passing: false,
            head: if self.request.head {
                HeadOutput::Only
            } else if self.include {
                HeadOutput::Include
            } else {
                HeadOutput::None
            },
        };
        o.file_via_ftp = self.file_via_ftp;
        o.tls.ca_file = self.cacert.clone();
        o.tls.insecure = self.insecure;
        o.tls.proxy_ca_file = self.proxy_cacert.clone();
        o.tls.proxy_insecure = self.proxy_insecure;
        o.show_password = self.options.show_password;
        o.proxies = self.route.proxies()?;
        Ok((o, session))
    }

    fn deliver(
        &self,
        fetched: Fetched,
        mut output: Output,
        url: &UrlRef<'_>,
        shown: &str,
        path: Option<&Path>,
    ) -> io::Result<Status> {
        let mut summary = None;
        match fetched {
            Fetched::Object { bytes } => summary = Some(format!("\"bytes\":{bytes}")),
            Fetched::Listing(listing) => {
                let listing = self.masked(listing);
                if self.json {
                    output.write_all(listing.to_json().as_bytes())?;
                    output.write_all(b"\n")?;
                } else {
                    write!(output, "{listing}")?;
                }
            }
            Fetched::Sent => {
                summary = Some("\"sent\":true".into());
                if !self.quiet && !self.json {
                    let _ = cmd::say!(
                        io::stderr(),
                        "uniform: the message to {} was accepted",
                        url.scheme_specific_part()
                    );
                }
            }
            _ => {}
        }
        let to_stdout = output.is_stdout();
        if let Err(e) = output.finish() {
            if e.kind() == io::ErrorKind::BrokenPipe {
                return Err(e);
            }
            let path = path.unwrap_or(Path::new("-")).display().to_string();
            let _ = cmd::say!(io::stderr(), "uniform: cannot write {path}: {e}");
            return Ok(Status::Failure);
        }
        // With --json, a script learns what was done without parsing the
        // object: unless the object itself is on standard output.
        if self.json
            && let Some(s) = summary
            && (!to_stdout || s.starts_with("\"sent\""))
        {
            let mut buf = b"{\"input\":".to_vec();
            json::string(&mut buf, shown);
            buf.push(b',');
            buf.extend_from_slice(s.as_bytes());
            if let Some(p) = path {
                buf.extend_from_slice(b",\"output\":");
                json::string(&mut buf, &p.display().to_string());
            }
            buf.extend_from_slice(b"}\n");
            print(&buf)?;
        }
        Ok(Status::Success)
    }

    /// A listing with the passwords of its URLs hidden, unless
    /// --show-password.
    fn masked(&self, mut listing: Listing) -> Listing {
        let mask = |s: &mut String| {
            if let Some(r) = self.options.mask(s.as_bytes()) {
                *s = password::shown(s.as_bytes(), Some(r)).into_owned();
            }
        };
        mask(&mut listing.url);
        for e in &mut listing.entries {
            if let Some(u) = &mut e.url {
                mask(u);
            }
        }
        listing
    }

    /// Tells the failure: in JSON, or as one line on standard error; a
    /// password the server echoed back is hidden either way.
    fn report(&self, e: &AccessError, shown: &str, terminal: &Terminal) -> io::Result<()> {
        let hide = |t: &'_ str| terminal.secrets.hide(t, terminal.reveal).into_owned();
        if self.json {
            let rule = match e.kind() {
                AccessErrorKind::Refused(r) => Some(r.as_str()),
                _ => None,
            };
            let mut buf = Vec::new();
            error_json(
                &mut buf,
                shown,
                e.kind().as_str(),
                rule,
                Some(e.scheme()),
                e.host(),
                &hide(e.message()),
                e.reply().map(hide).as_deref(),
            );
            print(&buf)
        } else {
            let _ = cmd::say!(io::stderr(), "uniform: {}", terminal.hidden(&e.to_string()));
            Ok(())
        }
    }
}

/// On SIGINT or SIGTERM: the temporary file of an output being written
/// is removed, and the process exits 128 + the signal (130, 143), as a
/// shell reports a command a signal ended. A thread waits for the signal
/// (signal-hook), so that the removal runs outside a signal handler.
fn on_signal_abandon_output() -> io::Result<()> {
    use signal_hook::consts::{SIGINT, SIGTERM};
    // Once a process: each registration is a pipe and a thread, and a run
    // of ten thousand URLs would run out of descriptors.
    static ON: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);
    if ON.swap(true, std::sync::atomic::Ordering::SeqCst) {
        return Ok(());
    }
    let mut signals = signal_hook::iterator::Signals::new([SIGINT, SIGTERM])?;
    std::thread::Builder::new()
        .name("signals".into())
        .spawn(move || {
            if let Some(signal) = signals.forever().next() {
                // Held to the exit: no file is renamed into place after.
                let _held = uniform_access::output::abandon_all();
                std::process::exit(128 + signal);
            }
        })?;
    Ok(())
}

/// The longest message read from standard input: Postfix's default
/// message_size_limit (10,240,000 octets), which relays commonly keep.
const MAX_BODY: u64 = 10_240_000;

/// The longest password line read with --password-stdin, its end included.
const MAX_PASSWORD: u64 = 4096;

/// The first line of standard input, without its line end.
fn read_password_line() -> io::Result<Vec<u8>> {
    let mut line = Vec::new();
    // A password is a short line: a stream without one is not read whole.
    io::stdin()
        .lock()
        .take(MAX_PASSWORD)
        .read_until(b'\n', &mut line)?;
    if line.len() as u64 == MAX_PASSWORD && line.last() != Some(&b'\n') {
        return Err(io::Error::new(
            io::ErrorKind::InvalidData,
            format!(
                "the first line of standard input is longer than {MAX_PASSWORD} octets: no password"
            ),
        ));
    }
    if line.last() == Some(&b'\n') {
        line.pop();
        if line.last() == Some(&b'\r') {
            line.pop();
        }
    }
    Ok(line)
}

fn print(buf: &[u8]) -> io::Result<()> {
    let mut out = io::stdout().lock();
    out.write_all(buf)?;
    out.flush()
}

#[allow(clippy::too_many_arguments)]
fn error_json(
    buf: &mut Vec<u8>,
    input: &str,
    kind: &str,
    rule: Option<&str>,
    scheme: Option<&str>,
    host: Option<&str>,
    message: &str,
    reply: Option<&str>,
) {
    let opt = |buf: &mut Vec<u8>, v: Option<&str>| match v {
        Some(s) => json::string(buf, s),
        None => buf.extend_from_slice(b"null"),
    };
    buf.extend_from_slice(b"{\"input\":");
    json::string(buf, input);
    buf.extend_from_slice(b",\"error\":{\"kind\":");
    json::string(buf, kind);
    buf.extend_from_slice(b",\"rule\":");
    opt(buf, rule);
    buf.extend_from_slice(b",\"scheme\":");
    opt(buf, scheme);
    buf.extend_from_slice(b",\"host\":");
    opt(buf, host);
    buf.extend_from_slice(b",\"message\":");
    json::string(buf, message);
    buf.extend_from_slice(b",\"reply\":");
    opt(buf, reply);
    buf.extend_from_slice(b"}}\n");
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_password_prompt_says_password_once() {
        // What crates/access/src/ftp asks with.
        assert_eq!(
            prompt("password for urltest on ftp://127.0.0.1:2121"),
            "Password for urltest on ftp://127.0.0.1:2121: "
        );
        assert_eq!(prompt("urltest on h"), "Password for urltest on h: ");
        assert_eq!(prompt(""), "Password for : ");
        // A multi-byte character where the lead would end is no panic.
        assert_eq!(prompt("password fooé"), "Password for password fooé: ");
    }

    #[test]
    fn seconds_are_positive_numbers() {
        assert_eq!(seconds("1.5"), Ok(Duration::from_millis(1500)));
        assert_eq!(seconds("30"), Ok(Duration::from_secs(30)));
        for bad in ["0", "-1", "NaN", "inf", "x", ""] {
            assert!(seconds(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn error_json_is_one_object_with_nulls() {
        let mut buf = Vec::new();
        error_json(
            &mut buf,
            "http://u:****@h/",
            "protocol",
            None,
            Some("http"),
            Some("h"),
            "GET /x",
            Some("HTTP/1.1 404 Not Found"),
        );
        let v: serde_json::Value = serde_json::from_slice(&buf).unwrap();
        assert_eq!(v["error"]["kind"], "protocol");
        assert_eq!(v["error"]["rule"], serde_json::Value::Null);
        assert_eq!(v["error"]["reply"], "HTTP/1.1 404 Not Found");
        assert_eq!(v["input"], "http://u:****@h/");
    }
}
