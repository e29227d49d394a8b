//! Four caches and a fifth joining: the keys that move, on the ring and under mod N.

use super::*;

#[test]
fn four_caches_each_hold_about_a_quarter_of_100_keys() {
    let s = step("fifth-cache", 0);
    let ring = read(s).scenario;
    let counts: Vec<u64> = ring.ownership().servers.iter().map(|s| s.keys).collect();
    assert_eq!(counts, vec![27, 24, 25, 24]);
    let low = counts.iter().min().unwrap();
    let high = counts.iter().max().unwrap();
    narrates(
        s,
        &[
            ring.vnodes().to_string(),
            ring.keys().len().to_string(),
            low.to_string(),
            high.to_string(),
        ],
    );
}

#[test]
fn sapporo_joining_moves_21_of_100_keys_on_the_ring_and_83_under_mod_n() {
    let s = step("fifth-cache", 1);
    let link = read(s);
    let out = last(&link);
    assert_eq!(out.keys, 100);
    assert_eq!(out.moved.len(), 21);
    assert_eq!(out.baseline_moved(), 83);
    assert_eq!(out.moved.to, vec![std::sync::Arc::from("sapporo")]);
    // The ring's figure sits near one in five, mod N's near four in five.
    assert!((out.moved_fraction().unwrap() - 0.2).abs() <= 0.02);
    assert!((out.baseline_fraction().unwrap() - 0.8).abs() <= 0.04);
    narrates(
        s,
        &[
            link.scenario.vnodes().to_string(),
            out.moved.len().to_string(),
            out.keys.to_string(),
        ],
    );
}

#[test]
fn key_2_stays_on_tokyo_on_the_ring_but_mod_n_sends_it_to_kyoto() {
    let s = step("fifth-cache", 2);
    let link = read(s);
    let out = last(&link);
    assert_eq!(selected(&link), Some("key-2"));
    let id = key_id(&link.scenario, "key-2");
    assert!(!out.moved.keys.contains(id));
    assert_eq!(owner(&link.scenario, "key-2"), "tokyo");
    let modn = &out.baseline.as_ref().unwrap().moved;
    assert!(modn.keys.contains(id));
    let named = |s: &Scenario| s.servers()[s.mod_n_owner_of_key(id)].name.clone();
    assert_eq!(
        (named(before(&link)), named(&link.scenario)),
        ("tokyo".into(), "kyoto".into())
    );
    narrates(
        s,
        &[
            out.servers.0.to_string(),
            out.servers.1.to_string(),
            out.baseline_moved().to_string(),
            out.keys.to_string(),
        ],
    );
}

#[test]
fn the_fifth_cache_costs_the_database_about_12_500_reads_on_the_ring_and_41_900_under_mod_n() {
    let s = step("fifth-cache", 3);
    assert!(s.cache());
    let link = read(s);
    let out = last(&link);
    let load = CacheLoad::default();
    let ring = load.after(out.moved_fraction().unwrap());
    let modn = load.after(out.baseline_fraction().unwrap());
    assert_eq!(load.steady().round(), 2_500.0);
    assert_eq!(ring.round(), 12_475.0);
    assert_eq!(modn.round(), 41_925.0);
    narrates(
        s,
        &[
            grouped(load.reads as u64),
            pct(load.hit_rate),
            grouped(load.steady().round() as u64),
            about(ring, 100.0),
            about(modn, 100.0),
        ],
    );
}
