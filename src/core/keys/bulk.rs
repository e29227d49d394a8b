//! A names text read into a new key set a slice at a time, so that a page can show progress
//! and stay responsive while a file of a million keys is hashed and sorted.
//!
//! [`BulkKeys`] takes a text of one key per line (as a data file's reader writes it) and works
//! in steps: each hashing step reads the next lines with the keys-text reader (`lines`, on
//! every core natively), keeping each name as a span of the text, and deals the keys into
//! buckets by position; each sorting step sorts the next buckets. [`BulkKeys::finish`] then
//! lays the buckets end to end and builds the set. Unlike [`KeySet::insert_lines`], a key
//! that appears again is not a refusal: the later line is merged into the first, and
//! [`Loaded::repeats`] says which, so that a reader can add up counts and say what it merged.

use super::insert::LinesRefused;
use super::key::{resolve, Commas, Stored};
use super::key_set::{KeySet, MAX_KEYS};
use super::lines;
use crate::core::error::Error;
use crate::core::hash::HashScheme;
use crate::core::size::RingSize;

/// How many buckets the ring is cut into while hashing.
const BUCKETS: u64 = 1024;

/// The work of reading a names text into a new key set, in steps.
#[derive(Debug, Clone)]
pub struct BulkKeys {
    size: RingSize,
    hash: HashScheme,
    /// Whether a comma in a line is part of its key.
    commas: Commas,
    text: String,
    /// The byte the next hashing step starts at.
    at: usize,
    /// How many lines the hashing steps have read.
    lines: usize,
    stored: Vec<u64>,
    hashes: Vec<u32>,
    /// (position, index), by bucket of equal stretches of the ring.
    buckets: Vec<Vec<(u32, u32)>>,
    /// The sorted buckets so far, end to end: positions, and the index of each key.
    positions: Vec<u32>,
    ids: Vec<u32>,
    /// Keys found to repeat an earlier one, as the buckets are sorted: (later, first) indexes.
    dropped: Vec<(u32, u32)>,
    next_bucket: usize,
    /// The first key placed outside the ring, or the first line that is no key.
    refused: Option<LinesRefused>,
}

/// A finished [`BulkKeys`]: the set, and the lines merged into an earlier one.
#[derive(Debug, Clone)]
pub struct Loaded {
    /// The keys, in the order of their first line.
    pub keys: KeySet,
    /// For each line whose key appeared on an earlier line: its index among the text's
    /// non-blank lines (from 0) and the id the key has in the set, in line order.
    pub repeats: Vec<(u32, u32)>,
    /// For each non-blank line, in order, the id of its key in the set.
    pub ids: Option<Vec<u32>>,
}

impl BulkKeys {
    /// The work of reading `text`, one key per line, for a ring of `size` under `hash`.
    pub fn new(text: String, hash: HashScheme, size: RingSize) -> BulkKeys {
        let buckets = BUCKETS.min(size.get()) as usize;
        let body = if text.starts_with('\u{feff}') { 3 } else { 0 };
        BulkKeys {
            size,
            hash,
            commas: Commas::Refused,
            text,
            at: body,
            lines: 0,
            stored: Vec::new(),
            hashes: Vec::new(),
            buckets: vec![Vec::new(); buckets],
            positions: Vec::new(),
            ids: Vec::new(),
            dropped: Vec::new(),
            next_bucket: 0,
            refused: None,
        }
    }

    /// The same work, each line read as [`Key::read`](super::Key::read) reads it with
    /// `commas` (refused unless told otherwise).
    pub fn with_commas(mut self, commas: Commas) -> BulkKeys {
        self.commas = commas;
        self
    }

    /// Makes room for about `keys` keys at once, so that nothing grows while they are hashed.
    pub fn expecting(mut self, keys: usize) -> BulkKeys {
        let per = keys / self.buckets.len() + keys / self.buckets.len() / 8 + 4;
        self.stored.reserve_exact(keys);
        self.hashes.reserve_exact(keys);
        for bucket in &mut self.buckets {
            bucket.reserve_exact(per);
        }
        self
    }

    fn bucket_of(&self, position: u32) -> usize {
        ((u64::from(position) * self.buckets.len() as u64) / self.size.get()) as usize
    }

