//! Golden tests: the rings, moves and numbers of the published lessons the app lets people
//! reproduce.

mod common;

use std::sync::Arc;

use common::{listed, owner_of, NaiveRing};
use ringlab::core::{
    mod_n_owner, Change, HashScheme, Key, MovedArc, Ring, RingSize, Scenario, Server,
};

/// The teaching ring: A, B and C placed by hand on positions 0-99.
fn abc() -> Scenario {
    let servers = vec![
        Server::at("A", 10),
        Server::at("B", 40),
        Server::at("C", 75),
    ];
    Scenario::new(RingSize::TEACHING, HashScheme::default(), 1, servers).unwrap()
}

/// The teaching ring with its five keys at 90, 52, 68, 25 and 5.
fn abc_with_keys() -> Scenario {
    let mut scenario = abc();
    scenario
        .insert_keys([90, 52, 68, 25, 5].map(Key::At).to_vec())
        .unwrap();
    scenario
}

fn add_at(name: &str, at: u64) -> Change {
    Change::AddServer {
        name: name.into(),
        at: Some(at),
        weight: None,
    }
}

fn remove(name: &str) -> Change {
    Change::RemoveServer { name: name.into() }
}

fn moves(list: &[(u32, &str, &str)]) -> Vec<common::Move> {
    list.iter()
        .map(|&(key, from, to)| (key, from.to_string(), to.to_string()))
        .collect()
}

// 0 ....10.........40..................75.......99
//       A          B                   C
// A owns 76..99 and 0..10, B owns 11..40, C owns 41..75.
#[test]
fn a_b_and_c_at_10_40_and_75_own_35_30_and_35_positions() {
    let scenario = abc();
    assert_eq!(scenario.ring().owned_arcs(), vec![35, 30, 35]);
    assert_eq!(NaiveRing::of(&scenario).counted_arcs(), vec![35, 30, 35]);
    let shares: Vec<f64> = scenario
        .ownership()
        .servers
        .iter()
        .map(|s| s.share)
        .collect();
    assert_eq!(shares, vec![0.35, 0.30, 0.35]);
}

#[test]
fn the_starting_scenario_is_the_teaching_ring_with_its_five_keys() {
    assert_eq!(Scenario::teaching(), abc_with_keys());
}

// 0 ....10.........40..................75.......90..99
//       A          B                   C        k
// Nothing sits between 90 and 99, so the walk wraps past 0 and stops at A.
#[test]
fn the_key_at_90_wraps_past_99_to_a() {
    let scenario = abc_with_keys();
    assert_eq!(owner_of(&scenario, "@90"), "A");
    assert_eq!(owner_of(&scenario, "@5"), "A");
    assert_eq!(owner_of(&scenario, "@25"), "B");
    assert_eq!(owner_of(&scenario, "@52"), "C");
    assert_eq!(owner_of(&scenario, "@68"), "C");
}

// before: 0 ....10.........40..................75.......99
//               A          B                   C
// after:  0 ....10.........40.........60.......75.......99
//               A          B          D        C
// D takes 41..60, which belonged to C; nothing else changes hands.
#[test]
fn d_joining_at_60_takes_41_to_60_from_c_and_nothing_else() {
    let mut scenario = abc_with_keys();
    let outcome = scenario.apply(add_at("D", 60)).unwrap();
    let diff = outcome.diff.expect("a server change has a diff");
    assert_eq!(
        diff.arcs,
        vec![MovedArc {
            start: 40,
            end: 60,
            length: 20,
            from: Arc::from("C"),
            to: Arc::from("D"),
            from_index: 2,
            to_index: 3,
        }]
    );
    assert_eq!(diff.moved_length(), 20);
    assert_eq!(scenario.ring().owned_arcs(), vec![35, 30, 15, 20]);
}

// 0 ....10.........40.....52..60....68..75.......99
//       A          B      k   D     k   C
// Key 52 lies in D's new stretch 41..60; key 68 lies past 60 and stays on C.
#[test]
fn when_d_joins_key_52_moves_to_d_and_key_68_stays_on_c() {
    let mut scenario = abc_with_keys();
    let outcome = scenario.apply(add_at("D", 60)).unwrap();
    let key_52 = scenario.keys().find("@52").unwrap();
    assert_eq!(listed(&outcome.moved), moves(&[(key_52, "C", "D")]));
    assert_eq!(owner_of(&scenario, "@52"), "D");
    assert_eq!(owner_of(&scenario, "@68"), "C");
    assert_eq!(owner_of(&scenario, "@90"), "A");
    assert_eq!(owner_of(&scenario, "@25"), "B");
    assert_eq!(owner_of(&scenario, "@5"), "A");
    assert_eq!((outcome.moved.len(), outcome.keys), (1, 5));
    assert_eq!(outcome.moved_fraction(), Some(0.2));
    assert!(outcome.summary().contains("1 of 5 keys moved (20%)"));
}

