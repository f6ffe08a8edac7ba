//! `mailto:` over SMTP (RFC 1738 section 3.5, RFC 5321): the envelope and
//! the message as values. The relay, the sender and the EHLO name come
//! from configuration; the recipient from the URL.

use super::base64::base64;
use super::options::{Message, PlanOptions};
use super::refusal::PlanError;
use super::step::{Endpoint, Line, Missing, Step};
use crate::prelude::*;
use crate::schemes::mailto::MailtoUrl;

/// One SMTP command (RFC 5321 section 4.1).
///
/// # Example
///
/// ```
/// use uniform::plan::SmtpCommand;
/// let rcpt = SmtpCommand::RcptTo(b"a@b.example".to_vec());
/// assert_eq!(rcpt.line().to_string(), "RCPT TO:<a@b.example>");
/// assert_eq!(rcpt.expect(), &[250, 251]);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum SmtpCommand {
    /// `EHLO name`.
    Ehlo(String),
    /// `MAIL FROM:<sender>`; `None` while the sender is not configured.
    MailFrom(Option<Vec<u8>>),
    /// `RCPT TO:<recipient>`.
    RcptTo(Vec<u8>),
    /// `DATA`: the message follows, dot-stuffed, ended by a line `.`.
    Data,
    /// `QUIT`.
    Quit,
}

impl SmtpCommand {
    /// The line as it goes on the wire, without CR LF.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::plan::SmtpCommand;
    /// assert_eq!(SmtpCommand::Ehlo("me".into()).line().wire(), Some(b"EHLO me".to_vec()));
    /// ```
    pub fn line(&self) -> Line {
        match self {
            SmtpCommand::Ehlo(name) => Line::text("EHLO ").and(name),
            SmtpCommand::MailFrom(Some(s)) => Line::text("MAIL FROM:<").and(s).and(">"),
            SmtpCommand::MailFrom(None) => {
                Line::text("MAIL FROM:<").missing(Missing::Sender).and(">")
            }
            SmtpCommand::RcptTo(r) => Line::text("RCPT TO:<").and(r).and(">"),
            SmtpCommand::Data => Line::text("DATA"),
            SmtpCommand::Quit => Line::text("QUIT"),
        }
    }

    /// The reply codes that let the dialogue go on.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::plan::SmtpCommand;
    /// assert_eq!(SmtpCommand::Data.expect(), &[354]);
    /// ```
    pub fn expect(&self) -> &'static [u16] {
        match self {
            SmtpCommand::Ehlo(_) | SmtpCommand::MailFrom(_) => &[250],
            SmtpCommand::RcptTo(_) => &[250, 251],
            SmtpCommand::Data => &[354],
            SmtpCommand::Quit => &[221],
        }
    }

    /// The greeting a server sends on connection.
    pub const GREETING: &'static [u16] = &[220];

    /// The reply to the message's final `.`.
    pub const ACCEPTED: &'static [u16] = &[250];
}

/// The mail dialogue of one `mailto:` URL.
///
/// # Example
///
/// ```
/// use uniform::{UrlRef, plan::{Dialogue, Message, PlanOptions, plan}};
/// let mut o = PlanOptions::default();
/// o.smtp_server = Some("relay.example".into());
/// o.from = Some("me@example.org".into());
/// o.message = Some(Message::new(Some("hi".into()), b"one\n.two\n".to_vec()));
/// let p = plan(&UrlRef::parse("mailto:you@example.org")?, &o).unwrap();
/// let Dialogue::Smtp(m) = p.dialogue() else { unreachable!() };
/// assert_eq!(m.recipient, b"you@example.org");
/// let data = m.data_lines().unwrap();
/// assert!(data.contains(&b"Subject: hi".to_vec()));
/// assert_eq!(data[data.len() - 2..], [b"one".to_vec(), b".two".to_vec()]);
/// # Ok::<_, uniform::ParseError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct SmtpPlan {
    /// The relay (`--smtp-server` or SMTP_SERVER), or the missing piece.
    pub relay: Endpoint,
    /// The name given in EHLO.
    pub client: String,
    /// The envelope sender (`--from` or EMAIL), when configured.
    pub sender: Option<Vec<u8>>,
    /// The envelope recipient: the URL's address, decoded.
    pub recipient: Vec<u8>,
    /// The message, when it is known (it is given when fetch runs).
    pub message: Option<Message>,
    /// The Date header's value, when known.
    pub date: Option<String>,
    /// The Message-ID header's value, when known.
    pub message_id: Option<String>,
}

