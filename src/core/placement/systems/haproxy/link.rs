//! HAProxy servers' explicit ids, read from a pasted backend, in a link: `haproxy-ids`, as
//! `a=1,b=7`.

use super::ServerIds;
use crate::core::placement::systems::linked::{read_one, Params, StateLink};
use crate::core::placement::systems::state::SystemState;

/// The servers' ids, as the link parameter `haproxy-ids`.
pub static SERVER_IDS: StateLink = StateLink {
    write: |state, _, pairs| {
        if !state.ids().0.is_empty() {
            pairs.push(("haproxy-ids", state.ids().to_string()));
        }
    },
    read,
};

fn read(
    state: SystemState,
    _: usize,
    param: Params<'_, '_>,
    ignored: &mut Vec<String>,
) -> SystemState {
    read_one(
        state,
        "haproxy-ids",
        param,
        ignored,
        ServerIds::parse,
        SystemState::with_ids,
    )
}
