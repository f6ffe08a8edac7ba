//! curl's proxy flags on `uniform fetch`: `-x`, `--noproxy`, `--socks5`,
//! `--socks5-hostname`, `-U`, against the real microsocks and nginx peers.

use std::process::{Command, Output};
use uniform_testkit::{fixture, host, peer_up, port, setting, without_proxies};

fn fetch(args: &[&str]) -> Output {
    without_proxies(&mut Command::new(env!("CARGO_BIN_EXE_uniform")))
        .arg("fetch")
        .args(args)
        .output()
        .expect("the binary runs")
}

fn hello(scheme: &str) -> String {
    match scheme {
        "http" => format!(
            "http://{}:{}/pub/hello.txt",
            host(),
            port("UNIFORM_HTTP_PORT")
        ),
        _ => format!(
            "ftp://{}:{}/pub/hello.txt",
            host(),
            port("UNIFORM_FTP_PORT")
        ),
    }
}

#[test]
fn the_proxy_flag_sends_every_scheme_through_socks() {
    if !peer_up(&["microsocks", "nginx", "vsftpd"]) {
        return;
    }
    let socks = format!("socks5h://{}:{}", host(), port("UNIFORM_SOCKS_PORT"));
    let hp = format!("{}:{}", host(), port("UNIFORM_SOCKS_PORT"));
    for scheme in ["http", "ftp"] {
        let out = fetch(&[&hello(scheme), "-x", &socks]);
        assert_eq!(out.status.code(), Some(0), "{scheme}: {out:?}");
        assert_eq!(out.stdout, fixture("anon/pub/hello.txt"), "{scheme}");
        // The route plan shows for the same flags is the one taken: the
        // trace of the fetch names the same proxy.
        let shown = format!("# route socks5h {hp} (--proxy): names resolved by the proxy");
        assert_eq!(routes(&[&hello(scheme), "-x", &socks]), [shown], "{scheme}");
    }
    // --socks5 (names resolved here) and --socks5-hostname alike.
    for (flag, version, names) in [
        ("--socks5", "socks5", "here"),
        ("--socks5-hostname", "socks5h", "by the proxy"),
    ] {
        let out = fetch(&[&hello("ftp"), flag, &hp]);
        assert_eq!(out.status.code(), Some(0), "{flag}: {out:?}");
        assert_eq!(
            routes(&[&hello("ftp"), flag, &hp]),
            [format!(
                "# route {version} {hp} ({flag}): names resolved {names}"
            )],
            "{flag}"
        );
    }
}

/// The `# route` lines `uniform plan` prints for a fetch's `args`.
fn routes(args: &[&str]) -> Vec<String> {
    let out = plan(args);
    assert_eq!(out.status.code(), Some(0), "{args:?}: {out:?}");
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter(|l| l.starts_with("# route "))
        .map(str::to_string)
        .collect()
}

#[test]
fn the_proxy_user_logs_in_to_the_proxy_and_a_wrong_one_is_curls_97() {
    if !peer_up(&["microsocks-auth", "nginx"]) {
        return;
    }
    let hp = format!("{}:{}", host(), port("UNIFORM_SOCKS_AUTH_PORT"));
    let user = setting("UNIFORM_PEER_USER");
    let pw = setting("UNIFORM_PEER_PASSWORD");
    let out = fetch(&[
        &hello("ftp"),
        "--socks5-hostname",
        &hp,
        "-U",
        &format!("{user}:{pw}"),
    ]);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let wrong = format!("{user}:not-{pw}");
    let out = fetch(&[&hello("ftp"), "--socks5-hostname", &hp, "-U", &wrong]);
    assert_eq!(out.status.code(), Some(97), "{out:?}");
    assert!(
        !String::from_utf8_lossy(&out.stderr).contains(&wrong),
        "{out:?}"
    );
}

