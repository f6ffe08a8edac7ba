//! Any bytes as Prospero replies: the ARDP packet reader, the reassembly
//! of a reply and the version 5 reply parser of `uniform_access::prospero`
//! never panic and stay within their limits.
//!
//! - The input is read as datagrams, each after a 2-octet length: every
//!   packet's header and text add up to the datagram, and the reassembly
//!   never holds more packets or octets than its limits.
//! - A completed reply, and the input itself, go through `parse_reply`.
//! - `tokens(quote(t))` is `[t]` for any octets `t`: the quoting this
//!   client sends reads back as it was.
#![no_main]

use libfuzzer_sys::fuzz_target;
use uniform_access::prospero::ardp::{Reassembly, parse_packet};
use uniform_access::prospero::text::{parse_reply, quote, tokens};

const MAX_PACKETS: u16 = 64;
const MAX_MESSAGE: usize = 1 << 14;

fuzz_target!(|data: &[u8]| {
    let mut r = Reassembly::new(MAX_PACKETS, MAX_MESSAGE);
    let mut rest = data;
    while rest.len() >= 2 {
        let len = usize::from(u16::from_be_bytes([rest[0], rest[1]])) % 2048;
        let d = &rest[2..];
        let d = &d[..len.min(d.len())];
        rest = &rest[2 + d.len()..];
        let Ok(p) = parse_packet(d) else { continue };
        assert_eq!(p.header_len + p.text.len(), d.len());
        if r.accept(&p).is_err() {
            break;
        }
        assert!(r.received_through() <= MAX_PACKETS);
    }
    if r.is_complete() {
        let m = r.into_message();
        assert!(m.len() <= MAX_MESSAGE);
        let _ = format!("{:?}", parse_reply(&m));
    }
    let _ = format!("{:?}", parse_reply(data));
    for t in data.split(|&b| b == 0).take(4) {
        assert_eq!(tokens(&quote(t)).unwrap(), vec![t.to_vec()]);
    }
});
