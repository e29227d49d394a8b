//! Property tests of the rule for points placed by hand when the ring changes size: each keeps
//! its share of the circle (the position nearest `p × M′ / M`), so the servers' shares, the keys'
//! owners and the picture stay what they were; a ring too small to keep two of them apart is
//! refused, naming them; and virtual nodes never claim points a server placed by hand did not
//! take. The oracle finds the nearest position by comparing exact products, one candidate at a
//! time.

mod common;

use std::collections::BTreeSet;

use proptest::collection::vec;
use proptest::prelude::*;
use ringlab::core::{Change, Error, HashScheme, Key, Placement, RingSize, Scenario, Server};

/// The position of the ring `to` nearest to `p × to / from` (ties go up), found by scanning
/// the two candidates around it with exact integer products; never past `to − 1`.
fn nearest(p: u32, from: u64, to: u64) -> u32 {
    let target = u128::from(p) * u128::from(to); // the point is target / from
    let below = (target / u128::from(from)) as u64;
    let mut best = below;
    for candidate in [below, below + 1] {
        // |candidate × from − target| against |best × from − target|, ties to the larger.
        let gap = |c: u64| (u128::from(c) * u128::from(from)).abs_diff(target);
        if gap(candidate) <= gap(best) {
            best = candidate;
        }
    }
    best.min(to - 1) as u32
}

fn sizes() -> impl Strategy<Value = u64> {
    prop_oneof![
        3 => 2u64..=200,
        2 => 201u64..=100_000,
        1 => Just(RingSize::MAX - 1),
        2 => Just(RingSize::MAX),
    ]
}

/// A scenario on a ring of `size`, servers placed by hand at distinct positions (from seeds)
/// or hashed, keys placed by hand at distinct positions plus a few named ones.
fn scenario_on(size: u64, servers: &[(bool, u64)], keys: &[u64], named: usize) -> Scenario {
    let mut taken = BTreeSet::new();
    let names = ["A", "B", "C", "D", "E", "F"];
    let list: Vec<Server> = servers
        .iter()
        .zip(names)
        .map(|(&(by_hand, seed), name)| {
            let p = seed % size;
            if by_hand && taken.insert(p) {
                Server::at(name, p as u32)
            } else {
                Server::hashed(name)
            }
        })
        .collect();
    let mut s = Scenario::new(RingSize::new(size).unwrap(), HashScheme::default(), 2, list)
        .expect("valid servers");
    let mut seen = BTreeSet::new();
    let mut placed: Vec<Key> = keys
        .iter()
        .map(|seed| seed % size)
        .filter(|p| seen.insert(*p))
        .map(|p| Key::At(p as u32))
        .collect();
    placed.extend((0..named).map(|n| Key::Named(format!("user:{n}").into())));
    s.insert_keys(placed).expect("valid keys");
    s
}

fn scenarios() -> impl Strategy<Value = (Scenario, u64)> {
    (
        sizes(),
        sizes(),
        vec((any::<bool>(), any::<u64>()), 1..=6),
        vec(any::<u64>(), 0..12),
        0usize..4,
    )
        .prop_map(|(from, to, servers, keys, named)| {
            (scenario_on(from, &servers, &keys, named), to)
        })
}

fn positions_by_hand(s: &Scenario) -> Vec<(String, u32)> {
    s.servers()
        .iter()
        .filter_map(|server| match server.placement {
            Placement::At(p) => Some((server.name.clone(), p)),
            Placement::Hashed { .. } => None,
        })
        .collect()
}

fn keys_by_hand(s: &Scenario) -> Vec<Option<u32>> {
    (0..s.keys().len() as u32)
        .map(|id| s.keys().placed_at(id))
        .collect()
}

