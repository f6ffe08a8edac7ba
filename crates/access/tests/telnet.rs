//! Telnet sessions against the real inetutils telnetd: the scripted peer
//! (banner, one line echoed) and a real login. The user's side is a
//! reader and a writer driven by the test, so no terminal is needed;
//! input is sent only once the prompt it answers has appeared.

mod common;

use common::{Opts, fetch};
use common::{host, peer_up, port, setting};
use std::io::{self, IsTerminal, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::sync::mpsc::{Receiver, Sender, channel};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};
use uniform::UrlRef;
use uniform_access::{AccessErrorKind, ESCAPE_KEY, Interaction, SessionEnd, TelnetSession};

/// The user's keyboard: what the test sends.
struct Keys(Receiver<Vec<u8>>, Vec<u8>);

impl Read for Keys {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if self.1.is_empty() {
            match self.0.recv() {
                Ok(v) => self.1 = v,
                Err(_) => return Ok(0),
            }
        }
        let n = buf.len().min(self.1.len());
        buf[..n].copy_from_slice(&self.1[..n]);
        self.1.drain(..n);
        Ok(n)
    }
}

/// The user's screen: what the session wrote.
#[derive(Clone, Default)]
struct Screen(Arc<Mutex<Vec<u8>>>);

impl Write for Screen {
    fn write(&mut self, b: &[u8]) -> io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(b);
        Ok(b.len())
    }
    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

impl Screen {
    fn text(&self) -> String {
        String::from_utf8_lossy(&self.0.lock().unwrap()).into_owned()
    }

