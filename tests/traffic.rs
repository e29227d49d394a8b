//! Property tests for traffic: each server's requests, with and without every remedy, against
//! a naive oracle written from the definitions in `core::traffic`, and the conservation the
//! engine promises (what the servers carry and what the near cache absorbs add up to the reads).

use proptest::collection::vec;
use proptest::prelude::*;
use proptest::sample::select;
use ringlab::core::{Change, Kind, Placed, Scenario};

#[path = "common/cases.rs"]
mod cases;

/// A traffic scenario: servers, keys, popularity, hot keys and remedies.
#[derive(Debug, Clone)]
struct Spec {
    placement: Kind,
    servers: usize,
    weights: Vec<u32>,
    keys: usize,
    zipf: Option<u32>,
    hot: Vec<(usize, u32)>,
    bounded: Option<u32>,
    copies: Option<u32>,
    near: Option<u32>,
    top: u32,
}

fn spec() -> impl Strategy<Value = Spec> {
    (
        select(Kind::ALL.to_vec()),
        vec(1u32..=3, 1..=6),
        1usize..=150,
        proptest::option::of(0u32..=300),
        vec((0usize..150, 1u32..=5000), 0..4),
        (
            proptest::option::of(100u32..=300),
            proptest::option::of(2u32..=5),
            proptest::option::of(1u32..=100),
            1u32..=20,
        ),
    )
        .prop_map(
            |(placement, weights, keys, zipf, hot, (bounded, copies, near, top))| Spec {
                placement,
                servers: weights.len(),
                weights,
                keys,
                zipf,
                hot,
                bounded,
                copies,
                near,
                top,
            },
        )
}

impl Spec {
    fn build(&self) -> Scenario {
        let mut s = Scenario::teaching();
        let mut apply = |change: Change| s.apply(change).map(|_| ()).unwrap();
        apply(Change::SetPlacement {
            placement: self.placement,
        });
        for i in 0..self.servers {
            apply(Change::AddServer {
                name: format!("s{i}"),
                at: None,
                // Jump hashing refuses weights.
                weight: Some(self.weights[i]).filter(|_| self.placement != Kind::Jump),
            });
        }
        for name in ["A", "B", "C"] {
            apply(Change::RemoveServer { name: name.into() });
        }
        apply(Change::ClearKeys);
        apply(Change::GenerateKeys { count: self.keys });
        let text = |t: String| t.parse::<Change>().unwrap();
        if let Some(z) = self.zipf {
            apply(text(format!("traffic:zipf:{}", z as f64 / 100.0)));
        }
        // `*1` makes a hot key ordinary again, and is refused for a key that is not hot.
        let mut hot = std::collections::HashSet::new();
        for &(id, times) in &self.hot {
            if id < self.keys && (times > 1 || hot.contains(&id)) {
                apply(text(format!("hot:key-{id}*{times}")));
                if times > 1 {
                    hot.insert(id);
                } else {
                    hot.remove(&id);
                }
            }
        }
        let remedy = |name: &str, value: Option<String>| {
            text(format!("remedy:{name}:{}", value.unwrap_or("off".into())))
        };
        apply(remedy(
            "bounded",
            self.bounded.map(|c| format!("{}", c as f64 / 100.0)),
        ));
        apply(remedy("copies", self.copies.map(|r| r.to_string())));
        apply(remedy(
            "near",
            self.near.map(|f| format!("{}", f as f64 / 100.0)),
        ));
        apply(text(format!("remedy:top:{}", self.top)));
        s
    }

    /// Each key's weight, from the definition: 1, or `1 / (rank + 1)^s`, times its multiplier.
    fn weights(&self) -> Vec<f64> {
        (0..self.keys)
            .map(|i| {
                let base = match self.zipf {
                    None | Some(0) => 1.0,
                    Some(z) => 1.0 / ((i + 1) as f64).powf(z as f64 / 100.0),
                };
                let times = self
                    .hot
                    .iter()
                    .rev()
                    .find(|(id, _)| *id == i)
                    .map_or(1.0, |&(_, t)| t as f64);
                base * times
            })
            .collect()
    }
}

