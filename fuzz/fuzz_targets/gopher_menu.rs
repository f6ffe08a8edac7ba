//! Any bytes as a gopher menu and as a gopher text item: read without a
//! panic; every menu entry's URL parses; a text is never longer than what
//! came (line ends only shrink, dots only go).
#![no_main]

use libfuzzer_sys::fuzz_target;
use uniform::UrlRef;
use uniform_access::fuzzing::{gopher_menu, gopher_text};

fuzz_target!(|data: &[u8]| {
    if let Ok(listing) = gopher_menu(data) {
        for e in &listing.entries {
            if let Some(u) = &e.url {
                assert!(UrlRef::parse(u).is_ok(), "{e:?}: its URL does not parse");
            }
        }
    }
    if let Ok(text) = gopher_text(data) {
        assert!(
            text.len() <= data.len(),
            "{} octets from {}",
            text.len(),
            data.len()
        );
    }
});
