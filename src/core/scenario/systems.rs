//! The real systems' own verbs applied to a scenario: Redis's rebalance and reshard, a Kafka
//! topic's partitions, an Elasticsearch index's split and shrink, and the systems' settings;
//! and what a change did to the chosen system's own structure.

use super::{Outcome, Scenario, SystemOutcome};
use crate::core::error::{shown, Error};
use crate::core::placement::systems::elasticsearch::Routing;
use crate::core::placement::systems::redis::{self, Rebalance, Rebalanced};
use crate::core::placement::systems::units::Units;
use crate::core::placement::systems::{kafka, units_moved};
use crate::core::placement::{
    check_groupcache_replicas, check_min_ring, check_num_tokens, parse_hash_tag, parse_nc_hash,
    Kind,
};
use crate::core::scenario::Change;
use crate::core::words::{grouped, plural};

impl Scenario {
    /// Applies one of the systems' verbs or settings.
    pub(super) fn system_change(&self, change: &Change) -> Result<(Scenario, Outcome), Error> {
        match change {
            Change::Rebalance {
                use_empty_masters,
                threshold,
                weights,
            } => self.rebalance(*use_empty_masters, *threshold, weights),
            Change::Reshard { slots, from, to } => self.reshard(*slots, from, to),
            Change::CreateTopic { partitions } => {
                let p = check_partitions(*partitions)?;
                let leaders = Units::round_robin(p, self.servers.len());
                let mut next = self.edited();
                next.systems = self.systems.with_leaders(leaders);
                Ok(self.moved(
                    next,
                    format!(
                        "The topic is created again with {p} {}, led round-robin.",
                        plural(p as usize, "partition", "partitions")
                    ),
                ))
            }
            Change::AddPartitions { count } => {
                let before = self.systems.leaders();
                let total = before.len().saturating_add(*count);
                if *count == 0 {
                    return Err(Error::System(format!(
                        "The number of partitions for a topic can only be increased. Topic currently has {} partitions, {} would not be an increase.",
                        before.len(),
                        before.len()
                    )));
                }
                let total = check_partitions(total)?;
                // New partitions are led round-robin too, continuing after the last one.
                let n = self.servers.len();
                let mut owners = before.owners().to_vec();
                owners.extend((before.len()..total).map(|p| (p as usize % n) as u16));
                let mut next = self.edited();
                next.systems = self.systems.with_leaders(Units::new(owners));
                Ok(self.moved(
                    next,
                    format!(
                        "{count} {} added: the topic now has {total}.",
                        plural(*count as usize, "partition", "partitions")
                    ),
                ))
            }
            Change::CreateIndex { index } => {
                let index = Routing::new(index.shards, Some(index.routing_shards), index.version)?;
                let mut next = self.edited();
                next.systems = self
                    .systems
                    .with_index(index, Units::round_robin(index.shards, self.servers.len()));
                Ok(self.moved(
                    next,
                    format!(
                        "The index is created again: {} primary {}, {} routing shards, {}.",
                        index.shards,
                        plural(index.shards as usize, "shard", "shards"),
                        grouped(u64::from(index.routing_shards)),
                        index.version.describe()
                    ),
                ))
            }
            Change::SplitIndex { shards } => {
                let routing = self.systems.routing();
                let split = routing.split(*shards)?;
                // Each new shard is a piece of an old one and starts on the old one's node.
                let factor = split.shards / routing.shards;
                let nodes = self.systems.shards();
                let owners = (0..split.shards)
                    .map(|s| nodes.owners()[(s / factor) as usize])
                    .collect();
                self.index_resized(split, Units::new(owners), "split")
            }
            Change::ShrinkIndex { shards } => {
                let routing = self.systems.routing();
                let shrunk = routing.shrink(*shards)?;
                // Shrinking needs every source shard on one node: the new shards start on the
                // node of the first source shard they merge.
                let factor = routing.shards / shrunk.shards;
                let nodes = self.systems.shards();
                let owners = (0..shrunk.shards)
                    .map(|s| nodes.owners()[(s * factor) as usize])
                    .collect();
                self.index_resized(shrunk, Units::new(owners), "shrunk")
            }
            Change::SetNumTokens { count } => {
                let count = check_num_tokens(*count)?;
                let mut next = self.edited();
                next.options.num_tokens = count;
                Ok(self.moved(
                    next,
                    format!(
                        "Cassandra nodes now hold {count} {} each.",
                        plural(count as usize, "token", "tokens")
                    ),
                ))
            }
            Change::SetTokenSeed { seed } => {
                let mut next = self.edited();
                next.options.token_seed = *seed;
                Ok(self.moved(
                    next,
                    format!("Cassandra's tokens are drawn again, from seed {seed}."),
                ))
            }
            Change::SetMinRing { size } => {
                let size = check_min_ring(*size)?;
                let mut next = self.edited();
                next.options.min_ring = size;
                Ok(self.moved(
                    next,
                    format!("Envoy's minimum_ring_size is now {}.", grouped(size)),
                ))
            }
            Change::SetGroupcacheReplicas { count } => {
                let count = check_groupcache_replicas(*count)?;
                let mut next = self.edited();
                next.options.groupcache_replicas = count;
                Ok(self.moved(
                    next,
                    format!(
                        "groupcache now puts {count} {} per node.",
                        plural(count as usize, "point", "points")
                    ),
                ))
            }
            Change::SetHashType { hash_type } => {
                let mut next = self.edited();
                next.options.hash_type = *hash_type;
                Ok(self.moved(next, format!("HAProxy now uses hash-type {hash_type}.")))
            }
            Change::SetNutcrackerHash { hash } => {
                let hash = parse_nc_hash(hash)?;
                let mut next = self.edited();
                next.options.nc_hash = hash;
                Ok(self.moved(
                    next,
                    format!("twemproxy now hashes keys with {}.", hash.name()),
                ))
            }
            Change::SetHashTag { tag } => {
                let tag = parse_hash_tag(tag)?;
                let mut next = self.edited();
                next.options.hash_tag = tag;
                let said = match tag {
                    Some(t) => format!(
                        "twemproxy now hashes only what a key holds between {} and {}.",
                        char::from(t[0]),
                        char::from(t[1])
                    ),
                    None => "twemproxy now hashes whole keys.".to_string(),
                };
                Ok(self.moved(next, said))
            }
            other => unreachable!("{other:?} is applied by apply.rs"),
        }
    }