/// The loads (in weight units) the remedies give, and what the near cache absorbs, worked out
/// key by key with nothing shared.
fn oracle(spec: &Spec, scenario: &Scenario, placed: &Placed) -> (Vec<f64>, f64) {
    let n = spec.servers;
    let keys = scenario.keys();
    let weights = spec.weights();
    let total: f64 = weights.iter().sum();
    // Keys heaviest first, ties by rank.
    let mut order: Vec<usize> = (0..spec.keys).collect();
    order.sort_by(|&a, &b| weights[b].total_cmp(&weights[a]).then(a.cmp(&b)));
    let hottest = &order[..order.len().min(spec.top as usize)];
    let mut loads = vec![0.0; n];
    let mut absorbed = 0.0;
    let mut routed = vec![false; spec.keys];
    if spec.copies.is_some() || spec.near.is_some() {
        for &id in hottest {
            let rate = weights[id];
            let near = spec.near.map_or(0.0, |f| rate * f as f64 / 100.0);
            let servers = match spec.copies {
                Some(r) => placed.preference(keys, id as u32, r as usize),
                None => vec![placed.owner_of_key(keys, id as u32)],
            };
            absorbed += near;
            for &s in &servers {
                loads[s] += (rate - near) / servers.len() as f64;
            }
            routed[id] = true;
        }
    }
    let ideals = placed.ideals();
    let caps: Vec<f64> = match spec.bounded {
        Some(c) => ideals
            .iter()
            .map(|i| c as f64 / 100.0 * i * (total - absorbed))
            .collect(),
        None => vec![f64::INFINITY; n],
    };
    for &id in order.iter().filter(|&&id| !routed[id]) {
        let rate = weights[id];
        let list = placed.preference(keys, id as u32, n);
        // A load that meets its cap exactly fits: the margin only absorbs rounding.
        let target = list
            .iter()
            .copied()
            .find(|&s| loads[s] + rate <= caps[s] * (1.0 + 1e-9))
            .unwrap_or_else(|| {
                let mut best = list[0];
                for &s in &list {
                    if loads[s] - caps[s] < loads[best] - caps[best] {
                        best = s;
                    }
                }
                best
            });
        loads[target] += rate;
    }
    (loads, absorbed)
}

const READS: f64 = 10_000.0;

#[test]
fn a_server_filled_exactly_to_its_bounded_cap_still_takes_the_key_that_fills_it() {
    // Three ketama servers weighted 2:3:1, key 0 made 96 times hotter and copied to all three
    // with the next eight: s0 holds 104/3 and its cap is 116/3, so four more keys fit exactly.
    let spec = Spec {
        placement: Kind::Ketama,
        servers: 3,
        weights: vec![2, 3, 1],
        keys: 21,
        zipf: None,
        hot: vec![(0, 96)],
        bounded: Some(100),
        copies: Some(3),
        near: None,
        top: 9,
    };
    let scenario = spec.build();
    let loads = scenario
        .traffic()
        .loads(&scenario.placed(), scenario.keys(), READS);
    let cap = READS / 3.0;
    assert!(
        (loads.servers[0].requests - cap).abs() < 1e-6,
        "{:?}",
        loads.servers
    );
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() <= 1e-9 * READS
}

