//! `news:` and `nntp:` over NNTP (RFC 1738 sections 3.6 and 3.7, RFC
//! 3977): the commands as values.

use super::options::PlanOptions;
use super::step::{Endpoint, Line, Missing, Step, Transfer};
use crate::prelude::*;
use crate::schemes::news::{NewsTarget, NewsUrl};
use crate::schemes::nntp::NntpUrl;

/// Which article ARTICLE asks for.
///
/// # Example
///
/// ```
/// use uniform::plan::{ArticleRef, NntpCommand};
/// let c = NntpCommand::Article(ArticleRef::MessageId(b"1@h".to_vec()));
/// assert_eq!(c.line().to_string(), "ARTICLE <1@h>");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum ArticleRef {
    /// An article number in the selected group (`nntp:`).
    Number(Vec<u8>),
    /// A message-id, without its angle brackets (`news:`).
    MessageId(Vec<u8>),
}

/// One NNTP command (RFC 3977).
///
/// # Example
///
/// ```
/// use uniform::plan::NntpCommand;
/// let c = NntpCommand::Group(b"comp.lang.rust".to_vec());
/// assert_eq!(c.line().to_string(), "GROUP comp.lang.rust");
/// assert_eq!(c.expect(), &[211]);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum NntpCommand {
    /// `MODE READER` (RFC 3977 section 5.3).
    ModeReader,
    /// `GROUP name`.
    Group(Vec<u8>),
    /// `OVER 1-`: the overview of every article of the group.
    OverAll,
    /// `ARTICLE number` or `ARTICLE <message-id>`.
    Article(ArticleRef),
    /// `LIST`: every group.
    List,
    /// `QUIT`.
    Quit,
}

impl NntpCommand {
    /// The line as it goes on the wire, without CR LF.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::plan::NntpCommand;
    /// assert_eq!(NntpCommand::OverAll.line().wire(), Some(b"OVER 1-".to_vec()));
    /// ```
    pub fn line(&self) -> Line {
        match self {
            NntpCommand::ModeReader => Line::text("MODE READER"),
            NntpCommand::Group(g) => Line::text("GROUP ").and(g),
            NntpCommand::OverAll => Line::text("OVER 1-"),
            NntpCommand::Article(ArticleRef::Number(n)) => Line::text("ARTICLE ").and(n),
            NntpCommand::Article(ArticleRef::MessageId(id)) => {
                Line::text("ARTICLE <").and(id).and(">")
            }
            NntpCommand::List => Line::text("LIST"),
            NntpCommand::Quit => Line::text("QUIT"),
        }
    }

    /// The reply codes that let the dialogue go on.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::plan::NntpCommand;
    /// assert_eq!(NntpCommand::List.expect(), &[215]);
    /// ```
    pub fn expect(&self) -> &'static [u16] {
        match self {
            NntpCommand::ModeReader => &[200, 201],
            NntpCommand::Group(_) => &[211],
            NntpCommand::OverAll => &[224],
            NntpCommand::Article(_) => &[220],
            NntpCommand::List => &[215],
            NntpCommand::Quit => &[205],
        }
    }

    /// The multi-line block that follows the reply, if any.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::plan::{NntpCommand, Transfer};
    /// assert_eq!(NntpCommand::List.transfer(), Some(Transfer::NntpListing));
    /// ```
    pub fn transfer(&self) -> Option<Transfer> {
        match self {
            NntpCommand::OverAll | NntpCommand::List => Some(Transfer::NntpListing),
            NntpCommand::Article(_) => Some(Transfer::NntpArticle),
            _ => None,
        }
    }

    /// The greeting a server sends on connection.
    pub const GREETING: &'static [u16] = &[200, 201];
}

/// The NNTP dialogue of a `news:` or `nntp:` URL.
///
/// # Example
///
/// ```
/// use uniform::{UrlRef, plan::{Dialogue, NntpCommand, PlanOptions, plan}};
/// let p = plan(&UrlRef::parse("nntp://h/comp.lang.rust/12")?, &PlanOptions::default()).unwrap();
/// let Dialogue::Nntp(n) = p.dialogue() else { unreachable!() };
/// assert_eq!(n.commands[1], NntpCommand::Group(b"comp.lang.rust".to_vec()));
/// # Ok::<_, uniform::ParseError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct NntpPlan {
    /// The server: the URL's (`nntp:`) or the configured one (`news:`).
    pub server: Endpoint,
    /// The commands in order, QUIT last.
    pub commands: Vec<NntpCommand>,
}

impl NntpPlan {
    pub(crate) fn render(&self, out: &mut Vec<Step>) {
        out.push(Step::Connect(self.server.clone()));
        out.push(Step::Expect(NntpCommand::GREETING.to_vec()));
        for c in &self.commands {
            super::step::send(out, c.line());
            out.push(Step::Expect(c.expect().to_vec()));
            if let Some(t) = c.transfer() {
                out.push(Step::Read(t));
            }
        }
    }
}

fn dialogue(server: Endpoint, middle: Vec<NntpCommand>) -> NntpPlan {
    let mut commands = vec![NntpCommand::ModeReader];
    commands.extend(middle);
    commands.push(NntpCommand::Quit);
    NntpPlan { server, commands }
}

pub(super) fn news(url: &NewsUrl<'_>, o: &PlanOptions) -> NntpPlan {
    let server = Endpoint::configured(o.news_server.as_deref(), 119, Missing::NewsServer);
    let middle = match url.target() {
        NewsTarget::Article(id) => vec![NntpCommand::Article(ArticleRef::MessageId(
            id.decode().into_owned(),
        ))],
        NewsTarget::Group(g) => vec![
            NntpCommand::Group(g.decode().into_owned()),
            NntpCommand::OverAll,
        ],
        NewsTarget::AllGroups => vec![NntpCommand::List],
    };
    dialogue(server, middle)
}

pub(super) fn nntp(url: &NntpUrl<'_>) -> NntpPlan {
    let group = url.group().decode().into_owned();
    let middle = match url.article() {
        Some(a) => vec![
            NntpCommand::Group(group),
            NntpCommand::Article(ArticleRef::Number(a.decode().into_owned())),
        ],
        None => vec![NntpCommand::Group(group), NntpCommand::OverAll],
    };
    dialogue(Endpoint::of(&url.url()), middle)
}
