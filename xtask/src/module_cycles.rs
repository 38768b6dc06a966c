//! The test that no module imports one that imports it back, in any crate
//! of the workspace (and the fuzz crate).
//!
//! Each crate root (`src/lib.rs`, `src/main.rs`, `src/bin/*.rs`,
//! `src/bin/*/main.rs`) is parsed with `syn`, its module tree followed
//! through `mod` items (inline or in files), and every path that names an
//! item of the same crate — `use` items and paths in code that start with
//! `crate`, `self`, `super` or a child module — is resolved to the module
//! that *defines* the item, following `use` re-exports (so `use
//! crate::Board` in a module is an import of the module where `Board` is
//! written, not of the crate root that re-exports it). A module importing
//! itself or one of its own items is no edge. Any strongly connected group
//! of two or more modules fails the test, with one import site of each
//! edge in the cycle.
//!
//! Paths inside macro invocations are not seen (syn leaves them as
//! tokens); nothing in the workspace reaches another module only there.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use syn::visit::Visit;

/// A module: its path from the crate root (empty for the root).
type ModPath = Vec<String>;

/// One module of a crate as read from its source.
#[derive(Debug, Default)]
struct Module {
    /// The file it is written in (inline modules share their parent's).
    file: PathBuf,
    /// Child modules, by name.
    children: BTreeSet<String>,
    /// Names brought in by `use` (any visibility): name → absolute path of
    /// what it names, before resolution.
    bindings: BTreeMap<String, Vec<String>>,
    /// Paths this module uses (absolute, unresolved), with the line of
    /// each use.
    uses: Vec<(Vec<String>, usize)>,
}

/// A crate's module tree.
#[derive(Debug, Default)]
struct Crate {
    modules: BTreeMap<ModPath, Module>,
}

/// The crate roots under `root` (a package directory).
fn crate_roots(package: &Path) -> Vec<PathBuf> {
    let src = package.join("src");
    let mut roots = Vec::new();
    for name in ["lib.rs", "main.rs"] {
        if src.join(name).is_file() {
            roots.push(src.join(name));
        }
    }
    if let Ok(entries) = std::fs::read_dir(src.join("bin")) {
        let mut entries: Vec<_> = entries.flatten().map(|e| e.path()).collect();
        entries.sort();
        for path in entries {
            if path.extension().is_some_and(|e| e == "rs") {
                roots.push(path);
            } else if path.join("main.rs").is_file() {
                roots.push(path.join("main.rs"));
            }
        }
    }
    roots
}

/// Reads the crate whose root file is `root`.
fn read_crate(root: &Path) -> Result<Crate, String> {
    let mut krate = Crate::default();
    let dir = root
        .parent()
        .expect("a root file has a folder")
        .to_path_buf();
    read_file(&mut krate, Vec::new(), root, dir)?;
    Ok(krate)
}

/// Reads the module `path` written in `file`, whose child modules' files
/// are in `child_dir`.
fn read_file(
    krate: &mut Crate,
    path: ModPath,
    file: &Path,
    child_dir: PathBuf,
) -> Result<(), String> {
    let text = std::fs::read_to_string(file).map_err(|e| format!("{}: {e}", file.display()))?;
    let syntax = syn::parse_file(&text).map_err(|e| format!("{}: {e}", file.display()))?;
    read_items(krate, path, file, &child_dir, &syntax.items)
}

/// Reads the items of the module `path`.
fn read_items(
    krate: &mut Crate,
    path: ModPath,
    file: &Path,
    child_dir: &Path,
    items: &[syn::Item],
) -> Result<(), String> {
    let mut module = Module {
        file: file.to_path_buf(),
        ..Module::default()
    };
    let mut children = Vec::new();
    for item in items {
        match item {
            syn::Item::Mod(m) => {
                let name = m.ident.to_string();
                module.children.insert(name.clone());
                children.push(m);
            }
            syn::Item::Use(u) => {
                let line = u.use_token.span.start().line;
                let mut leaves = Vec::new();
                use_tree_leaves(&u.tree, Vec::new(), &mut leaves);
                for (target, bound_as) in leaves {
                    if let Some(name) = bound_as {
                        module.bindings.insert(name, target.clone());
                    }
                    // A re-export (`pub use`) only passes a name on: whoever
                    // uses the name imports the module that defines it.
                    if matches!(u.vis, syn::Visibility::Inherited) {
                        module.uses.push((target, line));
                    }
                }
            }
            other => {
                let mut paths = PathCollector::default();
                paths.visit_item(other);
                module.uses.extend(paths.paths);
            }
        }
    }
    krate.modules.insert(path.clone(), module);
    for m in children {
        let name = m.ident.to_string();
        let mut child = path.clone();
        child.push(name.clone());
        match &m.content {
            Some((_, items)) => {
                read_items(krate, child, file, &child_dir.join(&name), items)?;
            }
            None => {
                let flat = child_dir.join(format!("{name}.rs"));
                let nested = child_dir.join(&name).join("mod.rs");
                let child_file = if flat.is_file() {
                    flat
                } else if nested.is_file() {
                    nested
                } else {
                    return Err(format!(
                        "{}: module `{name}` has neither {} nor {}",
                        file.display(),
                        flat.display(),
                        nested.display()
                    ));
                };
                read_file(krate, child, &child_file, child_dir.join(&name))?;
            }
        }
    }
    Ok(())
}

