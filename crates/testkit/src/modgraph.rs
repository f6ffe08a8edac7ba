//! The module graph of a crate, read from its sources: which module names
//! which, and which modules sit in a cycle.
//!
//! A module is a file (`a.rs` or `a/mod.rs`) or an inline `mod name { }`
//! other than a `#[cfg(test)]` one. Module `A` depends on module `B` when a
//! path in `A` (in a `use` tree or in code) starting with `crate::`,
//! `$crate::`, `super::` or `self::` resolves, segment by segment, to `B` or
//! to an item of `B`. A path that names an item re-exported by `B` counts
//! as a dependency on `B`, since that is what the reader has to open; a
//! `mod b;` declaration is not a dependency. Test modules are left out:
//! they may read any module of their file's parent. [`ModuleGraph::folded`]
//! reads a folder as one module.
//!
//! ```
//! let graph = uniform_testkit::modgraph::ModuleGraph::read(
//!     &uniform_testkit::repo().join("crates/testkit/src"),
//! ).unwrap();
//! assert!(graph.modules().contains(&"crate::modgraph".to_string()));
//! assert!(graph.cycles().is_empty());
//! ```

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::io;
use std::path::Path;

/// The modules of one crate and the edges between them.
#[derive(Debug, Default)]
pub struct ModuleGraph {
    edges: BTreeMap<String, BTreeSet<String>>,
}

impl ModuleGraph {
    /// Reads every `.rs` file under `src` (the crate root is `lib.rs` or
    /// `main.rs` there).
    ///
    /// ```
    /// let src = uniform_testkit::repo().join("crates/testkit/src");
    /// let graph = uniform_testkit::modgraph::ModuleGraph::read(&src).unwrap();
    /// assert!(graph.modules().contains(&"crate".to_string()));
    /// ```
    pub fn read(src: &Path) -> io::Result<ModuleGraph> {
        let mut files = Vec::new();
        collect(src, src, &mut files)?;
        let mut sources = Vec::new();
        let mut modules = BTreeSet::new();
        for (module, path) in files {
            let text = strip(&fs::read_to_string(&path)?);
            modules.insert(module.clone());
            for inline in inline_modules(&module, &text) {
                if let Some(name) = inline.name {
                    modules.insert(name);
                }
            }
            sources.push((module, text));
        }
        let mut graph = ModuleGraph::default();
        for module in &modules {
            graph.edges.entry(module.clone()).or_default();
        }
        for (module, text) in &sources {
            let inlines = inline_modules(module, text);
            for (at, path) in paths(text) {
                // The innermost module around the path; test modules drop out.
                let mut from = Some(module.clone());
                for inline in &inlines {
                    if inline.start <= at && at < inline.end {
                        from = inline.name.clone();
                    }
                }
                let Some(from) = from else { continue };
                // A bare `crate`, `super` or `self` names no item.
                if path.len() < 2 {
                    continue;
                }
                if let Some(to) = resolve(&modules, &from, &path)
                    && to != from
                {
                    graph.edges.entry(from.clone()).or_default().insert(to);
                }
            }
        }
        Ok(graph)
    }

    /// Every module, as `crate::a::b`.
    ///
    /// ```
    /// let src = uniform_testkit::repo().join("crates/testkit/src");
    /// let graph = uniform_testkit::modgraph::ModuleGraph::read(&src).unwrap();
    /// assert!(graph.modules().len() >= 2);
    /// ```
    pub fn modules(&self) -> Vec<String> {
        self.edges.keys().cloned().collect()
    }

    /// The modules `module` depends on.
    ///
    /// ```
    /// let src = uniform_testkit::repo().join("crates/testkit/src");
    /// let graph = uniform_testkit::modgraph::ModuleGraph::read(&src).unwrap();
    /// assert!(graph.uses("crate::modgraph").is_empty());
    /// ```
    pub fn uses(&self, module: &str) -> Vec<String> {
        self.edges
            .get(module)
            .map(|set| set.iter().cloned().collect())
            .unwrap_or_default()
    }

