//! Editing URLs: each setter's valid and refused values, in each dialect
//! where the dialects differ; a refused edit leaves the URL as it was.

use uniform::edit::EditErrorKind;
use uniform::schemes::{Registry, SchemeSpec};
use uniform::{Component, Dialect, ParseErrorKind, ParseOptions, Url};

fn url(d: Dialect, s: &str) -> Url {
    Url::parse_with(ParseOptions::new().dialect(d), s).unwrap()
}

/// The kind of the error `edit` gives, after checking the URL is unchanged.
fn refused(
    mut u: Url,
    edit: impl FnOnce(&mut Url) -> Result<(), uniform::edit::EditError>,
) -> EditErrorKind {
    let before = u.as_str().to_string();
    let e = edit(&mut u).expect_err("the edit should be refused");
    assert_eq!(u.as_str(), before, "a refused edit changed the URL");
    assert!(!e.to_string().is_empty());
    e.kind()
}

#[test]
fn query_is_refused_where_question_mark_is_data() {
    let k = refused(url(Dialect::Rfc1738, "ftp://h/p"), |u| {
        u.set_query(Some("x"))
    });
    assert_eq!(k, EditErrorKind::NotAllowed);
    let k = refused(url(Dialect::Rfc1738, "gopher://h/1x"), |u| {
        u.append_form_pair("a", "b")
    });
    assert_eq!(k, EditErrorKind::NotAllowed);
    let mut u = url(Dialect::Rfc3986, "ftp://h/p");
    u.set_query(Some("x")).unwrap();
    assert_eq!(u.as_str(), "ftp://h/p?x");
    assert_eq!(u.query(), Some("x"));
}

#[test]
fn authority_parts_are_refused_in_opaque_schemes_in_every_dialect() {
    for d in [Dialect::Rfc1738, Dialect::Rfc1630, Dialect::Rfc3986] {
        for s in ["mailto:a@b.c", "news:comp.x", "urn:isbn:1"] {
            let u = url(d, s);
            assert_eq!(
                refused(u.clone(), |u| u.set_port(Some(1))),
                EditErrorKind::NotAllowed,
                "{s} {d:?}"
            );
            assert_eq!(
                refused(u.clone(), |u| u.set_host("h")),
                EditErrorKind::NotAllowed,
                "{s} {d:?}"
            );
            assert_eq!(
                refused(u.clone(), |u| u.set_user(Some("u"))),
                EditErrorKind::NotAllowed,
                "{s} {d:?}"
            );
            assert_eq!(
                refused(u.clone(), |u| u.set_password(Some("p"))),
                EditErrorKind::NotAllowed
            );
            assert_eq!(
                refused(u.clone(), |u| u.push_segment("x")),
                EditErrorKind::NotAllowed
            );
            assert_eq!(
                refused(u, |u| u.pop_segment().map(|_| ())),
                EditErrorKind::NotAllowed
            );
        }
    }
}

#[test]
fn file_has_no_port_but_in_rfc3986() {
    let k = refused(url(Dialect::Rfc1738, "file://h/etc/motd"), |u| {
        u.set_port(Some(21))
    });
    assert_eq!(k, EditErrorKind::NotAllowed);
    let mut u = url(Dialect::Rfc3986, "file://h/etc/motd");
    u.set_port(Some(21)).unwrap();
    assert_eq!(u.as_str(), "file://h:21/etc/motd");
}

#[test]
fn user_and_port_need_a_host() {
    let u = url(Dialect::Rfc3986, "foo:/x");
    assert_eq!(
        refused(u.clone(), |u| u.set_port(Some(1))),
        EditErrorKind::NotAllowed
    );
    assert_eq!(
        refused(u.clone(), |u| u.set_user(Some("me"))),
        EditErrorKind::NotAllowed
    );
    let mut u = u;
    u.set_host("h").unwrap();
    u.set_user(Some("me")).unwrap();
    u.set_port(Some(1)).unwrap();
    assert_eq!(u.as_str(), "foo://me@h:1/x");
}

#[test]
fn host_grammar_is_the_dialects() {
    // RFC 3986's reg-name holds escapes; RFC 1738's hostname does not.
    let k = refused(url(Dialect::Rfc1738, "http://h/"), |u| {
        u.set_host("%43url.se")
    });
    assert_eq!(k, EditErrorKind::Invalid);
    let mut u = url(Dialect::Rfc3986, "http://h/");
    u.set_host("%43url.se").unwrap();
    assert_eq!(u.host(), Some("%43url.se"));
    for bad in ["te st", "http://fake", "a/b", "h:1"] {
        for d in [Dialect::Rfc1738, Dialect::Rfc3986] {
            let k = refused(url(d, "http://h/"), |u| u.set_host(bad));
            assert!(
                matches!(k, EditErrorKind::Invalid | EditErrorKind::Ambiguous),
                "{bad:?} {d:?}: {k:?}"
            );
        }
    }
    let e = url(Dialect::Rfc1738, "http://h/")
        .set_host("te st")
        .unwrap_err();
    assert_eq!(e.component(), Component::Host);
    assert_eq!(
        e.parse_error().map(|p| p.kind()),
        Some(ParseErrorKind::BadHost)
    );
}

