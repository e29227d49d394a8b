//! What a placement costs and keeps, and how much of the key space each server holds.

use super::placed::{Algo, Placed};
use super::{systems, Kind};
use crate::core::keys::KeySet;
use crate::core::size::RingSize;

/// What one lookup costs, in the algorithm's own unit.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Cost {
    /// The cost per key (a mean where it varies from key to key).
    pub per_key: f64,
    /// What is counted: "points searched", "servers scored", "jumps", ...
    pub unit: &'static str,
}

/// What a placement stores to answer lookups.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct State {
    /// How many.
    pub count: u64,
    /// Of what: "points", "table entries", "partitions", ...
    pub unit: &'static str,
}

/// How much of the key space each server holds.
#[derive(Debug, Clone, PartialEq)]
pub struct Space {
    /// Per server, in list order.
    pub amounts: Vec<u64>,
    /// The whole space.
    pub total: u64,
    /// What the amounts count: "positions", "hash values", "table entries" or "sampled
    /// positions".
    pub unit: &'static str,
    /// Whether the amounts are exact (false when positions were sampled).
    pub exact: bool,
}

impl Space {
    /// Server `i`'s share, from 0 to 1.
    pub fn share(&self, i: usize) -> f64 {
        self.amounts[i] as f64 / self.total as f64
    }
}

/// At most this many positions are asked for their owner to estimate a share.
const SAMPLES: u64 = 4096;

/// Binary search over `n` sorted points compares about this many.
fn search_steps(n: usize) -> f64 {
    f64::from((n as u32 + 1).next_power_of_two().trailing_zeros()).max(1.0)
}

impl Placed {
    /// The cost of one lookup. Where it varies from key to key (jumps, points walked past full
    /// servers) it is the mean over `keys`, the scenario's keys (as for
    /// [`Placed::owner_of_key`]), counted when the keys were placed.
    pub fn cost(&self, keys: &KeySet) -> Cost {
        let n = self.names.len();
        match &self.algo {
            Algo::ModN => Cost {
                per_key: 1.0,
                unit: "remainder",
            },
            Algo::Ring(ring) | Algo::Ketama(ring) => Cost {
                per_key: search_steps(ring.points().len()),
                unit: "points searched",
            },
            Algo::Rendezvous(_) => Cost {
                per_key: n as f64,
                unit: "servers scored",
            },
            Algo::Jump { jump: j, jumps } => {
                // Over the keys, counted as they were placed, or over a thousand sample hashes
                // when there are none.
                let (total, count): (u64, usize) = if keys.is_empty() {
                    let total = (0..1000u32)
                        .map(|h| u64::from(j.owner_and_jumps(h).1))
                        .sum();
                    (total, 1000)
                } else {
                    (*jumps, keys.len())
                };
                Cost {
                    per_key: total as f64 / count as f64,
                    unit: "jumps",
                }
            }
            Algo::Maglev(_) | Algo::Table(_) => Cost {
                per_key: 1.0,
                unit: "table read",
            },
            Algo::Bounded { ring, skips, .. } => Cost {
                per_key: search_steps(ring.points().len())
                    + *skips as f64 / keys.len().max(1) as f64,
                unit: "points searched",
            },
            Algo::MultiProbe { probes, .. } => Cost {
                per_key: f64::from(*probes),
                unit: "probes",
            },
            Algo::System { built, .. } => match built.points() {
                Some(points) => Cost {
                    per_key: search_steps(points.points().len()),
                    unit: "points searched",
                },
                None => match **built {
                    systems::Built::Topic { .. } | systems::Built::Index { .. } => Cost {
                        per_key: 1.0,
                        unit: "remainder",
                    },
                    _ => Cost {
                        per_key: 1.0,
                        unit: "table read",
                    },
                },
            },
        }
    }

    /// What the placement stores.
    pub fn state(&self) -> State {
        let n = self.names.len() as u64;
        match &self.algo {
            Algo::ModN | Algo::Rendezvous(_) => State {
                count: n,
                unit: "servers",
            },
            Algo::Ring(ring) | Algo::Ketama(ring) | Algo::MultiProbe { ring, .. } => State {
                count: ring.points().len() as u64,
                unit: "points",
            },
            Algo::Bounded { ring, .. } => State {
                count: ring.points().len() as u64,
                unit: "points",
            },
            Algo::Jump { .. } => State {
                count: n,
                unit: "buckets",
            },
            Algo::Maglev(m) => State {
                count: u64::from(m.size()),
                unit: "table entries",
            },
            Algo::Table(t) => State {
                count: u64::from(t.count()),
                unit: "partitions",
            },
            Algo::System { built, .. } => State {
                count: built.unit_count(),
                unit: self.kind.units().unwrap_or("units"),
            },
        }
    }

