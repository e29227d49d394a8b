//! Engine benchmarks on a production-sized ring: the full 2^32 ring hashed with md5-first32,
//! 100 hashed servers of 200 virtual nodes each (20,000 points) and the generated keys
//! `key-0` to `key-999999`.
//!
//! Every input is deterministic and built once, before any timing starts; the timed closures
//! hold only the operation being measured.
//!
//! Groups:
//! - `moved_keys`: the ring diff after one server joins or leaves, then the keys inside the
//!   changed arcs, counted or collected.
//! - `recount`: how many keys each server owns, by merging the sorted key positions with the
//!   points, alone and as part of the whole ownership table.
//! - `lookup`: one million owner lookups. The `*_prehashed` lines look up ready ring positions;
//!   the `*_md5` lines hash each key name with MD5 first. The `hashring` crate is given the very
//!   same 20,000 points (through a hasher that hands it ringlab's positions), so each pair of
//!   lines answers the same questions about the same ring. `hashring_siphash` is that crate as it
//!   ships: its own SipHash over the same virtual-node labels and key names.
//! - `apply`: a whole change through `Scenario::apply`, as the app and the command run it.
//! - `placements`: one million owner lookups under each of the nine placements, each beside a
//!   published crate for the same algorithm where there is one (see `engine/placements.rs`).
//! - `compare`: one whole `compare` of every placement before and after a server joins, as the
//!   Compare view and `ringlab compare` run it.
//!
//! Run with `cargo bench --bench engine`.

use std::hash::{BuildHasher, Hash, Hasher};
use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, BatchSize, Criterion, SamplingMode, Throughput};
use hashring::HashRing;
use md5::{Digest, Md5};
use ringlab::core::{
    vnode_label, Change, HashScheme, KeySet, Kind, Placed, Ring, RingDiff, RingSize, Scenario,
    Server,
};

#[path = "engine/placements.rs"]
mod placements;

const SERVERS: usize = 100;
const VNODES: u32 = 200;
const KEYS: usize = 1_000_000;
const HASH: HashScheme = HashScheme::Md5First32;
/// The server whose departure is measured.
const LEAVING: usize = 42;

/// Everything the benchmarks read, built once.
struct Fixture {
    scenario: Scenario,
    /// The scenario after `server-100` joins.
    joined: Scenario,
    /// The scenario's ring with one more server, `server-100`.
    grown: Ring,
    /// The scenario's ring without `server-42`.
    shrunk: Ring,
    /// Every key's ring position, in key-id order (so consecutive lookups land anywhere).
    positions: Vec<u32>,
    /// Every key's name, in key-id order.
    names: Vec<String>,
}

impl Fixture {
    fn build() -> Fixture {
        let servers: Vec<Server> = (0..SERVERS)
            .map(|i| Server::hashed(&server_name(i)))
            .collect();
        let mut scenario =
            Scenario::new(RingSize::FULL, HASH, VNODES, servers).expect("a valid scenario");
        scenario
            .apply(Change::GenerateKeys { count: KEYS })
            .expect("room for the keys");
        let ring = scenario.ring();
        assert_eq!(ring.points().len(), SERVERS * VNODES as usize);
        let grown = ring.with_server(HASH, VNODES, &Server::hashed(&server_name(SERVERS)));
        let shrunk = ring.without_server(LEAVING);
        let keys = scenario.keys();
        assert_eq!(keys.len(), KEYS);
        let positions = (0..KEYS as u32).map(|id| keys.position_of(id)).collect();
        let names = (0..KEYS as u32).map(|id| keys.label(id)).collect();
        let mut joined = scenario.clone();
        joined
            .apply(Change::AddServer {
                name: server_name(SERVERS),
                at: None,
                weight: None,
            })
            .expect("a valid change");
        Fixture {
            scenario,
            joined,
            grown,
            shrunk,
            positions,
            names,
        }
    }

    fn ring(&self) -> &Ring {
        self.scenario.ring()
    }

    fn keys(&self) -> &KeySet {
        self.scenario.keys()
    }
}

fn server_name(index: usize) -> String {
    format!("server-{index}")
}

fn engine(c: &mut Criterion) {
    let fixture = Fixture::build();
    moved_keys(c, &fixture);
    recount(c, &fixture);
    lookup(c, &fixture);
    apply(c, &fixture);
    placements::placements(c, &fixture);
    compare(c, &fixture);
    link(c, &fixture);
}

/// The diff between the ring before and after one server joins or leaves, then its moved keys.
fn moved_keys(c: &mut Criterion, fixture: &Fixture) {
    let (before, keys) = (fixture.ring(), fixture.keys());
    let mut group = c.benchmark_group("moved_keys");
    for (change, after) in [
        ("add_server", &fixture.grown),
        ("remove_server", &fixture.shrunk),
    ] {
        group.bench_function(format!("{change}/diff_only"), |b| {
            b.iter(|| RingDiff::between(black_box(before), black_box(after)))
        });
        group.bench_function(format!("{change}/diff_and_count"), |b| {
            b.iter(|| RingDiff::between(black_box(before), black_box(after)).count_moved(keys))
        });
        group.bench_function(format!("{change}/diff_and_collect"), |b| {
            b.iter(|| {
                RingDiff::between(black_box(before), black_box(after)).moves(
                    keys,
                    keys,
                    before.names(),
                    after.names(),
                )
            })
        });
    }
    group.finish();
}

