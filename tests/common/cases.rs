//! How many cases each property test runs, and from which seed.
//!
//! Cases: the property's own number, unless `PROPTEST_CASES` asks for another
//! (`scripts/fuzz.sh --props` runs every property with 10,000).
//!
//! Seed: a fresh one each run, unless `PROPTEST_RNG_SEED` gives one. Either way the property
//! writes its seed to its output, which the test harness shows only when the property fails:
//! `PROPTEST_RNG_SEED=<seed> cargo test <property>` runs the same cases again.
//! (proptest also keeps each failure's own case in the file's `.proptest-regressions`, and tries
//! it first on every later run.)

use std::collections::hash_map::RandomState;
use std::hash::{BuildHasher, Hasher};

use proptest::test_runner::{Config, RngSeed};

/// A property test's configuration with `default` cases, or as many as `PROPTEST_CASES` says,
/// drawn from the seed `PROPTEST_RNG_SEED` gives or a fresh one, which it prints. The cases a
/// property sets aside (a scenario with one server, where removing one proves nothing) may
/// number four times the cases run: 10,000 cases set aside more than proptest's usual 1,024.
pub fn cases(default: u32) -> Config {
    let cases = std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|v| v.trim().parse().ok())
        .unwrap_or(default);
    let seed = given_seed().unwrap_or_else(fresh_seed);
    eprintln!(
        "proptest seed {seed} ({cases} cases): PROPTEST_RNG_SEED={seed} runs these cases again"
    );
    Config {
        max_global_rejects: cases.saturating_mul(4).max(1024),
        rng_seed: RngSeed::Fixed(seed),
        ..Config::with_cases(cases)
    }
}

/// The seed `PROPTEST_RNG_SEED` asks for, if it holds a number.
fn given_seed() -> Option<u64> {
    std::env::var("PROPTEST_RNG_SEED")
        .ok()
        .and_then(|v| v.trim().parse().ok())
}

/// A seed of its own for this run: the standard library's per-process random hash keys, which
/// the operating system's random source sets.
fn fresh_seed() -> u64 {
    let mut hasher = RandomState::new().build_hasher();
    hasher.write_u64(0);
    hasher.finish()
}
