//! Moved against size: the share of the keys that move when the (N+1)th server joins N, for
//! N = 1 up to a last N, on the ring, under mod N, and under any other placement asked for.

use std::sync::Arc;

use super::grow::GrowingRing;
use super::progress::Progress;
use crate::core::error::Error;
use crate::core::naming::next_server_name;
use crate::core::placement::partitions::PartitionTable;
use crate::core::placement::{moves_between, Kind, Layout, Placed};
use crate::core::ring::{vnode_label, Ring};
use crate::core::scenario::Scenario;
use crate::core::server::{Placement, Server, MAX_POINTS};

/// The most key lookups a servers sweep may ask of placements other than the ring and mod N:
/// keys × placements × the last N.
pub const MAX_SWEEP_LOOKUPS: u64 = 10_000_000;

/// What moved when the (N+1)th server joined N.
#[derive(Debug, Clone, PartialEq)]
pub struct SizePoint {
    /// N, the servers before the newcomer.
    pub servers: usize,
    /// The newcomer's name.
    pub joined: Arc<str>,
    /// The share of the keys that moved on the ring (0 to 1).
    pub ring: f64,
    /// The share that moved under mod N.
    pub mod_n: f64,
    /// The least a placement could move: the newcomer's weight over the total, 1/(N+1) when
    /// every weight is 1.
    pub ideal: f64,
    /// What theory expects of mod N: N/(N+1).
    pub mod_n_expected: f64,
    /// The share that moved under each other placement asked for, in the order asked.
    pub others: Vec<(Kind, f64)>,
}

/// The share of the scenario's keys that move as servers join one at a time.
///
/// The servers are the scenario's (those that are up, in list order, with their weights and
/// positions) and then new hashed servers of weight 1 named by the usual rule for a new server
/// ([`next_server_name`]: the next free city when every name is a city, otherwise the next
/// free letter A, B, C, ..., then A2, B2, ...). At each N the first N are the cluster and the
/// (N+1)th joins it. The ring grows one server at a time, and the keys that move are those in
/// the newcomer's arcs, counted by binary search; mod N compares every key's remainder by N and
/// by N + 1. Other placements are evaluated at each N and compared key by key; the partition
/// table grows with the cluster, dealing each newcomer its partitions.
///
/// Each [`SizeSweep::step`] does one piece: the ring and mod N for the next N, or one other
/// placement at that N; the step that finishes an N returns its point.
#[derive(Debug, Clone)]
pub struct SizeSweep {
    base: Scenario,
    list: Vec<Server>,
    others: Vec<Kind>,
    last: usize,
    ring: GrowingRing,
    /// The cluster of the current N for the other placements, each evaluated once asked.
    cluster: Option<Cluster>,
    placed: Vec<Option<Arc<Placed>>>,
    /// The cluster of N + 1, and its evaluations so far.
    joined: Option<(Cluster, Vec<Option<Arc<Placed>>>)>,
    piece: usize,
    pending: Option<SizePoint>,
    points: Vec<SizePoint>,
}

impl SizeSweep {
    /// The usual last N.
    pub const LAST: usize = 50;
    /// The largest last N.
    pub const MAX: usize = 100;

