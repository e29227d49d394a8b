//! Placements: the ways of deciding which server owns a key, side by side.
//!
//! Every placement answers one question, "which server owns this key?", for the scenario's
//! servers (in list order, with their weights) and keys. All but ketama start from the key's
//! 32-bit hash, the value the ring uses (a key placed by hand at p has hash p); ketama hashes
//! the key's label its own way. Where an algorithm needs 64 bits it widens the hash with
//! [`widen`](crate::core::widen).
//!
//! | placement | a key goes to | module |
//! |---|---|---|
//! | hash mod N | `servers[hash mod N]` | [`crate::core::mod_n_owner`] |
//! | ring | the first point at or after its position | [`crate::core::Ring`] |
//! | ketama | the same, on libketama's own 2^32 ring | [`ketama`] |
//! | rendezvous | the server scoring it highest | [`rendezvous`] |
//! | jump | the bucket its jumps end on | [`jump`] |
//! | maglev | the owner of table entry `hash mod M` | [`maglev`] |
//! | partition table | the holder of its partition | [`table`] |
//! | bounded loads | the first server with room, from its ring owner on | [`bounded`] |
//! | multi-probe | the server whose point follows one of its k probes most closely | [`multi_probe`] |
//!
//! [`Placed`] is one placement evaluated on one scenario: the algorithm's structure, each
//! key's owner where the algorithm decides key by key, and the count of keys per server.

pub mod bounded;
mod compare;
pub mod jump;
pub mod ketama;
pub mod maglev;
mod measure;
mod moved;
pub mod multi_probe;
pub mod rendezvous;
pub mod table;
mod trace;

use std::fmt;
use std::str::FromStr;
use std::sync::Arc;

use serde::{Deserialize, Serialize};

use super::decimal::parse_decimal;
use super::error::Error;
use super::hash::HashScheme;
use super::keys::KeySet;
use super::modn::mod_n_owner;
use super::par::{map_ids, map_ids_with_total};
use super::ring::Ring;
use super::scenario::Scenario;
use super::server::Server;
use super::size::RingSize;

pub use compare::{compare, Best, Column, Comparison};
pub use measure::{Cost, Space, State};
pub use moved::{ideal_movement, mod_n_moves, moves_between};
pub use trace::{Mark, Trace};

/// A way of placing keys on servers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Kind {
    /// `servers[hash mod N]`.
    ModN,
    /// The consistent-hashing ring with virtual nodes.
    #[default]
    Ring,
    /// libketama's ring, as memcached clients use it.
    Ketama,
    /// Rendezvous (highest random weight) hashing.
    Rendezvous,
    /// Jump consistent hash.
    Jump,
    /// Maglev's lookup table.
    Maglev,
    /// A fixed table of partitions.
    Table,
    /// The ring with bounded loads.
    Bounded,
    /// Multi-probe consistent hashing.
    MultiProbe,
}

impl Kind {
    /// Every placement, in the order they are offered.
    pub const ALL: [Kind; 9] = [
        Kind::Ring,
        Kind::ModN,
        Kind::Ketama,
        Kind::Rendezvous,
        Kind::Jump,
        Kind::Maglev,
        Kind::Table,
        Kind::Bounded,
        Kind::MultiProbe,
    ];

    /// The name used in links and on the command line.
    pub fn id(self) -> &'static str {
        match self {
            Kind::ModN => "mod-n",
            Kind::Ring => "ring",
            Kind::Ketama => "ketama",
            Kind::Rendezvous => "rendezvous",
            Kind::Jump => "jump",
            Kind::Maglev => "maglev",
            Kind::Table => "table",
            Kind::Bounded => "bounded",
            Kind::MultiProbe => "multi-probe",
        }
    }

    /// The name for people.
    pub fn name(self) -> &'static str {
        match self {
            Kind::ModN => "hash mod N",
            Kind::Ring => "Ring",
            Kind::Ketama => "Ketama",
            Kind::Rendezvous => "Rendezvous",
            Kind::Jump => "Jump hash",
            Kind::Maglev => "Maglev",
            Kind::Table => "Partition table",
            Kind::Bounded => "Bounded loads",
            Kind::MultiProbe => "Multi-probe",
        }
    }

    /// What it does, in one sentence.
    pub fn summary(self) -> &'static str {
        match self {
            Kind::ModN => "A key goes to servers[hash mod N]: perfectly even, but changing N moves almost every key.",
            Kind::Ring => "A key goes to the first server point clockwise from it; virtual nodes even out the shares.",
            Kind::Ketama => "The ring as memcached clients build it: 160 MD5 points per server on the 2^32 ring.",
            Kind::Rendezvous => "Every server scores the key; the highest score wins. Even and minimal, but every lookup scores every server.",
            Kind::Jump => "A few lines of arithmetic jump the key to a bucket. No state, but only the last server can leave cheaply.",
            Kind::Maglev => "A prime-sized table, filled by the servers in turns; a key reads one entry.",
            Kind::Table => "The ring is cut into fixed partitions and a table says who holds each; moves are whole partitions.",
            Kind::Bounded => "The ring, but no server takes more than c times its fair share; overflow walks on clockwise.",
            Kind::MultiProbe => "One point per server; the key looks k times and takes the nearest point it finds.",
        }
    }

    /// Whether the placement owns arcs of a ring (so the canvas draws arcs).
    pub fn has_arcs(self) -> bool {
        matches!(
            self,
            Kind::Ring | Kind::Ketama | Kind::Table | Kind::Bounded
        )
    }

    /// Whether weights change what a server gets.
    pub fn uses_weights(self) -> bool {
        matches!(
            self,
            Kind::Ring | Kind::Ketama | Kind::Rendezvous | Kind::Table | Kind::Bounded
        )
    }
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

