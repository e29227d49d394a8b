//! The preprocessor over a whole book, as mdBook hands it over: each chapter's page gets the
//! figures' stylesheets and script by its own path to the root, only under the html renderer,
//! and any problem in any chapter fails the build with its file and line.

use std::path::{Path, PathBuf};
use std::str::FromStr;

use mdbook_preprocessor::book::{Book, BookItem, Chapter};
use mdbook_preprocessor::config::Config;
use mdbook_preprocessor::{Preprocessor, PreprocessorContext};
use mdbook_ringlab::install::install;
use mdbook_ringlab::{FigureFiles, Ringlab};

const FIGURE: &str = "```ringlab\nlink: ring=100&servers=A@10,B@40,C@75&keys=@90,@52\n```\n";

fn files() -> FigureFiles {
    FigureFiles::new(vec![
        ("figures.js".into(), b"// figures".to_vec()),
        ("figure-stills.css".into(), b"svg {}".to_vec()),
    ])
}

fn chapter(name: &str, path: &str, content: &str) -> Chapter {
    Chapter::new(name, content.to_owned(), path, Vec::new())
}

/// A book of three chapters (one a folder down, one without figures) in a temporary folder
/// with the figure files installed, and mdBook's context for `renderer`.
fn book(renderer: &str, top: &str, nested: &str) -> (tempfile::TempDir, PreprocessorContext, Book) {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("book.toml"), "[book]\ntitle = \"Rings\"\n").unwrap();
    std::fs::create_dir_all(dir.path().join("src/ring")).unwrap();
    install(dir.path(), &files()).unwrap();
    let config = Config::from_str("[book]\ntitle = \"Rings\"\n").unwrap();
    let ctx = PreprocessorContext::new(dir.path().to_owned(), config, renderer.to_owned());
    let mut intro = chapter("Intro", "intro.md", top);
    intro
        .sub_items
        .push(BookItem::Chapter(chapter("Joins", "ring/joins.md", nested)));
    let mut book = Book::new();
    book.push_item(intro);
    book.push_item(chapter("Plain", "plain.md", "# Plain\n\nNo figures.\n"));
    (dir, ctx, book)
}

fn contents(book: &Book) -> Vec<(PathBuf, String)> {
    book.chapters()
        .map(|c| (c.path.clone().unwrap(), c.content.clone()))
        .collect()
}

#[test]
fn each_chapter_with_figures_carries_the_styles_and_finds_the_script_from_the_pages_root() {
    let (_dir, ctx, book) = book(
        "html",
        &format!("# Intro\n\n{FIGURE}"),
        &format!("# Joins\n\n{FIGURE}"),
    );
    let book = Ringlab::new(files()).run(&ctx, book).unwrap();
    let all = contents(&book);
    let (path, intro) = &all[0];
    assert_eq!(path, Path::new("intro.md"));
    // The stylesheets are written in, so that print.html, which gathers every chapter at the
    // book's root, needs no path to them.
    assert!(intro.starts_with("<style>\n"), "{intro}");
    let head = &intro[..intro.find("</style>\n").expect("the style element ends")];
    assert!(head.contains("--ringlab-color-scheme: var(--color-scheme, light)"));
    assert!(!intro.contains("<link"));
    assert!(intro.contains("</style>\n\n# Intro\n\n"));
    assert!(intro.ends_with(
        "</ringlab-figure>\n\n\n<script type=\"module\">\n\
         const root = typeof path_to_root === \"string\" ? path_to_root : \"\";\n\
         import(new URL(`${root}ringlab/figures.js`, document.baseURI).href);\n</script>\n"
    ));
    let (_, joins) = &all[1];
    assert!(joins.starts_with("<style>\n"));
    assert!(joins.contains("path_to_root : \"../\";\n"));
    assert_eq!(
        all[2].1, "# Plain\n\nNo figures.\n",
        "a chapter without figures is left alone"
    );
}

#[test]
fn the_stills_stylesheet_is_written_in_when_the_build_has_one() {
    let stills = "ringlab-figure>svg.ringlab-ring{display:block}\n";
    let with = FigureFiles::new(vec![
        ("figures.js".into(), b"// figures".to_vec()),
        ("figure-stills.css".into(), stills.as_bytes().to_vec()),
    ]);
    let without = FigureFiles::new(vec![("figures.js".into(), b"// figures".to_vec())]);
    for (files, has) in [(with, true), (without, false)] {
        let (dir, ctx, book) = book("html", FIGURE, "");
        install(dir.path(), &files).unwrap();
        let book = Ringlab::new(files).run(&ctx, book).unwrap();
        let intro = &contents(&book)[0].1;
        assert_eq!(intro.contains(stills), has, "{intro}");
        assert!(intro.starts_with("<style>\n"));
        assert!(intro.contains("var(--color-scheme, light)"));
    }
}

#[test]
fn other_renderers_get_stills_with_no_script_and_no_copy_of_the_files_needed() {
    let (dir, ctx, book) = book("markdown", &format!("# Intro\n\n{FIGURE}"), "");
    std::fs::remove_dir_all(dir.path().join("src/ringlab")).unwrap();
    let book = Ringlab::new(files()).run(&ctx, book).unwrap();
    let intro = &contents(&book)[0].1;
    assert!(intro.starts_with("# Intro\n\n\n<svg "), "{intro}");
    assert!(
        !intro.contains("<script") && !intro.contains("<link") && !intro.contains("ringlab-figure")
    );
}

#[test]
fn every_problem_of_every_chapter_fails_the_build_with_its_file_and_line() {
    let top = format!("# Intro\n\n{FIGURE}\n[typo](ringlab:make:faster)\n");
    let nested = "# Joins\n\n```ringlab\nlink: ring=100\nsise: 320\n```\n";
    let (_dir, ctx, book) = book("html", &top, nested);
    let error = Ringlab::new(files())
        .run(&ctx, book)
        .unwrap_err()
        .to_string();
    let lines: Vec<&str> = error.lines().collect();
    assert_eq!(lines.len(), 2, "{error}");
    assert!(
        lines[0]
            .starts_with("mdbook-ringlab: src/intro.md, line 7: \"make:faster\" is not a change"),
        "{error}"
    );
    assert_eq!(
        lines[1],
        "mdbook-ringlab: src/ring/joins.md, line 5: \"sise: 320\" is not a figure's line: \
         expected one of link:, panels:, label:, id:, group:, size:"
    );
}

#[test]
fn a_book_with_figures_and_a_stale_copy_fails_and_one_without_figures_does_not_care() {
    let (dir, ctx, stale) = book("html", FIGURE, "");
    let newer = FigureFiles::new(vec![("figures.js".into(), b"// newer figures".to_vec())]);
    let error = Ringlab::new(newer.clone())
        .run(&ctx, stale)
        .unwrap_err()
        .to_string();
    assert!(
        error.starts_with("mdbook-ringlab: the figure files in src/ringlab/ are another copy"),
        "{error}"
    );
    assert!(error.contains(&newer.digest()) && error.contains(&files().digest()));
    assert!(error.contains(&format!(
        "run mdbook-ringlab install in the book's folder ({})",
        dir.path().display()
    )));

    let (_dir, ctx, plain) = book("html", "# No figures\n", "");
    let unchanged = Ringlab::new(newer).run(&ctx, plain.clone()).unwrap();
    assert_eq!(unchanged, plain);
}
