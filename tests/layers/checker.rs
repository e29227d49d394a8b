//! The checker itself, on small crates written here: each rule is shown to catch what it is
//! for, so that a rule that silently stopped working would fail.

use crate::floors::Floors;
use crate::layout;
use crate::model::{self, Crate, Resolved};
use crate::rules::{self, Finding};
use crate::source::{uses, UseItem};

/// A floor table in the shape of docs/design.md's.
const DESIGN: &str = "\
# Design

<!-- floors -->
| floor | modules | holds |
|---|---|---|
| 0 base | `error` | refusals |
| 1 the ring's nouns | `hash/`, `size`, `server`, `keys`, `ring`, `diff` | nouns |
| 2 placements | `placement/` | placements |

Above the engine:

| folder | may import | holds |
|---|---|---|
| `src/teach/` | `core` | lessons |
| `src/draw/` | `core` | shapes |
| `src/ui/` | `core`, `teach`, `draw` | the page |
| `src/bin/tool/` | `ringlab::core` | a command |
<!-- /floors -->
";

fn floors() -> Floors {
    Floors::parse(DESIGN).expect("the table reads")
}

/// The library made of `files` (paths below `src/`), with an empty `lib.rs` and `core/mod.rs`
/// unless given.
fn library(files: &[(&str, &str)]) -> Crate {
    let mut all: Vec<(String, String)> = files
        .iter()
        .map(|(path, source)| (format!("src/{path}"), source.to_string()))
        .collect();
    for root in ["src/lib.rs", "src/core/mod.rs"] {
        if !all.iter().any(|(path, _)| path == root) {
            all.push((root.to_string(), String::new()));
        }
    }
    model::build("src/lib.rs", &all)
}

/// What `module` imports: each path as written, with the module it reaches.
fn reaches(krate: &Crate, module: &str) -> Vec<(String, String)> {
    krate.modules[module]
        .imports
        .iter()
        .map(|i| (i.written.clone(), i.target.clone()))
        .collect()
}

fn pair(written: &str, target: &str) -> (String, String) {
    (written.to_string(), target.to_string())
}

fn circles(krate: &Crate) -> Vec<Vec<String>> {
    rules::circles(&rules::graph(krate))
}

fn group(modules: &[&str]) -> Vec<String> {
    modules.iter().map(|m| m.to_string()).collect()
}

fn has(findings: &[Finding], file: &str, path: &str) -> bool {
    findings.iter().any(|f| f.file == file && f.path == path)
}

#[test]
fn a_circle_through_a_re_export_is_found_between_the_importer_the_front_file_and_the_module_that_defines_the_item(
) {
    let krate = library(&[
        ("core/mod.rs", "mod a;\nmod x;\n"),
        ("core/a.rs", "use crate::core::x::Thing;\npub struct A;\n"),
        ("core/x/mod.rs", "mod y;\npub use y::Thing;\n"),
        ("core/x/y.rs", "use crate::core::a::A;\npub struct Thing;\n"),
    ]);
    let import = &krate.modules["core::a"].imports[0];
    assert_eq!(import.target, "core::x::y");
    assert_eq!(import.through, vec!["core::x".to_string()]);
    assert_eq!(
        circles(&krate),
        vec![group(&["core::a", "core::x", "core::x::y"])]
    );
}

#[test]
fn a_path_through_another_folders_front_file_imports_that_file_too_but_not_its_own_folders() {
    let krate = library(&[
        ("core/mod.rs", "mod a;\nmod x;\n"),
        ("core/a.rs", "use crate::core::x::Thing;\n"),
        (
            "core/x/mod.rs",
            "mod y;\nmod z;\npub use y::Thing;\npub use z::Other;\n",
        ),
        ("core/x/y.rs", "pub struct Thing;\n"),
        (
            "core/x/z.rs",
            "pub struct Other;\nfn f() -> super::Thing { todo!() }\n",
        ),
    ]);
    let graph = rules::graph(&krate);
    let edges = |module: &str| graph[module].keys().cloned().collect::<Vec<_>>();
    assert_eq!(edges("core::a"), group(&["core::x", "core::x::y"]));
    assert_eq!(edges("core::x"), group(&["core::x::y", "core::x::z"]));
    assert_eq!(edges("core::x::z"), group(&["core::x::y"]));
    assert_eq!(circles(&krate), Vec::<Vec<String>>::new());
    let beside = library(&[
        ("core/mod.rs", "mod a;\nmod x;\n"),
        ("core/a.rs", "use crate::core::x::Thing;\n"),
        ("core/x.rs", "mod y;\npub use y::Thing;\n"),
        ("core/x/y.rs", "pub struct Thing;\n"),
    ]);
    let graph = rules::graph(&beside);
    let edges: Vec<String> = graph["core::a"].keys().cloned().collect();
    assert_eq!(
        edges,
        group(&["core::x", "core::x::y"]),
        "`x.rs` beside `x/`"
    );
}

