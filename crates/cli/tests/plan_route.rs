//! `uniform plan`'s route: the `# route` lines and the `route` JSON step,
//! for every routing flag `fetch` takes (`-x`, `--noproxy`, `--socks5`,
//! `--socks5-hostname`, `--gateway`, `--resolve`, `-4`, `-6`) and the
//! proxy variables. Nothing connects: the loopback checks that `fetch`
//! takes the route shown are in proxy_flags.rs and curl_options.rs.

use std::process::{Command, Output};
use uniform_testkit::without_proxies;

/// `uniform plan` with `args` and the variables `vars`, no other proxy
/// variable set.
fn plan_with(vars: &[(&str, &str)], args: &[&str]) -> Output {
    let mut c = Command::new(env!("CARGO_BIN_EXE_uniform"));
    without_proxies(&mut c).arg("plan").args(args);
    for (k, v) in vars {
        c.env(k, v);
    }
    c.output().expect("the binary runs")
}

fn plan(args: &[&str]) -> Output {
    plan_with(&[], args)
}

/// The `# route` lines of a plan's text, in order.
fn route_lines(out: &Output) -> Vec<String> {
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter(|l| l.starts_with("# route "))
        .map(str::to_string)
        .collect()
}

#[test]
fn every_route_prints_as_route_lines_before_the_dialogue() {
    let ftp = "ftp://h.example/x.txt";
    let cases: &[(&[&str], &str)] = &[
        (&[ftp], "# route direct"),
        (
            &["-x", "http://127.0.0.1:3128", ftp],
            "# route http-proxy 127.0.0.1:3128 (--proxy)",
        ),
        (
            &["-x", "http://127.0.0.1:3128", "https://h.example/"],
            "# route tunnel 127.0.0.1:3128 (--proxy)",
        ),
        (
            &["-x", "https://p.example:3129", "http://h.example/"],
            "# route https-proxy p.example:3129 (--proxy)",
        ),
        (
            &["-x", "https://p.example:3129", "https://h.example/"],
            "# route tunnel p.example:3129 (--proxy): TLS to the proxy",
        ),
        (
            &["-x", "socks4://127.0.0.1:1080", ftp],
            "# route socks4 127.0.0.1:1080 (--proxy): names resolved here",
        ),
        (
            &["-x", "socks4a://127.0.0.1:1080", ftp],
            "# route socks4a 127.0.0.1:1080 (--proxy): names resolved by the proxy",
        ),
        (
            &["-x", "socks5://127.0.0.1:1080", ftp],
            "# route socks5 127.0.0.1:1080 (--proxy): names resolved here",
        ),
        (
            &["-x", "socks5h://127.0.0.1:1080", ftp],
            "# route socks5h 127.0.0.1:1080 (--proxy): names resolved by the proxy",
        ),
        (
            &["--socks5", "127.0.0.1:1081", ftp],
            "# route socks5 127.0.0.1:1081 (--socks5): names resolved here",
        ),
        (
            &["--socks5-hostname", "127.0.0.1:1081", ftp],
            "# route socks5h 127.0.0.1:1081 (--socks5-hostname): names resolved by the proxy",
        ),
        (
            &[
                "-x",
                "socks5h://127.0.0.1:1080",
                "--noproxy",
                "h.example",
                ftp,
            ],
            "# route direct",
        ),
        (
            &[
                "--gateway",
                "wais=http://gw.example:8001",
                "wais://h.example/db",
            ],
            "# route gateway gw.example:8001 (--gateway wais)",
        ),
    ];
    for (args, first) in cases {
        let out = plan(args);
        let lines = route_lines(&out);
        assert_eq!(lines, [*first], "{args:?}");
        // The route comes first, the dialogue after it.
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(text.starts_with(&format!("{first}\n")), "{args:?}: {text}");
        assert!(text.contains("\nconnect "), "{args:?}: {text}");
    }
}

/// The variables set, the URL, the route line plan prints.
type VarCase = (
    &'static [(&'static str, &'static str)],
    &'static str,
    &'static str,
);

#[test]
fn the_variables_route_as_fetch_reads_them() {
    let ftp = "ftp://h.example/x.txt";
    let cases: &[VarCase] = &[
        (
            &[("all_proxy", "socks5://127.0.0.1:1080")],
            ftp,
            "# route socks5 127.0.0.1:1080 (all_proxy): names resolved here",
        ),
        (
            &[("ftp_proxy", "http://gw.example:3128")],
            ftp,
            "# route http-proxy gw.example:3128 (ftp_proxy)",
        ),
        (
            &[("https_proxy", "http://gw.example:3128")],
            "https://h.example/",
            "# route tunnel gw.example:3128 (https_proxy)",
        ),
        (
            &[
                ("all_proxy", "socks5h://127.0.0.1:1080"),
                ("no_proxy", ".example"),
            ],
            ftp,
            "# route direct",
        ),
        // httpoxy: HTTP_PROXY is never read.
        (
            &[("HTTP_PROXY", "http://evil.example:1")],
            "http://h.example/",
            "# route direct",
        ),
    ];
    for (vars, url, line) in cases {
        assert_eq!(route_lines(&plan_with(vars, &[url])), [*line], "{vars:?}");
    }
}

