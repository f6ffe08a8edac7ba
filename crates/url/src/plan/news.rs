//! News and NNTP (RFC 1738 sections 3.6 and 3.7, over RFC 977 and 3977).

use super::policy::{PlanError, Rule, check_field};
use super::{Endpoint, Line, Missing, Plan, PlanOptions, Step, Transfer, configured, endpoint};
use crate::schemes::{NewsTarget, NewsUrl, NntpUrl};

/// The greeting and reader mode every NNTP dialogue starts with.
fn open(plan: &mut Plan, server: Endpoint) {
    plan.push(Step::Connect(server))
        .push(Step::Expect(vec![200, 201]))
        .send(Line::text("MODE READER"))
        .push(Step::Expect(vec![200, 201]));
}

fn close(plan: &mut Plan) {
    plan.send(Line::text("QUIT")).push(Step::Expect(vec![205]));
}

/// A group's article listing: GROUP, then the overview of every article.
fn list_group(plan: &mut Plan, group: &[u8]) {
    plan.send(Line::text("GROUP ").and(group))
        .push(Step::Expect(vec![211]))
        .send(Line::text("OVER 1-"))
        .push(Step::Expect(vec![224]))
        .push(Step::Read(Transfer::NntpListing));
}

/// Section 5: `group = alpha *[ alpha | digit | "-" | "." | "+" | "_" ]`,
/// checked once decoded: a space or anything else outside it would reach
/// the GROUP line as a second argument or another command.
fn check_group(group: &[u8]) -> Result<(), PlanError> {
    let bad = match group.first() {
        None => Some("it is empty".to_string()),
        Some(b) if !b.is_ascii_alphabetic() => {
            Some(format!("it starts with {}, not a letter", shown(*b)))
        }
        _ => group
            .iter()
            .position(|&b| !(b.is_ascii_alphanumeric() || b"-.+_".contains(&b)))
            .map(|p| {
                format!(
                    "{} at octet {p} is not a letter, digit, '-', '.', '+' or '_'",
                    shown(group[p])
                )
            }),
    };
    match bad {
        Some(why) => Err(PlanError::refused(
            Rule::FieldGrammar,
            format!("the newsgroup name is outside rule group (RFC 1738 section 5): {why}"),
        )),
        None => Ok(()),
    }
}

/// Section 3.7: "the <article-number> is the numeric id" (`1*digit`).
fn check_article(article: &[u8]) -> Result<(), PlanError> {
    if article.is_empty() || !article.iter().all(u8::is_ascii_digit) {
        return Err(PlanError::refused(
            Rule::FieldGrammar,
            format!(
                "the article {:?} is outside rule article (RFC 1738 sections 3.7 and 5): an article number is decimal digits",
                String::from_utf8_lossy(article)
            ),
        ));
    }
    Ok(())
}

/// Section 3.6: a message-id is written "without the enclosing \"<\" and
/// \">\"", which the ARTICLE line adds; one that brings its own, or a space
/// that would split the line's argument, is refused.
fn check_message_id(id: &[u8]) -> Result<(), PlanError> {
    let why = if id.starts_with(b"<") || id.ends_with(b">") {
        "it is written in angle brackets; RFC 1738 section 3.6 writes a message-id without the enclosing \"<\" and \">\", which ARTICLE adds"
    } else if id
        .iter()
        .any(|&b| b == b' ' || b == b'\t' || b == b'<' || b == b'>')
    {
        "it holds a space, TAB or angle bracket, which would end the ARTICLE argument (RFC 3977 section 3.6)"
    } else {
        return Ok(());
    };
    Err(PlanError::refused(
        Rule::FieldGrammar,
        format!("the message-id is outside rule messageid: {why}"),
    ))
}

/// An octet as messages name it.
fn shown(b: u8) -> String {
    if b.is_ascii_graphic() {
        format!("'{}'", b as char)
    } else {
        format!("octet {b:#04X}")
    }
}

/// Section 3.6: the server is the user's own ("News host names are NOT
/// part of news URLs", RFC 1630); ARTICLE by message-id, a group's
/// listing, or for `*` the list of groups.
pub(super) fn news(url: &NewsUrl<'_>, o: &PlanOptions) -> Result<Plan, PlanError> {
    let server = match &o.news_server {
        Some(s) => configured(s, 119),
        None => Endpoint::Missing {
            missing: Missing::NewsServer,
            port: 119,
        },
    };
    let mut plan = Plan::new(url.url().scheme_kind());
    match url.target() {
        NewsTarget::Article(id) => {
            let id = id.decode();
            check_field(&id, "message-id")?;
            check_message_id(&id)?;
            open(&mut plan, server);
            plan.send(Line::text("ARTICLE <").and(&*id).and(">"))
                .push(Step::Expect(vec![220]))
                .push(Step::Read(Transfer::NntpArticle));
        }
        NewsTarget::Group(g) => {
            let g = g.decode();
            check_field(&g, "newsgroup name")?;
            check_group(&g)?;
            open(&mut plan, server);
            list_group(&mut plan, &g);
        }
        NewsTarget::AllGroups => {
            open(&mut plan, server);
            plan.send(Line::text("LIST"))
                .push(Step::Expect(vec![215]))
                .push(Step::Read(Transfer::NntpListing));
        }
    }
    close(&mut plan);
    Ok(plan)
}

/// Section 3.7: the server of the URL, GROUP, then ARTICLE by number (or
/// the group's listing when the URL names no article).
pub(super) fn nntp(url: &NntpUrl<'_>) -> Result<Plan, PlanError> {
    let group = url.group().decode();
    check_field(&group, "newsgroup name")?;
    check_group(&group)?;
    let mut plan = Plan::new(url.url().scheme_kind());
    open(&mut plan, endpoint(&url.url()));
    match url.article() {
        Some(a) => {
            let a = a.decode();
            check_field(&a, "article number")?;
            check_article(&a)?;
            plan.send(Line::text("GROUP ").and(&*group))
                .push(Step::Expect(vec![211]))
                .send(Line::text("ARTICLE ").and(&*a))
                .push(Step::Expect(vec![220]))
                .push(Step::Read(Transfer::NntpArticle));
        }
        None => list_group(&mut plan, &group),
    }
    close(&mut plan);
    Ok(plan)
}
