//! Sweeps over virtual nodes and server counts, against hand-computed values, rings built
//! directly, and the engine's own changes applied one at a time.

mod common;

use proptest::collection::vec;
use proptest::prelude::*;
use ringlab::core::sweep::{Progress, MAX_SWEEP_LOOKUPS};
use ringlab::core::{
    Change, Error, HashScheme, Kind, Placement, Ring, RingSize, Scenario, Server, SizeSweep,
    VnodePoint, VnodeSweep,
};

use common::NaiveRing;

fn hashed(names: &[&str], weights: &[u32]) -> Vec<Server> {
    names
        .iter()
        .zip(weights.iter().chain(std::iter::repeat(&1)))
        .map(|(n, &w)| Server {
            name: n.to_string(),
            placement: Placement::Hashed { weight: w },
        })
        .collect()
}

/// The spread and peak of arcs against weights, worked out here from the definition.
fn spread_of(arcs: &[u64], weights: &[u32], size: u64) -> (f64, f64) {
    let total: u32 = weights.iter().sum();
    let ratios: Vec<f64> = arcs
        .iter()
        .zip(weights)
        .map(|(&a, &w)| (a as f64 / size as f64) / (f64::from(w) / f64::from(total)))
        .collect();
    let n = ratios.len() as f64;
    let spread = (ratios.iter().map(|r| (r - 1.0).powi(2)).sum::<f64>() / n).sqrt();
    (spread, ratios.iter().copied().fold(0.0, f64::max))
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() <= 1e-12 * b.abs().max(1.0)
}

// ---------------------------------------------------------------- spread against vnodes

#[test]
fn the_teaching_rings_hand_placed_servers_keep_one_spread_at_every_v() {
    // 0 ....10.........40..................75.......99
    //       A          B                   C
    // Shares 35, 30 and 35 against a third each: ratios 1.05, 0.9, 1.05, spread √0.005.
    let points = VnodeSweep::run(&Scenario::teaching(), 1000).unwrap();
    assert_eq!(points.len(), 1000);
    for p in [&points[0], &points[999]] {
        assert!(close(p.spread, 0.005f64.sqrt()), "{p:?}");
        assert!(close(p.peak_to_mean, 1.05));
        assert_eq!(p.predicted, 1.0);
    }
    assert_eq!(points[999].vnodes, 1000);
}

#[test]
fn hashed_servers_on_the_teaching_ring_at_v_1_match_the_hand_worked_md5_positions() {
    // md5("A#0"), md5("B#0"), md5("C#0") first 32 bits mod 100: 34, 38, 31.
    // C owns 39..=99 and 0..=31 (93), A 32..=34 (3), B 35..=38 (4).
    let s = Scenario::new(
        RingSize::TEACHING,
        HashScheme::default(),
        1,
        hashed(&["A", "B", "C"], &[]),
    )
    .unwrap();
    let p = VnodeSweep::run(&s, 1).unwrap()[0];
    let (spread, peak) = spread_of(&[3, 4, 93], &[1, 1, 1], 100);
    assert!(close(p.spread, spread) && close(p.peak_to_mean, peak));
    assert!((p.spread - 1.265_780_391_695_178_6).abs() < 1e-12);
    assert!(close(p.peak_to_mean, 2.79));
}

#[test]
fn ten_servers_on_the_full_ring_at_v_1_and_v_1000_match_rings_built_directly() {
    let names: Vec<String> = (0..10).map(|i| format!("cache-{i}")).collect();
    let names: Vec<&str> = names.iter().map(String::as_str).collect();
    let servers = hashed(&names, &[1, 1, 2, 1, 3]);
    let weights: Vec<u32> = servers.iter().map(Server::weight).collect();
    let s = Scenario::new(RingSize::FULL, HashScheme::Md5First32, 7, servers.clone()).unwrap();
    let points = VnodeSweep::run(&s, 1000).unwrap();
    for v in [1u32, 2, 100, 1000] {
        let ring = Ring::build(RingSize::FULL, HashScheme::Md5First32, v, &servers);
        let (spread, peak) = spread_of(&ring.owned_arcs(), &weights, 1 << 32);
        let p = points[v as usize - 1];
        assert_eq!(p.vnodes, v);
        assert!(
            close(p.spread, spread),
            "v = {v}: {} against {spread}",
            p.spread
        );
        assert!(close(p.peak_to_mean, peak));
        let mean_points = 13.0 * f64::from(v) / 10.0; // weights 1, 1, 2, 1, 3 and five 1s
        assert!(close(p.predicted, 1.0 / mean_points.sqrt()));
    }
    // The prediction is the right size: at v = 1000 the spread is within a factor of two.
    let last = points[999];
    assert!(last.spread < 2.0 * last.predicted && last.spread > last.predicted / 2.0);
}

