//! The examples of the project's Markdown pages (README.md, docs/*.md),
//! read and run as they are written, so that the pages cannot drift from
//! the program.
//!
//! A page shows a command and what it prints in a ```` ```console ````
//! block: each command on a line of its own after `$ `, then the lines it
//! prints, standard output first, then standard error. A line `...` stands
//! for any number of lines (none included):
//!
//! ````text
//! ```console
//! $ uniform normalize 'HTTP://Info.CERN.ch:80/%7Euser/a%2Db'
//! http://info.cern.ch/%7Euser/a-b
//! $ uniform schemes
//! name        port  protocol  fetch  rfcs
//! ...
//! ```
//! ````
//!
//! [`blocks`] cuts a page into its fenced blocks, [`console_commands`]
//! reads a console block, and [`run_console`] runs its commands with a
//! [`Runner`]: the directory they run in, the directories put first on the
//! `PATH` (where the build's binaries are), and a filter on the command
//! text, so that several tests can share the examples of one page (the
//! CLI's test runs every command but `uniform sql`, which the SQL
//! package's test runs, see [`invokes`]):
//!
//! ```
//! use uniform_testkit::examples::{self, Runner};
//!
//! let page = "Say it:\n\n```console\n$ echo hello\nhello\n$ uniform sql 'SELECT 1'\n...\n```\n";
//! let runner = Runner::new(std::env::temp_dir()).only(|c| !examples::invokes(c, "uniform sql"));
//! let mut ran = 0;
//! for block in examples::blocks(page) {
//!     if block.lang() == "console" {
//!         ran += examples::run_console("page.md", &block, &runner);
//!     }
//! }
//! assert_eq!(ran, 1);
//! ```

use crate::child::Watched;
use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

/// A fenced code block of a Markdown text: ```` ```INFO ```` to ```` ``` ````.
///
/// ```
/// let blocks = uniform_testkit::examples::blocks("# Title\n\n```rust ignore\nlet x = 1;\n```\n");
/// assert_eq!(blocks[0].info, "rust ignore");
/// assert_eq!(blocks[0].lang(), "rust");
/// assert_eq!(blocks[0].line, 3);
/// assert_eq!(blocks[0].lines, ["let x = 1;"]);
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Block {
    /// The info string after the opening fence, trimmed (`console`,
    /// `rust`, `text`, or empty).
    pub info: String,
    /// The number (from 1) of the line of the opening fence.
    pub line: usize,
    /// The lines between the two fences, as written.
    pub lines: Vec<String>,
}

/// The info strings of a shell block, as GitHub and common highlighters
/// name them: a page's shell examples must be `console` blocks, which
/// [`run_console`] runs, so a test refuses the others
/// ([`Block::is_shell`]).
///
/// ```
/// use uniform_testkit::examples::SHELL_LANGS;
/// assert!(SHELL_LANGS.contains(&"console") && SHELL_LANGS.contains(&"sh"));
/// assert!(!SHELL_LANGS.contains(&"text"));
/// ```
pub const SHELL_LANGS: &[&str] = &[
    "console",
    "sh",
    "bash",
    "shell",
    "zsh",
    "fish",
    "ksh",
    "shell-session",
    "shellsession",
    "sh-session",
    "bash-session",
    "powershell",
    "pwsh",
    "ps1",
    "bat",
    "cmd",
];

impl Block {
    /// The language: the info string's first word, `""` when there is none.
    ///
    /// ```
    /// let b = &uniform_testkit::examples::blocks("```rust,no_run\n```\n```\n```\n")[..];
    /// assert_eq!((b[0].lang(), b[1].lang()), ("rust", ""));
    /// ```
    pub fn lang(&self) -> &str {
        self.info
            .split(|c: char| c.is_whitespace() || c == ',' || c == '{')
            .next()
            .unwrap_or("")
    }

    /// Whether the block holds shell commands: its language is one of
    /// [`SHELL_LANGS`].
    ///
    /// ```
    /// let b = &uniform_testkit::examples::blocks("```sh\n```\n```text\n```\n")[..];
    /// assert!(b[0].is_shell());
    /// assert!(!b[1].is_shell());
    /// ```
    pub fn is_shell(&self) -> bool {
        SHELL_LANGS.contains(&self.lang())
    }
}

