//! A scenario as a file (`.ringlab.json`): the whole state, keys and counts included, that
//! reopens exactly. A link cannot carry a million keys; this file can, and it stays on the
//! person's machine unless they send it.
//!
//! The file is JSON, so that it can be read and diffed by hand:
//!
//! ```json
//! {"kind": "ringlab-scenario", "version": 1,
//!  "settings": "ring=2^32&vnodes=100&servers=A,B,C&traffic=zipf:1.1",
//!  "keys": "user:1\nuser:2\n…", "hot": "user:2*50", "popularity": "data",
//!  "counts": [30, 12, …], "source": {"name": "users.csv", "lines": 1000001},
//!  "check": "9e107d9d372bb6826bd81d3542a419d6"}
//! ```
//!
//! `settings` is the scenario's link without its keys (the link's text form is the one
//! writer of a scenario's settings); `keys` holds every key's label, one per line, in the
//! order they were added (which popularity by rank depends on); `counts` the measured
//! popularity by key. `check` is the MD5 of the other fields: a file cut short is refused as
//! unreadable JSON, and a file whose content was edited by hand is refused because its check
//! no longer matches. The `.ringlab.json` name says both what it is and what reads it.

use md5::{Digest, Md5};
use serde::{Deserialize, Serialize};

use crate::core::error::{quoted, shown, Error};
use crate::core::keys::{Commas, LinesRefused, MAX_KEYS};
use crate::core::link::{read_link, write_link};
use crate::core::numbers_and_lists;
use crate::core::scenario::{Change, DataSource, Scenario};
use crate::core::traffic::{Measured, Popularity, Traffic};

/// What the file says it is.
pub const FILE_KIND: &str = "ringlab-scenario";
/// The name a saved scenario gets when the person gives none.
pub const FILE_NAME: &str = "scenario.ringlab.json";

/// The file, field by field.
#[derive(Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct File {
    kind: String,
    version: u32,
    settings: String,
    keys: String,
    #[serde(default)]
    hot: String,
    popularity: String,
    #[serde(default)]
    counts: Option<Vec<u64>>,
    #[serde(default)]
    source: Option<Source>,
    check: String,
}

#[derive(Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
struct Source {
    name: String,
    lines: usize,
}

impl File {
    /// The MD5 of every other field, in hex.
    fn digest(&self) -> String {
        let mut md5 = Md5::new();
        for part in [
            self.kind.as_str(),
            &self.version.to_string(),
            &self.settings,
            &self.hot,
            &self.popularity,
        ] {
            md5.update(part.as_bytes());
            md5.update([0]);
        }
        if let Some(counts) = &self.counts {
            for c in counts {
                md5.update(c.to_le_bytes());
            }
        }
        md5.update([0]);
        if let Some(source) = &self.source {
            md5.update(source.name.as_bytes());
            md5.update([0]);
            md5.update(source.lines.to_le_bytes());
        }
        md5.update([0]);
        md5.update(self.keys.as_bytes());
        md5.finalize().iter().map(|b| format!("{b:02x}")).collect()
    }
}

/// The file for `scenario`.
pub fn write_scenario(scenario: &Scenario) -> String {
    let mut settings = scenario.clone();
    // Without keys, the link holds every setting and nothing else.
    let _ = settings.apply(Change::ClearKeys);
    settings
        .set_traffic(Traffic {
            popularity: match scenario.traffic().popularity {
                Popularity::Measured => Popularity::Uniform,
                other => other,
            },
            ..settings.traffic().clone()
        })
        .expect("the scenario's own traffic settings are valid");
    let keys = scenario.keys();
    let mut labels = String::new();
    // Reading a keys text passes over a byte-order mark at its start: a first key that starts
    // with one keeps it behind another.
    if !keys.is_empty() && keys.label(0).starts_with('\u{feff}') {
        labels.push('\u{feff}');
    }
    for id in 0..keys.len() as u32 {
        labels.push_str(&keys.label(id));
        labels.push('\n');
    }
    let traffic = scenario.traffic();
    let mut file = File {
        kind: FILE_KIND.into(),
        version: 1,
        settings: write_link(&settings, None, &[]),
        keys: labels,
        hot: traffic
            .hot
            .iter()
            .map(|(k, m)| format!("{k}*{m}"))
            .collect::<Vec<_>>()
            .join(","),
        popularity: traffic.popularity.to_string(),
        counts: traffic.measured.as_ref().map(|m| m.counts().to_vec()),
        source: scenario.data_source().map(|s| Source {
            name: s.name.clone(),
            lines: s.lines,
        }),
        check: String::new(),
    };
    file.check = file.digest();
    serde_json::to_string(&file).expect("a scenario file is plain JSON")
}

