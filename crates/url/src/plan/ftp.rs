//! FTP (RFC 1738 sections 3.2.1 to 3.2.3, over RFC 959): the plan as
//! data. [`FtpPlan::commands`] lists the control-connection commands in
//! the order they go; each [`FtpCommand`] is one wire line. The executor
//! sends exactly these, and `uniform plan` renders them.
//!
//! With curl's `-I` ([`HttpRequest::head_only`](super::HttpRequest)) the
//! plan reads no data: [`FtpAction::Head`] asks `MDTM`, `SIZE` and
//! `REST 0` about the file instead, as curl does.
//!
//! When the control connection may serve another URL after this one
//! ([`HttpRequest::keep_alive`](super::HttpRequest): several URLs in one
//! run), `PWD` follows the login, as curl sends it: the directory the
//! login reached is where a later URL of the same server and user starts
//! its relative `CWD`s from, on this connection instead of a new one.

use super::options::PlanOptions;
use super::refusal::PlanError;
use super::step::{Endpoint, Line, Step, Transfer};
use crate::prelude::*;
use crate::schemes::ftp::{FtpUrl, Typecode};

/// Name suffixes whose files are text, for the guess RFC 1738 section
/// 3.2.3 asks for when the typecode is absent ("the data content type of a
/// file can only be guessed from the name, e.g., from the suffix").
/// Anything else goes in image type, which never corrupts a file.
const TEXT_SUFFIXES: &[&str] = &[
    "txt", "text", "asc", "htm", "html", "shtml", "xml", "css", "csv", "tsv", "md", "rst", "tex",
    "ps", "eps", "c", "h", "cc", "cpp", "hpp", "rs", "py", "pl", "sh", "java", "js", "json",
    "toml", "yaml", "yml", "ini", "cfg", "conf", "log", "diff", "patch", "readme", "me", "doc1",
    "man", "1", "2", "3", "4", "5", "6", "7", "8",
];

/// The type RFC 1738 section 3.2.3 guesses from a decoded name.
///
/// # Example
///
/// ```
/// use uniform::plan::guess_ftp_type;
/// use uniform::schemes::Typecode;
/// assert_eq!(guess_ftp_type(b"motd"), Typecode::Image);
/// assert_eq!(guess_ftp_type(b"rfc1738.txt"), Typecode::Ascii);
/// assert_eq!(guess_ftp_type(b"README"), Typecode::Ascii);
/// ```
pub fn guess_ftp_type(name: &[u8]) -> Typecode {
    let name = String::from_utf8_lossy(name).to_ascii_lowercase();
    if matches!(
        name.as_str(),
        "readme" | "install" | "copying" | "changes" | "news" | "todo" | "makefile"
    ) {
        return Typecode::Ascii;
    }
    match name.rsplit_once('.') {
        Some((_, ext)) if TEXT_SUFFIXES.contains(&ext) => Typecode::Ascii,
        _ => Typecode::Image,
    }
}

/// The RFC 1738 section 3.2 access algorithm: log in (the anonymous
/// convention when the URL names no user), one CWD per cwd segment with a
/// null argument for an empty one, TYPE, then RETR, NLST (typecode d) or
/// LIST (an empty name). Without a typecode, a note tells the fallback
/// for a RETR refused with 550: the name listed as a directory.
/// The representation type of RFC 959 section 3.1.1 that RETR uses.
///
/// # Example
///
/// ```
/// use uniform::plan::FtpType;
/// assert_eq!(FtpType::Image.code(), "I");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FtpType {
    /// `TYPE A`: text, whose line ends the client makes local.
    Ascii,
    /// `TYPE I`: the octets as stored.
    Image,
}

impl FtpType {
    /// The argument of the TYPE command.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::plan::FtpType;
    /// assert_eq!(FtpType::Ascii.code(), "A");
    /// ```
    pub fn code(self) -> &'static str {
        match self {
            FtpType::Ascii => "A",
            FtpType::Image => "I",
        }
    }
}

/// The password the PASS command carries.
///
/// # Example
///
/// ```
/// use uniform::plan::{FtpCommand, FtpPassword};
/// let pass = FtpCommand::Pass(FtpPassword::Given(b"secret".to_vec()));
/// assert_eq!(pass.line().to_string(), "PASS ****");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum FtpPassword {
    /// The URL's password, decoded.
    Given(Vec<u8>),
    /// The user's mail address, for anonymous FTP (RFC 1738 section
    /// 3.2.1).
    Anonymous(Vec<u8>),
    /// The URL names a user and no password: the user is asked.
    Prompted,
}

