//! The floor table, read from docs/design.md ("Floors"), where it is written once: between
//! `<!-- floors -->` and `<!-- /floors -->`, a table of the engine's floors
//! (`| floor | modules | holds |`, ground first) and a table of the folders above the engine
//! (`| folder | may import | holds |`).

use crate::model::Crate;

pub const OPEN: &str = "<!-- floors -->";
pub const CLOSE: &str = "<!-- /floors -->";

/// One floor of the engine.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Floor {
    pub number: u32,
    pub name: String,
    /// Its modules, each with what is below it (`core::placement`).
    pub modules: Vec<String>,
}

/// A folder above the engine and what it may import.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Row {
    /// `teach` for `src/teach/`; `bin/ringlab` for `src/bin/ringlab/`.
    pub folder: String,
    /// The library's top modules it may import (`core`, `teach`).
    pub may: Vec<String>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Floors {
    pub floors: Vec<Floor>,
    pub rows: Vec<Row>,
}

impl Floors {
    /// The two tables between the markers of `design`, or why they cannot be read.
    pub fn parse(design: &str) -> Result<Floors, String> {
        let start = design
            .find(OPEN)
            .ok_or_else(|| format!("no `{OPEN}` before the floor table"))?;
        let end = design[start..]
            .find(CLOSE)
            .map(|e| start + e)
            .ok_or_else(|| format!("no `{CLOSE}` after the floor table"))?;
        let mut floors = None;
        let mut rows = None;
        let lines: Vec<&str> = design[start + OPEN.len()..end].lines().collect();
        for table in lines
            .split(|line| !line.trim_start().starts_with('|'))
            .filter(|t| !t.is_empty())
        {
            let header = cells(table[0]);
            let body = table.get(2..).unwrap_or_default();
            match header.iter().map(String::as_str).collect::<Vec<_>>()[..] {
                ["floor", "modules", "holds"] => floors = Some(read_floors(body)?),
                ["folder", "may import", "holds"] => rows = Some(read_rows(body)?),
                _ => {
                    return Err(format!(
                        "a table with the header `{}`, neither `| floor | modules | holds |` nor `| folder | may import | holds |`",
                        table[0].trim()
                    ))
                }
            }
        }
        let floors = floors.ok_or("no table `| floor | modules | holds |`")?;
        let rows = rows.ok_or("no table `| folder | may import | holds |`")?;
        Ok(Floors { floors, rows })
    }

    /// The floor of an engine module: the floor whose module is the longest start of its path.
    pub fn floor_of(&self, module: &str) -> Option<&Floor> {
        self.floors
            .iter()
            .flat_map(|f| f.modules.iter().map(move |m| (f, m)))
            .filter(|(_, m)| module == *m || module.starts_with(&format!("{m}::")))
            .max_by_key(|(_, m)| m.len())
            .map(|(f, _)| f)
    }

    /// The row of the folder above the engine that `module` (`ui::ring`) or the binary
    /// (`bin/ringlab`) lies in.
    pub fn row_of(&self, module: &str) -> Option<&Row> {
        let top = module.split("::").next().unwrap_or_default();
        self.rows
            .iter()
            .find(|r| r.folder == top || r.folder == module)
    }

