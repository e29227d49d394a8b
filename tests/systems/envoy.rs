//! Envoy's ring_hash and maglev: the rings, tables and picks of Envoy's own unit tests
//! (envoyproxy/envoy test/extensions/load_balancing_policies/{ring_hash,maglev}).

use ringlab::core::placement::systems::envoy::{maglev, ring, MAX_RING};
use ringlab::core::placement::systems::points::Points;

fn hosts(ports: std::ops::RangeInclusive<u32>) -> Vec<String> {
    ports.map(|p| format!("127.0.0.1:{p}")).collect()
}

fn refs(list: &[String]) -> Vec<&str> {
    list.iter().map(String::as_str).collect()
}

/// `(hash, host index)` of every entry, in ring order.
fn entries(points: &Points) -> Vec<(u64, u16)> {
    points.points().iter().map(|p| (p.at, p.server)).collect()
}

#[test]
fn the_basic_ring_of_six_hosts_is_envoys() {
    // Test `Basic`: minimum_ring_size 12, hosts :90 to :95, two entries each.
    let h = hosts(90..=95);
    let r = ring(&refs(&h), &[1; 6], 12, MAX_RING);
    let expected: [(u64, u16); 12] = [
        (833437586790550860, 4),
        (928266305478181108, 2),
        (1033482794131418490, 0),
        (3551244743356806947, 5),
        (3851675632748031481, 3),
        (5583722120771150861, 1),
        (6311230543546372928, 1),
        (7700377290971790572, 3),
        (13144177310400110813, 5),
        (13444792449719432967, 2),
        (15516499411664133160, 4),
        (16117243373044804889, 0),
    ];
    assert_eq!(entries(&r), expected);
    let picks: [(u64, usize); 5] = [
        (0, 4),
        (u64::MAX, 4),
        (3551244743356806947, 5),
        (3551244743356806948, 3),
        (16117243373044804880, 0),
    ];
    for (h, host) in picks {
        assert_eq!(r.owner(h), host, "{h}");
    }
}

#[test]
fn hosts_hashed_by_name_make_envoys_ring() {
    // Tests `BasicWithHostname` and `BasicWithMetadataHashKey`: hash keys "90" to "95".
    let h: Vec<String> = (90..=95).map(|p| p.to_string()).collect();
    let r = ring(&refs(&h), &[1; 6], 12, MAX_RING);
    let expected: [(u64, u16); 12] = [
        (1975508444536362413, 5),
        (2376063919839173711, 5),
        (2386806903309390596, 3),
        (6749904478991551885, 4),
        (6803900775736438537, 3),
        (7225015537174310577, 2),
        (8787465352164086522, 0),
        (11282020843382717940, 2),
        (13723418369486627818, 1),
        (13776502110861797421, 0),
        (14338313586354474791, 1),
        (15364271037087512980, 4),
    ];
    assert_eq!(entries(&r), expected);
    assert_eq!(r.owner(0), 5);
    assert_eq!(r.owner(u64::MAX), 5);
    assert_eq!(r.owner(7225015537174310577), 2);
    assert_eq!(r.owner(6803900775736438537), 3);
}

#[test]
fn uneven_hosts_and_a_host_change_match_envoy() {
    // Test `UnevenHosts`: minimum ring 3 gives 4 entries for two hosts.
    let r = ring(&["127.0.0.1:80", "127.0.0.1:81"], &[1, 1], 3, MAX_RING);
    assert_eq!(
        entries(&r),
        [
            (5454692015285649509, 0),
            (7859399908942313493, 1),
            (13838424394637650569, 0),
            (16064866803292627174, 1)
        ]
    );
    assert_eq!(r.owner(0), 0);
    let r = ring(&["127.0.0.1:81", "127.0.0.1:82"], &[1, 1], 3, MAX_RING);
    assert_eq!(
        entries(&r),
        [
            (7859399908942313493, 0),
            (8241336090459785962, 1),
            (12882406409176325258, 1),
            (16064866803292627174, 0)
        ]
    );
    assert_eq!(r.owner(0), 0);
}

