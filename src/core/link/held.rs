//! What a link held, once read: the scenario, its last change and what is left to the caller.

use crate::core::scenario::{Outcome, Scenario};

/// What a link held.
#[derive(Debug, Clone)]
pub struct Link {
    /// The scenario it shows.
    pub scenario: Scenario,
    /// The scenario before its last change, when it had one.
    pub before: Option<Scenario>,
    /// What its last change did.
    pub last: Option<Outcome>,
    /// Parameters the engine does not read, for the caller, in order.
    pub extra: Vec<(String, String)>,
    /// What could not be read, in words.
    pub ignored: Vec<String>,
}
