//! A keyspace file (or standard input) read a block of whole lines at a time, so that a file
//! of any length passes through memory that holds one block: what `plan` reads, one key per
//! line or `key<TAB>bytes`.

use std::fs::File;
use std::io::{self, Read};
use std::path::Path;

use ringlab::core::data::{whole_lines, Skipped};

use crate::failure::Failure;

/// How many bytes of the file a block holds: with the keys read from it, a block stays within
/// a few tens of megabytes.
pub const BLOCK_BYTES: usize = 8 << 20;

/// A keyspace read a block at a time.
pub struct KeyStream {
    reader: Box<dyn Read + Send>,
    /// The file's name for messages (`standard input` for `-`).
    pub source: String,
    /// The bytes read but not yet taken: the start of a line whose end has not come yet.
    pending: Vec<u8>,
    /// The number of the next line to read, from 1.
    next_line: usize,
    ended: bool,
    block_bytes: usize,
    /// Whether the bytes read are the rest of a line too long to be a key, passed over up to
    /// its end.
    discarding: bool,
    /// What was skipped so far, and why.
    pub skipped: Skipped,
    /// How many lines were read so far.
    pub lines: usize,
}

impl KeyStream {
    /// The keyspace at `path`, or standard input for `-`.
    pub fn open(path: &Path) -> Result<KeyStream, Failure> {
        let (reader, source): (Box<dyn Read + Send>, String) = if path == Path::new("-") {
            (Box::new(io::stdin()), "standard input".to_string())
        } else {
            let file = File::open(path).map_err(|e| {
                if e.kind() == io::ErrorKind::NotFound {
                    Failure::Refused(format!("--keys-file: there is no file {}.", path.display()))
                } else {
                    Failure::Unreadable(format!("--keys-file: cannot read {}: {e}", path.display()))
                }
            })?;
            (Box::new(file), path.display().to_string())
        };
        Ok(KeyStream::of(reader, source, BLOCK_BYTES))
    }

    /// The keyspace `reader` gives, read `block_bytes` at a time.
    pub fn of(reader: Box<dyn Read + Send>, source: String, block_bytes: usize) -> KeyStream {
        KeyStream {
            reader,
            source,
            pending: Vec::new(),
            next_line: 1,
            ended: false,
            block_bytes: block_bytes.max(1 << 17),
            discarding: false,
            skipped: Skipped::default(),
            lines: 0,
        }
    }

    /// The next block of whole lines, as they were read, with the number of its first line;
    /// `None` at the end. A line too long to be a key (past a whole block) is passed over and
    /// noted in [`KeyStream::skipped`], where a reader that refuses any unreadable line finds
    /// it.
    pub fn next_lines(&mut self) -> Result<Option<Lines>, Failure> {
        loop {
            if self.ended && self.pending.is_empty() {
                return Ok(None);
            }
            self.fill()?;
            if self.discarding {
                match memchr::memchr(b'\n', &self.pending) {
                    Some(end) => {
                        self.pending.drain(..=end);
                        self.discarding = false;
                        self.next_line += 1;
                    }
                    None => self.pending.clear(),
                }
                continue;
            }
            let take = if self.ended {
                self.pending.len()
            } else {
                match whole_lines(&self.pending) {
                    // A whole block without a line end is no key: the line is passed over.
                    0 => {
                        self.skipped.add(
                            self.next_line,
                            format!(
                                "the line runs past {} bytes, longer than any key",
                                ringlab::core::grouped(self.block_bytes as u64)
                            ),
                        );
                        self.pending.clear();
                        self.discarding = true;
                        self.lines += 1;
                        continue;
                    }
                    n => n,
                }
            };
            if take == 0 {
                continue;
            }
            let rest = self.pending.split_off(take);
            let bytes = std::mem::replace(&mut self.pending, rest);
            let count = line_count(&bytes);
            let first_line = self.next_line;
            self.next_line += count;
            self.lines += count;
            return Ok(Some(Lines { bytes, first_line }));
        }
    }

    /// Reads until the block is full or the input ends.
    fn fill(&mut self) -> Result<(), Failure> {
        while !self.ended && self.pending.len() < self.block_bytes {
            let start = self.pending.len();
            self.pending.resize(self.block_bytes, 0);
            let read = loop {
                match self.reader.read(&mut self.pending[start..]) {
                    Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                    other => break other,
                }
            };
            match read {
                Ok(0) => {
                    self.pending.truncate(start);
                    self.ended = true;
                }
                Ok(n) => self.pending.truncate(start + n),
                Err(e) => {
                    return Err(Failure::Unreadable(format!(
                        "--keys-file: cannot read {}: {e}",
                        self.source
                    )))
                }
            }
        }
        Ok(())
    }
}

/// Whole lines of a keyspace, as they were read.
pub struct Lines {
    /// The lines, each ending with a line end but perhaps the last line of the input.
    pub bytes: Vec<u8>,
    /// The number of the first, from 1.
    pub first_line: usize,
}

/// How many lines `bytes` holds, a last line without its end counted.
pub fn line_count(bytes: &[u8]) -> usize {
    memchr::memchr_iter(b'\n', bytes).count()
        + usize::from(bytes.last().is_some_and(|&b| b != b'\n'))
}
