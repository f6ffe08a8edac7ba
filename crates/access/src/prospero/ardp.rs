//! ARDP version 0, the Asynchronous Reliable Delivery Protocol Prospero
//! runs over UDP: a message is a run of numbered packets, each a header
//! and a piece of the text.
//!
//! | octets | field |
//! |---|---|
//! | 0 | bits 7-6 version (0), bits 5-0 header length; 32 or more: no header (a pre-ARDP text packet) |
//! | 1-2 | connection id |
//! | 3-4 | packet number, from 1 (0: an unsequenced control packet) |
//! | 5-6 | total packets (0: not known yet) |
//! | 7-8 | received through |
//! | 9-10 | wait, in seconds (server to client) |
//! | 11 | flags (0x80: please acknowledge) |
//! | 12 | option (1: cancelled or refused, 4 and 5: redirect, ...) |
//!
//! The header may end after any field; the missing ones take their
//! defaults (packet 1 of 1, nothing received, no wait). Fields are
//! big-endian.
//!
//! The client sends its request with a new connection id, then collects
//! the reply: packets in any order, duplicates dropped, an acknowledgement
//! whenever a packet asks for one (the server sends a window at a time), a
//! retry when nothing arrives in time (the whole request while the server
//! has said nothing, else an acknowledgement of what arrived, so that the
//! server resends the rest), the timer doubling each time, a server's wait
//! honoured. Replies may come from another port of the server's address:
//! the connection id matches them. Packets from any other address, or of
//! another connection, are ignored and counted.
//!
//! [`parse_packet`] and [`Reassembly`] are public so that the fuzz target
//! reaches them; on any input they return a value or an error.

use crate::net::Deadline;
use std::collections::BTreeMap;
use std::fmt;
use std::io;
use std::net::{SocketAddr, UdpSocket};
use std::time::{Duration, Instant};

/// The most text this client puts in one packet (the reference
/// implementation's figure).
pub const MAX_PAYLOAD: usize = 1250;

/// The most packets a reply may have: 2048 packets of 1250 octets is
/// 2.5 MB, far more than any directory.
pub const MAX_PACKETS: u16 = 2048;

/// The most octets of text a reply may hold.
pub const MAX_MESSAGE: usize = 4 * 1024 * 1024;

/// The "please acknowledge" flag (octet 11, bit 7).
pub const FLAG_ACK: u8 = 0x80;

/// What went wrong with ARDP.
///
/// # Example
///
/// ```
/// use uniform_access::prospero::ardp::{ArdpErrorKind, parse_packet};
/// assert_eq!(parse_packet(&[0x04, 0, 1, 0]).unwrap_err().kind(), ArdpErrorKind::Malformed);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ArdpErrorKind {
    /// A packet that cannot be read, or that contradicts the others.
    Malformed,
    /// A reply claiming more packets than [`MAX_PACKETS`].
    TooManyPackets,
    /// A reply longer than [`MAX_MESSAGE`].
    TooLong,
    /// No (complete) reply after the retries.
    Timeout,
    /// The server cancelled or refused the request, or redirected it.
    Refused,
    /// The socket failed.
    Io,
}

/// An ARDP failure, with a message that says what was seen.
///
/// # Example
///
/// ```
/// use uniform_access::prospero::ardp::parse_packet;
/// let e = parse_packet(&[]).unwrap_err();
/// assert!(e.to_string().contains("empty"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ArdpError {
    kind: ArdpErrorKind,
    message: String,
}

impl ArdpError {
    fn new(kind: ArdpErrorKind, message: impl Into<String>) -> ArdpError {
        ArdpError {
            kind,
            message: message.into(),
        }
    }

    /// What kind of failure.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform_access::prospero::ardp::{ArdpErrorKind, parse_packet};
    /// assert_eq!(parse_packet(&[]).unwrap_err().kind(), ArdpErrorKind::Malformed);
    /// ```
    pub fn kind(&self) -> ArdpErrorKind {
        self.kind
    }
}

impl fmt::Display for ArdpError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for ArdpError {}

