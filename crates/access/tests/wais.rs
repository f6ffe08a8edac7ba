//! wais: URLs (RFC 1738 section 3.9) over Z39.50 against the real peers:
//! yaz-ztest (synthetic records, database `Default`) and Zebra (a full-text
//! index of testdata/peers/zebra/docs).

mod common;

use common::{Opts, fetch};
use std::time::Duration;
use uniform::UrlRef;
use uniform_access::{AccessError, AccessErrorKind, EntryKind, Fetched, Listing, Unattended};

fn opts() -> Opts {
    let mut o = Opts::new();
    o.session.timeouts.idle = Duration::from_secs(10);
    o.session.timeouts.total = Some(Duration::from_secs(30));
    o
}

fn get(url: &str) -> Result<(Fetched, Vec<u8>), AccessError> {
    let url = UrlRef::parse(url).unwrap();
    let mut out = Vec::new();
    let f = fetch(&url, &opts(), &mut out, &mut Unattended)?;
    Ok((f, out))
}

fn listing(url: &str) -> Listing {
    match get(url).unwrap().0 {
        Fetched::Listing(l) => l,
        other => panic!("{url}: {other:?}"),
    }
}

fn files(l: &Listing) -> Vec<(&str, &str)> {
    l.entries
        .iter()
        .filter(|e| e.kind == EntryKind::File)
        .map(|e| (e.name.as_str(), e.url.as_deref().unwrap_or_default()))
        .collect()
}

fn zebra() -> Option<String> {
    common::peer_up(&["zebra"]).then(|| {
        format!(
            "wais://{}:{}",
            common::host(),
            common::port("UNIFORM_ZEBRA_PORT")
        )
    })
}

fn ztest() -> Option<String> {
    common::peer_up(&["yaz-ztest"]).then(|| {
        format!(
            "wais://{}:{}",
            common::host(),
            common::port("UNIFORM_Z3950_PORT")
        )
    })
}

#[test]
fn zebra_search_with_hits_lists_each_document() {
    let Some(base) = zebra() else { return };
    let l = listing(&format!("{base}/Default?protocol"));
    let got = files(&l);
    assert_eq!(got.len(), 3, "{l}");
    // Named by Zebra's record id, not by position: Uniform's wpath.
    let mut ids = Vec::new();
    for (name, url) in &got {
        let id = url
            .strip_prefix(&format!("{base}/Default/TEXT/id"))
            .and_then(|r| r.strip_suffix(",protocol"))
            .unwrap_or_else(|| panic!("{url}"));
        assert!(id.bytes().all(|b| b.is_ascii_digit()), "{url}");
        ids.push(id.to_string());
        assert!(name.contains("Filename: docs/"), "{name}");
    }
    ids.dedup();
    assert_eq!(ids.len(), 3, "{ids:?}");
    assert!(
        l.entries[0].name.starts_with("3 records match protocol"),
        "{l}"
    );
}

#[test]
fn zebra_search_with_two_words_ands_them() {
    let Some(base) = zebra() else { return };
    let l = listing(&format!("{base}/Default?gopher+minnesota"));
    let got = files(&l);
    assert_eq!(got.len(), 1, "{l}");
    assert!(got[0].0.contains("docs/gopher.txt"));
    assert!(
        got[0].1.starts_with(&format!("{base}/Default/TEXT/id"))
            && got[0].1.ends_with(",gopher+minnesota"),
        "{}",
        got[0].1
    );
    assert!(files(&listing(&format!("{base}/Default?gopher+anonymous"))).is_empty());
}

#[test]
fn zebra_search_without_hits_is_an_empty_listing() {
    let Some(base) = zebra() else { return };
    let l = listing(&format!("{base}/Default?nosuchword"));
    assert!(files(&l).is_empty());
    assert_eq!(l.entries[0].name, "0 records match nosuchword");
}

#[test]
fn zebra_document_is_the_indexed_file_whole() {
    let Some(base) = zebra() else { return };
    // Each document's own word.
    for (doc, word) in [
        ("ftp", "passive"),
        ("gopher", "burrow"),
        ("wais", "relevance"),
    ] {
        let file = common::fixture(&format!("zebra/docs/{doc}.txt"));
        let (f, out) = get(&format!("{base}/Default/TEXT/1,{word}")).unwrap();
        assert!(matches!(f, Fetched::Object { bytes } if bytes == out.len() as u64));
        // Element set zebra::data: the indexed file's octets, nothing
        // added (F would start "Local Number: n\nFilename: ...\n\n").
        assert_eq!(
            String::from_utf8_lossy(&out),
            String::from_utf8_lossy(&file),
            "{doc}"
        );
        assert_eq!(out, file, "{doc}");
    }
}

