//! The layers the compiler cannot keep by itself (README, "Architecture"):
//!
//! * **No circle between the top-level modules of a crate** (the `mod`s of
//!   its root file: its folders and root files), counted by their
//!   `crate::<module>` paths in code (`use` trees, types, expressions). In
//!   the core, whose modules are a stack, each module may name only those
//!   its `lib.rs` declares before it.
//! * **No forbidden crate dependency**: the engine and the core have no
//!   web, async or terminal dependency; the command line and the server
//!   build on the engine and the core, never on the web app (`cargo
//!   metadata`'s resolved graph, normal dependencies, for the native and
//!   the wasm target).
//!
//! Each check is also shown failing on a planted back-import or
//! dependency, so that it cannot pass by looking at nothing.
#![cfg(not(target_arch = "wasm32"))]

mod source;

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};

use serde_json::Value;
use syn::visit::Visit;

/// A crate of the workspace: its package and its root file.
struct Crate {
    package: &'static str,
    root_file: &'static str,
    /// Whether its modules form a stack in the order they are declared.
    stacked: bool,
}

const CRATES: [Crate; 6] = [
    Crate {
        package: "mind-sports-engine",
        root_file: "src/engine/lib.rs",
        stacked: false,
    },
    Crate {
        package: "mind-sports-derive",
        root_file: "src/derive/lib.rs",
        stacked: false,
    },
    Crate {
        package: "mind-sports-core",
        root_file: "src/core/lib.rs",
        stacked: true,
    },
    Crate {
        package: "mind-sports-web",
        root_file: "src/lib.rs",
        stacked: false,
    },
    Crate {
        package: "mind-sports-cli",
        root_file: "src/cli/lib.rs",
        stacked: false,
    },
    Crate {
        package: "mind-sports-server",
        root_file: "src/server/lib.rs",
        stacked: false,
    },
];

/// Web, async and terminal crates, and the project's own upper layers.
const WEB: [&str; 6] = [
    "yew",
    "web-sys",
    "wasm-bindgen",
    "js-sys",
    "gloo-worker",
    "gloo-events",
];
const ASYNC: [&str; 4] = ["tokio", "axum", "futures-util", "hyper"];
const TERMINAL: [&str; 1] = ["clap"];

/// What each package must never depend on (directly or not).
fn forbidden(package: &str) -> Vec<&'static str> {
    let web_app = ["mind-sports-web", "mind-sports-cli", "mind-sports-server"];
    match package {
        "mind-sports-engine" | "mind-sports-core" | "mind-sports-derive" => {
            let mut all: Vec<&str> = WEB.iter().chain(&ASYNC).chain(&TERMINAL).copied().collect();
            all.extend(web_app);
            if package != "mind-sports-core" {
                all.push("mind-sports-core");
            }
            if package == "mind-sports-derive" {
                all.push("mind-sports-engine");
            }
            all
        }
        "mind-sports-cli" | "mind-sports-server" => {
            let mut all: Vec<&str> = WEB.to_vec();
            all.extend(web_app.iter().filter(|&&p| p != package));
            all
        }
        _ => vec![
            "mind-sports-cli",
            "mind-sports-server",
            "tokio",
            "axum",
            "clap",
        ],
    }
}

// --- modules -------------------------------------------------------------

/// The top-level modules of a crate, in the order its root file declares
/// them, with their files.
fn modules(root_file: &Path) -> Vec<(String, Vec<PathBuf>)> {
    let dir = root_file.parent().expect("a crate's root is in a folder");
    source::parse(root_file)
        .items
        .iter()
        .filter_map(|item| match item {
            syn::Item::Mod(m) if m.content.is_none() => Some(m.ident.to_string()),
            _ => None,
        })
        .map(|name| {
            let mut files = Vec::new();
            let file = dir.join(format!("{name}.rs"));
            if file.exists() {
                files.push(file);
            }
            let folder = dir.join(&name);
            if folder.is_dir() {
                files.extend(source::rust_files(&folder));
            }
            (name, files)
        })
        .collect()
}

/// The first segments of the `crate::` paths a file names.
#[derive(Default)]
struct CratePaths(BTreeSet<String>);

impl CratePaths {
    fn use_tree(&mut self, tree: &syn::UseTree, after_crate: bool) {
        match tree {
            syn::UseTree::Path(p) if !after_crate && p.ident == "crate" => {
                self.use_tree(&p.tree, true)
            }
            syn::UseTree::Path(p) if after_crate => {
                self.0.insert(p.ident.to_string());
            }
            syn::UseTree::Name(n) if after_crate => {
                self.0.insert(n.ident.to_string());
            }
            syn::UseTree::Rename(r) if after_crate => {
                self.0.insert(r.ident.to_string());
            }
            syn::UseTree::Group(g) => g.items.iter().for_each(|t| self.use_tree(t, after_crate)),
            _ => {}
        }
    }
}