/// One packet: the header's fields (defaults where the header ends early)
/// and the text.
///
/// # Example
///
/// ```
/// use uniform_access::prospero::ardp::{Packet, parse_packet};
/// let p = Packet::new(7, 2, 3).received_through(1).encode(b"LINK ...");
/// let back = parse_packet(&p)?;
/// assert_eq!((back.connection_id, back.sequence, back.total, back.received_through), (7, 2, 3, 1));
/// assert_eq!(back.text, b"LINK ...");
/// # Ok::<_, uniform_access::prospero::ardp::ArdpError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Packet<'a> {
    /// Connection id (0: none).
    pub connection_id: u16,
    /// Packet number, from 1; 0 for an unsequenced control packet.
    pub sequence: u16,
    /// Packets in the message; 0 while not known.
    pub total: u16,
    /// All packets up to this one have arrived at the sender.
    pub received_through: u16,
    /// Seconds the server asks the client to wait.
    pub wait: u16,
    /// Flags (octet 11); [`FLAG_ACK`] asks for an acknowledgement.
    pub flags: u8,
    /// Option (octet 12): 1 cancel or refused, 4 and 5 redirect, ...
    pub option: u8,
    /// Octets of header; 0 for a pre-ARDP text packet.
    pub header_len: usize,
    /// The text carried.
    pub text: &'a [u8],
}

impl Packet<'static> {
    /// Packet `sequence` of `total` of connection `connection_id`, with
    /// nothing else set (for building packets to send).
    ///
    /// # Example
    ///
    /// ```
    /// use uniform_access::prospero::ardp::Packet;
    /// // The reference client's one-packet request header.
    /// assert_eq!(Packet::new(0x1234, 1, 1).encode(b""), [9, 0x12, 0x34, 0, 1, 0, 1, 0, 0]);
    /// ```
    pub fn new(connection_id: u16, sequence: u16, total: u16) -> Packet<'static> {
        Packet {
            connection_id,
            sequence,
            total,
            received_through: 0,
            wait: 0,
            flags: 0,
            option: 0,
            header_len: 0,
            text: &[],
        }
    }
}

impl<'a> Packet<'a> {
    /// With a received-through field.
    pub fn received_through(mut self, n: u16) -> Packet<'a> {
        self.received_through = n;
        self
    }

    /// With a wait, in seconds.
    pub fn wait(mut self, seconds: u16) -> Packet<'a> {
        self.wait = seconds;
        self
    }

    /// With flags (octet 11).
    pub fn flags(mut self, flags: u8) -> Packet<'a> {
        self.flags = flags;
        self
    }

    /// With an option (octet 12).
    pub fn option(mut self, option: u8) -> Packet<'a> {
        self.option = option;
        self
    }

    /// Whether the sender asks for an acknowledgement.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform_access::prospero::ardp::{FLAG_ACK, Packet, parse_packet};
    /// let d = Packet::new(1, 16, 40).flags(FLAG_ACK).encode(b"...");
    /// assert!(parse_packet(&d)?.ack_requested());
    /// # Ok::<_, uniform_access::prospero::ardp::ArdpError>(())
    /// ```
    pub fn ack_requested(&self) -> bool {
        self.flags & FLAG_ACK != 0
    }

    /// The datagram: a header as long as the fields set need (at least 9
    /// octets), then `text`.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform_access::prospero::ardp::Packet;
    /// // A server's wait: unsequenced, 11 octets, 30 seconds.
    /// assert_eq!(Packet::new(7, 0, 0).wait(30).encode(b""), [11, 0, 7, 0, 0, 0, 0, 0, 0, 0, 30]);
    /// ```
    pub fn encode(&self, text: &[u8]) -> Vec<u8> {
        let len = if self.flags != 0 || self.option != 0 {
            13
        } else if self.wait != 0 {
            11
        } else {
            9
        };
        let mut out = Vec::with_capacity(len + text.len());
        out.push(len as u8);
        for v in [
            self.connection_id,
            self.sequence,
            self.total,
            self.received_through,
            self.wait,
        ] {
            out.extend_from_slice(&v.to_be_bytes());
        }
        out.push(self.flags);
        out.push(self.option);
        out.truncate(len);
        out.extend_from_slice(text);
        out
    }
}

