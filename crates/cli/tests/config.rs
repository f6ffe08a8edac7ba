//! `uniform config` and the defaults it reports: flags over
//! `UNIFORM_DIALECT` over `$XDG_CONFIG_HOME/uniform/config.toml` over the
//! built-in defaults, and a bad file stopping every command with the file
//! and the line.

use std::path::PathBuf;
use std::process::{Command, Output};

/// A configuration directory of its own, removed on drop.
struct Home(PathBuf);

impl Home {
    fn new(name: &str, config: Option<&str>) -> Home {
        let dir =
            std::env::temp_dir().join(format!("uniform-config-test-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("uniform")).unwrap();
        if let Some(text) = config {
            std::fs::write(dir.join("uniform/config.toml"), text).unwrap();
        }
        Home(dir)
    }

    fn file(&self) -> PathBuf {
        self.0.join("uniform/config.toml")
    }

    fn run(&self, env: &[(&str, &str)], args: &[&str]) -> Output {
        let mut c = Command::new(env!("CARGO_BIN_EXE_uniform"));
        c.args(args)
            .env("XDG_CONFIG_HOME", &self.0)
            .env_remove("UNIFORM_DIALECT");
        for (k, v) in env {
            c.env(k, v);
        }
        c.output().unwrap()
    }
}

impl Drop for Home {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn text(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn err(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn line_of<'t>(out: &'t str, key: &str) -> &'t str {
    out.lines()
        .find(|l| l.split_whitespace().next() == Some(key))
        .unwrap_or_else(|| panic!("no {key} in {out}"))
}

#[test]
fn built_in_defaults_with_no_file() {
    let h = Home::new("none", None);
    let o = h.run(&[], &["config"]);
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    let out = text(&o);
    assert!(line_of(&out, "dialect").contains("rfc1738"), "{out}");
    assert!(line_of(&out, "dialect").ends_with("built in"), "{out}");
    assert!(line_of(&out, "max-time").contains("none"), "{out}");
    // The built-in dialect applies: "~" is unsafe in RFC 1738.
    assert_eq!(h.run(&[], &["check", "http://h/~x"]).status.code(), Some(1));
}

#[test]
fn the_file_then_the_environment_then_the_flag() {
    let h = Home::new(
        "layers",
        Some("# mine\ndialect = \"rfc3986\"\nstrict = true\n"),
    );
    let out = text(&h.run(&[], &["config"]));
    let file = h.file();
    assert!(line_of(&out, "dialect").contains("rfc3986"), "{out}");
    assert!(
        line_of(&out, "dialect").ends_with(&format!("{} line 2", file.display())),
        "{out}"
    );
    assert!(line_of(&out, "strict").ends_with("line 3"), "{out}");
    // The file's dialect: "~" is unreserved in RFC 3986; its strictness:
    // a space is an error even for parse.
    assert_eq!(h.run(&[], &["check", "http://h/~x"]).status.code(), Some(0));
    assert_eq!(
        h.run(&[], &["parse", "http://h/a b"]).status.code(),
        Some(1)
    );
    // The environment over the file.
    let env = [("UNIFORM_DIALECT", "rfc1738")];
    assert_eq!(
        h.run(&env, &["check", "http://h/~x"]).status.code(),
        Some(1)
    );
    let out = text(&h.run(&env, &["config", "--json"]));
    assert!(
        out.contains(r#"{"key":"dialect","value":"rfc1738","source":"env:UNIFORM_DIALECT"}"#),
        "{out}"
    );
    // A flag over both.
    let o = h.run(&env, &["check", "--dialect", "rfc3986", "http://h/~x"]);
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
}

#[test]
fn a_bad_value_stops_every_command_naming_the_file_and_line() {
    let h = Home::new("bad", Some("strict = false\n\ndialect = \"rfc2396\"\n"));
    for args in [&["config"][..], &["parse", "http://h/"], &["schemes"]] {
        let o = h.run(&[], args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        let e = err(&o);
        assert!(
            e.contains(&format!("{} line 3", h.file().display()))
                && e.contains("\"rfc2396\" is no dialect"),
            "{e}"
        );
        assert!(text(&o).is_empty());
    }
    let h = Home::new(
        "unknown",
        Some("dialect = \"rfc3986\"\ncolour = \"blue\"\n"),
    );
    let e = err(&h.run(&[], &["config"]));
    assert!(
        e.contains("line 2") && e.contains("unknown key \"colour\""),
        "{e}"
    );
    let h = Home::new("env", None);
    let o = h.run(&[("UNIFORM_DIALECT", "rfc9999")], &["config"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(err(&o).contains("$UNIFORM_DIALECT"), "{}", err(&o));
}

#[test]
fn help_shows_the_default_in_force_and_its_source() {
    let h = Home::new("help", Some("timeout = 5\n"));
    let out = text(&h.run(&[], &["fetch", "--help"]));
    let want = format!("[default: 5, from {} line 1]", h.file().display());
    assert!(out.contains(&want), "{out}");
    let out = text(&Home::new("help-none", None).run(&[], &["fetch", "--help"]));
    assert!(
        out.contains("Seconds to wait for data once connected [default: 60]"),
        "{out}"
    );
}

#[test]
fn the_file_is_read_bounded() {
    let big = "# x\n".repeat(20_000);
    let h = Home::new("big", Some(&big));
    let o = h.run(&[], &["config"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(err(&o).contains("longer than 65536 bytes"), "{}", err(&o));
}
