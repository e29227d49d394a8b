//! What the traffic does to the servers under one placement: each server's requests, the
//! busiest server and its hottest keys, with and without each remedy.

use super::model::{Traffic, Weights};
use super::popularity::Remedy;
use crate::core::keys::KeySet;
use crate::core::moves::KeyIds;
use crate::core::placement::Placed;
use crate::core::sum::Sum;

/// One server's requests.
#[derive(Debug, Clone, PartialEq)]
pub struct ServerLoad {
    /// Requests per second.
    pub requests: f64,
    /// Its share of all requests (0 to 1).
    pub share: f64,
    /// Its share of all keys (0 to 1).
    pub key_share: f64,
}

/// What the traffic does to the servers under one placement.
#[derive(Debug, Clone, PartialEq)]
pub struct Loads {
    /// Reads per second, all told.
    pub reads: f64,
    /// Per server, in list order, with the chosen remedies.
    pub servers: Vec<ServerLoad>,
    /// Reads the near cache absorbs, per second.
    pub absorbed: f64,
    /// The busiest server's load over its fair share, with no remedy.
    pub none: f64,
    /// The same with each chosen remedy alone: bounded, copies, near.
    pub each: Vec<(Remedy, f64)>,
    /// The same with every chosen remedy.
    pub all: f64,
    /// The busiest server (with the chosen remedies), by index.
    pub busiest: usize,
    /// The keys carrying most of the busiest server's load: id and share of its load.
    pub top_keys: Vec<(u32, f64)>,
}

/// How much of the reads the keys `ids` carry (0 to 1).
pub fn share_of(weights: &Weights, count: usize, ids: &KeyIds) -> f64 {
    let total = weights.total(count);
    if total == 0.0 {
        return 0.0;
    }
    let mut sum = Sum::default();
    for id in ids.iter() {
        sum.add(weights.of(id));
    }
    sum.get() / total
}

/// Where one key's reads go: whole to one server, split evenly over several, and part to the
/// near cache.
struct Routing {
    servers: Vec<usize>,
    absorbed: f64,
}

impl Traffic {
    /// The loads `reads` per second put on the servers of `placed` (evaluated on the keys
    /// `keys`), with and without the chosen remedies.
    pub fn loads(&self, placed: &Placed, keys: &KeySet, reads: f64) -> Loads {
        // Loads are summed in weight units (a uniform key weighs 1) and turned into reads per
        // second only at the end, so that with uniform popularity a share is exactly a count
        // over the number of keys.
        let weights = self.weights(keys);
        let n = placed.names().len();
        let count = keys.len();
        // With no remedy: every key's reads to its owner.
        let mut plain = vec![Sum::default(); n];
        for id in 0..count as u32 {
            plain[placed.owner_of_key(keys, id)].add(weights.of(id));
        }
        let total = {
            let mut all = Sum::default();
            for load in &plain {
                all.add(load.get());
            }
            all.get()
        };
        let scale = if total > 0.0 { reads / total } else { 0.0 };
        let ideals = placed.ideals();
        let peak = |loads: &[Sum]| -> f64 {
            if total == 0.0 {
                return 0.0;
            }
            (0..n)
                .map(|s| loads[s].get() / (ideals[s] * total))
                .fold(0.0, f64::max)
        };
        let hottest = weights.hottest(count, self.top as usize);
        let route = |remedies: (Option<u32>, Option<u32>, Option<u32>)| {
            self.route(placed, keys, &weights, &hottest, remedies, &plain)
        };
        // Each remedy alone, then all of them together (the same thing when only one is on).
        let alone = [
            self.bounded
                .map(|c| (Remedy::Bounded(Some(c)), (Some(c), None, None))),
            self.copies
                .map(|r| (Remedy::Copies(Some(r)), (None, Some(r), None))),
            self.near
                .map(|f| (Remedy::Near(Some(f)), (None, None, Some(f)))),
        ];
        let mut each = Vec::new();
        let mut last = None;
        for (remedy, setting) in alone.into_iter().flatten() {
            let routed = route(setting);
            each.push((remedy, peak(&routed.0)));
            last = Some(routed);
        }
        let (chosen, absorbed) = match last {
            Some(routed) if each.len() == 1 => routed,
            _ => route((self.bounded, self.copies, self.near)),
        };
        let busiest = (0..n)
            .max_by(|&a, &b| {
                (chosen[a].get() / ideals[a])
                    .total_cmp(&(chosen[b].get() / ideals[b]))
                    .then(b.cmp(&a))
            })
            .unwrap_or(0);
        let owners_count = placed.counts();
        let servers = (0..n)
            .map(|s| ServerLoad {
                requests: chosen[s].get() * scale,
                share: if total > 0.0 {
                    chosen[s].get() / total
                } else {
                    0.0
                },
                key_share: if count > 0 {
                    owners_count[s] as f64 / count as f64
                } else {
                    0.0
                },
            })
            .collect();
        let top_keys = self.top_keys_on(placed, keys, &weights, busiest, &chosen);
        Loads {
            reads,
            servers,
            absorbed: absorbed.get() * scale,
            none: peak(&plain),
            each,
            all: peak(&chosen),
            busiest,
            top_keys,
        }
    }