/// The leaves of a `use` tree: each full path, and the name it binds (none
/// for a glob or `_`).
fn use_tree_leaves(
    tree: &syn::UseTree,
    prefix: Vec<String>,
    out: &mut Vec<(Vec<String>, Option<String>)>,
) {
    let with = |segment: String| {
        let mut path = prefix.clone();
        path.push(segment);
        path
    };
    match tree {
        syn::UseTree::Path(p) => use_tree_leaves(&p.tree, with(p.ident.to_string()), out),
        syn::UseTree::Name(n) if n.ident == "self" => {
            let name = prefix.last().cloned();
            out.push((prefix, name));
        }
        syn::UseTree::Name(n) => out.push((with(n.ident.to_string()), Some(n.ident.to_string()))),
        syn::UseTree::Rename(r) => {
            let target = if r.ident == "self" {
                prefix.clone()
            } else {
                with(r.ident.to_string())
            };
            let name = (r.rename != "_").then(|| r.rename.to_string());
            out.push((target, name));
        }
        syn::UseTree::Glob(_) => out.push((prefix, None)),
        syn::UseTree::Group(g) => {
            for tree in &g.items {
                use_tree_leaves(tree, prefix.clone(), out);
            }
        }
    }
}

/// Every path in an item (not in `use` items, which are read apart), with
/// its line. Inline modules are not entered (they are modules of their own).
#[derive(Default)]
struct PathCollector {
    paths: Vec<(Vec<String>, usize)>,
}

impl<'ast> Visit<'ast> for PathCollector {
    fn visit_path(&mut self, path: &'ast syn::Path) {
        if path.leading_colon.is_none() && path.segments.len() >= 2 {
            let segments = path.segments.iter().map(|s| s.ident.to_string()).collect();
            let line = path.segments[0].ident.span().start().line;
            self.paths.push((segments, line));
        }
        syn::visit::visit_path(self, path);
    }

