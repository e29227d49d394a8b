//! The servers' colour slots: a server keeps its colour while it stays.

use crate::core::Scenario;
use crate::draw::picture::assign_slots;

/// Colour slots for `scenario`'s servers: each keeps the slot it had in `previous`.
pub(super) fn slots_for(previous: &[(String, usize)], scenario: &Scenario) -> Vec<(String, usize)> {
    let names: Vec<&str> = scenario.servers().iter().map(|s| s.name.as_str()).collect();
    assign_slots(previous, &names)
}

/// The colour slot of each server in `scenario`, in list order.
pub fn slot_list(slots: &[(String, usize)], scenario: &Scenario) -> Vec<usize> {
    scenario
        .servers()
        .iter()
        .map(|s| {
            slots
                .iter()
                .find(|(n, _)| *n == s.name)
                .map_or(0, |(_, slot)| *slot)
        })
        .collect()
}