/// Reads one datagram.
///
/// # Errors
///
/// [`ArdpErrorKind::Malformed`]: empty, a header longer than the datagram,
/// or one that ends inside a field.
///
/// # Example
///
/// ```
/// use uniform_access::prospero::ardp::parse_packet;
/// // The reference server's one-packet reply: a 3-octet header.
/// let p = parse_packet(b"\x03\x12\x34SUCCESS\n")?;
/// assert_eq!((p.connection_id, p.sequence, p.total), (0x1234, 1, 1));
/// // A pre-ARDP packet: all text.
/// assert_eq!(parse_packet(b"SUCCESS\n")?.header_len, 0);
/// # Ok::<_, uniform_access::prospero::ardp::ArdpError>(())
/// ```
pub fn parse_packet(d: &[u8]) -> Result<Packet<'_>, ArdpError> {
    let malformed = |m: String| ArdpError::new(ArdpErrorKind::Malformed, m);
    let Some(&b0) = d.first() else {
        return Err(malformed("an empty datagram".into()));
    };
    let mut p = Packet::new(0, 1, 1);
    if b0 >= 32 {
        p.text = d;
        return Ok(p);
    }
    let hl = usize::from(b0 & 0x3F);
    if hl == 0 || hl > d.len() {
        return Err(malformed(format!(
            "a header of {hl} octets in a datagram of {}",
            d.len()
        )));
    }
    if matches!(hl, 2 | 4 | 6 | 8 | 10) {
        return Err(malformed(format!(
            "a header of {hl} octets ends inside a field"
        )));
    }
    let u16_at = |i: usize| u16::from_be_bytes([d[i], d[i + 1]]);
    if hl >= 3 {
        p.connection_id = u16_at(1);
    }
    if hl >= 5 {
        p.sequence = u16_at(3);
    }
    if hl >= 7 {
        p.total = u16_at(5);
    }
    if hl >= 9 {
        p.received_through = u16_at(7);
    }
    if hl >= 11 {
        p.wait = u16_at(9);
    }
    if hl >= 12 {
        p.flags = d[11];
    }
    if hl >= 13 {
        p.option = d[12];
    }
    p.header_len = hl;
    p.text = &d[hl..];
    Ok(p)
}

/// What [`Reassembly::accept`] did with a packet.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Accepted {
    /// A new packet, kept.
    Stored,
    /// A packet already kept.
    Duplicate,
    /// An unsequenced control packet (an acknowledgement, a wait).
    Control,
}

/// The packets of one reply, put in order as they arrive, in bounded
/// memory.
///
/// # Example
///
/// ```
/// use uniform_access::prospero::ardp::{Accepted, Packet, Reassembly, parse_packet};
/// let mut r = Reassembly::default();
/// let p2 = Packet::new(1, 2, 2).encode(b"world\n");
/// let p1 = Packet::new(1, 1, 2).encode(b"hello ");
/// assert_eq!(r.accept(&parse_packet(&p2)?)?, Accepted::Stored);
/// assert_eq!(r.received_through(), 0);
/// r.accept(&parse_packet(&p1)?)?;
/// assert_eq!(r.accept(&parse_packet(&p1)?)?, Accepted::Duplicate);
/// assert!(r.is_complete());
/// assert_eq!(r.into_message(), b"hello world\n");
/// # Ok::<_, uniform_access::prospero::ardp::ArdpError>(())
/// ```
#[derive(Clone, Debug)]
pub struct Reassembly {
    total: u16,
    parts: BTreeMap<u16, Vec<u8>>,
    through: u16,
    bytes: usize,
    max_packets: u16,
    max_message: usize,
}

impl Default for Reassembly {
    fn default() -> Reassembly {
        Reassembly::new(MAX_PACKETS, MAX_MESSAGE)
    }
}

impl Reassembly {
    /// Limits: at most `max_packets` packets, `max_message` octets.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform_access::prospero::ardp::{ArdpErrorKind, Packet, Reassembly, parse_packet};
    /// let mut r = Reassembly::new(4, 1024);
    /// let e = r.accept(&parse_packet(&Packet::new(1, 1, 5).encode(b"x"))?).unwrap_err();
    /// assert_eq!(e.kind(), ArdpErrorKind::TooManyPackets);
    /// # Ok::<_, uniform_access::prospero::ardp::ArdpError>(())
    /// ```
    pub fn new(max_packets: u16, max_message: usize) -> Reassembly {
        Reassembly {
            total: 0,
            parts: BTreeMap::new(),
            through: 0,
            bytes: 0,
            max_packets,
            max_message,
        }
    }

