//! A change's cost in proportion to what moves: the ring keeps moved keys as runs of the sorted
//! keys and works out each server's keys from the arcs that changed, and mod N counts moved keys
//! from the counts of the hashes' remainders. Each is checked here against a full pass over
//! every key: owners found from scratch by a linear scan, before and after.

mod common;

use std::collections::BTreeSet;

use common::{compare_owners, mod_n_owners, moves_match, ring_owners, Move};
use proptest::collection::vec;
use proptest::prelude::*;
use ringlab::core::placement::{mod_n_by_pass, mod_n_moves};
use ringlab::core::{
    Change, HashScheme, Key, KeyIds, Kind, Placed, Placement, ResidueCounter, RingSize, Scenario,
    Server,
};

const NAMES: [&str; 9] = ["A", "B", "C", "Zed", "a", "b", "tokyo", "osaka", "lima"];

use common::ServerSpec;

fn ring_size() -> impl Strategy<Value = u64> {
    prop_oneof![
        3 => 2u64..=60,
        1 => 61u64..=100_000,
        2 => Just(RingSize::MAX),
    ]
}

/// A scenario of up to eight servers and up to about 700 keys: generated ones, and keys placed
/// by hand so that several share a position.
fn scenario() -> impl Strategy<Value = Scenario> {
    (
        ring_size(),
        proptest::sample::select(HashScheme::ALL.to_vec()),
        1u32..=5,
        vec((any::<bool>(), any::<u64>(), 1u32..=3), 1..=8),
        vec(any::<u64>(), 0..30),
        prop_oneof![0usize..40, 40usize..700],
    )
        .prop_map(|(size, hash, vnodes, specs, placed, generated)| {
            build(size, hash, vnodes, &specs, &placed, generated)
        })
}

fn build(
    size: u64,
    hash: HashScheme,
    vnodes: u32,
    specs: &[ServerSpec],
    placed: &[u64],
    generated: usize,
) -> Scenario {
    let servers = common::servers_of(size, &NAMES, specs);
    let mut scenario =
        Scenario::new(RingSize::new(size).unwrap(), hash, vnodes, servers).expect("valid servers");
    // Few distinct positions on a small ring: keys pile up at one position.
    let keys: BTreeSet<u32> = placed.iter().map(|s| (s % size.min(50)) as u32).collect();
    scenario
        .insert_keys(keys.into_iter().map(Key::At).collect())
        .expect("valid keys");
    if generated > 0 {
        scenario
            .apply(Change::GenerateKeys { count: generated })
            .unwrap();
    }
    scenario
}

/// A change of the servers, resolved against the scenario it is applied to.
#[derive(Debug, Clone)]
enum Edit {
    Add(bool, u64, u32),
    Remove(usize),
    Vnodes(u32),
    Weight(usize, u32),
    Move(usize, u64),
}

fn edit() -> impl Strategy<Value = Edit> {
    prop_oneof![
        3 => (any::<bool>(), any::<u64>(), 1u32..=3).prop_map(|(h, s, w)| Edit::Add(h, s, w)),
        3 => any::<usize>().prop_map(Edit::Remove),
        1 => (1u32..=6).prop_map(Edit::Vnodes),
        1 => (any::<usize>(), 1u32..=4).prop_map(|(i, w)| Edit::Weight(i, w)),
        1 => (any::<usize>(), any::<u64>()).prop_map(|(i, s)| Edit::Move(i, s)),
    ]
}

fn change(scenario: &Scenario, edit: &Edit) -> Option<Change> {
    let servers = scenario.servers();
    let size = scenario.size().get();
    let of_kind = |hashed: bool| -> Vec<&Server> {
        servers
            .iter()
            .filter(|s| matches!(s.placement, Placement::Hashed { .. }) == hashed)
            .collect()
    };
    Some(match *edit {
        Edit::Add(by_hand, seed, weight) => {
            let free: Vec<&str> = NAMES
                .iter()
                .copied()
                .filter(|n| scenario.server(n).is_err())
                .collect();
            Change::AddServer {
                name: free
                    .get((seed % free.len().max(1) as u64) as usize)?
                    .to_string(),
                at: by_hand.then_some(seed % size),
                weight: (!by_hand).then_some(weight),
            }
        }
        Edit::Remove(i) => Change::RemoveServer {
            name: servers[i % servers.len()].name.clone(),
        },
        Edit::Vnodes(vnodes) => Change::SetVnodes { vnodes },
        Edit::Weight(i, weight) => {
            let hashed = of_kind(true);
            Change::SetWeight {
                name: hashed.get(i % hashed.len().max(1))?.name.clone(),
                weight,
            }
        }
        Edit::Move(i, seed) => {
            let by_hand = of_kind(false);
            Change::MovePoint {
                name: by_hand.get(i % by_hand.len().max(1))?.name.clone(),
                to: seed % size,
            }
        }
    })
}

