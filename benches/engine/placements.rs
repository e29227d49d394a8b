//! The `placements` group: one million owner lookups under each of the nine placements, and
//! the same lookups with a published crate for the same algorithm where crates.io has one.
//!
//! Every placement runs on the fixture's scenario: 100 servers, the ring's 200 virtual nodes,
//! the other placements with their defaults (maglev's table of 65,537 entries, the partition
//! table's 1,024 partitions, bounded loads' c = 1.25, multi-probe's 21 probes). Each line looks
//! up every key with the function the placement itself uses; `Placed::new` calls the same
//! functions to find each key's owner (for multi-probe, `multi_probe::Finder`, the one-point
//! ring prepared for many lookups). Bounded loads has no lookup of one key without the others
//! (a key's server depends on the keys that arrived before it), so its line is a whole
//! `bounded::assign`, and its figure is keys placed per second.
//!
//! The crates are fed ringlab's own numbers wherever their interface allows, through hashers
//! that hand back what ringlab computed, so that both sides do the same work and, where the
//! algorithm is the same, give the same answers. Those answers are checked for every key before
//! anything is timed.
//!
//! | placement | crate | what the crate is given |
//! |---|---|---|
//! | ring | `hashring` | the same 20,000 points, looked up at the same positions |
//! | ketama | `ketama` | the same server names; both sides hash each key name with MD5 |
//! | rendezvous | `hrw` | the same server seeds and key values, scored with the same mix |
//! | jump | `jumphash` | the same 64-bit key |
//! | maglev | `maglev` | the same offsets and skips, so the same table; the same key hash |
//! | multi-probe | `mpchash` | one point per server at the same places; its own probes |
//!
//! `mpchash` cannot be given ringlab's probes: it hashes the key with XXH3 and always probes 23
//! times (ringlab: 21), so its answers differ; its line still shows the cost of the same kind of
//! lookup. Hash mod N, the partition table and bounded loads are not compared with a crate.

use std::hash::{BuildHasher, Hash, Hasher};
use std::hint::black_box;
use std::sync::Arc;

use criterion::{BenchmarkGroup, Criterion, SamplingMode, Throughput};
use hashring::HashRing;
use maglev::ConsistentHasher;
use ringlab::core::placement::{self, bounded, jump, ketama, maglev as rl_maglev, multi_probe};
use ringlab::core::placement::{partitions as table, rendezvous};
use ringlab::core::{mix64, mod_n_owner, widen, Kind, Placed, Server};

use super::{Fixture, PlacedPoint, PositionBuilder, HASH, KEYS};

