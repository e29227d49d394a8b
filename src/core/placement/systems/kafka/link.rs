//! A Kafka topic in a link: `topic`, its partitions when not the usual 6, and `leaders`, each
//! partition's leader when they are not led round-robin.

use super::{MAX_PARTITIONS, PARTITIONS};
use crate::core::placement::systems::linked::{Params, StateLink};
use crate::core::placement::systems::state::SystemState;
use crate::core::placement::systems::units::Units;
use crate::core::size::parse_number;

/// The topic as the link parameters `topic` and `leaders`.
pub static TOPIC: StateLink = StateLink {
    write: |state, servers, pairs| {
        let leaders = state.leaders();
        if leaders.len() != PARTITIONS {
            pairs.push(("topic", leaders.len().to_string()));
        }
        if *leaders != Units::round_robin(leaders.len(), servers) {
            pairs.push(("leaders", leaders.to_string()));
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
    let mut partitions = PARTITIONS;
    if let Some(text) = param("topic") {
        match parse_number::<u32>(text) {
            Ok(p) if (1..=MAX_PARTITIONS).contains(&p) => partitions = p,
            Ok(p) => ignored.push(format!(
                "topic: {p} partitions is more than a topic has here"
            )),
            Err(error) => ignored.push(format!("topic: {error}")),
        }
    }
    let mut leaders = Units::round_robin(partitions, servers);
    if let Some(text) = param("leaders") {
        match Units::parse(text, partitions, servers) {
            Ok(read) => leaders = read,
            Err(error) => ignored.push(format!("leaders: {error}")),
        }
    }
    state.with_leaders(leaders)
}
