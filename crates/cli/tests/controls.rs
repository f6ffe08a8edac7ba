//! No character that acts on a terminal reaches it raw, from any command
//! in any output format (issue 33): C0 controls (SOH, BEL, ESC, CR, LF),
//! DEL, C1 controls (NEL, CSI) and the bidirectional controls (RLO, LRI,
//! RLM, ALM) are put into every input a command shows (URLs, percent-
//! encoded parts, file names, link texts, headers, template fields, the
//! configuration), raw or encoded, and standard output and standard
//! error are read for any character that acts on a terminal. A line feed
//! may end a line, never stand inside one: each control is followed by
//! the marker `LEAK`, and no output line may begin with it. The object
//! `fetch` writes and what `decode` decodes are the data asked for and
//! are written as they are (checked byte for byte instead).
//!
//! Every case runs once a control; the failures are listed together,
//! each with the command, the format, the control and where it leaked.

use std::collections::BTreeSet;
use std::ffi::OsString;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use uniform_testkit::{scratch, without_proxies};

/// The controls sent, with their names.
const CONTROLS: [(char, &str); 12] = [
    ('\u{1}', "SOH"),
    ('\u{7}', "BEL"),
    ('\u{1b}', "ESC"),
    ('\r', "CR"),
    ('\n', "LF"),
    ('\u{7f}', "DEL"),
    ('\u{85}', "NEL (C1)"),
    ('\u{9b}', "CSI (C1)"),
    ('\u{202e}', "RLO (bidi override)"),
    ('\u{2066}', "LRI (bidi isolate)"),
    ('\u{200f}', "RLM (bidi mark)"),
    ('\u{61c}', "ALM (bidi mark)"),
];

/// What follows each control in the inputs: a line of output that begins
/// with it had a line feed put in it.
const MARK: &str = "LEAK";

/// Whether `c` acts on a terminal, written out here rather than taken
/// from the code under test: C0, DEL, C1, and the bidirectional marks,
/// embeddings, overrides and isolates. TAB is no control sent, and
/// outputs use it between fields (a listing's name and URL, a template's
/// columns): it may stand.
fn acts(c: char) -> bool {
    matches!(
        c,
        '\0'..='\x08'
            | '\x0a'..='\x1f'
            | '\x7f'..='\u{9f}'
            | '\u{61c}'
            | '\u{200e}'
            | '\u{200f}'
            | '\u{202a}'..='\u{202e}'
            | '\u{2066}'..='\u{2069}'
    )
}

/// Where `bytes` (one output stream) lets a control through, with the
/// text around it; `None` when it is clean.
fn leak(bytes: &[u8]) -> Option<String> {
    let around = |at: usize| {
        let from = at.saturating_sub(40);
        let to = (at + 40).min(bytes.len());
        format!("{:?}", String::from_utf8_lossy(&bytes[from..to]))
    };
    let mut at = 0;
    for chunk in bytes.utf8_chunks() {
        for (i, c) in chunk.valid().char_indices() {
            let pos = at + i;
            let bad = if c == '\n' {
                bytes[pos + 1..].starts_with(MARK.as_bytes())
            } else {
                acts(c)
            };
            if bad {
                let what = if c == '\n' {
                    "a line feed inside a line".to_string()
                } else {
                    format!("U+{:04X} raw", c as u32)
                };
                return Some(format!("{what} at byte {pos}: {}", around(pos)));
            }
        }
        at += chunk.valid().len();
        if let Some(&b) = chunk.invalid().first()
            && (0x80..=0x9f).contains(&b)
        {
            return Some(format!(
                "the 8-bit C1 byte {b:#04x} at byte {at}: {}",
                around(at)
            ));
        }
        at += chunk.invalid().len();
    }
    None
}