/// One FTP command: a line on the control connection (RFC 959 section 4.1).
///
/// # Example
///
/// ```
/// use uniform::plan::FtpCommand;
/// let cwd = FtpCommand::Cwd(b"etc".to_vec());
/// assert_eq!(cwd.line().wire(), Some(b"CWD etc".to_vec()));
/// assert_eq!(cwd.expect(), &[250]);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum FtpCommand {
    /// `USER name`.
    User(Vec<u8>),
    /// `PASS password`, a secret.
    Pass(FtpPassword),
    /// `PWD` (RFC 959 section 4.1.3): the directory the login reached,
    /// named in the 257 reply, for a later URL on the same connection.
    Pwd,
    /// `CWD segment`; an empty segment is `CWD ` with a null argument.
    Cwd(Vec<u8>),
    /// `TYPE A` or `TYPE I`.
    Type(FtpType),
    /// `EPSV` (RFC 2428): the server names a port for the data.
    Epsv,
    /// `PASV`: the server names an address and port for the data.
    Pasv,
    /// `PORT h1,h2,h3,h4,p1,p2`: the client names where it listens.
    Port([u8; 6]),
    /// `SIZE name` (RFC 3659): the size of a file, for progress, and
    /// the Content-Length of curl's `-I`.
    Size(Vec<u8>),
    /// `MDTM name` (RFC 3659 section 3): the time a file was last
    /// modified, the Last-Modified of curl's `-I`.
    Mdtm(Vec<u8>),
    /// `REST offset` (RFC 3659 section 5): where the next transfer
    /// starts. curl's `-I` sends `REST 0`: a 350 says the server can
    /// resume (`Accept-ranges: bytes`), and the offset changes nothing.
    Rest(u64),
    /// `RETR name`.
    Retr(Vec<u8>),
    /// `NLST` or `NLST name`: a name list.
    Nlst(Option<Vec<u8>>),
    /// `LIST` or `LIST name`: the server's directory listing.
    List(Option<Vec<u8>>),
    /// `QUIT`.
    Quit,
}

impl FtpCommand {
    /// The line as it goes on the wire, without CR LF; a password is a
    /// secret piece, shown `****`.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::plan::FtpCommand;
    /// assert_eq!(FtpCommand::Port([127, 0, 0, 1, 4, 1]).line().to_string(), "PORT 127,0,0,1,4,1");
    /// ```
    pub fn line(&self) -> Line {
        let with = |verb: &str, arg: &Option<Vec<u8>>| match arg {
            Some(a) => Line::text(verb).and(" ").and(a),
            None => Line::text(verb),
        };
        match self {
            FtpCommand::User(u) => Line::text("USER ").and(u),
            FtpCommand::Pass(FtpPassword::Given(p) | FtpPassword::Anonymous(p)) => {
                Line::text("PASS ").secret(p)
            }
            FtpCommand::Pass(FtpPassword::Prompted) => Line::text("PASS ").prompted(),
            FtpCommand::Pwd => Line::text("PWD"),
            FtpCommand::Cwd(s) => Line::text("CWD ").and(s),
            FtpCommand::Type(t) => Line::text("TYPE ").and(t.code()),
            FtpCommand::Epsv => Line::text("EPSV"),
            FtpCommand::Pasv => Line::text("PASV"),
            FtpCommand::Port(p) => Line::text(format!(
                "PORT {},{},{},{},{},{}",
                p[0], p[1], p[2], p[3], p[4], p[5]
            )),
            FtpCommand::Size(n) => Line::text("SIZE ").and(n),
            FtpCommand::Mdtm(n) => Line::text("MDTM ").and(n),
            FtpCommand::Rest(offset) => Line::text(format!("REST {offset}")),
            FtpCommand::Retr(n) => Line::text("RETR ").and(n),
            FtpCommand::Nlst(n) => with("NLST", n),
            FtpCommand::List(n) => with("LIST", n),
            FtpCommand::Quit => Line::text("QUIT"),
        }
    }

