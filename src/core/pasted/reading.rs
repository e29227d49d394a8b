//! What every reader of a pasted cluster shares: what a text gave, why it was refused, and the
//! problems found line by line.

use std::fmt;

use crate::core::error::Error;
use crate::core::scenario::Scenario;
use crate::core::words::{grouped, plural};

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
    pub(super) fn one(problem: impl Into<String>) -> Refused {
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
pub(super) struct Problems(pub(super) Vec<String>);

impl Problems {
    pub(super) fn at(&mut self, line: usize, why: impl fmt::Display) {
        self.0.push(format!("line {line}: {why}"));
    }

    pub(super) fn whole(&mut self, why: impl fmt::Display) {
        self.0.push(why.to_string());
    }

    /// Refuses when any problem was found, listing at most [`MAX_PROBLEMS`].
    pub(super) fn check(mut self) -> Result<(), Refused> {
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
pub(super) fn server_name(raw: &str) -> Result<String, Error> {
    crate::core::server::clean_name(raw)
}
