//! Every number a narration states, checked against what the engine computes for its step.
use super::*;
use crate::core::{
    failover, grouped, read_link, CacheLoad, Change, Link, Moves, Outcome, Scenario, Timeline,
    MAX_KEYS,
};

fn step(id: &str, index: usize) -> &'static Step {
    &lesson(id).expect("the lesson exists").steps[index]
}

fn read(step: &Step) -> Link {
    read_link(&step.link, MAX_KEYS)
}

fn last(link: &Link) -> &Outcome {
    link.last.as_ref().expect("the step replays a change")
}

fn before(link: &Link) -> &Scenario {
    link.before.as_ref().expect("the step replays a change")
}

fn selected(link: &Link) -> Option<&str> {
    link.extra
        .iter()
        .find(|(name, _)| name == "select")
        .map(|(_, value)| value.as_str())
}

fn key_id(scenario: &Scenario, label: &str) -> u32 {
    scenario.keys().find(label).expect("the key is on the ring")
}

fn owner(scenario: &Scenario, label: &str) -> String {
    let id = key_id(scenario, label);
    scenario
        .ring()
        .server_name(scenario.owner_of_key(id))
        .to_string()
}

fn labelled(scenario: &Scenario, moves: &Moves) -> Vec<(String, String, String)> {
    moves
        .listed
        .iter()
        .map(|m| {
            (
                scenario.keys().label(m.key),
                m.from.to_string(),
                m.to.to_string(),
            )
        })
        .collect()
}

/// A server's arc, in positions.
fn arc(scenario: &Scenario, name: &str) -> u64 {
    let own = scenario.ownership();
    own.servers
        .iter()
        .find(|s| &*s.name == name)
        .expect("the server is on the ring")
        .arc
}

/// A server's key count.
fn keys_of(scenario: &Scenario, name: &str) -> u64 {
    let own = scenario.ownership();
    own.servers
        .iter()
        .find(|s| &*s.name == name)
        .expect("the server is on the ring")
        .keys
}

/// A fraction as a whole percentage, as the narration writes it.
fn pct(fraction: f64) -> String {
    format!("{}%", (fraction * 100.0).round())
}

/// `value` rounded to the nearest multiple of `to`, grouped.
fn about(value: f64, to: f64) -> String {
    grouped(((value / to).round() * to) as u64)
}

/// Every number the narration states, in order: digit runs with their thousands separators,
/// decimals and percent sign. Digits inside a label such as `user:7` or `key-2` are part of
/// the label, not a figure.
fn figures(text: &str) -> Vec<String> {
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
        while i < chars.len() {
            let c = chars[i];
            let inner =
                (c == ',' || c == '.') && chars.get(i + 1).is_some_and(|n| n.is_ascii_digit());
            if c.is_ascii_digit() || inner {
                figure.push(c);
                i += 1;
            } else {
                break;
            }
        }
        if chars.get(i) == Some(&'%') {
            figure.push('%');
            i += 1;
        }
        found.push(figure);
    }
    found
}

/// The step's `name=` parameter, when its link gives one.
fn param<'a>(link: &'a Link, name: &str) -> Option<&'a str> {
    link.extra
        .iter()
        .find(|(n, _)| n == name)
        .map(|(_, value)| value.as_str())
}

/// The timeline a step opens: its `event=` applied to its scenario, with the lessons' 50,000
/// reads a second at 95% hits, as the Timeline view computes it.
fn timeline(step: &Step) -> Timeline {
    let link = read(step);
    assert_eq!(param(&link, "view"), Some("timeline"), "{}", step.link);
    let event = param(&link, "event").expect("the step names its event");
    let change: Change = event.parse().expect("the event is a change");
    Timeline::new(&link.scenario, &change, CacheLoad::default()).expect("a timeline")
}

/// Reads per second or requests, rounded to whole ones and grouped, as the narration writes them.
fn whole(x: f64) -> String {
    grouped(x.round() as u64)
}