    /// The reply codes that let the dialogue go on (RFC 959 section 5.4):
    /// for a transfer, the preliminary reply (150 or 125); the transfer's
    /// completion (226 or 250) is [`FtpCommand::COMPLETE`].
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::plan::FtpCommand;
    /// assert_eq!(FtpCommand::Retr(b"x".to_vec()).expect(), &[150, 125]);
    /// ```
    pub fn expect(&self) -> &'static [u16] {
        match self {
            FtpCommand::User(_) => &[230, 331],
            FtpCommand::Pass(_) => &[230, 202],
            FtpCommand::Pwd => &[257],
            FtpCommand::Cwd(_) => &[250],
            FtpCommand::Type(_) | FtpCommand::Port(_) => &[200],
            FtpCommand::Epsv => &[229],
            FtpCommand::Pasv => &[227],
            FtpCommand::Size(_) | FtpCommand::Mdtm(_) => &[213],
            FtpCommand::Rest(_) => &[350],
            FtpCommand::Retr(_) | FtpCommand::Nlst(_) | FtpCommand::List(_) => &[150, 125],
            FtpCommand::Quit => &[221],
        }
    }

    /// The reply that ends a transfer well.
    pub const COMPLETE: &'static [u16] = &[226, 250];

    /// The greeting a server sends on connection.
    pub const GREETING: &'static [u16] = &[220];
}

/// What the plan does once in the directory.
///
/// # Example
///
/// ```
/// use uniform::{UrlRef, plan::{Dialogue, FtpAction, PlanOptions, plan}};
/// let p = plan(&UrlRef::parse("ftp://h/pub/;type=d")?, &PlanOptions::default()).unwrap();
/// let Dialogue::Ftp(ftp) = p.dialogue() else { unreachable!() };
/// assert_eq!(ftp.action, FtpAction::Nlst(None));
/// # Ok::<_, uniform::ParseError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum FtpAction {
    /// RETR the file.
    Retr {
        /// The decoded file name.
        name: Vec<u8>,
        /// No typecode said the name is a file: a RETR refused with 550
        /// is followed by `CWD name`, `TYPE A` and `LIST` (libwww's
        /// reading, HTFTP.c).
        directory_fallback: bool,
    },
    /// NLST, of the name when there is one (typecode `d`).
    Nlst(Option<Vec<u8>>),
    /// LIST the directory reached (an empty name).
    List,
    /// curl's `-I` (`--head`, [`HttpRequest::head_only`](super::HttpRequest)):
    /// no data connection, and no data. After the CWDs, `MDTM name`,
    /// `TYPE I`, `SIZE name` and `REST 0`, in curl's order; their answers
    /// are written as curl writes them, `Last-Modified`, `Content-Length`
    /// and `Accept-ranges` lines, a refused one left out, except that
    /// `SIZE` refused with 550 means there is no such file. A name that a
    /// typecode `d` names is asked about the same way, as curl does. An
    /// empty name (a URL ending in `/`) asks nothing after the CWDs, and
    /// the head is empty, as curl's is for a directory.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::{UrlRef, plan::{Dialogue, FtpAction, PlanOptions, plan}};
    /// let mut o = PlanOptions::default();
    /// o.http.head_only = true;
    /// let p = plan(&UrlRef::parse("ftp://h/pub/hello.txt")?, &o).unwrap();
    /// let Dialogue::Ftp(ftp) = p.dialogue() else { unreachable!() };
    /// assert_eq!(ftp.action, FtpAction::Head { name: b"hello.txt".to_vec() });
    /// let lines: Vec<String> = ftp.commands().iter().map(|c| c.line().to_string()).collect();
    /// assert_eq!(
    ///     lines,
    ///     ["USER anonymous", "PASS ****", "CWD pub", "MDTM hello.txt", "TYPE I",
    ///      "SIZE hello.txt", "REST 0", "QUIT"]
    /// );
    /// # Ok::<_, uniform::ParseError>(())
    /// ```
    Head {
        /// The decoded file name; empty for a directory URL.
        name: Vec<u8>,
    },
}

