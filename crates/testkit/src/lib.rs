//! What Uniform's tests share: where the loopback peer servers listen (the
//! values of `scripts/peers/env.sh`, which the environment may override),
//! starting them on demand, the fixtures they serve, and skips that are
//! counted as skips.
//!
//! A test that needs a real server asks for it by name before it does
//! anything else:
//!
//! ```no_run
//! if !uniform_testkit::peer_up(&["nginx"]) {
//!     return; // recorded as skipped, with the reason
//! }
//! // ... talk to nginx on uniform_testkit::peer_port("nginx")
//! ```
//!
//! [`peer_up`] starts a peer that is down through `scripts/peers/ensure.sh`
//! (which installs it first where it is missing, as root), and takes a
//! peer that listens for itself only once `ensure.sh` has found it
//! answering as itself: a port another program holds is no peer. When that is
//! impossible, the test is recorded as skipped: a `SKIPPED` line on
//! standard error and a line in the file named by `UNIFORM_TEST_SKIPS`,
//! from which `scripts/test.sh` counts it as skipped rather than passed. With `UNIFORM_REQUIRE_PEERS=true` (as
//! `.ci/run` sets), a peer that cannot be started fails the test instead;
//! with `UNIFORM_PEERS=off`, no peer is started (nor installed) and the
//! tests that need one are skipped.
#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod child;
pub mod examples;
pub mod modgraph;

use std::collections::{HashMap, HashSet};
use std::io::Write;
use std::net::TcpStream;
use std::path::PathBuf;
use std::process::Command;
use std::sync::{Mutex, OnceLock};
use std::time::Duration;

/// The proxy variables `uniform fetch` reads (`<scheme>_proxy` for each
/// scheme it routes, `all_proxy`, `no_proxy`), in both cases: a test
/// that runs the binary removes them all with [`without_proxies`], so
/// that a proxy of the machine running the tests reroutes nothing.
pub const PROXY_VARIABLES: &[&str] = &[
    "http_proxy",
    "HTTP_PROXY",
    "https_proxy",
    "HTTPS_PROXY",
    "ftp_proxy",
    "FTP_PROXY",
    "gopher_proxy",
    "GOPHER_PROXY",
    "wais_proxy",
    "WAIS_PROXY",
    "news_proxy",
    "NEWS_PROXY",
    "nntp_proxy",
    "NNTP_PROXY",
    "prospero_proxy",
    "PROSPERO_PROXY",
    "all_proxy",
    "ALL_PROXY",
    "no_proxy",
    "NO_PROXY",
];

/// `cmd` without any of the [`PROXY_VARIABLES`] in its environment.
///
/// # Example
///
/// ```
/// let mut cmd = std::process::Command::new("true");
/// uniform_testkit::without_proxies(&mut cmd).env("x", "y");
/// ```
pub fn without_proxies(cmd: &mut std::process::Command) -> &mut std::process::Command {
    for v in PROXY_VARIABLES {
        cmd.env_remove(v);
    }
    cmd
}

/// The prolog of a "billion laughs" XML entity bomb, on two lines: the
/// XML declaration, then a DTD in which `&lol9;` stands for 10^9 copies
/// of `lol` (each of `lol1` to `lol9` ten references to the one before),
/// closed by `]>` and a line break. The document's root follows it.
///
/// ```
/// let xml = uniform_testkit::entity_bomb_prolog() + "<urlset/>";
/// assert!(xml.contains("<!ENTITY lol9 ") && xml.lines().count() == 3);
/// ```
pub fn entity_bomb_prolog() -> String {
    let mut xml = String::from("<?xml version=\"1.0\"?>\n<!DOCTYPE lolz [<!ENTITY lol \"lol\">");
    for i in 1..10 {
        let prev = if i == 1 {
            "lol".to_string()
        } else {
            format!("lol{}", i - 1)
        };
        let refs = format!("&{prev};").repeat(10);
        xml.push_str(&format!("<!ENTITY lol{i} \"{refs}\">"));
    }
    xml.push_str("]>\n");
    xml
}

