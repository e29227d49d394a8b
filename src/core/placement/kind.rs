//! The one list of placements: [`Kind`] names each, and [`Kind::spec`] finds what it is in its
//! own file. Every other room asks the list; adding a placement is its file, a variant in its
//! group here (which makes it part of [`Kind::ALL`] or [`Kind::SYSTEMS`]), its line in
//! [`Kind::spec`] and in [`code`](super::code) (where its evaluation is found), and its tests.

use std::fmt;
use std::str::FromStr;
use std::sync::LazyLock;

use serde::{Deserialize, Serialize};

use super::spec::{Spec, Verbs};
use super::systems::{
    cassandra, elasticsearch, envoy, groupcache, haproxy, kafka, nginx, redis, twemproxy,
};
use super::{bounded, jump, ketama, maglev, mod_n, multi_probe, rendezvous, ring, table};
use crate::core::error::Error;

listed! {
    /// A way of placing keys on servers.
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
    #[serde(rename_all = "kebab-case")]
    pub enum Kind {
        /// Every textbook placement, in the order they are offered.
        ALL: [
            /// The consistent-hashing ring with virtual nodes.
            #[default]
            Ring,
            /// `servers[hash mod N]`.
            ModN,
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
        ],
        /// The real systems, placed byte for byte as each one places keys.
        SYSTEMS: [
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
            /// HAProxy's `hash-type consistent`.
            Haproxy,
            /// twemproxy's `distribution: ketama`.
            Twemproxy,
        ],
    }
}

impl Kind {
    /// What the placement is, from its own file.
    pub fn spec(self) -> &'static Spec {
        match self {
            Kind::ModN => &mod_n::SPEC,
            Kind::Ring => &ring::SPEC,
            Kind::Ketama => &ketama::SPEC,
            Kind::Rendezvous => &rendezvous::SPEC,
            Kind::Jump => &jump::SPEC,
            Kind::Maglev => &maglev::SPEC,
            Kind::Table => &table::SPEC,
            Kind::Bounded => &bounded::SPEC,
            Kind::MultiProbe => &multi_probe::SPEC,
            Kind::RedisCluster => &redis::SPEC,
            Kind::Cassandra => &cassandra::SPEC,
            Kind::EnvoyRingHash => &envoy::RING_SPEC,
            Kind::EnvoyMaglev => &envoy::MAGLEV_SPEC,
            Kind::Nginx => &nginx::SPEC,
            Kind::Kafka => &kafka::JAVA_SPEC,
            Kind::KafkaLibrdkafka => &kafka::LIBRDKAFKA_SPEC,
            Kind::Elasticsearch => &elasticsearch::SPEC,
            Kind::Groupcache => &groupcache::SPEC,
            Kind::Haproxy => &haproxy::SPEC,
            Kind::Twemproxy => &twemproxy::SPEC,
        }
    }

    /// Every placement: the textbook ones ([`Kind::ALL`]), then the real systems.
    pub fn every() -> impl Iterator<Item = Kind> {
        Kind::ALL.into_iter().chain(Kind::SYSTEMS)
    }

    /// The textbook placements practice questions bring in by level `rank`: those whose place
    /// in the order practice brings them in is `rank` or earlier, in that order.
    pub fn practiced(rank: u8) -> &'static [Kind] {
        static IN_ORDER: LazyLock<Vec<Kind>> = LazyLock::new(|| {
            let mut kinds: Vec<Kind> = Kind::every()
                .filter(|k| k.spec().practice.is_some())
                .collect();
            kinds.sort_unstable_by_key(|k| k.spec().practice);
            kinds
        });
        let n = IN_ORDER
            .iter()
            .take_while(|k| k.spec().practice.is_some_and(|p| p <= rank))
            .count();
        &IN_ORDER[..n]
    }

    /// Whether this is a real system rather than a textbook placement.
    pub fn is_system(self) -> bool {
        self.spec().system
    }

    /// The name used in links and on the command line.
    pub fn id(self) -> &'static str {
        self.spec().id
    }

    /// The name as a column or field of machine-read output (CSV headers, JSON keys):
    /// `mod_n`, `multi_probe`.
    pub fn field(self) -> String {
        self.id().replace('-', "_")
    }

    /// The name for people.
    pub fn name(self) -> &'static str {
        self.spec().name
    }

    /// What it does, in one sentence.
    pub fn summary(self) -> &'static str {
        self.spec().summary
    }

    /// The system's own verbs for a server joining and leaving: `add-node` and `del-node` for
    /// Redis Cluster, bootstrap and decommission for Cassandra; "Add server" and "Remove"
    /// elsewhere.
    pub fn verbs(self) -> (&'static str, &'static str) {
        let Verbs { add, remove } = self.spec().verbs;
        (add, remove)
    }

    /// What the system's structure is made of, for its own words: "slots", "tokens", ...
    pub fn units(self) -> Option<&'static str> {
        self.spec().units
    }

    /// Whether the placement owns arcs of a ring (so the canvas draws arcs).
    pub fn has_arcs(self) -> bool {
        self.spec().arcs
    }

    /// Whether weights change what a server gets.
    pub fn uses_weights(self) -> bool {
        self.spec().uses_weights()
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
        Kind::every().find(|k| k.id() == s.trim()).ok_or_else(|| {
            let ids = |kinds: &[Kind]| -> Vec<&str> { kinds.iter().map(|k| k.id()).collect() };
            let (placements, systems) = (ids(&Kind::ALL), ids(&Kind::SYSTEMS));
            let (last, rest) = placements.split_last().expect("there are placements");
            let (last_system, other_systems) =
                systems.split_last().expect("there are real systems");
            Error::UnknownPlacement {
                text: s.trim().to_string(),
                choices: format!(
                    "{} or {last}, or a real system: {} or {last_system}",
                    rest.join(", "),
                    other_systems.join(", ")
                ),
            }
        })
    }
}
