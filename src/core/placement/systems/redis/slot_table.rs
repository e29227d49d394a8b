//! Redis's slot table as the scenario keeps it: the master holding each of the 16,384 slots.

use std::sync::Arc;

use super::cli::{created, emptied};
use crate::core::placement::systems::state::{StatePart, SystemState};
use crate::core::placement::systems::units::Units;

/// The slot table: what `redis-cli --cluster create` splits, until a verb changes it.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct SlotTable(Arc<Units>);

impl StatePart for SlotTable {
    fn new(servers: usize) -> SlotTable {
        SlotTable(Arc::new(created(servers)))
    }

    fn fits(&self, servers: usize) -> bool {
        self.0.fits(servers)
    }

    /// `add-node` hands the new master no slot.
    fn joined(&self, index: usize, _servers: usize) -> SlotTable {
        SlotTable(Arc::new(self.0.inserted(index)))
    }

    /// The master's slots go as a rebalance with its weight at 0 sends them, which is what an
    /// operator runs before `del-node`.
    fn left(&self, index: usize, servers: usize, _forget: Option<&str>) -> SlotTable {
        let (slots, _) = emptied(&self.0, servers, index);
        SlotTable(Arc::new(slots.removed(index)))
    }
}

impl SystemState {
    /// The slot table.
    pub fn slots(&self) -> &Units {
        &self.part::<SlotTable>().0
    }

    /// The slot table, or the `create` split when it does not fit `servers` servers.
    pub fn slots_for(&self, servers: usize) -> Arc<Units> {
        self.part::<SlotTable>().fitted(servers).0
    }

    /// The same state with `slots` as the slot table.
    pub fn with_slots(&self, slots: Units) -> SystemState {
        self.with_part(SlotTable(Arc::new(slots)))
    }
}