/// The FTP dialogue of one URL.
///
/// # Example
///
/// ```
/// use uniform::{UrlRef, plan::{Dialogue, FtpCommand, PlanOptions, plan}};
/// let p = plan(&UrlRef::parse("ftp://myname@host.dom/%2Fetc/motd")?, &PlanOptions::default()).unwrap();
/// let Dialogue::Ftp(ftp) = p.dialogue() else { unreachable!() };
/// let lines: Vec<String> = ftp.commands().iter().map(|c| c.line().to_string()).collect();
/// assert_eq!(lines, ["USER myname", "PASS ****", "CWD /etc", "TYPE I", "RETR motd", "QUIT"]);
/// # Ok::<_, uniform::ParseError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct FtpPlan {
    /// The server.
    pub endpoint: Endpoint,
    /// The decoded user name; `anonymous` when the URL has none.
    pub user: Vec<u8>,
    /// The password PASS sends when USER is answered 331.
    pub password: FtpPassword,
    /// The decoded cwd segments, one CWD each.
    pub cwd: Vec<Vec<u8>>,
    /// `PWD` after the login: the connection may be kept for another URL
    /// ([`HttpRequest::keep_alive`](super::HttpRequest)), which then
    /// returns to this directory before its own `CWD`s.
    pub pwd: bool,
    /// The representation type.
    pub ftp_type: FtpType,
    /// True when no typecode was given and the type is guessed from the
    /// name (RFC 1738 section 3.2.3).
    pub type_guessed: bool,
    /// RETR, NLST, LIST, or curl's `-I`.
    pub action: FtpAction,
    /// RETR from this octet on (`REST`, RFC 3659 section 5; curl's `-C`).
    pub rest: Option<u64>,
}

impl FtpPlan {
    /// The commands in the order they go, QUIT last; `PWD` after the
    /// login when [`FtpPlan::pwd`] says so. The data connection
    /// (EPSV, else PASV, else PORT) is opened before the transfer command;
    /// it depends on the server's answers, so it is not listed. A
    /// [`FtpAction::Head`] has no transfer command: `MDTM`, `TYPE I`,
    /// `SIZE` and `REST 0` instead (nothing for an empty name).
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::{UrlRef, plan::{Dialogue, FtpCommand, PlanOptions, plan}};
    /// let p = plan(&UrlRef::parse("ftp://h/a.txt")?, &PlanOptions::default()).unwrap();
    /// let Dialogue::Ftp(ftp) = p.dialogue() else { unreachable!() };
    /// assert_eq!(ftp.commands().last(), Some(&FtpCommand::Quit));
    /// # Ok::<_, uniform::ParseError>(())
    /// ```
    pub fn commands(&self) -> Vec<FtpCommand> {
        let mut out = vec![
            FtpCommand::User(self.user.clone()),
            FtpCommand::Pass(self.password.clone()),
        ];
        if self.pwd {
            out.push(FtpCommand::Pwd);
        }
        out.extend(self.cwd.iter().cloned().map(FtpCommand::Cwd));
        match &self.action {
            FtpAction::Head { name } if name.is_empty() => {}
            // curl's order: MDTM before TYPE, SIZE after it (SIZE counts
            // in the type set), then REST 0.
            FtpAction::Head { name } => out.extend([
                FtpCommand::Mdtm(name.clone()),
                FtpCommand::Type(self.ftp_type),
                FtpCommand::Size(name.clone()),
                FtpCommand::Rest(0),
            ]),
            _ => {
                out.push(FtpCommand::Type(self.ftp_type));
                if let (Some(n), FtpAction::Retr { .. }) = (self.rest, &self.action) {
                    out.push(FtpCommand::Rest(n));
                }
                out.push(self.transfer_command());
            }
        }
        out.push(FtpCommand::Quit);
        out
    }

    /// The command that starts the transfer: RETR, NLST or LIST. A
    /// [`FtpAction::Head`] opens no data connection: for it, the
    /// `SIZE name` whose answer is the length.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::{UrlRef, plan::{Dialogue, FtpCommand, PlanOptions, plan}};
    /// let p = plan(&UrlRef::parse("ftp://h/pub/")?, &PlanOptions::default()).unwrap();
    /// let Dialogue::Ftp(ftp) = p.dialogue() else { unreachable!() };
    /// assert_eq!(ftp.transfer_command(), FtpCommand::List(None));
    /// # Ok::<_, uniform::ParseError>(())
    /// ```
    pub fn transfer_command(&self) -> FtpCommand {
        match &self.action {
            FtpAction::Retr { name, .. } => FtpCommand::Retr(name.clone()),
            FtpAction::Nlst(name) => FtpCommand::Nlst(name.clone()),
            FtpAction::List => FtpCommand::List(None),
            FtpAction::Head { name } => FtpCommand::Size(name.clone()),
        }
    }