fn narrates(step: &Step, expected: &[String]) {
    assert_eq!(figures(&step.caption), expected, "{}", step.caption);
}

#[test]
fn the_figure_reader_finds_numbers_but_not_key_labels() {
    assert_eq!(
        figures(
            "From user:7 and key-2, 1 of 5 moved; 2,500 reads, 95% hits, 0.5 left, at 10, then"
        ),
        vec!["1", "5", "2,500", "95%", "0.5", "10"]
    );
    assert_eq!(grouped(38_000), "38,000");
    assert_eq!(grouped(999), "999");
    assert_eq!(about(14_022.3, 1000.0), "14,000");
}

#[test]
fn every_lesson_has_a_unique_id_and_at_least_two_steps() {
    let mut ids: Vec<&str> = LESSONS.iter().map(|l| l.id.as_str()).collect();
    assert_eq!(
        ids,
        vec![
            "teaching-ring",
            "fifth-cache",
            "virtual-nodes",
            "node-dies",
            "replicas",
            "other-ways",
            "hot-key",
            "clients-disagree",
            "real-systems"
        ]
    );
    ids.sort_unstable();
    ids.dedup();
    assert_eq!(ids.len(), LESSONS.len());
    for l in LESSONS.iter() {
        assert!(l.steps.len() >= 2, "{}", l.id);
        assert!(!l.title.is_empty());
        assert_eq!(lesson(&l.id), Some(l));
    }
}

#[test]
fn an_unknown_lesson_is_none() {
    assert_eq!(lesson("nope"), None);
    assert_eq!(lesson(""), None);
}

#[test]
fn every_step_reads_cleanly_and_selects_a_key_it_holds() {
    for l in LESSONS.iter() {
        for (i, s) in l.steps.iter().enumerate() {
            let link = read(s);
            assert!(
                link.ignored.is_empty(),
                "{} step {i}: {:?}",
                l.id,
                link.ignored
            );
            let others: Vec<&str> = link
                .extra
                .iter()
                .map(|(n, _)| n.as_str())
                .filter(|n| !["select", "view", "event", "r", "systems"].contains(n))
                .collect();
            assert!(others.is_empty(), "{} step {i}: {others:?}", l.id);
            if let Some(label) = selected(&link) {
                key_id(&link.scenario, label);
            }
            if s.link.contains("then=") {
                assert!(link.last.is_some(), "{} step {i}", l.id);
            }
            assert!(!s.title.is_empty() && !s.caption.is_empty());
            assert!(!s.caption.contains("  "), "{} step {i}", l.id);
            let sentences = s.caption.matches(". ").count() + 1;
            assert!(sentences <= 3, "{} step {i}", l.id);
            let copies = if l.id == "replicas" { 1..=3 } else { 1..=1 };
            assert!(copies.contains(&s.replicas()), "{} step {i}", l.id);
        }
    }
}

#[test]
fn every_step_stays_small_enough_for_the_browser() {
    for l in LESSONS.iter() {
        for s in &l.steps {
            let link = read(s);
            assert!(link.scenario.keys().len() <= 20_000, "{}", s.link);
            assert!(link.scenario.ring().points().len() <= 5_000, "{}", s.link);
        }
    }
}

#[test]
fn the_teaching_ring_splits_into_35_30_and_35() {
    let s = step("teaching-ring", 0);
    let ring = read(s).scenario;
    assert_eq!(ring.ring().owned_arcs(), vec![35, 30, 35]);
    let top = ring.size().get() - 1;
    let arcs: Vec<String> = ring
        .ring()
        .owned_arcs()
        .iter()
        .map(u64::to_string)
        .collect();
    let mut expected = vec!["0".to_string(), top.to_string()];
    expected.extend(arcs);
    narrates(s, &expected);
}

