//! "Who owns this key?": the placement's lookup, step by step.

use crate::core::Error;
use crate::core::Key;
use crate::core::Scenario;
use crate::teach::quiz::answer::Answer;
use crate::teach::quiz::parts::Parts;
use crate::teach::quiz::phrases::under;

/// Poses "which server owns `label`?".
pub(crate) fn pose(scenario: &Scenario, label: &str) -> Result<Parts, Error> {
    let label = Key::parse(label)?.label();
    let keys = scenario.keys();
    let id = keys
        .find(&label)
        .ok_or_else(|| Error::NoSuchKey(label.clone()))?;
    let placed = scenario.placed();
    let trace = placed.trace(&scenario.layout(), id);
    let server = placed.names()[trace.owner].to_string();
    Ok(Parts {
        prompt: format!("Which server owns {label}{}?", under(scenario.placement())),
        answer: Answer::Owner { server },
        worked: trace.steps,
        then: None,
        select: Some(label),
    })
}