/// Keys per server, in list order, from owners found by a linear scan.
fn counted(scenario: &Scenario, owners: &[String]) -> Vec<u64> {
    scenario
        .servers()
        .iter()
        .map(|s| owners.iter().filter(|o| **o == s.name).count() as u64)
        .collect()
}

/// Every key's membership in `ids` against the moves found from scratch.
fn same_members(ids: &KeyIds, keys: usize, expected: &[Move]) -> Result<(), TestCaseError> {
    let wanted: BTreeSet<u32> = expected.iter().map(|m| m.0).collect();
    prop_assert_eq!(ids.len(), wanted.len());
    for id in 0..keys as u32 {
        prop_assert_eq!(ids.contains(id), wanted.contains(&id), "key {}", id);
    }
    prop_assert!(!ids.contains(keys as u32));
    Ok(())
}

proptest! {
    #![proptest_config(common::cases::cases(96))]

    #[test]
    fn moved_keys_kept_as_runs_of_the_sorted_keys_are_the_keys_a_pass_over_every_key_finds(
        scenario in scenario(),
        edit in edit(),
    ) {
        let Some(change) = change(&scenario, &edit) else {
            return Ok(());
        };
        let mut after = scenario.clone();
        let Ok(outcome) = after.apply(change) else {
            return Ok(());
        };
        let expected = compare_owners(&ring_owners(&scenario), &ring_owners(&after));
        let moved = &outcome.moved;
        prop_assert!(moved.keys.spans().is_some(), "kept as runs: {:?}", moved.keys);
        if let Err(why) = moves_match(moved, &expected) {
            prop_assert!(false, "{}", why);
        }
        same_members(&moved.keys, after.keys().len(), &expected)?;
        let diff = outcome.diff.as_ref().expect("a ring change has a diff");
        let one_by_one = diff.moves(
            scenario.keys(),
            after.keys(),
            scenario.ring().names(),
            after.ring().names(),
        );
        prop_assert!(!matches!(one_by_one.keys, KeyIds::Spans(_)));
        prop_assert_eq!(moved, &one_by_one);
    }

    #[test]
    fn keys_per_server_after_changes_are_the_counts_before_moved_along_the_changed_arcs(
        scenario in scenario(),
        edits in vec(edit(), 1..6),
    ) {
        let mut scenario = scenario;
        // The page has always counted the keys per server before a change.
        scenario.placed();
        for edit in &edits {
            let Some(change) = change(&scenario, edit) else {
                continue;
            };
            if scenario.apply(change).is_err() {
                continue;
            }
            let fresh = Placed::new(&scenario.layout(), Kind::Ring);
            let kept = scenario.placed();
            prop_assert_eq!(kept.counts(), fresh.counts());
            prop_assert_eq!(kept.counts(), &counted(&scenario, &ring_owners(&scenario))[..]);
        }
    }

    #[test]
    fn mod_n_moves_from_counts_of_remainders_equal_a_pass_over_every_key(
        scenario in scenario(),
        edit in edit(),
        counted_first in any::<bool>(),
    ) {
        let Some(change) = change(&scenario, &edit) else {
            return Ok(());
        };
        let mut after = scenario.clone();
        if after.apply(change).is_err() {
            return Ok(());
        }
        let (n_before, n_after) = (scenario.servers().len() as u32, after.servers().len() as u32);
        if counted_first {
            // As the page does ahead of a change: the remainders counted beforehand, so even a
            // few keys take the way of the counts.
            let lcm = n_before / gcd(n_before, n_after) * n_after;
            scenario.keys().residue_counts(lcm);
        }
        let expected = compare_owners(&mod_n_owners(&scenario), &mod_n_owners(&after));
        let by_counts = mod_n_moves(&scenario.layout(), &after.layout());
        let by_pass = mod_n_by_pass(&scenario.layout(), &after.layout());
        if counted_first {
            prop_assert!(matches!(by_counts.keys, KeyIds::Remainders(_)));
        }
        prop_assert!(!matches!(by_pass.keys, KeyIds::Remainders(_)));
        for (name, moves) in [("counts", &by_counts), ("pass", &by_pass)] {
            if let Err(why) = moves_match(moves, &expected) {
                prop_assert!(false, "by {}: {}", name, why);
            }
            same_members(&moves.keys, after.keys().len(), &expected)?;
        }
        prop_assert_eq!(&by_counts, &by_pass);
    }

    #[test]
    fn keys_per_server_under_mod_n_from_counts_of_remainders_equal_a_count_of_every_key(
        scenario in scenario(),
        edit in edit(),
    ) {
        let mut scenario = scenario;
        let owners = mod_n_owners(&scenario);
        let counts = Placed::new(&scenario.layout(), Kind::ModN).counts().to_vec();
        prop_assert_eq!(&counts, &counted(&scenario, &owners));
        // After a change that keeps the keys, the counts come from what the change counted.
        if let Some(change) = change(&scenario, &edit) {
            if scenario.apply(change).is_ok() {
                let owners = mod_n_owners(&scenario);
                let counts = Placed::new(&scenario.layout(), Kind::ModN).counts().to_vec();
                prop_assert_eq!(counts, counted(&scenario, &owners));
            }
        }
    }
}