/// Every placement's lookups over the fixture's keys, each beside its crate where there is one.
pub fn placements(c: &mut Criterion, fixture: &Fixture) {
    let scenario = &fixture.scenario;
    let keys = fixture.keys();
    let hashes = keys.hashes();
    let positions = &fixture.positions;
    let names = &fixture.names;
    let n = scenario.servers().len();
    let server_names: Vec<Arc<str>> = scenario.ring().names().to_vec();
    let weights: Vec<u32> = scenario.servers().iter().map(Server::weight).collect();
    let name_hashes: Vec<u32> = scenario
        .servers()
        .iter()
        .map(|s| HASH.hash32(&s.name))
        .collect();
    let placed: Vec<Placed> = Kind::ALL
        .iter()
        .map(|&kind| Placed::new(&scenario.layout(), kind))
        .collect();
    let of = |kind: Kind| &placed[Kind::ALL.iter().position(|&k| k == kind).unwrap()];
    // Each placement's owner of every key, as the engine records it.
    let owners = |kind: Kind| -> Vec<usize> {
        (0..KEYS as u32)
            .map(|id| of(kind).owner_of_key(keys, id))
            .collect()
    };

    let mut group = c.benchmark_group("placements");
    group.throughput(Throughput::Elements(KEYS as u64));
    group.sampling_mode(SamplingMode::Flat);

    // Hash mod N: one remainder.
    check("mod_n", &owners(Kind::ModN), |i| mod_n_owner(hashes[i], n));
    sum_over(&mut group, "mod_n/ringlab", hashes, |&h| mod_n_owner(h, n));

    // The ring, and the `hashring` crate over the same points.
    let ring = scenario.ring();
    check("ring", &owners(Kind::Ring), |i| ring.owner_of(positions[i]));
    let same_points = hashring_over(ring);
    check("ring/hashring", &owners(Kind::Ring), |i| {
        same_points
            .get(&positions[i])
            .map_or(0, |p| p.server as usize)
    });
    sum_over(&mut group, "ring/ringlab", positions, |&p| ring.owner_of(p));
    sum_over(&mut group, "ring/hashring", positions, |p| {
        same_points.get(p).map_or(0, |point| point.server as usize)
    });

    // Ketama: its own ring and key hash. The engine's line looks up ready hashes (the MD5 of
    // the key names is already stored); the pair with the crate hashes every name with MD5.
    let ketama_ring = of(Kind::Ketama).ring().expect("ketama has a ring").clone();
    let ketama_hashes: Vec<u32> = (0..KEYS as u32)
        .map(|id| placement::ketama_hash(keys, id))
        .collect();
    check("ketama", &owners(Kind::Ketama), |i| {
        ketama_ring.owner_of(ketama_hashes[i])
    });
    let name_refs: Vec<&str> = server_names.iter().map(|s| &**s).collect();
    let ketama_crate = ::ketama::Ring::build(&name_refs);
    check("ketama/ketama_crate", &owners(Kind::Ketama), |i| {
        ketama_crate.route(names[i].as_bytes())
    });
    sum_over(&mut group, "ketama/ringlab", &ketama_hashes, |&h| {
        ketama_ring.owner_of(h)
    });
    sum_over(&mut group, "ketama/ringlab_md5", names, |name| {
        ketama_ring.owner_of(ketama::key_hash(name))
    });
    sum_over(&mut group, "ketama/ketama_crate", names, |name| {
        ketama_crate.route(name.as_bytes())
    });

    // Rendezvous, and `hrw` scoring the same pairs with the same mix.
    let rv = rendezvous::Rendezvous::new(&server_names, &name_hashes, &weights);
    check("rendezvous", &owners(Kind::Rendezvous), |i| {
        rv.owner(hashes[i])
    });
    let hrw_nodes = hrw::Rendezvous::from_nodes_and_hasher(
        server_names
            .iter()
            .zip(&name_hashes)
            .enumerate()
            .map(|(index, (name, &h))| HrwServer {
                seed: widen(h, 0),
                index,
                name: name.clone(),
            }),
        XorMixBuilder,
    );
    let widened: Vec<u64> = hashes.iter().map(|&h| widen(h, 0)).collect();
    check("rendezvous/hrw", &owners(Kind::Rendezvous), |i| {
        hrw_nodes.pick_top(&widened[i]).map_or(0, |s| s.index)
    });
    sum_over(&mut group, "rendezvous/ringlab", hashes, |&h| rv.owner(h));
    sum_over(&mut group, "rendezvous/hrw", hashes, |&h| {
        hrw_nodes.pick_top(&widen(h, 0)).map_or(0, |s| s.index)
    });

    // Jump, and `jumphash` given the same 64-bit key.
    let j = jump::Jump { buckets: n as u32 };
    check("jump", &owners(Kind::Jump), |i| j.owner(hashes[i]));
    let jumper = jumphash::CustomJumpHasher::new(Passthrough::default());
    check("jump/jumphash", &owners(Kind::Jump), |i| {
        jumper.slot(&widened[i], n as u32) as usize
    });
    sum_over(&mut group, "jump/ringlab", hashes, |&h| j.owner(h));
    sum_over(&mut group, "jump/jumphash", hashes, |&h| {
        jumper.slot(&jump::Jump::key(h), n as u32) as usize
    });

    // Maglev, and the `maglev` crate filling its table from the same permutations.
    let maglev = of(Kind::Maglev);
    let m = (maglev.structure() as &dyn std::any::Any)
        .downcast_ref::<rl_maglev::Maglev>()
        .expect("maglev has a table");
    check("maglev", &owners(Kind::Maglev), |i| m.owner(hashes[i]));
    let maglev_crate = ::maglev::Maglev::with_capacity_and_hasher(
        name_hashes
            .iter()
            .enumerate()
            .map(|(index, &h)| MaglevServer {
                offset_source: widen(h, 0),
                skip_source: widen(h, 1),
                index,
            }),
        m.size() as usize,
        MaglevBuilder,
    );
    assert_eq!(maglev_crate.capacity(), rl_maglev::DEFAULT_SIZE as usize);
    check("maglev/maglev_crate", &owners(Kind::Maglev), |i| {
        maglev_crate.get(&hashes[i]).map_or(0, |s| s.index)
    });
    sum_over(&mut group, "maglev/ringlab", hashes, |&h| m.owner(h));
    sum_over(&mut group, "maglev/maglev_crate", hashes, |h| {
        maglev_crate.get(h).map_or(0, |s| s.index)
    });

    // The partition table: the partition of the position, then its holder.
    let t: &table::PartitionTable = of(Kind::Table).table().expect("a partition table");
    let size = scenario.size();
    check("table", &owners(Kind::Table), |i| {
        t.owner(t.partition_of(positions[i], size))
    });
    sum_over(&mut group, "table/ringlab", positions, |&p| {
        t.owner(t.partition_of(p, size))
    });

    // Multi-probe over one point per server, and `mpchash` with a point at each same place.
    let one_point = of(Kind::MultiProbe).ring().expect("multi-probe has a ring");
    let probes = scenario.options().probes;
    check("multi_probe", &owners(Kind::MultiProbe), |i| {
        multi_probe::owner(one_point, hashes[i], probes)
    });
    let mp = mpchash::HashRing::new();
    for point in one_point.points() {
        mp.insert(u64::from(point.position) << 32, point.server as usize);
    }
    assert_eq!(mp.len(), n);
    let finder = multi_probe::Finder::new(one_point);
    check("multi_probe/finder", &owners(Kind::MultiProbe), |i| {
        finder.owner(hashes[i], probes)
    });
    sum_over(&mut group, "multi_probe/ringlab", hashes, |&h| {
        finder.owner(h, probes)
    });
    sum_over(&mut group, "multi_probe/mpchash", hashes, |h| {
        mp.node(h).map_or(0, |token| *token.node())
    });

    // Bounded loads: every key placed, in arrival order, against the caps.
    let load = scenario.options().load;
    let assigned = bounded::assign(ring, keys, load, &weights);
    check("bounded", &owners(Kind::Bounded), |i| {
        assigned.owners[i] as usize
    });
    group.bench_function("bounded/ringlab_assign", |b| {
        b.iter(|| bounded::assign(black_box(ring), keys, load, &weights))
    });
    group.finish();
}