#[test]
fn a_sweep_point_is_the_ownership_panels_balance_at_that_v() {
    let mut s = Scenario::new(
        RingSize::FULL,
        HashScheme::Md5Low32,
        1,
        hashed(&["tokyo", "osaka", "kyoto", "nagoya"], &[2]),
    )
    .unwrap();
    let points = VnodeSweep::run(&s, 200).unwrap();
    for v in [1, 37, 200] {
        s.apply(Change::SetVnodes { vnodes: v }).unwrap();
        let balance = s.ownership().balance;
        let p = points[v as usize - 1];
        assert!(close(p.spread, balance.spread));
        assert!(close(p.peak_to_mean, balance.peak_to_mean));
        assert_eq!(Some(p.predicted), balance.predicted_spread);
    }
}

#[test]
fn stepping_a_sweep_gives_the_points_of_running_it_with_progress_counting_up() {
    let s = Scenario::new(
        RingSize::FULL,
        HashScheme::default(),
        1,
        hashed(&["a", "b", "c"], &[]),
    )
    .unwrap();
    let mut sweep = VnodeSweep::new(&s, 50).unwrap();
    let mut seen: Vec<VnodePoint> = Vec::new();
    let mut last = Progress { done: 0, total: 50 };
    assert_eq!(sweep.progress(), last);
    while let Some(p) = sweep.step() {
        seen.push(p);
        let now = sweep.progress();
        assert_eq!(now.done, last.done + 1);
        last = now;
    }
    assert!(sweep.is_done() && sweep.progress().fraction() == 1.0);
    assert_eq!(seen, VnodeSweep::run(&s, 50).unwrap());
    assert_eq!(sweep.points(), seen.as_slice());
}

#[test]
fn a_vnode_sweep_too_large_is_refused_before_any_work() {
    let s = Scenario::teaching();
    assert!(matches!(
        VnodeSweep::new(&s, 0),
        Err(Error::VnodesOutOfRange { .. })
    ));
    assert!(matches!(
        VnodeSweep::new(&s, 1001),
        Err(Error::VnodesOutOfRange { .. })
    ));
    let names: Vec<String> = (0..300).map(|i| format!("s{i}")).collect();
    let names: Vec<&str> = names.iter().map(String::as_str).collect();
    let many = Scenario::new(
        RingSize::FULL,
        HashScheme::default(),
        1,
        hashed(&names, &[]),
    )
    .unwrap();
    assert_eq!(
        VnodeSweep::new(&many, 1000).unwrap_err(),
        Error::TooManyPoints { max: 250_000 }
    );
    assert_eq!(VnodeSweep::run(&many, 800).unwrap().len(), 800);
}

// ---------------------------------------------------------------- moved against size

#[test]
fn the_teaching_ring_grows_by_hand_worked_moves() {
    // Keys 90, 52, 68, 25, 5. A alone; B at 40 takes (10, 40]: key 25. C at 75 takes
    // (40, 75]: 52 and 68. D (hashed to 14) takes (10, 14]: nothing; E (45) (40, 45]: nothing.
    // mod N: 1 → 2 moves the odd hashes 25 and 5; 2 → 3 moves 52, 68 and 5; 3 → 4 all but 25;
    // 4 → 5 every key.
    let points = SizeSweep::run(&Scenario::teaching(), 4, &[]).unwrap();
    let ring: Vec<f64> = points.iter().map(|p| p.ring).collect();
    let mod_n: Vec<f64> = points.iter().map(|p| p.mod_n).collect();
    assert_eq!(ring, vec![0.2, 0.4, 0.0, 0.0]);
    assert_eq!(mod_n, vec![0.4, 0.6, 0.8, 1.0]);
    let names: Vec<&str> = points.iter().map(|p| &*p.joined).collect();
    assert_eq!(names, vec!["B", "C", "D", "E"]);
    assert_eq!(points[2].ideal, 0.25);
    assert_eq!(points[2].mod_n_expected, 0.75);
}

/// The shares each placement moves as the sweep's servers join one at a time, by applying
/// `AddServer` changes to a scenario that starts with the first server alone.
fn by_changes(s: &Scenario, servers: &[Server], kind: Kind, last: usize) -> Vec<(f64, f64)> {
    try_by_changes(s, servers, kind, last).expect("every server can join")
}

