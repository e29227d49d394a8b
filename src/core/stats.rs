//! Ownership and balance: how much of the ring, and how many keys, each server has.
//!
//! Arc lengths are exact integers that sum to the ring size; fractions are for display only.
//! With `v` random points per server a server's share strays from its ideal by about `1/√v`
//! (relative standard deviation), which is the prediction shown beside the measured spread.

use std::sync::Arc;

/// One server's part of the ring.
#[derive(Debug, Clone, PartialEq)]
pub struct ServerShare {
    /// The server.
    pub name: Arc<str>,
    /// Positions it owns.
    pub arc: u64,
    /// `arc / M`.
    pub share: f64,
    /// The share it would have on a perfectly even ring: its weight over the total weight.
    pub ideal: f64,
    /// Keys it owns.
    pub keys: u64,
    /// Points it has on the ring.
    pub points: usize,
}

/// How even the shares are.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Balance {
    /// The largest share over its ideal: 1.0 is perfectly even.
    pub peak_to_mean: f64,
    /// The standard deviation of share / ideal: 0.0 is perfectly even.
    pub spread: f64,
    /// What `1/√v` predicts for that spread, `v` being the mean points per server.
    pub predicted_spread: f64,
    /// The largest key count over the mean key count, when there are keys.
    pub key_peak_to_mean: Option<f64>,
}

/// Everything the ownership panel shows.
#[derive(Debug, Clone, PartialEq)]
pub struct Ownership {
    /// One row per server, in list order.
    pub servers: Vec<ServerShare>,
    /// The ring size the arcs are out of.
    pub ring_size: u64,
    /// The number of keys the counts are out of.
    pub keys: u64,
    /// Balance figures.
    pub balance: Balance,
}

impl Ownership {
    /// Puts the figures together from a ring's arcs, key counts, points and weights.
    pub fn new(
        names: &[Arc<str>],
        arcs: &[u64],
        keys: &[u64],
        points: &[usize],
        weights: &[u32],
        ring_size: u64,
    ) -> Ownership {
        let total_weight: u64 = weights.iter().map(|&w| u64::from(w)).sum();
        let servers: Vec<ServerShare> = (0..names.len())
            .map(|i| ServerShare {
                name: names[i].clone(),
                arc: arcs[i],
                share: arcs[i] as f64 / ring_size as f64,
                ideal: f64::from(weights[i]) / total_weight as f64,
                keys: keys[i],
                points: points[i],
            })
            .collect();
        let total_keys: u64 = keys.iter().sum();
        let balance = balance(&servers, total_keys);
        Ownership {
            servers,
            ring_size,
            keys: total_keys,
            balance,
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
    let key_peak_to_mean = (total_keys > 0).then(|| {
        servers
            .iter()
            .map(|s| s.keys as f64 / (s.ideal * total_keys as f64))
            .fold(0.0, f64::max)
    });
    Balance {
        peak_to_mean,
        spread: variance.sqrt(),
        predicted_spread: 1.0 / mean_points.max(1.0).sqrt(),
        key_peak_to_mean,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_even_ring_has_no_spread() {
        let names: Vec<Arc<str>> = vec!["a".into(), "b".into()];
        let own = Ownership::new(&names, &[50, 50], &[3, 3], &[1, 1], &[1, 1], 100);
        assert_eq!(own.balance.peak_to_mean, 1.0);
        assert_eq!(own.balance.spread, 0.0);
        assert_eq!(own.balance.predicted_spread, 1.0);
        assert_eq!(own.balance.key_peak_to_mean, Some(1.0));
    }

    #[test]
    fn a_weighted_server_is_measured_against_its_weight() {
        let names: Vec<Arc<str>> = vec!["a".into(), "b".into()];
        let own = Ownership::new(&names, &[200, 100], &[0, 0], &[200, 100], &[2, 1], 300);
        assert!((own.servers[0].ideal - 2.0 / 3.0).abs() < 1e-12);
        assert!((own.balance.peak_to_mean - 1.0).abs() < 1e-12);
        assert_eq!(own.balance.key_peak_to_mean, None);
    }
}