    fn index_resized(
        &self,
        routing: Routing,
        nodes: Units,
        verb: &str,
    ) -> Result<(Scenario, Outcome), Error> {
        let before = self.systems.routing().shards;
        let mut next = self.edited();
        next.systems = self.systems.with_index(routing, nodes);
        Ok(self.moved(
            next,
            format!(
                "The index is {verb} from {before} to {} primary {}.",
                routing.shards,
                plural(routing.shards as usize, "shard", "shards")
            ),
        ))
    }

    /// Refuses the server at `index` leaving where the chosen system refuses it (Redis's
    /// `del-node` of a master that holds slots).
    pub(super) fn refuse_del_node(&self, index: usize) -> Result<(), Error> {
        (self.placement.spec().refuse_leaving)(&self.layout(), index)
    }

    fn rebalance(
        &self,
        use_empty: bool,
        threshold: u32,
        weights: &[(String, u32)],
    ) -> Result<(Scenario, Outcome), Error> {
        let n = self.servers.len();
        let mut w = vec![1.0f32; n];
        for (name, weight) in weights {
            let (index, _) = self.server(name).map_err(|_| {
                Error::System(format!("*** No such master node {}", shown(name.trim())))
            })?;
            w[index] = *weight as f32 / 100.0;
        }
        let plan = Rebalance {
            weights: w,
            use_empty_masters: use_empty,
            threshold: threshold as f32 / 100.0,
        };
        let total: f32 = (0..n)
            .filter(|&i| use_empty || self.systems.slots().counts(n)[i] > 0)
            .map(|i| plan.weights[i])
            .sum();
        if total <= 0.0 {
            return Err(Error::System(
                "Every master taking part has weight 0: there is nowhere to put the slots.".into(),
            ));
        }
        match redis::rebalance(self.systems.slots(), n, &plan) {
            Rebalanced::NotNeeded => {
                let mut outcome = Outcome::quiet(
                    format!(
                        "*** No rebalancing needed! All nodes are within the {:.2}% threshold.",
                        plan.threshold
                    ),
                    self.keys.len(),
                    n,
                    self.placement,
                );
                if !use_empty && self.systems.slots().counts(n).contains(&0) {
                    outcome.notes.push(
                        "A master holding no slot takes part only with use-empty-masters."
                            .to_string(),
                    );
                }
                Ok((self.clone(), outcome))
            }
            Rebalanced::Moved { table, steps, .. } => {
                let mut next = self.edited();
                next.systems = self.systems.with_slots(table);
                let lines: Vec<String> = steps
                    .iter()
                    .map(|&(from, to, count)| {
                        format!(
                            "Moving {count} slots from {} to {}",
                            self.servers[from].name, self.servers[to].name
                        )
                    })
                    .collect();
                let (next, mut outcome) =
                    self.moved(next, format!("Rebalanced across {} masters.", n));
                outcome.baseline = None;
                if let Some(system) = &mut outcome.system {
                    system.lines = lines;
                }
                Ok((next, outcome))
            }
        }
    }

