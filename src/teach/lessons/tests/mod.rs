//! Every number a narration states, checked against what the engine computes for its step: the
//! helpers every lesson's tests share, the checks on every lesson, and a file per lesson.
use super::*;
use crate::core::{
    failover, grouped, read_link, CacheLoad, Change, Link, Moves, Outcome, Scenario, Timeline,
    MAX_KEYS,
};

mod clients_disagree;
mod fifth_cache;
mod hot_key;
mod node_dies;
mod other_ways;
mod replicas;
mod teaching_ring;
mod virtual_nodes;

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
