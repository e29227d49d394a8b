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
pub fn owner(ring: &Ring, hash: u32, k: u32) -> usize {
    let size = ring.size();
    let mut best = (u64::MAX, 0usize);
    for i in 0..k {
        let position = probe_position(ring, hash, i);
        let point = ring.points()[ring.owner_point(position)];
        let distance = size.distance(position, point.position);
        if distance < best.0 {
            best = (distance, point.server as usize);
        }
    }
    best.1
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::{HashScheme, RingSize, Server};

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
