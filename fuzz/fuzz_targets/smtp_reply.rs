//! Any bytes as an SMTP relay's replies (greeting, `EHLO` lists, refusals)
//! and as a message body: replies are read within their limits without a
//! panic, and the body dot-stuffed for `DATA` reads back, unstuffed by the
//! block reader, as the text with its line ends made LF and a last line
//! end added.
#![no_main]

use libfuzzer_sys::fuzz_target;
use uniform_access::fuzzing::{smtp_data, smtp_reply};

fuzz_target!(|data: &[u8]| {
    let s = smtp_reply(data);
    assert!(s.consumed <= data.len());
    assert!(s.code.is_none_or(|c| c <= 999));
    assert_eq!(smtp_data(data), expected(data));
});

/// CR LF, a lone CR and a lone LF each one LF; a last line without its
/// end given one.
fn expected(text: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(text.len() + 1);
    let mut i = 0;
    while i < text.len() {
        match text[i] {
            b'\r' => {
                out.push(b'\n');
                if text.get(i + 1) == Some(&b'\n') {
                    i += 1;
                }
            }
            b => out.push(b),
        }
        i += 1;
    }
    if !out.is_empty() && !out.ends_with(b"\n") {
        out.push(b'\n');
    }
    out
}
