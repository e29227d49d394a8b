//! Adding keys to a set: every batch checked whole (room, positions, duplicates) before any
//! key goes in, a keys text read in place, and the same keys rehashed for another ring.

use std::collections::{HashMap, HashSet};
use std::ops::Range;

use super::hashing::hash_all;
use super::key::{resolve, Commas, Key, KeyRef, Stored, MAX_KEY_BYTES};
use super::key_set::{KeySet, FULL};
use super::{lines, sort};
use crate::core::error::Error;
use crate::core::hash::HashScheme;
use crate::core::par;
use crate::core::size::RingSize;

/// Why [`KeySet::insert_lines`] refused a text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LinesRefused {
    /// A line that is no key: its number, counting from 1, and why.
    Line {
        /// The line's number, counting from 1.
        line: usize,
        /// Why it is no key.
        error: Error,
    },
    /// The keys were read but refused, as [`KeySet::insert`] refuses a batch.
    Keys(Error),
}

/// Keys at one position past which duplicates are found by hashing rather than pair by pair.
const CROWDED: usize = 16;

impl KeySet {
    /// The same keys, in the same order, on another ring or under another hash.
    pub fn rehashed(&self, size: RingSize, hash: HashScheme) -> Result<KeySet, Error> {
        for &stored in &self.full {
            if let Stored::At(position) = Stored::unpack(stored) {
                size.check(u64::from(position))?;
            }
        }
        let mut set = KeySet {
            size,
            hash,
            refs: self.refs.clone(),
            full: self.full.clone(),
            text: self.text.clone(),
            generated: self.generated.clone(),
            hashes: (0..self.len() as u32)
                .map(|id| self.key_ref(id).hash32(hash))
                .collect(),
            order: Vec::new(),
            positions: Vec::new(),
            next_generated: self.next_generated,
            residues: Default::default(),
        };
        let mut all: Vec<(u32, u32)> = (0..set.hashes.len())
            .map(|id| (size.position_of(set.hashes[id]), id as u32))
            .collect();
        all.sort_unstable();
        set.merge_sorted(&all);
        Ok(set)
    }

    /// Adds keys; refuses the whole batch if one is a duplicate, lies outside the ring, or the
    /// limit would be passed.
    ///
    /// Two equal keys have equal hashes, so they land on the same position: duplicates are
    /// found among the keys sharing a position, after the sort that placing the keys needs
    /// anyway, never by hashing every key into a set.
    pub fn insert(&mut self, new: Vec<Key>) -> Result<(), Error> {
        self.check_room(new.len())?;
        for key in &new {
            if let Key::At(position) = key {
                self.size.check(u64::from(*position))?;
            }
        }
        let mut names = 0;
        for key in &new {
            if let Key::Named(name) = key {
                if name.len() > MAX_KEY_BYTES {
                    return Err(Error::KeyTooLong {
                        bytes: name.len(),
                        max: MAX_KEY_BYTES,
                    });
                }
                names += name.len();
            }
        }
        self.make_room_for_text(names)?;
        let hashes = hash_all(&new, self.hash);
        let first = self.len() as u32;
        let (positions, ids) = sort::sort_by_position(&hashes, self.size, first);
        self.check_duplicates(|i| new[i].borrowed(), &positions, &ids)?;
        let stored = new.iter().map(|key| self.store(key).pack()).collect();
        self.add_checked(stored, hashes, positions, ids);
        Ok(())
    }

    /// Adds the keys of `text`, one per non-blank line, each read as [`Key::parse`] reads a
    /// label; a byte-order mark at its start is skipped. Refuses the whole text, leaving the
    /// set as it was, when a line is no key (the first such line, counting from 1) or when
    /// [`KeySet::insert`] would refuse the keys.
    ///
    /// The names are not copied: the set keeps `text` and each named key is a span of it, so
    /// a file of a million names costs one allocation, not a million. Natively a large text is
    /// read and hashed in pieces, one per core, and its keys sorted on every core.
    pub fn insert_lines(&mut self, text: String) -> Result<(), LinesRefused> {
        self.insert_lines_with(text, Commas::Refused)
    }