/// Keys per server, recounted from scratch.
fn recount(c: &mut Criterion, fixture: &Fixture) {
    let (ring, keys) = (fixture.ring(), fixture.keys());
    let mut group = c.benchmark_group("recount");
    group.throughput(Throughput::Elements(KEYS as u64));
    group.bench_function("count_owned", |b| {
        b.iter(|| ring.count_owned(black_box(keys.sorted_positions())))
    });
    group.bench_function("scenario_ownership", |b| {
        b.iter(|| black_box(&fixture.scenario).ownership())
    });
    group.finish();
}

/// A hasher that hands the ring a position already computed: a `u32` written to it is its
/// result. The `hashring` crate then places points and looks up keys at ringlab's positions.
#[derive(Default)]
struct Position(u64);

impl Hasher for Position {
    fn write(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            self.0 = (self.0 << 8) | u64::from(byte);
        }
    }

    fn write_u32(&mut self, value: u32) {
        self.0 = u64::from(value);
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

#[derive(Clone, Copy)]
struct PositionBuilder;

impl BuildHasher for PositionBuilder {
    type Hasher = Position;

    fn build_hasher(&self) -> Position {
        Position::default()
    }
}

/// One ringlab point as a `hashring` node: hashed by its position alone, carrying its server.
struct PlacedPoint {
    position: u32,
    server: u32,
}

impl Hash for PlacedPoint {
    fn hash<H: Hasher>(&self, state: &mut H) {
        state.write_u32(self.position);
    }
}

/// md5-first32 as a `Hasher`: the first four digest bytes of everything written, big-endian.
#[derive(Clone, Default)]
struct Md5First32(Md5);

impl Hasher for Md5First32 {
    fn write(&mut self, bytes: &[u8]) {
        self.0.update(bytes);
    }

    fn finish(&self) -> u64 {
        let digest = self.0.clone().finalize();
        u64::from(u32::from_be_bytes([
            digest[0], digest[1], digest[2], digest[3],
        ]))
    }
}

#[derive(Clone, Copy)]
struct Md5Builder;

impl BuildHasher for Md5Builder {
    type Hasher = Md5First32;

    fn build_hasher(&self) -> Md5First32 {
        Md5First32::default()
    }
}

/// A name hashed by its bytes alone, as ringlab hashes labels (`str`'s own `Hash` adds a
/// terminator byte, which would change the digest).
struct Label<'a>(&'a str);

impl Hash for Label<'_> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        state.write(self.0.as_bytes());
    }
}

/// A virtual-node label as a `hashring` node, carrying its server.
struct LabelledPoint {
    label: String,
    server: u32,
}

impl Hash for LabelledPoint {
    fn hash<H: Hasher>(&self, state: &mut H) {
        Label(&self.label).hash(state);
    }
}

/// Every virtual-node label of the ring's servers, with the server's index.
fn labels(ring: &Ring) -> impl Iterator<Item = (String, u32)> + '_ {
    (0..ring.names().len()).flat_map(move |server| {
        (0..VNODES).map(move |vnode| (vnode_label(ring.server_name(server), vnode), server as u32))
    })
}