// before: 0 ....10.........40.........60.......75.......99
//               A          B          D        C
// after:  0 ....10.......25...........60.......75.......99
//               A        k            D        C
// B's stretch 11..40 goes to the next server clockwise, now D; key 25 goes with it.
#[test]
fn when_b_leaves_key_25_goes_to_d_and_nothing_else_moves() {
    let mut scenario = abc_with_keys();
    scenario.apply(add_at("D", 60)).unwrap();
    let outcome = scenario.apply(remove("B")).unwrap();
    let key_25 = scenario.keys().find("@25").unwrap();
    assert_eq!(listed(&outcome.moved), moves(&[(key_25, "B", "D")]));
    let diff = outcome.diff.unwrap();
    assert_eq!(diff.arcs.len(), 1);
    let arc = &diff.arcs[0];
    assert_eq!((arc.start, arc.end, arc.length), (10, 40, 30));
    assert_eq!((&*arc.from, &*arc.to), ("B", "D"));
    assert_eq!(owner_of(&scenario, "@25"), "D");
}

// 0 ....10...........................60.......75.......99
//       A                           D        C
// D holds 11..60 (50 positions), C only 61..75 (15), A 76..10 (35).
#[test]
fn after_b_leaves_d_owns_50_positions_c_15_and_a_35() {
    let mut scenario = abc_with_keys();
    scenario.apply(add_at("D", 60)).unwrap();
    scenario.apply(remove("B")).unwrap();
    let names: Vec<&str> = scenario.servers().iter().map(|s| &*s.name).collect();
    assert_eq!(names, vec!["A", "C", "D"]);
    assert_eq!(scenario.ring().owned_arcs(), vec![35, 15, 50]);
    assert_eq!(NaiveRing::of(&scenario).counted_arcs(), vec![35, 15, 50]);
}

// Under hash mod N the key's hash is its position and its owner is servers[hash mod N]:
//   key   mod 3 of [A,B,C]   mod 4 of [A,B,C,D]
//   90    0 A                2 C
//   52    1 B                0 A
//   68    2 C                0 A
//   25    1 B                1 B   (stays)
//    5    2 C                1 B
#[test]
fn under_mod_n_adding_d_would_move_4_of_the_5_keys() {
    let mut scenario = abc_with_keys();
    let outcome = scenario.apply(add_at("D", 60)).unwrap();
    let id = |label: &str| scenario.keys().find(label).unwrap();
    assert_eq!(
        listed(&outcome.baseline.as_ref().unwrap().moved),
        moves(&[
            (id("@90"), "A", "C"),
            (id("@52"), "B", "A"),
            (id("@68"), "C", "A"),
            (id("@5"), "C", "B"),
        ])
    );
    assert_eq!(outcome.baseline_fraction(), Some(0.8));
    assert_eq!(mod_n_owner(52, 4), 0);
    assert_eq!(scenario.mod_n_owner_of_key(id("@52")), 0);
    assert_eq!(scenario.servers()[0].name, "A");
    assert_eq!(
        outcome.summary(),
        "Server D added. 1 of 5 keys moved (20%). mod N would move 4 (80%)."
    );
}

// 0 .......90.100..........200.....................350.....399
//          P   Q            R                       S
// P owns (350, 90] wrapping: 140 units; Q (90, 100]: 10; R (100, 200]: 100; S (200, 350]: 150.
#[test]
fn on_a_400_unit_ring_points_at_90_100_200_and_350_own_140_10_100_and_150_units() {
    let size = RingSize::new(400).unwrap();
    let servers = vec![
        Server::at("P", 90),
        Server::at("Q", 100),
        Server::at("R", 200),
        Server::at("S", 350),
    ];
    let ring = Ring::build(size, HashScheme::default(), 1, &servers);
    assert_eq!(ring.owned_arcs(), vec![140, 10, 100, 150]);
    let scenario = Scenario::new(size, HashScheme::default(), 1, servers).unwrap();
    assert_eq!(
        NaiveRing::of(&scenario).counted_arcs(),
        vec![140, 10, 100, 150]
    );
    let shares: Vec<f64> = scenario
        .ownership()
        .servers
        .iter()
        .map(|s| s.share)
        .collect();
    assert_eq!(shares, vec![0.35, 0.025, 0.25, 0.375]);
}

