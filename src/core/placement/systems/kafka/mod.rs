//! Kafka's keyed partitioners: a key's partition is its hash mod the topic's partition count,
//! and each partition is led by one broker.
//!
//! - The Java client (`kafka`): `(murmur2(key) & 0x7fffffff) % P`, murmur2 with seed
//!   0x9747b28c as in `Utils.murmur2`; `& 0x7fffffff`, not `abs()`.
//! - librdkafka, the C client (`kafka-librdkafka`): its default `consistent_random` is
//!   `crc32(key) % P` for a non-empty key. The same key lands on different partitions from a
//!   Java and a C producer.
//!
//! Because it is mod P, adding partitions (P → P+1) sends most keys to another partition, and a
//! key's records are only in order within one partition. The brokers are a separate matter: a
//! topic is created with its partitions led round-robin (partition p by broker p mod N, as
//! Kafka's rack-unaware assignment does from start index 0), a new broker leads nothing until
//! partitions are reassigned, and a broker that leaves hands its partitions' leadership to
//! another broker (a follower of each; here, the broker leading the fewest).

pub mod link;
pub mod murmur2;
mod topic;
#[cfg(not(target_arch = "wasm32"))]
pub mod topic_flags;
mod verbs;

use std::sync::Arc;

use super::hashes::crc32;
use super::strip::{Band, Strip};
use super::structure::evaluated;
use super::system::{Coordinate, Located, Shape, System};
use super::units::Units;
use crate::core::numbers_and_lists::plural;
use crate::core::placement::layout::Layout;
use crate::core::placement::measure::{Cost, Space};
use crate::core::placement::spec::{
    any_may_leave, drawn_on_circle, no_caveat, nothing_ignored, Circle, Copies, Lookup, Panel,
    ServersBy, Spec, Verbs, Weights,
};
use crate::core::placement::structure::{Earlier, Evaluated};
use murmur2::murmur2;

pub use topic::{TopicLeaders, MAX_PARTITIONS, PARTITIONS};
pub use verbs::{check_partitions, Verb};

/// The Java client's partition for `key`.
///
/// ```
/// use ringlab::core::placement::systems::kafka::java_partition;
/// assert_eq!(java_partition(b"foobar", 12), 6);
/// ```
pub fn java_partition(key: &[u8], partitions: u32) -> u32 {
    to_positive(murmur2(key)) % partitions
}

/// `Utils.toPositive`: the sign bit cleared.
pub fn to_positive(n: i32) -> u32 {
    (n & 0x7fff_ffff) as u32
}

/// librdkafka's `consistent` partition for `key`.
pub fn librdkafka_partition(key: &[u8], partitions: u32) -> u32 {
    crc32(key) % partitions
}

/// Kafka's Java producer.
pub static JAVA_SPEC: Spec = Spec {
    id: "kafka",
    name: "Kafka (Java client)",
    phrase: "Kafka's Java client",
    called: "Kafka (Java client)",
    under: "under Kafka (Java client)",
    summary: "murmur2 of the key, mod the topic's partitions: adding a partition sends most keys elsewhere.",
    picture: |_, places| drawn_on_circle(JAVA_SPEC.name, places),
    ..TOPIC_SPEC
};

/// librdkafka, the C client.
pub static LIBRDKAFKA_SPEC: Spec = Spec {
    id: "kafka-librdkafka",
    name: "Kafka (librdkafka)",
    phrase: "librdkafka",
    called: "Kafka (librdkafka)",
    under: "under Kafka (librdkafka)",
    summary: "The C client hashes keys with CRC32, not murmur2: the same key goes to another partition than from Java.",
    picture: |_, places| drawn_on_circle(LIBRDKAFKA_SPEC.name, places),
    ..TOPIC_SPEC
};