    /// What the table says that the tree does not bear out: modules it names that do not
    /// exist, engine modules and folders it leaves out. `binaries` are the folders under
    /// `src/bin/` (`ringlab`).
    pub fn check(&self, library: &Crate, binaries: &[String]) -> Vec<String> {
        let mut found = Vec::new();
        let mut named: Vec<&String> = Vec::new();
        for floor in &self.floors {
            for module in &floor.modules {
                if named.contains(&module) {
                    found.push(format!("`{module}` stands on two floors"));
                }
                named.push(module);
                if !library.modules.contains_key(module) {
                    found.push(format!(
                        "floor {} names `{module}`, which is no module of the library",
                        floor.number
                    ));
                }
            }
        }
        for (module, m) in &library.modules {
            if module.starts_with("core::") && self.floor_of(module).is_none() {
                found.push(format!(
                    "{} (`{module}`) has no floor: add it to a row of the table",
                    m.file
                ));
            }
        }
        let tops = library
            .modules
            .keys()
            .filter(|m| !m.is_empty() && !m.contains("::") && *m != "core");
        for top in tops {
            if !self.rows.iter().any(|r| &r.folder == top) {
                found.push(format!(
                    "`{top}` has no row in the table of folders above the engine"
                ));
            }
        }
        for binary in binaries {
            let folder = format!("bin/{binary}");
            if !self.rows.iter().any(|r| r.folder == folder) {
                found.push(format!(
                    "`src/{folder}/` has no row in the table of folders above the engine"
                ));
            }
        }
        for row in &self.rows {
            let exists = match row.folder.strip_prefix("bin/") {
                Some(binary) => binaries.iter().any(|b| b == binary),
                None => library.modules.contains_key(&row.folder),
            };
            if !exists {
                found.push(format!(
                    "the row of `src/{}/` names a folder that holds no module",
                    row.folder
                ));
            }
            for may in &row.may {
                if !library.modules.contains_key(may) {
                    found.push(format!(
                        "`src/{}/` may import `{may}`, which is no module of the library",
                        row.folder
                    ));
                }
            }
        }
        found
    }
}

/// The cells of a table row, trimmed, outer pipes dropped.
fn cells(line: &str) -> Vec<String> {
    let line = line.trim();
    let line = line.strip_prefix('|').unwrap_or(line);
    let line = line.strip_suffix('|').unwrap_or(line);
    line.split('|').map(|c| c.trim().to_string()).collect()
}

/// The names in backquotes in `cell`.
fn quoted(cell: &str) -> Vec<&str> {
    cell.split('`').skip(1).step_by(2).collect()
}

fn is_name(name: &str) -> bool {
    !name.is_empty() && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
}

fn read_floors(body: &[&str]) -> Result<Vec<Floor>, String> {
    let mut floors: Vec<Floor> = Vec::new();
    for line in body {
        let row = cells(line);
        let [floor, modules, ..] = &row[..] else {
            return Err(format!("a floor row without modules: `{}`", line.trim()));
        };
        let digits: String = floor.chars().take_while(char::is_ascii_digit).collect();
        let name = floor[digits.len()..].trim().to_string();
        let number: u32 = digits
            .parse()
            .map_err(|_| format!("a floor that does not start with its number: `{floor}`"))?;
        if name.is_empty() {
            return Err(format!("floor {number} has no name"));
        }
        if floors.last().is_some_and(|last| last.number >= number) {
            return Err(format!(
                "floor {number} comes after a floor as high or higher"
            ));
        }
        let mut names = Vec::new();
        for module in quoted(modules) {
            let module = module.trim_end_matches('/');
            if !is_name(module) {
                return Err(format!(
                    "floor {number} names `{module}`, not a module's name"
                ));
            }
            names.push(format!("core::{module}"));
        }
        if names.is_empty() {
            return Err(format!("floor {number} names no module in backquotes"));
        }
        floors.push(Floor {
            number,
            name,
            modules: names,
        });
    }
    if floors.is_empty() {
        return Err("the table of floors has no rows".into());
    }
    Ok(floors)
}

fn read_rows(body: &[&str]) -> Result<Vec<Row>, String> {
    let mut rows = Vec::new();
    for line in body {
        let row = cells(line);
        let [folder, may, ..] = &row[..] else {
            return Err(format!("a folder row without imports: `{}`", line.trim()));
        };
        let folder = quoted(folder)
            .first()
            .and_then(|f| f.strip_prefix("src/"))
            .map(|f| f.trim_end_matches('/').to_string())
            .filter(|f| f.split('/').all(is_name))
            .ok_or_else(|| format!("a folder that is not `src/…/` in backquotes: `{folder}`"))?;
        let mut names = Vec::new();
        for name in quoted(may) {
            let name = name.strip_prefix("ringlab::").unwrap_or(name);
            if !is_name(name) {
                return Err(format!(
                    "`src/{folder}/` may import `{name}`, not a module's name"
                ));
            }
            names.push(name.to_string());
        }
        rows.push(Row { folder, may: names });
    }
    Ok(rows)
}
