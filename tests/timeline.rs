//! Timelines: database reads over time after a change, against hand-computed figures and a
//! naive oracle that sums every key's closed form one by one, with owners from the naive ring.

mod common;

use proptest::collection::vec;
use proptest::prelude::*;
use ringlab::core::{
    read_link, write_link, CacheLoad, Change, Error, HashScheme, Kind, MovedReads, RingSize,
    Scenario, Server, Summation, Timeline,
};

use common::{key_position, mod_n_owners, ring_owners, NaiveRing};

const LOAD: CacheLoad = CacheLoad {
    reads: 50_000.0,
    hit_rate: 0.95,
};

fn cluster(servers: usize, vnodes: u32, keys: usize) -> Scenario {
    let servers = (0..servers)
        .map(|i| Server::hashed(&format!("cache-{i}")))
        .collect();
    let mut s = Scenario::new(RingSize::FULL, HashScheme::default(), vnodes, servers).unwrap();
    s.apply(Change::GenerateKeys { count: keys }).unwrap();
    s
}

fn apply_all(s: &mut Scenario, changes: &[&str]) {
    for text in changes {
        s.apply(text.parse().unwrap()).unwrap();
    }
}

fn close(got: f64, want: f64, tolerance: f64) -> bool {
    (got - want).abs() <= tolerance * want.abs().max(1.0)
}

// ---------------------------------------------------------------- the naive oracle

/// One key's extra reads on one server: `hit × rate × e^(−rate (t − from))` for `from ≤ t < to`.
#[derive(Debug, Clone, Copy)]
struct Term {
    from: f64,
    to: f64,
    rate: f64,
}

/// Each key's reads per second, from its popularity weight, summed plainly.
fn rates(s: &Scenario, reads: f64) -> Vec<f64> {
    let w = s.traffic().weights(s.keys());
    let n = s.keys().len() as u32;
    let total: f64 = (0..n).map(|id| w.of(id)).sum();
    (0..n).map(|id| reads * w.of(id) / total).collect()
}

/// The ring's first R distinct servers for each key, from the naive ring.
fn naive_lists(s: &Scenario, r: usize) -> Vec<Vec<String>> {
    let ring = NaiveRing::of(s);
    s.keys()
        .iter()
        .map(|k| ring.preference_list(key_position(&k, s.hash(), ring.size), r))
        .collect()
}

/// The terms of every key on the ring with every client told at once (g = 0), written from
/// the model: a key misses once on an owner that did not hold it; a failed server's keys miss
/// on their substitute until the restart, then on the restarted server.
fn ring_terms(before: &Scenario, change: &Change, reads: f64) -> Vec<Term> {
    let r = before.timing().replicas as usize;
    let (after, _) = before.after(change.clone()).unwrap();
    let restart = match change {
        Change::FailServer { name } => before.timing().restart_after.map(|d| {
            let (back, _) = after
                .after(Change::RestartServer { name: name.clone() })
                .unwrap();
            (back, f64::from(d), name.clone())
        }),
        _ => None,
    };
    let o0 = ring_owners(before);
    let o1 = ring_owners(&after);
    let lists = naive_lists(before, r);
    let o2 = restart.as_ref().map(|(back, _, _)| ring_owners(back));
    let rates = rates(before, reads);
    let mut terms = Vec::new();
    for k in 0..o0.len() {
        let held = |s: &String| *s == o0[k] || lists[k].contains(s);
        let cold_then = o1[k] != o0[k] && !held(&o1[k]);
        match (&restart, &o2) {
            (Some((_, d, failed)), Some(o2)) => {
                if cold_then {
                    let to = if o2[k] == o1[k] { f64::INFINITY } else { *d };
                    terms.push(Term {
                        from: 0.0,
                        to,
                        rate: rates[k],
                    });
                }
                if o2[k] == *failed {
                    terms.push(Term {
                        from: *d,
                        to: f64::INFINITY,
                        rate: rates[k],
                    });
                }
            }
            _ => {
                if cold_then {
                    terms.push(Term {
                        from: 0.0,
                        to: f64::INFINITY,
                        rate: rates[k],
                    });
                }
            }
        }
    }
    terms
}

