//! The plan's FTP commands as the command loop runs them: each
//! [`FtpCommand`] of the typed plan, its wire line, the replies that let
//! the dialogue go on, and for the transfer command how its data is read
//! (or, for curl's `-I`, which line of the head each answer makes). This
//! file is the only place the loop meets the plan.

use super::head::Probe;
use uniform::plan::{FtpAction, FtpCommand, FtpPassword, FtpPlan, Line, Transfer};

/// One command of the plan.
#[derive(Debug)]
pub(crate) struct Command {
    pub(crate) command: FtpCommand,
    pub(crate) line: Line,
    pub(crate) expect: &'static [u16],
    /// For RETR, NLST, LIST: how the data is read and the codes that end
    /// the transfer well.
    pub(crate) data: Option<(Transfer, &'static [u16])>,
    /// For curl's `-I` (MDTM, SIZE, REST): the line of the head its
    /// answer makes.
    pub(crate) probe: Option<Probe>,
}

/// The dialogue: where to connect, the greeting, the commands in order.
#[derive(Debug)]
pub(crate) struct Script<'p> {
    pub(crate) host: &'p str,
    pub(crate) port: u16,
    pub(crate) greeting: &'static [u16],
    pub(crate) commands: Vec<Command>,
    /// curl's `-I`: no data is read, the answers are the output.
    pub(crate) head: bool,
}

pub(crate) fn script(plan: &FtpPlan) -> Result<Script<'_>, String> {
    let uniform::plan::Endpoint::Host { host, port } = &plan.endpoint else {
        return Err("the plan names no server".into());
    };
    let head = matches!(plan.action, FtpAction::Head { .. });
    let transfer = plan.transfer_command();
    let commands = plan
        .commands()
        .into_iter()
        .map(|command| {
            let (data, probe) = if head {
                let probe = match command {
                    FtpCommand::Mdtm(_) => Some(Probe::Modified),
                    FtpCommand::Size(_) => Some(Probe::Length),
                    FtpCommand::Rest(_) => Some(Probe::Ranges),
                    _ => None,
                };
                (None, probe)
            } else {
                let data = (command == transfer).then(|| (plan.transfer(), FtpCommand::COMPLETE));
                (data, None)
            };
            Command {
                line: command.line(),
                expect: command.expect(),
                data,
                probe,
                command,
            }
        })
        .collect();
    Ok(Script {
        host,
        port: *port,
        greeting: FtpCommand::GREETING,
        commands,
        head,
    })
}

/// The command's verb, for the loop's decisions (PASS only after 331,
/// QUIT as a courtesy).
pub(crate) fn verb(command: &FtpCommand) -> &'static str {
    match command {
        FtpCommand::User(_) => "USER",
        FtpCommand::Pass(_) => "PASS",
        FtpCommand::Pwd => "PWD",
        FtpCommand::Cwd(_) => "CWD",
        FtpCommand::Type(_) => "TYPE",
        FtpCommand::Epsv => "EPSV",
        FtpCommand::Pasv => "PASV",
        FtpCommand::Port(_) => "PORT",
        FtpCommand::Size(_) => "SIZE",
        FtpCommand::Mdtm(_) => "MDTM",
        FtpCommand::Rest(_) => "REST",
        FtpCommand::Retr(_) => "RETR",
        FtpCommand::Nlst(_) => "NLST",
        FtpCommand::List(_) => "LIST",
        FtpCommand::Quit => "QUIT",
        _ => "",
    }
}

/// The secrets the plan sends, to be scrubbed from any reply quoted.
pub(crate) fn secrets(plan: &FtpPlan) -> Vec<Vec<u8>> {
    match &plan.password {
        FtpPassword::Given(p) | FtpPassword::Anonymous(p) => vec![p.clone()],
        _ => Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use uniform::UrlRef;
    use uniform::plan::{Dialogue, PlanOptions, plan};

    #[test]
    fn a_retr_plan_is_its_commands_in_order() {
        let url = UrlRef::parse("ftp://u:p@h:2121/a/b.txt").unwrap();
        let p = plan(&url, &PlanOptions::default()).unwrap();
        let Dialogue::Ftp(ftp) = p.dialogue() else {
            panic!("not ftp")
        };
        let s = script(ftp).unwrap();
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
        assert_eq!(verb(&retr.command), "RETR");
        assert_eq!(secrets(ftp), [b"p".to_vec()]);
        assert!(!s.head);
        assert!(s.commands.iter().all(|c| c.probe.is_none()));
    }

    #[test]
    fn several_urls_ask_pwd_after_the_login_expecting_257() {
        let url = UrlRef::parse("ftp://h/a/b.txt").unwrap();
        let mut o = PlanOptions::default();
        o.http.keep_alive = true;
        let p = plan(&url, &o).unwrap();
        let Dialogue::Ftp(ftp) = p.dialogue() else {
            panic!("not ftp")
        };
        let s = script(ftp).unwrap();
        let pwd = &s.commands[2];
        assert_eq!(pwd.line.to_string(), "PWD");
        assert_eq!(verb(&pwd.command), "PWD");
        assert_eq!(pwd.expect, [257]);
        assert!(pwd.data.is_none() && pwd.probe.is_none());
        assert_eq!(s.commands[3].line.to_string(), "CWD a");
    }

    #[test]
    fn a_head_plan_reads_no_data_and_probes_three_answers() {
        let url = UrlRef::parse("ftp://h/a/b.txt").unwrap();
        let mut o = PlanOptions::default();
        o.http.head_only = true;
        let p = plan(&url, &o).unwrap();
        let Dialogue::Ftp(ftp) = p.dialogue() else {
            panic!("not ftp")
        };
        let s = script(ftp).unwrap();
        assert!(s.head);
        let shown: Vec<(String, Option<Probe>, &str)> = s
            .commands
            .iter()
            .map(|c| (c.line.to_string(), c.probe, verb(&c.command)))
            .collect();
        let want = [
            ("USER anonymous", None, "USER"),
            ("PASS ****", None, "PASS"),
            ("CWD a", None, "CWD"),
            ("MDTM b.txt", Some(Probe::Modified), "MDTM"),
            ("TYPE I", None, "TYPE"),
            ("SIZE b.txt", Some(Probe::Length), "SIZE"),
            ("REST 0", Some(Probe::Ranges), "REST"),
            ("QUIT", None, "QUIT"),
        ];
        assert_eq!(shown, want.map(|(l, p, v)| (l.to_string(), p, v)).to_vec());
        assert!(s.commands.iter().all(|c| c.data.is_none()));
    }
}
