//! Any bytes as an SMTP relay's replies (greeting, `EHLO` lists, refusals)
//! and as a message body: replies are read within their limits without a
//! panic; the body, when the plan takes it, goes on the wire as lines
//! without CR, LF or NUL, and its `DATA` lines, dot-stuffed by the plan,
//! read back through the dot-terminated block reader as the message's
//! lines, each ended by LF.
#![no_main]

use libfuzzer_sys::fuzz_target;
use uniform::UrlRef;
use uniform::plan::{Dialogue, Message, PlanOptions, plan};
use uniform_access::fuzzing::{smtp_data, smtp_reply};

fuzz_target!(|data: &[u8]| {
    let s = smtp_reply(data);
    assert!(s.consumed <= data.len());
    assert!(s.code.is_none_or(|c| c <= 999));
    let url = UrlRef::parse("mailto:a@b.example").unwrap();
    let mut options = PlanOptions::default();
    options.email = Some("me@example.org".into());
    options.message = Some(Message::new(None, data.to_vec()));
    let Ok(approved) = plan(&url, &options) else {
        assert_eq!(smtp_data(data), None);
        return;
    };
    let Dialogue::Smtp(p) = approved.dialogue() else {
        panic!("a mailto plan that is not SMTP");
    };
    let wire = p.wire_lines().expect("a message was given");
    for line in &wire {
        assert!(
            !line.iter().any(|b| matches!(b, b'\r' | b'\n' | 0)),
            "the wire line {:?}",
            String::from_utf8_lossy(line)
        );
    }
    let mut expected = Vec::new();
    for line in p.data_lines().expect("a message was given") {
        expected.extend_from_slice(&line);
        expected.push(b'\n');
    }
    assert_eq!(smtp_data(data), Some(expected));
});
