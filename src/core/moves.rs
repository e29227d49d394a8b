//! Which keys changed owner, kept small enough for a million keys and a long undo history.
//!
//! A change can move almost every key (hash mod N does), so moved keys are never kept one by
//! one when something smaller says which they are: on the ring, the runs of the keys' order by
//! position that lie in the arcs which changed owner ([`KeySpans`]); under mod N, the
//! remainders of the hash whose server changed ([`KeyRemainders`]). Either costs as much as the
//! arcs or the remainders, not the keys. Otherwise moved keys are a sorted list of ids or a bit
//! set (one bit per key, 125 KB for a million keys), whichever is smaller. The old and new
//! owner of each moved key are not stored: they are the owners before and after the change.
//! What people read is stored apart: the servers that lost and gained keys, and each move by
//! name when only a few keys moved.

mod sets;

use std::sync::Arc;

use super::keys::KeySet;

pub use sets::{KeyRemainders, KeySpans};

/// Every move is named when at most this many keys moved.
pub const LISTED: usize = 100;

/// A set of key ids. Two sets are equal when they hold the same ids, however each is kept.
#[derive(Debug, Clone)]
pub enum KeyIds {
    /// Ids in ascending order.
    List(Vec<u32>),
    /// One bit per key id.
    Bits {
        /// The bits, 64 ids a word.
        words: Vec<u64>,
        /// How many are set.
        count: usize,
    },
    /// Runs of a key set's order by position.
    Spans(KeySpans),
    /// The keys whose hash leaves some remainders.
    Remainders(KeyRemainders),
}

impl Default for KeyIds {
    fn default() -> Self {
        KeyIds::List(Vec::new())
    }
}

impl PartialEq for KeyIds {
    fn eq(&self, other: &KeyIds) -> bool {
        match (self, other) {
            (KeyIds::List(a), KeyIds::List(b)) => a == b,
            (KeyIds::Spans(a), KeyIds::Spans(b)) if a.same_as(b) => true,
            (KeyIds::Remainders(a), KeyIds::Remainders(b)) if a.same_as(b) => true,
            _ => self.len() == other.len() && self.iter().eq(other.iter()),
        }
    }
}

impl Eq for KeyIds {}

impl KeyIds {
    /// How many ids the set holds.
    pub fn len(&self) -> usize {
        match self {
            KeyIds::List(ids) => ids.len(),
            KeyIds::Bits { count, .. } => *count,
            KeyIds::Spans(spans) => spans.len(),
            KeyIds::Remainders(picked) => picked.len(),
        }
    }

    /// Whether it holds none.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Whether `id` is in the set.
    pub fn contains(&self, id: u32) -> bool {
        match self {
            KeyIds::List(ids) => ids.binary_search(&id).is_ok(),
            KeyIds::Bits { words, .. } => words
                .get((id / 64) as usize)
                .is_some_and(|w| w & (1 << (id % 64)) != 0),
            KeyIds::Spans(spans) => spans.contains(id),
            KeyIds::Remainders(picked) => picked.contains(id),
        }
    }

    /// The ids, ascending.
    pub fn iter(&self) -> Box<dyn Iterator<Item = u32> + '_> {
        match self {
            KeyIds::List(ids) => Box::new(ids.iter().copied()),
            KeyIds::Bits { words, .. } => Box::new(bit_ids(words)),
            KeyIds::Spans(spans) => {
                // By position, sorted into id order: a short list, or a bit set for many.
                let universe = spans.keys().len();
                if spans.len() * 32 <= universe {
                    let mut ids: Vec<u32> = spans.by_position().collect();
                    ids.sort_unstable();
                    Box::new(ids.into_iter())
                } else {
                    let mut words = vec![0u64; universe.div_ceil(64)];
                    for id in spans.by_position() {
                        words[(id / 64) as usize] |= 1 << (id % 64);
                    }
                    Box::new(
                        words.into_iter().enumerate().flat_map(|(i, word)| {
                            BitIter(word).map(move |bit| i as u32 * 64 + bit)
                        }),
                    )
                }
            }
            KeyIds::Remainders(picked) => Box::new(picked.ascending()),
        }
    }

    /// The runs of the key set's order by position, when the set is kept that way.
    pub fn spans(&self) -> Option<&KeySpans> {
        match self {
            KeyIds::Spans(spans) => Some(spans),
            _ => None,
        }
    }

    /// The set of `ids` (in any order) among `universe` keys, stored the smaller way.
    pub fn from_ids(mut ids: Vec<u32>, universe: usize) -> KeyIds {
        // A list costs 32 bits a member, a bit set one bit a key.
        if ids.len() * 32 <= universe {
            ids.sort_unstable();
            KeyIds::List(ids)
        } else {
            let mut words = vec![0u64; universe.div_ceil(64)];
            for id in &ids {
                words[(id / 64) as usize] |= 1 << (id % 64);
            }
            let count = ids.len();
            KeyIds::Bits { words, count }
        }
    }
}