/// Extra reads per second at `t` (the level just after, where it jumps).
fn naive_extra(terms: &[Term], hit: f64, t: f64) -> f64 {
    terms
        .iter()
        .filter(|x| x.from <= t && t < x.to)
        .map(|x| hit * x.rate * (-x.rate * (t - x.from)).exp())
        .sum()
}

fn naive_total(terms: &[Term], hit: f64) -> f64 {
    terms
        .iter()
        .map(|x| hit * -(-x.rate * (x.to - x.from)).exp_m1())
        .sum()
}

// ---------------------------------------------------------------- totals and peaks

#[test]
fn adding_a_server_costs_hit_times_the_moved_keys_under_the_ring_and_under_mod_n() {
    let before = cluster(4, 100, 20_000);
    let add = Change::AddServer {
        name: "cache-4".into(),
        at: None,
        weight: None,
    };
    let (_, outcome) = before.after(add.clone()).unwrap();
    let t = Timeline::new(&before, &add, LOAD).unwrap();
    let (ring, mod_n) = (&t.placement, &t.baseline);
    assert_eq!((ring.kind, mod_n.kind), (Kind::Ring, Kind::ModN));
    assert_eq!(ring.moved.0, outcome.moved.len());
    assert_eq!(mod_n.moved.0, outcome.baseline_moved());
    for curve in [ring, mod_n] {
        let want = 0.95 * curve.moved.0 as f64;
        assert!(
            close(curve.extra_reads, want, 1e-12),
            "{}",
            curve.extra_reads
        );
        assert_eq!(curve.cold_keys, curve.moved.0);
        assert_eq!(curve.summation, Summation::Exact { groups: 1 });
        // The spike is the lessons' figure: steady + reads × hit × moved share.
        let moved = curve.moved.0 as f64 / 20_000.0;
        assert!(close(curve.peak, LOAD.after(moved), 1e-12));
        assert_eq!(curve.peak_at, 0.0);
        assert!(close(curve.samples[0].db_reads, 2_500.0, 1e-12));
    }
    // mod N from 4 to 5 moves about 80 %: about 40,500 database reads a second at first.
    assert!((mod_n.peak - 40_500.0).abs() < 500.0, "{}", mod_n.peak);
    assert!(t.placement.hints.is_none() && t.outage.is_none());
}

#[test]
fn with_zipf_popularity_the_spike_is_what_the_moved_keys_carried_and_the_total_stays_hit_per_key() {
    let mut before = cluster(4, 100, 5_000);
    apply_all(&mut before, &["traffic:zipf:1.1", "hot:key-7*1000"]);
    let remove = Change::RemoveServer {
        name: "cache-2".into(),
    };
    let (_, outcome) = before.after(remove.clone()).unwrap();
    let carried = MovedReads::of(&before, &outcome).unwrap();
    let t = Timeline::new(&before, &remove, LOAD).unwrap();
    let ring = &t.placement;
    assert!(close(ring.peak, LOAD.after(carried.placement), 1e-9));
    assert!(close(ring.extra_reads, 0.95 * ring.moved.0 as f64, 1e-9));
    assert!(close(
        t.baseline.peak,
        LOAD.after(carried.baseline.unwrap()),
        1e-9
    ));
}

#[test]
fn the_extra_reads_are_the_integral_of_the_series_and_99_percent_are_in_by_the_settle_time() {
    let mut before = cluster(5, 50, 3_000);
    apply_all(
        &mut before,
        &["traffic:zipf:0.8", "gossip:20", "restart-after:40"],
    );
    for change in ["fail:cache-1", "add:extra", "remove:cache-3"] {
        let change: Change = change.parse().unwrap();
        let t = Timeline::new(&before, &change, LOAD).unwrap();
        for curve in [&t.placement, &t.baseline] {
            // Simpson's rule on a fine grid, with the jump at the restart between two pieces.
            let end = t.axis.end * 4.0;
            let mut pieces = vec![0.0];
            pieces.extend(t.restart_at);
            pieces.push(end);
            let mut integral = 0.0;
            for w in pieces.windows(2) {
                let (a, b) = (w[0], w[1]);
                let n = 20_000;
                let h = (b - a) / f64::from(n);
                let f = |i: u32| {
                    let x = a + h * f64::from(i);
                    let reads = if i == n {
                        curve.db_reads_before(x)
                    } else {
                        curve.db_reads_at(x)
                    };
                    reads - curve.steady
                };
                let mut sum = f(0) + f(n);
                for i in 1..n {
                    sum += f(i) * if i % 2 == 1 { 4.0 } else { 2.0 };
                }
                integral += sum * h / 3.0;
            }
            let tail = curve.extra_reads - curve.extra_reads_by(end);
            assert!(
                close(integral + tail, curve.extra_reads, 1e-4),
                "{change} {:?}: {integral} + {tail} against {}",
                curve.kind,
                curve.extra_reads
            );
            let settled = curve.extra_reads_by(curve.settle);
            assert!(close(settled, 0.99 * curve.extra_reads, 1e-9), "{change}");
            assert!(curve.settle <= t.axis.end);
        }
    }
}

