//! What a request sends beyond the URL, with curl's options: `-X`, `-H`,
//! `-d`, `--data-binary`, `--data-raw`, `--data-urlencode`, `-G`, `-I`,
//! `-r`, `-0`, and the login of `-u`, `-n`, `--netrc-optional` and
//! `--netrc-file`; and the URLs themselves, positional and `--url`, in
//! curl's order. `fetch` sends it and `plan` shows it, from the same flags.

use crate::cmd::Status;
use clap::{Arg, ArgAction, ArgMatches};
use std::ffi::OsString;
use std::fmt;
use std::io::{self, Read};
use std::path::PathBuf;
use std::sync::OnceLock;
use uniform::pct::{self, EncodeSet};
use uniform::plan::{HttpRequest, HttpVersion, PlanOptions};
use uniform::{ParseOptions, Scheme, Url, UrlRef};
use uniform_access::netrc::{Netrc, SyntaxError};

/// The request flags, shared by `fetch` and `plan`.
#[derive(clap::Args, Clone, Debug, Default)]
pub struct RequestOptions {
    /// HTTP method to use instead of GET (HEAD with -I, POST with -d)
    #[arg(short = 'X', long = "request", value_name = "METHOD")]
    pub method: Option<String>,
    /// Header field "Name: value" to send ("Name:" removes one Uniform sends, "Name;" sends it empty); repeatable
    #[arg(short = 'H', long = "header", value_name = "LINE")]
    pub header: Vec<String>,
    /// -d, --data-binary, --data-raw, --data-urlencode, in their order.
    #[command(flatten)]
    pub data: DataOptions,
    /// Send the data of -d, --data-urlencode, ... in the URL's query (after "?", or "&" when it has one) with a GET, instead of a POST body (HTTP)
    #[arg(short = 'G', long = "get")]
    pub get: bool,
    /// Only the head: an HTTP HEAD request, its response head printed
    #[arg(short = 'I', long = "head")]
    pub head: bool,
    /// Ask for these octets only (HTTP Range: bytes=RANGE): START-END, START-, -LAST, several joined by ','; a 200 with the whole object is written whole
    #[arg(
        short = 'r',
        long = "range",
        value_name = "RANGE",
        allow_hyphen_values = true
    )]
    pub range: Option<String>,
    /// Send HTTP/1.0 requests (no kept connection)
    #[arg(short = '0', long = "http1.0", overrides_with = "http11")]
    pub http10: bool,
    /// Send HTTP/1.1 requests (the default; the last of -0 and --http1.1 wins)
    #[arg(long = "http1.1", overrides_with = "http10")]
    pub http11: bool,
    /// The User-Agent field to send (curl's -A; as -H 'User-Agent: TEXT')
    #[arg(short = 'A', long = "user-agent", value_name = "TEXT")]
    pub user_agent: Option<String>,
    /// The Referer field to send (curl's -e; as -H 'Referer: URL')
    #[arg(short = 'e', long = "referer", value_name = "URL")]
    pub referer: Option<String>,
    /// The login flags; `None` when none of them is given (clap leaves an
    /// optional flattened group out when none of its flags is there), so
    /// that a caller applies a login only when one was asked for.
    #[command(flatten)]
    pub user: Option<LoginOptions>,
}

/// Where the user name and password for the server come from: curl's
/// `-u`, `-n`, `--netrc-optional` and `--netrc-file`. The URL's own user
/// comes first, then `-u`, then the netrc file.
#[derive(clap::Args, Clone, Debug, Default)]
pub struct LoginOptions {
    /// User name and password for the server, USER[:PASSWORD] (a URL's own user wins)
    #[arg(short = 'u', long = "user", value_name = "USER[:PASSWORD]")]
    pub user: Option<String>,
    /// Log in with the user and password ~/.netrc gives the URL's host where neither the URL nor -u names a user (a URL's user without a password gets its own); no readable file, no login
    #[arg(short = 'n', long = "netrc")]
    pub netrc: bool,
    /// As --netrc (curl's optional variant; with both, a missing file is no error)
    #[arg(long = "netrc-optional")]
    pub netrc_optional: bool,
    /// As --netrc, reading FILE instead of ~/.netrc
    #[arg(long = "netrc-file", value_name = "FILE")]
    pub netrc_file: Option<PathBuf>,
    /// The netrc file, read for the first URL that needs it and kept for
    /// the others (`plan -` may bring millions).
    #[arg(skip)]
    read: OnceLock<Result<Option<(PathBuf, Netrc)>, LoginError>>,
}

/// curl's CURLE_READ_ERROR: what curl 7.88 exits with when the netrc file
/// cannot be parsed (".netrc parser error").
pub const NETRC_EXIT: u8 = 26;

/// Why the login flags give a URL no login: the message, and the status
/// curl exits with for it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoginError {
    /// What is wrong, naming the flag (and the file and its line for a
    /// netrc file); never a password.
    message: String,
    /// 26 for a netrc file that cannot be used, else a usage error.
    status: Status,
}

impl LoginError {
    /// A flag's value that cannot be used: exit 2.
    fn usage(message: String) -> LoginError {
        LoginError {
            message,
            status: Status::Usage,
        }
    }

    /// The status `fetch` exits with, and `plan` refuses with: curl's
    /// [`NETRC_EXIT`] for a netrc file that cannot be parsed (or is too
    /// large to read), [`Status::Usage`] for the rest.
    pub fn status(&self) -> Status {
        self.status
    }
}

impl From<String> for LoginError {
    fn from(message: String) -> LoginError {
        LoginError::usage(message)
    }
}

impl fmt::Display for LoginError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