impl SmtpPlan {
    /// The commands in the order they go, QUIT last; the message goes
    /// after DATA.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::{UrlRef, plan::{Dialogue, PlanOptions, SmtpCommand, plan}};
    /// let p = plan(&UrlRef::parse("mailto:a@b.example")?, &PlanOptions::default()).unwrap();
    /// let Dialogue::Smtp(m) = p.dialogue() else { unreachable!() };
    /// assert_eq!(m.commands()[3], SmtpCommand::Data);
    /// # Ok::<_, uniform::ParseError>(())
    /// ```
    pub fn commands(&self) -> Vec<SmtpCommand> {
        vec![
            SmtpCommand::Ehlo(self.client.clone()),
            SmtpCommand::MailFrom(self.sender.clone()),
            SmtpCommand::RcptTo(self.recipient.clone()),
            SmtpCommand::Data,
            SmtpCommand::Quit,
        ]
    }

    /// The message's lines as DATA carries them before dot-stuffing and
    /// the final `.`: the header fields, an empty line, the body's lines
    /// (a line end, LF or CR LF, ends each; the last line needs none).
    /// `None` while the message is not known.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::{UrlRef, plan::{Dialogue, PlanOptions, plan}};
    /// let p = plan(&UrlRef::parse("mailto:a@b.example")?, &PlanOptions::default()).unwrap();
    /// let Dialogue::Smtp(m) = p.dialogue() else { unreachable!() };
    /// assert!(m.data_lines().is_none());
    /// # Ok::<_, uniform::ParseError>(())
    /// ```
    pub fn data_lines(&self) -> Option<Vec<Vec<u8>>> {
        let m = self.message.as_ref()?;
        let mut out = Vec::new();
        if let Some(s) = &self.sender {
            out.push([&b"From: "[..], s].concat());
        }
        out.push([&b"To: "[..], &self.recipient].concat());
        if let Some(subject) = &m.subject {
            out.extend(subject_lines(subject));
        }
        if let Some(date) = &self.date {
            out.push([b"Date: ", date.as_bytes()].concat());
        }
        if let Some(id) = &self.message_id {
            out.push([b"Message-ID: ", id.as_bytes()].concat());
        }
        out.push(b"MIME-Version: 1.0".to_vec());
        // RFC 1428: octets of an unknown 8-bit character set.
        let charset = if core::str::from_utf8(&m.body).is_ok() {
            "utf-8"
        } else {
            "unknown-8bit"
        };
        out.push(format!("Content-Type: text/plain; charset={charset}").into_bytes());
        out.push(b"Content-Transfer-Encoding: 8bit".to_vec());
        out.push(Vec::new());
        let body = m.body.strip_suffix(b"\n").unwrap_or(&m.body);
        if !m.body.is_empty() {
            for line in body.split(|&b| b == b'\n') {
                out.push(line.strip_suffix(b"\r").unwrap_or(line).to_vec());
            }
        }
        Some(out)
    }

    /// The DATA phase as it goes on the wire, without the CR LF that ends
    /// each line: every line of [`SmtpPlan::data_lines`] dot-stuffed (RFC
    /// 5321 section 4.5.2: a line that starts with "." gets another),
    /// then the line "." that ends the message. `None` without a message.
    /// `uniform plan` shows these lines, and the access sends them.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::{UrlRef, plan::{Dialogue, Message, PlanOptions, plan}};
    /// let mut o = PlanOptions::default();
    /// o.email = Some("me@example.org".into());
    /// o.message = Some(Message::new(None, b"one\n.two\n".to_vec()));
    /// let p = plan(&UrlRef::parse("mailto:a@b.example")?, &o).unwrap();
    /// let Dialogue::Smtp(m) = p.dialogue() else { unreachable!() };
    /// let wire = m.wire_lines().unwrap();
    /// assert_eq!(wire[wire.len() - 3..], [b"one".to_vec(), b"..two".to_vec(), b".".to_vec()]);
    /// # Ok::<_, uniform::ParseError>(())
    /// ```
    pub fn wire_lines(&self) -> Option<Vec<Vec<u8>>> {
        let mut lines = self.data_lines()?;
        for line in &mut lines {
            if line.starts_with(b".") {
                line.insert(0, b'.');
            }
        }
        lines.push(b".".to_vec());
        Some(lines)
    }