/// The ids whose bits are set in `words`, ascending.
fn bit_ids(words: &[u64]) -> impl Iterator<Item = u32> + '_ {
    words.iter().enumerate().flat_map(|(i, &word)| {
        let base = i as u32 * 64;
        BitIter(word).map(move |bit| base + bit)
    })
}

/// The set bits of a word, lowest first.
struct BitIter(u64);

impl Iterator for BitIter {
    type Item = u32;
    fn next(&mut self) -> Option<u32> {
        if self.0 == 0 {
            return None;
        }
        let bit = self.0.trailing_zeros();
        self.0 &= self.0 - 1;
        Some(bit)
    }
}

/// A key that changed owner, by name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KeyMove {
    /// The key's id in its key set.
    pub key: u32,
    /// Its owner before.
    pub from: Arc<str>,
    /// Its owner after.
    pub to: Arc<str>,
}

/// The keys one placement moved on one change.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Moves {
    /// Every moved key.
    pub keys: KeyIds,
    /// Every move by name, in ring order, when at most [`LISTED`] keys moved; empty otherwise.
    pub listed: Vec<KeyMove>,
    /// The servers that lost keys, in the old list order.
    pub from: Vec<Arc<str>>,
    /// The servers that gained keys, in the new list order.
    pub to: Vec<Arc<str>>,
}

impl Moves {
    /// How many keys moved.
    pub fn len(&self) -> usize {
        self.keys.len()
    }

    /// Whether none moved.
    pub fn is_empty(&self) -> bool {
        self.keys.is_empty()
    }

    /// The moves of `keys`, found some way other than one key at a time: `lost` and `gained`
    /// flag the servers of `before` and `after` (old and new list order) that lost and gained
    /// keys, and `first` holds every move `(key, old server, new server)` when at most
    /// [`LISTED`] keys moved. `order` is the key set the ids belong to.
    pub fn gathered(
        keys: KeyIds,
        first: Vec<(u32, usize, usize)>,
        order: &KeySet,
        (before, lost): (&[Arc<str>], &[bool]),
        (after, gained): (&[Arc<str>], &[bool]),
    ) -> Moves {
        let listed = if keys.len() <= LISTED {
            debug_assert_eq!(first.len(), keys.len(), "every move of a short list");
            named(first, order, before, after)
        } else {
            Vec::new()
        };
        Moves {
            keys,
            listed,
            from: pick(before, lost),
            to: pick(after, gained),
        }
    }
}

/// Moves `(key, old server, new server)` by name, in ring order.
fn named(
    mut first: Vec<(u32, usize, usize)>,
    keys: &KeySet,
    before: &[Arc<str>],
    after: &[Arc<str>],
) -> Vec<KeyMove> {
    first.sort_unstable_by_key(|&(id, _, _)| (keys.position_of(id), id));
    first
        .into_iter()
        .map(|(key, from, to)| KeyMove {
            key,
            from: before[from].clone(),
            to: after[to].clone(),
        })
        .collect()
}

/// The names flagged.
fn pick(names: &[Arc<str>], flags: &[bool]) -> Vec<Arc<str>> {
    names
        .iter()
        .zip(flags)
        .filter(|(_, &on)| on)
        .map(|(n, _)| n.clone())
        .collect()
}