/// What the request flags make, read once for every URL: the HTTP
/// request, and with `-G` the data for the URLs' query instead of a body.
#[derive(Clone, Debug, Default)]
pub struct Request {
    /// The HTTP request, the body included.
    pub http: HttpRequest,
    /// `-G`: the data, joined by `&`, that [`with_query`] appends to each
    /// URL's query.
    pub query: Option<Vec<u8>>,
    /// What curl would warn about and sends all the same (a range without
    /// a dash), for the caller to show unless silenced.
    pub warnings: Vec<String>,
}

impl RequestOptions {
    /// The HTTP request these flags describe: the files of `@FILE` read
    /// now, so that a plan shows the length of what will be sent.
    pub fn http_request(&self) -> Result<Request, String> {
        let mut warnings = Vec::new();
        let mut r = HttpRequest::default();
        r.method = self.method.clone();
        r.head_only = self.head;
        r.version = if self.http10 {
            HttpVersion::Http10
        } else {
            HttpVersion::Http11
        };
        if let Some(given) = &self.range {
            let (range, warning) = byte_range(given)?;
            warnings.extend(warning);
            r.range = Some(range);
        }
        // As curl: -A and -e are fields like -H's, which come after them
        // and so win.
        if let Some(a) = &self.user_agent {
            r.headers.push(("User-Agent".into(), Some(a.clone())));
        }
        if let Some(e) = &self.referer {
            r.headers.push(("Referer".into(), Some(e.clone())));
        }
        for line in &self.header {
            r.headers.push(header(line)?);
        }
        // curl joins every -d, --data-binary, --data-raw and
        // --data-urlencode with '&', in the order given.
        let mut parts: Vec<Vec<u8>> = Vec::new();
        for (kind, arg) in &self.data.pieces {
            parts.push(match kind {
                DataKind::Ascii => data(arg, true)?,
                DataKind::Binary => data(arg, false)?,
                DataKind::Raw => arg.clone().into_bytes(),
                DataKind::UrlEncode => url_encoded(arg)?,
            });
        }
        let joined = (!parts.is_empty()).then(|| parts.join(&b'&'));
        let query = if self.get {
            joined
        } else {
            r.body = joined;
            None
        };
        Ok(Request {
            http: r,
            query,
            warnings,
        })
    }

    /// Whether the flags can be sent to `url`: `-r` only over HTTP(S).
    ///
    /// # Errors
    ///
    /// The usage message naming the flag.
    pub fn check_scheme(&self, url: &UrlRef<'_>) -> Result<(), String> {
        if self.range.is_some() && !matches!(url.scheme_kind(), Scheme::Http | Scheme::Https) {
            return Err(format!(
                "-r: byte ranges are asked for over HTTP and HTTPS only so far, not {} (curl also reads them from FTP and file:)",
                url.scheme()
            ));
        }
        Ok(())
    }

    /// The login flags' user and password where the URL names none (and
    /// the netrc password of the URL's own user, when it has none): HTTP's
    /// go in `options` for its Authorization field (RFC 1738's http has no
    /// user in the URL), another scheme's in the URL returned, where its
    /// plan reads them.
    ///
    /// # Errors
    ///
    /// A [`LoginError`]: a user or password the URL cannot take, or a
    /// netrc file that cannot be parsed up to the entry the URL needs
    /// (curl's exit 26, [`LoginError::status`]).
    pub fn apply_user(
        &self,
        url: &UrlRef<'_>,
        options: &mut PlanOptions,
    ) -> Result<Option<Url>, LoginError> {
        match &self.user {
            Some(login) => login.apply(url, options),
            None => Ok(None),
        }
    }
}

impl LoginOptions {
    /// Whether a netrc file is to be read.
    fn wants_netrc(&self) -> bool {
        self.netrc || self.netrc_optional || self.netrc_file.is_some()
    }