#[test]
fn zebra_document_in_another_syntax_than_asked_is_refused() {
    let Some(base) = zebra() else { return };
    // Zebra's text records come as SUTRS whatever is asked.
    let e = get(&format!("{base}/Default/USMARC/1,protocol")).unwrap_err();
    assert_eq!(e.kind(), AccessErrorKind::Protocol, "{e}");
    assert!(
        e.to_string()
            .contains("USMARC asked for (wtype), but the server sent SUTRS (1.2.840.10003.5.101)"),
        "{e}"
    );
}

#[test]
fn zebra_empty_search_says_what_was_searched() {
    let Some(base) = zebra() else { return };
    let l = listing(&format!("{base}/Default?"));
    assert_eq!(
        l.entries[0].name,
        "3 records match an empty search (every record, _ALLRECORDS)"
    );
    assert_eq!(files(&l).len(), 3);
}

#[test]
fn every_listed_url_fetches_its_document() {
    let Some(base) = zebra() else { return };
    let l = listing(&format!("{base}/Default?protocol"));
    for (name, url) in files(&l) {
        let (_, out) = get(url).unwrap();
        // The brief record names the file; the document is that file.
        let file = name
            .split(" / ")
            .find_map(|p| p.strip_prefix("Filename: docs/"))
            .unwrap();
        assert_eq!(out, common::fixture(&format!("zebra/docs/{file}")), "{url}");
    }
}

#[test]
fn zebra_database_form_lists_every_record() {
    let Some(base) = zebra() else { return };
    let l = listing(&format!("{base}/Default"));
    let got = files(&l);
    assert_eq!(got.len(), 3, "{l}");
    assert!(got[0].1.starts_with(&format!("{base}/Default/TEXT/id")) && got[0].1.ends_with(','));
    assert!(l.entries[0].name.starts_with("Z39.50 server: Zebra"), "{l}");
    let (_, out) = get(got[2].1).unwrap();
    let file = got[2]
        .0
        .split(" / ")
        .find_map(|p| p.strip_prefix("Filename: docs/"))
        .unwrap();
    assert_eq!(out, common::fixture(&format!("zebra/docs/{file}")));
}

/// The id URL of the file `doc` in a search for `words`.
fn id_url(base: &str, words: &str, doc: &str) -> String {
    let l = listing(&format!("{base}/Default?{words}"));
    files(&l)
        .into_iter()
        .find(|(name, _)| name.contains(&format!("Filename: docs/{doc}")))
        .map(|(_, url)| url.to_string())
        .unwrap_or_else(|| panic!("{doc} not in {l}"))
}

#[test]
fn zebra_record_id_names_the_same_document_whatever_its_position() {
    let Some(base) = zebra() else { return };
    let file = common::fixture("zebra/docs/gopher.txt");
    // gopher.txt is one hit of three for "protocol", the only one for
    // "burrow": its position differs, its id does not.
    let a = id_url(&base, "protocol", "gopher.txt");
    let b = id_url(&base, "burrow", "gopher.txt");
    let id = |u: &str| {
        u.rsplit('/')
            .next()
            .unwrap()
            .split(',')
            .next()
            .unwrap()
            .to_string()
    };
    assert_eq!(id(&a), id(&b));
    for url in [a.clone(), b, format!("{base}/Default/TEXT/{},", id(&a))] {
        assert_eq!(get(&url).unwrap().1, file, "{url}");
    }
    // An id the words do not find, or that no record has: an error, never
    // another record.
    for url in [
        format!("{base}/Default/TEXT/{},passive", id(&a)),
        format!("{base}/Default/TEXT/id999999,"),
    ] {
        let e = get(&url).unwrap_err();
        assert_eq!(e.kind(), AccessErrorKind::Protocol, "{e}");
        assert!(e.to_string().contains("no record with id"), "{e}");
    }
}

#[test]
fn ztest_without_record_ids_lists_positions_and_refuses_ids() {
    let Some(base) = ztest() else { return };
    let e = get(&format!("{base}/Default/TEXT/id3,computer")).unwrap_err();
    assert_eq!(e.kind(), AccessErrorKind::Unsupported, "{e}");
    assert!(e.to_string().contains("gives no record identifiers"), "{e}");
}

#[test]
fn zebra_wrong_database_is_a_clear_error() {
    let Some(base) = zebra() else { return };
    for url in [
        format!("{base}/Nope?gopher"),
        format!("{base}/Nope"),
        format!("{base}/Nope/TEXT/1,gopher"),
    ] {
        let e = get(&url).unwrap_err();
        assert_eq!(e.kind(), AccessErrorKind::Protocol, "{e}");
        assert!(e.to_string().contains("database \"Nope\""), "{e}");
        assert!(
            e.to_string()
                .contains("diagnostic 109 (database unavailable)"),
            "{e}"
        );
        assert_eq!(e.reply(), Some("Nope"));
    }
}

#[test]
fn zebra_position_past_the_hits_is_an_error() {
    let Some(base) = zebra() else { return };
    let e = get(&format!("{base}/Default/TEXT/2,gopher")).unwrap_err();
    assert!(e.to_string().contains("record 2 asked for"), "{e}");
}