#[test]
fn resolve_and_the_family_are_route_lines_too() {
    let url = "http://h.example/";
    let lines = route_lines(&plan(&[
        "--resolve",
        "h.example:80:127.0.0.1,[::1]",
        "--resolve",
        "*:443:127.0.0.2",
        "-4",
        url,
    ]));
    assert_eq!(
        lines,
        [
            "# route direct",
            "# route resolve h.example:80 -> 127.0.0.1, ::1 (--resolve)",
            "# route resolve *:443 -> 127.0.0.2 (--resolve)",
            "# route family ipv4 (-4)",
        ]
    );
    let lines = route_lines(&plan(&["-6", url]));
    assert_eq!(lines, ["# route direct", "# route family ipv6 (-6)"]);
    // The last of -4 and -6 wins, as with fetch.
    let lines = route_lines(&plan(&["-6", "-4", url]));
    assert_eq!(lines, ["# route direct", "# route family ipv4 (-4)"]);
    // A later entry for the same host and port replaces the first; -H:P
    // forgets it.
    let lines = route_lines(&plan(&[
        "--resolve",
        "h.example:80:127.0.0.1",
        "--resolve",
        "-h.example:80",
        url,
    ]));
    assert_eq!(lines, ["# route direct"]);
    // Through a SOCKS proxy the names are the proxy's business: no pin
    // and no family is taken, and none is shown.
    let lines = route_lines(&plan(&[
        "-x",
        "socks5h://127.0.0.1:1080",
        "--resolve",
        "h.example:80:127.0.0.1",
        "-4",
        url,
    ]));
    assert_eq!(
        lines,
        ["# route socks5h 127.0.0.1:1080 (--proxy): names resolved by the proxy"]
    );
    // An entry fetch cannot read is curl's 49 for plan as for fetch.
    let out = plan(&["--resolve", "h.example:80", url]);
    assert_eq!(out.status.code(), Some(49), "{out:?}");
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("Couldn't parse --resolve entry"),
        "{out:?}"
    );
}

#[test]
fn the_json_array_starts_with_the_route_step() {
    let out = plan(&[
        "--json",
        "-x",
        "socks5h://me:s3cret@127.0.0.1:1080",
        "gopher://h.example/",
    ]);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.starts_with(
            "[{\"step\":\"route\",\"route\":{\"via\":\"socks5h\",\"host\":\"127.0.0.1\",\"port\":1080,\"from\":\"--proxy\",\"tls\":false,\"resolve\":[],\"family\":\"any\"}},{\"step\":\"connect\",\"host\":\"h.example\",\"port\":70},"
        ),
        "{text}"
    );
    assert!(!text.contains("s3cret"), "{text}");
    let out = plan(&[
        "--json",
        "--resolve",
        "h.example:80:127.0.0.1,[::1]",
        "-6",
        "http://h.example/",
    ]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.starts_with(
            "[{\"step\":\"route\",\"route\":{\"via\":\"direct\",\"host\":null,\"port\":null,\"from\":null,\"tls\":false,\"resolve\":[{\"host\":\"h.example\",\"port\":80,\"addrs\":[\"127.0.0.1\",\"::1\"]}],\"family\":\"ipv6\"}},{\"step\":\"connect\",\"host\":\"h.example\",\"port\":80},"
        ),
        "{text}"
    );
    for (args, via, tls) in [
        (
            &["-x", "https://p.example:3129", "https://h.example/"][..],
            "tunnel",
            true,
        ),
        (
            &[
                "--gateway",
                "ftp=http://gw.example:8001",
                "ftp://h.example/x",
            ][..],
            "gateway",
            false,
        ),
        (
            &["-x", "http://p.example:3128", "ftp://h.example/x"][..],
            "http-proxy",
            false,
        ),
    ] {
        let mut all = vec!["--json"];
        all.extend_from_slice(args);
        let text = String::from_utf8_lossy(&plan(&all).stdout).into_owned();
        let head = format!("[{{\"step\":\"route\",\"route\":{{\"via\":\"{via}\",");
        assert!(text.starts_with(&head), "{args:?}: {text}");
        assert!(
            text.contains(&format!(",\"tls\":{tls},")),
            "{args:?}: {text}"
        );
        // One line a URL, an array as before.
        assert_eq!(text.lines().count(), 1, "{text}");
        assert!(text.trim_end().ends_with(']'), "{text}");
    }
}

#[test]
fn plan_takes_every_routing_flag_fetch_takes() {
    // Each flag of fetch's routing group, given to plan, is accepted.
    let out = plan(&[
        "-x",
        "http://p.example:3128",
        "--noproxy",
        "inside.example",
        "--socks5",
        "127.0.0.1:1080",
        "--socks5-hostname",
        "127.0.0.1:1081",
        "-U",
        "me:pw",
        "--gateway",
        "wais=http://gw.example:8001",
        "--resolve",
        "h.example:70:127.0.0.1",
        "-4",
        "--ipv6",
        "--ipv4",
        "gopher://h.example/",
    ]);
    assert_eq!(
        route_lines(&out),
        ["# route socks5h 127.0.0.1:1081 (--socks5-hostname): names resolved by the proxy"]
    );
    assert!(!String::from_utf8_lossy(&out.stdout).contains("me:pw"));
}
