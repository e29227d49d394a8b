//! How many cases each property test runs: its own number, unless `PROPTEST_CASES` asks for
//! another (`scripts/fuzz.sh` runs every property with 10,000).

use proptest::test_runner::Config;

/// A property test's configuration with `default` cases, or as many as `PROPTEST_CASES` says.
/// The cases a property sets aside (a scenario with one server, where removing one proves
/// nothing) may number four times the cases run: 10,000 cases set aside more than proptest's
/// usual 1,024.
pub fn cases(default: u32) -> Config {
    let cases = std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|v| v.trim().parse().ok())
        .unwrap_or(default);
    Config {
        max_global_rejects: cases.saturating_mul(4).max(1024),
        ..Config::with_cases(cases)
    }
}