/// What both clients share: a topic's partitions, led by brokers.
const TOPIC_SPEC: Spec = Spec {
    id: "",
    name: "",
    phrase: "",
    called: "",
    under: "",
    summary: "",
    system: true,
    verbs: Verbs {
        add: "Add broker",
        remove: "Remove broker",
    },
    units: Some("partitions"),
    weights: Weights::Equal,
    circle: Circle::Own,
    fixed_ring: false,
    arcs: false,
    lookup: Lookup::Remainder,
    servers_by: ServersBy::Operator,
    settings: &[],
    note: None,
    hover: |spot, owner| format!("Partition {spot} is led by {owner}"),
    picture: |_, places| drawn_on_circle("Kafka", places),
    listing: "Each partition's leader",
    panel: Panel::Topic,
    practice: None,
    copies: Copies::Unsaid,
    caveat: no_caveat,
    refuse_leaving: any_may_leave,
    ignored: nothing_ignored,
};

pub(in crate::core::placement) fn evaluate_java(
    layout: &Layout<'_>,
    _: Option<Earlier<'_>>,
) -> Evaluated {
    topic(layout, true)
}

pub(in crate::core::placement) fn evaluate_librdkafka(
    layout: &Layout<'_>,
    _: Option<Earlier<'_>>,
) -> Evaluated {
    topic(layout, false)
}

fn topic(layout: &Layout<'_>, java: bool) -> Evaluated {
    let leaders = layout.systems.leaders_for(layout.servers.len());
    evaluated(layout, "partitions", Topic { java, leaders })
}

/// A topic: each partition's leader, and which client hashes the keys.
#[derive(Debug)]
struct Topic {
    /// The Java client's murmur2, or librdkafka's CRC32.
    java: bool,
    leaders: Arc<Units>,
}

impl System for Topic {
    fn locate(&self, key: &str) -> Located {
        let bytes = key.as_bytes();
        let p = if self.java {
            java_partition(bytes, self.leaders.len())
        } else {
            librdkafka_partition(bytes, self.leaders.len())
        };
        Located {
            owner: self.leaders.owner(p),
            spot: p,
            coordinate: Coordinate::Partition(p),
        }
    }

    fn shape(&self) -> Shape<'_> {
        Shape::Units(&self.leaders)
    }

    fn cost(&self) -> Cost {
        Cost {
            per_key: 1.0,
            unit: "remainder",
        }
    }

    fn steps(&self, key: &str, names: &[Arc<str>]) -> (Vec<String>, usize) {
        let bytes = key.as_bytes();
        let located = self.locate(key);
        let owner = names.get(located.owner).map_or("?", |n| n);
        let p = self.leaders.len();
        let partition = located.spot;
        let mut steps = Vec::new();
        if self.java {
            let m = murmur2(bytes);
            let positive = to_positive(m);
            steps.push(format!(
                "murmur2({key:?}) = {m}; with the sign bit cleared (& 0x7fffffff, not abs) {positive}."
            ));
            steps.push(format!("{positive} mod {p} = partition {partition}."));
        } else {
            let c = crc32(bytes);
            steps.push(format!(
                "librdkafka's consistent_random hashes with CRC32: CRC32({key:?}) = {c}."
            ));
            steps.push(format!("{c} mod {p} = partition {partition}."));
        }
        steps.push(format!("Partition {partition} is led by broker {owner}."));
        (steps, 1)
    }

    fn listing(&self, names: &[Arc<str>]) -> Vec<String> {
        let name = |i: usize| names.get(i).map_or("?", |n| n);
        (0..self.leaders.len())
            .map(|p| format!("partition {p}: leader {}", name(self.leaders.owner(p))))
            .collect()
    }

    fn headline(&self, servers: usize) -> String {
        let p = self.leaders.len();
        format!(
            "A topic of {p} {} led by {servers} {}",
            plural(p as usize, "partition", "partitions"),
            plural(servers, "broker", "brokers")
        )
    }

    fn strip(&self) -> Option<Strip> {
        Some(Strip {
            total: self.leaders.len(),
            unit: "partitions",
            bands: (0..self.leaders.len())
                .map(|p| Band {
                    first: p,
                    last: p,
                    owner: self.leaders.owner(p),
                    group: Some(p),
                })
                .collect(),
        })
    }

    fn regroups(&self) -> bool {
        true
    }

    fn space(&self, servers: usize) -> Space {
        Space {
            amounts: self.leaders.counts(servers),
            total: u64::from(self.leaders.len()),
            unit: "partitions",
            exact: true,
        }
    }
}
