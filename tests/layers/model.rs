//! A crate read as modules, each with the modules it imports from. Every path (a `use`, a
//! re-export, a path written out in code) is resolved to the module that defines what it
//! names: a `pub use` is a folder's front door, and the path goes through it to the module
//! behind.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::Path;

use crate::source::{
    code_paths, defined_names, inline_modules, join, strip, test_modules, uses, UseItem,
};

/// One path of a module that names another module of the crate.
#[derive(Debug, Clone)]
pub struct Import {
    /// The module that defines what the path names.
    pub target: String,
    /// The path as written.
    pub written: String,
    /// The modules whose re-exports (or imports) the path went through, first door first.
    pub through: Vec<String>,
}

/// One file of the crate.
#[derive(Debug)]
pub struct Module {
    /// The file, as given (`src/core/ring.rs`).
    pub file: String,
    /// What it imports from other modules of the crate; its tests are not read.
    pub imports: Vec<Import>,
    /// Its paths into other crates (`std::fmt`, `ringlab::core::Scenario`): the path resolved
    /// (a name it imported spelled out), and the path as written.
    pub external: Vec<(Vec<String>, String)>,
    /// The file without comments and literals, its tests included.
    pub code: String,
}

/// A module's names, for resolving paths into it: the file's and each inline module's.
#[derive(Debug)]
struct Scope {
    /// The file module it is written in.
    owner: String,
    uses: Vec<UseItem>,
    defines: BTreeSet<String>,
}

/// The modules of a crate, by path (`core::placement::layout`, the root being ``).
#[derive(Debug)]
pub struct Crate {
    pub modules: BTreeMap<String, Module>,
    scopes: BTreeMap<String, Scope>,
}

/// Where a path leads.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Resolved {
    /// Into the crate: the module (or inline module) that defines the item, the modules whose
    /// `use` lines the path went through on the way, and whether the path names that module
    /// itself rather than an item in it.
    Module {
        scope: String,
        through: Vec<String>,
        itself: bool,
    },
    /// Into another crate, as a full path.
    External(Vec<String>),
}

/// How many re-exports a path may go through before it is taken as a loop.
const MAX_DOORS: usize = 32;

/// The crate whose root file is `root` (`src/lib.rs`), made of those `files` (path, source)
/// that lie below the root's folder. Another crate root beside it (`src/main.rs`) is not part
/// of it, nor, for a library, the binaries under `bin/`.
pub fn build(root: &str, files: &[(String, String)]) -> Crate {
    let dir = root.rsplit_once('/').map_or("", |(dir, _)| dir);
    let library = root.ends_with("/lib.rs") || root == "lib.rs";
    let mut krate = Crate {
        modules: BTreeMap::new(),
        scopes: BTreeMap::new(),
    };
    let mut read = Vec::new();
    for (file, source) in files {
        let relative = if dir.is_empty() {
            Some(file.as_str())
        } else {
            file.strip_prefix(dir).and_then(|r| r.strip_prefix('/'))
        };
        let Some(relative) = relative.filter(|r| r.ends_with(".rs")) else {
            continue;
        };
        let beside = !relative.contains('/') && file != root;
        if (beside && matches!(relative, "main.rs" | "lib.rs"))
            || (library && relative.starts_with("bin/"))
        {
            continue;
        }
        read.push((module_path(relative), file, source));
    }
    // Files declared under `#[cfg(test)]` (`mod tests;`) are test code, like the items there.
    let mut tests = BTreeSet::new();
    for (module, _, source) in &read {
        for name in test_modules(&strip(source, true)) {
            tests.insert(join(module, &name));
        }
    }
    let is_test = |module: &str| {
        tests
            .iter()
            .any(|t| module == t || module.starts_with(&format!("{t}::")))
    };
    let mut texts = Vec::new();
    for (module, file, source) in read {
        let test = is_test(&module);
        for (scope, text) in inline_modules(&module, &strip(source, false)) {
            let (uses, code) = uses(&text);
            let defines = defined_names(&code);
            krate.scopes.insert(
                scope.clone(),
                Scope {
                    owner: module.clone(),
                    uses,
                    defines,
                },
            );
            if !test {
                texts.push((scope, code));
            }
        }
        krate.modules.insert(
            module,
            Module {
                file: file.clone(),
                imports: Vec::new(),
                external: Vec::new(),
                code: strip(source, true),
            },
        );
    }
    for (scope, code) in texts {
        let owner = krate.scopes[&scope].owner.clone();
        let mut found = Vec::new();
        for item in &krate.scopes[&scope].uses {
            let resolved = krate.resolve(&scope, &item.path);
            // `use super::systems;` only names the module: what counts is what the code
            // reaches through the name (`systems::cassandra::SEED`). Unless the name is an
            // item too, as `placement::unused` is both a module and the function it exports.
            let only_a_module = match &resolved {
                Some(Resolved::Module {
                    scope: module,
                    itself: true,
                    ..
                }) => {
                    let (parent, name) = module.rsplit_once("::").unwrap_or(("", module));
                    !krate.names_an_item(parent, name)
                }
                _ => false,
            };
            if !item.glob && only_a_module {
                continue;
            }
            found.push((resolved, item.path.join("::")));
        }
        for (path, written) in code_paths(&code) {
            found.push((krate.resolve(&scope, &path), written));
        }
        for (resolved, written) in found {
            let module = krate.modules.get_mut(&owner).expect("the scope's file");
            match resolved {
                Some(Resolved::Module { scope, through, .. }) => {
                    let target = krate.scopes[&scope].owner.clone();
                    let seen = module
                        .imports
                        .iter()
                        .any(|i| i.target == target && i.written == written);
                    if target != owner && !seen {
                        module.imports.push(Import {
                            target,
                            written,
                            through,
                        });
                    }
                }
                Some(Resolved::External(path)) => module.external.push((path, written)),
                None => {}
            }
        }
    }
    krate
}

