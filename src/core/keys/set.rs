//! Reading a set: its length, each key's label, hash and position, the keys in an arc, and
//! what a link writes of it.

use std::ops::Range;

use super::key::{read_label, Commas, Key, KeyRef};
use super::key_set::{KeySet, FULL};
use crate::core::hash::{generated_label, HashScheme};
use crate::core::size::RingSize;

/// A set's keys as a link writes them: see [`KeySet::link_keys`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LinkKeys {
    /// The labels of the keys before the generated run, by id.
    pub before: Vec<String>,
    /// The generated run `key-0 .. key-(run-1)`.
    pub run: u32,
    /// The labels of the keys after it, by id.
    pub after: Vec<String>,
}

impl KeySet {
    /// An empty set for a ring of `size` hashed with `hash`.
    pub fn new(size: RingSize, hash: HashScheme) -> KeySet {
        KeySet {
            size,
            hash,
            refs: Vec::new(),
            full: Vec::new(),
            text: String::new(),
            generated: Vec::new(),
            hashes: Vec::new(),
            order: Vec::new(),
            positions: Vec::new(),
            next_generated: 0,
            residues: Default::default(),
        }
    }

    /// How many keys there are.
    pub fn len(&self) -> usize {
        if self.refs.is_empty() {
            self.full.len()
        } else {
            self.refs.len()
        }
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The reference of key `id`: its generated number, or `FULL + i` for `full[i]`.
    pub(super) fn key_at(&self, id: u32) -> u32 {
        if self.refs.is_empty() {
            FULL + id
        } else {
            self.refs[id as usize]
        }
    }

    /// Writes out the references of a set whose keys are all kept in full in id order, before
    /// a change that breaks that order.
    pub(super) fn write_refs(&mut self) {
        if self.refs.is_empty() {
            self.refs = (FULL..FULL + self.full.len() as u32).collect();
        }
    }

    pub(super) fn key_ref(&self, id: u32) -> KeyRef<'_> {
        match self.key_at(id) {
            r if r < FULL => KeyRef::Generated(r),
            r => self.resolve(self.full[(r - FULL) as usize]),
        }
    }

    /// The key with id `id`.
    pub fn key(&self, id: u32) -> Key {
        self.key_ref(id).to_key()
    }

    /// The label of the key with id `id`.
    pub fn label(&self, id: u32) -> String {
        self.key_ref(id).label()
    }

    /// Writes the label of the key with id `id` at the end of `out`, without a string of its
    /// own: a million labels printed cost no million allocations.
    pub fn write_label(&self, id: u32, out: &mut String) {
        use std::fmt::Write;
        match self.key_ref(id) {
            KeyRef::Named(name) => out.push_str(name),
            KeyRef::Generated(n) => {
                let _ = write!(out, "key-{n}");
            }
            KeyRef::At(position) => {
                let _ = write!(out, "@{position}");
            }
        }
    }

    /// `f` of key `id`'s label (`key-7`, `user:42`, `@52`), without building a string on the
    /// heap: the real systems hash every key's label, a million at a time.
    pub fn with_label<R>(&self, id: u32, f: impl FnOnce(&str) -> R) -> R {
        match self.key_ref(id) {
            KeyRef::Named(name) => f(name),
            KeyRef::Generated(n) => {
                let (buffer, len) = generated_label(n);
                f(std::str::from_utf8(&buffer[..len]).expect("a generated label is ASCII"))
            }
            KeyRef::At(position) => {
                let (mut buffer, len) = generated_label(position);
                // "key-52" with its "key-" cut back to "@": the digits stay where they are.
                buffer[3] = b'@';
                f(std::str::from_utf8(&buffer[3..len]).expect("a position label is ASCII"))
            }
        }
    }

    /// The key placed by hand, when key `id` is one.
    pub fn placed_at(&self, id: u32) -> Option<u32> {
        match self.key_ref(id) {
            KeyRef::At(position) => Some(position),
            _ => None,
        }
    }

