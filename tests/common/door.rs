//! The one door under random changes: any change at all, valid or not, and the check that a
//! refused change leaves the scenario as it was and an accepted one moves exactly the keys the
//! naive ring and a plain `hash mod N` say it moves.

use proptest::collection::vec;
use proptest::prelude::*;
use proptest::sample::select;
use ringlab::core::{Change, HashScheme, Ring, RingSize, Scenario, MAX_KEYS};

use super::{compare_owners, mod_n_owners, moves_match, ring_owners, Move};

/// The smaller pool that random change sequences draw from, so that most named changes find
/// their server.
pub const FEW_NAMES: [&str; 5] = ["A", "B", "Zed", "a", "tokyo"];

/// Key counts for `GenerateKeys` that the debug build checks quickly: a few keys, and counts
/// past the key limit, which are refused before a key is made.
pub const SMALL_COUNTS: &[usize] = &[0, 1, 7, 30, 400, MAX_KEYS + 1, usize::MAX];

/// Key counts in the millions, for the release build (tests/millions.rs): three of them fill
/// the page's 10,000,000 keys nearly full, and a fourth is refused.
pub const MILLIONS: &[usize] = &[1, 30, 3_000_000, MAX_KEYS + 1, usize::MAX];

/// Any change at all, invalid ones included: bad and unknown names, positions off the ring,
/// virtual nodes and weights out of range, malformed and unknown keys, impossible ring sizes.
pub fn any_change(counts: &'static [usize]) -> impl Strategy<Value = Change> {
    let name = prop_oneof![
        6 => select(FEW_NAMES.to_vec()).prop_map(String::from),
        1 => select(vec!["", "   ", " A ", "a#b", "x y", "nobody", "<b>"]).prop_map(String::from),
        1 => Just("n".repeat(41)),
    ];
    let position = prop_oneof![
        4 => 0u64..60,
        1 => any::<u64>(),
        1 => select(vec![RingSize::MAX - 1, RingSize::MAX, u64::MAX]),
    ];
    let label = prop_oneof![
        4 => (0u32..90).prop_map(|p| format!("@{p}")),
        2 => (0u32..50).prop_map(|n| format!("key-{n}")),
        2 => (0u32..60).prop_map(|n| format!("user:{n}")),
        3 => select(vec![
            "", "  ", "@", "@x", "@-1", "@99999999999", "@4294967295", "key-007",
            "key-4294967295", "key-4294967294", "a,b",
        ])
        .prop_map(String::from),
    ];
    prop_oneof![
        3 => (
            name.clone(),
            proptest::option::of(position.clone()),
            proptest::option::weighted(0.3, 0u32..=11)
        )
            .prop_map(|(name, at, weight)| Change::AddServer { name, at, weight }),
        2 => name.clone().prop_map(|name| Change::RemoveServer { name }),
        1 => select(vec![0u32, 1, 2, 3, 5, 1001, 5000])
            .prop_map(|vnodes| Change::SetVnodes { vnodes }),
        1 => (name.clone(), 0u32..=11)
            .prop_map(|(name, weight)| Change::SetWeight { name, weight }),
        2 => (name, position).prop_map(|(name, to)| Change::MovePoint { name, to }),
        2 => vec(label.clone(), 0..4).prop_map(|keys| Change::AddKeys { keys }),
        1 => select(counts.to_vec()).prop_map(|count| Change::GenerateKeys { count }),
        2 => label.prop_map(|label| Change::DropKey { label }),
        1 => Just(Change::ClearKeys),
        1 => select(vec![0u64, 1, 2, 3, 10, 60, 100, 1 << 16, RingSize::MAX, RingSize::MAX + 1])
            .prop_map(|size| Change::SetRingSize { size }),
        1 => select(HashScheme::ALL.to_vec()).prop_map(|hash| Change::SetHash { hash }),
    ]
}

/// Applies `change` and checks every key's move against owners found from scratch before
/// and after. Returns the brute-force ring moves, or `None` when the change was refused (in
/// which case the scenario must be unchanged).
pub fn apply_and_check(
    scenario: &mut Scenario,
    change: Change,
) -> Result<Option<Vec<Move>>, TestCaseError> {
    let before = scenario.clone();
    let owners_before = ring_owners(&before);
    let mod_n_before = mod_n_owners(&before);
    let outcome = match scenario.apply(change.clone()) {
        Ok(outcome) => outcome,
        Err(_) => {
            prop_assert_eq!(
                &*scenario,
                &before,
                "a refused {:?} changed the scenario",
                change
            );
            return Ok(None);
        }
    };
    prop_assert_eq!(
        scenario.ring(),
        &Ring::build(
            scenario.size(),
            scenario.hash(),
            scenario.vnodes(),
            scenario.servers()
        ),
        "the ring after {:?} is not the ring of its servers",
        change
    );
    prop_assert_eq!(outcome.keys, scenario.keys().len());
    prop_assert_eq!(
        outcome.servers,
        (before.servers().len(), scenario.servers().len())
    );
    if !outcome.moves_keys {
        prop_assert_eq!(scenario.ring(), before.ring());
        prop_assert!(outcome.moved.is_empty() && outcome.baseline.is_none());
        return Ok(Some(Vec::new()));
    }
    let expected = compare_owners(&owners_before, &ring_owners(scenario));
    if let Err(why) = moves_match(&outcome.moved, &expected) {
        prop_assert!(false, "ring moves of {:?}: {}", change, why);
    }
    if let Some(diff) = &outcome.diff {
        let from_diff = diff.moves(
            before.keys(),
            scenario.keys(),
            before.ring().names(),
            scenario.ring().names(),
        );
        if let Err(why) = moves_match(&from_diff, &expected) {
            prop_assert!(false, "diff moves of {:?}: {}", change, why);
        }
        prop_assert_eq!(diff.count_moved(before.keys()), expected.len());
    }
    let baseline = outcome
        .baseline
        .as_ref()
        .expect("a change that moves keys has a baseline");
    let mod_n = compare_owners(&mod_n_before, &mod_n_owners(scenario));
    if let Err(why) = moves_match(&baseline.moved, &mod_n) {
        prop_assert!(false, "mod N moves of {:?}: {}", change, why);
    }
    Ok(Some(expected))
}
