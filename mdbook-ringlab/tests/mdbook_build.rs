//! The example book (examples/book) built by the real `mdbook` with this preprocessor: the
//! command installs the figure files, `mdbook build` runs it, and the pages hold the figures,
//! the buttons and the steps, with each page's script found from its own folder.
//!
//! `mdbook` 0.5.4 must be on PATH (`scripts/setup.sh` installs it). A binary built before the
//! app's release build carries no figure files; then the html build must refuse, saying so,
//! and that is what is checked instead (see `figure_files`).

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use mdbook_ringlab::FigureFiles;

const BIN: &str = env!("CARGO_BIN_EXE_mdbook-ringlab");

/// A copy of the example book in a temporary folder.
fn example_book() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let from = Path::new(env!("CARGO_MANIFEST_DIR")).join("../examples/book");
    copy_dir(&from, dir.path());
    // A copy of the files or a build left in the example's own folder is not part of it.
    let _ = fs::remove_dir_all(dir.path().join("src/ringlab"));
    let _ = fs::remove_dir_all(dir.path().join("book"));
    dir
}

fn copy_dir(from: &Path, to: &Path) {
    fs::create_dir_all(to).unwrap();
    for entry in fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            copy_dir(&entry.path(), &target);
        } else {
            fs::copy(entry.path(), &target).unwrap();
        }
    }
}

/// Runs the real `mdbook build` on `book`, with this crate's binary first on PATH.
fn mdbook_build(book: &Path) -> Output {
    let bin_dir = Path::new(BIN).parent().unwrap();
    let path = std::env::join_paths(std::iter::once(bin_dir.to_owned()).chain(
        std::env::split_paths(&std::env::var_os("PATH").unwrap_or_default()),
    ))
    .unwrap();
    match Command::new("mdbook")
        .arg("build")
        .arg(book)
        .env("PATH", path)
        .output()
    {
        Ok(output) => output,
        Err(e) => panic!(
            "mdbook could not be run ({e}): run scripts/setup.sh, which installs mdbook 0.5.4"
        ),
    }
}

