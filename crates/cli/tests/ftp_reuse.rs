//! One FTP login for several URLs of one server and user in different
//! directories, as curl keeps its control connection: `PWD` after the
//! login, then for each URL of another directory `CWD` to the directory
//! `PWD` named and that URL's own `CWD`s. Against the real peers
//! (vsftpd and pyftpdlib, whose `PWD` replies differ), the output files
//! compared with the fixtures and the `-v` trace read for what was sent.

use std::path::PathBuf;
use std::process::{Command, Output};
use uniform_testkit::{fixture, host, peer_up, port, scratch, without_proxies};

/// The two real servers' port settings.
const SERVERS: [&str; 2] = ["UNIFORM_FTP_PORT", "UNIFORM_PYFTPD_PORT"];

fn fetch(args: &[String]) -> Output {
    without_proxies(&mut Command::new(env!("CARGO_BIN_EXE_uniform")))
        .arg("fetch")
        .args(args)
        .output()
        .expect("the binary runs")
}

/// The lines the client sent, as `-v` shows them, without the `> `.
fn sent(trace: &str) -> Vec<&str> {
    trace.lines().filter_map(|l| l.strip_prefix("> ")).collect()
}

/// The directory a 257 reply of the trace names (RFC 959's quoting).
fn entry(trace: &str) -> Option<String> {
    let reply = trace.lines().find_map(|l| l.strip_prefix("< 257 "))?;
    let quoted = &reply[reply.find('"')? + 1..];
    let mut path = String::new();
    let mut chars = quoted.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '"' if chars.peek() == Some(&'"') => {
                chars.next();
                path.push('"');
            }
            '"' => return Some(path),
            c => path.push(c),
        }
    }
    None
}