impl FromStr for Kind {
    type Err = Error;
    fn from_str(s: &str) -> Result<Kind, Error> {
        Kind::ALL
            .into_iter()
            .find(|k| k.id() == s.trim())
            .ok_or_else(|| Error::UnknownPlacement(s.trim().to_string()))
    }
}

/// The settings of the placements that have any.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Options {
    /// Maglev's table size, a prime.
    pub maglev_size: u32,
    /// Partitions of the partition table; `None` follows the ring size
    /// ([`table::default_count`]).
    pub partitions: Option<u32>,
    /// Bounded loads' factor c, in hundredths.
    pub load: u32,
    /// Multi-probe's probes per key.
    pub probes: u32,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            maglev_size: maglev::DEFAULT_SIZE,
            partitions: None,
            load: bounded::DEFAULT_LOAD,
            probes: multi_probe::DEFAULT_PROBES,
        }
    }
}

impl Options {
    /// The partition count on a ring of `size`.
    pub fn partition_count(&self, size: RingSize) -> u32 {
        self.partitions
            .unwrap_or_else(|| table::default_count(size))
    }
}

/// Checks a maglev table size: a prime from 5 to 1,000,003.
pub fn check_maglev_size(size: u32) -> Result<u32, Error> {
    if maglev::SIZES.contains(&size) && maglev::is_prime(size) {
        Ok(size)
    } else {
        Err(Error::NotAPrimeTable(size))
    }
}

/// Checks a load factor in hundredths: 100 to 300.
pub fn check_load(load: u32) -> Result<u32, Error> {
    if bounded::LOADS.contains(&load) {
        Ok(load)
    } else {
        Err(Error::OutOfRange(
            "The load factor c goes from 1.00 to 3.00.",
        ))
    }
}

/// Checks a probe count: 1 to 64.
pub fn check_probes(probes: u32) -> Result<u32, Error> {
    if multi_probe::PROBES.contains(&probes) {
        Ok(probes)
    } else {
        Err(Error::OutOfRange("Multi-probe takes from 1 to 64 probes."))
    }
}

/// Reads a load factor written `1.25` (or `125%`) as hundredths.
pub fn parse_load(text: &str) -> Result<u32, Error> {
    let t = text.trim();
    let value = match t.strip_suffix('%') {
        Some(p) => parse_decimal(p.trim()).map(|v| v / 100.0),
        None => parse_decimal(t),
    }
    .ok_or_else(|| Error::NotANumber(t.to_string()))?;
    if !value.is_finite() {
        return Err(Error::NotANumber(t.to_string()));
    }
    check_load((value * 100.0).round().clamp(0.0, 1e6) as u32)
}

/// A load factor in hundredths, written for people and links: `1.25`.
pub fn load_text(load: u32) -> String {
    format!("{}.{:02}", load / 100, load % 100)
}

/// One placement evaluated on one scenario.
#[derive(Debug, Clone)]
pub struct Placed {
    kind: Kind,
    algo: Algo,
    /// Each key's server, for the placements that decide key by key.
    owners: Option<Vec<u16>>,
    counts: Vec<u64>,
    names: Vec<Arc<str>>,
    weights: Vec<u32>,
}

#[derive(Debug, Clone)]
enum Algo {
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
}

impl Placed {
    /// Evaluates `kind` on `scenario`: builds its structure and finds every key's server.
    pub fn new(scenario: &Scenario, kind: Kind) -> Placed {
        Placed::evaluate(scenario, kind, None)
    }

