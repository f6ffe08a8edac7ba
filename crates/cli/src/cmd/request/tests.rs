//! The request flags against curl's readings.

use super::data::form_encoded;
use super::login::NETRC_EXIT;
use super::*;
use crate::cmd::Status;
use uniform::plan::PlanOptions;
use uniform::{ParseOptions, UrlRef};

#[test]
fn header_lines_read_as_curl_reads_them() {
    assert_eq!(
        header("X-A: 1 2").unwrap(),
        ("X-A".into(), Some("1 2".into()))
    );
    assert_eq!(header("X-A:1").unwrap(), ("X-A".into(), Some("1".into())));
    assert_eq!(header("Accept:").unwrap(), ("Accept".into(), None));
    assert_eq!(
        header("X-Empty;").unwrap(),
        ("X-Empty".into(), Some(String::new()))
    );
    assert_eq!(
        header("X-B: a;").unwrap(),
        ("X-B".into(), Some("a;".into()))
    );
    assert!(header("no colon").is_err());
}

#[test]
fn data_joins_with_ampersands_and_reads_files() {
    let dir = std::env::temp_dir().join(format!("uniform-request-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let f = dir.join("form.txt");
    std::fs::write(&f, b"x=1\r\ny=2\n").unwrap();
    let at = format!("@{}", f.display());
    let o = RequestOptions {
        data: DataOptions {
            pieces: vec![
                (DataKind::Ascii, "a=1".into()),
                (DataKind::Binary, at.clone()),
                (DataKind::Ascii, at.clone()),
                (DataKind::Raw, "@raw".into()),
                (DataKind::UrlEncode, format!("f{at}")),
            ],
        },
        ..RequestOptions::default()
    };
    let r = o.http_request().unwrap();
    assert_eq!(
        r.http.body.as_deref(),
        Some(&b"a=1&x=1\r\ny=2\n&x=1y=2&@raw&f=x%3D1%0D%0Ay%3D2%0A"[..])
    );
    assert_eq!(r.http.method_name(), "POST");
    assert_eq!(r.query, None);
    let missing = RequestOptions {
        data: DataOptions {
            pieces: vec![(DataKind::Ascii, "@/nonexistent/uniform".into())],
        },
        ..RequestOptions::default()
    };
    assert!(missing.http_request().is_err());
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The request flags of a command line, parsed as clap parses them.
fn parsed(args: &[&str]) -> RequestOptions {
    #[derive(clap::Parser)]
    struct Cli {
        #[command(flatten)]
        request: RequestOptions,
    }
    <Cli as clap::Parser>::try_parse_from([&["t"], args].concat())
        .unwrap()
        .request
}

#[test]
fn the_data_flags_keep_the_command_lines_order() {
    let o = parsed(&[
        "--data-raw",
        "r=1",
        "-d",
        "a=1",
        "--data-urlencode",
        "u=a b",
        "--data-binary",
        "b=1",
        "-d",
        "a=2",
    ]);
    let r = o.http_request().unwrap();
    assert_eq!(r.http.body.as_deref(), Some(&b"r=1&a=1&u=a+b&b=1&a=2"[..]));
}

#[test]
fn data_urlencode_reads_its_five_forms_as_curl() {
    let dir = std::env::temp_dir().join(format!("uniform-urlencode-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let f = dir.join("f.txt");
    std::fs::write(&f, b"l1\r\nl2 \xC3\xA9\n").unwrap();
    let path = f.display().to_string();
    // What curl 7.88 sent for the same arguments.
    for (arg, want) in [
        ("plain content=&?/".to_string(), "plain content=%26%3F%2F"),
        ("=a b&c".to_string(), "a+b%26c"),
        ("name=v a/l".to_string(), "name=v+a%2Fl"),
        ("just text".to_string(), "just+text"),
        (format!("@{path}"), "l1%0D%0Al2+%C3%A9%0A"),
        (format!("n@{path}"), "n=l1%0D%0Al2+%C3%A9%0A"),
        ("a@b=c".to_string(), "a@b=c"),
    ] {
        assert_eq!(url_encoded(&arg).unwrap(), want.as_bytes(), "{arg}");
    }
    assert!(url_encoded("n@/nonexistent/uniform").is_err());
    let all: Vec<u8> = (0..=255).collect();
    let encoded = form_encoded(&all);
    assert!(encoded.starts_with("%00%01"), "{encoded}");
    assert!(encoded.contains("%1F+%21"), "{encoded}");
    assert!(encoded.contains("%2C-.%2F0123456789%3A"), "{encoded}");
    assert!(encoded.contains("%5E_%60abc"), "{encoded}");
    assert!(encoded.contains("%7D~%7F%80"), "{encoded}");
    assert!(encoded.ends_with("%FE%FF"), "{encoded}");
    // 66 unreserved octets and the space as one character each.
    assert_eq!(encoded.len(), 67 + 189 * 3);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn get_appends_the_data_to_the_query_as_curl() {
    let o = ParseOptions::new();
    let with = |url: &str, q: &str| {
        with_query(url.as_bytes(), q.as_bytes(), o).map(|v| String::from_utf8(v).unwrap())
    };
    // What curl 7.88 sent to the echo peer for each.
    assert_eq!(with("http://h/x", "a=1").as_deref(), Some("http://h/x?a=1"));
    assert_eq!(
        with("http://h/x?q=1", "a=1").as_deref(),
        Some("http://h/x?q=1&a=1")
    );
    assert_eq!(
        with("http://h/x?q=1&", "a=1").as_deref(),
        Some("http://h/x?q=1&a=1")
    );
    assert_eq!(
        with("http://h/x?", "a=1").as_deref(),
        Some("http://h/x?a=1")
    );
    assert_eq!(
        with("http://h/x#frag", "a=1").as_deref(),
        Some("http://h/x?a=1#frag")
    );
    assert_eq!(
        with("http://h:81", "a=1").as_deref(),
        Some("http://h:81/?a=1")
    );
    assert_eq!(
        with("http://h/x?q=1", "").as_deref(),
        Some("http://h/x?q=1&")
    );
    assert_eq!(with("http://h/x", ""), None);
    assert_eq!(
        with("http://h/x?a=%2F", "b=%2F%e9%zz%4").as_deref(),
        Some("http://h/x?a=%2F&b=%2f%e9%zz%4")
    );
    // Not HTTP: "?" would be part of the name.
    assert_eq!(with("ftp://h/x", "a=1"), None);
    assert_eq!(with("http://[", "a=1"), None);
    // -G turns the body into the query.
    let r = parsed(&["-G", "-d", "a=1", "--data-urlencode", "q=a b"])
        .http_request()
        .unwrap();
    assert_eq!(r.query.as_deref(), Some(&b"a=1&q=a+b"[..]));
    assert_eq!(r.http.body, None);
    assert_eq!(r.http.method_name(), "GET");
}

#[test]
fn ranges_are_byte_ranges() {
    for ok in ["0-3", "5-", "-7", "0-0,-1", "1-2,4-"] {
        assert_eq!(byte_range(ok), Ok((ok.to_string(), None)), "{ok}");
    }
    let (range, warning) = byte_range("007").unwrap();
    assert_eq!(range, "7-");
    assert!(warning.is_some());
    for bad in ["", "a-b", "-", "1-2-3", "0-3,", "1 -2", "0-3\r\nX: y"] {
        assert!(byte_range(bad).is_err(), "{bad:?}");
    }
    assert!(byte_range("99999999999999999999999").is_err());
    let r = parsed(&["-r", "0-3", "-0"]).http_request().unwrap();
    assert_eq!(r.http.range.as_deref(), Some("0-3"));
    assert_eq!(r.http.version, HttpVersion::Http10);
    // The last of -0 and --http1.1 wins, as in curl.
    let r = parsed(&["-0", "--http1.1"]).http_request().unwrap();
    assert_eq!(r.http.version, HttpVersion::Http11);
    let o = parsed(&["-r", "1-2"]);
    assert!(
        o.check_scheme(&UrlRef::parse("https://h/").unwrap())
            .is_ok()
    );
    assert!(
        o.check_scheme(&UrlRef::parse("ftp://h/f").unwrap())
            .is_err()
    );
}

/// Options with `-u user`.
fn with_user(user: &str) -> RequestOptions {
    RequestOptions {
        user: Some(LoginOptions {
            user: Some(user.into()),
            ..LoginOptions::default()
        }),
        ..RequestOptions::default()
    }
}

#[test]
fn the_user_goes_where_the_scheme_reads_it() {
    let o = with_user("me:s3cr:et");
    let mut p = PlanOptions::default();
    let http = UrlRef::parse("http://h/").unwrap();
    assert_eq!(o.apply_user(&http, &mut p).unwrap(), None);
    assert_eq!(p.credentials, Some((b"me".to_vec(), b"s3cr:et".to_vec())));
    let ftp = UrlRef::parse("ftp://h/f").unwrap();
    let url = o
        .apply_user(&ftp, &mut PlanOptions::default())
        .unwrap()
        .unwrap();
    assert_eq!(url.as_str(), "ftp://me:s3cr%3Aet@h/f");
    let url = o
        .apply_user(&http, &mut PlanOptions::default())
        .map(|u| u.is_none());
    assert_eq!(url, Ok(true));
    let asked = with_user("me");
    let url = asked
        .apply_user(&http, &mut PlanOptions::default())
        .unwrap()
        .unwrap();
    assert_eq!(url.as_str(), "http://me@h/");
    // The URL's own user wins.
    let own = UrlRef::parse("ftp://you@h/f").unwrap();
    assert_eq!(
        o.apply_user(&own, &mut PlanOptions::default()).unwrap(),
        None
    );
}

/// Options reading the netrc file `text`, written to a fresh file.
fn with_netrc(name: &str, text: &str) -> (RequestOptions, std::path::PathBuf) {
    let dir = std::env::temp_dir().join(format!(
        "uniform-request-netrc-{name}-{}",
        std::process::id()
    ));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("netrc");
    std::fs::write(&file, text).unwrap();
    let o = RequestOptions {
        user: Some(LoginOptions {
            netrc_file: Some(file),
            ..LoginOptions::default()
        }),
        ..RequestOptions::default()
    };
    (o, dir)
}

#[test]
fn the_login_flags_are_none_unless_one_is_given() {
    // `plan` applies a login only when `user` is some: each of the
    // four flags must make it so, and no flag must leave it none.
    #[derive(clap::Parser)]
    struct Cli {
        #[command(flatten)]
        request: RequestOptions,
    }
    let parse = |args: &[&str]| {
        <Cli as clap::Parser>::try_parse_from([&["t"], args].concat())
            .unwrap()
            .request
            .user
    };
    assert!(parse(&[]).is_none());
    assert!(parse(&["-X", "PUT"]).is_none());
    let u = parse(&["-u", "me:pw"]).unwrap();
    assert_eq!(u.user.as_deref(), Some("me:pw"));
    assert!(!u.wants_netrc());
    for flags in [&["-n"][..], &["--netrc-optional"], &["--netrc-file", "f"]] {
        let login = parse(flags).unwrap();
        assert!(login.wants_netrc(), "{flags:?}");
        assert_eq!(login.user, None, "{flags:?}");
    }
}

#[test]
fn the_netrc_login_goes_where_the_scheme_reads_it() {
    let (o, dir) = with_netrc(
        "where",
        "machine h login me password \"p w\"\nmachine H2 login ftpme password fpw\n",
    );
    let mut p = PlanOptions::default();
    let http = UrlRef::parse("http://h/").unwrap();
    assert_eq!(o.apply_user(&http, &mut p).unwrap(), None);
    assert_eq!(p.credentials, Some((b"me".to_vec(), b"p w".to_vec())));
    let ftp = UrlRef::parse("ftp://h2/f").unwrap();
    let url = o.apply_user(&ftp, &mut PlanOptions::default()).unwrap();
    assert_eq!(url.unwrap().as_str(), "ftp://ftpme:fpw@h2/f");
    // A host the file does not name, or a scheme without a login,
    // gets nothing.
    let mut p = PlanOptions::default();
    let other = UrlRef::parse("http://other/").unwrap();
    assert_eq!(o.apply_user(&other, &mut p).unwrap(), None);
    assert_eq!(p.credentials, None);
    let gopher = UrlRef::parse("gopher://h/").unwrap();
    assert_eq!(o.apply_user(&gopher, &mut p).unwrap(), None);
    assert_eq!(p.credentials, None);
    // RFC 1738's nntp has no user: the file's login is no error there.
    let nntp = UrlRef::parse("nntp://h/comp.x/1").unwrap();
    assert_eq!(o.apply_user(&nntp, &mut p).unwrap(), None);
    std::fs::remove_dir_all(&dir).unwrap();
    // An entry without a login: Basic with an empty user as curl,
    // but no "USER " to an FTP server.
    let (o, dir) = with_netrc("passwordonly", "default password pw\n");
    let mut p = PlanOptions::default();
    assert_eq!(o.apply_user(&http, &mut p).unwrap(), None);
    assert_eq!(p.credentials, Some((Vec::new(), b"pw".to_vec())));
    let ftp = UrlRef::parse("ftp://h2/f").unwrap();
    assert_eq!(o.apply_user(&ftp, &mut p).unwrap(), None);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_urls_user_then_u_then_netrc() {
    let (mut o, dir) = with_netrc(
        "order",
        "machine h login other password opw\nmachine h login me password pw\n",
    );
    // The URL's user and password: nothing else.
    let mut p = PlanOptions::default();
    let full = UrlRef::parse("ftp://me:mine@h/f").unwrap();
    assert_eq!(o.apply_user(&full, &mut p).unwrap(), None);
    // The URL's user alone: its own netrc password, never another's.
    let ftp = UrlRef::parse("ftp://me@h/f").unwrap();
    let url = o.apply_user(&ftp, &mut p).unwrap().unwrap();
    assert_eq!(url.as_str(), "ftp://me:pw@h/f");
    let http = UrlRef::parse("http://me@h/x").unwrap();
    let url = o.apply_user(&http, &mut p).unwrap().unwrap();
    assert_eq!(url.as_str(), "http://me:pw@h/x");
    assert_eq!(p.credentials, None);
    let stranger = UrlRef::parse("ftp://third@h/f").unwrap();
    assert_eq!(o.apply_user(&stranger, &mut p).unwrap(), None);
    // -u beats the file, and with it the file is not read at all.
    o.user.as_mut().unwrap().user = Some("u:upw".into());
    let bare = UrlRef::parse("ftp://h/f").unwrap();
    let url = o.apply_user(&bare, &mut p).unwrap().unwrap();
    assert_eq!(url.as_str(), "ftp://u:upw@h/f");
    assert_eq!(o.apply_user(&ftp, &mut p).unwrap(), None);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn netrc_errors_name_the_file_and_line_not_the_password() {
    let (o, dir) = with_netrc("broken", "machine h login me\npassword \"secret-pw\n");
    let http = UrlRef::parse("http://h/").unwrap();
    let e = o
        .apply_user(&http, &mut PlanOptions::default())
        .unwrap_err();
    let file = dir.join("netrc");
    assert_eq!(
        e.to_string(),
        format!(
            "--netrc-file {}: syntax error on line 2: a quoted string has no closing quote on its line",
            file.display()
        )
    );
    assert_eq!(e.status(), Status::Exit(NETRC_EXIT));
    // The URL's user looking for its password meets it too.
    let own = UrlRef::parse("ftp://me@h/f").unwrap();
    let e = o.apply_user(&own, &mut PlanOptions::default());
    assert_eq!(e.unwrap_err().status(), Status::Exit(26));
    // With -n, the message names that flag.
    let n = RequestOptions {
        user: Some(LoginOptions {
            netrc: true,
            ..LoginOptions::default()
        }),
        ..RequestOptions::default()
    };
    assert_eq!(n.user.as_ref().unwrap().netrc_flag(), "--netrc");
    // Other refusals stay usage errors: RFC 1738's nntp has no user.
    let nntp = UrlRef::parse("nntp://h/comp.x/1").unwrap();
    let e = with_user("me:pw").apply_user(&nntp, &mut PlanOptions::default());
    assert_eq!(e.unwrap_err().status(), Status::Usage);
    // A file that cannot be read, a missing one or a directory, is
    // none, as in curl 7.88.
    for unreadable in [dir.join("absent"), dir.clone()] {
        let o = RequestOptions {
            user: Some(LoginOptions {
                netrc_file: Some(unreadable.clone()),
                ..LoginOptions::default()
            }),
            ..RequestOptions::default()
        };
        let mut p = PlanOptions::default();
        assert_eq!(o.apply_user(&http, &mut p), Ok(None), "{unreadable:?}");
        assert_eq!(p.credentials, None);
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_netrc_file_too_large_is_refused_as_curl_refuses_a_broken_one() {
    let (o, dir) = with_netrc("large", "");
    let text = vec![b' '; uniform_access::netrc::MAX_FILE as usize + 1];
    std::fs::write(dir.join("netrc"), text).unwrap();
    let http = UrlRef::parse("http://h/").unwrap();
    let e = o
        .apply_user(&http, &mut PlanOptions::default())
        .unwrap_err();
    assert!(e.to_string().starts_with("--netrc-file "), "{e}");
    assert_eq!(e.status(), Status::Exit(NETRC_EXIT));
    std::fs::remove_dir_all(&dir).unwrap();
}