#[test]
fn key_90_wraps_past_the_top_to_a() {
    let s = step("teaching-ring", 1);
    let link = read(s);
    assert_eq!(selected(&link), Some("@90"));
    assert_eq!(owner(&link.scenario, "@90"), "A");
    // No point between the key and the top of the ring.
    assert!((90..100).all(|p| link.scenario.ring().occupant(p).is_none()));
    narrates(s, &["90", "99", "0"].map(String::from));
}

#[test]
fn d_joining_at_60_takes_41_to_60_from_c() {
    let s = step("teaching-ring", 2);
    let link = read(s);
    let arcs = &last(&link).diff.as_ref().expect("a diff").arcs;
    assert_eq!(arcs.len(), 1);
    let arc = &arcs[0];
    assert_eq!((arc.start, arc.end, arc.length), (40, 60, 20));
    assert_eq!((&*arc.from, &*arc.to), ("C", "D"));
    narrates(
        s,
        &[
            "60".to_string(),
            (arc.start + 1).to_string(),
            arc.end.to_string(),
        ],
    );
}

#[test]
fn d_joining_moves_only_key_52_where_mod_n_moves_4() {
    let s = step("teaching-ring", 3);
    let link = read(s);
    let out = last(&link);
    assert_eq!(selected(&link), Some("@52"));
    assert_eq!(
        labelled(&link.scenario, &out.moved),
        vec![("@52".into(), "C".into(), "D".into())]
    );
    assert_eq!(out.keys, 5);
    assert_eq!(out.baseline_moved(), 4);
    assert_eq!(owner(&link.scenario, "@68"), "C");
    narrates(
        s,
        &[
            "52".to_string(),
            "68".to_string(),
            "60".to_string(),
            out.moved.len().to_string(),
            out.keys.to_string(),
            out.baseline_moved().to_string(),
        ],
    );
}

#[test]
fn b_leaving_hands_11_to_40_and_key_25_to_d() {
    let s = step("teaching-ring", 4);
    let link = read(s);
    let out = last(&link);
    assert_eq!(selected(&link), Some("@25"));
    let arcs = &out.diff.as_ref().expect("a diff").arcs;
    assert_eq!(arcs.len(), 1);
    assert_eq!((arcs[0].start, arcs[0].end), (10, 40));
    assert_eq!((&*arcs[0].from, &*arcs[0].to), ("B", "D"));
    assert_eq!(
        labelled(&link.scenario, &out.moved),
        vec![("@25".into(), "B".into(), "D".into())]
    );
    narrates(
        s,
        &[
            (arcs[0].start + 1).to_string(),
            arcs[0].end.to_string(),
            "25".to_string(),
        ],
    );
}

#[test]
fn after_b_leaves_d_owns_50_positions_and_c_15() {
    let s = step("teaching-ring", 5);
    let ring = read(s).scenario;
    assert_eq!(arc(&ring, "D"), 50);
    assert_eq!(arc(&ring, "C"), 15);
    assert_eq!(arc(&ring, "A"), 35);
    narrates(
        s,
        &[
            arc(&ring, "D").to_string(),
            ring.size().get().to_string(),
            arc(&ring, "C").to_string(),
        ],
    );
}

#[test]
fn four_caches_each_hold_about_a_quarter_of_100_keys() {
    let s = step("fifth-cache", 0);
    let ring = read(s).scenario;
    let counts: Vec<u64> = ring.ownership().servers.iter().map(|s| s.keys).collect();
    assert_eq!(counts, vec![27, 24, 25, 24]);
    let low = counts.iter().min().unwrap();
    let high = counts.iter().max().unwrap();
    narrates(
        s,
        &[
            ring.vnodes().to_string(),
            ring.keys().len().to_string(),
            low.to_string(),
            high.to_string(),
        ],
    );
}

