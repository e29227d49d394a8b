//! The one vocabulary of changes: every button, click, shortcut, link, lesson step, host-page
//! message and command-line flag becomes one of these.

use serde::{Deserialize, Serialize};

use crate::core::decimal::hundredths_text;
use crate::core::error::Error;
use crate::core::hash::HashScheme;
use crate::core::placement::systems::elasticsearch::Routing;
use crate::core::placement::systems::haproxy::HashType;
use crate::core::placement::{parse_hash_type, parse_load, Kind, Setting};
use crate::core::size::parse_number;
use crate::core::traffic::{Popularity, Remedy};

/// One change to a scenario.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Change {
    /// Add a server: hashed (with an optional weight), or placed by hand at `at`.
    AddServer {
        /// Its name.
        name: String,
        /// A position chosen by hand, for a one-point server.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        at: Option<u64>,
        /// Its weight, for a hashed server (1 when absent).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        weight: Option<u32>,
    },
    /// Put these servers in place of the ones on the ring (a pasted server list), in this
    /// order; servers that are down are forgotten.
    SetServers {
        /// The servers, each hashed (with an optional weight) or placed by hand.
        servers: Vec<NewServer>,
    },
    /// Remove a server and its points.
    RemoveServer {
        /// Its name.
        name: String,
    },
    /// Set the number of virtual nodes per (weight-1) hashed server.
    SetVnodes {
        /// Points per server.
        vnodes: u32,
    },
    /// Set a hashed server's weight.
    SetWeight {
        /// The server.
        name: String,
        /// Its new weight.
        weight: u32,
    },
    /// Move a hand-placed server's point.
    MovePoint {
        /// The server.
        name: String,
        /// Its new position.
        to: u64,
    },
    /// Hash every server placed by hand: each takes its points from its name's hash, as a
    /// server added without a position does, so virtual nodes and weights apply to it.
    HashPlaced,
    /// Add keys by label: `@52` places a key at 52, anything else is a name to hash.
    AddKeys {
        /// The labels.
        keys: Vec<String>,
    },
    /// Add `count` generated keys, continuing `key-0`, `key-1`, ...
    GenerateKeys {
        /// How many.
        count: usize,
    },
    /// Remove one key.
    DropKey {
        /// Its label.
        label: String,
    },
    /// Remove every key.
    ClearKeys,
    /// Change the ring's size; hashed points and keys are placed again.
    SetRingSize {
        /// The new number of positions.
        size: u64,
    },
    /// Change the hash scheme; hashed points and keys are placed again.
    SetHash {
        /// The new scheme.
        hash: HashScheme,
    },
    /// Choose the placement the panels speak of.
    SetPlacement {
        /// The placement.
        placement: Kind,
    },
    /// Set maglev's table size (a prime).
    SetMaglevSize {
        /// Entries in the table.
        size: u32,
    },
    /// Set the partition table's number of partitions; the table starts round-robin again.
    SetPartitions {
        /// Partitions.
        count: u32,
    },
    /// Set bounded loads' factor c.
    SetLoadFactor {
        /// c in hundredths: 125 is 1.25.
        hundredths: u32,
    },
    /// Set multi-probe's probes per key.
    SetProbes {
        /// Probes.
        count: u32,
    },
    /// Set how popular keys are by rank.
    SetPopularity {
        /// Uniform or Zipf.
        #[serde(with = "as_text")]
        popularity: Popularity,
    },
    /// Make a key `times` hotter than its popularity (1 makes it ordinary again).
    MakeHot {
        /// The key's label.
        key: String,
        /// The multiplier.
        times: u32,
    },
    /// Turn a remedy for hot keys on or off, or set how many of the hottest keys they treat.
    SetRemedy {
        /// The remedy and its setting.
        #[serde(with = "as_text")]
        remedy: Remedy,
    },
    /// A server fails: it leaves the ring, so its keys go to their successors, but it stays
    /// listed as down and can restart.
    FailServer {
        /// Its name.
        name: String,
    },
    /// A down server restarts, empty, at its old place: its arcs move back to it.
    RestartServer {
        /// Its name.
        name: String,
    },
    /// Set how many servers hold a copy of each key (1 to 5).
    SetReplicas {
        /// Copies per key.
        count: u32,
    },
    /// Set how long after a failure the failed server restarts, for the timeline.
    SetRestartDelay {
        /// Seconds (1 to 86,400); `None` leaves it down.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        seconds: Option<u32>,
    },
    /// Set how long a membership change takes to reach every client (0 to 600 seconds).
    SetGossip {
        /// Seconds.
        seconds: u32,
    },
    /// Set the writes per second, spread over the keys like the reads.
    SetWrites {
        /// Writes per second (0 to 10^12).
        per_second: u64,
    },
    /// Redis Cluster: `redis-cli --cluster rebalance`.
    Rebalance {
        /// `--cluster-use-empty-masters`: masters holding no slot take part.
        #[serde(default)]
        use_empty_masters: bool,
        /// `--cluster-threshold`, in hundredths of a percent (200 is 2%, the default).
        #[serde(default = "default_threshold")]
        threshold: u32,
        /// `--cluster-weight NAME=W`, W in hundredths (0 empties a master).
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        weights: Vec<(String, u32)>,
    },
    /// Redis Cluster: `redis-cli --cluster reshard --cluster-from … --cluster-to … --cluster-slots N`.
    Reshard {
        /// How many slots.
        slots: u32,
        /// The source masters; empty for `all` (every master but the target).
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        from: Vec<String>,
        /// The receiving master.
        to: String,
    },
    /// Kafka: the topic is created again with this many partitions, led round-robin.
    CreateTopic {
        /// Partitions.
        partitions: u32,
    },
    /// Kafka: `kafka-topics --alter --partitions`, adding this many partitions.
    AddPartitions {
        /// Partitions to add.
        count: u32,
    },
    /// Elasticsearch: the index is created again: shards, routing shards and version.
    CreateIndex {
        /// `3`, `3/768`, `4/4/9.4`: primary shards, routing shards, version.
        #[serde(with = "as_text")]
        index: Routing,
    },
    /// Elasticsearch: `_split` into this many primary shards.
    SplitIndex {
        /// The target's primary shards.
        shards: u32,
    },
    /// Elasticsearch: `_shrink` to this many primary shards.
    ShrinkIndex {
        /// The target's primary shards.
        shards: u32,
    },
    /// Cassandra: `num_tokens` per node of weight 1.
    SetNumTokens {
        /// Tokens.
        count: u32,
    },
    /// Cassandra: the seed the tokens are drawn from.
    SetTokenSeed {
        /// The seed.
        seed: u64,
    },
    /// Envoy ring_hash: `minimum_ring_size`.
    SetMinRing {
        /// Entries.
        size: u64,
    },
    /// groupcache: points (replicas) per node.
    SetGroupcacheReplicas {
        /// Points per node.
        count: u32,
    },
    /// HAProxy: `hash-type consistent …`.
    SetHashType {
        /// The hash function and whether avalanche follows.
        #[serde(with = "as_text")]
        hash_type: HashType,
    },
    /// twemproxy: the pool's `hash:`.
    SetNutcrackerHash {
        /// The hash's name in `nutcracker.yml`.
        hash: String,
    },
    /// twemproxy: the pool's `hash_tag:` (two characters), or none when empty.
    SetHashTag {
        /// The tag.
        tag: String,
    },
}