// ---------------------------------------------------------------- failures and restarts

#[test]
fn a_failure_with_more_than_one_copy_shows_no_storm_on_the_ring() {
    let mut before = cluster(4, 100, 10_000);
    before.apply(Change::SetReplicas { count: 3 }).unwrap();
    let fail = Change::FailServer {
        name: "cache-1".into(),
    };
    let t = Timeline::new(&before, &fail, LOAD).unwrap();
    let ring = &t.placement;
    assert!(ring.moved.0 > 2_000);
    assert_eq!(ring.extra_reads, 0.0);
    assert_eq!(ring.cold_keys, 0);
    assert_eq!(ring.peak, ring.steady);
    assert!(ring.samples.iter().all(|s| s.db_reads == ring.steady));
    // Under mod N a key's copies are on its owner and the next two servers in list order, and
    // many keys move to the fourth: a storm all the same, smaller than with one copy.
    let single = cluster(4, 100, 10_000);
    let one_copy = Timeline::new(&single, &fail, LOAD).unwrap();
    assert!(t.baseline.extra_reads > 0.0);
    assert!(t.baseline.extra_reads < one_copy.baseline.extra_reads);
}

#[test]
fn a_failure_with_one_copy_storms_like_a_removal() {
    let before = cluster(4, 100, 10_000);
    let fail = Timeline::new(&before, &"fail:cache-2".parse().unwrap(), LOAD).unwrap();
    let remove = Timeline::new(&before, &"remove:cache-2".parse().unwrap(), LOAD).unwrap();
    assert_eq!(fail.placement.samples, remove.placement.samples);
    assert_eq!(fail.baseline.samples, remove.baseline.samples);
    // The lesson's dead cache: a quarter of the keys, about 14,000 database reads a second.
    let share = fail.placement.moved.0 as f64 / 10_000.0;
    assert!(close(fail.placement.peak, LOAD.after(share), 1e-12));
    assert!((0.15..0.35).contains(&share), "{share}");
    assert_eq!(fail.failed.as_deref(), Some("cache-2"));
    assert!(fail.outage.is_some() && remove.outage.is_none());
}

#[test]
fn restart_misses_exactly_the_keys_of_the_returning_arcs() {
    // 0 ....10.........40..................75.......99
    //       A          B                   C
    // C fails: 52 and 68 (41..=75) go on to A. C restarts after 60 s and takes them back.
    let mut before = Scenario::teaching();
    apply_all(&mut before, &["restart-after:60"]);
    let t = Timeline::new(&before, &"fail:C".parse().unwrap(), LOAD).unwrap();
    let ring = &t.placement;
    assert_eq!(ring.moved, (2, 2));
    assert_eq!(t.restart_at, Some(60.0));
    // Five keys share 50,000 reads/s: 10,000 each. The first storm is cut at 60 s, when the
    // keys go back to C; there they miss once more.
    let r: f64 = 10_000.0;
    let want = 2.0 * 0.95 * (-(-r * 60.0).exp_m1()) + 2.0 * 0.95;
    assert!(close(ring.extra_reads, want, 1e-12));
    assert!(close(
        ring.db_reads_at(0.0),
        2_500.0 + 2.0 * 0.95 * r,
        1e-12
    ));
    assert!(close(
        ring.db_reads_at(60.0),
        2_500.0 + 2.0 * 0.95 * r,
        1e-12
    ));
    assert!(close(ring.db_reads_before(60.0), 2_500.0, 1e-9));

    // The same restart as a change of its own: the keys that move are those in C's arcs.
    let mut down = Scenario::teaching();
    down.apply("fail:C".parse().unwrap()).unwrap();
    let restart: Change = "restart:C".parse().unwrap();
    let (back, outcome) = down.after(restart.clone()).unwrap();
    let arcs = outcome.diff.as_ref().unwrap();
    assert!(arcs.arcs.iter().all(|a| &*a.to == "C"));
    let in_arcs = arcs.count_moved(back.keys());
    let alone = Timeline::new(&down, &restart, LOAD).unwrap();
    assert_eq!(alone.placement.moved.0, in_arcs);
    assert_eq!(alone.placement.cold_keys, 2);
    assert!(close(alone.placement.extra_reads, 2.0 * 0.95, 1e-12));
}