    /// The strongly connected components with more than one module: each
    /// is a set of modules that reach each other. Empty for a crate whose
    /// modules form layers.
    ///
    /// ```
    /// let src = uniform_testkit::repo().join("crates/testkit/src");
    /// let graph = uniform_testkit::modgraph::ModuleGraph::read(&src).unwrap();
    /// assert_eq!(graph.cycles(), Vec::<Vec<String>>::new());
    /// ```
    pub fn cycles(&self) -> Vec<Vec<String>> {
        let names: Vec<&String> = self.edges.keys().collect();
        let index: BTreeMap<&String, usize> =
            names.iter().enumerate().map(|(i, n)| (*n, i)).collect();
        let succ: Vec<Vec<usize>> = names
            .iter()
            .map(|n| {
                self.edges[*n]
                    .iter()
                    .filter_map(|t| index.get(t).copied())
                    .collect()
            })
            .collect();
        let mut tarjan = Tarjan {
            succ: &succ,
            index: vec![usize::MAX; names.len()],
            low: vec![0; names.len()],
            on_stack: vec![false; names.len()],
            stack: Vec::new(),
            next: 0,
            components: Vec::new(),
        };
        for v in 0..names.len() {
            if tarjan.index[v] == usize::MAX {
                tarjan.visit(v);
            }
        }
        let mut out: Vec<Vec<String>> = tarjan
            .components
            .into_iter()
            .filter(|c| c.len() > 1)
            .map(|c| {
                let mut c: Vec<String> = c.into_iter().map(|i| names[i].clone()).collect();
                c.sort();
                c
            })
            .collect();
        out.sort();
        out
    }

    /// The graph of folders as modules: an edge between two modules
    /// becomes an edge between the two siblings that hold them, children
    /// of the deepest module holding both. `crate::a::x -> crate::b::y`
    /// is `crate::a -> crate::b`: the folder `a/`, read as one module,
    /// depends on `b`. So two folders that reach into each other through
    /// different files are a cycle here, though no file imports one that
    /// imports it back. An edge between a module and one inside it joins
    /// no siblings and is left out (the file graph has it).
    ///
    /// ```
    /// let src = uniform_testkit::repo().join("crates/testkit/src");
    /// let graph = uniform_testkit::modgraph::ModuleGraph::read(&src).unwrap();
    /// assert!(graph.folded().cycles().is_empty());
    /// ```
    pub fn folded(&self) -> ModuleGraph {
        let mut out = ModuleGraph::default();
        for (from, targets) in &self.edges {
            out.edges.entry(from.clone()).or_default();
            let a: Vec<&str> = from.split("::").collect();
            for to in targets {
                let b: Vec<&str> = to.split("::").collect();
                let common = a.iter().zip(&b).take_while(|(x, y)| x == y).count();
                if common == a.len() || common == b.len() {
                    continue;
                }
                let lift = |p: &[&str]| p[..=common].join("::");
                out.edges.entry(lift(&a)).or_default().insert(lift(&b));
            }
        }
        out
    }

    /// One path around a cycle through `module`, for a readable failure:
    /// `a -> b -> a`. None when `module` is in no cycle.
    ///
    /// ```
    /// let src = uniform_testkit::repo().join("crates/testkit/src");
    /// let graph = uniform_testkit::modgraph::ModuleGraph::read(&src).unwrap();
    /// assert_eq!(graph.cycle_through("crate"), None);
    /// ```
    pub fn cycle_through(&self, module: &str) -> Option<String> {
        // Breadth-first from the module's successors back to it.
        let mut prev: BTreeMap<String, String> = BTreeMap::new();
        let mut queue = std::collections::VecDeque::new();
        for next in self.uses(module) {
            if !prev.contains_key(&next) {
                prev.insert(next.clone(), module.to_string());
                queue.push_back(next);
            }
        }
        while let Some(at) = queue.pop_front() {
            if at == module {
                let mut chain = vec![module.to_string()];
                let mut cur = prev[module].clone();
                while cur != module {
                    chain.push(cur.clone());
                    cur = prev[&cur].clone();
                }
                chain.push(module.to_string());
                chain.reverse();
                return Some(chain.join(" -> "));
            }
            for next in self.uses(&at) {
                if !prev.contains_key(&next) {
                    prev.insert(next.clone(), at.clone());
                    queue.push_back(next);
                }
            }
        }
        None
    }
}

