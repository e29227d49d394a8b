//! What a change does to the ring: the arcs whose owner changed.
//!
//! Take every point position of the ring before and after the change. Between two neighbouring
//! positions of that combined list the owner is constant in each ring (it is the owner of the
//! segment's end), so comparing the two owners segment by segment, in one merge-like walk,
//! finds every arc that changed hands in O(V). The keys that moved are then exactly the keys
//! inside those arcs, found by binary search on the sorted key positions: O(arcs × log K), with no
//! fresh lookup of every key. They are kept as those runs of the sorted keys
//! ([`RingDiff::moved_spans`]), and each server's count of keys after the change is its count
//! before, less the keys of the arcs it lost, plus those of the arcs it gained
//! ([`RingDiff::counts_after`]): the work grows with the arcs, not with the keys that moved.

use std::collections::HashMap;
use std::sync::Arc;

use super::keys::KeySet;
use super::moves::{KeyIds, KeySpans, MoveCollector, Moves, LISTED};
use super::ring::Ring;

/// An arc `(start, end]` whose owner changed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MovedArc {
    /// The position just before the arc.
    pub start: u32,
    /// The arc's last position.
    pub end: u32,
    /// How many positions it covers (the whole ring when `start == end`).
    pub length: u64,
    /// Its owner before.
    pub from: Arc<str>,
    /// Its owner after.
    pub to: Arc<str>,
    /// Its owner before, by index in the old server list.
    pub from_index: usize,
    /// Its owner after, by index in the new server list.
    pub to_index: usize,
}

/// The arcs whose owner changed, in clockwise order from position 0.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct RingDiff {
    /// The changed arcs; neighbouring arcs with the same owners are joined.
    pub arcs: Vec<MovedArc>,
}

impl RingDiff {
    /// The arcs whose owner differs between `before` and `after`, two rings of the same size.
    ///
    /// ```
    /// use ringlab::core::{HashScheme, Ring, RingDiff, RingSize, Server};
    /// let abc = [Server::at("A", 10), Server::at("B", 40), Server::at("C", 75)];
    /// let before = Ring::build(RingSize::TEACHING, HashScheme::default(), 1, &abc);
    /// let after = before.with_server(HashScheme::default(), 1, &Server::at("D", 60));
    /// let diff = RingDiff::between(&before, &after);
    /// assert_eq!(diff.arcs.len(), 1);
    /// let arc = &diff.arcs[0];
    /// assert_eq!((arc.start, arc.end, arc.length), (40, 60, 20)); // D takes 41..=60 from C
    /// assert_eq!((&*arc.from, &*arc.to), ("C", "D"));
    /// ```
    pub fn between(before: &Ring, after: &Ring) -> RingDiff {
        let size = before.size();
        let (a, b) = (before.points(), after.points());
        // Owner of the segment ending at each distinct boundary position, in both rings.
        let mut segments: Vec<(u32, usize, usize)> = Vec::with_capacity(a.len() + b.len());
        let (mut i, mut j) = (0, 0);
        while i < a.len() || j < b.len() {
            let next = match (a.get(i), b.get(j)) {
                (Some(p), Some(q)) => p.position.min(q.position),
                (Some(p), None) => p.position,
                (None, Some(q)) => q.position,
                (None, None) => unreachable!(),
            };
            let owner_a = a.get(i).map_or(a[0].server, |p| p.server) as usize;
            let owner_b = b.get(j).map_or(b[0].server, |q| q.server) as usize;
            segments.push((next, owner_a, owner_b));
            while i < a.len() && a[i].position == next {
                i += 1;
            }
            while j < b.len() && b[j].position == next {
                j += 1;
            }
        }
        let mut arcs: Vec<MovedArc> = Vec::new();
        let count = segments.len();
        for (k, &(end, owner_a, owner_b)) in segments.iter().enumerate() {
            let from = &before.names()[owner_a];
            let to = &after.names()[owner_b];
            if from == to {
                continue;
            }
            let start = segments[(k + count - 1) % count].0;
            let length = if count == 1 {
                size.get()
            } else {
                size.distance(start, end)
            };
            match arcs.last_mut() {
                Some(last) if last.end == start && last.from == *from && last.to == *to => {
                    last.end = end;
                    last.length += length;
                }
                _ => arcs.push(MovedArc {
                    start,
                    end,
                    length,
                    from: from.clone(),
                    to: to.clone(),
                    from_index: owner_a,
                    to_index: owner_b,
                }),
            }
        }
        // The last arc may run on into the first across position 0.
        if arcs.len() > 1 {
            let (first, last) = (&arcs[0], &arcs[arcs.len() - 1]);
            if last.end == first.start && last.from == first.from && last.to == first.to {
                let last = arcs.pop().expect("more than one arc");
                arcs[0].start = last.start;
                arcs[0].length += last.length;
            }
        }
        RingDiff { arcs }
    }

    /// How many positions changed owner.
    pub fn moved_length(&self) -> u64 {
        self.arcs.iter().map(|a| a.length).sum()
    }

    /// How many keys lie inside the changed arcs. O(arcs × log K).
    pub fn count_moved(&self, keys: &KeySet) -> usize {
        self.arcs
            .iter()
            .flat_map(|arc| keys.ranges_in_arc(arc.start, arc.end, arc.length))
            .map(|range| range.len())
            .sum()
    }

