//! The defaults in force: each option's built-in default, overridden by
//! the configuration file, overridden by the environment; a flag on the
//! command line overrides them all (clap does that part, with these as its
//! defaults).
//!
//! The file is `$XDG_CONFIG_HOME/uniform/config.toml` (or
//! `$HOME/.config/uniform/config.toml`), TOML with these keys:
//!
//! ```toml
//! dialect = "rfc3986"      # rfc1738 (built in), rfc1630, rfc3986, whatwg
//! strict = true            # parse, check, ...: --strict
//! show-password = false    # --show-password
//! gopher-strict = false    # fetch, links: --gopher-strict
//! connect-timeout = 10     # fetch: seconds
//! timeout = 30
//! max-time = 300
//! ```
//!
//! `UNIFORM_DIALECT` overrides the file's dialect. A bad value or an
//! unknown key is an error naming the file (or the variable) and the line.

use std::fmt;
use std::io::Read;
use std::path::{Path, PathBuf};

/// The largest configuration file read: a few lines are expected, and a
/// read from the file system is bounded like any other.
const MAX_FILE: u64 = 64 * 1024;

/// The environment variable that overrides the file's dialect.
pub const DIALECT_VAR: &str = "UNIFORM_DIALECT";

/// Where a default comes from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Source {
    /// Uniform's own default.
    BuiltIn,
    /// The environment variable of that name.
    Env(&'static str),
    /// The configuration file, at a line.
    File(PathBuf, usize),
}

impl fmt::Display for Source {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Source::BuiltIn => f.write_str("built in"),
            Source::Env(var) => write!(f, "${var}"),
            Source::File(path, line) => write!(f, "{} line {line}", path.display()),
        }
    }
}

/// One option's default: its key in the file, the clap argument it sets,
/// its value as the command line would write it (`None`: no value, the
/// command's own behaviour), and where it came from.
#[derive(Clone, Debug)]
pub struct Setting {
    pub key: &'static str,
    pub arg: &'static str,
    pub value: Option<String>,
    /// What the command does when nothing sets it.
    pub built_in: &'static str,
    pub source: Source,
}

impl Setting {
    /// The value in force, as the command line would write it.
    pub fn shown(&self) -> &str {
        self.value.as_deref().unwrap_or(self.built_in)
    }
}

/// A configuration that cannot be used: where, and why.
#[derive(Debug)]
pub struct ConfigError {
    pub place: String,
    pub message: String,
}

impl fmt::Display for ConfigError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.place, self.message)
    }
}

/// The options a default may be set for: file key, clap argument id, and
/// what a value must be.
const KEYS: &[(&str, &str, Kind, &str)] = &[
    ("dialect", "dialect", Kind::Dialect, "rfc1738"),
    ("strict", "strict", Kind::Bool, "false"),
    ("show-password", "show_password", Kind::Bool, "false"),
    ("gopher-strict", "gopher_strict", Kind::Bool, "false"),
    ("connect-timeout", "connect_timeout", Kind::Seconds, "30"),
    ("timeout", "timeout", Kind::Seconds, "60"),
    ("max-time", "max_time", Kind::Seconds, "none"),
];

#[derive(Clone, Copy, Debug)]
enum Kind {
    Dialect,
    Bool,
    Seconds,
}

/// The defaults in force: the configuration file (if any), then the
/// environment.
pub fn load() -> Result<Vec<Setting>, ConfigError> {
    let env = std::env::var(DIALECT_VAR).ok().filter(|v| !v.is_empty());
    resolve(file_path().as_deref(), env.as_deref())
}

/// `$XDG_CONFIG_HOME/uniform/config.toml`, else under `$HOME/.config`
/// (the XDG base directory specification's default).
pub fn file_path() -> Option<PathBuf> {
    let var = |name| std::env::var_os(name).filter(|v| !v.is_empty());
    let base = var("XDG_CONFIG_HOME")
        .map(PathBuf::from)
        .or_else(|| var("HOME").map(|h| PathBuf::from(h).join(".config")))?;
    Some(base.join("uniform").join("config.toml"))
}

fn resolve(path: Option<&Path>, dialect_env: Option<&str>) -> Result<Vec<Setting>, ConfigError> {
    let mut settings: Vec<Setting> = KEYS
        .iter()
        .map(|&(key, arg, _, built_in)| Setting {
            key,
            arg,
            value: None,
            built_in,
            source: Source::BuiltIn,
        })
        .collect();
    if let Some(path) = path
        && let Some(text) = read(path)?
    {
        for (key, value, line) in parse_file(path, &text)? {
            if let Some(s) = settings.iter_mut().find(|s| s.key == key) {
                s.value = Some(value);
                s.source = Source::File(path.to_path_buf(), line);
            }
        }
    }
    if let Some(v) = dialect_env {
        let value =
            check(Kind::Dialect, &toml::Value::String(v.to_string())).map_err(|message| {
                ConfigError {
                    place: format!("${DIALECT_VAR}"),
                    message,
                }
            })?;
        if let Some(s) = settings.iter_mut().find(|s| s.key == "dialect") {
            s.value = Some(value);
            s.source = Source::Env(DIALECT_VAR);
        }
    }
    Ok(settings)
}

