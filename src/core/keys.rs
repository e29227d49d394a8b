//! Keys: named keys (hashed), keys placed at a position, and generated keys `key-0`, `key-1`, ...
//!
//! A key's hash is its 32-bit hash value (for a key placed by hand, its position); its position
//! is that hash mod `M`. The set keeps its keys' positions sorted, so the keys inside any arc are
//! found by binary search.
//!
//! A set can hold a million keys, so it stores them compactly: a generated key is just its
//! number, four bytes, and only named keys and keys placed by hand are kept in full. Which
//! generated numbers are present is a bit set, so checking a new key for a duplicate never
//! scans the set.

use std::ops::Range;

use super::error::Error;
use super::hash::{generated_label, HashScheme, Md5Lanes};
use super::size::RingSize;

/// The most keys a set holds.
pub const MAX_KEYS: usize = 2_000_000;

/// Generated numbers below this are stored as themselves; a reference at or above it points
/// into the list of keys kept in full.
const FULL: u32 = 1 << 31;

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
            Key::Generated(n) => hash.generated_hash(*n),
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
        // A name has at least as many bytes as characters, so most need no count.
        if text.len() > super::server::MAX_NAME_CHARS
            && text.chars().count() > super::server::MAX_NAME_CHARS
        {
            return Err(Error::NameTooLong {
                max: super::server::MAX_NAME_CHARS,
            });
        }
        // ASCII text is checked byte by byte; its control characters are below 0x20 and 0x7f.
        let reserved = if text.is_ascii() {
            text.bytes()
                .find(|&b| b < 0x20 || b == 0x7f || b == b',')
                .map(char::from)
        } else {
            text.chars().find(|c| c.is_control() || *c == ',')
        };
        if let Some(c) = reserved {
            return Err(Error::NameHasReservedChar(c));
        }
        Ok(Key::Named(text.into()))
    }

    /// The generated number this key is stored as, when it is stored compactly.
    fn compact(&self) -> Option<u32> {
        match self {
            Key::Generated(n) if *n < FULL => Some(*n),
            _ => None,
        }
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
    /// Per key id (insertion order): a generated key's number, or `FULL + i` for `full[i]`.
    refs: Vec<u32>,
    /// Keys kept in full, in id order: named keys, keys placed by hand, and generated keys
    /// numbered 2^31 or more.
    full: Vec<Key>,
    /// Which generated numbers below 2^31 are present, one bit each.
    generated: Vec<u64>,
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
            refs: Vec::new(),
            full: Vec::new(),
            generated: Vec::new(),
            hashes: Vec::new(),
            order: Vec::new(),
            positions: Vec::new(),
            next_generated: 0,
        }
    }

    /// The same keys, in the same order, on another ring or under another hash.
    pub fn rehashed(&self, size: RingSize, hash: HashScheme) -> Result<KeySet, Error> {
        for key in &self.full {
            if let Key::At(position) = key {
                size.check(u64::from(*position))?;
            }
        }
        let mut set = KeySet {
            size,
            hash,
            refs: self.refs.clone(),
            full: self.full.clone(),
            generated: self.generated.clone(),
            hashes: (0..self.refs.len() as u32)
                .map(|id| self.key_ref(id).hash32(hash))
                .collect(),
            order: Vec::new(),
            positions: Vec::new(),
            next_generated: self.next_generated,
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
        let (hashes, sorted) = hash_and_sort(&new, self.hash, self.size);
        self.check_duplicates(&new, &sorted)?;
        let first = self.refs.len() as u32;
        let compact = new.iter().filter(|k| k.compact().is_some()).count();
        if compact == 0 {
            // Only keys kept in full: their references follow on, and the keys are moved over
            // in one piece.
            let start = FULL + self.full.len() as u32;
            self.refs.extend(start..start + new.len() as u32);
            if self.full.is_empty() {
                self.full = new;
            } else {
                self.full.extend(new);
            }
        } else {
            self.refs.reserve(new.len());
            self.full.reserve(new.len() - compact);
            for key in new {
                match key.compact() {
                    Some(n) => self.refs.push(n),
                    None => {
                        self.refs.push(FULL + self.full.len() as u32);
                        self.full.push(key);
                    }
                }
            }
        }
        self.record(&hashes);
        let unpack = |&packed: &u64| ((packed >> 32) as u32, first + packed as u32);
        if self.order.is_empty() {
            // Nothing to merge with: the sorted keys are the set's order.
            self.positions = sorted.iter().map(|p| unpack(p).0).collect();
            self.order = sorted.iter().map(|p| unpack(p).1).collect();
        } else {
            let added: Vec<(u32, u32)> = sorted.iter().map(unpack).collect();
            self.merge_sorted(&added);
        }
        Ok(())
    }

    /// Refuses `new` if one of its keys is already present or appears twice in it. `sorted`
    /// holds `(position << 32) | index` for every new key, in order, so the keys sharing a
    /// position are side by side.
    fn check_duplicates(&self, new: &[Key], sorted: &[u64]) -> Result<(), Error> {
        // Without generated keys in the set, a new key alone at its position, where the set
        // has none, cannot be a duplicate: such keys are not even read.
        let any_generated = self.generated.iter().any(|&word| word != 0);
        let position_of = |packed: u64| (packed >> 32) as u32;
        let mut i = 0;
        while i < sorted.len() {
            let position = position_of(sorted[i]);
            let mut j = i + 1;
            while j < sorted.len() && position_of(sorted[j]) == position {
                j += 1;
            }
            let here = self.range_between(position, position);
            if j - i > 1 || !here.is_empty() || any_generated {
                for a in i..j {
                    let key = &new[sorted[a] as u32 as usize];
                    let twin = sorted[a + 1..j]
                        .iter()
                        .any(|&b| new[b as u32 as usize] == *key);
                    let present = match key.compact() {
                        Some(n) => self.has_generated(n),
                        None => self.order[here.clone()]
                            .iter()
                            .any(|&id| self.key_ref(id).is(key)),
                    };
                    if twin || present {
                        return Err(Error::DuplicateKey(key.label()));
                    }
                }
            }
            i = j;
        }
        Ok(())
    }

    fn check_room(&self, extra: usize) -> Result<(), Error> {
        if self.refs.len() + extra > MAX_KEYS {
            Err(Error::TooManyKeys { max: MAX_KEYS })
        } else {
            Ok(())
        }
    }

    fn has_generated(&self, n: u32) -> bool {
        self.generated
            .get((n / 64) as usize)
            .is_some_and(|word| word & (1 << (n % 64)) != 0)
    }

    fn set_generated(&mut self, n: u32, present: bool) {
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
    fn append(&mut self, hashes: &[u32]) {
        let first = self.hashes.len();
        self.record(hashes);
        let mut added: Vec<(u32, u32)> = (first..self.refs.len())
            .map(|id| (self.size.position_of(self.hashes[id]), id as u32))
            .collect();
        added.sort_unstable();
        self.merge_sorted(&added);
    }

    /// Records the hashes of the keys just pushed onto `refs`, and which generated numbers they
    /// take.
    fn record(&mut self, hashes: &[u32]) {
        let first = self.hashes.len();
        self.hashes.extend_from_slice(hashes);
        for id in first..self.refs.len() {
            let r = self.refs[id];
            let number = if r < FULL {
                self.set_generated(r, true);
                Some(r)
            } else if let Key::Generated(n) = self.full[(r - FULL) as usize] {
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

    fn merge_sorted(&mut self, added: &[(u32, u32)]) {
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
        self.refs.extend(range);
        self.append(hashes);
    }

    /// Adds the generated keys `range` whose hashes and sorted `(position, offset)` pairs were
    /// worked out beforehand (see [`Generation`](crate::core::Generation)). A million keys go in
    /// with one pass over each array: no per-key bookkeeping, no second sort.
    pub fn add_presorted(&mut self, range: Range<u32>, hashes: &[u32], sorted: &[(u32, u32)]) {
        debug_assert_eq!(range.len(), hashes.len());
        let first = self.refs.len() as u32;
        self.refs.extend(range.clone());
        self.hashes.extend_from_slice(hashes);
        if !range.is_empty() {
            // Generated numbers below 2^31 are all that a generation hands out.
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
        Ok(key)
    }

    /// Removes every key; the generator starts again at `key-0`.
    pub fn clear(&mut self) {
        *self = KeySet::new(self.size, self.hash);
    }

    /// How many keys there are.
    pub fn len(&self) -> usize {
        self.refs.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.refs.is_empty()
    }

    fn key_ref(&self, id: u32) -> KeyRef<'_> {
        match self.refs[id as usize] {
            r if r < FULL => KeyRef::Generated(r),
            r => KeyRef::Full(&self.full[(r - FULL) as usize]),
        }
    }

    /// The key with id `id`.
    pub fn key(&self, id: u32) -> Key {
        match self.key_ref(id) {
            KeyRef::Generated(n) => Key::Generated(n),
            KeyRef::Full(key) => key.clone(),
        }
    }

    /// The label of the key with id `id`.
    pub fn label(&self, id: u32) -> String {
        match self.key_ref(id) {
            KeyRef::Generated(n) => generated_name(n),
            KeyRef::Full(key) => key.label(),
        }
    }

    /// The key placed by hand, when key `id` is one.
    pub fn placed_at(&self, id: u32) -> Option<u32> {
        match self.key_ref(id) {
            KeyRef::Full(Key::At(position)) => Some(*position),
            _ => None,
        }
    }

    /// Every key, by id.
    pub fn iter(&self) -> impl Iterator<Item = Key> + '_ {
        (0..self.len() as u32).map(|id| self.key(id))
    }

    /// The id of the key with `label`, if present.
    pub fn find(&self, label: &str) -> Option<u32> {
        let wanted = Key::parse(label).ok()?;
        let stored = match wanted.compact() {
            Some(n) => {
                if !self.has_generated(n) {
                    return None;
                }
                n
            }
            None => FULL + self.full.iter().position(|k| *k == wanted)? as u32,
        };
        self.refs
            .iter()
            .position(|&r| r == stored)
            .map(|i| i as u32)
    }

    /// The longest run `key-0 .. key-(n-1)` of generated keys that are all present, and the
    /// labels of every other key, in id order: what a link writes.
    pub fn generated_run(&self) -> (u32, Vec<String>) {
        let mut run = 0u32;
        for word in &self.generated {
            let ones = word.trailing_ones();
            run += ones;
            if ones < 64 {
                break;
            }
        }
        let compact: u64 = self
            .generated
            .iter()
            .map(|w| u64::from(w.count_ones()))
            .sum();
        let listed = if compact == u64::from(run) {
            // Every compact key is in the run: the others are exactly the full ones.
            self.full.iter().map(Key::label).collect()
        } else {
            (0..self.len() as u32)
                .filter(|&id| !matches!(self.key_ref(id), KeyRef::Generated(n) if n < run))
                .map(|id| self.label(id))
                .collect()
        };
        (run, listed)
    }

    /// Whether the generated run comes before every other key (by id).
    pub fn run_comes_first(&self) -> bool {
        self.refs.first().is_some_and(|&r| r < FULL)
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
            KeyRef::Full(Key::At(position)) => scheme.hash32(&format!("@{position}")),
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

/// A key as stored: a bare generated number, or a key kept in full.
#[derive(Debug, Clone, Copy)]
enum KeyRef<'a> {
    Generated(u32),
    Full(&'a Key),
}

impl KeyRef<'_> {
    /// Whether this is the key `key`.
    fn is(self, key: &Key) -> bool {
        match (self, key) {
            (KeyRef::Generated(n), Key::Generated(m)) => n == *m,
            (KeyRef::Full(stored), key) => stored == key,
            _ => false,
        }
    }

    fn hash32(self, hash: HashScheme) -> u32 {
        match self {
            KeyRef::Generated(n) => hash.generated_hash(n),
            KeyRef::Full(key) => key.hash32(hash),
        }
    }
}

/// The hashes of `keys`, in order, and `(position << 32) | index` for every key, sorted: the
/// order in which the keys join the set's sorted positions. Natively, large batches are shared
/// among the machine's cores, each hashing and sorting its own piece; the sorted pieces are
/// then merged (the standard stable sort finds them as runs and merges them in one pass).
fn hash_and_sort(keys: &[Key], hash: HashScheme, size: RingSize) -> (Vec<u32>, Vec<u64>) {
    let mut hashes = vec![0u32; keys.len()];
    let mut sorted = vec![0u64; keys.len()];
    let piece = |first: usize, keys: &[Key], hashes: &mut [u32], sorted: &mut [u64]| {
        hash_keys(keys, hash, hashes);
        for (i, &h) in hashes.iter().enumerate() {
            sorted[i] = u64::from(size.position_of(h)) << 32 | (first + i) as u64;
        }
        sorted.sort_unstable();
    };
    #[cfg(not(target_arch = "wasm32"))]
    {
        let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
        if threads > 1 && keys.len() >= 50_000 {
            let per = keys.len().div_ceil(threads);
            std::thread::scope(|scope| {
                let pieces = keys
                    .chunks(per)
                    .zip(hashes.chunks_mut(per))
                    .zip(sorted.chunks_mut(per));
                for (i, ((keys, hashes), sorted)) in pieces.enumerate() {
                    let piece = &piece;
                    scope.spawn(move || piece(i * per, keys, hashes, sorted));
                }
            });
            sorted.sort();
            return (hashes, sorted);
        }
    }
    piece(0, keys, &mut hashes, &mut sorted);
    (hashes, sorted)
}

/// Each key's hash into `out`: [`Key::hash32`], with MD5 names hashed eight at a time.
fn hash_keys(keys: &[Key], hash: HashScheme, out: &mut [u32]) {
    if hash == HashScheme::JavaHashCode {
        for (slot, key) in out.iter_mut().zip(keys) {
            *slot = key.hash32(hash);
        }
        return;
    }
    let mut lanes = Md5Lanes::new(hash, out);
    for (slot, key) in keys.iter().enumerate() {
        match key {
            Key::Named(name) => lanes.push(slot, name.as_bytes()),
            Key::Generated(n) => {
                let (label, len) = generated_label(*n);
                lanes.push(slot, &label[..len]);
            }
            Key::At(position) => lanes.set(slot, *position),
        }
    }
    lanes.finish();
}

/// The hashes of the generated keys `range`, in order. Natively the work is shared among the
/// machine's cores; in the browser the page calls this a slice at a time.
pub fn generated_hashes(hash: HashScheme, range: Range<u32>) -> Vec<u32> {
    #[cfg(not(target_arch = "wasm32"))]
    {
        let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
        if threads > 1 && range.len() >= 50_000 {
            let (start, len) = (range.start, range.len() as u32);
            let per = len.div_ceil(threads as u32);
            let mut out = vec![0u32; range.len()];
            std::thread::scope(|scope| {
                for (i, chunk) in out.chunks_mut(per as usize).enumerate() {
                    let from = start + i as u32 * per;
                    scope.spawn(move || {
                        for (slot, n) in chunk.iter_mut().zip(from..) {
                            *slot = hash.generated_hash(n);
                        }
                    });
                }
            });
            return out;
        }
    }
    range.map(|n| hash.generated_hash(n)).collect()
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
        assert_eq!(
            set.insert(vec![Key::At(3), Key::At(3)]),
            Err(Error::DuplicateKey("@3".into()))
        );
        assert_eq!(set, before);
    }

    #[test]
    fn generated_keys_continue_where_the_last_batch_stopped() {
        let mut set = KeySet::new(RingSize::FULL, HashScheme::default());
        assert_eq!(set.generate(3).unwrap(), 0..3);
        assert_eq!(set.generate(2).unwrap(), 3..5);
        assert_eq!(set.label(4), "key-4");
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
        assert_eq!(set.find("key-4294967295"), Some(0));
        assert!(set.insert(vec![Key::Generated(u32::MAX)]).is_err());
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
    fn removing_keys_of_both_kinds_keeps_every_label_in_place() {
        let mut set = teaching_keys();
        set.generate(4).unwrap();
        set.insert(vec![Key::parse("user:7").unwrap()]).unwrap();
        set.remove("@68").unwrap();
        set.remove("key-1").unwrap();
        let labels: Vec<String> = (0..set.len() as u32).map(|id| set.label(id)).collect();
        assert_eq!(
            labels,
            ["@90", "@52", "@25", "@5", "key-0", "key-2", "key-3", "user:7"]
        );
        assert_eq!(set.find("user:7"), Some(7));
        assert_eq!(set.find("key-1"), None);
        // The generator does not reuse a number it has handed out.
        assert_eq!(set.generate(1).unwrap(), 4..5);
    }

    #[test]
    fn labels_read_back_as_the_same_key() {
        for key in [Key::At(7), Key::Generated(12), Key::Named("user:7".into())] {
            assert_eq!(Key::parse(&key.label()).unwrap(), key);
        }
        assert_eq!(Key::parse("key-007").unwrap(), Key::Named("key-007".into()));
        assert!(Key::parse("@x").is_err());
    }

    #[test]
    fn the_generated_run_and_the_other_labels_are_what_a_link_needs() {
        let mut set = teaching_keys();
        set.generate(5).unwrap();
        assert_eq!(set.generated_run().0, 5);
        assert_eq!(set.generated_run().1.len(), 5);
        set.remove("key-3").unwrap();
        let (run, listed) = set.generated_run();
        assert_eq!(run, 3);
        assert_eq!(listed, ["@90", "@52", "@68", "@25", "@5", "key-4"]);
        assert!(!set.run_comes_first());
    }

    #[test]
    fn hashing_in_pieces_gives_the_same_set_as_hashing_at_once() {
        let mut whole = KeySet::new(RingSize::FULL, HashScheme::default());
        whole.generate(60_000).unwrap();
        let mut pieces = KeySet::new(RingSize::FULL, HashScheme::default());
        for _ in 0..3 {
            let range = pieces.next_generated_range(20_000).unwrap();
            let hashes = generated_hashes(HashScheme::default(), range.clone());
            pieces.add_generated(range, &hashes);
        }
        assert_eq!(whole, pieces);
    }
}
