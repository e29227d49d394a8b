//! Embeds Ringlab's figure files in the binary, so that `mdbook-ringlab install` can copy the
//! very files the preprocessor was built beside.
//!
//! The files come from the app's release build (`trunk build --release --offline` in the
//! Ringlab repository): the folder `RINGLAB_DIST` names, else `../dist`. They are the files the
//! build lists in `figure-files.txt`, every file a figure page can load, followed from
//! `figures.js` (scripts/figures-package.mjs writes it, so that every way the figures ship
//! ships the same files). A build from before that list takes the files at the top of the
//! folder a figure page may load: `figures.js`, the other scripts, the WebAssembly modules and
//! the stylesheets, but not the app's page (`index.html`), its service worker (`sw.js`), the
//! compressed copies or the examples. Without the folder the crate still builds, with no
//! files, and `install` says how to make them.

use std::env;
use std::fmt::Write;
use std::fs;
use std::path::{Path, PathBuf};

fn main() {
    println!("cargo:rerun-if-env-changed=RINGLAB_DIST");
    println!("cargo:rerun-if-changed=build.rs");
    let dist = match env::var_os("RINGLAB_DIST") {
        Some(dir) => PathBuf::from(dir),
        None => Path::new(&env::var("CARGO_MANIFEST_DIR").unwrap())
            .parent()
            .expect("the crate sits in the Ringlab repository")
            .join("dist"),
    };
    // Watched even when absent: Cargo then runs this again on every build, so the files are
    // picked up as soon as the app has been built.
    println!("cargo:rerun-if-changed={}", dist.display());

    let mut names: Vec<(String, PathBuf)> = match fs::read_to_string(dist.join("figure-files.txt"))
    {
        Ok(list) => list
            .lines()
            .map(str::trim)
            .filter(|name| !name.is_empty())
            .map(|name| {
                let path = dist.join(name);
                let path = fs::canonicalize(&path).unwrap_or_else(|e| {
                    panic!(
                        "{} names {name}, which cannot be read ({e}): build the app again",
                        dist.join("figure-files.txt").display()
                    )
                });
                (name.to_owned(), path)
            })
            .collect(),
        Err(_) => top_files(&dist),
    };
    names.sort();
    // A build without figures.js is not a figures build: none of its files are any use.
    if !names.iter().any(|(name, _)| name == "figures.js") {
        if dist.exists() {
            println!(
                "cargo:warning={} has no figures.js: mdbook-ringlab is built without figure files",
                dist.display()
            );
        }
        names.clear();
    }

    let mut code = String::from(
        "/// Ringlab's figure files, by name, as the app's release build wrote them.\n\
         pub static FILES: &[(&str, &[u8])] = &[\n",
    );
    for (name, path) in &names {
        writeln!(
            code,
            "    ({name:?}, include_bytes!({:?})),",
            path.display()
        )
        .unwrap();
    }
    code.push_str("];\n");
    writeln!(code, "/// The folder the files were taken from.").unwrap();
    writeln!(
        code,
        "pub const DIST: &str = {:?};",
        dist.display().to_string()
    )
    .unwrap();
    let out = Path::new(&env::var("OUT_DIR").unwrap()).join("figure_files.rs");
    fs::write(out, code).unwrap();
}

/// The files at the top of a build without `figure-files.txt` that a figure page may load.
fn top_files(dist: &Path) -> Vec<(String, PathBuf)> {
    let mut names = Vec::new();
    for entry in fs::read_dir(dist).into_iter().flatten().flatten() {
        let path = entry.path();
        let Some(name) = path.file_name().and_then(|n| n.to_str()).map(str::to_owned) else {
            continue;
        };
        if path.is_file() && loaded_by_figures(&name) {
            names.push((name, fs::canonicalize(&path).unwrap()));
        }
    }
    names
}

/// Whether a file at the top of the build is one a figure page loads.
fn loaded_by_figures(name: &str) -> bool {
    let wanted = [".js", ".wasm", ".css"]
        .iter()
        .any(|ext| name.ends_with(ext));
    wanted && name != "sw.js"
}
