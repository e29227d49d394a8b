//! A system's table drawn as one strip: Redis's 16,384 slots, a Kafka topic's partitions, an
//! Elasticsearch index's routing shards grouped by shard. The page draws the bands; the
//! engine says where each begins and ends and whose it is.

use super::units::Units;

/// One band of the strip: units `first..=last`, held by server `owner`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Band {
    /// The first unit.
    pub first: u32,
    /// The last unit.
    pub last: u32,
    /// The holder, by server index.
    pub owner: usize,
    /// The group the band belongs to: the shard for Elasticsearch, the partition for Kafka,
    /// none for Redis's slots.
    pub group: Option<u32>,
}

/// The whole strip.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Strip {
    /// How many units the strip spans.
    pub total: u32,
    /// What they are: "slots", "partitions", "routing shards".
    pub unit: &'static str,
    /// The bands, in order, covering every unit once.
    pub bands: Vec<Band>,
}

impl Strip {
    /// The strip of `units`, a band per run of units held by one server.
    pub fn of_runs(units: &Units, unit: &'static str) -> Strip {
        Strip {
            total: units.len(),
            unit,
            bands: units
                .runs()
                .into_iter()
                .map(|(first, last, owner)| Band {
                    first,
                    last,
                    owner,
                    group: None,
                })
                .collect(),
        }
    }
}
