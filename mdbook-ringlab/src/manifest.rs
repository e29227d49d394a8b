//! The manifest of a book's copy of the figure files: `ringlab/manifest.json` under the book's
//! source folder, naming the copy's digest, the files in it and the mdbook-ringlab that wrote
//! it. `install` writes it; a build reads it to know whether the copy is the one the binary's
//! figures expect, and the next `install` to know which old files to take away.

use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::files::{FigureFiles, FOLDER};

/// The manifest's file name in the figures' folder.
pub const MANIFEST: &str = "manifest.json";

/// What a copy of the figure files is.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Manifest {
    /// The program and version that wrote the copy, such as `mdbook-ringlab 0.1.0`.
    pub written_by: String,
    /// The digest of the files ([`FigureFiles::digest`]).
    pub digest: String,
    /// The files' names, in the figures' folder.
    pub files: Vec<String>,
}

impl Manifest {
    /// The manifest of a copy of `files` written by this program.
    pub fn of(files: &FigureFiles) -> Manifest {
        Manifest {
            written_by: written_by(),
            digest: files.digest(),
            files: files.iter().map(|(name, _)| name.to_owned()).collect(),
        }
    }

    /// The manifest of the copy in the book whose source folder is `src`, if there is one
    /// that can be read.
    pub fn read(src: &Path) -> io::Result<Option<Manifest>> {
        let text = match fs::read_to_string(path(src)) {
            Ok(text) => text,
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
            Err(e) => return Err(e),
        };
        serde_json::from_str(&text)
            .map(Some)
            .map_err(|e| io::Error::new(io::ErrorKind::InvalidData, e))
    }

    /// Writes the manifest into the book whose source folder is `src`.
    pub fn write(&self, src: &Path) -> io::Result<()> {
        let text = serde_json::to_string_pretty(self).map_err(io::Error::other)?;
        fs::write(path(src), text + "\n")
    }
}

/// This program, as a manifest names it.
pub fn written_by() -> String {
    format!("mdbook-ringlab {}", env!("CARGO_PKG_VERSION"))
}

/// The manifest's path in the book whose source folder is `src`.
pub fn path(src: &Path) -> PathBuf {
    src.join(FOLDER).join(MANIFEST)
}