#[test]
fn a_path_through_a_chain_of_re_exports_counts_against_the_module_that_defines_the_item() {
    let krate = library(&[
        ("core/mod.rs", "mod x;\npub use x::Renamed;\n"),
        (
            "core/x/mod.rs",
            "mod y;\npub use self::y::Thing as Renamed;\n",
        ),
        ("core/x/y.rs", "pub struct Thing;\n"),
        ("ui/mod.rs", "fn f() -> crate::core::Renamed { todo!() }\n"),
    ]);
    let import = &krate.modules["ui"].imports[0];
    assert_eq!(import.target, "core::x::y");
    assert_eq!(import.through, group(&["core", "core::x"]));
}

#[test]
fn a_circle_made_only_of_re_exports_is_found() {
    let krate = library(&[
        ("core/mod.rs", "mod a;\nmod b;\n"),
        ("core/a.rs", "pub use super::b::B;\npub struct A;\n"),
        ("core/b.rs", "pub use super::a::A;\npub struct B;\n"),
    ]);
    assert_eq!(circles(&krate), vec![group(&["core::a", "core::b"])]);
}

#[test]
fn a_folder_re_exporting_or_calling_its_rooms_while_they_use_what_it_defines_imports_in_a_circle() {
    let door = library(&[
        ("core/mod.rs", "mod x;\n"),
        (
            "core/x/mod.rs",
            "mod y;\npub use y::Thing;\npub struct Shared;\n",
        ),
        ("core/x/y.rs", "use super::Shared;\npub struct Thing;\n"),
    ]);
    assert_eq!(circles(&door), vec![group(&["core::x", "core::x::y"])]);
    let call = library(&[
        ("core/mod.rs", "mod x;\n"),
        (
            "core/x/mod.rs",
            "mod y;\npub struct Shared;\nfn f() { y::g() }\n",
        ),
        ("core/x/y.rs", "use super::Shared;\npub fn g() {}\n"),
    ]);
    assert_eq!(circles(&call), vec![group(&["core::x", "core::x::y"])]);
}

#[test]
fn a_folder_declaring_its_rooms_or_re_exporting_rooms_that_use_one_another_is_no_circle() {
    let declared = library(&[
        ("core/mod.rs", "mod x;\n"),
        ("core/x/mod.rs", "pub mod y;\npub struct Shared;\n"),
        ("core/x/y.rs", "use super::Shared;\npub struct Thing;\n"),
    ]);
    assert_eq!(circles(&declared), Vec::<Vec<String>>::new());
    let rooms = library(&[
        ("core/mod.rs", "mod x;\n"),
        (
            "core/x/mod.rs",
            "mod shared;\nmod y;\npub use shared::Shared;\npub use y::Thing;\n",
        ),
        ("core/x/shared.rs", "pub struct Shared;\n"),
        (
            "core/x/y.rs",
            "use super::shared::Shared;\npub struct Thing;\n",
        ),
    ]);
    assert_eq!(circles(&rooms), Vec::<Vec<String>>::new());
}

#[test]
fn a_bare_super_path_up_a_floor_is_caught_with_its_file_and_path() {
    let krate = library(&[
        ("core/mod.rs", "mod ring;\nmod placement;\n"),
        (
            "core/ring.rs",
            "pub fn f() -> super::placement::Kind { todo!() }\n",
        ),
        ("core/placement/mod.rs", "pub enum Kind {}\n"),
    ]);
    let up = rules::against_the_floors(&krate, &floors());
    assert_eq!(
        up,
        vec![Finding {
            file: "src/core/ring.rs".into(),
            path: "super::placement::Kind".into(),
            why: "reaches floor 2 (placements, `core::placement`) from floor 1 (the ring's nouns)"
                .into(),
        }]
    );
}

