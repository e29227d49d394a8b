//! Changes to the ring's size and hash, the placement, and its settings.

use std::sync::Arc;

use super::super::outcome::Outcome;
use super::super::state::{Cache, Scenario};
use super::size_words;
use crate::core::error::Error;
use crate::core::hash::HashScheme;
use crate::core::placement::partitions::{self as table, PartitionTable};
use crate::core::placement::{unused, Kind, Setting};
use crate::core::ring::Ring;
use crate::core::size::RingSize;
use crate::core::traffic::Traffic;

impl Scenario {
    /// Changes the ring's size; hashed points and keys are placed again.
    pub(super) fn set_ring_size(&self, size: u64) -> Result<(Scenario, Outcome), Error> {
        self.refuse_fixed_ring()?;
        let size = RingSize::new(size)?;
        if let Some(count) = self.options.partitions {
            table::check_count(count, size)?;
        }
        self.replaced(
            size,
            self.hash,
            format!("The ring now has {} positions.", size_words(size)),
        )
    }

    /// Changes the hash; hashed points and keys are placed again.
    pub(super) fn set_hash(&self, hash: HashScheme) -> Result<(Scenario, Outcome), Error> {
        self.refuse_fixed_ring()?;
        self.replaced(
            self.size,
            hash,
            format!("Hashing with {}.", hash.describe()),
        )
    }

    /// Chooses the placement the panels speak of.
    pub(super) fn set_placement(&self, placement: Kind) -> Result<(Scenario, Outcome), Error> {
        let down = self.down.iter().map(|d| &d.server);
        placement
            .spec()
            .check_servers(self.servers.iter().chain(down))?;
        let mut next = self.edited();
        next.placement = placement;
        let mut outcome = Outcome::quiet(
            format!("Placing keys with {}.", placement.name()),
            self.keys.len(),
            self.servers.len(),
            placement,
        );
        outcome.notes = unused(placement, &next.layout());
        Ok((next, outcome))
    }

    /// Sets one of the placements' settings; the partition table is dealt again when its
    /// partitions are set.
    pub(super) fn set(&self, setting: Setting, value: &str) -> Result<(Scenario, Outcome), Error> {
        let mut next = self.edited();
        setting.read(value, &mut next.options, self.size)?;
        let weights = self.weights();
        if setting == Setting::Partitions {
            let count = next.options.partition_count(self.size);
            next.table = Arc::new(PartitionTable::start(count, &weights));
        }
        let weighted = weights.iter().any(|&w| w != weights[0]);
        let headline = setting.said(&next.options, self.size, weighted);
        Ok(self.moved(next, headline))
    }

    /// A new size or hash: every hashed point and key is placed again, and every point placed
    /// by hand keeps its share of the ring (see `scenario::by_hand`), so moved keys are
    /// found by comparing each key's owner before and after.
    pub(super) fn replaced(
        &self,
        size: RingSize,
        hash: HashScheme,
        headline: String,
    ) -> Result<(Scenario, Outcome), Error> {
        let carried = self.carried_to(size, hash)?;
        let ring = Ring::build(size, hash, self.vnodes, &carried.servers);
        let count = self.options.partition_count(size);
        let table = if count == self.table.count() {
            self.table.clone()
        } else {
            Arc::new(PartitionTable::start(count, &self.weights()))
        };
        let next = Scenario {
            size,
            hash,
            vnodes: self.vnodes,
            servers: carried.servers,
            ring: Arc::new(ring),
            keys: Arc::new(carried.keys),
            placement: self.placement,
            options: self.options,
            table,
            systems: self.systems.clone(),
            traffic: Traffic {
                hot: carried.hot,
                ..self.traffic.clone()
            },
            down: carried.down,
            timing: self.timing,
            source: self.source.clone(),
            placed: Cache::default(),
        };
        let (next, mut outcome) = self.moved(next, headline);
        outcome.notes.splice(0..0, carried.note);
        outcome.theory = None;
        if let Some(baseline) = &mut outcome.baseline {
            baseline.theory = None;
        }
        Ok((next, outcome))
    }
}
