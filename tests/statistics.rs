//! Statistics: with many generated keys, the share of keys that move matches what theory
//! predicts for `hash mod N` and for the ring.

use ringlab::core::{Change, HashScheme, RingSize, Scenario, Server};

const KEYS: usize = 100_000;

/// `servers` hashed servers `server-0`, `server-1`, ... on the full ring, with `KEYS`
/// generated keys.
fn hashed_cluster(servers: usize, vnodes: u32) -> Scenario {
    let servers = (0..servers)
        .map(|i| Server::hashed(&format!("server-{i}")))
        .collect();
    let mut scenario =
        Scenario::new(RingSize::FULL, HashScheme::default(), vnodes, servers).unwrap();
    scenario
        .apply(Change::GenerateKeys { count: KEYS })
        .unwrap();
    scenario
}

fn add_hashed(name: &str) -> Change {
    Change::AddServer {
        name: name.into(),
        at: None,
        weight: None,
    }
}

/// Whether `measured` lies within `tolerance` (relative) of `expected`.
fn near(measured: f64, expected: f64, tolerance: f64) -> bool {
    (measured - expected).abs() <= tolerance * expected
}

#[test]
fn mod_n_going_from_four_to_five_servers_moves_four_fifths_of_the_keys() {
    let mut scenario = hashed_cluster(4, 1);
    let outcome = scenario.apply(add_hashed("server-4")).unwrap();
    assert_eq!(outcome.keys, KEYS);
    assert_eq!(outcome.baseline.as_ref().unwrap().expected(), Some(0.8));
    let moved = outcome.baseline_fraction().unwrap();
    assert!(
        (moved - 0.8).abs() <= 0.01,
        "mod N moved {moved} of the keys, not 0.8 +/- 0.01"
    );
}

#[test]
fn the_ring_going_from_n_to_n_plus_one_servers_moves_about_one_key_in_n_plus_one() {
    // With 200 points a server's share strays from its ideal by about 1/sqrt(200), some 7%;
    // 25% leaves more than three such deviations of room.
    for n in [4, 10] {
        let mut scenario = hashed_cluster(n, 200);
        let outcome = scenario.apply(add_hashed(&format!("server-{n}"))).unwrap();
        let expected = 1.0 / (n + 1) as f64;
        assert_eq!(outcome.expected(), Some(expected));

        let moved = outcome.moved_fraction().unwrap();
        assert!(
            near(moved, expected, 0.25),
            "{n} -> {}: the ring moved {moved} of the keys, expected about {expected}",
            n + 1
        );

        let diff = outcome.diff.as_ref().expect("a server change has a diff");
        let newcomer_arc = scenario.ring().owned_arcs()[n];
        assert_eq!(diff.moved_length(), newcomer_arc);
        let arc_share = newcomer_arc as f64 / RingSize::FULL.get() as f64;
        assert!(
            near(arc_share, expected, 0.25),
            "{n} -> {}: the newcomer owns {arc_share} of the ring, expected about {expected}",
            n + 1
        );

        let mod_n = outcome.baseline_fraction().unwrap();
        assert!(moved * 3.0 < mod_n, "the ring moved {moved}, mod N {mod_n}");
    }
}

#[test]
fn the_ring_losing_one_of_ten_servers_moves_about_a_tenth_of_the_keys() {
    let mut scenario = hashed_cluster(10, 200);
    let outcome = scenario
        .apply(Change::RemoveServer {
            name: "server-3".into(),
        })
        .unwrap();
    assert_eq!(outcome.expected(), Some(0.1));
    let moved = outcome.moved_fraction().unwrap();
    assert!(near(moved, 0.1, 0.25), "removing one of ten moved {moved}");
    assert_eq!(outcome.moved.from, vec![std::sync::Arc::from("server-3")]);
    let mod_n = outcome.baseline_fraction().unwrap();
    assert!(near(mod_n, 0.9, 0.02), "mod N moved {mod_n}, not about 0.9");
}

#[test]
fn a_newcomer_of_weight_two_takes_about_two_shares_of_the_keys() {
    let mut scenario = hashed_cluster(4, 200);
    let outcome = scenario
        .apply(Change::AddServer {
            name: "heavy".into(),
            at: None,
            weight: Some(2),
        })
        .unwrap();
    let expected = 2.0 / 6.0;
    assert_eq!(outcome.expected(), Some(expected));
    let moved = outcome.moved_fraction().unwrap();
    assert!(
        near(moved, expected, 0.25),
        "a weight-2 newcomer took {moved}, expected about {expected}"
    );
}