/// The repository's root.
///
/// ```
/// assert!(uniform_testkit::repo().join("scripts/peers/env.sh").is_file());
/// ```
pub fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The value of `name` in `scripts/peers/env.sh`, unless the environment
/// sets it.
///
/// ```
/// let port = uniform_testkit::setting("UNIFORM_HTTP_PORT");
/// assert!(port.parse::<u16>().is_ok());
/// ```
///
/// # Panics
///
/// When `name` is not a setting of `env.sh`: a typo in a test.
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
        let value = rest
            .split_once(":-")
            .map_or(rest, |(_, d)| d.trim_end_matches('}'));
        // Only a value that names the directory looks it up: the
        // directory's own default would otherwise recurse forever.
        if !value.contains("$UNIFORM_PEERS_DIR") {
            return value.to_string();
        }
        return value.replace("$UNIFORM_PEERS_DIR", &setting("UNIFORM_PEERS_DIR"));
    }
    panic!("{name} is not in scripts/peers/env.sh");
}

/// The address every peer listens on.
///
/// ```
/// assert!(uniform_testkit::host().parse::<std::net::IpAddr>().is_ok());
/// ```
pub fn host() -> String {
    setting("UNIFORM_PEERS_HOST")
}

/// The port in setting `name` (e.g. `UNIFORM_FTP_PORT`).
///
/// ```
/// assert!(uniform_testkit::port("UNIFORM_FTP_PORT") > 1024);
/// ```
///
/// # Panics
///
/// When the setting is not a port number.
pub fn port(name: &str) -> u16 {
    setting(name)
        .parse()
        .unwrap_or_else(|_| panic!("{name} is not a port"))
}

/// The port of the peer `name`, as `peer_port` in `scripts/peers/lib.sh`
/// maps it to its setting (`vsftpd) echo "$UNIFORM_FTP_PORT" ;;`), so
/// that the scripts' table is the only one.
///
/// ```
/// assert_eq!(uniform_testkit::peer_port("vsftpd"), uniform_testkit::port("UNIFORM_FTP_PORT"));
/// assert!(uniform_testkit::peer_port("zebra") > 1024);
/// ```
///
/// # Panics
///
/// When `name` is not a peer of `lib.sh`.
pub fn peer_port(name: &str) -> u16 {
    let lib =
        std::fs::read_to_string(repo().join("scripts/peers/lib.sh")).expect("scripts/peers/lib.sh");
    let arm = format!("{name}) echo \"$");
    let setting = lib
        .lines()
        .find_map(|l| l.trim_start().strip_prefix(&arm)?.split_once('"'))
        .map(|(setting, _)| setting)
        .unwrap_or_else(|| panic!("{name} is not a peer of scripts/peers/lib.sh"));
    port(setting)
}

/// Why a test did not run. [`Skip::record`] reports it.
///
/// ```
/// let skip = uniform_testkit::Skip::new("no IPv6 on this machine");
/// assert_eq!(skip.reason(), "no IPv6 on this machine");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Skip {
    reason: String,
}

impl Skip {
    /// A skip for `reason`.
    ///
    /// ```
    /// let _ = uniform_testkit::Skip::new("why");
    /// ```
    pub fn new(reason: impl Into<String>) -> Skip {
        Skip {
            reason: reason.into(),
        }
    }

    /// The reason, as the `SKIPPED` line gives it.
    ///
    /// ```
    /// assert_eq!(uniform_testkit::Skip::new("why").reason(), "why");
    /// ```
    pub fn reason(&self) -> &str {
        &self.reason
    }

    /// Reports the running test as skipped: `SKIPPED binary::test: reason`
    /// on standard error (captured by the harness like any test output)
    /// and, when `UNIFORM_TEST_SKIPS` names a file, the same line appended
    /// to it, from which `scripts/test.sh` lists the skips. The caller then
    /// returns.
    ///
    /// ```no_run
    /// uniform_testkit::Skip::new("an example").record();
    /// ```
    pub fn record(&self) {
        self.record_as(&test_name());
    }

    /// Reports `name` (`binary::what`) as skipped, as [`Skip::record`]
    /// does for the running test: for a runner without libtest's harness,
    /// whose checks are not threads of their own.
    ///
    /// ```no_run
    /// uniform_testkit::Skip::new("file absent").record_as("conformance::go-net-url/parse");
    /// ```
    pub fn record_as(&self, name: &str) {
        let line = format!("SKIPPED {name}: {}\n", self.reason);
        // Through the harness's capture (shown with --nocapture): a direct
        // write would land inside libtest's "test NAME ... ok" line.
        eprint!("{line}");
        if let Some(path) = std::env::var_os("UNIFORM_TEST_SKIPS")
            && let Ok(mut f) = std::fs::OpenOptions::new()
                .create(true)
                .append(true)
                .open(path)
        {
            // One write of one short line: appends do not interleave.
            let _ = f.write_all(line.as_bytes());
        }
    }
}