/// Every fenced block of `text` (fences of three backticks at the start
/// of a line; a block ends at a line of exactly three backticks), in order.
///
/// ```
/// let text = "intro\n```console\n$ echo a\na\n```\nmore\n```text\nplain\n```\n";
/// let blocks = uniform_testkit::examples::blocks(text);
/// assert_eq!(blocks.len(), 2);
/// assert_eq!(blocks[0].lines, ["$ echo a", "a"]);
/// assert_eq!((blocks[1].info.as_str(), blocks[1].line), ("text", 7));
/// ```
///
/// # Panics
///
/// When a block is never closed: the rest of the page would be read as
/// its content.
pub fn blocks(text: &str) -> Vec<Block> {
    let mut out = Vec::new();
    let mut open: Option<Block> = None;
    for (i, l) in text.lines().enumerate() {
        match (&mut open, l.strip_prefix("```")) {
            (None, Some(info)) => {
                open = Some(Block {
                    info: info.trim().to_string(),
                    line: i + 1,
                    lines: Vec::new(),
                })
            }
            (Some(_), Some(rest)) if rest.trim().is_empty() => out.extend(open.take()),
            (Some(b), _) => b.lines.push(l.to_string()),
            (None, None) => {}
        }
    }
    if let Some(b) = open {
        panic!("the fenced block opened at line {} is never closed", b.line);
    }
    out
}

/// One command of a console block and what it must print.
///
/// ```
/// let block = &uniform_testkit::examples::blocks("```console\n$ echo a\na\n```\n")[0];
/// let c = &uniform_testkit::examples::console_commands("page.md", block)[0];
/// assert_eq!((c.line, c.command.as_str(), &c.expected[..]), (2, "echo a", &["a".to_string()][..]));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Console {
    /// The number (from 1) of the command's line in the page.
    pub line: usize,
    /// The command, without its `$ `.
    pub command: String,
    /// The lines it must print, standard output then standard error; a
    /// line `...` stands for any number of lines.
    pub expected: Vec<String>,
}

/// The commands of a console block, each with the lines it must print.
///
/// ```
/// let page = "```console\n$ true\n$ printf 'a\\nb\\n'\na\n...\n```\n";
/// let block = &uniform_testkit::examples::blocks(page)[0];
/// let commands = uniform_testkit::examples::console_commands("page.md", block);
/// assert_eq!(commands.len(), 2);
/// assert!(commands[0].expected.is_empty());
/// assert_eq!(commands[1].expected, ["a", "..."]);
/// ```
///
/// # Panics
///
/// When the block does not start with a `$ ` line (the output of no
/// command), naming `file_name` and the line.
pub fn console_commands(file_name: &str, block: &Block) -> Vec<Console> {
    let mut out: Vec<Console> = Vec::new();
    for (i, l) in block.lines.iter().enumerate() {
        let line = block.line + 1 + i;
        match (l.strip_prefix("$ "), out.last_mut()) {
            (Some(command), _) => out.push(Console {
                line,
                command: command.to_string(),
                expected: Vec::new(),
            }),
            (None, Some(c)) => c.expected.push(l.clone()),
            (None, None) => panic!(
                "{file_name} line {line}: a console block must start each command with '$ ', not {l:?}"
            ),
        }
    }
    out
}

/// Whether the lines `got` are the lines `want`, where a line `...` of
/// `want` matches any number of lines (none included). Every other line
/// must be equal, trailing blanks included.
///
/// ```
/// use uniform_testkit::examples::matches;
/// let want = |s: &[&str]| s.iter().map(|x| x.to_string()).collect::<Vec<_>>();
/// assert!(matches(&want(&["a", "...", "d"]), &["a", "b", "c", "d"]));
/// assert!(matches(&want(&["a", "...", "d"]), &["a", "d"]));
/// assert!(!matches(&want(&["a", "...", "d"]), &["a", "b"]));
/// assert!(!matches(&want(&["a"]), &["a", "b"]));
/// assert!(!matches(&want(&["a "]), &["a"]));
/// ```
pub fn matches(want: &[String], got: &[&str]) -> bool {
    match want.split_first() {
        None => got.is_empty(),
        Some((w, rest)) if w == "..." => (0..=got.len()).any(|skip| matches(rest, &got[skip..])),
        Some((w, rest)) => got.first() == Some(&w.as_str()) && matches(rest, &got[1..]),
    }
}

