//! `uniform fetch URL [-o FILE]`: retrieve what a URL names over the
//! scheme's own protocol.

mod deliver;
mod once;
mod output;
mod run;
mod terminal;
#[cfg(test)]
mod tests;
mod trace;

use crate::cmd::UrlOptions;
use crate::cmd::plan::AccessOptions;
use crate::cmd::request::{RequestOptions, Urls};
use crate::cmd::route::RouteOptions;
use std::path::PathBuf;
use std::time::Duration;
use uniform_access::{FetchOptions, Session};

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