#[test]
fn raw_text_is_checked_by_the_dialect() {
    // "~" is unsafe in RFC 1738 and unreserved in RFC 3986.
    let k = refused(url(Dialect::Rfc1738, "http://h/"), |u| {
        u.set_raw(Component::Path, Some("/~me"))
    });
    assert_eq!(k, EditErrorKind::Invalid);
    let mut u = url(Dialect::Rfc3986, "http://h/");
    u.set_raw(Component::Path, Some("/~me")).unwrap();
    assert_eq!(u.path(), Some("~me"));
    for d in [Dialect::Rfc1738, Dialect::Rfc3986] {
        let k = refused(url(d, "http://h/"), |u| {
            u.set_raw(Component::Query, Some("a b"))
        });
        assert_eq!(k, EditErrorKind::Invalid);
        let k = refused(url(d, "http://h/"), |u| {
            u.set_raw(Component::Fragment, Some("%zz"))
        });
        assert_eq!(k, EditErrorKind::Invalid);
        let k = refused(url(d, "http://h:1/"), |u| {
            u.set_raw(Component::Port, Some("x"))
        });
        assert_eq!(k, EditErrorKind::Invalid);
        let k = refused(url(d, "http://h/"), |u| u.set_raw(Component::Scheme, None));
        assert_eq!(k, EditErrorKind::NotAllowed);
    }
}

#[test]
fn violations_already_there_do_not_block_an_edit() {
    // Leniently read, the raw space is a warning the edit did not cause.
    let mut u = url(Dialect::Rfc1738, "http://h/a b");
    u.set_port(Some(8080)).unwrap();
    u.push_segment("c").unwrap();
    assert_eq!(u.as_str(), "http://h:8080/a b/c");
    // A second raw space is new.
    let k = refused(u, |u| u.set_raw(Component::Path, Some("/a b/c d")));
    assert_eq!(k, EditErrorKind::Invalid);
}

#[test]
fn ambiguous_edits_are_refused() {
    // The path would join the new host.
    let k = refused(url(Dialect::Rfc3986, "foo:bar"), |u| u.set_host("h"));
    assert_eq!(k, EditErrorKind::Ambiguous);
    // Under RFC 1738 a mailto URL reads "//h/" as its address.
    let k = refused(url(Dialect::Rfc1738, "http://h/"), |u| {
        u.set_scheme("mailto")
    });
    assert_eq!(k, EditErrorKind::Ambiguous);
    // A path starting "//" would become an authority.
    let k = refused(url(Dialect::Rfc3986, "foo:/x"), |u| u.set_path("//evil/x"));
    assert_eq!(k, EditErrorKind::Ambiguous);
    let k = refused(url(Dialect::Rfc3986, "http://h/"), |u| {
        u.set_query_pairs([("a=b", None)])
    });
    assert_eq!(k, EditErrorKind::Ambiguous);
}

#[test]
fn scheme_names() {
    for bad in ["", "1http", "-ftp", "+ftp", ".ftp", "https://", "a b"] {
        let k = refused(url(Dialect::Rfc1738, "http://h/"), |u| u.set_scheme(bad));
        assert_eq!(k, EditErrorKind::Invalid, "{bad:?}");
    }
    let mut u = url(Dialect::Rfc3986, "https://example.com/");
    u.set_scheme("ftp+-.123").unwrap();
    assert_eq!(u.as_str(), "ftp+-.123://example.com/");
}

#[test]
fn userinfo() {
    let mut u = url(Dialect::Rfc1738, "ftp://h/");
    u.set_password(Some("pw")).unwrap();
    assert_eq!(u.as_str(), "ftp://:pw@h/");
    u.set_user(Some("   @:")).unwrap();
    assert_eq!(u.as_str(), "ftp://%20%20%20%40%3A:pw@h/");
    u.set_user(None).unwrap();
    assert_eq!(u.as_str(), "ftp://h/");
    assert_eq!(u.password(), None);
}

#[test]
fn path_segments() {
    let mut u = url(Dialect::Rfc1738, "ftp://h");
    assert_eq!(u.pop_segment().unwrap(), None);
    u.push_segment("pub").unwrap();
    u.push_segment("a;b").unwrap();
    assert_eq!(u.as_str(), "ftp://h/pub/a%3Bb");
    u.set_segment(0, "etc").unwrap();
    assert_eq!(
        u.path_segments().unwrap().collect::<Vec<_>>(),
        ["etc", "a%3Bb"]
    );
    assert_eq!(
        refused(u.clone(), |u| u.set_segment(2, "x")),
        EditErrorKind::NoSegment
    );
    assert_eq!(u.pop_segment().unwrap().as_deref(), Some("a%3Bb"));
    assert_eq!(u.as_str(), "ftp://h/etc");
    // A hierarchical path without an authority.
    let mut u = url(Dialect::Rfc3986, "foo:/a/b");
    u.push_segment("c").unwrap();
    assert_eq!(u.as_str(), "foo:/a/b/c");
}

