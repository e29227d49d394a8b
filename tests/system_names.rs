//! A real system lives in its own folder: outside `src/core/placement/systems/<system>` (or its
//! one file there), only the lists name it. A name is a Rust identifier holding the system's
//! module name in any case (`redis`, `RedisCluster`, `kafka_murmur2`); comments, strings and
//! test code do not count.
//!
//! The lists are [`LISTS`]. What still names a system elsewhere is in [`NOT_YET_HOME`], each
//! entry a file that still has to move its part into the system's folder or ask a list; an
//! entry that no longer names its system fails `every_entry_not_yet_home_still_names_its_system`,
//! so the table only shrinks.

use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};

/// The files that list every system: the placements (`Kind`), their code for the page's
/// parts, and the systems' folders, pasted forms and verbs.
const LISTS: &[&str] = &[
    "src/core/placement/kind.rs",
    "src/core/placement/code.rs",
    "src/core/placement/systems/mod.rs",
];

/// `(system, file)`: a file outside the lists and the system's folder that still names it (at
/// most one per system: see `each_real_system_is_named_in_at_most_four_files_outside_its_folder`).
const NOT_YET_HOME: &[(&str, &str)] = &[
    // The page's forms for the systems' own verbs.
    ("redis", "src/ui/systems/verbs.rs"),
    ("kafka", "src/ui/systems/verbs.rs"),
    ("elasticsearch", "src/ui/systems/verbs.rs"),
];

fn repository() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

const SYSTEMS_DIR: &str = "src/core/placement/systems";

/// The real systems: each file or folder of the systems' folder that declares a `Spec`.
fn systems(root: &Path) -> Vec<(String, String)> {
    let mut found = Vec::new();
    for entry in fs::read_dir(root.join(SYSTEMS_DIR)).expect("the systems' folder") {
        let path = entry.expect("an entry").path();
        let (name, text) = if path.is_dir() {
            let text = rust_files(&path)
                .iter()
                .map(|f| fs::read_to_string(f).unwrap_or_default())
                .collect::<String>();
            (file_name(&path), text)
        } else if path.extension().is_some_and(|e| e == "rs") {
            let stem = path.file_stem().unwrap().to_string_lossy().into_owned();
            (stem, fs::read_to_string(&path).unwrap_or_default())
        } else {
            continue;
        };
        if name != "mod" && text.contains(": Spec = Spec {") {
            let home = if path.is_dir() {
                format!("{SYSTEMS_DIR}/{name}/")
            } else {
                format!("{SYSTEMS_DIR}/{name}.rs")
            };
            found.push((name, home));
        }
    }
    found.sort();
    found
}

fn file_name(path: &Path) -> String {
    path.file_name().unwrap().to_string_lossy().into_owned()
}

fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for entry in fs::read_dir(&d).expect("a folder") {
            let path = entry.expect("an entry").path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

/// The identifiers of `source` outside comments, string and character literals, and the code
/// after its first `#[cfg(test)]`.
fn identifiers(source: &str) -> BTreeSet<String> {
    let code = source.split("#[cfg(test)]").next().unwrap_or_default();
    let chars: Vec<char> = code.chars().collect();
    let mut found = BTreeSet::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        if c == '/' && next == Some('/') {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
        } else if c == '/' && next == Some('*') {
            i += 2;
            while i + 1 < chars.len() && !(chars[i] == '*' && chars[i + 1] == '/') {
                i += 1;
            }
            i += 2;
        } else if c == 'r' && (next == Some('"') || next == Some('#')) && raw_string(&chars, i) {
            i = skip_raw_string(&chars, i);
        } else if c == '"' {
            i += 1;
            while i < chars.len() && chars[i] != '"' {
                i += if chars[i] == '\\' { 2 } else { 1 };
            }
            i += 1;
        } else if c == '\'' && char_literal_end(&chars, i).is_some() {
            i = char_literal_end(&chars, i).unwrap();
        } else if c.is_alphabetic() || c == '_' {
            let start = i;
            while i < chars.len() && (chars[i].is_alphanumeric() || chars[i] == '_') {
                i += 1;
            }
            found.insert(chars[start..i].iter().collect());
        } else {
            i += 1;
        }
    }
    found
}

/// Whether a raw string (`r"…"`, `r#"…"#`) starts at `i`, not an identifier such as `r#type`.
fn raw_string(chars: &[char], i: usize) -> bool {
    let mut j = i + 1;
    while chars.get(j) == Some(&'#') {
        j += 1;
    }
    chars.get(j) == Some(&'"')
        && (i == 0 || !(chars[i - 1].is_alphanumeric() || chars[i - 1] == '_'))
}

fn skip_raw_string(chars: &[char], i: usize) -> usize {
    let mut j = i + 1;
    let mut hashes = 0;
    while chars.get(j) == Some(&'#') {
        hashes += 1;
        j += 1;
    }
    j += 1;
    while j < chars.len() {
        if chars[j] == '"' && (1..=hashes).all(|k| chars.get(j + k) == Some(&'#')) {
            return j + 1 + hashes;
        }
        j += 1;
    }
    j
}