    pub(crate) fn render(&self, out: &mut Vec<Step>) {
        out.push(Step::Connect(self.relay.clone()));
        out.push(Step::Expect(SmtpCommand::GREETING.to_vec()));
        for command in self.commands() {
            super::step::send(out, command.line());
            out.push(Step::Expect(command.expect().to_vec()));
            if command == SmtpCommand::Data {
                match self.wire_lines() {
                    Some(lines) => {
                        for line in lines {
                            out.push(Step::Send(Line::text(line)));
                        }
                    }
                    None => out.push(Step::Note(
                        "the message, dot-stuffed, then a line \".\"".into(),
                    )),
                }
                out.push(Step::Expect(SmtpCommand::ACCEPTED.to_vec()));
            }
        }
    }
}

pub(super) fn plan(url: &MailtoUrl<'_>, o: &PlanOptions) -> Result<SmtpPlan, PlanError> {
    let recipient = url.address().decode().into_owned();
    if recipient.is_empty() {
        return Err(PlanError::unsupported(
            "a mailto URL with no address names no recipient",
        ));
    }
    let sender = o.from.as_ref().or(o.email.as_ref());
    Ok(SmtpPlan {
        relay: Endpoint::configured(o.smtp_server.as_deref(), 25, Missing::SmtpServer),
        client: o
            .client_name
            .clone()
            .unwrap_or_else(|| "localhost".to_string()),
        sender: sender.map(|s| s.clone().into_bytes()),
        recipient,
        message: o.message.clone(),
        date: o.date.clone(),
        message_id: o.message_id.clone(),
    })
}

/// A subject longer than this, or not printable ASCII, goes as encoded
/// words (RFC 2047), whose lines stay short.
const PLAIN_SUBJECT_MAX: usize = 900;

/// Octets of the subject per encoded word: 39 make 52 base64 characters,
/// a word of 64 with its `=?utf-8?B?` and `?=` (RFC 2047 section 2 allows
/// 75).
const ENCODED_CHUNK: usize = 39;

/// The Subject field, folded into lines: as it is when it is short
/// printable ASCII, else as UTF-8 encoded words, one a line (RFC 2047), so
/// that no line break or control of the subject reaches the message.
fn subject_lines(s: &str) -> Vec<Vec<u8>> {
    if s.len() <= PLAIN_SUBJECT_MAX && s.bytes().all(|b| (0x20..0x7F).contains(&b)) {
        return vec![format!("Subject: {s}").into_bytes()];
    }
    let mut out = Vec::new();
    let mut start = 0;
    while start < s.len() {
        let mut end = (start + ENCODED_CHUNK).min(s.len());
        // A word holds whole characters (RFC 2047 section 5).
        while !s.is_char_boundary(end) {
            end -= 1;
        }
        let word = format!("=?utf-8?B?{}?=", base64(&s.as_bytes()[start..end]));
        out.push(if start == 0 {
            format!("Subject: {word}").into_bytes()
        } else {
            format!(" {word}").into_bytes()
        });
        start = end;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_subject_with_a_line_break_or_not_ascii_is_encoded() {
        assert_eq!(subject_lines("hi there"), [b"Subject: hi there".to_vec()]);
        let lines = subject_lines("a\r\nBcc: x");
        assert_eq!(lines, [b"Subject: =?utf-8?B?YQ0KQmNjOiB4?=".to_vec()]);
        let long = "\u{e9}".repeat(40);
        let lines = subject_lines(&long);
        assert_eq!(lines.len(), 3);
        assert!(lines[1].starts_with(b" =?utf-8?B?"));
    }
}