/// One million owner lookups: ringlab's ring and the `hashring` crate over the same points.
fn lookup(c: &mut Criterion, fixture: &Fixture) {
    let ring = fixture.ring();
    let (positions, names) = (&fixture.positions, &fixture.names);
    // With no two points at one position, both rings have exactly one owner per position.
    assert_eq!(ring.collisions(), 0);

    let mut same_points = HashRing::with_hasher(PositionBuilder);
    same_points.batch_add(
        ring.points()
            .iter()
            .map(|p| PlacedPoint {
                position: p.position,
                server: p.server,
            })
            .collect(),
    );
    let mut md5_labels = HashRing::with_hasher(Md5Builder);
    md5_labels.batch_add(
        labels(ring)
            .map(|(label, server)| LabelledPoint { label, server })
            .collect(),
    );
    let mut siphash_labels: HashRing<String> = HashRing::new();
    siphash_labels.batch_add(labels(ring).map(|(label, _)| label).collect());
    for ring_len in [same_points.len(), md5_labels.len(), siphash_labels.len()] {
        assert_eq!(ring_len, ring.points().len());
    }
    // The comparison is fair only if both sides give the same answers: check every one.
    for (&position, name) in positions.iter().zip(names) {
        let owner = ring.owner_of(position) as u32;
        assert_eq!(same_points.get(&position).map(|p| p.server), Some(owner));
        assert_eq!(md5_labels.get(&Label(name)).map(|p| p.server), Some(owner));
    }

    let mut group = c.benchmark_group("lookup");
    group.throughput(Throughput::Elements(positions.len() as u64));
    group.sampling_mode(SamplingMode::Flat);
    group.bench_function("ringlab_prehashed", |b| {
        b.iter(|| {
            black_box(positions)
                .iter()
                .fold(0usize, |sum, &p| sum.wrapping_add(ring.owner_of(p)))
        })
    });
    group.bench_function("hashring_prehashed", |b| {
        b.iter(|| {
            black_box(positions).iter().fold(0u32, |sum, p| {
                sum.wrapping_add(same_points.get(p).map_or(0, |point| point.server))
            })
        })
    });
    group.bench_function("ringlab_md5", |b| {
        let size = ring.size();
        b.iter(|| {
            black_box(names).iter().fold(0usize, |sum, name| {
                sum.wrapping_add(ring.owner_of(size.position_of(HASH.hash32(name))))
            })
        })
    });
    group.bench_function("hashring_md5", |b| {
        b.iter(|| {
            black_box(names).iter().fold(0u32, |sum, name| {
                sum.wrapping_add(md5_labels.get(&Label(name)).map_or(0, |point| point.server))
            })
        })
    });
    group.bench_function("hashring_siphash", |b| {
        b.iter(|| {
            black_box(names).iter().fold(0usize, |sum, name| {
                sum.wrapping_add(siphash_labels.get(name).map_or(0, String::len))
            })
        })
    });
    group.finish();
}

/// A whole change, end to end: checks, the new ring, the diff, the moved keys and mod N's moves.
/// Each run starts from a fresh copy of the scenario (made outside the timing); the outcome is
/// returned, so freeing it is not timed either.
fn apply(c: &mut Criterion, fixture: &Fixture) {
    let mut group = c.benchmark_group("apply");
    group.sampling_mode(SamplingMode::Flat);
    let changes = [
        (
            "add_server",
            Change::AddServer {
                name: server_name(SERVERS),
                at: None,
                weight: None,
            },
        ),
        (
            "remove_server",
            Change::RemoveServer {
                name: server_name(LEAVING),
            },
        ),
    ];
    for (label, change) in changes {
        group.bench_function(label, |b| {
            b.iter_batched(
                || (fixture.scenario.clone(), change.clone()),
                |(mut scenario, change)| {
                    let outcome = scenario.apply(change).expect("a valid change");
                    (scenario, outcome)
                },
                BatchSize::PerIteration,
            )
        });
    }
    // Two parts of adding a server, alone: the new ring, and the keys `hash mod N` would move
    // (its result, like the outcome's, is freed outside the timing).
    let ring = fixture.ring();
    let joining = Server::hashed(&server_name(SERVERS));
    group.bench_function("part/ring_with_server", |b| {
        b.iter(|| black_box(ring).with_server(HASH, VNODES, &joining))
    });
    let (layout, grown) = (fixture.scenario.layout(), fixture.joined.layout());
    let (before, after) = (
        Placed::new(&layout, Kind::ModN),
        Placed::new(&grown, Kind::ModN),
    );
    group.bench_function("part/mod_n_moves", |b| {
        b.iter_batched(
            || (),
            |()| {
                ringlab::core::placement::moves_between(black_box(&layout), &before, &grown, &after)
            },
            BatchSize::PerIteration,
        )
    });
    group.finish();
}

/// Every placement evaluated before and after `server-100` joins, with the keys each one
/// moved, their counts and figures: one whole `compare`. Each run starts from copies of the two
/// scenarios without the evaluation they cache, so nothing is carried over from the run before;
/// the result is freed outside the timing.
fn compare(c: &mut Criterion, fixture: &Fixture) {
    let mut group = c.benchmark_group("compare");
    group.sampling_mode(SamplingMode::Flat);
    group.throughput(Throughput::Elements(KEYS as u64));
    group.bench_function("add_server", |b| {
        b.iter_batched(
            || {
                (
                    fixture.scenario.without_cache(),
                    fixture.joined.without_cache(),
                )
            },
            |(before, after)| ringlab::core::compare(&before, &after),
            BatchSize::PerIteration,
        )
    });
    group.finish();
}

/// The address the page writes after a change: the scenario of 1M generated keys as a link,
/// which names the keys as one run.
fn link(c: &mut Criterion, fixture: &Fixture) {
    let mut group = c.benchmark_group("link");
    group.bench_function("write", |b| {
        b.iter(|| ringlab::core::write_link(black_box(&fixture.scenario), None, &[]))
    });
    group.finish();
}

fn config() -> Criterion {
    Criterion::default()
        .sample_size(10)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(3))
}

criterion_group! {
    name = benches;
    config = config();
    targets = engine
}
criterion_main!(benches);