impl<'ast> Visit<'ast> for CratePaths {
    fn visit_item_use(&mut self, u: &'ast syn::ItemUse) {
        self.use_tree(&u.tree, false);
    }

    fn visit_path(&mut self, path: &'ast syn::Path) {
        let mut segments = path.segments.iter();
        if let (Some(first), Some(second)) = (segments.next(), segments.next()) {
            if first.ident == "crate" {
                self.0.insert(second.ident.to_string());
            }
        }
        syn::visit::visit_path(self, path);
    }
}

/// Which top-level modules each top-level module names.
type Graph = BTreeMap<String, BTreeSet<String>>;

fn graph(modules: &[(String, Vec<PathBuf>)]) -> Graph {
    let names: BTreeSet<&String> = modules.iter().map(|(n, _)| n).collect();
    modules
        .iter()
        .map(|(name, files)| {
            let mut paths = CratePaths::default();
            for file in files {
                paths.visit_file(&source::parse(file));
            }
            let named = paths
                .0
                .into_iter()
                .filter(|m| m != name && names.contains(m))
                .collect();
            (name.clone(), named)
        })
        .collect()
}

/// The circles of `graph`: each strongly connected set of two or more
/// modules (Tarjan's algorithm), sorted.
fn circles(graph: &Graph) -> Vec<Vec<String>> {
    struct Walk<'a> {
        graph: &'a Graph,
        index: BTreeMap<&'a str, usize>,
        low: BTreeMap<&'a str, usize>,
        stack: Vec<&'a str>,
        found: Vec<Vec<String>>,
    }
    impl<'a> Walk<'a> {
        fn visit(&mut self, v: &'a str) {
            let i = self.index.len();
            self.index.insert(v, i);
            self.low.insert(v, i);
            self.stack.push(v);
            for w in &self.graph[v] {
                let w = w.as_str();
                if !self.index.contains_key(w) {
                    self.visit(w);
                    let low = self.low[v].min(self.low[w]);
                    self.low.insert(v, low);
                } else if self.stack.contains(&w) {
                    let low = self.low[v].min(self.index[w]);
                    self.low.insert(v, low);
                }
            }
            if self.low[v] == self.index[v] {
                let at = self
                    .stack
                    .iter()
                    .position(|&x| x == v)
                    .expect("on the stack");
                let mut set: Vec<String> = self.stack.drain(at..).map(str::to_string).collect();
                if set.len() > 1 {
                    set.sort();
                    self.found.push(set);
                }
            }
        }
    }
    let mut walk = Walk {
        graph,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        found: Vec::new(),
    };
    for v in graph.keys() {
        if !walk.index.contains_key(v.as_str()) {
            walk.visit(v);
        }
    }
    walk.found.sort();
    walk.found
}

/// In a stack of modules, every arrow that points up: `a -> b` where `b`
/// is declared after `a`.
fn upward(modules: &[(String, Vec<PathBuf>)], graph: &Graph) -> Vec<String> {
    let place = |name: &str| modules.iter().position(|(n, _)| n == name);
    graph
        .iter()
        .flat_map(|(a, named)| named.iter().map(move |b| (a, b)))
        .filter(|(a, b)| place(b) > place(a))
        .map(|(a, b)| format!("{a} -> {b}"))
        .collect()
}

/// What is wrong with the modules of the crate whose root is `root_file`.
fn module_faults(root_file: &Path, stacked: bool) -> Vec<String> {
    let modules = modules(root_file);
    assert!(
        !modules.is_empty(),
        "{} declares modules",
        root_file.display()
    );
    let graph = graph(&modules);
    let mut faults: Vec<String> = circles(&graph)
        .into_iter()
        .map(|c| format!("circle: {}", c.join(", ")))
        .collect();
    if stacked {
        faults.extend(
            upward(&modules, &graph)
                .into_iter()
                .map(|a| format!("upward: {a}")),
        );
    }
    faults
}

#[test]
fn no_circle_between_the_top_level_modules_of_a_crate() {
    let mut faults = Vec::new();
    for c in &CRATES {
        for fault in module_faults(&source::root().join(c.root_file), c.stacked) {
            faults.push(format!("{}: {fault}", c.package));
        }
    }
    assert!(
        faults.is_empty(),
        "module layers broken:\n{}",
        faults.join("\n")
    );
}

/// A copy of the core with one line added to `file` (relative to the core's
/// folder); its faults.
fn core_with(file: &str, line: &str) -> Vec<String> {
    let from = source::root().join("src/core");
    static COPIES: AtomicUsize = AtomicUsize::new(0);
    let copy = COPIES.fetch_add(1, Ordering::Relaxed);
    let to = std::env::temp_dir().join(format!("layers-{}-{copy}", std::process::id()));
    let _ = std::fs::remove_dir_all(&to);
    for path in source::rust_files(&from) {
        let target = to.join(path.strip_prefix(&from).expect("below the core"));
        std::fs::create_dir_all(target.parent().expect("a folder")).unwrap();
        std::fs::copy(&path, &target).unwrap();
    }
    let planted = to.join(file);
    let mut text = std::fs::read_to_string(&planted).unwrap();
    text.push_str(line);
    std::fs::write(&planted, text).unwrap();
    let faults = module_faults(&to.join("lib.rs"), true);
    std::fs::remove_dir_all(&to).unwrap();
    faults
}