fn gcd(a: u32, b: u32) -> u32 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

#[test]
fn a_million_keys_moved_by_a_new_server_are_kept_as_a_few_hundred_runs() {
    // 20 servers of 200 points and a million keys on the full ring: the newcomer's 200 points
    // take 200 arcs, and its keys are at most that many runs of the sorted keys (an arc running
    // past the top of the ring is two).
    let servers: Vec<Server> = (0..20).map(|i| Server::hashed(&format!("s{i}"))).collect();
    let mut scenario = Scenario::new(RingSize::FULL, HashScheme::default(), 200, servers).unwrap();
    scenario
        .apply(Change::GenerateKeys { count: 1_000_000 })
        .unwrap();
    let outcome = scenario
        .apply(Change::AddServer {
            name: "extra".into(),
            at: None,
            weight: None,
        })
        .unwrap();
    let spans = outcome.moved.keys.spans().expect("kept as runs");
    assert!(spans.spans().len() <= 201, "{} runs", spans.spans().len());
    let owned = scenario.placed().counts()[20];
    assert_eq!(outcome.moved.len() as u64, owned);
    assert!((40_000..55_000).contains(&owned), "{owned} keys moved");
    let baseline = outcome.baseline.as_ref().unwrap();
    assert!(matches!(baseline.moved.keys, KeyIds::Remainders(_)));
    // 20 of every 21 × 20 remainders keep their server: about 95% of the keys move.
    assert!((940_000..965_000).contains(&baseline.moved.len()));
}

#[test]
fn the_remainder_counts_a_server_joining_or_leaving_will_want_can_be_counted_ahead() {
    // Five servers and 10,000 keys: a sixth joining wants the counts modulo lcm(5, 6) = 30, one
    // leaving those modulo lcm(5, 4) = 20. Counted ahead a slice at a time, they are at hand
    // for the change, which then moves under mod N exactly the keys a pass over every key
    // finds.
    let servers: Vec<Server> = (0..5).map(|i| Server::hashed(&format!("s{i}"))).collect();
    let mut scenario = Scenario::new(RingSize::FULL, HashScheme::default(), 10, servers).unwrap();
    scenario
        .apply(Change::GenerateKeys { count: 10_000 })
        .unwrap();
    assert_eq!(scenario.counts_ahead(), vec![30, 20]);
    let keys = scenario.shared_keys();
    for divisor in scenario.counts_ahead() {
        let mut counter = ResidueCounter::start(divisor);
        while !counter.count(&keys, 777) {}
        counter.keep_in(&keys);
    }
    assert!(scenario.counts_ahead().is_empty());
    assert!(scenario.keys().has_residue_counts(30) && scenario.keys().has_residue_counts(20));
    for change in [
        Change::AddServer {
            name: "s5".into(),
            at: None,
            weight: None,
        },
        Change::RemoveServer { name: "s2".into() },
    ] {
        let before = scenario.clone();
        let outcome = scenario.apply(change).unwrap();
        let baseline = outcome.baseline.as_ref().unwrap();
        assert!(matches!(baseline.moved.keys, KeyIds::Remainders(_)));
        let by_pass = mod_n_by_pass(&before.layout(), &scenario.layout());
        assert_eq!(baseline.moved.keys, by_pass.keys);
    }
    // Fewer keys than the divisor: a pass is cheaper than counts, so none are wanted.
    let few = Scenario::new(
        RingSize::FULL,
        HashScheme::default(),
        10,
        (0..5).map(|i| Server::hashed(&format!("s{i}"))).collect(),
    )
    .unwrap();
    assert!(few.counts_ahead().is_empty());
}
