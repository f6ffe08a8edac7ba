//! No module of any crate imports a module that imports it back: the
//! modules of each crate form layers (issue 14), and so do its folders,
//! each read as one module (issue 36). A failure names one cycle per
//! module caught in one.

use uniform_testkit::modgraph::ModuleGraph;

fn assert_layered(krate: &str) {
    let src = uniform_testkit::repo().join(krate).join("src");
    let graph = ModuleGraph::read(&src).unwrap_or_else(|e| panic!("{}: {e}", src.display()));
    assert!(!graph.modules().is_empty(), "{krate}: no modules read");
    let report = cycles_of(&graph, "modules") + &cycles_of(&graph.folded(), "folders as modules");
    assert!(report.is_empty(), "{krate}:\n{report}");
}

/// Each cycle of `graph`, one chain a module in it; empty when there is
/// none.
fn cycles_of(graph: &ModuleGraph, what: &str) -> String {
    let mut report = String::new();
    for component in &graph.cycles() {
        report.push_str(&format!("{} {what} in a cycle:\n", component.len()));
        for module in component {
            if let Some(chain) = graph.cycle_through(module) {
                report.push_str(&format!("  {chain}\n"));
            }
        }
    }
    report
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

/// Folders as modules: two folders that reach into each other through
/// different files are a cycle, which the file graph does not show; a
/// test module's reach does not count, nor does a file's edge to its own
/// folder's root.
#[test]
fn a_cycle_between_folders_is_found() {
    let dir = std::env::temp_dir().join(format!("modgraph-folders-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    for d in ["a", "b", "c"] {
        std::fs::create_dir_all(dir.join(d)).unwrap();
    }
    std::fs::write(dir.join("lib.rs"), "mod a;\nmod b;\nmod c;\n").unwrap();
    std::fs::write(dir.join("a/mod.rs"), "mod x;\nmod y;\npub struct A;\n").unwrap();
    std::fs::write(dir.join("a/x.rs"), "use crate::b::p::P;\nuse super::A;\n").unwrap();
    std::fs::write(dir.join("a/y.rs"), "pub struct Y;\n").unwrap();
    std::fs::write(dir.join("b/mod.rs"), "pub mod p;\nmod q;\n").unwrap();
    std::fs::write(dir.join("b/q.rs"), "use crate::a::y::Y;\n").unwrap();
    std::fs::write(dir.join("c/mod.rs"), "mod r;\n").unwrap();
    std::fs::write(
        dir.join("c/r.rs"),
        "use crate::a::y::Y;\n#[cfg(test)]\nmod tests { use crate::b::p::P; }\n",
    )
    .unwrap();
    std::fs::write(
        dir.join("b/p.rs"),
        "pub struct P;\nfn f() { crate::c::r::g(); }\n",
    )
    .unwrap();
    let graph = ModuleGraph::read(&dir).unwrap();
    assert_eq!(graph.cycles(), Vec::<Vec<String>>::new());
    let folded = graph.folded();
    assert_eq!(folded.uses("crate::a"), vec!["crate::b".to_string()]);
    assert_eq!(
        folded.uses("crate::b"),
        vec!["crate::a".to_string(), "crate::c".to_string()]
    );
    assert_eq!(folded.uses("crate::c"), vec!["crate::a".to_string()]);
    assert_eq!(
        folded.cycles(),
        vec![vec![
            "crate::a".to_string(),
            "crate::b".to_string(),
            "crate::c".to_string()
        ]]
    );
    let _ = std::fs::remove_dir_all(&dir);
}
