//! `mdbook-ringlab install [BOOK_DIR]`: puts this binary's copy of Ringlab's figure files into
//! a book, under `ringlab/` in its source folder (which mdBook copies into the built book as it
//! is), with the manifest that names the copy, takes away the files of an older copy that are
//! no longer part of it, and adds the preprocessor to `book.toml` when it is not there yet.
//!
//! Running it again changes nothing and says so: files already as they should be are not
//! written, and `book.toml` is left alone once it has the table.

use std::fs;
use std::path::{Component, Path};
use std::str::FromStr;

use mdbook_preprocessor::config::Config;

use crate::book_toml::with_preprocessor;
use crate::files::{FigureFiles, FOLDER};
use crate::manifest::{written_by, Manifest, MANIFEST};

/// Installs `files` into the book in the folder `book`; what it did, a sentence a line, or
/// why it could not, in words.
pub fn install(book: &Path, files: &FigureFiles) -> Result<Vec<String>, String> {
    if files.is_empty() {
        return Err(format!("{}.", FigureFiles::none_built()));
    }
    let toml_path = book.join("book.toml");
    let text = fs::read_to_string(&toml_path).map_err(|e| {
        format!(
            "there is no book.toml to read in {} ({e}): give the book's folder, as in \
             mdbook-ringlab install path/to/book",
            book.display()
        )
    })?;
    let config = Config::from_str(&text)
        .map_err(|e| format!("{} cannot be read: {e:#}", toml_path.display()))?;
    let src = book.join(&config.book.src);
    if !src.is_dir() {
        return Err(format!(
            "the book's source folder {} is missing (book.toml's book.src)",
            src.display()
        ));
    }
    let folder = src.join(FOLDER);
    let shown = config.book.src.join(FOLDER);
    let shown = shown.display();
    fs::create_dir_all(&folder).map_err(|e| format!("cannot make {shown}/: {e}"))?;

    let mut said = Vec::new();
    let old = Manifest::read(&src).ok().flatten();
    let mut written = 0;
    for (name, bytes) in files.iter() {
        let path = folder.join(name);
        if fs::read(&path).is_ok_and(|there| there == bytes) {
            continue;
        }
        // A name may be a path inside the folder (a module's own folder of snippets, say).
        if let Some(parent) = path.parent() {
            fs::create_dir_all(parent)
                .map_err(|e| format!("cannot make {}: {e}", parent.display()))?;
        }
        fs::write(&path, bytes).map_err(|e| format!("cannot write {shown}/{name}: {e}"))?;
        written += 1;
    }
    let megabytes = files.total_bytes() as f64 / 1e6;
    said.push(match written {
        0 => format!(
            "The {} figure files in {shown}/ are already the ones {} carries: nothing to copy.",
            files.len(),
            written_by()
        ),
        n if n == files.len() => format!(
            "Copied {n} figure files ({megabytes:.1} MB) into {shown}/: Ringlab's figures as {} carries them.",
            written_by()
        ),
        n => format!(
            "Copied {n} figure files into {shown}/; the other {} were already as {} carries them.",
            files.len() - n,
            written_by()
        ),
    });

    // Only what the older copy's manifest names is taken away: anything else in the folder is
    // the author's.
    let mut removed = Vec::new();
    for name in old.iter().flat_map(|m| &m.files) {
        let inside = Path::new(name)
            .components()
            .all(|part| matches!(part, Component::Normal(_)));
        let ours = inside && name != MANIFEST;
        let path = folder.join(name);
        if ours && !files.contains(name) && fs::remove_file(&path).is_ok() {
            removed.push(name.as_str());
            // A folder of the older copy goes with its last file (and stays while it has any).
            if let Some(parent) = path.parent().filter(|p| *p != folder) {
                let _ = fs::remove_dir(parent);
            }
        }
    }
    if !removed.is_empty() {
        // A new build renames most of its files: a handful of names says enough.
        let named = match removed.len() {
            n if n <= 6 => removed.join(", "),
            n => format!("{} and {} more", removed[..4].join(", "), n - 4),
        };
        said.push(format!(
            "Removed {} files of the older copy that this one no longer has: {named}.",
            removed.len()
        ));
    }

    let manifest = Manifest::of(files);
    if old.as_ref() != Some(&manifest) {
        manifest
            .write(&src)
            .map_err(|e| format!("cannot write {shown}/{MANIFEST}: {e}"))?;
        said.push(format!(
            "Wrote {shown}/{MANIFEST}, which names this copy (digest {}).",
            manifest.digest
        ));
    }

    match with_preprocessor(&text, &config)? {
        Some(new) => {
            fs::write(&toml_path, new).map_err(|e| format!("cannot write book.toml: {e}"))?;
            said.push(
                "Added [preprocessor.ringlab] to the end of book.toml; the rest of it is as it was."
                    .into(),
            );
        }
        None => said.push("book.toml already has [preprocessor.ringlab]: left as it was.".into()),
    }
    Ok(said)
}
