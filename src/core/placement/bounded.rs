//! Consistent hashing with bounded loads (Mirrokni, Thorup and Zadimoghaddam, 2018).
//!
//! The ring, plus a cap: no server holds more than `⌈c × K × w / W⌉` keys, K keys in all, w its
//! weight and W the total weight, for a load factor c ≥ 1. Keys arrive one at a time in a fixed
//! order that has nothing to do with the ring (by [`mix64`](crate::core::mix64) of their hash,
//! then by label), so overflow does not pile up on one side. A key whose ring owner is full
//! walks on clockwise, point by point, to the first server with room.
//!
//! The caps depend on K, so every change places every key again: a change can move keys that
//! the plain ring would leave alone, and those extra moves are part of the price.

use std::sync::Arc;

use super::layout::Layout;
use super::measure::{search_steps, Cost, Space, State};
use super::options::Setting;
use super::spec::{
    any_may_leave, no_caveat, nothing_ignored, on_the_ring, position_hover, Circle, Copies, Lookup,
    Panel, ServersBy, Spec, Weights, SERVER_VERBS,
};
use super::structure::{
    ring_holdings, ring_space, ring_state, ring_stretches, walk_ring, Earlier, Evaluated, LoneKey,
    Lookup as Steps, Structure,
};
use super::trace::{hash_steps, walk_words, Mark};
use crate::core::keys::KeySet;
use crate::core::mix::mix64;
use crate::core::numbers_and_lists::plural;
use crate::core::ring::Ring;
use crate::core::size::RingSize;

pub use super::options::{LOAD as DEFAULT_LOAD, LOADS};

/// Each server's cap: `⌈c × K × w / W⌉`, with `c` in hundredths.
///
/// ```
/// use ringlab::core::placement::bounded::caps;
/// assert_eq!(caps(125, 10, &[1, 1, 1]), vec![5, 5, 5]); // ⌈1.25 × 10 / 3⌉ = ⌈4.17⌉
/// ```
pub fn caps(load: u32, keys: usize, weights: &[u32]) -> Vec<u64> {
    let total: u128 = weights.iter().map(|&w| u128::from(w)).sum();
    weights
        .iter()
        .map(|&w| {
            let top = u128::from(load) * keys as u128 * u128::from(w);
            top.div_ceil(100 * total) as u64
        })
        .collect()
}

/// The order keys arrive in: by `mix64` of their hash, then by label.
///
/// The keys are sorted as single 64-bit numbers, the top half of their mix above their id,
/// which is much quicker than sorting pairs; the rare runs whose top halves are equal are then
/// put in order by the whole mix and the label.
pub fn arrival_order(keys: &KeySet) -> Vec<u32> {
    let mix = |id: u32| mix64(u64::from(keys.hash_of(id)));
    let mut packed: Vec<u64> = (0..keys.len() as u32)
        .map(|id| (mix(id) >> 32) << 32 | u64::from(id))
        .collect();
    packed.sort_unstable();
    let mut ids: Vec<u32> = packed.iter().map(|&p| p as u32).collect();
    let mut i = 0;
    while i < packed.len() {
        let mut j = i + 1;
        while j < packed.len() && packed[j] >> 32 == packed[i] >> 32 {
            j += 1;
        }
        if j - i > 1 {
            ids[i..j].sort_by_cached_key(|&id| (mix(id), keys.label(id)));
        }
        i = j;
    }
    ids
}

/// Where every key went under bounded loads.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Assignment {
    /// Each key's server, by key id.
    pub owners: Vec<u16>,
    /// Each server's cap.
    pub caps: Vec<u64>,
    /// Each server's keys.
    pub loads: Vec<u64>,
    /// Points walked past full servers, over all keys.
    pub skips: u64,
}

/// Places every key of `keys` on `ring` (the key's position is looked up on it) with load factor
/// `load` (hundredths) and server `weights`.
pub fn assign(ring: &Ring, keys: &KeySet, load: u32, weights: &[u32]) -> Assignment {
    let caps = caps(load, keys.len(), weights);
    let mut loads = vec![0u64; weights.len()];
    let mut owners = vec![0u16; keys.len()];
    let points = ring.points();
    let mut skips = 0;
    for id in arrival_order(keys) {
        let mut p = ring.owner_point(keys.position_of(id));
        loop {
            let server = points[p].server as usize;
            if loads[server] < caps[server] {
                loads[server] += 1;
                owners[id as usize] = server as u16;
                break;
            }
            p = (p + 1) % points.len();
            skips += 1;
        }
    }
    Assignment {
        owners,
        caps,
        loads,
        skips,
    }
}

