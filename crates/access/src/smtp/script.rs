//! The plan's SMTP dialogue as the loop runs it: the greeting, each
//! [`SmtpCommand`] of the typed plan with the replies that let it go on,
//! and the message after DATA. This file is the only place the loop meets
//! the plan.

use uniform::plan::{Endpoint, Line, SmtpCommand, SmtpPlan};

/// What goes out in one exchange.
#[derive(Clone, Debug)]
pub(crate) enum Out {
    /// Nothing: the server speaks first.
    Greeting,
    /// A command line.
    Command(SmtpCommand, Line),
    /// The message, dot-stuffed, and the line "." that ends it.
    Message,
}

/// One exchange: what is sent, and the reply codes that let the dialogue
/// go on.
#[derive(Clone, Debug)]
pub(crate) struct Exchange {
    pub(crate) out: Out,
    pub(crate) expect: &'static [u16],
}

/// The dialogue: the relay and the exchanges in order.
#[derive(Debug)]
pub(crate) struct Script<'p> {
    pub(crate) host: &'p str,
    pub(crate) port: u16,
    pub(crate) exchanges: Vec<Exchange>,
}

pub(crate) fn script(plan: &SmtpPlan) -> Result<Script<'_>, String> {
    let Endpoint::Host { host, port } = &plan.relay else {
        return Err("the plan names no SMTP relay".into());
    };
    let mut exchanges = vec![Exchange {
        out: Out::Greeting,
        expect: SmtpCommand::GREETING,
    }];
    for c in plan.commands() {
        let data = c == SmtpCommand::Data;
        exchanges.push(Exchange {
            expect: c.expect(),
            out: Out::Command(c.clone(), c.line()),
        });
        if data {
            exchanges.push(Exchange {
                out: Out::Message,
                expect: SmtpCommand::ACCEPTED,
            });
        }
    }
    Ok(Script {
        host,
        port: *port,
        exchanges,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use uniform::UrlRef;
    use uniform::plan::{Dialogue, PlanOptions, plan};

    #[test]
    fn the_dialogue_is_the_plans_commands_in_order() {
        let url = UrlRef::parse("mailto:someone%40x@example.org").unwrap();
        let mut o = PlanOptions::default();
        o.smtp_server = Some("relay.example:2525".into());
        o.email = Some("me@example.net".into());
        o.client_name = Some("client.example".into());
        let p = plan(&url, &o);
        // "someone@x" is no local part: the policy refuses it.
        assert!(p.is_err());
        let url = UrlRef::parse("mailto:someone@example.org").unwrap();
        let p = plan(&url, &o).unwrap();
        let Dialogue::Smtp(m) = p.dialogue() else {
            panic!("not smtp")
        };
        let s = script(m).unwrap();
        assert_eq!((s.host, s.port), ("relay.example", 2525));
        let shown: Vec<String> = s
            .exchanges
            .iter()
            .map(|x| match &x.out {
                Out::Greeting => "greeting".to_string(),
                Out::Command(_, l) => l.to_string(),
                Out::Message => "message".to_string(),
            })
            .collect();
        assert_eq!(
            shown,
            [
                "greeting",
                "EHLO client.example",
                "MAIL FROM:<me@example.net>",
                "RCPT TO:<someone@example.org>",
                "DATA",
                "message",
                "QUIT"
            ]
        );
        assert_eq!(s.exchanges[5].expect, [250]);
    }
}
