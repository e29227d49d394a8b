//! The link's round trips, and what it refuses in words.

use super::*;
use crate::core::{Change, RingSize, Scenario};

#[test]
fn the_teaching_scenario_round_trips_through_its_link() {
    let scenario = Scenario::teaching();
    let query = write_link(&scenario, None, &[]);
    assert_eq!(
        query,
        "ring=100&servers=A@10,B@40,C@75&keys=@90,@52,@68,@25,@5"
    );
    let link = read_link(&query, 1000);
    assert_eq!(link.scenario, scenario);
    assert!(link.ignored.is_empty());
}

#[test]
fn names_with_link_characters_are_encoded_and_read_back() {
    let mut scenario = Scenario::teaching();
    scenario
        .apply(Change::AddKeys {
            keys: vec!["user+1 x&y=z?é".into()],
        })
        .unwrap();
    let query = write_link(&scenario, None, &[]);
    assert!(query.contains("user%2B1%20x%26y%3Dz%3F%C3%A9"), "{query}");
    assert_eq!(read_link(&query, 100).scenario, scenario);
}

#[test]
fn a_hand_written_link_with_a_last_change_replays_it() {
    let link = read_link(
        "?ring=100&servers=A@10,B@40,C@75&keys=@90,@52,@68,@25,@5&then=add:D@60",
        1000,
    );
    let last = link.last.unwrap();
    assert_eq!(last.moved.len(), 1);
    assert_eq!(last.baseline_moved(), 4);
    assert_eq!(link.scenario.servers().len(), 4);
    assert_eq!(link.before.unwrap().servers().len(), 3);
}

#[test]
fn generated_keys_are_written_as_a_count() {
    let mut scenario = Scenario::teaching();
    scenario
        .apply(Change::GenerateKeys { count: 1000 })
        .unwrap();
    scenario
        .apply(Change::DropKey {
            label: "key-500".into(),
        })
        .unwrap();
    let query = write_link(&scenario, None, &[("select".into(), "@52".into())]);
    assert!(query.contains("gen=500"), "{query}");
    let link = read_link(&query, 10_000);
    assert_eq!(link.scenario.keys().len(), scenario.keys().len());
    assert_eq!(link.scenario.ownership(), scenario.ownership());
    assert_eq!(link.extra, vec![("select".to_string(), "@52".to_string())]);
}

#[test]
fn a_tampered_link_keeps_what_it_can_and_says_what_it_dropped() {
    let link = read_link(
        "ring=ten&vnodes=0&servers=A@10,A@20,<b>,B@400,C@75&keys=@52,@52,@999&gen=x&then=explode",
        1000,
    );
    let names: Vec<&str> = link
        .scenario
        .servers()
        .iter()
        .map(|s| s.name.as_str())
        .collect();
    assert_eq!(names, vec!["A", "C"]);
    assert_eq!(link.scenario.size(), RingSize::TEACHING);
    assert_eq!(link.scenario.keys().len(), 1);
    assert_eq!(link.ignored.len(), 9, "{:?}", link.ignored);
}

#[test]
fn broken_percent_encoding_is_read_as_far_as_it_goes_and_said() {
    let link = read_link("servers=A@10&keys=%E0%A4%A", 10);
    assert_eq!(link.scenario.keys().len(), 1);
    assert_eq!(link.ignored.len(), 1, "{:?}", link.ignored);
}

#[test]
fn a_link_without_servers_falls_back_to_the_teaching_servers() {
    let link = read_link("servers=,,", 10);
    assert_eq!(link.scenario.servers().len(), 3);
    let link = read_link("", 10);
    assert!(link.ignored.is_empty());
}

#[test]
fn traffic_hot_keys_and_remedies_round_trip_through_the_link() {
    let mut scenario = Scenario::teaching();
    for text in [
        "traffic:zipf:1.1",
        "hot:@52*1000",
        "remedy:copies:3",
        "remedy:near:0.9",
        "remedy:top:5",
    ] {
        scenario.apply(text.parse().unwrap()).unwrap();
    }
    let query = write_link(&scenario, None, &[]);
    assert!(query.contains("traffic=zipf:1.10"), "{query}");
    assert!(query.contains("hot=@52*1000"), "{query}");
    let link = read_link(&query, 100);
    assert!(link.ignored.is_empty(), "{:?}", link.ignored);
    assert_eq!(link.scenario, scenario);
    let tampered = read_link(
        "keys=@5,@52&hot=@999*5,@52*0,@5*7&remedy=copies:9,bounded:1.25&traffic=zipf:9",
        100,
    );
    assert_eq!(tampered.ignored.len(), 4, "{:?}", tampered.ignored);
    assert_eq!(tampered.scenario.traffic().hot, vec![("@5".to_string(), 7)]);
    assert_eq!(tampered.scenario.traffic().bounded, Some(125));
}

#[test]
fn a_parameter_given_many_times_is_read_once_at_its_last_value_and_said() {
    let plain = "ring=2^32&vnodes=10&servers=a,b,c&gen=100&then=remove:b&select=key-3&view=compare";
    let once = read_link(plain, 1000);
    let repeated: Vec<String> = plain
        .split('&')
        .map(|pair| vec![pair; 1000].join("&"))
        .collect();
    let link = read_link(&repeated.join("&"), 1000);
    assert_eq!(link.scenario, once.scenario);
    assert_eq!(link.extra, once.extra);
    assert_eq!(link.ignored.len(), 7, "{:?}", link.ignored);
    assert_eq!(
        link.ignored[0],
        "ring: given 1,000 times; only the last is read"
    );
    // Pairs with no name are no parameter, however often they come.
    assert!(read_link("=x&=y&&=", 10).ignored.is_empty());
    // The last value wins.
    let last = read_link("servers=a,b&servers=x,y,z", 10);
    assert_eq!(last.scenario.servers().len(), 3);
}

#[test]
fn a_link_says_at_most_twenty_things_each_in_a_line() {
    let servers: Vec<String> = (0..600)
        .map(|i| format!("<{i}>{}", "x".repeat(300)))
        .collect();
    let link = read_link(&format!("servers={}", servers.join(",")), 10);
    assert_eq!(link.ignored.len(), MAX_NOTES);
    assert!(
        link.ignored.iter().all(|n| n.chars().count() <= 201),
        "{:?}",
        link.ignored
    );
    assert_eq!(
        link.ignored[MAX_NOTES - 1],
        "and 582 more parts that could not be read"
    );
}

#[test]
fn a_link_cannot_ask_for_more_keys_than_the_caller_allows() {
    let link = read_link("gen=5000", 100);
    assert_eq!(link.scenario.keys().len(), 100);
    assert_eq!(link.ignored.len(), 1);
}

#[test]
fn a_link_of_view_parameters_alone_names_no_scenario_and_a_parameter_is_found_by_its_name() {
    assert!(!names_a_scenario("?view=traffic&present=1"));
    assert!(names_a_scenario("view=traffic&ring=100"));
    assert!(
        names_a_scenario("maglev=13"),
        "a placement's setting is part of a scenario"
    );
    assert!(gives_param("?lesson=x&servers=A", "servers"));
    assert!(!gives_param("lesson=x&label=servers%3D", "servers"));
    assert!(gives_param("a=1&servers", "servers"), "with no value too");
}
