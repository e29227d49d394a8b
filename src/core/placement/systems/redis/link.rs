//! Redis's slot table in a link: `slots`, as runs of server indices (`0*5461.1*5462.2*5461`),
//! when it differs from what `redis-cli --cluster create` splits.

use super::cli::{created, SLOTS};
use crate::core::placement::systems::linked::{read_one, Params, StateLink};
use crate::core::placement::systems::state::SystemState;
use crate::core::placement::systems::units::Units;

/// The slot table as the link parameter `slots`.
pub static SLOT_TABLE: StateLink = StateLink {
    write: |state, servers, pairs| {
        if *state.slots() != created(servers) {
            pairs.push(("slots", state.slots().to_string()));
        }
    },
    read,
};

fn read(
    state: SystemState,
    servers: usize,
    param: Params<'_, '_>,
    ignored: &mut Vec<String>,
) -> SystemState {
    read_one(
        state,
        "slots",
        param,
        ignored,
        |text| Units::parse(text, SLOTS, servers),
        SystemState::with_slots,
    )
}
