//! Popularity measured from your data: how often each key was read, by key id, and the Zipf
//! exponent that fits those counts best.
//!
//! The fit is by maximum likelihood. Rank the keys read at least once by count, heaviest
//! first, and take each request as a draw of a rank r from Zipf's law over the N ranks,
//! P(r) = r^-s / H(N, s) with H(N, s) = Σ r^-s. With T requests in all and A = Σ c_r ln r (c_r
//! the count of rank r), the log-likelihood per request is
//!
//! ```text
//! ℓ(s) = -s·A/T - ln H(N, s)
//! ```
//!
//! which is concave in s (ln H is convex), so its one maximum is found by golden-section
//! search on [0, 6]. H is summed term by term for the first 2,000 ranks and by its integral
//! (the midpoint rule's error is below 10^-9 there) beyond. Least squares on a log-log plot,
//! the usual shortcut, is biased by the tail's ties (many keys read once); the likelihood
//! weighs every request alike.

use std::hash::{Hash, Hasher};
use std::sync::Arc;

/// How often each key was read, by key id, with the ids ranked and the Zipf exponent fitted.
#[derive(Debug, Clone)]
pub struct Measured {
    counts: Arc<[u64]>,
    /// Key ids by count, highest first (ties by id).
    by_rank: Arc<[u32]>,
    zipf: Option<f64>,
}

impl PartialEq for Measured {
    fn eq(&self, other: &Measured) -> bool {
        Arc::ptr_eq(&self.counts, &other.counts) || self.counts == other.counts
    }
}

impl Eq for Measured {}

impl Hash for Measured {
    fn hash<H: Hasher>(&self, state: &mut H) {
        // Equal counts hash alike; a few of them are enough to tell most apart.
        self.counts.len().hash(state);
        self.counts[..self.counts.len().min(16)].hash(state);
    }
}

impl Measured {
    /// The counts of keys `0..counts.len()`.
    pub fn new(counts: Vec<u64>) -> Measured {
        let mut by_rank: Vec<u32> = (0..counts.len() as u32).collect();
        by_rank
            .sort_unstable_by(|&a, &b| counts[b as usize].cmp(&counts[a as usize]).then(a.cmp(&b)));
        let ranked: Vec<u64> = by_rank.iter().map(|&id| counts[id as usize]).collect();
        let zipf = fit_zipf(&ranked);
        Measured {
            counts: counts.into(),
            by_rank: by_rank.into(),
            zipf,
        }
    }

    /// Each key's count, by id.
    pub fn counts(&self) -> &[u64] {
        &self.counts
    }

    /// Key ids by count, highest first.
    pub fn by_rank(&self) -> &[u32] {
        &self.by_rank
    }

    /// The Zipf exponent that fits the counts best (see the module's notes), when at least two
    /// keys were read.
    pub fn zipf_fit(&self) -> Option<f64> {
        self.zipf
    }

    /// All requests counted.
    pub fn total(&self) -> u64 {
        self.counts.iter().fold(0u64, |a, &c| a.saturating_add(c))
    }

    /// The same counts with `extra` keys more, read never.
    pub fn with_more(&self, extra: usize) -> Measured {
        let mut counts = self.counts.to_vec();
        counts.resize(counts.len() + extra, 0);
        Measured::new(counts)
    }

    /// The same counts without key `id` (ids above it move down one, as in the key set).
    pub fn without(&self, id: u32) -> Measured {
        let mut counts = self.counts.to_vec();
        if (id as usize) < counts.len() {
            counts.remove(id as usize);
        }
        Measured::new(counts)
    }
}

