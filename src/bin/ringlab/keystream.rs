//! A keyspace file (or standard input) read a block of whole lines at a time, so that a file
//! of any length passes through memory that holds one block: what `plan` reads, one key per
//! line or `key<TAB>bytes`.

use std::fs::File;
use std::io::{self, Read};
use std::path::Path;

use ringlab::core::data::{read_keyspace, whole_lines, Skipped};
use ringlab::core::Key;

use crate::failure::Failure;

/// A key and its size in bytes, where the line gave one.
pub type Sized = (Key, Option<u64>);

/// How many bytes of the file a block holds: with the keys read from it, a block stays within
/// a few tens of megabytes.
pub const BLOCK_BYTES: usize = 8 << 20;

/// A keyspace read a block at a time.
pub struct KeyStream {
    reader: Box<dyn Read>,
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
        let (reader, source): (Box<dyn Read>, String) = if path == Path::new("-") {
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
    pub fn of(reader: Box<dyn Read>, source: String, block_bytes: usize) -> KeyStream {
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

    /// The keys of the next block, each with its size where given; `None` at the end.
    pub fn next_block(&mut self) -> Result<Option<Vec<Sized>>, Failure> {
        loop {
            if self.ended && self.pending.is_empty() {
                return Ok(None);
            }
            // Fill the block, then take its whole lines (all of it at the end of the input).
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
            if self.discarding {
                match self.pending.iter().position(|&b| b == b'\n') {
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
            let block = read_keyspace(&self.pending[..take], self.next_line);
            self.pending.drain(..take);
            self.next_line += block.lines;
            self.lines += block.lines;
            self.skipped.extend(block.skipped);
            if !block.keys.is_empty() {
                return Ok(Some(block.keys));
            }
        }
    }
}
