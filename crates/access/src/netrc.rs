//! The netrc file of curl's `-n`/`--netrc`, `--netrc-optional` and
//! `--netrc-file`: the login a host is given, read as curl 7.88 reads it.
//!
//! The grammar is ftp(1)'s as curl tokenizes it. Tokens are separated by
//! spaces, tabs and line ends. A token that begins with `"` runs to the
//! next `"` on the same line, with the escapes `\n`, `\r`, `\t` and `\X`
//! (X itself); without its closing quote, or ending in a lone `\`, it is a
//! syntax error. A token that begins with `#` makes the rest of its line a
//! comment (a `#` inside a token is part of it). Keywords, in any case:
//! `machine NAME` and `default` begin an entry; `login NAME`,
//! `password PW` and `account X` (ignored) belong to the entry they follow;
//! `macdef NAME` skips the rest of its line and the lines after it up to
//! an empty one. Any other token is ignored. curl 7.88 fails a transfer
//! whose lookup meets a syntax error (".netrc parser error", exit 26).
//!
//! An entry is for a host when its machine is the host, ASCII case
//! ignored, or when it is `default`. As curl, the entries are tried in
//! file order: the first one for the host with both a login and a
//! password wins, a `default` before a `machine` included (ftp(1) reads
//! it so too).

use std::fmt;
use std::io::Read;
use std::path::{Path, PathBuf};

/// The largest netrc file read: a few entries are expected, and a file
/// named on the command line (`/dev/zero`) must not take the memory.
///
/// # Example
///
/// ```
/// assert_eq!(uniform_access::netrc::MAX_FILE, 1 << 20);
/// ```
pub const MAX_FILE: u64 = 1024 * 1024;

/// A netrc file larger than [`MAX_FILE`]: curl would read it, and might
/// fail on it, so it is an error rather than no file.
///
/// # Example
///
/// ```
/// use uniform_access::netrc::{Netrc, TooLarge};
/// let path = std::env::temp_dir().join(format!("netrc-doc-{}", std::process::id()));
/// std::fs::write(&path, vec![b' '; 2 << 20]).unwrap();
/// let e: TooLarge = Netrc::read(&path).unwrap_err();
/// assert!(e.to_string().ends_with("larger than 1 MiB, too large for a netrc file"));
/// std::fs::remove_file(&path).unwrap();
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TooLarge {
    /// The file.
    pub path: PathBuf,
}

impl fmt::Display for TooLarge {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}: larger than {} MiB, too large for a netrc file",
            self.path.display(),
            MAX_FILE >> 20
        )
    }
}

impl std::error::Error for TooLarge {}

/// The login a netrc file gives: a user name and a password, either of
/// them possibly empty (curl sends the empty one of an entry that lacks
/// it).
///
/// # Example
///
/// ```
/// use uniform_access::netrc::Netrc;
/// let login = Netrc::parse(b"machine h login u password p").login("h").unwrap().unwrap();
/// assert_eq!((login.user.as_slice(), login.password.as_slice()), (&b"u"[..], &b"p"[..]));
/// assert_eq!(format!("{login:?}"), r#"Login { user: "u", password: "****" }"#);
/// ```
#[derive(Clone, PartialEq, Eq)]
pub struct Login {
    /// The user name, as the file spells it (quotes and escapes undone).
    pub user: Vec<u8>,
    /// The password, as the file spells it.
    pub password: Vec<u8>,
}

impl fmt::Debug for Login {
    // A debug print goes to logs and panics: the password stays hidden.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Login")
            .field("user", &String::from_utf8_lossy(&self.user))
            .field("password", &"****")
            .finish()
    }
}

/// Where a netrc file stops making sense, by its 1-based line.
///
/// # Example
///
/// ```
/// use uniform_access::netrc::Netrc;
/// let e = Netrc::parse(b"machine h\nlogin \"u").login("h").unwrap_err();
/// assert_eq!(e.line, 2);
/// assert!(e.to_string().starts_with("syntax error on line 2"));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SyntaxError {
    /// The line the bad token is on.
    pub line: usize,
    /// What is wrong with it; never the token itself, which may be a
    /// password.
    pub what: &'static str,
}

impl fmt::Display for SyntaxError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "syntax error on line {}: {}", self.line, self.what)
    }
}

