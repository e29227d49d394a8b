//! Traffic benchmarks: each server's share of the requests on the full 2^32 ring with 100
//! hashed servers of 200 virtual nodes, a million generated keys read with Zipf popularity
//! (s = 1.1) and one key made a thousand times hotter.
//!
//! - `shares/none`: the request shares with no remedy, what the Traffic view computes after
//!   every change to popularity or hot keys;
//! - `shares/<remedy>`: the same with one remedy on (bounded loads at 1.25, 3 copies of the 10
//!   hottest keys, a near cache answering 90 %), each also worked out alone for its figure;
//! - `weights/total`: the sum of a million Zipf weights, the floor under every line above.
//!
//! Run with `cargo bench --bench traffic`.

use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion};
use ringlab::core::{Change, HashScheme, RingSize, Scenario, Server};

const SERVERS: usize = 100;
const VNODES: u32 = 200;
const KEYS: usize = 1_000_000;
const READS: f64 = 50_000.0;

fn scenario() -> Scenario {
    let servers: Vec<Server> = (0..SERVERS)
        .map(|i| Server::hashed(&format!("server-{i}")))
        .collect();
    let mut s = Scenario::new(RingSize::FULL, HashScheme::Md5First32, VNODES, servers)
        .expect("a valid scenario");
    s.apply(Change::GenerateKeys { count: KEYS })
        .expect("keys are generated");
    for text in ["traffic:zipf:1.1", "hot:key-77*1000"] {
        s.apply(text.parse().expect("a change")).expect("applied");
    }
    s
}

fn traffic(c: &mut Criterion) {
    let base = scenario();
    let mut group = c.benchmark_group("traffic");
    let cases = [
        ("none", None),
        ("bounded", Some("remedy:bounded:1.25")),
        ("copies", Some("remedy:copies:3")),
        ("near", Some("remedy:near:0.9")),
    ];
    for (name, remedy) in cases {
        let mut s = base.clone();
        if let Some(text) = remedy {
            s.apply(text.parse().expect("a change")).expect("applied");
        }
        let placed = s.placed();
        group.bench_function(format!("shares/{name}"), |b| {
            b.iter(|| black_box(s.traffic().loads(&placed, s.keys(), READS)))
        });
    }
    let weights = base.traffic().weights(base.keys());
    group.bench_function("weights/total", |b| {
        b.iter(|| black_box(weights.total(KEYS)))
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
    targets = traffic
}
criterion_main!(benches);