#[test]
fn ztest_search_with_hits() {
    let Some(base) = ztest() else { return };
    let l = listing(&format!("{base}/Default?computer"));
    let got = files(&l);
    assert_eq!(got.len(), 23, "{l}");
    for (i, (name, url)) in got.iter().enumerate() {
        assert_eq!(
            *name,
            format!("This is dummy SUTRS record number {}", i + 1)
        );
        assert_eq!(*url, format!("{base}/Default/TEXT/{},computer", i + 1));
    }
}

#[test]
fn ztest_more_hits_than_listed() {
    let Some(base) = ztest() else { return };
    // yaz-ztest finds as many records as a term that starts with digits says.
    let l = listing(&format!("{base}/Default?150"));
    assert_eq!(files(&l).len(), 100);
    assert_eq!(
        l.entries[0].name,
        "150 records match 150; the first 100 are listed"
    );
}

#[test]
fn ztest_search_without_hits() {
    let Some(base) = ztest() else { return };
    let l = listing(&format!("{base}/Default?0"));
    assert!(files(&l).is_empty(), "{l}");
}

#[test]
fn ztest_document_and_its_syntax() {
    let Some(base) = ztest() else { return };
    let (_, out) = get(&format!("{base}/Default/TEXT/3,computer")).unwrap();
    assert_eq!(out, b"This is dummy SUTRS record number 3\n");
    // USMARC: the record as it comes, its syntax read from its OID.
    let (_, marc) = get(&format!("{base}/Default/USMARC/1,computer")).unwrap();
    assert_eq!(
        marc.last(),
        Some(&0x1D),
        "a MARC record ends with its record terminator"
    );
    let len: usize = std::str::from_utf8(&marc[..5]).unwrap().parse().unwrap();
    assert_eq!(len, marc.len(), "the MARC leader's length is the record's");
}

#[test]
fn ztest_database_form_describes_it() {
    let Some(base) = ztest() else { return };
    let l = listing(&format!("{base}/Default"));
    assert!(
        l.entries[0].name.starts_with("Z39.50 server: GFS/YAZ"),
        "{l}"
    );
    assert!(files(&l).is_empty());
    // yaz-ztest has no _ALLRECORDS: its 0 hits count nothing.
    assert!(
        !l.entries.iter().any(|e| e.name.contains("0 records")),
        "{l}"
    );
    assert!(
        l.entries
            .iter()
            .any(|e| e.name.contains("lists no records") && e.name.contains("_ALLRECORDS")),
        "{l}"
    );
}

#[test]
fn ztest_wrong_database_is_a_clear_error() {
    let Some(base) = ztest() else { return };
    let e = get(&format!("{base}/Nope?computer")).unwrap_err();
    assert_eq!(e.kind(), AccessErrorKind::Protocol);
    assert!(
        e.to_string()
            .contains("diagnostic 109 (database unavailable)"),
        "{e}"
    );
}

#[test]
fn nothing_listens_is_a_connect_error() {
    // A port held where nothing listens.
    let closed = uniform_testkit::ClosedPort::new();
    let port = closed.port();
    let e = get(&format!("wais://127.0.0.1:{port}/Default?x")).unwrap_err();
    assert_eq!(e.kind(), AccessErrorKind::Connect, "{e}");
}

/// A one-shot HTTP gateway on loopback: answers `body` and hands back the
/// request line it got.
fn gateway(body: &'static str) -> (u16, std::thread::JoinHandle<String>) {
    use std::io::{BufRead, BufReader, Write};
    let l = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = l.local_addr().unwrap().port();
    let t = std::thread::spawn(move || {
        let (c, _) = l.accept().unwrap();
        let mut r = BufReader::new(c);
        let mut first = String::new();
        r.read_line(&mut first).unwrap();
        let mut line = String::new();
        while r.read_line(&mut line).is_ok_and(|n| n > 2) {
            line.clear();
        }
        let mut c = r.into_inner();
        let _ = write!(
            c,
            "HTTP/1.0 200 OK\r\nContent-Length: {}\r\n\r\n{body}",
            body.len()
        );
        first.trim_end().to_string()
    });
    (port, t)
}

#[test]
fn a_gateway_is_used_instead_of_z3950() {
    // Even a WAIS 1.0 doc-id, which Z39.50 cannot reach, goes to the gateway.
    let (port, seen) = gateway("via the gateway");
    let mut o = opts();
    o.proxies
        .gateway("wais", &format!("http://127.0.0.1:{port}/"))
        .unwrap();
    let url = UrlRef::parse("wais://quake.think.com/db/TEXT/0=x;1=y;").unwrap();
    let mut out = Vec::new();
    fetch(&url, &o, &mut out, &mut Unattended).unwrap();
    assert_eq!(out, b"via the gateway");
    assert!(
        seen.join()
            .unwrap()
            .contains("wais://quake.think.com/db/TEXT/")
    );
}
