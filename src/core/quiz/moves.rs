//! "Which keys move?": the change is applied by the engine, and every key gets its fate and
//! the reason for it.

use super::answer::Answer;
use super::explain::{KeyFate, Sides};
use super::posed::Parts;
use super::words::{change_words, under};
use crate::core::change::Change;
use crate::core::error::Error;
use crate::core::outcome::Outcome;
use crate::core::scenario::Scenario;

/// The most keys a learner is asked to mark one by one.
pub const MAX_MARKED_KEYS: usize = 100;

/// The scenario after `change`, and what it did. Changes that add or remove keys, or touch
/// only the traffic, are refused: questions ask what a change does to the same keys.
pub(super) fn change_on(
    scenario: &Scenario,
    change: &Change,
) -> Result<(Scenario, Outcome), Error> {
    if !change.can_move_keys() {
        return Err(Error::Question(format!(
            "The change {change} does not move keys between servers; ask about a change to the servers or the placement."
        )));
    }
    scenario
        .after(change.clone())
        .map_err(|e| Error::Question(format!("The change {change} cannot be applied here: {e}")))
}

/// Every key's fate under `change`, in ring order, as the engine's moves say.
pub(super) fn fates(
    before: &Scenario,
    after: &Scenario,
    outcome: &Outcome,
    change: &Change,
) -> Vec<KeyFate> {
    let (placed_before, placed_after) = (before.placed(), after.placed());
    let sides = Sides {
        before,
        placed_before: &placed_before,
        after,
        placed_after: &placed_after,
        change,
    };
    before
        .keys()
        .order()
        .iter()
        .map(|&id| sides.fate(id, outcome.moved.keys.contains(id)))
        .collect()
}

/// Poses "which keys move when `change` is applied?".
pub(super) fn pose(scenario: &Scenario, change: &Change) -> Result<Parts, Error> {
    let count = scenario.keys().len();
    if count == 0 {
        return Err(Error::Question(
            "The scenario has no keys to mark; add some first.".into(),
        ));
    }
    if count > MAX_MARKED_KEYS {
        return Err(Error::Question(format!(
            "The scenario has {count} keys; marking them one by one takes at most {MAX_MARKED_KEYS}. Ask how many move instead."
        )));
    }
    let (next, outcome) = change_on(scenario, change)?;
    let keys = fates(scenario, &next, &outcome, change);
    let mut worked = vec![outcome.summary()];
    worked.extend(keys.iter().map(|k| k.why.clone()));
    Ok(Parts {
        prompt: format!(
            "{}. Which keys change server{}?",
            change_words(change),
            under(scenario.placement())
        ),
        answer: Answer::Moves { keys },
        worked,
        then: Some(change.clone()),
        select: None,
    })
}