    /// What each server gives the placement: its points, table entries or partitions (0 where
    /// the placement keeps nothing per server).
    pub fn holdings(&self) -> Vec<u64> {
        let n = self.names.len();
        match &self.algo {
            Algo::Ring(ring)
            | Algo::Ketama(ring)
            | Algo::MultiProbe { ring, .. }
            | Algo::Bounded { ring, .. } => {
                ring.point_counts().into_iter().map(|c| c as u64).collect()
            }
            Algo::Maglev(m) => m.entry_counts(n),
            Algo::Table(t) => t.counts(n),
            Algo::System { built, .. } => built.holdings(n),
            _ => vec![0; n],
        }
    }

    /// Each bounded server's cap, for bounded loads.
    pub fn caps(&self) -> Option<&[u64]> {
        match &self.algo {
            Algo::Bounded { caps, .. } => Some(caps),
            _ => None,
        }
    }

    /// How much of the key space each server holds: exact arcs, hash values or table entries
    /// where the placement has them, otherwise the owners of evenly spaced positions.
    pub fn space(&self, size: RingSize) -> Space {
        let n = self.names.len();
        match &self.algo {
            Algo::Ring(ring) | Algo::Bounded { ring, .. } | Algo::Ketama(ring) => Space {
                amounts: ring.owned_arcs(),
                total: ring.size().get(),
                unit: "positions",
                exact: true,
            },
            Algo::Maglev(m) => Space {
                amounts: m.entry_counts(n),
                total: u64::from(m.size()),
                unit: "table entries",
                exact: true,
            },
            Algo::Table(t) => {
                let mut amounts = vec![0u64; n];
                for p in 0..t.count() {
                    amounts[t.owner(p)] += t.start_of(p + 1, size) - t.start_of(p, size);
                }
                Space {
                    amounts,
                    total: size.get(),
                    unit: "positions",
                    exact: true,
                }
            }
            Algo::System { built, .. } => system_space(built, self.kind, n),
            Algo::ModN => {
                // Hash values h in 0..2^32 with h mod N = i: ⌊(2^32 − 1 − i) / N⌋ + 1.
                let total = RingSize::FULL.get();
                Space {
                    amounts: (0..n as u64)
                        .map(|i| (total - 1 - i) / n as u64 + 1)
                        .collect(),
                    total,
                    unit: "hash values",
                    exact: true,
                }
            }
            _ => {
                let samples = size.get().min(SAMPLES);
                let mut amounts = vec![0u64; n];
                for j in 0..samples {
                    let spot =
                        (u128::from(j) * u128::from(size.get()) / u128::from(samples)) as u32;
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
        }
    }

    /// Each server's ideal share: its weight over the total where the placement honours
    /// weights, an equal share otherwise.
    pub fn ideals(&self) -> Vec<f64> {
        let n = self.weights.len();
        if self.kind.uses_weights() {
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

/// How much of a real system's key space each of `n` servers holds, in the system's units:
/// slots, table entries, partitions or routing shards exactly; a 32-bit ring's hash values
/// exactly; a 64-bit ring in 2^32 equal parts.
fn system_space(built: &systems::Built, kind: Kind, n: usize) -> Space {
    let exact = |amounts: Vec<u64>, total: u64, unit: &'static str| Space {
        amounts,
        total,
        unit,
        exact: true,
    };
    match built {
        systems::Built::Redis(slots) => exact(slots.counts(n), u64::from(slots.len()), "slots"),
        systems::Built::Maglev(table) => {
            exact(built.holdings(n), table.len() as u64, "table entries")
        }
        systems::Built::Topic { leaders, .. } => {
            exact(leaders.counts(n), u64::from(leaders.len()), "partitions")
        }
        systems::Built::Index { routing, .. } => {
            let total = u64::from(routing.circle());
            let amounts = built
                .shares(n)
                .into_iter()
                .map(|s| (s * total as f64).round() as u64)
                .collect();
            exact(amounts, total, "routing shards")
        }
        systems::Built::Ring { points, .. } => {
            let total = 1u64 << 32;
            let shares = points.shares(n);
            let mut amounts: Vec<u64> = shares
                .iter()
                .map(|s| (s * total as f64).floor() as u64)
                .collect();
            // The parts lost to rounding down go to the largest holder, so they add up.
            let lost = total - amounts.iter().sum::<u64>();
            if let Some(top) = (0..n).max_by(|&a, &b| shares[a].total_cmp(&shares[b])) {
                amounts[top] += lost;
            }
            Space {
                amounts,
                total,
                unit: if points.bits() > 32 {
                    "parts of the ring"
                } else {
                    "hash values"
                },
                exact: points.bits() <= 32 || kind == Kind::Nginx,
            }
        }
    }
}
