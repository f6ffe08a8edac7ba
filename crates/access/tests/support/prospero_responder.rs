//! A small Prospero version 5 server over ARDP version 0, for the tests
//! only: no Prospero server exists in any package registry.
//!
//! It serves a table of objects (with access methods), directories (LINK
//! and ATTRIBUTE lines) and forwards, from one thread on a loopback UDP
//! port, the way the reference server behaves (prospero-notes.md section
//! 1): requests reassembled by (peer, connection id); replies split on line
//! boundaries into packets, sent a window at a time, the window's last
//! packet and the message's last asking for an acknowledgement; an
//! acknowledgement or a repeated request resends what follows the
//! received-through it carries; finished replies kept for that.
//!
//! Its header reading and writing are written here, not taken from the
//! client, so that a fault in one is not hidden by the same fault in the
//! other.
//!
//! [`Faults`] are the knobs: drop, duplicate or reorder reply packet N
//! (each once), lose the first N requests, send a wait, reply from another
//! port or another address, never answer, claim a huge packet count.
#![allow(dead_code)]

use std::collections::HashMap;
use std::net::{SocketAddr, UdpSocket};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

/// What the server knows of one hsoname.
#[derive(Clone, Debug)]
pub enum Object {
    /// An object with these access methods: each the tokens of one
    /// ACCESS-METHOD value, as they go on the line (already quoted).
    Access(Vec<String>),
    /// A directory: its reply lines (LINK and ATTRIBUTE), as they go.
    Directory(Vec<String>),
    /// FORWARDED to `host` (may end `(port)`; `{port}` is the responder's
    /// own) and `hsoname`.
    Forward { host: String, hsoname: String },
}

/// The faults to inject.
#[derive(Clone, Debug, Default)]
pub struct Faults {
    /// Reply packets not sent the first time.
    pub drop: Vec<u16>,
    /// Reply packets sent twice the first time.
    pub duplicate: Vec<u16>,
    /// Reply packet N sent after packet N+1 the first time.
    pub reorder: Vec<u16>,
    /// Requests (whole) ignored before one is answered.
    pub lose_requests: usize,
    /// A wait packet of this many seconds first, then the reply after
    /// `wait_for`.
    pub wait: Option<u16>,
    /// How long the reply is held after the wait packet.
    pub wait_for: Duration,
    /// Replies sent from another port of the same address.
    pub other_port: bool,
    /// Replies sent from another address (127.0.0.2).
    pub other_peer: bool,
    /// Nothing is ever answered.
    pub silent: bool,
    /// Every reply packet claims this total instead of the true one.
    pub claim_total: Option<u16>,
    /// Text octets per reply packet (default 1250).
    pub payload: Option<usize>,
    /// Packets per window (default 16).
    pub window: Option<u16>,
    /// Every request (and every retry of it) answered with a wait packet
    /// of this many seconds only, never with the reply.
    pub stall: Option<u16>,
    /// How many such wait packets are sent before silence (0: no limit).
    pub stall_waits: usize,
}

/// A running responder. Dropping it stops the thread.
pub struct Responder {
    /// Its UDP port on 127.0.0.1.
    pub port: u16,
    requests: Arc<Mutex<Vec<String>>>,
    stop: Arc<AtomicBool>,
    thread: Option<JoinHandle<()>>,
}

impl Responder {
    /// Starts serving `table` with `faults`.
    pub fn start(table: Vec<(&str, Object)>, faults: Faults) -> Responder {
        let sock = UdpSocket::bind("127.0.0.1:0").expect("a loopback UDP port");
        sock.set_read_timeout(Some(Duration::from_millis(20)))
            .unwrap();
        let port = sock.local_addr().unwrap().port();
        let out = if faults.other_peer {
            UdpSocket::bind("127.0.0.2:0").expect("127.0.0.2 is loopback too")
        } else if faults.other_port {
            UdpSocket::bind("127.0.0.1:0").unwrap()
        } else {
            sock.try_clone().unwrap()
        };
        let requests = Arc::new(Mutex::new(Vec::new()));
        let stop = Arc::new(AtomicBool::new(false));
        let mut state = State {
            port,
            sock,
            out,
            table: table
                .into_iter()
                .map(|(k, v)| (k.as_bytes().to_vec(), v))
                .collect(),
            faults,
            incoming: HashMap::new(),
            done: HashMap::new(),
            sent_once: Vec::new(),
            stalled: 0,
            requests: requests.clone(),
        };
        let stop2 = stop.clone();
        let thread = std::thread::spawn(move || {
            let mut buf = vec![0u8; 65536];
            while !stop2.load(Ordering::Relaxed) {
                if let Ok((n, from)) = state.sock.recv_from(&mut buf) {
                    let d = buf[..n].to_vec();
                    state.packet(&d, from);
                }
            }
        });
        Responder {
            port,
            requests,
            stop,
            thread: Some(thread),
        }
    }

