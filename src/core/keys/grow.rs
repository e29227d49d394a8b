//! Generated keys, removing keys, and the bookkeeping every addition shares: which generated
//! numbers are taken, and merging newly sorted keys into the set's order.

use std::ops::Range;

use super::hashing::generated_hashes;
use super::key::Key;
use super::key::Stored;
use super::key_set::{KeySet, FULL, MAX_KEYS};
use crate::core::error::Error;

impl KeySet {
    pub(super) fn check_room(&self, extra: usize) -> Result<(), Error> {
        if self.len() + extra > MAX_KEYS {
            Err(Error::TooManyKeys { max: MAX_KEYS })
        } else {
            Ok(())
        }
    }

    pub(super) fn has_generated(&self, n: u32) -> bool {
        self.generated
            .get((n / 64) as usize)
            .is_some_and(|word| word & (1 << (n % 64)) != 0)
    }

    pub(super) fn set_generated(&mut self, n: u32, present: bool) {
        let word = (n / 64) as usize;
        if word >= self.generated.len() {
            if !present {
                return;
            }
            self.generated.resize(word + 1, 0);
        }
        if present {
            self.generated[word] |= 1 << (n % 64);
        } else {
            self.generated[word] &= !(1 << (n % 64));
        }
    }

    /// Records the hashes of the keys just pushed onto `refs`, and sorts them in.
    pub(super) fn append(&mut self, hashes: &[u32]) {
        let first = self.hashes.len();
        self.record(hashes);
        let mut added: Vec<(u32, u32)> = (first..self.len())
            .map(|id| (self.size.position_of(self.hashes[id]), id as u32))
            .collect();
        added.sort_unstable();
        self.merge_sorted(&added);
    }

    /// Records the hashes of the keys just pushed onto `refs`, and which generated numbers they
    /// take.
    pub(super) fn record(&mut self, hashes: &[u32]) {
        let first = self.hashes.len();
        self.residues.clear();
        self.hashes.extend_from_slice(hashes);
        for id in first..self.len() {
            let r = self.key_at(id as u32);
            let number = if r < FULL {
                self.set_generated(r, true);
                Some(r)
            } else if let Stored::Generated(n) = Stored::unpack(self.full[(r - FULL) as usize]) {
                Some(n)
            } else {
                None
            };
            if let Some(n) = number {
                // `key-4294967295` is a valid label; after it the generator has nothing left.
                self.next_generated = self.next_generated.max(n.saturating_add(1));
            }
        }
    }

    pub(super) fn merge_sorted(&mut self, added: &[(u32, u32)]) {
        let old_order = std::mem::take(&mut self.order);
        let old_positions = std::mem::take(&mut self.positions);
        let total = old_order.len() + added.len();
        self.order.reserve_exact(total);
        self.positions.reserve_exact(total);
        let (mut i, mut j) = (0, 0);
        while i < old_order.len() && j < added.len() {
            if (old_positions[i], old_order[i]) <= added[j] {
                self.positions.push(old_positions[i]);
                self.order.push(old_order[i]);
                i += 1;
            } else {
                self.positions.push(added[j].0);
                self.order.push(added[j].1);
                j += 1;
            }
        }
        self.positions.extend_from_slice(&old_positions[i..]);
        self.order.extend_from_slice(&old_order[i..]);
        for &(position, id) in &added[j..] {
            self.positions.push(position);
            self.order.push(id);
        }
    }

    /// The numbers the next `count` generated keys would take, `key-n` onwards, after checking
    /// that they fit.
    pub fn next_generated_range(&self, count: usize) -> Result<Range<u32>, Error> {
        let start = self.next_generated;
        let end = u32::try_from(count)
            .ok()
            .and_then(|c| start.checked_add(c))
            .filter(|end| *end <= FULL || count == 0)
            .ok_or(Error::TooManyKeys { max: MAX_KEYS })?;
        self.check_room(count)?;
        Ok(start..end)
    }

    /// Adds the next `count` generated keys, `key-n` onwards.
    pub fn generate(&mut self, count: usize) -> Result<Range<u32>, Error> {
        let range = self.next_generated_range(count)?;
        let hashes = generated_hashes(self.hash, range.clone());
        self.add_generated(range.clone(), &hashes);
        Ok(range)
    }