    /// The flag that names the netrc file, for messages.
    fn netrc_flag(&self) -> &'static str {
        if self.netrc_file.is_some() {
            "--netrc-file"
        } else if self.netrc {
            "--netrc"
        } else {
            "--netrc-optional"
        }
    }

    /// See [`RequestOptions::apply_user`].
    fn apply(
        &self,
        url: &UrlRef<'_>,
        options: &mut PlanOptions,
    ) -> Result<Option<Url>, LoginError> {
        if let Some(user) = url.user() {
            // The URL's user wins; the file gives its password only when
            // neither the URL nor -u does (curl reads no netrc with -u),
            // from an entry with the same machine and login. curl's -n
            // would also put the file's password over the URL's: what the
            // command line spells out is kept here.
            if url.password().is_some() || self.user.is_some() {
                return Ok(None);
            }
            let Some((host, netrc)) = self.netrc_for(url)? else {
                return Ok(None);
            };
            let name = pct::decode(user.as_bytes());
            return match netrc.password(host, &name) {
                Ok(Some(password)) => Ok(Some(with_password(url, user, &password)?)),
                Ok(None) => Ok(None),
                Err(e) => Err(self.broken(e)),
            };
        }
        if let Some(user) = &self.user {
            let (name, password) = match user.split_once(':') {
                Some((n, p)) => (n, Some(p.as_bytes())),
                None => (user.as_str(), None),
            };
            return Ok(login(url, options, name.as_bytes(), password, "-u")?);
        }
        let Some((host, netrc)) = self.netrc_for(url)? else {
            return Ok(None);
        };
        let http = matches!(url.scheme_kind(), Scheme::Http | Scheme::Https);
        match netrc.login(host) {
            // An entry with a password and no login: curl sends Basic
            // credentials with an empty user, and crashes on FTP (7.88);
            // elsewhere "USER " would be sent, so the URL stays as it is.
            Ok(Some(l)) if l.user.is_empty() && !http => Ok(None),
            Ok(Some(l)) => Ok(login(url, options, &l.user, Some(&l.password), "--netrc")?),
            Ok(None) => Ok(None),
            Err(e) => Err(self.broken(e)),
        }
    }

    /// The URL's host and the netrc file, when one is asked for and the
    /// URL's scheme logs in (FTP, HTTP, HTTPS, NNTP, telnet: curl's
    /// protocols with credentials among Uniform's) at a named host.
    fn netrc_for<'u>(&self, url: &UrlRef<'u>) -> Result<Option<(&'u str, &Netrc)>, LoginError> {
        if !self.wants_netrc() {
            return Ok(None);
        }
        let logs_in = match url.scheme_kind() {
            Scheme::Http | Scheme::Https => true,
            // RFC 1738's nntpurl has no user: a file's `default` must not
            // make such a URL fail, where -u, asked for, does.
            Scheme::Ftp | Scheme::Nntp | Scheme::Telnet => {
                url.user().is_some() || url.to_url().set_user(Some("u")).is_ok()
            }
            _ => false,
        };
        let host = url.hostname().filter(|h| !h.is_empty());
        let (Some(host), true) = (host, logs_in) else {
            return Ok(None);
        };
        let read = self.read.get_or_init(|| self.read_netrc());
        match read {
            Ok(Some((_, netrc))) => Ok(Some((host, netrc))),
            Ok(None) => Ok(None),
            Err(e) => Err(e.clone()),
        }
    }

    /// The netrc file: --netrc-file's, else the first of the home
    /// directory's that can be read; `None` when there is none, which is
    /// no error for curl with any of its netrc options.
    fn read_netrc(&self) -> Result<Option<(PathBuf, Netrc)>, LoginError> {
        let files = match &self.netrc_file {
            Some(f) => vec![f.clone()],
            None => Netrc::home_files(),
        };
        for path in files {
            // A file too large to read is one curl would read, and might
            // fail on: the status is the parser's.
            let read = Netrc::read(&path).map_err(|e| LoginError {
                message: format!("{} {e}", self.netrc_flag()),
                status: Status::Exit(NETRC_EXIT),
            })?;
            if let Some(n) = read {
                return Ok(Some((path, n)));
            }
        }
        Ok(None)
    }

    /// The error for a syntax error of the netrc file read: curl's exit
    /// 26, the message naming the flag, the file and the line (never the
    /// token: it may be a password).
    fn broken(&self, e: SyntaxError) -> LoginError {
        let path = match self.read.get() {
            Some(Ok(Some((path, _)))) => path.display().to_string(),
            _ => "the netrc file".into(),
        };
        LoginError {
            message: format!("{} {path}: {e}", self.netrc_flag()),
            status: Status::Exit(NETRC_EXIT),
        }
    }
}

/// The URLs of a command line: the arguments and those of `--url`, in
/// the order given, as curl takes them.
#[derive(Clone, Debug, Default)]
pub struct Urls(pub Vec<OsString>);

impl clap::FromArgMatches for Urls {
    fn from_arg_matches(m: &ArgMatches) -> Result<Urls, clap::Error> {
        Ok(Urls(
            in_order(m, &["urls", "url"]).map(|(_, u)| u).collect(),
        ))
    }

    fn from_arg_matches_mut(m: &mut ArgMatches) -> Result<Urls, clap::Error> {
        // Without --url the positional URLs are taken out as they are, not
        // copied (a command line of many URLs holds them once).
        if m.indices_of("url").is_none() {
            let urls = m
                .try_remove_many::<OsString>("urls")
                .ok()
                .flatten()
                .map(Iterator::collect)
                .unwrap_or_default();
            return Ok(Urls(urls));
        }
        Urls::from_arg_matches(m)
    }

    fn update_from_arg_matches(&mut self, m: &ArgMatches) -> Result<(), clap::Error> {
        *self = Urls::from_arg_matches(m)?;
        Ok(())
    }
}

impl clap::Args for Urls {
    fn augment_args(cmd: clap::Command) -> clap::Command {
        cmd.arg(
            Arg::new("urls")
                .value_name("URL")
                .help("The URLs, in order")
                .action(ArgAction::Append)
                .value_parser(clap::value_parser!(OsString))
                .required_unless_present("url"),
        )
        .arg(
            Arg::new("url")
                .long("url")
                .value_name("URL")
                .help(
                    "One more URL, taken in its place among the others (curl's --url); repeatable",
                )
                .action(ArgAction::Append)
                .value_parser(clap::value_parser!(OsString)),
        )
    }

    fn augment_args_for_update(cmd: clap::Command) -> clap::Command {
        Urls::augment_args(cmd)
    }
}

/// The values of the arguments `ids`, each with its kind's position in
/// `ids`, in the order of the command line.
fn in_order<T: Clone + Send + Sync + 'static>(
    m: &ArgMatches,
    ids: &[&str],
) -> impl Iterator<Item = (usize, T)> {
    let mut all: Vec<(usize, usize, T)> = Vec::new();
    for (kind, id) in ids.iter().enumerate() {
        // An id this command does not have, or of another type, is none.
        let values = m.try_get_many::<T>(id).ok().flatten();
        let at = m.indices_of(id);
        if let (Some(values), Some(at)) = (values, at) {
            all.extend(at.zip(values).map(|(i, v)| (i, kind, v.clone())));
        }
    }
    all.sort_by_key(|&(i, _, _)| i);
    all.into_iter().map(|(_, kind, v)| (kind, v))
}

/// How one data argument is read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DataKind {
    /// `-d`: `@FILE` read without its CR and LF.
    Ascii,
    /// `--data-binary`: `@FILE` read as it is.
    Binary,
    /// `--data-raw`: as given, a leading `@` included.
    Raw,
    /// `--data-urlencode`: encoded as curl encodes it (see [`url_encoded`]).
    UrlEncode,
}

/// The data flags, each argument with how it is read, in the order
/// given: curl joins them so (clap's derive would keep the order of each
/// flag only).
#[derive(Clone, Debug, Default)]
pub struct DataOptions {
    /// Each argument and its kind, in the order of the command line.
    pub pieces: Vec<(DataKind, String)>,
}

