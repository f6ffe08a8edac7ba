//! Any bytes as an NNTP server's replies and the blocks that follow them
//! (LIST ACTIVE and NEWGROUPS lines, overview lines, LISTGROUP numbers,
//! dot-stuffed articles): read without a panic, within the input, an
//! article no longer than what came.
#![no_main]

use libfuzzer_sys::fuzz_target;
use uniform_access::fuzzing::nntp_reply;

fuzz_target!(|data: &[u8]| {
    let s = nntp_reply(data);
    assert!(s.consumed <= data.len());
    assert!(s.delivered <= data.len() as u64);
    assert!(s.code.is_none_or(|c| c <= 999));
});
