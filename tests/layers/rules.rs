//! The house rules, each a function from a crate (and the floor table) to what breaks it.

use std::collections::BTreeMap;
use std::fmt;

use crate::floors::Floors;
use crate::model::Crate;
use crate::source::{path_around, words};

/// One path that breaks a rule.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Finding {
    /// The file, as the crate was given it (`src/core/ring.rs`).
    pub file: String,
    /// The path as written.
    pub path: String,
    /// Why it breaks the rule.
    pub why: String,
}

impl fmt::Display for Finding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: `{}` {}", self.file, self.path, self.why)
    }
}

/// Every import of the library that breaks the floor table: an engine file reaching a floor
/// above its own or a folder above the engine, or going through the engine's front door
/// (`crate::core::Scenario` from inside `core/`, which hides the real floor); a folder above
/// the engine reaching one its row does not allow.
pub fn against_the_floors(library: &Crate, floors: &Floors) -> Vec<Finding> {
    let mut found = Vec::new();
    for (module, m) in &library.modules {
        for import in &m.imports {
            let target = import.target.as_str();
            let finding = |why: String| Finding {
                file: m.file.clone(),
                path: import.written.clone(),
                why,
            };
            if target.is_empty() {
                continue;
            }
            if module.starts_with("core::") {
                if target == "core" || import.through.iter().any(|t| t == "core") {
                    found.push(finding(format!(
                        "comes through the engine's front door; name the module that defines it (`{target}`)"
                    )));
                    continue;
                }
                if !target.starts_with("core::") {
                    found.push(finding(format!("reaches `{target}`, above the engine")));
                    continue;
                }
                let (Some(from), Some(to)) = (floors.floor_of(module), floors.floor_of(target))
                else {
                    continue;
                };
                if to.number > from.number {
                    found.push(finding(format!(
                        "reaches floor {} ({}, `{target}`) from floor {} ({})",
                        to.number, to.name, from.number, from.name
                    )));
                }
            } else if let Some(row) = floors.row_of(module) {
                let top = target.split("::").next().unwrap_or_default();
                if top != row.folder && !row.may.iter().any(|m| m == top) {
                    found.push(finding(format!(
                        "reaches `{target}`, but `src/{}/` may import only {}",
                        row.folder,
                        listed(&row.may, "")
                    )));
                }
            }
        }
    }
    found
}

/// Every path of a binary (`src/bin/ringlab/`) into the library that its row does not allow.
pub fn against_the_row_of(binary: &Crate, folder: &str, floors: &Floors) -> Vec<Finding> {
    let Some(row) = floors.row_of(folder) else {
        return Vec::new();
    };
    let mut found = Vec::new();
    for m in binary.modules.values() {
        for (path, written) in &m.external {
            let [first, second, ..] = &path[..] else {
                continue;
            };
            if first == "ringlab" && !row.may.contains(second) {
                found.push(Finding {
                    file: m.file.clone(),
                    path: written.clone(),
                    why: format!(
                        "reaches `ringlab::{second}`, but `src/{folder}/` may import only {}",
                        listed(&row.may, "ringlab::")
                    ),
                });
            }
        }
    }
    found
}

fn listed(names: &[String], prefix: &str) -> String {
    let names: Vec<String> = names.iter().map(|n| format!("`{prefix}{n}`")).collect();
    names.join(", ")
}

/// Whether `name` is a crate of the browser: Leptos, wasm-bindgen, web-sys, js-sys, gloo, the
/// panic hook, or one of their families (`leptos_router`, `wasm_bindgen_futures`, `gloo_timers`).
pub fn is_web_crate(name: &str) -> bool {
    let family = |root: &str| name == root || name.starts_with(&format!("{root}_"));
    matches!(name, "web_sys" | "js_sys" | "console_error_panic_hook")
        || ["leptos", "wasm_bindgen", "gloo"].into_iter().any(family)
}

/// Every place a module for which `native` holds names a crate of the browser, tests included,
/// comments and strings aside.
pub fn web_crates(krate: &Crate, native: impl Fn(&str) -> bool) -> Vec<Finding> {
    let mut found: Vec<Finding> = Vec::new();
    for (module, m) in &krate.modules {
        if !native(module) {
            continue;
        }
        for (at, word) in words(&m.code) {
            if !is_web_crate(word) {
                continue;
            }
            let finding = Finding {
                file: m.file.clone(),
                path: path_around(&m.code, at).to_string(),
                why: format!("names the web crate `{word}` in native code"),
            };
            if !found.contains(&finding) {
                found.push(finding);
            }
        }
    }
    found
}

