//! Placements: the ways of deciding which server owns a key, side by side.
//!
//! Every placement answers one question, "which server owns this key?", for the scenario's
//! servers (in list order, with their weights) and keys. All but ketama start from the key's
//! 32-bit hash, the value the ring uses (a key placed by hand at p has hash p); ketama hashes
//! the key's label its own way. Where an algorithm needs 64 bits it widens the hash with
//! [`widen`](crate::core::widen).
//!
//! | placement | a key goes to | module |
//! |---|---|---|
//! | hash mod N | `servers[hash mod N]` | [`crate::core::mod_n_owner`] |
//! | ring | the first point at or after its position | [`crate::core::Ring`] |
//! | ketama | the same, on libketama's own 2^32 ring | [`ketama`] |
//! | rendezvous | the server scoring it highest | [`rendezvous`] |
//! | jump | the bucket its jumps end on | [`jump`] |
//! | maglev | the owner of table entry `hash mod M` | [`maglev`] |
//! | partition table | the holder of its partition | [`table`] |
//! | bounded loads | the first server with room, from its ring owner on | [`bounded`] |
//! | multi-probe | the server whose point follows one of its k probes most closely | [`multi_probe`] |
//!
//! [`Placed`] is one placement evaluated on one [`Layout`]: the algorithm's structure, each

pub mod bounded;
mod expected;
pub mod jump;
pub mod ketama;
mod layout;
pub mod maglev;
mod measure;
mod moved;
pub mod multi_probe;
mod options;
mod placed;
pub mod rendezvous;
pub mod systems;
pub mod table;
mod trace;
mod unused;

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::core::error::Error;

pub use expected::{theory, Theory};
pub use layout::Layout;
pub use measure::{Cost, Space, State};
pub use moved::{ideal_movement, mod_n_moves, moves_between};
pub use options::{
    check_groupcache_replicas, check_load, check_maglev_size, check_min_ring, check_num_tokens,
    check_probes, parse_load, Options,
};
pub use placed::{ketama_hash, Placed};
pub use trace::{Mark, Trace};
pub use unused::unused;

/// A way of placing keys on servers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Kind {
    /// `servers[hash mod N]`.
    ModN,
    /// The consistent-hashing ring with virtual nodes.
    #[default]
    Ring,
    /// libketama's ring, as memcached clients use it.
    Ketama,
    /// Rendezvous (highest random weight) hashing.
    Rendezvous,
    /// Jump consistent hash.
    Jump,
    /// Maglev's lookup table.
    Maglev,
    /// A fixed table of partitions.
    Table,
    /// The ring with bounded loads.
    Bounded,
    /// Multi-probe consistent hashing.
    MultiProbe,
    /// Redis Cluster's 16,384 hash slots.
    RedisCluster,
    /// Cassandra's Murmur3Partitioner token ring.
    Cassandra,
    /// Envoy's ring_hash load balancer.
    EnvoyRingHash,
    /// Envoy's maglev load balancer.
    EnvoyMaglev,
    /// nginx's `hash $key consistent`.
    Nginx,
    /// Kafka's Java producer, keyed records.
    Kafka,
    /// Kafka's C client, librdkafka, keyed records.
    KafkaLibrdkafka,
    /// Elasticsearch's document routing.
    Elasticsearch,
    /// groupcache's `consistenthash`.
    Groupcache,
}

impl Kind {
    /// Every placement, in the order they are offered.
    pub const ALL: [Kind; 9] = [
        Kind::Ring,
        Kind::ModN,
        Kind::Ketama,
        Kind::Rendezvous,
        Kind::Jump,
        Kind::Maglev,
        Kind::Table,
        Kind::Bounded,
        Kind::MultiProbe,
    ];

    /// The real systems, placed byte for byte as each one places keys.
    pub const SYSTEMS: [Kind; 9] = [
        Kind::RedisCluster,
        Kind::Cassandra,
        Kind::EnvoyRingHash,
        Kind::EnvoyMaglev,
        Kind::Nginx,
        Kind::Kafka,
        Kind::KafkaLibrdkafka,
        Kind::Elasticsearch,
        Kind::Groupcache,
    ];

    /// Every placement: the textbook ones ([`Kind::ALL`]), then the real systems.
    pub fn every() -> impl Iterator<Item = Kind> {
        Kind::ALL.into_iter().chain(Kind::SYSTEMS)
    }

    /// Whether this is a real system rather than a textbook placement.
    pub fn is_system(self) -> bool {
        Kind::SYSTEMS.contains(&self)
    }

