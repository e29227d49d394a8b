//! The Elasticsearch index as the scenario keeps it: its routing and the node holding each
//! primary shard.

use std::sync::Arc;

use super::routing::Routing;
use crate::core::placement::systems::state::{StatePart, SystemState};
use crate::core::placement::systems::units::Units;

/// An index: 3 shards dealt round-robin when it is created.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct ShardedIndex {
    routing: Routing,
    shards: Arc<Units>,
}

impl StatePart for ShardedIndex {
    fn new(servers: usize) -> ShardedIndex {
        let routing = Routing::default();
        ShardedIndex {
            shards: Arc::new(Units::round_robin(routing.shards, servers)),
            routing,
        }
    }

    fn fits(&self, servers: usize) -> bool {
        self.shards.fits(servers)
    }

    /// The same shards dealt round-robin, when their nodes do not fit.
    fn fitted(&self, servers: usize) -> ShardedIndex {
        if self.fits(servers) {
            self.clone()
        } else {
            ShardedIndex {
                shards: Arc::new(Units::round_robin(self.shards.len(), servers)),
                routing: self.routing,
            }
        }
    }

    /// The balancer moves shards to the new node until the counts are even.
    fn joined(&self, index: usize, servers: usize) -> ShardedIndex {
        let (shards, _) = self.shards.inserted(index).balanced_onto(index, servers);
        ShardedIndex {
            shards: Arc::new(shards),
            routing: self.routing,
        }
    }

    /// The node's shards go to the nodes holding the fewest.
    fn left(&self, index: usize, servers: usize, _forget: Option<&str>) -> ShardedIndex {
        let (shards, _) = self.shards.handed_out(index, servers);
        ShardedIndex {
            shards: Arc::new(shards.removed(index)),
            routing: self.routing,
        }
    }
}

impl SystemState {
    /// The index's routing.
    pub fn routing(&self) -> Routing {
        self.part::<ShardedIndex>().routing
    }

    /// Each shard's node.
    pub fn shards(&self) -> &Units {
        &self.part::<ShardedIndex>().shards
    }

    /// The shards' nodes, or round-robin nodes when they do not fit `servers`.
    pub fn shards_for(&self, servers: usize) -> Arc<Units> {
        self.part::<ShardedIndex>().fitted(servers).shards
    }

    /// The same state with an index routed by `routing`, its shards on `shards`.
    pub fn with_index(&self, routing: Routing, shards: Units) -> SystemState {
        self.with_part(ShardedIndex {
            routing,
            shards: Arc::new(shards),
        })
    }
}