#[test]
fn paths_in_expressions_types_impl_headers_attributes_and_macro_bodies_are_all_read() {
    let error = "\
use crate::core::hash;
#[derive(Debug, crate::core::diff::Derive)]
pub struct E(crate::core::size::RingSize);
impl crate::core::server::Named for E {}
fn f(x: u8) -> bool { matches!(x, crate::core::keys::MAX) }
fn g() { let _ = hash::scheme(); }
fn h() { super::ring::Ring::new(); }
";
    let krate = library(&[
        (
            "core/mod.rs",
            "mod error;\nmod hash;\nmod size;\nmod server;\nmod keys;\nmod ring;\nmod diff;\n",
        ),
        ("core/error.rs", error),
        (
            "core/hash/mod.rs",
            "mod md5;\npub use md5::scheme;\nfn k() { self::md5::scheme(); }\n",
        ),
        ("core/hash/md5.rs", "pub fn scheme() {}\n"),
        ("core/size.rs", "pub struct RingSize;\n"),
        ("core/server.rs", "pub trait Named {}\n"),
        ("core/keys.rs", "pub const MAX: u8 = 1;\n"),
        ("core/ring.rs", "pub struct Ring;\n"),
        ("core/diff.rs", "pub struct Derive;\n"),
    ]);
    assert_eq!(
        reaches(&krate, "core::error"),
        vec![
            pair("crate::core::diff::Derive", "core::diff"),
            pair("crate::core::size::RingSize", "core::size"),
            pair("crate::core::server::Named", "core::server"),
            pair("crate::core::keys::MAX", "core::keys"),
            pair("hash::scheme", "core::hash::md5"),
            pair("super::ring::Ring::new", "core::ring"),
        ]
    );
    assert_eq!(
        reaches(&krate, "core::hash"),
        vec![
            pair("md5::scheme", "core::hash::md5"),
            pair("self::md5::scheme", "core::hash::md5"),
        ]
    );
    assert_eq!(rules::against_the_floors(&krate, &floors()).len(), 6);
}

#[test]
fn test_code_comments_and_strings_are_not_read_as_imports() {
    let ring = "\
// crate::teach::Comment
/// [`crate::teach::Doc`]
fn f() -> &'static str { \"crate::teach::Text\" }
#[cfg(test)]
mod tests { use crate::teach::Fixture; }
#[cfg(test)]
mod more;
";
    let krate = library(&[
        ("core/mod.rs", "mod ring;\n"),
        ("core/ring.rs", ring),
        ("core/ring/more.rs", "use crate::teach::Fixture;\n"),
        ("teach/mod.rs", "pub struct Fixture;\n"),
    ]);
    assert_eq!(reaches(&krate, "core::ring"), vec![]);
    assert_eq!(reaches(&krate, "core::ring::more"), vec![]);
}

#[test]
fn the_engine_front_door_is_caught_though_the_path_resolves_behind_it() {
    let krate = library(&[
        ("core/mod.rs", "mod ring;\nmod hash;\npub use hash::Hash;\n"),
        (
            "core/ring.rs",
            "fn f() { let _ = crate::core::Hash::new(); }\n",
        ),
        ("core/hash/mod.rs", "pub struct Hash;\n"),
    ]);
    let found = rules::against_the_floors(&krate, &floors());
    assert_eq!(found.len(), 1, "{found:#?}");
    assert_eq!(found[0].path, "crate::core::Hash::new");
    assert!(found[0].why.contains("front door"), "{found:#?}");
    assert!(found[0].why.contains("`core::hash`"), "{found:#?}");
}