    /// A sweep of `scenario`'s keys from N = 1 to `last`, under the ring, mod N and each
    /// placement of `also` (the ring and mod N there are skipped: they are always swept).
    /// Refused when `last` is outside 1 to [`SizeSweep::MAX`], when there are no keys, when the
    /// ring of `last` + 1 servers would pass [`MAX_POINTS`], or when the other placements would
    /// need more than [`MAX_SWEEP_LOOKUPS`] key lookups.
    pub fn new(scenario: &Scenario, last: usize, also: &[Kind]) -> Result<SizeSweep, Error> {
        if !(1..=Self::MAX).contains(&last) {
            return Err(Error::OutOfRange(
                "The servers sweep goes from 1 up to 100 servers.",
            ));
        }
        let keys = scenario.keys().len();
        if keys == 0 {
            return Err(Error::NoKeysToSweep);
        }
        let mut others: Vec<Kind> = Vec::new();
        for &kind in also {
            if kind != Kind::Ring && kind != Kind::ModN && !others.contains(&kind) {
                others.push(kind);
            }
        }
        let asked = keys as u64 * others.len() as u64 * last as u64;
        if asked > MAX_SWEEP_LOOKUPS {
            return Err(Error::SweepTooLarge {
                asked,
                max: MAX_SWEEP_LOOKUPS,
            });
        }
        let list = servers_for(scenario, last + 1);
        if Scenario::point_total(&list, scenario.vnodes()) > MAX_POINTS {
            return Err(Error::TooManyPoints { max: MAX_POINTS });
        }
        let names: Vec<&str> = list.iter().map(|s| s.name.as_str()).collect();
        let mut ring = GrowingRing::new(scenario.size(), &names);
        for (position, vnode) in points_of(scenario, &list[0]) {
            ring.insert(0, position, vnode);
        }
        let base = scenario.without_cache();
        Ok(SizeSweep {
            placed: vec![None; others.len()],
            base,
            others,
            last,
            ring,
            cluster: None,
            joined: None,
            piece: 0,
            pending: None,
            points: Vec::with_capacity(last),
            list,
        })
    }

    /// The whole sweep at once.
    pub fn run(scenario: &Scenario, last: usize, also: &[Kind]) -> Result<Vec<SizePoint>, Error> {
        let mut sweep = SizeSweep::new(scenario, last, also)?;
        while !sweep.is_done() {
            sweep.step();
        }
        Ok(sweep.points)
    }

    /// The servers in the order they join: the scenario's, then the new ones.
    pub fn servers(&self) -> &[Server] {
        &self.list
    }

    /// Does the next piece of work; returns the point of an N when this piece finished it, and
    /// `None` otherwise (including when the sweep is done: see [`SizeSweep::is_done`]).
    pub fn step(&mut self) -> Option<SizePoint> {
        if self.is_done() {
            return None;
        }
        let n = self.points.len() + 1;
        if self.piece == 0 {
            self.pending = Some(self.ring_and_mod_n(n));
        } else {
            let k = self.piece - 1;
            let share = self.other(n, k);
            if let Some(point) = &mut self.pending {
                point.others.push((self.others[k], share));
            }
        }
        self.piece += 1;
        if self.piece <= self.others.len() {
            return None;
        }
        self.piece = 0;
        if let Some((next, placed)) = self.joined.take() {
            self.cluster = Some(next);
            self.placed = placed;
        }
        let point = self.pending.take()?;
        self.points.push(point.clone());
        Some(point)
    }

    /// Whether every N is done.
    pub fn is_done(&self) -> bool {
        self.points.len() >= self.last
    }

    /// How far it has got, in pieces of work.
    pub fn progress(&self) -> Progress {
        let per = 1 + self.others.len();
        Progress {
            done: self.points.len() * per + self.piece,
            total: self.last * per,
        }
    }

    /// The points so far, N = 1 first.
    pub fn points(&self) -> &[SizePoint] {
        &self.points
    }

    /// The ring and mod N as server `n` (0-based: the (n+1)th) joins the first `n`.
    fn ring_and_mod_n(&mut self, n: usize) -> SizePoint {
        let keys = self.base.keys();
        let added = points_of(&self.base, &self.list[n]);
        for &(position, vnode) in &added {
            self.ring.insert(n, position, vnode);
        }
        let mut moved = 0usize;
        for &(position, vnode) in &added {
            let spot = self.ring.spot(n, position, vnode);
            let (before, _) = self.ring.before(spot);
            let length = self.ring.arc(before, spot);
            for range in keys.ranges_in_arc(before.0, position, length) {
                moved += range.len();
            }
        }
        let (from, to) = (n as u64, n as u64 + 1);
        let mod_moved = keys
            .hashes()
            .iter()
            .filter(|&&h| u64::from(h) % from != u64::from(h) % to)
            .count();
        let count = keys.len() as f64;
        let weights: Vec<f64> = self.list[..=n]
            .iter()
            .map(|s| f64::from(s.weight()))
            .collect();
        SizePoint {
            servers: n,
            joined: Arc::from(self.list[n].name.as_str()),
            ring: moved as f64 / count,
            mod_n: mod_moved as f64 / count,
            ideal: weights[n] / weights.iter().sum::<f64>(),
            mod_n_expected: n as f64 / (n as f64 + 1.0),
            others: Vec::with_capacity(self.others.len()),
        }
    }

