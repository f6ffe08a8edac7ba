//! No module of any crate imports a module that imports it back: the
//! modules of each crate form layers (issue 14). A failure names one
//! cycle per module caught in one.

use uniform_testkit::modgraph::ModuleGraph;

fn assert_layered(krate: &str) {
    let src = uniform_testkit::repo().join(krate).join("src");
    let graph = ModuleGraph::read(&src).unwrap_or_else(|e| panic!("{}: {e}", src.display()));
    assert!(!graph.modules().is_empty(), "{krate}: no modules read");
    let cycles = graph.cycles();
    let mut report = String::new();
    for component in &cycles {
        report.push_str(&format!("{} modules in a cycle:\n", component.len()));
        for module in component {
            if let Some(chain) = graph.cycle_through(module) {
                report.push_str(&format!("  {chain}\n"));
            }
        }
    }
    assert!(cycles.is_empty(), "{krate}:\n{report}");
}

#[test]
fn url_modules_form_layers() {
    assert_layered("crates/url");
}

#[test]
fn access_modules_form_layers() {
    assert_layered("crates/access");
}

#[test]
fn cli_modules_form_layers() {
    assert_layered("crates/cli");
}

#[test]
fn sql_modules_form_layers() {
    assert_layered("crates/sql");
}

#[test]
fn cluster_modules_form_layers() {
    assert_layered("crates/cluster");
}

#[test]
fn links_modules_form_layers() {
    assert_layered("crates/links");
}

#[test]
fn testkit_modules_form_layers() {
    assert_layered("crates/testkit");
}

#[test]
fn bench_modules_form_layers() {
    assert_layered("bench");
}

/// The walker itself: a planted cycle is found, a layered pair is not.
#[test]
fn a_planted_cycle_is_found() {
    let dir = std::env::temp_dir().join(format!("modgraph-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("a")).unwrap();
    std::fs::write(dir.join("lib.rs"), "mod a;\nmod b;\nmod c;\n").unwrap();
    std::fs::write(dir.join("a/mod.rs"), "mod x;\npub use x::X;\n").unwrap();
    std::fs::write(
        dir.join("a/x.rs"),
        "use super::super::b::B; // crate::c::C\npub struct X;\n",
    )
    .unwrap();
    std::fs::write(
        dir.join("b.rs"),
        "pub struct B;\nfn f() { let s = \"crate::c::C\"; crate::a::X; }\n",
    )
    .unwrap();
    std::fs::write(
        dir.join("c.rs"),
        "use crate::{b::{self, B as Bee}};\n#[cfg(test)]\nmod tests { use crate::a::x::X; }\n",
    )
    .unwrap();
    let graph = ModuleGraph::read(&dir).unwrap();
    assert_eq!(graph.uses("crate::a::x"), vec!["crate::b".to_string()]);
    assert_eq!(graph.uses("crate::b"), vec!["crate::a".to_string()]);
    assert_eq!(graph.uses("crate::c"), vec!["crate::b".to_string()]);
    assert_eq!(
        graph.cycles(),
        vec![vec![
            "crate::a".to_string(),
            "crate::a::x".to_string(),
            "crate::b".to_string()
        ]]
    );
    let _ = std::fs::remove_dir_all(&dir);
}
