//! A system's table drawn as one strip: Redis's 16,384 slots, a Kafka topic's partitions, an
//! Elasticsearch index's routing shards grouped by shard. The page draws the bands; the
//! engine says where each begins and ends and whose it is.

use super::elasticsearch::EsVersion;
use super::Built;

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

impl Built {
    /// The strip of a system whose structure is a table; `None` for rings and maglev.
    pub fn strip(&self) -> Option<Strip> {
        match self {
            Built::Redis(slots) => Some(Strip {
                total: slots.len(),
                unit: "slots",
                bands: slots
                    .runs()
                    .into_iter()
                    .map(|(first, last, owner)| Band {
                        first,
                        last,
                        owner,
                        group: None,
                    })
                    .collect(),
            }),
            Built::Topic { leaders, .. } => Some(Strip {
                total: leaders.len(),
                unit: "partitions",
                bands: (0..leaders.len())
                    .map(|p| Band {
                        first: p,
                        last: p,
                        owner: leaders.owner(p),
                        group: Some(p),
                    })
                    .collect(),
            }),
            Built::Index { routing, nodes } => {
                let per = match routing.version {
                    EsVersion::From94 => 1,
                    _ => routing.factor(),
                };
                Some(Strip {
                    total: routing.circle(),
                    unit: if per == 1 { "shards" } else { "routing shards" },
                    bands: (0..routing.shards)
                        .map(|s| Band {
                            first: s * per,
                            last: s * per + per - 1,
                            owner: nodes.owner(s),
                            group: Some(s),
                        })
                        .collect(),
                })
            }
            Built::Ring { .. } | Built::Maglev(_) => None,
        }
    }
}