/// The program `name` as a shell would run it: the first executable file
/// of that name in a directory of `PATH`. For a check that needs another
/// program (curl to compare with, setsid, a shell), so that its absence is
/// a recorded skip rather than a silent pass.
///
/// ```
/// let sh = uniform_testkit::program("sh").expect("a shell");
/// assert!(sh.is_absolute() && sh.ends_with("sh"));
/// let missing = uniform_testkit::program("no-such-program-here").unwrap_err();
/// assert!(missing.reason().contains("no-such-program-here"));
/// ```
///
/// # Errors
///
/// A [`Skip`] saying that `name` is not installed.
pub fn program(name: &str) -> Result<PathBuf, Skip> {
    use std::os::unix::fs::PermissionsExt;
    let path = std::env::var_os("PATH").unwrap_or_default();
    std::env::split_paths(&path)
        .map(|dir| dir.join(name))
        .find(|p| {
            std::fs::metadata(p).is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
        })
        .ok_or_else(|| Skip::new(format!("{name} is not installed (not on the PATH)")))
}

/// Reads and drops whatever comes on `s` until the client closes it: what
/// a scripted server does to stay silent, or to keep its connection open,
/// for as long as the client under test waits, however slow the machine.
/// A test's own bound on the client ends the wait; 120 s without a single
/// octet ends it too, so that a server thread is never left behind for
/// good. Whether the client closed (rather than the 120 s passing).
///
/// ```
/// use std::io::Write;
/// let l = std::net::TcpListener::bind("127.0.0.1:0")?;
/// let mut c = std::net::TcpStream::connect(l.local_addr()?)?;
/// let (mut s, _) = l.accept()?;
/// c.write_all(b"a request nobody answers")?;
/// drop(c);
/// assert!(uniform_testkit::until_closed(&mut s));
/// # Ok::<_, std::io::Error>(())
/// ```
pub fn until_closed(s: &mut TcpStream) -> bool {
    use std::io::Read;
    if s.set_read_timeout(Some(Duration::from_secs(120))).is_err() {
        return false;
    }
    let mut buf = [0u8; 4096];
    loop {
        match s.read(&mut buf) {
            Ok(0) => return true,
            Ok(_) => continue,
            // A reset is a close too.
            Err(e) if e.kind() == std::io::ErrorKind::ConnectionReset => return true,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(_) => return false,
        }
    }
}

/// A port of the loopback address where nothing listens, held for as long
/// as the value lives: its socket is bound and never listens, so a
/// connection to it is refused, and no other socket of the machine (a
/// peer, another test's server) can take the port meanwhile, as it could
/// a port the system gave and took back.
///
/// ```
/// let closed = uniform_testkit::ClosedPort::new();
/// let refused = std::net::TcpStream::connect(("127.0.0.1", closed.port())).unwrap_err();
/// assert_eq!(refused.kind(), std::io::ErrorKind::ConnectionRefused);
/// ```
#[derive(Debug)]
pub struct ClosedPort {
    _socket: socket2::Socket,
    port: u16,
}

impl ClosedPort {
    /// Binds a fresh port of 127.0.0.1 without listening on it.
    ///
    /// ```
    /// assert!(uniform_testkit::ClosedPort::new().port() > 0);
    /// ```
    ///
    /// # Panics
    ///
    /// When the loopback address has no free port: a broken machine.
    pub fn new() -> ClosedPort {
        use socket2::{Domain, SockAddr, Socket, Type};
        let socket = Socket::new(Domain::IPV4, Type::STREAM, None).expect("a TCP socket");
        let any: std::net::SocketAddr = ([127, 0, 0, 1], 0).into();
        socket.bind(&SockAddr::from(any)).expect("a loopback port");
        let port = socket
            .local_addr()
            .ok()
            .and_then(|a| a.as_socket())
            .map(|a| a.port())
            .expect("the bound port");
        ClosedPort {
            _socket: socket,
            port,
        }
    }

    /// The port.
    ///
    /// ```
    /// let c = uniform_testkit::ClosedPort::new();
    /// assert_eq!(c.port(), c.port());
    /// ```
    pub fn port(&self) -> u16 {
        self.port
    }
}

impl Default for ClosedPort {
    fn default() -> Self {
        ClosedPort::new()
    }
}

