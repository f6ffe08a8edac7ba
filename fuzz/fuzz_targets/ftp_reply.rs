//! Any bytes as an FTP control connection: replies (`NNN-` to `NNN `) are
//! read within their limits and each answer parsed (`EPSV`, `PASV`, a
//! quoted refusal) without a panic; what is read is inside the input.
#![no_main]

use libfuzzer_sys::fuzz_target;
use uniform_access::fuzzing::ftp_reply;

fuzz_target!(|data: &[u8]| {
    let s = ftp_reply(data);
    assert!(s.consumed <= data.len());
    assert!(s.items <= data.iter().filter(|&&b| b == b'\n').count() + 1);
    assert!(s.code.is_none_or(|c| c <= 999));
});
