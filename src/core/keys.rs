//! Keys: named keys (hashed), keys placed at a position, and generated keys `key-0`, `key-1`, ...
//!
//! A key's hash is its 32-bit hash value (for a key placed by hand, its position); its position
//! is that hash mod `M`. The set keeps its keys' positions sorted, so the keys inside any arc are
//! found by binary search.

use std::collections::HashSet;
use std::ops::Range;

use super::error::Error;
use super::hash::HashScheme;
use super::size::RingSize;

/// The most keys a set holds.
pub const MAX_KEYS: usize = 2_000_000;

/// One key.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Key {
    /// The generator's `n`-th key, named `key-n`.
    Generated(u32),
    /// A key with a name of its own, hashed.
    Named(Box<str>),
    /// A key placed by hand at a position (its hash is the position).
    At(u32),
}

impl Key {
    /// Its label: `key-7`, `user:42` or `@52`.
    pub fn label(&self) -> String {
        match self {
            Key::Generated(n) => generated_name(*n),
            Key::Named(name) => name.to_string(),
            Key::At(position) => format!("@{position}"),
        }
    }

    /// Its 32-bit hash value under `hash`.
    pub fn hash32(&self, hash: HashScheme) -> u32 {
        match self {
            Key::Generated(n) => hash.hash32(&generated_name(*n)),
            Key::Named(name) => hash.hash32(name),
            Key::At(position) => *position,
        }
    }

    /// Reads a label: `@52` is a key at position 52, anything else a named key.
    pub fn parse(text: &str) -> Result<Key, Error> {
        let text = text.trim();
        if text.is_empty() {
            return Err(Error::EmptyKey);
        }
        if let Some(position) = text.strip_prefix('@') {
            return super::size::parse_number(position).map(Key::At);
        }
        if let Some(n) = generated_index(text) {
            return Ok(Key::Generated(n));
        }
        if text.chars().count() > super::server::MAX_NAME_CHARS {
            return Err(Error::NameTooLong {
                max: super::server::MAX_NAME_CHARS,
            });
        }
        if let Some(c) = text.chars().find(|c| c.is_control() || *c == ',') {
            return Err(Error::NameHasReservedChar(c));
        }
        Ok(Key::Named(text.into()))
    }
}

/// The generator's name for its `n`-th key.
pub fn generated_name(n: u32) -> String {
    format!("key-{n}")
}

/// `Some(n)` when `name` is exactly the generator's `key-n`.
fn generated_index(name: &str) -> Option<u32> {
    let digits = name.strip_prefix("key-")?;
    let canonical = !digits.is_empty() && (digits == "0" || !digits.starts_with('0'));
    if canonical && digits.bytes().all(|b| b.is_ascii_digit()) {
        digits.parse().ok()
    } else {
        None
    }
}

/// A set of distinct keys, with their positions kept sorted.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KeySet {
    size: RingSize,
    hash: HashScheme,
    keys: Vec<Key>,
    hashes: Vec<u32>,
    /// Key ids sorted by (position, id).
    order: Vec<u32>,
    /// `positions[i]` is the position of key `order[i]`.
    positions: Vec<u32>,
    next_generated: u32,
}

impl KeySet {
    /// An empty set for a ring of `size` hashed with `hash`.
    pub fn new(size: RingSize, hash: HashScheme) -> KeySet {
        KeySet {
            size,
            hash,
            keys: Vec::new(),
            hashes: Vec::new(),
            order: Vec::new(),
            positions: Vec::new(),
            next_generated: 0,
        }
    }

    /// The same keys on another ring or under another hash.
    pub fn rehashed(&self, size: RingSize, hash: HashScheme) -> Result<KeySet, Error> {
        for key in &self.keys {
            if let Key::At(position) = key {
                size.check(u64::from(*position))?;
            }
        }
        let mut set = KeySet::new(size, hash);
        set.next_generated = self.next_generated;
        set.push_all(self.keys.clone());
        Ok(set)
    }