struct Tarjan<'a> {
    succ: &'a [Vec<usize>],
    index: Vec<usize>,
    low: Vec<usize>,
    on_stack: Vec<bool>,
    stack: Vec<usize>,
    next: usize,
    components: Vec<Vec<usize>>,
}

impl Tarjan<'_> {
    fn visit(&mut self, v: usize) {
        self.index[v] = self.next;
        self.low[v] = self.next;
        self.next += 1;
        self.stack.push(v);
        self.on_stack[v] = true;
        for &w in &self.succ[v] {
            if self.index[w] == usize::MAX {
                self.visit(w);
                self.low[v] = self.low[v].min(self.low[w]);
            } else if self.on_stack[w] {
                self.low[v] = self.low[v].min(self.index[w]);
            }
        }
        if self.low[v] == self.index[v] {
            let mut component = Vec::new();
            while let Some(w) = self.stack.pop() {
                self.on_stack[w] = false;
                component.push(w);
                if w == v {
                    break;
                }
            }
            self.components.push(component);
        }
    }
}

fn collect(root: &Path, dir: &Path, out: &mut Vec<(String, std::path::PathBuf)>) -> io::Result<()> {
    let mut entries: Vec<_> = fs::read_dir(dir)?.collect::<Result<_, _>>()?;
    entries.sort_by_key(|e| e.path());
    for entry in entries {
        let path = entry.path();
        if path.is_dir() {
            collect(root, &path, out)?;
        } else if path.extension().is_some_and(|e| e == "rs") {
            let rel = path.strip_prefix(root).unwrap_or(&path);
            let mut parts: Vec<String> = rel
                .iter()
                .map(|p| p.to_string_lossy().trim_end_matches(".rs").to_string())
                .collect();
            if matches!(
                parts.last().map(String::as_str),
                Some("mod" | "lib" | "main")
            ) {
                parts.pop();
            }
            let mut module = String::from("crate");
            for p in parts {
                module.push_str("::");
                module.push_str(&p);
            }
            out.push((module, path));
        }
    }
    Ok(())
}

