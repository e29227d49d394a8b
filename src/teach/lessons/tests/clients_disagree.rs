//! Clients that disagree while a change spreads.

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
fn after_c_restarts_clients_on_the_old_view_send_its_keys_to_their_stand_ins_in_a_second_window() {
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
