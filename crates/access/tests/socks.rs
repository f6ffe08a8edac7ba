//! SOCKS5 proxies (RFC 1928, RFC 1929's login) against a real one:
//! microsocks, without a login and with urltest's. FTP (vsftpd), HTTP
//! (nginx) and Gopher (gophernicus) go through it with socks5 (the client
//! resolves) and socks5h (the proxy does), bytes compared with the
//! fixtures. Between the client and microsocks a relay in the test counts
//! the connections, so that a fetch that went direct is not taken for one
//! that went through the proxy. Malformed replies, which no real proxy
//! sends, are tested in socks.rs with scripted proxies.

mod common;

use common::{Opts, fetch};
use common::{fixture, host, peer_up, port, setting};
use std::error::Error;
use std::io::{self, Read, Write};
use std::net::{Shutdown, TcpListener, TcpStream};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use uniform::UrlRef;
use uniform_access::proxy::Proxies;
use uniform_access::{
    AccessError, AccessErrorKind, Fetched, SocksError, SocksErrorKind, Trace, Tracer, Unattended,
};

const SOCKS: &str = "UNIFORM_SOCKS_PORT";
const SOCKS_AUTH: &str = "UNIFORM_SOCKS_AUTH_PORT";

/// A relay on loopback to `to`, counting the connections it carries.
struct Relay {
    port: u16,
    count: Arc<AtomicUsize>,
}

impl Relay {
    fn to(to: u16) -> Relay {
        let l = TcpListener::bind("127.0.0.1:0").unwrap();
        let port = l.local_addr().unwrap().port();
        let count = Arc::new(AtomicUsize::new(0));
        let seen = Arc::clone(&count);
        std::thread::spawn(move || {
            for down in l.incoming() {
                let Ok(down) = down else { return };
                seen.fetch_add(1, Ordering::SeqCst);
                let Ok(up) = TcpStream::connect(("127.0.0.1", to)) else {
                    continue;
                };
                pump(&down, &up);
                pump(&up, &down);
            }
        });
        Relay { port, count }
    }

    fn connections(&self) -> usize {
        self.count.load(Ordering::SeqCst)
    }
}

/// Copies `from` to `to` on a thread of its own until `from` ends or is
/// silent for 30 s, then ends `to`'s writing side.
fn pump(from: &TcpStream, to: &TcpStream) {
    let (Ok(mut from), Ok(mut to)) = (from.try_clone(), to.try_clone()) else {
        return;
    };
    std::thread::spawn(move || {
        let _ = from.set_read_timeout(Some(Duration::from_secs(30)));
        let mut buf = [0u8; 16 * 1024];
        loop {
            match from.read(&mut buf) {
                Ok(0) | Err(_) => break,
                Ok(n) => {
                    if to.write_all(&buf[..n]).is_err() {
                        break;
                    }
                }
            }
        }
        let _ = to.shutdown(Shutdown::Write);
    });
}

/// Options whose connections go through the SOCKS proxy `url`.
fn through(url: &str) -> Opts {
    let mut o = Opts::new();
    o.session.timeouts.connect = Duration::from_secs(5);
    o.session.timeouts.idle = Duration::from_secs(10);
    o.session.timeouts.total = Some(Duration::from_secs(60));
    o.proxies.socks_spec(url).unwrap();
    o
}

fn get(url: &str, o: &Opts) -> Result<Vec<u8>, AccessError> {
    let u = UrlRef::parse(url).unwrap_or_else(|e| panic!("{url}: {e}"));
    let mut out = Vec::new();
    match fetch(&u, o, &mut out, &mut Unattended)? {
        Fetched::Object { bytes } => {
            assert_eq!(bytes, out.len() as u64, "{url}");
            Ok(out)
        }
        other => panic!("{url}: {other:?}"),
    }
}

/// The SOCKS error under an access error, if any.
fn socks_error(e: &AccessError) -> Option<&SocksError> {
    e.source()?
        .downcast_ref::<io::Error>()
        .and_then(SocksError::of)
}