#[test]
fn sapporo_joining_moves_21_of_100_keys_on_the_ring_and_83_under_mod_n() {
    let s = step("fifth-cache", 1);
    let link = read(s);
    let out = last(&link);
    assert_eq!(out.keys, 100);
    assert_eq!(out.moved.len(), 21);
    assert_eq!(out.baseline_moved(), 83);
    assert_eq!(out.moved.to, vec![std::sync::Arc::from("sapporo")]);
    // The ring's figure sits near one in five, mod N's near four in five.
    assert!((out.moved_fraction().unwrap() - 0.2).abs() <= 0.02);
    assert!((out.baseline_fraction().unwrap() - 0.8).abs() <= 0.04);
    narrates(
        s,
        &[
            link.scenario.vnodes().to_string(),
            out.moved.len().to_string(),
            out.keys.to_string(),
        ],
    );
}

#[test]
fn key_2_stays_on_tokyo_on_the_ring_but_mod_n_sends_it_to_kyoto() {
    let s = step("fifth-cache", 2);
    let link = read(s);
    let out = last(&link);
    assert_eq!(selected(&link), Some("key-2"));
    let id = key_id(&link.scenario, "key-2");
    assert!(!out.moved.keys.contains(id));
    assert_eq!(owner(&link.scenario, "key-2"), "tokyo");
    let modn = &out.baseline.as_ref().unwrap().moved;
    assert!(modn.keys.contains(id));
    let named = |s: &Scenario| s.servers()[s.mod_n_owner_of_key(id)].name.clone();
    assert_eq!(
        (named(before(&link)), named(&link.scenario)),
        ("tokyo".into(), "kyoto".into())
    );
    narrates(
        s,
        &[
            out.servers.0.to_string(),
            out.servers.1.to_string(),
            out.baseline_moved().to_string(),
            out.keys.to_string(),
        ],
    );
}

#[test]
fn the_fifth_cache_costs_the_database_about_12_500_reads_on_the_ring_and_41_900_under_mod_n() {
    let s = step("fifth-cache", 3);
    assert!(s.cache());
    let link = read(s);
    let out = last(&link);
    let load = CacheLoad::default();
    let ring = load.after(out.moved_fraction().unwrap());
    let modn = load.after(out.baseline_fraction().unwrap());
    assert_eq!(load.steady().round(), 2_500.0);
    assert_eq!(ring.round(), 12_475.0);
    assert_eq!(modn.round(), 41_925.0);
    narrates(
        s,
        &[
            grouped(load.reads as u64),
            pct(load.hit_rate),
            grouped(load.steady().round() as u64),
            about(ring, 100.0),
            about(modn, 100.0),
        ],
    );
}

/// Each virtual-nodes step: its points per server, measured spread and predicted spread.
fn spreads() -> Vec<(u32, f64, f64)> {
    lesson("virtual-nodes")
        .unwrap()
        .steps
        .iter()
        .map(|s| {
            let ring = read(s).scenario;
            let balance = ring.ownership().balance;
            (
                ring.vnodes(),
                balance.spread,
                balance.predicted_spread.unwrap(),
            )
        })
        .collect()
}

#[test]
fn the_spread_shrinks_as_points_per_server_grow() {
    let spreads = spreads();
    let points: Vec<u32> = spreads.iter().map(|s| s.0).collect();
    assert_eq!(points, vec![1, 10, 100, 1000]);
    let measured: Vec<String> = spreads.iter().map(|s| pct(s.1)).collect();
    let predicted: Vec<String> = spreads.iter().map(|s| pct(s.2)).collect();
    assert_eq!(measured, vec!["40%", "27%", "8%", "2%"]);
    assert_eq!(predicted, vec!["100%", "32%", "10%", "3%"]);
    for pair in spreads.windows(2) {
        assert!(pair[1].1 < pair[0].1, "{pair:?}");
    }
}

