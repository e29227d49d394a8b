//! An Elasticsearch index's verbs, with their text: `index:3`, `index:3/768` and
//! `index:4/4/9.4` create the index again (primary shards, routing shards, version);
//! `split:6` and `shrink:1` are `_split` and `_shrink` to that many primary shards.

use std::fmt;

use serde::{Serialize, Serializer};

use super::routing::Routing;
use crate::core::error::Error;
use crate::core::numbers_and_lists::{grouped, plural};
use crate::core::placement::systems::cluster::{Applied, Cluster};
use crate::core::placement::systems::units::Units;
use crate::core::size::parse_number;

/// What Elasticsearch's index API does to an index's shards.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Verb {
    /// The index is created again: shards, routing shards and version.
    CreateIndex {
        /// `3`, `3/768`, `4/4/9.4`: primary shards, routing shards, version.
        #[serde(serialize_with = "as_text")]
        index: Routing,
    },
    /// `_split` into this many primary shards.
    SplitIndex {
        /// The target's primary shards.
        shards: u32,
    },
    /// `_shrink` to this many primary shards.
    ShrinkIndex {
        /// The target's primary shards.
        shards: u32,
    },
}

impl Verb {
    /// Does the verb to `cluster`'s index.
    pub fn apply(&self, cluster: &Cluster<'_>) -> Result<Applied, Error> {
        let state = cluster.state;
        match self {
            Verb::CreateIndex { index } => {
                let index = Routing::new(index.shards, Some(index.routing_shards), index.version)?;
                let nodes = Units::round_robin(index.shards, cluster.names.len());
                Ok(Applied::changed(
                    state.with_index(index, nodes),
                    format!(
                        "The index is created again: {} primary {}, {} routing shards, {}.",
                        index.shards,
                        plural(index.shards as usize, "shard", "shards"),
                        grouped(u64::from(index.routing_shards)),
                        index.version.describe()
                    ),
                ))
            }
            Verb::SplitIndex { shards } => {
                let routing = state.routing();
                let split = routing.split(*shards)?;
                // Each new shard is a piece of an old one and starts on the old one's node.
                let factor = split.shards / routing.shards;
                let nodes = state.shards();
                let owners = (0..split.shards)
                    .map(|s| nodes.owners()[(s / factor) as usize])
                    .collect();
                Ok(resized(cluster, split, Units::new(owners), "split"))
            }
            Verb::ShrinkIndex { shards } => {
                let routing = state.routing();
                let shrunk = routing.shrink(*shards)?;
                // Shrinking needs every source shard on one node: the new shards start on the
                // node of the first source shard they merge.
                let factor = routing.shards / shrunk.shards;
                let nodes = state.shards();
                let owners = (0..shrunk.shards)
                    .map(|s| nodes.owners()[(s * factor) as usize])
                    .collect();
                Ok(resized(cluster, shrunk, Units::new(owners), "shrunk"))
            }
        }
    }

    /// Reads `index:…`, `split:N` or `shrink:N`; `None` for another verb.
    pub fn read(verb: &str, rest: &str) -> Option<Result<Verb, Error>> {
        Some(match verb {
            "index" => rest.parse().map(|index| Verb::CreateIndex { index }),
            "split" => parse_number(rest).map(|shards| Verb::SplitIndex { shards }),
            "shrink" => parse_number(rest).map(|shards| Verb::ShrinkIndex { shards }),
            _ => return None,
        })
    }
}

impl fmt::Display for Verb {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Verb::CreateIndex { index } => write!(f, "index:{index}"),
            Verb::SplitIndex { shards } => write!(f, "split:{shards}"),
            Verb::ShrinkIndex { shards } => write!(f, "shrink:{shards}"),
        }
    }
}

fn resized(cluster: &Cluster<'_>, routing: Routing, nodes: Units, verb: &str) -> Applied {
    let before = cluster.state.routing().shards;
    Applied::changed(
        cluster.state.with_index(routing, nodes),
        format!(
            "The index is {verb} from {before} to {} primary {}.",
            routing.shards,
            plural(routing.shards as usize, "shard", "shards")
        ),
    )
}

/// The index travels in JSON as its text, `3/768`.
fn as_text<S: Serializer>(index: &Routing, serializer: S) -> Result<S::Ok, S::Error> {
    serializer.collect_str(index)
}
