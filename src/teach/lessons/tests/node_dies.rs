//! A cache node dies: where its keys go, and what the database reads.

use super::*;

#[test]
fn four_healthy_caches_send_2_500_reads_to_the_database_and_user_2_hits_c() {
    let s = step("node-dies", 0);
    assert!(s.cache());
    let link = read(s);
    assert_eq!(selected(&link), Some("user:2"));
    assert_eq!(owner(&link.scenario, "user:2"), "C");
    assert_eq!(link.scenario.keys().len(), 10_001);
    let load = CacheLoad::default();
    assert_eq!(load.steady().round(), 2_500.0);
    narrates(
        s,
        &[
            link.scenario.vnodes().to_string(),
            grouped(load.steady().round() as u64),
            grouped(load.reads as u64),
        ],
    );
}

#[test]
fn when_c_dies_a_b_and_d_each_take_about_a_third_of_its_keys() {
    let s = step("node-dies", 1);
    let link = read(s);
    let out = last(&link);
    let was = before(&link);
    let held = keys_of(was, "C");
    assert_eq!(held, 2_426);
    assert_eq!(out.moved.len() as u64, held);
    assert_eq!(out.moved.from, vec![std::sync::Arc::from("C")]);
    for name in ["A", "B", "D"] {
        let took = keys_of(&link.scenario, name) - keys_of(was, name);
        let share = took as f64 / held as f64;
        assert!((0.28..=0.39).contains(&share), "{name}: {share}");
    }
    assert_ne!(owner(&link.scenario, "user:2"), "C");
    narrates(s, &[was.vnodes().to_string()]);
}

#[test]
fn c_dying_sends_about_14_000_reads_to_the_database_on_the_ring() {
    let s = step("node-dies", 2);
    assert!(s.cache());
    let out = last(&read(s)).clone();
    let load = CacheLoad::default();
    let moved = out.moved_fraction().unwrap();
    let after = load.after(moved);
    // The theory line: a quarter of the keys moved.
    assert_eq!(load.after(0.25).round(), 14_375.0);
    assert!((after - 14_375.0).abs() <= 14_375.0 * 0.15, "{after}");
    assert_eq!(pct(moved), "24%");
    assert_eq!(about(after, 1000.0), "14,000");
    narrates(
        s,
        &[
            pct(moved),
            grouped(load.steady().round() as u64),
            about(after, 1000.0),
        ],
    );
}

#[test]
fn under_mod_n_c_dying_moves_75_percent_and_sends_about_38_000_reads() {
    let s = step("node-dies", 4);
    assert!(s.cache());
    let out = last(&read(s)).clone();
    let load = CacheLoad::default();
    let moved = out.baseline_fraction().unwrap();
    let after = load.after(moved);
    assert_eq!(load.after(0.75).round(), 38_125.0);
    assert!((after - 38_125.0).abs() <= 38_125.0 * 0.05, "{after}");
    assert_eq!(out.servers, (4, 3));
    assert_eq!(pct(moved), "75%");
    assert_eq!(about(after, 1000.0), "38,000");
    narrates(
        s,
        &[
            out.servers.0.to_string(),
            out.servers.1.to_string(),
            pct(moved),
            about(after, 1000.0),
        ],
    );
}

#[test]
fn c_coming_back_takes_back_exactly_the_keys_it_lost() {
    let died = read(step("node-dies", 1));
    let s = step("node-dies", 5);
    assert!(s.cache());
    let back = read(s);
    let labels = |link: &Link| -> Vec<String> {
        let mut all: Vec<String> = last(link)
            .moved
            .keys
            .iter()
            .map(|id| before(link).keys().label(id))
            .collect();
        all.sort_unstable();
        all
    };
    let (lost, regained) = (labels(&died), labels(&back));
    assert_eq!(regained.len(), 2_426);
    assert_eq!(lost, regained);
    assert_eq!(last(&back).moved.to, vec![std::sync::Arc::from("C")]);
    assert!(!last(&back).moved.from.iter().any(|n| &**n == "C"));
    assert_eq!(owner(&back.scenario, "user:2"), "C");
    narrates(s, &[grouped(regained.len() as u64)]);
}

#[test]
fn on_the_timeline_c_failing_lifts_the_database_from_2_500_to_14_022_reads_and_settles_within_a_second(
) {
    let s = step("node-dies", 3);
    assert!(s.cache());
    let t = timeline(s);
    let ring = &t.placement;
    assert_eq!(t.failed.as_deref(), Some("C"));
    assert_eq!(t.restart_at, None);
    // The spike is the cache panel's figure: C's share of the keys all miss at once.
    let died = last(&read(step("node-dies", 2))).clone();
    let panel = CacheLoad::default().after(died.moved_fraction().unwrap());
    assert!((ring.peak - panel).abs() < 1e-6, "{} {panel}", ring.peak);
    assert_eq!(ring.peak_at, 0.0);
    // Each of C's 2,426 keys misses once: 95% of a read each, in all.
    assert_eq!(ring.cold_keys, 2_426);
    assert!((ring.extra_reads - 0.95 * 2_426.0).abs() < 1e-6);
    assert!(ring.settle < 1.0);
    narrates(
        s,
        &[
            whole(ring.steady),
            whole(ring.peak),
            "99%".into(),
            whole(ring.extra_reads),
            format!("{:.2}", ring.settle),
        ],
    );
}

#[test]
fn when_c_restarts_after_a_minute_only_its_2_426_keys_miss_again_in_a_second_storm_as_tall() {
    let s = step("node-dies", 6);
    assert!(s.cache());
    let t = timeline(s);
    let ring = &t.placement;
    assert_eq!(t.restart_at, Some(60.0));
    // The keys that come back are exactly the ones that left.
    assert_eq!(ring.moved, (2_426, 2_426));
    assert_eq!(ring.cold_keys, 2_426);
    // Just before the restart the first storm is long over; at it, the second is as tall.
    assert!((ring.db_reads_before(60.0) - ring.steady).abs() < 1.0);
    assert!((ring.db_reads_at(60.0) - ring.peak).abs() < 1.0);
    // Twice the misses of a failure that never comes back.
    let once = timeline(step("node-dies", 3)).placement.extra_reads;
    assert!(
        (ring.extra_reads - 2.0 * once).abs() < 1.0,
        "{}",
        ring.extra_reads
    );
    narrates(
        s,
        &[
            t.restart_at.unwrap().to_string(),
            grouped(ring.moved.1 as u64),
            whole(ring.extra_reads),
        ],
    );
}
