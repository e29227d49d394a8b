//! The keys `lookup` and `experiment` read, whole when they are few and a batch at a time when
//! they are many, so that any number of keys passes through memory that does not grow with them.
//!
//! The keys come from a keys file or standard input, one a line, or are generated (`key-0`,
//! `key-1`, …). A file is read a block of whole lines at a time ([`KeyStream`]) and its lines
//! are kept while they hold at most the keys the command takes whole: if the input ends there,
//! the command gets the whole text and reads it as it always has. Past that, it gets the keys a
//! batch at a time: each batch the text of whole lines holding at most the batch's keys, with
//! the number of its first line, so a key that cannot be read is still named by its line in
//! the file. A line that is not UTF-8 text, or too long to be a key, is refused with its number.

use std::collections::VecDeque;
use std::fmt::Write;
use std::path::Path;

use ringlab::core::placement::LoneKey;
use ringlab::core::{
    grouped, parse_number, BulkKeys, DataSource, Key, KeySet, Kind, LinesRefused, Loaded, Scenario,
    MAX_KEYS,
};

use crate::experiment::read_bytes;
use crate::failure::Failure;
use crate::flags::BatchArgs;
use crate::keystream::{line_count, KeyStream, Lines};

/// How many keys a batch holds unless `--batch-keys` says otherwise: with the ring's work on
/// them, and a batch for each thread and one more on their way through, short keys pass
/// through in well under 100 MB.
pub const BATCH_KEYS: usize = 500_000;

/// How many keys `experiment` holds whole unless `--batch-keys` says otherwise: a million
/// short keys held whole take less memory than the batches on their way through two cores.
pub const WHOLE_KEYS: usize = 1_000_000;

/// The fewest keys `--batch-keys` takes.
const FEWEST: usize = 1_000;

/// The keys `--batch-keys` asks to hold at once (checked), or the command's `default`.
pub fn batch_keys(args: &BatchArgs, default: usize) -> Result<usize, Failure> {
    let Some(text) = &args.batch_keys else {
        return Ok(default);
    };
    parse_number::<usize>(text)
        .map_err(|e| e.largest(MAX_KEYS as u64))
        .map_err(|e| Failure::at("--batch-keys", e))
        .and_then(|n| {
            if (FEWEST..=MAX_KEYS).contains(&n) {
                Ok(n)
            } else {
                Err(Failure::Refused(format!(
                    "--batch-keys: a batch holds from {} to {} keys.",
                    grouped(FEWEST as u64),
                    grouped(MAX_KEYS as u64)
                )))
            }
        })
}

/// The most threads `--threads` takes.
pub const MOST_THREADS: usize = 256;

/// The threads `--threads` asks to work on the keys (checked), or one per core.
pub fn threads(args: &BatchArgs) -> Result<usize, Failure> {
    read_threads(args.threads.as_deref())
}

/// The threads a `--threads` value asks for (checked), or one per core when there is none.
pub fn read_threads(text: Option<&str>) -> Result<usize, Failure> {
    let Some(text) = text else {
        return Ok(crate::pipeline::workers(None));
    };
    parse_number::<usize>(text)
        .map_err(|e| e.largest(MOST_THREADS as u64))
        .map_err(|e| Failure::at("--threads", e))
        .and_then(|n| {
            if (1..=MOST_THREADS).contains(&n) {
                Ok(n)
            } else {
                Err(Failure::Refused(format!(
                    "--threads: from 1 to {MOST_THREADS} threads."
                )))
            }
        })
}

/// Whether the chosen placement of `scenario` places a key without knowing the others: every
/// placement but bounded loads, which caps each server by the count of all keys.
pub fn places_alone(scenario: &Scenario) -> bool {
    kind_places_alone(scenario, scenario.placement())
}

/// Whether `kind`, on the servers of `scenario`, places a key without knowing the others.
pub fn kind_places_alone(scenario: &Scenario, kind: Kind) -> bool {
    let keyless = scenario.without_keys();
    let layout = keyless.layout();
    let probe = LoneKey::of(&Key::Generated(0), "key-0", &layout);
    keyless.place(kind).owner_of_lone(&probe).is_some()
}

/// The refusal of more keys than are held at once, for a run that needs them all at once:
/// `why` says what needs them ("bounded loads places each key knowing every other key").
pub fn held_at_once(source: &str, why: &str) -> Failure {
    Failure::Refused(format!(
        "{source}: {why}, so it takes at most {} keys at once, and there are more.",
        grouped(MAX_KEYS as u64)
    ))
}

/// The keys of an input: whole, or to be taken a batch at a time.
pub enum Keys {
    /// Every key: the whole text of the input, and its name for messages.
    Whole { source: String, text: String },
    /// More keys than the command takes whole.
    Streamed(Batches),
}

/// Some keys of the input, one a line.
pub struct Batch {
    /// Whole lines (blank ones among them, perhaps), each a key.
    pub text: String,
    /// The number of its first line in the input, from 1.
    pub first_line: usize,
}

