//! One placement evaluated on one layout: the structure it built, each key's owner where it
//! decides key by key, and the count of keys per server.

use std::sync::Arc;

use super::layout::Layout;
use super::measure::{Cost, Space, State};
use super::partitions::PartitionTable;
use super::structure::{Earlier, Evaluated, LoneKey, Structure};
use super::systems::{Coordinate, System};
use super::trace::Trace;
use super::Kind;
use crate::core::keys::KeySet;
use crate::core::ring::Ring;
use crate::core::server::Server;
use crate::core::size::RingSize;

/// One placement evaluated on one layout.
#[derive(Debug, Clone)]
pub struct Placed {
    pub(super) kind: Kind,
    pub(super) structure: Arc<dyn Structure>,
    /// Each key's server, for the placements that decide key by key.
    pub(super) owners: Option<Arc<Vec<u16>>>,
    pub(super) counts: Vec<u64>,
    pub(super) names: Vec<Arc<str>>,
    pub(super) weights: Vec<u32>,
}

impl Placed {
    /// Evaluates `kind` on `layout`: builds its structure and finds every key's server.
    pub fn new(layout: &Layout<'_>, kind: Kind) -> Placed {
        Placed::evaluate(layout, kind, None)
    }

    /// Evaluates `kind` on `layout`, which came from `before` by a change, given `earlier`,
    /// the same placement evaluated on `before`: the result is `Placed::new(layout, kind)`,
    /// found with less work where the placement allows it. Rendezvous, when servers only
    /// joined, scores each key against the newcomers alone; multi-probe, when one server
    /// joined, measures each key's probes against two points instead of looking them up.
    pub fn following(
        layout: &Layout<'_>,
        kind: Kind,
        before: &Layout<'_>,
        earlier: &Placed,
    ) -> Placed {
        let earlier = (earlier.kind == kind).then(|| Earlier {
            layout: before,
            structure: &*earlier.structure,
            owners: earlier.owners(),
        });
        Placed::evaluate(layout, kind, earlier)
    }

    /// Evaluates `kind` on `layout` when how many keys each server owns is already known:
    /// `counts`, in list order, worked out from the same placement before a change and what the
    /// change moved (see [`RingDiff::counts_after`](crate::core::RingDiff::counts_after)).
    /// The result is `Placed::new(layout, kind)` without counting the keys again. A placement
    /// that finds each key's owner one by one counts them as it does so, and `counts` is then
    /// not needed.
    pub fn counted(layout: &Layout<'_>, kind: Kind, counts: Vec<u64>) -> Placed {
        debug_assert_eq!(counts.len(), layout.ring.names().len());
        Placed::build(layout, kind, None, Some(counts))
    }

    fn evaluate(layout: &Layout<'_>, kind: Kind, previous: Option<Earlier<'_>>) -> Placed {
        Placed::build(layout, kind, previous, None)
    }

    fn build(
        layout: &Layout<'_>,
        kind: Kind,
        previous: Option<Earlier<'_>>,
        known: Option<Vec<u64>>,
    ) -> Placed {
        let names: Vec<Arc<str>> = layout.ring.names().to_vec();
        let weights: Vec<u32> = layout.servers.iter().map(Server::weight).collect();
        // The page fetches a placement's code before anything can name it (`ui::placements`).
        let evaluate = kind
            .evaluation()
            .expect("a placement is evaluated only once its code is here");
        let Evaluated { structure, owners } = evaluate(layout, previous);
        let counts = match (&owners, known) {
            (Some(owners), _) => {
                let mut counts = vec![0u64; names.len()];
                for &o in owners {
                    counts[o as usize] += 1;
                }
                counts
            }
            (None, Some(counts)) => counts,
            (None, None) => structure.count_keys(layout.keys, names.len()),
        };
        Placed {
            kind,
            structure,
            owners: owners.map(Arc::new),
            counts,
            names,
            weights,
        }
    }

    /// Which placement this is.
    pub fn kind(&self) -> Kind {
        self.kind
    }