/// The file's text, `None` when there is no file.
fn read(path: &Path) -> Result<Option<String>, ConfigError> {
    let file = match std::fs::File::open(path) {
        Ok(f) => f,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(at(path, None, e.to_string())),
    };
    let mut text = String::new();
    file.take(MAX_FILE + 1)
        .read_to_string(&mut text)
        .map_err(|e| at(path, None, e.to_string()))?;
    if text.len() as u64 > MAX_FILE {
        return Err(at(path, None, format!("longer than {MAX_FILE} bytes")));
    }
    Ok(Some(text))
}

/// Each known key's value (as the command line writes it) and line.
fn parse_file(path: &Path, text: &str) -> Result<Vec<(&'static str, String, usize)>, ConfigError> {
    let table: std::collections::BTreeMap<String, toml::Spanned<toml::Value>> =
        toml::from_str(text).map_err(|e: toml::de::Error| {
            let line = e.span().map(|s| line_of(text, s.start));
            at(path, line, e.message().trim_end().to_string())
        })?;
    let mut out = Vec::new();
    for (key, value) in &table {
        let line = line_of(text, value.span().start);
        let Some(&(name, _, kind, _)) = KEYS.iter().find(|k| k.0 == key) else {
            let known: Vec<&str> = KEYS.iter().map(|k| k.0).collect();
            return Err(at(
                path,
                Some(line),
                format!("unknown key {key:?} (known: {})", known.join(", ")),
            ));
        };
        let v = check(kind, value.get_ref())
            .map_err(|m| at(path, Some(line), format!("{key}: {m}")))?;
        out.push((name, v, line));
    }
    Ok(out)
}

/// A value as the command line writes it, or why it is none of `kind`.
fn check(kind: Kind, v: &toml::Value) -> Result<String, String> {
    match (kind, v) {
        (Kind::Dialect, toml::Value::String(s)) => uniform::Dialect::from_name(s)
            .map(|d| d.as_str().to_string())
            .ok_or_else(|| format!("{s:?} is no dialect: rfc1738, rfc1630, rfc3986 or whatwg")),
        (Kind::Bool, toml::Value::Boolean(b)) => Ok(b.to_string()),
        (Kind::Seconds, toml::Value::Integer(n)) if *n > 0 => Ok(n.to_string()),
        (Kind::Seconds, toml::Value::Float(x)) if x.is_finite() && *x > 0.0 => Ok(x.to_string()),
        (Kind::Dialect, _) => {
            Err("a dialect is a string: \"rfc1738\", \"rfc1630\", \"rfc3986\" or \"whatwg\"".into())
        }
        (Kind::Bool, _) => Err("true or false".into()),
        (Kind::Seconds, _) => Err("a number of seconds greater than 0".into()),
    }
}

fn at(path: &Path, line: Option<usize>, message: String) -> ConfigError {
    ConfigError {
        place: match line {
            Some(l) => format!("{} line {l}", path.display()),
            None => path.display().to_string(),
        },
        message,
    }
}

/// The 1-based line of byte `offset` in `text`.
fn line_of(text: &str, offset: usize) -> usize {
    text.as_bytes()[..offset.min(text.len())]
        .iter()
        .filter(|&&b| b == b'\n')
        .count()
        + 1
}

/// `command` with each setting that has a value as the default of its
/// argument, in every subcommand that takes that argument: clap then
/// applies a flag over it, and `--help` shows the default in force.
pub fn apply(mut command: clap::Command, settings: &[Setting]) -> clap::Command {
    let names: Vec<String> = command
        .get_subcommands()
        .map(|s| s.get_name().to_string())
        .collect();
    for name in names {
        for s in settings {
            let Some(value) = s.value.clone() else {
                continue;
            };
            let has = command
                .find_subcommand(&name)
                .is_some_and(|sub| sub.get_arguments().any(|a| a.get_id() == s.arg));
            if has {
                let from = s.source.to_string();
                command = command.mut_subcommand(&name, |sub| {
                    sub.mut_arg(s.arg, |a| with_default(a, value, &from))
                });
            }
        }
    }
    command
}