/// As [`by_changes`], or `None` when a change refuses a server (a hand-placed one on a
/// position a point already holds).
fn try_by_changes(
    s: &Scenario,
    servers: &[Server],
    kind: Kind,
    last: usize,
) -> Option<Vec<(f64, f64)>> {
    let mut grown = Scenario::new(s.size(), s.hash(), s.vnodes(), servers[..1].to_vec()).unwrap();
    let labels: Vec<String> = s.keys().iter().map(|k| k.label()).collect();
    grown.apply(Change::AddKeys { keys: labels }).unwrap();
    grown
        .apply(Change::SetPlacement { placement: kind })
        .unwrap();
    let count = s.keys().len() as f64;
    (1..=last)
        .map(|n| {
            let server = &servers[n];
            let (at, weight) = match server.placement {
                Placement::At(p) => (Some(u64::from(p)), None),
                Placement::Hashed { weight } => (None, Some(weight)),
            };
            let out = grown
                .apply(Change::AddServer {
                    name: server.name.clone(),
                    at,
                    weight,
                })
                .ok()?;
            Some((
                out.moved.len() as f64 / count,
                out.baseline_moved() as f64 / count,
            ))
        })
        .collect()
}

#[test]
fn at_every_size_the_moves_are_those_of_adding_the_server_under_each_placement() {
    let mut s = Scenario::new(
        RingSize::FULL,
        HashScheme::default(),
        40,
        hashed(&["a", "b", "c", "d"], &[]),
    )
    .unwrap();
    s.apply(Change::GenerateKeys { count: 3000 }).unwrap();
    let also = [Kind::Rendezvous, Kind::Jump, Kind::Table, Kind::Maglev];
    let mut sweep = SizeSweep::new(&s, 12, &also).unwrap();
    let servers = sweep.servers().to_vec();
    assert_eq!(servers.len(), 13);
    assert_eq!(servers[4].name, "A"); // after a, b, c, d: the first free letter
    while !sweep.is_done() {
        sweep.step();
    }
    let points = sweep.points();
    let ring = by_changes(&s, &servers, Kind::Ring, 12);
    for (p, (moved, mod_n)) in points.iter().zip(&ring) {
        assert_eq!(p.ring, *moved, "N = {}", p.servers);
        assert_eq!(p.mod_n, *mod_n, "N = {}", p.servers);
    }
    for (k, &kind) in also.iter().enumerate() {
        let by = by_changes(&s, &servers, kind, 12);
        for (p, (moved, _)) in points.iter().zip(&by) {
            assert_eq!(p.others[k], (kind, *moved), "N = {}", p.servers);
        }
    }
}

#[test]
fn ten_thousand_keys_move_about_as_theory_says() {
    let mut s = Scenario::new(
        RingSize::FULL,
        HashScheme::default(),
        200,
        hashed(&["a"], &[]),
    )
    .unwrap();
    s.apply(Change::GenerateKeys { count: 10_000 }).unwrap();
    let points = SizeSweep::run(&s, 50, &[]).unwrap();
    assert_eq!(points.len(), 50);
    for p in &points {
        assert!((p.mod_n - p.mod_n_expected).abs() < 0.05, "{p:?}");
        assert!((p.ring - p.ideal).abs() < 0.5 * p.ideal + 0.01, "{p:?}");
        assert_eq!(p.ideal, 1.0 / (p.servers as f64 + 1.0));
    }
}

#[test]
fn the_size_sweep_steps_in_pieces_and_refuses_what_is_too_large() {
    let mut s = Scenario::teaching();
    s.apply(Change::GenerateKeys { count: 100 }).unwrap();
    let mut sweep = SizeSweep::new(&s, 3, &[Kind::Jump, Kind::Ring]).unwrap();
    let mut finished = 0;
    let mut pieces = 0;
    while !sweep.is_done() {
        finished += usize::from(sweep.step().is_some());
        pieces += 1;
    }
    assert_eq!((finished, pieces), (3, 6));
    assert_eq!(sweep.progress(), Progress { done: 6, total: 6 });
    assert_eq!(sweep.points()[0].others.len(), 1);

    assert_eq!(
        SizeSweep::new(&Scenario::teaching().without_cache(), 50, &[]).map(|_| ()),
        Ok(())
    );
    let mut empty = Scenario::teaching();
    empty.apply(Change::ClearKeys).unwrap();
    assert_eq!(
        SizeSweep::new(&empty, 50, &[]).unwrap_err(),
        Error::NoKeysToSweep
    );
    assert!(matches!(
        SizeSweep::new(&s, 0, &[]),
        Err(Error::OutOfRange(_))
    ));
    assert!(matches!(
        SizeSweep::new(&s, 101, &[]),
        Err(Error::OutOfRange(_))
    ));
    let mut big = Scenario::teaching();
    big.apply(Change::ClearKeys).unwrap();
    big.apply(Change::GenerateKeys { count: 100_000 }).unwrap();
    let err = SizeSweep::new(&big, 50, &[Kind::Rendezvous, Kind::Jump, Kind::Maglev]).unwrap_err();
    assert_eq!(
        err,
        Error::SweepTooLarge {
            asked: 15_000_000,
            max: MAX_SWEEP_LOOKUPS
        }
    );
    assert!(err.to_string().contains("15,000,000"), "{err}");
}

