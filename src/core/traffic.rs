//! Traffic: how often each key is read, what that does to each server, and what the usual
//! remedies for a hot key do about it.
//!
//! Every key has a popularity weight: 1 for all (`uniform`), or `1 / (rank + 1)^s` (`zipf:s`,
//! s from 0 to 3), where a key's rank is the order it was added in (its id, from 0), times its
//! multiplier when it was made hot by hand. A key's request rate is its weight's share of the
//! reads per second. A server's load is the sum of its keys' rates under a placement.
//!
//! Remedies, each on or off:
//! - **bounded loads on requests** (factor c): keys go, hottest first, to the first server of
//!   their preference list whose load stays under c times its fair share; a key too hot for any
//!   server goes to the least loaded of them, since one key cannot be split;
//! - **copies**: each of the hottest `top` keys is held by the first R distinct servers of its
//!   preference list, and its reads are spread evenly over them;
//! - **a near cache** in the app servers absorbs a fraction f of each of the hottest `top` keys'
//!   reads before they reach a cache server.
//!
//! Sums are compensated (Neumaier), so the shares of a million keys add up to 1 within 1e-12,
//! and a remedy only moves requests: the servers' loads and what the near cache absorbs always
//! add up to the reads.

use std::fmt;
use std::str::FromStr;
use std::sync::{Arc, Mutex, PoisonError};

use super::decimal::parse_decimal;
use super::error::Error;
use super::keys::KeySet;
use super::moves::KeyIds;
use super::par::map_ids;
use super::placement::{load_text, parse_load, Placed};
use super::size::parse_number;

/// How popular keys are, before any is made hot by hand.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Popularity {
    /// Every key equally.
    #[default]
    Uniform,
    /// The key of rank i in proportion to `1 / (i + 1)^s`, s in hundredths (0 to 300).
    Zipf {
        /// s in hundredths: 110 is 1.1.
        s: u32,
    },
}

/// The largest Zipf exponent, in hundredths.
pub const MAX_ZIPF: u32 = 300;
/// The largest multiplier a hot key takes.
pub const MAX_HEAT: u32 = 1_000_000;
/// Copies of a hot key, fewest and most.
pub const COPIES: std::ops::RangeInclusive<u32> = 2..=5;

impl fmt::Display for Popularity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Popularity::Uniform => f.write_str("uniform"),
            Popularity::Zipf { s } => write!(f, "zipf:{}", load_text(*s)),
        }
    }
}

impl FromStr for Popularity {
    type Err = Error;
    fn from_str(text: &str) -> Result<Popularity, Error> {
        let text = text.trim();
        if text == "uniform" {
            return Ok(Popularity::Uniform);
        }
        let s = text
            .strip_prefix("zipf:")
            .ok_or_else(|| Error::UnknownPopularity(text.to_string()))?;
        Ok(Popularity::Zipf {
            s: check_zipf(hundredths(s)?)?,
        })
    }
}

/// A decimal such as `1.1` or `0.9` in hundredths.
fn hundredths(text: &str) -> Result<u32, Error> {
    let value =
        parse_decimal(text.trim()).ok_or_else(|| Error::NotANumber(text.trim().to_string()))?;
    if !value.is_finite() || value < 0.0 {
        return Err(Error::NotANumber(text.trim().to_string()));
    }
    Ok((value * 100.0).round().min(1e9) as u32)
}

/// Checks a Zipf exponent in hundredths.
pub fn check_zipf(s: u32) -> Result<u32, Error> {
    if s <= MAX_ZIPF {
        Ok(s)
    } else {
        Err(Error::OutOfRange("Zipf's s goes from 0 to 3."))
    }
}

/// Checks a hot key's multiplier.
pub fn check_heat(times: u32) -> Result<u32, Error> {
    if (1..=MAX_HEAT).contains(&times) {
        Ok(times)
    } else {
        Err(Error::OutOfRange(
            "A hot key's multiplier goes from 1 to 1,000,000.",
        ))
    }
}

/// One remedy's setting, as a change sets it: `None` turns it off.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Remedy {
    /// Bounded loads on requests, c in hundredths (100 to 300).
    Bounded(Option<u32>),
    /// Copies of each of the hottest keys (2 to 5).
    Copies(Option<u32>),
    /// The near cache's share of each hottest key's reads, in percent (1 to 100).
    Near(Option<u32>),
    /// How many of the hottest keys copies and the near cache treat (1 to 1,000).
    Top(u32),
}

