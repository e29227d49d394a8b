//! How much of the reads the keys a change moved had carried.

use crate::core::moves::KeyIds;
use crate::core::scenario::{Outcome, Scenario};
use crate::core::traffic::share_of;

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
    pub fn of(before: &Scenario, outcome: &Outcome) -> Option<MovedReads> {
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