#[test]
fn each_spread_sits_within_a_factor_of_three_of_one_over_root_v() {
    for (v, spread, predicted) in spreads() {
        assert!((predicted - 1.0 / f64::from(v).sqrt()).abs() < 1e-12);
        let ratio = spread / predicted;
        assert!((1.0 / 3.0..=3.0).contains(&ratio), "v={v}: {ratio}");
    }
}

#[test]
fn the_virtual_nodes_narration_states_the_measured_figures() {
    let steps = &lesson("virtual-nodes").unwrap().steps;
    let spreads = spreads();

    let one = read(&steps[0]).scenario.ownership();
    let share = |name: &str| {
        one.servers
            .iter()
            .find(|s| &*s.name == name)
            .map(|s| s.share)
            .unwrap()
    };
    assert_eq!(pct(share("tokyo")), "42%");
    assert_eq!(pct(share("osaka")), "15%");
    narrates(
        &steps[0],
        &[
            spreads[0].0.to_string(),
            pct(share("tokyo")),
            pct(share("osaka")),
            pct(spreads[0].1),
            pct(spreads[0].2),
        ],
    );
    narrates(
        &steps[1],
        &[
            spreads[1].0.to_string(),
            pct(spreads[1].1),
            pct(spreads[1].2),
        ],
    );

    let hundred = read(&steps[2]).scenario.ownership();
    let shares: Vec<f64> = hundred.servers.iter().map(|s| s.share).collect();
    let low = shares.iter().copied().fold(1.0, f64::min);
    let high = shares.iter().copied().fold(0.0, f64::max);
    assert_eq!(
        (pct(low), pct(high)),
        ("23%".to_string(), "28%".to_string())
    );
    narrates(
        &steps[2],
        &[
            spreads[2].0.to_string(),
            pct(spreads[2].1),
            pct(spreads[2].2),
            pct(low),
            pct(high),
        ],
    );
    narrates(
        &steps[3],
        &[
            grouped(u64::from(spreads[3].0)),
            pct(spreads[3].1),
            pct(spreads[3].2),
        ],
    );
}

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

fn preference(scenario: &Scenario, label: &str, replicas: usize) -> Vec<String> {
    scenario
        .preference_list(key_id(scenario, label), replicas)
        .iter()
        .map(|&i| scenario.ring().server_name(i).to_string())
        .collect()
}

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

mod other_ways {
    use super::*;
    use crate::core::placement::partitions as table;
    use crate::core::{compare, read_link, Kind};

    fn moved(index: usize) -> usize {
        last(&read(step("other-ways", index))).moved.len()
    }

    #[test]
    fn the_lesson_walks_mod_n_ring_rendezvous_table_and_jump_then_compare() {
        let kinds: Vec<Kind> = lesson("other-ways")
            .unwrap()
            .steps
            .iter()
            .map(|s| read(s).scenario.placement())
            .collect();
        use Kind::*;
        assert_eq!(kinds, vec![ModN, Ring, Rendezvous, Table, Jump, Jump, Ring]);
    }

    #[test]
    fn mod_n_moves_817_of_1_000_keys_when_e_joins() {
        let s = step("other-ways", 0);
        let link = read(s);
        let out = last(&link);
        assert_eq!(out.placement, Kind::ModN);
        assert_eq!((out.moved.len(), out.keys), (817, 1000));
        assert_eq!(out.expected(), Some(0.8));
        // Most moves are between caches that were already there.
        assert!(out.moved.from.len() == 4 && out.moved.to.len() == 5);
        narrates(s, &["817".into(), "1,000".into(), "4".into(), "5".into()]);
    }

    #[test]
    fn the_ring_moves_181_keys_all_to_e() {
        let s = step("other-ways", 1);
        let link = read(s);
        let out = last(&link);
        assert_eq!(out.moved.len(), 181);
        assert_eq!(out.moved.to, vec![std::sync::Arc::from("E")]);
        narrates(s, &["100".into(), "181".into(), "1".into(), "5".into()]);
    }

