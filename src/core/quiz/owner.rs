//! "Who owns this key?": the placement's lookup, step by step.

use super::answer::Answer;
use super::posed::Parts;
use super::words::under;
use crate::core::error::Error;
use crate::core::keys::Key;
use crate::core::scenario::Scenario;

/// Poses "which server owns `label`?".
pub(super) fn pose(scenario: &Scenario, label: &str) -> Result<Parts, Error> {
    let label = Key::parse(label)?.label();
    let keys = scenario.keys();
    let id = keys
        .find(&label)
        .ok_or_else(|| Error::NoSuchKey(label.clone()))?;
    let placed = scenario.placed();
    let trace = placed.trace(scenario, id);
    let server = placed.names()[trace.owner].to_string();
    Ok(Parts {
        prompt: format!("Which server owns {label}{}?", under(scenario.placement())),
        answer: Answer::Owner { server },
        worked: trace.steps,
        then: None,
        select: Some(label),
    })
}
