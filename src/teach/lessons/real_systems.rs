//! The lesson "How real systems do it": Redis Cluster's slots against the ring (add-node moves
//! nothing, a rebalance moves whole slots), Kafka's added partition, the two Kafka clients that
//! disagree, and every real system beside the textbook placements on Compare.

use super::Step;

pub(super) const STEPS: &[Step] = &[
    Step {
        link: "ring=2^32&servers=10.0.0.1:6379,10.0.0.2:6379,10.0.0.3:6379&gen=1000&keys={user1}.following,{user1}.followers&placement=redis-cluster&select={user1}.following",
        title: "Slots, not a ring",
        narration: "Redis Cluster hashes each key with CRC16 into one of 16,384 slots, and \
                    redis-cli gave the three masters 5,461, 5,462 and 5,461 of them. \
                    {user1}.following hashes only its tag, user1: slot 8,106, on the second \
                    master, beside {user1}.followers.",
        replicas: 1,
        cache: false,
    },
    Step {
        link: "ring=2^32&servers=10.0.0.1:6379,10.0.0.2:6379,10.0.0.3:6379&gen=1000&keys={user1}.following,{user1}.followers&placement=redis-cluster&then=add:10.0.0.4:6379",
        title: "add-node moves nothing",
        narration: "A fourth master joins with add-node. It holds no slot, so 0 of the 1,002 \
                    keys move: on a ring it would have taken about a quarter of them at once.",
        replicas: 1,
        cache: false,
    },
    Step {
        link: "ring=2^32&servers=10.0.0.1:6379,10.0.0.2:6379,10.0.0.3:6379,10.0.0.4:6379&gen=1000&keys={user1}.following,{user1}.followers&placement=redis-cluster&slots=0*5461.1*5462.2*5461&then=rebalance:use-empty-masters",
        title: "A rebalance moves whole slots",
        narration: "A rebalance with --cluster-use-empty-masters hands it 4,096 slots, each \
                    master's lowest-numbered first: 1,366 from the second master and 1,365 from \
                    each of the others. 247 keys move, every one to the new master.",
        replicas: 1,
        cache: false,
    },
    Step {
        link: "ring=2^32&servers=b1,b2,b3&gen=1000&keys=user:1000&placement=kafka&then=add-partitions:1",
        title: "Kafka: one more partition",
        narration: "Kafka's Java client sends a key to murmur2 mod the topic's 6 partitions. Add \
                    a seventh and 851 of the 1,001 keys change partition: their new records go \
                    where their old ones are not, so a key's records stay in order only on one \
                    side of the change.",
        replicas: 1,
        cache: false,
    },
    Step {
        link: "ring=2^32&servers=b1,b2,b3&gen=1000&keys=user:1000&placement=kafka-librdkafka&select=user:1000",
        title: "Two clients, two partitions",
        narration: "librdkafka, Kafka's C client, hashes keys with CRC32 instead. It sends \
                    user:1000 to partition 3 where the Java client sends it to partition 5, and \
                    810 of the 1,001 keys land on different partitions: producers in two \
                    languages split one key's records.",
        replicas: 1,
        cache: false,
    },
    Step {
        link: "ring=2^32&vnodes=100&servers=A,B,C,D&gen=1000&then=add:E&view=compare&systems=1",
        title: "Beside the textbooks",
        narration: "Compare puts the 9 real systems beside the 9 textbook placements on one \
                    change. Redis Cluster and Kafka move nothing when a server joins: their \
                    operators move slots and partitions. Envoy's ring_hash moves 282 keys to \
                    the ring's 181, because every host's share of entries shrinks.",
        replicas: 1,
        cache: false,
    },
];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::{compare_kinds, read_link, Kind, Link, Outcome, MAX_KEYS};
    use crate::teach::lessons::lesson;

    /// Three Redis masters as `redis-cli --cluster create` split the slots, and 1,002 keys.
    const REDIS: &str = "ring=2^32&servers=10.0.0.1:6379,10.0.0.2:6379,10.0.0.3:6379&gen=1000&keys={user1}.following,{user1}.followers&placement=redis-cluster";

    fn read(index: usize) -> Link {
        read_link(STEPS[index].link, MAX_KEYS)
    }

    fn last(link: &Link) -> &Outcome {
        link.last.as_ref().expect("the step replays a change")
    }

    /// Every figure the narration states, as the lessons' own test reads them.
    fn narrates(index: usize, expected: &[&str]) {
        let text = STEPS[index].narration;
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
        assert_eq!(lesson("real-systems").unwrap().steps.len(), STEPS.len());
        for (i, s) in STEPS.iter().enumerate() {
            let link = read_link(s.link, MAX_KEYS);
            assert!(link.ignored.is_empty(), "step {i}: {:?}", link.ignored);
        }
        assert!(STEPS[1].link.starts_with(REDIS));
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
            &STEPS[4].link.replace("kafka-librdkafka", "kafka"),
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
    fn compare_shows_18_placements_and_envoys_ring_moves_282_to_the_rings_181() {
        let link = read(5);
        assert!(link.extra.contains(&("systems".into(), "1".into())));
        let kinds: Vec<Kind> = Kind::every().collect();
        let c = compare_kinds(link.before.as_ref().unwrap(), &link.scenario, &kinds);
        let moved = |k: Kind| c.columns.iter().find(|col| col.kind == k).unwrap().moved;
        assert_eq!(c.columns.len(), 18);
        assert_eq!((moved(Kind::RedisCluster), moved(Kind::Kafka)), (0, 0));
        assert_eq!((moved(Kind::EnvoyRingHash), moved(Kind::Ring)), (282, 181));
        narrates(5, &["9", "9", "282", "181"]);
    }
}