    /// The request messages answered so far (text as received).
    pub fn requests(&self) -> Vec<String> {
        self.requests.lock().unwrap().clone()
    }
}

impl Drop for Responder {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

/// A header's fields, as far as the header goes.
struct Head {
    cid: u16,
    seq: u16,
    total: u16,
    rt: u16,
    hl: usize,
}

fn read_head(d: &[u8]) -> Option<Head> {
    let hl = usize::from(*d.first()? & 0x3F);
    if *d.first()? >= 32 || hl == 0 || hl > d.len() {
        return None;
    }
    let f = |i: usize, def: u16| {
        if hl >= i + 2 {
            u16::from_be_bytes([d[i], d[i + 1]])
        } else {
            def
        }
    };
    Some(Head {
        cid: f(1, 0),
        seq: f(3, 1),
        total: f(5, 1),
        rt: f(7, 0),
        hl,
    })
}

fn header(cid: u16, seq: u16, total: u16, flags: u8, wait: u16) -> Vec<u8> {
    let mut h = vec![13];
    for v in [cid, seq, total, 0, wait] {
        h.extend_from_slice(&v.to_be_bytes());
    }
    h.push(flags);
    h.push(0);
    h
}

/// The reference server's wait: an unsequenced 11-octet header, ending
/// after the wait field.
fn wait_packet(cid: u16, seconds: u16) -> Vec<u8> {
    let mut wait = header(cid, 0, 0, 0, seconds);
    wait.truncate(11);
    wait[0] = 11;
    wait
}

/// A request's total and the packets of it that arrived.
type Partial = (u16, HashMap<u16, Vec<u8>>);

struct State {
    port: u16,
    sock: UdpSocket,
    out: UdpSocket,
    table: HashMap<Vec<u8>, Object>,
    faults: Faults,
    /// Requests being reassembled: (peer, cid) -> (total, packets).
    incoming: HashMap<(SocketAddr, u16), Partial>,
    /// Finished replies: (peer, cid) -> packets' texts.
    done: HashMap<(SocketAddr, u16), Vec<Vec<u8>>>,
    /// (packet number) faults already applied.
    sent_once: Vec<u16>,
    /// Wait packets sent by the `stall` fault.
    stalled: usize,
    requests: Arc<Mutex<Vec<String>>>,
}

impl State {
    fn packet(&mut self, d: &[u8], from: SocketAddr) {
        if self.faults.silent {
            return;
        }
        let Some(h) = read_head(d) else { return };
        let key = (from, h.cid);
        if let Some(w) = self.faults.stall {
            if self.faults.stall_waits > 0 && self.stalled >= self.faults.stall_waits {
                return;
            }
            self.stalled += 1;
            self.requests
                .lock()
                .unwrap()
                .push(String::from_utf8_lossy(&d[h.hl..]).into_owned());
            let _ = self.out.send_to(&wait_packet(h.cid, w), from);
            return;
        }
        if h.seq == 0 {
            // An acknowledgement: send what follows it.
            if self.done.contains_key(&key) {
                self.send_window(key, h.rt);
            }
            return;
        }
        if self.done.contains_key(&key) {
            // A repeated request: the reply was lost in part.
            self.send_window(key, h.rt);
            return;
        }
        let entry = self
            .incoming
            .entry(key)
            .or_insert((h.total, HashMap::new()));
        entry.1.insert(h.seq, d[h.hl..].to_vec());
        if (entry.1.len() as u16) < entry.0.max(1) {
            return;
        }
        let (_, parts) = self.incoming.remove(&key).unwrap();
        let mut nums: Vec<_> = parts.keys().copied().collect();
        nums.sort();
        let text: Vec<u8> = nums.iter().flat_map(|n| parts[n].clone()).collect();
        if self.faults.lose_requests > 0 {
            self.faults.lose_requests -= 1;
            return;
        }
        let text = String::from_utf8_lossy(&text).into_owned();
        self.requests.lock().unwrap().push(text.clone());
        let reply = self.answer(&text);
        self.done
            .insert(key, split(&reply, self.faults.payload.unwrap_or(1250)));
        if let Some(w) = self.faults.wait {
            let _ = self.out.send_to(&wait_packet(h.cid, w), from);
            std::thread::sleep(self.faults.wait_for);
        }
        self.send_window(key, 0);
    }

