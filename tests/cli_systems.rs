//! `ringlab` and the real systems: lookups with their coordinates, clusters read from files,
//! the systems' verbs, and refusals in one line with exit status 2.

use std::path::PathBuf;
use std::process::{Command, Output};

fn ringlab(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_ringlab"))
        .args(args)
        .output()
        .expect("the ringlab binary runs")
}

fn ok(args: &[&str]) -> String {
    let out = ringlab(args);
    assert!(
        out.status.success(),
        "ringlab {args:?} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("stdout is UTF-8")
}

/// The one line a refusal prints, after checking the exit status is 2.
fn refused(args: &[&str]) -> String {
    let out = ringlab(args);
    assert_eq!(
        out.status.code(),
        Some(2),
        "ringlab {args:?} should be refused"
    );
    let text = String::from_utf8(out.stderr).expect("stderr is UTF-8");
    assert_eq!(text.trim_end().lines().count(), 1, "one line: {text}");
    text.trim_end()
        .strip_prefix("error: ")
        .expect("a refusal starts with error:")
        .to_string()
}

fn scratch_file(name: &str, text: &str) -> String {
    let path = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(name);
    std::fs::write(&path, text).expect("the scratch file is written");
    path.display().to_string()
}

const REDIS: &str = "10.0.0.1:6379,10.0.0.2:6379,10.0.0.3:6379";

#[test]
fn redis_lookups_print_each_keys_slot_and_master() {
    let out = ok(&[
        "lookup",
        "--placement",
        "redis-cluster",
        "--servers",
        REDIS,
        "--detail",
        "foo",
        "{user1}.following",
        "somekey",
    ]);
    assert_eq!(
        out,
        "foo\t10.0.0.3:6379\tslot=12182\n{user1}.following\t10.0.0.2:6379\tslot=8106\nsomekey\t10.0.0.3:6379\tslot=11058\n"
    );
}

#[test]
fn every_system_answers_a_lookup_in_its_own_coordinate() {
    let cases: [(&str, &[&str], &str); 8] = [
        ("cassandra", &[], "token=-3758069500696749310"),
        ("envoy-ring-hash", &[], "hash="),
        ("envoy-maglev", &["--table-size", "17"], "hash="),
        ("nginx", &[], "hash=907060870"),
        ("kafka", &["--partitions", "5"], "partition="),
        ("kafka-librdkafka", &["--partitions", "5"], "partition="),
        ("elasticsearch", &["--shards", "5"], "shard=4"),
        (
            "groupcache",
            &["--groupcache-replicas", "3"],
            "hash=907060870",
        ),
    ];
    for (system, extra, coordinate) in cases {
        let mut args = vec![
            "lookup",
            "--placement",
            system,
            "--servers",
            "a:1,b:1,c:1",
            "--detail",
        ];
        args.extend_from_slice(extra);
        args.push("hello");
        let out = ok(&args);
        let cells: Vec<&str> = out.trim_end().split('\t').collect();
        assert_eq!(cells.len(), 3, "{system}: {out}");
        assert!(cells[2].starts_with(coordinate), "{system}: {out}");
    }
}

#[test]
fn the_partitions_flag_makes_the_kafka_topic_and_the_shards_flag_the_elasticsearch_index() {
    let keys = ["k1", "k2", "k3", "k4", "k5", "k6", "k7", "k8"];
    let coordinates = |placement: &str, flag: &str, count: &str| -> Vec<String> {
        let mut args = vec!["lookup", "--placement", placement, "--servers", "a,b,c"];
        args.extend_from_slice(&["--detail", flag, count]);
        args.extend_from_slice(&keys);
        ok(&args)
            .lines()
            .map(|line| line.rsplit('\t').next().unwrap_or_default().to_string())
            .collect()
    };
    // Over the usual 6 partitions these keys land on 6 of them; a topic of 1 holds them all.
    assert_eq!(
        coordinates("kafka", "--partitions", "1"),
        vec!["partition=0"; 8]
    );
    assert!(coordinates("kafka", "--partitions", "6")
        .iter()
        .any(|c| c != "partition=0"));
    assert_eq!(
        coordinates("elasticsearch", "--shards", "1"),
        vec!["shard=0"; 8]
    );
}

#[test]
fn cassandra_copies_follow_simplestrategy_clockwise() {
    let out = ok(&[
        "lookup",
        "--placement",
        "cassandra",
        "--servers",
        "n1,n2,n3,n4",
        "--replicas",
        "3",
        "user:1",
    ]);
    let copies = out
        .trim_end()
        .split('\t')
        .nth(2)
        .unwrap()
        .split(',')
        .count();
    assert_eq!(copies, 3, "{out}");
}

const NODES: &str = "\
67ed2db8d677e59ec4a4cefb06858cf2a1a89fa1 127.0.0.1:30002@31002 master - 0 1426238316232 2 connected 5461-10922
292f8b365bb7edb5e285caf0b7e6ddc7265d2f4f 127.0.0.1:30003@31003 master - 0 1426238318243 3 connected 10923-16383
e7d1eecce10fd6bb5eb35b9f99a514335d9ba9ca 127.0.0.1:30001@31001 myself,master - 0 0 1 connected 0-5460
";

#[test]
fn a_cluster_read_from_cluster_nodes_answers_lookups() {
    let file = scratch_file("nodes.txt", NODES);
    let out = ok(&["lookup", "--cluster-nodes", &file, "--detail", "foo"]);
    assert_eq!(out, "foo\t127.0.0.1:30003\tslot=12182\n");
}

#[test]
fn damaged_cluster_files_are_refused_in_one_line_naming_the_line() {
    let overlapping = NODES.replace("connected 0-5460", "connected 0-5461");
    let file = scratch_file("overlap.txt", &overlapping);
    let line = refused(&["lookup", "--cluster-nodes", &file, "foo"]);
    assert!(
        line.contains("--cluster-nodes:") && line.contains("line 3: slot 5461 is held by both"),
        "{line}"
    );
    let upstream = "upstream u {\n  hash $arg_key consistent;\n  server 10.0.0.1:80;\n  server 10.0.0.2:80 backup;\n}\n";
    let file = scratch_file("upstream.conf", upstream);
    let line = refused(&["lookup", "--nginx-upstream", &file, "foo"]);
    assert!(
        line.ends_with("line 4: balancing method does not support parameter \"backup\""),
        "{line}"
    );
    let ring = "Address  Rack   Status State   Load  Owns   Token\n10.0.0.1 r1 Up Normal ? ? 5\n10.0.0.2 r1 Up Normal ? ? 5\n";
    let file = scratch_file("ring.txt", ring);
    let line = refused(&["lookup", "--nodetool-ring", &file, "foo"]);
    assert!(line.contains("line 3: token 5 is held twice"), "{line}");
}

#[test]
fn values_a_system_would_not_accept_are_refused_with_exit_status_2() {
    let line = refused(&[
        "lookup",
        "--placement",
        "envoy-maglev",
        "--table-size",
        "100",
        "--servers",
        "a,b",
        "k",
    ]);
    assert!(line.starts_with("--table-size:"), "{line}");
    let line = refused(&[
        "lookup",
        "--placement",
        "elasticsearch",
        "--shards",
        "3",
        "--routing-shards",
        "100",
        "--servers",
        "a,b",
        "k",
    ]);
    assert!(line.starts_with("--routing-shards:"), "{line}");
    let line = refused(&[
        "lookup",
        "--placement",
        "nginx",
        "--servers",
        "unix:/tmp/socket",
        "k",
    ]);
    assert!(line.starts_with("--servers:"), "{line}");
    let line = refused(&["lookup", "--placement", "redis-cluster", "k"]);
    assert!(line.starts_with("--servers: give the servers"), "{line}");
}

#[test]
fn the_systems_verbs_run_as_experiments_and_say_what_they_moved() {
    let out = ok(&[
        "experiment",
        "--placement",
        "redis-cluster",
        "--servers",
        REDIS,
        "--keys",
        "1000",
        "--change",
        "reshard:all>10.0.0.3:6379=100",
    ]);
    assert!(
        out.contains("100 of the 16,384 slots changed master."),
        "{out}"
    );
    assert!(
        out.contains("Moving 51 slots from 10.0.0.2:6379 to 10.0.0.3:6379: 5461-5511"),
        "{out}"
    );
    let out = ok(&[
        "experiment",
        "--placement",
        "kafka",
        "--servers",
        "b1,b2,b3",
        "--keys",
        "1000",
        "--change",
        "add-partitions:1",
        "--json",
    ]);
    let report: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(report["system"]["total"], 7);
    assert!(report["system"]["keys_regrouped"].as_u64().unwrap() > 700);
}

#[test]
fn compare_puts_the_real_systems_beside_the_textbook_placements() {
    let out = ok(&[
        "compare",
        "--ring-size",
        "2^32",
        "--servers",
        "a:1,b:1,c:1",
        "--add",
        "d:1",
        "--keys",
        "500",
        "--systems",
    ]);
    for name in [
        "Ring",
        "Redis Cluster",
        "Cassandra",
        "Envoy maglev",
        "Kafka (librdkafka)",
        "groupcache",
    ] {
        assert!(out.contains(name), "{name}: {out}");
    }
    let plain = ok(&[
        "compare",
        "--servers",
        "a,b,c",
        "--add",
        "d",
        "--keys",
        "50",
    ]);
    assert!(!plain.contains("Redis Cluster"));
}

#[test]
fn haproxy_and_twemproxy_lookups_agree_with_their_models_and_read_their_configurations() {
    use ringlab::core::placement::systems::haproxy::{Backend, Server};
    use ringlab::core::placement::systems::twemproxy::parse_pool;
    let out = ok(&[
        "lookup",
        "--placement",
        "haproxy",
        "--hash-type",
        "consistent djb2",
        "--servers",
        "s1,s2*2,s3*3",
        "user:7",
        "user:21",
        "cart:9",
    ]);
    let servers: Vec<Server> = [("s1", 1), ("s2", 2), ("s3", 3)]
        .iter()
        .map(|&(n, w)| Server::new(n, w))
        .collect();
    let backend = Backend::new(&servers, "consistent djb2".parse().unwrap(), false);
    for line in out.lines() {
        let (key, owner) = line.split_once('\t').unwrap();
        let expected = &servers[backend.server_for_key(key.as_bytes()).unwrap()].name;
        assert_eq!(owner, expected, "{key}");
    }
    let pool_text = "alpha:\n  hash: md5\n  hash_tag: \"{}\"\n  distribution: ketama\n  servers:\n   - 10.0.0.1:11211:1\n   - 10.0.0.2:11211:2 big\n";
    let path = scratch_file("pool.yml", pool_text);
    let out = ok(&[
        "lookup",
        "--nutcracker-pool",
        &path,
        "{a}:1",
        "{a}:2",
        "other",
    ]);
    let pool = parse_pool(pool_text).unwrap();
    for line in out.lines() {
        let (key, owner) = line.split_once('\t').unwrap();
        let expected = pool.servers[pool.locate(key.as_bytes()).unwrap()].ketama_name();
        assert_eq!(owner, expected, "{key}");
    }
    let why = refused(&[
        "lookup",
        "--placement",
        "twemproxy",
        "--servers",
        "a,b",
        "--nc-hash",
        "sha1",
        "k",
    ]);
    assert!(why.contains("--nc-hash") && why.contains("sha1"), "{why}");
}
