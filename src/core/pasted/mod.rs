//! A cluster pasted as its own tools print it: Redis's `CLUSTER NODES` and `CLUSTER SLOTS`,
//! Cassandra's `nodetool ring`, an nginx `upstream { … }` block, a list of Envoy hosts, an
//! HAProxy backend and a twemproxy pool. Each form is read by its system, in its folder
//! ([`FORMATS`] lists them): the whole text is read or refused, naming each line it cannot use
//! and why (the first [`MAX_PROBLEMS`] of them), and a refused text changes nothing. What is
//! read becomes a scenario on the same keys, with the system chosen and its state set
//! exactly: the slot table, the tokens, the weights.

use std::fmt;
use std::str::FromStr;

use crate::core::error::Error;
use crate::core::placement::systems::pasting::PasteFormat;
use crate::core::placement::systems::{FORMATS, GUESSED};
use crate::core::placement::Kind;
use crate::core::scenario::{Change, Scenario};

pub use crate::core::placement::systems::pasting::{Refused, MAX_PROBLEMS};

/// A text that was read: the scenario it describes, and what was read, in words.
#[derive(Debug, Clone)]
pub struct Pasted {
    /// The scenario: the same keys on the pasted cluster, its system chosen.
    pub scenario: Scenario,
    /// What was read: "3 masters, 16,384 slots".
    pub read: Vec<String>,
    /// Lines read but not used, and why: "line 4: a replica of 10.0.0.1:6379; only masters hold slots".
    pub skipped: Vec<String>,
}

/// A form of pasted text one of the systems reads.
#[derive(Debug, Clone, Copy)]
pub struct Format(&'static PasteFormat);

impl PartialEq for Format {
    fn eq(&self, other: &Format) -> bool {
        self.0.id == other.0.id
    }
}

impl Eq for Format {}

impl std::hash::Hash for Format {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.0.id.hash(state);
    }
}

impl Format {
    /// Every format, in the order a picker lists them.
    pub fn all() -> impl Iterator<Item = Format> {
        FORMATS.iter().map(|f| Format(f))
    }

    /// The name used on the page and the command line.
    pub fn id(self) -> &'static str {
        self.0.id
    }

    /// The name for people.
    pub fn name(self) -> &'static str {
        self.0.name
    }

    /// What its flag does on the command line, with an example.
    #[cfg(not(target_arch = "wasm32"))]
    pub fn help(self) -> &'static str {
        self.0.help
    }

    /// The format `text` looks like, from its first meaningful lines.
    pub fn guess(text: &str) -> Option<Format> {
        let lines: Vec<&str> = text
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty())
            .take(12)
            .collect();
        if lines.is_empty() {
            return None;
        }
        GUESSED
            .iter()
            .find(|f| (f.looks_like)(&lines))
            .map(|f| Format(f))
    }
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

impl FromStr for Format {
    type Err = Error;
    fn from_str(s: &str) -> Result<Format, Error> {
        Format::all().find(|f| f.id() == s.trim()).ok_or_else(|| {
            let ids: Vec<&str> = Format::all().map(Format::id).collect();
            let (last, rest) = ids.split_last().expect("there are formats");
            Error::System(format!(
                "Unknown format {:?}; choose {} or {last}.",
                s.trim(),
                rest.join(", ")
            ))
        })
    }
}

/// Reads `text` in `format` onto `base`'s keys and settings.
pub fn read(format: Format, text: &str, base: &Scenario) -> Result<Pasted, Refused> {
    if text.trim().is_empty() {
        return Err(Refused::one(
            "The text is empty: paste what the tool printed.",
        ));
    }
    let cluster = (format.0.read)(text, base.placement().spec())?;
    let whole = |e: Error| Refused::one(e.to_string());
    let kind = Kind::every()
        .find(|k| k.spec().id == cluster.system.id)
        .ok_or_else(|| Refused::one(format!("{} is not a listed system.", cluster.system.name)))?;
    let mut scenario = base.with_servers(cluster.servers, kind).map_err(whole)?;
    if let Some(edit) = cluster.state {
        let state = edit(scenario.systems());
        scenario.set_systems(state).map_err(whole)?;
    }
    for (setting, value) in cluster.settings {
        scenario.apply(Change::set(setting, value)).map_err(whole)?;
    }
    for (line, name) in cluster.down {
        scenario
            .apply(Change::FailServer { name })
            .map_err(|e| Refused::one(format!("line {line}: {e}")))?;
    }
    Ok(Pasted {
        scenario,
        read: cluster.read,
        skipped: cluster.skipped,
    })
}
