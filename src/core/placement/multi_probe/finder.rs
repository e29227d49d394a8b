//! Multi-probe's lookups when every key is placed at once: a fine index over the points, and
//! the shortcut for a key whose server may only have changed to one newcomer.

use super::widen;
use crate::core::ring::Ring;
use crate::core::size::RingSize;

/// A one-point-per-server ring prepared for many lookups, as when every key is placed: the
/// points' positions with a fine index, about sixteen buckets per point, so that a probe almost
/// always finds the point after it with one read and no search. It gives [`owner`]'s answers.
#[derive(Debug, Clone)]
pub struct Finder {
    positions: Vec<u32>,
    servers: Vec<u32>,
    /// `starts[b]`: the first point at or after the start of bucket `b` (positions `b << shift`
    /// onwards); one more entry closes the last bucket.
    starts: Vec<u32>,
    shift: u32,
    size: RingSize,
}

impl Finder {
    /// Prepares `ring`, which must have at least one point.
    pub fn new(ring: &Ring) -> Finder {
        let size = ring.size();
        let positions: Vec<u32> = ring.points().iter().map(|p| p.position).collect();
        let servers = ring.points().iter().map(|p| p.server).collect();
        let bits = 64 - (size.get() - 1).leading_zeros();
        let wanted = (positions.len().next_power_of_two() * 16).min(1 << 20);
        let shift = bits.saturating_sub(wanted.trailing_zeros());
        let buckets = ((size.get() - 1) >> shift) as usize + 1;
        let mut starts = Vec::with_capacity(buckets + 1);
        let mut i = 0;
        for bucket in 0..buckets as u64 {
            while i < positions.len() && u64::from(positions[i]) < bucket << shift {
                i += 1;
            }
            starts.push(i as u32);
        }
        starts.push(positions.len() as u32);
        Finder {
            positions,
            servers,
            starts,
            shift,
            size,
        }
    }

    /// The index of the first point at or after `position`, wrapping: `Ring::owner_point`.
    fn next_point(&self, position: u32) -> usize {
        let bucket = (u64::from(position) >> self.shift) as usize;
        let (mut i, end) = (
            self.starts[bucket] as usize,
            self.starts[bucket + 1] as usize,
        );
        while i < end && self.positions[i] < position {
            i += 1;
        }
        if i == self.positions.len() {
            0
        } else {
            i
        }
    }

    /// Where probe `i` of a key with hash `hash` lands: [`probe_position`].
    fn probe(&self, hash: u32, i: u32) -> u32 {
        let top = (widen(hash, i) >> 32) as u32;
        if self.size.is_full() {
            top
        } else {
            self.size.position_of(top)
        }
    }

    /// The clockwise distance from `from` to `to`, both on the ring: `RingSize::distance`.
    fn distance(&self, from: u32, to: u32) -> u64 {
        if to >= from {
            u64::from(to - from)
        } else {
            u64::from(to) + self.size.get() - u64::from(from)
        }
    }

    /// The server a key with hash `hash` goes to with `k` probes: [`owner`]'s answer.
    pub fn owner(&self, hash: u32, k: u32) -> usize {
        let mut best = (u64::MAX, 0usize);
        for i in 0..k {
            let position = self.probe(hash, i);
            let point = self.next_point(position);
            let distance = self.distance(position, self.positions[point]);
            if distance < best.0 {
                best = (distance, self.servers[point] as usize);
            }
        }
        best.1
    }

    /// [`Finder::owner`] for a key whose server was `was` (its one point at `was_at`) before
    /// `newcomer` (its one point at `newcomer_at`) joined this ring, every other point staying
    /// where it was. Nothing is looked up unless the two are exactly as near.
    ///
    /// The nearest any probe came to a point before is the nearest it came to `was`'s point: a
    /// probe's point is at most as far as any other point, and the winning probe's point is
    /// `was`'s. With the newcomer, each probe's nearest point is its old one or the newcomer's.
    /// So if no probe comes nearer to the newcomer than that, the key stays; if one comes
    /// strictly nearer, the newcomer takes it; a tie is settled by the full lookup.
    pub fn owner_after_join(
        &self,
        hash: u32,
        k: u32,
        (was, was_at): (usize, u32),
        (newcomer, newcomer_at): (usize, u32),
    ) -> usize {
        let (mut to_was, mut to_newcomer) = (u64::MAX, u64::MAX);
        for i in 0..k {
            let position = self.probe(hash, i);
            to_was = to_was.min(self.distance(position, was_at));
            to_newcomer = to_newcomer.min(self.distance(position, newcomer_at));
        }
        match to_newcomer.cmp(&to_was) {
            std::cmp::Ordering::Greater => was,
            std::cmp::Ordering::Less => newcomer,
            std::cmp::Ordering::Equal => self.owner(hash, k),
        }
    }
}
