//! Envoy's two consistent-hashing load balancers: ring_hash and maglev.
//!
//! Both hash each host by its hash key, the address as written (`10.0.0.1:80`), and both
//! normalise the host weights: `w = weight / Σweight`.
//!
//! **ring_hash** scales the weights so the lightest host gets a whole number of entries:
//! `scale = min(⌈min_w × min_ring⌉ / min_w, max_ring)` (f64; `minimum_ring_size` 1,024 and
//! `maximum_ring_size` 8,388,608 by default). Walking the hosts in order with two running sums,
//! host h adds entries `XXH64(key + "_" + i)` for `i = 0, 1, …` while the entries made so far
//! are below the target `Σ scale × w`. The entries are sorted by hash; a request hash goes to the
//! first entry at or after it, wrapping. Three equal hosts get 342 entries each.
//!
//! **maglev** fills a table of M entries (65,537 by default, a prime). Hosts are sorted by hash
//! key; each has `offset = XXH64(key) mod M` and `skip = XXH64(key, seed 1) mod (M − 1) + 1`,
//! and walks its permutation `offset + j × skip` to its next free entry. In each round a host
//! takes a turn when `round × w` has reached its target, which then grows by the largest weight.
//! A request hash h reads entry `h mod M`.

use super::hashes::xxh64;
use super::points::{Point64, Points};

/// Envoy's default `minimum_ring_size`.
pub const MIN_RING: u64 = 1024;
/// Envoy's default (and largest allowed here) `maximum_ring_size`.
pub const MAX_RING: u64 = 1024 * 1024 * 8;
/// The most entries a ring may have here, for the page's memory: 2^20.
pub const MOST_ENTRIES: u64 = 1 << 20;
/// Envoy's default maglev table size.
pub const TABLE_SIZE: u32 = 65_537;

/// The weights normalised as Envoy does: each over their sum.
pub fn normalized(weights: &[u32]) -> Vec<f64> {
    let sum: u64 = weights.iter().map(|&w| u64::from(w)).sum();
    weights
        .iter()
        .map(|&w| f64::from(w) * 1.0 / sum as f64)
        .collect()
}

/// How many entries the ring gets: `scale`, and the ring size Envoy reports, `⌈scale⌉`.
pub fn ring_scale(weights: &[u32], min_ring: u64, max_ring: u64) -> f64 {
    let w = normalized(weights);
    let min_w = w.iter().copied().fold(f64::INFINITY, f64::min);
    ((min_w * min_ring as f64).ceil() / min_w).min(max_ring as f64)
}

/// Envoy's ring for hosts with hash keys `keys` and `weights`, in host order.
pub fn ring(keys: &[&str], weights: &[u32], min_ring: u64, max_ring: u64) -> Points {
    let w = normalized(weights);
    let scale = ring_scale(weights, min_ring, max_ring);
    let mut entries = Vec::with_capacity(scale.ceil() as usize);
    let (mut current, mut target) = (0.0f64, 0.0f64);
    let mut buffer = String::new();
    for (server, (key, weight)) in keys.iter().zip(&w).enumerate() {
        target += scale * weight;
        let mut i: u32 = 0;
        while current < target {
            buffer.clear();
            buffer.push_str(key);
            buffer.push('_');
            buffer.push_str(&i.to_string());
            entries.push(Point64 {
                at: xxh64(buffer.as_bytes(), 0),
                server: server as u16,
                index: i,
            });
            i += 1;
            current += 1.0;
        }
    }
    // std::sort by hash alone: equal hashes keep no defined order there; here the host listed
    // first comes first.
    Points::new(entries, 64)
}

/// Envoy's maglev table of `size` entries for hosts with hash keys `keys` and `weights`: the
/// host index at each entry.
pub fn maglev(keys: &[&str], weights: &[u32], size: u32) -> Vec<u16> {
    let m = u64::from(size);
    let w = normalized(weights);
    let max_w = w.iter().copied().fold(0.0f64, f64::max);
    let mut order: Vec<usize> = (0..keys.len()).collect();
    order.sort_by(|&a, &b| keys[a].as_bytes().cmp(keys[b].as_bytes()));
    struct Entry {
        host: usize,
        offset: u64,
        skip: u64,
        next: u64,
        weight: f64,
        target: f64,
    }
    let mut entries: Vec<Entry> = order
        .into_iter()
        .map(|host| Entry {
            host,
            offset: xxh64(keys[host].as_bytes(), 0) % m,
            skip: xxh64(keys[host].as_bytes(), 1) % (m - 1) + 1,
            next: 0,
            weight: w[host],
            target: 0.0,
        })
        .collect();
    const EMPTY: u16 = u16::MAX;
    let mut table = vec![EMPTY; size as usize];
    if entries.is_empty() {
        return table;
    }
    let mut filled = 0u64;
    let mut iteration: u32 = 1;
    while filled < m {
        for e in entries.iter_mut() {
            if filled >= m {
                break;
            }
            if f64::from(iteration) * e.weight < e.target {
                continue;
            }
            e.target += max_w;
            let mut c = (e.offset + e.skip * e.next) % m;
            while table[c as usize] != EMPTY {
                e.next += 1;
                c = (e.offset + e.skip * e.next) % m;
            }
            table[c as usize] = e.host as u16;
            e.next += 1;
            filled += 1;
        }
        iteration += 1;
    }
    table
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn three_equal_hosts_get_342_entries_each() {
        let r = ring(&["a:1", "b:1", "c:1"], &[1, 1, 1], MIN_RING, MAX_RING);
        assert_eq!(r.counts(3), vec![342, 342, 342]);
    }

    #[test]
    fn a_maglev_table_is_full_and_split_by_weight() {
        let t = maglev(&["a", "b"], &[1, 3], 101);
        assert!(t.iter().all(|&h| h < 2));
        let b = t.iter().filter(|&&h| h == 1).count();
        assert!((74..=77).contains(&b), "{b}");
    }
}
