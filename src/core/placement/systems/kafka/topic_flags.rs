//! A Kafka topic created from the command line: `--partitions P` under a Kafka placement.

use super::Verb;
use crate::core::placement::spec::Panel;
use crate::core::placement::systems::state::SystemState;
use crate::core::placement::systems::verb_flags::{FromFlags, Given, VerbFlags};
use crate::core::size::parse_number;

/// `--partitions`, which the command line has for the partition table too, is the topic's
/// partition count when the placement shows a topic.
pub static TOPIC_FLAGS: VerbFlags<Verb> = VerbFlags { flags: &[], read };

fn read(given: Given<'_>, panel: Panel, _state: &SystemState) -> FromFlags<Verb> {
    if panel != Panel::Topic {
        return None;
    }
    let text = given("partitions")?;
    Some(
        parse_number(text)
            .map(|partitions| ("--partitions", Verb::CreateTopic { partitions }))
            .map_err(|e| ("--partitions", e)),
    )
}
