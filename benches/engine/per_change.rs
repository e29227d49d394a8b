//! What one change costs in the engine against how many keys it moves.
//!
//! Each case is a scenario of 200 virtual nodes per server on the 2^32 ring with generated keys,
//! and one server joining (`extra`), chosen to move a given share of the keys: among 99 servers
//! it moves 1%, among 9 servers 10%, and with weight 10 among 10 servers 50%. Two ways are timed:
//!
//! - `spans`: the whole `Scenario::after`, as the page runs it: the diff, the moved keys as runs
//!   of the sorted keys, the keys per server worked out from the arcs, mod N's moved keys from
//!   the counts of remainders (counted beforehand, as the page does in idle time), the theory.
//! - `one_by_one`: the work the engine did for the same change before: the diff with every moved
//!   key collected one by one into a set, mod N's pass over every key, and the keys per server
//!   counted again.
//!
//! `moved/*` keeps the keys at 1,000,000 and varies the share moved; `keys/*` keeps the share
//! at 1% and varies the keys.

use std::hint::black_box;

use criterion::{BatchSize, Criterion, SamplingMode};
use ringlab::core::placement::mod_n_by_pass;
use ringlab::core::{Change, HashScheme, RingDiff, RingSize, Scenario, Server};

const VNODES: u32 = 200;

/// `servers` hashed servers of 200 points and `keys` generated keys on the 2^32 ring, with
/// its keys per server and the remainders the next change needs already counted.
fn scenario(servers: usize, keys: usize) -> Scenario {
    let list: Vec<Server> = (0..servers)
        .map(|i| Server::hashed(&format!("server-{i}")))
        .collect();
    let mut scenario =
        Scenario::new(RingSize::FULL, HashScheme::Md5First32, VNODES, list).expect("valid");
    scenario
        .apply(Change::GenerateKeys { count: keys })
        .expect("room for the keys");
    scenario.placed();
    let n = servers as u32;
    scenario.keys().residue_counts(n * (n + 1));
    scenario
}

fn joining(weight: u32) -> Change {
    Change::AddServer {
        name: "extra".into(),
        at: None,
        weight: Some(weight),
    }
}

/// The engine's work for `change` as it was before moved keys were kept as runs and counted.
fn one_by_one(before: &Scenario, after: &Scenario) -> (usize, usize, Vec<u64>) {
    let (ring_b, ring_a) = (before.ring(), after.ring());
    let diff = RingDiff::between(ring_b, ring_a);
    let moves = diff.moves(before.keys(), after.keys(), ring_b.names(), ring_a.names());
    let mod_n = mod_n_by_pass(&before.layout(), &after.layout());
    let counts = ring_a.count_owned(after.keys().sorted_positions());
    (moves.len(), mod_n.len(), counts)
}

fn case(c: &mut Criterion, group: &str, label: &str, scenario: &Scenario, change: &Change) {
    let (after, outcome) = scenario.after(change.clone()).expect("a valid change");
    println!(
        "{group}/{label}: {} keys, {} moved ({:.1}%), {} arcs, {} runs of sorted keys; mod N moved {}",
        scenario.keys().len(),
        outcome.moved.len(),
        100.0 * outcome.moved.len() as f64 / scenario.keys().len() as f64,
        outcome.diff.as_ref().map_or(0, |d| d.arcs.len()),
        outcome.moved.keys.spans().map_or(0, |s| s.spans().len()),
        outcome.baseline_moved(),
    );
    let mut g = c.benchmark_group(format!("per_change/{group}"));
    g.sampling_mode(SamplingMode::Flat);
    g.bench_function(format!("{label}/spans"), |b| {
        b.iter_batched(
            || change.clone(),
            |change| black_box(scenario).after(change).expect("a valid change"),
            BatchSize::PerIteration,
        )
    });
    g.bench_function(format!("{label}/one_by_one"), |b| {
        b.iter(|| one_by_one(black_box(scenario), &after))
    });
    g.finish();
}

/// Every case: the share moved at a million keys, then the keys at a share of 1%.
pub fn per_change(c: &mut Criterion) {
    for (label, servers, weight) in [("1pc", 99, 1), ("10pc", 9, 1), ("50pc", 10, 10)] {
        let scenario = scenario(servers, 1_000_000);
        case(c, "moved", label, &scenario, &joining(weight));
    }
    for keys in [100_000, 1_000_000, 2_000_000] {
        let scenario = scenario(99, keys);
        case(
            c,
            "keys",
            &format!("{}k", keys / 1000),
            &scenario,
            &joining(1),
        );
    }
}