proptest! {
    #![proptest_config(cases::cases(300))]

    #[test]
    fn requests_with_the_chosen_remedies_match_the_oracle_key_by_key(spec in spec()) {
        let scenario = spec.build();
        let placed = scenario.placed();
        let loads = scenario.traffic().loads(&placed, scenario.keys(), READS);
        let (want, absorbed) = oracle(&spec, &scenario, &placed);
        let total: f64 = spec.weights().iter().sum();
        let scale = READS / total;
        for (s, (got, want)) in loads.servers.iter().zip(&want).enumerate() {
            prop_assert!(
                close(got.requests, want * scale),
                "server {s}: {} against {}", got.requests, want * scale
            );
        }
        prop_assert!(close(loads.absorbed, absorbed * scale));
    }

    #[test]
    fn what_the_servers_carry_and_the_near_cache_absorbs_adds_up_to_the_reads(spec in spec()) {
        let scenario = spec.build();
        let loads = scenario.traffic().loads(&scenario.placed(), scenario.keys(), READS);
        let served: f64 = loads.servers.iter().map(|l| l.requests).sum();
        prop_assert!(close(served + loads.absorbed, READS));
        let shares: f64 = loads.servers.iter().map(|l| l.share).sum();
        let kept = 1.0 - loads.absorbed / READS;
        prop_assert!((shares - kept).abs() < 1e-9);
    }

    #[test]
    fn with_no_remedy_a_server_carries_exactly_the_reads_of_the_keys_it_owns(spec in spec()) {
        let plain = Spec { bounded: None, copies: None, near: None, ..spec };
        let scenario = plain.build();
        let placed = scenario.placed();
        let loads = scenario.traffic().loads(&placed, scenario.keys(), READS);
        let weights = plain.weights();
        let total: f64 = weights.iter().sum();
        let mut want = vec![0.0; plain.servers];
        for (id, w) in weights.iter().enumerate() {
            want[placed.owner_of_key(scenario.keys(), id as u32)] += w / total * READS;
        }
        for (got, want) in loads.servers.iter().zip(&want) {
            prop_assert!(close(got.requests, *want));
        }
        prop_assert_eq!(loads.all, loads.none);
        prop_assert!(loads.each.is_empty());
    }

    #[test]
    fn bounded_loads_keep_every_server_under_its_cap_unless_one_key_alone_is_too_hot(
        spec in spec(),
    ) {
        let bounded = Spec { copies: None, near: None, bounded: Some(spec.bounded.unwrap_or(125)), ..spec };
        let scenario = bounded.build();
        let loads = scenario.traffic().loads(&scenario.placed(), scenario.keys(), READS);
        let c = bounded.bounded.unwrap() as f64 / 100.0;
        let weights = bounded.weights();
        let total: f64 = weights.iter().sum();
        let heaviest = weights.iter().cloned().fold(0.0, f64::max) / total;
        let ideals = scenario.placed().ideals();
        // Every key fits under its cap while the caps hold more than the heaviest key.
        if ideals.iter().all(|i| heaviest <= (c - 1.0) * i) {
            prop_assert!(loads.all <= c + 1e-9, "{} above {c}", loads.all);
        }
    }
}

// Worked by hand on the teaching ring.

/// The teaching ring with `changes` applied.
fn teaching_after(changes: &[&str]) -> Scenario {
    let mut s = Scenario::teaching();
    for change in changes {
        s.apply(change.parse().unwrap()).unwrap();
    }
    s
}

#[test]
fn popularity_and_remedies_read_back_from_their_text() {
    use ringlab::core::{Popularity, Remedy};
    for text in ["uniform", "zipf:1.10", "zipf:0.00", "zipf:3.00"] {
        assert_eq!(text.parse::<Popularity>().unwrap().to_string(), text);
    }
    assert!("zipf:3.5".parse::<Popularity>().is_err());
    assert!("pareto:1".parse::<Popularity>().is_err());
    for text in [
        "bounded:1.25",
        "copies:3",
        "near:0.90",
        "top:10",
        "near:off",
    ] {
        assert_eq!(text.parse::<Remedy>().unwrap().to_string(), text);
    }
    assert!("copies:9".parse::<Remedy>().is_err());
    assert!("near:1.5".parse::<Remedy>().is_err());
    assert!("bounded:0.5".parse::<Remedy>().is_err());
}