fn install(book: &Path) -> Output {
    Command::new(BIN).arg("install").arg(book).output().unwrap()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// Whether this binary carries the figure files. When it does not, checks that the build
/// refuses in words, and says why the rest of the test is not run.
fn figure_files(book: &Path) -> bool {
    if !FigureFiles::embedded().is_empty() {
        return true;
    }
    let refused = install(book);
    assert!(!refused.status.success());
    assert!(text(&refused.stderr).contains("built without Ringlab's figure files"));
    let built = mdbook_build(book);
    assert!(!built.status.success());
    assert!(
        text(&built.stderr).contains("built without Ringlab's figure files"),
        "{}",
        text(&built.stderr)
    );
    eprintln!(
        "mdbook-ringlab was built before the app's release build, so it carries no figure files: \
         only the refusal was checked. Run trunk build --release --offline, then this test again."
    );
    false
}

fn page(out: &Path, name: &str) -> String {
    fs::read_to_string(out.join(name)).unwrap_or_else(|e| panic!("{name}: {e}"))
}

#[test]
fn the_example_book_builds_with_its_figures_buttons_and_steps_and_each_page_finds_the_script() {
    let version = Command::new("mdbook").arg("--version").output();
    let version = version.map(|o| text(&o.stdout)).unwrap_or_default();
    assert!(
        version.trim() == "mdbook v0.5.4",
        "mdbook 0.5.4 is not on PATH (found {:?}): run scripts/setup.sh",
        version.trim()
    );
    let book = example_book();
    if !figure_files(book.path()) {
        return;
    }
    let installed = install(book.path());
    assert!(installed.status.success(), "{}", text(&installed.stderr));
    assert!(text(&installed.stdout).contains("book.toml already has [preprocessor.ringlab]"));

    let built = mdbook_build(book.path());
    assert!(built.status.success(), "{}", text(&built.stderr));
    let out = book.path().join("book");
    assert!(
        out.join("ringlab/figures.js").is_file(),
        "mdBook copied the figure files"
    );
    assert!(out.join("ringlab/mdbook-theme.css").is_file());

    let ring = page(&out, "ring.html");
    assert!(ring.contains(
        "<ringlab-figure id=\"three-servers\" label=\"Figure 1: three servers on a ring\""
    ));
    assert!(ring.to_lowercase().contains(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"ringlab-ring\" viewbox=\"0 0 320 320\""
    ));
    assert!(ring.contains("<title>Hash ring of 100 positions with 3 servers and 5 keys</title>"));
    assert!(ring.contains("<button type=\"button\" class=\"ringlab-control\" data-ringlab-apply=\"undo\" data-ringlab-figure=\"three-servers\">undo</button>"));
    assert!(ring.contains("path_to_root : \"\";\nimport(new URL(`${root}ringlab/figures.js`, document.baseURI).href);"));
    assert!(ring.contains("--ringlab-color-scheme: var(--color-scheme, light);"));
    assert!(
        ring.contains("ringlab-figure>svg.ringlab-ring{"),
        "the stills' stylesheet is kept as it was written, child combinator and all"
    );

    let joins = page(&out, "joins/server-joins.html");
    assert!(joins.contains("path_to_root : \"../\";\nimport(new URL(`${root}ringlab/figures.js`, document.baseURI).href);"));
    // print.html gathers every chapter at the book's root: nothing on it is named by a path
    // that only holds from a chapter's own page.
    let print = page(&out, "print.html");
    assert!(
        print
            .matches("import(new URL(`${root}ringlab/figures.js`, document.baseURI).href)")
            .count()
            >= 2
    );
    assert!(
        !print.contains("../ringlab/"),
        "no chapter's own path is left on print.html"
    );
    let step = joins
        .find("<div class=\"ringlab-step\" data-ringlab-step=\"add:D@60\" data-ringlab-figure=\"d-joins\">")
        .expect("the step's element");
    let inside = &joins[step..step + joins[step..].find("</div>").unwrap()];
    assert!(inside.contains("<p>D is now on the ring."), "{inside}");
    assert!(
        inside.contains("<strong>the whole point</strong>"),
        "the paragraph's Markdown is rendered"
    );
    assert!(!joins.contains("{{#ringlab-step"));

    let mod_n = page(&out, "mod-n.html");
    assert!(mod_n.contains("data-ringlab-apply=\"add:E\" data-ringlab-figure=\"mod-n\">add a <em>fifth</em> server</button>"));
    let vnodes = page(&out, "virtual-nodes.html");
    assert!(vnodes.contains(
        "data-ringlab-apply=\"vnodes:1\" data-ringlab-group=\"points\">one point each</button>"
    ));
    assert!(vnodes.contains(
        "<div class=\"ringlab-step\" data-ringlab-step=\"add:D\" data-ringlab-group=\"points\">"
    ));
    assert_eq!(vnodes.matches("<ringlab-figure ").count(), 2);
    assert!(
        !vnodes.contains("```ringlab") && !vnodes.contains("\"ringlab:"),
        "no fence or link is left"
    );
}

#[test]
fn a_broken_fence_stops_mdbook_with_the_file_and_line_and_the_last_build_stays() {
    let book = example_book();
    if !figure_files(book.path()) {
        return;
    }
    assert!(install(book.path()).status.success());
    assert!(mdbook_build(book.path()).status.success());
    let out: PathBuf = book.path().join("book");
    let before = fs::read(out.join("mod-n.html")).unwrap();

    let chapter = book.path().join("src/mod-n.md");
    let broken = fs::read_to_string(&chapter)
        .unwrap()
        .replace("panels: servers, last", "sise: 320");
    fs::write(&chapter, broken).unwrap();
    let failed = mdbook_build(book.path());
    assert!(!failed.status.success());
    let said = text(&failed.stderr);
    assert!(
        said.contains(
            "mdbook-ringlab: src/mod-n.md, line 9: \"sise: 320\" is not a figure's line: \
             expected one of link:, panels:, label:, id:, group:, size:"
        ),
        "{said}"
    );
    assert_eq!(
        fs::read(out.join("mod-n.html")).unwrap(),
        before,
        "the earlier build is untouched"
    );
}

#[test]
fn a_figure_in_an_included_file_is_made_and_a_step_passes_mdbooks_links_preprocessor() {
    let book = example_book();
    if !figure_files(book.path()) {
        return;
    }
    assert!(install(book.path()).status.success());
    // mdBook's links preprocessor runs first (book.toml says after = ["links"]): it puts the
    // included file in, and leaves {{#ringlab-step}} alone, as it reads only {{#name …}} with
    // letters, digits and _ in the name.
    fs::create_dir_all(book.path().join("src/parts")).unwrap();
    fs::write(
        book.path().join("src/parts/figure.txt"),
        "```ringlab\nlink: ring=100&servers=A@10,B@40\nid: included\n```\n",
    )
    .unwrap();
    let chapter = book.path().join("src/ring.md");
    let mut words = fs::read_to_string(&chapter).unwrap();
    words.push_str("\n{{#include parts/figure.txt}}\n\n{{#ringlab-step add:C@75}}\nC joins.\n");
    fs::write(&chapter, words).unwrap();

    let built = mdbook_build(book.path());
    assert!(built.status.success(), "{}", text(&built.stderr));
    let ring = page(&book.path().join("book"), "ring.html");
    assert!(
        ring.contains("<ringlab-figure id=\"included\" link=\"ring=100&amp;servers=A@10,B@40\">")
    );
    assert!(ring.contains("<div class=\"ringlab-step\" data-ringlab-step=\"add:C@75\" data-ringlab-figure=\"included\">"));
}