/// Who imports whom: for each module, the modules it imports, each with the file and the path
/// as written that does it.
pub type Graph = BTreeMap<String, BTreeMap<String, (String, String)>>;

/// The crate's modules as a graph.
///
/// Every import is an edge to the module that defines what it names, and, when the path went
/// through another folder's front file (`crate::core::hash::Lanes`, which `core/hash/mod.rs`
/// re-exports from `core/hash/lanes.rs`), to that front file too: the path reads the name from
/// there. A folder's own front file, which a room goes through to a sibling (`super::Lanes`),
/// is not counted: inside the folder, the name is the sibling's. A re-export is an import like any other, a front file's re-export of its own rooms
/// (`pub use layout::Layout` in `placement/mod.rs`) included; declaring a room (`pub mod
/// layout;`) is not one. So a room that uses what its front file defines, while the front file
/// re-exports the room, imports in a circle.
pub fn graph(krate: &Crate) -> Graph {
    let mut out = Graph::new();
    for (module, m) in &krate.modules {
        let edges = out.entry(module.clone()).or_default();
        for import in &m.imports {
            let doors = import
                .through
                .iter()
                .filter_map(|scope| krate.owner(scope))
                .filter(|door| krate.is_front(door) && !within(module, door));
            for target in std::iter::once(import.target.as_str()).chain(doors) {
                edges
                    .entry(target.to_string())
                    .or_insert_with(|| (m.file.clone(), import.written.clone()));
            }
        }
    }
    out
}

/// Whether `module` is `folder` or lies within it.
fn within(module: &str, folder: &str) -> bool {
    folder.is_empty() || module == folder || module.starts_with(&format!("{folder}::"))
}

/// The room a module belongs to: its first two names (`ui::state`, `teach::quiz`), its folder
/// of the page, of teaching or of drawing. The engine's rooms are its floors.
fn room_of(module: &str) -> Option<String> {
    if module == "core" || module.starts_with("core::") {
        return None;
    }
    Some(module.split("::").take(2).collect::<Vec<_>>().join("::"))
}

/// The graph seen room by room: a room imports what any of its files imports from another.
pub fn rooms(graph: &Graph) -> Graph {
    let mut out = Graph::new();
    for (module, edges) in graph {
        let Some(room) = room_of(module) else {
            continue;
        };
        let entry = out.entry(room.clone()).or_default();
        for (target, why) in edges {
            match room_of(target) {
                Some(to) if to != room => {
                    entry.entry(to).or_insert_with(|| why.clone());
                }
                _ => {}
            }
        }
    }
    out
}

/// The circles of `graph`: groups of two or more that import one another, each sorted.
pub fn circles(graph: &Graph) -> Vec<Vec<String>> {
    // Tarjan's strongly connected components.
    struct Walk<'a> {
        graph: &'a Graph,
        index: BTreeMap<&'a str, usize>,
        low: BTreeMap<&'a str, usize>,
        stack: Vec<&'a str>,
        found: Vec<Vec<String>>,
    }
    fn visit<'a>(w: &mut Walk<'a>, v: &'a str) {
        let n = w.index.len();
        w.index.insert(v, n);
        w.low.insert(v, n);
        w.stack.push(v);
        let graph = w.graph;
        for target in graph[v].keys() {
            let Some((t, _)) = graph.get_key_value(target.as_str()) else {
                continue;
            };
            let t = t.as_str();
            if !w.index.contains_key(t) {
                visit(w, t);
                let low = w.low[v].min(w.low[t]);
                w.low.insert(v, low);
            } else if w.stack.contains(&t) {
                let low = w.low[v].min(w.index[t]);
                w.low.insert(v, low);
            }
        }
        if w.low[v] == w.index[v] {
            let mut group = Vec::new();
            while let Some(t) = w.stack.pop() {
                group.push(t.to_string());
                if t == v {
                    break;
                }
            }
            if group.len() > 1 {
                group.sort();
                w.found.push(group);
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
    for module in graph.keys() {
        if !walk.index.contains_key(module.as_str()) {
            visit(&mut walk, module);
        }
    }
    walk.found.sort();
    walk.found
}

/// A circle in words: each import that joins two of its members.
pub fn explain(graph: &Graph, circle: &[String]) -> String {
    let mut lines = vec![format!("{} import one another:", circle.join(", "))];
    for member in circle {
        for (target, (file, written)) in &graph[member] {
            if circle.contains(target) {
                lines.push(format!("  {file}: `{written}` reaches `{target}`"));
            }
        }
    }
    lines.join("\n")
}