/// The points a key walked past, from its ring owner's point to the point of `owner`, the server
/// it ended on: each belonged to a server that was full when the key arrived.
pub fn skipped_points(ring: &Ring, position: u32, owner: usize) -> Vec<usize> {
    let points = ring.points();
    let mut p = ring.owner_point(position);
    let mut skipped = Vec::new();
    while points[p].server as usize != owner && skipped.len() < points.len() {
        skipped.push(p);
        p = (p + 1) % points.len();
    }
    skipped
}

/// Bounded loads.
pub static SPEC: Spec = Spec {
    id: "bounded",
    name: "Bounded loads",
    phrase: "bounded loads",
    called: "Bounded loads",
    under: "under Bounded loads",
    summary: "The ring, but no server takes more than c times its fair share; overflow walks on clockwise.",
    system: false,
    verbs: SERVER_VERBS,
    units: None,
    weights: Weights::Honoured,
    circle: Circle::Positions,
    fixed_ring: false,
    arcs: true,
    lookup: Lookup::Clockwise,
    servers_by: ServersBy::Name,
    settings: &[Setting::Load],
    note: None,
    hover: position_hover,
    picture: |layout, _| on_the_ring(SPEC.name, layout),
    listing: "Points per server",
    panel: Panel::None,
    practice: Some(7),
    copies: Copies::Unsaid,
    caveat: no_caveat,
    refuse_leaving: any_may_leave,
    ignored: nothing_ignored,
};

pub(in crate::core::placement) fn evaluate(
    layout: &Layout<'_>,
    _: Option<Earlier<'_>>,
) -> Evaluated {
    let a = assign(
        layout.ring,
        layout.keys,
        layout.options.load,
        &layout.weights(),
    );
    Evaluated {
        structure: Arc::new(Capped {
            ring: layout.ring.clone(),
            caps: a.caps,
            skips: a.skips,
        }),
        owners: Some(a.owners),
    }
}

/// The scenario's ring with each server's cap.
#[derive(Debug)]
struct Capped {
    ring: Arc<Ring>,
    caps: Vec<u64>,
    /// Points walked past full servers, over all keys.
    skips: u64,
}

impl Structure for Capped {
    fn owner_of_key(&self, keys: &KeySet, id: u32, _: usize) -> usize {
        // Asked only of placements that keep no owners; bounded loads keeps them.
        self.ring.owner_of(keys.position_of(id))
    }

    fn owner_of_lone(&self, _: &LoneKey<'_>, _: usize) -> Option<usize> {
        // A key's server depends on every other key's arrival: one key alone has none.
        None
    }

    fn circle(&self, size: RingSize) -> u64 {
        size.get()
    }

    fn key_spot(&self, keys: &KeySet, id: u32) -> u32 {
        keys.position_of(id)
    }

    fn owner_at_spot(&self, spot: u32, _: RingSize, _: usize) -> usize {
        self.ring.owner_of(spot)
    }