    /// How the data is read. A [`FtpAction::Head`] reads none: for it,
    /// the image type its `SIZE` is asked in.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::{UrlRef, plan::{Dialogue, PlanOptions, Transfer, plan}};
    /// let p = plan(&UrlRef::parse("ftp://h/x;type=a")?, &PlanOptions::default()).unwrap();
    /// let Dialogue::Ftp(ftp) = p.dialogue() else { unreachable!() };
    /// assert_eq!(ftp.transfer(), Transfer::FtpAscii);
    /// # Ok::<_, uniform::ParseError>(())
    /// ```
    pub fn transfer(&self) -> Transfer {
        match (&self.action, self.ftp_type) {
            (FtpAction::List, _) => Transfer::FtpList,
            (FtpAction::Nlst(_), _) => Transfer::FtpNameList,
            (FtpAction::Retr { .. }, FtpType::Ascii) => Transfer::FtpAscii,
            (FtpAction::Retr { .. }, FtpType::Image) => Transfer::FtpImage,
            (FtpAction::Head { .. }, _) => Transfer::FtpImage,
        }
    }

    /// The plan as steps, for `uniform plan`.
    pub(crate) fn render(&self, out: &mut Vec<Step>) {
        out.push(Step::Connect(self.endpoint.clone()));
        out.push(Step::Expect(FtpCommand::GREETING.to_vec()));
        for command in self.commands() {
            match &command {
                FtpCommand::Pass(_) => {
                    out.push(Step::Note(
                        "PASS only if the server asks for it (331)".into(),
                    ));
                }
                FtpCommand::Pwd => out.push(Step::Note(
                    "PWD: the directory the login reached, kept with the connection; \
                     a later URL of this server and user in another directory sends \
                     CWD to it, then its own CWDs, instead of logging in again \
                     (a refused PWD: a new connection then)"
                        .into(),
                )),
                FtpCommand::Type(t) if self.type_guessed => out.push(Step::Note(format!(
                    "no ;type= in the URL: type {} guessed from the name (RFC 1738 section 3.2.3)",
                    t.code()
                ))),
                FtpCommand::Retr(_) | FtpCommand::Nlst(_) | FtpCommand::List(_) => {
                    out.push(Step::Note(
                        "data connection: EPSV, else PASV, else PORT".into(),
                    ));
                    if matches!(self.action, FtpAction::List) {
                        out.push(Step::Note(
                            "LIST: the server's own form, read as Unix or MS-DOS lines".into(),
                        ));
                    }
                }
                FtpCommand::Mdtm(_) => out.push(Step::Note(
                    "curl's -I: no data connection; the answers to MDTM, SIZE and REST 0 \
                     are written as the lines Last-Modified, Content-Length and \
                     Accept-ranges, a refused one left out"
                        .into(),
                )),
                FtpCommand::Size(_) => out.push(Step::Note(
                    "SIZE refused with 550: no such file (a directory has no size), \
                     and the access fails"
                        .into(),
                )),
                FtpCommand::Quit if self.action == (FtpAction::Head { name: Vec::new() }) => {
                    out.push(Step::Note(
                        "curl's -I of a directory: nothing is asked after the CWDs, \
                         and the head is empty"
                            .into(),
                    ));
                }
                _ => {}
            }
            super::step::send(out, command.line());
            out.push(Step::Expect(command.expect().to_vec()));
            if matches!(
                command,
                FtpCommand::Retr(_) | FtpCommand::Nlst(_) | FtpCommand::List(_)
            ) {
                out.push(Step::Read(self.transfer()));
                if let FtpAction::Retr {
                    directory_fallback: true,
                    ..
                } = self.action
                {
                    out.push(Step::Note(
                        "no ;type= in the URL: if RETR is refused with 550, CWD to the name, \
                         then TYPE A and LIST it as a directory (a refused CWD leaves the 550)"
                            .into(),
                    ));
                }
                out.push(Step::Expect(FtpCommand::COMPLETE.to_vec()));
            }
        }
    }
}

