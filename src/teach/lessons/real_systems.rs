//! The tests of the lesson "How real systems do it" (`builtin/real-systems.lesson`): Redis
//! Cluster's slots against the ring (add-node moves nothing, a rebalance moves whole slots),
//! Kafka's added partition, the two Kafka clients that disagree, and every real system beside
//! the textbook placements on Compare. Every figure a caption states is checked here.

use super::Step;
use crate::core::{compare_kinds, read_link, Kind, Link, Outcome, MAX_KEYS};
use crate::teach::lessons::lesson;

/// The lesson's steps, as its file holds them.
fn steps() -> &'static [Step] {
    &lesson("real-systems").expect("a built-in lesson").steps
}

/// Three Redis masters as `redis-cli --cluster create` split the slots, and 1,002 keys.
const REDIS: &str = "ring=2^32&servers=10.0.0.1:6379,10.0.0.2:6379,10.0.0.3:6379&gen=1000&keys={user1}.following,{user1}.followers&placement=redis-cluster";

fn read(index: usize) -> Link {
    read_link(&steps()[index].link, MAX_KEYS)
}

fn last(link: &Link) -> &Outcome {
    link.last.as_ref().expect("the step replays a change")
}

/// Every figure the caption states, as the lessons' own test reads them.
fn narrates(index: usize, expected: &[&str]) {
    let text = &steps()[index].caption;
    let chars: Vec<char> = text.chars().collect();
    let mut found = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let glued = i > 0 && (chars[i - 1].is_alphanumeric() || ":-#@_".contains(chars[i - 1]));
        if !chars[i].is_ascii_digit() || glued {
            i += 1;
            continue;
        }
        let mut figure = String::new();
        while i < chars.len()
            && (chars[i].is_ascii_digit()
                || ((chars[i] == ',' || chars[i] == '.')
                    && chars.get(i + 1).is_some_and(|c| c.is_ascii_digit())))
        {
            figure.push(chars[i]);
            i += 1;
        }
        found.push(figure);
    }
    assert_eq!(found, expected, "{text}");
}

#[test]
fn the_lesson_is_offered_and_every_step_reads_cleanly() {
    assert_eq!(lesson("real-systems").unwrap().steps.len(), steps().len());
    for (i, s) in steps().iter().enumerate() {
        let link = read_link(&s.link, MAX_KEYS);
        assert!(link.ignored.is_empty(), "step {i}: {:?}", link.ignored);
    }
    assert!(steps()[1].link.starts_with(REDIS));
}

#[test]
fn three_masters_split_the_slots_and_a_tag_picks_slot_8106_on_the_second() {
    let link = read(0);
    let s = &link.scenario;
    assert_eq!(s.systems().slots().counts(3), vec![5461, 5462, 5461]);
    let placed = s.placed();
    for label in ["{user1}.following", "{user1}.followers"] {
        let id = s.keys().find(label).unwrap();
        assert_eq!(
            placed.coordinate(s.keys(), id).unwrap().to_string(),
            "slot=8106"
        );
        assert_eq!(
            &*placed.names()[placed.owner_of_key(s.keys(), id)],
            "10.0.0.2:6379"
        );
    }
    narrates(0, &["16,384", "5,461", "5,462", "5,461", "8,106"]);
}

#[test]
fn add_node_moves_none_of_the_1_002_keys() {
    let link = read(1);
    let out = last(&link);
    assert_eq!((out.moved.len(), out.keys), (0, 1002));
    assert_eq!(out.system.as_ref().unwrap().moved, 0);
    narrates(1, &["0", "1,002"]);
}

#[test]
fn the_rebalance_moves_4_096_slots_and_247_keys_all_to_the_new_master() {
    let link = read(2);
    let out = last(&link);
    let system = out.system.as_ref().unwrap();
    assert_eq!(system.moved, 4096);
    assert_eq!(
        system.lines,
        vec![
            "Moving 1366 slots from 10.0.0.2:6379 to 10.0.0.4:6379",
            "Moving 1365 slots from 10.0.0.3:6379 to 10.0.0.4:6379",
            "Moving 1365 slots from 10.0.0.1:6379 to 10.0.0.4:6379",
        ]
    );
    assert_eq!(out.moved.len(), 247);
    assert_eq!(out.moved.to, vec![std::sync::Arc::from("10.0.0.4:6379")]);
    narrates(2, &["4,096", "1,366", "1,365", "247"]);
}

#[test]
fn a_seventh_partition_regroups_851_of_1_001_keys() {
    let link = read(3);
    let system = last(&link).system.clone().unwrap();
    assert_eq!((system.total, system.regrouped), (7, Some(851)));
    assert_eq!(last(&link).keys, 1001);
    narrates(3, &["6", "851", "1,001"]);
}

#[test]
fn the_c_client_sends_user_1000_to_partition_3_and_810_keys_elsewhere() {
    let c = read(4).scenario;
    let java = read_link(
        &steps()[4].link.replace("kafka-librdkafka", "kafka"),
        MAX_KEYS,
    )
    .scenario;
    let (pc, pj) = (c.placed(), java.placed());
    let id = c.keys().find("user:1000").unwrap();
    assert_eq!(
        pc.coordinate(c.keys(), id).unwrap().to_string(),
        "partition=3"
    );
    assert_eq!(
        pj.coordinate(java.keys(), id).unwrap().to_string(),
        "partition=5"
    );
    let differ = (0..c.keys().len() as u32)
        .filter(|&i| pc.coordinate(c.keys(), i) != pj.coordinate(java.keys(), i))
        .count();
    assert_eq!((differ, c.keys().len()), (810, 1001));
    narrates(4, &["3", "5", "810", "1,001"]);
}

#[test]
fn compare_shows_20_placements_and_envoys_ring_moves_282_to_the_rings_181() {
    let link = read(5);
    assert!(link.extra.contains(&("systems".into(), "1".into())));
    let kinds: Vec<Kind> = Kind::every().collect();
    let c = compare_kinds(link.before.as_ref().unwrap(), &link.scenario, &kinds);
    let moved = |k: Kind| c.columns.iter().find(|col| col.kind == k).unwrap().moved;
    assert_eq!(c.columns.len(), 20);
    assert_eq!((moved(Kind::RedisCluster), moved(Kind::Kafka)), (0, 0));
    assert_eq!((moved(Kind::EnvoyRingHash), moved(Kind::Ring)), (282, 181));
    narrates(5, &["11", "9", "282", "181"]);
}