// The teaching ring's five keys, ranked in the order they were added: @90, @52, @68, @25,
// @5. Under Zipf with s = 1 their weights are 1, 1/2, 1/3, 1/4 and 1/5, which add up to
// 137/60. A owns @90 and @5 (1 + 1/5 = 72/60), B owns @25 (15/60), C owns @52 and @68
// (1/2 + 1/3 = 50/60): shares 72/137, 15/137 and 50/137.
#[test]
fn zipf_with_s_1_gives_the_shares_worked_out_by_hand() {
    let s = teaching_after(&["traffic:zipf:1"]);
    let loads = s.traffic().loads(&s.placed(), s.keys(), 137.0);
    let requests: Vec<f64> = loads.servers.iter().map(|l| l.requests).collect();
    for (got, want) in requests.iter().zip([72.0, 15.0, 50.0]) {
        assert!((got - want).abs() < 1e-9, "{requests:?}");
    }
    let shares: f64 = loads.servers.iter().map(|l| l.share).sum();
    assert!((shares - 1.0).abs() < 1e-12);
    // A carries 72/137 of the requests against 1/3 fair: 216/137 ≈ 1.58 times the mean.
    assert!((loads.none - 216.0 / 137.0).abs() < 1e-12);
    assert_eq!(loads.busiest, 0);
}

#[test]
fn with_uniform_popularity_request_shares_equal_key_shares_exactly() {
    let s = teaching_after(&["gen:997"]);
    let loads = s.traffic().loads(&s.placed(), s.keys(), 50_000.0);
    for l in &loads.servers {
        assert_eq!(l.share, l.key_share);
    }
}

#[test]
fn a_key_made_a_thousand_times_hotter_carries_its_share_and_every_remedy_keeps_the_total() {
    let s = teaching_after(&[
        "gen:995",
        "hot:@52*1000",
        "remedy:bounded:1.25",
        "remedy:copies:3",
        "remedy:near:0.90",
    ]);
    let loads = s.traffic().loads(&s.placed(), s.keys(), 50_000.0);
    // 999 keys of weight 1 and one of 1,000: @52 alone carries 1000/1999 of the reads.
    let hot = ringlab::core::KeyIds::from_ids(vec![s.keys().find("@52").unwrap()], 1000);
    let w = s.traffic().weights(s.keys());
    assert!((ringlab::core::share_of(&w, 1000, &hot) - 1000.0 / 1999.0).abs() < 1e-12);
    let served: f64 = loads.servers.iter().map(|l| l.requests).sum();
    assert!((served + loads.absorbed - 50_000.0).abs() < 1e-6);
    assert!(loads.none > 1.5);
    for &(remedy, peak) in &loads.each {
        assert!(
            peak < loads.none,
            "{remedy:?} {peak} against {}",
            loads.none
        );
    }
    assert!(loads.all <= loads.none);
}

#[test]
fn the_keys_a_change_moved_carry_their_own_reads_not_an_average_share() {
    use ringlab::core::MovedReads;
    let mut s = teaching_after(&["gen:995", "hot:@52*1000"]);
    let before = s.clone();
    // Removing C moves @52, which alone carries 1000/1999 of the reads.
    let outcome = s.apply(Change::RemoveServer { name: "C".into() }).unwrap();
    let reads = MovedReads::of(&before, &outcome).unwrap();
    let moved_keys = outcome.moved_fraction().unwrap();
    assert!(reads.placement > 1000.0 / 1999.0);
    assert!(reads.placement > moved_keys);
    assert!(reads.baseline.unwrap() > reads.placement);
    // Adding a key changes which keys there are: nothing to say.
    let mut after = s.clone();
    let added = after.apply("keys:fresh".parse().unwrap()).unwrap();
    assert_eq!(MovedReads::of(&s, &added), None);
}
