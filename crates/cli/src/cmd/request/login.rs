//! The login of `-u`, `-n`, `--netrc-optional` and `--netrc-file`: where
//! the URL names no user or password, and the netrc file read once.

use crate::cmd::Status;
use std::fmt;
use std::path::PathBuf;
use std::sync::OnceLock;
use uniform::pct::{self, EncodeSet};
use uniform::plan::PlanOptions;
use uniform::{Protocol, Url, UrlRef};
use uniform_access::netrc::{Netrc, SyntaxError};

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
    pub(super) read: OnceLock<Result<Option<(PathBuf, Netrc)>, LoginError>>,
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

impl LoginOptions {
    /// Whether a netrc file is to be read.
    pub(super) fn wants_netrc(&self) -> bool {
        self.netrc || self.netrc_optional || self.netrc_file.is_some()
    }

    /// The flag that names the netrc file, for messages.
    pub(super) fn netrc_flag(&self) -> &'static str {
        if self.netrc_file.is_some() {
            "--netrc-file"
        } else if self.netrc {
            "--netrc"
        } else {
            "--netrc-optional"
        }
    }

    /// See [`RequestOptions::apply_user`].
    pub(super) fn apply(
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
        let http = url.scheme_row().protocol == Some(Protocol::Http);
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
        let row = url.scheme_row();
        // RFC 1738's nntpurl has no user: a file's `default` must not
        // make such a URL fail, where -u, asked for, does. HTTP takes
        // credentials beside the URL, as a header.
        let logs_in = row.logs_in()
            && (row.protocol == Some(Protocol::Http)
                || url.user().is_some()
                || url.to_url().set_user(Some("u")).is_ok());
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

/// Logs in to the URL, which names no user, as `name` with `password`/// Logs in to the URL, which names no user, as `name` with `password`
/// (`None`: asked for when the plan runs). `flag` names the option in an
/// error.
pub(super) fn login(
    url: &UrlRef<'_>,
    options: &mut PlanOptions,
    name: &[u8],
    password: Option<&[u8]>,
    flag: &str,
) -> Result<Option<Url>, String> {
    if url.scheme_row().protocol == Some(Protocol::Http) {
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
pub(super) fn utf8<'b>(bytes: &'b [u8], flag: &str, what: &str) -> Result<&'b str, String> {
    std::str::from_utf8(bytes).map_err(|_| format!("{flag}: the {what} is not UTF-8"))
}

/// The URL, whose user is `user` (as written) and which has no password,
/// with `password` after the user. HTTP's URL setters refuse a user
/// (RFC 1738's http has none), so the text is edited there and parsed
/// again, leniently, as for `-u user`.
pub(super) fn with_password(url: &UrlRef<'_>, user: &str, password: &[u8]) -> Result<Url, String> {
    let fail = |e: &dyn std::fmt::Display| format!("--netrc: {e}");
    if url.scheme_row().protocol == Some(Protocol::Http) {
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