/// Whether the shell command `command` runs `program` (one or more
/// words, e.g. `uniform sql`) as a command of its own: at its start or
/// after `|`, `;`, `&`, `(`, `` ` `` or `$(`, after any `NAME=value`
/// assignments, and followed by a blank or the end. It reads the text, not
/// the shell's grammar: quotes are not taken into account.
///
/// ```
/// use uniform_testkit::examples::invokes;
/// assert!(invokes("uniform sql 'SELECT 1'", "uniform sql"));
/// assert!(invokes("printf 'x\\n' | uniform sql -t t=-", "uniform sql"));
/// assert!(invokes("XDG_CONFIG_HOME=/x uniform sql", "uniform sql"));
/// assert!(!invokes("uniform sqlite", "uniform sql"));
/// assert!(!invokes("uniform parse 'sql'", "uniform sql"));
/// ```
pub fn invokes(command: &str, program: &str) -> bool {
    let words: Vec<&str> = program.split_whitespace().collect();
    command
        .split(['|', ';', '&', '(', '`'])
        .map(|stage| stage.trim_start().trim_start_matches('$'))
        .any(|stage| {
            let mut rest = stage.split_whitespace().skip_while(|w| is_assignment(w));
            words.iter().all(|w| rest.next() == Some(w))
        })
}

/// `NAME=value`, a variable set for the command that follows.
fn is_assignment(word: &str) -> bool {
    word.split_once('=').is_some_and(|(name, _)| {
        !name.is_empty()
            && !name.starts_with(|c: char| c.is_ascii_digit())
            && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
    })
}

/// What a command did: its exit code and what it printed.
///
/// ```
/// let ran = uniform_testkit::examples::Runner::new(".").run("echo out; echo err >&2; exit 3");
/// assert_eq!((ran.code, ran.output.as_str()), (3, "out\nerr\n"));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ran {
    /// The exit code; -1 when a signal ended the command.
    pub code: i32,
    /// Standard output, then standard error, read as UTF-8 (lossily).
    pub output: String,
}

/// How the commands of the examples run: under `bash -c`, in a directory,
/// with directories put first on the `PATH`, each within a time limit,
/// standard input empty, in the plain configuration a reader has (see
/// [`Runner::run`]), and only the commands a filter keeps.
///
/// ```
/// use uniform_testkit::examples::Runner;
/// use std::time::Duration;
///
/// let runner = Runner::new(uniform_testkit::repo())
///     .path_first("/nowhere/bin")
///     .only(|command| command.starts_with("echo"))
///     .time_limit(Duration::from_secs(30));
/// assert!(runner.wants("echo hello"));
/// assert!(!runner.wants("uniform sql 'SELECT 1'"));
/// assert!(runner.run("echo \"$PATH\"").output.starts_with("/nowhere/bin:"));
/// ```
pub struct Runner {
    dir: PathBuf,
    path_first: Vec<PathBuf>,
    keep: Box<dyn Fn(&str) -> bool + Send + Sync>,
    time_limit: Duration,
}

impl std::fmt::Debug for Runner {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Runner")
            .field("dir", &self.dir)
            .field("path_first", &self.path_first)
            .field("time_limit", &self.time_limit)
            .finish_non_exhaustive()
    }
}

impl Runner {
    /// A runner whose commands run in `dir`, with the `PATH` as it is,
    /// every command kept, and a time limit of two minutes a command.
    ///
    /// ```
    /// let runner = uniform_testkit::examples::Runner::new(uniform_testkit::repo());
    /// assert_eq!(runner.run("test -f scripts/test.sh && echo yes").output, "yes\n");
    /// ```
    pub fn new(dir: impl Into<PathBuf>) -> Runner {
        Runner {
            dir: dir.into(),
            path_first: Vec::new(),
            keep: Box::new(|_| true),
            time_limit: Duration::from_secs(120),
        }
    }

    /// Puts `dir` on the `PATH`, before the directories put first so far
    /// and the `PATH` of the tests.
    ///
    /// ```
    /// let runner = uniform_testkit::examples::Runner::new(".").path_first("/b").path_first("/a");
    /// assert!(runner.run("echo \"$PATH\"").output.starts_with("/a:/b:"));
    /// ```
    pub fn path_first(mut self, dir: impl Into<PathBuf>) -> Runner {
        self.path_first.insert(0, dir.into());
        self
    }