/// Where a character literal starting at `i` ends (`'a'`, `'\n'`, `'\u{7f}'`); `None` for a
/// lifetime.
fn char_literal_end(chars: &[char], i: usize) -> Option<usize> {
    match chars.get(i + 1)? {
        '\\' => {
            let close = (i + 3..chars.len().min(i + 12)).find(|&j| chars[j] == '\'')?;
            Some(close + 1)
        }
        _ => (chars.get(i + 2) == Some(&'\'')).then_some(i + 3),
    }
}

/// The files and folders of modules declared under `#[cfg(test)]` (`#[cfg(test)] mod tests;`),
/// as paths from the repository: test code, which may name anything.
fn test_modules(root: &Path, files: &[PathBuf]) -> Vec<String> {
    let mut found = Vec::new();
    for path in files {
        let text = fs::read_to_string(path).unwrap_or_default();
        let mut rest = text.as_str();
        while let Some(at) = rest.find("#[cfg(test)]") {
            rest = &rest[at + "#[cfg(test)]".len()..];
            let declared = rest.trim_start();
            let declared = declared.strip_prefix("pub ").unwrap_or(declared);
            let Some(name) = declared
                .strip_prefix("mod ")
                .and_then(|d| d.split_once(';'))
                .map(|(name, _)| name.trim())
                .filter(|name| name.chars().all(|c| c.is_alphanumeric() || c == '_'))
            else {
                continue;
            };
            let stem = path.file_stem().unwrap().to_string_lossy();
            let dir = if ["mod", "lib", "main"].contains(&stem.as_ref()) {
                path.parent().unwrap().to_path_buf()
            } else {
                path.with_extension("")
            };
            let module = dir.join(name);
            let relative = |p: &Path| {
                p.strip_prefix(root)
                    .unwrap()
                    .to_string_lossy()
                    .replace('\\', "/")
            };
            found.push(format!("{}.rs", relative(&module)));
            found.push(format!("{}/", relative(&module)));
        }
    }
    found
}

/// Every `(system, file)` where a file outside the lists and the system's home names it.
fn namings() -> BTreeSet<(String, String)> {
    let root = repository();
    let systems = systems(&root);
    assert!(
        systems.len() >= 9,
        "the systems' folder should hold at least nine systems, found {systems:?}"
    );
    let files = rust_files(&root.join("src"));
    let tests = test_modules(&root, &files);
    let mut found = BTreeSet::new();
    for path in files {
        let relative = path
            .strip_prefix(&root)
            .unwrap()
            .to_string_lossy()
            .replace('\\', "/");
        if LISTS.contains(&relative.as_str()) || tests.iter().any(|t| relative.starts_with(t)) {
            continue;
        }
        let ids = identifiers(&fs::read_to_string(&path).unwrap());
        for (system, home) in &systems {
            let at_home = relative.starts_with(home.as_str()) || relative == *home;
            if !at_home
                && ids
                    .iter()
                    .any(|id| id.to_lowercase().contains(system.as_str()))
            {
                found.insert((system.clone(), relative.clone()));
            }
        }
    }
    found
}

#[test]
fn no_file_outside_the_lists_and_its_folder_names_a_real_system() {
    let known: BTreeSet<(String, String)> = NOT_YET_HOME
        .iter()
        .map(|(s, f)| (s.to_string(), f.to_string()))
        .collect();
    let new: Vec<String> = namings()
        .difference(&known)
        .map(|(system, file)| format!("{file} names {system}"))
        .collect();
    assert!(
        new.is_empty(),
        "a real system is written in its own folder and named only by the lists ({}); move these into the system's folder or ask a list:\n  {}",
        LISTS.join(", "),
        new.join("\n  ")
    );
}

#[test]
fn every_entry_not_yet_home_still_names_its_system() {
    let found = namings();
    let stale: Vec<String> = NOT_YET_HOME
        .iter()
        .filter(|(s, f)| !found.contains(&(s.to_string(), f.to_string())))
        .map(|(s, f)| format!("{f} no longer names {s}"))
        .collect();
    assert!(
        stale.is_empty(),
        "remove these entries from NOT_YET_HOME:\n  {}",
        stale.join("\n  ")
    );
}

#[test]
fn each_real_system_is_named_in_at_most_four_files_outside_its_folder() {
    let found = namings();
    let mut outside: Vec<(String, usize)> = systems(&repository())
        .into_iter()
        .map(|(system, _)| {
            let elsewhere = found.iter().filter(|(s, _)| *s == system).count();
            (system, LISTS.len() + elsewhere)
        })
        .collect();
    outside.retain(|(_, files)| *files > 4);
    assert!(
        outside.is_empty(),
        "a real system is its folder, the lists ({}) and at most one more file; named in more: {outside:?}",
        LISTS.join(", ")
    );
}

#[test]
fn identifiers_are_read_outside_comments_strings_and_characters() {
    let ids = identifiers(
        "// redis\nlet a = \"kafka\"; let b = r#\"nginx\"#; let c = '\"'; let d: &'static str = envoy_hosts; /* twemproxy */",
    );
    assert!(ids.contains("envoy_hosts"), "{ids:?}");
    for hidden in ["redis", "kafka", "nginx", "twemproxy"] {
        assert!(!ids.contains(hidden), "{hidden} in {ids:?}");
    }
}
