//! Redis Cluster: the key slot, the `create` split, reshard and rebalance.

use ringlab::core::placement::systems::redis::{
    create_split, created, key_slot, rebalance, reshard_table, slot_ranges, Rebalance, Rebalanced,
};
use ringlab::core::placement::systems::units::Units;

/// The strings of Redis's `src/crc16_slottable.h` (Redis 7.2.6, BSD-3; see
/// tests/fixtures/redis), in file order.
fn slot_table() -> Vec<String> {
    let text = include_str!("../fixtures/redis/crc16_slottable.h");
    let body = &text[text.find('{').expect("the array opens")..];
    body.split('"')
        .skip(1)
        .step_by(2)
        .map(str::to_string)
        .collect()
}

#[test]
fn every_entry_of_redis_slot_table_hashes_to_its_own_slot() {
    let table = slot_table();
    assert_eq!(table.len(), 16_384);
    assert_eq!(&table[..3], ["06S", "Qi", "5L5"]);
    assert_eq!(&table[16_379..], ["YY", "wu", "0TG", "4oi", "6ZJ"]);
    for (slot, key) in table.iter().enumerate() {
        assert_eq!(key_slot(key.as_bytes()) as usize, slot, "{key}");
        // Redis's module test: the entry as a hash tag lands on the same slot.
        let tagged = format!("x{{{key}}}y");
        assert_eq!(key_slot(tagged.as_bytes()) as usize, slot, "{tagged}");
    }
}

#[test]
fn cluster_keyslot_answers_as_redis_documents_and_a_real_server_answered() {
    // redis.io CLUSTER KEYSLOT page; tests/unit/moduleapi/misc.tcl; Dragonfly's docs; and
    // redis-server 7.0.15 for the hash-tag corner cases and the empty key.
    let cases: [(&str, u32); 9] = [
        ("somekey", 11058),
        ("foo{hash_tag}", 2515),
        ("bar{hash_tag}", 2515),
        ("foo", 12182),
        ("{user1}.following", 8106),
        ("foo{}{bar}", 8363),
        ("foo{{bar}}zap", 4015),
        ("foo{bar}{zap}", 5061),
        ("", 0),
    ];
    for (key, slot) in cases {
        assert_eq!(key_slot(key.as_bytes()), slot, "{key:?}");
    }
}

/// `n` characters of a repeating alphabet, to make long keys of a known length.
fn filler(n: usize) -> String {
    "0123456789abcdefghijklmnopqrstuvwxyz"
        .chars()
        .cycle()
        .take(n)
        .collect()
}

/// Keys of 1,000 bytes, and the slot `CLUSTER KEYSLOT` gave each on redis-server 7.0.15 (with
/// `cluster-enabled yes`): a plain key, one with a hash tag 890 bytes in, one in Cyrillic
/// (two bytes a letter), and a request path with its query string.
fn long_keys() -> [(String, u32); 4] {
    [
        (format!("session:{}", filler(992)), 8542),
        (format!("{}{{tenant:42}}{}", filler(890), filler(99)), 10956),
        (format!("ключ:{}x", "ж".repeat(495)), 980),
        (format!("/api/v1/search?q={}", filler(983)), 13492),
    ]
}

#[test]
fn a_key_of_a_thousand_bytes_gets_the_slot_a_real_redis_gave_it() {
    for (key, slot) in long_keys() {
        assert_eq!(key.len(), 1000);
        assert_eq!(key_slot(key.as_bytes()), slot, "{key}");
    }
    // Through the engine: the keys read from a file of one key a line onto a cluster, each
    // given the slot Redis gave it.
    let mut scenario =
        ringlab::core::read_link("ring=2^32&servers=A,B,C&placement=redis-cluster", 10).scenario;
    let text: String = long_keys().iter().map(|(k, _)| format!("{k}\n")).collect();
    scenario.insert_key_lines(text).unwrap();
    let placed = scenario.placed();
    let keys = scenario.keys();
    for (id, (key, slot)) in long_keys().into_iter().enumerate() {
        assert_eq!(keys.label(id as u32), key);
        let coordinate = placed
            .coordinate(keys, id as u32)
            .expect("a slot")
            .to_string();
        assert_eq!(coordinate, format!("slot={slot}"));
    }
}

