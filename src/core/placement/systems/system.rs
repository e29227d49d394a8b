//! What every real system is to the rest of the engine: a [`System`] (where a key goes, its
//! steps, its structure's [`Shape`] and its own words), a key's [`Coordinate`] in the system's
//! terms, and what two structures of one system differ by ([`units_moved`]).

use std::any::Any;
use std::fmt;
use std::sync::Arc;

use super::points::{self, token_position, Points};
use super::strip::Strip;
use super::units::Units;
use crate::core::placement::measure::{search_steps, Cost, Space};

/// A key's coordinate in its system's own terms: the third column of `ringlab lookup --detail`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Coordinate {
    /// A Redis hash slot.
    Slot(u32),
    /// A Cassandra token.
    Token(i64),
    /// A Kafka partition.
    Partition(u32),
    /// An Elasticsearch shard.
    Shard(u32),
    /// The key's hash on a ring or a table.
    Hash(u64),
}

impl Coordinate {
    /// Where the coordinate sits on a ring of points: a token in ring order, or the hash.
    pub fn ring_position(self) -> u64 {
        match self {
            Coordinate::Token(t) => token_position(t),
            Coordinate::Hash(h) => h,
            Coordinate::Slot(_) | Coordinate::Partition(_) | Coordinate::Shard(_) => 0,
        }
    }
}

impl fmt::Display for Coordinate {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Coordinate::Slot(s) => write!(f, "slot={s}"),
            Coordinate::Token(t) => write!(f, "token={t}"),
            Coordinate::Partition(p) => write!(f, "partition={p}"),
            Coordinate::Shard(s) => write!(f, "shard={s}"),
            Coordinate::Hash(h) => write!(f, "hash={h}"),
        }
    }
}

/// Where one key goes under a system.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Located {
    /// The server, by index.
    pub owner: usize,
    /// Where the key sits on the system's circle as the canvas draws it.
    pub spot: u32,
    /// The key's coordinate in the system's terms.
    pub coordinate: Coordinate,
}

