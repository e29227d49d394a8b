//! Copies of each key: the preference list and failover.

use super::*;

#[test]
fn user_7_is_kept_on_kyoto_tokyo_and_osaka() {
    let s = step("replicas", 0);
    assert_eq!(s.replicas(), 3);
    let link = read(s);
    assert_eq!(selected(&link), Some("user:7"));
    assert_eq!(
        preference(&link.scenario, "user:7", s.replicas()),
        vec!["kyoto", "tokyo", "osaka"]
    );
    narrates(s, &[s.replicas().to_string()]);
}

#[test]
fn the_walk_from_user_21_skips_5_points_of_servers_already_chosen() {
    let s = step("replicas", 1);
    let link = read(s);
    let ring = link.scenario.ring();
    let position = link
        .scenario
        .keys()
        .position_of(key_id(&link.scenario, "user:21"));
    let points = ring.preference_points(position, s.replicas());
    let start = ring.owner_point(position);
    let total = ring.points().len();
    let walked = (points[points.len() - 1] + total - start) % total + 1;
    assert_eq!(walked, 8);
    assert_eq!(
        preference(&link.scenario, "user:21", s.replicas()),
        vec!["kyoto", "sapporo", "nagoya"]
    );
    narrates(
        s,
        &[walked.to_string(), (walked - s.replicas()).to_string()],
    );
}

#[test]
fn when_kyoto_dies_each_of_its_keys_is_promoted_and_none_is_lost() {
    let s = step("replicas", 2);
    let link = read(s);
    let out = last(&link);
    let result = failover(before(&link), out, s.replicas()).unwrap();
    assert_eq!(result.lost, 0);
    assert_eq!(result.promoted.len(), out.moved.len());
    assert_eq!(out.moved.len(), 186);
    // The promoted replica is exactly the key's new owner on the ring.
    for promotion in &result.promoted {
        let owner = link.scenario.owner_of_key(promotion.key);
        assert_eq!(&*promotion.to, link.scenario.ring().server_name(owner));
    }
    let id = key_id(&link.scenario, "user:7");
    let user7 = result.promoted.iter().find(|p| p.key == id).unwrap();
    assert_eq!((&*user7.from, &*user7.to), ("kyoto", "tokyo"));
    narrates(s, &[out.moved.len().to_string()]);
}

#[test]
fn with_one_copy_every_key_of_kyoto_is_lost() {
    let s = step("replicas", 3);
    assert_eq!(s.replicas(), 1);
    let link = read(s);
    let out = last(&link);
    let result = failover(before(&link), out, s.replicas()).unwrap();
    assert_eq!(result.lost, 186);
    assert!(result.promoted.is_empty());
    narrates(s, &[result.lost.to_string()]);
}

#[test]
fn only_the_replicas_lesson_keeps_more_than_one_copy_and_the_cache_panel_marks_cache_steps() {
    for l in LESSONS.iter() {
        for s in &l.steps {
            if l.id != "replicas" {
                assert_eq!(s.replicas(), 1, "{}", s.link);
            }
            if l.id == "node-dies" {
                assert!(s.cache(), "{}", s.link);
            }
            if l.id == "teaching-ring" || l.id == "virtual-nodes" || l.id == "replicas" {
                assert!(!s.cache(), "{}", s.link);
            }
        }
    }
}

/// The servers holding a copy of key `label`, owner first.
fn preference(scenario: &Scenario, label: &str, replicas: usize) -> Vec<String> {
    scenario
        .preference_list(key_id(scenario, label), replicas)
        .iter()
        .map(|&i| scenario.ring().server_name(i).to_string())
        .collect()
}
