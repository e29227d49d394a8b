//! Sweep benchmarks, the sizes the Timeline view plots:
//!
//! - `vnodes`: the spread of ring shares for every v from 1 to 1,000, for 10 hashed servers on
//!   the full 2^32 ring (md5-first32), the ring grown point by point;
//! - `servers`: the share of 100,000 keys that move as the (N+1)th server joins, for N from 1
//!   to 50, on the ring with 100 virtual nodes and under mod N.
//!
//! Run with `cargo bench --bench sweeps`.

use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion};
use ringlab::core::{Change, HashScheme, RingSize, Scenario, Server, SizeSweep, VnodeSweep};

fn servers(count: usize) -> Vec<Server> {
    (0..count)
        .map(|i| Server::hashed(&format!("server-{i}")))
        .collect()
}

fn sweeps(c: &mut Criterion) {
    let mut group = c.benchmark_group("sweeps");
    let ten = Scenario::new(RingSize::FULL, HashScheme::Md5First32, 100, servers(10))
        .expect("a valid scenario");
    group.bench_function("vnodes", |b| {
        b.iter(|| black_box(VnodeSweep::run(&ten, 1_000).expect("a sweep")))
    });
    let mut one = Scenario::new(RingSize::FULL, HashScheme::Md5First32, 100, servers(1))
        .expect("a valid scenario");
    one.apply(Change::GenerateKeys { count: 100_000 })
        .expect("keys are generated");
    group.bench_function("servers", |b| {
        b.iter(|| black_box(SizeSweep::run(&one, 50, &[]).expect("a sweep")))
    });
    group.finish();
}

fn config() -> Criterion {
    Criterion::default()
        .sample_size(10)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(5))
}

criterion_group! {
    name = benches;
    config = config();
    targets = sweeps
}
criterion_main!(benches);
