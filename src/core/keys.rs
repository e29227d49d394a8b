//! Keys: named keys (hashed), keys placed at a position, and generated keys `key-0`, `key-1`, ...
//!
//! A key's hash is its 32-bit hash value (for a key placed by hand, its position); its position
//! is that hash mod `M`. The set keeps its keys' positions sorted, so the keys inside any arc are
//! found by binary search.
//!
//! A set can hold a million keys, so it stores them compactly: a generated key is just its
//! number, four bytes, and only named keys and keys placed by hand are kept in full. A named
//! key is a span of one text the set keeps for all of them, so a million names are one
//! allocation, and a keys file read whole becomes that text without a copy. Which generated
//! numbers are present is a bit set, so checking a new key for a duplicate never scans the set.

use std::ops::Range;

use super::error::Error;
use super::hash::{generated_label, HashScheme, Md5Lanes};
use super::par;
use super::size::RingSize;

mod lines;
mod sort;

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
        self.borrowed().label()
    }

    /// Its 32-bit hash value under `hash`.
    pub fn hash32(&self, hash: HashScheme) -> u32 {
        self.borrowed().hash32(hash)
    }

    /// Reads a label: `@52` is a key at position 52, anything else a named key.
    pub fn parse(text: &str) -> Result<Key, Error> {
        parse_label(text).map(KeyRef::to_key)
    }

    /// The same key, its name borrowed.
    fn borrowed(&self) -> KeyRef<'_> {
        match self {
            Key::Generated(n) => KeyRef::Generated(*n),
            Key::Named(name) => KeyRef::Named(name),
            Key::At(position) => KeyRef::At(*position),
        }
    }
}

/// Reads a label as [`Key::parse`] does, without copying the name: a named key borrows it from
/// `text` (trimmed).
fn parse_label(text: &str) -> Result<KeyRef<'_>, Error> {
    let text = text.trim();
    if text.is_empty() {
        return Err(Error::EmptyKey);
    }
    if let Some(position) = text.strip_prefix('@') {
        return super::size::parse_number(position).map(KeyRef::At);
    }
    if let Some(n) = generated_index(text) {
        return Ok(KeyRef::Generated(n));
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
    Ok(KeyRef::Named(text))
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

/// The most bytes in one key's name (a name read by [`Key::parse`] has at most 160).
const MAX_NAME_BYTES: usize = (1 << 30) - 1;

/// A key kept in full: a named key is a span of the set's text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Stored {
    /// A named key, `len` bytes of the text from byte `start`.
    Named { start: u32, len: u32 },
    /// A key placed by hand.
    At(u32),
    /// A generated key kept in full (numbered 2^31 or more, or not yet sorted out).
    Generated(u32),
}

impl Stored {
    /// The key in 64 bits, as a set keeps it: the top two bits tell the kind (0 for a name,
    /// whose length takes the 30 bits below), the low 32 bits the name's start, the position or
    /// the number. A zeroed array is an array of empty names, ready to be written over.
    fn pack(self) -> u64 {
        match self {
            Stored::Named { start, len } => {
                debug_assert!(len as usize <= MAX_NAME_BYTES);
                u64::from(len) << 32 | u64::from(start)
            }
            Stored::At(position) => 1 << 62 | u64::from(position),
            Stored::Generated(n) => 2 << 62 | u64::from(n),
        }
    }

    /// The key that [`Stored::pack`] gave `packed` for.
    fn unpack(packed: u64) -> Stored {
        match packed >> 62 {
            0 => Stored::Named {
                start: packed as u32,
                len: (packed >> 32) as u32,
            },
            1 => Stored::At(packed as u32),
            _ => Stored::Generated(packed as u32),
        }
    }
}

/// The key `stored` stands for, its name read from `text`, which begins at byte `base` of the
/// set's text.
fn resolve(text: &str, base: usize, stored: Stored) -> KeyRef<'_> {
    match stored {
        Stored::Named { start, len } => {
            let start = start as usize - base;
            KeyRef::Named(&text[start..start + len as usize])
        }
        Stored::At(position) => KeyRef::At(position),
        Stored::Generated(n) => KeyRef::Generated(n),
    }
}

