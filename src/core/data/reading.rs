//! Reading a data file in steps: the lines a slice at a time, then the keys hashed and sorted
//! a slice at a time, then what was read, ready to look at before anything changes.

use super::check::{check_bytes, text_before};
use super::formats::{Line, LineReader};
use super::options::{DataOptions, Format};
use super::skipped::Skipped;
use crate::core::error::Error;
use crate::core::hash::HashScheme;
use crate::core::keys::{BulkKeys, KeySet, LinesRefused};
use crate::core::numbers_and_lists::grouped;
use crate::core::scenario::{DataSource, Outcome, Scenario};
use crate::core::size::RingSize;
use crate::core::traffic::{Measured, Ranking};

/// The most lines a data file may have (an access log has many lines per key).
pub const MAX_LINES: usize = 20_000_000;

/// Which part of the work a [`Reading`] is in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stage {
    /// Reading the file's lines.
    Lines,
    /// Hashing and sorting the keys.
    Keys,
    /// Ranking the keys by count, when the file has counts.
    Ranks,
    /// Finished, or refused: [`Reading::finish`] says which.
    Done,
}

/// A data file read whole: the keys, their counts, and what was skipped.
#[derive(Debug, Clone)]
pub struct Opened {
    /// The keys, in the order of their first line, hashed for the ring they were read for.
    pub keys: KeySet,
    /// How often each key is read, by key id and ranked, when the format has counts.
    pub measured: Option<Measured>,
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
                let count = self.counts().map(|c| c[id as usize]);
                (self.keys.label(id), count)
            })
            .collect()
    }

    /// How often each key is read, by key id, when the file has counts.
    pub fn counts(&self) -> Option<&[u64]> {
        self.measured.as_ref().map(Measured::counts)
    }

    /// The scenario with these keys in place of its own, their counts as its popularity;
    /// `name` is the file's name ("" for pasted text).
    pub fn apply_to(self, scenario: &Scenario, name: &str) -> Result<(Scenario, Outcome), Error> {
        let source = DataSource {
            name: name.to_string(),
            lines: self.lines,
        };
        scenario.with_data(self.keys, self.measured, source)
    }

    /// What was read, in a sentence: "1,000,000 lines: 999,998 keys read 4,003,112 times in
    /// all."
    pub fn headline(&self) -> String {
        use crate::core::numbers_and_lists::plural;
        let keys = self.keys.len();
        let mut text = format!(
            "{} {}: {} {}",
            grouped(self.lines as u64),
            plural(self.lines, "line", "lines"),
            grouped(keys as u64),
            plural(keys, "key", "keys"),
        );
        if let Some(measured) = &self.measured {
            let total = measured.total();
            text.push_str(&format!(
                " read {} {} in all",
                grouped(total),
                if total == 1 { "time" } else { "times" }
            ));
        }
        text.push('.');
        text
    }

    /// The headline, then what was skipped and merged.
    pub fn summary(&self) -> String {
        let skipped = self.skipped.summary();
        if skipped.is_empty() {
            self.headline()
        } else {
            format!("{} {skipped}", self.headline())
        }
    }
}