#[test]
fn query_pairs_keep_what_is_encoded() {
    let mut u = url(Dialect::Rfc1738, "http://h/?a=%26&b=x+y&&c");
    let raw: Vec<_> = u.query_pairs().collect();
    assert_eq!(raw, [("a", Some("%26")), ("b", Some("x+y")), ("c", None)]);
    let form: Vec<(String, String)> = u.form_pairs().map(|(k, v)| (k.into(), v.into())).collect();
    assert_eq!(form[0], ("a".to_string(), "&".to_string()));
    assert_eq!(form[1], ("b".to_string(), "x y".to_string()));
    u.retain_query_pairs(|k, _| k != "b").unwrap();
    assert_eq!(u.as_str(), "http://h/?a=%26&c");
    u.sort_query_pairs().unwrap();
    assert_eq!(u.as_str(), "http://h/?a=%26&c");
    u.retain_query_pairs(|_, _| false).unwrap();
    assert_eq!(u.as_str(), "http://h/");
    u.append_form_pair("name", "joe\u{2}").unwrap();
    assert_eq!(u.as_str(), "http://h/?name=joe%02");
}

#[test]
fn edits_keep_the_dialect_and_registry() {
    let reg: &'static Registry = Registry::new()
        .register(
            SchemeSpec::new("git")
                .default_port(9418)
                .internet_syntax(true),
        )
        .unwrap()
        .leak();
    let o = ParseOptions::new().dialect(Dialect::Rfc1630).registry(reg);
    let mut u = Url::parse_with(o, "git://h/repo").unwrap();
    u.set_path("other").unwrap();
    assert_eq!(u.dialect(), Dialect::Rfc1630);
    assert_eq!(u.default_port(), Some(9418));
}

/// A recipe makes its edits in trurl's order, whatever the order they
/// were added in: redirect, sets, path appends, trims, replaces, query
/// appends, sort.
#[test]
fn recipe_order_is_trurls() {
    use uniform::edit::{Append, Recipe, Replace, Set};
    let recipe = Recipe::new()
        .sort_query(true)
        .append(Append::parse("query=z=1").unwrap())
        .replace(Replace::parse("a=x", true).unwrap())
        .trim("t*")
        .append(Append::parse("path=seg").unwrap())
        .set(Set::parse("path=/p/").unwrap())
        .redirect("/r?t1=1&b=2");
    let mut u = url(Dialect::Rfc3986, "http://h/old?q");
    recipe
        .apply(
            &mut u,
            &[],
            false,
            ParseOptions::new().dialect(Dialect::Rfc3986),
        )
        .unwrap();
    assert_eq!(u.as_str(), "http://h/p/seg?a=x&b=2&z=1");
}

#[test]
fn recipe_sets_if_absent_and_removes_with_empty_values() {
    use uniform::edit::{Recipe, Set};
    let recipe = Recipe::new()
        .set(Set::parse("port?=81").unwrap())
        .set(Set::parse("user=").unwrap())
        .set(Set::parse("query=a=b&c").unwrap());
    let mut u = Url::parse("http://me@h:8080/").unwrap();
    recipe
        .apply(&mut u, &[], false, ParseOptions::new())
        .unwrap();
    assert_eq!(u.as_str(), "http://h:8080/?a%3Db%26c");
    let mut u = Url::parse("http://h/").unwrap();
    recipe
        .apply(&mut u, &[], false, ParseOptions::new())
        .unwrap();
    assert_eq!(u.as_str(), "http://h:81/?a%3Db%26c");
}

#[test]
fn recipe_redirect_failures_are_typed() {
    use uniform::edit::{Recipe, RecipeError};
    let mut u = Url::parse("http://u:pw@h/a").unwrap();
    let err = Recipe::new()
        .redirect("//u:pw@a b/")
        .apply(&mut u, &[], false, ParseOptions::new().strict(true))
        .unwrap_err();
    match err {
        RecipeError::NotUrl { target, .. } => assert_eq!(target, "http://u:pw@a b/"),
        e => panic!("{e:?}"),
    }
    assert!(!err_text(&Recipe::new().set("port=25".parse().unwrap())).is_empty());
}

fn err_text(recipe: &uniform::edit::Recipe) -> String {
    let mut u = Url::parse("mailto:info@cern.ch").unwrap();
    let e = recipe
        .apply(&mut u, &[], false, ParseOptions::new())
        .unwrap_err();
    assert!(matches!(e, uniform::edit::RecipeError::Edit(_)));
    e.to_string()
}
