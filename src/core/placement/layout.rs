//! What a placement reads: a borrowed view of the servers, the keys and the settings.
//!
//! A placement never sees the scenario that holds these; the scenario lends a [`Layout`] of
//! itself, and anything else (a sweep's growing cluster, a test) can build one directly.

use std::sync::Arc;

use super::options::Options;
use super::partitions::PartitionTable;
use super::systems::state::SystemState;
use crate::core::hash::HashScheme;
use crate::core::keys::KeySet;
use crate::core::ring::Ring;
use crate::core::server::Server;
use crate::core::size::RingSize;

/// The servers, keys and settings a placement is evaluated on, borrowed.
#[derive(Debug, Clone, Copy)]
pub struct Layout<'a> {
    /// The ring's size (the positions keys and points take).
    pub size: RingSize,
    /// The hash that places keys and points.
    pub hash: HashScheme,
    /// Virtual nodes per weight-1 hashed server.
    pub vnodes: u32,
    /// The servers that are up, in list order (the order `hash mod N` indexes).
    pub servers: &'a [Server],
    /// Their points on the ring.
    pub ring: &'a Arc<Ring>,
    /// The keys.
    pub keys: &'a Arc<KeySet>,
    /// The placements' settings.
    pub options: Options,
    /// The partition table, which changes partition by partition as servers come and go.
    pub table: &'a Arc<PartitionTable>,
    /// The real systems' state: Redis's slots, the Kafka topic, the Elasticsearch index,
    /// Cassandra tokens read from a ring listing.
    pub systems: &'a SystemState,
}

impl Layout<'_> {
    /// The server called `name`, with its index in the list.
    pub fn server(&self, name: &str) -> Option<(usize, &Server)> {
        self.servers
            .iter()
            .enumerate()
            .find(|(_, s)| s.name == name)
    }

    /// Each server's weight, in list order.
    pub fn weights(&self) -> Vec<u32> {
        self.servers.iter().map(Server::weight).collect()
    }

    /// Each server's name hashed with the layout's hash, in list order.
    pub fn name_hashes(&self) -> Vec<u32> {
        self.servers
            .iter()
            .map(|s| self.hash.hash32(&s.name))
            .collect()
    }

    /// The servers' names, in list order.
    pub fn names(&self) -> &[Arc<str>] {
        self.ring.names()
    }
}
