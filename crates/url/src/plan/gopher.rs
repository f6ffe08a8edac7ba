//! Gopher and Gopher+ (RFC 1738 section 3.4, RFC 1436, Gopher+): the
//! request as its fields. [`GopherPlan::request_line`] joins them with the
//! protocol's TAB into the one line the executor sends.

use super::options::PlanOptions;
use super::refusal::PlanError;
use super::step::{Endpoint, Line, Step, Transfer};
use crate::prelude::*;
use crate::schemes::gopher::{GopherPlus, GopherUrl};

/// What a type 7 item asks of the user when neither the URL nor the
/// options give its search.
const SEARCH_WORDS: &str = "search words";

/// What an ASK item's second request asks of the user.
const FORM_ANSWERS: &str = "the form's answers, one a line";

/// The search of a gopher request.
///
/// # Example
///
/// ```
/// use uniform::{UrlRef, plan::{Dialogue, GopherSearch, PlanOptions, plan}};
/// let p = plan(&UrlRef::parse("gopher://h/7/s")?, &PlanOptions::default()).unwrap();
/// let Dialogue::Gopher(g) = p.dialogue() else { unreachable!() };
/// assert_eq!(g.search, GopherSearch::Asked);
/// # Ok::<_, uniform::ParseError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum GopherSearch {
    /// No search.
    None,
    /// The search, decoded: from the URL, or given for a type 7 item.
    Given(Vec<u8>),
    /// A type 7 item with no search: the user is asked for one.
    Asked,
}

/// One gopher request: selector, search and Gopher+ string, and how the
/// reply is read.
///
/// # Example
///
/// ```
/// use uniform::{UrlRef, plan::{Dialogue, PlanOptions, plan}};
/// let p = plan(&UrlRef::parse("gopher://h.dom/7/search%09rfc%201738")?, &PlanOptions::default()).unwrap();
/// let Dialogue::Gopher(g) = p.dialogue() else { unreachable!() };
/// assert_eq!(g.request_line().wire(), Some(b"/search\trfc 1738".to_vec()));
/// # Ok::<_, uniform::ParseError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct GopherPlan {
    /// The server.
    pub endpoint: Endpoint,
    /// The item's type character.
    pub gopher_type: u8,
    /// The decoded selector.
    pub selector: Vec<u8>,
    /// The search.
    pub search: GopherSearch,
    /// The Gopher+ string's request part, decoded, when there is one.
    pub plus: Option<Vec<u8>>,
    /// The lines of a Gopher+ ASK form's data block, sent after the
    /// request line (their line ends are CR LF on the wire).
    pub form: Vec<Vec<u8>>,
    /// An item with a Gopher+ ASK form to fill in first (`?` after the
    /// selector's TAB): two requests, the form's questions asked between.
    pub ask_item: bool,
    /// How the reply is read.
    pub transfer: Transfer,
}

impl GopherPlan {
    /// The request line: selector, then TAB and search, then TAB and the
    /// Gopher+ string (with an empty search before it when there is none).
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::{UrlRef, plan::{Dialogue, PlanOptions, plan}};
    /// let p = plan(&UrlRef::parse("gopher://h/1/dir%09%09+")?, &PlanOptions::default()).unwrap();
    /// let Dialogue::Gopher(g) = p.dialogue() else { unreachable!() };
    /// assert_eq!(g.request_line().wire(), Some(b"/dir\t\t+".to_vec()));
    /// # Ok::<_, uniform::ParseError>(())
    /// ```
    pub fn request_line(&self) -> Line {
        let mut line = Line::text(&self.selector);
        match &self.search {
            GopherSearch::Given(s) => line = line.and("\t").and(s),
            GopherSearch::Asked => line = line.and("\t").asked(SEARCH_WORDS),
            GopherSearch::None => {}
        }
        if let Some(plus) = &self.plus {
            if self.search == GopherSearch::None {
                line = line.and("\t");
            }
            line = line.and("\t").and(plus);
        }
        line
    }

    /// An ASK item's two requests: the one that fetches the form
    /// (`\t!+ASK`), and the first line of the one that sends its answers
    /// (`\t+\t1`), which `+-1`, the answers and `.` follow.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::{UrlRef, plan::{Dialogue, PlanOptions, plan}};
    /// let p = plan(&UrlRef::parse("gopher://h/1/form%09%09?")?, &PlanOptions::default()).unwrap();
    /// let Dialogue::Gopher(g) = p.dialogue() else { unreachable!() };
    /// let (ask, answer) = g.ask_requests();
    /// assert_eq!(ask.wire(), Some(b"/form\t!+ASK".to_vec()));
    /// assert_eq!(answer.wire(), Some(b"/form\t+\t1".to_vec()));
    /// # Ok::<_, uniform::ParseError>(())
    /// ```
    pub fn ask_requests(&self) -> (Line, Line) {
        let request = match &self.search {
            GopherSearch::Given(s) if !s.is_empty() => Line::text(&self.selector).and("\t").and(s),
            _ => Line::text(&self.selector),
        };
        (request.clone().and("\t!+ASK"), request.and("\t+\t1"))
    }

