//! The plan's FTP dialogue as the commands the executor runs: each line,
//! the codes that may answer it, and for a data command what its data
//! connection carries and the codes that end the transfer.
//!
//! This is the one place that reads a [`Plan`]'s steps. When plans become
//! typed per protocol, a typed FTP plan gives these commands directly and
//! the executor does not change.

use uniform::plan::{Endpoint, Line, Piece, Plan, Step, Transfer};

/// One command of the dialogue.
#[derive(Debug)]
pub(crate) struct Command<'p> {
    pub(crate) line: &'p Line,
    /// The codes that accept it.
    pub(crate) expect: &'p [u16],
    /// For a data command: what the data connection carries, and the codes
    /// that end the transfer on the control connection.
    pub(crate) data: Option<(Transfer, &'p [u16])>,
}

/// The whole dialogue.
#[derive(Debug)]
pub(crate) struct Script<'p> {
    pub(crate) host: &'p str,
    pub(crate) port: u16,
    /// The codes of a welcome greeting.
    pub(crate) greeting: &'p [u16],
    pub(crate) commands: Vec<Command<'p>>,
}

/// The dialogue of `plan`, or why the plan is not one FTP can run.
pub(crate) fn script(plan: &Plan) -> Result<Script<'_>, String> {
    let steps: Vec<&Step> = plan
        .steps()
        .iter()
        .filter(|s| !matches!(s, Step::Note(_) | Step::Advise(_) | Step::Prompt(_)))
        .collect();
    let codes = |i: usize| -> &[u16] {
        match steps.get(i) {
            Some(Step::Expect(c)) => c,
            _ => &[],
        }
    };
    let (host, port) = match steps.first() {
        Some(Step::Connect(Endpoint::Host { host, port })) => (host.as_str(), *port),
        _ => return Err("the plan does not start by connecting to a host".into()),
    };
    let mut i = 1;
    let greeting = codes(i);
    if !greeting.is_empty() {
        i += 1;
    }
    let mut commands = Vec::new();
    while i < steps.len() {
        let Step::Send(line) = steps[i] else {
            return Err(format!("the plan has a step FTP cannot run: {}", steps[i]));
        };
        i += 1;
        let expect = codes(i);
        if !expect.is_empty() {
            i += 1;
        }
        let mut data = None;
        if let Some(Step::Read(t)) = steps.get(i) {
            i += 1;
            let done = codes(i);
            if !done.is_empty() {
                i += 1;
            }
            data = Some((*t, done));
        }
        commands.push(Command { line, expect, data });
    }
    Ok(Script {
        host,
        port,
        greeting,
        commands,
    })
}

/// The command word of a plan line, in upper case.
pub(crate) fn verb(line: &Line) -> String {
    match line.pieces().first() {
        Some(Piece::Text(t)) => {
            let word = t.split(|&b| b == b' ').next().unwrap_or_default();
            String::from_utf8_lossy(word).to_ascii_uppercase()
        }
        _ => String::new(),
    }
}

/// The secrets of the plan's lines, to keep out of error messages.
pub(crate) fn secrets(plan: &Plan) -> Vec<Vec<u8>> {
    let mut out = Vec::new();
    for step in plan.steps() {
        if let Step::Send(line) = step {
            for p in line.pieces() {
                if let Piece::Secret(s) = p {
                    out.push(s.clone());
                }
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use uniform::UrlRef;
    use uniform::plan::{PlanOptions, plan};

    #[test]
    fn the_verb_is_the_first_word() {
        assert_eq!(verb(&Line::text("PASS ").secret(b"x")), "PASS");
        assert_eq!(verb(&Line::text("CWD ")), "CWD");
        assert_eq!(verb(&Line::text("QUIT")), "QUIT");
    }

    #[test]
    fn a_retr_plan_is_its_commands_in_order() {
        let url = UrlRef::parse("ftp://u:p@h:2121/a/b.txt").unwrap();
        let p = plan(&url, &PlanOptions::default()).unwrap();
        let s = script(&p).unwrap();
        assert_eq!((s.host, s.port, s.greeting), ("h", 2121, &[220][..]));
        let shown: Vec<String> = s.commands.iter().map(|c| c.line.to_string()).collect();
        assert_eq!(
            shown,
            [
                "USER u",
                "PASS ****",
                "CWD a",
                "TYPE A",
                "RETR b.txt",
                "QUIT"
            ]
        );
        let retr = &s.commands[4];
        assert_eq!(retr.expect, [150, 125]);
        assert_eq!(retr.data, Some((Transfer::FtpAscii, &[226, 250][..])));
        assert_eq!(secrets(&p), [b"p".to_vec()]);
    }
}