    /// Does the next piece of work, about `slice` lines' worth: reading and hashing the next
    /// lines, or, once all are read, sorting the next buckets. Returns whether the work is
    /// complete (a refusal completes it: [`BulkKeys::finish`] then gives it).
    pub fn step(&mut self, slice: usize) -> bool {
        let slice = slice.max(1);
        if self.refused.is_some() {
            return true;
        }
        if self.at < self.text.len() {
            let bytes = self.text.as_bytes();
            let end = memchr::memchr_iter(b'\n', &bytes[self.at..])
                .nth(slice - 1)
                .map_or(bytes.len(), |i| self.at + i + 1);
            match lines::read(
                &self.text[..end],
                self.at,
                0,
                self.hash,
                self.size,
                self.commas,
            ) {
                Err((line, error)) => {
                    self.refused = Some(LinesRefused::Line {
                        line: self.lines + line,
                        error,
                    });
                }
                Ok(read) => {
                    if let Some(error) = read.off_ring {
                        self.refused = Some(LinesRefused::Keys(error));
                    } else if self.stored.len() + read.stored.len() > MAX_KEYS {
                        self.refused =
                            Some(LinesRefused::Keys(Error::TooManyKeys { max: MAX_KEYS }));
                    } else {
                        let first = self.stored.len() as u32;
                        for (i, &h) in read.hashes.iter().enumerate() {
                            let position = self.size.position_of(h);
                            let bucket = self.bucket_of(position);
                            self.buckets[bucket].push((position, first + i as u32));
                        }
                        self.stored.extend_from_slice(&read.stored);
                        self.hashes.extend_from_slice(&read.hashes);
                    }
                }
            }
            self.lines += bytes[self.at..end].iter().filter(|&&b| b == b'\n').count();
            self.at = end;
        } else {
            let mut work = 0;
            while self.next_bucket < self.buckets.len() && work < slice {
                let mut bucket = std::mem::take(&mut self.buckets[self.next_bucket]);
                bucket.sort_unstable();
                work += bucket.len().max(1);
                if self.positions.is_empty() {
                    self.positions.reserve_exact(self.stored.len());
                    self.ids.reserve_exact(self.stored.len());
                }
                self.find_repeats(&bucket);
                for (position, id) in bucket {
                    self.positions.push(position);
                    self.ids.push(id);
                }
                self.next_bucket += 1;
            }
        }
        self.is_complete()
    }

    /// Whether every line is read and every bucket sorted.
    pub fn is_complete(&self) -> bool {
        self.refused.is_some()
            || (self.at >= self.text.len() && self.next_bucket == self.buckets.len())
    }

    /// How much of the work is done, and how much in all, in bytes read plus keys sorted.
    pub fn progress(&self) -> (usize, usize) {
        let keys = self.stored.len();
        // Until every line is read, the keys to sort are estimated from the bytes per key so far.
        let expected = if self.at >= self.text.len() || self.at == 0 {
            keys
        } else {
            keys * self.text.len() / self.at
        };
        (
            self.at.min(self.text.len()) + self.positions.len(),
            self.text.len() + expected,
        )
    }

    /// Notes the keys of a sorted bucket that repeat an earlier key. Equal keys have equal
    /// hashes, so they share a position and a hash: only keys sharing both are compared, and
    /// the one with the lowest index (the first line) is kept.
    fn find_repeats(&mut self, bucket: &[(u32, u32)]) {
        let name = |i: u32| resolve(&self.text, 0, Stored::unpack(self.stored[i as usize]));
        let mut run: Vec<(u32, u32)> = Vec::new();
        let mut i = 0;
        while i < bucket.len() {
            let mut j = i + 1;
            while j < bucket.len() && bucket[j].0 == bucket[i].0 {
                j += 1;
            }
            if j - i > 1 {
                run.clear();
                run.extend(
                    bucket[i..j]
                        .iter()
                        .map(|&(_, id)| (self.hashes[id as usize], id)),
                );
                run.sort_unstable();
                let mut a = 0;
                while a < run.len() {
                    let mut b = a + 1;
                    while b < run.len() && run[b].0 == run[a].0 {
                        b += 1;
                    }
                    // Within a run of equal hashes, ids rise: each key is compared with the
                    // kept keys before it.
                    let mut kept: Vec<u32> = Vec::new();
                    for &(_, id) in &run[a..b] {
                        match kept.iter().find(|&&first| name(first) == name(id)) {
                            Some(&first) => self.dropped.push((id, first)),
                            None => kept.push(id),
                        }
                    }
                    a = b;
                }
            }
            i = j;
        }
    }

