//! Reading a data file in steps: the lines a slice at a time, then the keys hashed and sorted
//! a slice at a time, then what was read, ready to look at before anything changes.

use super::check::as_text;
use super::formats::{Line, LineReader};
use super::{DataOptions, Skipped, MAX_LINES};
use crate::core::error::Error;
use crate::core::hash::HashScheme;
use crate::core::keys::{BulkKeys, KeySet, LinesRefused};
use crate::core::scenario::{DataSource, Outcome, Scenario};
use crate::core::size::RingSize;
use crate::core::words::grouped;

/// Which part of the work a [`Reading`] is in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stage {
    /// Reading the file's lines.
    Lines,
    /// Hashing and sorting the keys.
    Keys,
    /// Finished, or refused: [`Reading::finish`] says which.
    Done,
}

/// A data file read whole: the keys, their counts, and what was skipped.
#[derive(Debug, Clone)]
pub struct Opened {
    /// The keys, in the order of their first line, hashed for the ring they were read for.
    pub keys: KeySet,
    /// How often each key is read, by key id, when the format has counts.
    pub counts: Option<Vec<u64>>,
    /// Lines skipped, and lines merged into an earlier one.
    pub skipped: Skipped,
    /// How many lines the file has.
    pub lines: usize,
    /// How it was read.
    pub options: DataOptions,
}

impl Opened {
    /// The first `n` keys as read, with their counts: what a preview shows.
    pub fn preview(&self, n: usize) -> Vec<(String, Option<u64>)> {
        (0..self.keys.len().min(n) as u32)
            .map(|id| {
                let count = self.counts.as_ref().map(|c| c[id as usize]);
                (self.keys.label(id), count)
            })
            .collect()
    }

    /// The scenario with these keys in place of its own, their counts as its popularity;
    /// `name` is the file's name ("" for pasted text).
    pub fn apply_to(self, scenario: &Scenario, name: &str) -> Result<(Scenario, Outcome), Error> {
        let source = DataSource {
            name: name.to_string(),
            lines: self.lines,
        };
        scenario.with_data(self.keys, self.counts, source)
    }

    /// What was read, in a sentence: "1,000,000 lines: 999,998 keys, 2 lines skipped."
    pub fn summary(&self) -> String {
        use crate::core::words::plural;
        let keys = self.keys.len();
        let mut text = format!(
            "{} {}: {} {}",
            grouped(self.lines as u64),
            plural(self.lines, "line", "lines"),
            grouped(keys as u64),
            plural(keys, "key", "keys"),
        );
        if let Some(counts) = &self.counts {
            let total: u64 = counts.iter().fold(0u64, |a, &c| a.saturating_add(c));
            text.push_str(&format!(
                " read {} {} in all",
                grouped(total),
                plural(total as usize, "time", "times")
            ));
        }
        text.push('.');
        let skipped = self.skipped.summary();
        if !skipped.is_empty() {
            text.push(' ');
            text.push_str(&skipped);
        }
        text
    }
}

/// The work of reading a data file, in steps.
#[derive(Debug, Clone)]
pub struct Reading {
    options: DataOptions,
    reader: LineReader,
    hash: HashScheme,
    size: RingSize,
    /// The file's text, until its lines are read.
    text: String,
    text_len: usize,
    at: usize,
    line: usize,
    lines: usize,
    names: String,
    counts: Vec<u64>,
    /// The file's line (from 1) of each name.
    lines_of: Vec<u32>,
    skipped: Skipped,
    keys: Option<BulkKeys>,
    refused: Option<Error>,
}

impl Reading {
    /// The work of reading `bytes` as `options` say, for a ring of `size` under `hash`;
    /// refused at once when the bytes are no text or the file has too many lines.
    pub fn new(
        bytes: Vec<u8>,
        options: DataOptions,
        hash: HashScheme,
        size: RingSize,
    ) -> Result<Reading, Error> {
        let reader = LineReader::new(&options)?;
        let text = as_text(bytes)?;
        let lines = memchr::memchr_iter(b'\n', text.as_bytes()).count()
            + usize::from(!text.ends_with('\n'));
        if lines > MAX_LINES {
            return Err(Error::Unreadable(format!(
                "The file has {} lines; at most {} are read.",
                grouped(lines as u64),
                grouped(MAX_LINES as u64)
            )));
        }
        let at = if text.starts_with('\u{feff}') { 3 } else { 0 };
        Ok(Reading {
            options,
            reader,
            hash,
            size,
            text_len: text.len(),
            text,
            at,
            line: 0,
            lines,
            names: String::new(),
            counts: Vec::new(),
            lines_of: Vec::new(),
            skipped: Skipped::default(),
            keys: None,
            refused: None,
        })
    }