/// The Zipf exponent s (0 to 6) that makes counts `ranked` (highest first) likeliest; `None`
/// when fewer than two ranks were read at all.
pub fn fit_zipf(ranked: &[u64]) -> Option<f64> {
    let n = ranked.iter().take_while(|&&c| c > 0).count();
    if n < 2 {
        return None;
    }
    let total: f64 = ranked[..n].iter().map(|&c| c as f64).sum();
    let a: f64 = ranked[..n]
        .iter()
        .enumerate()
        .map(|(i, &c)| c as f64 * ((i + 1) as f64).ln())
        .sum::<f64>()
        / total;
    let likelihood = |s: f64| -s * a - harmonic(n, s).ln();
    let (mut lo, mut hi) = (0.0f64, 6.0f64);
    let ratio = (5f64.sqrt() - 1.0) / 2.0;
    let mut x1 = hi - ratio * (hi - lo);
    let mut x2 = lo + ratio * (hi - lo);
    let (mut f1, mut f2) = (likelihood(x1), likelihood(x2));
    for _ in 0..80 {
        if f1 < f2 {
            lo = x1;
            x1 = x2;
            f1 = f2;
            x2 = lo + ratio * (hi - lo);
            f2 = likelihood(x2);
        } else {
            hi = x2;
            x2 = x1;
            f2 = f1;
            x1 = hi - ratio * (hi - lo);
            f1 = likelihood(x1);
        }
    }
    Some((lo + hi) / 2.0)
}

/// H(n, s) = Σ_{r=1..n} r^-s: the first 2,000 terms summed, the rest by the integral from
/// 2,000.5 to n + 0.5.
fn harmonic(n: usize, s: f64) -> f64 {
    const EXACT: usize = 2000;
    let head: f64 = (1..=n.min(EXACT)).map(|r| (r as f64).powf(-s)).sum();
    if n <= EXACT {
        return head;
    }
    let (from, to) = (EXACT as f64 + 0.5, n as f64 + 0.5);
    let tail = if (s - 1.0).abs() < 1e-12 {
        (to / from).ln()
    } else {
        (to.powf(1.0 - s) - from.powf(1.0 - s)) / (1.0 - s)
    };
    head + tail
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Counts that follow Zipf's law with exponent `s` over `n` ranks, `total` requests.
    fn zipf_counts(s: f64, n: usize, total: f64) -> Vec<u64> {
        let h: f64 = (1..=n).map(|r| (r as f64).powf(-s)).sum();
        (1..=n)
            .map(|r| (total * (r as f64).powf(-s) / h).round() as u64)
            .collect()
    }

    #[test]
    fn the_fit_finds_the_exponent_of_counts_drawn_from_zipfs_law() {
        for s in [0.0, 0.5, 0.8, 1.0, 1.1, 1.5, 2.0] {
            for n in [50, 5_000, 200_000] {
                let fitted = fit_zipf(&zipf_counts(s, n, 1e12)).unwrap();
                assert!((fitted - s).abs() < 0.01, "s {s}, n {n}: fitted {fitted}");
            }
        }
    }

    #[test]
    fn the_fit_is_close_on_a_sample_of_requests() {
        // 200,000 requests drawn from Zipf's law with s = 1.0 over 1,000 keys, by inverting
        // the cumulative sums with a fixed sequence of pseudo-random numbers.
        let n = 1000;
        let weights: Vec<f64> = (1..=n).map(|r| 1.0 / r as f64).collect();
        let total: f64 = weights.iter().sum();
        let mut cumulative = Vec::with_capacity(n);
        let mut sum = 0.0;
        for w in &weights {
            sum += w / total;
            cumulative.push(sum);
        }
        let mut counts = vec![0u64; n];
        let mut state = 0x2545_f491_4f6c_dd1du64;
        for _ in 0..200_000 {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let u = (state >> 11) as f64 / (1u64 << 53) as f64;
            let r = cumulative.partition_point(|&c| c < u).min(n - 1);
            counts[r] += 1;
        }
        counts.sort_unstable_by(|a, b| b.cmp(a));
        let fitted = fit_zipf(&counts).unwrap();
        assert!((fitted - 1.0).abs() < 0.05, "fitted {fitted}");
    }

    #[test]
    fn too_few_keys_read_have_no_fit_and_ranks_follow_counts() {
        assert_eq!(fit_zipf(&[5, 0, 0]), None);
        let measured = Measured::new(vec![1, 9, 0, 9]);
        assert_eq!(measured.by_rank(), &[1, 3, 0, 2]);
        assert_eq!(measured.total(), 19);
        assert_eq!(measured.without(1).counts(), &[1, 0, 9]);
        assert_eq!(measured.with_more(2).counts(), &[1, 9, 0, 9, 0, 0]);
    }
}
