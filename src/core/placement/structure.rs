//! What every placement builds: a [`Structure`] its lookups read (a ring of points, a table,
//! a list of buckets, a system's slots...), and what each one says of itself.
//!
//! [`Placed`](super::Placed) holds one structure and asks it everything that differs from one
//! placement to the next; each placement's file implements it beside its [`Spec`](super::Spec).
//! Methods without a default are the ones a new placement must fill in.

use std::any::Any;
use std::fmt;
use std::sync::Arc;

use super::layout::Layout;
use super::measure::{Cost, Space, State};
use super::partitions::PartitionTable;
use super::systems::system::System;
use super::trace::Mark;
use crate::core::keys::{Key, KeySet};
use crate::core::ring::Ring;
use crate::core::size::RingSize;

/// One key as every placement can look it up without a key set: its label (the bytes a real
/// system hashes), its 32-bit hash under the layout's scheme and its position on the layout's
/// ring (a key placed by hand, `@52`, has its position as its hash).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LoneKey<'a> {
    /// The key's label.
    pub label: &'a str,
    /// Its 32-bit hash.
    pub hash: u32,
    /// Its position on the ring.
    pub position: u32,
}

impl<'a> LoneKey<'a> {
    /// Key `key`, labelled `label`, on `layout`.
    pub fn of(key: &Key, label: &'a str, layout: &Layout<'_>) -> LoneKey<'a> {
        let hash = key.hash32(layout.hash);
        LoneKey {
            label,
            hash,
            position: layout.size.position_of(hash),
        }
    }
}

/// The same placement evaluated on the layout before a change, which an evaluation may reuse.
#[derive(Clone, Copy)]
pub struct Earlier<'a> {
    /// The layout before the change.
    pub layout: &'a Layout<'a>,
    /// The structure built on it.
    pub structure: &'a dyn Structure,
    /// Each key's server on it, where the placement found them one by one.
    pub owners: Option<&'a [u16]>,
}

/// A placement evaluated on one layout: its structure and, where it decides key by key, each
/// key's server.
pub struct Evaluated {
    /// The structure the lookups read.
    pub structure: Arc<dyn Structure>,
    /// Each key's server, by key id, where the placement finds them one by one.
    pub owners: Option<Vec<u16>>,
}

/// One key's lookup in the placement's own terms: what the selected-key panel says and what
/// the canvas draws.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Lookup {
    /// What happens, in order, in words.
    pub steps: Vec<String>,
    /// How many of the first steps only hash the key (the rest decide its server).
    pub hashing: usize,
    /// What the canvas draws.
    pub marks: Vec<Mark>,
    /// Every server's score, in list order, where servers score keys.
    pub scores: Vec<f64>,
}

/// The structure a placement builds, and what differs from one placement to the next.
pub trait Structure: fmt::Debug + Send + Sync + Any {
    /// The server owning key `id` of `keys` (the keys it was built with), among `servers`.
    fn owner_of_key(&self, keys: &KeySet, id: u32, servers: usize) -> usize;