    /// Which part of the work is next.
    pub fn stage(&self) -> Stage {
        if self.refused.is_some() {
            Stage::Done
        } else if let Some(keys) = &self.keys {
            if keys.is_complete() {
                Stage::Done
            } else {
                Stage::Keys
            }
        } else {
            Stage::Lines
        }
    }

    /// Does the next piece of work, about `slice` lines' worth. Returns whether it is all done.
    pub fn step(&mut self, slice: usize) -> bool {
        match self.stage() {
            Stage::Done => return true,
            Stage::Keys => {
                if let Some(keys) = &mut self.keys {
                    keys.step(slice);
                }
            }
            Stage::Lines => self.read_lines(slice.max(1)),
        }
        self.stage() == Stage::Done
    }

    fn read_lines(&mut self, slice: usize) {
        let bytes = self.text.as_bytes();
        let mut read = 0;
        while self.at < self.text.len() && read < slice {
            let end = memchr::memchr(b'\n', &bytes[self.at..]).map_or(bytes.len(), |i| self.at + i);
            let line = &self.text[self.at..end];
            self.line += 1;
            read += 1;
            self.at = end + 1;
            match self.reader.read(line) {
                Err(error) => {
                    self.refused = Some(error);
                    return;
                }
                Ok(Line::Blank) => {}
                Ok(Line::Skip(why)) => self.skipped.add(self.line, why),
                Ok(Line::Entry(key, count)) => {
                    self.names.push_str(&key);
                    self.names.push('\n');
                    self.counts.push(count);
                    self.lines_of.push(self.line as u32);
                }
            }
        }
        if self.at >= self.text.len() {
            self.text = String::new();
            if self.counts.is_empty() {
                let why = if self.skipped.count == 0 {
                    "The file has no key to read.".to_string()
                } else {
                    format!(
                        "No line of the file could be read as {}. {}",
                        self.options.format.describe().to_lowercase(),
                        self.skipped.summary()
                    )
                };
                self.refused = Some(Error::Unreadable(why));
                return;
            }
            let names = std::mem::take(&mut self.names);
            self.keys = Some(BulkKeys::new(names, self.hash, self.size));
        }
    }

    /// How much of the work is done, and how much in all (in no particular unit).
    pub fn progress(&self) -> (usize, usize) {
        let whole = self.text_len.max(1);
        match &self.keys {
            None => (self.at.min(whole), 2 * whole),
            Some(keys) => {
                let (done, total) = keys.progress();
                (whole + done * whole / total.max(1), 2 * whole)
            }
        }
    }

    /// What was read, or why the file was refused. Finishes any work left.
    pub fn finish(mut self) -> Result<Opened, Error> {
        while !self.step(usize::MAX) {}
        if let Some(error) = self.refused {
            return Err(error);
        }
        let keys = self.keys.take().expect("a finished reading has its keys");
        let loaded = keys.finish().map_err(|refused| match refused {
            LinesRefused::Line { line, error } => Error::Unreadable(format!(
                "Line {}: {error}",
                grouped(u64::from(self.lines_of[line - 1]))
            )),
            LinesRefused::Keys(error) => error,
        })?;
        let has_counts = self.options.format.counts(&self.options);
        let counts = has_counts.then(|| match &loaded.ids {
            None => std::mem::take(&mut self.counts),
            Some(ids) => {
                let mut by_id = vec![0u64; loaded.keys.len()];
                for (&id, &count) in ids.iter().zip(&self.counts) {
                    by_id[id as usize] = by_id[id as usize].saturating_add(count);
                }
                by_id
            }
        });
        let mut skipped = self.skipped;
        skipped.merged = loaded.repeats.len();
        Ok(Opened {
            keys: loaded.keys,
            counts,
            skipped,
            lines: self.lines,
            options: self.options,
        })
    }
}

/// Reads a whole data file at once (natively on every core): [`Reading`] without the steps.
pub fn read_data(
    bytes: Vec<u8>,
    options: DataOptions,
    hash: HashScheme,
    size: RingSize,
) -> Result<Opened, Error> {
    Reading::new(bytes, options, hash, size)?.finish()
}