#[test]
fn a_restart_with_copies_storms_on_the_empty_server_only() {
    let mut before = cluster(4, 100, 8_000);
    apply_all(&mut before, &["replicas:2", "restart-after:120"]);
    let owned = ring_owners(&before)
        .iter()
        .filter(|o| *o == "cache-0")
        .count();
    let t = Timeline::new(&before, &"fail:cache-0".parse().unwrap(), LOAD).unwrap();
    let ring = &t.placement;
    assert_eq!(ring.moved, (owned, owned));
    assert_eq!(ring.db_reads_at(1.0), ring.steady);
    assert!(close(ring.extra_reads, 0.95 * owned as f64, 1e-12));
    assert_eq!(ring.peak_at, 120.0);
}

// ---------------------------------------------------------------- clients that disagree

#[test]
fn the_gossip_window_misroutes_what_old_view_clients_send_the_gone_server() {
    // The teaching ring's five keys at 10,000 reads/s each; C owns 52 and 68. Over a 30 s
    // window the clients still on the old view send C's keys 20,000 × 30/2 = 300,000 requests.
    let mut before = Scenario::teaching();
    before.apply(Change::SetGossip { seconds: 30 }).unwrap();
    for change in ["remove:C", "fail:C"] {
        let t = Timeline::new(&before, &change.parse().unwrap(), LOAD).unwrap();
        assert!(close(t.placement.misrouted, 300_000.0, 1e-12), "{change}");
        // Every moved key's old-view requests are stale, whoever owns them now.
        assert!(close(t.placement.stale, 300_000.0, 1e-12));
        assert_eq!(t.gossip.len(), 1);
        assert_eq!((t.gossip[0].from, t.gossip[0].to), (0.0, 30.0));
    }
    // Adding a server names every old owner still: nothing misrouted, but stale all the same.
    let add = Timeline::new(&before, &"add:D@60".parse().unwrap(), LOAD).unwrap();
    assert_eq!(add.placement.misrouted, 0.0);
    assert!(close(add.placement.stale, 10_000.0 * 15.0, 1e-12));
    // C back after 10 s, before the window closes: misrouted only while it is down,
    // 20,000 × ∫₀¹⁰ (1 − t/30) dt = 20,000 × 25/3.
    before
        .apply(Change::SetRestartDelay { seconds: Some(10) })
        .unwrap();
    let t = Timeline::new(&before, &"fail:C".parse().unwrap(), LOAD).unwrap();
    assert!(close(t.placement.misrouted, 20_000.0 * 25.0 / 3.0, 1e-12));
    assert_eq!(t.gossip.len(), 2);
}

#[test]
fn a_gossip_window_spreads_an_additions_storm_lower_with_the_same_total() {
    let before = cluster(4, 100, 20_000);
    let mut slow = before.clone();
    slow.apply(Change::SetGossip { seconds: 120 }).unwrap();
    let add: Change = "add:cache-9".parse().unwrap();
    let at_once = Timeline::new(&before, &add, LOAD).unwrap();
    let spread = Timeline::new(&slow, &add, LOAD).unwrap();
    let (a, b) = (&at_once.placement, &spread.placement);
    assert!(close(a.extra_reads, b.extra_reads, 1e-9));
    assert!(b.peak < a.peak && b.peak_at > 0.0);
    assert!(b.settle > a.settle);
    // The refined peak is no lower than any sample.
    assert!(b.samples.iter().all(|s| s.db_reads <= b.peak + 1e-9));
}

