//! The real systems inside scenarios: their verbs, their refusals, what moves.

use ringlab::core::{Change, Kind, Scenario};

fn cluster(placement: Kind, servers: &str, keys: usize) -> Scenario {
    let link = format!("ring=2^32&servers={servers}&gen={keys}&placement={placement}");
    let read = ringlab::core::read_link(&link, 1_000_000);
    assert!(read.ignored.is_empty(), "{:?}", read.ignored);
    read.scenario
}

#[test]
fn redis_add_node_moves_no_slot_and_no_key() {
    let mut s = cluster(Kind::RedisCluster, "A,B,C", 1000);
    let out = s.apply("add:D".parse().unwrap()).unwrap();
    assert_eq!(out.moved.len(), 0);
    let system = out.system.unwrap();
    assert_eq!(
        (system.unit, system.moved, system.total),
        ("slots", 0, 16_384)
    );
    assert_eq!(s.placed().counts()[3], 0);
}

#[test]
fn a_rebalance_with_empty_masters_moves_keys_only_to_the_new_master() {
    let mut s = cluster(Kind::RedisCluster, "A,B,C", 2000);
    s.apply("add:D".parse().unwrap()).unwrap();
    let quiet = s.apply("rebalance".parse().unwrap()).unwrap();
    assert!(
        quiet.headline.starts_with("*** No rebalancing needed!"),
        "{}",
        quiet.headline
    );
    let out = s
        .apply("rebalance:use-empty-masters".parse().unwrap())
        .unwrap();
    assert_eq!(out.system.as_ref().unwrap().moved, 4096);
    assert!(out.moved.len() > 300);
    assert_eq!(
        out.system.unwrap().lines,
        vec![
            "Moving 1366 slots from B to D",
            "Moving 1365 slots from C to D",
            "Moving 1365 slots from A to D"
        ]
    );
    let to: Vec<&str> = out.moved.to.iter().map(|n| &**n).collect();
    assert_eq!(to, ["D"]);
    assert!(s.placed().counts().iter().all(|&c| c > 400));
}

#[test]
fn removing_a_master_that_holds_slots_is_refused_as_redis_refuses_it() {
    let mut s = cluster(
        Kind::RedisCluster,
        "10.0.0.1:6379,10.0.0.2:6379,10.0.0.3:6379",
        10,
    );
    let before = s.clone();
    let error = s
        .apply("remove:10.0.0.2:6379".parse().unwrap())
        .unwrap_err();
    assert!(
        error
            .to_string()
            .starts_with("[ERR] Node 10.0.0.2:6379 is not empty! Reshard data away and try again."),
        "{error}"
    );
    assert_eq!(s, before);
    // Emptied first, it goes.
    s.apply("rebalance:10.0.0.2:6379=0".parse().unwrap())
        .unwrap();
    assert_eq!(s.systems().slots().counts(3)[1], 0);
    s.apply("remove:10.0.0.2:6379".parse().unwrap()).unwrap();
    assert_eq!(s.servers().len(), 2);
}

#[test]
fn a_reshard_moves_the_slots_asked_for_and_says_which() {
    let mut s = cluster(Kind::RedisCluster, "A,B,C", 500);
    let out = s.apply("reshard:all>C=100".parse().unwrap()).unwrap();
    let system = out.system.unwrap();
    assert_eq!(system.moved, 100);
    // B holds one slot more than A, so it comes first and gives the rounding up: 51 and 49.
    assert_eq!(
        system.lines,
        vec![
            "Moving 51 slots from B to C: 5461-5511",
            "Moving 49 slots from A to C: 0-48"
        ]
    );
    assert!("reshard:C>C=5".parse::<Change>().is_ok());
    let before = s.clone();
    assert!(s.apply("reshard:C>C=5".parse().unwrap()).is_err());
    assert!(s.apply("reshard:all>Z=5".parse().unwrap()).is_err());
    assert_eq!(s, before);
}