#[test]
fn a_down_servers_name_is_not_given_to_a_newcomer() {
    let mut s = Scenario::teaching();
    s.apply("fail:B".parse().unwrap()).unwrap();
    let sweep = SizeSweep::new(&s, 3, &[]).unwrap();
    let names: Vec<&str> = sweep.servers().iter().map(|s| s.name.as_str()).collect();
    assert_eq!(names, vec!["A", "C", "D", "E"]);
}

// ---------------------------------------------------------------- properties

#[derive(Debug, Clone)]
struct Case {
    weights: Vec<u32>,
    placed: Vec<Option<u32>>,
    size: u64,
    vnodes: u32,
    keys: usize,
}

fn case() -> impl Strategy<Value = Case> {
    (
        vec(
            (1u32..=3, proptest::option::weighted(0.2, 0u32..5_000)),
            1..=5,
        ),
        prop_oneof![Just(1u64 << 32), 2u64..5_000],
        1u32..=12,
        1usize..200,
    )
        .prop_map(|(servers, size, vnodes, keys)| Case {
            weights: servers.iter().map(|s| s.0).collect(),
            placed: servers.iter().map(|s| s.1).collect(),
            size,
            vnodes,
            keys,
        })
}

fn build(case: &Case) -> Option<Scenario> {
    let size = RingSize::new(case.size).ok()?;
    let servers: Vec<Server> = case
        .weights
        .iter()
        .zip(&case.placed)
        .enumerate()
        .map(|(i, (&w, placed))| Server {
            name: format!("s{i}"),
            placement: match placed {
                Some(p) => Placement::At(*p),
                None => Placement::Hashed { weight: w },
            },
        })
        .collect();
    let mut s = Scenario::new(size, HashScheme::default(), case.vnodes, servers).ok()?;
    s.apply(Change::GenerateKeys { count: case.keys }).ok()?;
    Some(s)
}

proptest! {
    #![proptest_config(common::cases::cases(64))]

    #[test]
    fn every_vnode_point_matches_a_naive_ring_built_from_scratch(case in case(), last in 1u32..=20) {
        let Some(s) = build(&case) else { return Ok(()) };
        let points = VnodeSweep::run(&s, last).unwrap();
        let weights: Vec<u32> = s.servers().iter().map(Server::weight).collect();
        for (i, p) in points.iter().enumerate() {
            let v = i as u32 + 1;
            let naive = NaiveRing::new(case.size, s.hash(), v, s.servers());
            let (spread, peak) = spread_of(&naive.gap_arcs(), &weights, case.size);
            prop_assert!((p.spread - spread).abs() < 1e-9, "v = {v}: {} against {spread}", p.spread);
            prop_assert!((p.peak_to_mean - peak).abs() < 1e-9);
        }
    }

    #[test]
    fn every_size_point_matches_adding_the_server_by_a_change(case in case(), last in 1usize..=8) {
        let Some(s) = build(&case) else { return Ok(()) };
        let Ok(sweep) = SizeSweep::new(&s, last, &[]) else { return Ok(()) };
        let servers = sweep.servers().to_vec();
        // A hand-placed newcomer-to-be may share a position with one already there; the
        // change would refuse it, so such cases say nothing.
        let positions: Vec<u32> = servers.iter().filter_map(|s| match s.placement {
            Placement::At(p) => Some(p), _ => None }).collect();
        let mut unique = positions.clone();
        unique.sort_unstable();
        unique.dedup();
        if unique.len() != positions.len() { return Ok(()) }
        let points = SizeSweep::run(&s, last, &[]).unwrap();
        // Nor does one placed by hand on a position a hashed server's point holds.
        let Some(by_changes) = try_by_changes(&s, &servers, Kind::Ring, last) else { return Ok(()) };
        for (p, (moved, mod_n)) in points.iter().zip(by_changes) {
            prop_assert_eq!(p.ring, moved, "N = {}", p.servers);
            prop_assert_eq!(p.mod_n, mod_n, "N = {}", p.servers);
        }
    }
}
