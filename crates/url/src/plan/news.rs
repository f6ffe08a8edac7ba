//! News and NNTP (RFC 1738 sections 3.6 and 3.7, over RFC 977 and 3977).

use super::policy::{PlanError, check_field};
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
            open(&mut plan, server);
            plan.send(Line::text("ARTICLE <").and(&*id).and(">"))
                .push(Step::Expect(vec![220]))
                .push(Step::Read(Transfer::NntpArticle));
        }
        NewsTarget::Group(g) => {
            let g = g.decode();
            check_field(&g, "newsgroup name")?;
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
    let mut plan = Plan::new(url.url().scheme_kind());
    open(&mut plan, endpoint(&url.url()));
    match url.article() {
        Some(a) => {
            let a = a.decode();
            check_field(&a, "article number")?;
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