/// A fresh, empty directory for a test's files: under the system's
/// temporary directory, named after the test binary, `name` and the
/// process, so that test binaries running at once never share one.
///
/// ```
/// let d = uniform_testkit::scratch("doc");
/// assert!(d.is_dir() && std::fs::read_dir(&d).unwrap().next().is_none());
/// # std::fs::remove_dir_all(&d).unwrap();
/// ```
pub fn scratch(name: &str) -> PathBuf {
    let binary = std::env::current_exe()
        .ok()
        .and_then(|p| p.file_stem().map(|s| s.to_string_lossy().into_owned()))
        .unwrap_or_default();
    let dir = std::env::temp_dir().join(format!("uniform-{binary}-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    if let Err(e) = std::fs::create_dir_all(&dir) {
        panic!("{}: {e}", dir.display());
    }
    dir
}

/// The running test as `binary::test`: the test binary's name without
/// cargo's hash, and the name the harness gave the test's thread.
///
/// ```
/// let name = uniform_testkit::test_name();
/// assert!(name.contains("::"));
/// ```
pub fn test_name() -> String {
    let binary = std::env::current_exe()
        .ok()
        .and_then(|p| p.file_stem().map(|s| s.to_string_lossy().into_owned()))
        .unwrap_or_default();
    let binary = match binary.rsplit_once('-') {
        Some((name, hash)) if hash.len() == 16 && hash.bytes().all(|b| b.is_ascii_hexdigit()) => {
            name.to_string()
        }
        _ => binary,
    };
    let thread = std::thread::current();
    format!("{binary}::{}", thread.name().unwrap_or("main"))
}

fn listening(name: &str) -> bool {
    let Ok(addr) = format!("{}:{}", host(), peer_port(name)).parse() else {
        return false;
    };
    TcpStream::connect_timeout(&addr, Duration::from_secs(2)).is_ok()
}

/// The peers `ensure.sh` has found answering as themselves in this
/// process: a port that accepts a connection may be held by any program,
/// so a peer is taken for itself only once it has been asked.
fn identified() -> &'static Mutex<HashSet<String>> {
    static KNOWN: OnceLock<Mutex<HashSet<String>>> = OnceLock::new();
    KNOWN.get_or_init(Mutex::default)
}

/// `scripts/peers/ensure.sh ARGS`: `Ok` when it succeeds, else the last
/// line it said, its reason.
fn ensure(args: &[&str]) -> Result<(), String> {
    let out = Command::new(repo().join("scripts/peers/ensure.sh"))
        .args(args)
        .output();
    match out {
        Ok(o) if o.status.success() => Ok(()),
        Ok(o) => Err(String::from_utf8_lossy(&o.stderr)
            .lines()
            .last()
            .unwrap_or("ensure.sh failed and said nothing")
            .trim_start_matches("ensure: ")
            .to_string()),
        Err(e) => Err(format!("scripts/peers/ensure.sh could not run: {e}")),
    }
}

fn required() -> bool {
    std::env::var("UNIFORM_REQUIRE_PEERS").is_ok_and(|v| v == "true" || v == "1")
}

/// The peers that could not be started in this process, and why: asked
/// once, so that a machine without them does not retry for every test.
fn failures() -> &'static Mutex<HashMap<String, String>> {
    static FAILED: OnceLock<Mutex<HashMap<String, String>>> = OnceLock::new();
    FAILED.get_or_init(Mutex::default)
}

/// Makes the peers `names` (names of `scripts/peers/lib.sh`) listen, starting the ones
/// that are down with `scripts/peers/ensure.sh`; the reason when that is
/// impossible. A peer counts as up once `ensure.sh` has found it answering
/// as itself (its banner, greeting or `Server` field): a port held by
/// another program is a skip naming the port and what answered there.
///
/// ```no_run
/// uniform_testkit::peers(&["vsftpd", "pyftpdlib"]).expect("both FTP servers");
/// ```
///
/// # Errors
///
/// A [`Skip`] naming the peers and what `ensure.sh` said.
pub fn peers(names: &[&str]) -> Result<(), Skip> {
    // One test at a time asks, so that parallel tests start a peer once.
    let mut failed = failures().lock().unwrap_or_else(|e| e.into_inner());
    let mut known = identified().lock().unwrap_or_else(|e| e.into_inner());
    let unsure: Vec<&str> = names
        .iter()
        .copied()
        .filter(|n| !(known.contains(*n) && listening(n)))
        .collect();
    if unsure.is_empty() {
        return Ok(());
    }
    if let Some((name, why)) = unsure
        .iter()
        .find_map(|n| failed.get(*n).map(|why| (*n, why)))
    {
        return Err(Skip::new(format!("{name} cannot be had: {why}")));
    }
    let off = std::env::var("UNIFORM_PEERS").is_ok_and(|v| v == "off");
    let mut args = if off { vec!["--check"] } else { Vec::new() };
    args.extend(&unsure);
    let why = match ensure(&args) {
        Ok(()) => match unsure.iter().find(|n| !listening(n)) {
            None => {
                known.extend(unsure.iter().map(|n| (*n).to_string()));
                return Ok(());
            }
            Some(n) => format!("ensure.sh said {n} runs, but it does not listen"),
        },
        Err(why) if off => format!("{why}, and UNIFORM_PEERS=off forbids starting them"),
        Err(why) => why,
    };
    for n in &unsure {
        failed.insert((*n).to_string(), why.clone());
    }
    Err(Skip::new(format!("{}: {why}", unsure.join(", "))))
}