    /// Takes one packet of the reply.
    ///
    /// # Errors
    ///
    /// [`ArdpErrorKind::TooManyPackets`] for a count or number beyond the
    /// limit, [`ArdpErrorKind::TooLong`] past the octet limit,
    /// [`ArdpErrorKind::Malformed`] for a total that changes or a number
    /// beyond the total.
    pub fn accept(&mut self, p: &Packet<'_>) -> Result<Accepted, ArdpError> {
        if p.sequence == 0 {
            return Ok(Accepted::Control);
        }
        let claimed = p.total.max(p.sequence);
        if claimed > self.max_packets {
            return Err(ArdpError::new(
                ArdpErrorKind::TooManyPackets,
                format!(
                    "a reply that claims {claimed} packets, more than the limit of {}",
                    self.max_packets
                ),
            ));
        }
        if p.total != 0 {
            if self.total != 0 && self.total != p.total {
                return Err(ArdpError::new(
                    ArdpErrorKind::Malformed,
                    format!(
                        "a reply whose packet count changes from {} to {}",
                        self.total, p.total
                    ),
                ));
            }
            self.total = p.total;
        }
        if self.total != 0
            && (p.sequence > self.total
                || self
                    .parts
                    .keys()
                    .next_back()
                    .is_some_and(|&k| k > self.total))
        {
            return Err(ArdpError::new(
                ArdpErrorKind::Malformed,
                format!(
                    "packet {} of a reply of {} packets",
                    p.sequence
                        .max(self.parts.keys().next_back().copied().unwrap_or(0)),
                    self.total
                ),
            ));
        }
        if self.parts.contains_key(&p.sequence) {
            return Ok(Accepted::Duplicate);
        }
        self.bytes += p.text.len();
        if self.bytes > self.max_message {
            return Err(ArdpError::new(
                ArdpErrorKind::TooLong,
                format!("a reply of more than {} octets", self.max_message),
            ));
        }
        self.parts.insert(p.sequence, p.text.to_vec());
        while self.parts.contains_key(&(self.through + 1)) {
            self.through += 1;
        }
        Ok(Accepted::Stored)
    }

    /// The highest packet number up to which every packet has arrived.
    pub fn received_through(&self) -> u16 {
        self.through
    }

    /// Whether every packet has arrived.
    pub fn is_complete(&self) -> bool {
        self.total != 0 && self.through == self.total
    }

    /// The text, in packet order.
    pub fn into_message(self) -> Vec<u8> {
        self.parts.into_values().flatten().collect()
    }
}

/// The timing of an exchange.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Timing {
    /// The first retry timer (the reference: 4 s), doubled per timeout.
    pub timer: Duration,
    /// Retries before giving up (the reference: 3).
    pub retries: u32,
    /// The longest wait a server may ask for, per wait packet, and the
    /// longest the doubling timer grows: a wait at the limit, doubled at
    /// each retry, would otherwise last 15 times as long.
    pub max_wait: Duration,
    /// How many wait packets are honoured.
    pub max_waits: u32,
    /// When the whole exchange must be over, waits included: without it
    /// a server sending a wait now and then holds the client forever.
    pub deadline: Deadline,
}

