//! Pasted clusters: read whole or refused whole, every unusable line named.

use ringlab::core::pasted::{read, Format};
use ringlab::core::{Kind, Scenario};

const NODES: &str = "\
07c37dfeb235213a872192d90877d0cd55635b91 127.0.0.1:30004@31004 slave e7d1eecce10fd6bb5eb35b9f99a514335d9ba9ca 0 1426238317239 4 connected
67ed2db8d677e59ec4a4cefb06858cf2a1a89fa1 127.0.0.1:30002@31002,hostname2 master - 0 1426238316232 2 connected 5461-10922
292f8b365bb7edb5e285caf0b7e6ddc7265d2f4f 127.0.0.1:30003@31003 master - 0 1426238318243 3 connected 10923-16383
6ec23923021cf3ffec47632106199cb7f496ce01 127.0.0.1:30005@31005 slave 67ed2db8d677e59ec4a4cefb06858cf2a1a89fa1 0 1426238316232 5 connected
824fe116063bc5fcf9f4ffd895bc17aee7731ac3 127.0.0.1:30006@31006 slave 292f8b365bb7edb5e285caf0b7e6ddc7265d2f4f 0 1426238317741 6 connected
e7d1eecce10fd6bb5eb35b9f99a514335d9ba9ca 127.0.0.1:30001@31001 myself,master - 0 0 1 connected 0-5460 [0->-67ed2db8d677e59ec4a4cefb06858cf2a1a89fa1]
";

fn base() -> Scenario {
    let mut s = Scenario::teaching();
    s.apply("gen:500".parse().unwrap()).unwrap();
    s
}

#[test]
fn cluster_nodes_sets_the_masters_and_their_slots_exactly() {
    assert_eq!(Format::guess(NODES), Some(format("cluster-nodes")));
    let pasted = read(format("cluster-nodes"), NODES, &base()).unwrap();
    let s = &pasted.scenario;
    assert_eq!(s.placement(), Kind::RedisCluster);
    let names: Vec<&str> = s.servers().iter().map(|x| x.name.as_str()).collect();
    assert_eq!(
        names,
        ["127.0.0.1:30002", "127.0.0.1:30003", "127.0.0.1:30001"]
    );
    assert_eq!(s.systems().slots().counts(3), vec![5462, 5461, 5461]);
    assert_eq!(s.keys().len(), 505, "the keys stay");
    assert_eq!(pasted.skipped.len(), 4, "{:?}", pasted.skipped);
    assert!(pasted.skipped[0].contains("replica of 127.0.0.1:30001"));
}

#[test]
fn overlapping_or_missing_slots_and_bad_lines_are_refused_by_line() {
    let overlap = NODES.replace("connected 5461-10922", "connected 5000-10922");
    let refused = read(format("cluster-nodes"), &overlap, &base()).unwrap_err();
    assert_eq!(refused.problems.len(), 1, "{refused}");
    assert!(
        refused
            .line()
            .starts_with("line 6: slot 5000 is held by both 127.0.0.1:30002 and 127.0.0.1:30001"),
        "{refused}"
    );
    let missing = NODES.replace("connected 0-5460", "connected 0-5400");
    let refused = read(format("cluster-nodes"), &missing, &base()).unwrap_err();
    assert!(
        refused
            .line()
            .contains("60 slots belong to no master (5401-5460)"),
        "{refused}"
    );
    let damaged = NODES.replace("master - 0 1426238318243", "master 0 1426238318243");
    let damaged = format!("{damaged}not a line at all\n");
    let refused = read(format("cluster-nodes"), &damaged, &base()).unwrap_err();
    let lines: Vec<&str> = refused.problems.iter().map(|p| &p[..7]).collect();
    assert_eq!(lines, ["line 3:", "line 7:", "5,461 s"], "{refused}");
}

const SLOTS: &str = r#"1) 1) (integer) 0
   2) (integer) 5460
   3) 1) "127.0.0.1"
      2) (integer) 30001
      3) "09dbe9720cda62f7865eabc5fd8857c5d2678366"
      4) (empty array)
   4) 1) "127.0.0.1"
      2) (integer) 30004
      3) "821d8ca00d7ccf931ed3ffc7e3db0599d2271abf"
      4) (empty array)
2) 1) (integer) 5461
   2) (integer) 10922
   3) 1) "127.0.0.1"
      2) (integer) 30002
      3) "c9d93d9f2c0c524ff34cc11838c2003d8c29e013"
      4) (empty array)
3) 1) (integer) 10923
   2) (integer) 16383
   3) 1) "127.0.0.1"
      2) (integer) 30003
      3) "044ec91f325b7595e76dbcb18cc688b6a5b434a1"
      4) (empty array)
"#;

#[test]
fn cluster_slots_as_redis_cli_prints_it_reads_the_ranges() {
    assert_eq!(Format::guess(SLOTS), Some(format("cluster-slots")));
    let pasted = read(format("cluster-slots"), SLOTS, &base()).unwrap();
    let s = &pasted.scenario;
    assert_eq!(s.systems().slots().counts(3), vec![5461, 5462, 5461]);
    assert_eq!(
        pasted.skipped,
        ["1 replica listed is left out; only masters hold slots"]
    );
    let short = SLOTS.replace("(integer) 16383", "(integer) 16000");
    let refused = read(format("cluster-slots"), &short, &base()).unwrap_err();
    assert!(
        refused
            .line()
            .contains("383 slots belong to no master (16001-16383)"),
        "{refused}"
    );
}