/// The data flags: id, short, kind, help.
const DATA_FLAGS: [(&str, Option<char>, DataKind, &str); 4] = [
    (
        "data",
        Some('d'),
        DataKind::Ascii,
        "Send DATA in a POST, as a form (@FILE: the file without its line breaks; @-: standard input); repeatable, every data flag joined by '&' in order",
    ),
    (
        "data-binary",
        None,
        DataKind::Binary,
        "Send DATA as it is (@FILE: the file's octets, unchanged); repeatable",
    ),
    (
        "data-raw",
        None,
        DataKind::Raw,
        "Send DATA as it is, a leading '@' included; repeatable",
    ),
    (
        "data-urlencode",
        None,
        DataKind::UrlEncode,
        "Send DATA %-encoded as curl does: CONTENT, =CONTENT, NAME=CONTENT (NAME as it is), @FILE, NAME@FILE (the whole file; @-: standard input); space as '+'; repeatable",
    ),
];

impl clap::FromArgMatches for DataOptions {
    fn from_arg_matches(m: &ArgMatches) -> Result<DataOptions, clap::Error> {
        let ids = DATA_FLAGS.map(|(id, ..)| id);
        let pieces = in_order::<String>(m, &ids)
            .map(|(kind, v)| (DATA_FLAGS[kind].2, v))
            .collect();
        Ok(DataOptions { pieces })
    }

    fn update_from_arg_matches(&mut self, m: &ArgMatches) -> Result<(), clap::Error> {
        *self = DataOptions::from_arg_matches(m)?;
        Ok(())
    }
}

impl clap::Args for DataOptions {
    fn augment_args(cmd: clap::Command) -> clap::Command {
        DATA_FLAGS.iter().fold(cmd, |cmd, &(id, short, _, help)| {
            let arg = Arg::new(id)
                .long(id)
                .value_name("DATA")
                .help(help)
                .action(ArgAction::Append)
                .value_parser(clap::value_parser!(String));
            cmd.arg(match short {
                Some(c) => arg.short(c),
                None => arg,
            })
        })
    }

    fn augment_args_for_update(cmd: clap::Command) -> clap::Command {
        DataOptions::augment_args(cmd)
    }
}

/// curl's `-G`: `input`, the text of a URL, with `query` in its search
/// part: after `?` when it has none, appended after `&` to one that does
/// not end with `&` already (curl 7.88's `CURLU_APPENDQUERY`), before the
/// fragment; a URL without a path gets `/` first, as curl writes it. The
/// hex digits of each `%XX` of `query` go in lower case, as curl's URL
/// API writes a part it is given (`%2F` is sent `%2f`: the same octet).
/// `None` when nothing changes: data that is empty for a URL without a
/// search part, a URL that does not parse (its error is the caller's to
/// show), or a scheme other than HTTP(S), whose `?` would be data.
pub fn with_query(input: &[u8], query: &[u8], parse: ParseOptions) -> Option<Vec<u8>> {
    let text = std::str::from_utf8(input).ok()?;
    let url = parse.parse(text).ok()?;
    if !matches!(url.scheme_kind(), Scheme::Http | Scheme::Https) {
        return None;
    }
    let base = url.without_fragment();
    let mut out = base.as_bytes().to_vec();
    match url.query() {
        None if query.is_empty() => return None,
        None => {
            if url.has_authority() && url.path().is_none() {
                out.push(b'/');
            }
            out.push(b'?');
        }
        Some(q) if !q.is_empty() && !q.ends_with('&') => out.push(b'&'),
        Some(_) => {}
    }
    let mut rest = query;
    while let Some((&b, after)) = rest.split_first() {
        match after {
            [h, l, ..] if b == b'%' && h.is_ascii_hexdigit() && l.is_ascii_hexdigit() => {
                out.extend_from_slice(&[b'%', h.to_ascii_lowercase(), l.to_ascii_lowercase()]);
                rest = &after[2..];
            }
            _ => {
                out.push(b);
                rest = after;
            }
        }
    }
    out.extend_from_slice(&input[base.len()..]);
    Some(out)
}

/// One `--data-urlencode` argument, as curl 7.88 reads it: `NAME=CONTENT`
/// (the first `=`; an empty NAME sends CONTENT alone), else `NAME@FILE`
/// (the first `@`; `-` for standard input), else CONTENT; the content
/// encoded, NAME as it is.
fn url_encoded(arg: &str) -> Result<Vec<u8>, String> {
    let (name, content) = match arg.find('=') {
        Some(k) => (&arg[..k], arg.as_bytes()[k + 1..].to_vec()),
        None => match arg.split_once('@') {
            Some((name, path)) => (name, read_file(path, arg)?),
            None => ("", arg.as_bytes().to_vec()),
        },
    };
    let mut out = Vec::with_capacity(name.len() + 1 + content.len() * 3);
    if !name.is_empty() {
        out.extend_from_slice(name.as_bytes());
        out.push(b'=');
    }
    out.extend_from_slice(form_encoded(&content).as_bytes());
    Ok(out)
}

/// `bytes` as curl's `--data-urlencode` encodes them: the unreserved
/// characters of RFC 3986 (letters, digits, `-._~`) as they are, a space
/// as `+`, every other octet as `%XX` in capitals.
fn form_encoded(bytes: &[u8]) -> String {
    const HEX: &[u8; 16] = b"0123456789ABCDEF";
    let mut out = String::with_capacity(bytes.len() * 3);
    for &b in bytes {
        match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'.' | b'_' | b'~' => {
                out.push(b as char);
            }
            b' ' => out.push('+'),
            _ => {
                out.push('%');
                out.push(HEX[usize::from(b >> 4)] as char);
                out.push(HEX[usize::from(b & 15)] as char);
            }
        }
    }
    out
}