fn default_threshold() -> u32 {
    crate::core::placement::systems::redis::THRESHOLD
}

/// A server in a [`Change::SetServers`] list: hashed (with an optional weight), or placed by
/// hand at `at`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct NewServer {
    /// Its name.
    pub name: String,
    /// A position chosen by hand, for a one-point server.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub at: Option<u64>,
    /// Its weight, for a hashed server (1 when absent).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub weight: Option<u32>,
}

/// Popularities and remedies travel in JSON as their link text.
mod as_text {
    use std::fmt::Display;
    use std::str::FromStr;

    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<T: Display, S: Serializer>(
        value: &T,
        serializer: S,
    ) -> Result<S::Ok, S::Error> {
        serializer.collect_str(value)
    }

    pub fn deserialize<'de, T, D>(deserializer: D) -> Result<T, D::Error>
    where
        T: FromStr,
        T::Err: Display,
        D: Deserializer<'de>,
    {
        let text = String::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

impl Change {
    /// The change that sets `setting` to the value `text` says; the value is checked when
    /// the change is applied.
    pub fn setting(setting: Setting, text: &str) -> Result<Change, Error> {
        Ok(match setting {
            Setting::MaglevSize => Change::SetMaglevSize {
                size: parse_number(text)?,
            },
            Setting::Partitions => Change::SetPartitions {
                count: parse_number(text)?,
            },
            Setting::Load => Change::SetLoadFactor {
                hundredths: parse_load(text)?,
            },
            Setting::Probes => Change::SetProbes {
                count: parse_number(text)?,
            },
            Setting::NumTokens => Change::SetNumTokens {
                count: parse_number(text)?,
            },
            Setting::TokenSeed => Change::SetTokenSeed {
                seed: parse_number(text)?,
            },
            Setting::MinRing => Change::SetMinRing {
                size: parse_number(text)?,
            },
            Setting::GroupcacheReplicas => Change::SetGroupcacheReplicas {
                count: parse_number(text)?,
            },
            Setting::HashType => Change::SetHashType {
                hash_type: parse_hash_type(text)?,
            },
            Setting::NutcrackerHash => Change::SetNutcrackerHash {
                hash: text.trim().to_string(),
            },
            Setting::HashTag => Change::SetHashTag {
                tag: text.trim().to_string(),
            },
        })
    }

    /// The setting this change sets, and its value as change text writes it.
    pub fn as_setting(&self) -> Option<(Setting, String)> {
        Some(match self {
            Change::SetMaglevSize { size } => (Setting::MaglevSize, size.to_string()),
            Change::SetPartitions { count } => (Setting::Partitions, count.to_string()),
            Change::SetLoadFactor { hundredths } => (Setting::Load, hundredths_text(*hundredths)),
            Change::SetProbes { count } => (Setting::Probes, count.to_string()),
            Change::SetNumTokens { count } => (Setting::NumTokens, count.to_string()),
            Change::SetTokenSeed { seed } => (Setting::TokenSeed, seed.to_string()),
            Change::SetMinRing { size } => (Setting::MinRing, size.to_string()),
            Change::SetGroupcacheReplicas { count } => {
                (Setting::GroupcacheReplicas, count.to_string())
            }
            Change::SetHashType { hash_type } => (Setting::HashType, hash_type.to_string()),
            Change::SetNutcrackerHash { hash } => (Setting::NutcrackerHash, hash.clone()),
            Change::SetHashTag { tag } => (Setting::HashTag, tag.clone()),
            // Every other change, named, so that a new setting's change is mapped on purpose.
            Change::AddServer { .. }
            | Change::SetServers { .. }
            | Change::RemoveServer { .. }
            | Change::SetVnodes { .. }
            | Change::SetWeight { .. }
            | Change::MovePoint { .. }
            | Change::HashPlaced
            | Change::AddKeys { .. }
            | Change::GenerateKeys { .. }
            | Change::DropKey { .. }
            | Change::ClearKeys
            | Change::SetRingSize { .. }
            | Change::SetHash { .. }
            | Change::SetPlacement { .. }
            | Change::SetPopularity { .. }
            | Change::MakeHot { .. }
            | Change::SetRemedy { .. }
            | Change::FailServer { .. }
            | Change::RestartServer { .. }
            | Change::SetReplicas { .. }
            | Change::SetRestartDelay { .. }
            | Change::SetGossip { .. }
            | Change::SetWrites { .. }
            | Change::Rebalance { .. }
            | Change::Reshard { .. }
            | Change::CreateTopic { .. }
            | Change::AddPartitions { .. }
            | Change::CreateIndex { .. }
            | Change::SplitIndex { .. }
            | Change::ShrinkIndex { .. } => return None,
        })
    }

    /// Whether this change can move keys between servers (as opposed to adding or removing keys).
    pub fn can_move_keys(&self) -> bool {
        !matches!(
            self,
            Change::AddKeys { .. }
                | Change::GenerateKeys { .. }
                | Change::DropKey { .. }
                | Change::ClearKeys
                | Change::SetPopularity { .. }
                | Change::MakeHot { .. }
                | Change::SetRemedy { .. }
                | Change::SetReplicas { .. }
                | Change::SetRestartDelay { .. }
                | Change::SetGossip { .. }
                | Change::SetWrites { .. }
        )
    }
}
