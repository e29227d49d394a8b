//! What a change does to the ring: the arcs whose owner changed.
//!
//! Take every point position of the ring before and after the change. Between two neighbouring
//! positions of that combined list the owner is constant in each ring (it is the owner of the
//! segment's end), so comparing the two owners segment by segment, in one merge-like walk,
//! finds every arc that changed hands in O(V). The keys that moved are then exactly the keys
//! inside those arcs, found by binary search on the sorted key positions: O(arcs × log K), with no
//! fresh lookup of every key.

use std::sync::Arc;

use super::keys::KeySet;
use super::moves::{MoveCollector, Moves};
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

    /// Hands every key inside the changed arcs to `collector`, with its old and new owner.
    pub fn collect(&self, keys: &KeySet, collector: &mut MoveCollector<'_>) {
        for arc in &self.arcs {
            for range in keys.ranges_in_arc(arc.start, arc.end, arc.length) {
                collector.push_all(&keys.order()[range], arc.from_index, arc.to_index);
            }
        }
    }
}
