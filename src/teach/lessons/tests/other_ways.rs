//! Other ways to place keys: mod N, rendezvous, the partition table and jump hash.

use super::*;
use crate::core::placement::partitions as table;
use crate::core::{compare, read_link, Kind};

fn moved(index: usize) -> usize {
    last(&read(step("other-ways", index))).moved.len()
}

#[test]
fn the_lesson_walks_mod_n_ring_rendezvous_table_and_jump_then_compare() {
    let kinds: Vec<&str> = lesson("other-ways")
        .unwrap()
        .steps
        .iter()
        .map(|s| read(s).scenario.placement().id())
        .collect();
    assert_eq!(
        kinds,
        [
            "mod-n",
            "ring",
            "rendezvous",
            "table",
            "jump",
            "jump",
            "ring"
        ]
    );
}

#[test]
fn mod_n_moves_817_of_1_000_keys_when_e_joins() {
    let s = step("other-ways", 0);
    let link = read(s);
    let out = last(&link);
    assert_eq!(out.placement, Kind::ModN);
    assert_eq!((out.moved.len(), out.keys), (817, 1000));
    assert_eq!(out.expected(), Some(0.8));
    // Most moves are between caches that were already there.
    assert!(out.moved.from.len() == 4 && out.moved.to.len() == 5);
    narrates(s, &["817".into(), "1,000".into(), "4".into(), "5".into()]);
}

#[test]
fn the_ring_moves_181_keys_all_to_e() {
    let s = step("other-ways", 1);
    let link = read(s);
    let out = last(&link);
    assert_eq!(out.moved.len(), 181);
    assert_eq!(out.moved.to, vec![std::sync::Arc::from("E")]);
    narrates(s, &["100".into(), "181".into(), "1".into(), "5".into()]);
}

#[test]
fn rendezvous_moves_200_keys_all_to_e_at_5_scores_a_lookup() {
    let s = step("other-ways", 2);
    let link = read(s);
    let out = last(&link);
    assert_eq!(out.moved.len(), 200);
    assert_eq!(out.moved.to, vec![std::sync::Arc::from("E")]);
    let cost = link.scenario.placed().cost(link.scenario.keys());
    assert_eq!((cost.per_key, cost.unit), (5.0, "servers scored"));
    narrates(s, &["200".into(), "5".into()]);
}

#[test]
fn the_table_hands_e_204_of_1_024_partitions_and_200_keys() {
    let s = step("other-ways", 3);
    let link = read(s);
    let out = last(&link);
    let was = before(&link).table().clone();
    let now = link.scenario.table();
    let handed = (0..now.count())
        .filter(|&p| was.owner(p) != now.owner(p))
        .count();
    assert_eq!((now.count(), handed), (1024, 204));
    assert_eq!(table::targets(1024, &[1; 5])[4], 204);
    assert_eq!(out.moved.len(), 200);
    narrates(s, &["1,024".into(), "204".into(), "200".into()]);
}

#[test]
fn jump_appending_e_moves_190_keys_and_removing_b_moves_742_against_190_for_the_last() {
    let s = step("other-ways", 4);
    let link = read(s);
    let out = last(&link);
    assert_eq!(out.moved.len(), 190);
    assert_eq!(out.moved.to, vec![std::sync::Arc::from("E")]);
    narrates(s, &["5".into(), "190".into()]);

    let s = step("other-ways", 5);
    assert_eq!(moved(5), 742);
    let last_one = read_link(
        "ring=2^32&vnodes=100&servers=A,B,C,D,E&gen=1000&placement=jump&then=remove:E",
        MAX_KEYS,
    );
    assert_eq!(last_one.last.unwrap().moved.len(), 190);
    narrates(s, &["742".into(), "1,000".into(), "190".into()]);
}

#[test]
fn the_last_step_opens_the_compare_view_on_all_9_placements() {
    let s = step("other-ways", 6);
    let link = read(s);
    assert!(link.extra.contains(&("view".into(), "compare".into())));
    let c = compare(before(&link), &link.scenario);
    assert_eq!(c.columns.len(), 9);
    narrates(s, &["9".into()]);
}