proptest! {
    #![proptest_config(common::cases::cases(300))]

    #[test]
    fn every_point_placed_by_hand_goes_to_the_position_nearest_its_share_of_the_new_ring(
        (scenario, to) in scenarios()
    ) {
        let from = scenario.size().get();
        let mut after = scenario.clone();
        match after.apply(Change::SetRingSize { size: to }) {
            Ok(_) => {
                let expected: Vec<(String, u32)> = positions_by_hand(&scenario)
                    .into_iter()
                    .map(|(name, p)| (name, nearest(p, from, to)))
                    .collect();
                prop_assert_eq!(positions_by_hand(&after), expected);
                let keys: Vec<Option<u32>> = keys_by_hand(&scenario)
                    .into_iter()
                    .map(|p| p.map(|p| nearest(p, from, to)))
                    .collect();
                prop_assert_eq!(keys_by_hand(&after), keys);
                // Hashed servers and named keys are placed again by their hash.
                prop_assert_eq!(after.size().get(), to);
                prop_assert_eq!(after.keys().len(), scenario.keys().len());
            }
            Err(Error::PlacedTooClose { size, first, second, position }) => {
                prop_assert_eq!(size, to);
                prop_assert_eq!(&after, &scenario, "a refused resize changes nothing");
                // The two points it names really do land on one position.
                let land = |name: &str| -> Option<u32> {
                    match name.strip_prefix('@') {
                        Some(p) => Some(nearest(p.parse().ok()?, from, to)),
                        None => positions_by_hand(&scenario)
                            .into_iter()
                            .find(|(n, _)| n == name)
                            .map(|(_, p)| nearest(p, from, to)),
                    }
                };
                prop_assert_eq!(land(&first), Some(position));
                prop_assert_eq!(land(&second), Some(position));
            }
            Err(other) => prop_assert!(false, "unexpected refusal: {other}"),
        }
    }

    #[test]
    fn a_ring_grown_and_shrunk_back_is_the_ring_it_was((scenario, to) in scenarios()) {
        let from = scenario.size().get();
        prop_assume!(to >= from);
        let mut s = scenario.clone();
        s.apply(Change::SetRingSize { size: to }).unwrap();
        s.apply(Change::SetRingSize { size: from }).unwrap();
        prop_assert_eq!(positions_by_hand(&s), positions_by_hand(&scenario));
        prop_assert_eq!(keys_by_hand(&s), keys_by_hand(&scenario));
    }

    #[test]
    fn servers_placed_by_hand_keep_their_shares_and_keys_their_owners_on_a_larger_ring(
        (from, to) in (sizes(), sizes()),
        seeds in vec(any::<u64>(), 1..=6),
        keys in vec(any::<u64>(), 0..12),
    ) {
        prop_assume!(to >= from);
        let servers: Vec<(bool, u64)> = seeds.iter().map(|&s| (true, s)).collect();
        let scenario = scenario_on(from, &servers, &keys, 0);
        prop_assume!(positions_by_hand(&scenario).len() == scenario.servers().len());
        let mut s = scenario.clone();
        let out = s.apply(Change::SetRingSize { size: to }).unwrap();
        prop_assert_eq!(out.moved.len(), 0, "no key changes owner");
        for (b, a) in scenario.ownership().servers.iter().zip(s.ownership().servers.iter()) {
            // Each end of a server's arc moves by at most half a position of the new ring.
            prop_assert!((a.share - b.share).abs() <= 1.0 / to as f64 + 1e-12,
                "{} went from {} to {}", a.name, b.share, a.share);
        }
    }

    #[test]
    fn virtual_nodes_claim_points_per_server_only_when_every_server_takes_them(
        (scenario, _) in scenarios(),
        vnodes in 1u32..=300,
    ) {
        let mut s = scenario;
        let out = s.apply(Change::SetVnodes { vnodes }).unwrap();
        let said_for_all = out.headline.ends_with(" per server.");
        let every_one_takes_them = s
            .servers()
            .iter()
            .all(|server| server.point_count(vnodes) == (vnodes * server.weight()) as usize);
        prop_assert_eq!(said_for_all, every_one_takes_them || vnodes == 1, "{}", out.headline);
        // Hashing the servers placed by hand gives each its points.
        if !every_one_takes_them {
            s.apply(Change::HashPlaced).unwrap();
            prop_assert!(s.servers().iter().all(|server| server.point_count(vnodes) == vnodes as usize * server.weight() as usize));
            prop_assert_eq!(s.ring().points().len(), s.servers().iter().map(|server| vnodes as usize * server.weight() as usize).sum::<usize>());
        }
    }
}

#[test]
fn the_teaching_ring_on_2_32_keeps_35_30_35_and_its_five_keys_owners() {
    let mut s = Scenario::teaching();
    let out = s
        .apply(Change::SetRingSize {
            size: RingSize::MAX,
        })
        .unwrap();
    assert_eq!(out.moved.len(), 0);
    let arcs: Vec<u64> = s.ownership().servers.iter().map(|r| r.arc).collect();
    // 0.35, 0.30 and 0.35 of 2^32, to the position.
    assert_eq!(arcs, vec![1_503_238_554, 1_288_490_188, 1_503_238_554]);
    assert_eq!(
        positions_by_hand(&s),
        vec![
            ("A".to_string(), 429_496_730),
            ("B".to_string(), 1_717_986_918),
            ("C".to_string(), 3_221_225_472)
        ]
    );
}
