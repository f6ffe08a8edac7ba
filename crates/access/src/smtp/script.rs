//! The plan's SMTP dialogue as exchanges: what goes out (nothing for the
//! greeting, a planned line, or the message) and the codes that accept it.
//!
//! This is the one place that reads a [`Plan`]'s steps. When plans become
//! typed per protocol, the typed SMTP plan (its envelope lines and body)
//! gives these exchanges directly and the executor does not change.

use uniform::plan::{Endpoint, Line, Plan, Step};

/// What an exchange sends.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Out<'p> {
    /// Nothing: the server speaks first.
    Greeting,
    /// A line of the plan, as its wire octets.
    Line(&'p Line),
    /// The message, dot-stuffed, and the line "." (after `DATA`'s 354).
    Message,
}

/// One exchange of the dialogue.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Exchange<'p> {
    pub(crate) out: Out<'p>,
    /// The codes that accept it.
    pub(crate) expect: &'p [u16],
}

/// The whole dialogue: the relay, then the exchanges in order.
#[derive(Debug)]
pub(crate) struct Script<'p> {
    pub(crate) host: &'p str,
    pub(crate) port: u16,
    pub(crate) exchanges: Vec<Exchange<'p>>,
}

/// The dialogue of `plan`, or why it is not one SMTP can run. An
/// expectation with no line before it is the greeting when it comes first
/// and the message's acceptance after that (the plan shows the message as
/// a note, not a line).
pub(crate) fn script(plan: &Plan) -> Result<Script<'_>, String> {
    let mut relay = None;
    let mut pending: Option<&Line> = None;
    let mut exchanges = Vec::new();
    for step in plan.steps() {
        match step {
            Step::Connect(Endpoint::Host { host, port }) => relay = Some((host.as_str(), *port)),
            Step::Connect(_) => return Err("the plan names no SMTP relay".into()),
            Step::Send(line) => {
                if let Some(l) = pending.replace(line) {
                    exchanges.push(Exchange {
                        out: Out::Line(l),
                        expect: &[],
                    });
                }
            }
            Step::Expect(codes) => {
                let out = match pending.take() {
                    Some(l) => Out::Line(l),
                    None if exchanges.is_empty() => Out::Greeting,
                    None => Out::Message,
                };
                exchanges.push(Exchange { out, expect: codes });
            }
            Step::Note(_) | Step::Advise(_) | Step::Prompt(_) => {}
            other => return Err(format!("the plan has a step SMTP cannot run: {other}")),
        }
    }
    if let Some(l) = pending {
        exchanges.push(Exchange {
            out: Out::Line(l),
            expect: &[],
        });
    }
    let (host, port) = relay.ok_or("the plan does not connect to a relay")?;
    Ok(Script {
        host,
        port,
        exchanges,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use uniform::UrlRef;
    use uniform::plan::{PlanOptions, plan};

    #[test]
    fn the_dialogue_is_the_plans_lines_in_order() {
        let url = UrlRef::parse("mailto:someone%40x@example.org").unwrap();
        let mut o = PlanOptions::default();
        o.smtp_server = Some("relay.example:2525".into());
        o.email = Some("me@example.net".into());
        o.client_name = Some("client.example".into());
        let p = plan(&url, &o).unwrap();
        let s = script(&p).unwrap();
        assert_eq!((s.host, s.port), ("relay.example", 2525));
        let shown: Vec<String> = s
            .exchanges
            .iter()
            .map(|x| match x.out {
                Out::Greeting => format!("greeting {:?}", x.expect),
                Out::Line(l) => format!(
                    "{} {:?}",
                    String::from_utf8_lossy(&l.wire().unwrap()),
                    x.expect
                ),
                Out::Message => format!("message {:?}", x.expect),
            })
            .collect();
        assert_eq!(
            shown,
            [
                "greeting [220]",
                "EHLO client.example [250]",
                "MAIL FROM:<me@example.net> [250]",
                "RCPT TO:<someone@x@example.org> [250, 251]",
                "DATA [354]",
                "message [250]",
                "QUIT [221]",
            ]
        );
    }
}
