//! Moved keys kept as what decided their move rather than key by key: runs of the key set's
//! sorted order lying in the arcs that changed owner, or the remainders of the hash whose server
//! changed. Either is as small as its cause (a few hundred arcs, a table of remainders) however
//! many keys moved, and answers "did this key move?" at once; listing the keys costs a look at
//! each of them, and only a reader that lists them pays it.

use std::fmt;
use std::ops::Range;
use std::sync::Arc;

use crate::core::keys::KeySet;
use crate::core::modn::Remainder;

/// Keys found as runs of a key set's order by position ([`KeySet::order`]): the keys inside
/// the arcs a change gave to another owner.
#[derive(Clone)]
pub struct KeySpans {
    keys: Arc<KeySet>,
    /// Index ranges into `keys.order()`: ascending, apart, none empty.
    spans: Vec<Range<u32>>,
    count: usize,
}

impl KeySpans {
    /// The keys of `keys` at the order indexes `spans` (ranges into [`KeySet::order`], in any
    /// order, apart from one another).
    pub fn new(keys: Arc<KeySet>, mut spans: Vec<Range<u32>>) -> KeySpans {
        spans.retain(|span| !span.is_empty());
        spans.sort_unstable_by_key(|span| span.start);
        let mut joined: Vec<Range<u32>> = Vec::with_capacity(spans.len());
        for span in spans {
            match joined.last_mut() {
                Some(last) if last.end >= span.start => last.end = last.end.max(span.end),
                _ => joined.push(span),
            }
        }
        let count = joined.iter().map(|span| span.len()).sum();
        KeySpans {
            keys,
            spans: joined,
            count,
        }
    }

    /// How many keys.
    pub fn len(&self) -> usize {
        self.count
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.count == 0
    }

    /// The key set whose order the spans index.
    pub fn keys(&self) -> &KeySet {
        &self.keys
    }

    /// The runs of [`KeySet::order`], ascending.
    pub fn spans(&self) -> &[Range<u32>] {
        &self.spans
    }

    /// Whether key `id` is among them. O(log K).
    pub fn contains(&self, id: u32) -> bool {
        if id as usize >= self.keys.len() || self.spans.is_empty() {
            return false;
        }
        let rank = self.keys.rank_of(id) as u32;
        let at = self.spans.partition_point(|span| span.end <= rank);
        self.spans.get(at).is_some_and(|span| span.start <= rank)
    }

    /// The ids in order of position.
    pub fn by_position(&self) -> impl Iterator<Item = u32> + '_ {
        let order = self.keys.order();
        self.spans.iter().flat_map(move |span| {
            order[span.start as usize..span.end as usize]
                .iter()
                .copied()
        })
    }

    /// Whether two are the same runs of the same set.
    pub(super) fn same_as(&self, other: &KeySpans) -> bool {
        Arc::ptr_eq(&self.keys, &other.keys) && self.spans == other.spans
    }
}

impl fmt::Debug for KeySpans {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("KeySpans")
            .field("spans", &self.spans)
            .field("count", &self.count)
            .finish()
    }
}

/// Keys picked by their hash's remainder: key `id` is in the set when
/// `picked[hash(id) mod divisor]`.
#[derive(Clone)]
pub struct KeyRemainders {
    keys: Arc<KeySet>,
    by: Remainder,
    picked: Arc<[bool]>,
    count: usize,
}

impl KeyRemainders {
    /// The keys of `keys` whose hash leaves a remainder `r` with `picked[r]`, dividing by
    /// `picked.len()`; `count` is how many there are (from [`KeySet::residue_counts`]).
    pub fn new(keys: Arc<KeySet>, picked: Arc<[bool]>, count: usize) -> KeyRemainders {
        KeyRemainders {
            keys,
            by: Remainder::new(picked.len() as u32),
            picked,
            count,
        }
    }

    /// How many keys.
    pub fn len(&self) -> usize {
        self.count
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.count == 0
    }

    /// The key set they are keys of.
    pub fn keys(&self) -> &KeySet {
        &self.keys
    }

    /// Whether key `id` is among them. O(1).
    pub fn contains(&self, id: u32) -> bool {
        (id as usize) < self.keys.len() && self.picked[self.by.of(self.keys.hash_of(id)) as usize]
    }

    /// The ids, ascending: a look at every key's hash.
    pub fn ascending(&self) -> impl Iterator<Item = u32> + '_ {
        let (by, picked) = (self.by, &self.picked);
        self.keys
            .hashes()
            .iter()
            .enumerate()
            .filter(move |(_, &hash)| picked[by.of(hash) as usize])
            .map(|(id, _)| id as u32)
    }

    /// Whether two pick the same remainders of the same set.
    pub(super) fn same_as(&self, other: &KeyRemainders) -> bool {
        Arc::ptr_eq(&self.keys, &other.keys) && self.picked == other.picked
    }
}

impl fmt::Debug for KeyRemainders {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("KeyRemainders")
            .field("divisor", &self.picked.len())
            .field("count", &self.count)
            .finish()
    }
}