    /// The server names, in list order.
    pub fn names(&self) -> &[Arc<str>] {
        &self.names
    }

    /// How many keys each server owns, in list order.
    pub fn counts(&self) -> &[u64] {
        &self.counts
    }

    /// Each key's server by key id, where the placement found them one by one.
    pub fn owners(&self) -> Option<&[u16]> {
        self.owners.as_deref().map(Vec::as_slice)
    }

    /// The structure this placement built.
    pub fn structure(&self) -> &dyn Structure {
        &*self.structure
    }

    /// The index of the server owning key `id` of `keys` (the scenario's keys).
    pub fn owner_of_key(&self, keys: &KeySet, id: u32) -> usize {
        match &self.owners {
            Some(owners) => owners[id as usize] as usize,
            None => self.structure.owner_of_key(keys, id, self.names.len()),
        }
    }

    /// The server a key goes to, looked up on its own (see [`LoneKey`]); `None` where the
    /// placement needs every key to place one (bounded loads).
    pub fn owner_of_lone(&self, probe: &LoneKey<'_>) -> Option<usize> {
        self.structure.owner_of_lone(probe, self.names.len())
    }

    /// Where `r` copies of key `id` go, owner first, `r` distinct servers at most: clockwise
    /// from the key on a ring (its owner first under bounded loads and multi-probe), by falling
    /// score under rendezvous, and otherwise the owner and then the servers after it in list
    /// order.
    pub fn preference(&self, keys: &KeySet, id: u32, r: usize) -> Vec<usize> {
        let r = r.clamp(1, self.names.len());
        let mut list = Vec::with_capacity(r);
        self.first_in_preference(keys, id, |server| {
            list.push(server);
            list.len() == r
        });
        list
    }

    /// Walks key `id`'s preference list (see [`Placed::preference`]) server by server and
    /// returns the first that `accept` takes, without working out the rest of the list.
    pub fn first_in_preference(
        &self,
        keys: &KeySet,
        id: u32,
        mut accept: impl FnMut(usize) -> bool,
    ) -> Option<usize> {
        let owner = self.owner_of_key(keys, id);
        if accept(owner) {
            return Some(owner);
        }
        self.structure
            .next_choice(keys, id, owner, self.names.len(), &mut accept)
    }

    /// The ring of points this placement draws, when it has one: the scenario's ring for the
    /// ring and bounded loads, ketama's own, or multi-probe's one point per server.
    pub fn ring(&self) -> Option<&Ring> {
        self.structure.ring()
    }

    /// The partition table, for the partition-table placement.
    pub fn table(&self) -> Option<&PartitionTable> {
        self.structure.table()
    }

    /// The real system's structure, for the real systems.
    pub fn system(&self) -> Option<&dyn System> {
        self.structure.system()
    }

    /// Key `id`'s coordinate in its system's own terms (`slot=12182`), for the real systems.
    pub fn coordinate(&self, keys: &KeySet, id: u32) -> Option<Coordinate> {
        let system = self.system()?;
        Some(keys.with_label(id, |label| system.locate(label).coordinate))
    }

    /// Whether key `id` of `keys` sits in another group (partition, shard) under `after`,
    /// evaluated on `after_keys` (the same keys by id), than it does here.
    pub fn regroups(&self, keys: &KeySet, after: &Placed, after_keys: &KeySet, id: u32) -> bool {
        self.coordinate(keys, id) != after.coordinate(after_keys, id)
    }

    /// The number of places on the circle the canvas draws: the ring's positions, 2^32 for
    /// ketama, or the entries of maglev's table.
    pub fn circle(&self, size: RingSize) -> u64 {
        self.structure.circle(size)
    }

    /// Where key `id` sits on that circle.
    pub fn key_spot(&self, keys: &KeySet, id: u32) -> u32 {
        self.structure.key_spot(keys, id)
    }