    #[test]
    fn rendezvous_moves_200_keys_all_to_e_at_5_scores_a_lookup() {
        let s = step("other-ways", 2);
        let link = read(s);
        let out = last(&link);
        assert_eq!(out.moved.len(), 200);
        assert_eq!(out.moved.to, vec![std::sync::Arc::from("E")]);
        let cost = link.scenario.placed().cost(link.scenario.keys());
        assert_eq!((cost.per_key, cost.unit), (5.0, "servers scored"));
        narrates(s, &["200".into(), "5".into()]);
    }

    #[test]
    fn the_table_hands_e_204_of_1_024_partitions_and_200_keys() {
        let s = step("other-ways", 3);
        let link = read(s);
        let out = last(&link);
        let was = before(&link).table().clone();
        let now = link.scenario.table();
        let handed = (0..now.count())
            .filter(|&p| was.owner(p) != now.owner(p))
            .count();
        assert_eq!((now.count(), handed), (1024, 204));
        assert_eq!(table::targets(1024, &[1; 5])[4], 204);
        assert_eq!(out.moved.len(), 200);
        narrates(s, &["1,024".into(), "204".into(), "200".into()]);
    }

    #[test]
    fn jump_appending_e_moves_190_keys_and_removing_b_moves_742_against_190_for_the_last() {
        let s = step("other-ways", 4);
        let link = read(s);
        let out = last(&link);
        assert_eq!(out.moved.len(), 190);
        assert_eq!(out.moved.to, vec![std::sync::Arc::from("E")]);
        narrates(s, &["5".into(), "190".into()]);

        let s = step("other-ways", 5);
        assert_eq!(moved(5), 742);
        let last_one = read_link(
            "ring=2^32&vnodes=100&servers=A,B,C,D,E&gen=1000&placement=jump&then=remove:E",
            MAX_KEYS,
        );
        assert_eq!(last_one.last.unwrap().moved.len(), 190);
        narrates(s, &["742".into(), "1,000".into(), "190".into()]);
    }

    #[test]
    fn the_last_step_opens_the_compare_view_on_all_9_placements() {
        let s = step("other-ways", 6);
        let link = read(s);
        assert!(link.extra.contains(&("view".into(), "compare".into())));
        let c = compare(before(&link), &link.scenario);
        assert_eq!(c.columns.len(), 9);
        narrates(s, &["9".into()]);
    }
}

mod hot_key {
    use super::*;
    use crate::core::{Loads, MovedReads};

    const READS: f64 = 50_000.0;

    fn loads(scenario: &Scenario) -> Loads {
        scenario
            .traffic()
            .loads(&scenario.placed(), scenario.keys(), READS)
    }

    fn times(x: f64) -> String {
        format!("{x:.2}")
    }

    fn name(scenario: &Scenario, index: usize) -> String {
        scenario.servers()[index].name.to_string()
    }

    #[test]
    fn every_step_opens_the_traffic_view() {
        for s in lesson("hot-key").unwrap().steps.iter() {
            assert!(read(s).extra.contains(&("view".into(), "traffic".into())));
        }
    }

    #[test]
    fn with_keys_read_alike_the_busiest_server_a_serves_1_02_times_its_share() {
        let s = step("hot-key", 0);
        let link = read(s);
        let l = loads(&link.scenario);
        assert!(link.scenario.traffic().is_even());
        assert_eq!(name(&link.scenario, l.busiest), "A");
        assert_eq!(times(l.none), "1.02");
        narrates(
            s,
            &["100".into(), "1,000".into(), "50,000".into(), times(l.none)],
        );
    }