#[test]
fn a_planted_back_import_is_found() {
    // The club's errors in words again from the club: the circle this
    // issue broke (club -> i18n -> club).
    let faults = core_with(
        "club/csv.rs",
        "\n#[allow(unused_imports)]\nuse crate::i18n::Texts;\n",
    );
    assert!(
        faults.contains(&"upward: club -> i18n".to_string()),
        "{faults:?}"
    );
    assert!(
        faults
            .iter()
            .any(|f| f.starts_with("circle: ") && f.contains("club") && f.contains("i18n")),
        "{faults:?}"
    );
    // An upward type path in an expression, without `use`.
    let faults = core_with(
        "session/turn.rs",
        "\nfn _planted() -> Option<crate::embed::params::Mode> { None }\n",
    );
    assert!(
        faults.contains(&"upward: session -> embed".to_string()),
        "{faults:?}"
    );
    // A downward one is no fault.
    let faults = core_with(
        "frame.rs",
        "\n#[allow(unused_imports)]\nuse crate::club::text::key;\n",
    );
    assert!(faults.is_empty(), "{faults:?}");
}

// --- crates ----------------------------------------------------------------

/// The packages each workspace package depends on, directly or not, by
/// normal dependencies on `platform`.
fn dependencies(platform: &str) -> BTreeMap<String, BTreeSet<String>> {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let out = Command::new(cargo)
        .args([
            "metadata",
            "--format-version",
            "1",
            "--offline",
            "--filter-platform",
            platform,
        ])
        .current_dir(source::root())
        .output()
        .expect("cargo metadata runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let metadata: Value = serde_json::from_slice(&out.stdout).expect("cargo metadata's JSON");
    let name_of: BTreeMap<&str, &str> = metadata["packages"]
        .as_array()
        .expect("packages")
        .iter()
        .map(|p| (p["id"].as_str().unwrap(), p["name"].as_str().unwrap()))
        .collect();
    let direct: BTreeMap<&str, Vec<&str>> = metadata["resolve"]["nodes"]
        .as_array()
        .expect("the resolved graph")
        .iter()
        .map(|node| {
            let normal = node["deps"]
                .as_array()
                .unwrap()
                .iter()
                .filter(|d| {
                    d["dep_kinds"]
                        .as_array()
                        .unwrap()
                        .iter()
                        .any(|k| k["kind"].is_null())
                })
                .map(|d| d["pkg"].as_str().unwrap())
                .collect();
            (node["id"].as_str().unwrap(), normal)
        })
        .collect();
    let members = metadata["workspace_members"].as_array().expect("members");
    members
        .iter()
        .map(|id| {
            let id = id.as_str().unwrap();
            let mut seen = BTreeSet::new();
            let mut todo = direct[id].clone();
            while let Some(next) = todo.pop() {
                if seen.insert(name_of[next].to_string()) {
                    todo.extend(direct[next].iter().copied());
                }
            }
            (name_of[id].to_string(), seen)
        })
        .collect()
}

/// The host's target triple.
fn host() -> String {
    let out = Command::new("rustc")
        .arg("-vV")
        .output()
        .expect("rustc runs");
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .find_map(|l| l.strip_prefix("host: "))
        .expect("rustc names its host")
        .to_string()
}

/// Every forbidden dependency in `deps`, as `package -> dependency`.
fn dependency_faults(deps: &BTreeMap<String, BTreeSet<String>>) -> Vec<String> {
    let mut faults = Vec::new();
    for c in &CRATES {
        let has = &deps[c.package];
        for banned in forbidden(c.package) {
            if has.contains(banned) {
                faults.push(format!("{} -> {banned}", c.package));
            }
        }
    }
    faults
}

#[test]
fn no_forbidden_crate_dependency() {
    for platform in [host(), "wasm32-unknown-unknown".to_string()] {
        let deps = dependencies(&platform);
        assert!(
            deps["mind-sports-web"].contains("mind-sports-core"),
            "the graph is read"
        );
        let faults = dependency_faults(&deps);
        assert!(faults.is_empty(), "on {platform}: {}", faults.join("\n"));
    }
}

#[test]
fn a_planted_dependency_is_found() {
    let mut deps = dependencies(&host());
    let server = deps["mind-sports-server"].clone();
    deps.get_mut("mind-sports-core")
        .unwrap()
        .extend(server.iter().filter(|p| *p == "tokio").cloned());
    deps.get_mut("mind-sports-server")
        .unwrap()
        .insert("mind-sports-web".into());
    assert_eq!(
        dependency_faults(&deps),
        [
            "mind-sports-core -> tokio",
            "mind-sports-server -> mind-sports-web"
        ]
    );
}
