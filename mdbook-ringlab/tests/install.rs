//! `mdbook-ringlab install` into a book in a temporary folder, with made-up figure files, and
//! the build's check that the book's copy is the one the preprocessor expects.

use std::fs;
use std::path::Path;

use mdbook_ringlab::install::install;
use mdbook_ringlab::manifest::Manifest;
use mdbook_ringlab::{stale, FigureFiles};
use tempfile::TempDir;

const BOOK_TOML: &str = "# The rings book.\n[book]\ntitle    = \"Rings\"   # aligned on purpose\nsrc = \"text\"\n\n[output.html]\ndefault-theme = \"navy\"\n";

fn files(version: &str) -> FigureFiles {
    FigureFiles::new(vec![
        (
            "figures.js".into(),
            format!("// figures {version}").into_bytes(),
        ),
        (
            format!("ringlab-app-{version}.js"),
            b"export default 1;".to_vec(),
        ),
        (
            format!("ringlab-app-{version}_bg.wasm"),
            vec![0, 97, 115, 109, 1],
        ),
        (
            "figure-stills.css".into(),
            b"svg { display: block }".to_vec(),
        ),
    ])
}

fn book() -> TempDir {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("book.toml"), BOOK_TOML).unwrap();
    fs::create_dir(dir.path().join("text")).unwrap();
    dir
}

fn names(folder: &Path) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(folder)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

#[test]
fn install_copies_the_files_writes_their_manifest_and_adds_the_table_to_book_toml() {
    let book = book();
    let said = install(book.path(), &files("aaa")).unwrap();
    let folder = book.path().join("text/ringlab");
    assert_eq!(
        names(&folder),
        [
            "figure-stills.css",
            "figures.js",
            "manifest.json",
            "mdbook-theme.css",
            "ringlab-app-aaa.js",
            "ringlab-app-aaa_bg.wasm"
        ]
    );
    assert_eq!(
        fs::read(folder.join("ringlab-app-aaa_bg.wasm")).unwrap(),
        [0, 97, 115, 109, 1]
    );
    let manifest = Manifest::read(&book.path().join("text")).unwrap().unwrap();
    assert_eq!(manifest.digest, files("aaa").digest());
    assert_eq!(
        manifest.written_by,
        format!("mdbook-ringlab {}", env!("CARGO_PKG_VERSION"))
    );
    assert_eq!(manifest.files.len(), 5);

    let toml = fs::read_to_string(book.path().join("book.toml")).unwrap();
    assert!(
        toml.starts_with(BOOK_TOML),
        "the author's text is kept as it was"
    );
    assert!(toml[BOOK_TOML.len()..].contains("\n[preprocessor.ringlab]\n"));
    assert!(toml.ends_with("after = [\"links\"]\n"));
    assert!(said[0].starts_with("Copied 5 figure files"), "{said:?}");
    assert!(said
        .iter()
        .any(|s| s.starts_with("Added [preprocessor.ringlab]")));
}

#[test]
fn installing_again_changes_nothing_and_says_so() {
    let book = book();
    install(book.path(), &files("aaa")).unwrap();
    let toml = fs::read_to_string(book.path().join("book.toml")).unwrap();
    let manifest = fs::read(book.path().join("text/ringlab/manifest.json")).unwrap();
    let said = install(book.path(), &files("aaa")).unwrap();
    assert_eq!(
        fs::read_to_string(book.path().join("book.toml")).unwrap(),
        toml
    );
    assert_eq!(
        fs::read(book.path().join("text/ringlab/manifest.json")).unwrap(),
        manifest
    );
    assert_eq!(
        said,
        [
            format!(
                "The 5 figure files in text/ringlab/ are already the ones mdbook-ringlab {} carries: nothing to copy.",
                env!("CARGO_PKG_VERSION")
            ),
            "book.toml already has [preprocessor.ringlab]: left as it was.".to_string(),
        ]
    );
}