    /// The name used in links and on the command line.
    pub fn id(self) -> &'static str {
        match self {
            Kind::ModN => "mod-n",
            Kind::Ring => "ring",
            Kind::Ketama => "ketama",
            Kind::Rendezvous => "rendezvous",
            Kind::Jump => "jump",
            Kind::Maglev => "maglev",
            Kind::Table => "table",
            Kind::Bounded => "bounded",
            Kind::MultiProbe => "multi-probe",
            Kind::RedisCluster => "redis-cluster",
            Kind::Cassandra => "cassandra",
            Kind::EnvoyRingHash => "envoy-ring-hash",
            Kind::EnvoyMaglev => "envoy-maglev",
            Kind::Nginx => "nginx",
            Kind::Kafka => "kafka",
            Kind::KafkaLibrdkafka => "kafka-librdkafka",
            Kind::Elasticsearch => "elasticsearch",
            Kind::Groupcache => "groupcache",
        }
    }

    /// The name as a column or field of machine-read output (CSV headers, JSON keys):
    /// `mod_n`, `multi_probe`.
    pub fn field(self) -> String {
        self.id().replace('-', "_")
    }

    /// The name for people.
    pub fn name(self) -> &'static str {
        match self {
            Kind::ModN => "hash mod N",
            Kind::Ring => "Ring",
            Kind::Ketama => "Ketama",
            Kind::Rendezvous => "Rendezvous",
            Kind::Jump => "Jump hash",
            Kind::Maglev => "Maglev",
            Kind::Table => "Partition table",
            Kind::Bounded => "Bounded loads",
            Kind::MultiProbe => "Multi-probe",
            Kind::RedisCluster => "Redis Cluster",
            Kind::Cassandra => "Cassandra",
            Kind::EnvoyRingHash => "Envoy ring_hash",
            Kind::EnvoyMaglev => "Envoy maglev",
            Kind::Nginx => "nginx hash consistent",
            Kind::Kafka => "Kafka (Java client)",
            Kind::KafkaLibrdkafka => "Kafka (librdkafka)",
            Kind::Elasticsearch => "Elasticsearch",
            Kind::Groupcache => "groupcache",
        }
    }

    /// What it does, in one sentence.
    pub fn summary(self) -> &'static str {
        match self {
            Kind::ModN => "A key goes to servers[hash mod N]: perfectly even, but changing N moves almost every key.",
            Kind::Ring => "A key goes to the first server point clockwise from it; virtual nodes even out the shares.",
            Kind::Ketama => "The ring as memcached clients build it: 160 MD5 points per server on the 2^32 ring.",
            Kind::Rendezvous => "Every server scores the key; the highest score wins. Even and minimal, but every lookup scores every server.",
            Kind::Jump => "A few lines of arithmetic jump the key to a bucket. No state, but only the last server can leave cheaply.",
            Kind::Maglev => "A prime-sized table, filled by the servers in turns; a key reads one entry.",
            Kind::Table => "The ring is cut into fixed partitions and a table says who holds each; moves are whole partitions.",
            Kind::Bounded => "The ring, but no server takes more than c times its fair share; overflow walks on clockwise.",
            Kind::MultiProbe => "One point per server; the key looks k times and takes the nearest point it finds.",
            Kind::RedisCluster => "CRC16 of the key (or of its {hash tag}) picks one of 16,384 slots; a table says which master holds each, and only an operator moves them.",
            Kind::Cassandra => "MurmurHash3 of the key gives a 64-bit token; each node holds num_tokens tokens and owns the stretch up to each.",
            Kind::EnvoyRingHash => "XXH64 of the request key on a ring of about 1,024 entries per cluster, each host's share set by its weight.",
            Kind::EnvoyMaglev => "XXH64 of the request key reads one entry of a 65,537-entry table the hosts fill in turns.",
            Kind::Nginx => "CRC32 of the key on a 32-bit ring where each server has 160 points per unit of weight, as ketama clients do.",
            Kind::Kafka => "murmur2 of the key, mod the topic's partitions: adding a partition sends most keys elsewhere.",
            Kind::KafkaLibrdkafka => "The C client hashes keys with CRC32, not murmur2: the same key goes to another partition than from Java.",
            Kind::Elasticsearch => "MurmurHash3 of the routing value picks a routing shard; runs of routing shards make a shard, so an index splits by factors.",
            Kind::Groupcache => "CRC32 of the key on a ring of 50 points per node, each the CRC32 of a number followed by the node's name.",
        }
    }

    /// The system's own verbs for a server joining and leaving: `add-node` and `del-node` for
    /// Redis Cluster, bootstrap and decommission for Cassandra; "Add server" and "Remove"
    /// elsewhere.
    pub fn verbs(self) -> (&'static str, &'static str) {
        match self {
            Kind::RedisCluster => ("add-node", "del-node"),
            Kind::Cassandra => ("Bootstrap", "Decommission"),
            Kind::Kafka | Kind::KafkaLibrdkafka => ("Add broker", "Remove broker"),
            Kind::Elasticsearch => ("Add node", "Remove node"),
            Kind::EnvoyRingHash | Kind::EnvoyMaglev => ("Add host", "Remove host"),
            Kind::Groupcache => ("Add peer", "Remove peer"),
            _ => ("Add server", "Remove"),
        }
    }

    /// What the system's structure is made of, for its own words: "slots", "tokens", ...
    pub fn units(self) -> Option<&'static str> {
        match self {
            Kind::RedisCluster => Some("slots"),
            Kind::Cassandra => Some("tokens"),
            Kind::EnvoyRingHash => Some("ring entries"),
            Kind::EnvoyMaglev => Some("table entries"),
            Kind::Nginx | Kind::Groupcache => Some("points"),
            Kind::Kafka | Kind::KafkaLibrdkafka => Some("partitions"),
            Kind::Elasticsearch => Some("shards"),
            _ => None,
        }
    }

    /// Whether the placement owns arcs of a ring (so the canvas draws arcs).
    pub fn has_arcs(self) -> bool {
        matches!(
            self,
            Kind::Ring
                | Kind::Ketama
                | Kind::Table
                | Kind::Bounded
                | Kind::RedisCluster
                | Kind::Cassandra
                | Kind::EnvoyRingHash
                | Kind::Nginx
                | Kind::Groupcache
        )
    }

    /// Whether weights change what a server gets.
    pub fn uses_weights(self) -> bool {
        matches!(
            self,
            Kind::Ring
                | Kind::Ketama
                | Kind::Rendezvous
                | Kind::Table
                | Kind::Bounded
                | Kind::Cassandra
                | Kind::EnvoyRingHash
                | Kind::EnvoyMaglev
                | Kind::Nginx
        )
    }
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

impl FromStr for Kind {
    type Err = Error;
    fn from_str(s: &str) -> Result<Kind, Error> {
        Kind::every()
            .find(|k| k.id() == s.trim())
            .ok_or_else(|| Error::UnknownPlacement(s.trim().to_string()))
    }
}