#[test]
fn a_gossip_window_makes_a_failures_storm_longer_by_what_clients_send_the_dead_server() {
    // 20,000 keys at 2.5 reads/s each; a key of the dead server costs hit × (1 + r × g/2).
    let mut before = cluster(4, 100, 20_000);
    before.apply(Change::SetGossip { seconds: 60 }).unwrap();
    let t = Timeline::new(&before, &"fail:cache-3".parse().unwrap(), LOAD).unwrap();
    let ring = &t.placement;
    let gone = ring.moved.0 as f64;
    assert!(close(
        ring.extra_reads,
        0.95 * gone * (1.0 + 2.5 * 30.0),
        1e-12
    ));
    assert!(close(ring.misrouted, gone * 2.5 * 30.0, 1e-12));
    // At first every read of those keys goes to the database, as with no window.
    assert!(close(ring.peak, LOAD.after(gone / 20_000.0), 1e-9));
}

// ---------------------------------------------------------------- hinted handoff

#[test]
fn hints_are_the_writes_to_the_failed_servers_keys_while_it_is_down() {
    let mut before = cluster(4, 100, 10_000);
    apply_all(&mut before, &["writes:500", "restart-after:60"]);
    let owners = ring_owners(&before);
    let owned = owners.iter().filter(|o| *o == "cache-1").count() as f64;
    let t = Timeline::new(&before, &"fail:cache-1".parse().unwrap(), LOAD).unwrap();
    let hints = t.placement.hints.unwrap();
    assert!(close(hints.per_second, 500.0 * owned / 10_000.0, 1e-12));
    assert!(close(
        hints.delivered.unwrap(),
        hints.per_second * 60.0,
        1e-12
    ));
    // With three copies a write goes to each holder: every key whose list names cache-1.
    before.apply(Change::SetReplicas { count: 3 }).unwrap();
    let listed = naive_lists(&before, 3)
        .iter()
        .filter(|l| l.iter().any(|s| s == "cache-1"))
        .count() as f64;
    let t = Timeline::new(&before, &"fail:cache-1".parse().unwrap(), LOAD).unwrap();
    let hints = t.placement.hints.unwrap();
    assert!(close(hints.per_second, 500.0 * listed / 10_000.0, 1e-12));
    // Without a restart they are still held.
    before
        .apply(Change::SetRestartDelay { seconds: None })
        .unwrap();
    let t = Timeline::new(&before, &"fail:cache-1".parse().unwrap(), LOAD).unwrap();
    assert_eq!(t.placement.hints.unwrap().delivered, None);
}

// ---------------------------------------------------------------- the axis and refusals

#[test]
fn the_axis_fits_the_storm_and_picks_its_unit() {
    // Five keys at 10,000 reads/s each settle within a millisecond.
    let teaching =
        Timeline::new(&Scenario::teaching(), &"add:D@60".parse().unwrap(), LOAD).unwrap();
    assert_eq!(teaching.axis.unit, ringlab::core::TimeUnit::Milliseconds);
    // 20,000 keys at 2.5 reads/s each: ln(100)/2.5 = 1.84 s.
    let many = Timeline::new(&cluster(4, 100, 20_000), &"add:x".parse().unwrap(), LOAD).unwrap();
    assert!(close(many.placement.settle, 100f64.ln() / 2.5, 1e-9));
    assert_eq!(many.axis.unit, ringlab::core::TimeUnit::Seconds);
    assert!(many.axis.start < 0.0 && many.axis.end >= many.placement.settle);
    let n = many.placement.samples.len();
    assert!((200..=500).contains(&n), "{n}");
    assert_eq!(many.baseline.samples.len(), n);
}

#[test]
fn a_change_that_moves_no_key_between_servers_has_no_timeline() {
    let s = Scenario::teaching();
    for text in ["gen:10", "gossip:30", "traffic:zipf:1"] {
        assert!(matches!(
            Timeline::new(&s, &text.parse().unwrap(), LOAD),
            Err(Error::NoTimeline(_))
        ));
    }
    assert_eq!(
        Timeline::new(&s, &"fail:Z".parse().unwrap(), LOAD).unwrap_err(),
        Error::NoSuchServer("Z".into())
    );
}

#[test]
fn without_reads_there_is_no_timeline_to_draw() {
    let s = cluster(3, 10, 100);
    let quiet = CacheLoad::new(0.0, 0.95).unwrap();
    assert!(matches!(
        Timeline::new(&s, &"fail:cache-0".parse().unwrap(), quiet),
        Err(Error::OutOfRange(_))
    ));
}

