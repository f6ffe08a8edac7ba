//! Any bytes as a URL, in every dialect: planning never panics, and an
//! approved plan sends nothing it should not.
//!
//! - `plan` with the default options returns a plan or a refusal; both
//!   display.
//! - Every line an approved plan sends (`Step::Send`, the advice of a
//!   telnet plan) holds no CR, LF or NUL on the wire: nothing a URL holds
//!   can end a command early or start another (RFC 1738 section 6).
//! - An approved plan's endpoint is a host without CR, LF, NUL or space,
//!   and its URL parses again.
#![no_main]

use libfuzzer_sys::fuzz_target;
use uniform::plan::{Endpoint, PlanOptions, Step, plan};
use uniform::{Dialect, ParseOptions};

fuzz_target!(|data: &[u8]| {
    let options = PlanOptions::default();
    for d in [Dialect::Rfc1738, Dialect::Rfc1630, Dialect::Rfc3986] {
        let Ok(url) = ParseOptions::new().dialect(d).parse_bytes(data) else {
            continue;
        };
        match plan(&url, &options) {
            Ok(p) => {
                let _ = p.to_string();
                for step in p.steps() {
                    let line = match &step {
                        Step::Send(l) | Step::Advise(l) => l,
                        _ => continue,
                    };
                    if let Some(w) = line.wire() {
                        assert!(
                            !w.iter().any(|b| matches!(b, b'\r' | b'\n' | 0)),
                            "{d:?}: {url} sends {:?}",
                            String::from_utf8_lossy(&w)
                        );
                    }
                }
                if let Some(Endpoint::Host { host, .. }) = p.endpoint() {
                    assert!(
                        !host.bytes().any(|b| matches!(b, b'\r' | b'\n' | 0 | b' ')),
                        "{d:?}: {url} connects to {host:?}"
                    );
                }
                assert!(
                    p.url_ref().is_some(),
                    "{d:?}: the plan's URL of {url} does not parse"
                );
            }
            Err(e) => {
                let _ = (e.to_string(), e.rule());
            }
        }
    }
});
