//! The README's shell examples, run as they are written, so that the README
//! cannot drift from the program.
//!
//! - A ```console block holds `$ COMMAND` lines, each followed by what it
//!   prints (standard output, then standard error). The command runs under
//!   `bash` in the repository's root with this build's `uniform` first on
//!   the PATH; its output must be the lines shown, where a line `...`
//!   stands for any number of lines.
//! - The ```sh block of the two commands (the main job, then the tests):
//!   the main job runs as written with `cargo run --release -p uniform-cli
//!   --` replaced by this build's binary, and must succeed; the test
//!   command must be the script `.ci/run` runs from the same block (it
//!   cannot run itself from inside the tests).
//!
//! Any other shell block is an error until this file learns to run it.
//! The README's Rust examples are doctests (crates/access/src/lib.rs).

use std::path::{Path, PathBuf};
use std::process::Command;

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// A fenced block: its info string, the line it starts on, its lines.
struct Block {
    info: String,
    line: usize,
    lines: Vec<String>,
}

fn blocks(text: &str) -> Vec<Block> {
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
            (Some(_), Some("")) => out.extend(open.take()),
            (Some(b), _) => b.lines.push(l.to_string()),
            (None, None) => {}
        }
    }
    assert!(open.is_none(), "README.md: a fenced block is never closed");
    out
}

/// Runs `command` with bash in the repository, this build's `uniform`
/// first on the PATH; exit status and the output, stdout then stderr.
fn shell(command: &str) -> (i32, String) {
    let bin = Path::new(env!("CARGO_BIN_EXE_uniform"))
        .parent()
        .expect("the binary's directory")
        .to_path_buf();
    let path = std::env::join_paths(std::iter::once(bin).chain(std::env::split_paths(
        &std::env::var_os("PATH").unwrap_or_default(),
    )))
    .expect("a PATH");
    let mut bash = Command::new("bash");
    bash.arg("-c")
        .arg(command)
        .current_dir(repo())
        .env("PATH", path);
    // What the examples show is the plain configuration: no server or
    // address from the environment, no proxy of any scheme.
    for (name, _) in std::env::vars_os() {
        let n = name.to_string_lossy().to_ascii_lowercase();
        if n.ends_with("_proxy") || ["nntpserver", "smtp_server", "email"].contains(&n.as_str()) {
            bash.env_remove(&name);
        }
    }
    let out = bash.output().expect("bash runs");
    let mut text = String::from_utf8_lossy(&out.stdout).into_owned();
    text.push_str(&String::from_utf8_lossy(&out.stderr));
    (out.status.code().unwrap_or(-1), text)
}

/// Whether `got` is `want`, a `...` line of `want` matching any lines.
fn matches(want: &[String], got: &[&str]) -> bool {
    match want.split_first() {
        None => got.is_empty(),
        Some((w, rest)) if w == "..." => (0..=got.len()).any(|skip| matches(rest, &got[skip..])),
        Some((w, rest)) => got.first() == Some(&w.as_str()) && matches(rest, &got[1..]),
    }
}

fn run_console(b: &Block) -> usize {
    let mut ran = 0;
    let mut i = 0;
    while i < b.lines.len() {
        let command = b.lines[i].strip_prefix("$ ").unwrap_or_else(|| {
            panic!(
                "README.md line {}: a console block must start each command with '$ ', not {:?}",
                b.line + 1 + i,
                b.lines[i]
            )
        });
        let mut want = Vec::new();
        i += 1;
        while i < b.lines.len() && !b.lines[i].starts_with("$ ") {
            want.push(b.lines[i].clone());
            i += 1;
        }
        let (code, got) = shell(command);
        let got_lines: Vec<&str> = got.lines().collect();
        assert!(
            matches(&want, &got_lines),
            "README.md line {}: `{command}` (exit {code}) printed\n{got}\nbut the README shows\n{}",
            b.line,
            want.join("\n")
        );
        ran += 1;
    }
    ran
}

/// The two commands' block: the main job runs, the test command is the
/// one `.ci/run` runs.
fn run_two_commands(b: &Block) -> usize {
    let commands: Vec<&String> = b
        .lines
        .iter()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .collect();
    assert_eq!(
        commands.len(),
        2,
        "README.md line {}: the first sh block holds the two commands, the main job then the tests",
        b.line
    );
    let main = commands[0]
        .strip_prefix("cargo run --release -p uniform-cli -- ")
        .unwrap_or_else(|| {
            panic!(
                "README.md line {}: the main job is `cargo run --release -p uniform-cli -- ...`, not {:?}",
                b.line, commands[0]
            )
        });
    let (code, out) = shell(&format!("uniform {main}"));
    assert_eq!(code, 0, "the README's main job `{main}` failed:\n{out}");
    assert!(
        !out.trim().is_empty(),
        "the README's main job printed nothing"
    );

    let test = commands[1].as_str();
    assert_eq!(test, "scripts/test.sh", "the README's test command");
    let ci = std::fs::read_to_string(repo().join(".ci/run")).expect(".ci/run");
    assert!(
        ci.contains("/^```sh$/") && ci.contains("${commands[1]}"),
        ".ci/run must run the test command from the README's sh block"
    );
    2
}

#[test]
fn every_shell_example_of_the_readme_runs_as_written() {
    let text = std::fs::read_to_string(repo().join("README.md")).expect("README.md");
    let mut ran = 0;
    let mut sh_blocks = 0;
    for b in blocks(&text) {
        match b.info.as_str() {
            "console" => ran += run_console(&b),
            "sh" | "bash" | "shell" => {
                sh_blocks += 1;
                assert_eq!(
                    sh_blocks, 1,
                    "README.md line {}: only the two commands' block may be a plain sh block; \
                     show other commands as a console block with their output",
                    b.line
                );
                ran += run_two_commands(&b);
            }
            _ => {}
        }
    }
    assert_eq!(
        sh_blocks, 1,
        "README.md has no sh block of the two commands"
    );
    assert!(ran >= 4, "only {ran} README commands found");
}

#[test]
fn a_dots_line_matches_any_lines_and_nothing_else_does() {
    let want = |s: &[&str]| s.iter().map(|x| x.to_string()).collect::<Vec<_>>();
    assert!(matches(&want(&["a", "...", "d"]), &["a", "b", "c", "d"]));
    assert!(matches(&want(&["a", "...", "d"]), &["a", "d"]));
    assert!(!matches(&want(&["a", "...", "d"]), &["a", "b"]));
    assert!(!matches(&want(&["a"]), &["a", "b"]));
    assert!(!matches(&want(&["a "]), &["a"]));
}
