//! Whether a book's copy of the figure files is the one this binary's figures expect.
//!
//! The figures this preprocessor writes are read by the script in the book's copy, and both
//! change from one Ringlab to the next. A book built by a newer preprocessor over an older
//! copy (or none) would show stills that never go live, or worse, so such a build stops and
//! says to run `mdbook-ringlab install`, which brings the copy up to date.

use std::path::Path;

use crate::files::{FigureFiles, FOLDER};
use crate::manifest::{written_by, Manifest, MANIFEST};

/// Checks the copy in the book at `root`, whose source folder is `src` (relative to `root`, as
/// book.toml gives it), against `files`; the problem in words when it is not the same.
pub fn check(root: &Path, src: &Path, files: &FigureFiles) -> Result<(), String> {
    let folder = root.join(src).join(FOLDER);
    let shown = src.join(FOLDER);
    let shown = shown.display();
    if files.is_empty() {
        return Err(format!(
            "{}; until then it cannot make the copy in {shown}/ or check it",
            FigureFiles::none_built()
        ));
    }
    let run_install = format!(
        "run mdbook-ringlab install in the book's folder ({}) to copy them in",
        root.display()
    );
    let manifest = match Manifest::read(&root.join(src)) {
        Ok(Some(manifest)) => manifest,
        Ok(None) => {
            return Err(format!(
                "the book has figures but no copy of Ringlab's figure files \
                 ({shown}/{MANIFEST} is missing): {run_install}"
            ))
        }
        Err(e) => {
            return Err(format!(
                "{shown}/{MANIFEST} cannot be read ({e}): {run_install} again"
            ))
        }
    };
    let digest = files.digest();
    if manifest.digest != digest {
        return Err(format!(
            "the figure files in {shown}/ are another copy than this {} carries: the book has \
             {} (written by {}), this program has {digest}: {run_install} again",
            written_by(),
            manifest.digest,
            manifest.written_by
        ));
    }
    // The manifest says the copy is right; a file taken away since would still break the page.
    let missing: Vec<&str> = manifest
        .files
        .iter()
        .map(String::as_str)
        .filter(|name| !folder.join(name).is_file())
        .collect();
    if !missing.is_empty() {
        return Err(format!(
            "{} of the figure files are missing from {shown}/ ({}): {run_install} again",
            missing.len(),
            missing.join(", ")
        ));
    }
    Ok(())
}
