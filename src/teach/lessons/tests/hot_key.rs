//! A hot key and its remedies.

use super::*;
use crate::core::{Loads, MovedReads};

const READS: f64 = 50_000.0;

fn loads(scenario: &Scenario) -> Loads {
    scenario
        .traffic()
        .loads(&scenario.placed(), scenario.keys(), READS)
}

fn times(x: f64) -> String {
    format!("{x:.2}")
}

fn name(scenario: &Scenario, index: usize) -> String {
    scenario.servers()[index].name.to_string()
}

#[test]
fn every_step_opens_the_traffic_view() {
    for s in lesson("hot-key").unwrap().steps.iter() {
        assert!(read(s).extra.contains(&("view".into(), "traffic".into())));
    }
}

#[test]
fn with_keys_read_alike_the_busiest_server_a_serves_1_02_times_its_share() {
    let s = step("hot-key", 0);
    let link = read(s);
    let l = loads(&link.scenario);
    assert!(link.scenario.traffic().is_even());
    assert_eq!(name(&link.scenario, l.busiest), "A");
    assert_eq!(times(l.none), "1.02");
    narrates(
        s,
        &["100".into(), "1,000".into(), "50,000".into(), times(l.none)],
    );
}

#[test]
fn one_key_made_1_000_times_hotter_puts_63_percent_of_reads_on_a_with_26_percent_of_keys() {
    let s = step("hot-key", 1);
    let link = read(s);
    let l = loads(&link.scenario);
    let a = &l.servers[0];
    assert_eq!(name(&link.scenario, l.busiest), "A");
    assert_eq!(owner(&link.scenario, "key-0"), "A");
    // 999 keys of weight 1 and one of 1,000: key-0 carries 1000/1999 of the reads.
    let hot = link.scenario.traffic().weights(link.scenario.keys());
    assert_eq!(hot.of(0) / hot.total(1000), 1000.0 / 1999.0);
    narrates(
        s,
        &[
            "1,000".into(),
            pct(a.share),
            pct(a.key_share),
            times(l.none),
        ],
    );
}

#[test]
fn ten_times_the_virtual_nodes_leave_key_0_on_one_server_at_2_46() {
    let s = step("hot-key", 2);
    let link = read(s);
    let l = loads(&link.scenario);
    assert_eq!(link.scenario.vnodes(), 1000);
    assert_eq!(owner(&link.scenario, "key-0"), "B");
    assert_eq!(name(&link.scenario, l.busiest), "B");
    narrates(s, &[times(l.none)]);
}

#[test]
fn three_copies_of_the_10_hottest_keys_bring_the_busiest_to_1_18() {
    let s = step("hot-key", 3);
    let link = read(s);
    let t = link.scenario.traffic();
    assert_eq!((t.top, t.copies), (10, Some(3)));
    let l = loads(&link.scenario);
    assert_eq!(l.each.len(), 1);
    narrates(s, &["10".into(), "3".into(), times(l.all)]);
}

#[test]
fn a_near_cache_answering_90_percent_keeps_22_714_reads_a_second_in_the_app_servers() {
    let s = step("hot-key", 4);
    let link = read(s);
    let l = loads(&link.scenario);
    assert_eq!(link.scenario.traffic().near, Some(90));
    narrates(
        s,
        &[
            "90%".into(),
            grouped(l.absorbed.round() as u64),
            times(l.all),
        ],
    );
}

#[test]
fn bounded_loads_cannot_split_key_0_which_alone_keeps_a_at_2_00() {
    let s = step("hot-key", 5);
    let link = read(s);
    let l = loads(&link.scenario);
    assert_eq!(link.scenario.traffic().bounded, Some(125));
    assert_eq!(name(&link.scenario, l.busiest), "A");
    // A keeps key-0 and nothing else.
    assert_eq!(l.servers[0].share, 1000.0 / 1999.0);
    narrates(s, &["1.25".into(), times(l.all)]);
}

#[test]
fn when_a_dies_26_percent_of_keys_move_carrying_63_percent_of_reads_and_d_takes_67() {
    let s = step("hot-key", 6);
    assert!(s.cache());
    let link = read(s);
    let out = last(&link);
    let carried = MovedReads::of(before(&link), out).unwrap();
    let after = loads(&link.scenario);
    assert_eq!(owner(&link.scenario, "key-0"), "D");
    let d = link
        .scenario
        .servers()
        .iter()
        .position(|s| &*s.name == "D")
        .unwrap();
    narrates(
        s,
        &[
            pct(out.moved_fraction().unwrap()),
            pct(carried.placement),
            pct(after.servers[d].share),
        ],
    );
}