    /// The share of keys other placement `k` moves as the (n+1)th server joins.
    fn other(&mut self, n: usize, k: usize) -> f64 {
        let kind = self.others[k];
        if self.cluster.is_none() {
            self.cluster = Some(self.first_cluster());
        }
        let cluster = self.cluster.as_ref().expect("the cluster was just made");
        if self.joined.is_none() {
            self.joined = Some((self.grown(cluster, n), vec![None; self.others.len()]));
        }
        let cluster = cluster.layout(&self.base);
        let before = self.placed[k]
            .get_or_insert_with(|| Arc::new(Placed::new(&cluster, kind)))
            .clone();
        let (next, placed) = self
            .joined
            .as_mut()
            .expect("the grown cluster was just made");
        let next = next.layout(&self.base);
        let after = Arc::new(Placed::new(&next, kind));
        placed[k] = Some(after.clone());
        let moved = moves_between(&cluster, &before, &next, &after).len();
        moved as f64 / self.base.keys().len() as f64
    }

    /// The cluster of the first server alone.
    fn first_cluster(&self) -> Cluster {
        let base = &self.base;
        let servers = self.list[..1].to_vec();
        let ring = Ring::build(base.size(), base.hash(), base.vnodes(), &servers);
        let count = base.options().partition_count(base.size());
        Cluster {
            servers,
            ring: Arc::new(ring),
            table: Arc::new(PartitionTable::round_robin(count, 1)),
        }
    }

    /// `cluster` with server `n` joined at the end, as adding a server makes it.
    fn grown(&self, cluster: &Cluster, n: usize) -> Cluster {
        let server = &self.list[n];
        let mut servers = cluster.servers.clone();
        servers.push(server.clone());
        let weights: Vec<u32> = servers.iter().map(Server::weight).collect();
        let (hash, vnodes) = (self.base.hash(), self.base.vnodes());
        Cluster {
            ring: Arc::new(cluster.ring.with_server(hash, vnodes, server)),
            table: Arc::new(cluster.table.with_server(&weights).0),
            servers,
        }
    }
}

/// The first N servers of a sweep, with their ring and partition table: what the placements
/// read of a cluster, the rest (keys, size, hash, settings) being the base scenario's.
#[derive(Debug, Clone)]
struct Cluster {
    servers: Vec<Server>,
    ring: Arc<Ring>,
    table: Arc<PartitionTable>,
}

impl Cluster {
    fn layout<'a>(&'a self, base: &'a Scenario) -> Layout<'a> {
        Layout {
            servers: &self.servers,
            ring: &self.ring,
            table: &self.table,
            ..base.layout()
        }
    }
}

/// Positions and virtual-node indices of `server`'s points on `scenario`'s ring.
fn points_of(scenario: &Scenario, server: &Server) -> Vec<(u32, u32)> {
    let (size, hash) = (scenario.size(), scenario.hash());
    match server.placement {
        Placement::At(position) => vec![(position, 0)],
        Placement::Hashed { .. } => (0..server.point_count(scenario.vnodes()) as u32)
            .map(|v| {
                (
                    size.position_of(hash.hash32(&vnode_label(&server.name, v))),
                    v,
                )
            })
            .collect(),
    }
}

/// The first `count` servers a sweep uses: the scenario's servers that are up, then new hashed
/// servers named by [`next_server_name`] (no name of a down server is reused).
fn servers_for(scenario: &Scenario, count: usize) -> Vec<Server> {
    let mut list: Vec<Server> = scenario.servers().iter().take(count).cloned().collect();
    let mut taken: Vec<String> = scenario
        .servers()
        .iter()
        .chain(scenario.down().iter().map(|d| &d.server))
        .map(|s| s.name.clone())
        .collect();
    while list.len() < count {
        let names: Vec<&str> = taken.iter().map(String::as_str).collect();
        let name = next_server_name(&names);
        list.push(Server::hashed(&name));
        taken.push(name);
    }
    list
}