    /// The keys inside the changed arcs: `before` holds the keys (the same as `after`'s, by
    /// id), and the servers are named `names_before` and `names_after`.
    pub fn moves(
        &self,
        before: &KeySet,
        after: &KeySet,
        names_before: &[Arc<str>],
        names_after: &[Arc<str>],
    ) -> Moves {
        let mut collector = MoveCollector::new(names_before, names_after, after.len());
        self.collect(before, &mut collector);
        collector.finish(after)
    }

    /// The keys inside the changed arcs, kept as runs of the order by position of `keys`, the
    /// keys before and after the change (one set: only the servers changed); the servers are
    /// named `names_before` and `names_after`. O(arcs × log K), however many keys moved, but for
    /// naming each move when at most [`LISTED`] did. The same keys as [`RingDiff::moves`].
    ///
    /// ```
    /// use std::sync::Arc;
    /// use ringlab::core::{HashScheme, Key, KeySet, Ring, RingDiff, RingSize, Server};
    /// let abc = [Server::at("A", 10), Server::at("B", 40), Server::at("C", 75)];
    /// let before = Ring::build(RingSize::TEACHING, HashScheme::default(), 1, &abc);
    /// let after = before.with_server(HashScheme::default(), 1, &Server::at("D", 60));
    /// let mut keys = KeySet::new(RingSize::TEACHING, HashScheme::default());
    /// keys.insert([90, 52, 68, 25, 5].map(Key::At).to_vec()).unwrap();
    /// let keys = Arc::new(keys);
    /// let moves = RingDiff::between(&before, &after).moved_spans(&keys, before.names(), after.names());
    /// assert_eq!(moves.keys.iter().collect::<Vec<_>>(), vec![1]); // @52, from C to D
    /// assert_eq!((&*moves.listed[0].from, &*moves.listed[0].to), ("C", "D"));
    /// ```
    pub fn moved_spans(
        &self,
        keys: &Arc<KeySet>,
        names_before: &[Arc<str>],
        names_after: &[Arc<str>],
    ) -> Moves {
        let mut spans = Vec::with_capacity(self.arcs.len() + 1);
        let mut lost = vec![false; names_before.len()];
        let mut gained = vec![false; names_after.len()];
        let mut first: Vec<(u32, usize, usize)> = Vec::new();
        for arc in &self.arcs {
            for range in keys.ranges_in_arc(arc.start, arc.end, arc.length) {
                if range.is_empty() {
                    continue;
                }
                lost[arc.from_index] = true;
                gained[arc.to_index] = true;
                if first.len() <= LISTED {
                    let room = LISTED + 1 - first.len();
                    first.extend(
                        keys.order()[range.clone()]
                            .iter()
                            .take(room)
                            .map(|&id| (id, arc.from_index, arc.to_index)),
                    );
                }
                spans.push(range.start as u32..range.end as u32);
            }
        }
        let ids = KeyIds::Spans(KeySpans::new(keys.clone(), spans));
        if ids.len() > LISTED {
            first.clear();
        }
        Moves::gathered(
            ids,
            first,
            keys,
            (names_before, &lost),
            (names_after, &gained),
        )
    }

    /// How many keys each server owns after the change, in the new list order (`names_after`),
    /// from how many each owned before (`before`, in the order of `names_before`): the keys
    /// of each changed arc go from its old owner to its new one, and every other key stays.
    /// `keys` are the keys, the same before and after. O(arcs × log K).
    ///
    /// ```
    /// use ringlab::core::{HashScheme, Key, KeySet, Ring, RingDiff, RingSize, Server};
    /// let abc = [Server::at("A", 10), Server::at("B", 40), Server::at("C", 75)];
    /// let before = Ring::build(RingSize::TEACHING, HashScheme::default(), 1, &abc);
    /// let after = before.with_server(HashScheme::default(), 1, &Server::at("D", 60));
    /// let mut keys = KeySet::new(RingSize::TEACHING, HashScheme::default());
    /// keys.insert([90, 52, 68, 25, 5].map(Key::At).to_vec()).unwrap();
    /// let counts = before.count_owned(keys.sorted_positions());
    /// assert_eq!(counts, vec![2, 1, 2]);
    /// let diff = RingDiff::between(&before, &after);
    /// assert_eq!(diff.counts_after(&keys, &counts, before.names(), after.names()), vec![2, 1, 1, 1]);
    /// ```
    pub fn counts_after(
        &self,
        keys: &KeySet,
        before: &[u64],
        names_before: &[Arc<str>],
        names_after: &[Arc<str>],
    ) -> Vec<u64> {
        let mut stayed = before.to_vec();
        let mut after = vec![0u64; names_after.len()];
        for arc in &self.arcs {
            let moved: u64 = keys
                .ranges_in_arc(arc.start, arc.end, arc.length)
                .iter()
                .map(|range| range.len() as u64)
                .sum();
            stayed[arc.from_index] -= moved;
            after[arc.to_index] += moved;
        }
        let place: HashMap<&str, usize> = names_after
            .iter()
            .enumerate()
            .map(|(i, name)| (&**name, i))
            .collect();
        for (name, kept) in names_before.iter().zip(stayed) {
            match place.get(&**name) {
                Some(&i) => after[i] += kept,
                None => debug_assert_eq!(kept, 0, "a server that left kept {kept} keys"),
            }
        }
        after
    }

    /// Hands every key inside the changed arcs to `collector`, with its old and new owner.
    pub fn collect(&self, keys: &KeySet, collector: &mut MoveCollector<'_>) {
        for arc in &self.arcs {
            for range in keys.ranges_in_arc(arc.start, arc.end, arc.length) {
                collector.push_all(&keys.order()[range], arc.from_index, arc.to_index);
            }
        }
    }
}