/// One `machine` or `default` entry, as far as the file gives it.
#[derive(Clone, Default, PartialEq, Eq)]
struct Entry {
    /// The host it is for; `None` for `default`, which is for every host.
    machine: Option<Vec<u8>>,
    /// Its `login`, if it has one.
    login: Option<Vec<u8>>,
    /// Its `password`, if it has one.
    password: Option<Vec<u8>>,
}

impl Entry {
    /// Whether it gives `host` its login.
    fn is_for(&self, host: &str) -> bool {
        self.machine
            .as_deref()
            .is_none_or(|m| m.eq_ignore_ascii_case(host.as_bytes()))
    }

    /// Whether it has both a login and a password: curl looks no further.
    fn is_complete(&self) -> bool {
        self.login.is_some() && self.password.is_some()
    }
}

/// A netrc file, parsed: its entries up to the end or to its first
/// syntax error.
///
/// The error is kept rather than returned because curl reports it only
/// when it reads that far: an entry that settles the login before it
/// wins, and only a lookup that needs the rest of the file fails.
///
/// # Example
///
/// ```
/// use uniform_access::netrc::Netrc;
/// let n = Netrc::parse(b"machine a login x password y\nmachine b login \"broken");
/// assert!(n.login("a").unwrap().is_some());
/// assert!(n.login("b").is_err());
/// ```
#[derive(Clone, Default, PartialEq, Eq)]
pub struct Netrc {
    /// The entries, in file order; the last one may be cut short by
    /// `broken`.
    entries: Vec<Entry>,
    /// The syntax error the file ends at, if any.
    broken: Option<SyntaxError>,
}

impl fmt::Debug for Netrc {
    // As for `Login`: the entries hold passwords, so only their shape is
    // shown.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Netrc")
            .field("entries", &self.entries.len())
            .field("broken", &self.broken)
            .finish()
    }
}

/// The keyword whose value the next token is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Pending {
    /// `machine`: the host's name.
    Machine,
    /// `login`: the user name.
    Login,
    /// `password`: the password.
    Password,
    /// `account`: a value curl ignores.
    Account,
}

/// The entries being built, token by token.
#[derive(Default)]
struct Parser {
    /// The entries ended so far.
    entries: Vec<Entry>,
    /// The entry the tokens now belong to; none before the first.
    current: Option<Entry>,
    /// The keyword that takes the next token as its value.
    pending: Option<Pending>,
}

impl Parser {
    /// Takes one token; true when it was `macdef`, whose definition the
    /// caller skips.
    fn take(&mut self, token: Vec<u8>) -> bool {
        if let Some(pending) = self.pending.take() {
            match pending {
                Pending::Machine => self.begin(Some(token)),
                Pending::Login | Pending::Password => {
                    // Once an entry has both, curl stops reading: a later
                    // login or password in it is never seen.
                    if let Some(e) = self.current.as_mut().filter(|e| !e.is_complete()) {
                        let slot = if pending == Pending::Login {
                            &mut e.login
                        } else {
                            &mut e.password
                        };
                        *slot = Some(token);
                    }
                }
                Pending::Account => {}
            }
            return false;
        }
        let is = |k: &str| token.eq_ignore_ascii_case(k.as_bytes());
        if is("machine") {
            self.end();
            self.pending = Some(Pending::Machine);
        } else if is("default") {
            self.begin(None);
        } else if is("login") {
            self.pending = Some(Pending::Login);
        } else if is("password") {
            self.pending = Some(Pending::Password);
        } else if is("account") {
            self.pending = Some(Pending::Account);
        } else if is("macdef") {
            return true;
        }
        false
    }

    /// Ends the current entry and begins one for `machine`.
    fn begin(&mut self, machine: Option<Vec<u8>>) {
        self.end();
        self.current = Some(Entry {
            machine,
            ..Entry::default()
        });
    }

    /// Ends the current entry, if any.
    fn end(&mut self) {
        self.entries.extend(self.current.take());
    }
}

/// Whether `b` separates tokens. curl splits on space and tab, and ends
/// an unquoted token at any C `isspace` byte; a stray CR, VT or FF is
/// taken for a space here (curl ends the line at one that begins a
/// token).
fn is_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\r' | b'\x0b' | b'\x0c')
}