    fn visit_item_mod(&mut self, _: &'ast syn::ItemMod) {}

    fn visit_item_use(&mut self, _: &'ast syn::ItemUse) {}
}

impl Crate {
    /// The module that defines what `path`, written in module `at`, names;
    /// `None` when it names something outside the crate (or nothing this
    /// reading can follow).
    fn defining_module(&self, at: &ModPath, path: &[String]) -> Option<ModPath> {
        self.resolve(at, path, 0)
    }

    fn resolve(&self, at: &ModPath, path: &[String], depth: usize) -> Option<ModPath> {
        if depth > 32 || path.is_empty() {
            return None;
        }
        // Where the path starts.
        let mut here: ModPath;
        let mut rest = path;
        match path[0].as_str() {
            "crate" => {
                here = Vec::new();
                rest = &path[1..];
            }
            "self" => {
                here = at.clone();
                rest = &path[1..];
            }
            "super" => {
                here = at.clone();
                while rest.first().is_some_and(|s| s == "super") {
                    here.pop()?;
                    rest = &rest[1..];
                }
            }
            first => {
                let module = self.modules.get(at)?;
                if module.children.contains(first) {
                    here = at.clone();
                } else if let Some(target) = module.bindings.get(first) {
                    // A name imported here (`use super::reach;` then
                    // `reach::Field`): follow the import.
                    if target.as_slice() == path {
                        return None;
                    }
                    let mut full = target.clone();
                    full.extend_from_slice(&path[1..]);
                    return self.resolve(at, &full, depth + 1);
                } else {
                    return None; // another crate, a local name, a type's item
                }
            }
        }
        // Down the module tree, through re-exports.
        while let Some((segment, after)) = rest.split_first() {
            let module = self.modules.get(&here)?;
            if module.children.contains(segment) {
                here.push(segment.clone());
                rest = after;
                continue;
            }
            if let Some(target) = module.bindings.get(segment) {
                let mut full = target.clone();
                full.extend_from_slice(after);
                return self.resolve(&here, &full, depth + 1).or(Some(here));
            }
            break; // an item defined in `here`
        }
        Some(here)
    }

    /// The import edges between distinct modules: (from, to) → the first
    /// file and line of such an import.
    fn edges(&self) -> BTreeMap<(ModPath, ModPath), (PathBuf, usize)> {
        let mut edges = BTreeMap::new();
        for (at, module) in &self.modules {
            for (path, line) in &module.uses {
                let Some(to) = self.defining_module(at, path) else {
                    continue;
                };
                if &to == at {
                    continue;
                }
                edges
                    .entry((at.clone(), to))
                    .or_insert_with(|| (module.file.clone(), *line));
            }
        }
        edges
    }
}

/// The groups of two or more modules that reach each other through
/// imports (Tarjan's strongly connected components), each sorted.
fn cycles(edges: &BTreeMap<(ModPath, ModPath), (PathBuf, usize)>) -> Vec<Vec<ModPath>> {
    let mut nodes: BTreeSet<&ModPath> = BTreeSet::new();
    let mut next: BTreeMap<&ModPath, Vec<&ModPath>> = BTreeMap::new();
    for (from, to) in edges.keys() {
        nodes.insert(from);
        nodes.insert(to);
        next.entry(from).or_default().push(to);
    }
    struct Tarjan<'a> {
        next: BTreeMap<&'a ModPath, Vec<&'a ModPath>>,
        index: BTreeMap<&'a ModPath, usize>,
        low: BTreeMap<&'a ModPath, usize>,
        stack: Vec<&'a ModPath>,
        on_stack: BTreeSet<&'a ModPath>,
        groups: Vec<Vec<ModPath>>,
    }
    impl<'a> Tarjan<'a> {
        fn visit(&mut self, v: &'a ModPath) {
            let i = self.index.len();
            self.index.insert(v, i);
            self.low.insert(v, i);
            self.stack.push(v);
            self.on_stack.insert(v);
            for w in self.next.get(v).cloned().unwrap_or_default() {
                if !self.index.contains_key(w) {
                    self.visit(w);
                    let low = self.low[v].min(self.low[w]);
                    self.low.insert(v, low);
                } else if self.on_stack.contains(w) {
                    let low = self.low[v].min(self.index[w]);
                    self.low.insert(v, low);
                }
            }
            if self.low[v] == self.index[v] {
                let mut group = Vec::new();
                while let Some(w) = self.stack.pop() {
                    self.on_stack.remove(w);
                    group.push(w.clone());
                    if w == v {
                        break;
                    }
                }
                if group.len() > 1 {
                    group.sort();
                    self.groups.push(group);
                }
            }
        }
    }
    let mut tarjan = Tarjan {
        next,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on_stack: BTreeSet::new(),
        groups: Vec::new(),
    };
    for v in nodes {
        if !tarjan.index.contains_key(v) {
            tarjan.visit(v);
        }
    }
    tarjan.groups
}

/// `crate::a::b` for a module path.
fn show(path: &ModPath) -> String {
    std::iter::once("crate")
        .chain(path.iter().map(String::as_str))
        .collect::<Vec<_>>()
        .join("::")
}

/// The cycles of the crate rooted at `root`, each described with one import
/// site of each of its edges.
fn crate_cycles(root: &Path) -> Result<Vec<String>, String> {
    let krate = read_crate(root)?;
    let edges = krate.edges();
    let mut found = Vec::new();
    for group in cycles(&edges) {
        let members: BTreeSet<&ModPath> = group.iter().collect();
        let mut text = format!(
            "{}: modules that import each other: {}",
            root.display(),
            group.iter().map(show).collect::<Vec<_>>().join(", ")
        );
        for ((from, to), (file, line)) in &edges {
            if members.contains(from) && members.contains(to) {
                text.push_str(&format!(
                    "\n    {} imports {} ({}:{line})",
                    show(from),
                    show(to),
                    file.display()
                ));
            }
        }
        found.push(text);
    }
    Ok(found)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The workspace's root folder (xtask is one of its members).
    fn workspace() -> PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .parent()
            .expect("xtask is in the workspace")
            .to_path_buf()
    }

