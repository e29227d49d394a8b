//! One placement evaluated on one layout: the algorithm's structure, each key's owner where
//! the algorithm decides key by key, and the count of keys per server.

use std::sync::Arc;

use super::layout::Layout;
use super::{bounded, jump, ketama, maglev, multi_probe, rendezvous, systems, table, Kind};
use crate::core::hash::HashScheme;
use crate::core::keys::KeySet;
use crate::core::modn::{mod_n_owner, Remainder};
use crate::core::par::{map_ids, map_ids_with_total};
use crate::core::ring::Ring;
use crate::core::server::{Placement, Server};
use crate::core::size::RingSize;

/// One placement evaluated on one layout.
#[derive(Debug, Clone)]
pub struct Placed {
    pub(super) kind: Kind,
    pub(super) algo: Algo,
    /// Each key's server, for the placements that decide key by key.
    pub(super) owners: Option<Vec<u16>>,
    pub(super) counts: Vec<u64>,
    pub(super) names: Vec<Arc<str>>,
    pub(super) weights: Vec<u32>,
}

/// The structure each placement builds.
#[derive(Debug, Clone)]
pub(super) enum Algo {
    ModN,
    Ring(Arc<Ring>),
    Ketama(Arc<Ring>),
    Rendezvous(rendezvous::Rendezvous),
    Jump {
        jump: jump::Jump,
        /// The jumps of every key, added up.
        jumps: u64,
    },
    Maglev(maglev::Maglev),
    Table(Arc<table::PartitionTable>),
    Bounded {
        ring: Arc<Ring>,
        caps: Vec<u64>,
        skips: u64,
    },
    MultiProbe {
        ring: Arc<Ring>,
        probes: u32,
    },
    /// A real system: its structure, and each key's place on its circle.
    System {
        built: Arc<systems::Built>,
        spots: Arc<Vec<u32>>,
    },
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
        Placed::evaluate(layout, kind, Some((before, earlier)))
    }

    fn evaluate(
        layout: &Layout<'_>,
        kind: Kind,
        previous: Option<(&Layout<'_>, &Placed)>,
    ) -> Placed {
        let names: Vec<Arc<str>> = layout.ring.names().to_vec();
        let weights: Vec<u32> = layout.servers.iter().map(Server::weight).collect();
        let keys: &KeySet = layout.keys;
        let name_hashes = || -> Vec<u32> {
            layout
                .servers
                .iter()
                .map(|s| layout.hash.hash32(&s.name))
                .collect()
        };
        let mut owners = None;
        let algo = match kind {
            Kind::ModN => Algo::ModN,
            Kind::Ring => Algo::Ring(layout.ring.clone()),
            Kind::Ketama => {
                let ring = Arc::new(ketama::ring(&names, &weights));
                owners = Some(map_ids(keys.len(), |id| {
                    ring.owner_of(ketama_hash(keys, id)) as u16
                }));
                Algo::Ketama(ring)
            }
            Kind::Rendezvous => {
                let r = rendezvous::Rendezvous::new(&names, &name_hashes(), &weights);
                // The same keys' winners among the servers before, when only servers joined.
                let winners =
                    previous.and_then(|(before, earlier)| match (&earlier.algo, &earlier.owners) {
                        (Algo::Rendezvous(old), Some(owners))
                            if Arc::ptr_eq(before.keys, layout.keys) && r.extends(old) =>
                        {
                            Some((old, owners))
                        }
                        _ => None,
                    });
                owners = Some(match winners {
                    Some((old, was)) => map_ids(keys.len(), |id| {
                        r.owner_after(keys.hash_of(id), was[id as usize] as usize, old) as u16
                    }),
                    None => map_ids(keys.len(), |id| r.owner(keys.hash_of(id)) as u16),
                });
                Algo::Rendezvous(r)
            }
            Kind::Jump => {
                let j = jump::Jump {
                    buckets: names.len() as u32,
                };
                // The jumps are counted on the way, for the lookup's cost.
                let (found, jumps) = map_ids_with_total(keys.len(), |id| {
                    let (owner, jumps) = j.owner_and_jumps(keys.hash_of(id));
                    (owner as u16, u64::from(jumps))
                });
                owners = Some(found);
                Algo::Jump { jump: j, jumps }
            }
            Kind::Maglev => {
                let m = maglev::Maglev::new(layout.options.maglev_size, &name_hashes());
                owners = Some(map_ids(keys.len(), |id| m.owner(keys.hash_of(id)) as u16));
                Algo::Maglev(m)
            }
            Kind::Table => {
                let t = layout.table.clone();
                let size = layout.size;
                owners = Some(map_ids(keys.len(), |id| {
                    t.owner(t.partition_of(keys.position_of(id), size)) as u16
                }));
                Algo::Table(t)
            }
            Kind::Bounded => {
                let a = bounded::assign(layout.ring, keys, layout.options.load, &weights);
                owners = Some(a.owners);
                Algo::Bounded {
                    ring: layout.ring.clone(),
                    caps: a.caps,
                    skips: a.skips,
                }
            }
            Kind::MultiProbe => {
                let ring = Arc::new(one_point_ring(layout));
                let k = layout.options.probes;
                let finder = multi_probe::Finder::new(&ring);
                let at = multi_probe::positions_by_server(&ring);
                // When one server joined and nothing else changed: the keys' servers before.
                let joined = previous.and_then(|(before, earlier)| {
                    let (Algo::MultiProbe { ring: old, probes }, Some(was)) =
                        (&earlier.algo, &earlier.owners)
                    else {
                        return None;
                    };
                    let n = old.names().len();
                    let same = *probes == k
                        && Arc::ptr_eq(before.keys, layout.keys)
                        && old.size() == ring.size()
                        && ring.names().len() == n + 1
                        && old.names() == &ring.names()[..n]
                        && multi_probe::positions_by_server(old) == at[..n];
                    same.then_some((was, n))
                });
                owners = Some(match joined {
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
                });
                Algo::MultiProbe { ring, probes: k }
            }
            system => {
                let built = systems::Built::new(layout, system);
                let located = map_ids(keys.len(), |id| {
                    keys.with_label(id, |label| {
                        let l = built.locate(label);
                        (l.owner as u16, l.spot)
                    })
                });
                owners = Some(located.iter().map(|l| l.0).collect());
                Algo::System {
                    built: Arc::new(built),
                    spots: Arc::new(located.into_iter().map(|l| l.1).collect()),
                }
            }
        };
        let counts = match (&algo, &owners) {
            (_, Some(owners)) => {
                let mut counts = vec![0u64; names.len()];
                for &o in owners {
                    counts[o as usize] += 1;
                }
                counts
            }
            (Algo::Ring(ring), None) => ring.count_owned(keys.sorted_positions()),
            _ => mod_n_counts(keys.hashes(), names.len()),
        };
        Placed {
            kind,
            algo,
            owners,
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

    /// The index of the server owning key `id` of `keys` (the scenario's keys).
    pub fn owner_of_key(&self, keys: &KeySet, id: u32) -> usize {
        if let Some(owners) = &self.owners {
            return owners[id as usize] as usize;
        }
        match &self.algo {
            Algo::Ring(ring) => ring.owner_of(keys.position_of(id)),
            _ => mod_n_owner(keys.hash_of(id), self.names.len()),
        }
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
        let n = self.names.len();
        if accept(owner) {
            return Some(owner);
        }
        match (&self.algo, self.ring()) {
            (Algo::System { built, .. }, _) => {
                let list = keys.with_label(id, |label| built.preference(label, n, n));
                list.into_iter().skip(1).find(|&s| accept(s))
            }
            (Algo::Rendezvous(rv), _) => {
                let scores = rv.scores(keys.hash_of(id));
                let mut ranked: Vec<usize> = (0..n).collect();
                ranked.sort_unstable_by(|&a, &b| scores[b].total_cmp(&scores[a]).then(a.cmp(&b)));
                ranked.into_iter().skip(1).find(|&s| accept(s))
            }
            (_, Some(ring)) => {
                let start = ring.owner_point(self.key_spot(keys, id));
                let points = ring.points();
                let mut seen = vec![false; n];
                seen[owner] = true;
                let mut left = n - 1;
                // From the key's own point: under bounded loads and multi-probe the owner may
                // be another server than that point's.
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
            _ => (1..n).map(|i| (owner + i) % n).find(|&s| accept(s)),
        }
    }

    /// The ring of points this placement draws, when it has one: the scenario's ring for the
    /// ring and bounded loads, ketama's own, or multi-probe's one point per server.
    pub fn ring(&self) -> Option<&Ring> {
        match &self.algo {
            Algo::Ring(ring)
            | Algo::Bounded { ring, .. }
            | Algo::Ketama(ring)
            | Algo::MultiProbe { ring, .. } => Some(ring),
            _ => None,
        }
    }

    /// The partition table, for the partition-table placement.
    pub fn table(&self) -> Option<&table::PartitionTable> {
        match &self.algo {
            Algo::Table(t) => Some(t),
            _ => None,
        }
    }

    /// The real system's structure, for the real systems.
    pub fn system(&self) -> Option<&systems::Built> {
        match &self.algo {
            Algo::System { built, .. } => Some(built),
            _ => None,
        }
    }

    /// Key `id`'s coordinate in its system's own terms (`slot=12182`), for the real systems.
    pub fn coordinate(&self, keys: &KeySet, id: u32) -> Option<systems::Coordinate> {
        let built = self.system()?;
        Some(keys.with_label(id, |label| built.locate(label).coordinate))
    }

    /// The maglev table, for maglev.
    pub fn maglev(&self) -> Option<&maglev::Maglev> {
        match &self.algo {
            Algo::Maglev(m) => Some(m),
            _ => None,
        }
    }

    /// The number of places on the circle the canvas draws: the ring's positions, 2^32 for
    /// ketama, or the entries of maglev's table.
    pub fn circle(&self, size: RingSize) -> u64 {
        match &self.algo {
            Algo::Ketama(_) => RingSize::FULL.get(),
            Algo::Maglev(m) => u64::from(m.size()),
            Algo::System { built, .. } => built.circle(),
            _ => size.get(),
        }
    }

    /// Where key `id` sits on that circle.
    pub fn key_spot(&self, keys: &KeySet, id: u32) -> u32 {
        match &self.algo {
            Algo::Ketama(_) => ketama_hash(keys, id),
            Algo::Maglev(m) => m.entry_of(keys.hash_of(id)),
            Algo::System { spots, .. } => spots[id as usize],
            _ => keys.position_of(id),
        }
    }

    /// The server that a key at `spot` on the circle would go to, for drawing the circle
    /// position by position: a key placed by hand at a position has that position as its hash,
    /// and maglev's spots are its table entries. A spot past the circle's end (a position of
    /// another placement's circle) is taken round the circle, so every spot has an owner.
    pub fn owner_at_spot(&self, spot: u32, size: RingSize) -> usize {
        let n = self.names.len();
        let spot = (u64::from(spot) % self.circle(size)) as u32;
        match &self.algo {
            Algo::ModN => mod_n_owner(spot, n),
            Algo::Ring(ring) | Algo::Bounded { ring, .. } => ring.owner_of(spot),
            Algo::Ketama(ring) => ring.owner_of(spot),
            Algo::Rendezvous(r) => r.owner(spot),
            Algo::Jump { jump: j, .. } => j.owner(spot),
            Algo::Maglev(m) => m.table[spot as usize] as usize,
            Algo::Table(t) => t.owner(t.partition_of(spot, size)),
            Algo::MultiProbe { ring, probes } => multi_probe::owner(ring, spot, *probes),
            Algo::System { built, .. } => built.owner_at_spot(spot),
        }
    }
}

/// Ketama's hash of key `id`: the MD5 of its label, first four bytes little-endian. Stored
/// MD5-first-32 hashes are the same bytes big-endian, so they are reused when they exist.
pub fn ketama_hash(keys: &KeySet, id: u32) -> u32 {
    keys.label_hash(id, HashScheme::Md5First32).swap_bytes()
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

/// Keys per server under `hash mod N`, by one pass over the hashes.
fn mod_n_counts(hashes: &[u32], servers: usize) -> Vec<u64> {
    let mut counts = vec![0u64; servers];
    let Ok(n) = u32::try_from(servers) else {
        return counts;
    };
    if n == 0 {
        return counts;
    }
    let by = Remainder::new(n);
    for &h in hashes {
        counts[by.of(h) as usize] += 1;
    }
    counts
}
