//! The README's "Layout": a list of the repository's folders, each a bullet that starts with
//! the folder in backquotes, beside a link to the floor table.

use std::fs;
use std::path::Path;

/// Where the Layout section points for the floors.
pub const FLOOR_TABLE: &str = "docs/design.md#floors";

/// The folders the "## Layout" section of `readme` lists (`src/core`, `tests/e2e`), or why it
/// cannot be read.
pub fn listed(readme: &str) -> Result<Vec<String>, String> {
    let mut lines = readme.lines().skip_while(|l| l.trim() != "## Layout");
    if lines.next().is_none() {
        return Err("no `## Layout` section".into());
    }
    let section: Vec<&str> = lines.take_while(|l| !l.starts_with("## ")).collect();
    if !section.iter().any(|l| l.contains(FLOOR_TABLE)) {
        return Err(format!(
            "the Layout section does not link to the floor table ({FLOOR_TABLE})"
        ));
    }
    let folders: Vec<String> = section
        .iter()
        .filter_map(|l| l.strip_prefix("- `"))
        .filter_map(|l| l.split('`').next())
        .map(|f| f.trim_end_matches('/').to_string())
        .collect();
    if folders.is_empty() {
        return Err("the Layout section lists no folder (`- `folder/`: what it holds`)".into());
    }
    Ok(folders)
}

/// What the list gets wrong: folders it lists that do not exist, and folders of the source
/// (`src_folders`) it leaves out.
pub fn check(
    listed: &[String],
    is_folder: impl Fn(&str) -> bool,
    src_folders: &[String],
) -> Vec<String> {
    let mut found = Vec::new();
    for folder in listed {
        if !is_folder(folder) {
            found.push(format!("lists `{folder}/`, which is no folder"));
        }
    }
    for folder in src_folders {
        if !listed.contains(folder) {
            found.push(format!("leaves out `{folder}/`"));
        }
    }
    found
}

/// The folders of the source: each folder in `src/`, and for `src/bin/` each binary's folder.
pub fn src_folders(repository: &Path) -> Vec<String> {
    let folders_in = |dir: &str| -> Vec<String> {
        let mut found: Vec<String> = fs::read_dir(repository.join(dir))
            .unwrap_or_else(|e| panic!("{dir} reads: {e}"))
            .map(|e| e.expect("a folder entry").path())
            .filter(|p| p.is_dir())
            .map(|p| {
                format!(
                    "{dir}/{}",
                    p.file_name().unwrap_or_default().to_string_lossy()
                )
            })
            .collect();
        found.sort();
        found
    };
    folders_in("src")
        .into_iter()
        .flat_map(|f| {
            if f == "src/bin" {
                folders_in(&f)
            } else {
                vec![f]
            }
        })
        .collect()
}