    /// Waits until the screen holds `what` after octet `from`; returns the
    /// end of that match.
    fn wait_for(&self, what: &str, from: usize) -> usize {
        let until = Instant::now() + Duration::from_secs(20);
        loop {
            let t = self.text();
            if let Some(p) = t.get(from..).and_then(|rest| rest.find(what)) {
                return from + p + what.len();
            }
            assert!(Instant::now() < until, "no {what:?} on the screen: {t:?}");
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

/// A session on `conn` in its own thread: the keys to type and the screen.
fn start(
    session: TelnetSession,
    conn: TcpStream,
) -> (Sender<Vec<u8>>, Screen, JoinHandle<io::Result<SessionEnd>>) {
    let (tx, rx) = channel();
    let screen = Screen::default();
    let mut out = screen.clone();
    let h = std::thread::spawn(move || session.run(conn, Keys(rx, Vec::new()), &mut out));
    (tx, screen, h)
}

fn connect(setting: &str) -> TcpStream {
    let c = TcpStream::connect((host().as_str(), port(setting))).unwrap();
    c.set_read_timeout(Some(Duration::from_secs(20))).unwrap();
    c
}

fn join(h: JoinHandle<io::Result<SessionEnd>>) -> SessionEnd {
    let until = Instant::now() + Duration::from_secs(20);
    while !h.is_finished() {
        assert!(Instant::now() < until, "the session did not end");
        std::thread::sleep(Duration::from_millis(20));
    }
    h.join().unwrap().unwrap()
}

#[test]
fn the_scripted_session_echoes_a_line() {
    if !peer_up(&["telnetd-script"]) {
        return;
    }
    let (keys, screen, h) = start(TelnetSession::new(), connect("UNIFORM_TELNET_SCRIPT_PORT"));
    screen.wait_for("Type a line: ", 0);
    // An octet 0xFF travels as IAC IAC; the script sees it as data.
    keys.send(b"hello uniform\n".to_vec()).unwrap();
    assert_eq!(join(h), SessionEnd::Closed);
    assert_eq!(
        screen.text(),
        "Uniform telnet test session\nType a line: \nYou typed: hello uniform\nBye.\n"
    );
}

#[test]
fn the_scripted_session_as_a_terminal_sees_it() {
    if !peer_up(&["telnetd-script"]) {
        return;
    }
    // Raw terminal: the server's CR LF untouched; Enter is CR.
    let s = TelnetSession::new()
        .local_line_ends(false)
        .escape(Some(ESCAPE_KEY));
    let (keys, screen, h) = start(s, connect("UNIFORM_TELNET_SCRIPT_PORT"));
    screen.wait_for("Type a line: ", 0);
    keys.send(b"typed\r".to_vec()).unwrap();
    assert_eq!(join(h), SessionEnd::Closed);
    assert_eq!(
        screen.text(),
        "Uniform telnet test session\r\nType a line: \r\nYou typed: typed\r\nBye.\r\n"
    );
}

#[test]
fn the_escape_key_ends_the_session() {
    if !peer_up(&["telnetd-script"]) {
        return;
    }
    let s = TelnetSession::new().escape(Some(ESCAPE_KEY));
    let (keys, screen, h) = start(s, connect("UNIFORM_TELNET_SCRIPT_PORT"));
    screen.wait_for("Type a line: ", 0);
    keys.send(vec![ESCAPE_KEY]).unwrap();
    assert_eq!(join(h), SessionEnd::Escaped);
    assert!(!screen.text().contains("You typed"));
}

#[test]
fn a_real_login_runs_a_command() {
    if !peer_up(&["telnetd"]) {
        return;
    }
    let (keys, screen, h) = start(TelnetSession::new(), connect("UNIFORM_TELNET_PORT"));
    let at = screen.wait_for("login: ", 0);
    keys.send(format!("{}\n", setting("UNIFORM_PEER_USER")).into_bytes())
        .unwrap();
    // PAM flushes what is typed ahead: the password waits for its prompt.
    let at = screen.wait_for("Password:", at);
    keys.send(format!("{}\n", setting("UNIFORM_PEER_PASSWORD")).into_bytes())
        .unwrap();
    let at = screen.wait_for("$ ", at);
    keys.send(b"echo hel''lo from bash\n".to_vec()).unwrap();
    // The shell's answer on a line of its own (the command line itself,
    // echoed, has the quotes).
    let at = screen.wait_for("\nhello from bash\n", at);
    keys.send(b"exit\n".to_vec()).unwrap();
    assert_eq!(join(h), SessionEnd::Closed);
    let text = screen.text();
    assert!(
        !text.contains(&setting("UNIFORM_PEER_PASSWORD")),
        "the server echoed the password: {text:?}"
    );
    assert!(
        !text.contains('\u{FFFD}') && !text.contains('\r'),
        "IAC sequences or CRs left in the output: {text:?}"
    );
    assert!(at <= text.len());
}

#[test]
fn a_hostile_subnegotiation_ends_the_session() {
    let l = TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = l.local_addr().unwrap();
    std::thread::spawn(move || {
        let (mut s, _) = l.accept().unwrap();
        let _ = s.write_all(b"before\r\n\xff\xfa\x18");
        let junk = [b'x'; 8192];
        for _ in 0..16 {
            if s.write_all(&junk).is_err() {
                break;
            }
        }
    });
    let (_keys, screen, h) = start(TelnetSession::new(), TcpStream::connect(addr).unwrap());
    let e = h.join().unwrap().unwrap_err();
    assert_eq!(e.kind(), io::ErrorKind::InvalidData);
    assert_eq!(screen.text(), "before\n");
}

#[test]
fn user_octets_are_escaped_on_the_wire() {
    let l = TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = l.local_addr().unwrap();
    let server = std::thread::spawn(move || {
        let (mut s, _) = l.accept().unwrap();
        let mut got = Vec::new();
        s.read_to_end(&mut got).unwrap();
        got
    });
    let (keys, _screen, h) = start(
        TelnetSession::new().linger(Duration::from_millis(200)),
        TcpStream::connect(addr).unwrap(),
    );
    keys.send(b"a\xffb\n".to_vec()).unwrap();
    drop(keys);
    // The input ended, the server stayed silent: the session ends.
    assert_eq!(join(h), SessionEnd::InputEnded);
    assert_eq!(server.join().unwrap(), b"a\xff\xffb\r\n");
}

/// Records the advice of a fetch.
#[derive(Default)]
struct Advised(Vec<String>);

impl Interaction for Advised {
    fn advise(&mut self, text: &str) {
        self.0.push(text.to_string());
    }
}

#[test]
fn rlogin_and_tn3270_are_refused_before_connecting() {
    for url in ["rlogin://user@127.0.0.1:2323/", "tn3270://127.0.0.1:2323/"] {
        let url = UrlRef::parse(url).unwrap();
        let mut ui = Advised::default();
        let e = fetch(&url, &Opts::new(), &mut Vec::new(), &mut ui).unwrap_err();
        assert_eq!(e.kind(), AccessErrorKind::Unsupported, "{e}");
        assert!(ui.0.is_empty());
    }
}

#[test]
fn the_advice_comes_first_and_the_password_is_never_sent() {
    // fetch() uses this process's standard input and output: on a terminal
    // that would be an interactive session.
    if io::stdin().is_terminal() {
        uniform_testkit::Skip::new(
            "standard input is a terminal: fetch would start a session on it",
        )
        .record();
        return;
    }
    // A server that asks for the terminal type, closes its side once the
    // answer has come, and records all the client sends until it closes
    // too: whatever the client would send after its answer is seen.
    let l = TcpListener::bind("127.0.0.1:0").unwrap();
    let p = l.local_addr().unwrap().port();
    let server = std::thread::spawn(move || {
        let (mut s, _) = l.accept().unwrap();
        s.write_all(b"\xff\xfd\x18").unwrap();
        // Bounds a client that never answers.
        s.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
        let mut got = Vec::new();
        let mut buf = [0u8; 256];
        while got.len() < 3 {
            match s.read(&mut buf) {
                Ok(0) | Err(_) => break,
                Ok(n) => got.extend_from_slice(&buf[..n]),
            }
        }
        let _ = s.shutdown(std::net::Shutdown::Write);
        let _ = s.read_to_end(&mut got);
        got
    });
    let text = format!("telnet://guest:s3cret@127.0.0.1:{p}/");
    let url = UrlRef::parse(&text).unwrap();
    let mut ui = Advised::default();
    let r = fetch(&url, &Opts::new(), &mut Vec::new(), &mut ui);
    assert!(r.is_ok(), "{r:?}");
    assert_eq!(
        ui.0.first()
            .map(|a| a.starts_with("log in as \"guest\" with password \"****\"")),
        Some(true),
        "{:?}",
        ui.0
    );
    // Issue 6: credentials never appear in logs unless asked for.
    assert!(!ui.0.iter().any(|a| a.contains("s3cret")), "{:?}", ui.0);
    let got = server.join().unwrap();
    // Only the refusal of TTYPE: no user name, no password.
    assert_eq!(got, b"\xff\xfc\x18");
}