/// Times `owner` over every item, summing the answers so that none is skipped.
fn sum_over<T>(
    group: &mut BenchmarkGroup<'_, criterion::measurement::WallTime>,
    id: &str,
    items: &[T],
    owner: impl Fn(&T) -> usize,
) {
    group.bench_function(id, |b| {
        b.iter(|| {
            black_box(items)
                .iter()
                .fold(0usize, |sum, item| sum.wrapping_add(owner(item)))
        })
    });
}

/// Panics unless `owner(i)` is `expected[i]` for every key: a line is timed only if it gives
/// the engine's answers.
fn check(what: &str, expected: &[usize], owner: impl Fn(usize) -> usize) {
    let wrong = (0..expected.len())
        .filter(|&i| owner(i) != expected[i])
        .count();
    assert_eq!(wrong, 0, "{what}: {wrong} keys placed differently");
}

/// The `hashring` crate holding ringlab's points, each at its own position.
fn hashring_over(ring: &ringlab::core::Ring) -> HashRing<PlacedPoint, PositionBuilder> {
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
    same_points
}

/// A hasher that hands back the last integer written to it: `jumphash` then jumps from
/// ringlab's own 64-bit key.
#[derive(Clone, Default)]
struct Passthrough(u64);

impl Hasher for Passthrough {
    fn write(&mut self, _: &[u8]) {
        unreachable!("only integers are written")
    }

