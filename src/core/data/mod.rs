//! Your own data: keys, and how often each is read, from the text forms people already have.
//!
//! Five formats, one reader each, all giving the same thing: keys in the order of their first
//! line, a count for each when the format has counts, and what was skipped and why.
//!
//! - `lines`: one key per line; blank lines are passed over.
//! - `csv` and `tsv`: a header line, then rows; the key is one column (by name or number) and
//!   the count, if asked for, another.
//! - `counts`: `count key` per line, as `sort | uniq -c` prints them.
//! - `access-log`: a web server's log in the common or combined format; the key is the
//!   request's path (or another field) and each line counts one request.
//!
//! A file is refused whole, in words, when it cannot be text (empty, binary, not UTF-8), when
//! it has more lines than [`MAX_LINES`] or more keys than the ring holds, or when no line of it
//! could be read. Any other line that cannot be read (a key past
//! [`MAX_KEY_BYTES`](crate::core::MAX_KEY_BYTES) or holding a control character, a comma where
//! the format refuses one (see [`Format::commas`]), a missing column, a count that is not a
//! whole number) is skipped, and the reader keeps how many and, for the first few, which line
//! and why. A key that comes again is merged into its first line: its counts are added up.
//!
//! Reading is cut into steps ([`Reading`]) so that a page can read a million lines without
//! blocking: first the lines are read a slice at a time, then the keys are hashed and sorted
//! a slice at a time by the key set's own reader ([`BulkKeys`](crate::core::BulkKeys)).

mod access_log;
mod check;
mod formats;
mod keyspace;
mod reading;
mod table;

use std::fmt;
use std::str::FromStr;

use crate::core::error::Error;
use crate::core::keys::Commas;
use check::quoted;

pub use access_log::LogField;
pub use keyspace::{plan_lines, read_keyspace, whole_lines, KeyspaceBlock};
pub use reading::{read_data, Opened, Reading, Stage};

/// The most lines a data file may have (an access log has many lines per key).
pub const MAX_LINES: usize = 20_000_000;
/// How many skipped lines are listed by number; the rest are counted.
pub const LISTED_SKIPS: usize = 5;
/// How many a refusal of the whole file lists: it stays a sentence of a few lines.
const REFUSAL_SKIPS: usize = 3;

/// A data file's format.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Format {
    /// One key per line.
    #[default]
    Lines,
    /// Comma-separated values with a header line.
    Csv,
    /// Tab-separated values with a header line.
    Tsv,
    /// `count key` lines, as `sort | uniq -c` prints them.
    Counts,
    /// A web server's access log, common or combined format.
    AccessLog,
}

impl Format {
    /// Every format, in the order a menu lists them.
    pub const ALL: [Format; 5] = [
        Format::Lines,
        Format::Csv,
        Format::Tsv,
        Format::Counts,
        Format::AccessLog,
    ];

    /// Its name on the command line and in a scenario file.
    pub fn id(self) -> &'static str {
        match self {
            Format::Lines => "lines",
            Format::Csv => "csv",
            Format::Tsv => "tsv",
            Format::Counts => "counts",
            Format::AccessLog => "access-log",
        }
    }

    /// What it is, in a few words, for a menu.
    pub fn describe(self) -> &'static str {
        match self {
            Format::Lines => "One key per line",
            Format::Csv => "CSV with a header",
            Format::Tsv => "TSV with a header",
            Format::Counts => "count key (as uniq -c prints)",
            Format::AccessLog => "Web access log",
        }
    }

    /// Whether a comma is part of a key in this format. An access log's field and a TSV cell
    /// are cut out of their line by spaces, quotes or tabs, and keep whatever lies between: a
    /// query string or a user agent often holds commas. A key a line, a `count key` line and a
    /// CSV cell follow the rules of a key typed or listed with commas, as before, and refuse
    /// one.
    pub fn commas(self) -> Commas {
        match self {
            Format::AccessLog | Format::Tsv => Commas::Kept,
            Format::Lines | Format::Counts | Format::Csv => Commas::Refused,
        }
    }

    /// Whether the format has a count for each key (a table only when a count column is named).
    pub fn counts(self, options: &DataOptions) -> bool {
        match self {
            Format::Lines => false,
            Format::Csv | Format::Tsv => options.count_column.is_some(),
            Format::Counts | Format::AccessLog => true,
        }
    }

    /// The format a file's name and first line suggest.
    pub fn guess(name: &str, first_line: &str) -> Format {
        let lower = name.to_ascii_lowercase();
        if lower.ends_with(".csv") {
            return Format::Csv;
        }
        if lower.ends_with(".tsv") || lower.ends_with(".tab") {
            return Format::Tsv;
        }
        if access_log::parse(first_line).is_some() || lower.contains("access") {
            return Format::AccessLog;
        }
        let trimmed = first_line.trim_start();
        let digits = trimmed.bytes().take_while(u8::is_ascii_digit).count();
        if digits > 0
            && trimmed[digits..].starts_with([' ', '\t'])
            && !trimmed[digits..].trim().is_empty()
        {
            return Format::Counts;
        }
        Format::Lines
    }
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