/// The next token of `line`, which is advanced past it; `None` at the end
/// of the line or at a comment.
fn next_token(line: &mut &[u8]) -> Result<Option<Vec<u8>>, &'static str> {
    let start = line
        .iter()
        .position(|&b| !is_space(b))
        .unwrap_or(line.len());
    let rest = &line[start..];
    match rest.first() {
        None | Some(b'#') => {
            *line = &[];
            Ok(None)
        }
        Some(b'"') => {
            let mut token = Vec::new();
            let mut escape = false;
            for (k, &b) in rest.iter().enumerate().skip(1) {
                if escape {
                    escape = false;
                    token.push(match b {
                        b'n' => b'\n',
                        b'r' => b'\r',
                        b't' => b'\t',
                        other => other,
                    });
                } else if b == b'\\' {
                    escape = true;
                } else if b == b'"' {
                    // curl steps over the byte after the closing quote as
                    // over a separator, whatever it is: `"a"b` is `a`.
                    *line = rest.get(k + 2..).unwrap_or_default();
                    return Ok(Some(token));
                } else {
                    token.push(b);
                }
            }
            Err(if escape {
                "a quoted string ends in a lone backslash"
            } else {
                "a quoted string has no closing quote on its line"
            })
        }
        Some(_) => {
            let end = rest.iter().position(|&b| is_space(b)).unwrap_or(rest.len());
            *line = &rest[end..];
            Ok(Some(rest[..end].to_vec()))
        }
    }
}

