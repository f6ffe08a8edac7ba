//! What the `uniform links` tests share: the command run (in a folder or
//! not), its JSON report read, a document written.
//!
//! Each test file includes this module (`#[path]`) and uses a part of it.
#![allow(dead_code)]

use serde_json::Value;
use std::path::Path;
use std::process::{Command, Output};
use uniform::schemes::FileUrl;
use uniform_testkit::without_proxies;

/// `uniform links ARGS`, without the proxy variables of the environment.
pub fn links(args: &[&str]) -> Output {
    run(None, args)
}

/// `uniform links ARGS` run in `dir` (where `.uniformignore` is read).
pub fn links_in(dir: &Path, args: &[&str]) -> Output {
    run(Some(dir), args)
}

fn run(dir: Option<&Path>, args: &[&str]) -> Output {
    let mut c = Command::new(env!("CARGO_BIN_EXE_uniform"));
    if let Some(d) = dir {
        c.current_dir(d);
    }
    without_proxies(&mut c)
        .arg("links")
        .args(args)
        .output()
        .expect("the binary runs")
}

/// The `links` array of a JSON report; the whole output in the panic
/// when there is none.
pub fn json_links(out: &Output) -> Vec<Value> {
    let v: Value = serde_json::from_slice(&out.stdout).unwrap_or_else(|e| {
        panic!(
            "{e}: {}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        )
    });
    v["links"].as_array().cloned().unwrap_or_default()
}

/// A string field of a report's link ("" when it is null).
pub fn field(link: &Value, key: &str) -> String {
    link[key].as_str().unwrap_or_default().to_string()
}

/// Writes `text` to `dir/name`, its folders made; the path written.
pub fn write(dir: &Path, name: &str, text: impl AsRef<[u8]>) -> String {
    let p = dir.join(name);
    std::fs::create_dir_all(p.parent().expect("a file in a folder")).unwrap();
    std::fs::write(&p, text).unwrap();
    p.display().to_string()
}

/// The `file:` URL of a path that exists, as documents' links resolve.
pub fn file_url(path: &Path) -> String {
    FileUrl::from_path(std::fs::canonicalize(path).unwrap())
        .unwrap()
        .into_string()
}
