//! Differential: `uniform::whatwg::parse(input, None)` against
//! `url::Url::parse(input)`, which read the same Standard.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(input) = std::str::from_utf8(data) else {
        return;
    };
    let ours = uniform::whatwg::parse(input, None).map(|u| u.as_str().to_owned());
    let theirs = url::Url::parse(input).map(|u| u.as_str().to_owned());
    match (&ours, &theirs) {
        (Ok(a), Ok(b)) if a == b => return,
        (Err(_), Err(_)) => return,
        _ => {}
    }
    panic!(
        "uniform and url differ on {input:?}:\n  uniform {:?}\n  url     {:?}",
        ours.as_ref().map_err(|e| e.rule()),
        theirs.as_ref().map_err(|e| e.to_string())
    );
});