// 0 .......90.95.100..........200.....................350.....399
//          P  k  Q            R                       S
// From 95 the walk meets Q, then R, then S, then wraps to P.
#[test]
fn a_preference_list_on_the_400_unit_ring_walks_clockwise_through_distinct_servers() {
    let servers = vec![
        Server::at("P", 90),
        Server::at("Q", 100),
        Server::at("R", 200),
        Server::at("S", 350),
    ];
    let ring = Ring::build(
        RingSize::new(400).unwrap(),
        HashScheme::default(),
        1,
        &servers,
    );
    let names = |list: Vec<usize>| -> Vec<String> {
        list.into_iter()
            .map(|i| ring.server_name(i).to_string())
            .collect()
    };
    assert_eq!(names(ring.preference_list(95, 3)), vec!["Q", "R", "S"]);
    assert_eq!(names(ring.preference_list(360, 2)), vec!["P", "Q"]);
    assert_eq!(
        names(ring.preference_list(350, 9)),
        vec!["S", "P", "Q", "R"]
    );
}

/// Four hashed cache servers with 100 virtual nodes on the full ring, and 10,000 named keys.
fn cache_cluster() -> Scenario {
    let servers = (1..=4)
        .map(|i| Server::hashed(&format!("cache-{i}")))
        .collect();
    let mut scenario = Scenario::new(RingSize::FULL, HashScheme::default(), 100, servers).unwrap();
    let labels = (0..10_000).map(|i| format!("user:{i}")).collect();
    scenario.apply(Change::AddKeys { keys: labels }).unwrap();
    scenario
}

fn owners_by_name(scenario: &Scenario) -> Vec<String> {
    (0..scenario.keys().len() as u32)
        .map(|id| scenario.servers()[scenario.owner_of_key(id)].name.clone())
        .collect()
}

// 0 ...c1..c3.c2...c4..c1.c2...c3..c4..c2...c1 ... 2^32-1   (100 points each)
// cache-2 leaves: only its own keys move. It comes back, last in the list, with the same
// points: every key returns to the owner it had.
#[test]
fn removing_a_server_and_adding_it_back_restores_every_keys_owner() {
    let mut scenario = cache_cluster();
    let original = owners_by_name(&scenario);
    let original_arcs = scenario.ring().owned_arcs();

    let gone = scenario.apply(remove("cache-2")).unwrap();
    assert!(!gone.moved.is_empty());
    assert_eq!(gone.moved.from, vec![std::sync::Arc::from("cache-2")]);
    let held = original.iter().filter(|owner| *owner == "cache-2").count();
    assert_eq!(gone.moved.len(), held);

    let back = scenario
        .apply(Change::AddServer {
            name: "cache-2".into(),
            at: None,
            weight: None,
        })
        .unwrap();
    assert_eq!(back.moved.len(), held);
    assert_eq!(back.moved.to, vec![std::sync::Arc::from("cache-2")]);
    let names: Vec<&str> = scenario.servers().iter().map(|s| &*s.name).collect();
    assert_eq!(names, vec!["cache-1", "cache-3", "cache-4", "cache-2"]);
    assert_eq!(owners_by_name(&scenario), original);
    let arcs = scenario.ring().owned_arcs();
    assert_eq!(
        arcs,
        vec![
            original_arcs[0],
            original_arcs[2],
            original_arcs[3],
            original_arcs[1]
        ]
    );
}

// 0 ...c1..c3.c2...c4..c5..c1.c2...c5..c3..c4 ... 2^32-1
// cache-5 joins and takes about a fifth of the keys; once it leaves, nothing is left changed.
#[test]
fn adding_a_fifth_server_then_removing_it_gives_back_the_same_scenario() {
    let mut scenario = cache_cluster();
    let original = scenario.clone();
    let joined = scenario
        .apply(Change::AddServer {
            name: "cache-5".into(),
            at: None,
            weight: None,
        })
        .unwrap();
    let fraction = joined.moved_fraction().unwrap();
    assert!(
        (0.15..=0.25).contains(&fraction),
        "cache-5 took {fraction} of the keys"
    );
    let left = scenario.apply(remove("cache-5")).unwrap();
    // The same keys go back, from the servers they went to, to the servers they came from.
    assert_eq!(left.moved.keys, joined.moved.keys);
    assert_eq!(left.moved.from, joined.moved.to);
    assert_eq!(left.moved.to, joined.moved.from);
    assert_eq!(scenario, original);
}
