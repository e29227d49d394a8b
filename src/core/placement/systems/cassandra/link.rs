//! Cassandra tokens read from `nodetool ring`, in a link: `tokens`, as `node=t1;t2,node2=t3`.

use super::Tokens;
use crate::core::placement::systems::linked::{read_one, Params, StateLink};
use crate::core::placement::systems::state::SystemState;

/// The tokens read, as the link parameter `tokens`.
pub static TOKENS: StateLink = StateLink {
    write: |state, _, pairs| {
        if !state.tokens().0.is_empty() {
            pairs.push(("tokens", state.tokens().to_string()));
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
        "tokens",
        param,
        ignored,
        Tokens::parse,
        SystemState::with_tokens,
    )
}