#[test]
fn a_folder_above_the_engine_or_the_engine_reaching_past_its_row_is_caught() {
    let krate = library(&[
        (
            "lib.rs",
            "pub mod core;\npub mod teach;\npub mod draw;\npub mod ui;\n",
        ),
        ("core/mod.rs", "mod ring;\n"),
        ("core/ring.rs", "use crate::ui::App;\n"),
        (
            "teach/mod.rs",
            "use crate::draw::Picture;\nuse crate::core::ring::Ring;\n",
        ),
        ("draw/mod.rs", "pub struct Picture;\n"),
        ("ui/mod.rs", "pub struct App;\nuse crate::teach::Lesson;\n"),
    ]);
    let found = rules::against_the_floors(&krate, &floors());
    assert_eq!(found.len(), 2, "{found:#?}");
    assert!(has(&found, "src/core/ring.rs", "crate::ui::App"));
    assert!(has(&found, "src/teach/mod.rs", "crate::draw::Picture"));
    assert!(
        found[1].why.contains("may import only `core`"),
        "{found:#?}"
    );
}

#[test]
fn the_command_reaching_a_part_of_the_library_its_row_does_not_allow_is_caught() {
    let main = "\
mod run;
use ringlab::core::Scenario;
fn main() { ringlab::ui::mount(); }
";
    let files = vec![
        ("src/bin/tool/main.rs".to_string(), main.to_string()),
        (
            "src/bin/tool/run.rs".to_string(),
            "use ringlab::draw;\nfn f() { draw::picture(); }\n".to_string(),
        ),
    ];
    let krate = model::build("src/bin/tool/main.rs", &files);
    let found = rules::against_the_row_of(&krate, "bin/tool", &floors());
    let paths: Vec<&str> = found.iter().map(|f| f.path.as_str()).collect();
    assert_eq!(
        paths,
        ["ringlab::ui::mount", "ringlab::draw", "draw::picture"]
    );
    assert!(found[0].why.contains("may import only `ringlab::core`"));
}

#[test]
fn a_web_crate_named_in_the_engine_teaching_or_drawing_is_caught_with_its_file_and_path() {
    let ring = "\
use web_sys::Window;
// leptos, in a comment
fn f() -> &'static str { \"wasm_bindgen\" }
#[wasm_bindgen]
pub fn g() { gloo_timers::callback::Timeout::new(1, || ()); }
";
    let krate = library(&[
        ("core/mod.rs", "mod ring;\n"),
        ("core/ring.rs", ring),
        ("draw/mod.rs", "fn f() -> f64 { js_sys::Date::now() }\n"),
        ("teach/mod.rs", "use console_error_panic_hook as hook;\n"),
        ("ui/mod.rs", "use leptos::prelude::*;\n"),
    ]);
    let native = |m: &str| ["core", "teach", "draw"].contains(&m.split("::").next().unwrap());
    let found = rules::web_crates(&krate, native);
    let places: Vec<(&str, &str)> = found
        .iter()
        .map(|f| (f.file.as_str(), f.path.as_str()))
        .collect();
    assert_eq!(
        places,
        [
            ("src/core/ring.rs", "web_sys::Window"),
            ("src/core/ring.rs", "wasm_bindgen"),
            ("src/core/ring.rs", "gloo_timers::callback::Timeout::new"),
            ("src/draw/mod.rs", "js_sys::Date::now"),
            ("src/teach/mod.rs", "console_error_panic_hook"),
        ]
    );
    assert!(found[0].why.contains("`web_sys`"));
}

#[test]
fn a_use_tree_is_read_into_its_names_renames_and_globs() {
    let (items, code) = uses("pub use a::{b::{self, c as d}, e::*, f as _};\nfn x() {}\n");
    let item = |path: &[&str], name: Option<&str>, glob: bool| UseItem {
        path: path.iter().map(|s| s.to_string()).collect(),
        name: name.map(str::to_string),
        glob,
        public: true,
    };
    assert_eq!(
        items,
        vec![
            item(&["a", "b"], Some("b"), false),
            item(&["a", "b", "c"], Some("d"), false),
            item(&["a", "e"], None, true),
            item(&["a", "f"], None, false),
        ]
    );
    assert_eq!(
        code.split_whitespace().collect::<Vec<_>>(),
        ["pub", "fn", "x()", "{}"]
    );
}

