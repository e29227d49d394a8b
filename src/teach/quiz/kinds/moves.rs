//! "Which keys move?": the change is applied by the engine, and every key gets its fate and
//! the reason for it.

use crate::core::Change;
use crate::core::Error;
use crate::core::Scenario;
use crate::teach::quiz::answer::Answer;
use crate::teach::quiz::explain::{change_on, fates};
use crate::teach::quiz::parts::Parts;
use crate::teach::quiz::phrases::{change_words, under};

/// The most keys a learner is asked to mark one by one.
pub const MAX_MARKED_KEYS: usize = 100;

/// Poses "which keys move when `change` is applied?".
pub(crate) fn pose(scenario: &Scenario, change: &Change) -> Result<Parts, Error> {
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
