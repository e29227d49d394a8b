//! A pasted server list: `servers:` puts a whole list in place of the ring's servers.

use ringlab::core::{Change, Scenario};

#[test]
fn a_server_list_replaces_the_servers_and_counts_what_moved() {
    let mut scenario: Scenario =
        ringlab::core::read_link("ring=2^32&vnodes=10&servers=A,B,C&gen=1000", 2_000_000).scenario;
    let change: Change = "servers:A,B*2,10.0.0.1:11211".parse().unwrap();
    assert_eq!(change.to_string(), "servers:A,B*2,10.0.0.1:11211");
    let outcome = scenario.apply(change).unwrap();
    assert_eq!(
        outcome.summary().split('.').next(),
        Some("3 servers now: A, B and 10")
    );
    let names: Vec<&str> = scenario.servers().iter().map(|s| s.name.as_str()).collect();
    assert_eq!(names, ["A", "B", "10.0.0.1:11211"]);
    assert_eq!(scenario.servers()[1].weight(), 2);
    // C's keys moved, and only keys that were C's or that B's new points took.
    assert!(!outcome.moved.is_empty());
}

#[test]
fn a_bad_server_list_is_refused_and_the_ring_stays() {
    let mut scenario = Scenario::teaching();
    let before = scenario.clone();
    for text in [
        "servers:A@10,B@10",
        "servers:A,A",
        "servers:",
        "servers:A*99",
    ] {
        let refused = text.parse::<Change>().and_then(|c| scenario.apply(c));
        assert!(refused.is_err(), "{text}");
        assert_eq!(scenario, before);
    }
}