impl Batch {
    /// The batch read for the ring of `scenario`, each distinct key once, with each line's key
    /// where a key comes again; `source` names the input in a refusal, with the line.
    pub fn read(self, source: &str, scenario: &Scenario) -> Result<Loaded, Failure> {
        let first = self.first_line;
        BulkKeys::new(self.text, scenario.hash(), scenario.size())
            .finish()
            .map_err(|refused| match refused {
                LinesRefused::Line { line, error } => {
                    Failure::at(&format!("{source} line {}", first + line - 1), error)
                }
                LinesRefused::Keys(error) => Failure::at(source, error),
            })
    }
}

impl Batch {
    /// The batch on the ring of `keyless` in place of its keys (`source` names the input in a
    /// refusal), with, for each line that repeated an earlier line's key, that key's id.
    pub fn held(self, source: &str, keyless: &Scenario) -> Result<(Scenario, Vec<u32>), Failure> {
        let loaded = self.read(source, keyless)?;
        let repeats: Vec<u32> = loaded.repeats.iter().map(|&(_, id)| id).collect();
        let lines = loaded.keys.len() + repeats.len();
        let held = holding(keyless, loaded.keys, lines, source)?;
        Ok((held, repeats))
    }
}

/// `scenario` holding `keys`, read from the `lines` lines of `source`, in place of its own.
pub fn holding(
    scenario: &Scenario,
    keys: KeySet,
    lines: usize,
    source: &str,
) -> Result<Scenario, Failure> {
    let source = DataSource {
        name: source.to_string(),
        lines,
    };
    scenario
        .with_data(keys, None, source)
        .map(|(scenario, _)| scenario)
        .map_err(|e| Failure::Refused(e.to_string()))
}

/// The keys of an input, a batch at a time.
pub struct Batches {
    from: Source,
    /// What was read and not yet handed over, oldest first.
    held: VecDeque<Held>,
    per_batch: usize,
}

enum Source {
    /// A keys file or standard input.
    Stream(KeyStream),
    /// The generated keys `key-n` for `n` from `next` to `end` (excluded).
    Generated { next: u64, end: u64 },
}

/// Lines read, of which those from byte `at` on are still to be handed over.
struct Held {
    lines: Lines,
    at: usize,
}

/// A keys file of at most this many bytes is read whole at once (on every core), then taken
/// whole or in batches: the memory of one block or two of the stream.
const READ_WHOLE_BYTES: u64 = 16 << 20;

/// The keys at `path` (`-` for standard input): whole when they are at most `whole_up_to`,
/// otherwise a batch of at most `per_batch` at a time.
pub fn open(path: &Path, whole_up_to: usize, per_batch: usize) -> Result<Keys, Failure> {
    let small = path != Path::new("-")
        && std::fs::metadata(path).is_ok_and(|m| m.is_file() && m.len() <= READ_WHOLE_BYTES);
    if small {
        let (source, bytes) = read_bytes(path)?;
        // Lines bound the keys from above: most files need no closer count.
        let lines = line_count(&bytes);
        if lines > whole_up_to && count_keys(&bytes, usize::MAX).1 > whole_up_to {
            let lines = Lines {
                bytes,
                first_line: 1,
            };
            let read = KeyStream::of(Box::new(std::io::empty()), source, 1);
            return Ok(Keys::Streamed(Batches {
                from: Source::Stream(read),
                held: VecDeque::from([Held { lines, at: 0 }]),
                per_batch,
            }));
        }
        return whole(source, bytes);
    }
    let mut stream = KeyStream::open(path)?;
    let mut held = VecDeque::new();
    let mut keys = 0;
    while let Some(lines) = next_lines(&mut stream)? {
        keys += count_keys(&lines.bytes, usize::MAX).1;
        held.push_back(Held { lines, at: 0 });
        if keys > whole_up_to {
            return Ok(Keys::Streamed(Batches {
                from: Source::Stream(stream),
                held,
                per_batch,
            }));
        }
    }
    let mut bytes = Vec::with_capacity(held.iter().map(|h| h.lines.bytes.len()).sum());
    for part in held {
        bytes.extend_from_slice(&part.lines.bytes);
    }
    whole(stream.source, bytes)
}

/// Every key of `source`, whose bytes are `bytes`.
fn whole(source: String, bytes: Vec<u8>) -> Result<Keys, Failure> {
    match String::from_utf8(bytes) {
        Ok(text) => Ok(Keys::Whole { source, text }),
        Err(_) => Err(Failure::Refused(format!(
            "--keys-file: {source} is not UTF-8 text; keys are read one per line."
        ))),
    }
}

/// The next lines of `stream`, refusing a line it had to pass over.
fn next_lines(stream: &mut KeyStream) -> Result<Option<Lines>, Failure> {
    let lines = stream.next_lines()?;
    if let Some((line, why)) = stream.skipped.first.first() {
        return Err(Failure::Refused(format!(
            "{} line {line}: {why}.",
            stream.source
        )));
    }
    Ok(lines)
}