    /// Adds the generated keys `range`, whose hashes were computed beforehand (a million keys
    /// are hashed in pieces, so that a page stays responsive). The range must be the one
    /// [`KeySet::next_generated_range`] gave.
    pub fn add_generated(&mut self, range: Range<u32>, hashes: &[u32]) {
        debug_assert_eq!(range.len(), hashes.len());
        self.write_refs();
        self.refs.extend(range);
        self.append(hashes);
    }

    /// Adds the generated keys `range` whose hashes and sorted `(position, offset)` pairs were
    /// worked out beforehand (see [`Generation`](crate::core::Generation)). A million keys go in
    /// with one pass over each array: no per-key bookkeeping, no second sort.
    pub fn add_presorted(&mut self, range: Range<u32>, hashes: &[u32], sorted: &[(u32, u32)]) {
        debug_assert_eq!(range.len(), hashes.len());
        let first = self.len() as u32;
        self.write_refs();
        self.refs.extend(range.clone());
        self.residues.clear();
        self.hashes.extend_from_slice(hashes);
        if !range.is_empty() {
            // Generated numbers below FULL are all that a generation hands out.
            let last = range.end - 1;
            let words = (last / 64) as usize + 1;
            if self.generated.len() < words {
                self.generated.resize(words, 0);
            }
            for n in range.clone() {
                self.generated[(n / 64) as usize] |= 1 << (n % 64);
            }
            self.next_generated = self.next_generated.max(range.end);
        }
        let old_order = std::mem::take(&mut self.order);
        let old_positions = std::mem::take(&mut self.positions);
        let total = old_order.len() + sorted.len();
        self.order.reserve_exact(total);
        self.positions.reserve_exact(total);
        let (mut i, mut j) = (0, 0);
        while i < old_order.len() && j < sorted.len() {
            let (p, offset) = sorted[j];
            if (old_positions[i], old_order[i]) <= (p, first + offset) {
                self.positions.push(old_positions[i]);
                self.order.push(old_order[i]);
                i += 1;
            } else {
                self.positions.push(p);
                self.order.push(first + offset);
                j += 1;
            }
        }
        self.positions.extend_from_slice(&old_positions[i..]);
        self.order.extend_from_slice(&old_order[i..]);
        for &(p, offset) in &sorted[j..] {
            self.positions.push(p);
            self.order.push(first + offset);
        }
    }

    /// Removes the key with `label`.
    pub fn remove(&mut self, label: &str) -> Result<Key, Error> {
        let id = self
            .find(label)
            .ok_or_else(|| Error::NoSuchKey(label.trim().to_string()))?;
        let key = self.key(id);
        let highest =
            matches!(key, Key::Generated(n) if n.saturating_add(1) == self.next_generated);
        self.write_refs();
        let r = self.refs.remove(id as usize);
        if r < FULL {
            self.set_generated(r, false);
        } else {
            self.full.remove((r - FULL) as usize);
            for other in &mut self.refs {
                if *other > r {
                    *other -= 1;
                }
            }
        }
        self.residues.clear();
        self.hashes.remove(id as usize);
        let mut kept = 0;
        for i in 0..self.order.len() {
            let other = self.order[i];
            if other != id {
                self.order[kept] = if other > id { other - 1 } else { other };
                self.positions[kept] = self.positions[i];
                kept += 1;
            }
        }
        self.order.truncate(kept);
        self.positions.truncate(kept);
        if highest {
            self.recount_generated();
        }
        Ok(key)
    }

    /// After the highest generated key is removed: the generator goes on after the highest one
    /// left, as it does for the same keys read afresh from a link or a file, and the record of
    /// the numbers taken loses its empty end. (A number below the highest is never handed out
    /// twice.)
    fn recount_generated(&mut self) {
        while self.generated.last() == Some(&0) {
            self.generated.pop();
        }
        let in_bits = self.generated.last().map_or(0, |&word| {
            (self.generated.len() as u32 - 1) * 64 + (64 - word.leading_zeros())
        });
        let in_full = self
            .full
            .iter()
            .filter_map(|&packed| match Stored::unpack(packed) {
                Stored::Generated(n) => Some(n.saturating_add(1)),
                _ => None,
            })
            .max()
            .unwrap_or(0);
        self.next_generated = in_bits.max(in_full);
    }

    /// Removes every key; the generator starts again at `key-0`.
    pub fn clear(&mut self) {
        *self = KeySet::new(self.size, self.hash);
    }
}