#[test]
fn a_newer_copy_takes_away_the_older_files_it_no_longer_has_and_leaves_the_authors() {
    let book = book();
    install(book.path(), &files("aaa")).unwrap();
    let folder = book.path().join("text/ringlab");
    fs::write(folder.join("notes.txt"), "the author's own").unwrap();
    let said = install(book.path(), &files("bbb")).unwrap();
    assert_eq!(
        names(&folder),
        [
            "figure-stills.css",
            "figures.js",
            "manifest.json",
            "mdbook-theme.css",
            "notes.txt",
            "ringlab-app-bbb.js",
            "ringlab-app-bbb_bg.wasm"
        ]
    );
    assert!(said.contains(&"Removed 2 files of the older copy that this one no longer has: ringlab-app-aaa.js, ringlab-app-aaa_bg.wasm.".to_string()), "{said:?}");
    assert!(
        said[0].starts_with("Copied 3 figure files into text/ringlab/; the other 2 were already"),
        "{said:?}"
    );
}

#[test]
fn install_refuses_in_words_without_files_without_a_book_or_without_its_source_folder() {
    let book = book();
    let none = install(book.path(), &FigureFiles::new(Vec::new())).unwrap_err();
    assert!(
        none.contains("built without Ringlab's figure files"),
        "{none}"
    );
    assert!(none.contains("trunk build --release --offline"));
    assert!(none.contains("cargo install --locked --path mdbook-ringlab"));
    assert!(
        !book.path().join("text/ringlab").exists(),
        "nothing was made"
    );

    let empty = tempfile::tempdir().unwrap();
    let missing = install(empty.path(), &files("aaa")).unwrap_err();
    assert!(
        missing.starts_with("there is no book.toml to read in"),
        "{missing}"
    );

    fs::remove_dir(book.path().join("text")).unwrap();
    let no_src = install(book.path(), &files("aaa")).unwrap_err();
    assert!(
        no_src.contains("source folder") && no_src.contains("text"),
        "{no_src}"
    );
}

#[test]
fn a_build_takes_the_copy_install_wrote_and_refuses_a_missing_or_other_copy_naming_both() {
    let book = book();
    let src = Path::new("text");
    let missing = stale::check(book.path(), src, &files("aaa")).unwrap_err();
    assert!(
        missing.contains("text/ringlab/manifest.json is missing"),
        "{missing}"
    );
    assert!(missing.contains("run mdbook-ringlab install in the book's folder"));

    install(book.path(), &files("aaa")).unwrap();
    assert_eq!(stale::check(book.path(), src, &files("aaa")), Ok(()));

    let other = stale::check(book.path(), src, &files("bbb")).unwrap_err();
    assert!(
        other.contains(&files("aaa").digest()) && other.contains(&files("bbb").digest()),
        "{other}"
    );
    assert!(other.contains("run mdbook-ringlab install in the book's folder"));

    fs::remove_file(book.path().join("text/ringlab/figures.js")).unwrap();
    let gone = stale::check(book.path(), src, &files("aaa")).unwrap_err();
    assert!(
        gone.contains("missing from text/ringlab/ (figures.js)"),
        "{gone}"
    );

    let without = stale::check(book.path(), src, &FigureFiles::new(Vec::new())).unwrap_err();
    assert!(
        without.contains("built without Ringlab's figure files"),
        "{without}"
    );
}

#[test]
fn a_file_in_a_folder_of_the_copy_is_written_there_and_nothing_outside_the_copy_is_removed() {
    let book = book();
    let nested = FigureFiles::new(vec![
        ("figures.js".into(), b"// figures".to_vec()),
        ("snippets/inline0.js".into(), b"export {}".to_vec()),
    ]);
    install(book.path(), &nested).unwrap();
    let folder = book.path().join("text/ringlab");
    assert_eq!(
        fs::read(folder.join("snippets/inline0.js")).unwrap(),
        b"export {}"
    );
    assert_eq!(
        stale::check(book.path(), Path::new("text"), &nested),
        Ok(())
    );

    // A manifest that names a file outside the copy (written by hand, say) takes nothing there.
    fs::write(book.path().join("text/chapter.md"), "# Mine").unwrap();
    let mut manifest = Manifest::read(&book.path().join("text")).unwrap().unwrap();
    manifest.files.push("../chapter.md".into());
    manifest.write(&book.path().join("text")).unwrap();
    install(book.path(), &files("aaa")).unwrap();
    assert!(book.path().join("text/chapter.md").is_file());
    assert!(
        !folder.join("snippets").exists(),
        "the older copy's own file and folder are gone"
    );
}