/// `paths` under `base` fetched in one run with `-v`, each to its own
/// file; each file must be the fixture under `root`. The trace.
fn fetch_all(base: &str, root: &str, paths: &[&str], name: &str) -> String {
    let dir = scratch(name);
    let mut args = vec!["-s".to_string(), "-v".to_string()];
    let files: Vec<PathBuf> = (0..paths.len())
        .map(|i| dir.join(format!("{i}.out")))
        .collect();
    for (path, file) in paths.iter().zip(&files) {
        args.push(format!("{base}/{path}"));
        args.push("-o".into());
        args.push(file.to_str().unwrap().into());
    }
    let out = fetch(&args);
    let trace = String::from_utf8_lossy(&out.stderr).into_owned();
    assert_eq!(out.status.code(), Some(0), "{name}: {trace}");
    for (path, file) in paths.iter().zip(&files) {
        let got = std::fs::read(file).unwrap_or_else(|e| panic!("{name} {path}: {e}"));
        assert!(
            got == fixture(&format!("{root}/{path}")),
            "{name} {path}: not the fixture"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
    trace
}

#[test]
fn urls_of_several_directories_share_one_login_and_cwd_from_the_entry_directory() {
    if !peer_up(&["vsftpd", "pyftpdlib"]) {
        return;
    }
    let paths = [
        "pub/hello.txt",
        "pub/a/b/c.txt",
        "pub/many/entry-003.txt",
        "pub/many/entry-004.txt",
        "pub/binary.bin",
    ];
    for setting in SERVERS {
        let anon = format!("ftp://{}:{}", host(), port(setting));
        let user = anon.replacen("ftp://", "ftp://urltest:urltestpw@", 1);
        for (base, root) in [(anon, "anon"), (user, "user")] {
            let name = format!("{setting}-{root}");
            let trace = fetch_all(&base, root, &paths, &name);
            let lines = sent(&trace);
            let count = |verb: &str| lines.iter().filter(|l| l.starts_with(verb)).count();
            assert_eq!(count("USER "), 1, "{name}: {trace}");
            assert_eq!(count("PASS "), 1, "{name}: {trace}");
            assert_eq!(count("PWD"), 1, "{name}: {trace}");
            let entry = entry(&trace).unwrap_or_else(|| panic!("{name}: no 257: {trace}"));
            assert!(entry.starts_with('/'), "{name}: {entry:?}");
            if root == "anon" {
                // Both servers put the anonymous user at the root.
                assert_eq!(entry, "/", "{name}");
            }
            let back = format!("CWD {entry}");
            let moves: Vec<&str> = lines
                .iter()
                .copied()
                .filter(|l| l.starts_with("CWD") || l.starts_with("RETR"))
                .collect();
            let want = [
                "CWD pub",
                "RETR hello.txt",
                &back,
                "CWD pub",
                "CWD a",
                "CWD b",
                "RETR c.txt",
                &back,
                "CWD pub",
                "CWD many",
                "RETR entry-003.txt",
                // The same directory: no CWD at all.
                "RETR entry-004.txt",
                &back,
                "CWD pub",
                "RETR binary.bin",
            ];
            assert_eq!(moves, want, "{name}: {trace}");
            // The PWD comes right after the login, before any CWD.
            let pwd = lines.iter().position(|l| *l == "PWD").unwrap();
            let pass = lines.iter().position(|l| l.starts_with("PASS ")).unwrap();
            let cwd = lines.iter().position(|l| l.starts_with("CWD")).unwrap();
            assert!(pass < pwd && pwd < cwd, "{name}: {trace}");
            assert_eq!(
                trace.matches("* Re-using the connection").count(),
                paths.len() - 1,
                "{name}: {trace}"
            );
        }
    }
}

#[test]
fn one_url_alone_sends_no_pwd() {
    if !peer_up(&["vsftpd", "pyftpdlib"]) {
        return;
    }
    for setting in SERVERS {
        let base = format!("ftp://{}:{}", host(), port(setting));
        let trace = fetch_all(&base, "anon", &["pub/a/b/c.txt"], setting);
        assert!(!sent(&trace).contains(&"PWD"), "{setting}: {trace}");
    }
}

#[test]
fn the_two_servers_in_turn_each_log_in_for_their_urls() {
    if !peer_up(&["vsftpd", "pyftpdlib"]) {
        return;
    }
    // One kept connection at a time: a URL of the other server closes it,
    // and the next of the first logs in again; every file still comes.
    let dir = scratch("alternating");
    let bases = SERVERS.map(|s| format!("ftp://{}:{}", host(), port(s)));
    let paths = ["pub/hello.txt", "pub/a/b/c.txt", "pub/many/entry-005.txt"];
    let mut args = vec!["-s".to_string(), "-v".to_string()];
    let mut files = Vec::new();
    for (i, path) in paths.iter().enumerate() {
        for (j, base) in bases.iter().enumerate() {
            let file = dir.join(format!("{i}-{j}"));
            args.extend([
                format!("{base}/{path}"),
                "-o".into(),
                file.to_str().unwrap().into(),
            ]);
            files.push((file, path));
        }
    }
    let out = fetch(&args);
    let trace = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{trace}");
    for (file, path) in files {
        assert!(
            std::fs::read(&file).unwrap() == fixture(&format!("anon/{path}")),
            "{path}"
        );
    }
    assert_eq!(
        sent(&trace)
            .iter()
            .filter(|l| l.starts_with("USER "))
            .count(),
        paths.len() * bases.len(),
        "{trace}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// curl's `-D` over FTP: the server's replies, CR LF after each line, from
/// the greeting to the transfer's end (not the answer to `QUIT`); with
/// `-v` too, the same replies traced; several URLs append theirs.
#[test]
fn dump_header_writes_the_servers_replies() {
    for server in SERVERS {
        if !peer_up(&["vsftpd", "pyftpdlib"]) {
            return;
        }
        let base = format!("ftp://{}:{}", host(), port(server));
        let dir = scratch(&format!("dump-{server}"));
        let dump = dir.join("head.txt");
        let object = dir.join("object");
        let url = format!("{base}/pub/hello.txt");
        let out = fetch(&[
            "-s".into(),
            "-v".into(),
            "-D".into(),
            dump.display().to_string(),
            "-o".into(),
            object.display().to_string(),
            url.clone(),
        ]);
        assert_eq!(out.status.code(), Some(0), "{out:?}");
        assert_eq!(
            std::fs::read(&object).unwrap(),
            fixture("anon/pub/hello.txt")
        );
        let text = String::from_utf8(std::fs::read(&dump).unwrap()).unwrap();
        assert!(text.ends_with("\r\n"), "{text:?}");
        let lines: Vec<&str> = text.split("\r\n").filter(|l| !l.is_empty()).collect();
        assert!(lines[0].starts_with("220"), "{lines:?}");
        assert!(lines.last().unwrap().starts_with("226"), "{lines:?}");
        assert!(!lines.iter().any(|l| l.starts_with("221")), "{lines:?}");
        // The same replies as -v shows, up to QUIT.
        let trace = String::from_utf8_lossy(&out.stderr);
        let traced: Vec<&str> = trace
            .lines()
            .take_while(|l| *l != "> QUIT")
            .filter_map(|l| l.strip_prefix("< "))
            .collect();
        assert_eq!(lines, traced, "{server}");
        // Two URLs: two runs of replies in the one file, the second on
        // the kept connection (no greeting, no login).
        let out = fetch(&[
            "-s".into(),
            "-D".into(),
            dump.display().to_string(),
            "-o".into(),
            "/dev/null".into(),
            "-o".into(),
            "/dev/null".into(),
            url.clone(),
            url,
        ]);
        assert_eq!(out.status.code(), Some(0), "{out:?}");
        let text = String::from_utf8(std::fs::read(&dump).unwrap()).unwrap();
        assert_eq!(
            text.matches("\r\n220").count() + usize::from(text.starts_with("220")),
            1,
            "{text}"
        );
        assert_eq!(
            text.lines().filter(|l| l.starts_with("226")).count(),
            2,
            "{text}"
        );
        let _ = std::fs::remove_dir_all(&dir);
    }
}
