//! The steps of a plan and their text form (DESIGN.md section 3, `plan`).

use crate::prelude::*;
use crate::url::UrlRef;
use core::fmt;

/// A piece of configuration the URL does not carry and the plan needs.
///
/// A plan that lacks one is still made and shown, with the piece named
/// where it would go; executing it fails and says what to configure.
///
/// # Example
///
/// ```
/// use uniform::plan::Missing;
/// assert_eq!(Missing::NewsServer.configure(), "--news-server or NNTPSERVER");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Missing {
    /// The news server for `news:` URLs (RFC 1738 section 3.6: "news
    /// URLs [...] are location-independent").
    NewsServer,
    /// The SMTP relay for `mailto:` URLs.
    SmtpServer,
    /// The sender's address for `mailto:` URLs.
    Sender,
}

impl Missing {
    /// What the piece is.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::plan::Missing;
    /// assert_eq!(Missing::Sender.what(), "sender address");
    /// ```
    pub fn what(self) -> &'static str {
        match self {
            Missing::NewsServer => "news server",
            Missing::SmtpServer => "SMTP server",
            Missing::Sender => "sender address",
        }
    }

    /// Where to set it: the flag first, then the environment variable.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::plan::Missing;
    /// assert_eq!(Missing::SmtpServer.configure(), "--smtp-server or SMTP_SERVER");
    /// ```
    pub fn configure(self) -> &'static str {
        match self {
            Missing::NewsServer => "--news-server or NNTPSERVER",
            Missing::SmtpServer => "--smtp-server or SMTP_SERVER",
            Missing::Sender => "--from or EMAIL",
        }
    }
}

impl fmt::Display for Missing {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "<{}: set {}>", self.what(), self.configure())
    }
}

/// One piece of a protocol line.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Piece {
    /// Octets sent as they are.
    Text(Vec<u8>),
    /// Octets sent as they are and never shown: a password.
    Secret(Vec<u8>),
    /// A secret the user is asked for when the plan runs.
    Prompted,
    /// A value that is no secret, asked of the user when the plan runs
    /// (a gopher search, a form's answers): what is asked. Shown `<what>`.
    Asked(String),
    /// A piece of configuration that is not there.
    Missing(Missing),
}

/// A protocol line, without its line end.
///
/// # Example
///
/// ```
/// use uniform::plan::Line;
/// let line = Line::text("USER ").secret(b"hunter2");
/// assert_eq!(line.to_string(), "USER ****");
/// assert_eq!(line.wire(), Some(b"USER hunter2".to_vec()));
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Line {
    pieces: Vec<Piece>,
}

impl Line {
    /// A line that starts with `text`.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::plan::Line;
    /// assert_eq!(Line::text("QUIT").to_string(), "QUIT");
    /// ```
    pub fn text(text: impl AsRef<[u8]>) -> Line {
        Line::default().and(text)
    }

    /// This line followed by `text`.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::plan::Line;
    /// assert_eq!(Line::text("CWD ").and(b"etc").to_string(), "CWD etc");
    /// ```
    pub fn and(mut self, text: impl AsRef<[u8]>) -> Line {
        let text = text.as_ref();
        if let Some(Piece::Text(t)) = self.pieces.last_mut() {
            t.extend_from_slice(text);
        } else {
            self.pieces.push(Piece::Text(text.to_vec()));
        }
        self
    }

    /// This line followed by a secret, shown as `****`.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::plan::Line;
    /// assert_eq!(Line::text("PASS ").secret(b"x").to_string(), "PASS ****");
    /// ```
    pub fn secret(mut self, secret: impl AsRef<[u8]>) -> Line {
        self.pieces.push(Piece::Secret(secret.as_ref().to_vec()));
        self
    }

    /// This line followed by a secret the user will be asked for.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::plan::Line;
    /// let l = Line::text("PASS ").prompted();
    /// assert_eq!(l.to_string(), "PASS ****");
    /// assert!(l.needs_prompt());
    /// ```
    pub fn prompted(mut self) -> Line {
        self.pieces.push(Piece::Prompted);
        self
    }

    /// This line followed by a value the user will be asked for; it is no
    /// secret, so it is shown by what it is.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::plan::Line;
    /// let l = Line::text("/search\t").asked("search words");
    /// assert_eq!(l.to_string(), "/search\\t<search words>");
    /// assert!(l.needs_prompt());
    /// assert_eq!(l.wire(), None);
    /// ```
    pub fn asked(mut self, what: impl Into<String>) -> Line {
        self.pieces.push(Piece::Asked(what.into()));
        self
    }

