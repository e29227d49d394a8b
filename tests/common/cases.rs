//! How many cases each property test runs: its own number, unless `PROPTEST_CASES` asks for
//! another (`scripts/fuzz.sh` runs every property with 10,000).

use proptest::test_runner::Config;

/// A property test's configuration with `default` cases, or as many as `PROPTEST_CASES` says.
pub fn cases(default: u32) -> Config {
    let cases = std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|v| v.trim().parse().ok())
        .unwrap_or(default);
    Config::with_cases(cases)
}