    /// The set, with repeated keys merged; or why the text was refused. Finishes any work left.
    pub fn finish(mut self) -> Result<Loaded, LinesRefused> {
        while !self.step(usize::MAX) {}
        if let Some(refused) = self.refused {
            return Err(refused);
        }
        let text = self.text;
        let total = self.stored.len();
        let mut dropped = self.dropped;
        let mut keys = KeySet::new(self.size, self.hash);
        if dropped.is_empty() {
            keys.text = text;
            keys.add_checked(self.stored, self.hashes, self.positions, self.ids);
            return Ok(Loaded {
                keys,
                repeats: Vec::new(),
                ids: None,
            });
        }
        dropped.sort_unstable();
        let mut gone = vec![false; total];
        for &(d, _) in &dropped {
            gone[d as usize] = true;
        }
        // New ids: each kept line's index less the lines dropped before it.
        let mut new_id = vec![0u32; total];
        let mut next = 0u32;
        for (i, slot) in new_id.iter_mut().enumerate() {
            *slot = next;
            if !gone[i] {
                next += 1;
            }
        }
        let kept_of = |d: u32| dropped.binary_search_by_key(&d, |&(x, _)| x).ok();
        let ids_by_line: Vec<u32> = (0..total as u32)
            .map(|i| match kept_of(i) {
                Some(at) => new_id[dropped[at].1 as usize],
                None => new_id[i as usize],
            })
            .collect();
        let repeats = dropped
            .iter()
            .map(|&(d, k)| (d, new_id[k as usize]))
            .collect();
        let keep = |i: usize| !gone[i];
        let stored: Vec<u64> = (0..total)
            .filter(|&i| keep(i))
            .map(|i| self.stored[i])
            .collect();
        let hashes: Vec<u32> = (0..total)
            .filter(|&i| keep(i))
            .map(|i| self.hashes[i])
            .collect();
        let (positions, ids): (Vec<u32>, Vec<u32>) = self
            .positions
            .into_iter()
            .zip(self.ids)
            .filter(|&(_, id)| keep(id as usize))
            .map(|(p, id)| (p, new_id[id as usize]))
            .unzip();
        keys.text = text;
        keys.add_checked(stored, hashes, positions, ids);
        Ok(Loaded {
            keys,
            repeats,
            ids: Some(ids_by_line),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::keys::Key;
    use proptest::prelude::*;
    use proptest::sample::select;

    fn load(text: &str, slice: usize) -> Result<Loaded, LinesRefused> {
        let mut bulk = BulkKeys::new(text.to_string(), HashScheme::default(), RingSize::FULL);
        while !bulk.step(slice) {}
        bulk.finish()
    }

    proptest! {
        #![proptest_config(crate::cases::cases(256))]

        #[test]
        fn a_text_without_repeats_gives_the_set_insert_lines_gives(
            lines in prop::collection::btree_set(
                select(vec!["user:1", "user:2", "ключ", "key-3", "@7", "a b", "x", "y", "z"]),
                0..9,
            ),
            slice in 1usize..5,
        ) {
            let text: String = lines.iter().map(|l| format!("{l}\n")).collect();
            let mut expected = KeySet::new(RingSize::FULL, HashScheme::default());
            expected.insert_lines(text.clone()).unwrap();
            let loaded = load(&text, slice).unwrap();
            prop_assert_eq!(loaded.keys, expected);
            prop_assert!(loaded.repeats.is_empty());
        }

        #[test]
        fn repeated_keys_are_merged_into_their_first_line(
            lines in prop::collection::vec(select(vec!["a", "b", "c", "key-1", "@9"]), 1..20),
            slice in 1usize..7,
        ) {
            let text = lines.join("\n");
            let loaded = load(&text, slice).unwrap();
            let mut firsts: Vec<&str> = Vec::new();
            let mut repeats = Vec::new();
            for (i, line) in lines.iter().enumerate() {
                match firsts.iter().position(|f| f == line) {
                    Some(id) => repeats.push((i as u32, id as u32)),
                    None => firsts.push(line),
                }
            }
            let keys: Vec<Key> = firsts.iter().map(|l| Key::parse(l).unwrap()).collect();
            let mut expected = KeySet::new(RingSize::FULL, HashScheme::default());
            expected.insert(keys).unwrap();
            prop_assert_eq!(loaded.keys, expected);
            prop_assert_eq!(loaded.repeats, repeats);
        }
    }

    #[test]
    fn a_line_that_is_no_key_is_refused_with_its_number() {
        let refused = load("a\nb\nc,d\n", 1).unwrap_err();
        assert!(
            matches!(refused, LinesRefused::Line { line: 3, .. }),
            "{refused:?}"
        );
    }

    #[test]
    fn progress_reaches_the_whole_when_done() {
        let mut bulk = BulkKeys::new("a\nb\nc\n".into(), HashScheme::default(), RingSize::FULL);
        let mut steps = 0;
        while !bulk.step(1) {
            steps += 1;
            let (done, total) = bulk.progress();
            assert!(done <= total);
        }
        assert!(steps >= 3);
        let (done, total) = bulk.progress();
        assert_eq!(done, total);
    }
}
