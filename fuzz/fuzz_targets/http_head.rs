//! Any bytes as an HTTP response on the gateway path: the head (status
//! line, interim responses, folded and long fields, Content-Length,
//! Transfer-Encoding, Location) and the body by its framing are read
//! without a panic, within the input; a redirect's target, when one is
//! accepted, is an http or https URL without spaces or control characters
//! (a Location of `http:` alone is accepted as the URL `http:`, which has
//! no host: the next hop's plan refuses it).
#![no_main]

use libfuzzer_sys::fuzz_target;
use uniform_access::fuzzing::{http_head, http_location};

fuzz_target!(|data: &[u8]| {
    let s = http_head(data);
    assert!(s.consumed <= data.len());
    assert!(s.delivered <= data.len() as u64);
    assert!(s.code.is_none_or(|c| (100..600).contains(&c)));
    let first = data.split(|&b| b == b'\n').next().unwrap_or_default();
    if let Ok(u) = http_location(first) {
        let scheme = u.split(':').next().unwrap_or_default().to_ascii_lowercase();
        assert!(
            scheme == "http" || scheme == "https",
            "{first:?} leads to {u}"
        );
        assert!(
            !u.bytes().any(|b| b <= b' ' || b == 0x7f),
            "{first:?} leads to {u:?}"
        );
    }
});
