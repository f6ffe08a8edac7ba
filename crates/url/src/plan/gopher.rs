//! Gopher and Gopher+ (RFC 1738 section 3.4, RFC 1436, Gopher+).

use super::policy::{PlanError, Rule, check_field};
use super::{Line, Plan, PlanOptions, Step, Transfer, endpoint};
use crate::schemes::{GopherPlus, GopherUrl};

/// What a type 7 item asks of the user when neither the URL nor the
/// options give its search.
const SEARCH_WORDS: &str = "search words";

/// Refuses a TAB inside a field whose ends the TAB marks on the wire.
fn no_tab(field: &[u8], what: &str) -> Result<(), PlanError> {
    match field.iter().position(|&b| b == b'\t') {
        Some(p) => Err(PlanError::refused(
            Rule::GopherTab,
            format!(
                "the {what} decodes to a TAB at octet {p}: TAB separates the fields of a gopher request"
            ),
        )),
        None => Ok(()),
    }
}

/// How the reply of an item of `gopher_type` is read (RFC 1436 section 3.8).
fn transfer(gopher_type: u8) -> Option<Transfer> {
    Some(match gopher_type {
        b'1' | b'7' => Transfer::GopherMenu,
        b'0' | b'2' | b'3' | b'h' | b'i' => Transfer::GopherText,
        b'8' | b'T' => return None,
        _ => Transfer::GopherBinary,
    })
}

/// Section 3.4: connect, send the decoded selector, a TAB and the search
/// when there is one, a TAB and the Gopher+ string when there is one, then
/// CR LF. A Gopher+ string in the ASK form of section 3.4.9 carries its
/// data block after the request line, one line each.
pub(super) fn plan(url: &GopherUrl<'_>, o: &PlanOptions) -> Result<Plan, PlanError> {
    let t = url.gopher_type();
    let Some(read) = transfer(t) else {
        return Err(PlanError::unsupported(format!(
            "a gopher item of type '{}' is a {} session: it is reached by its own protocol, not by a gopher request",
            t as char,
            if t == b'8' { "telnet" } else { "tn3270" }
        )));
    };
    let selector = url.selector().decode().into_owned();
    check_field(&selector, "gopher selector")?;
    no_tab(&selector, "gopher selector")?;
    let mut line = Line::text(&selector);

    // Type 7 without a search in the URL takes the one the user gave, or
    // asks for one: a search server answers a bare selector with nothing
    // useful (RFC 1738 section 3.4: the search "is submitted to the
    // search engine").
    let search = match url.search() {
        Some(s) => Some(s.decode().into_owned()),
        None if t == b'7' => o.query.as_ref().map(|q| q.as_bytes().to_vec()),
        None => None,
    };
    let ask_search = search.is_none() && t == b'7';
    if let Some(s) = &search {
        check_field(s, "gopher search")?;
        no_tab(s, "gopher search")?;
        line = line.and("\t").and(s);
    } else if ask_search {
        line = line.and("\t").asked(SEARCH_WORDS);
    }

    if url.plus_kind() == Some(GopherPlus::AskItem) {
        return Ok(ask_item(url, line, search.as_deref()));
    }

    let mut block: Vec<Vec<u8>> = Vec::new();
    let mut read = read;
    if let Some(plus) = url.plus() {
        if search.is_none() && !ask_search {
            line = line.and("\t");
        }
        let plus = plus.decode().into_owned();
        let (first, rest) = split_ask_form(&plus)?;
        check_field(first, "Gopher+ string")?;
        // Only the ASK form's data flag "\t1" may hold a TAB.
        let flagless = if rest.is_some() {
            &first[..first.len() - 2]
        } else {
            first
        };
        no_tab(flagless, "Gopher+ string")?;
        line = line.and("\t").and(first);
        if let Some(lines) = rest {
            block = lines;
        }
        // Every Gopher+ reply starts with its length line ("+-1", "+-2"
        // or "+N"), attribute blocks and ASK forms included.
        read = Transfer::GopherPlus;
    }

    let mut plan = Plan::new(url.url().scheme_kind());
    plan.push(Step::Connect(endpoint(&url.url())));
    if ask_search {
        plan.ask(
            "search words for this type 7 item, asked of the user: the URL has none (give --query or add %09words to the URL)",
            line,
        );
    } else {
        plan.send(line);
    }
    for l in block {
        plan.send(Line::text(l));
    }
    plan.push(Step::Read(read));
    Ok(plan)
}

/// What the answers line of a `?` item's plan stands for.
const FORM_ANSWERS: &str = "the form's answers, one a line";

/// Section 3.4.5: a "?" item "require[s] the client to fetch the item's
/// +ASK attribute to get the form definition, and then ask the user to
/// fill out the form and return the user's responses along with the
/// selector string". The attribute request is `selector TAB !+ASK`; the
/// answers go as section 3.4.9 writes them: `selector TAB + TAB 1`, then
/// the data block `+-1`, one answer a line, `.`. An empty search field the
/// URL's syntax needed before the "?" is no search and is left out.
fn ask_item(url: &GopherUrl<'_>, selector_line: Line, search: Option<&[u8]>) -> Plan {
    let request = match search {
        Some(s) if !s.is_empty() => selector_line,
        _ => Line::text(url.selector().decode()),
    };
    let mut plan = Plan::new(url.url().scheme_kind());
    let server = endpoint(&url.url());
    plan.push(Step::Connect(server.clone()))
        .send(request.clone().and("\t!+ASK"))
        .push(Step::Read(Transfer::GopherAskForm))
        .push(Step::Prompt(
            "the form's questions (the +ASK block's Ask:, AskP:, AskL:, Choose:, Select:), asked of the user (RFC 1738 section 3.4.5)".into(),
        ))
        .push(Step::Connect(server))
        .send(request.and("\t+\t1"))
        .send(Line::text("+-1"))
        .send(Line::default().asked(FORM_ANSWERS))
        .send(Line::text("."))
        .push(Step::Read(Transfer::GopherPlus));
    plan
}

/// Splits a decoded Gopher+ string into its request part and, for the ASK
/// form of section 3.4.9 (`+\t1` CR LF `+-1` CR LF values CR LF `.` CR LF),
/// the lines of its data block. A CR or LF anywhere else is refused.
/// A Gopher+ string's request part, and the lines of its ASK data block.
type AskParts<'a> = (&'a [u8], Option<Vec<Vec<u8>>>);

fn split_ask_form(plus: &[u8]) -> Result<AskParts<'_>, PlanError> {
    let Some(p) = plus.windows(2).position(|w| w == b"\r\n") else {
        return Ok((plus, None));
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
        // Not the ASK form: the CR LF would end the request line early.
        check_field(plus, "Gopher+ string")?;
    }
    let block = lines[..lines.len() - 1]
        .iter()
        .map(|l| l[..l.len() - 1].to_vec())
        .collect::<Vec<_>>();
    for l in &block {
        check_field(l, "Gopher+ form line")?;
    }
    Ok((first, Some(block)))
}