#[test]
fn redis_cli_create_splits_the_slots_as_it_printed_for_every_master_count() {
    // Printed by redis-cli 7.0.15 as `Master[i] -> Slots a - b`.
    let seen: [(usize, &[(u32, u32)]); 6] = [
        (3, &[(0, 5460), (5461, 10922), (10923, 16383)]),
        (4, &[(0, 4095), (4096, 8191), (8192, 12287), (12288, 16383)]),
        (
            5,
            &[
                (0, 3276),
                (3277, 6553),
                (6554, 9829),
                (9830, 13106),
                (13107, 16383),
            ],
        ),
        (
            6,
            &[
                (0, 2730),
                (2731, 5460),
                (5461, 8191),
                (8192, 10922),
                (10923, 13652),
                (13653, 16383),
            ],
        ),
        (
            7,
            &[
                (0, 2340),
                (2341, 4680),
                (4681, 7021),
                (7022, 9361),
                (9362, 11702),
                (11703, 14042),
                (14043, 16383),
            ],
        ),
        (
            9,
            &[
                (0, 1819),
                (1820, 3640),
                (3641, 5460),
                (5461, 7281),
                (7282, 9101),
                (9102, 10922),
                (10923, 12742),
                (12743, 14563),
                (14564, 16383),
            ],
        ),
    ];
    for (n, ranges) in seen {
        assert_eq!(create_split(n), ranges.to_vec(), "{n} masters");
    }
}

#[test]
fn every_create_split_covers_every_slot_once_in_order() {
    for n in 1..=200 {
        let split = create_split(n);
        assert_eq!(split.len(), n);
        assert_eq!(split[0].0, 0);
        assert_eq!(split[n - 1].1, 16_383);
        for w in split.windows(2) {
            assert_eq!(w[1].0, w[0].1 + 1, "{n} masters");
        }
    }
}

#[test]
fn a_rebalance_onto_an_empty_master_takes_each_masters_lowest_slots() {
    // Observed with redis-cli 7.0.15 (`--cluster-use-empty-masters`): 1366 slots from the
    // second master, 1365 from the third, 1365 from the first; the new master ends with
    // 0-1364 5461-6826 10923-12287.
    let plan = Rebalance {
        weights: vec![1.0; 4],
        use_empty_masters: true,
        threshold: 2.0,
    };
    let Rebalanced::Moved {
        table,
        steps,
        slots,
    } = rebalance(&created(3), 4, &plan)
    else {
        panic!("a rebalance is due");
    };
    assert_eq!(steps, vec![(1, 3, 1366), (2, 3, 1365), (0, 3, 1365)]);
    assert_eq!(slot_ranges(&table, 3), "0-1364 5461-6826 10923-12287");
    assert_eq!(slots.len(), 4096);
    assert_eq!(table.counts(4), vec![4096, 4096, 4096, 4096]);
    // And a second rebalance finds nothing to do.
    assert_eq!(rebalance(&table, 4, &plan), Rebalanced::NotNeeded);
}

#[test]
fn a_reshard_of_a_hundred_slots_from_all_matches_what_redis_cli_moved() {
    // After the rebalance above, 100 slots to the second master from all: the sources (in
    // redis-cli's node order: the first master, the third, the new one) gave 34, 33 and 33,
    // each its lowest: 1365-1398, 12288-12320, 0-32.
    let plan = Rebalance {
        weights: vec![1.0; 4],
        use_empty_masters: true,
        threshold: 2.0,
    };
    let Rebalanced::Moved { table, .. } = rebalance(&created(3), 4, &plan) else {
        panic!("a rebalance is due");
    };
    let moved = reshard_table(&table, &[0, 2, 3], 100);
    let range = |source: usize| {
        let slots: Vec<u32> = moved
            .iter()
            .filter(|m| m.1 == source)
            .map(|m| m.0)
            .collect();
        (slots.len(), slots[0], *slots.last().unwrap())
    };
    assert_eq!(range(0), (34, 1365, 1398));
    assert_eq!(range(2), (33, 12288, 12320));
    assert_eq!(range(3), (33, 0, 32));
}

#[test]
fn reshard_tables_give_the_first_source_the_rounding_and_can_fall_short() {
    // Three equal sources asked for 101 slots: 34 + 33 + 33 = 100.
    assert_eq!(reshard_table(&created(3), &[0, 1, 2], 101).len(), 100);
    // Sources are sorted by slots held, most first; the first rounds up.
    let uneven = Units::new(
        (0..16_384)
            .map(|s| if s < 10_000 { 0 } else { 1 })
            .collect(),
    );
    let moved = reshard_table(&uneven, &[1, 0], 1000);
    let from0 = moved.iter().filter(|m| m.1 == 0).count();
    let from1 = moved.iter().filter(|m| m.1 == 1).count();
    assert_eq!((from0, from1), (611, 389));
    assert_eq!(moved[0], (0, 0));
}

#[test]
fn within_the_threshold_nothing_moves_and_weights_shift_the_expected_counts() {
    let plan = |weights: Vec<f32>, threshold: f32| Rebalance {
        weights,
        use_empty_masters: false,
        threshold,
    };
    assert_eq!(
        rebalance(&created(3), 3, &plan(vec![1.0; 3], 2.0)),
        Rebalanced::NotNeeded
    );
    let Rebalanced::Moved { table, .. } =
        rebalance(&created(3), 3, &plan(vec![2.0, 1.0, 1.0], 2.0))
    else {
        panic!("weight 2 asks for more slots");
    };
    assert_eq!(table.counts(3), vec![8192, 4096, 4096]);
}