    /// The line with its secrets shown, for `--show-password`; a password
    /// still to be asked for stays `****`.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::plan::Line;
    /// let l = Line::text("PASS ").secret(b"hunter2");
    /// assert_eq!(l.revealed(), "PASS hunter2");
    /// assert_eq!(Line::text("PASS ").prompted().revealed(), "PASS ****");
    /// ```
    pub fn revealed(&self) -> String {
        struct Revealed<'a>(&'a Line);
        impl fmt::Display for Revealed<'_> {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                self.0.write(f, true)
            }
        }
        Revealed(self).to_string()
    }

    /// This line followed by a missing piece of configuration.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::plan::{Line, Missing};
    /// let l = Line::text("MAIL FROM:<").missing(Missing::Sender).and(">");
    /// assert_eq!(l.to_string(), "MAIL FROM:<<sender address: set --from or EMAIL>>");
    /// ```
    pub fn missing(mut self, m: Missing) -> Line {
        self.pieces.push(Piece::Missing(m));
        self
    }

    /// Appends the pieces of `other`, secrets kept secret.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::plan::Line;
    /// let mut line = Line::text("a ");
    /// line.extend(&Line::text("b ").secret("c"));
    /// assert_eq!(line.to_string(), "a b ****");
    /// ```
    pub fn extend(&mut self, other: &Line) {
        for p in &other.pieces {
            match p {
                Piece::Text(t) => *self = core::mem::take(self).and(t),
                other => self.pieces.push(other.clone()),
            }
        }
    }

    /// The pieces, in order.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::plan::{Line, Piece};
    /// assert_eq!(Line::text("A").pieces(), &[Piece::Text(b"A".to_vec())]);
    /// ```
    pub fn pieces(&self) -> &[Piece] {
        &self.pieces
    }

    /// The octets that go on the wire (without CR LF), or `None` while a
    /// piece is prompted for or missing.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::plan::Line;
    /// assert_eq!(Line::text("NLST").wire(), Some(b"NLST".to_vec()));
    /// assert_eq!(Line::text("PASS ").prompted().wire(), None);
    /// ```
    pub fn wire(&self) -> Option<Vec<u8>> {
        let mut out = Vec::new();
        for p in &self.pieces {
            match p {
                Piece::Text(t) | Piece::Secret(t) => out.extend_from_slice(t),
                Piece::Prompted | Piece::Asked(_) | Piece::Missing(_) => return None,
            }
        }
        Some(out)
    }

    /// Whether a piece is to be asked of the user.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::plan::Line;
    /// assert!(!Line::text("USER x").needs_prompt());
    /// ```
    pub fn needs_prompt(&self) -> bool {
        self.pieces
            .iter()
            .any(|p| matches!(p, Piece::Prompted | Piece::Asked(_)))
    }

    /// Whether a secret (a password) is to be asked of the user.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::plan::Line;
    /// assert!(Line::text("PASS ").prompted().prompts_secret());
    /// assert!(!Line::text("/s\t").asked("search words").prompts_secret());
    /// ```
    pub fn prompts_secret(&self) -> bool {
        self.pieces.iter().any(|p| matches!(p, Piece::Prompted))
    }

    /// The missing pieces of configuration.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::plan::{Line, Missing};
    /// let l = Line::text("X ").missing(Missing::Sender);
    /// assert_eq!(l.missing_pieces().collect::<Vec<_>>(), vec![Missing::Sender]);
    /// ```
    pub fn missing_pieces(&self) -> impl Iterator<Item = Missing> + '_ {
        self.pieces.iter().filter_map(|p| match p {
            Piece::Missing(m) => Some(*m),
            _ => None,
        })
    }

    /// The octets of the line that come from the URL or configuration, for
    /// the safety policy: secrets included, placeholders left out.
    pub(crate) fn known_bytes(&self) -> impl Iterator<Item = u8> + '_ {
        self.pieces
            .iter()
            .flat_map(|p| match p {
                Piece::Text(t) | Piece::Secret(t) => t.as_slice(),
                _ => &[],
            })
            .copied()
    }
}