    #[test]
    fn one_key_made_1_000_times_hotter_puts_63_percent_of_reads_on_a_with_26_percent_of_keys() {
        let s = step("hot-key", 1);
        let link = read(s);
        let l = loads(&link.scenario);
        let a = &l.servers[0];
        assert_eq!(name(&link.scenario, l.busiest), "A");
        assert_eq!(owner(&link.scenario, "key-0"), "A");
        // 999 keys of weight 1 and one of 1,000: key-0 carries 1000/1999 of the reads.
        let hot = link.scenario.traffic().weights(link.scenario.keys());
        assert_eq!(hot.of(0) / hot.total(1000), 1000.0 / 1999.0);
        narrates(
            s,
            &[
                "1,000".into(),
                pct(a.share),
                pct(a.key_share),
                times(l.none),
            ],
        );
    }

    #[test]
    fn ten_times_the_virtual_nodes_leave_key_0_on_one_server_at_2_46() {
        let s = step("hot-key", 2);
        let link = read(s);
        let l = loads(&link.scenario);
        assert_eq!(link.scenario.vnodes(), 1000);
        assert_eq!(owner(&link.scenario, "key-0"), "B");
        assert_eq!(name(&link.scenario, l.busiest), "B");
        narrates(s, &[times(l.none)]);
    }

    #[test]
    fn three_copies_of_the_10_hottest_keys_bring_the_busiest_to_1_18() {
        let s = step("hot-key", 3);
        let link = read(s);
        let t = link.scenario.traffic();
        assert_eq!((t.top, t.copies), (10, Some(3)));
        let l = loads(&link.scenario);
        assert_eq!(l.each.len(), 1);
        narrates(s, &["10".into(), "3".into(), times(l.all)]);
    }

    #[test]
    fn a_near_cache_answering_90_percent_keeps_22_714_reads_a_second_in_the_app_servers() {
        let s = step("hot-key", 4);
        let link = read(s);
        let l = loads(&link.scenario);
        assert_eq!(link.scenario.traffic().near, Some(90));
        narrates(
            s,
            &[
                "90%".into(),
                grouped(l.absorbed.round() as u64),
                times(l.all),
            ],
        );
    }

    #[test]
    fn bounded_loads_cannot_split_key_0_which_alone_keeps_a_at_2_00() {
        let s = step("hot-key", 5);
        let link = read(s);
        let l = loads(&link.scenario);
        assert_eq!(link.scenario.traffic().bounded, Some(125));
        assert_eq!(name(&link.scenario, l.busiest), "A");
        // A keeps key-0 and nothing else.
        assert_eq!(l.servers[0].share, 1000.0 / 1999.0);
        narrates(s, &["1.25".into(), times(l.all)]);
    }

    #[test]
    fn when_a_dies_26_percent_of_keys_move_carrying_63_percent_of_reads_and_d_takes_67() {
        let s = step("hot-key", 6);
        assert!(s.cache());
        let link = read(s);
        let out = last(&link);
        let carried = MovedReads::of(before(&link), out).unwrap();
        let after = loads(&link.scenario);
        assert_eq!(owner(&link.scenario, "key-0"), "D");
        let d = link
            .scenario
            .servers()
            .iter()
            .position(|s| &*s.name == "D")
            .unwrap();
        narrates(
            s,
            &[
                pct(out.moved_fraction().unwrap()),
                pct(carried.placement),
                pct(after.servers[d].share),
            ],
        );
    }
}

mod clients_disagree {
    use super::*;

    fn at(index: usize) -> (&'static Step, Timeline) {
        let s = step("clients-disagree", index);
        (s, timeline(s))
    }

    #[test]
    fn every_step_opens_the_timeline_on_c() {
        for s in lesson("clients-disagree").unwrap().steps.iter() {
            let link = read(s);
            assert_eq!(param(&link, "view"), Some("timeline"));
            assert!(
                matches!(param(&link, "event"), Some("fail:C" | "remove:C")),
                "{}",
                s.link
            );
        }
    }