#[test]
fn weighted_tiny_and_large_rings_match_envoy() {
    // `HostWeightedTinyRing`: weights 1, 2, 3 with min = max = 6.
    let h = hosts(90..=92);
    let r = ring(&refs(&h), &[1, 2, 3], 6, 6);
    let picks: [(u64, usize); 6] = [
        (928266305478181108, 2),
        (4443673547860492590, 2),
        (5583722120771150861, 1),
        (6311230543546372928, 1),
        (13444792449719432967, 2),
        (16117243373044804889, 0),
    ];
    for (h, host) in picks {
        assert_eq!(r.owner(h), host, "{h}");
    }
    // `HostWeightedLargeRing`: minimum 6,144, probes i × (2^64 − 1)/6000.
    let r = ring(&refs(&h), &[1, 2, 3], 6144, MAX_RING);
    assert_eq!(r.counts(3), vec![1024, 2048, 3072]);
    let mut hits = [0u32; 3];
    for i in 0..6000u64 {
        hits[r.owner(i * (u64::MAX / 6000))] += 1;
    }
    assert_eq!(hits, [987, 1932, 3081]);
}

#[test]
fn a_fractional_scale_gives_the_hosts_envoys_shares() {
    // `LargeFractionalScale`: min = max = 1023 over two hosts: 511 and 512 entries.
    let h = hosts(90..=91);
    let r = ring(&refs(&h), &[1, 1], 1023, 1023);
    assert_eq!(r.counts(2), vec![512, 511]);
    let mut hits = [0u32; 2];
    for i in 0..1023u64 {
        hits[r.owner(i * (u64::MAX / 1023))] += 1;
    }
    assert_eq!(hits, [526, 497]);
}

#[test]
fn maglev_tables_of_seven_and_seventeen_entries_are_envoys() {
    // `Basic` (table size 7): hosts :90 to :95.
    let h = hosts(90..=95);
    assert_eq!(maglev(&refs(&h), &[1; 6], 7), vec![2, 4, 0, 1, 5, 0, 3]);
    // The table does not depend on host order (`BasicStability`): the hosts are sorted.
    let mut reversed = h.clone();
    reversed.reverse();
    let t = maglev(&refs(&reversed), &[1; 6], 7);
    let named: Vec<&str> = t.iter().map(|&i| reversed[i as usize].as_str()).collect();
    let expected: Vec<&str> = [2, 4, 0, 1, 5, 0, 3]
        .iter()
        .map(|&i| h[i].as_str())
        .collect();
    assert_eq!(named, expected);
    // `BasicWithHostName`: hash keys "90" to "95".
    let names: Vec<String> = (90..=95).map(|p| p.to_string()).collect();
    assert_eq!(maglev(&refs(&names), &[1; 6], 7), vec![2, 5, 0, 3, 4, 1, 0]);
    // `Weighted`: :90 weight 1, :91 weight 2, size 17.
    let two = hosts(90..=91);
    assert_eq!(
        maglev(&refs(&two), &[1, 2], 17),
        vec![1, 0, 0, 1, 0, 1, 1, 0, 1, 1, 1, 1, 1, 0, 1, 0, 1]
    );
    // `LocalityWeightedSameLocalityWeights`: 0.5 each.
    assert_eq!(
        maglev(&refs(&two), &[1, 1], 17),
        vec![1, 0, 0, 1, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0, 1, 0, 1]
    );
    // `LocalityWeightedDifferentLocalityWeights`: 0.8 and 0.2.
    assert_eq!(
        maglev(&refs(&two), &[4, 1], 17),
        vec![1, 0, 0, 0, 0, 0, 1, 0, 0, 1, 0, 1, 0, 0, 0, 0, 0]
    );
}

#[test]
fn three_equal_hosts_on_the_default_ring_get_342_entries_each() {
    let h = ["10.0.0.1:80", "10.0.0.2:80", "10.0.0.3:80"];
    let r = ring(&h, &[1, 1, 1], 1024, MAX_RING);
    assert_eq!(r.counts(3), vec![342, 342, 342]);
}