    #[test]
    fn no_module_imports_one_that_imports_it_back() {
        let root = workspace();
        let mut packages = vec![root.join("xtask"), root.join("fuzz")];
        let mut crates: Vec<PathBuf> = std::fs::read_dir(root.join("crates"))
            .expect("crates/ is readable")
            .flatten()
            .map(|e| e.path())
            .collect();
        crates.sort();
        packages.extend(crates);
        let mut problems = Vec::new();
        let mut roots_seen = 0;
        for package in packages {
            for crate_root in crate_roots(&package) {
                roots_seen += 1;
                match crate_cycles(&crate_root) {
                    Ok(found) => problems.extend(found),
                    Err(e) => problems.push(e),
                }
            }
        }
        assert!(roots_seen >= 10, "only {roots_seen} crate roots found");
        assert!(problems.is_empty(), "{}", problems.join("\n"));
    }

    /// Writes `files` (path, text) into a fresh folder and returns the
    /// cycles of the crate rooted at its `lib.rs`.
    fn cycles_of(name: &str, files: &[(&str, &str)]) -> Vec<String> {
        let dir =
            std::env::temp_dir().join(format!("xtask-module-cycles-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        for (path, text) in files {
            let path = dir.join(path);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(path, text).unwrap();
        }
        let found = crate_cycles(&dir.join("lib.rs")).unwrap();
        std::fs::remove_dir_all(&dir).unwrap();
        found
    }

    #[test]
    fn finds_two_modules_importing_each_other() {
        let found = cycles_of(
            "pair",
            &[
                ("lib.rs", "mod a;\nmod b;\n"),
                ("a.rs", "use super::b::B;\npub struct A;\n"),
                (
                    "b.rs",
                    "pub struct B;\nfn f() -> crate::a::A { crate::a::A }\n",
                ),
            ],
        );
        assert_eq!(found.len(), 1, "{found:?}");
        assert!(
            found[0].contains("crate::a imports crate::b"),
            "{}",
            found[0]
        );
        assert!(
            found[0].contains("crate::b imports crate::a"),
            "{}",
            found[0]
        );
    }

    #[test]
    fn follows_re_exports_to_the_defining_module() {
        // b uses `crate::A`, which lib.rs re-exports from a; a uses b: a
        // cycle through the re-export, not through the root.
        let through_root = cycles_of(
            "reexport",
            &[
                ("lib.rs", "mod a;\nmod b;\npub use a::A;\n"),
                ("a.rs", "pub struct A(crate::b::B);\n"),
                ("b.rs", "use crate::A;\npub struct B(Box<A>);\n"),
            ],
        );
        assert_eq!(through_root.len(), 1, "{through_root:?}");
        assert!(through_root[0].contains("crate::a, crate::b"));
        // The same without b's use of a: the re-export alone is no import.
        let fine = cycles_of(
            "reexport-fine",
            &[
                ("lib.rs", "mod a;\nmod b;\npub use a::A;\npub use b::B;\n"),
                ("a.rs", "pub struct A(crate::B);\n"),
                ("b.rs", "pub struct B;\n"),
            ],
        );
        assert!(fine.is_empty(), "{fine:?}");
    }

    #[test]
    fn finds_a_longer_cycle_through_folders_and_private_imports() {
        let found = cycles_of(
            "long",
            &[
                ("lib.rs", "mod e;\n"),
                ("e/mod.rs", "mod x;\nmod y;\nmod z;\nuse crate::e::z::Z;\n"),
                ("e/x.rs", "use super::y;\nfn f(_: y::Y) {}\n"),
                ("e/y.rs", "pub struct Y;\nfn g(_: super::Z) {}\n"),
                ("e/z.rs", "pub struct Z;\nfn h() { super::x::f; }\n"),
            ],
        );
        // x -> y -> z (through e's private import of Z) -> x.
        assert_eq!(found.len(), 1, "{found:?}");
        assert!(
            found[0].contains("crate::e::x, crate::e::y, crate::e::z"),
            "{}",
            found[0]
        );
    }

    #[test]
    fn a_child_using_its_parent_is_no_cycle_unless_the_parent_uses_it() {
        let tests_only = cycles_of(
            "child",
            &[
                ("lib.rs", "mod a;\n"),
                (
                    "a.rs",
                    "pub fn f() {}\n#[cfg(test)]\nmod tests {\n    use super::*;\n    fn t() { f() }\n}\n",
                ),
            ],
        );
        assert!(tests_only.is_empty(), "{tests_only:?}");
        let state_in_root = cycles_of(
            "root-state",
            &[
                (
                    "lib.rs",
                    "mod game;\npub struct State;\nfn app() { game::handler(); }\n",
                ),
                (
                    "game.rs",
                    "use crate::State;\npub fn handler() -> Option<State> { None }\n",
                ),
            ],
        );
        assert_eq!(state_in_root.len(), 1, "{state_in_root:?}");
    }
}