impl fmt::Display for Remedy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let off = |f: &mut fmt::Formatter<'_>, name: &str| write!(f, "{name}:off");
        match self {
            Remedy::Bounded(Some(c)) => write!(f, "bounded:{}", load_text(*c)),
            Remedy::Bounded(None) => off(f, "bounded"),
            Remedy::Copies(Some(r)) => write!(f, "copies:{r}"),
            Remedy::Copies(None) => off(f, "copies"),
            Remedy::Near(Some(p)) => write!(f, "near:{}", load_text(*p)),
            Remedy::Near(None) => off(f, "near"),
            Remedy::Top(h) => write!(f, "top:{h}"),
        }
    }
}

impl FromStr for Remedy {
    type Err = Error;
    fn from_str(text: &str) -> Result<Remedy, Error> {
        let text = text.trim();
        let (name, value) = text
            .split_once(':')
            .ok_or_else(|| Error::UnknownRemedy(text.to_string()))?;
        let value = value.trim();
        let off = value == "off";
        let remedy = match name {
            "bounded" if off => Remedy::Bounded(None),
            "bounded" => Remedy::Bounded(Some(parse_load(value)?)),
            "copies" if off => Remedy::Copies(None),
            "copies" => Remedy::Copies(Some(check_copies(parse_number(value)?)?)),
            "near" if off => Remedy::Near(None),
            "near" => Remedy::Near(Some(check_near(hundredths(value)?)?)),
            "top" => Remedy::Top(check_top(parse_number(value)?)?),
            _ => return Err(Error::UnknownRemedy(text.to_string())),
        };
        Ok(remedy)
    }
}

/// Checks a remedy's setting.
pub fn check_remedy(remedy: Remedy) -> Result<Remedy, Error> {
    Ok(match remedy {
        Remedy::Bounded(Some(c)) => Remedy::Bounded(Some(super::placement::check_load(c)?)),
        Remedy::Copies(Some(r)) => Remedy::Copies(Some(check_copies(r)?)),
        Remedy::Near(Some(f)) => Remedy::Near(Some(check_near(f)?)),
        Remedy::Top(h) => Remedy::Top(check_top(h)?),
        off => off,
    })
}

/// Checks the number of copies of a hot key.
pub fn check_copies(r: u32) -> Result<u32, Error> {
    if COPIES.contains(&r) {
        Ok(r)
    } else {
        Err(Error::OutOfRange("Copies of a hot key go from 2 to 5."))
    }
}

/// Checks the near cache's share, in hundredths (0.01 to 1.00).
pub fn check_near(f: u32) -> Result<u32, Error> {
    if (1..=100).contains(&f) {
        Ok(f)
    } else {
        Err(Error::OutOfRange(
            "The near cache takes from 0.01 to 1 of a hot key's reads.",
        ))
    }
}

/// Checks how many of the hottest keys the remedies treat.
pub fn check_top(h: u32) -> Result<u32, Error> {
    if (1..=1000).contains(&h) {
        Ok(h)
    } else {
        Err(Error::OutOfRange(
            "The remedies treat from 1 to 1,000 of the hottest keys.",
        ))
    }
}

/// The traffic model: popularity, hot keys and remedies.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Traffic {
    /// How popular keys are by rank.
    pub popularity: Popularity,
    /// Keys made hot by hand: label and multiplier, in the order they were made hot.
    pub hot: Vec<(String, u32)>,
    /// How many of the hottest keys copies and the near cache treat.
    pub top: u32,
    /// Bounded loads on requests: c in hundredths.
    pub bounded: Option<u32>,
    /// Copies of each of the hottest keys.
    pub copies: Option<u32>,
    /// The near cache's share of each hottest key's reads, in hundredths.
    pub near: Option<u32>,
}

impl Default for Traffic {
    fn default() -> Self {
        Traffic {
            popularity: Popularity::Uniform,
            hot: Vec::new(),
            top: 10,
            bounded: None,
            copies: None,
            near: None,
        }
    }
}

impl Traffic {
    /// Whether every key is read equally: uniform popularity and no hot key.
    pub fn is_even(&self) -> bool {
        self.popularity == Popularity::Uniform && self.hot.is_empty()
    }

