//! A registered scheme gets parsing, ports, canonical form and its own
//! validator (issue 3, item 4).

use std::sync::LazyLock;
use uniform::schemes::{Registry, SchemeSpec};
use uniform::{Component, Dialect, ParseError, ParseErrorKind, ParseOptions};

fn repo_needs_path(url: &uniform::UrlRef<'_>, report: &mut dyn FnMut(ParseError)) {
    if url.path().is_none_or(str::is_empty) {
        report(ParseError::scheme_rule(
            url.as_str().len(),
            Component::Path,
            url.dialect(),
            "svnurl",
            "Subversion repository URLs",
            "a repository URL names a path",
        ));
    }
}

static REG: LazyLock<Registry> = LazyLock::new(|| {
    Registry::new()
        .register(
            SchemeSpec::new("svn")
                .default_port(3690)
                .internet_syntax(true)
                .validator(repo_needs_path),
        )
        .and_then(|r| {
            r.register(
                SchemeSpec::new("x-opaque")
                    .search(false)
                    .hierarchical(false),
            )
        })
        .expect("valid names")
});

fn opts() -> ParseOptions {
    ParseOptions::new().registry(&REG)
}

#[test]
fn ports_and_canonical_form() {
    let url = opts().parse("SVN://Host:3690/repo/trunk").unwrap();
    assert_eq!(url.default_port(), Some(3690));
    assert_eq!(url.port_or_default(), Some(3690));
    assert_eq!(url.canonical(), "svn://host/repo/trunk");
    // Without the registry the same text is a generic URL: the port stays.
    let plain = ParseOptions::new()
        .parse("SVN://Host:3690/repo/trunk")
        .unwrap();
    assert_eq!(plain.canonical(), "svn://host:3690/repo/trunk");
}

#[test]
fn internet_syntax_is_required_and_a_host_too() {
    let e = opts().strict(true).parse("svn:repo").unwrap_err();
    assert_eq!(e.kind(), ParseErrorKind::MissingAuthority);
    let e = opts().strict(true).parse("svn:///repo").unwrap_err();
    assert_eq!(e.kind(), ParseErrorKind::EmptyHost);
    // The absent url-path of an Internet-syntax scheme gains its "/".
    assert_eq!(opts().parse("svn://h").unwrap().canonical(), "svn://h/");
}

#[test]
fn validator_runs_when_someone_listens() {
    let e = opts().strict(true).parse("svn://h/").unwrap_err();
    assert_eq!(
        (e.kind(), e.rule()),
        (ParseErrorKind::SchemeSyntax, "svnurl")
    );
    let mut w = Vec::new();
    opts().parse_with_warnings("svn://h", &mut w).unwrap();
    assert_eq!(w.len(), 1);
    assert!(opts().parse("svn://h").is_ok());
}

#[test]
fn search_flag_decides_the_query() {
    let url = opts().parse("x-opaque:a?b#c").unwrap();
    assert_eq!(url.query(), None);
    assert_eq!(url.path(), Some("a?b"));
    assert_eq!(url.fragment(), Some("c"));
    let url = url.to_url();
    url.check_invariants();
    assert_eq!(url.normalize().as_str(), "x-opaque:a?b#c");
}

#[test]
fn builtin_schemes_cannot_be_redefined() {
    assert!(Registry::new().register(SchemeSpec::new("ftp")).is_err());
    assert!(Registry::new().register(SchemeSpec::new("HTTPS")).is_err());
}

#[test]
fn a_scheme_registered_without_internet_syntax_has_no_authority() {
    static OPAQUE: LazyLock<Registry> = LazyLock::new(|| {
        Registry::new()
            .register(SchemeSpec::new("x-tag").internet_syntax(false))
            .and_then(|r| r.register(SchemeSpec::new("x-plain")))
            .expect("valid names")
    });
    let o = ParseOptions::new().registry(&OPAQUE);
    let url = o.parse("x-tag://A@B/c").unwrap();
    assert!(!url.has_authority());
    assert_eq!(url.path(), Some("//A@B/c"));
    assert_eq!(url.canonical(), "x-tag://A@B/c");
    // Not said either way: the generic reading.
    assert_eq!(o.parse("x-plain://A@B/c").unwrap().host(), Some("B"));
    // RFC 3986 section 3.2: "//" starts an authority whatever the scheme.
    let o3 = o.dialect(Dialect::Rfc3986);
    assert_eq!(o3.parse("x-tag://A@B/c").unwrap().host(), Some("B"));
}