    /// [`KeySet::insert_lines`], each line read as [`Key::read`] reads it with `commas`: with
    /// [`Commas::Kept`], a comma is part of the line's key.
    pub fn insert_lines_with(&mut self, text: String, commas: Commas) -> Result<(), LinesRefused> {
        if !self.text_fits(text.len()) {
            return self.insert_lines_copied(&text, commas);
        }
        let base = self.text.len();
        let body = if text.starts_with('\u{feff}') { 3 } else { 0 };
        let read = lines::read(&text, body, base, self.hash, self.size, commas)
            .map_err(|(line, error)| LinesRefused::Line { line, error })?;
        self.check_room(read.stored.len())
            .map_err(LinesRefused::Keys)?;
        if let Some(error) = read.off_ring {
            return Err(LinesRefused::Keys(error));
        }
        let first = self.len() as u32;
        let (positions, ids) = sort::sort_by_position(&read.hashes, self.size, first);
        let stored = &read.stored;
        self.check_duplicates(
            |i| resolve(&text, base, Stored::unpack(stored[i])),
            &positions,
            &ids,
        )
        .map_err(LinesRefused::Keys)?;
        if self.text.is_empty() {
            self.text = text;
        } else {
            self.text.push_str(&text);
        }
        self.add_checked(read.stored, read.hashes, positions, ids);
        Ok(())
    }

    /// [`KeySet::insert_lines`] for a text that would take the set's text past its limit: the
    /// keys are read one by one and their names copied, after the set's text is rid of names
    /// no key holds any more.
    pub(super) fn insert_lines_copied(
        &mut self,
        text: &str,
        commas: Commas,
    ) -> Result<(), LinesRefused> {
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        let mut keys = Vec::new();
        for (index, line) in text.lines().enumerate() {
            if line.trim().is_empty() {
                continue;
            }
            let key = Key::read(line, commas).map_err(|error| LinesRefused::Line {
                line: index + 1,
                error,
            })?;
            keys.push(key);
        }
        self.insert(keys).map_err(LinesRefused::Keys)
    }

