//! The house rules, read from the source: the engine is built in floors and each file imports
//! only from its own floor or the floors below; nothing in `src/` imports in a circle.
//!
//! The floors are listed once, in [`FLOORS`] (and drawn in docs/design.md). A file's imports
//! are its `use` paths and the paths it writes out in code (`crate::core::par::threads()`),
//! resolved to the module that defines them; re-exports (`pub use`) and `mod` declarations are
//! a folder's front door, not dependencies. Code under `#[cfg(test)]` may build its fixtures
//! from anywhere in the engine, so it is not checked.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// Every module of the engine and its floor, ground first. A module's folder shares its floor.
const FLOORS: &[(&str, u8, &str)] = &[
    ("core::error", 0, "base"),
    ("core::decimal", 0, "base"),
    ("core::mix", 0, "base"),
    ("core::modn", 0, "base"),
    ("core::par", 0, "base"),
    ("core::sum", 0, "base"),
    ("core::words", 0, "base"),
    ("core::hash", 1, "the ring's nouns"),
    ("core::size", 1, "the ring's nouns"),
    ("core::server", 1, "the ring's nouns"),
    ("core::naming", 1, "the ring's nouns"),
    ("core::keys", 1, "the ring's nouns"),
    ("core::ring", 1, "the ring's nouns"),
    ("core::diff", 1, "the ring's nouns"),
    ("core::moves", 1, "the ring's nouns"),
    ("core::cache", 1, "the ring's nouns"),
    ("core::placement", 2, "placements"),
    ("core::traffic", 3, "figures"),
    ("core::stats", 3, "figures"),
    ("core::scenario", 4, "the scenario"),
    ("core::compare", 5, "analyses"),
    ("core::replicas", 5, "analyses"),
    ("core::moved_reads", 5, "analyses"),
    ("core::sweep", 5, "analyses"),
    ("core::timeline", 5, "analyses"),
    ("core::data", 6, "text forms"),
    ("core::file", 6, "text forms"),
    ("core::link", 6, "text forms"),
    ("core::text", 6, "text forms"),
    ("core::message", 6, "text forms"),
    ("core::pasted", 6, "text forms"),
    ("teach", 7, "teaching"),
    ("draw", 7, "drawing"),
    ("ui", 8, "the page"),
];

/// One file's module and what it imports.
#[derive(Debug)]
struct Module {
    file: PathBuf,
    /// The modules it imports from, each with the path as written.
    imports: BTreeMap<String, String>,
}

/// The modules of a crate, by path (`core::placement::layout`, the root being ``).
type Crate = BTreeMap<String, Module>;

/// Reads the crate whose root file is `root` (lib.rs or main.rs): every file below its folder.
fn read_crate(root: &Path) -> Crate {
    let dir = root.parent().expect("the root file is in a folder");
    let mut files = Vec::new();
    collect_files(dir, &mut files);
    let mut paths: BTreeMap<String, PathBuf> = BTreeMap::new();
    for file in files {
        if file.parent() == Some(dir) && file != root && is_crate_root(&file) {
            continue;
        }
        if file.starts_with(dir.join("bin")) && root.file_name() == Some("lib.rs".as_ref()) {
            continue;
        }
        paths.insert(module_path(dir, &file), file);
    }
    let known: BTreeSet<String> = paths.keys().cloned().collect();
    paths
        .into_iter()
        .map(|(path, file)| {
            let source = fs::read_to_string(&file).expect("a source file reads");
            let imports = imports_of(&path, &strip(&source), &known);
            (path, Module { file, imports })
        })
        .collect()
}

fn is_crate_root(file: &Path) -> bool {
    matches!(
        file.file_name().and_then(|n| n.to_str()),
        Some("main.rs" | "lib.rs")
    )
}

