//! HAProxy's `hash-type consistent` and twemproxy's ketama inside scenarios: the placement
//! places keys as the system's own model does, a pasted configuration keeps what decides the
//! placement, and a link carries it. (The real haproxy and nutcracker are checked in
//! `tests/real_proxies.rs`.)

use ringlab::core::pasted::read;
use ringlab::core::placement::systems::haproxy::{self, Backend, HashType};
use ringlab::core::placement::systems::twemproxy::{self, Hash, Pool};
use ringlab::core::{read_link, write_link, Change, Kind, Scenario};

fn cluster(placement: Kind, servers: &str, keys: usize, more: &str) -> Scenario {
    let link = format!("ring=2^32&servers={servers}&gen={keys}&placement={placement}{more}");
    let read = read_link(&link, 1_000_000);
    assert!(read.ignored.is_empty(), "{:?}", read.ignored);
    read.scenario
}

/// Each key's server, by name.
fn owners(s: &Scenario) -> Vec<String> {
    let placed = s.placed();
    (0..s.keys().len() as u32)
        .map(|id| placed.names()[placed.owner_of_key(s.keys(), id)].to_string())
        .collect()
}

#[test]
fn the_haproxy_placement_sends_every_key_where_haproxys_own_rule_does() {
    let s = cluster(
        Kind::Haproxy,
        "s1,s2*2,s3*3",
        3000,
        "&hash-type=consistent%20djb2",
    );
    let servers: Vec<haproxy::Server> = [("s1", 1), ("s2", 2), ("s3", 3)]
        .iter()
        .map(|&(n, w)| haproxy::Server::new(n, w))
        .collect();
    let hash_type: HashType = "consistent djb2".parse().unwrap();
    let backend = Backend::new(&servers, hash_type, false);
    let ours = owners(&s);
    for id in 0..s.keys().len() as u32 {
        let label = s.keys().label(id);
        let theirs = backend.server_for_key(label.as_bytes()).unwrap();
        assert_eq!(ours[id as usize], servers[theirs].name, "{label}");
    }
    // Nearest, not next: a good share of keys go to the point before them.
    let shares: Vec<f64> = s.ownership().servers.iter().map(|o| o.share).collect();
    assert!(
        (shares.iter().sum::<f64>() - 1.0).abs() < 1e-9,
        "{shares:?}"
    );
    assert!(
        shares[2] > shares[0],
        "weight 3 holds more than weight 1: {shares:?}"
    );
}

#[test]
fn removing_an_haproxy_server_renumbers_the_ones_after_it_unless_their_ids_were_given() {
    let auto = cluster(Kind::Haproxy, "s1,s2,s3,s4", 2000, "");
    let mut after = auto.clone();
    let out = after
        .apply(Change::RemoveServer { name: "s2".into() })
        .unwrap();
    let stayers_moved = out
        .moved
        .to
        .iter()
        .zip(&out.moved.from)
        .filter(|(to, from)| &***from != "s2" && &***to != "s2")
        .count();
    assert!(
        out.moved.from.iter().any(|f| &**f != "s2"),
        "s3 and s4 took new ids, so keys moved between servers that stayed ({stayers_moved})"
    );
    let fixed = cluster(
        Kind::Haproxy,
        "s1,s2,s3,s4",
        2000,
        "&haproxy-ids=s1=1,s2=2,s3=3,s4=4",
    );
    let mut after = fixed.clone();
    let out = after
        .apply(Change::RemoveServer { name: "s2".into() })
        .unwrap();
    assert_eq!(
        out.moved
            .from
            .iter()
            .map(|f| f.to_string())
            .collect::<Vec<_>>(),
        ["s2"],
        "with their ids given, only s2's keys move"
    );
}

