//! Ownership and balance: how much of the ring, and how many keys, each server has.
//!
//! Arc lengths are exact integers that sum to the ring size; fractions are for display only.
//! With `v` random points per server a server's share strays from its ideal by about `1/√v`
//! (relative standard deviation), which is the prediction shown beside the measured spread.

use std::sync::Arc;

use super::placement::Placed;
use super::size::RingSize;

/// One server's part of the key space.
#[derive(Debug, Clone, PartialEq)]
pub struct ServerShare {
    /// The server.
    pub name: Arc<str>,
    /// How much of the space it holds (positions, hash values or table entries; see
    /// [`Ownership::unit`]).
    pub arc: u64,
    /// `arc` over the whole space.
    pub share: f64,
    /// The share it would have if all were perfectly even: its weight over the total weight
    /// where the placement honours weights, an equal share otherwise.
    pub ideal: f64,
    /// Keys it owns.
    pub keys: u64,
    /// What it gives the placement: points on a ring, table entries or partitions.
    pub points: usize,
}

/// How even the shares are.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Balance {
    /// The largest share over its ideal: 1.0 is perfectly even.
    pub peak_to_mean: f64,
    /// The standard deviation of share / ideal: 0.0 is perfectly even.
    pub spread: f64,
    /// What `1/√v` predicts for that spread, `v` being the mean points per server, for the
    /// placements whose servers are points on a ring.
    pub predicted_spread: Option<f64>,
    /// The largest key count over its ideal count, when there are keys.
    pub key_peak_to_mean: Option<f64>,
    /// The standard deviation of key count / ideal count, when there are keys.
    pub key_spread: Option<f64>,
}

/// Everything the ownership panel shows.
#[derive(Debug, Clone, PartialEq)]
pub struct Ownership {
    /// One row per server, in list order.
    pub servers: Vec<ServerShare>,
    /// The whole space the shares are out of.
    pub ring_size: u64,
    /// What the space counts: "positions", "hash values", "table entries" or "sampled
    /// positions".
    pub unit: &'static str,
    /// Whether the shares are exact rather than sampled.
    pub exact: bool,
    /// The number of keys the counts are out of.
    pub keys: u64,
    /// Balance figures.
    pub balance: Balance,
}

impl Ownership {
    /// Puts the figures together from each server's part of the space, key count, points and
    /// ideal share.
    pub fn new(
        names: &[Arc<str>],
        arcs: &[u64],
        keys: &[u64],
        points: &[usize],
        ideals: &[f64],
        space: u64,
    ) -> Ownership {
        let servers: Vec<ServerShare> = (0..names.len())
            .map(|i| ServerShare {
                name: names[i].clone(),
                arc: arcs[i],
                share: arcs[i] as f64 / space as f64,
                ideal: ideals[i],
                keys: keys[i],
                points: points[i],
            })
            .collect();
        let total_keys: u64 = keys.iter().sum();
        let balance = balance(&servers, total_keys);
        Ownership {
            servers,
            ring_size: space,
            unit: "positions",
            exact: true,
            keys: total_keys,
            balance,
        }
    }

    /// The ownership of an evaluated placement on a ring of `size`.
    pub fn of(placed: &Placed, size: RingSize) -> Ownership {
        let space = placed.space(size);
        let holdings: Vec<usize> = placed.holdings().into_iter().map(|h| h as usize).collect();
        let mut own = Ownership::new(
            placed.names(),
            &space.amounts,
            placed.counts(),
            &holdings,
            &placed.ideals(),
            space.total,
        );
        own.unit = space.unit;
        own.exact = space.exact;
        if placed.ring().is_none() {
            own.balance.predicted_spread = None;
        }
        own
    }
}