    /// The key that `packed` ([`Stored::pack`]) stands for.
    pub(super) fn resolve(&self, packed: u64) -> KeyRef<'_> {
        resolve(&self.text, 0, Stored::unpack(packed))
    }

    /// `key` as stored, its name (if it has one) copied to the end of the set's text.
    pub(super) fn store(&mut self, key: &Key) -> Stored {
        match key {
            Key::Named(name) => {
                let start = self.text.len() as u32;
                self.text.push_str(name);
                Stored::Named {
                    start,
                    len: name.len() as u32,
                }
            }
            Key::At(position) => Stored::At(*position),
            Key::Generated(n) => Stored::Generated(*n),
        }
    }

    /// Makes sure `extra` more bytes of names fit the set's text, dropping from it what no key
    /// holds any more if they would not.
    pub(super) fn make_room_for_text(&mut self, extra: usize) -> Result<(), Error> {
        if !self.text_fits(extra) {
            self.compact_text();
        }
        if !self.text_fits(extra) {
            return Err(Error::OutOfRange(
                "The keys' names hold at most 4 GiB of text in all.",
            ));
        }
        Ok(())
    }

    /// Whether the set's text can grow by `extra` bytes: the names' spans are 32-bit offsets.
    pub(super) fn text_fits(&self, extra: usize) -> bool {
        self.text
            .len()
            .checked_add(extra)
            .is_some_and(|len| u32::try_from(len).is_ok())
    }

    /// Keeps only the names of the keys present in the set's text.
    pub(super) fn compact_text(&mut self) {
        let live = self
            .full
            .iter()
            .map(|&packed| match Stored::unpack(packed) {
                Stored::Named { len, .. } => len as usize,
                _ => 0,
            })
            .sum();
        let mut text = String::with_capacity(live);
        for packed in &mut self.full {
            if let Stored::Named { start, len } = Stored::unpack(*packed) {
                let from = start as usize;
                let start = text.len() as u32;
                text.push_str(&self.text[from..from + len as usize]);
                *packed = Stored::Named { start, len }.pack();
            }
        }
        self.text = text;
    }

    /// Adds keys that passed every check: `stored` in id order, packed (names already in the
    /// set's text), their hashes, and their positions sorted with their ids beside them. Into
    /// an empty set the arrays move as they are.
    pub(super) fn add_checked(
        &mut self,
        stored: Vec<u64>,
        hashes: Vec<u32>,
        positions: Vec<u32>,
        ids: Vec<u32>,
    ) {
        let compact = |packed: u64| match Stored::unpack(packed) {
            Stored::Generated(n) if n < FULL => Some(n),
            _ => None,
        };
        let generated = stored
            .iter()
            .any(|&packed| matches!(Stored::unpack(packed), Stored::Generated(_)));
        if stored.iter().all(|&packed| compact(packed).is_none()) {
            // Only keys kept in full: their references follow on, and the keys are moved over
            // in one piece.
            // While every key is kept in full in id order the references are not written.
            if !self.refs.is_empty() {
                let start = FULL + self.full.len() as u32;
                self.refs.extend(start..start + stored.len() as u32);
            }
            if self.full.is_empty() {
                self.full = stored;
            } else {
                self.full.extend(stored);
            }
        } else {
            self.write_refs();
            self.refs.reserve(stored.len());
            for packed in stored {
                match compact(packed) {
                    Some(n) => self.refs.push(n),
                    None => {
                        self.refs.push(FULL + self.full.len() as u32);
                        self.full.push(packed);
                    }
                }
            }
        }
        self.residues.clear();
        if generated {
            self.record(&hashes);
        } else if self.hashes.is_empty() {
            // No generated number to take note of.
            self.hashes = hashes;
        } else {
            self.hashes.extend_from_slice(&hashes);
        }
        if self.order.is_empty() {
            // Nothing to merge with: the sorted keys are the set's order.
            self.positions = positions;
            self.order = ids;
        } else {
            let added: Vec<(u32, u32)> = positions.into_iter().zip(ids).collect();
            self.merge_sorted(&added);
        }
    }

    /// Refuses the new keys if one of them is already present or appears twice among them.
    /// `new(i)` is new key `i`; `positions` are the new keys' positions, sorted, so that the
    /// keys sharing a position are side by side, and `ids` beside them their ids, new key `i`
    /// having id `i` plus the set's length.
    pub(super) fn check_duplicates<'k>(
        &self,
        new: impl Fn(usize) -> KeyRef<'k> + Sync,
        positions: &[u32],
        ids: &[u32],
    ) -> Result<(), Error> {
        // Without generated keys in the set, a new key alone at its position, where the set
        // has none, cannot be a duplicate: such keys are not even read.
        let any_generated = self.generated.iter().any(|&word| word != 0);
        let first = self.len();
        let index = |i: usize| ids[i] as usize - first;
        let check = |range: Range<usize>| -> Result<(), Error> {
            let mut i = range.start;
            while i < range.end {
                let position = positions[i];
                let mut j = i + 1;
                while j < range.end && positions[j] == position {
                    j += 1;
                }
                let here = self.range_between(position, position);
                if j - i + here.len() > CROWDED {
                    self.check_crowded(|a| new(index(a)), i..j, here)?;
                } else if j - i > 1 || !here.is_empty() || any_generated {
                    for a in i..j {
                        let key = new(index(a));
                        let twin = (a + 1..j).any(|b| new(index(b)) == key);
                        let present = match key.compact() {
                            Some(n) => self.has_generated(n),
                            None => self.order[here.clone()]
                                .iter()
                                .any(|&id| self.key_ref(id) == key),
                        };
                        if twin || present {
                            return Err(Error::DuplicateKey(key.label()));
                        }
                    }
                }
                i = j;
            }
            Ok(())
        };
        // Natively a large batch is checked on every core, in runs cut between positions; the
        // first refusal in position order is the one reported, as when checked in one run.
        let pieces = if positions.len() >= 50_000 {
            par::threads()
        } else {
            1
        };
        let mut cuts = vec![0];
        for piece in 1..pieces {
            let mut cut = (positions.len() * piece / pieces).max(cuts[cuts.len() - 1]);
            while cut > 0 && cut < positions.len() && positions[cut] == positions[cut - 1] {
                cut += 1;
            }
            cuts.push(cut);
        }
        cuts.push(positions.len());
        let runs: Vec<Range<usize>> = cuts.windows(2).map(|w| w[0]..w[1]).collect();
        par::each(runs, check).into_iter().collect()
    }

    /// [`KeySet::check_duplicates`] at a position shared by many keys (a ring of a few
    /// positions): the new keys `batch` and the set's keys `here` are counted in hash maps
    /// instead of compared pair by pair, with the same refusal, the first new key in `batch`
    /// that is already present or comes again later.
    fn check_crowded<'k>(
        &self,
        new: impl Fn(usize) -> KeyRef<'k>,
        batch: Range<usize>,
        here: Range<usize>,
    ) -> Result<(), Error> {
        let present: HashSet<KeyRef<'_>> = self.order[here]
            .iter()
            .map(|&id| self.key_ref(id))
            .filter(|key| key.compact().is_none())
            .collect();
        let mut left: HashMap<KeyRef<'k>, usize> = HashMap::new();
        for a in batch.clone() {
            *left.entry(new(a)).or_default() += 1;
        }
        for a in batch {
            let key = new(a);
            let later = left.get_mut(&key).map_or(0, |count| {
                *count -= 1;
                *count
            });
            let there = match key.compact() {
                Some(n) => self.has_generated(n),
                None => present.contains(&key),
            };
            if later > 0 || there {
                return Err(Error::DuplicateKey(key.label()));
            }
        }
        Ok(())
    }
}
