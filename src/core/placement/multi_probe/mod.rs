//! Multi-probe consistent hashing (Appleton and O'Reilly, 2015): one point per server, and each
//! key looks `k` times.
//!
//! Servers sit at one point each, as on a ring without virtual nodes. A key is hashed `k` times
//! instead of once; each probe finds the first point at or after it, and the point that
//! follows its probe most closely wins. More probes even out the shares the way virtual nodes
//! do, without storing more points: the paper's 21 probes give a busiest server about 1.05
//! times the mean. Probe `i` is the top 32 bits of [`widen`](crate::core::widen)`(hash, i)`,
//! taken mod the ring size. Ties between probes go to the earlier probe. Weights do not apply.

mod finder;

use std::any::Any;
use std::sync::Arc;

use super::layout::Layout;
use super::measure::{Cost, State};
use super::options::Setting;
use super::spec::{
    any_may_leave, hash_hover, no_caveat, nothing_ignored, on_the_ring, Circle, Copies, Lookup,
    Panel, ServersBy, Spec, Weights, SERVER_VERBS,
};
use super::structure::{
    ring_holdings, ring_state, walk_ring, Earlier, Evaluated, LoneKey, Lookup as Steps, Structure,
};
use super::trace::{hash_steps, Mark};
use crate::core::keys::KeySet;
use crate::core::mix::widen;
use crate::core::par::map_ids;
use crate::core::ring::Ring;
use crate::core::server::{Placement, Server};
use crate::core::size::RingSize;

pub use finder::Finder;

pub use super::options::{PROBES as DEFAULT_PROBES, PROBE_COUNTS as PROBES};

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

/// Each server's one position on a one-point-per-server `ring`, in list order.
pub fn positions_by_server(ring: &Ring) -> Vec<u32> {
    let mut by_server = vec![0; ring.names().len()];
    for point in ring.points() {
        by_server[point.server as usize] = point.position;
    }
    by_server
}

/// Multi-probe hashing.
pub static SPEC: Spec = Spec {
    id: "multi-probe",
    name: "Multi-probe",
    phrase: "multi-probe hashing",
    called: "Multi-probe",
    under: "under Multi-probe",
    summary: "One point per server; the key looks k times and takes the nearest point it finds.",
    system: false,
    verbs: SERVER_VERBS,
    units: None,
    weights: Weights::Equal,
    circle: Circle::Positions,
    fixed_ring: false,
    arcs: false,
    lookup: Lookup::Nearest,
    servers_by: ServersBy::Name,
    settings: &[Setting::Probes],
    note: None,
    hover: hash_hover,
    picture: |layout, _| on_the_ring(SPEC.name, layout),
    listing: "Points per server",
    panel: Panel::None,
    practice: Some(8),
    copies: Copies::Unsaid,
    caveat: no_caveat,
    refuse_leaving: any_may_leave,
    ignored: nothing_ignored,
};

pub(in crate::core::placement) fn evaluate(
    layout: &Layout<'_>,
    previous: Option<Earlier<'_>>,
) -> Evaluated {
    let keys = layout.keys;
    let ring = Arc::new(one_point_ring(layout));
    let k = layout.options.probes;
    let finder = Finder::new(&ring);
    let at = positions_by_server(&ring);
    // When one server joined and nothing else changed: the keys' servers before.
    let joined = previous.and_then(|earlier| {
        let old = (earlier.structure as &dyn Any).downcast_ref::<Probed>()?;
        let was = earlier.owners?;
        let n = old.ring.names().len();
        let same = old.probes == k
            && Arc::ptr_eq(earlier.layout.keys, layout.keys)
            && old.ring.size() == ring.size()
            && ring.names().len() == n + 1
            && old.ring.names() == &ring.names()[..n]
            && positions_by_server(&old.ring) == at[..n];
        same.then_some((was, n))
    });
    let owners = match joined {
        Some((was, newcomer)) => map_ids(keys.len(), |id| {
            let was = was[id as usize] as usize;
            finder.owner_after_join(
                keys.hash_of(id),
                k,
                (was, at[was]),
                (newcomer, at[newcomer]),
            ) as u16
        }),
        None => map_ids(keys.len(), |id| finder.owner(keys.hash_of(id), k) as u16),
    };
    Evaluated {
        structure: Arc::new(Probed { ring, probes: k }),
        owners: Some(owners),
    }
}

/// One point per server: the hash of `name#0`, or the position chosen by hand.
fn one_point_ring(layout: &Layout<'_>) -> Ring {
    let servers: Vec<Server> = layout
        .servers
        .iter()
        .map(|s| match s.placement {
            Placement::Hashed { .. } => Server::hashed(&s.name),
            _ => s.clone(),
        })
        .collect();
    Ring::build(layout.size, layout.hash, 1, &servers)
}

/// One point per server, and the probes each key makes.
#[derive(Debug)]
struct Probed {
    ring: Arc<Ring>,
    probes: u32,
}

impl Structure for Probed {
    fn owner_of_key(&self, keys: &KeySet, id: u32, _: usize) -> usize {
        owner(&self.ring, keys.hash_of(id), self.probes)
    }

    fn owner_of_lone(&self, probe: &LoneKey<'_>, _: usize) -> Option<usize> {
        Some(owner(&self.ring, probe.hash, self.probes))
    }

    fn circle(&self, size: RingSize) -> u64 {
        size.get()
    }

    fn key_spot(&self, keys: &KeySet, id: u32) -> u32 {
        keys.position_of(id)
    }

    fn owner_at_spot(&self, spot: u32, _: RingSize, _: usize) -> usize {
        owner(&self.ring, spot, self.probes)
    }

    fn next_choice(
        &self,
        keys: &KeySet,
        id: u32,
        owner: usize,
        servers: usize,
        accept: &mut dyn FnMut(usize) -> bool,
    ) -> Option<usize> {
        walk_ring(&self.ring, keys.position_of(id), owner, servers, accept)
    }

    fn cost(&self, _: &KeySet, _: usize) -> Cost {
        Cost {
            per_key: f64::from(self.probes),
            unit: "probes",
        }
    }

    fn state(&self, _: usize) -> State {
        ring_state(&self.ring)
    }

    fn holdings(&self, _: usize) -> Vec<u64> {
        ring_holdings(&self.ring)
    }

    fn lookup(&self, layout: &Layout<'_>, id: u32, _: usize, names: &[Arc<str>]) -> Steps {
        let mut steps = hash_steps(layout, id);
        let hashing = steps.len();
        let ring = &self.ring;
        let all = probes(ring, layout.keys.hash_of(id), self.probes);
        let best = winner(&all);
        let marks = all
            .iter()
            .enumerate()
            .map(|(i, p)| Mark::Probe {
                at: p.position,
                to: ring.points()[p.point].position,
                best: i == best,
            })
            .collect();
        let win = all[best];
        let point = ring.points()[win.point];
        steps.push(format!(
            "The key is hashed {} times; each probe finds the first server point at or after it.",
            self.probes
        ));
        steps.push(format!(
            "Probe {} at {} is nearest: {}'s point at {}, {} away.",
            best + 1,
            win.position,
            names[point.server as usize],
            point.position,
            win.distance
        ));
        Steps {
            steps,
            hashing,
            marks,
            scores: Vec::new(),
        }
    }

    fn ring(&self) -> Option<&Ring> {
        Some(&self.ring)
    }
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
