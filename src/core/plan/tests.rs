use std::collections::BTreeMap;

use proptest::prelude::*;

use super::*;
use crate::core::keys::Key;
use crate::core::placement::systems::redis::key_slot;
use crate::core::placement::systems::Coordinate;
use crate::core::placement::Kind;
use crate::core::scenario::{Change, Scenario};
use crate::core::server::Server;
use crate::core::{HashScheme, RingSize};

fn changed(before: &Scenario, changes: &[&str]) -> Scenario {
    let mut after = before.clone();
    for text in changes {
        after.apply(text.parse().unwrap()).unwrap();
    }
    after
}

fn redis(masters: usize, keys: usize) -> Scenario {
    let servers = (1..=masters)
        .map(|i| Server::hashed(&format!("10.0.0.{i}:6379")))
        .collect();
    let mut s = Scenario::new(RingSize::FULL, HashScheme::default(), 1, servers).unwrap();
    s.apply(Change::SetPlacement {
        placement: Kind::RedisCluster,
    })
    .unwrap();
    let keys = (0..keys)
        .map(|i| Key::Named(format!("user:{i}").into()))
        .collect();
    s.insert_keys(keys).unwrap();
    s
}

/// What moved, worked out the plain way: each key's owner (and group) before and after, from
/// scenarios that hold the keys, counted by pair of names.
fn oracle(before: &Scenario, after: &Scenario) -> BTreeMap<(String, String), u64> {
    let (pb, pa) = (before.placed(), after.placed());
    let keys = before.keys();
    let place = |placed: &crate::core::placement::Placed, id: u32| {
        let name = placed.names()[placed.owner_of_key(keys, id)].to_string();
        match placed.coordinate(keys, id) {
            Some(Coordinate::Partition(p)) => format!("{name}, partition {p}"),
            Some(Coordinate::Shard(p)) => format!("{name}, shard {p}"),
            _ => name,
        }
    };
    let mut out = BTreeMap::new();
    for id in 0..keys.len() as u32 {
        let (from, to) = (place(&pb, id), place(&pa, id));
        if from != to {
            *out.entry((from, to)).or_insert(0) += 1;
        }
    }
    out
}

fn counted(plan: &Plan) -> BTreeMap<(String, String), u64> {
    plan.rows
        .iter()
        .filter(|r| r.keys > 0)
        .map(|r| ((r.from.clone(), r.to.clone()), r.keys))
        .collect()
}

#[test]
fn on_the_teaching_ring_d_joining_at_60_takes_one_key_and_the_arc_41_to_60_from_c() {
    let before = Scenario::teaching();
    let after = changed(&before, &["add:D@60"]);
    let plan = Plan::of_keys(&before, &after).unwrap();
    assert_eq!(
        plan.rows,
        vec![PlanRow {
            from: "C".into(),
            to: "D".into(),
            ranges: vec![(41, 60)],
            keys: 1,
            bytes: 0,
        }]
    );
    assert_eq!((plan.keys_seen, plan.ranges), (5, Some("ranges")));
    assert_eq!(
        plan.summary(),
        "1 of 5 keys moves (20%); 1 range of the ring changes hands."
    );
}

#[test]
fn a_fourth_redis_master_rebalanced_takes_the_lowest_slots_of_each_master_as_redis_cli_does() {
    let before = redis(3, 20_000);
    let after = changed(
        &before,
        &["add:10.0.0.4:6379", "rebalance:use-empty-masters"],
    );
    let plan = Plan::of_keys(&before, &after).unwrap();
    let spans: BTreeMap<&str, &[(i128, i128)]> = plan
        .rows
        .iter()
        .map(|r| (r.from.as_str(), r.ranges.as_slice()))
        .collect();
    assert_eq!(spans["10.0.0.1:6379"], &[(0, 1364)]);
    assert_eq!(spans["10.0.0.2:6379"], &[(5461, 6826)]);
    assert_eq!(spans["10.0.0.3:6379"], &[(10923, 12287)]);
    assert!(plan.rows.iter().all(|r| r.to == "10.0.0.4:6379"));
    assert_eq!(plan.spanned(), 4096);
    // The keys that move are exactly those whose slot is in a moved range.
    let moving = (0..20_000)
        .filter(|i| {
            let slot = i128::from(key_slot(format!("user:{i}").as_bytes()));
            spans
                .values()
                .any(|s| s.iter().any(|&(a, b)| (a..=b).contains(&slot)))
        })
        .count() as u64;
    assert_eq!(plan.keys(), moving);
    assert_eq!(counted(&plan), oracle(&before, &after));
}

