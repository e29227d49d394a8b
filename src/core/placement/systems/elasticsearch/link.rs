//! An Elasticsearch index in a link: `index` (`3`, `3/768`, `4/4/9.4`) when it is not the
//! usual one, and `shards`, each shard's node when they are not dealt round-robin.

use super::routing::Routing;
use crate::core::placement::systems::linked::{Params, StateLink};
use crate::core::placement::systems::state::SystemState;
use crate::core::placement::systems::units::Units;

/// The index as the link parameters `index` and `shards`.
pub static INDEX: StateLink = StateLink {
    write: |state, servers, pairs| {
        let routing = state.routing();
        if routing != Routing::default() {
            pairs.push(("index", routing.to_string()));
        }
        if *state.shards() != Units::round_robin(routing.shards, servers) {
            pairs.push(("shards", state.shards().to_string()));
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
    let mut routing = Routing::default();
    if let Some(text) = param("index") {
        match text.parse::<Routing>() {
            Ok(r) => routing = r,
            Err(error) => ignored.push(format!("index: {error}")),
        }
    }
    let mut shards = Units::round_robin(routing.shards, servers);
    if let Some(text) = param("shards") {
        match Units::parse(text, routing.shards, servers) {
            Ok(read) => shards = read,
            Err(error) => ignored.push(format!("shards: {error}")),
        }
    }
    state.with_index(routing, shards)
}