fn collect_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<PathBuf> = fs::read_dir(dir)
        .expect("a source folder reads")
        .map(|e| e.expect("an entry").path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            collect_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// `src/core/placement/mod.rs` is `core::placement`; `src/lib.rs` is ``.
fn module_path(dir: &Path, file: &Path) -> String {
    let relative = file
        .strip_prefix(dir)
        .expect("the file is under the folder");
    let mut parts: Vec<String> = relative
        .iter()
        .map(|p| p.to_string_lossy().trim_end_matches(".rs").to_string())
        .collect();
    if matches!(
        parts.last().map(String::as_str),
        Some("mod" | "lib" | "main")
    ) {
        parts.pop();
    }
    parts.join("::")
}

/// The source without comments, string and char literals, and items under `#[cfg(test)]`.
fn strip(source: &str) -> String {
    let bytes = source.as_bytes();
    let mut out = String::with_capacity(source.len());
    let mut i = 0;
    while i < bytes.len() {
        let rest = &source[i..];
        if rest.starts_with("//") {
            i += rest.find('\n').unwrap_or(rest.len());
        } else if rest.starts_with("/*") {
            i += rest.find("*/").map_or(rest.len(), |e| e + 2);
        } else if rest.starts_with("r#\"") || rest.starts_with("r\"") {
            let hashes = rest[1..].bytes().take_while(|&b| b == b'#').count();
            let close = format!("\"{}", "#".repeat(hashes));
            let body = 2 + hashes;
            i += body
                + rest[body..]
                    .find(&close)
                    .map_or(rest.len() - body, |e| e + close.len());
            out.push_str("\"\"");
        } else if bytes[i] == b'"' {
            let mut j = i + 1;
            while j < bytes.len() && bytes[j] != b'"' {
                j += if bytes[j] == b'\\' { 2 } else { 1 };
            }
            i = j + 1;
            out.push_str("\"\"");
        } else if bytes[i] == b'\'' && is_char_literal(rest) {
            let end = rest[1..].find('\'').map_or(1, |e| e + 2);
            i += end;
            out.push_str("' '");
        } else if rest.starts_with("#[cfg(test)]") {
            i += "#[cfg(test)]".len();
            i += item_length(&source[i..]);
        } else {
            let c = rest.chars().next().expect("not at the end");
            out.push(c);
            i += c.len_utf8();
        }
    }
    out
}

/// Whether `rest`, starting at a `'`, is a char literal rather than a lifetime.
fn is_char_literal(rest: &str) -> bool {
    let b = rest.as_bytes();
    (b.len() > 2 && b[1] == b'\\') || rest.chars().nth(2) == Some('\'')
}

/// The length of the item that starts `text`: to its matching close brace, or to the `;` that
/// ends it first.
fn item_length(text: &str) -> usize {
    let mut depth = 0;
    for (i, c) in text.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => {
                depth -= 1;
                if depth == 0 {
                    return i + 1;
                }
            }
            ';' if depth == 0 => return i + 1,
            _ => {}
        }
    }
    text.len()
}

/// The modules `module`'s stripped source imports from, resolved among `known` modules.
/// Inline modules (`mod avx2 { .. }`) resolve their paths from where they stand, and their
/// imports count as the file's.
fn imports_of(module: &str, source: &str, known: &BTreeSet<String>) -> BTreeMap<String, String> {
    let mut found = BTreeMap::new();
    for (at, text) in inline_modules(module, source) {
        for path in paths_in(&text) {
            if let Some(target) = resolve(&at, &path, known) {
                if target != module {
                    found.entry(target).or_insert(path);
                }
            }
        }
    }
    found
}

/// `source` split into the module's own text and each inline module's, with their paths.
fn inline_modules(module: &str, source: &str) -> Vec<(String, String)> {
    let mut own = String::new();
    let mut nested = Vec::new();
    let mut rest = source;
    while let Some(at) = find_word(rest, "mod") {
        let after = &rest[at + 3..];
        let name: String = after
            .trim_start()
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        let gap = after.len() - after.trim_start().len();
        let behind = after[gap + name.len()..].trim_start();
        if name.is_empty() || !behind.starts_with('{') {
            own.push_str(&rest[..at + 3]);
            rest = after;
            continue;
        }
        own.push_str(&rest[..at]);
        let open = rest.len() - behind.len();
        let length = item_length(&rest[open..]);
        let body = &rest[open + 1..open + length - 1];
        nested.extend(inline_modules(&format!("{module}::{name}"), body));
        rest = &rest[open + length..];
    }
    own.push_str(rest);
    nested.insert(0, (module.to_string(), own));
    nested
}

/// Every path `text` imports by: its `use` trees (not re-exports) and the paths written out
/// in code from `crate::`, `super::` or `self::`.
fn paths_in(text: &str) -> Vec<String> {
    let mut paths: Vec<String> = Vec::new();
    let mut rest = text;
    while let Some(at) = find_word(rest, "use") {
        let before = rest[..at].trim_end();
        let tail = &rest[at + 3..];
        let end = tail.find(';').unwrap_or(tail.len());
        let is_reexport = before.ends_with("pub") || before.ends_with(')');
        if !is_reexport {
            let tree: String = tail[..end].chars().filter(|c| !c.is_whitespace()).collect();
            paths.extend(expand(&tree));
        }
        rest = &tail[end..];
    }
    for start in ["crate::", "super::", "self::"] {
        let mut rest = text;
        while let Some(at) = rest.find(start) {
            let boundary = rest[..at]
                .chars()
                .next_back()
                .is_none_or(|c| !(c.is_alphanumeric() || c == '_' || c == ':'));
            let path: String = rest[at..]
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_' || *c == ':')
                .collect();
            if boundary {
                paths.push(path.trim_end_matches(':').to_string());
            }
            rest = &rest[at + start.len()..];
        }
    }
    paths
}