#[test]
fn keys_streamed_in_batches_with_their_sizes_give_the_plan_of_the_keys_held() {
    let before = redis(3, 5_000);
    let after = changed(
        &before,
        &["add:10.0.0.4:6379", "rebalance:use-empty-masters"],
    );
    let held = Plan::of_keys(&before, &after).unwrap();
    let mut planner = Planner::new(&before, &after).unwrap();
    let keys: Vec<(Key, Option<u64>)> = (0..5_000)
        .map(|i| (Key::Named(format!("user:{i}").into()), Some(100 + i % 7)))
        .collect();
    for batch in keys.chunks(777) {
        planner.add(batch);
    }
    let streamed = planner.finish();
    assert_eq!(counted(&streamed), counted(&held));
    assert!(streamed.sized && !held.sized);
    let bytes: u64 = (0..5_000u64)
        .filter(|i| {
            let slot = key_slot(format!("user:{i}").as_bytes());
            slot <= 1364 || (5461..=6826).contains(&slot) || (10923..=12287).contains(&slot)
        })
        .map(|i| 100 + i % 7)
        .sum();
    assert_eq!(streamed.bytes(), bytes);
    assert_eq!(
        streamed.bytes_seen,
        (0..5_000u64).map(|i| 100 + i % 7).sum::<u64>()
    );
}

#[test]
fn generated_keys_and_lines_read_in_place_plan_as_the_same_keys_held_do() {
    let before = Scenario::new(
        RingSize::FULL,
        HashScheme::default(),
        50,
        ["A", "B", "C"].map(Server::hashed).to_vec(),
    )
    .unwrap();
    let after = changed(&before, &["add:D"]);
    let held: Vec<(Key, Option<u64>)> = (0..3_000).map(|n| (Key::Generated(n), None)).collect();
    let mut whole = Planner::new(&before, &after).unwrap();
    whole.add(&held);
    let whole = whole.finish().json();
    let mut generated = Planner::new(&before, &after).unwrap();
    generated.add_generated(0..1_000);
    generated.add_generated(1_000..3_000);
    assert_eq!(generated.finish().json(), whole);
    // The same keys as lines of a keyspace, in two blocks, each tallied on its own; lines
    // named as generated keys are (`key-7`), and keep the sizes their lines give.
    let sized = {
        let mut sized = Planner::new(&before, &after).unwrap();
        let (tallies, _) = crate::core::data::plan_lines(&sized, b"key-1\t100\nkey-2\t20\n", 1);
        sized.merge(tallies);
        sized.finish()
    };
    assert!(sized.sized);
    assert_eq!(sized.bytes_seen, 120);
    let text: String = (0..3_000).map(|n| format!("key-{n}\n")).collect();
    let (first, second) = text.split_at(text.match_indices('\n').nth(1_233).unwrap().0 + 1);
    let mut lines = Planner::new(&before, &after).unwrap();
    for (block, line) in [(first, 1), (second, 1_235)] {
        let (tallies, skipped) = crate::core::data::plan_lines(&lines, block.as_bytes(), line);
        assert_eq!(skipped.count, 0);
        lines.merge(tallies);
    }
    assert_eq!(lines.finish().json(), whole);
}

#[test]
fn partitions_added_to_a_kafka_topic_move_keys_between_partitions_named_in_each_row() {
    let servers = ["b1", "b2", "b3"].map(Server::hashed).to_vec();
    let mut before = Scenario::new(RingSize::FULL, HashScheme::default(), 1, servers).unwrap();
    before
        .apply(Change::SetPlacement {
            placement: Kind::Kafka,
        })
        .unwrap();
    before.apply("topic:6".parse().unwrap()).unwrap();
    before.apply("gen:3000".parse().unwrap()).unwrap();
    let after = changed(&before, &["add-partitions:2"]);
    let plan = Plan::of_keys(&before, &after).unwrap();
    assert_eq!(plan.ranges, None);
    assert!(plan.rows.iter().all(|r| r.from.contains(", partition ")));
    assert!(plan
        .rows
        .iter()
        .any(|r| r.from.starts_with("b1,") && r.to.starts_with("b1,")));
    assert_eq!(counted(&plan), oracle(&before, &after));
}

#[test]
fn a_cassandra_node_joining_takes_token_ranges_that_hold_exactly_the_keys_that_move() {
    let servers = ["n1", "n2", "n3"].map(Server::hashed).to_vec();
    let mut before = Scenario::new(RingSize::FULL, HashScheme::default(), 1, servers).unwrap();
    before
        .apply(Change::SetPlacement {
            placement: Kind::Cassandra,
        })
        .unwrap();
    before.apply("gen:4000".parse().unwrap()).unwrap();
    let after = changed(&before, &["add:n4"]);
    let plan = Plan::of_keys(&before, &after).unwrap();
    assert_eq!(plan.ranges, Some("ranges"));
    assert!(plan.rows.iter().all(|r| r.to == "n4"));
    let placed = after.placed();
    let earlier = before.placed();
    for id in 0..before.keys().len() as u32 {
        let Some(Coordinate::Token(t)) = placed.coordinate(after.keys(), id) else {
            panic!("Cassandra keys have tokens");
        };
        let owner = &placed.names()[placed.owner_of_key(after.keys(), id)];
        let inside = plan.rows.iter().any(|r| {
            r.ranges
                .iter()
                .any(|&(a, b)| (a..=b).contains(&i128::from(t)))
        });
        let before_owner = &earlier.names()[earlier.owner_of_key(before.keys(), id)];
        assert_eq!(inside, owner != before_owner, "key {id} at token {t}");
    }
}

