//! What a request sends beyond the URL, with curl's options: `-X`, `-H`,
//! `-d`, `--data-binary`, `--data-raw`, `-I`, and the login of `-u`, `-n`,
//! `--netrc-optional` and `--netrc-file`. `fetch` sends it and `plan`
//! shows it, from the same flags.

use crate::cmd::Status;
use crate::netrc::{Netrc, SyntaxError};
use std::fmt;
use std::io::{self, Read};
use std::path::PathBuf;
use std::sync::OnceLock;
use uniform::pct::{self, EncodeSet};
use uniform::plan::{HttpRequest, PlanOptions};
use uniform::{Scheme, Url, UrlRef};

/// The request flags, shared by `fetch` and `plan`.
#[derive(clap::Args, Clone, Debug, Default)]
pub struct RequestOptions {
    /// HTTP method to use instead of GET (HEAD with -I, POST with -d)
    #[arg(short = 'X', long = "request", value_name = "METHOD")]
    pub method: Option<String>,
    /// Header field "Name: value" to send ("Name:" removes one Uniform sends, "Name;" sends it empty); repeatable
    #[arg(short = 'H', long = "header", value_name = "LINE")]
    pub header: Vec<String>,
    /// Send DATA in a POST, as a form (@FILE: the file without its line breaks; @-: standard input); repeatable, joined by '&'
    #[arg(short = 'd', long = "data", value_name = "DATA")]
    pub data: Vec<String>,
    /// Send DATA as it is (@FILE: the file's octets, unchanged); repeatable, joined by '&'
    #[arg(long = "data-binary", value_name = "DATA")]
    pub data_binary: Vec<String>,
    /// Send DATA as it is, a leading '@' included; repeatable, joined by '&'
    #[arg(long = "data-raw", value_name = "DATA")]
    pub data_raw: Vec<String>,
    /// Only the head: an HTTP HEAD request, its response head printed
    #[arg(short = 'I', long = "head")]
    pub head: bool,
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

impl RequestOptions {
    /// The HTTP request these flags describe: the files of `@FILE` read
    /// now, so that a plan shows the length of what will be sent.
    pub fn http_request(&self) -> Result<HttpRequest, String> {
        let mut r = HttpRequest::default();
        r.method = self.method.clone();
        r.head_only = self.head;
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
        // curl joins every -d, --data-binary and --data-raw with '&', in
        // the order of their kinds here (clap keeps each kind's order).
        let mut parts: Vec<Vec<u8>> = Vec::new();
        for d in &self.data {
            parts.push(data(d, true)?);
        }
        for d in &self.data_binary {
            parts.push(data(d, false)?);
        }
        for d in &self.data_raw {
            parts.push(d.clone().into_bytes());
        }
        if !parts.is_empty() {
            r.body = Some(parts.join(&b'&'));
        }
        Ok(r)
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

/// Logs in to the URL, which names no user, as `name` with `password`
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
    let mut bytes = Vec::new();
    let read = if path == "-" {
        io::stdin().lock().read_to_end(&mut bytes).map(drop)
    } else {
        std::fs::File::open(path).and_then(|mut f| f.read_to_end(&mut bytes).map(drop))
    };
    read.map_err(|e| format!("{arg}: {e}"))?;
    if strip_breaks {
        bytes.retain(|&b| b != b'\r' && b != b'\n');
    }
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
            data: vec!["a=1".into(), at.clone()],
            data_binary: vec![at],
            data_raw: vec!["@raw".into()],
            ..RequestOptions::default()
        };
        let r = o.http_request().unwrap();
        assert_eq!(
            r.body.as_deref(),
            Some(&b"a=1&x=1y=2&x=1\r\ny=2\n&@raw"[..])
        );
        assert_eq!(r.method_name(), "POST");
        let missing = RequestOptions {
            data: vec!["@/nonexistent/uniform".into()],
            ..RequestOptions::default()
        };
        assert!(missing.http_request().is_err());
        std::fs::remove_dir_all(&dir).unwrap();
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
        let text = vec![b' '; crate::netrc::MAX_FILE as usize + 1];
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