/// Every `.rs` file below `repository`'s folder `dir`, as (path from `repository`, source).
pub fn read_files(repository: &Path, dir: &str) -> Vec<(String, String)> {
    fn collect(repository: &Path, dir: &Path, out: &mut Vec<(String, String)>) {
        let mut entries: Vec<_> = fs::read_dir(dir)
            .unwrap_or_else(|e| panic!("{} reads: {e}", dir.display()))
            .map(|e| e.expect("a folder entry").path())
            .collect();
        entries.sort();
        for path in entries {
            if path.is_dir() {
                collect(repository, &path, out);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let name = path
                    .strip_prefix(repository)
                    .expect("below the repository")
                    .iter()
                    .map(|p| p.to_string_lossy())
                    .collect::<Vec<_>>()
                    .join("/");
                let source = fs::read_to_string(&path).expect("a source file reads");
                out.push((name, source));
            }
        }
    }
    let mut out = Vec::new();
    collect(repository, &repository.join(dir), &mut out);
    out
}

/// `core/placement/mod.rs` is `core::placement`; `lib.rs` is ``.
fn module_path(relative: &str) -> String {
    let mut parts: Vec<&str> = relative
        .split('/')
        .map(|p| p.trim_end_matches(".rs"))
        .collect();
    if matches!(parts.last(), Some(&("mod" | "lib" | "main"))) {
        parts.pop();
    }
    parts.join("::")
}

impl Crate {
    /// The file module that the module (or inline module) `scope` is written in.
    pub fn owner(&self, scope: &str) -> Option<&str> {
        self.scopes.get(scope).map(|s| s.owner.as_str())
    }

    /// Whether the file module `module` is a folder's front file, the file its rooms are
    /// declared in: a `mod.rs`, a file beside its folder (`keys.rs` for `keys/`), or the
    /// crate's root.
    pub fn is_front(&self, module: &str) -> bool {
        let inside = format!("{module}::");
        module.is_empty() || self.modules.keys().any(|m| m.starts_with(&inside))
    }

    /// Where `path`, written in the module (or inline module) `from`, leads.
    pub fn resolve(&self, from: &str, path: &[String]) -> Option<Resolved> {
        self.resolve_from(from, path, Vec::new(), 0)
    }

