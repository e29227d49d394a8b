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

/// Ranking keys by count a slice at a time, so that a page can rank a million keys without
/// blocking: a bottom-up merge sort of (count, id), highest count first, ties by id. The
/// first steps sort runs of 4,096; each later step merges the next stretch of a pass.
#[derive(Debug, Clone)]
pub struct Ranking {
    counts: Vec<u64>,
    /// (count, id), in runs of `width` already in order.
    pairs: Vec<(u64, u32)>,
    spare: Vec<(u64, u32)>,
    width: usize,
    /// Where the current pass has got to.
    at: usize,
}

/// The first runs' length.
const RUN: usize = 4096;

/// The order of a ranking: highest count first, then lowest id.
fn before(a: &(u64, u32), b: &(u64, u32)) -> bool {
    a.0 > b.0 || (a.0 == b.0 && a.1 < b.1)
}

impl Ranking {
    /// The work of ranking keys `0..counts.len()` by `counts`.
    pub fn new(counts: Vec<u64>) -> Ranking {
        Ranking {
            counts,
            pairs: Vec::new(),
            spare: Vec::new(),
            width: 0,
            at: 0,
        }
    }

    /// Does about `slice` keys' worth of the work; returns whether it is all done.
    pub fn step(&mut self, slice: usize) -> bool {
        let n = self.counts.len();
        if self.width == 0 {
            // Pairs are made and sorted in runs of RUN.
            if self.pairs.is_empty() {
                self.pairs.reserve_exact(n);
            }
            let mut work = 0;
            while self.pairs.len() < n && work < slice.max(1) {
                let from = self.pairs.len();
                let to = (from + RUN).min(n);
                self.pairs
                    .extend((from..to).map(|i| (self.counts[i], i as u32)));
                self.pairs[from..to].sort_unstable_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
                work += to - from;
            }
            if self.pairs.len() == n {
                self.width = RUN;
                self.spare = Vec::with_capacity(n);
            }
            return self.is_complete();
        }
        let mut work = 0;
        while self.width < n && work < slice.max(1) {
            // Merge the next two runs of this pass into `spare`.
            let (lo, mid, hi) = (
                self.at,
                (self.at + self.width).min(n),
                (self.at + 2 * self.width).min(n),
            );
            let (mut i, mut j) = (lo, mid);
            while i < mid && j < hi {
                if before(&self.pairs[j], &self.pairs[i]) {
                    self.spare.push(self.pairs[j]);
                    j += 1;
                } else {
                    self.spare.push(self.pairs[i]);
                    i += 1;
                }
            }
            self.spare.extend_from_slice(&self.pairs[i..mid]);
            self.spare.extend_from_slice(&self.pairs[j..hi]);
            work += hi - lo;
            self.at = hi;
            if self.at >= n {
                std::mem::swap(&mut self.pairs, &mut self.spare);
                self.spare.clear();
                self.width *= 2;
                self.at = 0;
            }
        }
        self.is_complete()
    }

    /// Whether every key is ranked.
    pub fn is_complete(&self) -> bool {
        self.width != 0 && self.width >= self.counts.len()
    }

    /// How many keys' worth of work is done, and how much in all.
    pub fn progress(&self) -> (usize, usize) {
        let n = self.counts.len().max(1);
        let passes = (n.div_ceil(RUN) as f64).log2().ceil() as usize + 1;
        let done = if self.width == 0 {
            self.pairs.len()
        } else {
            let pass = (self.width / RUN).trailing_zeros() as usize + 1;
            pass * n + self.at
        };
        (done.min(passes * n), passes * n)
    }

    /// The measured popularity, with the Zipf exponent fitted. Finishes any work left.
    pub fn finish(mut self) -> Measured {
        while !self.step(usize::MAX) {}
        let ranked: Vec<u64> = self.pairs.iter().map(|&(c, _)| c).collect();
        let zipf = fit_zipf(&ranked);
        Measured {
            counts: self.counts.into(),
            by_rank: self.pairs.into_iter().map(|(_, id)| id).collect(),
            zipf,
        }
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
    fn ranking_in_slices_gives_the_order_of_a_plain_sort() {
        let mut state = 7u64;
        for n in [0, 1, 5, 4096, 4097, 20_000] {
            let counts: Vec<u64> = (0..n)
                .map(|_| {
                    state = state
                        .wrapping_mul(6364136223846793005)
                        .wrapping_add(1442695040888963407);
                    (state >> 60) * (state >> 62)
                })
                .collect();
            let mut expected: Vec<u32> = (0..n as u32).collect();
            expected.sort_by(|&a, &b| counts[b as usize].cmp(&counts[a as usize]).then(a.cmp(&b)));
            for slice in [1, 1000, usize::MAX] {
                let mut ranking = Ranking::new(counts.clone());
                while !ranking.step(slice) {
                    let (done, total) = ranking.progress();
                    assert!(done <= total);
                }
                assert_eq!(
                    ranking.finish().by_rank(),
                    &expected[..],
                    "n {n}, slice {slice}"
                );
            }
        }
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