impl FromStr for Format {
    type Err = Error;
    fn from_str(text: &str) -> Result<Format, Error> {
        Format::ALL
            .into_iter()
            .find(|f| f.id() == text.trim())
            .ok_or_else(|| {
                Error::Unreadable(format!(
                    "There is no format called {}: use lines, csv, tsv, counts or access-log.",
                    quoted(text.trim())
                ))
            })
    }
}

/// How to read a data file: its format and, for a table or a log, which column or field.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
pub struct DataOptions {
    /// The format.
    pub format: Format,
    /// For `csv` and `tsv`: the key's column, by header name or number from 1 (the first
    /// column when absent). For `access-log`: the field (`path` when absent).
    pub key_column: Option<String>,
    /// For `csv` and `tsv`: the count's column, by header name or number from 1 (no counts
    /// when absent).
    pub count_column: Option<String>,
}

/// What a reader passed over.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Skipped {
    /// How many lines were skipped in all.
    pub count: usize,
    /// The first few: line number (from 1) and why.
    pub first: Vec<(usize, String)>,
    /// How many lines repeated a key of an earlier line and were merged into it.
    pub merged: usize,
}

impl Skipped {
    /// Notes a skipped line.
    pub fn add(&mut self, line: usize, why: String) {
        self.count += 1;
        if self.first.len() < LISTED_SKIPS {
            self.first.push((line, why));
        }
    }

    /// Adds what a later part of the same file skipped.
    pub fn extend(&mut self, later: Skipped) {
        self.count += later.count;
        self.merged += later.merged;
        let room = LISTED_SKIPS.saturating_sub(self.first.len());
        self.first.extend(later.first.into_iter().take(room));
    }

    /// Each skipped line listed, as "line 3: why", and "and 15 more lines" after them.
    pub fn listed(&self) -> Vec<String> {
        use crate::core::words::{grouped, plural};
        let mut items: Vec<String> = self
            .first
            .iter()
            .map(|(line, why)| format!("line {}: {why}", grouped(*line as u64)))
            .collect();
        let more = self.count - self.first.len();
        if more > 0 {
            items.push(format!(
                "and {} more {}",
                grouped(more as u64),
                plural(more, "line", "lines")
            ));
        }
        items
    }

    /// How many lines were merged into an earlier one, in a sentence ("" when none).
    pub fn merged_words(&self) -> String {
        use crate::core::words::{grouped, plural};
        if self.merged == 0 {
            return String::new();
        }
        format!(
            "{} {} repeated a key of an earlier line and {} counted with it.",
            grouped(self.merged as u64),
            plural(self.merged, "line", "lines"),
            plural(self.merged, "was", "were"),
        )
    }

    /// What was skipped and merged, in a sentence or two ("" when nothing was).
    pub fn summary(&self) -> String {
        self.summary_of(LISTED_SKIPS)
    }

    /// [`summary`](Self::summary) listing at most `listed` skipped lines by number.
    fn summary_of(&self, listed: usize) -> String {
        use crate::core::words::{grouped, plural};
        let mut parts = Vec::new();
        if self.count > 0 {
            let shown = self.first.len().min(listed);
            let listed: Vec<String> = self.first[..shown]
                .iter()
                .map(|(line, why)| format!("line {}: {why}", grouped(*line as u64)))
                .collect();
            let more = if self.count > shown {
                format!("; and {} more", grouped((self.count - shown) as u64))
            } else {
                String::new()
            };
            parts.push(format!(
                "{} {} skipped ({}{more}).",
                grouped(self.count as u64),
                plural(self.count, "line", "lines"),
                listed.join("; ")
            ));
        }
        if self.merged > 0 {
            parts.push(format!(
                "{} {} repeated a key of an earlier line and {} counted with it.",
                grouped(self.merged as u64),
                plural(self.merged, "line", "lines"),
                plural(self.merged, "was", "were"),
            ));
        }
        parts.join(" ")
    }

    /// What a refusal of the whole file says was skipped: the first few lines and a count.
    pub(super) fn refusal_summary(&self) -> String {
        self.summary_of(REFUSAL_SKIPS)
    }
}
