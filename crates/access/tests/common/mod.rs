//! What the access tests share: where the peer servers listen (the values
//! of `scripts/peers/env.sh`, overridable by the environment) and the rule
//! that a missing server fails the test under CI and is reported loudly,
//! as not run, elsewhere.
#![allow(dead_code)]

use std::net::TcpStream;
use std::path::PathBuf;
use std::time::Duration;

/// The value of `name` in `scripts/peers/env.sh`, unless the environment
/// sets it.
pub fn setting(name: &str) -> String {
    if let Ok(v) = std::env::var(name) {
        return v;
    }
    let env =
        std::fs::read_to_string(repo().join("scripts/peers/env.sh")).expect("scripts/peers/env.sh");
    for line in env.lines() {
        let Some(rest) = line.strip_prefix(&format!("export {name}=")) else {
            continue;
        };
        if let Some(default) = rest.split_once(":-").map(|(_, d)| d.trim_end_matches('}')) {
            // Only a default that names the directory looks it up: the
            // directory's own default would otherwise recurse forever.
            if !default.contains("$UNIFORM_PEERS_DIR") {
                return default.to_string();
            }
            return default.replace("$UNIFORM_PEERS_DIR", &setting("UNIFORM_PEERS_DIR"));
        }
        return rest.replace("$UNIFORM_PEERS_DIR", &setting("UNIFORM_PEERS_DIR"));
    }
    panic!("{name} is not in scripts/peers/env.sh");
}

/// The repository's root.
pub fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The peers' host.
pub fn host() -> String {
    setting("UNIFORM_PEERS_HOST")
}

/// The port in setting `name` (e.g. `UNIFORM_FTP_PORT`).
pub fn port(name: &str) -> u16 {
    setting(name)
        .parse()
        .unwrap_or_else(|_| panic!("{name} is not a port"))
}

/// Whether the server on `port` answers. When it does not: under CI=true
/// the test fails; elsewhere it says so on stderr and the caller returns
/// early, so that a clone without the servers can still run the rest.
#[must_use]
pub fn peer_up(what: &str, port_setting: &str) -> bool {
    let p = port(port_setting);
    let up = TcpStream::connect_timeout(
        &format!("{}:{p}", host()).parse().expect("an address"),
        Duration::from_secs(2),
    )
    .is_ok();
    if !up {
        if std::env::var("CI").is_ok_and(|v| v == "true") {
            panic!(
                "{what} is not listening on {}:{p}: CI starts it with scripts/peers/start.sh",
                host()
            );
        }
        eprintln!(
            "NOT RUN: {what} is not listening on {}:{p} (scripts/peers/start.sh starts it)",
            host()
        );
    }
    up
}

/// A fixture file the peers serve (under `testdata/peers` or the generated
/// fixtures directory).
pub fn fixture(rel: &str) -> Vec<u8> {
    let generated = PathBuf::from(setting("UNIFORM_PEERS_FIXTURES")).join(rel);
    let committed = repo().join("testdata/peers").join(rel);
    std::fs::read(&generated)
        .or_else(|_| std::fs::read(&committed))
        .unwrap_or_else(|e| panic!("fixture {rel}: {e}"))
}