    /// Adds keys; refuses the whole batch if one is a duplicate, lies outside the ring, or the
    /// limit would be passed.
    pub fn insert(&mut self, new: Vec<Key>) -> Result<(), Error> {
        self.check_room(new.len())?;
        // Sized up front: growing a set of a million keys costs several times the hashing.
        let mut seen: HashSet<&Key> = HashSet::with_capacity(self.keys.len() + new.len());
        seen.extend(&self.keys);
        for key in &new {
            if let Key::At(position) = key {
                self.size.check(u64::from(*position))?;
            }
            if !seen.insert(key) {
                return Err(Error::DuplicateKey(key.label()));
            }
        }
        self.push_all(new);
        Ok(())
    }

    fn check_room(&self, extra: usize) -> Result<(), Error> {
        if self.keys.len() + extra > MAX_KEYS {
            Err(Error::TooManyKeys { max: MAX_KEYS })
        } else {
            Ok(())
        }
    }

    /// Appends keys already known to be new and on the ring.
    fn push_all(&mut self, new: Vec<Key>) {
        let first = self.keys.len();
        for key in &new {
            if let Key::Generated(n) = key {
                // `key-4294967295` is a valid label; after it the generator has nothing left.
                self.next_generated = self.next_generated.max(n.saturating_add(1));
            }
        }
        self.hashes.extend(new.iter().map(|k| k.hash32(self.hash)));
        self.keys.extend(new);
        let mut added: Vec<(u32, u32)> = (first..self.keys.len())
            .map(|id| (self.size.position_of(self.hashes[id]), id as u32))
            .collect();
        added.sort_unstable();
        self.merge_sorted(&added);
    }

    fn merge_sorted(&mut self, added: &[(u32, u32)]) {
        let old_order = std::mem::take(&mut self.order);
        let old_positions = std::mem::take(&mut self.positions);
        let total = old_order.len() + added.len();
        self.order.reserve(total);
        self.positions.reserve(total);
        let (mut i, mut j) = (0, 0);
        while i < old_order.len() || j < added.len() {
            let take_old = j == added.len()
                || (i < old_order.len() && (old_positions[i], old_order[i]) <= added[j]);
            let (position, id) = if take_old {
                i += 1;
                (old_positions[i - 1], old_order[i - 1])
            } else {
                j += 1;
                added[j - 1]
            };
            self.positions.push(position);
            self.order.push(id);
        }
    }

    /// Adds the next `count` generated keys, `key-n` onwards.
    pub fn generate(&mut self, count: usize) -> Result<Range<u32>, Error> {
        let start = self.next_generated;
        let end = u32::try_from(count)
            .ok()
            .and_then(|c| start.checked_add(c))
            .ok_or(Error::TooManyKeys { max: MAX_KEYS })?;
        self.check_room(count)?;
        self.push_all((start..end).map(Key::Generated).collect());
        Ok(start..end)
    }

    /// Removes the key with `label`.
    pub fn remove(&mut self, label: &str) -> Result<Key, Error> {
        let wanted = Key::parse(label)?;
        let id = self
            .keys
            .iter()
            .position(|k| *k == wanted)
            .ok_or_else(|| Error::NoSuchKey(label.trim().to_string()))?;
        let key = self.keys.remove(id);
        self.hashes.remove(id);
        let gone = id as u32;
        let mut kept = 0;
        for i in 0..self.order.len() {
            let other = self.order[i];
            if other != gone {
                self.order[kept] = if other > gone { other - 1 } else { other };
                self.positions[kept] = self.positions[i];
                kept += 1;
            }
        }
        self.order.truncate(kept);
        self.positions.truncate(kept);
        Ok(key)
    }

    /// Removes every key; the generator starts again at `key-0`.
    pub fn clear(&mut self) {
        *self = KeySet::new(self.size, self.hash);
    }

    /// How many keys there are.
    pub fn len(&self) -> usize {
        self.keys.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.keys.is_empty()
    }

    /// The keys, by id (insertion order).
    pub fn keys(&self) -> &[Key] {
        &self.keys
    }

    /// The key with id `id`.
    pub fn key(&self, id: u32) -> &Key {
        &self.keys[id as usize]
    }