    /// Evaluates `kind` on `scenario`, which came from `before` by a change, given `earlier`,
    /// the same placement evaluated on `before`: the result is `Placed::new(scenario, kind)`,
    /// found with less work where the placement allows it. Rendezvous, when servers only
    /// joined, scores each key against the newcomers alone; multi-probe, when one server
    /// joined, measures each key's probes against two points instead of looking them up.
    fn following(scenario: &Scenario, kind: Kind, before: &Scenario, earlier: &Placed) -> Placed {
        Placed::evaluate(scenario, kind, Some((before, earlier)))
    }

    fn evaluate(scenario: &Scenario, kind: Kind, previous: Option<(&Scenario, &Placed)>) -> Placed {
        let names: Vec<Arc<str>> = scenario.ring.names().to_vec();
        let weights: Vec<u32> = scenario.servers.iter().map(Server::weight).collect();
        let keys = &*scenario.keys;
        let name_hashes = || -> Vec<u32> {
            scenario
                .servers
                .iter()
                .map(|s| scenario.hash.hash32(&s.name))
                .collect()
        };
        let mut owners = None;
        let algo = match kind {
            Kind::ModN => Algo::ModN,
            Kind::Ring => Algo::Ring(scenario.ring.clone()),
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
                            if Arc::ptr_eq(&before.keys, &scenario.keys) && r.extends(old) =>
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
                let m = maglev::Maglev::new(scenario.options.maglev_size, &name_hashes());
                owners = Some(map_ids(keys.len(), |id| m.owner(keys.hash_of(id)) as u16));
                Algo::Maglev(m)
            }
            Kind::Table => {
                let t = scenario.table.clone();
                let size = scenario.size;
                owners = Some(map_ids(keys.len(), |id| {
                    t.owner(t.partition_of(keys.position_of(id), size)) as u16
                }));
                Algo::Table(t)
            }
            Kind::Bounded => {
                let a = bounded::assign(&scenario.ring, keys, scenario.options.load, &weights);
                owners = Some(a.owners);
                Algo::Bounded {
                    ring: scenario.ring.clone(),
                    caps: a.caps,
                    skips: a.skips,
                }
            }
            Kind::MultiProbe => {
                let ring = Arc::new(one_point_ring(scenario));
                let k = scenario.options.probes;
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
                        && Arc::ptr_eq(&before.keys, &scenario.keys)
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
            _ => size.get(),
        }
    }

    /// Where key `id` sits on that circle.
    pub fn key_spot(&self, keys: &KeySet, id: u32) -> u32 {
        match &self.algo {
            Algo::Ketama(_) => ketama_hash(keys, id),
            Algo::Maglev(m) => m.entry_of(keys.hash_of(id)),
            _ => keys.position_of(id),
        }
    }

    /// The server that a key at `spot` on the circle would go to, for drawing the circle
    /// position by position: a key placed by hand at a position has that position as its hash,
    /// and maglev's spots are its table entries.
    pub fn owner_at_spot(&self, spot: u32, size: RingSize) -> usize {
        let n = self.names.len();
        match &self.algo {
            Algo::ModN => mod_n_owner(spot, n),
            Algo::Ring(ring) | Algo::Bounded { ring, .. } => ring.owner_of(spot),
            Algo::Ketama(ring) => ring.owner_of(spot),
            Algo::Rendezvous(r) => r.owner(spot),
            Algo::Jump { jump: j, .. } => j.owner(spot),
            Algo::Maglev(m) => m.table[spot as usize] as usize,
            Algo::Table(t) => t.owner(t.partition_of(spot, size)),
            Algo::MultiProbe { ring, probes } => multi_probe::owner(ring, spot, *probes),
        }
    }
}

/// Ketama's hash of key `id`: the MD5 of its label, first four bytes little-endian. Stored
/// MD5-first-32 hashes are the same bytes big-endian, so they are reused when they exist.
pub fn ketama_hash(keys: &KeySet, id: u32) -> u32 {
    keys.label_hash(id, HashScheme::Md5First32).swap_bytes()
}

/// One point per server: the hash of `name#0`, or the position chosen by hand.
fn one_point_ring(scenario: &Scenario) -> Ring {
    let servers: Vec<Server> = scenario
        .servers
        .iter()
        .map(|s| match s.placement {
            super::server::Placement::Hashed { .. } => Server::hashed(&s.name),
            _ => s.clone(),
        })
        .collect();
    Ring::build(scenario.size, scenario.hash, 1, &servers)
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
    let by = crate::core::Remainder::new(n);
    for &h in hashes {
        counts[by.of(h) as usize] += 1;
    }
    counts
}
