//! Millions of keys through the one door, at the scale the page and the command line allow:
//! 3,000,000 generated keys under random changes, every move checked against the naive ring and
//! a plain `hash mod N`, and the 10,000,000-key limit reached exactly and refused one key past it.
//!
//! These are an optimised build's: `scripts/test.sh` runs them with
//! `cargo test --profile millions --test millions` (the release build without its slow
//! whole-program optimisation; `--release` runs them too), where each takes seconds. The debug
//! build of `cargo test` lists them as ignored, with that command as the reason: there, checking
//! every key from scratch after each change takes minutes.

mod common;

use common::door::{any_change, apply_and_check, FEW_NAMES, MILLIONS};
use proptest::collection::vec;
use proptest::prelude::*;
use proptest::sample::select;
use ringlab::core::{Change, Error, HashScheme, RingSize, Scenario, MAX_KEYS};

/// A scenario on the full ring with `servers` hashed servers from [`FEW_NAMES`] and `vnodes`
/// virtual nodes each.
fn full_ring(hash: HashScheme, servers: usize, vnodes: u32) -> Scenario {
    let specs = vec![(false, 0, 1); servers];
    let servers = common::servers_of(RingSize::MAX, &FEW_NAMES, &specs);
    Scenario::new(RingSize::FULL, hash, vnodes, servers).expect("the servers are valid")
}

proptest! {
    #![proptest_config(common::cases::cases(3))]

    #[test]
    #[cfg_attr(debug_assertions, ignore = "millions of keys: run in an optimised build, cargo test --profile millions --test millions")]
    fn three_million_keys_move_under_random_changes_exactly_as_the_naive_ring_says(
        hash in select(HashScheme::ALL.to_vec()),
        servers in 2usize..=4,
        vnodes in 1u32..=4,
        changes in vec(any_change(MILLIONS), 1..6),
    ) {
        let mut scenario = full_ring(hash, servers, vnodes);
        apply_and_check(&mut scenario, Change::GenerateKeys { count: 3_000_000 })?;
        prop_assert_eq!(scenario.keys().len(), 3_000_000);
        for change in changes {
            apply_and_check(&mut scenario, change)?;
        }
    }
}

#[test]
#[cfg_attr(
    debug_assertions,
    ignore = "millions of keys: run in an optimised build, cargo test --profile millions --test millions"
)]
fn the_ten_millionth_key_is_accepted_and_one_more_is_refused_leaving_the_scenario_as_it_was() {
    let mut scenario = full_ring(HashScheme::default(), 3, 2);
    for _ in 0..3 {
        apply_and_check(&mut scenario, Change::GenerateKeys { count: 3_000_000 }).unwrap();
    }
    assert_eq!(scenario.keys().len(), 9_000_000);
    // 3,000,000 more would pass the limit: refused, and nothing changes.
    let before = scenario.clone();
    assert_eq!(
        scenario.apply(Change::GenerateKeys { count: 3_000_000 }),
        Err(Error::TooManyKeys { max: MAX_KEYS })
    );
    assert_eq!(scenario, before);
    // Exactly up to the limit is accepted, and every key is where the naive ring puts it.
    let moved = apply_and_check(
        &mut scenario,
        Change::GenerateKeys {
            count: MAX_KEYS - 9_000_000,
        },
    )
    .unwrap();
    assert_eq!(moved, Some(Vec::new()));
    assert_eq!(scenario.keys().len(), MAX_KEYS);
    // One key more, generated or named, is refused.
    let full = scenario.clone();
    assert_eq!(
        scenario.apply(Change::GenerateKeys { count: 1 }),
        Err(Error::TooManyKeys { max: MAX_KEYS })
    );
    assert!(scenario
        .apply(Change::AddKeys {
            keys: vec!["one-too-many".into()]
        })
        .is_err());
    assert_eq!(scenario, full);
    // A server joining 10,000,000 keys moves exactly the keys the naive ring moves to it.
    let moved = apply_and_check(
        &mut scenario,
        Change::AddServer {
            name: "tokyo".into(),
            at: None,
            weight: None,
        },
    )
    .unwrap()
    .expect("adding a server is accepted");
    assert!(!moved.is_empty());
    assert!(moved.iter().all(|(_, _, to)| to == "tokyo"));
}