    /// The id of the key with `label`, if present.
    pub fn find(&self, label: &str) -> Option<u32> {
        let wanted = Key::parse(label).ok()?;
        self.keys
            .iter()
            .position(|k| *k == wanted)
            .map(|i| i as u32)
    }

    /// A key's 32-bit hash value.
    pub fn hash_of(&self, id: u32) -> u32 {
        self.hashes[id as usize]
    }

    /// Every key's hash value, by id.
    pub fn hashes(&self) -> &[u32] {
        &self.hashes
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
        if start < end {
            let from = self.positions.partition_point(|&p| p <= start);
            let to = self.positions.partition_point(|&p| p <= end);
            [from..to, 0..0]
        } else {
            let from = self.positions.partition_point(|&p| p <= start);
            let to = self.positions.partition_point(|&p| p <= end);
            [from..self.positions.len(), 0..to]
        }
    }

    /// The ring size the positions are for.
    pub fn ring_size(&self) -> RingSize {
        self.size
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn teaching_keys() -> KeySet {
        let mut set = KeySet::new(RingSize::TEACHING, HashScheme::default());
        set.insert([90, 52, 68, 25, 5].map(Key::At).to_vec())
            .unwrap();
        set
    }

    #[test]
    fn positions_stay_sorted_as_keys_arrive() {
        let set = teaching_keys();
        assert_eq!(set.sorted_positions(), &[5, 25, 52, 68, 90]);
        assert_eq!(set.order(), &[4, 3, 1, 2, 0]);
    }

    #[test]
    fn a_wrapping_arc_holds_the_keys_on_both_sides_of_zero() {
        let set = teaching_keys();
        let [a, b] = set.ranges_in_arc(75, 10, 35);
        let inside: Vec<u32> = a.chain(b).map(|i| set.sorted_positions()[i]).collect();
        assert_eq!(inside, vec![90, 5]);
        let [a, _] = set.ranges_in_arc(40, 60, 20);
        assert_eq!(
            a.map(|i| set.sorted_positions()[i]).collect::<Vec<_>>(),
            vec![52]
        );
    }

    #[test]
    fn duplicates_and_positions_off_the_ring_are_refused_whole() {
        let mut set = teaching_keys();
        let before = set.clone();
        assert_eq!(
            set.insert(vec![Key::At(1), Key::At(52)]),
            Err(Error::DuplicateKey("@52".into()))
        );
        assert!(set.insert(vec![Key::At(100)]).is_err());
        assert_eq!(set, before);
    }

    #[test]
    fn generated_keys_continue_where_the_last_batch_stopped() {
        let mut set = KeySet::new(RingSize::FULL, HashScheme::default());
        assert_eq!(set.generate(3).unwrap(), 0..3);
        assert_eq!(set.generate(2).unwrap(), 3..5);
        assert_eq!(set.key(4).label(), "key-4");
        assert!(set.insert(vec![Key::parse("key-2").unwrap()]).is_err());
    }

    #[test]
    fn the_highest_generated_label_leaves_the_generator_exhausted_without_overflow() {
        let mut set = KeySet::new(RingSize::FULL, HashScheme::default());
        set.insert(vec![Key::parse("key-4294967295").unwrap()])
            .unwrap();
        assert_eq!(set.generate(0).unwrap(), u32::MAX..u32::MAX);
        assert_eq!(set.generate(1), Err(Error::TooManyKeys { max: MAX_KEYS }));
        assert_eq!(set.len(), 1);
    }

    #[test]
    fn removing_a_key_keeps_the_rest_sorted() {
        let mut set = teaching_keys();
        set.remove("@52").unwrap();
        assert_eq!(set.sorted_positions(), &[5, 25, 68, 90]);
        assert_eq!(set.find("@68"), Some(1));
        assert_eq!(set.remove("@52"), Err(Error::NoSuchKey("@52".into())));
    }

    #[test]
    fn labels_read_back_as_the_same_key() {
        for key in [Key::At(7), Key::Generated(12), Key::Named("user:7".into())] {
            assert_eq!(Key::parse(&key.label()).unwrap(), key);
        }
        assert_eq!(Key::parse("key-007").unwrap(), Key::Named("key-007".into()));
        assert!(Key::parse("@x").is_err());
    }
}