    fn write_u64(&mut self, value: u64) {
        self.0 = value;
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

/// A server for `hrw`: its seed, `widen(name hash, 0)` as in ringlab.
struct HrwServer {
    seed: u64,
    index: usize,
    name: Arc<str>,
}

impl Hash for HrwServer {
    fn hash<H: Hasher>(&self, state: &mut H) {
        state.write_u64(self.seed);
    }
}

impl PartialEq for HrwServer {
    fn eq(&self, other: &Self) -> bool {
        self.index == other.index
    }
}

impl Eq for HrwServer {}

impl PartialOrd for HrwServer {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

/// `hrw` breaks a tie in favour of the greatest server; ringlab in favour of the name that
/// sorts first. Ordering names backwards makes both pick the same server.
impl Ord for HrwServer {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        other.name.cmp(&self.name)
    }
}

/// `hrw`'s score of a key and a server: ringlab's `mix64(seed ^ key)`. `hrw` writes the key,
/// then the server, into one hasher.
#[derive(Default)]
struct XorMix(u64);

impl Hasher for XorMix {
    fn write(&mut self, _: &[u8]) {
        unreachable!("only integers are written")
    }

    fn write_u64(&mut self, value: u64) {
        self.0 ^= value;
    }

    fn finish(&self) -> u64 {
        mix64(self.0)
    }
}

#[derive(Clone)]
struct XorMixBuilder;

impl BuildHasher for XorMixBuilder {
    type Hasher = XorMix;

    fn build_hasher(&self) -> XorMix {
        XorMix::default()
    }
}

/// A server for the `maglev` crate, carrying the two values ringlab derives its permutation
/// from.
#[derive(PartialEq, Eq)]
struct MaglevServer {
    offset_source: u64,
    skip_source: u64,
    index: usize,
}

impl Hash for MaglevServer {
    fn hash<H: Hasher>(&self, state: &mut H) {
        state.write_u64(self.offset_source);
        state.write_u64(self.skip_source);
    }
}

/// The seeds the `maglev` crate writes first: one for a server's offset (and for keys), one
/// for its skip.
const OFFSET_SEED: u32 = 0xdead_babe;
const SKIP_SEED: u32 = 0xdead_beef;

/// The `maglev` crate's hasher, answering with ringlab's values: a server's offset or skip
/// source by the seed written first, and a key's own 32-bit hash.
#[derive(Default)]
struct MaglevHash {
    seed: Option<u32>,
    values: [u64; 2],
    written: usize,
}

impl Hasher for MaglevHash {
    fn write(&mut self, _: &[u8]) {
        unreachable!("only integers are written")
    }

    fn write_u32(&mut self, value: u32) {
        match self.seed {
            None => self.seed = Some(value),
            Some(_) => self.write_u64(u64::from(value)),
        }
    }

    fn write_u64(&mut self, value: u64) {
        self.values[self.written] = value;
        self.written += 1;
    }

    fn finish(&self) -> u64 {
        match (self.seed, self.written) {
            (Some(OFFSET_SEED), _) => self.values[0],
            (Some(SKIP_SEED), 2) => self.values[1],
            _ => unreachable!("the crate writes a known seed, then a key or a server"),
        }
    }
}

#[derive(Clone)]
struct MaglevBuilder;

impl BuildHasher for MaglevBuilder {
    type Hasher = MaglevHash;

    fn build_hasher(&self) -> MaglevHash {
        MaglevHash::default()
    }
}