    /// Runs only the commands for which `keep` of their text is true
    /// ([`invokes`] tells which program a command runs).
    ///
    /// ```
    /// let runner = uniform_testkit::examples::Runner::new(".").only(|c| c.contains("sql"));
    /// assert!(runner.wants("uniform sql 'SELECT 1'") && !runner.wants("uniform parse x"));
    /// ```
    pub fn only(mut self, keep: impl Fn(&str) -> bool + Send + Sync + 'static) -> Runner {
        self.keep = Box::new(keep);
        self
    }

    /// The longest a command may run; one that runs longer is killed
    /// (with every process it started) and its example fails.
    ///
    /// ```
    /// use std::time::Duration;
    /// let runner = uniform_testkit::examples::Runner::new(".").time_limit(Duration::from_millis(200));
    /// assert_eq!(runner.run("sleep 5").code, -1);
    /// // A pipeline's commands hold the output open: they are killed too.
    /// let start = std::time::Instant::now();
    /// let ran = runner.run("echo begun; sleep 30 | cat");
    /// assert_eq!(ran.code, -1);
    /// assert!(ran.output.starts_with("begun\n(killed: still running after"), "{}", ran.output);
    /// assert!(start.elapsed() < Duration::from_secs(20));
    /// ```
    pub fn time_limit(mut self, limit: Duration) -> Runner {
        self.time_limit = limit;
        self
    }

    /// Whether the filter keeps `command`.
    ///
    /// ```
    /// assert!(uniform_testkit::examples::Runner::new(".").wants("anything"));
    /// ```
    pub fn wants(&self, command: &str) -> bool {
        (self.keep)(command)
    }

    /// Runs `command` with `bash -c`, whether the filter keeps it or not.
    ///
    /// What the examples show is the plain configuration of a reader who
    /// has set nothing up: the command runs without the proxy variables
    /// (`*_proxy`, either case), `NNTPSERVER`, `SMTP_SERVER`, `EMAIL` and
    /// `UNIFORM_DIALECT`, with `XDG_CONFIG_HOME` naming a directory that
    /// does not exist (so no configuration file is read), with `LC_ALL=C`,
    /// and with standard input empty. A command that overruns the time
    /// limit is killed with its process group; its code is then -1 and its
    /// output ends with a line saying so.
    ///
    /// ```
    /// let runner = uniform_testkit::examples::Runner::new(".");
    /// let ran = runner.run("echo \"${http_proxy-unset} $XDG_CONFIG_HOME\"; cat");
    /// assert!(ran.output.starts_with("unset /"));
    /// assert_eq!(ran.code, 0);
    /// ```
    ///
    /// # Panics
    ///
    /// When `bash` cannot be started.
    pub fn run(&self, command: &str) -> Ran {
        use std::os::unix::process::CommandExt;

        let path = std::env::join_paths(self.path_first.iter().cloned().chain(
            std::env::split_paths(&std::env::var_os("PATH").unwrap_or_default()),
        ))
        .expect("a PATH");
        let mut bash = Command::new("bash");
        bash.arg("-c")
            .arg(command)
            .current_dir(&self.dir)
            .env("PATH", path)
            .env("LC_ALL", "C")
            .env("XDG_CONFIG_HOME", no_config_dir())
            .process_group(0);
        for (name, _) in std::env::vars_os() {
            if is_setting(&name) {
                bash.env_remove(&name);
            }
        }
        let mut child = Watched::spawn(bash).expect("bash runs");
        let done = child.watch_for(self.time_limit);
        if done.is_none() {
            // The whole group: bash and every command of its pipelines,
            // which would otherwise hold the output pipes open.
            let _ = Command::new("kill")
                .args(["-KILL", "--", &format!("-{}", child.pid())])
                .status();
        }
        let m = child.finish(Duration::ZERO);
        let mut output = String::from_utf8_lossy(&m.stdout).into_owned();
        output.push_str(&m.stderr);
        if done.is_none() {
            output.push_str(&format!(
                "(killed: still running after {:?})\n",
                self.time_limit
            ));
            return Ran { code: -1, output };
        }
        Ran {
            code: m.code().unwrap_or(-1),
            output,
        }
    }
}