    fn stretches(&self, _: RingSize) -> Option<Vec<(u64, u64, usize)>> {
        Some(ring_stretches(&self.ring))
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

    fn cost(&self, keys: &KeySet, _: usize) -> Cost {
        Cost {
            per_key: search_steps(self.ring.points().len())
                + self.skips as f64 / keys.len().max(1) as f64,
            unit: "points searched",
        }
    }

    fn state(&self, _: usize) -> State {
        ring_state(&self.ring)
    }

    fn holdings(&self, _: usize) -> Vec<u64> {
        ring_holdings(&self.ring)
    }

    fn space(&self, _: RingSize, _: usize) -> Option<Space> {
        Some(ring_space(&self.ring))
    }

    fn lookup(&self, layout: &Layout<'_>, id: u32, owner: usize, names: &[Arc<str>]) -> Steps {
        let mut steps = hash_steps(layout, id);
        let hashing = steps.len();
        let ring = &self.ring;
        let name = |i: usize| names[i].to_string();
        let position = layout.keys.position_of(id);
        let first = ring.points()[ring.owner_point(position)];
        let skipped = skipped_points(ring, position, owner);
        let last =
            ring.points()[(ring.owner_point(position) + skipped.len()) % ring.points().len()];
        let mut marks = Vec::new();
        if skipped.is_empty() {
            steps.push(walk_words(
                layout.size.distance(position, first.position),
                position,
                first.position,
                &name(owner),
            ));
            steps.push(format!(
                "{} had room (its cap is {} keys), so it keeps the key.",
                name(owner),
                self.caps[owner]
            ));
        } else {
            let mut passed: Vec<String> = Vec::new();
            for &p in &skipped {
                let s = name(ring.points()[p].server as usize);
                if !passed.contains(&s) {
                    passed.push(s);
                }
                marks.push(Mark::Skipped {
                    at: ring.points()[p].position,
                });
            }
            steps.push(format!(
                "On the plain ring it would go to {}'s point at {}.",
                name(first.server as usize),
                first.position
            ));
            steps.push(format!(
                "When it arrived, {} {} full, so it walked on past {} {} to {}'s point at {}.",
                passed.join(", "),
                if passed.len() == 1 { "was" } else { "were" },
                skipped.len(),
                plural(skipped.len(), "point", "points"),
                name(owner),
                last.position
            ));
        }
        marks.push(Mark::Walk {
            from: position,
            to: last.position,
        });
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

    fn caps(&self) -> Option<&[u64]> {
        Some(&self.caps)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::{HashScheme, RingSize, Server};

    #[test]
    fn keys_arrive_by_the_mix_of_their_hash_then_by_label() {
        // Java's hashCode gives "Aa" and "BB" one hash, and so every mix of the two.
        let mut keys = KeySet::new(RingSize::FULL, HashScheme::JavaHashCode);
        let colliding = ["BBBB", "AaAa", "BBAa", "AaBB", "BB", "Aa"];
        keys.insert(
            colliding
                .iter()
                .map(|k| crate::core::Key::parse(k).unwrap())
                .collect(),
        )
        .unwrap();
        keys.generate(5000).unwrap();
        let mut naive: Vec<u32> = (0..keys.len() as u32).collect();
        naive.sort_by_key(|&id| (mix64(u64::from(keys.hash_of(id))), keys.label(id)));
        assert_eq!(arrival_order(&keys), naive);
        let first = |label: &str| {
            let id = keys.find(label).unwrap();
            arrival_order(&keys).iter().position(|&x| x == id).unwrap()
        };
        assert!(first("AaAa") < first("AaBB") && first("BBAa") < first("BBBB"));
    }

    #[test]
    fn no_server_holds_more_than_its_cap() {
        let servers: Vec<Server> = ["a", "b", "c"].map(Server::hashed).to_vec();
        let ring = Ring::build(RingSize::FULL, HashScheme::default(), 1, &servers);
        let mut keys = KeySet::new(RingSize::FULL, HashScheme::default());
        keys.generate(3000).unwrap();
        let a = assign(&ring, &keys, 110, &[1, 1, 1]);
        assert_eq!(a.caps, vec![1100, 1100, 1100]);
        assert!(a.loads.iter().zip(&a.caps).all(|(l, c)| l <= c));
        assert_eq!(a.loads.iter().sum::<u64>(), 3000);
        assert!(a.skips > 0, "one point each is lopsided enough to overflow");
    }

    #[test]
    fn a_key_that_overflowed_walked_past_only_full_servers() {
        let servers = [
            Server::at("A", 10),
            Server::at("B", 40),
            Server::at("C", 75),
        ];
        let ring = Ring::build(RingSize::TEACHING, HashScheme::default(), 1, &servers);
        let mut keys = KeySet::new(RingSize::TEACHING, HashScheme::default());
        keys.insert((0..9).map(|p| crate::core::Key::At(50 + p)).collect())
            .unwrap();
        // Nine keys between 50 and 58 all walk to C at 75; the cap at c = 1 is 3 each.
        let a = assign(&ring, &keys, 100, &[1, 1, 1]);
        assert_eq!(a.loads, vec![3, 3, 3]);
        for id in 0..9u32 {
            let owner = a.owners[id as usize] as usize;
            let skipped = skipped_points(&ring, keys.position_of(id), owner);
            let expected = match owner {
                2 => 0, // C itself
                0 => 1, // past C to A
                _ => 2, // past C and A to B
            };
            assert_eq!(skipped.len(), expected);
        }
    }
}