/// What a system's structure is made of, for what every system counts the same way.
#[derive(Debug, Clone, Copy)]
pub enum Shape<'a> {
    /// Units held by servers: Redis's slots, a topic's partitions, an index's shards.
    Units(&'a Units),
    /// A circle of points.
    Points(&'a Points),
    /// A table of entries, the host at each.
    Entries(&'a [u16]),
}

/// A system evaluated on one layout: the structure its lookups read, and its own words.
pub trait System: fmt::Debug + Send + Sync + Any {
    /// Where the key `key` goes.
    fn locate(&self, key: &str) -> Located;

    /// How many places the circle the canvas draws has: the 2^32 hash values of a circle of
    /// points, or one place per unit or table entry.
    fn circle(&self) -> u64 {
        match self.shape() {
            Shape::Points(_) => 1 << 32,
            Shape::Units(_) | Shape::Entries(_) => self.unit_count(),
        }
    }

    /// The server owning place `spot` of that circle (for a ring, the last position the place
    /// stands for).
    fn owner_at_spot(&self, spot: u32) -> usize {
        match self.shape() {
            Shape::Points(points) => points.owner(points.spot_end(spot)),
            Shape::Units(units) => units.owner(spot),
            Shape::Entries(table) => usize::from(table[spot as usize]),
        }
    }

    /// What the structure is made of.
    fn shape(&self) -> Shape<'_>;

    /// How key `key` finds its server, step by step, in the system's own words, and how many
    /// of the first steps only hash it.
    fn steps(&self, key: &str, names: &[Arc<str>]) -> (Vec<String>, usize);

    /// The structure in the system's own words, a line per run or server: Redis's slot ranges
    /// as `CLUSTER SLOTS` lists them, each node's tokens, each partition's leader.
    fn listing(&self, names: &[Arc<str>]) -> Vec<String>;

    /// The structure in one line: "16,384 slots on 3 masters".
    fn headline(&self, servers: usize) -> String;

    /// What one lookup costs.
    fn cost(&self) -> Cost {
        match self.shape() {
            Shape::Points(points) => Cost {
                per_key: search_steps(points.points().len()),
                unit: "points searched",
            },
            Shape::Units(_) | Shape::Entries(_) => Cost {
                per_key: 1.0,
                unit: "table read",
            },
        }
    }

    /// The strip of a system whose structure is a table of units; `None` for rings and tables
    /// of entries.
    fn strip(&self) -> Option<Strip> {
        None
    }

    /// Whether keys are grouped (into partitions, shards) so that a change regroups them.
    fn regroups(&self) -> bool {
        false
    }

    /// A position of its circle of points as the system writes it: Cassandra's signed token,
    /// the position itself for the others.
    fn position_value(&self, at: u64) -> i128 {
        i128::from(at)
    }

    /// How much of the key space each of `servers` servers holds.
    fn space(&self, servers: usize) -> Space;

    /// The units each of `servers` servers holds: slots, tokens, ring entries, points, table
    /// entries, partitions led or shards.
    fn holdings(&self, servers: usize) -> Vec<u64> {
        match self.shape() {
            Shape::Units(units) => units.counts(servers),
            Shape::Points(points) => points.counts(servers),
            Shape::Entries(table) => {
                let mut counts = vec![0u64; servers];
                for &h in table {
                    counts[h as usize] += 1;
                }
                counts
            }
        }
    }

    /// How many units the structure has in all.
    fn unit_count(&self) -> u64 {
        match self.shape() {
            Shape::Units(units) => u64::from(units.len()),
            Shape::Points(points) => points.points().len() as u64,
            Shape::Entries(table) => table.len() as u64,
        }
    }

    /// Each server's share of the key space: of the slots, of the ring, of the table, of the
    /// partitions or of the routing shards.
    fn shares(&self, servers: usize) -> Vec<f64> {
        match self.shape() {
            Shape::Points(points) => points.shares(servers),
            Shape::Units(_) | Shape::Entries(_) => {
                let total = self.unit_count().max(1) as f64;
                self.holdings(servers)
                    .into_iter()
                    .map(|c| c as f64 / total)
                    .collect()
            }
        }
    }

    /// Where `r` copies of a key go, owner first: the next distinct servers clockwise on a ring
    /// (Cassandra's SimpleStrategy), otherwise the servers after the owner in list order.
    fn preference(&self, key: &str, r: usize, servers: usize) -> Vec<usize> {
        let located = self.locate(key);
        match self.shape() {
            Shape::Points(points) => points.walk(located.coordinate.ring_position(), r, servers),
            Shape::Units(_) | Shape::Entries(_) => (0..r.min(servers))
                .map(|i| (located.owner + i) % servers)
                .collect(),
        }
    }

    /// The circle of points, for the systems that have one.
    fn points(&self) -> Option<&Points> {
        match self.shape() {
            Shape::Points(points) => Some(points),
            Shape::Units(_) | Shape::Entries(_) => None,
        }
    }
}

/// How many units changed server between two structures of one system, counting units that
/// came or went: slots, partitions or shards by number, table entries by place, and points
/// by server, number and position.
pub fn units_moved(
    before: &dyn System,
    names_before: &[Arc<str>],
    after: &dyn System,
    names_after: &[Arc<str>],
) -> u64 {
    let (nb, na) = (names_before, names_after);
    match (before.shape(), after.shape()) {
        (Shape::Units(ub), Shape::Units(ua)) => {
            let common = ub.len().min(ua.len());
            let changed = (0..common)
                .filter(|&u| nb[ub.owner(u)] != na[ua.owner(u)])
                .count() as u64;
            changed + u64::from(ub.len().abs_diff(ua.len()))
        }
        (Shape::Entries(tb), Shape::Entries(ta)) => {
            let common = tb.len().min(ta.len());
            (0..common)
                .filter(|&e| nb[tb[e] as usize] != na[ta[e] as usize])
                .count() as u64
                + tb.len().abs_diff(ta.len()) as u64
        }
        (Shape::Points(rb), Shape::Points(ra)) => {
            let key = |names: &[Arc<str>], p: &points::Point64| {
                (names[p.server as usize].clone(), p.index, p.at)
            };
            let mut kb: Vec<_> = rb.points().iter().map(|p| key(nb, p)).collect();
            let mut ka: Vec<_> = ra.points().iter().map(|p| key(na, p)).collect();
            kb.sort();
            ka.sort();
            let common = count_common(&kb, &ka);
            (kb.len() - common + ka.len() - common) as u64
        }
        // Two structures of one system have one shape.
        (Shape::Units(_) | Shape::Entries(_) | Shape::Points(_), _) => 0,
    }
}

/// How many items two sorted lists share.
fn count_common<T: Ord>(a: &[T], b: &[T]) -> usize {
    let (mut i, mut j, mut n) = (0, 0, 0);
    while i < a.len() && j < b.len() {
        match a[i].cmp(&b[j]) {
            std::cmp::Ordering::Less => i += 1,
            std::cmp::Ordering::Greater => j += 1,
            std::cmp::Ordering::Equal => {
                n += 1;
                i += 1;
                j += 1;
            }
        }
    }
    n
}

/// How much of the key space each of `n` servers holds on a circle of points: a 32-bit ring's
/// hash values exactly, a 64-bit ring in 2^32 equal parts.
pub fn points_space(points: &Points, n: usize) -> Space {
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
        exact: points.bits() <= 32,
    }
}