impl Ownership {
    /// The same shares with `counts` as each server's keys, in list order, and the balance of
    /// keys worked out again: the ownership of keys counted elsewhere (streamed through the
    /// same servers a batch at a time) on the space this one measured.
    ///
    /// ```
    /// use ringlab::core::Scenario;
    /// let teaching = Scenario::teaching();
    /// let keyless = teaching.without_keys().ownership();
    /// assert_eq!(keyless.with_key_counts(&[2, 1, 2]), teaching.ownership());
    /// ```
    pub fn with_key_counts(&self, counts: &[u64]) -> Ownership {
        let mut servers = self.servers.clone();
        for (server, &keys) in servers.iter_mut().zip(counts) {
            server.keys = keys;
        }
        let keys = servers.iter().map(|s| s.keys).sum();
        let mut balance = balance(&servers, keys);
        balance.predicted_spread = self.balance.predicted_spread;
        Ownership {
            servers,
            keys,
            balance,
            ..self.clone()
        }
    }
}

impl Ownership {
    /// The table as CSV, one row per server: name, share of the ring, positions owned, ideal
    /// share, keys, points. Names holding a comma or quote are quoted.
    ///
    /// ```
    /// use ringlab::core::Scenario;
    /// let csv = Scenario::teaching().ownership().to_csv();
    /// assert_eq!(csv.lines().nth(1), Some("A,0.35,35,0.333333,2,1"));
    /// ```
    pub fn to_csv(&self) -> String {
        let mut out = String::from("server,share,positions,ideal_share,keys,points\n");
        for row in &self.servers {
            let name = if row.name.contains([',', '"', '\n']) {
                format!("\"{}\"", row.name.replace('"', "\"\""))
            } else {
                row.name.to_string()
            };
            out.push_str(&format!(
                "{name},{},{},{:.6},{},{}\n",
                trim_float(row.share),
                row.arc,
                row.ideal,
                row.keys,
                row.points
            ));
        }
        out
    }
}

/// A share with up to six decimals and no trailing zeros.
fn trim_float(x: f64) -> String {
    let text = format!("{x:.6}");
    text.trim_end_matches('0').trim_end_matches('.').to_string()
}

fn balance(servers: &[ServerShare], total_keys: u64) -> Balance {
    let n = servers.len() as f64;
    let ratios: Vec<f64> = servers.iter().map(|s| s.share / s.ideal).collect();
    let peak_to_mean = ratios.iter().copied().fold(0.0, f64::max);
    let variance = ratios.iter().map(|r| (r - 1.0).powi(2)).sum::<f64>() / n;
    let mean_points = servers.iter().map(|s| s.points as f64).sum::<f64>() / n;
    let key_ratios: Vec<f64> = servers
        .iter()
        .map(|s| s.keys as f64 / (s.ideal * total_keys as f64))
        .collect();
    let key_peak_to_mean = (total_keys > 0).then(|| key_ratios.iter().copied().fold(0.0, f64::max));
    let key_spread = (total_keys > 0)
        .then(|| (key_ratios.iter().map(|r| (r - 1.0).powi(2)).sum::<f64>() / n).sqrt());
    Balance {
        peak_to_mean,
        spread: variance.sqrt(),
        predicted_spread: Some(1.0 / mean_points.max(1.0).sqrt()),
        key_peak_to_mean,
        key_spread,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_even_ring_has_no_spread() {
        let names: Vec<Arc<str>> = vec!["a".into(), "b".into()];
        let own = Ownership::new(&names, &[50, 50], &[3, 3], &[1, 1], &[0.5, 0.5], 100);
        assert_eq!(own.balance.peak_to_mean, 1.0);
        assert_eq!(own.balance.spread, 0.0);
        assert_eq!(own.balance.predicted_spread, Some(1.0));
        assert_eq!(own.balance.key_peak_to_mean, Some(1.0));
    }

    #[test]
    fn a_weighted_server_is_measured_against_its_weight() {
        let names: Vec<Arc<str>> = vec!["a".into(), "b".into()];
        let own = Ownership::new(
            &names,
            &[200, 100],
            &[0, 0],
            &[200, 100],
            &[2.0 / 3.0, 1.0 / 3.0],
            300,
        );
        assert!((own.servers[0].ideal - 2.0 / 3.0).abs() < 1e-12);
        assert!((own.balance.peak_to_mean - 1.0).abs() < 1e-12);
        assert_eq!(own.balance.key_peak_to_mean, None);
    }
}