/// curl's `-r` text as it goes in the Range field, and the warning curl
/// gives for it: a lone number gets its dash (`5` asks for `5-`). Each
/// comma-separated part must be a byte range of RFC 9110 section 14.1.2
/// (`START-END`, `START-`, `-LAST`), where curl sends anything with a
/// warning.
fn byte_range(given: &str) -> Result<(String, Option<String>), String> {
    let bad = || {
        format!(
            "-r {given:?}: a range is START-END, START- or -LAST in octets, several joined by ','"
        )
    };
    if !given.is_empty() && given.bytes().all(|b| b.is_ascii_digit()) {
        let n: u64 = given.parse().map_err(|_| bad())?;
        let warning =
            format!("-r {given}: a range must hold a dash; asking for {n}-, as curl does");
        return Ok((format!("{n}-"), Some(warning)));
    }
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    let each = given.split(',').all(|part| match part.split_once('-') {
        Some(("", last)) => digits(last),
        Some((first, last)) => digits(first) && (last.is_empty() || digits(last)),
        None => false,
    });
    if each {
        Ok((given.to_string(), None))
    } else {
        Err(bad())
    }
}

/// Logs in to the URL, which names no user, as `name` with `password`/// Logs in to the URL, which names no user, as `name` with `password`
/// (`None`: asked for when the plan runs). `flag` names the option in an
/// error.
fn login(
    url: &UrlRef<'_>,
    options: &mut PlanOptions,
    name: &[u8],
    password: Option<&[u8]>,
    flag: &str,
) -> Result<Option<Url>, String> {
    if matches!(url.scheme_kind(), Scheme::Http | Scheme::Https) {
        if let Some(p) = password {
            options.credentials = Some((name.to_vec(), p.to_vec()));
            return Ok(None);
        }
        // curl asks for the password of `-u user`, as Uniform does for
        // a URL with a user and no password: the user goes in the URL
        // (a lenient parse takes it; RFC 1738's http has none).
        let s = url.as_str();
        let at = s.find("://").map_or(0, |k| k + 3);
        let user = pct::encode(name, &EncodeSet::USERINFO);
        let with_user = format!("{}{user}@{}", &s[..at], &s[at..]);
        return Url::parse(&with_user)
            .map(Some)
            .map_err(|e| format!("{flag}: {e}"));
    }
    // The URL's setters take text, so a name or password that is not
    // UTF-8 fits only HTTP's octets.
    let name = utf8(name, flag, "user name")?;
    let password = password.map(|p| utf8(p, flag, "password")).transpose()?;
    let mut owned = url.to_url();
    owned
        .set_user(Some(name))
        .and_then(|()| owned.set_password(password))
        .map_err(|e| format!("{flag}: {e}"))?;
    Ok(Some(owned))
}

/// `bytes` as text, or an error naming `what` (never its octets: it may be
/// a password).
fn utf8<'b>(bytes: &'b [u8], flag: &str, what: &str) -> Result<&'b str, String> {
    std::str::from_utf8(bytes).map_err(|_| format!("{flag}: the {what} is not UTF-8"))
}

/// The URL, whose user is `user` (as written) and which has no password,
/// with `password` after the user. HTTP's URL setters refuse a user
/// (RFC 1738's http has none), so the text is edited there and parsed
/// again, leniently, as for `-u user`.
fn with_password(url: &UrlRef<'_>, user: &str, password: &[u8]) -> Result<Url, String> {
    let fail = |e: &dyn std::fmt::Display| format!("--netrc: {e}");
    if matches!(url.scheme_kind(), Scheme::Http | Scheme::Https) {
        let s = url.as_str();
        let at = s.find("://").map_or(0, |k| k + 3) + user.len();
        let password = pct::encode(password, &EncodeSet::USERINFO);
        return Url::parse(&format!("{}:{password}{}", &s[..at], &s[at..])).map_err(|e| fail(&e));
    }
    let password = utf8(password, "--netrc", "password")?;
    let mut owned = url.to_url();
    owned.set_password(Some(password)).map_err(|e| fail(&e))?;
    Ok(owned)
}

/// One `-H` line: `Name: value`, `Name:` (remove), `Name;` (empty).
fn header(line: &str) -> Result<(String, Option<String>), String> {
    if let Some(name) = line.strip_suffix(';')
        && !name.contains(':')
    {
        return Ok((name.trim().to_string(), Some(String::new())));
    }
    let Some((name, value)) = line.split_once(':') else {
        return Err(format!(
            "-H {line:?}: a header field is \"Name: value\" (\"Name:\" removes one, \"Name;\" sends it empty)"
        ));
    };
    let value = value.trim_start_matches([' ', '\t']);
    let name = name.trim().to_string();
    Ok(if value.is_empty() {
        (name, None)
    } else {
        (name, Some(value.to_string()))
    })
}

/// The octets of one `-d` or `--data-binary` argument: `@FILE` read
/// (`@-` standard input), without its CR and LF for `-d` (as curl does).
fn data(arg: &str, strip_breaks: bool) -> Result<Vec<u8>, String> {
    let Some(path) = arg.strip_prefix('@') else {
        return Ok(arg.as_bytes().to_vec());
    };
    let mut bytes = read_file(path, arg)?;
    if strip_breaks {
        bytes.retain(|&b| b != b'\r' && b != b'\n');
    }
    Ok(bytes)
}