pub(super) fn plan(url: &FtpUrl<'_>, o: &PlanOptions) -> Result<FtpPlan, PlanError> {
    // Section 3.2.1: USER and PASS from the URL; else "anonymous" and the
    // user's mail address; a user without a password is asked for one.
    let user = url.user().map(|u| u.decode().into_owned());
    let password = match (url.password(), &user) {
        (Some(p), _) => FtpPassword::Given(p.decode().into_owned()),
        (None, Some(_)) => FtpPassword::Prompted,
        (None, None) => FtpPassword::Anonymous(
            o.email
                .clone()
                .unwrap_or_else(|| "anonymous@".to_string())
                .into_bytes(),
        ),
    };
    // Section 3.2.2: each cwd segment, decoded, is one CWD; "//etc" is
    // "CWD " with a null argument, then "CWD etc".
    let cwd = url.cwd().map(|s| s.decode().into_owned()).collect();
    let name = url.name().decode().into_owned();
    let typecode = match (url.typecode(), url.typecode_raw()) {
        (Some(t), _) => Some(t),
        (None, None) => None,
        // A guess would fetch something the URL did not ask for.
        (None, Some(raw)) => {
            return Err(PlanError::unsupported(format!(
                "the typecode \"{}\" is not an ftptype: RFC 1738 section 5 allows \
                 only ftptype = \"A\" | \"I\" | \"D\" | \"a\" | \"i\" | \"d\" after \";type=\"",
                raw.as_str().escape_default()
            )));
        }
    };
    // Section 3.2.2: typecode d is NLST (of the name, when there is one).
    // An empty name is the directory whatever the typecode: "CWD" reached
    // it and there is nothing to RETR. Its listing is LIST, which tells
    // kinds and sizes, as section 3.2.2's "infer information about it from
    // the directory listings" invites.
    let nlst = typecode == Some(Typecode::Directory);
    let list = !nlst && name.is_empty();
    let ty = match typecode {
        Some(Typecode::Directory) => Typecode::Ascii,
        Some(t) => t,
        None if list => Typecode::Ascii,
        None => guess_ftp_type(&name),
    };
    // TYPE A goes as such: some servers refuse "TYPE A N".
    let ftp_type = if ty == Typecode::Ascii {
        FtpType::Ascii
    } else {
        FtpType::Image
    };
    let head = o.http.head_only;
    let resuming = !head && !list && !nlst && o.resume_from.is_some_and(|n| n > 0);
    let action = if head {
        // curl's -I asks about the name whatever the typecode (curl sends
        // MDTM and SIZE for ";type=d" too), and about nothing for a
        // directory URL.
        FtpAction::Head { name }
    } else if list {
        FtpAction::List
    } else if nlst {
        FtpAction::Nlst((!name.is_empty()).then_some(name))
    } else {
        FtpAction::Retr {
            name,
            directory_fallback: typecode.is_none(),
        }
    };
    Ok(FtpPlan {
        endpoint: Endpoint::of(&url.url()),
        user: user.unwrap_or_else(|| b"anonymous".to_vec()),
        password,
        cwd,
        pwd: o.http.keep_alive,
        // SIZE counts the octets as stored only in image type (in ASCII
        // type pyftpdlib refuses it), whatever the typecode says; so does
        // REST (servers refuse to resume an ASCII transfer, whose octets
        // the two sides count differently).
        ftp_type: if head || resuming {
            FtpType::Image
        } else {
            ftp_type
        },
        type_guessed: typecode.is_none() && !list && !head && !resuming,
        rest: o
            .resume_from
            .filter(|&n| n > 0 && matches!(action, FtpAction::Retr { .. })),
        action,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::plan::{Dialogue, Rule, plan as judged};
    use crate::url::UrlRef;

    fn options(head_only: bool) -> PlanOptions {
        let mut o = PlanOptions::default();
        o.http.head_only = head_only;
        o
    }

    fn ftp_plan(url: &str, head_only: bool) -> FtpPlan {
        let p = judged(&UrlRef::parse(url).unwrap(), &options(head_only))
            .unwrap_or_else(|e| panic!("{url}: {e}"));
        let Dialogue::Ftp(ftp) = p.dialogue() else {
            panic!("{url}: not FTP")
        };
        ftp.clone()
    }

    fn lines(url: &str, head_only: bool) -> Vec<String> {
        ftp_plan(url, head_only)
            .commands()
            .iter()
            .map(|c| c.line().to_string())
            .collect()
    }

    #[test]
    fn head_only_asks_mdtm_size_and_rest_instead_of_retr() {
        let url = "ftp://h/pub/hello.txt";
        assert_eq!(
            lines(url, false),
            [
                "USER anonymous",
                "PASS ****",
                "CWD pub",
                "TYPE A",
                "RETR hello.txt",
                "QUIT"
            ]
        );
        assert_eq!(
            lines(url, true),
            [
                "USER anonymous",
                "PASS ****",
                "CWD pub",
                "MDTM hello.txt",
                "TYPE I",
                "SIZE hello.txt",
                "REST 0",
                "QUIT"
            ]
        );
        let head = ftp_plan(url, true);
        assert_eq!(
            head.action,
            FtpAction::Head {
                name: b"hello.txt".to_vec()
            }
        );
        assert_eq!(head.ftp_type, FtpType::Image);
        assert!(!head.type_guessed);
        let codes: Vec<&[u16]> = head.commands().iter().map(FtpCommand::expect).collect();
        assert_eq!(
            codes,
            [
                &[230, 331][..],
                &[230, 202],
                &[250],
                &[213],
                &[200],
                &[213],
                &[350],
                &[221]
            ]
        );
    }

    #[test]
    fn head_only_is_type_i_whatever_the_typecode_and_probes_a_type_d_name() {
        for url in [
            "ftp://h/a/b;type=a",
            "ftp://h/a/b;type=i",
            "ftp://h/a/b;type=d",
            "ftp://h/a/b",
        ] {
            assert_eq!(
                lines(url, true),
                [
                    "USER anonymous",
                    "PASS ****",
                    "CWD a",
                    "MDTM b",
                    "TYPE I",
                    "SIZE b",
                    "REST 0",
                    "QUIT"
                ],
                "{url}"
            );
        }
    }

    #[test]
    fn head_only_of_a_directory_url_asks_nothing_after_the_cwds() {
        for url in ["ftp://h/pub/", "ftp://h/pub/;type=d"] {
            let p = ftp_plan(url, true);
            assert_eq!(p.action, FtpAction::Head { name: Vec::new() }, "{url}");
            assert_eq!(
                lines(url, true),
                ["USER anonymous", "PASS ****", "CWD pub", "QUIT"],
                "{url}"
            );
        }
        // Without -I, the same URLs are listed.
        assert_eq!(ftp_plan("ftp://h/pub/", false).action, FtpAction::List);
        assert_eq!(
            ftp_plan("ftp://h/pub/;type=d", false).action,
            FtpAction::Nlst(None)
        );
    }

    #[test]
    fn head_only_sends_the_names_octets_as_retr_would() {
        let url = "ftp://u:pw@h/a%20b//n%E9.bin";
        let wire: Vec<Vec<u8>> = ftp_plan(url, true)
            .commands()
            .iter()
            .filter_map(|c| c.line().wire())
            .collect();
        let want: Vec<&[u8]> = vec![
            b"USER u",
            b"PASS pw",
            b"CWD a b",
            b"CWD ",
            b"MDTM n\xE9.bin",
            b"TYPE I",
            b"SIZE n\xE9.bin",
            b"REST 0",
            b"QUIT",
        ];
        assert_eq!(wire, want);
    }

    #[test]
    fn a_head_plan_renders_as_uniform_plan_shows_it() {
        let url = UrlRef::parse("ftp://h:2121/pub/hello.txt").unwrap();
        let shown = judged(&url, &options(true)).unwrap().to_string();
        assert_eq!(
            shown,
            "connect h:2121\n\
             < 220\n\
             > USER anonymous\n\
             < 230|331\n\
             # PASS only if the server asks for it (331)\n\
             > PASS ****\n\
             < 230|202\n\
             > CWD pub\n\
             < 250\n\
             # curl's -I: no data connection; the answers to MDTM, SIZE and REST 0 are \
             written as the lines Last-Modified, Content-Length and Accept-ranges, a \
             refused one left out\n\
             > MDTM hello.txt\n\
             < 213\n\
             > TYPE I\n\
             < 200\n\
             # SIZE refused with 550: no such file (a directory has no size), and the \
             access fails\n\
             > SIZE hello.txt\n\
             < 213\n\
             > REST 0\n\
             < 350\n\
             > QUIT\n\
             < 221\n"
        );
        let dir = UrlRef::parse("ftp://h/pub/").unwrap();
        let shown = judged(&dir, &options(true)).unwrap().to_string();
        assert!(
            shown.ends_with(
                "> CWD pub\n< 250\n\
                 # curl's -I of a directory: nothing is asked after the CWDs, and the head is empty\n\
                 > QUIT\n< 221\n"
            ),
            "{shown}"
        );
        assert!(!shown.contains("data connection"), "{shown}");
    }

    fn kept(url: &str, keep_alive: bool) -> FtpPlan {
        let mut o = PlanOptions::default();
        o.http.keep_alive = keep_alive;
        let p = judged(&UrlRef::parse(url).unwrap(), &o).unwrap();
        let Dialogue::Ftp(ftp) = p.dialogue() else {
            panic!("{url}: not FTP")
        };
        ftp.clone()
    }

    #[test]
    fn several_urls_ask_pwd_after_the_login_and_one_does_not() {
        let url = "ftp://h/pub/a/hello.txt";
        let shown = |p: &FtpPlan| -> Vec<String> {
            p.commands().iter().map(|c| c.line().to_string()).collect()
        };
        let one = kept(url, false);
        assert!(!one.pwd);
        assert!(!one.commands().contains(&FtpCommand::Pwd));
        let several = kept(url, true);
        assert!(several.pwd);
        assert_eq!(
            shown(&several),
            [
                "USER anonymous",
                "PASS ****",
                "PWD",
                "CWD pub",
                "CWD a",
                "TYPE A",
                "RETR hello.txt",
                "QUIT"
            ]
        );
        assert_eq!(FtpCommand::Pwd.expect(), &[257]);
        assert_eq!(FtpCommand::Pwd.line().wire(), Some(b"PWD".to_vec()));
        // The same with -I and for a listing: PWD belongs to the login.
        let mut o = PlanOptions::default();
        o.http.keep_alive = true;
        o.http.head_only = true;
        let p = judged(&UrlRef::parse(url).unwrap(), &o).unwrap();
        let Dialogue::Ftp(head) = p.dialogue() else {
            panic!("not FTP")
        };
        assert_eq!(shown(head)[2], "PWD");
        assert_eq!(shown(&kept("ftp://h/pub/", true))[2], "PWD");
    }

    #[test]
    fn uniform_plan_shows_the_pwd_of_several_urls_with_its_note() {
        let url = UrlRef::parse("ftp://h/pub/hello.txt").unwrap();
        let mut o = PlanOptions::default();
        o.http.keep_alive = true;
        let shown = judged(&url, &o).unwrap().to_string();
        assert!(
            shown.contains(
                "> PASS ****\n\
                 < 230|202\n\
                 # PWD: the directory the login reached, kept with the connection; a later \
                 URL of this server and user in another directory sends CWD to it, then its \
                 own CWDs, instead of logging in again (a refused PWD: a new connection then)\n\
                 > PWD\n\
                 < 257\n\
                 > CWD pub\n"
            ),
            "{shown}"
        );
        o.http.keep_alive = false;
        let shown = judged(&url, &o).unwrap().to_string();
        assert!(!shown.contains("PWD"), "{shown}");
    }

    #[test]
    fn a_head_plans_name_is_judged_as_a_retr_name_is() {
        for (url, rule) in [
            ("ftp://h/a%0D%0ADELE%20x", Rule::LineBreakInjection),
            ("ftp://h/a%0Ax;type=d", Rule::LineBreakInjection),
            ("ftp://h/a%00x", Rule::NulInjection),
        ] {
            for head_only in [false, true] {
                let e = judged(&UrlRef::parse(url).unwrap(), &options(head_only)).unwrap_err();
                assert_eq!(e.rule(), Some(rule), "{url} {head_only}: {e}");
                assert!(
                    e.to_string().contains("file name"),
                    "{url} {head_only}: {e}"
                );
            }
        }
    }
}
