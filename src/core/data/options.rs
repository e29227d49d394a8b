//! How a data file is read: its format and, for a table or a log, which column or field.

use std::fmt;
use std::str::FromStr;

use super::access_log;
use super::check::quoted;
use crate::core::error::Error;
use crate::core::keys::Commas;

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