    /// Packets `after+1 ..` of the reply, one window, with the faults.
    fn send_window(&mut self, key: (SocketAddr, u16), after: u16) {
        let Some(packets) = self.done.get(&key) else {
            return;
        };
        let total = packets.len() as u16;
        let window = self.faults.window.unwrap_or(16);
        let first = after + 1;
        let last = (after + window).min(total);
        let mut order: Vec<u16> = (first..=last).collect();
        for &n in &self.faults.reorder {
            if !self.sent_once.contains(&(1000 + n))
                && let Some(i) = order.iter().position(|&x| x == n)
                && i + 1 < order.len()
            {
                order.swap(i, i + 1);
                self.sent_once.push(1000 + n);
            }
        }
        let mut datagrams = Vec::new();
        for n in order {
            let flags = if n == last { 0x80 } else { 0 };
            let claimed = self.faults.claim_total.unwrap_or(total);
            let mut d = header(key.1, n, claimed, flags, 0);
            d.extend_from_slice(&packets[usize::from(n) - 1]);
            if self.faults.drop.contains(&n) && !self.sent_once.contains(&n) {
                self.sent_once.push(n);
                continue;
            }
            datagrams.push(d.clone());
            if self.faults.duplicate.contains(&n) && !self.sent_once.contains(&(2000 + n)) {
                self.sent_once.push(2000 + n);
                datagrams.push(d);
            }
        }
        for d in datagrams {
            let _ = self.out.send_to(&d, key.0);
        }
    }

    /// The reply to a request message.
    fn answer(&self, request: &str) -> String {
        let mut out = String::new();
        let mut dir: Option<Vec<u8>> = None;
        for line in request.lines() {
            let t = tokens(line);
            let Some(kw) = t.first() else { continue };
            match kw.as_slice() {
                b"VERSION" => {
                    if t.get(1).map(Vec::as_slice) != Some(b"5") {
                        return "VERSION-NOT-SUPPORTED TRY 5\n".into();
                    }
                }
                b"AUTHENTICATE" => {}
                b"GET-OBJECT-INFO" => {
                    let name = t.get(3).cloned().unwrap_or_default();
                    match self.table.get(&name) {
                        Some(Object::Access(methods)) => {
                            for m in methods {
                                out.push_str(&format!(
                                    "ATTRIBUTE OBJECT INTRINSIC ACCESS-METHOD {m}\n"
                                ));
                            }
                        }
                        Some(Object::Directory(_)) => out.push_str("NONE-FOUND\n"),
                        Some(Object::Forward { host, hsoname }) => {
                            out.push_str(&forwarded(host, hsoname, self.port))
                        }
                        None => out.push_str("FAILURE NOT-FOUND OBJECT\n"),
                    }
                }
                b"DIRECTORY" => dir = t.get(2).cloned(),
                b"LIST" => {
                    let name = dir.take().unwrap_or_default();
                    match self.table.get(&name) {
                        Some(Object::Directory(lines)) => {
                            for l in lines {
                                out.push_str(l);
                                out.push('\n');
                            }
                            if lines.is_empty() {
                                out.push_str("NONE-FOUND\n");
                            }
                        }
                        Some(Object::Forward { host, hsoname }) => {
                            out.push_str(&forwarded(host, hsoname, self.port))
                        }
                        Some(Object::Access(_)) => out.push_str("FAILURE NOT-A-DIRECTORY\n"),
                        None => out.push_str("FAILURE NOT-FOUND DIRECTORY\n"),
                    }
                }
                _ => out.push_str("ERROR unknown command\n"),
            }
        }
        out
    }
}

fn forwarded(host: &str, hsoname: &str, own_port: u16) -> String {
    let host = host.replace("{port}", &own_port.to_string());
    format!("FORWARDED INTERNET-D {host} ASCII '{hsoname}' 0\n")
}

/// Splits a reply on line boundaries into packets of at most `payload`
/// octets (a longer line is a packet of its own).
fn split(reply: &str, payload: usize) -> Vec<Vec<u8>> {
    let mut packets: Vec<Vec<u8>> = Vec::new();
    let mut cur = Vec::new();
    for line in reply.split_inclusive('\n') {
        if !cur.is_empty() && cur.len() + line.len() > payload {
            packets.push(std::mem::take(&mut cur));
        }
        cur.extend_from_slice(line.as_bytes());
    }
    if !cur.is_empty() || packets.is_empty() {
        packets.push(cur);
    }
    packets
}

/// Tokens with `'` quoting (the server's own reading).
fn tokens(line: &str) -> Vec<Vec<u8>> {
    let mut out = Vec::new();
    let b = line.as_bytes();
    let mut i = 0;
    while i < b.len() {
        if b[i] == b' ' || b[i] == b'\t' {
            i += 1;
            continue;
        }
        let mut tok = Vec::new();
        let mut q = false;
        while i < b.len() && (q || (b[i] != b' ' && b[i] != b'\t')) {
            if b[i] == b'\'' {
                if q && b.get(i + 1) == Some(&b'\'') {
                    tok.push(b'\'');
                    i += 2;
                    continue;
                }
                q = !q;
                i += 1;
                continue;
            }
            tok.push(b[i]);
            i += 1;
        }
        out.push(tok);
    }
    out
}