#[test]
fn adding_a_kafka_partition_regroups_most_keys() {
    let mut s = cluster(Kind::Kafka, "b1,b2,b3", 1200);
    let out = s.apply("add-partitions:1".parse().unwrap()).unwrap();
    let system = out.system.unwrap();
    assert_eq!(system.total, 7);
    let regrouped = system.regrouped.unwrap();
    // With P → P+1 a key keeps its partition only when h mod 6 = h mod 7: about 1 in 7 of
    // them do, and most of those on partitions 0 to 5.
    assert!((900..1100).contains(&regrouped), "{regrouped}");
    let before = s.clone();
    let error = s.apply("add-partitions:0".parse().unwrap()).unwrap_err();
    assert!(error.to_string().contains("can only be increased"));
    assert_eq!(s, before);
}

#[test]
fn the_two_kafka_clients_send_the_same_key_to_different_partitions() {
    let java = cluster(Kind::Kafka, "b1,b2,b3", 100);
    let c = cluster(Kind::KafkaLibrdkafka, "b1,b2,b3", 100);
    let keys = java.keys();
    let differ = (0..100u32)
        .filter(|&id| java.placed().coordinate(keys, id) != c.placed().coordinate(keys, id))
        .count();
    assert!(differ > 60, "{differ}");
}

#[test]
fn splitting_an_index_regroups_keys_within_their_old_shard_and_refuses_a_bad_factor() {
    let mut s = cluster(Kind::Elasticsearch, "n1,n2,n3", 900);
    let out = s.apply("split:6".parse().unwrap()).unwrap();
    assert_eq!(out.system.as_ref().unwrap().total, 6);
    assert!(out.system.unwrap().regrouped.unwrap() > 300);
    let before = s.clone();
    let error = s.apply("split:9".parse().unwrap()).unwrap_err();
    assert!(error.to_string().contains("must be a multiple"), "{error}");
    assert_eq!(s, before);
    s.apply("shrink:3".parse().unwrap()).unwrap();
    assert_eq!(s.systems().routing().shards, 3);
}

#[test]
fn bootstrapping_a_cassandra_node_moves_keys_only_to_it() {
    let mut s = cluster(Kind::Cassandra, "n1,n2,n3", 3000);
    let out = s.apply("add:n4".parse().unwrap()).unwrap();
    assert!(out.moved.len() > 300);
    let to: Vec<&str> = out.moved.to.iter().map(|n| &**n).collect();
    assert_eq!(to, ["n4"]);
    assert_eq!(out.system.unwrap().moved, 16);
}

#[test]
fn a_new_envoy_host_shrinks_every_hosts_share_of_the_ring() {
    // Envoy scales the ring to about 1,024 entries whatever the host count: three hosts have
    // 342 entries each, four have 256, so keys move between the old hosts too.
    let mut s = cluster(
        Kind::EnvoyRingHash,
        "10.0.0.1:80,10.0.0.2:80,10.0.0.3:80",
        3000,
    );
    assert_eq!(s.placed().holdings(), vec![342, 342, 342]);
    let out = s.apply("add:10.0.0.4:80".parse().unwrap()).unwrap();
    assert_eq!(s.placed().holdings(), vec![256, 256, 256, 256]);
    assert!(
        out.moved.to.len() > 1,
        "keys moved to old hosts too: {:?}",
        out.moved.to
    );
}

#[test]
fn a_link_carries_every_systems_state_and_settings() {
    let mut s = cluster(Kind::RedisCluster, "A,B,C", 50);
    for change in [
        "add:D",
        "rebalance:use-empty-masters",
        "add-partitions:2",
        "split:6",
        "num-tokens:8",
        "token-seed:9",
        "min-ring:2048",
        "groupcache-replicas:20",
        "fail:B",
    ] {
        s.apply(change.parse().unwrap()).unwrap();
    }
    let query = ringlab::core::write_link(&s, None, &[]);
    assert!(query.contains("slots="), "{query}");
    let back = ringlab::core::read_link(&query, 1000);
    assert!(back.ignored.is_empty(), "{:?}", back.ignored);
    assert_eq!(back.scenario, s);
    let tampered = ringlab::core::read_link(
        "servers=A,B,C&slots=0*16000&topic=x&index=3/100&tokens=A=1;1",
        10,
    );
    assert_eq!(tampered.ignored.len(), 4, "{:?}", tampered.ignored);
    let fresh = ringlab::core::read_link("servers=A,B,C", 10).scenario;
    assert_eq!(tampered.scenario.systems(), fresh.systems());
}
