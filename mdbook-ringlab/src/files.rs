//! The figure files a book serves: Ringlab's `figures.js` and everything it loads (its scripts,
//! WebAssembly modules and stylesheets), as the binary carries them from the app's release
//! build, plus one small stylesheet of this crate's own that lets the figures follow mdBook's
//! light and dark themes.
//!
//! A book holds a copy of them in `ringlab/` under its source folder, which mdBook copies into
//! the built book as it is. The copy is named by a digest of every file's name and bytes, so a
//! build can tell whether the copy in the book is the one this binary's figures expect.

use std::borrow::Cow;

use md5::{Digest, Md5};

mod embedded {
    include!(concat!(env!("OUT_DIR"), "/figure_files.rs"));
}

/// The folder under the book's source folder that holds the figure files.
pub const FOLDER: &str = "ringlab";

/// The script that makes every figure of a page live.
pub const SCRIPT: &str = "figures.js";

/// The stylesheet that recolours stills for light and dark, when the app's build has one.
pub const STILLS_CSS: &str = "figure-stills.css";

/// This crate's stylesheet for mdBook's themes.
pub const THEME_CSS: &str = "mdbook-theme.css";

/// mdBook's themes say whether they are light or dark in `--color-scheme` on the page's root;
/// Ringlab's figures and their stills read theirs from `--ringlab-color-scheme`. Without it,
/// a figure would follow the reader's system setting, and could be light on a navy page. A
/// theme that says nothing (mdBook's `rust`) is light, as mdBook's own `color-scheme` then is.
/// The buttons in the text take the theme's colours too, rather than the browser's grey.
const THEME_CSS_TEXT: &str = "\
/* Written by mdbook-ringlab: Ringlab's figures and their buttons follow the book's theme. */
:root { --ringlab-color-scheme: var(--color-scheme, light); }
.ringlab-control {
  font: inherit; color: var(--fg); background: var(--theme-hover);
  border: 1px solid var(--links); border-radius: 5px; padding: 0 0.4em; cursor: pointer;
}
.ringlab-control:hover { background: var(--bg); }
.ringlab-control:focus-visible { outline: 2px solid var(--links); outline-offset: 2px; }
";

/// A set of figure files, by name (each at the top of the folder).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FigureFiles {
    files: Vec<(String, Cow<'static, [u8]>)>,
}

impl FigureFiles {
    /// The files this binary carries: empty when it was built before the app was.
    pub fn embedded() -> FigureFiles {
        let files = embedded::FILES
            .iter()
            .map(|&(name, bytes)| (name.to_owned(), Cow::Borrowed(bytes)))
            .collect();
        FigureFiles::with_theme(files)
    }

    /// A set of the given files (tests use made-up ones), with this crate's theme stylesheet.
    pub fn new(files: Vec<(String, Vec<u8>)>) -> FigureFiles {
        let files = files
            .into_iter()
            .map(|(name, bytes)| (name, Cow::Owned(bytes)))
            .collect();
        FigureFiles::with_theme(files)
    }

    fn with_theme(mut files: Vec<(String, Cow<'static, [u8]>)>) -> FigureFiles {
        // No theme stylesheet without figures: an empty set stays empty, so that a binary
        // built without the app's files knows it has none.
        if !files.is_empty() {
            files.retain(|(name, _)| name != THEME_CSS);
            files.push((
                THEME_CSS.to_owned(),
                Cow::Borrowed(THEME_CSS_TEXT.as_bytes()),
            ));
        }
        files.sort_by(|a, b| a.0.cmp(&b.0));
        FigureFiles { files }
    }

    /// Why a binary without files can do nothing for a book's figures, and how to make them.
    pub fn none_built() -> String {
        format!(
            "this {} was built without Ringlab's figure files (there were none in {} when it \
             was built): build them first (trunk build --release --offline in the Ringlab \
             repository), then install mdbook-ringlab again \
             (cargo install --locked --path mdbook-ringlab)",
            crate::manifest::written_by(),
            embedded::DIST
        )
    }

    /// Whether there are no files at all.
    pub fn is_empty(&self) -> bool {
        self.files.is_empty()
    }

    /// How many files there are.
    pub fn len(&self) -> usize {
        self.files.len()
    }

    /// The bytes of the file called `name`, when the set holds it.
    pub fn get(&self, name: &str) -> Option<&[u8]> {
        self.files
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, bytes)| bytes.as_ref())
    }

    /// Whether a file of that name is in the set.
    pub fn contains(&self, name: &str) -> bool {
        self.files.iter().any(|(n, _)| n == name)
    }

    /// The files, by name, in name order.
    pub fn iter(&self) -> impl Iterator<Item = (&str, &[u8])> {
        self.files.iter().map(|(n, b)| (n.as_str(), b.as_ref()))
    }

    /// Their size in bytes, all together.
    pub fn total_bytes(&self) -> usize {
        self.files.iter().map(|(_, b)| b.len()).sum()
    }

    /// The set's digest: MD5 over each file's name, its length and its bytes, in name order,
    /// as lowercase hex. Two sets share a digest only if they hold the same files.
    pub fn digest(&self) -> String {
        let mut md5 = Md5::new();
        for (name, bytes) in &self.files {
            md5.update(name.as_bytes());
            md5.update([0]);
            md5.update(bytes.len().to_string().as_bytes());
            md5.update([0]);
            md5.update(bytes);
        }
        md5.finalize()
            .iter()
            .map(|byte| format!("{byte:02x}"))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn set(files: &[(&str, &str)]) -> FigureFiles {
        FigureFiles::new(
            files
                .iter()
                .map(|(n, b)| (n.to_string(), b.as_bytes().to_vec()))
                .collect(),
        )
    }

    #[test]
    fn the_digest_changes_with_any_name_or_byte_and_not_with_the_order_given() {
        let one = set(&[("figures.js", "a"), ("app.wasm", "bc")]);
        let same = set(&[("app.wasm", "bc"), ("figures.js", "a")]);
        assert_eq!(one.digest(), same.digest());
        assert_eq!(one.digest().len(), 32);
        for other in [
            set(&[("figures.js", "a"), ("app.wasm", "bd")]),
            set(&[("figures.js", "a"), ("app2.wasm", "bc")]),
            // The same bytes cut in another place between two files.
            set(&[("figures.js", "ab"), ("app.wasm", "c")]),
        ] {
            assert_ne!(one.digest(), other.digest());
        }
    }

    #[test]
    fn a_set_of_files_carries_the_theme_stylesheet_and_an_empty_set_nothing() {
        let files = set(&[("figures.js", "x")]);
        assert_eq!(files.len(), 2);
        assert!(files.contains(THEME_CSS));
        assert!(set(&[]).is_empty());
    }
}
