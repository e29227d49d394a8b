//! Embeds Ringlab's figure files in the binary, so that `mdbook-ringlab install` can copy the
//! very files the preprocessor was built beside.
//!
//! The files come from the app's release build (`trunk build --release --offline` in the
//! Ringlab repository): the folder `RINGLAB_DIST` names, else `../dist`. Only the files at the
//! top of that folder that a figure page loads are taken: `figures.js`, the other scripts, the
//! WebAssembly modules and the stylesheets (`figures.js` names them all relative to itself).
//! The app's own page (`index.html`), its service worker (`sw.js`), the compressed copies and
//! the examples are left out. Without the folder the crate still builds, with no files, and
//! `install` says how to make them.

use std::env;
use std::fmt::Write;
use std::fs;
use std::path::{Path, PathBuf};

fn main() {
    println!("cargo:rerun-if-env-changed=RINGLAB_DIST");
    println!("cargo:rerun-if-changed=build.rs");
    let dist = match env::var_os("RINGLAB_DIST") {
        Some(dir) => PathBuf::from(dir),
        None => Path::new(&env::var("CARGO_MANIFEST_DIR").unwrap()).join("../dist"),
    };
    // Watched even when absent: Cargo then runs this again on every build, so the files are
    // picked up as soon as the app has been built.
    println!("cargo:rerun-if-changed={}", dist.display());

    let mut names: Vec<(String, PathBuf)> = Vec::new();
    if let Ok(entries) = fs::read_dir(&dist) {
        for entry in entries.flatten() {
            let path = entry.path();
            let Some(name) = path.file_name().and_then(|n| n.to_str()).map(str::to_owned) else {
                continue;
            };
            if path.is_file() && loaded_by_figures(&name) {
                names.push((name, fs::canonicalize(&path).unwrap()));
            }
        }
    }
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

/// Whether a file at the top of the build is one a figure page loads.
fn loaded_by_figures(name: &str) -> bool {
    let wanted = [".js", ".wasm", ".css"]
        .iter()
        .any(|ext| name.ends_with(ext));
    wanted && name != "sw.js"
}
