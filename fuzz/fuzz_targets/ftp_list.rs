//! Any bytes as the text of an FTP `LIST` reply: read line by line as Unix
//! and MS-DOS listings without a panic; every entry has a name, is not `.`
//! or `..`, and its URL parses and stays under the directory listed.
#![no_main]

use libfuzzer_sys::fuzz_target;
use uniform::UrlRef;
use uniform_access::ftp_list::{parse_list, parse_list_line};

const DIR: &str = "ftp://h.example/pub/";

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let listing = parse_list("ftp://h.example/pub;type=d", &text);
    for e in &listing.entries {
        assert!(e.name != "." && e.name != "..");
        let u = e
            .url
            .as_deref()
            .expect("every entry of parse_list has a URL");
        assert!(u.starts_with(DIR), "{u} is not under {DIR}");
        assert!(UrlRef::parse(u).is_ok(), "{u} does not parse");
    }
    for line in text.lines().take(8) {
        let _ = parse_list_line(line);
    }
});
