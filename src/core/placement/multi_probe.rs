//! Multi-probe consistent hashing (Appleton and O'Reilly, 2015): one point per server, and each
//! key looks `k` times.
//!
//! Servers sit at one point each, as on a ring without virtual nodes. A key is hashed `k` times
//! instead of once; each probe finds the first point at or after it, and the point that
//! follows its probe most closely wins. More probes even out the shares the way virtual nodes
//! do, without storing more points: the paper's 21 probes give a busiest server about 1.05
//! times the mean. Probe `i` is the top 32 bits of [`widen`](crate::core::widen)`(hash, i)`,
//! taken mod the ring size. Ties between probes go to the earlier probe. Weights do not apply.

use crate::core::mix::widen;
use crate::core::ring::Ring;
use crate::core::size::RingSize;

/// The default number of probes.
pub const DEFAULT_PROBES: u32 = 21;
/// Probe counts allowed.
pub const PROBES: std::ops::RangeInclusive<u32> = 1..=64;

/// One probe of a key: where it landed and the point it found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Probe {
    /// The probe's position on the ring.
    pub position: u32,
    /// The index of the first point at or after it.
    pub point: usize,
    /// How far clockwise that point is.
    pub distance: u64,
}

/// Where probe `i` of a key with hash `hash` lands on `ring`.
pub fn probe_position(ring: &Ring, hash: u32, i: u32) -> u32 {
    ring.size().position_of((widen(hash, i) >> 32) as u32)
}

/// Every probe of a key, in order.
pub fn probes(ring: &Ring, hash: u32, k: u32) -> Vec<Probe> {
    (0..k)
        .map(|i| {
            let position = probe_position(ring, hash, i);
            let point = ring.owner_point(position);
            Probe {
                position,
                point,
                distance: ring
                    .size()
                    .distance(position, ring.points()[point].position),
            }
        })
        .collect()
}

/// The index of the winning probe among `probes`.
pub fn winner(probes: &[Probe]) -> usize {
    let mut best = 0;
    for (i, p) in probes.iter().enumerate() {
        if p.distance < probes[best].distance {
            best = i;
        }
    }
    best
}

/// The server a key with hash `hash` goes to with `k` probes on a one-point-per-server `ring`.
///
/// This is the engine's per-key lookup, so it avoids divisions: on the full ring a probe's
/// position is its top 32 bits as they are, and a clockwise distance between two positions of
/// the ring is a subtraction (plus M when it wraps). The answers are those of
/// [`probe_position`] and [`RingSize::distance`](crate::core::RingSize::distance).
pub fn owner(ring: &Ring, hash: u32, k: u32) -> usize {
    let size = ring.size();
    let (full, m) = (size.is_full(), size.get());
    let points = ring.points();
    let mut best = (u64::MAX, 0usize);
    for i in 0..k {
        let top = (widen(hash, i) >> 32) as u32;
        let position = if full { top } else { size.position_of(top) };
        let point = points[ring.owner_point(position)];
        let distance = if point.position >= position {
            u64::from(point.position - position)
        } else {
            u64::from(point.position) + m - u64::from(position)
        };
        if distance < best.0 {
            best = (distance, point.server as usize);
        }
    }
    best.1
}

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

/// Each server's one position on a one-point-per-server `ring`, in list order.
pub fn positions_by_server(ring: &Ring) -> Vec<u32> {
    let mut by_server = vec![0; ring.names().len()];
    for point in ring.points() {
        by_server[point.server as usize] = point.position;
    }
    by_server
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::{HashScheme, Server};

    #[test]
    fn the_winner_is_the_probe_nearest_the_point_it_finds() {
        let servers = [
            Server::at("A", 10),
            Server::at("B", 40),
            Server::at("C", 75),
        ];
        let ring = Ring::build(RingSize::TEACHING, HashScheme::default(), 1, &servers);
        for hash in 0..300u32 {
            let all = probes(&ring, hash, 5);
            let best = winner(&all);
            assert!(all.iter().all(|p| p.distance >= all[best].distance));
            let server = ring.points()[all[best].point].server as usize;
            assert_eq!(owner(&ring, hash, 5), server);
        }
    }

    #[test]
    fn the_lookup_agrees_with_probes_and_winner_on_any_ring_size() {
        let servers: Vec<Server> = ["a", "b", "c", "d", "e"].map(Server::hashed).to_vec();
        for size in [
            RingSize::TEACHING,
            RingSize::new(1_000_003).unwrap(),
            RingSize::FULL,
        ] {
            let ring = Ring::build(size, HashScheme::default(), 1, &servers);
            let finder = Finder::new(&ring);
            for hash in (0..2000u32).map(|h| h.wrapping_mul(2_654_435_761)) {
                let all = probes(&ring, hash, 21);
                let server = ring.points()[all[winner(&all)].point].server as usize;
                assert_eq!(owner(&ring, hash, 21), server, "{size:?}, hash {hash}");
                assert_eq!(finder.owner(hash, 21), server, "{size:?}, hash {hash}");
            }
        }
    }

    #[test]
    fn after_one_server_joins_the_shortcut_finds_every_keys_server() {
        // A small ring, where probes often tie, and the full ring.
        for (size, count) in [(RingSize::new(60).unwrap(), 5), (RingSize::FULL, 12)] {
            let names: Vec<String> = (0..count).map(|i| format!("s{i}")).collect();
            let servers: Vec<Server> = names.iter().map(|n| Server::hashed(n)).collect();
            let before = Ring::build(size, HashScheme::default(), 1, &servers[..count - 1]);
            let after = Ring::build(size, HashScheme::default(), 1, &servers);
            let (old, new) = (Finder::new(&before), Finder::new(&after));
            let at = positions_by_server(&after);
            let joined = (count - 1, at[count - 1]);
            for hash in (0..20_000u32).map(|h| h.wrapping_mul(2_654_435_761)) {
                for k in [1, 3, 21] {
                    let was = old.owner(hash, k);
                    let shortcut = new.owner_after_join(hash, k, (was, at[was]), joined);
                    assert_eq!(shortcut, new.owner(hash, k), "{size:?}, hash {hash}, k {k}");
                }
            }
        }
    }

    #[test]
    fn one_probe_is_the_plain_ring_at_the_probes_position() {
        let servers: Vec<Server> = ["a", "b", "c", "d"].map(Server::hashed).to_vec();
        let ring = Ring::build(RingSize::FULL, HashScheme::default(), 1, &servers);
        for hash in (0..1000u32).map(|h| h.wrapping_mul(2_654_435_761)) {
            let at = probe_position(&ring, hash, 0);
            assert_eq!(owner(&ring, hash, 1), ring.owner_of(at));
        }
    }

    #[test]
    fn more_probes_even_out_the_shares_of_one_point_per_server() {
        let names: Vec<String> = (0..20).map(|i| format!("s{i}")).collect();
        let servers: Vec<Server> = names.iter().map(|n| Server::hashed(n)).collect();
        let ring = Ring::build(RingSize::FULL, HashScheme::default(), 1, &servers);
        let peak = |k: u32| {
            let mut counts = [0u32; 20];
            for key in 0..40_000u32 {
                counts[owner(&ring, key.wrapping_mul(2_654_435_761), k)] += 1;
            }
            f64::from(*counts.iter().max().unwrap()) / 2000.0
        };
        let (one, many) = (peak(1), peak(21));
        assert!(many < one, "1 probe: {one}, 21 probes: {many}");
        assert!(many < 1.35, "21 probes: {many}");
    }
}