const RING: &str = "
Datacenter: dc1
==========
Address    Rack        Status State   Load            Owns                Token
                                                                          8000000000000000000
10.0.0.1   rack1       Up     Normal  256.12 GiB      33.33%              -9000000000000000000
10.0.0.2   rack1       Up     Normal  250.01 GiB      33.33%              -3000000000000000000
10.0.0.3   rack1       Down   Normal  ?               33.33%              2000000000000000000
10.0.0.1   rack1       Up     Normal  256.12 GiB      33.33%              8000000000000000000

  Warning: \"nodetool ring\" is used to output all the tokens of a node.
  To view status related info of a node use \"nodetool status\" instead.
";

#[test]
fn nodetool_ring_gives_each_node_exactly_its_tokens() {
    assert_eq!(Format::guess(RING), Some(format("nodetool-ring")));
    let pasted = read(format("nodetool-ring"), RING, &base()).unwrap();
    let s = &pasted.scenario;
    assert_eq!(s.placement(), Kind::Cassandra);
    assert_eq!(s.servers().len(), 3);
    assert_eq!(
        s.systems().tokens().of("10.0.0.1"),
        Some(&[-9_000_000_000_000_000_000i64, 8_000_000_000_000_000_000][..])
    );
    assert_eq!(s.placed().holdings(), vec![2, 1, 1]);
    let twice = RING.replace("2000000000000000000\n", "-3000000000000000000\n");
    let refused = read(format("nodetool-ring"), &twice, &base()).unwrap_err();
    assert_eq!(
        refused.line(),
        "line 8: token -3000000000000000000 is held twice, by 10.0.0.2 on line 7 and by 10.0.0.3 here: a token belongs to one node"
    );
}

const UPSTREAM: &str = "
upstream backend {
    hash $arg_key consistent;   # ketama-compatible
    server 127.0.0.1:8081;
    server 127.0.0.1:8082 weight=2 max_fails=3;
    server 127.0.0.1:8083 down;
    keepalive 16;
}
";

#[test]
fn an_nginx_upstream_block_gives_servers_weights_and_down_servers() {
    assert_eq!(Format::guess(UPSTREAM), Some(format("nginx-upstream")));
    let pasted = read(format("nginx-upstream"), UPSTREAM, &base()).unwrap();
    let s = &pasted.scenario;
    assert_eq!(s.placement(), Kind::Nginx);
    assert_eq!(s.servers().len(), 2);
    assert_eq!(s.servers()[1].weight(), 2);
    assert!(s.is_down("127.0.0.1:8083"));
    let backup = UPSTREAM.replace(
        "server 127.0.0.1:8083 down;",
        "server 127.0.0.1:8083 backup;",
    );
    let refused = read(format("nginx-upstream"), &backup, &base()).unwrap_err();
    assert_eq!(
        refused.line(),
        "line 6: balancing method does not support parameter \"backup\""
    );
    let plain = UPSTREAM.replace(" consistent", "");
    assert!(read(format("nginx-upstream"), &plain, &base()).is_err());
    let typo = UPSTREAM.replace("weight=2", "wieght=2");
    assert_eq!(
        read(format("nginx-upstream"), &typo, &base())
            .unwrap_err()
            .line(),
        "line 5: invalid parameter \"wieght=2\""
    );
}

#[test]
fn envoy_hosts_read_from_a_list_or_from_lb_endpoints() {
    let list = "10.0.0.1:80\n10.0.0.2:80 weight=2\n10.0.0.3:80 3\n";
    assert_eq!(Format::guess(list), Some(format("envoy-hosts")));
    let s = read(format("envoy-hosts"), list, &base()).unwrap().scenario;
    assert_eq!(s.placement(), Kind::EnvoyRingHash);
    let weights: Vec<u32> = s.servers().iter().map(|x| x.weight()).collect();
    assert_eq!(weights, [1, 2, 3]);
    let yaml = "
load_assignment:
  cluster_name: backend
  endpoints:
  - lb_endpoints:
    - endpoint:
        address:
          socket_address:
            address: 10.0.0.1
            port_value: 80
      load_balancing_weight: 2
    - endpoint:
        address:
          socket_address:
            address: 10.0.0.2
            port_value: 80
";
    let s = read(format("envoy-hosts"), yaml, &base()).unwrap().scenario;
    let names: Vec<&str> = s.servers().iter().map(|x| x.name.as_str()).collect();
    assert_eq!(names, ["10.0.0.1:80", "10.0.0.2:80"]);
    assert_eq!(s.servers()[0].weight(), 2);
    let bad = read(
        format("envoy-hosts"),
        "10.0.0.1:80\n10.0.0.1\n10.0.0.1:80\n",
        &base(),
    )
    .unwrap_err();
    assert_eq!(
        bad.problems,
        [
            "line 2: \"10.0.0.1\" is not address:port",
            "line 3: 10.0.0.1:80 is listed twice"
        ]
    );
}

/// The pasted form named `id`.
pub fn format(id: &str) -> Format {
    id.parse().expect("a form of pasted text")
}