    /// The loads with the given remedies (bounded c, copies R, near f), and what the near cache
    /// absorbs.
    #[allow(clippy::too_many_arguments)]
    fn route(
        &self,
        placed: &Placed,
        keys: &KeySet,
        weights: &Weights,
        hottest: &[u32],
        (bounded, copies, near): (Option<u32>, Option<u32>, Option<u32>),
        plain: &[Sum],
    ) -> (Vec<Sum>, Sum) {
        let n = plain.len();
        let mut absorbed = Sum::default();
        if bounded.is_none() && copies.is_none() && near.is_none() {
            return (plain.to_vec(), absorbed);
        }
        // Start from the plain loads and re-route only the keys a remedy touches.
        let mut loads = plain.to_vec();
        let routing = |id: u32| -> Option<Routing> {
            if (copies.is_none() && near.is_none()) || !hottest.contains(&id) {
                return None;
            }
            let rate = weights.of(id);
            let servers = match copies {
                Some(r) => placed.preference(keys, id, r as usize),
                None => vec![placed.owner_of_key(keys, id)],
            };
            let absorbed = near.map_or(0.0, |f| rate * f64::from(f) / 100.0);
            Some(Routing { servers, absorbed })
        };
        for &id in hottest {
            if let Some(r) = routing(id) {
                let rate = weights.of(id);
                let owner = placed.owner_of_key(keys, id);
                loads[owner].add(-rate);
                absorbed.add(r.absorbed);
                let each = (rate - r.absorbed) / r.servers.len() as f64;
                for s in r.servers {
                    loads[s].add(each);
                }
            }
        }
        if let Some(c) = bounded {
            loads = bounded_loads(placed, keys, weights, c, hottest, &loads, &routing);
        }
        debug_assert_eq!(loads.len(), n);
        (loads, absorbed)
    }
}

/// Bounded loads on requests over what copies and the near cache left: keys, hottest first, go
/// to the first server of their preference list with room under c times its fair share.
fn bounded_loads(
    placed: &Placed,
    keys: &KeySet,
    weights: &Weights,
    c: u32,
    hottest: &[u32],
    routed: &[Sum],
    routing: &dyn Fn(u32) -> Option<Routing>,
) -> Vec<Sum> {
    let n = routed.len();
    let mut all = Sum::default();
    for load in routed {
        all.add(load.get());
    }
    let ideals = placed.ideals();
    let caps: Vec<f64> = ideals
        .iter()
        .map(|i| f64::from(c) / 100.0 * i * all.get())
        .collect();
    let mut loads = vec![Sum::default(); n];
    // Keys that copies or the near cache route keep that routing; the rest are placed
    // whole, hottest first.
    for &id in hottest {
        if let Some(r) = routing(id) {
            let rate = weights.of(id);
            let each = (rate - r.absorbed) / r.servers.len() as f64;
            for s in r.servers {
                loads[s].add(each);
            }
        }
    }
    let order = arrival_by_weight(weights, keys.len(), hottest, routing);
    for id in order {
        let rate = weights.of(id);
        let owner = placed.owner_of_key(keys, id);
        let fits = |s: usize| within(loads[s].get() + rate, caps[s]);
        let target = if fits(owner) {
            owner
        } else {
            placed
                .first_in_preference(keys, id, fits)
                .unwrap_or_else(|| {
                    // Too hot for every server: one key cannot be split, so it goes to
                    // the server with the most room, the first such in its list.
                    *placed
                        .preference(keys, id, n)
                        .iter()
                        .min_by(|&&a, &&b| {
                            (loads[a].get() - caps[a]).total_cmp(&(loads[b].get() - caps[b]))
                        })
                        .expect("a server exists")
                })
        };
        loads[target].add(rate);
    }
    loads
}

/// Whether a load stays under its cap. A load that meets the cap exactly fits, whatever order
/// its parts were added in: sums of thirds and sixths land a rounding error either side of a
/// cap worked out by one product, so the cap is given a relative margin far below any share
/// the page prints.
fn within(load: f64, cap: f64) -> bool {
    load <= cap + cap.abs() * 1e-9
}

impl Traffic {
    /// The keys carrying most of server `s`'s load: id and share of its load, most first.
    fn top_keys_on(
        &self,
        placed: &Placed,
        keys: &KeySet,
        weights: &Weights,
        s: usize,
        loads: &[Sum],
    ) -> Vec<(u32, f64)> {
        let load = loads[s].get();
        if load <= 0.0 {
            return Vec::new();
        }
        // The hottest keys owned by `s`: the first owned ids by rank, and the hot keys.
        let mut found: Vec<(u32, f64)> = Vec::new();
        let candidates = weights
            .hottest(keys.len(), 5 + self.top as usize)
            .into_iter()
            .chain(weights.ranked(keys.len()).take(2000));
        for id in candidates {
            if placed.owner_of_key(keys, id) == s && !found.iter().any(|(k, _)| *k == id) {
                found.push((id, weights.of(id) / load));
            }
        }
        found.sort_unstable_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
        found.truncate(5);
        found
    }
}

/// Every key not routed by another remedy, heaviest first (ties by id): the ids in rank order
/// (popularity never grows with rank) with the hot keys moved up to where they belong.
fn arrival_by_weight(
    weights: &Weights,
    count: usize,
    hottest: &[u32],
    routing: &dyn Fn(u32) -> Option<Routing>,
) -> Vec<u32> {
    let routed: Vec<u32> = hottest
        .iter()
        .copied()
        .filter(|&id| routing(id).is_some())
        .collect();
    let mut hot: Vec<u32> = weights
        .hot_ids()
        .filter(|&id| (id as usize) < count && !routed.contains(&id))
        .collect();
    hot.sort_unstable_by(|&a, &b| weights.of(b).total_cmp(&weights.of(a)).then(a.cmp(&b)));
    let mut order = Vec::with_capacity(count);
    let mut h = 0;
    for id in weights.ranked(count) {
        if routed.contains(&id) || hot.contains(&id) {
            continue;
        }
        let w = weights.of(id);
        while h < hot.len() && weights.of(hot[h]) >= w {
            order.push(hot[h]);
            h += 1;
        }
        order.push(id);
    }
    order.extend_from_slice(&hot[h..]);
    order
}