impl Netrc {
    /// Parses the text of a netrc file; what follows a syntax error is not
    /// read.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform_access::netrc::Netrc;
    /// let n = Netrc::parse(b"# comment\ndefault login anonymous password me@h");
    /// assert_eq!(n.login("any.host").unwrap().unwrap().user, b"anonymous");
    /// ```
    pub fn parse(text: &[u8]) -> Netrc {
        let mut parser = Parser::default();
        let mut broken = None;
        let mut in_macro = false;
        'lines: for (i, mut line) in text.split(|&b| b == b'\n').enumerate() {
            if in_macro {
                // curl ends a macro at a line that is empty or begins with
                // CR (a CRLF file's empty line); a line of spaces does not.
                in_macro = !(line.is_empty() || line[0] == b'\r');
                continue;
            }
            loop {
                match next_token(&mut line) {
                    Ok(None) => break,
                    Ok(Some(token)) => {
                        if parser.take(token) {
                            in_macro = true;
                            continue 'lines;
                        }
                    }
                    Err(what) => {
                        broken = Some(SyntaxError { line: i + 1, what });
                        break 'lines;
                    }
                }
            }
        }
        parser.end();
        Netrc {
            entries: parser.entries,
            broken,
        }
    }

    /// Reads and parses the netrc file at `path`; `None` when it cannot be
    /// read (missing, a directory, not permitted), which curl 7.88 takes
    /// for a file without entries, with any of its netrc options.
    ///
    /// # Errors
    ///
    /// [`TooLarge`]: the file is larger than [`MAX_FILE`].
    ///
    /// # Example
    ///
    /// ```
    /// use uniform_access::netrc::Netrc;
    /// assert_eq!(Netrc::read(std::path::Path::new("/nonexistent/netrc")), Ok(None));
    /// ```
    pub fn read(path: &Path) -> Result<Option<Netrc>, TooLarge> {
        // curl reads the file with fopen and fgets: one it cannot open or
        // read (a directory opens on Unix, and its read fails) gives no
        // login and no error, whatever the option.
        let Ok(file) = std::fs::File::open(path) else {
            return Ok(None);
        };
        let mut text = Vec::new();
        if file.take(MAX_FILE + 1).read_to_end(&mut text).is_err() {
            return Ok(None);
        }
        if text.len() as u64 > MAX_FILE {
            return Err(TooLarge {
                path: path.to_path_buf(),
            });
        }
        Ok(Some(Netrc::parse(&text)))
    }

    /// The files `--netrc` reads, the first that exists: `$HOME/.netrc`
    /// (the account's home directory when `HOME` is unset or empty), and
    /// on Windows then `_netrc` there, as curl 7.88 tries them. Empty when
    /// there is no home directory.
    ///
    /// # Example
    ///
    /// ```
    /// let files = uniform_access::netrc::Netrc::home_files();
    /// assert!(files.iter().all(|f| f.ends_with(".netrc") || f.ends_with("_netrc")));
    /// ```
    pub fn home_files() -> Vec<PathBuf> {
        let home = std::env::var_os("HOME")
            .filter(|h| !h.is_empty())
            .map(PathBuf::from)
            .or_else(std::env::home_dir);
        let Some(home) = home else {
            return Vec::new();
        };
        let mut files = vec![home.join(".netrc")];
        if cfg!(windows) {
            files.push(home.join("_netrc"));
        }
        files
    }

    /// The login for `host` (an IP literal without its brackets): the
    /// first entry for it with both a login and a password; else the
    /// first entry for it with either, the other empty; else none.
    ///
    /// # Errors
    ///
    /// The file's syntax error, when no complete entry for `host` comes
    /// before it.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform_access::netrc::Netrc;
    /// let n = Netrc::parse(b"machine H login u\nmachine h login v password w");
    /// assert_eq!(n.login("h").unwrap().unwrap().user, b"v");
    /// assert_eq!(n.login("other").unwrap(), None);
    /// ```
    pub fn login(&self, host: &str) -> Result<Option<Login>, SyntaxError> {
        let mut entries = self.entries.iter().filter(|e| e.is_for(host));
        if let Some(e) = entries.clone().find(|e| e.is_complete()) {
            return Ok(Some(Login {
                user: e.login.clone().unwrap_or_default(),
                password: e.password.clone().unwrap_or_default(),
            }));
        }
        self.whole()?;
        Ok(entries
            .find(|e| e.login.is_some() || e.password.is_some())
            .map(|e| Login {
                user: e.login.clone().unwrap_or_default(),
                password: e.password.clone().unwrap_or_default(),
            }))
    }

    /// The password of `user` (decoded) on `host`: that of the first entry
    /// for `host` whose login is `user`, byte for byte, and that has a
    /// password; else the empty one when such an entry has none; else
    /// none. An entry with another login, or none, gives its password to
    /// nobody else.
    ///
    /// # Errors
    ///
    /// As [`Netrc::login`].
    ///
    /// # Example
    ///
    /// ```
    /// use uniform_access::netrc::Netrc;
    /// let n = Netrc::parse(b"machine h login u password p\nmachine h login v");
    /// assert_eq!(n.password("h", b"u").unwrap(), Some(b"p".to_vec()));
    /// assert_eq!(n.password("h", b"v").unwrap(), Some(Vec::new()));
    /// assert_eq!(n.password("h", b"w").unwrap(), None);
    /// ```
    pub fn password(&self, host: &str, user: &[u8]) -> Result<Option<Vec<u8>>, SyntaxError> {
        let mut entries = self
            .entries
            .iter()
            .filter(|e| e.is_for(host) && e.login.as_deref() == Some(user));
        if let Some(e) = entries.clone().find(|e| e.password.is_some()) {
            return Ok(e.password.clone());
        }
        self.whole()?;
        Ok(entries.next().map(|_| Vec::new()))
    }

    /// Whether the whole file was read: the syntax error that stopped it.
    fn whole(&self) -> Result<(), SyntaxError> {
        self.broken.map_or(Ok(()), Err)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The login `text` gives `host`, as text.
    fn login(text: &str, host: &str) -> Option<(String, String)> {
        Netrc::parse(text.as_bytes()).login(host).unwrap().map(|l| {
            (
                String::from_utf8(l.user).unwrap(),
                String::from_utf8(l.password).unwrap(),
            )
        })
    }

    /// A login as [`login`] gives it.
    fn pair(user: &str, password: &str) -> Option<(String, String)> {
        Some((user.into(), password.into()))
    }

    #[test]
    fn machines_logins_and_passwords() {
        let text = "machine a.example login alice password apw\n\
                    machine b.example\n  login bob\n  password bpw\n";
        assert_eq!(login(text, "a.example"), pair("alice", "apw"));
        assert_eq!(login(text, "b.example"), pair("bob", "bpw"));
        assert_eq!(login(text, "c.example"), None);
        // Values may sit on the lines after their keywords, tabs between.
        let spread = "machine\th\n\nlogin\n me\tpassword\n\n pw";
        assert_eq!(login(spread, "h"), pair("me", "pw"));
        // A CRLF file reads the same.
        let crlf = "machine h\r\nlogin me\r\npassword pw\r\n";
        assert_eq!(login(crlf, "h"), pair("me", "pw"));
    }

    #[test]
    fn hosts_and_keywords_match_in_any_case() {
        assert_eq!(
            login("MACHINE LocalHost LOGIN me PASSWORD pw", "localhost"),
            pair("me", "pw")
        );
        assert_eq!(
            login("machine localhost login me password pw", "LOCALHOST"),
            pair("me", "pw")
        );
        // Values keep their case.
        assert_eq!(
            login("machine h login Me password PW", "h"),
            pair("Me", "PW")
        );
    }

    #[test]
    fn the_first_complete_entry_wins_default_included() {
        let text = "machine h login first password one\n\
                    machine h login second password two\n\
                    default login anon password guest\n";
        assert_eq!(login(text, "h"), pair("first", "one"));
        // Default, last, is for every other host.
        assert_eq!(login(text, "other"), pair("anon", "guest"));
        // Before a machine, it wins, as in curl and ftp(1).
        let first = "default login anon password guest\nmachine h login me password pw\n";
        assert_eq!(login(first, "h"), pair("anon", "guest"));
        // An entry for the host without a password yields to a later
        // complete one (curl), and is used when there is none.
        let half = "machine h login me\ndefault login anon password guest\n";
        assert_eq!(login(half, "h"), pair("anon", "guest"));
        assert_eq!(login("machine h login me\n", "h"), pair("me", ""));
        assert_eq!(login("machine h password pw\n", "h"), pair("", "pw"));
        // A default with neither gives nothing.
        assert_eq!(login("default\n", "h"), None);
        assert_eq!(login("machine h\n", "h"), None);
    }

    #[test]
    fn account_is_ignored_and_macdef_skipped_to_an_empty_line() {
        assert_eq!(
            login("machine h login me account acct password pw", "h"),
            pair("me", "pw")
        );
        let text = "macdef init\nmachine h login x password y\ncd /pub\n\n\
                    machine h login me password pw\n";
        assert_eq!(login(text, "h"), pair("me", "pw"));
        // A line of spaces does not end a macro, a CRLF empty line does.
        let spaces =
            "macdef init\nmachine h login x password y\n   \nmachine h login me password pw\n";
        assert_eq!(login(spaces, "h"), None);
        let crlf = "macdef init\r\nbinary\r\n\r\nmachine h login me password pw\r\n";
        assert_eq!(login(crlf, "h"), pair("me", "pw"));
        // Inside an entry, the entry goes on after the macro.
        let inside = "machine h login me macdef m\nget x\n\npassword pw\n";
        assert_eq!(login(inside, "h"), pair("me", "pw"));
    }

    #[test]
    fn comments_begin_a_token() {
        let text = "# machine h login x password y\n\
                    machine h login me password pw # the rest\n";
        assert_eq!(login(text, "h"), pair("me", "pw"));
        assert_eq!(
            login("  # indented\nmachine h login me password pw", "h"),
            pair("me", "pw")
        );
        // Inside a token, # is part of it.
        assert_eq!(
            login("machine h login me#x password p#w", "h"),
            pair("me#x", "p#w")
        );
        // A comment where the password would be leaves the entry without.
        assert_eq!(
            login("machine h login me password #pw\n", "h"),
            pair("me", "")
        );
    }

    #[test]
    fn quotes_and_escapes_as_curl_reads_them() {
        assert_eq!(
            login(r#"machine h login "m e" password "p\\w\"x""#, "h"),
            pair("m e", "p\\w\"x")
        );
        assert_eq!(
            login(r#"machine h login me password "a\tb\nc\rd\qe""#, "h"),
            pair("me", "a\tb\nc\rdqe")
        );
        assert_eq!(
            login(r#""machine" "h" login me password pw"#, "h"),
            pair("me", "pw")
        );
        assert_eq!(
            login(r#"machine h login "" password pw"#, "h"),
            pair("", "pw")
        );
        assert_eq!(
            login(r#"machine h login me password "p w"x"#, "h"),
            pair("me", "p w")
        );
        // A quote inside an unquoted token is part of it.
        assert_eq!(
            login(r#"machine h login me password p"w"#, "h"),
            pair("me", "p\"w")
        );
        let with_hash = r##"machine h login me password "#not a comment""##;
        assert_eq!(login(with_hash, "h"), pair("me", "#not a comment"));
    }

    #[test]
    fn a_broken_quote_is_an_error_unless_the_login_came_before() {
        let unterminated = Netrc::parse(b"machine h login me password \"pw\n");
        let e = unterminated.login("h").unwrap_err();
        assert_eq!(e.line, 1);
        assert!(e.to_string().contains("closing quote"), "{e}");
        assert!(!e.to_string().contains("pw"), "{e}");
        let backslash = Netrc::parse(b"machine h login me password \"pw\\");
        assert!(
            backslash
                .login("h")
                .unwrap_err()
                .to_string()
                .contains("backslash")
        );
        // A quote does not run on to the next line.
        let two_lines = Netrc::parse(b"machine h login me password \"a\nb\"\n");
        assert_eq!(two_lines.login("h").unwrap_err().line, 1);
        // curl stops at the first complete entry and never sees the error.
        let after = Netrc::parse(b"machine h login me password pw\nmachine x password \"oops\n");
        assert_eq!(after.login("h").unwrap().unwrap().password, b"pw");
        assert_eq!(after.login("other").unwrap_err().line, 2);
        let before = Netrc::parse(b"machine x password \"oops\nmachine h login me password pw\n");
        assert_eq!(before.login("h").unwrap_err().line, 1);
    }

    #[test]
    fn tokens_without_values_give_nothing() {
        // A machine at the end of the file names no host.
        assert_eq!(login("machine", "h"), None);
        assert_eq!(
            login("machine h login me password pw machine", "h"),
            pair("me", "pw")
        );
        assert_eq!(login("machine h login", "h"), None);
        assert_eq!(login("machine h login me password", "h"), pair("me", ""));
        // Outside an entry, a login belongs to nothing.
        assert_eq!(login("login me password pw", "h"), None);
        assert_eq!(login("", "h"), None);
    }

    #[test]
    fn the_urls_user_gets_only_its_own_password() {
        let n = Netrc::parse(
            b"machine h login other password opw\n\
              machine h password nobody\n\
              machine h login me password pw\n\
              machine H login me password later\n",
        );
        assert_eq!(n.password("h", b"me").unwrap(), Some(b"pw".to_vec()));
        assert_eq!(n.password("h", b"third").unwrap(), None);
        assert_eq!(n.password("h", b"ME").unwrap(), None);
        assert_eq!(n.password("x", b"me").unwrap(), None);
        let d = Netrc::parse(b"machine h login me\ndefault login me password dpw\n");
        assert_eq!(d.password("h", b"me").unwrap(), Some(b"dpw".to_vec()));
        let none = Netrc::parse(b"machine h login me\n");
        assert_eq!(none.password("h", b"me").unwrap(), Some(Vec::new()));
    }

    #[test]
    fn files_are_read_bounded_and_a_missing_one_is_none() {
        let dir = std::env::temp_dir().join(format!("uniform-netrc-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        assert_eq!(Netrc::read(&dir.join("absent")), Ok(None));
        let small = dir.join("small");
        std::fs::write(&small, b"machine h login me password pw\n").unwrap();
        let n = Netrc::read(&small).unwrap().unwrap();
        assert_eq!(n.login("h").unwrap().unwrap().user, b"me");
        let big = dir.join("big");
        let mut text = b"machine h login me password secret-pw\n".to_vec();
        text.resize(MAX_FILE as usize + 1, b' ');
        std::fs::write(&big, &text).unwrap();
        let e = Netrc::read(&big).unwrap_err().to_string();
        assert!(e.contains("1 MiB"), "{e}");
        assert!(!e.contains("secret-pw"), "{e}");
        // Exactly the limit is read.
        text.truncate(MAX_FILE as usize);
        std::fs::write(&big, &text).unwrap();
        assert!(Netrc::read(&big).unwrap().is_some());
        // As curl 7.88, a file that cannot be read is none, not an error.
        assert_eq!(Netrc::read(&dir), Ok(None), "a directory");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn debug_prints_hide_passwords() {
        let n = Netrc::parse(b"machine h login me password secret-pw");
        assert!(!format!("{n:?}").contains("secret-pw"));
        let l = n.login("h").unwrap().unwrap();
        assert!(!format!("{l:?}").contains("secret-pw"));
    }
}