    pub(crate) fn render(&self, out: &mut Vec<Step>) {
        out.push(Step::Connect(self.endpoint.clone()));
        if self.ask_item {
            let (ask, answer) = self.ask_requests();
            super::step::send(out, ask);
            out.push(Step::Read(Transfer::GopherAskForm));
            out.push(Step::Prompt(
                "the form's questions (the +ASK block's Ask:, AskP:, AskL:, Choose:, Select:), asked of the user (RFC 1738 section 3.4.5)".into(),
            ));
            out.push(Step::Connect(self.endpoint.clone()));
            super::step::send(out, answer);
            super::step::send(out, Line::text("+-1"));
            super::step::send(out, Line::default().asked(FORM_ANSWERS));
            super::step::send(out, Line::text("."));
            out.push(Step::Read(Transfer::GopherPlus));
            return;
        }
        if self.search == GopherSearch::Asked {
            out.push(Step::Prompt(
                "search words for this type 7 item, asked of the user: the URL has none (give --query or add %09words to the URL)".into(),
            ));
            out.push(Step::Send(self.request_line()));
        } else {
            super::step::send(out, self.request_line());
        }
        for l in &self.form {
            super::step::send(out, Line::text(l));
        }
        out.push(Step::Read(self.transfer));
    }
}

/// How a gopher type's reply is read; `None` for the types that are
/// sessions of another protocol.
fn transfer(gopher_type: u8) -> Option<Transfer> {
    Some(match gopher_type {
        b'1' | b'7' => Transfer::GopherMenu,
        b'0' | b'2' | b'3' | b'h' | b'i' => Transfer::GopherText,
        b'8' | b'T' => return None,
        _ => Transfer::GopherBinary,
    })
}

pub(super) fn plan(url: &GopherUrl<'_>, o: &PlanOptions) -> Result<GopherPlan, PlanError> {
    let t = url.gopher_type();
    let Some(read) = transfer(t) else {
        return Err(PlanError::unsupported(format!(
            "a gopher item of type '{}' is a {} session: it is reached by its own protocol, not by a gopher request",
            t as char,
            if t == b'8' { "telnet" } else { "tn3270" }
        )));
    };
    // Type 7 without a search in the URL takes the one the user gave, or
    // asks for one: a search server answers a bare selector with nothing
    // useful (RFC 1738 section 3.4: the search "is submitted to the
    // search engine").
    let search = match url.search() {
        Some(s) => GopherSearch::Given(s.decode().into_owned()),
        None if t == b'7' => match &o.query {
            Some(q) => GopherSearch::Given(q.as_bytes().to_vec()),
            None => GopherSearch::Asked,
        },
        None => GopherSearch::None,
    };
    let mut plan = GopherPlan {
        endpoint: Endpoint::of(&url.url()),
        gopher_type: t,
        selector: url.selector().decode().into_owned(),
        search,
        plus: None,
        form: Vec::new(),
        ask_item: url.plus_kind() == Some(GopherPlus::AskItem),
        transfer: read,
    };
    if plan.ask_item {
        plan.transfer = Transfer::GopherPlus;
        return Ok(plan);
    }
    if let Some(plus) = url.plus() {
        let plus = plus.decode().into_owned();
        let (first, form) = split_ask_form(&plus);
        plan.plus = Some(first.to_vec());
        plan.form = form;
        // Every Gopher+ reply starts with its length line ("+-1", "+-2"
        // or "+N"), attribute blocks and ASK forms included.
        plan.transfer = Transfer::GopherPlus;
    }
    Ok(plan)
}

/// A Gopher+ string that holds an ASK form's answers (Gopher+ section
/// 2.6: the request ends with TAB "1", then the data block: "+-1", the
/// lines, "."): its request part and the lines of its data block. Any
/// other string is all request part, where the policy refuses a CR or LF.
fn split_ask_form(plus: &[u8]) -> (&[u8], Vec<Vec<u8>>) {
    let Some(p) = plus.windows(2).position(|w| w == b"\r\n") else {
        return (plus, Vec::new());
    };
    let first = &plus[..p];
    let body = &plus[p + 2..];
    let lines: Vec<&[u8]> = body.split(|&b| b == b'\n').collect();
    let well_formed = first.ends_with(b"\t1")
        && body.ends_with(b".\r\n")
        && lines
            .iter()
            .rev()
            .skip(1)
            .all(|l| l.ends_with(b"\r") && !l[..l.len() - 1].contains(&b'\r'))
        && lines.first().is_some_and(|l| l.starts_with(b"+"));
    if !well_formed {
        return (plus, Vec::new());
    }
    let block = lines[..lines.len() - 1]
        .iter()
        .map(|l| l[..l.len() - 1].to_vec())
        .collect();
    (first, block)
}