/// `arg` with `value` as its default. A help text that states its own
/// default in words ("[default: 60]", for an option whose absence the
/// command handles itself) is rewritten to the value in force and where
/// it comes from, instead of clap adding a second, different one.
fn with_default(arg: clap::Arg, value: String, from: &str) -> clap::Arg {
    let stated = |h: Option<&clap::builder::StyledStr>| {
        let h = h?.to_string();
        let start = h.find("[default: ")?;
        let end = start + h[start..].find(']')?;
        Some(format!(
            "{}[default: {value}, from {from}]{}",
            &h[..start],
            &h[end + 1..]
        ))
    };
    let help = stated(arg.get_help());
    let long = stated(arg.get_long_help());
    let mut arg = arg.default_value(value.clone());
    if help.is_some() || long.is_some() {
        arg = arg.hide_default_value(true);
    }
    if let Some(h) = help {
        arg = arg.help(h);
    }
    if let Some(h) = long {
        arg = arg.long_help(h);
    }
    arg
}

#[cfg(test)]
mod tests {
    use super::*;

    fn file(text: &str) -> (tempdir::Dir, PathBuf) {
        let dir = tempdir::Dir::new();
        let path = dir.0.join("config.toml");
        std::fs::write(&path, text).unwrap();
        (dir, path)
    }

    /// A directory removed on drop (no dependency for one test helper).
    mod tempdir {
        pub struct Dir(pub std::path::PathBuf);
        impl Dir {
            pub fn new() -> Dir {
                use std::sync::atomic::{AtomicUsize, Ordering};
                static N: AtomicUsize = AtomicUsize::new(0);
                let p = std::env::temp_dir().join(format!(
                    "uniform-config-{}-{}",
                    std::process::id(),
                    N.fetch_add(1, Ordering::Relaxed)
                ));
                std::fs::create_dir_all(&p).unwrap();
                Dir(p)
            }
        }
        impl Drop for Dir {
            fn drop(&mut self) {
                let _ = std::fs::remove_dir_all(&self.0);
            }
        }
    }

    fn get<'s>(s: &'s [Setting], key: &str) -> &'s Setting {
        s.iter().find(|x| x.key == key).unwrap()
    }

    #[test]
    fn built_in_then_file_then_environment() {
        let none = resolve(None, None).unwrap();
        assert_eq!(get(&none, "dialect").source, Source::BuiltIn);
        assert_eq!(get(&none, "dialect").value, None);
        let (_d, path) = file("# mine\nstrict = true\ndialect = \"RFC3986\"\ntimeout = 2.5\n");
        let s = resolve(Some(&path), None).unwrap();
        assert_eq!(get(&s, "dialect").value.as_deref(), Some("rfc3986"));
        assert_eq!(get(&s, "dialect").source, Source::File(path.clone(), 3));
        assert_eq!(get(&s, "strict").value.as_deref(), Some("true"));
        assert_eq!(get(&s, "timeout").value.as_deref(), Some("2.5"));
        let s = resolve(Some(&path), Some("rfc1630")).unwrap();
        assert_eq!(get(&s, "dialect").value.as_deref(), Some("rfc1630"));
        assert_eq!(get(&s, "dialect").source, Source::Env(DIALECT_VAR));
    }

    #[test]
    fn a_bad_value_names_the_file_and_the_line() {
        let (_d, path) = file("strict = true\n\ndialect = \"rfc2396\"\n");
        let e = resolve(Some(&path), None).unwrap_err();
        assert_eq!(e.place, format!("{} line 3", path.display()));
        assert!(e.message.contains("\"rfc2396\" is no dialect"), "{e}");
        let (_d, path) = file("dialect = \"WHATWG\"\n");
        assert_eq!(
            get(&resolve(Some(&path), None).unwrap(), "dialect")
                .value
                .as_deref(),
            Some("whatwg")
        );
        let (_d, path) = file("timeout = -1\n");
        assert!(
            resolve(Some(&path), None)
                .unwrap_err()
                .message
                .contains("greater than 0")
        );
        let (_d, path) = file("colour = \"blue\"\n");
        let e = resolve(Some(&path), None).unwrap_err();
        assert!(e.message.contains("unknown key \"colour\""), "{e}");
        assert!(e.place.ends_with("line 1"), "{e}");
        let (_d, path) = file("dialect = \n");
        assert!(
            resolve(Some(&path), None)
                .unwrap_err()
                .place
                .ends_with("line 1")
        );
        let e = resolve(None, Some("rfc9999")).unwrap_err();
        assert_eq!(e.place, "$UNIFORM_DIALECT");
    }

    #[test]
    fn a_missing_file_is_no_error() {
        let dir = tempdir::Dir::new();
        let s = resolve(Some(&dir.0.join("absent.toml")), None).unwrap();
        assert!(s.iter().all(|x| x.source == Source::BuiltIn));
    }
}