#[test]
fn a_scenario_with_down_servers_and_settings_round_trips_through_its_link() {
    let mut s = cluster(6, 20, 100);
    apply_all(
        &mut s,
        &[
            "fail:cache-2",
            "fail:cache-0",
            "remove:cache-4",
            "replicas:3",
            "restart-after:90",
            "gossip:45",
            "writes:1200",
            "placement:table",
        ],
    );
    let query = write_link(&s, None, &[]);
    assert!(query.contains("down=cache-2,cache-0"), "{query}");
    assert!(
        query.contains("r=3") && query.contains("restart=90"),
        "{query}"
    );
    let link = read_link(&query, 1000);
    assert!(link.ignored.is_empty(), "{:?}", link.ignored);
    assert_eq!(link.scenario, s);
    assert_eq!(link.extra, vec![("r".to_string(), "3".to_string())]);
    // A page's own `r` is written instead of the scenario's.
    let query = write_link(&s, None, &[("r".into(), "2".into())]);
    assert_eq!(query.matches("r=").count(), 1, "{query}");
    assert_eq!(read_link(&query, 1000).scenario.timing().replicas, 2);
    // The last change replays from the link.
    let link = read_link(
        &write_link(&s, Some(&"restart:cache-0".parse().unwrap()), &[]),
        1000,
    );
    assert!(link.last.is_some(), "{:?}", link.ignored);
    assert_eq!(link.scenario.down().len(), 1);
}

#[test]
fn settings_a_link_cannot_use_are_left_at_their_defaults_and_said() {
    let link = read_link(
        "servers=A@10,B@40&r=9&gossip=601&restart=0&writes=x&down=Z,A,B",
        100,
    );
    assert_eq!(link.scenario.timing(), ringlab::core::Timing::default());
    assert_eq!(link.ignored.len(), 6, "{:?}", link.ignored);
    assert_eq!(link.scenario.down().len(), 1);
}

// ---------------------------------------------------------------- binning against the plain sum

#[test]
fn binned_rates_stay_within_their_stated_bound_of_the_plain_sum() {
    let mut before = cluster(5, 40, 30_000);
    apply_all(&mut before, &["traffic:zipf:1.2", "hot:key-3*50"]);
    let add: Change = "add:newcomer".parse().unwrap();
    let t = Timeline::new(&before, &add, LOAD).unwrap();
    let ring = &t.placement;
    assert!(matches!(
        ring.summation,
        Summation::Binned { per_octave: 64, .. }
    ));
    let terms = ring_terms(&before, &add, LOAD.reads);
    let spike = naive_extra(&terms, 0.95, 0.0);
    assert!(close(ring.peak - ring.steady, spike, 1e-9));
    for s in ring.samples.iter().filter(|s| s.t > 0.0) {
        let want = ring.steady + naive_extra(&terms, 0.95, s.t);
        assert!(
            (s.db_reads - want).abs() <= 1e-4 * spike,
            "at {}: {} against {want}",
            s.t,
            s.db_reads
        );
    }
    assert!(close(ring.extra_reads, naive_total(&terms, 0.95), 1e-9));
    // And mod N, against the plain owners.
    let o0 = mod_n_owners(&before);
    let (after, _) = before.after(add).unwrap();
    let o1 = mod_n_owners(&after);
    let moved = o0.iter().zip(&o1).filter(|(a, b)| a != b).count();
    assert_eq!(t.baseline.moved.0, moved);
}

// ---------------------------------------------------------------- properties

#[derive(Debug, Clone)]
struct Case {
    weights: Vec<u32>,
    vnodes: u32,
    size: u64,
    keys: usize,
    popularity: Option<u32>,
    hot: Option<(u32, u32)>,
    replicas: u32,
    restart: Option<u32>,
    change: (u8, usize),
    reads: u32,
    hit: u32,
}

fn case() -> impl Strategy<Value = Case> {
    (
        vec(1u32..=3, 2..=6),
        1u32..=40,
        prop_oneof![Just(1u64 << 32), 50u64..5_000],
        0usize..300,
        proptest::option::of(0u32..=300),
        proptest::option::of((0u32..300, 2u32..=2_000)),
        1u32..=3,
        proptest::option::of(1u32..=200),
        (0u8..3, 0usize..6),
        (1u32..=100_000, 0u32..=100),
    )
        .prop_map(
            |(
                weights,
                vnodes,
                size,
                keys,
                popularity,
                hot,
                replicas,
                restart,
                change,
                (reads, hit),
            )| Case {
                weights,
                vnodes,
                size,
                keys,
                popularity,
                hot,
                replicas,
                restart,
                change,
                reads,
                hit,
            },
        )
}