    fn reshard(&self, slots: u32, from: &[String], to: &str) -> Result<(Scenario, Outcome), Error> {
        let n = self.servers.len();
        if !(1..=redis::SLOTS).contains(&slots) {
            return Err(Error::System(format!(
                "A reshard moves from 1 to 16384 slots, not {slots}."
            )));
        }
        let (target, _) = self.server(to).map_err(|_| {
            Error::System(format!(
                "*** The specified node ({}) is not known or not a master, please retry.",
                shown(to.trim())
            ))
        })?;
        let sources: Vec<usize> = if from.is_empty() {
            (0..n).filter(|&i| i != target).collect()
        } else {
            let mut list = Vec::new();
            for name in from {
                let (i, _) = self.server(name).map_err(|_| {
                    Error::System(format!(
                        "*** The specified node ({}) is not known or not a master, please retry.",
                        shown(name.trim())
                    ))
                })?;
                if i == target {
                    return Err(Error::System(
                        "*** It is not possible to use the target node as source node.".into(),
                    ));
                }
                list.push(i);
            }
            list
        };
        if sources.is_empty() {
            return Err(Error::System(
                "*** No source nodes given, operation aborted.".into(),
            ));
        }
        let (table, moved) = redis::reshard(self.systems.slots(), &sources, target, slots);
        let mut next = self.edited();
        next.systems = self.systems.with_slots(table);
        let mut lines = Vec::new();
        // In the reshard table's order: the source holding the most first.
        let mut order: Vec<usize> = Vec::new();
        for m in &moved {
            if !order.contains(&m.from) {
                order.push(m.from);
            }
        }
        for &s in &order {
            let given: Vec<u32> = moved
                .iter()
                .filter(|m| m.from == s)
                .map(|m| m.unit)
                .collect();
            if let (Some(first), Some(last)) = (given.first(), given.last()) {
                lines.push(format!(
                    "Moving {} from {} to {}: {first}-{last}",
                    redis::slots_words(given.len() as u64),
                    self.servers[s].name,
                    self.servers[target].name
                ));
            }
        }
        let headline = format!(
            "Resharded {} to {}.",
            redis::slots_words(moved.len() as u64),
            self.servers[target].name
        );
        let (next, mut outcome) = self.moved(next, headline);
        outcome.baseline = None;
        if let Some(system) = &mut outcome.system {
            system.lines = lines;
        }
        Ok((next, outcome))
    }
}

fn check_partitions(count: u32) -> Result<u32, Error> {
    if (1..=kafka::MAX_PARTITIONS).contains(&count) {
        Ok(count)
    } else {
        Err(Error::System(format!(
            "A topic has from 1 to {} partitions here.",
            grouped(u64::from(kafka::MAX_PARTITIONS))
        )))
    }
}

/// What a change did to the structure of `kind`, when it is a real system: units that changed
/// server (or came and went), and keys that changed partition or shard.
pub(super) fn system_outcome(
    before: &Scenario,
    after: &Scenario,
    kind: Kind,
) -> Option<SystemOutcome> {
    let (pb, pa) = (before.placed(), after.placed());
    let (b, a) = (pb.system()?, pa.system()?);
    let moved = units_moved(b, pb.names(), a, pa.names());
    let regrouped = a.regroups().then(|| {
        let keys = after.keys();
        let common = before.keys().len().min(keys.len()) as u32;
        (0..common)
            .filter(|&id| pb.regroups(before.keys(), &pa, keys, id))
            .count()
    });
    Some(SystemOutcome {
        unit: kind.units().unwrap_or("units"),
        moved,
        total: a.unit_count(),
        regrouped,
        lines: Vec::new(),
    })
}