/// One command line, in one output format.
struct Case {
    /// The command and the format, as the report names them.
    what: String,
    args: Vec<OsString>,
    stdin: Vec<u8>,
    env: Vec<(&'static str, OsString)>,
    /// Standard output is data the user asked for, written as it is:
    /// these are its bytes.
    data: Option<Vec<u8>>,
}

impl Case {
    fn new(what: &str, args: &[&dyn AsArg]) -> Case {
        Case {
            what: what.to_string(),
            args: args.iter().map(|a| a.os()).collect(),
            stdin: Vec::new(),
            env: Vec::new(),
            data: None,
        }
    }

    fn stdin(mut self, input: &str) -> Case {
        self.stdin = input.as_bytes().to_vec();
        self
    }

    fn env(mut self, name: &'static str, value: impl Into<OsString>) -> Case {
        self.env.push((name, value.into()));
        self
    }

    fn data(mut self, bytes: Vec<u8>) -> Case {
        self.data = Some(bytes);
        self
    }
}

/// An argument: text or a path.
trait AsArg {
    fn os(&self) -> OsString;
}

impl AsArg for &str {
    fn os(&self) -> OsString {
        (*self).into()
    }
}

impl AsArg for String {
    fn os(&self) -> OsString {
        self.into()
    }
}

impl AsArg for PathBuf {
    fn os(&self) -> OsString {
        self.clone().into_os_string()
    }
}

/// What a run printed.
struct Output {
    stdout: Vec<u8>,
    stderr: Vec<u8>,
}

fn run(case: &Case, config_home: &Path) -> Output {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_uniform"));
    without_proxies(&mut cmd)
        .args(&case.args)
        .env("XDG_CONFIG_HOME", config_home)
        .env_remove("UNIFORM_DIALECT")
        .env_remove("EMAIL")
        .env_remove("NNTPSERVER")
        .env_remove("SMTP_SERVER")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    for (k, v) in &case.env {
        cmd.env(k, v);
    }
    let mut child = cmd.spawn().expect("the binary runs");
    let mut input = child.stdin.take().expect("stdin");
    let data = case.stdin.clone();
    // Written from a thread: a command may answer before it has read all.
    let writer = std::thread::spawn(move || {
        let _ = input.write_all(&data);
    });
    let out = child.wait_with_output().expect("the binary ends");
    let _ = writer.join();
    Output {
        stdout: out.stdout,
        stderr: out.stderr,
    }
}

/// `c` percent-encoded, octet by octet.
fn pct(c: char) -> String {
    c.to_string().bytes().map(|b| format!("%{b:02X}")).collect()
}

/// The documents and files of one control's `uniform links` and `fetch`
/// cases, in `dir`.
struct Files {
    dir: PathBuf,
    html: PathBuf,
    markdown: PathBuf,
    text: PathBuf,
    /// A plain file: what fetch delivers.
    plain: PathBuf,
    /// A file of URLs whose name holds the control, one line too long.
    urls: PathBuf,
    /// A directory whose name holds the control, and a file in it whose
    /// name holds it too.
    folder: PathBuf,
}

fn file_url(p: &Path) -> String {
    format!("file://{}", p.display())
}

fn files(dir: &Path, c: char) -> Files {
    std::fs::create_dir_all(dir).unwrap();
    let there = dir.join(format!("there{c}{MARK}.txt"));
    std::fs::write(&there, "here\n").unwrap();
    let folder = dir.join(format!("folder{c}{MARK}"));
    std::fs::create_dir_all(&folder).unwrap();
    std::fs::write(folder.join(format!("in{c}{MARK}")), "x").unwrap();
    let urls = dir.join(format!("urls{c}{MARK}.txt"));
    std::fs::write(&urls, format!("http://h/{}\nhttp://h/\n", "x".repeat(40))).unwrap();
    let plain = dir.join("plain.txt");
    std::fs::write(&plain, "plain body\n").unwrap();
    let d = dir.display();
    let html = dir.join(format!("page{c}{MARK}.html"));
    std::fs::write(
        &html,
        format!(
            "<html><body>\n\
             <a href=\"file://{d}/there{c}{MARK}.txt\">there{c}{MARK}</a>\n\
             <a href=\"missing{c}{MARK}.html\">missing</a>\n\
             <a href=\"file://{d}/gone{p}{MARK}\">encoded</a>\n\
             <a href=\"x-no-such:{c}{MARK}\">other</a>\n\
             <img src=\"gone{c}{MARK}.png\">\n\
             </body></html>\n",
            p = pct(c)
        ),
    )
    .unwrap();
    let markdown = dir.join(format!("notes{c}{MARK}.md"));
    std::fs::write(
        &markdown,
        format!(
            "# Notes\n\n[there](<file://{d}/there{c}{MARK}.txt>) and \
             [gone](<gone{c}{MARK}.md>) and [t{c}{MARK}](missing.md)\n"
        ),
    )
    .unwrap();
    let text = dir.join(format!("list{c}{MARK}.txt"));
    std::fs::write(
        &text,
        format!(
            "see file://{d}/gone{c}{MARK}.txt and <URL:file://{d}/w{c}{MARK}> \
             and http://127.0.0.1:25/{c}{MARK}\n"
        ),
    )
    .unwrap();
    Files {
        dir: dir.to_path_buf(),
        html,
        markdown,
        text,
        plain,
        urls,
        folder,
    }
}

/// Every command, in every output format, with `c` in what it shows.
fn cases(c: char, f: &Files) -> Vec<Case> {
    let raw = format!("a{c}{MARK}");
    let enc = format!("a{}{MARK}", pct(c));
    let url = format!("http://h/{raw}");
    let ftp = format!("ftp://h/{enc}/{enc}");
    let dir = &f.dir;
    // A port nothing listens on: bound, then freed.
    let closed = {
        let l = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        format!("http://127.0.0.1:{}/", l.local_addr().unwrap().port())
    };
    let missing = dir.join(format!("missing{c}{MARK}"));
    let docs: [&dyn AsArg; 3] = [&f.html, &f.markdown, &f.text];
    let links = |what: &str, flags: &[&str]| {
        let mut args: Vec<&dyn AsArg> = vec![&"links"];
        let flags: Vec<String> = flags.iter().map(|s| s.to_string()).collect();
        for s in &flags {
            args.push(s);
        }
        args.extend(docs);
        Case::new(what, &args)
    };
    // The configuration file, its path and a value holding the control.
    let config_home = dir.join(format!("config{c}{MARK}"));
    std::fs::create_dir_all(config_home.join("uniform")).unwrap();
    std::fs::write(
        config_home.join("uniform/config.toml"),
        "dialect = \"rfc3986\"\n",
    )
    .unwrap();
    let bad_home = dir.join("bad-config");
    std::fs::create_dir_all(bad_home.join("uniform")).unwrap();
    std::fs::write(
        bad_home.join("uniform/config.toml"),
        format!("dialect = \"x\\u{:04x}{MARK}\"\n", c as u32),
    )
    .unwrap();
    // decode writes the octets ("%zz" is no escape and stays), then a
    // newline.
    let decoded = |text: &str| format!("{text}\n").into_bytes();
    vec![
        // parse: the text record, --json, --format templates.
        Case::new("parse (text)", &[&"parse", &url]),
        Case::new("parse (text, decoded details)", &[&"parse", &ftp]),
        Case::new("parse --json", &[&"parse", &"--json", &url]),
        Case::new(
            "parse --json (decoded details)",
            &[&"parse", &"--json", &ftp],
        ),
        Case::new(
            "parse --format",
            &[&"parse", &"--format", &"{path} {details.segments}", &url],
        ),
        Case::new(
            "parse --format (decoded details)",
            &[
                &"parse",
                &"--format",
                &"{details.name} {details.cwd.0} {details.cwd}",
                &ftp,
            ],
        ),
        Case::new(
            "parse --format (an unknown field)",
            &[&"parse", &"--format", &format!("{{{raw}}}"), &"http://h/"],
        ),
        Case::new("parse - (standard input)", &[&"parse", &"-"]).stdin(&format!("{url}\n")),
        // check: the diagnostics and their carets, --json, --reference.
        Case::new("check (text)", &[&"check", &url]),
        Case::new("check --json", &[&"check", &"--json", &url]),
        Case::new(
            "check --reference",
            &[&"check", &"--reference", &format!("x/{raw}")],
        ),
        // normalize, equal.
        Case::new("normalize (text)", &[&"normalize", &url]),
        Case::new(
            "normalize (text, encoded)",
            &[&"normalize", &format!("http://h/{enc}")],
        ),
        Case::new("normalize --json", &[&"normalize", &"--json", &url]),
        Case::new("equal (text)", &[&"equal", &url, &"http://h/"]),
        Case::new("equal --json", &[&"equal", &"--json", &url, &"http://h/"]),
        Case::new("equal - (standard input)", &[&"equal", &"-"])
            .stdin(&format!("{url} http://h/\n")),
        // encode, decode.
        Case::new("encode (text)", &[&"encode", &raw]),
        Case::new("encode --json", &[&"encode", &"--json", &raw]),
        Case::new(
            "decode (text: warnings)",
            &[&"decode", &format!("%zz{raw}")],
        )
        .data(decoded(&format!("%zz{raw}"))),
        Case::new(
            "decode --strict (text: the error)",
            &[&"decode", &"--strict", &format!("{raw}%zz")],
        ),
        Case::new(
            "decode --json",
            &[&"decode", &"--json", &format!("{enc}%zz{raw}")],
        ),
        // resolve, relativize.
        Case::new("resolve (text)", &[&"resolve", &"http://h/", &raw]),
        Case::new(
            "resolve (text, an error)",
            &[&"resolve", &"--rules", &"rfc1808", &"mailto:x", &raw],
        ),
        Case::new(
            "resolve (text, a bad base)",
            &[&"resolve", &format!("h{raw}"), &"x"],
        ),
        Case::new(
            "resolve --json",
            &[&"resolve", &"--json", &"http://h/", &raw],
        ),
        Case::new(
            "relativize (text)",
            &[&"relativize", &"http://h/", &format!("http://h/x/{raw}")],
        ),
        Case::new(
            "relativize --json",
            &[&"relativize", &"--json", &"http://h/", &url],
        ),
        // edit: the URL, --json, --get templates, the errors.
        Case::new("edit (text)", &[&"edit", &url, &"--set", &"port=1"]),
        Case::new(
            "edit (text, a set path)",
            &[&"edit", &"http://h/", &"--set", &format!("path={raw}")],
        ),
        Case::new(
            "edit (text, an appended pair)",
            &[
                &"edit",
                &"http://h/",
                &"--append",
                &format!("query=k={raw}"),
            ],
        ),
        Case::new(
            "edit (text, an invalid URL)",
            &[&"edit", &format!("h{raw}:x"), &"--set", &"port=1"],
        ),
        Case::new(
            "edit (text, a bad --set)",
            &[&"edit", &"http://h/", &"--set", &format!("{raw}=1")],
        ),
        Case::new(
            "edit --url-file (a line over --max-line)",
            &[
                &"edit",
                &"--max-line",
                &"20",
                &"--url-file",
                &f.urls,
                &"--set",
                &"port=1",
            ],
        ),
        Case::new("edit --json", &[&"edit", &"--json", &url]),
        Case::new(
            "edit --json (decoded parts)",
            &[&"edit", &"--json", &format!("http://h/{enc}?{enc}#{enc}")],
        ),
        Case::new(
            "edit --get",
            &[
                &"edit",
                &format!("http://h/{enc}?k={enc}#{enc}"),
                &"--get",
                &"{url} {path} {:path} {query} {:query:k} {fragment} {:fragment}",
            ],
        ),
        Case::new(
            "edit --get (an unknown field)",
            &[&"edit", &"http://h/", &"--get", &format!("{{{raw}}}")],
        ),
        // extract: the URLs of a file, --json, a file that is not there.
        Case::new("extract (text)", &[&"extract", &f.text]),
        Case::new("extract (text, HTML)", &[&"extract", &f.html]),
        Case::new("extract --json", &[&"extract", &"--json", &f.html]),
        Case::new("extract (a missing file)", &[&"extract", &missing]),
        // plan: the steps, --json, refusals, the request flags.
        Case::new("plan (text)", &[&"plan", &url]),
        Case::new("plan (text, ftp)", &[&"plan", &ftp]),
        Case::new(
            "plan (text, gopher)",
            &[&"plan", &format!("gopher://h/1{enc}")],
        ),
        Case::new(
            "plan (text, file)",
            &[&"plan", &file_url(&dir.join(format!("f{enc}")))],
        ),
        Case::new(
            "plan (text, a header)",
            &[&"plan", &"-H", &format!("X-A: {raw}"), &"http://h/"],
        ),
        Case::new(
            "plan (text, a method)",
            &[&"plan", &"-X", &raw, &"http://h/"],
        ),
        Case::new("plan --json", &[&"plan", &"--json", &url]),
        Case::new("plan --json (ftp)", &[&"plan", &"--json", &ftp]),
        Case::new(
            "plan --json (file)",
            &[&"plan", &"--json", &file_url(&dir.join(format!("f{enc}")))],
        ),
        // fetch: messages, --json, -w, -v, listings; the object itself
        // is plain, so standard output holds nothing raw either.
        Case::new(
            "fetch (text, a missing file)",
            &[&"fetch", &file_url(&missing)],
        ),
        Case::new(
            "fetch (text, a missing file, encoded)",
            &[&"fetch", &file_url(&dir.join(format!("missing{enc}")))],
        ),
        Case::new(
            "fetch --json (a missing file)",
            &[&"fetch", &"--json", &file_url(&missing)],
        ),
        Case::new(
            "fetch -w",
            &[
                &"fetch",
                &"-w",
                &"%{url} %{url_effective} %{errormsg} %{filename_effective}\\n%{json}\\n",
                &file_url(&missing),
            ],
        ),
        Case::new(
            "fetch -w (an output file)",
            &[
                &"fetch",
                &"-o",
                &dir.join(format!("out{c}{MARK}")),
                &"-w",
                &"%{filename_effective} %{url}\\n%{json}\\n",
                &format!("{}?{raw}", file_url(&f.plain)),
            ],
        ),
        Case::new(
            "fetch -w (-O)",
            &[
                &"fetch",
                &"-O",
                &"--output-dir",
                dir,
                &"-w",
                &"%{filename_effective}\\n",
                &file_url(&dir.join(format!("there{enc}.txt"))),
            ],
        ),
        Case::new(
            "fetch -O (a URL that names no file)",
            &[&"fetch", &"-O", &format!("{}/", file_url(&f.folder))],
        ),
        Case::new("fetch -v", &[&"fetch", &"-v", &file_url(&missing)]),
        Case::new(
            "fetch (the object)",
            &[&"fetch", &format!("{}#{raw}", file_url(&f.plain))],
        )
        .data(b"plain body\n".to_vec()),
        Case::new(
            "fetch (text, a listing)",
            &[&"fetch", &format!("{}/", file_url(&f.folder))],
        ),
        Case::new(
            "fetch --json (a listing)",
            &[&"fetch", &"--json", &format!("{}/", file_url(&f.folder))],
        ),
        Case::new(
            "fetch (text, --output-dir)",
            &[
                &"fetch",
                &"-O",
                &"--output-dir",
                &dir.join(format!("none{c}{MARK}")),
                &file_url(&f.plain),
            ],
        ),
        Case::new(
            "fetch (text, a header)",
            &[
                &"fetch",
                &"--max-time",
                &"2",
                &"-H",
                &format!("X-A: {raw}"),
                &closed,
            ],
        ),
        Case::new(
            "fetch (text, a method)",
            &[&"fetch", &"--max-time", &"2", &"-X", &raw, &closed],
        ),
        // links: every report format, --dump, an input not there.
        links("links (human)", &[]),
        links("links -v (human)", &["-v"]),
        links("links --json", &["--json"]),
        links("links --format json", &["-v", "--format", "json"]),
        links("links --format markdown", &["-v", "--format", "markdown"]),
        links("links --format junit", &["-v", "--format", "junit"]),
        links("links --format sarif", &["-v", "--format", "sarif"]),
        links("links --dump", &["--dump"]),
        Case::new("links (a missing input)", &[&"links", &missing]),
        // schemes takes no input; config shows its file's path.
        Case::new("schemes (text)", &[&"schemes"]),
        Case::new("schemes --json", &[&"schemes", &"--json"]),
        Case::new("config (text)", &[&"config"]).env("XDG_CONFIG_HOME", &config_home),
        Case::new("config --json", &[&"config", &"--json"]).env("XDG_CONFIG_HOME", &config_home),
        Case::new("config (a bad value in the file)", &[&"config"])
            .env("XDG_CONFIG_HOME", &bad_home),
        Case::new("config (a bad $UNIFORM_DIALECT)", &[&"parse", &"http://h/"])
            .env("UNIFORM_DIALECT", raw.clone()),
    ]
}

#[test]
fn no_control_reaches_the_terminal_raw() {
    let root = scratch("controls");
    let empty_config = root.join("no-config");
    std::fs::create_dir_all(&empty_config).unwrap();
    let mut failures = Vec::new();
    let mut runs = 0;
    // The cases that showed the marker for at least one control: a case
    // that never shows it tests nothing.
    let mut shown = BTreeSet::new();
    let mut all = BTreeSet::new();
    for (k, (c, name)) in CONTROLS.iter().enumerate() {
        let f = files(&root.join(format!("c{k}")), *c);
        for case in cases(*c, &f) {
            let out = run(&case, &empty_config);
            runs += 1;
            all.insert(case.what.clone());
            let mut streams = vec![("stderr", &out.stderr)];
            match &case.data {
                Some(bytes) => {
                    if &out.stdout != bytes {
                        failures.push(format!(
                            "{} with {name}: standard output is not the data {:?}: {:?}",
                            case.what,
                            String::from_utf8_lossy(bytes),
                            String::from_utf8_lossy(&out.stdout)
                        ));
                    }
                }
                None => streams.push(("stdout", &out.stdout)),
            }
            for (stream, bytes) in streams {
                if let Some(l) = leak(bytes) {
                    failures.push(format!(
                        "{} with {name} ({:?}): {stream}: {l}",
                        case.what, case.args
                    ));
                }
            }
            if [&out.stdout, &out.stderr]
                .iter()
                .any(|s| s.windows(MARK.len()).any(|w| w == MARK.as_bytes()))
            {
                shown.insert(case.what.clone());
            }
        }
    }
    let _ = std::fs::remove_dir_all(&root);
    // schemes shows the scheme table, which no input reaches.
    let silent: Vec<&String> = all
        .iter()
        .filter(|w| !shown.contains(*w) && !w.starts_with("schemes"))
        .collect();
    assert!(
        failures.is_empty() && silent.is_empty(),
        "{} of {runs} runs let a control through:\n{}\n\
         cases that never showed the input they were given (they test nothing): {silent:#?}",
        failures.len(),
        failures.join("\n")
    );
}