/// The three servers' URLs of binary.bin on `host`, which is `localhost`
/// for socks5h: the proxy resolves the name.
fn objects(host: &str) -> [(&'static str, String); 3] {
    [
        (
            "ftp",
            format!("ftp://{host}:{}/pub/binary.bin", port("UNIFORM_FTP_PORT")),
        ),
        (
            "http",
            format!("http://{host}:{}/pub/binary.bin", port("UNIFORM_HTTP_PORT")),
        ),
        (
            "gopher",
            format!(
                "gopher://{host}:{}/9/binary.bin",
                port("UNIFORM_GOPHER_PORT")
            ),
        ),
    ]
}

fn servers_and(proxy: &str) -> bool {
    peer_up(&["vsftpd", "nginx", "gophernicus", proxy])
}

#[test]
fn ftp_http_and_gopher_come_through_socks5_and_socks5h() {
    if !servers_and("microsocks") {
        return;
    }
    let want = fixture("anon/pub/binary.bin");
    for (version, target) in [("socks5", host()), ("socks5h", "localhost".to_string())] {
        for (what, url) in objects(&target) {
            let relay = Relay::to(port(SOCKS));
            let o = through(&format!("{version}://127.0.0.1:{}", relay.port));
            let got = get(&url, &o).unwrap_or_else(|e| panic!("{version} {url}: {e}"));
            assert!(got == want, "{version} {what}: binary.bin differs");
            // FTP's data connection goes direct until ftp/mod.rs opens it
            // through net::connect_to: at least the control connection
            // went through the proxy.
            assert!(relay.connections() >= 1, "{version} {what} went direct");
        }
    }
}

#[test]
fn ftp_data_connections_go_through_the_proxy_too() {
    if !servers_and("microsocks") {
        return;
    }
    for version in ["socks5", "socks5h"] {
        let relay = Relay::to(port(SOCKS));
        let o = through(&format!("{version}://127.0.0.1:{}", relay.port));
        let url = format!("ftp://localhost:{}/pub/hello.txt", port("UNIFORM_FTP_PORT"));
        assert_eq!(get(&url, &o).unwrap(), fixture("anon/pub/hello.txt"));
        assert_eq!(relay.connections(), 2, "{version}: control and data");
    }
}

#[test]
fn the_login_of_the_proxy_is_sent_and_its_password_never_shown() {
    if !servers_and("microsocks-auth") {
        return;
    }
    let user = setting("UNIFORM_PEER_USER");
    let pw = setting("UNIFORM_PEER_PASSWORD");
    let want = fixture("anon/pub/binary.bin");
    for (version, target) in [("socks5", host()), ("socks5h", "localhost".to_string())] {
        let o = through(&format!(
            "{version}://{user}:{pw}@127.0.0.1:{}",
            port(SOCKS_AUTH)
        ));
        for (what, url) in objects(&target) {
            let got = get(&url, &o).unwrap_or_else(|e| panic!("{version} {url}: {e}"));
            assert!(got == want, "{version} {what}: binary.bin differs");
        }
        assert!(!format!("{o:?}").contains(&pw), "{version}: Debug shows it");
    }
}

#[test]
fn a_wrong_password_is_refused_by_the_proxy() {
    if !servers_and("microsocks-auth") {
        return;
    }
    let user = setting("UNIFORM_PEER_USER");
    let secret = "s3cret-wrong-pw";
    for version in ["socks5", "socks5h"] {
        let o = through(&format!(
            "{version}://{user}:{secret}@127.0.0.1:{}",
            port(SOCKS_AUTH)
        ));
        for (what, url) in objects(&host()) {
            let e = get(&url, &o).unwrap_err();
            let shown = format!("{e} {e:?}");
            assert!(!shown.contains(secret), "{version} {what}: {shown}");
            assert_eq!(e.kind(), AccessErrorKind::Connect, "{version} {what}: {e}");
            let s = socks_error(&e).unwrap_or_else(|| panic!("{what}: {e:?}"));
            assert_eq!((s.kind(), s.exit_code()), (SocksErrorKind::Auth, 97), "{e}");
            assert!(
                e.to_string().contains("refused the user name and password"),
                "{e}"
            );
        }
    }
}

#[test]
fn no_login_to_a_proxy_that_wants_one_is_refused() {
    if !servers_and("microsocks-auth") {
        return;
    }
    let o = through(&format!("socks5h://127.0.0.1:{}", port(SOCKS_AUTH)));
    let url = format!(
        "gopher://{}:{}/9/binary.bin",
        host(),
        port("UNIFORM_GOPHER_PORT")
    );
    let e = get(&url, &o).unwrap_err();
    let s = socks_error(&e).unwrap_or_else(|| panic!("{e:?}"));
    assert_eq!(s.kind(), SocksErrorKind::Auth, "{e}");
    assert!(
        e.to_string()
            .contains("accepts no connection without a login"),
        "{e}"
    );
}

#[test]
fn exit_statuses_are_curls() {
    if !servers_and("microsocks-auth") || !peer_up(&["microsocks"]) {
        return;
    }
    let user = setting("UNIFORM_PEER_USER");
    let gopher = |h: &str, p: u16| format!("gopher://{h}:{p}/9/binary.bin");
    let g = port("UNIFORM_GOPHER_PORT");
    let wrong = through(&format!(
        "socks5h://{user}:wrong@127.0.0.1:{}",
        port(SOCKS_AUTH)
    ));
    assert_eq!(
        get(&gopher(&host(), g), &wrong).unwrap_err().exit_code(),
        97
    );
    let plain = through(&format!("socks5h://127.0.0.1:{}", port(SOCKS)));
    let held = uniform_testkit::ClosedPort::new();
    let closed = held.port();
    assert_eq!(
        get(&gopher(&host(), closed), &plain)
            .unwrap_err()
            .exit_code(),
        97
    );
    let nowhere = through("socks5h://no-such-proxy.invalid");
    assert_eq!(
        get(&gopher(&host(), g), &nowhere).unwrap_err().exit_code(),
        6
    );
}

#[test]
fn a_refused_target_is_a_refused_connection() {
    if !peer_up(&["microsocks"]) {
        return;
    }
    let held = uniform_testkit::ClosedPort::new();
    let closed = held.port();
    for version in ["socks5", "socks5h"] {
        let o = through(&format!("{version}://127.0.0.1:{}", port(SOCKS)));
        for url in [
            format!("gopher://{}:{closed}/9/binary.bin", host()),
            format!("ftp://{}:{closed}/pub/binary.bin", host()),
        ] {
            let e = get(&url, &o).unwrap_err();
            assert_eq!(e.kind(), AccessErrorKind::Connect, "{version} {url}: {e}");
            let io = e
                .source()
                .and_then(|s| s.downcast_ref::<io::Error>())
                .unwrap();
            assert_eq!(io.kind(), io::ErrorKind::ConnectionRefused, "{e}");
            let s = SocksError::of(io).unwrap();
            assert_eq!((s.kind(), s.exit_code()), (SocksErrorKind::Reply(5), 97));
            assert!(
                e.to_string().contains("connection refused (reply 5)"),
                "{e}"
            );
            assert!(
                e.to_string()
                    .contains(&format!("127.0.0.1:{}", port(SOCKS))),
                "{e}"
            );
        }
        let e = get(&format!("http://{}:{closed}/", host()), &o).unwrap_err();
        assert_ne!(e.kind(), AccessErrorKind::Timeout, "{version}: {e}");
    }
}

#[test]
fn a_proxy_where_nothing_listens_is_a_failed_connection() {
    let held = uniform_testkit::ClosedPort::new();
    let o = through(&format!("socks5h://me:s3cret@127.0.0.1:{}", held.port()));
    let e = get("gopher://gopher.example/1/", &o).unwrap_err();
    assert_eq!(
        (e.kind(), e.exit_code()),
        (AccessErrorKind::Connect, 7),
        "{e}"
    );
    assert!(
        e.to_string().contains("no connection to the SOCKS5 proxy"),
        "{e}"
    );
    assert!(!format!("{e} {e:?}").contains("s3cret"));
    let e = get("http://gopher.example/", &o).unwrap_err();
    assert!(!format!("{e} {e:?}").contains("s3cret"));
}

#[test]
fn the_environment_names_the_proxy_and_no_proxy_bypasses_it() {
    if !servers_and("microsocks") {
        return;
    }
    let relay = Relay::to(port(SOCKS));
    let proxy = format!("socks5h://127.0.0.1:{}", relay.port);
    let env = |bypass: &str| {
        let vars = [
            ("all_proxy", proxy.clone()),
            ("no_proxy", bypass.to_string()),
        ];
        let mut o = through(&proxy);
        o.proxies =
            Proxies::from_vars(|k| vars.iter().find(|(n, _)| *n == k).map(|(_, v)| v.clone()))
                .unwrap();
        o
    };
    let want = fixture("anon/pub/binary.bin");
    for (what, url) in objects("localhost") {
        assert!(get(&url, &env("")).unwrap() == want, "{what}");
    }
    let through_proxy = relay.connections();
    assert!(through_proxy >= 3, "{through_proxy} connections");
    for (what, url) in objects("localhost") {
        assert!(get(&url, &env("localhost")).unwrap() == want, "{what}");
    }
    assert_eq!(
        relay.connections(),
        through_proxy,
        "no_proxy was not obeyed"
    );
}

#[test]
fn the_trace_shows_the_handshake_as_curl_does() {
    if !servers_and("microsocks") {
        return;
    }
    let seen = Arc::new(Mutex::new(Vec::new()));
    let keep = Arc::clone(&seen);
    let mut o = through(&format!("socks5h://127.0.0.1:{}", port(SOCKS)));
    o.session.tracer = Some(Tracer::new(move |e: Trace<'_>| {
        keep.lock().unwrap().push(e.to_string())
    }));
    let g = port("UNIFORM_GOPHER_PORT");
    get(&format!("gopher://localhost:{g}/9/binary.bin"), &o).unwrap();
    let lines = seen.lock().unwrap().clone();
    for want in [
        format!("* Connected to 127.0.0.1 (127.0.0.1) port {}", port(SOCKS)),
        format!("* SOCKS5 connect to localhost:{g} (remotely resolved)"),
        "* SOCKS5 request granted.".to_string(),
    ] {
        assert!(lines.contains(&want), "{want:?} not in {lines:#?}");
    }
}
