//! The Kafka topic as the scenario keeps it: its partitions and each one's leader.

use std::sync::Arc;

use crate::core::placement::systems::state::{StatePart, SystemState};
use crate::core::placement::systems::units::Units;

/// Partitions of a new Kafka topic here.
pub const PARTITIONS: u32 = 6;
/// The most partitions a Kafka topic may have here.
pub const MAX_PARTITIONS: u32 = 4096;

/// Each partition's leader: led round-robin when the topic is created.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct TopicLeaders(Arc<Units>);

impl StatePart for TopicLeaders {
    fn new(servers: usize) -> TopicLeaders {
        TopicLeaders(Arc::new(Units::round_robin(PARTITIONS, servers)))
    }

    fn fits(&self, servers: usize) -> bool {
        self.0.fits(servers)
    }

    /// The same partitions led round-robin, when the leaders do not fit.
    fn fitted(&self, servers: usize) -> TopicLeaders {
        if self.fits(servers) {
            self.clone()
        } else {
            TopicLeaders(Arc::new(Units::round_robin(self.0.len(), servers)))
        }
    }

    /// A new broker leads nothing.
    fn joined(&self, index: usize, _servers: usize) -> TopicLeaders {
        TopicLeaders(Arc::new(self.0.inserted(index)))
    }

    /// The broker's partitions are led by the brokers leading the fewest.
    fn left(&self, index: usize, servers: usize, _forget: Option<&str>) -> TopicLeaders {
        let (leaders, _) = self.0.handed_out(index, servers);
        TopicLeaders(Arc::new(leaders.removed(index)))
    }
}

impl SystemState {
    /// Each partition's leader.
    pub fn leaders(&self) -> &Units {
        &self.part::<TopicLeaders>().0
    }

    /// The partitions' leaders, or round-robin leaders when they do not fit `servers`.
    pub fn leaders_for(&self, servers: usize) -> Arc<Units> {
        self.part::<TopicLeaders>().fitted(servers).0
    }

    /// The same state with a topic led by `leaders`.
    pub fn with_leaders(&self, leaders: Units) -> SystemState {
        self.with_part(TopicLeaders(Arc::new(leaders)))
    }
}