/// The octets of the file at `path` (`-`: standard input); an error
/// names `arg`, the argument that asked for it.
fn read_file(path: &str, arg: &str) -> Result<Vec<u8>, String> {
    let mut bytes = Vec::new();
    let read = if path == "-" {
        io::stdin().lock().read_to_end(&mut bytes).map(drop)
    } else {
        std::fs::File::open(path).and_then(|mut f| f.read_to_end(&mut bytes).map(drop))
    };
    read.map_err(|e| format!("{arg}: {e}"))?;
    Ok(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn header_lines_read_as_curl_reads_them() {
        assert_eq!(
            header("X-A: 1 2").unwrap(),
            ("X-A".into(), Some("1 2".into()))
        );
        assert_eq!(header("X-A:1").unwrap(), ("X-A".into(), Some("1".into())));
        assert_eq!(header("Accept:").unwrap(), ("Accept".into(), None));
        assert_eq!(
            header("X-Empty;").unwrap(),
            ("X-Empty".into(), Some(String::new()))
        );
        assert_eq!(
            header("X-B: a;").unwrap(),
            ("X-B".into(), Some("a;".into()))
        );
        assert!(header("no colon").is_err());
    }

    #[test]
    fn data_joins_with_ampersands_and_reads_files() {
        let dir = std::env::temp_dir().join(format!("uniform-request-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let f = dir.join("form.txt");
        std::fs::write(&f, b"x=1\r\ny=2\n").unwrap();
        let at = format!("@{}", f.display());
        let o = RequestOptions {
            data: DataOptions {
                pieces: vec![
                    (DataKind::Ascii, "a=1".into()),
                    (DataKind::Binary, at.clone()),
                    (DataKind::Ascii, at.clone()),
                    (DataKind::Raw, "@raw".into()),
                    (DataKind::UrlEncode, format!("f{at}")),
                ],
            },
            ..RequestOptions::default()
        };
        let r = o.http_request().unwrap();
        assert_eq!(
            r.http.body.as_deref(),
            Some(&b"a=1&x=1\r\ny=2\n&x=1y=2&@raw&f=x%3D1%0D%0Ay%3D2%0A"[..])
        );
        assert_eq!(r.http.method_name(), "POST");
        assert_eq!(r.query, None);
        let missing = RequestOptions {
            data: DataOptions {
                pieces: vec![(DataKind::Ascii, "@/nonexistent/uniform".into())],
            },
            ..RequestOptions::default()
        };
        assert!(missing.http_request().is_err());
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// The request flags of a command line, parsed as clap parses them.
    fn parsed(args: &[&str]) -> RequestOptions {
        #[derive(clap::Parser)]
        struct Cli {
            #[command(flatten)]
            request: RequestOptions,
        }
        <Cli as clap::Parser>::try_parse_from([&["t"], args].concat())
            .unwrap()
            .request
    }

    #[test]
    fn the_data_flags_keep_the_command_lines_order() {
        let o = parsed(&[
            "--data-raw",
            "r=1",
            "-d",
            "a=1",
            "--data-urlencode",
            "u=a b",
            "--data-binary",
            "b=1",
            "-d",
            "a=2",
        ]);
        let r = o.http_request().unwrap();
        assert_eq!(r.http.body.as_deref(), Some(&b"r=1&a=1&u=a+b&b=1&a=2"[..]));
    }

    #[test]
    fn data_urlencode_reads_its_five_forms_as_curl() {
        let dir = std::env::temp_dir().join(format!("uniform-urlencode-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let f = dir.join("f.txt");
        std::fs::write(&f, b"l1\r\nl2 \xC3\xA9\n").unwrap();
        let path = f.display().to_string();
        // What curl 7.88 sent for the same arguments.
        for (arg, want) in [
            ("plain content=&?/".to_string(), "plain content=%26%3F%2F"),
            ("=a b&c".to_string(), "a+b%26c"),
            ("name=v a/l".to_string(), "name=v+a%2Fl"),
            ("just text".to_string(), "just+text"),
            (format!("@{path}"), "l1%0D%0Al2+%C3%A9%0A"),
            (format!("n@{path}"), "n=l1%0D%0Al2+%C3%A9%0A"),
            ("a@b=c".to_string(), "a@b=c"),
        ] {
            assert_eq!(url_encoded(&arg).unwrap(), want.as_bytes(), "{arg}");
        }
        assert!(url_encoded("n@/nonexistent/uniform").is_err());
        let all: Vec<u8> = (0..=255).collect();
        let encoded = form_encoded(&all);
        assert!(encoded.starts_with("%00%01"), "{encoded}");
        assert!(encoded.contains("%1F+%21"), "{encoded}");
        assert!(encoded.contains("%2C-.%2F0123456789%3A"), "{encoded}");
        assert!(encoded.contains("%5E_%60abc"), "{encoded}");
        assert!(encoded.contains("%7D~%7F%80"), "{encoded}");
        assert!(encoded.ends_with("%FE%FF"), "{encoded}");
        // 66 unreserved octets and the space as one character each.
        assert_eq!(encoded.len(), 67 + 189 * 3);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn get_appends_the_data_to_the_query_as_curl() {
        let o = ParseOptions::new();
        let with = |url: &str, q: &str| {
            with_query(url.as_bytes(), q.as_bytes(), o).map(|v| String::from_utf8(v).unwrap())
        };
        // What curl 7.88 sent to the echo peer for each.
        assert_eq!(with("http://h/x", "a=1").as_deref(), Some("http://h/x?a=1"));
        assert_eq!(
            with("http://h/x?q=1", "a=1").as_deref(),
            Some("http://h/x?q=1&a=1")
        );
        assert_eq!(
            with("http://h/x?q=1&", "a=1").as_deref(),
            Some("http://h/x?q=1&a=1")
        );
        assert_eq!(
            with("http://h/x?", "a=1").as_deref(),
            Some("http://h/x?a=1")
        );
        assert_eq!(
            with("http://h/x#frag", "a=1").as_deref(),
            Some("http://h/x?a=1#frag")
        );
        assert_eq!(
            with("http://h:81", "a=1").as_deref(),
            Some("http://h:81/?a=1")
        );
        assert_eq!(
            with("http://h/x?q=1", "").as_deref(),
            Some("http://h/x?q=1&")
        );
        assert_eq!(with("http://h/x", ""), None);
        assert_eq!(
            with("http://h/x?a=%2F", "b=%2F%e9%zz%4").as_deref(),
            Some("http://h/x?a=%2F&b=%2f%e9%zz%4")
        );
        // Not HTTP: "?" would be part of the name.
        assert_eq!(with("ftp://h/x", "a=1"), None);
        assert_eq!(with("http://[", "a=1"), None);
        // -G turns the body into the query.
        let r = parsed(&["-G", "-d", "a=1", "--data-urlencode", "q=a b"])
            .http_request()
            .unwrap();
        assert_eq!(r.query.as_deref(), Some(&b"a=1&q=a+b"[..]));
        assert_eq!(r.http.body, None);
        assert_eq!(r.http.method_name(), "GET");
    }

    #[test]
    fn ranges_are_byte_ranges() {
        for ok in ["0-3", "5-", "-7", "0-0,-1", "1-2,4-"] {
            assert_eq!(byte_range(ok), Ok((ok.to_string(), None)), "{ok}");
        }
        let (range, warning) = byte_range("007").unwrap();
        assert_eq!(range, "7-");
        assert!(warning.is_some());
        for bad in ["", "a-b", "-", "1-2-3", "0-3,", "1 -2", "0-3\r\nX: y"] {
            assert!(byte_range(bad).is_err(), "{bad:?}");
        }
        assert!(byte_range("99999999999999999999999").is_err());
        let r = parsed(&["-r", "0-3", "-0"]).http_request().unwrap();
        assert_eq!(r.http.range.as_deref(), Some("0-3"));
        assert_eq!(r.http.version, HttpVersion::Http10);
        // The last of -0 and --http1.1 wins, as in curl.
        let r = parsed(&["-0", "--http1.1"]).http_request().unwrap();
        assert_eq!(r.http.version, HttpVersion::Http11);
        let o = parsed(&["-r", "1-2"]);
        assert!(
            o.check_scheme(&UrlRef::parse("https://h/").unwrap())
                .is_ok()
        );
        assert!(
            o.check_scheme(&UrlRef::parse("ftp://h/f").unwrap())
                .is_err()
        );
    }

    /// Options with `-u user`.
    fn with_user(user: &str) -> RequestOptions {
        RequestOptions {
            user: Some(LoginOptions {
                user: Some(user.into()),
                ..LoginOptions::default()
            }),
            ..RequestOptions::default()
        }
    }

    #[test]
    fn the_user_goes_where_the_scheme_reads_it() {
        let o = with_user("me:s3cr:et");
        let mut p = PlanOptions::default();
        let http = UrlRef::parse("http://h/").unwrap();
        assert_eq!(o.apply_user(&http, &mut p).unwrap(), None);
        assert_eq!(p.credentials, Some((b"me".to_vec(), b"s3cr:et".to_vec())));
        let ftp = UrlRef::parse("ftp://h/f").unwrap();
        let url = o
            .apply_user(&ftp, &mut PlanOptions::default())
            .unwrap()
            .unwrap();
        assert_eq!(url.as_str(), "ftp://me:s3cr%3Aet@h/f");
        let url = o
            .apply_user(&http, &mut PlanOptions::default())
            .map(|u| u.is_none());
        assert_eq!(url, Ok(true));
        let asked = with_user("me");
        let url = asked
            .apply_user(&http, &mut PlanOptions::default())
            .unwrap()
            .unwrap();
        assert_eq!(url.as_str(), "http://me@h/");
        // The URL's own user wins.
        let own = UrlRef::parse("ftp://you@h/f").unwrap();
        assert_eq!(
            o.apply_user(&own, &mut PlanOptions::default()).unwrap(),
            None
        );
    }

    /// Options reading the netrc file `text`, written to a fresh file.
    fn with_netrc(name: &str, text: &str) -> (RequestOptions, std::path::PathBuf) {
        let dir = std::env::temp_dir().join(format!(
            "uniform-request-netrc-{name}-{}",
            std::process::id()
        ));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("netrc");
        std::fs::write(&file, text).unwrap();
        let o = RequestOptions {
            user: Some(LoginOptions {
                netrc_file: Some(file),
                ..LoginOptions::default()
            }),
            ..RequestOptions::default()
        };
        (o, dir)
    }

    #[test]
    fn the_login_flags_are_none_unless_one_is_given() {
        // `plan` applies a login only when `user` is some: each of the
        // four flags must make it so, and no flag must leave it none.
        #[derive(clap::Parser)]
        struct Cli {
            #[command(flatten)]
            request: RequestOptions,
        }
        let parse = |args: &[&str]| {
            <Cli as clap::Parser>::try_parse_from([&["t"], args].concat())
                .unwrap()
                .request
                .user
        };
        assert!(parse(&[]).is_none());
        assert!(parse(&["-X", "PUT"]).is_none());
        let u = parse(&["-u", "me:pw"]).unwrap();
        assert_eq!(u.user.as_deref(), Some("me:pw"));
        assert!(!u.wants_netrc());
        for flags in [&["-n"][..], &["--netrc-optional"], &["--netrc-file", "f"]] {
            let login = parse(flags).unwrap();
            assert!(login.wants_netrc(), "{flags:?}");
            assert_eq!(login.user, None, "{flags:?}");
        }
    }

    #[test]
    fn the_netrc_login_goes_where_the_scheme_reads_it() {
        let (o, dir) = with_netrc(
            "where",
            "machine h login me password \"p w\"\nmachine H2 login ftpme password fpw\n",
        );
        let mut p = PlanOptions::default();
        let http = UrlRef::parse("http://h/").unwrap();
        assert_eq!(o.apply_user(&http, &mut p).unwrap(), None);
        assert_eq!(p.credentials, Some((b"me".to_vec(), b"p w".to_vec())));
        let ftp = UrlRef::parse("ftp://h2/f").unwrap();
        let url = o.apply_user(&ftp, &mut PlanOptions::default()).unwrap();
        assert_eq!(url.unwrap().as_str(), "ftp://ftpme:fpw@h2/f");
        // A host the file does not name, or a scheme without a login,
        // gets nothing.
        let mut p = PlanOptions::default();
        let other = UrlRef::parse("http://other/").unwrap();
        assert_eq!(o.apply_user(&other, &mut p).unwrap(), None);
        assert_eq!(p.credentials, None);
        let gopher = UrlRef::parse("gopher://h/").unwrap();
        assert_eq!(o.apply_user(&gopher, &mut p).unwrap(), None);
        assert_eq!(p.credentials, None);
        // RFC 1738's nntp has no user: the file's login is no error there.
        let nntp = UrlRef::parse("nntp://h/comp.x/1").unwrap();
        assert_eq!(o.apply_user(&nntp, &mut p).unwrap(), None);
        std::fs::remove_dir_all(&dir).unwrap();
        // An entry without a login: Basic with an empty user as curl,
        // but no "USER " to an FTP server.
        let (o, dir) = with_netrc("passwordonly", "default password pw\n");
        let mut p = PlanOptions::default();
        assert_eq!(o.apply_user(&http, &mut p).unwrap(), None);
        assert_eq!(p.credentials, Some((Vec::new(), b"pw".to_vec())));
        let ftp = UrlRef::parse("ftp://h2/f").unwrap();
        assert_eq!(o.apply_user(&ftp, &mut p).unwrap(), None);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn the_urls_user_then_u_then_netrc() {
        let (mut o, dir) = with_netrc(
            "order",
            "machine h login other password opw\nmachine h login me password pw\n",
        );
        // The URL's user and password: nothing else.
        let mut p = PlanOptions::default();
        let full = UrlRef::parse("ftp://me:mine@h/f").unwrap();
        assert_eq!(o.apply_user(&full, &mut p).unwrap(), None);
        // The URL's user alone: its own netrc password, never another's.
        let ftp = UrlRef::parse("ftp://me@h/f").unwrap();
        let url = o.apply_user(&ftp, &mut p).unwrap().unwrap();
        assert_eq!(url.as_str(), "ftp://me:pw@h/f");
        let http = UrlRef::parse("http://me@h/x").unwrap();
        let url = o.apply_user(&http, &mut p).unwrap().unwrap();
        assert_eq!(url.as_str(), "http://me:pw@h/x");
        assert_eq!(p.credentials, None);
        let stranger = UrlRef::parse("ftp://third@h/f").unwrap();
        assert_eq!(o.apply_user(&stranger, &mut p).unwrap(), None);
        // -u beats the file, and with it the file is not read at all.
        o.user.as_mut().unwrap().user = Some("u:upw".into());
        let bare = UrlRef::parse("ftp://h/f").unwrap();
        let url = o.apply_user(&bare, &mut p).unwrap().unwrap();
        assert_eq!(url.as_str(), "ftp://u:upw@h/f");
        assert_eq!(o.apply_user(&ftp, &mut p).unwrap(), None);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn netrc_errors_name_the_file_and_line_not_the_password() {
        let (o, dir) = with_netrc("broken", "machine h login me\npassword \"secret-pw\n");
        let http = UrlRef::parse("http://h/").unwrap();
        let e = o
            .apply_user(&http, &mut PlanOptions::default())
            .unwrap_err();
        let file = dir.join("netrc");
        assert_eq!(
            e.to_string(),
            format!(
                "--netrc-file {}: syntax error on line 2: a quoted string has no closing quote on its line",
                file.display()
            )
        );
        assert_eq!(e.status(), Status::Exit(NETRC_EXIT));
        // The URL's user looking for its password meets it too.
        let own = UrlRef::parse("ftp://me@h/f").unwrap();
        let e = o.apply_user(&own, &mut PlanOptions::default());
        assert_eq!(e.unwrap_err().status(), Status::Exit(26));
        // With -n, the message names that flag.
        let n = RequestOptions {
            user: Some(LoginOptions {
                netrc: true,
                ..LoginOptions::default()
            }),
            ..RequestOptions::default()
        };
        assert_eq!(n.user.as_ref().unwrap().netrc_flag(), "--netrc");
        // Other refusals stay usage errors: RFC 1738's nntp has no user.
        let nntp = UrlRef::parse("nntp://h/comp.x/1").unwrap();
        let e = with_user("me:pw").apply_user(&nntp, &mut PlanOptions::default());
        assert_eq!(e.unwrap_err().status(), Status::Usage);
        // A file that cannot be read, a missing one or a directory, is
        // none, as in curl 7.88.
        for unreadable in [dir.join("absent"), dir.clone()] {
            let o = RequestOptions {
                user: Some(LoginOptions {
                    netrc_file: Some(unreadable.clone()),
                    ..LoginOptions::default()
                }),
                ..RequestOptions::default()
            };
            let mut p = PlanOptions::default();
            assert_eq!(o.apply_user(&http, &mut p), Ok(None), "{unreadable:?}");
            assert_eq!(p.credentials, None);
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_netrc_file_too_large_is_refused_as_curl_refuses_a_broken_one() {
        let (o, dir) = with_netrc("large", "");
        let text = vec![b' '; uniform_access::netrc::MAX_FILE as usize + 1];
        std::fs::write(dir.join("netrc"), text).unwrap();
        let http = UrlRef::parse("http://h/").unwrap();
        let e = o
            .apply_user(&http, &mut PlanOptions::default())
            .unwrap_err();
        assert!(e.to_string().starts_with("--netrc-file "), "{e}");
        assert_eq!(e.status(), Status::Exit(NETRC_EXIT));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