/// Writes octets as `plan` shows them: `\t`, `\r`, `\n`, `\\`, other
/// controls and octets 80-FF as `\xNN`.
pub(crate) fn write_escaped(f: &mut fmt::Formatter<'_>, bytes: &[u8]) -> fmt::Result {
    for &b in bytes {
        match b {
            b'\t' => f.write_str("\\t")?,
            b'\r' => f.write_str("\\r")?,
            b'\n' => f.write_str("\\n")?,
            b'\\' => f.write_str("\\\\")?,
            0x20..=0x7e => fmt::Write::write_char(f, b as char)?,
            _ => write!(f, "\\x{b:02X}")?,
        }
    }
    Ok(())
}

impl Line {
    fn write(&self, f: &mut fmt::Formatter<'_>, reveal: bool) -> fmt::Result {
        for p in &self.pieces {
            match p {
                Piece::Text(t) => write_escaped(f, t)?,
                Piece::Secret(t) if reveal => write_escaped(f, t)?,
                // An empty password is no secret: "PASS " says what is sent.
                Piece::Secret(t) if t.is_empty() => {}
                Piece::Secret(_) | Piece::Prompted => f.write_str("****")?,
                Piece::Asked(what) => write!(f, "<{what}>")?,
                Piece::Missing(m) => write!(f, "{m}")?,
            }
        }
        Ok(())
    }
}

impl fmt::Display for Line {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write(f, false)
    }
}

/// Where a plan connects.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Endpoint {
    /// A host (a name, an IPv4 address, or an IPv6 address without
    /// brackets) and a port.
    Host {
        /// The host.
        host: String,
        /// The port.
        port: u16,
    },
    /// A server that configuration must name.
    Missing {
        /// What is missing.
        missing: Missing,
        /// The port the server is reached on.
        port: u16,
    },
}

impl fmt::Display for Endpoint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Endpoint::Host { host, port } if host.contains(':') => write!(f, "[{host}]:{port}"),
            Endpoint::Host { host, port } => write!(f, "{host}:{port}"),
            Endpoint::Missing { missing, port } => write!(f, "{missing}:{port}"),
        }
    }
}

/// How the reply to a request is read.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Transfer {
    /// FTP data in ASCII type: CR LF line ends undone.
    FtpAscii,
    /// FTP data in image type: octets as they are.
    FtpImage,
    /// An FTP name list (NLST), one name a line.
    FtpNameList,
    /// An FTP directory listing (LIST), in the server's own form: read as
    /// Unix or MS-DOS lines for kinds and sizes.
    FtpList,
    /// A gopher menu: lines of type, display string, selector, host, port.
    GopherMenu,
    /// A gopher text file, ended by a line holding ".", which some servers
    /// leave out.
    GopherText,
    /// A gopher binary file, ended by the server closing the connection.
    GopherBinary,
    /// A Gopher+ reply: a `+`/`-` length line, then the data.
    GopherPlus,
    /// A Gopher+ reply holding an item's `+ASK` attribute block: the
    /// questions of its form (RFC 1738 section 3.4.5), read to ask them.
    GopherAskForm,
    /// An NNTP article, dot-terminated and dot-stuffed.
    NntpArticle,
    /// An NNTP listing (groups, or article numbers), dot-terminated.
    NntpListing,
    /// An HTTP response.
    HttpResponse,
    /// The local file or directory.
    File,
    /// An interactive session: the user's terminal is connected.
    Interactive,
}