/// Sends `request` to `server` and returns the reply's text.
pub(crate) fn transact(
    server: SocketAddr,
    connection_id: u16,
    request: &[u8],
    t: &Timing,
) -> Result<Vec<u8>, ArdpError> {
    let io_err =
        |doing: &str, e: io::Error| ArdpError::new(ArdpErrorKind::Io, format!("{doing}: {e}"));
    let local: SocketAddr = if server.is_ipv4() {
        ([0, 0, 0, 0], 0).into()
    } else {
        ([0u16; 8], 0).into()
    };
    let sock = UdpSocket::bind(local).map_err(|e| io_err("opening a UDP socket", e))?;
    let chunks: Vec<&[u8]> = if request.is_empty() {
        vec![&[][..]]
    } else {
        request.chunks(MAX_PAYLOAD).collect()
    };
    let total = u16::try_from(chunks.len()).map_err(|_| {
        ArdpError::new(
            ArdpErrorKind::TooLong,
            "a request of more than 65535 packets",
        )
    })?;
    let send_request = |through: u16| -> Result<(), ArdpError> {
        for (i, c) in chunks.iter().enumerate() {
            let p = Packet::new(connection_id, i as u16 + 1, total)
                .received_through(through)
                .encode(c);
            sock.send_to(&p, server)
                .map_err(|e| io_err("sending the request", e))?;
        }
        Ok(())
    };
    let send_ack = |through: u16| -> Result<(), ArdpError> {
        let p = Packet::new(connection_id, 0, 0)
            .received_through(through)
            .encode(&[]);
        sock.send_to(&p, server)
            .map(|_| ())
            .map_err(|e| io_err("sending an acknowledgement", e))
    };

    send_request(0)?;
    let mut r = Reassembly::default();
    let mut heard = false;
    let mut timer = t.timer;
    let mut retries = t.retries;
    let mut waits = 0u32;
    let mut ignored = 0usize;
    let mut last_ignored = String::new();
    let mut due = Instant::now() + timer;
    let mut buf = vec![0u8; 65536];
    loop {
        if t.deadline.passed() {
            return Err(timeout(
                "the request took longer than its limit (2 idle limits, 4 for the whole resolution, or the total limit)",
                ignored,
                &last_ignored,
            ));
        }
        let now = Instant::now();
        if now >= due {
            if retries == 0 {
                let what = if heard {
                    "the reply stayed incomplete"
                } else {
                    "no reply"
                };
                return Err(timeout(
                    &format!("{what} after {} retries", t.retries),
                    ignored,
                    &last_ignored,
                ));
            }
            retries -= 1;
            timer = timer.saturating_mul(2).min(t.max_wait.max(t.timer));
            due = now + timer;
            if heard {
                send_ack(r.received_through())?
            } else {
                send_request(r.received_through())?
            }
            continue;
        }
        let left = t.deadline.clamp(due - now).max(Duration::from_millis(1));
        sock.set_read_timeout(Some(left))
            .map_err(|e| io_err("waiting for the reply", e))?;
        let (n, from) = match sock.recv_from(&mut buf) {
            Ok(got) => got,
            Err(e)
                if matches!(
                    e.kind(),
                    io::ErrorKind::WouldBlock
                        | io::ErrorKind::TimedOut
                        | io::ErrorKind::Interrupted
                ) =>
            {
                continue;
            }
            // An ICMP port unreachable shows on the next receive: the
            // server is not there, but a retry costs nothing.
            Err(e) if e.kind() == io::ErrorKind::ConnectionRefused => {
                last_ignored = "the port is closed (ICMP port unreachable)".into();
                continue;
            }
            Err(e) => return Err(io_err("reading the reply", e)),
        };
        if from.ip() != server.ip() {
            ignored += 1;
            last_ignored = format!("a packet from {from}, not the server");
            continue;
        }
        let p = match parse_packet(&buf[..n]) {
            Ok(p) => p,
            Err(e) => {
                ignored += 1;
                last_ignored = format!("an unreadable packet from {from} ({e})");
                continue;
            }
        };
        if p.header_len == 0 {
            // A pre-ARDP reply has no connection id: only the server's own
            // address is believed.
            if from != server {
                ignored += 1;
                last_ignored = format!("a packet without ARDP header from {from}");
                continue;
            }
            return Ok(p.text.to_vec());
        }
        if p.connection_id != connection_id && !(p.connection_id == 0 && from == server) {
            ignored += 1;
            last_ignored = format!("a packet of connection {} from {from}", p.connection_id);
            continue;
        }
        heard = true;
        if p.sequence == 0 {
            match p.option {
                1 => {
                    return Err(ArdpError::new(
                        ArdpErrorKind::Refused,
                        "the server cancelled the request (ARDP option 1)",
                    ));
                }
                4 | 5 => {
                    return Err(ArdpError::new(
                        ArdpErrorKind::Refused,
                        "the server redirects the request to another server (ARDP option 4 or 5), which this client does not follow",
                    ));
                }
                _ => {}
            }
            if p.wait > 0 {
                waits += 1;
                if waits > t.max_waits {
                    return Err(timeout(
                        &format!("the server asked to wait {waits} times"),
                        ignored,
                        &last_ignored,
                    ));
                }
                timer = t
                    .timer
                    .max(Duration::from_secs(u64::from(p.wait)).min(t.max_wait));
                retries = t.retries;
                due = Instant::now() + timer;
            }
            continue;
        }
        match r.accept(&p)? {
            Accepted::Stored => {
                timer = t.timer;
                retries = t.retries;
                due = Instant::now() + timer;
            }
            Accepted::Duplicate | Accepted::Control => {}
        }
        if p.ack_requested() {
            send_ack(r.received_through())?;
        }
        if r.is_complete() {
            return Ok(r.into_message());
        }
    }
}

