//! A Kafka topic's verbs, with their text: `topic:6` creates the topic again with 6
//! partitions, led round-robin; `add-partitions:1` is `kafka-topics --alter --partitions`
//! adding one.

use std::fmt;

use serde::Serialize;

use super::MAX_PARTITIONS;
use crate::core::error::Error;
use crate::core::numbers_and_lists::{grouped, plural};
use crate::core::placement::systems::cluster::{Applied, Cluster};
use crate::core::placement::systems::units::Units;
use crate::core::size::parse_number;

/// What `kafka-topics` does to a topic's partitions.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Verb {
    /// The topic is created again with this many partitions, led round-robin.
    CreateTopic {
        /// Partitions.
        partitions: u32,
    },
    /// `kafka-topics --alter --partitions`, adding this many partitions.
    AddPartitions {
        /// Partitions to add.
        count: u32,
    },
}

impl Verb {
    /// Does the verb to `cluster`'s topic.
    pub fn apply(&self, cluster: &Cluster<'_>) -> Result<Applied, Error> {
        let n = cluster.names.len();
        match self {
            Verb::CreateTopic { partitions } => {
                let p = check_partitions(*partitions)?;
                Ok(Applied::changed(
                    cluster.state.with_leaders(Units::round_robin(p, n)),
                    format!(
                        "The topic is created again with {p} {}, led round-robin.",
                        plural(p as usize, "partition", "partitions")
                    ),
                ))
            }
            Verb::AddPartitions { count } => {
                let before = cluster.state.leaders();
                if *count == 0 {
                    return Err(Error::System(format!(
                        "The number of partitions for a topic can only be increased. Topic currently has {} partitions, {} would not be an increase.",
                        before.len(),
                        before.len()
                    )));
                }
                let total = check_partitions(before.len().saturating_add(*count))?;
                // New partitions are led round-robin too, continuing after the last one.
                let mut owners = before.owners().to_vec();
                owners.extend((before.len()..total).map(|p| (p as usize % n) as u16));
                Ok(Applied::changed(
                    cluster.state.with_leaders(Units::new(owners)),
                    format!(
                        "{count} {} added: the topic now has {total}.",
                        plural(*count as usize, "partition", "partitions")
                    ),
                ))
            }
        }
    }

    /// Reads `topic:P` or `add-partitions:N`; `None` for another verb.
    pub fn read(verb: &str, rest: &str) -> Option<Result<Verb, Error>> {
        match verb {
            "topic" => Some(parse_number(rest).map(|partitions| Verb::CreateTopic { partitions })),
            "add-partitions" => Some(parse_number(rest).map(|count| Verb::AddPartitions { count })),
            _ => None,
        }
    }
}

impl fmt::Display for Verb {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Verb::CreateTopic { partitions } => write!(f, "topic:{partitions}"),
            Verb::AddPartitions { count } => write!(f, "add-partitions:{count}"),
        }
    }
}

/// Checks a topic's partition count: 1 to 4,096 here.
pub fn check_partitions(count: u32) -> Result<u32, Error> {
    if (1..=MAX_PARTITIONS).contains(&count) {
        Ok(count)
    } else {
        Err(Error::System(format!(
            "A topic has from 1 to {} partitions here.",
            grouped(u64::from(MAX_PARTITIONS))
        )))
    }
}