impl Transfer {
    /// How `plan` names it.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::plan::Transfer;
    /// assert_eq!(Transfer::GopherText.describe(), "text, ended by a line \".\"");
    /// ```
    pub fn describe(self) -> &'static str {
        match self {
            Transfer::FtpAscii => "data: ASCII, CR LF made local",
            Transfer::FtpImage => "data: image (binary)",
            Transfer::FtpNameList => "data: name list",
            Transfer::FtpList => "data: directory listing",
            Transfer::GopherMenu => "menu, ended by a line \".\"",
            Transfer::GopherText => "text, ended by a line \".\"",
            Transfer::GopherBinary => "binary, ended by the close",
            Transfer::GopherPlus => "Gopher+ reply: length line, then data",
            Transfer::GopherAskForm => "Gopher+ reply: the +ASK block, the form's questions",
            Transfer::NntpArticle => "article, ended by a line \".\"",
            Transfer::NntpListing => "listing, ended by a line \".\"",
            Transfer::HttpResponse => "HTTP response",
            Transfer::File => "the local file",
            Transfer::Interactive => "interactive session",
        }
    }

    /// A short stable name, for `--json`.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::plan::Transfer;
    /// assert_eq!(Transfer::FtpImage.as_str(), "ftp-image");
    /// ```
    pub fn as_str(self) -> &'static str {
        match self {
            Transfer::FtpAscii => "ftp-ascii",
            Transfer::FtpImage => "ftp-image",
            Transfer::FtpNameList => "ftp-name-list",
            Transfer::FtpList => "ftp-list",
            Transfer::GopherMenu => "gopher-menu",
            Transfer::GopherText => "gopher-text",
            Transfer::GopherBinary => "gopher-binary",
            Transfer::GopherPlus => "gopher-plus",
            Transfer::GopherAskForm => "gopher-ask-form",
            Transfer::NntpArticle => "nntp-article",
            Transfer::NntpListing => "nntp-listing",
            Transfer::HttpResponse => "http-response",
            Transfer::File => "file",
            Transfer::Interactive => "interactive",
        }
    }
}

/// One step of a plan.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Step {
    /// Open a connection. Shown `connect HOST:PORT`.
    Connect(Endpoint),
    /// Send a line, then CR LF. Shown `> LINE`.
    Send(Line),
    /// Read a reply whose code is one of these (FTP, NNTP, SMTP). Shown `< 220`.
    Expect(Vec<u16>),
    /// Read the object. Shown `< ` and how it is read.
    Read(Transfer),
    /// Open a local path (its octets). Shown `open PATH`.
    Open(Vec<u8>),
    /// Tell the user something before the session: the advisory user
    /// name of a telnet URL (RFC 1738 section 3.8). Shown `# advise: ...`.
    Advise(Line),
    /// A remark. Shown `# ...`.
    Note(String),
    /// Ask the user for what the next line needs (a password the URL
    /// leaves out, a search, a form's answers). Shown `? ...`.
    Prompt(String),
}

impl fmt::Display for Step {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Step::Connect(e) => write!(f, "connect {e}"),
            Step::Send(l) => write!(f, "> {l}"),
            Step::Expect(codes) => {
                f.write_str("<")?;
                for (i, c) in codes.iter().enumerate() {
                    write!(f, "{}{c}", if i == 0 { " " } else { "|" })?;
                }
                Ok(())
            }
            Step::Read(t) => write!(f, "< {}", t.describe()),
            Step::Open(p) => {
                f.write_str("open ")?;
                write_escaped(f, p)
            }
            Step::Advise(l) => write!(f, "# advise: {l}"),
            Step::Note(n) => write!(f, "# {n}"),
            Step::Prompt(p) => write!(f, "? {p}"),
        }
    }
}

impl Endpoint {
    /// The endpoint of a URL with an authority: its host (a name in its
    /// UTS 46 ASCII form) and port.
    pub(crate) fn of(url: &UrlRef<'_>) -> Endpoint {
        Endpoint::Host {
            host: url.wire_hostname().into_owned(),
            port: url.port_or_default().unwrap_or(0),
        }
    }

    /// A `host[:port]` from configuration, or the piece that is missing.
    pub(crate) fn configured(server: Option<&str>, port: u16, missing: Missing) -> Endpoint {
        let Some(server) = server else {
            return Endpoint::Missing { missing, port };
        };
        let (host, port) = match server.rsplit_once(':') {
            Some((h, p)) if !h.contains(':') || h.starts_with('[') => match p.parse() {
                Ok(p) => (h.trim_start_matches('[').trim_end_matches(']'), p),
                Err(_) => (server, port),
            },
            _ => (server, port),
        };
        Endpoint::Host {
            host: host.to_string(),
            port,
        }
    }
}

/// Sends `line`; a password it asks for is announced by a prompt step
/// first, so that the plan tells a password the user types from one the
/// URL carries, both shown `****` on the line (RFC 1738 section 3.2.1: the
/// program "should request one from the user").
pub(crate) fn send(out: &mut Vec<Step>, line: Line) {
    if line.prompts_secret() && !matches!(out.last(), Some(Step::Prompt(_))) {
        out.push(Step::Prompt(
            "password asked of the user: the URL names a user and no password (RFC 1738 section 3.2.1)".into(),
        ));
    }
    out.push(Step::Send(line));
}
