//! The traffic model: a scenario's popularity, hot keys and remedies, and each key's weight.

use std::sync::{Arc, Mutex, PoisonError};

use super::measured::Measured;
use super::popularity::{Popularity, Remedy};
use crate::core::keys::KeySet;
use crate::core::par::map_ids;
use crate::core::sum::Sum;

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
    /// How often each key was read, from your data, when the keys came with counts.
    pub measured: Option<Measured>,
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
            measured: None,
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
        let measured = match (self.popularity, &self.measured) {
            (Popularity::Measured, Some(m)) => Some(m.clone()),
            _ => None,
        };
        Weights {
            popularity: self.popularity,
            multipliers,
            zipf,
            measured,
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
    /// The counts, when popularity is measured.
    measured: Option<Measured>,
}

impl Weights {
    /// The weight of key `id`.
    pub fn of(&self, id: u32) -> f64 {
        let base = match (self.popularity, &self.zipf) {
            (Popularity::Measured, _) => match &self.measured {
                Some(m) => m.counts().get(id as usize).map_or(0.0, |&c| c as f64),
                None => 1.0,
            },
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

    /// The ids of keys `0..count` by popularity, heaviest first, before any is made hot: by id
    /// for uniform and Zipf popularity (weight never grows with rank), by count for measured.
    pub fn ranked(&self, count: usize) -> Box<dyn Iterator<Item = u32> + '_> {
        match &self.measured {
            Some(m) => Box::new(
                m.by_rank()
                    .iter()
                    .copied()
                    .filter(move |&id| (id as usize) < count),
            ),
            None => Box::new(0..count as u32),
        }
    }

    /// The ids of the `h` heaviest keys among `count`, heaviest first (ties by id).
    pub fn hottest(&self, count: usize, h: usize) -> Vec<u32> {
        // Without hot keys, the first keys by rank are the heaviest.
        let mut candidates: Vec<u32> = self.ranked(count).take(h).collect();
        candidates.extend(self.hot_ids().filter(|&id| (id as usize) < count));
        candidates.sort_unstable();
        candidates.dedup();
        candidates.sort_unstable_by(|&a, &b| self.of(b).total_cmp(&self.of(a)).then(a.cmp(&b)));
        candidates.truncate(h);
        candidates
    }
}