/// Why the JSON reader refused a file, in a sentence whatever the file holds: each name or
/// value it quotes cut to its first few characters, without the list of every field a file may
/// have, and where it stopped.
fn reason(error: &serde_json::Error) -> String {
    let text = error.to_string();
    let what = text
        .rsplit_once(" at line ")
        .map_or(text.as_str(), |(what, _)| what);
    let what = what
        .split_once(", expected one of")
        .map_or(what, |(what, _)| what);
    format!(
        "{}, at line {} column {}",
        shortened(what),
        error.line(),
        error.column()
    )
}

/// Serde's message with what it quotes shortened: a name in backticks or a text in double
/// quotes runs from the first such mark to the last, since the file's own name or text may hold
/// the marks too. The words round it are serde's own, all short.
fn shortened(what: &str) -> String {
    for mark in ['`', '"'] {
        if let (Some(first), Some(last)) = (what.find(mark), what.rfind(mark)) {
            if first < last {
                return format!(
                    "{}{mark}{}{mark}{}",
                    shortened(&what[..first]),
                    shown(&what[first + 1..last]),
                    shortened(&what[last + 1..])
                );
            }
        }
    }
    shown(what)
}

/// The scenario a file holds, or why it cannot be read.
pub fn read_scenario(text: &str) -> Result<Scenario, Error> {
    let refuse =
        |why: String| Error::Unreadable(format!("This scenario file cannot be opened: {why}"));
    let file: File = serde_json::from_str(text).map_err(|error| {
        refuse(if error.is_eof() {
            "it ends too early (was it cut short while saving or copying?).".into()
        } else {
            format!("it is not a Ringlab scenario file ({}).", reason(&error))
        })
    })?;
    if file.kind != FILE_KIND {
        return Err(refuse(format!(
            "it says it is {}, not a Ringlab scenario.",
            quoted(&file.kind)
        )));
    }
    if file.version != 1 {
        return Err(refuse(format!(
            "it is version {}, and this Ringlab reads version 1.",
            file.version
        )));
    }
    if file.check != file.digest() {
        return Err(refuse(
            "it was changed after it was saved (its check does not match its content).".into(),
        ));
    }
    let link = read_link(&file.settings, MAX_KEYS);
    if let Some(first) = link.ignored.first() {
        // The link reader keeps each note short; one is enough to show what is wrong.
        let others = match link.ignored.len() - 1 {
            0 => String::new(),
            1 => " (and one other note)".to_string(),
            n => format!(
                " (and {} other notes)",
                numbers_and_lists::grouped(n as u64)
            ),
        };
        return Err(refuse(format!(
            "its settings cannot be read: {first}{others}."
        )));
    }
    if link.last.is_some() {
        return Err(refuse(
            "its settings name a change to make (`then=`), and a file holds a scenario as it is."
                .into(),
        ));
    }
    let mut scenario = link.scenario;
    // A key a line: a key from an access log or a TSV cell keeps its commas.
    scenario
        .insert_key_lines_with(file.keys, Commas::Kept)
        .map_err(|refused| match refused {
            LinesRefused::Line { line, error } => refuse(format!("key {line}: {error}")),
            LinesRefused::Keys(error) => refuse(error.to_string()),
        })?;
    let popularity: Popularity = file
        .popularity
        .parse()
        .map_err(|e| refuse(format!("{e}")))?;
    let mut traffic = scenario.traffic().clone();
    traffic.popularity = popularity;
    traffic.measured = file.counts.map(Measured::new);
    traffic.hot = Vec::new();
    for text in file.hot.split(',').filter(|t| !t.is_empty()) {
        let (key, times) = text
            .rsplit_once('*')
            .ok_or_else(|| refuse(format!("the hot key {text:?} has no multiplier.")))?;
        let times = times
            .parse()
            .map_err(|_| refuse(format!("the hot key {text:?} has no multiplier.")))?;
        traffic.hot.push((key.to_string(), times));
    }
    scenario
        .set_traffic(traffic)
        .map_err(|e| refuse(e.to_string()))?;
    scenario.set_source(file.source.map(|s| DataSource {
        name: s.name,
        lines: s.lines,
    }));
    Ok(scenario)
}
