//! From a URL to its plan: the scheme table's protocol chooses the
//! planner; nothing here judges (that is the policy's).

use super::dialogue::{Dialogue, Plan};
use super::options::PlanOptions;
use super::refusal::PlanError;
use super::{file, ftp, gopher, http, nntp, prospero, smtp, telnet, wais};
use crate::schemes::SchemeUrl;
use crate::url::UrlRef;

/// The plan of `url`, not yet judged.
pub(crate) fn build(url: &UrlRef<'_>, options: &PlanOptions) -> Result<Plan, PlanError> {
    let dialogue = match url.specific() {
        SchemeUrl::Ftp(v) => Dialogue::Ftp(ftp::plan(&v, options)?),
        SchemeUrl::Http(_) => Dialogue::Http(http::plan(url)),
        SchemeUrl::Gopher(v) => Dialogue::Gopher(gopher::plan(&v, options)?),
        SchemeUrl::News(v) => Dialogue::Nntp(nntp::news(&v, options)),
        SchemeUrl::Nntp(v) => Dialogue::Nntp(nntp::nntp(&v)),
        SchemeUrl::Mailto(v) => Dialogue::Smtp(smtp::plan(&v, options)?),
        SchemeUrl::Telnet(_) => Dialogue::Telnet(telnet::plan(url)),
        SchemeUrl::Wais(v) => Dialogue::Wais(wais::plan(&v, options)?),
        SchemeUrl::File(v) => Dialogue::File(file::plan(&v)),
        SchemeUrl::Prospero(v) => Dialogue::Prospero(prospero::plan(&v, options)),
        _ => {
            return Err(PlanError::unsupported(format!(
                "no access algorithm for the {} scheme ({})",
                url.scheme().to_ascii_lowercase(),
                url.scheme_kind().defined_in()
            )));
        }
    };
    Ok(Plan::new(url, dialogue))
}