#[test]
fn a_plan_is_refused_across_placements_and_for_bounded_loads_in_words() {
    let before = Scenario::teaching();
    let jump = changed(&before, &["placement:jump"]);
    let error = Planner::new(&before, &jump).err().unwrap().to_string();
    assert!(error.contains("one placement"), "{error}");
    let bounded = changed(&before, &["placement:bounded"]);
    let error = Planner::new(&bounded, &changed(&bounded, &["add:D@60"]))
        .err()
        .unwrap()
        .to_string();
    assert!(error.contains("every other key"), "{error}");
}

#[test]
fn the_json_lists_moves_with_slots_keys_and_bytes_in_the_formats_order() {
    let plan = Plan {
        rows: vec![PlanRow {
            from: "a".into(),
            to: "d".into(),
            ranges: vec![(0, 1364), (5461, 5461)],
            keys: 3,
            bytes: 300,
        }],
        keys_seen: 9,
        bytes_seen: 900,
        sized: true,
        ranges: Some("slots"),
    };
    let compact: String = plan.json().split_whitespace().collect();
    assert_eq!(
        compact,
        r#"{"moves":[{"from":"a","to":"d","slots":[[0,1364],[5461,5461]],"keys":3,"bytes":300}],"total":{"keys":3,"bytes":300}}"#
    );
    assert_eq!(plan.rows[0].spans_words(1), "0-1364 and 1 more");
    assert_eq!(plan.rows[0].spans_words(3), "0-1364, 5461");
    let unsized_plan = Plan {
        sized: false,
        ranges: None,
        ..plan
    };
    let compact: String = unsized_plan.json().split_whitespace().collect();
    assert_eq!(
        compact,
        r#"{"moves":[{"from":"a","to":"d","keys":3}],"total":{"keys":3}}"#
    );
}

#[test]
fn rates_sizes_and_durations_read_and_write_as_people_write_them() {
    assert_eq!(parse_rate("50MB/s").unwrap(), 50e6);
    assert_eq!(parse_rate(" 1.5 GB/s ").unwrap(), 1.5e9);
    assert_eq!(parse_rate("100MiB/s").unwrap(), 100.0 * 1024.0 * 1024.0);
    assert_eq!(parse_rate("800").unwrap(), 800.0);
    for bad in ["fast", "50 parsecs/s", "0MB/s", "-3MB/s", ""] {
        assert!(parse_rate(bad).is_err(), "{bad}");
    }
    assert!(parse_rate("50 parsecs/s")
        .unwrap_err()
        .to_string()
        .contains("none of B, kB, MB"));
    assert_eq!(bytes_words(950), "950 B");
    assert_eq!(bytes_words(12_345), "12.3 kB");
    assert_eq!(bytes_words(4_560_000), "4.56 MB");
    assert_eq!(bytes_words(1_200_000_000), "1.20 GB");
    assert_eq!(rate_words(50e6), "50.0 MB/s");
    assert_eq!(duration_words(0.42), "0.4 s");
    assert_eq!(duration_words(42.0), "42 s");
    assert_eq!(duration_words(400.0), "6 min 40 s");
    assert_eq!(duration_words(7_500.0), "2 h 5 min");
    assert_eq!(duration_words(273_600.0), "3 d 4 h");
}

/// A placement that can be planned a key at a time, with a change it takes.
fn planned_kinds() -> Vec<Kind> {
    Kind::ALL
        .into_iter()
        .chain(Kind::SYSTEMS)
        .filter(|k| *k != Kind::Bounded)
        .collect()
}

proptest! {
    #![proptest_config(crate::cases::cases(48))]

    #[test]
    fn a_plan_streamed_in_any_batches_counts_what_each_key_does_looked_up_in_full(
        kind in proptest::sample::select(planned_kinds()),
        servers in 2usize..6,
        vnodes in 1u32..20,
        keys in 0usize..600,
        join in any::<bool>(),
        cut in 1usize..200,
    ) {
        let names: Vec<Server> = (0..servers).map(|i| Server::hashed(&format!("s{i}"))).collect();
        let mut before = Scenario::new(RingSize::FULL, HashScheme::default(), vnodes, names).unwrap();
        // A placement refused for this set-up (weights, sizes) is not the point here.
        if before.apply(Change::SetPlacement { placement: kind }).is_err() {
            return Ok(());
        }
        before.insert_keys((0..keys).map(|i| Key::Named(format!("k{i}").into())).collect()).unwrap();
        let change = if join { "add:joiner" } else { "remove:s0" };
        let mut after = before.clone();
        if after.apply(change.parse().unwrap()).is_err() {
            return Ok(());
        }
        let held = Plan::of_keys(&before, &after).unwrap();
        prop_assert_eq!(counted(&held), oracle(&before, &after));
        let mut planner = Planner::new(&before, &after).unwrap();
        let batch: Vec<(Key, Option<u64>)> = (0..keys).map(|i| (Key::Named(format!("k{i}").into()), None)).collect();
        for part in batch.chunks(cut) {
            planner.add(part);
        }
        let streamed = planner.finish();
        prop_assert_eq!(&streamed, &held);
    }
}