/// The position of `word` standing alone in `text`.
fn find_word(text: &str, word: &str) -> Option<usize> {
    let mut from = 0;
    while let Some(at) = text[from..].find(word) {
        let at = from + at;
        let before = text[..at].chars().next_back();
        let after = text[at + word.len()..].chars().next();
        let alone = |c: Option<char>| c.is_none_or(|c| !(c.is_alphanumeric() || c == '_'));
        if alone(before) && alone(after) {
            return Some(at);
        }
        from = at + word.len();
    }
    None
}

/// The paths of a `use` tree: `a::{b, c::{d}}` is `a::b` and `a::c::d`.
fn expand(tree: &str) -> Vec<String> {
    let Some(open) = tree.find('{') else {
        return vec![tree.split(" as ").next().unwrap_or(tree).to_string()];
    };
    let prefix = &tree[..open];
    let inner = &tree[open + 1..tree.rfind('}').unwrap_or(tree.len())];
    let mut parts = Vec::new();
    let (mut depth, mut start) = (0, 0);
    for (i, c) in inner.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            ',' if depth == 0 => {
                parts.push(&inner[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    parts.push(&inner[start..]);
    parts
        .into_iter()
        .filter(|p| !p.is_empty())
        .flat_map(|p| {
            if p == "self" {
                vec![prefix.trim_end_matches("::").to_string()]
            } else {
                expand(p)
                    .into_iter()
                    .map(|e| format!("{prefix}{e}"))
                    .collect()
            }
        })
        .collect()
}

/// The module a path written in `module` names: the longest known module it starts with.
/// Paths into other crates (std, serde, the library from the command) are `None`.
fn resolve(module: &str, path: &str, known: &BTreeSet<String>) -> Option<String> {
    let mut segments: Vec<&str> = path.split("::").filter(|s| !s.is_empty()).collect();
    let mut base: Vec<&str> = if module.is_empty() {
        Vec::new()
    } else {
        module.split("::").collect()
    };
    match segments.first() {
        Some(&"crate") => {
            base.clear();
            segments.remove(0);
        }
        Some(&"super") => {
            while segments.first() == Some(&"super") {
                base.pop();
                segments.remove(0);
            }
        }
        Some(&"self") => {
            segments.remove(0);
        }
        // A path from a child module: `use layout::Layout` in `placement`.
        Some(first) if known.contains(&join(&base, first)) => {}
        _ => return None,
    }
    let full: Vec<&str> = base.into_iter().chain(segments).collect();
    (0..=full.len())
        .rev()
        .map(|n| full[..n].join("::"))
        .find(|candidate| known.contains(candidate))
}

fn join(base: &[&str], last: &str) -> String {
    if base.is_empty() {
        last.to_string()
    } else {
        format!("{}::{last}", base.join("::"))
    }
}

/// The floor of a module, from [`FLOORS`].
fn floor_of(module: &str) -> Option<(u8, &'static str, &'static str)> {
    FLOORS
        .iter()
        .find(|(prefix, _, _)| module == *prefix || module.starts_with(&format!("{prefix}::")))
        .map(|&(prefix, floor, name)| (floor, name, prefix))
}

/// Every import that runs up a floor, or into a room of the same floor that is not its own
/// (teaching and drawing know nothing of each other), in words.
fn upward_imports(krate: &Crate) -> Vec<String> {
    let mut found = Vec::new();
    for (module, m) in krate {
        let Some((floor, name, room)) = floor_of(module) else {
            continue;
        };
        for (target, written) in &m.imports {
            if target.is_empty() {
                continue;
            }
            if target == "core" && room.starts_with("core::") {
                found.push(format!(
                    "{}: imports `{written}` through the engine's front door; name the module that defines it",
                    m.file.display()
                ));
                continue;
            }
            let Some((to_floor, to_name, to_room)) = floor_of(target) else {
                continue;
            };
            let sideways = to_floor == floor && floor >= 7 && to_room != room;
            if to_floor > floor || sideways {
                found.push(format!(
                    "{}: `{written}` reaches floor {to_floor} ({to_name}) from floor {floor} ({name})",
                    m.file.display()
                ));
            }
        }
    }
    found
}

/// Every engine module without a floor.
fn unplaced(krate: &Crate) -> Vec<String> {
    krate
        .keys()
        .filter(|m| m.starts_with("core::") && floor_of(m).is_none())
        .cloned()
        .collect()
}

/// The circles among `krate`'s modules: groups of two or more that import one another.
fn circles(krate: &Crate) -> Vec<Vec<String>> {
    // Tarjan's strongly connected components.
    struct Walk<'a> {
        krate: &'a Crate,
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
        let krate = w.krate;
        for target in krate[v].imports.keys() {
            let Some((t, _)) = krate.get_key_value(target.as_str()) else {
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
        krate,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        found: Vec::new(),
    };
    for module in krate.keys() {
        if !walk.index.contains_key(module.as_str()) {
            visit(&mut walk, module);
        }
    }
    walk.found
}

/// The room a module belongs to: its first two names (`ui::state`, `teach::quiz`), its folder
/// of the page, of teaching or of drawing. The engine's rooms are its floors, checked above.
fn room_of(module: &str) -> Option<String> {
    if module == "core" || module.starts_with("core::") {
        return None;
    }
    Some(module.split("::").take(2).collect::<Vec<_>>().join("::"))
}

/// The crate seen room by room: a room imports what any of its files imports from another.
fn rooms(krate: &Crate) -> Crate {
    let mut out: Crate = BTreeMap::new();
    for (module, m) in krate {
        let Some(room) = room_of(module) else {
            continue;
        };
        let entry = out.entry(room.clone()).or_insert_with(|| Module {
            file: m.file.parent().map(Path::to_path_buf).unwrap_or_default(),
            imports: BTreeMap::new(),
        });
        for (target, written) in &m.imports {
            match room_of(target) {
                Some(to) if to != room => {
                    entry.imports.entry(to).or_insert_with(|| written.clone());
                }
                _ => {}
            }
        }
    }
    out
}

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

#[test]
fn no_engine_file_imports_from_a_floor_above_its_own() {
    let krate = read_crate(&src().join("lib.rs"));
    let found = upward_imports(&krate);
    assert!(
        found.is_empty(),
        "imports that run up:\n{}",
        found.join("\n")
    );
}

#[test]
fn every_engine_module_has_a_floor() {
    let krate = read_crate(&src().join("lib.rs"));
    let missing = unplaced(&krate);
    assert!(
        missing.is_empty(),
        "give these a floor in FLOORS (tests/layers.rs) and docs/design.md: {missing:?}"
    );
}

#[test]
fn nothing_in_the_library_or_the_command_imports_in_a_circle() {
    for root in [src().join("lib.rs"), src().join("bin/ringlab/main.rs")] {
        let krate = read_crate(&root);
        assert!(krate.len() > 5, "{} has its modules", root.display());
        let found = circles(&krate);
        assert!(
            found.is_empty(),
            "modules of {} that import one another: {found:?}",
            root.display()
        );
    }
}

#[test]
fn no_two_rooms_of_the_page_or_of_teaching_import_each_other_round_a_circle() {
    for root in [src().join("lib.rs"), src().join("bin/ringlab/main.rs")] {
        let krate = rooms(&read_crate(&root));
        let found = circles(&krate);
        let why: Vec<String> = found
            .iter()
            .flatten()
            .map(|f| format!("{f} imports {:?}", krate[f].imports))
            .collect();
        assert!(
            found.is_empty(),
            "rooms of {} that import one another: {found:?}\n{}",
            root.display(),
            why.join("\n")
        );
    }
}

#[test]
fn the_rules_catch_an_upward_import_a_front_door_import_and_a_circle() {
    let dir = std::env::temp_dir().join(format!("ringlab-layers-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    let write = |path: &str, text: &str| {
        let path = dir.join(path);
        fs::create_dir_all(path.parent().unwrap()).unwrap();
        fs::write(path, text).unwrap();
    };
    write("lib.rs", "pub mod core;\npub mod teach;\npub mod ui;\n");
    write("core/mod.rs", "mod ring;\nmod hash;\npub use ring::Ring;\n");
    // The ring reads a lesson (up two floors) and the front door; the hash reads the ring
    // while the ring reads the hash (a circle).
    write(
        "core/ring.rs",
        "use crate::teach::Lesson;\nuse super::hash::Hash;\n/// use crate::ui::App;\nfn f() { let _ = crate::core::Ring; }\n#[cfg(test)]\nmod tests { use crate::ui::App; }\n",
    );
    write("core/hash.rs", "use super::ring::Ring;\n");
    write("teach/mod.rs", "use crate::core::Ring;\n");
    write("ui/mod.rs", "use crate::teach::Lesson;\n");
    let krate = read_crate(&dir.join("lib.rs"));
    let up = upward_imports(&krate);
    let _ = fs::remove_dir_all(&dir);
    assert_eq!(up.len(), 2, "{up:#?}");
    assert!(up[0].contains("front door"), "{up:#?}");
    assert!(
        up[1].contains("reaches floor 7 (teaching) from floor 1"),
        "{up:#?}"
    );
    assert_eq!(
        circles(&krate),
        vec![vec!["core::hash".to_string(), "core::ring".to_string()]]
    );
}
