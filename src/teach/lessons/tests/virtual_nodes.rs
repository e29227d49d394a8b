//! Virtual nodes: the spread shrinks as the points per server grow.

use super::*;

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