impl Batches {
    /// The generated keys `key-0` to `key-(count-1)`, at most `per_batch` at a time.
    pub fn generated(count: u64, per_batch: usize) -> Batches {
        Batches {
            from: Source::Generated {
                next: 0,
                end: count,
            },
            held: VecDeque::new(),
            per_batch,
        }
    }

    /// The input's name for messages.
    pub fn source(&self) -> &str {
        match &self.from {
            Source::Stream(stream) => &stream.source,
            Source::Generated { .. } => "--keys",
        }
    }

    /// The next batch, holding at least one key; `None` at the end.
    pub fn next_batch(&mut self) -> Result<Option<Batch>, Failure> {
        loop {
            if self.held.is_empty() {
                match &mut self.from {
                    Source::Stream(stream) => match next_lines(stream)? {
                        Some(lines) => self.held.push_back(Held { lines, at: 0 }),
                        None => return Ok(None),
                    },
                    Source::Generated { next, end } => {
                        return Ok(generated_batch(next, *end, self.per_batch))
                    }
                }
            }
            let Some(front) = self.held.front_mut() else {
                continue;
            };
            let rest = &front.lines.bytes[front.at..];
            let (cut, keys) = count_keys(rest, self.per_batch);
            let first_line = front.lines.first_line;
            let whole = front.at == 0 && cut == rest.len();
            let bytes = if whole {
                self.held
                    .pop_front()
                    .map(|h| h.lines.bytes)
                    .unwrap_or_default()
            } else {
                let piece = rest[..cut].to_vec();
                front.lines.first_line += line_count(&piece);
                front.at += cut;
                if front.at == front.lines.bytes.len() {
                    self.held.pop_front();
                }
                piece
            };
            if keys == 0 {
                continue;
            }
            let text = String::from_utf8(bytes).map_err(|e| {
                // The line of the first byte that is no UTF-8: one more than the line ends
                // before it.
                let valid = &e.as_bytes()[..e.utf8_error().valid_up_to()];
                let line = first_line + memchr::memchr_iter(b'\n', valid).count();
                Failure::Refused(format!(
                    "--keys-file: {} line {line} is not UTF-8 text; keys are read one per line.",
                    self.source()
                ))
            })?;
            return Ok(Some(Batch { text, first_line }));
        }
    }
}

/// The next generated keys, `key-n` a line, moving `next` on.
fn generated_batch(next: &mut u64, end: u64, per_batch: usize) -> Option<Batch> {
    if *next >= end {
        return None;
    }
    let stop = end.min(*next + per_batch as u64);
    let mut text = String::with_capacity((stop - *next) as usize * 14);
    for n in *next..stop {
        let _ = writeln!(text, "key-{n}");
    }
    let first_line = *next as usize + 1;
    *next = stop;
    Some(Batch { text, first_line })
}

/// Where the `most`-th key of `bytes` ends (just past its line end), or the end of `bytes`
/// when they hold fewer; and how many keys lie before that. A key is a line that is not blank.
fn count_keys(bytes: &[u8], most: usize) -> (usize, usize) {
    let mut keys = 0;
    let mut start = 0;
    while start < bytes.len() {
        let end = memchr::memchr(b'\n', &bytes[start..]).map_or(bytes.len(), |i| start + i + 1);
        if !blank(&bytes[start..end]) {
            keys += 1;
            if keys == most {
                return (end, keys);
            }
        }
        start = end;
    }
    (bytes.len(), keys)
}

/// Whether a line holds nothing but white space, as a key's reader trims it.
fn blank(line: &[u8]) -> bool {
    match line.first() {
        None => true,
        Some(b) if b.is_ascii_whitespace() => {
            line.iter().all(u8::is_ascii_whitespace)
                || std::str::from_utf8(line).is_ok_and(|text| text.trim().is_empty())
        }
        Some(b) if b.is_ascii() => false,
        Some(_) => std::str::from_utf8(line).is_ok_and(|text| text.trim().is_empty()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_counted_by_the_lines_that_are_not_blank() {
        let text = b"a\n\n  \r\nb\n\xe3\x80\x80\nc";
        assert_eq!(count_keys(text, usize::MAX), (text.len(), 3));
        assert_eq!(count_keys(text, 2), (9, 2));
        assert_eq!(count_keys(b"", 5), (0, 0));
    }

    #[test]
    fn generated_keys_come_in_batches_numbered_from_key_0() {
        let mut batches = Batches::generated(5, 2);
        let mut texts = Vec::new();
        while let Some(batch) = batches.next_batch().unwrap() {
            texts.push((batch.first_line, batch.text));
        }
        assert_eq!(
            texts,
            vec![
                (1, "key-0\nkey-1\n".to_string()),
                (3, "key-2\nkey-3\n".to_string()),
                (5, "key-4\n".to_string())
            ]
        );
    }
}