/// A variable of the environment that would change what an example
/// prints: a proxy, a news or mail server, a sender, a dialect.
fn is_setting(name: &std::ffi::OsStr) -> bool {
    let n = name.to_string_lossy().to_ascii_lowercase();
    n.ends_with("_proxy")
        || ["nntpserver", "smtp_server", "email", "uniform_dialect"].contains(&n.as_str())
}

/// A configuration directory that does not exist.
fn no_config_dir() -> OsString {
    std::env::temp_dir()
        .join(format!("uniform-examples-{}-no-config", std::process::id()))
        .into_os_string()
}

/// Runs the commands of the console block `block` of the page
/// `file_name` that `runner` keeps, in order, and returns how many ran.
/// Each must print the lines the block shows ([`matches()`]); its exit
/// status is not checked (an example may show a refusal).
///
/// ```
/// use uniform_testkit::examples::{self, Runner};
/// let block = &examples::blocks("```console\n$ echo a; echo b\na\nb\n$ false\n```\n")[0];
/// assert_eq!(examples::run_console("page.md", block, &Runner::new(".")), 2);
/// let none = Runner::new(".").only(|c| c.starts_with("uniform"));
/// assert_eq!(examples::run_console("page.md", block, &none), 0);
/// ```
///
/// # Panics
///
/// At the first command whose output is not what the block shows, naming
/// the page, the line, the command, its exit code, what it printed and
/// what the page shows; or when the block is no console block
/// ([`console_commands`]).
pub fn run_console(file_name: &str, block: &Block, runner: &Runner) -> usize {
    let mut ran = 0;
    for c in console_commands(file_name, block) {
        if !runner.wants(&c.command) {
            continue;
        }
        let Ran { code, output } = runner.run(&c.command);
        let got: Vec<&str> = output.lines().collect();
        assert!(
            matches(&c.expected, &got),
            "{file_name} line {}: `{}` (exit {code}) printed\n{output}\nbut the page shows\n{}",
            c.line,
            c.command,
            c.expected.join("\n")
        );
        ran += 1;
    }
    ran
}

/// Runs the console blocks of every page of [`pages`] with `runner`, and
/// returns each page's name (relative to `root`, `/` between its parts)
/// with the number of its commands that ran: what a test that runs only
/// some commands (those of one program, see [`invokes`]) needs, with a
/// minimum to assert on.
///
/// ```
/// use uniform_testkit::examples::{self, Runner};
/// let root = uniform_testkit::repo();
/// // Keep nothing: every page is read, no command runs.
/// let ran = examples::run_pages(&root, &Runner::new(&root).only(|_| false));
/// assert_eq!(ran[0], ("README.md".to_string(), 0));
/// assert!(ran.iter().any(|(page, _)| page == "docs/sql.md"));
/// ```
///
/// # Panics
///
/// When a page cannot be read, or as [`run_console`] does.
pub fn run_pages(root: &Path, runner: &Runner) -> Vec<(String, usize)> {
    pages(root)
        .iter()
        .map(|path| {
            let name = path
                .strip_prefix(root)
                .unwrap_or(path)
                .components()
                .map(|c| c.as_os_str().to_string_lossy())
                .collect::<Vec<_>>()
                .join("/");
            let text =
                std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            let ran = blocks(&text)
                .iter()
                .filter(|b| b.lang() == "console")
                .map(|b| run_console(&name, b, runner))
                .sum();
            (name, ran)
        })
        .collect()
}

/// The pages whose examples run: `README.md` at `root`, then every
/// `docs/*.md`, by name (`docs/README.md`, the index, among them).
///
/// ```
/// let pages = uniform_testkit::examples::pages(&uniform_testkit::repo());
/// assert!(pages[0].ends_with("README.md"));
/// assert!(pages.iter().any(|p| p.ends_with("docs/parse.md")));
/// ```
///
/// # Panics
///
/// When `root/docs` cannot be read.
pub fn pages(root: &Path) -> Vec<PathBuf> {
    let docs = root.join("docs");
    let mut found: Vec<PathBuf> = std::fs::read_dir(&docs)
        .unwrap_or_else(|e| panic!("{}: {e}", docs.display()))
        .map(|e| e.expect("a docs entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "md"))
        .collect();
    found.sort();
    found.insert(0, root.join("README.md"));
    found
}