    /// Whether any remedy is on.
    pub fn has_remedy(&self) -> bool {
        self.bounded.is_some() || self.copies.is_some() || self.near.is_some()
    }

    /// The remedies, as `remedy=` text: `bounded:1.25,copies:3`.
    pub fn remedies_text(&self) -> String {
        let mut parts = Vec::new();
        if let Some(c) = self.bounded {
            parts.push(Remedy::Bounded(Some(c)).to_string());
        }
        if let Some(r) = self.copies {
            parts.push(Remedy::Copies(Some(r)).to_string());
        }
        if let Some(f) = self.near {
            parts.push(Remedy::Near(Some(f)).to_string());
        }
        parts.join(",")
    }

    /// Sets one remedy.
    pub fn set(&mut self, remedy: Remedy) {
        match remedy {
            Remedy::Bounded(c) => self.bounded = c,
            Remedy::Copies(r) => self.copies = r,
            Remedy::Near(f) => self.near = f,
            Remedy::Top(h) => self.top = h,
        }
    }

    /// Each key's weight, by id: its popularity times its multiplier.
    pub fn weights(&self, keys: &KeySet) -> Weights {
        let multipliers: Vec<(u32, f64)> = self
            .hot
            .iter()
            .filter_map(|(label, m)| keys.find(label).map(|id| (id, f64::from(*m))))
            .collect();
        let zipf = match self.popularity {
            Popularity::Zipf { s } if s > 0 && !keys.is_empty() => Some(zipf_table(s, keys.len())),
            _ => None,
        };
        Weights {
            popularity: self.popularity,
            multipliers,
            zipf,
        }
    }
}

/// Zipf's `1 / (i + 1)^s` for ids `0..count` at least, for the last s asked for: the powers are
/// paid for once per exponent, and every later change (a hot key, a remedy, a server) reads
/// them back.
fn zipf_table(s: u32, count: usize) -> Arc<[f64]> {
    static LAST: Mutex<Option<(u32, Arc<[f64]>)>> = Mutex::new(None);
    let mut last = LAST.lock().unwrap_or_else(PoisonError::into_inner);
    if let Some((at, table)) = last.as_ref() {
        if *at == s && table.len() >= count {
            return table.clone();
        }
    }
    let table: Arc<[f64]> = map_ids(count, |id| zipf_weight(s, id)).into();
    *last = Some((s, table.clone()));
    table
}

/// The Zipf weight of the key of rank `id`, s in hundredths.
fn zipf_weight(s: u32, id: u32) -> f64 {
    (f64::from(id) + 1.0).powf(-f64::from(s) / 100.0)
}

/// Each key's popularity weight, worked out on demand (a million weights are not stored).
#[derive(Debug, Clone, PartialEq)]
pub struct Weights {
    popularity: Popularity,
    multipliers: Vec<(u32, f64)>,
    /// Zipf's powers by rank, when s > 0.
    zipf: Option<Arc<[f64]>>,
}

impl Weights {
    /// The weight of key `id`.
    pub fn of(&self, id: u32) -> f64 {
        let base = match (self.popularity, &self.zipf) {
            (Popularity::Uniform | Popularity::Zipf { s: 0 }, _) => 1.0,
            (Popularity::Zipf { .. }, Some(table)) if (id as usize) < table.len() => {
                table[id as usize]
            }
            (Popularity::Zipf { s }, _) => zipf_weight(s, id),
        };
        match self.multipliers.iter().find(|(k, _)| *k == id) {
            Some((_, m)) => base * m,
            None => base,
        }
    }

    /// The ids of the keys made hot by hand.
    pub fn hot_ids(&self) -> impl Iterator<Item = u32> + '_ {
        self.multipliers.iter().map(|(id, _)| *id)
    }

    /// The sum of the weights of ids `0..count`, compensated.
    pub fn total(&self, count: usize) -> f64 {
        let mut sum = Sum::default();
        for id in 0..count as u32 {
            sum.add(self.of(id));
        }
        sum.get()
    }

    /// The ids of the `h` heaviest keys among `count`, heaviest first (ties by id).
    pub fn hottest(&self, count: usize, h: usize) -> Vec<u32> {
        // Without hot keys, weight never grows with rank: the first ids are the heaviest.
        let mut candidates: Vec<u32> = (0..count.min(h) as u32).collect();
        candidates.extend(self.hot_ids().filter(|&id| (id as usize) < count));
        candidates.sort_unstable();
        candidates.dedup();
        candidates.sort_unstable_by(|&a, &b| self.of(b).total_cmp(&self.of(a)).then(a.cmp(&b)));
        candidates.truncate(h);
        candidates
    }
}

