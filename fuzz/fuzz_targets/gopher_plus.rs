//! Any bytes as the reply to a Gopher+ request (the first octet picks the
//! request: a menu, a text, a binary, a menu view, attributes): the length
//! line (`+N`, `+-1`, `+-2`, `-` and an error block) and what it frames,
//! then the same octets as an attribute reply (`+INFO`, `+ADMIN`, `+ASK`)
//! for the questions of a form: read without a panic, nothing delivered
//! beyond what came.
#![no_main]

use libfuzzer_sys::fuzz_target;
use uniform_access::fuzzing::gopher_plus;

fuzz_target!(|data: &[u8]| {
    let Some((&which, reply)) = data.split_first() else {
        return;
    };
    let s = gopher_plus(reply, usize::from(which));
    assert!(s.delivered <= reply.len() as u64);
});