    fn resolve_from(
        &self,
        from: &str,
        path: &[String],
        through: Vec<String>,
        doors: usize,
    ) -> Option<Resolved> {
        let first = path.first()?.as_str();
        if doors > MAX_DOORS {
            return None;
        }
        match first {
            "" => Some(Resolved::External(path[1..].to_vec())),
            "crate" => self.walk(String::new(), &path[1..], through, doors),
            "self" => self.walk(from.to_string(), &path[1..], through, doors),
            "super" => {
                let ups = path.iter().take_while(|s| *s == "super").count();
                let mut base: Vec<&str> = from.split("::").filter(|s| !s.is_empty()).collect();
                if ups > base.len() {
                    return None;
                }
                base.truncate(base.len() - ups);
                self.walk(base.join("::"), &path[ups..], through, doors)
            }
            // A child module: `layout::Layout` in `placement`.
            _ if self.scopes.contains_key(&join(from, first)) => {
                self.walk(from.to_string(), path, through, doors)
            }
            _ => {
                let defined = self
                    .scopes
                    .get(from)
                    .is_some_and(|s| s.defines.contains(first));
                match self.binding(from, first) {
                    // A name this module imported: `placement::Kind` after
                    // `use crate::core::placement;`.
                    Some(item) if item.path.first().is_none_or(|f| f != first) => {
                        let spelled = [&item.path[..], &path[1..]].concat();
                        self.resolve_from(from, &spelled, through, doors + 1)
                    }
                    // An item of this module (`Kind::Ring`), also where it is named again, as
                    // `pub(crate) use split_point;` after `macro_rules! split_point`.
                    _ if defined => Some(Resolved::Module {
                        scope: from.to_string(),
                        through,
                        itself: false,
                    }),
                    // Another crate, by its name (`use serde;`).
                    Some(_) => Some(Resolved::External(path.to_vec())),
                    // A name a glob brought in (`KeySet::new` after `use super::*;`), or
                    // another crate (`std::fmt`).
                    None => match self.glob_providing(from, first, doors) {
                        Some((inner, _)) => self.walk(inner, path, through, doors + 1),
                        None => Some(Resolved::External(path.to_vec())),
                    },
                }
            }
        }
    }

    /// From the module `base`, down the segments of `rest`: into child modules while they are
    /// modules, then through the `use` that brings in the next name, if any.
    fn walk(
        &self,
        base: String,
        rest: &[String],
        mut through: Vec<String>,
        doors: usize,
    ) -> Option<Resolved> {
        let mut at = base;
        let mut scope = self.scopes.get(&at)?;
        let mut itself = true;
        for (i, segment) in rest.iter().enumerate() {
            let child = join(&at, segment);
            if let Some(inner) = self.scopes.get(&child) {
                at = child;
                scope = inner;
                continue;
            }
            if let Some(item) = self.binding(&at, segment) {
                through.push(at.clone());
                let spelled = [&item.path[..], &rest[i + 1..]].concat();
                return self.resolve_from(&at, &spelled, through, doors + 1);
            }
            itself = false;
            if scope.defines.contains(segment) {
                break;
            }
            // A glob re-export (`pub use kinds::*`) that brings the name in.
            if let Some((inner, also)) = self.glob_providing(&at, segment, doors) {
                through.push(at.clone());
                through.extend(also);
                return self.walk(inner, &rest[i..], through, doors + 1);
            }
            break;
        }
        Some(Resolved::Module {
            scope: at,
            through,
            itself,
        })
    }

    /// The module that one of `scope`'s globs (`use super::*`) reaches and that has `name`,
    /// with the re-exports on the way there.
    fn glob_providing(
        &self,
        scope: &str,
        name: &str,
        doors: usize,
    ) -> Option<(String, Vec<String>)> {
        // Only globs into this crate: a glob's own path is not looked up through globs.
        let inside = |first: &str| {
            matches!(first, "crate" | "self" | "super")
                || self.scopes.contains_key(&join(scope, first))
                || self.binding(scope, first).is_some()
        };
        let globs = self.scopes.get(scope)?.uses.iter().filter(|u| u.glob);
        globs
            .filter(|glob| glob.path.first().is_some_and(|f| inside(f)))
            .filter_map(
                |glob| match self.resolve_from(scope, &glob.path, Vec::new(), doors + 1) {
                    Some(Resolved::Module { scope, through, .. }) => Some((scope, through)),
                    _ => None,
                },
            )
            .find(|(inner, _)| self.provides(inner, name))
    }

    /// The `use` item of the module `scope` that brings in `name`.
    fn binding(&self, scope: &str, name: &str) -> Option<&UseItem> {
        self.scopes
            .get(scope)?
            .uses
            .iter()
            .find(|u| u.name.as_deref() == Some(name))
    }

    /// Whether the module `scope` has an item called `name`, of its own or imported.
    fn names_an_item(&self, scope: &str, name: &str) -> bool {
        self.binding(scope, name).is_some()
            || self
                .scopes
                .get(scope)
                .is_some_and(|s| s.defines.contains(name))
    }

    /// Whether the module `scope` has `name`: a child module, an item, or a name it imports.
    fn provides(&self, scope: &str, name: &str) -> bool {
        self.scopes.contains_key(&join(scope, name)) || self.names_an_item(scope, name)
    }
}