/// The text with comments, string and char literals blanked out (kept the
/// same length, so byte positions still line up).
fn strip(text: &str) -> String {
    let b = text.as_bytes();
    let mut out = b.to_vec();
    let mut i = 0;
    let blank = |out: &mut Vec<u8>, from: usize, to: usize| {
        for c in &mut out[from..to] {
            if *c != b'\n' {
                *c = b' ';
            }
        }
    };
    while i < b.len() {
        if b[i..].starts_with(b"//") {
            let end = b[i..]
                .iter()
                .position(|&c| c == b'\n')
                .map_or(b.len(), |p| i + p);
            blank(&mut out, i, end);
            i = end;
        } else if b[i..].starts_with(b"/*") {
            let mut depth = 0;
            let mut j = i;
            while j < b.len() {
                if b[j..].starts_with(b"/*") {
                    depth += 1;
                    j += 2;
                } else if b[j..].starts_with(b"*/") {
                    depth -= 1;
                    j += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    j += 1;
                }
            }
            blank(&mut out, i, j.min(b.len()));
            i = j;
        } else if b[i] == b'r'
            && (b.get(i + 1) == Some(&b'"') || b.get(i + 1) == Some(&b'#'))
            && (i == 0 || !is_ident(b[i - 1]))
        {
            // Raw string r"..." or r#"..."#.
            let mut j = i + 1;
            let mut hashes = 0;
            while b.get(j) == Some(&b'#') {
                hashes += 1;
                j += 1;
            }
            if b.get(j) != Some(&b'"') {
                i += 1;
                continue;
            }
            j += 1;
            loop {
                if j >= b.len() {
                    break;
                }
                if b[j] == b'"'
                    && b[j + 1..]
                        .iter()
                        .take(hashes)
                        .filter(|&&c| c == b'#')
                        .count()
                        == hashes
                    && b.len() >= j + 1 + hashes
                {
                    j += 1 + hashes;
                    break;
                }
                j += 1;
            }
            blank(&mut out, i, j.min(b.len()));
            i = j;
        } else if b[i] == b'"' {
            let mut j = i + 1;
            while j < b.len() && b[j] != b'"' {
                if b[j] == b'\\' {
                    j += 1;
                }
                j += 1;
            }
            blank(&mut out, i, (j + 1).min(b.len()));
            i = j + 1;
        } else if b[i] == b'\'' {
            // A char literal ('a', '\n', '\u{..}') or a lifetime ('a).
            if b.get(i + 1) == Some(&b'\\') {
                let end = b[i + 2..]
                    .iter()
                    .position(|&c| c == b'\'')
                    .map_or(b.len(), |p| i + 2 + p + 1);
                blank(&mut out, i, end);
                i = end;
            } else if b.get(i + 2) == Some(&b'\'') {
                blank(&mut out, i, i + 3);
                i += 3;
            } else if let Some(len) = std::str::from_utf8(&b[i + 1..]).ok().and_then(|s| {
                let c = s.chars().next()?;
                (s[c.len_utf8()..].starts_with('\'')).then_some(c.len_utf8())
            }) {
                blank(&mut out, i, i + len + 2);
                i += len + 2;
            } else {
                i += 1;
            }
        } else {
            i += 1;
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

fn is_ident(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_'
}

struct Inline {
    start: usize,
    end: usize,
    /// None for a test module.
    name: Option<String>,
}

/// The inline `mod name { ... }` blocks of a file, outermost first.
fn inline_modules(module: &str, text: &str) -> Vec<Inline> {
    let b = text.as_bytes();
    let mut out: Vec<Inline> = Vec::new();
    let mut stack: Vec<(usize, Option<String>)> = Vec::new(); // (depth of the block, name)
    let mut depth = 0usize;
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'{' => depth += 1,
            b'}' => {
                if stack.last().is_some_and(|(d, _)| *d == depth) {
                    stack.pop();
                    if let Some(inline) = out.iter_mut().rev().find(|m| m.end == usize::MAX) {
                        inline.end = i;
                    }
                }
                depth = depth.saturating_sub(1);
            }
            b'm' if b[i..].starts_with(b"mod ") && (i == 0 || !is_ident(b[i - 1])) => {
                let rest = &text[i + 4..];
                let name: String = rest
                    .trim_start()
                    .chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '_')
                    .collect();
                let after = rest.trim_start()[name.len()..].trim_start();
                if after.starts_with('{') {
                    let before = &text[..i];
                    let attr_start = before.rfind(['}', ';', '{']).map_or(0, |p| p + 1);
                    let is_test = before[attr_start..].contains("cfg(test)")
                        || before[attr_start..].contains("cfg(all(test")
                        || name == "tests";
                    let parent = stack
                        .iter()
                        .rev()
                        .find_map(|(_, n)| n.clone())
                        .unwrap_or_else(|| module.to_string());
                    let inside_test = stack.iter().any(|(_, n)| n.is_none());
                    let full = (!is_test && !inside_test).then(|| format!("{parent}::{name}"));
                    let open = i + 4 + (rest.len() - after.len());
                    stack.push((depth + 1, full.clone()));
                    out.push(Inline {
                        start: open,
                        end: usize::MAX,
                        name: full,
                    });
                    depth += 1;
                    i = open + 1;
                    continue;
                }
            }
            _ => {}
        }
        i += 1;
    }
    for m in &mut out {
        if m.end == usize::MAX {
            m.end = b.len();
        }
    }
    out
}

