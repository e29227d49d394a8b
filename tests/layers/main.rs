//! The house rules, read from the source: the engine is built in floors and each file imports
//! only from its own floor or the floors below; the folders above it import only what their
//! row allows; the native parts name no crate of the browser; nothing in `src/` imports in a
//! circle; and the README's list of folders matches the tree.
//!
//! The floors are written once, in docs/design.md ("Floors"), and read from there
//! ([`floors`]). A file's imports are its `use` paths, its re-exports and the paths it writes
//! out in code (`crate::core::par::threads()`, `super::placed::Algo`, `placement::Kind` after
//! `use crate::core::placement;`), each resolved to the module that defines what it names,
//! through re-exports ([`model`]). For circles, a path that goes through another folder's
//! front file (`crate::core::hash::Lanes`, re-exported by `core/hash/mod.rs`) imports that
//! file too, and a front file's re-export of its rooms (`pub use lanes::Lanes;`) imports them
//! ([`rules::graph`]). Code under `#[cfg(test)]` may build its fixtures from anywhere in the
//! engine, so its imports are not checked.

mod checker;
mod floors;
mod layout;
mod model;
mod rules;
mod source;

use std::fs;
use std::path::PathBuf;
use std::sync::OnceLock;

use floors::Floors;
use model::Crate;
use rules::Finding;

/// The circles in `src/` today, each to be mended and its entry then removed (an entry that
/// matches no circle fails `every_allowed_circle_is_still_a_circle`).
const ALLOWED_CIRCLES: &[&[&str]] = &[];

fn allowed(circle: &[String]) -> bool {
    ALLOWED_CIRCLES.iter().any(|a| a[..] == *circle)
}

fn repository() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The library and each binary under `src/bin/` (`bin/ringlab`), read once for every test.
fn crates() -> &'static [(String, Crate)] {
    static CRATES: OnceLock<Vec<(String, Crate)>> = OnceLock::new();
    CRATES.get_or_init(|| {
        let root = repository();
        let files = model::read_files(&root, "src");
        let mut crates = vec![(String::new(), model::build("src/lib.rs", &files))];
        for folder in layout::src_folders(&root) {
            if let Some(name) = folder.strip_prefix("src/bin/") {
                let krate = model::build(&format!("{folder}/main.rs"), &files);
                crates.push((format!("bin/{name}"), krate));
            }
        }
        crates
    })
}

fn library() -> &'static Crate {
    &crates()[0].1
}

/// Each binary's folder under `src/` (`bin/ringlab`), with its crate.
fn binaries() -> &'static [(String, Crate)] {
    &crates()[1..]
}

fn floors() -> Floors {
    let design = fs::read_to_string(repository().join("docs/design.md")).expect("design.md");
    Floors::parse(&design).unwrap_or_else(|why| {
        panic!("docs/design.md: the floor table (section \"Floors\") cannot be read: {why}")
    })
}

fn lines(found: Vec<Finding>) -> Vec<String> {
    found.iter().map(Finding::to_string).collect()
}

#[test]
fn the_floor_table_names_every_engine_module_and_only_modules_that_exist() {
    let names: Vec<String> = binaries()
        .iter()
        .filter_map(|(folder, _)| folder.strip_prefix("bin/").map(str::to_string))
        .collect();
    let found = floors().check(library(), &names);
    assert!(
        found.is_empty(),
        "docs/design.md's floor table (section \"Floors\") does not match src/:\n{}",
        found.join("\n")
    );
}

#[test]
fn no_file_of_the_library_imports_above_its_floor_or_outside_its_row() {
    let found = lines(rules::against_the_floors(library(), &floors()));
    assert!(
        found.is_empty(),
        "imports against the floor table of docs/design.md:\n{}",
        found.join("\n")
    );
}

#[test]
fn the_command_imports_only_what_its_row_allows() {
    let floors = floors();
    for (folder, krate) in binaries() {
        let found = lines(rules::against_the_row_of(krate, folder, &floors));
        assert!(
            found.is_empty(),
            "imports against the row of src/{folder}/:\n{}",
            found.join("\n")
        );
    }
}

#[test]
fn no_file_of_the_engine_teaching_drawing_or_the_command_names_a_crate_of_the_browser() {
    let native = |m: &str| ["core", "teach", "draw"].contains(&m.split("::").next().unwrap_or(m));
    let mut found = rules::web_crates(library(), native);
    for (_, krate) in binaries() {
        found.extend(rules::web_crates(krate, |_| true));
    }
    let found = lines(found);
    assert!(
        found.is_empty(),
        "native code that names a crate of the browser:\n{}",
        found.join("\n")
    );
}

#[test]
fn nothing_in_the_library_or_the_command_imports_in_a_circle() {
    for (folder, krate) in crates() {
        let root = if folder.is_empty() {
            "the library"
        } else {
            folder
        };
        assert!(krate.modules.len() > 5, "{root} has its modules");
        let graph = rules::graph(krate);
        let found: Vec<String> = rules::circles(&graph)
            .iter()
            .filter(|c| !allowed(c))
            .map(|c| rules::explain(&graph, c))
            .collect();
        assert!(
            found.is_empty(),
            "modules of {root} that import one another:\n{}",
            found.join("\n")
        );
    }
}

#[test]
fn no_two_rooms_of_the_page_or_of_teaching_import_each_other_round_a_circle() {
    let graph = rules::rooms(&rules::graph(library()));
    let found: Vec<String> = rules::circles(&graph)
        .iter()
        .map(|c| rules::explain(&graph, c))
        .collect();
    assert!(
        found.is_empty(),
        "rooms of the library that import one another:\n{}",
        found.join("\n")
    );
}

#[test]
fn every_allowed_circle_is_still_a_circle() {
    let found: Vec<Vec<String>> = crates()
        .iter()
        .flat_map(|(_, krate)| rules::circles(&rules::graph(krate)))
        .collect();
    let stale: Vec<String> = ALLOWED_CIRCLES
        .iter()
        .filter(|a| !found.iter().any(|c| c[..] == a[..]))
        .map(|a| a.join(", "))
        .collect();
    assert!(
        stale.is_empty(),
        "circles allowed in tests/layers/main.rs that are no longer found as they stand (mended, \
         or grown: remove or update the entry):\n{}",
        stale.join("\n")
    );
}

#[test]
fn the_readme_layout_lists_every_folder_of_the_source_and_only_folders_that_exist() {
    let root = repository();
    let readme = fs::read_to_string(root.join("README.md")).expect("README.md");
    let listed = layout::listed(&readme)
        .unwrap_or_else(|why| panic!("README.md's Layout cannot be read: {why}"));
    let found = layout::check(
        &listed,
        |f| root.join(f).is_dir(),
        &layout::src_folders(&root),
    );
    assert!(
        found.is_empty(),
        "README.md's Layout does not match the tree:\n{}",
        found.join("\n")
    );
}