/// A set of distinct keys, with their positions kept sorted.
#[derive(Debug, Clone)]
pub struct KeySet {
    size: RingSize,
    hash: HashScheme,
    /// Per key id (insertion order): a generated key's number, or `FULL + i` for `full[i]`.
    /// Left empty while every key is kept in full in id order (key `id` is `full[id]`), as
    /// after a keys file is read into an empty set (see `key_at`).
    refs: Vec<u32>,
    /// Keys kept in full, in id order, packed ([`Stored::pack`]): named keys, keys placed by
    /// hand, and generated keys numbered 2^31 or more.
    full: Vec<u64>,
    /// The text the named keys are spans of. It may hold more than the names (the rest of a
    /// keys file, names of keys since removed): only the spans count.
    text: String,
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
            text: String::new(),
            generated: Vec::new(),
            hashes: Vec::new(),
            order: Vec::new(),
            positions: Vec::new(),
            next_generated: 0,
        }
    }

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
                if name.len() > MAX_NAME_BYTES {
                    return Err(Error::OutOfRange("A key's name holds at most 1 GiB."));
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
        if !self.text_fits(text.len()) {
            return self.insert_lines_copied(&text);
        }
        let base = self.text.len();
        let body = if text.starts_with('\u{feff}') { 3 } else { 0 };
        let read = lines::read(&text, body, base, self.hash, self.size)
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
    fn insert_lines_copied(&mut self, text: &str) -> Result<(), LinesRefused> {
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        let mut keys = Vec::new();
        for (index, line) in text.lines().enumerate() {
            if line.trim().is_empty() {
                continue;
            }
            let key = Key::parse(line).map_err(|error| LinesRefused::Line {
                line: index + 1,
                error,
            })?;
            keys.push(key);
        }
        self.insert(keys).map_err(LinesRefused::Keys)
    }

    /// The key that `packed` ([`Stored::pack`]) stands for.
    fn resolve(&self, packed: u64) -> KeyRef<'_> {
        resolve(&self.text, 0, Stored::unpack(packed))
    }

    /// `key` as stored, its name (if it has one) copied to the end of the set's text.
    fn store(&mut self, key: &Key) -> Stored {
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
    fn make_room_for_text(&mut self, extra: usize) -> Result<(), Error> {
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
    fn text_fits(&self, extra: usize) -> bool {
        self.text
            .len()
            .checked_add(extra)
            .is_some_and(|len| u32::try_from(len).is_ok())
    }

    /// Keeps only the names of the keys present in the set's text.
    fn compact_text(&mut self) {
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
    fn add_checked(
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
    fn check_duplicates<'k>(
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
                if j - i > 1 || !here.is_empty() || any_generated {
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

    fn check_room(&self, extra: usize) -> Result<(), Error> {
        if self.len() + extra > MAX_KEYS {
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
        let mut added: Vec<(u32, u32)> = (first..self.len())
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
    fn key_at(&self, id: u32) -> u32 {
        if self.refs.is_empty() {
            FULL + id
        } else {
            self.refs[id as usize]
        }
    }

    /// Writes out the references of a set whose keys are all kept in full in id order, before
    /// a change that breaks that order.
    fn write_refs(&mut self) {
        if self.refs.is_empty() {
            self.refs = (FULL..FULL + self.full.len() as u32).collect();
        }
    }

    fn key_ref(&self, id: u32) -> KeyRef<'_> {
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

    /// The id of the key with `label`, if present.
    pub fn find(&self, label: &str) -> Option<u32> {
        let wanted = parse_label(label).ok()?;
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
            self.full.iter().map(|&k| self.resolve(k).label()).collect()
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
        !self.is_empty() && self.key_at(0) < FULL
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

/// A key with its name (if any) borrowed: from a [`Key`], from a set's text, or from a line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum KeyRef<'a> {
    Generated(u32),
    Named(&'a str),
    At(u32),
}

impl KeyRef<'_> {
    fn label(self) -> String {
        match self {
            KeyRef::Generated(n) => generated_name(n),
            KeyRef::Named(name) => name.to_string(),
            KeyRef::At(position) => format!("@{position}"),
        }
    }

    fn to_key(self) -> Key {
        match self {
            KeyRef::Generated(n) => Key::Generated(n),
            KeyRef::Named(name) => Key::Named(name.into()),
            KeyRef::At(position) => Key::At(position),
        }
    }

    fn hash32(self, hash: HashScheme) -> u32 {
        match self {
            KeyRef::Generated(n) => hash.generated_hash(n),
            KeyRef::Named(name) => hash.hash32(name),
            KeyRef::At(position) => position,
        }
    }

    /// The generated number this key is stored as, when it is stored compactly.
    fn compact(self) -> Option<u32> {
        match self {
            KeyRef::Generated(n) if n < FULL => Some(n),
            _ => None,
        }
    }
}

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

/// The hashes of `keys`, in order. Natively, large batches are shared among the machine's
/// cores, each hashing its own piece.
fn hash_all(keys: &[Key], hash: HashScheme) -> Vec<u32> {
    let mut hashes = vec![0u32; keys.len()];
    let pieces = if keys.len() >= 50_000 {
        par::threads()
    } else {
        1
    };
    par::fill_chunks(&mut hashes, pieces, |offset, out| {
        hash_keys(&keys[offset..offset + out.len()], hash, out);
    });
    hashes
}

/// Each key's hash into `out`: [`Key::hash32`], with MD5 names hashed side by side.
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
        let threads = super::par::threads();
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
    fn a_large_keys_text_read_on_every_core_gives_the_keys_read_one_line_at_a_time() {
        // Large enough to be read in pieces: blank lines, padded and placed keys among the
        // names, and a text without a last line end.
        let mut text = String::from("\u{feff}");
        for n in 0..40_000 {
            match n % 9 {
                0 => text.push_str(&format!("  user:{n}\r\n")),
                4 => text.push_str(&format!("@{n}\n\n")),
                7 => text.push_str(&format!("ключ-{n}\n")),
                _ => text.push_str(&format!("user:{n}\n")),
            }
        }
        text.push_str("last");
        assert!(text.len() > lines::PARALLEL);
        let plain = || -> Vec<Key> {
            text.lines()
                .map(|line| line.trim_start_matches('\u{feff}'))
                .filter(|line| !line.trim().is_empty())
                .map(|line| Key::parse(line).unwrap())
                .collect()
        };
        for hash in HashScheme::ALL {
            let mut read = KeySet::new(RingSize::FULL, hash);
            read.insert_lines(text.clone()).unwrap();
            let mut inserted = KeySet::new(RingSize::FULL, hash);
            inserted.insert(plain()).unwrap();
            assert_eq!(read, inserted, "{hash}");
        }
        // A refused line is reported by its number in the whole text; a duplicate anywhere
        // refuses the text.
        let mut set = KeySet::new(RingSize::FULL, HashScheme::Md5Low32);
        let bad = format!("{text}\nx,y\n");
        assert_eq!(
            set.insert_lines(bad),
            Err(LinesRefused::Line {
                line: text.lines().count() + 1,
                error: Error::NameHasReservedChar(','),
            })
        );
        let twice = format!("{text}\nuser:5\n");
        assert_eq!(
            set.insert_lines(twice),
            Err(LinesRefused::Keys(Error::DuplicateKey("user:5".into())))
        );
        assert!(set.is_empty());
    }

    #[test]
    fn a_set_whose_references_are_not_written_behaves_as_one_whose_are() {
        type Step = fn(&mut KeySet);
        // Changes that keep every key in full in id order, then ones that do not; and a
        // generation straight away.
        let keep_then_break: Vec<Step> = vec![
            |set| set.insert(vec![Key::parse("d").unwrap()]).unwrap(),
            |set| {
                set.insert_lines("e\n\nkey-3000000000\n".to_string())
                    .unwrap()
            },
            |set| {
                set.remove("b").unwrap();
            },
            |set| set.insert(vec![Key::parse("key-9").unwrap()]).unwrap(),
        ];
        let generate: Vec<Step> = vec![|set| {
            set.generate(2).unwrap();
        }];
        for (steps, expected) in [
            (
                keep_then_break,
                vec!["a", "@7", "c", "d", "e", "key-3000000000", "key-9"],
            ),
            (generate, vec!["a", "b", "@7", "c", "key-0", "key-1"]),
        ] {
            let mut lazy = KeySet::new(RingSize::FULL, HashScheme::default());
            lazy.insert_lines("a\nb\n@7\nc\n".to_string()).unwrap();
            assert!(lazy.refs.is_empty());
            let mut written = lazy.clone();
            written.write_refs();
            assert!(!written.refs.is_empty());
            for step in steps {
                step(&mut lazy);
                step(&mut written);
                assert_eq!(lazy, written);
                assert_eq!(lazy.len(), written.len());
                for id in 0..lazy.len() as u32 {
                    assert_eq!(lazy.label(id), written.label(id));
                    assert_eq!(lazy.find(&lazy.label(id)), Some(id));
                }
                assert_eq!(lazy.run_comes_first(), written.run_comes_first());
                assert_eq!(lazy.generated_run(), written.generated_run());
            }
            let labels: Vec<String> = (0..lazy.len() as u32).map(|id| lazy.label(id)).collect();
            assert_eq!(labels, expected);
        }
    }

    #[test]
    fn names_survive_the_set_text_being_rid_of_removed_keys() {
        let mut set = KeySet::new(RingSize::FULL, HashScheme::default());
        set.insert_lines("a\n\nbb\n@5\nccc\n".to_string()).unwrap();
        set.insert(vec![Key::parse("dddd").unwrap()]).unwrap();
        set.remove("bb").unwrap();
        let before = set.clone();
        set.compact_text();
        assert_eq!(set.text, "acccdddd");
        assert_eq!(set, before);
        let labels: Vec<String> = (0..set.len() as u32).map(|id| set.label(id)).collect();
        assert_eq!(labels, ["a", "@5", "ccc", "dddd"]);
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