/// The work of reading a data file, in steps.
#[derive(Debug, Clone)]
pub struct Reading {
    options: DataOptions,
    reader: LineReader,
    hash: HashScheme,
    size: RingSize,
    /// The file's bytes, until its lines are read: each slice is checked to be UTF-8 as it is
    /// read, so no step goes over the whole file.
    bytes: Vec<u8>,
    text_len: usize,
    at: usize,
    line: usize,
    lines: usize,
    /// The keys read so far, one per line. A file of one key per line is its own names text
    /// while every line is a key: `names` is written only from the first skipped line on
    /// (`copied`), with the lines before it copied in one piece.
    names: String,
    copied: bool,
    /// Each name's count and the file's line (from 1), for formats with counts.
    counts: Vec<u64>,
    lines_of: Vec<u32>,
    /// How many keys were read.
    entries: usize,
    skipped: Skipped,
    keys: Option<BulkKeys>,
    /// The keys once hashed, sorted and merged, and their counts being ranked.
    loaded: Option<KeySet>,
    ranking: Option<Ranking>,
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
        check_bytes(&bytes)?;
        let at = if bytes.starts_with("\u{feff}".as_bytes()) {
            3
        } else {
            0
        };
        Ok(Reading {
            options,
            reader,
            hash,
            size,
            text_len: bytes.len(),
            bytes,
            at,
            line: 0,
            lines: 0,
            names: String::new(),
            copied: false,
            counts: Vec::new(),
            lines_of: Vec::new(),
            entries: 0,
            skipped: Skipped::default(),
            keys: None,
            loaded: None,
            ranking: None,
            refused: None,
        })
    }

    /// Which part of the work is next.
    pub fn stage(&self) -> Stage {
        if self.refused.is_some() {
            Stage::Done
        } else if self.loaded.is_some() {
            match &self.ranking {
                Some(ranking) if !ranking.is_complete() => Stage::Ranks,
                _ => Stage::Done,
            }
        } else if self.keys.is_some() {
            Stage::Keys
        } else {
            Stage::Lines
        }
    }

    /// Does the next piece of work, about `slice` lines' worth. Returns whether it is all done.
    pub fn step(&mut self, slice: usize) -> bool {
        match self.stage() {
            Stage::Done => return true,
            Stage::Keys => {
                let complete = self.keys.as_mut().is_none_or(|keys| keys.step(slice));
                if complete {
                    self.merge_keys();
                }
            }
            Stage::Ranks => {
                if let Some(ranking) = &mut self.ranking {
                    ranking.step(slice);
                }
            }
            Stage::Lines => self.read_lines(slice.max(1)),
        }
        self.stage() == Stage::Done
    }

    /// Whether the file's own text can serve as the names: one key per line, none skipped yet.
    fn in_place(&self) -> bool {
        self.options.format == Format::Lines && !self.copied
    }

    fn read_lines(&mut self, slice: usize) {
        let bytes = &self.bytes;
        let end = memchr::memchr_iter(b'\n', &bytes[self.at..])
            .nth(slice - 1)
            .map_or(bytes.len(), |i| self.at + i + 1);
        let (text, not_text) = text_before(bytes, self.at, end, self.line + 1);
        let counted = self.options.format != Format::Lines;
        let mut start = self.at;
        for line in text.split_terminator('\n') {
            self.line += 1;
            let from = start;
            start += line.len() + 1;
            match self.reader.read(line) {
                Err(error) => {
                    self.refused = Some(error);
                    return;
                }
                Ok(Line::Blank) => {}
                Ok(Line::Skip(why)) => {
                    if self.options.format == Format::Lines && !self.copied {
                        // The lines before this one are all keys or blank: they go over as
                        // they are (the keys' reader passes blank lines over). They were
                        // checked to be UTF-8 slice by slice, and end at a line end.
                        let body = if bytes.starts_with("\u{feff}".as_bytes()) {
                            3
                        } else {
                            0
                        };
                        let before = std::str::from_utf8(&bytes[body..from]).unwrap_or_default();
                        push_names(&mut self.names, before);
                        self.copied = true;
                    }
                    self.skipped.add(self.line, why);
                }
                Ok(Line::Entry(key, count)) => {
                    self.entries += 1;
                    if self.options.format != Format::Lines || self.copied {
                        push_names(&mut self.names, &key);
                        self.names.push('\n');
                    }
                    if counted {
                        self.counts.push(count);
                        self.lines_of.push(self.line as u32);
                    }
                }
            }
        }
        if let Some(error) = not_text {
            self.refused = Some(error);
            return;
        }
        self.at = end;
        if self.line > MAX_LINES {
            self.refused = Some(Error::Unreadable(format!(
                "The file has more than {} lines; at most that many are read.",
                grouped(MAX_LINES as u64)
            )));
            return;
        }
        if self.at >= self.bytes.len() {
            self.lines = self.line;
            let bytes = std::mem::take(&mut self.bytes);
            if self.in_place() {
                // Every slice was checked to be UTF-8 as it was read, and the first three
                // bytes, when a byte-order mark, are one character.
                self.names = String::from_utf8(bytes).unwrap_or_default();
            }
            if self.entries == 0 {
                let why = if self.skipped.count == 0 {
                    "The file has no key to read.".to_string()
                } else {
                    format!(
                        "No line of the file could be read as {}. {}",
                        self.options.format.describe().to_lowercase(),
                        self.skipped.refusal_summary()
                    )
                };
                self.refused = Some(Error::Unreadable(why));
                return;
            }
            let names = std::mem::take(&mut self.names);
            self.keys = Some(
                BulkKeys::new(names, self.hash, self.size)
                    .with_commas(self.options.format.commas())
                    .expecting(self.entries),
            );
        }
    }

    /// The hashed keys as a set, repeated keys merged and their counts added up; the counts
    /// then start being ranked.
    fn merge_keys(&mut self) {
        let Some(keys) = self.keys.take() else { return };
        let lines_of = &self.lines_of;
        let loaded = match keys.finish() {
            Ok(loaded) => loaded,
            Err(refused) => {
                self.refused = Some(match refused {
                    LinesRefused::Line { line, error } => Error::Unreadable(format!(
                        "Line {}: {error}",
                        grouped(
                            lines_of
                                .get(line - 1)
                                .map_or(line as u64, |&l| u64::from(l))
                        )
                    )),
                    LinesRefused::Keys(error) => error,
                });
                return;
            }
        };
        if self.options.format.counts(&self.options) {
            let counts = match &loaded.ids {
                None => std::mem::take(&mut self.counts),
                Some(ids) => {
                    let mut by_id = vec![0u64; loaded.keys.len()];
                    for (&id, &count) in ids.iter().zip(&self.counts) {
                        by_id[id as usize] = by_id[id as usize].saturating_add(count);
                    }
                    by_id
                }
            };
            self.ranking = Some(Ranking::new(counts));
        }
        self.counts = Vec::new();
        self.lines_of = Vec::new();
        self.skipped.merged = loaded.repeats.len();
        self.loaded = Some(loaded.keys);
    }

    /// How much of the work is done, and how much in all (in no particular unit): reading the
    /// lines, hashing and sorting the keys, and ranking them by count count alike.
    pub fn progress(&self) -> (usize, usize) {
        let whole = self.text_len.max(1);
        let part = |(done, total): (usize, usize)| done * whole / total.max(1);
        let ranks = if self.options.format.counts(&self.options) {
            whole
        } else {
            0
        };
        let total = 2 * whole + ranks;
        if let Some(ranking) = &self.ranking {
            (2 * whole + part(ranking.progress()), total)
        } else if self.loaded.is_some() {
            (2 * whole, total)
        } else if let Some(keys) = &self.keys {
            (whole + part(keys.progress()), total)
        } else {
            (self.at.min(whole), total)
        }
    }

    /// What was read, or why the file was refused. Finishes any work left.
    pub fn finish(mut self) -> Result<Opened, Error> {
        while !self.step(usize::MAX) {}
        if let Some(error) = self.refused {
            return Err(error);
        }
        Ok(Opened {
            keys: self.loaded.expect("a finished reading has its keys"),
            measured: self.ranking.map(Ranking::finish),
            skipped: self.skipped,
            lines: self.lines,
            options: self.options,
        })
    }
}

/// Adds `text` to the keys' names text. The keys' reader passes over a byte-order mark at the
/// start of its text, so a first key that starts with one keeps it behind another.
fn push_names(names: &mut String, text: &str) {
    if names.is_empty() && text.starts_with('\u{feff}') {
        names.push('\u{feff}');
    }
    names.push_str(text);
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
