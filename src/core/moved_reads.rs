//! How much of the reads the keys a change moved had carried.

use crate::core::moves::KeyIds;
use crate::core::numbers_and_lists::percent;
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

    /// What the keys `outcome` moved carried in `before` (the scenario before the change, if
    /// shown), when keys are not read alike there: with even traffic a key's share of the reads
    /// is its share of the keys, and nothing more is said.
    pub fn when_uneven(before: Option<&Scenario>, outcome: &Outcome) -> Option<MovedReads> {
        let before = before.filter(|b| !b.traffic().is_even())?;
        MovedReads::of(before, outcome)
    }

    /// "The keys that moved carry 41% of the requests (20% of the keys).", when keys are not
    /// read alike.
    pub fn line(before: Option<&Scenario>, outcome: &Outcome) -> Option<String> {
        let moved = MovedReads::when_uneven(before, outcome)?.placement;
        let keys = outcome.moved_fraction()?;
        Some(format!(
            "The keys that moved carry {} of the requests ({} of the keys).",
            percent(moved),
            percent(keys)
        ))
    }

    /// The share of the reads the change moved under the chosen placement and the compared one,
    /// as the cache's figures take them: what the moved keys carried when keys are not read
    /// alike, otherwise the share of keys that moved. `None` when the change moved no keys.
    pub fn fractions(before: Option<&Scenario>, outcome: &Outcome) -> Option<(f64, f64)> {
        if !outcome.moves_keys {
            return None;
        }
        let by_keys = (outcome.moved_fraction()?, outcome.baseline_fraction()?);
        let by_requests = MovedReads::when_uneven(before, outcome)
            .map(|m| (m.placement, m.baseline.unwrap_or(0.0)));
        Some(by_requests.unwrap_or(by_keys))
    }
}