/// Every path (`a::b`, in a `use` tree or in code), with `use` trees
/// expanded, as (byte offset, segments). Which of them name modules of the
/// crate is for [`resolve`] to say.
fn paths(text: &str) -> Vec<(usize, Vec<String>)> {
    let b = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let word_start = i == 0 || !(is_ident(b[i - 1]) || b[i - 1] == b':');
        if word_start && b[i..].starts_with(b"use ") {
            let end = text[i..].find(';').map_or(b.len(), |p| i + p);
            let tree = &text[i + 4..end];
            let tree = tree.split_whitespace().collect::<Vec<_>>().join(" ");
            for p in expand(&tree) {
                let segs: Vec<String> = p.split("::").map(str::to_string).collect();
                out.push((i, segs));
            }
            i = end;
            continue;
        }
        if word_start && (is_ident(b[i]) || b[i] == b'$') {
            let mut k = i + 1;
            while k < b.len() && is_ident(b[k]) {
                k += 1;
            }
            if b[k..].starts_with(b"::") {
                {
                    let mut j = i;
                    let mut segs = Vec::new();
                    loop {
                        let s = j;
                        if b.get(j) == Some(&b'$') {
                            j += 1;
                        }
                        while j < b.len() && is_ident(b[j]) {
                            j += 1;
                        }
                        if s == j {
                            break;
                        }
                        segs.push(text[s..j].to_string());
                        if b[j..].starts_with(b"::") && b.get(j + 2).is_some_and(|&c| is_ident(c)) {
                            j += 2;
                        } else {
                            break;
                        }
                    }
                    out.push((i, segs));
                    i = j;
                    continue;
                }
            }
            i = k;
            continue;
        }
        i += 1;
    }
    out
}

/// `a::{b, c::{d as e, f}}` into `a::b`, `a::c::d`, `a::c::f`.
fn expand(tree: &str) -> Vec<String> {
    let tree = tree.trim();
    let Some(open) = tree.find('{') else {
        let t = tree.split_whitespace().next().unwrap_or(tree);
        return vec![t.trim_end_matches("::").to_string()];
    };
    let prefix = tree[..open].trim();
    let inner = tree[open + 1..]
        .strip_suffix('}')
        .unwrap_or(&tree[open + 1..]);
    let mut parts = Vec::new();
    let mut depth = 0;
    let mut start = 0;
    for (k, c) in inner.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            ',' if depth == 0 => {
                parts.push(&inner[start..k]);
                start = k + 1;
            }
            _ => {}
        }
    }
    parts.push(&inner[start..]);
    let mut out = Vec::new();
    for part in parts.into_iter().filter(|p| !p.is_empty()) {
        for sub in expand(part) {
            if sub == "self" {
                out.push(prefix.trim_end_matches("::").to_string());
            } else {
                out.push(format!("{prefix}{sub}"));
            }
        }
    }
    out
}

/// The module a path lands in: the deepest module its leading segments name.
fn resolve(modules: &BTreeSet<String>, from: &str, path: &[String]) -> Option<String> {
    let mut segs = path.iter();
    let mut current = match segs.next()?.as_str() {
        "crate" | "$crate" => "crate".to_string(),
        "self" => from.to_string(),
        "super" => parent(from)?,
        // Since the 2018 edition a path may start with a child module.
        child if modules.contains(&format!("{from}::{child}")) => format!("{from}::{child}"),
        _ => return None,
    };
    let mut rest: Vec<&String> = segs.collect();
    while rest.first().is_some_and(|s| s.as_str() == "super") {
        current = parent(&current)?;
        rest.remove(0);
    }
    for seg in rest {
        let next = format!("{current}::{seg}");
        if modules.contains(&next) {
            current = next;
        } else {
            break;
        }
    }
    Some(current)
}

fn parent(module: &str) -> Option<String> {
    module.rfind("::").map(|p| module[..p].to_string())
}