#[test]
fn an_http_proxy_flag_is_a_gateway_and_noproxy_bypasses_it() {
    if !peer_up(&["nginx", "vsftpd"]) {
        return;
    }
    // nginx answers an absolute-form request for its own files: it stands
    // in for an HTTP proxy of ftp: URLs here.
    let gw = format!("http://{}:{}", host(), port("UNIFORM_HTTP_PORT"));
    let out = fetch(&[&hello("ftp"), "-x", &gw]);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    assert_eq!(out.stdout, fixture("anon/pub/hello.txt"));
    let hp = format!("{}:{}", host(), port("UNIFORM_HTTP_PORT"));
    assert_eq!(
        routes(&[&hello("ftp"), "-x", &gw]),
        [format!("# route http-proxy {hp} (--proxy)")]
    );
    // A proxy where nothing listens, bypassed for the URL's host: the
    // fetch fails on the route plan shows through it, and succeeds on the
    // direct one plan shows with --noproxy.
    let dead = format!("socks5h://{}:9", host());
    let out = fetch(&[&hello("ftp"), "-x", &dead]);
    assert_ne!(out.status.code(), Some(0), "{out:?}");
    assert_eq!(
        routes(&[&hello("ftp"), "-x", &dead]),
        [format!(
            "# route socks5h {}:9 (--proxy): names resolved by the proxy",
            host()
        )]
    );
    let out = fetch(&[&hello("ftp"), "-x", &dead, "--noproxy", &host()]);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    assert_eq!(
        routes(&[&hello("ftp"), "-x", &dead, "--noproxy", &host()]),
        ["# route direct"]
    );
}

#[test]
fn the_plan_says_where_the_connections_go_and_hides_the_proxy_password() {
    let out = without_proxies(&mut Command::new(env!("CARGO_BIN_EXE_uniform")))
        .args([
            "plan",
            "-x",
            "socks5h://me:s3cret@127.0.0.1:1080",
            "ftp://h.example/x",
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.starts_with(
            "# route socks5h 127.0.0.1:1080 (--proxy): names resolved by the proxy\n# every connection through the SOCKS5h proxy 127.0.0.1:1080"
        ),
        "{text}"
    );
    assert!(text.contains("\nconnect h.example:21\n"), "{text}");
    assert!(!text.contains("s3cret"), "{text}");
}

fn ca() -> String {
    format!("{}/http/tls/ca.pem", setting("UNIFORM_PEERS_DIR"))
}

#[test]
fn a_real_http_proxy_forwards_http_and_tunnels_https() {
    if !peer_up(&["nginx", "tinyproxy"]) {
        return;
    }
    let proxy = format!("http://{}:{}", host(), port("UNIFORM_PROXY_PORT"));
    let out = fetch(&[&hello("http"), "-x", &proxy, "-v"]);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    assert_eq!(out.stdout, fixture("anon/pub/hello.txt"));
    // The whole URL on the request line, as a proxy is asked.
    assert!(
        String::from_utf8_lossy(&out.stderr).contains(&format!("> GET {} HTTP/1.1", hello("http"))),
        "{out:?}"
    );
    // https: a CONNECT tunnel through it, the server's certificate checked.
    let https = format!(
        "https://{}:{}/pub/hello.txt",
        host(),
        port("UNIFORM_HTTPS_PORT")
    );
    let out = fetch(&[&https, "-x", &proxy, "--cacert", &ca(), "-v"]);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    assert_eq!(out.stdout, fixture("anon/pub/hello.txt"));
    // -v shows the CONNECT the plan shows, then the request inside.
    let err = String::from_utf8_lossy(&out.stderr);
    let connect = format!(
        "> CONNECT {}:{} HTTP/1.1",
        host(),
        port("UNIFORM_HTTPS_PORT")
    );
    let inside = "> GET /pub/hello.txt HTTP/1.1";
    let (a, b) = (err.find(&connect), err.find(inside));
    assert!(a.is_some() && b.is_some() && a < b, "{err}");
    // A port the proxy does not tunnel to (its ConnectPort list): its 403
    // is curl's exit 56, quoted.
    let refused = format!("https://{}:{}/", host(), port("UNIFORM_HTTP_PORT"));
    let out = fetch(&[&refused, "-x", &proxy]);
    assert_eq!(out.status.code(), Some(56), "{out:?}");
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("refused the tunnel"),
        "{out:?}"
    );
}