/// Gathers moves one key at a time, then stores them compactly. Ids go into a list while few
/// keys have moved and into a bit set once the list would be the larger of the two.
#[derive(Debug)]
pub struct MoveCollector<'a> {
    before: &'a [Arc<str>],
    after: &'a [Arc<str>],
    universe: usize,
    ids: Vec<u32>,
    bits: Option<Vec<u64>>,
    count: usize,
    first: Vec<(u32, u16, u16)>,
    lost: Vec<bool>,
    gained: Vec<bool>,
    /// How many of `lost` and `gained` are still false: once none is, a word of moves needs
    /// no look at each key.
    unmarked: usize,
}

impl<'a> MoveCollector<'a> {
    /// A collector for moves among `universe` keys between servers named `before` (old list
    /// order) and `after`.
    pub fn new(
        before: &'a [Arc<str>],
        after: &'a [Arc<str>],
        universe: usize,
    ) -> MoveCollector<'a> {
        MoveCollector {
            before,
            after,
            universe,
            ids: Vec::new(),
            bits: None,
            count: 0,
            first: Vec::new(),
            lost: vec![false; before.len()],
            gained: vec![false; after.len()],
            unmarked: before.len() + after.len(),
        }
    }

    /// Marks that server `from` lost a key and server `to` gained one.
    #[inline]
    fn mark(&mut self, from: usize, to: usize) {
        if !self.lost[from] {
            self.lost[from] = true;
            self.unmarked -= 1;
        }
        if !self.gained[to] {
            self.gained[to] = true;
            self.unmarked -= 1;
        }
    }

    /// The bit set, made from the list so far if there was none yet.
    fn words(&mut self) -> &mut Vec<u64> {
        let universe = self.universe;
        let ids = std::mem::take(&mut self.ids);
        self.bits.get_or_insert_with(|| {
            let mut words = vec![0u64; universe.div_ceil(64)];
            for &k in &ids {
                words[(k / 64) as usize] |= 1 << (k % 64);
            }
            words
        })
    }

    /// Records that key `id` went from server `from` (old index) to `to` (new index).
    #[inline]
    pub fn push(&mut self, id: u32, from: usize, to: usize) {
        self.count += 1;
        match &mut self.bits {
            Some(words) => words[(id / 64) as usize] |= 1 << (id % 64),
            None => {
                self.ids.push(id);
                if self.ids.len() * 32 > self.universe {
                    self.words();
                }
            }
        }
        if self.first.len() <= LISTED {
            self.first.push((id, from as u16, to as u16));
        }
        self.mark(from, to);
    }

    /// Records the moves among keys `base` to `base + 63` at once: bit `i` of `moved` is set
    /// when key `base + i` moved, and `servers(id)` tells a moved key's old and new server.
    /// `base` is a multiple of 64. The keys are looked at one by one only while the short
    /// list is not full or some server is not yet known to have lost or gained a key.
    pub fn push_word(&mut self, base: u32, moved: u64, servers: impl Fn(u32) -> (usize, usize)) {
        debug_assert_eq!(base % 64, 0, "a word of moves starts at a multiple of 64");
        if moved == 0 {
            return;
        }
        self.words()[(base / 64) as usize] |= moved;
        self.count += moved.count_ones() as usize;
        for bit in BitIter(moved) {
            if self.first.len() > LISTED && self.unmarked == 0 {
                break;
            }
            let id = base + bit;
            let (from, to) = servers(id);
            if self.first.len() <= LISTED {
                self.first.push((id, from as u16, to as u16));
            }
            self.mark(from, to);
        }
    }

    /// Records that every key in `ids` went from `from` to `to`.
    pub fn push_all(&mut self, ids: &[u32], from: usize, to: usize) {
        for &id in ids {
            self.push(id, from, to);
        }
    }

    /// The moves, with names for a short list in ring order. `keys` are the keys after the
    /// change (the same ids).
    pub fn finish(self, keys: &KeySet) -> Moves {
        let listed = if self.count <= LISTED {
            let first = self
                .first
                .into_iter()
                .map(|(id, from, to)| (id, usize::from(from), usize::from(to)))
                .collect();
            named(first, keys, self.before, self.after)
        } else {
            Vec::new()
        };
        let keys = match self.bits {
            // Words pushed whole may hold few moves: a short list is then the smaller.
            Some(words) if self.count * 32 <= self.universe => {
                KeyIds::List(bit_ids(&words).collect())
            }
            Some(words) => KeyIds::Bits {
                words,
                count: self.count,
            },
            None => KeyIds::from_ids(self.ids, self.universe),
        };
        Moves {
            from: pick(self.before, &self.lost),
            to: pick(self.after, &self.gained),
            keys,
            listed,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_few_ids_are_a_list_and_many_a_bit_set_with_the_same_members() {
        let few = KeyIds::from_ids(vec![9, 3, 70], 1000);
        assert!(matches!(few, KeyIds::List(_)));
        let many = KeyIds::from_ids((0..1000).filter(|i| i % 3 == 0).collect(), 1000);
        assert!(matches!(many, KeyIds::Bits { .. }));
        assert_eq!(few.iter().collect::<Vec<_>>(), vec![3, 9, 70]);
        assert_eq!(many.len(), 334);
        assert!(many.contains(999) && !many.contains(998));
        assert_eq!(many.iter().take(3).collect::<Vec<_>>(), vec![0, 3, 6]);
        assert_eq!(many.iter().count(), 334);
    }

    proptest::proptest! {
        #![proptest_config(crate::cases::cases(256))]

        #[test]
        fn moves_pushed_a_word_at_a_time_equal_moves_pushed_one_by_one(
            universe in 1usize..700,
            picks in proptest::collection::vec((0u32..700, 0usize..3, 0usize..4), 0..400),
        ) {
            use crate::core::{HashScheme, RingSize};
            let before: Vec<Arc<str>> = vec!["a".into(), "b".into(), "c".into()];
            let after: Vec<Arc<str>> = vec!["a".into(), "b".into(), "c".into(), "d".into()];
            let mut keys = KeySet::new(RingSize::FULL, HashScheme::default());
            keys.generate(universe).unwrap();
            // Each moved key once, with its servers, in id order.
            let mut moved: Vec<(u32, usize, usize)> = picks
                .into_iter()
                .filter(|&(id, _, _)| (id as usize) < universe)
                .collect();
            moved.sort_unstable_by_key(|m| m.0);
            moved.dedup_by_key(|m| m.0);
            let servers = |id: u32| {
                let m = moved.iter().find(|m| m.0 == id).expect("a moved key");
                (m.1, m.2)
            };

            let mut one_by_one = MoveCollector::new(&before, &after, universe);
            for &(id, from, to) in &moved {
                one_by_one.push(id, from, to);
            }
            let mut by_words = MoveCollector::new(&before, &after, universe);
            for base in (0..universe as u32).step_by(64) {
                let word = moved
                    .iter()
                    .filter(|m| m.0 / 64 == base / 64)
                    .fold(0u64, |w, m| w | 1 << (m.0 % 64));
                by_words.push_word(base, word, servers);
            }
            proptest::prop_assert_eq!(by_words.finish(&keys), one_by_one.finish(&keys));
        }
    }

    #[test]
    fn a_collector_switches_to_a_bit_set_as_moves_pile_up_and_keeps_every_one() {
        use crate::core::{HashScheme, RingSize};
        let names: Vec<Arc<str>> = vec!["a".into(), "b".into()];
        let mut keys = KeySet::new(RingSize::FULL, HashScheme::default());
        keys.generate(1000).unwrap();
        let mut collector = MoveCollector::new(&names, &names, 1000);
        let moved: Vec<u32> = (0..1000).filter(|i| i % 7 == 0).collect();
        for &id in &moved {
            collector.push(id, 0, 1);
        }
        let moves = collector.finish(&keys);
        assert!(matches!(moves.keys, KeyIds::Bits { .. }));
        assert_eq!(moves.keys.iter().collect::<Vec<_>>(), moved);
        assert_eq!(moves.len(), moved.len());
        assert!(moves.listed.is_empty());
        assert_eq!(moves.from, vec![Arc::from("a")]);
    }
}
