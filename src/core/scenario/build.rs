//! Setting a scenario's parts directly, for readers (links, files) that check each value on
//! its own and report what they skipped, rather than announcing a change. Each setter checks
//! what the scenario needs to stay whole and refuses the rest, leaving the scenario as it was.

use std::sync::Arc;

use super::data_source::DataSource;
use super::state::Scenario;
use super::timing::{check_gossip, check_replicas, check_restart_after, check_writes, Timing};
use crate::core::error::Error;
use crate::core::keys::Key;
use crate::core::placement::partitions::{check_count, PartitionTable};
use crate::core::placement::systems::SystemState;
use crate::core::placement::{check_load, check_maglev_size, check_probes, Kind, Options};
use crate::core::server::Server;
use crate::core::traffic::{check_heat, check_remedy, Popularity, Remedy, Traffic};

impl Scenario {
    /// Sets the placement, its settings and the partition table together: the table must hold
    /// the options' number of partitions, dealt among this scenario's servers, and jump hash
    /// takes no weights.
    pub fn set_placement_settings(
        &mut self,
        placement: Kind,
        options: Options,
        table: PartitionTable,
    ) -> Result<(), Error> {
        if !placement.here() {
            return Err(Error::PlacementLoading(placement.name()));
        }
        check_maglev_size(options.maglev_size)?;
        check_load(options.load)?;
        check_probes(options.probes)?;
        if let Some(count) = options.partitions {
            check_count(count, self.size)?;
        }
        let down = self.down.iter().map(|d| &d.server);
        placement
            .spec()
            .check_servers(self.servers.iter().chain(down))?;
        let count = options.partition_count(self.size);
        if table.count() != count || !table.fits(self.servers.len()) {
            return Err(Error::BadTable(format!("{count} partitions")));
        }
        let mut next = self.edited();
        next.placement = placement;
        next.options = options;
        next.table = Arc::new(table);
        *self = next;
        Ok(())
    }

    /// Sets the real systems' state: every slot, partition and shard held by one of this
    /// scenario's servers, and the tokens read free of duplicates.
    pub fn set_systems(&mut self, systems: SystemState) -> Result<(), Error> {
        if !systems.fits(self.servers.len()) {
            return Err(Error::System(format!(
                "The systems' state names more servers than the {} up.",
                self.servers.len()
            )));
        }
        systems.check()?;
        let mut next = self.edited();
        next.systems = systems;
        *self = next;
        Ok(())
    }

    /// The same keys, settings, traffic and timing on other servers, placed by `placement`:
    /// the ring, the partition table and the systems' state start as for a new cluster of
    /// those servers, and nothing is down. Readers of a pasted cluster build on this.
    pub fn with_servers(&self, servers: Vec<Server>, placement: Kind) -> Result<Scenario, Error> {
        let mut next = Scenario::new(self.size, self.hash, self.vnodes, servers)?;
        next.keys = self.keys.clone();
        next.options = self.options;
        next.table = Arc::new(PartitionTable::round_robin(
            self.options.partition_count(self.size),
            next.servers.len(),
        ));
        next.placement = placement;
        next.traffic = self.traffic.clone();
        next.timing = self.timing;
        Ok(next)
    }

    /// Sets the placements' settings alone, each checked.
    pub fn set_options(&mut self, options: Options) -> Result<(), Error> {
        let table = (*self.table).clone();
        let placement = self.placement;
        self.set_placement_settings(placement, options, table)
    }

    /// Sets the timeline's settings, each checked.
    pub fn set_timing(&mut self, timing: Timing) -> Result<(), Error> {
        check_replicas(timing.replicas)?;
        timing.restart_after.map(check_restart_after).transpose()?;
        check_gossip(timing.gossip)?;
        check_writes(timing.writes)?;
        self.timing = timing;
        Ok(())
    }

    /// Sets the traffic model: its remedies checked, and every hot key one the scenario holds.
    pub fn set_traffic(&mut self, traffic: Traffic) -> Result<(), Error> {
        check_remedy(Remedy::Top(traffic.top))?;
        check_remedy(Remedy::Bounded(traffic.bounded))?;
        check_remedy(Remedy::Copies(traffic.copies))?;
        check_remedy(Remedy::Near(traffic.near))?;
        if let Some(measured) = &traffic.measured {
            if measured.counts().len() != self.keys.len() {
                return Err(Error::Unreadable(
                    "The counts do not match the keys, one for each.".into(),
                ));
            }
        } else if traffic.popularity == Popularity::Measured {
            return Err(Error::NoCounts);
        }
        for (label, times) in &traffic.hot {
            check_heat(*times)?;
            let label = Key::parse(label)?.label();
            if self.keys.find(&label).is_none() {
                return Err(Error::NoSuchKey(label));
            }
        }
        self.traffic = traffic;
        Ok(())
    }

    /// Remembers that the keys came from a file (or forgets it).
    pub fn set_source(&mut self, source: Option<DataSource>) {
        self.source = source.map(Arc::new);
    }
}