#[test]
fn an_https_proxy_is_reached_over_tls_and_its_certificate_checked() {
    if !peer_up(&["nginx", "tinyproxy", "stunnel-proxy"]) {
        return;
    }
    let proxy = format!("https://{}:{}", host(), port("UNIFORM_HTTPS_PROXY_PORT"));
    let out = fetch(&[&hello("http"), "-x", &proxy, "--proxy-cacert", &ca()]);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    assert_eq!(out.stdout, fixture("anon/pub/hello.txt"));
    // The Mozilla roots do not know the test CA: curl's 60.
    let out = fetch(&[&hello("http"), "-x", &proxy]);
    assert_eq!(out.status.code(), Some(60), "{out:?}");
    // --proxy-insecure: the proxy unchecked; -k is for the server only.
    let out = fetch(&[&hello("http"), "-x", &proxy, "--proxy-insecure"]);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    assert_eq!(out.stdout, fixture("anon/pub/hello.txt"));
    let out = fetch(&[&hello("http"), "-x", &proxy, "-k"]);
    assert_eq!(out.status.code(), Some(60), "{out:?}");
    // https through the https proxy: TLS inside TLS, each end checked
    // against its own trust store, as curl's.
    let https = format!(
        "https://{}:{}/pub/hello.txt",
        host(),
        port("UNIFORM_HTTPS_PORT")
    );
    let out = fetch(&[
        &https,
        "-x",
        &proxy,
        "--proxy-cacert",
        &ca(),
        "--cacert",
        &ca(),
    ]);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    assert_eq!(out.stdout, fixture("anon/pub/hello.txt"));
    // The server's store does not vouch for the proxy, nor the proxy's
    // for the server.
    for (flag, other) in [
        ("--cacert", "--proxy-cacert"),
        ("--proxy-cacert", "--cacert"),
    ] {
        let out = fetch(&[&https, "-x", &proxy, flag, &ca()]);
        assert_eq!(
            out.status.code(),
            Some(60),
            "{flag} without {other}: {out:?}"
        );
    }
}

/// `uniform plan` with `args`, no proxy variable set: plan never connects.
fn plan(args: &[&str]) -> Output {
    without_proxies(&mut Command::new(env!("CARGO_BIN_EXE_uniform")))
        .arg("plan")
        .args(args)
        .output()
        .expect("the binary runs")
}

#[test]
fn the_plan_names_the_flag_a_socks_proxy_came_from() {
    let url = "http://example.org/";
    for (flag, value, version) in [
        ("-x", "socks5h://127.0.0.1:1080", "SOCKS5h"),
        ("--proxy", "socks5://127.0.0.1:1080", "SOCKS5"),
        ("--socks5", "127.0.0.1:1080", "SOCKS5"),
        ("--socks5-hostname", "127.0.0.1:1080", "SOCKS5h"),
    ] {
        let out = plan(&[flag, value, url]);
        assert_eq!(out.status.code(), Some(0), "{flag}: {out:?}");
        let text = String::from_utf8_lossy(&out.stdout);
        let named = if flag == "-x" { "--proxy" } else { flag };
        // The route line first, then the note, as before.
        let note =
            format!("# every connection through the {version} proxy 127.0.0.1:1080 ({named})\n");
        let second = text.split_inclusive('\n').nth(1).unwrap_or_default();
        assert!(text.starts_with("# route socks5"), "{flag}: {text}");
        assert_eq!(second, note, "{flag}: {text}");
    }
    // A value that is no proxy is refused under the flag's name too.
    let out = plan(&["-x", "ftp://127.0.0.1:21", url]);
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.starts_with("uniform: --proxy: a ftp proxy"), "{err}");
}

#[test]
fn the_plan_names_the_flag_a_gateway_came_from() {
    let out = plan(&["-x", "http://127.0.0.1:9/", "http://example.org/"]);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let text = String::from_utf8_lossy(&out.stdout);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines.first(),
        Some(&"# route http-proxy 127.0.0.1:9 (--proxy)"),
        "{text}"
    );
    let lines = &lines[1..];
    assert_eq!(lines.first(), Some(&"connect 127.0.0.1:9"), "{text}");
    assert_eq!(
        lines.get(1),
        Some(
            &"# through the gateway 127.0.0.1:9 (--proxy): the whole URL on the request line (RFC 1630)"
        ),
        "{text}"
    );
    assert!(!text.contains("all_proxy"), "{text}");
}
