//! `uniform completions SHELL` and `uniform man`, loaded by the programs
//! that use them: bash completes subcommands and flags from the script
//! (zsh and fish parse theirs where installed), and `man -l` formats every
//! page without a warning.

use std::path::Path;
use std::process::{Command, Output};
use uniform_testkit::{Skip, scratch};

fn uniform(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_uniform"))
        .args(args)
        .output()
        .expect("uniform runs")
}

fn stdout(args: &[&str]) -> String {
    let out = uniform(args);
    assert_eq!(out.status.code(), Some(0), "{args:?}: {out:?}");
    String::from_utf8(out.stdout).expect("UTF-8")
}

/// `program` as the PATH finds it; `None`, a skip recorded saying what
/// `without` it goes unchecked, when it is not installed.
fn installed(program: &str, without: &str) -> Option<std::path::PathBuf> {
    match uniform_testkit::program(program) {
        Ok(p) => Some(p),
        Err(skip) => {
            Skip::new(format!("{}: {without}", skip.reason())).record();
            None
        }
    }
}

/// What bash's completion offers for the words of `line` (the last one
/// being completed), with the script of `uniform completions bash` loaded.
fn bash_completes(script: &Path, line: &[&str]) -> Vec<String> {
    let words = line
        .iter()
        .map(|w| format!("'{w}'"))
        .collect::<Vec<_>>()
        .join(" ");
    let program = format!(
        "source '{}' || exit 3\n\
         COMP_WORDS=({words}); COMP_CWORD={}; COMP_LINE=\"${{COMP_WORDS[*]}}\"; COMP_POINT=${{#COMP_LINE}}\n\
         _uniform uniform \"${{COMP_WORDS[COMP_CWORD]}}\" \"${{COMP_WORDS[COMP_CWORD-1]}}\"\n\
         printf '%s\\n' \"${{COMPREPLY[@]}}\"",
        script.display(),
        line.len() - 1,
    );
    let out = Command::new("bash")
        .args(["--norc", "--noprofile", "-c", &program])
        .output()
        .expect("bash runs");
    assert!(
        out.status.success(),
        "bash: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout)
        .split_whitespace()
        .map(str::to_string)
        .collect()
}

#[test]
fn bash_loads_the_script_and_completes_commands_and_flags() {
    let dir = scratch("completions");
    let script = dir.join("uniform.bash");
    std::fs::write(&script, stdout(&["completions", "bash"])).unwrap();
    // The script registers itself for the command.
    let out = Command::new("bash")
        .args(["--norc", "--noprofile", "-c"])
        .arg(format!(
            "source '{}' && complete -p uniform",
            script.display()
        ))
        .output()
        .unwrap();
    let registered = String::from_utf8_lossy(&out.stdout);
    assert!(
        registered.starts_with("complete ")
            && registered.contains(" -F _uniform ")
            && registered.trim_end().ends_with(" uniform"),
        "{out:?}"
    );
    assert_eq!(bash_completes(&script, &["uniform", "pa"]), ["parse"]);
    // Every subcommand, sql (another binary) and these two among them.
    let all = bash_completes(&script, &["uniform", ""]);
    for name in [
        "parse",
        "check",
        "fetch",
        "links",
        "sql",
        "schemes",
        "completions",
        "man",
    ] {
        assert!(all.iter().any(|w| w == name), "{name} not in {all:?}");
    }
    assert_eq!(
        bash_completes(&script, &["uniform", "fetch", "--gopher-s"]),
        ["--gopher-strict"]
    );
    assert_eq!(
        bash_completes(&script, &["uniform", "parse", "--dialect", "rfc16"]),
        ["rfc1630"]
    );
    assert_eq!(
        bash_completes(&script, &["uniform", "completions", "e"]),
        ["elvish"]
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `SHELL CHECK... SCRIPT` on the script `uniform completions SHELL`
/// prints, unless the shell is not installed (a recorded skip).
fn parses_its_script(shell: &str, check: &[&str]) {
    let Some(program) = installed(shell, "its completion script was not parsed") else {
        return;
    };
    let dir = scratch(&format!("completions-{shell}"));
    let script = dir.join(format!("uniform.{shell}"));
    std::fs::write(&script, stdout(&["completions", shell])).unwrap();
    let out = Command::new(program)
        .args(check)
        .arg(&script)
        .output()
        .unwrap();
    assert!(out.status.success(), "{shell}: {out:?}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn zsh_parses_its_script() {
    parses_its_script("zsh", &["-n"]);
}

#[test]
fn fish_parses_its_script() {
    parses_its_script("fish", &["--no-execute"]);
}

#[test]
fn every_shell_has_a_script_naming_every_subcommand() {
    let help = stdout(&["--help"]);
    for shell in ["bash", "zsh", "fish", "powershell", "elvish"] {
        let script = stdout(&["completions", shell]);
        for name in ["parse", "fetch", "links", "sql", "man", "completions"] {
            assert!(script.contains(name), "{shell}: no {name}");
            assert!(help.contains(name), "--help: no {name}");
        }
    }
    let out = uniform(&["completions", "tcsh"]);
    assert_eq!(out.status.code(), Some(2), "{out:?}");
}

/// `man -l PAGE` (`man` being the program), formatted for an 80-column
/// terminal, and its warnings.
fn man(man: &Path, page: &Path) -> (String, String) {
    let out = Command::new(man)
        .arg("-l")
        .arg(page)
        .env("MANPAGER", "cat")
        .env("MANWIDTH", "80")
        .env("MAN_KEEP_FORMATTING", "0")
        .env("LC_ALL", "C.UTF-8")
        .output()
        .expect("man runs");
    assert!(out.status.success(), "man -l {}: {out:?}", page.display());
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn man_writes_a_page_a_subcommand() {
    let dir = scratch("man-pages");
    let pages = dir.join("pages");
    let out = uniform(&["man", "--dir", pages.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let mut names: Vec<String> = std::fs::read_dir(&pages)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    names.sort();
    for name in [
        "uniform.1",
        "uniform-fetch.1",
        "uniform-links.1",
        "uniform-sql.1",
    ] {
        assert!(names.iter().any(|n| n == name), "{name} not in {names:?}");
    }
    // Each page as `uniform man COMMAND` prints it alone.
    assert_eq!(
        std::fs::read_to_string(pages.join("uniform-fetch.1")).unwrap(),
        stdout(&["man", "fetch"])
    );
    assert_eq!(
        std::fs::read_to_string(pages.join("uniform.1")).unwrap(),
        stdout(&["man"])
    );
    let out = uniform(&["man", "nosuch"]);
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn man_formats_every_page() {
    let Some(program) = installed("man", "the pages were not formatted") else {
        return;
    };
    let man = |page: &Path| man(&program, page);
    let dir = scratch("man");
    let top = dir.join("uniform.1");
    std::fs::write(&top, stdout(&["man"])).unwrap();
    let (text, warnings) = man(&top);
    assert_eq!(warnings, "", "man -l uniform.1");
    assert!(text.contains("uniform - "), "{text}");
    assert!(
        text.contains("uniform-fetch(1)") && text.contains("uniform-sql(1)"),
        "{text}"
    );
    let pages = dir.join("pages");
    let out = uniform(&["man", "--dir", pages.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    for entry in std::fs::read_dir(&pages).unwrap() {
        let name = entry.unwrap().file_name().into_string().unwrap();
        let (text, warnings) = man(&pages.join(&name));
        assert_eq!(warnings, "", "man -l {name}");
        assert!(!text.trim().is_empty(), "{name}");
    }
    let (fetch, _) = man(&pages.join("uniform-fetch.1"));
    assert!(fetch.contains("--gopher-strict"), "{fetch}");
    std::fs::remove_dir_all(&dir).unwrap();
}