/// Whether the peers `names` run, starting them when they do not. When
/// they cannot be started, the test is recorded as skipped ([`Skip::record`])
/// and the caller returns at once; with `UNIFORM_REQUIRE_PEERS=true` it
/// fails instead.
///
/// ```no_run
/// if !uniform_testkit::peer_up(&["innd"]) {
///     return;
/// }
/// ```
///
/// # Panics
///
/// Under `UNIFORM_REQUIRE_PEERS=true`, when a peer cannot be started.
#[must_use]
pub fn peer_up(names: &[&str]) -> bool {
    match peers(names) {
        Ok(()) => true,
        Err(skip) if required() => panic!(
            "{} (UNIFORM_REQUIRE_PEERS=true: the peers must run)",
            skip.reason()
        ),
        Err(skip) => {
            skip.record();
            false
        }
    }
}

/// The directory of the fixtures the FTP, HTTP and gopher peers serve,
/// built from `testdata/peers` by `scripts/peers/gen-fixtures.py` (once a
/// process; the script does nothing when they are up to date).
///
/// ```no_run
/// let dir = uniform_testkit::fixtures_dir();
/// assert!(dir.join("anon/pub/hello.txt").is_file());
/// ```
///
/// # Panics
///
/// When the fixtures cannot be built (no python3): a broken checkout.
pub fn fixtures_dir() -> PathBuf {
    static BUILT: OnceLock<Result<PathBuf, String>> = OnceLock::new();
    let built = BUILT.get_or_init(|| {
        let dir = PathBuf::from(setting("UNIFORM_PEERS_FIXTURES"));
        let peers_dir = PathBuf::from(setting("UNIFORM_PEERS_DIR"));
        std::fs::create_dir_all(&peers_dir).map_err(|e| format!("{}: {e}", peers_dir.display()))?;
        let large = std::env::var("UNIFORM_PEERS_LARGE_MIB").unwrap_or_else(|_| "32".into());
        let python = std::env::var("PYTHON").unwrap_or_else(|_| "python3".into());
        // Under ensure.sh's lock: start.sh builds the same tree.
        let out = Command::new("flock")
            .arg("-w")
            .arg("900")
            .arg(peers_dir.join("ensure.lock"))
            .arg(python)
            .arg(repo().join("scripts/peers/gen-fixtures.py"))
            .arg(repo().join("testdata/peers"))
            .arg(&dir)
            .arg(large)
            .output()
            .map_err(|e| format!("flock python3 gen-fixtures.py: {e}"))?;
        if !out.status.success() {
            return Err(format!(
                "gen-fixtures.py failed: {}",
                String::from_utf8_lossy(&out.stderr)
            ));
        }
        Ok(dir)
    });
    match built {
        Ok(dir) => dir.clone(),
        Err(e) => panic!("the peers' fixtures: {e}"),
    }
}

/// A fixture the peers serve: under the generated directory
/// ([`fixtures_dir`]), or committed under `testdata/peers`.
///
/// ```no_run
/// let hello = uniform_testkit::fixture("anon/pub/hello.txt");
/// assert!(!hello.is_empty());
/// ```
///
/// # Panics
///
/// When there is no such fixture.
pub fn fixture(rel: &str) -> Vec<u8> {
    std::fs::read(fixtures_dir().join(rel))
        .or_else(|_| std::fs::read(repo().join("testdata/peers").join(rel)))
        .unwrap_or_else(|e| panic!("fixture {rel}: {e}"))
}
