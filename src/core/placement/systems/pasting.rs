//! What every reader of a pasted cluster shares: the cluster a text describes
//! ([`PastedCluster`]), why a text was refused ([`Refused`], with its problems line by line),
//! and what a system declares of each form it reads ([`PasteFormat`]). Each reader is in its
//! system's folder; the list of them is [`FORMATS`](super::FORMATS), and `core::pasted` puts
//! what a reader found onto a scenario.

use std::fmt;

use super::state::SystemState;
use crate::core::error::Error;
use crate::core::numbers_and_lists::{grouped, plural};
use crate::core::placement::options::Setting;
use crate::core::placement::spec::Spec;
use crate::core::server::Server;

/// A form of pasted text a system's own tools print, and its reader.
#[derive(Debug)]
pub struct PasteFormat {
    /// The name used on the page and the command line (`--cluster-nodes`).
    pub id: &'static str,
    /// The name for people.
    pub name: &'static str,
    /// What its flag does on the command line, with an example (not in the page, which
    /// never shows it).
    #[cfg(not(target_arch = "wasm32"))]
    pub help: &'static str,
    /// Reads a text, `chosen` being the placement on screen.
    pub read: fn(&str, &Spec) -> Result<PastedCluster, Refused>,
    /// Whether a text whose first meaningful lines are these (trimmed, at most 12) looks like
    /// this form; the forms are asked in the order of [`GUESSED`](super::GUESSED).
    pub looks_like: fn(&[&str]) -> bool,
}

/// Changes the systems' state a reader sets exactly: the slots, the tokens, the servers' ids.
pub type StateEdit = Box<dyn FnOnce(&SystemState) -> SystemState>;

/// The cluster a pasted text describes: put on a scenario's keys, it becomes that cluster.
pub struct PastedCluster {
    /// The system it is.
    pub system: &'static Spec,
    /// Its servers, in the order read.
    pub servers: Vec<Server>,
    /// What it sets in the systems' state.
    pub state: Option<StateEdit>,
    /// Its settings, each with its value as change text.
    pub settings: Vec<(Setting, String)>,
    /// Servers that are down, each with the line it was read on.
    pub down: Vec<(usize, String)>,
    /// What was read: "10.0.0.1:6379: 5,461 slots".
    pub read: Vec<String>,
    /// Lines read but not used, and why.
    pub skipped: Vec<String>,
}

impl PastedCluster {
    /// A cluster of `servers` under `system`, with nothing else set.
    pub fn of(system: &'static Spec, servers: Vec<Server>) -> PastedCluster {
        PastedCluster {
            system,
            servers,
            state: None,
            settings: Vec::new(),
            down: Vec::new(),
            read: Vec::new(),
            skipped: Vec::new(),
        }
    }
}

/// The most problems a refusal lists: the first ones, then how many more there were, so that
/// a pasted megabyte is refused in a few lines.
pub const MAX_PROBLEMS: usize = 20;

/// Why a text was refused: each line that could not be used, and why (at most
/// [`MAX_PROBLEMS`], the last then counting the rest).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refused {
    /// `line 3: …`, in line order; a problem with the whole text has no line; the last,
    /// when there were more than [`MAX_PROBLEMS`], says how many more.
    pub problems: Vec<String>,
}

impl Refused {
    /// A refusal for one reason.
    pub fn one(problem: impl Into<String>) -> Refused {
        Refused {
            problems: vec![problem.into()],
        }
    }

    /// The first problem, with a count of the others: one line for a command line.
    pub fn line(&self) -> String {
        match self.problems.len() {
            0 => "nothing could be read".to_string(),
            1 => self.problems[0].clone(),
            n => format!("{} (and {} more)", self.problems[0], n - 1),
        }
    }
}

impl fmt::Display for Refused {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.problems.join("\n"))
    }
}

/// Collects the problems of a text as it is read, each with its line number.
#[derive(Debug, Default)]
pub struct Problems(pub Vec<String>);

impl Problems {
    /// A problem on line `line`.
    pub fn at(&mut self, line: usize, why: impl fmt::Display) {
        self.0.push(format!("line {line}: {why}"));
    }

    /// A problem with the whole text.
    pub fn whole(&mut self, why: impl fmt::Display) {
        self.0.push(why.to_string());
    }

    /// Refuses when any problem was found, listing at most [`MAX_PROBLEMS`].
    pub fn check(mut self) -> Result<(), Refused> {
        if self.0.is_empty() {
            return Ok(());
        }
        let total = self.0.len();
        if total > MAX_PROBLEMS {
            self.0.truncate(MAX_PROBLEMS - 1);
            let more = total - self.0.len();
            self.0.push(format!(
                "and {} more {}",
                grouped(more as u64),
                plural(more, "problem", "problems")
            ));
        }
        Err(Refused { problems: self.0 })
    }
}

/// A server name a reader found, checked as Ringlab checks names.
pub fn server_name(raw: &str) -> Result<String, Error> {
    crate::core::server::clean_name(raw)
}
