//! From a URL to its plan: the protocol the scheme table gives the
//! scheme chooses the planner; nothing here judges (that is the policy's).

use super::dialogue::{Dialogue, Plan};
use super::options::PlanOptions;
use super::refusal::PlanError;
use super::{file, ftp, gopher, http, nntp, prospero, smtp, telnet, wais};
use crate::prelude::*;
use crate::scheme::{Protocol, ViewKind};
use crate::schemes::file::FileUrl;
use crate::schemes::ftp::FtpUrl;
use crate::schemes::gopher::GopherUrl;
use crate::schemes::mailto::MailtoUrl;
use crate::schemes::news::NewsUrl;
use crate::schemes::nntp::NntpUrl;
use crate::schemes::prospero::ProsperoUrl;
use crate::schemes::wais::WaisUrl;
use crate::url::UrlRef;

/// The plan of `url`, not yet judged.
pub(crate) fn build(url: &UrlRef<'_>, options: &PlanOptions) -> Result<Plan, PlanError> {
    let row = url.scheme_row();
    let u = *url;
    let dialogue = match row.protocol {
        Some(Protocol::Ftp) => Dialogue::Ftp(ftp::plan(&FtpUrl::new(u), options)?),
        Some(Protocol::Http) => Dialogue::Http(http::plan(url, options)),
        Some(Protocol::Gopher) => Dialogue::Gopher(gopher::plan(&GopherUrl::new(u), options)?),
        // news: names no server, nntp: does (RFC 1738 sections 3.6, 3.7).
        Some(Protocol::Nntp) if row.view == ViewKind::News => {
            Dialogue::Nntp(nntp::news(&NewsUrl::new(u), options))
        }
        Some(Protocol::Nntp) => Dialogue::Nntp(nntp::nntp(&NntpUrl::new(u))),
        Some(Protocol::Smtp) => Dialogue::Smtp(smtp::plan(&MailtoUrl::new(u), options)?),
        Some(p @ (Protocol::Telnet | Protocol::Rlogin | Protocol::Tn3270)) => {
            Dialogue::Telnet(telnet::plan(url, p))
        }
        Some(Protocol::Wais) => Dialogue::Wais(wais::plan(&WaisUrl::new(u), options)?),
        Some(Protocol::File) => Dialogue::File(file::plan(&FileUrl::new(u))),
        Some(Protocol::Prospero) => {
            Dialogue::Prospero(prospero::plan(&ProsperoUrl::new(u), options))
        }
        None => {
            return Err(PlanError::unsupported(format!(
                "no access algorithm for the {} scheme ({})",
                url.scheme().to_ascii_lowercase(),
                url.scheme_kind().defined_in()
            )));
        }
    };
    Ok(Plan::new(url, dialogue))
}