#[test]
fn a_pasted_backend_keeps_its_hash_type_and_the_ids_haproxy_gave() {
    let text = "backend web\n  balance url_param key\n  hash-type consistent crc32\n  server a 10.0.0.1:80 weight 2\n  server b 10.0.0.2:80 disabled\n  server c 10.0.0.3:80 id 9\n  server d 10.0.0.4:80\n";
    let pasted = read(
        crate::pasted::format("haproxy-backend"),
        text,
        &Scenario::teaching(),
    )
    .unwrap();
    let s = &pasted.scenario;
    assert_eq!(s.placement(), Kind::Haproxy);
    assert_eq!(s.options().hash_type().to_string(), "consistent crc32");
    let names: Vec<&str> = s.servers().iter().map(|x| x.name.as_str()).collect();
    assert_eq!(names, ["a", "c", "d"]);
    // b was left out but took id 2 of the count: every id is kept as HAProxy gave it.
    assert_eq!(s.systems().ids().to_string(), "a=1,c=9,d=4");
    assert_eq!(pasted.read[0], "a: id 1, weight 2, 32 points");
    assert!(
        pasted.skipped.iter().any(|l| l.contains("disabled")),
        "{:?}",
        pasted.skipped
    );
    // The link carries the hash type and the ids.
    let query = write_link(s, None, &[]);
    assert!(query.contains("hash-type=consistent%20crc32"), "{query}");
    assert!(query.contains("haproxy-ids=a%3D1,c%3D9,d%3D4"), "{query}");
    let back = read_link(&query, 1000);
    assert!(back.ignored.is_empty(), "{:?}", back.ignored);
    assert_eq!(owners(&back.scenario), owners(s));
    let heavy = read(
        crate::pasted::format("haproxy-backend"),
        "backend w\n  hash-type consistent\n  server a 10.0.0.1:80 weight 200\n",
        &Scenario::teaching(),
    )
    .unwrap_err();
    assert!(heavy.line().contains("weight 200"), "{}", heavy.line());
}

#[test]
fn the_twemproxy_placement_counts_points_in_single_precision_as_nutcracker_does() {
    let s = cluster(Kind::Twemproxy, "a,b,c*3,d*10,e*10", 3000, "&nc-hash=md5");
    assert_eq!(s.placed().holdings(), vec![28, 28, 92, 320, 320]);
    let servers: Vec<twemproxy::Server> = [("a", 1), ("b", 1), ("c", 3), ("d", 10), ("e", 10)]
        .iter()
        .map(|&(n, w)| twemproxy::Server {
            name: Some(n.to_string()),
            ..twemproxy::Server::new(n, 11212, w)
        })
        .collect();
    let pool = Pool::new(servers, Hash::Md5, None);
    let ours = owners(&s);
    for id in 0..s.keys().len() as u32 {
        let label = s.keys().label(id);
        let theirs = pool.locate(label.as_bytes()).unwrap();
        assert_eq!(
            ours[id as usize],
            pool.servers[theirs].ketama_name(),
            "{label}"
        );
    }
}

#[test]
fn a_pasted_pool_keeps_its_hash_and_hash_tag_and_names_servers_as_nutcracker_hashes_them() {
    let text = "alpha:\n  listen: 127.0.0.1:22121\n  hash: murmur\n  hash_tag: \"{}\"\n  distribution: ketama\n  servers:\n   - 10.0.0.1:11211:1\n   - 10.0.0.2:11212:2\n   - 10.0.0.3:11213:1 big\n";
    let pasted = read(
        crate::pasted::format("nutcracker-pool"),
        text,
        &Scenario::teaching(),
    )
    .unwrap();
    let s = &pasted.scenario;
    assert_eq!(s.placement(), Kind::Twemproxy);
    let names: Vec<&str> = s.servers().iter().map(|x| x.name.as_str()).collect();
    assert_eq!(names, ["10.0.0.1", "10.0.0.2:11212", "big"]);
    assert_eq!(s.options().nc_hash(), Hash::Murmur);
    assert_eq!(s.options().hash_tag(), Some(*b"{}"));
    let query = write_link(s, None, &[]);
    assert!(query.contains("nc-hash=murmur"), "{query}");
    let back = read_link(&query, 1000);
    assert!(back.ignored.is_empty(), "{:?}", back.ignored);
    assert_eq!(back.scenario.options(), s.options());
    // Keys that share a tag share a server.
    let mut tagged = s.clone();
    tagged
        .apply(Change::AddKeys {
            keys: (0..40).map(|i| format!("{{user9}}:{i}")).collect(),
        })
        .unwrap();
    let placed = tagged.placed();
    let set = tagged.keys();
    let servers: std::collections::BTreeSet<usize> = (0..set.len() as u32)
        .filter(|&id| set.label(id).starts_with("{user9}"))
        .map(|id| placed.owner_of_key(set, id))
        .collect();
    assert_eq!(servers.len(), 1);
}

#[test]
fn a_wrong_hash_or_tag_is_refused_in_words_and_leaves_the_scenario_as_it_was() {
    let mut s = cluster(Kind::Twemproxy, "a,b,c", 10, "");
    let before = s.clone();
    let e = s.apply("nc-hash:sha1".parse().unwrap()).unwrap_err();
    assert!(e.to_string().contains("no hash sha1"), "{e}");
    let e = s.apply("hash-tag:{".parse().unwrap()).unwrap_err();
    assert!(e.to_string().contains("two characters"), "{e}");
    let e = "hash-type:consistent sha1".parse::<Change>().unwrap_err();
    assert!(e.to_string().contains("sha1"), "{e}");
    assert_eq!(s, before);
}