/// A compensated (Neumaier) sum.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Sum {
    sum: f64,
    carry: f64,
}

impl Sum {
    /// Adds `x`.
    #[inline]
    pub fn add(&mut self, x: f64) {
        let t = self.sum + x;
        if self.sum.abs() >= x.abs() {
            self.carry += (self.sum - t) + x;
        } else {
            self.carry += (x - t) + self.sum;
        }
        self.sum = t;
    }

    /// The sum.
    pub fn get(&self) -> f64 {
        self.sum + self.carry
    }
}

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
        let target = if loads[owner].get() + rate <= caps[owner] {
            owner
        } else {
            placed
                .first_in_preference(keys, id, |s| loads[s].get() + rate <= caps[s])
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
            .chain(0..keys.len().min(2000) as u32);
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
    for id in 0..count as u32 {
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

/// The share of the reads that the keys a change moved had carried, under the chosen placement
/// and under the placement it is compared with.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct MovedReads {
    /// Under the chosen placement.
    pub placement: f64,
    /// Under the compared placement, when the change measured one.
    pub baseline: Option<f64>,
}

impl MovedReads {
    /// What the keys moved by `outcome` carried in `before`, the scenario the change was applied
    /// to. `None` when the change moved no keys between servers or changed which keys there are.
    pub fn of(before: &super::Scenario, outcome: &super::Outcome) -> Option<MovedReads> {
        let keys = before.keys();
        if !outcome.moves_keys || keys.len() != outcome.keys {
            return None;
        }
        let weights = before.traffic().weights(keys);
        let share = |ids: &KeyIds| share_of(&weights, keys.len(), ids);
        Some(MovedReads {
            placement: share(&outcome.moved.keys),
            baseline: outcome.baseline.as_ref().map(|b| share(&b.moved.keys)),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::{Change, Kind, Scenario};

    fn teaching_with(traffic: Traffic) -> Scenario {
        let mut s = Scenario::teaching();
        s.traffic = traffic;
        s
    }

    #[test]
    fn popularity_and_remedies_read_back_from_their_text() {
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
        let s = teaching_with(Traffic {
            popularity: Popularity::Zipf { s: 100 },
            ..Traffic::default()
        });
        let loads = s.traffic.loads(&s.placed(), s.keys(), 137.0);
        let requests: Vec<f64> = loads.servers.iter().map(|l| l.requests).collect();
        for (got, want) in requests.iter().zip([72.0 / 60.0 * 60.0, 15.0, 50.0]) {
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
        let mut s = Scenario::teaching();
        s.apply(Change::GenerateKeys { count: 997 }).unwrap();
        let loads = s.traffic.loads(&s.placed(), s.keys(), 50_000.0);
        for l in &loads.servers {
            assert_eq!(l.share, l.key_share);
        }
    }

    #[test]
    fn a_key_made_a_thousand_times_hotter_carries_its_share_and_every_remedy_keeps_the_total() {
        let mut s = Scenario::teaching();
        s.apply(Change::GenerateKeys { count: 995 }).unwrap();
        s.apply(Change::SetPlacement {
            placement: Kind::Ring,
        })
        .unwrap();
        s.traffic.hot.push(("@52".into(), 1000));
        s.traffic.bounded = Some(125);
        s.traffic.copies = Some(3);
        s.traffic.near = Some(90);
        let loads = s.traffic.loads(&s.placed(), s.keys(), 50_000.0);
        // 999 keys of weight 1 and one of 1,000: @52 alone carries 1000/1999 of the reads.
        let hot = crate::core::KeyIds::from_ids(vec![s.keys().find("@52").unwrap()], 1000);
        let w = s.traffic.weights(s.keys());
        assert!((share_of(&w, 1000, &hot) - 1000.0 / 1999.0).abs() < 1e-12);
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
        let mut s = Scenario::teaching();
        s.apply(Change::GenerateKeys { count: 995 }).unwrap();
        s.traffic.hot.push(("@52".into(), 1000));
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
}