    /// The server that a key at `spot` on the circle would go to, for drawing the circle
    /// position by position: a key placed by hand at a position has that position as its hash,
    /// and maglev's spots are its table entries. A spot past the circle's end (a position of
    /// another placement's circle) is taken round the circle, so every spot has an owner.
    pub fn owner_at_spot(&self, spot: u32, size: RingSize) -> usize {
        let spot = (u64::from(spot) % self.circle(size)) as u32;
        self.structure.owner_at_spot(spot, size, self.names.len())
    }

    /// The name of the circle the canvas draws for this placement on `layout` (the layout it
    /// was evaluated on): "Hash ring of 100 positions", "Redis Cluster, drawn on a circle of
    /// 16,384 places".
    pub fn picture_words(&self, layout: &Layout<'_>) -> String {
        (self.kind.spec().picture)(layout, self.circle(layout.size))
    }

    /// What a spot of the circle is, in the placement's words: "Slot 12182 belongs to master
    /// B", "Position 52 belongs to C".
    pub fn spot_words(&self, spot: u32, size: RingSize) -> String {
        let owner = &self.names[self.owner_at_spot(spot, size)];
        (self.kind.spec().hover)(spot, owner)
    }

    /// The stretches of the circle and their owners, `(last place, length, server)` clockwise
    /// from 0, where the placement knows them exactly (the arcs of a ring, the partitions of a
    /// table); `None` where the circle must be asked place by place.
    pub fn stretches(&self, size: RingSize) -> Option<Vec<(u64, u64, usize)>> {
        self.structure.stretches(size)
    }
}

/// At most this many positions are asked for their owner to estimate a share.
const SAMPLES: u64 = 4096;

impl Placed {
    /// The cost of one lookup. Where it varies from key to key (jumps, points walked past full
    /// servers) it is the mean over `keys`, the scenario's keys (as for
    /// [`Placed::owner_of_key`]), counted when the keys were placed.
    pub fn cost(&self, keys: &KeySet) -> Cost {
        self.structure.cost(keys, self.names.len())
    }

    /// What the placement stores.
    pub fn state(&self) -> State {
        self.structure.state(self.names.len())
    }

    /// What each server gives the placement: its points, table entries or partitions (0 where
    /// the placement keeps nothing per server).
    pub fn holdings(&self) -> Vec<u64> {
        self.structure.holdings(self.names.len())
    }

    /// Each bounded server's cap, for bounded loads.
    pub fn caps(&self) -> Option<&[u64]> {
        self.structure.caps()
    }

    /// How much of the key space each server holds: exact arcs, hash values or table entries
    /// where the placement has them, otherwise the owners of evenly spaced positions.
    pub fn space(&self, size: RingSize) -> Space {
        let n = self.names.len();
        if let Some(space) = self.structure.space(size, n) {
            return space;
        }
        let samples = size.get().min(SAMPLES);
        let mut amounts = vec![0u64; n];
        for j in 0..samples {
            let spot = (u128::from(j) * u128::from(size.get()) / u128::from(samples)) as u32;
            amounts[self.owner_at_spot(spot, size)] += 1;
        }
        Space {
            amounts,
            total: samples,
            unit: if samples == size.get() {
                "positions"
            } else {
                "sampled positions"
            },
            exact: samples == size.get(),
        }
    }

    /// Each server's ideal share: its weight over the total where the placement honours
    /// weights, an equal share otherwise.
    pub fn ideals(&self) -> Vec<f64> {
        let n = self.weights.len();
        if self.kind.spec().uses_weights() {
            let total: u64 = self.weights.iter().map(|&w| u64::from(w)).sum();
            self.weights
                .iter()
                .map(|&w| f64::from(w) / total as f64)
                .collect()
        } else {
            vec![1.0 / n as f64; n]
        }
    }
}

impl Placed {
    /// How key `id` of `layout` (the layout this was evaluated on) finds its server.
    pub fn trace(&self, layout: &Layout<'_>, id: u32) -> Trace {
        let owner = self.owner_of_key(layout.keys, id);
        let lookup = self.structure.lookup(layout, id, owner, &self.names);
        Trace {
            owner,
            steps: lookup.steps,
            hashing: lookup.hashing,
            marks: lookup.marks,
            scores: lookup.scores,
        }
    }
}