fn build(case: &Case) -> Option<(Scenario, Change, CacheLoad)> {
    let servers: Vec<Server> = case
        .weights
        .iter()
        .enumerate()
        .map(|(i, &w)| {
            let mut s = Server::hashed(&format!("s{i}"));
            s.placement = ringlab::core::Placement::Hashed { weight: w };
            s
        })
        .collect();
    let size = RingSize::new(case.size).ok()?;
    let mut s = Scenario::new(size, HashScheme::default(), case.vnodes, servers).ok()?;
    s.apply(Change::GenerateKeys { count: case.keys }).ok()?;
    if let Some(z) = case.popularity {
        s.apply(
            format!("traffic:zipf:{}", f64::from(z) / 100.0)
                .parse()
                .ok()?,
        )
        .ok()?;
    }
    if let Some((k, m)) = case.hot {
        if (k as usize) < case.keys {
            s.apply(format!("hot:key-{k}*{m}").parse().ok()?).ok()?;
        }
    }
    s.apply(Change::SetReplicas {
        count: case.replicas,
    })
    .ok()?;
    s.apply(Change::SetRestartDelay {
        seconds: case.restart,
    })
    .ok()?;
    let victim = format!("s{}", case.change.1 % case.weights.len());
    let change = match case.change.0 {
        0 => Change::AddServer {
            name: "fresh".into(),
            at: None,
            weight: Some(1),
        },
        1 => Change::RemoveServer { name: victim },
        _ => Change::FailServer { name: victim },
    };
    let load = CacheLoad::new(f64::from(case.reads), f64::from(case.hit) / 100.0).ok()?;
    Some((s, change, load))
}

proptest! {
    #![proptest_config(common::cases::cases(120))]

    #[test]
    fn the_ring_timeline_matches_a_key_by_key_sum_of_the_model(case in case()) {
        let Some((before, change, load)) = build(&case) else { return Ok(()) };
        let t = Timeline::new(&before, &change, load).unwrap();
        let ring = &t.placement;
        let terms = ring_terms(&before, &change, load.reads);
        let hit = load.hit_rate;
        let spike: f64 = terms.iter().map(|x| hit * x.rate).sum();
        let tolerance = match ring.summation {
            Summation::Exact { .. } => 1e-9 * spike.max(1.0),
            Summation::Binned { .. } => 1e-4 * spike.max(1.0),
        };
        prop_assert!(close(ring.extra_reads, naive_total(&terms, hit), 1e-9),
            "{} against {}", ring.extra_reads, naive_total(&terms, hit));
        for s in ring.samples.iter().filter(|s| s.t >= 0.0).step_by(7) {
            let want = ring.steady + naive_extra(&terms, hit, s.t);
            // Where the reads jump, the series holds the level before and after; the oracle
            // gives the level after.
            let jump = s.t == 0.0 || t.restart_at == Some(s.t);
            let got = if jump { ring.db_reads_at(s.t) } else { s.db_reads };
            prop_assert!((got - want).abs() <= tolerance, "at {}: {got} against {want}", s.t);
        }
        if let Some(d) = t.restart_at {
            let want = ring.steady + naive_extra(&terms, hit, d);
            prop_assert!((ring.db_reads_at(d) - want).abs() <= tolerance);
        }
        prop_assert!(ring.peak >= ring.steady);
        prop_assert!(ring.samples.iter().all(|s| s.db_reads <= ring.peak + tolerance));
    }

    #[test]
    fn a_refused_failure_or_restart_leaves_the_scenario_as_it_was(case in case(), name in "[a-z0-9]{1,3}") {
        let Some((mut s, _, _)) = build(&case) else { return Ok(()) };
        let before = s.clone();
        for change in [Change::FailServer { name: name.clone() }, Change::RestartServer { name }] {
            if s.apply(change).is_err() {
                prop_assert_eq!(&s, &before);
            } else {
                s = before.clone();
            }
        }
    }
}
