//! Property tests for traffic: each server's requests, with and without every remedy, against
//! a naive oracle written from the definitions in `core::traffic`, and the conservation the
//! engine promises (what the servers carry and what the near cache absorbs add up to the reads).

use proptest::collection::vec;
use proptest::prelude::*;
use proptest::sample::select;
use ringlab::core::{Change, Kind, Placed, Scenario};

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
        let target = list
            .iter()
            .copied()
            .find(|&s| loads[s] + rate <= caps[s])
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

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() <= 1e-9 * READS
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

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