#[test]
fn the_floor_table_is_read_from_between_its_markers() {
    let floors = floors();
    assert_eq!(floors.floors.len(), 3);
    assert_eq!(floors.floors[1].number, 1);
    assert_eq!(floors.floors[1].name, "the ring's nouns");
    assert_eq!(floors.floors[1].modules[0], "core::hash");
    assert_eq!(
        floors.floor_of("core::hash::md5").map(|f| f.number),
        Some(1)
    );
    assert_eq!(
        floors.floor_of("core::placement::layout").map(|f| f.number),
        Some(2)
    );
    assert_eq!(floors.row_of("ui::state").map(|r| r.may.len()), Some(3));
    assert_eq!(
        floors.row_of("bin/tool").map(|r| r.may.clone()),
        Some(vec!["core".into()])
    );
}

#[test]
fn a_floor_table_that_cannot_be_read_is_refused_in_words() {
    let without_close = DESIGN.replace("<!-- /floors -->", "");
    assert!(Floors::parse(&without_close)
        .unwrap_err()
        .contains("<!-- /floors -->"));
    let without_number = DESIGN.replace("| 2 placements |", "| placements |");
    assert!(Floors::parse(&without_number)
        .unwrap_err()
        .contains("does not start with its number"));
    let without_rows = DESIGN.replace("| folder | may import | holds |", "| folder | holds |");
    assert!(Floors::parse(&without_rows)
        .unwrap_err()
        .contains("`| folder | holds |`"));
    let without_markers = DESIGN.replace("<!-- floors -->", "");
    assert!(Floors::parse(&without_markers).is_err());
}

#[test]
fn a_floor_table_naming_a_missing_module_or_leaving_one_out_is_caught() {
    let krate = library(&[
        (
            "lib.rs",
            "pub mod core;\npub mod teach;\npub mod draw;\npub mod ui;\npub mod extra;\n",
        ),
        ("core/mod.rs", "mod error;\nmod stats;\n"),
        ("core/error.rs", ""),
        ("core/stats.rs", ""),
        ("core/hash/mod.rs", ""),
        ("core/size.rs", ""),
        ("core/server.rs", ""),
        ("core/keys.rs", ""),
        ("core/ring.rs", ""),
        ("teach/mod.rs", ""),
        ("draw/mod.rs", ""),
        ("ui/mod.rs", ""),
        ("extra/mod.rs", ""),
    ]);
    let found = floors().check(&krate, &["tool".to_string(), "other".to_string()]);
    assert_eq!(
        found,
        [
            "floor 1 names `core::diff`, which is no module of the library",
            "floor 2 names `core::placement`, which is no module of the library",
            "src/core/stats.rs (`core::stats`) has no floor: add it to a row of the table",
            "`extra` has no row in the table of folders above the engine",
            "`src/bin/other/` has no row in the table of folders above the engine",
        ]
    );
}

#[test]
fn a_layout_naming_a_missing_folder_or_leaving_out_a_source_folder_is_caught() {
    let readme = "\
# Tool

## Layout

The [floor table](docs/design.md#floors).

- `src/core/`: the engine
- `src/ui/`: the page
- `gone/`: nothing any more

## Next
- `src/teach/`: not in the Layout section
";
    let listed = layout::listed(readme).expect("the list reads");
    assert_eq!(listed, ["src/core", "src/ui", "gone"]);
    let src = ["src/core", "src/ui", "src/teach", "src/bin/tool"].map(String::from);
    let found = layout::check(&listed, |f| f != "gone", &src);
    assert_eq!(
        found,
        [
            "lists `gone/`, which is no folder",
            "leaves out `src/teach/`",
            "leaves out `src/bin/tool/`",
        ]
    );
    let unlinked = readme.replace("docs/design.md#floors", "docs/design.md");
    assert!(layout::listed(&unlinked)
        .unwrap_err()
        .contains("floor table"));
    assert!(layout::listed("# Tool\n").is_err());
}

#[test]
fn a_path_into_another_crate_is_no_import() {
    let krate = library(&[("core/mod.rs", "use std::fmt;\nfn f() { fmt::Debug; }\n")]);
    assert_eq!(
        krate.resolve("core", &["fmt".into(), "Debug".into()]),
        Some(Resolved::External(vec![
            "std".into(),
            "fmt".into(),
            "Debug".into()
        ]))
    );
    assert!(krate.modules["core"].imports.is_empty());
}