    #[test]
    fn told_at_once_the_removal_of_c_costs_a_storm_of_2_305_reads_over_in_under_a_second() {
        let (s, t) = at(0);
        let ring = &t.placement;
        assert!(t.gossip.is_empty());
        assert_eq!((ring.misrouted, ring.stale), (0.0, 0.0));
        assert_eq!(ring.moved.0, 2_426);
        narrates(
            s,
            &[
                grouped(ring.moved.0 as u64),
                whole(ring.steady),
                whole(ring.peak),
                format!("{:.2}", ring.settle),
            ],
        );
    }

    #[test]
    fn over_30_seconds_of_gossip_181_932_requests_reach_c_and_the_same_misses_peak_lower() {
        let (s, t) = at(1);
        let at_once = at(0).1;
        let ring = &t.placement;
        assert_eq!(t.gossip.len(), 1);
        assert_eq!((t.gossip[0].from, t.gossip[0].to), (0.0, 30.0));
        // Reads of C's keys from clients on the old view: each key's rate × g / 2.
        let per_key = 50_000.0 / 10_001.0;
        assert!((ring.misrouted - 2_426.0 * per_key * 15.0).abs() < 1e-6);
        // A drained server still answers: the same misses in all, spread out, so a lower peak.
        assert!((ring.extra_reads - at_once.placement.extra_reads).abs() < 1e-6);
        assert!(ring.peak < at_once.placement.peak / 4.0);
        narrates(
            s,
            &[
                t.timing.gossip.to_string(),
                whole(ring.misrouted),
                whole(ring.peak),
                whole(ring.extra_reads),
            ],
        );
    }

    #[test]
    fn a_failed_c_answers_nobody_so_the_storm_is_as_tall_and_lasts_the_whole_window() {
        let (s, t) = at(2);
        let ring = &t.placement;
        let drained = at(1).1.placement;
        assert!((ring.peak - at(0).1.placement.peak).abs() < 1e-6);
        assert!(ring.settle > 20.0 && ring.settle < 30.0, "{}", ring.settle);
        // Every read an old-view client sends to C that would have hit goes to the database.
        let per_key = 50_000.0 / 10_001.0;
        let extra = drained.extra_reads + 0.95 * 2_426.0 * per_key * 15.0;
        assert!(
            (ring.extra_reads - extra).abs() < 1.0,
            "{}",
            ring.extra_reads
        );
        narrates(
            s,
            &[
                whole(ring.peak),
                whole(ring.extra_reads),
                whole(drained.extra_reads),
            ],
        );
    }

    #[test]
    fn after_c_restarts_clients_on_the_old_view_send_its_keys_to_their_stand_ins_in_a_second_window(
    ) {
        let (s, t) = at(3);
        let ring = &t.placement;
        assert_eq!(t.restart_at, Some(120.0));
        assert_eq!(t.gossip.len(), 2);
        assert_eq!((t.gossip[1].from, t.gossip[1].to), (120.0, 150.0));
        assert_eq!(ring.moved, (2_426, 2_426));
        // The first window's requests to C, then as many to its stand-ins after the restart.
        assert!((ring.stale - 2.0 * at(1).1.placement.misrouted).abs() < 1e-3);
        narrates(
            s,
            &[
                t.restart_at.unwrap().to_string(),
                t.timing.gossip.to_string(),
                grouped(ring.moved.1 as u64),
                whole(ring.stale),
            ],
        );
    }

    #[test]
    fn hinted_handoff_holds_121_writes_a_second_for_c_and_delivers_14_555_at_the_restart() {
        let (s, t) = at(4);
        let ring = &t.placement;
        let hints = ring.hints.expect("hints while C is down");
        // C's share of the writes, for as long as it is down.
        let per_second = 500.0 * 2_426.0 / 10_001.0;
        assert!((hints.per_second - per_second).abs() < 1e-9);
        assert!((hints.delivered.unwrap() - per_second * 120.0).abs() < 1e-6);
        narrates(
            s,
            &[
                t.timing.writes.to_string(),
                whole(hints.per_second),
                whole(hints.delivered.unwrap()),
            ],
        );
    }
}
