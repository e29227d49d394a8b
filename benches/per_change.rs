//! What one change costs in the engine, against how many keys it moves and how many keys there
//! are.
//!
//! Each case is a ring of hashed servers with 200 virtual nodes each on the 2^32 ring
//! (md5-first32) and the generated keys `key-0` onwards, and one server, `extra`, joining. The
//! timed work is what the page does for a change: `Scenario::after` (the diff, the moved keys,
//! mod N's moved keys for the comparison, the theory) and then the new scenario's keys per
//! server (`Scenario::placed`), the scenario before having its own already.
//!
//! - `keys/*`: 99 servers and 10,000, 100,000 or 1,000,000 keys; the newcomer takes about 1%.
//! - `moved/*`: 1,000,000 keys; the newcomer takes about 1% (among 99 servers), 10% (among 9)
//!   or 50% (weight 10 among 10 servers of weight 1).
//!
//! Criterion times the change again and again from the same scenario, so anything the engine
//! keeps with the keys between changes is kept; before the timing starts, each case prints the
//! time of its first change, when nothing is kept yet.
//!
//! Run with `cargo bench --bench per_change`. Only the engine's public scenario API is used, so
//! the same file runs against earlier builds for a side-by-side comparison.

use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::{criterion_group, criterion_main, Criterion, SamplingMode};
use ringlab::core::{Change, HashScheme, Placed, RingSize, Scenario, Server};

const VNODES: u32 = 200;

/// `servers` hashed servers and `keys` generated keys, with the keys per server counted.
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
    scenario
}

fn joining(weight: u32) -> Change {
    Change::AddServer {
        name: "extra".into(),
        at: None,
        weight: Some(weight),
    }
}

/// One change and the new scenario's keys per server: the keys moved and mod N's.
fn change(scenario: &Scenario, change: &Change) -> (usize, usize, std::sync::Arc<Placed>) {
    let (next, outcome) = scenario.after(change.clone()).expect("a valid change");
    let placed = next.placed();
    let mod_n = outcome.baseline.as_ref().map_or(0, |b| b.moved.len());
    (outcome.moved.len(), mod_n, placed)
}

fn case(c: &mut Criterion, group: &str, label: &str, scenario: &Scenario, joined: &Change) {
    let start = Instant::now();
    let (moved, mod_n, _) = change(scenario, joined);
    let first = start.elapsed();
    let keys = scenario.keys().len();
    println!(
        "per_change/{group}/{label}: {keys} keys, {moved} moved ({:.1}%), mod N moved {mod_n}; \
         first change {:.2} ms",
        100.0 * moved as f64 / keys as f64,
        first.as_secs_f64() * 1e3,
    );
    let mut g = c.benchmark_group(format!("per_change/{group}"));
    g.sampling_mode(SamplingMode::Flat)
        .sample_size(20)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(3));
    g.bench_function(label, |b| {
        b.iter(|| change(black_box(scenario), black_box(joined)))
    });
    g.finish();
}

fn per_change(c: &mut Criterion) {
    for keys in [10_000, 100_000, 1_000_000] {
        let scenario = scenario(99, keys);
        case(
            c,
            "keys",
            &format!("{}k", keys / 1000),
            &scenario,
            &joining(1),
        );
    }
    for (label, servers, weight) in [("1pc", 99, 1), ("10pc", 9, 1), ("50pc", 10, 10)] {
        let scenario = scenario(servers, 1_000_000);
        case(c, "moved", label, &scenario, &joining(weight));
    }
}

criterion_group!(benches, per_change);
criterion_main!(benches);