    /// Every key, by id.
    pub fn iter(&self) -> impl Iterator<Item = Key> + '_ {
        (0..self.len() as u32).map(|id| self.key(id))
    }

    /// The id of the key with `label`, if present. A comma in the label is part of it: a key
    /// read from an access log may hold one.
    pub fn find(&self, label: &str) -> Option<u32> {
        let wanted = read_label(label, Commas::Kept).ok()?;
        let stored = match wanted.compact() {
            Some(n) => {
                if !self.has_generated(n) {
                    return None;
                }
                n
            }
            None => FULL + self.full.iter().position(|&k| self.resolve(k) == wanted)? as u32,
        };
        (0..self.len() as u32).find(|&id| self.key_at(id) == stored)
    }

    /// The keys as a link writes them, in id order: the labels before the generated run, the
    /// run `key-0 .. key-(n-1)` (the longest such run present as one block of ids in that
    /// order), and the labels after it. Read back in that order they give the same ids, which
    /// popularity by rank depends on.
    pub fn link_keys(&self) -> LinkKeys {
        let mut run = 0u32;
        for word in &self.generated {
            let ones = word.trailing_ones();
            run += ones;
            if ones < 64 {
                break;
            }
        }
        let len = self.len() as u32;
        // Generated keys are only ever listed in `refs`: a set without it has no run. The run
        // starts where `key-0` is and lasts while the references count up from 0 (a plain
        // comparison of two sequences, quick over a million keys).
        let start = match run {
            0 => len,
            _ => self
                .refs
                .iter()
                .position(|&r| r == 0)
                .map_or(len, |i| i as u32),
        };
        let block = self
            .refs
            .get(start as usize..)
            .unwrap_or_default()
            .iter()
            .zip(0..run)
            .take_while(|(r, n)| **r == *n)
            .count() as u32;
        LinkKeys {
            before: (0..start).map(|id| self.label(id)).collect(),
            run: block,
            after: (start + block..len).map(|id| self.label(id)).collect(),
        }
    }

    /// A key's 32-bit hash value.
    pub fn hash_of(&self, id: u32) -> u32 {
        self.hashes[id as usize]
    }

    /// Every key's hash value, by id.
    pub fn hashes(&self) -> &[u32] {
        &self.hashes
    }

    /// Key `id`'s label hashed with `scheme`, as a placement with a key hash of its own sees
    /// it: unlike [`KeySet::hash_of`], a key placed by hand is hashed by its label, `@52`.
    pub fn label_hash(&self, id: u32, scheme: HashScheme) -> u32 {
        match self.key_ref(id) {
            KeyRef::At(position) => scheme.hash32(&format!("@{position}")),
            _ if scheme == self.hash => self.hashes[id as usize],
            other => other.hash32(scheme),
        }
    }

    /// The hash scheme the keys were hashed with.
    pub fn scheme(&self) -> HashScheme {
        self.hash
    }

    /// A key's position on the ring.
    pub fn position_of(&self, id: u32) -> u32 {
        self.size.position_of(self.hashes[id as usize])
    }

    /// Key ids sorted by position.
    pub fn order(&self) -> &[u32] {
        &self.order
    }

    /// Key positions, sorted; `sorted_positions()[i]` belongs to `order()[i]`.
    pub fn sorted_positions(&self) -> &[u32] {
        &self.positions
    }

    /// Where key `id` stands in [`KeySet::order`]: the index `i` with `order()[i] == id`.
    /// O(log K). `id` must be a key of the set.
    pub fn rank_of(&self, id: u32) -> usize {
        let position = self.position_of(id);
        let first = self.positions.partition_point(|&p| p < position);
        // Keys at one position are in id order.
        let end = first + self.positions[first..].partition_point(|&p| p == position);
        first + self.order[first..end].partition_point(|&other| other < id)
    }

    /// The index range into [`KeySet::order`] of keys whose position lies in `lo..=hi`.
    pub fn range_between(&self, lo: u32, hi: u32) -> Range<usize> {
        let start = self.positions.partition_point(|&p| p < lo);
        let end = self.positions.partition_point(|&p| p <= hi);
        start..end.max(start)
    }

    /// The index ranges into [`KeySet::order`] of keys inside the arc `(start, end]` of
    /// `length` positions; an arc the size of the ring holds every key. O(log K).
    pub fn ranges_in_arc(&self, start: u32, end: u32, length: u64) -> [Range<usize>; 2] {
        let all = 0..self.positions.len();
        if length == 0 {
            return [0..0, 0..0];
        }
        if length >= self.size.get() {
            return [all, 0..0];
        }
        let from = self.positions.partition_point(|&p| p <= start);
        let to = self.positions.partition_point(|&p| p <= end);
        if start < end {
            [from..to, 0..0]
        } else {
            [from..self.positions.len(), 0..to]
        }
    }

    /// The ring size the positions are for.
    pub fn ring_size(&self) -> RingSize {
        self.size
    }
}

impl PartialEq for KeySet {
    /// Two sets are equal when they hold the same keys in the same order, hashed and placed
    /// alike; how their names are laid out in their texts does not count.
    fn eq(&self, other: &KeySet) -> bool {
        self.size == other.size
            && self.hash == other.hash
            && self.len() == other.len()
            && (0..self.len() as u32).all(|id| self.key_at(id) == other.key_at(id))
            && self.generated == other.generated
            && self.hashes == other.hashes
            && self.order == other.order
            && self.positions == other.positions
            && self.next_generated == other.next_generated
            && self.full.len() == other.full.len()
            && self
                .full
                .iter()
                .zip(&other.full)
                .all(|(&a, &b)| self.resolve(a) == other.resolve(b))
    }
}

impl Eq for KeySet {}
