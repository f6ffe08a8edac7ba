//! Any bytes as a Z39.50 reply: the BER framer and the APDU decoder of
//! `uniform_access::wais::ber` never panic, and agree with each other.
//!
//! - `frame_len` never points past its input; the frame it finds frames
//!   the same way on its own, and a prefix of it needs more octets.
//! - `decode` returns a PDU or an error on any input, and on the frame's
//!   octets alone gives what it gives on the same octets followed by
//!   nothing.
#![no_main]

use libfuzzer_sys::fuzz_target;
use uniform_access::wais::ber::{decode, frame_len};

/// A small limit, so that the "too large" paths are reached too.
const LIMIT: usize = 1 << 12;

fuzz_target!(|data: &[u8]| {
    let _ = format!("{:?}", decode(data));
    match frame_len(data, LIMIT) {
        Ok(Some(n)) => {
            assert!(
                (2..=data.len()).contains(&n),
                "frame of {n} in {} octets",
                data.len()
            );
            assert_eq!(frame_len(&data[..n], LIMIT), Ok(Some(n)));
            for cut in [n - 1, n / 2, 1] {
                assert_eq!(frame_len(&data[..cut], LIMIT), Ok(None), "prefix of {cut}");
            }
            let _ = format!("{:?}", decode(&data[..n]));
        }
        Ok(None) => {}
        Err(e) => {
            let _ = e.to_string();
        }
    }
});