fn timeout(what: &str, ignored: usize, last: &str) -> ArdpError {
    let mut m = what.to_string();
    if ignored > 0 {
        m.push_str(&format!("; {ignored} packets ignored, the last: {last}"));
    } else if !last.is_empty() {
        m.push_str(&format!("; {last}"));
    }
    ArdpError::new(ArdpErrorKind::Timeout, m)
}

/// A connection id for a new request: non-zero, and not guessable from
/// outside the process (std's randomly keyed hasher).
pub(crate) fn connection_id() -> u16 {
    use std::hash::{BuildHasher, Hasher};
    let mut h = std::collections::hash_map::RandomState::new().build_hasher();
    h.write_u128(Instant::now().elapsed().as_nanos());
    let v = (h.finish() & 0xFFFF) as u16;
    if v == 0 { 1 } else { v }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn headers_of_every_length() {
        let full = Packet::new(0xABCD, 3, 9)
            .received_through(2)
            .wait(5)
            .flags(FLAG_ACK)
            .option(1)
            .encode(b"t");
        assert_eq!(full.len(), 14);
        for hl in [1usize, 3, 5, 7, 9, 11, 12, 13] {
            let mut d = full[..hl].to_vec();
            d[0] = hl as u8;
            d.extend_from_slice(b"x");
            let p = parse_packet(&d).unwrap();
            assert_eq!(p.header_len, hl);
            assert_eq!(p.text, b"x");
            assert_eq!(p.connection_id, if hl >= 3 { 0xABCD } else { 0 });
            assert_eq!(p.sequence, if hl >= 5 { 3 } else { 1 });
            assert_eq!(p.total, if hl >= 7 { 9 } else { 1 });
        }
        for hl in [2u8, 4, 6, 8, 10] {
            assert!(parse_packet(&[hl; 16]).is_err());
        }
        // A header longer than the datagram.
        assert!(parse_packet(&[20, 0, 0]).is_err());
    }

    #[test]
    fn a_huge_packet_count_is_refused_at_once() {
        let mut r = Reassembly::default();
        let p = Packet::new(1, 1, 65535).encode(b"x");
        let e = r.accept(&parse_packet(&p).unwrap()).unwrap_err();
        assert_eq!(e.kind(), ArdpErrorKind::TooManyPackets);
        let p = Packet::new(1, 60000, 0).encode(b"x");
        assert_eq!(
            r.accept(&parse_packet(&p).unwrap()).unwrap_err().kind(),
            ArdpErrorKind::TooManyPackets
        );
    }

    #[test]
    fn inconsistent_counts_and_sizes_are_refused() {
        let mut r = Reassembly::default();
        r.accept(&parse_packet(&Packet::new(1, 1, 3).encode(b"a")).unwrap())
            .unwrap();
        let e = r
            .accept(&parse_packet(&Packet::new(1, 2, 4).encode(b"b")).unwrap())
            .unwrap_err();
        assert_eq!(e.kind(), ArdpErrorKind::Malformed);
        let e = r
            .accept(&parse_packet(&Packet::new(1, 5, 0).encode(b"b")).unwrap())
            .unwrap_err();
        assert_eq!(e.kind(), ArdpErrorKind::Malformed);
        // Unknown total first, then packets beyond the total that comes.
        let mut r = Reassembly::default();
        r.accept(&parse_packet(&Packet::new(1, 7, 0).encode(b"a")).unwrap())
            .unwrap();
        assert!(
            r.accept(&parse_packet(&Packet::new(1, 1, 3).encode(b"a")).unwrap())
                .is_err()
        );
        let mut small = Reassembly::new(100, 10);
        small
            .accept(&parse_packet(&Packet::new(1, 1, 0).encode(b"123456")).unwrap())
            .unwrap();
        let e = small
            .accept(&parse_packet(&Packet::new(1, 2, 0).encode(b"123456")).unwrap())
            .unwrap_err();
        assert_eq!(e.kind(), ArdpErrorKind::TooLong);
    }

    #[test]
    fn connection_ids_are_never_zero() {
        assert!((0..100).all(|_| connection_id() != 0));
    }
}