    /// The server a key goes to, looked up on its own, without the other keys; `None` where
    /// the placement needs every key to place one (bounded loads).
    fn owner_of_lone(&self, probe: &LoneKey<'_>, servers: usize) -> Option<usize>;

    /// How many keys each of `servers` servers owns, for placements that keep no owners.
    fn count_keys(&self, keys: &KeySet, servers: usize) -> Vec<u64> {
        let mut counts = vec![0u64; servers];
        for id in 0..keys.len() as u32 {
            counts[self.owner_of_key(keys, id, servers)] += 1;
        }
        counts
    }

    /// How many places the circle the canvas draws has, on a ring of `size`.
    fn circle(&self, size: RingSize) -> u64;

    /// Where key `id` sits on that circle.
    fn key_spot(&self, keys: &KeySet, id: u32) -> u32;

    /// The server a key at `spot` (a place of the circle) would go to, among `servers`.
    fn owner_at_spot(&self, spot: u32, size: RingSize, servers: usize) -> usize;

    /// The stretches of the circle and their owners, `(last place, length, server)` clockwise
    /// from 0, where the structure knows them exactly; `None` to ask place by place.
    fn stretches(&self, _size: RingSize) -> Option<Vec<(u64, u64, usize)>> {
        None
    }

    /// Walks key `id`'s preference list after its owner `owner`, server by server, and returns
    /// the first that `accept` takes: by default the servers after the owner in list order,
    /// as placements without a ring walk it.
    fn next_choice(
        &self,
        _keys: &KeySet,
        _id: u32,
        owner: usize,
        servers: usize,
        accept: &mut dyn FnMut(usize) -> bool,
    ) -> Option<usize> {
        walk_list(owner, servers, accept)
    }

    /// What one lookup costs.
    fn cost(&self, keys: &KeySet, servers: usize) -> Cost;

    /// What the placement stores.
    fn state(&self, servers: usize) -> State;

    /// What each server gives the placement: its points, table entries or partitions.
    fn holdings(&self, servers: usize) -> Vec<u64>;

    /// How much of the key space each server holds, where the structure knows it exactly;
    /// `None` to ask evenly spaced positions.
    fn space(&self, _size: RingSize, _servers: usize) -> Option<Space> {
        None
    }

    /// How key `id` of `layout` finds `owner`, with `names` the servers' names.
    fn lookup(&self, layout: &Layout<'_>, id: u32, owner: usize, names: &[Arc<str>]) -> Lookup;

    /// The ring of points the canvas draws, when there is one.
    fn ring(&self) -> Option<&Ring> {
        None
    }

    /// The partition table, for the partition table.
    fn table(&self) -> Option<&PartitionTable> {
        None
    }

    /// The real system's structure, for the real systems.
    fn system(&self) -> Option<&dyn System> {
        None
    }

    /// Each server's cap on keys, where the placement caps them.
    fn caps(&self) -> Option<&[u64]> {
        None
    }
}

/// The preference walk of a ring of points: from the point that owns `spot`, clockwise, the
/// servers not yet met after `owner`.
pub fn walk_ring(
    ring: &Ring,
    spot: u32,
    owner: usize,
    servers: usize,
    accept: &mut dyn FnMut(usize) -> bool,
) -> Option<usize> {
    let start = ring.owner_point(spot);
    let points = ring.points();
    let mut seen = vec![false; servers];
    seen[owner] = true;
    let mut left = servers - 1;
    // From the key's own point: under bounded loads and multi-probe the owner may be another
    // server than that point's.
    for step in 0..points.len() {
        if left == 0 {
            break;
        }
        let server = points[(start + step) % points.len()].server as usize;
        if !seen[server] {
            seen[server] = true;
            left -= 1;
            if accept(server) {
                return Some(server);
            }
        }
    }
    None
}

/// The preference walk of placements without a ring: the servers after `owner` in list order.
fn walk_list(owner: usize, servers: usize, accept: &mut dyn FnMut(usize) -> bool) -> Option<usize> {
    (1..servers)
        .map(|i| (owner + i) % servers)
        .find(|&s| accept(s))
}

/// The stretches of a ring of points: each point's arc, ending at it.
pub fn ring_stretches(ring: &Ring) -> Vec<(u64, u64, usize)> {
    ring.points()
        .iter()
        .enumerate()
        .filter_map(|(index, point)| {
            let length = ring.point_arc(index);
            (length > 0).then(|| (u64::from(point.position), length, point.server as usize))
        })
        .collect()
}

/// How much of the ring each server's arcs cover, exactly.
pub fn ring_space(ring: &Ring) -> Space {
    Space {
        amounts: ring.owned_arcs(),
        total: ring.size().get(),
        unit: "positions",
        exact: true,
    }
}

/// The points each server has on `ring`.
pub fn ring_holdings(ring: &Ring) -> Vec<u64> {
    ring.point_counts().into_iter().map(|c| c as u64).collect()
}

/// What a ring of points stores.
pub fn ring_state(ring: &Ring) -> State {
    State {
        count: ring.points().len() as u64,
        unit: "points",
    }
}
